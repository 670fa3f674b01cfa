#!/usr/bin/env python3
"""Blind redaction corpus #48: HR, payroll and recruiting (SE/NO/DK/FI/IN).

Standard library only. The only randomness is random.Random(48 * 101), used in a fixed order.
`python3 gen.py` writes redaction48_negatives.jsonl and redaction48_positives.jsonl next to itself.
"""
import base64, binascii, json, os, re, struct, sys, zlib, random

N = 48
rng = random.Random(N * 101)
HERE = os.path.dirname(os.path.abspath(__file__))

def pick(seq): return rng.choice(seq)
def ri(a, b): return rng.randint(a, b)
def chance(p): return rng.random() < p
def rstr(alpha, n): return "".join(rng.choice(alpha) for _ in range(n))
DIG = "0123456789"; HEX = "0123456789abcdef"; UP = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"; LO = UP.lower()
B62 = DIG + UP + LO
B64 = UP + LO + DIG + "+/"
B64U = UP + LO + DIG + "-_"
def b64(b): return base64.b64encode(b).decode()
def b64u(b): return base64.urlsafe_b64encode(b).decode().rstrip("=")
def hexs(n): return rstr(HEX, n)
def uuid4():
    h = hexs(32); h = h[:12] + "4" + h[13:16] + pick("89ab") + h[17:]
    return f"{h[:8]}-{h[8:12]}-{h[12:16]}-{h[16:20]}-{h[20:]}"
def uuid7():
    h = "%012x" % ri(0x0190_0000_0000, 0x019A_FFFF_FFFF) + hexs(20)
    h = h[:12] + "7" + h[13:16] + pick("89ab") + h[17:]
    return f"{h[:8]}-{h[8:12]}-{h[12:16]}-{h[16:20]}-{h[20:]}"
def ulid(): return rstr("0123456789ABCDEFGHJKMNPQRSTVWXYZ", 26)
def date_iso(): return f"20{ri(24,26)}-{ri(1,12):02d}-{ri(1,28):02d}"
def ts_iso(): return f"{date_iso()}T{ri(0,23):02d}:{ri(0,59):02d}:{ri(0,59):02d}.{ri(0,999):03d}Z"
def ymd(): return date_iso().replace("-", "")
def epoch(): return ri(1735689600, 1798761600)
def spaced(n):  # 1234567 -> "1 234 567"
    s = str(n); out = []
    while s: out.insert(0, s[-3:]); s = s[:-3]
    return " ".join(out)
def lakh(n):
    s = str(n)
    if len(s) <= 3: return s
    head, tail = s[:-3], s[-3:]
    parts = []
    while len(head) > 2: parts.insert(0, head[-2:]); head = head[:-2]
    if head: parts.insert(0, head)
    return ",".join(parts) + "," + tail

# ---------------------------------------------------------------- checksums
def luhn_ok(d):
    s = 0
    for i, c in enumerate(reversed(d)):
        x = int(c)
        if i % 2 == 1:
            x *= 2
            if x > 9: x -= 9
        s += x
    return s % 10 == 0
def luhn_digit(body):
    for c in DIG:
        if luhn_ok(body + c): return c
def mod97(s):
    s = s.replace(" ", ""); r = s[4:] + s[:4]
    return int("".join(str(int(c, 36)) for c in r)) % 97
IBAN_LEN = {"SE": 24, "NO": 15, "DK": 18, "FI": 18, "DE": 22, "GB": 22, "FR": 27, "NL": 18, "BE": 16,
            "AT": 20, "CH": 21, "PL": 28, "ES": 24, "IT": 27, "IE": 22, "EE": 20, "LT": 20, "LV": 21,
            "IS": 26, "PT": 25, "LU": 20, "FO": 18, "GL": 18}
def make_iban(cc, bban):
    r = bban + cc + "00"
    chk = 98 - int("".join(str(int(c, 36)) for c in r)) % 97
    return f"{cc}{chk:02d}{bban}"
def group4(s): return " ".join(s[i:i+4] for i in range(0, len(s), 4))
def verhoeff_ok(num):
    d = [[0,1,2,3,4,5,6,7,8,9],[1,2,3,4,0,6,7,8,9,5],[2,3,4,0,1,7,8,9,5,6],[3,4,0,1,2,8,9,5,6,7],
         [4,0,1,2,3,9,5,6,7,8],[5,9,8,7,6,0,4,3,2,1],[6,5,9,8,7,1,0,4,3,2],[7,6,5,9,8,2,1,0,4,3],
         [8,7,6,5,9,3,2,1,0,4],[9,8,7,6,5,4,3,2,1,0]]
    p = [[0,1,2,3,4,5,6,7,8,9],[1,5,7,6,2,8,3,0,9,4],[5,8,0,3,7,9,6,1,4,2],[8,9,1,6,0,4,3,5,2,7],
         [9,4,5,3,1,2,7,6,8,0],[4,2,8,6,5,7,3,9,0,1],[2,7,9,3,8,0,6,4,1,5],[7,0,4,6,9,1,3,2,5,8]]
    c = 0
    for i, ch in enumerate(reversed(num)): c = d[c][p[i % 8][int(ch)]]
    return c == 0
def valid_date(yy, mm, dd):
    return 1 <= mm <= 12 and 1 <= dd <= 31
def b62enc(n, w):
    s = ""
    while n: n, r = divmod(n, 62); s = B62[r] + s
    return s.rjust(w, "0")
def crc_png(tag, data): return struct.pack(">I", binascii.crc32(tag + data) & 0xffffffff)

PEMS = [
    ('rsa_pkcs1', '-----BEGIN RSA PRIVATE KEY-----\nMIIEowIBAAKCAQEAn+DIXUf2xMWz9Iuao93RgSZ4R0WIyYFud0DARXgZYe8AZEle\nN5Zr5kLmh2k3diFRBn4+TK+ipxfifytealAPzA8XG2kzvUMlwlIbdP6qD4rV5wsO\nSJr+OELE/4ihxIlJnaMlTOqBgMuvjtXPZ8Q4D9zcNxwTO9un4rX0RPS3lWUull0S\ni1rddZS4l/k2bFPreqdsvLMM4uGVusxdbzdQVNbl/dWPCrRYasJ6L2NTMCjHkycR\nh7IF9qxFr5R/pQyqFJK0K5bYXDY2hDju6oZYscpWktOmou9s5TnWWUCACzAry698\nUKX5nQLMK+2HJNuETe+7FYFWQpIjwxxF2KkCYwIDAQABAoIBABHDZk+i6sKDGtLt\nXeGeCCR60ztL+P42gMEEMziktuFALkF2O18eud9MCJP79zsLSZbYmPBpRT+ecj5h\n4awbOB4agR09C5AYMU5NVBqkHt36NXjlrBEaE2vJ01x24E5XWJQIp+DLX1chimBq\n1g/356ivh9IhrutkJNuWDs1IiUsyVSwJqzMqVafZlfk5ca5B6s4Pn8qGh5n19mZF\njVE7ETNivi7H04jxKHR+UjDkgn8NDlAT09AyInkVmX80NW77toir0fUInLhxQkBw\nDAqrojsRaDJDVV9ZzGhi0vB4a6838/4AVInZPROAw8aoA50Nv1t6319Rs1no6FIY\nYwGv0L0CgYEA2lvfAA9lKlMNEKr6oRNvoqr208yOscP/nH84WdMYtGwi4pM45Fa/\n1SDEF6IO5uA19HyeLsPXn1QaxCeU0J3j9bG/MuGGaOWwR77mgZH9PmX2UsoddoQw\nFTNOgvtDbqsM+0lbkkx/BiaHZ+4Pxe/p6HtjIn3Q1IWl0JI9AVJZVC8CgYEAu3Aq\nh4eYgNXgu+JluLVsTpPxJuYuXxOByY0BPuAnUBxjBoJuUWkrC792jBDP5oSYXm4x\n+uZhNO6cmGh9hoUJHWxk6Y3l+ULgnWjCVZ/YuHaOsTpgB48xZvtodSkrT+7+2MHh\nogrXBdv80H6iRrKjFlsy3Iugu4z+h0tbKNFhBA0CgYBBOWALLI4TbmtgpzHmG2Al\nPtwrt9aH0vvvSzER47RlcEebVk6QJjl2+CqaxJWe8SostWyqm2U0+nJkVU5mYkNN\niKKMGEGF49YcGDHSUkFK+jnx0N2sISAbtQ+moFcsH3vpM6hesurec3PO35VmkptU\nDkc2bk6KrMEy4/vFAUwdkQKBgQCxHE2zfrblljMilcyUeil7HmPR49KRWDddIXW5\n2ciL9CbF8d0X5A4era3wr7ojEct//xQPBj137Lffc2yY/YAdY1z/K2vQ2hav5lsq\n2T3JH425fXVb7zw5GPodKueYQjZgzuLLYP7ItJPw1pezwfxElaw7pVwdnB6t7NCY\ngy/uyQKBgDfyhdGjcj5xHptEhIfwaT8nQdli+KO43HwLnLFm4On76def/MCgcwv3\n3xAJaR2nIBiMXVEYdYl7B9DjUht/HaQqWWowM1dIe34kt4D6z0ayIVpVWdejSsnf\nsh9H1qok9yPh9p6Gyc4OCN2TAcMkR+8l/bTslZmotB0zo5rNG4kM\n-----END RSA PRIVATE KEY-----\n'),
    ('rsa_pkcs1', '-----BEGIN RSA PRIVATE KEY-----\nMIIEowIBAAKCAQEAxOLqM9+bR4S7qSfdkwlqq/KkKuZSfgZv9wUMT2YWy14MIZxb\noltg+H9ev8Vi04uW7e10VU3eOBM2TW835tUXkBOev0135aqOcXMmX6i9ju7mKsNr\noad+xyxiU3IiuxxZ2y/meZd41J5Umj0lZcQUb44NjfjbRnO+XhnGslC2FCU5cQ0C\nJqd3K8RMyHgSPW5QdONDNvJxK2nhIzB0nR6CkOLLDU4bKOZDSO5ThtOHSzWuN45k\nKgs7lDgfBZzNYNILvhoo2sz6kqUYdtmdtyCh3LIPY1Q7nuK3G6R7qRADuP/efKxS\nJPhthob1m4smRl6jeqyvtdmsvTwUZdwu11CvbQIDAQABAoIBACGQsM4+ov2OlKKa\nLAVe79tYDqJMqUgYZ1qktuxLUnwBsM5DFoEnlHDQ4BGQAFDhxY2S84f+cjG7nsCV\nQyG8dtumaKQi/BuAl++h6qsYvJZDRqSIM893m16vw6SHuwGMrAn40NEuYFhZFMHF\nxlwi0TwSat+nCxTn8w6eVNg998iXok1tgV2li2s+mMuYACnB94//LjuddioBtAJV\nMP1qN04tj9pTKuH1M0sfQKPowK4R4J7Jb1f600NqRb8qEUaqr6LRIEiVTvSUjV/Q\ndRh7UI9i0hhwL3+NK0rxpATZzE9dkJr77+VEsSh+E2o4jeoCYbiulPhIHbmjgE1I\n28T9lSECgYEA74m3ciKwwclOAJ6LpulKMig6tfDFDJzOD87F4cxoeLn+5qnnGO86\nTuScR4kJaa+32GVsL9RHL8TdwAFSd1aTFNpd1BZToN3X1OPrrsPGC1btffhJ/+AU\nNWYpIstyYk5DPgv9b1SX+RN8RoPaf1NU/WEl4fjGHOLU6sWBxsd8Ec0CgYEA0mrQ\nE6hzoMvmsKfECnVhBOskLE+7ty6CYk9sJDB87Eo5q+wMdTpZ+Ojnpop0RrSqb8Hg\nKp81joc6Z2pwt2/2ftZiBfz4KTJNH+nADuGQZd+1mzmB397kcBkHRXJ8KCcGwCaG\nTG6VIh/3N0HN/S+xWrzdmZYTouBfUPkEQi3H9CECgYA+o7LXI/85Dd1aCBvY8BS4\n/RAtV+MPo0m3lIjmvT9soqbnxvJp8NU8oEfF5S4S9yKKcitSbp6W/VJHzZC1KGyZ\n/Wif956y6JByWY/eSc/WU0sTsAQZ540hUa/cK3uj/XdUGGqT3HlJZzEOd5iBx1bo\nU6lGaHnWP/MR2chQJQZq2QKBgEVBBo8RyEzKD3lhHjLbAz2dLuCutXfLBPrabRtU\nIimbHHQrUsZamDZGYcf8ldyXpej2hJNCp1vrwhs7ezHE1fpVERorcnoMpjm0s5Oy\nRdZh1OHsAYTvVXxXoH8I+Tg18BDaHSWW19rNbo5vSB7mzZaxxrXAIWJgOr7p1q75\nZnBBAoGBAONLNyC6gDwaB0vffPIp4EMUiUJrhc+imMTawO+B1ly6Fb7PvGkojGeW\nm+DX1QDvWAoRh5zpMAw0+pB3Sx+8aFskfnGd/JvywCO50iYE2fhdoDxonC5kaydQ\n8XmtdE3e+BxLKPGtDojbbH5nKXnicPEywNRY2ch6v9xWZtW/vV6B\n-----END RSA PRIVATE KEY-----\n'),
    ('rsa_pkcs8', '-----BEGIN PRIVATE KEY-----\nMIIEvAIBADANBgkqhkiG9w0BAQEFAASCBKYwggSiAgEAAoIBAQDCnqU1ghqI1gY5\nufBu+xWTr+8JC3RhDRdIKTMTkeDkzcT66PtrGHyRdwFIADgOEOAgkmyMhlBhVSHN\nz5qyH5SJTAdxy6ANVpKYmsckRoHtID8DTUDR2+VMYWbrT0RmaE6qqNdSWJsdSrTA\nnD2Kg6QO0Z8Dt42pyJRitVKu73E8jBk8HHo4q0GTV1MQli9sAJDwCv28aLAfqs9C\n8elRSteNnLFUxl4CfwyYHbjurTWhCe5EQCW1rSF0drSXTHkjyKgro700rXSlyYj2\nZ5d6k+hadcmBgFrJEDqiojxRcDbIo8/1j8dYDxcEVCl46r4M/rQTW6wKEjvHCjE5\nvVnGmMjbAgMBAAECggEAQ4wAVxPy1a9CteJdGoe2s22Kjx8Uo2KBxB/YhGBLJ95r\nEZKvQDpdcbdWEIFS8z7UKznmxtcPKtj7RI1baZsgWI60vsAnqrlzY9fEaki2a3CX\nrjOv3aZubRYZPG5klQ56zyyOnxv1qjL1jSwtB9gspqAGiqm4V0cwiRnZurGMIbD7\nV+YDXaIImVtz3mPueHpO+ucB3zX4hB1gpQPxu94SRRaK1FtlLS+EVS86EKYz06Pa\nLsOWwjCIE8pQM8zJxxBEguayIfWf6B3NX24gSg8iKhLh0k4OkbVNA4TrRe2hJ8eT\ncaAueWvs2QO/FAtbFGQrXxhhRtdM6txA7liRGIE1kQKBgQDf4oXVp0XBv6nnr7Cz\nDk/f1sH2uS91pL0LMj9BG4aIHNzfhsMY+MGLWDXJxO1SiYVROhPXe5AAdB9l9M8w\n/2BgALkQodPSYrHXvNhVnK6l+K15nDfyghNMlFrxmXxy6sY6mz15zO8UFmosRfzD\nDq4J2p9UCdqvVrS5t0OSX0A6FwKBgQDeiXNmvQyP1oNV4jzs4tjsGtxu3mZc6y9C\nhNcL4k3RqsT/ZhWHtFqmFvdclTqruGtQlzhJNbuAnixE6Mw6Kl8xX/r7WW5metoL\nbcmD0UBxTPMPCFTYYIPjcdDn3rnQRqlNfTciA7+q/zHQ0AprdBfPCGklBpSmgMCo\nwOwtoStV3QKBgGX3LS0ZedO8Dw3OHpPuOMKhdMWBofPai57Fy7lDaAol2xKStdhx\nsvRbwGOcpNmqeGV+JftF81fBi2tMC/Es3h/bNG42xdpTyNuQzpZvPbupfpicZX61\nb0S5bJIMbXmJI68ddOo8Q8bKTqDLX0sXLHygbWBA/LBOtRDAPq4zY3URAoGAFNQc\nnwMWx+e2BzXTqgBZeU/STfY28n94vuscDZqy2er34Ue2wCrbSSxhHqNBCI2MTdC5\njfCfihxD3HdFljQdEMwA+8GVGbZp7iPqdpIBTBl9rmyDNHVkIsemW+12ys2yTvRn\nUqGzMNgN25N9Ri1phREudi61fxgR8DmOYX7yRWkCgYB/Scvr8y9IwfAPg+UR/Nu8\nGkohS0FI3znNokwPysxyrFvYCl5hdoXPb/8RWx67WUdKS0VZ7v7cY7LKSyQ9uMAW\nN20rhyEVWNH11GB1fll30czFo/2Tmdu/OzwZjV1vuwrDk6MtuOwsWXolhoumgFsd\nOJ70PlS6WIMHpWzO3PhlZg==\n-----END PRIVATE KEY-----\n'),
    ('ec_sec1', '-----BEGIN EC PRIVATE KEY-----\nMHcCAQEEIP+8/zGdFsH7wnhHv+59DNoRiLEZGuiG01O4FA02Ca/XoAoGCCqGSM49\nAwEHoUQDQgAETwT1KgbKnqlxOw04JPKK4SOpPfMlt+sGmwCs/RPJ0VnRZCedc+nh\noa7ECfrkki42A3beURXDIeXZFrks/m4vyg==\n-----END EC PRIVATE KEY-----\n'),
    ('ec_sec1', '-----BEGIN EC PRIVATE KEY-----\nMHcCAQEEIL6oB5xMKkCm3Nrevb1zCJXJMi3vOivIMDKJnRMz/1fWoAoGCCqGSM49\nAwEHoUQDQgAEZXnGypWmWr5kYPON/HIGTTCb1ysJ+VUCCRiathwKv5jyciaLoIne\nXtN73eKZtN7jRSNIVW1bDsXfOKyefXWHSA==\n-----END EC PRIVATE KEY-----\n'),
    ('ec_sec1', '-----BEGIN EC PRIVATE KEY-----\nMHcCAQEEILI+UkxZ/nNlCuq2qxMRuA4KBrW+mhvfyENlC4JHuihNoAoGCCqGSM49\nAwEHoUQDQgAE2PV2qsRjJaCBNwT1RLXnsfn+ZRYT9u0AwLDXFnPsZfm+EL2Sp9YC\nxW1G5fhQiY5uS4oNNe0nDjIyGSBYbvXBzA==\n-----END EC PRIVATE KEY-----\n'),
    ('ed25519_pkcs8', '-----BEGIN PRIVATE KEY-----\nMC4CAQAwBQYDK2VwBCIEIN6ONendB6j5QDB57X8X/QZrCpN/a+MTj2jLOlJgJzPn\n-----END PRIVATE KEY-----\n'),
    ('ed25519_pkcs8', '-----BEGIN PRIVATE KEY-----\nMC4CAQAwBQYDK2VwBCIEIBtNJMLx9LK7q/obeC2RAYnpMowJdankOosRvFwssij5\n-----END PRIVATE KEY-----\n'),
    ('openssh_ed25519', '-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZW\nQyNTUxOQAAACDHW6ahvsb9dVGIba3V0ZEPPAoXxNsc2beNJRAZaR9PigAAAIhW0AGkVtAB\npAAAAAtzc2gtZWQyNTUxOQAAACDHW6ahvsb9dVGIba3V0ZEPPAoXxNsc2beNJRAZaR9Pig\nAAAEAGycr6IU6S7SpUeu0l19l6yLCqARnGE2VAQfZ40eOWnsdbpqG+xv11UYhtrdXRkQ88\nChfE2xzZt40lEBlpH0+KAAAAAAECAwQF\n-----END OPENSSH PRIVATE KEY-----\n'),
    ('openssh_ed25519', '-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZW\nQyNTUxOQAAACBwD7LKsVa7RSkeea8MlvR6tWkxeexcIMqKtmgnvCR23QAAAIhFxCr/RcQq\n/wAAAAtzc2gtZWQyNTUxOQAAACBwD7LKsVa7RSkeea8MlvR6tWkxeexcIMqKtmgnvCR23Q\nAAAEBZtB4YaoQjYz7OsYtM9SXe4uDGtO7t94GmhAcl2RqldXAPssqxVrtFKR55rwyW9Hq1\naTF57Fwgyoq2aCe8JHbdAAAAAAECAwQF\n-----END OPENSSH PRIVATE KEY-----\n'),
]

# ---------------------------------------------------------------- real little files
def png(w, h):
    raw = b""
    c1 = bytes([ri(0, 255) for _ in range(3)]); c2 = bytes([ri(0, 255) for _ in range(3)])
    for y in range(h):
        raw += b"\x00" + b"".join(c1 if (x + y) % 3 else c2 for x in range(w))
    ihdr = struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0)
    idat = zlib.compress(raw, 9)
    out = b"\x89PNG\r\n\x1a\n"
    for tag, data in ((b"IHDR", ihdr), (b"IDAT", idat), (b"IEND", b"")):
        out += struct.pack(">I", len(data)) + tag + data + crc_png(tag, data)
    return out
def gif1():
    col = bytes([ri(0, 255) for _ in range(3)])
    return (b"GIF89a\x01\x00\x01\x00\x80\x00\x00" + col + b"\x00\x00\x00!\xf9\x04\x01\x00\x00\x00\x00"
            b",\x00\x00\x00\x00\x01\x00\x01\x00\x00\x02\x02D\x01\x00;")
def jpeg_stub():
    return (b"\xff\xd8\xff\xe0\x00\x10JFIF\x00\x01\x01\x00\x00\x01\x00\x01\x00\x00\xff\xdb\x00C\x00"
            + bytes([ri(1, 40) for _ in range(64)]) + b"\xff\xc0\x00\x11\x08\x00\x10\x00\x10\x03\x01\x22\x00\x02\x11\x01\x03\x11\x01"
            + b"\xff\xda\x00\x0c\x03\x01\x00\x02\x11\x03\x11\x00\x3f\x00" + bytes([ri(0, 254) for _ in range(ri(20, 48))]) + b"\xff\xd9")
def webp_stub():
    body = b"VP8L" + struct.pack("<I", 10) + b"\x2f\x00\x00\x00" + bytes([ri(0, 255) for _ in range(6)])
    return b"RIFF" + struct.pack("<I", 4 + len(body)) + b"WEBP" + body
def ico_stub():
    p = png(16, 16)
    return struct.pack("<HHH", 0, 1, 1) + struct.pack("<BBBBHHII", 16, 16, 0, 0, 1, 32, len(p), 22) + p
def wav_stub():
    n = ri(40, 90); samples = bytes([128 + ri(-20, 20) for _ in range(n)])
    return (b"RIFF" + struct.pack("<I", 36 + n) + b"WAVEfmt " + struct.pack("<IHHIIHH", 16, 1, 1, 8000, 8000, 1, 8)
            + b"data" + struct.pack("<I", n) + samples)
def pdf_doc(title):
    t = title.encode("latin-1", "replace")
    objs = [b"<< /Type /Catalog /Pages 2 0 R >>", b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
            b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>"]
    stream = b"BT /F1 14 Tf 56 780 Td (" + t + b") Tj ET"
    objs.append(b"<< /Length " + str(len(stream)).encode() + b" >>\nstream\n" + stream + b"\nendstream")
    objs.append(b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>")
    out = b"%PDF-1.7\n"; offs = []
    for i, o in enumerate(objs, 1):
        offs.append(len(out)); out += str(i).encode() + b" 0 obj\n" + o + b"\nendobj\n"
    x = len(out)
    out += b"xref\n0 6\n0000000000 65535 f \n" + b"".join(b"%010d 00000 n \n" % o for o in offs)
    out += b"trailer\n<< /Size 6 /Root 1 0 R >>\nstartxref\n" + str(x).encode() + b"\n%%EOF\n"
    return out
def woff2_stub():
    return b"wOF2\x00\x01\x00\x00" + struct.pack(">I", ri(9000, 30000)) + bytes([ri(0, 255) for _ in range(ri(30, 60))])
def ttf_stub():
    return b"\x00\x01\x00\x00\x00\x0c\x00\x80\x00\x03\x00\x40" + b"".join(t + bytes([ri(0, 255) for _ in range(12)]) for t in (b"OS/2", b"cmap", b"glyf", b"head"))
def svg_logo():
    col = "#%06x" % ri(0, 0xffffff)
    shape = pick([f'<rect x="2" y="2" width="{ri(8,20)}" height="{ri(8,20)}" rx="3" fill="{col}"/>',
                  f'<circle cx="12" cy="12" r="{ri(5,10)}" fill="{col}"/>',
                  f'<path d="M2 {ri(10,20)}L12 2L22 {ri(10,20)}Z" fill="{col}"/>'])
    return f'<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24">{shape}</svg>'
def sourcemap(fname):
    sm = {"version": 3, "file": fname, "sources": [f"../src/{pick(['payslip','runs','taxTable','requisitions','onboarding'])}/{pick(['index','view','store','api'])}.ts"],
          "names": [], "mappings": ";".join(rstr("ACEGIKMOQSUWYagikmoqsuwy", ri(4, 9)) for _ in range(ri(3, 7)))}
    return b64(json.dumps(sm, separators=(",", ":")).encode())
def trunc(s, keep=None):
    keep = keep or ri(40, 90)
    if len(s) <= keep + 10: return s
    return s[:keep] + pick(["…", "...", f"…[{len(s)-keep} more chars]", f"... ({len(s)} chars total)"])

# ---------------------------------------------------------------- scanner
NAMES = ["Anna", "Erik", "Lars", "Karl", "Johan", "Maria", "Sofia", "Ingrid", "Astrid", "Mette", "Jens", "Mikko",
         "Juha", "Aino", "Priya", "Rahul", "Amit", "Anjali", "Sanna", "Nils", "Kari", "Lena", "Henrik", "Sven",
         "Ola", "Kjersti", "Søren", "Pia", "Jukka", "Satu", "Arjun", "Deepak", "Sunita", "Ravi", "Neha", "Olof",
         "Björn", "Magnus", "Fredrik", "Emma", "Elin", "Heikki", "Kirsi", "Tuomas", "Rasmus", "Freja", "Vikram"]
NAME_RE = re.compile(r"\b(" + "|".join(NAMES) + r")\b")
PUBLIC_OK = [(10, 0, 0, 0, 8), (172, 16, 0, 0, 12), (192, 168, 0, 0, 16), (127, 0, 0, 0, 8),
             (192, 0, 2, 0, 24), (198, 51, 100, 0, 24), (203, 0, 113, 0, 24), (0, 0, 0, 0, 32)]
def ip_is_nonpublic(a):
    n = struct.unpack(">I", bytes(a))[0]
    for x in PUBLIC_OK:
        base = struct.unpack(">I", bytes(x[:4]))[0]; m = (0xffffffff << (32 - x[4])) & 0xffffffff
        if n & m == base & m: return True
    return False
def ip_is_public(a):
    n = struct.unpack(">I", bytes(a))[0]
    bad = [(0,0,0,0,8),(10,0,0,0,8),(100,64,0,0,10),(127,0,0,0,8),(169,254,0,0,16),(172,16,0,0,12),(192,0,0,0,24),
           (192,0,2,0,24),(192,88,99,0,24),(192,168,0,0,16),(198,18,0,0,15),(198,51,100,0,24),(203,0,113,0,24),(224,0,0,0,3)]
    for x in bad:
        base = struct.unpack(">I", bytes(x[:4]))[0]; m = (0xffffffff << (32 - x[4])) & 0xffffffff
        if n & m == base & m: return False
    return True
HETU_CHARS = "0123456789ABCDEFHJKLMNPRSTUVWXY"
def scan(text):
    hits = []
    for m in re.finditer(r"[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}", text): hits.append(("email", m.group()))
    for m in re.finditer(r"gh[pousr]_[A-Za-z0-9]{36}|github_pat_[A-Za-z0-9_]{20,}", text): hits.append(("github", m.group()))
    for m in re.finditer(r"xox[abposre]-\d+-[A-Za-z0-9-]+", text): hits.append(("slack", m.group()))
    for m in re.finditer(r"sk-[A-Za-z0-9_-]{32,}", text): hits.append(("sk_key", m.group()))
    for m in re.finditer(r"eyJ[A-Za-z0-9_-]+\.eyJ[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+", text): hits.append(("jwt", m.group()))
    for m in re.finditer(r"(?<![\d-])\d{3}-\d{2}-\d{4}(?![\d-])", text): hits.append(("ssn", m.group()))
    for m in re.finditer(r"(?<![\d])\d(?:[ -]?\d)*(?![\d])", text):
        runs = [m.group()] + re.findall(r"\d+", m.group())
        for r in runs:
            d = re.sub(r"\D", "", r)
            if 13 <= len(d) <= 19 and luhn_ok(d): hits.append(("luhn", r))
    for m in re.finditer(r"\b([A-Z]{2})(\d{2})((?: ?[A-Z0-9]){10,30})", text):
        cc = m.group(1); s = (m.group(1) + m.group(2) + m.group(3)).replace(" ", "")
        if cc in IBAN_LEN and len(s) >= IBAN_LEN[cc] and mod97(s[:IBAN_LEN[cc]]) == 1: hits.append(("iban", s))
    for m in re.finditer(r"-----BEGIN [A-Z ]*PRIVATE KEY-----(.*?)-----END", text, re.S):
        body = re.sub(r"[^A-Za-z0-9+/=]", "", m.group(1).replace("\\n", "\n"))
        if len(body) >= 40: hits.append(("pem", body[:20]))
    for m in re.finditer(r"(?:AKIA|ASIA)[A-Z0-9]{16}", text):
        if "EXAMPLE" not in m.group(): hits.append(("aws_key_id", m.group()))
    for m in re.finditer(r"(?<![\d.])(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})(?![\d])", text):
        a = [int(x) for x in m.groups()]
        if all(x <= 255 for x in a) and not ip_is_nonpublic(a): hits.append(("public_ipv4", m.group()))
    for m in re.finditer(r"\+(?:46|47|45|358|91|44|1)[ -]?\(?\d[\d ()-]{6,}", text): hits.append(("phone", m.group()))
    for m in re.finditer(r"(?<![\d-])07\d[- ]?\d{3}[ ]?\d{2}[ ]?\d{2}(?!\d)|(?<![\d-])0[1-9]\d{0,2}-\d{3} ?\d{2} ?\d{2,3}(?!\d)", text): hits.append(("phone", m.group()))
    for m in re.finditer(r"(?<![\d-])[6-9]\d{4}[ -]?\d{5}(?![\d-])", text): hits.append(("phone_in", m.group()))
    for m in re.finditer(r"(?<!\d)(\d{2})?(\d{2})(\d{2})(\d{2})[-+]?(\d{4})(?!\d)", text):
        yy, mm, dd = int(m.group(2)), int(m.group(3)), int(m.group(4))
        if valid_date(yy, mm, dd) and luhn_ok(m.group(2) + m.group(3) + m.group(4) + m.group(5)): hits.append(("personnummer", m.group()))
    for m in re.finditer(r"(?<![\d-])(\d{2})(\d{2})(\d{2})-(\d{4})(?![\d-])", text):
        if valid_date(0, int(m.group(2)), int(m.group(1))): hits.append(("cpr", m.group()))
    for m in re.finditer(r"(?<!\d)(\d{6})([-+A])(\d{3})([0-9A-Y])(?![0-9A-Za-z])", text):
        if valid_date(0, int(m.group(1)[2:4]), int(m.group(1)[:2])) and HETU_CHARS[int(m.group(1) + m.group(3)) % 31] == m.group(4):
            hits.append(("hetu", m.group()))
    for m in re.finditer(r"(?<!\d)(\d{11})(?!\d)", text):
        d = [int(c) for c in m.group(1)]
        k1 = 11 - sum(a * b for a, b in zip(d[:9], [3, 7, 6, 1, 8, 9, 4, 5, 2])) % 11; k1 = 0 if k1 == 11 else k1
        k2 = 11 - sum(a * b for a, b in zip(d[:10], [5, 4, 3, 2, 7, 6, 5, 4, 3, 2])) % 11; k2 = 0 if k2 == 11 else k2
        if k1 == d[9] and k2 == d[10] and valid_date(0, d[2] * 10 + d[3], d[0] * 10 + d[1]): hits.append(("fnr", m.group()))
    for m in re.finditer(r"(?<![\d ])([2-9]\d{3}) ?(\d{4}) ?(\d{4})(?![\d])", text):
        if verhoeff_ok("".join(m.groups())): hits.append(("aadhaar", m.group()))
    for m in NAME_RE.finditer(text): hits.append(("name", m.group()))
    return hits

# ---------------------------------------------------------------- shared vocabulary
COUNTRIES = ["SE", "NO", "DK", "FI", "IN"]
ENTITIES = {"SE": "acme-se-ab", "NO": "acme-no-as", "DK": "acme-dk-aps", "FI": "acme-fi-oy", "IN": "acme-in-pvt"}
SYSTEMS = ["Workday", "SuccessFactors", "SAP HCM", "Visma Lön", "Hogia", "Teamtailor", "Greenhouse", "Darwinbox", "Keka"]
SERVICES = ["payroll-engine", "tax-tables", "ats-webhooks", "bank-files", "payslip-renderer", "wd-connector",
            "sf-sync", "absence-api", "pension-export", "onboarding-svc", "req-approvals"]
def emp_id(): return pick([f"E{ri(100000, 999999)}", f"EMP-{pick(COUNTRIES)}-{ri(1000, 99999):05d}", f"{pick(COUNTRIES)}{ri(10000, 99999)}", f"W{ri(1000000, 9999999)}"])
def req_id(): return pick([f"REQ-{ri(2024, 2026)}-{ri(1, 9999):05d}", f"JR-{ri(10000, 99999)}", f"R{ri(100000, 999999)}", f"JOB-{pick(COUNTRIES)}-{ri(100, 9999)}"])
def run_id(cc=None):
    cc = cc or pick(COUNTRIES); return f"PR-{cc}-{ri(2024, 2026)}-{ri(1, 12):02d}-{pick(['M', 'B', 'X'])}{ri(1, 4)}"
def dquote(s): return json.dumps(s, ensure_ascii=False)

LEADINS = ["fyi ", "FYI: ", "Till info: ", "Bara så ni vet: ", "Til info: ", "Til orientering: ", "Tiedoksi: ", "Huom! ",
           "सूचना: ", "नोट: ", "OBS: ", "heads up: ", "Kort om dagens lönekörning: ", "Fra lønnsteamet: ",
           "Fra løn-teamet: ", "Palkkatiimiltä: ", "पेरोल टीम से: ", "context: ", "Se nedan: "]
TRAILERS = ["tack!", "takk!", "tak :)", "kiitos!", "धन्यवाद", "👍", "lmk if this looks off", "ingen brådska",
            "ingen hast", "ei kiirettä", "कोई जल्दी नहीं", "more in the thread", "mvh payroll-ops"]
def dress(text, lead=0.13, trail=0.06):
    if chance(lead): text = pick(LEADINS) + ("\n" if text.startswith("```") or "\n" in text and chance(0.5) else "") + text
    if chance(trail): text = text + pick(["\n", " ", "\n\n"]) + pick(TRAILERS)
    return text

# ================================================================ negatives: data_uri_base64
def du_uri(kind=None):
    kind = kind or pick(["png", "gif", "svg", "jpeg", "webp", "ico"])
    if kind == "png": return "data:image/png;base64," + b64(png(ri(1, 6), ri(1, 6)))
    if kind == "gif": return "data:image/gif;base64," + b64(gif1())
    if kind == "svg": return "data:image/svg+xml;base64," + b64(svg_logo().encode())
    if kind == "jpeg": return "data:image/jpeg;base64," + b64(jpeg_stub())
    if kind == "webp": return "data:image/webp;base64," + b64(webp_stub())
    return "data:image/x-icon;base64," + b64(ico_stub())
def du_payslip_html():
    cc = pick(COUNTRIES)
    title = {"SE": "Lönespecifikation", "NO": "Lønnsslipp", "DK": "Lønseddel", "FI": "Palkkalaskelma", "IN": "वेतन पर्ची / Payslip"}[cc]
    lines = ["```html", f"<!-- payslip template {cc.lower()}_v{ri(2, 9)}.hbs -->", '<header class="payslip-head">',
             f'  <img alt="logo" width="{ri(80, 160)}" src="{du_uri(pick(["png", "svg", "gif"]))}">',
             f"  <h1>{title} {{{{period.label}}}}</h1>", "</header>"]
    if chance(0.5): lines += ['<table class="lines">', "  {{#each lines}}<tr><td>{{code}}</td><td>{{text}}</td><td>{{amount}}</td></tr>{{/each}}", "</table>"]
    return "\n".join(lines + ["```"])
def du_fontface():
    fam = pick(["PayslipSans", "NordicMono", "BrandGrotesk", "TaxTableNum"])
    src = pick([("font/woff2", b64(woff2_stub()), "woff2"), ("font/ttf", b64(ttf_stub()), "truetype")])
    return "\n".join(["```css", "@font-face {", f"  font-family: \"{fam}\";", f"  src: url(data:{src[0]};base64,{src[1]}) format(\"{src[2]}\");",
                      f"  font-weight: {pick([400, 500, 700])};", "}", f".payslip-amount {{ font-family: \"{fam}\", monospace; font-variant-numeric: tabular-nums; }}", "```"])
def du_workday_brand():
    return "```json\n" + json.dumps({"tenant": f"acme{ri(1, 9)}_{pick(['impl', 'preview', 'sandbox'])}", "branding": {"logoDataUri": du_uri("svg"),
        "primaryColor": "#%06x" % ri(0, 0xffffff), "loginBanner": pick(["Välkommen till Workday", "Velkommen", "Tervetuloa", "Welcome"])}}, indent=2, ensure_ascii=False) + "\n```"
def du_pdf_api():
    cc = pick(COUNTRIES)
    pdf = b64(pdf_doc(pick(["Payslip TEMPLATE - sample data", "Lonespecifikation MALL", "Lonnsslipp MAL", "Palkkalaskelma MALLI", "Form 16 SAMPLE"])))
    body = {"payslipTemplateId": f"TPL-{cc}-{ri(10, 99)}", "mimeType": "application/pdf", "preview": True,
            "content": pdf if chance(0.6) else trunc(pdf, ri(60, 120))}
    return pick(["preview-endpointet returnerar exempel-PDF:en så här:\n", "sample payslip preview from staging:\n", "esikatselu palauttaa tämän:\n", ""]) + "```json\n" + json.dumps(body, indent=2) + "\n```"
def du_ats_attachment():
    r = req_id()
    body = {"event": pick(["job.published", "requisition.updated", "job_post.created"]), "requisition_id": r,
            "attachments": [{"filename": pick(["banner_careers.png", "team_photo_placeholder.gif", "office_map.webp"]), "data": trunc(du_uri(pick(["png", "gif", "webp"])), ri(70, 140))}]}
    return f"{pick(SYSTEMS[5:7])} webhook payload for {r} is huge because of the inline banner:\n```json\n" + json.dumps(body, indent=2) + "\n```"
def du_markdown():
    uri = du_uri(pick(["gif", "png"]))
    return pick([f"![skattetabell-diagram]({uri})", f"Trendgraf for lønnskostnad: ![graf]({uri})", f"![status]({uri}) payroll run green",
                 f"Kaavio: ![palkkakustannukset]({uri})", f"चार्ट: ![cost]({uri})"])
def du_jupyter():
    return "\n".join(["```json", "{", '  "output_type": "display_data",', '  "data": {', f'    "image/png": "{b64(png(ri(4, 12), ri(4, 12)))}",',
                      f'    "text/plain": ["<Figure size 640x480 with 1 Axes> payroll cost per {pick(["entity", "cost centre", "month"])}"]', "  },", '  "metadata": {}', "}", "```"])
def du_sourcemap():
    f = f"payslip.{hexs(8)}.js"
    return f"```js\n// built {f}\n!function(){{\"use strict\";var e=document.querySelector('.net-pay')}}();\n//# sourceMappingURL=data:application/json;charset=utf-8;base64,{sourcemap(f)}\n```"
def du_echo_csv():
    hdr = pick(["anstnr;period;bruttolön;skatt;nettolön", "ansattnr;periode;brutto;forskuddstrekk;netto", "medarbejdernr;periode;AM-bidrag;A-skat;netto",
                "henkilönro;jakso;brutto;ennakonpidätys;netto", "emp_code,month,gross,tds,pf,net"])
    e = b64((hdr + "\n").encode())
    return f"$ echo '{e}' | base64 -d\n{hdr}\n" + pick(["just the header row of the export, no data", "bara rubrikraden", "bare overskriftene", "vain otsikkorivi", "सिर्फ़ हेडर"])
def du_csp():
    return (f"Refused to load the image '{trunc(du_uri(), ri(50, 90))}' because it violates the following Content Security Policy directive: "
            f"\"img-src 'self' https://cdn.{pick(['payroll', 'careers', 'hr'])}.acme.example\". ({pick(['payslip-viewer', 'career-site', 'onboarding-portal'])})")
def du_fixture():
    return "\n".join(["```python", f"# tests/fixtures/{pick(['payslip', 'branding', 'offer_letter'])}_assets.py",
                      f"COMPANY_LOGO = \"{du_uri(pick(['png', 'gif', 'svg']))}\"", f"STAMP_{pick(['SE', 'NO', 'DK', 'FI', 'IN'])} = \"{du_uri('png')}\"",
                      "", "def test_logo_is_data_uri():", "    assert COMPANY_LOGO.startswith(\"data:image/\")", "```"])
def du_offer_letter():
    lang = pick(["sv", "no", "da", "fi", "en"])
    greet = {"sv": "Hej {{candidate.first_name}},", "no": "Hei {{candidate.first_name}},", "da": "Kære {{candidate.first_name}},", "fi": "Hei {{candidate.first_name}},", "en": "Dear {{candidate.first_name}},"}[lang]
    return "\n".join(["```html", f"<!-- offer_letter_{lang}.html -->", f"<p>{greet}</p>", f"<img class=\"company-stamp\" src=\"{du_uri(pick(['png', 'gif']))}\" alt=\"stamp\">", "```"])
def du_sf_attachment():
    pdf = b64(pdf_doc(pick(["Travel policy 2026", "Resepolicy 2026", "Personalhandbok", "Employee handbook India"])))
    return "\n".join([f"POST /odata/v2/Attachment HTTP/1.1", "Content-Type: application/json", "",
                      json.dumps({"fileName": pick(["policy.pdf", "handbok.pdf", "handbook_in.pdf"]), "module": "GENERIC_OBJECT", "fileContent": trunc(pdf, ri(60, 200))})])
def du_wav():
    return f"IVR greeting for the HR helpline (`hr_helpline_{pick(['sv', 'no', 'da', 'fi', 'hi'])}.wav`, 8 kHz): `data:audio/wav;base64,{b64(wav_stub())}`"
def du_ico():
    return f"<link rel=\"icon\" href=\"{du_uri('ico')}\"> — favicon för karriärsidan"
def du_svg_utf8():
    svg = svg_logo()
    v = pick([("utf8," + svg.replace('"', "'")), ("utf8," + svg.replace("<", "%3C").replace(">", "%3E").replace('"', "'").replace("#", "%23"))])
    return f"```scss\n.req-status--{pick(['open', 'approved', 'on-hold', 'filled'])}::before {{\n  content: \"\";\n  background-image: url(\"data:image/svg+xml;{v}\");\n}}\n```"
def du_blur():
    return f"```tsx\n<Image src=\"/careers/{pick(['stockholm', 'oslo', 'copenhagen', 'helsinki', 'bengaluru', 'pune'])}-office.jpg\" placeholder=\"blur\"\n  blurDataURL=\"{du_uri(pick(['jpeg', 'png', 'webp']))}\" alt=\"office\" />\n```"
def du_prose():
    uri = trunc(du_uri(), ri(40, 80))
    return pick([f"Varför är lönespecen 180 kB? Loggan ligger inline som {uri} i varje mall.",
                 f"Hvorfor er lønnsslippen så stor? Logoen er bakt inn som {uri}",
                 f"Lønsedlen er tung fordi logoet er indlejret: {uri}",
                 f"Palkkalaskelman koko johtuu logosta, joka on upotettu: {uri}",
                 f"पेस्लिप का साइज़ बड़ा है क्योंकि लोगो inline है: {uri}",
                 f"the payslip renderer chokes on {uri} — can we host the logo on the CDN instead?"])
def du_yaml():
    return "\n".join(["```yaml", "payslip:", f"  country: {pick(COUNTRIES)}", "  branding:", f"    logo: \"{du_uri(pick(['png', 'svg']))}\"",
                      f"    watermark: \"{du_uri('gif')}\"", f"  footer: \"{pick(['Frågor om lönen? Kontakta HR-portalen.', 'Spørsmål? Se HR-portalen.', 'Kysymykset: HR-portaali.', 'Questions? See the HR portal.'])}\"", "```"])
def du_log():
    lines = ["```"]
    for _ in range(ri(2, 6)):
        lines.append(f"{ts_iso()} INFO  payslip-renderer  rendered template={pick(COUNTRIES).lower()}_v{ri(2, 9)} pages={ri(1, 3)} ms={ri(40, 900)}")
    lines.insert(ri(1, len(lines)), f"{ts_iso()} DEBUG payslip-renderer  asset logo={trunc(du_uri(), ri(50, 100))}")
    return "\n".join(lines + ["```"])
def du_long_css():
    lines = ["```css", "/* payslip.print.css */"]
    for cls in rng.sample(["icon-pension", "icon-tax", "icon-holiday", "icon-sick", "icon-overtime", "icon-bonus", "icon-benefit", "icon-travel", "icon-parental", "icon-union"], ri(3, 7)):
        lines += [f".{cls} {{", f"  background: url({du_uri(pick(['png', 'gif', 'svg']))}) no-repeat;", "  width: 16px; height: 16px;", "}"]
    return "\n".join(lines + ["```"])
DU = [du_payslip_html, du_fontface, du_workday_brand, du_pdf_api, du_ats_attachment, du_markdown, du_jupyter, du_sourcemap, du_echo_csv,
      du_csp, du_fixture, du_offer_letter, du_sf_attachment, du_wav, du_ico, du_svg_utf8, du_blur, du_prose, du_yaml, du_log, du_long_css]

# ================================================================ negatives: placeholder_example
def ph_env():
    keys = [("WORKDAY_ISU_PASSWORD", ["<set-in-vault>", "${WD_ISU_PASSWORD}", "changeme", "", "REPLACE_ME", "xxxxxxxx"]),
            ("SF_OAUTH_CLIENT_ID", ["<your-client-id>", "YOUR_CLIENT_ID", "${SF_CLIENT_ID}"]),
            ("BANK_SFTP_PASSWORD", ["", "<lösenord>", "%BANK_SFTP_PASSWORD%", "$(BANK_SFTP_PASSWORD)", "***"]),
            ("TEAMTAILOR_API_TOKEN", ["YOUR_API_TOKEN", "<token>", "tt-xxxxxxxxxxxxxxxx", "<paste-token-here>"]),
            ("GREENHOUSE_WEBHOOK_SECRET", ["whsec_...", "<secret>", "${GH_WEBHOOK_SECRET}"]),
            ("SLACK_BOT_TOKEN", ["xoxb-your-bot-token", "xoxb-...", "<slack-bot-token>"]),
            ("OPENAI_API_KEY", ["sk-...", "sk-proj-…", "<openai-key>"]),
            ("ANTHROPIC_API_KEY", ["sk-ant-api03-...", "sk-ant-…", "YOUR_KEY_HERE"]),
            ("AWS_ACCESS_KEY_ID", ["AKIAIOSFODNN7EXAMPLE", "AKIA...", "<aws-key-id>"]),
            ("AWS_SECRET_ACCESS_KEY", ["wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY", "<aws-secret>", "..."]),
            ("DARWINBOX_API_KEY", ["<api-key>", "XXXXXXXXXXXXXXXX", "${DBX_KEY}"]),
            ("PAYROLL_DB_URL", ["postgres://payroll:password@localhost:5432/payroll_dev", "postgres://<user>:<password>@<host>:5432/payroll", "postgres://postgres:postgres@127.0.0.1/payroll_test"])]
    lines = ["```bash", f"# .env.example — {pick(SERVICES)}"] + [f"{k}={pick(v)}" for k, v in rng.sample(keys, ri(3, 8))]
    return "\n".join(lines + ["```"])
def ph_k8s():
    return "\n".join(["```yaml", "apiVersion: v1", "kind: Secret", "metadata:", f"  name: {pick(SERVICES)}-credentials", f"  namespace: payroll-{pick(['prod', 'staging', 'dev'])}",
                      "type: Opaque", "stringData:", f"  sftp-user: {pick(['<bank-user>', 'REPLACE_ME', 'svc_user'])}", "  sftp-password: " + pick(['REPLACE_ME', 'changeme', '""', '<from-vault>']),
                      f"  workday-isu-password: {pick(['{{ .Values.workday.isuPassword }}', '${WD_PASS}', 'TODO'])}", "```"])
def ph_gha():
    return "\n".join(["```yaml", "- name: Upload pain.001 to bank SFTP (test)", "  env:", "    SFTP_HOST: sftp-test.bank.example",
                      f"    SFTP_USER: ${{{{ secrets.{pick(['BANK_SFTP_USER', 'NORDEA_TEST_USER', 'DNB_SFTP_USER'])} }}}}", f"    SFTP_PASSWORD: ${{{{ secrets.{pick(['BANK_SFTP_PASSWORD', 'SFTP_PASS'])} }}}}",
                      f"    PGP_PRIVATE_KEY: ${{{{ secrets.{pick(['PGP_SIGNING_KEY', 'BANK_PGP_KEY'])} }}}}", f"  run: ./scripts/upload.sh out/pain001_{ymd()}.xml", "```"])
def ph_refs():
    return pick([f"`op://payroll-{pick(['prod', 'ops'])}/{pick(['bank-sftp', 'workday-isu', 'sf-oauth'])}/password`",
                 f"vault:secret/data/hr/{pick(['workday', 'successfactors', 'bank'])}#{pick(['isu_password', 'client_secret', 'sftp_password'])}",
                 f"{{{{resolve:secretsmanager:prod/payroll/{pick(['sftp', 'workday', 'sf'])}:SecretString:password}}}}",
                 f"@Microsoft.KeyVault(SecretUri=https://kv-payroll-{pick(['weu', 'neu', 'cin'])}.vault.azure.net/secrets/{pick(['SftpPassword', 'IsuPassword', 'SfClientSecret'])}/)"]) + " " + pick(
                ["is where the value lives, don't copy it anywhere", "— referensen, inte själva värdet", "— det er referansen, ikke verdien", "er bare en reference", "on vain viittaus", "सिर्फ़ reference है, value नहीं"])
def ph_masks():
    items = [f"IBAN: SE** **** **** **** **** {ri(1000, 9999)}", f"Konto: **** ** {ri(10000, 99999)}", f"kort: •••• {ri(1000, 9999)}",
             "personnummer: ÅÅÅÅMMDD-XXXX", "fødselsnummer: DDMMÅÅ*****", "CPR: DDMMÅÅ-XXXX", "henkilötunnus: PPKKVV-XXXX",
             f"Aadhaar: XXXX XXXX {ri(1000, 9999)}", "PAN: ABCDE1234F (format example)", "SSN: ***-**-****", "SSN: XXX-XX-XXXX",
             "telefon: +46 7X XXX XX XX", "mobil: +47 XXX XX XXX", "phone: +91 XXXXX XXXXX", f"konto: NO** **** ** *{ri(100, 999)}",
             "IBAN: SE00 0000 0000 0000 0000 0000", "e-post: {{employee.work_email}}", f"bank: DK** **** **** **{ri(10, 99)} {ri(10, 99)}"]
    head = pick(["Maskeringen på lönespecen ser ut så här nu:", "Slik ser maskeringen ut i lønnsslippen:", "Sådan maskeres felterne:", "Maskaus näyttää tältä:",
                 "payslip masking after the fix:", "मास्किंग अब ऐसी दिखती है:"])
    return head + "\n" + "\n".join("- " + x for x in rng.sample(items, ri(2, 6)))
def ph_hbs():
    return "\n".join(["```handlebars", "<dl class=\"employee\">", "  <dt>{{t 'employee_id'}}</dt><dd>{{employee.id}}</dd>",
                      f"  <dt>{{{{t '{pick(['personnummer', 'fodselsnummer', 'cpr', 'hetu', 'pan'])}'}}}}</dt><dd>{{{{mask employee.national_id keep=4}}}}</dd>",
                      "  <dt>{{t 'bank_account'}}</dt><dd>{{mask employee.bank.iban keep=4}}</dd>", "  <dt>{{t 'email'}}</dt><dd>{{employee.work_email}}</dd>", "</dl>", "```"])
def ph_pain_tpl():
    return "\n".join(["```xml", "<CdtTrfTxInf>", "  <PmtId><EndToEndId>{{payment.e2e_id}}</EndToEndId></PmtId>", "  <Amt><InstdAmt Ccy=\"{{currency}}\">{{net_pay}}</InstdAmt></Amt>",
                      "  <Cdtr><Nm>{{employee.display_name}}</Nm></Cdtr>", "  <CdtrAcct><Id><IBAN>{{employee.bank.iban}}</IBAN></Id></CdtrAcct>",
                      f"  <RmtInf><Ustrd>{pick(['Lön', 'Lønn', 'Løn', 'Palkka', 'Salary'])} {{{{period}}}}</Ustrd></RmtInf>", "</CdtTrfTxInf>", "```"])
def ph_pem_dots():
    return pick(["SuccessFactors OAuth wants the X.509 private key pasted in the admin UI like:\n", "Formatet i SF-adminen:\n", "Sånn skal den limes inn:\n", ""]) + \
        "```\n-----BEGIN PRIVATE KEY-----\n" + pick(["...", "<base64 body here>", "MIIE...snip...", "(paste the key generated in step 3)"]) + "\n-----END PRIVATE KEY-----\n```"
def ph_logs():
    out = ["```"]
    for _ in range(ri(2, 7)):
        out.append(f"{ts_iso()} {pick(['INFO', 'WARN'])} {pick(SERVICES)} {pick(['employee', 'candidate', 'payment'])}={emp_id()} " +
                   pick(["iban=[REDACTED]", "national_id=<redacted>", "password=[FILTERED]", "token=***", "account=[MASKED]", "phone=(sensitive value)", "email=[REDACTED]", "pan=XXXXX####X"]))
    return "\n".join(out + ["```"])
def ph_conn():
    return pick(["Lokalt kör vi bara ", "For local dev: ", "Lokalt bruker vi ", "Paikallisesti: ", "लोकल में: "]) + "`" + pick([
        "postgres://payroll:payroll@localhost:5432/payroll_dev", "mysql://root:root@127.0.0.1:3306/ats", "amqp://guest:guest@localhost:5672/",
        "sftp://demo:password@localhost:2222/upload", "redis://:changeme@127.0.0.1:6379/0", "postgres://<user>:<password>@<host>/payroll"]) + "` " + pick(
        ["(docker-compose default)", "— standardvärden", "— standardverdier", "— oletusarvot", "", "(admin/admin on the mock bank)"])
def ph_chat():
    return pick([f"Sätt `{pick(['WORKDAY_ISU_PASSWORD', 'BANK_SFTP_PASSWORD', 'SF_CLIENT_SECRET'])}` till `<ditt-värde>` i din lokala .env, checka aldrig in den.",
                 "Bytt ut `YOUR_TENANT` og `YOUR_ISU_USER` i eksempelet før du kjører skriptet.",
                 "I docs-eksemplet står der `Authorization: Bearer <token>` – det er bare en pladsholder.",
                 "Korvaa `<api-avain>` omalla avaimellasi, älä liitä sitä tänne.",
                 "README में `API_KEY=your-key-here` placeholder है, असली key vault में है।",
                 f"the Teamtailor docs example uses `Authorization: Token token=YOUR_API_TOKEN` and `X-Api-Version: {date_iso()}`",
                 "Greenhouse Harvest curl in the wiki: `curl -u 'YOUR_API_KEY:' https://harvest.greenhouse.io/v1/jobs` — the colon is intentional",
                 "AWS docs example for the payslip archive bucket uses AKIAIOSFODNN7EXAMPLE, don't panic",
                 "`xoxb-your-bot-token` in the payroll-alerts bot README is a placeholder, the real one is in Vault",
                 f"Prompt-testet i CV-screeningen använder `sk-ant-api03-...` och `sk-proj-...` som platshållare i {pick(['README', 'docs/setup.md', '.env.sample'])}"])
def ph_python():
    return "\n".join(["```python", "import os", "", "WD_TENANT = os.environ.get(\"WD_TENANT\", \"acme_impl\")", f"WD_USER = os.environ.get(\"WD_ISU_USER\", \"ISU_{pick(['Payroll', 'Recruiting', 'Absence'])}_Integration\")",
                      "WD_PASSWORD = os.environ[\"WD_ISU_PASSWORD\"]  # never default this", f"SF_API_KEY = os.getenv(\"SF_API_KEY\", \"{pick(['dummy', 'test-key', '<unset>', 'not-a-real-key'])}\")", "```"])
def ph_props():
    return "\n".join(["```properties", f"# application-{pick(['local', 'test', 'example'])}.properties", "sf.odata.base-url=https://api{n}.successfactors.eu/odata/v2".replace("{n}", str(ri(2, 68))),
                      "sf.oauth.company-id=${SF_COMPANY_ID}", "sf.oauth.user-id=${SF_TECH_USER}", f"sf.oauth.private-key={pick(['${SF_PRIVATE_KEY}', '<PEM without headers>', 'CHANGE_ME'])}",
                      f"bank.sftp.password={pick(['', '${BANK_SFTP_PASSWORD}', 'secret'])}", "```"])
PH = [ph_env, ph_k8s, ph_gha, ph_refs, ph_masks, ph_hbs, ph_pain_tpl, ph_pem_dots, ph_logs, ph_conn, ph_chat, ph_python, ph_props]

# ================================================================ negatives: code_identifier
W = ["Personnummer", "Fodselsnummer", "Cpr", "Hetu", "Aadhaar", "Pan", "Iban", "Bic", "BankAccount", "Password", "Secret", "Token", "ApiKey",
     "Isu", "Payslip", "TaxTable", "Skattetabell", "Trekktabell", "Forskuddstrekk", "Ennakonpidatys", "Tds", "Pf", "Esi", "Salary", "Payroll",
     "Requisition", "Candidate", "Email", "Phone", "Masking", "Validator", "Resolver", "Checksum", "Mod97", "Luhn", "Verhoeff", "Pain001", "Encryptor", "Vault", "Credential"]
def camel(n): return "".join(rng.sample(W, n))
def lower_camel(n): s = camel(n); return s[0].lower() + s[1:]
def snake(n): return re.sub(r"(?<!^)(?=[A-Z])", "_", camel(n)).lower()
def ci_java_trace():
    pkg = f"com.acme.{pick(['payroll', 'hris', 'ats', 'bankfiles'])}.{pick(['tax', 'se', 'no', 'dk', 'fi', 'in', 'sf', 'workday'])}"
    lines = ["```", f"{ts_iso()} ERROR [{pick(['payroll-run', 'sf-sync', 'wd-inbound'])}-{ri(0, 9)}] {pkg}.{camel(2)} - {pick(['Tax table lookup failed', 'Skattetabell saknas för kolumn', 'Bank file validation failed', 'Trekktabell ikke funnet'])}",
             f"{pkg}.{camel(2)}Exception: {pick(['no row for income bracket', 'invalid checksum on bank account field', 'column out of range'])}"]
    for _ in range(ri(5, 26)):
        lines.append(f"\tat {pkg}.{pick(['service', 'domain', 'infra', 'api'])}.{camel(ri(2, 3))}.{lower_camel(ri(2, 3))}({camel(2)}.java:{ri(20, 900)})")
    lines += ["\tat org.springframework.batch.core.step.tasklet.TaskletStep.doExecute(TaskletStep.java:" + str(ri(200, 450)) + ")", "\tat java.base/java.lang.Thread.run(Thread.java:1583)", "```"]
    return "\n".join(lines)
def ci_names():
    kind = pick(["kotlin", "python", "sql", "ts"])
    if kind == "kotlin":
        return "```kotlin\n" + "\n".join(f"fun {lower_camel(ri(2, 4))}({lower_camel(1)}: String): Boolean" for _ in range(ri(2, 6))) + "\n```"
    if kind == "python":
        return "```python\n" + "\n".join(f"def {snake(ri(2, 4))}({snake(1)}: str) -> bool: ..." for _ in range(ri(2, 6))) + "\n```"
    if kind == "sql":
        cols = rng.sample(["employee_id", "personnummer_hash", "national_id_encrypted", "iban_last_four", "bank_account_token_ref", "password_hash",
                           "api_key_last_four", "tax_table_no", "tax_column", "pan_masked", "aadhaar_ref_id", "phone_e164_encrypted", "email_hash", "isu_password_rotated_at"], ri(4, 9))
        return f"```sql\nCREATE TABLE {pick(['payroll.employee_pii', 'hr.bank_details', 'ats.candidate_contact'])} (\n" + ",\n".join(f"  {c} {pick(['TEXT', 'BYTEA', 'VARCHAR(64)', 'INT', 'TIMESTAMPTZ'])}" for c in cols) + "\n);\n```"
    return "```ts\n" + "\n".join(f"export const {lower_camel(ri(2, 4))} = ({lower_camel(1)}: string): boolean => {pick(['true', 'false', 're.test(x)'])};" for _ in range(ri(2, 5))) + "\n```"
def ci_workday():
    ops = ["Get_Workers", "Put_Payroll_Input", "Submit_Payroll_Input", "Get_Payroll_Results", "Get_Job_Requisitions", "Put_Candidate", "Get_Organizations", "Import_Payroll_Off-cycle_Payment"]
    return pick(["Integrationerna som rör lön:", "Integrasjonene vi kaller:", "ops used by INT0" + str(ri(10, 99)) + ":", "इस्तेमाल होने वाले ops:"]) + "\n" + "\n".join(
        f"- `{pick(['Human_Resources', 'Payroll', 'Recruiting', 'Payroll_Interface'])}/{o}` (v{ri(40, 45)}.{ri(0, 2)}) → `INT{ri(100, 999)}_{pick(['Payroll', 'Recruiting', 'Bank'])}_{pick(['Outbound', 'Inbound'])}_{pick(COUNTRIES)}`" for o in rng.sample(ops, ri(2, 5)))
def ci_sap():
    return pick(["SAP-fälten vi mappar:", "SAP field mapping:", "SAP-felter:"]) + "\n```\n" + "\n".join(rng.sample([
        "PA0009-BANKN -> bank_account_ref", "PA0009-IBAN -> iban_token", "PA0002-PERID -> national_id_token", "PA0105-USRID_LONG -> work_email_ref",
        "PERNR -> employee_id", "BUKRS -> company_code", "IT0008-LGA01 -> wage_type", "HR_READ_INFOTYPE", "BAPI_EMPLOYEE_ENQUEUE", "RPCALCS0 (payroll driver SE)",
        "RPCALCN0 (payroll driver NO)", "RPCALCK0 (payroll driver DK)", "RPCALCM0 (payroll driver FI)", "RPCALCIN0 (payroll driver IN)", "/SFIOM/PTP_EMPLOYEE_REPLICATE"], ri(3, 8))) + "\n```"
def ci_sf_odata():
    ent = pick(["EmpJob", "EmpEmployment", "PerPersonal", "PerNationalId", "PerEmail", "PerPhone", "cust_BankDetails", "FOPayGroup", "JobRequisition", "Candidate"])
    return f"`GET /odata/v2/{ent}?$select={','.join(rng.sample(['userId', 'personIdExternal', 'startDate', 'company', 'payGroup', 'nationalId', 'isPrimary', 'emailType', 'phoneType', 'jobReqId', 'cust_iban'], ri(2, 5)))}&$filter=lastModifiedDateTime gt datetime'{date_iso()}T00:00:00'` " + pick(
        ["returnerar 0 rader i preview", "gir 0 rader", "palauttaa 0 riviä", "returns 0 rows on preview", "0 rows दे रहा है"])
def ci_kubectl():
    lines = ["$ kubectl get pods -n payroll-prod", "NAME                                        READY   STATUS    RESTARTS   AGE"]
    for s in rng.sample(SERVICES, ri(3, 8)):
        lines.append(f"{s}-{rstr('bcdfghjklmnpqrstvwxz2456789', 10)}-{rstr('bcdfghjklmnpqrstvwxz2456789', 5):<14} 1/1     Running   {ri(0, 3)}          {ri(1, 40)}d")
    return "```\n" + "\n".join(lines) + "\n```"
def ci_terraform():
    return "```\n" + "\n".join(f"{pick(['  # ', '  ~ ', '  + '])}module.{pick(['payroll_sftp', 'bank_connect', 'wd_integration', 'ats_webhooks'])}.{pick(['aws_secretsmanager_secret', 'aws_secretsmanager_secret_version', 'aws_iam_role', 'aws_kms_key', 'aws_s3_bucket'])}.{snake(ri(1, 3))}" for _ in range(ri(2, 7))) + "\n```"
def ci_flags():
    return "Feature flags:\n" + "\n".join(f"- `{pick(['payroll', 'ats', 'payslip', 'bank'])}.{pick(['se', 'no', 'dk', 'fi', 'in'])}.{snake(ri(2, 3))}.enabled` = {pick(['true', 'false', '25%'])}" for _ in range(ri(2, 6)))
def ci_go_panic():
    mod = f"github.com/acme-hr/{pick(['payroll-engine', 'bankfiles', 'taxtables'])}"
    lines = ["```", f"panic: runtime error: {pick(['index out of range [7] with length 7', 'invalid memory address or nil pointer dereference'])}", "", f"goroutine {ri(1, 400)} [running]:"]
    for _ in range(ri(3, 9)):
        lines += [f"{mod}/internal/{pick(['tax/se', 'tax/no', 'tax/fi', 'pain001', 'iban', 'luhn'])}.(*{camel(2)}).{camel(1)}(0xc000{hexs(6)}, {{0xc000{hexs(6)}, 0x{ri(1, 40):x}}})",
                  f"\t/src/internal/{pick(['tax', 'pain001', 'iban'])}/{snake(1)}.go:{ri(10, 400)} +0x{hexs(3)}"]
    return "\n".join(lines + ["```"])
def ci_mangled():
    cpp = f"_ZN{ri(4, 9)}payslip{ri(6, 12)}PdfRenderer{ri(8, 14)}{camel(1)}Ev"
    rust = f"_ZN{ri(8, 12)}payroll_tax{ri(6, 12)}skattetabell{ri(6, 10)}lookup17h{hexs(16)}E"
    return pick(["Linker error in the payslip PDF renderer:\n", "Länkfel:\n", "Symbolit backtracessa:\n"]) + f"```\nundefined reference to `{cpp}'\n#3  0x0000{hexs(12)} in {rust} ()\n```"
def ci_css():
    return "```html\n" + f"<div class=\"Payslip_netPay__{rstr(B62, 5)} css-{rstr(LO + DIG, 7)}\" data-v-{hexs(8)}>\n  <span class=\"sc-{rstr(B62, 6)} {rstr(LO, 6)}\" _ngcontent-ng-c{ri(1000000000, 3999999999)}>{{{{ netPay | currency:'{pick(['SEK', 'NOK', 'DKK', 'EUR', 'INR'])}' }}}}</span>\n</div>\n```"
def ci_proto():
    svc = pick(["PayrollRunService", "TaxTableService", "RequisitionService", "BankFileService", "PayslipService"])
    return f"```proto\nservice {svc} {{\n" + "\n".join(f"  rpc {camel(2)}({camel(1)}Request) returns ({camel(1)}Response);" for _ in range(ri(2, 6))) + "\n}\n```"
def ci_pytrace():
    lines = ["```", "Traceback (most recent call last):"]
    for _ in range(ri(3, 8)):
        lines += [f'  File "/app/{pick(["payroll", "ats", "bankfiles"])}/{snake(1)}/{snake(1)}.py", line {ri(10, 500)}, in {snake(ri(2, 3))}', f"    {snake(1)} = {snake(2)}({snake(1)})"]
    lines += [f"{pick(['KeyError', 'ValueError', 'TaxTableMissing'])}: '{snake(2)}'", "```"]
    return "\n".join(lines)
def ci_dbt():
    return "dbt models touched:\n" + "\n".join(f"- `models/{pick(['staging', 'marts', 'intermediate'])}/{pick(['stg', 'int', 'fct', 'dim'])}_{pick(['workday', 'sf', 'greenhouse', 'payroll', 'bank'])}__{snake(ri(1, 2))}.sql`" for _ in range(ri(2, 6)))
CI = [ci_java_trace, ci_names, ci_workday, ci_sap, ci_sf_odata, ci_kubectl, ci_terraform, ci_flags, ci_go_panic, ci_mangled, ci_css, ci_proto, ci_pytrace, ci_dbt]

# ================================================================ negatives: non_credential_blob
def nb_git():
    lines = ["$ git log --oneline -n " + str(ri(3, 8))]
    msgs = ["fix(tax-se): skattetabell 2026 kolumn 6", "feat(no): trekktabell 2026", "chore: bump pain.001 schema to 001.001.09", "fix(fi): ennakonpidätys rounding",
            "feat(in): new tax regime slabs FY26", "fix(dk): AM-bidrag on holiday pay", "feat(ats): Teamtailor webhook v2", "refactor: iban validator"]
    for _ in range(int(lines[0].split()[-1])): lines.append(f"{hexs(pick([7, 8, 10, 12]))} {pick(msgs)}")
    return "```\n" + "\n".join(lines) + "\n```"
def nb_docker():
    return f"deployed `{pick(SERVICES)}` → `registry.acme.internal/hr/{pick(SERVICES)}@sha256:{hexs(64)}` ({pick(['prod', 'staging'])}, {date_iso()})"
def nb_pain_ids():
    msg = f"{pick(['ACME', 'PAYR'])}-{ymd()}-{ri(1, 99):02d}-{hexs(6).upper()}"
    lines = ["```xml", "<GrpHdr>", f"  <MsgId>{msg}</MsgId>", f"  <CreDtTm>{ts_iso()[:19]}</CreDtTm>", f"  <NbOfTxs>{ri(12, 4800)}</NbOfTxs>",
             "</GrpHdr>", "<PmtInf>", f"  <PmtInfId>{msg}-{pick(COUNTRIES)}</PmtInfId>", "  <PmtMtd>TRF</PmtMtd>"]
    for _ in range(ri(1, 4)):
        lines += [f"  <PmtId><InstrId>{ri(1, 9999):06d}</InstrId><EndToEndId>{hexs(16).upper()}</EndToEndId><UETR>{uuid4()}</UETR></PmtId>"]
    return "\n".join(lines + ["</PmtInf>", "```"])
def nb_filehash():
    out = ["```"]
    for _ in range(ri(2, 6)):
        out.append(f"{hexs(64)}  {pick(['pain001_', 'lon_', 'lonn_', 'lon_dk_', 'palkka_', 'salary_'])}{ymd()}_{ri(1, 9)}.xml{pick(['', '.gpg', '.pgp'])}")
    return pick(["sha256sum på utfilerna:\n", "sjekksummer på filene som gikk til banken:\n", "checksums of the files sent to the bank:\n", "बैंक फ़ाइलों के checksum:\n"]) + "\n".join(out + ["```"])
def nb_hostkey():
    fp = b64(bytes(ri(0, 255) for _ in range(32))).rstrip("=")
    return pick([f"Bankens SFTP host key: `ED25519 SHA256:{fp}` — kontrollera innan ni accepterar.",
                 f"The bank's SFTP host key fingerprint is SHA256:{fp}, matches the letter they sent.",
                 f"Vertsnøkkel (fingeravtrykk) for bankens SFTP: SHA256:{fp}",
                 f"Pankin SFTP-palvelimen sormenjälki: SHA256:{fp}"])
def nb_pgp():
    fp = " ".join(hexs(4).upper() for _ in range(10))
    return pick(["Bank's public PGP key for pain.001 encryption, fingerprint: ", "Bankens publika PGP-nyckel, fingeravtryck: ", "Offentlig PGP-nøkkel fra banken: "]) + f"`{fp}` (expires {date_iso()})"
def nb_workday_wid():
    return "```json\n" + json.dumps({"Worker_Reference": {"ID": [{"type": "WID", "value": hexs(32)}, {"type": "Employee_ID", "value": str(ri(10000, 99999))}]},
                                       "Position_Reference": {"ID": [{"type": "WID", "value": hexs(32)}]}, "Pay_Group_Reference": {"ID": [{"type": "Pay_Group_ID", "value": f"PG_{pick(COUNTRIES)}_{pick(['Monthly', 'Biweekly'])}"}]}}, indent=2) + "\n```"
def nb_webhook_log():
    lines = ["```"]
    for _ in range(ri(2, 7)):
        lines.append(json.dumps({"ts": ts_iso(), "svc": "ats-webhooks", "source": pick(["teamtailor", "greenhouse", "jobylon", "darwinbox"]), "event": pick(["candidate.created", "application.moved", "job.updated"]),
                                 "delivery_id": uuid4(), "traceparent": f"00-{hexs(32)}-{hexs(16)}-01", "sig_ok": True}))
    return "\n".join(lines + ["```"])
def nb_sig_header():
    return "```\nPOST /hooks/ats HTTP/1.1\n" + f"X-Request-Id: {uuid4()}\nX-Teamtailor-Signature: {hexs(64)}\nX-Hub-Signature-256: sha256={hexs(64)}\nIdempotency-Key: {uuid7()}\nContent-Length: {ri(300, 9000)}\n```\n" + pick(
        ["signaturen stämmer nu efter att vi bytte till raw body", "signature verifies now (raw body fix)", "signaturen validerer nå", "allekirjoitus täsmää nyt"])
def nb_integrity():
    return "```\n" + "\n".join(f"\"node_modules/{pick(['iban', 'luhn', 'pdfkit', 'handlebars', 'xmlbuilder2', 'date-fns', 'zod'])}\": {{ \"integrity\": \"sha512-{b64(bytes(ri(0, 255) for _ in range(64)))}\" }}" for _ in range(ri(1, 4))) + "\n```"
def nb_pip():
    return "```\n" + "\n".join(f"{pick(['lxml', 'schwifty', 'python-stdnum', 'reportlab', 'zeep', 'pydantic'])}=={ri(1, 6)}.{ri(0, 20)}.{ri(0, 9)} \\\n    --hash=sha256:{hexs(64)}" for _ in range(ri(1, 4))) + "\n```"
def nb_sops():
    return "```yaml\n" + f"bank:\n    sftp_password: ENC[AES256_GCM,data:{b64(bytes(ri(0, 255) for _ in range(ri(10, 24))))},iv:{b64(bytes(ri(0, 255) for _ in range(32)))},tag:{b64(bytes(ri(0, 255) for _ in range(16)))},type:str]\nsops:\n    lastmodified: \"{ts_iso()[:19]}Z\"\n    mac: ENC[AES256_GCM,data:{b64(bytes(ri(0, 255) for _ in range(32)))},type:str]\n```\n" + pick(
        ["krypterad med SOPS, ok att dela", "encrypted with SOPS, safe to share", "kryptert med SOPS"])
def nb_cursor():
    cur = b64(json.dumps({"offset": ri(100, 9000), "run": run_id()}).encode()).rstrip("=")
    return pick([f"next page: `?cursor={cur}`", f"Workday RaaS paging stops at cursor `{cur}`", f"sivutus jumittuu kursoriin {cur}"])
def nb_b64text():
    t = pick(["lönekörning klar", "lønnskjøring ferdig", "lønkørsel afsluttet", "palkka-ajo valmis", "payroll run complete", "पेरोल रन पूरा"])
    return f"the status field comes back base64'd: `{b64(t.encode())}` = \"{t}\""
def nb_etag():
    return f"```\nHTTP/1.1 200 OK\nETag: {pick(['W/', ''])}\"{hexs(32)}{pick(['', '-' + str(ri(2, 30))])}\"\nx-amz-request-id: {hexs(16).upper()}\nx-amz-id-2: {b64(bytes(ri(0, 255) for _ in range(48)))}\nContent-MD5: {b64(bytes(ri(0, 255) for _ in range(16)))}\n```"
def nb_s3():
    lines = [f"$ aws s3 ls s3://acme-payroll-archive-{pick(['eu-north-1', 'ap-south-1'])}/payslips/{ri(2024, 2026)}/{ri(1, 12):02d}/"]
    for _ in range(ri(3, 9)):
        lines.append(f"{date_iso()} {ri(0, 23):02d}:{ri(0, 59):02d}:{ri(0, 59):02d}   {ri(20000, 900000):>8} batch_{hexs(12)}.zip")
    return "```\n" + "\n".join(lines) + "\n```"
def nb_sentry():
    return f"Sentry {pick(['PAYROLL', 'ATS', 'PAYSLIP'])}-{rstr(UP + DIG, 3)}: event `{hexs(32)}`, release `{pick(SERVICES)}@{hexs(12)}`, trace `{hexs(32)}`"
def nb_ci():
    return f"CI run {ri(1000000000, 9999999999)} job {ri(10000000000, 99999999999)} failed on `{pick(['test_pain001_schema', 'test_skattetabell_2026', 'test_trekktabell', 'test_tds_slabs'])}` (commit {hexs(40)})"
NB = [nb_git, nb_docker, nb_pain_ids, nb_filehash, nb_hostkey, nb_pgp, nb_workday_wid, nb_webhook_log, nb_sig_header, nb_integrity, nb_pip, nb_sops, nb_cursor, nb_b64text, nb_etag, nb_s3, nb_sentry, nb_ci]

# ================================================================ negatives: pii_lookalike_number
def org_se():
    while True:
        body = f"55{ri(6, 9)}{ri(0, 999999):06d}"
        return body[:6] + "-" + body[6:] + luhn_digit(body)
def ytunnus():
    while True:
        b = f"{ri(1000000, 3299999)}"; s = sum(int(c) * w for c, w in zip(b, [7, 9, 10, 5, 8, 4, 2])) % 11
        if s != 1: return f"{b}-{0 if s == 0 else 11 - s}"
def orgnr_no():
    while True:
        b = f"{pick('89')}{ri(10000000, 99999999)}"[:8]; s = 11 - sum(int(c) * w for c, w in zip(b, [3, 2, 7, 6, 5, 4, 3, 2])) % 11
        if s == 11: s = 0
        if s != 10: return f"{b[:3]} {b[3:6]} {b[6:]}{s}"
def ocr_ref(): b = str(ri(10000, 99999999)); return b + luhn_digit(b)
def rf_ref():
    body = str(ri(100000, 99999999999)); r = body + "RF00"; chk = 98 - int("".join(str(int(c, 36)) for c in r)) % 97
    return f"RF{chk:02d}{body}"
def fi_viite():
    b = str(ri(1000, 9999999)); s = sum(int(c) * w for c, w in zip(reversed(b), [7, 3, 1] * 10)); return b + str((10 - s % 10) % 10)
def pl_ids():
    items = [f"Anställnings-id {emp_id()}", f"Rekvisition {req_id()}", f"Lönekörning {run_id('SE')}", f"Org.nr {org_se()}", f"Organisasjonsnummer {orgnr_no()}",
             f"CVR {ri(10000000, 99999999)}", f"Y-tunnus {ytunnus()}", f"Bankgiro {ri(100, 9999)}-{ri(1000, 9999)}", f"OCR {ocr_ref()}", f"KID {ocr_ref()}",
             f"Viitenumero {fi_viite()}", f"Creditor ref {rf_ref()}", f"IFSC {pick(['HDFC', 'ICIC', 'SBIN', 'UTIB'])}0{ri(100000, 999999)}", f"Jira PAY-{ri(100, 9999)}",
             f"ServiceNow INC{ri(1000000, 9999999)}", f"TAN {pick(['BLR', 'MUM', 'DEL', 'PNE'])}A{ri(10000, 99999)}{pick(UP)}", f"Pay group PG_{pick(COUNTRIES)}_{ri(1, 9)}"]
    return "\n".join(rng.sample(items, ri(1, 6)))
def pl_taxtable():
    cc = pick(["SE", "NO", "DK", "FI", "IN"])
    if cc == "SE":
        t = ri(29, 42); lo = ri(20, 80) * 1000 + 1; return f"Skattetabell {t}, kolumn {ri(1, 6)}: {spaced(lo)}–{spaced(lo + 199)} kr → avdrag {spaced(ri(4000, 30000))} kr ({date_iso()[:4]})"
    if cc == "NO":
        return f"Tabelltrekk {ri(7100, 7150)}, månedslønn {spaced(ri(30, 120) * 1000)} kr: trekk {spaced(ri(6000, 40000))} kr. Prosenttrekk {ri(20, 48)} %."
    if cc == "DK":
        return f"Trækprocent {ri(30, 45)} %, fradrag {spaced(ri(3000, 8000))} kr/md, AM-bidrag 8 %, ATP {ri(90, 100)},{ri(10, 99)} kr (lønperiode {ri(1, 12):02d}/{ri(2024, 2026)})"
    if cc == "FI":
        return f"Ennakonpidätysprosentti {ri(5, 45)},{ri(0, 9)} %, lisäprosentti {ri(20, 50)} %, tulouraja {spaced(ri(20, 90) * 1000)} € (verokortti {ri(2024, 2026)})"
    return f"TDS u/s 192 for FY {ri(2024, 2026)}-{ri(25, 27)}: taxable ₹{lakh(ri(500000, 4000000))}, slab {ri(5, 30)}%, cess 4%, Form 24Q Q{ri(1, 4)} token no. {ri(100000000000000, 999999999999999)}"
def pl_amounts():
    return pick(["Bruttolön", "Brutto", "Gross", "Bruttopalkka", "सकल वेतन"]) + f" totalt {spaced(ri(1000000, 90000000))},{ri(0, 99):02d} {pick(['SEK', 'NOK', 'DKK', 'EUR'])}, " + pick(["nettolön", "netto", "net", "nettopalkka"]) + f" {spaced(ri(500000, 60000000))},{ri(0, 99):02d}; India ₹{lakh(ri(1000000, 900000000))}.00 across {ri(40, 4000)} employees"
def pl_csv():
    rows = ["legal_entity;cost_centre;period;headcount;gross;employer_tax;net;run_id"]
    for _ in range(ri(15, 30)):
        cc = pick(COUNTRIES)
        rows.append(f"{ENTITIES[cc]};CC{ri(1000, 9999)};{ri(2024, 2026)}-{ri(1, 12):02d};{ri(3, 400)};{ri(100000, 9000000)}.{ri(0, 99):02d};{ri(10000, 2000000)}.{ri(0, 99):02d};{ri(50000, 6000000)}.{ri(0, 99):02d};{run_id(cc)}")
    return pick(["Export av lönekörningen per kostnadsställe:\n", "Kostnadssted-eksport:\n", "cost centre summary:\n", ""]) + "```csv\n" + "\n".join(rows) + "\n```"
def pl_dates():
    return pick([f"Lönedag {ri(23, 27)}:e, utbetalning {date_iso()}, bankfil senast {ri(1, 28)}/{ri(1, 12)} kl {ri(10, 16)}:00.",
                 f"Lønnsdato {ri(1, 28):02d}.{ri(1, 12):02d}.{ri(2024, 2026)}, A-melding frist {ri(1, 5)}. {pick(['januar', 'mars', 'juni', 'oktober'])}.",
                 f"Lønnen udbetales {ri(1, 28)}/{ri(1, 12)}-{ri(2024, 2026)}, eIndkomst indberettes senest {ri(1, 10)}. i måneden.",
                 f"Palkkapäivä {ri(1, 28)}.{ri(1, 12)}.{ri(2024, 2026)}, tulorekisteri-ilmoitus 5 päivän kuluessa.",
                 f"Salary credit on {ri(1, 28):02d}/{ri(1, 12):02d}/{ri(2024, 2026)}, PF ECR due 15th, TDS challan ITNS 281 by 7th."])
def pl_net():
    return pick(["Bank-SFTP nås från ", "SFTP egress from ", "Brannmuråpning fra ", "Palomuuriavaus: "]) + f"10.{ri(0, 255)}.{ri(0, 255)}.{ri(1, 254)}/32 → 192.168.{ri(0, 255)}.{ri(1, 254)}:22, docs example 203.0.113.{ri(1, 254)} and 198.51.100.{ri(1, 254)}; ports {', '.join(str(p) for p in rng.sample([22, 443, 990, 2222, 8443, 5432, 9092], ri(2, 5)))}"
def pl_versions():
    return f"Workday {ri(2024, 2026)}R{ri(1, 2)}, SuccessFactors {pick(['1H', '2H'])} {ri(2024, 2026)} (b{ri(2300, 2700)}), pain.001.001.{pick(['03', '09'])}, payroll-engine v{ri(1, 9)}.{ri(0, 40)}.{ri(0, 20)}, tax-tables {ri(2024, 2026)}.{ri(1, 12)}.{ri(0, 9)}"
def pl_epoch():
    return f"Slack ts {epoch()}.{ri(100000, 999999)}, run started {epoch()} ({ri(10, 99)}{ri(1000000000, 9999999999)} ms), finished {epoch()}; batch id {ri(100000, 999999)}"
def pl_jira():
    return f"{pick(['PAY', 'HRIS', 'ATS', 'BANK'])}-{ri(100, 9999)}: {pick(['Fel skattekolumn för', 'Feil tabelltrekk for', 'Forkert trækprocent for', 'Väärä pidätysprosentti:', 'Wrong TDS for'])} {ri(2, 300)} anställda i {run_id()} — se även {pick(['INC', 'RITM', 'CHG'])}{ri(1000000, 9999999)} och {req_id()}"
def pl_pain_amounts():
    lines = ["```xml", f"<NbOfTxs>{ri(10, 5000)}</NbOfTxs>", f"<CtrlSum>{ri(100000, 99999999)}.{ri(0, 99):02d}</CtrlSum>", f"<ReqdExctnDt><Dt>{date_iso()}</Dt></ReqdExctnDt>",
             f"<DbtrAgt><FinInstnId><BICFI>{pick(['NDEASESS', 'HANDSESS', 'DNBANOKK', 'DABADKKK', 'OKOYFIHH', 'ESSESESS'])}</BICFI></FinInstnId></DbtrAgt>",
             f"<Cdtr><Id><OrgId><Othr><Id>{org_se()}</Id><SchmeNm><Cd>CUST</Cd></SchmeNm></Othr></OrgId></Id></Cdtr>",
             f"<RmtInf><Strd><CdtrRefInf><Ref>{pick([ocr_ref(), rf_ref(), fi_viite()])}</Ref></CdtrRefInf></Strd></RmtInf>", "```"]
    return "\n".join(lines)
def pl_headcount():
    return pick(["Antal anställda per land: ", "Headcount: ", "Antall ansatte: ", "Henkilöstömäärä: "]) + ", ".join(f"{c} {spaced(ri(10, 12000))}" for c in COUNTRIES) + f"; open reqs {ri(10, 400)}, offers {ri(1, 90)}"
PL = [pl_ids, pl_taxtable, pl_amounts, pl_csv, pl_dates, pl_net, pl_versions, pl_epoch, pl_jira, pl_pain_amounts, pl_headcount]

# ================================================================ negatives: talk_about_secrets
TALK = [
    "Vi roterar lösenordet till bankens SFTP i morgon kl 07, lönefilen måste gå innan dess.",
    "Workday ISU-lösenordet går ut om 14 dagar, någon som vet vem som äger integrationsanvändaren?",
    "Klistra aldrig in personnummer i Slack, använd anställnings-id i stället.",
    "Incident: en lönefil med kontonummer låg i fel SFTP-katalog i 40 minuter. Filen är raderad och banken informerad.",
    "Vi har bytt ut API-nyckeln till Teamtailor efter att den hamnat i en CI-logg. Den gamla är spärrad.",
    "Kan någon bekräfta att maskeringen av IBAN på lönespecen visar bara de sista fyra siffrorna?",
    "Passordet til SFTP-kontoen hos banken er byttet, det nye ligger i Vault som vanlig.",
    "Ikke del fødselsnummer i tråder, bruk ansattnummer.",
    "Vi mistenker at klienthemmeligheten for SuccessFactors har lekket via en skjermdeling, så den roteres i dag.",
    "Hvem har tilgang til PGP-nøkkelen vi signerer lønnsfilene med? Vi må dokumentere det til revisjonen.",
    "Husk: telefonnumre og private e-postadresser til kandidater skal ikke inn i Jira-saker.",
    "Adgangskoden til bankens testmiljø udløber fredag, jeg fornyer den via Vault.",
    "Del aldrig CPR-numre i chatten – brug medarbejdernummeret.",
    "Webhook-hemmeligheden fra Greenhouse er roteret, gamle signaturer afvises nu.",
    "Private nøgle til SuccessFactors OAuth ligger kun i Key Vault, ingen lokale kopier.",
    "Pankin SFTP-salasana vaihdetaan huomenna, palkka-aineisto lähtee ennen sitä.",
    "Älkää liittäkö henkilötunnuksia Slackiin, käyttäkää henkilönumeroa.",
    "API-avain vuoti lokiin, se on nyt mitätöity ja uusi on Vaultissa.",
    "Kuka omistaa Workdayn integraatiokäyttäjän salasanan? Se vanhenee ensi viikolla.",
    "बैंक SFTP का पासवर्ड कल बदल रहे हैं, सैलरी फ़ाइल उससे पहले भेजनी है।",
    "कृपया आधार नंबर या PAN चैट में पेस्ट न करें, employee code इस्तेमाल करें।",
    "Darwinbox की API key CI log में दिख गई थी, उसे revoke करके नई key vault में डाल दी है।",
    "कैंडिडेट का फ़ोन नंबर और ईमेल Jira टिकट में मत डालिए।",
    "We rotated the Workday ISU password after the offboarding script logged it in plain text; the old one is disabled.",
    "Reminder: bank account numbers and national IDs never go in Slack, use the employee id and link the HRIS record.",
    "Postmortem: the ATS webhook secret was committed to a feature branch for 2 hours. Rotated, branch force-pushed, GitHub secret scanning alert closed.",
    "Does anyone know whether SuccessFactors lets us rotate the OAuth X.509 key without downtime for the payroll sync?",
    "The secret scanner flagged the payslip template again — it was the masked IBAN example, false positive.",
    "Who has the PGP private key for the bank channel? Audit wants the list of key custodians by Friday.",
    "Card numbers from the expense tool must be truncated to the last four before they reach the data warehouse.",
    "Security sync: move the Slack bot token for payroll-alerts to the secrets manager and drop it from the helm values.",
    "If you ever paste a password here by mistake, tell #sec-incident right away and rotate it, don't just delete the message.",
    "FAQ: Why can't I see colleagues' personnummer? Because only payroll admins have the national-ID permission.",
    "Regex question: should the DLP rule for Aadhaar use the Verhoeff check, or will that miss the test numbers?",
    "ExternalSecret `bank-sftp` fails with `SecretSyncedError: could not get secret data from provider` — the key exists, maybe the IAM role?",
    "Sealed-secrets controller rotated its key last night, re-seal the payroll secrets before the next deploy.",
    "Vi behöver en rutin för när en kandidat skickar sitt personnummer i ett mejl till rekryteraren.",
    "Lønnsslippen viser nå bare de fire siste sifrene i kontonummeret.",
    "Nøglerotation for bankforbindelsen er planlagt til d. 3., bankens kontaktperson er informeret.",
    "Verokortin tiedot tulevat rajapinnasta, niitä ei tarvitse lähettää sähköpostilla.",
    "PF और ESI के credentials सिर्फ़ payroll admin के पास हैं, शेयर मत करिए।",
    "Kan vi sluta mejla lösenordsskyddade Excel-filer med löner? Lösenordet skickas ju i samma tråd.",
    "Auditor asked how we store tax IDs: encrypted at rest, tokenised in the warehouse, never in logs.",
    "Reminder that the sandbox tenant uses the same SSO, so no shared passwords there either.",
    "Jeg har fjernet API-nøkkelen fra README-en og lagt inn en plassholder i stedet.",
]
def talk():
    n = pick([1, 1, 1, 2, 2, 3, 4, 5])
    sents = rng.sample(TALK, n)
    fmt = pick(["lines", "bullets", "para"])
    if fmt == "bullets" and n > 1: return pick(["Punkter från säkerhetsmötet:\n", "Action items:\n", "Fra sikkerhetsmøtet:\n", "Turvallisuuspalaveri:\n", ""]) + "\n".join("- " + s for s in sents)
    if fmt == "para": return " ".join(sents)
    return "\n".join(sents)
TS = [talk]

# ================================================================ positives: secret makers
def s_aws_id(): return pick(["AKIA", "AKIA", "ASIA"]) + rstr(UP + "234567", 16)
def s_aws_secret(): return rstr(UP + LO + DIG + "+/", 40)
def s_ghp():
    body = rstr(B62, 30); return "ghp_" + body + b62enc(binascii.crc32(body.encode()) & 0xffffffff, 6)
def s_ghfg(): return "github_pat_11" + rstr(UP + DIG, 20) + "_" + rstr(B62, 59)
def s_xoxb(): return f"xoxb-{ri(1000000000, 9999999999999)}-{ri(1000000000000, 9999999999999)}-{rstr(B62, 24)}"
def s_xoxp(): return f"xoxp-{ri(1000000000, 9999999999999)}-{ri(1000000000, 9999999999999)}-{ri(1000000000000, 9999999999999)}-{hexs(32)}"
def s_openai():
    k = pick(["proj", "legacy", "svc"])
    if k == "proj": return "sk-proj-" + rstr(B64U, 74) + "T3BlbkFJ" + rstr(B64U, 74)
    if k == "svc": return "sk-svcacct-" + rstr(B64U, 74) + "T3BlbkFJ" + rstr(B64U, 74)
    return "sk-" + rstr(B62, 20) + "T3BlbkFJ" + rstr(B62, 20)
def s_anthropic(): return "sk-ant-api03-" + rstr(B64U, 93) + "AA"
def s_jwt():
    alg = pick(["HS256", "RS256"]); hdr = {"alg": alg, "typ": "JWT"}
    if alg == "RS256": hdr["kid"] = hexs(16)
    cc = pick(COUNTRIES)
    pl = {"iss": pick(["https://auth.acme-hr.example", "https://idp.payroll.internal", "workday-connector"]), "sub": emp_id(), "tenant": ENTITIES[cc],
          "scope": pick(["payroll:read payslip:read", "ats:webhook", "bankfiles:write", "requisition:approve"]), "iat": epoch()}
    pl["exp"] = pl["iat"] + pick([900, 3600, 86400])
    sig = b64u(bytes(ri(0, 255) for _ in range(32 if alg == "HS256" else 256)))
    return b64u(json.dumps(hdr, separators=(",", ":")).encode()) + "." + b64u(json.dumps(pl, separators=(",", ":")).encode()) + "." + sig
def s_card():
    k = pick(["visa", "mc", "amex", "dankort", "rupay"])
    pre, ln = {"visa": ("4" + str(ri(10000, 99999)), 16), "mc": (str(ri(51, 55)) + str(ri(1000, 9999)), 16), "amex": (pick(["34", "37"]) + str(ri(1000, 9999)), 15),
               "dankort": ("5019" + str(ri(10, 99)), 16), "rupay": ("6521" + str(ri(10, 99)), 16)}[k]
    body = pre + "".join(pick(DIG) for _ in range(ln - len(pre) - 1)); num = body + luhn_digit(body)
    style = pick(["plain", "space", "dash"])
    if style == "plain": return num
    sep = " " if style == "space" else "-"
    if ln == 15: return sep.join([num[:4], num[4:10], num[10:]])
    return sep.join(num[i:i+4] for i in range(0, 16, 4))
def s_iban():
    cc = pick(["SE", "SE", "NO", "NO", "DK", "FI", "FI", "DE", "GB"])
    if cc == "SE": bban = pick(["300", "500", "600", "800", "957"]) + "".join(pick(DIG) for _ in range(17))
    elif cc == "NO":
        while True:
            b = "".join(pick(DIG) for _ in range(10)); s = 11 - sum(int(c) * w for c, w in zip(b, [5, 4, 3, 2, 7, 6, 5, 4, 3, 2])) % 11
            if s == 11: s = 0
            if s != 10: bban = b + str(s); break
    elif cc == "DK": bban = "".join(pick(DIG) for _ in range(14))
    elif cc == "FI": b = pick(["1", "2", "5", "8"]) + "".join(pick(DIG) for _ in range(12)); bban = b + luhn_digit(b)
    elif cc == "DE": bban = "".join(pick(DIG) for _ in range(18))
    else: bban = pick(["NWBK", "BARC", "HBUK", "LOYD"]) + "".join(pick(DIG) for _ in range(14))
    iban = make_iban(cc, bban)
    return group4(iban) if chance(0.5) else iban
def s_ssn():
    while True:
        a = ri(1, 899)
        if a != 666: break
    return f"{a:03d}-{ri(1, 99):02d}-{ri(1, 9999):04d}"
def s_ip():
    while True:
        a = [ri(1, 223), ri(0, 255), ri(0, 255), ri(1, 254)]
        if ip_is_public(a): return ".".join(map(str, a))
FIRST = ["astrid", "johan", "ingrid", "lars", "mette", "jens", "aino", "mikko", "priya", "rahul", "kari", "ola", "freja", "rasmus", "sanna", "arjun", "neha", "elin"]
LAST = ["lindqvist", "berg", "haugen", "nygaard", "sorensen", "virtanen", "korhonen", "sharma", "iyer", "nordin", "dahl", "jensen", "laine", "mehta", "holm"]
DOMAINS = ["acme-hr.se", "nordlon.no", "loenservice.dk", "palkka-apu.fi", "peoplepay.in", "talentbridge.co.in", "gmail.com", "outlook.com", "hotmail.se", "online.no"]
def s_email():
    f, l = pick(FIRST), pick(LAST)
    return pick([f"{f}.{l}", f"{f[0]}{l}", f"{f}{ri(10, 99)}", f"{f}.{l}{ri(1, 9)}"]) + "@" + pick(DOMAINS)
def s_phone():
    cc = pick(["SE", "NO", "DK", "FI", "IN"])
    d = lambda n: "".join(pick(DIG) for _ in range(n))
    if cc == "SE": return pick([f"07{pick('0236')}-{d(3)} {d(2)} {d(2)}", f"+46 7{pick('0236')} {d(3)} {d(2)} {d(2)}", f"08-{d(3)} {d(3)} {d(2)}", f"07{pick('0236')}{d(7)}"])
    if cc == "NO": return pick([f"+47 {pick('49')}{d(2)} {d(2)} {d(3)}", f"{pick('49')}{d(2)} {d(2)} {d(3)}", f"+47 22 {d(2)} {d(2)} {d(2)}"])
    if cc == "DK": return pick([f"+45 {pick(['20', '28', '30', '40', '42', '50', '60'])} {d(2)} {d(2)} {d(2)}", f"{pick(['20', '31', '40', '61'])} {d(2)} {d(2)} {d(2)}"])
    if cc == "FI": return pick([f"040 {d(3)} {d(4)}", f"+358 40 {d(3)} {d(4)}", f"050-{d(3)} {d(4)}", f"+358 9 {d(4)} {d(3)}"])
    return pick([f"+91 {pick('6789')}{d(4)} {d(5)}", f"+91-{pick('6789')}{d(9)}", f"0{pick('6789')}{d(4)} {d(5)}", f"+91 80 {d(4)} {d(4)}"])
PW_WORDS = ["Kanelbulle", "Midsommar", "Fjellvann", "Nordlys", "Hygge", "Smørrebrød", "Sauna", "Mökki", "Kaffe", "Lakrits", "Lønning", "Palkka", "Diwali", "Chai", "Mumbai", "Fika", "Vinter", "Sommer"]
def s_password():
    return pick([f"{pick(PW_WORDS)}{pick(['#', '!', '@', '_', '.', '$'])}{ri(1, 9999)}", f"{pick(PW_WORDS)}{ri(2019, 2026)}{pick(['!', '?', '#'])}",
                 f"{rstr(B62, ri(3, 5))}{pick('!#%&*+-')}{rstr(B62, ri(6, 10))}", f"{pick(PW_WORDS).lower()}-{pick(PW_WORDS).lower()}-{ri(10, 99)}",
                 f"Lön{pick(['Mars', 'April', 'Juni'])}{ri(10, 99)}!", f"Sommer{ri(2020, 2026)}!{pick(['x', 'q', 'k'])}"])

# ================================================================ positives: contexts
T = {
 "aws_access_key_id": [lambda v: f"payslip-arkivet i S3 använder nyckel-id {v}, någon som vet vem som skapade den?",
                       lambda v: f"```ini\n[payroll-archive]\naws_access_key_id = {v}\nregion = eu-north-1\n```",
                       lambda v: f"AWS_ACCESS_KEY_ID={v} # bank-files uploader",
                       lambda v: f"Nøkkel-ID for S3-eksporten: {v}"],
 "aws_secret_access_key": [lambda v: f"```ini\n[payroll-archive]\naws_secret_access_key = {v}\n```",
                           lambda v: f"AWS_SECRET_ACCESS_KEY={v}", lambda v: f"hemlig nyckel till exportbucketen: {v}", lambda v: f"salainen avain: {v} (vain testiin)"],
 "github_classic_pat": [lambda v: f"använd min PAT tills vidare: {v}", lambda v: f"git clone https://{v}@github.com/acme-hr/tax-tables.git",
                        lambda v: f"GH_TOKEN={v} ./scripts/release-tax-tables.sh", lambda v: f"token for payslip-templates repo: {v} (utløper om 7 dager)"],
 "github_fine_grained_pat": [lambda v: f"fine-grained token for the payroll-engine repo (read-only): {v}", lambda v: f"GITHUB_TOKEN: {v}",
                             lambda v: f"ny token till CI för skattetabellerna: {v}"],
 "slack_bot_token": [lambda v: f"payroll-alerts botin token: {v}", lambda v: f"SLACK_BOT_TOKEN={v}", lambda v: f"```yaml\nslack:\n  botToken: {v}\n  channel: \"#payroll-runs\"\n```",
                     lambda v: f"bot-tokenet til lønnsvarslene er {v}"],
 "slack_user_token": [lambda v: f"mitt user-token för att exportera kanalen: {v}", lambda v: f"SLACK_USER_TOKEN={v} python export_hr_channel.py", lambda v: f"user token (xoxp) til arkiveringsscriptet: {v}"],
 "openai_api_key": [lambda v: f"OPENAI_API_KEY={v}", lambda v: f"CV-screening-prototypen kör med {v} just nu",
                    lambda v: f"```python\nclient = OpenAI(api_key=\"{v}\")  # job ad rewriter\n```", lambda v: f"नई key JD generator के लिए: {v}"],
 "anthropic_api_key": [lambda v: f"ANTHROPIC_API_KEY={v}", lambda v: f"nøkkelen til stillingsannonse-assistenten: {v}",
                       lambda v: f"```ts\nconst client = new Anthropic({{ apiKey: \"{v}\" }}); // offer-letter drafts\n```"],
 "jwt": [lambda v: f"curl -H 'Authorization: Bearer {v}' https://api.acme-hr.example/v1/payslips/2026-05",
         lambda v: f"token från wd-connector som failar validering: {v}", lambda v: f"```\nAuthorization: Bearer {v}\n```", lambda v: f"tämä JWT vanhenee heti: {v}"],
 "password": [lambda v: f"lösenordet till bankens test-SFTP är {v}", lambda v: f"passordet til ISU-brukeren i Workday: {v}", lambda v: f"adgangskoden er {v} – skift den efter første login",
              lambda v: f"salasana: {v}", lambda v: f"पासवर्ड है {v}, login के बाद बदल लेना", lambda v: f"```properties\nbank.sftp.user=acme_payroll\nbank.sftp.password={v}\n```",
              lambda v: f"Server=sql-payroll-01;Database=Lon;User Id=lon_app;Password={v};", lambda v: f"WD_ISU_PASSWORD=\"{v}\"", lambda v: f"pw: {v}"],
 "url_credentials": [lambda v: f"sftp://acme_payroll:{v}@sftp.bankconnect-nordics.com:22/inbox", lambda v: f"DATABASE_URL=postgres://payroll_app:{v}@pg-payroll.prod.acme-hr.net:5432/payroll",
                     lambda v: f"mongodb+srv://ats_sync:{v}@ats-cluster.x7k2p.mongodb.net/candidates", lambda v: f"amqps://wd_events:{v}@mq.acme-hr.net:5671/payroll",
                     lambda v: f"redis://:{v}@cache.acme-hr.net:6379/2"],
 "email_address": [lambda v: f"skicka lönefrågan till {v}", lambda v: f"kandidaten svarade från {v}", lambda v: f"kontaktperson hos banken: {v}",
                   lambda v: f"send the offer letter to {v}", lambda v: f"sähköposti: {v}", lambda v: f"ईमेल: {v}"],
 "phone_number": [lambda v: f"ring mig på {v} om lönefilen fastnar", lambda v: f"kandidatens mobil: {v}", lambda v: f"ring meg på {v}", lambda v: f"mit nummer er {v}",
                  lambda v: f"puhelin {v}", lambda v: f"मेरा नंबर {v} है, कॉल कर लेना"],
 "credit_card": [lambda v: f"firmakortet som används för jobbannonserna: {v}, utg. {ri(1, 12):02d}/{ri(27, 30)}", lambda v: f"kortnummer: {v}",
                 lambda v: f"LinkedIn job slots paid with {v} exp {ri(1, 12):02d}/{ri(27, 30)}", lambda v: f"kortti {v}"],
 "iban": [lambda v: f"nytt konto för lönen: {v}", lambda v: f"kontonummer (IBAN) for utbetaling: {v}", lambda v: f"IBAN {v} – tjek venligst",
          lambda v: f"tilinumero {v}", lambda v: f"```xml\n<CdtrAcct><Id><IBAN>{v.replace(' ', '')}</IBAN></Id></CdtrAcct>\n```" if " " not in v else f"IBAN: {v}"],
 "us_ssn": [lambda v: f"US contractor's SSN for the W-9: {v}", lambda v: f"SSN {v} (expat on US payroll)", lambda v: f"the 1099 bounced because SSN {v} didn't match"],
 "ipv4_address": [lambda v: f"bankens SFTP-server ligger på {v}", lambda v: f"allowlist {v} in the Workday tenant", lambda v: f"pankin palvelin {v}:22 ei vastaa",
                  lambda v: f"ssh deploy@{v}", lambda v: f"SuccessFactors callback kommer från {v}"],
}
MAKERS = {"aws_access_key_id": s_aws_id, "aws_secret_access_key": s_aws_secret, "github_classic_pat": s_ghp, "github_fine_grained_pat": s_ghfg,
          "slack_bot_token": s_xoxb, "slack_user_token": s_xoxp, "openai_api_key": s_openai, "anthropic_api_key": s_anthropic, "jwt": s_jwt,
          "password": s_password, "url_credentials": s_password, "email_address": s_email, "phone_number": s_phone, "credit_card": s_card,
          "iban": s_iban, "us_ssn": s_ssn, "ipv4_address": s_ip}
def pem_text(pemtype, pem, layout):
    lines = pem.strip().split("\n"); body = lines[1:-1]
    value = "\n".join(body)
    if layout == 0: return f"```\n{pem.strip()}\n```", value
    if layout == 1:
        ind = "    "; text = "```yaml\nsf:\n  oauthPrivateKey: |\n" + "\n".join(ind + l for l in lines) + "\n```"
        return text, ("\n" + ind).join(body)
    if layout == 2:
        esc = "\\n".join(lines); text = "```json\n{\"bank_sftp_key\": \"" + esc + "\\n\"}\n```"
        return text, "\\n".join(body)
    return pick(["nyckeln till bank-SFTP:n:\n", "her er nøkkelen:\n", "SF OAuth key:\n", "avain:\n"]) + pem.strip(), value
PAIRS = ([("aws_access_key_id", "aws_secret_access_key")] * 5 + [("email_address", "phone_number")] * 4 + [("iban", "email_address")] * 2 +
         [("ipv4_address", "password")] * 3 + [("jwt", "url_credentials")] * 2 + [("github_classic_pat", "openai_api_key"), ("credit_card", "phone_number"),
         ("us_ssn", "email_address"), ("anthropic_api_key", "github_fine_grained_pat")])
def pair_text(a, va, b, vb):
    if a == "aws_access_key_id": return pick([f"```ini\n[payroll-archive]\naws_access_key_id = {va}\naws_secret_access_key = {vb}\n```",
                                              f"export AWS_ACCESS_KEY_ID={va}\nexport AWS_SECRET_ACCESS_KEY={vb}", f"nøkler til S3-eksporten: {va} / {vb}"])
    if a == "email_address": return pick([f"Kandidatens kontakt: {va}, {vb}", f"kontaktperson: {va}, tlf {vb}", f"reach me at {va} or {vb}"])
    if a == "iban": return f"nytt lönekonto {va}, bekräftelse skickas till {vb}"
    if a == "ipv4_address": return pick([f"sftp-server {va}, user acme_payroll, lösenord {vb}", f"host: {va}\nuser: isu_payroll\npassword: {vb}"])
    if a == "jwt": return f"```\nAuthorization: Bearer {va}\nX-Callback: amqps://wd_events:{vb}@mq.acme-hr.net:5671/payroll\n```"
    if a == "github_classic_pat": return f"GH_TOKEN={va}\nOPENAI_API_KEY={vb}"
    if a == "credit_card": return f"kort {va}, ring {vb} om det nekas"
    if a == "us_ssn": return f"W-4 for the US hire: SSN {va}, send the copy to {vb}"
    return f"ANTHROPIC_API_KEY={va}\nGITHUB_TOKEN={vb}"

def s_urlpw(): return f"{pick(PW_WORDS)}{pick(['!', '_', '-', '.', '*', ''])}{ri(10, 9999)}{rstr(B62, ri(0, 4))}"
MAKERS["url_credentials"] = s_urlpw

# ================================================================ build
CATS = [("data_uri_base64", DU), ("placeholder_example", PH), ("code_identifier", CI), ("non_credential_blob", NB), ("pii_lookalike_number", PL), ("talk_about_secrets", TS)]
def build_negatives():
    out, seen, seen_core, redraws = [], set(), set(), {}
    for cat, fns in CATS:
        n = 0
        while n < 100:
            core = pick(fns)()
            if core in seen_core: continue
            text = dress(core)
            hits = scan(text)
            if hits:
                for h in hits: redraws[h[0]] = redraws.get(h[0], 0) + 1
                continue
            if text in seen or text.count("\n") + 1 > 40: continue
            seen.add(text); seen_core.add(core); out.append({"text": text, "category": cat}); n += 1
    rng.shuffle(out)
    return [{"id": f"h{N}n-{i:04d}", **r} for i, r in enumerate(out, 1)], redraws

COUNTS = {k: 9 for k in ["aws_access_key_id", "aws_secret_access_key", "github_classic_pat", "github_fine_grained_pat", "slack_bot_token", "slack_user_token",
                         "openai_api_key", "anthropic_api_key", "jwt", "private_key_pem", "password", "url_credentials", "email_address", "phone_number",
                         "credit_card", "iban", "us_ssn", "ipv4_address"]}
for k in ["aws_access_key_id", "aws_secret_access_key", "email_address", "phone_number", "password", "iban", "ipv4_address", "jwt"]: COUNTS[k] = 10

def check_value(kind, v):
    if kind == "credit_card": assert luhn_ok(re.sub(r"\D", "", v)), v
    if kind == "iban": assert mod97(v) == 1 and len(v.replace(" ", "")) == IBAN_LEN[v[:2]], v
    if kind == "us_ssn":
        a, g, s = v.split("-"); assert a not in ("000", "666") and not a.startswith("9") and g != "00" and s != "0000", v
    if kind == "ipv4_address": assert ip_is_public([int(x) for x in v.split(".")]), v
    if kind == "jwt":
        for part in v.split(".")[:2]: json.loads(base64.urlsafe_b64decode(part + "=" * (-len(part) % 4)))
    if kind == "private_key_pem": base64.b64decode(re.sub(r"\\n|\s", "", v), validate=True)
    if kind == "github_classic_pat": assert b62enc(binascii.crc32(v[4:34].encode()) & 0xffffffff, 6) == v[34:], v
    if kind == "aws_access_key_id": assert re.fullmatch(r"(AKIA|ASIA)[A-Z2-7]{16}", v), v

def build_positives():
    recs = []; used = {k: 0 for k in COUNTS}
    for a, b in PAIRS:
        va, vb = MAKERS[a](), MAKERS[b]()
        recs.append({"text": pair_text(a, va, b, vb), "secrets": [{"kind": a, "value": va}, {"kind": b, "value": vb}], "context": f"multi:{a}+{b}:{PAIRS.index((a, b))}"})
        used[a] += 1; used[b] += 1
    pem_idx = rng.sample(range(len(PEMS)), COUNTS["private_key_pem"])
    for j, i in enumerate(pem_idx):
        typ, pem = PEMS[i]; layout = j % 4
        text, val = pem_text(typ, pem, layout)
        recs.append({"text": text, "secrets": [{"kind": "private_key_pem", "value": val}], "context": f"private_key_pem:{typ}:layout{layout}"})
        used["private_key_pem"] += 1
    for k in COUNTS:
        while used[k] < COUNTS[k]:
            v = MAKERS[k](); t = rng.randrange(len(T[k]))
            text = T[k][t](v)
            if k == "iban" and v.replace(" ", "") in text and v not in text: v = v.replace(" ", "")
            recs.append({"text": dress(text, 0.05, 0.03), "secrets": [{"kind": k, "value": v}], "context": f"{k}:t{t}"})
            used[k] += 1
    for r in recs:
        for s in r["secrets"]:
            assert s["value"] in r["text"], (s, r["text"]); check_value(s["kind"], s["value"])
    assert len(recs) == 150 and sum(len(r["secrets"]) for r in recs) == 170 and sum(len(r["secrets"]) == 2 for r in recs) == 20
    assert len({r["text"] for r in recs}) == 150
    rng.shuffle(recs)
    return [{"id": f"h{N}p-{i:04d}", **r} for i, r in enumerate(recs, 1)], used

def main():
    negs, redraws = build_negatives()
    poss, used = build_positives()
    assert len(negs) == 600 and len({r["text"] for r in negs}) == 600
    for cat, _ in CATS: assert sum(r["category"] == cat for r in negs) == 100
    for name, rows in (("negatives", negs), ("positives", poss)):
        with open(os.path.join(HERE, f"redaction{N}_{name}.jsonl"), "w", encoding="utf-8") as f:
            for r in rows: f.write(json.dumps(r, ensure_ascii=False) + "\n")
    missed = [(r["id"], s["kind"]) for r in poss for s in r["secrets"] if not any(s["value"] in h[1] or h[1] in s["value"] for h in scan(r["text"]))]
    print("negatives: 600, scanner hits on final negatives:", sum(len(scan(r["text"])) for r in negs))
    print("redraws by reason:", dict(sorted(redraws.items())))
    print("positives:", len(poss), "secrets:", sum(used.values()), dict(used))
    print("scanner misses on positives (informational):", len(missed), sorted({k for _, k in missed}))

if __name__ == "__main__":
    main()
