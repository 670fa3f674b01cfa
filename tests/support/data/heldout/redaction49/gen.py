#!/usr/bin/env python3
"""Blind redaction corpus #49: EV charging / connected car Slack. Standard library only.
random.Random(49 * 101) is the only randomness, used in a fixed order."""
import base64, binascii, json, os, re, struct, zlib, random, hashlib

N = 49
rng = random.Random(N * 101)
HERE = os.path.dirname(os.path.abspath(__file__))

R = lambda seq: seq[rng.randrange(len(seq))]
def ri(a, b): return rng.randint(a, b)
HEX = "0123456789abcdef"
B62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
B64 = B62 + "+/"
B64U = B62 + "-_"
def rs(alpha, n): return "".join(alpha[rng.randrange(len(alpha))] for _ in range(n))
def hx(n): return rs(HEX, n)
def HX(n): return rs("0123456789ABCDEF", n)
def uuid4():
    h = hx(32); h = h[:12] + "4" + h[13:16] + R("89ab") + h[17:]
    return "%s-%s-%s-%s-%s" % (h[:8], h[8:12], h[12:16], h[16:20], h[20:])
def b64(b): return base64.b64encode(b).decode()
def b64u(b): return base64.urlsafe_b64encode(b).decode().rstrip("=")
def rbytes(n): return bytes(rng.randrange(256) for _ in range(n))
def ts(y0=2025, y1=2026):
    return "%04d-%02d-%02dT%02d:%02d:%02d.%03dZ" % (ri(y0, y1), ri(1, 12), ri(1, 28), ri(0, 23), ri(0, 59), ri(0, 59), ri(0, 999))
def epoch(): return ri(1735700000, 1798700000)
def date_eu(): return "%02d.%02d.%04d" % (ri(1, 28), ri(1, 12), ri(2025, 2026))
def date_iso(): return "%04d-%02d-%02d" % (ri(2025, 2026), ri(1, 12), ri(1, 28))

# ---------------------------------------------------------------- checksums
def luhn_ok(d):
    s = 0
    for i, c in enumerate(reversed(d)):
        x = int(c)
        if i % 2: x = x * 2 - 9 if x > 4 else x * 2
        s += x
    return s % 10 == 0
def luhn_complete(prefix, length):
    body = prefix + "".join(str(ri(0, 9)) for _ in range(length - len(prefix) - 1))
    for c in "0123456789":
        if luhn_ok(body + c): return body + c
def iban_ok(s):
    s = s.replace(" ", "")
    if not re.fullmatch(r"[A-Z]{2}\d{2}[A-Z0-9]{11,30}", s): return False
    t = s[4:] + s[:4]
    return int("".join(str(int(c, 36)) for c in t)) % 97 == 1
def iban_make(cc, bban):
    t = bban + cc + "00"
    n = int("".join(str(int(c, 36)) for c in t))
    return cc + "%02d" % (98 - n % 97) + bban
def group4(s): return " ".join(s[i:i + 4] for i in range(0, len(s), 4))
def b62_crc(s):
    n = zlib.crc32(s.encode()) & 0xffffffff
    out = ""
    while n: n, r = divmod(n, 62); out = B62[r] + out
    return out.rjust(6, "0")

# ---------------------------------------------------------------- scanner
PRIVATE_NETS = [("10.0.0.0", 8), ("172.16.0.0", 12), ("192.168.0.0", 16), ("127.0.0.0", 8),
                ("192.0.2.0", 24), ("198.51.100.0", 24), ("203.0.113.0", 24), ("100.64.0.0", 10),
                ("169.254.0.0", 16), ("0.0.0.0", 8), ("198.18.0.0", 15), ("224.0.0.0", 4), ("240.0.0.0", 4)]
NEG_OK_NETS = [("10.0.0.0", 8), ("172.16.0.0", 12), ("192.168.0.0", 16), ("127.0.0.0", 8),
               ("192.0.2.0", 24), ("198.51.100.0", 24), ("203.0.113.0", 24)]
def ip_int(s): a = [int(x) for x in s.split(".")]; return (a[0] << 24) | (a[1] << 16) | (a[2] << 8) | a[3]
def in_nets(ip, nets):
    v = ip_int(ip)
    return any((v >> (32 - p)) == (ip_int(n) >> (32 - p)) for n, p in nets)
def ip_public(ip): return not in_nets(ip, PRIVATE_NETS)

RX = {
    "email": re.compile(r"[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}"),
    "github": re.compile(r"gh[pousr]_[A-Za-z0-9]{36}|github_pat_[A-Za-z0-9_]{30,}"),
    "slack": re.compile(r"xox[abposr]-\d+-[A-Za-z0-9-]+"),
    "sk": re.compile(r"sk-[A-Za-z0-9_-]{32,}"),
    "jwt": re.compile(r"eyJ[A-Za-z0-9_-]+\.eyJ[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+"),
    "ssn": re.compile(r"(?<![\d-])\d{3}-\d{2}-\d{4}(?![\d-])"),
    "digits": re.compile(r"(?<![\d])\d(?:[ -]?\d){12,}(?!\d)"),
    "iban": re.compile(r"\b[A-Z]{2}\d{2}(?: ?[A-Z0-9]){11,30}\b"),
    "pem": re.compile(r"-----BEGIN [A-Z ]*PRIVATE KEY-----\s*(?:\\n)?\s*([A-Za-z0-9+/=\s\\n]{40,})"),
    "aws": re.compile(r"\b(?:AKIA|ASIA)[A-Z0-9]{16}\b"),
    "ipv4": re.compile(r"(?<![\d.])(\d{1,3}(?:\.\d{1,3}){3})(?!\.?\d)"),
    "phone_intl": re.compile(r"\+(?:1|31|47|49|86)[ -]?\(?\d{1,4}\)?(?:[ -]?\d{2,4}){2,}"),
    "phone_cn": re.compile(r"(?<!\d)1[3-9]\d{9}(?!\d)"),
    "phone_de": re.compile(r"(?<![\d.])01[5-7]\d[ /-]?\d{7,8}(?!\d)"),
    "phone_nl": re.compile(r"(?<!\d)06[ -]?\d{8}(?!\d)"),
}
def scan(text):
    hits = []
    for k in ("email", "github", "slack", "sk", "jwt", "ssn", "phone_intl", "phone_cn", "phone_de", "phone_nl"):
        for m in RX[k].finditer(text): hits.append((k, m.group(0)))
    for m in RX["digits"].finditer(text):
        run = re.sub(r"[ -]", "", m.group(0))
        if len(run) > 19:
            # check every 13-19 window of a separated group boundary-free long run too
            continue
        if 13 <= len(run) <= 19 and luhn_ok(run): hits.append(("luhn", m.group(0)))
    for m in RX["iban"].finditer(text):
        cand = m.group(0).replace(" ", "")
        for L in range(15, min(34, len(cand)) + 1):
            if iban_ok(cand[:L]): hits.append(("iban", cand[:L])); break
    for m in RX["pem"].finditer(text):
        body = re.sub(r"\\n|\s", "", m.group(1))
        if len(body) >= 40 and "..." not in m.group(0) and "…" not in m.group(0):
            hits.append(("pem", body[:20]))
    for m in RX["aws"].finditer(text):
        if "EXAMPLE" not in m.group(0): hits.append(("aws", m.group(0)))
    for m in RX["ipv4"].finditer(text):
        ip = m.group(1)
        if all(0 <= int(x) <= 255 for x in ip.split(".")) and not in_nets(ip, NEG_OK_NETS):
            hits.append(("ipv4", ip))
    return hits

# ================================================================ domain vocab
CITIES = [("DE", "BER"), ("DE", "MUC"), ("DE", "HAM"), ("DE", "FRA"), ("NO", "OSL"), ("NO", "BGO"), ("NO", "TRD"),
          ("NL", "AMS"), ("NL", "RTM"), ("NL", "UTR"), ("US", "SFO"), ("US", "SEA"), ("US", "AUS"), ("CN", "SHA"), ("CN", "SZX"), ("CN", "PEK")]
MODELS = ["Terra AC W22", "HYC300", "Kempower S-Series", "Zaptec Go", "Easee Charge", "Alfen Eve Double", "Ecotap DUO",
          "Compleo eBOX", "Amtron 4Business", "Pulsar Plus", "Autel MaxiCharger DC", "Tritium PKM150", "CPF50", "星星 60kW 直流桩"]
VENDORS = ["ABB", "Alpitronic", "Kempower", "Zaptec", "Easee", "Alfen", "Ecotap", "Compleo", "Mennekes", "Wallbox", "Autel", "Tritium"]
def cp_id():
    c, s = R(CITIES); return "VLT-%s-%s-%04d" % (c, s, ri(1, 2999))
def evse_id():
    c, _ = R(CITIES); return "%s*VLT*E%06d*%d" % (c, ri(100, 999999), ri(1, 4))
def semver(): return "%d.%d.%d" % (ri(1, 6), ri(0, 24), ri(0, 40))
def priv_ip(): return R(["10.%d.%d.%d" % (ri(0, 255), ri(0, 255), ri(1, 254)), "192.168.%d.%d" % (ri(0, 255), ri(1, 254)),
                       "172.%d.%d.%d" % (ri(16, 31), ri(0, 255), ri(1, 254))])
def doc_ip(): return R(["192.0.2.%d", "198.51.100.%d", "203.0.113.%d"]) % ri(1, 254)
def pod(name): return "%s-%s-%s" % (name, hx(10)[:ri(8, 10)], rs("bcdfghjklmnpqrstvwxz2456789", 5))
def sha256h(): return hx(64)
def gitsha(): return hx(40)

LEADS = ["fyi", "FYI:", "Zur Info:", "Kurz zur Info:", "Til info:", "Bare så dere vet:", "Ter info:", "Even ter info:", "供参考：",
         "补充一下：", "heads-up:", "context:", "Nachtrag:", "PS:", "同步一下："]
TRAILS = ["thx", "danke!", "takk!", "dank je", "谢谢", "ping me if unclear", "mehr im Ticket", "ser på det i morgen", "ik kijk er morgen naar", "🙏", "+1", "明天再看"]

def fence(body, lang=""): return "```%s\n%s\n```" % (lang, body)

# ---------------------------------------------------------------- real bytes
def png_bytes(w, h, rgb):
    def chunk(t, d): return struct.pack(">I", len(d)) + t + d + struct.pack(">I", zlib.crc32(t + d) & 0xffffffff)
    raw = b"".join(b"\x00" + bytes(rgb) * w for _ in range(h))
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0)) + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b"")
def gif_1x1(rgb):
    return b"GIF89a\x01\x00\x01\x00\x80\x00\x00" + bytes(rgb) + b"\x00\x00\x00!\xf9\x04\x01\x00\x00\x00\x00,\x00\x00\x00\x00\x01\x00\x01\x00\x00\x02\x02D\x01\x00;"
def wav_beep(n, freq):
    import math
    data = bytes(int(128 + 60 * math.sin(2 * math.pi * freq * i / 8000)) for i in range(n))
    return b"RIFF" + struct.pack("<I", 36 + n) + b"WAVEfmt " + struct.pack("<IHHIIHH", 16, 1, 1, 8000, 8000, 1, 8) + b"data" + struct.pack("<I", n) + data
def pdf_min(title):
    return ("%%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\n"
            "3 0 obj<</Title(%s)>>endobj\ntrailer<</Root 1 0 R/Info 3 0 R>>\n%%%%EOF\n" % title).encode()
def ico_png(png):
    return struct.pack("<HHH", 0, 1, 1) + struct.pack("<BBBBHHII", 16, 16, 0, 0, 1, 32, len(png), 22) + png
def jfif_head():
    return b"\xff\xd8\xff\xe0\x00\x10JFIF\x00\x01\x01\x00\x00\x01\x00\x01\x00\x00\xff\xdb\x00C\x00" + bytes(range(2, 40))
def woff2_head():
    return b"wOF2\x00\x01\x00\x00" + struct.pack(">IHH", ri(9000, 30000), ri(9, 14), 0) + rbytes(20)
COLORS = ["#00a86b", "#1e88e5", "#f4511e", "#6d4c41", "#43a047", "#fdd835", "#8e24aa", "#263238", "#ffffff", "#e53935"]
def rgb_of(c): return [int(c[i:i + 2], 16) for i in (1, 3, 5)]
def svg_icon():
    c = R(COLORS); s = R([16, 20, 24, 32])
    shape = R(['<path d="M7 2v11h3v9l7-12h-4l4-8z" fill="%s"/>' % c,
               '<rect x="3" y="6" width="16" height="12" rx="2" fill="none" stroke="%s" stroke-width="2"/><rect x="19" y="10" width="2" height="4" fill="%s"/>' % (c, c),
               '<circle cx="12" cy="12" r="9" fill="%s"/><path d="M9 7v4M15 7v4M8 11h8v3a4 4 0 0 1-8 0z" stroke="#fff" fill="none"/>' % c,
               '<path d="M5 17h14l-2-6H7zM7 17v2M17 17v2" stroke="%s" fill="none" stroke-width="2"/>' % c])
    return '<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 24 24">%s</svg>' % (s, s, shape)
def pct(s):
    out = ""
    for ch in s:
        out += ch if ch.isalnum() or ch in " .-/=:'," else "%%%02X" % ord(ch)
    return out.replace('"', "'")
def sourcemap():
    files = R([["src/hooks/useChargingSession.ts", "src/api/ocpi.ts"], ["lib/telemetry/canFrame.ts"], ["src/screens/StationMap.tsx", "src/components/ConnectorBadge.tsx"]])
    return json.dumps({"version": 3, "file": R(["app.js", "main.js", "station-map.js"]), "sources": files, "names": [], "mappings": ";;" + R(["AAAA,SAASA", "AACA,IAAIC", "AAAA;AACA"])}, separators=(",", ":"))
def trunc(s, n):
    if len(s) <= n: return s
    return s[:n] + R(["…", "...", "[%d more chars]" % (len(s) - n)])

def uri_any():
    k = ri(0, 6)
    if k == 0: c = R(COLORS); return "data:image/png;base64," + b64(png_bytes(ri(1, 8), ri(1, 8), rgb_of(c)))
    if k == 1: return "data:image/gif;base64," + b64(gif_1x1(rgb_of(R(COLORS))))
    if k == 2: return "data:image/svg+xml;base64," + b64(svg_icon().encode())
    if k == 3: return "data:image/svg+xml," + pct(svg_icon())
    if k == 4: return "data:image/svg+xml;utf8," + svg_icon().replace('"', "'")
    if k == 5: return "data:image/x-icon;base64," + b64(ico_png(png_bytes(2, 2, rgb_of(R(COLORS)))))
    return "data:audio/wav;base64," + b64(wav_beep(ri(24, 60), R([440, 880, 1000])))

def n_data():
    t = ri(0, 21)
    if t == 0:
        msg = [2, uuid4(), "DataTransfer", {"vendorId": "com.voltaro.hmi", "messageId": R(["SetIdleScreen", "SetQrOverlay", "SetBrandLogo"]),
                                             "data": "data:image/png;base64," + b64(png_bytes(ri(2, 12), ri(2, 12), rgb_of(R(COLORS))))}]
        return R(["HMI push to %s:" % cp_id(), "DataTransfer an %s, Logo kommt nicht an:" % cp_id(), "发给 %s 的待机画面：" % cp_id()]) + "\n" + fence(json.dumps(msg, ensure_ascii=False), "json")
    if t == 1:
        rules = []
        for cls in R([["ccs2", "type2", "chademo"], ["ccs1", "nacs", "j1772"], ["gbt-dc", "gbt-ac"], ["type2", "ccs2"]]):
            rules.append(".connector-icon--%s {\n  width: 24px;\n  height: 24px;\n  background-image: url(\"%s\");\n}" % (cls, trunc("data:image/svg+xml;base64," + b64(svg_icon().encode()), ri(80, 400))))
        return fence("\n".join(rules), "css")
    if t == 2:
        u = "data:image/png;base64," + b64(png_bytes(ri(4, 10), ri(4, 10), rgb_of(R(COLORS))))
        return fence("<Marker coordinate={station.coords}>\n  <Image\n    style={styles.pin}\n    source={{ uri: '%s' }}\n  />\n</Marker>" % u, "tsx")
    if t == 3:
        p = b64(png_bytes(ri(6, 16), ri(4, 8), rgb_of(R(COLORS))))
        cell = {"cell_type": "code", "execution_count": ri(3, 40), "metadata": {}, "outputs": [{"data": {"image/png": p, "text/plain": ["<Figure size 640x480 with 1 Axes>"]}, "metadata": {}, "output_type": "display_data"}],
                "source": ["df.groupby('soc_bucket')['charge_kw'].median().plot()"]}
        return R(["Notebook cell from the SoC-curve analysis:", "Aus dem Ladekurven-Notebook:", "Fra notebooken med ladekurver:"]) + "\n" + fence(json.dumps(cell, indent=1), "json")
    if t == 4:
        return fence("object Placeholders {\n    const val VEHICLE_THUMB = \"%s\"\n    const val STATION_THUMB = \"%s\"\n}" % (
            "data:image/gif;base64," + b64(gif_1x1(rgb_of(R(COLORS)))), "data:image/gif;base64," + b64(gif_1x1(rgb_of(R(COLORS))))), "kotlin")
    if t == 5:
        u = "data:image/png;base64," + b64(png_bytes(ri(3, 12), ri(2, 6), rgb_of(R(COLORS))))
        return R(["Receipt template header (no customer fields, just the logo):", "Kopf der Ladequittung:", "Header van de laadbon:"]) + "\n" + fence(
            '<table class="receipt">\n  <tr><td><img src="%s" alt="Voltaro" width="120"></td></tr>\n  <tr><td>{{ session.energy_kwh }} kWh · {{ session.evse_id }}</td></tr>\n</table>' % u, "html")
    if t == 6:
        return "![%s](%s)" % (R(["status LED legend", "Statusanzeige", "Statuslampe", "状态灯"]), uri_any())
    if t == 7:
        lines = ["%s DEBUG hmi.audio cp=%s event=%s sound=%s" % (ts(), cp_id(), R(["PlugIn", "AuthOk", "AuthRejected", "Fault"]), trunc("data:audio/wav;base64," + b64(wav_beep(ri(20, 80), R([440, 880]))), ri(60, 140))) for _ in range(ri(1, 4))]
        return fence("\n".join(lines))
    if t == 8:
        d = png_bytes(ri(1, 16), ri(1, 16), rgb_of(R(COLORS)))
        return fence("$ echo '%s' | base64 -d | file -\n/dev/stdin: PNG image data, %d x %d, 8-bit/color RGB, non-interlaced" % (b64(d), struct.unpack(">I", d[16:20])[0], struct.unpack(">I", d[20:24])[0]), "console")
    if t == 9:
        u = "data:application/pdf;base64," + b64(pdf_min(R(["Ladequittung Vorschau", "Kvittering lading", "Laadbon voorbeeld", "Charging receipt preview"])))
        return R(["Die Vorschau der Ladequittung kommt als `%s` zurück, Chrome blockt das im iframe.", "PDF preview is returned as `%s`, the webview refuses to render it.",
                  "Forhåndsvisningen kommer som `%s` – Safari viser den ikke.", "预览接口返回 `%s`，iOS 上打不开。"]) % u
    if t == 10:
        code = "\n".join(R(["import{jsx as e}from\"react/jsx-runtime\";", "\"use strict\";var t=require(\"./ocpi\");", "export const kw=(p)=>p/1e3;"]) for _ in range(ri(1, 3)))
        return fence(code + "\n//# sourceMappingURL=data:application/json;base64," + b64(sourcemap().encode()), "js")
    if t == 11:
        return fence("@font-face {\n  font-family: \"VoltaroDisplay\";\n  src: url(\"data:font/woff2;base64,%s\") format(\"woff2\");\n  font-display: swap;\n}" % trunc(b64(woff2_head()), ri(30, 44)), "css")
    if t == 12:
        return fence("var statusIcons = map[string]string{\n\t\"Available\":   \"%s\",\n\t\"Charging\":    \"%s\",\n\t\"Faulted\":     \"%s\",\n}" % (
            "data:image/svg+xml;utf8," + svg_icon().replace('"', "'"), "data:image/svg+xml;base64," + b64(svg_icon().encode()), "data:image/gif;base64," + b64(gif_1x1(rgb_of(R(COLORS))))), "go")
    if t == 13:
        u = trunc("data:image/png;base64," + b64(png_bytes(ri(2, 9), ri(2, 9), rgb_of(R(COLORS)))), ri(40, 90))
        return "Refused to load the image '%s' because it violates the following Content Security Policy directive: \"img-src 'self' https://tiles.voltaro.internal\"." % u
    if t == 14:
        return R(["充电桩屏幕的待机图现在是 %s ，尺寸不对，显示发糊。", "Ikonet for ledig lader i appen er `%s`, det ser uskarpt ut på Android.",
                  "Het laadpaal-icoon in de app is nu `%s`, kan iemand checken of dat klopt?", "Das Stecker-Icon im Partnerportal ist inline: `%s`"]) % uri_any()
    if t == 15:
        loc = {"id": "LOC-%s-%05d" % (R(CITIES)[0], ri(1, 99999)), "evses": [{"uid": "%d" % ri(1000, 9999), "evse_id": evse_id(), "status": R(["AVAILABLE", "CHARGING", "OUTOFORDER"])}],
               "images": [{"url": "data:image/png;base64," + b64(png_bytes(8, 8, rgb_of(R(COLORS)))), "category": "CHARGER", "type": "png", "width": 8, "height": 8}]}
        return R(["Partner pushes images inline in OCPI Locations, our validator rejects it:", "OCPI-Location vom Partner, Bild als data-URI statt URL:"]) + "\n" + fence(json.dumps(loc, indent=2), "json")
    if t == 16:
        return fence("final placeholder = Image.memory(\n  base64Decode('%s'),\n  width: 24,\n);" % b64(png_bytes(ri(2, 6), ri(2, 6), rgb_of(R(COLORS)))), "dart")
    if t == 17:
        har = {"request": {"method": "GET", "url": trunc(uri_any(), ri(60, 160))}, "response": {"status": 200, "content": {"size": ri(60, 400), "mimeType": R(["image/png", "image/svg+xml", "image/gif"])}}}
        return "HAR entry from the driver web app:\n" + fence(json.dumps(har), "json")
    if t == 18:
        d = jfif_head()
        return "Camera snapshot from the site cam gets cut at the JFIF header: `data:image/jpeg;base64,%s…` %s" % (b64(d)[:ri(24, 60)], R(["(nur Header, kein Bild)", "(only header)", "(bare header)"]))
    if t == 19:
        rows = ["%s  %s  icon=%s" % (R(["Available", "Preparing", "Charging", "SuspendedEV", "Finishing", "Faulted", "Unavailable"]), evse_id(), trunc("data:image/svg+xml;base64," + b64(svg_icon().encode()), ri(40, 110))) for _ in range(ri(3, 9))]
        return fence("\n".join(rows))
    if t == 20:
        return fence("ICON_OFFLINE = (\n    \"%s\"\n)\nassert ICON_OFFLINE.startswith(\"data:image/x-icon;base64,AAABAA\")" % ("data:image/x-icon;base64," + b64(ico_png(png_bytes(2, 2, rgb_of(R(COLORS)))))), "python")
    u = uri_any()
    return R(["OTA release notes preview has a broken image: %s", "Der Screenshot im Release-Ticket ist nur `%s`", "Skjermbildet i OTA-varselet er `%s`", "OTA 发布说明里的图是 `%s`"]) % u

def n_placeholder():
    t = ri(0, 23)
    if t == 0:
        msg = [2, uuid4(), "ChangeConfiguration", {"key": "AuthorizationKey", "value": R(["<40-hex-from-vault>", "${CP_AUTH_KEY}", "REPLACE_WITH_AUTH_KEY", "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"])}]
        return R(["Template for the security profile 1 rollout:", "Vorlage für Security Profile 1 (Basic Auth):", "Mal for sikkerhetsprofil 1:", "Sjabloon voor security profile 1:", "安全等级 1 下发模板："]) + "\n" + fence(json.dumps(msg), "json")
    if t == 1:
        lines = ["# csms/.env.example", "DATABASE_URL=postgres://user:password@localhost:5432/csms", "OCPI_TOKEN_A=your-token-a-here", "HUBJECT_CLIENT_SECRET=",
                 "STRIPE_SECRET_KEY=sk_live_xxx", "STRIPE_WEBHOOK_SECRET=whsec_...", "OPENAI_API_KEY=sk-...", "SLACK_BOT_TOKEN=xoxb-your-bot-token", "MQTT_PASSWORD=changeme"]
        body = [lines[0]] + rng.sample(lines[1:], ri(4, 8))
        return fence("\n".join(body), "ini")
    if t == 2:
        return fence("services:\n  csms-db:\n    image: postgres:16\n    environment:\n      POSTGRES_USER: csms\n      POSTGRES_PASSWORD: ${POSTGRES_PASSWORD:-changeme}\n  ocpp-gateway:\n    image: ghcr.io/voltaro/ocpp-gateway:%s\n    environment:\n      DB_URL: postgres://user:password@csms-db:5432/csms\n      OCPP_BASIC_AUTH_PASSWORD: ${OCPP_BASIC_AUTH_PASSWORD}\n      AMQP_URL: amqp://guest:guest@localhost:5672/" % semver(), "yaml")
    if t == 3:
        return fence("- name: Upload firmware to S3\n  env:\n    AWS_ACCESS_KEY_ID: ${{ secrets.AWS_ACCESS_KEY_ID }}\n    AWS_SECRET_ACCESS_KEY: ${{ secrets.AWS_SECRET_ACCESS_KEY }}\n    HUBJECT_P12_PASSWORD: ${{ secrets.HUBJECT_P12_PASSWORD }}\n  run: aws s3 cp build/fw-%s.bin s3://voltaro-ota-staging/fw/" % semver(), "yaml")
    if t == 4:
        return fence("apiVersion: external-secrets.io/v1beta1\nkind: ExternalSecret\nmetadata:\n  name: ocpi-credentials\nspec:\n  secretStoreRef:\n    name: vault\n    kind: ClusterSecretStore\n  data:\n    - secretKey: token_c\n      remoteRef:\n        key: csms/%s/ocpi-token-c\n    - secretKey: token_b\n      remoteRef:\n        key: csms/%s/ocpi-token-b" % ((R(["prod", "staging"]),) * 2), "yaml")
    if t == 5:
        return fence("curl -s -H \"Authorization: Token <TOKEN_C>\" \\\n  \"https://ocpi.%s.example/ocpi/2.2.1/locations?limit=50\" | jq '.data | length'" % R(["partner", "roaming-hub", "emsp"]), "bash")
    if t == 6:
        return R(["Werkseinstellung der %s Weboberfläche ist admin/admin, bitte beim Commissioning sofort ändern (steht im Protokoll als \"Passwort geändert: ja\").",
                  "Default login on the %s local UI is admin / admin — change it at commissioning, the checklist only records yes/no.",
                  "Standardinnlogging på %s er admin/admin, endres ved idriftsettelse.",
                  "Standaard login van de %s web-UI is admin/admin, graag direct wijzigen bij oplevering.",
                  "%s 本地管理页面默认账号 admin/admin，调试时必须修改。"]) % R(MODELS)
    if t == 7:
        last = "%04d" % ri(0, 9999)
        rec = ["VOLTARO LADEPARK", "Terminal-ID: %s" % R(["6XXXXXXX", "********", "TID-••••%02d" % ri(0, 99)]), "Karte: %s" % R(["**** **** **** %s" % last, "•••• %s" % last, "XXXX XXXX XXXX %s" % last]),
               "AID: %s" % R(["A0000000041010", "A0000000031010", "A0000000032010"]), "Betrag: %d,%02d EUR" % (ri(3, 90), ri(0, 99)), "IBAN (Lastschrift): DE** **** **** **** **%02d %02d" % (ri(0, 99), ri(0, 99))]
        return fence("\n".join(rec))
    if t == 8:
        return fence("[profile ota-uploader]\naws_access_key_id = AKIAIOSFODNN7EXAMPLE\naws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY\nregion = eu-central-1", "ini") + "\n" + R(["(doc example keys from the AWS docs, for the README)", "(Beispielwerte aus der AWS-Doku)", "(AWS sine eksempelnøkler)"])
    if t == 9:
        kt = R(["EC PRIVATE KEY", "PRIVATE KEY", "RSA PRIVATE KEY"])
        return R(["Client cert for security profile 3 goes to /etc/ocpp/client.key, format:", "Für Profil 3 muss der Key so aussehen:", "证书私钥格式如下："]) + "\n" + fence("-----BEGIN %s-----\n%s\n...\n-----END %s-----" % (kt, R(["MHcCAQEE...", "MIIEvQIBADANBg...", "<base64 body>"]), kt))
    if t == 10:
        return R(["Alert bot config: `SLACK_BOT_TOKEN=xoxb-your-bot-token`, `SLACK_SIGNING_SECRET=<signing-secret>`.", "Für den Ladefehler-Alarm: `SLACK_BOT_TOKEN=xoxb-...` aus dem Vault ziehen, nicht hier posten."])
    if t == 11:
        return fence("MQTT_USER=op://fleet-telematics/mqtt-broker/username\nMQTT_PASSWORD=op://fleet-telematics/mqtt-broker/password\nOCPP_AUTH_KEY=vault:secret/data/ocpp/%s#authKey" % cp_id(), "ini")
    if t == 12:
        return fence("import os\n\n# sk-ant-api03-...  (set in the env, never here)\nANTHROPIC_API_KEY = os.environ[\"ANTHROPIC_API_KEY\"]\nOPENAI_API_KEY = os.getenv(\"OPENAI_API_KEY\", \"sk-proj-…\")", "python")
    if t == 13:
        return fence("variable \"hubject_client_secret\" {\n  type      = string\n  sensitive = true\n}\n\nresource \"aws_ssm_parameter\" \"ocpi_token_b\" {\n  name  = \"/csms/%s/ocpi/token-b\"\n  type  = \"SecureString\"\n  value = \"{{resolve:secretsmanager:%s/ocpi/token-b:SecretString:token}}\"\n}" % ((R(["prod", "staging"]),) * 2), "hcl")
    if t == 14:
        cred = {"token": R(["<TOKEN_B>", "REPLACE_ME", "${OCPI_TOKEN_B}"]), "url": "https://ocpi.voltaro.example/ocpi/versions", "roles": [{"role": "CPO", "party_id": "VLT", "country_code": R(CITIES)[0]}]}
        return "OCPI credentials handshake body (placeholder token):\n" + fence(json.dumps(cred, indent=2), "json")
    if t == 15:
        return R(["配置说明：`appSecret` 在开放平台控制台获取，格式类似 xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx，不要写进代码。", "密码一栏请填写 `<你的密码>`，默认值 123456 已在固件 %s 中禁用。" % semver(),
                  "桩端 AuthorizationKey 用占位符 `${AUTH_KEY}`，真实值由平台下发。"])
    if t == 16:
        return R(["Passordet ligger i 1Password under «Easee API», ikke lim det inn her. Bruk `EASEE_PASSWORD=<ditt-passord>` lokalt.", "Bruk `ZAPTEC_API_TOKEN=${ZAPTEC_API_TOKEN}` i CI, verdien ligger i Vault."])
    if t == 17:
        return R(["Vul je eigen sleutel in: `SMARTCHARGE_API_KEY=<jouw-sleutel>` en laat het wachtwoord leeg (`DB_PASS=`) voor lokaal testen.", "In de README staat `wachtwoord: ********` als voorbeeld, dat is geen echt wachtwoord."])
    if t == 18:
        v = {"vin": R(["WVWZZZ***********", "<17-char VIN>", "YV1XXXXXXXXXXXXXX", "LRW*************0"]), "ssn": "XXX-XX-XXXX", "phone": "+1 (XXX) XXX-XXXX", "email": "<driver email>"}
        return "US fleet driver onboarding form spec, field masks:\n" + fence(json.dumps(v, indent=2), "json")
    if t == 19:
        lines = ["%s INFO  ocpp16.Authorize cp=%s idTag=%s status=%s" % (ts(), cp_id(), R(["[REDACTED]", "<redacted>", "***", "[MASKED]"]), R(["Accepted", "Blocked", "Invalid"])) for _ in range(ri(2, 6))]
        lines.append("%s INFO  sepa.mandate created iban=%s bic=%s" % (ts(), R(["[FILTERED]", "(sensitive value)", "***"]), R(["[FILTERED]", "***"])))
        return fence("\n".join(lines))
    if t == 20:
        return R(["For the firmware mirror use a fine-grained PAT (`github_pat_...`), not the old `ghp_xxxxxxxxxxxxxxxxxxxx` one.", "`git clone https://<user>:<token>@github.com/voltaro/charger-fw.git` – Token bitte aus dem Vault, nicht `ghp_xxxx…` posten."])
    if t == 21:
        return fence("telematics:\n  broker: mqtts://<username>:<password>@mqtt.fleet.internal:8883\n  client_cert: /run/secrets/vehicle-gw.crt\n  client_key: /run/secrets/vehicle-gw.key\n  jwt: \"Bearer eyJhbGciOi...\"", "yaml")
    if t == 22:
        return fence("ocpp:\n  url: wss://%s:%s@csms.voltaro.internal/ocpp16/%s\n  security_profile: 1" % (R(["${CP_ID}", "<chargepoint-id>"]), R(["${AUTH_KEY}", "<authorization-key>"]), R(["${CP_ID}", "<chargepoint-id>"])), "yaml")
    return fence("# values.yaml\nocpi:\n  tokenB: {{ .Values.ocpi.tokenB }}\n  tokenC: \"%s\"\npayment:\n  terminalApiKey: \"%s\"" % (R(["{{ ocpi_token_c }}", "$(OCPI_TOKEN_C)", "%OCPI_TOKEN_C%"]), R(["sk_test_xxx", "<adyen-api-key>", "AIza****…"])), "yaml")

# ---------------------------------------------------------------- code identifiers
WORDS = ["Token", "IdTag", "Authorization", "Key", "Secret", "Iban", "Card", "Pan", "Vin", "Phone", "Email", "Password", "Credential", "Certificate", "Session",
         "Tariff", "Contract", "Emaid", "Ocpi", "Whitelist", "Rfid", "Mandate", "Meter", "Connector", "Evse", "Rotation", "Cache", "Resolver", "Validator", "Handler"]
def camel(n, lower=False):
    w = "".join(R(WORDS) for _ in range(n)); return w[0].lower() + w[1:] if lower else w
def snake(n): return "_".join(R(WORDS).lower() for _ in range(n))
def mangle_cpp(ns, parts):
    return "_ZN" + "".join("%d%s" % (len(p), p) for p in [ns] + parts) + "E" + R(["v", "RKNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEE", "PKhm", "i"])

def n_code():
    t = ri(0, 19)
    if t == 0:
        pk = R(["com.voltaro.csms.ocpp16", "com.voltaro.csms.ocpp201", "eu.chargetime.ocpp"])
        lines = ["%s ERROR [ocpp-ws-%d] %s.handler.%s - %s" % (ts(), ri(0, 15), pk, camel(3), R(["Authorize failed", "idTag lookup failed", "certificate chain rejected"])),
                 "%s.%sException: %s" % (pk, camel(2), R(["local auth list out of sync", "AuthorizationKey length mismatch", "token cache miss"]))]
        for _ in range(ri(4, 26)):
            lines.append("\tat %s.%s.%s.%s(%s.java:%d)" % (pk, R(["auth", "handler", "config", "security", "roaming"]), camel(3), camel(3, True), camel(2), ri(40, 900)))
        lines.append("\tat java.base/java.lang.Thread.run(Thread.java:1583)")
        return fence("\n".join(lines))
    if t == 1:
        lines = ["panic: runtime error: invalid memory address or nil pointer dereference", "[signal SIGSEGV: segmentation violation code=0x1 addr=0x18 pc=0x%s]" % hx(7), "", "goroutine %d [running]:" % ri(1, 900)]
        for _ in range(ri(3, 9)):
            lines.append("github.com/voltaro/ocpi-bridge/internal/%s.(*%s).%s(0x%s, {0x%s, 0x%x})" % (R(["tokens", "cdrs", "sessions", "tariffs", "hubject"]), camel(2), camel(2), hx(10), hx(7), ri(8, 64)))
            lines.append("\t/src/internal/%s/%s.go:%d +0x%x" % (R(["tokens", "cdrs", "sessions"]), snake(2), ri(20, 600), ri(16, 999)))
        return fence("\n".join(lines))
    if t == 2:
        lines = ["thread 'can-rx' panicked at src/dbc/%s.rs:%d:%d:" % (snake(2), ri(10, 400), ri(5, 60)), "called `Option::unwrap()` on a `None` value", "stack backtrace:"]
        for i in range(ri(3, 10)):
            fn = R(["decode_signal", "lookup_vin_frame", "parse_bms_status", "uds_security_access", "apply_dbc_scaling", "iso_tp_reassemble"])
            lines.append("  %2d: can_decoder::%s::%s::h%s" % (i, R(["dbc", "uds", "isotp", "obd"]), fn, hx(16)))
        lines.append("  %2d: _ZN11can_decoder3obd13read_pid_0x0c17h%sE" % (i + 1, hx(16)))
        return fence("\n".join(lines))
    if t == 3:
        lines = ["Program received signal SIGSEGV, Segmentation fault.", "(gdb) bt"]
        for i in range(ri(3, 12)):
            sym = mangle_cpp("voltaro", [R(["ocpp", "hal", "iso15118", "meter"]), camel(2), R(["validate", "rotate", "load", "verify", "apply"])])
            lines.append("#%d  0x%s in %s () at src/%s.cpp:%d" % (i, hx(16), sym, snake(2), ri(10, 900)))
        return fence("\n".join(lines))
    if t == 4:
        fns = ["def %s(%s):\n    ..." % (snake(ri(3, 6)), R(["cp_id: str", "session: ChargingSession", "token: OcpiToken", "frame: CanFrame"])) for _ in range(ri(2, 6))]
        return fence("\n\n".join(fns), "python")
    if t == 5:
        out = []
        for _ in range(ri(2, 5)):
            bo = ri(256, 2047); name = R(["BMS_Status", "VCU_ChargeReq", "OBC_State", "DCDC_Info", "TCU_KeyFob", "BMS_CellVolt"])
            out.append("BO_ %d %s: 8 %s" % (bo, name, name.split("_")[0]))
            for _ in range(ri(2, 5)):
                out.append(" SG_ %s_%s : %d|%d@1+ (%s,0) [0|%d] \"%s\" Vector__XXX" % (name.split("_")[0], R(["SOC_Display", "PackVoltage", "KeyAuthState", "ChargeCurrentReq", "SecOC_Counter", "PinCodeState"]), ri(0, 56), R([8, 12, 16]), R(["0.1", "0.5", "1"]), ri(100, 1000), R(["%", "V", "A", ""])))
        return fence("\n".join(out), "dbc")
    if t == 6:
        cols = rng.sample(["id_tag_hash", "iban_last_four", "card_pan_token_ref", "phone_e164_hash", "vin_pseudonym", "password_hash", "api_key_last_four", "emaid_checksum", "auth_key_rotated_at", "secret_version"], ri(4, 7))
        return fence("CREATE TABLE charging_tokens (\n  id bigserial PRIMARY KEY,\n" + ",\n".join("  %s %s" % (c, R(["text", "varchar(64)", "timestamptz", "char(4)"])) for c in cols) + "\n);", "sql")
    if t == 7:
        rows = ["NAME                                   READY   STATUS    RESTARTS   AGE"]
        for _ in range(ri(3, 12)):
            rows.append("%-38s %s   %-9s %d          %dd" % (pod(R(["ocpp-gateway", "ocpi-bridge", "hubject-adapter", "token-whitelist-sync", "ota-dispatcher", "telematics-ingest", "payment-terminal-proxy"])), "1/1", R(["Running", "Running", "CrashLoopBackOff"]), ri(0, 9), ri(1, 90)))
        return fence("$ kubectl -n csms get pods\n" + "\n".join(rows), "console")
    if t == 8:
        addrs = ["module.csms.aws_secretsmanager_secret.ocpi_token_b", "module.csms.aws_secretsmanager_secret_rotation.cp_auth_key", "aws_iot_policy.telematics_device_cert_rotation",
                 "module.payments.aws_kms_key.pan_tokenization", "aws_iam_role.ota_signer", "module.hubject.aws_acm_certificate.oicp_client[\"%s\"]" % R(["prod", "qa"])]
        return fence("\n".join("  # %s will be updated in-place" % a for a in rng.sample(addrs, ri(2, 5))), "console")
    if t == 9:
        return R(["Renamed `voltaro.telematics.v1.VehicleKeyService/RotateDigitalKey` → `RotateDigitalKeyV2`, and `Get15118EVCertificateRequest` handling moved to iso15118-svc.",
                  "`GetInstalledCertificateIdsRequest`, `InstallCertificateRequest` und `DeleteCertificateRequest` sind jetzt im Schema-Paket `ocpp201.security`.",
                  "proto: `message ChargingCardTokenRotated { string token_uid_hash = 1; int64 rotated_at = 2; }`"])
    if t == 10:
        flags = rng.sample(["ocpp.security_profile_3.enforce_client_cert", "payment.terminal.pan_truncation_v2", "ocpi.token.whitelist_cache.enabled", "telematics.vin_pseudonymisation", "ota.signed_update_firmware.require_signature", "hubject.pnc.contract_cert_lookup"], ri(2, 5))
        return "Flags flipped for %s:\n" % R(["DE/NL", "Norway", "US pilot", "中国区"]) + "\n".join("- `%s` = %s" % (f, R(["true", "false", "50%"])) for f in flags)
    if t == 11:
        fns = ["Dcm_SecurityAccess_GetSeed_Level0x%02X" % ri(1, 0x41), "Csm_KeyElementSet", "SecOC_GetFreshnessValue", "KeyM_CertificateVerify", "Dcm_SecurityAccess_CompareKey_Level0x%02X" % ri(1, 0x41)]
        return R(["AUTOSAR stack trace on the TCU:", "Call chain im TCU-Log:", "TCU 调用链："]) + "\n" + fence("\n".join("  -> %s()" % f for f in rng.sample(fns, ri(3, 5))))
    if t == 12:
        files = ["static/chunks/pages/account/%s-%s.js" % (R(["payment-methods", "charging-cards", "iban-mandate", "vehicles"]), hx(16)) for _ in range(ri(2, 6))]
        css = ["ChargingCard_tokenBadge__%s" % rs(B62, 5), "IbanField_masked__%s" % rs(B62, 5), "css-%s" % rs("0123456789abcdefghijklmnopqrstuvwxyz", 7)]
        return "Build output:\n" + fence("\n".join(files)) + "\nclasses in the DOM: " + ", ".join("`%s`" % c for c in css)
    if t == 13:
        lines = ["com.voltaro.driver.wallet.%s -> %s:" % (camel(2), ".".join(rs("abcdefgh", 1) for _ in range(3))) for _ in range(ri(3, 8))]
        return "R8 mapping excerpt:\n" + fence("\n".join(lines))
    if t == 14:
        return fence("Thread 3 Crashed:\n0   VoltaroDriver  0x%s $s13VoltaroDriver%d%sC%dvalidate%sSbyKF\n1   VoltaroDriver  0x%s $s13VoltaroDriver%d%sV%dload%syKF" % (
            hx(16), 20, "ChargingCardTokenStore", 8, "Token", hx(16), 19, "VehicleDigitalKeyMgr", 4, "Key"))
    if t == 15:
        return fence("// 校验充电卡令牌（不记录卡号明文）\nfunc %s(ctx context.Context, %s string) (bool, error) {\n\t// 查白名单缓存\n\treturn %s.%s(ctx, %s)\n}" % (camel(3), camel(2, True), camel(1, True), camel(2), camel(2, True)), "go")
    if t == 16:
        keys = rng.sample(["AuthorizationKey", "LocalAuthListEnabled", "AuthorizeRemoteTxRequests", "SecurityProfile", "CpoName", "AllowOfflineTxForUnknownId", "LocalAuthorizeOffline", "AdditionalRootCertificateCheck", "CertificateSignedMaxChainSize"], ri(4, 8))
        return "GetConfiguration keys we read during commissioning (AuthorizationKey is write-only, the CP never returns it):\n" + fence("\n".join(keys))
    if t == 17:
        return fence("class %s(\n    private val %s: %s,\n    private val %s: %s,\n) : %s" % (camel(3), camel(2, True), camel(2), camel(2, True), camel(3), camel(2)), "kotlin")
    if t == 18:
        return "Vue devtools shows `data-v-%s` on the IBAN input and `_ngcontent-ng-c%d` on the legacy portal's card form, both fine." % (hx(8), ri(10 ** 8, 10 ** 10))
    return R(["Wer hat `%s` in `%s` umbenannt? Der Build bricht." % (camel(3, True), camel(2)), "Hvem la til `%s`? Navnet er altfor langt." % snake(5), "`%s` 这个方法名太长了，能改成 `%s` 吗？" % (camel(4, True), camel(2, True)), "Kan `%s` niet gewoon `%s` heten?" % (camel(4), camel(2))])

# ---------------------------------------------------------------- blobs
def ulid(): return rs("0123456789ABCDEFGHJKMNPQRSTVWXYZ", 26)
def can_line():
    cid = R(["7DF", "7E0", "7E8", "18DAF110", "18FEF100", "0CF00400", "3B4", "1A1", "2F0"])
    data = " ".join(HX(2) for _ in range(8))
    return "  can%d  %s   [8]  %s" % (ri(0, 1), cid, data)
def n_blob():
    t = ri(0, 21)
    if t == 0:
        fw = semver()
        man = {"firmware": {"version": fw, "model": R(MODELS), "location": "s3://voltaro-ota/fw/%s/%s.bin" % (fw, sha256h()[:16]), "sha256": sha256h(), "size": ri(800000, 30000000),
                            "signature": b64(rbytes(R([64, 71, 72]))), "signingCertificateSerial": HX(16)}, "rolloutId": uuid4()}
        return R(["OTA manifest for the canary ring:", "OTA-Manifest für Ring 1:", "OTA-manifest for pilotgruppen:", "OTA 灰度清单："]) + "\n" + fence(json.dumps(man, indent=2, ensure_ascii=False), "json")
    if t == 1:
        lines = ["%s  %s" % (sha256h(), "fw-%s-%s.bin" % (R(["ac22", "dc150", "dc300", "tcu"]), semver())) for _ in range(ri(2, 8))]
        return fence("$ sha256sum -c SHA256SUMS\n" + "\n".join(lines), "console")
    if t == 2:
        lines = ["%s %s" % (hx(ri(7, 9)), R(["fix(ocpp): retry BootNotification with backoff", "feat(iso15118): cache contract cert status", "chore: bump meter driver", "fix(can): handle ISO-TP flow control", "revert \"ota: delta patches\"", "fix(ocpi): paginate tokens"])) for _ in range(ri(3, 12))]
        return fence("$ git log --oneline\n" + "\n".join(lines), "console")
    if t == 3:
        lines = ["ghcr.io/voltaro/%s@sha256:%s" % (R(["ocpp-gateway", "ocpi-bridge", "telematics-ingest", "ota-dispatcher"]), sha256h()) for _ in range(ri(2, 6))]
        return R(["Pinned digests for the release:", "Gepinnte Images:", "发布用的镜像摘要："]) + "\n" + fence("\n".join(lines))
    if t == 4:
        tx = uuid4()
        msgs = [[2, uuid4(), "TransactionEvent", {"eventType": "Started", "timestamp": ts(), "triggerReason": "Authorized", "seqNo": 0, "transactionInfo": {"transactionId": tx}, "evse": {"id": 1, "connectorId": 1}}],
                [3, uuid4(), {"idTokenInfo": {"status": "Accepted"}}]]
        return fence("\n".join(json.dumps(m) for m in msgs), "json")
    if t == 5:
        lines = [can_line() for _ in range(ri(4, 30))]
        return R(["candump from the test bench (no VIN frames in this capture):", "CAN-Trace vom Prüfstand:", "CAN-logg fra testbenken:", "Van de testbank:", "台架 CAN 报文："]) + "\n" + fence("$ candump -ta can0\n" + "\n".join(lines), "console")
    if t == 6:
        pay = {"FV": "1.0", "GI": "VOLTARO AC22", "GS": HX(10), "GV": semver(), "PG": "T%d" % ri(1, 999), "IS": False, "IL": "NONE", "IT": "NONE", "ID": "",
               "RD": [{"TM": "%sT%02d:%02d:%02d,000+0100 S" % (date_iso(), ri(0, 23), ri(0, 59), ri(0, 59)), "TX": "B", "RV": round(rng.uniform(100, 9000), 3), "RI": "1-b:1.8.0", "RU": "kWh", "ST": "G"}]}
        sig = {"SA": "ECDSA-secp256r1-SHA256", "SD": "3045022100" + HX(64) + "0220" + HX(64)}
        return R(["Eichrecht: signed meter value (OCMF) from a test session, Transparenzsoftware says valid:", "OCMF-Datensatz aus dem Testlauf:"]) + "\n" + fence("OCMF|%s|%s" % (json.dumps(pay, separators=(",", ":")), json.dumps(sig, separators=(",", ":"))))
    if t == 7:
        hd = {"hashAlgorithm": "SHA256", "issuerNameHash": hx(64), "issuerKeyHash": hx(64), "serialNumber": hx(ri(16, 32)), "responderURL": "http://ocsp.pki.voltaro.internal"}
        return "GetCertificateStatus for the V2G sub-CA:\n" + fence(json.dumps([2, uuid4(), "GetCertificateStatus", {"ocspRequestData": hd}], indent=1), "json")
    if t == 8:
        rows = ["%s  session=%s  cpo_session=%s  evse=%s" % (ts(), uuid4(), uuid4(), evse_id()) for _ in range(ri(2, 8))]
        return "Hubject OICP session ids for the roaming dispute:\n" + fence("\n".join(rows))
    if t == 9:
        cur = b64u(json.dumps({"offset": ri(50, 5000), "date_from": date_iso()}).encode())
        return fence("Link: <https://ocpi.voltaro.example/ocpi/cpo/2.2.1/cdrs?cursor=%s&limit=50>; rel=\"next\"\nX-Total-Count: %d\nX-Limit: 50" % (cur, ri(1000, 90000)), "http")
    if t == 10:
        return fence("ocpi:\n    token_b: ENC[AES256_GCM,data:%s,iv:%s,tag:%s,type:str]\nsops:\n    lastmodified: \"%s\"\n    mac: ENC[AES256_GCM,data:%s,iv:%s,tag:%s,type:str]" % (
            b64(rbytes(ri(24, 48))), b64(rbytes(32)), b64(rbytes(16)), ts(), b64(rbytes(32)), b64(rbytes(32)), b64(rbytes(16))), "yaml")
    if t == 11:
        lines = ["\"%s\": {\"version\": \"%s\", \"resolved\": \"https://registry.npmjs.org/%s/-/%s-%s.tgz\", \"integrity\": \"sha512-%s\"}" % (p, v, p, p.split("/")[-1], v, b64(rbytes(64))) for p, v in [(R(["ocpp-rpc", "ocpp-messages", "mqtt", "can-bus-utils", "@voltaro/ocpi-types"]), semver()) for _ in range(ri(1, 4))]]
        return fence("\n".join(lines), "json")
    if t == 12:
        lines = ["github.com/voltaro/%s v%s h1:%s" % (R(["ocpp-go", "ocpi-go", "dbc", "oicp"]), semver(), b64(rbytes(32))) for _ in range(ri(2, 6))]
        return fence("\n".join(lines))
    if t == 13:
        tid, sid = hx(32), hx(16)
        lines = ['{"ts":"%s","svc":"telematics-ingest","msg":"%s","trace_id":"%s","span_id":"%s","vehicle_ref":"veh_%s"}' % (ts(), R(["frame batch stored", "soc jump ignored", "ota ack"]), tid, hx(16), ulid()) for _ in range(ri(2, 6))]
        return fence("traceparent: 00-%s-%s-01\n" % (tid, sid) + "\n".join(lines))
    if t == 14:
        return R(["Sentry issue for the OCPP reconnect storm: event id `%s`, release `ocpp-gateway@%s`.", "Sentry-Event `%s` (Release %s) ist das gleiche wie gestern.", "Sentry 事件 `%s`，版本 %s。"]) % (hx(32), semver())
    if t == 15:
        rows = ["%s  %s  %s kWh" % (ulid(), R(["Completed", "Invalid", "Pending"]), "%d.%03d" % (ri(1, 80), ri(0, 999))) for _ in range(ri(3, 14))]
        return R(["Sessions by ULID:", "Ladevorgänge (ULID):", "Ladeøkter:"]) + "\n" + fence("\n".join(rows))
    if t == 16:
        off = ri(0, 4096) * 16; lines = []
        for i in range(ri(3, 12)):
            b = rbytes(16); lines.append("%08x: %s  %s" % (off + 16 * i, " ".join(b[j:j + 2].hex() for j in range(0, 16, 2)), "".join(chr(c) if 32 <= c < 127 else "." for c in b)))
        return "Header of the broken delta image:\n" + fence("$ xxd fw-delta.bin | head\n" + "\n".join(lines), "console")
    if t == 17:
        return R(["固件包校验值 sha256: `%s`，和发布单上的一致。", "Sjekksummen for fastvaren er `%s`, stemmer med release-notatet.", "De checksum van de firmware is `%s`, komt overeen.", "Prüfsumme der Firmware: `%s` – passt."]) % sha256h()
    if t == 18:
        lines = ["%s %s %s" % (R(["ssh-ed25519", "ecdsa-sha2-nistp256"]), "SHA256:" + b64(rbytes(32)).rstrip("="), "%s (%s)" % (R(["bastion-csms", "ota-mirror", "cp-maint-gw"]), R(["ED25519", "ECDSA"]))) for _ in range(ri(1, 4))]
        return "Host key fingerprints to pin:\n" + fence("\n".join(lines))
    if t == 19:
        return fence("$ aws s3 ls s3://voltaro-ota/fw/%s/\n" % semver() + "\n".join("%s %02d:%02d:%02d %9d %s.bin" % (date_iso(), ri(0, 23), ri(0, 59), ri(0, 59), ri(800000, 30000000), hx(40)) for _ in range(ri(2, 7))), "console")
    if t == 20:
        return "ETag for the firmware object is `\"%s-%d\"`, Content-MD5 `%s`, x-amz-request-id `%s`." % (hx(32), ri(2, 60), b64(rbytes(16)), HX(16))
    return fence("annotations:\n  checksum/config: %s\n  checksum/secret: %s" % (sha256h(), sha256h()), "yaml")

# ---------------------------------------------------------------- numbers
def n_num():
    t = ri(0, 21)
    if t == 0:
        rows = ["| EVSE ID | kW | Connector | Status |", "|---|---:|---|---|"]
        for _ in range(ri(3, 14)):
            rows.append("| %s | %d | %s | %s |" % (evse_id(), R([11, 22, 50, 150, 300]), R(["Type 2", "CCS2", "CHAdeMO", "NACS", "GB/T"]), R(["Available", "Charging", "Faulted"])))
        return "\n".join(rows)
    if t == 1:
        mv = [2, "%d" % ri(100000, 999999), "MeterValues", {"connectorId": ri(1, 2), "transactionId": ri(10 ** 6, 10 ** 9), "meterValue": [{"timestamp": ts(), "sampledValue": [
            {"value": "%d" % ri(10 ** 5, 10 ** 8), "measurand": "Energy.Active.Import.Register", "unit": "Wh"}, {"value": "%.1f" % rng.uniform(0, 32), "measurand": "Current.Import", "unit": "A"}]}]}]
        return fence(json.dumps(mv), "json")
    if t == 2:
        return R(["Gutschrift GS-%d-%06d zur Rechnung RE-%d-%06d ist raus, Betrag %d,%02d EUR.", "Credit note CN-%d-%06d for invoice INV-%d-%06d issued, %d.%02d USD.",
                  "Kreditnota KN-%d-%06d for faktura F-%d-%06d sendt, %d,%02d NOK.", "Creditnota CN-%d-%06d bij factuur F-%d-%06d, %d,%02d EUR."]) % (ri(2025, 2026), ri(1, 999999), ri(2025, 2026), ri(1, 999999), ri(1, 900), ri(0, 99))
    if t == 3:
        dtcs = rng.sample(["P0A80", "P0AA6", "P0D27", "U0100", "U0293", "P1E00", "B1A55", "P0AFA", "U3000", "P0C78"], ri(2, 5))
        return R(["DTCs read via OBD-II on the test car (odometer %d km):", "Fehlerspeicher Testfahrzeug (km-Stand %d):", "Feilkoder fra testbilen (%d km):", "测试车故障码（里程 %d km）："]) % ri(1000, 150000) + "\n" + "\n".join("- %s (freeze frame SOC %d%%)" % (d, ri(5, 99)) for d in dtcs)
    if t == 4:
        return "Meter %s, serial %d, approval PTB %s, firmware %s, last calibration %s." % (R(["Eastron SDM630", "Iskra WS1102", "DZG DVH4013", "Phoenix EEM-350"]), ri(10 ** 7, 10 ** 9), "DE-M %d/%d" % (ri(10, 26), ri(1000, 9999)), semver(), date_eu())
    if t == 5:
        return R(["Rollout: ring 0 at %s, ring 1 at %s, rest after %s; tested against OCPP 1.6J and 2.0.1 (build %d).", "Firmware %s geht heute auf Ring 0, %s morgen, %s nächste Woche (Build %d)."]) % (semver(), semver(), semver(), ri(1000, 99999))
    if t == 6:
        ips = [priv_ip() for _ in range(ri(2, 6))]
        return R(["Site LAN for %s: chargers on %s, router %s, modbus meter %s." , "Standort-LAN %s: Ladepunkte %s, Router %s, Zähler %s."]) % (cp_id(), ", ".join(ips), priv_ip(), priv_ip())
    if t == 7:
        rows = ["ts_ms,vehicle_ref,soc,odometer_km,pack_temp_c"]
        for _ in range(ri(4, 20)):
            rows.append("%d,veh_%s,%d,%d,%.1f" % (epoch() * 1000 + ri(0, 999), hx(8), ri(5, 100), ri(100, 200000), rng.uniform(-10, 45)))
        return fence("\n".join(rows), "csv")
    if t == 8:
        return R(["Dup of CSMS-%d, see also ZD #%d and CVE-%d-%d in the OCPP lib.", "Siehe CSMS-%d / Zendesk %d, außerdem CVE-%d-%d.", "Samme som CSMS-%d, Zendesk %d, CVE-%d-%d."]) % (ri(100, 9999), ri(100000, 999999), ri(2023, 2026), ri(1000, 49999))
    if t == 9:
        if rng.random() < .5: return "国网充电桩编号 %d，执行标准 GB/T 27930-2015，额定功率 %d kW，站点编号 %d。" % (ri(10 ** 9, 10 ** 10 - 1), ri(30, 360), ri(100000, 999999))
        return "订单号 %d，充电量 %.2f 度，电费 %.2f 元。" % (ri(10 ** 9, 10 ** 10 - 1), rng.uniform(5, 80), rng.uniform(5, 120))
    if t == 10:
        o = "%d%02d%d" % (ri(9, 9), ri(10, 99), ri(100000, 999999))
        return "Fakturaadresse: Voltaro Norge AS, org.nr. %s %s %s MVA, kontonr. på fakturaen." % (o[:3], o[3:6], o[6:])
    if t == 11:
        return "KvK %d, btw NL%09dB01, factuurnummer %d-%05d, laadpunt %s." % (ri(10 ** 7, 10 ** 8 - 1), ri(10 ** 8, 10 ** 9 - 1), ri(2025, 2026), ri(1, 99999), evse_id())
    if t == 12:
        return R(["Site %s: %.5f, %.5f, postcode %s, %d CCS + %d Type 2.", "Standort %s: %.5f, %.5f, PLZ %s, %d HPC + %d AC."]) % (cp_id(), rng.uniform(47, 60), rng.uniform(4, 12), "%05d" % ri(10000, 99999), ri(2, 12), ri(0, 8))
    if t == 13:
        if rng.random() < .5: return "Tarife ab %s: AC %d,%02d ct/kWh, DC %d,%02d ct/kWh, Blockiergebühr 0,10 €/min ab Minute 240." % (date_eu(), ri(39, 59), ri(0, 99), ri(59, 79), ri(0, 99))
        return "Prices from %s: AC $0.%02d/kWh, DC $0.%02d/kWh, idle fee $0.40/min." % (date_iso(), ri(30, 48), ri(45, 69))
    if t == 14:
        rows = ["session_id,evse_id,start_epoch,stop_epoch,kwh,invoice"]
        for _ in range(ri(15, 30)):
            s = epoch(); rows.append("%d,%s,%d,%d,%.3f,RE-%d-%06d" % (ri(10 ** 8, 10 ** 10), evse_id(), s, s + ri(600, 20000), rng.uniform(1, 90), ri(2025, 2026), ri(1, 999999)))
        return R(["Export for the roaming reconciliation:", "Export für den Roaming-Abgleich:"]) + "\n" + fence("\n".join(rows), "csv")
    if t == 15:
        return fence("TID        %08d\nSTAN       %06d\nBeleg-Nr.  %04d\nAuth-Code  %s\nBatch      %03d\nBetrag     %d,%02d EUR\nKarte      **** %04d" % (ri(10 ** 7, 10 ** 8 - 1), ri(0, 999999), ri(1, 9999), rs("0123456789ABCDEF", 6), ri(1, 999), ri(1, 80), ri(0, 99), ri(0, 9999)))
    if t == 16:
        return "arn:aws:iot:eu-central-1:123456789012:thing/%s, account 123456789012, instance i-%s." % (cp_id(), hx(17))
    if t == 17:
        return "Modbus map for the %s meter: 40001–40002 voltage L1, 40013 power, 40073 total import (×0.01 kWh), slave id %d, %d baud." % (R(["Eastron", "Carlo Gavazzi EM340", "ABB B23"]), ri(1, 247), R([9600, 19200, 38400]))
    if t == 18:
        i = "8947%016d" % ri(0, 10 ** 16 - 1)
        return "Telematics unit %s: ICCID %s, IMEISV %016d, modem fw %s." % (R(["TCU-3", "FMC650", "Teltonika FMB140"]), i, ri(10 ** 15, 10 ** 16 - 1), semver())
    if t == 19:
        return "Slack ts %d.%06d, epoch %d, ms %d — %s" % (epoch(), ri(0, 999999), epoch(), epoch() * 1000 + ri(0, 999), R(["which one is the BootNotification?", "welcher davon ist der Reboot?", "hvilken er omstarten?", "哪个是重启时间？"]))
    if t == 20:
        return R(["Ports open on the charger: 22 (disabled in prod), 80, 443, 502 (modbus), 8080; CSMS at %s:443 in the lab.", "Lab setup: CSMS %s, simulator 127.0.0.1:9000, OCPP port 8887."]) % doc_ip()
    rows = ["| Fahrzeug | SoC Start | SoC Ende | kWh | Dauer |", "|---|---:|---:|---:|---|"]
    for _ in range(ri(3, 10)):
        a = ri(5, 60); rows.append("| Flotte #%03d | %d %% | %d %% | %.1f | %d min |" % (ri(1, 400), a, ri(a + 5, 100), rng.uniform(5, 70), ri(10, 300)))
    return "\n".join(rows)

PEMS = [
    ('ec_p256_sec1', '-----BEGIN EC PRIVATE KEY-----\nMHcCAQEEIKTgo34I7fHOS8xlu3A6DmUQ+4nk4MWtanheshKNcDkboAoGCCqGSM49\nAwEHoUQDQgAEWDYCvvNS+g3Nim0ptnh2dTR3QvbPQwJV5kIjZsZClqtbKEfrY3dJ\nkL4mPrCx7EtZSV6mbuiGAjXZcwAxcJKkZw==\n-----END EC PRIVATE KEY-----'),
    ('ec_p256_sec1', '-----BEGIN EC PRIVATE KEY-----\nMHcCAQEEIC9VCj/7I7dfvxq1SNM3MYOixH/LglCmvobGrPc/8mTSoAoGCCqGSM49\nAwEHoUQDQgAEpV9z+h+hrqujG4H+RJwuDxep6Nl2ngSx9N4PGUuxhLmThAMqrCki\niAOYJXDipuzoIt2efx5t9dFkWDig5hNSHQ==\n-----END EC PRIVATE KEY-----'),
    ('ec_p384_sec1', '-----BEGIN EC PRIVATE KEY-----\nMIGkAgEBBDCjpAtlprIlaIrE7TmlDg/rZHB26d2AVBT3DsVSafDfY9c5Vdgul7pJ\nZwptYh/eomugBwYFK4EEACKhZANiAATyyoiKzRv57xkBjGzoLwmtby4KKq0jDZAZ\nWik2U+NCrR5SuWjWPUUzA0zEwip3XW5rshZIqwBGVXP6HTQiV/lKJD3CY1wcR3zV\nQGixSji9H/lByEHyxd7vcT5e/pEdA7c=\n-----END EC PRIVATE KEY-----'),
    ('ed25519_pkcs8', '-----BEGIN PRIVATE KEY-----\nMC4CAQAwBQYDK2VwBCIEIFgKR0Rut/+tT/4FCoX24G86q5GhAPGa8cWRrhV+/sUD\n-----END PRIVATE KEY-----'),
    ('ed25519_pkcs8', '-----BEGIN PRIVATE KEY-----\nMC4CAQAwBQYDK2VwBCIEIDd1XQzGni4uykruOFA5BzFG1s7ksdn9XZwQG3Egj2UQ\n-----END PRIVATE KEY-----'),
    ('rsa2048_pkcs1', '-----BEGIN RSA PRIVATE KEY-----\nMIIEpAIBAAKCAQEAuxfrFyvN6mMuR1sOc7r8uqC9WdePuvyXdugClF/xz3g0EQjk\nh7g6XRmxMOzw/9ycJx+F/xHKhEvWjzyIvcB3PkKpJSXoTS32fYJfStmTB3b7/Q0Q\nPVyqnJ0mcLS4SyZY1lXAEctv1a0rwR3V/5B3fOROK10v8lNFzdpyFdvGPkQsWok7\nBy/H48n2ZWqKi1S36uphAJW7+SWLcu+jChvyOGHv6IdPywwUqC8TN919xQ2LFZxL\nmr8Yj9HHh/VNrIKYGcWBXWLn1Mq1hn06+IGu31wdZeCnAarx6YSDsC1X/ddHJv21\n0kz1rr8jRx2cDtbpzh4rF1PJizvOkzSOKrhEXwIDAQABAoIBABLwRuHfk0aIp6Sd\neQcKBI83ujMf+PKqowJsVeaDF80yk8KtrcR3R6Eo+qDDO1oLENt8+2loeaGOs7do\nH0dl9iwdP1X9UliNsIff7Jl9EL8Osk9ZRS2Q9cxItB1wjb89sHxxzbF/cGCm2OkB\nhioKi63exnLpSfMzrrs5w5am2phuzdjb/RZr4sWjSJPHvrliupuOpdlZxh1ct5v1\nI+SrgL1lZ71l9q3+OMcnQk2LojAFWU0YIcsrB4uPxlms9uA42lLGBn/EB83iCID/\nB7axbSLVLusiyTwr0hvyjJBOSyWLhJGIw2HWX/dzYBP2Q5qqA64GPpOVAFAdkaoY\nW9lkxVECgYEA5mzPnGVKYuP9jGSP981IvcYzFfrf8Db/JRPrLcI6mp3kHFJ4jOxH\nFu3UTb6Mt+VohqILRb9p/nT6RsgWkixGJR0LCbxFSJ0eczeoN0EGNm8egLN8P7Aa\noRQDC9JBhMt2kBd1TPx2k5nh2swLaqXKsbi9dNyIwnirx3MjspNcPzMCgYEAz9vn\nO+fb7sfXmLt1S8WhoDhFUuUASyK+tk08zc+8tJGIgqwkXjtFdokwzrRIN2qBiqWt\nUCER2i2zFAbSv59tNGj+89EtYgS91zjassR7PtqAsITyFqFnA73w5M85aQF/lPwI\nVedKAOvA+hfiSDghqU1pfKlUGaEdgQCnR7o4ViUCgYBHS+e5JoYrrwumwv7g173o\nKkloRaXAt+OeX1lnYS+s46nPMZ1nTTx51cDZBVqZE/yRm9YNELsFJsDB4etJ8zUJ\nCsF9k6mEXEktsUz1O8NmWF+Bxwds1VqH+J8wqy/mnOXkk72RwpQV+4ksn/HwX7gl\n4VmNrScLtTbBkdi7ymjCjQKBgQCZgo3PB1i9i6fla6SgFlBctNI1+1xxITL6Dib2\n1RJHxSetYhbl5R5TAdUjA7BGBQmw7NUH1bSKjq+v/a4NyV9skpKgXP8IYfoWhi22\nUze2XscmFrl4DzG2aMQNKCH9NBcWX+CEGPHlpjd6PMNolNP/ZmWepKuw1fWlPWdN\nqPFMZQKBgQDiJhVGP6kANQasupJ0/tdfWOies3+kzsEbiZ9x/azpCYIbs+EOZo3e\nivRr1n19rV6UYUmFXoCpiVhudeQ15SCRYeB5stO9iEm3tZr25lshWwgS/xJp6Q+I\n+q+uJGhJJ9I9tup9uP+nEAAIt06fRL7iNM4aSozGQOaHXk7d2EfOyA==\n-----END RSA PRIVATE KEY-----'),
    ('rsa1024_pkcs8', '-----BEGIN PRIVATE KEY-----\nMIICdwIBADANBgkqhkiG9w0BAQEFAASCAmEwggJdAgEAAoGBAK7azr7Vpb1xSRv4\nK8d7LuN9KQ9KnD+IMOwxMePae9wIOmyFOh2GaIfJolJQSO719c1BYaB7R9xmDhhr\ngOXNNz7MwFKu8P0hGiaCnHtN2LDs7YxKI8fCeoKKrhJa/g3NEQmdkAG5D1BFThz6\ntxC4PACr8sKao2CxO81zDoDw00DjAgMBAAECgYAK4gWCLSv+qYFiY0TeSpV1hUG7\n+OnWrnRVDw7K3rtcy4pPXM9sLQRuhyc6NlMDxH1DBDG+Wk3zsspnzLEeHHK2tJMj\nuTw2JEe34VTmLD1xoOKrtZMQnpoongbFLpTDH+71y2vJ6hYOZRMDuqswBVkr2wWS\nxvC6zbTg587l+vZS+QJBANXKTVzNkCewk0BRiBM7gqgFxKpkwHWIEpxoTmsHZqEo\ny/dIHd3WBzI/iJn/aJwHs+GMRNfD4RzqtDg8UA0Lmv0CQQDRYJHBWqGZdd3ApLqM\nKfXzzNF2RpQ3/7qKlaV5+i+hxBucA6X7fAhMJK8CFG+npWGtgO0Q6k8p5RyzhZLe\nHMFfAkAYP1ag5OuppLw+ukCNtd0uw2C31q+BZQp/VNE4EGHSe3cOt84zX9f3Gf+b\nP72UnMcJGMiiFCRPDEueaTDHGf7dAkEAr+IMbr2AlJYzotl+L7Ir/xJmPpIJfoUf\nIb2V1UJ6csx3WPajnv9RRQ1nyjp6lPzTcdmky5nYyFvDYXbqqhTDxwJBAM9CynXc\n40ZFDr3juSmz9I1aVl1obhrfsw9eY3GyLZIqBlKKgxoj/6hQWTPRbgYU3a3BQJ7i\n7iC5I9qFnkowq1I=\n-----END PRIVATE KEY-----'),
    ('openssh_ed25519', '-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZW\nQyNTUxOQAAACBuuQY1DhgZOJ2pTxBipRjWlT4YL0jQfMPScXEa/L9xyQAAAIjGYIPYxmCD\n2AAAAAtzc2gtZWQyNTUxOQAAACBuuQY1DhgZOJ2pTxBipRjWlT4YL0jQfMPScXEa/L9xyQ\nAAAEA+qGoZSH4axchMFcQLaPO4Qx8AZtsSwy2q6AvmNrbl0m65BjUOGBk4nalPEGKlGNaV\nPhgvSNB8w9JxcRr8v3HJAAAAAAECAwQF\n-----END OPENSSH PRIVATE KEY-----'),
    ('openssh_ed25519', '-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZW\nQyNTUxOQAAACBTupKuhxSf29hb6n/og8HtzF/HqSeI1mdYH5IprsJn/QAAAIj4OcJY+DnC\nWAAAAAtzc2gtZWQyNTUxOQAAACBTupKuhxSf29hb6n/og8HtzF/HqSeI1mdYH5IprsJn/Q\nAAAEA1Z8YM6xfcfxkewLzpw1srsAduAkdRLAlIUmTG4/lT/lO6kq6HFJ/b2Fvqf+iDwe3M\nX8epJ4jWZ1gfkimuwmf9AAAAAAECAwQF\n-----END OPENSSH PRIVATE KEY-----'),
]

# ---------------------------------------------------------------- talk about secrets
TALK = [
    "Rotated the OCPP AuthorizationKey on all %s chargers in Oslo last night, the old keys are revoked in the CSMS.",
    "Never paste the AuthorizationKey into a ticket, the CP can't tell a leaked key from ours.",
    "The OCPI token C for the new eMSP partner is in Vault now, please don't DM it around.",
    "Hubject sent the new OICP client cert; the private key never leaves the HSM, we only upload the CSR.",
    "Reminder: the payment terminal never gives us the full PAN, only the last four and the AID. Keep it that way for PCI scope.",
    "If a driver posts their card number in the support chat, delete the message and tell them we'll never ask for it.",
    "RFID UIDs count as personal data for us (they're linked to a contract), so they get hashed before they hit the data lake.",
    "Who has the password for the Zaptec portal? Please answer in 1Password, not here.",
    "The leaked GitHub token from Tuesday was revoked within 12 minutes, secret scanning caught it.",
    "Rule of thumb: VINs in logs only pseudonymised, the raw VIN stays in the fleet DB.",
    "Die AuthorizationKeys für Security Profile 1 werden jetzt alle 90 Tage rotiert, automatisch über SetVariables.",
    "Bitte keine IBANs in Jira-Tickets, die SEPA-Mandate liegen nur beim PSP.",
    "Der private Schlüssel für die OTA-Signatur liegt im HSM, das Build-System bekommt nur eine Signatur zurück.",
    "Wenn ein Fahrer seine Telefonnummer im Kanal postet, bitte Nachricht löschen und im Ticket vermerken.",
    "RFID-Kartennummern sind personenbezogen (DSGVO), deshalb nur gehasht im Log.",
    "Das Passwort für die Weboberfläche der Wallboxen ist pro Gerät unterschiedlich und steht nur im Commissioning-Tool.",
    "Hat jemand das neue Hubject-Zertifikat schon eingespielt? Das alte läuft am Freitag ab.",
    "Nach dem Vorfall: alle OCPI-Tokens der Partner wurden neu ausgetauscht, Token A ist überall ungültig.",
    "Passordet til lader-portalen er byttet, det nye ligger i 1Password-hvelvet «Drift».",
    "Ikke lim inn kortnummer eller personnummer i Slack, heller ikke delvis.",
    "OCPI-tokenet til Elbilforeningen-integrasjonen ble rotert i dag, gamle token er ugyldig.",
    "Vi logger aldri RFID-UID i klartekst, bare en hash med salt per miljø.",
    "API-nøkkelen til Easee lå i en gammel commit, den er nå trukket tilbake og byttet.",
    "Telefonnumre til sjåførene i flåten ligger bare i CRM-et, ikke i telematikkdataene.",
    "Het wachtwoord van de laadpaal-webinterface staat alleen in de beheertool, niet in Confluence.",
    "Graag geen IBAN's of BSN's in tickets, ook niet gedeeltelijk.",
    "De OCPI-token voor de nieuwe roamingpartner is geroteerd, de oude werkt niet meer.",
    "Het certificaat voor Plug & Charge verloopt volgende maand; de private key blijft in de HSM.",
    "Als een bestuurder zijn pasnummer in de chat zet, bericht verwijderen en doorverwijzen naar support.",
    "桩端的 AuthorizationKey 每 90 天轮换一次，旧的立即作废。",
    "不要在群里发银行卡号、身份证号或者手机号，截图也不行。",
    "OTA 签名私钥放在 HSM 里，构建机只拿到签名结果。",
    "充电卡的 RFID 卡号属于个人信息，日志里只保留哈希。",
    "昨天泄露的 API 密钥已经吊销并重新生成，影响范围在事故报告里。",
    "The scanner flags anything that looks like a 16-digit card number, including our EVSE serials, so expect false positives.",
    "Our regex for IBANs checks the mod-97 checksum now, so random order ids no longer trigger it.",
    "ExternalSecret `ocpi-credentials` fails with `SecretSyncedError: could not get secret data from provider`, the Vault role lost its policy.",
    "sealed-secrets controller can't decrypt after the key rotation: `no key could decrypt secret (ocpp-auth-keys)`. Re-sealing now.",
    "SSNs only exist in the US payroll system, never in fleet or charging data.",
    "Passwords for the charger modems are generated per SIM and stored in the device registry, nobody should need to type them.",
    "Kann jemand bestätigen, dass der Stripe-Webhook-Secret im letzten Deploy neu gesetzt wurde?",
    "Für die Plug&Charge-Verträge brauchen wir kein Passwort, nur das Vertragszertifikat.",
    "Vi har fått bekreftet fra Hubject at sertifikatet er fornyet; ingen nøkler ble delt på e-post.",
    "Is het JWT voor de fleet-API nog 15 minuten geldig of hebben we dat verlengd?",
    "JWTs für die Fahrer-App laufen nach 15 Minuten ab, Refresh-Tokens nach 30 Tagen.",
    "如果司机把车架号和手机号一起发过来，先脱敏再转给售后。",
    "Security sync: token rotation for OCPI done, Hubject cert renewed, AuthorizationKey rotation at 80 %.",
    "Incident summary: an .env with test credentials was in the OTA repo for two hours; keys rotated, no access in the logs.",
    "We store the card fingerprint from the PSP, not the card number, so refunds work without PAN.",
    "Dual control for the OTA signing key: two people, two hardware tokens, no exceptions.",
]
def n_talk():
    t = ri(0, 9)
    if t <= 3: return R(TALK).replace("%s", str(ri(40, 900)))
    if t == 4: return "\n".join("- " + R(TALK).replace("%s", str(ri(40, 900))) for _ in range(ri(2, 5)))
    if t == 5: return R(["Q: ", "Frage: ", "Spørsmål: ", "Vraag: ", "问："]) + R(["can I put the OCPI token in the runbook?", "darf das AuthorizationKey im Wiki stehen?", "kan jeg legge API-nøkkelen i README?", "mag het wachtwoord in de handleiding?", "能把密钥写进配置文件吗？"]) + "\n" + R(["A: ", "Antwort: ", "Svar: ", "Antwoord: ", "答："]) + R(["no, link the Vault path instead.", "nein, nur den Vault-Pfad.", "nei, bare stien i Vault.", "nee, alleen het pad in Vault.", "不能，只写 Vault 路径。"])
    if t == 6: return R(["Runbook – leaked charger key:", "Runbook – geleakter Schlüssel:", "Runbook – lekket nøkkel:", "泄露处理流程："]) + "\n" + "\n".join("%d. %s" % (i + 1, s) for i, s in enumerate(rng.sample(["revoke the key in the CSMS", "push a new AuthorizationKey via ChangeConfiguration", "check BootNotification logs for unknown sources", "rotate the OCPI token if it was shared", "write the incident note (no key values in it)", "inform the CPO partner", "close the ticket after 24 h without anomalies"], ri(3, 6))))
    if t == 7: return "Scanner discussion: a card-number rule without Luhn would hit our %d-digit EVSE serials and the 10-digit order ids; with Luhn plus context words (\"Karte\", \"card\", \"卡号\") the false positives drop." % R([12, 14, 16])
    if t == 8: return R(["FAQ: Why can't support see the full IBAN? Because the PSP holds it; we only get the last 4 digits and the mandate reference.", "FAQ: Warum sieht der Support die Kartennummer nicht? Weil das Terminal nur gekürzte PANs liefert.", "FAQ: Hvorfor ser ikke support kortnummeret? Terminalen sender bare de fire siste sifrene."])
    return R(TALK).replace("%s", str(ri(40, 900))) + " " + R(TALK).replace("%s", str(ri(40, 900)))

# ================================================================ build negatives
CATS = [("data_uri_base64", n_data), ("placeholder_example", n_placeholder), ("code_identifier", n_code),
        ("non_credential_blob", n_blob), ("pii_lookalike_number", n_num), ("talk_about_secrets", n_talk)]
def decorate(text, lead_p=0.13, trail_p=0.06):
    if rng.random() < lead_p: text = R(LEADS) + R([" ", "\n"]) + text
    if rng.random() < trail_p: text = text + R(["\n", " "]) + R(TRAILS)
    return text
def build_negatives():
    seen, recs, redraws = set(), [], {}
    for cat, fn in CATS:
        got = 0
        while got < 100:
            text = decorate(fn())
            if text in seen or text.count("\n") + 1 > 40: continue
            h = scan(text)
            if h:
                redraws[cat] = redraws.get(cat, 0) + 1; continue
            seen.add(text); recs.append((cat, text)); got += 1
    rng.shuffle(recs)
    return [{"id": "h%dn-%04d" % (N, i + 1), "text": t, "category": c} for i, (c, t) in enumerate(recs)], redraws

# ================================================================ positives: secret makers
def mk_aws_id(): return R(["AKIA", "AKIA", "AKIA", "ASIA"]) + rs("ABCDEFGHIJKLMNOPQRSTUVWXYZ234567", 16)
def mk_aws_secret(): return rs(B64, 40)
def mk_ghp():
    r = rs(B62, 30); return "ghp_" + r + b62_crc(r)
def mk_ghfg(): return "github_pat_11" + rs("ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789", 20) + "_" + rs(B62, 59)
def mk_xoxb(): return "xoxb-%d-%d-%s" % (ri(10 ** 9, 10 ** 12), ri(10 ** 12, 10 ** 13), rs(B62, 24))
def mk_xoxp(): return "xoxp-%d-%d-%d-%s" % (ri(10 ** 9, 10 ** 12), ri(10 ** 9, 10 ** 12), ri(10 ** 12, 10 ** 13), hx(32))
def mk_openai():
    k = ri(0, 2)
    if k == 0: return "sk-proj-" + rs(B64U, 74) + "T3BlbkFJ" + rs(B64U, 74)
    if k == 1: return "sk-" + rs(B62, 20) + "T3BlbkFJ" + rs(B62, 20)
    return "sk-svcacct-" + rs(B64U, 74) + "T3BlbkFJ" + rs(B64U, 74)
def mk_anthropic(): return "sk-ant-api03-" + rs(B64U, 93) + "AA"
def mk_jwt():
    if rng.random() < 0.5: hdr = {"alg": "HS256", "typ": "JWT"}; sig = b64u(rbytes(32))
    else: hdr = {"alg": "RS256", "typ": "JWT", "kid": hx(16)}; sig = b64u(rbytes(256))
    now = epoch()
    pay = R([{"sub": "cp:" + cp_id(), "iss": "https://auth.voltaro.example", "aud": "ocpp-gateway", "scope": "ocpp:connect", "iat": now, "exp": now + 3600},
             {"sub": "fleet-api:" + hx(8), "iss": "https://id.voltaro.example", "aud": "telematics", "roles": ["fleet_admin"], "iat": now, "exp": now + 900},
             {"sub": "partner:%s-VLT" % R(CITIES)[0], "iss": "ocpi-bridge", "aud": "ocpi", "iat": now, "exp": now + 86400}])
    return b64u(json.dumps(hdr, separators=(",", ":")).encode()) + "." + b64u(json.dumps(pay, separators=(",", ":")).encode()) + "." + sig
PW_WORDS = ["Ladesaeule", "Wallbox", "Strom", "Fjord", "Lader", "Laadpaal", "Stroom", "Chongdian", "Oslo", "Bergen", "Utrecht", "Sommer", "Winter", "Vinter", "Zomer", "Elbil", "Tesla", "Kabel", "Stecker", "Dianche", "Mobility", "Fleet", "Hamburg", "Polder"]
def mk_pw():
    k = ri(0, 4)
    if k == 0: return R(PW_WORDS) + str(ri(2019, 2026)) + R("!#?$.")
    if k == 1: return R(PW_WORDS) + R("#@_!") + R(PW_WORDS).lower() + str(ri(1, 99))
    if k == 2: return rs(B62 + "!#%&*", ri(12, 20))
    if k == 3: return R(PW_WORDS).lower() + "_" + R(PW_WORDS).lower() + str(ri(10, 999))
    return R(["Q", "W", "Z", "K"]) + rs("abcdefghkmnpqrstuvwxyz", 4) + R("!%#") + str(ri(1000, 9999)) + R(PW_WORDS)[:3].upper()
FIRST = ["lukas", "anna", "jonas", "sofie", "lars", "ingrid", "kari", "eirik", "daan", "sanne", "lotte", "bram", "emily", "jacob", "olivia", "wei", "li", "jing", "hao", "mia", "felix", "nora"]
LAST = ["becker", "schmidt", "hoffmann", "hansen", "johansen", "larsen", "de.vries", "jansen", "bakker", "miller", "walker", "nguyen", "zhang", "wang", "chen", "liu", "vogel", "berg"]
def mk_email():
    f, l = R(FIRST), R(LAST)
    return R(["%s.%s@voltaro.de" % (f, l), "%s.%s@voltaro.no" % (f, l), "%s%s@gmail.com" % (f, l.replace(".", "")), "%s.%s@web.de" % (f, l), "%s%d@online.no" % (f, ri(1, 99)),
              "%s.%s@ziggo.nl" % (f[0], l), "%s_%s%d@qq.com" % (f, l.replace(".", ""), ri(1, 999)), "%s.%s@163.com" % (f, l), "%s.%s@fleetpartner.com" % (f, l), "%s@%s-logistik.de" % (f, R(["nord", "sued", "rhein"]))])
def mk_phone(cc=None):
    cc = cc or R(["DE", "NO", "NL", "US", "CN"])
    d = lambda n: "".join(str(ri(0, 9)) for _ in range(n))
    if cc == "DE": return R(["+49 1%d %s" % (R([51, 52, 57, 60, 70, 71, 76]), d(7)), "01%d %s" % (R([51, 52, 57, 60, 62, 70, 71, 76]), d(7)), "0%d/%s" % (R([30, 40, 89, 221, 711]), d(7)), "+49 (0)%d %s" % (R([30, 40, 69]), d(8))])
    if cc == "NO": return R(["+47 %s %s %s" % (R("49") + d(2), d(2), d(3)), "%s %s %s" % (R("49") + d(2), d(2), d(3)), "+47 %s%s" % (R("49"), d(7)), "+47 2%s %s %s" % (d(1), d(2), d(2) + " " + d(2))])
    if cc == "NL": return R(["06-%s" % d(8), "+31 6 %s" % d(8), "06 %s %s" % (d(4), d(4)), "020-%s" % d(7), "+31 (0)10 %s" % d(7)])
    if cc == "US":
        a = R([206, 212, 312, 415, 503, 512, 617, 650, 737, 832]); e = ri(201, 989)
        return R(["(%d) %d-%s" % (a, e, d(4)), "%d-%d-%s" % (a, e, d(4)), "+1 %d %d %s" % (a, e, d(4)), "+1 (%d) %d-%s" % (a, e, d(4))])
    p = R(["13", "15", "18", "17", "19"]) + str(ri(0, 9))
    return R(["%s %s %s" % (p, d(4), d(4)), "+86 %s %s %s" % (p, d(4), d(4)), "%s-%s-%s" % (p, d(4), d(4)), "%s%s" % (p, d(8))])
def mk_cc():
    k = ri(0, 4)
    if k == 0: n = luhn_complete("4" + str(ri(0, 9)), 16)
    elif k == 1: n = luhn_complete(str(ri(51, 55)), 16)
    elif k == 2: n = luhn_complete(R(["34", "37"]), 15)
    elif k == 3: n = luhn_complete("6011", 16)
    else: n = luhn_complete("62" + str(ri(0, 9)), R([16, 19]))
    f = ri(0, 2)
    if f == 0 or len(n) == 19: return n
    if len(n) == 15: grp = [n[:4], n[4:10], n[10:]]
    else: grp = [n[i:i + 4] for i in range(0, 16, 4)]
    return (" " if f == 1 else "-").join(grp)
def nl_elf():
    while True:
        a = "".join(str(ri(0, 9)) for _ in range(10))
        if a[0] != "0" and sum(int(c) * (10 - i) for i, c in enumerate(a)) % 11 == 0: return a
def no_acct():
    while True:
        b = "".join(str(ri(0, 9)) for _ in range(10)); w = [5, 4, 3, 2, 7, 6, 5, 4, 3, 2]
        r = 11 - sum(int(c) * x for c, x in zip(b, w)) % 11
        if r == 11: r = 0
        if r < 10 and b[0] != "0": return b + str(r)
def mk_iban(cc=None):
    cc = cc or R(["DE", "DE", "NO", "NL", "NL", "BE"])
    if cc == "DE": s = iban_make("DE", R(["10070000", "20050550", "37040044", "50010517", "70020270", "43060967"]) + "".join(str(ri(0, 9)) for _ in range(10)))
    elif cc == "NO": s = iban_make("NO", no_acct())
    elif cc == "NL": s = iban_make("NL", R(["INGB", "ABNA", "RABO", "TRIO", "BUNQ", "ASNB", "KNAB"]) + nl_elf())
    else:
        b = ri(10 ** 9, 10 ** 10 - 1); chk = b % 97 or 97; s = iban_make("BE", "%010d%02d" % (b, chk))
    assert iban_ok(s)
    return group4(s) if rng.random() < 0.5 else s
def mk_ssn():
    while True:
        a = ri(1, 899)
        if a != 666: break
    return "%03d-%02d-%04d" % (a, ri(1, 99), ri(1, 9999))
def mk_ip():
    while True:
        ip = "%d.%d.%d.%d" % (ri(1, 223), ri(0, 255), ri(0, 255), ri(1, 254))
        if ip_public(ip): return ip
PEM_QUEUE = []
def mk_pem():
    typ, pem = PEMS[len(PEM_QUEUE) % len(PEMS)]; PEM_QUEUE.append(typ)
    lines = pem.split("\n"); return typ, lines[0], lines[1:-1], lines[-1]

# ================================================================ positives: templates
def F(s): return lambda v: s.replace("{v}", v).replace("{cp}", cp_id()).replace("{ver}", semver()).replace("{evse}", evse_id())
SINGLE = {
 "aws_access_key_id": [F("OTA uploader still uses `{v}`, can we move it to the role instead?"), F("```ini\n[ota-legacy]\naws_access_key_id = {v}\nregion = eu-north-1\n```"),
                       F("Der alte Key `{v}` taucht noch in den CloudTrail-Logs vom Firmware-Bucket auf."), F("telematics-ingest 报错 InvalidClientTokenId，用的 key id 是 {v}")],
 "aws_secret_access_key": [F("AWS_SECRET_ACCESS_KEY={v}"), F("secret for the fw bucket user: {v} (rotating it tomorrow)"), F("Hemmelig nøkkel for OTA-bøtta: `{v}`"),
                           F("```yaml\nota:\n  s3:\n    secret_access_key: \"{v}\"\n```")],
 "github_classic_pat": [F("use my PAT to pull charger-fw for now: {v}"), F("```bash\ngit clone https://{v}@github.com/voltaro/charger-fw.git\n```"),
                        F("GH_TOKEN={v} ./scripts/release-ota.sh {ver}"), F("Token für den Firmware-Mirror: `{v}` (läuft in 7 Tagen ab)"), F("Dit is de token voor de CI-runner: {v}")],
 "github_fine_grained_pat": [F("fine-grained PAT, read-only on voltaro/ocpp-gateway: {v}"), F("```yaml\n- uses: actions/checkout@v4\n  with:\n    token: {v}\n```"),
                             F("Neuer Token fürs OCPP-Repo: {v}"), F("新的只读 token：{v}")],
 "slack_bot_token": [F("Charger-alert bot token: {v}"), F("```python\nclient = WebClient(token=\"{v}\")\nclient.chat_postMessage(channel=\"#cp-faults\", text=msg)\n```"),
                     F("SLACK_BOT_TOKEN={v}"), F("Bot-Token für #ladefehler: `{v}`"), F("OTA 通知机器人的 token 是 {v}")],
 "slack_user_token": [F("my user token for the export script: {v}"), F("`curl -H 'Authorization: Bearer {v}' https://slack.com/api/conversations.history?channel=C0FLEET`"),
                      F("Brukertoken til eksport-skriptet: {v}")],
 "openai_api_key": [F("OPENAI_API_KEY={v}"), F("for the support-ticket classifier: `{v}`"), F("```python\nclient = OpenAI(api_key=\"{v}\")\n```"), F("De sleutel voor de laadfout-samenvatter: {v}")],
 "anthropic_api_key": [F("ANTHROPIC_API_KEY={v}"), F("Key für den DTC-Erklärer-Prototyp: {v}"), F("```ts\nconst client = new Anthropic({ apiKey: \"{v}\" });\n```"), F("给工单摘要用的 key：{v}")],
 "jwt": [F("Token the CP simulator sends:\n```\nAuthorization: Bearer {v}\n```"), F("JWT aus dem Fleet-API-Log: {v}"), F("`curl -H \"Authorization: Bearer {v}\" https://fleet-api.voltaro.example/v1/vehicles`"),
         F("Dit token komt uit de app, verloopt pas morgen: {v}"), F("ocpi-bridge 日志里的 token：{v}")],
 "password": [F("Wallbox-Weboberfläche {cp}: Benutzer admin, Passwort {v}"), F("passordet til lader-portalen er {v}"), F("wachtwoord voor de laadpaal-UI: {v}"),
              F("```ini\n[ocpp]\nchargepoint_id = {cp}\nauthorization_key_password = {v}\n```"), F("jdbc: `jdbc:postgresql://csms-db:5432/csms?user=csms_app&password={v}`"),
              F("Server=csms-sql;Database=billing;User Id=billing_rw;Password={v};"), F("桩管理后台账号 admin，密码：{v}"), F("pw for the modem on {cp} is {v} btw"),
              F("spring.datasource.password={v}"), F("Kennwort für das Hubject-P12: {v}")],
 "url_credentials": [None],
 "email_address": [F("Fahrer hat sich beschwert, bitte melden bei {v}"), F("contact for the depot chargers: {v}"), F("Kunden-Mail zum Ticket: {v}"), F("kontaktperson for flåten: {v}"),
                   F("de fleetmanager is bereikbaar op {v}"), F("车队负责人邮箱 {v}")],
 "phone_number": [F("Fahrer erreichbar unter {v}"), F("ring sjåføren på {v}"), F("bel de beheerder: {v}"), F("driver callback number: {v}"), F("司机电话 {v}，下午再联系")],
 "credit_card": [F("Kunde hat die Karte am Telefon durchgegeben: {v}, bitte Rückerstattung prüfen"), F("test ran with a real card by mistake: {v}"), F("kortnummer fra kunden: {v}"),
                 F("card on the failed terminal session: {v} exp 09/28"), F("客户的卡号 {v}，退款失败")],
 "iban": [F("SEPA-Mandat für Flottenkunde, IBAN {v}"), F("Refund bitte auf {v} überweisen"), F("kontonummer for refusjon: {v}"), F("terugstorten naar {v} graag"),
          F("payout account for the site host: {v}"), F("IBAN van de locatie-eigenaar: {v}")],
 "us_ssn": [F("US fleet driver onboarding, SSN {v} for the background check"), F("payroll needs the SSN: {v}"), F("W-9 for the site host lists SSN {v}"), F("background check form: SSN {v}, please process")],
 "ipv4_address": [F("{cp} connects from {v}, that's not our APN range"), F("BootNotification flood from {v}, blocking at the WAF"), F("Der Lader meldet sich von {v} aus, nicht über das VPN."),
                  F("OCPP-tilkoblingen kommer fra {v}"), F("`ssh ops@{v}` is the jump host for the Shenzhen lab"), F("桩的公网地址是 {v}")],
}
def url_cred_tpl(pw):
    k = ri(0, 5); cp = cp_id()
    if k == 0: return "CP config: `wss://%s:%s@csms.voltaro.example/ocpp16/%s`" % (cp, pw, cp)
    if k == 1: return "DATABASE_URL=postgres://csms_app:%s@csms-db.voltaro.internal:5432/csms" % pw
    if k == 2: return "```yaml\nmqtt:\n  url: mqtts://tcu-gateway:%s@mqtt.fleet.voltaro.example:8883\n```" % pw
    if k == 3: return "Redis für die Whitelist: redis://:%s@whitelist-cache:6379/0" % pw
    if k == 4: return "amqps://ocpi:%s@mq.voltaro.example:5671/roaming" % pw
    return "mongodb+srv://telematics:%s@fleet0.abcde.mongodb.net/vehicles" % pw
def url_pw():
    return R([mk_pw(), rs(B62, ri(16, 28)), rs(B62, ri(10, 14))]).replace("@", "9").replace(":", "x").replace("/", "q").replace("#", "!").replace("%", "&").replace("?", "!")

def pem_tpl(layout):
    typ, head, body, tail = mk_pem()
    if layout == 0:
        return "```\n%s\n%s\n%s\n```" % (head, "\n".join(body), tail), "\n".join(body), typ
    if layout == 1:
        ind = "    "
        return "```yaml\nocpp:\n  tls:\n    client_key: |\n%s%s\n%s%s\n%s%s\n```" % (ind, head, ind, ("\n" + ind).join(body), ind, tail), ("\n" + ind).join(body), typ
    if layout == 2:
        return "```json\n{\"cp\": \"%s\", \"privateKey\": \"%s\\n%s\\n%s\\n\"}\n```" % (cp_id(), head, "\\n".join(body), tail), "\\n".join(body), typ
    return "%s\n%s\n%s\n%s" % (R(["Key für den Wartungszugang:", "here's the charger's TLS key, install it manually:", "nøkkelen til lab-laderen:", "测试桩的私钥："]), head, "\n".join(body), tail), "\n".join(body), typ

MAKERS = {"aws_access_key_id": mk_aws_id, "aws_secret_access_key": mk_aws_secret, "github_classic_pat": mk_ghp, "github_fine_grained_pat": mk_ghfg,
          "slack_bot_token": mk_xoxb, "slack_user_token": mk_xoxp, "openai_api_key": mk_openai, "anthropic_api_key": mk_anthropic, "jwt": mk_jwt,
          "password": mk_pw, "url_credentials": url_pw, "email_address": mk_email, "phone_number": mk_phone, "credit_card": mk_cc, "iban": mk_iban,
          "us_ssn": mk_ssn, "ipv4_address": mk_ip}

def single(kind, n):
    if kind == "private_key_pem":
        text, v, typ = pem_tpl(n % 4); return text, [(kind, v)], "private_key_pem:%s:layout%d" % (typ, n % 4)
    v = MAKERS[kind]()
    if kind == "url_credentials": return url_cred_tpl(v), [(kind, v)], "url_credentials:t%d" % n
    tl = SINGLE[kind]; i = n % len(tl)
    return tl[i](v), [(kind, v)], "%s:t%d" % (kind, i)

def pair(name, n):
    cp = cp_id()
    if name == "aws":
        a, s = mk_aws_id(), mk_aws_secret()
        t = R(["```ini\n[ota-uploader]\naws_access_key_id = %s\naws_secret_access_key = %s\n```" % (a, s),
               "export AWS_ACCESS_KEY_ID=%s\nexport AWS_SECRET_ACCESS_KEY=%s\naws s3 cp fw-%s.bin s3://voltaro-ota/fw/" % (a, s, semver()),
               "Zugang für den Telematik-Bucket: Key-ID %s, Secret %s" % (a, s), "OTA 上传账号 key: %s secret: %s" % (a, s), "Key id `%s` og secret `%s` til loggbøtta" % (a, s)])
        return t, [("aws_access_key_id", a), ("aws_secret_access_key", s)]
    if name == "email_phone":
        c = R(["DE", "NO", "NL", "US", "CN"]); e, p = mk_email(), mk_phone(c)
        return R(["Fuhrparkleiter: %s, Tel. %s", "fleet contact: %s / %s", "kontakt: %s, mobil %s", "联系人邮箱 %s，电话 %s"]) % (e, p), [("email_address", e), ("phone_number", p)]
    if name == "url_ip":
        pw, ip = url_pw(), mk_ip()
        return "ocpp url on the field unit: `ws://%s:%s@%s:8080/ocpp/%s`" % (cp, pw, ip, cp), [("url_credentials", pw), ("ipv4_address", ip)]
    if name == "iban_email":
        i, e = mk_iban(), mk_email()
        return R(["Erstattung an %s, Bestätigung an %s", "refund to %s, confirmation to %s", "terugbetaling naar %s, bevestiging naar %s"]) % (i, e), [("iban", i), ("email_address", e)]
    if name == "cc_phone":
        c, p = mk_cc(), mk_phone()
        return R(["Kunde (%s) hat angerufen, Karte %s wurde am Terminal doppelt belastet", "driver called from %s, card %s was charged twice at the terminal"]) % (p, c), [("phone_number", p), ("credit_card", c)]
    if name == "ssn_phone":
        s, p = mk_ssn(), mk_phone("US")
        return "New US fleet driver: SSN %s, cell %s — please add to the badge request" % (s, p), [("us_ssn", s), ("phone_number", p)]
    if name == "slack_both":
        b, u = mk_xoxb(), mk_xoxp()
        return "SLACK_BOT_TOKEN=%s\nSLACK_USER_TOKEN=%s" % (b, u), [("slack_bot_token", b), ("slack_user_token", u)]
    if name == "gh_openai":
        g, o = mk_ghp(), mk_openai()
        return "```ini\nGH_TOKEN=%s\nOPENAI_API_KEY=%s\n```" % (g, o), [("github_classic_pat", g), ("openai_api_key", o)]
    if name == "jwt_ip":
        j, ip = mk_jwt(), mk_ip()
        return "%s WARN ocpp-gateway rejected token from %s: %s" % (ts(), ip, j), [("ipv4_address", ip), ("jwt", j)]
    if name == "pw_ip":
        pw, ip = mk_pw(), mk_ip()
        return "Lader-Web-UI unter https://%s/ – login admin / %s" % (ip, pw), [("ipv4_address", ip), ("password", pw)]
    if name == "anthropic_ghfg":
        a, g = mk_anthropic(), mk_ghfg()
        return "```bash\nexport ANTHROPIC_API_KEY=%s\nexport GITHUB_TOKEN=%s\n```" % (a, g), [("anthropic_api_key", a), ("github_fine_grained_pat", g)]
    if name == "pem_ip":
        typ, head, body, tail = mk_pem(); ip = mk_ip()
        return "ssh into the lab charger at %s with this key:\n```\n%s\n%s\n%s\n```" % (ip, head, "\n".join(body), tail), [("ipv4_address", ip), ("private_key_pem", "\n".join(body))]
PAIRS = ["aws"] * 5 + ["email_phone"] * 2 + ["url_ip"] * 2 + ["iban_email"] * 2 + ["cc_phone"] * 2 + ["ssn_phone", "slack_both", "gh_openai", "jwt_ip", "pw_ip", "anthropic_ghfg", "pem_ip"]
SINGLES = {"aws_access_key_id": 4, "aws_secret_access_key": 4, "email_address": 6, "phone_number": 5, "url_credentials": 8, "ipv4_address": 5, "iban": 8, "credit_card": 8,
           "us_ssn": 8, "slack_bot_token": 8, "slack_user_token": 8, "github_classic_pat": 8, "openai_api_key": 8, "jwt": 9, "password": 9, "anthropic_api_key": 8,
           "github_fine_grained_pat": 8, "private_key_pem": 8}

def build_positives():
    recs, seen = [], set()
    for kind in SINGLES:
        for n in range(SINGLES[kind]):
            while True:
                text, secrets, ctx = single(kind, n)
                if kind != "private_key_pem" and rng.random() < 0.06: text = R(LEADS) + " " + text
                if text not in seen: break
            seen.add(text); recs.append((text, secrets, ctx))
    cnt = {}
    for name in PAIRS:
        cnt[name] = cnt.get(name, 0) + 1
        text, secrets = pair(name, cnt[name])
        seen.add(text); recs.append((text, secrets, "multi:%s:%d" % (name, cnt[name])))
    rng.shuffle(recs)
    out = []
    for i, (text, secrets, ctx) in enumerate(recs):
        for k, v in secrets: assert v in text, (k, v)
        out.append({"id": "h%dp-%04d" % (N, i + 1), "text": text, "secrets": [{"kind": k, "value": v} for k, v in secrets], "context": ctx})
    return out

def check_positives(pos):
    for r in pos:
        for s in r["secrets"]:
            k, v = s["kind"], s["value"]
            if k == "credit_card": d = re.sub(r"[ -]", "", v); assert 13 <= len(d) <= 19 and luhn_ok(d), v
            if k == "iban": assert iban_ok(v), v
            if k == "us_ssn":
                a, g, sr = v.split("-"); assert a not in ("000", "666") and a[0] != "9" and g != "00" and sr != "0000", v
            if k == "ipv4_address": assert ip_public(v), v
            if k == "jwt":
                h, p, _ = v.split(".")
                for part in (h, p): json.loads(base64.urlsafe_b64decode(part + "=" * (-len(part) % 4)))
            if k == "private_key_pem":
                body = re.sub(r"\\n|\s", "", v); base64.b64decode(body, validate=True)
            if k == "github_classic_pat": assert b62_crc(v[4:34]) == v[34:], v

def main():
    neg, redraws = build_negatives()
    pos = build_positives()
    check_positives(pos)
    from collections import Counter
    kc = Counter(s["kind"] for r in pos for s in r["secrets"])
    assert len(pos) == 150 and sum(kc.values()) == 170 and len(kc) == 18 and all(c in (9, 10) for c in kc.values()), kc
    assert sum(1 for r in pos if len(r["secrets"]) == 2) == 20
    assert len({r["text"] for r in neg}) == 600 and len({r["text"] for r in pos}) == 150
    for name, recs in (("negatives", neg), ("positives", pos)):
        with open(os.path.join(HERE, "redaction%d_%s.jsonl" % (N, name)), "w", encoding="utf-8", newline="\n") as f:
            for r in recs: f.write(json.dumps(r, ensure_ascii=False) + "\n")
    missed = [r["id"] for r in pos if not scan(r["text"])]
    print("negatives: 600, redraws by category:", dict(sorted(redraws.items())))
    print("positives: %d texts, %d secrets; scanner finds nothing in %d positives: %s" % (len(pos), sum(kc.values()), len(missed), missed))
    print("final negative scan hits:", sum(len(scan(r["text"])) for r in neg))

if __name__ == "__main__":
    main()
