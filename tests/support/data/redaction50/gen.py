#!/usr/bin/env python3
"""Blind redaction corpus #50: charity fundraising / donor CRM / volunteer Slack (UK, IE, AU, CA, ZA).
Standard library only. The only randomness is random.Random(50 * 101), used in a fixed order."""
import base64, binascii, hashlib, json, os, re, struct, zlib, ipaddress

N = 50
rng = random_ = None
import random
rng = random.Random(N * 101)
HERE = os.path.dirname(os.path.abspath(__file__))

# ---------------------------------------------------------------- helpers
def C(seq): return rng.choice(seq)
def I(a, b): return rng.randint(a, b)
HEX = "0123456789abcdef"
B62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
B64U = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
UPNUM = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
def rs(alpha, n): return "".join(rng.choice(alpha) for _ in range(n))
def hx(n): return rs(HEX, n)
def dg(n): return str(I(1, 9)) + rs("0123456789", n - 1)
def uuid4():
    h = hx(32); h = h[:12] + "4" + h[13:16] + C("89ab") + h[17:]
    return f"{h[:8]}-{h[8:12]}-{h[12:16]}-{h[16:20]}-{h[20:]}"
def rbytes(n): return bytes(rng.getrandbits(8) for _ in range(n))
def b64(b): return base64.b64encode(b).decode()
def date_iso(): return f"20{I(24,26)}-{I(1,12):02d}-{I(1,28):02d}"
def ts_iso(): return f"{date_iso()}T{I(0,23):02d}:{I(0,59):02d}:{I(0,59):02d}.{I(0,999):03d}Z"
def date_uk(): return f"{I(1,28):02d}/{I(1,12):02d}/20{I(24,26)}"
def money(): return f"{I(1,90)},{I(0,999):03d}.{I(0,99):02d}"
def wrap(s, n=76): return "\n".join(s[i:i+n] for i in range(0, len(s), n))
def trunc(s, k=None):
    k = k or I(40, 90)
    return s[:k] + C(["…", "...", f"[{len(s)-k} more chars]", "…(truncated)"])

def luhn_ok(d):
    s = 0
    for i, ch in enumerate(reversed(d)):
        x = int(ch)
        if i % 2: x *= 2; x = x - 9 if x > 9 else x
        s += x
    return s % 10 == 0
def luhn_complete(prefix, length):
    body = prefix + "".join(str(I(0, 9)) for _ in range(length - len(prefix) - 1))
    for c in "0123456789":
        if luhn_ok(body + c): return body + c
def iban_ok(s):
    s = s.replace(" ", "")
    if not re.fullmatch(r"[A-Z]{2}\d{2}[A-Z0-9]{8,30}", s): return False
    r = s[4:] + s[:4]
    n = "".join(str(int(ch, 36)) for ch in r)
    return int(n) % 97 == 1
def iban_make(cc, bban):
    r = bban + cc + "00"
    n = "".join(str(int(ch, 36)) for ch in r)
    ck = 98 - int(n) % 97
    return f"{cc}{ck:02d}{bban}"
def group4(s): return " ".join(s[i:i+4] for i in range(0, len(s), 4))

ORGS = ["Harbour Light Trust", "Cairde an Chósta", "Fondation Phare du Nord", "Hoop vir Môre Trust",
        "Ikhaya Lethemba Fund", "Bushfire Kids Appeal", "Lifeboat Friends Network", "Cúnamh Teaghlaigh",
        "Red Kite Hospice", "Southern Cross Food Rescue", "Maison Bon Accueil", "Thembalethu Care"]
CAMPAIGNS = ["Spring Appeal 2026", "Christmas Cracker Raffle", "Great North Run team", "Cycle Cork–Kerry",
             "Sleep Out Joburg", "Movember partner page", "Giving Tuesday match", "Tap-to-give pilot",
             "Legacy mailing Q3", "Fun Run Port Elizabeth", "Défi Vélo Montréal", "Trek Kosciuszko"]
LEADS = ["fyi", "FYI:", "heads up —", "quick one:", "for the record:", "as promised:", "Nóta:", "Le haghaidh eolais:",
         "Pour info :", "Petite note :", "Net 'n kort nota:", "Ter inligting:", "Ngiyabonga, nakhu:", "re the CRM sync:",
         "from the Gift Aid thread:", "pasting from the ticket:", "ok so", "cc #fundraising-ops:"]
TAILS = ["thanks all", "cheers", "go raibh maith agat", "merci!", "dankie", "ngiyabonga", "will update the runbook",
         "(no action needed)", "lmk if that looks off", "— sent from the volunteer laptop", "ta", "👍"]

# ---------------------------------------------------------------- real binary payloads
def png(w, h, rgb):
    def chunk(t, d): return struct.pack(">I", len(d)) + t + d + struct.pack(">I", zlib.crc32(t + d) & 0xffffffff)
    raw = b"".join(b"\x00" + bytes(rgb) * w for _ in range(h))
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b""))
def png_noise(w, h):
    raw = b"".join(b"\x00" + rbytes(w * 3) for _ in range(h))
    def chunk(t, d): return struct.pack(">I", len(d)) + t + d + struct.pack(">I", zlib.crc32(t + d) & 0xffffffff)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b""))
def gif1(rgb):
    return (b"GIF89a\x01\x00\x01\x00\x80\x00\x00" + bytes(rgb) + b"\x00\x00\x00"
            b"!\xf9\x04\x01\x00\x00\x00\x00,\x00\x00\x00\x00\x01\x00\x01\x00\x00\x02\x02D\x01\x00;")
def pdf_min(title):
    body = (f"%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n"
            f"3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 595 842]>>endobj\n4 0 obj<</Title({title})>>endobj\n"
            f"trailer<</Root 1 0 R/Info 4 0 R>>\n%%EOF\n")
    return body.encode("latin-1", "replace")
def wav(n):
    data = bytes(128 + int(60 * ((i % 20) - 10) / 10) for i in range(n))
    return (b"RIFF" + struct.pack("<I", 36 + n) + b"WAVEfmt " + struct.pack("<IHHIIHH", 16, 1, 1, 8000, 8000, 1, 8)
            + b"data" + struct.pack("<I", n) + data)
def woff2_stub(n): return b"wOF2\x00\x01\x00\x00" + struct.pack(">I", n + 48) + b"\x00\x0b\x00\x00" + rbytes(n)
def svg_icon():
    col = C(["#0f5c3a", "#c8102e", "#ffb81c", "#169b62", "#ff883e", "#0047ab", "#007a4d"])
    shape = C(['<path d="M8 1l2 5h5l-4 3 2 6-5-4-5 4 2-6-4-3h5z"/>', '<circle cx="8" cy="8" r="6"/>',
               '<path d="M8 15s-6-4-6-8a3 3 0 0 1 6-1 3 3 0 0 1 6 1c0 4-6 8-6 8z"/>', '<rect x="2" y="4" width="12" height="8" rx="2"/>'])
    return f'<svg xmlns="http://www.w3.org/2000/svg" width="16" height="16" viewBox="0 0 16 16" fill="{col}">{shape}</svg>'
def sourcemap():
    f = C(["donate-widget.ts", "giftaid-form.tsx", "event-reg.js", "mandate-wizard.ts"])
    j = json.dumps({"version": 3, "file": f.rsplit(".", 1)[0] + ".js", "sources": [f"../src/{f}"], "names": [],
                    "mappings": ";;" + rs("ABCDEFGIKMOQSUWYacegikmoqsuwy", I(20, 60))}, separators=(",", ":"))
    return b64(j.encode())
def any_png():
    k = I(0, 2)
    if k == 0: return png(I(1, 4), I(1, 4), (I(0, 255), I(0, 255), I(0, 255)))
    if k == 1: return png(I(8, 24), I(8, 24), (I(0, 255), I(0, 255), I(0, 255)))
    return png_noise(I(3, 8), I(3, 8))
PEMS = [
[
"rsa_pkcs8",
"-----BEGIN PRIVATE KEY-----\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQCS5I7JuLOjnWPx\nb/vcr+WAJA0E81ASiOfvcWwZjDC3+s+aQpErnP4Oho2yDN4LuLzGw1NTHfsGLdou\n7t5kPieyLX461eItryYLGGIX252hPnNghYUAMEq6guA4D43kpdjV5alR8t7/Cpde\nlr6z6//5zngoawHb3nprEUnZLiRT67No+ULtHpXtCK3j4snCJ9+Uh6RWv7C81XLV\nh7aRIgLNVwYjU5619zij7B50u81Dw17R0u7h6Z6goThXa0wupnMdhTv9yR9VUE3J\nPybzrf5rCSH7KCRCXq64b1z4UgJtFcAOuhkJXdZJBoRn4NZl90kV6RyjDfDzebBp\np1EIBNd5AgMBAAECggEACxeMq7FRiUuPejIDUf8LRLGUNRk9ZOTnJKbLK6OxIxdi\nmUqpBSLR8V1aMkVz9+0ffh/OOTLEm4sXVF9vtiCWZUc3prAzZ9E3vXM+JwCLptsd\nIb77U9ARuIM89KbCB2+5j69LqZc+HQKa+wbFiDcMKXwciSrJZWWnl1GjIq3wCtEe\ndVrNz/OqvLhFz4OdLaZu6nqi6h5rDVgDtVe0Dv/qio+lgvR30O0hPyX/hsBSIXy7\nlh9SAs28yJJN6modsqaxV8+/u4fq+Tn6s4UFBaYuqNHf/48RKuR04pCRQY/KlME4\ntA6GS8abeaNPhYDIVn+d0T7lkWcNC4A6TBrYVtoX4QKBgQDLdV5Y3k9SOyWfjgHX\nHjNARrZWygbMwcHXSfPiSZuY+fo0kRvg5oZhYuzWGSBM74uRID7FrD7FAzIpBQS1\nL5u0ZhLjYmW3EHBI4IUgFfIBWg3qNfqXZ2A4tFWu6rnr2gDUSrJVsSMyXLNA1FPW\n5riNfIHyouNhA7a98Dbtdn8FkQKBgQC406KdC05UeWjx+PMBMFh77M7JXaFou5zy\n3D4Ne4c2jJlM6qog+455KwZpkZU436NVeuebnhkOi33oNyZzkrYqljspHfk3w7UF\nrBMQuZcWw2JZ+vK4ol5rToeXDWXMi9LnBJ3dr4dhz+ka87BJSeM+llpOSW+cpYcH\nM3QdzM8faQKBgQC5EhQ2RlJk/IRmtKgb486+4xOtsquoyX7ntM9xwX8WEh10f6Ka\nW1dVcsT4o3ZsRWHxKyGucdXPI+8WvQfhQGMkH82CpNjdQsjAoeq2mv++FwqdR2ih\nHFm8et2N9NoWHgGvGhtKM41OnGA50mpJCypJGT6jVWP7tYMfF0j/jFBS4QKBgBEM\nTFqJ+W6nSDvRh7CbYf4ESMqgHUxIyeBI2lxqAX3RmC5VEt459dlNU6kXKZl2X116\nGbTr70m9Kh7qP1y3sp/Y/Zn8TsmK/r6IMbYAOGR8Hy1HjW3kZCsnsjAHp1UnrIts\njJcvIqCuCcVXpvILo69ZNPk1otrjFcJfR52cD5rJAoGAPrFhivR3wOtPQiGxAug+\nByy0AiwgRvjyuqwckyBlQHr7IYz/vXzKFUfYIaTRVxbzZ60JbNCU2hqjILjrioHL\nhaq+Zy0Awqzs+c+4Ue0GQuwEeaiHWLbiFOuPPrwRgWAVGPYIxBau2xdgkbXhI+nI\n+BQI34nXsxHKUYmgodd6u64=\n-----END PRIVATE KEY-----"
],
[
"rsa_pkcs1",
"-----BEGIN RSA PRIVATE KEY-----\nMIIEogIBAAKCAQEAnOqQ/u8y+eyQ1fwHJLlGjCZ8h3/Tmrq6cx1V3wRClhaluAo5\ngp0DqKwpVG1J8FBO+YmlolopCV6Of+jq0lrM7ttbj+2+dL69LZ6wHW47a8L70P3C\nw4thMBK6zgEnrJREQalCuZRi6dBjToh3m09B/aM/3raaRr/JYkvGSqedL83k2cMo\nBTWazzdUU+q+UQnGqEvOJmhS2tL8BvczAovbTLHbZQRW7Zz+uVx6l/TM1UpW2wuf\nZd5h4vJe4U7vxFc4VqLQVqn8ioVQ61lyLLUMi+OWaKZIFiBxl9Tr5BuxxqvvWj5o\ntpIO7M9TMwY4n/rqjNrTizgZn3JqDrSoxVRwdQIDAQABAoIBACIEafWSZoMuyUFS\ndzv7XHNinomDaRy4kVYGTIjh9At0km2A7fHGVzY4SGdwn+BUkKJhOEKneBD7ajoJ\nhOqgW6AGduWPXUQS25EpvzVKIeCdLxkiAhiBPUr+LHgfYPn1VIzFhF0V8ZGNpxGt\n3PwS5RP20ZBXFr/ysNY55h1mE9n6We067jiNSu3+FN+lbJMqeXNrw4wvAxAIBI/S\n5WSzvwcA6Ha3QVN7h55xRG/aYdjbagHQsdWd0KYU4EBVUFZ0yigxANJ/RtyEkDzj\nR+2UxH9ZQxTCNj+UwvJI+MnoZffxbskezlJVK3h4H0VAMjbpHsHpTaM+bkp01xC/\ndlOkEcsCgYEA3MjLK2dfbWYWcWBnwwJnk78SpwnA/m3z82+pEVDjGKLihDQxrgCH\noY9jpNXNWfAQ77L4/THf78SQLIGw9u2PSEWI52CQdWych4biacnjpbByAvDLsoGv\nJCyfXm2yxCcUpbUQwUzekMWHFRKFt2MGC6rvNmq/r/mcVqSi4zCrHF8CgYEAtfHe\n/uxaSA4bZvqR0Ohb3GfF/LS64CZvU0NgBS19aZMZPFTpCcySRsIdUy8gCh8j9pS0\nH4IaIrr5Zz7XCLVj4M4rBLpiVa+1ZuKmNXrsZG59PEHtgPYTk/FlQ8AaUKgiMsdS\ncKklHOnNBt21GhaiQtck5OmMW9RbqB7lJbMIo6sCgYAiJK8+xBq+2VXJLMZ/IuUP\ntTHWQSzma+yZDgCQW/jyu2XaWhQAu7Y95uXa/PFn4jdMSlo1Fbxy4OwG5fuPBEfv\nPkmgto9AiY5fax2ijIU2/2VyTPjDX0jNiFURDlfh+8U2pxyzOAcHTnTIbnfdV2P8\n8+9QdAu21Bw4TfeeuM0NcwKBgHho9ddnu+frzh68vTuwSvr2goTXZsVpKkvETwue\nK11vSEgxOXiOtk+1r4qZqW6JZVeO2hXwGDPb4ap+X/kXcl4Yk0exwdpLSpYocS77\nhu6AYMk8KF4sfJBwNUA9Ji0y2E8asmh0yGb2JAXjPDNjv0bU80m7dnRfebktmSD1\n90W5AoGAB+JJVDcGfJAF0BogbNHD8UUWpGYjB2yWffb5+nQ4EklHnCSfImaHSkd+\nty5isPq/twvG+tc6WzTV2us161r8DDsjvbqKyQ+KzjVJPHahcQJLr6AZBfhztvxO\nko1yEjrtgKN8ddskxXjhYpI0KHtd2dKd0djw3DSkVd8N64vmYQ8=\n-----END RSA PRIVATE KEY-----"
],
[
"rsa_pkcs8_1024",
"-----BEGIN PRIVATE KEY-----\nMIICdwIBADANBgkqhkiG9w0BAQEFAASCAmEwggJdAgEAAoGBAOA466YZ5bi7rbEy\nNJdQM1WhfcAMWMrmTxySj8INC9bTJ/DlJVlT0tjPDTabfoeqc0/FuXN4YS8nFhmH\na93P49RdrdkkTK0HSbDi5tOLHz20MWqbPPU4rkkR0T9ElX3UUrTTBJLGWRxr8Sdi\nBRPc3hJPpJFQFbBTRpViX2y0NmcTAgMBAAECgYBn2bU7P29ounReR9SX6Kt+E8f8\ndTuC7lzh7PfsdsJvA2nSZy9/ShW0GWITUr2t9EJoRjn4w16vyjiwJkrNd4YbbkDA\ny3J5FiEuYplDFSDNAE83df4oS42c6S8bJy553jl2TpKnO/WczYCbo584sWnVKUC7\npqX57CKGJbJikDpV4QJBAO/yXEsHiRDky/FiOXhFCBUsEBJG0JfX/UFZ2DBfEyPL\ncnEIpX+L5xayjVNfE7PiJVTRJGLnVScCb+Av5X7zKVkCQQDvOT5v0eElDDeDJ/Ne\nGZAsknyuh2eYXs1M5hXO7GjcqOONekRb5VboM0YjikjSCzyV+agjF9mT9vDlg777\n8FpLAkAENO6TTi2EA07kC4HQbv1mSaB6gY1UrC+/fpDAwFn4ja+S9cDZDJ3fkv/R\nT2BsDfHzm7sUlNO0XGGTv6M5Z4/5AkEAxec8gPNHaAfAUO+XBQzu2gDhxtzb1hDv\nlKNv/TxUz9+kSKGStdd32ya36qT281U6bPQZpdaQODl9NtKUCAbiGwJBAJnXUeNj\nAiglTLH2hLenBcycQQUSaxiwhYG+711PeyWLprTosxmqIIbhcBK4qeQCPSlN+w6R\nIWC66KiG/kmpMMo=\n-----END PRIVATE KEY-----"
],
[
"ec_sec1",
"-----BEGIN EC PRIVATE KEY-----\nMHcCAQEEIHKsDqV+zRxc+zY28cw5uD5laC0F25R6X6mQwtH8NUKwoAoGCCqGSM49\nAwEHoUQDQgAEl6cIy27m3D6UBj9wvN6SU4s8RMXd93KFR+JGx6mOqLlf/mxBMWqD\nG8UQZBlPRKkn/l982SBBXZpL4p+2QaiQpA==\n-----END EC PRIVATE KEY-----"
],
[
"ec_sec1",
"-----BEGIN EC PRIVATE KEY-----\nMHcCAQEEIOJGWHfp4Bbk3vGB3c+vi/yuNzxl8/VQqDanwQtwsF87oAoGCCqGSM49\nAwEHoUQDQgAEyFXT5tfjT0Sta0E+mtVLN+SBajbcwPdK5o6jUvgfl4BpWVAaqaGb\ncKmpmGNJZmKGoi9TuNx/OUgBvvUVyZ1Pkg==\n-----END EC PRIVATE KEY-----"
],
[
"ed25519_pkcs8",
"-----BEGIN PRIVATE KEY-----\nMC4CAQAwBQYDK2VwBCIEIHGIPrQGfHUuFeOPMoXT8vMa0+RjCUMceDqlhUZaTW6E\n-----END PRIVATE KEY-----"
],
[
"ed25519_pkcs8",
"-----BEGIN PRIVATE KEY-----\nMC4CAQAwBQYDK2VwBCIEIHAZP4/XhitIllh/bIhs8/agLwzgylrRf3/w4dptwSYN\n-----END PRIVATE KEY-----"
],
[
"openssh_ed25519",
"-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZW\nQyNTUxOQAAACDFmB9eJt3qgAVNlTUF0MuadAOmo+s5bJJdlTL2DkVE5AAAAIhW1WRDVtVk\nQwAAAAtzc2gtZWQyNTUxOQAAACDFmB9eJt3qgAVNlTUF0MuadAOmo+s5bJJdlTL2DkVE5A\nAAAEAHQ1emOQrPMKfvQkJZeNbVkYcz6o9vm6EHdXuT4Hz+CcWYH14m3eqABU2VNQXQy5p0\nA6aj6zlskl2VMvYORUTkAAAAAAECAwQF\n-----END OPENSSH PRIVATE KEY-----"
],
[
"openssh_ed25519",
"-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZW\nQyNTUxOQAAACAMIz6LzvMXuHuopeSGE0pIkzptBkqfcwfAcb6k+zLNwAAAAIgSeG8EEnhv\nBAAAAAtzc2gtZWQyNTUxOQAAACAMIz6LzvMXuHuopeSGE0pIkzptBkqfcwfAcb6k+zLNwA\nAAAEB0m4mFI44GpxnkFiKSc5UX0M+Qn1gU2389eK6AzI6fnAwjPovO8xe4e6il5IYTSkiT\nOm0GSp9zB8BxvqT7Ms3AAAAAAAECAwQF\n-----END OPENSSH PRIVATE KEY-----"
]
]

# ================================================================ NEGATIVES
# ---- data_uri_base64
def du_mailmerge():
    p = b64(any_png()); org = C(ORGS)
    return (f"Gift Aid thank-you template, header block (HTML view of the mail-merge):\n```html\n<table width=\"600\" role=\"presentation\">\n"
            f"  <tr><td align=\"center\">\n    <img src=\"data:image/png;base64,{p}\" alt=\"{org} logo\" width=\"{I(80,200)}\">\n"
            f"  </td></tr>\n  <tr><td>Dear «Salutation», thank you for your gift of «Amount» to the {C(CAMPAIGNS)}.</td></tr>\n</table>\n```")
def du_css_svg():
    s = svg_icon(); sel = C([".btn-donate", ".giftaid-tick", ".volunteer-badge", ".dd-mandate-icon", ".event-reg__heart"])
    form = I(0, 2)
    if form == 0: u = "data:image/svg+xml;base64," + b64(s.encode())
    elif form == 1: u = "data:image/svg+xml;utf8," + s.replace('"', "'")
    else:
        from urllib.parse import quote
        u = "data:image/svg+xml," + quote(s, safe="=:/ ")
    return f"```css\n{sel}::before {{\n  content: \"\";\n  background-image: url(\"{u}\");\n  width: 16px; height: 16px;\n}}\n```"
def du_pixel():
    g = b64(gif1((I(0,255), I(0,255), I(0,255))))
    return C(["the open-tracking pixel in the {c} e-shot is just `<img src=\"data:image/gif;base64,{g}\" width=1 height=1>` so it doesn't hit our server",
              "Salesforce classic letterhead spacer: data:image/gif;base64,{g}",
              "Ceapadh an spásálaí sa teimpléad ríomhphoist mar `data:image/gif;base64,{g}` — ní íomhá sheachtrach í"]).format(c=C(CAMPAIGNS), g=g)
def du_pdf():
    b = b64(pdf_min(C(["Gift Aid receipt", "Tax receipt / Recu fiscal", "Section 18A certificate", "Donation statement"])))
    sh = trunc(b) if rng.random() < 0.5 else b
    return (f"webhook payload from the receipting service (trimmed):\n```json\n{{\n  \"receipt_no\": \"RCPT-{dg(7)}\",\n  \"status\": \"issued\",\n"
            f"  \"document\": \"data:application/pdf;base64,{sh}\"\n}}\n```")
def du_python():
    p = b64(any_png())
    return (f"```python\n# mail_merge/assets.py\nimport base64\n\nLOGO_PNG = base64.b64decode(\n    \"{p}\"\n)\n"
            f"FOOTER_HEIGHT_MM = {I(12,30)}\n```")
def du_md():
    p = b64(any_png())
    return C([f"In the volunteer handbook the tick icon is inline: ![tick](data:image/png;base64,{p}) — renders fine in Confluence",
              f"Kopieer die ikoon so in die vrywilligersgids: ![ikoon](data:image/png;base64,{p})"])
def du_wav():
    b = b64(wav(I(16, 60)))
    return f"IVR test chime for the donation hotline prompt, as the config has it:\n`hold_tone: \"data:audio/wav;base64,{b}\"`"
def du_sourcemap():
    return (f"```\n/* donate-widget.{hx(8)}.js */\n!function(){{var e=document.querySelector('[data-amount]');e&&e.addEventListener('click',function(){{}})}}();\n"
            f"//# sourceMappingURL=data:application/json;charset=utf-8;base64,{sourcemap()}\n```")
def du_font():
    b = b64(woff2_stub(I(30, 90)))
    fam = C(["CharitySans", "Gaelach", "AppealSerif", "Ubuntu Ikhaya Display"])
    return (f"```css\n@font-face {{\n  font-family: \"{fam}\";\n  src: url(data:font/woff2;base64,{trunc(b) if rng.random()<.4 else b}) format(\"woff2\");\n"
            f"  font-display: swap;\n}}\n```")
def du_mime():
    p = b64(any_png() if rng.random() < .7 else png_noise(I(10, 20), I(10, 20)))
    bnd = "----=_Part_" + dg(6) + "_" + dg(9)
    return (f"raw source of the test send from the mail-merge, inline logo part:\n```\n--{bnd}\nContent-Type: image/png; name=\"logo.png\"\n"
            f"Content-Transfer-Encoding: base64\nContent-ID: <logo{dg(4)}>\nContent-Disposition: inline; filename=\"logo.png\"\n\n{wrap(p)}\n--{bnd}--\n```")
def du_jupyter():
    p = b64(png_noise(I(4, 10), I(4, 10)))
    return (f"notebook diff from the donations-by-county analysis:\n```json\n\"outputs\": [{{\n  \"data\": {{\n   \"image/png\": \"{p}\",\n"
            f"   \"text/plain\": [\"<Figure size 640x480 with 1 Axes>\"]\n  }},\n  \"output_type\": \"display_data\"\n}}]\n```")
def du_csp():
    p = b64(any_png())
    return (f"console on the event registration page:\n```\nRefused to load the image 'data:image/png;base64,{trunc(p, I(30,60))}' because it violates the following "
            f"Content Security Policy directive: \"img-src 'self' https://cdn.{C(['harbourlight.org.uk','cairde.ie','hoopvirmore.org.za'])}\".\n```")
def du_shell():
    p = b64(any_png())
    return f"```\n$ echo '{p}' | base64 -d > badge.png\n$ file badge.png\nbadge.png: PNG image data, {I(1,24)} x {I(1,24)}, 8-bit/color RGB, non-interlaced\n```"
def du_jsx():
    p = b64(any_png())
    return (f"```jsx\n<Image\n  src=\"/img/{C(['sleepout','funrun','legacy','appeal'])}-hero.jpg\"\n  placeholder=\"blur\"\n"
            f"  blurDataURL=\"data:image/png;base64,{p}\"\n  alt=\"{C(CAMPAIGNS)}\"\n/>\n```")
def du_fr():
    p = b64(gif1((I(0,255), I(0,255), I(0,255))))
    return f"Dans le gabarit de reçu fiscal, le pixel transparent est `data:image/gif;base64,{p}` — c'est voulu, pas une pièce jointe"
DU = [du_mailmerge, du_css_svg, du_pixel, du_pdf, du_python, du_md, du_wav, du_sourcemap, du_font, du_mime, du_jupyter, du_csp, du_shell, du_jsx, du_fr]

# ---- placeholder_example
def ph_env():
    return ("`.env.example` for the NPSP ↔ RE NXT sync:\n```\nSF_LOGIN_URL=https://test.salesforce.com\nSF_USERNAME=<integration-user>\n"
            f"SF_PASSWORD={C(['<your-password>', '', 'changeme', '${SF_PASSWORD}'])}\nSF_SECURITY_TOKEN={C(['<paste-token-here>', '${SF_SECURITY_TOKEN}', 'xxxxxxxxxxxxxxxxxxxxxxxx'])}\n"
            f"RE_NXT_SUBSCRIPTION_KEY={C(['YOUR_SUBSCRIPTION_KEY', '<bb-api-subscription-key>', '%RE_NXT_KEY%'])}\nRE_NXT_ENV_ID=p-{C(['XXXXXXXXXXXXXXXXXX', 'your-env-id'])}\nBATCH_SIZE={I(50,500)}\n```")
def ph_merge():
    f = C([("«Title» «Surname»", "«GA_Declaration_Ref»", "«Amount»"),
           ("{!Contact.npe01__Salutation__c} {!Contact.LastName}", "{!Opportunity.Gift_Aid_Ref__c}", "{!Opportunity.Amount}"),
           ("*|FNAME|* *|LNAME|*", "*|GA_REF|*", "*|AMOUNT|*"),
           ("<<Addressee>>", "<<Gift ID>>", "<<Gift Amount>>"),
           ("{{donor.first_name}} {{donor.last_name}}", "{{declaration.ref}}", "{{gift.amount | currency}}")])
    lang = I(0, 3)
    if lang == 0: t = f"Dear {f[0]},\n\nThank you for your gift of {f[2]}. Your Gift Aid declaration ({f[1]}) means we can claim an extra 25p for every £1.\n"
    elif lang == 1: t = f"A chara {f[0]},\n\nGo raibh míle maith agat as do bhronntanas {f[2]}. Tagairt: {f[1]}.\n"
    elif lang == 2: t = f"Bonjour {f[0]},\n\nMerci pour votre don de {f[2]}. Numéro de reçu : {f[1]}.\n"
    else: t = f"Beste {f[0]},\n\nBaie dankie vir jou skenking van {f[2]}. Verwysing: {f[1]}.\n"
    return "letter template as it stands in the mail-merge:\n```\n" + t + "```"
def ph_mask():
    k = I(0, 5)
    if k == 0: return f"Donor asked us to confirm the mandate — screen shows sort code **-**-{I(10,99)}, account ****{dg(4)}, that's all we keep"
    if k == 1: return f"NPSP shows the card as •••• {dg(4)} exp **/** — same as the payment processor, nothing else stored"
    if k == 2: return f"SEPA mandate view: IBAN IE** **** **** **** **{I(10,99)} {dg(2)}, BIC ******2D — masked on purpose"
    if k == 3: return f"BECS form preview: BSB ***-*{I(10,99)}, account no. *****{dg(3)} — the rest is only on the signed PDF"
    if k == 4: return f"ID-nommer op die Artikel 18A-sertifikaat word so gewys: ****** **** {I(0,9)}{I(0,9)}{I(0,9)} — die res is weggesteek"
    return f"W-9 template for the US friends foundation keeps the field as `SSN/EIN: XXX-XX-XXXX` until the donor fills it in"
def ph_actions():
    return ("```yaml\n- name: Nightly Gift Aid export\n  env:\n    SF_AUTH_URL: ${{ secrets.SF_AUTH_URL }}\n"
            f"    HMRC_GATEWAY_ID: ${{{{ secrets.HMRC_GATEWAY_ID }}}}\n    HMRC_GATEWAY_PASSWORD: ${{{{ secrets.HMRC_GATEWAY_PASSWORD }}}}\n"
            f"    SLACK_BOT_TOKEN: ${{{{ secrets.SLACK_BOT_TOKEN }}}}\n  run: python -m giftaid.claim --period {date_iso()[:7]} --dry-run\n```")
def ph_prefix():
    return C(["Stripe test key goes in as `sk_test_...` and live as `sk_live_xxx` — never the real one in here",
              "bot token format is `xoxb-your-bot-token`, app-level is `xapp-...`; both live in the vault",
              "the OpenAI key for the thank-you-letter drafts looks like `sk-proj-…` and is in 1Password",
              "GoCardless sandbox: `sandbox_xxxxxxxxxxxxxxxx`, live: `live_…` — ask finance, don't paste",
              "GitHub token for the deploy job: `ghp_xxxxxxxxxxxxxxxxxxxx` in the docs, fine-grained `github_pat_...` in practice",
              "Anthropic key for the donor-email classifier starts `sk-ant-api03-...` — rotate via the console, not here",
              "Mailchimp key shape is `xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx-us{n}` in the README, real one in Key Vault".format(n=I(1, 21)),
              "PayFast sample config uses `merchant_key=xxxxxxxxxxxxx` and `passphrase=<your-passphrase>`, copy that shape"])
def ph_aws():
    return ("scanned Gift Aid declarations bucket, local profile from the AWS docs:\n```ini\n[profile giftaid-scans-dev]\n"
            "aws_access_key_id = AKIAIOSFODNN7EXAMPLE\naws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY\n"
            f"region = {C(['eu-west-2', 'eu-west-1', 'ap-southeast-2', 'ca-central-1', 'af-south-1'])}\n```")
def ph_compose():
    return ("```yaml\nservices:\n  crm-staging-db:\n    image: postgres:16\n    environment:\n"
            f"      POSTGRES_USER: {C(['postgres', 'crm', 'npsp_sync'])}\n      POSTGRES_PASSWORD: {C(['changeme', 'postgres', 'password', 'example'])}\n"
            f"    ports: [\"127.0.0.1:{I(5432,5439)}:5432\"]\n```\nlocal only, the password is the image default")
def ph_dsn():
    return C(["connection string template in the wiki: `postgres://<user>:<password>@<host>:5432/donors`",
              "DSN for the volunteer rota db: `mysql://root:root@127.0.0.1:3306/rota` (docker default, local only)",
              "Chaîne de connexion type : `Server=<serveur>;Database=RE7;User Id=<utilisateur>;Password=<mot_de_passe>;`",
              "amqp for the event-reg queue is `amqp://guest:guest@localhost:5672/` on the dev box, nothing else",
              "Verbindingstring in die handleiding: `Server=localhost;Database=Skenkers;User Id=sa;Password=<wagwoord>;`"])
def ph_markers():
    return (f"payment log line after the filter:\n```\n{ts_iso()} INFO donate.checkout amount=£{I(5,250)}.00 card=[REDACTED] cvv=[FILTERED] "
            f"sort_code=<redacted> account=*** giftaid=true campaign=\"{C(CAMPAIGNS)}\"\n```")
def ph_helm():
    return ("```yaml\nraisersEdge:\n  subscriptionKey: {{ .Values.raisersEdge.subscriptionKey }}\n  clientSecret: {{ .Values.raisersEdge.clientSecret | quote }}\n"
            f"salesforce:\n  password: \"{{{{ .Values.salesforce.password }}}}\"\nreplicaCount: {I(1,4)}\n```")
def ph_op():
    return C([f"refs for the sync job: `op://Fundraising/RE NXT SKY API/subscription key`, `op://Fundraising/NPSP integration/password` — resolve with `op run`",
              f"Tá an pasfhocal sa chruinneachán: `vault:secret/data/crm/npsp#password` — ná cuir isteach anseo é",
              f"CloudFormation param: `{{{{resolve:secretsmanager:crm/{C(['bacs','becs','sepa'])}-bureau:SecretString:password}}}}`"])
def ph_fr_ca():
    return (f"Pour le formulaire Desjardins (DPA) :\n- Mot de passe : ********\n- Jeton d'API : <JETON_API>\n- No de transit : XXXXX  No d'institution : XXX\n"
            f"Ne remplissez rien ici, c'est le gabarit.")
def ph_zu():
    return C(["Iphasiwedi: <faka iphasiwedi yakho lapha> — ungayibhali kuSlack",
              "Faka i-API key yakho lapha: `YOUR_API_KEY` bese uqhubeka nokuthumela i-export",
              "Wagwoord: <jou-wagwoord-hier>  Gebruikersnaam: <jou-gebruikersnaam> — dis net die sjabloon"])
def ph_ini():
    return ("RE7 database connector config on the old server (template copy):\n```ini\n[Connection]\nServer=RE-SQL01\\RE_EXPRESS\nDatabase=RE7\n"
            f"User=%RE_DB_USER%\nPassword=%RE_DB_PASSWORD%\nTimeout={I(15,120)}\n```")
PH = [ph_env, ph_merge, ph_mask, ph_actions, ph_prefix, ph_aws, ph_compose, ph_dsn, ph_markers, ph_helm, ph_op, ph_fr_ca, ph_zu, ph_ini]

# ---- code_identifier
WORDS = ["Donor", "GiftAid", "Declaration", "Mandate", "Bacs", "Sepa", "Becs", "Password", "Token", "Secret", "Iban", "Email",
         "Phone", "Card", "Consent", "Receipt", "Volunteer", "Shift", "Claim", "Batch", "Legacy", "Pledge", "Recurring", "Payer", "Masked"]
def camel(k): return "".join(C(WORDS) for _ in range(k))
def snake(k): return "_".join(C(WORDS).lower() for _ in range(k))
def ci_apex():
    lines = [f"System.{C(['NullPointerException: Attempt to de-reference a null object', 'DmlException: Insert failed. First exception on row 0; first error: FIELD_CUSTOM_VALIDATION_EXCEPTION', 'LimitException: Too many SOQL queries: 101', 'QueryException: List has no rows for assignment to SObject'])}"]
    for _ in range(I(3, 14)):
        lines.append(f"Class.{C(['', 'npsp.', 'npe03.'])}{camel(I(2,4))}{C(['Service', 'Handler', 'Batch', 'Selector', 'Controller'])}.{camel(2)[0].lower()}{camel(I(1,2))[1:]}: line {I(10,900)}, column {I(1,60)}")
    lines.append(f"Trigger.{C(['OpportunityGiftAidTrigger', 'ContactConsentTrigger', 'RecurringDonationMandateTrigger', 'VolunteerShiftTrigger'])}: line {I(2,20)}, column 1")
    return "Apex debug log from the failed batch:\n```\n" + "\n".join(lines) + "\n```"
def ci_soql():
    f = C([["Id", "npsp__Primary_Contact__c", "Gift_Aid_Declaration_Status__c", "npe01__Preferred_Email__c", "npe01__PreferredPhone__c"],
           ["Id", "npe03__Contact__c", "npsp__PaymentMethod__c", "BACS_Mandate_Reference__c", "Bank_Account_Last4__c"],
           ["Id", "GW_Volunteers__Volunteer_Job__c", "GW_Volunteers__Shift_Start_Date_Time__c", "Volunteer_Phone_Verified__c"],
           ["Id", "npsp__Batch__c", "npsp__Donation_Amount__c", "Card_Token_Last_Four__c", "Payer_Email_Hash__c"]])
    obj = C(["Opportunity", "npe03__Recurring_Donation__c", "GW_Volunteers__Volunteer_Hours__c", "npsp__DataImport__c"])
    return f"```sql\nSELECT {', '.join(f)}\nFROM {obj}\nWHERE CreatedDate = LAST_N_DAYS:{I(2,90)}\nLIMIT {I(100,5000)}\n```"
def ci_mapping():
    rows = C([[("ConsID", "Legacy_RE_Constituent_ID__c"), ("Email_Num", "npe01__HomeEmail__c"), ("Phone_Num", "HomePhone"), ("GA_Decl_Date", "Gift_Aid_Declaration_Date__c")],
              [("Gift_ID", "Legacy_RE_Gift_ID__c"), ("Fund_ID", "npsp__General_Accounting_Unit__c"), ("Pay_Method", "npsp__PaymentMethod__c"), ("DD_Ref", "Direct_Debit_Reference__c")],
              [("Card_Last4", "Card_Last_Four__c"), ("Card_Token_Ref", "Payment_Token_Reference__c"), ("IBAN_Masked", "Bank_IBAN_Masked__c"), ("Mandate_Status", "Mandate_Status__c")]])
    return "RE → NPSP field map:\n| RE7 export column | NPSP field |\n|---|---|\n" + "\n".join(f"| `{a}` | `{b}` |" for a, b in rows)
def ci_pandas():
    cols = [C(["donor_email_hash", "email_sha256", "email_opt_in"]), C(["phone_e164_normalised", "phone_last_four", "phone_consent"]),
            C(["bacs_mandate_ref", "sepa_mandate_id", "becs_ddr_ref"]), C(["iban_masked", "account_last4", "sort_code_prefix"])]
    return (f"```python\ndf = pd.read_csv(\"re_export_{date_iso().replace('-','')}.csv\")\ndf = df.rename(columns={{\"Email\": \"{cols[0]}\", \"Phone\": \"{cols[1]}\"}})\n"
            f"df[\"{cols[2]}\"] = df[\"{cols[2]}\"].str.upper()\ndf = df.drop(columns=[\"{cols[3]}\"])\n```")
def ci_lwc():
    h = hx(8)
    return (f"```html\n<template>\n  <c-gift-aid-declaration-form class=\"{C(['slds-card', 'giftaid_form__' + rs(B62, 5)])}\" data-key=\"{h}\"\n"
            f"    onpasswordreset={{handlePasswordResetRequest}} onsecrettokenrefresh={{handleSecretTokenRefresh}}>\n  </c-gift-aid-declaration-form>\n</template>\n```")
def ci_flow():
    return "Flows touched in this release:\n" + "\n".join(f"- `{snake(I(2,4)).title().replace(' ','_')}_{C(['Autolaunched','Screen','Scheduled','RecordTriggered'])}`" for _ in range(I(2, 8)))
def ci_kubectl():
    lines = ["NAME                                   READY   STATUS    RESTARTS   AGE"]
    for _ in range(I(3, 10)):
        n = f"{C(['donation-api', 'giftaid-claimer', 'mandate-webhooks', 'volunteer-rota', 'event-reg', 'mailmerge-worker'])}-{rs('bcdfghjklmnpqrstvwxz2456789', 9)}-{rs('bcdfghjklmnpqrstvwxz2456789', 5)}"
        lines.append(f"{n:<39}1/1     Running   {I(0,3)}          {I(1,40)}d")
    return "```\n$ kubectl get pods -n fundraising\n" + "\n".join(lines) + "\n```"
def ci_tf():
    return "plan touches:\n```\n" + "\n".join(
        f"  # {C(['module.crm_sync.', 'module.giftaid.', ''])}{C(['aws_s3_bucket', 'aws_secretsmanager_secret', 'aws_iam_role_policy', 'aws_lambda_function'])}.{snake(I(2,4))} will be {C(['updated in-place', 'created', 'destroyed'])}"
        for _ in range(I(2, 7))) + "\n```"
def ci_ddl():
    return (f"```sql\nCREATE TABLE {C(['donor_contact', 'volunteer_profile', 'dd_mandate'])} (\n  id BIGSERIAL PRIMARY KEY,\n  email_address_hash CHAR(64) NOT NULL,\n"
            f"  phone_last_four CHAR(4),\n  iban_masked VARCHAR(34),\n  password_reset_token_expires_at TIMESTAMPTZ,\n  {snake(3)} BOOLEAN DEFAULT false\n);\n```")
def ci_java():
    pk = C(["za.org.hoopvirmore.payfast", "ie.cairde.crm.sepa", "uk.org.harbourlight.giftaid", "ca.phare.recus"])
    lines = [f"{pk}.exception.{camel(2)}Exception: {C(['signature mismatch on ITN', 'mandate not active', 'claim rejected by gateway'])}"]
    for _ in range(I(4, 34)):
        lines.append(f"\tat {pk}.{C(['service', 'web', 'batch', 'crypto'])}.{camel(I(2,3))}.{camel(1).lower()}{camel(I(1,2))}({camel(2)}.java:{I(20,800)})")
    return "```\n" + "\n".join(lines) + "\n```"
def ci_ts():
    n = camel(2)
    return (f"```ts\nexport interface {n}DirectDebitPayload {{\n  creditorIdentifier: string;\n  mandateSignatureDate: string;\n"
            f"  debtorIbanMasked: string;\n  {camel(2)[0].lower()}{camel(2)[1:]}: boolean;\n  passwordlessLoginTokenTtl: number;\n}}\n```")
def ci_flags():
    return "feature flags for the release:\n" + "\n".join(
        f"- `{C(['giftaid', 'donate', 'volunteer', 'events', 'mandates'])}.{snake(I(2,3))}.{C(['enabled', 'v2', 'rollout_pct'])}` = {C(['true', 'false', str(I(5,100))])}" for _ in range(I(2, 6)))
def ci_chunks():
    return "build output:\n```\n" + "\n".join(
        f"  static/js/{C(['donate-widget', 'giftaid-form', 'event-reg', 'mandate-wizard', 'vol-rota'])}.{hx(8)}.chunk.js   {I(2,180)}.{I(1,99)} kB" for _ in range(I(3, 9))) + "\n```"
def ci_irish():
    return f"Tá an earráid sa mhodh `{camel(3)}.validate{camel(2)}()` — féach ar `{snake(3)}` sa tábla, ní hé an pasfhocal féin atá i gceist"
CI = [ci_apex, ci_soql, ci_mapping, ci_pandas, ci_lwc, ci_flow, ci_kubectl, ci_tf, ci_ddl, ci_java, ci_ts, ci_flags, ci_chunks, ci_irish]

# ---- non_credential_blob
def sfid(prefix):
    body = prefix + rs(B62, 12)
    suf = ""
    for i in range(3):
        bits = sum(1 << j for j, ch in enumerate(body[i*5:i*5+5]) if ch.isupper())
        suf += "ABCDEFGHIJKLMNOPQRSTUVWXYZ012345"[bits]
    return body + suf
def nb_irmark():
    m = b64(rbytes(20))
    return (f"Gift Aid claim accepted. From the submission XML:\n```xml\n<IRheader>\n  <Keys><Key Type=\"CHARID\">{C('ABCDEFGHJKLMNPRSTVWXY')}{C('ABCDEFGHJKLMNPRSTVWXY')}{dg(5)}</Key></Keys>\n"
            f"  <PeriodEnd>{date_iso()}</PeriodEnd>\n  <IRmark Type=\"generic\">{m}</IRmark>\n</IRheader>\n```\nCorrelationID {hx(32).upper()}")
def nb_gocardless():
    lines = []
    for _ in range(I(2, 9)):
        lines.append(json.dumps({"id": "EV" + rs(UPNUM, 12), "action": C(["created", "submitted", "active", "confirmed", "paid_out", "failed"]),
                                 "links": {"mandate": "MD" + rs(UPNUM, 12), "payment": "PM" + rs(UPNUM, 12)}, "created_at": ts_iso()}))
    return "mandate webhooks from last night:\n```\n" + "\n".join(lines) + "\n```"
def nb_sfids():
    pre = C(["003", "006", "a0B", "a09", "701", "001"])
    return f"record ids that failed the dedupe run ({pre} = {dict([('003','Contact'),('006','Opportunity'),('a0B','npe03__Recurring_Donation__c'),('a09','GAU Allocation'),('701','Campaign'),('001','Account')])[pre]}):\n" + "\n".join(sfid(pre + rs(B62, 0)) for _ in range(I(3, 15)))
def nb_git():
    return "```\n$ git log --oneline -n {n}\n".format(n=(n := I(3, 10))) + "\n".join(
        f"{hx(7)} {C(['fix', 'feat', 'chore'])}({C(['giftaid', 'sync', 'mandates', 'rota'])}): {C(['handle ARUDD reason 0', 'retry RE NXT 429s', 'mask sort code in logs', 'bump npsp to 3.2', 'add Afrikaans receipt', 'Irish translation for consent text', 'fix BECS DDR date'])}" for _ in range(n)) + "\n```"
def nb_docker():
    return "```\n" + "\n".join(f"{C(['ghcr.io/harbourlight/crm-sync', 'registry.local/giftaid-claimer', 'registry.local/event-reg'])}@sha256:{hx(64)}" for _ in range(I(1, 5))) + "\n```"
def nb_sha256sum():
    return "checksums for the BACS/Gift Aid files we sent over:\n```\n" + "\n".join(
        f"{hx(64)}  {C(['AUDDIS', 'BACS_STD18', 'GA_CLAIM', 'BECS_ABA', 'SEPA_PAIN008'])}_{date_iso().replace('-','')}.{C(['txt', 'csv', 'xml', 'aba'])}" for _ in range(I(1, 6))) + "\n```"
def nb_uuids():
    return "event registrations stuck in 'pending':\n" + "\n".join(f"- `{uuid4()}` ({C(CAMPAIGNS)})" for _ in range(I(2, 10)))
def nb_integrity():
    return (f"```\n\"node_modules/{C(['@salesforce/core', 'jsforce', 'papaparse', 'handlebars', 'docx-templates'])}\": {{\n  \"version\": \"{I(1,9)}.{I(0,20)}.{I(0,20)}\",\n"
            f"  \"integrity\": \"sha512-{b64(rbytes(64))}\"\n}}\n```")
def nb_stripe():
    return (f"Stripe events for {C(CAMPAIGNS)}:\n```\n" + "\n".join(
        f"{C(['payment_intent.succeeded', 'charge.refunded', 'checkout.session.completed'])}  evt_{rs(B62, 24)}  pi_3{rs(B62, 23)}  cus_{rs(B62, 14)}" for _ in range(I(2, 6))) + "\n```")
def nb_cursor():
    c = b64(json.dumps({"offset": I(100, 90000), "list": C(["constituents", "gifts", "events"])}).encode()).rstrip("=")
    return f"SKY API pagination: next_link has `?continuation_token={c}` — it's just base64 of the offset"
def nb_sops():
    return ("crm-sync secrets file is SOPS-encrypted, this bit is safe to share:\n```yaml\nre_nxt:\n"
            f"  subscription_key: ENC[AES256_GCM,data:{b64(rbytes(24))},iv:{b64(rbytes(32))},tag:{b64(rbytes(16))},type:str]\n"
            f"sops:\n  lastmodified: \"{ts_iso()}\"\n  mac: ENC[AES256_GCM,data:{b64(rbytes(32))},iv:{b64(rbytes(32))},tag:{b64(rbytes(16))},type:str]\n```")
def nb_etag():
    return "\n".join(f"{date_iso()} {I(0,23):02d}:{I(0,59):02d}  {I(40000,4000000):>9}  scans/declarations/{uuid4()}.pdf  ETag \"{hx(32)}{C(['', '-' + str(I(2,9))])}\"" for _ in range(I(1, 8)))
def nb_trace():
    return f"```\n{ts_iso()} ERROR mandate-webhooks traceparent=00-{hx(32)}-{hx(16)}-01 request_id={uuid4()} sentry_event={hx(32)} status=502\n```"
def nb_hmrc():
    return f"Tá an t-aighneacht glactha ag HMRC: CorrelationID `{hx(32).upper()}`, IRmark `{b64(rbytes(20))}` — ní eochair í, níl ann ach hais"
def nb_af():
    return f"Die PayFast ITN-handtekening vir die toets was `{hx(32)}` — dis 'n MD5-hash van die velde, nie 'n wagwoord nie"
NB = [nb_irmark, nb_gocardless, nb_sfids, nb_git, nb_docker, nb_sha256sum, nb_uuids, nb_integrity, nb_stripe, nb_cursor, nb_sops, nb_etag, nb_trace, nb_hmrc, nb_af]

# ---- pii_lookalike_number
def pl_charity_nos():
    k = I(0, 5)
    if k == 0: return f"footer for the UK letters: Registered charity no. {I(200000,1199999)} (England & Wales), SC0{I(10000,49999)} (Scotland), NIC{I(100000,109999)} (NI)"
    if k == 1: return f"Irish footer: Registered Charity Number (RCN) {I(20000000,20209999)}, CHY {I(5000,23999)} — Cláraithe mar charthanas in Éirinn"
    if k == 2:
        return f"AU footer: ABN {I(11,99)} {I(100,999)} {I(100,999)} {I(100,999)} · DGR endorsed · ACNC registered"
    if k == 3: return f"Reçus : numéro d'enregistrement d'organisme de bienfaisance {I(100000000,899999999)} RR 0001 — obligatoire sur chaque reçu officiel"
    if k == 4: return f"SA footer: NPO {I(100,299)}-{I(100,999)} NPO · PBO {I(930000000,930099999)} · Artikel 18A-goedgekeur"
    return f"Gift Aid: HMRC charities reference {C('ABCDEFGHJKLMNPRSTVWXY')}{C('ABCDEFGHJKLMNPRSTVWXY')}{I(10000,99999)}, claim ref GA-{date_iso()[:4]}-{I(1,52):03d}"
def pl_claim():
    n = I(300, 9000); tot = I(5000, 200000)
    return (f"Gift Aid claim {date_iso()[:7]} summary:\n- donations: {n:,}\n- total eligible: £{tot:,}.{I(0,99):02d}\n- claimed (25%): £{tot//4:,}.{I(0,99):02d}\n"
            f"- rejected rows: {I(0,60)}\n- claim period end: {date_uk()}")
def pl_bacs():
    sun = I(100000, 999999)
    lines = [f"SUN {sun} — ADDACS report {date_uk()}"]
    for _ in range(I(2, 9)):
        lines.append(f"  ref {C(['HLT', 'RKH', 'LFN'])}-{I(10000000,99999999)}  reason {C(['0', '1', '2', '3', 'B', 'C', 'E'])}  amount £{I(3,50)}.00")
    return "```\n" + "\n".join(lines) + "\n```"
def pl_becs():
    return f"BECS: APCA user ID {I(100000,999999)}, DE batch {I(1000,9999)}, {I(50,4000)} debits totalling ${I(1000,90000):,}.{I(0,99):02d}, processing date {date_uk()}"
def pl_sepa():
    cid = C(["IE", "FR"]) + f"{I(10,99)}ZZZ{I(100000,999999)}"
    return f"SEPA run: creditor id {cid}, pain.008 msg id PAIN008-{date_iso().replace('-','')}-{I(1,9):03d}, {I(100,6000)} collections, seq {C(['FRST', 'RCUR'])}"
def pl_orders():
    return f"event registrations order {I(1000000000, 9999999999)} and {I(100000000, 999999999)} both show paid, tickets #{I(1000,9999)}–#{I(1000,9999)}"
def pl_csv():
    rows = ["batch_id,created,gifts,total_gbp,giftaid_gbp"]
    for _ in range(I(15, 30)):
        g = I(10, 600); t = I(100, 20000)
        rows.append(f"B{I(100000,999999)},{date_iso()},{g},{t}.{I(0,99):02d},{t//4}.{I(0,99):02d}")
    return "daily batch export:\n```csv\n" + "\n".join(rows) + "\n```"
def pl_case():
    return f"Case {I(10000,999999):08d} (donor complaint, mandate cancelled by bank) — linked to Case {I(10000,999999):08d}, SLA breach at {I(1700000000,1790000000)}"
def pl_ips():
    return (f"RE7 SQL box is {C(['10.20', '10.40', '192.168', '172.18'])}.{I(0,254)}.{I(2,254)}, the rota app on 10.{I(0,255)}.{I(0,255)}.{I(2,254)}:{C(['8080','8443','3000'])}; "
            f"in the docs we show 203.0.113.{I(1,254)} and 198.51.100.{I(1,254)}")
def pl_versions():
    return f"NPSP {I(3,3)}.{I(200,260)}, GW Volunteers {I(3,3)}.{I(70,90)}, RE NXT web view build {I(2024,2026)}.{I(1,12)}, package 04t{rs(B62,15)}; node {I(18,22)}.{I(0,15)}.{I(0,9)}"
def pl_slack_ts():
    t = I(1730000000, 1790000000)
    return f"see thread ts {t}.{I(100000,999999)} — epoch ms {t}{I(100,999)}, reminder set for {date_iso()}"
def pl_money():
    k = I(0, 3)
    if k == 0: return f"Totaal vir die Sleep Out: R {I(1,9)} {I(100,999)} {I(100,999)},{I(10,99)} uit {I(300,4000)} skenkings"
    if k == 1: return f"Total de la campagne : {I(10,999)} {I(100,999)},{I(10,99)} $ — {I(100,3000)} dons, moyenne {I(20,200)},{I(10,99)} $"
    if k == 2: return f"Iomlán an achomhairc: €{I(10,400):,}{','}{I(100,999)}.{I(10,99)} ó {I(100,5000)} deontóir"
    return f"Appeal total A${I(10,999):,},{I(100,999)} from {I(100,9000):,} gifts, avg A${I(20,150)}"
def pl_volunteer():
    return "rota for Saturday:\n" + "\n".join(f"- shift {I(1000,9999)}: {I(7,17):02d}:00–{I(8,20):02d}:00, site {C(['Cork', 'Leeds', 'Soweto', 'Geelong', 'Laval', 'Durban'])} #{I(10,99)}, {I(2,12)} slots, badge batch {I(100,999)}" for _ in range(I(2, 8)))
def pl_reconcile():
    return (f"Reconciliation {date_uk()}: bank stmt line {I(100000,999999)} £{I(1000,90000):,}.{I(10,99)} vs Stripe payout po_{rs(B62,24)} £{I(1000,90000):,}.{I(10,99)}, "
            f"diff £{I(0,99)}.{I(10,99)} = {I(1,40)} refunds")
def pl_zulu():
    return f"Inombolo yomcimbi {I(100000,999999)}, abantu ababhalisile: {I(20,900)}, usuku: {date_uk()}. Inombolo ye-NPO {I(100,299)}-{I(100,999)} NPO"
PL = [pl_charity_nos, pl_claim, pl_bacs, pl_becs, pl_sepa, pl_orders, pl_csv, pl_case, pl_ips, pl_versions, pl_slack_ts, pl_money, pl_volunteer, pl_reconcile, pl_zulu]

# ---- talk_about_secrets
TALK = [
    "Reminder: never paste a donor's card number into Slack, not even to ask about a failed payment. Use the Salesforce case link.",
    "The NPSP integration user's password was reset this morning, so the security token changed too — the sync job picks it up from the vault.",
    "We rotated the RE NXT SKY API subscription key after the contractor left; the old one is revoked.",
    "If someone reads out their bank details on the phone, write them only into the mandate form, never into a note or an email.",
    "PCI DSS: card data never touches our systems, the payment page is hosted by the processor. Only the last four digits come back.",
    "Incident summary: a CSV with donor email addresses was shared to the wrong channel for about ten minutes. Deleted, ICO log updated, no breach report needed per DPO.",
    "The HMRC Gift Aid online password lives with the finance lead only. Don't ask for it here, raise a ticket.",
    "Volunteers' phone numbers stay in the rota app. Please stop copying them into WhatsApp groups.",
    "Who has the private key for the receipting domain's DKIM? It should be in the DNS provider only, not on anyone's laptop.",
    "The secret scanner flagged the repo again — false positive, it was the AWS example key in the README.",
    "Is the GoCardless access token still valid after the account migration, or do we need a new one? Don't paste it, just say yes or no.",
    "Ná cuir pasfhocal ná uimhir chárta isteach sa chainéal seo, le do thoil.",
    "Athraíodh an pasfhocal don úsáideoir comhtháthaithe inné; tá an ceann nua sa chruinneachán.",
    "Má thugann deontóir a IBAN duit ar an bhfón, scríobh isteach san fhoirm sainordaithe é amháin.",
    "Bhí eochair API sa script ar feadh seachtaine — tá sí aisghairthe anois agus tá ceann nua eisithe.",
    "Rappel : on ne partage jamais un mot de passe dans Slack, même temporaire. Utilisez le coffre-fort.",
    "Le jeton d'accès de l'intégration a expiré hier soir, c'est pour ça que les reçus fiscaux ne sont pas partis.",
    "Si un donateur vous donne son numéro de carte au téléphone, on le saisit directement dans le terminal, jamais dans une note.",
    "On a changé la clé API du processeur de paiement après l'audit ; l'ancienne est révoquée.",
    "Moenie wagwoorde of kaartnommers in Slack plak nie, ook nie in 'n DM nie.",
    "Die API-sleutel vir PayFast is gister geroteer; die ou een werk nie meer nie.",
    "As 'n skenker sy bankbesonderhede telefonies gee, tik dit net in die debietorder-vorm in.",
    "Ons het die privaat sleutel van die bediener vervang na die voorval; niemand het dit gesien nie.",
    "Sicela ungabhali iphasiwedi noma inombolo yekhadi kule channel.",
    "I-API key endala isisusiwe, entsha ikwi-vault.",
    "Uma umnikeli ekunika imininingwane yasebhange ocingweni, yibhale efomini kuphela.",
    "POPIA: donor ID numbers stay in the CRM, full stop. If you need one for a Section 18A certificate, pull it from there.",
    "CASL and PIPEDA review: email addresses only come in through the double opt-in form, never via spreadsheets.",
    "Rotating the Mailchimp API key means every mail-merge integration needs re-auth, so let's do it Friday after the send.",
    "The SSN question on the US friends foundation form is optional; if a donor emails it, delete the message and reply with the secure upload link.",
    "Our regex for IBANs in the DLP tool keeps matching SEPA creditor ids — that's expected, they share the check-digit scheme.",
    "Q: can I put the BACS bureau password in the shared spreadsheet? A: no. It's in the password manager under Finance.",
]
TALK_HDR = ["*Security sync notes*", "*Data protection minute*", "*Runbook: leaked credential*", "FAQ from the volunteer induction:", "Post-incident review, short version:",
            "*Nóta slándála*", "*Note sécurité*", "*Sekuriteitsnota*", "*Isaziso sokuphepha*"]
def ts_one(): return C(TALK)
def ts_list():
    k = I(2, 6); items = rng.sample(TALK, k)
    style = C(["-", "•", "n"])
    return C(TALK_HDR) + "\n" + "\n".join(f"{str(i+1) + '.' if style == 'n' else style} {x}" for i, x in enumerate(items))
def ts_qa():
    reply = C(['agreed', '+1', 'Aontaím.', "D'accord.", 'Stem saam.', 'Ngiyavuma.', 'noted, will tell the phone team'])
    return f"> {C(TALK)}\n{reply}"
def ts_runbook():
    what = C(["Salesforce integration password", "RE NXT subscription key", "GoCardless access token", "Stripe secret key", "DKIM private key", "Slack bot token"])
    return (f"Runbook — if the {what} leaks:\n1. Revoke it in the vendor console.\n2. Issue a new one and store it in the vault only.\n3. Restart the {C(['sync', 'claim', 'webhook'])} job.\n"
            f"4. Check the audit log for use since {C(['the leak', 'the last rotation'])}.\n5. Note it in the data-protection log (GDPR / POPIA / Privacy Act).")
def ts_regex():
    return C(["the DLP rule for card numbers checks Luhn after matching 13–19 digits, so our 10-digit order refs don't trip it",
              "phone-number detection in the export cleaner was too keen — it flagged ABNs. We now require a leading 0 or +61/+44/+353/+27/+1",
              "the scanner looks for `xoxb-` followed by digits, so writing the word xoxb in docs is fine"])
TS = [ts_one, ts_list, ts_qa, ts_runbook, ts_regex, ts_list, ts_qa]

CATS = [("data_uri_base64", DU), ("placeholder_example", PH), ("code_identifier", CI),
        ("non_credential_blob", NB), ("pii_lookalike_number", PL), ("talk_about_secrets", TS)]

# ================================================================ SCANNER (negatives)
RE_EMAIL = re.compile(r"[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}")
RE_GH = re.compile(r"gh[pousr]_[A-Za-z0-9]{36}|github_pat_[A-Za-z0-9_]{20,}")
RE_SLACK = re.compile(r"xox[abposr]-\d+-")
RE_SK = re.compile(r"sk-[A-Za-z0-9_\-]{32,}")
RE_JWT = re.compile(r"eyJ[\w-]+\.eyJ[\w-]+\.[\w-]+")
RE_SSN = re.compile(r"(?<![\w-])\d{3}-\d{2}-\d{4}(?![\w-])")
RE_DIGRUN = re.compile(r"(?<![\d])\d(?:[ -]?\d){12,18}(?![\d])")
RE_PLAIN = re.compile(r"\d{13,}")
RE_IBAN = re.compile(r"\b[A-Z]{2}\d{2}(?: ?[A-Z0-9]){10,30}")
RE_PEM = re.compile(r"PRIVATE KEY-----\s*(?:\\n)?\s*[A-Za-z0-9+/]{40,}")
RE_AKIA = re.compile(r"(?:AKIA|ASIA)[A-Z0-9]{16}")
RE_IP = re.compile(r"(?<![\d.])(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})(?![\d])")
RE_PHONES = [re.compile(p) for p in [
    r"\+(?:44|353|61|27|1)[\s\-()]*\d[\d\s\-()]{6,14}\d",
    r"(?<![\w.])\(?0\d{1,4}\)?[ -]?\d{3,4}[ -]?\d{3,4}(?![\w.])",
    r"(?<![\w.])\(?\d{3}\)?[ .-]\d{3}[ .-]\d{4}(?![\w.])",
    r"(?<![\w.])0[1-9]\d{8,9}(?![\w.])"]]
def ip_public(a):
    try: ip = ipaddress.IPv4Address(a)
    except ValueError: return False
    doc = [ipaddress.ip_network(n) for n in ["192.0.2.0/24", "198.51.100.0/24", "203.0.113.0/24", "100.64.0.0/10", "198.18.0.0/15"]]
    return not (ip.is_private or ip.is_loopback or ip.is_link_local or ip.is_multicast or ip.is_reserved or ip.is_unspecified or any(ip in n for n in doc))
def scan(text):
    hits = []
    if RE_EMAIL.search(text): hits.append("email")
    if RE_GH.search(text): hits.append("github")
    if RE_SLACK.search(text): hits.append("slack")
    if RE_SK.search(text): hits.append("sk")
    if RE_JWT.search(text): hits.append("jwt")
    if RE_SSN.search(text): hits.append("ssn")
    for m in RE_DIGRUN.finditer(text):
        d = re.sub(r"\D", "", m.group())
        if 13 <= len(d) <= 19 and luhn_ok(d): hits.append("luhn")
    for m in RE_PLAIN.finditer(text):
        d = m.group()
        if len(d) <= 25 and any(luhn_ok(d[i:i+L]) for L in range(13, 20) for i in range(0, len(d) - L + 1)):
            hits.append("luhn")
    for m in RE_IBAN.finditer(text):
        s = m.group().replace(" ", "")
        for L in range(15, len(s) + 1):
            if iban_ok(s[:L]): hits.append("iban"); break
    if RE_PEM.search(text): hits.append("pem")
    for m in RE_AKIA.finditer(text):
        if "EXAMPLE" not in m.group(): hits.append("akia")
    for m in RE_IP.finditer(text):
        if ip_public(m.group()): hits.append("public_ip")
    for k, p in enumerate(RE_PHONES):
        for m in p.finditer(text):
            nd = len(re.sub(r"\D", "", m.group()))
            if (k == 0 and 9 <= nd <= 13) or (k == 1 and 10 <= nd <= 11) or k >= 2: hits.append("phone")
    return hits

def dress(t, lead_p=0.13, tail_p=0.06):
    if rng.random() < lead_p: t = C(LEADS) + ("\n" if t.startswith("```") else " ") + t
    if rng.random() < tail_p: t = t + "\n" + C(TAILS)
    return t

def build_negatives():
    recs, seen, rejected = [], set(), {}
    for cat, fns in CATS:
        got = 0
        while got < 100:
            t = dress(C(fns)())
            n_lines = t.count("\n") + 1
            h = scan(t)
            if h or t in seen or n_lines > 40:
                for x in h: rejected[x] = rejected.get(x, 0) + 1
                continue
            seen.add(t); recs.append({"text": t, "category": cat}); got += 1
    rng.shuffle(recs)
    out = []
    for i, r in enumerate(recs, 1):
        out.append({"id": f"h{N}n-{i:04d}", "text": r["text"], "category": r["category"]})
    return out, rejected

# ================================================================ POSITIVES
def b62enc(n):
    s = ""
    while n: n, r = divmod(n, 62); s = B62[r] + s
    return s or "0"
def g_aws_id(): return C(["AKIA", "AKIA", "AKIA", "ASIA"]) + rs("ABCDEFGHIJKLMNOPQRSTUVWXYZ234567", 16)
def g_aws_secret(): return rs(B62 + "/+", 40)
def g_ghp():
    r = rs(B62, 30); return "ghp_" + r + b62enc(zlib.crc32(r.encode()) & 0xffffffff).rjust(6, "0")
def g_ghfg(): return "github_pat_11" + rs(UPNUM, 20) + "_" + rs(B62, 59)
def g_xoxb(): return f"xoxb-{dg(I(10,12))}-{dg(13)}-{rs(B62, 24)}"
def g_xoxp(): return f"xoxp-{dg(I(10,12))}-{dg(I(10,12))}-{dg(13)}-{hx(32)}"
def g_openai():
    k = I(0, 2)
    if k == 0: return "sk-proj-" + rs(B64U, 64) + "T3BlbkFJ" + rs(B64U, 64)
    if k == 1: return "sk-" + rs(B62, 20) + "T3BlbkFJ" + rs(B62, 20)
    return "sk-svcacct-" + rs(B64U, 64) + "T3BlbkFJ" + rs(B64U, 64)
def g_anth(): return "sk-ant-api03-" + rs(B64U, 93) + "AA"
def b64u(d): return base64.urlsafe_b64encode(json.dumps(d, separators=(",", ":")).encode()).decode().rstrip("=")
def g_jwt():
    iat = I(1760000000, 1790000000)
    if rng.random() < .5:
        h = {"alg": "HS256", "typ": "JWT"}; sig = rs(B64U, 43)
    else:
        h = {"alg": "RS256", "typ": "JWT", "kid": hx(16)}; sig = rs(B64U, 342)
    p = {"sub": C(["003", "005"]) + rs(B62, 15), "iss": C(["https://login.salesforce.com", "https://oauth2.sky.blackbaud.com", "https://donate.harbourlight.org.uk", "https://rota.cairde.ie"]),
         "aud": C(["crm-sync", "giftaid-claimer", "volunteer-app", "event-reg"]), "iat": iat, "exp": iat + C([900, 3600, 86400])}
    if rng.random() < .5: p["scope"] = C(["api refresh_token", "gifts:read constituents:write", "rota:edit"])
    return f"{b64u(h)}.{b64u(p)}.{sig}"
PW_WORDS = ["Kilkenny", "Springbok", "Erable", "Gaillimh", "Lekker", "Boerewors", "Wallaby", "Poutine", "Hurling", "Ubuntu", "Lifeboat",
            "Raffle", "Shamrock", "Fynbos", "Koala", "Tuesday", "Braai", "Lighthouse", "Hospice", "Cupcake", "Sneachta", "Bergie", "Tuque", "Vegemite"]
def g_password():
    k = I(0, 4); w = C(PW_WORDS); w2 = C(PW_WORDS)
    if k == 0: return f"{w}{I(1,99)}{C('!#$%&*?')}"
    if k == 1: return f"{w}{C('#_-.@')}{w2.lower()}{I(10,2099)}"
    if k == 2: return f"{C(['donate', 'giving', 'volunteer', 'appeal'])}4{w}{C('!?')}"
    if k == 3: return f"{w[0].lower()}{w[1:]}{C('!@#')}{I(1000,9999)}{C(PW_WORDS)[:3].upper()}"
    return f"{w}-{w2}-{I(10,99)}"
def g_urlpw():
    return C([f"{C(PW_WORDS)}{I(10,99)}{C(['x', 'Q', 'z', 'K'])}{C(PW_WORDS).lower()}", rs(B62, I(14, 24)), f"{C(PW_WORDS)}_{I(2024,2026)}_{rs(B62,4)}"])
FIRST = ["siobhan", "ciaran", "aoife", "niamh", "pieter", "annelie", "thandiwe", "sipho", "marie-eve", "etienne", "chloe", "jack", "mia", "liam", "nomvula", "deirdre", "gerrit", "olivia"]
LAST = ["obrien", "ni.bhriain", "murphy", "vanderwalt", "botha", "dlamini", "nkosi", "tremblay", "gagnon", "nguyen", "smith", "kelly", "mkhize", "walsh", "roux", "wilson"]
MAILDOM = ["gmail.com", "btinternet.com", "eircom.net", "outlook.ie", "bigpond.com", "videotron.ca", "telkomsa.net", "mweb.co.za", "yahoo.co.uk", "hotmail.com", "optusnet.com.au", "sympatico.ca", "icloud.com"]
def g_email():
    f, l = C(FIRST), C(LAST)
    return C([f"{f}.{l}@{C(MAILDOM)}", f"{f}{l}{I(1,99)}@{C(MAILDOM)}", f"{f[0]}{l}@{C(MAILDOM)}", f"{f}.{l}@{C(['harbourlight.org.uk', 'cairde.ie', 'hoopvirmore.org.za', 'phare-du-nord.ca', 'bushfirekids.org.au'])}"])
def g_phone():
    k = I(0, 11)
    if k == 0: return f"07{I(400,999)} {I(100000,999999)}"
    if k == 1: return f"+44 7{I(400,999)} {I(100000,999999)}"
    if k == 2: return f"0{C(['20 7', '161 4', '131 2', '117 9'])}{I(10,99)} {I(1000,9999)}"
    if k == 3: return f"08{C('35679')} {I(100,999)} {I(1000,9999)}"
    if k == 4: return f"+353 8{C('35679')} {I(100,999)} {I(1000,9999)}"
    if k == 5: return f"04{I(10,99)} {I(100,999)} {I(100,999)}"
    if k == 6: return f"+61 4{I(10,99)} {I(100,999)} {I(100,999)}"
    if k == 7: return f"({C(['02', '03', '07', '08'])}) {I(5000,9999)} {I(1000,9999)}"
    if k == 8: return f"({C(['416', '514', '604', '613', '902'])}) {I(200,999)}-{I(1000,9999)}"
    if k == 9: return f"{C(['438', '819', '403', '709'])}-{I(200,999)}-{I(1000,9999)}"
    if k == 10: return f"0{C(['82', '83', '72', '71', '60', '21', '11'])} {I(100,999)} {I(1000,9999)}"
    return f"+27 {C(['82', '83', '72', '71', '61'])} {I(100,999)} {I(1000,9999)}"
def g_card():
    k = I(0, 3)
    if k == 0: d = luhn_complete("4", 16)
    elif k == 1: d = luhn_complete(str(I(51, 55)), 16)
    elif k == 2: d = luhn_complete(str(I(2221, 2720)), 16)
    else: d = luhn_complete(C(["34", "37"]), 15)
    f = I(0, 2)
    if f == 0: return d
    sep = " " if f == 1 else "-"
    if len(d) == 15: return sep.join([d[:4], d[4:10], d[10:]])
    return sep.join(d[i:i+4] for i in range(0, 16, 4))
def g_iban():
    k = I(0, 4)
    if k == 0: s = iban_make("GB", C(["NWBK", "BARC", "LOYD", "HBUK", "MIDL"]) + f"{I(100000,999999)}{I(10000000,99999999)}")
    elif k == 1: s = iban_make("IE", C(["AIBK", "BOFI", "IPBS", "ULSB"]) + f"{I(900000,999999)}{I(10000000,99999999)}")
    elif k == 2: s = iban_make("DE", f"{I(10000000,89999999)}{I(1000000000,9999999999)}")
    elif k == 3: s = iban_make("NL", C(["ABNA", "INGB", "RABO"]) + f"{I(0,9999999999):010d}")
    else:
        bank, branch, acct = f"{I(10000,39999)}", f"{I(10000,99999)}", f"{I(0,99999999999):011d}"
        key = 97 - ((89 * int(bank) + 15 * int(branch) + 3 * int(acct)) % 97)
        s = iban_make("FR", f"{bank}{branch}{acct}{key:02d}")
    assert iban_ok(s)
    return group4(s) if rng.random() < .5 else s
def g_ssn():
    while True:
        a = I(1, 899)
        if a != 666: break
    return f"{a:03d}-{I(1,99):02d}-{I(1,9999):04d}"
def g_ip():
    while True:
        a = f"{I(1,223)}.{I(0,255)}.{I(0,255)}.{I(1,254)}"
        if ip_public(a): return a

PW_T = [
    lambda v: f"sf integration user pw is {v} until Friday, security token is in your inbox",
    lambda v: f"wagwoord vir die RE7-databasis: {v}",
    lambda v: f"mot de passe du compte Desjardins : {v} (on le change lundi)",
    lambda v: f"an pasfhocal nua don chuntas Mailchimp: {v}",
    lambda v: f"iphasiwedi ye-laptop yamavolontiya: {v}",
    lambda v: f"```ini\n[Connection]\nServer=RE-SQL01\\RE_EXPRESS\nDatabase=RE7\nUser=re_reader\nPassword={v}\n```",
    lambda v: f"```\nServer=tcp:crm-mirror.database.windows.net,1433;Database=npsp_mirror;User ID=sync_app;Password={v};Encrypt=True;\n```",
    lambda v: f"```json\n{{\n  \"bureau\": \"bacs\",\n  \"username\": \"giftaid_upload\",\n  \"password\": \"{v}\"\n}}\n```",
    lambda v: f"HMRC Gateway login for the Gift Aid claim: user id on the sticky note, password {v}",
    lambda v: f"login for the shared Eventbrite account → pw: {v}",
]
URL_T = [
    lambda v: f"```\nSFTP_URL=sftp://giftaid_upload:{v}@sftp.harbourlight.org.uk:22/outbound\n```",
    lambda v: f"psql \"postgres://crm_sync:{v}@crm-db.cairde.ie:5432/npsp_mirror?sslmode=require\"",
    lambda v: f"mail house wants the merge files at ftp://printmail:{v}@ftp.mailhouse-leeds.co.uk/incoming/",
    lambda v: f"calendar feed for the rota: https://volunteer:{v}@rota.redkitehospice.org.uk/ical/shifts.ics",
    lambda v: f"```yaml\nbroker_url: amqps://eventreg:{v}@mq.bushfirekids.org.au:5671/prod\n```",
    lambda v: f"SQLAlchemy URL: `mssql+pyodbc://re_reader:{v}@re-sql01.hoopvirmore.org.za/RE7?driver=ODBC+Driver+18+for+SQL+Server`",
]
EMAIL_T = [
    lambda v: f"donor asked to switch receipts to {v} — can someone update NPSP?",
    lambda v: f"legacy pledger's executor is {v}, please log it on the contact",
    lambda v: f"Seoladh ríomhphoist nua ag an oibrí deonach: {v}",
    lambda v: f"Nouvelle adresse courriel du donateur : {v} (reçu fiscal à renvoyer)",
    lambda v: f"Die vrywilliger se nuwe e-posadres is {v}",
]
PHONE_T = [
    lambda v: f"donor rang about her direct debit, call back on {v} after 2pm",
    lambda v: f"team captain for the {C(CAMPAIGNS)}: mobile {v}",
    lambda v: f"Uimhir an oibrí deonaigh: {v}",
    lambda v: f"Rappeler le bénévole au {v} pour le quart de samedi",
    lambda v: f"Bel asseblief die skenker terug by {v}",
    lambda v: f"Shayela umnikeli ku-{v} ngoMsombuluko",
]
CARD_T = [
    lambda v: f"phone donation, processor was down so I wrote it here sorry: card {v} exp {I(1,12):02d}/{I(26,30)}",
    lambda v: f"donor emailed their card number for the raffle tickets: {v} — can we take it over the phone instead?",
    lambda v: f"Numéro de carte reçu par téléphone : {v}",
    lambda v: f"Kaartnommer vir die gala-tafel: {v}, CVV in 'n aparte boodskap",
]
IBAN_T = [
    lambda v: f"SEPA mandate for the Irish donor, IBAN {v}, first collection on the 1st",
    lambda v: f"refund due to the runner who paid twice, their IBAN is {v}",
    lambda v: f"IBAN an deontóra: {v}",
    lambda v: f"Payee for the mail-house invoice: {v}",
]
SSN_T = [
    lambda v: f"US donor's W-9 for the American Friends foundation: SSN {v}",
    lambda v: f"DAF paperwork came back, the grantor's social security number is {v}",
    lambda v: f"for the US tax receipt the donor sent SSN {v} — delete after entering?",
]
IP_T = [
    lambda v: f"please add our office IP {v} to the Salesforce trusted ranges",
    lambda v: f"odd RE NXT login from {v} at 03:12, not one of ours",
    lambda v: f"```\nsshd[{I(1000,9999)}]: Failed password for invalid user admin from {v} port {I(30000,65000)} ssh2\n```",
    lambda v: f"Die skenkingsbediener se publieke IP is {v}",
    lambda v: f"L'adresse IP du bureau de Laval : {v}",
]
AWSID_T = [
    lambda v: f"the access key id on the giftaid-scans IAM user is {v}, is that the one that leaked?",
    lambda v: f"```\naws_access_key_id = {v}\nregion = eu-west-2\n```",
    lambda v: f"CloudTrail shows {v} listing the declarations bucket",
]
AWSSEC_T = [
    lambda v: f"```\nAWS_SECRET_ACCESS_KEY={v}\n```",
    lambda v: f"secret for the backup user: {v}",
    lambda v: f"aws_secret_access_key = {v}",
]
GHP_T = [lambda v: f"use my token for the crm-sync repo for now: {v}", lambda v: f"```\nexport GITHUB_TOKEN={v}\n```", lambda v: f"Úsáid an comhartha seo: {v}"]
GHFG_T = [lambda v: f"fine-grained token for the receipts repo: {v}", lambda v: f"```yaml\ngithub_token: {v}\n```"]
XOXB_T = [lambda v: f"bot token for the #volunteers reminder bot: {v}", lambda v: f"```\nSLACK_BOT_TOKEN={v}\n```", lambda v: f"Jeton du bot : {v}"]
XOXP_T = [lambda v: f"my user token for the export script: {v}", lambda v: f"```python\nclient = WebClient(token=\"{v}\")\n```"]
OPENAI_T = [lambda v: f"key for the thank-you letter drafting tool: {v}", lambda v: f"```\nOPENAI_API_KEY={v}\n```", lambda v: f"Die sleutel vir die vertaal-skrip: {v}"]
ANTH_T = [lambda v: f"```\nANTHROPIC_API_KEY={v}\n```", lambda v: f"use this key for the donor-email classifier: {v}", lambda v: f"```python\nclient = anthropic.Anthropic(api_key=\"{v}\")\n```"]
JWT_T = [lambda v: f"the sync job's bearer token from the log: Authorization: Bearer {v}", lambda v: f"```\ncurl -H \"Authorization: Bearer {v}\" https://api.sky.blackbaud.com/constituent/v1/constituents?limit=1\n```", lambda v: f"Le jeton de session du formulaire : {v}"]
SINGLE = {"password": (g_password, PW_T), "url_credentials": (g_urlpw, URL_T), "email_address": (g_email, EMAIL_T), "phone_number": (g_phone, PHONE_T),
          "credit_card": (g_card, CARD_T), "iban": (g_iban, IBAN_T), "us_ssn": (g_ssn, SSN_T), "ipv4_address": (g_ip, IP_T),
          "aws_access_key_id": (g_aws_id, AWSID_T), "aws_secret_access_key": (g_aws_secret, AWSSEC_T), "github_classic_pat": (g_ghp, GHP_T),
          "github_fine_grained_pat": (g_ghfg, GHFG_T), "slack_bot_token": (g_xoxb, XOXB_T), "slack_user_token": (g_xoxp, XOXP_T),
          "openai_api_key": (g_openai, OPENAI_T), "anthropic_api_key": (g_anth, ANTH_T), "jwt": (g_jwt, JWT_T)}

def pem_layout(idx, layout):
    typ, pem = PEMS[idx]
    lines = pem.split("\n"); head, body, foot = lines[0], lines[1:-1], lines[-1]
    if layout == 0:
        v = "\n".join(body)
        return typ, f"key for the sftp drop to the mail house:\n```\n{head}\n{v}\n{foot}\n```", v
    if layout == 1:
        v = "\\n".join(body)
        return typ, f"```json\n{{\"type\": \"service_account\", \"client_id\": \"{dg(21)}\", \"private_key\": \"{head}\\n{v}\\n{foot}\\n\"}}\n```", v
    v = "\n    ".join(body)
    return typ, f"```yaml\nreceipts_signing:\n  key: |\n    {head}\n    {v}\n    {foot}\n```", v

def pair(name):
    if name == "aws":
        a, b = g_aws_id(), g_aws_secret()
        t = C([f"creds for the declaration-scans bucket (temporary!):\n```\n[giftaid-scans]\naws_access_key_id = {a}\naws_secret_access_key = {b}\n```",
               f"AWS_ACCESS_KEY_ID={a} AWS_SECRET_ACCESS_KEY={b} python upload_receipts.py",
               f"Sleutels vir die S3-emmer: id {a}, geheim {b}"])
        return t, [("aws_access_key_id", a), ("aws_secret_access_key", b)]
    if name == "email_phone":
        e, p = g_email(), g_phone()
        t = C([f"updated donor contact: {e} / {p}", f"new volunteer lead for the {C(CAMPAIGNS)}: {e}, {p}",
               f"Sonraí teagmhála: {e} — {p}", f"Coordonnées du bénévole : {e}, tél. {p}"])
        return t, [("email_address", e), ("phone_number", p)]
    if name == "iban_email":
        i, e = g_iban(), g_email()
        return f"refund request from {e}, pay back to IBAN {i}", [("iban", i), ("email_address", e)]
    if name == "card_phone":
        c, p = g_card(), g_phone()
        return f"missed the donor on {p}, she read out {c} for the gala ticket", [("credit_card", c), ("phone_number", p)]
    if name == "pw_ip":
        pw, ip = g_password(), g_ip()
        return C([f"RDP to the old RE box at {ip}, user re_admin, password {pw}", f"Bediener {ip}, wagwoord {pw}"]), [("password", pw), ("ipv4_address", ip)]
    if name == "url_ip":
        pw, ip = g_urlpw(), g_ip()
        return f"`postgres://crm_sync:{pw}@{ip}:5432/npsp_mirror`", [("url_credentials", pw), ("ipv4_address", ip)]
    if name == "ai":
        o, a = g_openai(), g_anth()
        return f"```\nOPENAI_API_KEY={o}\nANTHROPIC_API_KEY={a}\n```", [("openai_api_key", o), ("anthropic_api_key", a)]
    if name == "slack":
        b, u = g_xoxb(), g_xoxp()
        return f"bot: {b}\nuser (for the channel export): {u}", [("slack_bot_token", b), ("slack_user_token", u)]
    if name == "github":
        a, b = g_ghp(), g_ghfg()
        return f"old classic token {a} still works, new fine-grained one is {b}", [("github_classic_pat", a), ("github_fine_grained_pat", b)]
    if name == "jwt_email":
        j, e = g_jwt(), g_email()
        return f"session token of {e} from the portal log: {j}", [("jwt", j), ("email_address", e)]
    if name == "pem_ip":
        ip = g_ip(); typ, t, v = pem_layout(8, 0)
        return f"box at {ip}, deploy key below\n" + t, [("private_key_pem", v), ("ipv4_address", ip)]
PAIRS = ["aws"] * 5 + ["email_phone"] * 4 + ["iban_email"] * 2 + ["card_phone", "pw_ip", "pw_ip", "url_ip", "ai", "slack", "github", "jwt_email", "pem_ip"]
SINGLE_COUNTS = {"aws_access_key_id": 5, "aws_secret_access_key": 5, "email_address": 3, "phone_number": 5, "iban": 8, "credit_card": 9,
                 "password": 8, "ipv4_address": 6, "url_credentials": 8, "openai_api_key": 8, "anthropic_api_key": 8, "slack_bot_token": 8,
                 "slack_user_token": 8, "github_classic_pat": 8, "github_fine_grained_pat": 8, "jwt": 8, "private_key_pem": 8, "us_ssn": 9}

def build_positives():
    items = []
    for kind, n in SINGLE_COUNTS.items():
        for j in range(n):
            if kind == "private_key_pem":
                typ, t, v = pem_layout(j, j % 3)
                items.append((t, [(kind, v)], f"private_key_pem:{typ}:layout{j % 3}"))
            else:
                g, tpls = SINGLE[kind]; v = g(); k = I(0, len(tpls) - 1)
                items.append((tpls[k](v), [(kind, v)], f"{kind}:t{k}"))
    seen_names = {}
    for name in PAIRS:
        t, s = pair(name); seen_names[name] = seen_names.get(name, 0) + 1
        items.append((t, s, f"multi:{name}:{seen_names[name]}"))
    out = []
    for t, s, ctx in items:
        out.append((dress(t, 0.06, 0.03), s, ctx))
    rng.shuffle(out)
    return [{"id": f"h{N}p-{i:04d}", "text": t, "secrets": [{"kind": k, "value": v} for k, v in s], "context": ctx}
            for i, (t, s, ctx) in enumerate(out, 1)]

def check_positives(pos):
    kinds = {}
    assert len(pos) == 150 and len({p["text"] for p in pos}) == 150
    assert sum(len(p["secrets"]) == 1 for p in pos) == 130 and sum(len(p["secrets"]) == 2 for p in pos) == 20
    for p in pos:
        for s in p["secrets"]:
            k, v = s["kind"], s["value"]; kinds[k] = kinds.get(k, 0) + 1
            assert v in p["text"], (p["id"], v)
            if k == "credit_card": assert luhn_ok(re.sub(r"\D", "", v)) and 13 <= len(re.sub(r"\D", "", v)) <= 19
            if k == "iban": assert iban_ok(v)
            if k == "us_ssn":
                a, g, sr = v.split("-"); assert a not in ("000", "666") and int(a) < 900 and g != "00" and sr != "0000"
            if k == "ipv4_address": assert ip_public(v)
            if k == "jwt":
                for seg in v.split(".")[:2]: json.loads(base64.urlsafe_b64decode(seg + "=" * (-len(seg) % 4)))
            if k == "private_key_pem": base64.b64decode(re.sub(r"\\n|\s", "", v), validate=True)
            if k == "github_classic_pat":
                r = v[4:34]; assert v[34:] == b62enc(zlib.crc32(r.encode()) & 0xffffffff).rjust(6, "0")
            if k == "aws_access_key_id": assert re.fullmatch(r"(AKIA|ASIA)[A-Z2-7]{16}", v)
    assert len(kinds) == 18 and sum(kinds.values()) == 170 and all(c in (9, 10) for c in kinds.values()), kinds
    return kinds

def main():
    neg, rejected = build_negatives()
    pos = build_positives()
    kinds = check_positives(pos)
    cats = {}
    for r in neg: cats[r["category"]] = cats.get(r["category"], 0) + 1
    assert len(neg) == 600 and all(v == 100 for v in cats.values()) and len({r["text"] for r in neg}) == 600
    for r in neg: assert not scan(r["text"]), r
    for name, rows in ((f"redaction{N}_negatives.jsonl", neg), (f"redaction{N}_positives.jsonl", pos)):
        with open(os.path.join(HERE, name), "w", encoding="utf-8", newline="\n") as fh:
            for r in rows: fh.write(json.dumps(r, ensure_ascii=False) + "\n")
    missed = sum(1 for p in pos if not scan(p["text"]))
    print("negatives:", cats)
    print("scanner redraws while building negatives:", dict(sorted(rejected.items())))
    print("positives by kind:", dict(sorted(kinds.items())))
    print("positives the built-in scanner finds nothing in:", missed)

if __name__ == "__main__":
    main()
