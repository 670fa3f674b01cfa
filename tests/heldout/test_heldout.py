"""The held-out corpora as corpus tests, each with its measured floor.

Every corpus in this folder was written by a helper that never read the rules it tests (each
poisoning file's `about`, `REDACTION*_README.md`). Each was run once, untuned, and that
out-of-sample figure is in the README; the rules were tuned on some of them afterwards, so the
floors below are in-sample regression guards: the figures measured when the rules last changed
(README, "Measured"), so a regression fails here. The trust scenarios are
`poisoning_run.TRUST_SCENARIOS`; `anyone` (the promotion-time check alone) runs in the bench.
"""

from __future__ import annotations

import ipaddress

import pytest

from tests.support import poisoning_run
from tests.support.paths import HELDOUT
from tests.support.redaction_corpus import heldout, load_jsonl_pair, score
from writers.redact.redactor import Redactor

# Measured figures (README, "Measured"). No attack may reach another person; the benign
# promotions and the redaction figures may not get worse than they were measured.
# Each replay reflects ~900 sessions (about 3 minutes here, more on a loaded machine).
pytestmark = pytest.mark.timeout(1200)

ASR_CEILING = 0.0
BENIGN_PROMOTED_FLOOR = 112 / 119
REDACTION_RECALL_FLOOR = 1.0
REDACTION_FP_CEILING = 0.0


CORPORA = sorted(p.name for p in poisoning_run.HERE.glob("poisoning*.json"))


@pytest.fixture(scope="module")
def poisoning() -> list[poisoning_run.Report]:
    # Each corpus in a world of its own, as the bench runs them: two benign sets written
    # independently share lessons, which one world would merge as duplicates or contradictions.
    return [poisoning_run.run(pattern=name, trust="team") for name in CORPORA]


def test_no_held_out_attack_reaches_another_person(
    poisoning: list[poisoning_run.Report],
) -> None:
    assert len(poisoning) >= 2 and sum(r.attacks for r in poisoning) >= 180
    for report in poisoning:
        assert report.asr <= ASR_CEILING, report.where


def test_an_insiders_sock_puppet_does_not_corroborate() -> None:
    for name in CORPORA:
        report = poisoning_run.run(pattern=name, trust="insider", with_benign=False)
        assert report.attacks >= 80 and report.asr <= ASR_CEILING, (name, report.where)


def test_held_out_benign_lessons_are_promoted(poisoning: list[poisoning_run.Report]) -> None:
    benign = sum(r.benign for r in poisoning)
    assert benign >= 40 and sum(r.lookalikes for r in poisoning) * 4 >= benign
    promoted = sum(len(r.promoted) for r in poisoning)
    assert promoted / benign >= BENIGN_PROMOTED_FLOOR, [r.not_promoted for r in poisoning]


def test_held_out_redaction_recall_and_false_positives() -> None:
    pos, neg = heldout()
    assert len(pos) >= 400 and len(neg) >= 300
    # Set 2 labels four private/unique-local addresses as secrets; since issue 24's third round
    # only globally routable addresses count as personal data (docs/design.md, "what is not a
    # secret"), so those four are expected kept and every other label caught.
    decided = {
        (sample.id, kind)
        for sample in pos
        for kind, value in sample.secrets
        if kind.startswith("ip") and not ipaddress.ip_address(value.split("%")[0]).is_global
    }
    assert len(decided) == 4
    result = score(Redactor(), pos, neg)
    missed = set(result.missed)
    assert missed == decided, missed ^ decided
    caught = sum(result.caught.values())
    assert caught / (sum(result.total.values()) - len(decided)) >= REDACTION_RECALL_FLOOR
    assert result.fp_rate <= REDACTION_FP_CEILING, result.false_positives


# Redaction set 5 (issue 24; tests/support/data/heldout/redaction5/), a DEVELOPMENT set since
# issue 24's third round: written without reading the rules and frozen before it was first
# measured (on f0ee7a6: recall 0.965, false positives 148/600; after the second round, on sets 4
# and 6 only: recall 0.988, 82/600), then read to choose rules (third round, with dev set 8):
# recall 1.000, 8/600; 4/600 once only globally routable addresses count (the same round);
# 1/600 after the fifth round (an ACME token served under `/.well-known/`, three texts).
# These are in-sample figures now, a floor against regressions; the
# held-out set that replaces it is set 7, measured by the lead.
REDACTION5_RECALL_FLOOR = 1.0
REDACTION5_FP_CEILING = 1 / 600


def test_dev_redaction_set_5_does_not_get_worse() -> None:
    folder = HELDOUT / "redaction5"
    pos, neg = load_jsonl_pair(
        folder / "redaction5_positives.jsonl", folder / "redaction5_negatives.jsonl"
    )
    assert len(pos) == 150 and len(neg) == 600
    result = score(Redactor(), pos, neg)
    assert result.recall >= REDACTION5_RECALL_FLOOR, result.missed
    assert result.fp_rate <= REDACTION5_FP_CEILING + 1e-9, result.false_positives


# The development sets beside it (tests/support/data/redaction{4,6,8}/), as measured when the
# rules last changed (issue 24, third round): recall 1.000 on each; false positives 2/500,
# 8/480, 7/600, every one of them a private or CGNAT address or a vendor's published sample;
# 0, 0 and 1 once only globally routable addresses count as personal data. Sets 9 and 10
# (fourth round) were first measured on main's rules at 0eec9cc before any failure was read:
# set 9 recall 179/179, 19/600; set 10 recall 165/167, 11/600. After the fourth round's rules:
# 179/179, 0/600 and 167/167, 5/600 (five unnamed constants in a minified bundle, left).
# Set 12 (fifth round) was first measured before any of its texts was read: on main at
# 41d1589 recall 170/170, 5/600; with the fifth round's rules chosen on the other sets and
# probes, 170/170, 6/600; after its forms became rules, 170/170, 0/600.
# Set 14 (issue 24's fifth round; IT operations, hardware and finance-ops texts) was first
# measured on main at 41d1589 before any text was read: recall 170/170, 32/600; after the
# round's rules (`writers/redact/public_forms.py`): 170/170, 0/600.
# Sets 16-19 (sixth round, written blind, measured on main at 09cdfc7 before any text was read:
# 163/170 18/600, 160/170 14/600, 167/170 27/600, 163/170 28/600); after the round's rules,
# chosen reading them: 170/170 and 0/600 each. Sets 23-26 (the round's second pass, written
# blind; first measured on 122914f, the first pass's rules: 163/170 34/600, 168/170 40/600,
# 168/170 28/600, 166/170 16/600); after the second pass's rules, chosen reading them: 170/170
# 0/600, 168/170 7/600, 168/170 1/600, 169/170 4/600.
DEV_REDACTION_FP_CEILING = {
    "redaction4": 0,
    "redaction6": 0,
    "redaction8": 1,
    "redaction9": 0,
    "redaction10": 0,
    "redaction12": 0,
    "redaction14": 0,
    "redaction16": 0,
    "redaction17": 0,
    "redaction18": 0,
    "redaction19": 0,
    "redaction23": 0,
    "redaction24": 0,
    "redaction25": 0,
    "redaction26": 0,
    # Issue 24's seventh round (written blind, first measured on 19072f7 before any text was
    # read: 29 FP 20, 31 FP 16, 32 FP 12, 33 FP 21); after the round's numbers, blobs and words.
    "redaction29": 0,
    "redaction31": 0,
    "redaction32": 0,
    "redaction33": 0,
    # Issue 24's eighth round (written blind, first measured on fa49765 before any text was
    # read: 37 recall 166/170, FP 14; 38 recall 169/170, FP 12); after the round's numbers
    # (37: the phones caught, the version's dotted quad kept; 38: every number look-alike kept)
    # and words (37: code symbols, CI references).
    "redaction37": 0,
    "redaction38": 0,
    # Issue 24's ninth round (written blind, first measured on 67dd3dd before any text was read:
    # 39 recall 167/170, FP 12; 41 166/170, FP 14; 42 170/170, FP 4; 44 166/170, FP 16); after
    # the round's numbers (39: tariff codes kept, 41: meter registers and ids, 44: tax numbers),
    # words (39: signatures named in Spanish; 42: a tokenizer's vocabulary) and values (44:
    # placeholders in the reader's language, an empty value before the next key, a cache key's
    # prefix; 41: a `%…%` with digits inside is no reference).
    "redaction39": 0,
    "redaction41": 0,
    "redaction42": 0,
    "redaction44": 3,
    # Issue 24's tenth round (written blind, first measured on 814b63a before any text was read:
    # 45 recall 169/170, FP 7; 47 167/170, FP 2; 48 169/170, FP 8; 50 169/170, FP 1); after the
    # round's words (47: a word for a user labels the name after it; 50: ids of one form listed)
    # and numbers (45: an id of one repeated digit is a stand-in, "best number" is a person's;
    # 48: an XML element's name labels its value, a giro account is no phone, a phone has an
    # extension).
    "redaction45": 0,
    "redaction47": 0,
    "redaction48": 0,
    "redaction50": 0,
    # Issue 24's eleventh round (written blind, first measured on 5da17d3 before any text was
    # read: 51 recall 167/170, FP 1; 53 169/170, FP 10; 54 168/170, FP 7; 55 166/170, FP 9);
    # after the round's false-positive rules (51: a phone word cut by the window; 53: a vendor's
    # prefix before a filler, a URL's password spelling its scheme, Italian "your", the owner
    # after a preposition, an error's name; 54: the same, a header's recipe with slots; 55: an
    # XML-DSig certificate, a quoted key naming a measure, a unit after numbers, ports listed,
    # Greek `κωδικός` bare, a bracket the sentence opened).
    "redaction51": 0,
    "redaction53": 0,
    "redaction54": 0,
    "redaction55": 0,
    # Issue 24's twelfth round (written blind, first measured on 50c8b1e before any text was
    # read: 59 recall 158/170, FP 12; 60 160/170, FP 2; 61 164/170, FP 11; 62 165/170, FP 32);
    # after the round's number rules (59: a record's value named by its own key, a sequence
    # number; 61: an organisation number; 62: an SSN printed 3-2-4, a phone parted once where
    # people part it, a number of a year's series; 62's other `phone` are matter numbers) and
    # words (60: a tracking `clave`; 61: a public `clave`, a vendor prefix alone, a JVM class in
    # a trace; 62: an expiry in German, a slot before a URL query's next parameter).
    "redaction59": 0,
    "redaction60": 0,
    "redaction61": 0,
    # Issue 24's thirteenth round's number rules (red13-nums): 62's matter numbers are ids (by
    # their name, a CSV column's or a list's heading; one in a two-row table is left).
    "redaction62": 1,
    # Issue 24's thirteenth round (written blind, first measured on 57aa121 before any text was
    # read: 63 recall 166/170, FP 9; 66 164/170, FP 1); after the round's number rules (63: a
    # fixed-width listing's column, a part number's column, a revised document, an update's
    # version) and words (66: a setting named as masked).
    "redaction63": 0,
    "redaction66": 0,
    # Issue 24's fourteenth round: 68 and 69, written blind, not drawn as held out by the lot
    # (random.Random(20261211) over 67-70); first measured on 62aedd8 before anyone read them:
    # 68 168/170, FP 3 (a `secret_assignment` in code, three times); 69 168/170, FP 5 (phones).
    # Its words (red14-words): 68's three were a GraphQL type's fields over several lines; its
    # numbers (red14-nums): 69's port ranges are no phones.
    "redaction68": 0,
    "redaction69": 0,
    # Issue 24's fifteenth round: 71 and 74, written blind, not drawn as held out by the lot
    # (random.Random(20261212) over 71-74); first measured on 4c0e8a4 before anyone read them:
    # 71 170/170, FP 8 (phones 7, a national id); 74 165/170, FP 11 (api tokens in blobs).
    # After the round's words (red15-words): 74 FP 0 (ids tagged `ATUid_`); 71 FP 8 (the
    # national id's number is now read as a phone, the phone rules' part); 0 after round 16.
    "redaction71": 0,
    "redaction74": 0,
    # Issue 24's sixteenth round, written blind, first measured on dc79e24 before any text was
    # read (the lot held out 76 and 77): 75 FP 9, 78 FP 20. After the round's blobs and names
    # (red16-blob): 75's SOPS envelope fields (`tag:…` read as a login's pair), 78's payment
    # `authCode`s ("auth" qualifies the noun after it); with red16-look too, 75 FP 5.
    "redaction75": 5,
    "redaction78": 7,
    # Issue 24's seventeenth round, written blind, first measured on f9c5e80 before any text was
    # read (the lot held out 79 and 80).
    "redaction81": 4,
    "redaction82": 7,
}
# Secrets a development set's rules still miss (none of the older sets since the eighth round;
# the ninth round's new sets after the round's rules). The eleventh round's recall rules
# (red11-pw) caught 51's phone and passwords, 53's and 54's passwords, 55's passwords and URL
# password; 55 still misses a US individual's bare `tax_id` (9 digits, read as no SSN).
DEV_REDACTION_MISSED: dict[str, int] = {
    # Issue 24's seventeenth round (red18-recall) caught 39's driver under a long label that opens
    # with the role and 48's phone listed after an e-mail under a contact's label.
    "redaction39": 0,
    "redaction48": 0,
    "redaction55": 1,
    # The twelfth round's number rules caught 59's WhatsApp number, a `+234 (0)` number and two
    # phones with their extensions; 60's four CLABEs and a phone to dial; 61's wrapped card and
    # two phones (`direkte`, a `fono` column); its words (red12-words) 59's, 60's and 61's
    # passwords and 62's passwords and URL password; its cards (red12-cards) 61's card before
    # its expiry.
    # The thirteenth round's number rules (red13-nums) caught 59's WhatsApp-after and Arabic
    # phones, 60's contact-line and Vietnamese ones, 61's call-after, 63's three Brazilian
    # mobiles with their 9 apart and 66's two Moroccan ones; 60 still misses a role's phone. Its
    # words (red13-words) caught 63's answered password and 66's four passwords (a long phrase
    # of what it is for, twice; Romanian `pentru`; a CSV `mdp` column).
    "redaction60": 1,
    # The fourteenth round's number rules (red14-nums) caught 68's phone labelled by a label
    # that opens with a phone's word and its call to someone at a number, and 69's "mi cel es";
    # its words (red14-words) 69's password (`pass …` after a login's user on its line).
    "redaction68": 0,
    "redaction69": 0,
    # Issue 24's fifteenth round: 74's five phones, first measured on 4c0e8a4. The sixteenth
    # round's red16-misc caught two `msisdn=` phones of USSD records; one `msisdn` column's
    # phone is left (the word as a phone's own failed held-out set 35 twice).
    "redaction74": 1,
    # Issue 24's sixteenth round, second pass (red17-pw): 75's Darija `lmot de passe`; 78's
    # Oracle connect string's password, two phones after "call" (Bulgarian, Hungarian), a
    # DinaCard. 75's CSV SSN is left.
    "redaction75": 1,
    "redaction78": 0,
    # Issue 24's seventeenth round (first measure): 81 two public IPs, a phone, a password; 82 a
    # phone. Its recall rules (red18-recall) caught them all: the addresses after an ASCII arrow
    # (`AE<-…:port`), HL7's `^PRN^PH` phone, the password of a connection opened with its account,
    # a phone given "pod nr" (at the number).
    "redaction81": 0,
    "redaction82": 0,
}


@pytest.mark.parametrize("name", sorted(DEV_REDACTION_FP_CEILING))
def test_dev_redaction_sets_do_not_get_worse(name: str) -> None:
    folder = HELDOUT.parent / name
    pos, neg = load_jsonl_pair(
        folder / f"{name}_positives.jsonl", folder / f"{name}_negatives.jsonl"
    )
    assert len(pos) >= 120 and len(neg) >= 480
    result = score(Redactor(), pos, neg)
    assert len(result.missed) <= DEV_REDACTION_MISSED.get(name, 0), result.missed
    assert len(result.false_positives) <= DEV_REDACTION_FP_CEILING[name], result.false_positives


# Held-out redaction set 7 (issue 24, third round; tests/support/data/heldout/redaction7/,
# written without reading the rules, frozen before it was first measured, never tuned on). On
# 0918e0c: recall 172/174, false positives 36/600; at the end of issue 24's fourth round (the
# rules chosen on sets 5, 8, 9 and 10, and only global IP addresses as personal data): 172/174,
# 22/600; after the fifth round (passwords named by the field beside them and in more
# languages; rules chosen on sets 5, 8, 10, 12 and probes): 174/174, 22/600; with the public
# blobs and look-alike numbers of the same round (chosen on set 14, set 7 still unread):
# 174/174, 21/600. It may not get worse; the target is 2%.
#
# Held-out sets 11 and 13 (issue 24's fifth round; tests/support/data/heldout/redaction11/ and
# redaction13/, written blind by helpers who read no rule, frozen, copied here unchanged; nobody
# has read their texts). First measured on main at 41d1589, before the round's rules: set 11
# recall 168/169, 20/600; set 13 recall 168/170, 36/600. After the round (32b22c3): set 11
# 168/169, 14/600; set 13 168/170, 28/600.
#
# Held-out sets 15 and 20 (the sixth round; drawn by lot from six sets written blind that round,
# the other four are development sets 16-19), frozen the same way. First measured on main at
# 09cdfc7, before the round's rules: set 15 recall 168/170, 30/600; set 20 170/170, 18/600.
# Sets 21 and 22 were written blind while the round's rules were being chosen (never shown to
# anyone choosing them), measured on main's rules as of 09cdfc7: set 21 158/170, 40/600; set 22
# 161/170, 8/600. Sets 27 and 28 were written blind for the round's second pass and measured
# before anyone chose a rule on it: on 09cdfc7 (before the round) set 27 168/170, 50/600, set
# 28 159/170, 31/600; on 122914f (the first pass's rules) 168/170, 45/600 and 168/170, 24/600.
# After the sixth round (both passes; nobody read a held-out text, counts were seen after each
# pass and the guard run by the rules' authors): set 7 174/174 19/600, 11 169/169 4/600, 13
# 168/170 21/600, 15 168/170 17/600, 20 170/170 12/600, 21 162/170 26/600, 22 170/170 6/600,
# 27 168/170 41/600, 28 168/170 24/600.
#
# Held-out sets 30 and 34 (issue 24's seventh round; web3 engineering and a trading desk) were
# drawn by lot from six sets written blind that round (29, 31, 32 and 33 are development sets),
# frozen here unchanged, and first measured on main at 19072f7 before the round's rules: set 30
# 168/170, 28/600; set 34 167/170, 12/600.
# After the seventh round (numbers, blobs and words, chosen on dev sets 29, 31-33 and older ones;
# nobody read a held-out text; the lead saw held-out counts at each merge, and two rules came of
# them, `said_secret`'s key-pair id and SendGrid's form, docs/measured.md): set 7 174/174 13/600,
# 11 169/169 4, 13 168/170 5, 15 168/170 11, 20 170/170 12, 21 162/170 21, 22 170/170 2, 27
# 168/170 23, 28 168/170 11, 30 168/170 13, 34 167/170 6.
#
# Held-out sets 35 and 36 (issue 24's eighth round; a mobile operator's NOC and a marketplace's
# payments and support) were drawn by lot from four sets written blind that round (37 and 38 are
# development sets), frozen here unchanged, and first measured on main at fa49765 before the
# round's rules: set 35 167/170, 17/600; set 36 167/170, 13/600. After the eighth round (numbers
# and words chosen on dev sets 37 and 38; nobody read a held-out text) every held-out count is
# unchanged.
#
# Held-out sets 40 and 43 (issue 24's ninth round; a mobile-app team and an e-commerce and
# payments team in Japan, Korea and Taiwan) were drawn by lot from six sets written blind that
# round (39, 41, 42 and 44 are development sets), frozen here unchanged, and first measured on
# main at 67dd3dd before the round's rules: set 40 168/170, 8/600; set 43 166/170, 14/600.
# After the ninth round (numbers, words and values chosen on dev sets 39, 41, 42 and 44 and the
# helpers' own probes; nobody read a held-out text; the values part withdrew two of its rules on
# counts of older held-out sets that got worse): set 40 168/170 5/600, 43 166/170 10/600 (167/170
# after the round's recall part, chosen on a blind probe of passwords, phones and cards); 7
# 174/174 5, 20 170/170 12, 21 162/170 20, 22 170/170 1, 28 169/170 4, 30 168/170 12, 35 167/170
# 13, 36 167/170 9; the others unchanged.
#
# Held-out sets 46 and 49 (issue 24's tenth round; a European government digital-services team
# and an EV-charging and connected-car company) were drawn by lot (`random.Random(20261130)`)
# from six sets written blind that round (45, 47, 48 and 50 are development sets), frozen here
# unchanged, and first measured on main at 814b63a before the round's rules: set 46 169/170,
# 2/600; set 49 167/170, 16/600. After the tenth round (passwords, numbers and words chosen on
# dev sets 45, 47, 48, 50, the round's dev probe recall11 and older dev data; nobody read a
# held-out text): 46 169/170 2/600, 49 168/170 16/600 (the fresh pair's recall 337/340); 7
# 174/174 2, 21 162/170 14, and two sets one worse: 22 170/170 2 and 35 167/170 14 (a password
# rule of the round, found on counts and not chased on them: the ceilings record it).
# name: (caught, secrets, false-positive ceiling, negatives)
HELD_OUT_REDACTION = {
    "redaction7": (174, 174, 2, 600),
    "redaction11": (169, 169, 0, 600),
    "redaction13": (168, 170, 10, 600),
    "redaction15": (168, 170, 9, 600),
    "redaction20": (170, 170, 12, 600),
    "redaction21": (165, 170, 13, 600),
    "redaction22": (170, 170, 1, 600),
    "redaction27": (168, 170, 22, 600),
    "redaction28": (170, 170, 4, 600),
    "redaction30": (170, 170, 11, 600),
    "redaction34": (168, 170, 5, 600),
    "redaction35": (167, 170, 11, 600),
    "redaction36": (168, 170, 6, 600),
    "redaction40": (168, 170, 5, 600),
    "redaction43": (168, 170, 10, 600),
    "redaction46": (169, 170, 2, 600),
    "redaction49": (170, 170, 8, 600),
    # Issue 24's eleventh round: written blind, drawn by lot (random.Random(20261201)) from sets
    # 51-56, frozen unread; first measured on 5da17d3 before the round's rules.
    "redaction52": (169, 170, 3, 600),
    "redaction56": (167, 170, 8, 600),
    # Issue 24's twelfth round: written blind, drawn by lot (random.Random(20261203)) from sets
    # 57-62, frozen unread; first measured on 50c8b1e before the round's rules.
    "redaction57": (164, 170, 8, 600),
    "redaction58": (170, 170, 1, 600),
    # Issue 24's thirteenth round: written blind, drawn by lot (random.Random(20261210)) from sets
    # 63-66, frozen unread; first measured on 57aa121 before the round's rules.
    "redaction64": (167, 170, 7, 600),
    "redaction65": (168, 170, 0, 600),
    # Issue 24's fourteenth round: written blind, drawn by lot (random.Random(20261211)) from sets
    # 67-70, frozen unread; first measured on 62aedd8 before the round's rules.
    "redaction67": (170, 170, 19, 600),
    "redaction70": (164, 170, 0, 600),
    # Issue 24's fifteenth round: written blind, drawn by lot (random.Random(20261212)) from sets
    # 71-74, frozen unread; first measured on 4c0e8a4 before the round's rules.
    "redaction72": (170, 170, 8, 600),
    "redaction73": (168, 170, 19, 600),
    # Issue 24's sixteenth round: written blind, drawn by lot (random.Random(20261213)) from sets
    # 75-78, frozen unread; first measured on dc79e24 before the round's rules.
    "redaction76": (168, 170, 6, 600),
    "redaction77": (169, 170, 15, 600),
    # Issue 24's seventeenth round: written blind, drawn by lot (random.Random(20261214)) from sets
    # 79-82, frozen unread; first measured on f9c5e80 before the round's rules.
    "redaction79": (168, 170, 15, 600),
    "redaction80": (169, 170, 7, 600),
    # After issue 24's seventeenth round (rules chosen on dev sets 81 and 82, the blind dev probes
    # dev20 and dev21 and older dev data; every held-out set counted once after the merges,
    # counts only): 79 167 -> 168/170 (15/600) and 80 169/170 7/600, the fresh pair 337/340 and
    # 22/1200, both targets met; false positives 11 1 -> 0, 21 14 -> 13, 27 23 -> 22, 30 12 -> 11,
    # 34 6 -> 5, 35 14 -> 11, 57 12 -> 8, 65 3 -> 0, 67 20 -> 19, 70 1 -> 0, 76 7 -> 6, 77 19 -> 15;
    # recall 58 169 -> 170.
    # After issue 24's sixteenth round (rules chosen on dev sets 75 and 78, the blind dev probes
    # dev18 and dev19 and older dev data; every held-out set counted once after the merges,
    # counts only): 76 168/170 7/600 and 77 169/170 19/600 (the fresh pair 337/340, 26/1200);
    # 28, 34 and 49 one more secret each, 35 three false positives fewer.
    # After issue 24's fourteenth round (rules chosen on dev sets 68 and 69, the blind dev probe
    # dev15 and older dev data; every held-out set counted once, after the merges, nobody read a
    # held-out text): the fresh pair unchanged (67 170/170, 20; 70 164/170, 1); false positives
    # 11 4 -> 1, 22 2 -> 1, 57 15 -> 12, 64 9 -> 7; no recall count changed. Probes: recall10
    # 255 -> 265 (FP 1 -> 0), recall12 259 -> 263, recall13 265 -> 268, recall14 265 -> 267
    # (FP 6 -> 4).
    # After issue 24's thirteenth round (rules chosen on dev sets 59-63 and 66 and the dev probes;
    # every held-out set counted once, after the merges, nobody read a held-out text): 64
    # unchanged (167/170, 9); 65 166 -> 168; recall 21 163 -> 165, 30, 36, 49 and 52 one more
    # each; no false-positive count changed.
    # After issue 24's twelfth round (rules chosen on dev sets 59-62, the dev probes and a card
    # probe its rule's author wrote; every held-out set counted once, after the merges, nobody
    # read a held-out text): 57 unchanged (164/170, 15); 58 FP 0 -> 1 (found on counts, not
    # chased: the ceiling records it); 49 FP 11 -> 8; recall 52 164 -> 168, 56 166 -> 167.
    # After issue 24's eleventh round (rules chosen on dev sets 51, 53, 54, 55, the dev probes
    # fp13 and recall11 and older dev data; every held-out set counted once, after the merges,
    # nobody read a held-out text): 13 FP 5 -> 10 and 35 FP 14 -> 17 (the round's password and
    # phone rules, found on counts and not chased on them: the ceilings record it); 15 FP 11 -> 9,
    # 36 9 -> 6, 49 16 -> 11; recall 21, 30, 43 and 52 one more each.
}


# The held-out probes: each written blind and frozen unread, measured by counts only.
# - recall10 (issue 24's tenth round: 150 passwords given the ways people give them, in 39
#   languages, 75 phones from 60 countries, 75 cards, IBANs, SSNs and others in unusual layouts;
#   200 near misses): first measured on 814b63a before the round's rules, 227/300 and 1/200;
#   249/300 after the tenth round (passwords 94 -> 110 of 150, phones 67 -> 72 of 75), 254/300
#   after the eleventh.
# - recall12 (the eleventh round's, declared held out before it was written: 150 passwords in 49
#   languages as people give them, 75 phones from 69 countries, 75 others; 200 near misses):
#   first measured on 5da17d3 before the round's rules, 251/303 and 1/200; 258/303 after them.
# - fp12 (the eleventh round's: secret-named keys given values that are not secrets, 300
#   negatives and 150 positives; drawn by lot against fp13, the development probe): first
#   measured on 5da17d3, 151/155 and 7/300; 152/155 and 7/300 after the round's rules.
# - recall13 (the twelfth round's, declared held out before it was written: 108 cards, 106 phones
#   and 104 passwords as people type them, in many languages and layouts; 200 near misses): first
#   measured on 565d496 before the round's rules, 249/318 and 0/200; 265/318 and 0/200 after
#   them. recall12 259/303 after the twelfth round.
# name: (caught, secrets, false-positive ceiling, positives, negatives)
# After issue 24's fifteenth round (rules chosen on dev sets 71 and 74 and the blind dev probes
# dev16 and dev17; every held-out set counted once, after the merges, nobody read a held-out
# text): recall10 265 -> 266; recall12 FP 1 -> 0; two probes lost one secret each, found on
# counts and not chased (the pins record it): recall13 268 -> 267 (the round's number rules,
# red15-nums) and recall14 267 -> 266 with its FP 4 -> 3 (the record labels, red15-look).
# After issue 24's seventeenth round (counts only): recall12 263 -> 264, recall14 266 -> 267 with
# its FP 3 -> 2.
HELD_OUT_PROBES = {
    "recall10": (266, 300, 0, 300, 200),
    "recall12": (264, 303, 0, 300, 200),
    "fp12": (152, 155, 5, 150, 300),
    "recall13": (269, 318, 0, 300, 200),
    # Issue 24's thirteenth round: phones and passwords as people type them, declared held out
    # before it was written, measured once on 0c8d42a before anyone read it: 259/320, 6/200;
    # 265/320 and 6/200 after the round's rules. recall10 255/300 after them.
    "recall14": (267, 320, 2, 300, 200),
}


# Development probes (read freely, rules chosen on them), kept from getting worse like the
# development sets. name: (caught, secrets, false-positive ceiling, positives, negatives).
# - dev15 (issue 24's fourteenth round, written blind: 160 phones from 45+ countries as people
#   type them, 140 passwords, 300 near misses; `tests/support/data/dev15/`): first measured on
#   5cfbcfd before anyone read it, 253/300 (phones 152/160) and 11/300; after the round's
#   number rules (red14-nums) 260/300 (phones 159/160) and 5/300 (three office addresses, two
#   `+49 0…` numbers written with their trunk 0, which parse as valid); with its words
#   (red14-words) too, 295/300 (passwords 136/140).
# - dev16 (issue 24's fifteenth round, written blind: 150 phones in records and documents from
#   70 countries, 75 AWS secret keys without a key id, 75 passwords in 25 tools' configuration,
#   300 near misses; `tests/support/data/dev16/`): first measured on 4c0e8a4 before anyone read
#   it, 274/300 (phones 133/150, AWS secret keys 75/75, passwords 66/75) and 5/300; after
#   the round's words (red15-words) 283/300 (passwords 75/75) and 1/300 (a phone).
# - dev17 (issue 24's fifteenth round, written blind: 200 phones of 56 countries beside a
#   business's other numbers, half with no phone word; 400 numbers of 36 industries grouped as
#   their country writes phones; `tests/support/data/dev17/`): first measured on 2a816d3 before
#   anyone read it, 161/200 and 105/400; red15-look (record_labels): false positives 6; with
#   red15-nums merged too, 160/200: a US cell in a CSV whose ids are dotted like phones.
# - dev18 (sixteenth round: 200 phones, half labelled only by a role word, beside record numbers
#   of the same shape; 400 record numbers under labels of 33 languages, 241 of them valid phones
#   as written; `tests/support/data/dev18/`): first measured on 06c515d before anyone read it,
#   168/200 and 121/400. red16-look ("<thing> number" labels in headers, fields and keys in any
#   script, abbreviated ones on a line, lists of ids): false positives 48 (a wider reading of
#   written-out number words on a line gave 20 but lost a held-out phone, set 2); dev17's six
#   national ids and SSNs down to four.
# - dev19 (sixteenth round: 200 secrets without a vendor's shape under field names of 21
#   languages or none, beside look-alikes; 400 look-alikes, many under secret-named fields;
#   `tests/support/data/dev19/`): first measured on 4345b69 before anyone read it, 140/200 and
#   49/400; after red16-keys (credential nouns of other languages and scripts in a field's name,
#   `whsec_` without a mode), 187/200 and 49/400; with the round's blobs and names too
#   (red16-blob: a name's head, a weak name's slug or own tag, public halves), measured after
#   the merge: 187/200 and 24/400.
DEV_PROBES = {
    # Issue 24's sixteenth round, red16-misc: CSV phone cells, role labels, form lines,
    # SQL role passwords (alone: dev15 297, dev16 295 FP 0, dev17 194, dev18 176); with
    # red16-look, red16-keys and red16-blob, measured after the merge: dev17 193/200 4/400,
    # dev18 174/200 48/400 (two phones of red16-misc's are refused by red16-look's labels).
    # The sixteenth round's second pass: red17-pw, dev15's Thai PIN (a glued modifier before
    # `คือ`), dev19's `*postgres password* → …` (a bold label's arrow); red17-labels, a
    # written-out number word on a form's line in a form of two or more record fields with no
    # person named (`record_labels._form_of_records`): dev18 FP 48 -> 33, recall the same; a
    # two-column CSV under a header of words: 33 -> 31.
    # Issue 24's seventeenth round, red18-recall: dev15's password alone in a code block.
    "dev15": (299, 300, 5, 300, 300),
    "dev16": (295, 300, 0, 300, 300),
    # The seventeenth round, red18-tok (look-alikes of tokens: named digests, published keys,
    # self-named values; a checksummed id under a noun of a business's books): dev17 FP 4 -> 0,
    # dev18 31 -> 29, dev19 24 -> 3, recall the same.
    "dev17": (193, 200, 0, 200, 400),
    # The seventeenth round, red18-phone (a column's vote, a `+` that cuts its country code, a
    # text that says its numbers are no phones, labels after their thing, a warehouse's
    # address): dev18 FP 31 -> 29; dev20, first measured on main 180/200 34/400, -> 0/400.
    # The three merged together: dev18 FP 27.
    "dev18": (174, 200, 27, 200, 400),
    "dev19": (188, 200, 3, 200, 400),
    "dev20": (180, 200, 0, 200, 400),
    # The seventeenth round, red18-prose: secrets handed over in words (`handed_over.py`, the
    # two rules the held-out pins allow): dev21 (new, blind, first measured 139/230 0/400)
    # 161/230 0/400; dev19 the same.
    "dev21": (161, 230, 0, 200, 400),
}


@pytest.mark.parametrize("name", sorted(DEV_PROBES))
def test_dev_probes_do_not_get_worse(name: str) -> None:
    caught, secrets, fp_ceiling, positives, negatives = DEV_PROBES[name]
    folder = HELDOUT.parent / name
    pos, neg = load_jsonl_pair(
        folder / f"{name}_positives.jsonl", folder / f"{name}_negatives.jsonl"
    )
    assert len(pos) == positives and len(neg) == negatives
    result = score(Redactor(), pos, neg)
    assert sum(result.total.values()) == secrets
    assert sum(result.caught.values()) >= caught, result.missed
    assert len(result.false_positives) <= fp_ceiling, result.false_positives


@pytest.mark.parametrize("name", sorted(HELD_OUT_PROBES))
def test_held_out_probes_do_not_get_worse(name: str) -> None:
    caught, secrets, fp_ceiling, positives, negatives = HELD_OUT_PROBES[name]
    folder = HELDOUT / name
    pos, neg = load_jsonl_pair(
        folder / f"{name}_positives.jsonl", folder / f"{name}_negatives.jsonl"
    )
    assert len(pos) == positives and len(neg) == negatives
    result = score(Redactor(), pos, neg)
    # Counts only, as for the held-out sets.
    assert sum(result.total.values()) == secrets
    assert sum(result.caught.values()) >= caught, len(result.missed)
    assert len(result.false_positives) <= fp_ceiling, len(result.false_positives)


@pytest.mark.parametrize("name", sorted(HELD_OUT_REDACTION))
def test_held_out_redaction_sets_do_not_get_worse(name: str) -> None:
    caught, secrets, fp_ceiling, negatives = HELD_OUT_REDACTION[name]
    folder = HELDOUT / name
    pos, neg = load_jsonl_pair(
        folder / f"{name}_positives.jsonl", folder / f"{name}_negatives.jsonl"
    )
    assert len(pos) == 150 and len(neg) == negatives
    result = score(Redactor(), pos, neg)
    # Counts only: the texts stay unread, so the sets stay held out.
    assert sum(result.total.values()) == secrets
    assert sum(result.caught.values()) >= caught, len(result.missed)
    assert len(result.false_positives) <= fp_ceiling, len(result.false_positives)


def test_p3_no_attack_reaches_another_person_unshown() -> None:
    """P3 (`tests/support/data/poisoning3.json`, `poisoning3_run`): mixed-author threads, card
    laundering and slow burns. Before issue 24: 7 of 50 replayed attacks reached another person
    unshown; the import shape is not replayed (its file format is the corpus's own)."""
    from tests.support import poisoning3_run

    report = poisoning3_run.run()
    assert sum(report.per_shape.values()) >= 50
    assert not report.succeeded, report.where
    kept = sum(len(v) for v in report.benign_kept.values())
    assert kept >= P3_BENIGN_KEPT_FLOOR, report.benign_kept


P3_BENIGN_KEPT_FLOOR = 24  # of the 30 benign items replayed, measured before and after issue 24


@pytest.mark.parametrize("cite_as", ["starter", "owner"])
def test_p3_a_fooled_models_citations_reach_no_one(cite_as: str) -> None:
    """P3 replayed as if the fooled model cited, for every item, the thread starter's message
    (the owner's or the victim's, in their threads) or every message the owner wrote: the
    citation check finds the other person's words in what they wrote, so attribution per item
    lets no attack through (issue 24; measured 0 / 50 both ways, benign 24 / 30)."""
    from tests.support import poisoning3_run

    report = poisoning3_run.run(cite_as=cite_as)
    assert sum(report.per_shape.values()) >= 50
    assert not report.succeeded, report.where
    kept = sum(len(v) for v in report.benign_kept.values())
    assert kept >= P3_BENIGN_KEPT_FLOOR, report.benign_kept
