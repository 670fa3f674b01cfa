#!/usr/bin/env python3
"""Held-out redaction corpus #31 (theme: a hospital clinical-IT / integration team's Slack).

Standard library only. Seeded with random.Random(3131); two runs give byte-identical output.
Writes redaction31_negatives.jsonl and redaction31_positives.jsonl next to this file, runs a
built-in scanner over both (negatives: nothing secret/PII-shaped may be present except the
documented public examples; positives: nothing beyond the labelled values), and prints stats.

All clinical data is fictional: test patients (ZZTEST / QA phantom), no person names at all,
invented facility codes, invented vendors, random identifiers.
"""
import base64
import datetime as _dt
import hashlib
import ipaddress
import json
import os
import random
import re
import struct
import sys
import uuid
import zlib
from collections import Counter, defaultdict

SEED = 3131
N = 31
R = random.Random(SEED)
HERE = os.path.dirname(os.path.abspath(__file__))

# ----------------------------------------------------------------------------------------------
# small random helpers
# ----------------------------------------------------------------------------------------------
B62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
B64URL = B62 + "-_"
B64STD = B62 + "+/"
HEX = "0123456789abcdef"
UPPER = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
J = "\n".join


def pick(seq):
    return R.choice(seq)


def rs(alpha, n):
    return "".join(R.choice(alpha) for _ in range(n))


def hexs(n):
    return rs(HEX, n)


def HEXs(n):
    return rs(HEX.upper(), n)


def digits(n, lead_nonzero=False):
    s = rs("0123456789", n)
    if lead_nonzero and s[0] == "0":
        s = str(R.randint(1, 9)) + s[1:]
    return s


def luhn_ok(s):
    tot = 0
    for i, ch in enumerate(reversed(s)):
        d = ord(ch) - 48
        if i % 2 == 1:
            d *= 2
            if d > 9:
                d -= 9
        tot += d
    return tot % 10 == 0


def nl_digits(n, lead_nonzero=False):
    """Random digit string that is never a Luhn-valid 13-19 digit run."""
    while True:
        s = digits(n, lead_nonzero)
        if not (13 <= len(s) <= 19 and luhn_ok(s)):
            return s


def uuid4():
    return str(uuid.UUID(int=R.getrandbits(128), version=4))


def uuid7(ms=None):
    if ms is None:
        ms = R.randint(1735689600000, 1767225599000)
    v = (ms << 80) | (0x7 << 76) | (R.getrandbits(12) << 64) | (0b10 << 62) | R.getrandbits(62)
    h = "%032x" % v
    return "%s-%s-%s-%s-%s" % (h[:8], h[8:12], h[12:16], h[16:20], h[20:])


CROCK = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"


def ulid():
    ms = R.randint(1735689600000, 1767225599000)
    t = ""
    for _ in range(10):
        t = CROCK[ms % 32] + t
        ms //= 32
    return t + rs(CROCK, 16)


BASE_DT = _dt.datetime(2025, 1, 6, 0, 0, 0)


def rdt():
    return BASE_DT + _dt.timedelta(seconds=R.randint(0, 420 * 86400))


def hl7ts(d=None, secs=True, tz=None):
    """HL7 TS that never forms a Luhn-valid 13-19 digit run (also joined with a -hhmm offset)."""
    while True:
        dd = d or rdt()
        s = dd.strftime("%Y%m%d%H%M%S" if secs else "%Y%m%d%H%M")
        z = tz if tz is not None else ""
        bad = (13 <= len(s) <= 19 and luhn_ok(s))
        if z.startswith("-"):
            bad = bad or luhn_ok(s + z[1:])
        if not bad:
            return s + z
        d = None
        secs = True


def logts(d=None):
    d = d or rdt()
    return d.strftime("%Y-%m-%d %H:%M:%S") + ",%03d" % R.randint(0, 999)


def iso(d=None, ms=True, z=True):
    d = d or rdt()
    s = d.strftime("%Y-%m-%dT%H:%M:%S")
    if ms:
        s += ".%03d" % R.randint(0, 999)
    return s + ("Z" if z else "")


def epoch_ms(d=None):
    while True:
        d = d or rdt()
        v = str(int((d - _dt.datetime(1970, 1, 1)).total_seconds()) * 1000 + R.randint(0, 999))
        if not luhn_ok(v):
            return v
        d = None


def b64(b):
    return base64.b64encode(b).decode()


def b64u(b):
    return base64.urlsafe_b64encode(b).decode().rstrip("=")


def wrap(s, n=64):
    return [s[i:i + n] for i in range(0, len(s), n)]


def thousands(n, sep=","):
    return "{:,}".format(n).replace(",", sep)


# ----------------------------------------------------------------------------------------------
# theme vocabulary (all invented; no person names anywhere)
# ----------------------------------------------------------------------------------------------
FAC = ["NRH", "NRH-E", "RVMC", "WCH", "NBH", "LKS"]
WARDS = ["4W", "5E", "6N", "ICU2", "CCU", "MAT3", "PED1", "ONC6", "ED", "NICU", "SDU3", "ORTH2", "REHAB1", "CARD4", "NEURO5", "PACU"]
AETS = ["NRH_CT2", "NRH_MR1", "PACS_ARCH", "VNA_QR", "US_L3", "CR_ED1", "DX_PORT2", "MG_BRST1", "NM_SPECT", "WS_READ07",
        "CT_ED_SOMA", "MR3T_NORTH", "FLUORO_4", "PETCT_1", "ORTHANC_TST", "DCM4CHEE", "ROUTER_01"]
MODS = ["CT", "MR", "CR", "DX", "US", "MG", "NM", "PT", "XA", "RF"]
CHANNELS = ["ADT_IN_EHR", "ORM_TO_RIS", "ORU_FROM_LIS", "MDM_TRANSCRIPTION", "SIU_SCHED_OUT", "RDE_PHARM_OUT",
            "VXU_TO_REGISTRY", "ORU_RAD_TO_EHR", "DFT_CHARGES", "ADT_TO_DIETARY", "MFN_STAFF_SYNC",
            "ORU_POCT_GLUCOSE", "BAR_PROFEE", "ADT_TO_BEDBOARD", "ORM_REFLAB_OUT", "ORU_REFLAB_IN",
            "RAS_MAR_IN", "ADT_TO_NURSECALL", "FHIR_SUBSCRIPTION_OUT", "DICOM_MWL_FEED"]
HOSTS = ["iface-prd-01.nrh.local", "iface-prd-02.nrh.local", "mirth-tst-02.nrh.local", "pacs-arch-01.nrh.local",
         "fhir-prd.nrh.internal", "fhir-tst.nrh.internal", "lis-gw01.nrh.local", "ris-app03.nrh.local",
         "vna-qr-02.nrh.local", "sqlprd03.nrh.local", "bedboard-app01.nrh.local", "rx-iface-01.nrh.local"]
APPS = ["EHR", "LIS", "RIS", "PACS", "PHARM", "BEDMGMT", "DIETARY", "ADT", "POCT", "REFLAB", "NURSECALL", "TRANSCR"]
VENDORS = ["Corvalis Lab Systems", "Orbis Imaging", "Medilink Integration", "Tessera Health IT", "Quillon Diagnostics",
           "Halcyon PACS", "Veridian Pumps", "Northgate Reference Lab", "Kestrel Devices", "Auralis Dictation"]
ANALYZERS = [("HX-900", "hematology"), ("CX-4 Pro", "chemistry"), ("IMX-2", "immunoassay"), ("UA-Flow 3", "urinalysis"),
             ("COAG-7", "coagulation"), ("BG-Point", "blood gas"), ("GLU-Mini", "POC glucose")]
LOINC = [("2345-7", "Glucose", "mg/dL", "70-99", 60, 220), ("718-7", "Hemoglobin", "g/dL", "12.0-16.0", 8, 18),
         ("6690-2", "WBC", "10*3/uL", "4.0-11.0", 2, 19), ("2160-0", "Creatinine", "mg/dL", "0.6-1.3", 0.4, 3.5),
         ("2951-2", "Sodium", "mmol/L", "135-145", 126, 150), ("2823-3", "Potassium", "mmol/L", "3.5-5.1", 2.9, 6.2),
         ("777-3", "Platelets", "10*3/uL", "150-400", 80, 520), ("4548-4", "HbA1c", "%", "4.0-5.6", 4.5, 11),
         ("1920-8", "AST", "U/L", "10-40", 8, 160), ("1742-6", "ALT", "U/L", "7-56", 5, 190),
         ("2075-0", "Chloride", "mmol/L", "98-107", 92, 112), ("3094-0", "BUN", "mg/dL", "7-20", 4, 60),
         ("6301-6", "INR", "", "0.8-1.2", 0.8, 4.2), ("2524-7", "Lactate", "mmol/L", "0.5-2.2", 0.4, 7.5)]
MEDS = [("acetaminophen 325 mg tablet", "313782", "N02BE01"), ("metformin 500 mg tablet", "861007", "A10BA02"),
        ("lisinopril 10 mg tablet", "314076", "C09AA03"), ("atorvastatin 20 mg tablet", "617310", "C10AA05"),
        ("heparin 5,000 unit/mL inj", "1361615", "B01AB01"), ("ceftriaxone 1 g vial", "1665021", "J01DD04"),
        ("ondansetron 4 mg ODT", "312086", "A04AA01"), ("pantoprazole 40 mg DR tablet", "314200", "A02BC02"),
        ("furosemide 40 mg tablet", "313988", "C03CA01"), ("amoxicillin 500 mg capsule", "308191", "J01CA04"),
        ("insulin glargine 100 unit/mL pen", "847232", "A10AE04"), ("enoxaparin 40 mg/0.4 mL syringe", "854235", "B01AB05"),
        ("vancomycin 1 g vial", "1807510", "J01XA01"), ("morphine 2 mg/mL inj", "1732136", "N02AA01"),
        ("potassium chloride 20 mEq ER tablet", "628958", "A12BA01"), ("apixaban 5 mg tablet", "1364445", "B01AF02")]
DX = [("I10", "38341003", "Essential hypertension"), ("E11.9", "44054006", "Type 2 diabetes mellitus"),
      ("I21.4", "401314000", "NSTEMI"), ("J45.909", "195967001", "Asthma"), ("J18.9", "233604007", "Pneumonia"),
      ("D64.9", "271737000", "Anemia"), ("I50.9", "84114007", "Heart failure"), ("J44.9", "13645005", "COPD"),
      ("I48.91", "49436004", "Atrial fibrillation"), ("N17.9", "14669001", "Acute kidney injury"),
      ("A41.9", "91302008", "Sepsis"), ("K35.80", "85189001", "Acute appendicitis"), ("S72.001A", "5913000", "Fracture of neck of femur")]
CPT = [("71046", "XR chest 2 views"), ("74177", "CT abd/pelvis w contrast"), ("70450", "CT head w/o contrast"),
       ("70553", "MRI brain w/o & w contrast"), ("76700", "US abdomen complete"), ("77067", "Screening mammo bilat"),
       ("85025", "CBC w auto diff"), ("80053", "Comprehensive metabolic panel"), ("83036", "Hemoglobin A1c"), ("93005", "ECG tracing")]
UID_ROOTS = ["1.2.826.0.1.3680043.10.543", "1.3.6.1.4.1.5962.99.1", "1.2.840.113619.2.55.3", "1.3.12.2.1107.5.1.4",
             "1.2.392.200036.9116.2.6.1.48", "1.2.840.113704.7.32.0", "1.3.46.670589.11.0.0.11.4"]
SOP_CLASSES = [("1.2.840.10008.5.1.4.1.1.2", "CTImageStorage"), ("1.2.840.10008.5.1.4.1.1.4", "MRImageStorage"),
               ("1.2.840.10008.5.1.4.1.1.1.1", "DigitalXRayImageStorageForPresentation"),
               ("1.2.840.10008.5.1.4.1.1.6.1", "UltrasoundImageStorage"), ("1.2.840.10008.5.1.4.1.1.7", "SecondaryCaptureImageStorage"),
               ("1.2.840.10008.5.1.4.1.1.88.22", "EnhancedSRStorage"), ("1.2.840.10008.5.1.4.1.1.1.2", "DigitalMammographyXRayImageStorageForPresentation")]
TSYNTAX = [("1.2.840.10008.1.2", "ImplicitVRLittleEndian"), ("1.2.840.10008.1.2.1", "ExplicitVRLittleEndian"),
           ("1.2.840.10008.1.2.4.70", "JPEGLossless"), ("1.2.840.10008.1.2.4.90", "JPEG2000Lossless"),
           ("1.2.840.10008.1.2.5", "RLELossless")]


def uid(root=None):
    root = root or pick(UID_ROOTS)
    style = R.randint(0, 2)
    if style == 0:
        return "2.25." + str(R.getrandbits(125) | (1 << 124))
    if style == 1:
        s = "%s.%s.%d.%d" % (root, nl_digits(R.randint(13, 16), True), R.randint(1, 9999), R.randint(1, 999))
    else:
        s = "%s.%d.%s.%d" % (root, R.randint(1, 99), hl7ts(), R.randint(1, 99999))
    return s[:64].rstrip(".")


def accession():
    style = R.randint(0, 3)
    if style == 0:
        return "%s%s" % (pick(MODS), nl_digits(R.randint(8, 10)))
    if style == 1:
        return "A%s-%s" % (R.randint(24, 26), nl_digits(7))
    if style == 2:
        return "RAD%s" % nl_digits(9)
    return "%s%s%s" % (pick(FAC).replace("-", ""), R.randint(24, 26), nl_digits(7))


def test_mrn():
    return "990" + digits(5)


def order_no():
    return pick(["ORD", "ORM", "PL", "OR"]) + nl_digits(R.randint(8, 10))


def bed():
    return "%s-%02d%s" % (pick(WARDS), R.randint(1, 32), pick(["A", "B", ""]))


def ndc11():
    return "%s-%s-%s" % (digits(5), digits(4), digits(2))


def priv_ip():
    k = R.randint(0, 2)
    if k == 0:
        return "10.%d.%d.%d" % (R.randint(0, 255), R.randint(0, 255), R.randint(2, 254))
    if k == 1:
        return "172.%d.%d.%d" % (R.randint(16, 31), R.randint(0, 255), R.randint(2, 254))
    return "192.168.%d.%d" % (R.randint(0, 255), R.randint(2, 254))


def doc_ip():
    return "%s.%d" % (pick(["192.0.2", "198.51.100", "203.0.113"]), R.randint(1, 254))


def inc():
    return pick(["INC", "CHG", "RITM", "PRB", "TASK"]) + digits(7)


def jira():
    return "%s-%d" % (pick(["EHRBLD", "IFACE", "PACS", "LISB", "RXINT", "FHIR", "CLINIT"]), R.randint(100, 9999))


def test_pid(seq=1, mrn=None):
    mrn = mrn or test_mrn()
    sex = pick(["F", "M", "U"])
    return "PID|%d||%s^^^%s^MR||ZZTEST^%s||19000101|%s|||^^TESTVILLE^^00000||||||||%s" % (
        seq, mrn, pick(FAC).replace("-", ""), pick(["ALPHA", "BRAVO", "PHANTOM", "INTERFACE", "QA", "DUMMY", "ONE", "TWO"]), sex,
        pick(["", "", "***-**-****", ""]))


def msh(typ, app_from=None, app_to=None, ver="2.5.1"):
    return "MSH|^~\\&|%s|%s|%s|%s|%s||%s|%s|%s|%s" % (
        app_from or pick(APPS), pick(FAC).replace("-", ""), app_to or pick(APPS), pick(FAC).replace("-", ""), hl7ts(),
        typ, pick(["", "MSG", "Q", "C"]) + nl_digits(R.randint(8, 12)), pick(["P", "T"]), ver)


LANG_LEADIN = ["fyi ", "FYI: ", "heads up - ", "quick one: ", "from last night's on-call: ", "Zur Info: ", "Kurz zur Info: ",
               "Pour info : ", "Pour mémoire : ", "Para que conste: ", "Ojo: ", "Só para registrar: ", "Ter info: ",
               "Per info: ", "Dla porządku: ", "メモ: ", "参考まで: ", "供参考：", "备注：", "К сведению: ", "참고: ",
               "للعلم: ", "Till info: ", "Bilgi için: ", "जानकारी के लिए: ", "re the 2am page: "]
LANG_TRAIL = [" - thoughts?", "\n\nthx", " 🙏", "\nDanke!", "\nmerci d'avance", "\ngracias", "\nありがとうございます",
              "\n谢谢", "\nспасибо", "\n감사합니다", "\nشكرا", "\ndzięki", "\nobrigado", "\ngrazie", "\nbedankt",
              "\n(cc #clin-iface-oncall)", " - will update the ticket", "\ntack!", " :eyes:", " :white_check_mark:"]


def decorate(text, p_lead=0.15, p_trail=0.08):
    if R.random() < p_lead:
        lead = pick(LANG_LEADIN)
        text = (lead.rstrip() + "\n" if text.startswith("```") else lead) + text
    if R.random() < p_trail:
        text = text + pick(LANG_TRAIL)
    return text


def fence(body, lang=""):
    return "```%s\n%s\n```" % (lang, body)


# ----------------------------------------------------------------------------------------------
# the scanner
# ----------------------------------------------------------------------------------------------
EMAIL_RE = re.compile(r"[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}")
IPV4_RE = re.compile(r"(?<!\d)(?<!\d\.)(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})(?!\d|\.\d)")
DIGIT_GROUPS_RE = re.compile(r"\d+(?:[ -]\d+)*")
SSN_RE = re.compile(r"(?<!\d)\d{3}[- ]\d{2}[- ]\d{4}(?!\d)")
PHONE_RES = [re.compile(r"\+\d[\d ().\-/]{7,}\d"),
             re.compile(r"(?<![\d\w])\(\d{3}\)\s?\d{3}[-. ]\d{4}(?!\d)"),
             re.compile(r"(?<![\d\w.-])\d{3}[-.]\d{3}[-.]\d{4}(?![\d-])"),
             re.compile(r"(?<![\w.+-])0\d{1,4}[ /-]\d{3,4}[ -]?\d{3,4}(?![\d-])")]
TOKEN_RES = [("github", re.compile(r"gh[pousr]_[A-Za-z0-9]{20,}")),
             ("github_pat", re.compile(r"github_pat_[A-Za-z0-9_]{20,}")),
             ("slack", re.compile(r"xox[abposer]-\d{6,}-[A-Za-z0-9-]{8,}")),
             ("openai_or_anthropic", re.compile(r"sk-[A-Za-z0-9_-]{20,}")),
             ("aws_key_id", re.compile(r"(?<![A-Z0-9])(?:AKIA|ASIA|AGPA|AIDA|AROA)[A-Z0-9]{16}(?![A-Z0-9])")),
             ("jwt", re.compile(r"eyJ[A-Za-z0-9_-]+\.eyJ[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*")),
             ("google", re.compile(r"AIza[0-9A-Za-z_-]{35}")),
             ("gitlab", re.compile(r"glpat-[A-Za-z0-9_-]{20}")),
             ("stripe_live", re.compile(r"[sr]k_live_[A-Za-z0-9]{16,}")),
             ("slack_webhook", re.compile(r"hooks\.slack\.com/services/T[A-Z0-9]{8,}/B[A-Z0-9]{8,}/[A-Za-z0-9]{20,}"))]
PEM_RE = re.compile(r"-----BEGIN ([A-Z0-9 ]*)PRIVATE KEY( BLOCK)?-----(.*?)-----END", re.S)
IBAN_CC = set("AD AE AL AT AZ BA BE BG BH BR BY CH CR CY CZ DE DK DO EE EG ES FI FO FR GB GE GI GL GR GT HR HU IE IL IQ IS "
              "IT JO KW KZ LB LC LI LT LU LV MC MD ME MK MR MT MU NL NO PK PL PS PT QA RO RS SA SC SE SI SK SM ST SV TL TN "
              "TR UA VA VG XK".split())
IBAN_RE = re.compile(r"(?<![A-Za-z0-9])([A-Z]{2}\d{2}(?: ?[A-Z0-9]){11,30})")

# documented public examples that negatives may contain (see README)
ALLOWED_AWS = {"AKIAIOSFODNN7EXAMPLE"}
ALLOWED_LUHN = {"4242424242424242"}
ALLOWED_IBAN = {"DE89370400440532013000", "GB82WEST12345698765432"}
ALLOWED_SLACK_HOOK = "hooks.slack.com/services/T00000000/B00000000/XXXXXXXXXXXXXXXXXXXXXXXX"


def iban_valid(s):
    s = s.replace(" ", "")
    if len(s) < 15 or len(s) > 34 or s[:2] not in IBAN_CC or not s[2:4].isdigit():
        return False
    r = s[4:] + s[:4]
    num = "".join(str(int(c, 36)) for c in r)
    return int(num) % 97 == 1


def is_public_ip(a):
    ip = ipaddress.IPv4Address(a)
    return ip.is_global and not ip.is_multicast and not ip.is_reserved and not ip.is_unspecified


def scan(text):
    """Return a list of (rule, match) findings. Used for negatives and (after removing labelled values) positives."""
    out = []
    for m in EMAIL_RE.finditer(text):
        out.append(("email", m.group()))
    for m in IPV4_RE.finditer(text):
        octs = [int(x) for x in m.groups()]
        if all(o <= 255 for o in octs):
            a = ".".join(map(str, octs))
            if is_public_ip(a):
                out.append(("public_ipv4", m.group()))
    for m in DIGIT_GROUPS_RE.finditer(text):
        groups = re.split(r"[ -]", m.group())
        for i in range(len(groups)):
            acc = ""
            for j in range(i, len(groups)):
                acc += groups[j]
                if len(acc) > 19:
                    break
                if 13 <= len(acc) <= 19 and luhn_ok(acc) and acc not in ALLOWED_LUHN:
                    out.append(("luhn", acc))
    for m in SSN_RE.finditer(text):
        out.append(("ssn_shape", m.group()))
    for rx in PHONE_RES:
        for m in rx.finditer(text):
            if sum(c.isdigit() for c in m.group()) >= 8:
                out.append(("phone_shape", m.group()))
    for name, rx in TOKEN_RES:
        for m in rx.finditer(text):
            v = m.group()
            if name == "aws_key_id" and (v in ALLOWED_AWS or "EXAMPLE" in v):
                continue
            if name == "slack_webhook" and v == ALLOWED_SLACK_HOOK:
                continue
            out.append((name, v))
    for m in PEM_RE.finditer(text):
        body = re.sub(r"(\\n|\\r|\s|\")", "", m.group(3))
        if re.search(r"[A-Za-z0-9+/]{40,}", body):
            out.append(("pem_private_key", m.group(1) + "PRIVATE KEY"))
    for m in IBAN_RE.finditer(text):
        cand = m.group(1).replace(" ", "")
        for L in range(15, min(34, len(cand)) + 1):
            if iban_valid(cand[:L]) and cand[:L] not in ALLOWED_IBAN:
                out.append(("iban", cand[:L]))
                break
    return out


def allowed_examples(text):
    """Which documented exceptions a negative uses (for the stats / README)."""
    ex = []
    for a in ALLOWED_AWS:
        if a in text:
            ex.append(a)
    if re.search(r"4242[ -]?4242[ -]?4242[ -]?4242", text):
        ex.append("4242424242424242")
    for i in ALLOWED_IBAN:
        if i in text.replace(" ", ""):
            ex.append(i)
    if ALLOWED_SLACK_HOOK in text:
        ex.append("slack example webhook")
    return ex


# ----------------------------------------------------------------------------------------------
# harmless real bytes for data URIs / base64 blobs
# ----------------------------------------------------------------------------------------------
def png_bytes(w=None, h=None):
    w = w or R.randint(1, 12)
    h = h or R.randint(1, 12)
    base = (R.randint(0, 255), R.randint(0, 255), R.randint(0, 255))
    raw = b""
    for y in range(h):
        row = b"\x00"
        for x in range(w):
            row += bytes(((base[0] + 9 * x) % 256, (base[1] + 7 * y) % 256, base[2]))
        raw += row

    def chunk(t, d):
        return struct.pack(">I", len(d)) + t + d + struct.pack(">I", zlib.crc32(t + d) & 0xFFFFFFFF)

    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0)) +
            chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b""))


def gif_bytes():
    c = bytes(R.randint(0, 255) for _ in range(3))
    return (b"GIF89a\x01\x00\x01\x00\x80\x00\x00" + c + b"\xff\xff\xff" + b"!\xf9\x04\x01\x00\x00\x00\x00" +
            b",\x00\x00\x00\x00\x01\x00\x01\x00\x00\x02\x02D\x01\x00;")


def pdf_bytes():
    title = pick(["Interface test - discharge summary placeholder", "TEST ONLY radiology report template",
                  "Lab requisition sample (no patient data)", "Consent form layout check v%d" % R.randint(2, 9),
                  "MDM T02 attachment smoke test"])
    stream = "BT /F1 12 Tf 72 720 Td (%s) Tj ET" % title
    objs = ["<< /Type /Catalog /Pages 2 0 R >>", "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
            "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
            "<< /Length %d >>\nstream\n%s\nendstream" % (len(stream), stream),
            "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>"]
    out = "%PDF-1.4\n"
    offs = []
    for i, o in enumerate(objs, 1):
        offs.append(len(out))
        out += "%d 0 obj\n%s\nendobj\n" % (i, o)
    x = len(out)
    out += "xref\n0 %d\n0000000000 65535 f \n" % (len(objs) + 1)
    for o in offs:
        out += "%010d 00000 n \n" % o
    out += "trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (len(objs) + 1, x)
    return out.encode()


def svg_text():
    col = "#%s" % hexs(6)
    shape = pick(['<circle cx="8" cy="8" r="6" fill="%s"/>' % col,
                  '<path d="M2 8h12M8 2v12" stroke="%s" stroke-width="3"/>' % col,
                  '<rect x="1" y="1" width="14" height="14" rx="3" fill="%s"/>' % col,
                  '<path d="M1 5l7 5 7-5v8H1z" fill="%s"/>' % col,
                  '<polygon points="8,1 15,15 1,15" fill="%s"/>' % col])
    return '<svg xmlns="http://www.w3.org/2000/svg" width="16" height="16" viewBox="0 0 16 16">%s</svg>' % shape


def dicom_part10_bytes():
    sop_cls = pick(SOP_CLASSES)[0]
    sop_inst = uid()
    ts = "1.2.840.10008.1.2.1"

    def el(g, e, vr, val):
        if len(val) % 2:
            val += b"\x00" if vr in ("UI", "OB") else b" "
        if vr in ("OB",):
            return struct.pack("<HH", g, e) + vr.encode() + b"\x00\x00" + struct.pack("<I", len(val)) + val
        return struct.pack("<HH", g, e) + vr.encode() + struct.pack("<H", len(val)) + val

    meta = (el(2, 1, "OB", b"\x00\x01") + el(2, 2, "UI", sop_cls.encode()) + el(2, 3, "UI", sop_inst.encode()) +
            el(2, 0x10, "UI", ts.encode()) + el(2, 0x12, "UI", b"1.2.826.0.1.3680043.2.1143.107.104.103.115"))
    grp = struct.pack("<HH", 2, 0) + b"UL" + struct.pack("<H", 4) + struct.pack("<I", len(meta))
    body = el(8, 0x60, "CS", pick(MODS).encode()) + el(0x10, 0x10, "PN", b"QA^PHANTOM")
    return b"\x00" * 128 + b"DICM" + grp + meta + body


def wav_bytes():
    n = R.randint(40, 90)
    period = R.randint(8, 20)
    samples = b"".join(struct.pack("<h", int(((i % period) - period // 2) * 900)) for i in range(n))
    fmt = struct.pack("<HHIIHH", 1, 1, 8000, 16000, 2, 16)
    return b"RIFF" + struct.pack("<I", 36 + len(samples)) + b"WAVE" + b"fmt " + struct.pack("<I", 16) + fmt + b"data" + struct.pack("<I", len(samples)) + samples


def jpeg_head():
    q = bytes(max(1, min(255, 2 + i // 2 + R.randint(0, 3))) for i in range(64))
    return (b"\xff\xd8\xff\xe0\x00\x10JFIF\x00\x01\x01\x01\x00H\x00H\x00\x00" + b"\xff\xdb\x00C\x00" + q +
            b"\xff\xc0\x00\x11\x08\x00\x10\x00\x10\x03\x01\x22\x00\x02\x11\x01\x03\x11\x01")


def woff2_head():
    return b"wOF2" + b"\x00\x01\x00\x00" + struct.pack(">I", R.randint(900, 4000)) + struct.pack(">HH", R.randint(8, 14), 0) + bytes(R.randint(0, 255) for _ in range(24))


def trunc_b64(s, keep=None):
    keep = keep or R.randint(40, 90)
    if len(s) <= keep + 10:
        return s
    return s[:keep] + pick(["…", "...", "…[%d more chars]" % (len(s) - keep), "... (truncated)"])


# ----------------------------------------------------------------------------------------------
# key material / token builders (positives)
# ----------------------------------------------------------------------------------------------
def der_len(n):
    if n < 0x80:
        return bytes([n])
    b = n.to_bytes((n.bit_length() + 7) // 8, "big")
    return bytes([0x80 | len(b)]) + b


def der(tag, body):
    return bytes([tag]) + der_len(len(body)) + body


def der_int(x):
    b = x.to_bytes(max(1, (x.bit_length() + 7) // 8), "big")
    if b[0] & 0x80:
        b = b"\x00" + b
    return der(0x02, b)


def is_probable_prime(n):
    if n < 2:
        return False
    for p in (3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47, 53, 59, 61, 67, 71, 73, 79, 83, 89, 97):
        if n % p == 0:
            return n == p
    d, s = n - 1, 0
    while d % 2 == 0:
        d //= 2
        s += 1
    for _ in range(12):
        a = R.randrange(2, n - 2)
        x = pow(a, d, n)
        if x in (1, n - 1):
            continue
        for _ in range(s - 1):
            x = pow(x, 2, n)
            if x == n - 1:
                break
        else:
            return False
    return True


def rand_prime(bits):
    while True:
        c = R.getrandbits(bits) | (1 << (bits - 1)) | (1 << (bits - 2)) | 1
        if is_probable_prime(c):
            return c


def rsa_pkcs1(bits):
    e = 65537
    while True:
        p, q = rand_prime(bits // 2), rand_prime(bits // 2)
        phi = (p - 1) * (q - 1)
        if p != q and phi % e:
            break
    n = p * q
    d = pow(e, -1, phi)
    body = b"".join(der_int(x) for x in (0, n, e, d, p, q, d % (p - 1), d % (q - 1), pow(q, -1, p)))
    return der(0x30, body)


P256_P = 2 ** 256 - 2 ** 224 + 2 ** 192 + 2 ** 96 - 1
P256_N = 0xFFFFFFFF00000000FFFFFFFFFFFFFFFFBCE6FAADA7179E84F3B9CAC2FC632551
P256_G = (0x6B17D1F2E12C4247F8BCE6E563A440F277037D812DEB33A0F4A13945D898C296,
          0x4FE342E2FE1A7F9B8EE7EB4A7C0F9E162BCE33576B315ECECBB6406837BF51F5)


def ec_add(P, Q):
    if P is None:
        return Q
    if Q is None:
        return P
    if P[0] == Q[0] and (P[1] + Q[1]) % P256_P == 0:
        return None
    if P == Q:
        lam = (3 * P[0] * P[0] - 3) * pow(2 * P[1], -1, P256_P) % P256_P
    else:
        lam = (Q[1] - P[1]) * pow(Q[0] - P[0], -1, P256_P) % P256_P
    x = (lam * lam - P[0] - Q[0]) % P256_P
    return (x, (lam * (P[0] - x) - P[1]) % P256_P)


def ec_mul(k, P):
    Rp = None
    while k:
        if k & 1:
            Rp = ec_add(Rp, P)
        P = ec_add(P, P)
        k >>= 1
    return Rp


def ec_sec1():
    d = R.randrange(1, P256_N)
    X, Y = ec_mul(d, P256_G)
    pub = b"\x04" + X.to_bytes(32, "big") + Y.to_bytes(32, "big")
    body = (der_int(1) + der(0x04, d.to_bytes(32, "big")) + der(0xA0, bytes.fromhex("06082a8648ce3d030107")) +
            der(0xA1, der(0x03, b"\x00" + pub)))
    return der(0x30, body)


def ed25519_pkcs8():
    return bytes.fromhex("302e020100300506032b657004220420") + bytes(R.getrandbits(8) for _ in range(32))


def openssh_ed25519(comment):
    def sstr(b):
        return struct.pack(">I", len(b)) + b
    pk = bytes(R.getrandbits(8) for _ in range(32))
    seed = bytes(R.getrandbits(8) for _ in range(32))
    pub = sstr(b"ssh-ed25519") + sstr(pk)
    chk = R.getrandbits(32)
    priv = struct.pack(">II", chk, chk) + sstr(b"ssh-ed25519") + sstr(pk) + sstr(seed + pk) + sstr(comment.encode())
    i = 1
    while len(priv) % 8:
        priv += bytes([i])
        i += 1
    return b"openssh-key-v1\x00" + sstr(b"none") + sstr(b"none") + sstr(b"") + struct.pack(">I", 1) + sstr(pub) + sstr(priv)


def pem_key(kind):
    """Return (label, [body lines])."""
    if kind == "ec":
        return "EC PRIVATE KEY", wrap(b64(ec_sec1()), 64)
    if kind == "ed25519":
        return "PRIVATE KEY", wrap(b64(ed25519_pkcs8()), 64)
    if kind == "rsa":
        return "RSA PRIVATE KEY", wrap(b64(rsa_pkcs1(pick([1024, 2048]))), 64)
    if kind == "rsa8":
        inner = rsa_pkcs1(1024)
        body = der_int(0) + der(0x30, bytes.fromhex("06092a864886f70d0101010500")) + der(0x04, inner)
        return "PRIVATE KEY", wrap(b64(der(0x30, body)), 64)
    return "OPENSSH PRIVATE KEY", wrap(b64(openssh_ed25519(pick(["svc-sftp@lis-gw01", "mirth@iface-prd-01", "reflab-out@iface-prd-02", "dicom-router@vna-qr-02"]))), 70)


def b62_encode(n, width):
    s = ""
    while n:
        s = B62[n % 62] + s
        n //= 62
    return s.rjust(width, "0")


def gh_classic():
    body = rs(B62, 30)
    return "ghp_" + body + b62_encode(zlib.crc32(body.encode()) & 0xFFFFFFFF, 6)


def gh_fine():
    return "github_pat_11" + rs("ABCDEFGHIJKLMNOPQRSTUVWXYZ0234567", 20) + "_" + rs(B62, 59)


def slack_bot():
    return "xoxb-%s-%s-%s" % (digits(R.randint(10, 12), True), digits(13, True), rs(B62, 24))


def slack_user():
    return "xoxp-%s-%s-%s-%s" % (digits(R.randint(10, 12), True), digits(R.randint(10, 12), True), digits(13, True), hexs(32))


def openai_key():
    k = R.randint(0, 2)
    if k == 0:
        return "sk-proj-" + rs(B64URL, 74) + "T3BlbkFJ" + rs(B64URL, 74)
    if k == 1:
        return "sk-" + rs(B62, 20) + "T3BlbkFJ" + rs(B62, 20)
    return "sk-svcacct-" + rs(B64URL, 74) + "T3BlbkFJ" + rs(B64URL, 74)


def anthropic_key():
    return "sk-ant-api03-" + rs(B64URL, 93) + "AA"


def aws_key_id():
    while True:
        v = pick(["AKIA", "AKIA", "AKIA", "ASIA"]) + rs("ABCDEFGHIJKLMNOPQRSTUVWXYZ234567", 16)
        if "EXAMPLE" not in v:
            return v


def aws_secret():
    return rs(B64STD, 40)


def luhn_complete(prefix, length):
    body = prefix + digits(length - len(prefix) - 1)
    for c in "0123456789":
        if luhn_ok(body + c):
            return body + c


def credit_card():
    k = R.randint(0, 3)
    while True:
        if k == 0:
            n = luhn_complete("4" + digits(5), 16)
        elif k == 1:
            n = luhn_complete(str(R.randint(51, 55)) + digits(4), 16)
        elif k == 2:
            n = luhn_complete(pick(["34", "37"]) + digits(4), 15)
        else:
            n = luhn_complete("6011" + digits(2), 16)
        if n not in ALLOWED_LUHN and len(set(n)) > 4:
            break
    style = R.randint(0, 2)
    if style == 0:
        return n
    sep = " " if style == 1 else "-"
    if len(n) == 15:
        return sep.join([n[:4], n[4:10], n[10:]])
    return sep.join(wrap(n, 4))


def iban_make():
    cc = pick(["DE", "GB", "FR", "NL", "CH", "AT", "BE", "ES", "IT", "PL", "IE", "SE"])
    if cc == "DE":
        bban = digits(18)
    elif cc == "GB":
        bban = pick(["NWBK", "BARC", "LOYD", "HBUK", "MIDL"]) + digits(14)
    elif cc == "FR":
        bban = digits(10) + rs(UPPER + "0123456789", 11) + digits(2)
    elif cc == "NL":
        bban = pick(["ABNA", "RABO", "INGB", "TRIO"]) + digits(10)
    elif cc == "CH":
        bban = digits(17)
    elif cc == "AT":
        bban = digits(16)
    elif cc == "BE":
        b = digits(10)
        bban = b + "%02d" % ((int(b) % 97) or 97)
    elif cc == "ES":
        bban = digits(20)
    elif cc == "IT":
        bban = pick(UPPER) + digits(10) + digits(12)
    elif cc == "PL":
        bban = digits(24)
    elif cc == "IE":
        bban = pick(["AIBK", "BOFI"]) + digits(14)
    else:
        bban = digits(20)
    num = "".join(str(int(c, 36)) for c in bban + cc + "00")
    chk = 98 - int(num) % 97
    ib = "%s%02d%s" % (cc, chk, bban)
    assert iban_valid(ib)
    if ib in ALLOWED_IBAN:
        return iban_make()
    if R.random() < 0.5:
        return " ".join(wrap(ib, 4))
    return ib


def us_ssn():
    while True:
        a = R.randint(1, 899)
        if a != 666:
            break
    return "%03d-%02d-%04d" % (a, R.randint(1, 99), R.randint(1, 9999))


def public_ip():
    while True:
        a = "%d.%d.%d.%d" % (R.randint(1, 223), R.randint(0, 255), R.randint(0, 255), R.randint(1, 254))
        if is_public_ip(a) and not a.startswith(("100.", "198.18.", "198.19.")):
            return a


PHONE_FORMATS = [
    lambda: "+1 (%d%s) %d%s-%s" % (R.randint(2, 9), digits(2), R.randint(2, 9), digits(2), digits(4)),
    lambda: "+1-%d%s-%d%s-%s" % (R.randint(2, 9), digits(2), R.randint(2, 9), digits(2), digits(4)),
    lambda: "(%d%s) %d%s-%s" % (R.randint(2, 9), digits(2), R.randint(2, 9), digits(2), digits(4)),
    lambda: "+44 20 %s %s" % (digits(4), digits(4)),
    lambda: "+44 7%s %s" % (digits(3), digits(6)),
    lambda: "+49 89 %s %s" % (digits(4), digits(4)),
    lambda: "+49 (0)30 %s-%s" % (digits(4), digits(3)),
    lambda: "+33 1 %s %s %s %s" % (digits(2), digits(2), digits(2), digits(2)),
    lambda: "+33 6 %s %s %s %s" % (digits(2), digits(2), digits(2), digits(2)),
    lambda: "+31 20 %s %s" % (digits(3), digits(4)),
    lambda: "+34 91 %s %s %s" % (digits(3), digits(2), digits(2)),
    lambda: "+39 02 %s %s" % (digits(4), digits(4)),
    lambda: "+81 3-%s-%s" % (digits(4), digits(4)),
    lambda: "+61 2 %s %s" % (digits(4), digits(4)),
    lambda: "+46 8 %s %s %s" % (digits(3), digits(2), digits(2)),
    lambda: "+48 22 %s %s %s" % (digits(3), digits(2), digits(2)),
    lambda: "+353 1 %s %s" % (digits(3), digits(4)),
    lambda: "+91 22 %s %s" % (digits(4), digits(4)),
]


def phone():
    return pick(PHONE_FORMATS)()


def jwt_make():
    alg = pick(["RS256", "RS384", "ES256", "HS256"])
    hdr = {"alg": alg, "typ": "JWT"}
    if alg != "HS256":
        hdr["kid"] = pick([hexs(16), uuid4(), "nrh-smart-" + str(R.randint(1, 9))])
    now = R.randint(1740000000, 1770000000)
    base = pick(["https://fhir.nrh-health.org", "https://fhir-tst.nrh-health.org", "https://auth.nrh-health.org"])
    pl = pick([
        {"iss": base + "/oauth2", "sub": pick(["svc-lab-iface", "svc-rad-ai", "bulk-export-job", "mirth-fhir-bridge"]),
         "aud": base + "/r4", "scope": pick(["system/Observation.write", "system/*.read", "system/DiagnosticReport.write system/Observation.read"]),
         "iat": now, "exp": now + 300, "jti": uuid4()},
        {"iss": pick(["mirth-fhir-bridge", "nrh-bulk-client", "ris-smart-app"]), "sub": pick(["mirth-fhir-bridge", "nrh-bulk-client", "ris-smart-app"]),
         "aud": base + "/oauth2/token", "exp": now + 240, "jti": hexs(24)},
        {"iss": base + "/auth", "client_id": pick(["portal-web", "bedboard-ui", "pacs-viewer"]), "scope": "launch openid fhirUser patient/*.read",
         "fhirUser": base + "/r4/Practitioner/" + pick(["test-practitioner-", "prac-"]) + str(R.randint(100, 999)),
         "iat": now, "exp": now + 3600, "tenant": pick(FAC)}])
    h = b64u(json.dumps(hdr, separators=(",", ":")).encode())
    p = b64u(json.dumps(pl, separators=(",", ":")).encode())
    siglen = {"RS256": 256, "RS384": 256, "ES256": 64, "HS256": 32}[alg]
    return "%s.%s.%s" % (h, p, b64u(bytes(R.getrandbits(8) for _ in range(siglen))))


def password():
    k = R.randint(0, 4)
    if k == 0:
        return pick(["Rad", "Lab", "Pacs", "Mirth", "Hl7", "Fhir", "Iface", "Ward"]) + pick(["!", "#", "$", "@", "%"]) + \
            pick(["Winter", "Harbor", "Falcon", "Copper", "Maple", "Orbit", "Juniper"]) + str(R.randint(2019, 2026)) + pick(["!", "#", "*", "?"])
    if k == 1:
        return rs(B62 + "!#$%*+?", R.randint(14, 22))
    if k == 2:
        return "-".join(pick(["tundra", "violet", "anchor", "pylon", "sable", "ember", "quartz", "lagoon", "cobalt", "thistle"]) for _ in range(3)) + str(R.randint(10, 99))
    if k == 3:
        return rs(UPPER, 2) + rs(B62, 8) + pick(["!", "#", "$", "%"]) + digits(3)
    return pick(["Svc_", "Dcm_", "Astm_", "Ord_"]) + rs(B62, 10) + pick(["!", "#", "$"]) + str(R.randint(1, 9))


def url_password():
    """Passwords that go into URL userinfo unescaped (no @ : / ? #)."""
    k = R.randint(0, 2)
    if k == 0:
        return rs(B62, R.randint(16, 28))
    if k == 1:
        return rs(B62 + "-_.~", R.randint(14, 24))
    return pick(["Pacs", "Sftp", "Mllp", "Lab", "Vna"]) + rs(B62, 9) + pick(["-", "_", "."]) + digits(2)


# ==============================================================================================
# NEGATIVES
# ==============================================================================================
# ---- non_credential_blob ---------------------------------------------------------------------
def nb_dcmdump_uids():
    sc = pick(SOP_CLASSES)
    ts = pick(TSYNTAX)
    study, series, sop = uid(), uid(), uid()
    f = "%s/%s/%s.dcm" % (pick(["/mnt/vna/inbox", "/data/orthanc/tmp", "D:\\DICOM\\queue", "/srv/router/spool"]), hexs(8), hexs(12))
    lines = ["$ dcmdump +P 0002,0010 +P 0008,0016 +P 0008,0018 +P 0020,000d +P 0020,000e %s" % f,
             "(0002,0010) UI =%-40s #  %d, 1 TransferSyntaxUID" % (ts[1], len(ts[0])),
             "(0008,0016) UI =%-40s #  %d, 1 SOPClassUID" % (sc[1], len(sc[0])),
             "(0008,0018) UI [%s] # %d, 1 SOPInstanceUID" % (sop, len(sop)),
             "(0020,000d) UI [%s] # %d, 1 StudyInstanceUID" % (study, len(study)),
             "(0020,000e) UI [%s] # %d, 1 SeriesInstanceUID" % (series, len(series))]
    lead = pick(["these are the UIDs from the duplicate study on %s, same StudyInstanceUID arriving from two modalities:" % pick(AETS),
                 "dup check - the router says the SOP instance already exists:",
                 "StudyInstanceUID mismatch between RIS and PACS for %s, dump below" % accession(),
                 "", "can someone compare these with what the VNA has?"])
    return (lead + "\n" if lead else "") + fence(J(lines))


def nb_sha256sum():
    files = [pick(["ADT_%s.hl7", "ORU_batch_%s.hl7", "dicom_export_%s.zip", "mirth_backup_%s.xml", "channels_%s.tar.gz",
                   "reflab_results_%s.txt", "formulary_load_%s.csv", "mfn_staff_%s.hl7"]) % rdt().strftime("%Y%m%d") for _ in range(R.randint(2, 7))]
    algo = pick(["sha256sum", "sha1sum", "md5sum", "Get-FileHash -Algorithm SHA256"])
    n = {"sha256sum": 64, "sha1sum": 40, "md5sum": 32}.get(algo, 64)
    if algo.startswith("Get-"):
        body = ["PS C:\\iface\\outbound> Get-FileHash -Algorithm SHA256 .\\*", "", "Algorithm       Hash                                                                   Path",
                "---------       ----                                                                   ----"]
        body += ["SHA256          %s       C:\\iface\\outbound\\%s" % (HEXs(64), f) for f in files]
    else:
        body = ["$ %s %s" % (algo, " ".join(files))] + ["%s  %s" % (hexs(n), f) for f in files]
    return pick(["checksums for the files the vendor says are corrupted:", "handover: hashes of tonight's batch before we re-send",
                 "for the CAB record", "Prüfsummen der Dateien von heute Nacht:", "ハッシュ値です（再送前）"]) + "\n" + fence(J(body))


def nb_mirth_channel_xml():
    ch = pick(CHANNELS)
    lines = ['<channel version="%s">' % pick(["4.4.1", "4.5.0", "4.5.2", "3.12.0"]), "  <id>%s</id>" % uuid4(),
             "  <nextMetaDataId>%d</nextMetaDataId>" % R.randint(2, 9), "  <name>%s</name>" % ch,
             "  <description>%s</description>" % pick(["Inbound ADT from EHR, filters A08 without PV1 changes", "ORU to RIS, strips Z-segments",
                                                        "Reference lab results; see %s" % jira(), "Dietary feed, PID/PV1/AL1 only"]),
             "  <revision>%d</revision>" % R.randint(3, 140),
             "  <sourceConnector version=\"%s\">" % pick(["4.4.1", "4.5.2"]), "    <metaDataId>0</metaDataId>",
             "    <name>sourceConnector</name>", "    <transportName>%s</transportName>" % pick(["TCP Listener", "File Reader", "HTTP Listener", "Channel Reader"]),
             "  </sourceConnector>", "  <exportData>", "    <metadata>", "      <enabled>true</enabled>",
             "      <lastModified><time>%s</time><timezone>America/Chicago</timezone></lastModified>" % epoch_ms(),
             "      <pruningSettings><pruneMetaDataDays>%d</pruneMetaDataDays><archiveEnabled>true</archiveEnabled></pruningSettings>" % R.choice([7, 14, 30, 45]),
             "    </metadata>", "    <codeTemplateLibraries>", "      <codeTemplateLibrary version=\"4.5.2\">",
             "        <id>%s</id>" % uuid4(), "        <name>HL7 helpers</name>", "        <revision>%d</revision>" % R.randint(1, 40),
             "      </codeTemplateLibrary>", "    </codeTemplateLibraries>", "  </exportData>", "</channel>"]
    return pick(["diff of the channel export after last night's deploy (only ids/revision changed?)", "channel export header for %s" % ch,
                 "why does git show a change here when nobody touched the channel", ""]) + "\n" + fence(J(lines), "xml")


def nb_fhir_bundle():
    n = R.randint(2, 4)
    entries = []
    for _ in range(n):
        rt = pick(["Observation", "DiagnosticReport", "Encounter", "ServiceRequest", "MedicationRequest", "Specimen"])
        rid = pick([uuid4(), hexs(16), str(R.randint(100000, 9999999))])
        entries.append({"fullUrl": "urn:uuid:%s" % uuid4(),
                        "resource": {"resourceType": rt, "id": rid, "meta": {"versionId": str(R.randint(1, 12)), "lastUpdated": iso(z=False) + "+00:00",
                                                                             "source": "#%s" % hexs(16)}},
                        "response": {"status": "201 Created", "etag": 'W/"%d"' % R.randint(1, 12),
                                     "location": "%s/%s/_history/%d" % (rt, rid, R.randint(1, 12))}})
    b = {"resourceType": "Bundle", "id": uuid4(), "type": "transaction-response", "entry": entries}
    return pick(["transaction response from the HAPI test server:", "bundle ids look fine to me", "the etag/versionId sequence is off here, right?",
                 "Réponse du serveur FHIR après le POST :", "La respuesta del bundle:"]) + "\n" + fence(json.dumps(b, indent=2), "json")


def nb_docker_digest():
    imgs = [("nextgenhealthcare/connect", pick(["4.5.2", "4.4.1", "4.5.0"])), ("hapiproject/hapi", "v" + pick(["7.2.0", "7.4.0", "6.10.1"])),
            ("jodogne/orthanc-plugins", pick(["1.12.4", "1.12.3"])), ("dcm4che/dcm4chee-arc-psql", pick(["5.31.2", "5.33.1"])),
            ("registry.nrh.local/iface/hl7-router", "2025.%d.%d" % (R.randint(1, 12), R.randint(0, 9))),
            ("registry.nrh.local/fhir/facade", "sha-" + hexs(7))]
    R.shuffle(imgs)
    k = R.randint(0, 2)
    if k == 0:
        lines = ["$ docker images --digests | grep -E 'connect|hapi|orthanc|dcm4chee|nrh'", "REPOSITORY                          TAG       DIGEST                                                                    IMAGE ID       CREATED        SIZE"]
        for im, tag in imgs[:R.randint(2, 5)]:
            lines.append("%-35s %-9s sha256:%s   %s   %d days ago    %dMB" % (im, tag, hexs(64), hexs(12), R.randint(1, 90), R.randint(80, 900)))
    elif k == 1:
        im, tag = imgs[0]
        lines = ["$ docker pull %s:%s" % (im, tag), "%s: Pulling from %s" % (tag, im)]
        for _ in range(R.randint(3, 6)):
            lines.append("%s: Pull complete" % hexs(12))
        lines += ["Digest: sha256:%s" % hexs(64), "Status: Downloaded newer image for %s:%s" % (im, tag)]
    else:
        lines = ["image: %s@sha256:%s" % (imgs[0][0], hexs(64)), "# pinned, was %s" % imgs[0][1],
                 "initContainers:", "  - name: wait-db", "    image: busybox@sha256:%s" % hexs(64)]
    return pick(["pinned digests for the %s upgrade" % pick(["Mirth", "HAPI", "Orthanc", "dcm4chee"]), "prod vs test image check:", "", "digests as deployed:"]) + "\n" + fence(J(lines))


def nb_git_log():
    msgs = ["ORU_FROM_LIS: map OBX-8 abnormal flags HH/LL", "ADT_IN_EHR: drop A08 with no PV1 change", "ORM_TO_RIS: send ZDS study UID",
            "code templates: null-safe getSegment()", "RDE_PHARM_OUT: RxNorm in RXE-2.4", "MDM: handle T08 addenda", "DFT: revenue code lookup table 2026",
            "bump pruning to 30d on high-volume channels", "VXU: CVX mapping update", "alerts: route 'queue > 500' to #iface-alerts",
            "revert 'ORM: uppercase modality'", "ADT_TO_BEDBOARD: A02 transfers for NICU pods", "strip PID-19 before dietary destination"]
    lines = ["$ git log --oneline -n %d" % (n := R.randint(5, 10))]
    hl = R.choice([7, 7, 9, 12])
    for m in R.sample(msgs, n):
        lines.append("%s %s" % (hexs(hl), m))
    if R.random() < 0.5:
        lines += ["", "$ git show --stat HEAD", "commit %s" % hexs(40), "Merge: %s %s" % (hexs(7), hexs(7)),
                  "Date:   %s" % rdt().strftime("%a %b %d %H:%M:%S %Y -0600"), "",
                  "    %s" % pick(msgs), "", " channels/%s.xml | %d %s" % (pick(CHANNELS), R.randint(2, 90), "+" * R.randint(3, 20) + "-" * R.randint(0, 9))]
    return pick(["which commit changed the OBX mapping?", "history of the channel repo since the freeze", "", "for the release notes:"]) + "\n" + fence(J(lines))


def nb_pacs_log():
    lines = []
    for _ in range(R.randint(4, 12)):
        t = rdt()
        a, b2 = pick(AETS), pick(AETS)
        k = R.randint(0, 3)
        if k == 0:
            lines.append("%s INFO  [%s->%s(%d)] Received C-STORE RQ: iuid=%s cuid=%s tsuid=%s" % (
                logts(t), a, b2, R.randint(1, 999), uid(), pick(SOP_CLASSES)[0], pick(TSYNTAX)[0]))
        elif k == 1:
            lines.append("%s WARN  [%s->%s(%d)] Ignore received object iuid=%s - already stored" % (logts(t), a, b2, R.randint(1, 999), uid()))
        elif k == 2:
            lines.append("%s INFO  StoreService: study %s updated, series=%d instances=%d" % (logts(t), uid(), R.randint(1, 12), R.randint(1, 900)))
        else:
            lines.append("%s ERROR [%s<-%s(%d)] C-MOVE RSP status=a702H (out of resources) for study %s" % (logts(t), a, b2, R.randint(1, 999), uid()))
    return pick(["archive log around the time the CT went missing:", "dcm4chee log, look at the duplicates", "", "Log vom Archiv:", "PACS のログです"]) + "\n" + fence(J(lines))


def hl7_ack_text():
    return "\r".join([msh("ACK^A01^ACK"), "MSA|AA|%s" % nl_digits(10), ""])


def nb_base64_hl7():
    m = J([msh(pick(["ADT^A08^ADT_A01", "ORU^R01^ORU_R01", "ACK^R01^ACK"])), "EVN|A08|%s" % hl7ts(), test_pid(), "PV1|1|I|%s^^^NRH||||||||||||||||V%s" % (bed(), nl_digits(9))])
    enc = b64(m.replace("\n", "\r").encode())
    k = R.randint(0, 2)
    if k == 0:
        return "Mirth message browser, raw tab shows it base64'd (attachment store):\n" + fence(enc)
    if k == 1:
        return fence(J(["$ curl -s http://mirth-tst-02.nrh.local:8080/api/channels/%s/messages/%d/attachments/%s" % (uuid4(), R.randint(1000, 99999), uuid4()),
                        '{"attachment":{"type":"text/plain","content":"%s"}}' % enc]))
    return "the queued msg content in d_mc table (base64):\n`%s`\ndecodes to a ZZTEST A08, nothing sensitive" % enc


def nb_cert_fingerprint():
    host = pick(HOSTS)
    lines = ["$ openssl x509 -in %s.crt -noout -subject -issuer -serial -dates -fingerprint -sha256" % host.split(".")[0],
             "subject=CN = %s, OU = Clinical Integration, O = NRH Test Org" % host, "issuer=CN = NRH Internal Issuing CA 02, O = NRH Test Org",
             "serial=%s" % HEXs(pick([32, 36, 40])), "notBefore=%s GMT" % rdt().strftime("%b %d %H:%M:%S %Y"),
             "notAfter=%s GMT" % (rdt() + _dt.timedelta(days=365)).strftime("%b %d %H:%M:%S %Y"),
             "sha256 Fingerprint=%s" % ":".join(HEXs(2) for _ in range(32))]
    if R.random() < 0.5:
        lines += ["$ openssl x509 -in %s.crt -noout -fingerprint -sha1" % host.split(".")[0], "sha1 Fingerprint=%s" % ":".join(HEXs(2) for _ in range(20))]
    return pick(["new MLLP/TLS cert for the reference lab link - please send them the fingerprint, not the file", "cert rotated, details:",
                 "Zertifikat für den LIS-Link erneuert:", "証明書を更新しました", ""]) + "\n" + fence(J(lines))


def nb_public_cert():
    der_ = b"\x30\x82" + struct.pack(">H", R.randint(700, 1100)) + b"\x30\x82" + bytes(R.getrandbits(8) for _ in range(R.randint(300, 520)))
    body = J(wrap(b64(der_), 64))
    return pick(["public cert of the reference lab's MLLP endpoint, add it to the Mirth truststore (it's public, fine to paste):",
                 "here's the vendor CA cert for the FHIR subscription endpoint",
                 "trust chain intermediate (public):"]) + "\n" + fence("-----BEGIN CERTIFICATE-----\n%s\n-----END CERTIFICATE-----" % body)


def nb_ssh_pubkeys():
    lines = []
    for _ in range(R.randint(1, 4)):
        if R.random() < 0.5:
            lines.append("ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI%s %s" % (rs(B64STD, 43), pick(["reflab-inbound", "pacs-vendor-support", "mirth-sftp-out", "dietary-drop", "poct-upload"])))
        else:
            lines.append("ssh-rsa AAAAB3NzaC1yc2EAAAADAQABAAABgQ%s %s" % (rs(B64STD, 200) + "=", pick(["vendor-lab-prod", "transcription-sftp", "billing-extract"])))
    return pick(["authorized_keys on the SFTP drop (public keys only):", "adding the vendor's public key:", "Clé publique du partenaire :", ""]) + "\n" + fence(J(lines))


def nb_trace_logs():
    lines = []
    for _ in range(R.randint(3, 8)):
        tid = hexs(32)
        lines.append(json.dumps({"ts": iso(), "level": pick(["INFO", "WARN", "ERROR"]), "svc": "fhir-facade", "trace_id": tid, "span_id": hexs(16),
                                 "traceparent": "00-%s-%s-01" % (tid, hexs(16)), "x_request_id": uuid4(), "method": pick(["GET", "POST", "PUT"]),
                                 "path": pick(["/r4/Observation", "/r4/DiagnosticReport/%s" % hexs(16), "/r4/Patient/$match", "/r4/Subscription"]),
                                 "status": pick([200, 201, 401, 404, 409, 412, 500]), "dur_ms": R.randint(3, 4800)}))
    return pick(["412s from the facade again, trace ids below", "can someone find these trace ids in tempo?", ""]) + "\n" + fence(J(lines))


def nb_pip_hashes():
    pk = [("hl7", pick(["0.4.5", "0.4.2"])), ("hl7apy", "1.3.5"), ("pydicom", pick(["2.4.4", "3.0.1"])), ("fhir.resources", "7.1.0"),
          ("pynetdicom", "2.1.1"), ("requests", "2.32.3"), ("python-dateutil", "2.9.0.post0")]
    R.shuffle(pk)
    lines = []
    for n, v in pk[:R.randint(2, 5)]:
        lines.append("%s==%s \\" % (n, v))
        lines.append("    --hash=sha256:%s \\" % hexs(64))
        lines.append("    --hash=sha256:%s" % hexs(64))
    return pick(["requirements.txt for the de-id tool (hashes pinned)", "lockfile for the HL7 replay script:", ""]) + "\n" + fence(J(lines), "text")


def nb_npm_integrity():
    pk = [("fhirclient", "2.5.4"), ("fhir-kit-client", "1.9.2"), ("dicom-parser", "1.8.21"), ("cornerstone-core", "2.6.1"), ("hl7-standard", "1.0.4")]
    R.shuffle(pk)
    out = []
    for n, v in pk[:R.randint(1, 3)]:
        out.append('    "node_modules/%s": {\n      "version": "%s",\n      "resolved": "https://registry.npmjs.org/%s/-/%s-%s.tgz",\n      "integrity": "sha512-%s"\n    }' % (
            n, v, n, n, v, b64(bytes(R.getrandbits(8) for _ in range(64)))))
    return pick(["package-lock for the bedside viewer:", "lockfile diff from the portal PR", ""]) + "\n" + fence(",\n".join(out), "json")


def nb_s3_listing():
    lines = ["$ aws s3 ls s3://nrh-vna-archive-tst/%s/ --recursive | head" % rdt().strftime("%Y/%m/%d")]
    for _ in range(R.randint(3, 8)):
        lines.append("%s %10d %s/%s.dcm" % (rdt().strftime("%Y-%m-%d %H:%M:%S"), R.randint(30000, 90000000), rdt().strftime("%Y/%m/%d"), uid()))
    lines += ["$ aws s3api head-object --bucket nrh-vna-archive-tst --key %s/%s.dcm" % (rdt().strftime("%Y/%m/%d"), uid()),
              '{', '    "ETag": "\\"%s-%d\\"",' % (hexs(32), R.randint(2, 40)), '    "ContentLength": %d,' % R.randint(30000, 90000000),
              '    "VersionId": "%s",' % rs(B62 + "._", 32), '    "StorageClass": "GLACIER_IR"', '}']
    return pick(["test archive tier listing (anonymised phantoms only)", "ETag looks multipart, is that why the verify job fails?", ""]) + "\n" + fence(J(lines))


def nb_pgp_sig():
    sig = J(wrap(b64(bytes(R.getrandbits(8) for _ in range(R.randint(300, 560)))), 64))
    fp = " ".join(HEXs(4) for _ in range(10))
    return J(["vendor patch %s-%s.zip came with a detached sig:" % (pick(["corvalis-lis-gw", "halcyon-pacs", "auralis-dictation"]), "%d.%d.%d" % (R.randint(1, 9), R.randint(0, 20), R.randint(0, 40))),
              fence(J(["-----BEGIN PGP SIGNATURE-----", "", sig, "=%s" % rs(B64STD, 4), "-----END PGP SIGNATURE-----"])),
              fence(J(["$ gpg --verify patch.zip.asc patch.zip", "gpg: Signature made %s" % rdt().strftime("%a %d %b %Y %H:%M:%S UTC"),
                       "gpg:                using RSA key %s" % HEXs(40), 'gpg: Good signature from "Release Engineering (patch signing)" [full]',
                       "Primary key fingerprint: %s" % fp]))])


def nb_sops():
    def enc(n):
        return "ENC[AES256_GCM,data:%s,iv:%s,tag:%s,type:str]" % (b64(bytes(R.getrandbits(8) for _ in range(n))), b64(bytes(R.getrandbits(8) for _ in range(32))), b64(bytes(R.getrandbits(8) for _ in range(16))))
    lines = ["mirth:", "  db:", "    user: svc_mirth", "    password: %s" % enc(R.randint(12, 24)), "  sftp:",
             "    reflab_key_passphrase: %s" % enc(R.randint(16, 30)), "fhir:", "    client_secret: %s" % enc(R.randint(24, 40)),
             "sops:", "    age:", "        - recipient: age1%s" % rs("023456789acdefghjklmnpqrstuvwxyz", 58),
             "    lastmodified: \"%s\"" % iso(ms=False), "    mac: %s" % enc(32).replace("type:str", "type:str"), "    version: 3.9.1"]
    return pick(["the secrets file is SOPS-encrypted, so this is safe to share for the review:", "encrypted values only, diff below:", ""]) + "\n" + fence(J(lines), "yaml")


def nb_vault_transit():
    lines = []
    for _ in range(R.randint(2, 5)):
        lines.append("%s  %s  vault:v%d:%s" % (iso(), pick(["encrypt", "decrypt", "rewrap"]), R.randint(1, 4), b64(bytes(R.getrandbits(8) for _ in range(R.randint(28, 60))))))
    return pick(["transit ciphertexts from the de-id service audit (ciphertext only)", "rewrap job output:", ""]) + "\n" + fence(J(lines))


def nb_helm_checksum():
    lines = ["spec:", "  template:", "    metadata:", "      annotations:", "        checksum/config: %s" % hexs(64),
             "        checksum/secret: %s" % hexs(64), "        kubectl.kubernetes.io/restartedAt: \"%s\"" % iso(ms=False, z=False),
             "      labels:", "        app.kubernetes.io/name: %s" % pick(["fhir-facade", "hl7-router", "dicom-router", "mirth-connect"]),
             "        pod-template-hash: %s" % rs("bcdfghjklmnpqrstvwxz2456789", 10)]
    return pick(["rollout didn't pick up the config change, checksums are identical?", "helm diff:", ""]) + "\n" + fence(J(lines), "yaml")


def nb_msgctrl_table():
    rows = ["| MSH-10 | type | ack | sent |", "|---|---|---|---|"]
    for _ in range(R.randint(4, 9)):
        rows.append("| %s | %s | %s | %s |" % (pick([uuid4(), hexs(20).upper(), "MSG" + nl_digits(12)]), pick(["ORU^R01", "ADT^A04", "ORM^O01", "MDM^T02", "SIU^S12"]),
                                              pick(["AA", "AA", "AE", "AR", "(none)"]), iso(ms=False)))
    return pick(["messages the reference lab says they never acked:", "control IDs for the replay", "ACK 対応表"]) + "\n" + J(rows)


def nb_dicom_private_ob():
    lines = ["(0008,0070) LO [%s]                          #  %d, 1 Manufacturer" % ("ORBIS", 6),
             "(0029,0010) LO [%s]          #  %d, 1 PrivateCreator" % (pick(["ORBIS CSA HEADER", "HALCYON PRIVATE 1.0"]), 16),
             "(0029,1010) OB %s... # %d, 1 Unknown Tag & Data" % ("\\".join(hexs(2) for _ in range(24)), R.randint(4000, 12000)),
             "(0029,1020) OB %s... # %d, 1 Unknown Tag & Data" % ("\\".join(hexs(2) for _ in range(24)), R.randint(4000, 12000)),
             "(7fe0,0010) OW %s... # %d, 1 PixelData" % ("\\".join(hexs(4) for _ in range(12)), R.randint(500000, 900000))]
    return pick(["private tags the anonymizer keeps - are those safe? (they're scanner protocol blobs)", "private header blob from the MR, FYI", ""]) + "\n" + fence(J(lines))


def nb_cert_thumbprint():
    lines = ["PS C:\\> Get-ChildItem Cert:\\LocalMachine\\My | ft Thumbprint, Subject, NotAfter", "",
             "Thumbprint                                Subject                                        NotAfter",
             "----------                                -------                                        --------"]
    for _ in range(R.randint(2, 5)):
        lines.append("%s  CN=%-44s %s" % (HEXs(40), pick(HOSTS), (rdt() + _dt.timedelta(days=300)).strftime("%m/%d/%Y %I:%M:%S %p")))
    return pick(["IIS binding on the FHIR gateway is still on the old thumbprint", "which thumbprint does the interface service use?", ""]) + "\n" + fence(J(lines))


def nb_fhir_headers():
    rt = pick(["Observation", "DiagnosticReport", "ServiceRequest", "Device"])
    rid = hexs(16)
    lines = ["$ curl -si -X PUT https://fhir-tst.nrh.internal/r4/%s/%s -H 'If-Match: W/\"%d\"' -d @obs.json" % (rt, rid, R.randint(1, 9)),
             "HTTP/1.1 %s" % pick(["200 OK", "412 Precondition Failed", "409 Conflict"]), "Content-Type: application/fhir+json;charset=utf-8",
             'ETag: W/"%d"' % R.randint(2, 12), "Last-Modified: %s GMT" % rdt().strftime("%a, %d %b %Y %H:%M:%S"),
             "Content-Location: https://fhir-tst.nrh.internal/r4/%s/%s/_history/%d" % (rt, rid, R.randint(2, 12)),
             "X-Request-Id: %s" % hexs(16), "X-Correlation-Id: %s" % uuid4(), "Strict-Transport-Security: max-age=31536000"]
    return pick(["optimistic locking is working as intended:", "why 412 here?", ""]) + "\n" + fence(J(lines))


def nb_ulid_jobs():
    lines = ["JOB_ID                      KIND              STATUS     STARTED"]
    for _ in range(R.randint(3, 8)):
        lines.append("%s  %-16s  %-9s  %s" % (ulid(), pick(["hl7-archive", "dicom-verify", "fhir-bulk-export", "mwl-resync", "prune"]), pick(["done", "failed", "running"]), iso(ms=False)))
    return pick(["nightly jobs, the bulk export one failed", "job ids for the ticket %s" % inc(), ""]) + "\n" + fence(J(lines))


def nb_md5_anon():
    lines = ["original_sop_uid,anon_sop_uid,md5_before,md5_after"]
    for _ in range(R.randint(3, 8)):
        lines.append("%s,%s,%s,%s" % (uid(), "2.25." + str(R.getrandbits(120) | (1 << 119)), hexs(32), hexs(32)))
    return pick(["de-id run mapping sample (phantom series):", "anonymizer output for the research export (QA phantoms only)", ""]) + "\n" + fence(J(lines), "csv")


def nb_base64_text():
    txt = pick(["Interface test message - ignore", "ZZTEST order placed for interface validation", "HL7 connectivity check from %s" % pick(HOSTS),
                "POCT glucose meter sync ok", "MWL refresh complete: %d items" % R.randint(5, 400), "Reference lab batch %s closed" % rdt().strftime("%Y%m%d")])
    enc = b64(txt.encode())
    return pick(["OBX-5 comes through base64'd from the vendor: `%s` -> decodes to plain text, no PHI",
                 "the note field in the queue is `%s` (just base64 of a test string)",
                 "ce champ est juste du base64 : %s",
                 "esto es base64 de un texto de prueba: %s"]) % enc


NB_TEMPLATES = [nb_dcmdump_uids, nb_sha256sum, nb_mirth_channel_xml, nb_fhir_bundle, nb_docker_digest, nb_git_log, nb_pacs_log,
                nb_base64_hl7, nb_cert_fingerprint, nb_public_cert, nb_ssh_pubkeys, nb_trace_logs, nb_pip_hashes, nb_npm_integrity,
                nb_s3_listing, nb_pgp_sig, nb_sops, nb_vault_transit, nb_helm_checksum, nb_msgctrl_table, nb_dicom_private_ob,
                nb_cert_thumbprint, nb_fhir_headers, nb_ulid_jobs, nb_md5_anon, nb_base64_text]


# ---- pii_lookalike_number --------------------------------------------------------------------
def pl_worklist():
    rows = ["ACCESSION        ORDER#         MOD  STATUS      SCHEDULED          ROOM"]
    for _ in range(R.randint(4, 12)):
        rows.append("%-16s %-14s %-4s %-11s %s   %s" % (accession(), order_no(), pick(MODS), pick(["SCHEDULED", "ARRIVED", "STARTED", "COMPLETED", "CANCELLED"]),
                                                    rdt().strftime("%Y-%m-%d %H:%M"), pick(["CT2", "MR1", "US-L3", "XR-ED", "MAMMO1", "NM-A"])))
    return pick(["MWL for tomorrow, the ones in CANCELLED never got the ORM cancel:", "worklist dump for %s" % inc(), "",
                 "Arbeitsliste – die Akzessionsnummern stimmen nicht mit dem RIS überein:"]) + "\n" + fence(J(rows))


def pl_formulary():
    rows = ["NDC11,RXCUI,ATC,DESCRIPTION,PKG_QTY,UNIT_COST"]
    for m in R.sample(MEDS, R.randint(4, 10)):
        rows.append("%s,%s,%s,%s,%d,%.2f" % (ndc11(), m[1], m[2], m[0], R.choice([1, 10, 25, 30, 50, 100]), R.uniform(0.05, 180)))
    return pick(["formulary load file that failed validation (NDCs are fake test labeler codes):", "RDE mapping table, RXE-2 uses RxNorm now:",
                 "Tabela do formulário para o teste de carga:", ""]) + "\n" + fence(J(rows), "csv")


def pl_lab_results():
    an, kind = pick(ANALYZERS)
    sid = "SP%d-%s" % (R.randint(24, 26), nl_digits(7))
    rows = ["%s (%s)  SN %s  FW %d.%d.%d  run %s" % (an, kind, rs(UPPER, 2) + digits(6), R.randint(1, 9), R.randint(0, 30), R.randint(0, 99), rdt().strftime("%Y-%m-%d %H:%M")),
            "Specimen: %s   Rack %d Pos %d   QC lot %s" % (sid, R.randint(1, 60), R.randint(1, 10), digits(6)), ""]
    for lo in R.sample(LOINC, R.randint(4, 9)):
        v = R.uniform(lo[4], lo[5])
        rows.append("%-8s %-12s %8.*f %-9s (%s) %s" % (lo[0], lo[1], 1 if v < 100 else 0, v, lo[2], lo[3], pick(["", "", "H", "L", ""])))
    return pick(["analyzer printout vs what landed in OBX - values match, units don't", "result from the %s after the firmware update:" % an, "",
                 "結果の比較（テスト検体）"]) + "\n" + fence(J(rows))


def pl_astm():
    an, _ = pick(ANALYZERS)
    recs = ["H|\\^&|||%s^%d.%d^%s||||||||P|1|%s" % (an.replace(" ", ""), R.randint(1, 9), R.randint(0, 20), rs(UPPER, 2) + digits(6), hl7ts()),
            "P|1||%s||ZZTEST^QC||19000101|U" % test_mrn(),
            "O|1|SP%d-%s||^^^%s|R|%s|||||A||||%s" % (R.randint(24, 26), nl_digits(7), pick(["CBC", "BMP", "CMP", "COAG", "UA"]), hl7ts(), pick(["SERUM", "WB", "URINE", "PLASMA"]))]
    for i, lo in enumerate(R.sample(LOINC, R.randint(2, 6)), 1):
        recs.append("R|%d|^^^%s|%.1f|%s|%s|N||F||||%s" % (i, lo[1].upper()[:6], R.uniform(lo[4], lo[5]), lo[2], lo[3], hl7ts()))
    recs.append("L|1|N")
    frames = []
    for i, r in enumerate(recs, 1):
        fr = "%d%s" % (i % 8, r)
        cs = sum((fr + "\r\x03").encode()) % 256
        frames.append("<STX>%s<CR><ETX>%02X<CR><LF>" % (fr, cs))
    return pick(["ASTM trace from the LIS gateway, checksums are fine, the O record is wrong:", "raw ASTM capture (QC specimen, no patient):", ""]) + "\n" + fence(J(frames))


def pl_bed_census():
    rows = ["| ward | beds | occupied | blocked | pending A01 | pending A03 |", "|---|---:|---:|---:|---:|---:|"]
    for w in R.sample(WARDS, R.randint(4, 9)):
        b = R.randint(8, 36)
        o = R.randint(0, b)
        rows.append("| %s | %d | %d | %d | %d | %d |" % (w, b, o, R.randint(0, 3), R.randint(0, 6), R.randint(0, 6)))
    extra = "\nbeds stuck dirty: %s" % ", ".join(bed() for _ in range(R.randint(2, 6)))
    return pick(["bed board vs ADT census at %s:" % rdt().strftime("%H:%M"), "census mismatch after the A02 fix", "Belegung laut Bettenmanagement:"]) + "\n" + J(rows) + extra


def pl_pump_fleet():
    rows = ["SERIAL          MODEL     FW        WARD     LAST CHECK-IN         DRUG LIB"]
    for _ in range(R.randint(4, 12)):
        rows.append("%-15s %-9s %-9s %-8s %s  v%d.%d" % (
            pick(["VP", "KD", "INF"]) + digits(R.randint(7, 9)), pick(["LVP-200", "SYR-50", "PCA-3"]),
            "%d.%d.%d" % (R.randint(1, 9), R.randint(0, 19), R.randint(0, 99)), pick(WARDS), iso(ms=False), R.randint(10, 90), R.randint(0, 9)))
    return pick(["pumps that didn't pick up drug library update (Veridian fleet):", "fleet report for biomed:", "", "Liste des pompes non synchronisées :"]) + "\n" + fence(J(rows))


def gtin14():
    while True:
        b = "0" + digits(12)
        s = sum(int(c) * (3 if i % 2 == 0 else 1) for i, c in enumerate(reversed(b)))
        g = b + str((10 - s % 10) % 10)
        if not luhn_ok(g):
            return g


def pl_udi():
    lines = []
    for _ in range(R.randint(2, 6)):
        exp = (rdt() + _dt.timedelta(days=R.randint(100, 900))).strftime("%y%m%d")
        lines.append("(01)%s(17)%s(10)%s(21)%s" % (gtin14(), exp, rs(UPPER, 2) + digits(R.randint(4, 6)), digits(R.randint(6, 10))))
    return pick(["implant UDIs scanned in OR 4 that the EHR rejected (parser expects FNC1):", "UDI test strings for the scanner config:", ""]) + "\n" + fence(J(lines))


def pl_tickets():
    items = []
    for _ in range(R.randint(3, 7)):
        items.append("- %s / %s - %s" % (inc(), jira(), pick(["ADT A08 storm after build migration", "RIS not receiving ORM cancels", "MDM T02 missing attachments",
                                                             "Dietary feed dropping allergies", "Nurse call bed mapping 5E", "Formulary load NDC validation", "FHIR Subscription 429s",
                                                             "Reference lab results delayed >2h", "POCT meters not docking on ICU2"])))
    return pick(["open items for the change freeze:", "carry-over tickets:", "Offene Tickets:", "pendientes de esta semana:"]) + "\n" + J(items)


def pl_dicom_nodes():
    rows = ["AE_TITLE        HOST            PORT   ROLE"]
    for a in R.sample(AETS, R.randint(4, 9)):
        rows.append("%-15s %-15s %-6d %s" % (a, pick([priv_ip(), priv_ip(), doc_ip()]), pick([104, 11112, 4242, 2762, 11113]), pick(["SCU", "SCP", "SCU/SCP", "Q/R"])))
    return pick(["DICOM node table for the new router (lab network):", "AE config diff:", "", "AE タイトル一覧"]) + "\n" + fence(J(rows))


def pl_hl7_volumes():
    rows = ["| channel | received | filtered | errored | queued | avg ms |", "|---|---:|---:|---:|---:|---:|"]
    for ch in R.sample(CHANNELS, R.randint(4, 9)):
        rc = R.randint(1000, 3000000)
        rows.append("| %s | %s | %s | %d | %d | %.1f |" % (ch, thousands(rc, pick([",", " ", "."])), thousands(R.randint(0, rc // 3)), R.randint(0, 400), R.randint(0, 900), R.uniform(1, 90)))
    return pick(["24h stats from the dashboard:", "weekly volumes for the ops review", "Volumes de la semaine :"]) + "\n" + J(rows)


def pl_epoch_logs():
    lines = []
    for _ in range(R.randint(3, 8)):
        lines.append('{"t":%s,"lvl":"%s","ch":"%s","msgId":%d,"dur":%d}' % (epoch_ms(), pick(["info", "warn", "error"]), pick(CHANNELS), R.randint(100000, 99999999), R.randint(1, 9000)))
    return pick(["timestamps are epoch ms, so the gap is ~40 min:", "log excerpt around the outage", ""]) + "\n" + fence(J(lines))


def pl_icd_snomed():
    rows = ["ICD-10-CM   SNOMED CT    description"]
    for d in R.sample(DX, R.randint(4, 8)):
        rows.append("%-11s %-12s %s" % d)
    return pick(["problem list mapping used by the ADT DG1 -> FHIR Condition transform:", "Mapping-Tabelle für DG1:", "mapeo de diagnósticos:", ""]) + "\n" + fence(J(rows))


def pl_versions():
    comps = [("Mirth Connect", "%d.%d.%d" % (4, R.randint(3, 5), R.randint(0, 3))), ("HAPI FHIR", "7.%d.%d" % (R.randint(0, 6), R.randint(0, 3))),
             ("HL7 v2", pick(["2.3", "2.3.1", "2.4", "2.5.1", "2.6"])), ("FHIR", "4.0.1 (R4)"), ("dcm4che", "5.%d.%d" % (R.randint(29, 33), R.randint(0, 3))),
             ("DICOM std", "2025%s" % pick("abcd")), ("Orthanc", "1.12.%d" % R.randint(0, 5)), ("pydicom", "3.0.1"), ("LIS gateway", "v%d.%d.%d-b%d" % (R.randint(1, 9), R.randint(0, 20), R.randint(0, 9), R.randint(100, 9999))),
             ("Pump FW", "%d.%d.%d build %s" % (R.randint(1, 9), R.randint(0, 19), R.randint(0, 99), rdt().strftime("%Y%m%d"))), ("Java", "17.0.%d+%d" % (R.randint(8, 14), R.randint(1, 9)))]
    R.shuffle(comps)
    return pick(["versions for the upgrade CAB:", "what we're on right now:", "Versionsstand:", "バージョン一覧："]) + "\n" + J("- %s %s" % c for c in comps[:R.randint(4, 9)])


def pl_charges():
    segs = [msh("DFT^P03^DFT_P03", "EHR", "BILLING"), "EVN|P03|%s" % hl7ts(), test_pid(), "PV1|1|O|%s||||||||||||||||%s" % (pick(["RAD", "LAB", "ED"]), nl_digits(10))]
    for i in range(1, R.randint(2, 5)):
        c = pick(CPT)
        segs.append("FT1|%d|||%s||CG|%s^%s^CPT|%d||%.2f|||||%s" % (i, hl7ts(), c[0], c[1], R.randint(1, 3), R.uniform(12, 2400), pick(["0320", "0350", "0450", "0300", "0610"])))
    return pick(["charges posted twice for this test encounter:", "DFT sample (ZZTEST patient) - FT1-10 amounts look wrong:", ""]) + "\n" + fence(J(segs))


def pl_invoice():
    lines = ["Invoice %s  PO %s  Contract %s" % (pick(["INV-", "F", "RG"]) + digits(R.randint(6, 9)), "PO" + digits(8), "CT-%d-%s" % (R.randint(2023, 2026), digits(4))),
             "Service: %s annual maintenance (%s)" % (pick(VENDORS), pick(["12 analyzers", "PACS archive 400 TB", "interface engine 6 cores", "dictation 250 seats"])),
             "Amount: %s %s   Tax: %s   Due: %s" % (pick(["USD", "EUR", "GBP"]), thousands(R.randint(4000, 480000)) + ".%02d" % R.randint(0, 99), "%.2f" % R.uniform(0, 9000), rdt().strftime("%Y-%m-%d")),
             "Cost center %s / GL %s" % (digits(4), digits(6))]
    return pick(["AP asked us to confirm this is ours:", "vendor invoice details for the renewal:", "Rechnung zur Freigabe:"]) + "\n" + fence(J(lines))


def pl_test_mrn():
    lo = int("990" + "00000") + R.randint(0, 900) * 100
    lines = ["Test patient ranges (TEST/TRAIN only):", "  MRN %d-%d  ZZTEST pts, DOB 19000101" % (lo, lo + 999),
             "  Encounter CSN %s-%s" % (nl_digits(10, True), nl_digits(10, True)), "  Accession prefix ZZ%d" % R.randint(10, 99),
             "  Do not reuse %s" % ", ".join(test_mrn() for _ in range(R.randint(2, 4)))]
    return J(lines)


def pl_reagents():
    rows = ["REAGENT        LOT        EXP        OPENED     TESTS LEFT"]
    for _ in range(R.randint(3, 8)):
        rows.append("%-14s %-10s %s %s %d" % (pick(["GLU-R1", "CREA-R2", "HGB-LYSE", "TROP-HS", "INR-TP", "K-ISE", "DIL-A"]), digits(6) + pick(["", "A", "B"]),
                                            (rdt() + _dt.timedelta(days=200)).strftime("%Y-%m-%d"), rdt().strftime("%Y-%m-%d"), R.randint(0, 1200)))
    return pick(["reagent status from the chem line:", "lots on board (for the QC failure ticket)", ""]) + "\n" + fence(J(rows))


def pl_specimen_barcodes():
    codes = ["%s%s" % (pick(["", "", "ZZ"]), nl_digits(10, True)) for _ in range(R.randint(3, 10))]
    return pick(["these tube barcodes didn't resolve in the LIS:", "unmatched specimen IDs from the tube tracker:", "Probenbarcodes ohne Auftrag:"]) + "\n" + J("`%s`" % c for c in codes)


def pl_extensions():
    return pick(["on-call for interfaces tonight: ext %d, pager %d; PACS admin ext %d" % (R.randint(2000, 8999), R.randint(1000, 9999), R.randint(2000, 8999)),
                 "call the ICU2 charge desk at x%d before bouncing the nurse call interface" % R.randint(2000, 8999),
                 "biomed: ext %d (days) / %d (nights), ticket queue BIOMED-INF" % (R.randint(2000, 8999), R.randint(2000, 8999)),
                 "Rufbereitschaft Schnittstellen: Durchwahl %d" % R.randint(2000, 8999),
                 "radiology reading room 3 = ext %d, room 4 = ext %d" % (R.randint(2000, 8999), R.randint(2000, 8999))])


def pl_orm():
    segs = [msh("ORM^O01^ORM_O01", "EHR", "RIS"), test_pid(), "PV1|1|%s|%s" % (pick(["I", "O", "E"]), bed()),
            "ORC|NW|%s^EHR|%s^RIS||SC||^^^%s^^R||%s" % (order_no(), accession(), hl7ts(), hl7ts()),
            "OBR|1|%s^EHR|%s^RIS|%s^%s^CPT|||%s" % (order_no(), accession(), *pick(CPT), hl7ts())]
    return pick(["ORM for the test order, filler number is missing on the RIS side:", "this is what RIS gets (TEST env)", ""]) + "\n" + fence(J(segs))


def pl_dicom_numeric():
    lines = ["(0008,0020) DA [%s]  StudyDate" % rdt().strftime("%Y%m%d"), "(0008,0030) TM [%s]  StudyTime" % rdt().strftime("%H%M%S.%f")[:13],
             "(0008,0050) SH [%s]  AccessionNumber" % accession(), "(0010,0020) LO [%s]  PatientID" % test_mrn(),
             "(0010,0030) DA [19000101]  PatientBirthDate", "(0018,0050) DS [%s]  SliceThickness" % pick(["0.625", "1.25", "2.5", "5"]),
             "(0020,0011) IS [%d]  SeriesNumber" % R.randint(1, 999), "(0028,0010) US %d  Rows" % pick([256, 512, 1024, 2048]),
             "(0028,0011) US %d  Columns" % pick([256, 512, 1024, 2048]), "(0018,1150) IS [%d]  ExposureTime" % R.randint(300, 2000)]
    return pick(["header of the phantom scan used for the QA:", "why is AccessionNumber empty on half of these?", ""]) + "\n" + fence(J(lines))


def pl_latency():
    rows = ["p50/p95/p99 (ms) by destination, last 7d"]
    for d in R.sample(APPS, R.randint(3, 7)):
        rows.append("%-10s %5d %6d %7d   n=%s" % (d, R.randint(2, 80), R.randint(50, 900), R.randint(300, 9000), thousands(R.randint(10000, 4000000))))
    return fence(J(rows))


def pl_tz_timestamps():
    lines = []
    for _ in range(R.randint(3, 7)):
        lines.append("MSH-7=%s  EVN-2=%s  received=%s" % (hl7ts(tz=pick(["-0500", "-0600", "+0100"])), hl7ts(secs=False), iso()))
    return pick(["DST shift bug: MSH-7 offsets vs what the engine stamped", "Zeitstempel vergleichen:", ""]) + "\n" + fence(J(lines))


PL_TEMPLATES = [pl_worklist, pl_formulary, pl_lab_results, pl_astm, pl_bed_census, pl_pump_fleet, pl_udi, pl_tickets, pl_dicom_nodes,
                pl_hl7_volumes, pl_epoch_logs, pl_icd_snomed, pl_versions, pl_charges, pl_invoice, pl_test_mrn, pl_reagents,
                pl_specimen_barcodes, pl_extensions, pl_orm, pl_dicom_numeric, pl_latency, pl_tz_timestamps]


# ---- data_uri_base64 -------------------------------------------------------------------------
def img_uri(kind=None):
    kind = kind or pick(["png", "png", "gif", "svg", "jpeg"])
    if kind == "png":
        return "data:image/png;base64," + b64(png_bytes())
    if kind == "gif":
        return "data:image/gif;base64," + b64(gif_bytes())
    if kind == "svg":
        return "data:image/svg+xml;base64," + b64(svg_text().encode())
    return "data:image/jpeg;base64," + trunc_b64(b64(jpeg_head()), 60)


def du_fhir_docref():
    pdf = b64(pdf_bytes())
    shown = pdf if R.random() < 0.4 else trunc_b64(pdf)
    d = {"resourceType": "DocumentReference", "id": uuid4(), "status": "current",
         "type": {"coding": [{"system": "http://loinc.org", "code": pick(["18842-5", "11506-3", "18748-4", "11488-4"]),
                              "display": pick(["Discharge summary", "Progress note", "Diagnostic imaging study", "Consult note"])}]},
         "subject": {"reference": "Patient/zztest-%d" % R.randint(1, 99)},
         "content": [{"attachment": {"contentType": "application/pdf", "language": "en-US", "data": shown, "title": "test.pdf", "creation": iso(ms=False)}}]}
    return pick(["DocumentReference the MDM->FHIR bridge produced (test doc):", "attachment is base64 PDF, renders fine in the viewer", ""]) + "\n" + fence(json.dumps(d, indent=2), "json")


def du_obx_ed():
    pdf = b64(pdf_bytes())
    shown = pdf if R.random() < 0.35 else trunc_b64(pdf, R.randint(60, 120))
    segs = [msh("MDM^T02^MDM_T02", "TRANSCR", "EHR"), "EVN|T02|%s" % hl7ts(), test_pid(), "TXA|1|%s|AP|%s||||||||%s||||AU" % (pick(["DS", "RAD", "OP"]), hl7ts(), nl_digits(10)),
            "OBX|1|ED|%s^%s^LN||^AP^PDF^Base64^%s||||||F" % (pick(["18842-5", "18748-4"]), pick(["Discharge summary", "Diagnostic imaging report"]), shown)]
    return pick(["embedded PDF in OBX-5 (ED type), the EHR chokes on the line length:", "MDM with base64 PDF, sample from TEST:", ""]) + "\n" + fence(J(segs))


def du_html_report():
    uri = img_uri("png")
    return pick(["report header template - the logo is inlined so the PDF renderer doesn't need network:", "template snippet:", ""]) + "\n" + fence(
        J(['<div class="rpt-header">', '  <img alt="NRH logo" width="%d" height="%d" src="%s"/>' % (R.randint(16, 64), R.randint(16, 64), uri),
           '  <span class="rpt-title">%s</span>' % pick(["Radiology Report", "Laboratory Results", "Discharge Summary", "Pathology Report"]), "</div>"]), "html")


def du_css():
    a = img_uri(pick(["svg", "png", "gif"]))
    sel = pick([".status-icon--critical", ".bed-dirty", ".ward-badge::before", ".result-flag-hh", ".pump-offline", ".sticky-note"])
    return pick(["CSS for the bed board tile icons:", "portal theme override:", "", "CSS de l'écran de lits :"]) + "\n" + fence(
        "%s {\n  width: 16px;\n  height: 16px;\n  background: url(\"%s\") no-repeat center;\n}" % (sel, a), "css")


def du_mirth_js():
    lines = ["// destination transformer: wrap rendered PDF as data URI for the portal",
             "var pdfBytes = FileUtil.readBytes('/opt/iface/render/' + $('docId') + '.pdf');",
             "var uri = 'data:application/pdf;base64,' + FileUtil.encode(pdfBytes);",
             "channelMap.put('docUri', uri);",
             "logger.debug('docUri=' + uri.substring(0, %d));" % R.randint(40, 80)]
    log = "%s DEBUG (transformer:?): docUri=%s" % (logts(), ("data:application/pdf;base64," + b64(pdf_bytes()))[:R.randint(60, 100)])
    return fence(J(lines), "js") + "\nlog:\n" + fence(log)


def du_cda():
    p = b64(png_bytes(R.randint(2, 8), R.randint(2, 8)))
    return pick(["CCD from the outside hospital has the ECG thumbnail inline:", "observationMedia sample:", ""]) + "\n" + fence(
        J(['<observationMedia classCode="OBS" moodCode="EVN" ID="MM%d">' % R.randint(1, 99), '  <value xsi:type="ED" mediaType="image/png" representation="B64">%s</value>' % p,
           "</observationMedia>"]), "xml")


def du_dicom():
    enc = b64(dicom_part10_bytes())
    return pick(["the viewer's 'copy as data URI' export for the phantom slice (preamble is all zeros, hence the AAAA):",
                 "DICOM P10 as data URI, our router logs it like this:", ""]) + "\n" + fence("data:application/dicom;base64," + trunc_b64(enc, R.randint(200, 260)))


def du_wav():
    enc = b64(wav_bytes())
    return pick(["dictation test tone the Auralis client uploads on login (harmless):", "audio check payload from the dictation mic test:", ""]) + "\n" + fence(
        '{"probe":"mic-check","audio":"data:audio/wav;base64,%s"}' % enc, "json")


def du_markdown():
    return "%s\n![%s](%s)" % (pick(["ticket description pasted from the portal (screenshot inlined):", "see icon below", ""]), pick(["bed-status", "legend", "icon"]), img_uri(pick(["png", "gif", "svg"])))


def du_fhir_binary():
    txt = pick(["Interface test note - ignore", "ZZTEST consult note placeholder", "Result comment: specimen hemolyzed, recollect (TEST)"])
    d = {"resourceType": "Binary", "id": hexs(16), "contentType": "text/plain", "data": b64(txt.encode())}
    return pick(["Binary from the test server, it's just a text note:", "", "Binary de prueba:"]) + "\n" + fence(json.dumps(d, indent=2), "json")


def du_sourcemap():
    sm = {"version": 3, "file": "bedboard.%s.js" % hexs(8), "sources": ["src/%s.ts" % pick(["tile", "census", "wardFilter", "bedStatus"])], "names": [], "mappings": "AAAA,SAAS,GAAG;" + rs("ACEGIKMOQSUWYacegikmoqsuwy", R.randint(8, 30))}
    return pick(["bundle ends with an inline sourcemap in prod, should we strip it?", "inline sourcemap:", ""]) + "\n" + fence(
        "!function(){var e=%d;/* ... */}();\n//# sourceMappingURL=data:application/json;charset=utf-8;base64,%s" % (R.randint(1, 99), b64(json.dumps(sm).encode())), "js")


def du_csp():
    u = img_uri(pick(["png", "svg", "gif"]))
    return "console in the EHR-embedded viewer:\n" + fence("Refused to load the image '%s' because it violates the following Content Security Policy directive: \"img-src 'self' https://pacs-viewer.nrh.local\"." % trunc_b64(u, R.randint(50, 90)))


def du_font():
    enc = b64(woff2_head())
    return pick(["wristband label template inlines the Code128 font:", "barcode font for specimen labels:", ""]) + "\n" + fence(
        "@font-face {\n  font-family: 'NRHCode128';\n  src: url(data:font/woff2;base64,%s) format('woff2');\n}" % trunc_b64(enc + rs(B64STD, 120), R.randint(50, 90)), "css")


def du_hl7_text_uri():
    m = J([msh(pick(["ADT^A04^ADT_A01", "ORM^O01^ORM_O01"])), test_pid()]).replace("\n", "\r")
    return pick(["the portal sends the HL7 as a data URI to the preview endpoint:", "payload in the browser devtools:", ""]) + "\n" + fence("data:application/hl7-v2;base64,%s" % b64(m.encode()))


def du_svg_percent():
    s = svg_text().replace("<", "%3C").replace(">", "%3E").replace('"', "'").replace("#", "%23").replace(" ", "%20")
    return pick(["non-base64 svg data URI variant (works better in IE mode):", ""]) + "\n" + fence("background-image: url(\"data:image/svg+xml,%s\");" % s, "css")


def du_jupyter():
    out = {"output_type": "display_data", "data": {"image/png": b64(png_bytes(R.randint(4, 12), R.randint(4, 12))), "text/plain": ["<Figure size 640x480 with 1 Axes>"]}, "metadata": {}}
    return pick(["TAT analysis notebook cell output (tiny placeholder plot):", "notebook diff is huge because of this:", ""]) + "\n" + fence(json.dumps(out, indent=1), "json")


def du_py_fixture():
    return fence(J(["# tests/test_thumbnails.py", "PHANTOM_THUMB_PNG = (", '    "%s"' % b64(png_bytes()), ")", "",
                    "def test_thumbnail_roundtrip():", "    raw = base64.b64decode(PHANTOM_THUMB_PNG)", "    assert raw[:8] == b'\\x89PNG\\r\\n\\x1a\\n'"]), "python")


def du_echo_decode():
    m = J([msh("ACK^A01^ACK"), "MSA|AA|%s" % nl_digits(10)])
    enc = b64(m.replace("\n", "\r").encode())
    return fence("$ echo '%s' | base64 -d | tr '\\r' '\\n'\n%s" % (enc, m))


def du_gif_pixel():
    return pick(["tracking pixel in the vendor's report HTML (harmless 1x1):", "1x1 spacer gif in the old RIS templates:"]) + "\n`<img src=\"%s\" width=\"1\" height=\"1\">`" % img_uri("gif")


DU_TEMPLATES = [du_fhir_docref, du_obx_ed, du_html_report, du_css, du_mirth_js, du_cda, du_dicom, du_wav, du_markdown, du_fhir_binary,
                du_sourcemap, du_csp, du_font, du_hl7_text_uri, du_svg_percent, du_jupyter, du_py_fixture, du_echo_decode, du_gif_pixel]


# ---- placeholder_example ---------------------------------------------------------------------
def ph_env_example():
    lines = ["# .env.example for fhir-facade - copy to .env and fill from the vault", "FHIR_BASE_URL=https://fhir-tst.nrh.internal/r4",
             "FHIR_CLIENT_ID=%s" % pick(["fhir-facade-dev", "<client-id>", "mirth-fhir-bridge"]),
             "FHIR_CLIENT_SECRET=%s" % pick(["", "<client-secret>", "changeme", "REPLACE_ME", "${vault:kv/iface/fhir#client_secret}"]),
             "MIRTH_DB_URL=jdbc:postgresql://localhost:5432/mirthdb", "MIRTH_DB_USER=mirth",
             "MIRTH_DB_PASSWORD=%s" % pick(["", "<set-me>", "changeme", "xxxxxxxx", "dev-only-not-a-secret"]),
             "SLACK_BOT_TOKEN=%s" % pick(["xoxb-your-bot-token", "xoxb-...", "<xoxb-token>", ""]),
             "OPENAI_API_KEY=%s" % pick(["sk-...", "", "<optional, pilot only>", "sk-proj-xxxx"])]
    return pick(["updated the example env, nothing real in it:", "", "example env for new starters:"]) + "\n" + fence(J(lines), "bash")


def ph_config_map():
    rows = ["KEY                          VALUE                                   COMMENT",
            "reflab.sftp.host             sftp.reflab.example                     prod in vault",
            "reflab.sftp.user             ${secret:reflab/sftp#user}",
            "reflab.sftp.password         ${secret:reflab/sftp#password}          resolved at deploy",
            "db.password                  ********                                masked by UI",
            "fhir.client_secret           <from key vault>",
            "pacs.qr.aet                  %s" % pick(AETS)]
    return pick(["Mirth configuration map export (values are references, not secrets):", "config map after the cleanup:", ""]) + "\n" + fence(J(rows))


def ph_compose():
    pw = pick(["changeme", "mirth", "postgres", "example"])
    lines = ["services:", "  mirth:", "    image: nextgenhealthcare/connect:4.5.2", "    environment:", "      - DATABASE=postgres",
             "      - DATABASE_URL=jdbc:postgresql://db:5432/mirthdb", "      - DATABASE_USERNAME=mirthdb", "      - DATABASE_PASSWORD=%s" % pw,
             "    ports: [\"8443:8443\", \"6661:6661\"]", "  db:", "    image: postgres:16", "    environment:",
             "      POSTGRES_USER: mirthdb", "      POSTGRES_PASSWORD: %s   # local dev only" % pw]
    return pick(["local dev compose - default creds, never used outside the laptop:", "docker-compose for the training VM", ""]) + "\n" + fence(J(lines), "yaml")


def ph_jdbc_template():
    return pick(["connection string template for the Clarity extract:", "Vorlage:", ""]) + "\n" + fence(pick([
        "jdbc:sqlserver://<host>:1433;databaseName=<db>;user=<svc_user>;password=<from-vault>;encrypt=true",
        "Server=sqlprd03;Database=IFACE;User Id=svc_iface;Password=*****;TrustServerCertificate=False",
        "postgresql://<user>:<password>@<host>:5432/mirthdb",
        "Data Source=<server>;Initial Catalog=Staging;User ID=${DB_USER};Password=${DB_PASS}"]))


def ph_url_templates():
    return pick(["sftp://${SFTP_USER}:${SFTP_PASS}@sftp.reflab.example/outbound",
                 "smb://<svc-account>:<password>@nas01/dicom-inbox",
                 "amqp://guest:guest@localhost:5672/  (rabbit default, dev only)",
                 "https://user:password@localhost:8080/r4 - that's the literal example from the vendor doc, not real creds",
                 "mllp://iface-prd-01.nrh.local:6661 (no credentials in MLLP, auth is via TLS client cert)"])


def ph_pem():
    lab = pick(["PRIVATE KEY", "RSA PRIVATE KEY", "EC PRIVATE KEY", "OPENSSH PRIVATE KEY"])
    body = pick(["...", "<paste key here>", "MIIEv...(snip)...", "REDACTED", "…"])
    return pick(["format the vendor expects for the client cert upload (do NOT paste the real one here):", "template from the runbook:", ""]) + "\n" + fence(
        "-----BEGIN %s-----\n%s\n-----END %s-----" % (lab, body, lab))


def ph_redacted_logs():
    lines = []
    for _ in range(R.randint(3, 7)):
        lines.append(pick(["%s INFO  SftpConnector: login user=svc_reflab password=[REDACTED] host=sftp.reflab.example",
                           "%s DEBUG HttpSender: Authorization: Bearer ***",
                           "%s WARN  TokenClient: refresh failed, client_secret=<redacted>, status=401",
                           "%s INFO  DbPool: jdbc:postgresql://db:5432/mirthdb user=mirth password=******",
                           "%s DEBUG PID-19=[MASKED] PID-13=[MASKED] (masking filter active)",
                           "%s INFO  SmartAuth: access_token=eyJhbGciOi...(truncated) expires_in=300"]) % iso())
    return pick(["masking works, see:", "logs after enabling the redaction filter", ""]) + "\n" + fence(J(lines))


def ph_hl7_template():
    segs = ["MSH|^~\\&|{{SENDING_APP}}|{{SENDING_FAC}}|{{RECV_APP}}|{{RECV_FAC}}|{{TS}}||ADT^A04^ADT_A01|{{CTRL_ID}}|P|2.5.1",
            "PID|1||{{MRN}}^^^{{FAC}}^MR||{{FAMILY}}^{{GIVEN}}||{{DOB}}|{{SEX}}|||{{ADDR}}||{{PHONE_HOME}}|||||{{ACCOUNT}}|{{SSN}}",
            "PV1|1|{{CLASS}}|{{WARD}}^{{ROOM}}^{{BED}}"]
    if R.random() < 0.5:
        segs[1] = "PID|1||<MRN>^^^NRH^MR||<LAST>^<FIRST>||<YYYYMMDD>|<F/M/U>|||<street>^^<city>^<st>^<zip>||<phone>|||||<acct>|***-**-****"
    return pick(["template for the vendor spec (placeholders only):", "this is the shape we send, fields in braces get filled:", ""]) + "\n" + fence(J(segs))


def ph_smart_docs():
    lines = ["POST /oauth2/token", "Content-Type: application/x-www-form-urlencoded", "",
             "grant_type=client_credentials&scope=system/*.read&client_assertion_type=urn:ietf:params:oauth:client-assertion-type:jwt-bearer&client_assertion=<signed JWT>",
             "", "-> 200 {\"access_token\":\"eyJhbGciOiJSUzM4NCIs...\",\"token_type\":\"bearer\",\"expires_in\":300}", "",
             "GET /r4/Observation?_lastUpdated=gt2025-01-01", "Authorization: Bearer <access_token>"]
    return pick(["backend-services flow for the lab bridge, per the SMART spec:", "doc snippet:", ""]) + "\n" + fence(J(lines))


def ph_vendor_prefixes():
    return pick(["For the alert bot you need a bot token (starts with `xoxb-`), not a user token (`xoxp-`). Put it in vault at kv/iface/slack.",
                 "GitHub: use a fine-grained token (`github_pat_...`) scoped to the channel-export repo; classic `ghp_...` tokens are blocked by policy.",
                 "the pilot keys look like `sk-ant-api03-...` / `sk-proj-...`; if you see one in a channel export, ping security",
                 "AWS: access key ids start with AKIA (long-term) or ASIA (STS). The docs example is AKIAIOSFODNN7EXAMPLE - that's what's in our wiki too.",
                 "Placeholders in the runbook: `<SLACK_BOT_TOKEN>`, `<FHIR_CLIENT_SECRET>`, `<SFTP_PASSWORD>`; none of them are filled in."])


def ph_aws_example():
    lines = ["$ aws configure --profile vna-archive-tst", "AWS Access Key ID [None]: AKIAIOSFODNN7EXAMPLE",
             "AWS Secret Access Key [None]: <your-secret-access-key>", "Default region name [None]: us-east-2", "Default output format [None]: json"]
    return pick(["runbook step for the archive tier (values from the AWS docs):", "copied from the AWS docs example:"]) + "\n" + fence(J(lines))


def ph_stripe_test():
    return pick(["patient-payment portal QA: use the Stripe test card 4242 4242 4242 4242, any future expiry, any CVC",
                 "test card for the self-pay kiosk in TEST: 4242424242424242 (Stripe's documented test number)",
                 "reminder: only 4242-4242-4242-4242 in UAT, real cards get declined by the test gateway anyway"])


def ph_iban_textbook():
    return pick(["the billing interface spec uses the textbook IBAN DE89 3704 0044 0532 0130 00 in its examples; our parser test uses the same",
                 "sample remittance from the spec: IBAN GB82WEST12345698765432 (the standard example one), BIC WESTGB2L",
                 "unit test fixture: `iban = \"DE89370400440532013000\"  # ISO 13616 example, not a real account`"])


def ph_masked():
    return pick(["portal screen for the test guarantor shows card •••• %d and phone (***) ***-**%02d - masking looks right" % (R.randint(1000, 9999), R.randint(0, 99)),
                 "PID-19 arrives as ***-**-**** now, PID-13 as ^PRN^PH^^^***^*******",
                 "bank details on the vendor form: IBAN DE** **** **** **** **%02d %02d (masked by AP)" % (R.randint(0, 99), R.randint(0, 99)),
                 "card on file for the PACS support portal: xxxx-xxxx-xxxx-%04d, exp **/**" % R.randint(0, 9999),
                 "SSN field on the test registration: XXX-XX-XXXX (empty mask)"])


def ph_k8s_secret():
    lines = ["apiVersion: external-secrets.io/v1beta1", "kind: ExternalSecret", "metadata:", "  name: %s-creds" % pick(["mirth", "fhir-facade", "dicom-router"]),
             "spec:", "  secretStoreRef: {name: vault-backend, kind: ClusterSecretStore}", "  data:", "    - secretKey: password",
             "      remoteRef: {key: kv/iface/%s, property: password}" % pick(["mirthdb", "reflab-sftp", "pacs-qr"]),
             "    - secretKey: client_secret", "      remoteRef: {key: kv/iface/fhir, property: client_secret}"]
    return pick(["no secret values in git, only references:", "ESO manifest for review", ""]) + "\n" + fence(J(lines), "yaml")


def ph_default_creds():
    rows = ["| system | default login | changed on install? |", "|---|---|---|", "| Mirth Connect admin UI | admin / admin | yes (%s) |" % inc(),
            "| Orthanc test | orthanc / orthanc | yes |", "| dcm4chee-arc UI | admin / changeit | pending |", "| pump gateway web | service / service | n/a (no network) |"]
    return pick(["vendor defaults we must change (checklist for the new TEST stack):", "hardening checklist:"]) + "\n" + J(rows)


def ph_slack_webhook():
    if R.random() < 0.6:
        ch = pick(CHANNELS)
        return pick(["alert template for %s:" % ch, "webhook config (placeholder from Slack's docs) for %s" % ch, "%s alert destination, not wired up yet:" % ch]) + "\n" + fence(
            J(["alerts:", "  channel: %s" % ch, "  on: [%s]" % ", ".join(R.sample(["error", "queue_gt_500", "connector_down", "ack_timeout", "filtered_spike"], R.randint(1, 3))),
               "  slack_webhook_url: https://hooks.slack.com/services/T00000000/B00000000/XXXXXXXXXXXXXXXXXXXXXXXX  # TODO real one from vault"]), "yaml")
    return pick(["the Mirth alert template uses the doc example https://hooks.slack.com/services/T00000000/B00000000/XXXXXXXXXXXXXXXXXXXXXXXX - replace per channel",
                 "`SLACK_WEBHOOK_URL=https://hooks.slack.com/services/T00000000/B00000000/XXXXXXXXXXXXXXXXXXXXXXXX` is the placeholder in the repo"])


def ph_tf_vars():
    lines = ['variable "fhir_client_secret" {', "  type      = string", "  sensitive = true", "}", "",
             "# terraform.tfvars.example", 'fhir_client_secret = "set-in-pipeline"', 'mirth_db_password  = "<from-key-vault>"']
    return pick(["tf vars for the integration RG:", ""]) + "\n" + fence(J(lines), "hcl")


def ph_curl_envvars():
    return fence(pick(['curl -u "$FHIR_USER:$FHIR_PASS" https://fhir-tst.nrh.internal/r4/metadata',
                       'curl -H "Authorization: Bearer $TOKEN" https://fhir-tst.nrh.internal/r4/Patient?identifier=urn:oid:%s|%s' % ("2.16.840.1.113883.3.%d" % R.randint(100, 9999), test_mrn()),
                       'sshpass -p "$SFTP_PASSWORD" sftp -oBatchMode=no -oUser=svc_reflab sftp.reflab.example',
                       'export PGPASSWORD=<ask-dba>; psql -h sqlprd03 -U svc_iface iface']), "bash")


def ph_fhir_masked_patient():
    d = {"resourceType": "Patient", "id": "zztest-%d" % R.randint(1, 99), "identifier": [
        {"system": "urn:oid:2.16.840.1.113883.3.%d" % R.randint(100, 9999), "value": test_mrn()},
        {"system": "http://hl7.org/fhir/sid/us-ssn", "value": pick(["***-**-****", "<redacted>", "XXX-XX-XXXX"])}],
        "name": [{"family": "ZZTEST", "given": [pick(["ALPHA", "BRAVO", "INTERFACE"])]}],
        "telecom": [{"system": "phone", "value": pick(["<redacted>", "(***) ***-****", "[MASKED]"])}, {"system": "email", "value": "<redacted>"}],
        "birthDate": "1900-01-01"}
    return pick(["masked test patient as returned by the de-id proxy:", ""]) + "\n" + fence(json.dumps(d, indent=2), "json")


PH_TEMPLATES = [ph_env_example, ph_config_map, ph_compose, ph_jdbc_template, ph_url_templates, ph_pem, ph_redacted_logs, ph_hl7_template,
                ph_smart_docs, ph_vendor_prefixes, ph_aws_example, ph_stripe_test, ph_iban_textbook, ph_masked, ph_k8s_secret,
                ph_default_creds, ph_slack_webhook, ph_tf_vars, ph_curl_envvars, ph_fhir_masked_patient]


# ---- code_identifier -------------------------------------------------------------------------
def ci_mirth_js():
    v = pick(["fhirClientSecretRef", "sftpPasswordKey", "slackBotTokenVaultPath", "smartPrivateKeyAlias"])
    lines = ["// %s - source filter + transformer" % pick(CHANNELS),
             "var %s = configurationMap.get('%s');   // vault path, resolved by the secrets plugin" % (v, pick(["iface.fhir.clientSecretPath", "reflab.sftp.passwordRef", "alerts.slack.tokenRef"])),
             "var pid19 = msg['PID']['PID.19']['PID.19.1'].toString();",
             "if (pid19.length > 0) { msg['PID']['PID.19']['PID.19.1'] = ''; channelMap.put('ssnStripped', true); }",
             "var homePhone = msg['PID']['PID.13']['PID.13.1'].toString();",
             "channelMap.put('hasPatientPhone', homePhone.length > 0);",
             "var tokenExpiresAt = $gc('smartTokenExpiresAt') || 0;",
             "if (Date.now() > tokenExpiresAt - 30000) { refreshSmartAccessToken(%s); }" % v]
    return pick(["transformer after review, no literals any more:", "how we strip PID-19 before the dietary destination:", ""]) + "\n" + fence(J(lines), "js")


def ci_java_trace():
    frames = ["ca.uhn.hl7v2.parser.PipeParser.doParse(PipeParser.java:%d)" % R.randint(200, 400),
              "ca.uhn.hl7v2.parser.Parser.parse(Parser.java:%d)" % R.randint(200, 300),
              "com.mirth.connect.plugins.datatypes.hl7v2.ER7Serializer.toXML(ER7Serializer.java:%d)" % R.randint(100, 300),
              "com.mirth.connect.donkey.server.channel.Channel.dispatchRawMessage(Channel.java:%d)" % R.randint(1000, 1400),
              "com.mirth.connect.connectors.tcp.TcpReceiver$1$1.call(TcpReceiver.java:%d)" % R.randint(400, 600),
              "java.base/java.util.concurrent.FutureTask.run(FutureTask.java:317)",
              "java.base/java.lang.Thread.run(Thread.java:1583)"]
    head = pick(["ca.uhn.hl7v2.model.DataTypeException: Failed validation rule for value \"%s\": Length 40 exceeds 20 (PID-19 SSN Number - Patient)" % ("x" * 40),
                 "ca.uhn.fhir.rest.server.exceptions.AuthenticationException: HTTP 401 Unauthorized: invalid_client (client secret expired)",
                 "com.nrh.iface.secrets.SecretResolutionException: no value for path kv/iface/reflab-sftp#password",
                 "ca.uhn.hl7v2.HL7Exception: Can't XML-encode a GenericSegment: ZPW (ZPW = custom pager/phone segment)"])
    return pick(["stack from the ADT channel error tab:", "error after the secrets plugin upgrade", ""]) + "\n" + fence(head + "\n" + J("\tat " + f for f in frames))


def ci_python_deid():
    kws = ["PatientName", "PatientID", "OtherPatientIDsSequence", "PatientBirthDate", "PatientTelephoneNumbers", "PatientAddress",
           "MilitaryRank", "EthnicGroup", "ReferringPhysicianTelephoneNumbers", "InstitutionAddress", "AccessionNumber",
           "PatientMotherBirthName", "MedicalRecordLocator", "PatientInsurancePlanCodeSequence", "ResponsiblePerson", "RequestingPhysician"]
    kws = R.sample(kws, R.randint(6, 12))
    var = pick(["BLANK_TAGS", "PHI_KEYWORDS", "DEID_BLANK", "CONTACT_TAGS"])
    lines = ["from pydicom.dataset import Dataset", "", "%s = (" % var] + \
            ['    "%s",' % k for k in kws] + [")", "",
             "def %s(ds: Dataset, keep_last4_phone: bool = False) -> Dataset:" % pick(["redact_patient_contact", "blank_contact_fields", "scrub_phi_keywords"]),
             "    for kw in %s:" % var, "        if kw in ds:", '            ds.data_element(kw).value = ""', "    return ds", "",
             "def hash_ssn_for_linkage(raw_ssn: str, salt_ref: str = \"kv/deid/linkage#salt\") -> str:",
             '    """salt is fetched from vault at runtime; never stored in code"""', "    ..."]
    return pick(["de-id helper for the research export:", "PR: keep PatientTelephoneNumbers blank too", ""]) + "\n" + fence(J(lines), "python")


def ci_sql():
    lines = ["SELECT e.enc_csn_id, e.pat_id, p.ssn_last4, p.home_phone_masked, p.email_opt_in,",
             "       c.card_token_ref, c.card_last4, c.iban_country, i.api_token_id",
             "FROM   stg.encounter e", "JOIN   stg.patient_contact p ON p.pat_id = e.pat_id",
             "LEFT JOIN billing.payment_method c ON c.guarantor_id = e.guarantor_id",
             "LEFT JOIN iface.outbound_credential i ON i.channel_name = 'DFT_CHARGES'",
             "WHERE  e.contact_date >= DATEADD(day, -%d, GETDATE())" % R.randint(1, 30), "  AND  p.password_reset_required = 0;"]
    return pick(["query for the billing interface audit (only tokens/last4 columns):", "does the staging view still have ssn_full? it shouldn't", ""]) + "\n" + fence(J(lines), "sql")


def ci_csharp():
    cls = pick(["FhirTokenProvider", "SmartBackendTokenProvider", "LabBridgeAccessTokenSource", "ImagingFhirAuthHandler"])
    lines = ["public sealed class %s : IAccessTokenProvider" % cls, "{",
             "    private readonly ISecretProvider _secretProvider;", "    private const string ClientSecretName = \"%s\";" % pick(["fhir-facade-client-secret", "lab-bridge-client-secret", "imaging-fhir-secret"]),
             "    private const string SigningKeyName = \"%s\";" % pick(["smart-backend-signing-key", "smart-es256-key", "jwks-signing-key-%d" % R.randint(1, 9)]),
             "    private static readonly TimeSpan RefreshSkew = TimeSpan.FromSeconds(%d);" % R.choice([15, 30, 45, 60]), "",
             "    public async Task<string> GetAccessTokenAsync(CancellationToken ct)", "    {",
             "        var clientSecret = await _secretProvider.GetSecretAsync(ClientSecretName, ct);",
             "        var assertion = _jwtFactory.CreateClientAssertion(await _secretProvider.GetKeyAsync(SigningKeyName, ct));",
             "        return (await _tokenClient.RequestClientCredentialsTokenAsync(assertion, ct)).AccessToken;", "    }", "}"]
    return pick(["C# side of the gateway:", "", "review please:"]) + "\n" + fence(J(lines), "csharp")


def ci_tf_state():
    addrs = ["azurerm_key_vault.iface", "azurerm_key_vault_secret.mirth_db_password", "azurerm_key_vault_secret.fhir_client_secret",
             "azurerm_key_vault_secret.reflab_sftp_private_key", "azurerm_key_vault_key.smart_backend_signing_key",
             "module.mirth.azurerm_linux_virtual_machine.iface[0]", "module.mirth.azurerm_linux_virtual_machine.iface[1]",
             "aws_secretsmanager_secret.slack_alert_bot_token", "aws_s3_bucket.vna_archive_tst", "aws_iam_access_key.vna_sync_user",
             "module.fhir.kubernetes_secret_v1.client_credentials"]
    R.shuffle(addrs)
    return "$ terraform state list | grep -i -E 'secret|key|password|token'\n" + fence(J(addrs[:R.randint(4, 9)]))


def ci_kubectl():
    rows = ["NAME                                   READY   STATUS             RESTARTS   AGE"]
    for app in R.sample(["fhir-facade", "hl7-router", "dicom-router", "mirth-connect", "token-refresher", "secret-sync", "deid-proxy", "bedboard-api"], R.randint(3, 7)):
        rows.append("%-38s %-7s %-18s %-10d %dd" % ("%s-%s-%s" % (app, rs("bcdfghjklmnpqrstvwxz2456789", 10), rs("bcdfghjklmnpqrstvwxz2456789", 5)),
                                                   pick(["1/1", "2/2", "0/1"]), pick(["Running", "Running", "CrashLoopBackOff", "Pending"]), R.randint(0, 40), R.randint(1, 90)))
    return pick(["$ kubectl -n integration get pods", "token-refresher keeps crashlooping:", ""]) + "\n" + fence(J(rows))


def ci_field_map():
    fm = [("PID-3", "patient_identifier_list"), ("PID-5", "patient_name"), ("PID-7", "date_time_of_birth"), ("PID-11", "patient_address"),
          ("PID-13", "phone_number_home"), ("PID-14", "phone_number_business"), ("PID-18", "patient_account_number"),
          ("PID-19", "ssn_number_patient"), ("PID-20", "drivers_license_number"), ("NK1-5", "phone_number_next_of_kin"), ("GT1-12", "guarantor_ssn")]
    fm = sorted(R.sample(fm, R.randint(5, 11)), key=lambda x: fm.index(x))
    lines = ["PID_FIELDS = {"] + ['    "%s": "%s",' % f for f in fm] + ["}",
             "SCRUB_FOR_DIETARY = {k for k, v in PID_FIELDS.items() if v.startswith((\"phone\", \"ssn\", \"drivers\"))}"]
    return pick(["field map used by the scrubber:", "", "Feldzuordnung:"]) + "\n" + fence(J(lines), "python")


def ci_fhir_profile():
    ids = ["Patient.identifier:ssn", "Patient.identifier:ssn.system", "Patient.identifier:ssn.value", "Patient.telecom:phone",
           "Patient.telecom:email", "Patient.extension:birthsex", "Coverage.subscriberId", "Account.guarantor.party",
           "Device.udiCarrier.carrierHRF", "Device.serialNumber", "Specimen.accessionIdentifier"]
    R.shuffle(ids)
    return pick(["profile elements we mark as mustSupport=false for the outbound feed:", "elements to exclude in the bulk export:", ""]) + "\n" + J("- `%s`" % i for i in ids[:R.randint(4, 8)])


def ci_go_panic():
    lines = ["panic: runtime error: invalid memory address or nil pointer dereference", "[signal SIGSEGV: segmentation violation code=0x1 addr=0x18 pc=0x%x]" % R.randint(0x600000, 0x7fffff), "",
             "goroutine %d [running]:" % R.randint(10, 400),
             "git.nrh.local/iface/dicom-router/internal/storescp.(*Handler).handleCStore(0xc000%s, {0xc00%s, 0x%x})" % (hexs(6), hexs(6), R.randint(16, 255)),
             "\t/src/internal/storescp/handler.go:%d +0x%x" % (R.randint(40, 300), R.randint(16, 999)),
             "git.nrh.local/iface/dicom-router/internal/credentials.(*VaultTokenSource).Token(...)",
             "\t/src/internal/credentials/vault.go:%d" % R.randint(20, 200),
             "main.main()", "\t/src/cmd/router/main.go:%d +0x%x" % (R.randint(20, 200), R.randint(16, 999))]
    return pick(["router panicked after the vault token TTL change:", ""]) + "\n" + fence(J(lines))


def ci_feature_flags():
    lines = ["flags:", "  iface.adt.strip_pid19_for_dietary: true", "  iface.fhir.use_private_key_jwt_auth: %s" % pick(["true", "false"]),
             "  iface.alerts.slack_bot_token_from_vault: true", "  pacs.qr.enable_tls_client_cert: %s" % pick(["true", "false"]),
             "  portal.payments.mask_card_last4_only: true", "  lab.reflab.sftp_password_auth_deprecated: true"]
    return pick(["flag state in TEST:", "", "Feature flags:"]) + "\n" + fence(J(lines), "yaml")


def ci_channel_list():
    rows = ["ID                                    NAME                      CONNECTORS"]
    for ch in R.sample(CHANNELS, R.randint(3, 7)):
        rows.append("%s  %-24s  %s" % (uuid4(), ch, ", ".join(R.sample(["Dest1_RIS", "Dest2_Archive", "TokenRefresh_HTTP", "SecretLookup_JS", "AckGen", "Dest_PACS_MWL", "Dest3_FHIR"], R.randint(1, 3)))))
    return pick(["channels with a SecretLookup_JS connector:", "", "list from the CLI:"]) + "\n" + fence(J(rows))


def ci_dotnet_trace():
    lines = ["System.Security.Cryptography.CryptographicException: Keyset does not exist",
             "   at System.Security.Cryptography.X509Certificates.X509Certificate2.get_PrivateKey()",
             "   at Nrh.Integration.Mllp.TlsClientCertificateSelector.SelectClientCertificate(String targetHost) in C:\\build\\src\\Mllp\\TlsClientCertificateSelector.cs:line %d" % R.randint(20, 200),
             "   at Nrh.Integration.Secrets.CertificatePrivateKeyLoader.Load(String thumbprintConfigKey) in C:\\build\\src\\Secrets\\CertificatePrivateKeyLoader.cs:line %d" % R.randint(20, 200),
             "   at Nrh.Integration.Host.Program.Main(String[] args)"]
    return pick(["service account can't read the cert's private key (ACL on the key file):", "after the cert renewal:", ""]) + "\n" + fence(J(lines))


def ci_java_code():
    lines = ["public final class %s {" % pick(["ReflabSftpConfig", "ResultsDropSftpSettings", "OutreachSftpConfig"]),
             '    static final String PASSWORD_VAULT_PATH = "kv/iface/reflab-sftp#password";',
             '    static final String PRIVATE_KEY_ALIAS = "reflab-sftp-ed25519";',
             '    static final Duration TOKEN_REFRESH_SKEW = Duration.ofSeconds(30);',
             "    private final SecretClient secretClient;",
             "    char[] password() { return secretClient.read(PASSWORD_VAULT_PATH).toCharArray(); }", "}"]
    return pick(["", "Java side of the SFTP poller:"]) + "\n" + fence(J(lines), "java")


def ci_logback():
    lines = ['<appender name="IFACE" class="ch.qos.logback.core.rolling.RollingFileAppender">',
             '  <encoder class="ch.qos.logback.core.encoder.LayoutWrappingEncoder">',
             '    <layout class="org.nrh.logging.MaskingPatternLayout">',
             '      <maskPattern>PID\\|(?:[^|]*\\|){18}([^|]*)</maskPattern>  <!-- PID-19 -->',
             '      <maskPattern>(?i)password=([^&amp;\\s]+)</maskPattern>',
             '      <maskPattern>\\b\\d{3}-\\d{2}-\\d{4}\\b</maskPattern>',
             '      <maskPattern>Bearer\\s+([A-Za-z0-9._-]+)</maskPattern>',
             '      <pattern>%d{ISO8601} %-5level [%thread] %logger{36} - %msg%n</pattern>', "    </layout>", "  </encoder>", "</appender>"]
    return pick(["masking layout for the engine logs:", "regexes we mask with (reviewed by privacy):", ""]) + "\n" + fence(J(lines), "xml")


def ci_openapi():
    props = ["phoneLast4: {type: string, pattern: '^[0-9]{4}$'}", "ssnLast4: {type: string, pattern: '^[0-9]{4}$'}",
             "emailVerified: {type: boolean}", "paymentTokenRef: {type: string, format: uuid}", "ibanCountryCode: {type: string, minLength: 2, maxLength: 2}",
             "cardBrand: {type: string, enum: [visa, mastercard, amex, discover]}", "apiKeyId: {type: string, description: 'key id, never the key'}",
             "passwordLastChangedAt: {type: string, format: date-time}"]
    lines = ["components:", "  schemas:", "    %s:" % pick(["GuarantorContact", "PaymentProfile", "PortalAccount", "BillingContact"]), "      type: object", "      properties:"] + \
        ["        " + x for x in R.sample(props, R.randint(3, 7))]
    return pick(["API contract for the billing bridge:", ""]) + "\n" + fence(J(lines), "yaml")


def ci_short_names():
    return pick(["renamed `getPwd()` to `resolveSftpPasswordFromVault()` so nobody thinks it's a literal",
                 "`SmartBackendPrivateKeyJwtAuthenticator` vs `ClientSecretBasicAuthenticator` - the first one is what we want for the lab bridge",
                 "the env var is `MIRTH_KEYSTORE_STOREPASS_FILE`, it points to a file mounted from the secret",
                 "is `PID19_SSN_SCRUB_ENABLED` still read anywhere? grep only finds it in the old channel",
                 "`SlackAlertBotTokenProvider.refreshIfExpired()` is never called from the alert channel",
                 "column `ssn_hash_sha256` is salted, `ssn_last4` is plain - that's by design per privacy",
                 "ich würde `apiKeyHeaderName` in `apiKeyHeaderFieldName` umbenennen, sonst verwechselt man das mit dem Schlüssel selbst",
                 "`reflabSftpPrivateKeyPath` は鍵そのものではなくパスです"])


CI_TEMPLATES = [ci_mirth_js, ci_java_trace, ci_python_deid, ci_sql, ci_csharp, ci_tf_state, ci_kubectl, ci_field_map, ci_fhir_profile,
                ci_go_panic, ci_feature_flags, ci_channel_list, ci_dotnet_trace, ci_java_code, ci_logback, ci_openapi, ci_short_names]


# ---- talk_about_secrets ----------------------------------------------------------------------
TALK = {
    "en": ["Reminder: the Mirth DB service account password rotates on the 1st - update the config map reference, not the channel XML.",
           "Can someone confirm the reference lab SFTP key was re-issued after the vendor laptop incident? I don't need the key, just a yes/no.",
           "Please never paste the FHIR client secret in here; put it in the vault and share the path.",
           "Found PID-19 (SSN) populated in a few ORU messages from the outreach clinic. Privacy ticket opened, the values are NOT in this thread.",
           "The PACS vendor asked for our VPN password by email. Declined, pointed them to the remote-access onboarding instead.",
           "Break-glass account credentials are in the sealed envelope in the server room safe; every opening is logged.",
           "If the access token expires mid-batch the channel queues and retries, so we don't need a longer-lived token.",
           "Rotated the MLLP TLS cert and its private key this morning, old one revoked. New fingerprint is in the CAB record.",
           "Why does the dietary interface get the patient phone number at all? Let's drop PID-13 in the transformer.",
           "Billing says only the last four of a card should ever appear in the DFT feed. Can we assert that in a test?",
           "The secret scanner flagged a hard-coded password in the old TCL scripts; moving those to the keystore this sprint.",
           "Who owns the GitHub token for the channel-export backup job? It should be fine-grained with contents:read only.",
           "The Slack bot token for interface alerts was regenerated, so if #iface-alerts goes quiet, that's why.",
           "IBANs on vendor invoices go to AP only, never into Jira attachments.",
           "The API key for the report-simplification pilot was revoked at the end of the pilot; nothing in prod uses it.",
           "Do not email patient phone numbers or e-mail addresses to the vendor for troubleshooting; use the test patients.",
           "We should stop using password auth for the lab SFTP and switch to key-based auth with a passphrase in the vault.",
           "Heads-up: the AWS access keys for the archive sync user are being replaced with an instance role, so no more static keys.",
           "Please check the screenshot before posting - the last one showed the bed board, which is fine, but double-check for MRNs and phone numbers."],
    "de": ["Das Passwort für den Mirth-Dienstaccount wurde gestern rotiert, bitte nicht per Slack verschicken.",
           "Der private Schlüssel für das MLLP-TLS-Zertifikat liegt nur im HSM, niemand hat eine Kopie.",
           "Bitte keine Versichertennummern oder Telefonnummern von Patienten in Tickets kopieren.",
           "Das Laborsystem schickt wieder die E-Mail-Adresse des Einsenders im OBX mit, das filtern wir im Transformer raus.",
           "Der API-Schlüssel für das Pilotprojekt ist abgelaufen; bitte keinen neuen anlegen, ohne den Datenschutz zu fragen."],
    "fr": ["Le mot de passe du compte de service PACS a expiré, la rotation est prévue ce soir.",
           "Merci de ne jamais coller de jeton d'accès FHIR dans ce canal, même en recette.",
           "Le fournisseur demande la clé privée du certificat : refusé, on génère la CSR de notre côté.",
           "Les numéros de sécurité sociale ne doivent pas apparaître dans les logs du moteur d'interface."],
    "es": ["La contraseña del SFTP del laboratorio de referencia se cambió; la nueva está en el gestor de secretos.",
           "No peguéis números de tarjeta ni IBAN en los tickets de facturación, solo los últimos cuatro dígitos.",
           "El proveedor pidió el token del bot de Slack; le dimos acceso al canal, no el token."],
    "pt": ["A senha do banco do motor de integração foi trocada; atualizem o config map antes do deploy.",
           "O token do bot do Slack apareceu num print? Não, o print estava mascarado, conferi.",
           "Não enviem o CPF nem o telefone de pacientes para o fornecedor, usem os pacientes de teste."],
    "nl": ["Het wachtwoord van de PACS-beheerder staat in de kluis, niet in Confluence.",
           "Kunnen we BSN's uit PID-3 filteren voordat het bericht naar de dieetapplicatie gaat?",
           "De privésleutel van het SFTP-account is vervangen; de oude is ingetrokken."],
    "it": ["La chiave API del progetto pilota è stata revocata, non serve più.",
           "Non condividete le credenziali VPN del fornitore in chat, usate il portale.",
           "Il codice fiscale non deve finire nei log del motore di integrazione."],
    "pl": ["Hasło do konta serwisowego Mirth zostało zmienione, zaktualizujcie mapę konfiguracji.",
           "Nie wklejajcie numerów PESEL ani telefonów pacjentów do zgłoszeń.",
           "Token dostępu do FHIR wygasa po pięciu minutach, to celowe."],
    "ja": ["Mirth のDBパスワードは今夜ローテーションします。チャンネル設定には直書きしないでください。",
           "PACSベンダーから秘密鍵を送ってほしいと言われましたが、断りました。CSRはこちらで作ります。",
           "検査システムからのORUにマイナンバーが入っていないか確認お願いします（値は貼らないでください）。",
           "SlackのボットトークンはVaultに移しました。設定ファイルには残っていません。"],
    "zh": ["FHIR 客户端密钥已经轮换，新的在密钥库里，请不要在群里发。",
           "实验室接口的 SFTP 密码下周过期，请提前在保管库中更新。",
           "不要把患者的身份证号或电话号码贴到工单里。"],
    "ru": ["Пароль сервисной учётки Mirth сменили, обновите карту конфигурации.",
           "Не вставляйте токены доступа FHIR в этот канал, даже тестовые.",
           "Закрытый ключ сертификата MLLP хранится только в HSM."],
    "ko": ["PACS 관리자 비밀번호는 금고에만 있습니다. 슬랙에 올리지 마세요.",
           "검사 인터페이스 토큰이 만료되어 채널이 재시도 중입니다.",
           "환자 주민등록번호가 로그에 남지 않도록 마스킹 필터를 켰습니다."],
    "ar": ["تم تغيير كلمة مرور حساب الخدمة لمحرك التكامل، يرجى تحديث الإعدادات.",
           "لا تنشروا مفاتيح API أو أرقام هواتف المرضى في هذه القناة."],
    "sv": ["Lösenordet till PACS-tjänstekontot har bytts, det nya ligger i valvet.",
           "Klistra inte in personnummer i ärenden, använd testpatienterna."],
    "tr": ["Servis hesabının parolası değiştirildi, yenisi kasada.", "Hasta telefon numaralarını bilet açıklamasına yazmayın."],
    "hi": ["कृपया इस चैनल में पासवर्ड या API कुंजी पेस्ट न करें।", "FHIR क्लाइंट सीक्रेट अब वॉल्ट में है।"],
}


def ta_single():
    lang = pick(list(TALK) + ["en", "en", "en"])
    return pick(TALK[lang])


def ta_combo():
    lang = pick(list(TALK) + ["en", "en"])
    k = min(len(TALK[lang]), R.randint(2, 3))
    return " ".join(R.sample(TALK[lang], k))


def ta_incident():
    what = pick(["a channel export with the SFTP password in a JavaScript connector", "a screenshot of the Mirth dashboard that showed a connection string",
                 "an HL7 sample with PID-19 populated pasted into a vendor ticket", "a FHIR access token pasted into #iface-help",
                 "the Slack bot token committed to the alerts repo", "an AWS access key for the archive sync user in a shell history file"])
    lines = ["*Incident summary - %s*" % inc(), "- What: %s." % what[0].upper() + what[1:], "- Detected by: %s." % pick(["the secret scanner", "a teammate during review", "the vendor, who told us", "DLP on outbound mail"]),
             "- Exposure window: ~%d %s, internal only." % (R.randint(2, 50), pick(["minutes", "hours"])),
             "- Actions: credential rotated, message deleted, %s." % pick(["access logs reviewed (no use)", "repo history rewritten", "vendor ticket redacted", "privacy office notified"]),
             "- No values are reproduced in this summary."]
    return J(lines)


def ta_runbook():
    sys_ = pick(["reference lab SFTP", "Mirth DB", "PACS query/retrieve service account", "FHIR backend client", "Slack alert bot"])
    steps = ["1. Create the new %s credential in the vault (`kv/iface/...`), don't paste it anywhere else." % sys_,
             "2. Update the configuration map reference and redeploy the channel.",
             "3. Verify with a test message (ZZTEST patient) that the connector authenticates.",
             "4. Revoke the old credential and note the change number (%s) in the CMDB." % inc(),
             "5. If anything fails, roll back by re-pointing the reference, never by typing the old value."]
    return "Runbook - rotate the %s credential\n%s" % (sys_, J(steps[:R.randint(3, 5)]))


def ta_qa():
    qa = pick([("where does the SMART client get its secret?", "from Key Vault at startup, never from the channel config."),
               ("can I email the vendor a sample with the real phone number?", "no - use the ZZTEST patients, or mask PID-13."),
               ("is the private key for the lab TLS link backed up?", "only in the HSM backup, escrowed; nobody has a file copy."),
               ("do we need the full card number in the DFT feed?", "no, only the token reference and last four."),
               ("the scanner says 'possible AWS secret' in the DICOM private tags - real?", "no, it was a random base64 blob in a vendor header; closed as false positive."),
               ("what happens if someone posts a token in Slack?", "ping #security-incidents, we revoke first and ask questions later.")])
    return "Q: %s\nA: %s" % qa


def ta_thread():
    handles = ["iface-oncall", "pacs-admin", "lab-it", "privacy-office", "ehr-build", "biomed-it", "security-ops"]
    lines = []
    h, m = R.randint(0, 20), R.randint(0, 59)
    for s in R.sample(TALK["en"], R.randint(2, 4)):
        m += R.randint(1, 25)
        lines.append("[%02d:%02d] %s: %s" % (h + m // 60, m % 60, pick(handles), s))
    return J(lines)


def ta_review():
    return pick(["PR comment: please don't log `tokenResponse` at DEBUG - it contains the access token. Log `expires_in` only.",
                 "Review: the test fixture had a realistic-looking password string; replaced with `not-a-real-password` so the scanner stops complaining.",
                 "nit: the error message includes the SFTP username *and* says 'wrong password'; fine, but don't echo what was typed.",
                 "blocking: this prints the full HL7 message on parse failure, which includes PID-13/PID-19. Print the control ID instead.",
                 "The vendor's sample config ships with a private key placeholder - make sure the installer refuses to start until it's replaced."])


def ta_mixed():
    a, b = R.sample([l for l in TALK if l != "en"], 2)
    return "%s\n(%s)" % (pick(TALK[a]), pick(TALK[b]))


TA_TEMPLATES = [ta_single, ta_single, ta_combo, ta_combo, ta_incident, ta_runbook, ta_qa, ta_thread, ta_review, ta_mixed]


# ==============================================================================================
# POSITIVES
# ==============================================================================================
EMAIL_LOCAL = ["interfaces", "hl7-support", "pacs.admin", "lab-it", "integration.team", "clinical-apps", "servicedesk", "ap-invoices",
               "biomed", "edi-support", "ris.support", "vna-ops", "oncall.iface", "remittance", "escalations", "fhir-onboarding", "imaging.support"]
EMAIL_DOM = ["northbrook-health.org", "corvalis-labsystems.com", "orbis-imaging.de", "medilink-integration.co.uk", "tessera-hit.com",
             "quillon-dx.fr", "halcyonpacs.nl", "northgate-reflab.com", "kestrel-devices.se", "auralis-dictation.it", "veridian-pumps.com"]


def email():
    loc = pick(EMAIL_LOCAL)
    if R.random() < 0.3:
        loc += "." + pick(["t", "ops", "eu", "us"]) + digits(R.randint(2, 4))
    return "%s@%s" % (loc, pick(EMAIL_DOM))


def vhost():
    return pick(["sftp.northgate-reflab.com", "mllp.corvalis-labsystems.com", "vpn.orbis-imaging.de", "fhir.tessera-hit.com", "files.quillon-dx.fr"])


LAST_T = [0]


def choose(opts, t):
    LAST_T[0] = t % len(opts)
    return opts[LAST_T[0]]()


# ---- singles: each returns (text, [values]) ----
def p_anthropic(t):
    v = anthropic_key()
    opts = [lambda: fence("# .env for the discharge-summary drafting pilot\nLLM_PROVIDER=anthropic\nANTHROPIC_API_KEY=%s\nMAX_TOKENS=1024" % v, "bash"),
            lambda: "notebook cell from the radiology impression POC:\n" + fence('import anthropic\nclient = anthropic.Anthropic(api_key="%s")\nresp = client.messages.create(model=MODEL, max_tokens=800, messages=msgs)' % v, "python"),
            lambda: "pilot key for the triage-note summarizer, expires after the demo: %s" % v,
            lambda: fence("apiVersion: v1\nkind: Secret\nmetadata:\n  name: note-summarizer\nstringData:\n  ANTHROPIC_API_KEY: \"%s\"" % v, "yaml"),
            lambda: fence("curl https://api.anthropic.com/v1/messages \\\n  -H \"x-api-key: %s\" \\\n  -H \"anthropic-version: 2023-06-01\" \\\n  -d @impression_prompt.json" % v, "bash")]
    return choose(opts, t), [v]


def p_openai(t):
    v = openai_key()
    opts = [lambda: "report-simplification pilot config:\n" + fence("OPENAI_API_KEY=%s\nOPENAI_MODEL=gpt-4o-mini\nPHI_FILTER=strict" % v, "bash"),
            lambda: fence('from openai import OpenAI\nclient = OpenAI(api_key="%s")  # TODO move to vault before go-live' % v, "python"),
            lambda: "can someone test the ICD coding-assist prototype? key is %s, please don't share outside the team" % v,
            lambda: fence('{\n  "provider": "openai",\n  "apiKey": "%s",\n  "deidBeforeSend": true\n}' % v, "json"),
            lambda: "Der Schlüssel für den Pilot lautet %s - bitte nur im Testsystem verwenden." % v]
    return choose(opts, t), [v]


def p_aws_id(t):
    v = aws_key_id()
    opts = [lambda: "CloudTrail shows AccessKeyId %s used by the VNA sync job at 03:12, is that the old one we were supposed to deactivate?" % v,
            lambda: fence("botocore.exceptions.ClientError: An error occurred (InvalidAccessKeyId) when calling the PutObject operation: The AWS Access Key Id you provided does not exist in our records.\n  AccessKeyId: %s" % v),
            lambda: fence("[vna-archive]\naws_access_key_id = %s\naws_secret_access_key = <moved to vault>\nregion = us-east-2" % v, "ini"),
            lambda: "IAM says %s was last used %d days ago by dicom-router - ok to delete?" % (v, R.randint(30, 200))]
    return choose(opts, t), [v]


def p_aws_secret(t):
    v = aws_secret()
    opts = [lambda: fence("export AWS_ACCESS_KEY_ID=$(vault kv get -field=id kv/iface/vna-sync)\nexport AWS_SECRET_ACCESS_KEY=%s\naws s3 sync /mnt/vna/export s3://nrh-vna-archive-tst/" % v, "bash"),
            lambda: fence('{\n  "archiveTier": "s3",\n  "bucket": "nrh-vna-archive-tst",\n  "accessKeyId": "${VNA_KEY_ID}",\n  "secretAccessKey": "%s"\n}' % v, "json"),
            lambda: "the secret half for the archive user is %s (id is in the ticket), rotate after the migration" % v,
            lambda: fence('s3 = boto3.client("s3", aws_access_key_id=os.environ["VNA_KEY_ID"],\n                  aws_secret_access_key="%s")' % v, "python"),
            lambda: fence("# router.yaml\narchive:\n  s3:\n    key_id: ${VNA_KEY_ID}\n    secret_key: %s" % v, "yaml")]
    return choose(opts, t), [v]


def p_card(t):
    v = credit_card()
    opts = [lambda: "corporate card for the interface engine license renewal: %s exp %02d/%d, billing contact is AP" % (v, R.randint(1, 12), R.randint(26, 30)),
            lambda: "registration for the HL7 working group meeting - I used the department card %s, can someone file the expense?" % v,
            lambda: "found this in a DFT from the self-pay kiosk in PROD, FT1-20 had a full card number: `%s`. Ticket opened." % v,
            lambda: "Tarjeta para la suscripción del visor DICOM: %s (vence %02d/%d)" % (v, R.randint(1, 12), R.randint(26, 30)),
            lambda: "pasting for the vendor portal payment, delete after: card %s CVC %03d" % (v, R.randint(100, 999))]
    return choose(opts, t), [v]


def p_email(t):
    v = email()
    opts = [lambda: "for HL7 spec questions the vendor wants us to write to %s (not the generic support form)" % v,
            lambda: "Mirth alert email destination changed to %s for the lab channels" % v,
            lambda: fence("alerts:\n  - channel: ORU_FROM_LIS\n    on: [error, queue_gt_500]\n    notify: [\"%s\"]" % v, "yaml"),
            lambda: "Kontakt für das Labor-Interface beim Anbieter: %s" % v,
            lambda: "send the FHIR onboarding form to %s and cc the interface team" % v,
            lambda: "問い合わせ先は %s です（PACSベンダー）" % v]
    return choose(opts, t), [v]


def p_gh_classic(t):
    v = gh_classic()
    opts = [lambda: fence("- name: Export channels\n  env:\n    GH_TOKEN: %s\n  run: ./scripts/export-channels.sh" % v, "yaml"),
            lambda: fence("$ echo %s | gh auth login --with-token\n$ gh repo clone nrh-iface/channels" % v, "bash"),
            lambda: "use my PAT for the channel-export repo until the bot account is set up: %s" % v,
            lambda: fence("[github]\ntoken = %s\nrepo = nrh-iface/channels" % v, "ini")]
    return choose(opts, t), [v]


def p_gh_fine(t):
    v = gh_fine()
    opts = [lambda: "fine-grained token for the backup job (contents:read on nrh-iface/channels): %s" % v,
            lambda: fence("export GITHUB_TOKEN=%s\n./backup-channel-exports.sh --repo nrh-iface/channels" % v, "bash"),
            lambda: fence('{\n  "repo": "nrh-iface/code-templates",\n  "token": "%s"\n}' % v, "json"),
            lambda: "Token für das Repo mit den Code-Templates: %s" % v]
    return choose(opts, t), [v]


def p_iban(t):
    v = iban_make()
    opts = [lambda: "bank details for the analyzer maintenance contract (%s): IBAN %s, reference %s" % (pick(VENDORS), v, "PO" + digits(8)),
            lambda: "Bankverbindung für die Wartungsrechnung: IBAN %s, Verwendungszweck Rechnung %s" % (v, digits(7)),
            lambda: "Coordonnées bancaires du prestataire : IBAN %s" % v,
            lambda: fence("vendor_id: %s\npayment:\n  method: SEPA\n  iban: %s\n  currency: EUR" % (digits(6), v), "yaml")]
    return choose(opts, t), [v]


def p_ipv4(t):
    v = public_ip()
    opts = [lambda: "firewall request %s: allow 6661/tcp (MLLP/TLS) from %s to iface-prd-01" % (inc(), v),
            lambda: "the reference lab's SFTP endpoint resolves to %s, they say it changes next month" % v,
            lambda: fence("conn reflab-tunnel\n    left=%%defaultroute\n    right=%s\n    rightsubnet=%s/24\n    auto=start" % (v, priv_ip().rsplit(".", 1)[0] + ".0"), "ini"),
            lambda: "PACS vendor support connects from %s for remote sessions - can you allowlist it on the jump host?" % v,
            lambda: fence("%s - - [%s] \"POST /r4/Observation HTTP/1.1\" 401 187 \"-\" \"HAPI-FHIR/7.2.0\"" % (v, rdt().strftime("%d/%b/%Y:%H:%M:%S +0000")))]
    return choose(opts, t), [v]


def p_jwt(t):
    v = jwt_make()
    opts = [lambda: fence("curl -s https://fhir-tst.nrh-health.org/r4/Observation?category=laboratory \\\n  -H \"Authorization: Bearer %s\"" % v, "bash"),
            lambda: "token from the SMART launch, still valid for ~5 min if you want to try: %s" % v,
            lambda: fence("%s DEBUG TokenClient - received access_token=%s expires_in=300" % (iso(), v)),
            lambda: fence('{\n  "access_token": "%s",\n  "token_type": "bearer",\n  "expires_in": 300,\n  "scope": "system/Observation.write"\n}' % v, "json")]
    return choose(opts, t), [v]


def p_password(t):
    v = password()
    opts = [lambda: fence("# mirth.properties\ndatabase = sqlserver\ndatabase.url = jdbc:jtds:sqlserver://sqlprd03:1433/mirthdb\ndatabase.username = svc_mirth\ndatabase.password = %s" % v, "properties"),
            lambda: "the PACS admin password for the test archive is %s - change it after the upgrade" % v,
            lambda: fence("reflab:\n  sftp:\n    host: sftp.northgate-reflab.com\n    user: nrh_results\n    password: \"%s\"" % v, "yaml"),
            lambda: fence("Server=sqlprd03;Database=IFACE;User Id=svc_iface;Password=%s;Encrypt=True" % v),
            lambda: fence("C:\\> net use \\\\nas01\\dicom-inbox /user:NRH\\svc_dicom %s" % v),
            lambda: fence("keystore.storepass = %s\nkeystore.keypass = ${keystore.storepass}" % v, "properties"),
            lambda: "Passwort für den Servicezugang am Analysegerät (Techniker-Modus): %s" % v,
            lambda: "pw for the ris_ro reporting account: `%s`" % v]
    return choose(opts, t), [v]


def p_phone(t):
    v = phone()
    opts = [lambda: "%s 24/7 support line: %s (have the site ID ready)" % (pick(VENDORS), v),
            lambda: "after-hours number for the reference lab's interface desk: %s" % v,
            lambda: "if the pumps go offline again call their field engineer directly on %s" % v,
            lambda: "Hotline des Herstellers: %s" % v,
            lambda: "numéro d'astreinte du prestataire PACS : %s" % v,
            lambda: "on-call mobile for the dictation vendor this week: %s" % v]
    return choose(opts, t), [v]


def pem_text(kind, layout, lead):
    label, lines = pem_key(kind)
    if layout == 0:
        value = J(lines)
        text = lead + "\n" + fence("-----BEGIN %s-----\n%s\n-----END %s-----" % (label, value, label))
    elif layout == 1:
        value = "\\n".join(lines)
        text = lead + "\n" + fence('{\n  "connector": "reflab-link",\n  "privateKey": "-----BEGIN %s-----\\n%s\\n-----END %s-----\\n"\n}' % (label, value, label), "json")
    else:
        value = "\n    ".join(lines)
        text = lead + "\n" + fence("tls:\n  clientKey: |\n    -----BEGIN %s-----\n    %s\n    -----END %s-----" % (label, value, label), "yaml")
    return text, value


def p_pem(t):
    kind = ["ec", "openssh", "ed25519", "rsa", "rsa8"][t % 5]
    layout = [0, 0, 1, 2][t % 4] if kind != "openssh" else pick([0, 1])
    lead = pick(["client key for the MLLP/TLS link to the reference lab, the vendor needs it on their side:", "SFTP key for the results drop (from the old server):",
                 "signing key for the SMART backend client, registering its JWKS now:", "here's the key the installer generated:", "Schlüssel für den Testserver:"])
    text, value = pem_text(kind, layout, lead)
    return text, [value], "private_key_pem:%s:layout%d" % (kind, layout)


def p_slack_bot(t):
    v = slack_bot()
    opts = [lambda: fence("// alert channel: post to #iface-alerts\nvar SLACK_TOKEN = '%s';\nvar resp = HTTPUtil.post('https://slack.com/api/chat.postMessage', payload, SLACK_TOKEN);" % v, "js"),
            lambda: fence("curl -s -X POST https://slack.com/api/chat.postMessage \\\n  -H 'Authorization: Bearer %s' \\\n  -d channel=C0IFACEALRT -d text='ORU queue > 500'" % v, "bash"),
            lambda: "bot token for the interface alerts app (reinstalled it): %s" % v,
            lambda: fence("SLACK_BOT_TOKEN=%s\nSLACK_CHANNEL=#iface-alerts" % v, "bash")]
    return choose(opts, t), [v]


def p_slack_user(t):
    v = slack_user()
    opts = [lambda: fence("python export_channel_history.py --channel iface-help --token %s" % v, "bash"),
            lambda: "user token for the channel-archive script, scopes channels:history: %s" % v,
            lambda: fence("curl -s 'https://slack.com/api/conversations.history?channel=C0IFACEHLP' -H 'Authorization: Bearer %s'" % v, "bash"),
            lambda: fence('{"slack": {"user_token": "%s", "channel": "iface-help"}}' % v, "json")]
    return choose(opts, t), [v]


def p_url(t):
    v = url_password()
    opts = [lambda: "sftp://nrh_results:%s@sftp.northgate-reflab.com:22/outbound" % v,
            lambda: fence("SQLALCHEMY_URL=mssql+pyodbc://svc_iface:%s@sqlprd03.nrh.local/IFACE?driver=ODBC+Driver+18+for+SQL+Server" % v, "bash"),
            lambda: fence("destination:\n  type: amqp\n  url: amqps://fhir_events:%s@mq01.nrh.local:5671/clinical" % v, "yaml"),
            lambda: "the VNA export share is mounted as smb://svc_dicom:%s@nas01.nrh.local/dicom-inbox" % v,
            lambda: fence("postgres://mirth:%s@mirthdb-tst.nrh.local:5432/mirthdb?sslmode=require" % v),
            lambda: "Verbindungs-URL für den Testserver: https://fhir_tester:%s@fhir-tst.nrh-health.org/r4" % v,
            lambda: fence("ftp://poct_upload:%s@poct-gw01.nrh.local/meters/" % v)]
    return choose(opts, t), [v]


def p_ssn(t):
    v = us_ssn()
    if t % 4 == 1:
        v = v.replace("-", "")
    opts = [lambda: "prod ADT from the outreach clinic has PID-19 populated, e.g.\n" + fence(J([msh("ADT^A04^ADT_A01", "ADT", "DIETARY"),
                                                                                                   "PID|1||%s^^^NRH^MR||***^***||19%02d0101|U||||||||||V%s|%s" % (digits(8), R.randint(40, 99), digits(9), v)])),
            lambda: "oops, the 270 we captured for the eligibility test has a real-format SSN in REF*SY:\n" + fence("NM1*IL*1*****MI*%s~\nREF*SY*%s~\nDMG*D8*19%02d0101~" % (rs(UPPER, 3) + digits(9), v, R.randint(40, 99))),
            lambda: "the test registration in TRAIN used a real-looking SSN %s - someone please confirm it's synthetic before we ship the sample to the vendor" % v,
            lambda: "eligibility check failed for SSN %s (guarantor), retrying via the payer portal" % v]
    return choose(opts, t), [v]


SINGLE = {"anthropic_api_key": p_anthropic, "openai_api_key": p_openai, "aws_access_key_id": p_aws_id, "aws_secret_access_key": p_aws_secret,
          "credit_card": p_card, "email_address": p_email, "github_classic_pat": p_gh_classic, "github_fine_grained_pat": p_gh_fine,
          "iban": p_iban, "ipv4_address": p_ipv4, "jwt": p_jwt, "password": p_password, "phone_number": p_phone, "private_key_pem": p_pem,
          "slack_bot_token": p_slack_bot, "slack_user_token": p_slack_user, "url_credentials": p_url, "us_ssn": p_ssn}


# ---- pairs: each returns (text, [(kind, value), (kind, value)]) ----
def m_aws(t):
    i, s = aws_key_id(), aws_secret()
    opts = [lambda: fence("[vna-sync]\naws_access_key_id = %s\naws_secret_access_key = %s\nregion = us-east-2" % (i, s), "ini"),
            lambda: fence("$ aws configure --profile dicom-archive\nAWS Access Key ID [None]: %s\nAWS Secret Access Key [None]: %s\nDefault region name [None]: us-east-2" % (i, s)),
            lambda: fence("export AWS_ACCESS_KEY_ID=%s\nexport AWS_SECRET_ACCESS_KEY=%s\naws s3 ls s3://nrh-vna-archive-tst/" % (i, s), "bash"),
            lambda: "archive user keys for the migration weekend: id %s / secret %s - deleting this message Monday" % (i, s),
            lambda: fence('<destinationConnector>\n  <name>S3_Archive</name>\n  <properties class="com.mirth.connect.connectors.file.FileDispatcherProperties">\n    <scheme>S3</scheme>\n    <username>%s</username>\n    <password>%s</password>\n  </properties>\n</destinationConnector>' % (i, s), "xml")]
    return choose(opts, t), [("aws_access_key_id", i), ("aws_secret_access_key", s)]


def m_email_phone(t):
    e, p = email(), phone()
    opts = [lambda: "escalation contact at %s: %s / %s" % (pick(VENDORS), e, p),
            lambda: fence("vendor: %s\nsupport:\n  email: %s\n  phone: \"%s\"\n  hours: 24x7" % (pick(VENDORS), e, p), "yaml"),
            lambda: "Ansprechpartner Laborschnittstelle: %s, Tel. %s" % (e, p)]
    return choose(opts, t), [("email_address", e), ("phone_number", p)]


def m_iban_email(t):
    ib, e = iban_make(), email()
    opts = [lambda: "remittance for the PACS maintenance invoice: IBAN %s, send the remittance advice to %s" % (ib, e),
            lambda: "Zahlungsdaten: IBAN %s - Zahlungsavis bitte an %s" % (ib, e)]
    return choose(opts, t), [("iban", ib), ("email_address", e)]


def m_slack_pair(t):
    b, u = slack_bot(), slack_user()
    opts = [lambda: fence("ALERT_BOT_TOKEN=%s\nARCHIVE_USER_TOKEN=%s\nALERT_CHANNEL=#iface-alerts" % (b, u), "bash"),
            lambda: "bot: %s\nuser (for history export): %s\nboth reinstalled after the workspace migration" % (b, u)]
    return choose(opts, t), [("slack_bot_token", b), ("slack_user_token", u)]


def m_jwt_ip(t):
    j, ip = jwt_make(), public_ip()
    opts = [lambda: fence('{"ts":"%s","client_ip":"%s","path":"/r4/DiagnosticReport","status":401,"authorization":"Bearer %s"}' % (iso(), ip, j)),
            lambda: "vendor's test client hit us from %s with this token: %s - it's expired, which explains the 401" % (ip, j)]
    return choose(opts, t), [("jwt", j), ("ipv4_address", ip)]


def m_url_ip(t):
    pw, ip = url_password(), public_ip()
    return "the lab gave us a direct address since DNS isn't set up yet: sftp://nrh_results:%s@%s:22/outbound" % (pw, ip), [("url_credentials", pw), ("ipv4_address", ip)]


def m_pem_ip(t):
    ip = public_ip()
    text, value = pem_text("openssh", 0, "results drop at %s, key below (user nrh_results):" % ip)
    return text, [("private_key_pem", value), ("ipv4_address", ip)]


def m_llm(t):
    o, a = openai_key(), anthropic_key()
    return fence("# note-summarizer pilot, provider comparison\nOPENAI_API_KEY=%s\nANTHROPIC_API_KEY=%s\nDEID_MODE=strict" % (o, a), "bash"), [("openai_api_key", o), ("anthropic_api_key", a)]


def m_gh(t):
    c, f = gh_classic(), gh_fine()
    return "migrating the export job from my classic PAT %s to the new fine-grained one %s - revoke the old one after the next run" % (c, f), [("github_classic_pat", c), ("github_fine_grained_pat", f)]


def m_ssn_card(t):
    s, c = us_ssn(), credit_card()
    return "self-pay kiosk debug dump ended up in the ticket, it contains guarantor SSN %s and card %s - redacting the ticket now" % (s, c), [("us_ssn", s), ("credit_card", c)]


def m_pw_url(t):
    pw, up = password(), url_password()
    return fence("database.url = postgres://mirth:%s@mirthdb-prd.nrh.local:5432/mirthdb\nkeystore.storepass = %s" % (up, pw), "properties"), [("url_credentials", up), ("password", pw)]


PAIRS = [(m_aws, 5), (m_email_phone, 3), (m_iban_email, 2), (m_slack_pair, 2), (m_jwt_ip, 2), (m_url_ip, 1), (m_pem_ip, 1),
         (m_llm, 1), (m_gh, 1), (m_ssn_card, 1), (m_pw_url, 1)]
KINDS = ["anthropic_api_key", "aws_access_key_id", "aws_secret_access_key", "credit_card", "email_address", "github_classic_pat",
         "github_fine_grained_pat", "iban", "ipv4_address", "jwt", "openai_api_key", "password", "phone_number", "private_key_pem",
         "slack_bot_token", "slack_user_token", "url_credentials", "us_ssn"]
PAIR_KINDS = {m_aws: ("aws_access_key_id", "aws_secret_access_key"), m_email_phone: ("email_address", "phone_number"),
              m_iban_email: ("iban", "email_address"), m_slack_pair: ("slack_bot_token", "slack_user_token"),
              m_jwt_ip: ("jwt", "ipv4_address"), m_url_ip: ("url_credentials", "ipv4_address"), m_pem_ip: ("private_key_pem", "ipv4_address"),
              m_llm: ("openai_api_key", "anthropic_api_key"), m_gh: ("github_classic_pat", "github_fine_grained_pat"),
              m_ssn_card: ("us_ssn", "credit_card"), m_pw_url: ("url_credentials", "password")}


# ----------------------------------------------------------------------------------------------
# validation of labelled values
# ----------------------------------------------------------------------------------------------
def valid_value(kind, v):
    if kind == "credit_card":
        d = re.sub(r"[ -]", "", v)
        return d.isdigit() and 13 <= len(d) <= 19 and luhn_ok(d) and d not in ALLOWED_LUHN
    if kind == "iban":
        return iban_valid(v) and v.replace(" ", "") not in ALLOWED_IBAN
    if kind == "us_ssn":
        d = v.replace("-", "")
        return len(d) == 9 and d.isdigit() and 1 <= int(d[:3]) <= 899 and d[:3] != "666" and d[3:5] != "00" and d[5:] != "0000"
    if kind == "ipv4_address":
        return is_public_ip(v)
    if kind == "jwt":
        h, p, s = v.split(".")
        for seg in (h, p):
            json.loads(base64.urlsafe_b64decode(seg + "=" * (-len(seg) % 4)))
        return True
    if kind == "private_key_pem":
        raw = base64.b64decode(re.sub(r"(\\n|\s)", "", v), validate=True)
        return raw[:1] == b"\x30" or raw.startswith(b"openssh-key-v1\x00")
    if kind == "github_classic_pat":
        return len(v) == 40 and v[-6:] == b62_encode(zlib.crc32(v[4:34].encode()) & 0xFFFFFFFF, 6)
    if kind == "github_fine_grained_pat":
        return re.fullmatch(r"github_pat_11[A-Z0-9]{20}_[A-Za-z0-9]{59}", v) is not None
    if kind == "aws_access_key_id":
        return re.fullmatch(r"(AKIA|ASIA)[A-Z2-7]{16}", v) is not None and "EXAMPLE" not in v
    if kind == "aws_secret_access_key":
        return re.fullmatch(r"[A-Za-z0-9+/]{40}", v) is not None
    if kind == "email_address":
        return EMAIL_RE.fullmatch(v) is not None
    if kind == "phone_number":
        return sum(c.isdigit() for c in v) >= 8
    if kind == "slack_bot_token":
        return v.startswith("xoxb-")
    if kind == "slack_user_token":
        return v.startswith("xoxp-")
    if kind == "openai_api_key":
        return v.startswith("sk-") and "T3BlbkFJ" in v
    if kind == "anthropic_api_key":
        return v.startswith("sk-ant-api03-") and v.endswith("AA") and len(v) == 108
    if kind in ("password", "url_credentials"):
        return len(v) >= 8
    return False


BLANK = "\u2400"


def residual_findings(text, values):
    t = text
    for v in sorted(values, key=len, reverse=True):
        t = t.replace(v, BLANK)
    return scan(t)


# ----------------------------------------------------------------------------------------------
# drivers
# ----------------------------------------------------------------------------------------------
CATS = [("non_credential_blob", NB_TEMPLATES), ("pii_lookalike_number", PL_TEMPLATES), ("data_uri_base64", DU_TEMPLATES),
        ("placeholder_example", PH_TEMPLATES), ("code_identifier", CI_TEMPLATES), ("talk_about_secrets", TA_TEMPLATES)]


def build_negatives():
    seen, out, redraws = set(), [], Counter()
    for cat, tmpls in CATS:
        plan = [tmpls[i % len(tmpls)] for i in range(100)]
        R.shuffle(plan)
        for fn in plan:
            for _ in range(2000):
                text = decorate(fn().lstrip("\n"))
                if text in seen:
                    redraws[(fn.__name__, "duplicate")] += 1
                    continue
                f = scan(text)
                if f:
                    redraws[(fn.__name__, f[0][0])] += 1
                    continue
                break
            else:
                raise SystemExit("negative template %s never passed the scanner" % fn.__name__)
            seen.add(text)
            out.append({"text": text, "category": cat, "_tmpl": fn.__name__})
    R.shuffle(out)
    recs = []
    for i, r in enumerate(out, 1):
        recs.append({"id": "h%dn-%04d" % (N, i), "text": r["text"], "category": r["category"]})
    return recs, out, redraws


def build_positives(seen_texts):
    target = {k: (10 if i < 8 else 9) for i, k in enumerate(KINDS)}
    used = Counter()
    for fn, n in PAIRS:
        for k in PAIR_KINDS[fn]:
            used[k] += n
    singles = {k: target[k] - used[k] for k in KINDS}
    assert all(v >= 0 for v in singles.values()), singles
    jobs = []
    for fn, n in PAIRS:
        for t in range(n):
            jobs.append(("pair", fn, t))
    for k in KINDS:
        for t in range(singles[k]):
            jobs.append(("single", k, t))
    seen_vals, out, redraws = set(), [], Counter()
    for typ, what, t in jobs:
        for _ in range(500):
            if typ == "pair":
                text, pairs = what(t)
                secrets = [{"kind": k, "value": v} for k, v in pairs]
                ctx = "multi:%s:%d" % (what.__name__[2:], t)
            else:
                res = SINGLE[what](t)
                text, vals = res[0], res[1]
                secrets = [{"kind": what, "value": v} for v in vals]
                ctx = res[2] if len(res) > 2 else "%s:t%d" % (what, LAST_T[0])
            text = decorate(text, 0.08, 0.05)
            vals = [s["value"] for s in secrets]
            name = what.__name__ if typ == "pair" else what
            if text in seen_texts or any(v in seen_vals for v in vals):
                redraws[(name, "duplicate")] += 1
                continue
            if not all(s["value"] in text and valid_value(s["kind"], s["value"]) for s in secrets):
                redraws[(name, "invalid")] += 1
                continue
            f = residual_findings(text, vals)
            if f:
                redraws[(name, f[0][0])] += 1
                continue
            break
        else:
            raise SystemExit("positive %s never passed" % name)
        seen_texts.add(text)
        seen_vals.update(vals)
        out.append({"text": text, "secrets": secrets, "context": ctx})
    R.shuffle(out)
    recs = []
    for i, r in enumerate(out, 1):
        recs.append({"id": "h%dp-%04d" % (N, i), "text": r["text"], "secrets": r["secrets"], "context": r["context"]})
    return recs, redraws


def write_jsonl(path, recs):
    with open(path, "w", encoding="utf-8", newline="\n") as f:
        for r in recs:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")


def main():
    negs, neg_raw, nred = build_negatives()
    pos, pred = build_positives(set(r["text"] for r in negs))
    # final re-checks
    assert len(negs) == 600 and len(set(r["text"] for r in negs)) == 600
    assert Counter(r["category"] for r in negs) == Counter({c: 100 for c, _ in CATS})
    for r in negs:
        assert not scan(r["text"]), (r["id"], scan(r["text"]))
    assert len(pos) == 150 and len(set(r["text"] for r in pos)) == 150
    kc = Counter(s["kind"] for r in pos for s in r["secrets"])
    assert sum(kc.values()) == 170 and sum(1 for r in pos if len(r["secrets"]) == 2) == 20
    for r in pos:
        for s in r["secrets"]:
            assert s["value"] in r["text"] and valid_value(s["kind"], s["value"])
        assert not residual_findings(r["text"], [s["value"] for s in r["secrets"]]), r["id"]
    write_jsonl(os.path.join(HERE, "redaction%d_negatives.jsonl" % N), negs)
    write_jsonl(os.path.join(HERE, "redaction%d_positives.jsonl" % N), pos)

    # ---- stats ----
    print("negatives: %d  positives: %d texts / %d secrets" % (len(negs), len(pos), sum(kc.values())))
    idmap = {r["text"]: r["id"] for r in negs}
    for cat, tmpls in CATS:
        rows = [r for r in neg_raw if r["category"] == cat]
        lines = [r["text"].count("\n") + 1 for r in rows]
        print("  %-22s n=%d templates=%d/%d lines min/max %d/%d" % (cat, len(rows), len(set(r["_tmpl"] for r in rows)), len(tmpls), min(lines), max(lines)))
    for cat, tmpls in CATS:
        tc = Counter(r["_tmpl"] for r in neg_raw if r["category"] == cat)
        print("  %s: %s" % (cat, ", ".join("%s=%d" % kv for kv in sorted(tc.items()))))
    lines = [r["text"].count("\n") + 1 for r in negs]
    print("  neg single-line=%d  >=10 lines=%d  >=20 lines=%d  max=%d" % (sum(l == 1 for l in lines), sum(l >= 10 for l in lines), sum(l >= 20 for l in lines), max(lines)))
    ex = defaultdict(list)
    for r in negs:
        for e in allowed_examples(r["text"]):
            ex[e].append(r["id"])
    print("  documented exceptions used in negatives:")
    for e, ids in sorted(ex.items()):
        print("    %-28s %s" % (e, " ".join(sorted(ids))))
    print("  negative redraws by (template, reason):")
    for (t, why), n in sorted(nred.items(), key=lambda x: -x[1])[:40]:
        print("    %-24s %-16s %d" % (t, why, n))
    print("positives per kind:")
    for k in KINDS:
        print("    %-26s %d" % (k, kc[k]))
    print("  positive redraws:", dict(pred))
    cc = Counter(r["context"].rsplit(":", 1)[0] if r["context"].startswith("multi") else r["context"] for r in pos)
    print("  positive contexts:", ", ".join("%s=%d" % kv for kv in sorted(cc.items())))
    pl = [r["text"].count("\n") + 1 for r in pos]
    print("  pos single-line=%d max lines=%d multi=%d" % (sum(l == 1 for l in pl), max(pl), sum(1 for r in pos if len(r["secrets"]) == 2)))


if __name__ == "__main__":
    main()
