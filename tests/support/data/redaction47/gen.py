#!/usr/bin/env python3
"""Blind redaction corpus #47: hotel-group hospitality-tech Slack.
Standard library only. random.Random(47 * 101) is the only randomness, used in a fixed order.
`python3 gen.py` writes redaction47_negatives.jsonl and redaction47_positives.jsonl next to itself."""
import base64, binascii, ipaddress, json, os, re, struct, zlib

import random
N = 47
R = random.Random(N * 101)
HERE = os.path.dirname(os.path.abspath(__file__))

def ch(x): return R.choice(x)
def ri(a, b): return R.randint(a, b)
def digits(n): return "".join(str(R.randint(0, 9)) for _ in range(n))
def nzdigits(n): return str(R.randint(1, 9)) + digits(n - 1)
def hexs(n): return "".join(R.choice("0123456789abcdef") for _ in range(n))
B62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
def b62(n): return "".join(R.choice(B62) for _ in range(n))
def b64s(n): return "".join(R.choice(B62 + "+/") for _ in range(n))
def b64url(n): return "".join(R.choice(B62 + "-_") for _ in range(n))
def upper(n): return "".join(R.choice("ABCDEFGHIJKLMNOPQRSTUVWXYZ") for _ in range(n))
def rbytes(n): return bytes(R.randint(0, 255) for _ in range(n))
def uuid4():
    h = hexs(32); h = h[:12] + "4" + h[13:16] + ch("89ab") + h[17:]
    return "%s-%s-%s-%s-%s" % (h[:8], h[8:12], h[12:16], h[16:20], h[20:])
def ulid(): return "".join(R.choice("0123456789ABCDEFGHJKMNPQRSTVWXYZ") for _ in range(26))
def b64(b): return base64.b64encode(b).decode()
def b64u(b): return base64.urlsafe_b64encode(b).decode().rstrip("=")

def luhn_ok(s):
    t = 0
    for i, c in enumerate(reversed(s)):
        d = int(c)
        if i % 2: d = d * 2 - 9 if d > 4 else d * 2
        t += d
    return t % 10 == 0
def luhn_complete(p):
    for c in "0123456789":
        if luhn_ok(p + c): return p + c
def mod97_ok(s):
    s = s.replace(" ", "")
    r = s[4:] + s[:4]
    return int("".join(str(int(c, 36)) for c in r)) % 97 == 1
def iban_make(cc, bban):
    r = bban + cc + "00"
    k = 98 - int("".join(str(int(c, 36)) for c in r)) % 97
    return "%s%02d%s" % (cc, k, bban)
def group4(s): return " ".join(s[i:i + 4] for i in range(0, len(s), 4))

# ---------------------------------------------------------------- scanner (negatives)
RE_EMAIL = re.compile(r"[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}")
RE_GH = re.compile(r"gh[pousr]_[A-Za-z0-9]{36}|github_pat_[A-Za-z0-9_]{30,}")
RE_SLACK = re.compile(r"xox[abposr]-\d+-")
RE_SK = re.compile(r"sk-[A-Za-z0-9_-]{32,}|T3BlbkFJ")
RE_JWT = re.compile(r"eyJ[A-Za-z0-9_-]+\.eyJ[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+")
RE_SSN = re.compile(r"(?<![\d-])\d{3}-\d{2}-\d{4}(?![\d-])")
RE_RUN = re.compile(r"(?<![\d])\d+(?:[ -]\d+)*")
RE_IBAN = re.compile(r"\b[A-Z]{2}\d{2}(?: ?[A-Z0-9]){11,30}")
RE_PEM = re.compile(r"-----BEGIN [A-Z ]*PRIVATE KEY-----\s*\n\s*([A-Za-z0-9+/=]{40,})")
RE_AWS = re.compile(r"\b(?:AKIA|ASIA)[A-Z0-9]{16}\b")
RE_IP = re.compile(r"(?<![\d.])(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})(?![\d])")
RE_PHONE = re.compile(r"\+\d{1,3}[ \d().-]{7,}\d|(?<![\d])0\d{2,3}[ -]\d{3}[ -]\d{2,4}(?:[ -]\d{2})?(?![\d])")
NAMES = re.compile(r"\b(Maria|María|José|Jose|Ahmed|Mohammed|Mehmet|Ayşe|Giorgos|Γιώργος|Somchai|Marco|Giulia|John|Anna|Fatma|Elena|Carlos|Luca|Nikos|Ali|Fatima)\b")
DOC_NETS = [ipaddress.ip_network(n) for n in ("192.0.2.0/24", "198.51.100.0/24", "203.0.113.0/24")]

def scan(text):
    bad = []
    for name, rx in (("email", RE_EMAIL), ("github", RE_GH), ("slack", RE_SLACK), ("sk", RE_SK),
                     ("jwt", RE_JWT), ("ssn", RE_SSN), ("phone", RE_PHONE), ("name", NAMES)):
        m = rx.search(text)
        if m: bad.append((name, m.group(0)))
    for m in RE_RUN.finditer(text):
        groups = re.split(r"[ -]", m.group(0))
        for i in range(len(groups)):
            tot = ""
            for j in range(i, len(groups)):
                tot += groups[j]
                if len(tot) > 19: break
                if len(tot) >= 13 and luhn_ok(tot): bad.append(("luhn", tot))
            g = groups[i]
            if len(g) > 19:
                for k in range(len(g) - 12):
                    for L in range(13, 20):
                        if k + L <= len(g) and luhn_ok(g[k:k + L]): bad.append(("luhn", g)); break
    for m in RE_IBAN.finditer(text):
        s = m.group(0).replace(" ", "")
        for L in range(15, min(34, len(s)) + 1):
            try:
                if mod97_ok(s[:L]): bad.append(("iban", s[:L])); break
            except ValueError:
                pass
    for m in RE_PEM.finditer(text): bad.append(("pem", m.group(1)[:20]))
    for m in RE_AWS.finditer(text):
        if "EXAMPLE" not in m.group(0): bad.append(("aws", m.group(0)))
    for m in RE_IP.finditer(text):
        parts = [int(x) for x in m.groups()]
        if max(parts) > 255: continue
        ip = ipaddress.ip_address(".".join(map(str, parts)))
        if ip.is_private or ip.is_loopback or ip.is_unspecified or any(ip in n for n in DOC_NETS): continue
        bad.append(("public_ip", str(ip)))
    return bad

PEMS = [
    ('ec_p256_sec1', '-----BEGIN EC PRIVATE KEY-----\nMHcCAQEEINfEAWrUzPCHy/GhfKlmbplCMhxBibWLLE8Bry+OLgBBoAoGCCqGSM49\nAwEHoUQDQgAEfVuR8NnjUNHEvzbl8ha9tAsl90qeVnFDvp6jEhaOVgwDZw7x+Hjt\nqX50LsFwxNHsfOava8M0SSsz/tShcAHW3g==\n-----END EC PRIVATE KEY-----'),
    ('ec_p256_sec1', '-----BEGIN EC PRIVATE KEY-----\nMHcCAQEEIIalQ9TB1LBfmxJ7MY3Ha95xELz7YGHwNDgrKplypgXEoAoGCCqGSM49\nAwEHoUQDQgAE01qRlrUZcD6PMgXmmI5/qb/crtgEKv904NcKkR8Fv9fLgXg/cSFt\n+2z2OjrjR5QtfESL7arTMyuHw56WOuQlKQ==\n-----END EC PRIVATE KEY-----'),
    ('ec_p256_sec1', '-----BEGIN EC PRIVATE KEY-----\nMHcCAQEEIPIZr9ntcCjz+JXnavuqkT0xMSmkfrNtYKxqOrf4frROoAoGCCqGSM49\nAwEHoUQDQgAEOD5sDybs6VrkU3dImyNDtNNrAuIc8jHa0m71Eik1AVbpLoTx6Nti\nUNGq1LreLM5FZZ9MzTe1GpQ7bcA3By+14A==\n-----END EC PRIVATE KEY-----'),
    ('ed25519_pkcs8', '-----BEGIN PRIVATE KEY-----\nMC4CAQAwBQYDK2VwBCIEILluu2V0agGnPu+XF6Gyb4bN0+OwsPiXWsLz2VtFtkaE\n-----END PRIVATE KEY-----'),
    ('ed25519_pkcs8', '-----BEGIN PRIVATE KEY-----\nMC4CAQAwBQYDK2VwBCIEIKf+bry06ykVVUs/rFSKWtFtG9h/nh9Ncys8iiVTQYji\n-----END PRIVATE KEY-----'),
    ('ed25519_pkcs8', '-----BEGIN PRIVATE KEY-----\nMC4CAQAwBQYDK2VwBCIEIEHhnXEZ5DCtLtxuSyU+4PhrIZGHTBHF9+Kt4q3EB3Rg\n-----END PRIVATE KEY-----'),
    ('rsa_pkcs1', '-----BEGIN RSA PRIVATE KEY-----\nMIIEogIBAAKCAQEAs6CBARCEQWW26UP7Y/wORigJ0bYy0yYpmgq5UyBzNX3A9ke0\nt21FzXl+EIvsgs7sjT1CrZr5xYabafqM2un7aQC352IDs4qI9E9xH+q5Tkbu9xBd\nVI8fB8ATAwYXtUJrC1f0ea8stnFlQTluCJjSDwLWkhEE34qJCkyCWyu6Da6gWbaN\niWQUqPb2tnDoHPhKLZj/Hu1SKT6UjEJ2GTIYTm0bKFqVkqsJzVTtbvErcjBZTwvN\ntez6kcujwnd8aB/ExogKXEdTtpLnyh2u1wkaQSP3Auj7zowP10yYgIR+f2UU/4xS\nif7VV4qZfFZNjEztkYJJG4AoNBwjTa1fNKA20wIDAQABAoIBAEIXDwAGRLMPKpJ/\nCdLK3bGgb6RyZhbcVrgvs+pK6TjIMSQsU+idUu58Ag8yfG3QlqaM4Kiheb7cfPgs\nUIEHUBJdSkze+j+n/CXvyM6WfWG4pZnPspc3JZKjcBtPtY9ihaIh1XikJE5oQHoU\nGFEfcUJGqA4MJv/cp/lbFydWWllHxiGMtrD8OSqXkbyHd9IVePpRr7LX5+JSlLMS\nr5X81Lbo7mR50DCsmcI0gJcg/BIvJtbCTY8MrLTYVgzZtfo5UAUjWqdSyw5guNDk\njHbiGo4Fgn26x7HVrQ1A/k4PpPfIQqeHbENx9SAew7OLGSi6jKhXGuioG/u8PmU2\ns8Lcn6ECgYEA3eGAIcNnsIUyPSD2rGamEvgxt1zbEjO4M4IjOjJSE0ETGEuFDCmF\nBt7So46XCCyP0RtdAu4CwGXvKRDAO2gvibPUKoKL0AHdZczJMYQhoYb4SB7kFbou\neGy+fkHOGiVC79R6iCX4JemkzR8ZDwM0YRcjX5KE1iUvpYScUhhG+dECgYEAzz+m\nCBYBNaP/4KmwgINWNPXH/4GGrNzQocMy0JTQeC6jfyMdRvdkmlElT1OfNTDuzEbo\neBrnLs5T7bwMZBE9khfbvgTB086S153/vlCH1651sny6ARI9ApTs/8QyT0CQ5M0y\nLHVZpghfGzt1hsX0LAFitdsJsFCYnkHJr6gfq2MCgYB3drCcfS9Y9X5FN3hY/rOw\nRv3Nsisps7sb0JfS/8D9KO51CERMdhZvyo0zDtT2y7draQY9S5Ujrj6Ep8Y4tjHS\nPIahlMRebIKeCxLQnEnXRGptumQn5qSapkIyjI/BuApAQvDuWTMwhon6/yFo2drb\n469iB+uJuV/cCHh6IyQj4QKBgGkOJZaxuNk9EecLfXoXmWptMH13ZhJYOLXXIfoT\nhX12ftBit2OS4n9LJPOKOwkWjeYlB5BiatASLP80tL9A8goNaAlxleNNMqhz4gDS\nB5owSF861HrYiO63GVApXytHWmtxDL72mYQNeFBwmom/7J8l8KioqMekg0itppQR\nUERrAoGAEPL7MfD3VoC91EZ4U84TsLeeMXR3Omk8skT9/b2cFxERevK2fgU8tha/\n8w94Oj0G2DYlQqEIQbz19I0AZEFQ+jUNZAWSFYxuff4qgv0u619+3H/UT3GcZTZS\n2Lr5SQ7wLiU6/0xYqTeKP1yKAPMf5ehPUxmWozUDFj8YIwpPLZU=\n-----END RSA PRIVATE KEY-----'),
    ('rsa_pkcs1', '-----BEGIN RSA PRIVATE KEY-----\nMIIEogIBAAKCAQEA5r8zdBE38ya+DsGQOoqb8tObSLYJQ0OjTYkk58aMQGGL+wHw\nW9A8nk3OAbOc10o/Gfm4/kpP3JzgElt6EyVwHsGl/0CMInlVQnv7jTy5moq2yivm\nMoMmiCtniOpGp7U0cPJ0KTyeY0UuqjNAaR8X8s7u/Xn2cKpo1P/DcoAJly+GJy6b\nljbe+kA6HrtOSvdvi9ReFbg8T7W+cbiJaQucBCJWkEqyc1oCcclzG9uWSWOgV61d\niRqZ2u7xyMy981SKgW4yggMp7iNjT7Wb9PQ0J3h7mZSNpA3BYJt8MCmbTTsRvmoE\nvc3OHtMMlZ3CbVulRQMAsw8ZQTTVww1/xSm/VQIDAQABAoH/YVI14WbAEKwyRyHw\n1KUoPCD2VuOzmKRueJzs0jMoYBoHwQWdzVGGxmZN1JJR6/T/qEyW9nPNEr9NjKZ0\nO3ajEAT7Ovdjgch1GSLuWxYSdZv+YYov5KTX8yr9DYWMOd722kCrvatGFPbOy/pY\nlVwVZiRaf98gCy78+qNr0nogudGzqTnLJ0JFCAaQnRZYb9KFpuWbm/a87iPI+tyo\np0ue46iTv30gt5bo66tRunXHfT6fyBvvrxS0CbKd/ywRNBdsdpsPZTfHAWYwb/5H\npBgmBwlnlOQDYzy+BjhqpJvISw9StkExMiCFV+X+3XVYTY/JFuFPhewWWje/w+3m\nyVQxAoGBAPRhZ0LYZlpUKiqngMLThoDWvZBjvNLlzqkVvxDVjrK5jKHrcAULJ1If\nKWmCT2neGdRIkm/LWLt2SQsP48HT0aTiMruReEnrLeBUsxucUaoLu6VylUTlIQ9L\n5hHl5SyMZ5rTExboqnLgj1X/gTQpQFoAw7/C0BRqrE629noiIdBNAoGBAPG32Xxn\ntk7tI28Yt128zI+eUgXVsDcwSpbqgbieFCByKqfjR0lmvzWiLSoJoU6LLVOT0wiv\nzY3frEWpH/0qrYWn5c4puNLg6RIPunu5BN8MgtjN4ruTd2ZmyDYEM9NgjX7SoncX\nNGAOKdPZGz8n0HY1oPL9K8oZQdhC0p4dJm8pAoGADaTeigng9Qwb6pO9iaMbsFfM\n76HR6ghwmFohd8Qkmm/nnSay82UjBd+9hSmEW4nN8V835cv5oUXCYD673ZeA7e6/\nHF/L0nyx7ANumI0Kti6/hEY4dUdBqEP5jWhDelBAfJFqUG4fDhjhh9CjGxFuiVff\nlfY/fdRS2HY4nqsHLkUCgYEAqR83fkGaXvKwniSu91kHz1y4iviOSK7zIVCG3sNL\n1b/LdJgi4oqPMll8PDNst2XNmvKM70ECE0fyYvMIPLxFmIR21559gJ54tHhow/Qa\nIm3AhyzWfOOa4Pz9DD44fKbLmXaK0cRckvCV93GqDLAwvOSc7iaRIuA1H7jxYEuI\n/rECgYEA1f+x4Bt/43Ec3UaDzJDl0SKPM8nIsrIduUixsIFRk8S/RTn2oR75Hcol\nKYP/alniFiVRzCnO5bZbIRz/YKLHaE1ALVbdOU1pMErpaes1zmvcplGSBC/6v5WR\ngCc217bgfvwSkKDoRTdrQaOdRWxQjuYR8M9Scrp8s9+me5ekvm8=\n-----END RSA PRIVATE KEY-----'),
    ('openssh_ed25519', '-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZW\nQyNTUxOQAAACDOLo42S4xwCep5wQRBpkZ++eIdqImxUcf4qh4AKr5SxAAAAIjUpX8I1KV/\nCAAAAAtzc2gtZWQyNTUxOQAAACDOLo42S4xwCep5wQRBpkZ++eIdqImxUcf4qh4AKr5SxA\nAAAECokUmCUhXKKcWUOUEhZBldV0er7PMXTjRSd3gvhXwF4c4ujjZLjHAJ6nnBBEGmRn75\n4h2oibFRx/iqHgAqvlLEAAAAAAECAwQF\n-----END OPENSSH PRIVATE KEY-----'),
    ('openssh_ed25519', '-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZW\nQyNTUxOQAAACB8Zu78IFRq/EmhG+VHb/LqBodGhg7nPeaSwWhljbRjZAAAAIi8KHWFvCh1\nhQAAAAtzc2gtZWQyNTUxOQAAACB8Zu78IFRq/EmhG+VHb/LqBodGhg7nPeaSwWhljbRjZA\nAAAEDTJeTWm7A94t3OFOh3Hjq1XY8DOmz4Ld2kyoqv7AICr3xm7vwgVGr8SaEb5Udv8uoG\nh0aGDuc95pLBaGWNtGNkAAAAAAECAwQF\n-----END OPENSSH PRIVATE KEY-----'),
]

# ---------------------------------------------------------------- shared domain vocabulary
PROPS = [("BCN", "Barcelona"), ("PMI", "Palma"), ("AGP", "Marbella"), ("FCO", "Roma"), ("VCE", "Venezia"),
         ("NAP", "Amalfi"), ("JTR", "Santorini"), ("ATH", "Athina"), ("CFU", "Corfu"), ("AYT", "Antalya"),
         ("BJV", "Bodrum"), ("IST", "Istanbul"), ("HKT", "Phuket"), ("USM", "Koh Samui"), ("BKK", "Bangkok"),
         ("DXB", "Dubai"), ("AUH", "Abu Dhabi"), ("RKT", "Ras Al Khaimah")]
def prop(): return ch(PROPS)[0] + "%02d" % ri(1, 4)
RATES = ["BAR", "BAR1", "RACK", "NRF", "NRF10", "ADV21", "BB", "HB", "FB", "AI", "AIUP", "CORP01", "GOVT", "PKG-SPA",
         "EARLY30", "LOS7", "MEMB", "OTA-BKG", "OTA-EXP", "WHL-TUI", "WHL-JET2", "DAYUSE", "RAMADAN", "SONGKRAN"]
ROOMTYPES = ["DBL", "TWN", "DLXK", "DLXT", "JSU", "SUI", "SVSEA", "PVLA", "FAM", "STD", "SGL", "DLXPOOL"]
CHANNELS = ["Booking.com", "Expedia", "Agoda", "Airbnb", "Hotelbeds", "TUI", "Jet2holidays", "Trip.com", "HRS", "Google Hotel Ads"]
PMS = ["Opera PMS", "OPERA Cloud", "Mews", "Protel", "Apaleo", "Cloudbeds"]
CMS = ["SiteMinder", "D-EDGE", "RateGain", "Channex", "SynXis", "Cubilis", "ParityRate"]
POSS = ["Simphony", "Infrasys", "Lightspeed", "Revel", "Oracle Micros 3700"]
ENC = ["VingCard Vision", "Salto ProAccess", "Onity DirectKey", "dormakaba Ambiance", "Assa Abloy Visionline"]
def date_iso(): return "2026-%02d-%02d" % (ri(1, 12), ri(1, 28))
def ts_iso(): return "%sT%02d:%02d:%02d.%03dZ" % (date_iso(), ri(0, 23), ri(0, 59), ri(0, 59), ri(0, 999))
def priv_ip():
    return ch(["10.%d.%d.%d" % (ri(0, 60), ri(0, 254), ri(2, 250)), "172.%d.%d.%d" % (ri(16, 31), ri(0, 254), ri(2, 250)),
               "192.168.%d.%d" % (ri(0, 60), ri(2, 250))])
def doc_ip(): return ch(["192.0.2.%d", "198.51.100.%d", "203.0.113.%d"]) % ri(1, 254)
def room(): return "%d%02d" % (ri(1, 12), ri(1, 40))

# ---------------------------------------------------------------- real bytes for data URIs
def png(w, h, rgb_rows=None):
    def chunk(t, d): return struct.pack(">I", len(d)) + t + d + struct.pack(">I", zlib.crc32(t + d) & 0xffffffff)
    pal = [(ri(0, 255), ri(0, 255), ri(0, 255)) for _ in range(3)]
    raw = b""
    for y in range(h):
        raw += b"\x00" + b"".join(bytes(pal[(x // 2 + y // 2) % 3]) for x in range(w))
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b""))
def gif1():
    return (b"GIF89a\x01\x00\x01\x00\x80\x00\x00" + bytes([ri(0, 255), ri(0, 255), ri(0, 255)]) + b"\x00\x00\x00"
            + b"!\xf9\x04\x01\x00\x00\x00\x00,\x00\x00\x00\x00\x01\x00\x01\x00\x00\x02\x02D\x01\x00;")
def pdf(title):
    body = ("%%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n"
            "3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 595 842]/Contents 4 0 R>>endobj\n"
            "4 0 obj<</Length %d>>stream\nBT /F1 12 Tf 72 770 Td (%s) Tj ET\nendstream endobj\ntrailer<</Root 1 0 R>>\n%%%%EOF\n") % (len(title) + 30, title)
    return body.encode("latin-1")
def wav(n):
    data = bytes(128 + int(60 * ((i * ri(3, 9)) % 17 - 8) / 8) for i in range(n))
    return b"RIFF" + struct.pack("<I", 36 + n) + b"WAVEfmt " + struct.pack("<IHHIIHH", 16, 1, 1, 8000, 8000, 1, 8) + b"data" + struct.pack("<I", n) + data
def ico():
    p = png(16, 16)
    return struct.pack("<HHH", 0, 1, 1) + struct.pack("<BBBBHHII", 16, 16, 0, 0, 1, 32, len(p), 22) + p
SVG_ICONS = {
    "wifi": '<path d="M2 8a14 14 0 0 1 20 0M5 11a10 10 0 0 1 14 0M8.5 14.5a5 5 0 0 1 7 0"/><circle cx="12" cy="18" r="1.5"/>',
    "bed": '<path d="M3 18V7M3 14h18v4M21 14v-3a3 3 0 0 0-3-3h-7v6"/><circle cx="7" cy="11" r="2"/>',
    "key": '<circle cx="8" cy="12" r="4"/><path d="M12 12h9M18 12v3M21 12v2"/>',
    "pool": '<path d="M2 18c2 0 2-1.5 4-1.5s2 1.5 4 1.5 2-1.5 4-1.5 2 1.5 4 1.5 2-1.5 4-1.5M8 15V5a2 2 0 0 1 4 0M16 15V5"/>',
    "spa": '<path d="M12 3c3 4 3 8 0 12-3-4-3-8 0-12zM4 11c4 0 7 2 8 6-4 0-7-2-8-6zM20 11c-4 0-7 2-8 6 4 0 7-2 8-6z"/>',
}
def svg(name, col):
    return ('<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="%s" stroke-width="2">%s</svg>'
            % (col, SVG_ICONS[name]))
def col(): return "#%02x%02x%02x" % (ri(0, 255), ri(0, 255), ri(0, 255))
def trunc(s, n=None):
    n = n or ri(60, 140)
    if len(s) <= n: return s
    return s[:n] + ch(["…", "...", "…[%d more chars]" % (len(s) - n), "... (truncated)"])
def wrap76(s): return "\n".join(s[i:i + 76] for i in range(0, len(s), 76))

# ---------------------------------------------------------------- negatives: data_uri_base64
def d_css(r=None):
    cls = ch(["room-card__badge", "rate-calendar__best", "bk-widget__spinner", "promo-ribbon", "amenity--pool", "upsell-tile__icon"])
    cmt = ch(["/* badge 'Mejor precio' del motor de reservas */", "/* icona offerta - booking engine v3 */",
              "/* εικονίδιο προσφοράς */", "/* kampanya rozeti */", "/* ไอคอนโปรโมชั่น */", "/* شارة العرض */", "/* best rate badge */"])
    uri = "data:image/png;base64," + b64(png(ri(4, 10), ri(4, 10)))
    return "```css\n%s\n.%s {\n  background: url(%s) no-repeat center;\n  width: %dpx; height: %dpx;\n}\n```" % (cmt, cls, uri, ri(12, 32), ri(12, 32))
def d_pixel():
    uri = "data:image/gif;base64," + b64(gif1())
    lang = ch(["the confirmation email template still has the old tracking pixel:", "la plantilla de confirmación aún lleva el píxel:",
               "nel template di conferma c'è ancora il pixel:", "στο template επιβεβαίωσης υπάρχει ακόμα το pixel:",
               "onay e-postası şablonunda hâlâ piksel var:", "เทมเพลตอีเมลยืนยันยังมี pixel เก่าอยู่:", "قالب رسالة التأكيد ما زال يحتوي على البكسل:"])
    return '%s\n```html\n<img src="%s" width="1" height="1" alt="" style="display:none">\n```' % (lang, uri)
def d_folio_pdf():
    p = pdf("Folio %s/%d - %s" % (prop(), ri(100000, 999999), ch(["Proforma", "Factura", "Fattura", "Τιμολόγιο", "Fatura", "ใบแจ้งหนี้", "Invoice"])))
    return ('```json\n{\n  "folioWindow": %d,\n  "property": "%s",\n  "format": "application/pdf",\n  "content": "%s"\n}\n```'
            % (ri(1, 4), prop(), trunc(b64(p), ri(80, 200))))
def d_portal_icon():
    return ('guest wifi captive portal head (%s):\n```html\n<link rel="icon" type="image/x-icon" href="data:image/x-icon;base64,%s">\n<title>%s</title>\n```'
            % (prop(), trunc(b64(ico()), ri(90, 180)), ch(["Guest Wi-Fi", "Wi-Fi ospiti", "Wi-Fi clientes", "Wi-Fi επισκεπτών", "Misafir Wi-Fi", "Wi-Fi สำหรับแขก", "واي فاي الضيوف"])))
def d_svg_pct():
    s = svg(ch(list(SVG_ICONS)), col())
    enc = s.replace("<", "%3C").replace(">", "%3E").replace('"', "'").replace("#", "%23")
    return "```scss\n.amenity-icon--%s {\n  mask-image: url(\"data:image/svg+xml,%s\");\n}\n```" % (ch(list(SVG_ICONS)), enc)
def d_svg_b64():
    n = ch(list(SVG_ICONS))
    return "`%s` icon for the booking widget, base64 form:\n`data:image/svg+xml;base64,%s`" % (n, b64(svg(n, col()).encode()))
def d_qr_log():
    lines = []
    for _ in range(ri(2, 6)):
        lines.append("%s INFO  mobilekey.render room=%s encoder=%s qr=data:image/png;base64,%s"
                     % (ts_iso(), room(), ch(["ENC-FO-01", "ENC-FO-02", "ENC-BO-01"]), trunc(b64(png(ri(6, 12), ri(6, 12))), ri(50, 110))))
    return "```\n" + "\n".join(lines) + "\n```"
def d_py_fixture():
    return ('```python\n# tests/fixtures/pos_receipt.py  (logo del ticket %s)\nRECEIPT_LOGO_PNG_B64 = (\n    "%s"\n)\n\ndef test_receipt_header_has_logo(render):\n    assert RECEIPT_LOGO_PNG_B64 in render(check_no=%d).html\n```'
            % (ch(POSS), '"\n    "'.join(re.findall(".{1,64}", b64(png(ri(5, 9), ri(5, 9))))), ri(1000, 99999)))
def d_font():
    fam = ch(["Sarabun", "Noto Kufi Arabic", "GFS Didot", "Playfair Display", "Cairo", "Prompt"])
    blob = b64(b"wOF2\x00\x01\x00\x00" + rbytes(ri(40, 90)))
    return ("```css\n@font-face {\n  font-family: '%s';\n  src: url(data:font/woff2;base64,%s) format('woff2');\n  unicode-range: %s;\n  font-display: swap;\n}\n```"
            % (fam, trunc(blob, ri(60, 120)), ch(["U+0E00-0E7F", "U+0600-06FF, U+0750-077F", "U+0370-03FF", "U+0000-00FF, U+0131, U+011E-011F"])))
def d_srcmap():
    sm = json.dumps({"version": 3, "file": "booking-widget.%s.js" % hexs(8), "sources": ["src/RateCalendar.tsx", "src/RoomCard.tsx"],
                     "names": ["rateCode", "roomType", "nights"], "mappings": "AAAA,SAASA;" + b62(ri(10, 30))}, separators=(",", ":"))
    return "```js\n// end of booking-widget bundle\n//# sourceMappingURL=data:application/json;charset=utf-8;base64,%s\n```" % trunc(b64(sm.encode()), ri(100, 240))
def d_wav():
    return ("kiosk check-in chime (lobby tablet at %s):\n```js\nconst chime = new Audio(\"data:audio/wav;base64,%s\");\nchime.volume = 0.%d;\n```"
            % (prop(), trunc(b64(wav(ri(40, 120))), ri(80, 160)), ri(2, 9)))
def d_md_img():
    what = ch(["rate grid after the push", "occupancy heatmap", "the channel manager mapping screen", "el calendario de tarifas", "la griglia tariffe", "το ημερολόγιο τιμών"])
    return "%s: ![%s](data:image/png;base64,%s)" % (ch(["screenshot of", "captura de", "screenshot di", "στιγμιότυπο από"]), what, trunc(b64(png(ri(6, 12), ri(4, 8))), ri(70, 130)))
def d_echo():
    n = ch(list(SVG_ICONS))
    return "```\n$ echo '%s' | base64 -d > %s-%s.svg\n$ file %s-%s.svg\n%s-%s.svg: SVG Scalable Vector Graphics image\n```" % (
        b64(svg(n, col()).encode()), prop(), n, prop(), n, prop(), n)
def d_csp():
    return ("booking engine console on %s:\n```\nRefused to load the image 'data:image/png;base64,%s' because it violates the following Content Security Policy directive: \"img-src 'self' https://static.hotels.example\".\n```"
            % (ch(["Safari iOS", "Chrome 131", "Edge", "Firefox"]), trunc(b64(png(4, 4)), ri(40, 90))))
def d_jupyter():
    return ('```json\n{"output_type": "display_data", "metadata": {}, "data": {"text/plain": ["<Figure size 640x480 with 1 Axes>"],\n "image/png": "%s"}}\n```\n%s'
            % (trunc(b64(png(ri(10, 16), ri(8, 12))), ri(120, 260)), ch(["pickup curve for %s, cell 14" % prop(), "RevPAR vs compset, last 28 days", "curva de pickup agosto", "forecast ADR luglio"])))
def d_mime():
    p = png(ri(14, 40), ri(10, 30))
    return ("raw source of the pre-arrival mail, logo part:\n```\nContent-Type: image/png; name=\"logo-%s.png\"\nContent-Transfer-Encoding: base64\nContent-ID: <logo-%s>\nContent-Disposition: inline\n\n%s\n```"
            % (prop().lower(), hexs(8), wrap76(b64(p))))
def d_jsx():
    return ('```tsx\n<Image\n  src="/img/%s/%s.jpg"\n  placeholder="blur"\n  blurDataURL="data:image/png;base64,%s"\n  alt="%s"\n/>\n```'
            % (prop().lower(), ch(["pool", "lobby", "suite", "beach", "rooftop"]), b64(png(ri(3, 6), ri(2, 4))), ch(["Infinity pool", "Lobby", "Junior suite", "Rooftop bar"])))
D_URI = [d_css, d_pixel, d_folio_pdf, d_portal_icon, d_svg_pct, d_svg_b64, d_qr_log, d_py_fixture, d_font, d_srcmap, d_wav, d_md_img, d_echo, d_csp, d_jupyter, d_mime, d_jsx]

# ---------------------------------------------------------------- negatives: placeholder_example
def p_ohip():
    return ("```yaml\nohip:\n  gateway: https://<ohip-gateway-host>\n  app_key: ${OHIP_APP_KEY}\n  client_id: <client-id>\n  client_secret: <client-secret>\n  enterprise_id: %s\n  hotel_id: %s\n```"
            % (ch(["<enterprise-id>", "GRPEU", "GRPME"]), prop()))
def p_mews():
    return ("```bash\n# .env.example for the Mews connector (%s)\nMEWS_PLATFORM_URL=https://api.mews-demo.com\nMEWS_CLIENT_TOKEN=<your-client-token>\nMEWS_ACCESS_TOKEN=%s\nMEWS_CLIENT=%s\n```"
            % (prop(), ch(["YOUR_ACCESS_TOKEN", "${MEWS_ACCESS_TOKEN}", "<access-token-from-commander>", "changeme", ""]), ch(["HotelGroupConnector 1.0", "seshat-sync 0.%d" % ri(1, 9)])))
def p_curl_cm():
    cm = ch(CMS)
    return ('```bash\ncurl -s -X POST "https://api.%s.example/v1/properties/%s/availability" \\\n  -H "Authorization: Bearer $%s_API_KEY" \\\n  -H "Content-Type: application/json" \\\n  -d \'{"roomType":"%s","ratePlan":"%s","from":"%s","to":"%s","allotment":%d}\'\n```'
            % (cm.lower().replace(" ", "").replace("-", ""), prop(), cm.upper().replace(" ", "_").replace("-", ""), ch(ROOMTYPES), ch(RATES), date_iso(), date_iso(), ri(0, 12)))
def p_slackbot():
    return ("night-audit bot setup:\n```\nSLACK_BOT_TOKEN=%s\nSLACK_SIGNING_SECRET=%s\nAUDIT_CHANNEL=#night-audit-%s\n```"
            % (ch(["xoxb-your-bot-token", "xoxb-...", "xoxb-xxxxxxxx", "<xoxb-token>"]), ch(["<signing-secret>", "your-signing-secret", "${SIGNING_SECRET}"]), ch(PROPS)[1].lower().replace(" ", "")))
def p_masked_card():
    last = "%04d" % ri(0, 9999)
    m = ch(["VI ************%s" % last, "MC •••• •••• •••• %s" % last, "AX XXXX-XXXXXX-X%s" % last[:4], "**** **** **** %s" % last, "tarjeta terminada en %s" % last,
            "carta che termina con %s" % last, "κάρτα που λήγει σε %s" % last, "kart sonu %s" % last, "บัตรลงท้าย %s" % last, "بطاقة تنتهي بـ %s" % last])
    return "folio %d, window %d: deposit charged to %s, exp **/**, auth code %s" % (ri(100000, 999999), ri(1, 3), m, upper(2) + digits(4))
def p_iban_mask():
    cc = ch(["ES", "IT", "GR", "TR", "AE"])
    return ch(["transfer for the group deposit goes to the hotel account %s** **** **** **** %04d (see the proforma, not pasting it here)",
               "cuenta del hotel: %s** **** **** **** **** %04d — el IBAN completo está en la proforma",
               "IBAN: %s•• •••• •••• •••• •••• %04d, gli estremi completi li trovi nel PDF",
               "λογαριασμός: %s** **** **** **** %04d (ολόκληρο στο τιμολόγιο)",
               "hesap: %s** **** **** **** **** %04d, tam IBAN proformada"]) % (cc, ri(0, 9999))
def p_gha():
    return ("```yaml\n- name: Deploy rate-push worker\n  env:\n    OPERA_DB_PASSWORD: ${{ secrets.OPERA_DB_PASSWORD }}\n    SITEMINDER_API_KEY: ${{ secrets.SITEMINDER_API_KEY }}\n    PROPERTY_CODE: %s\n  run: ./deploy.sh --env %s\n```"
            % (prop(), ch(["staging", "prod-eu", "prod-me", "prod-apac"])))
def p_helm():
    return ("```yaml\n# charts/pos-bridge/templates/secret.yaml\nstringData:\n  SIMPHONY_API_KEY: {{ .Values.pos.apiKey | quote }}\n  ENCODER_PASSWORD: {{ .Values.keycard.encoderPassword | quote }}\n  WIFI_RADIUS_SECRET: {{ required \"set radius secret\" .Values.wifi.radiusSecret }}\n```")
def p_encoder_default():
    e = ch(ENC)
    return ch(["%s arrives with the default admin/admin login; first job of the installer is to change it, please confirm for %s",
               "el %s viene con admin/admin de fábrica, hay que cambiarlo en la puesta en marcha de %s",
               "%s: credenziali di fabbrica admin/admin, da cambiare al primo accesso (%s)",
               "το %s έρχεται με admin/admin από το εργοστάσιο — αλλάζει στην εγκατάσταση (%s)",
               "%s fabrika çıkışı admin/admin ile geliyor, kurulumda değiştirilecek (%s)",
               "%s มาพร้อม admin/admin จากโรงงาน ต้องเปลี่ยนตอนติดตั้งที่ %s",
               "جهاز %s يأتي بكلمة admin/admin الافتراضية ويجب تغييرها عند التركيب في %s"]) % (e, prop())
def p_vault():
    p = prop().lower()
    return ch(["```\nopera_db_password = \"vault:secret/data/pms/%s#opera_db_password\"\nsiteminder_key    = \"op://Hotels-IT/SiteMinder-%s/credential\"\n```",
               "```json\n{\"PmsPassword\": \"{{resolve:secretsmanager:pms/%s/opera:SecretString:password}}\", \"Property\": \"%s\"}\n```",
               "```ini\n[pms]\nhost = opera-db.%s.internal\npassword = %%OPERA_DB_PASSWORD%%\nencoder_key = $(ENCODER_KEY)\n```"]).replace("%s", p, 2) if False else \
        ch(["```\nopera_db_password = \"vault:secret/data/pms/%s#opera_db_password\"\nsiteminder_key    = \"op://Hotels-IT/SiteMinder-%s/credential\"\n```" % (p, p),
            "```json\n{\"PmsPassword\": \"{{resolve:secretsmanager:pms/%s/opera:SecretString:password}}\", \"Property\": \"%s\"}\n```" % (p, p.upper()),
            "```ini\n[pms]\nhost = opera-db.%s.internal\npassword = %%OPERA_DB_PASSWORD%%\nencoder_key = $(ENCODER_KEY)\n```" % p])
WIFI_TPL = ["Welcome to {{hotel_name}}! Wi-Fi: {{wifi_ssid}} / password: {{wifi_password}}",
            "¡Bienvenido a {{hotel_name}}! Red Wi-Fi: {{wifi_ssid}} · contraseña: {{wifi_password}}",
            "Benvenuto al {{hotel_name}}! Rete: {{wifi_ssid}} — password: {{wifi_password}}",
            "Καλώς ήρθατε στο {{hotel_name}}! Wi-Fi: {{wifi_ssid}} / κωδικός: {{wifi_password}}",
            "{{hotel_name}}'e hoş geldiniz! Wi-Fi: {{wifi_ssid}} / şifre: {{wifi_password}}",
            "ยินดีต้อนรับสู่ {{hotel_name}} Wi-Fi: {{wifi_ssid}} รหัสผ่าน: {{wifi_password}}",
            "مرحباً بكم في {{hotel_name}}! الشبكة: {{wifi_ssid}} كلمة المرور: {{wifi_password}}"]
def p_wifi_tpl():
    k = ri(2, 4)
    idx = sorted(R.sample(range(len(WIFI_TPL)), k))
    return "check-in SMS/WhatsApp templates (%s), placeholders filled by the PMS:\n" % prop() + "\n".join("• " + WIFI_TPL[i] for i in idx)
def p_vendor_prefix():
    items = R.sample(["OPENAI_API_KEY=sk-...", "OPENAI_API_KEY=sk-proj-…", "ANTHROPIC_API_KEY=sk-ant-api03-...", "GITHUB_TOKEN=ghp_xxxxxxxxxxxx",
                      "GH_PAT=github_pat_...", "AWS_ACCESS_KEY_ID=AKIA...", "STRIPE_KEY=sk_live_xxx", "ADYEN_HMAC=<hmac-key>",
                      "GOOGLE_MAPS_KEY=AIza****…", "SLACK_WEBHOOK=https://hooks.slack.com/services/T00000000/B00000000/XXXXXXXXXXXXXXXXXXXXXXXX"], ri(3, 6))
    return "%s\n```\n%s\n```" % (ch(["AI concierge (chat on the booking engine) needs these, values in 1Password:", "variables para el concierge virtual, valores en el vault:",
                                      "variabili per il concierge AI, i valori sono nel vault:", "μεταβλητές για το AI concierge, οι τιμές είναι στο vault:"]), "\n".join(items))
def p_aws_doc():
    return ("```ini\n# night-audit backups to S3 - sample from the AWS docs, do NOT use\n[default]\naws_access_key_id = AKIAIOSFODNN7EXAMPLE\naws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY\nregion = %s\n```"
            % ch(["eu-south-2", "eu-south-1", "me-central-1", "ap-southeast-1", "eu-central-1"]))
def p_redacted_log():
    lines = []
    for _ in range(ri(3, 7)):
        lines.append("%s %s POST /api/booking/%s card=%s cvv=%s holder=%s status=%d"
                     % (ts_iso(), ch(["WARN", "INFO"]), ch(["hold", "confirm", "modify"]), ch(["[REDACTED]", "<redacted>", "[FILTERED]", "***"]),
                        ch(["***", "[MASKED]"]), ch(["[REDACTED]", "(sensitive value)"]), ch([200, 201, 402, 409])))
    return "booking engine log, PCI masking looks ok:\n```\n" + "\n".join(lines) + "\n```"
def p_connstr():
    return ch(["```\nServer=<opera-db-host>;Database=OPERA;User Id=<user>;Password=<password>;Encrypt=True;\n```",
               "```\njdbc:oracle:thin:@//<host>:1521/OPERA?user=<user>&password=<password>\n```",
               "```\nmysql://root:root@127.0.0.1:3306/pos_%s   # docker-compose local only\n```" % prop().lower(),
               "```\namqp://guest:guest@localhost:5672/  # RabbitMQ defaults for the rate-push dev stack\n```",
               "```\npostgres://user:password@localhost:5432/revenue_%s\n```" % prop().lower()])
def p_phone_tpl():
    return ch(["guest phone format in the booking form: +XX XXX XXX XXXX (placeholder text only)",
               "placeholder del campo teléfono: +34 XXX XX XX XX",
               "placeholder campo telefono: +39 3XX XXX XXXX",
               "πεδίο τηλεφώνου: +30 69X XXX XXXX (placeholder)",
               "telefon alanı: 05XX XXX XX XX (örnek)",
               "ช่องเบอร์โทร: 0X-XXXX-XXXX",
               "حقل الهاتف: +971 5X XXX XXXX"])
def p_empty():
    return ("```yaml\n# %s/config/keycard.yaml\nencoder:\n  host: %s\n  port: %d\n  user: \"\"\n  password: \"\"   # fill in on site\nradius:\n  secret:\n```"
            % (prop(), priv_ip(), ch([3015, 9100, 8443, 4001])))
def p_w9():
    return ch(["W-9 template for the US revenue consultant: SSN field shows XXX-XX-XXXX until they fill it in",
               "the onboarding form masks SSN as ***-**-**** and card as xxxx-xxxx-xxxx-xxxx, that's expected"])
def p_pem_dots():
    return ("```\n# keycard-bridge mTLS, put the real key in the vault, not in the repo\n-----BEGIN PRIVATE KEY-----\n...\n-----END PRIVATE KEY-----\n```")
def p_pms_user():
    return ch(["Opera login for the training env: user `TRAINING%d` / password `<ask front office manager>`" % ri(1, 9),
               "usuario de formación: `FORMACION%d`, la contraseña te la da el jefe de recepción (no la pongo aquí)" % ri(1, 9),
               "utente di training `TRAINING%d`, la password te la dà il front office manager" % ri(1, 9),
               "kullanıcı: `EGITIM%d`, şifreyi ön büro müdüründen alın, buraya yazmıyorum" % ri(1, 9)])
PLACE = [p_ohip, p_mews, p_curl_cm, p_slackbot, p_masked_card, p_iban_mask, p_gha, p_helm, p_encoder_default, p_vault, p_wifi_tpl,
         p_vendor_prefix, p_aws_doc, p_redacted_log, p_connstr, p_phone_tpl, p_empty, p_w9, p_pem_dots, p_pms_user]

# ---------------------------------------------------------------- negatives: code_identifier
W = ["Guest", "Folio", "Card", "Token", "Password", "Secret", "Iban", "Email", "Phone", "Reservation", "Rate", "Keycard", "Encoder",
     "Credential", "Passport", "Deposit", "Payment", "Vault", "Masked", "Refresh", "Channel", "Allotment", "Night", "Audit"]
def camel(n, low=True):
    s = "".join(ch(W) for _ in range(n))
    return s[0].lower() + s[1:] if low else s
def snake(n): return "_".join(ch(W).lower() for _ in range(n))
def c_java():
    pk = ch(["ohip", "rates", "folio", "keycard", "guest"])
    lines = ["%s ERROR [%s] com.hotelgroup.pms.%s.%sService - %s" % (ts_iso(), ch(["rate-push-1", "ohip-poller", "kafka-listener-0"]), pk, camel(2, False),
             ch(["OHIP call failed", "Sincronización fallida", "Sincronizzazione fallita", "Αποτυχία συγχρονισμού", "Senkronizasyon hatası"])),
             "com.hotelgroup.pms.%s.%sException: %s" % (pk, camel(2, False), ch(["token refresh rejected by gateway", "folio window locked", "encoder busy"]))]
    for _ in range(ri(4, 32)):
        c = camel(2, False)
        lines.append("\tat com.hotelgroup.pms.%s.%s.%s(%s.java:%d)" % (ch([pk, "common", "security"]), c, camel(ri(2, 3)), c, ri(20, 900)))
    lines.append("\tat java.base/java.lang.Thread.run(Thread.java:1583)")
    return "```\n" + "\n".join(lines) + "\n```"
def c_pytrace():
    fs = []
    for _ in range(ri(2, 6)):
        fs.append('  File "/srv/channel_manager/%s/%s.py", line %d, in %s\n    %s = %s(%s)' % (ch(["sync", "mapping", "rates"]), snake(2), ri(10, 500), snake(ri(2, 4)), snake(2), snake(3), snake(1)))
    return "```\nTraceback (most recent call last):\n%s\nKeyError: '%s'\n```" % ("\n".join(fs), ch(RATES) + "_" + ch(ROOMTYPES))
def c_pods():
    rows = ["NAME                                        READY   STATUS    RESTARTS   AGE"]
    for _ in range(ri(3, 10)):
        n = "%s-%s-%s" % (ch(["booking-engine", "rate-push-worker", "ohip-poller", "pos-bridge", "keycard-bridge", "wifi-portal", "rms-forecast"]), hexs(ri(9, 10)), "".join(R.choice("bcdfghjklmnpqrstvwxz2456789") for _ in range(5)))
        rows.append("%-43s %s   %-9s %-10d %dd" % (n, ch(["1/1", "2/2", "0/1"]), ch(["Running", "Running", "CrashLoopBackOff", "Pending"]), ri(0, 40), ri(1, 90)))
    return "`kubectl -n hotels-%s get pods`\n```\n%s\n```" % (ch(["eu", "me", "apac"]), "\n".join(rows))
def c_sql():
    cols = R.sample(["card_token VARCHAR(64)", "card_last_four CHAR(4)", "card_brand VARCHAR(8)", "guest_email_hash CHAR(64)", "passport_no_encrypted BYTEA",
                     "phone_e164_hash CHAR(64)", "iban_last4 CHAR(4)", "password_hash TEXT", "api_key_last_four CHAR(4)", "keycard_uid_hex VARCHAR(20)",
                     "rate_code VARCHAR(12)", "confirmation_no BIGINT", "folio_no INTEGER", "ota_reservation_id VARCHAR(32)"], ri(4, 9))
    return "```sql\nCREATE TABLE %s.%s (\n  id BIGSERIAL PRIMARY KEY,\n  %s\n);\n```" % (ch(["pms", "pos", "rms", "crm"]), snake(2), ",\n  ".join(cols))
def c_tf():
    addrs = ["module.pms_%s.aws_secretsmanager_secret.%s" % (prop().lower(), snake(2)) for _ in range(ri(2, 5))]
    return "```\n$ terraform plan -target=module.pms_%s\n%s\n```" % (prop().lower(), "\n".join("  # %s will be %s" % (a, ch(["created", "updated in-place", "destroyed"])) for a in addrs))
def c_cssmod():
    names = ["%s_%s__%s" % (ch(["RateCalendar", "RoomCard", "BookingSummary", "GuestForm", "PaymentStep", "UpsellTile"]), ch(["cell", "price", "cardNumber", "cvvHint", "passwordToggle", "ibanField"]), b62(5)) for _ in range(ri(2, 5))]
    names += ["sc-%s" % b62(6), "css-%s" % "".join(R.choice("0123456789abcdefghijklmnopqrstuvwxyz") for _ in range(7))]
    return "booking widget DOM after the %s deploy:\n```html\n<div class=\"%s\">\n  <input class=\"%s\" name=\"cardNumber\" autocomplete=\"cc-number\">\n</div>\n```" % (
        ch(["friday", "viernes", "venerdì", "Παρασκευής", "cuma"]), " ".join(names[:-1]), names[-1])
def c_flags():
    fl = R.sample(["pos.enable_card_token_reuse", "mews.sync_guest_passport_scan", "booking_engine.show_iban_for_groups", "keycard.mobile_key_password_fallback",
                   "wifi.portal_email_capture", "rms.push_secret_rates_to_ota", "ohip.refresh_token_early", "folio.mask_phone_on_print",
                   "checkin.kiosk_passport_ocr", "cm.rate_parity_guard"], ri(3, 6))
    return "flags on for %s:\n%s" % (prop(), "\n".join("• `%s` = %s" % (f, ch(["true", "false", "10%", "50%"])) for f in fl))
def c_graphql():
    return "```graphql\ntype Mutation {\n  %s(input: %sInput!): %sPayload\n  %s(propertyCode: String!, roomNumber: String!): KeycardEncoderResult\n}\n```" % (
        camel(3), camel(2, False), camel(2, False), camel(3))
def c_gopanic():
    g = ["panic: runtime error: invalid memory address or nil pointer dereference", "[signal SIGSEGV: segmentation violation code=0x1 addr=0x18 pc=0x%s]" % hexs(7), "", "goroutine %d [running]:" % ri(1, 300)]
    for _ in range(ri(2, 6)):
        g.append("github.com/hotelgroup/keycard-bridge/internal/%s.(*%sClient).%s(...)" % (ch(["encoder", "vingcard", "salto", "onity"]), ch(["VingCard", "Salto", "Onity"]), camel(2, False)))
        g.append("\t/src/internal/encoder/%s.go:%d +0x%s" % (snake(2), ri(10, 400), hexs(2)))
    return "```\n" + "\n".join(g) + "\n```"
def c_dotnet():
    lines = ["System.InvalidOperationException: %s" % ch(["Tokenized card not found for check", "Folio posting rejected", "Revenue center closed"])]
    for _ in range(ri(3, 12)):
        lines.append("   at Hotel.Pos.Simphony.%s.%s(%s request) in C:\\build\\PosBridge\\%s.cs:line %d" % (camel(2, False), camel(2, False), camel(2, False), camel(2, False), ri(10, 700)))
    return "```\n" + "\n".join(lines) + "\n```"
def c_cpp():
    fr = []
    for i in range(ri(3, 8)):
        nm = ch(["CardWriter", "KeyEncoder", "SectorMap", "TokenCache", "PasswordBlock"])
        fn = ch(["WriteKey", "ReadSector", "AuthBlock", "Commit", "Reset"])
        fr.append("#%d  0x%016x in _ZN7Encoder%d%s%d%sEPKhj () from /opt/encoder/lib/libmifare.so" % (i, ri(0x7f0000000000, 0x7fffffffffff), len(nm), nm, len(fn), fn))
    return "encoder service crashed again on the front desk PC:\n```\n" + "\n".join(fr) + "\n```"
def c_proto():
    return "```proto\nservice %sService {\n  rpc %s(%sRequest) returns (%sResponse);\n  rpc %s(%sRequest) returns (stream %sEvent);\n}\n```" % tuple(camel(2, False) for _ in range(7))
def c_chunks():
    return "```\n" + "\n".join("  %s.%s.chunk.js   %d.%d kB" % (ch(["booking-widget", "rate-calendar", "payment-step", "guest-form", "upsell"]), hexs(8), ri(2, 300), ri(0, 9)) for _ in range(ri(3, 8))) + "\n```"
I18N = [("booking.form.password.hint", "Mínimo 8 caracteres"), ("booking.form.card.number", "Numero della carta"), ("checkout.iban.label", "IBAN"),
        ("guest.phone.label", "Τηλέφωνο"), ("guest.email.label", "E-posta"), ("wifi.password.label", "รหัสผ่าน Wi-Fi"), ("keycard.lost.title", "فقدت بطاقة الغرفة؟"),
        ("payment.cvv.help", "Los 3 dígitos del reverso"), ("login.password.forgot", "Password dimenticata?"), ("profile.passport.number", "Pasaport numarası")]
def c_i18n():
    ks = R.sample(I18N, ri(3, 7))
    return "```json\n{\n%s\n}\n```" % ",\n".join('  "%s": "%s"' % k for k in ks)
def c_method():
    return ch(["`%s()` is called twice per check-in, that's why the encoder beeps twice", "renamed `%s` → `%s` in the PR", "¿alguien sabe qué hace `%s`?",
               "qualcuno sa cosa fa `%s`?", "`%s` metodu neden iki kez çağrılıyor?"]).replace("%s", camel(4), 1).replace("%s", camel(4))
CODE = [c_java, c_pytrace, c_pods, c_sql, c_tf, c_cssmod, c_flags, c_graphql, c_gopanic, c_dotnet, c_cpp, c_proto, c_chunks, c_i18n, c_method]

# ---------------------------------------------------------------- negatives: non_credential_blob
def b_gitlog():
    msgs = ["fix OHIP token refresh race", "map NRF10 to Booking.com rate plan", "arreglar redondeo en folio", "fix arrotondamento IVA 10%",
            "Διόρθωση ΦΠΑ 13%", "konaklama vergisi %2 eklendi", "แก้ไขการคำนวณ VAT 7%", "إصلاح ضريبة البلدية 7%", "bump encoder SDK", "add Songkran package"]
    return "```\n$ git log --oneline -n %d\n%s\n```" % (5, "\n".join("%s %s" % (hexs(ch([7, 9, 12])), ch(msgs)) for _ in range(ri(3, 9))))
def b_digest():
    return "```\n%s\n```" % "\n".join("registry.hotelgroup.internal/%s@sha256:%s" % (ch(["rate-push-worker", "ohip-poller", "pos-bridge", "wifi-portal"]), hexs(64)) for _ in range(ri(1, 4)))
def b_mews_ids():
    rs = []
    for _ in range(ri(1, 4)):
        rs.append('    {"Id": "%s", "Number": "%d", "State": "%s", "StartUtc": "%s", "RateId": "%s", "AssignedResourceId": "%s"}'
                  % (uuid4(), ri(1000, 99999), ch(["Confirmed", "Started", "Processed", "Canceled"]), ts_iso(), uuid4(), uuid4()))
    return "Mews `reservations/getAll` answer for %s:\n```json\n{\n  \"Reservations\": [\n%s\n  ],\n  \"Cursor\": \"%s\"\n}\n```" % (prop(), ",\n".join(rs), uuid4())
def b_headers():
    return "```\nHTTP/2 %d\netag: \"%s\"\nx-request-id: %s\nx-amzn-trace-id: Root=1-%s-%s\ntraceparent: 00-%s-%s-01\n```" % (
        ch([200, 304, 429, 502]), hexs(32), uuid4(), hexs(8), hexs(24), hexs(32), hexs(16))
def b_sha256sum():
    return "night audit exports, checksums match on both sides:\n```\n%s\n```" % "\n".join("%s  %s_%s_%s.csv" % (hexs(64), prop(), ch(["trial_balance", "manager_flash", "ledger", "in_house", "no_show"]), date_iso().replace("-", "")) for _ in range(ri(2, 6)))
def b_integrity():
    return '```json\n"node_modules/@hotelgroup/booking-widget": {\n  "version": "%d.%d.%d",\n  "resolved": "https://npm.hotelgroup.internal/@hotelgroup/booking-widget/-/booking-widget-%d.tgz",\n  "integrity": "sha512-%s=="\n}\n```' % (
        ri(1, 9), ri(0, 30), ri(0, 20), ri(1, 99), b64s(86))
def b_psp():
    return "PSP refs for the no-show charges at %s:\n%s" % (prop(), "\n".join("• pspReference `%s` — merchantRef `%s-%d` — %s" % (upper(2) + b62(14).upper(), prop(), ri(100000, 999999), ch(["Authorised", "Refused", "Settled"])) for _ in range(ri(2, 6))))
def b_cursor():
    cur = b64u(json.dumps({"offset": ri(100, 9000), "property": prop(), "from": date_iso()}).encode())
    return "channel manager paging stops after page %d, next cursor is `%s` and it just repeats" % (ri(2, 40), cur)
def b_sops():
    return "```yaml\npms:\n  opera_db_password: ENC[AES256_GCM,data:%s,iv:%s,tag:%s,type:str]\nsops:\n  lastmodified: \"%s\"\n  mac: ENC[AES256_GCM,data:%s,iv:%s,tag:%s,type:str]\n```" % (
        b64s(ri(16, 32)), b64s(43) + "=", b64s(22) + "==", ts_iso(), b64s(86) + "==", b64s(43) + "=", b64s(22) + "==")
def b_encoder_log():
    lines = []
    for _ in range(ri(3, 10)):
        uid = ":".join("%02X" % ri(0, 255) for _ in range(7))
        lines.append("%s ENC-%02d room=%s uid=%s sector_crc=%s op=%s" % (ts_iso(), ri(1, 4), room(), uid, hexs(8).upper(), ch(["NEW", "DUP", "CANCEL", "READ"])))
    return "```\n" + "\n".join(lines) + "\n```"
def b_fingerprint():
    return "booking engine TLS cert renewed, SHA-256 fingerprint `%s`, expires %s" % (":".join("%02X" % ri(0, 255) for _ in range(32)), date_iso())
def b_ulid():
    return "POS checks that didn't post to the folio (%s):\n```\n%s\n```" % (ch(POSS), "\n".join("%s  rvc=%d  table=%d" % (ulid(), ri(1, 9), ri(1, 60)) for _ in range(ri(2, 8))))
def b_s3ls():
    return "```\n$ aws s3 ls s3://hotelgroup-nightaudit/%s/ \n%s\n```" % (prop(), "\n".join("%s %02d:%02d:%02d %9d %s.zip" % (date_iso(), ri(0, 23), ri(0, 59), ri(0, 59), ri(1000, 99999999), hexs(32)) for _ in range(ri(2, 7))))
def b_base64_text():
    t = ch(["Hotel group rate push OK", "Night audit finished", "Auditoría nocturna cerrada", "Chiusura notturna completata", "Gece denetimi tamamlandı"])
    return "webhook payload from the channel manager is just base64 text: `%s`" % b64((t + " " + prop()).encode())
def b_hsts():
    return "```\nContent-Security-Policy: script-src 'self' 'sha256-%s' 'nonce-%s'\n```" % (b64s(43) + "=", b64s(22))
def b_sentry():
    return "Sentry issue BOOKING-%s, event id `%s`, release booking-widget@%s" % (upper(3), hexs(32), hexs(12))
BLOB = [b_gitlog, b_digest, b_mews_ids, b_headers, b_sha256sum, b_integrity, b_psp, b_cursor, b_sops, b_encoder_log, b_fingerprint, b_ulid, b_s3ls, b_base64_text, b_hsts, b_sentry]

# ---------------------------------------------------------------- negatives: pii_lookalike_number
def n_confs():
    rows = ["| conf no | arrival | nights | room | type | rate |", "|---|---|---|---|---|---|"]
    for _ in range(ri(3, 12)):
        rows.append("| %d | %s | %d | %s | %s | %s |" % (ri(10000000, 999999999), date_iso(), ri(1, 14), room(), ch(ROOMTYPES), ch(RATES)))
    return "%s arrivals with no deposit yet:\n" % prop() + "\n".join(rows)
def n_ota():
    c = ch(CHANNELS)
    rid = {"Booking.com": nzdigits(10), "Expedia": nzdigits(ch([8, 9, 10])), "Agoda": nzdigits(9), "Airbnb": "HM" + upper(8), "Hotelbeds": "%d-%d" % (ri(100, 999), ri(1000000, 9999999)),
           "TUI": nzdigits(8), "Jet2holidays": "J2" + nzdigits(7), "Trip.com": nzdigits(13), "HRS": nzdigits(9), "Google Hotel Ads": nzdigits(12)}[c]
    return ch(["%s reservation %s came in twice, conf %d and %d, cancel the second one",
               "la reserva %s %s entró duplicada (conf %d / %d)",
               "prenotazione %s %s duplicata: conferme %d e %d",
               "η κράτηση %s %s ήρθε δύο φορές (%d / %d)",
               "%s rezervasyonu %s iki kez düştü: %d ve %d",
               "การจอง %s %s เข้ามาซ้ำ (%d / %d)",
               "حجز %s رقم %s وصل مرتين (%d / %d)"]) % (c, rid, ri(10000000, 99999999), ri(10000000, 99999999))
def n_invoice():
    return ch(["Factura F%d-%06d del %s, base %d,%02d € + IVA 10%%" % (2026, ri(1, 999999), date_iso(), ri(100, 9000), ri(0, 99)),
               "Fattura n. %d/%d del %s — imponibile € %d,%02d, IVA 10%%, tassa di soggiorno € %d,00" % (ri(1, 9999), 2026, date_iso(), ri(100, 9000), ri(0, 99), ri(2, 7)),
               "Τιμολόγιο Α-%05d, %s, καθαρό %d,%02d €, ΦΠΑ 13%%, φόρος διαμονής %d,50 €" % (ri(1, 99999), date_iso(), ri(100, 9000), ri(0, 99), ri(1, 10)),
               "e-Fatura GIB2026%09d, %s, matrah %d.%03d,%02d TL, KDV %%10, konaklama vergisi %%2" % (ri(1, 999999999), date_iso(), ri(1, 99), ri(0, 999), ri(0, 99)),
               "ใบกำกับภาษีเลขที่ INV%d%06d วันที่ %02d/%02d/2569 ยอด %d,%03d.00 บาท VAT 7%%" % (ri(2568, 2569), ri(1, 999999), ri(1, 28), ri(1, 12), ri(1, 99), ri(0, 999)),
               "فاتورة ضريبية رقم %d بتاريخ %s، المبلغ %d.%02d درهم، ضريبة 5%% ورسوم البلدية 7%%" % (ri(100000, 999999), date_iso(), ri(300, 9000), ri(0, 99))])
def n_flash():
    rows = ["```", "%-6s %6s %8s %9s %9s" % ("prop", "occ%", "ADR", "RevPAR", "rooms")]
    cur = ch(["EUR", "TRY", "THB", "AED"])
    for _ in range(ri(3, 10)):
        o = ri(40, 99)
        a = ri(80, 900) if cur in ("EUR", "AED") else ri(2000, 30000)
        rows.append("%-6s %5d%% %8d %9d %9d" % (prop(), o, a, a * o // 100, ri(40, 600)))
    rows.append("```")
    return "manager flash %s (%s)\n" % (date_iso(), cur) + "\n".join(rows)
def n_pos():
    return ch(["check #%d table %d, %d covers, total %d.%02d — voided by the outlet manager at %02d:%02d",
               "cuenta %d mesa %d, %d comensales, total %d,%02d € (anulada %02d:%02d)",
               "conto %d tavolo %d, %d coperti, totale %d,%02d € (annullato alle %02d:%02d)",
               "adisyon %d masa %d, %d kişi, toplam %d,%02d TL (iptal %02d:%02d)",
               "บิล %d โต๊ะ %d %d ท่าน ยอด %d.%02d บาท (ยกเลิก %02d:%02d)"]) % (ri(1000, 99999), ri(1, 80), ri(1, 12), ri(10, 3000), ri(0, 99), ri(0, 23), ri(0, 59))
def n_keycard():
    return "room %s: card serial %d issued at encoder %s, valid %s 14:00 → %s 12:00, %d copies, track %d" % (
        room(), ri(100000, 99999999), ch(["FO-1", "FO-2", "BO-1", "SPA"]), date_iso(), date_iso(), ri(1, 4), ri(1, 3))
def n_network():
    rows = []
    for _ in range(ri(3, 9)):
        rows.append("%-18s %-16s vlan %-4d %s" % (ch(["POS-TERM", "ENCODER", "AP-LOBBY", "AP-POOL", "KIOSK", "PMS-WS", "PRINTER-FO"]) + "-%02d" % ri(1, 40), priv_ip(), ch([10, 20, 30, 110, 200, 310]), ch(["tcp/443", "tcp/9100", "tcp/3015", "udp/1812", "tcp/1433"])))
    return "network inventory %s (guest wifi is %s/22, staff %s/24, monitoring from %s):\n```\n%s\n```" % (prop(), ch(["10.50.0.0", "172.20.0.0"]), "192.168.%d.0" % ri(1, 60), doc_ip(), "\n".join(rows))
def n_dates():
    return ch(["Songkran block %02d/04/2569 – %02d/04/2569 (B.E.), min stay %d nights" % (ri(10, 12), ri(15, 18), ri(2, 5)),
               "Ramadan iftar package valid %s → %s, %d covers a night" % (date_iso(), date_iso(), ri(40, 300)),
               "slack ts %d.%06d is the message with the OTA mapping screenshot" % (ri(1760000000, 1790000000), ri(0, 999999)),
               "rate push at epoch %d took %d ms, next at %d" % (ri(1760000000, 1790000000), ri(100, 9000), ri(1760000000, 1790000000)),
               "Kurban Bayramı %02d.%02d.2026 – %02d.%02d.2026 arası min %d gece" % (ri(1, 28), ri(1, 12), ri(1, 28), ri(1, 12), ri(2, 5)),
               "Ferragosto: %d camere bloccate dal %02d/08 al %02d/08, allotment %d" % (ri(5, 60), ri(10, 14), ri(16, 20), ri(2, 20)),
               "Πάσχα %02d/04: ελάχιστη διαμονή %d νύχτες, release %d ημέρες" % (ri(1, 28), ri(2, 4), ri(7, 30))])
def n_license():
    return ch(["Registro de Turismo: H/%s/%05d — hay que ponerlo en el footer del motor" % (ch(["GR", "MA", "PM", "B"]), ri(1, 99999)),
               "CIN struttura IT%06dA1%s, CIR %06d-ALB-%05d" % (ri(1, 999999), upper(6), ri(1, 999999), ri(1, 99999)),
               "ΜΗΤΕ %04dK%03dA%07d, να μπει στο footer" % (ri(1000, 9999), ri(10, 999), ri(0, 9999999)),
               "Turizm İşletme Belgesi no: %d, tarih %s" % (ri(1000, 99999), date_iso()),
               "TAT license %02d/%05d" % (ri(10, 99), ri(1, 99999)),
               "DET classification cert %d, valid until %s" % (ri(100000, 999999), date_iso())])
def n_versions():
    return "upgraded %s to %d.%d.%d and the interface to %s %d.%d (build %d), %s still on %d.%d" % (
        ch(PMS), ri(5, 24), ri(0, 12), ri(0, 30), ch(CMS), ri(1, 9), ri(0, 20), ri(1000, 99999), ch(POSS), ri(2, 19), ri(0, 9))
def n_ratelimit():
    return "```\nX-RateLimit-Limit: %d\nX-RateLimit-Remaining: %d\nX-RateLimit-Reset: %d\nRetry-After: %d\n```\n%s pushes %d ARI messages per hour" % (
        ri(100, 5000), ri(0, 99), ri(1760000000, 1790000000), ri(1, 120), ch(CMS), ri(1000, 90000))
def n_csv():
    rows = ["conf_no,ota_id,arrival,departure,room_type,rate_code,adr,invoice_no"]
    for _ in range(ri(8, 36)):
        rows.append("%d,%s,%s,%s,%s,%s,%d.%02d,%s-%06d" % (ri(10000000, 999999999), nzdigits(10), date_iso(), date_iso(), ch(ROOMTYPES), ch(RATES), ri(60, 900), ri(0, 99), prop(), ri(1, 999999)))
    return "export for the revenue meeting:\n```\n" + "\n".join(rows) + "\n```"
def n_payout():
    return "%s payout batch %d: %d reservations, %d.%02d %s, commission %d%%, ref %s%d" % (
        ch(CHANNELS), ri(100000, 99999999), ri(3, 400), ri(1000, 900000), ri(0, 99), ch(["EUR", "TRY", "THB", "AED"]), ri(10, 25), upper(3), ri(1000000, 99999999))
def n_arabic_digits():
    ad = "٠١٢٣٤٥٦٧٨٩"
    num = "".join(ad[int(c)] for c in str(ri(10000000, 99999999)))
    return "رقم الحجز %s، الغرفة %s، تاريخ الوصول %s" % (num, room(), date_iso())
def n_bytes():
    return "night audit backup for %s: %s bytes, %s rows in the ledger, took %d s" % (prop(), "{:,}".format(ri(10**7, 10**10)).replace(",", ch([" ", ".", ","])), "{:,}".format(ri(10**5, 10**8)), ri(30, 4000))
NUMS = [n_confs, n_ota, n_invoice, n_flash, n_pos, n_keycard, n_network, n_dates, n_license, n_versions, n_ratelimit, n_csv, n_payout, n_arabic_digits, n_bytes]

# ---------------------------------------------------------------- negatives: talk_about_secrets
TALK = [
    "please never paste full card numbers in this channel, the PMS already tokenizes them — use the last 4 digits only",
    "we rotated the SiteMinder API key this morning, the new one is in the vault; the old one stops working at midnight",
    "reminder: Opera passwords expire every 90 days, and the new one can't reuse the last 6",
    "the guest wifi password changes every Monday; front desk gets it from the daily briefing sheet, not from Slack",
    "if someone shares an OHIP client secret here by mistake, delete the message and open a ticket so we rotate it",
    "PCI audit next week: no CVV in emails, no card photos on WhatsApp, no IBANs in Slack threads",
    "the encoder master key was re-issued after the technician left, all key cards got re-encoded floor by floor",
    "who has access to the 1Password vault for the channel manager? we need to review the list",
    "la contraseña del Wi-Fi de clientes se cambia cada lunes, no la publiquéis en el canal",
    "no peguéis números de tarjeta completos aquí; el PMS ya los tokeniza",
    "hemos rotado la clave API del channel manager, la nueva está en el vault",
    "si alguien comparte un token por error, borrad el mensaje y avisad a IT para revocarlo",
    "la password del Wi-Fi ospiti cambia ogni lunedì, non scrivetela qui",
    "non incollate mai numeri di carta completi nel canale, usate solo le ultime 4 cifre",
    "abbiamo ruotato la chiave API del booking engine, la nuova è nel vault",
    "le password di Opera scadono ogni 90 giorni, è normale che vi chieda di cambiarla",
    "μην βάζετε ποτέ ολόκληρους αριθμούς καρτών στο κανάλι, μόνο τα 4 τελευταία ψηφία",
    "ο κωδικός του Wi-Fi επισκεπτών αλλάζει κάθε Δευτέρα, δεν τον γράφουμε εδώ",
    "αλλάξαμε το κλειδί API του channel manager, το νέο είναι στο vault",
    "kart numaralarını asla tam yazmayın, sadece son 4 hane",
    "misafir Wi-Fi şifresi her pazartesi değişiyor, buraya yazmayın",
    "channel manager API anahtarını yeniledik, yenisi kasada (vault)",
    "Opera şifreleri 90 günde bir sona eriyor, son 6 şifre tekrar kullanılamaz",
    "ห้ามโพสต์เลขบัตรเครดิตเต็มในช่องนี้ ใช้แค่ 4 หลักสุดท้าย",
    "รหัส Wi-Fi ของแขกเปลี่ยนทุกวันจันทร์ อย่าโพสต์ในแชท",
    "เราเปลี่ยน API key ของ channel manager แล้ว ตัวใหม่อยู่ใน vault",
    "لا تنشروا أرقام البطاقات كاملة في هذه القناة، فقط آخر ٤ أرقام",
    "كلمة مرور واي فاي الضيوف تتغير كل يوم اثنين، لا تكتبوها هنا",
    "قمنا بتغيير مفتاح API الخاص بمدير القنوات، المفتاح الجديد في الخزنة",
    "the secret scanner flagged a folio number as a card number again, it failed the Luhn check so it's a false positive",
    "private keys for the mobile-key SDK live only on the HSM, nobody should ever have a copy on a laptop",
    "guest phone numbers and emails stay in the PMS profile; don't export them to Google Sheets for the welcome drinks list",
    "incident summary: a channel manager token was committed to the repo for 2 hours, it was revoked and replaced, no misuse found",
    "the IBAN for group deposits goes on the proforma only, never in the chat with the tour operator",
    "hotel managers keep asking for the Opera SUPERVISOR password — the answer is no, request a personal account instead",
]
TALK_LANG = {"en": list(range(0, 8)) + list(range(29, 35)), "es": [8, 9, 10, 11], "it": [12, 13, 14, 15], "el": [16, 17, 18],
             "tr": [19, 20, 21, 22], "th": [23, 24, 25], "ar": [26, 27, 28]}
TALK_HEAD = {"en": "security sync notes:", "es": "notas de la reunión de seguridad:", "it": "note riunione sicurezza:", "el": "σημειώσεις σύσκεψης ασφαλείας:",
             "tr": "güvenlik toplantısı notları:", "th": "สรุปประชุมความปลอดภัย:", "ar": "ملخص اجتماع الأمن:"}
def t_talk():
    lang = ch(["en", "en", "en", "es", "it", "el", "tr", "th", "ar"])
    pool = TALK_LANG[lang]
    k = ri(1, min(4, len(pool)))
    s = [TALK[i] for i in R.sample(pool, k)]
    if k > 1 and R.random() < 0.45:
        return TALK_HEAD[lang] + "\n" + "\n".join("- " + x for x in s)
    return " ".join(x[0].upper() + x[1:] + ("" if x.endswith((".", "?", "!")) else ".") if x[0].isascii() else x for x in s)
def t_faq():
    q = ch([("Q: can I send the guest the wifi password by email?", "A: yes, the PMS template does it; just don't paste it in Slack."),
            ("P: ¿puedo pedir el número de tarjeta por teléfono?", "R: no, mandad el enlace de pago seguro del motor de reservas."),
            ("D: posso chiedere l'IBAN al cliente su WhatsApp?", "R: no, usa il link di pagamento, mai dati bancari in chat."),
            ("Ε: μπορώ να κρατήσω φωτογραφία της κάρτας;", "Α: όχι, ποτέ. Μόνο tokenization μέσω του PMS."),
            ("S: API anahtarını e-postayla gönderebilir miyim?", "C: hayır, 1Password paylaşım linki kullanın."),
            ("ถาม: ขอรหัสผ่าน Opera ทางไลน์ได้ไหม", "ตอบ: ไม่ได้ ต้องขอผ่าน IT ticket เท่านั้น"),
            ("س: هل يمكنني إرسال رقم البطاقة للمحاسبة عبر البريد؟", "ج: لا، استخدموا رابط الدفع الآمن فقط.")])
    return "\n".join(q)
def t_regex():
    return ch(["our DLP rule for card numbers is 13–19 digits plus a Luhn check; confirmation numbers are 8–9 digits so they shouldn't match",
               "the Slack DLP keeps flagging Booking.com ids as phone numbers because they're 10 digits; can we whitelist the pattern next to 'res id'?",
               "la regla de DLP para IBAN valida el mod 97, por eso los números de factura ya no saltan",
               "il filtro segnala i numeri di folio come carte di credito, ma non passano il controllo Luhn"])
def t_vault_err():
    return "```\n%s\n```\n%s" % (ch(["Error: secret \"pms/%s/opera\" not found in path \"kv/data\"" % prop().lower(),
                                     "ExternalSecret pos-bridge: could not get secret data from provider: AccessDeniedException",
                                     "sealed-secrets: no key could decrypt secret (wifi-radius)",
                                     "vault: permission denied on kv/data/hotels/%s/keycard" % prop().lower()]),
                                 ch(["the secret is there, the policy isn't", "¿alguien cambió la policy?", "chi ha toccato la policy?", "policy değişmiş olabilir"]))
TALKS = [t_talk, t_talk, t_talk, t_faq, t_regex, t_vault_err]

LEADS = ["fyi", "FYI:", "heads-up:", "para que conste:", "ojo:", "nota:", "per info:", "attenzione:", "Σημείωση:", "ΥΓ:", "bilgi:", "not:",
         "แจ้งเพื่อทราบ:", "หมายเหตุ:", "للعلم:", "ملاحظة:", "quick one —", "re night audit:"]
TRAILS = ["thx", "gracias!", "grazie", "ευχαριστώ", "teşekkürler", "ขอบคุณครับ", "شكراً", "+1", "🙏", "will check tomorrow", "mañana lo miro", "domani ci guardo"]

CATS = [("data_uri_base64", D_URI), ("placeholder_example", PLACE), ("code_identifier", CODE),
        ("non_credential_blob", BLOB), ("pii_lookalike_number", NUMS), ("talk_about_secrets", TALKS)]

def build_negatives():
    out, seen, redraws = [], set(), {}
    for cat, tpls in CATS:
        n, tries = 0, 0
        while n < 100:
            tries += 1
            assert tries < 5000, cat
            t = ch(tpls)()
            x = R.random()
            if x < 0.13: t = ch(LEADS) + " " + t
            elif x < 0.19: t = t + "\n" + ch(TRAILS)
            if t in seen: continue
            bad = scan(t)
            if bad:
                redraws[bad[0][0]] = redraws.get(bad[0][0], 0) + 1
                continue
            seen.add(t); out.append({"text": t, "category": cat}); n += 1
    R.shuffle(out)
    recs = [{"id": "h47n-%04d" % (i + 1), "text": o["text"], "category": o["category"]} for i, o in enumerate(out)]
    return recs, redraws

# ---------------------------------------------------------------- positives: value makers
def v_aws_id(): return ch(["AKIA", "AKIA", "ASIA"]) + "".join(R.choice("ABCDEFGHIJKLMNOPQRSTUVWXYZ234567") for _ in range(16))
def v_aws_secret(): return b64s(40)
def v_ghp():
    body = b62(30); c = zlib.crc32(body.encode()) & 0xffffffff; s = ""
    while c: c, m = divmod(c, 62); s = B62[m] + s
    return "ghp_" + body + s.rjust(6, "0")
def v_ghf(): return "github_pat_11" + "".join(R.choice("ABCDEFGHIJKLMNOPQRSTUVWXYZ234567") for _ in range(20)) + "_" + b62(59)
def v_sbot(): return "xoxb-%s-%s-%s" % (nzdigits(ch([10, 11, 12])), nzdigits(13), b62(24))
def v_suser(): return "xoxp-%s-%s-%s-%s" % (nzdigits(ch([10, 11, 12])), nzdigits(ch([10, 11, 12, 13])), nzdigits(13), hexs(32))
def v_openai():
    return ch(["sk-proj-" + b64url(74) + "T3BlbkFJ" + b64url(74), "sk-" + b62(20) + "T3BlbkFJ" + b62(20), "sk-svcacct-" + b64url(74) + "T3BlbkFJ" + b64url(74)])
def v_anthropic(): return "sk-ant-api03-" + b64url(93) + "AA"
def v_jwt():
    if R.random() < 0.5:
        h = {"alg": "HS256", "typ": "JWT"}; sig = b64url(43)
    else:
        h = {"alg": "RS256", "typ": "JWT", "kid": hexs(16)}; sig = b64url(342)
    iat = ri(1760000000, 1790000000)
    p = ch([{"sub": "svc-rate-push", "iss": "https://auth.hotelgroup.internal", "aud": "ohip", "hotel": prop(), "iat": iat, "exp": iat + 3600},
            {"sub": "kiosk-%s" % prop().lower(), "scope": "checkin keycard:issue", "iat": iat, "exp": iat + 900},
            {"sub": uuid4(), "role": "front_office", "property": prop(), "iat": iat, "exp": iat + 28800},
            {"client_id": "cm-%s" % b62(8).lower(), "scope": "ari:write reservations:read", "iat": iat, "exp": iat + 7200}])
    return b64u(json.dumps(h, separators=(",", ":")).encode()) + "." + b64u(json.dumps(p, separators=(",", ":")).encode()) + "." + sig
PW_WORDS = ["Playa", "Sol", "Mare", "Blu", "Aegean", "Santorini", "Bodrum", "Phuket", "Dubai", "Marbella", "Recepcion", "Reception", "Kalimera", "Merhaba",
            "Sawasdee", "Habibi", "Olivo", "Limone", "Palmiye", "Deniz", "Yaz", "Verano", "Estate", "Kalokairi", "Desert", "Falcon", "Tuk", "Lotus"]
def v_urlpw():
    f = ri(0, 2)
    if f == 0: return b62(ri(14, 24))
    if f == 1: return ch(PW_WORDS) + ch(["_", "-", "."]) + str(ri(100, 9999)) + ch(PW_WORDS).lower()
    return ch(PW_WORDS).lower() + str(ri(10, 99)) + ch(["!", "*", "$", "~"]) + ch(PW_WORDS)
def v_pw():
    f = ri(0, 5)
    if f == 0: return ch(PW_WORDS) + ch(PW_WORDS) + str(ri(10, 2026)) + ch("!#$*@.")
    if f == 1: return ch(PW_WORDS).lower() + ch(["_", ".", "-", ""]) + str(ri(100, 9999)) + ch(PW_WORDS)
    if f == 2: return ch(PW_WORDS) + ch("@#!") + str(ri(2024, 2027))
    if f == 3: return b62(ri(12, 20))
    if f == 4: return ch(PW_WORDS)[:3] + str(ri(10, 99)) + ch("!?%&") + ch(PW_WORDS) + str(ri(0, 9))
    return ch(PW_WORDS) + "." + ch(PW_WORDS).lower() + "." + str(ri(10, 99))
DOMAINS = ["aegeanbluehotels.gr", "solymarresorts.es", "marebluhotels.it", "palmiyeresort.com.tr", "lotusbayphuket.co.th", "desertpearlhotels.ae", "hotelgroup-ops.com"]
FIRST = ["maria", "jose", "giulia", "luca", "eleni", "nikos", "ayse", "mehmet", "somchai", "nattaya", "ahmed", "fatima", "carmen", "marco", "dimitra", "emre", "pim", "omar"]
LAST = ["garcia", "lopez", "rossi", "bianchi", "papadopoulou", "georgiou", "yilmaz", "kaya", "srisuk", "wongsa", "alhashimi", "almansouri", "moreno", "ferrari", "demir"]
def v_email():
    f = ri(0, 3)
    if f == 0: return "%s.%s@%s" % (ch(FIRST), ch(LAST), ch(DOMAINS))
    if f == 1: return "%s%s%d@%s" % (ch(FIRST), ch(LAST)[0], ri(1, 99), ch(["gmail.com", "hotmail.com", "yahoo.it", "outlook.es", "hotmail.com.tr", "icloud.com"]))
    if f == 2: return "%s.%s@%s" % (ch(["revenue", "reservas", "prenotazioni", "kratiseis", "rezervasyon", "fo", "nightaudit"]), prop().lower(), ch(DOMAINS))
    return "%s_%s@%s" % (ch(FIRST), ch(LAST), ch(["gmail.com", "yandex.com.tr", "libero.it", "otenet.gr"]))
def v_phone():
    c = ri(0, 11)
    if c == 0: return "+34 6%s %s %s" % (digits(2), digits(3), digits(3))
    if c == 1: return "6%s %s %s %s" % (digits(2), digits(2), digits(2), digits(2))
    if c == 2: return "+39 3%s %s %s" % (digits(2), digits(3), digits(4))
    if c == 3: return "3%s %s" % (digits(2), digits(7))
    if c == 4: return "+30 69%s %s %s" % (digits(1), digits(3), digits(4))
    if c == 5: return "+30 210 %s %s" % (digits(3), digits(4))
    if c == 6: return "+90 5%s %s %s %s" % (digits(2), digits(3), digits(2), digits(2))
    if c == 7: return "05%s %s %s %s" % (digits(2), digits(3), digits(2), digits(2))
    if c == 8: return "+66 %s %s %s" % (ch(["81", "86", "89", "92", "95"]), digits(3), digits(4))
    if c == 9: return "0%s-%s-%s" % (ch(["81", "86", "89", "92"]), digits(3), digits(4))
    if c == 10: return "+971 5%s %s %s" % (ch("0245685"), digits(3), digits(4))
    return "05%s %s %s" % (ch("024568"), digits(3), digits(4))
def v_card():
    t = ri(0, 4)
    if t == 0: n = luhn_complete("4" + digits(14)); return ch([n, group4(n), "-".join(n[i:i + 4] for i in range(0, 16, 4))])
    if t == 1: n = luhn_complete(str(ri(51, 55)) + digits(13)); return ch([n, group4(n)])
    if t == 2: n = luhn_complete(str(ri(2221, 2720)) + digits(11)); return group4(n)
    if t == 3: n = luhn_complete(ch(["34", "37"]) + digits(12)); return ch([n, "%s %s %s" % (n[:4], n[4:10], n[10:])])
    n = luhn_complete("35" + str(ri(28, 89)) + digits(11)); return group4(n)
def es_dc(d):
    w = [1, 2, 4, 8, 5, 10, 9, 7, 3, 6]; s = sum(int(a) * b for a, b in zip(d, w)); r = 11 - s % 11
    return "0" if r == 11 else "1" if r == 10 else str(r)
IT_ODD = [1, 0, 5, 7, 9, 13, 15, 17, 19, 21, 2, 4, 18, 20, 11, 3, 6, 8, 12, 14, 16, 10, 22, 25, 24, 23]
def it_cin(s):
    t = 0
    for i, c in enumerate(s):
        v = int(c) if c.isdigit() else ord(c) - 65
        t += IT_ODD[v] if i % 2 == 0 else v
    return chr(65 + t % 26)
def v_iban():
    c = ri(0, 4)
    if c == 0:
        e, o, a = ch(["2100", "0049", "0182", "2038", "0081", "2085"]), digits(4), digits(10)
        s = iban_make("ES", e + o + es_dc("00" + e + o) + es_dc(a) + a)
    elif c == 1:
        abi, cab, acc = ch(["03069", "02008", "05034", "01030", "03111"]), digits(5), digits(12)
        s = iban_make("IT", it_cin(abi + cab + acc) + abi + cab + acc)
    elif c == 2: s = iban_make("GR", ch(["011", "014", "017", "026"]) + digits(4) + digits(16))
    elif c == 3: s = iban_make("TR", ch(["00010", "00012", "00015", "00046", "00062", "00064"]) + "0" + digits(16))
    else: s = iban_make("AE", ch(["033", "026", "035", "030"]) + digits(16))
    assert mod97_ok(s)
    return ch([s, group4(s)])
def v_ssn():
    while True:
        a = ri(1, 899)
        if a != 666: break
    return "%03d-%02d-%04d" % (a, ri(1, 99), ri(1, 9999))
def v_ip():
    while True:
        ip = ipaddress.ip_address("%d.%d.%d.%d" % (ri(1, 223), ri(0, 255), ri(0, 255), ri(1, 254)))
        if ip.is_global and not ip.is_private and not ip.is_reserved and not ip.is_multicast and not any(ip in n for n in DOC_NETS) \
                and ip not in ipaddress.ip_network("100.64.0.0/10") and ip not in ipaddress.ip_network("198.18.0.0/15"):
            return str(ip)

# ---------------------------------------------------------------- positives: templates
def P(*ts): return list(ts)
SINGLE = {
 "aws_access_key_id": P(lambda v: "night-audit backup job on %s fails with InvalidAccessKeyId for `%s`, did someone deactivate it?" % (prop(), v),
                        lambda v: "```\n[nightaudit-s3]\naws_access_key_id = %s\nregion = eu-south-2\n```" % v,
                        lambda v: "la key de S3 de los backups de Opera es %s, la secret te la paso por privado" % v),
 "aws_secret_access_key": P(lambda v: "```bash\nexport AWS_SECRET_ACCESS_KEY=%s\naws s3 sync ./exports s3://hotelgroup-nightaudit/%s/\n```" % (v, prop()),
                            lambda v: "la secret del bucket dei backup notturni: %s (la ruotiamo venerdì)" % v),
 "github_classic_pat": P(lambda v: "rate-push deploy needs a PAT to pull the private repo, use mine for now: %s" % v,
                         lambda v: "```\ngit clone https://%s@github.com/hotelgroup/keycard-bridge.git\n```" % v,
                         lambda v: "token de GitHub para el runner del motor de reservas: `%s`" % v),
 "github_fine_grained_pat": P(lambda v: "fine-grained token scoped to hotelgroup/channel-mapping, read-only: %s" % v,
                              lambda v: "```yaml\nrenovate:\n  token: %s\n```" % v,
                              lambda v: "GitHub token (sadece booking-widget repo): %s" % v),
 "slack_bot_token": P(lambda v: "night audit bot for %s: SLACK_BOT_TOKEN=%s" % (prop(), v),
                      lambda v: "```python\nclient = WebClient(token=\"%s\")\nclient.chat_postMessage(channel=\"#ops-%s\", text=\"Night audit OK\")\n```" % (v, prop().lower()),
                      lambda v: "el token del bot de alertas del channel manager es %s, ponedlo en el .env" % v),
 "slack_user_token": P(lambda v: "used my user token to export the #front-office history: %s" % v,
                       lambda v: "```\ncurl -H 'Authorization: Bearer %s' https://slack.com/api/conversations.history?channel=C0%s\n```" % (v, upper(8)),
                       lambda v: "ecco il mio token utente Slack per lo script di archivio: %s" % v),
 "openai_api_key": P(lambda v: "AI concierge on the booking engine is live at %s, key: %s" % (prop(), v),
                     lambda v: "```bash\nOPENAI_API_KEY=%s python translate_menus.py --lang th,ar,tr,el\n```" % v,
                     lambda v: "clave de OpenAI para traducir las reseñas de TripAdvisor: %s" % v),
 "anthropic_api_key": P(lambda v: "review-reply assistant for %s uses ANTHROPIC_API_KEY=%s" % (prop(), v),
                        lambda v: "```python\nclient = anthropic.Anthropic(api_key=\"%s\")\n```" % v,
                        lambda v: "η νέα κλειδί του Claude για τις απαντήσεις κριτικών: %s" % v),
 "jwt": P(lambda v: "OHIP call from the kiosk returns 401 with this bearer, expired?\n```\nAuthorization: Bearer %s\n```" % v,
          lambda v: "token del kiosk de check-in (%s): %s" % (prop(), v),
          lambda v: "```json\n{\"access_token\": \"%s\", \"token_type\": \"Bearer\", \"expires_in\": 3600}\n```" % v),
 "password": P(lambda v: "Opera login for the new night auditor at %s: user NA_%s / password %s" % (prop(), upper(4), v),
               lambda v: "la contraseña del encoder de %s es %s, cambiadla después de la instalación" % (ch(ENC), v),
               lambda v: "password del Wi-Fi staff (%s): %s" % (prop(), v),
               lambda v: "ο κωδικός για το Protel του %s είναι %s" % (prop(), v),
               lambda v: "POS yönetici şifresi: %s (Bodrum restoran)" % v,
               lambda v: "รหัสผ่านเข้าระบบ Infrasys ของห้องอาหาร: %s" % v,
               lambda v: "كلمة المرور لحساب نظام الحجوزات في %s هي %s" % (prop(), v),
               lambda v: "```\nServer=opera-db.%s.internal;Database=OPERA;User Id=opera_ro;Password=%s;\n```" % (prop().lower(), v),
               lambda v: "```properties\nspring.datasource.url=jdbc:oracle:thin:@//opera-db.%s.internal:1521/OPERA\nspring.datasource.username=rms_reader\nspring.datasource.password=%s\n```" % (prop().lower(), v),
               lambda v: "```yaml\nencoder:\n  host: vingcard-srv.%s.local\n  user: fo_admin\n  password: \"%s\"\n```" % (prop().lower(), v)),
 "url_credentials": P(lambda v: "```\nDATABASE_URL=postgres://rms:%s@rms-db.hotelgroup.internal:5432/revenue\n```" % v,
                      lambda v: "mongodb+srv://booking_svc:%s@booking-cluster.hotelgroup.internal/engine" % v,
                      lambda v: "```\nREDIS_URL=redis://:%s@cache.%s.internal:6379/0\n```" % (v, prop().lower()),
                      lambda v: "la cola de rate push: amqps://cm_push:%s@mq.hotelgroup.internal:5671/ari" % v,
                      lambda v: "```python\nengine = create_engine(\"mysql+pymysql://pos_ro:%s@pos-db.%s.internal/simphony\")\n```" % (v, prop().lower())),
 "email_address": P(lambda v: "send the group rooming list to %s before Friday" % v,
                    lambda v: "el cliente pide la factura a %s" % v,
                    lambda v: "l'ospite della %s chiede la ricevuta a %s" % (room(), v),
                    lambda v: "misafir faturayı %s adresine istiyor" % v,
                    lambda v: "ลูกค้าขอใบเสร็จทางอีเมล %s" % v,
                    lambda v: "الضيف يطلب الفاتورة على البريد %s" % v),
 "phone_number": P(lambda v: "guest in %s called from %s about the late check-out, please call back" % (room(), v),
                   lambda v: "el técnico del encoder está de guardia: %s" % v,
                   lambda v: "il cliente della camera %s ha lasciato il numero %s" % (room(), v),
                   lambda v: "ο πελάτης του %s ζητά να τον καλέσουμε στο %s" % (room(), v),
                   lambda v: "misafir %s numaralı odadan, telefonu %s" % (room(), v),
                   lambda v: "แขกห้อง %s ขอให้โทรกลับที่ %s" % (room(), v),
                   lambda v: "الضيف في الغرفة %s رقمه %s" % (room(), v)),
 "credit_card": P(lambda v: "guest in %s gave the card over the phone for the deposit: %s exp %02d/%d" % (room(), v, ri(1, 12), ri(27, 31)),
                  lambda v: "tarjeta de la reserva %d: %s, caduca %02d/%d" % (ri(10000000, 99999999), v, ri(1, 12), ri(27, 31)),
                  lambda v: "carta per la garanzia no-show: %s" % v,
                  lambda v: "kart no: %s son kullanma %02d/%d" % (v, ri(1, 12), ri(27, 31)),
                  lambda v: "บัตรเครดิตสำหรับมัดจำ %s" % v),
 "iban": P(lambda v: "tour operator asks us to refund the deposit to %s" % v,
           lambda v: "devolución del depósito al IBAN %s" % v,
           lambda v: "rimborso caparra sull'IBAN %s" % v,
           lambda v: "επιστροφή προκαταβολής στο IBAN %s" % v,
           lambda v: "depozito iadesi için IBAN: %s" % v,
           lambda v: "يرجى تحويل المبلغ إلى الآيبان %s" % v),
 "us_ssn": P(lambda v: "US revenue consultant onboarding, W-9 SSN: %s" % v,
             lambda v: "payroll for the Miami sales office needs the SSN %s on the form" % v,
             lambda v: "SSN for the background check of the new cluster GM: %s" % v),
 "ipv4_address": P(lambda v: "the channel manager only accepts pushes from our egress IP %s, add it to their allowlist" % v,
                   lambda v: "el motor de reservas está detrás de %s, ¿alguien ha cambiado el DNS?" % v,
                   lambda v: "il VPN del fornitore POS si collega da %s" % v,
                   lambda v: "η IP του SiteMinder που μας χτυπάει είναι %s" % v,
                   lambda v: "OHIP webhook'ları %s adresinden geliyor" % v,
                   lambda v: "```\nsshpass ssh admin@%s  # Opera app server %s\n```" % (v, prop())),
}
PAIRS = {
 ("aws_access_key_id", "aws_secret_access_key"): P(
    lambda a, b: "```ini\n[nightaudit]\naws_access_key_id = %s\naws_secret_access_key = %s\n```" % (a, b),
    lambda a, b: "```bash\nexport AWS_ACCESS_KEY_ID=%s\nexport AWS_SECRET_ACCESS_KEY=%s\n```" % (a, b),
    lambda a, b: "credenciales del bucket de exportaciones: %s / %s" % (a, b)),
 ("email_address", "phone_number"): P(
    lambda a, b: "group leader contact: %s, mobile %s" % (a, b),
    lambda a, b: "contacto del organizador de la boda: %s · %s" % (a, b),
    lambda a, b: "referente del gruppo: %s, cell. %s" % (a, b),
    lambda a, b: "επικοινωνία: %s, κιν. %s" % (a, b)),
 ("password", "ipv4_address"): P(
    lambda a, b: "```\nssh fo_admin@%s   # pw: %s\n```" % (b, a),
    lambda a, b: "Opera app server %s, usuario opera / contraseña %s" % (b, a),
    lambda a, b: "sunucu %s, şifre %s" % (b, a)),
 ("iban", "email_address"): P(lambda a, b: "refund the deposit to %s and send the proof to %s" % (a, b)),
 ("credit_card", "phone_number"): P(lambda a, b: "card for the VIP in the villa: %s, call the assistant on %s if declined" % (a, b)),
 ("openai_api_key", "anthropic_api_key"): P(lambda a, b: "```\nOPENAI_API_KEY=%s\nANTHROPIC_API_KEY=%s\n```" % (a, b)),
 ("slack_bot_token", "slack_user_token"): P(lambda a, b: "bot: %s\nuser (for history export): %s" % (a, b)),
 ("github_classic_pat", "github_fine_grained_pat"): P(lambda a, b: "old PAT %s is revoked? use the fine-grained one instead: %s" % (a, b)),
 ("jwt", "url_credentials"): P(lambda a, b: "```\nRMS_DB=postgres://rms:%s@rms-db.hotelgroup.internal/revenue\nOHIP_BEARER=%s\n```" % (b, a)),
 ("us_ssn", "iban"): P(lambda a, b: "contractor payout: SSN %s, pay to IBAN %s" % (a, b)),
}
PAIR_COUNTS = [(("aws_access_key_id", "aws_secret_access_key"), 5), (("email_address", "phone_number"), 4), (("password", "ipv4_address"), 3),
               (("iban", "email_address"), 2), (("credit_card", "phone_number"), 1), (("openai_api_key", "anthropic_api_key"), 1),
               (("slack_bot_token", "slack_user_token"), 1), (("github_classic_pat", "github_fine_grained_pat"), 1), (("jwt", "url_credentials"), 1), (("us_ssn", "iban"), 1)]
SINGLE_COUNTS = {"aws_access_key_id": 5, "aws_secret_access_key": 4, "email_address": 4, "phone_number": 5, "password": 7, "ipv4_address": 7, "iban": 7,
                 "credit_card": 9, "url_credentials": 9, "openai_api_key": 8, "anthropic_api_key": 8, "slack_bot_token": 8, "slack_user_token": 8,
                 "github_classic_pat": 8, "github_fine_grained_pat": 8, "jwt": 8, "us_ssn": 8, "private_key_pem": 9}
MAKE = {"aws_access_key_id": v_aws_id, "aws_secret_access_key": v_aws_secret, "github_classic_pat": v_ghp, "github_fine_grained_pat": v_ghf,
        "slack_bot_token": v_sbot, "slack_user_token": v_suser, "openai_api_key": v_openai, "anthropic_api_key": v_anthropic, "jwt": v_jwt,
        "password": v_pw, "url_credentials": v_urlpw, "email_address": v_email, "phone_number": v_phone, "credit_card": v_card, "iban": v_iban,
        "us_ssn": v_ssn, "ipv4_address": v_ip}

def pem_text(i, layout):
    typ, pem = PEMS[i]
    lines = pem.split("\n")
    body = lines[1:-1]
    if layout == 0:
        return "keycard-bridge mTLS key for %s, don't lose it:\n```\n%s\n```" % (prop(), pem), "\n".join(body)
    if layout == 1:
        return ("```yaml\napiVersion: v1\nkind: Secret\nmetadata:\n  name: ohip-client-%s\nstringData:\n  tls.key: |\n    %s\n```" % (prop().lower(), "\n    ".join(lines)),
                "\n    ".join(body))
    if layout == 2:
        return ('```json\n{"encoder_id": "ENC-FO-01", "private_key": "%s"}\n```' % "\\n".join(lines), "\\n".join(body))
    return "la clave SSH del servidor de Opera (%s), guardadla en el vault:\n%s" % (prop(), pem), "\n".join(body)

def build_positives():
    specs = []
    for pair, n in PAIR_COUNTS: specs += [pair] * n
    for k in sorted(SINGLE_COUNTS): specs += [(k,)] * SINGLE_COUNTS[k]
    R.shuffle(specs)
    recs, pem_i, tcount = [], 0, {}
    for sp in specs:
        if sp == ("private_key_pem",):
            layout = pem_i % 4 if PEMS[pem_i][0] != "openssh_ed25519" else ch([0, 3])
            text, val = pem_text(pem_i, layout)
            secrets = [{"kind": "private_key_pem", "value": val}]
            ctx = "private_key_pem:%s:layout%d" % (PEMS[pem_i][0], layout)
            pem_i += 1
        elif len(sp) == 1:
            k = sp[0]; v = MAKE[k]()
            tn = tcount.get(k, 0) % len(SINGLE[k]); tcount[k] = tcount.get(k, 0) + 1
            text = SINGLE[k][tn](v); secrets = [{"kind": k, "value": v}]; ctx = "%s:t%d" % (k, tn)
        else:
            a, b = MAKE[sp[0]](), MAKE[sp[1]]()
            tl = PAIRS[sp]; tn = tcount.get(sp, 0) % len(tl); tcount[sp] = tcount.get(sp, 0) + 1
            text = tl[tn](a, b); secrets = [{"kind": sp[0], "value": a}, {"kind": sp[1], "value": b}]
            ctx = "multi:%s+%s:%d" % (sp[0], sp[1], tn)
        recs.append({"text": text, "secrets": secrets, "context": ctx})
    return recs

def check_positives(recs):
    kinds = {}
    for r in recs:
        for s in r["secrets"]:
            assert s["value"] in r["text"], (r["context"], s["value"])
            kinds[s["kind"]] = kinds.get(s["kind"], 0) + 1
            k, v = s["kind"], s["value"]
            if k == "credit_card": assert luhn_ok(re.sub(r"\D", "", v))
            if k == "iban": assert mod97_ok(v)
            if k == "us_ssn":
                a, g, sn = v.split("-"); assert a not in ("000", "666") and a[0] != "9" and g != "00" and sn != "0000"
            if k == "ipv4_address": assert ipaddress.ip_address(v).is_global
            if k == "jwt":
                for part in v.split(".")[:2]: json.loads(base64.urlsafe_b64decode(part + "=" * (-len(part) % 4)))
            if k == "private_key_pem": base64.b64decode(re.sub(r"\\n|\s", "", v), validate=True)
            if k == "github_classic_pat":
                c = zlib.crc32(v[4:34].encode()) & 0xffffffff; s62 = ""
                while c: c, m = divmod(c, 62); s62 = B62[m] + s62
                assert v[34:] == s62.rjust(6, "0")
    assert len(recs) == 150 and sum(len(r["secrets"]) for r in recs) == 170
    assert all(9 <= n <= 10 for n in kinds.values()) and len(kinds) == 18, kinds
    return kinds

def main():
    neg, redraws = build_negatives()
    pos = build_positives()
    kinds = check_positives(pos)
    pos = [dict(id="h47p-%04d" % (i + 1), **r) for i, r in enumerate(pos)]
    assert len({r["text"] for r in neg}) == 600
    for name, recs in (("redaction47_negatives.jsonl", neg), ("redaction47_positives.jsonl", pos)):
        with open(os.path.join(HERE, name), "w", encoding="utf-8") as f:
            for r in recs: f.write(json.dumps(r, ensure_ascii=False) + "\n")
    missed = sum(1 for r in pos if not scan(r["text"]))
    print("negatives: 600, scanner redraws by first finding:", dict(sorted(redraws.items())))
    print("positives: %d texts, %d secrets, kinds: %s" % (len(pos), sum(len(r["secrets"]) for r in pos), dict(sorted(kinds.items()))))
    print("positives the negative scanner does not flag at all: %d" % missed)

if __name__ == "__main__":
    main()
