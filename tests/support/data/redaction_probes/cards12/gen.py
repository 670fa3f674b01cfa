#!/usr/bin/env python3
"""Card-number development probe (issue 24, twelfth round): cards as people type them, and near misses.

Written by the helper who changed the card rule, from general knowledge: NOT evidence, see README.
Standard library only, random.Random(1212). Writes cards12_positives.jsonl and cards12_negatives.jsonl.
"""

import json
import os
import random

R = random.Random(1212)
HERE = os.path.dirname(os.path.abspath(__file__))


def luhn_ok(num: str) -> bool:
    total = 0
    for i, ch in enumerate(reversed(num)):
        d = int(ch)
        if i % 2:
            d = d * 2 - 9 if d > 4 else d * 2
        total += d
    return total % 10 == 0


def card(prefix: str, length: int) -> str:
    body = prefix + "".join(R.choice("0123456789") for _ in range(length - len(prefix) - 1))
    return next(body + c for c in "0123456789" if luhn_ok(body + c))


def bad(prefix: str, length: int) -> str:
    good = card(prefix, length)
    return good[:-1] + str((int(good[-1]) + R.randint(1, 9)) % 10)


def groups(digits: str, sizes: tuple[int, ...], sep: str = " ") -> str:
    out, i = [], 0
    for n in sizes:
        out.append(digits[i : i + n])
        i += n
    if i < len(digits):
        out.append(digits[i:])
    return sep.join(out)


def g4(digits: str, sep: str = " ") -> str:
    return sep.join(digits[i : i + 4] for i in range(0, len(digits), 4))


# Networks: (name, prefix, length, layout sizes)
NETWORKS = [
    ("visa16", "4", 16, (4, 4, 4, 4)),
    ("visa13", "4", 13, (4, 4, 4)),
    ("visa19", "4", 19, (4, 4, 4, 4)),
    ("mc51", "51", 16, (4, 4, 4, 4)),
    ("mc55", "55", 16, (4, 4, 4, 4)),
    ("mc2221", "2221", 16, (4, 4, 4, 4)),
    ("mc2720", "2720", 16, (4, 4, 4, 4)),
    ("mc25", "25", 16, (4, 4, 4, 4)),
    ("amex34", "34", 15, (4, 6, 5)),
    ("amex37", "37", 15, (4, 6, 5)),
    ("discover6011", "6011", 16, (4, 4, 4, 4)),
    ("discover65", "65", 16, (4, 4, 4, 4)),
    ("discover644", "644", 16, (4, 4, 4, 4)),
    ("jcb3530", "3530", 16, (4, 4, 4, 4)),
    ("jcb3589", "3589", 19, (4, 4, 4, 4)),
    ("diners36", "36", 14, (4, 6, 4)),
    ("diners300", "300", 14, (4, 6, 4)),
    ("diners38", "38", 16, (4, 4, 4, 4)),
    ("unionpay16", "62", 16, (4, 4, 4, 4)),
    ("unionpay19", "6212", 19, (6, 13)),
    ("unionpay19b", "6228", 19, (4, 4, 4, 4)),
    ("maestro6759", "6759", 19, (4, 4, 4, 4)),
    ("maestro5018", "5018", 16, (4, 4, 4, 4)),
    ("maestro6304", "6304", 18, (4, 4, 4, 4)),
    ("mir2200", "2200", 16, (4, 4, 4, 4)),
    ("mir2204", "2204", 16, (4, 4, 4, 4)),
    ("rupay60", "6070", 16, (4, 4, 4, 4)),
    ("rupay508", "5085", 16, (4, 4, 4, 4)),
    ("rupay81", "8172", 16, (4, 4, 4, 4)),
    ("rupay82", "8201", 16, (4, 4, 4, 4)),
    ("elo636368", "636368", 16, (4, 4, 4, 4)),
    ("elo509", "5090", 16, (4, 4, 4, 4)),
    ("elo4011", "401178", 16, (4, 4, 4, 4)),
    ("hipercard606282", "606282", 16, (4, 4, 4, 4)),
    ("hipercard3841", "384100", 19, (4, 4, 4, 4)),
    ("troy9792", "9792", 16, (4, 4, 4, 4)),
    ("troy65", "6599", 16, (4, 4, 4, 4)),
    ("verve5061", "506102", 19, (4, 4, 4, 4)),
    ("verve650", "650010", 16, (4, 4, 4, 4)),
    ("bccard94", "9410", 16, (4, 4, 4, 4)),
    ("napas9704", "9704", 16, (4, 4, 4, 4)),
    ("napas9704_19", "9704", 19, (4, 4, 4, 4)),
    ("humo9860", "9860", 16, (4, 4, 4, 4)),
    ("uzcard8600", "8600", 16, (4, 4, 4, 4)),
    ("belkart9112", "9112", 16, (4, 4, 4, 4)),
    ("dankort5019", "5019", 16, (4, 4, 4, 4)),
    ("instapayment637", "6370", 16, (4, 4, 4, 4)),
    ("lankapay357111", "357111", 16, (4, 4, 4, 4)),
]

pos: list[dict] = []


def P(ctx: str, text: str, value: str) -> None:
    assert value in text, (text, value)
    pos.append({"id": f"c12p-{len(pos) + 1:03d}", "text": text, "secrets": [{"kind": "credit_card", "value": value}], "context": ctx})


SENTENCES = [
    "my {w} is {v}, can you book it?",
    "here's the {w} for the hotel: {v}",
    "use this {w} {v} for the renewal",
    "{w}: {v}",
    "{v} is the {w} finance gave me",
]
WORDS = ["card", "credit card", "corporate card", "debit card", "Visa", "card number", "CC", "company card", "PAN"]

# 1. Every network, in its printed layout, in an English sentence.
for name, prefix, length, sizes in NETWORKS:
    d = card(prefix, length)
    v = groups(d, sizes)
    P(f"network:{name}:printed", R.choice(SENTENCES).format(w=R.choice(WORDS), v=v), v)

# 2. Every network again, typed in one run, with no word for a card.
for name, prefix, length, sizes in NETWORKS:
    d = card(prefix, length)
    P(f"network:{name}:bare", R.choice(["pls charge {v} thx", "{v}", "ok -> {v}", "number is {v}", "try {v} instead"]).format(v=d), d)

# 3. Separators, on a Visa or a Mastercard.
SEPS = [
    ("space", lambda d: g4(d, " ")),
    ("hyphen", lambda d: g4(d, "-")),
    ("dot", lambda d: g4(d, ".")),
    ("slash", lambda d: g4(d, "/")),
    ("none", lambda d: d),
    ("two_spaces", lambda d: g4(d, "  ")),
    ("spaced_hyphen", lambda d: g4(d, " - ")),
    ("underscore", lambda d: g4(d, "_")),
    ("comma", lambda d: g4(d, ", ")),
    ("comma_tight", lambda d: g4(d, ",")),
    ("en_dash", lambda d: g4(d, "\u2013")),
    ("nbsp", lambda d: g4(d, "\u00a0")),
    ("thin_space", lambda d: g4(d, "\u2009")),
    ("mixed_space_hyphen", lambda d: d[:4] + " " + d[4:8] + "-" + d[8:12] + " " + d[12:]),
    ("mixed_dot_space", lambda d: d[:4] + "." + d[4:8] + " " + d[8:12] + "." + d[12:]),
    ("line_break_halves", lambda d: d[:4] + " " + d[4:8] + "\n" + d[8:12] + " " + d[12:]),
    ("line_per_group", lambda d: g4(d, "\n")),
    ("tab", lambda d: g4(d, "\t")),
    ("ellipsis", lambda d: g4(d, "... ")),
    ("pairs", lambda d: " ".join(d[i : i + 2] for i in range(0, 16, 2))),
    ("single_digits", lambda d: " ".join(d)),
    ("threes", lambda d: " ".join(d[i : i + 3] for i in range(0, 16, 3))),
    ("odd_split", lambda d: d[:5] + " " + d[5:11] + " " + d[11:]),
    ("two_halves", lambda d: d[:8] + " " + d[8:]),
    ("space_slash", lambda d: g4(d, " / ")),
    ("pipe", lambda d: g4(d, "|")),
]
for sname, fmt in SEPS:
    d = card(R.choice(["4", "51", "53", "55", "2223"]), 16)
    v = fmt(d)
    tpl = R.choice(["card {v} exp 11/28", "my card number is {v}", "{v} (the visa)", "cc: {v}", "charge it to {v}, thanks", "Visa\n{v}\nexp 04/29"])
    P(f"sep:{sname}", tpl.format(v=v), v)
    # the same separator with no card word, only the digits and an expiry or nothing
    d2 = card(R.choice(["4", "52", "54"]), 16)
    v2 = fmt(d2)
    P(f"sep_noword:{sname}", R.choice(["{v}", "ok here: {v}", "{v} 09/27 441"]).format(v=v2), v2)

# 4. Groups in quotes and code.
d = card("4", 16)
v = '"' + '" "'.join(d[i : i + 4] for i in range(0, 16, 4)) + '"'
P("quotes:each_group", f"the form has four boxes: {v}", v)
for tpl in ["`{v}`", "'{v}'", "\u201c{v}\u201d", "\u00ab{v}\u00bb", "**{v}**", "||{v}||", "```\n{v}\n```", "> {v}", "({v})", "[{v}]", "<{v}>"]:
    pre = R.choice(["4", "51", "37"])
    d = card(pre, 15 if pre == "37" else 16)
    v = g4(d)
    P("quoted:" + tpl[:3], "card " + tpl.format(v=v), v)

# 5. Words in many languages and scripts.
LANG = [
    ("es", "mi tarjeta es {v}"), ("es", "número de tarjeta: {v}"), ("pt", "o número do cartão é {v}"),
    ("pt", "cartão de crédito {v}"), ("fr", "ma carte bleue : {v}"), ("fr", "numéro de CB {v}"),
    ("de", "Kreditkartennummer {v}"), ("de", "meine EC-Karte: {v}"), ("it", "numero della carta {v}"),
    ("nl", "mijn pinpas {v}"), ("nl", "creditcardnummer: {v}"), ("pl", "numer karty {v}"),
    ("cs", "číslo karty {v}"), ("sk", "číslo karty je {v}"), ("ru", "номер карты {v}"),
    ("ru", "карточка: {v}"), ("uk", "номер картки {v}"), ("bg", "картата ми е {v}"),
    ("sr", "broj kartice {v}"), ("hr", "kartica {v}"), ("sl", "številka kartice {v}"),
    ("tr", "kart numaram {v}"), ("tr", "kartımın numarası {v}"), ("el", "αριθμός κάρτας {v}"),
    ("hu", "kártyaszám: {v}"), ("ro", "numărul cardului {v}"), ("sv", "kortnummer {v}"),
    ("da", "kortnummeret er {v}"), ("no", "kortet mitt {v}"), ("fi", "kortin numero {v}"),
    ("fi", "luottokortti {v}"), ("et", "kaardi number {v}"), ("lv", "kartes numurs {v}"),
    ("lt", "kortelės numeris {v}"), ("is", "kortanúmer {v}"), ("sq", "numri i kartës {v}"),
    ("ar", "رقم البطاقة {v}"), ("ar", "بطاقتي: {v}"), ("fa", "شماره کارت {v}"),
    ("ur", "کارڈ نمبر {v}"), ("he", "מספר כרטיס אשראי {v}"), ("hi", "मेरा कार्ड नंबर {v} है"),
    ("bn", "কার্ড নম্বর {v}"), ("th", "เลขบัตรเครดิต {v}"), ("th", "บัตร {v}"),
    ("vi", "số thẻ {v}"), ("vi", "thẻ tín dụng của tôi {v}"), ("id", "nomor kartu {v}"),
    ("ms", "nombor kad {v}"), ("tl", "yung card ko {v}"), ("sw", "namba ya kadi {v}"),
    ("zh", "卡号：{v}"), ("zh", "我的信用卡是{v}"), ("zh-tw", "信用卡號 {v}"),
    ("ja", "カード番号は{v}です"), ("ja", "クレカ {v}"), ("ko", "카드번호 {v}"),
    ("ko", "제 카드는 {v}입니다"), ("ka", "ბარათის ნომერი {v}"), ("hy", "քարտի համար {v}"),
]
for lang, tpl in LANG:
    d = card(R.choice(["4", "5", "2", "62", "9792", "2200"]) if lang in ("tr", "ru", "zh") else R.choice(["4", "51", "55"]), 16)
    v = R.choice([g4(d), d, g4(d, "-"), d[:4] + " " + d[4:8] + " " + d[8:12] + " " + d[12:]])
    P(f"lang:{lang}", tpl.format(v=v), v)

# 6. With expiry and CVV, in the forms people paste.
EXP = [
    "{v} exp 08/27 cvv 412", "{v} 08/27 412", "{v}|08|27|412", "{v}|0827|412", "{v} - 08/27 - 412",
    "{v}, 08/2027, 412", "{v} exp:0827 cvc:412", "{v} vence 08/27 código 412", "{v} gültig bis 08/27, Prüfziffer 412",
    "{v} valid thru 08/27", "{v}\n08/27\n412", "{v} 8/27 cvv2 412", "{v} expiry 2027-08",
]
for tpl in EXP:
    pre = R.choice(["4", "53", "37", "6011"])
    d = card(pre, 15 if pre == "37" else 16)
    v = R.choice([g4(d), d])
    P("expiry", tpl.format(v=v), v)

# 7. Containers: CSV, JSON, logs, XML, YAML, query strings, SQL, tables.
CONT = [
    ('name,card,exp\nJ. Doe,{d},08/27', "csv"),
    ('{{"pan": "{d}", "exp": "0827"}}', "json_pan"),
    ('{{"card_number": {d}, "cvv": 412}}', "json_number"),
    ('{{"card": {{"number": "{g}", "exp_month": 8}}}}', "json_nested"),
    ("2026-03-02T10:11:12Z INFO charge card={d} amount=12.00", "log_kv"),
    ("[payments] tokenize failed for pan {d}: timeout", "log_words"),
    ("<PAN>{d}</PAN>", "xml"),
    ("<CardNumber>{g}</CardNumber>", "xml_grouped"),
    ("card:\n  number: '{g}'\n  exp: 08/27", "yaml"),
    ("GET /checkout?cc={d}&exp=0827 HTTP/1.1", "query"),
    ("INSERT INTO cards VALUES (17, '{d}', '2027-08-01');", "sql"),
    ("| holder | card | exp |\n|---|---|---|\n| ops | {g} | 08/27 |", "md_table"),
    ("card_number\t{d}\texp\t0827", "tsv"),
    ("CARD={d}", "env"),
    ("pan={d};exp=0827", "semicolon"),
    ("payment_method[card][number]={d}", "form_encoded"),
    ("cc#{d}", "hash_glued"),
    ("CC:{d}", "colon_glued"),
    ("card no.{d}", "no_dot"),
]
for tpl, name in CONT:
    d = card(R.choice(["4", "51", "55", "6011"]), 16)
    gv = g4(d)
    text = tpl.format(d=d, g=gv)
    P(f"container:{name}", text, gv if "{g}" in tpl else d)

# 8. Split over lines and messages.
for _ in range(3):
    d = card(R.choice(["4", "52"]), 16)
    v = d[:4] + " " + d[4:8] + "\n" + d[8:12] + " " + d[12:]
    P("split:two_lines_word", R.choice(["tarjeta:\n{v}\nvence 03/29", "card is\n{v}", "ok the number\n{v}\nexp 0129"]).format(v=v), v)
d = card("4", 16)
v = d[:8] + "\n" + d[8:]
P("split:halves", f"first half / second half:\n{v}", v)
d = card("5", 16)
v = "\n".join(d[i : i + 4] for i in range(0, 16, 4))
P("split:four_lines", f"card\n{v}", v)
d = card("37", 15)
v = d[:4] + "\n" + d[4:10] + "\n" + d[10:]
P("split:amex_lines", f"amex\n{v}\n0528", v)

# 9. Read out over the phone.
for _ in range(2):
    d = card("4", 16)
    v = ", ".join(d[i : i + 4] for i in range(0, 16, 4))
    P("phone:comma_groups", f"ok so it's {v}, expiry oh eight twenty seven", v)
d = card("5", 16)
v = "... ".join(d[i : i + 4] for i in range(0, 16, 4))
P("phone:pauses", f"card number {v}", v)
d = card("4", 16)
v = " ".join(d)
P("phone:digits", f"transcript: caller read the card as {v}", v)
d = card("4", 16)
v = " ".join(d[i : i + 2] for i in range(0, 16, 2))
P("phone:pairs", f"elle m'a dicté sa carte : {v}", v)
NUM_EN = "zero one two three four five six seven eight nine".split()
for _ in range(2):
    d = card("4", 16)
    v = " ".join(NUM_EN[int(c)] for c in d)
    P("phone:words_en", f"caller said the card number was {v}", v)
d = card("5", 16)
v = ", ".join(" ".join(NUM_EN[int(c)] for c in d[i : i + 4]) for i in range(0, 16, 4))
P("phone:words_en_groups", f"voicemail transcript: my card is {v}", v)

# 10. Other digit scripts and widths.
def digits_in(d: str, zero: int) -> str:
    return "".join(chr(zero + int(c)) for c in d)

for name, zero in (("fullwidth", 0xFF10), ("arabic_indic", 0x0660), ("persian", 0x06F0), ("devanagari", 0x0966), ("bengali", 0x09E6), ("thai", 0x0E50)):
    d = card(R.choice(["4", "51", "62"]), 16)
    v = g4(digits_in(d, zero))
    P(f"script:{name}", R.choice(["card {v}", "{v}", "رقم البطاقة {v}", "カード {v}"]).format(v=v), v)

# ---------------------------------------------------------------- negatives
neg: list[dict] = []


def N(cat: str, text: str) -> None:
    neg.append({"id": f"c12n-{len(neg) + 1:03d}", "text": text, "category": cat})


# Luhn-invalid numbers, with a card word and without.
for _ in range(10):
    d = bad(R.choice(["4", "51", "55", "37", "6011"]), 16)
    N("luhn_invalid", R.choice(["card {v}", "{v}", "cc: {v} exp 02/28", "tarjeta {v}"]).format(v=R.choice([g4(d), d, g4(d, "-")])))
# Masked cards.
for tpl in ["**** **** **** {l}", "XXXX-XXXX-XXXX-{l}", "{b}******{l}", "{b4} {b2}** **** {l}", "card ending in {l}",
            "Visa •••• {l}", "pan={b}XXXXXX{l}", "{b4} xxxx xxxx {l}", "last four {l}, BIN {b}", "ref: ************{l}"]:
    d = card("4", 16)
    N("masked", tpl.format(l=d[-4:], b=d[:6], b4=d[:4], b2=d[4:6]))
# Published test cards, named as such.
for t in ["Stripe test card 4242 4242 4242 4242", "use the sandbox card 4111 1111 1111 1111 with any CVC",
          "test card: 5555 5555 5555 4444", "tarjeta de prueba 4000 0000 0000 0002"]:
    N("test_card", t)

# Luhn-valid look-alikes with a card network's prefix and length, named as something else.
def luhn_like(prefix: str, length: int) -> str:
    return card(prefix, length)

NAMED = [
    "order #{d}", "Order number: {g}", "tracking number {g}", "invoice no. {d}", "Auftragsnummer {d}",
    "numéro de commande {d}", "ticket {d}", "claim number {g}", "shipment {d}", "booking ref {d}",
    "Bestellnr. {g}", "PO {d}", "transaction id {d}", "merchant id {d}", "customer id: {d}",
]
for tpl in NAMED:
    d = luhn_like(R.choice(["4", "51", "6011", "37"]), 16)
    N("named_id", tpl.format(d=d, g=g4(d)))

# IMEI (15 digits, Luhn) and ICCID (89…, 19-20 digits, Luhn).
for _ in range(4):
    d = luhn_like(R.choice(["35", "86", "49", "01"]), 15)
    N("imei", R.choice(["IMEI {d}", "IMEI: {d}", "imei1 {d} imei2 {e}", "device {d}"]).format(d=d, e=luhn_like("35", 15)))
for _ in range(3):
    d = luhn_like("8944", 19)
    N("iccid", R.choice(["SIM card ICCID {d}", "ICCID: {g}", "sim card number {d}"]).format(d=d, g=g4(d)))

# EAN-13 and ISBN-13 barcodes that also pass Luhn.
def ean_ok(d: str) -> bool:
    return sum(int(c) * (3 if i % 2 else 1) for i, c in enumerate(d)) % 10 == 0

def ean_luhn(prefix: str) -> str:
    while True:
        d = prefix + "".join(R.choice("0123456789") for _ in range(13 - len(prefix)))
        if ean_ok(d) and luhn_ok(d):
            return d

for pre in ["400", "401", "450", "460"]:
    N("ean", R.choice(["EAN {d}", "barcode {d}", "GTIN: {d}", "scan {d} at the till"]).format(d=ean_luhn(pre)))
for pre in ["978", "979"]:
    d = ean_luhn(pre)
    N("isbn", f"ISBN {d[:3]}-{d[3]}-{d[4:8]}-{d[8:12]}-{d[12]}")
    N("isbn", f"isbn13: {d}")

# Tracking numbers: USPS 22 digits starting 9, FedEx 12/15, with a Luhn-valid card-length run inside.
for _ in range(3):
    d = "9400" + "".join(R.choice("0123456789") for _ in range(18))
    N("tracking", R.choice(["USPS {g}", "tracking: {d}", "your parcel {g} is out for delivery"]).format(d=d, g=g4(d)))
for _ in range(2):
    d = "92" + "".join(R.choice("0123456789") for _ in range(24))
    N("tracking", f"USPS tracking {d}")

# Counts, ranges, timestamps and ids of card length.
for _ in range(3):
    a = card("4", 16)
    N("table_of_counts", f"| region | q1 | q2 | q3 | q4 |\n|---|---|---|---|---|\n| EU | {a[:4]} | {a[4:8]} | {a[8:12]} | {a[12:]} |")
N("range", "BIN range 4915 1000 0000-4915 1000 9999")
N("range", "allocate 5412 0000 0000 0000 to 5412 0000 0099 9999 for the pilot")
for _ in range(3):
    N("timestamp", R.choice(["ts=1700000{r}", "created_at: 1712{r}", "snowflake 1183{r}{s}"]).format(r="".join(R.choice("0123456789") for _ in range(6)), s="".join(R.choice("0123456789") for _ in range(8))))
for _ in range(3):
    d = card(R.choice(["4", "5"]), 16)
    N("build_stamp", f"build 2024.{d[:4]}.{d[4:8]}")
for _ in range(3):
    N("version", R.choice(["version 4.5.12.1700.3", "chrome 124.0.6367.207", "kernel 5.15.0-1045-azure"]))
# Phone numbers side by side; IBAN; bank accounts.
N("iban", "IBAN DE89 3704 0044 0532 0130 00")
N("bank", "sort code 20-00-00, account 55779911")
N("bank", "routing 021000021 account 4539148803")
# Numbers in a hex dump, a UUID, a hash.
N("hex", "00000010: 4539 1488 0343 6467 6f72 6c64 0a00 0000  E9..\\.Cdgorld....")
N("uuid", "request 4539a488-0343-4467-9d2e-88f1c0a3b2d1 failed")
N("hash", "sha1 4539148803436467a1b2c3d4e5f6071829304a5b")
# Card-shaped numbers that are other cards' numbers.
for tpl in ["library card 2 1234 5678 9012 3", "gift card code 6006 4912 3456 7890 12 pin 1234", "Oyster card 0123 4567 8901"]:
    N("other_card", tpl)
# Receipts: card ending, auth code, RRN, terminal and merchant ids.
N("receipt", "VISA ************6467\nAUTH 083421\nRRN 412345678901\nTID 12345678\nMID 000000012345678")
N("receipt", "APPROVED  card ending 6467  amount 42.10 EUR  STAN 001234")
# Amounts and sums.
N("amount", "total 4,539,148,803,436.46")
N("amount", "revenue: 5 412 000 000 000 000 (mock data)")
# Digit words that are not a card.
N("words", "the code is four five three nine, not four five three eight")
N("words", "one two three four five six seven eight nine ten, here we go")
# Lottery / lists of numbers.
N("list", "winning numbers 4 15 23 31 42 48 and 6")
N("list", "ports 4539, 1488, 3436, 6467 are open")

with open(os.path.join(HERE, "cards12_positives.jsonl"), "w", encoding="utf-8") as f:
    for rec in pos:
        f.write(json.dumps(rec, ensure_ascii=False) + "\n")
with open(os.path.join(HERE, "cards12_negatives.jsonl"), "w", encoding="utf-8") as f:
    for rec in neg:
        f.write(json.dumps(rec, ensure_ascii=False) + "\n")
print(len(pos), "positives,", len(neg), "negatives")
