#!/usr/bin/env python3
"""Builds rtrain1.json: a hand-written, fictional two-friend chat corpus for training a memory ranker.

All session text, facts and questions below were written by hand. This script only numbers
sessions/turns/questions, resolves fact references in question evidence to turn ids, fills
asked_on dates that are not pinned (deterministic RNG), runs checks and writes the JSON.
Standard library only. Rebuild: python3 gen.py
"""
import datetime as dt
import json
import os
import random
import re
import sys

SEED = 20250901
HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "rtrain1.json")

USERS = {"T": "U01TESSA", "M": "U02MARCUS"}
NAMES = {"U01TESSA": "Tessa Lindqvist", "U02MARCUS": "Marcus Adeyemi"}
CHANNEL = "C01CATCHUP"


def F(n, text, turns, sup=None):
    return {"n": n, "text": text, "turns": turns, "sup": sup or []}


def S(date, user, turns, facts):
    return {"date": date, "user": user, "turns": turns, "facts": facts}


SESSIONS = [
    # s01
    S("2025-02-02", "M", [
        ("M", "Tess! Happy belated new year. Feels like forever. How's Bristol treating you?"),
        ("T", "Marcus!! Bristol's grey and wet but I've finally done a thing: signed up for an 8-week pottery wheel course at Clay Cellar, Tuesday evenings. First bowl came out looking like a collapsed hat."),
        ("M", "A hat-bowl is still a bowl. I've got news that trumps that though - Ines and I got engaged! I asked her on Christmas Eve at her parents' place in Porto."),
        ("T", "WHAT. I'm screaming on the bus. Congratulations!! Have you picked a date?"),
        ("M", "Saturday 13 September. We've provisionally booked Holloway Barn in Cheshire, about 120 guests if both families turn up in full."),
        ("T", "Perfect - that's after my annual leave resets, so I'll definitely be there."),
        ("M", "You'd better be. Other news: Ines has an interview for a textile conservator job in Edinburgh. If she gets it we might be moving north."),
        ("T", "Edinburgh! Further from me but still a train ride. How's the testing life at Quaylight?"),
        ("M", "Release crunch. We're pushing the new mobile banking app update and I'm the one who has to break it before customers do."),
        ("T", "Same energy as the cardiac ward at Harbourside right now. Winter flu has us at full capacity, and I only got over my own flu last week."),
        ("M", "Take care of yourself. Feels like yesterday we were in Ranmoor halls in first year eating toast at 2am."),
        ("T", "Sheffield 2014, the toast era. Still the best year of my life."),
    ], [
        F(1, "Tessa Lindqvist signed up for an eight-week pottery wheel course at Clay Cellar in Bristol on Tuesday evenings.", [2]),
        F(2, "Tessa's first bowl at pottery class came out lopsided; she joked that it looked like a collapsed hat.", [2]),
        F(3, "Marcus Adeyemi proposed to Ines Duarte on Christmas Eve at her parents' home in Porto, and she said yes.", [3]),
        F(4, "Marcus and Ines set their wedding for Saturday 13 September at Holloway Barn in Cheshire, with about 120 guests.", [5]),
        F(5, "Ines Duarte has an interview for a textile conservator job in Edinburgh, which could mean she and Marcus move north.", [7]),
        F(6, "Marcus works as a software tester at Quaylight and is testing a new mobile banking app update under release pressure.", [9]),
        F(7, "Tessa works as a nurse on the cardiac ward at Harbourside General Hospital, which is at full capacity with winter flu.", [10]),
        F(8, "Tessa recovered from her own bout of flu last week.", [10]),
        F(9, "Tessa and Marcus met in first year at Ranmoor halls at the University of Sheffield in 2014.", [11, 12]),
        F(10, 'Tessa expects to make the September wedding date because her annual leave resets before then.', [6]),
    ]),
    # s02
    S("2025-02-08", "T", [
        ("T", "Quick one before a night shift: Dad's finally got a date for his hip replacement - 18 March at Southmead. He's pretending not to be nervous."),
        ("M", "Tell Alan good luck from me. Is your mum coping?"),
        ("T", "Ruth is coping by reorganising the entire house so he won't trip. Also... Freya is pregnant! Due mid-May. I'm going to be an auntie."),
        ("M", "Auntie Tess! That's brilliant. First grandchild for your parents?"),
        ("T", "Yep, they're beside themselves. How's your lot?"),
        ("M", "Mum wants to throw us an engagement party in Leicester on 1 March. She's already ordered jollof for sixty, no consultation."),
        ("T", "Funmi never changes. Am I invited?"),
        ("M", "Obviously. Tunde's coming down from Leeds too, if his architecture deadlines let him."),
        ("T", "How's the head? You were getting those migraines before Christmas."),
        ("M", "Worse, honestly. Had two last week that wiped out a whole day each. GP has referred me to a neurologist."),
        ("T", "Keep a headache diary - triggers, sleep, screen time. Nurse orders."),
        ("M", "Yes ma'am. Go save lives."),
    ], [
        F(1, "Tessa's dad, Alan Lindqvist, is scheduled for a hip replacement on 18 March at Southmead Hospital.", [1]),
        F(2, "Tessa's mum Ruth is reorganising the family house so that Alan will not trip after his hip surgery.", [3]),
        F(3, "Tessa's sister Freya is pregnant with her first child, due in mid-May, the first grandchild for Alan and Ruth.", [3, 4, 5]),
        F(4, "Marcus's mum, Funmi Adeyemi, is hosting an engagement party for Marcus and Ines in Leicester on 1 March and ordered jollof for sixty.", [6]),
        F(5, "Marcus invited Tessa to his engagement party in Leicester, and his brother Tunde is coming down from Leeds.", [7, 8]),
        F(6, "Marcus's younger brother Tunde Adeyemi studies architecture at university in Leeds.", [8]),
        F(7, "Marcus had two migraines last week that each wiped out a day, and his GP referred him to a neurologist.", [10]),
        F(8, "Tessa advised Marcus to keep a headache diary tracking triggers, sleep and screen time.", [11]),
        F(9, "Tessa messaged Marcus about her dad's surgery date just before starting a night shift.", [1]),
    ]),
    # s03
    S("2025-02-15", "M", [
        ("M", "Back from Edinburgh. Ines's interview went well - the second round is a practical, handling a 19th-century tapestry."),
        ("T", "Fancy! Did you get to look around the city?"),
        ("M", "We walked round Leith for a whole afternoon. Loved it - the Shore, all the little cafes. If it happens, that's where we'd want to rent."),
        ("T", "Leith is lovely. I went once for a nursing conference."),
        ("M", "How's the clay going?"),
        ("T", "Week three: I made two mugs that actually hold liquid. The instructor, Dot, says my centring is 'aggressive'."),
        ("M", "That tracks."),
        ("T", "Rude. Also, I've been browsing greyhound rescues. My flat has a little garden and the landlord said pets are fine."),
        ("M", "A dog, with your shifts?"),
        ("T", "Greyhounds sleep 18 hours a day apparently, and Joss works from home so she could let it out."),
        ("M", "Sounds like you've already decided. What's the book club doing this month?"),
        ("T", "The Salt Orchard by Mara Quill. Family saga on a Norfolk fruit farm. I'm halfway and crying on the 76 bus."),
    ], [
        F(1, "Ines Duarte's first interview for the Edinburgh conservator job went well; the second round is a practical handling a 19th-century tapestry.", [1]),
        F(2, "Marcus and Ines spent an afternoon exploring Leith in Edinburgh and would want to rent there if they move.", [3]),
        F(3, "Tessa once visited Leith in Edinburgh for a nursing conference.", [4]),
        F(4, "After three weeks of pottery class Tessa made two mugs that hold liquid; her instructor Dot calls her centring aggressive.", [6]),
        F(5, "Tessa is browsing greyhound rescues; her Bristol flat has a small garden and her landlord allows pets.", [8]),
        F(6, "Tessa's flatmate Joss works from home and could let a dog out while Tessa is on shift.", [10]),
        F(7, "Tessa's library book club is reading The Salt Orchard by Mara Quill, a family saga set on a Norfolk fruit farm.", [11, 12]),
        F(8, 'Tessa reads her book club novels on the number 76 bus in Bristol.', [12]),
    ]),
    # s04
    S("2025-02-23", "T", [
        ("T", "How did the neurologist go?"),
        ("M", "Dr Okonjo says classic migraine, probably triggered by poor sleep and way too much coffee. I'm on a low dose of propranolol and allowed one coffee a day."),
        ("T", "One coffee. RIP the Marcus I knew."),
        ("M", "She also said regular exercise helps, so I've signed up for the Manchester 10k on 18 May. Don't laugh."),
        ("T", "I'm not laughing, I'm proud! I'll send you my couch-to-5k playlist."),
        ("M", "Please do. What's new with you?"),
        ("T", "A senior staff nurse post came up in the intensive care unit at Harbourside. Band 6. Closing date 10 March."),
        ("M", "You should go for it. You've been on the cardiac ward what, five years?"),
        ("T", "Five and a half. ICU scares me a bit but I think I'm ready."),
        ("M", "You are. Ines says the same - she always said you'd end up running a ward."),
        ("T", "Tell Ines she's my favourite. Any news on her job?"),
        ("M", "Practical is on Thursday. Fingers crossed."),
    ], [
        F(1, "A neurologist, Dr Okonjo, diagnosed Marcus with migraine most likely triggered by poor sleep and too much coffee.", [2]),
        F(2, "Marcus was prescribed a low dose of propranolol and told to limit himself to one coffee a day.", [2]),
        F(3, "Marcus signed up for the Manchester 10k on 18 May, partly because regular exercise helps with migraines.", [4]),
        F(4, "Tessa offered to send Marcus her couch-to-5k running playlist.", [5]),
        F(5, "A Band 6 senior staff nurse post opened in the intensive care unit at Harbourside General, closing on 10 March.", [7]),
        F(6, "Tessa has worked on the cardiac ward at Harbourside General for five and a half years.", [8, 9]),
        F(7, "Ines Duarte's practical assessment for the Edinburgh conservator job is on Thursday.", [12]),
        F(8, 'Ines Duarte has long predicted that Tessa will end up running a hospital ward.', [10, 11]),
    ]),
    # s05
    S("2025-03-02", "T", [
        ("T", "Still full of jollof. Your mum's speech made me cry more than The Salt Orchard did."),
        ("M", "She's been rehearsing that for thirty years. Thanks for coming all the way up, and for the dish!"),
        ("T", "My first pottery piece good enough to give away. Handle it gently, the glaze is 'experimental'."),
        ("M", "It's on the mantelpiece. Bigger news: Ines got the job! The Caledonian Textile Museum offered on Friday. She starts 12 May."),
        ("T", "YES. Tell her I'm so proud. So you're definitely moving?"),
        ("M", "Definitely. I'll ask Quaylight if I can go fully remote. If not, I start job hunting up there."),
        ("T", "And the wedding? Holloway Barn is a long way from Edinburgh."),
        ("M", "That's the headache. Half of Ines's family fly in from Porto anyway, so we're thinking of moving it to Scotland. Nothing decided."),
        ("T", "Tunde was great by the way. He showed me photos of his model of a floating library."),
        ("M", "That's his final-year project. He won't shut up about it."),
        ("T", "Also your aunt Bisi tried to set me up with her neighbour's son."),
        ("M", "Classic Aunt Bisi. Did you give her your number?"),
        ("T", "I gave her Joss's number. Chaos is my gift."),
    ], [
        F(1, "Funmi Adeyemi gave an emotional speech at Marcus and Ines's engagement party that made Tessa cry.", [1, 2]),
        F(2, "Tessa gave Marcus and Ines a serving dish she made at pottery class as an engagement present.", [2, 3, 4]),
        F(3, "The Caledonian Textile Museum in Edinburgh offered Ines Duarte the conservator job on 28 February; she starts on 12 May.", [4]),
        F(4, "Marcus and Ines are definitely moving to Edinburgh; Marcus will ask Quaylight about working fully remote or else job hunt.", [5, 6]),
        F(5, "Marcus and Ines are considering moving their wedding from Holloway Barn to Scotland, since Ines's family fly in from Porto.", [7, 8]),
        F(6, "Marcus's brother Tunde's final-year architecture project is a model of a floating library.", [9, 10]),
        F(7, "Marcus's aunt Bisi tried to set Tessa up with her neighbour's son at the engagement party; Tessa gave out Joss's number.", [11, 13]),
        F(8, 'Tunde Adeyemi attended the engagement party in Leicester and showed Tessa photos of his floating library model.', [9]),
    ]),
    # s06
    S("2025-03-09", "T", [
        ("T", "Meet Biscuit. Four-year-old brindle ex-racer from Second Stride Greyhound Rescue. Came home yesterday."),
        ("M", "STOP. He's so long. Is he all legs?"),
        ("T", "All legs and nerves. He's scared of the kettle and the stairs. Spent the first night sleeping on my coat."),
        ("M", "Poor lad. He'll settle. Did you send the ICU application?"),
        ("T", "Sent it Friday, three days before the deadline. Now I'm refreshing my email like a maniac."),
        ("M", "Good. My news: Priya, my manager, agreed I can work fully remote from Edinburgh for a six-month trial."),
        ("T", "That's a relief! So no job hunting."),
        ("M", "For now. If the trial doesn't work I'm out looking. What are you reading?"),
        ("T", "Book club finished The Salt Orchard, now it's some thriller nobody likes. You?"),
        ("M", "The Cartographer's Winter by Hal Brennick. Polar expedition, maps, frostbite. Ines says I read it like a test plan."),
        ("T", "Send it my way when you're done."),
        ("M", "Deal. Give Biscuit a scratch from Uncle Marcus."),
    ], [
        F(1, "Tessa adopted Biscuit, a four-year-old brindle ex-racing greyhound, from Second Stride Greyhound Rescue yesterday.", [1]),
        F(2, "Biscuit the greyhound is nervous, frightened of the kettle and the stairs, and slept on Tessa's coat his first night.", [3]),
        F(3, "Tessa submitted her application for the ICU senior staff nurse post on 7 March, three days before the deadline.", [4, 5]),
        F(4, "Marcus's manager at Quaylight, Priya, agreed that he can work fully remote from Edinburgh for a six-month trial.", [6]),
        F(5, "Marcus says he will start job hunting if the six-month remote trial at Quaylight does not work out.", [7, 8]),
        F(6, "Tessa's book club finished The Salt Orchard and moved on to a thriller that nobody in the group likes.", [9]),
        F(7, "Marcus is reading The Cartographer's Winter by Hal Brennick, a novel about a polar expedition.", [10]),
        F(8, "Tessa asked to borrow Marcus's copy of The Cartographer's Winter once he has finished it.", [11, 12]),
    ]),
    # s07
    S("2025-03-15", "M", [
        ("M", "Wedding update, officially: we've moved it to Larchfield House, near Peebles, on Saturday 11 October."),
        ("T", "October in the Borders! Gorgeous. What happened to the barn?"),
        ("M", "Holloway Barn refunded half the deposit, which is more than we expected. And the guest list is down to 90 - Scotland's a trek for some of Mum's church friends."),
        ("T", "Funmi must be devastated."),
        ("M", "She's negotiating a coach. Anyway. The real question: will you be my best woman?"),
        ("T", "Marcus. Are you serious?"),
        ("M", "Dead serious. You've known me longest and you're the only one who can stop me crying during the speeches."),
        ("T", "YES. Obviously yes. I'm already planning my speech and it includes the Ranmoor fire alarm."),
        ("M", "Please no."),
        ("T", "Too late. Other news: my pottery course ends Tuesday but I've signed up for the next term - intermediate, glazing and handles."),
        ("M", "Dot will be thrilled. How's Biscuit?"),
        ("T", "Conquered the stairs! Still hates the kettle."),
    ], [
        F(1, "Marcus and Ines moved their wedding to Larchfield House near Peebles, on Saturday 11 October.", [1], ["s01f4"]),
        F(2, "Holloway Barn in Cheshire refunded half of Marcus and Ines's deposit after they cancelled.", [3]),
        F(3, "Marcus and Ines's wedding guest list shrank from about 120 to 90 after moving the wedding to Scotland.", [3], ["s01f4"]),
        F(4, "Funmi Adeyemi is arranging a coach to bring her church friends to the wedding in Scotland.", [4, 5]),
        F(5, "Marcus asked Tessa to be his best woman at the wedding, and she accepted.", [5, 6, 7, 8]),
        F(6, "Tessa plans to tell the Ranmoor halls fire alarm story in her best woman speech, despite Marcus's objections.", [8, 9]),
        F(7, "Tessa signed up for an intermediate pottery term at Clay Cellar on glazing and handles, after her beginner course ends Tuesday.", [10]),
        F(8, "Biscuit the greyhound has learned to use the stairs but is still scared of the kettle.", [12], ["s06f2"]),
    ]),
    # s08
    S("2025-03-22", "M", [
        ("M", "How's your dad after the op?"),
        ("T", "Surgery on Tuesday went perfectly. He was walking with a frame the next day and flirting with the physio."),
        ("M", "Alan the charmer. Is he home?"),
        ("T", "Home in Portishead since Friday. Mum has him on a strict regime of exercises and soup. I'm popping over on my days off with Biscuit."),
        ("M", "Biscuit as therapy dog."),
        ("T", "He just lies on Dad's feet, which Dad says is the best painkiller. Also - I got an interview for the ICU job! 3 April."),
        ("M", "Knew it. Want to do a mock interview over video?"),
        ("T", "Yes please. You're a tester, be brutal."),
        ("M", "I'll find every edge case. Some evening next week?"),
        ("T", "Thursday. What's going on your side?"),
        ("M", "Booking Porto for Easter. Ines wants her parents, Rui and Helena, to meet our wedding photographer over video while we're there."),
        ("T", "Eat a pastel de nata for me."),
    ], [
        F(1, "Alan Lindqvist's hip replacement on 18 March went well, and he was walking with a frame the next day.", [2]),
        F(2, "Alan Lindqvist has been recovering at home in Portishead since Friday, with Ruth running his exercises and soup regime.", [4]),
        F(3, "Tessa visits her parents in Portishead on her days off with Biscuit, who lies on Alan's feet like a painkiller.", [4, 5, 6]),
        F(4, "Tessa was invited to interview for the ICU senior staff nurse job on 3 April.", [6]),
        F(5, "Marcus offered to run a mock interview with Tessa over video, and they set it for Thursday evening.", [7, 8, 9, 10]),
        F(6, "Marcus and Ines are booking a trip to Porto over Easter to see Ines's parents, Rui and Helena Duarte.", [11]),
        F(7, "Ines wants her parents to meet the wedding photographer over video during the Easter visit to Porto.", [11]),
        F(8, 'Tessa asked Marcus to be brutal in her mock interview, and he promised to find every edge case.', [8, 9]),
        F(9, 'Tessa asked Marcus to eat a pastel de nata for her while he is in Porto.', [11, 12]),
    ]),
    # s09
    S("2025-03-30", "T", [
        ("T", "Thanks again for Thursday's mock interview. Your question about a deteriorating patient with a DNR conflict was evil."),
        ("M", "Edge cases, Tess. You nailed the follow-ups though."),
        ("T", "I've written out my STAR answers on index cards. Biscuit ate one."),
        ("M", "Which one?"),
        ("T", "Leadership. Ominous."),
        ("M", "Ha. On my side, the migraines are way down - only one this month since the propranolol and the one-coffee rule."),
        ("T", "That's huge! And the running?"),
        ("M", "Three runs a week. Did 7k along the canal yesterday without dying."),
        ("T", "You're going to smash the 10k. Big 3-0 on Wednesday, what's the plan?"),
        ("M", "Ines is taking me to a secret dinner. I suspect the Nigerian-Portuguese fusion place in the Northern Quarter."),
        ("T", "Your present is in the post. It's breakable. Don't let Ines open it."),
        ("M", "You made something, didn't you."),
        ("T", "No comment. Also Nadia's invited me to Skye at the end of April - she's got a cottage near Portree for five nights."),
        ("M", "Nadia from the climbing club? Amazing, say hi."),
    ], [
        F(1, "Marcus ran a mock interview with Tessa on Thursday, including a hard question about a deteriorating patient with a DNR conflict.", [1, 2]),
        F(2, "Tessa wrote STAR answers on index cards for her ICU interview, and Biscuit ate the leadership card.", [3, 4, 5]),
        F(3, "Since starting propranolol and the one-coffee rule, Marcus has had only one migraine in March.", [6]),
        F(4, "Marcus now runs three times a week and ran 7k along the canal in Manchester on 29 March.", [8]),
        F(5, "Marcus turns 30 on 2 April, and Ines is taking him to a secret birthday dinner.", [9, 10]),
        F(6, "Tessa posted Marcus a breakable birthday present that she made herself.", [11, 12, 13]),
        F(7, "Tessa's university friend Nadia, from the Sheffield climbing club, invited her to a cottage near Portree on Skye for five nights in late April.", [13, 14]),
        F(8, "Marcus guessed his birthday dinner would be at a Nigerian-Portuguese fusion restaurant in Manchester's Northern Quarter.", [10]),
    ]),
    # s10
    S("2025-04-05", "M", [
        ("M", "The mug!! A glazed ladybird inside the rim with 'FOUND A BUG' written next to it. Everyone at work wants one."),
        ("T", "Custom orders cost extra. Did you like the dinner?"),
        ("M", "It was Casa Lagos, as predicted, and Ines had got my brother down from Leeds to surprise me."),
        ("T", "Tunde! Lovely. My interview was Thursday. Panel of three: the matron and two consultants."),
        ("M", "And?"),
        ("T", "I think it went okay? The leadership question came up, without the card. They'll tell us by the end of next week."),
        ("M", "You'll get it. Now, best woman duty: the stag do. I want hills, not strippers."),
        ("T", "Lake District weekend? Keswick, a big walk up Skiddaw, pub, done."),
        ("M", "Perfect. Mid-June? Ines's hen do is in Lisbon the weekend of 7 June, so not that one."),
        ("T", "14-15 June then. I'll make a spreadsheet, you'll test it."),
        ("M", "I'll file defects."),
    ], [
        F(1, "Tessa's birthday present to Marcus was a handmade mug with a glazed ladybird and the words 'FOUND A BUG' inside the rim.", [1]),
        F(2, "Marcus's 30th birthday dinner was at Casa Lagos, where Ines surprised him by bringing his brother Tunde from Leeds.", [3]),
        F(3, "Tessa interviewed for the ICU post on 3 April before a panel of the matron and two consultants.", [4]),
        F(4, "Tessa expects to hear the result of her ICU interview by the end of next week.", [6]),
        F(5, "Marcus wants his stag do to be about hillwalking rather than a party weekend.", [7]),
        F(6, "Tessa is organising Marcus's stag do as a Keswick weekend on 14-15 June with a walk up Skiddaw.", [8, 9, 10]),
        F(7, "Ines Duarte's hen do is in Lisbon on the weekend of 7 June.", [9]),
        F(8, 'Tessa is tracking the stag do plans in a spreadsheet, and Marcus joked he would file defects against it.', [10, 11]),
    ]),
    # s11
    S("2025-04-13", "T", [
        ("T", "I GOT IT. Senior staff nurse, ICU. Start date 2 June, after a two-week induction."),
        ("M", "TESS!!! I knew it. Champagne?"),
        ("T", "Prosecco and a walk with Biscuit. Very glamorous. Bit sad to leave the cardiac team though."),
        ("M", "They'll survive. Leaving drinks?"),
        ("T", "End of May. What's happening with flats?"),
        ("M", "We applied for a two-bed on Constitution Street in Leith. Top floor, view of the docks, and the agent says we're first in line."),
        ("T", "Top floor means I'm carrying your boxes up four flights."),
        ("M", "You and the removal men. The move would be late July."),
        ("T", "I'll book leave. Also, The Cartographer's Winter arrived - thank you! Starting it tonight."),
        ("M", "The chapter with the sled dogs will wreck you. Sorry in advance."),
        ("T", "Brilliant. Pottery update: handles are harder than bowls. My mug handles look like ears."),
    ], [
        F(1, "Tessa got the ICU senior staff nurse job at Harbourside General and starts on 2 June after a two-week induction.", [1], ["s10f4"]),
        F(2, "Tessa celebrated the new job with prosecco and a walk with Biscuit, though she is sad to leave the cardiac team.", [2, 3]),
        F(3, "Tessa's leaving drinks with the cardiac ward team are planned for the end of May.", [4, 5]),
        F(4, "Marcus and Ines applied for a top-floor two-bedroom flat on Constitution Street in Leith, overlooking the docks.", [6]),
        F(5, "Marcus and Ines expect to move to Edinburgh in late July, and Tessa plans to book leave to help.", [7, 8, 9]),
        F(6, "Tessa received Marcus's copy of The Cartographer's Winter in the post and started reading it.", [9]),
        F(7, "Tessa finds making pottery handles harder than bowls; her mug handles look like ears.", [11]),
        F(8, "Marcus warned Tessa that the sled dogs chapter of The Cartographer's Winter would upset her.", [10]),
    ]),
    # s12
    S("2025-04-21", "M", [
        ("M", "Greetings from Porto. I have eaten my body weight in bacalhau."),
        ("T", "Jealous. How are Rui and Helena?"),
        ("M", "Lovely. Rui taught me to grill sardines on the balcony. Helena cried on the photographer call - Isla Murray, the one we booked in Edinburgh."),
        ("T", "Everyone's crying at this wedding and it hasn't happened yet."),
        ("M", "Sad bit: Ines's grandmother Lurdes can't fly any more, so we'll do a second small celebration in Porto next spring."),
        ("T", "That's a lovely idea. Two parties!"),
        ("M", "Twice the speeches. You ready for Skye?"),
        ("T", "Leaving Thursday. Overnight sleeper from London to Inverness, then Nadia drives us over. Biscuit's staying with my parents."),
        ("M", "Your dad gets his foot-warmer back."),
        ("T", "Exactly. Nadia wants to do the Old Man of Storr at sunrise. I want to sleep."),
        ("M", "Do both. Send pictures."),
    ], [
        F(1, "Marcus and Ines spent Easter in Porto with her parents, where Rui Duarte taught Marcus to grill sardines.", [1, 2, 3]),
        F(2, "Marcus and Ines booked Isla Murray, an Edinburgh photographer, for the wedding; Helena Duarte cried during the video call.", [3]),
        F(3, "Ines's grandmother Lurdes can no longer fly, so Marcus and Ines plan a second small celebration in Porto next spring.", [5, 6]),
        F(4, "Tessa leaves for Skye on 24 April, taking the overnight sleeper from London to Inverness before Nadia drives them over.", [8]),
        F(5, "Biscuit will stay with Tessa's parents in Portishead while she is away on Skye.", [8, 9]),
        F(6, "Nadia wants to hike the Old Man of Storr at sunrise on Skye, while Tessa would rather sleep in.", [10]),
        F(7, "Marcus ate a great deal of bacalhau while visiting Ines's family in Porto at Easter.", [1]),
    ]),
    # s13
    S("2025-04-27", "T", [
        ("T", "Day three on Skye. We did the Storr at sunrise. Worth it. Also I think I saw a golden eagle?"),
        ("M", "Think?"),
        ("T", "Nadia says it was a buzzard. A man with enormous binoculars said eagle. I'm siding with the man."),
        ("M", "Tessa the birder. New hobby incoming."),
        ("T", "Don't. Although... I did swim in the Fairy Pools this morning. Eight degrees. Felt incredible."),
        ("M", "You're unwell."),
        ("T", "I'm thriving. How's the flat?"),
        ("M", "Bad news. The Constitution Street landlord decided to sell, so it's off."),
        ("T", "Oh no. Back to square one?"),
        ("M", "Not quite. Ines found a garden flat in Portobello, five minutes from the beach. We're viewing it on video Tuesday."),
        ("T", "Portobello is great for runners - that long promenade."),
        ("M", "That's what sold me."),
    ], [
        F(1, "Tessa and Nadia hiked the Old Man of Storr at sunrise on Skye, and Tessa said it was worth it.", [1]),
        F(2, "On Skye Tessa saw a large bird she believes was a golden eagle, though Nadia thinks it was a buzzard.", [1, 2, 3]),
        F(3, "Tessa swam in the Fairy Pools on Skye in eight-degree water and said it felt incredible.", [5, 6]),
        F(4, "The Constitution Street flat in Leith fell through because the landlord decided to sell.", [8], ["s11f4"]),
        F(5, "Ines found a garden flat in Portobello, five minutes from the beach, and they are viewing it by video on Tuesday.", [10]),
        F(6, "Marcus likes that Portobello has a long promenade for running.", [11, 12]),
    ]),
    # s14
    S("2025-05-04", "M", [
        ("M", "We got the Portobello flat! Lease starts 19 July, and we'll move on the 26th."),
        ("T", "YES! Garden flat, beach, promenade. I'm coming to visit constantly."),
        ("M", "The spare room is basically yours. Biscuit is welcome in the garden."),
        ("T", "He'll be delighted. I've joined a cold-water swimming group since Skye - the Portishead Dippers, Sunday mornings at the lake grounds."),
        ("M", "Of course you have. What's next, birdwatching?"),
        ("T", "...I bought binoculars on Friday."),
        ("M", "HA. Called it."),
        ("T", "They were on sale! How's training?"),
        ("M", "Mixed. Pulled my calf on Wednesday doing hill reps. Physio says rest five days and I should still make the 10k."),
        ("T", "Ice, elevate, no heroics. And don't skip your propranolol when you're stressed."),
        ("M", "Yes, nurse."),
        ("T", "Senior nurse, soon."),
    ], [
        F(1, "Marcus and Ines secured the Portobello garden flat; the lease starts 19 July and they will move in on 26 July.", [1], ["s13f5"]),
        F(2, "Marcus says the spare room in the Portobello flat is effectively Tessa's, and Biscuit is welcome in the garden.", [2, 3]),
        F(3, "Since Skye, Tessa has joined the Portishead Dippers, a cold-water swimming group meeting on Sunday mornings at the lake grounds.", [4]),
        F(4, "Tessa bought a pair of binoculars on sale on Friday.", [5, 6, 7]),
        F(5, "Marcus pulled his calf on 30 April doing hill repeats, and his physio told him to rest for five days.", [9]),
        F(6, "Marcus's physio expects him to still run the Manchester 10k despite the calf strain.", [9]),
        F(7, "Tessa reminded Marcus to ice his calf and not to skip his propranolol when stressed.", [10]),
        F(8, "Marcus predicted birdwatching would be Tessa's next hobby before she admitted buying binoculars.", [5, 6, 7]),
    ]),
    # s15
    S("2025-05-11", "T", [
        ("T", "Finished The Cartographer's Winter. The sled dogs chapter. You monster."),
        ("M", "I warned you! Did you like the ending though?"),
        ("T", "Loved it. I'm making the book club read it - it's my turn to choose for June."),
        ("M", "Hal Brennick's going to sell three more copies thanks to you. How's Freya?"),
        ("T", "Any day now. She's due Thursday and has banned everyone from texting 'any news?'"),
        ("M", "I'll text you instead. Ines moved up yesterday - she's in a short-let in Marchmont until our flat's ready. Starts at the museum tomorrow."),
        ("T", "A long-distance engagement for two months! How are you finding it?"),
        ("M", "Quiet. I'm going up every other weekend. And work's mad - I'm leading the move of our test suite from Selenium to Playwright."),
        ("T", "I understood none of that but it sounds important."),
        ("M", "It means fewer flaky tests and me looking clever."),
        ("T", "Proud of you. My ICU induction starts on the 19th. I've been reading up on ventilators at night."),
        ("M", "You'll be running that unit in a year."),
    ], [
        F(1, "Tessa finished The Cartographer's Winter and loved the ending, although the sled dogs chapter upset her.", [1, 2, 3]),
        F(2, "Tessa chose The Cartographer's Winter as her book club's pick for June.", [3]),
        F(3, "Tessa's sister Freya is due on 15 May and has banned people from texting her for news.", [4, 5]),
        F(4, "Ines moved to Edinburgh yesterday, into a short-let in Marchmont, and starts at the Caledonian Textile Museum tomorrow.", [6]),
        F(5, "Marcus plans to visit Ines in Edinburgh every other weekend until their Portobello flat is ready.", [7, 8]),
        F(6, "Marcus is leading Quaylight's migration of its automated test suite from Selenium to Playwright.", [8, 10]),
        F(7, "Tessa's ICU induction starts on 19 May, and she has been reading up on ventilators at night.", [11]),
        F(8, 'Marcus and Ines face about two months of long-distance engagement while their Portobello flat is prepared.', [7, 8]),
    ]),
    # s16
    S("2025-05-18", "T", [
        ("T", "I'M AN AUNTIE. Elsie Rose, born Friday at 4am, 3.2 kilos, furious about it."),
        ("M", "Welcome Elsie! How's Freya?"),
        ("T", "Exhausted but glowing. Her husband Owen fainted during the delivery, so that's family lore forever."),
        ("M", "Owen will never live that down. My news: finished the 10k this morning! 54 minutes 12."),
        ("T", "MARCUS. Sub-55 with a dodgy calf!"),
        ("M", "The calf held. And Ines surprised me at the finish line, she came down on the train."),
        ("T", "Okay, that's very romantic."),
        ("M", "She held a sign saying 'PASSED ALL TEST CASES'."),
        ("T", "Nerds. I love you both. I'm going to Norwich next weekend to meet Elsie."),
        ("M", "Knit her something? Or is that the next hobby?"),
        ("T", "Don't tempt me. ICU induction tomorrow, wish me luck."),
        ("M", "Luck!"),
    ], [
        F(1, "Tessa's niece Elsie Rose was born to Freya on Friday at 4am, weighing 3.2 kilos.", [1]),
        F(2, "Freya's husband Owen fainted during Elsie's delivery, which has become family lore.", [2, 3]),
        F(3, "Marcus finished the Manchester 10k this morning in 54 minutes 12 seconds.", [4, 5]),
        F(4, "Marcus's strained calf held up in the 10k, and Ines came down by train to surprise him at the finish.", [6]),
        F(5, "Ines held a sign reading 'PASSED ALL TEST CASES' at the finish line of Marcus's 10k.", [8]),
        F(6, "Tessa is going to Norwich next weekend to meet her newborn niece Elsie.", [9]),
        F(7, "Marcus teased Tessa that knitting could be her next hobby.", [10, 11]),
    ]),
    # s17
    S("2025-05-25", "T", [
        ("T", "Holding Elsie right now. She smells like bread. Typing one-handed."),
        ("M", "Priorities correct. How was the first induction week?"),
        ("T", "Intense. My preceptor is Sister Grace Achebe, who has been in ICU for 22 years and remembers everything."),
        ("M", "Sounds like your kind of person."),
        ("T", "She is. And the cardiac team did my leaving drinks on Friday at the Anchor & Owl. They gave me a stethoscope engraved with Biscuit's name."),
        ("M", "That's adorable. Wait, why Biscuit's name?"),
        ("T", "Long ward joke. My fault for showing them 400 photos."),
        ("M", "Fair. Bit of worry here: Quaylight announced a restructure and everyone has to be in the Manchester office three days a week from September."),
        ("T", "Oh no. What about your remote trial?"),
        ("M", "Priya's fighting for me but it doesn't look good. Funny timing - a recruiter from Thistledown Games in Edinburgh messaged me on Thursday about a test lead role."),
        ("T", "Thistledown, the ones who made that fox puzzle game?"),
        ("M", "Lanternfox, yes. I've played it three times."),
        ("T", "Apply. The universe is talking."),
    ], [
        F(1, "Tessa held her newborn niece Elsie while visiting Freya in Norwich.", [1]),
        F(2, "Tessa's ICU preceptor during induction is Sister Grace Achebe, who has worked in intensive care for 22 years.", [2, 3]),
        F(3, "Tessa's cardiac ward leaving drinks were on 23 May at the Anchor & Owl pub.", [5]),
        F(4, "Tessa's cardiac colleagues gave her a stethoscope engraved with her greyhound Biscuit's name as a leaving gift.", [5, 6, 7]),
        F(5, "Quaylight announced a restructure requiring staff to be in the Manchester office three days a week from September.", [8]),
        F(6, "The Quaylight restructure puts Marcus's remote arrangement from Edinburgh at risk, though his manager Priya is fighting for him.", [9, 10]),
        F(7, "A recruiter from Thistledown Games in Edinburgh contacted Marcus on Thursday about a test lead role.", [10]),
        F(8, "Thistledown Games made Lanternfox, a fox puzzle game that Marcus has played three times.", [11, 12]),
        F(9, 'Tessa showed her cardiac colleagues around 400 photos of Biscuit, which started a ward joke.', [6, 7]),
    ]),
    # s18
    S("2025-06-01", "M", [
        ("M", "Applied to Thistledown. First interview is Thursday, with their head of QA, someone called Euan Baird."),
        ("T", "Amazing. Want a mock interview? I owe you one."),
        ("M", "Yes please, Wednesday night. Ask me about risk-based testing and watch me cry."),
        ("T", "I'll look it up and pretend I know. Big day tomorrow - first proper ICU shift."),
        ("M", "You'll be brilliant. Nervous?"),
        ("T", "A bit. Grace says the first month is like drinking from a firehose. Other news: Freya and Owen asked me to be Elsie's godmother!"),
        ("M", "Godmother AND best woman in one year. You're collecting titles."),
        ("T", "The christening's 13 July in Norwich. Which is fine, it's not the stag weekend."),
        ("M", "Good, because stag planning is your other job. How's the spreadsheet?"),
        ("T", "Seven confirmed for Keswick. Tunde's in, your uni mates Rob and Declan, and three from Quaylight. I booked the Skiddaw Bunkhouse."),
        ("M", "Legendary. What are you reading now?"),
        ("T", "Rereading The Salt Orchard for comfort. You?"),
        ("M", "Small Hours by Odile Marchetti. Ines's pick. A night-shift nurse in Marseille solving a mystery - you'd love it."),
    ], [
        F(1, "Marcus applied to Thistledown Games and has a first interview on 5 June with Euan Baird, their head of QA.", [1]),
        F(2, "Tessa will run a mock interview for Marcus on Wednesday evening, returning his earlier favour.", [2, 3]),
        F(3, "Tessa's first proper shift in the intensive care unit is on 2 June.", [4, 5]),
        F(4, "Freya and Owen asked Tessa to be godmother to their daughter Elsie.", [6, 7]),
        F(5, "Elsie's christening is on 13 July in Norwich.", [8]),
        F(6, "Seven people are confirmed for Marcus's Keswick stag do, including Tunde, uni friends Rob and Declan, and three Quaylight colleagues.", [9, 10]),
        F(7, "Tessa booked the Skiddaw Bunkhouse for Marcus's stag weekend.", [10, 11]),
        F(8, "Tessa is rereading The Salt Orchard for comfort.", [12]),
        F(9, "Marcus is reading Small Hours by Odile Marchetti, Ines's pick, about a night-shift nurse in Marseille solving a mystery.", [13]),
    ]),
    # s19
    S("2025-06-08", "T", [
        ("T", "Survived my first week in ICU. Four 12-hour shifts. My feet have filed a complaint."),
        ("M", "Compression socks. I'm told nurses swear by them."),
        ("T", "Who told you that, me? How was Thursday?"),
        ("M", "Really good. Euan and I talked about Lanternfox bugs for twenty minutes. Second round is a technical task in two weeks."),
        ("T", "Told you. How was the hen do?"),
        ("M", "Ines is back from Lisbon with a sunburn and a hangover. They did a boat party on the Tagus and fado in Alfama. She says sorry again you couldn't make it."),
        ("T", "Tell her night shifts are the real villain. I sent a bottle of port with her sister."),
        ("M", "It did not survive the night. She loves you for it though."),
        ("T", "Speaking of loving things - one of the ICU healthcare assistants, Lwazi, has a litter of kittens. I might take one."),
        ("M", "With Biscuit?? Isn't he an ex-racer? Don't they chase small furry things?"),
        ("T", "Second Stride did a cat test when I adopted him - he's marked 'cat-safe'. He was scared of his foster home's cat."),
        ("M", "Of course he was. Is there a name ready?"),
        ("T", "Miso, if it's the ginger one."),
    ], [
        F(1, "Tessa completed her first week in the ICU, working four 12-hour shifts.", [1]),
        F(2, "Marcus's first Thistledown interview went well; he and Euan Baird discussed Lanternfox bugs, and a technical task follows in two weeks.", [3, 4]),
        F(3, "Ines's hen do in Lisbon included a boat party on the Tagus and fado in Alfama.", [6]),
        F(4, "Tessa missed Ines's hen do in Lisbon because of night shifts and sent a bottle of port with Ines's sister.", [6, 7, 8]),
        F(5, "Lwazi, a healthcare assistant in Tessa's ICU, has a litter of kittens, and Tessa may adopt one.", [9]),
        F(6, "Second Stride Greyhound Rescue tested Biscuit and marked him cat-safe; he was scared of his foster home's cat.", [10, 11]),
        F(7, "If Tessa adopts the ginger kitten from Lwazi's litter, she plans to name it Miso.", [12, 13]),
        F(8, "Marcus suggested compression socks for Tessa's sore feet after her long ICU shifts.", [1, 2, 3]),
    ]),
    # s20
    S("2025-06-15", "M", [
        ("M", "Best stag do ever. I'm still damp."),
        ("T", "Skiddaw in horizontal rain was not in the spreadsheet."),
        ("M", "Tunde losing his boot in the bog was, apparently."),
        ("T", "That was a bonus feature. Did you see Rob's face at the pub quiz?"),
        ("M", "Us winning on the music round thanks to you was the highlight. 'Best woman and quizmaster.'"),
        ("T", "Honestly the climbing wall on Sunday morning was my highlight. I'd forgotten how much I loved it from the Sheffield club."),
        ("M", "You were always the best climber in the club. Start again!"),
        ("T", "There's a bouldering gym ten minutes from my flat, Crux Works. I'm going to get a membership."),
        ("M", "Hobby count: pottery, swimming, birds, climbing. You're a one-woman leisure centre."),
        ("T", "And nursing. How's your head after all that beer?"),
        ("M", "Zero migraines, surprisingly. I drank a lot of water because a certain nurse nagged."),
        ("T", "Any time. Technical task this week?"),
        ("M", "Thursday. A bug-hunting exercise on a build of their new game."),
    ], [
        F(1, "Marcus's stag do in Keswick included climbing Skiddaw in horizontal rain.", [1, 2]),
        F(2, "Marcus's brother Tunde lost a boot in a bog on Skiddaw during the stag do.", [3]),
        F(3, "Marcus's stag group won a pub quiz in Keswick, thanks to Tessa on the music round.", [4, 5]),
        F(4, "A climbing wall session at the stag do reminded Tessa how much she loved climbing in the Sheffield university club.", [6, 7]),
        F(5, "Tessa plans to get a membership at Crux Works, a bouldering gym ten minutes from her Bristol flat.", [8]),
        F(6, "Marcus had no migraines during the stag weekend and drank plenty of water at Tessa's urging.", [10, 11]),
        F(7, "Marcus's Thistledown technical task on 19 June is a bug-hunting exercise on a build of their new game.", [12, 13]),
        F(8, 'Marcus called Tessa a one-woman leisure centre because of her pottery, swimming, birdwatching and climbing hobbies.', [9, 10]),
    ]),
    # s21
    S("2025-06-22", "T", [
        ("T", "Miso came home yesterday! Ten-week-old ginger fluffball from Lwazi's litter. Biscuit took one look and hid behind the sofa."),
        ("M", "A 30-kilo greyhound scared of a 1-kilo kitten. Perfect."),
        ("T", "Miso is now asleep on Biscuit's bed. Biscuit is on the floor next to it, looking betrayed."),
        ("M", "Power dynamics established. My technical task went well - I found 14 bugs in their build, including a save file that deleted itself."),
        ("T", "A tester's dream! When do you hear?"),
        ("M", "This week, hopefully. Meanwhile wedding stuff: menu tasting at Larchfield on Saturday."),
        ("T", "What are you wearing on the day, by the way? Suit?"),
        ("M", "Agbada for the ceremony - Mum's tailor in Leicester is making it in deep blue - then a suit for the evening."),
        ("T", "Two outfits! Ines will be outshone."),
        ("M", "Ines is wearing her grandmother Lurdes's lace veil, so I doubt it."),
        ("T", "Oh that's beautiful. Also, I got the Crux Works membership. Did my first session Tuesday. My forearms are dead."),
        ("M", "Pottery hands plus climbing hands. Unstoppable."),
    ], [
        F(1, "Tessa adopted Miso, a ten-week-old ginger kitten from Lwazi's litter, who came home yesterday.", [1], ["s19f7"]),
        F(2, "Biscuit the greyhound is scared of the new kitten Miso and hid behind the sofa when they met.", [1, 2]),
        F(3, "Miso the kitten has taken over Biscuit's bed, leaving the greyhound lying on the floor beside it.", [3]),
        F(4, "In the Thistledown technical task Marcus found 14 bugs, including a save file that deleted itself.", [4]),
        F(5, "Marcus and Ines have a wedding menu tasting at Larchfield House on Saturday.", [6]),
        F(6, "Marcus will wear a deep blue agbada made by his mum's tailor in Leicester for the ceremony, then a suit.", [7, 8]),
        F(7, "Ines will wear her grandmother Lurdes's lace veil at the wedding.", [9, 10]),
        F(8, "Tessa got a membership at Crux Works bouldering gym and did her first session on Tuesday.", [11, 12], ["s20f5"]),
    ]),
    # s22
    S("2025-06-29", "M", [
        ("M", "I got it! Thistledown offered me the test lead job. Starting 1 September."),
        ("T", "MARCUS! Lanternfox is your workplace now!"),
        ("M", "I handed my notice in to Priya on Friday. She was gracious - said the restructure would have made remote working miserable anyway."),
        ("T", "So the remote trial ends with a bang. When's your last day?"),
        ("M", "8 August. Then a few weeks off for the move, and the wedding in October."),
        ("T", "Perfect timing. Bad news from me: I sprained my wrist on Friday at Crux Works. Came off an overhang and landed badly."),
        ("M", "Oh no! Which wrist?"),
        ("T", "Right, of course. Splint for three weeks, no pottery or climbing. I can still work but I'm on light duties for ten days."),
        ("M", "Rest it properly. Nurse orders, right back at you."),
        ("T", "Ugh. How was the tasting?"),
        ("M", "Incredible. We picked Scottish salmon, and for dessert a table of pasteis de nata and puff-puff, one for each family."),
        ("T", "That's the best dessert table concept I've ever heard."),
    ], [
        F(1, "Thistledown Games offered Marcus the test lead job, starting on 1 September.", [1, 2]),
        F(2, "Marcus resigned from Quaylight on 27 June, ending his remote trial; Priya said the restructure would have made remote work miserable.", [3, 4], ["s06f4", "s17f6"]),
        F(3, "Marcus's last day at Quaylight will be 8 August, followed by a few weeks off for the move.", [4, 5]),
        F(4, "Tessa sprained her right wrist on 27 June after coming off an overhang at Crux Works.", [6, 7, 8]),
        F(5, "Tessa must wear a wrist splint for three weeks with no pottery or climbing, and is on light duties for ten days.", [8]),
        F(6, "At the Larchfield House tasting, Marcus and Ines chose Scottish salmon as the wedding main course.", [10, 11]),
        F(7, "The wedding dessert table will have pasteis de nata and puff-puff, one treat for each family.", [11, 12]),
    ]),
    # s23
    S("2025-07-06", "T", [
        ("T", "One-handed hobby found: birdwatching. Went to Gullmoor Reserve yesterday with my binoculars and a flask."),
        ("M", "See, the binoculars were destiny. Seen anything good?"),
        ("T", "An avocet! And a marsh harrier. My species list is at 43. Turns out Sister Grace birds too - she's lending me her field guide."),
        ("M", "Grace, the 22-year ICU veteran? She's becoming your mentor in everything."),
        ("T", "Basically. How's packing?"),
        ("M", "Boxes everywhere. Had a migraine Thursday - I think packing plus the work handover plus skipping lunch."),
        ("T", "Marcus. Food. Water. Tablets."),
        ("M", "I know, I know. It was my first since March."),
        ("T", "Still. Is Tunde's graduation this week?"),
        ("M", "Thursday in Leeds. He got a first! The floating library won a department prize."),
        ("T", "Amazing! Tell him I'm very proud - I've been following that model since your engagement party."),
        ("M", "Will do. And you've got the christening next Sunday."),
        ("T", "Yes, the 13th. I'm writing a godmother promise for Elsie. Less embarrassing than my best woman speech."),
    ], [
        F(1, "Tessa took up birdwatching while her wrist heals, visiting Gullmoor Reserve yesterday with binoculars and a flask.", [1, 2]),
        F(2, "At Gullmoor Reserve Tessa saw an avocet and a marsh harrier, bringing her bird species list to 43.", [3]),
        F(3, "Sister Grace Achebe is also a birdwatcher and is lending Tessa her field guide.", [3, 4]),
        F(4, "Marcus had a migraine on 3 July, his first since March, blamed on packing, work handover and skipping lunch.", [6, 7, 8]),
        F(5, "Marcus's brother Tunde graduates from Leeds on 10 July with a first-class architecture degree.", [9, 10]),
        F(6, "Tunde's floating library project won a department prize at Leeds.", [10, 11]),
        F(7, "Tessa is writing a godmother promise to read at Elsie's christening on 13 July.", [12, 13]),
    ]),
    # s24
    S("2025-07-12", "T", [
        ("T", "Big flat news: Joss is moving in with her girlfriend in August. So I need a new flatmate or a cheaper place."),
        ("M", "End of an era. Who'll let Biscuit out?"),
        ("T", "Exactly my worry. My ICU rota is 12-hour days and nights. I might get a dog walker - there's one called Pawsome Pete, the name alone."),
        ("M", "Hire him on the name. Anything else?"),
        ("T", "...I went on a date. Callum. He's a paramedic, we met at Gullmoor when he identified my Skye 'eagle' photo as a buzzard."),
        ("M", "So Nadia was right!!"),
        ("T", "Nadia can never know. We had dinner at a Lebanese place in Stokes Croft. Second date next week."),
        ("M", "Tess! I'm thrilled. Bring him to the wedding?"),
        ("T", "Let's see if he survives date two. How was your leaving stuff?"),
        ("M", "Not yet - last day's 8 August. But Ines finished the first phase of her tapestry restoration, and the museum put her on the local news."),
        ("T", "Ines on TV! Send me the link."),
        ("M", "Sent. She hated her hair."),
        ("T", "Her hair was perfect. Off to Norwich tomorrow for the christening, splint off Monday."),
    ], [
        F(1, "Tessa's flatmate Joss is moving in with her girlfriend in August, so Tessa needs a new flatmate or a cheaper place.", [1]),
        F(2, "Because of her 12-hour ICU shifts, Tessa is considering hiring a dog walker called Pawsome Pete for Biscuit.", [2, 3, 4]),
        F(3, "Tessa went on a first date with Callum, a paramedic she met while birdwatching at Gullmoor Reserve.", [5]),
        F(4, "Callum identified Tessa's Skye 'eagle' photo as a buzzard, which means Nadia was right.", [5, 6], ["s13f2"]),
        F(5, "Tessa and Callum had dinner at a Lebanese restaurant in Stokes Croft and plan a second date next week.", [7]),
        F(6, "Marcus suggested Tessa bring Callum to the wedding.", [8, 9]),
        F(7, "Ines finished the first phase of a tapestry restoration at the Caledonian Textile Museum and appeared on the local news.", [10, 11, 12]),
        F(8, "Tessa's wrist splint is due to come off on 14 July, the day after Elsie's christening in Norwich.", [13]),
        F(9, 'Ines disliked her hair in her local news appearance, but Tessa thought it looked perfect.', [11, 12, 13]),
    ]),
    # s25
    S("2025-07-19", "M", [
        ("M", "HAPPY BIRTHDAY TESS! 31 and still can't centre clay without aggression."),
        ("T", "Thank you!! The bird feeder camera is genius. Already caught a blue tit and a very smug squirrel."),
        ("M", "Ines picked it, I just paid. How was the christening?"),
        ("T", "Elsie screamed through the whole blessing, then fell asleep on me for two hours. I read my promise and Mum cried."),
        ("M", "Everyone crying, as usual. Splint off?"),
        ("T", "Off Monday. The wrist is weak - physio says no climbing till mid-August, but pottery from next week."),
        ("M", "And Callum? Date two?"),
        ("T", "He cooked for me. Mushroom risotto. He's coming to the Dippers with me tomorrow, brave man."),
        ("M", "Cold water on date three is a test I respect."),
        ("T", "Are you packed? I've got leave from the 26th to the 28th, I'll get the early train up Saturday."),
        ("M", "Mostly. We picked up the Portobello keys today, actually - Ines is in the flat now. The van loads in Manchester on Friday and I drive up Saturday."),
        ("T", "I'll meet you at Portobello on Saturday then. Biscuit's staying with Callum."),
        ("M", "Already trusted with the dog? That's serious."),
    ], [
        F(1, "Tessa Lindqvist turned 31 on 19 July, and Marcus teased her about her aggressive clay centring.", [1]),
        F(2, "Marcus and Ines gave Tessa a bird feeder camera for her birthday; Ines chose it and it has filmed a blue tit and a squirrel.", [2, 3]),
        F(3, "At Elsie's christening the baby screamed through the blessing, then slept on Tessa for two hours; Ruth cried at Tessa's promise.", [4]),
        F(4, "Tessa's wrist splint is off, but her physio says no climbing until mid-August, though pottery can resume next week.", [5, 6], ["s22f5"]),
        F(5, "Callum cooked mushroom risotto for Tessa on their second date and is joining her at the Portishead Dippers.", [7, 8, 9]),
        F(6, "Tessa has annual leave from 26 to 28 July to help Marcus and Ines move into the Portobello flat.", [10, 12]),
        F(7, "Marcus and Ines picked up the Portobello flat keys on 19 July; the van loads in Manchester on 25 July.", [11]),
        F(8, "Callum will look after Biscuit while Tessa is in Edinburgh helping with the move.", [12, 13]),
    ]),
    # s26
    S("2025-07-28", "T", [
        ("T", "On the train back to Bristol. Your sofa is officially my favourite sofa."),
        ("M", "Thank you for carrying 40% of our boxes. Ines counted."),
        ("T", "The box labelled 'MISC HEAVY' was a crime."),
        ("M", "That was my records. Sorry."),
        ("T", "Worth it for the morning swim at Portobello with Ines. Eleven degrees, and she screamed louder than Elsie."),
        ("M", "She says she's joining a swimming club here now. You've converted her."),
        ("T", "My work is done. Also the fish supper on the prom was perfect."),
        ("M", "Mum's coming up on 9 August to inspect. She's already asked if the spare room has a proper mattress."),
        ("T", "Does it? I slept great."),
        ("M", "You're easy to please. Ines's parents are staying with us for the wedding week too."),
        ("T", "Full house. How did Biscuit do with Callum?"),
        ("M", "You tell me!"),
        ("T", "Callum sent 30 photos. They went to the beach at Clevedon. I think I've been replaced."),
    ], [
        F(1, "Tessa helped Marcus and Ines move into the Portobello flat and carried about 40 percent of their boxes.", [1, 2]),
        F(2, "A heavy moving box labelled 'MISC HEAVY' contained Marcus's record collection.", [3, 4]),
        F(3, "Tessa and Ines went for a morning swim at Portobello beach in eleven-degree water.", [5]),
        F(4, "Ines plans to join a swimming club in Portobello after her sea swim with Tessa.", [6, 7]),
        F(5, "Marcus's mum Funmi is visiting the new Portobello flat on 9 August.", [8, 9]),
        F(6, "Ines's parents, Rui and Helena Duarte, will stay at Marcus and Ines's flat during the wedding week.", [10]),
        F(7, "Callum took Biscuit to the beach at Clevedon while Tessa was in Edinburgh.", [11, 12, 13]),
        F(8, 'Tessa and Ines had a fish supper on the Portobello promenade during the moving weekend.', [7]),
        F(9, 'Tessa slept well in the Portobello spare room, though Funmi asked whether it has a proper mattress.', [1, 8, 9]),
    ]),
    # s27
    S("2025-08-02", "M", [
        ("M", "RSVP count: 84 yes out of 90. Mum's coach is full."),
        ("T", "Impressive. Is the band sorted?"),
        ("M", "Yes, the Thistle Kickers for a ceilidh. Ines insisted, and then a Nigerian highlife set after."),
        ("T", "Ceilidh then highlife. I'll need ankle support. Speaking of which, the speech is on draft three."),
        ("M", "Remove the fire alarm."),
        ("T", "Never. Also, can I put Callum down as my plus-one? It's official, we're together."),
        ("M", "YES. Adding him now. That makes 85."),
        ("T", "Work news: ICU are sending me on a critical care course at UWE. It starts in September, one day a week."),
        ("M", "Fancy! Certificate at the end?"),
        ("T", "Postgraduate certificate, a year long. Grace nominated me."),
        ("M", "Grace again! She's the best."),
        ("T", "And I've found a new flatmate - a junior doctor called Priyanka who loves dogs. She moves in on 16 August."),
        ("M", "Problem solved. Does she like cats?"),
        ("T", "She's allergic, but says Miso is worth the antihistamines."),
    ], [
        F(1, "84 of the 90 invited guests have accepted Marcus and Ines's wedding invitation, and Funmi's coach is full.", [1]),
        F(2, "Marcus and Ines booked the Thistle Kickers ceilidh band, followed by a Nigerian highlife set.", [2, 3]),
        F(3, "Tessa is on the third draft of her best woman speech and refuses to drop the fire alarm story.", [4, 5, 6]),
        F(4, "Tessa and Callum are officially a couple, and Callum is her plus-one at the wedding, making 85 acceptances.", [6, 7]),
        F(5, "Tessa's ICU is sending her on a year-long postgraduate certificate in critical care at UWE, one day a week from September.", [8, 9, 10]),
        F(6, "Sister Grace Achebe nominated Tessa for the critical care postgraduate course.", [10, 11]),
        F(7, "Tessa found a new flatmate, Priyanka, a junior doctor who loves dogs, moving in on 16 August.", [12], ["s24f1"]),
        F(8, "Priyanka is allergic to cats but says Miso is worth taking antihistamines for.", [13, 14]),
        F(9, 'Tessa joked she will need ankle support for the ceilidh and highlife dancing at the wedding.', [4]),
    ]),
    # s28
    S("2025-08-09", "M", [
        ("M", "Officially unemployed for three weeks! Last day at Quaylight was yesterday."),
        ("T", "How was the send-off?"),
        ("M", "Priya made a speech, and the team gave me a framed screenshot of the bug where the app showed everyone's balance as 0.00 pounds."),
        ("T", "The famous zero-balance bug! A classic."),
        ("M", "My proudest find. Mum arrives in an hour, I'm hoovering."),
        ("T", "Say hi to Funmi. I have a wedding proposal for you."),
        ("M", "Go on."),
        ("T", "I'm back at pottery with a strong wrist - I want to make the place-card holders. Ninety little ceramic thistles."),
        ("M", "Tess, that's a huge job. Are you sure?"),
        ("T", "Dot says I can use the kiln on Sundays. I've already done twelve."),
        ("M", "Ines is crying. Yes. Thank you."),
        ("T", "Everyone crying. Tradition."),
        ("M", "What's Callum up to?"),
        ("T", "He's taking me to a folk gig at the Trinity Centre next Friday - The Hollow Pines. Apparently I'll like fiddles."),
    ], [
        F(1, "Marcus's last day at Quaylight was yesterday, and Priya gave a farewell speech.", [1, 2, 3]),
        F(2, "Marcus's Quaylight colleagues gave him a framed screenshot of the bug that showed every customer's balance as zero pounds.", [3, 4]),
        F(3, "Marcus considers the zero-balance bug in the Quaylight app his proudest find as a tester.", [4, 5]),
        F(4, "Funmi Adeyemi arrived on 9 August to visit Marcus and Ines's new flat in Edinburgh.", [5, 6]),
        F(5, "Tessa is making ninety ceramic thistle place-card holders for Marcus and Ines's wedding tables.", [6, 7, 8, 9, 11]),
        F(6, "Tessa's pottery teacher Dot lets her use the Clay Cellar kiln on Sundays, and she has finished twelve thistles.", [10]),
        F(7, "Callum is taking Tessa to see the folk band The Hollow Pines at the Trinity Centre next Friday.", [13, 14]),
        F(8, 'Marcus has three weeks without work between leaving Quaylight and starting his new job at Thistledown.', [1]),
    ]),
    # s29
    S("2025-08-17", "T", [
        ("T", "The Hollow Pines were magic. Callum was right about fiddles."),
        ("M", "Uh oh. I know that tone. New hobby?"),
        ("T", "I may have bought a second-hand fiddle from a shop on Park Street. Lesson one is Wednesday."),
        ("M", "Pottery, swimming, birds, climbing, fiddle. Biscuit must be so confused."),
        ("T", "Biscuit howls when I play, so Priyanka thinks it's a duet. She moved in yesterday, she's great."),
        ("M", "Howling greyhound, allergic flatmate, kitten. Your flat is a sitcom."),
        ("T", "It's a good sitcom. How has your mum's visit gone?"),
        ("M", "She left Thursday after rearranging our kitchen. Also my back is wrecked from the move - I'm seeing a physio in Leith on Wednesday mornings."),
        ("T", "Core exercises. And lift with your legs next time."),
        ("M", "There is no next time. We live here forever."),
        ("T", "Noted. Callum and I have booked the train up for the wedding - Thursday 9 October, staying at a B&B in Peebles."),
        ("M", "Great. The rehearsal dinner is Friday the 10th at Larchfield."),
        ("T", "I'll bring thistles. 58 done."),
    ], [
        F(1, "After loving The Hollow Pines gig, Tessa bought a second-hand fiddle from a shop on Park Street in Bristol.", [1, 2, 3]),
        F(2, "Tessa's first lesson on her second-hand fiddle is on Wednesday 20 August.", [3]),
        F(3, "Biscuit the greyhound howls whenever Tessa plays the fiddle.", [4, 5]),
        F(4, "Tessa's new flatmate Priyanka moved in on 16 August and is getting on well with her.", [5, 6, 7]),
        F(5, "Funmi left Edinburgh on Thursday after rearranging Marcus and Ines's kitchen.", [7, 8]),
        F(6, "Marcus hurt his back during the move and is seeing a physio in Leith on Wednesday mornings.", [8, 9]),
        F(7, "Tessa and Callum will take the train to the wedding on Thursday 9 October and stay at a B&B in Peebles.", [11]),
        F(8, "Marcus and Ines's wedding rehearsal dinner is on Friday 10 October at Larchfield House.", [12]),
        F(9, "Tessa has finished 58 of the ceramic thistle place-card holders for the wedding.", [13], ["s28f6"]),
    ]),
    # s30
    S("2025-08-24", "M", [
        ("M", "One week till Thistledown. I've played Lanternfox again, for research."),
        ("T", "That's the fourth time! Nervous?"),
        ("M", "Excited. Euan's already sent me the test plan for their next release. Ines says I'm reading it like a novel."),
        ("T", "Speaking of novels - book club finally did The Cartographer's Winter. Five out of six loved it, and Margaret wants to write to Hal Brennick."),
        ("M", "Tell Margaret he probably replies. What's next for them?"),
        ("T", "My choice again by popular demand: Small Hours. You said I'd love it, and I do - I'm halfway."),
        ("M", "Told you. The nurse is basically you."),
        ("T", "She solves murders, I solve bed shortages. Anyway, honeymoon?"),
        ("M", "Booked! Ten days in the Azores after the wedding - whale watching and hot springs. Then Porto in April for Avo Lurdes's party."),
        ("T", "Whales! Callum will be jealous. And my UWE course starts 10 September."),
        ("M", "Both of us starting new things in September. Like freshers again."),
        ("T", "Ranmoor 2.0. I'll bring the toast."),
    ], [
        F(1, "Marcus starts at Thistledown Games on 1 September and has replayed Lanternfox for research, his fourth time.", [1, 2]),
        F(2, "Euan Baird has already sent Marcus the test plan for Thistledown's next release.", [3]),
        F(3, "Tessa's book club discussed The Cartographer's Winter; five of six members loved it and Margaret wants to write to Hal Brennick.", [4, 5]),
        F(4, "Tessa's book club will read Small Hours next, her pick again, and she is halfway through it.", [5, 6, 7], ["s18f8"]),
        F(5, "Marcus and Ines booked a ten-day honeymoon in the Azores after the wedding, with whale watching and hot springs.", [8, 9]),
        F(6, "The second wedding celebration in Porto, for Ines's grandmother Lurdes, will be in April.", [9], ["s12f3"]),
        F(7, "Tessa's postgraduate critical care course at UWE starts on 10 September.", [10]),
        F(8, "Ines says Marcus reads Thistledown's test plan like a novel.", [3]),
        F(9, 'Tessa and Marcus compared starting new things in September to being freshers at Ranmoor halls again.', [11, 12]),
    ]),
]


def Q(cat, asker, question, answer, ev, asked=None, hist=False):
    return {"cat": cat, "asker": asker, "q": question, "a": answer, "ev": ev, "asked": asked, "hist": hist}


SH, MH, TE, OD = "single-hop", "multi-hop", "temporal", "open-domain"

QUESTIONS = [
    # ---------------- single-hop ----------------
    Q(SH, "M", "What crafty evening class did Tess sign up for at the start of the year?",
      "An eight-week pottery wheel course at Clay Cellar in Bristol, on Tuesday evenings.", ["s01f1"]),
    Q(SH, "T", "Where exactly did Marcus pop the question to Ines?",
      "At her parents' home in Porto, on Christmas Eve.", ["s01f3"]),
    Q(SH, "M", "What line of work was Ines interviewing for up north?",
      "A textile conservator job in Edinburgh.", ["s01f5"]),
    Q(SH, "T", "Which hospital is doing Dad's joint operation?",
      "Southmead Hospital (his hip replacement).", ["s02f1"]),
    Q(SH, "M", "What does my little brother study?",
      "Architecture, at university in Leeds.", ["s02f6"]),
    Q(SH, "T", "What did the specialist conclude about Marcus's headaches?",
      "Dr Okonjo, the neurologist, said classic migraine, most likely triggered by poor sleep and too much coffee.", ["s04f1"]),
    Q(SH, "T", "What tablets is Marcus taking for his head, and what did he have to cut back on?",
      "A low dose of propranolol, and he is limited to one coffee a day.", ["s04f2"]),
    Q(SH, "M", "Which charity did Tess's pup come from?",
      "Second Stride Greyhound Rescue.", ["s06f1"]),
    Q(SH, "T", "What was the name of the frozen-expedition novel Marcus was reading, and who wrote it?",
      "The Cartographer's Winter by Hal Brennick.", ["s06f7"]),
    Q(SH, "M", "Which embarrassing story from our student days did Tess threaten to put in her speech?",
      "The Ranmoor halls fire alarm story.", ["s07f6"]),
    Q(SH, "T", "Which of Ines's relatives taught Marcus to cook fish over Easter?",
      "Her dad, Rui Duarte, who taught him to grill sardines on the balcony in Porto.", ["s12f1"]),
    Q(SH, "M", "Who did we hire to take pictures on the big day?",
      "Isla Murray, an Edinburgh photographer.", ["s12f2"]),
    Q(SH, "T", "How cold was the water on my first wild dip in Scotland?",
      "Eight degrees, in the Fairy Pools on Skye.", ["s13f3"]),
    Q(SH, "M", "What's the name of the group Tess goes chilly swimming with at the weekend?",
      "The Portishead Dippers, who meet on Sunday mornings at the lake grounds.", ["s14f3"]),
    Q(SH, "T", "What was Marcus's finishing time in the Manchester race?",
      "54 minutes 12 seconds in the Manchester 10k.", ["s16f3"]),
    Q(SH, "T", "What did Ines write on her sign when she surprised Marcus?",
      "'PASSED ALL TEST CASES'.", ["s16f5"]),
    Q(SH, "T", "Who was supervising me during my intensive care induction?",
      "Sister Grace Achebe, your preceptor, who has worked in intensive care for 22 years.", ["s17f2"]),
    Q(SH, "M", "What did Tess's old ward colleagues give her when she left?",
      "A stethoscope engraved with her greyhound Biscuit's name.", ["s17f4"]),
    Q(SH, "M", "What's the puzzle game the Edinburgh studio made that I keep replaying?",
      "Lanternfox, by Thistledown Games.", ["s17f8"]),
    Q(SH, "T", "Who interviewed Marcus at the games company?",
      "Euan Baird, Thistledown's head of QA.", ["s18f1"]),
    Q(SH, "M", "Where did the lads and I sleep on the Lake District weekend?",
      "The Skiddaw Bunkhouse, booked by Tessa.", ["s18f7"]),
    Q(SH, "T", "What did Ines and the girls get up to in Portugal for her hen weekend?",
      "A boat party on the Tagus and fado in Alfama, in Lisbon.", ["s19f3"]),
    Q(SH, "M", "Whose litter did Tess's ginger kitten come from?",
      "Lwazi's, a healthcare assistant on her ICU.", ["s21f1"]),
    Q(SH, "T", "What mishap did Tunde have on the hill?",
      "He lost a boot in a bog on Skiddaw during the stag do.", ["s20f2"]),
    Q(SH, "M", "How many defects did I turn up in the studio's test build?",
      "14, including a save file that deleted itself.", ["s21f4"]),
    Q(SH, "T", "What's Marc wearing for the ceremony itself?",
      "A deep blue agbada made by his mum's tailor in Leicester; he changes into a suit for the evening.", ["s21f6"]),
    Q(SH, "M", "What family heirloom is Ines wearing on the day?",
      "Her grandmother Lurdes's lace veil.", ["s21f7"]),
    Q(SH, "T", "What's on the wedding menu for the main and for pudding?",
      "Scottish salmon, then a dessert table of pasteis de nata and puff-puff, one for each family.", ["s22f6", "s22f7"]),
    Q(SH, "M", "How did Tess hurt herself at the climbing gym?",
      "She came off an overhang at Crux Works and sprained her right wrist.", ["s22f4"]),
    Q(SH, "T", "Which unusual wading bird did I spot at the reserve?",
      "An avocet (she also saw a marsh harrier) at Gullmoor Reserve.", ["s23f2"]),
    Q(SH, "M", "What recognition did my brother's final-year model get?",
      "His floating library project won a department prize at Leeds.", ["s23f6"]),
    Q(SH, "M", "What does Tess's new fella do for a living?",
      "Callum is a paramedic.", ["s24f3"]),
    Q(SH, "T", "Where did Callum and I have our first dinner out?",
      "At a Lebanese restaurant in Stokes Croft.", ["s24f5"]),
    Q(SH, "M", "What gadget did Ines and I give Tess when she turned 31?",
      "A bird feeder camera, which Ines picked out.", ["s25f2"]),
    Q(SH, "T", "What did Callum make me for dinner on our second date?",
      "Mushroom risotto.", ["s25f5"]),
    Q(SH, "M", "Who's providing the dancing at our reception?",
      "The Thistle Kickers ceilidh band, followed by a Nigerian highlife set.", ["s27f2"]),
    Q(SH, "M", "What did my old team frame for me as a leaving present?",
      "A screenshot of the Quaylight bug that showed every customer's balance as zero pounds.", ["s28f2"]),
    Q(SH, "T", "What little ceramic pieces am I making for Marcus's tables?",
      "Ninety ceramic thistle place-card holders.", ["s28f5"]),
    Q(SH, "M", "Where are Ines and I heading straight after the wedding?",
      "The Azores, for a ten-day honeymoon with whale watching and hot springs.", ["s30f5"]),
    Q(SH, "T", "What musical instrument did I buy after the concert with Callum?",
      "A second-hand fiddle, from a shop on Park Street.", ["s29f1"]),
    Q(SH, "M", "Who is Tess sharing her flat with now that Joss has gone?",
      "Priyanka, a junior doctor who loves dogs.", ["s27f7"], asked="2025-08-25"),
    Q(SH, "T", "Where is Marcus getting treatment for his back?",
      "From a physio in Leith, on Wednesday mornings.", ["s29f6"]),
    Q(SH, "M", "What's the name of the gym where Tess does her climbing now?",
      "Crux Works, a bouldering gym ten minutes from her Bristol flat.", ["s21f8"]),
    # ---------------- multi-hop ----------------
    Q(MH, "M", "What animals does Tess have at home these days?",
      "Two: Biscuit, a brindle ex-racing greyhound, and Miso, a ginger kitten.", ["s06f1", "s21f1"]),
    Q(MH, "T", "Which creative pastimes and sports have I picked up this year?",
      "Pottery, cold-water swimming, birdwatching, bouldering and the fiddle.",
      ["s01f1", "s14f3", "s23f1", "s21f8", "s29f1"]),
    Q(MH, "M", "How has the headcount for our wedding changed since we first planned it?",
      "From about 120 at Holloway Barn, to 90 invited after the move to Scotland, to 85 acceptances including Callum.",
      ["s01f4", "s07f3", "s27f1", "s27f4"], hist=True),
    Q(MH, "T", "Where and when was Marcus's wedding originally going to be, and where is it now?",
      "Originally Holloway Barn in Cheshire on 13 September; now Larchfield House near Peebles on 11 October.",
      ["s01f4", "s07f1"], hist=True),
    Q(MH, "M", "Which flats did Ines and I go for in Edinburgh, and which one worked out?",
      "A top-floor flat on Constitution Street in Leith, which fell through when the landlord sold; then the Portobello garden flat, which they got.",
      ["s11f4", "s13f4", "s14f1"], hist=True),
    Q(MH, "T", "How did Marcus's work situation change after he decided to move to Scotland?",
      "Quaylight first agreed a six-month remote trial, then a restructure required office days, and he took a test lead job at Thistledown Games from 1 September.",
      ["s06f4", "s17f5", "s22f1", "s22f2"], hist=True),
    Q(MH, "M", "Which of Tess's relatives had big hospital moments this spring?",
      "Her dad Alan had a hip replacement at Southmead, and her sister Freya gave birth to Elsie.",
      ["s08f1", "s16f1"]),
    Q(MH, "T", "Which books has Marcus put me onto, and what has my book club done with them?",
      "The Cartographer's Winter (her June book club pick, five of six loved it) and Small Hours (the club's next read).",
      ["s06f7", "s15f2", "s18f9", "s30f3", "s30f4"]),
    Q(MH, "M", "Have Tess and I helped each other get ready for job interviews?",
      "Yes: Marcus ran a mock interview for her ICU job, and she ran one for his Thistledown interview.",
      ["s09f1", "s18f2"]),
    Q(MH, "T", "Who turned up unexpectedly for Marcus at his birthday meal and at his race?",
      "Tunde came down from Leeds for his 30th at Casa Lagos, and Ines came by train to the 10k finish.",
      ["s10f2", "s16f4"]),
    Q(MH, "M", "Who was right in the end about the big bird Tess saw in the Highlands?",
      "Nadia: it was a buzzard, as Callum confirmed from the photo.", ["s13f2", "s24f4"], hist=True),
    Q(MH, "T", "How often has Marcus had headaches since starting the beta blocker?",
      "Only one in March, none on the stag weekend, then one on 3 July during packing, his first since March.",
      ["s09f3", "s20f6", "s23f4"]),
    Q(MH, "M", "Who minds Tess's dog when she goes away?",
      "Her parents in Portishead during the Skye trip; Callum during the Edinburgh move.", ["s12f5", "s25f8"]),
    Q(MH, "T", "What honorary roles have I taken on for other people this year?",
      "Best woman at Marcus's wedding and godmother to Freya's daughter Elsie.", ["s07f5", "s18f4"]),
    Q(MH, "M", "Given what the rescue said about Tess's dog, how has he actually got on with her cat?",
      "He was marked cat-safe, and in practice he is scared of Miso, who took over his bed.",
      ["s19f6", "s21f2", "s21f3"]),
    Q(MH, "T", "Where have I been swimming in cold water this year?",
      "The Fairy Pools on Skye, with the Portishead Dippers at the lake grounds, and Portobello beach with Ines.",
      ["s13f3", "s14f3", "s26f3"]),
    Q(MH, "M", "What injuries have I had this year?",
      "A pulled calf from hill repeats before the 10k, and a hurt back from the move.", ["s14f5", "s29f6"]),
    Q(MH, "M", "How many of the little clay table decorations did Tess make between her two updates?",
      "46: she had done 12 on 9 August and 58 by 17 August.", ["s28f6", "s29f9"], hist=True),
    Q(MH, "T", "Which touches from each family's culture are part of Marcus and Ines's wedding day?",
      "Marcus's Nigerian agbada, Ines's grandmother Lurdes's veil, a dessert table of pasteis de nata and puff-puff, and a ceilidh plus highlife set.",
      ["s21f6", "s21f7", "s22f7", "s27f2"]),
    Q(MH, "T", "Which people at my hospital have shaped my hobbies and my career this year?",
      "Grace Achebe (lent her field guide, nominated her for the UWE course) and Lwazi (whose litter Miso came from).",
      ["s23f3", "s27f6", "s19f5"]),
    Q(MH, "M", "What's happened with Ines's career since she got the offer?",
      "She started at the Caledonian Textile Museum on 12 May, finished the first phase of a tapestry restoration and was on local news.",
      ["s05f3", "s15f4", "s24f7"]),
    Q(MH, "T", "Which trips to Portugal and abroad have Marcus and Ines had or planned this year?",
      "Porto at Easter, Ines's hen do in Lisbon, the Azores honeymoon, and Porto again in April for Lurdes's party.",
      ["s12f1", "s19f3", "s30f5", "s30f6"]),
    Q(MH, "M", "What has Tess made me in her clay class?",
      "An engagement serving dish, the ladybird 'FOUND A BUG' birthday mug, and the thistle place-card holders for the wedding.",
      ["s05f2", "s10f1", "s28f5"]),
    Q(MH, "T", "How has my pottery gone through the year?",
      "Beginner wheel course, then an intermediate term on glazing and handles, paused by the wrist sprain, then resumed.",
      ["s01f1", "s07f7", "s22f5", "s25f4"], hist=True),
    Q(MH, "M", "What has my brother been up to this year?",
      "His floating library project, graduating from Leeds with a first, surprising Marcus at his 30th, and losing a boot on Skiddaw.",
      ["s05f6", "s23f5", "s10f2", "s20f2"]),
    # ---------------- temporal ----------------
    Q(TE, "M", "When did Tess bring her greyhound home?",
      "On 8 March 2025.", ["s06f1"]),
    Q(TE, "T", "How soon after my Highland trip did I join the chilly swim group?",
      "Within about a week: she was on Skye in late April and had joined the Portishead Dippers by 4 May.",
      ["s13f3", "s14f3"]),
    Q(TE, "M", "Who landed their new job first, Tess or me?",
      "Tessa: she got the ICU job by 13 April; Marcus's Thistledown offer came in late June.",
      ["s11f1", "s22f1"]),
    Q(TE, "T", "When is Marcus's birthday?",
      "2 April; he turned 30 in 2025.", ["s09f5"]),
    Q(TE, "M", "What date was Tess's niece born?",
      "Friday 16 May 2025.", ["s16f1"]),
    Q(TE, "T", "When did Dad get discharged after his operation?",
      "On Friday 21 March, three days after his hip replacement on 18 March.", ["s08f1", "s08f2"]),
    Q(TE, "M", "How many weeks were there between my race and the stag weekend?",
      "About four weeks: the 10k was on 18 May and the stag do on 14-15 June.", ["s16f3", "s10f6"]),
    Q(TE, "T", "How long did I spend on the cardiac ward before switching units?",
      "About six years: five and a half in February, moving to the ICU in June.", ["s04f6", "s11f1"]),
    Q(TE, "M", "When did Tess injure her wrist?",
      "Friday 27 June 2025.", ["s22f4"]),
    Q(TE, "M", "What happened to Tess on the same day I handed in my notice?",
      "She sprained her right wrist at Crux Works that day, 27 June.", ["s22f2", "s22f4"]),
    Q(TE, "T", "When did Marcus last have a migraine before moving?",
      "Thursday 3 July.", ["s23f4"]),
    Q(TE, "M", "How long did Tess have to keep her wrist strapped up?",
      "About two and a half weeks: from 27 June until 14 July.", ["s22f4", "s24f8", "s25f4"]),
    Q(TE, "T", "When was Tunde's graduation?",
      "Thursday 10 July, in Leeds.", ["s23f5"]),
    Q(TE, "M", "When was Tess's first real shift in intensive care?",
      "Monday 2 June 2025, after an induction that began on 19 May.", ["s18f3", "s15f7"]),
    Q(TE, "T", "How far ahead of the wedding did Marcus ask me to stand up for him?",
      "About seven months: he asked on 15 March, and the wedding is on 11 October.", ["s07f5", "s07f1"]),
    Q(TE, "M", "Which came first, Elsie's christening or Tess's birthday?",
      "The christening, on 13 July; Tessa's birthday was 19 July.", ["s18f5", "s25f1"]),
    Q(TE, "T", "When did Ines start at the museum?",
      "Monday 12 May 2025.", ["s05f3", "s15f4"]),
    Q(TE, "M", "How long did Ines and I live in different cities before we moved in together?",
      "About eleven weeks: she moved up on 10 May and they moved into Portobello together on 26 July.",
      ["s15f4", "s14f1", "s26f1"]),
    Q(TE, "T", "How long ago did I bring my kitten home?",
      "About four weeks ago, on 21 June.", ["s21f1"], asked="2025-07-20"),
    Q(TE, "M", "When did Tess buy her birdwatching gear?",
      "Friday 2 May 2025, when she bought binoculars on sale.", ["s14f4"]),
    Q(TE, "T", "Which weekend were we in the Lakes with the lads?",
      "14-15 June 2025.", ["s10f6"]),
    Q(TE, "M", "How long after Ines's job offer did we secure our flat?",
      "About two months: the offer was on 28 February and the Portobello flat was secured by 4 May.",
      ["s05f3", "s14f1"]),
    Q(TE, "T", "When was Marcus's first interview with the games studio?",
      "Thursday 5 June 2025.", ["s18f1"]),
    Q(TE, "M", "Did Tess start bouldering before or after her cat arrived?",
      "Before: her first Crux Works session was Tuesday 17 June and Miso came home on 21 June.",
      ["s21f8", "s21f1"]),
    Q(TE, "T", "When is the rehearsal dinner?",
      "Friday 10 October, at Larchfield House.", ["s29f8"]),
    Q(TE, "M", "When did Tess's new housemate move in?",
      "16 August 2025.", ["s27f7", "s29f4"]),
    Q(TE, "T", "How much time off does Marcus get between jobs?",
      "About three weeks: his last Quaylight day was 8 August and he starts at Thistledown on 1 September.",
      ["s28f1", "s22f1"]),
    Q(TE, "M", "How many days was my mum staying with us?",
      "About five days: she arrived on 9 August and left on Thursday 14 August.", ["s28f4", "s29f5"]),
    Q(TE, "T", "When was my first fiddle lesson?",
      "Wednesday 20 August 2025.", ["s29f2"]),
    Q(TE, "M", "When did Tess send off her application for the intensive care post?",
      "Friday 7 March, three days before the 10 March deadline.", ["s06f3"]),
    Q(TE, "T", "How many days before my interview was the practice run with Marcus?",
      "Seven days: the mock was on Thursday 27 March and the interview on 3 April.", ["s09f1", "s08f4"]),
    Q(TE, "M", "When did Ines do her hands-on test for the museum?",
      "Thursday 27 February 2025.", ["s04f7"]),
    # ---------------- open-domain / inference ----------------
    Q(OD, "M", "Would Tess be up for a sea dip if she visits us at New Year?",
      "Very likely: she loves cold-water swimming (Fairy Pools, the Portishead Dippers, Portobello with Ines).",
      ["s13f3", "s14f3", "s26f3"]),
    Q(OD, "T", "Would a puzzle video game make a good present for Marcus?",
      "Yes: he has played Lanternfox, a puzzle game, four times.", ["s17f8", "s30f1"]),
    Q(OD, "T", "If I buy Ines a novel, what genre might she go for?",
      "A mystery: her pick Small Hours is about a night-shift nurse solving a mystery.", ["s18f9"]),
    Q(OD, "M", "Would Tess enjoy a day at a nature reserve with hides?",
      "Yes: she has taken up birdwatching, visits Gullmoor Reserve and has a list of 43 species.",
      ["s23f1", "s23f2"]),
    Q(OD, "T", "If I take Marcus out, should I suggest a coffee shop crawl?",
      "Probably not: his neurologist limited him to one coffee a day because coffee triggers his migraines.",
      ["s04f1", "s04f2"]),
    Q(OD, "M", "Would a dog-friendly holiday cottage suit Tess?",
      "Yes: she has a greyhound, Biscuit, and often has to arrange care for him when travelling.",
      ["s06f1", "s12f5"]),
    Q(OD, "T", "For Marcus's next celebration, would he rather have a club night or a day in the hills?",
      "A day in the hills: he asked for a hiking stag do, not a party weekend.", ["s10f5"]),
    Q(OD, "M", "Is Tess likely to come to our wedding on her own?",
      "No: she is bringing her boyfriend Callum as her plus-one.", ["s27f4"]),
    Q(OD, "T", "Would Marcus's mum be likely to over-cater a family event?",
      "Yes: she ordered jollof for sixty for the engagement party without asking anyone.", ["s02f4"]),
    Q(OD, "M", "What area of nursing is Tess likely to specialise in further?",
      "Critical care: she works in the ICU and is starting a postgraduate certificate in critical care at UWE.",
      ["s11f1", "s27f5"]),
    Q(OD, "T", "Would Marcus's brother be a good person to ask about designing a garden studio?",
      "Probably: Tunde studied architecture and graduated with a first.", ["s02f6", "s23f5"]),
    Q(OD, "M", "Is Tess's place a good spot to stay for someone allergic to pet dander?",
      "Not really: she has a kitten, Miso, and even her flatmate needs antihistamines.", ["s21f1", "s27f8"]),
    Q(OD, "T", "Would Ines like joining an open-water swimming group in Edinburgh?",
      "Yes: she plans to join a swimming club in Portobello after swimming there with Tessa.", ["s26f4"]),
    Q(OD, "M", "What sort of live music would Tess enjoy on a night out?",
      "Folk with fiddles: she loved The Hollow Pines and then took up the fiddle.", ["s29f1"]),
    Q(OD, "T", "Would Ines enjoy an exhibition of historic fabrics?",
      "Very likely: she is a textile conservator at the Caledonian Textile Museum and restores tapestries.",
      ["s05f3", "s24f7"]),
    Q(OD, "M", "If a guest fainted at our wedding, is there anyone on hand who could help?",
      "Yes: Tessa is a senior ICU nurse and her plus-one Callum is a paramedic.", ["s11f1", "s24f3", "s27f4"]),
    Q(OD, "T", "When Marcus travels, would he pick a hotel with a gym or one near a good running route?",
      "Probably a running route: he runs three times a week outdoors and loves Portobello's promenade.",
      ["s09f4", "s13f6"]),
    Q(OD, "M", "Could Tess's dog safely meet a friend's cat?",
      "Probably yes: the rescue marked him cat-safe, and he is actually scared of cats.", ["s19f6", "s21f2"]),
    Q(OD, "T", "Would Marcus be into a long historical adventure novel?",
      "Likely: he enjoyed The Cartographer's Winter, a polar expedition novel.", ["s06f7"]),
    Q(OD, "M", "Is Tess the kind of person who sticks with one hobby?",
      "No: she keeps adding new ones, from pottery and cold-water swimming to birdwatching, climbing and the fiddle.",
      ["s20f4", "s23f1", "s29f1"]),
    Q(OD, "T", "Would Marcus and Ines enjoy a Portuguese cooking class?",
      "Likely: Ines's family is from Porto and Marcus learned to grill sardines from her dad.", ["s12f1"]),
    Q(OD, "M", "Would Tess be keen to help her sister out with the baby?",
      "Very likely: she is besotted with her niece Elsie and is her godmother.", ["s17f1", "s18f4"]),
    Q(OD, "T", "Given how the Storr went, would I be up for another dawn hike?",
      "Probably: she would rather sleep in, but said the sunrise hike on Skye was worth it.", ["s12f6", "s13f1"]),
    Q(OD, "M", "Would Tess be up for a weekend of hillwalking and climbing walls?",
      "Yes: she loved the climbing wall on the stag do, climbed in the university club and now boulders at Crux Works.",
      ["s20f4", "s21f8"]),
]

REL = re.compile(
    r"\b(yesterday|tomorrow|tonight|this morning|last week|next week|next weekend|this week|this month|next spring"
    r"|(?:on|next|last|this) (?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)(?! \d| mornings| evenings))\b")
DAY = dt.timedelta(days=1)


def d(s):
    return dt.date.fromisoformat(s)


def build():
    errors = []
    sessions, fact_index, turn_index = [], {}, {}
    prev = None
    for i, s in enumerate(SESSIONS, 1):
        sid = "s%02d" % i
        if prev and d(s["date"]) <= prev:
            errors.append(sid + ": dates out of order")
        prev = d(s["date"])
        turns = []
        for j, (who, text) in enumerate(s["turns"], 1):
            tid = "%s:%d" % (sid, j)
            turns.append({"id": tid, "speaker": "bot" if who == "bot" else USERS[who], "text": text})
            turn_index[tid] = sid
        if not 8 <= len(turns) <= 14:
            errors.append("%s: %d turns" % (sid, len(turns)))
        facts = []
        for k, f in enumerate(s["facts"], 1):
            fid = "%sf%d" % (sid, k)
            if f["n"] != k:
                errors.append("%s: fact numbered %d at position %d" % (sid, f["n"], k))
            ev = []
            for t in f["turns"]:
                if not 1 <= t <= len(turns):
                    errors.append("%s: evidence turn %d missing" % (fid, t))
                ev.append("%s:%d" % (sid, t))
            nw = len(f["text"].split())
            if not 8 <= nw <= 30:
                errors.append("%s: %d words" % (fid, nw))
            fact = {"id": fid, "text": f["text"], "evidence": ev}
            if f["sup"]:
                for old in f["sup"]:
                    if old not in fact_index:
                        errors.append("%s supersedes unknown/later %s" % (fid, old))
                fact["supersedes"] = list(f["sup"])
            facts.append(fact)
            fact_index[fid] = (fact, sid, s["date"])
        if not 6 <= len(facts) <= 10:
            errors.append("%s: %d facts" % (sid, len(facts)))
        sessions.append({"id": sid, "date": s["date"], "user": USERS[s["user"]], "channel": CHANNEL,
                         "turns": turns, "facts": facts})
    superseded = {o for f, _, _ in fact_index.values() for o in f.get("supersedes", [])}
    sess_date = {s["id"]: s["date"] for s in sessions}
    turn_order = {t["id"]: n for n, t in enumerate(t for s in sessions for t in s["turns"])}

    rng = random.Random(SEED)
    questions = []
    for n, q in enumerate(QUESTIONS, 1):
        qid = "q%03d" % n
        turns, srcs = set(), set()
        for ref in q["ev"]:
            if ref in fact_index:
                f, sid, _ = fact_index[ref]
                turns.update(f["evidence"])
                srcs.add(ref)
            elif ref in turn_index:
                turns.add(ref)
            else:
                errors.append("%s: unknown evidence %s" % (qid, ref))
        ev = sorted(turns, key=turn_order.get)
        ev_sessions = sorted({t.split(":")[0] for t in ev})
        last = max(d(sess_date[s]) for s in ev_sessions) if ev_sessions else d("2025-01-01")
        if q["asked"]:
            asked = d(q["asked"])
        else:
            asked = last + rng.randint(7, 42) * DAY
        gap = (asked - last).days
        if not 7 <= gap <= 42:
            errors.append("%s: asked %d days after evidence" % (qid, gap))
        if q["cat"] == MH and len(ev_sessions) < 2:
            errors.append(qid + ": multi-hop from one session")
        # every evidence turn covered by some fact; unless historical, by a never-superseded fact
        for t in ev:
            cov = [f for f, _, _ in fact_index.values() if t in f["evidence"]]
            if not cov:
                errors.append("%s: turn %s covered by no fact" % (qid, t))
            elif not q["hist"] and all(f["id"] in superseded for f in cov):
                errors.append("%s: turn %s only covered by superseded facts" % (qid, t))
        if q["hist"] and not (srcs & superseded):
            errors.append(qid + ": flagged historical but cites no superseded fact")
        if q["cat"] not in (SH, MH, TE, OD):
            errors.append(qid + ": bad category")
        questions.append({"id": qid, "asked_on": asked.isoformat(), "user": USERS[q["asker"]], "channel": CHANNEL,
                          "question": q["q"], "answer": q["a"], "evidence": ev, "category": q["cat"]})
    if len({q["question"] for q in questions}) != len(questions):
        errors.append("duplicate question text")

    data = {
        "about": ("rtrain1: blind training set for the Seshat memory ranker (issue 23, round 13). Fictional. "
                  "Two university friends, Tessa Lindqvist (nurse, Bristol) and Marcus Adeyemi (software tester, "
                  "Manchester then Edinburgh), chatting in one shared private channel, Feb-Aug 2025; the bot never speaks. "
                  "Question categories: single-hop, multi-hop, temporal, open-domain (inference)."),
        "team": {"users": [{"id": u, "name": NAMES[u]} for u in USERS.values()],
                 "channels": [{"id": CHANNEL, "name": "tess-and-marcus", "private": True}]},
        "sessions": sessions,
        "questions": questions,
    }
    text = json.dumps(data, indent=1, ensure_ascii=False)
    if json.loads(text) != data:
        errors.append("JSON does not round-trip")
    return data, text, errors, superseded


def stats(data, superseded):
    ss, qs = data["sessions"], data["questions"]
    facts = [f for s in ss for f in s["facts"]]
    nt = [len(s["turns"]) for s in ss]
    nf = [len(s["facts"]) for s in ss]
    rel = [f for f in facts if REL.search(f["text"])]
    cats = {}
    for q in qs:
        cats[q["category"]] = cats.get(q["category"], 0) + 1
    by_user = {}
    for q in qs:
        by_user[q["user"]] = by_user.get(q["user"], 0) + 1
    out = [
        "- sessions: %d, %s to %s, all in channel %s" % (len(ss), ss[0]["date"], ss[-1]["date"], CHANNEL),
        "- turns: %d (min %d, max %d per session); bot turns: %d" % (
            sum(nt), min(nt), max(nt), sum(t["speaker"] == "bot" for s in ss for t in s["turns"])),
        "- facts: %d (min %d, max %d per session); with 'supersedes': %d; superseded: %d; with a relative date: %d (%d%%)" % (
            len(facts), min(nf), max(nf), sum("supersedes" in f for f in facts), len(superseded), len(rel),
            round(100 * len(rel) / len(facts))),
        "- questions: %d, asked %s to %s; by asker: %s" % (
            len(qs), min(q["asked_on"] for q in qs), max(q["asked_on"] for q in qs),
            ", ".join("%s %d" % (NAMES[u], n) for u, n in by_user.items())),
    ]
    for c in (SH, MH, TE, OD):
        out.append("  - %s: %d (%d%%)" % (c, cats.get(c, 0), round(100 * cats.get(c, 0) / len(qs))))
    return "\n".join(out)


if __name__ == "__main__":
    data, text, errors, superseded = build()
    if errors:
        print("\n".join(errors))
        sys.exit(1)
    with open(OUT, "w", encoding="utf-8") as fh:
        fh.write(text + "\n")
    st = stats(data, superseded)
    with open(os.path.join(HERE, "stats.md"), "w", encoding="utf-8") as fh:
        fh.write("# rtrain1.json counts (written by gen.py)\n\n" + st + "\n")
    print(st)
