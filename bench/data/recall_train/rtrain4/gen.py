#!/usr/bin/env python3
"""Build rtrain4.json: a hand-written Slack memory corpus (climbing-gym operations team).

All session text, facts and questions below were written by hand. This script only numbers
turns/facts, resolves `supersedes` labels, runs checks and writes the JSON (deterministic,
standard library only). Run: python3 gen.py
"""
import datetime as dt
import json
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "rtrain4.json")

USERS = [
    ("U01", "Maren Okafor"),       # operations manager
    ("U02", "Tobias Lindqvist"),   # head route setter ("Toby")
    ("U03", "Priya Raman"),        # staffing and rotas
    ("U04", "Declan Hughes"),      # facilities and equipment
    ("U05", "Sofia Ortega"),       # member experience and events
    ("U06", "Jun Watanabe"),       # finance, Foundry project lead
]
CHANNELS = [
    ("C01", "ops-general", False),
    ("C02", "setting-and-kit", False),
    ("C03", "foundry-launch", False),
]
DM_OWNER = {"D01": "U01", "D02": "U02", "D03": "U03", "D04": "U04", "D05": "U05", "D06": "U06"}

# Periods when a person cannot be the asker of a question.
AWAY = {
    "U02": [("2026-05-11", "2026-06-07")],   # Tobias, paternity leave
    "U03": [("2026-07-27", "2026-08-07")],   # Priya, Lisbon
    "U04": [("2026-04-14", "2026-04-15")],   # Declan, first aid instructor course
}

SESSIONS = []


def S(sid, date, user, channel, turns, facts):
    SESSIONS.append(dict(id=sid, date=date, user=user, channel=channel, turns=turns, facts=facts))


def F(text, turns, lab=None, sup=None):
    return dict(text=text, turns=turns, lab=lab, sup=sup or [])


# ---------------------------------------------------------------------------------------------
S("s01", "2026-01-06", "U01", "C01", [
    (1, "U01", "Morning all, happy new year. @seshat please keep track of ops stuff for us this year. First big one: we're going ahead with the third gym, in the old foundry building on Tanner Lane in Larkhill. Target opening is Friday 1 May."),
    (2, "bot", "Noted: third gym at the former foundry on Tanner Lane, Larkhill, target opening Friday 1 May 2026."),
    (3, "U06", "I'm leading the project on the finance side and doing the contractor liaison. The board signed off the fit-out budget at £410k."),
    (4, "U05", "Can we please call it something better than 'the old foundry'?"),
    (5, "U01", "Working name is Crux Foundry. Marketing can fight about it later."),
    (6, "U03", "I'll need to hire for it. Rough guess 10 front-desk staff plus 2 setters?"),
    (7, "U01", "Plan for 10 desk and 2 setters, yes. Priya owns hiring, Tobias interviews the setters."),
    (8, "U02", "Happy to. I'd rather the new setters start at Quayside first so they learn our grading before Foundry opens."),
    (9, "U04", "Reminder that the Millbrook auto-belays are due their annual inspection in February. Vertex Safety Services did it last year."),
    (10, "U01", "Book them again please, Declan."),
    (11, "bot", "Got it: Declan to book Vertex Safety Services for the Millbrook auto-belay annual inspection in February."),
], [
    F("Crux Collective is opening a third climbing gym, Crux Foundry, in the former foundry building on Tanner Lane in Larkhill.", [1, 5]),
    F("The target opening date for Crux Foundry was set as Friday 1 May 2026.", [1, 2], lab="open1"),
    F("Jun Watanabe leads the Crux Foundry project on finance and contractor liaison; the board approved a £410k fit-out budget.", [3], lab="fitout0"),
    F("Priya Raman owns hiring for Crux Foundry, planned at 10 front-desk staff and 2 route setters.", [6, 7]),
    F("Tobias Lindqvist will interview Foundry's new setters and wants them to start at Quayside first to learn Crux's grading.", [7, 8]),
    F("Sofia Ortega wanted a better name than 'the old foundry'; Maren set Crux Foundry as the working name until marketing decides.", [4, 5]),
    F("The Millbrook auto-belays are due their annual safety inspection in February 2026.", [9]),
    F("Maren Okafor asked Declan Hughes to book Vertex Safety Services, who did last year's Millbrook auto-belay inspection, again.", [9, 10, 11]),
])

S("s02", "2026-01-08", "U01", "D01", [
    (1, "U01", "Some personal stuff so you can remind me. I've signed up for the Larkhill Half Marathon on 19 April."),
    (2, "bot", "Noted: you're running the Larkhill Half Marathon on Sunday 19 April."),
    (3, "U01", "Which means long runs on Saturday mornings, so please don't let me agree to weekend meetings before noon."),
    (4, "bot", "Understood: no weekend meetings before noon for you."),
    (5, "U01", "Also I prefer written updates to calls. If anyone needs a decision from me, a short Slack post with the options beats a meeting."),
    (6, "bot", "Got it: short written posts with options rather than calls."),
    (7, "U01", "And my partner Ade and I are moving house in March, to Fernhill. My commute to Millbrook gets longer but Foundry will be ten minutes away."),
    (8, "bot", "Noted the March move to Fernhill with Ade."),
    (9, "U01", "Last thing: I'm coeliac, so any team lunch needs a gluten-free option. People always forget."),
    (10, "bot", "Noted: team lunches need a gluten-free option for you."),
], [
    F("Maren Okafor is running the Larkhill Half Marathon on Sunday 19 April 2026.", [1, 2]),
    F("Maren Okafor does long training runs on Saturday mornings and wants no weekend meetings before noon.", [3, 4]),
    F("Maren Okafor prefers short written Slack posts laying out options over calls or meetings when a decision is needed.", [5, 6]),
    F("Maren Okafor and her partner Ade are moving house to Fernhill in March 2026.", [7, 8]),
    F("After moving to Fernhill, Maren Okafor will live about ten minutes from Crux Foundry but further from Millbrook.", [7]),
    F("Maren Okafor is coeliac, so any team lunch needs a gluten-free option.", [9, 10]),
])

S("s03", "2026-01-13", "U02", "C02", [
    (1, "U02", "Setting plan for Q1: Millbrook boulders reset every 5 weeks, Quayside every 4 weeks since it's busier. Ropes at both every 8 weeks."),
    (2, "U04", "Quayside's lead wall has the new 15 m section, so ropes there need more time."),
    (3, "U02", "True, I'll block two days for the Quayside lead reset."),
    (4, "U02", "@seshat note that our main hold supplier is still Basalt Grips, our contact is Lena Marsh, and we've got £6,000 for holds in Q1."),
    (5, "bot", "Noted: main hold supplier Basalt Grips (contact Lena Marsh), Q1 hold budget £6,000."),
    (6, "U06", "£6k is for both gyms combined, not each. Just to be clear."),
    (7, "U02", "Yes yes. I also want to trial Orbit Volumes for the big dual-tex volumes, their samples look good."),
    (8, "U02", "Reminder that I set on Tuesdays and Wednesdays when the gyms are quietest, so please don't book me into meetings those mornings."),
    (9, "U05", "Members keep asking for more slab at Quayside btw, lots of comments in the feedback box."),
    (10, "U02", "Next Quayside reset will have at least two slab problems."),
    (11, "bot", "Noted: Tobias sets on Tuesdays and Wednesdays with no meetings those mornings; the next Quayside reset includes at least two slab problems."),
], [
    F("For Q1 2026, Millbrook boulders are reset every five weeks and Quayside boulders every four; ropes at both gyms every eight weeks.", [1], lab="reset0"),
    F("Tobias Lindqvist blocks two days for each Quayside lead wall reset because of the wall's new 15 m section.", [2, 3]),
    F("Crux Collective's main hold supplier is Basalt Grips, and the contact there is Lena Marsh.", [4, 5]),
    F("The Q1 2026 hold budget is £6,000 for Millbrook and Quayside combined, not per gym.", [4, 5, 6]),
    F("Tobias Lindqvist wants to trial Orbit Volumes for large dual-texture volumes after liking their samples.", [7]),
    F("Tobias Lindqvist sets routes on Tuesdays and Wednesdays and does not want meetings on those mornings.", [8, 11], lab="setdays"),
    F("Quayside members have been asking for more slab climbing through the feedback box.", [9]),
    F("Tobias Lindqvist promised at least two slab problems in the next Quayside boulder reset.", [10, 11]),
])

S("s04", "2026-01-15", "U05", "C01", [
    (1, "U05", "Complaints roundup for the first two weeks of January, here we go."),
    (2, "U05", "Biggest one: showers at Millbrook running cold after 7pm. Eleven complaints."),
    (3, "U04", "That's the boiler, it's undersized for the evening peak. I'll get a quote from Hearthline Heating."),
    (4, "U05", "Second: people say Quayside is rammed on Tuesday and Thursday evenings, especially 6 to 8."),
    (5, "U01", "New year rush. Let's watch it until February before we do anything drastic."),
    (6, "U05", "Third, a parent complained that the kids' birthday parties at Millbrook take over the auto-belay area on Saturdays."),
    (7, "U03", "I can move parties to the Sunday morning slot, the desk team is bigger then anyway."),
    (8, "U05", "@seshat please log: Millbrook parties move to Sunday mornings from February."),
    (9, "bot", "Logged: Millbrook kids' birthday parties move to Sunday mornings from February."),
    (10, "U05", "And one nice one: a member called Graham wrote in to say the new Millbrook warm-up area is the best he's ever used."),
], [
    F("In early January 2026 Millbrook had eleven member complaints about the showers running cold after 7pm.", [2]),
    F("Declan Hughes blamed Millbrook's undersized boiler for the cold showers and is getting a quote from Hearthline Heating.", [3]),
    F("Members complained that Quayside is overcrowded on Tuesday and Thursday evenings, especially between 6 and 8pm.", [4]),
    F("Maren Okafor decided to monitor Quayside's evening crowding until February before taking any drastic action.", [5]),
    F("A parent complained that Saturday kids' birthday parties at Millbrook take over the auto-belay area.", [6]),
    F("Millbrook kids' birthday parties move from Saturdays to Sunday mornings from February 2026, as Priya Raman suggested.", [7, 8, 9], lab="parties0"),
    F("Priya Raman said the Millbrook desk team is bigger on Sunday mornings, making that slot better for kids' parties.", [7]),
    F("A Millbrook member named Graham praised the new Millbrook warm-up area as the best he has ever used.", [10]),
])

S("s05", "2026-01-20", "U03", "D03", [
    (1, "U03", "Hey, can you help me keep track of rota stuff?"),
    (2, "bot", "Of course, what should I note?"),
    (3, "U03", "Callum Reyes from the Millbrook desk is having knee surgery on 9 February and will be off for six weeks."),
    (4, "bot", "Noted: Callum Reyes off for six weeks from 9 February for knee surgery."),
    (5, "U03", "I'm covering his shifts with Amara Boateng and Felix Grant."),
    (6, "U03", "Also personal: I don't do meetings before 10am, I drop my son Arjun at school."),
    (7, "bot", "Noted: no meetings before 10am for you because of the school run with Arjun."),
    (8, "U03", "And I've started an evening Portuguese class on Mondays. We're going to Lisbon in the summer to see my sister-in-law."),
    (9, "bot", "Got it: Monday evening Portuguese class, and a summer trip to Lisbon."),
    (10, "U03", "The weekend rota at Quayside is a mess. I want everyone on a fixed pattern, two weekends on and one off."),
    (11, "bot", "Noted: Quayside weekend rota moving to a fixed two-on, one-off pattern."),
], [
    F("Callum Reyes from the Millbrook front desk has knee surgery on 9 February 2026 and will be off for six weeks.", [3, 4]),
    F("Priya Raman is covering Callum Reyes's Millbrook desk shifts with Amara Boateng and Felix Grant.", [5]),
    F("Priya Raman takes no meetings before 10am because she drops her son Arjun at school.", [6, 7]),
    F("Priya Raman has started an evening Portuguese class on Mondays.", [8, 9], lab="portuguese"),
    F("Priya Raman is travelling to Lisbon in summer 2026 to visit her sister-in-law.", [8, 9]),
    F("Priya Raman wants all Quayside weekend staff on a fixed pattern of two weekends on and one off.", [10, 11]),
])

S("s06", "2026-01-22", "U06", "C01", [
    (1, "U06", "The 2026 ops budget is in the sheet. Headlines: equipment £24k for the year, events £8k, staff training £5k."),
    (2, "U01", "Does the £5k training include first aid?"),
    (3, "U06", "Yes, first aid recert for the desk staff is about £1,800 of it."),
    (4, "U03", "Recerts are due in March for 14 people. I'll book St Aidan Training again."),
    (5, "bot", "Noted: 2026 ops budget of £24k equipment, £8k events and £5k training (about £1,800 for first aid recerts); 14 recerts in March with St Aidan Training."),
    (6, "U05", "Does the £8k events money have to cover Spring Send, the women's nights AND the Foundry launch?"),
    (7, "U06", "No, the Foundry launch comes out of the Foundry budget, not events."),
    (8, "U02", "I want to do the Level 3 setter assessment in September, it's £450."),
    (9, "U06", "That fits in training, go for it."),
    (10, "U01", "Also energy: we're on a fixed tariff with Brightwell Energy until 30 April, then it goes variable. Jun, can you shop around?"),
    (11, "U06", "On it."),
], [
    F("Crux Collective's 2026 operations budget allows £24k for equipment, £8k for events and £5k for staff training.", [1, 5]),
    F("About £1,800 of Crux's 2026 training budget goes on first aid recertification for front-desk staff.", [2, 3, 5]),
    F("Fourteen Crux staff need first aid recertification in March 2026, which Priya Raman will book with St Aidan Training.", [4, 5]),
    F("The Crux Foundry launch party is paid from the Foundry project budget, not the £8k events budget.", [6, 7]),
    F("Tobias Lindqvist will take the £450 Level 3 setter assessment in September 2026, paid from the training budget.", [8, 9], lab="level3"),
    F("Crux's fixed energy tariff with Brightwell Energy ends on 30 April 2026, and Jun Watanabe is shopping for a replacement.", [10, 11]),
])

S("s07", "2026-01-27", "U04", "C02", [
    (1, "U04", "Vertex Safety are booked for the Millbrook auto-belay inspection on 17 February. Technician is Hannah Brill again."),
    (2, "bot", "Noted: Vertex Safety Services inspecting the Millbrook auto-belays on 17 February, technician Hannah Brill."),
    (3, "U04", "Separate thing: the crash mats at Quayside are splitting at the seams by the cave. PadWorks quoted £3,800 to replace the two main sections."),
    (4, "U06", "That's not in this quarter's numbers. Can it wait?"),
    (5, "U04", "The seam is taped. I'd say it can wait till April at the latest."),
    (6, "U02", "While we're on kit, the rental shoes are shot. We should resole rather than buy new."),
    (7, "U04", "Sole Revival in Harlow resoles at £28 a pair. We've got 60 pairs in rotation."),
    (8, "U05", "Members moan about the smell of them too. Just saying."),
    (9, "U04", "I'll send 20 pairs a month so we're never short. First batch goes next week."),
    (10, "bot", "Noted: rental shoes to be resoled by Sole Revival at £28 a pair, 20 pairs a month, first batch next week."),
], [
    F("Vertex Safety Services will inspect the Millbrook auto-belays on 17 February 2026, with technician Hannah Brill.", [1, 2]),
    F("The Quayside crash mats by the cave are splitting at the seams and have been taped as a stopgap.", [3, 5]),
    F("PadWorks quoted £3,800 to replace the two main crash mat sections at Quayside.", [3], lab="mats0"),
    F("Jun Watanabe said the Quayside crash mats were not in Q1's budget, and Declan Hughes thinks they can wait until April.", [4, 5]),
    F("Crux's 60 pairs of rental climbing shoes will be resoled by Sole Revival in Harlow at £28 a pair.", [6, 7, 10]),
    F("Declan Hughes will send 20 pairs of rental shoes a month to Sole Revival, starting with a first batch next week.", [9, 10]),
    F("Members have complained about the smell of Crux's rental shoes.", [8]),
])

S("s08", "2026-02-03", "U06", "C03", [
    (1, "U06", "Foundry update. Halvorsen Build has the main contract. The walls are Apex Wallworks: 42 rope lines plus a 180 m² boulder area."),
    (2, "bot", "Noted: Halvorsen Build is main contractor; Apex Wallworks is building 42 rope lines and a 180 m² boulder area at Foundry."),
    (3, "U01", "Any risk to 1 May?"),
    (4, "U06", "Building control sign-off for the mezzanine is the risk. The council said six to eight weeks."),
    (5, "U02", "Apex want our hold layout by mid-March so they can pre-drill the T-nut pattern."),
    (6, "U06", "Fine. Tobias, can you own that?"),
    (7, "U02", "Yes. I'll do the T-nut grid with Apex's designer, Rui Fonseca."),
    (8, "U05", "For the opening I'd love a launch party with a bouldering jam. Tidemark, the brewery down the road, already offered to sponsor drinks."),
    (9, "U01", "Love it. Keep it under £2,500."),
    (10, "bot", "Noted: Foundry launch party with a bouldering jam, Tidemark brewery sponsoring drinks, budget cap £2,500."),
], [
    F("Halvorsen Build holds the main building contract for Crux Foundry.", [1, 2]),
    F("Apex Wallworks is building Crux Foundry's climbing walls: 42 rope lines and a 180 m² bouldering area.", [1, 2]),
    F("The main risk to Foundry's opening date is building control sign-off for the mezzanine, which the council said takes six to eight weeks.", [3, 4]),
    F("Apex Wallworks need Crux's hold layout by mid-March 2026 to pre-drill the T-nut pattern at Foundry.", [5]),
    F("Tobias Lindqvist owns the Foundry T-nut grid and is working on it with Apex Wallworks designer Rui Fonseca.", [6, 7]),
    F("Sofia Ortega is planning a Foundry launch party with a bouldering jam; local brewery Tidemark offered to sponsor the drinks.", [8, 10]),
    F("Maren Okafor capped the Crux Foundry launch party budget at £2,500.", [9, 10]),
])

S("s09", "2026-02-05", "U05", "D05", [
    (1, "U05", "Can you remember a few things about me, for planning?"),
    (2, "bot", "Sure, go ahead."),
    (3, "U05", "I'm vegan. Team dinners: please somewhere with proper vegan mains, not just chips and a sad salad."),
    (4, "bot", "Noted: you're vegan, and dinners need real vegan main courses."),
    (5, "U05", "I play cello in the Harlow Community Orchestra. Concerts are the last Saturday of every other month, and I'm unavailable those evenings."),
    (6, "bot", "Noted: cello in the Harlow Community Orchestra, concerts on the last Saturday of alternate months."),
    (7, "U05", "I'm thinking about the route setting level 1 course in the autumn. Don't mention it to Tobias yet, I want to ask him myself."),
    (8, "bot", "Understood, I'll keep that between us."),
    (9, "U05", "And the women's climbing night I want to start: first Thursday of the month at Quayside, from March. I'll post it in ops once Maren approves."),
    (10, "bot", "Noted: proposed monthly women's climbing night, first Thursday at Quayside from March, pending Maren's approval."),
    (11, "U05", "Oh and my dog Pico comes to the office on Fridays now, Declan said it's fine at Millbrook."),
    (12, "bot", "Noted: Pico comes to the Millbrook office on Fridays."),
], [
    F("Sofia Ortega is vegan and wants team dinners at places with proper vegan main courses.", [3, 4]),
    F("Sofia Ortega plays cello in the Harlow Community Orchestra.", [5, 6]),
    F("Sofia Ortega is unavailable on Harlow Community Orchestra concert evenings, the last Saturday of every other month.", [5, 6]),
    F("Sofia Ortega is considering a route setting level 1 course in autumn 2026 and wants to raise it with Tobias herself.", [7, 8], lab="course0"),
    F("Sofia Ortega proposed a monthly women's climbing night at Quayside on first Thursdays from March 2026, pending Maren's approval.", [9, 10], lab="wcn0"),
    F("Sofia Ortega brings her dog Pico to the Millbrook office on Fridays, with Declan Hughes's agreement.", [11, 12]),
])

S("s10", "2026-02-10", "U03", "C01", [
    (1, "U03", "Callum's surgery went fine yesterday, he says thanks for the card. Amara and Felix are on his shifts from this week."),
    (2, "U01", "Great news. How are we doing on Foundry hiring?"),
    (3, "U03", "The job ads went live on Monday. 64 applications for desk roles so far, only 5 for setters."),
    (4, "U02", "Five setters is thin. Can we post on the Setters Network board?"),
    (5, "U03", "Yes, I'll post there today."),
    (6, "U03", "Also proposing a pay change: desk staff go from £11.90 to £12.60 an hour from April, to match the new minimum plus a bit."),
    (7, "U06", "Already budgeted, it's fine."),
    (8, "U01", "Approved."),
    (9, "U03", "@seshat note the desk pay rise please."),
    (10, "bot", "Noted: front-desk pay rises from £11.90 to £12.60 an hour from April 2026, approved by Maren."),
    (11, "U05", "Staff will be happy. Felix was asking me about it last week."),
], [
    F("Callum Reyes's knee surgery went fine yesterday, and Amara Boateng and Felix Grant are covering his shifts.", [1]),
    F("The Crux Foundry job ads went live on Monday and drew 64 front-desk and only 5 route setter applications.", [3]),
    F("Priya Raman agreed to post the Foundry setter vacancy on the Setters Network board after Tobias called five applicants thin.", [4, 5]),
    F("Crux front-desk pay rises from £11.90 to £12.60 an hour from April 2026, approved by Maren Okafor.", [6, 8, 10]),
    F("Jun Watanabe confirmed that the front-desk pay rise was already in the budget.", [7]),
    F("Felix Grant had asked Sofia Ortega about front-desk pay the week before the rise was approved.", [11]),
])

S("s11", "2026-02-17", "U04", "C02", [
    (1, "U04", "Inspection done. Hannah from Vertex passed 7 of the 8 Millbrook auto-belays. Unit 6 failed, the webbing is worn. It's tagged out."),
    (2, "bot", "Noted: 7 of 8 Millbrook auto-belays passed; unit 6 failed for worn webbing and is tagged out."),
    (3, "U04", "Replacement webbing is £640 with a three-week lead time from the manufacturer."),
    (4, "U06", "Go ahead, take it from the equipment contingency."),
    (5, "U05", "Incident report from Saturday: a member at Quayside sprained his ankle when a hold spun on the overhang. Green circuit, and the hold was a Basalt Grips pinch."),
    (6, "U02", "That's on us. The bolt was tight but there was no set screw. I've re-checked every hold on that wall."),
    (7, "U01", "Please add set-screw checks to the setting checklist, Tobias."),
    (8, "U02", "Done. The checklist now has a set-screw step for any hold bigger than a fist."),
    (9, "U05", "The member is Kofi Mensah. He's fine, just annoyed. I gave him a free month."),
    (10, "bot", "Noted: Kofi Mensah sprained an ankle at Quayside when a Basalt Grips pinch spun on the overhang; he got a free month; set-screw step added to the checklist."),
], [
    F("Vertex Safety Services passed 7 of the 8 Millbrook auto-belays; unit 6 failed for worn webbing and was tagged out.", [1, 2]),
    F("New webbing for Millbrook auto-belay unit 6 costs £640 with a three-week lead time, paid from the equipment contingency.", [3, 4]),
    F("On Saturday a member sprained an ankle at Quayside when a Basalt Grips pinch spun on the green overhang circuit.", [5]),
    F("The hold that spun at Quayside had been bolted without a set screw, and Tobias Lindqvist re-checked every hold on that wall.", [6]),
    F("Tobias Lindqvist added a set-screw step for any hold bigger than a fist to the setting checklist, at Maren's request.", [7, 8]),
    F("Kofi Mensah, the Quayside member hurt by the spinning hold, was given a free month's membership by Sofia Ortega.", [9, 10]),
])

S("s12", "2026-02-24", "U06", "D06", [
    (1, "U06", "A few things to remember for me."),
    (2, "U06", "The Foundry fit-out is trending about £38k over. The steel for the mezzanine came in much higher. Don't post it in the channel yet, I'm telling Maren on Thursday."),
    (3, "bot", "Noted privately: Foundry fit-out trending about £38k over the £410k budget because of mezzanine steel; you'll tell Maren on Thursday."),
    (4, "U06", "My options are to drop the 8 m training wall, which saves £22k, or delay the café fit-out, which saves £19k."),
    (5, "bot", "Noted: options are dropping the 8 m training wall (£22k) or delaying the café fit-out (£19k)."),
    (6, "U06", "Personal: my greyhound Biscuit has vet visits for his leg on Wednesday afternoons, so I'm out 2 to 4pm on Wednesdays this month."),
    (7, "bot", "Noted: out 2 to 4pm on Wednesdays in February for Biscuit's vet visits."),
    (8, "U06", "I like budget numbers in a spreadsheet, not in a Slack message. If anyone asks me for figures, point them to the Foundry budget sheet."),
    (9, "bot", "Noted: budget figures go via the Foundry budget sheet."),
    (10, "U06", "Oh, and I've started making furniture in the evenings. Built a walnut coffee table last weekend. Might make the Foundry reception desk if Maren lets me, ha."),
    (11, "bot", "Nice, noted the furniture making."),
], [
    F("Jun Watanabe privately reported the Crux Foundry fit-out trending about £38k over budget because of mezzanine steel costs.", [2, 3], lab="overrun0"),
    F("Jun Watanabe planned to tell Maren Okafor about the Foundry overspend on Thursday.", [2, 3]),
    F("Jun's options for the Foundry overspend: drop the 8 m training wall to save £22k, or delay the café fit-out to save £19k.", [4, 5]),
    F("Jun Watanabe's greyhound Biscuit has vet visits for his leg, so Jun is out 2–4pm on Wednesdays in February 2026.", [6, 7]),
    F("Jun Watanabe prefers budget figures to be shared through the Foundry budget sheet rather than in Slack messages.", [8, 9]),
    F("Jun Watanabe has taken up furniture making in the evenings and built a walnut coffee table last weekend.", [10, 11]),
    F("Jun Watanabe joked that he might build the Crux Foundry reception desk himself if Maren agreed.", [10]),
])

S("s13", "2026-03-03", "U01", "C03", [
    (1, "U01", "Decision on the Foundry overspend after talking it through with Jun: we're delaying the café fit-out and keeping the training wall. The café opens later in the summer."),
    (2, "bot", "Noted: café fit-out delayed to later in the summer; the 8 m training wall stays."),
    (3, "U06", "That brings us to about £19k over. The board agreed to raise the fit-out budget to £429k."),
    (4, "U06", "Also bad news: building control says mezzanine sign-off is 12 April at the earliest. Halvorsen can't finish the floor until after that."),
    (5, "U01", "So 1 May is dead?"),
    (6, "U06", "Realistically the opening moves to Friday 22 May."),
    (7, "U01", "OK. @seshat the Foundry opening is now Friday 22 May."),
    (8, "bot", "Updated: Crux Foundry opening moved from 1 May to Friday 22 May 2026, because mezzanine sign-off can't come before 12 April."),
    (9, "U05", "I'll tell Tidemark the launch party moves too."),
    (10, "U03", "That actually helps hiring. Interviews can run through April."),
], [
    F("Maren Okafor decided to delay the Crux Foundry café fit-out until later in the summer and keep the 8 m training wall.", [1, 2]),
    F("Delaying the café cut the Foundry overspend from about £38k to about £19k.", [1, 3], sup=["overrun0"]),
    F("The board raised the Crux Foundry fit-out budget from £410k to £429k.", [3], lab="fitout1", sup=["fitout0"]),
    F("Building control will not sign off the Foundry mezzanine before 12 April 2026, so Halvorsen Build cannot finish the floor until after.", [4]),
    F("The Crux Foundry opening moved from Friday 1 May to Friday 22 May 2026.", [6, 7, 8], lab="open2", sup=["open1"]),
    F("Sofia Ortega will tell Tidemark brewery that the Foundry launch party date is moving.", [9]),
    F("Priya Raman said the later Foundry opening lets hiring interviews run through April.", [10]),
])

S("s14", "2026-03-05", "U05", "C01", [
    (1, "U05", "Maren approved the women's climbing night! The first one is tonight at Quayside, 7 to 9pm."),
    (2, "U05", "@seshat please record: women's climbing night, first Thursday of every month at Quayside, 7–9pm, led by Nadia Price from the coaching team."),
    (3, "bot", "Recorded: women's climbing night on the first Thursday of each month at Quayside, 7–9pm, led by coach Nadia Price."),
    (4, "U05", "Next: the Spring Send bouldering comp. Saturday 18 April at Quayside, £15 entry, 120 places."),
    (5, "U02", "I'll need the days before to set it. Can Quayside close the boulder area on Thursday 16 April?"),
    (6, "U03", "I'll put the closure on the rota and warn members."),
    (7, "U05", "Prizes: Basalt Grips are donating a hold set, and Tidemark are doing drinks again."),
    (8, "U01", "Hang on, 18 April is the day before my half marathon. I'll be there but I'm not judging."),
    (9, "U05", "Fine, Declan and Jun can judge with me."),
    (10, "U04", "Happy to."),
], [
    F("Sofia Ortega's monthly women's climbing night was approved by Maren and started tonight at Quayside.", [1], sup=["wcn0"]),
    F("The women's climbing night runs on the first Thursday of each month at Quayside, 7–9pm, led by coach Nadia Price.", [2, 3]),
    F("The Spring Send bouldering competition is on Saturday 18 April 2026 at Quayside, with £15 entry and 120 places.", [4]),
    F("Quayside's boulder area closes on Thursday 16 April 2026 so Tobias Lindqvist can set the Spring Send problems.", [5, 6]),
    F("For Spring Send prizes, Basalt Grips is donating a hold set and Tidemark brewery is providing drinks.", [7]),
    F("Maren Okafor will attend Spring Send but not judge, because her half marathon is the next day.", [8]),
    F("Sofia Ortega, Declan Hughes and Jun Watanabe will judge the Spring Send competition.", [9, 10]),
])

S("s15", "2026-03-10", "U02", "C02", [
    (1, "U02", "Orbit Volumes trial verdict: love the texture, but two of the six volumes cracked at the bolt hole. Not buying more until they fix that."),
    (2, "U04", "I'll send the cracked ones back, they said they'd refund."),
    (3, "U02", "Q2 hold order goes to Basalt Grips again. Lena gave us 12% off for orders over £5,000."),
    (4, "U06", "Q2 hold budget is £7,500 for the two gyms. Foundry's opening set is a separate £18,000 line."),
    (5, "bot", "Noted: Q2 hold budget £7,500 for Millbrook and Quayside; Foundry opening hold set is a separate £18,000 line; Basalt Grips gives 12% off orders over £5,000."),
    (6, "U02", "Good news on setters: I've hired Ines Carvalho as assistant setter. She found us through the Setters Network board and starts 23 March at Quayside."),
    (7, "U01", "Brilliant. One more to find for Foundry."),
    (8, "U02", "And the T-nut grid went to Rui at Apex on Friday, ahead of their mid-March deadline."),
    (9, "U05", "Members loved the new slab at Quayside, by the way. Loads of ticks on both slab problems."),
    (10, "bot", "Noted: Ines Carvalho starts as assistant setter on 23 March at Quayside; T-nut grid sent to Apex on Friday."),
], [
    F("Tobias Lindqvist's Orbit Volumes trial failed: two of six volumes cracked at the bolt hole, so he won't buy more until it's fixed.", [1]),
    F("Declan Hughes is sending the cracked Orbit Volumes back for a promised refund.", [2]),
    F("Basalt Grips will supply Crux's Q2 2026 hold order, with Lena Marsh giving 12% off orders over £5,000.", [3, 5]),
    F("The Q2 2026 hold budget for Millbrook and Quayside is £7,500; Foundry's opening hold set has a separate £18,000 line.", [4, 5]),
    F("Tobias Lindqvist hired Ines Carvalho as assistant route setter, found via the Setters Network board, starting 23 March 2026 at Quayside.", [6, 10]),
    F("After hiring Ines Carvalho, Crux still needed one more route setter for Foundry.", [7]),
    F("Tobias Lindqvist sent the Foundry T-nut grid to Rui Fonseca at Apex Wallworks on Friday, ahead of the mid-March deadline.", [8, 10]),
    F("Quayside members responded well to the two new slab problems, logging many ticks.", [9]),
])

S("s16", "2026-03-17", "U04", "C01", [
    (1, "U04", "Hearthline quoted £9,200 for a new boiler at Millbrook, or £2,100 for a booster tank that only fixes the evenings."),
    (2, "U06", "Booster for now please. We can't do £9k with Foundry eating everything."),
    (3, "U01", "Agreed, booster tank."),
    (4, "U04", "Install is booked for 31 March. Showers off that day."),
    (5, "bot", "Noted: Millbrook shower booster tank from Hearthline Heating, £2,100, installed 31 March with showers off that day."),
    (6, "U05", "Quayside crowding update: still bad on Tuesdays. Thursday evenings have calmed down since January."),
    (7, "U01", "OK, let's trial timed bookings at Quayside on Tuesday evenings in April."),
    (8, "U03", "I'll need an extra desk person on Tuesdays to run check-in. Felix can do it once Callum is back."),
    (9, "U05", "Also the locker thing: two more thefts from Quayside lockers this month. Both were lockers without a padlock."),
    (10, "U04", "I'll order 40 combination locks, £6 each from Lockstar."),
    (11, "bot", "Noted: timed bookings trial at Quayside on Tuesday evenings in April; 40 combination locks from Lockstar at £6 each."),
], [
    F("Hearthline Heating quoted £9,200 for a new Millbrook boiler, or £2,100 for a booster tank that fixes only the evening showers.", [1]),
    F("Crux chose Hearthline's £2,100 booster tank for Millbrook's showers because the Foundry project is consuming the budget.", [2, 3]),
    F("The Millbrook shower booster tank installation is booked for 31 March 2026, with showers out of use that day.", [4, 5]),
    F("Quayside is still crowded on Tuesday evenings, while Thursday evenings have calmed down since January.", [6]),
    F("Maren Okafor approved a trial of timed bookings at Quayside on Tuesday evenings in April 2026.", [7, 11]),
    F("Priya Raman will add an extra Tuesday desk person at Quayside for check-in, Felix Grant once Callum Reyes is back.", [8]),
    F("There were two more thefts from Quayside lockers in March 2026, both from lockers without padlocks.", [9]),
    F("Declan Hughes is ordering 40 combination locks from Lockstar at £6 each for the Quayside lockers.", [10, 11]),
])

S("s17", "2026-03-20", "U04", "D04", [
    (1, "U04", "Vendor contacts for my memory: Lockstar's rep is Gary Phelps, Sole Revival is run by Bea Lund, and Hearthline's engineer is Tom Ashby."),
    (2, "bot", "Noted: Gary Phelps (Lockstar), Bea Lund (Sole Revival), Tom Ashby (Hearthline Heating)."),
    (3, "U04", "First Sole Revival batch came back. Great job, but it took three weeks, not the two they promised."),
    (4, "bot", "Noted: good quality, three-week turnaround instead of two."),
    (5, "U04", "Personal: I keep bees, two hives at my allotment. Harvest is in August and I'll bring jars in for everyone."),
    (6, "bot", "Noted: two hives at your allotment, honey for the team after the August harvest."),
    (7, "U04", "I'm also restoring a 1978 café racer motorbike. Don't let me spend the equipment budget on it, ha."),
    (8, "bot", "Ha, noted."),
    (9, "U04", "Work preference: I want equipment issues logged in the maintenance tracker, not DMed to me. People send me photos of broken holds at 11pm."),
    (10, "bot", "Noted: equipment issues go in the maintenance tracker, not in DMs."),
    (11, "U04", "And I'm doing my first aid instructor course on 14 and 15 April, so I'm out those two days."),
    (12, "bot", "Noted: out 14–15 April for the first aid instructor course."),
], [
    F("Declan Hughes's vendor contacts: Gary Phelps at Lockstar, Bea Lund who runs Sole Revival, and engineer Tom Ashby at Hearthline Heating.", [1, 2]),
    F("Sole Revival's first batch of resoled rental shoes came back well done but took three weeks instead of the promised two.", [3, 4]),
    F("Declan Hughes keeps bees in two hives at his allotment and will bring honey in for the team after the August harvest.", [5, 6]),
    F("Declan Hughes is restoring a 1978 café racer motorbike.", [7]),
    F("Declan Hughes wants equipment problems logged in the maintenance tracker rather than sent to him by DM.", [9, 10]),
    F("Declan Hughes is doing a first aid instructor course on 14–15 April 2026 and will be out both days.", [11, 12]),
])

S("s18", "2026-03-24", "U02", "D02", [
    (1, "U02", "Can you keep some notes for me?"),
    (2, "bot", "Sure."),
    (3, "U02", "Our baby is due 8 May. I'll take paternity leave from 11 May for four weeks. Haven't told the team yet, I'm telling Maren tomorrow."),
    (4, "bot", "Congratulations! Noted: baby due 8 May, four weeks of paternity leave from 11 May, telling Maren tomorrow."),
    (5, "U02", "Which means I miss the Foundry opening on the 22nd. Ines could lead the crew for the opening set if she's up to speed by then."),
    (6, "bot", "Noted: Ines Carvalho as a possible lead for the Foundry opening set while you're away."),
    (7, "U02", "Preference: I hate being rung about setting questions on my days off. A text is fine."),
    (8, "bot", "Noted: texts, not calls, on your days off."),
    (9, "U02", "I climb outside most weekends, mostly sport at Stoneclough quarry. If the weather's good I'm offline on Sunday."),
    (10, "bot", "Noted: sport climbing at Stoneclough quarry most weekends, offline on good-weather Sundays."),
    (11, "U02", "Also, I'm planning the Foundry opening set to be 60% under V4. New gym, new climbers."),
    (12, "bot", "Noted: 60% of the Foundry opening set below V4."),
], [
    F("Tobias Lindqvist's baby is due on 8 May 2026, and he will take four weeks of paternity leave from 11 May.", [3, 4]),
    F("Tobias Lindqvist planned to tell Maren Okafor about his paternity leave tomorrow.", [3, 4]),
    F("Tobias Lindqvist expected to miss the Foundry opening and suggested Ines Carvalho lead the opening setting crew.", [5, 6]),
    F("Tobias Lindqvist dislikes being phoned about setting on his days off but is fine with text messages.", [7, 8]),
    F("Tobias Lindqvist sport climbs outdoors at Stoneclough quarry most weekends and is offline on good-weather Sundays.", [9, 10]),
    F("Tobias Lindqvist plans for 60% of the Crux Foundry opening boulder set to be graded below V4.", [11, 12]),
])

S("s19", "2026-03-31", "U03", "C01", [
    (1, "U03", "Callum's back next Monday, 6 April. That's two weeks later than planned, his physio wanted more time."),
    (2, "bot", "Noted: Callum Reyes returns on Monday 6 April, two weeks later than the original six weeks."),
    (3, "U03", "Foundry hiring: 8 desk staff have accepted offers, two to go. And Tobias says Ines will lead the Foundry opening set since he's on leave."),
    (4, "U01", "Congrats again Tobias!"),
    (5, "U02", "Thanks! Yes, Ines leads from 11 May, together with Marco Bellini, our second Foundry setter. He signed yesterday."),
    (6, "U01", "Great, setters sorted then."),
    (7, "U03", "Foundry will also need a shift manager. I'd like to promote Amara Boateng from Millbrook."),
    (8, "U01", "Yes please. She's been brilliant covering for Callum."),
    (9, "U03", "@seshat note Amara Boateng becomes Foundry shift manager from 4 May, for the pre-opening training."),
    (10, "bot", "Noted: Amara Boateng promoted to Foundry shift manager from 4 May for pre-opening training."),
    (11, "U04", "Booster tank went in at Millbrook this morning. Tom from Hearthline ran a test for an hour and it held temperature."),
], [
    F("Callum Reyes returns to the Millbrook desk on Monday 6 April 2026, two weeks later than planned, at his physio's request.", [1, 2]),
    F("By the end of March 2026, eight Foundry front-desk hires had accepted offers, with two places still open.", [3]),
    F("Ines Carvalho will lead the Foundry opening set from 11 May while Tobias Lindqvist is on paternity leave.", [3, 5]),
    F("Marco Bellini signed yesterday as Crux Foundry's second route setter, completing setter hiring.", [5, 6]),
    F("Amara Boateng is promoted from Millbrook to Crux Foundry shift manager from 4 May 2026 for pre-opening training.", [7, 9, 10], lab="amara0"),
    F("Maren Okafor said Amara Boateng had been brilliant covering Callum Reyes's shifts.", [8]),
    F("Hearthline Heating installed the Millbrook shower booster tank this morning, and it held temperature through an hour-long test.", [11]),
])

S("s20", "2026-04-08", "U04", "C02", [
    (1, "U04", "Auto-belay unit 6 at Millbrook is back in service with the new webbing. Hannah signed it off yesterday."),
    (2, "bot", "Noted: Millbrook auto-belay unit 6 back in service, signed off by Hannah Brill yesterday."),
    (3, "U04", "The Quayside mats can't wait any more, the tape is failing. PadWorks now want £4,150, their prices went up."),
    (4, "U04", "I also got a quote from Softfall Direct: £3,600 for the same two sections, and a 10-year warranty against PadWorks' 5."),
    (5, "U06", "Softfall then. I can fund it from the Q2 equipment line."),
    (6, "U01", "Agreed, Softfall."),
    (7, "bot", "Noted: Quayside crash mats to be replaced by Softfall Direct at £3,600 with a 10-year warranty, instead of PadWorks at £4,150."),
    (8, "U04", "Delivery is 28 April. They'll fit them overnight so no closure."),
    (9, "U02", "First Tuesday of timed bookings at Quayside went OK. 85 booked, 9 no-shows."),
    (10, "U05", "A couple of regulars grumbled about having to book ahead, but most liked having the space."),
], [
    F("Millbrook auto-belay unit 6 is back in service with new webbing after Vertex's Hannah Brill signed it off yesterday.", [1, 2]),
    F("PadWorks raised its quote for the two Quayside crash mat sections to £4,150.", [3], sup=["mats0"]),
    F("Softfall Direct quoted £3,600 for the two Quayside crash mat sections, with a 10-year warranty against PadWorks' five years.", [4]),
    F("Crux chose Softfall Direct for the Quayside crash mats, funded from the Q2 equipment line, approved by Jun and Maren.", [5, 6, 7]),
    F("The new Quayside crash mats will be delivered on 28 April 2026 and fitted overnight with no closure.", [8]),
    F("On the first Tuesday of timed bookings at Quayside, 85 people booked and nine did not show up.", [9]),
    F("Some Quayside regulars grumbled about booking ahead on Tuesdays, but most members liked the extra space.", [10]),
])

S("s21", "2026-04-14", "U06", "C03", [
    (1, "U06", "Building control signed off the mezzanine on Monday, 13 April. Only a day after the earliest date they gave us."),
    (2, "U06", "Halvorsen say the floor finishes 8 May. Apex start the wall install on 11 May and need 10 days."),
    (3, "U01", "That's tight for 22 May but doable?"),
    (4, "U06", "Apex's walls finish 21 May, then it needs setting. Ines and Marco need four days minimum. Honestly 22 May is too tight."),
    (5, "U01", "Ugh. What's realistic?"),
    (6, "U06", "Friday 5 June. That gives setting ten days and a week of staff training."),
    (7, "U01", "OK, moving it. @seshat Foundry opening is now Friday 5 June. Final."),
    (8, "bot", "Updated: Crux Foundry opening moved from 22 May to Friday 5 June 2026."),
    (9, "U05", "I'll rebook the launch party with Tidemark for Saturday 6 June."),
    (10, "U03", "Does Amara's training start stay at 4 May?"),
    (11, "U01", "Push it to 18 May, there's no point training people on a building site."),
    (12, "bot", "Noted: Amara Boateng's Foundry start moves to 18 May; launch party on Saturday 6 June."),
], [
    F("Building control signed off the Crux Foundry mezzanine on Monday 13 April 2026.", [1]),
    F("Halvorsen Build expects to finish the Foundry floor on 8 May; Apex Wallworks then installs the walls from 11 May over ten days.", [2]),
    F("Ines Carvalho and Marco Bellini need at least four days to set Foundry after Apex's walls finish on 21 May.", [4]),
    F("The Crux Foundry opening moved again, from 22 May to Friday 5 June 2026, to allow setting and staff training.", [6, 7, 8], lab="open3", sup=["open2"]),
    F("The Crux Foundry launch party with Tidemark brewery is rebooked for Saturday 6 June 2026.", [9, 12]),
    F("Amara Boateng's start as Foundry shift manager moved from 4 May to 18 May 2026.", [10, 11, 12], sup=["amara0"]),
])

S("s22", "2026-04-20", "U05", "C01", [
    (1, "U05", "Spring Send recap! 112 competitors: it sold out at 120 but 8 didn't show. The raffle raised £480 for the Larkhill Crags Access Fund."),
    (2, "U05", "Winners: open women Hana Kowalczyk, open men Dev Malhotra, youth Lily Tran."),
    (3, "bot", "Noted: Spring Send had 112 competitors and raised £480 for the Larkhill Crags Access Fund; winners Hana Kowalczyk, Dev Malhotra and Lily Tran."),
    (4, "U02", "Feedback on the setting was great. The comp problems are staying up for two weeks."),
    (5, "U04", "One hiccup: the PA died at 3pm. We borrowed a speaker from Tidemark. We need to buy a proper one."),
    (6, "U01", "Buy one, under £400."),
    (7, "U01", "And yes, I ran the half yesterday, 1:52:40! Legs are dead."),
    (8, "U06", "Amazing Maren! Biscuit and I were at the 10-mile mark cheering, he wore his Crux bandana."),
    (9, "U05", "Members want Spring Send twice a year. Autumn edition?"),
    (10, "U01", "Let's do an autumn one at Foundry, maybe October."),
    (11, "bot", "Noted: autumn edition of the bouldering comp proposed at Foundry, around October."),
], [
    F("The Spring Send competition had 112 competitors; it sold out at 120 places but eight people did not show.", [1]),
    F("The Spring Send raffle raised £480 for the Larkhill Crags Access Fund.", [1, 3]),
    F("Spring Send winners were Hana Kowalczyk (open women), Dev Malhotra (open men) and Lily Tran (youth).", [2, 3]),
    F("The Spring Send competition problems are staying up at Quayside for two weeks after the event.", [4]),
    F("The PA system died at 3pm during Spring Send; Crux borrowed Tidemark's speaker and Maren approved buying one under £400.", [5, 6]),
    F("Maren Okafor ran the Larkhill Half Marathon yesterday in 1 hour 52 minutes 40 seconds.", [7]),
    F("Jun Watanabe and his greyhound Biscuit, wearing a Crux bandana, cheered Maren at the half marathon's 10-mile mark.", [8]),
    F("After Spring Send, members asked for the bouldering competition to be held twice a year.", [9]),
    F("Maren Okafor proposed an autumn edition of the bouldering competition at Crux Foundry, around October 2026.", [9, 10, 11]),
])

S("s23", "2026-04-23", "U03", "D03", [
    (1, "U03", "Update for my notes: the Lisbon trip is booked, 27 July to 7 August. I'll need someone to cover rotas."),
    (2, "bot", "Noted: Lisbon trip 27 July to 7 August, rota cover needed."),
    (3, "U03", "Felix could do the rotas while I'm away, he's keen to step up."),
    (4, "bot", "Noted: Felix Grant as your likely rota cover."),
    (5, "U03", "Also I've dropped the Portuguese class. Monday evenings clashed with Arjun's swimming, so I'm using an app instead."),
    (6, "bot", "Noted: Portuguese class dropped because of Arjun's Monday swimming; you're using an app now."),
    (7, "U03", "The two-on, one-off weekend pattern at Quayside has been live since March, and weekend sick calls are down by half."),
    (8, "bot", "Noted: weekend sick calls at Quayside halved since the new pattern."),
    (9, "U03", "I'd like to roll it out at Millbrook too, but I'll send Maren a written proposal, she prefers those."),
    (10, "bot", "Good idea. Noted: written proposal to Maren for Millbrook."),
    (11, "U03", "And Arjun turns nine on 2 May, so I'm off that Saturday afternoon."),
    (12, "bot", "Noted: off the afternoon of Saturday 2 May for Arjun's birthday."),
], [
    F("Priya Raman's Lisbon trip is booked for 27 July to 7 August 2026, and she needs cover for the rotas.", [1, 2]),
    F("Priya Raman expects Felix Grant to cover rota planning while she is in Lisbon.", [3, 4]),
    F("Priya Raman dropped her Monday Portuguese class because it clashed with Arjun's swimming, and now learns with an app.", [5, 6], sup=["portuguese"]),
    F("Quayside's two-weekends-on, one-off staff pattern has been live since March 2026 and has halved weekend sick calls.", [7, 8]),
    F("Priya Raman plans to send Maren a written proposal to roll the weekend staff pattern out at Millbrook.", [9, 10]),
    F("Priya Raman's son Arjun turns nine on 2 May 2026, so Priya is off that Saturday afternoon.", [11, 12]),
])

S("s24", "2026-04-28", "U02", "C02", [
    (1, "U02", "Foundry opening hold set is ordered from Basalt Grips: £17,400 after the 12% discount. Delivery 15 May, straight to Foundry."),
    (2, "bot", "Noted: Foundry opening hold set from Basalt Grips, £17,400 after discount, delivered to Foundry on 15 May."),
    (3, "U06", "Under the £18k line, nice."),
    (4, "U02", "Orbit Volumes sent redesigned volumes with a steel insert. I'm giving them a second trial at Millbrook."),
    (5, "U04", "Mats from Softfall arrived this morning, fitting them tonight."),
    (6, "U02", "Reset cadence for Q2: Quayside boulders every 3 weeks from May, because of the crowds. Millbrook stays at 5."),
    (7, "U06", "That's more setting hours. Does Ines cover the extra?"),
    (8, "U02", "Yes, Ines goes full-time from 1 May."),
    (9, "bot", "Noted: Quayside boulder resets every 3 weeks from May, Millbrook stays 5-weekly; Ines Carvalho full-time from 1 May."),
    (10, "U05", "Rope reset at Millbrook soon? Members say the 6c+ on the arête has been up forever."),
    (11, "U02", "Millbrook ropes get reset next week. I scoped a couple of new lines off Stoneclough routes I did on Sunday, should be fun."),
], [
    F("Crux ordered the Foundry opening hold set from Basalt Grips for £17,400 after the 12% discount, delivered to Foundry on 15 May.", [1, 2]),
    F("Jun Watanabe noted the Foundry opening hold set came in under its £18,000 budget line.", [3]),
    F("Orbit Volumes sent redesigned volumes with a steel insert, and Tobias Lindqvist is trialling them again at Millbrook.", [4]),
    F("Softfall Direct's new crash mats arrived at Quayside this morning and were being fitted that night.", [5]),
    F("From May 2026, Quayside boulders are reset every three weeks because of crowding, while Millbrook stays at five weeks.", [6, 9], lab="reset1", sup=["reset0"]),
    F("Ines Carvalho becomes a full-time route setter from 1 May 2026 to cover the extra setting hours.", [7, 8, 9]),
    F("Members complained that the 6c+ arête route at Millbrook has been up for too long.", [10]),
    F("The Millbrook rope routes are being reset next week, with new lines Tobias modelled on Stoneclough quarry routes he climbed.", [11]),
])

S("s25", "2026-05-05", "U01", "C01", [
    (1, "U01", "Timed bookings at Quayside on Tuesdays: after April I'm making it permanent. Average 88 bookings a night, and no-shows fell to 5."),
    (2, "bot", "Noted: Quayside Tuesday timed bookings made permanent; April averaged 88 bookings with no-shows down to 5."),
    (3, "U06", "Membership prices. Brightwell's fixed deal ended and the new Voltway tariff is 14% dearer. Proposing monthly membership goes from £52 to £56 from 1 July. Concessions stay at £40."),
    (4, "U01", "Agreed, but we give six weeks' notice. Sofia, can you draft the member email?"),
    (5, "U05", "Yes, I'll send it by 15 May. Expect complaints."),
    (6, "bot", "Noted: monthly membership rises from £52 to £56 from 1 July, concessions stay £40; member email by 15 May."),
    (7, "U03", "Tobias is off from next Monday, right? I've put Ines down as the setting contact."),
    (8, "U01", "Yes, from 11 May. Ines is setting contact, and only text Tobias for emergencies."),
    (9, "U04", "Speaker for events is bought: a Boomline portable PA, £349."),
    (10, "U05", "Perfect for the launch party."),
], [
    F("Maren Okafor made Quayside's Tuesday timed bookings permanent after April averaged 88 bookings a night and no-shows fell to five.", [1, 2]),
    F("After Brightwell's fixed deal ended, Crux moved to a Voltway Energy tariff that is 14% more expensive.", [3]),
    F("Monthly membership rises from £52 to £56 from 1 July 2026, while concession memberships stay at £40.", [3, 4, 6]),
    F("Sofia Ortega will email members about the price rise by 15 May 2026, giving six weeks' notice.", [4, 5, 6]),
    F("Ines Carvalho is the setting contact while Tobias Lindqvist is on leave from 11 May; Tobias gets texts only for emergencies.", [7, 8]),
    F("Declan Hughes bought a Boomline portable PA system for events for £349.", [9]),
])

S("s26", "2026-05-12", "U05", "D05", [
    (1, "U05", "Hey, noting stuff. The price rise email went out today, three days early."),
    (2, "bot", "Noted: the price rise email went out today."),
    (3, "U05", "Already 23 replies, mostly grumpy, and 4 people asking to freeze. I'm tracking them in the complaints sheet."),
    (4, "bot", "Noted: 23 replies so far, 4 freeze requests."),
    (5, "U05", "Personal news: I passed my grade 7 cello exam! And the orchestra's summer concert is 27 June, I'd love some of the team to come."),
    (6, "bot", "Congratulations! Noted: orchestra summer concert on 27 June."),
    (7, "U05", "I told Tobias about the setting course before he went on leave. He said yes, and that I should shadow Ines at Foundry first."),
    (8, "bot", "Noted: Tobias supports your setting course and suggested shadowing Ines at Foundry first."),
    (9, "U05", "Pico hurt her paw, so she's staying home for a couple of weeks. No office Fridays for her."),
    (10, "bot", "Noted, hope she heals quickly."),
    (11, "U05", "Also I'd like the team social in June to be at Verdant Kitchen. All-vegan, and they do gluten-free too."),
    (12, "bot", "Noted: Verdant Kitchen suggested for the June team social, vegan and gluten-free."),
], [
    F("Sofia Ortega sent the membership price rise email to members today, three days before the deadline.", [1, 2]),
    F("The price rise email drew 23 mostly unhappy replies, including four requests to freeze memberships, tracked in the complaints sheet.", [3, 4]),
    F("Sofia Ortega passed her grade 7 cello exam.", [5, 6]),
    F("The Harlow Community Orchestra's summer concert is on 27 June 2026, and Sofia Ortega would like teammates to come.", [5, 6]),
    F("Tobias Lindqvist approved Sofia Ortega's route setting course and suggested she shadow Ines Carvalho at Foundry first.", [7, 8], sup=["course0"]),
    F("Sofia Ortega's dog Pico hurt her paw and will stay home instead of coming to the office on Fridays for a couple of weeks.", [9, 10]),
    F("Sofia Ortega suggested Verdant Kitchen, an all-vegan restaurant that also does gluten-free, for the June team social.", [11, 12]),
])

S("s27", "2026-05-19", "U03", "C03", [
    (1, "U03", "Foundry staff are all hired: 10 desk, 2 setters, plus Amara as shift manager. Amara started their training yesterday."),
    (2, "U06", "Apex are on schedule, walls are 70% done."),
    (3, "U04", "Auto-belays for Foundry: 6 units. Vertex will do the commissioning inspection on 1 June, Hannah again."),
    (4, "bot", "Noted: Foundry has six auto-belays; Vertex commissioning inspection on 1 June with Hannah Brill."),
    (5, "U05", "Soft launch idea: invite all the Spring Send competitors to a free preview on Thursday 4 June."),
    (6, "U01", "Yes, do it. Cap it at 150 people."),
    (7, "U03", "Opening hours for Foundry: weekdays 7am to 10pm, weekends 9am to 8pm."),
    (8, "U01", "Approved."),
    (9, "bot", "Noted: Foundry preview for Spring Send competitors on Thursday 4 June, capped at 150; hours 7am–10pm weekdays, 9am–8pm weekends."),
    (10, "U04", "Parking is the issue, only 22 spaces. I've asked Larkhill Retail Park next door about evening overflow."),
], [
    F("All Crux Foundry staff are hired: 10 front-desk staff, 2 route setters and shift manager Amara Boateng.", [1]),
    F("Amara Boateng started training the Crux Foundry staff yesterday.", [1]),
    F("By mid-May 2026, Apex Wallworks' Foundry walls were 70% complete and on schedule.", [2]),
    F("Crux Foundry has six auto-belays, and Vertex's Hannah Brill will do their commissioning inspection on 1 June 2026.", [3, 4]),
    F("Spring Send competitors are invited to a free Foundry preview on Thursday 4 June 2026, capped at 150 people.", [5, 6, 9]),
    F("Crux Foundry's opening hours are 7am–10pm on weekdays and 9am–8pm at weekends, approved by Maren.", [7, 8, 9]),
    F("Crux Foundry has only 22 parking spaces, so Declan Hughes asked neighbouring Larkhill Retail Park about evening overflow parking.", [10]),
])

S("s28", "2026-05-26", "U04", "C01", [
    (1, "U04", "Incident at Millbrook on Saturday: fire alarm at 11am, full evacuation, 140 people out in 4 minutes. Cause was a burnt toaster in the staff kitchen."),
    (2, "U01", "Four minutes is good. Anyone hurt?"),
    (3, "U04", "No. But a party group was on the auto-belays and two kids were still in harnesses. Staff handled it really well."),
    (4, "U05", "Wait, aren't parties on Sundays now?"),
    (5, "U03", "Saturday parties came back in May, Sundays were fully booked. The auto-belay area is roped off for them now."),
    (6, "U04", "Separate: roof leak at Quayside above the lead wall after last week's storm. Lines 12 to 14 are closed. Castell Roofing are coming on Thursday."),
    (7, "bot", "Noted: Quayside lead lines 12–14 closed because of a roof leak; Castell Roofing visiting on Thursday."),
    (8, "U01", "@seshat also log the evacuation for the safety file."),
    (9, "bot", "Logged: Millbrook fire alarm evacuation on Saturday 23 May, 140 people out in 4 minutes, caused by a burnt toaster in the staff kitchen."),
    (10, "U04", "The toaster is banned. Replaced it with a grill."),
], [
    F("On Saturday 23 May 2026 a fire alarm at Millbrook led to a full evacuation of 140 people in four minutes.", [1, 9]),
    F("The Millbrook fire alarm was set off by a burnt toaster in the staff kitchen, which Declan Hughes replaced with a grill.", [1, 10]),
    F("During the Millbrook evacuation two children from a party group were still in auto-belay harnesses, and staff handled it well.", [3]),
    F("Millbrook kids' birthday parties returned to Saturdays in May 2026 because Sundays were full; the auto-belay area is roped off for them.", [4, 5], sup=["parties0"]),
    F("A storm last week caused a roof leak at Quayside above the lead wall, closing lead lines 12 to 14.", [6, 7]),
    F("Castell Roofing is coming to fix the Quayside roof leak on Thursday.", [6, 7]),
])

S("s29", "2026-06-02", "U06", "C03", [
    (1, "U06", "Vertex commissioning was yesterday: all 6 Foundry auto-belays passed. Halvorsen have handed the building over."),
    (2, "bot", "Noted: all six Foundry auto-belays passed Vertex's commissioning on 1 June; Halvorsen handed over the building."),
    (3, "U06", "Final fit-out cost is £426,300, so £2,700 under the revised budget."),
    (4, "U01", "Nice work Jun."),
    (5, "U04", "The retail park said yes: 40 overflow spaces after 5pm and all day Sunday, £150 a month."),
    (6, "bot", "Noted: Larkhill Retail Park overflow parking, 40 spaces after 5pm and on Sundays, £150 a month."),
    (7, "U05", "Soft launch on Thursday: 134 RSVPs. Launch party on Saturday: Tidemark confirmed, and the DJ is Sam Achterberg."),
    (8, "U01", "Tobias texted from leave that the photos of Ines's opening set look brilliant."),
    (9, "U03", "The first-week rota has Amara on every opening shift."),
    (10, "U06", "And the reception desk is in. Yes, I built it myself in the end, oak top, two months of evenings."),
    (11, "U01", "It's gorgeous. Proud of everyone."),
], [
    F("All six Crux Foundry auto-belays passed Vertex Safety Services' commissioning inspection yesterday.", [1, 2]),
    F("Halvorsen Build had handed the Crux Foundry building over to Crux by 2 June 2026.", [1, 2]),
    F("The final Crux Foundry fit-out cost was £426,300, which is £2,700 under the revised budget.", [3]),
    F("Larkhill Retail Park agreed to give Foundry 40 overflow parking spaces after 5pm and all day Sunday for £150 a month.", [5, 6]),
    F("The Foundry soft launch had 134 RSVPs, and DJ Sam Achterberg will play the Tidemark-sponsored launch party.", [7]),
    F("Tobias Lindqvist texted from paternity leave that photos of Ines Carvalho's Foundry opening set looked brilliant.", [8]),
    F("Foundry's first-week rota has Amara Boateng on every opening shift.", [9]),
    F("Jun Watanabe built the Crux Foundry reception desk himself, with an oak top, over two months of evenings.", [10, 11]),
])

S("s30", "2026-06-09", "U05", "C01", [
    (1, "U05", "Foundry opened on Friday! 410 visits in the first three days and 96 new memberships."),
    (2, "U05", "Launch party on Saturday: about 300 people, and Tidemark ran out of beer by 9pm. Pico came along in a Crux bandana like Biscuit's and stole the show."),
    (3, "U06", "The party came in at £2,380."),
    (4, "U05", "First Foundry complaints: there are no hooks in the changing rooms, and the empty café space looks abandoned."),
    (5, "U01", "The café is still planned for August. Put a sign up saying 'café coming August'."),
    (6, "U04", "Hooks are ordered, in by Friday."),
    (7, "U05", "A few people also said the Foundry boulders are too soft. Which, well, was the plan."),
    (8, "U02", "First day back yesterday, hi all. Glad it went well. I'll add a harder circuit in week two."),
    (9, "bot", "Welcome back, Tobias. Noted: a harder boulder circuit at Foundry in week two."),
    (10, "U01", "@seshat log the opening numbers please."),
    (11, "bot", "Logged: Foundry opened Friday 5 June; 410 visits and 96 new memberships in the first three days; launch party about 300 people, cost £2,380."),
], [
    F("Crux Foundry opened on Friday 5 June 2026 and had 410 visits and 96 new memberships in its first three days.", [1, 11]),
    F("About 300 people came to the Foundry launch party on Saturday 6 June, and Tidemark ran out of beer by 9pm.", [2, 11]),
    F("Sofia Ortega's dog Pico attended the Foundry launch party in a Crux bandana and was a hit.", [2]),
    F("The Crux Foundry launch party on Saturday 6 June came in at a total cost of £2,380.", [3, 11]),
    F("Early Foundry complaints were about missing hooks in the changing rooms and the empty café space looking abandoned.", [4]),
    F("The Crux Foundry café is planned to open in August 2026, and a 'café coming August' sign is going up.", [5]),
    F("Declan Hughes ordered changing-room hooks for Crux Foundry, due by Friday.", [6]),
    F("Some members found the Foundry boulders too soft, as intended, so Tobias Lindqvist will add a harder circuit in week two.", [7, 8, 9]),
    F("Tobias Lindqvist came back from paternity leave yesterday.", [8, 9]),
])

S("s31", "2026-06-16", "U01", "D01", [
    (1, "U01", "Some notes. The board wants a feasibility study for a fourth gym by October. Keep it between us for now."),
    (2, "bot", "Noted privately: fourth-gym feasibility study due to the board by October."),
    (3, "U01", "I'd like Jun to lead it again, but he's asked to go down to four days a week from September for his furniture business."),
    (4, "bot", "Noted: Jun has asked for a four-day week from September for his furniture business."),
    (5, "U01", "Personal: after the half I've entered the Fernhill Trail 30K on 13 September. Saturday long runs carry on."),
    (6, "bot", "Noted: Fernhill Trail 30K on 13 September; Saturday long runs continue."),
    (7, "U01", "And Ade and I have adopted a rescue cat. She's called Miso."),
    (8, "bot", "Lovely. Noted: Miso the rescue cat."),
    (9, "U01", "Team social: Sofia suggested Verdant Kitchen. Works for me, they have a gluten-free menu. Book it for Thursday 25 June."),
    (10, "bot", "Noted: team social at Verdant Kitchen on Thursday 25 June."),
    (11, "U01", "My commute is great since the move, by the way. I mostly work out of Foundry now."),
], [
    F("The board wants a feasibility study for a fourth Crux gym by October 2026, which Maren Okafor is keeping private for now.", [1, 2]),
    F("Maren Okafor would like Jun Watanabe to lead the fourth-gym feasibility study.", [3]),
    F("Jun Watanabe has asked to go down to a four-day week from September 2026 to work on his furniture business.", [3, 4]),
    F("Maren Okafor has entered the Fernhill Trail 30K on 13 September 2026 and is continuing her Saturday long runs.", [5, 6]),
    F("Maren Okafor and her partner Ade adopted a rescue cat named Miso.", [7, 8]),
    F("The team social is booked at Verdant Kitchen, which has a gluten-free menu, for Thursday 25 June 2026.", [9, 10]),
    F("Since moving house, Maren Okafor mostly works out of Crux Foundry and enjoys the short commute.", [11]),
])

S("s32", "2026-06-23", "U02", "C02", [
    (1, "U02", "Orbit Volumes round two: zero cracks after 8 weeks with the steel insert. I'm happy to add them as our second volume supplier."),
    (2, "bot", "Noted: Orbit Volumes approved as a second volume supplier after a crack-free second trial."),
    (3, "U06", "Q3 hold budget is £9,000, across all three gyms now."),
    (4, "U02", "Tight but OK. Boulder resets: Foundry every 4 weeks, Quayside 3, Millbrook 5."),
    (5, "bot", "Noted: Q3 hold budget £9,000 across three gyms; boulder resets every 4 weeks at Foundry, 3 at Quayside, 5 at Millbrook."),
    (6, "U04", "Incident at Foundry on Sunday: a member dislocated his shoulder on the top-out of the competition wall. Marco was first aider. Ambulance took him in."),
    (7, "U01", "Was the top-out the problem?"),
    (8, "U02", "The mantle is awkward. I'm adding a jug and a second top-out option this week."),
    (9, "U04", "Also the Quayside roof is fixed. Castell replaced the flashing, and lines 12 to 14 reopened on 4 June."),
    (10, "U05", "The member is Owen Pryce. I called him, he's OK and wants to come back."),
    (11, "U02", "By the way, Sofia's shadowing Ines at Foundry on Wednesdays from July."),
], [
    F("After a crack-free eight-week second trial, Tobias Lindqvist approved Orbit Volumes as Crux's second volume supplier.", [1, 2]),
    F("The Q3 2026 hold budget is £9,000 across all three Crux gyms.", [3, 5]),
    F("From Q3 2026 boulders are reset every four weeks at Foundry, every three at Quayside and every five at Millbrook.", [4, 5], sup=["reset1"]),
    F("On Sunday a Foundry member, Owen Pryce, dislocated his shoulder topping out the competition wall; setter Marco Bellini gave first aid.", [6, 10]),
    F("Tobias Lindqvist is adding a jug and a second top-out option to the Foundry competition wall because the mantle is awkward.", [7, 8]),
    F("Castell Roofing replaced the Quayside roof flashing, and lead lines 12 to 14 reopened on 4 June 2026.", [9]),
    F("Owen Pryce, the member injured at Foundry, is OK and wants to come back, Sofia Ortega reported.", [10]),
    F("Sofia Ortega will shadow Ines Carvalho setting at Foundry on Wednesdays from July 2026.", [11]),
])

S("s33", "2026-06-26", "U06", "D06", [
    (1, "U06", "Notes for me. Maren said yes to the four-day week from September. I'll have Fridays off."),
    (2, "bot", "Noted: four-day week from September, Fridays off."),
    (3, "U06", "The furniture business is called Grainline Workshop. First paid commission is a dining table for a café in Harlow."),
    (4, "bot", "Noted: Grainline Workshop, first commission a dining table for a Harlow café."),
    (5, "U06", "Biscuit's leg is fully healed. He does the Saturday parkrun with me now, well, walks most of it."),
    (6, "bot", "Great news, noted."),
    (7, "U06", "Board stuff: the Q3 report is due to the board on 10 October. I want my draft done by 25 September."),
    (8, "bot", "Noted: Q3 board report due 10 October, your draft by 25 September."),
    (9, "U06", "Also I've been vegetarian since May. Tell whoever books team food. Verdant Kitchen is all vegan so that one's fine."),
    (10, "bot", "Noted: vegetarian since May."),
    (11, "U06", "Energy: the Voltway rate is only fixed until 31 December. I want new quotes in by November."),
    (12, "bot", "Noted: Voltway fixed until 31 December; new quotes by November."),
], [
    F("Maren Okafor approved Jun Watanabe's four-day week from September 2026, with Fridays as his day off.", [1, 2]),
    F("Jun Watanabe's furniture business is called Grainline Workshop; its first paid commission is a dining table for a Harlow café.", [3, 4]),
    F("Jun Watanabe's greyhound Biscuit has fully recovered from his leg problem and walks the Saturday parkrun with Jun.", [5, 6]),
    F("Crux's Q3 report is due to the board on 10 October 2026, and Jun Watanabe wants his draft done by 25 September.", [7, 8]),
    F("Jun Watanabe has been vegetarian since May 2026 and wants whoever books team food to know.", [9, 10]),
    F("Crux's Voltway Energy rate is fixed only until 31 December 2026, and Jun Watanabe wants new quotes by November.", [11, 12]),
])

S("s34", "2026-06-30", "U05", "C01", [
    (1, "U05", "June roundup. Foundry: hooks are fixed and the café sign helped. New complaint: the music at Foundry is too loud in the evenings, six mentions."),
    (2, "U01", "Turn it down after 7pm, and nothing with lyrics during the kids' sessions."),
    (3, "U05", "Millbrook: the showers are fine since the booster went in, zero complaints in May and June."),
    (4, "U04", "Told you. Though Tom from Hearthline says we'll still need the full boiler within two years."),
    (5, "U05", "Summer events: youth climbing camp at Quayside, 3 to 7 August, 24 kids, run by Nadia Price."),
    (6, "U03", "I'm in Lisbon that week, so Felix will do the camp staffing rota."),
    (7, "U05", "And a climbing film night at Foundry on 16 July. Tidemark are doing drinks again, tickets £8."),
    (8, "U06", "Does the ticket money cover the film licence?"),
    (9, "U05", "The licence is £220, so we need 28 tickets to break even."),
    (10, "U05", "@seshat log the summer events please."),
    (11, "bot", "Logged: youth climbing camp at Quayside 3–7 August (24 kids, Nadia Price); film night at Foundry on 16 July, £8 tickets, Tidemark drinks, £220 licence."),
    (12, "U01", "And the autumn comp is fixed: Saturday 17 October at Foundry. Let's call it the Foundry Fall Send."),
], [
    F("In June 2026 the main new complaint at Crux Foundry was loud music in the evenings, mentioned six times.", [1]),
    F("Maren Okafor ruled that Foundry's music is turned down after 7pm and has no lyrics during kids' sessions.", [2]),
    F("Millbrook had no shower complaints in May or June 2026 after the booster tank went in.", [3]),
    F("Hearthline Heating's Tom Ashby says Millbrook will still need a full new boiler within two years.", [4]),
    F("A youth climbing camp runs at Quayside from 3 to 7 August 2026 for 24 children, led by coach Nadia Price.", [5, 11]),
    F("Felix Grant will do the youth camp staffing rota because Priya Raman is in Lisbon that week.", [6]),
    F("A climbing film night is on 16 July 2026 at Crux Foundry, with £8 tickets and drinks from Tidemark brewery.", [7, 11]),
    F("The film night's licence costs £220, so it needs 28 ticket sales to break even.", [8, 9]),
    F("The autumn bouldering competition, the Foundry Fall Send, is on Saturday 17 October 2026 at Crux Foundry.", [12]),
])

S("s35", "2026-07-02", "U02", "D02", [
    (1, "U02", "Back properly now. Notes: baby Elsa arrived on 6 May, two days early. Sleep is a rumour."),
    (2, "bot", "Congratulations on Elsa! Noted."),
    (3, "U02", "Outdoor climbing is down to one Sunday a month for now."),
    (4, "bot", "Noted: one outdoor Sunday a month for now."),
    (5, "U02", "The Level 3 assessment moves to November. September clashed with Foundry's first big reset."),
    (6, "bot", "Noted: Level 3 setter assessment moved to November."),
    (7, "U02", "Sofia's doing really well shadowing Ines. I want her to set two problems for the Fall Send."),
    (8, "bot", "Noted: Sofia to set two problems for the Foundry Fall Send."),
    (9, "U02", "Setting days: from August I'll set Wednesdays and Thursdays. Tuesday is my nursery pickup day now."),
    (10, "bot", "Noted: setting on Wednesdays and Thursdays from August; Tuesdays are nursery pickup."),
    (11, "U02", "And I'm thinking about a third setter for Foundry in the autumn, if Jun's Q4 budget allows."),
    (12, "bot", "Noted: possible third Foundry setter in the autumn, depending on the Q4 budget."),
], [
    F("Tobias Lindqvist's daughter Elsa was born on 6 May 2026, two days earlier than expected.", [1, 2]),
    F("Since the baby arrived, Tobias Lindqvist has cut his outdoor climbing to one Sunday a month.", [3, 4]),
    F("Tobias Lindqvist moved his Level 3 setter assessment from September to November 2026 because of Foundry's first big reset.", [5, 6], sup=["level3"]),
    F("Tobias Lindqvist wants Sofia Ortega, who is shadowing Ines Carvalho, to set two problems for the Foundry Fall Send.", [7, 8]),
    F("From August 2026 Tobias Lindqvist sets on Wednesdays and Thursdays, because Tuesday is now his nursery pickup day.", [9, 10], sup=["setdays"]),
    F("Tobias Lindqvist is considering a third route setter for Crux Foundry in the autumn if Jun's Q4 budget allows.", [11, 12]),
])

# ---------------------------------------------------------------------------------------------
# Questions, asked weeks later. Q(asked_on, asker, channel, question, answer, evidence, category)
QUESTIONS = []


def Q(asked, user, channel, question, answer, evidence, cat, hist=False):
    QUESTIONS.append(dict(asked_on=asked, user=user, channel=channel, question=question,
                          answer=answer, evidence=evidence.split(), category=cat, historical=hist))


SH, MH, TM, OD = "single-hop", "multi-hop", "temporal", "open-domain"

# --- single-hop -----------------------------------------------------------------------------
Q("2026-02-16", "U03", "C01", "Who are we getting in to check the self-belay units at Millbrook this month?",
  "Vertex Safety Services, technician Hannah Brill (17 February).", "s07:1", SH)
Q("2026-02-02", "U01", "D01", "What's the thing I'm training for this spring again?",
  "The Larkhill Half Marathon on Sunday 19 April.", "s02:1", SH)
Q("2026-02-12", "U01", "D01", "If someone's ordering food for a meeting, what do they need to remember about me?",
  "You're coeliac, so there must be a gluten-free option.", "s02:9", SH)
Q("2026-02-09", "U02", "C02", "Who do I talk to at the company we buy most of our holds from?",
  "Lena Marsh at Basalt Grips.", "s03:4", SH)
Q("2026-02-04", "U05", "D05", "What did Declan reckon was behind the cold water in the Millbrook changing rooms?",
  "The boiler is undersized for the evening peak; he was getting a quote from Hearthline Heating.", "s04:3", SH)
Q("2026-02-16", "U03", "D03", "Who did I line up to take the shifts of the guy having the knee op?",
  "Amara Boateng and Felix Grant (covering Callum Reyes).", "s05:5", SH)
Q("2026-02-24", "U04", "C02", "How much does the cobbler charge us per pair for the hire footwear?",
  "£28 a pair, at Sole Revival in Harlow.", "s07:7", SH)
Q("2026-02-27", "U06", "C03", "Who's the person at the wall company that Toby is working with on the bolt-hole layout?",
  "Rui Fonseca, the designer at Apex Wallworks.", "s08:7", SH)
Q("2026-03-02", "U05", "D05", "Which evenings should I keep free for music commitments?",
  "The last Saturday of every other month, for Harlow Community Orchestra concerts.", "s09:5", SH)
Q("2026-03-06", "U01", "C01", "What will the front desk be earning per hour after the spring raise?",
  "£12.60 an hour from April (up from £11.90).", "s10:6", SH)
Q("2026-03-03", "U02", "C02", "The guy who twisted his ankle on that loose hold at Quayside, what's his name and what did we do for him?",
  "Kofi Mensah; Sofia gave him a free month.", "s11:9", SH)
Q("2026-03-09", "U04", "C02", "What did the replacement strap for the broken self-belay cost?",
  "£640 for the webbing for Millbrook unit 6, from the equipment contingency.", "s11:3", SH)
Q("2026-03-09", "U06", "D06", "What were the two things I could have cut to fix the overspend on the new site?",
  "Drop the 8 m training wall (£22k) or delay the café fit-out (£19k).", "s12:4", SH)
Q("2026-03-19", "U06", "D06", "How do I like to share figures with people?",
  "Through the Foundry budget sheet, not Slack messages.", "s12:8", SH)
Q("2026-03-20", "U03", "C01", "Who's the coach running the ladies' session at Quayside?",
  "Nadia Price.", "s14:2", SH)
Q("2026-03-26", "U01", "C02", "How did the test of that new volume maker go?",
  "Badly at first: two of the six Orbit Volumes cracked at the bolt hole, so Tobias stopped buying.", "s15:1", SH)
Q("2026-04-02", "U03", "C01", "What are we doing to stop the stuff going missing from the Quayside lockers?",
  "Declan is ordering 40 combination locks from Lockstar at £6 each.", "s16:9 s16:10", SH)
Q("2026-04-06", "U04", "D04", "Who's the engineer at the heating firm?",
  "Tom Ashby at Hearthline Heating.", "s17:1", SH)
Q("2026-04-06", "U02", "D02", "Where do I usually climb outdoors?",
  "Stoneclough quarry, sport climbing most weekends.", "s18:9", SH)
Q("2026-04-14", "U01", "C01", "Who's the other setter we signed for the new gym besides Ines?",
  "Marco Bellini.", "s19:5", SH)
Q("2026-04-22", "U06", "C02", "Which padding supplier did we go with in the end for Quayside, and why?",
  "Softfall Direct: £3,600 versus PadWorks' £4,150, and a 10-year warranty instead of 5.", "s20:4 s20:5", SH)
Q("2026-05-04", "U05", "C01", "Who won the women's category at the spring comp?",
  "Hana Kowalczyk.", "s22:2", SH)
Q("2026-05-06", "U04", "C01", "Which good cause got the raffle money from the comp?",
  "The Larkhill Crags Access Fund (£480).", "s22:1", SH)
Q("2026-05-11", "U03", "D03", "Who's going to do my scheduling job while I'm abroad?",
  "Felix Grant.", "s23:3", SH)
Q("2026-05-08", "U06", "C02", "How much did the starter set of holds for the new gym cost us?",
  "£17,400 from Basalt Grips after the 12% discount.", "s24:1", SH)
Q("2026-05-20", "U05", "C01", "What will a standard monthly membership cost from the summer?",
  "£56 (up from £52) from 1 July; concessions stay £40.", "s25:3", SH)
Q("2026-05-22", "U01", "C01", "What sound system did we end up buying for events?",
  "A Boomline portable PA for £349.", "s25:9", SH)
Q("2026-05-28", "U05", "D05", "Where did I suggest for the team night out?",
  "Verdant Kitchen (all-vegan, also gluten-free).", "s26:11", SH)
Q("2026-06-03", "U03", "C03", "What time does the new gym shut on a Saturday?",
  "8pm (weekends are 9am–8pm).", "s27:7", SH)
Q("2026-06-10", "U01", "C01", "What actually set off the alarm at Millbrook?",
  "A burnt toaster in the staff kitchen.", "s28:1", SH)
Q("2026-06-05", "U04", "C01", "Which company is sorting the leak over the Quayside lead wall?",
  "Castell Roofing.", "s28:6", SH)
Q("2026-06-16", "U06", "C03", "How many extra parking spots did the shops next door give us, and what do we pay?",
  "40 spaces after 5pm and all day Sunday, for £150 a month.", "s29:5", SH)
Q("2026-06-19", "U05", "C01", "What did members moan about in the new gym's changing area?",
  "There were no hooks; Declan ordered some.", "s30:4", SH)
Q("2026-07-01", "U01", "D01", "What's the name of our new pet?",
  "Miso, a rescue cat.", "s31:7", SH)
Q("2026-07-06", "U01", "D01", "What's the big piece of work the board wants from us in the autumn?",
  "A feasibility study for a fourth gym, due by October.", "s31:1", SH)
Q("2026-07-06", "U02", "C02", "Who patched up the guy who hurt his shoulder at Foundry?",
  "Marco Bellini, the setter, was first aider.", "s32:6", SH)
Q("2026-07-02", "U03", "C02", "How often do the boulders get changed over at the new gym?",
  "Every four weeks.", "s32:4", SH)
Q("2026-02-11", "U06", "C01", "What's the annual pot for gear this year?",
  "£24k for equipment.", "s06:1", SH)
Q("2026-02-09", "U03", "C01", "Which company did we use for the desk staff's first-aid refreshers?",
  "St Aidan Training.", "s06:4", SH)
Q("2026-07-10", "U02", "C02", "What's the hold budget for Q3?",
  "£9,000 across all three gyms.", "s32:3", SH)
Q("2026-02-02", "U05", "C02", "What kind of climbing were Quayside members asking for more of?",
  "Slab.", "s03:9", SH)
Q("2026-03-02", "U04", "C02", "Which technician does the safety-check company send?",
  "Hannah Brill from Vertex Safety Services.", "s07:1", SH)
Q("2026-02-23", "U05", "D05", "Where does my pooch hang out with me during the week?",
  "Pico comes to the Millbrook office on Fridays.", "s09:11", SH)

# --- multi-hop ------------------------------------------------------------------------------
Q("2026-07-01", "U04", "C01", "Which of us have dogs?",
  "Jun (Biscuit, a greyhound) and Sofia (Pico).", "s22:8 s30:2", MH)
Q("2026-06-22", "U06", "C03", "How did the final fit-out bill compare with the budget the board first signed off in January?",
  "£426,300 against £410k: £16,300 over the original, but £2,700 under the revised £429k.", "s01:3 s13:3 s29:3", MH, hist=True)
Q("2026-05-20", "U01", "C03", "How many times did the opening date of the new gym slip, and by how much overall?",
  "Twice: 1 May to 22 May, then to 5 June, five weeks in total.", "s01:1 s13:6 s21:6", MH, hist=True)
Q("2026-06-20", "U03", "C01", "Did the launch party stay within what Maren allowed for it?",
  "Yes: £2,380 against a £2,500 cap.", "s08:9 s30:3", MH)
Q("2026-06-20", "U02", "C02", "How many self-belay units across Millbrook and Foundry does the inspection firm look after?",
  "14: eight at Millbrook and six at Foundry.", "s11:1 s27:3", MH)
Q("2026-05-14", "U06", "C02", "How much did going with the other mat firm save compared with the first quote and with the raised one?",
  "£200 against PadWorks' original £3,800 and £550 against its raised £4,150.", "s07:3 s20:3 s20:4", MH, hist=True)
Q("2026-03-25", "U05", "C01", "The supplier who gave us a prize for the comp, do we buy from them too, and who's our contact?",
  "Yes, Basalt Grips is the main hold supplier; the contact is Lena Marsh.", "s03:4 s14:7", MH)
Q("2026-06-04", "U06", "C01", "Why did we have to put member prices up, what changed with the power contract?",
  "Brightwell's fixed tariff ended on 30 April and the new Voltway tariff is 14% dearer, so monthly went from £52 to £56.", "s06:10 s25:3", MH)
Q("2026-06-12", "U03", "C03", "Who's been opening the new gym every morning, and where was she working before?",
  "Amara Boateng, promoted from the Millbrook desk, where she covered Callum's shifts.", "s19:8 s29:9", MH)
Q("2026-07-08", "U05", "C02", "The setter who found us through that online jobs board, who is she, and what's she doing with me from July?",
  "Ines Carvalho; you shadow her setting at Foundry on Wednesdays from July.", "s15:6 s32:11", MH)
Q("2026-05-13", "U01", "C01", "Are the Tuesday booking slots at Quayside working? Compare the first night with the April average.",
  "Yes: first night 85 booked and 9 no-shows; April averaged 88 with no-shows down to 5, so it's now permanent.", "s20:9 s25:1", MH)
Q("2026-07-12", "U01", "C01", "How many members have been hurt on our walls this year, and how?",
  "Two: Kofi Mensah sprained an ankle at Quayside when a hold spun (February); Owen Pryce dislocated a shoulder on the Foundry comp wall top-out (June).", "s11:5 s11:9 s32:6 s32:10", MH)
Q("2026-05-22", "U05", "C02", "How has the turnover of Quayside's boulders changed since January?",
  "From every four weeks in Q1 to every three weeks from May, because of the crowds.", "s03:1 s24:6", MH, hist=True)
Q("2026-07-07", "U06", "C02", "How has the quarterly money for holds changed over the year?",
  "Q1 £6,000 for two gyms; Q2 £7,500 plus a separate £18,000 Foundry set; Q3 £9,000 across three gyms.", "s03:4 s15:4 s32:3", MH)
Q("2026-03-27", "U03", "D03", "Who ended up both covering the injured colleague's shifts and doing the extra Tuesday check-in?",
  "Felix Grant.", "s05:5 s16:8", MH)
Q("2026-07-02", "U01", "D01", "Which of my races this year fall on a Sunday?",
  "Both: the Larkhill Half on 19 April and the Fernhill Trail 30K on 13 September.", "s02:1 s31:5", MH)
Q("2026-06-17", "U05", "C01", "How did the turnout for the preview compare with the number of people we invited?",
  "134 RSVPs against 112 comp competitors invited (capped at 150).", "s22:1 s27:5 s29:7", MH)
Q("2026-04-27", "U04", "D04", "Which suppliers have let us down on quality or speed this year?",
  "Orbit Volumes (two of six volumes cracked) and Sole Revival (three weeks instead of two).", "s15:1 s17:3", MH)
Q("2026-07-03", "U01", "C01", "Which local business keeps helping us out at events, and how?",
  "Tidemark brewery: drinks for Spring Send, lent a speaker when the PA died, sponsored the Foundry launch party.", "s08:8 s14:7 s22:5 s29:7", MH)
Q("2026-05-08", "U03", "D03", "What weekend pattern did I bring in at Quayside, and has it helped?",
  "Two weekends on, one off; weekend sick calls have halved since March.", "s05:10 s23:7", MH)
Q("2026-05-01", "U06", "C01", "What have the Millbrook hot water fix and the new Quayside padding cost us together?",
  "£5,700: £2,100 for the booster tank plus £3,600 for the Softfall mats.", "s16:1 s16:2 s20:4 s20:5", MH)
Q("2026-07-03", "U05", "D05", "Where has my setting course plan got to?",
  "Tobias approved it and suggested shadowing Ines first; you shadow her at Foundry on Wednesdays from July.", "s26:7 s32:11", MH)
Q("2026-05-08", "U02", "C02", "How far under its budget line did the opening hold order for Foundry come in, and what discount helped?",
  "£600 under the £18,000 line (£17,400), helped by Basalt Grips' 12% discount on orders over £5,000.", "s15:3 s15:4 s24:1", MH)
Q("2026-06-29", "U06", "C03", "How many staff does the new gym have, counting the setters and the manager?",
  "13: 10 desk staff, Ines Carvalho and Marco Bellini as setters, and shift manager Amara Boateng.", "s27:1 s19:5", MH)

# --- temporal -------------------------------------------------------------------------------
Q("2026-02-03", "U01", "C02", "When's the annual check on the Millbrook self-belays?",
  "Tuesday 17 February.", "s07:1", TM)
Q("2026-02-20", "U03", "C01", "What date did the ads for the new gym's jobs go up?",
  "Monday 9 February.", "s10:3", TM)
Q("2026-03-02", "U05", "C01", "What day did Kofi get hurt?",
  "Saturday 14 February.", "s11:5", TM)
Q("2026-03-10", "U06", "D06", "When was I going to break the overspend news to Maren?",
  "Thursday 26 February.", "s12:2", TM)
Q("2026-03-20", "U01", "C02", "When did Tobias get the drilling grid over to the wall builders?",
  "Friday 6 March, before the mid-March deadline.", "s15:8", TM)
Q("2026-04-02", "U02", "D02", "What day was I planning to tell Maren about the baby?",
  "Wednesday 25 March.", "s18:3", TM)
Q("2026-04-21", "U06", "C01", "How long did the cold-shower problem at Millbrook drag on before the fix went in?",
  "About eleven weeks: complaints by mid-January, booster tank installed 31 March.", "s04:2 s19:11", TM)
Q("2026-04-27", "U01", "C01", "How long was Callum off in the end after his op?",
  "Eight weeks: surgery 9 February, back 6 April, two weeks longer than planned.", "s10:1 s19:1", TM)
Q("2026-04-24", "U04", "C02", "On what date was the broken self-belay at Millbrook cleared for use again?",
  "Tuesday 7 April, signed off by Hannah Brill.", "s20:1", TM)
Q("2026-05-04", "U01", "C01", "What was the date of my half and what was my time?",
  "Sunday 19 April, 1:52:40.", "s22:7", TM)
Q("2026-03-20", "U05", "D05", "How long did it take from my pitch for the ladies' night to the first one happening?",
  "Four weeks: proposed 5 February, first night Thursday 5 March.", "s09:9 s14:1", TM, hist=True)
Q("2026-05-19", "U06", "C02", "When did the new padding go into Quayside?",
  "Tuesday 28 April: delivered that morning, fitted that night.", "s20:8 s24:5", TM)
Q("2026-04-30", "U03", "D03", "When's my son's birthday?",
  "Arjun turns nine on Saturday 2 May.", "s23:11", TM)
Q("2026-05-05", "U04", "C02", "Which week were the Millbrook ropes due to be changed?",
  "The week starting Monday 4 May.", "s24:11", TM)
Q("2026-06-02", "U05", "D05", "Did I get the price notice to members out on time?",
  "Yes, on 12 May, three days before the 15 May deadline.", "s25:5 s26:1", TM)
Q("2026-06-01", "U03", "C03", "What date did Amara kick off training the new gym's staff?",
  "Monday 18 May.", "s27:1", TM)
Q("2026-06-09", "U04", "C01", "What date was the evacuation at Millbrook?",
  "Saturday 23 May.", "s28:1", TM)
Q("2026-07-04", "U06", "C01", "How long were Quayside's lead lines 12 to 14 out of action because of the leak?",
  "At least from 26 May (closed after the previous week's storm) until they reopened on 4 June, so around ten days or more.", "s28:6 s32:9", TM)
Q("2026-06-18", "U03", "C03", "When did the self-belays at the new gym get signed off?",
  "Monday 1 June, all six passed.", "s29:1", TM)
Q("2026-06-19", "U01", "C01", "How many days were there between the preview evening and the official opening?",
  "One day: preview Thursday 4 June, opening Friday 5 June.", "s27:5 s30:1", TM)
Q("2026-07-05", "U02", "C02", "Which day did that member dislocate his shoulder?",
  "Sunday 21 June.", "s32:6", TM)
Q("2026-07-09", "U01", "D01", "How long after my half is the trail race?",
  "About 21 weeks: 19 April to 13 September.", "s02:1 s31:5", TM)
Q("2026-05-12", "U03", "D03", "Which dates am I away this summer?",
  "27 July to 7 August, in Lisbon.", "s23:1", TM)
Q("2026-06-03", "U05", "D05", "When is the orchestra's summer gig?",
  "Saturday 27 June.", "s26:5", TM)
Q("2026-03-14", "U06", "C03", "What was our original target date for opening the new site?",
  "Friday 1 May, before it moved to 22 May and then 5 June.", "s01:1 s13:7", TM, hist=True)
Q("2026-03-01", "U04", "C02", "Which came first: the ankle injury at Quayside or the self-belay inspection at Millbrook?",
  "The ankle injury, on Saturday 14 February; the inspection was on Tuesday 17 February.", "s11:1 s11:5", TM)
Q("2026-04-10", "U01", "C01", "How many days after Ines started did we sign the second setter for Foundry?",
  "Seven days: Ines started 23 March, Marco Bellini signed 30 March.", "s15:6 s19:5", TM)
Q("2026-06-24", "U02", "C02", "How long was I away on leave in the end?",
  "Four weeks: from 11 May, back on Monday 8 June.", "s25:8 s30:8", TM)
Q("2026-07-01", "U05", "C01", "How long after the gym opened will the café be ready?",
  "About two months: opened 5 June, café planned for August.", "s30:1 s30:5", TM)
Q("2026-04-09", "U03", "C01", "When is the Quayside bouldering area shut for comp setting?",
  "Thursday 16 April.", "s14:5", TM)
Q("2026-05-15", "U06", "C01", "When did our old fixed-price energy deal run out?",
  "30 April, when the Brightwell fixed tariff ended.", "s06:10 s25:3", TM)
Q("2026-05-06", "U04", "C01", "When did Maren sign off the timed-entry trial for Quayside, and when did its first night run?",
  "Approved on 17 March for April; the first night was Tuesday 7 April.", "s16:7 s20:9", TM)

# --- open-domain / inference ----------------------------------------------------------------
Q("2026-05-10", "U06", "C01", "Would Maren be up for a charity 10k run with the team?",
  "Very likely: she's a runner who just did a half marathon in 1:52:40.", "s22:7", OD)
Q("2026-02-20", "U05", "D05", "Would the new Argentine grill in town work for a team dinner I'm going to?",
  "Probably not: you're vegan and want proper vegan mains.", "s09:3", OD)
Q("2026-02-14", "U01", "D01", "Someone wants a 9am Saturday planning session. Should I say yes?",
  "No: Saturday mornings are your long runs, and you take no weekend meetings before noon.", "s02:3", OD)
Q("2026-05-10", "U05", "C01", "Who on the team would be best to lead a members' trip to real rock?",
  "Tobias: he climbs outdoors, e.g. at Stoneclough quarry, and models routes on it.", "s24:11", OD)
Q("2026-04-20", "U04", "D04", "What could I bring in as a treat for the team later in the summer?",
  "Jars of honey from your hives after the August harvest.", "s17:5", OD)
Q("2026-03-15", "U06", "D06", "Would a weekend joinery workshop be my kind of thing?",
  "Yes: you make furniture in the evenings and built a walnut coffee table.", "s12:10", OD)
Q("2026-03-04", "U05", "D05", "What sort of volunteering at the town arts festival would suit me?",
  "Something musical: you play cello in the Harlow Community Orchestra.", "s09:5", OD)
Q("2026-02-25", "U03", "D03", "Could I do an 8:30 stand-up on Mondays?",
  "No: you don't take meetings before 10am because of Arjun's school run.", "s05:6", OD)
Q("2026-04-12", "U02", "D02", "If a hold breaks on a Sunday, should Ines phone me?",
  "No: text instead; you dislike calls on days off and are often offline at the crag on Sundays.", "s18:7 s18:9", OD)
Q("2026-04-28", "U04", "D04", "Could I run the desk team's first-aid refreshers myself next year instead of bringing in the usual firm?",
  "Plausibly, once you've done the first aid instructor course on 14–15 April; it would replace St Aidan Training.", "s17:11 s06:4", OD)
Q("2026-04-05", "U05", "C01", "Is Quayside likely to be packed if we run a meetup there on a Tuesday evening?",
  "Yes: Tuesday evenings are still its most crowded time, hence the timed-booking trial.", "s16:6 s16:7", OD)
Q("2026-04-01", "U03", "C03", "Will people be able to grab a coffee in the building when the new gym opens?",
  "Probably not: the café fit-out was delayed to later in the summer.", "s13:1", OD)
Q("2026-07-02", "U04", "C01", "If we ran a climbing-film night, which local business might sponsor the drinks?",
  "Tidemark brewery, which sponsored Spring Send and the Foundry launch party.", "s08:8 s14:7 s29:7", OD)
Q("2026-06-05", "U05", "D05", "Would I be a sensible person to help set the autumn comp?",
  "Likely yes: Tobias approved your setting course and wants you shadowing Ines first.", "s26:7", OD)
Q("2026-07-01", "U01", "D01", "Is Jun really the right person to take on the board's autumn study?",
  "Maybe not alone: he wants a four-day week from September for his furniture business, and the study is due in October.", "s31:1 s31:3", OD)
Q("2026-03-03", "U06", "D06", "Can I book a long vendor meeting on a Wednesday afternoon next week?",
  "Probably yes: Biscuit's 2–4pm Wednesday vet visits were only for February.", "s12:6", OD)
Q("2026-05-16", "U03", "D03", "Is it worth me keeping up the language app over the next few months?",
  "Yes: you go to Lisbon from 27 July, so the Portuguese will be useful.", "s23:1 s23:5", OD)
Q("2026-06-20", "U01", "C01", "Would the new Foundry crowd enjoy a really hard bouldering comp right away?",
  "Probably not yet: the opening set was deliberately soft for new climbers, though a harder circuit is coming.", "s30:7 s30:8", OD)
Q("2026-06-27", "U06", "C01", "Are we going to have trouble parking at Foundry on weekday evenings?",
  "Less now: only 22 spaces on site, but 40 overflow spaces at the retail park after 5pm.", "s27:10 s29:5", OD)
Q("2026-07-06", "U05", "C01", "Is it easy to get a Sunday morning kids' party slot at Millbrook?",
  "Unlikely: Sundays were fully booked, which is why Saturday parties came back in May.", "s28:5", OD)
Q("2026-05-06", "U03", "C02", "Is Ines ready to run a setting crew without Tobias?",
  "It seems so: she's full-time from 1 May and leads the Foundry opening set during his leave.", "s19:5 s24:8", OD)
Q("2026-04-16", "U04", "D04", "Would a classic motorbike show be my sort of day out?",
  "Yes: you're restoring a 1978 café racer.", "s17:7", OD)
Q("2026-07-08", "U02", "C02", "Is it worth putting Orbit on the next Foundry volume order?",
  "Yes: the redesigned volumes had no cracks after eight weeks and Orbit is now the second volume supplier.", "s32:1", OD)
Q("2026-07-01", "U03", "C01", "Could we ask Jun to make a bench for the Foundry lobby?",
  "Probably: he built Foundry's reception desk himself.", "s29:10", OD)
Q("2026-06-30", "U01", "D01", "I mostly work from Foundry now. Was the house move a good call for work?",
  "Yes: from Fernhill, Foundry is about ten minutes away, and you say your commute is great.", "s02:7 s31:11", OD)

# --- questions on the last sessions ---------------------------------------------------------
Q("2026-07-15", "U02", "D02", "How early did the little one turn up in the end?",
  "Two days early: Elsa was born on 6 May, due 8 May.", "s18:3 s35:1", TM)
Q("2026-07-10", "U06", "D06", "What's the name of my side business again?",
  "Grainline Workshop.", "s33:3", SH)
Q("2026-07-14", "U06", "D06", "Would a steakhouse be a good pick for my birthday dinner?",
  "Not for you: you've been vegetarian since May.", "s33:9", OD)
Q("2026-07-14", "U02", "D02", "When am I sitting the setter assessment now?",
  "November, moved from September because of Foundry's first big reset.", "s35:5", TM)
Q("2026-07-14", "U05", "C01", "Which of our summer activities does Nadia lead?",
  "The monthly women's climbing night at Quayside and the youth camp at Quayside on 3–7 August.", "s14:2 s34:5", MH)
Q("2026-07-20", "U01", "C01", "How many weeks are there between the movie evening and the autumn comp?",
  "About 13 weeks: 16 July to Saturday 17 October.", "s34:7 s34:12", TM)
Q("2026-07-12", "U04", "C01", "Is the Millbrook hot water problem solved for good?",
  "Not for good: no complaints since the booster, but Hearthline says a full new boiler is needed within two years.", "s34:3 s34:4", OD)
Q("2026-07-14", "U03", "D03", "Who's standing in for me on staffing while I'm away this summer?",
  "Felix Grant: he covers the rotas and the youth camp staffing rota.", "s23:3 s34:6", MH)
Q("2026-07-10", "U06", "C01", "How many tickets do we have to sell for the movie evening to cover the costs?",
  "28 tickets at £8 to cover the £220 licence.", "s34:9", SH)
Q("2026-07-16", "U01", "C01", "Which of our non-setters has been getting a taste of setting lately, and who's teaching her?",
  "Sofia Ortega: she shadows Ines Carvalho at Foundry on Wednesdays from July.", "s32:11", SH)
Q("2026-07-16", "U02", "D02", "Which mornings should people keep free of meetings for me after the summer?",
  "Wednesday and Thursday mornings, your setting days from August (Tuesday is now nursery pickup).", "s35:9", SH)


# ---------------------------------------------------------------------------------------------
# Numbering, checks, output.
RELATIVE = re.compile(r"\b(yesterday|tomorrow|today|tonight|this morning|last week|next week|last weekend|"
                      r"(on|by) (Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)(?! \d))\b", re.I)


def d(s):
    return dt.date.fromisoformat(s)


def build():
    errors = []
    uids = {u for u, _ in USERS}
    chans = {c for c, _, _ in CHANNELS}
    out_sessions, fact_by_lab, fact_session, superseded = [], {}, {}, set()
    turn_ids, prev_date = set(), None
    for si, S_ in enumerate(SESSIONS):
        sid = S_["id"]
        if sid != "s%02d" % (si + 1):
            errors.append("session id out of order: " + sid)
        if prev_date and d(S_["date"]) < prev_date:
            errors.append(sid + ": date goes backwards")
        prev_date = d(S_["date"])
        ch = S_["channel"]
        if ch.startswith("D"):
            if DM_OWNER.get(ch) != S_["user"]:
                errors.append(sid + ": DM not owned by session user")
        elif ch not in chans:
            errors.append(sid + ": unknown channel")
        if not 8 <= len(S_["turns"]) <= 14:
            errors.append(sid + ": %d turns" % len(S_["turns"]))
        if not 6 <= len(S_["facts"]) <= 10:
            errors.append(sid + ": %d facts" % len(S_["facts"]))
        turns = []
        speakers = set()
        for k, (n, spk, text) in enumerate(S_["turns"]):
            if n != k + 1:
                errors.append("%s: turn %d numbered %d" % (sid, k + 1, n))
            if spk != "bot" and spk not in uids:
                errors.append("%s:%d bad speaker" % (sid, n))
            speakers.add(spk)
            tid = "%s:%d" % (sid, n)
            turn_ids.add(tid)
            turns.append({"id": tid, "speaker": spk, "text": text})
        if S_["user"] not in speakers or "bot" not in speakers:
            errors.append(sid + ": session user or bot never speaks")
        if ch.startswith("D") and speakers - {S_["user"], "bot"}:
            errors.append(sid + ": someone else speaks in a DM")
        facts = []
        for k, f in enumerate(S_["facts"]):
            fid = "%sf%d" % (sid, k + 1)
            nw = len(f["text"].split())
            if not 8 <= nw <= 30:
                errors.append("%s: %d words" % (fid, nw))
            ev = ["%s:%d" % (sid, t) for t in f["turns"]]
            for e in ev:
                if e not in turn_ids:
                    errors.append(fid + ": missing evidence " + e)
            item = {"id": fid, "text": f["text"], "evidence": ev}
            if f["sup"]:
                sup = []
                for lab in f["sup"]:
                    if lab not in fact_by_lab:
                        errors.append(fid + ": unknown/forward supersedes label " + lab)
                        continue
                    sup.append(fact_by_lab[lab])
                    superseded.add(fact_by_lab[lab])
                item["supersedes"] = sup
            if f["lab"]:
                if f["lab"] in fact_by_lab:
                    errors.append("duplicate label " + f["lab"])
                fact_by_lab[f["lab"]] = fid
            fact_session[fid] = sid
            facts.append(item)
        out_sessions.append({"id": sid, "date": S_["date"], "user": S_["user"], "channel": ch,
                             "turns": turns, "facts": facts})

    # turn -> covering facts
    cover = {}
    for S_ in out_sessions:
        for f in S_["facts"]:
            for e in f["evidence"]:
                cover.setdefault(e, []).append(f["id"])
    sdate = {S_["id"]: d(S_["date"]) for S_ in out_sessions}
    schan = {S_["id"]: S_["channel"] for S_ in out_sessions}

    out_q = []
    for qi, q in enumerate(QUESTIONS):
        qid = "q%03d" % (qi + 1)
        ev = q["evidence"]
        sess = sorted({e.split(":")[0] for e in ev})
        for e in ev:
            if e not in turn_ids:
                errors.append(qid + ": missing evidence " + e)
            elif e not in cover:
                errors.append(qid + ": evidence turn not covered by any fact " + e)
            elif not q["historical"] and all(f in superseded for f in cover[e]):
                errors.append(qid + ": evidence %s only covered by superseded facts (not flagged historical)" % e)
        if q["historical"] and not any(f in superseded for e in ev for f in cover.get(e, [])):
            errors.append(qid + ": flagged historical but cites no superseded fact")
        if q["category"] == MH and len(sess) < 2:
            errors.append(qid + ": multi-hop with one session")
        last = max(sdate[s] for s in sess)
        gap = (d(q["asked_on"]) - last).days
        if not 7 <= gap <= 42:
            errors.append("%s: asked %d days after latest evidence" % (qid, gap))
        if q["user"] not in uids:
            errors.append(qid + ": bad asker")
        for who, spans in AWAY.items():
            if q["user"] == who and any(d(a) <= d(q["asked_on"]) <= d(b) for a, b in spans):
                errors.append(qid + ": asker is away on asked_on")
        dm_sess = [s for s in sess if schan[s].startswith("D")]
        for s in dm_sess:
            if DM_OWNER[schan[s]] != q["user"] or q["channel"] != schan[s]:
                errors.append(qid + ": DM evidence asked outside the owner's DM")
        if q["channel"].startswith("D") and DM_OWNER.get(q["channel"]) != q["user"]:
            errors.append(qid + ": asked in someone else's DM")
        out_q.append({"id": qid, "asked_on": q["asked_on"], "user": q["user"], "channel": q["channel"],
                      "question": q["question"], "answer": q["answer"], "evidence": ev,
                      "category": q["category"]})

    data = {
        "about": "rtrain4: fictional Slack of Crux Collective's 6-person operations team (climbing gyms: "
                 "Millbrook, Quayside, new Crux Foundry in Larkhill), Jan-Jun 2026. Hand-written training set "
                 "for a memory ranker; same format as tests/support/data/recall.",
        "team": {"users": [{"id": u, "name": n} for u, n in USERS],
                 "channels": [{"id": c, "name": n, "private": p} for c, n, p in CHANNELS]},
        "sessions": out_sessions,
        "questions": out_q,
    }
    text = json.dumps(data, ensure_ascii=False, indent=1)
    if json.loads(text) != data:
        errors.append("JSON does not round-trip")
    return data, text, errors, superseded


def stats(data, superseded):
    ss, qs = data["sessions"], data["questions"]
    facts = [f for s in ss for f in s["facts"]]
    nt = [len(s["turns"]) for s in ss]
    nf = [len(s["facts"]) for s in ss]
    rel = [f for f in facts if RELATIVE.search(f["text"])]
    lines = [
        "sessions: %d (%d in channels, %d DMs), %s to %s" % (
            len(ss), sum(not s["channel"].startswith("D") for s in ss),
            sum(s["channel"].startswith("D") for s in ss), ss[0]["date"], ss[-1]["date"]),
        "turns: %d (min %d, max %d per session)" % (sum(nt), min(nt), max(nt)),
        "facts: %d (min %d, max %d per session); with supersedes: %d; superseded: %d; relative date: %d (%.0f%%)" % (
            len(facts), min(nf), max(nf), sum("supersedes" in f for f in facts), len(superseded),
            len(rel), 100.0 * len(rel) / len(facts)),
        "questions: %d, asked %s to %s" % (len(qs), min(q["asked_on"] for q in qs), max(q["asked_on"] for q in qs)),
    ]
    for c in (SH, MH, TM, OD):
        n = sum(q["category"] == c for q in qs)
        lines.append("  %s: %d (%.0f%%)" % (c, n, 100.0 * n / len(qs)))
    hist = [q["id"] for q, src in zip(qs, QUESTIONS) if src["historical"]]
    lines.append("historical questions (cite a superseded fact on purpose): " + ", ".join(hist))
    return "\n".join(lines)


if __name__ == "__main__":
    data, text, errors, superseded = build()
    if errors:
        print("\n".join(errors))
        sys.exit(1)
    with open(OUT, "w", encoding="utf-8") as fh:
        fh.write(text + "\n")
    print(stats(data, superseded))
