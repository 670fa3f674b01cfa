#!/usr/bin/env python3
"""Blind redaction corpus #16 -- theme: a mobile-app and game studio's Slack.

Standard library only. Deterministic: random.Random(1616). Writes
redaction16_negatives.jsonl and redaction16_positives.jsonl next to this file.
"""
import base64
import ipaddress
import json
import math
import os
import re
import string
import struct
import zlib
import random

R = random.Random(1616)
HERE = os.path.dirname(os.path.abspath(__file__))
N = 16

# ---------------------------------------------------------------- helpers
ALNUM = string.ascii_letters + string.digits
URLSAFE = ALNUM + "_-"
B62 = string.digits + string.ascii_uppercase + string.ascii_lowercase


def C(seq):
    return R.choice(seq)


def rb(n):
    return bytes(R.getrandbits(8) for _ in range(n))


def hx(n, up=False):
    s = "".join(R.choice("0123456789abcdef") for _ in range(n))
    return s.upper() if up else s


def rs(n, alpha=ALNUM):
    return "".join(R.choice(alpha) for _ in range(n))


def b64(data):
    return base64.b64encode(data).decode()


def b64u(data):
    return base64.urlsafe_b64encode(data).decode().rstrip("=")


def uuid4(up=False):
    h = list(hx(32))
    h[12] = "4"
    h[16] = R.choice("89ab")
    s = "".join(h)
    s = f"{s[:8]}-{s[8:12]}-{s[12:16]}-{s[16:20]}-{s[20:]}"
    return s.upper() if up else s


def wrap(s, w=64):
    return "\n".join(s[i:i + w] for i in range(0, len(s), w))


def fence(body, lang=""):
    return f"```{lang}\n{body}\n```"


def luhn_ok(d):
    tot = 0
    for i, ch in enumerate(reversed(d)):
        n = int(ch)
        if i % 2 == 1:
            n *= 2
            if n > 9:
                n -= 9
        tot += n
    return tot % 10 == 0


def luhn_complete(prefix_digits):
    for c in "0123456789":
        if luhn_ok(prefix_digits + c):
            return prefix_digits + c
    raise AssertionError


def num(n, first="123456789"):
    """n-digit number string that is never a Luhn-valid 13-19 digit run."""
    while True:
        s = R.choice(first) + "".join(R.choice(string.digits) for _ in range(n - 1))
        if not (13 <= n <= 19 and luhn_ok(s)):
            return s


def ts_iso(ms=True, z=True):
    y = R.choice([2024, 2025, 2026])
    s = f"{y}-{R.randint(1, 12):02d}-{R.randint(1, 28):02d}T{R.randint(0, 23):02d}:{R.randint(0, 59):02d}:{R.randint(0, 59):02d}"
    if ms:
        s += f".{R.randint(0, 999):03d}"
    return s + ("Z" if z else "")


def epoch_s():
    return str(R.randint(1704067200, 1790000000))


def epoch_ms():
    while True:
        s = str(R.randint(1704067200000, 1790000000000))
        if not luhn_ok(s):
            return s


def private_ip():
    k = R.random()
    if k < 0.45:
        return f"192.168.{C([0, 1, 1, 2, 10, 50, 88])}.{R.randint(2, 250)}"
    if k < 0.8:
        return f"10.{R.randint(0, 255)}.{R.randint(0, 255)}.{R.randint(2, 250)}"
    return f"172.{R.randint(16, 31)}.{R.randint(0, 255)}.{R.randint(2, 250)}"


GAMES = [
    ("Skyrush", "com.lanternbay.skyrush"),
    ("Tiny Tavern", "com.lanternbay.tinytavern"),
    ("Moonfall Tactics", "games.lanternbay.moonfall"),
    ("Bubble Orchard", "com.lanternbay.bubbleorchard"),
    ("Neon Drift", "com.lanternbay.neondrift"),
    ("Pocket Alchemist", "com.lanternbay.alchemist"),
]
IOS_DEV = ["iPhone15,2", "iPhone15,3", "iPhone16,1", "iPhone16,2", "iPhone14,7", "iPhone14,5", "iPhone12,8",
           "iPhone13,2", "iPad13,18", "iPad14,1", "iPhone17,1", "iPhone11,8"]
AND_DEV = ["SM-S918B", "SM-A546E", "SM-G991U", "Pixel 7a", "Pixel 8 Pro", "2201116SG", "CPH2451", "M2101K6G",
           "XT2343-2", "SM-T220", "moto g54 5G", "RMX3630", "V2207", "SO-51C"]
IOS_VER = [("17.4.1", "21E236"), ("17.5", "21F79"), ("16.7.8", "20H343"), ("18.0", "22A3354"), ("17.2.1", "21C66"),
           ("18.1.1", "22B91"), ("15.8.2", "19H384")]
AND_VER = [("14", 34), ("13", 33), ("12", 31), ("11", 30), ("15", 35), ("10", 29)]
LANGS_LEADIN = ["fyi ", "FYI: ", "PSA: ", "btw ", "Zur Info: ", "Pour info : ", "Para que conste: ", "メモ: ",
                "참고: ", "供参考：", "К сведению: ", "Ter info: ", "Nota: ", "Bilgi: ", "Uwaga: ", "cc #build-infra ",
                "re: yesterday's thread — ", "from the nightly: ", "Para constar: ", "ps. "]
TRAILERS = ["\nthoughts?", "\n(ignore the noise, only the last line matters)", "\n:eyes:", "\nWeiß jemand mehr?",
            "\nquelqu'un a une idée ?", "\n誰か分かる人いますか？", "\n¿alguien lo ha visto antes?", "\nlmk",
            "\n확인 부탁드립니다 🙏", "\nкто-нибудь видел такое?", "\n:thread:"]


def ver():
    return f"{R.randint(1, 6)}.{R.randint(0, 24)}.{R.randint(0, 9)}"


def build_no():
    return str(R.randint(1200, 9800))


def game():
    return C(GAMES)


# ---------------------------------------------------------------- binary formats (real structure)
def png_bytes(w, h, rows):
    def chunk(t, d):
        return struct.pack(">I", len(d)) + t + d + struct.pack(">I", zlib.crc32(t + d) & 0xFFFFFFFF)
    raw = b"".join(b"\x00" + r for r in rows)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 6, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b""))


def sprite_png(w=None):
    w = w or C([8, 10, 12, 16])
    pal = [(0, 0, 0, 0)] + [(R.randrange(256), R.randrange(256), R.randrange(256), 255) for _ in range(3)]
    rows = []
    for _ in range(w):
        half = [C(pal[1:]) if R.random() < 0.55 else pal[0] for _ in range((w + 1) // 2)]
        row = half + half[::-1][w % 2:]
        rows.append(bytes(c for px in row for c in px))
    return png_bytes(w, w, rows)


def gif_1x1():
    c = rb(3)
    return (b"GIF89a\x01\x00\x01\x00\x80\x00\x00" + c + b"\xff\xff\xff" + b"!\xf9\x04\x01\x00\x00\x00\x00"
            + b",\x00\x00\x00\x00\x01\x00\x01\x00\x00\x02\x02D\x01\x00;")


def jpeg_bytes(n=120):
    return (b"\xff\xd8\xff\xe0\x00\x10JFIF\x00\x01\x01\x00\x00\x01\x00\x01\x00\x00\xff\xdb\x00C\x00" + rb(64)
            + b"\xff\xc0\x00\x11\x08\x00\x20\x00\x20\x03\x01\x22\x00\x02\x11\x01\x03\x11\x01"
            + b"\xff\xda\x00\x0c\x03\x01\x00\x02\x11\x03\x11\x00\x3f\x00" + rb(n) + b"\xff\xd9")


def wav_bytes(n=None):
    n = n or R.randint(60, 180)
    f = C([440, 523, 659, 784, 880])
    sr = 8000
    data = bytes(int(128 + 90 * math.sin(2 * math.pi * f * i / sr)) & 255 for i in range(n))
    return (b"RIFF" + struct.pack("<I", 36 + len(data)) + b"WAVEfmt " + struct.pack("<IHHIIHH", 16, 1, 1, sr, sr, 1, 8)
            + b"data" + struct.pack("<I", len(data)) + data)


def webp_bytes(n=80):
    body = b"\x2f" + rb(n)
    return b"RIFF" + struct.pack("<I", 4 + 8 + len(body)) + b"WEBPVP8L" + struct.pack("<I", len(body)) + body


def woff2_bytes(n=150):
    return b"wOF2" + b"\x00\x01\x00\x00" + struct.pack(">IHH", 48 + n, 12, 0) + struct.pack(">I", 9000 + n) + rb(n + 28)


def ttf_bytes(n=120):
    tags = [b"OS/2", b"cmap", b"glyf", b"head", b"hhea", b"hmtx", b"loca", b"maxp", b"name", b"post"]
    hdr = struct.pack(">IHHHH", 0x00010000, len(tags), 128, 3, 32)
    recs = b"".join(t + rb(4) + struct.pack(">II", 172 + 16 * i, 32) for i, t in enumerate(tags))
    return hdr + recs + rb(n)


def ogg_bytes(n=90):
    return b"OggS\x00\x02" + b"\x00" * 8 + rb(4) + b"\x00\x00\x00\x00" + rb(4) + b"\x01\x1e\x01vorbis" + rb(n)


def svg_text():
    col = "#" + hx(6)
    shape = C([
        f'<circle cx="8" cy="8" r="{R.randint(3, 7)}" fill="{col}"/>',
        f'<path d="M2 {R.randint(2, 6)}l6 {R.randint(4, 8)} 6-{R.randint(4, 8)}" stroke="{col}" fill="none"/>',
        f'<rect x="2" y="2" width="{R.randint(6, 12)}" height="{R.randint(6, 12)}" rx="2" fill="{col}"/>',
    ])
    return f'<svg xmlns="http://www.w3.org/2000/svg" width="16" height="16" viewBox="0 0 16 16">{shape}</svg>'


def data_uri(kind=None):
    kind = kind or C(["png", "png", "png", "gif", "jpeg", "webp", "svg"])
    if kind == "png":
        return "data:image/png;base64," + b64(sprite_png())
    if kind == "gif":
        return "data:image/gif;base64," + b64(gif_1x1())
    if kind == "jpeg":
        return "data:image/jpeg;base64," + b64(jpeg_bytes(R.randint(60, 200)))
    if kind == "webp":
        return "data:image/webp;base64," + b64(webp_bytes(R.randint(40, 140)))
    if kind == "svg":
        return "data:image/svg+xml;base64," + b64(svg_text().encode())
    if kind == "wav":
        return "data:audio/wav;base64," + b64(wav_bytes())
    if kind == "ogg":
        return "data:audio/ogg;base64," + b64(ogg_bytes())
    if kind == "woff2":
        return "data:font/woff2;base64," + b64(woff2_bytes(R.randint(80, 260)))
    if kind == "ttf":
        return "data:font/ttf;base64," + b64(ttf_bytes(R.randint(80, 200)))
    raise ValueError(kind)


# ---------------------------------------------------------------- scanner for negatives
RE_EMAIL = re.compile(r"[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.([A-Za-z]{2,})\b")
FILE_EXT = {"png", "jpg", "jpeg", "pdf", "webp", "gif", "svg", "ttf", "otf", "json", "astc", "ktx", "atlas"}
RE_TOKENS = [
    ("github", re.compile(r"\bgh[pousr]_[A-Za-z0-9]{30,}")),
    ("github_pat", re.compile(r"github_pat_[A-Za-z0-9_]{20,}")),
    ("slack", re.compile(r"\bxox[abposer]-\d+-[A-Za-z0-9-]+")),
    ("sk", re.compile(r"\bsk-(?:ant-|proj-|svcacct-|admin-)?[A-Za-z0-9_-]{20,}")),
    ("aws_id", re.compile(r"\b(?:AKIA|ASIA|AGPA|AIDA)[A-Z0-9]{16}\b")),
    ("jwt", re.compile(r"eyJ[A-Za-z0-9_-]{5,}\.eyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]{10,}")),
    ("pem", re.compile(r"-----BEGIN [A-Z ]*PRIVATE KEY-----\s*[A-Za-z0-9+/=\s]{40,}-----END")),
    ("ssn", re.compile(r"(?<!\d)\d{3}-\d{2}-\d{4}(?!\d)")),
    ("phone_intl", re.compile(r"(?<![\w+])\+\d{1,3}[ .-]?\(?\d{1,4}\)?(?:[ .-]?\d{2,4}){2,4}(?!\d)")),
    ("phone_jpkr", re.compile(r"(?<!\d)0(?:[789]0|1[016789])-\d{3,4}-\d{4}(?!\d)")),
]
RE_DIGITRUN = re.compile(r"(?<!\d)\d(?:[ -]?\d){12,18}(?!\d)")
RE_IBAN = re.compile(r"\b[A-Z]{2}\d{2}(?: ?[A-Z0-9]{4}){2,7}(?: ?[A-Z0-9]{1,3})?\b")
RE_IPV4 = re.compile(r"(?<![\d.])(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})(?!\.?\d)")

# Deliberate ambiguities allowed in negatives (documented in README)
ALLOW = {"4242424242424242", "4242 4242 4242 4242", "3.8.0.142", "2.1.0.87"}


def iban_ok(s):
    s = s.replace(" ", "")
    if not (15 <= len(s) <= 34):
        return False
    r = s[4:] + s[:4]
    n = "".join(str(int(ch, 36)) for ch in r)
    return int(n) % 97 == 1


def ip_public(s):
    try:
        ip = ipaddress.ip_address(s)
    except ValueError:
        return False
    return ip.is_global and not ip.is_multicast and not ip.is_reserved


def scan(text):
    found = []
    for m in RE_EMAIL.finditer(text):
        if m.group(1).lower() not in FILE_EXT:
            found.append(("email", m.group(0)))
    for name, rx in RE_TOKENS:
        for m in rx.finditer(text):
            v = m.group(0)
            if name == "aws_id" and "EXAMPLE" in v:
                continue
            found.append((name, v))
    for m in RE_DIGITRUN.finditer(text):
        d = re.sub(r"[ -]", "", m.group(0))
        if 13 <= len(d) <= 19 and luhn_ok(d) and len(set(d)) > 1:
            found.append(("luhn", m.group(0)))
    for m in RE_IBAN.finditer(text):
        if iban_ok(m.group(0)):
            found.append(("iban", m.group(0)))
    for m in RE_IPV4.finditer(text):
        if all(int(g) <= 255 for g in m.groups()) and ip_public(m.group(0)):
            found.append(("public_ipv4", m.group(0)))
    return [f for f in found if f[1] not in ALLOW]


def allowed_hits(text):
    return [a for a in ALLOW if a in text]


# ================================================================ NEGATIVES
# ---------------------------------------------------------------- non_credential_blob
def nb_dwarfdump():
    name, bid = game()
    exe = name.replace(" ", "")
    lines = [f"$ dwarfdump --uuid build/{exe}.app.dSYM"]
    lines.append(f"UUID: {uuid4(True)} (arm64) build/{exe}.app.dSYM/Contents/Resources/DWARF/{exe}")
    for fw in R.sample(["UnityFramework", "FirebaseCrashlytics", "GameKitBridge", "FBLPromises", "AppLovinSDK"], R.randint(0, 3)):
        lines.append(f"UUID: {uuid4(True)} (arm64) build/{fw}.framework.dSYM/Contents/Resources/DWARF/{fw}")
    pre = C(["Crashlytics still lists a missing dSYM for ", "missing dSYM in the console: ", "App Store build is missing symbols for "])
    return pre + uuid4(True) + f" on {ver()} ({build_no()}). Local build says:\n" + fence("\n".join(lines))


def nb_unity_manifest():
    assets = R.sample(["Assets/Art/Characters/hero_idle.png", "Assets/Art/UI/btn_play.png", "Assets/Audio/sfx_coin.wav",
                       "Assets/Prefabs/Enemies/slime.prefab", "Assets/Materials/water.mat", "Assets/Art/Tiles/grass_01.png",
                       "Assets/Fonts/Baloo-Bold SDF.asset", "Assets/Scenes/World_03.unity", "Assets/VFX/spark.vfx"], R.randint(2, 6))
    lines = ["ManifestFileVersion: 0", f"CRC: {R.randint(100000000, 4294967295)}", "Hashes:", "  AssetFileHash:",
             "    serializedVersion: 2", f"    Hash: {hx(32)}", "  TypeTreeHash:", "    serializedVersion: 2",
             f"    Hash: {hx(32)}", "HashAppended: 0", "ClassTypes:"]
    for c in R.sample([1, 4, 21, 28, 48, 83, 114, 115, 213], R.randint(2, 5)):
        lines.append(f"- Class: {c}")
        lines.append("  Script: {instanceID: 0}" if c != 114 else "  Script: {fileID: 11500000, guid: " + hx(32) + ", type: 3}")
    lines.append("SerializeReferenceClassIdentifiers: []")
    lines.append("Assets:")
    lines += ["- " + a for a in assets]
    bundle = C(["characters", "ui_common", "world_03", "audio_sfx", "event_halloween"])
    return f"`{bundle}.manifest` from the {C(['Android', 'iOS', 'WebGL'])} build — CRC changed even though nothing moved?\n" + fence("\n".join(lines), "yaml")


def nb_addressables():
    lines = []
    for g in R.sample(["defaultlocalgroup", "remote_characters", "remote_worlds", "remote_audio", "event_lunarnewyear", "shared_shaders"], R.randint(2, 5)):
        lines.append(f"{g}_assets_all_{hx(32)}.bundle   {R.randint(80, 98000)} KB")
    cat = f"catalog_{R.randint(2024, 2026)}.{R.randint(1, 12):02d}.{R.randint(1, 28):02d}.{R.randint(10, 23)}.{R.randint(10, 59)}"
    return (f"Addressables content update for {game()[0]} {ver()} pushed to the CDN:\n```\n{cat}.json\n{cat}.hash  -> {hx(32)}\n"
            + "\n".join(lines) + "\n```\nold catalog hash was " + hx(32))


def nb_gitlog():
    msgs = ["fix(iap): restore purchases on iPadOS", "chore: bump Firebase to 10.24.0", "feat(loc): add tr/vi strings",
            "Merge branch 'release/4.12' into develop", "perf: atlas packing for world 3", "fix crash in LeaderboardView",
            "ci: cache Library/ between Unity builds", "revert \"shader warmup on main thread\"", "feat: daily quest rotation",
            "fix(android): edge-to-edge insets on Android 15", "build: AGP 8.4.1", "art: new hero idle anim",
            "fix: NaN in physics step when dt=0", "loc: ja/ko store keywords", "chore(deps): bump Alamofire"]
    lines = [f"{hx(C([7, 8, 9, 10]))} {m}" for m in R.sample(msgs, R.randint(3, 12))]
    return C(["what landed since the last RC:", "git log --oneline v4.11.2..HEAD", "cherry-pick candidates:"]) + "\n" + fence("\n".join(lines))


def nb_gradle_verif():
    comps = [("com.google.firebase", "firebase-crashlytics", "18.6.2", "aar"), ("com.squareup.okhttp3", "okhttp", "4.12.0", "jar"),
             ("androidx.core", "core-ktx", "1.13.1", "aar"), ("com.google.android.gms", "play-services-ads", "23.0.0", "aar"),
             ("org.jetbrains.kotlin", "kotlin-stdlib", "1.9.24", "jar"), ("com.unity3d.ads", "unity-ads", "4.10.0", "aar"),
             ("com.android.billingclient", "billing", "6.2.1", "aar")]
    out = []
    for g, a, v, e in R.sample(comps, R.randint(1, 3)):
        out += [f'<component group="{g}" name="{a}" version="{v}">',
                f'   <artifact name="{a}-{v}.{e}">',
                f'      <sha256 value="{hx(64)}" origin="Generated by Gradle"/>',
                "   </artifact>",
                f'   <artifact name="{a}-{v}.pom">',
                f'      <sha256 value="{hx(64)}" origin="Generated by Gradle"/>',
                "   </artifact>", "</component>"]
    return "verification-metadata.xml diff after the deps bump, please eyeball:\n" + fence("\n".join(out), "xml")


def nb_podfile_lock():
    pods = ["Alamofire", "FirebaseAnalytics", "FirebaseCrashlytics", "GoogleAppMeasurement", "AppLovinSDK", "Kingfisher",
            "lottie-ios", "SnapKit", "PromisesObjC", "nanopb", "GoogleUtilities", "SwiftProtobuf"]
    lines = ["SPEC CHECKSUMS:"] + [f"  {p}: {hx(40)}" for p in sorted(R.sample(pods, R.randint(3, 9)))]
    lines += ["", f"PODFILE CHECKSUM: {hx(40)}", "", f"COCOAPODS: 1.{R.randint(12, 15)}.{R.randint(0, 2)}"]
    return "Podfile.lock conflict again :upside_down_face: theirs:\n" + fence("\n".join(lines))


def nb_package_resolved():
    pins = [("firebase-ios-sdk", "https://github.com/firebase/firebase-ios-sdk", "10.25.0"),
            ("swift-protobuf", "https://github.com/apple/swift-protobuf.git", "1.26.0"),
            ("lottie-spm", "https://github.com/airbnb/lottie-spm.git", "4.4.3"),
            ("kingfisher", "https://github.com/onevcat/Kingfisher", "7.11.0"),
            ("abseil-cpp-binary", "https://github.com/google/abseil-cpp-binary.git", "1.2024011602.0")]
    arr = [{"identity": i, "kind": "remoteSourceControl", "location": l, "state": {"revision": hx(40), "version": v}}
           for i, l, v in R.sample(pins, R.randint(1, 3))]
    doc = {"originHash": hx(64), "pins": arr, "version": 3}
    return "Package.resolved from the CI cache vs local:\n" + fence(json.dumps(doc, indent=2), "json")


def nb_apksigner():
    name, bid = game()
    sha = hx(64, True)
    colon = ":".join(sha[i:i + 2] for i in range(0, 64, 2))
    k = R.random()
    if k < 0.5:
        body = (f"$ apksigner verify --print-certs app-release.apk\nSigner #1 certificate DN: CN=Lantern Bay Games, OU=Mobile, O=Lantern Bay, C=NL\n"
                f"Signer #1 certificate SHA-256 digest: {sha.lower()}\nSigner #1 certificate SHA-1 digest: {hx(40)}\n"
                f"Signer #1 certificate MD5 digest: {hx(32)}")
        return "upload cert on the new build machine matches what Play has:\n" + fence(body)
    doc = [{"relation": ["delegate_permission/common.handle_all_urls"],
            "target": {"namespace": "android_app", "package_name": bid, "sha256_cert_fingerprints": [colon]}}]
    return "`/.well-known/assetlinks.json` for the deep links (this is the *app signing* cert from Play, public):\n" + fence(json.dumps(doc, indent=2), "json")


def nb_crashlytics_link():
    name, bid = game()
    plat = C(["ios", "android"])
    iid = hx(32)
    sek = f"{hx(32, True)}_{num(19)}"
    return (f"top crasher since {ver()}: https://console.firebase.google.com/project/{name.lower().replace(' ', '')}-prod/crashlytics/app/{plat}:{bid}"
            f"/issues/{iid}?time=last-seven-days&sessionEventKey={sek}  — {R.randint(120, 9000)} users")


def nb_docker():
    tag = C(["ubuntu-2022.3.21f1-android-3.1.0", "ubuntu-2022.3.40f1-ios-3.1.0", "ubuntu-6000.0.23f1-webgl-3.1.0"])
    d = hx(64)
    body = (f"$ docker pull unityci/editor:{tag}\n{tag}: Pulling from unityci/editor\n" +
            "\n".join(f"{hx(12)}: Pull complete" for _ in range(R.randint(2, 7))) +
            f"\nDigest: sha256:{d}\nStatus: Downloaded newer image for unityci/editor:{tag}")
    return C(["pinning the builder image by digest from now on", "runner image changed under us:"]) + "\n" + fence(body) + f"\n`image: unityci/editor@sha256:{d}`"


def nb_build_report():
    lines = [f"Build Report", f"Build GUID: {hx(32)}", f"Unity Version: 2022.3.{R.randint(10, 45)}f1",
             f"Platform: {C(['Android', 'iOS', 'WebGL', 'StandaloneOSX'])}", "Build result: Succeeded",
             f"Total time: {R.randint(3, 58)}m {R.randint(0, 59)}s", f"Output size: {R.randint(90, 990)}.{R.randint(0, 9)} MB",
             "", "Uncompressed usage by category:"]
    for cat in ["Textures", "Meshes", "Animations", "Sounds", "Shaders", "Other Assets", "Levels", "Scripts", "Included DLLs"]:
        lines.append(f"{cat:<14}{R.randint(1, 400)}.{R.randint(0, 9)} mb\t {R.randint(0, 60)}.{R.randint(0, 9)}%")
    return fence("\n".join(lines))


def nb_binary_images():
    name, bid = game()
    exe = name.replace(" ", "")
    base = R.randint(0x100000, 0x10FFFF) * 0x1000
    lines = ["Binary Images:"]
    libs = [exe, "UnityFramework", "dyld", "libsystem_kernel.dylib", "CoreFoundation", "libswiftCore.dylib", "UIKitCore"]
    for lib in libs[:R.randint(3, 7)]:
        end = base + R.randint(0x10000, 0x2000000)
        path = (f"/private/var/containers/Bundle/Application/{uuid4(True)}/{exe}.app/{lib}" if lib == exe
                else f"/usr/lib/system/{lib}" if lib.endswith("dylib") else f"/System/Library/Frameworks/{lib}.framework/{lib}")
        lines.append(f"0x{base:x} - 0x{end:x} {lib} arm64  <{hx(32)}> {path}")
        base = end + R.randint(0x1000, 0x900000) * 0x10
    return "binary images section from the symbolicated .ips, uuids match the archive:\n" + fence("\n".join(lines))


def nb_sha256sums():
    name, bid = game()
    exe = name.replace(" ", "")
    v, b = ver(), build_no()
    files = [f"{exe}-{v}-{b}-release.aab", f"{exe}-{v}-{b}-release.apk", f"{exe}-{v}-{b}.ipa", f"{exe}-{v}-{b}-dSYMs.zip",
             f"{exe}-{v}-{b}-mapping.txt", f"{exe}-{v}-{b}-symbols.zip", f"{exe}-{v}-{b}-webgl.zip"]
    lines = [f"{hx(64)}  {f}" for f in R.sample(files, R.randint(2, 6))]
    return f"RC{R.randint(1, 5)} artifacts, SHA256SUMS:\n" + fence("\n".join(lines))


def nb_xxd():
    hdr = b"LBSAVE" + bytes([0, R.randint(1, 9)]) + rb(R.randint(40, 90))
    lines = []
    for off in range(0, len(hdr), 16):
        chunk = hdr[off:off + 16]
        hexpart = " ".join(chunk[i:i + 2].hex() for i in range(0, len(chunk), 2))
        asc = "".join(chr(c) if 32 <= c < 127 else "." for c in chunk)
        lines.append(f"{off:08x}: {hexpart:<40}  {asc}")
    return "corrupted save from the bug report (header only, checksum mismatch at 0x08):\n" + fence("\n".join(lines))


def nb_steam_depot():
    app = R.randint(1800000, 3200000)
    rows = [f"Depot {app + i} ({C(['Windows', 'macOS', 'Linux', 'Content', 'Soundtrack'])}) manifest {num(19)} — {R.randint(200, 9000)} MB"
            for i in range(1, R.randint(2, 5))]
    return f"Steam build for Moonfall Tactics (app {app}) set live on `beta`, BuildID {R.randint(12000000, 16999999)}:\n" + "\n".join(rows)


def nb_meta():
    lines = ["fileFormatVersion: 2", f"guid: {hx(32)}", "TextureImporter:", "  internalIDToNameTable: []",
             "  externalObjects: {}", "  serializedVersion: 12", "  mipmaps:", "    mipMapMode: 0", "    enableMipMap: 0",
             "  spriteMode: 2", f"  spritePixelsToUnits: {C([16, 32, 64, 100])}", "  spriteSheet:", "    sprites:"]
    for i in range(R.randint(1, 4)):
        lines += [f"    - serializedVersion: 2", f"      name: hero_run_{i}", f"      spriteID: {hx(32)}",
                  f"      internalID: {R.randint(-2000000000, 2000000000)}"]
    return "two .meta files with the same guid after the merge, that's why the prefab lost its sprite:\n" + fence("\n".join(lines), "yaml")


def nb_lfs():
    oid = hx(64)
    size = R.randint(100000, 900000000)
    f = C(["Assets/Audio/Music/world3_theme.ogg", "Art/Source/hero.psd", "Assets/Video/intro_1080p.mp4", "Art/Source/tileset_forest.aseprite"])
    return f"`{f}` is still an LFS pointer on the build agent, `git lfs pull` didn't run:\n" + fence(f"version https://git-lfs.github.com/spec/v1\noid sha256:{oid}\nsize {size}")


def nb_cert_pin():
    host = C(["api.lanternbay.games", "cdn.lanternbay.games", "events.lanternbay.games"])
    p1, p2 = b64(rb(32)), b64(rb(32))
    k = R.random()
    if k < 0.5:
        body = (f'val pinner = CertificatePinner.Builder()\n    .add("{host}", "sha256/{p1}")\n'
                f'    .add("{host}", "sha256/{p2}") // backup pin\n    .build()')
        return "pins for the new cert (SPKI hashes, public, from `openssl x509 -pubkey | openssl pkey -pubin -outform der | sha256`):\n" + fence(body, "kotlin")
    body = "-----BEGIN CERTIFICATE-----\n" + wrap(b64(b"\x30\x82\x03" + rb(R.randint(300, 600)))) + "\n-----END CERTIFICATE-----"
    return f"intermediate we pin in TrustKit for `{host}` (public cert, from the chain):\n" + fence(body)


def nb_b64_payload():
    d = {"lvl": R.randint(1, 300), "coins": R.randint(0, 99999), "gems": R.randint(0, 900), "world": R.randint(1, 9),
         "tutorial_done": C([True, False]), "ab": C(["ctrl", "shop_v2", "hard_mode"]), "v": ver()}
    enc = b64(json.dumps(d, separators=(",", ":")).encode())
    return C(["cloud save blob for the repro (progression only):", "Remote Config value `starter_state_b64`:",
              "the base64 in the bug report decodes fine:"]) + f"\n`{enc}`"


def nb_shader():
    lines = []
    for _ in range(R.randint(3, 10)):
        lines.append(f"Compiled shader '{C(['Universal Render Pipeline/Lit', 'Sprites/Default', 'TextMeshPro/Distance Field', 'Custom/Water'])}'"
                     f" pass '{C(['ForwardLit', 'ShadowCaster', 'Universal2D', 'DepthOnly'])}' variant {hx(16)} in {R.randint(2, 900)}ms")
    lines.append(f"PSO cache: {R.randint(300, 4000)} entries, hash {hx(40)}")
    return "shader warmup log on the Adreno 610 device:\n" + fence("\n".join(lines))


def nb_firebase_appid():
    proj = num(12)
    app = f"1:{proj}:{C(['android', 'ios', 'web'])}:{hx(16)}"
    rel = rs(13, string.ascii_lowercase + string.digits)
    return (f"App Distribution release `projects/{proj}/apps/{app}/releases/{rel}` is out to the QA group, "
            f"build {ver()} ({build_no()}).")


def nb_npm_integrity():
    pk = [("react-native", "0.74.1"), ("@shopify/flash-list", "1.6.4"), ("lottie-react-native", "6.7.2"),
          ("react-native-reanimated", "3.10.1"), ("expo-av", "14.0.5"), ("phaser", "3.80.1")]
    out = []
    for n, v in R.sample(pk, R.randint(1, 3)):
        out += [f'    "node_modules/{n}": {{', f'      "version": "{v}",',
                f'      "resolved": "https://registry.npmjs.org/{n}/-/{n.split("/")[-1]}-{v}.tgz",',
                f'      "integrity": "sha512-{b64(rb(64))}",', "    },"]
    return "package-lock churn from the RN upgrade:\n" + fence("\n".join(out), "json")


def nb_cdn_headers():
    f = C(["android/remote_worlds_assets_all.bundle", "ios/catalog.json", "webgl/Build/game.wasm.br", "ios/audio_sfx.bundle"])
    body = (f"$ curl -sI https://cdn.lanternbay.games/{f}\nHTTP/2 200\ncontent-type: application/octet-stream\n"
            f"content-length: {R.randint(10000, 90000000)}\nlast-modified: Tue, {R.randint(1, 28)} May 2025 0{R.randint(0, 9)}:1{R.randint(0, 9)}:04 GMT\n"
            f'etag: "{hx(32)}"\nx-amz-server-side-encryption: AES256\nx-amz-version-id: {rs(32, URLSAFE[:-2] + "._")}\n'
            f"x-cache: {C(['Hit', 'Miss', 'RefreshHit'])} from cloudfront\nvia: 1.1 {hx(32)}.cloudfront.net (CloudFront)\n"
            f"x-amz-cf-pop: {C(['AMS1-P2', 'FRA56-P4', 'NRT57-C1', 'IAD89-P1', 'GRU3-C1'])}\nx-amz-cf-id: {rs(54, URLSAFE)}==")
    return "CDN is serving the old bundle in some regions:\n" + fence(body)


def nb_gpg_sshfp():
    fp = " ".join(hx(4, True) for _ in range(10))
    k = R.random()
    if k < 0.5:
        return f"release tags are signed with the build key, public fingerprint `{fp}` — verify with `git tag -v v{ver()}`"
    return (f"build mac host key changed after the reinstall, new fingerprint is `SHA256:{b64(rb(32)).rstrip('=')}` (ED25519), "
            "that's expected, update known_hosts on the runners")


NB = [nb_dwarfdump, nb_unity_manifest, nb_addressables, nb_gitlog, nb_gradle_verif, nb_podfile_lock, nb_package_resolved,
      nb_apksigner, nb_crashlytics_link, nb_docker, nb_build_report, nb_binary_images, nb_sha256sums, nb_xxd, nb_steam_depot,
      nb_meta, nb_lfs, nb_cert_pin, nb_b64_payload, nb_shader, nb_firebase_appid, nb_npm_integrity, nb_cdn_headers, nb_gpg_sshfp]


# ---------------------------------------------------------------- pii_lookalike_number
def pl_build_numbers():
    name, bid = game()
    yy, mm, dd = R.randint(24, 26), R.randint(1, 12), R.randint(1, 28)
    cfv = f"{yy}{mm:02d}{dd:02d}{R.randint(0, 23):02d}{R.randint(0, 59):02d}"
    vc = f"{R.randint(3, 6)}{R.randint(10, 24)}{R.randint(0, 9)}{R.randint(1000, 9999)}"
    return C([
        f"{name} {ver()} ({cfv}) uploaded to TestFlight, processing. Android versionCode {vc} is on internal track.",
        f"CFBundleVersion={cfv}\nversionCode={vc}",
        f"why is versionCode {vc} < {int(vc) - R.randint(1, 900)}?? Play rejects it. CFBundleVersion {cfv} is fine",
        f"Buildnummer {cfv} ist hängen geblieben, bitte neu hochladen (versionCode {vc})",
    ])


def pl_apple_id():
    name, bid = game()
    aid = num(10, "1")
    return C([
        f"store link: https://apps.apple.com/app/id{aid} (Apple ID {aid}, SKU {name.upper().replace(' ', '')}-IOS-{R.randint(2018, 2024)})",
        f"App Store Connect → app {aid} → TestFlight → build {build_no()} stuck in 'Processing'",
        f"`itms-apps://itunes.apple.com/app/id{aid}?action=write-review` for the rate prompt",
    ])


def pl_gpa_orders():
    rows = ["order_number,purchase_ts,product_id,price_micros,currency,state"]
    for _ in range(R.randint(4, 18)):
        while True:
            o = f"GPA.{R.randint(3300, 3399)}-{R.randint(1000, 9999)}-{R.randint(1000, 9999)}-{R.randint(10000, 99999)}"
            if not scan(o):
                break
        rows.append(f"{o},{ts_iso(False)},{C(['gems_500', 'gems_1200', 'starter_pack', 'vip_month', 'no_ads'])},"
                    f"{C(['990000', '4990000', '9990000', '1990000'])},{C(['EUR', 'USD', 'BRL', 'JPY', 'KRW'])},"
                    f"{C(['Charged', 'Refunded', 'Chargeback', 'Cancelled'])}")
    return "refund export for the double-charge investigation (no buyer columns):\n" + fence("\n".join(rows), "csv")


def pl_transactions():
    lines = []
    for _ in range(R.randint(1, 6)):
        ot = num(16, "2")
        lines.append(f'{{"originalTransactionId":"{ot}","transactionId":"{num(16, "2")}","productId":"{C(["com.lanternbay.skyrush.gems1200", "com.lanternbay.tinytavern.vip", "com.lanternbay.neondrift.season3"])}","purchaseDate":{epoch_ms()},"environment":"{C(["Sandbox", "Production"])}"}}')
    return "StoreKit 2 server notifications that failed validation:\n" + fence("\n".join(lines), "json")


def pl_device_farm():
    rows = ["| slot | model | OS | build | host | adb/wda port |", "|---|---|---|---|---|---|"]
    for i in range(R.randint(3, 12)):
        if R.random() < 0.5:
            v, b = C(IOS_VER)
            rows.append(f"| {i + 1:02d} | {C(IOS_DEV)} | iOS {v} | {b} | {private_ip()} | {R.randint(8100, 8199)} |")
        else:
            v, api = C(AND_VER)
            rows.append(f"| {i + 1:02d} | {C(AND_DEV)} | Android {v} (API {api}) | {rs(4, string.ascii_uppercase + string.digits)}.{R.randint(230101, 250930)}.{R.randint(1, 30):03d} | {private_ip()} | {R.randint(5555, 5585)} |")
    return "device lab inventory after the shelf rebuild:\n" + "\n".join(rows)


def pl_analytics():
    lines = []
    sess = R.randint(1, 400)
    for _ in range(R.randint(3, 14)):
        lines.append(json.dumps({"event_id": num(10), "event": C(["level_start", "level_complete", "iap_view", "ad_impression", "tutorial_step", "session_start"]),
                                 "ts": int(epoch_ms()), "session_number": sess, "level": R.randint(1, 300),
                                 "device": C(IOS_DEV + AND_DEV), "app_version": ver(), "duration_ms": R.randint(100, 900000)}))
    return "raw events from the debug view, `level_complete` is missing between these:\n" + fence("\n".join(lines))


def pl_reviews():
    rid = num(C([10, 11]), "1")
    v, b = C(IOS_VER)
    return C([
        f"App Store review #{rid} ★☆☆☆☆ \"crashes on launch since the update\" — {C(IOS_DEV)}, iOS {v} ({b}), app {ver()}",
        f"Review {rid} (JP storefront, 2★): 「アップデート後に起動しません」 iOS {v} / {C(IOS_DEV)}",
        f"Play review gp:AOqpTO{rs(60, URLSAFE)} — 1★, {C(AND_DEV)}, Android {C(AND_VER)[0]}, versionCode {R.randint(300000, 699999)}",
    ])


def pl_crash_addresses():
    name, bid = game()
    exe = name.replace(" ", "")
    lines = [f"Exception Type:  EXC_BAD_ACCESS (SIGSEGV)",
             f"Exception Subtype: KERN_INVALID_ADDRESS at 0x{R.randint(0, 0xffff):016x}",
             f"Triggered by Thread:  {R.randint(0, 12)}", "", f"Thread {R.randint(0, 12)} Crashed:"]
    for i in range(R.randint(3, 12)):
        addr = R.randint(0x100000000, 0x1ffffffff)
        off = R.randint(4, 999999)
        lib = C([exe, "UnityFramework", "libsystem_kernel.dylib", "CoreFoundation", "libobjc.A.dylib"])
        lines.append(f"{i:<3}{lib:<24}\t0x{addr:016x} 0x{addr - off:x} + {off}")
    return fence("\n".join(lines))


def pl_sizes():
    loc = R.random()
    def fmt(n):
        if loc < 0.33:
            return f"{n:,}".replace(",", ".")
        if loc < 0.66:
            return f"{n:,}".replace(",", " ")
        return f"{n:,}"
    rows = ["| asset pack | download | install |", "|---|---:|---:|"]
    for p in R.sample(["base", "install_time_assets", "fast_follow_worlds", "on_demand_event", "audio_hq", "textures_astc", "textures_etc2"], R.randint(3, 6)):
        rows.append(f"| {p} | {fmt(R.randint(1000000, 900000000))} B | {fmt(R.randint(1000000, 2000000000))} B |")
    return "AAB size breakdown (bundletool get-size total):\n" + "\n".join(rows)


def pl_prices():
    rows = [("USD", "$0.99", "$4.99", "$9.99", "$49.99"), ("EUR", "0,99 €", "5,49 €", "10,99 €", "54,99 €"),
            ("JPY", "¥160", "¥800", "¥1,500", "¥7,800"), ("KRW", "₩1,200", "₩6,500", "₩13,000", "₩65,000"),
            ("BRL", "R$ 5,90", "R$ 27,90", "R$ 54,90", "R$ 279,90"), ("INR", "₹89", "₹449", "₹899", "₹4,499"),
            ("TRY", "₺39,99", "₺199,99", "₺399,99", "₺1.999,99"), ("PLN", "4,99 zł", "24,99 zł", "49,99 zł", "249,99 zł")]
    pick = R.sample(rows, R.randint(3, 8))
    lines = ["currency,tier_1,tier_5,tier_10,tier_50"] + [",".join(r) for r in pick]
    return f"price tiers for the {C(['gems', 'battle pass', 'starter pack'])} SKUs after Apple's {R.randint(2024, 2026)} tax update:\n" + fence("\n".join(lines), "csv")


def pl_metro():
    ip = private_ip()
    return C([
        f"Metro waiting on exp://{ip}:8081 — if the device can't reach it run `adb reverse tcp:8081 tcp:8081`",
        f"emulator talks to the local backend via 10.0.2.2:{C([3000, 8080, 5001])}, real devices need {ip}:{C([3000, 8080, 5001])}",
        f"Unity Profiler autoconnect: {ip}:{R.randint(54990, 55511)}, player connection port {R.randint(34990, 34999)}",
        f"local Nakama on {ip}:7350 (api) / 7351 (console), grpc 7349",
    ])


def pl_tickets():
    items = [f"SKY-{R.randint(10000, 29999)}", f"TT-{R.randint(1000, 9999)}", f"Zendesk #{R.randint(1000000, 9999999)}",
             f"Helpshift issue {R.randint(10000, 99999)}", f"MOON-{R.randint(100, 2999)}", f"Sentry {rs(8, string.ascii_uppercase + string.digits)}"]
    picked = R.sample(items, R.randint(2, 5))
    return C(["linking these for the triage:", "same root cause as", "duplicates:", "bitte zusammenführen:", "중복 티켓:"]) + " " + ", ".join(picked)


def pl_scores():
    sc = R.randint(2147480000, 4294967295)
    return C([
        f"anti-cheat flagged score {sc} on `weekly_{R.randint(2024, 2026)}_{R.randint(1, 52):02d}` — cap is 2147483647, int32 overflow on the client again",
        f"leaderboard top entry is {sc} points, previous week max was {R.randint(10000000, 99999999)}. Reverting that submission.",
        f"score {sc} > INT_MAX, the server clamps to 2147483647 but the client shows the raw value",
    ])


def pl_seeds():
    return C([
        f"daily challenge seed {R.randint(2024, 2026)}{R.randint(1, 12):02d}{R.randint(1, 28):02d} reproduces the softlock, world seed -{num(13)}",
        f"procgen seed {num(C([10, 11, 12]))} generates a dungeon with no exit, attaching the minimap",
        f"RNG state dump: s0={num(10)} s1={num(10)} s2={num(10)} s3={num(10)}",
    ])


def pl_fingerprint():
    dev = C(["husky", "shiba", "lynx", "panther", "akita", "tokay"])
    fp = f"google/{dev}/{dev}:{C(['14', '15'])}/{C(['AP2A', 'AP1A', 'UQ1A', 'BP1A'])}.{R.randint(240101, 250930)}.{R.randint(1, 30):03d}/{R.randint(10000000, 12999999)}:user/release-keys"
    return f"only repro'd on `{fp}` so far, kernel 5.{R.randint(10, 15)}.{R.randint(100, 199)}-android{R.randint(13, 15)}"


def pl_dates():
    d, m, y = R.randint(1, 28), R.randint(1, 12), R.randint(2025, 2026)
    return C([
        f"LiveOps calendar: event start {d:02d}.{m:02d}.{y} 10:00 UTC, end {(d % 28) + 1:02d}.{m:02d}.{y} 09:59 UTC",
        f"イベント期間：{y}年{m}月{d}日 11:00〜{y}年{m}月{(d % 28) + 1}日 10:59（JST）",
        f"{m:02d}/{d:02d}/{y} — US store feature window; {y}-{m:02d}-{d:02d} in the ASC timezone",
        f"이벤트 기간: {y}.{m:02d}.{d:02d} ~ {y}.{m:02d}.{(d % 28) + 1:02d}",
        f"活动时间：{y}年{m}月{d}日至{(m % 12) + 1}月{d}日",
    ])


def pl_screens():
    sizes = ['6.9" 1320 x 2868', '6.7" 1290 x 2796', '6.5" 1242 x 2688', '5.5" 1242 x 2208', '12.9" iPad 2048 x 2732',
             'Play phone 1080 x 1920', 'Play 7" tablet 1200 x 1920', 'Play feature graphic 1024 x 500']
    return "screenshot specs for the store refresh:\n" + "\n".join("- " + s for s in R.sample(sizes, R.randint(3, 7)))


def pl_deps():
    return fence(f"""android {{
    namespace "{game()[1]}"
    compileSdk {C([34, 35])}
    defaultConfig {{
        minSdk {C([23, 24, 26])}
        targetSdk {C([34, 35])}
        versionCode {R.randint(300000000, 699999999)}
        versionName "{ver()}"
    }}
}}
dependencies {{
    implementation "com.google.firebase:firebase-bom:{R.randint(32, 33)}.{R.randint(0, 12)}.{R.randint(0, 3)}"
    implementation "com.android.billingclient:billing-ktx:{C(['6.2.1', '7.0.0', '7.1.1'])}"
}}""", "groovy")


def pl_coords():
    spots = [(35.6586, 139.7454), (48.8584, 2.2945), (40.7829, -73.9654), (51.5081, -0.0759), (-33.8568, 151.2153), (52.3600, 4.8852)]
    lat, lng = C(spots)
    return C([
        f"event POI #{R.randint(10, 999)}: lat {lat + R.uniform(-0.003, 0.003):.6f}, lng {lng + R.uniform(-0.003, 0.003):.6f}, radius {R.randint(40, 400)} m",
        f"spawn cluster centroid {lat:.4f},{lng:.4f} — too dense, {R.randint(20, 300)} spawns/km²",
    ])


def pl_console_ids():
    return C([
        f"Switch title id 0100{hx(8, True)}000 / PS5 {C(['PPSA', 'CUSA'])}{R.randint(10000, 99999)}_00 / Steam app {R.randint(1800000, 3200000)}",
        f"Xbox product id 9N{rs(10, string.ascii_uppercase + string.digits)}, store id {num(12)}",
    ])


def pl_invoices():
    return C([
        f"art outsourcing: INV-{R.randint(2024, 2026)}-{R.randint(100, 999):05d}, PO {R.randint(4500000000, 4599999999)}, total € {R.randint(1, 99)}.{R.randint(100, 999)},00",
        f"Rechnung RE-{R.randint(2024, 2026)}/{R.randint(1000, 9999)} (Lokalisierung ja/ko/zh), Betrag {R.randint(1, 40)}.{R.randint(100, 999)},{R.randint(10, 99)} EUR, Kostenstelle {R.randint(4000, 4999)}",
        f"voice-over session invoice #{R.randint(100000, 999999)}, {R.randint(4, 40)} lines × {R.randint(2, 9)} languages, USD {R.randint(1000, 20000):,}.00",
    ])


def pl_zendesk_macro():
    return C([
        f"use macro {num(12, '3')} ('Refund – double charge') not {num(12, '3')}, the old one links the wrong help article",
        f"help center article {num(12, '3')} explains restore purchases; ticket form {num(12, '3')}",
    ])


def pl_versions_4part():
    return C([
        f"Windows build of Moonfall is {R.randint(1, 3)}.{R.randint(0, 9)}.{R.randint(0, 9)}.{R.randint(1000, 9999)}, Steam shows the old one",
        f"AssemblyFileVersion(\"{R.randint(1, 4)}.{R.randint(0, 12)}.{R.randint(300, 9999)}.{R.randint(256, 65000)}\")",
        f"Xcode {C(['15.4 (15F31d)', '16.0 (16A242d)', '15.3 (15E204a)', '16.1 (16B40)'])}, iOS SDK {C(['17.5', '18.0', '18.1'])}, macOS {C(['14.5 (23F79)', '15.0.1 (24A348)'])}",
        f"Unity {C(['2022.3.21f1', '2022.3.40f1', '6000.0.23f1', '2021.3.38f1'])}, Android Gradle Plugin {C(['8.2.2', '8.4.1'])}, Gradle {C(['8.4', '8.7'])}, NDK {C(['23.1.7779620', '25.1.8937393', '26.3.11579264'])}",
    ])


PL = [pl_build_numbers, pl_apple_id, pl_gpa_orders, pl_transactions, pl_device_farm, pl_analytics, pl_reviews,
      pl_crash_addresses, pl_sizes, pl_prices, pl_metro, pl_tickets, pl_scores, pl_seeds, pl_fingerprint, pl_dates,
      pl_screens, pl_deps, pl_coords, pl_console_ids, pl_invoices, pl_zendesk_macro, pl_versions_4part]


# ---------------------------------------------------------------- data_uri_base64
def trunc(uri):
    if R.random() < 0.25 and len(uri) > 90:
        cut = R.randint(50, 80)
        return uri[:cut] + C(["…", "...", f"… [{len(uri) - cut} more chars]", "…(truncated)"])
    return uri


def du_css():
    sel = C([".coin", ".gem-icon", ".btn-close", ".badge--new", ".star"])
    return ("in-game news WebView css, the icon is inlined so it works offline:\n" +
            fence(f"{sel} {{\n  width: 16px; height: 16px;\n  background: url({data_uri(C(['png', 'svg', 'gif']))}) no-repeat center;\n  image-rendering: pixelated;\n}}", "css"))


def du_fontface():
    fam = C(["Baloo", "PressStart", "LBIcons", "Nunito-Game"])
    k = C(["woff2", "ttf"])
    uri = trunc(data_uri(k))
    return fence(f"@font-face {{\n  font-family: '{fam}';\n  src: url({uri}) format('{'woff2' if k == 'woff2' else 'truetype'}');\n  font-display: swap;\n}}", "css")


def du_lottie():
    w = C([8, 12, 16])
    doc = {"v": "5.7.4", "fr": 30, "ip": 0, "op": R.randint(30, 120), "w": 128, "h": 128, "nm": C(["coin_burst", "chest_open", "confetti", "level_up"]),
           "assets": [{"id": "image_0", "w": w, "h": w, "u": "", "p": "data:image/png;base64," + b64(sprite_png(w)), "e": 1}],
           "layers": [{"ty": 2, "nm": "sprite", "refId": "image_0", "ip": 0, "op": 60, "st": 0}]}
    return "Lottie from the motion designer embeds the png, that's fine for this size:\n" + fence(json.dumps(doc), "json")


def du_playable():
    img = data_uri("png")
    snd = data_uri(C(["wav", "ogg"]))
    return ("playable ad has to be a single html (network limit 5 MB), assets are inlined:\n" +
            fence(f"preload() {{\n  this.load.image('{C(['gem', 'hero', 'chest'])}', '{img}');\n  this.load.audio('pop', ['{trunc(snd)}']);\n}}", "js"))


def du_rn():
    return fence(f"<Image\n  style={{{{ width: 24, height: 24 }}}}\n  source={{{{ uri: '{data_uri(C(['png', 'gif']))}' }}}}\n/>", "tsx")


def du_flutter():
    return "placeholder sprite until the atlas loads:\n" + fence(f"final placeholder = Image.memory(\n  base64Decode('{b64(sprite_png())}'),\n  filterQuality: FilterQuality.none,\n);", "dart")


def du_swift():
    return fence(f'let fallbackIcon = UIImage(data: Data(base64Encoded: "{b64(sprite_png())}")!)!', "swift")


def du_kotlin():
    return fence(f'private val PLACEHOLDER = "{b64(sprite_png())}"\nval bmp = Base64.decode(PLACEHOLDER, Base64.DEFAULT).let {{ BitmapFactory.decodeByteArray(it, 0, it.size) }}', "kotlin")


def du_unity():
    return ("editor-only debug texture:\n" +
            fence(f'var tex = new Texture2D(2, 2) {{ filterMode = FilterMode.Point }};\ntex.LoadImage(Convert.FromBase64String("{b64(sprite_png())}"));', "csharp"))


def du_markdown():
    return f"before/after for the {C(['coin', 'heart', 'key', 'shield'])} icon: ![before]({data_uri('png')}) → ![after]({data_uri('png')})"


def du_html_iam():
    return ("in-app message template, images inlined because the CDN is blocked in some regions:\n" +
            fence(f'<div class="iam">\n  <img alt="" width="64" height="64" src="{data_uri(C(["png", "jpeg", "webp"]))}">\n  <h2>{C(["Nouvel événement !", "¡Nuevo evento!", "Neues Event!", "新しいイベント！", "새 이벤트!", "Новое событие!", "Yeni etkinlik!"])}</h2>\n</div>', "html"))


def du_atlas_json():
    frames = {f"{C(['coin', 'gem', 'star', 'heart'])}_{i}.png": {"frame": {"x": i * 16, "y": 0, "w": 16, "h": 16}} for i in range(R.randint(1, 4))}
    doc = {"frames": frames, "meta": {"app": "https://www.codeandweb.com/texturepacker", "image": data_uri("png"), "format": "RGBA8888", "scale": "1"}}
    return fence(json.dumps(doc, indent=1), "json")


def du_sourcemap():
    sm = {"version": 3, "file": "bundle.js", "sources": [f"src/{C(['game', 'scenes', 'ui'])}/{C(['Boot', 'Shop', 'Hud', 'Preload'])}.ts"],
          "names": [], "mappings": ";;AAAA," + rs(R.randint(10, 40), "ACEGIKMOQSUWYgkoa;,")}
    enc = b64(json.dumps(sm, separators=(",", ":")).encode())
    return "last line of the web build's bundle.js:\n" + fence("//# sourceMappingURL=data:application/json;charset=utf-8;base64," + enc, "js")


def du_svg_pct():
    svg = svg_text().replace("<", "%3C").replace(">", "%3E").replace('"', "'").replace("#", "%23")
    return f"spinner in the loading screen: `background-image: url(\"data:image/svg+xml,{svg}\")` vs base64 `{data_uri('svg')}` — the percent one is smaller"


def du_csp():
    return (f"WebView console on the store page:\n```\nRefused to load the image '{trunc(data_uri('png'))}' because it violates the "
            "following Content Security Policy directive: \"img-src 'self' https://cdn.lanternbay.games\".\n```")


def du_crash_attachment():
    doc = {"report_id": uuid4(), "app_version": ver(), "device": C(IOS_DEV + AND_DEV), "screenshot": trunc(data_uri("jpeg")),
           "thumbnail": data_uri(C(["webp", "png"]))}
    return "in-game bug reporter payload (screenshot is the game view only, no OS UI):\n" + fence(json.dumps(doc, indent=2), "json")


def du_push():
    doc = {"aps": {"alert": {"title": C(["Your energy is full!", "¡Tu energía está llena!", "エネルギーが満タンです！"]), "body": "…"},
                   "mutable-content": 1}, "thumb": data_uri("png")}
    return "rich push payload test, thumbnail inlined for the NSE:\n" + fence(json.dumps(doc, ensure_ascii=False, indent=2), "json")


def du_tmp_font():
    return ("TextMeshPro fallback font bytes in the bundle config (subset: digits + ★ only):\n" +
            fence(json.dumps({"fallbackFont": {"name": "Digits-Subset", "format": C(["ttf", "woff2"]), "bytes": b64(ttf_bytes(R.randint(60, 160)))}}, indent=2), "json"))


def du_audio_html():
    return fence(f'const click = new Audio("{data_uri(C(["wav", "ogg"]))}");\nclick.volume = 0.4;', "js")


def du_echo():
    uri = data_uri(C(["png", "gif"]))
    return f"quick check the sprite decodes:\n```\n$ echo '{uri.split(',', 1)[1]}' | base64 -d > /tmp/s.png && file /tmp/s.png\n/tmp/s.png: {'PNG image data, 16 x 16, 8-bit/color RGBA, non-interlaced' if 'png' in uri else 'GIF image data, version 89a, 1 x 1'}\n```"


def du_addressables_json():
    rows = []
    for _ in range(R.randint(2, 5)):
        rows.append({"key": f"icons/{C(['coin', 'gem', 'energy', 'ticket', 'crown'])}_{R.randint(1, 99)}", "placeholder": data_uri(C(["png", "gif", "webp"]))})
    return "remote config `shop_placeholders` (shown before the bundle finishes):\n" + fence(json.dumps(rows, indent=2), "json")


DU = [du_css, du_fontface, du_lottie, du_playable, du_rn, du_flutter, du_swift, du_kotlin, du_unity, du_markdown,
      du_html_iam, du_atlas_json, du_sourcemap, du_svg_pct, du_csp, du_crash_attachment, du_push, du_tmp_font,
      du_audio_html, du_echo, du_addressables_json]


# ---------------------------------------------------------------- placeholder_example
def ph_matchfile():
    name, bid = game()
    return fence(f"""# Matchfile
git_url(ENV["MATCH_GIT_URL"])
storage_mode("git")
type("{C(['appstore', 'adhoc', 'development'])}")
app_identifier(["{bid}", "{bid}.NotificationService"])
git_basic_authorization(ENV["MATCH_GIT_BASIC_AUTHORIZATION"]) # base64 of "user:token", set in CI
# MATCH_PASSWORD comes from the CI secret store, never commit it""", "ruby")


def ph_gradle_signing():
    return C([
        fence("""signingConfigs {
    debug {
        storeFile file("debug.keystore")
        storePassword "android"
        keyAlias "androiddebugkey"
        keyPassword "android"
    }
    release {
        storeFile file(System.getenv("KEYSTORE_PATH") ?: "release.jks")
        storePassword System.getenv("KEYSTORE_PASSWORD")
        keyAlias System.getenv("KEY_ALIAS")
        keyPassword System.getenv("KEY_PASSWORD")
    }
}""", "groovy"),
        "gradle.properties.template:\n" + fence("RELEASE_STORE_FILE=../keystores/upload.jks\nRELEASE_STORE_PASSWORD=<ask the release captain>\nRELEASE_KEY_ALIAS=upload\nRELEASE_KEY_PASSWORD=<same as above>", "properties"),
        "the debug keystore password is the stock `android` / alias `androiddebugkey`, that's not a secret, it's the SDK default",
    ])


def ph_env_example():
    lines = ["# .env.example — copy to .env and fill in", "PLAYFAB_TITLE_ID=XXXXX", "PLAYFAB_SECRET_KEY=<from Game Manager → Title settings>",
             "REVENUECAT_API_KEY=appl_xxxxxxxxxxxxxxxxxxxxxxxxxxx", "FIREBASE_TOKEN=<run `firebase login:ci`>",
             "SLACK_BOT_TOKEN=xoxb-your-bot-token", "SENTRY_AUTH_TOKEN=", "APP_STORE_CONNECT_KEY_ID=XXXXXXXXXX",
             "APP_STORE_CONNECT_ISSUER_ID=xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx", "OPENAI_API_KEY=sk-...", "ANTHROPIC_API_KEY=sk-ant-...",
             "GITHUB_TOKEN=ghp_XXXXXXXXXXXX", "UNITY_SERIAL=XX-XXXX-XXXX-XXXX-XXXX-XXXX", "DB_PASSWORD=changeme"]
    pick = [lines[0]] + sorted(R.sample(lines[1:], R.randint(3, 10)), key=lines.index)
    return fence("\n".join(pick), "dotenv")


def ph_gha():
    return fence(f"""- uses: game-ci/unity-builder@v4
  env:
    UNITY_LICENSE: ${{{{ secrets.UNITY_LICENSE }}}}
    UNITY_EMAIL: ${{{{ secrets.UNITY_EMAIL }}}}
    UNITY_PASSWORD: ${{{{ secrets.UNITY_PASSWORD }}}}
  with:
    targetPlatform: {C(['Android', 'iOS', 'WebGL'])}
    androidKeystoreName: user.keystore
    androidKeystoreBase64: ${{{{ secrets.ANDROID_KEYSTORE_BASE64 }}}}
    androidKeystorePass: ${{{{ secrets.ANDROID_KEYSTORE_PASS }}}}
    androidKeyaliasPass: ${{{{ secrets.ANDROID_KEYALIAS_PASS }}}}""", "yaml")


def ph_asc_json():
    doc = {"key_id": "XXXXXXXXXX", "issuer_id": "xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx",
           "key": "-----BEGIN PRIVATE KEY-----\n<contents of AuthKey_XXXXXXXXXX.p8>\n-----END PRIVATE KEY-----", "in_house": False}
    return "template for `app_store_connect_api_key(path:)`, the real one lives in the vault:\n" + fence(json.dumps(doc, indent=2), "json")


def ph_admob_test():
    return C([
        fence('// Google\'s published TEST ids — safe to commit, never ship\nconst val TEST_APP_ID = "ca-app-pub-3940256099942544~3347511713"\nconst val TEST_BANNER = "ca-app-pub-3940256099942544/6300978111"\nconst val TEST_REWARDED = "ca-app-pub-3940256099942544/5224354917"', "kotlin"),
        "debug builds must use the AdMob sample ids (`ca-app-pub-3940256099942544/1712485313` for rewarded on iOS), otherwise we risk the account",
    ])


def ph_aws_example():
    return C([
        fence("# docs/cdn-upload.md\n$ export AWS_ACCESS_KEY_ID=AKIAIOSFODNN7EXAMPLE\n$ export AWS_SECRET_ACCESS_KEY=wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY\n$ aws s3 sync ServerData/Android s3://<bucket>/android --delete", "bash"),
        "the upload script README uses the AWS doc keys (`AKIAIOSFODNN7EXAMPLE`), people keep asking if that's ours — it isn't, it's from the AWS docs",
    ])


def ph_masked_logs():
    lines = [f"{ts_iso()} I/Signing: storePassword=****, keyPassword=****",
             f"{ts_iso()} D/Http: --> POST /v2/session Authorization: Bearer [REDACTED]",
             f"{ts_iso()} I/Billing: card •••• {R.randint(1000, 9999)} ({C(['VISA', 'MC', 'AMEX'])}) authorised",
             f"{ts_iso()} W/Profile: phone=***-***-**{R.randint(10, 99)} verified=false",
             f"{ts_iso()} I/Auth: login ok user=<hidden> token=<redacted len={C([172, 256, 344])}>",
             f"{ts_iso()} I/Payout: iban=DE** **** **** **** **{R.randint(10, 99)} status=PENDING"]
    return "logs are masked correctly now:\n" + fence("\n".join(R.sample(lines, R.randint(2, 6))))


def ph_loc_placeholders():
    lines = ['"login.email.placeholder" = "nom@exemple";', '"login.password.placeholder" = "••••••••";',
             '"checkout.card.placeholder" = "0000 0000 0000 0000";', '"checkout.cvc.placeholder" = "CVC";',
             '"profile.phone.placeholder" = "+XX XXX XXX XXXX";', '"payout.iban.placeholder" = "FR76 XXXX XXXX XXXX XXXX XXXX XXX";',
             '"redeem.code.placeholder" = "XXXX-XXXX-XXXX";']
    return "fr.lproj/Localizable.strings — placeholders only:\n" + fence("\n".join(R.sample(lines, R.randint(3, 7))))


def ph_xcode_placeholder():
    return C([
        fence('enum Secrets {\n    static let revenueCatKey = "<#REVENUECAT_PUBLIC_KEY#>"\n    static let sentryDSN = "<#SENTRY_DSN#>"\n}', "swift"),
        "the `<#API_KEY#>` in SDKConfig.swift is an Xcode placeholder token, the build fails on purpose until you replace it",
    ])


def ph_google_services():
    doc = {"project_info": {"project_number": "000000000000", "project_id": "your-project-id"},
           "client": [{"client_info": {"mobilesdk_app_id": "1:000000000000:android:0000000000000000",
                                       "android_client_info": {"package_name": game()[1]}},
                       "api_key": [{"current_key": "YOUR_API_KEY"}]}]}
    return "committed `google-services.json` is the dummy one, CI swaps in the real file:\n" + fence(json.dumps(doc, indent=2), "json")


def ph_dsn():
    return C([
        "Sentry DSN format is `https://<public_key>@o<org_id>.ingest.sentry.io/<project_id>` — take it from project settings, not from here",
        "mongodb+srv://<username>:<password>@cluster0.xxxxx.mongodb.net/liveops — template from the backend README",
        "`redis://:${REDIS_PASSWORD}@redis:6379/0` in compose, the var comes from the env file",
        "postgres://user:password@localhost:5432/leaderboards (docker-compose default for local dev)",
    ])


def ph_xcconfig():
    return fence("""// Release.xcconfig
DEVELOPMENT_TEAM = $(LB_TEAM_ID)
CODE_SIGN_STYLE = Manual
CODE_SIGN_IDENTITY = Apple Distribution
PROVISIONING_PROFILE_SPECIFIER = match AppStore $(PRODUCT_BUNDLE_IDENTIFIER)
REVENUECAT_KEY = $(REVENUECAT_KEY_FROM_CI)
SENTRY_DSN = $(SENTRY_DSN_FROM_CI)""")


def ph_helm():
    return fence("""env:
  - name: PLAYFAB_SECRET_KEY
    valueFrom:
      secretKeyRef:
        name: liveops-secrets
        key: playfab-secret-key
  - name: STEAM_WEB_API_KEY
    value: {{ .Values.steam.webApiKey | quote }}
  - name: APPLE_SHARED_SECRET
    value: "op://Mobile/AppStore Shared Secret/credential\"""", "yaml")


def ph_slack_doc():
    return C([
        "Slack tokens look like `xoxb-…` (bot) or `xoxp-…` (user). The build notifier needs a bot one; put it in the vault as `SLACK_BOT_TOKEN`.",
        "Claude keys start with `sk-ant-api03-…`, OpenAI with `sk-proj-…`; the loc tool reads whichever is set in `LOC_LLM_KEY`.",
        "GitHub tokens: classic `ghp_…`, fine-grained `github_pat_…`. For match use a fine-grained one scoped to the certs repo only.",
    ])


def ph_support_macro():
    return C([
        "Macro: Hi {{ticket.requester.first_name}}, thanks for reaching out! Please send us your Player ID (Settings → About → Player ID). We will never ask for your password or card details.",
        "Hola {{ticket.requester.first_name}}, por favor envíanos tu ID de jugador (Ajustes → Acerca de). Nunca te pediremos tu contraseña.",
        "{{ticket.requester.first_name}}さん、プレイヤーID（設定 → 情報）を教えてください。パスワードをお聞きすることはありません。",
    ])


def ph_unity_editorprefs():
    return fence('// paste your own key, do not commit it\nEditorPrefs.SetString("UnityCloudBuildApiKey", "<YOUR_API_KEY>");\nEditorPrefs.SetString("LocSheetsToken", "${LOC_SHEETS_TOKEN}");', "csharp")


def ph_empty_values():
    return C([
        fence("MATCH_PASSWORD=\nFASTLANE_PASSWORD=\nFASTLANE_SESSION=\nSPACESHIP_2FA_SMS_DEFAULT_PHONE_NUMBER=", "dotenv"),
        fence('[keystore]\npath = "keystores/upload.jks"\npassword = ""\nalias = "upload"', "toml"),
        fence('{ "steam": { "username": "", "password": "", "guard_code": "" } }', "json"),
    ])


def ph_masks_chat():
    return C([
        f"the tester's card shows as `**** **** **** {R.randint(1000, 9999)}` in the Play refund page, that's all we can see",
        "SSN field on the US contractor form is shown as XXX-XX-XXXX in the export, good",
        "IBAN in the payout dashboard: `NL** ABNA **** **** {0}`".format(R.randint(10, 99)),
        "phone number in the ticket is masked (`+** *** *** ** {0}`)".format(R.randint(10, 99)),
    ])


PH = [ph_matchfile, ph_gradle_signing, ph_env_example, ph_gha, ph_asc_json, ph_admob_test, ph_aws_example, ph_masked_logs,
      ph_loc_placeholders, ph_xcode_placeholder, ph_google_services, ph_dsn, ph_xcconfig, ph_helm, ph_slack_doc,
      ph_support_macro, ph_unity_editorprefs, ph_empty_values, ph_masks_chat]


# ---------------------------------------------------------------- code_identifier
SWIFT_FUNCS = ["AuthService.refreshAccessToken(completion:)", "KeychainStore.save(refreshToken:for:)", "KeychainStore.readPassword(account:)",
               "SessionManager.validate(idToken:)", "PaymentSheetViewModel.didEnterCardNumber(_:)", "PhoneVerificationView.submit(code:)",
               "APIClient.attach(bearerToken:to:)", "SecretsProvider.apiKey(for:)", "LoginViewController.passwordFieldDidChange(_:)",
               "ReceiptValidator.verify(sharedSecret:)", "closure #1 in TokenRefresher.scheduleRefresh()"]
KT_CLASSES = ["auth.TokenRefreshInterceptor.intercept", "auth.SessionTokenStore.getRefreshToken", "auth.PasswordResetViewModel.onSubmit",
              "billing.CreditCardFormatter.format", "billing.PurchaseTokenVerifier.verify", "profile.PhoneNumberValidator.isValid",
              "net.ApiKeyHeaderInterceptor.intercept", "security.EncryptedPrefs.getSecret", "auth.OAuthTokenRepository.exchangeCode",
              "payout.IbanInputFilter.filter"]


def ci_ios_trace():
    name, bid = game()
    exe = name.replace(" ", "")
    lines = [f"Thread {R.randint(0, 9)} Crashed:"]
    for i in range(R.randint(4, 14)):
        if R.random() < 0.6:
            f = C(SWIFT_FUNCS)
            src = f.split(".")[0].replace("closure #1 in ", "")
            lines.append(f"{i:<3}{exe:<20}0x{R.randint(0x100000000, 0x1ffffffff):016x} {f} + {R.randint(20, 2000)} ({src}.swift:{R.randint(10, 600)})")
        else:
            lib, fn = C([("libswiftCore.dylib", "swift_unknownObjectRetain"), ("Security", "SecItemCopyMatching"),
                         ("Foundation", "-[NSURLSession dataTaskWithRequest:completionHandler:]"), ("libdispatch.dylib", "_dispatch_call_block_and_release"),
                         ("UIKitCore", "-[UITextField _textDidChange]")])
            lines.append(f"{i:<3}{lib:<20}0x{R.randint(0x180000000, 0x1ffffffff):016x} {fn} + {R.randint(8, 900)}")
    return fence("\n".join(lines))


def ci_android_trace():
    name, bid = game()
    pkg = bid
    exc = C(["java.lang.IllegalStateException: refresh token missing", "javax.crypto.AEADBadTagException", "java.lang.NullPointerException: apiKey must not be null",
             "kotlin.UninitializedPropertyAccessException: lateinit property passwordEncoder has not been initialized",
             "android.security.keystore.KeyPermanentlyInvalidatedException: Key permanently invalidated"])
    lines = [f"FATAL EXCEPTION: {C(['main', 'OkHttp Dispatcher', 'DefaultDispatcher-worker-3'])}", f"Process: {pkg}, PID: {R.randint(2000, 32000)}", exc]
    for _ in range(R.randint(3, 16)):
        c = C(KT_CLASSES)
        cls = c.split(".")[-2]
        lines.append(f"\tat {pkg}.{c}({cls}.kt:{R.randint(12, 400)})")
    lines.append("\tat okhttp3.internal.http.RealInterceptorChain.proceed(RealInterceptorChain.kt:109)")
    return fence("\n".join(lines))


def ci_unity_log():
    cls = C(["LoginManager", "PasswordResetController", "TokenCache", "PurchaseValidator", "SecureStorage", "PhoneLinkPanel"])
    meth = C(["OnPasswordSubmitted", "RefreshAccessToken", "LoadApiKey", "ValidateCardToken", "GetSessionSecret", "OnSmsCodeEntered"])
    lines = [f"NullReferenceException: Object reference not set to an instance of an object",
             f"  at Lanternbay.Auth.{cls}.{meth} () [0x000{hx(2)}] in /builds/mobile/Assets/Scripts/Auth/{cls}.cs:{R.randint(20, 300)}",
             f"  at Lanternbay.Auth.{cls}+<{meth}Async>d__{R.randint(1, 40)}.MoveNext () [0x00{hx(3)}] in /builds/mobile/Assets/Scripts/Auth/{cls}.cs:{R.randint(20, 300)}",
             "  at UnityEngine.SetupCoroutine.InvokeMoveNext (System.Collections.IEnumerator enumerator, System.IntPtr returnValueAddress) [0x00020] in <" + hx(32) + ">:0"]
    return fence("\n".join(lines[:R.randint(2, 4)]))


def ci_swift_src():
    return fence("""func storeRefreshToken(_ token: String, account: String) throws {
    let query: [String: Any] = [
        kSecClass as String: kSecClassGenericPassword,
        kSecAttrAccount as String: account,
        kSecAttrService as String: "%s.session",
        kSecValueData as String: Data(token.utf8),
        kSecAttrAccessible as String: kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly
    ]
    SecItemDelete(query as CFDictionary)
    let status = SecItemAdd(query as CFDictionary, nil)
    guard status == errSecSuccess else { throw KeychainError.unhandled(status) }
}""" % game()[1], "swift")


def ci_kotlin_src():
    return fence(f"""private val prefs = EncryptedSharedPreferences.create(
    context, "secure_prefs", masterKey,
    EncryptedSharedPreferences.PrefKeyEncryptionScheme.AES256_SIV,
    EncryptedSharedPreferences.PrefValueEncryptionScheme.AES256_GCM
)
var refreshToken: String?
    get() = prefs.getString(KEY_REFRESH_TOKEN, null)
    set(v) = prefs.edit {{ putString(KEY_REFRESH_TOKEN, v) }}
companion object {{ const val KEY_REFRESH_TOKEN = "pref_{C(['refresh_token', 'session_token', 'auth_token'])}" }}""", "kotlin")


def ci_r8_mapping():
    pkg = game()[1]
    lines = []
    for c in R.sample(KT_CLASSES, R.randint(2, 5)):
        parts = c.split(".")
        lines.append(f"{pkg}.{'.'.join(parts[:-1])} -> {rs(1, string.ascii_lowercase)}.{rs(1, string.ascii_lowercase)}.{rs(1, string.ascii_lowercase)}:")
        lines.append(f"    {R.randint(1, 9)}:{R.randint(10, 99)}:java.lang.String {parts[-1]}(java.lang.String):{R.randint(10, 200)}:{R.randint(201, 300)} -> {rs(1, string.ascii_lowercase)}")
        lines.append(f"    java.lang.String {C(['cachedToken', 'apiKeyHeader', 'passwordHash', 'cardBin', 'secretRef'])} -> {rs(1, string.ascii_lowercase)}")
    return "mapping.txt for the retrace:\n" + fence("\n".join(lines))


def ci_proguard():
    pkg = game()[1]
    return fence(f"""-keep class {pkg}.billing.CreditCardForm {{ *; }}
-keepclassmembers class {pkg}.auth.** {{ java.lang.String accessToken; java.lang.String refreshToken; }}
-keepnames class {pkg}.security.ApiKeyProvider
-dontwarn {pkg}.payout.IbanValidator""", "proguard")


def ci_entitlements():
    name, bid = game()
    return fence(f"""<key>keychain-access-groups</key>
<array>
    <string>$(AppIdentifierPrefix){bid}.shared-session</string>
</array>
<key>NSFaceIDUsageDescription</key>
<string>Use Face ID to unlock your saved password.</string>
<key>com.apple.developer.associated-domains</key>
<array><string>webcredentials:lanternbay.games</string></array>""", "xml")


LOC_PW = {"values": "Password", "values-de": "Passwort", "values-fr": "Mot de passe", "values-es": "Contraseña",
          "values-pt-rBR": "Senha", "values-it": "Password", "values-ja": "パスワード", "values-ko": "비밀번호",
          "values-zh-rCN": "密码", "values-ru": "Пароль", "values-tr": "Şifre", "values-pl": "Hasło", "values-ar": "كلمة المرور",
          "values-th": "รหัสผ่าน", "values-vi": "Mật khẩu", "values-hi": "पासवर्ड", "values-uk": "Пароль", "values-nl": "Wachtwoord"}
LOC_CARD = {"values": "Card number", "values-de": "Kartennummer", "values-fr": "Numéro de carte", "values-es": "Número de tarjeta",
            "values-pt-rBR": "Número do cartão", "values-ja": "カード番号", "values-ko": "카드 번호", "values-zh-rCN": "卡号",
            "values-ru": "Номер карты", "values-tr": "Kart numarası", "values-pl": "Numer karty", "values-ar": "رقم البطاقة",
            "values-it": "Numero della carta", "values-nl": "Kaartnummer", "values-vi": "Số thẻ"}
LOC_PHONE = {"values": "Phone number", "values-de": "Telefonnummer", "values-fr": "Numéro de téléphone", "values-es": "Número de teléfono",
             "values-ja": "電話番号", "values-ko": "전화번호", "values-zh-rCN": "手机号码", "values-ru": "Номер телефона",
             "values-tr": "Telefon numarası", "values-pt-rBR": "Número de telefone", "values-ar": "رقم الهاتف", "values-hi": "फ़ोन नंबर"}


def ci_strings_xml():
    key, table = C([("hint_password", LOC_PW), ("label_card_number", LOC_CARD), ("hint_phone_number", LOC_PHONE)])
    folders = R.sample(sorted(table), R.randint(3, min(12, len(table))))
    lines = [f'res/{f}/strings.xml:  <string name="{key}">{table[f]}</string>' for f in folders]
    return f"missing `{key}` in a few locales, grep output:\n" + fence("\n".join(lines))


def ci_unreal():
    cls = C(["UAuthSubsystem", "ULBSessionTokenCache", "UPasswordResetWidget", "FLBSecureStorage"])
    meth = C(["OnTokenExpired", "RefreshAccessToken", "SubmitPassword", "ReadApiKey"])
    mangled = f"_ZN{len(cls)}{cls}{len(meth)}{meth}Ev"
    return fence(f"""ld.lld: error: undefined symbol: {cls}::{meth}()
>>> referenced by {cls}.gen.cpp:{R.randint(40, 400)}
>>>               Module.LBAuth.gen.cpp.o:({mangled})
clang++: error: linker command failed with exit code 1 (use -v to see invocation)""")


def ci_swift_mangled():
    m = C([("TokenManager", "refresh", "yyYaKF"), ("KeychainStore", "savePassword", "yySS_SStKF"), ("APIKeyProvider", "current", "SSvg"),
           ("CardNumberField", "formatted", "SSvg")])
    exe = game()[0].replace(" ", "")
    sym = f"$s{len(exe)}{exe}{len(m[0])}{m[0]}C{len(m[1])}{m[1]}{m[2]}"
    return f"unsymbolicated frame from the TestFlight crash: `{sym}` → `xcrun swift-demangle` gives `{exe}.{m[0]}.{m[1]}`"


def ci_graphql():
    return fence("""mutation RequestPasswordReset($input: PasswordResetInput!) {
  requestPasswordReset(input: $input) { ok resetTokenTtlSeconds }
}
type PlayerProfile {
  id: ID!
  phoneVerified: Boolean!
  hasSavedCard: Boolean!
  cardLast4: String
  emailVerified: Boolean!
}""", "graphql")


def ci_sql():
    return fence(f"""ALTER TABLE player_accounts
  ADD COLUMN password_hash      TEXT,
  ADD COLUMN password_changed_at TIMESTAMPTZ,
  ADD COLUMN phone_e164_hash    BYTEA,
  ADD COLUMN refresh_token_id   UUID REFERENCES refresh_tokens(id);
CREATE INDEX idx_refresh_tokens_expires ON refresh_tokens (expires_at);""", "sql")


def ci_events_csv():
    ev = ["auth_password_reset_requested", "auth_password_reset_completed", "auth_token_refresh_failed", "iap_card_form_opened",
          "iap_card_declined", "profile_phone_link_started", "profile_phone_link_verified", "auth_apple_signin_ok", "secret_chest_opened",
          "api_key_rotated_client"]
    rows = ["event_name,params,owner,since"] + [f"{e},\"{C(['reason;source', 'error_code', 'step;duration_ms', 'provider'])}\",{C(['#team-platform', '#team-monetisation', '#team-liveops'])},{ver()}" for e in R.sample(ev, R.randint(3, 9))]
    return "analytics taxonomy, auth/payments rows:\n" + fence("\n".join(rows), "csv")


def ci_remote_config():
    keys = {"iap_card_payment_enabled": C([True, False]), "auth_token_ttl_minutes": C([15, 30, 60]),
            "password_min_length": C([8, 10, 12]), "phone_link_reward_gems": C([20, 50]), "secret_level_unlock": C([True, False]),
            "force_reauth_on_token_mismatch": True}
    return "Remote Config keys touching auth:\n" + fence(json.dumps(dict(R.sample(sorted(keys.items()), R.randint(2, 6))), indent=2), "json")


def ci_objc():
    sel = C(["-[LBAuthManager setAccessToken:]", "-[LBPaymentForm validateCardNumber:error:]", "+[LBSecrets apiKeyForEnvironment:]",
             "-[LBKeychain passwordForAccount:error:]", "-[SKPaymentQueue addPayment:]"])
    return f"crash in `{sel}` — unrecognized selector sent to instance 0x{R.randint(0x280000000, 0x2ffffffff):x}"


def ci_kotlin_compile():
    f = C(["PaymentCardValidator.kt", "PasswordStrengthMeter.kt", "TokenRefreshWorker.kt", "PhoneInputMask.kt"])
    ref = C(["cardNumberMask", "passwordPolicy", "refreshTokenExpiry", "e164Formatter", "apiKeyHeaderName"])
    return fence(f"e: file:///builds/mobile/android/app/src/main/java/{game()[1].replace('.', '/')}/{f}:{R.randint(10, 200)}:{R.randint(5, 40)} Unresolved reference: {ref}\n> Task :app:compileReleaseKotlin FAILED")


def ci_xcode_error():
    return fence(f"/builds/ios/{game()[0].replace(' ', '')}/Auth/{C(['AuthSession', 'TokenStore', 'PasswordPolicy'])}.swift:{R.randint(10, 300)}:{R.randint(5, 40)}: error: value of type 'AuthSession' has no member '{C(['refreshTokenExpiry', 'passwordHashAlgorithm', 'apiKeyScope'])}'")


def ci_firestore_rules():
    return fence("""match /players/{uid}/private/{doc} {
  allow read, write: if request.auth != null
                     && request.auth.uid == uid
                     && request.auth.token.email_verified == true;
}
match /apiKeys/{id} { allow read, write: if false; }""")


def ci_il2cpp():
    lines = ["*** *** *** *** *** *** *** *** *** *** *** *** *** *** *** ***", f"pid: {R.randint(2000, 30000)}, tid: {R.randint(2000, 30000)}, name: UnityMain  >>> {game()[1]} <<<",
             "signal 11 (SIGSEGV), code 1 (SEGV_MAPERR), fault addr 0x0", "backtrace:"]
    for i in range(R.randint(3, 10)):
        fn = C(["AuthClient_RefreshAccessToken_m", "SecureStorage_GetToken_m", "PasswordHasher_Hash_m", "CardTokenizer_Tokenize_m",
                "ApiKeyVault_Resolve_m", "PlayerPrefs_GetString_m"]) + hx(8, True)
        lines.append(f"      #{i:02d} pc {hx(16)}  /data/app/~~{rs(22, URLSAFE)}==/{game()[1]}-{rs(22, URLSAFE)}==/lib/arm64/libil2cpp.so ({fn}+{R.randint(12, 900)})")
    return fence("\n".join(lines))


CI = [ci_ios_trace, ci_android_trace, ci_unity_log, ci_swift_src, ci_kotlin_src, ci_r8_mapping, ci_proguard, ci_entitlements,
      ci_strings_xml, ci_unreal, ci_swift_mangled, ci_graphql, ci_sql, ci_events_csv, ci_remote_config, ci_objc, ci_kotlin_compile,
      ci_xcode_error, ci_firestore_rules, ci_il2cpp]


# ---------------------------------------------------------------- talk_about_secrets
TALK = {
    "en": [
        "Who has the Play Console upload keystore password? It's not in the release vault entry anymore.",
        "Please don't paste keystore passwords in here, DM the release captain or use the 1Password share link.",
        "Rotated the App Store Connect API key this morning, the old .p8 is revoked. CI picks up the new one from the vault.",
        "A tester put their phone number in the bug description, I removed it from the ticket and the attachment.",
        "Player emailed support their full card number to 'prove' the purchase. Ticket is scrubbed, macro sent telling them never to do that.",
        "The GitHub token the build Mac uses for match expired overnight, that's why every iOS job failed.",
        "Reminder: the shared Apple ID for the device lab uses SMS 2FA, ask in #device-lab before you sign out of anything.",
        "If you accidentally commit a key, tell #security right away — rotating is cheap, a leak is not.",
        "The Slack bot token for build notifications got revoked when the app was reinstalled, new one is in the vault.",
        "PlayFab secret key rotation is scheduled for Thursday; the backend reads it from the secret manager, clients never see it.",
        "Do we really need the player's email in the crash report custom keys? GDPR says no, let's hash the player id instead.",
        "Contractor offboarding checklist: remove from App Store Connect, Play Console, GitHub, revoke their personal access tokens.",
        "The secret scanner flagged a base64 sprite in the playable ad again. False positive, but good that it looks.",
        "Our IAP receipts never contain card data, Apple and Google keep that. We only store the purchase token hash.",
        "Payroll for the US voice actors needs their SSN on the W-9, but HR collects that through the portal, not Slack.",
        "Can someone reset the password for the QA test accounts? They got locked after the brute-force protection kicked in.",
        "The AWS keys for the CDN upload are scoped to the one bucket and rotate every 90 days.",
        "Why does the loc tool need an OpenAI key on every laptop? Let's proxy it through the backend instead.",
    ],
    "de": [
        "Wer hat das Passwort für den Upload-Keystore? Im Tresor steht nur noch der alte Eintrag.",
        "Bitte keine Zugangsdaten hier im Channel posten, nutzt den Passwortmanager.",
        "Der API-Schlüssel für App Store Connect wurde heute rotiert, der alte ist widerrufen.",
        "Ein Spieler hat seine Telefonnummer in die Bewertung geschrieben – wir antworten darauf nicht öffentlich.",
        "Die IBAN des Sprecherstudios bekommt die Buchhaltung per Rechnung, nicht über Slack.",
        "Das Token für den Build-Server ist abgelaufen, deshalb schlagen alle Nightly-Builds fehl.",
        "Für die Kreditkarte der Firma gibt es ein eigenes Ticket bei der Buchhaltung.",
    ],
    "fr": [
        "Qui a le mot de passe du keystore de release ? Il n'est plus dans le coffre.",
        "Ne collez jamais de clé d'API dans Slack, même dans un DM.",
        "Un joueur a envoyé son numéro de carte bancaire au support, le ticket a été nettoyé.",
        "Le jeton GitHub de la CI a expiré cette nuit, d'où les builds iOS en échec.",
        "On a fait tourner la clé secrète PlayFab, aucun impact côté client.",
        "Le RIB du studio d'animation passe par la compta, pas par ici.",
        "Pensez à activer la double authentification sur le compte Apple partagé.",
    ],
    "es": [
        "¿Alguien tiene la contraseña del keystore de producción? No aparece en el gestor.",
        "Por favor, no peguéis tokens en el canal; si pasa, avisad a seguridad para rotarlos.",
        "Un jugador puso su número de teléfono en la reseña de Google Play, no lo vamos a citar.",
        "La clave de la API de traducción se movió al backend, ya no hace falta en los portátiles.",
        "El número de tarjeta nunca llega a nuestros servidores, lo gestiona la tienda.",
        "Hemos revocado el token del bot de Slack que publicaba los builds.",
    ],
    "pt": [
        "Alguém sabe onde está a senha do keystore de upload? Não achei no cofre.",
        "Não colem chaves de API aqui, usem o gerenciador de senhas da empresa.",
        "O token do GitHub que o fastlane usa venceu, por isso o build de iOS caiu.",
        "Um jogador mandou o número do cartão por e-mail pro suporte; apagamos a mensagem.",
        "A chave secreta do servidor foi trocada ontem, os clientes não precisam de update.",
    ],
    "it": [
        "Chi ha la password del keystore di rilascio? Nel vault c'è solo quella vecchia.",
        "Non incollate token nel canale, per favore.",
        "La chiave API di App Store Connect è stata ruotata stamattina.",
        "Un giocatore ha scritto il suo numero di telefono nella recensione, non rispondiamo lì.",
    ],
    "nl": [
        "Wie heeft het wachtwoord van de upload-keystore? Het staat niet meer in de kluis.",
        "Plak alsjeblieft geen API-sleutels in Slack.",
        "Het token van de buildserver is verlopen, daarom falen de nachtelijke builds.",
        "Het IBAN van de componist gaat via de boekhouding, niet via dit kanaal.",
    ],
    "pl": [
        "Kto ma hasło do keystore'a produkcyjnego? Nie ma go w sejfie.",
        "Proszę nie wklejać tokenów na kanale, od tego jest menedżer haseł.",
        "Klucz API do App Store Connect został dziś zrotowany.",
        "Numer konta studia od lokalizacji jest na fakturze, nie wysyłajcie go tutaj.",
    ],
    "ja": [
        "リリース用キーストアのパスワードを知っている人いますか？保管庫に見当たりません。",
        "APIキーやトークンをSlackに貼らないでください。漏れたらすぐにローテーションします。",
        "テスターがバグ報告に電話番号を書いていたので削除しました。",
        "App Store Connect の API キーを今朝ローテーションしました。古い .p8 は無効です。",
        "プレイヤーがサポートにクレジットカード番号を送ってきたので、チケットから消しました。",
        "共有 Apple ID の二要素認証コードは #device-lab で確認してください。",
    ],
    "ko": [
        "릴리스 키스토어 비밀번호 아시는 분 있나요? 금고에 없어요.",
        "슬랙에 API 키나 토큰을 붙여넣지 마세요. 유출되면 바로 교체해야 합니다.",
        "플레이어가 고객지원에 카드 번호를 보내서 티켓에서 삭제했습니다.",
        "빌드 서버 토큰이 만료되어서 야간 빌드가 전부 실패했어요.",
        "리뷰에 전화번호를 적은 유저가 있는데, 답글에서는 언급하지 않겠습니다.",
    ],
    "zh": [
        "谁知道发布用 keystore 的密码？密码库里找不到了。",
        "请不要在频道里粘贴 API 密钥或令牌。",
        "App Store Connect 的 API 密钥今天早上已经轮换，旧的已作废。",
        "有玩家把银行卡号发给了客服，工单里已经删掉了。",
        "构建机的 GitHub 令牌过期了，所以 iOS 构建全部失败。",
    ],
    "ru": [
        "У кого есть пароль от релизного keystore? В хранилище его нет.",
        "Пожалуйста, не вставляйте токены и ключи в канал.",
        "Ключ API для App Store Connect сегодня перевыпустили, старый отозван.",
        "Игрок прислал в поддержку номер карты, мы удалили его из тикета.",
        "Токен бота для уведомлений о сборках отозван, новый лежит в хранилище.",
    ],
    "tr": [
        "Yayın keystore şifresini bilen var mı? Kasada bulamadım.",
        "Lütfen kanala API anahtarı ya da token yapıştırmayın.",
        "Bir oyuncu destek ekibine kart numarasını göndermiş, talepten sildik.",
        "Derleme sunucusunun token'ının süresi dolmuş, gece derlemeleri o yüzden patladı.",
    ],
    "sv": [
        "Vem har lösenordet till release-keystoren? Det finns inte i valvet.",
        "Klistra inte in API-nycklar här, använd lösenordshanteraren.",
        "En spelare skrev sitt telefonnummer i recensionen, vi svarar inte på det offentligt.",
    ],
    "uk": [
        "Хто знає пароль до релізного keystore? У сховищі його немає.",
        "Будь ласка, не вставляйте токени в канал.",
        "Гравець надіслав номер картки в підтримку, ми видалили його з тікета.",
    ],
    "vi": [
        "Ai có mật khẩu keystore bản phát hành không? Trong kho không thấy.",
        "Đừng dán khóa API vào Slack nhé.",
        "Người chơi gửi số thẻ cho bộ phận hỗ trợ, chúng tôi đã xóa khỏi phiếu.",
    ],
    "ar": [
        "من يعرف كلمة مرور مخزن المفاتيح الخاص بالإصدار؟ ليست في الخزنة.",
        "من فضلكم لا تلصقوا مفاتيح API في القناة.",
        "أرسل أحد اللاعبين رقم بطاقته إلى الدعم، وقمنا بحذفه من التذكرة.",
    ],
    "hi": [
        "रिलीज़ keystore का पासवर्ड किसके पास है? वॉल्ट में नहीं मिला।",
        "कृपया चैनल में API कुंजी या टोकन पेस्ट न करें।",
    ],
}


TALK_ORDER = []


def talk_chat():
    if not TALK_ORDER:
        TALK_ORDER.extend(sorted(TALK))
        R.shuffle(TALK_ORDER)
    lang = TALK_ORDER.pop()
    pool = TALK[lang]
    k = R.randint(1, min(4, len(pool)))
    sents = R.sample(pool, k)
    sep = C([" ", "\n", "\n\n"])
    if R.random() < 0.25 and lang != "en":
        sents.append(C(TALK["en"]))
    return sep.join(sents)


def talk_thread():
    lang = C(list(TALK))
    a, b = R.sample(TALK[lang] + TALK["en"], 2)
    return f"> {a}\n{C(['+1', 'agreed', 'done ✅', 'on it', '👍', 'ok', 'erledigt', 'c’est fait', 'hecho', '対応しました', '완료'])} — {b}"


def talk_runbook():
    steps = ["Revoke the leaked key in the provider console first.", "Issue a new key and store it in the vault (never in the repo).",
             "Redeploy the backend so it picks up the new secret.", "Check the audit log for usage between leak and revoke.",
             "Purge the message / commit (ask an admin to delete the Slack message, rewrite history only if needed).",
             "Post a short incident note in #security without quoting the value.", "For player data (card numbers, phone numbers, emails) in tickets: redact and tag the ticket `pii-removed`.",
             "Rotate the keystore password only together with the release captain.", "Tell QA which test accounts were affected so they can reset passwords."]
    pick = R.sample(steps, R.randint(3, 8))
    return "*Leaked secret runbook (mobile)*\n" + "\n".join(f"{i + 1}. {s}" for i, s in enumerate(pick))


def talk_faq():
    qa = [("Where is the keystore password?", "In the release vault, entry `android-upload-keystore`. Ask the release captain for access."),
          ("Can I put my personal phone number in the device lab sheet?", "No, use the lab's shared number; personal numbers don't belong in shared docs."),
          ("Is the Firebase API key in google-services.json a secret?", "Not really, it identifies the project; restrict it in the console anyway."),
          ("Do we store players' card numbers?", "Never. The stores handle payment; we only see a purchase token."),
          ("How often do we rotate tokens?", "CI tokens every 90 days, store API keys every 6 months, immediately after any leak."),
          ("Someone sent me their password in a DM, what now?", "Tell them to change it and delete the message. Don't forward it anywhere.")]
    pick = R.sample(qa, R.randint(2, 5))
    return "\n".join(f"*Q: {q}*\nA: {a}" for q, a in pick)


def talk_incident():
    return (f"Incident {R.randint(2024, 2026)}-{R.randint(1, 60):03d} summary: a debug build logged the session token to logcat. "
            f"{C(['No tokens left the device.', 'Crash reports from the affected builds were deleted.', 'Affected sessions were invalidated server-side.'])} "
            f"{C(['Fix is in ' + ver() + '.', 'Root cause: verbose logging left on in the Release config.', 'Follow-up: lint rule against logging Authorization headers.'])}")


def talk_scanner():
    return C([
        "the pre-commit hook blocks anything that looks like `AKIA` + 16 chars, an `sk-` key or a PEM private key header; it flagged a test fixture again, I added an allow comment",
        "gitleaks keeps flagging the Unity .meta guids as generic API keys. Tuning the entropy threshold instead of ignoring whole folders.",
        "our redaction for support tickets masks card numbers with the Luhn check, so order numbers usually survive. Phone numbers are harder.",
    ])


TA = [talk_chat, talk_chat, talk_chat, talk_chat, talk_thread, talk_thread, talk_runbook, talk_faq, talk_incident, talk_scanner]

# Deliberate ambiguities (documented in the README); each used exactly once
AMBIG = {
    "pii_lookalike_number": [
        "Windows launcher for Moonfall reports version 3.8.0.142 but the Steam depot has 3.8.1, someone forgot to bump AssemblyVersion",
        "MSI ProductVersion 2.1.0.87 for the level editor installer — needs to be 2.1.1.x or the upgrade won't replace it",
    ],
    "placeholder_example": [
        "web shop QA: use Stripe's test card 4242 4242 4242 4242, any future expiry, any CVC. Real cards fail in test mode.",
        "```\n# fixtures/webshop_checkout.json (test mode)\n{\"card\": \"4242424242424242\", \"exp\": \"12/34\", \"cvc\": \"123\"}\n```",
    ],
}


# ================================================================ POSITIVES: value generators
def v_anthropic():
    return "sk-ant-api03-" + rs(93, URLSAFE) + "AA"


def v_aws_id():
    while True:
        v = C(["AKIA", "AKIA", "AKIA", "ASIA"]) + rs(16, string.ascii_uppercase + "234567")
        if "EXAMPLE" not in v:
            return v


def v_aws_secret():
    return rs(40, ALNUM + "/+")


def v_card():
    kind = C(["visa", "visa", "mc", "mc2", "amex", "disc"])
    if kind == "visa":
        d = luhn_complete("4" + "".join(C(string.digits) for _ in range(14)))
    elif kind == "mc":
        d = luhn_complete(str(R.randint(51, 55)) + "".join(C(string.digits) for _ in range(13)))
    elif kind == "mc2":
        d = luhn_complete(str(R.randint(2221, 2720)) + "".join(C(string.digits) for _ in range(11)))
    elif kind == "amex":
        d = luhn_complete(C(["34", "37"]) + "".join(C(string.digits) for _ in range(12)))
    else:
        d = luhn_complete("6011" + "".join(C(string.digits) for _ in range(11)))
    fmt = C(["plain", "space", "dash"])
    if fmt == "plain":
        return d
    sep = " " if fmt == "space" else "-"
    if len(d) == 15:
        return sep.join([d[:4], d[4:10], d[10:]])
    return sep.join(d[i:i + 4] for i in range(0, 16, 4))


FIRST = ["mira", "jonas", "aiko", "lucas", "sofia", "dmitri", "hana", "mateo", "leila", "tomasz", "ines", "kenji", "priya", "oskar",
         "camille", "yusuf", "elena", "minh", "nadia", "felix"]
LAST = ["okafor", "lindqvist", "tanaka", "ferreira", "rossi", "volkov", "kim", "garcia", "haddad", "nowak", "moreau", "sato",
        "iyer", "berg", "dubois", "yilmaz", "novak", "tran", "petrova", "wagner"]
DOMAINS = ["lanternbay.games", "gmail.com", "outlook.com", "pixelforge-outsourcing.com", "loc-partners.eu", "yahoo.co.jp",
           "naver.com", "qa-crowd.io", "voicebox-studio.fr", "icloud.com", "web.de", "hotmail.es"]


def v_email():
    f, l = C(FIRST), C(LAST)
    local = C([f"{f}.{l}", f"{f}{R.randint(1, 99)}", f"{f[0]}{l}", f"{f}_{l}", f"{l}.{f}+testflight", f"{f}.{l}{R.randint(80, 99)}"])
    return f"{local}@{C(DOMAINS)}"


def crc_b62(s):
    n = zlib.crc32(s.encode()) & 0xFFFFFFFF
    out = ""
    while n:
        n, r = divmod(n, 62)
        out = B62[r] + out
    return out.rjust(6, "0")


def v_ghp():
    body = rs(30)
    return "ghp_" + body + crc_b62(body)


def v_github_pat():
    return "github_pat_11" + rs(20, string.ascii_uppercase + string.digits) + "_" + rs(59)


def iban_make(cc, bban):
    rearr = bban + cc + "00"
    n = int("".join(str(int(ch, 36)) for ch in rearr))
    return f"{cc}{98 - n % 97:02d}{bban}"


def v_iban():
    cc = C(["DE", "GB", "FR", "NL", "AT", "CH", "PL", "BE"])
    D = lambda k: "".join(C(string.digits) for _ in range(k))
    if cc == "DE":
        bban = D(18)
    elif cc == "GB":
        bban = C(["NWBK", "BARC", "LOYD", "HBUK", "MIDL"]) + D(14)
    elif cc == "FR":
        bank, branch, acct = D(5), D(5), D(11)
        key = 97 - ((89 * int(bank) + 15 * int(branch) + 3 * int(acct)) % 97)
        bban = f"{bank}{branch}{acct}{key:02d}"
    elif cc == "NL":
        bban = C(["ABNA", "RABO", "INGB", "TRIO", "BUNQ"]) + D(10)
    elif cc == "AT":
        bban = D(16)
    elif cc == "CH":
        bban = D(17)
    elif cc == "PL":
        bban = D(24)
    else:
        first = D(10)
        chk = int(first) % 97 or 97
        bban = f"{first}{chk:02d}"
    iban = iban_make(cc, bban)
    assert iban_ok(iban)
    if R.random() < 0.5:
        return " ".join(iban[i:i + 4] for i in range(0, len(iban), 4))
    return iban


def v_ip():
    while True:
        s = f"{R.randint(1, 223)}.{R.randint(0, 255)}.{R.randint(0, 255)}.{R.randint(1, 254)}"
        if ip_public(s):
            return s


def v_jwt():
    alg = C(["HS256", "RS256", "ES256"])
    hdr = {"alg": alg, "typ": "JWT"}
    if alg != "HS256":
        hdr["kid"] = hx(16)
    iat = int(epoch_s())
    pl = {"sub": C([uuid4(), "player_" + hx(12), f"{R.randint(1000000, 9999999)}"]), "iss": C(["https://auth.lanternbay.games", "https://securetoken.google.com/skyrush-prod", "playfab"]),
          "aud": C(["skyrush-ios", "skyrush-android", "tinytavern", "liveops-admin"]), "iat": iat, "exp": iat + C([900, 3600, 86400])}
    if R.random() < 0.5:
        pl["scope"] = C(["player", "player iap", "admin liveops:write"])
    sig = rb(32 if alg == "HS256" else 64 if alg == "ES256" else 256)
    return ".".join([b64u(json.dumps(hdr, separators=(",", ":")).encode()), b64u(json.dumps(pl, separators=(",", ":")).encode()), b64u(sig)])


def v_openai():
    k = R.random()
    if k < 0.55:
        return "sk-proj-" + rs(R.randint(56, 74), URLSAFE) + "T3BlbkFJ" + rs(R.randint(56, 74), URLSAFE)
    if k < 0.8:
        return "sk-" + rs(20) + "T3BlbkFJ" + rs(20)
    return "sk-svcacct-" + rs(R.randint(56, 74), URLSAFE) + "T3BlbkFJ" + rs(R.randint(56, 74), URLSAFE)


def v_password():
    k = R.random()
    if k < 0.4:
        return rs(R.randint(12, 20), ALNUM + "!#%*+-_=?")
    if k < 0.7:
        w = ["Otter", "mango", "Velvet", "orbit", "Lantern", "harbor", "pixel", "Quasar", "tundra", "Falcon", "ember", "Sprocket"]
        return C(["-", ".", "_", "!"]).join(R.sample(w, 3)) + str(R.randint(10, 99))
    return C(["Skyrush", "Tavern", "Moonfall", "Release"]) + C(["#", "@", "!", "$"]) + str(R.randint(2024, 2026)) + rs(R.randint(3, 6))


def v_phone():
    D = lambda k: "".join(C(string.digits) for _ in range(k))
    k = C(["us", "uk", "de", "fr", "jp", "kr", "br", "es", "in", "pl", "nl", "tr"])
    if k == "us":
        a = C(["415", "628", "312", "206", "512", "646", "213", "617"])
        ex = str(R.randint(201, 989))
        while ex == "555":
            ex = str(R.randint(201, 989))
        return C([f"+1 ({a}) {ex}-{D(4)}", f"({a}) {ex}-{D(4)}", f"+1 {a} {ex} {D(4)}", f"{a}-{ex}-{D(4)}"])
    if k == "uk":
        return C([f"+44 7{D(3)} {D(6)}", f"07{D(3)} {D(6)}"])
    if k == "de":
        return C([f"+49 15{R.randint(1, 9)} {D(8)}", f"0176 {D(4)} {D(4)}", f"+49 (0)30 {D(8)}"])
    if k == "fr":
        return C([f"+33 6 {D(2)} {D(2)} {D(2)} {D(2)}", f"07 {D(2)} {D(2)} {D(2)} {D(2)}"])
    if k == "jp":
        return C([f"090-{D(4)}-{D(4)}", f"080-{D(4)}-{D(4)}", f"+81 90-{D(4)}-{D(4)}"])
    if k == "kr":
        return C([f"010-{D(4)}-{D(4)}", f"+82 10-{D(4)}-{D(4)}"])
    if k == "br":
        return f"+55 11 9{D(4)}-{D(4)}"
    if k == "es":
        return f"+34 6{D(2)} {D(2)} {D(2)} {D(2)}"
    if k == "in":
        return f"+91 9{D(4)} {D(5)}"
    if k == "pl":
        return f"+48 5{D(2)} {D(3)} {D(3)}"
    if k == "nl":
        return C([f"+31 6 {D(8)}", f"06-{D(8)}"])
    return f"+90 5{D(2)} {D(3)} {D(2)} {D(2)}"


def der_len(n):
    if n < 128:
        return bytes([n])
    b = n.to_bytes((n.bit_length() + 7) // 8, "big")
    return bytes([0x80 | len(b)]) + b


def der(tag, body):
    return bytes([tag]) + der_len(len(body)) + body


def der_int_bytes(b):
    b = b.lstrip(b"\x00") or b"\x00"
    if b[0] & 0x80:
        b = b"\x00" + b
    return der(0x02, b)


def pem_body(kind):
    if kind == "EC PRIVATE KEY":
        d = (bytes.fromhex("020101") + der(0x04, rb(32)) + der(0xA0, bytes.fromhex("06082a8648ce3d030107"))
             + der(0xA1, der(0x03, b"\x00\x04" + rb(64))))
        blob = der(0x30, d)
        w = 64
    elif kind == "PRIVATE KEY":  # Apple .p8: PKCS#8 EC P-256
        inner = der(0x30, bytes.fromhex("020101") + der(0x04, rb(32)) + der(0xA1, der(0x03, b"\x00\x04" + rb(64))))
        blob = der(0x30, bytes.fromhex("020100") + bytes.fromhex("301306072a8648ce3d020106082a8648ce3d030107") + der(0x04, inner))
        w = 64
    elif kind == "RSA PRIVATE KEY":
        n = b"\xc0" + rb(255)
        ints = [b"\x00", n, b"\x01\x00\x01", b"\x40" + rb(255), b"\xe0" + rb(127), b"\xd0" + rb(127), rb(128), rb(128), rb(128)]
        blob = der(0x30, b"".join(der_int_bytes(i) if i != b"\x00" else bytes.fromhex("020100") for i in ints))
        w = 64
    else:  # OPENSSH PRIVATE KEY (ed25519)
        def sstr(b):
            return struct.pack(">I", len(b)) + b
        pub = rb(32)
        pubblob = sstr(b"ssh-ed25519") + sstr(pub)
        chk = rb(4)
        priv = chk + chk + sstr(b"ssh-ed25519") + sstr(pub) + sstr(rb(32) + pub) + sstr(b"ci@buildmac-0" + str(R.randint(1, 9)).encode())
        pad = 1
        while len(priv) % 8:
            priv += bytes([pad])
            pad += 1
        blob = b"openssh-key-v1\x00" + sstr(b"none") + sstr(b"none") + sstr(b"") + struct.pack(">I", 1) + sstr(pubblob) + sstr(priv)
        w = 70
    return wrap(b64(blob), w)


PEM_CYCLE = ["PRIVATE KEY", "RSA PRIVATE KEY", "OPENSSH PRIVATE KEY", "EC PRIVATE KEY"]
PEM_N = [0]


def v_pem():
    kind = PEM_CYCLE[PEM_N[0] % len(PEM_CYCLE)]
    PEM_N[0] += 1
    body = pem_body(kind)
    return body, kind


def v_xoxb():
    return f"xoxb-{num(R.randint(10, 12))}-{num(13)}-{rs(24)}"


def v_xoxp():
    return f"xoxp-{num(R.randint(10, 12))}-{num(R.randint(10, 12))}-{num(13)}-{hx(32)}"


def v_urlcred():
    user = C(["ci-bot", "deploy", "admin", "liveops", "buildmac", "unity", "nexus-ci", "default", "svc_leaderboard"])
    return user, v_password().replace("@", "x").replace("#", "9").replace("?", "Q").replace("/", "s")


def v_ssn():
    while True:
        a = R.randint(1, 899)
        if a != 666:
            break
    return f"{a:03d}-{R.randint(1, 99):02d}-{R.randint(1, 9999):04d}"


# ================================================================ POSITIVES: templates
# each template: f(value_info) -> (text, value)
def _simple(fmt_list):
    def mk(f):
        return lambda v: (aux(f).replace("{v}", v).replace("{{", "{").replace("}}", "}"), v)
    return [mk(f) for f in fmt_list]


def _g():
    return game()


T = {}
T["anthropic_api_key"] = _simple([
    "```\n# tools/loc-translate/.env\nLOC_PROVIDER=anthropic\nANTHROPIC_API_KEY={v}\nLOC_TARGETS=de,fr,ja,ko,zh-Hans,pt-BR\n```",
    "quick hack for the store-listing translations, key is {v} — keep it inside #loc-tools please",
    "```python\nclient = anthropic.Anthropic(api_key=\"{v}\")\nresp = client.messages.create(model=LOC_MODEL, max_tokens=1024, messages=msgs)\n```",
    "Der Key für den NPC-Dialog-Generator ist {v}, bitte nach dem Gamejam rotieren.",
    "[loc-sync] {ts} starting job 'ja-JP strings' env: ANTHROPIC_API_KEY={v} BATCH=40",
    "La clé pour l'outil de sous-titres : {v} (on la change vendredi)",
])
T["aws_access_key_id"] = _simple([
    "```ini\n[lb-cdn-upload]\naws_access_key_id = {v}\naws_secret_access_key = (in the vault, ask in #build-infra)\nregion = eu-west-1\n```",
    "Uploading AssetBundles to s3://lb-skyrush-cdn/android/ with access key {v} … done ({n} files)",
    "CDNアップロード用のアクセスキーIDは {v} です。シークレットは別途DMします。",
    "```csharp\n// Editor/CdnUploader.cs\nconst string AccessKeyId = \"{v}\";\n```",
    "An error occurred (InvalidAccessKeyId) when calling the PutObject operation: The AWS Access Key Id you provided does not exist in our records. (key: {v})",
])
T["aws_secret_access_key"] = _simple([
    "```\n# fastlane/.env.release\nAWS_REGION=eu-west-1\nAWS_SECRET_ACCESS_KEY={v}\nS3_BUCKET=lb-builds-archive\n```",
    "```json\n{{\n  \"Credentials\": {{\n    \"SecretAccessKey\": \"{v}\",\n    \"Expiration\": \"{ts}\"\n  }}\n}}\n```",
    "le secret pour le bucket des builds : {v} (l'ID est dans le wiki)",
    "```properties\n# android/local.properties — DO NOT COMMIT\ns3.region=eu-central-1\ns3.secretKey={v}\n```",
    "secret key für den Crash-Symbol-Upload: {v}",
])
T["credit_card"] = _simple([
    "Zendesk #{tk}: \"you charged me twice for the gem pack!! my card is {v} exp 08/27, fix it\"",
    "pago del outsourcing de arte con la tarjeta de empresa {v}, caduca 11/27, CVV por DM",
    "oops, used my personal card {v} in the web shop staging instead of the Stripe test one — is that logged anywhere?",
    "cartão corporativo para renovar o Apple Developer Program: {v} (validade 03/28)",
    "```\n{ts} D/PaymentForm: submit pan={v} cvc=*** zip=*****  <- debug logging left on in 4.12 RC1!\n```",
    "会社のカードで Unity Pro を更新してください：{v}",
])
T["email_address"] = _simple([
    "please add {v} to the TestFlight group *Beta-EU*, they're the new localisation QA",
    "```\nCrashlytics custom keys:\n  player_level: {n}\n  user_email: {v}\n  ab_bucket: shop_v2\n```",
    "QA 외주 담당자 이메일: {v} — 빌드 배포 목록에 추가해 주세요",
    "```csv\nsignup_ts,platform,email,country\n{ts},ios,{v},DE\n```",
    "Play Console account owner is {v}, ask them for the payments profile",
    "Le contact chez le studio de doublage : {v}",
])
T["github_classic_pat"] = _simple([
    "```bash\nexport GITHUB_TOKEN={v}\nbundle exec fastlane match appstore --readonly\n```",
    "token for the match certs repo is {v}, it expires in 30 days",
    "```toml\n# ~/.upmconfig.toml\n[npmAuth.\"https://npm.pkg.github.com/@lanternbay\"]\ntoken = \"{v}\"\nalwaysAuth = true\n```",
    "Token für den Build-Mac (nur repo-Scope): {v}",
    "CI log: `Cloning https://x-access-token:***@github.com/...` ok but the lane prints GITHUB_API_TOKEN={v} further down 🙃",
])
T["github_fine_grained_pat"] = _simple([
    "new fine-grained token for the certificates repo (read-only): {v}",
    "```yaml\n# .buildkite/pipeline.yml (temporary!)\nenv:\n  MATCH_GIT_TOKEN: \"{v}\"\n```",
    "fastlane の match 用トークンはこちら：{v}",
    "```\n$ gh auth login --with-token <<< {v}\n✓ Logged in to github.com as lb-build-bot\n```",
    "PAT do pipeline de Android: {v} (escopo: contents read)",
])
T["iban"] = _simple([
    "invoice from the outsourcing art studio came in, bank details: IBAN {v}, BIC {bic}. Due in 30 days.",
    "Pour le paiement du compositeur, IBAN : {v}",
    "Numer konta do faktury za lokalizację (PL/CZ/HU): {v}",
    "Bankverbindung Sprecherstudio: {v}, Verwendungszweck Rechnung {n}",
    "```csv\nvendor,service,iban,amount_eur\nsound-design,SFX pack world 4,{v},{n}.00\n```",
])
T["ipv4_address"] = _simple([
    "old Jenkins is still up at http://{v}:8080/job/skyrush-android/ — can we shut it down?",
    "login flood against the game API from {v} ({n} req/min), adding it to the WAF block list",
    "```\n{v} - - [{clf}] \"POST /v2/session/refresh HTTP/1.1\" 401 87 \"-\" \"Skyrush/4.12.0 (iPhone15,3; iOS 17.4.1)\"\n```",
    "oyun sunucusu {v} üzerinde çalışıyor, port 7350",
    "la partida se queda colgada conectando a {v}:7777, ¿servidor de la región SA caído?",
    "Photon の旧リレーサーバー {v} はもう使っていません",
])
T["jwt"] = _simple([
    "```bash\ncurl -s https://api.lanternbay.games/v2/inventory \\\n  -H \"Authorization: Bearer {v}\"\n```",
    "session token from the repro device (expires soon): {v}",
    "```\n[Auth] {ts} received idToken={v}\n```",
    "用这个 token 调试一下商店接口：{v}",
    "liveops admin panel returns 403 with this token, scope looks right? {v}",
])
T["openai_api_key"] = _simple([
    "```python\n# tools/npc_barks.py\nclient = OpenAI(api_key=\"{v}\")\n```",
    "```\nOPENAI_API_KEY={v}\nBARKS_MODEL=small\n```",
    "la clave de OpenAI para el generador de descripciones de la tienda: {v}",
    "ключ для генератора описаний: {v}, не коммитьте его",
    "Unity editor tool log: `OpenAIClient init key={v}`",
])
T["password"] = _simple([
    "```properties\n# gradle.properties on the release mac\nRELEASE_STORE_FILE=upload.jks\nRELEASE_STORE_PASSWORD={v}\nRELEASE_KEY_ALIAS=upload\n```",
    "MATCH_PASSWORD for the certs repo is {v} — please put it in your keychain and delete this message",
    "Play Console shared QA account: qa-lab / password {v}",
    "テスト端末用の Apple ID のパスワードは {v} です（二要素認証は #device-lab）",
    "```bash\n/Applications/Unity/Hub/Editor/2022.3.21f1/Unity.app/Contents/MacOS/Unity -batchmode -quit -username buildbot -password '{v}' -serial XX-XXXX\n```",
    "Das Passwort für den Steamworks-Build-Account lautet {v}",
])
T["phone_number"] = _simple([
    "Zendesk #{tk} from a player: \"lost my account after switching phones, please call me at {v}\"",
    "on call tonight for the 4.12 rollout, call me at {v} if the pipeline breaks",
    "Bei Problemen mit dem Release heute Nacht bin ich erreichbar unter {v}.",
    "SMS 2FA for the shared App Store Connect account goes to {v} (the lab phone)",
    "número del proveedor de QA para urgencias: {v}",
    "遇到紧急问题可以打这个电话：{v}",
])
T["slack_bot_token"] = _simple([
    "```ruby\nslack(\n  message: \"Skyrush {ver} uploaded to TestFlight\",\n  slack_url: ENV[\"SLACK_URL\"],\n  api_token: \"{v}\"\n)\n```",
    "```\nSLACK_BOT_TOKEN={v}\nSLACK_CHANNEL=#builds\n```",
    "build notifier bot token (until we move it to the vault): {v}",
    "```python\nclient = WebClient(token=\"{v}\")\nclient.chat_postMessage(channel=\"#crash-alerts\", text=msg)\n```",
    "le token du bot Slack pour les alertes Crashlytics : {v}",
])
T["slack_user_token"] = _simple([
    "my user token for the export script, only needs channels:history: {v}",
    "```\nSLACK_USER_TOKEN={v}\nEXPORT_CHANNELS=C0{cid},C0{cid}\n```",
    "スクリプト用のユーザートークン：{v}",
    "```js\nconst web = new WebClient('{v}'); // TODO move to env\n```",
    "token de usuário para o bot de standup: {v}",
])
T["us_ssn"] = _simple([
    "for the 1099 the voice actor sent their SSN: {v} — can someone move this to the HR portal and delete it here?",
    "W-9 for the US motion-capture contractor: TIN (SSN) {v}, address on file",
    "número de seguro social del actor de doblaje en EE. UU.: {v}, para el W-9",
    "```csv\ncontractor,role,ssn,state\nmocap-03,stunt performer,{v},CA\n```",
    "payroll onboarding for the Austin QA contractor, SSN {v}",
])


def fill(fmt):
    """fill auxiliary placeholders in a template string (not the secret)."""
    return fmt


def pos_text(kind, tidx, value):
    f = T[kind][tidx]
    text, v = f(value)
    return text, v


def aux(text):
    reps = {"{ts}": ts_iso(), "{n}": str(R.randint(12, 980)), "{tk}": str(R.randint(1000000, 9999999)), "{ver}": ver(),
            "{bic}": C(["DEUTDEFF", "COBADEFFXXX", "BNPAFRPP", "INGBNL2A", "NWBKGB2L", "PKOPPLPW"]),
            "{cid}": rs(9, string.ascii_uppercase + string.digits),
            "{clf}": f"{R.randint(1, 28):02d}/{C(['Mar', 'Jun', 'Oct'])}/2025:{R.randint(10, 23)}:{R.randint(10, 59)}:{R.randint(10, 59)} +0000"}
    for k, v in reps.items():
        while k in text:
            text = text.replace(k, v() if callable(v) else v, 1)
    return text


# PEM and URL credential templates need structured values
def pem_templates(body, kind):
    block = f"-----BEGIN {kind}-----\n{body}\n-----END {kind}-----"
    opts = {
        "PRIVATE KEY": [f"AuthKey_{rs(10, string.ascii_uppercase + string.digits)}.p8 for the App Store Connect API (fastlane), until the vault entry is fixed:\n```\n{block}\n```",
                        f"Push (APNs) auth key, team key for all games:\n```\n{block}\n```"],
        "EC PRIVATE KEY": [f"signing key for the Remote Config payloads (server side only!):\n```\n{block}\n```",
                           f"Schlüssel für die Receipt-Signatur im Backend:\n```\n{block}\n```"],
        "RSA PRIVATE KEY": [f"legacy license-check key for the Amazon Appstore build:\n```\n{block}\n```",
                            f"clé RSA du serveur de sauvegarde cloud :\n```\n{block}\n```"],
        "OPENSSH PRIVATE KEY": [f"deploy key of buildmac-07 so you can ssh in and clear DerivedData:\n```\n{block}\n```",
                                f"ビルドMac用のSSH鍵です（終わったら消します）\n```\n{block}\n```"],
    }
    return C(opts[kind]), block


def url_templates(user, pw):
    host = C(["certs.lanternbay.games", "nexus.lanternbay.games", "git.lanternbay.games", "liveops-db.internal.lanternbay.games"])
    k = R.randint(0, 5)
    if k == 0:
        return f"```ruby\ngit_url(\"https://{user}:{pw}@{host}/mobile/certificates.git\")\n```", f"{user}:{pw}"
    if k == 1:
        return f"```groovy\nmaven {{ url \"https://{user}:{pw}@nexus.lanternbay.games/repository/maven-releases/\" }}\n```", f"{user}:{pw}"
    if k == 2:
        return f"leaderboard cache: `redis://:{pw}@leaderboard-cache.lanternbay.games:6379/0` (the prod one, careful)", pw
    if k == 3:
        return f"```\nMONGO_URL=mongodb+srv://{user}:{pw}@liveops.abc12.mongodb.net/events?retryWrites=true\n```", f"{user}:{pw}"
    if k == 4:
        return f"BD de rankings: postgres://{user}:{pw}@rankings-db.lanternbay.games:5432/rankings", f"{user}:{pw}"
    return f"```\nCELERY_BROKER_URL=amqps://{user}:{pw}@mq.lanternbay.games:5671/liveops\n```", f"{user}:{pw}"


VALUE = {"anthropic_api_key": v_anthropic, "aws_access_key_id": v_aws_id, "aws_secret_access_key": v_aws_secret,
         "credit_card": v_card, "email_address": v_email, "github_classic_pat": v_ghp, "github_fine_grained_pat": v_github_pat,
         "iban": v_iban, "ipv4_address": v_ip, "jwt": v_jwt, "openai_api_key": v_openai, "password": v_password,
         "phone_number": v_phone, "slack_bot_token": v_xoxb, "slack_user_token": v_xoxp, "us_ssn": v_ssn}
KINDS = ["anthropic_api_key", "aws_access_key_id", "aws_secret_access_key", "credit_card", "email_address", "github_classic_pat",
         "github_fine_grained_pat", "iban", "ipv4_address", "jwt", "openai_api_key", "password", "phone_number", "private_key_pem",
         "slack_bot_token", "slack_user_token", "url_credentials", "us_ssn"]

# single-line forms for two-secret texts
LINEFMT = {
    "anthropic_api_key": ["ANTHROPIC_API_KEY={v}", "claude key: {v}"],
    "aws_access_key_id": ["AWS_ACCESS_KEY_ID={v}", "access key id {v}"],
    "aws_secret_access_key": ["AWS_SECRET_ACCESS_KEY={v}", "secret: {v}"],
    "credit_card": ["company card {v} (exp 09/27)", "Karte: {v}"],
    "email_address": ["contact: {v}", "TestFlight invite → {v}"],
    "github_classic_pat": ["GITHUB_TOKEN={v}", "gh token {v}"],
    "github_fine_grained_pat": ["MATCH_GIT_TOKEN={v}", "fine-grained PAT: {v}"],
    "iban": ["IBAN: {v}", "payout account {v}"],
    "ipv4_address": ["server: {v}", "origin IP {v}"],
    "jwt": ["Authorization: Bearer {v}", "id_token={v}"],
    "openai_api_key": ["OPENAI_API_KEY={v}", "openai: {v}"],
    "password": ["password: {v}", "KEYSTORE_PASSWORD={v}"],
    "phone_number": ["tel. {v}", "on-call phone: {v}"],
    "slack_bot_token": ["SLACK_BOT_TOKEN={v}", "bot token {v}"],
    "slack_user_token": ["SLACK_USER_TOKEN={v}", "user token {v}"],
    "us_ssn": ["SSN: {v}", "TIN/SSN {v}"],
}


def line_for(kind):
    if kind == "private_key_pem":
        body, pk = v_pem()
        return f"-----BEGIN {pk}-----\n{body}\n-----END {pk}-----", body
    if kind == "url_credentials":
        user, pw = v_urlcred()
        if R.random() < 0.5:
            return f"DATABASE_URL=postgres://{user}:{pw}@liveops-db.lanternbay.games:5432/liveops", f"{user}:{pw}"
        return f"REDIS_URL=redis://:{pw}@cache.lanternbay.games:6379", pw
    v = VALUE[kind]()
    return C(LINEFMT[kind]).format(v=v), v


DOUBLE_WRAP = [
    lambda a, b: f"here's the env from the build mac, can someone see why the upload lane fails?\n```\n{a}\n{b}\n```",
    lambda a, b: f"two things for the vendor handover:\n• {a}\n• {b}",
    lambda a, b: f"Für die Übergabe an das Outsourcing-Team:\n{a}\n{b}\nBitte danach aus dem Channel löschen.",
    lambda a, b: f"```\n{ts_iso()} [ci] dumping env for debugging\n{ts_iso()} {a}\n{ts_iso()} {b}\n{ts_iso()} [ci] done\n```",
    lambda a, b: f"引き継ぎメモ：\n{a}\n{b}",
    lambda a, b: f"para o contrato do estúdio parceiro:\n{a}\n{b}",
    lambda a, b: f"> can you send me the details?\nsure:\n{a}\n{b}",
]


# ================================================================ build
CATS = [("non_credential_blob", NB), ("pii_lookalike_number", PL), ("data_uri_base64", DU),
        ("placeholder_example", PH), ("code_identifier", CI), ("talk_about_secrets", TA)]
PER_CAT = 100


def decorate(text, p_lead=0.13, p_trail=0.06):
    if R.random() < p_lead:
        lead = C(LANGS_LEADIN)
        text = (lead.rstrip() + "\n" + text) if text.startswith("```") else lead + text
    if R.random() < p_trail:
        text = text + C(TRAILERS)
    return text


def build_negatives():
    out = []
    seen = set()
    ambiguous = []
    for cat, tmpls in CATS:
        texts = []
        for t in AMBIG.get(cat, []):
            texts.append(t)
            seen.add(t)
        order = []
        attempts = 0
        while len(texts) < PER_CAT:
            if not order:
                order = list(tmpls)
                R.shuffle(order)
            fn = order.pop()
            attempts += 1
            assert attempts < 20000, cat
            t = decorate(fn())
            if t in seen or t.count("\n") >= 40 or scan(t):
                continue
            if allowed_hits(t):
                continue
            seen.add(t)
            texts.append(t)
        out += [(cat, t) for t in texts]
    R.shuffle(out)
    recs = []
    for i, (cat, t) in enumerate(out, 1):
        rid = f"h{N}n-{i:04d}"
        recs.append({"id": rid, "text": t, "category": cat})
        if allowed_hits(t):
            ambiguous.append((rid, cat, allowed_hits(t)))
    return recs, ambiguous


def build_positives():
    n_texts, n_double = 150, 20
    total = n_texts + n_double
    seq = [KINDS[i % len(KINDS)] for i in range(total)]
    doubles = set(R.sample(range(n_texts), n_double))
    tcount = {k: 0 for k in KINDS}
    recs = []
    pos = 0
    seen = set()
    for j in range(n_texts):
        if j in doubles:
            ka, kb = seq[pos], seq[pos + 1]
            pos += 2
            while True:
                la, va = line_for(ka)
                lb, vb = line_for(kb)
                text = C(DOUBLE_WRAP)(la, lb)
                if text not in seen and va in text and vb in text:
                    break
            secrets = [{"kind": ka, "value": va}, {"kind": kb, "value": vb}]
            ctx = f"multi:{ka}+{kb}"
        else:
            k = seq[pos]
            pos += 1
            if k == "private_key_pem":
                body, pk = v_pem()
                text, _ = pem_templates(body, pk)
                v = body
                ctx = f"private_key_pem:{pk.replace(' ', '_').lower()}"
            elif k == "url_credentials":
                user, pw = v_urlcred()
                text, v = url_templates(user, pw)
                ctx = "url_credentials:" + ("password_only" if v == pw else "userinfo")
            else:
                ti = tcount[k] % len(T[k])
                tcount[k] += 1
                text, v = pos_text(k, ti, VALUE[k]())
                ctx = f"{k}:t{ti}"
            secrets = [{"kind": k, "value": v}]
        if R.random() < 0.06:
            lead = C(["fyi ", "urgent: ", "Zur Info: ", "メモ: ", "btw "])
            text = (lead.rstrip() + "\n" + text) if text.startswith("```") else lead + text
        assert text not in seen
        seen.add(text)
        recs.append({"id": f"h{N}p-{j + 1:04d}", "text": text, "secrets": secrets, "context": ctx})
    assert pos == total
    return recs


def validate_positive(rec):
    text = rec["text"]
    rest = text
    for s in rec["secrets"]:
        k, v = s["kind"], s["value"]
        assert v in text, (rec["id"], v)
        rest = rest.replace(v, " ")
        if k == "credit_card":
            d = re.sub(r"[ -]", "", v)
            assert luhn_ok(d) and 13 <= len(d) <= 19, v
        elif k == "iban":
            assert iban_ok(v), v
        elif k == "us_ssn":
            a, g, s_ = v.split("-")
            assert a not in ("000", "666") and a[0] != "9" and g != "00" and s_ != "0000", v
        elif k == "ipv4_address":
            assert ip_public(v), v
        elif k == "jwt":
            h, p, _ = v.split(".")
            for part in (h, p):
                json.loads(base64.urlsafe_b64decode(part + "=" * (-len(part) % 4)))
        elif k == "private_key_pem":
            base64.b64decode(v.replace("\n", ""), validate=True)
        elif k == "github_classic_pat":
            assert v.startswith("ghp_") and len(v) == 40 and crc_b62(v[4:34]) == v[34:], v
        elif k == "aws_access_key_id":
            assert re.fullmatch(r"(AKIA|ASIA)[A-Z2-7]{16}", v), v
        elif k == "anthropic_api_key":
            assert re.fullmatch(r"sk-ant-api03-[A-Za-z0-9_-]{93}AA", v), v
    # nothing unlabeled that our own scanner recognises
    left = scan(rest)
    return left


def main():
    negs, ambiguous = build_negatives()
    poss = build_positives()
    leftovers = []
    for r in poss:
        lo = validate_positive(r)
        if lo:
            leftovers.append((r["id"], lo))
    assert not leftovers, leftovers
    for r in negs:
        assert not scan(r["text"]), (r["id"], scan(r["text"]))
    with open(os.path.join(HERE, f"redaction{N}_negatives.jsonl"), "w", encoding="utf-8") as f:
        for r in negs:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")
    with open(os.path.join(HERE, f"redaction{N}_positives.jsonl"), "w", encoding="utf-8") as f:
        for r in poss:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")
    # report
    from collections import Counter
    print("negatives:", len(negs), dict(Counter(r["category"] for r in negs)))
    lines = [r["text"].count("\n") + 1 for r in negs]
    print("neg lines min/max:", min(lines), max(lines), "single-line:", sum(1 for x in lines if x == 1),
          ">=10:", sum(1 for x in lines if x >= 10), ">=20:", sum(1 for x in lines if x >= 20))
    print("deliberate ambiguities:", ambiguous)
    kc = Counter(s["kind"] for r in poss for s in r["secrets"])
    print("positives:", len(poss), "secrets:", sum(kc.values()), "two-secret texts:", sum(1 for r in poss if len(r["secrets"]) == 2))
    for k in KINDS:
        print(f"  {k}: {kc[k]}")
    pl = [r["text"].count("\n") + 1 for r in poss]
    print("pos lines min/max:", min(pl), max(pl))


if __name__ == "__main__":
    main()
