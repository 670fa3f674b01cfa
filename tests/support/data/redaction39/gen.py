#!/usr/bin/env python3
"""Blind redaction corpus #39: freight forwarding / warehouse / fleet telematics team Slack.

Standard library only. random.Random(39*101) is the only randomness, used in a fixed order.
`python3 gen.py` writes redaction39_negatives.jsonl and redaction39_positives.jsonl next to this file.
"""
import base64, binascii, json, os, random, re, struct, zlib

N = 39
R = random.Random(N * 101)
HERE = os.path.dirname(os.path.abspath(__file__))

# ---------------------------------------------------------------- small random helpers
UP = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
LO = "abcdefghijklmnopqrstuvwxyz"
DIG = "0123456789"
HEX = "0123456789abcdef"
B62 = DIG + UP + LO
B64 = UP + LO + DIG + "+/"
B64U = UP + LO + DIG + "-_"


def rs(alpha, n):
    return "".join(R.choice(alpha) for _ in range(n))


def ri(a, b):
    return R.randint(a, b)


def ch(seq):
    return R.choice(seq)


def hx(n):
    return rs(HEX, n)


def digits(n, first_nonzero=False):
    s = rs(DIG, n)
    if first_nonzero and s[0] == "0":
        s = str(ri(1, 9)) + s[1:]
    return s


def b64(b):
    return base64.b64encode(b).decode()


def b64u(b):
    return base64.urlsafe_b64encode(b).decode().rstrip("=")


def rbytes(n):
    return bytes(R.getrandbits(8) for _ in range(n))


def uuid4():
    h = hx(32)
    h = h[:12] + "4" + h[13:16] + ch("89ab") + h[17:]
    return f"{h[:8]}-{h[8:12]}-{h[12:16]}-{h[16:20]}-{h[20:]}"


def ulid():
    return "01" + rs("0123456789ABCDEFGHJKMNPQRSTVWXYZ", 24)


def date(y0=2025, y1=2026):
    return f"{ri(y0, y1)}-{ri(1, 12):02d}-{ri(1, 28):02d}"


def clock():
    return f"{ri(0, 23):02d}:{ri(0, 59):02d}:{ri(0, 59):02d}"


def ts():
    return f"{date()}T{clock()}.{ri(0, 999):03d}Z"


def hhmm():
    return f"{ri(4, 22):02d}:{ch(['00', '15', '30', '45'])}"


def epoch():
    return ri(1735689600, 1798761600)


def priv_ip():
    k = ri(0, 2)
    if k == 0:
        return f"10.{ri(0, 255)}.{ri(0, 255)}.{ri(1, 254)}"
    if k == 1:
        return f"172.{ri(16, 31)}.{ri(0, 255)}.{ri(1, 254)}"
    return f"192.168.{ri(0, 255)}.{ri(1, 254)}"


def doc_ip():
    return f"{ch(['192.0.2', '198.51.100', '203.0.113'])}.{ri(1, 254)}"


# ---------------------------------------------------------------- theme id builders (all check digits real)
def luhn_ok(s):
    tot = 0
    for i, c in enumerate(reversed(s)):
        d = int(c)
        if i % 2 == 1:
            d *= 2
            if d > 9:
                d -= 9
        tot += d
    return tot % 10 == 0


def luhn_complete(body):
    for c in DIG:
        if luhn_ok(body + c):
            return body + c


def gs1_check(body):
    tot = 0
    for i, c in enumerate(reversed(body)):
        tot += int(c) * (3 if i % 2 == 0 else 1)
    return str((10 - tot % 10) % 10)


def _iso6346_vals():
    vals, v = {}, 10
    for c in UP:
        if v % 11 == 0:
            v += 1
        vals[c] = v
        v += 1
    for d in DIG:
        vals[d] = int(d)
    return vals


ISO_VALS = _iso6346_vals()
OWNERS = ["MSKU", "MSCU", "CMAU", "HLXU", "TGHU", "TCNU", "SEGU", "OOLU", "BMOU", "FCIU", "TRHU", "CAIU", "GESU", "EMCU"]


def iso6346_check(s):
    tot = sum(ISO_VALS[c] * (2 ** i) for i, c in enumerate(s))
    return str(tot % 11 % 10)


def container(style=0):
    o = ch(OWNERS)
    ser = digits(6)
    c = iso6346_check(o + ser)
    if style == 1:
        return f"{o} {ser} {c}"
    if style == 2:
        return f"{o} {ser}-{c}"
    return f"{o}{ser}{c}"


GS1_PREFIXES = ["400", "401", "590", "869", "843", "859", "860", "590", "426", "841"]


def sscc():
    body = str(ri(0, 9)) + ch(GS1_PREFIXES) + digits(13)
    return body + gs1_check(body)


def gtin13():
    body = ch(GS1_PREFIXES) + digits(9)
    return body + gs1_check(body)


def gln():
    return gtin13()


def awb(sep="-"):
    pre = ch(["020", "235", "176", "057", "074", "172", "618", "157", "081", "999"])
    ser = digits(7)
    return f"{pre}{sep}{ser}{int(ser) % 7}"


VIN_T = {**{d: int(d) for d in DIG}, "A": 1, "B": 2, "C": 3, "D": 4, "E": 5, "F": 6, "G": 7, "H": 8,
         "J": 1, "K": 2, "L": 3, "M": 4, "N": 5, "P": 7, "R": 9, "S": 2, "T": 3, "U": 4, "V": 5,
         "W": 6, "X": 7, "Y": 8, "Z": 9}
VIN_W = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2]
VIN_A = "ABCDEFGHJKLMNPRSTUVWXYZ0123456789"


def vin():
    wmi = ch(["WDB", "YS2", "XLR", "WMA", "YV2", "VF6", "WDF", "NMB", "TMB", "SUU"])
    s = wmi + rs(VIN_A, 5) + "0" + ch("RSTVWXYZ") + rs(VIN_A, 1) + digits(6)
    tot = sum(VIN_T[c] * w for c, w in zip(s, VIN_W))
    c = tot % 11
    c = "X" if c == 10 else str(c)
    return s[:8] + c + s[9:]


def imeisv():
    return ch(["35332010", "86492003", "35693803", "86230005", "35847809"]) + digits(6) + f"{ri(0, 99):02d}"


def iccid20():
    body = "89" + ch(["49", "48", "90", "34", "420"]) + digits(20)
    body = body[:19]
    return luhn_complete(body)


def mrn():
    yy = ch(["25", "26"])
    cc = ch(["DE", "PL", "CZ", "ES", "NL", "TR"])
    body = yy + cc + rs(UP + DIG, 12) + ch("ABCDEFGHJKLMNP")
    return body + iso6346_check(body)


def eori():
    cc = ch(["DE", "PL", "CZ", "ES", "NL"])
    if cc == "DE":
        return "DE" + digits(ch([7, 15]), True)
    if cc == "PL":
        return "PL" + digits(10, True) + "00000"
    if cc == "CZ":
        return "CZ" + digits(8, True)
    if cc == "ES":
        return "ES" + ch("ABBB") + digits(8)
    return "NL" + digits(9, True)


def hs_code():
    return f"{ri(1, 97):02d}{ri(1, 99):02d}.{ri(10, 99)}.{ri(0, 99):02d}"


def scac():
    return ch(["TSFR", "VSTC", "ANLJ", "KRDN", "BLTF", "MRDP", "HAFR", "PRGX"])


LOCODES = ["DEHAM", "DEBRV", "PLGDN", "PLWAW", "PLPOZ", "TRIST", "TRMER", "ESVLC", "ESBCN", "ESMAD", "CZPRG",
           "CZOSR", "NLRTM", "BEANR", "DEDUS", "DEMUC", "PLLOD", "TRGEB"]
PARTNERS = ["ALDA Retail", "Baltica Foods", "Kordon Auto Parts", "Meridian Pharma", "Anatolia Tekstil",
            "Iberia Frescos", "Vltava Components", "Nordhafen Getränke", "Sarmacja Meble", "Ebro Papel"]
PARTNER_IDS = ["ALDARETAIL", "BALTICAFD", "KORDONAP", "MERIDIANPH", "ANATOLIATX", "IBERIAFRES", "VLTAVACMP",
               "NORDHAFEN", "SARMACJAM", "EBROPAPEL"]
DEPOTS = ["HAM", "POZ", "WAW", "IST", "VLC", "PRG", "DUS", "MER", "LOD", "BCN", "OSR"]
SERVICES = ["edi-translator", "as2-gateway", "wms-api", "dock-scheduler", "telematics-ingest", "eld-sync",
            "customs-atlas", "label-service", "route-optimizer", "carrier-connector", "yard-manager", "pod-uploader"]


def pod_name(svc=None):
    svc = svc or ch(SERVICES)
    return f"{svc}-{rs('bcdfghjklmnpqrstvwxz2456789', 10)}-{rs('bcdfghjklmnpqrstvwxz2456789', 5)}"


# ---------------------------------------------------------------- scanner for negatives
RE_EMAIL = re.compile(r"[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}\b")
RE_GH = re.compile(r"gh[pousr]_[A-Za-z0-9]{30,}|github_pat_[A-Za-z0-9_]{20,}")
RE_SLACK = re.compile(r"xox[abposr]-\d+-")
RE_SK = re.compile(r"sk-[A-Za-z0-9_-]{32,}")
RE_JWT = re.compile(r"eyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]{5,}")
RE_SSN = re.compile(r"(?<!\d)\d{3}-\d{2}-\d{4}(?!\d)")
RE_PHONE = re.compile(r"(?<![\w+:'])\+\d{1,3}(?:[ (]\d|\d{7,14}\b)")
RE_AKIA = re.compile(r"(?:AKIA|ASIA)[A-Z0-9]{16}")
RE_PEM = re.compile(r"-----BEGIN [A-Z ]*PRIVATE KEY-----\s*(?:\\n|\n)?\s*[A-Za-z0-9+/]{40,}")
RE_IP = re.compile(r"(?<!\d)(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})(?!\d)")
RE_NUMRUN = re.compile(r"\d+(?:[ -]\d+)*")
RE_IBAN = re.compile(r"\b[A-Z]{2}\d{2}(?:[ ]?[A-Z0-9]){11,32}")
IBAN_LEN = {"DE": 22, "PL": 28, "TR": 26, "ES": 24, "CZ": 24, "NL": 18, "AT": 20, "GB": 22, "FR": 27,
            "BE": 16, "CH": 21, "IT": 27, "SK": 24}
IBAN_REGISTRY_EXAMPLES = {"DE89370400440532013000", "GB82WEST12345698765432"}


def iban_valid(s):
    s = s[4:] + s[:4]
    n = "".join(str(int(c, 36)) for c in s)
    return int(n) % 97 == 1


def ip_public(a, b, c, d):
    if max(a, b, c, d) > 255:
        return False
    if a in (0, 10, 127) or a >= 224:
        return False
    if a == 100 and 64 <= b <= 127:
        return False
    if a == 169 and b == 254:
        return False
    if a == 172 and 16 <= b <= 31:
        return False
    if a == 192 and b == 168:
        return False
    if (a, b, c) in ((192, 0, 2), (198, 51, 100), (203, 0, 113), (192, 0, 0)):
        return False
    if a == 198 and b in (18, 19):
        return False
    return True


def scan(text):
    """Return a list of (kind, match) for anything secret- or PII-shaped."""
    hits = []
    for m in RE_EMAIL.finditer(text):
        hits.append(("email", m.group()))
    for rx, k in ((RE_GH, "github"), (RE_SLACK, "slack"), (RE_SK, "sk_key"), (RE_JWT, "jwt"), (RE_SSN, "ssn"),
                  (RE_PHONE, "phone_plus"), (RE_PEM, "pem")):
        for m in rx.finditer(text):
            hits.append((k, m.group()))
    for m in RE_AKIA.finditer(text):
        if "EXAMPLE" not in m.group():
            hits.append(("aws_key_id", m.group()))
    for m in RE_IP.finditer(text):
        if ip_public(*map(int, m.groups())):
            hits.append(("public_ipv4", m.group()))
    for m in RE_NUMRUN.finditer(text):
        groups = re.split(r"[ -]", m.group())
        for i in range(len(groups)):
            tot = ""
            for j in range(i, len(groups)):
                tot += groups[j]
                if len(tot) > 19:
                    break
                if len(tot) >= 13 and luhn_ok(tot):
                    hits.append(("luhn", tot))
    for m in RE_IBAN.finditer(text):
        s = m.group().replace(" ", "")
        cc = s[:2]
        lens = [IBAN_LEN[cc]] if cc in IBAN_LEN else range(15, min(34, len(s)) + 1)
        for L in lens:
            if len(s) >= L and iban_valid(s[:L]) and s[:L] not in IBAN_REGISTRY_EXAMPLES:
                hits.append(("iban", s[:L]))
    return hits


# ---------------------------------------------------------------- wrappers
LEADS = ["fyi: ", "FYI — ", "Zur Info: ", "Kurz zur Info: ", "Uwaga: ", "Dla info: ", "Bilgi: ", "Not: ",
         "Ojo: ", "Para que conste: ", "Pro info: ", "Jen pro info: ", "heads-up: ", "quick one: "]
TRAILS = ["\n+1", "\nthx", "\ndanke!", "\ndzięki", "\nteşekkürler", "\ngracias", "\ndíky", "\n:eyes:", "\n(ack)"]


def wrap(text, lead_p=0.13, trail_p=0.06):
    if R.random() < lead_p:
        text = ch(LEADS) + text
    if R.random() < trail_p:
        text = text + ch(TRAILS)
    return text


def code(lang, body):
    return f"```{lang}\n{body}\n```"
KEYS = {
    'ec1': '-----BEGIN EC PRIVATE KEY-----\nMHcCAQEEIBnWcdNK6DvMg4aqIT+Z0xBsNq52691StoF1EB0ZbNjyoAoGCCqGSM49\nAwEHoUQDQgAEKq4z+/BdbKTeqUkosv8yyTnNjMkSPhZhnoXQW/taHzgfx8iEzmci\nzfvLZrDaK0YMZBs4jNY5Q8JvSg0knofd+A==\n-----END EC PRIVATE KEY-----\n',
    'ec2': '-----BEGIN EC PRIVATE KEY-----\nMHcCAQEEIF1NdIQNOUTtHE8kt6dep5fmw1/ClUm5URioJwE1PJFvoAoGCCqGSM49\nAwEHoUQDQgAEfupADgrfMKTxZAXP/laoRnMF5MFxl3hocsrrURuHiw3itEIU/IDL\nxMD65aP6Og1fbfpY/pz8bHksiNs3KTo0eQ==\n-----END EC PRIVATE KEY-----\n',
    'ec3': '-----BEGIN EC PRIVATE KEY-----\nMHcCAQEEIAFBWqJ0xah5GdZkwu+Zo4+ABXNmukpl8j/r343GMFL9oAoGCCqGSM49\nAwEHoUQDQgAEsHaFD/bAXkLMm67JdJ671I5lT04DEjeVIqQ/vwlDV8AEyTypg6aC\n1uWWo9lt2niIBEbZM67GbAuCbnvIBdWhAw==\n-----END EC PRIVATE KEY-----\n',
    'ec4': '-----BEGIN EC PRIVATE KEY-----\nMHcCAQEEIHi7C9jKVzerxGSyI5mlrJs4HsAD28BqpwNh8evmLUPqoAoGCCqGSM49\nAwEHoUQDQgAEV1VlpKCwx/W3W/0Px2LMYpOHGVbp7Bv7nt1ngaLojvaWtEBkWQGu\nMRSOSyrFIzSZuS7LTD1exm4BcvWqep5oFw==\n-----END EC PRIVATE KEY-----\n',
    'ed1': '-----BEGIN PRIVATE KEY-----\nMC4CAQAwBQYDK2VwBCIEIKxeK3lZb34O+TJ/ppy7awjbnT6yOPhXAbx9i/Z8QwjV\n-----END PRIVATE KEY-----\n',
    'ed2': '-----BEGIN PRIVATE KEY-----\nMC4CAQAwBQYDK2VwBCIEIK6ghX2HfyhEsNe2JtWKKOA/dPemYMZHtB2UhJCl8gm5\n-----END PRIVATE KEY-----\n',
    'ed3': '-----BEGIN PRIVATE KEY-----\nMC4CAQAwBQYDK2VwBCIEID/4OZljMXeQ1iRTg2E8Shk2RJM0bA4R/JmwqoeVPPL3\n-----END PRIVATE KEY-----\n',
    'rsa1': '-----BEGIN RSA PRIVATE KEY-----\nMIICXQIBAAKBgQDZ3qC95co2Lx6FJtRbUrkhVs/S+ng/GU5GNyBXH2KskG9foXS3\ni4oiZW84NYbaAjB/BfcK3zQ0PLSebJ1yutCT+bj1wlFz3E/bw5IFPGcDsZNOy9Bg\nsUuMBR+aWcu7HKyok9jGIi1jwGHncN3L48D7XQ6wR8GcXieIqDnqk9GSAQIDAQAB\nAoGAdcyc5vBXHGLvwpjTGymoNbGFnxKUb7GUE/z8fH7Y0Gsr/O4EeLV3E8/6ic7P\nQhMK+7NS9srmpBPqqPobS4xc95YaFoV8LKFAJKNTkqprrqAwh39/anXIfrFUrgAU\nOORW3IMoKrldN2zbtpfqjvOapyf1KDod84nZCVBkyMuGuUECQQDuCGO+N1sIgaP2\n1jpfGu5YhFAJbWlu9pw0cfOup3WXDaT4x1tg/iaMNqPwRbIWbUvyON/nP0oubEnl\nvo7UL1KZAkEA6lCeCmk/auSfNwpduVpSkbZCSVc9pVu3lpGrDjeA3fxZMbctO/VB\nvX+ZY8n6yxjuHUN3TeA0spAZa578/WZDqQJBALYE/ljftaIcmIhRq1M8odRYYWfE\nHeK3fB1yofgFoBsBWQzQTaUu08VWpyg983/I1lGEglsv/4beUef4PvossckCQG3f\nbaw+HAG4wLvjfX1r0CoJh92yLfL7JgRRvB9HgYMWUJDSb0CdSb1dNwUm8hYIU6ef\nOjNnPe65SWJAxCriqDkCQQCqZuVfEmk06c57pJO3b+ZvBbT+wggm5vcrpnFG2EFw\nB1ydw1JfLvH3Z3qefFGw0jo0MsCtmDR0BeK3t3Z0Z4XD\n-----END RSA PRIVATE KEY-----\n',
    'rsa2': '-----BEGIN RSA PRIVATE KEY-----\nMIICXQIBAAKBgQDK2/0HoxrNDbESCMwxJV0ElfKLNTkF5/NtbUfX39D1b/xGppC9\n8ECihG7Ihzokz9/hVBmEMVjjaM11eTLsO4LUMkyMzOD+sUA58BPVt9jTwU3FpbNV\n9HBHPxKgtTzCgxt+ZmAtj/3Mmy4BmA83qQGUlYUl93VTku40KHnWeGPNxwIDAQAB\nAoGBAJ28Rth8Y+eTwN6kBpokUlqxeaHy5X8JJ8grlBRwjRt7Uy9gbuWx/aAg17+H\nHpfnJ08fRKP8dwCEylWQwx7a+1M/fR5Y3HMbcLkfA6mbG0Q5c3VlQE4Ap7EnYYSC\nVYaWuQJ83NyVkHZ/4WQMEjRuSv5t4uCKQuYmgAKHPkQZrxZ5AkEA7dTaz8vsMGjf\nqUu2+DknyrPQ0NgWmCUtBfR5cdc6hDis6ixXHPF3sczF6jm9gtVrMwmADOQHrer6\nvnIIMWZfNQJBANpbM7RLtGAyy5YOUoxrF7Oq/MAMzKp1M5jhU9500EUEpDZz0laC\nM4Cuu7gr2ehIuPTCj0yToqqAWmXuppDNLIsCQQDHaHGySrOU/0mQY9hclWeEsHHD\nuXpwRLNUS9/LkH8Sv4ZTrau4q8kE/cFvmswHt7NzDmMb69F4hA2KwoeWC9SFAkBw\no2FdnTvT8AADTSoaE1hrr0WokDG3sLPIJlxMQff50nYfPMoBJDMLK5fcXoqO/4yh\nfgfL2dCsoX+AW4aC5cQXAkAsO7osJNeeen15AblVz5vQYEtG7Bex+qGRuYtwFkBB\nRFCITNKtMdcm/X1sB7tYmHWsrrNL7cTSGO16U/8qTi/W\n-----END RSA PRIVATE KEY-----\n',
}


# ================================================================ negatives: data_uri_base64
def png_bytes(w=None, h=None):
    w = w or ri(1, 6)
    h = h or ri(1, 6)
    col = (ri(0, 255), ri(0, 255), ri(0, 255))
    raw = b"".join(b"\x00" + bytes(col) * w for _ in range(h))

    def chunk(t, d):
        return struct.pack(">I", len(d)) + t + d + struct.pack(">I", zlib.crc32(t + d) & 0xFFFFFFFF)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b""))


def gif_bytes():
    col = bytes([ri(0, 255), ri(0, 255), ri(0, 255)])
    return (b"GIF89a\x01\x00\x01\x00\x80\x00\x00" + col + b"\x00\x00\x00!\xf9\x04\x01\x00\x00\x00\x00"
            b",\x00\x00\x00\x00\x01\x00\x01\x00\x00\x02\x02D\x01\x00;")


def svg_text():
    c = "#" + hx(6)
    k = ri(0, 4)
    if k == 0:  # truck icon
        return (f'<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24"><path fill="{c}" '
                f'd="M3 6h11v9H3zM14 9h4l3 3v3h-7z"/><circle cx="7" cy="17" r="{ri(1, 3)}"/><circle cx="17" cy="17" r="2"/></svg>')
    if k == 1:  # pallet
        return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect x="4" y="{ri(4, 10)}" width="24" height="14" '
                f'fill="{c}"/><path d="M2 26h28M6 26v3M16 26v3M26 26v3" stroke="#333"/></svg>')
    if k == 2:  # container
        return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{ri(30, 64)}" height="20"><rect width="100%" height="100%" '
                f'rx="2" fill="{c}"/><path d="M6 3v14M12 3v14M18 3v14" stroke="#fff" stroke-width="1.5"/></svg>')
    if k == 3:  # dock door status dot
        return f'<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><circle cx="5" cy="5" r="{ri(3, 5)}" fill="{c}"/></svg>'
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><path d="M8 1l{ri(5, 7)} 14H1z" fill="{c}"/>'
            f'<text x="8" y="13" font-size="8" text-anchor="middle">!</text></svg>')


def pdf_bytes():
    ref = f"{ch(DEPOTS)}-{digits(7)}"
    body = (f"%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n"
            f"3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 288 432]/Contents 4 0 R>>endobj\n"
            f"4 0 obj<</Length 44>>stream\nBT /F1 18 Tf 20 400 Td ({ref}) Tj ET\nendstream endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n")
    return body.encode()


def wav_bytes():
    n = ri(16, 40)
    data = bytes((128 + int(90 * ((i // ri(2, 4)) % 2 * 2 - 1))) & 0xFF for i in range(n))
    return (b"RIFF" + struct.pack("<I", 36 + n) + b"WAVEfmt " + struct.pack("<IHHIIHH", 16, 1, 1, 8000, 8000, 1, 8)
            + b"data" + struct.pack("<I", n) + data)


def ico_bytes():
    p = png_bytes(16, 16)
    return struct.pack("<HHH", 0, 1, 1) + struct.pack("<BBBBHHII", 16, 16, 0, 0, 1, 32, len(p), 22) + p


def woff2_bytes():
    return b"wOF2\x00\x01\x00\x00" + struct.pack(">I", ri(9000, 40000)) + b"\x00\x0e\x00\x00" + rbytes(ri(40, 70))


def sourcemap_json():
    f = ch(["src/dock/SlotGrid.tsx", "src/yard/TrailerCard.tsx", "src/eld/HosClock.ts", "src/labels/SsccPreview.tsx",
            "src/routes/StopList.tsx"])
    maps = ";".join(",".join(rs("ACDEGIKMOQSUWYabcdegiko", ri(4, 6)) for _ in range(ri(2, 4))) for _ in range(ri(3, 6)))
    return json.dumps({"version": 3, "file": f.split("/")[-1].split(".")[0] + ".js", "sources": [f], "names": [],
                       "mappings": maps}, separators=(",", ":")).encode()


def csv_bytes():
    rows = ["dock;slot;carrier;pallets"] + [f"D{ri(1, 24):02d};{hhmm()};{scac()};{ri(4, 33)}" for _ in range(ri(2, 5))]
    return ("\n".join(rows) + "\n").encode()


def uri(mime, b, trunc=None):
    s = f"data:{mime};base64,{b64(b)}"
    if trunc and len(s) > trunc:
        s = s[:trunc] + ch(["…", "...", f"...[{len(s) - trunc} more chars]"])
    return s


def du_t0():
    return f'label preview broken again on the Zebra page? the <img> gets `src="{uri("image/png", png_bytes())}"` and renders as 1px'


def du_t1():
    return code("css", f".dock-door--free {{\n  background-image: url(\"{uri('image/svg+xml', svg_text().encode())}\");\n  background-size: 12px;\n}}")


def du_t2():
    j = {"shipmentId": uuid4(), "trackingNumber": digits(10, True), "labelFormat": "PDF",
         "labelImage": uri("application/pdf", pdf_bytes(), ch([None, 140, 200]))}
    return "carrier API label response (sandbox):\n" + code("json", json.dumps(j, indent=2))


def du_t3():
    return (f"ePOD upload: signature capture arrives as `{uri('image/png', png_bytes(), 90)}` — "
            f"wir speichern das nur als Thumbnail, das Original geht in den Bucket")


def du_t4():
    return code("html", f'<link rel="icon" href="{uri("image/x-icon", ico_bytes(), 160)}">\n<title>Yard Manager – {ch(DEPOTS)}</title>')


def du_t5():
    return (f"Handheld-Scanner Piepton für Fehlscan liegt inline in der App:\n"
            + code("kotlin", f'private const val BEEP_ERR = "{uri("audio/wav", wav_bytes())}"'))


def du_t6():
    return code("tsx", f'<Image src={{slotIcon}} placeholder="blur" blurDataURL="{uri("image/gif", gif_bytes())}" alt="dock {ri(1, 30)}" />')


def du_t7():
    return (f"kod źródłowy mapy w bundlu aplikacji kierowcy kończy się tak:\n"
            + code("js", f"//# sourceMappingURL={uri('application/json', sourcemap_json())}"))


def du_t8():
    return code("css", "@font-face {\n  font-family: \"DockMono\";\n  src: url(\"" + uri("font/woff2", woff2_bytes(), 110)
                + "\") format(\"woff2\");\n  font-display: swap;\n}")


def du_t9():
    return (f"export z harmonogramu ramp to po prostu link `<a download=\"sloty_{date()}.csv\" href=\"{uri('text/csv', csv_bytes())}\">` "
            f"— nie ma tam nic wrażliwego, tylko numery ramp i SCAC")


def du_t10():
    ln = []
    for _ in range(ri(2, 4)):
        ln.append(f"{ts()} INFO  label-service  rendered sscc={sscc()} fmt=png bytes={ri(900, 4000)}")
    ln.append(f"{ts()} DEBUG label-service  preview={uri('image/png', png_bytes(), 120)}")
    return code("", "\n".join(ln))


def du_t11():
    out = {"output_type": "display_data", "data": {"image/png": b64(png_bytes(ri(3, 8), ri(3, 8))), "text/plain": ["<Figure size 640x480 with 1 Axes>"]},
           "metadata": {}}
    return "route_density.ipynb cell 14 output (heatmap stub):\n" + code("json", json.dumps(out, indent=1))


def du_t12():
    return (f"Rota haritasındaki kamyon ikonu inline SVG: `{uri('image/svg+xml', svg_text().encode())}` — "
            f"rengini değiştirmek için base64'ü çözüp fill değerini düzenleyin")


def du_t13():
    return (f"El icono de contenedor en el tablero de patio es `url({uri('image/svg+xml', svg_text().encode())})`, "
            f"no es ningún token, es un SVG en base64")


def du_t14():
    s = svg_text()
    enc = s.replace("<", "%3C").replace(">", "%3E").replace('"', "'").replace("#", "%23")
    return code("scss", f"$icon-truck: url(\"data:image/svg+xml,{enc}\");\n$icon-pallet: url(\"{uri('image/svg+xml', svg_text().encode())}\");")


def du_t15():
    return (f"Ikona stavu rampy v dock-scheduleru: `{uri('image/gif', gif_bytes())}` – je to 1×1 GIF, "
            f"ne tajný klíč, scanner v CI to hlásí zbytečně")


def du_t16():
    return "$ echo '" + b64(pdf_bytes())[:ri(60, 100)] + "' | base64 -d | head -c 8\n%PDF-1.4"


def du_t17():
    body = uri("application/pdf", pdf_bytes(), 100)
    return code("", f"{ts()} WARN  carrier-connector  CMR PDF too large for EDI attachment, inline={body}\n"
                    f"{ts()} WARN  carrier-connector  falling back to S3 link for shipment {ch(DEPOTS)}-{digits(7)}")


def du_t18():
    return code("python", f"# fixture for test_pod_thumbnail.py\nSIGNATURE_PNG = (\n    \"{uri('image/png', png_bytes())}\"\n)\n"
                          f"EXPECTED_SIZE = ({ri(1, 6)}, {ri(1, 6)})")


def du_t19():
    return (f"Refused to load the image '{uri('image/png', png_bytes(), 70)}' because it violates the following Content Security "
            f"Policy directive: \"img-src 'self' https://tiles.tessera-freight.internal\".")


def du_t20():
    return f"![lkw-status]({uri('image/svg+xml', svg_text().encode())})\nDer Status-Badge im Runbook ist nur ein SVG."


def du_t21():
    return code("go", f"var emptyPalletIcon = mustDecode(\"{b64(png_bytes())}\")  // data:image/png;base64 without prefix\n"
                      f"var beep = \"{uri('audio/wav', wav_bytes(), 80)}\"")


def du_t22():
    return (f"HAR from the driver portal: `\"url\": \"{uri('font/woff2', woff2_bytes(), 64)}\", \"status\": 200, \"bodySize\": 0` — "
            f"data URIs show up as requests, ignore them")


def du_t23():
    x = ["<manifest>", f"  <labelPreview mime=\"image/png\">{uri('image/png', png_bytes(), 100)}</labelPreview>",
         f"  <sscc>{sscc()}</sscc>", "</manifest>"]
    return code("xml", "\n".join(x))


def du_t24():
    return (f"Stary podgląd etykiety GS1 w WMS: `<img src=\"{uri('image/gif', gif_bytes())}\" width=1 height=1>` to tylko spacer, "
            f"prawdziwy podgląd idzie z Labelary w stagingu")


DU = [du_t0, du_t1, du_t2, du_t3, du_t4, du_t5, du_t6, du_t7, du_t8, du_t9, du_t10, du_t11, du_t12, du_t13, du_t14,
      du_t15, du_t16, du_t17, du_t18, du_t19, du_t20, du_t21, du_t22, du_t23, du_t24]


# ================================================================ negatives: placeholder_example
def pid():
    i = ri(0, len(PARTNERS) - 1)
    return PARTNERS[i], PARTNER_IDS[i]


def ph_t0():
    n, p = pid()
    y = (f"partners:\n  - id: {p}\n    name: \"{n}\"\n    transport: sftp\n    host: sftp.{p.lower()}.example\n"
         f"    port: 22\n    username: ${{SFTP_USER_{p}}}\n    password: ${{SFTP_PASSWORD_{p}}}\n    inbound: /edi/in/{ch(['204', '856', 'IFTMIN', 'DESADV'])}")
    return "neuer Partner im edi-translator, Secrets kommen aus Vault:\n" + code("yaml", y)


def ph_t1():
    snd = ch(PARTNER_IDS).ljust(15)
    return (f"X12 ISA for the new 204 partner — ISA02/ISA04 stay blank, nobody uses the security info fields:\n"
            + code("", f"ISA*00*          *00*          *ZZ*{snd}*ZZ*TESSERAFRT     *{date()[2:].replace('-', '')}*{ri(0, 23):02d}{ri(0, 59):02d}*U*00401*{digits(9)}*0*{ch('PT')}*>~"))


def ph_t2():
    return (f"UNB z hasłem w S005 to stary zwyczaj — w szablonie zostawiamy `UNB+UNOC:3+{ch(PARTNER_IDS)}:ZZ+TESSERAFRT:ZZ+"
            f"{date()[2:].replace('-', '')}:{ri(10, 23)}{ri(10, 59)}+{digits(6)}+<HASLO_PARTNERA>'` i podstawiamy w runtime")


def ph_t3():
    return code("bash", f"export DHL_API_KEY=\"YOUR_DHL_API_KEY\"\nexport DHL_API_SECRET=\"<paste-secret-here>\"\n"
                        f"curl -s -H \"DHL-API-Key: $DHL_API_KEY\" \"https://api-sandbox.dhl.example/track/shipments?trackingNumber={digits(10, True)}\"")


def ph_t4():
    return code("yaml", f"- name: deploy {ch(SERVICES)}\n  env:\n    AWS_ACCESS_KEY_ID: ${{{{ secrets.AWS_ACCESS_KEY_ID }}}}\n"
                        f"    AWS_SECRET_ACCESS_KEY: ${{{{ secrets.AWS_SECRET_ACCESS_KEY }}}}\n    WMS_DB_PASSWORD: ${{{{ secrets.WMS_DB_PASSWORD_{ch(['STG', 'PROD'])} }}}}")


def ph_t5():
    return code("yaml", f"carrierApi:\n  baseUrl: https://carrier-sandbox.example/v{ri(1, 3)}\n  apiKey: {{{{ .Values.carrierApi.apiKey | quote }}}}\n"
                        f"  clientSecret: {{{{ required \"clientSecret missing\" .Values.carrierApi.clientSecret }}}}\ntelematics:\n  token: \"\"  # set via --set-string")


def ph_t6():
    return (f"AS2 cert for {pid()[0]}: put it in `op://logistics-edi/as2-{ch(PARTNER_IDS).lower()}/private-key`, "
            f"NOT in the repo. the config only holds the reference `{{{{ op://logistics-edi/as2-{ch(PARTNER_IDS).lower()}/passphrase }}}}`")


def ph_t7():
    return (f"as2/{ch(PARTNER_IDS).lower()}/signing.key.example in the repo is just:\n"
            + code("", f"-----BEGIN {ch(['', 'RSA ', 'EC '])}PRIVATE KEY-----\n...\n(paste the AS2 signing key here, we never commit it)\n...\n-----END PRIVATE KEY-----"))


def ph_t8():
    return (f"Quick example for the docs: `aws s3 cp edi/{date()}/ s3://tessera-edi-archive/ --recursive` with "
            f"`AWS_ACCESS_KEY_ID=AKIAIOSFODNN7EXAMPLE` and `AWS_SECRET_ACCESS_KEY=wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY` (the AWS doc keys)")


def ph_t9():
    return code("ini", f"[telematics]\nprovider = {ch(['geotab', 'samsara', 'webfleet', 'teltonika-fota'])}\nbase_url = https://api.telematics.example\n"
                       f"api_token = <token>\norg_id = <org-id>\n\n[slack]\nbot_token = xoxb-your-bot-token\nchannel = #fleet-alerts-{ch(DEPOTS).lower()}")


def ph_t10():
    return (f"Fuel card on file for truck {ri(100, 999)}: •••• {digits(4)} (exp **/{ri(26, 29)}). "
            f"Tam kart numarasını buraya yazmayın, DKV portalında duruyor.")


def ph_t11():
    return (f"Beispiel für die Stammdaten-Maske: IBAN `{ch(['DE00 0000 …', 'DEXX XXXX XXXX XXXX XXXX XX', 'DE__ ____ ____ ____ ____ __'])}`, BIC `XXXXDEXXXXX`, EORI `DE{'X' * ri(7, 15)}` — "
            f"Frachtführer tragen das selbst im Portal ein")


def ph_t12():
    return (f"US drivers onboarding form now shows SSN as `XXX-XX-{ch(['XXXX', '****'])}` and CDL as `{ch(['IL', 'OH', 'TX'])}-********` "
            f"in the ELD admin UI; the full values live only in the HR system")


def ph_t13():
    return code("python", f"OPENAI_API_KEY = os.environ.get(\"OPENAI_API_KEY\", \"sk-...\")  # route summaries PoC\n"
                          f"ANTHROPIC_API_KEY = os.getenv(\"ANTHROPIC_API_KEY\")  # e.g. sk-ant-api03-...\n"
                          f"client = build_client(OPENAI_API_KEY, model=\"{ch(['gpt-4o-mini', 'gpt-4.1'])}\")")


def ph_t14():
    return code("", f"{ts()} INFO  carrier-connector  POST /v1/shipments auth=Bearer [REDACTED] status=201 ms={ri(80, 900)}\n"
                    f"{ts()} INFO  carrier-connector  sftp login user={ch(PARTNER_IDS).lower()} password=*** ok\n"
                    f"{ts()} WARN  carrier-connector  token refresh client_secret=<redacted> retry={ri(1, 3)}")


def ph_t15():
    return code("yaml", "services:\n  rabbitmq:\n    image: rabbitmq:3.13-management\n    environment:\n"
                        "      RABBITMQ_DEFAULT_USER: guest\n      RABBITMQ_DEFAULT_PASS: guest\n  wms-db:\n    image: postgres:16\n"
                        f"    environment:\n      POSTGRES_PASSWORD: changeme\n  wms-api:\n    environment:\n"
                        f"      DATABASE_URL: postgres://wms:password@wms-db:5432/wms_{ch(DEPOTS).lower()}\n      AMQP_URL: amqp://guest:guest@rabbitmq:5672/")


def ph_t16():
    v = "SFTP_PASS_" + ch(PARTNER_IDS)
    return (f"{ch(['Mersin', 'Gebze', 'İstanbul'])} deposu için şifre alanını boş bırakın: `{v}=` — CI ortamında `%{v}%` Windows tarafında, "
            f"`$({v})` Azure DevOps tarafında doldurulacak. Örnek değer yok.")


def ph_t17():
    return (f"Para probar la API de aduanas (AES/ATLAS) usad `client_id=<CLIENT_ID>` y `client_secret=<CLIENT_SECRET>`; "
            f"el EORI de prueba es `ES{'X' * 9}` y el MRN de ejemplo `{ch(['25', '26'])}ESXXXXXXXXXXXXXX`")


def ph_t18():
    return code("json", json.dumps({"webhookUrl": "https://hooks.slack.com/services/T00000000/B00000000/XXXXXXXXXXXXXXXXXXXXXXXX",
                                    "githubToken": "ghp_" + "x" * ri(8, 36), "gitlabToken": "glpat-xxxxxxxxxxxxxxxxxxxx",
                                    "stripeKey": "sk_live_xxx", "note": f"placeholders for {ch(SERVICES)} README"}, indent=2))


def ph_t19():
    return (f"Heslo k FTP celního deklaranta nepište sem. V konfiguraci je jen `{{{{resolve:secretsmanager:customs/{ch(['cz', 'de', 'pl'])}-broker:SecretString:password}}}}` "
            f"a v Terraformu `data.aws_secretsmanager_secret_version.broker.secret_string`.")


def ph_t20():
    return code("hcl", f"resource \"aws_iam_access_key\" \"edi_uploader\" {{\n  user = aws_iam_user.edi_uploader.name\n}}\n\n"
                       f"# output is sensitive, read with: terraform output -raw edi_uploader_secret\n"
                       f"output \"edi_uploader_secret\" {{\n  value     = aws_iam_access_key.edi_uploader.secret\n  sensitive = true\n}}")


def ph_t21():
    return (f"Kontakt do przewoźnika w szablonie maila: `Tel.: +XX XXX XXX XXX`, `E-Mail: <adres przewoźnika>`. "
            f"Nie wklejajcie prawdziwych danych kierowców do {ch(['#dispo', '#dispo-pl', '#fleet-ops'])}.")


def ph_t22():
    return code("properties", f"spring.datasource.url=jdbc:postgresql://localhost:5432/yard\nspring.datasource.username=yard\n"
                              f"spring.datasource.password=${{YARD_DB_PASSWORD:}}\nas2.keystore.password=${{AS2_KEYSTORE_PASSWORD}}\n"
                              f"as2.partner.{ch(PARTNER_IDS).lower()}.mdn-url=https://as2.partner.example/mdn")


def ph_t23():
    return (f"ELD vendor doc says to call `GET /drivers/{{driverId}}/logs?from={date()}` with `Authorization: Bearer <ACCESS_TOKEN>`; "
            f"the sample JWT in their PDF is literally `eyJhbGciOi...` cut off, so don't bother decoding it")


def ph_t24():
    return code("env", f"# .env.example for {ch(SERVICES)}\nWMS_DB_HOST=localhost\nWMS_DB_USER=wms\nWMS_DB_PASSWORD=\n"
                       f"CARRIER_API_KEY=your-api-key-here\nSLACK_BOT_TOKEN=xoxb-...\nGITHUB_TOKEN=github_pat_...\n"
                       f"MAPS_API_KEY=AIza****************\nTELEMATICS_TOKEN=CHANGE_ME")


PH = [ph_t0, ph_t1, ph_t2, ph_t3, ph_t4, ph_t5, ph_t6, ph_t7, ph_t8, ph_t9, ph_t10, ph_t11, ph_t12, ph_t13, ph_t14,
      ph_t15, ph_t16, ph_t17, ph_t18, ph_t19, ph_t20, ph_t21, ph_t22, ph_t23, ph_t24]


# ================================================================ negatives: code_identifier
SECW = ["Secret", "Token", "Password", "Credential", "Iban", "Email", "Phone", "Ssn", "Key", "Signing", "Cipher", "Masked"]
DOMW = ["Shipment", "Consignment", "Edi", "Segment", "Dock", "Slot", "Carrier", "Trailer", "Pallet", "Sscc", "Customs",
        "Mrn", "Eori", "Driver", "Eld", "Can", "Imei", "Iccid", "Route", "Yard", "Awb", "Container", "Manifest", "Label"]
ACTW = ["Parser", "Validator", "Resolver", "Mapper", "Handler", "Factory", "Provider", "Writer", "Reader", "Sink",
        "Dispatcher", "Normalizer", "Masker", "Rotator", "Cache"]


def camel(n=3):
    return "".join(ch(DOMW + SECW) for _ in range(n - 1)) + ch(ACTW)


def lcamel(n=3):
    s = camel(n)
    return s[0].lower() + s[1:]


def snake(n=3):
    return "_".join(ch(DOMW + SECW).lower() for _ in range(n))


def ci_t0():
    pk = ch(["edi.x12", "edi.edifact", "customs.atlas", "eld.sync", "wms.dock", "telematics.can"])
    lines = [f"{ts()} ERROR [{ch(['kafka-listener-0', 'edi-worker-3', 'scheduling-1'])}] com.tesserafreight.{pk}.{camel()} - segment rejected",
             f"com.tesserafreight.{pk}.{camel(2)}Exception: {ch(['AK5*R*5', 'element N104 too long', 'UNT segment count mismatch', 'IFTSTA STS missing'])}"]
    for _ in range(ri(6, 22)):
        lines.append(f"\tat com.tesserafreight.{pk}.{ch(['internal', 'mapping', 'security', 'io'])}.{camel()}.{lcamel(2)}({camel(2)}.java:{ri(20, 900)})")
    lines.append("\tat java.base/java.lang.Thread.run(Thread.java:1583)")
    return code("", "\n".join(lines))


def ci_t1():
    rows = ["NAME                                  READY   STATUS    RESTARTS   AGE"]
    for _ in range(ri(3, 9)):
        rows.append(f"{pod_name():<38}{ch(['1/1', '2/2', '0/1'])}     {ch(['Running', 'Running', 'CrashLoopBackOff'])}   {ri(0, 14):<11}{ri(1, 59)}{ch('mhd')}")
    return "$ kubectl -n logistics get pods\n" + code("", "\n".join(rows))


def ci_t2():
    fr = [f"#{i}  0x0000{hx(12)} in _ZN{ri(5, 9)}tessera{ri(3, 9)}can{ri(5, 12)}{camel(2)}{ri(3, 9)}{lcamel(2)}E{ch(['RKNS_5FrameE', 'Pv', 'jPKh'])} () from /opt/tgw/lib/libtgw.so"
          for i in range(ri(3, 8))]
    return "gdb backtrace vom Telematik-Gateway nach dem Segfault:\n" + code("", "\n".join(fr))


def ci_t3():
    syms = [f"    {i}: tgw_can::{snake(2)}::{lcamel(2).lower()}::h{hx(16)}" for i in range(ri(3, 9))]
    return code("", f"thread 'can-rx' panicked at src/j1939/{snake(1)}.rs:{ri(10, 400)}:{ri(1, 60)}:\nstack backtrace:\n" + "\n".join(syms))


def ci_t4():
    return code("go", f"module github.com/tessera-freight/{ch(SERVICES)}\n\ngo 1.22\n\nrequire (\n"
                      f"\tgithub.com/tessera-freight/edi-x12 v0.{ri(3, 19)}.{ri(0, 9)}\n\tgithub.com/tessera-freight/gs1-sscc v1.{ri(0, 5)}.{ri(0, 9)}\n"
                      f"\tgo.opentelemetry.io/otel v1.{ri(20, 31)}.0\n\tgithub.com/jackc/pgx/v5 v5.{ri(4, 7)}.{ri(0, 9)}\n)")


def ci_t5():
    rs_ = [f"module.{ch(['wms', 'edi', 'telematics', 'customs'])}.aws_secretsmanager_secret.{snake(2)}",
           f"module.{ch(['wms', 'edi'])}.aws_iam_access_key.{snake(2)}_uploader",
           f"module.eld.aws_kms_key.{snake(2)}",
           f"module.edi.aws_transfer_user.partner[\"{ch(PARTNER_IDS).lower()}\"]"]
    return "`terraform state list | grep -i secret`:\n" + code("", "\n".join(rs_ + [f"module.{ch(['wms', 'yard'])}.aws_ssm_parameter.{snake(2)}" for _ in range(ri(1, 4))]))


def ci_t6():
    cols = ["driver_id uuid not null", f"driver_phone_hash bytea", "email_ciphertext bytea", "iban_last_four char(4)",
            "ssn_token varchar(64)", "cdl_number_masked text", f"{snake(2)}_at timestamptz"]
    R.shuffle(cols)
    return code("sql", "CREATE TABLE eld.driver_profile (\n  " + ",\n  ".join(cols) + "\n);")


def ci_t7():
    msgs = [f"message {camel(2)}Request {{\n  string shipment_id = 1;\n  string {snake(2)} = 2;\n  repeated {camel(2)} {snake(1)}s = 3;\n}}",
            f"service {ch(['Dock', 'Customs', 'Eld', 'Label'])}Service {{\n  rpc {camel(2)}({camel(2)}Request) returns ({camel(2)}Response);\n}}"]
    return code("proto", "\n\n".join(msgs))


def ci_t8():
    flags = [f"{ch(['edi', 'wms', 'eld', 'customs', 'yard'])}.{snake(2).replace('_', '-')}.{ch(['enabled', 'rollout', 'v2'])}" for _ in range(ri(3, 6))]
    return "Feature-Flags für das Release am " + date() + ":\n" + "\n".join(f"• `{f}` → {ch(['on', 'off', '25 %', '50 %'])}" for f in flags)


def ci_t9():
    return (f"`{ch(DOMW)}{ch(SECW)}{ch(ACTW)}.{lcamel(3)}()` wirft NPE wenn N1*ST fehlt — "
            f"siehe `{camel(3)}Test#{lcamel(2)}_{snake(2)}`")


def ci_t10():
    cls = [f"_{ch(['SlotGrid', 'DoorCard', 'TrailerRow'])}_{lcamel(1)}__{rs(B62, 5)}" for _ in range(2)]
    return code("html", f"<div class=\"{cls[0]} css-{rs(LO + DIG, 7)}\" data-v-{hx(8)}>\n  <span class=\"{cls[1]} sc-{rs(LO + UP, 6)}\">D{ri(1, 24):02d}</span>\n</div>")


def ci_t11():
    return code("", f"Traceback (most recent call last):\n  File \"/app/route_optimizer/{snake(2)}.py\", line {ri(10, 500)}, in {snake(3)}\n"
                    f"    plan = {lcamel(2)}.solve(stops)\n  File \"/app/route_optimizer/vrp/{snake(1)}.py\", line {ri(10, 500)}, in solve\n"
                    f"    raise {camel(2)}Error(\"no feasible slot for stop {ri(1, 60)}\")\nroute_optimizer.vrp.errors.{camel(2)}Error: no feasible slot")


def ci_t12():
    sigs = [f"SG_ {ch(['EngSpeed', 'WheelBasedVehicleSpeed', 'FuelLevel1', 'EngCoolantTemp', 'TachoDriver1WorkingState', 'AxleWeight'])}"
            f" : {ri(0, 56)}|{ch([8, 16, 2])}@1+ ({ch(['0.125', '1', '0.4', '0.00390625'])},0) [0|{ri(100, 64255)}] \"{ch(['rpm', 'km/h', '%', 'degC', ''])}\" Vector__XXX"
            for _ in range(ri(2, 5))]
    return code("", f"BO_ {ri(2364539904, 2566914047)} {ch(['EEC1', 'CCVS1', 'TCO1', 'ET1', 'LFE1'])}: 8 Vector__XXX\n" + "\n".join(" " + s for s in sigs))


def ci_t13():
    return code("graphql", f"type {camel(2)} {{\n  id: ID!\n  {lcamel(2)}: String @mask\n  {lcamel(2)}Masked: String\n  sscc: String!\n}}\n\n"
                           f"query {camel(2)}($id: ID!) {{ consignment(id: $id) {{ {lcamel(2)} }} }}")


def ci_t14():
    topics = [f"{ch(['edi', 'wms', 'eld', 'tgw', 'customs'])}.{snake(2).replace('_', '-')}.{ch(['v1', 'v2'])}" for _ in range(ri(3, 6))]
    return "$ kafka-topics --list | grep -E 'secret|token|iban|phone'\n" + code("", "\n".join(topics))


def ci_t15():
    return (f"Pakiet `com.tesserafreight.wms.{ch(['dock', 'yard'])}.{camel(3)}` ma metodę `{lcamel(3)}` — "
            f"to tylko nazwa, żadnego hasła tam nie ma. Refaktor w {ch(['WMS', 'EDI', 'TGW'])}-{ri(100, 4999)}.")


def ci_t16():
    return code("", f"  at Tessera.Customs.Atlas.{camel(2)}.{camel(2)}Async(CancellationToken ct) in /src/Customs.Atlas/{camel(2)}.cs:line {ri(10, 600)}\n"
                    f"  at Tessera.Customs.Atlas.Security.{camel(2)}.<{camel(1)}>b__{ri(0, 9)}_{ri(0, 9)}()\n"
                    f"  at System.Threading.Tasks.Task.<>c.<ThrowAsync>b__128_0(Object state)")


def ci_t17():
    return code("", f"{ch(['Fatal error', 'Swift runtime failure'])}: Unexpectedly found nil in $s{ri(10, 14)}DriverApp{ri(10, 20)}{camel(2)}C{ri(5, 20)}{lcamel(2)}yyFTf{ri(0, 4)}_\n"
                    f"0   DriverApp  0x0000000{hx(9)} $s9DriverApp{ri(10, 20)}{camel(2)}V{ri(4, 9)}{lcamel(1)}SSvg + {ri(40, 900)}")


def ci_t18():
    return code("", f"> Task :app:minifyReleaseWithR8\ncom.tesserafreight.driver.eld.{camel(2)} -> a.b.{rs(LO, 1)}:\n"
                    f"    java.lang.String {lcamel(2)} -> {rs(LO, 1)}\n    void {lcamel(3)}() -> {rs(LO, 1)}")


def ci_t19():
    return (f"dbt: `models/marts/{snake(3)}.sql` → `analytics.{snake(2)}_masked`; Airflow DAG `{snake(2)}_nightly` "
            f"task `{snake(3)}`. Ninguna columna contiene datos reales, solo hashes.")


def ci_t20():
    out = [f"{ch(['edi-translator', 'wms-api', 'dock-scheduler'])}-{rs('bcdfghjklmnpqrstvwxz2456789', 10)}   {ri(1, 5)}   {ri(1, 5)}   {ri(1, 5)}   {ri(1, 90)}d" for _ in range(ri(2, 5))]
    return "ReplicaSety po rolloutu:\n" + code("", "NAME                          DESIRED   CURRENT   READY   AGE\n" + "\n".join(out))


def ci_t21():
    return code("java", f"@Column(name = \"{snake(2)}_encrypted\")\n@Convert(converter = {camel(2)}Converter.class)\n"
                        f"private String {lcamel(2)};\n\n@JsonIgnore\npublic String get{camel(2)}() {{ return {lcamel(1)}.mask(); }}")


def ci_t22():
    return (f"Turkish locale bug: `\"{ch(['SHIPMENT', 'CUSTOMS', 'SECRET', 'IBAN'])}_ID\".toLowerCase()` gives a dotless ı in tr-TR, so "
            f"`{lcamel(2)}ById` fails on the Gebze hosts. Fix in `{camel(3)}` using Locale.ROOT.")


def ci_t23():
    return code("", f"//apps/{ch(SERVICES)}:{snake(2)}_test\n//libs/edi/x12:{ch(['seg_204', 'seg_214', 'seg_856', 'seg_997'])}_{snake(1)}\n"
                    f"//libs/gs1:sscc_{snake(1)}_lib\n//tools/secrets:{snake(2)}_lint")


def ci_t24():
    return code("elixir", f"** (FunctionClauseError) no function clause matching in Tessera.Yard.{camel(2)}.{snake(2)}/{ri(1, 3)}\n"
                          f"    (yard {ri(0, 2)}.{ri(1, 30)}.{ri(0, 9)}) lib/yard/{snake(2)}.ex:{ri(10, 300)}: Tessera.Yard.{camel(2)}.{snake(2)}/2\n"
                          f"    (elixir 1.17.{ri(0, 3)}) lib/enum.ex:{ri(900, 4000)}: Enum.\"-map/2-lists^map/1-1-\"/2")


CI = [ci_t0, ci_t1, ci_t2, ci_t3, ci_t4, ci_t5, ci_t6, ci_t7, ci_t8, ci_t9, ci_t10, ci_t11, ci_t12, ci_t13, ci_t14,
      ci_t15, ci_t16, ci_t17, ci_t18, ci_t19, ci_t20, ci_t21, ci_t22, ci_t23, ci_t24]


# ================================================================ negatives: non_credential_blob
def sha1():
    return hx(40)


def sha256h():
    return hx(64)


def nb_t0():
    lines = [f"{hx(7)} {ch(['fix(edi): ', 'feat(wms): ', 'chore: ', 'fix(eld): '])}{ch(['handle empty N1 loop', 'SSCC check digit on relabel', 'bump pgx', 'retry AS2 MDN', 'ELD data check value'])}" for _ in range(ri(3, 8))]
    return "$ git log --oneline -n 8\n" + code("", "\n".join(lines))


def nb_t1():
    return (f"deployed `registry.tessera-freight.internal/{ch(SERVICES)}@sha256:{sha256h()}` to {ch(['stg', 'prod-eu', 'prod-tr'])} "
            f"(commit {sha1()})")


def nb_t2():
    return code("", f"AS2-Version: 1.2\nMessage-ID: <AS2-{epoch()}{ri(100, 999)}-{ri(0, 99)}@TESSERAFRT_{ch(PARTNER_IDS)}>\n"
                    f"Disposition: automatic-action/MDN-sent-automatically; processed\n"
                    f"Received-Content-MIC: {b64(rbytes(32))}, sha-256")


def nb_t3():
    pkt = "00000000000000" + f"{ri(40, 90):02X}" + "08" + "01" + f"0000{hx(8).upper()}" + "01" + hx(30).upper() + "0105021503010101425E0F01F10000601A014E0000000000000000010000" + hx(8).upper()
    return f"Teltonika Codec 8 packet that killed the parser (AVL, no IMEI in it):\n{code('', pkt)}"


def nb_t4():
    fr = [f"  can0  {ch(['0CF00400', '18FEF100', '18FEEE00', '0CFE6CEE', '18FEC1EE', '18F00131'])}   [8]  " + " ".join(hx(2).upper() for _ in range(8)) for _ in range(ri(4, 12))]
    return "candump z naczepy, ramki J1939:\n" + code("", "\n".join(fr))


def nb_t5():
    return code("json", json.dumps({"level": "info", "ts": ts(), "msg": "IFTSTA processed", "trace_id": hx(32), "span_id": hx(16),
                                    "shipment": uuid4(), "interchange": digits(9)}, indent=None))


def nb_t6():
    return f"traceparent: 00-{hx(32)}-{hx(16)}-01\nx-request-id: {uuid4()}\nX-Amzn-Trace-Id: Root=1-{hx(8)}-{hx(24)}"


def nb_t7():
    lines = [f"{date()} {clock()[:5]}  {ri(1000, 900000):>9}  edi-archive/{ch(['x12/204', 'x12/214', 'x12/856', 'edifact/IFTMIN', 'edifact/DESADV'])}/{date()}/{ulid()}.edi" for _ in range(ri(3, 8))]
    return "$ aws s3 ls s3://tessera-edi-archive/ --recursive | tail\n" + code("", "\n".join(lines))


def nb_t8():
    return code("", "\n".join(f"{sha256h()}  {ch(['tgw-firmware', 'eld-agent', 'yard-kiosk'])}-{ri(1, 4)}.{ri(0, 20)}.{ri(0, 9)}-{ch(['arm64', 'armhf', 'amd64'])}.{ch(['tar.gz', 'bin', 'deb'])}" for _ in range(ri(2, 5))))


def nb_t9():
    return "pagination in the carrier API: `next_cursor` = `" + b64u(json.dumps({"after": uuid4(), "ts": epoch()}).encode()) + "` — not a token, just base64 JSON"


def nb_t10():
    return code("", f"-----BEGIN PGP MESSAGE-----\n\n" + "\n".join(b64(rbytes(48)) for _ in range(ri(3, 7))) + f"\n={b64(rbytes(3))}\n-----END PGP MESSAGE-----") + \
        f"\nto jest zaszyfrowany plik EDI od {pid()[0]}, klucz prywatny jest tylko w HSM"


def nb_t11():
    return code("yaml", f"edi:\n  sftp_password: ENC[AES256_GCM,data:{b64(rbytes(ri(12, 24)))},iv:{b64(rbytes(32))},tag:{b64(rbytes(16))},type:str]\n"
                        f"sops:\n  lastmodified: \"{ts()}\"\n  mac: ENC[AES256_GCM,data:{b64(rbytes(32))},iv:{b64(rbytes(32))},tag:{b64(rbytes(16))},type:str]")


def nb_t12():
    return (f"`$GPRMC,{ri(0, 23):02d}{ri(0, 59):02d}{ri(0, 59):02d}.00,A,{ri(3600, 5400)}.{digits(4)},N,0{ri(10, 29)}{ri(10, 59)}.{digits(4)},E,{ri(0, 60)}.{ri(0, 9)},{ri(0, 359)}.{ri(0, 9)},"
            f"{ri(10, 28)}{ri(10, 12)}{ri(25, 26)},,,A*{hx(2).upper()}` — Checksumme stimmt nicht, GPS-Modul von LKW {ri(100, 999)} prüfen")


def nb_t13():
    ln = [f"{ch(['1', '2', '3'])},{ri(1, 9)},{ri(10, 12)}{ri(10, 28)}{ri(25, 26)},{ri(0, 23):02d}{ri(0, 59):02d}{ri(0, 59):02d},{ri(10, 60)}.{digits(2)},-{ri(70, 120)}.{digits(2)},{ri(1000, 9999)},{ri(100, 9999)}.{ri(0, 9)},{hx(2).upper()}" for _ in range(ri(3, 7))]
    return "ELD output file, ELD Event List section (last column = line data check value):\n" + code("", "\n".join(ln))


def nb_t14():
    return code("", f"\"integrity\": \"sha512-{b64(rbytes(64))}\"\n\"resolved\": \"https://registry.npmjs.org/@tessera/gs1-barcode/-/gs1-barcode-{ri(1, 4)}.{ri(0, 9)}.{ri(0, 9)}.tgz\"")


def nb_t15():
    return (f"X-Hub-Signature-256 from the carrier webhook: `sha256={sha256h()}` — we verify it with HMAC, "
            f"the value itself is a signature not a secret. Delivery id `{uuid4()}`.")


def nb_t16():
    return code("", f"ETag: \"{hx(32)}-{ri(2, 40)}\"\nx-amz-version-id: {rs(B62 + '._', 32)}\nContent-MD5: {b64(rbytes(16))}\nx-goog-hash: crc32c={b64(rbytes(4))}")


def nb_t17():
    return (f"Sentry {ch(['WMS-API', 'DRIVER-APP', 'EDI-TRANSLATOR'])}-{rs(UP + DIG, 3)} event `{hx(32)}`, release `{hx(12)}`, "
            f"Mongo ObjectId `{hx(24)}` des POD-Dokuments")


def nb_t18():
    return code("", f"github.com/tessera-freight/edi-x12 v0.{ri(3, 19)}.{ri(0, 9)} h1:{b64(rbytes(32))}\n"
                    f"github.com/tessera-freight/edi-x12 v0.{ri(3, 19)}.{ri(0, 9)}/go.mod h1:{b64(rbytes(32))}")


def nb_t19():
    return (f"ssh host key for sftp.{ch(PARTNER_IDS).lower()}.example changed: `ED25519 key fingerprint is SHA256:{b64(rbytes(32)).rstrip('=')}` — "
            f"partner potvrdil novou instalaci serveru, fingerprint jsme ověřili telefonicky")


def nb_t20():
    return code("yaml", f"metadata:\n  annotations:\n    checksum/config: {sha256h()}\n    checksum/secret: {sha256h()}\n"
                        f"  labels:\n    pod-template-hash: {rs('bcdfghjklmnpqrstvwxz2456789', 10)}")


def nb_t21():
    return ("Buildkite build `" + uuid4() + f"` job `{uuid4()}` failed at step `edi-contract-tests`; "
            f"CircleCI workflow {uuid4()} is green")


def nb_t22():
    return f"hex dump of the broken DESADV (UNOC, looks fine to me):\n" + code("", "\n".join(f"{i * 16:08x}  " + " ".join(hx(2) for _ in range(16)) for i in range(ri(3, 8))))


def nb_t23():
    return (f"La firma del fichero de aduanas es `{b64(rbytes(ri(48, 64)))}`; es el hash firmado del DUA, no una clave. "
            f"Ref. interna {uuid4()}")


def nb_t24():
    return code("", f"tfstate lineage: {uuid4()}\nserial: {ri(10, 900)}\nvault:v1:{b64(rbytes(ri(30, 60)))}")


NB = [nb_t0, nb_t1, nb_t2, nb_t3, nb_t4, nb_t5, nb_t6, nb_t7, nb_t8, nb_t9, nb_t10, nb_t11, nb_t12, nb_t13, nb_t14,
      nb_t15, nb_t16, nb_t17, nb_t18, nb_t19, nb_t20, nb_t21, nb_t22, nb_t23, nb_t24]


# ================================================================ negatives: pii_lookalike_number
def pl_t0():
    rows = ["| Container | Seal | Typ | VGM kg | POD |", "|---|---|---|---:|---|"]
    for _ in range(ri(3, 10)):
        rows.append(f"| {container(ri(0, 2))} | {ch(['ML-', 'SL', 'HS'])}{digits(7)} | {ch(['45G1', '22G1', '42G1', '45R1'])} | {ri(4000, 30480)} | {ch(LOCODES)} |")
    return "Ladeliste Vessel-Cutoff " + date() + ":\n" + "\n".join(rows)


def pl_t1():
    ln = [f"{ts()} INFO  wms-api  scan ok (00){sscc()} (02){gtin13()}{ri(0, 9)} (10)L{digits(6)} (37){ri(1, 200)} dock=D{ri(1, 24):02d}" for _ in range(ri(2, 6))]
    return code("", "\n".join(ln))


def pl_t2():
    return (f"AWB {awb()} ({ch(['FRA', 'IST', 'MAD', 'PRG', 'WAW'])}→{ch(['ORD', 'JFK', 'DXB', 'PVG'])}) ist gebucht, "
            f"HAWB {ch(DEPOTS)}{digits(8)}, {ri(1, 30)} Colli / {ri(50, 4000)} kg, Abflug {date()} {hhmm()}")


def pl_t3():
    rows = [f"{ri(100, 999)};{vin()};{ch(['Actros', 'R450', 'XF480', 'TGX', 'FH500', 'S-Way'])};{ri(2016, 2025)};{ri(50000, 1200000)}" for _ in range(ri(3, 12))]
    return "fleet export (unit;vin;model;year;odometer_km):\n" + code("csv", "\n".join(rows))


def pl_t4():
    rows = [f"TGW-{ri(1000, 9999)}   IMEISV {imeisv()}   ICCID {iccid20()}   fw {ri(3, 4)}.{ri(0, 30)}.{ri(0, 9)}   last_seen {ts()}" for _ in range(ri(2, 7))]
    return "Gateway-Inventar (IMEI nur als IMEISV, volle IMEI steht im MDM):\n" + code("", "\n".join(rows))


def pl_t5():
    return (f"Zgłoszenie celne przyjęte: MRN {mrn()}, nadawca EORI {eori()}, odbiorca EORI {eori()}, "
            f"kod CN {hs_code()}, wartość {ri(1000, 90000)},{ri(10, 99)} PLN")


def pl_t6():
    return (f"ATLAS Status für MRN {mrn()}: {ch(['überlassen', 'angenommen', 'Beschau angeordnet'])} um {hhmm()}; "
            f"Ausgangszollstelle DE00{ri(1000, 9999)}, Anmelder-EORI {eori()}")


def pl_t7():
    rows = ["Rampa | Okno      | Przewoźnik | Awizacja"]
    for _ in range(ri(4, 12)):
        rows.append(f"R{ri(1, 24):02d}   | {hhmm()}-{hhmm()} | {scac()}       | AW-{digits(10, True)}")
    return "Harmonogram ramp " + ch(["Poznań", "Łódź", "Warszawa"]) + " na " + date() + ":\n" + code("", "\n".join(rows))


def pl_t8():
    return code("", f"ISA*00*          *00*          *02*{scac()}           *ZZ*TESSERAFRT     *{date()[2:].replace('-', '')}*{ri(10, 23)}{ri(10, 59)}*U*00401*{digits(9)}*0*P*>~\n"
                    f"GS*QM*{scac()}*TESSERAFRT*{date().replace('-', '')}*{ri(10, 23)}{ri(10, 59)}*{ri(1, 99999)}*X*004010~\nST*214*{digits(4)}~\n"
                    f"B10*{digits(10, True)}*{ch(DEPOTS)}{digits(7)}*{scac()}~\nAT7*{ch(['X3', 'X1', 'AF', 'D1'])}*NS***{date().replace('-', '')}*{ri(10, 23)}{ri(10, 59)}*LT~\n"
                    f"MS1*{ch(['HAMBURG', 'POZNAN', 'MERSIN', 'VALENCIA'])}**{ch(['DE', 'PL', 'TR', 'ES'])}~\nSE*{ri(5, 9)}*{digits(4)}~")


def pl_t9():
    return code("", f"UNH+{digits(6)}+DESADV:D:96A:UN:EAN005'\nBGM+351+{digits(10, True)}+9'\nDTM+137:{date().replace('-', '')}:102'\n"
                    f"NAD+BY+{gln()}::9'\nNAD+SU+{gln()}::9'\nCPS+1'\nPAC+{ri(1, 40)}++201'\nGIN+BJ+{sscc()}'\nLIN+1++{gtin13()}:EN'\nQTY+12:{ri(1, 900)}'\nUNT+{ri(9, 30)}+{digits(6)}'")


def pl_t10():
    return (f"HOS: driver unit {ri(100, 999)} — drive {ri(1, 10)}h{ri(0, 59):02d}, on-duty {ri(1, 13)}h{ri(0, 59):02d}, cycle {ri(10, 69)}/70, "
            f"odometer {ri(100000, 999999)} mi, engine hours {ri(1000, 40000)}.{ri(0, 9)}, lat {ri(30, 45)}.{digits(5)} lon -{ri(75, 110)}.{digits(5)}")


def pl_t11():
    return code("json", json.dumps({"deviceId": f"TGW-{ri(1000, 9999)}", "ts": epoch() * 1000 + ri(0, 999), "pgn": ch([61444, 65265, 65276, 65262, 65217]),
                                    "spn": ch([190, 84, 96, 110, 917]), "value": ri(0, 3000), "odo_m": ri(10 ** 8, 10 ** 9), "seq": ri(10 ** 6, 10 ** 7)}))


def pl_t12():
    return (f"Die Gateways hängen im Depot-VLAN {priv_ip()}/24, Broker {priv_ip()}:8883, NTP {priv_ip()}; "
            f"in der Doku nehmen wir {doc_ip()} und {doc_ip()} als Beispiel.")


def pl_t13():
    return (f"DHL Express waybill {digits(10, True)}, UPS 1Z{rs(UP + DIG, 6)}{digits(10)}, DPD {digits(14)}, "
            f"GLS {digits(11)} — alle vier Sendungen für Auftrag {ch(DEPOTS)}-{digits(7)} sind zugestellt")


def pl_t14():
    rows = ["order_id,created_at,invoice,amount_eur,pallets"]
    for _ in range(ri(8, 20)):
        rows.append(f"{digits(10, True)},{epoch()},RE-{ri(2025, 2026)}-{digits(6)},{ri(100, 9999)}.{ri(10, 99)},{ri(1, 33)}")
    return code("csv", "\n".join(rows))


def pl_t15():
    return (f"Konşimento {ch(['MEDU', 'MAEU', 'CMDU'])}{digits(9)}, booking {digits(9, True)}, konteyner {container(1)} ve {container(1)}; "
            f"gümrük beyannamesi {ri(25, 26)}{ri(340000, 349999)}EX{digits(6)}, GTİP {ri(1000, 9999)}.{ri(10, 99)}.{ri(10, 99)}.{ri(10, 99)}")


def pl_t16():
    return (f"Albarán {digits(9, True)}, pedido {ri(4500000000, 4599999999)}, factura FV-{ri(2025, 2026)}/{digits(5)}; "
            f"muelle {ri(1, 30)} a las {hhmm()}, matrícula del remolque oculta, peso {ri(1000, 24000)} kg")


def pl_t17():
    return (f"Číslo zásilky {digits(12, True)}, CMR {ch(['CZ', 'SK'])}{digits(8)}, dodací list {digits(10, True)}, "
            f"rampa {ri(1, 20)}, EORI odesílatele {eori()}")


def pl_t18():
    ln = [f"{ts()} WARN  customs-atlas  retry {ri(1, 5)}/5 for LRN {ch(DEPOTS)}{digits(12)} (HTTP {ch([429, 502, 503])}) after {ri(100, 9000)} ms" for _ in range(ri(2, 5))]
    return code("", "\n".join(ln))


def pl_t19():
    return (f"GLN-Liste für den neuen Standort: Lager {gln()}, Rampe Nord {gln()}, Rampe Süd {gln()}; "
            f"Artikel-GTIN {gtin13()} (Kiste) / {gtin13()} (Palette)")


def pl_t20():
    return (f"`slack ts {epoch()}.{digits(6)}` — der Bot hat auf die falsche Nachricht geantwortet; "
            f"Jira WMS-{ri(1000, 9999)}, Incident INC{digits(7)}, Build {ri(1000, 99999)}")


def pl_t21():
    return (f"Route {ch(DEPOTS)}-{ri(1, 99):02d}: {ri(8, 30)} Stopps, {ri(120, 900)} km, PLZ {ri(10000, 99999)} → {ri(10000, 99999)}, "
            f"ETA {hhmm()}, Zeitfenster {hhmm()}–{hhmm()}, Maut {ri(20, 300)},{ri(10, 99)} €")


def pl_t22():
    return code("", f"$ psql -c 'select count(*) from wms.pallet_move'\n  count\n---------\n {ri(10 ** 7, 10 ** 9)}\n\n"
                    f"relation size: {ri(10, 900):,} {ri(100, 999)} {ri(100, 999)} bytes".replace(",", " "))


def pl_t23():
    return (f"The 997 for interchange {digits(9)} came back with AK1*SH*{ri(1, 99999)}~ AK9*{ch('ARE')}*{ri(1, 9)}*{ri(1, 9)}*{ri(0, 9)}~ — "
            f"GS control {ri(1, 99999)}, ST {digits(4)}; nothing wrong on our side")


def pl_t24():
    return (f"Firmware CVE-{ri(2023, 2026)}-{ri(10000, 49999)} affects tgw {ri(3, 4)}.{ri(0, 12)}.{ri(0, 9)} – {ri(3, 4)}.{ri(13, 20)}.x; "
            f"patched build {ri(3, 4)}.{ri(21, 30)}.{ri(0, 9)}+{ri(100, 999)}, rollout to {ri(10, 600)} units by {date()}")


PL = [pl_t0, pl_t1, pl_t2, pl_t3, pl_t4, pl_t5, pl_t6, pl_t7, pl_t8, pl_t9, pl_t10, pl_t11, pl_t12, pl_t13, pl_t14,
      pl_t15, pl_t16, pl_t17, pl_t18, pl_t19, pl_t20, pl_t21, pl_t22, pl_t23, pl_t24]


# ================================================================ negatives: talk_about_secrets
TALK = {
    "en": ["we rotated the SFTP password for {p} this morning; the new one is in Vault, not here",
           "reminder: never paste a driver's phone number or licence number in #fleet-ops, link the HR record instead",
           "the AS2 signing certificate for {p} expires on {d}, renewal ticket is {t}",
           "if you ever see a private key in the edi-translator repo, revoke it first, then tell #sec",
           "carrier API keys are per-environment now; ask in {t} if you need one for staging",
           "customs broker asked for our EORI and a contact email — I sent it via the portal, not Slack",
           "secret scanner flagged the SSCC fixtures again; they are GS1 check digits, not card numbers",
           "the telematics token leaked into a Grafana panel title for about {n} minutes; rotated, panel fixed",
           "IBAN changes for carriers need a call-back to a known number before we pay, no exceptions",
           "the ELD vendor wants driver SSNs for US onboarding; legal says only via their encrypted upload"],
    "de": ["Das SFTP-Passwort von {p} wurde heute rotiert, das neue liegt im Vault – bitte nicht hier posten.",
           "Bitte keine Handynummern von Fahrern in Tickets schreiben, nur die interne Fahrer-ID.",
           "Der private Schlüssel für AS2 mit {p} läuft am {d} ab, Ticket {t}.",
           "Frachtführer ändern ihre Bankverbindung per Mail? Immer telefonisch gegenprüfen, das war letzte Woche Betrug.",
           "Der API-Key für das Zollportal wurde versehentlich ins Log geschrieben; ist rotiert, Logs sind gelöscht.",
           "Zugangsdaten für die Tankkarten-Portale bekommt ihr nur über den Passwortmanager."],
    "pl": ["Hasło do SFTP {p} zostało dziś zmienione, nowe jest w Vault, nie wklejajcie go tutaj.",
           "Nie podawajcie numerów telefonów kierowców na kanale, tylko ID kierowcy z systemu.",
           "Token do API telematyki wyciekł w logach przez {n} minut, już zrotowany.",
           "Przewoźnik prosi o zmianę numeru konta — weryfikujemy telefonicznie, zanim zapłacimy.",
           "Klucz prywatny AS2 dla {p} wygasa {d}, zgłoszenie {t}."],
    "tr": ["{p} SFTP şifresi bugün değiştirildi, yenisi Vault'ta; buraya yazmayın.",
           "Şoförlerin telefon numaralarını kanala yapıştırmayın, sadece şoför ID kullanın.",
           "Gümrük müşavirinin API anahtarı log'a düşmüş, {n} dakika içinde yenilendi.",
           "IBAN değişikliği isteyen nakliyeciyi her zaman bilinen numaradan geri arayın.",
           "AS2 sertifikası {d} tarihinde bitiyor, talep {t}."],
    "es": ["La contraseña del SFTP de {p} se ha rotado hoy; la nueva está en Vault, no la pongáis aquí.",
           "No peguéis el teléfono ni el DNI de los conductores en el canal, usad el ID interno.",
           "El token de la API de la naviera apareció en un log durante {n} minutos; ya está revocado.",
           "Si un transportista pide cambiar su IBAN por correo, llamad al número conocido antes de pagar.",
           "La clave privada del certificado AS2 de {p} caduca el {d}, ticket {t}."],
    "cs": ["Heslo k SFTP pro {p} jsme dnes změnili, nové je ve Vaultu, sem ho nepište.",
           "Telefonní čísla řidičů sem nedávejte, používejte jen interní ID řidiče.",
           "Token k telematickému API se na {n} minut objevil v logu, už je zneplatněný.",
           "Změnu čísla účtu dopravce vždy ověřte zpětným telefonátem na známé číslo.",
           "Soukromý klíč AS2 pro {p} vyprší {d}, tiket {t}."],
}


def tfill(s):
    return s.format(p=ch(PARTNERS), d=date(), t=f"{ch(['SEC', 'EDI', 'OPS', 'WMS'])}-{ri(100, 4999)}", n=ri(3, 90))


def ta_lang(lang):
    def f():
        k = ri(1, 3)
        return " ".join(tfill(s) for s in R.sample(TALK[lang], k))
    return f


def ta_t6():
    return ("Incident summary (" + date() + ")\n• what: " + tfill(ch(TALK["en"])) + "\n• impact: no customer data exposed, "
            f"{ri(0, 40)} EDI files re-sent\n• follow-up: {tfill('{t}')} — add pre-commit secret scan to {ch(SERVICES)}")


def ta_t7():
    return (f"Q: does the label-service ever need the carrier's password?\nA: no, it only gets a short-lived token from "
            f"{ch(SERVICES)}; passwords stay in Vault and are rotated every {ch([30, 60, 90])} days.")


def ta_t8():
    return (f"regex question: our scanner treats every 18-digit SSCC and every {ch([15, 16])}-digit fuel card id as a possible card number. "
            f"Should we add a GS1 check-digit exception before the Luhn check? Context: {tfill('{t}')}")


def ta_t9():
    return code("", f"{ts()} ERROR external-secrets  could not get secret data from provider: key \"edi/{ch(PARTNER_IDS).lower()}/sftp-password\" not found\n"
                    f"{ts()} WARN  {pod_name('edi-translator')}  SFTP_PASSWORD not set, skipping partner poll")


def ta_t10():
    return ("Security-Sync KW" + str(ri(1, 52)) + ":\n" + "\n".join("- " + tfill(s) for s in R.sample(TALK["de"], ri(2, 4))))


def ta_t11():
    return (f"Przypomnienie z retro: {tfill(ch(TALK['pl']))} Dodatkowo: tokeny Slack bota rotujemy co {ri(30, 90)} dni, "
            f"a numerów kart paliwowych nie wklejamy nigdzie.")


def ta_t12():
    return (f"Güvenlik notu: {tfill(ch(TALK['tr']))} Ayrıca EORI ve vergi numaraları gizli değil ama kişisel veri içeren "
            f"beyannameler sadece gümrük sisteminde kalmalı.")


def ta_t13():
    return (f"Nota del equipo: {tfill(ch(TALK['es']))} Recordad que las claves de AWS del uploader de EDI se rotan con Terraform, "
            f"nunca a mano.")


def ta_t14():
    return (f"Poznámka z bezpečnostní schůzky: {tfill(ch(TALK['cs']))} Klíče k API celní správy mají platnost {ri(30, 365)} dní.")


def ta_t15():
    return (f"Who has access to the sealed-secret for `{ch(SERVICES)}`? kubeseal says `no key could decrypt secret (sftp-password)` "
            f"after the controller key rotation on {date()}")


def ta_t16():
    return (f"Die JWTs vom Carrier-Portal laufen nach {ri(5, 60)} Minuten ab, deshalb schlägt der Nachtlauf fehl. "
            f"Bitte keinen Token ins Ticket kopieren, der Fehler im Log reicht.")


def ta_t17():
    return (f"heads-up: the ELD export we send to {ch(['FMCSA', 'the auditor', 'the insurer'])} contains driver names and licence numbers, "
            f"so it goes through the encrypted portal only. Nobody DM it. Ticket {tfill('{t}')}.")


def ta_t18():
    return (f"FAQ for new dispatchers ({ch(DEPOTS)}, updated {date()}):\n1. Where are the partner SFTP passwords? → Vault, path edi/<partner>.\n"
            "2. Can I share my TMS login? → No, request your own.\n3. A driver sent his bank details in WhatsApp? → forward to payroll, delete.\n"
            f"4. Someone posted a key here? → tell #sec, they rotate within {ri(1, 4)}h.")


def ta_t19():
    return (f"{tfill(ch(TALK['en']))}. also: the Slack bot token for #dock-{ch(DEPOTS).lower()} alerts was regenerated after the workspace migration")


def ta_t20():
    return (f"Nach dem Pentest ({date()}): Passwörter der Handscanner-Admins waren noch Werkseinstellung — alle {ri(20, 300)} Geräte neu gesetzt, "
            f"Kennwort-Policy jetzt mindestens {ch([12, 14, 16])} Zeichen.")


PER_LANG = [ta_lang(l) for l in ["en", "de", "pl", "tr", "es", "cs"]]
TA = PER_LANG + [ta_t6, ta_t7, ta_t8, ta_t9, ta_t10, ta_t11, ta_t12, ta_t13, ta_t14, ta_t15, ta_t16, ta_t17, ta_t18, ta_t19, ta_t20]


# ================================================================ positives: value generators
B32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"


def v_aws_id():
    return ch(["AKIA", "AKIA", "AKIA", "ASIA"]) + rs(B32, 16)


def v_aws_secret():
    return rs(UP + LO + DIG + "/+", 40)


def b62enc(n, width):
    s = ""
    while n:
        n, r = divmod(n, 62)
        s = B62[r] + s
    return s.rjust(width, "0")


def v_ghp():
    body = rs(B62, 30)
    return "ghp_" + body + b62enc(zlib.crc32(body.encode()) & 0xFFFFFFFF, 6)


def v_ghfg():
    return "github_pat_11" + rs(UP + DIG, 20) + "_" + rs(B62, 59)


def v_xoxb():
    return f"xoxb-{digits(ri(11, 13), True)}-{digits(13, True)}-{rs(B62, 24)}"


def v_xoxp():
    return f"xoxp-{digits(ri(11, 12), True)}-{digits(ri(11, 12), True)}-{digits(13, True)}-{hx(32)}"


def v_openai():
    k = ri(0, 2)
    if k == 0:
        return "sk-proj-" + rs(B62 + "-_", 74) + "T3BlbkFJ" + rs(B62 + "-_", 74)
    if k == 1:
        return "sk-" + rs(B62, 20) + "T3BlbkFJ" + rs(B62, 20)
    return "sk-svcacct-" + rs(B62 + "-_", 74) + "T3BlbkFJ" + rs(B62 + "-_", 74)


def v_anthropic():
    return "sk-ant-api03-" + rs(B62 + "-_", 93) + "AA"


def v_jwt():
    if R.random() < 0.5:
        hd = {"alg": "HS256", "typ": "JWT"}
        sig = b64u(rbytes(32))
    else:
        hd = {"alg": "RS256", "typ": "JWT", "kid": hx(16)}
        sig = b64u(rbytes(256))
    now = epoch()
    pl = ch([{"sub": f"carrier:{scac()}", "scope": "shipments:read tracking:read", "iat": now, "exp": now + 3600},
             {"sub": f"driver-app:{uuid4()}", "depot": ch(DEPOTS), "iat": now, "exp": now + 900},
             {"iss": "https://auth.tessera-freight.internal", "aud": ch(SERVICES), "sub": uuid4(), "iat": now, "exp": now + 1800},
             {"client_id": ch(PARTNER_IDS).lower(), "roles": ["edi:upload"], "iat": now, "exp": now + 7200}])
    return b64u(json.dumps(hd, separators=(",", ":")).encode()) + "." + b64u(json.dumps(pl, separators=(",", ":")).encode()) + "." + sig


PW_WORDS = ["Hafen", "Kran", "Rampe", "Palette", "Naczepa", "Ciezarowka", "Tir", "Liman", "Muelle", "Camion", "Sklad", "Dock", "Fracht", "Kontejner"]


def v_password():
    k = ri(0, 3)
    if k == 0:
        return ch(PW_WORDS) + str(ri(2019, 2027)) + ch("!#$%&*?") + ch(PW_WORDS)
    if k == 1:
        return rs(B62 + "!#%*?-_", ri(14, 22))
    if k == 2:
        return ch(PW_WORDS).lower() + ch(["-", ".", "_"]) + ch(PW_WORDS).lower() + ch(["-", ".", "_"]) + str(ri(10, 99)) + ch("!#$")
    return rs(UP, 3) + rs(DIG, 3) + ch("!#%") + rs(LO, 4) + rs(DIG, 2)


FIRST = ["anna", "jan", "marek", "katarzyna", "ayse", "mehmet", "elif", "lucia", "javier", "carmen", "petr", "jana", "tomas",
         "lukas", "sabine", "jonas", "emre", "zeynep", "pawel", "marta"]
LAST = ["kowalczyk", "nowak", "wisniewska", "demir", "yilmaz", "kaya", "garcia", "fernandez", "ruiz", "novak", "svoboda",
        "dvorakova", "becker", "schneider", "hoffmann", "celik", "lewandowski", "moreno", "horak", "wagner"]
DOMAINS = ["vistula-trans.pl", "anatolia-lojistik.com.tr", "tessera-freight.de", "iberia-frescos.es", "vltava-components.cz",
           "nordhafen-getraenke.de", "sarmacja-meble.pl", "gmail.com", "seznam.cz", "ebro-papel.es", "outlook.de", "wp.pl"]


def v_email():
    f, l = ch(FIRST), ch(LAST)
    loc = ch([f"{f}.{l}", f"{f[0]}.{l}", f"{f}{l[0]}", f"{l}.{f}", f"{f}.{l}{ri(1, 99)}"])
    return f"{loc}@{ch(DOMAINS)}"


def v_phone():
    k = ri(0, 9)
    if k == 0:
        return f"+49 {ch(['151', '160', '171', '176'])} {digits(ri(7, 8))}"
    if k == 1:
        return f"0{ch(['152', '170', '175'])} {digits(4)} {digits(4)}"
    if k == 2:
        return f"+48 {ch(['501', '512', '601', '698', '790'])} {digits(3)} {digits(3)}"
    if k == 3:
        return f"{ch(['502', '604', '663', '781'])} {digits(3)} {digits(3)}"
    if k == 4:
        return f"+90 5{ri(30, 59)} {digits(3)} {digits(2)} {digits(2)}"
    if k == 5:
        return f"0 (5{ri(30, 59)}) {digits(3)} {digits(2)} {digits(2)}"
    if k == 6:
        return f"+34 6{digits(2)} {digits(2)} {digits(2)} {digits(2)}"
    if k == 7:
        return f"+420 {ch(['602', '603', '724', '737', '777'])} {digits(3)} {digits(3)}"
    if k == 8:
        return f"({ri(201, 989)}) {ri(201, 989)}-{digits(4)}"
    return f"+44 7{digits(3)} {digits(6)}"


def v_cc():
    k = ri(0, 2)
    if k == 0:
        n = luhn_complete("4" + digits(14))
    elif k == 1:
        n = luhn_complete(str(ri(51, 55)) + digits(13))
    else:
        n = luhn_complete(ch(["34", "37"]) + digits(12))
        f = ri(0, 2)
        return n if f == 0 else (f"{n[:4]} {n[4:10]} {n[10:]}" if f == 1 else f"{n[:4]}-{n[4:10]}-{n[10:]}")
    f = ri(0, 2)
    if f == 0:
        return n
    sep = " " if f == 1 else "-"
    return sep.join(n[i:i + 4] for i in range(0, 16, 4))


def iban_make(cc, bban):
    n = "".join(str(int(c, 36)) for c in bban + cc + "00")
    chk = 98 - int(n) % 97
    return f"{cc}{chk:02d}{bban}"


def es_dc(ten):
    w = [1, 2, 4, 8, 5, 10, 9, 7, 3, 6]
    d = 11 - sum(int(c) * x for c, x in zip(ten, w)) % 11
    return {10: 1, 11: 0}.get(d, d)


def v_iban_raw():
    cc = ch(["DE", "PL", "TR", "ES", "CZ", "NL", "AT"])
    if cc == "DE":
        b = digits(8, True) + digits(10)
    elif cc == "PL":
        b = digits(24)
    elif cc == "TR":
        b = digits(5) + "0" + digits(16)
    elif cc == "ES":
        bank, br, acc = digits(4), digits(4), digits(10)
        b = bank + br + f"{es_dc('00' + bank + br)}{es_dc(acc)}" + acc
    elif cc == "CZ":
        w = [6, 3, 7, 9, 10, 5, 8, 4, 2, 1]
        while True:
            acc = digits(10)
            if sum(int(c) * x for c, x in zip(acc, w)) % 11 == 0:
                break
        b = ch(["0100", "0300", "0800", "2010", "5500"]) + "000000" + acc
    elif cc == "NL":
        while True:
            acc = digits(10)
            if sum(int(c) * (10 - i) for i, c in enumerate(acc)) % 11 == 0:
                break
        b = ch(["ABNA", "INGB", "RABO"]) + acc
    else:
        b = digits(5, True) + digits(11)
    s = iban_make(cc, b)
    assert iban_valid(s)
    return s


def v_iban():
    s = v_iban_raw()
    return s if R.random() < 0.5 else " ".join(s[i:i + 4] for i in range(0, len(s), 4))


def v_ssn():
    while True:
        a = ri(1, 899)
        if a != 666:
            break
    return f"{a:03d}-{ri(1, 99):02d}-{ri(1, 9999):04d}"


def v_ip():
    while True:
        a = ch([31, 37, 46, 62, 78, 81, 85, 88, 91, 93, 94, 109, 151, 176, 178, 185, 188, 193, 195, 212, 213, 217, 34, 52, 18, 3])
        ip = (a, ri(0, 255), ri(0, 255), ri(1, 254))
        if ip_public(*ip):
            return ".".join(map(str, ip))


GEN = {"aws_access_key_id": v_aws_id, "aws_secret_access_key": v_aws_secret, "github_classic_pat": v_ghp,
       "github_fine_grained_pat": v_ghfg, "slack_bot_token": v_xoxb, "slack_user_token": v_xoxp, "openai_api_key": v_openai,
       "anthropic_api_key": v_anthropic, "jwt": v_jwt, "password": v_password, "email_address": v_email,
       "phone_number": v_phone, "credit_card": v_cc, "iban": v_iban, "us_ssn": v_ssn, "ipv4_address": v_ip}

# ---------------------------------------------------------------- single-secret templates: f(value) -> text
P1 = {
    "aws_access_key_id": [
        lambda v: f"the EDI archive uploader in {ch(DEPOTS)} still uses key id {v}, can someone check in IAM who owns it?",
    ],
    "github_classic_pat": [
        lambda v: f"für den edi-translator Build einfach meinen Token nehmen: {v} (läuft in 7 Tagen ab)",
        lambda v: code("bash", f"git clone https://x-access-token:{v}@github.com/tessera-freight/wms-api.git"),
        lambda v: code("yaml", f"# .github/workflows/labels.yml (tymczasowo!)\nenv:\n  GH_TOKEN: {v}"),
        lambda v: f"{ch(['Token GitHub', 'GitHub token'])} do mirrora z Gdańska: `{v}`",
        lambda v: f"Depo kiosk imajı için GitHub PAT: {v} — yarın iptal ederim",
    ],
    "github_fine_grained_pat": [
        lambda v: f"fine-grained token for the dock-scheduler repo only (read contents): {v}",
        lambda v: code("bash", f"export GITHUB_TOKEN={v}\ngh release download v{ri(1, 4)}.{ri(0, 20)}.0 -R tessera-freight/tgw-firmware"),
        lambda v: f"Token s přístupem jen k repu eld-agent: {v} — prosím nesdílet dál",
        lambda v: f"Nuevo token para el runner de aduanas: `{v}`",
    ],
    "slack_bot_token": [
        lambda v: code("ini", f"[slack]\nbot_token = {v}\nchannel = #dock-{ch(DEPOTS).lower()}-alerts"),
        lambda v: f"Bot-Token für die Rampen-Alerts: {v}, bitte im dock-scheduler als SLACK_BOT_TOKEN setzen",
        lambda v: code("bash", f"curl -s -H 'Authorization: Bearer {v}' -d channel=C0{rs(UP + DIG, 8)} -d text='Tor {ri(1, 24)} frei' https://slack.com/api/chat.postMessage"),
        lambda v: f"token bota do powiadomień o awizacjach: {v}",
    ],
    "slack_user_token": [
        lambda v: f"used my user token to export #fleet-ops history for the audit: {v} — will revoke after",
        lambda v: code("python", f"client = WebClient(token=\"{v}\")  # xoxp, nur für den Export"),
        lambda v: f"Kullanıcı token'ım (kanal arşivi için): {v}",
    ],
    "openai_api_key": [
        lambda v: code("bash", f"OPENAI_API_KEY={v} python summarize_iftsta.py --depot {ch(DEPOTS)}"),
        lambda v: f"klucz do PoC z podsumowaniami tras: {v}",
        lambda v: f"La clave de OpenAI para el bot de incidencias de muelle: {v}",
        lambda v: code("yaml", f"route-summaries:\n  openai:\n    api_key: \"{v}\"\n    model: gpt-4o-mini"),
    ],
    "anthropic_api_key": [
        lambda v: code("bash", f"export ANTHROPIC_API_KEY={v}\npython classify_customs_holds.py"),
        lambda v: f"Anthropic-Key fürs Zoll-Klassifizierungs-Experiment: {v}",
        lambda v: f"API klíč pro sumarizaci ELD incidentů: `{v}`",
        lambda v: code("json", json.dumps({"provider": "anthropic", "apiKey": v, "feature": "edi-error-explainer"}, indent=2)),
    ],
    "jwt": [
        lambda v: f"carrier portal rejects this token with 401, but it isn't expired? `{v}`",
        lambda v: code("bash", f"curl -H 'Authorization: Bearer {v}' https://api.tessera-freight.internal/v2/docks/{ch(DEPOTS)}/slots"),
        lambda v: f"Token aus dem Fahrer-App-Log (Nutzer meldet Logout-Loop): {v}",
        lambda v: f"token z aplikacji kierowcy, ten co nie działa: {v}",
        lambda v: code("", f"{ts()} DEBUG wms-api  Authorization: Bearer {v}"),
    ],
    "password": [
        lambda v: f"SFTP-Passwort von {ch(PARTNERS)} ist jetzt {v} (Benutzer edi_{ch(PARTNER_IDS).lower()})",
        lambda v: code("", f"Host=wms-db.{ch(DEPOTS).lower()}.internal;Port=5432;Database=wms;Username=wms_app;Password={v};SSL Mode=Require"),
        lambda v: f"hasło do panelu awizacji {ch(['Poznań', 'Łódź', 'Gdańsk'])}: {v}",
        lambda v: f"Yard kiosk admin şifresi: {v} — lütfen değiştirmeyin, sahada herkes bunu kullanıyor",
        lambda v: f"La contraseña del portal de la naviera es {v}, usuario operaciones.vlc",
        lambda v: f"heslo k celnímu portálu: {v}",
        lambda v: code("properties", f"as2.keystore.path=/etc/as2/{ch(PARTNER_IDS).lower()}.p12\nas2.keystore.password={v}"),
        lambda v: code("yaml", f"eld_vendor:\n  username: tessera-fleet\n  password: \"{v}\""),
    ],
    "url_credentials": [
        lambda v: f"sftp://edi_{ch(PARTNER_IDS).lower()}:{v}@sftp.{ch(['partner-edi', 'b2b', 'edi'])}.{ch(['alda-retail.de', 'baltica-foods.pl', 'ebro-papel.es'])}:22/inbound/{ch(['204', 'DESADV'])}",
        lambda v: code("", f"DATABASE_URL=postgresql://yard:{v}@yard-db.{ch(DEPOTS).lower()}.tessera-freight.internal:5432/yard"),
        lambda v: f"broker na magazynie: amqps://wms:{v}@mq.poz.tessera-freight.internal:5671/wms",
        lambda v: code("", f"MONGO_URI=mongodb+srv://pod_uploader:{v}@pod-cluster.x{rs(LO + DIG, 5)}.mongodb.net/pod?retryWrites=true"),
        lambda v: f"FTP celního deklaranta: ftp://tessera:{v}@ftp.celni-broker.cz/export",
        lambda v: f"Redis für die Slot-Locks: redis://:{v}@slots-cache.{ch(DEPOTS).lower()}.internal:6379/0",
    ],
    "email_address": [
        lambda v: f"Ansprechpartnerin beim Carrier für die 214-Statusmeldungen: {v}",
        lambda v: f"osoba kontaktowa u przewoźnika w sprawie awizacji: {v}",
        lambda v: f"Gümrük müşavirinin e-postası: {v}",
        lambda v: code("", f"PER*IC*TRAFFIC DESK*EM*{v}~"),
    ],
    "phone_number": [
        lambda v: f"Fahrer von Tour {ch(DEPOTS)}-{ri(1, 99):02d} erreicht ihr unter {v}",
        lambda v: f"kierowca z naczepą {container(0)} — tel. {v}",
        lambda v: f"Şoför Mersin limanında bekliyor, numarası {v}",
        lambda v: f"El conductor del camión de Valencia: {v}",
        lambda v: f"Dispečer v Ostravě má nové číslo {v}",
        lambda v: f"driver for the {ch(['Chicago', 'Columbus', 'Dallas'])} cross-dock load, cell {v}",
    ],
    "credit_card": [
        lambda v: f"Firmenkarte für die Hafengebühren in Bremerhaven: {v}, Ablauf {ri(1, 12):02d}/{ri(27, 30)}",
        lambda v: f"karta firmowa do opłat drogowych: {v}",
        lambda v: f"Liman ücretleri için şirket kartı: {v} son kullanma {ri(1, 12):02d}/{ri(27, 30)}",
        lambda v: f"Tarjeta para pagar la escala en Algeciras: {v}",
        lambda v: code("json", json.dumps({"payment": {"method": "card", "pan": v, "purpose": "demurrage " + container(0)}}, ensure_ascii=False)),
    ],
    "iban": [
        lambda v: f"Neue Bankverbindung des Subunternehmers für die Gutschrift: {v}",
        lambda v: f"przewoźnik podał nowy numer konta: {v}",
        lambda v: f"Nakliyecinin IBAN'ı: {v}",
        lambda v: f"IBAN del transportista para la factura de {ch(['octubre', 'noviembre', 'marzo'])}: {v}",
        lambda v: f"Číslo účtu dopravce (IBAN): {v}",
    ],
    "us_ssn": [
        lambda v: f"ELD onboarding for the new OTR driver is stuck, vendor needs SSN {v} re-entered",
        lambda v: code("csv", f"driver_id,cdl_state,ssn\nD{digits(5)},{ch(['IL', 'OH', 'TX', 'IN'])},{v}"),
        lambda v: f"payroll says the W-4 has SSN {v} but the ELD profile has a different one",
        lambda v: f"SSN des US-Fahrers für die Hintergrundprüfung: {v}",
    ],
    "ipv4_address": [
        lambda v: f"carrier's SFTP only accepts us from a whitelisted address; our egress NAT is {v}",
        lambda v: f"Das AS2-Gateway des Partners hat jetzt die IP {v}, Firewall-Regel bitte anpassen",
        lambda v: code("", f"{ts()} WARN  as2-gateway  MDN timeout from {v}:4080"),
        lambda v: f"adres IP bramki klienta do whitelisty: {v}",
        lambda v: f"Gümrük sisteminin yeni IP adresi {v}, VPN tüneli oraya kurulacak",
    ],
}

# ---------------------------------------------------------------- two-secret templates: f(v1, v2) -> text
P2 = {
    ("aws_access_key_id", "aws_secret_access_key"): [
        lambda a, b: code("ini", f"[edi-archive]\naws_access_key_id = {a}\naws_secret_access_key = {b}\nregion = eu-central-1"),
        lambda a, b: f"klucze do bucketu z etykietami: {a} / {b}",
        lambda a, b: code("bash", f"AWS_ACCESS_KEY_ID={a} AWS_SECRET_ACCESS_KEY={b} aws s3 sync ./pod s3://tessera-pod-{ch(DEPOTS).lower()}/"),
        lambda a, b: f"Zugang für den Zoll-Export-Job: Key-ID {a}, Secret {b}",
    ],
    ("email_address", "phone_number"): [
        lambda a, b: f"Kontakt beim neuen Frachtführer: {a}, mobil {b}",
        lambda a, b: f"dyspozytor przewoźnika: {a}, tel. {b}",
    ],
    ("password", "ipv4_address"): [
        lambda a, b: f"the yard camera NVR is at {b}, admin password {a} — please move this to Vault",
        lambda a, b: f"Der Scanner-Management-Server läuft auf {b}, Passwort {a}",
    ],
    ("iban", "email_address"): [
        lambda a, b: f"Gutschrift bitte auf {a}, Rückfragen an {b}",
        lambda a, b: f"Transferencia a {a}; la factura la envía {b}",
    ],
    ("url_credentials", "ipv4_address"): [
        lambda a, b: f"partner SFTP moved to {b}, new URL sftp://tessera:{a}@{b}:2222/out",
    ],
    ("us_ssn", "phone_number"): [
        lambda a, b: f"new driver onboarding: SSN {a}, cell {b}, starts Monday at the Joliet yard",
    ],
    ("jwt", "ipv4_address"): [
        lambda a, b: code("", f"{ts()} ERROR carrier-connector  401 from {b} token={a}"),
    ],
    ("credit_card", "email_address"): [
        lambda a, b: f"Kreditkarte für die Demurrage-Zahlung: {a}, Beleg an {b}",
    ],
}


def v_urlpw():
    return rs(B62, ri(4, 8)) + ch(["-", "_", ".", "~", "!", "*"]) + rs(B62, ri(6, 14))


GEN["url_credentials"] = v_urlpw


# ---------------------------------------------------------------- PEM
def pem_parts(name):
    lines = KEYS[name].strip().split("\n")
    return lines[0], lines[1:-1], lines[-1]


PEM_TYPES = {"ec": "ec_p256_sec1", "ed": "ed25519_pkcs8", "rsa": "rsa1024_pkcs1"}


def pem_layout(name, layout):
    begin, body, end = pem_parts(name)
    if layout == 0:
        text = "AS2 signing key for the " + ch(PARTNERS) + " connection, install on as2-gateway:\n" + code("", "\n".join([begin] + body + [end]))
        return text, "\n".join(body)
    if layout == 1:
        esc = "\\n".join([begin] + body + [end]) + "\\n"
        text = code("json", '{\n  "partner": "' + ch(PARTNER_IDS) + '",\n  "signingKey": "' + esc + '"\n}')
        return text, "\\n".join(body)
    if layout == 2:
        ind = "    "
        text = code("yaml", f"apiVersion: v1\nkind: Secret\nmetadata:\n  name: tgw-mtls-{ch(DEPOTS).lower()}\nstringData:\n  tls.key: |\n"
                    + "\n".join(ind + l for l in [begin] + body + [end]))
        return text, ("\n" + ind).join(body)
    if layout == 3:
        text = (ch(["Klucz prywatny do mTLS bramek telematycznych (nie commitować!):", "Privater Schlüssel für den SFTP-Zugang zum Zollbroker:",
                    "Telematik geçidi için özel anahtar:", "Clave privada del túnel con la aduana:", "Soukromý klíč pro AS2 s partnerem:"])
                + "\n" + "\n".join([begin] + body + [end]))
        return text, "\n".join(body)
    text = code("hcl", f"resource \"tls_locally_signed_cert\" \"tgw\" {{\n  ca_private_key_pem = <<EOT\n" + "\n".join([begin] + body + [end]) + "\nEOT\n}")
    return text, "\n".join(body)


# ================================================================ build
CATS = [("data_uri_base64", DU), ("placeholder_example", PH), ("code_identifier", CI), ("non_credential_blob", NB),
        ("pii_lookalike_number", PL), ("talk_about_secrets", TA)]


def build_negatives():
    recs, seen = [], set()
    for cat, tpls in CATS:
        got = 0
        i = 0
        while got < 100:
            t = tpls[i % len(tpls)]
            for attempt in range(200):
                text = wrap(t())
                if text in seen or scan(text):
                    continue
                break
            else:
                raise SystemExit(f"template {cat}/{t.__name__} cannot produce a clean distinct text")
            seen.add(text)
            recs.append({"text": text, "category": cat})
            got += 1
            i += 1
    R.shuffle(recs)
    out = []
    for n, r in enumerate(recs, 1):
        out.append({"id": f"h{N}n-{n:04d}", "text": r["text"], "category": r["category"]})
    return out


COUNTS = {"aws_access_key_id": 10, "aws_secret_access_key": 9, "github_classic_pat": 9, "github_fine_grained_pat": 9,
          "slack_bot_token": 9, "slack_user_token": 9, "openai_api_key": 9, "anthropic_api_key": 9, "jwt": 10,
          "private_key_pem": 9, "password": 10, "url_credentials": 9, "email_address": 10, "phone_number": 10,
          "credit_card": 10, "iban": 10, "us_ssn": 9, "ipv4_address": 10}
DOUBLES = ([("aws_access_key_id", "aws_secret_access_key")] * 9 + [("email_address", "phone_number")] * 3
           + [("password", "ipv4_address")] * 2 + [("iban", "email_address")] * 2 + [("url_credentials", "ipv4_address")]
           + [("us_ssn", "phone_number")] + [("jwt", "ipv4_address")] + [("credit_card", "email_address")])


def residual_clean(text, values):
    t = text
    for v in sorted(values, key=len, reverse=True):
        t = t.replace(v, " ")
    return not scan(t)


def build_positives():
    assert sum(COUNTS.values()) == 170 and len(DOUBLES) == 20
    left = dict(COUNTS)
    for a, b in DOUBLES:
        left[a] -= 1
        left[b] -= 1
    items = []
    # doubles
    pair_n = {}
    for a, b in DOUBLES:
        tpls = P2[(a, b)]
        k = pair_n.get((a, b), 0)
        pair_n[(a, b)] = k + 1
        t = tpls[k % len(tpls)]
        for _ in range(200):
            va, vb = GEN[a](), GEN[b]()
            text = t(va, vb)
            if va in text and vb in text and residual_clean(text, [va, vb]):
                break
        else:
            raise SystemExit("double template failed")
        items.append({"text": text, "secrets": [{"kind": a, "value": va}, {"kind": b, "value": vb}],
                      "context": f"multi:{a}+{b}:{k}"})
    # PEM singles
    names = sorted(KEYS)
    for i, nm in enumerate(names):
        layout = i % 5
        text, val = pem_layout(nm, layout)
        items.append({"text": text, "secrets": [{"kind": "private_key_pem", "value": val}],
                      "context": f"private_key_pem:{PEM_TYPES[re.sub(r'[0-9]', '', nm)]}:layout{layout}"})
    left["private_key_pem"] -= len(names)
    # other singles
    for kind in COUNTS:
        if kind == "private_key_pem":
            continue
        tpls = P1.get(kind, [])
        for j in range(left[kind]):
            ti = j % len(tpls)
            for _ in range(200):
                v = GEN[kind]()
                text = wrap(tpls[ti](v), 0.05, 0.03)
                if v in text and residual_clean(text, [v]):
                    break
            else:
                raise SystemExit(f"single template failed {kind}")
            items.append({"text": text, "secrets": [{"kind": kind, "value": v}], "context": f"{kind}:t{ti}"})
    assert len(items) == 150
    R.shuffle(items)
    out = []
    for n, it in enumerate(items, 1):
        out.append({"id": f"h{N}p-{n:04d}", **it})
    return out


def verify_positives(pos):
    from collections import Counter
    c = Counter()
    texts = set()
    for r in pos:
        assert r["text"] not in texts
        texts.add(r["text"])
        for s in r["secrets"]:
            k, v = s["kind"], s["value"]
            c[k] += 1
            assert v in r["text"], (r["id"], k)
            if k == "credit_card":
                d = re.sub(r"[ -]", "", v)
                assert 13 <= len(d) <= 19 and luhn_ok(d), v
            elif k == "iban":
                assert iban_valid(v.replace(" ", "")), v
            elif k == "us_ssn":
                a, g, s_ = v.split("-")
                assert a not in ("000", "666") and int(a) < 900 and g != "00" and s_ != "0000", v
            elif k == "ipv4_address":
                assert ip_public(*map(int, v.split("."))), v
            elif k == "jwt":
                h, p, _ = v.split(".")
                for part in (h, p):
                    json.loads(base64.urlsafe_b64decode(part + "=" * (-len(part) % 4)))
            elif k == "private_key_pem":
                body = re.sub(r"\\n|\s", "", v)
                base64.b64decode(body, validate=True)
            elif k == "github_classic_pat":
                body = v[4:34]
                assert v[34:] == b62enc(zlib.crc32(body.encode()) & 0xFFFFFFFF, 6)
            elif k == "aws_access_key_id":
                assert re.fullmatch(r"(AKIA|ASIA)[A-Z2-7]{16}", v)
            elif k == "aws_secret_access_key":
                assert len(v) == 40
    assert dict(c) == COUNTS, c
    assert sum(len(r["secrets"]) == 2 for r in pos) == 20 and sum(len(r["secrets"]) == 1 for r in pos) == 130


def main():
    neg = build_negatives()
    pos = build_positives()
    assert len(neg) == 600 and len({r["text"] for r in neg}) == 600
    from collections import Counter
    assert set(Counter(r["category"] for r in neg).values()) == {100}
    for r in neg:
        assert not scan(r["text"]), (r["id"], scan(r["text"]))
    verify_positives(pos)
    with open(os.path.join(HERE, f"redaction{N}_negatives.jsonl"), "w", encoding="utf-8") as f:
        for r in neg:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")
    with open(os.path.join(HERE, f"redaction{N}_positives.jsonl"), "w", encoding="utf-8") as f:
        for r in pos:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")
    miss = 0
    for r in pos:
        found = [m for _, m in scan(r["text"])]
        for s in r["secrets"]:
            if not any(s["value"] in m or m in s["value"] for m in found):
                miss += 1
    lines = [r["text"].count("\n") + 1 for r in neg]
    print(f"negatives: {len(neg)}  positives: {len(pos)} texts / {sum(len(r['secrets']) for r in pos)} secrets")
    print(f"negative lines min/max: {min(lines)}/{max(lines)}; single-line: {sum(l == 1 for l in lines)}; >=10 lines: {sum(l >= 10 for l in lines)}")
    print(f"built-in scanner misses {miss} positive values (kinds it does not look for, e.g. passwords, secrets, tokens w/o prefix)")


if __name__ == "__main__":
    main()
