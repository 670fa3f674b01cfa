#!/usr/bin/env python3
"""Held-out redaction corpus #32: Slack of an airline / travel operations team.

Standard library only. Seeded with random.Random(3232); two runs write byte-identical files.
Writes redaction32_negatives.jsonl and redaction32_positives.jsonl next to this script and prints
a summary (counts, line stats, scanner exceptions) to stdout.
"""
import base64
import ipaddress
import json
import os
import random
import re
import string
import struct
import zlib
import math
from collections import Counter, defaultdict

SEED = 3232
N = 32
R = random.Random(SEED)
HERE = os.path.dirname(os.path.abspath(__file__))

UP = string.ascii_uppercase
LO = string.ascii_lowercase
DG = string.digits
ALNUM = UP + LO + DG
B62 = DG + UP + LO


# ----------------------------------------------------------------------------- primitives
def ch(seq):
    return R.choice(seq)


def rs(alpha, n):
    return "".join(R.choice(alpha) for _ in range(n))


def dig(n):
    return rs(DG, n)


def hx(n):
    return rs("0123456789abcdef", n)


def rb(n):
    return bytes(R.getrandbits(8) for _ in range(n))


def b64(n):
    return base64.b64encode(rb(n)).decode()


def b64u(data):
    return base64.urlsafe_b64encode(data).decode().rstrip("=")


def fence(s, lang=""):
    return "```" + lang + "\n" + s + "\n```"


def luhn_ok(s):
    t = 0
    for i, c in enumerate(reversed(s)):
        d = int(c)
        if i % 2 == 1:
            d *= 2
            if d > 9:
                d -= 9
        t += d
    return t % 10 == 0


def luhn_complete(prefix):
    for c in DG:
        if luhn_ok(prefix + c):
            return prefix + c
    raise AssertionError


def non_luhn(s):
    if luhn_ok(s):
        s = s[:-1] + str((int(s[-1]) + 1) % 10)
    return s


# ----------------------------------------------------------------------------- airline vocabulary
CARRIERS = [("LH", "DLH", "220"), ("BA", "BAW", "125"), ("AF", "AFR", "057"), ("KL", "KLM", "074"),
            ("UA", "UAL", "016"), ("DL", "DAL", "006"), ("AA", "AAL", "001"), ("EK", "UAE", "176"),
            ("QR", "QTR", "157"), ("SQ", "SIA", "618"), ("NH", "ANA", "205"), ("JL", "JAL", "131"),
            ("TK", "THY", "235"), ("IB", "IBE", "075"), ("AY", "FIN", "105"), ("SK", "SAS", "117"),
            ("LX", "SWR", "724"), ("OS", "AUA", "257"), ("AC", "ACA", "014"), ("QF", "QFA", "081"),
            ("CX", "CPA", "160"), ("KE", "KAL", "180"), ("EI", "EIN", "053"), ("TP", "TAP", "047"),
            ("LO", "LOT", "080")]
AIRPORTS = [("FRA", "EDDF"), ("MUC", "EDDM"), ("LHR", "EGLL"), ("CDG", "LFPG"), ("AMS", "EHAM"),
            ("JFK", "KJFK"), ("ORD", "KORD"), ("DXB", "OMDB"), ("DOH", "OTHH"), ("SIN", "WSSS"),
            ("NRT", "RJAA"), ("HND", "RJTT"), ("IST", "LTFM"), ("MAD", "LEMD"), ("BCN", "LEBL"),
            ("ZRH", "LSZH"), ("VIE", "LOWW"), ("HEL", "EFHK"), ("CPH", "EKCH"), ("ARN", "ESSA"),
            ("YYZ", "CYYZ"), ("SYD", "YSSY"), ("HKG", "VHHH"), ("ICN", "RKSI"), ("GRU", "SBGR"),
            ("LIS", "LPPT"), ("WAW", "EPWA"), ("FCO", "LIRF"), ("DUB", "EIDW"), ("ATL", "KATL"),
            ("SFO", "KSFO"), ("BOS", "KBOS")]
FIRS = {"E": "EDGG", "K": "KZNY", "L": "LFFF", "O": "OMAE", "W": "WSJC", "R": "RJJJ", "C": "CZYZ",
        "Y": "YMMM", "V": "VHHK", "S": "SBBS"}
TYPES = ["A320", "A321", "A20N", "A21N", "A333", "A359", "A388", "B738", "B38M", "B77W", "B789",
         "B78X", "E190", "E295", "AT76", "CRJ9", "BCS3"]
MONTHS = ["JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "SEP", "OCT", "NOV", "DEC"]
FAREBASIS = ["YLOWRT", "KLX7EU", "QNCOWDE", "VSAVER", "JFLEXRT", "MNN0C1", "TLRTUS", "HKWEB14",
             "LOWIF3M", "WSPCL", "BFLY21", "ZPROMO", "SRNB", "ULX3M", "OKEUWEB", "GBASIC"]
RANKS = ["CPT", "FO", "SO", "PU", "SCC", "FA", "CC"]
DELAY = ["93", "81", "89", "15", "63", "41", "11", "18", "72", "87", "31", "68"]


def carrier():
    return ch(CARRIERS)


def apt():
    return ch(AIRPORTS)


def apts(k=2):
    return R.sample(AIRPORTS, k)


def flt(c=None, pad=False):
    c = c or carrier()
    n = R.randint(1, 2999)
    return c[0] + (f"{n:04d}" if pad else str(n))


def pnr():
    return rs("ABCDEFGHJKLMNPQRSTUVWXYZ23456789", 6)


def ddmon():
    return f"{R.randint(1, 28):02d}{ch(MONTHS)}"


def hhmm():
    return f"{R.randint(0, 23):02d}{R.randint(0, 59):02d}"


def reg():
    k = R.randint(0, 11)
    if k == 0:
        return "D-A" + rs(UP, 3)
    if k == 1:
        return "G-" + ch("EXZN") + rs(UP, 3)
    if k == 2:
        return "F-" + ch("GHO") + rs(UP, 3)
    if k == 3:
        return "PH-" + ch("BEX") + rs(UP, 2)
    if k == 4:
        return "N" + str(R.randint(100, 999)) + rs(UP, 2)
    if k == 5:
        return "JA" + str(R.randint(801, 899)) + ch("AJ")
    if k == 6:
        return "9V-S" + rs(UP, 2)
    if k == 7:
        return "A6-E" + rs(UP, 2)
    if k == 8:
        return "HB-J" + rs(UP, 2)
    if k == 9:
        return "OE-L" + rs(UP, 2)
    if k == 10:
        return "EI-D" + rs(UP, 2)
    return "TC-J" + rs(UP, 2)


def msn():
    return str(R.choice([R.randint(100, 12999), R.randint(30000, 66999)]))


def eticket(c=None):
    c = c or carrier()
    return non_luhn(c[2] + dig(10))


def bagtag(c=None):
    c = c or carrier()
    return "0" + c[2] + dig(6)


def staffno():
    return str(R.randint(10000, 999999))


def iso_ts(year=None):
    y = year or ch([2024, 2025, 2026])
    return (f"{y}-{R.randint(1, 12):02d}-{R.randint(1, 28):02d}T{R.randint(0, 23):02d}:"
            f"{R.randint(0, 59):02d}:{R.randint(0, 59):02d}.{R.randint(0, 999):03d}Z")


def private_ip():
    k = R.randint(0, 4)
    if k == 0:
        return f"10.{R.randint(0, 255)}.{R.randint(0, 255)}.{R.randint(1, 254)}"
    if k == 1:
        return f"172.{R.randint(16, 31)}.{R.randint(0, 255)}.{R.randint(1, 254)}"
    if k == 2:
        return f"192.168.{R.randint(0, 255)}.{R.randint(1, 254)}"
    if k == 3:
        return f"{ch(['192.0.2', '198.51.100', '203.0.113'])}.{R.randint(1, 254)}"
    return f"100.{R.randint(64, 127)}.{R.randint(0, 255)}.{R.randint(1, 254)}"


def uuid4():
    h = hx(32)
    h = h[:12] + "4" + h[13:16] + ch("89ab") + h[17:]
    return f"{h[:8]}-{h[8:12]}-{h[12:16]}-{h[16:20]}-{h[20:]}"


CROCK = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"


def ulid():
    return ch("01") + rs(CROCK, 25)


def metar(icao=None):
    icao = icao or apt()[1]
    t = f"{R.randint(1, 28):02d}{R.randint(0, 23):02d}{ch(['20', '50', '00'])}Z"
    wind = f"{R.randrange(0, 360, 10):03d}{R.randint(2, 28):02d}" + ch(["", "", "G35", "G28"]) + "KT"
    vis = ch(["9999", "CAVOK", "6000", "3000", "0800", "9999", "4500"])
    wx = ch(["", "", "-RA ", "RA ", "BR ", "-SHRA ", "TSRA ", "FG ", "-SN ", "VCSH "])
    clouds = ch(["FEW020", "SCT035", "BKN012", "OVC008", "FEW040 BKN100", "NSC", "SCT025CB", "BKN004"])
    tt = R.randint(-5, 32)
    dd = tt - R.randint(0, 10)
    f = lambda v: ("M%02d" % -v) if v < 0 else "%02d" % v
    q = f"Q{R.randint(990, 1035)}"
    trend = ch(["NOSIG", "BECMG 24015KT", "TEMPO 3000 SHRA", "NOSIG", "TEMPO BKN008"])
    body = f"{wind} {vis} " + ("" if vis == "CAVOK" else f"{wx}{clouds} ")
    return re.sub(" +", " ", f"METAR {icao} {t} {body}{f(tt)}/{f(dd)} {q} {trend}=")


def taf(icao=None):
    icao = icao or apt()[1]
    d = R.randint(1, 27)
    h = ch([0, 6, 12, 18])
    return (f"TAF {icao} {d:02d}{(h + 23) % 24:02d}00Z {d:02d}{h:02d}/{d + 1:02d}{h:02d} "
            f"{R.randrange(0, 360, 10):03d}{R.randint(3, 20):02d}KT 9999 {ch(['SCT030', 'BKN025', 'FEW045'])}\n"
            f"      TEMPO {d:02d}{(h + 3) % 24:02d}/{d:02d}{(h + 7) % 24:02d} {ch(['4000 SHRA BKN014', '3000 TSRA BKN012CB', '2000 BR'])}\n"
            f"      BECMG {d + 1:02d}{(h + 1) % 24:02d}/{d + 1:02d}{(h + 3) % 24:02d} {ch(['VRB03KT', '27010KT', '05008KT'])}\n"
            f"      PROB30 {d + 1:02d}{(h + 4) % 24:02d}/{d + 1:02d}{(h + 8) % 24:02d} {ch(['0800 FG', '1500 -SN', '3000 RA'])}=")


NOTAM_E = ["RWY 07C/25C CLSD DUE WIP", "ILS RWY 26R NOT AVBL", "TWY N3 BTN N4 AND N5 CLSD",
           "OBST CRANE ERECTED HGT 320FT AMSL LGT", "GNSS SIGNAL UNRELIABLE WI 60NM RADIUS",
           "APRON V STANDS V101-V106 CLSD", "DEICING PAD WEST NOT AVBL", "PAPI RWY 18 U/S",
           "FUEL HYDRANT SYSTEM APRON 2 LIMITED", "BIRD CONCENTRATION IN VICINITY OF AD",
           "ATIS FREQ CHANGED TO 118.025", "RWY 09L TORA REDUCED TO 3200M"]


def notam(icao=None):
    icao = icao or apt()[1]
    fir = FIRS.get(icao[0], "EDGG")
    yy = ch([24, 25, 26])
    mm = R.randint(1, 12)
    dd = R.randint(1, 27)
    s = f"{yy}{mm:02d}{dd:02d}{R.randint(0, 11):02d}00"
    e = f"{yy}{mm:02d}{dd + 1:02d}{R.randint(12, 23):02d}59"
    code = ch(["MRLC", "ICAS", "MXLC", "OBCE", "GAUW", "MNLC", "LPAS"])
    return (f"{ch('ABCM')}{R.randint(100, 4999):04d}/{yy} NOTAMN\n"
            f"Q) {fir}/Q{code}/IV/NBO/A/000/999/{R.randint(1, 59):02d}{R.randint(0, 59):02d}N"
            f"{R.randint(0, 179):03d}{R.randint(0, 59):02d}E005\n"
            f"A) {icao} B) {s} C) {e}\nE) {ch(NOTAM_E)}")


def sita_addr(a=None, c=None):
    a = a or apt()[0]
    c = c or carrier()
    return a + ch(["KO", "OW", "KK", "TZ", "LL", "XH", "AP"]) + c[0]


# ----------------------------------------------------------------------------- lead-ins, trailers
LEADS = ["fyi ", "paste from the DCS box:\n", "from the OCC channel:\n", "heads up — ", "ok so ",
         "Zur Info: ", "Kurz aus dem Ops-Log:\n", "Pour info : ", "Copie du terminal :\n",
         "Os pego esto:\n", "Para que lo veáis: ", "Segue o log:\n", "Só para registo: ",
         "Vi incollo questo:\n", "Even plakken:\n", "Ter info: ", "メモ: ", "共有です:\n", "贴一下日志：\n",
         "供参考：", "Вставляю лог:\n", "К сведению: ", "للعلم:\n", "로그 공유합니다:\n", "참고: ",
         "Logu yapıştırıyorum:\n", "Wklejam log:\n", "Για ενημέρωση:\n", "जानकारी के लिए:\n"]
TRAILS = ["\nanyone seen this before?", "\nDas ist normal so, oder?", "\nmerci d'avance 🙏",
          "\n¿alguien sabe qué pasa?", "\nよろしくお願いします", "\n谢谢", "\nспасибо", "\nشكرا",
          "\n감사합니다", "\nteşekkürler", "\ndzięki", "\ngrazie", "\nobrigado", "\nbedankt",
          "\n(no action needed, just for the record)", "\nwill update the OCC log once the slot is confirmed"]


def wrap(text, p_lead=0.16, p_trail=0.09):
    if R.random() < p_lead:
        lead = ch(LEADS)
        if text.startswith("```") and not lead.endswith("\n"):
            lead = lead.rstrip() + "\n"
        text = lead + text
    if R.random() < p_trail:
        text = text + ch(TRAILS)
    return text


# ============================================================================= NEGATIVES
# ----------------------------------------------------------------------------- pii_lookalike_number
def pl_eticket_reissue():
    c = carrier()
    a, b = apts()
    rows = ["TKT            CPN  STATUS  NEW FLT   FARE BASIS"]
    for _ in range(R.randint(4, 12)):
        rows.append(f"{eticket(c)}  {R.randint(1, 4)}    {ch(['E->V', 'O->E', 'A->E', 'O->S'])}    "
                    f"{flt(c, True):<8}  {ch(FAREBASIS)}")
    head = ch(["IRROPS reissue batch", "Involuntary reroute list", "Reissue queue dump"])
    return f"{head} {flt(c)} {a[0]}-{b[0]} {ddmon()}:\n" + fence("\n".join(rows))


def pl_bsm():
    c = carrier()
    a, b = apts()
    out = []
    for _ in range(R.randint(1, 3)):
        out.append("BSM\n.V/1L" + a[0] + "\n.F/" + flt(c, True) + "/" + ddmon() + "/" + b[0] + "/" + ch("YCJ")
                   + "\n.N/" + bagtag(c) + f"{R.randint(1, 3):03d}"
                   + f"\n.S/Y/{R.randint(1, 45)}{ch('ABCDEF')}/C/{R.randint(1, 299):03d}//N"
                   + f"\n.W/K/{R.randint(1, 3)}/{R.randint(8, 32)}\n.P/1XXXXXX/XXXX\nENDBSM")
    return ch(["BSMs that the BRS rejected this morning", "these tags never got a BPM at transfer",
               "Gepäcknachrichten ohne Ladebestätigung"]) + ":\n" + fence("\n".join(out))


def pl_mvt():
    c = carrier()
    a, b = apts()
    d = R.randint(1, 28)
    r = reg().replace("-", "")
    std = R.randint(0, 21)
    return fence(f"QU {sita_addr(a[0], c)} {sita_addr(b[0], c)}\n.{sita_addr(a[0], c)} {d:02d}{hhmm()}\nMVT\n"
                 f"{flt(c)}/{d:02d}.{r}.{a[0]}\nAD{std:02d}{R.randint(10, 59)}/{std:02d}{R.randint(10, 59)} "
                 f"EA{(std + 3) % 24:02d}{R.randint(10, 59)} {b[0]}\nDL{ch(DELAY)}/{R.randint(0, 1):02d}{R.randint(5, 59):02d}\n"
                 f"PX{R.randint(40, 420)}\nSI {ch(['LATE CATERING', 'ATC SLOT', 'PAX BOARDING SLOW', 'DEICING'])}")


def pl_loadsheet():
    a, b = apts()
    c = carrier()
    zfw = R.randint(42000, 180000)
    tof = R.randint(6000, 90000)
    trip = int(tof * R.uniform(0.6, 0.85))
    return fence(f"LOADSHEET           CHECKED      APPROVED        EDNO\n"
                 f"ALL WEIGHTS IN KG                                {R.randint(1, 3):02d}\n"
                 f"FROM/TO FLIGHT      A/C REG   VERSION      CREW  DATE     TIME\n"
                 f"{a[0]} {b[0]} {flt(c)}/{R.randint(1, 28):02d}   {reg().replace('-', '')}     C{R.randint(8, 40)}Y{R.randint(90, 300)}     "
                 f"{R.randint(2, 4)}/{R.randint(4, 14)}  {ddmon()}{R.randint(24, 26)}  {hhmm()}\n"
                 f"ZERO FUEL WEIGHT    {zfw}  MAX  {zfw + R.randint(1000, 9000)}\n"
                 f"TAKE OFF FUEL       {tof}\n"
                 f"TAKE OFF WEIGHT     {zfw + tof}  MAX  {zfw + tof + R.randint(500, 20000)}\n"
                 f"TRIP FUEL           {trip}\n"
                 f"LANDING WEIGHT      {zfw + tof - trip}  MAX  {zfw + tof - trip + R.randint(500, 9000)}\n"
                 f"MACZFW  {R.uniform(18, 32):.1f}    MACTOW  {R.uniform(18, 32):.1f}\n"
                 f"UNDERLOAD BEFORE LMC  {R.randint(100, 4000)}")


def pl_roster():
    a = apt()
    rows = [f"{'PAIRING':<9}{'DATE':<8}{'RANK':<6}{'STAFF NO':<10}{'REPORT':<8}{'FLT':<9}{'SECTOR':<9}{'STD':<6}{'FDP':<6}"]
    c = carrier()
    for _ in range(R.randint(5, 16)):
        b = apt()
        rows.append(f"{'P' + str(R.randint(1000, 9999)):<9}{ddmon():<8}{ch(RANKS):<6}{staffno():<10}"
                    f"{hhmm() + 'Z':<8}{flt(c, True):<9}{a[0] + '-' + b[0]:<9}{hhmm():<6}"
                    f"{str(R.randint(6, 13)) + ':' + str(R.randint(0, 59)).zfill(2):<6}")
    return (ch(["Crew roster extract for base ", "Standby coverage, base ", "Pairings needing reassignment ex "])
            + a[0] + " (names stripped by the export):\n" + fence("\n".join(rows)))


def pl_fleet():
    rows = ["REG       TYPE  MSN    ENGINES            DELIVERED   SEATS"]
    for _ in range(R.randint(4, 12)):
        rows.append(f"{reg():<9} {ch(TYPES)}  {msn():<6} ESN {R.randint(100000, 999999)}/{R.randint(100000, 999999)}  "
                    f"{R.randint(2005, 2025)}-{R.randint(1, 12):02d}-{R.randint(1, 28):02d}  {R.randint(70, 500)}")
    return ch(["fleet table from the tech-log export", "Flottenliste nach dem Reimport", "tabela da frota (CAMO)"]) + ":\n" + fence("\n".join(rows))


def pl_notams():
    a = apt()
    return ch(["NOTAMs for the briefing pack:", "Nouveaux NOTAM pour", "本日のNOTAM:"]) + " " + a[0] + "\n" + fence(
        "\n\n".join(notam(a[1]) for _ in range(R.randint(1, 4))))


def pl_metar():
    ls = [metar() for _ in range(R.randint(2, 6))]
    if R.random() < 0.5:
        ls.append(taf())
    return ch(["wx for the morning wave", "METAR/TAF do briefing", "Wetter für die Ostküsten-Rotation",
               "天气情况", "Погода по пунктам назначения"]) + ":\n" + fence("\n".join(ls))


def pl_fuel():
    a = apt()
    n = R.randint(18000, 95000)
    return (f"Fuel receipt for {flt()} / {reg()} at {a[0]}: ticket no. {R.randint(1000000, 9999999)}, uplift {n:,} L "
            f"(density {R.uniform(0.78, 0.83):.3f}), invoice {ch(['INV', 'FR', 'FAC'])}-{R.randint(2024, 2026)}-{R.randint(10000, 99999)}, "
            f"amount {ch(['EUR', 'USD', 'GBP', 'CHF'])} {R.randint(10000, 99999)}.{R.randint(0, 99):02d}. "
            f"Supplier PO {R.randint(4500000000, 4599999999)}.").replace(",", ch([",", " ", "."]), 1)


def pl_acars_epoch():
    lines = []
    t = R.randint(1704067200, 1798761600)
    for _ in range(R.randint(4, 10)):
        t += R.randint(1, 400)
        lines.append(json.dumps({"ts": t, "recv_ms": t * 1000 + R.randint(0, 999), "tail": reg().replace("-", ""),
                                 "label": ch(["H1", "5Z", "QA", "QB", "80", "SA"]), "blk": R.randint(1, 9),
                                 "msn": ch(["M", "C", "D"]) + str(R.randint(10, 99)) + ch(UP) + flt(pad=True)}))
    return "acars-gw ingest, per-message epoch secs + ms:\n" + fence("\n".join(lines))


def pl_kiosks():
    a = apt()
    rows = ["KIOSK     TERMINAL  IP              VLAN  FW        LAST SEEN"]
    for i in range(R.randint(4, 10)):
        rows.append(f"{a[0]}-K{R.randint(1, 300):03d}  T{R.randint(1, 5)}        {private_ip():<15} {R.randint(100, 999)}   "
                    f"{R.randint(2, 6)}.{R.randint(0, 20)}.{R.randint(0, 99)}    {iso_ts()[:16]}")
    return f"CUSS kiosk inventory {a[0]} — all on the kiosk VLANs, none public:\n" + fence("\n".join(rows))


def pl_atc():
    c = carrier()
    return (f"{flt(c)} squawking {R.randint(0, 7)}{R.randint(0, 7)}{R.randint(0, 7)}{R.randint(0, 7)}, ICAO24 "
            f"{hx(6).upper()}, FL{R.randrange(280, 410, 10)}, cleared direct {rs(UP, 5)}, contact "
            f"{ch(['Langen Radar', 'London Control', 'Maastricht UAC', 'Reims', 'Shanwick'])} "
            f"{R.randint(118, 136)}.{ch(['005', '025', '180', '375', '725', '855'])}. Slot CTOT {hhmm()}, "
            f"EOBT {hhmm()}, IFPLID AA{R.randint(10000000, 99999999)}.")


def pl_bsp():
    rows = ["AGENT CODE     PERIOD   DOC TYPE  DOCS  GROSS        COMM      NET"]
    for _ in range(R.randint(4, 10)):
        g = R.randint(1000, 900000)
        rows.append(f"{dig(7)}{R.randint(0, 6)}  {R.randint(2024, 2026)}{R.randint(1, 12):02d}{ch('ABCD')}  "
                    f"{ch(['TKTT', 'EMDS', 'EMDA', 'RFND', 'ACMA', 'ADMA'])}      {R.randint(1, 900):<5} {g / 100:>11.2f}  {g / 1000:>8.2f}  {g / 100 * 0.99:>11.2f}")
    return "BSP billing analysis, period totals per agent (8-digit IATA codes incl. check digit):\n" + fence("\n".join(rows))


def pl_emd():
    c = carrier()
    rows = [f"{non_luhn(c[2] + dig(10))}  RFIC {ch('ACEG')}  RFISC {ch(['0CC', '0B5', '0GO', '0BX', '08A'])}  "
            f"{ch(['EUR', 'USD', 'GBP'])} {R.randint(10, 400)}.00" for _ in range(R.randint(3, 8))]
    return ch(["EMDs issued for excess bags today", "EMD-S do dia", "Heute ausgestellte EMDs"]) + ":\n" + fence("\n".join(rows))


def pl_worldtracer():
    a = apt()
    c = carrier()
    out = []
    for _ in range(R.randint(3, 8)):
        out.append(f"{a[0]}{c[0]}{R.randint(10000, 99999)}  AHL  TAG {c[0]}{R.randint(100000, 999999)}  "
                   f"{ch(['BK', 'BL', 'GY', 'RD', 'BU'])}{R.randint(10, 99)}{ch('HLRX')}  WT {R.randint(8, 32)}KG  "
                   f"{ch(['OPEN', 'CLOSED', 'FWD'])}")
    return "WorldTracer files still open (file ref / tag / colour-type / weight):\n" + fence("\n".join(out))


def pl_ssim():
    c = carrier()
    out = []
    for _ in range(R.randint(3, 7)):
        a, b = apts()
        n = R.randint(1, 2999)
        out.append(f"3 {c[0]} {n:04d}0101J{ddmon()}25{ddmon()}25{''.join(ch(['1234567', '1 3 5 7', ' 2 4 6 ', '12345  ']))[:7]} "
                   f"{a[0]}{hhmm()}{hhmm()}+0100  {b[0]}{hhmm()}{hhmm()}-0500  {ch(TYPES)[:3]}")
    return "SSIM chapter 7 extract for the summer schedule:\n" + fence("\n".join(out))


def pl_farecalc():
    a, b = apts()
    c = carrier()
    f1 = R.randint(100, 3000)
    f2 = R.randint(100, 3000)
    roe = R.uniform(0.7, 1.4)
    return (f"fare calc on the reissue looks off:\n`{a[0]} {c[0]} {b[0]} {f1}.{R.randint(0, 99):02d}{ch(FAREBASIS)} {c[0]} {a[0]} "
            f"{f2}.{R.randint(0, 99):02d}{ch(FAREBASIS)} NUC{f1 + f2}.00END ROE{roe:.6f}`\n"
            f"XT {R.randint(5, 90)}.{R.randint(0, 99):02d}YQ {R.randint(5, 60)}.{R.randint(0, 99):02d}DE "
            f"{R.randint(5, 40)}.{R.randint(0, 99):02d}RA — total {ch(['EUR', 'USD'])} {f1 + f2 + R.randint(40, 200)}.{R.randint(0, 99):02d}")


def pl_loyalty():
    rows = []
    for _ in range(R.randint(3, 8)):
        num = non_luhn(ch(["992", "300", "100", "880"]) + dig(R.choice([9, 11, 12])))
        rows.append(f"| {ch(['UAT test account', 'corporate pool', 'load-test account', 'partner sandbox'])} | {num} | "
                    f"{ch(['BASE', 'SILVER', 'GOLD', 'PLATINUM'])} | {R.randint(0, 250000):,} |")
    return ("Non-personal loyalty programme accounts used by QA (programme ids, not members):\n"
            "| purpose | programme id | tier | balance |\n|---|---|---|---|\n" + "\n".join(rows))


def pl_tickets_chat():
    c = carrier()
    return ch([f"{ch(['Ticket', 'E-ticket', 'Ticketnummer', 'Billet', 'Billete'])} {c[2]}-{eticket(c)[3:]} shows coupon 2 as "
               f"{ch(['OPEN', 'AIRPORT CONTROL', 'CHECKED IN', 'SUSPENDED'])}, PNR {pnr()}, can someone in revenue accounting check?",
               f"EMD {eticket(c)} was not associated to the e-ticket {eticket(c)} — baggage fee shows unpaid at {apt()[0]}",
               f"coupon {R.randint(1, 4)} of {eticket(c)} still in A/C status, flight {flt(c)} departed {ddmon()} {hhmm()}Z",
               f"搭乗券と航空券番号 {eticket(c)} のクーポン状態が一致しません (PNR {pnr()})",
               f"Билет {eticket(c)} — купон {R.randint(1, 4)} в статусе SUSPENDED, бронь {pnr()}"])


def pl_tracker():
    return ch([f"Jira OPS-{R.randint(100, 9999)} and ServiceNow INC{dig(7)} are the same fault (CUSS printer jam at gate "
               f"{ch('ABCDZ')}{R.randint(1, 66)}), Slack ts {R.randint(1704067200, 1798761600)}.{dig(6)}",
               f"Reference for the ACARS outage: SITA case {R.randint(10000000, 99999999)}, ARINC ticket {R.randint(1000000, 9999999)}, "
               f"our Jira NETOPS-{R.randint(100, 999)}. Started {iso_ts()}",
               f"Vendor RMA {R.randint(100000000, 999999999)} for the broken BCBP scanner, serial SN{dig(10)}, PO {R.randint(4500000000, 4599999999)}"])


def pl_otp():
    rows = ["STATION  FLIGHTS  ON-TIME  D15      AVG DELAY  PAX"]
    for a in apts(R.randint(4, 8)):
        f = R.randint(200, 9000)
        rows.append(f"{a[0]}      {f:<8} {R.uniform(60, 95):.1f}%    {R.randint(10, 900):<8} {R.randint(3, 40)} min     "
                    f"{R.randint(10000, 999999):,}".replace(",", ch([",", " ", "."])))
    return "OTP by station, last 30 days:\n" + fence("\n".join(rows))


def pl_adsb():
    lines = []
    for _ in range(R.randint(3, 8)):
        lines.append(f"*8D{hx(6).upper()}{hx(22).upper()};  icao={hx(6)}  alt={R.randrange(1000, 41000, 25)}  gs={R.randint(120, 520)}")
    return "raw Mode S from the apron receiver (DF17):\n" + fence("\n".join(lines))


def pl_bcbp():
    c = carrier()
    a, b = apts()
    s = (f"M1XXXXXXXX/XXXXX       E{pnr()} {a[0]}{b[0]}{c[0]} {R.randint(1, 9999):04d} {R.randint(1, 366):03d}"
         f"{ch('YJCM')}{R.randint(1, 60):03d}{ch('ABCDEFK')}{R.randint(1, 400):04d} {R.randint(100, 199)}")
    return f"BCBP from the gate reader (name field masked by the reader firmware):\n`{s}`\njulian date + seq number look right, seat too."


def pl_ofp():
    pts = [rs(UP, 5) for _ in range(R.randint(4, 9))]
    rows = ["WPT    LAT       LON        FL   TAS  FUEL REM"]
    for p in pts:
        rows.append(f"{p:<6} N{R.randint(30, 60)}{R.randint(0, 59):02d}.{R.randint(0, 9)} {ch('EW')}{R.randint(0, 120):03d}{R.randint(0, 59):02d}.{R.randint(0, 9)}  "
                    f"{R.randrange(280, 410, 10)}  {R.randint(420, 500)}  {R.randint(5000, 90000)}")
    return "OFP nav log excerpt:\n" + fence("\n".join(rows))


def pl_delay_codes():
    return (f"{flt()} {ddmon()}: DL{ch(DELAY)}/{R.randint(0, 1):02d}{R.randint(5, 59):02d} DL{ch(DELAY)}/00{R.randint(5, 59):02d}, "
            f"ATOT {hhmm()} vs CTOT {hhmm()}, {R.randint(1, 400)} PAX, {R.randint(1, 9)} misconnex at {apt()[0]}, "
            f"compensation est. {ch(['EUR', '€'])} {R.randint(1, 99) * 1000 // 1:,}")


def pl_awb():
    rows = []
    for _ in range(R.randint(3, 8)):
        serial = dig(7)
        awb = f"{carrier()[2]}-{serial}{int(serial) % 7}"
        rows.append(f"{awb}  {R.randint(1, 40)} PCS  {R.randint(10, 4000)} KG  {apt()[0]}-{apt()[0]}  {ch(['RCS', 'MAN', 'DEP', 'RCF', 'NFD'])}")
    return "Cargo AWBs offloaded from the belly (mod-7 check digit):\n" + fence("\n".join(rows))


def pl_invoice():
    return ch([f"Ground handling invoice GH-{R.randint(2024, 2026)}-{R.randint(100000, 999999)} for {R.randint(100, 900)} turns at "
               f"{apt()[0]}: {ch(['EUR', 'USD'])} {R.randint(100000, 999999)},{R.randint(0, 99):02d}; credit note CN{dig(8)} pending; PO {R.randint(4500000000, 4599999999)}",
               f"Rechnung {R.randint(900000000, 999999999)} vom {R.randint(1, 28):02d}.{R.randint(1, 12):02d}.{R.randint(2024, 2026)}: "
               f"Enteisung {R.randint(3, 40)}x, {R.randint(1000, 99999)} L Typ I/IV, Summe {R.randint(10000, 99999)},{R.randint(0, 99):02d} EUR",
               f"Facture n° {R.randint(2024, 2026)}/{R.randint(10000, 99999)} — redevances d'atterrissage, {R.randint(100, 999)} mouvements, "
               f"total {R.randint(100, 999)} {R.randint(100, 999)},{R.randint(0, 99):02d} €"])


def pl_versions():
    return ch([f"EFB app {R.randint(3, 9)}.{R.randint(0, 30)}.{R.randint(0, 99)} (build {R.randint(10000, 99999)}), nav DB AIRAC "
               f"{R.randint(24, 26)}{R.randint(1, 13):02d}, FMS OPS {ch(['P', 'S'])}{R.randint(1, 9)}A{R.randint(1, 9)}, EGPWS DB MK{R.randint(400, 499)}",
               f"ACARS MU software load {R.randint(100, 999)}-{R.randint(1000, 9999)}-{R.randint(100, 999)} on {reg()} "
               f"(MSN {msn()}), part no. {R.randint(100, 999)}-{R.randint(1000, 9999)}-{R.randint(10, 99)}",
               f"CUSS platform v{R.randint(1, 3)}.{R.randint(0, 9)} on kiosks, printer firmware {R.randint(1, 9)}.{R.randint(0, 9)}.{R.randint(0, 99)}, "
               f"released {R.randint(2024, 2026)}/{R.randint(1, 12):02d}/{R.randint(1, 28):02d}"])


PL = [pl_eticket_reissue, pl_bsm, pl_mvt, pl_loadsheet, pl_roster, pl_fleet, pl_notams, pl_metar, pl_fuel,
      pl_acars_epoch, pl_kiosks, pl_atc, pl_bsp, pl_emd, pl_worldtracer, pl_ssim, pl_farecalc, pl_loyalty,
      pl_tickets_chat, pl_tracker, pl_otp, pl_adsb, pl_bcbp, pl_ofp, pl_delay_codes, pl_awb, pl_invoice, pl_versions]


# ----------------------------------------------------------------------------- non_credential_blob
SERVICES = ["dcs-gateway", "typeb-bridge", "crew-roster-api", "ofp-archiver", "bagtrack-ingest", "ndc-shopping",
            "acars-router", "notam-feed", "seatmap-renderer", "irrops-rebooker", "loadcontrol-sync", "bcbp-validator"]


def nb_gitlog():
    svc = ch(SERVICES)
    msgs = ["fix MVT parser for DL codes with sub-codes", "add TAF PROB40 support", "bump AIRAC to next cycle",
            "handle BSM .N with 3-digit count", "retry SITA MQ on 2033", "mask FOP in PNR logs", "ssim: accept +1400 offsets",
            "roster: expose FDP extension flag", "ndc: OrderChange idempotency key"]
    lines = []
    for _ in range(R.randint(3, 9)):
        lines.append(f"{hx(40) if R.random() < 0.4 else hx(7)} {ch(msgs)}")
    return f"`git log --oneline` on {svc} since the last release:\n" + fence("\n".join(lines))


def nb_docker():
    lines = []
    for s in R.sample(SERVICES, R.randint(2, 5)):
        lines.append(f"registry.ops.internal/{s}:{R.randint(1, 9)}.{R.randint(0, 40)}.{R.randint(0, 9)}@sha256:{hx(64)}")
    return ch(["pinned digests for the release", "Digests für das Rollout", "digests publicados"]) + ":\n" + fence("\n".join(lines))


def nb_kubectl():
    s = ch(SERVICES)
    return fence(f"$ kubectl -n ops describe pod {s}-{hx(9)}-{rs(LO + DG, 5)} | grep -i image\n"
                 f"    Image:          registry.ops.internal/{s}:{R.randint(1, 9)}.{R.randint(0, 20)}.{R.randint(0, 9)}\n"
                 f"    Image ID:       registry.ops.internal/{s}@sha256:{hx(64)}\n"
                 f"    Container ID:   containerd://{hx(64)}")


def nb_npm():
    pk = [("@sita/typeb-parser", "2.4.1"), ("metar-taf-parser", "8.1.0"), ("iata-code-decoder", "1.3.2"),
          ("seatmap-svg", "0.9.7"), ("luxon", "3.4.4"), ("zod", "3.23.8"), ("react-virtuoso", "4.7.11")]
    out = []
    for name, v in R.sample(pk, R.randint(2, 4)):
        out.append(f'    "node_modules/{name}": {{\n      "version": "{v}",\n      "resolved": "https://registry.npmjs.org/{name}/-/{name.split("/")[-1]}-{v}.tgz",\n'
                   f'      "integrity": "sha512-{b64(64)}"\n    }}')
    return "package-lock diff from the kiosk UI bump:\n" + fence(",\n".join(out), "json")


def nb_pip():
    pk = ["avwx-engine==1.9.0", "requests==2.32.3", "pydantic==2.8.2", "pyproj==3.6.1", "python-dateutil==2.9.0"]
    out = []
    for p in R.sample(pk, R.randint(2, 4)):
        out.append(f"{p} \\\n    --hash=sha256:{hx(64)} \\\n    --hash=sha256:{hx(64)}")
    return "requirements.lock for notam-feed:\n" + fence("\n".join(out))


def nb_gosum():
    mods = ["github.com/segmentio/kafka-go v0.4.47", "golang.org/x/net v0.27.0", "github.com/rs/zerolog v1.33.0",
            "google.golang.org/grpc v1.65.0", "github.com/jackc/pgx/v5 v5.6.0"]
    out = []
    for m in R.sample(mods, R.randint(2, 4)):
        out.append(f"{m} h1:{b64(32)}")
        out.append(f"{m}/go.mod h1:{b64(32)}")
    return "go.sum churn in acars-router:\n" + fence("\n".join(out))


def nb_trace():
    lines = []
    for _ in range(R.randint(3, 7)):
        lines.append(json.dumps({"ts": iso_ts(), "svc": ch(SERVICES), "msg": ch(["AirShopping OK", "OrderCreate OK", "OrderRetrieve timeout", "SeatAvailability OK"]),
                                 "trace_id": hx(32), "span_id": hx(16), "request_id": uuid4(), "order_ref": pnr()}))
    return fence("\n".join(lines))


def nb_traceparent():
    return (f"NDC partner gateway 502s — headers on the failing call:\n"
            + fence(f"traceparent: 00-{hx(32)}-{hx(16)}-01\nx-request-id: {uuid4()}\nX-Amzn-Trace-Id: Root=1-{hx(8)}-{hx(24)}\n"
                    f"x-correlation-id: {ulid()}\nETag: \"{hx(32)}\"\nDate: Fri, {R.randint(1, 28):02d} Mar 2025 {R.randint(0, 23):02d}:{R.randint(0, 59):02d}:{R.randint(0, 59):02d} GMT"))


def nb_airac():
    cyc = f"{R.randint(24, 26)}{R.randint(1, 13):02d}"
    files = [f"NAVDB_{cyc}_{t}.zip" for t in R.sample(["A320", "A330", "A350", "B737", "B777", "B787", "E190"], R.randint(2, 5))]
    return f"AIRAC {cyc} nav database bundle, checksums from the supplier portal:\n" + fence("\n".join(f"{hx(64)}  {f}" for f in files))


def nb_ssh():
    return (f"new jump host for the SITA gateway, please verify before you type yes:\n"
            + fence(f"ED25519 key fingerprint is SHA256:{b64(32).rstrip('=')}.\n"
                    f"ECDSA key fingerprint is SHA256:{b64(32).rstrip('=')}.\n"
                    f"host public key: ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI{b64(33)[:43]} typeb-jump-{R.randint(1, 4)}"))


def nb_pgp():
    fp = " ".join(hx(4).upper() for _ in range(10))
    return ch([f"APIS PAXLST files go out encrypted to the border agency's public key, fingerprint `{fp}` (from their onboarding pack).",
               f"Öffentlicher Schlüssel der Grenzbehörde für PNRGOV, Fingerprint: {fp}",
               f"公開鍵のフィンガープリント（PNRGOV送信用）: {fp}"])


def der(tag, content):
    n = len(content)
    if n < 128:
        ln = bytes([n])
    elif n < 256:
        ln = b"\x81" + bytes([n])
    else:
        ln = b"\x82" + n.to_bytes(2, "big")
    return bytes([tag]) + ln + content


def wrap64(s, w=64):
    return [s[i:i + w] for i in range(0, len(s), w)]


def nb_cert():
    body = der(0x30, der(0x30, der(0xa0, der(0x02, b"\x02")) + der(0x02, rb(16)) + rb(R.randint(380, 560))) + rb(40))
    lines = wrap64(base64.b64encode(body).decode())
    return ("public cert of the Type B over MQ endpoint (this is the certificate, not the key — it's fine to share):\n"
            + fence("-----BEGIN CERTIFICATE-----\n" + "\n".join(lines) + "\n-----END CERTIFICATE-----"))


def nb_typeb_b64():
    a, b = apts()
    c = carrier()
    msg = f"QU {sita_addr(b[0], c)}\n.{sita_addr(a[0], c)} {R.randint(1, 28):02d}{hhmm()}\nMVT\n{flt(c)}/{R.randint(1, 28):02d}.{reg().replace('-', '')}.{a[0]}\nAD{hhmm()}/{hhmm()} EA{hhmm()} {b[0]}\n"
    env = {"msgId": uuid4(), "queue": "TYPEB.IN." + a[0], "encoding": "base64", "payload": base64.b64encode(msg.encode()).decode(),
           "crc32": f"{zlib.crc32(msg.encode()) & 0xffffffff:08x}"}
    return "MQ envelope that the bridge dead-lettered (payload is just the MVT, base64):\n" + fence(json.dumps(env, indent=2), "json")


def nb_cursor():
    cur = b64u(json.dumps({"after": pnr(), "offset": R.randint(50, 5000), "station": apt()[0]}).encode())
    return (f"paging through `/v2/flights?date={R.randint(2024, 2026)}-{R.randint(1, 12):02d}-{R.randint(1, 28):02d}` — next_cursor is `{cur}` "
            f"and it's just base64 JSON, you can decode it")


def nb_sentry():
    return "\n".join(f"Sentry {ch(['event', 'issue'])} {hx(32)} — {ch(['SeatMapRenderError', 'BcbpDecodeError', 'PnrSyncTimeout', 'AcarsFrameError'])} "
                     f"({R.randint(1, 900)} events)" for _ in range(R.randint(2, 5)))


def nb_s3():
    lines = []
    for _ in range(R.randint(3, 8)):
        a, b = apts()
        lines.append(f"{R.randint(2024, 2026)}-{R.randint(1, 12):02d}-{R.randint(1, 28):02d} {R.randint(0, 23):02d}:{R.randint(0, 59):02d}:{R.randint(0, 59):02d}"
                     f"   {R.randint(20000, 900000):>8} ofp/{flt(pad=True)}_{a[0]}{b[0]}_{hx(12)}.pdf")
    return "$ aws s3 ls s3://ops-ofp-archive/ --recursive | tail\n" + fence("\n".join(lines))


def nb_acars_crc():
    lines = []
    for _ in range(R.randint(3, 7)):
        lines.append(f"{iso_ts()} blk={ch('ABCDEFGHIJ')}{R.randint(0, 9)} msn={ch('MCD')}{R.randint(10, 99)}{ch(UP)} tail=.{reg().replace('-', '')} "
                     f"lbl={ch(['H1', '5Z', '16', 'QA'])} crc={hx(4).upper()} bcs={hx(4)}")
    return "ACARS router frames with CRC mismatches:\n" + fence("\n".join(lines))


def nb_jwks():
    n = b64u(b"\xc1" + rb(255))
    return ("JWKS from the crew app IdP (public keys only, rotated monthly):\n"
            + fence(json.dumps({"keys": [{"kty": "RSA", "use": "sig", "kid": hx(16), "alg": "RS256", "n": n, "e": "AQAB"}]}, indent=2), "json"))


def nb_hmac():
    return (f"webhook from the bag-tracking vendor: `X-Signature-256: sha256={hx(64)}` and `X-Timestamp: {R.randint(1704067200, 1798761600)}` — "
            f"signature verifies with the shared key, so the payload is intact")


def nb_sops():
    return fence(f"gds:\n    sabre_epr_password: ENC[AES256_GCM,data:{b64(R.randint(12, 24))},iv:{b64(32)},tag:{b64(16)},type:str]\n"
                 f"sops:\n    lastmodified: \"{iso_ts()[:19]}Z\"\n    mac: ENC[AES256_GCM,data:{b64(48)},iv:{b64(32)},tag:{b64(16)},type:str]\n"
                 f"    version: 3.9.0", "yaml") + "\nthat's the encrypted file, safe in git"


def nb_md5():
    rows = [f"{hx(32)}  {ch(['FCOM', 'QRH', 'MEL', 'OM-A', 'OM-B', 'CDL'])}_{ch(TYPES)}_rev{R.randint(10, 99)}.pdf" for _ in range(R.randint(3, 6))]
    return "EFB document upload manifest (md5):\n" + fence("\n".join(rows))


def nb_tfstate():
    return fence(json.dumps({"version": 4, "terraform_version": "1.8.5", "serial": R.randint(10, 900), "lineage": uuid4(),
                             "outputs": {"ofp_bucket_arn": {"value": "arn:aws:s3:::ops-ofp-archive", "type": "string"}}}, indent=2), "json")


def nb_objectid():
    lines = [f'{{"_id": ObjectId("{hx(24)}"), "tag": "{bagtag()}", "evt": "{ch(["BPM", "BTM", "BSM", "BUM"])}", "loc": "{apt()[0]}"}}' for _ in range(R.randint(3, 6))]
    return "bagtrack events collection sample:\n" + fence("\n".join(lines))


def nb_ulid():
    lines = [f"swap {ulid()}  pairing P{R.randint(1000, 9999)}  {ch(['PENDING', 'APPROVED', 'REJECTED'])}" for _ in range(R.randint(3, 7))]
    return "crew swap requests (ULIDs):\n" + fence("\n".join(lines))


def nb_b64text():
    txt = ch(["RWY 25C CLSD 2200-0500 DUE WIP", "ALL STATIONS: DEICING FLUID STOCK LOW AT MUC",
              "GATE A26 PRINTER OFFLINE", "SLOT SWAP APPROVED FOR MORNING WAVE"])
    enc = base64.b64encode(txt.encode()).decode()
    return f"the OCC broadcast came through as `{enc}` — it's just base64 of the text, decoder in the runbook"


def nb_configmap():
    return fence(f"apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: seatmap-icons\nbinaryData:\n  exit.png: {base64.b64encode(make_png(6, 6)).decode()}\n"
                 f"  galley.png: {base64.b64encode(make_png(6, 6)).decode()}", "yaml")


NB = [nb_gitlog, nb_docker, nb_kubectl, nb_npm, nb_pip, nb_gosum, nb_trace, nb_traceparent, nb_airac, nb_ssh, nb_pgp,
      nb_cert, nb_typeb_b64, nb_cursor, nb_sentry, nb_s3, nb_acars_crc, nb_jwks, nb_hmac, nb_sops, nb_md5, nb_tfstate,
      nb_objectid, nb_ulid, nb_b64text, nb_configmap]


# ----------------------------------------------------------------------------- data_uri_base64
def png_chunk(t, data):
    return struct.pack(">I", len(data)) + t + data + struct.pack(">I", zlib.crc32(t + data) & 0xffffffff)


def make_png(w, h, rgba=None):
    rgba = R.random() < 0.5 if rgba is None else rgba
    ct, bpp = (6, 4) if rgba else (2, 3)
    cols = [rb(bpp) for _ in range(2)]
    raw = b"".join(b"\x00" + b"".join(cols[(x + y) % 2 if R.random() < 0.7 else 0] for x in range(w)) for y in range(h))
    return (b"\x89PNG\r\n\x1a\n" + png_chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, ct, 0, 0, 0))
            + png_chunk(b"IDAT", zlib.compress(raw, 9)) + png_chunk(b"IEND", b""))


def make_gif():
    return (b"GIF89a\x01\x00\x01\x00\x80\x00\x00" + rb(3) + b"\x00\x00\x00!\xf9\x04\x01\x00\x00\x00\x00"
            b",\x00\x00\x00\x00\x01\x00\x01\x00\x00\x02\x02D\x01\x00;")


def make_svg(kind=None):
    kind = kind or ch(["seat", "exit", "lav", "galley", "plane", "bag"])
    col = "#" + hx(6)
    shapes = {"seat": f'<rect x="2" y="3" width="12" height="10" rx="2" fill="{col}"/>',
              "exit": f'<path d="M2 2h8v12H2z M10 8l4-3v6z" fill="{col}"/>',
              "lav": f'<circle cx="8" cy="5" r="3" fill="{col}"/><rect x="5" y="9" width="6" height="5" fill="{col}"/>',
              "galley": f'<rect x="1" y="1" width="14" height="14" fill="none" stroke="{col}"/>',
              "plane": f'<path d="M8 1l2 5h5v2h-5l-2 7-2-7H1V6h5z" fill="{col}"/>',
              "bag": f'<rect x="3" y="5" width="10" height="9" rx="1" fill="{col}"/><path d="M6 5V3h4v2" stroke="{col}" fill="none"/>'}
    return f'<svg xmlns="http://www.w3.org/2000/svg" width="16" height="16" viewBox="0 0 16 16">{shapes[kind]}</svg>'


def make_wav():
    n = R.randint(60, 140)
    f = R.choice([440, 660, 880])
    data = bytes(int(128 + 100 * math.sin(2 * math.pi * f * i / 8000)) for i in range(n))
    hdr = b"RIFF" + struct.pack("<I", 36 + n) + b"WAVEfmt " + struct.pack("<IHHIIHH", 16, 1, 1, 8000, 8000, 1, 8) + b"data" + struct.pack("<I", n)
    return hdr + data


def make_pdf():
    txt = ch(["LOADSHEET PREVIEW", "NOTOC TEST PAGE", "GEN DEC SAMPLE", "CREW BRIEFING COVER"])
    return (f"%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n"
            f"3 0 obj<</Type/Page/MediaBox[0 0 200 80]/Parent 2 0 R/Contents 4 0 R>>endobj\n"
            f"4 0 obj<</Length 40>>stream\nBT /F1 12 Tf 10 40 Td ({txt}) Tj ET\nendstream endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n").encode()


def make_jpeg_head():
    return (b"\xff\xd8\xff\xe0\x00\x10JFIF\x00\x01\x01\x00\x00\x01\x00\x01\x00\x00\xff\xdb\x00C\x00" + rb(64)
            + b"\xff\xc0\x00\x11\x08\x00" + bytes([R.randint(8, 64)]) + b"\x00" + bytes([R.randint(8, 64)]) + b"\x03\x01\x22\x00\x02\x11\x01\x03\x11\x01" + rb(90))


def e64(b):
    return base64.b64encode(b).decode()


def trunc(s):
    k = R.randint(40, 90)
    if len(s) <= k + 10:
        return s
    return s[:k] + ch(["…", "...", f"[{len(s) - k} more chars]", "…(truncated)"])


def du_css():
    rules = []
    for k in R.sample(["seat", "exit", "lav", "galley", "bag", "plane"], R.randint(2, 4)):
        rules.append(f".seatmap__{k} {{\n  background-image: url(\"data:image/svg+xml;base64,{e64(make_svg(k).encode())}\");\n}}")
    return "seat map icons are inlined now, no more 404s on the kiosk:\n" + fence("\n".join(rules), "css")


def du_email_logo():
    return ("booking confirmation template — Outlook strips it but Gmail renders it:\n"
            + fence(f'<td class="hdr"><img src="data:image/png;base64,{e64(make_png(R.randint(4, 10), R.randint(4, 8)))}" width="120" alt="carrier logo"></td>', "html"))


def du_blur():
    dest = ch(["lisbon", "tokyo", "reykjavik", "cape-town", "vancouver"])
    return fence(f'<Image src="/img/dest/{dest}.jpg" placeholder="blur"\n  blurDataURL="data:image/jpeg;base64,{trunc(e64(make_jpeg_head()))}" />', "jsx")


def du_jupyter():
    return ("delay histogram cell output from the OTP notebook:\n"
            + fence(json.dumps({"output_type": "display_data", "data": {"image/png": e64(make_png(R.randint(6, 12), R.randint(6, 12))),
                                                                        "text/plain": ["<Figure size 640x480 with 1 Axes>"]}, "metadata": {}}, indent=1), "json"))


def du_font():
    raw = b"wOF2\x00\x01\x00\x00" + rb(R.randint(120, 300))
    return fence(f"@font-face {{\n  font-family: \"CrewPortalSans\";\n  src: url(data:font/woff2;base64,{trunc(e64(raw))}) format(\"woff2\");\n  font-display: swap;\n}}", "css")


def du_sourcemap():
    sm = {"version": 3, "file": "kiosk.bundle.js", "sources": [f"src/{ch(['checkin', 'bagdrop', 'seatmap'])}/{ch(['Step', 'Panel', 'Grid'])}{R.randint(1, 9)}.tsx"],
          "names": [], "mappings": ";" + ",".join(rs("ABCDEFGIKMOQSUWYacegikmoqsuwy", R.randint(4, 8)) for _ in range(R.randint(3, 6)))}
    return "tail of the kiosk bundle:\n" + fence(f"//# sourceMappingURL=data:application/json;charset=utf-8;base64,{e64(json.dumps(sm, separators=(',', ':')).encode())}", "js")


def du_pixel():
    return fence(f'<img src="data:image/gif;base64,{e64(make_gif())}" width="1" height="1" alt="" style="display:none">', "html") + "\nthe newsletter pixel is inlined, no tracking call"


def du_fixture():
    return fence(f'# tests/bcbp/test_render.py\nBOARDING_PASS_PREVIEW = (\n    "data:image/png;base64,"\n    "{e64(make_png(R.randint(3, 8), R.randint(3, 8)))}"\n)\n\n'
                 f'def test_preview_is_png():\n    assert BOARDING_PASS_PREVIEW.split(",")[1].startswith("iVBOR")', "python")


def du_csp():
    return (f"console on the web check-in:\n`Refused to load the image 'data:image/png;base64,{trunc(e64(make_png(8, 8)))}' because it violates "
            f"the following Content Security Policy directive: \"img-src 'self' https://cdn.checkin.internal\".`")


def du_wav():
    return fence(json.dumps({"gate": f"{ch('ABCZ')}{R.randint(1, 60)}", "chime": "data:audio/wav;base64," + e64(make_wav()), "volume": R.randint(3, 9)}, indent=2), "json")


def du_pdf():
    return f"the ACARS printer test sends this:\n`data:application/pdf;base64,{trunc(e64(make_pdf()))}`"


def du_favicon():
    p = make_png(4, 4, True)
    ico = struct.pack("<HHH", 0, 1, 1) + struct.pack("<BBBBHHII", 4, 4, 0, 0, 1, 32, len(p), 22) + p
    return fence(f'<link rel="icon" href="data:image/x-icon;base64,{e64(ico)}">', "html")


def du_markdown():
    return f"wind rose for {apt()[0]} RWY planning:\n![wind rose](data:image/png;base64,{e64(make_png(R.randint(5, 9), R.randint(5, 9)))})"


def du_echo():
    return fence(f"$ echo '{e64(make_svg().encode())}' | base64 -d > icon.svg\n$ file icon.svg\nicon.svg: SVG Scalable Vector Graphics image", "console")


def du_har():
    webp = b"RIFF" + struct.pack("<I", 30) + b"WEBPVP8L" + rb(R.randint(20, 40))
    return fence(json.dumps({"request": {"method": "GET", "url": "data:image/webp;base64," + e64(webp)}, "response": {"status": 200, "content": {"mimeType": "image/webp"}}}, indent=2), "json")


def du_csv():
    rows = ["flight,date,sched,actual,delay_min,code"]
    for _ in range(R.randint(3, 7)):
        rows.append(f"{flt()},{R.randint(2024, 2026)}-{R.randint(1, 12):02d}-{R.randint(1, 28):02d},{hhmm()},{hhmm()},{R.randint(0, 200)},{ch(DELAY)}")
    return fence(f'<a download="delays_{apt()[0]}.csv" href="data:text/csv;base64,{e64(chr(10).join(rows).encode())}">Export</a>', "html")


def du_kotlin():
    return fence(f'@Preview\n@Composable\nfun RosterAvatarPreview() {{\n    val placeholder = "data:image/png;base64,{e64(make_png(4, 4))}"\n'
                 f'    RosterAvatar(uri = placeholder, rank = "{ch(RANKS)}")\n}}', "kotlin")


def du_svg_utf8():
    svg = make_svg()
    return ch([fence(f".badge::before {{ content: url('data:image/svg+xml;utf8,{svg.replace('#', '%23')}'); }}", "css"),
               fence(f".gate-icon {{ background: url(\"data:image/svg+xml,{svg.replace('<', '%3C').replace('>', '%3E').replace('#', '%23').replace(chr(34), chr(39))}\"); }}", "css")])


def du_json_cfg():
    cfg = {"deck": "main", "rows": R.randint(20, 45), "exitRows": sorted(R.sample(range(10, 40), 2)), "layout": ch(["ABC-DEF", "AC-DEG-HK", "AB-CD"])}
    return f"seatmap config comes in as `data:application/json;base64,{e64(json.dumps(cfg).encode())}` from the CMS"


def du_go():
    return fence(f'var gateIcon, _ = base64.StdEncoding.DecodeString(\n\t"{e64(make_png(R.randint(3, 6), R.randint(3, 6)))}")\n\n'
                 f'func TestGateIcon(t *testing.T) {{\n\tif !bytes.HasPrefix(gateIcon, []byte("\\x89PNG")) {{ t.Fatal("not a png") }}\n}}', "go")


DU = [du_css, du_email_logo, du_blur, du_jupyter, du_font, du_sourcemap, du_pixel, du_fixture, du_csp, du_wav, du_pdf,
      du_favicon, du_markdown, du_echo, du_har, du_csv, du_kotlin, du_svg_utf8, du_json_cfg, du_go]


# ----------------------------------------------------------------------------- placeholder_example
def ph_env_example():
    return fence("# .env.example — copy to .env and fill in from the vault\nGDS_PROVIDER=1S\nSABRE_PCC=XXXX\n"
                 "SABRE_EPR=<your-epr>\nSABRE_EPR_PASSWORD=<your-epr-password>\nONE_A_WS_OFFICE_ID=<office-id>\n"
                 f"ONE_A_WS_PASSWORD={ch(['changeme', '<set-me>', 'REPLACE_ME', ''])}\nSITA_TYPEB_USER=\nSITA_TYPEB_PASSWORD=\n"
                 f"NDC_API_KEY=YOUR_API_KEY\nLOG_LEVEL={ch(['info', 'debug'])}", "bash")


def ph_helm():
    svc = ch(SERVICES)
    sec = ch(["sita", "gds", "ndc", "acars", "roster"])
    return fence(f"{svc}:\n  image: registry.ops.internal/{svc}:{{{{ .Chart.AppVersion }}}}\n  replicas: {R.randint(1, 6)}\n  {sec}:\n"
                 f"    user: {{{{ .Values.{sec}.user | quote }}}}\n    password: {{{{ .Values.{sec}.password | quote }}}}\n"
                 f"  {ch(['mq', 'db', 'cache'])}:\n    url: {{{{ required \"url is required\" .Values.{ch(['mq', 'db', 'cache'])}.url }}}}", "yaml")


def ph_gha():
    envs = ["NDC_API_KEY: ${{ secrets.NDC_API_KEY }}", "SLACK_BOT_TOKEN: ${{ secrets.OCC_SLACK_BOT_TOKEN }}",
            "AWS_ROLE_ARN: ${{ vars.OFP_ROLE_ARN }}", "SABRE_EPR_PASSWORD: ${{ secrets.SABRE_EPR_PASSWORD }}",
            "ANTHROPIC_API_KEY: ${{ secrets.ANTHROPIC_API_KEY }}", "NPM_TOKEN: ${{ secrets.NPM_TOKEN }}"]
    step = ch(["Publish schedule to partners", "Post irrops digest", "Upload OFPs", "Sync NOTAM rules"])
    return fence(f"      - name: {step}\n        env:\n" + "\n".join("          " + e for e in R.sample(envs, R.randint(2, 4)))
                 + f"\n        run: ./scripts/{ch(['publish-ssim', 'digest', 'upload-ofp', 'sync-notam'])}.sh --season " + ch(["S25", "W25", "S26", "W26"]), "yaml")


def ph_curl_readme():
    return ("README for the roster API:\n" + fence("curl -H \"Authorization: Bearer <token>\" \\\n     -H \"X-Api-Key: <paste-key-here>\" \\\n"
                                                   f"     https://roster-api.ops.internal/v1/pairings?base={apt()[0]}", "bash")
            + "\nget the token from the crew portal, never paste it here")


def ph_masked_fop():
    c = carrier()
    last = dig(4)
    return ch([fence(f"  {R.randint(5, 9)} FP CCVIXXXXXXXXXXXX{last}/{R.randint(1, 12):02d}{R.randint(26, 30)}*CV/A{dig(6)}\n"
                     f"  {R.randint(10, 12)} FA PAX {c[2]}-{eticket(c)[3:]}/ETLH/EUR{R.randint(100, 3000)}.{R.randint(0, 99):02d}/S2"),
               f"card on the PNR is masked as •••• {last}, that's all the DCS ever shows",
               f"FOP shows `CCCA5XXXXXXXXX{last}` in 1A and `5-*CA5XXXXXXXXXX{last}` in 1S, both masked fine",
               f"Karte im PNR maskiert: **** **** **** {last} — Rückfrage bitte über die Zahlungsabteilung"])


def ph_stripe():
    return ch(["sandbox for the booking engine: use the test card 4242 4242 4242 4242, any future expiry, any CVC.",
               "Payment sandbox smoke test passed with 4242424242424242 (Stripe's documented test Visa), exp 12/34.",
               fence("# fixtures/payments.yaml\ntest_cards:\n  visa_ok: \"4242424242424242\"   # documented public test number\n  cvc: \"123\"\n  exp: \"12/34\"", "yaml")])


def ph_akia():
    return ch([fence("provider \"aws\" {\n  region     = \"eu-central-1\"\n  # example from the AWS docs, NOT a real key\n"
                     "  access_key = \"AKIAIOSFODNN7EXAMPLE\"\n  secret_key = \"wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY\"\n}", "hcl"),
               "The docs for the OFP archive still show `AKIAIOSFODNN7EXAMPLE` — that's AWS's example key id, we use OIDC roles."])


def ph_slack():
    return ch(["irrops bot setup: `export SLACK_BOT_TOKEN=xoxb-your-bot-token` then `make run-bot`",
               fence("slack:\n  bot_token: \"xoxb-...\"\n  user_token: \"xoxp-...\"\n  signing_secret: \"<from app config>\"\n  channel: \"#occ-irrops\"", "yaml"),
               "the webhook in the runbook is the placeholder `https://hooks.slack.com/services/T00000000/B00000000/XXXXXXXXXXXXXXXXXXXXXXXX`"])


def ph_prefixes():
    items = ["`sk-ant-api03-...` (LLM summariser)", "`sk-proj-…` (NOTAM digest)", "`ghp_xxxxxxxxxxxx`", "`github_pat_...`",
             "`AKIA...` / `ASIA...`", "`xoxb-…` / `xoxp-…`", "`glpat-xxxx`", "`sk_live_xxx` (payments)", "`whsec_...` (webhooks)", "`AIza****…`"]
    return (ch(["for the DLP rule list, the prefixes we care about (placeholders only):\n", "Präfixe für die DLP-Regeln (nur Platzhalter):\n",
                "DLPルールで見るプレフィックス（プレースホルダのみ）:\n"]) + "\n".join("• " + x for x in R.sample(items, R.randint(4, 8))))


def ph_pem():
    t = ch(["RSA PRIVATE KEY", "PRIVATE KEY", "EC PRIVATE KEY", "OPENSSH PRIVATE KEY"])
    what = ch(["the SFTP key for the LDM upload", "the Type B client key", "the ACARS ground-station key", "the roster API signing key"])
    return (f"where {what} goes (file is mounted from the vault, do not commit):\n"
            + fence(f"# /etc/{ch(SERVICES)}/keys/{ch(['client.key', 'id_ed25519', 'signing.pem'])}\n-----BEGIN {t}-----\n{ch(['...', '…', '<key material>', 'MII...'])}\n-----END {t}-----"))


def ph_ssn():
    return ch(["US crew onboarding form: SSN field shows `XXX-XX-XXXX` until HR verifies, then `***-**-` + last four.",
               fence("ssn: \"***-**-****\"   # masked in exports\nbase: " + ch(["ORD", "ATL", "SFO", "BOS", "JFK"]) + "\nrank: FA", "yaml"),
               "Payroll template for new FAs: SSN: ___-__-____ (HR fills it, not crew scheduling)"])


def ph_iban():
    return ch(["BSP remittance doc example uses DE89 3704 0044 0532 0130 00 (the textbook IBAN), our real one is in SAP only.",
               "Example in the ground-handler onboarding PDF: GB82 WEST 1234 5698 7654 32 — that's the standard sample, not theirs.",
               "IBAN field placeholder in the refund form: `DE00 0000 0000 0000 0000 00`"])


def ph_dsn():
    return ch([fence("DATABASE_URL=postgres://user:password@localhost:5432/crewroster\nAMQP_URL=amqp://guest:guest@localhost:5672/typeb", "bash"),
               fence("services:\n  db:\n    image: postgres:16\n    environment:\n      POSTGRES_PASSWORD: changeme\n"
                     "  mq:\n    image: rabbitmq:3-management\n    environment:\n      RABBITMQ_DEFAULT_USER: guest\n      RABBITMQ_DEFAULT_PASS: guest", "yaml"),
               "local dev: `mongodb://<username>:<password>@<cluster>/ofp` — fill from vault, never commit"])


def ph_logmarkers():
    lines = [f"{iso_ts()} INFO  pnr-sync  {pnr()} FOP=[REDACTED] APE=<redacted> AP=[FILTERED]",
             f"{iso_ts()} DEBUG sabre-conn  sign-in EPR=**** password=*** status=OK",
             f"{iso_ts()} INFO  apis  doc_no=[MASKED] nationality={ch(['DEU', 'FRA', 'JPN', 'BRA'])} dob=(sensitive value)",
             f"{iso_ts()} WARN  payment  pan=************{dig(4)} result=DECLINED"]
    R.shuffle(lines)
    return fence("\n".join(lines[:R.randint(2, 4)]))


def ph_refs():
    return ch([fence("sabre_password: op://ops-gds/sabre-epr-fra/password\none_a_ws: vault:secret/data/gds/1a#password\n"
                     "typeb: \"{{resolve:secretsmanager:ops/sita/typeb:SecretString:password}}\"", "yaml"),
               fence("export NOTAM_API_KEY=$(vault kv get -field=api_key secret/ops/notam)\nexport SITA_PASS=\"${SITA_PASS:?missing}\"", "bash"),
               fence("<add key=\"GdsPassword\" value=\"%GDS_PASSWORD%\" />\n<add key=\"NdcApiKey\" value=\"$(NDC_API_KEY)\" />", "xml")])


def ph_gds_templates():
    ls = ["NM1<SURNAME>/<GIVEN NAME> MR", "AP <phone incl. country code>-M", "APE-<email>", "SR DOCS YY HK1-P-<NAT>-<PASSPORT NO>-...",
          "FP CC<VI|CA|AX><card number>/<MMYY>", "SR FQTV YY HK/<programme>-<member no>", "TKOK", "ER", f"SS{R.randint(1, 2)}{ch('YMBHK')}{R.randint(1, 3)}"]
    return (ch(["cheat sheet for new agents (1A entries):\n", "Spickzettel für neue Agenten:\n", "antisèche pour les nouveaux agents :\n"])
            + fence("\n".join(R.sample(ls, R.randint(4, 8)))))


def ph_ticket_placeholders():
    c = carrier()
    return ch([f"template for the refund request: ticket {c[2]}-XXXXXXXXXX, PNR XXXXXX, coupon(s) ___",
               f"form asks for 'Ticket number (13 digits, e.g. {c[2]}-0000000000)' — we should put a real example, no?",
               f"loyalty no. field placeholder: `{ch(['992', '300', '100'])} XXXX XXXX XXXX` in the kiosk mock"])


def ph_spring():
    lines = ["gds.sabre.username=${SABRE_EPR}", "gds.sabre.password=${SABRE_EPR_PASSWORD:changeme}", "ndc.api-key=${NDC_API_KEY:}",
             "spring.datasource.password=${DB_PASSWORD}", "typeb.mq.password=${TYPEB_MQ_PASSWORD}", "notam.feed.token=${NOTAM_TOKEN:}",
             f"server.port={R.randint(8000, 8099)}", f"ops.station={apt()[0]}"]
    return fence("\n".join(R.sample(lines, R.randint(3, 6))), "properties")


def ph_phone_mask():
    return ch(["OCC hotline in the PNR remark is masked: `+XX XXX XXXXXXX`, real number in the station contacts page.",
               "Passenger contact shows `+49 *** ****12` in DCS, by design.",
               "Telefono del pasajero: +** *** *** **, solo visible para el call center."])


def ph_jinja():
    a, b = R.sample(["sita", "gds", "ndc", "ldm_sftp", "notam", "acars"], 2)
    st = apt()[0].lower()
    return fence(f"; rendered per station ({st})\n[{a}]\nuser = {{{{ {a}_user }}}}\npassword = {{{{ {a}_password }}}}\n\n"
                 f"[{b}]\nhost = {b}-{st}.ops.internal\nsecret = {{{{ vault_{b}_{ch(['password', 'api_key', 'secret'])} }}}}", "ini")


def ph_empty():
    ls = ["SITA_TYPEB_PASSWORD=", "ONE_A_WS_PASSWORD=\"\"", "NDC_CLIENT_SECRET=''", "LDM_SFTP_PASSWORD= # TODO from vault",
          "NOTAM_API_KEY=", "ROSTER_DB_PASSWORD=\"\"", f"STATION={apt()[0]}", f"WORKERS={R.randint(1, 8)}"]
    return fence("\n".join(R.sample(ls, R.randint(3, 6))), "bash") + "\n" + ch(["empty on purpose, the init container fills them",
                                                                                "leer lassen, der Init-Container setzt die Werte", "空のままでOK、initコンテナが埋めます"])


def ph_default_creds():
    return ch(["the gate display controllers ship with admin/admin, we change it at install — checklist item 4.",
               "CUSS kiosk BIOS default is `changeme`, vendor doc says rotate on first boot.",
               "Le firmware des imprimantes BTP a `admin:admin` par défaut, c'est dans la procédure de mise en service."])


PH = [ph_env_example, ph_helm, ph_gha, ph_curl_readme, ph_masked_fop, ph_stripe, ph_akia, ph_slack, ph_prefixes, ph_pem,
      ph_ssn, ph_iban, ph_dsn, ph_logmarkers, ph_refs, ph_gds_templates, ph_ticket_placeholders, ph_spring, ph_phone_mask,
      ph_jinja, ph_empty, ph_default_creds]


# ----------------------------------------------------------------------------- code_identifier
ORG = ["com.skyops", "aero.flightops", "net.occhub", "com.opsdeck"]
W1 = ["Pnr", "Passenger", "Apis", "Fop", "Gds", "Sabre", "TypeB", "Acars", "Crew", "Loyalty", "Bag", "Ndc", "Ticket", "Emd", "Seat"]
W2 = ["Secret", "Token", "Password", "Credential", "Card", "Iban", "Ssn", "Email", "Phone", "Passport", "Key", "Pan", "Signing"]
W3 = ["Masker", "Redactor", "Provider", "Rotator", "Validator", "Resolver", "Store", "Filter", "Handler", "Vault", "Cache", "Scrubber"]


def cname():
    return ch(W1) + ch(W2) + ch(W3)


def mname():
    n = cname()
    return n[0].lower() + n[1:]


def ci_java_trace():
    org = ch(ORG)
    pk = ch(["dcs.apis", "gds.sabre", "typeb.bridge", "crew.roster", "loyalty.core", "ndc.order"])
    lines = [f"{iso_ts()} ERROR [{ch(['main', 'kafka-0', 'mq-listener-2', 'http-nio-8080-exec-4'])}] {org}.{pk}.{cname()} - failed",
             f"{org}.{pk}.{ch(W1)}{ch(W2)}Exception: {ch(['credential lookup returned null', 'key alias not found in keystore', 'masking policy missing'])}"]
    for _ in range(R.randint(5, 18)):
        c = cname()
        lines.append(f"\tat {org}.{pk}.{c}.{mname()}({c}.java:{R.randint(20, 900)})")
    lines.append("\tat java.base/java.lang.Thread.run(Thread.java:1583)")
    return fence("\n".join(lines))


def ci_python():
    return fence(f"def {ch(['rotate_sabre_epr_password', 'load_one_a_ws_secret', 'refresh_ndc_api_token', 'mask_fop_card_number'])}(station: str, *, dry_run: bool = False) -> None:\n"
                 f"    secret_ref = f\"gds/{{station}}/epr_password\"\n    current = vault.read(secret_ref)  # never logged\n"
                 f"    new_password = generate_password(length=24)\n    if not dry_run:\n        sabre_admin.set_epr_password(station, new_password)\n"
                 f"        vault.write(secret_ref, new_password)\n    log.info(\"rotated %s\", secret_ref)", "python")


def ci_kotlin():
    return fence(f"data class {cname()}Policy(\n    val maskFopCardNumber: Boolean = true,\n    val passengerEmailHashSalt: SecretRef? = null,\n"
                 f"    val apisPassportNumberRetentionDays: Int = {R.randint(1, 90)},\n    val loyaltyTokenTtl: Duration = {R.randint(5, 60)}.minutes,\n)", "kotlin")


def ci_go():
    return fence("type GdsCredentials struct {\n\tPCC          string `json:\"pcc\"`\n\tEPR          string `json:\"epr\"`\n"
                 "\tPasswordRef  string `json:\"password_ref\"` // vault path, not the password\n\tTokenExpiry  time.Time `json:\"token_expiry\"`\n}\n\n"
                 "func (c *GdsCredentials) ResolvePassword(ctx context.Context, v VaultClient) (string, error)", "go")


def ci_sql():
    return fence("CREATE TABLE pax_contact (\n  pnr_locator      char(6) NOT NULL,\n  email_sha256     bytea,\n  phone_e164_enc   bytea,\n"
                 "  passport_no_enc  bytea,\n  fop_card_last4   char(4),\n  fop_card_token   text,\n  created_at       timestamptz DEFAULT now()\n);\n"
                 "CREATE INDEX ix_pax_contact_email_sha256 ON pax_contact (email_sha256);", "sql")


def ci_terraform():
    return fence(f"resource \"aws_secretsmanager_secret\" \"sita_typeb_gateway_password\" {{\n  name = \"ops/sita/typeb/password\"\n}}\n\n"
                 f"data \"vault_generic_secret\" \"one_a_ws\" {{\n  path = \"secret/gds/1a\"\n}}\n\n"
                 f"# terraform state show module.gds.aws_secretsmanager_secret_version.sabre_epr_password", "hcl")


def ci_kubectl():
    rows = ["NAME                                TYPE                                  DATA   AGE"]
    for n in R.sample(["typeb-bridge-creds", "gds-sabre-epr", "one-a-ws-credentials", "ndc-partner-api-key", "acars-sftp-key",
                       "occ-slack-bot-token", "crew-roster-db-password", "ofp-archive-s3"], R.randint(3, 6)):
        rows.append(f"{n:<35} {ch(['Opaque', 'kubernetes.io/tls', 'kubernetes.io/ssh-auth']):<37} {R.randint(1, 4):<6} {R.randint(2, 400)}d")
    return "$ kubectl -n ops get secrets\n" + fence("\n".join(rows)) + "\nnames only, nobody paste the -o yaml please"


def ci_pods():
    rows = ["NAME                                      READY   STATUS    RESTARTS   AGE"]
    for s in R.sample(SERVICES, R.randint(3, 7)):
        rows.append(f"{s + '-' + hx(10)[:R.randint(8, 10)] + '-' + rs(LO + DG, 5):<41} 1/1     {ch(['Running', 'Running', 'CrashLoopBackOff'])}   {R.randint(0, 9):<10} {R.randint(1, 90)}d")
    return fence("\n".join(rows))


def ci_flags():
    fl = ["ops.irrops.auto_rebook.mask_ticket_numbers", "dcs.apis.redact_passport_number_in_logs", "pnr.sync.drop_fop_card_from_events",
          "crew.app.store_roster_token_in_keychain", "loyalty.api.require_signed_token", "ndc.order.hash_passenger_email",
          "bagtrack.bpm.strip_passenger_name"]
    return "flags turned on in prod today:\n" + "\n".join(f"• `{f}` = {ch(['true', 'rollout 25%', 'rollout 100%'])}" for f in R.sample(fl, R.randint(2, 5)))


def ci_proto():
    return fence("message LoyaltyAccountRef {\n  string programme_code = 1;\n  string account_token_ref = 2;  // opaque ref, resolved server-side\n}\n\n"
                 "service CrewCredentialService {\n  rpc RotateRosterAccessToken(RotateRequest) returns (RotateResponse);\n  rpc RevokeDeviceSigningKey(RevokeRequest) returns (google.protobuf.Empty);\n}", "proto")


def ci_graphql():
    return fence("type Passenger {\n  pnrLocator: String!\n  emailMasked: String\n  phoneMasked: String\n  apisDocumentNumberLast4: String\n"
                 "  loyaltyTokenRef: ID\n}\n\ntype Mutation {\n  rotatePartnerApiKey(partnerId: ID!): RotationResult!\n}", "graphql")


def ci_mangled():
    syms = [f"_ZN3fms7navdata{R.randint(10, 19)}AiracSigningKey{R.randint(4, 9)}loadERKNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEE",
            f"_ZN5acars6crypto{R.randint(10, 19)}GroundKeyStore{R.randint(6, 9)}rotateEv",
            f"_ZNK4dcs4apis{R.randint(10, 19)}PassportMasker4maskERKSs"]
    return "linker error on the FMS sim build:\n" + fence("\n".join(f"undefined reference to `{s}'" for s in R.sample(syms, R.randint(1, 3))))


def ci_rust():
    return fence(f"thread 'tokio-runtime-worker' panicked at src/acars/credential_store.rs:{R.randint(20, 300)}:{R.randint(5, 40)}:\n"
                 f"called `Option::unwrap()` on a `None` value\nstack backtrace:\n"
                 f"   0: acars_router::credential_store::GroundStationKeyring::signing_key_for::h{hx(16)}\n"
                 f"   1: acars_router::uplink::sign_frame::h{hx(16)}\n   2: acars_router::main::{{{{closure}}}}::h{hx(16)}")


def ci_env_names():
    ls = ["export SABRE_CLIENT_SECRET_FILE=/run/secrets/sabre_client_secret", "export ONE_A_WS_PASSWORD_FILE=/run/secrets/one_a_ws_password",
          "export TYPEB_TLS_KEY_PATH=/etc/typeb/tls/client.key", "export NDC_API_KEY_HEADER=X-Api-Key",
          "export ROSTER_JWT_PUBLIC_KEY_URL=https://idp.ops.internal/.well-known/jwks.json", "export LOYALTY_TOKEN_CACHE_TTL=300",
          "export ACARS_SFTP_KNOWN_HOSTS=/etc/acars/known_hosts", "export PCI_PAN_TOKENIZER_ENDPOINT=http://tokenizer.pci.internal:8443"]
    return fence("\n".join(R.sample(ls, R.randint(3, 6))), "bash")


def ci_cssmod():
    return ("seat map bundle after the refactor:\n" + fence("\n".join(
        f"static/chunks/{ch(['seatmap', 'checkin', 'bagdrop', 'boardingpass'])}-{hx(16)}.js   {R.randint(2, 90)}.{R.randint(0, 9)} kB" for _ in range(R.randint(3, 6))))
        + f"\nclass names like `SeatMap_exitRow__{rs(ALNUM, 5)}` and `css-{rs(LO + DG, 7)}` are from CSS modules / emotion")


def ci_objc():
    return fence(f"-[CRWKeychainStore storeRosterAccessToken:forCrewId:]\n-[CRWKeychainStore deleteDeviceSigningKeyWithTag:]\n"
                 f"+[CRWPassportScanner redactedDocumentNumber:]\n-[CRWLoyaltyCardView setMaskedProgrammeId:]")


def ci_elixir():
    return fence(f"** (KeyError) key :sita_password not found in: %{{host: \"typeb-gw.ops.internal\", port: {R.randint(1000, 9999)}}}\n"
                 f"    (typeb_gateway 0.{R.randint(1, 9)}.0) lib/typeb_gateway/credentials.ex:{R.randint(10, 99)}: TypeBGateway.Credentials.fetch!/1\n"
                 f"    (typeb_gateway 0.{R.randint(1, 9)}.0) lib/typeb_gateway/session.ex:{R.randint(10, 99)}: TypeBGateway.Session.login/2")


def ci_spring():
    props = [("gds.sabre.password", "String sabrePassword"), ("ndc.partner.api-key", "String ndcApiKey"),
             ("typeb.mq.password", "char[] typebMqPassword"), ("roster.jwt.signing-key-ref", "String rosterSigningKeyRef"),
             ("loyalty.partner.client-secret", "String loyaltyClientSecret"), ("acars.sftp.private-key-path", "Path acarsSftpPrivateKeyPath")]
    return fence("\n\n".join(f"@Value(\"${{{k}}}\")\nprivate {t};" for k, t in R.sample(props, R.randint(2, 4))), "java")


def ci_dotnet():
    return fence("services.Configure<OneAWsCredentialsOptions>(Configuration.GetSection(\"OneA:Credentials\"));\n"
                 "services.AddSingleton<ITicketNumberMasker, TicketNumberMasker>();\nservices.AddSingleton<IFopCardTokenizer, VaultFopCardTokenizer>();", "csharp")


def ci_ts():
    return fence("export interface ApisTravelDocument {\n  documentType: 'P' | 'I' | 'V';\n  documentNumberHash: string;\n  issuingCountry: string;\n"
                 "  expiryDateMasked: string;\n}\n\nexport const maskEmailAddress = (s: string) => s.replace(/(^.).*(@.*$)/, '$1***$2');", "ts")


def ci_ansible():
    return fence("- name: Render typeb-bridge config\n  ansible.builtin.template:\n    src: typeb.ini.j2\n    dest: /etc/typeb/typeb.ini\n    mode: \"0600\"\n"
                 "  vars:\n    sita_password: \"{{ vault_sita_typeb_password }}\"\n  no_log: true", "yaml")


def ci_long_names():
    names = [f"{mname()}{ch(['ForStation', 'ByPnr', 'WithFallback', 'IfExpired', ''])}" for _ in range(R.randint(3, 7))]
    return "grep for callers before we delete the old masking code:\n" + fence("\n".join(f"src/{ch(['dcs', 'gds', 'crew', 'loyalty'])}/{cname()}.kt:{R.randint(10, 400)}:    {n}()" for n in names))


CI = [ci_java_trace, ci_python, ci_kotlin, ci_go, ci_sql, ci_terraform, ci_kubectl, ci_pods, ci_flags, ci_proto, ci_graphql, ci_mangled,
      ci_rust, ci_env_names, ci_cssmod, ci_objc, ci_elixir, ci_spring, ci_dotnet, ci_ts, ci_ansible, ci_long_names]


# ----------------------------------------------------------------------------- talk_about_secrets
TALK = {
    "en": ["The 1A web-services password for the FRA office expires on Friday, who owns the rotation?",
           "Reminder: never paste a GDS sign-in password into this channel, use the vault link in the pinned runbook.",
           "The SITA Type B gateway certificate was renewed; the private key never left the HSM.",
           "Someone pasted a card number into a PNR remark again — the PCI scanner caught it and the remark was purged.",
           "We rotated the Slack bot token for the irrops bot after the workspace audit, nothing else changed.",
           "Do not put passenger phone numbers or e-mail addresses in the incident ticket, reference the record locator only.",
           "The NDC partner wants their API key by e-mail; I said no, they get it through the secure portal.",
           "Crew social security numbers live only in the HR system, never in roster exports — double-check before sharing a CSV.",
           "The SSH key for the ACARS ground station SFTP ended up in a CI log; it's revoked and the log is deleted.",
           "If a ground handler sends new bank details, finance verifies the IBAN by calling the number already on file, never the one in the mail.",
           "Is the NOTAM feed API key per environment or shared? It should be per environment.",
           "Our scanner flags 13-digit runs as card numbers, but e-tickets are 13 digits too — it needs the check-digit test, not just the length."],
    "de": ["Das Passwort für den Sabre-EPR wurde heute rotiert, bitte die neue Version aus dem Vault ziehen.",
           "Bitte keine Kreditkartennummern in die PNR-Remarks schreiben, das ist PCI-relevant.",
           "Der private Schlüssel für das Type-B-Gateway liegt nur im HSM, niemand hat eine Kopie.",
           "Wer hat den API-Key für den NOTAM-Feed? Der alte ist abgelaufen."],
    "fr": ["Le mot de passe du compte de service GDS a été changé ce matin, pensez à mettre à jour le connecteur.",
           "Ne collez jamais de numéro de carte ou d'IBAN dans le canal, utilisez le lien sécurisé.",
           "La clé privée du certificat SITA n'a jamais quitté le coffre, seul le certificat public a été partagé."],
    "es": ["Hemos rotado el token del bot de Slack de operaciones; el anterior ya no funciona.",
           "No compartáis contraseñas del GDS por chat, usad el gestor de secretos.",
           "El número de teléfono del pasajero no debe aparecer en el informe del incidente."],
    "pt": ["A chave da API do fornecedor de meteorologia expira amanhã; já pedi uma nova pelo portal.",
           "Por favor, não coloquem dados de cartão nos comentários do PNR.",
           "O token do bot de irregularidades foi revogado depois da auditoria; o novo está no cofre."],
    "it": ["La password dell'account DCS è stata cambiata, chi ha accesso al vault la trova lì.",
           "Non incollate token o chiavi private nel canale, anche se sono di test.",
           "Il certificato del gateway Type B scade a fine mese, la chiave privata resta nell'HSM."],
    "nl": ["Het wachtwoord van de Type B-gateway is vannacht geroteerd, de oude werkt niet meer.",
           "Zet geen IBAN of kaartnummer in het ticket, verwijs alleen naar het factuurnummer.",
           "De API-sleutel van de weerleverancier staat alleen in de kluis, niet in de repo."],
    "ja": ["1AのWebサービス用パスワードを本日ローテーションしました。新しい値はVaultにあります。",
           "PNRのリマークにカード番号を書かないでください。PCIの対象になります。",
           "SITAゲートウェイの秘密鍵はHSMの外に出ていません。"],
    "zh": ["GDS 账户的密码今天已经轮换，新密码在保险库里，请不要在群里发。",
           "请不要把旅客的电话号码或邮箱写进事故单，只写订座记录编号即可。",
           "Type B 网关的私钥一直在 HSM 里，没有泄露。"],
    "ru": ["Пароль сервисной учётки GDS сменили сегодня ночью, старый больше не действует.",
           "Не вставляйте номера карт и токены в канал, даже тестовые.",
           "Закрытый ключ для шлюза SITA хранится только в HSM."],
    "ar": ["تم تغيير كلمة مرور حساب نظام الحجز اليوم، الكلمة الجديدة موجودة في الخزنة.",
           "يرجى عدم لصق أرقام البطاقات أو رموز الوصول في هذه القناة."],
    "ko": ["GDS 서비스 계정 비밀번호를 오늘 교체했습니다. 새 값은 볼트에서 확인하세요.",
           "PNR 비고란에 카드 번호를 적지 마세요. PCI 범위에 들어갑니다."],
    "tr": ["Sabre EPR şifresi bu sabah değiştirildi, yenisi kasada.",
           "Kanalda kart numarası ya da API anahtarı paylaşmayın lütfen."],
    "pl": ["Hasło do konta serwisowego GDS zostało dziś zmienione, nowe jest w sejfie.",
           "Proszę nie wklejać numerów kart ani tokenów na kanał."],
    "el": ["Ο κωδικός του λογαριασμού υπηρεσίας GDS άλλαξε σήμερα· ο νέος βρίσκεται στο vault."],
    "hi": ["GDS सेवा खाते का पासवर्ड आज बदल दिया गया है, नया पासवर्ड वॉल्ट में है।"],
}


def ta_sentences():
    lang = ch(list(TALK))
    pool = TALK[lang]
    return " ".join(R.sample(pool, R.randint(1, min(3, len(pool)))))


def ta_mixed():
    a, b = R.sample(list(TALK), 2)
    return ch(TALK[a]) + "\n" + ch(TALK[b])


def ta_incident():
    return (f"*INC-{R.randint(1000, 9999)} — credential exposure in #ops-{apt()[0].lower()}*\n"
            f"• What: {ch(['a Sabre EPR password', 'the NOTAM feed API key', 'the irrops bot token', 'an SFTP private key'])} was pasted in a thread\n"
            f"• Impact: none observed, access logs clean for the last {R.randint(2, 30)} days\n"
            f"• Action: rotated, message deleted by workspace admin, reminder posted\n"
            f"• Follow-up: DLP bot for the ops channels, owner: {ch(['NetOps', 'OCC tooling', 'GDS team', 'SecOps'])}")


def ta_runbook():
    return ("Runbook — renewing the Type B gateway client cert:\n1. Generate the CSR on the HSM (the key is created there and never exported)\n"
            "2. Send only the CSR to the network provider\n3. Import the signed certificate\n4. Restart typeb-bridge pods one by one\n"
            "5. Confirm MVT/LDM flow on the test address before closing the change")


def ta_faq():
    return ch(["Q: can I store the GDS password in the roster tool?\nA: no. Use the vault entry; the tool reads it at runtime.",
               "Q: the partner sent us their API key in a PDF, what now?\nA: ask them to revoke it and issue a new one through the portal, then delete the PDF.",
               "Q: a passenger read their card number to me in chat, where do I put it?\nA: nowhere — send them the payment link."])


def ta_sync():
    return ("Security sync notes:\n- rotation calendar for GDS service accounts agreed (quarterly)\n- Slack DLP catches card numbers but not e-ticket numbers, good\n"
            "- still need a pattern for crew SSNs in the US HR export, scoped to that channel\n- nobody should DM secrets, even to the on-call")


def ta_eso():
    svc = ch(SERVICES)
    path = ch(["ops/sita/typeb", "ops/gds/sabre-epr", "ops/gds/1a-ws", "ops/ndc/partner-key", "ops/acars/sftp", "ops/slack/occ-bot"])
    return fence(f"ExternalSecret ops/{svc}-creds: could not get secret data from provider: secret \"{path}\" not found\n"
                 f"SecretSyncedError  {R.randint(1, 59)}m  external-secrets  error retrieving secret at .data[{R.randint(0, 3)}], key: {path}, err: Secret does not exist") \
        + "\n" + ch(["the path changed in the vault migration, not a leak", "der Pfad hat sich bei der Vault-Migration geändert, kein Leak",
                     "只是路径变了，不是泄露", "c'est juste le chemin qui a changé, rien n'a fuité", "パスが変わっただけで、漏洩ではありません"])


TALK_SYSTEMS = ["the Sabre EPR", "the 1A web-services account", "the SITA Type B gateway", "the NOTAM feed", "the ACARS SFTP",
                "the crew roster DB", "the load-control system", "the NDC partner API", "the irrops Slack bot", "the bagtrack vendor webhook"]


def ta_handover():
    a = apt()[0]
    return (f"Shift handover {a} {ddmon()} ({ch(['early', 'late', 'night'])}):\n"
            f"- {ch(TALK_SYSTEMS)} credential rotation done, new value only in the vault\n"
            f"- {ch(TALK_SYSTEMS)} still on the old secret, change scheduled for {ch(['Tuesday', 'Thursday', 'next cycle'])}\n"
            f"- reminder to station staff: no card numbers or passport numbers in PNR remarks\n"
            f"- {R.randint(1, 9)} flights on the watchlist, none related")


def ta_dlp():
    what = ch(["a card number", "an API key", "a Slack token", "a private key", "an IBAN", "a passport number", "a password"])
    return ch([f"🤖 DLP bot: a message in #ops-{apt()[0].lower()} was removed because it looked like it contained {what}. The author has been notified.",
               f"DLP-Bot: Nachricht in #ops-{apt()[0].lower()} entfernt (vermutlich {ch(['Kartennummer', 'Passwort', 'API-Schlüssel'])}).",
               f"DLPボット: #ops-{apt()[0].lower()} のメッセージを削除しました（{ch(['カード番号', 'パスワード', 'APIキー'])}の可能性）。"])


def ta_rotation_table():
    rows = ["| system | owner team | last rotated | next |", "|---|---|---|---|"]
    for sys_ in R.sample(TALK_SYSTEMS, R.randint(3, 6)):
        rows.append(f"| {sys_} | {ch(['GDS team', 'NetOps', 'OCC tooling', 'Crew IT', 'SecOps'])} | {ddmon()} | {ddmon()} |")
    return "credential rotation calendar (no values here, obviously):\n" + "\n".join(rows)


def ta_vendor():
    return ch([f"The {ch(['bag-tracking', 'weather', 'fuel', 'catering'])} vendor asked for our API key over the phone. Told them to request it through the partner portal like everyone else.",
               f"{ch(['Handling agent', 'Catering partner', 'Fuel supplier'])} at {apt()[0]} wants VPN creds for their whole team on one login — we said each person gets their own account, no shared password.",
               f"El proveedor de {ch(['combustible', 'catering', 'handling'])} en {apt()[0]} nos pidió la contraseña del portal por WhatsApp; no se la dimos, que abra un ticket."])


def ta_postmortem():
    return (f"Postmortem summary — {ch(TALK_SYSTEMS)} outage {ddmon()}:\n"
            f"Root cause: the service account password expired after {ch([60, 90, 180])} days and nobody got the warning mail.\n"
            f"Fix: rotation moved into the pipeline, expiry alert now goes to the OCC tooling channel.\n"
            f"No credential was exposed; the old password was simply no longer valid.")


def ta_regex():
    return ch(["the DLP regex for tickets should be 13 digits with the airline prefix, but that also matches card numbers — we need the Luhn check to tell them apart",
               "we tuned the bot to ignore baggage tags (10 digits) — they kept getting flagged as phone numbers",
               "les numéros de billet font 13 chiffres comme certaines cartes, le contrôle de Luhn fait la différence",
               "チケット番号は13桁なのでカード番号と誤検知されます。Luhnチェックで区別しましょう。"])


def ta_qa_chat():
    return ch(["does anyone know where the new SITA password is kept? not asking for it here, just the vault path",
               "¿Dónde está guardada la clave de la API de NOTAM? No la peguéis aquí, solo decidme la ruta.",
               "Wo liegt das neue Passwort für das Lastkontroll-System? Bitte nur den Vault-Pfad schicken.",
               "새 SITA 비밀번호는 어디에 보관되어 있나요? 값 말고 경로만 알려주세요.",
               "Где теперь хранится ключ для SFTP выгрузки LDM? Только путь, пожалуйста."])


TA = [ta_sentences, ta_sentences, ta_sentences, ta_mixed, ta_incident, ta_runbook, ta_faq, ta_sync, ta_eso, ta_regex, ta_qa_chat,
      ta_handover, ta_dlp, ta_rotation_table, ta_vendor, ta_postmortem]


# ============================================================================= SCANNER
ALLOW = {"AKIAIOSFODNN7EXAMPLE", "4242424242424242", "DE89370400440532013000", "GB82WEST12345698765432"}
RE_EMAIL = re.compile(r"[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}")
RE_IP = re.compile(r"(?<![\d.])(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})(?![\d]|\.\d)")
RE_CHAIN = re.compile(r"\d+(?:[ -]\d+)*")
RE_SSN = re.compile(r"(?<![\d-])\d{3}-\d{2}-\d{4}(?![\d-])")
RE_SSN2 = re.compile(r"(?<!\d)\d{3} \d{2} \d{4}(?!\d)")
RE_INTL = re.compile(r"(?<![\w+])\+\d[\d .\-()]{6,}\d")
RE_NANP = re.compile(r"\(\d{3}\) ?\d{3}-\d{4}|(?<!\d)\d{3}[-.]\d{3}[-.]\d{4}(?!\d)")
RE_IBAN = re.compile(r"\b[A-Z]{2}\d{2}(?: ?[A-Z0-9]{4}){2,7}(?: ?[A-Z0-9]{1,3})?\b")
RE_TOK = [("github_token", re.compile(r"gh[pousr]_[A-Za-z0-9]{30,}")),
          ("github_pat", re.compile(r"github_pat_[A-Za-z0-9_]{30,}")),
          ("slack", re.compile(r"xox[abposre]-\d+-")),
          ("sk_key", re.compile(r"(?<![A-Za-z0-9])sk-[A-Za-z0-9_\-]{20,}")),
          ("aws_key_id", re.compile(r"(?<![A-Z0-9])(?:AKIA|ASIA)[A-Z0-9]{16}(?![A-Z0-9])")),
          ("jwt", re.compile(r"eyJ[A-Za-z0-9_-]{5,}\.eyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]{5,}")),
          ("pem_private", re.compile(r"-----BEGIN [A-Z ]*PRIVATE KEY-----\s*[A-Za-z0-9+/=\s\\n]{40,}-----END"))]


def iban_valid(s):
    s = s.replace(" ", "")
    if not (15 <= len(s) <= 34):
        return False
    t = s[4:] + s[:4]
    try:
        num = "".join(str(int(c, 36)) for c in t)
    except ValueError:
        return False
    return int(num) % 97 == 1


def scan(text):
    hits = []
    for m in RE_EMAIL.finditer(text):
        hits.append(("email", m.group()))
    for m in RE_IP.finditer(text):
        parts = [int(x) for x in m.groups()]
        if all(p <= 255 for p in parts):
            ip = ipaddress.ip_address(".".join(map(str, parts)))
            if ip.is_global and not ip.is_multicast:
                hits.append(("public_ipv4", m.group()))
    for m in RE_CHAIN.finditer(text):
        groups = re.split(r"[ -]", m.group())
        for i in range(len(groups)):
            tot = ""
            for j in range(i, len(groups)):
                tot += groups[j]
                if len(tot) > 19:
                    break
                if len(tot) >= 13 and luhn_ok(tot):
                    hits.append(("luhn", tot))
    for m in RE_SSN.finditer(text):
        hits.append(("ssn", m.group()))
    for m in RE_SSN2.finditer(text):
        hits.append(("ssn_spaced", m.group()))
    for m in RE_INTL.finditer(text):
        if len(re.sub(r"\D", "", m.group())) >= 8:
            hits.append(("intl_phone", m.group()))
    for m in RE_NANP.finditer(text):
        hits.append(("nanp_phone", m.group()))
    for m in RE_IBAN.finditer(text):
        if iban_valid(m.group()):
            hits.append(("iban", m.group().replace(" ", "")))
    for name, rx in RE_TOK:
        for m in rx.finditer(text):
            v = m.group()
            if name == "aws_key_id" and "EXAMPLE" in v:
                hits.append(("aws_key_id_doc_example", v))
                continue
            hits.append((name, v))
    return hits


def blocking(hits):
    out = []
    for k, v in hits:
        if k == "aws_key_id_doc_example":
            continue
        if v.replace(" ", "").replace("-", "") in ALLOW:
            continue
        out.append((k, v))
    return out


# ============================================================================= build negatives
CATS = [("non_credential_blob", NB), ("pii_lookalike_number", PL), ("data_uri_base64", DU),
        ("placeholder_example", PH), ("code_identifier", CI), ("talk_about_secrets", TA)]


def build_negatives():
    recs = []
    seen = set()
    stats = defaultdict(lambda: {"n": 0, "tpl": set(), "lines": []})
    redraws = Counter()
    exceptions = Counter()
    for cat, fns in CATS:
        made = 0
        order = list(fns)
        i = 0
        tries = 0
        while made < 100:
            fn = order[i % len(order)]
            i += 1
            if i % len(order) == 0:
                R.shuffle(order)
            tries += 1
            assert tries < 20000, cat
            text = fn()
            if cat != "talk_about_secrets" or R.random() < 0.5:
                text = wrap(text)
            if text in seen:
                redraws["duplicate"] += 1
                continue
            hits = scan(text)
            bad = blocking(hits)
            if bad:
                for k, _ in bad:
                    redraws[k] += 1
                continue
            for k, v in hits:
                exceptions[(k, v.replace(" ", ""))] += 1
            seen.add(text)
            recs.append({"text": text, "category": cat})
            st = stats[cat]
            st["n"] += 1
            st["tpl"].add(fn.__name__)
            st.setdefault("tc", Counter())[fn.__name__] += 1
            st["lines"].append(text.count("\n") + 1)
            made += 1
    R.shuffle(recs)
    out = []
    for k, r in enumerate(recs, 1):
        out.append({"id": f"h{N}n-{k:04d}", "text": r["text"], "category": r["category"]})
    return out, stats, redraws, exceptions


# ============================================================================= POSITIVE value makers
def v_anthropic():
    return "sk-ant-api03-" + rs(ALNUM + "_-", 93) + "AA"


def v_akid():
    return "AKIA" + rs(UP + "234567", 16)


def v_aws_secret():
    while True:
        s = rs(ALNUM + "/+", 40)
        if s[0] not in "/+" and s[-1] not in "/+":
            return s


def v_card():
    k = R.randint(0, 5)
    if k == 0:
        n, grp = luhn_complete("4" + dig(14)), [4, 4, 4, 4]
    elif k == 1:
        n, grp = luhn_complete("5" + str(R.randint(1, 5)) + dig(13)), [4, 4, 4, 4]
    elif k == 2:
        n, grp = luhn_complete("3" + ch("47") + dig(12)), [4, 6, 5]
    elif k == 3:
        n, grp = luhn_complete("6011" + dig(11)), [4, 4, 4, 4]
    elif k == 4:
        n, grp = luhn_complete("1" + dig(13)), [4, 5, 6]  # UATP airline card, 15 digits
    else:
        n, grp = luhn_complete("35" + str(R.randint(28, 89)) + dig(11)), [4, 4, 4, 4]
    if n in ALLOW:
        return v_card()
    sep = ch(["", "", " ", "-"])
    if sep:
        parts, p = [], 0
        for g in grp:
            parts.append(n[p:p + g])
            p += g
        return sep.join(parts)
    return n


DOMAINS = ["skylane-ops.com", "aerovanta.aero", "nordwind-handling.de", "gatecrew.fr", "opsdesk-travel.net",
           "blueapron-gh.co.uk", "tarmac-services.es", "cargo-link.nl", "jetbridge.io", "occ-partners.com"]


def v_email():
    local = ch(["ops.desk", "occ.duty", "station." + apt()[0].lower(), "lostandfound", "billing", "crewcontrol", "loadcontrol",
                "tvl" + dig(5), "pax.care" + dig(2), "gh." + apt()[0].lower(), "ndc-partner", "irrops.team", "noc" + dig(3)])
    return f"{local}@{ch(DOMAINS)}"


def v_ghp():
    rnd = rs(ALNUM, 30)
    c = zlib.crc32(rnd.encode()) & 0xffffffff
    s = ""
    while c:
        c, r = divmod(c, 62)
        s = B62[r] + s
    return "ghp_" + rnd + s.rjust(6, "0")


def v_ghfg():
    return "github_pat_11" + rs(UP + DG, 20) + "_" + rs(ALNUM, 59)


def iban_make(cc, bban):
    num = "".join(str(int(c, 36)) for c in bban + cc + "00")
    return f"{cc}{98 - int(num) % 97:02d}{bban}"


def es_dc(bank_branch, acct):
    def d(digits, w):
        r = 11 - sum(int(a) * b for a, b in zip(digits, w)) % 11
        return {11: 0, 10: 1}.get(r, r)
    return f"{d('00' + bank_branch, [1, 2, 4, 8, 5, 10, 9, 7, 3, 6])}{d(acct, [1, 2, 4, 8, 5, 10, 9, 7, 3, 6])}"


def v_iban():
    k = R.randint(0, 8)
    if k == 0:
        ib = iban_make("DE", dig(8) + dig(10))
    elif k == 1:
        ib = iban_make("GB", rs(UP, 4) + dig(14))
    elif k == 2:
        ib = iban_make("NL", rs(UP, 4) + dig(10))
    elif k == 3:
        ib = iban_make("AT", dig(16))
    elif k == 4:
        ib = iban_make("CH", dig(17))
    elif k == 5:
        bank, br, acc = dig(5), dig(5), dig(11)
        key = 97 - ((89 * int(bank) + 15 * int(br) + 3 * int(acc)) % 97)
        ib = iban_make("FR", bank + br + acc + f"{key:02d}")
    elif k == 6:
        b = dig(10)
        c = int(b) % 97 or 97
        ib = iban_make("BE", b + f"{c:02d}")
    elif k == 7:
        bb, acc = dig(8), dig(10)
        ib = iban_make("ES", bb + es_dc(bb, acc) + acc)
    else:
        ib = iban_make("IE", rs(UP, 4) + dig(14))
    if ib in ALLOW:
        return v_iban()
    if R.random() < 0.45:
        return " ".join(ib[i:i + 4] for i in range(0, len(ib), 4))
    return ib


def v_ip():
    while True:
        a = [R.randint(1, 223), R.randint(0, 255), R.randint(0, 255), R.randint(1, 254)]
        ip = ipaddress.ip_address(".".join(map(str, a)))
        if ip.is_global and not ip.is_multicast and not ip.is_reserved:
            return str(ip)


def v_jwt():
    now = R.randint(1735689600, 1790000000)
    if R.random() < 0.5:
        hdr = {"alg": "HS256", "typ": "JWT"}
        sig = b64u(rb(32))
    else:
        hdr = {"alg": "RS256", "typ": "JWT", "kid": hx(16)}
        sig = b64u(rb(256))
    pl = {"iss": ch(["https://idp.crewlink-ops.net", "https://auth.occhub.aero", "https://sso.skylane-ops.com"]),
          "sub": ch(["svc-roster-sync", "crew-app", "kiosk-" + apt()[0].lower(), "ndc-gateway", "ops-bot"]),
          "aud": ch(["roster-api", "dcs-gateway", "bagtrack", "ofp-archive"]),
          "scope": ch(["roster:read", "pnr:read pnr:write", "bags:read", "ofp:read"]), "iat": now, "exp": now + ch([900, 3600, 86400])}
    return b64u(json.dumps(hdr, separators=(",", ":")).encode()) + "." + b64u(json.dumps(pl, separators=(",", ":")).encode()) + "." + sig


def v_openai():
    k = R.randint(0, 2)
    if k == 0:
        return "sk-proj-" + rs(ALNUM + "_-", 74) + "T3BlbkFJ" + rs(ALNUM + "_-", 74)
    if k == 1:
        return "sk-" + rs(ALNUM, 20) + "T3BlbkFJ" + rs(ALNUM, 20)
    return "sk-svcacct-" + rs(ALNUM + "_-", 74) + "T3BlbkFJ" + rs(ALNUM + "_-", 74)


def v_password():
    k = R.randint(0, 3)
    if k == 0:
        return rs(ALNUM, R.randint(4, 6)) + ch("!#$%&*?") + rs(ALNUM, R.randint(5, 9)) + ch("!#$%&*?") + dig(2)
    if k == 1:
        return ch(["Tarmac", "Runway", "Pushback", "Holding", "Squawk", "Glide", "Apron"]) + ch(["-", "_", "."]) + rs(LO, 4) + dig(R.randint(2, 4)) + ch("!#$%")
    if k == 2:
        return rs(ALNUM + "!#%*+=?", R.randint(14, 22))
    return "-".join(rs(LO, R.randint(4, 7)) for _ in range(4)) + dig(1)


PHONES = [
    lambda: f"+49 69 {R.randint(100, 999)} {R.randint(10000, 99999)}",
    lambda: f"+44 20 {R.randint(7000, 8999)} {R.randint(1000, 9999)}",
    lambda: f"+1 ({R.randint(201, 989)}) 555-01{R.randint(0, 99):02d}",
    lambda: f"+33 1 {R.randint(40, 79)} {R.randint(10, 99)} {R.randint(10, 99)} {R.randint(10, 99)}",
    lambda: f"+81 3-{R.randint(1000, 6999)}-{R.randint(1000, 9999)}",
    lambda: f"+971 4 {R.randint(200, 899)} {R.randint(1000, 9999)}",
    lambda: f"+65 6{R.randint(100, 999)} {R.randint(1000, 9999)}",
    lambda: f"+34 91{R.randint(1, 9)} {R.randint(10, 99)} {R.randint(10, 99)} {R.randint(10, 99)}",
    lambda: f"+31 20 {R.randint(100, 999)} {R.randint(1000, 9999)}",
    lambda: f"+90 212 {R.randint(100, 999)} {R.randint(10, 99)} {R.randint(10, 99)}",
    lambda: f"+86 10 {R.randint(6000, 8999)} {R.randint(1000, 9999)}",
    lambda: f"+55 11 {R.randint(2000, 5999)}-{R.randint(1000, 9999)}",
    lambda: f"069 {R.randint(100, 999)} {R.randint(10000, 99999)}",
    lambda: f"({R.randint(201, 989)}) 555-01{R.randint(0, 99):02d}",
    lambda: f"020 {R.randint(7000, 8999)} {R.randint(1000, 9999)}",
    lambda: f"03-{R.randint(1000, 6999)}-{R.randint(1000, 9999)}",
]


def v_phone():
    return ch(PHONES)()


def v_pem():
    k = R.randint(0, 3)
    if k == 0:
        body = der(0x30, der(0x02, b"\x01") + der(0x04, rb(32)) + der(0xa0, der(0x06, bytes.fromhex("2a8648ce3d030107")))
                   + der(0xa1, der(0x03, b"\x00\x04" + rb(64))))
        label, w = "EC PRIVATE KEY", 64
    elif k == 1:
        body = bytes.fromhex("302e020100300506032b657004220420") + rb(32)
        label, w = "PRIVATE KEY", 64
    elif k == 2:
        def integer(n, top=True):
            b = rb(n)
            if top:
                b = bytes([b[0] | 0x80]) + b[1:]
            if b[0] & 0x80:
                b = b"\x00" + b
            return der(0x02, b)
        body = der(0x30, der(0x02, b"\x00") + integer(256) + der(0x02, b"\x01\x00\x01") + integer(256, False)
                   + integer(128) + integer(128) + integer(128, False) + integer(128, False) + integer(128, False))
        label, w = "RSA PRIVATE KEY", 64
    else:
        def sstr(b):
            return struct.pack(">I", len(b)) + b
        pub, priv = rb(32), rb(32)
        pubblob = sstr(b"ssh-ed25519") + sstr(pub)
        chk = rb(4)
        sec = chk + chk + sstr(b"ssh-ed25519") + sstr(pub) + sstr(priv + pub) + sstr(ch([b"typeb-bridge", b"ldm-upload", b"acars-sftp"]))
        p = 1
        while len(sec) % 8:
            sec += bytes([p])
            p += 1
        body = b"openssh-key-v1\x00" + sstr(b"none") + sstr(b"none") + sstr(b"") + struct.pack(">I", 1) + sstr(pubblob) + sstr(sec)
        label, w = "OPENSSH PRIVATE KEY", 70
    return label, wrap64(base64.b64encode(body).decode(), w)


def nz(n):
    return str(R.randint(1, 9)) + dig(n - 1)


def v_slack_bot():
    return f"xoxb-{nz(R.randint(10, 13))}-{nz(R.randint(12, 13))}-{rs(ALNUM, 24)}"


def v_slack_user():
    return f"xoxp-{nz(R.randint(10, 12))}-{nz(R.randint(10, 12))}-{nz(R.randint(12, 13))}-{hx(32)}"


def v_url_pw():
    return rs(ALNUM, R.randint(10, 18)) + ch(["", "-", "_", "~", "."]) + rs(ALNUM, R.randint(3, 6))


def v_ssn():
    while True:
        a = R.randint(1, 899)
        if a == 666:
            continue
        g, s = R.randint(1, 99), R.randint(1, 9999)
        v = f"{a:03d}-{g:02d}-{s:04d}"
        if v in ("078-05-1120", "219-09-9999"):
            continue
        return v if R.random() < 0.85 else v.replace("-", " ")


# ============================================================================= POSITIVE templates (single kind)
def p_anthropic(v):
    return ch([
        ("t0", fence(f"# irrops-summary-bot/.env\nOCC_CHANNEL=occ-irrops\nSUMMARY_MODEL=claude-sonnet\nANTHROPIC_API_KEY={v}\nMAX_FLIGHTS_PER_DIGEST=40", "bash")),
        ("t1", fence(f"import anthropic\n\nclient = anthropic.Anthropic(api_key=\"{v}\")\n\ndef summarise_disruption(mvts: list[str]) -> str:\n    ...", "python")),
        ("t2", f"the disruption digest bot is throwing 401s, I put the team key in directly for now: {v} — someone please move it to the vault"),
        ("t3", fence(f"apiVersion: v1\nkind: Secret\nmetadata:\n  name: notam-summariser\nstringData:\n  ANTHROPIC_API_KEY: \"{v}\"", "yaml")),
        ("t4", f"Der NOTAM-Zusammenfasser braucht einen neuen Key, ich hab ihn kurz hier: `{v}` (löscht das gleich wieder)"),
    ])


def p_akid(v):
    return ch([
        ("t0", fence(f"[ofp-archive]\naws_access_key_id = {v}\nregion = eu-central-1\n# secret is in the shared vault entry", "ini")),
        ("t1", fence(json.dumps({"eventName": "GetObject", "userIdentity": {"type": "IAMUser", "accessKeyId": v, "userName": "svc-ofp-reader"},
                                 "requestParameters": {"bucketName": "ops-ofp-archive", "key": f"ofp/{flt(pad=True)}.pdf"}}, indent=2), "json")),
        ("t2", f"which IAM user owns {v}? it's reading s3://ops-ofp-archive from a gate kiosk VLAN"),
        ("t3", f"CloudTrail: `InvalidClientTokenId` for access key {v} on PutObject to the bagtrack bucket, started at {hhmm()}Z"),
    ])


def p_aws_secret(v):
    return ch([
        ("t0", fence(f"AWS_REGION=eu-west-1\nAWS_SECRET_ACCESS_KEY={v}\nBAG_RECON_BUCKET=bag-recon-exports", "bash")),
        ("t1", fence(f"provider \"aws\" {{\n  region     = \"eu-central-1\"\n  access_key = var.ofp_access_key\n  secret_key = \"{v}\"\n}}", "hcl")),
        ("t2", f"secret key for the wx-feed IAM user is {v}, the key id is in the vault entry"),
        ("t3", fence(f"s3 = boto3.client(\n    \"s3\",\n    aws_secret_access_key=\"{v}\",\n    aws_access_key_id=os.environ[\"OFP_KEY_ID\"],\n)", "python")),
    ])


def p_card(v):
    c = carrier()
    digits = v.replace(" ", "").replace("-", "")
    code = {"4": "VI", "5": "CA", "3": "AX" if digits[:2] in ("34", "37") else "JC", "6": "DS", "1": "TP"}[digits[0]]
    return ch([
        ("t0", fence(f"RP/FRA{c[0]}08X/FRA{c[0]}08X            AA/SU  {ddmon()}{R.randint(24, 26)}/{hhmm()}Z   {pnr()}\n"
                     f"  1.XXXXXX/XXXX MR\n  2  {flt(c)} Y {ddmon()} {R.randint(1, 7)} {apt()[0]}{apt()[0]} HK1  {hhmm()} {hhmm()}\n"
                     f"  3 TK OK{ddmon()}/FRA{c[0]}08X\n  4 FP CC{code}{v}/{R.randint(1, 12):02d}{R.randint(26, 30)}")),
        ("t1", f"pax called the call centre, card is {v} exp {R.randint(1, 12):02d}/{R.randint(26, 30)}, please put it on the EMD for the excess bag"),
        ("t2", fence(json.dumps({"event": "auth_request", "pnr": pnr(), "amount": f"{R.randint(20, 900)}.00", "currency": "EUR", "pan": v, "result": "APPROVED"}, indent=2), "json")),
        ("t3", f"Tarjeta para el cargo del equipaje: {v}, caduca {R.randint(1, 12):02d}/{R.randint(26, 30)}"),
    ])


def p_email(v):
    return ch([
        ("t0", f"Please add {v} to the MVT/LDM distribution for {apt()[0]}, they take over handling from the 1st"),
        ("t1", fence(json.dumps({"station": apt()[0], "handler": "ground handling partner", "contact": v, "sla_minutes": R.randint(10, 40)}, indent=2), "json")),
        ("t2", fence(f"  {R.randint(3, 6)} APE-{v}\n  {R.randint(7, 9)} TK OK{ddmon()}/FRA1A0980")),
        ("t3", f"Bitte die Rechnung für die Enteisung an {v} schicken, nicht an die Station."),
        ("t4", f"遺失手荷物の件は {v} に連絡してください (WorldTracer file {apt()[0]}{carrier()[0]}{R.randint(10000, 99999)})"),
    ])


def p_ghp(v):
    return ch([
        ("t0", fence(f"GH_TOKEN={v} gh release download v{R.randint(1, 9)}.{R.randint(0, 20)}.0 -R ops/ofp-parser", "bash")),
        ("t1", f"use my PAT {v} for the ssim-exporter CI until the GitHub app is approved"),
        ("t2", fence(f"//npm.pkg.github.com/:_authToken={v}\n@ops:registry=https://npm.pkg.github.com", "ini")),
        ("t3", f"Il token per il runner del seatmap-renderer è {v}, scade tra 30 giorni"),
    ])


def p_ghfg(v):
    return ch([
        ("t0", fence(f"export GITHUB_TOKEN={v}\n./scripts/sync-notam-rules.sh", "bash")),
        ("t1", f"fine-grained token for the roster repo only: {v} (read-only, expires end of month)"),
        ("t2", fence(f"[credential \"https://github.com\"]\n    helper = store\n# ~/.git-credentials has: token {v}", "ini")),
        ("t3", f"Token fine-grained pour le dépôt typeb-bridge : {v}"),
    ])


def p_iban(v):
    return ch([
        ("t0", f"Ground handler at {apt()[0]} asked to pay the {ch(['March', 'April', 'Q3'])} invoice to IBAN {v} — can treasury confirm before the run?"),
        ("t1", fence(f"supplier:\n  name_ref: GH-{apt()[0]}\n  iban: \"{v}\"\n  currency: EUR\n  terms_days: 30", "yaml")),
        ("t2", f"Virement des redevances sur le compte {v}, référence GH-{R.randint(10000, 99999)}"),
        ("t3", fence(f"supplier_id,iban,currency\nGH{R.randint(1000, 9999)},{v.replace(' ', '')},EUR", "csv") if " " not in v else f"Überweisung an {v}, Verwendungszweck Catering {apt()[0]}"),
    ])


def p_ip(v):
    return ch([
        ("t0", fence(f"[typeb_over_ip]\npeer = {v}\nport = {ch([102, 5001, 7000])}\nprotocol = MATIP-B\nretry_seconds = 30", "ini")),
        ("t1", f"NDC partner asks us to allowlist {v}/32 on the shopping API, change is in the firewall queue"),
        ("t2", fence(f"{v} - - [{R.randint(1, 28):02d}/Mar/2025:{hhmm()[:2]}:{hhmm()[2:]}:{R.randint(10, 59)} +0000] \"POST /ndc/AirShopping HTTP/1.1\" 429 312", "")),
        ("t3", f"die Kioske in T{R.randint(1, 3)} gehen über {v} raus, bitte beim Lieferanten freischalten"),
        ("t4", fence(f"$ traceroute sita-gw\n 1  gw.ops.internal  0.4 ms\n 2  {v}  3.1 ms\n 3  * * *")),
    ])


def p_jwt(v):
    return ch([
        ("t0", fence(f"curl -H \"Authorization: Bearer {v}\" \\\n  https://roster-api.ops.internal/v1/pairings?base={apt()[0]}", "bash")),
        ("t1", f"{iso_ts()} DEBUG roster-client token={v} status=200"),
        ("t2", f"this token from the crew app still works after logout, is that expected? {v}"),
        ("t3", fence(json.dumps({"token_type": "Bearer", "expires_in": 3600, "access_token": v}, indent=2), "json")),
    ])


def p_openai(v):
    return ch([
        ("t0", fence(f"# notam-digest/.env\nOPENAI_API_KEY={v}\nDIGEST_STATIONS={','.join(a[0] for a in apts(3))}", "bash")),
        ("t1", fence(f"from openai import OpenAI\nclient = OpenAI(api_key=\"{v}\")", "python")),
        ("t2", f"La clave para el resumen de NOTAM es {v}, la cambio mañana"),
        ("t3", fence(f"llm:\n  provider: openai\n  api_key: {v}\n  model: small", "yaml")),
    ])


def p_password(v):
    return ch([
        ("t0", fence(f"SABRE_PCC={rs(UP + DG, 4)}\nSABRE_EPR={R.randint(1000, 9999)}\nSABRE_EPR_PASSWORD={v}", "bash")),
        ("t1", f"new password for the DCS admin console at {apt()[0]}: {v}"),
        ("t2", fence(f"typeb_gateway:\n  username: {sita_addr()}\n  password: \"{v}\"\n  queue: TYPEB.IN", "yaml")),
        ("t3", fence(f"spring.datasource.url=jdbc:postgresql://crew-db.ops.internal:5432/roster\nspring.datasource.username=roster_app\nspring.datasource.password={v}", "properties")),
        ("t4", f"Passwort für das Lastkontroll-System (Station {apt()[0]}) ist jetzt {v}"),
        ("t5", f"ロードコントロールの新しいパスワード: {v}"),
    ])


def p_phone(v):
    return ch([
        ("t0", f"OCC duty phone for tonight: {v}"),
        ("t1", f"Ground handler ops at {apt()[0]} can be reached on {v} if the ACARS link is down"),
        ("t2", fence(f"station: {apt()[0]}\nfuel_supplier_hotline: \"{v}\"\nhours: H24", "yaml")),
        ("t3", f"羽田の地上ハンドリング連絡先: {v}"),
        ("t4", f"Teléfono de la escala para incidencias: {v}"),
    ])


def p_pem(label, lines):
    layout = R.randint(0, 2)
    if layout == 1:
        ind = "    "
        val = ("\n" + ind).join(lines)
        text = fence(f"apiVersion: v1\nkind: Secret\nmetadata:\n  name: typeb-client-tls\nstringData:\n  tls.key: |\n"
                     f"{ind}-----BEGIN {label}-----\n{ind}{val}\n{ind}-----END {label}-----", "yaml")
        return f"private_key_pem:{label.replace(' ', '_').lower()}:layout1", text, val
    val = "\n".join(lines)
    if layout == 0:
        text = "here's the key for the LDM SFTP upload, rotate after the audit:\n" + fence(f"-----BEGIN {label}-----\n{val}\n-----END {label}-----")
    else:
        text = fence(f"$ cat /etc/typeb/keys/client.key\n-----BEGIN {label}-----\n{val}\n-----END {label}-----")
    return f"private_key_pem:{label.replace(' ', '_').lower()}:layout{layout}", text, val


def p_slack_bot(v):
    return ch([
        ("t0", fence(f"SLACK_BOT_TOKEN={v}\nSLACK_CHANNEL=occ-irrops", "bash")),
        ("t1", fence(f"curl -X POST -H \"Authorization: Bearer {v}\" \\\n  -d channel=occ-irrops -d text=\"{flt()} diverted to {apt()[0]}\" \\\n  https://slack.com/api/chat.postMessage", "bash")),
        ("t2", fence(f"from slack_sdk import WebClient\nclient = WebClient(token=\"{v}\")", "python")),
        ("t3", f"the MVT relay bot token is {v}, it only has chat:write"),
    ])


def p_slack_user(v):
    return ch([
        ("t0", fence(f"SLACK_USER_TOKEN={v}  # used by the channel archiver", "bash")),
        ("t1", f"I used my user token {v} to export #ops-{apt()[0].lower()} history for the audit"),
        ("t2", fence(json.dumps({"slack": {"user_token": v, "scopes": ["channels:history", "files:read"]}}, indent=2), "json")),
    ])


def p_url(v):
    return ch([
        ("t0", fence(f"DATABASE_URL=postgres://crewroster_app:{v}@crew-db-prod.ops.internal:5432/roster", "bash")),
        ("t1", fence(f"mq:\n  url: amqps://typeb_bridge:{v}@mq.typeb-gw.ops.internal:5671/typeb", "yaml")),
        ("t2", f"cache for bagtrack is `redis://:{v}@bagtrack-cache.ops.internal:6379/0`"),
        ("t3", fence(f"MONGO_URI=\"mongodb+srv://ofp_reader:{v}@ofp-cluster.x7k2q.mongodb.net/ofp\"", "bash")),
        ("t4", f"el handling sube los LDM a sftp://ldm_upload:{v}@sftp.gh-partner.net/inbound"),
    ])


def p_ssn(v):
    return ch([
        ("t0", f"new FA hire in the {ch(['ORD', 'ATL', 'SFO', 'BOS'])} base, SSN {v}, please set up payroll before the first pairing"),
        ("t1", fence(f"staff_no,base,rank,ssn\n{staffno()},{ch(['ORD', 'JFK', 'ATL'])},{ch(['FA', 'FO', 'CPT'])},{v}", "csv")),
        ("t2", fence(json.dumps({"staff_no": staffno(), "rank": ch(["FA", "FO"]), "ssn": v, "badge": "SIDA"}, indent=2), "json")),
        ("t3", f"SIDA badge application is stuck, the form has SSN {v} but TSA says mismatch"),
    ])


SINGLE = {"anthropic_api_key": (v_anthropic, p_anthropic), "aws_access_key_id": (v_akid, p_akid),
          "aws_secret_access_key": (v_aws_secret, p_aws_secret), "credit_card": (v_card, p_card),
          "email_address": (v_email, p_email), "github_classic_pat": (v_ghp, p_ghp),
          "github_fine_grained_pat": (v_ghfg, p_ghfg), "iban": (v_iban, p_iban), "ipv4_address": (v_ip, p_ip),
          "jwt": (v_jwt, p_jwt), "openai_api_key": (v_openai, p_openai), "password": (v_password, p_password),
          "phone_number": (v_phone, p_phone), "slack_bot_token": (v_slack_bot, p_slack_bot),
          "slack_user_token": (v_slack_user, p_slack_user), "url_credentials": (v_url_pw, p_url), "us_ssn": (v_ssn, p_ssn)}


def make_single(kind):
    if kind == "private_key_pem":
        label, lines = v_pem()
        ctx, text, val = p_pem(label, lines)
        return text, [(kind, val)], ctx
    vf, tf = SINGLE[kind]
    v = vf()
    t, text = tf(v)
    return text, [(kind, v)], f"{kind}:{t}"


# ----------------------------------------------------------------------------- pair templates
def pair(kinds):
    k = tuple(kinds)
    if k == ("aws_access_key_id", "aws_secret_access_key"):
        a, s = v_akid(), v_aws_secret()
        text = ch([fence(f"[ofp-archive]\naws_access_key_id = {a}\naws_secret_access_key = {s}\nregion = eu-central-1", "ini"),
                   fence(f"export AWS_ACCESS_KEY_ID={a}\nexport AWS_SECRET_ACCESS_KEY={s}\naws s3 sync ./ofp s3://ops-ofp-archive/", "bash"),
                   f"temp creds for the bag-recon export: key `{a}` secret `{s}` — delete after the audit"])
        return text, [("aws_access_key_id", a), ("aws_secret_access_key", s)], "multi:aws_pair"
    if k == ("email_address", "phone_number"):
        e, p = v_email(), v_phone()
        text = ch([f"new station contact for {apt()[0]}: {e} / {p} (H24)",
                   fence(f"station: {apt()[0]}\nhandling_contact:\n  email: {e}\n  phone: \"{p}\"", "yaml"),
                   f"Kontakt Bodenabfertigung {apt()[0]}: {e}, Tel. {p}"])
        return text, [("email_address", e), ("phone_number", p)], "multi:station_contact"
    if k == ("slack_bot_token", "slack_user_token"):
        b, u = v_slack_bot(), v_slack_user()
        text = fence(f"# occ-archiver/.env\nSLACK_BOT_TOKEN={b}\nSLACK_USER_TOKEN={u}\nARCHIVE_CHANNELS=occ-irrops,ops-fra", "bash")
        return text, [("slack_bot_token", b), ("slack_user_token", u)], "multi:slack_pair"
    if k == ("url_credentials", "ipv4_address"):
        pw, ip = v_url_pw(), v_ip()
        text = (f"typeb bridge can't reach the partner MQ, config is `amqps://typeb_bridge:{pw}@mq.partner-typeb.net:5671/typeb` "
                f"and it resolves to {ip} — is that on their allowlist?")
        return text, [("url_credentials", pw), ("ipv4_address", ip)], "multi:mq_url_ip"
    if k == ("password", "ipv4_address"):
        pw, ip = v_password(), v_ip()
        text = fence(f"[ldm_sftp]\nhost = {ip}\nuser = ldm_upload\npassword = {pw}\nremote_dir = /inbound", "ini")
        return text, [("password", pw), ("ipv4_address", ip)], "multi:sftp_ini"
    if k == ("iban", "email_address"):
        ib, e = v_iban(), v_email()
        text = ch([f"Ground handler changed bank details: new IBAN {ib}, remittance advice to {e}. Treasury please verify by phone first.",
                   f"Nouveau RIB du prestataire : {ib}, avis de paiement à {e}"])
        return text, [("iban", ib), ("email_address", e)], "multi:supplier_bank"
    if k == ("credit_card", "email_address"):
        cc, e = v_card(), v_email()
        text = f"agency asked to charge the group deposit to {cc} and send the receipt to {e}"
        return text, [("credit_card", cc), ("email_address", e)], "multi:card_receipt"
    if k == ("jwt", "openai_api_key"):
        j, o = v_jwt(), v_openai()
        text = fence(f"ROSTER_API_TOKEN={j}\nOPENAI_API_KEY={o}\npython roster_digest.py --base {apt()[0]}", "bash")
        return text, [("jwt", j), ("openai_api_key", o)], "multi:digest_env"
    if k == ("anthropic_api_key", "github_fine_grained_pat"):
        a, g = v_anthropic(), v_ghfg()
        text = fence(f"# .github/workflows local test\nANTHROPIC_API_KEY={a}\nGITHUB_TOKEN={g}\nact -j summarise-irrops", "bash")
        return text, [("anthropic_api_key", a), ("github_fine_grained_pat", g)], "multi:ci_local"
    if k == ("github_classic_pat", "private_key_pem"):
        g = v_ghp()
        label, lines = v_pem()
        val = "\n".join(lines)
        text = (f"deploy for acars-router: PAT {g} for the repo, and the deploy key below\n"
                + fence(f"-----BEGIN {label}-----\n{val}\n-----END {label}-----"))
        return text, [("github_classic_pat", g), ("private_key_pem", val)], "multi:deploy_key"
    if k == ("us_ssn", "phone_number"):
        s, p = v_ssn(), v_phone()
        text = f"FA onboarding ({ch(['ORD', 'ATL', 'BOS'])} base): SSN {s}, emergency contact phone {p}. Moving this to the HR ticket now."
        return text, [("us_ssn", s), ("phone_number", p)], "multi:onboarding"
    raise KeyError(k)


PAIRS = ([("aws_access_key_id", "aws_secret_access_key")] * 4 + [("email_address", "phone_number")] * 3
         + [("slack_bot_token", "slack_user_token")] * 2 + [("url_credentials", "ipv4_address")] * 2
         + [("password", "ipv4_address")] * 2 + [("iban", "email_address")] * 2 + [("credit_card", "email_address")]
         + [("jwt", "openai_api_key"), ("anthropic_api_key", "github_fine_grained_pat"),
            ("github_classic_pat", "private_key_pem"), ("us_ssn", "phone_number")])

KINDS = ["anthropic_api_key", "aws_access_key_id", "aws_secret_access_key", "credit_card", "email_address",
         "github_classic_pat", "github_fine_grained_pat", "iban", "ipv4_address", "jwt", "openai_api_key", "password",
         "phone_number", "private_key_pem", "slack_bot_token", "slack_user_token", "url_credentials", "us_ssn"]


def check_value(kind, v):
    if kind == "credit_card":
        d = v.replace(" ", "").replace("-", "")
        assert d.isdigit() and 13 <= len(d) <= 19 and luhn_ok(d), v
    elif kind == "iban":
        assert iban_valid(v), v
    elif kind == "us_ssn":
        a, g, s = re.split(r"[- ]", v)
        assert a not in ("000", "666") and a[0] != "9" and g != "00" and s != "0000", v
    elif kind == "ipv4_address":
        ip = ipaddress.ip_address(v)
        assert ip.is_global and not ip.is_multicast and not ip.is_reserved, v
    elif kind == "jwt":
        h, p, _ = v.split(".")
        for part in (h, p):
            json.loads(base64.urlsafe_b64decode(part + "=" * (-len(part) % 4)))
    elif kind == "private_key_pem":
        base64.b64decode(re.sub(r"\s", "", v), validate=True)
    elif kind == "github_classic_pat":
        rnd, chk = v[4:34], v[34:]
        c = zlib.crc32(rnd.encode()) & 0xffffffff
        s = ""
        while c:
            c, r = divmod(c, 62)
            s = B62[r] + s
        assert s.rjust(6, "0") == chk, v
    elif kind == "aws_access_key_id":
        assert re.fullmatch(r"AKIA[A-Z2-7]{16}", v)
    elif kind == "aws_secret_access_key":
        assert len(v) == 40


def build_positives():
    seq = [KINDS[i % 18] for i in range(170)]
    need = Counter(seq)
    for a, b in PAIRS:
        need[a] -= 1
        need[b] -= 1
    assert all(v >= 0 for v in need.values()), need
    singles = [k for k in KINDS for _ in range(need[k])]
    assert len(singles) == 130 and len(PAIRS) == 20
    jobs = [("single", k) for k in singles] + [("pair", p) for p in PAIRS]
    R.shuffle(jobs)
    recs = []
    seen = set()
    redraws = Counter()
    for typ, k in jobs:
        for _ in range(500):
            text, secrets, ctx = make_single(k) if typ == "single" else pair(k)
            if typ == "single" and R.random() < 0.1:
                text = wrap(text, 1.0, 0.0)
            if text in seen:
                continue
            masked = text
            for _, v in secrets:
                assert v in text, (k, v)
                masked = masked.replace(v, "\u25c6")
            bad = scan(masked)
            if bad:
                for kk, _ in bad:
                    redraws[kk] += 1
                continue
            for kind, v in secrets:
                check_value(kind, v)
            seen.add(text)
            recs.append((text, secrets, ctx))
            break
        else:
            raise RuntimeError(k)
    R.shuffle(recs)
    out = []
    for i, (text, secrets, ctx) in enumerate(recs, 1):
        out.append({"id": f"h{N}p-{i:04d}", "text": text, "secrets": [{"kind": a, "value": b} for a, b in secrets], "context": ctx})
    return out, redraws


# ============================================================================= main
def main():
    neg, stats, nredraws, exceptions = build_negatives()
    pos, predraws = build_positives()
    with open(os.path.join(HERE, f"redaction{N}_negatives.jsonl"), "w", encoding="utf-8", newline="\n") as f:
        for r in neg:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")
    with open(os.path.join(HERE, f"redaction{N}_positives.jsonl"), "w", encoding="utf-8", newline="\n") as f:
        for r in pos:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")
    # ---- summary
    print(f"negatives: {len(neg)}  distinct: {len({r['text'] for r in neg})}")
    for cat, _ in CATS:
        st = stats[cat]
        ls = st["lines"]
        print(f"  {cat:<22} n={st['n']} templates={len(st['tpl'])} lines min/max={min(ls)}/{max(ls)} "
              f"single-line={sum(1 for x in ls if x == 1)} >=10 lines={sum(1 for x in ls if x >= 10)}")
    for cat, _ in CATS:
        print("   ", cat, dict(stats[cat]["tc"].most_common()))
    allls = [x for st in stats.values() for x in st["lines"]]
    print(f"  all: single-line={sum(1 for x in allls if x == 1)} >=10={sum(1 for x in allls if x >= 10)} >=20={sum(1 for x in allls if x >= 20)} max={max(allls)}")
    print("negative redraws by reason:", dict(sorted(nredraws.items())))
    print("allowed scanner hits in final negatives (documented exceptions):")
    for (k, v), n in sorted(exceptions.items()):
        print(f"  {k}: {v} x{n}")
    kc = Counter(s["kind"] for r in pos for s in r["secrets"])
    print(f"positives: {len(pos)} texts, {sum(kc.values())} secrets, two-secret texts: {sum(1 for r in pos if len(r['secrets']) == 2)}")
    for k in KINDS:
        print(f"  {k:<24} {kc[k]}")
    print("positive redraws by reason:", dict(sorted(predraws.items())))
    # re-scan final negatives
    for r in neg:
        assert not blocking(scan(r["text"])), r["id"]


if __name__ == "__main__":
    main()
