#!/usr/bin/env python3
"""recall13: blind, held-out recall probe for credit cards, phone numbers and passwords.

Standard library only. The only randomness is random.Random(1313). Output is deterministic.
Writes recall13_positives.jsonl and recall13_negatives.jsonl next to this file, then runs the
built-in scanner and prints summary tables (markdown) to stdout.
"""
import json
import os
import re
import sys
import unicodedata
from random import Random

R = Random(1313)
HERE = os.path.dirname(os.path.abspath(__file__))
DIG = "0123456789"


def fill(_tpl, **kw):
    for k, v in kw.items():
        _tpl = _tpl.replace("{" + k + "}", v)
    return _tpl


# ----------------------------------------------------------------------------------------------
# Luhn and the scanner
# ----------------------------------------------------------------------------------------------
def luhn_ok(d):
    s = 0
    for i, ch in enumerate(reversed(d)):
        n = int(ch)
        if i % 2 == 1:
            n *= 2
            if n > 9:
                n -= 9
        s += n
    return s % 10 == 0


def ascii_digits(s):
    out = []
    for ch in s:
        if ch.isdigit():
            try:
                out.append(str(unicodedata.digit(ch)))
            except (TypeError, ValueError):
                pass
    return "".join(out)


# digit groups joined by ONE separator (space, nbsp, thin space, dash, dot, slash, newline)
CHAIN_RE = re.compile(r"[0-9]+(?:[ \u00a0\u2009\u202f\-./\n][0-9]+)*")
SPLIT_RE = re.compile(r"[ \u00a0\u2009\u202f\-./\n]")


def luhn_chains(text):
    """Every contiguous run of digit groups (also a single group) holding 13-19 digits that is Luhn-valid."""
    hits = []
    for m in CHAIN_RE.finditer(text):
        groups = SPLIT_RE.split(m.group(0))
        for i in range(len(groups)):
            acc = ""
            for j in range(i, len(groups)):
                acc += groups[j]
                if len(acc) > 19:
                    break
                if 13 <= len(acc) <= 19 and luhn_ok(acc):
                    hits.append(acc)
    return hits


EMAIL_RE = re.compile(r"[A-Za-z0-9._%+\-]+@[A-Za-z0-9\-]+(?:\.[A-Za-z0-9\-]+)*\.[A-Za-z]{2,}")
TOKEN_RES = [
    ("github_token", re.compile(r"\bgh[pousr]_[A-Za-z0-9]{30,}")),
    ("github_pat", re.compile(r"github_pat_[A-Za-z0-9_]{20,}")),
    ("slack_token", re.compile(r"\bxox[abposre]-[A-Za-z0-9\-]{10,}")),
    ("sk_key", re.compile(r"\bsk-[A-Za-z0-9_\-]{20,}")),
    ("jwt", re.compile(r"eyJ[A-Za-z0-9_\-]{5,}\.eyJ[A-Za-z0-9_\-]{5,}")),
    ("aws_key_id", re.compile(r"\b(?:AKIA|ASIA)[A-Z0-9]{16}\b")),
    ("gitlab_pat", re.compile(r"glpat-[A-Za-z0-9_\-]{20}")),
    ("google_api_key", re.compile(r"AIza[0-9A-Za-z_\-]{35}")),
    ("stripe_key", re.compile(r"\b[rsp]k_(?:live|test)_[A-Za-z0-9]{10,}")),
    ("pem", re.compile(r"-----BEGIN [A-Z ]*PRIVATE KEY-----")),
    ("high_entropy", re.compile(r"(?<![A-Za-z0-9_\-])(?=[A-Za-z0-9_\-]*[a-z])(?=[A-Za-z0-9_\-]*[A-Z])"
                                r"(?=[A-Za-z0-9_\-]*[0-9])[A-Za-z0-9_\-]{32,}")),
]
INTL_PHONE_RE = re.compile(r"\+[0-9][0-9 ().\-/\u00a0]{5,}[0-9]")


def scan_negative(text):
    """Return a list of problems; empty means the negative is clean."""
    probs = []
    for h in luhn_chains(text):
        probs.append("luhn:" + h)
    for m in EMAIL_RE.finditer(text):
        probs.append("email:" + m.group(0))
    for name, rx in TOKEN_RES:
        for m in rx.finditer(text):
            probs.append(name + ":" + m.group(0))
    for m in INTL_PHONE_RE.finditer(text):
        if len(ascii_digits(m.group(0))) >= 7:
            probs.append("intl_phone:" + m.group(0))
    if ascii_digits(text) != re.sub(r"[^0-9]", "", text):
        probs.append("non_ascii_digits")
    return probs


# ----------------------------------------------------------------------------------------------
# credit cards
# ----------------------------------------------------------------------------------------------
WELL_KNOWN_TEST_PANS = [
    "4111111111111111", "4242424242424242", "4012888888881881", "4000056655665556", "4222222222222",
    "5555555555554444", "5105105105105100", "5200828282828210", "2223003122003222", "378282246310005",
    "371449635398431", "378734493671000", "6011111111111117", "6011000990139424", "3530111333300000",
    "3566002020360505", "6200000000000005", "30569309025904", "38520000023237", "6759649826438453",
]


def rng_prefix(lo, hi):
    return str(R.randint(lo, hi))


# name, weight, prefix-chooser, lengths, local languages
BRANDS = [
    ("visa", 16, lambda: "4", [16] * 9 + [19], []),
    ("mastercard", 10, lambda: R.choice(["51", "52", "53", "54", "55"]), [16], []),
    ("mastercard_2series", 6, lambda: rng_prefix(2221, 2720), [16], []),
    ("amex", 10, lambda: R.choice(["34", "37"]), [15], []),
    ("discover", 6, lambda: R.choice(["6011", "644", "645", "646", "647", "648", "649", "65"]), [16] * 4 + [19], []),
    ("jcb", 6, lambda: rng_prefix(3528, 3589), [16], ["ja"]),
    ("unionpay", 7, lambda: R.choice(["621", "622", "623", "625", "6282"]), [16, 16, 19], ["zh"]),
    ("maestro", 6, lambda: R.choice(["5018", "5020", "5038", "6304", "6759", "6761", "6763"]), [16, 18, 19], []),
    ("diners", 4, lambda: R.choice(["36", "300", "301", "305", "38"]), [14], []),
    ("mir", 4, lambda: rng_prefix(2200, 2204), [16], ["ru", "uk"]),
    ("rupay", 4, lambda: R.choice(["6081", "6521", "6522", "8172", "5085"]), [16], ["hi"]),
    ("elo", 3, lambda: R.choice(["636368", "438935", "504175", "451416", "636297"]), [16], ["pt"]),
    ("hipercard", 2, lambda: "606282", [16], ["pt"]),
    ("troy", 3, lambda: "9792", [16], ["tr"]),
    ("dankort", 2, lambda: "5019", [16], ["da"]),
    ("verve", 2, lambda: R.choice(["5061", "6500"]), [16, 19], ["en"]),
    ("humo", 1, lambda: "9860", [16], ["ru"]),
    ("uzcard", 1, lambda: "8600", [16], ["ru"]),
    ("meeza", 1, lambda: "507803", [16], ["ar"]),
    ("napas", 2, lambda: "9704", [16, 19], ["vi"]),
    ("carnet", 1, lambda: R.choice(["506199", "506221"]), [16], ["es"]),
    ("bancontact", 2, lambda: "6703", [17, 19], ["nl", "fr"]),
    ("uatp", 1, lambda: "1", [15], []),
]


def make_pan(brand):
    _, _, pref, lens, _ = brand
    while True:
        p = pref()
        L = R.choice(lens)
        body = p + "".join(R.choice(DIG) for _ in range(L - len(p) - 1))
        for c in DIG:
            if luhn_ok(body + c):
                pan = body + c
                break
        if pan not in WELL_KNOWN_TEST_PANS and len(set(pan)) > 3:
            return pan


def card_groups(name, L):
    if name == "amex":
        return [4, 6, 5]
    if name == "diners":
        return [4, 6, 4]
    if name == "uatp":
        return [4, 5, 6]
    g = []
    while L > 0:
        g.append(min(4, L))
        L -= 4
    return g


def split_groups(d, groups):
    out, i = [], 0
    for g in groups:
        out.append(d[i:i + g])
        i += g
    return out


def fmt_card(pan, brand_name, style):
    parts = split_groups(pan, card_groups(brand_name, len(pan)))
    if style == "spaced":
        return " ".join(parts)
    if style == "dashed":
        return "-".join(parts)
    if style == "dotted":
        return ".".join(parts)
    if style == "plain":
        return pan
    if style == "nbsp":
        return "\u00a0".join(parts)
    if style == "double_space":
        return "  ".join(parts)
    if style == "irregular":
        k = R.randint(5, len(pan) - 5)
        return pan[:k] + " " + pan[k:]
    if style == "readout":
        return R.choice(["... ", ", ", " - "]).join(parts)
    raise ValueError(style)


def exp():
    return "%02d" % R.randint(1, 12), "%02d" % R.randint(26, 31)


CARDHOLDERS = ["M. Keller", "Ana Souza", "J. Okafor", "Lena Vogt", "Tomás Ruiz", "Aiko Tanaka", "R. Iyer",
               "Chen Wei", "Olga P.", "Sam Carter", "Mehmet Y.", "Nguyen Lan"]

# (tag, lang, forced style or None, template). {n}=number, {mm},{yy},{cvv},{holder}
CARD_T = [
    ("sentence", "en", None, "can you put the renewal on my card {n}? exp {mm}/{yy}, cvv {cvv}"),
    ("sentence", "en", None, "Card: {n}\nthanks, charge it whenever"),
    ("sentence", "en", "dotted", "new corporate card is {n} — use that for the AWS invoice from now on"),
    ("sentence", "es", None, "Hola, el número de mi tarjeta es {n}, caduca el {mm}/{yy}."),
    ("sentence", "es", None, "tarjeta {n} vence {mm}/{yy} cvv {cvv} porfa cóbrame el envío"),
    ("sentence", "fr", None, "Voici ma carte : {n} (exp. {mm}/{yy})"),
    ("sentence", "fr", None, "numéro de carte bancaire {n}, cryptogramme {cvv}"),
    ("sentence", "de", None, "Karte: {n}, gültig bis {mm}/{yy}, Prüfnummer {cvv}"),
    ("sentence", "de", "plain", "Kannst du die Bestellung über meine Karte {n} laufen lassen?"),
    ("sentence", "zh", None, "卡号：{n}，有效期 {mm}/{yy}"),
    ("sentence", "zh", "plain", "我的银行卡号{n}，麻烦帮我退款"),
    ("sentence", "ja", None, "カード番号は {n} です。有効期限 {mm}/{yy}"),
    ("sentence", "ja", None, "カード {n} で決済お願いします"),
    ("sentence", "pt", None, "Segue o número do cartão: {n} validade {mm}/{yy}"),
    ("sentence", "it", None, "il numero della carta è {n}, scadenza {mm}/{yy}"),
    ("sentence", "nl", None, "Kaartnummer {n}, vervalt {mm}-{yy}"),
    ("sentence", "pl", None, "Numer karty: {n}, ważna do {mm}/{yy}"),
    ("sentence", "ru", None, "Номер карты {n}, срок {mm}/{yy}"),
    ("sentence", "uk", None, "номер картки {n}, CVV {cvv}"),
    ("sentence", "tr", None, "Kart numaram {n}, son kullanma {mm}/{yy}"),
    ("sentence", "ko", None, "카드번호 {n} 유효기간 {mm}/{yy}"),
    ("sentence", "ar", None, "رقم البطاقة {n} تاريخ الانتهاء {mm}/{yy}"),
    ("sentence", "hi", None, "मेरा कार्ड नंबर {n} है, एक्सपायरी {mm}/{yy}"),
    ("sentence", "vi", None, "Số thẻ của tôi là {n}, hết hạn {mm}/{yy}"),
    ("sentence", "id", None, "nomor kartu saya {n}, berlaku s/d {mm}/{yy}"),
    ("sentence", "th", None, "หมายเลขบัตร {n} หมดอายุ {mm}/{yy}"),
    ("sentence", "sv", None, "kortnummer {n}, giltigt t.o.m. {mm}/{yy}"),
    ("sentence", "da", None, "kortnummeret er {n}, udløb {mm}/{yy}"),
    ("sentence", "he", None, "מספר הכרטיס {n} תוקף {mm}/{yy}"),
    ("sentence", "el", None, "αριθμός κάρτας {n}, λήξη {mm}/{yy}"),
    ("sentence", "cs", None, "číslo karty {n}, platnost {mm}/{yy}"),
    ("sentence", "ro", None, "numărul cardului este {n}, expiră {mm}/{yy}"),
    ("sentence", "hu", None, "a kártyaszám {n}, lejárat {mm}/{yy}"),
    ("sentence", "fi", None, "kortin numero {n}, voimassa {mm}/{yy}"),
    ("csv", "en", None, "```\norder_id,card_number,exp,amount\n{oid},{n},{mm}/{yy},{amt}\n```"),
    ("csv", "de", None, "Export aus dem alten Shop:\nKunde;Kartennummer;Ablauf\n{cid};{n};{mm}/{yy}"),
    ("json", "en", None, "```json\n{\"payment\": {\"card_number\": \"{n}\", \"exp_month\": {mmi}, \"exp_year\": 20{yy}, \"cvc\": \"{cvv}\"}}\n```"),
    ("json", "en", "plain", "webhook body: {\"source\":{\"pan\":\"{n}\",\"expiry\":\"{mm}{yy}\"},\"amount\":{amti}}"),
    ("log", "en", "plain", "2026-03-04T11:02:17Z WARN checkout payment declined pan={n} amount={amt} EUR reason=insufficient_funds"),
    ("form", "en", None, "Cardholder: {holder}\nCard number: {n}\nExpiry: {mm}/{yy}\nCVV: {cvv}"),
    ("markdown_table", "en", None, "| card | exp |\n|---|---|\n| {n} | {mm}/{yy} |"),
    ("code", "en", "plain", "```python\ncharge(card=\"{n}\", exp=\"{mm}/{yy}\", cvc=\"{cvv}\")\n```"),
    ("url", "en", "plain", "the old checkout put it in the URL: https://shop.example/pay?cc={n}&exp={mm}{yy}"),
    ("sms", "en", None, "CARD {n} EXP {mm}{yy}"),
    ("quote", "en", None, "> Card: {n}\n> Exp: {mm}/{yy}\nforwarded from the customer mail, can someone process it?"),
    ("mixed_lang", "en", None, "pls refund to カード {n}, she is traveling"),
    ("sentence", "de", None, "Die Karte endet nicht auf 0815, die ganze Nummer ist {n}"),
    ("brand_paren", "en", None, "{brandlabel} ({n}) expires {mm}/{yy}"),
]
CARD_SPECIAL = [
    ("split_lines", "en"), ("split_lines", "es"), ("two_chunks", "en"), ("two_chunks", "de"), ("two_chunks", "pt"),
    ("phone_readout", "en"), ("phone_readout", "es"), ("phone_readout", "fr"), ("two_cards", "en"),
    ("two_cards", "fr"), ("with_callback_phone", "en"), ("with_callback_phone", "de"),
]
BRAND_LABEL = {"visa": "Visa", "mastercard": "Mastercard", "mastercard_2series": "Mastercard", "amex": "Amex",
               "discover": "Discover", "jcb": "JCB", "unionpay": "UnionPay", "maestro": "Maestro",
               "diners": "Diners Club", "mir": "МИР", "rupay": "RuPay", "elo": "Elo", "hipercard": "Hipercard",
               "troy": "Troy", "dankort": "Dankort", "verve": "Verve", "humo": "Humo", "uzcard": "Uzcard",
               "meeza": "Meeza", "napas": "Napas", "carnet": "Carnet", "bancontact": "Bancontact", "uatp": "UATP"}


def card_vars(brand_name):
    mm, yy = exp()
    return dict(mm=mm, yy=yy, mmi=str(int(mm)), cvv="".join(R.choice(DIG) for _ in range(4 if brand_name == "amex" else 3)),
                holder=R.choice(CARDHOLDERS), oid=str(R.randint(4000000, 4999999)), cid="K-%05d" % R.randint(1, 99999),
                amt="%d.%02d" % (R.randint(5, 900), R.randint(0, 99)), amti=str(R.randint(500, 90000)),
                brandlabel=BRAND_LABEL[brand_name])


def pick_style():
    return R.choice(["spaced"] * 6 + ["dashed"] * 3 + ["plain"] * 3 + ["dotted", "nbsp", "double_space", "irregular"])


def gen_cards(n_records, phone_maker):
    weighted = []
    for b in BRANDS:
        weighted += [b] * b[1]
    assert len(weighted) == 100
    R.shuffle(weighted)
    deck = []
    n_tpl = len(CARD_T) + len(CARD_SPECIAL)
    recs = []
    for i in range(n_records):
        brand = weighted[i]
        bname = brand[0]
        if not deck:
            deck = list(range(n_tpl))
            R.shuffle(deck)
        ti = deck[0]
        if brand[4] and R.random() < 0.75:
            for k, cand in enumerate(deck):
                if cand < len(CARD_T) and CARD_T[cand][1] in brand[4]:
                    ti = cand
                    break
        deck.remove(ti)
        pan = make_pan(brand)
        v = card_vars(bname)
        if ti < len(CARD_T):
            tag, lang, forced, tpl = CARD_T[ti]
            style = forced or pick_style()
            n = fmt_card(pan, bname, style)
            text = fill(tpl, n=n, **v)
            secrets = [("credit_card", n)]
        else:
            tag, lang = CARD_SPECIAL[ti - len(CARD_T)]
            if tag == "split_lines":
                parts = split_groups(pan, card_groups(bname, len(pan)))
                k = len(parts) // 2
                sep = R.choice([" ", "-"])
                n = sep.join(parts[:k]) + "\n" + sep.join(parts[k:])
                style = "split_lines"
                lead = {"en": "card number (it wrapped when I pasted):\n", "es": "nº de tarjeta:\n"}[lang]
                text = lead + n + "\n" + fill({"en": "exp {mm}/{yy}", "es": "caducidad {mm}/{yy}"}[lang], **v)
                secrets = [("credit_card", n)]
            elif tag == "two_chunks":
                parts = split_groups(pan, card_groups(bname, len(pan)))
                k = R.randint(2, len(parts) - 1) if len(parts) >= 4 else R.randint(1, len(parts) - 1)
                c1, c2 = " ".join(parts[:k]), " ".join(parts[k:])
                style = "two_chunks"
                who = {"en": "dana", "de": "jonas.b", "pt": "rafa"}[lang]
                lines = {"en": ["ok here's the card {c1}", "{c2} sorry hit enter too early"],
                         "de": ["Karte ist {c1}", "{c2} ups zu früh abgeschickt"],
                         "pt": ["o cartão é {c1}", "{c2} foi mal, mandei antes"]}[lang]
                text = "%s  10:41\n%s\n%s  10:41\n%s" % (who, fill(lines[0], c1=c1), who, fill(lines[1], c2=c2))
                secrets = [("credit_card", c1), ("credit_card", c2)]
                n = c1 + c2
            elif tag == "phone_readout":
                style = "readout"
                n = fmt_card(pan, bname, "readout")
                tpl = {"en": "Call transcript 14:02\nAgent: Could you read me the long number on the front of the card?\n"
                             "Customer: Sure, it's {n}.\nAgent: And the expiry?\nCustomer: {mm} {yy}.",
                       "es": "Transcripción de la llamada\nAgente: ¿Me dice el número de la tarjeta?\nCliente: Sí, es el {n}.\n"
                             "Agente: ¿Fecha de caducidad?\nCliente: {mm} del {yy}.",
                       "fr": "Transcription de l'appel\nConseiller : vous pouvez me lire le numéro de la carte ?\n"
                             "Client : oui alors {n}\nConseiller : merci, et la date d'expiration ?"}[lang]
                text = fill(tpl, n=n, **v)
                secrets = [("credit_card", n)]
            elif tag == "two_cards":
                style = pick_style()
                n = fmt_card(pan, bname, style)
                b2 = R.choice(BRANDS[:5])
                n2 = fmt_card(make_pan(b2), b2[0], style)
                tpl = {"en": "use the business card {n} for flights and my personal one {n2} for the hotel",
                       "fr": "carte pro : {n}\ncarte perso : {n2}"}[lang]
                text = fill(tpl, n=n, n2=n2)
                secrets = [("credit_card", n), ("credit_card", n2)]
            elif tag == "with_callback_phone":
                style = pick_style()
                n = fmt_card(pan, bname, style)
                ph, pctx = phone_maker({"en": "US", "de": "DE"}[lang])
                tpl = {"en": "Card {n} exp {mm}/{yy}. If it fails call me back on {p}",
                       "de": "Karte {n}, gültig bis {mm}/{yy}. Falls es nicht klappt: {p}"}[lang]
                text = fill(tpl, n=n, p=ph, **v)
                secrets = [("credit_card", n), ("phone_number", ph)]
        ctx = "credit_card:%s:%s:%s:%s" % (bname, style, tag, lang)
        recs.append((text, secrets, ctx))
    return recs


# ----------------------------------------------------------------------------------------------
# phone numbers
# ----------------------------------------------------------------------------------------------
# '#' any digit, 'N' 2-9. A format starting with '+' or '00' is international.
COUNTRIES = [
    ("US", "en", ["(N##) N##-####", "N##-N##-####", "N##.N##.####", "+1 N##-N##-####", "1-N##-N##-####", "+1 (N##) N##-####"]),
    ("CA", "fr", ["(514) N##-####", "+1 438 N## ####", "416-N##-####"]),
    ("MX", "es", ["+52 55 #### ####", "55 #### ####", "+52 1 33 #### ####", "(81) ####-####"]),
    ("BR", "pt", ["(11) 9####-####", "+55 11 9####-####", "+55 (21) 9####-####", "11 9 ####-####"]),
    ("AR", "es", ["+54 9 11 ####-####", "011 15-####-####", "(0351) 15-###-####"]),
    ("CL", "es", ["+56 9 #### ####", "9 #### ####"]),
    ("CO", "es", ["+57 31# ### ####", "31# ### ####", "(601) ### ####"]),
    ("PE", "es", ["+51 9## ### ###", "9## ### ###"]),
    ("VE", "es", ["0412-###.##.##", "+58 412 ### ####", "0414 ### ####"]),
    ("EC", "es", ["+593 9# ### ####", "09# ### ####"]),
    ("UY", "es", ["+598 9# ### ###", "09# ### ###"]),
    ("PY", "es", ["+595 981 ######", "0981 ###-###"]),
    ("BO", "es", ["+591 7#######", "7#######"]),
    ("CR", "es", ["+506 8###-####", "8###-####"]),
    ("PA", "es", ["+507 6###-####", "6###-####"]),
    ("GT", "es", ["+502 5### ####"]),
    ("DO", "es", ["+1 809 N## ####", "(829) N##-####"]),
    ("GB", "en", ["07### ######", "+44 7### ######", "+44 (0)20 N### ####", "020 N### ####", "+44 7### ### ###"]),
    ("IE", "en", ["087 ### ####", "+353 87 ### ####", "(01) ### ####"]),
    ("DE", "de", ["0151 ########", "+49 151 ########", "0171/#######", "+49 (0)30 ########", "030 ########",
                  "0049 176 ########", "+49 89 ####-###"]),
    ("AT", "de", ["+43 664 #######", "0664 ### ####", "01/### ## ##"]),
    ("CH", "de", ["+41 79 ### ## ##", "079 ### ## ##", "044 ### ## ##"]),
    ("FR", "fr", ["06 ## ## ## ##", "+33 6 ## ## ## ##", "07.##.##.##.##", "+33 (0)1 ## ## ## ##", "0033 7 ## ## ## ##"]),
    ("BE", "nl", ["0470 ## ## ##", "+32 470 ## ## ##", "02/### ## ##"]),
    ("NL", "nl", ["06-########", "06 ########", "+31 6 ########", "020-### ####", "+31 (0)6 ## ## ## ##"]),
    ("LU", "fr", ["+352 621 ### ###", "621 ### ###"]),
    ("ES", "es", ["6## ### ###", "+34 6## ## ## ##", "91 ### ## ##", "+34 6########"]),
    ("PT", "pt", ["+351 91# ### ###", "91# ### ###", "21# ### ###"]),
    ("IT", "it", ["+39 3## ### ####", "3## ### ####", "06 #### ####", "+39 02 ########", "3##/#######"]),
    ("GR", "el", ["69# ### ####", "+30 69# ### ####", "210 ### ####"]),
    ("MT", "en", ["+356 79## ####"]),
    ("CY", "el", ["+357 99 ######"]),
    ("DK", "da", ["+45 N# ## ## ##", "N# ## ## ##"]),
    ("SE", "sv", ["07#-### ## ##", "+46 7# ### ## ##", "08-### ### ##"]),
    ("NO", "no", ["+47 9## ## ###", "4## ## ###"]),
    ("FI", "fi", ["040 ### ####", "+358 40 ### ####", "050 ### ####"]),
    ("IS", "is", ["+354 6## ####", "6##-####"]),
    ("EE", "et", ["+372 5### ####", "5### ####"]),
    ("LV", "lv", ["+371 2### ####", "2#######"]),
    ("LT", "lt", ["+370 6## #####", "8 6## #####"]),
    ("PL", "pl", ["+48 5## ### ###", "5## ### ###", "+48 22 ### ## ##", "(22) ### ## ##"]),
    ("CZ", "cs", ["+420 6## ### ###", "7## ### ###"]),
    ("SK", "sk", ["+421 9## ### ###", "09## ### ###"]),
    ("HU", "hu", ["+36 30 ### ####", "06 30 ### ####", "06-20-###-####", "+36 (1) ### ####"]),
    ("RO", "ro", ["07## ### ###", "+40 7## ### ###", "07##.###.###"]),
    ("BG", "bg", ["+359 88 ### ####", "088 ### ####"]),
    ("RS", "sr", ["+381 6# ### ####", "06# ### ####", "06#/###-####"]),
    ("HR", "hr", ["+385 9# ### ####", "09# ### ####"]),
    ("SI", "sl", ["+386 4# ### ###", "04# ### ###"]),
    ("BA", "hr", ["+387 6# ### ###", "06#/###-###"]),
    ("MK", "mk", ["+389 7# ### ###", "07#/###-###"]),
    ("AL", "sq", ["+355 69 ### ####", "069 ### ####"]),
    ("UA", "uk", ["+380 67 ### ## ##", "067 ### ## ##", "(067) ###-##-##", "+38 (050) ###-##-##"]),
    ("RU", "ru", ["+7 9## ###-##-##", "8 (9##) ###-##-##", "8-9##-###-##-##", "+7 (495) ###-##-##"]),
    ("BY", "ru", ["+375 29 ###-##-##", "8 029 ###-##-##"]),
    ("KZ", "kk", ["+7 7## ### ####", "8 7## ### ## ##"]),
    ("GE", "ka", ["+995 5## ## ## ##", "5## ## ## ##"]),
    ("AM", "hy", ["+374 9# ######", "09# ## ## ##"]),
    ("AZ", "az", ["+994 50 ### ## ##", "050 ### ## ##"]),
    ("TR", "tr", ["0 5## ### ## ##", "+90 5## ### ## ##", "05## ### ####", "0 (212) ### ## ##"]),
    ("IL", "he", ["05#-###-####", "+972 5#-###-####", "03-###-####"]),
    ("AE", "ar", ["050 ### ####", "+971 50 ### ####", "+971 4 ### ####"]),
    ("SA", "ar", ["05# ### ####", "+966 5# ### ####"]),
    ("EG", "ar", ["010 #### ####", "+20 10 #### ####", "012########"]),
    ("JO", "ar", ["+962 7 #### ####", "079 ### ####"]),
    ("LB", "ar", ["+961 3 ### ###", "03 ### ###"]),
    ("IQ", "ar", ["+964 7## ### ####", "07## ### ####"]),
    ("QA", "ar", ["+974 55## ####"]),
    ("KW", "ar", ["+965 9### ####"]),
    ("MA", "fr", ["06 ## ## ## ##", "+212 6 ## ## ## ##", "+212 6##-######"]),
    ("DZ", "fr", ["+213 5## ## ## ##", "05## ## ## ##"]),
    ("TN", "fr", ["+216 ## ### ###", "## ### ###"]),
    ("NG", "en", ["080# ### ####", "+234 80# ### ####", "0803-###-####"]),
    ("GH", "en", ["024 ### ####", "+233 24 ### ####"]),
    ("KE", "sw", ["07## ######", "+254 7## ######", "0722 ### ###"]),
    ("TZ", "sw", ["+255 7## ### ###", "07## ### ###"]),
    ("UG", "en", ["+256 7## ######", "07## ######"]),
    ("ET", "am", ["+251 91 ### ####", "091 ### ####"]),
    ("ZA", "af", ["08# ### ####", "+27 8# ### ####", "021 ### ####"]),
    ("SN", "fr", ["+221 77 ### ## ##", "77 ### ## ##"]),
    ("CI", "fr", ["+225 07 ## ## ## ##", "07 ## ## ## ##"]),
    ("CM", "fr", ["+237 6 ## ## ## ##", "6## ## ## ##"]),
    ("IN", "hi", ["+91 9#### #####", "09#### #####", "98### #####", "+91-9#########"]),
    ("PK", "ur", ["03## #######", "+92 3## #######", "0300-#######"]),
    ("BD", "bn", ["01###-######", "+880 1###-######"]),
    ("LK", "si", ["+94 7# ### ####", "07# ### ####"]),
    ("NP", "ne", ["+977 98########", "98########"]),
    ("CN", "zh", ["13# #### ####", "+86 13# #### ####", "(010) ####-####", "+86 10 ####-####", "186-####-####", "139########"]),
    ("HK", "zh-HK", ["+852 9### ####", "6### ####"]),
    ("TW", "zh-TW", ["09##-###-###", "+886 9## ### ###", "(02) ####-####"]),
    ("JP", "ja", ["090-####-####", "+81 90-####-####", "03-####-####", "+81 3 #### ####", "080 #### ####"]),
    ("KR", "ko", ["010-####-####", "+82 10-####-####", "02-###-####", "010 #### ####"]),
    ("MN", "mn", ["+976 99## ####", "99## ####"]),
    ("TH", "th", ["08#-###-####", "+66 8# ### ####", "02-###-####"]),
    ("VN", "vi", ["09# ### ## ##", "+84 9# ### ## ##", "0912.###.###"]),
    ("MY", "ms", ["01#-### ####", "+60 1#-### ####", "012-### ####"]),
    ("SG", "en", ["+65 9### ####", "8### ####"]),
    ("ID", "id", ["0812-####-####", "+62 812-####-####", "(021) ###-####", "0813 #### ####"]),
    ("PH", "tl", ["0917 ### ####", "+63 917 ### ####", "(02) 8###-####"]),
    ("AU", "en", ["04## ### ###", "+61 4## ### ###", "(02) #### ####", "+61 2 #### ####"]),
    ("NZ", "en", ["021 ### ####", "+64 21 ### ####", "(09) ### ####"]),
    ("IR", "fa", ["0912 ### ####", "+98 912 ### ####"]),
]
EXT_FORMATS = {
    "US": ["+1 (N##) N##-#### ext. ###", "N##-N##-#### x####"],
    "GB": ["+44 20 N### #### ext ####"],
    "DE": ["+49 89 ####-###", "0711 #####-##"],
}
SCRIPT_DIGITS = {"fullwidth": 0xFF10, "persian": 0x06F0, "arabic_indic": 0x0660, "bengali": 0x09E6, "devanagari": 0x0966}


def to_script(s, script):
    base = SCRIPT_DIGITS[script]
    out = []
    for ch in s:
        if ch.isdigit() and ch in DIG:
            out.append(chr(base + int(ch)))
        elif script == "fullwidth" and ch == "-":
            out.append("\uFF0D")
        else:
            out.append(ch)
    return "".join(out)


def fill_digits(fmt):
    out = []
    for ch in fmt:
        if ch == "#":
            out.append(R.choice(DIG))
        elif ch == "N":
            out.append(R.choice("23456789"))
        else:
            out.append(ch)
    return "".join(out)


def is_intl(f):
    return f.startswith("+") or f.startswith("00")


def phone_ok(p):
    d = ascii_digits(p)
    if len(set(d)) < 4:
        return False
    if luhn_chains(re.sub(r"[^0-9 \-./]", " ", "".join(str(unicodedata.digit(c)) if c.isdigit() else c for c in p))):
        return False
    return True


def make_phone(fmt):
    while True:
        p = fill_digits(fmt)
        if phone_ok(p):
            return p


def intl_digits(p):
    p = p.replace("(0)", "")
    d = ascii_digits(p)
    if p.startswith("00"):
        d = d[2:]
    return d


PH_LANG = {
    "en": ["{who}'s number is {p}", "call me on {p} if the build breaks again", "{who}: {p}", "text {p} when you're outside",
           "if nobody picks up at the front desk try {who} directly, {p}"],
    "de": ["Handynummer von {who}: {p}", "ruf mich kurz an: {p}", "{who} erreichst du unter {p}", "Tel. {who} {p}"],
    "fr": ["le numéro de {who} : {p}", "appelle-moi au {p}", "tu peux joindre {who} au {p}", "{who} → {p}"],
    "es": ["el teléfono de {who} es {p}", "llámame al {p}", "mi número: {p}", "{who} tel. {p}"],
    "pt": ["o celular de {who} é {p}", "me liga no {p}", "contato {who}: {p}", "telemóvel: {p} ({who})"],
    "it": ["il numero di {who} è {p}", "chiamami al {p}", "cell. {who} {p}"],
    "nl": ["het nummer van {who} is {p}", "bel me even op {p}", "{who}: {p} (na 17u)"],
    "pl": ["numer do {who}: {p}", "zadzwoń do mnie pod {p}", "tel. {p}"],
    "sv": ["{who} nås på {p}", "ring mig på {p}"],
    "da": ["{who}s nummer er {p}", "ring til mig på {p}"],
    "no": ["nummeret til {who} er {p}", "ring meg på {p}"],
    "fi": ["numero: {p} ({who})", "soita minulle numeroon {p}"],
    "is": ["síminn hjá {who} er {p}"],
    "et": ["{who} telefon: {p}", "helista mulle {p}"],
    "lv": ["{who} tālrunis: {p}", "zvani man uz {p}"],
    "lt": ["{who} telefonas: {p}", "paskambink man {p}"],
    "cs": ["číslo na {who}: {p}", "zavolej mi na {p}"],
    "sk": ["číslo na {who} je {p}", "zavolaj mi na {p}"],
    "hu": ["{who} száma: {p}", "hívj a {p} számon"],
    "ro": ["numărul lui {who} este {p}", "sună-mă la {p}"],
    "bg": ["телефонът на {who} е {p}", "обади ми се на {p}"],
    "sr": ["broj od {who}: {p}", "pozovi me na {p}", "телефон за хитне случајеве: {p}"],
    "hr": ["broj od {who} je {p}", "nazovi me na {p}"],
    "sl": ["številka od {who}: {p}", "pokliči me na {p}"],
    "mk": ["бројот на {who} е {p}"],
    "sq": ["numri i {who} është {p}"],
    "uk": ["номер {who}: {p}", "подзвони мені на {p}"],
    "ru": ["телефон {who}: {p}", "звони на {p}", "номер {who} — {p}"],
    "kk": ["{who} нөмірі: {p}"],
    "ka": ["{who}-ის ნომერი: {p}"],
    "hy": ["{who}-ի համարը՝ {p}"],
    "az": ["{who} nömrəsi: {p}"],
    "el": ["το τηλέφωνο του {who} είναι {p}", "πάρε με στο {p}"],
    "tr": ["{who} numarası: {p}", "beni {p} numarasından ara"],
    "he": ["המספר של {who}: {p}", "תתקשר אליי ל-{p}"],
    "ar": ["رقم {who}: {p}", "اتصل بي على {p}"],
    "fa": ["شماره {who}: {p}", "با این شماره تماس بگیر {p}"],
    "ur": ["{who} کا نمبر {p} ہے"],
    "hi": ["{who} का नंबर {p} है", "मुझे {p} पर कॉल करो"],
    "bn": ["{who}-এর নম্বর {p}"],
    "si": ["{who}ගේ අංකය {p}"],
    "ne": ["{who}को नम्बर {p} हो"],
    "zh": ["{who}的电话是 {p}", "有事打我手机 {p}", "{who}：{p}"],
    "zh-TW": ["{who}的電話：{p}"],
    "zh-HK": ["{who}電話 {p}"],
    "ja": ["{who}の携帯は {p} です", "何かあれば {p} まで"],
    "ko": ["{who} 번호 {p}", "급하면 {p}로 전화 주세요"],
    "mn": ["{who}-ийн утас: {p}"],
    "th": ["เบอร์ของ{who} {p}", "โทรหาผมที่ {p}"],
    "vi": ["số của {who} là {p}", "gọi mình theo số {p}"],
    "id": ["nomor {who}: {p}", "hubungi saya di {p}"],
    "ms": ["nombor {who} ialah {p}"],
    "tl": ["ang number ni {who} ay {p}"],
    "sw": ["namba ya {who} ni {p}", "nipigie kwa {p}"],
    "am": ["የ{who} ስልክ ቁጥር {p}"],
    "af": ["{who} se nommer is {p}"],
}
WHO = {
    "en": ["Dave", "the plumber", "our landlord", "Priya (on-call)", "the night nurse", "Mum"],
    "de": ["Frau Berger", "Hausmeister Krause", "Jens", "Dr. Aydın"],
    "fr": ["Sophie", "l'électricien", "la nounou", "Karim"],
    "es": ["Lucía", "Paco (fontanero)", "mi vecino", "Andrés"],
    "pt": ["Juliana", "Rafa", "Inês", "Bruno"],
    "it": ["Giulia", "Enzo (idraulico)", "Marco"],
    "nl": ["Sanne", "de loodgieter", "Joost"],
    "pl": ["Kasi", "hydraulika", "Tomka"],
    "sv": ["Elin", "fastighetsskötaren"],
    "da": ["Mette", "Søren"],
    "no": ["Ingrid", "vaktmesteren"],
    "fi": ["Mikko", "huoltomies"],
    "is": ["Sigga"],
    "et": ["Kadri", "Mardi"],
    "lv": ["Jāņa", "Ilzes"],
    "lt": ["Rūtos", "Tomo"],
    "cs": ["Petru", "instalatéra"],
    "sk": ["Zuzku", "správcu"],
    "hu": ["Eszter", "a gondnok"],
    "ro": ["Andrei", "Mihai"],
    "bg": ["Мария", "Георги"],
    "sr": ["Milice", "Nenada"],
    "hr": ["Ane", "Ivana"],
    "sl": ["Maje", "Luke"],
    "mk": ["Марија"],
    "sq": ["Arbenit"],
    "uk": ["Оксани", "сантехніка"],
    "ru": ["Сергея", "вахтёра", "Лены"],
    "kk": ["Айгүлдің"],
    "ka": ["ნინო"],
    "hy": ["Արամ"],
    "az": ["Elnurun"],
    "el": ["Γιώργου", "υδραυλικού"],
    "tr": ["Ayşe'nin", "tesisatçının"],
    "he": ["נועה", "השרברב"],
    "ar": ["أحمد", "السبّاك"],
    "fa": ["مریم", "لوله‌کش"],
    "ur": ["عمران"],
    "hi": ["राहुल", "प्लंबर"],
    "bn": ["রাহিম"],
    "si": ["නිමල්"],
    "ne": ["सीता"],
    "zh": ["王老师", "房东", "小李"],
    "zh-TW": ["陳小姐"],
    "zh-HK": ["陳生"],
    "ja": ["田中さん", "大家さん"],
    "ko": ["김 과장님", "집주인"],
    "mn": ["Болд"],
    "th": ["พี่นก", "ช่างประปา"],
    "vi": ["chị Lan", "anh thợ điện"],
    "id": ["Pak Budi", "tukang ledeng"],
    "ms": ["Encik Azman"],
    "tl": ["Ate Joy"],
    "sw": ["Amina", "fundi"],
    "am": ["አበበ"],
    "af": ["Pieter"],
}
PH_NEUTRAL = ["bare", "name_colon", "slack_tel", "tel_md", "wa_me", "wa_me_text", "vcard", "signature", "csv", "json"]


def phone_record(country, fmt, tmpl, script=None):
    code, lang, _ = country
    p = make_phone(fmt)
    form = "intl" if is_intl(fmt) else "national"
    if "ext" in fmt or fmt in EXT_FORMATS.get(code, []):
        form = "extension"
    if script:
        p = to_script(p, script)
        form += "+" + script
    who = R.choice(WHO.get(lang, WHO["en"]))
    if tmpl == "lang":
        text = fill(R.choice(PH_LANG[lang]), p=p, who=who)
        secrets = [("phone_number", p)]
    elif tmpl == "bare":
        text = p
        secrets = [("phone_number", p)]
        lang = "none"
    elif tmpl == "name_colon":
        text = "%s\n%s" % (who, p)
        secrets = [("phone_number", p)]
    elif tmpl == "slack_tel":
        tel = "+" + intl_digits(p)
        k = R.randint(0, 1)
        text = fill(["on-call this week: <tel:{t}|{p}>", "{who} <tel:{t}|{p}>"][k], t=tel, p=p, who=who)
        lang = "en" if k == 0 else lang
        secrets = [("phone_number", tel), ("phone_number", p)]
    elif tmpl == "tel_md":
        tel = "+" + intl_digits(p)
        text = fill("[%s](tel:{t})" % R.choice(["call the site manager", "Notfall-Handy", "appeler", "☎"]), t=tel)
        secrets = [("phone_number", tel)]
        lang = "none"
    elif tmpl == "wa_me":
        d = intl_digits(p)
        k = R.randint(0, 2)
        text = fill(["ping me on whatsapp https://wa.me/{d}", "WhatsApp: wa.me/{d}", "schreib mir: https://wa.me/{d}"][k], d=d)
        lang = ["en", "none", "de"][k]
        secrets = [("phone_number", d)]
    elif tmpl == "wa_me_text":
        d = intl_digits(p)
        text = "https://api.whatsapp.com/send?phone=%s&text=Hola" % d
        secrets = [("phone_number", d)]
        lang = "none"
    elif tmpl == "vcard":
        text = "BEGIN:VCARD\nVERSION:3.0\nFN:%s\nTEL;TYPE=CELL:%s\nEND:VCARD" % (who, p)
        secrets = [("phone_number", p)]
        lang = "none"
    elif tmpl == "signature":
        text = "thanks!\n--\n%s\n%s\nM %s" % (who, R.choice(["Site Lead", "Einkauf", "Responsable RH", "Operations"]), p)
        lang = "en"
        secrets = [("phone_number", p)]
    elif tmpl == "csv":
        text = "```\nname,role,phone\n%s,%s,%s\n```" % (who, R.choice(["driver", "backup", "vendor"]), p)
        lang = "none"
        secrets = [("phone_number", p)]
    elif tmpl == "json":
        text = json.dumps({"contact": who, "phone": p}, ensure_ascii=False)
        lang = "none"
        secrets = [("phone_number", p)]
    else:
        raise ValueError(tmpl)
    if form.startswith("extension") and tmpl in ("wa_me", "wa_me_text", "slack_tel", "tel_md"):
        raise ValueError("ext in link")
    ctx = "phone_number:%s:%s:%s:%s" % (code, form, tmpl, lang)
    return text, secrets, ctx


def gen_phones(n_records):
    recs = []
    order = list(COUNTRIES)
    R.shuffle(order)
    by_code = {c[0]: c for c in COUNTRIES}
    plan = []  # (country, fmt, tmpl, script)
    specials = [("JP", "fullwidth"), ("IR", "persian"), ("EG", "arabic_indic"), ("BD", "bengali"), ("IN", "devanagari")]
    special_codes = [s[0] for s in specials]
    neutral_deck = []
    n_ext = sum(len(v) for v in EXT_FORMATS.values())
    for idx, c in enumerate(order[:n_records - len(specials) - n_ext]):
        fmts = c[2]
        fmt = fmts[idx % len(fmts)]
        if c[0] in special_codes:
            plan.append((c, fmt, "lang", None))
            continue
        if idx % 3 == 2:
            if not neutral_deck:
                neutral_deck = list(PH_NEUTRAL)
                R.shuffle(neutral_deck)
            t = neutral_deck.pop()
            if t in ("slack_tel", "tel_md", "wa_me", "wa_me_text"):
                fmt = [f for f in fmts if is_intl(f)][0]
            plan.append((c, fmt, t, None))
        else:
            plan.append((c, fmt, "lang", None))
    for code, script in specials:
        c = by_code[code]
        plan.append((c, R.choice([f for f in c[2] if not is_intl(f)]), "lang", script))
    for code, fmts in EXT_FORMATS.items():
        for f in fmts:
            plan.append((by_code[code], f, R.choice(["lang", "signature", "name_colon"]), None))
    extra = ["US", "GB", "DE", "FR", "IN", "BR", "CN", "JP", "NL", "ES", "IT", "MX", "RU", "KR", "TR", "PL", "AU", "NG",
             "ZA", "EG", "SA", "IL", "ID", "PH", "VN", "TH", "CH", "AT", "SE", "UA", "AR", "CO", "KE", "PK", "CA", "BE"]
    i = 0
    while len(plan) < n_records:
        c = by_code[extra[i % len(extra)]]
        used = [p[1] for p in plan if p[0][0] == c[0]]
        cand = [f for f in c[2] if f not in used] or c[2]
        fmt = cand[0]
        t = R.choice(["lang", "lang", "lang"] + PH_NEUTRAL)
        if t in ("slack_tel", "tel_md", "wa_me", "wa_me_text"):
            fmt = [f for f in c[2] if is_intl(f)][-1]
        plan.append((c, fmt, t, None))
        i += 1
    plan = plan[:n_records]
    for c, fmt, t, script in plan:
        recs.append(phone_record(c, fmt, t, script))
    return recs


def phone_maker(code):
    c = [x for x in COUNTRIES if x[0] == code][0]
    p = make_phone(R.choice(c[2]))
    return p, code


# ----------------------------------------------------------------------------------------------
# passwords
# ----------------------------------------------------------------------------------------------
WORDS = ["otter", "lantern", "gravel", "maple", "Kaffee", "Sonne", "brume", "lapin", "nube", "gato", "saudade", "fiume",
         "vlinder", "kwiat", "sisu", "hygge", "ryba", "tigris", "kamen", "yuki", "sakura", "haneul", "bintang", "jua",
         "koira", "mleko", "falke", "tormenta", "cigogne", "pomelo", "walrus", "quokka", "zitrone", "nebbia", "kiwi",
         "granit", "oktopus", "mango", "paprika", "velvet", "copper", "harbor", "cactus", "sprocket", "bamboo", "fjord",
         "tundra", "papaya", "biscuit", "pinguin", "Drache", "mariposa", "castor", "eclair", "wombat", "lemur"]
NUMWORDS = ["seventeen", "forty", "nine", "zwölf", "trente", "ocho", "dodici", "seven"]
SYMS = "!@#$%&*?-_+=~^"
LEET = {"a": ["4", "@"], "e": ["3"], "i": ["1", "!"], "o": ["0"], "s": ["5", "$"], "t": ["7"], "l": ["1"], "g": ["9"]}
SSIDS = ["CafeLuna_Guest", "Hotel-Miramar-FREE", "BIBLIO_PUBLIC", "FRITZ!Box 7590 KQ", "Praxis-Wartezimmer",
         "TP-Link_5G_3A7C", "Coworking-Lobby", "Pension Alpenblick"]


def pw_random(n=None):
    n = n or R.randint(10, 16)
    while True:
        s = "".join(R.choice("ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789" + SYMS) for _ in range(n))
        if (any(c.islower() for c in s) and any(c.isupper() for c in s) and any(c.isdigit() for c in s)
                and any(c in SYMS for c in s) and s[-1] not in "-_=~^" and s[0] not in "-_=~^"):
            return s


def pw_word():
    w = R.choice(WORDS)
    w = w[0].upper() + w[1:]
    return w + R.choice(["", R.choice(WORDS).capitalize()]) + str(R.randint(10, 2031)) + R.choice("!#$%&*?")


def pw_leet():
    w = R.choice(WORDS) + R.choice(WORDS)
    out = []
    for ch in w:
        lo = ch.lower()
        if lo in LEET and R.random() < 0.7:
            out.append(R.choice(LEET[lo]))
        elif R.random() < 0.25:
            out.append(ch.upper())
        else:
            out.append(ch)
    s = "".join(out)
    return s + R.choice(["", "!", "#", "%d" % R.randint(1, 99)])


def pw_phrase(sep):
    ws = [R.choice(WORDS).lower() for _ in range(R.randint(3, 5))]
    if R.random() < 0.4:
        ws.append(R.choice(NUMWORDS))
    return sep.join(ws)


def pw_pin(n=None):
    while True:
        s = "".join(R.choice(DIG) for _ in range(n or R.choice([4, 4, 5, 6, 6, 8])))
        if len(set(s)) >= 3:
            return s


def pw_spaces():
    return R.choice([
        lambda: "%s %s %s %d" % (R.choice(["my", "our", "the"]), R.choice(WORDS), R.choice(WORDS), R.randint(1, 99)),
        lambda: "%s %s!" % (R.choice(WORDS).capitalize(), R.choice(WORDS)),
        lambda: "%s %s %s" % (R.choice(WORDS), R.choice(["und", "et", "y", "and"]), R.choice(WORDS)),
    ])()


def pw_wifi():
    return R.choice([lambda: pw_word(), lambda: pw_phrase(""), lambda: "".join(R.choice("0123456789ABCDEF") for _ in range(26)),
                     lambda: pw_random(R.randint(12, 20)), lambda: "%s%d" % (R.choice(WORDS), R.randint(1000, 9999))])()


def pw_any():
    return R.choice([pw_random, pw_word, pw_leet, lambda: pw_phrase("-"), pw_word])()


def pw_nospecial_quote():
    while True:
        s = pw_any()
        if "'" not in s and '"' not in s and " " not in s and "," not in s and ":" not in s:
            return s


PW_LANG = {
    "en": ["the password for the staging box is {w}", "pw is {w} — delete this after you copy it"],
    "de": ["Das Passwort ist {w}", "Kennwort für den Drucker-Admin: {w}"],
    "fr": ["le mot de passe c'est {w}", "mdp : {w}"],
    "es": ["la contraseña es {w}", "contraseña del router: {w}"],
    "pt": ["a senha é {w}", "senha do wi-fi: {w}"],
    "it": ["la password è {w}", "pwd del gestionale: {w}"],
    "nl": ["het wachtwoord is {w}"],
    "pl": ["hasło to {w}"],
    "sv": ["lösenordet är {w}"],
    "da": ["adgangskoden er {w}"],
    "no": ["passordet er {w}"],
    "fi": ["salasana on {w}"],
    "cs": ["heslo je {w}"],
    "sk": ["heslo na wifinu je {w}"],
    "hu": ["a jelszó: {w}"],
    "ro": ["parola este {w}"],
    "bg": ["паролата е {w}"],
    "sr": ["lozinka je {w}"],
    "hr": ["zaporka je {w}"],
    "sl": ["geslo je {w}"],
    "uk": ["пароль від пошти {w}"],
    "ru": ["пароль — {w}", "пароль от админки: {w}"],
    "el": ["ο κωδικός είναι {w}"],
    "tr": ["şifre {w}", "şifresi: {w}"],
    "he": ["הסיסמה היא {w}"],
    "ar": ["كلمة المرور هي {w}"],
    "fa": ["رمز عبور: {w}"],
    "hi": ["पासवर्ड है {w}"],
    "bn": ["পাসওয়ার্ড হলো {w}"],
    "ur": ["پاس ورڈ {w} ہے"],
    "zh": ["密码是 {w}", "服务器密码：{w}"],
    "zh-TW": ["密碼：{w}"],
    "ja": ["パスワードは {w} です", "初期パスワード：{w}"],
    "ko": ["비밀번호는 {w} 입니다"],
    "th": ["รหัสผ่านคือ {w}"],
    "vi": ["mật khẩu là {w}"],
    "id": ["kata sandinya {w}"],
    "ms": ["kata laluan: {w}"],
    "tl": ["ang password ay {w}"],
    "sw": ["nenosiri ni {w}"],
    "is": ["lykilorðið er {w}"],
    "et": ["parool on {w}"],
    "lv": ["parole ir {w}"],
    "lt": ["slaptažodis yra {w}"],
    "ka": ["პაროლი არის {w}"],
    "hy": ["գաղտնաբառը՝ {w}"],
    "ca": ["la contrasenya és {w}"],
    "eu": ["pasahitza: {w}"],
    "gl": ["o contrasinal é {w}"],
    "af": ["die wagwoord is {w}"],
    "az": ["şifrə: {w}"],
    "kk": ["құпиясөз: {w}"],
    "sq": ["fjalëkalimi është {w}"],
    "mk": ["лозинката е {w}"],
}
PIN_T = [
    ("door", "en", "door code for the side entrance is {w}, then press the key symbol"),
    ("safe", "en", "the safe PIN is {w} — it's in the back office"),
    ("door", "de", "Türcode: {w}, danach die Schlüsseltaste"),
    ("safe", "de", "Tresor-PIN ist {w}"),
    ("lockbox", "de", "Schlüsselbox am Eingang, Code {w}"),
    ("door", "fr", "digicode de l'immeuble : {w}"),
    ("safe", "fr", "code du coffre : {w}"),
    ("door", "es", "el código de la puerta es {w}"),
    ("door", "it", "il codice del portone è {w}"),
    ("safe", "nl", "pincode van de kluis: {w}"),
    ("safe", "pl", "kod do sejfu: {w}"),
    ("safe", "ja", "金庫の暗証番号は {w} です"),
    ("safe", "zh", "保险箱密码 {w}"),
    ("door", "ko", "현관 비밀번호 {w}"),
    ("door", "sv", "portkoden är {w}"),
    ("gate", "pt", "código do portão: {w}"),
    ("safe", "tr", "kasanın şifresi {w}"),
    ("door", "ru", "код от домофона {w}"),
    ("alarm", "en", "alarm code {w} — you have 30 seconds after opening the door"),
    ("phone_pin", "de", "PIN für das Diensthandy: {w}"),
]
QA_T = [
    ("en", "{a}: what's the password for the conference-room laptop?\n{b}: sec, checking\n{b}: {w}"),
    ("de", "{a}: wie war nochmal das WLAN-Passwort?\n{b}: moment\n{b}: {w}"),
    ("fr", "{a}: c'est quoi le mdp du NAS déjà ?\n{b}: attends je regarde\n{b}: {w}"),
    ("es", "{a}: ¿cuál era la clave del wifi de la oficina?\n{b}: ahora te digo\n{b}: {w}"),
    ("ja", "{a}: 共有PCのパスワードって何でしたっけ？\n{b}: ちょっと待ってください\n{b}: {w}"),
    ("pt", "{a}: qual a senha do roteador?\n{b}: peraí\n{b}: {w}"),
    ("nl", "{a}: wat was het wachtwoord van de printer?\n{b}: even kijken\n{b}: {w}"),
    ("en", "{a}: anyone know the vpn pw for the test tenant?\n{b}: yes\n{b}: {w}\n{a}: thx"),
]
POSTER_T = [
    ("en", "Transcribed from the photo of the poster by the coffee machine:\n\nWELCOME GUESTS\nNetwork: {ssid}\nPassword: {w}\nPlease ask staff if you need help"),
    ("de", "(Text vom Foto des Aushangs)\nGäste-WLAN\nName: {ssid}\nKennwort: {w}\nViel Spaß!"),
    ("fr", "transcription de la photo de l'affiche :\nWi-Fi gratuit\nRéseau : {ssid}\nMot de passe : {w}"),
    ("ja", "ポスターの写真から書き起こし：\nFree Wi-Fi\nSSID: {ssid}\nPASS: {w}"),
    ("es", "lo que pone en el cartel de la foto:\nWIFI {ssid}\nCLAVE: {w}"),
]
QUOTED_T = [
    ("en", 'the passphrase is "{w}" (with the spaces)'),
    ("de", "Passwort (mit Leerzeichen): „{w}“"),
    ("fr", "le mot de passe, espaces compris : « {w} »"),
    ("ja", "パスワードは「{w}」です（スペース込み）"),
    ("en", "password: '{w}' — yes, spaces and all"),
    ("es", "la clave es \"{w}\", con espacios"),
]
CONFIG_T = [
    ("dotenv", "```\nDB_HOST=10.0.4.12\nDB_USER=app\nDB_PASSWORD={w}\n```"),
    ("yaml", "```yaml\ndatabase:\n  user: reporting\n  password: \"{w}\"\n```"),
    ("ini", "```ini\n[smtp]\nhost = mail.internal\nuser = alerts\npass = {w}\n```"),
    ("json", "```json\n{\"username\": \"svc-backup\", \"password\": \"{w}\"}\n```"),
    ("xml", "<connection>\n  <user>etl</user>\n  <password>{w}</password>\n</connection>"),
    ("properties", "spring.datasource.username=orders\nspring.datasource.password={w}"),
    ("compose", "```yaml\nservices:\n  db:\n    image: mysql:8\n    environment:\n      MYSQL_ROOT_PASSWORD: {w}\n```"),
    ("wpa_supplicant", "network={\n    ssid=\"{ssid}\"\n    psk=\"{w}\"\n}"),
    ("netrc", "machine ftp.internal login deploy password {w}"),
    ("pgpass", "db.internal:5432:billing:report:{w}"),
    ("k8s_secret", "```yaml\napiVersion: v1\nkind: Secret\nmetadata:\n  name: smtp\nstringData:\n  password: {w}\n```"),
    ("ansible", "ansible_user: ops\nansible_become_password: {w}"),
    ("smb_credentials", "/etc/samba/creds.scan:\nusername=scan\npassword={w}\ndomain=OFFICE"),
    ("tfvars", "admin_login    = \"sqladmin\"\nadmin_password = \"{w}\""),
    ("powershell", "$pw = ConvertTo-SecureString \"{w}\" -AsPlainText -Force"),
    ("python", "conn = psycopg2.connect(host=\"db\", user=\"etl\", password=\"{w}\")"),
]
CLI_T = [
    ("mysql", "mysql -u root -p'{w}' -h 10.0.3.7 shop"),
    ("sshpass", "sshpass -p '{w}' ssh admin@10.0.0.5"),
    ("curl", "curl -u deploy:{w} https://ci.internal/api/jobs"),
    ("docker_login", "docker login registry.internal -u ci -p {w}"),
    ("pgpassword", "PGPASSWORD={w} psql -h db -U app -c 'select 1'"),
    ("redis", "redis-cli -h cache.internal -a {w} ping"),
    ("openssl", "openssl pkcs12 -export -in cert.pem -inkey key.pem -out bundle.p12 -passout pass:{w}"),
    ("7z", "7z a backup.7z ./data -p{w}"),
    ("zip", "zip -P {w} export.zip report.csv"),
    ("net_user", "net user svc_print {w} /add"),
    ("keytool", "keytool -importkeystore -srckeystore old.jks -srcstorepass {w} -destkeystore new.p12"),
    ("sudo_echo", "echo '{w}' | sudo -S systemctl restart nginx"),
    ("ldapsearch", "ldapsearch -x -D cn=admin,dc=corp,dc=local -w {w} -b dc=corp,dc=local"),
    ("mount_cifs", "mount -t cifs //nas/share /mnt/share -o username=scan,password={w}"),
    ("htpasswd", "htpasswd -b /etc/nginx/.htpasswd editor {w}"),
]
TWO_PW_T = [
    ("en", "old: {w}\nnew: {w2}\n(rotated the kiosk account this morning)"),
    ("de", "User-PW: {w}, Admin-PW: {w2}"),
    ("es", "contraseña antigua {w} → nueva {w2}"),
    ("fr", "compte invité : {w} / compte admin : {w2}"),
]


def gen_passwords(n_records):
    recs = []
    plan = []
    langs = list(PW_LANG.keys())
    drop = ["gl", "eu", "mk", "sq", "az", "kk", "af", "ca", "sl", "lv", "is", "ms"]  # still covered? see README
    for lg in langs:  # every remaining language once in plain chat
        if lg not in drop:
            plan.append(("chat", lg, R.choice(PW_LANG[lg])))
    for t in PIN_T[:12]:
        plan.append(("pin_" + t[0], t[1], t[2]))
    for t in QA_T[:6]:
        plan.append(("answer_later", t[0], t[1]))
    for t in POSTER_T[:4]:
        plan.append(("wifi_poster", t[0], t[1]))
    for t in QUOTED_T[:5]:
        plan.append(("quoted_spaces", t[0], t[1]))
    for t in CONFIG_T[:12]:
        plan.append(("config_" + t[0], "none", t[1]))
    for t in CLI_T[:12]:
        plan.append(("cli_" + t[0], "none", t[1]))
    for t in TWO_PW_T:
        plan.append(("two_passwords", t[0], t[1]))
    for lg in drop[:3]:
        plan.append(("chat", lg, R.choice(PW_LANG[lg])))
    assert len(plan) == n_records, len(plan)
    styles_cycle = ["random", "word", "leet", "phrase", "random", "word"]
    for i, (tag, lang, tpl) in enumerate(plan):
        v = dict(ssid=R.choice(SSIDS), a=R.choice(["mika", "lou", "sandra.k", "tobi", "ines"]),
                 b=R.choice(["pete", "ayumi", "rafa", "jo", "kemal"]))
        secrets = []
        style = None
        if tag.startswith("pin_"):
            w = pw_pin()
            style = "pin"
            if tag == "pin_door" and R.random() < 0.3:
                w = "%02d-%02d-%02d" % (R.randint(0, 39), R.randint(0, 39), R.randint(0, 39))
                style = "combination"
        elif tag == "quoted_spaces":
            w = pw_spaces()
            style = "spaces"
        elif tag == "wifi_poster":
            w = pw_wifi()
            style = "wifi_key"
        elif tag.startswith("cli_") or tag.startswith("config_"):
            w = pw_nospecial_quote()
            if tag in ("cli_sudo_echo", "cli_mysql", "cli_sshpass"):
                pass
            elif tag.startswith("cli_"):
                while any(c in w for c in "$&*?!~^#%"):
                    w = pw_nospecial_quote()
            elif tag in ("config_dotenv", "config_properties", "config_netrc", "config_pgpass", "config_ansible",
                         "config_smb_credentials", "config_ini", "config_k8s_secret", "config_compose"):
                while any(c in w for c in "#$%&*?!~^"):
                    w = pw_nospecial_quote()
            style = "config_value"
        else:
            st = styles_cycle[i % len(styles_cycle)]
            w = {"random": pw_random, "word": pw_word, "leet": pw_leet, "phrase": lambda: pw_phrase(R.choice("-._"))}[st]()
            style = st
        if tag == "two_passwords":
            w2 = pw_any()
            text = fill(tpl, w=w, w2=w2, **v)
            secrets = [("password", w), ("password", w2)]
        else:
            text = fill(tpl, w=w, **v)
            secrets = [("password", w)]
        ctx = "password:%s:%s:%s" % (style, tag, lang)
        recs.append((text, secrets, ctx))
    return recs


# ----------------------------------------------------------------------------------------------
# negatives
# ----------------------------------------------------------------------------------------------
def digits(n, first_nonzero=True):
    s = "".join(R.choice(DIG) for _ in range(n))
    if first_nonzero and s[0] == "0":
        s = R.choice("123456789") + s[1:]
    return s


def luhn_invalid(n):
    while True:
        s = digits(n)
        if not luhn_ok(s):
            return s


def g4(s, sep=" "):
    return sep.join(s[i:i + 4] for i in range(0, len(s), 4))


def neg_order_id():
    oid = digits(R.choice([9, 10, 11, 12]))
    return R.choice([
        "Order #{o} shipped today, ETA Thursday",
        "Bestellung {o} ist storniert, Gutschrift folgt",
        "commande n° {o} : colis remis au transporteur",
        "pedido {o} pendiente de pago",
        "注文番号 {o} の発送が完了しました",
        "订单号 {o} 已退款",
        "can someone check order {o}? the status page says 'processing' since Monday",
        "Amazon order {a}-{b}-{c} arrived damaged",
    ]).replace("{o}", oid).replace("{a}", digits(3)).replace("{b}", digits(7, False)).replace("{c}", digits(7, False))


def neg_tracking():
    az = "ABCDEFGHJKLMNPRSTUVWXYZ0123456789"
    ups = "1Z" + "".join(R.choice(az) for _ in range(6)) + digits(10, False)
    return R.choice([
        "UPS tracking {u} — out for delivery",
        "DHL Sendungsnummer {d}, Zustellung morgen",
        "FedEx {f} is stuck in Memphis again",
        "Royal Mail ref {rm} signed for at 09:14",
        "USPS {us} shows 'label created' only",
        "La Poste : suivi {lp}",
        "SF Express 运单号 SF{sf}",
        "ヤマト運輸 お問い合わせ伝票番号 {ya}",
    ]).replace("{u}", ups).replace("{d}", digits(10)).replace("{f}", digits(12)).replace(
        "{rm}", "%s%s%sGB" % (R.choice(["RR", "AB", "LX", "CP"]), digits(8, False), R.choice(DIG))).replace(
        "{us}", "9400 1" + " ".join(digits(4, False) for _ in range(4)) + " " + digits(2, False)).replace(
        "{lp}", "6A" + digits(11)).replace("{sf}", digits(12)).replace("{ya}", "-".join(digits(4) for _ in range(3)))


def neg_imei():
    tac = R.choice(["35209900", "86891503", "35332211", "01326300", "35875708"])
    sv = luhn_invalid_with_prefix(tac, 16)
    noc = tac + digits(6, False)
    return R.choice([
        "test device #{k} IMEISV {sv} (lab rack B, wiped)",
        "Testgerät {k}: IMEISV {sv}, Android 14 QPR2, kein SIM",
        "emulator reports IMEI without check digit: {noc}",
        "lab phones:\n- Pixel 8 IMEISV {sv}\n- Galaxy A54 IMEISV {sv2}",
        "dial *#06# on the test handset to show the IMEI, it should start with TAC {tac}",
    ]).replace("{k}", str(R.randint(1, 40))).replace("{sv}", sv).replace("{sv2}", luhn_invalid_with_prefix(tac, 16)).replace(
        "{noc}", noc).replace("{tac}", tac)


def luhn_invalid_with_prefix(p, n):
    while True:
        s = p + digits(n - len(p), False)
        if not luhn_ok(s):
            return s


def isbn13():
    body = "978" + R.choice(["3", "0", "2", "84", "88", "4"]) + digits(12 - 3 - 1, False)
    body = body[:12]
    s = sum(int(c) * (1 if i % 2 == 0 else 3) for i, c in enumerate(body))
    return body + str((10 - s % 10) % 10)


def neg_isbn():
    i = isbn13()
    hy = "%s-%s-%s-%s-%s" % (i[:3], i[3], i[4:7], i[7:12], i[12])
    return R.choice([
        "ISBN {hy} — the second edition, not the first",
        "Buch bestellt: ISBN {hy}",
        "réf. ISBN {i} pour la bibliothèque",
        "EAN on the box: {i}",
        "ISBN-13 {hy} / paperback",
    ]).replace("{hy}", hy).replace("{i}", i)


def neg_invoice():
    return R.choice([
        "invoice INV-{y}-{n5} is overdue by 12 days",
        "Rechnungsnr. {y}/{n4}, Zahlungsziel 30 Tage",
        "facture FA{y}{n6} réglée",
        "factura F-{n6} emitida el 03/04/{y}",
        "PO {n8} approved, credit note CN-{n5} attached",
        "nota fiscal nº {n6} série 1",
        "請求書番号 {y}-{n5} を再発行しました",
    ]).replace("{y}", str(R.randint(2023, 2026))).replace("{n4}", digits(4, False)).replace("{n5}", digits(5, False)).replace(
        "{n6}", digits(6, False)).replace("{n8}", digits(8))


def neg_datetime():
    y, mo, d, h, mi = R.randint(2024, 2027), R.randint(1, 12), R.randint(1, 28), R.randint(0, 23), R.randint(0, 59)
    return R.choice([
        "meeting moved to {d:02}.{mo:02}.{y} {h:02}:{mi:02}",
        "deploy window {y}-{mo:02}-{d:02}T{h:02}:{mi:02}:00+02:00 to {y}-{mo:02}-{d:02}T{h2:02}:{mi:02}:00+02:00",
        "{mo:02}/{d:02}/{y} {h12}:{mi:02} PM — outage started",
        "{y}年{mo}月{d}日 {h}時{mi}分 から定期メンテナンス",
        "reunião dia {d:02}/{mo:02} às {h}h{mi:02}",
        "cron: {mi} {h} * * 1-5 (weekdays)",
        "uptime 14 days, 03:12:45",
        "RTO 00:15:00 / RPO 00:05:00",
    ]).format(y=y, mo=mo, d=d, h=h, mi=mi, h2=(h + 2) % 24, h12=(h % 12) or 12)


def neg_version():
    a, b, c = R.randint(0, 30), R.randint(0, 40), R.randint(0, 200)
    return R.choice([
        "bumped to v{a}.{b}.{c}, changelog in the PR",
        "Windows 10.0.19045.{c4} on the kiosk",
        "Chrome {ch}.0.{c4}.{c} fixes it",
        "build {y}{mo:02}{d:02}.{c} is green",
        "firmware {a}.{b}.{c}-rc2 bricked one test unit",
        "package-lock pins 4.{b}.{c}; upgrade to 5.0.0 later",
        "iOS 17.{b2}.{c2} (21E{c3})",
    ]).format(a=a, b=b, c=c, c4=R.randint(1000, 6999), ch=R.randint(100, 130), y=R.randint(2024, 2026),
              mo=R.randint(1, 12), d=R.randint(1, 28), b2=R.randint(0, 6), c2=R.randint(0, 3), c3=R.randint(100, 299))


def neg_masked_card():
    l4 = digits(4, False)
    return R.choice([
        "charged to Visa •••• {l4}",
        "card ending in {l4} was declined (do_not_honor)",
        "**** **** **** {l4} expires soon, please update billing",
        "XXXX-XXXX-XXXX-{l4}",
        "Mastercard ****{l4} · 49,90 €",
        "tarjeta terminada en {l4}",
        "carte se terminant par {l4}",
        "Karte mit Endziffern {l4} wurde gesperrt",
        "pan_masked=411111******{l4}",
        "末尾{l4}のカードで支払い済み",
        "Amex ***** {l4} – refund issued",
        "BIN {bin}, last4 {l4}",
    ]).replace("{l4}", l4).replace("{bin}", R.choice(["424242", "510510", "371449", "601100"]))


def neg_placeholder_pw():
    return R.choice([
        "```\nDB_PASSWORD=<password>\n```",
        "password: ${DB_PASSWORD}",
        "```yaml\npassword: {{ .Values.db.password }}\n```",
        "```yaml\nenv:\n  - name: PGPASSWORD\n    valueFrom:\n      secretKeyRef:\n        name: pg\n        key: password\n```",
        "mysql -u root -p   # it will prompt for the password",
        "echo \"$REGISTRY_TOKEN\" | docker login ghcr.io --password-stdin",
        "password: ********",
        "SMTP_PASS=  # set in vault, not here",
        "\"password\": \"YOUR_PASSWORD_HERE\"",
        "spring.datasource.password=${SPRING_DATASOURCE_PASSWORD}",
        "Passwort: [entfernt]",
        "mot de passe : ●●●●●●●●",
        "psk=<your wifi key>",
        "ansible_become_password: \"{{ vault_become_pass }}\"",
        "Enter password: \nAccess denied for user (using password: YES)",
    ])


TALK_PW = [
    "I reset my password again, the SSO page keeps logging me out",
    "passwords must be at least 14 characters now, no more expiry every 90 days",
    "don't paste passwords here, use the vault share link",
    "Passwort vergessen? Der Link zum Zurücksetzen kommt per Mail",
    "la contraseña debe tener 12 caracteres como mínimo",
    "le mot de passe a été changé hier soir, demande-le à l'équipe infra",
    "a senha expirou, o portal pede para trocar",
    "パスワードは後でDMします",
    "密码已经重置，请查收短信",
    "비밀번호를 잊어버렸어요",
    "пароль сменили, спроси у админов",
    "het wachtwoord staat in 1Password onder 'Kantoor'",
    "hasło wygasło, trzeba ustawić nowe",
    "şifremi unuttum, sıfırlama linki gelmedi",
    "the wifi password is on the whiteboard in room 3",
    "what's the password policy for service accounts?",
    "il wifi non ha password, basta accettare i termini",
    "kata sandi akan dikirim lewat telepon, bukan chat",
    "mật khẩu đã được đổi, hỏi IT nhé",
    "ask me for the password in person, not on Slack",
    "Kennwort läuft in 3 Tagen ab",
    "the password field is optional when SSO is enabled",
    "password: see 1Password item 'staging db'",
    "salasana vaihdettu, kysy Tiimiltä",
]


def neg_talk_pw():
    return R.choice(TALK_PW)


def neg_phone_mask():
    return R.choice([
        "input mask for the form: +1 (XXX) XXX-XXXX",
        "Format: +49 (0) XXX XXXXXXX",
        "placeholder=\"06 XX XX XX XX\"",
        "phone must match ^\\+?[1-9]\\d{1,14}$ (E.164)",
        "Telefon: ____ / ________",
        "電話番号の形式: 0X0-XXXX-XXXX",
        "número: (__) _____-____",
        "tel: +CC NNN NNN NNNN",
        "phone_number column is NULL for all rows after the migration",
        "+7 (___) ___-__-__",
    ])


def neg_luhn_invalid_id():
    n = R.choice([13, 14, 15, 16, 16, 16, 17, 18, 19])
    s = luhn_invalid(n)
    return R.choice([
        "reference {g}",
        "Vorgangsnummer {p}",
        "referencia del pago {g}",
        "correlation id {p}",
        "Zahlungsreferenz {d}",
        "batch {g} reprocessed",
        "account id {p}",
        "numéro de dossier {g}",
    ]).replace("{g}", g4(s)).replace("{p}", s).replace("{d}", g4(s, "-"))


def neg_short_code():
    return R.choice([
        "text JOIN to 72345 for shift alerts",
        "für den ärztlichen Bereitschaftsdienst die 116 117 wählen",
        "in an emergency call 112",
        "dial *#06# to show the IMEI",
        "USSD *100# shows the prepaid balance",
        "SMS STOP au 36179 pour se désabonner",
        "call 311 for non-emergency city services",
        "envie SAIR para 28888",
        "Notruf 110 / Feuerwehr 112",
        "marque 190 em caso de emergência",
        "押 *123# 查询余额",
        "短縮ダイヤル 110 番",
    ])


def neg_meeting_id():
    mid = "%s %s %s" % (digits(3), digits(4, False), digits(4, False))
    return R.choice([
        "Zoom meeting ID: {m} (no passcode, waiting room on)",
        "Besprechungs-ID {m}",
        "Teams conference ID {c}#",
        "Webex meeting number {w}",
    ]).replace("{m}", mid).replace("{c}", "%s %s %s" % (digits(3), digits(3, False), digits(3, False))).replace(
        "{w}", "%s %s %s" % (digits(4), digits(3, False), digits(4, False)))


def neg_money():
    return R.choice([
        "Q3 revenue: $12,345,678.90",
        "Umsatz 1.234.567,89 €",
        "₩1,234,567 결제 완료",
        "budget 48 113 920 ₽",
        "total: R$ 3.456,78",
        "¥2,480,000（税込）",
        "CHF 1'250'000.–",
        "₹12,34,567 collected",
    ])


def neg_epoch():
    ts = R.randint(1700000000, 1800000000)
    return R.choice([
        "ts={t}",
        "created_at: {t}{ms}",
        "slack ts {t}.{us}",
        "expires_at={t} (unix seconds)",
        "\"timestamp\": {t}{ms}",
    ]).replace("{t}", str(ts)).replace("{ms}", digits(3, False)).replace("{us}", digits(6, False))


def neg_pin_talk():
    return R.choice([
        "the PIN pad at the front desk is broken again",
        "enter your 4-digit PIN at the terminal, not the card number",
        "PIN reset letter is sent by post",
        "Die PIN kommt per separatem Brief",
        "le code PIN est demandé à chaque connexion",
        "el cajero me pidió el PIN dos veces",
        "暗証番号は窓口では聞きません",
        "the door code changes every Monday, ask reception",
    ])


def neg_card_talk():
    return R.choice([
        "the card was declined with response code 05",
        "we never store the full card number, only the token and last4",
        "Stripe test mode: any future expiry and any 3-digit CVC work",
        "die Kreditkarte ist abgelaufen, bitte im Portal aktualisieren",
        "la tarjeta no admite pagos en el extranjero",
        "PCI scope: card data never touches our servers",
        "カード情報はトークン化して保存しています",
        "BIN lookup says debit, issuer country BR",
    ])


def neg_wifi_no_pw():
    return R.choice([
        "Guest WiFi: {s} — no password, accept the terms in the browser",
        "WLAN {s} ist offen, Anmeldung über die Startseite",
        "le wifi {s} n'a pas de mot de passe",
        "Wi-Fi: {s} / password: ask at the counter",
        "Wi-Fi {s}（パスワードなし）",
        "SSID {s} — the key is printed on the router label, go look",
    ]).replace("{s}", R.choice(SSIDS))


def neg_part_number():
    return R.choice([
        "P/N {a}-{b}-{c}, replacement fan for rack 4",
        "Artikelnummer {a}.{b}.{c}",
        "Modell {d}-{e} ist nicht mehr lieferbar",
        "SKU {f}-{g}-BLK-XL",
        "réf. produit {a}{b}{c}",
        "serial SN{h}",
        "lot {i}, best before 2027-03",
        "part 030-{d} rev B",
    ]).replace("{a}", digits(2, False)).replace("{b}", digits(4, False)).replace("{c}", digits(2, False)).replace(
        "{d}", digits(4)).replace("{e}", digits(4, False)).replace("{f}", digits(5)).replace("{g}", digits(2, False)).replace(
        "{h}", digits(10)).replace("{i}", digits(8))


def neg_talk_phone():
    return R.choice([
        "please don't post personal phone numbers in this channel",
        "Telefonnummer bitte nur im HR-Tool pflegen",
        "the phone number field accepts E.164 only",
        "mon numéro a changé, je te l'envoie en privé",
        "cambié de número, te lo paso por privado",
        "電話番号は社内名簿を見てください",
        "call me on my usual number after 6",
        "the support hotline number is on the website footer",
        "meu número está no seu contato já",
        "SMS 2FA moves to the authenticator app next week, phone numbers will be deleted",
    ])


def neg_masked_form():
    l4 = digits(4, False)
    rows = "\n".join("%s,%s,,%d.%02d" % (digits(8), digits(4, False), R.randint(5, 999), R.randint(0, 99))
                     for _ in range(R.randint(3, 6)))
    return R.choice([
        "Card number: •••• •••• •••• {l4}\nExpiry: MM/YY\nCVV: •••\nPhone: +1 (XXX) XXX-XXXX",
        "```json\n{\"card\": {\"brand\": \"visa\", \"last4\": \"{l4}\", \"exp_month\": 12, \"exp_year\": 2027},\n \"phone\": null, \"password\": \"[REDACTED]\"}\n```",
        "```\norder_id,card_last4,phone,amount\n{rows}\n```",
        "2026-05-02T08:13:55Z INFO payment ok card=************{l4} cvv=*** phone=+49*******{l2}",
        "Anmeldeformular:\nName: ________\nTelefon: ________\nPasswort: ________ (mind. 12 Zeichen)",
        "```html\n<input type=\"password\" name=\"password\" placeholder=\"Passwort\">\n<input type=\"tel\" name=\"phone\" placeholder=\"+49 …\">\n```",
        "Agent: can you confirm the last four digits of the card?\nCustomer: {l4}\nAgent: thanks, that matches",
        "Guest network\nSSID: {ssid}\nPassword: (none, open network)\nVoucher required at login",
        "Kontaktdaten: siehe HR-Portal\nKarte: endet auf {l4}\nPIN: wird per Post zugestellt",
        "| field | example |\n|---|---|\n| card_number | `•••• •••• •••• {l4}` |\n| phone | `+CC NNN NNN NNNN` |\n| password | `<min 12 chars>` |",
    ]).replace("{l4}", l4).replace("{l2}", digits(2, False)).replace("{rows}", rows).replace("{ssid}", R.choice(SSIDS))


NEG_PLAN = [
    ("order_id", 8, neg_order_id), ("tracking_number", 10, neg_tracking), ("imei_test_device", 8, neg_imei),
    ("isbn_ean", 8, neg_isbn), ("invoice_number", 8, neg_invoice), ("date_time", 8, neg_datetime),
    ("version_build", 8, neg_version), ("masked_card", 12, neg_masked_card),
    ("placeholder_password", 12, neg_placeholder_pw), ("talk_about_password", 16, neg_talk_pw),
    ("phone_mask", 10, neg_phone_mask), ("luhn_invalid_id", 12, neg_luhn_invalid_id),
    ("short_code", 10, neg_short_code), ("meeting_id", 6, neg_meeting_id), ("money_amount", 8, neg_money),
    ("epoch_timestamp", 6, neg_epoch), ("pin_talk", 8, neg_pin_talk), ("card_talk", 8, neg_card_talk),
    ("wifi_no_password", 6, neg_wifi_no_pw), ("part_model_number", 8, neg_part_number),
    ("talk_about_phone", 10, neg_talk_phone), ("form_with_masked_values", 10, neg_masked_form),
]


def gen_negatives(seen):
    out = []
    redraws = {}
    for cat, n, fn in NEG_PLAN:
        got = 0
        tries = 0
        while got < n:
            tries += 1
            if tries > 5000:
                raise RuntimeError("cannot fill " + cat)
            t = fn()
            if t in seen:
                continue
            probs = scan_negative(t)
            if probs:
                redraws[cat] = redraws.get(cat, 0) + 1
                continue
            seen.append(t)
            out.append((t, cat))
            got += 1
    return out, redraws


# ----------------------------------------------------------------------------------------------
# main
# ----------------------------------------------------------------------------------------------
def check_positive(text, secrets, ctx):
    for kind, val in secrets:
        assert val in text, (ctx, val)
        assert kind in ("credit_card", "phone_number", "password"), kind
    kinds = [k for k, _ in secrets]
    cards = [v for k, v in secrets if k == "credit_card"]
    if ctx.split(":")[3] == "two_chunks" if ctx.startswith("credit_card") else False:
        d = ascii_digits("".join(cards))
        assert luhn_ok(d) and 13 <= len(d) <= 19, (ctx, d)
    else:
        for c in cards:
            d = ascii_digits(c)
            assert luhn_ok(d) and 14 <= len(d) <= 19, (ctx, c)
    for k, v in secrets:
        if k == "phone_number":
            n = len(ascii_digits(re.sub(r"\s*(?:ext\.?|x)\s*[0-9]+$", "", v)))
            assert 7 <= n <= 15, (ctx, v)
    if "credit_card" not in kinds:
        assert not luhn_chains(text), (ctx, luhn_chains(text))
    assert not EMAIL_RE.search(text), ctx
    assert len(secrets) in (1, 2)


def main():
    card_recs = gen_cards(100, phone_maker)
    phone_recs = gen_phones(100)
    pw_recs = gen_passwords(100)
    pos = card_recs + phone_recs + pw_recs
    assert len(pos) == 300
    texts = [p[0] for p in pos]
    dup = [t for i, t in enumerate(texts) if t in texts[:i]]
    assert not dup, dup[:3]
    for text, secrets, ctx in pos:
        check_positive(text, secrets, ctx)
    R.shuffle(pos)
    seen = list(texts)
    negs, redraws = gen_negatives(seen)
    assert len(negs) == 200
    R.shuffle(negs)
    with open(os.path.join(HERE, "recall13_positives.jsonl"), "w", encoding="utf-8", newline="\n") as f:
        for i, (text, secrets, ctx) in enumerate(pos, 1):
            f.write(json.dumps({"id": "r13p-%04d" % i, "text": text,
                                "secrets": [{"kind": k, "value": v} for k, v in secrets], "context": ctx},
                               ensure_ascii=False) + "\n")
    with open(os.path.join(HERE, "recall13_negatives.jsonl"), "w", encoding="utf-8", newline="\n") as f:
        for i, (text, cat) in enumerate(negs, 1):
            f.write(json.dumps({"id": "r13n-%04d" % i, "text": text, "category": cat}, ensure_ascii=False) + "\n")
    report(pos, negs, redraws)


def table(title, counter, head):
    print("\n#### " + title + "\n")
    print("| %s | n |\n|---|---:|" % head)
    for k, v in sorted(counter.items(), key=lambda kv: (-kv[1], kv[0])):
        print("| %s | %d |" % (k, v))


def count(items):
    c = {}
    for x in items:
        c[x] = c.get(x, 0) + 1
    return c


def report(pos, negs, redraws):
    secrets = [s for _, ss, _ in pos for s in ss]
    print("positives: %d texts, %d secrets" % (len(pos), len(secrets)))
    table("secrets by kind", count(k for k, _ in secrets), "kind")
    table("texts by number of secrets", count(len(ss) for _, ss, _ in pos), "secrets per text")
    cc = [c.split(":") for _, _, c in pos if c.startswith("credit_card")]
    table("credit_card texts by brand", count(c[1] for c in cc), "brand")
    table("credit_card texts by format", count(c[2] for c in cc), "format")
    table("credit_card texts by template", count(c[3] for c in cc), "template")
    table("credit_card texts by language", count(c[4] for c in cc), "language")
    pc = [c.split(":") for _, _, c in pos if c.startswith("phone_number")]
    print("\nphone countries: %d" % len(count(c[1] for c in pc)))
    table("phone_number texts by country", count(c[1] for c in pc), "country")
    table("phone_number texts by form", count(c[2] for c in pc), "form")
    table("phone_number texts by template", count(c[3] for c in pc), "template")
    table("phone_number texts by language", count(c[4] for c in pc), "language")
    wc = [c.split(":") for _, _, c in pos if c.startswith("password")]
    print("\npassword languages: %d" % len(count(c[3] for c in wc if c[3] != "none")))
    table("password texts by value style", count(c[1] for c in wc), "style")
    table("password texts by template", count(c[2] for c in wc), "template")
    table("password texts by language", count(c[3] for c in wc), "language")
    table("negatives by category", count(c for _, c in negs), "category")
    table("negatives redrawn by the scanner (by category)", redraws, "category")
    # final scan of written negatives
    bad = [(t, scan_negative(t)) for t, _ in negs if scan_negative(t)]
    print("\nscanner on final negatives: %d problems" % len(bad))
    assert not bad
    nluhn = sum(1 for _, ss, _ in pos for k, v in ss if k == "credit_card")
    print("scanner on positives: all %d card values Luhn-checked; all values verbatim; no Luhn run outside card texts" % nluhn)


if __name__ == "__main__":
    main()
