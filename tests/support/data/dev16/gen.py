#!/usr/bin/env python3
"""dev16: blind development probe for a redactor (phones in records, AWS secret keys, config passwords;
near-miss records and secret-free config). Standard library only; random.Random(1616) is the only randomness."""
import base64, hashlib, json, os, re, string

import random
R = random.Random(1616)
HERE = os.path.dirname(os.path.abspath(__file__))

def ch(seq):
    return seq[R.randrange(len(seq))]

def digits(n, first=None):
    s = "".join(str(R.randrange(10)) for _ in range(n))
    if first is not None:
        s = ch(first) + s[1:]
    return s

# ---------------------------------------------------------------------------------------------------------
# Simplified numbering plans. rule = (prefixes, nsn_length, groups, national_prefix or None)
# national form = national_prefix + groups; international form = +CC + groups.
# ---------------------------------------------------------------------------------------------------------
def P(*a):
    return tuple(a)

COUNTRIES = [
 # code, continent, cc, lang, seps, bracket-style, rules
 ("DE","Europe","49","de"," /-", "", [(P("151","152","157","159"),11,[3,8],"0"),(P("160","162","163","170","171","172","173","174","175","176","177","178","179"),10,[3,7],"0"),(P("30","40","89"),10,[2,8],"0"),(P("69","221"),10,[3,7],"0")]),
 ("FR","Europe","33","fr"," .", "", [(P("6","7"),9,[1,2,2,2,2],"0"),(P("1","2","3","4","5"),9,[1,2,2,2,2],"0")]),
 ("GB","Europe","44","en"," ", "(", [(P("71","73","74","75","77","78","79"),10,[4,6],"0"),(P("20",),10,[2,4,4],"0"),(P("121","131","161","113"),10,[3,3,4],"0")]),
 ("IE","Europe","353","en"," -", "(", [(P("83","85","86","87","89"),9,[2,3,4],"0"),(P("1",),8,[1,3,4],"0")]),
 ("ES","Europe","34","es"," .", "", [(P("6","7"),9,[3,3,3],""),(P("6","7"),9,[3,2,2,2],""),(P("91","93","96"),9,[2,3,2,2],"")]),
 ("PT","Europe","351","pt"," ", "", [(P("91","92","93","96"),9,[3,3,3],""),(P("21","22"),9,[3,3,3],"")]),
 ("IT","Europe","39","it"," .", "", [(P("31","32","33","34","35","36","37","38","39"),10,[3,7],""),(P("31","32","33","34","38","39"),10,[3,3,4],""),(P("06","02"),10,[2,8],""),(P("011","055"),10,[3,7],"")]),
 ("NL","Europe","31","nl"," -", "(", [(P("6",),9,[1,8],"0"),(P("20","10","30","70"),9,[2,7],"0")]),
 ("BE","Europe","32","nl"," ./", "", [(P("47","48","49"),9,[3,2,2,2],"0"),(P("2","3"),8,[1,3,2,2],"0")]),
 ("AT","Europe","43","de"," /-", "(", [(P("664","676","650","699","660"),10,[3,7],"0"),(P("1",),8,[1,7],"0"),(P("316","512"),9,[3,6],"0")]),
 ("CH","Europe","41","de"," ", "", [(P("75","76","77","78","79"),9,[2,3,2,2],"0"),(P("44","31","22","61"),9,[2,3,2,2],"0")]),
 ("PL","Europe","48","pl"," -", "", [(P("50","51","53","57","60","66","69","72","73","78","79","88"),9,[3,3,3],""),(P("22","12","71"),9,[2,3,2,2],"")]),
 ("SE","Europe","46","sv"," -", "", [(P("70","72","73","76","79"),9,[2,3,2,2],"0"),(P("8",),9,[1,3,3,2],"0")]),
 ("NO","Europe","47","nb"," ", "", [(P("4","9"),8,[3,2,3],""),(P("22","23"),8,[2,2,2,2],"")]),
 ("DK","Europe","45","da"," ", "", [(P("20","30","31","40","41","42","50","51","52","53","60","61","71","81","91","93"),8,[2,2,2,2],"")]),
 ("FI","Europe","358","fi"," -", "", [(P("40","41","44","45","50"),9,[2,3,4],"0"),(P("9",),8,[1,3,4],"0")]),
 ("CZ","Europe","420","cs"," ", "", [(P("60","72","73","77","79"),9,[3,3,3],""),(P("2",),9,[3,3,3],"")]),
 ("HU","Europe","36","hu"," -/", "", [(P("20","30","70"),9,[2,3,4],"06 "),(P("1",),8,[1,3,4],"06 ")]),
 ("RO","Europe","40","ro"," .", "", [(P("72","73","74","75","76","77","78"),9,[3,3,3],"0"),(P("21",),9,[2,3,4],"0")]),
 ("GR","Europe","30","el"," ", "", [(P("69",),10,[3,3,4],""),(P("21",),10,[3,3,4],"")]),
 ("UA","Europe","380","uk"," -", "(", [(P("50","63","66","67","68","73","93","95","96","97","98","99"),9,[2,3,2,2],"0")]),
 ("RU","Europe","7","ru"," -", "R", [(P("91","92","93","95","96","98","99"),10,[3,3,2,2],"8"),(P("495","499"),10,[3,3,2,2],"8")]),
 ("TR","Europe","90","tr"," ", "(", [(P("50","53","54","55"),10,[3,3,2,2],"0"),(P("212","216","312"),10,[3,3,2,2],"0")]),
 ("US","North America","1","en","-. ", "U", "NANP"),
 ("CA","North America","1","en","-. ", "U", "NANP"),
 ("MX","North America","52","es"," -", "", [(P("55","33","81"),10,[2,4,4],""),(P("222","998","664","442"),10,[3,3,4],"")]),
 ("GT","North America","502","es"," -", "", [(P("3","4","5"),8,[4,4],""),(P("2",),8,[4,4],"")]),
 ("CR","North America","506","es","- ", "", [(P("6","7","8"),8,[4,4],""),(P("2",),8,[4,4],"")]),
 ("BR","South America","55","pt"," -", "B", [(P("119","219","319","419","519","619","719","819","619"),11,[2,5,4],""),(P("112","113","213","313","514"),10,[2,4,4],"")]),
 ("AR","South America","54","es"," -", "(", [(P("114","115","351"),10,[2,4,4],"0"),(P("9114","9115","9116"),11,[1,2,4,4],None)]),
 ("CL","South America","56","es"," ", "", [(P("9",),9,[1,4,4],""),(P("22",),9,[1,4,4],"")]),
 ("CO","South America","57","es"," -", "(", [(P("30","31","32","35"),10,[3,3,4],""),(P("601","604"),10,[3,3,4],"")]),
 ("PE","South America","51","es"," -", "(", [(P("9",),9,[3,3,3],""),(P("1",),8,[1,3,4],"0")]),
 ("VE","South America","58","es","- ", "(", [(P("412","414","424","416","426"),10,[3,7],"0"),(P("212",),10,[3,7],"0")]),
 ("EC","South America","593","es"," -", "(", [(P("9",),9,[2,3,4],"0"),(P("2",),8,[1,3,4],"0")]),
 ("UY","South America","598","es"," ", "", [(P("9",),8,[2,3,3],"0"),(P("2",),8,[4,4],"")]),
 ("JP","Asia","81","ja","-", "(", [(P("90","80","70"),10,[2,4,4],"0"),(P("3","6"),9,[1,4,4],"0")]),
 ("CN","Asia","86","zh"," -", "(", [(P("13","15","17","18","19"),11,[3,4,4],""),(P("10","21"),10,[2,8],"0")]),
 ("KR","Asia","82","ko","-", "", [(P("10",),10,[2,4,4],"0"),(P("2",),9,[1,4,4],"0")]),
 ("TW","Asia","886","zh","- ", "(", [(P("9",),9,[3,3,3],"0"),(P("2",),9,[1,4,4],"0")]),
 ("HK","Asia","852","zh"," ", "", [(P("5","6","9"),8,[4,4],""),(P("2","3"),8,[4,4],"")]),
 ("IN","Asia","91","en"," -", "", [(P("6","7","8","9"),10,[5,5],""),(P("11",),10,[2,8],"0"),(P("22",),10,[2,4,4],"0")]),
 ("PK","Asia","92","en"," -", "", [(P("30","31","32","33","34"),10,[3,7],"0"),(P("21","42"),10,[2,8],"0")]),
 ("BD","Asia","880","en","- ", "", [(P("13","14","15","16","17","18","19"),10,[4,6],"0")]),
 ("ID","Asia","62","id","- ", "(", [(P("811","812","813","821","822","852","853","857","878","896"),11,[3,4,4],"0"),(P("21",),10,[2,4,4],"0")]),
 ("PH","Asia","63","en"," -", "(", [(P("905","906","915","917","918","919","920","927","977"),10,[3,3,4],"0"),(P("28",),9,[1,4,4],"0")]),
 ("VN","Asia","84","vi"," .", "", [(P("32","33","34","35","36","37","38","39","70","77","78","79","81","83","84","86","88","89","90","91","93","94","96","97","98"),9,[2,3,4],"0"),(P("24","28"),10,[2,4,4],"0")]),
 ("TH","Asia","66","th","- ", "", [(P("61","62","63","64","65","80","81","82","83","84","85","86","87","88","89","90","91","92","93","94","95","96","97","98","99"),9,[2,3,4],"0"),(P("2",),8,[1,3,4],"0")]),
 ("MY","Asia","60","ms","- ", "", [(P("12","13","16","17","19"),9,[2,3,4],"0"),(P("11",),10,[2,4,4],"0"),(P("3",),9,[1,4,4],"0")]),
 ("SG","Asia","65","en"," ", "", [(P("8","9"),8,[4,4],""),(P("6",),8,[4,4],"")]),
 ("IL","Asia","972","he","-", "", [(P("50","52","53","54","58"),9,[2,3,4],"0"),(P("3","2"),8,[1,3,4],"0")]),
 ("SA","Asia","966","ar"," ", "", [(P("50","53","54","55","56","59"),9,[2,3,4],"0"),(P("11",),9,[2,3,4],"0")]),
 ("AE","Asia","971","ar"," ", "", [(P("50","52","54","55","56","58"),9,[2,3,4],"0"),(P("4",),8,[1,3,4],"0")]),
 ("ZA","Africa","27","en"," ", "(", [(P("60","61","71","72","73","74","76","78","79","81","82","83","84"),9,[2,3,4],"0"),(P("11","21","31"),9,[2,3,4],"0")]),
 ("NG","Africa","234","en"," ", "", [(P("803","806","703","706","813","816","810","903","906","802","808","708","805","705","815","905"),10,[3,3,4],"0"),(P("1",),8,[1,3,4],"0")]),
 ("KE","Africa","254","en"," ", "", [(P("70","71","72","79","11"),9,[3,3,3],"0"),(P("20",),9,[2,7],"0")]),
 ("EG","Africa","20","ar"," ", "", [(P("10","11","12","15"),10,[3,3,4],"0"),(P("2",),9,[1,4,4],"0")]),
 ("MA","Africa","212","fr"," .", "", [(P("6","7"),9,[1,2,2,2,2],"0"),(P("522","537"),9,[1,2,2,2,2],"0")]),
 ("DZ","Africa","213","fr"," ", "", [(P("5","6","7"),9,[3,2,2,2],"0"),(P("21",),8,[2,2,2,2],"0")]),
 ("TN","Africa","216","fr"," ", "", [(P("2","5","9"),8,[2,3,3],""),(P("71",),8,[2,3,3],"")]),
 ("SN","Africa","221","fr"," ", "", [(P("70","75","76","77","78"),9,[2,3,2,2],""),(P("33",),9,[2,3,2,2],"")]),
 ("CM","Africa","237","fr"," ", "", [(P("6",),9,[1,2,2,2,2],""),(P("2",),9,[1,2,2,2,2],"")]),
 ("GH","Africa","233","en"," ", "", [(P("20","24","26","27","50","54","55","59"),9,[2,3,4],"0"),(P("30",),9,[2,3,4],"0")]),
 ("ET","Africa","251","en"," ", "", [(P("91","92","93","94"),9,[2,3,4],"0"),(P("11",),9,[2,3,4],"0")]),
 ("TZ","Africa","255","sw"," ", "", [(P("61","62","65","67","68","69","71","74","75","76","77","78"),9,[3,3,3],"0")]),
 ("UG","Africa","256","en"," ", "", [(P("70","71","74","75","76","77","78"),9,[3,6],"0")]),
 ("AU","Oceania","61","en"," ", "(", [(P("4",),9,[3,3,3],"0"),(P("2","3","7","8"),9,[1,4,4],"0")]),
 ("NZ","Oceania","64","en"," -", "(", [(P("21","22","27"),9,[2,3,4],"0"),(P("9","4"),8,[1,3,4],"0")]),
 ("FJ","Oceania","679","en"," ", "", [(P("7","9"),7,[3,4],""),(P("3",),7,[3,4],"")]),
 ("PG","Oceania","675","en"," ", "", [(P("7",),8,[4,4],""),(P("3",),7,[3,4],"")]),
]
CC = {c[0]: c for c in COUNTRIES}
CA_AREAS = ["416","647","604","778","514","438","403","587","613","902","780","250","306","204"]
NANP_RE = re.compile(r"^[2-9](?!11)\d\d[2-9](?!11)\d\d\d{4}$")

def nanp_ok(d):
    return bool(NANP_RE.match(d)) and d[0:3] not in ("555",) and not d[1:3] == "11"

def nsn_ok(code, d):
    c = CC[code]
    if c[6] == "NANP":
        return nanp_ok(d)
    for pre, ln, grp, npx in c[6]:
        if len(d) == ln and d.startswith(pre):
            return True
    return False

def phone_forms(code, d):
    """All digit strings that a number of country code would show: NSN, national-prefix + NSN, CC + NSN, CC0NSN."""
    c = CC[code]
    out = set()
    if c[6] == "NANP":
        if nanp_ok(d):
            out |= {d, "1" + d}
        return out
    for pre, ln, grp, npx in c[6]:
        if len(d) == ln and d.startswith(pre):
            out.add(d)
    return out

def is_phone_digits(code, s):
    """Is digit string s a valid number of country code, in any written form (NSN, trunk, CC, 00CC, CC(0))?"""
    c = CC[code]
    cands = [s]
    if s.startswith("00" + c[2]):
        cands.append(s[2 + len(c[2]):])
    if s.startswith(c[2]):
        cands.append(s[len(c[2]):])
        if s[len(c[2]):].startswith("0"):
            cands.append(s[len(c[2]) + 1:])
    if c[6] == "NANP":
        if s.startswith("1"):
            cands.append(s[1:])
        return any(nanp_ok(x) for x in cands)
    tps = sorted({re.sub(r"\D", "", r[3]) for r in c[6] if r[3]})
    for t in tps:
        if s.startswith(t):
            cands.append(s[len(t):])
    return any(nsn_ok(code, x) for x in cands)

def gen_nsn(code):
    c = CC[code]
    if c[6] == "NANP":
        while True:
            if code == "CA":
                a = ch(CA_AREAS)
            else:
                a = ch("2345678") + ch("0123456789") + ch("0123456789")
            d = a + ch("23456789") + digits(2) + digits(4)
            if nanp_ok(d):
                return d, [3, 3, 4], ""
    pre, ln, grp, npx = ch(c[6])
    p = ch(pre)
    d = p + digits(ln - len(p), first="23456789")
    assert nsn_ok(code, d)
    return d, grp, npx

def split(d, grp):
    out, i = [], 0
    for g in grp:
        out.append(d[i:i + g]); i += g
    assert i == len(d)
    return out

def format_phone(code, d, grp, npx):
    """Write the number as people in that country write it. Returns (text, style)."""
    c = CC[code]
    seps, br = c[4], c[5]
    parts = split(d, grp)
    sep = ch(seps)
    styles = ["intl", "intl", "e164"]
    if npx is not None:
        styles += ["nat", "nat", "nat"]
        if br:
            styles += ["br"]
        if npx == "0" and code in ("DE", "AT", "CH", "GB", "NL", "BE"):
            styles += ["intl0"]
        if code in ("DE", "AT", "CH", "FR", "IT", "ES", "NL", "BE", "PL", "SE", "NO", "DK", "PT", "HU", "RO", "GR", "CZ", "FI", "IE", "TR", "MA", "DZ", "TN", "SN", "EG", "SA", "AE", "NG", "KE", "IN", "PK"):
            styles += ["00"]
    st = ch(styles)
    if c[6] == "NANP":
        st = ch(["us_br", "us_dash", "us_dot", "intl", "us_1", "e164"])
        a, b, e = parts
        return {"us_br": f"({a}) {b}-{e}", "us_dash": f"{a}-{b}-{e}", "us_dot": f"{a}.{b}.{e}", "intl": f"+1 {a} {b} {e}",
                "us_1": f"1-{a}-{b}-{e}", "e164": f"+1{d}"}[st], st
    if st == "e164":
        return "+" + c[2] + d, st
    if st == "intl":
        s2 = "-" if seps == "-" else " "
        if code == "RU":
            return f"+7 {parts[0]} {parts[1]}-{parts[2]}-{parts[3]}", st
        if code == "BR":
            return f"+55 {parts[0]} {parts[1]}-{parts[2]}", st
        return "+" + c[2] + " " + s2.join(parts), st
    if st == "00":
        return "00" + c[2] + " " + " ".join(parts), st
    if st == "intl0":
        return "+" + c[2] + " (0)" + " ".join(parts), st
    if st == "br":
        if br == "R":
            return f"8 ({parts[0]}) {parts[1]}-{parts[2]}-{parts[3]}", st
        if br == "B":
            return f"({parts[0]}) {parts[1]}-{parts[2]}", st
        rest = (" " if sep == "/" else sep).join(parts[1:])
        return "(" + npx.strip() + parts[0] + ") " + rest, st
    # national
    if code == "RU":
        return f"8 {parts[0]} {parts[1]}-{parts[2]}-{parts[3]}", st
    if code == "BR":
        return f"({parts[0]}) {parts[1]}-{parts[2]}", "br"
    if sep == "/":
        return npx + parts[0] + "/" + "".join(parts[1:]) if len(parts) == 2 else npx + parts[0] + "/" + " ".join(parts[1:]), st
    if code in ("SE", "NL", "JP", "KR", "IL", "MX", "CO", "VE", "PK", "BD") and sep == "-":
        return npx + parts[0] + "-" + " ".join(parts[1:]) if code in ("SE",) else npx + parts[0] + "-" + "-".join(parts[1:]), st
    return npx + parts[0] + sep + sep.join(parts[1:]), st

def check_written(code, text):
    return is_phone_digits(code, re.sub(r"\D", "", text.replace("(0)", "")))

# scanner: every window of digit groups joined by short separators
TOK = re.compile(r"\d+")
DATE_RE = re.compile(r"\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:\d{2})?)?|\d{2}[./]\d{2}[./]\d{4}(?: \d{2}:\d{2}(?::\d{2})?)?|\d{2}:\d{2}(?::\d{2})?")
def phone_hits(text, code):
    """Phone-valid windows; a well-formed calendar date or clock time is masked first (it is a date, not a number)."""
    text = DATE_RE.sub(lambda m: "DATE", text)
    hits = []
    toks = [(m.start(), m.end(), m.group()) for m in TOK.finditer(text)]
    codes = [code] + (["US"] if code not in ("US", "CA") else [])
    for i in range(len(toks)):
        acc = ""
        for j in range(i, min(i + 6, len(toks))):
            if j > i:
                gap = text[toks[j - 1][1]:toks[j][0]]
                if not re.fullmatch(r"[ \-./()+]{1,3}|\s?\(0\)\s?", gap):
                    break
            acc += toks[j][2]
            if len(acc) < 7 or len(acc) > 15:
                continue
            for cc in codes:
                if is_phone_digits(cc, acc):
                    hits.append((cc, text[toks[i][0]:toks[j][1]]))
    return hits

# ---------------------------------------------------------------------------------------------------------
# Labels per language: phone words, role columns (no phone word), other columns, given names, family names
# ---------------------------------------------------------------------------------------------------------
LANG = {
 "en": (["Phone","Tel.","Mobile","Cell","ph","contact","Phone No.","Mob"], ["Site manager","On-call","Driver","Landlord","Supervisor","Accounts","Caretaker"], "Name","City","Postcode","Ref","Amount","Date", ["James","Aisha","Tunde","Priya","Grace","Liam","Wanjiru","Kwame","Chloe","Rahul","Mei","Sipho"], ["Okafor","Patel","Mensah","Smith","Kariuki","Nguyen","Walker","Reddy","Botha","Tan","Brown","Haddad"]),
 "de": (["Telefon","Tel.","Mobil","Handy","Rufnummer","Mobilnr."], ["Ansprechpartner","Hausmeister","Bereitschaft","Vermieter","Fahrer","Schichtleitung"], "Name","Ort","PLZ","Kd.-Nr.","Betrag","Datum", ["Jonas","Lea","Lukas","Anna","Felix","Marie","Stefan","Ursula"], ["Müller","Schmidt","Weber","Huber","Gruber","Keller","Brunner","Wagner"]),
 "fr": (["Tél.","Téléphone","Portable","Mobile","Tél. port.","numero"], ["Référent","Astreinte","Gardien","Chauffeur","Responsable","Propriétaire"], "Nom","Ville","Code postal","Réf.","Montant","Date", ["Camille","Yasmine","Mamadou","Julien","Léa","Karim","Aminata","Hugo"], ["Martin","Benali","Diallo","Dubois","Moreau","Ndiaye","Lefèvre","Haddad"]),
 "es": (["Teléfono","Tel.","Móvil","Celular","Cel.","numero"], ["Encargado","Guardia","Conductor","Responsable","Arrendador","Supervisor"], "Nombre","Ciudad","C.P.","Ref.","Importe","Fecha", ["Lucía","Mateo","Valentina","Santiago","Camila","Diego","Sofía","Javier"], ["García","Rodríguez","López","Martínez","Gómez","Fernández","Pérez","Sánchez"]),
 "pt": (["Telefone","Tel.","Celular","Telemóvel","Cel.","numero"], ["Responsável","Plantão","Motorista","Síndico","Gerente","Encarregado"], "Nome","Cidade","CEP","Ref.","Valor","Data", ["João","Ana","Pedro","Beatriz","Rafael","Mariana","Tiago","Inês"], ["Silva","Santos","Oliveira","Costa","Pereira","Ferreira","Almeida","Sousa"]),
 "it": (["Telefono","Tel.","Cellulare","Cell.","numero"], ["Referente","Reperibile","Autista","Custode","Responsabile","Proprietario"], "Nome","Città","CAP","Rif.","Importo","Data", ["Giulia","Marco","Francesca","Luca","Chiara","Alessandro"], ["Rossi","Russo","Ferrari","Esposito","Bianchi","Romano"]),
 "nl": (["Telefoon","Tel.","Mobiel","GSM","Tel.nr."], ["Contactpersoon","Piket","Chauffeur","Beheerder","Verhuurder","Teamleider"], "Naam","Plaats","Postcode","Klantnr.","Bedrag","Datum", ["Sanne","Daan","Lotte","Bram","Femke","Thijs","Noor","Wout"], ["de Vries","Jansen","Peeters","Janssens","Bakker","Visser","Maes","Claes"]),
 "pl": (["Telefon","Tel.","Komórka","Tel. kom.","nr tel."], ["Opiekun","Dyżur","Kierowca","Administrator","Kierownik","Właściciel"], "Imię i nazwisko","Miasto","Kod pocztowy","Nr klienta","Kwota","Data", ["Katarzyna","Piotr","Agnieszka","Tomasz","Magdalena","Paweł"], ["Nowak","Kowalski","Wiśniewska","Wójcik","Kamińska","Lewandowski"]),
 "sv": (["Telefon","Tel.","Mobil","Mobilnr"], ["Kontaktperson","Jour","Chaufför","Fastighetsskötare","Arbetsledare"], "Namn","Ort","Postnr","Kundnr","Belopp","Datum", ["Erik","Elin","Johan","Maja","Oskar","Linnea"], ["Andersson","Johansson","Karlsson","Nilsson","Lindqvist","Berg"]),
 "nb": (["Telefon","Tlf.","Mobil","Mob."], ["Kontaktperson","Vakt","Sjåfør","Vaktmester","Formann"], "Navn","Sted","Postnr.","Kundenr.","Beløp","Dato", ["Ingrid","Ola","Kari","Magnus","Sigrid","Henrik"], ["Hansen","Johansen","Olsen","Larsen","Berg","Haugen"]),
 "da": (["Telefon","Tlf.","Mobil","Mob."], ["Kontaktperson","Vagt","Chauffør","Vicevært","Formand"], "Navn","By","Postnr.","Kundenr.","Beløb","Dato", ["Mette","Søren","Freja","Mads","Ida","Rasmus"], ["Nielsen","Jensen","Hansen","Pedersen","Andersen","Christensen"]),
 "fi": (["Puhelin","Puh.","Matkapuhelin","GSM"], ["Yhteyshenkilö","Päivystys","Kuljettaja","Isännöitsijä","Työnjohtaja"], "Nimi","Kaupunki","Postinro","Asiakasnro","Summa","Päivämäärä", ["Aino","Mikko","Eveliina","Juha","Sanna","Timo"], ["Virtanen","Korhonen","Mäkinen","Nieminen","Laine","Heikkinen"]),
 "cs": (["Telefon","Tel.","Mobil","Tel. č."], ["Kontaktní osoba","Pohotovost","Řidič","Správce","Vedoucí"], "Jméno","Město","PSČ","Č. zákazníka","Částka","Datum", ["Jana","Petr","Tereza","Martin","Lucie","Jakub"], ["Novák","Svobodová","Dvořák","Černá","Procházka","Kučera"]),
 "hu": (["Telefon","Tel.","Mobil","Telefonszám"], ["Kapcsolattartó","Ügyelet","Sofőr","Gondnok","Művezető"], "Név","Város","Irsz.","Ügyfélszám","Összeg","Dátum", ["Zsófia","Bence","Réka","Gábor","Eszter","Levente"], ["Nagy","Kovács","Tóth","Szabó","Horváth","Varga"]),
 "ro": (["Telefon","Tel.","Mobil","Nr. tel."], ["Persoană de contact","Permanență","Șofer","Administrator","Șef de tură"], "Nume","Oraș","Cod poștal","Nr. client","Sumă","Data", ["Andreea","Mihai","Ioana","Alexandru","Elena","Radu"], ["Popescu","Ionescu","Popa","Stan","Dumitru","Stoica"]),
 "el": (["Τηλέφωνο","Τηλ.","Κινητό","Κιν."], ["Υπεύθυνος","Εφημερία","Οδηγός","Διαχειριστής"], "Όνομα","Πόλη","Τ.Κ.","Κωδ. πελάτη","Ποσό","Ημερομηνία", ["Γιώργος","Μαρία","Νίκος","Ελένη","Δημήτρης"], ["Παπαδόπουλος","Νικολάου","Γεωργίου","Οικονόμου","Παππάς"]),
 "uk": (["Телефон","Тел.","Моб.","Мобільний"], ["Контактна особа","Черговий","Водій","Завгосп","Бригадир"], "ПІБ","Місто","Індекс","№ клієнта","Сума","Дата", ["Олена","Андрій","Оксана","Тарас","Ірина","Богдан"], ["Шевченко","Коваленко","Бондаренко","Ткаченко","Кравчук","Мельник"]),
 "ru": (["Телефон","Тел.","Моб.","Мобильный"], ["Контактное лицо","Дежурный","Водитель","Завхоз","Бригадир","Арендодатель"], "ФИО","Город","Индекс","№ клиента","Сумма","Дата", ["Анна","Дмитрий","Екатерина","Сергей","Ольга","Алексей"], ["Иванов","Смирнова","Кузнецов","Попова","Соколов","Лебедева"]),
 "tr": (["Telefon","Tel.","Cep","Cep Tel.","GSM"], ["Yetkili","Nöbetçi","Şoför","Apartman yöneticisi","Sorumlu"], "Ad Soyad","Şehir","Posta kodu","Müşteri No","Tutar","Tarih", ["Ayşe","Mehmet","Elif","Mustafa","Zeynep","Emre"], ["Yılmaz","Kaya","Demir","Şahin","Çelik","Yıldız"]),
 "ja": (["電話","TEL","携帯","電話番号","連絡先"], ["担当者","当番","運転手","管理人","責任者"], "氏名","市区町村","郵便番号","顧客番号","金額","日付", ["翔太","さくら","大輔","美咲","健一","陽菜"], ["佐藤","鈴木","高橋","田中","伊藤","渡辺"]),
 "zh": (["电话","手机","聯絡電話","联系电话","Tel"], ["负责人","值班","司机","物业","主管","房东"], "姓名","城市","邮编","客户编号","金额","日期", ["伟","芳","静","敏","磊","婷"], ["王","李","张","刘","陈","黄"]),
 "ko": (["전화","연락처","휴대폰","HP","Tel"], ["담당자","당직","기사","관리인","팀장"], "이름","도시","우편번호","고객번호","금액","날짜", ["민준","서연","지훈","하은","도윤","수빈"], ["김","이","박","최","정","강"]),
 "vi": (["Điện thoại","ĐT","SĐT","Di động"], ["Người phụ trách","Trực ca","Tài xế","Quản lý","Chủ nhà"], "Họ tên","Thành phố","Mã bưu chính","Mã KH","Số tiền","Ngày", ["Minh","Lan","Hùng","Thảo","Tuấn","Hương"], ["Nguyễn","Trần","Lê","Phạm","Hoàng","Võ"]),
 "th": (["โทร","โทรศัพท์","มือถือ","เบอร์"], ["ผู้ประสานงาน","เวร","คนขับ","ผู้จัดการ"], "ชื่อ","เมือง","รหัสไปรษณีย์","รหัสลูกค้า","จำนวนเงิน","วันที่", ["Somchai","Nicha","Anan","Pim","Krit"], ["Srisuk","Chaiyaporn","Wongsa","Boonmee","Saetang"]),
 "id": (["Telepon","Telp.","HP","No. HP","WA"], ["Penanggung jawab","Piket","Sopir","Pengelola","Mandor"], "Nama","Kota","Kode pos","No. pelanggan","Jumlah","Tanggal", ["Budi","Siti","Agus","Dewi","Rizky","Putri"], ["Santoso","Wijaya","Hidayat","Lestari","Saputra","Kusuma"]),
 "ms": (["Telefon","Tel.","H/P","No. Tel"], ["Pegawai bertugas","Pemandu","Penyelia","Pengurus"], "Nama","Bandar","Poskod","No. pelanggan","Jumlah","Tarikh", ["Ahmad","Nurul","Farid","Siti","Hafiz","Aina"], ["Abdullah","Ismail","Rahman","Hassan","Yusof","Ibrahim"]),
 "ar": (["هاتف","جوال","الهاتف","موبايل","Tel"], ["المسؤول","المناوب","السائق","المشرف","المالك"], "الاسم","المدينة","الرمز البريدي","رقم العميل","المبلغ","التاريخ", ["Ahmed","Fatima","Omar","Layla","Youssef","Nour"], ["Al-Harbi","Hassan","El-Sayed","Al-Qahtani","Mansour","Khalil"]),
 "he": (["טלפון","טל'","נייד","פלאפון"], ["איש קשר","תורן","נהג","אב בית","אחראי משמרת"], "שם","עיר","מיקוד","מס' לקוח","סכום","תאריך", ["Noa","Yossi","Tamar","Avi","Shira","Eitan"], ["Cohen","Levi","Mizrahi","Peretz","Biton","Friedman"]),
 "sw": (["Simu","Tel.","Namba ya simu","Mob"], ["Msimamizi","Dereva","Mlinzi","Mwenye nyumba"], "Jina","Mji","Sanduku la posta","Namba ya mteja","Kiasi","Tarehe", ["Juma","Neema","Baraka","Rehema","Hamisi"], ["Mwakyusa","Mushi","Kimaro","Massawe","Mrema"]),
}
CITY = {"DE":["Berlin","Hamburg","München","Köln"],"FR":["Lyon","Paris","Nantes","Lille"],"GB":["Leeds","London","Bristol"],"IE":["Dublin","Cork"],"ES":["Madrid","Valencia","Sevilla"],
 "PT":["Lisboa","Porto"],"IT":["Roma","Milano","Torino"],"NL":["Utrecht","Rotterdam"],"BE":["Gent","Antwerpen"],"AT":["Wien","Graz"],"CH":["Zürich","Bern"],"PL":["Kraków","Warszawa"],
 "SE":["Göteborg","Uppsala"],"NO":["Bergen","Oslo"],"DK":["Aarhus","Odense"],"FI":["Tampere","Espoo"],"CZ":["Brno","Praha"],"HU":["Debrecen","Szeged"],"RO":["Cluj-Napoca","Iași"],
 "GR":["Αθήνα","Πάτρα"],"UA":["Київ","Львів"],"RU":["Казань","Самара"],"TR":["İzmir","Ankara"],"US":["Denver","Austin","Columbus"],"CA":["Toronto","Calgary","Halifax"],
 "MX":["Guadalajara","Puebla"],"GT":["Guatemala","Quetzaltenango"],"CR":["San José","Heredia"],"BR":["Campinas","Recife"],"AR":["Rosario","Córdoba"],"CL":["Valparaíso","Santiago"],
 "CO":["Medellín","Bogotá"],"PE":["Arequipa","Lima"],"VE":["Valencia","Maracaibo"],"EC":["Quito","Cuenca"],"UY":["Montevideo","Salto"],"JP":["横浜市","大阪市"],"CN":["杭州","成都"],
 "KR":["서울","부산"],"TW":["台中","台北"],"HK":["Kowloon","Sha Tin"],"IN":["Pune","Chennai"],"PK":["Lahore","Karachi"],"BD":["Dhaka","Chattogram"],"ID":["Bandung","Surabaya"],
 "PH":["Cebu","Quezon City"],"VN":["Đà Nẵng","Hà Nội"],"TH":["Chiang Mai","Bangkok"],"MY":["Penang","Kuala Lumpur"],"SG":["Singapore","Jurong"],"IL":["Haifa","Tel Aviv"],
 "SA":["Jeddah","Riyadh"],"AE":["Dubai","Sharjah"],"ZA":["Durban","Pretoria"],"NG":["Ibadan","Lagos"],"KE":["Mombasa","Nairobi"],"EG":["Alexandria","Giza"],"MA":["Rabat","Fès"],
 "DZ":["Oran","Alger"],"TN":["Sfax","Tunis"],"SN":["Dakar","Thiès"],"CM":["Douala","Yaoundé"],"GH":["Kumasi","Accra"],"ET":["Addis Ababa","Adama"],"TZ":["Arusha","Dodoma"],
 "UG":["Kampala","Entebbe"],"AU":["Brisbane","Perth"],"NZ":["Wellington","Christchurch"],"FJ":["Suva","Nadi"],"PG":["Lae","Port Moresby"]}
# postcode shapes per country (digits only shown; short enough never to be a phone)
ZIP = {"DE":"#####","FR":"#####","ES":"#####","IT":"#####","US":"#####","MX":"#####","FI":"#####","HU":"####","AT":"####","CH":"####","BE":"####","DK":"####","NO":"####",
 "AU":"####","NZ":"####","ZA":"####","PH":"####","PL":"##-###","PT":"####-###","BR":"#####-###","JP":"###-####","CZ":"### ##","SE":"### ##","GR":"### ##","NL":"#### @@",
 "GB":"@#  #@@","IE":"D## @###","CA":"@#@ #@#","CN":"######","IN":"######","RU":"######","RO":"######","KR":"#####","TW":"###","TR":"#####","UA":"#####","ID":"#####",
 "VN":"######","TH":"#####","MY":"#####","SG":"######","IL":"#######","SA":"#####","AE":"","EG":"#####","MA":"#####","DZ":"#####","TN":"####","SN":"#####","KE":"#####",
 "NG":"######","GH":"","ET":"####","TZ":"#####","UG":"","CM":"","AR":"@####@@@","CL":"#######","CO":"######","PE":"#####","VE":"####","EC":"######","UY":"#####",
 "CR":"#####","GT":"#####","HK":"","PK":"#####","BD":"####","FJ":"","PG":"###"}

def zipc(code):
    z = ZIP.get(code, "")
    out = ""
    for c in z:
        out += str(R.randrange(1, 10)) if c == "#" else (ch(string.ascii_uppercase) if c == "@" else c)
    return out

def L(code):
    return LANG[CC[code][3]]

def person(code):
    l = L(code)
    f, s = ch(l[8]), ch(l[9])
    if CC[code][3] in ("zh", "ko"):
        return s + f
    if CC[code][3] == "ja":
        return s + " " + f
    return f + " " + s

def date_s(code):
    y, m, d = R.choice([2024, 2025, 2026]), R.randrange(1, 13), R.randrange(1, 29)
    lang = CC[code][3]
    if code in ("US",):
        return f"{m:02d}/{d:02d}/{y}"
    if lang in ("de", "ru", "uk", "pl", "cs", "fi", "nb", "da", "tr", "ro"):
        return f"{d:02d}.{m:02d}.{y}"
    if lang in ("ja", "zh", "ko", "hu", "sv", "lt"):
        return f"{y}-{m:02d}-{d:02d}"
    if R.random() < 0.3:
        return f"{y}-{m:02d}-{d:02d}"
    return f"{d:02d}/{m:02d}/{y}"

def amount(code):
    v = R.randrange(100, 999999) / 100
    if CC[code][3] in ("de", "fr", "es", "it", "nl", "pt", "pl", "sv", "nb", "da", "fi", "cs", "hu", "ro", "el", "ru", "uk", "tr", "id", "vi"):
        return f"{v:.2f}".replace(".", ",")
    return f"{v:.2f}"

def small_id(prefix=""):
    return prefix + ch(["", "K-", "C", "#", "A"]) + str(R.randrange(1000, 99999))

CONTACTISH = ("ontakt", "ontact", "Контакт", "קשר", "Yhteys", "Kapcsolat", "contact")
def roles(code):
    return [r for r in L(code)[1] if not any(x in r for x in CONTACTISH)]

def company(code):
    lang = CC[code][3]
    base = ch(["Nordlicht", "Atlas", "Sol", "Kestrel", "Baobab", "Meridian", "Orca", "Lumen", "Tarsier", "Condor", "Sakura", "Cedar", "Tiwi", "Kilima"])
    suf = {"de": " GmbH", "fr": " SARL", "es": " S.L.", "it": " S.r.l.", "nl": " B.V.", "pt": " Lda.", "pl": " sp. z o.o.", "sv": " AB", "nb": " AS", "da": " ApS",
           "fi": " Oy", "cs": " s.r.o.", "hu": " Kft.", "ro": " SRL", "tr": " A.Ş.", "ja": "株式会社", "zh": "有限公司", "ko": " (주)", "id": " PT", "ru": " ООО", "uk": " ТОВ"}.get(lang, " Ltd")
    if code in ("US", "CA", "PH"):
        suf = " Inc."
    if code in ("BR",):
        suf = " Ltda."
    if code in ("MX", "AR", "CO", "CL", "PE", "VE", "EC", "UY", "CR", "GT"):
        suf = " S.A."
    return base + suf

def fill_other(code):
    # other rows: no phone at all
    return ch(["", "", "—", "n/a", "-"])

def shape_csv(code, val, word, sep=","):
    l = L(code)
    col = ch(l[0]) if word else ch(roles(code))
    if word:
        hdr = [l[2], l[3], l[4], col, l[5], l[7]]
        rows = []
        n = R.randrange(1, 4); tgt = R.randrange(n)
        for i in range(n):
            rows.append([person(code), ch(CITY[code]), zipc(code), val if i == tgt else fill_other(code), small_id(), date_s(code)])
    else:
        hdr = [l[5], l[3], l[4], col, l[7], l[6]]
        rows = [[small_id(), ch(CITY[code]), zipc(code), person(code) + " " + val, date_s(code), amount(code)]]
    def q(x):
        return '"' + x + '"' if (sep in x or (sep == "," and "," in x)) else x
    return "\n".join(sep.join(q(x) for x in r) for r in [hdr] + rows)

def shape_csv_semicolon(code, val, word):
    return shape_csv(code, val, word, ";")

def shape_tsv(code, val, word):
    l = L(code)
    col = ch(l[0]) if word else ch(roles(code))
    hdr = [l[2], col, l[3], l[6], l[7]]
    rows = [[person(code), val, ch(CITY[code]), amount(code), date_s(code)]]
    for _ in range(R.randrange(0, 3)):
        rows.append([person(code), "", ch(CITY[code]), amount(code), date_s(code)])
    R.shuffle(rows)
    return "\n".join("\t".join(r) for r in [hdr] + rows)

def shape_md(code, val, word):
    l = L(code)
    col = ch(l[0]) if word else ch(roles(code))
    if word:
        hdr = [l[2], l[3], col, l[7]]
        rows = [[person(code), ch(CITY[code]), val, date_s(code)]]
        for _ in range(R.randrange(0, 3)):
            rows.append([person(code), ch(CITY[code]), "—", date_s(code)])
        R.shuffle(rows)
    else:
        hdr = [l[5], l[3], col, l[6]]
        rows = [[small_id(), ch(CITY[code]), person(code) + ", " + val, amount(code)]]
    out = ["| " + " | ".join(hdr) + " |", "|" + "---|" * len(hdr)]
    out += ["| " + " | ".join(r) + " |" for r in rows]
    return "\n".join(out)

def keyname(x):
    return re.sub(r"[\s.'/()]+", "_", x).strip("_").lower() or "x"

def shape_json(code, val, word):
    l = L(code)
    k = ch([keyname(ch(l[0])), "phone", "tel", "mobile", "msisdn", "contact"]) if word else keyname(ch(roles(code)))
    rec = {"id": small_id(), keyname(l[2]): person(code), keyname(l[3]): ch(CITY[code]), k: val, "updated": date_s(code), "country": code}
    if not word:
        rec = {"id": small_id(), "site": ch(CITY[code]), k: {"name": person(code), "value": val}, "since": date_s(code), "country": code}
    return json.dumps(rec, ensure_ascii=False, indent=ch([None, 2]))

def shape_yaml(code, val, word):
    l = L(code)
    k = keyname(ch(l[0])) if word else keyname(ch(roles(code)))
    return "\n".join([f"- {keyname(l[2])}: {person(code)}", f"  {keyname(l[3])}: {ch(CITY[code])}", f"  {k}: \"{val}\"", f"  {keyname(l[4])}: \"{zipc(code)}\"", f"  ref: {small_id()}"])

def shape_log(code, val, word):
    ts = f"2026-{R.randrange(1,13):02d}-{R.randrange(1,29):02d}T{R.randrange(24):02d}:{R.randrange(60):02d}:{R.randrange(60):02d}Z"
    if word:
        line = ch([f"{ts} INFO  sms-gateway  queued to={val} template=otp_{CC[code][3]} country={code}",
                   f"{ts} WARN  callbacks   phone={val!r} retry=2 reason=busy",
                   f"[{ts}] notify.INFO: SMS dispatched {{\"msisdn\":\"{val}\",\"locale\":\"{CC[code][3]}\"}}",
                   f"{ts} DEBUG crm.sync  contact updated tel=\"{val}\" source=import"])
    else:
        line = ch([f"{ts} INFO  dispatch  driver assigned: {person(code)} ({val}) route={ch(CITY[code])}",
                   f"{ts} INFO  booking   confirmed guest={person(code)} {val} nights={R.randrange(1,9)}",
                   f"{ts} AUDIT escalation  level=2 notify {val} ({ch(roles(code))})"])
    pre = f"{ts} INFO  worker  job={R.randrange(100,999)} done in {R.randrange(20,900)}ms"
    return "\n".join([pre, line]) if R.random() < 0.5 else line

def shape_vcard(code, val, word):
    n = person(code)
    return "\n".join(["BEGIN:VCARD", "VERSION:3.0", f"FN:{n}", f"ORG:{company(code)}",
                      f"TEL;TYPE={ch(['CELL','WORK,VOICE','HOME'])}:{val}", f"ADR;TYPE=WORK:;;;{ch(CITY[code])};;{zipc(code)};{code}", "END:VCARD"])

def shape_signature(code, val, word):
    n = person(code)
    co = company(code)
    line = (ch(L(code)[0]) + ": " + val) if word else ch([val, val, "| " + val + " |"])
    return "\n".join(["--", n, ch(roles(code)) + " | " + co, ch(CITY[code]) + " " + zipc(code), line,
                      ch(["www." + co.split()[0].lower() + ".example", ""])]).rstrip()

def shape_form(code, val, word):
    l = L(code)
    lab = ch(l[0]) if word else ch(roles(code))
    return "\n".join([f"{l[2]}: {person(code)}", f"{l[3]}: {ch(CITY[code])}   {l[4]}: {zipc(code)}", f"{lab}: {val}", f"{l[7]}: {date_s(code)}", f"{l[5]}: {small_id()}"])

def shape_contacts(code, val, word):
    l = L(code)
    out = []
    tgt_role = ch(roles(code))
    out.append(f"- {person(code)} ({tgt_role}): {val}" if not word else f"- {person(code)} — {ch(l[0])} {val}")
    for _ in range(R.randrange(1, 3)):
        out.append(f"- {person(code)} ({ch(roles(code))}): {ch(['int. ' + str(R.randrange(100, 999)), 'ext. ' + str(R.randrange(100, 999)), '—'])}")
    R.shuffle(out)
    return "\n".join(out)

def shape_crm(code, val, word):
    l = L(code)
    col = ch(["Phone", "Mobile", "Tel", "Main Phone"]) if word else ch(["Primary", "Decision Maker", "Billing"])
    hdr = ["Account Name", "Account Owner", "Stage", col, "Created Date", "Opportunity ID"]
    rows = [[company(code), person(code), ch(["Prospecting", "Negotiation", "Closed Won"]), val, date_s(code), "006" + "".join(ch(string.ascii_letters) for _ in range(12))]]
    return "\n".join(",".join(('"' + x + '"') if "," in x else x for x in r) for r in [hdr] + rows)

PHONE_SHAPES = [("csv", shape_csv), ("csv_semicolon", shape_csv_semicolon), ("tsv", shape_tsv), ("markdown_table", shape_md), ("json", shape_json),
                ("yaml", shape_yaml), ("log", shape_log), ("vcard", shape_vcard), ("signature", shape_signature), ("form", shape_form),
                ("contact_list", shape_contacts), ("crm_export", shape_crm)]

PHONE_WORDS = sorted({w for v in LANG.values() for w in v[0]} | {"phone", "tel", "mobile", "msisdn", "contact", "sms", "TEL", "Phone", "Mobile", "cell", "SMS"})
PHONE_WORD_RE = re.compile("|".join((r"(?<![A-Za-z])" + re.escape(w.lower()) + r"(?![A-Za-z])") if w.isascii() else re.escape(w.lower()) for w in PHONE_WORDS + ["telephone", "telefon", "phones", "mob.", "whatsapp", "fax"]))
def has_phone_word(text):
    return bool(PHONE_WORD_RE.search(text.lower()))

def make_phone(i, countries):
    code = countries[i % len(countries)]
    want_word = (i % 3) != 0
    for _ in range(500):
        sname, fn = PHONE_SHAPES[R.randrange(len(PHONE_SHAPES))]
        if not want_word and sname in ("vcard",):
            continue
        d, grp, npx = gen_nsn(code)
        val, st = format_phone(code, d, grp, npx)
        assert check_written(code, val), (code, val)
        text = fn(code, val, want_word)
        assert val in text
        if text.count(val) != 1:
            continue
        rest = text.replace(val, " | ")
        if phone_hits(rest, code):
            continue
        if want_word != has_phone_word(text):
            continue
        return {"text": text, "secrets": [{"kind": "phone_number", "value": val}], "context": f"phone_number:{sname}:{code}"}, (code, sname, st, want_word)
    raise RuntimeError("phone redraw limit " + code)

# ---------------------------------------------------------------------------------------------------------
# AWS secret access keys (no AKIA/ASIA key id anywhere in the text)
# ---------------------------------------------------------------------------------------------------------
B64A = string.ascii_letters + string.digits + "/+"
def aws_secret():
    while True:
        s = "".join(ch(B64A) for _ in range(40))
        if (any(c.islower() for c in s) and any(c.isupper() for c in s) and any(c.isdigit() for c in s)
                and "AKIA" not in s and "ASIA" not in s and "EXAMPLE" not in s.upper()):
            return s

def profile():
    return ch(["default", "prod", "staging", "ci-deployer", "billing-ro", "data-lake", "backup"])

def region():
    return ch(["eu-central-1", "us-east-1", "us-west-2", "ap-southeast-2", "eu-west-1", "sa-east-1", "ap-northeast-1"])

AWS_T = [
 ("credentials_file", lambda v: f"[{profile()}]\naws_secret_access_key = {v}\nregion = {region()}"),
 ("credentials_file", lambda v: f"# ~/.aws/credentials\n[{profile()}]\naws_secret_access_key={v}\naws_session_token_ttl = 3600"),
 ("sts_json", lambda v: json.dumps({"Credentials": {"SecretAccessKey": v, "SessionToken": "(truncated)", "Expiration": f"2026-0{R.randrange(1,9)}-1{R.randrange(0,9)}T0{R.randrange(0,9)}:15:00+00:00"}, "AssumedRoleUser": {"Arn": f"arn:aws:sts::{R.randrange(10**11, 10**12)}:assumed-role/deploy/ci"}}, indent=4)),
 ("env_export", lambda v: f"export AWS_SECRET_ACCESS_KEY={v}\nexport AWS_DEFAULT_REGION={region()}"),
 ("dotenv", lambda v: f"APP_ENV=production\nS3_BUCKET=assets-{R.randrange(100,999)}\nAWS_SECRET_ACCESS_KEY=\"{v}\"\nAWS_REGION={region()}"),
 ("docker_compose", lambda v: f"services:\n  uploader:\n    image: ghcr.io/acme/uploader:1.{R.randrange(2,9)}\n    environment:\n      - AWS_REGION={region()}\n      - AWS_SECRET_ACCESS_KEY={v}"),
 ("github_actions", lambda v: f"jobs:\n  deploy:\n    runs-on: ubuntu-latest\n    env:\n      AWS_SECRET_ACCESS_KEY: {v}\n    steps:\n      - uses: actions/checkout@v4\n      - run: aws s3 sync ./dist s3://site-{R.randrange(100,999)}"),
 ("terraform", lambda v: f"provider \"aws\" {{\n  region     = \"{region()}\"\n  secret_key = \"{v}\"\n}}"),
 ("boto3", lambda v: f"```python\ns3 = boto3.client(\n    \"s3\",\n    region_name=\"{region()}\",\n    aws_secret_access_key=\"{v}\",\n)\n```"),
 ("chat", lambda v: ch([f"the secret is {v} — rotate it after the demo pls", f"secret key for the bucket user: {v}", f"ok new secret access key is {v}, old one is disabled", f"das Secret ist {v}, bitte nicht ins Repo"])),
 ("credentials_table", lambda v: f"| user | secret access key | created |\n|---|---|---|\n| svc-{ch(['etl','backup','ci'])} | {v} | 2026-0{R.randrange(1,9)}-0{R.randrange(1,9)} |"),
 ("shell_history", lambda v: f"  {R.randrange(100,2000)}  aws configure set aws_secret_access_key {v} --profile {profile()}\n  {R.randrange(2000,2100)}  aws s3 ls --profile {profile()}"),
 ("aws_configure_prompt", lambda v: f"$ aws configure --profile {profile()}\nAWS Access Key ID [None]: ****************\nAWS Secret Access Key [None]: {v}\nDefault region name [None]: {region()}\nDefault output format [None]: json"),
 ("k8s_secret", lambda v: f"apiVersion: v1\nkind: Secret\nmetadata:\n  name: s3-creds\ntype: Opaque\nstringData:\n  AWS_SECRET_ACCESS_KEY: \"{v}\""),
 ("java_properties", lambda v: f"aws.region={region()}\naws.secretKey={v}\ncloud.aws.stack.auto=false"),
 ("rclone_conf", lambda v: f"[s3remote]\ntype = s3\nprovider = AWS\nsecret_access_key = {v}\nregion = {region()}"),
 ("s3cfg", lambda v: f"[default]\nhost_base = s3.amazonaws.com\nsecret_key = {v}\nuse_https = True"),
 ("node_sdk", lambda v: f"```js\nconst client = new S3Client({{\n  region: \"{region()}\",\n  credentials: {{ secretAccessKey: \"{v}\" }},\n}});\n```"),
]

def make_aws(i):
    tool, fn = AWS_T[i % len(AWS_T)]
    v = aws_secret()
    t = fn(v)
    assert v in t and not re.search(r"A[KS]IA[A-Z2-7]{16}", t)
    return {"text": t, "secrets": [{"kind": "aws_secret_access_key", "value": v}], "context": f"aws_secret_access_key:{tool}:{AWS_TOOL[tool]}"}, tool

AWS_TOOL = {"credentials_file": "aws-cli", "sts_json": "aws-sts", "env_export": "shell", "dotenv": "dotenv", "docker_compose": "docker-compose", "github_actions": "github-actions",
            "terraform": "terraform", "boto3": "boto3", "chat": "chat", "credentials_table": "markdown", "shell_history": "bash-history", "aws_configure_prompt": "aws-cli",
            "k8s_secret": "kubernetes", "java_properties": "aws-sdk-java", "rclone_conf": "rclone", "s3cfg": "s3cmd", "node_sdk": "aws-sdk-js"}

# ---------------------------------------------------------------------------------------------------------
# passwords, as people choose them
# ---------------------------------------------------------------------------------------------------------
WORDS = ["Sommer", "Winter", "Tiger", "Kaffee", "Sunflower", "dragon", "Bicicleta", "Estrela", "Amsterdam", "Pinguin", "Mariposa", "Koala", "falcon", "Orange", "Zebra", "Lemon", "Blaubeere", "Chocolat"]
PHRASE = ["purple", "otter", "ladder", "quiet", "river", "cactus", "window", "marble", "socks", "thunder", "velvet", "anchor", "pickle", "lantern"]
NONLATIN = ["Пароль", "Зима", "東京タワー", "北京欢迎你", "Καλημέρα", "사랑해요", "ÜberBrücke", "Ñandú", "Jérôme", "Ωμέγα", "Москва", "さくら"]
SYM = "!%*-_.+?~^"
def password(style=None, nosym=False):
    st = style or ch(["word", "word", "phrase", "random", "random", "nonlatin", "leet"])
    if st == "word":
        p = ch(WORDS) + str(R.randrange(1, 2027)) + ("" if nosym else ch(["!", "?", "*", ".", ""]))
    elif st == "phrase":
        p = ch(["-", "_", "."]).join(ch(PHRASE) for _ in range(R.randrange(3, 5))) + ("" if R.random() < 0.5 else str(R.randrange(10, 99)))
    elif st == "random":
        al = string.ascii_letters + string.digits + ("" if nosym else SYM)
        while True:
            p = "".join(ch(al) for _ in range(R.randrange(12, 25)))
            if any(c.isdigit() for c in p) and any(c.isupper() for c in p):
                break
    elif st == "nonlatin":
        p = ch(NONLATIN) + str(R.randrange(10, 2027)) + ("" if nosym else ch(["!", "#", ""]).replace("#", "!"))
    else:
        w = ch(WORDS)
        p = w.replace("a", "@").replace("o", "0").replace("e", "3").replace("i", "1") + str(R.randrange(10, 99))
        if nosym:
            p = p.replace("@", "4")
    return p

def host():
    return ch(["db01.internal", "10.20.3.14", "pg-main.svc.cluster.local", "mysql.prod.lan", "sql-eu.corp.local", "127.0.0.1", "localhost"])

def user():
    return ch(["app", "svc_billing", "admin_ro", "wp_user", "etl", "jenkins", "reporting", "deploy", "mailer", "grafana"])

PW_T = [
 ("docker_compose", lambda p: f"services:\n  db:\n    image: postgres:16\n    environment:\n      POSTGRES_USER: {user()}\n      POSTGRES_PASSWORD: \"{p}\"\n      POSTGRES_DB: app", {}),
 ("k8s_secret", lambda p: f"apiVersion: v1\nkind: Secret\nmetadata:\n  name: db-credentials\ntype: Opaque\nstringData:\n  username: {user()}\n  password: \"{p}\"", {}),
 ("ansible_vars", lambda p: f"# group_vars/db.yml\nmysql_root_user: root\nmysql_root_password: \"{p}\"\nmysql_port: 3306", {}),
 ("netrc", lambda p: f"machine {ch(['api.heroku.com','git.example.org','ftp.example.net','nexus.corp.local'])}\n  login {user()}\n  password {p}", {"nospace": True}),
 ("pgpass", lambda p: f"{host()}:5432:{ch(['app','billing','analytics'])}:{user()}:{p}", {"nocolon": True}),
 ("my_cnf", lambda p: f"[client]\nuser={user()}\npassword=\"{p}\"\nhost={host()}", {}),
 ("wp_config", lambda p: f"define( 'DB_NAME', 'wordpress' );\ndefine( 'DB_USER', '{user()}' );\ndefine( 'DB_PASSWORD', '{p}' );\ndefine( 'DB_HOST', 'localhost' );", {}),
 ("django_settings", lambda p: f"DATABASES = {{\n    \"default\": {{\n        \"ENGINE\": \"django.db.backends.postgresql\",\n        \"NAME\": \"shop\",\n        \"USER\": \"{user()}\",\n        \"PASSWORD\": \"{p}\",\n        \"HOST\": \"{host()}\",\n    }}\n}}", {}),
 ("appsettings_json", lambda p: json.dumps({"ConnectionStrings": {"Default": f"Server={host()};Database=Orders;User Id={user()};Password={p};TrustServerCertificate=True"}}, indent=2, ensure_ascii=False), {"nosemi": True}),
 ("jenkins_credentials_xml", lambda p: f"<com.cloudbees.plugins.credentials.impl.UsernamePasswordCredentialsImpl>\n  <scope>GLOBAL</scope>\n  <id>nexus-deploy</id>\n  <username>{user()}</username>\n  <password>{p}</password>\n</com.cloudbees.plugins.credentials.impl.UsernamePasswordCredentialsImpl>", {}),
 ("jdbc", lambda p: f"spring.datasource.url=jdbc:postgresql://{host()}:5432/app?user={user()}&password={p}&sslmode=require", {"nourl": True}),
 ("jdbc_sqlserver", lambda p: f"jdbc:sqlserver://{host()}:1433;databaseName=erp;user={user()};password={p};encrypt=true", {"nosemi": True}),
 ("odbc", lambda p: f"Driver={{ODBC Driver 18 for SQL Server}};Server=tcp:{host()},1433;Uid={user()};Pwd={p};Encrypt=yes;", {"nosemi": True}),
 ("adonet", lambda p: f"var cs = \"Data Source={host()};Initial Catalog=Ledger;User ID={user()};Password={p};\";", {"nosemi": True}),
 ("redis_conf", lambda p: f"bind 127.0.0.1\nport 6379\nrequirepass {p}\nmaxmemory 2gb", {"nospace": True}),
 ("htpasswd_cli", lambda p: f"$ htpasswd -b /etc/nginx/.htpasswd {user()} '{p}'\nAdding password for user", {}),
 ("smtp_settings", lambda p: f"MAIL_HOST=smtp.{ch(['mailgun.org','office365.com','sendgrid.net'])}\nMAIL_PORT=587\nMAIL_USERNAME={user()}\nMAIL_PASSWORD={p}\nMAIL_ENCRYPTION=tls", {"nospace": True}),
 ("router_config", lambda p: f"!\nusername {user()} privilege 15 password 0 {p}\n!\nline vty 0 4\n login local", {"nospace": True}),
 ("ldap_bind", lambda p: f"ldapsearch -x -H ldaps://ldap.corp.local -D \"cn={user()},ou=svc,dc=corp,dc=local\" -w '{p}' -b \"dc=corp,dc=local\" \"(uid=*)\"", {}),
 ("java_keystore", lambda p: f"keytool -genkeypair -alias server -keyalg RSA -keystore server.jks -storepass '{p}' -validity 365", {}),
 ("spring_yaml", lambda p: f"spring:\n  datasource:\n    url: jdbc:mysql://{host()}:3306/shop\n    username: {user()}\n    password: '{p}'", {}),
 ("env_file", lambda p: f"DB_HOST={host()}\nDB_USER={user()}\nDB_PASSWORD={p}\nDB_NAME=app", {"nospace": True}),
 ("chat", lambda p: ch([f"wifi im Büro: Gäste-WLAN, Passwort {p}", f"the grafana admin password is {p} until sso is fixed", f"contraseña del servidor de pruebas: {p}", f"pw for the shared {user()} account: {p}"]), {}),
 ("pgbouncer_userlist", lambda p: f"\"{user()}\" \"{p}\"", {}),
 ("mongod_uri_params", lambda p: f"mongosh --host {host()} --username {user()} --password '{p}' --authenticationDatabase admin", {}),
]

def make_password(i):
    tool, fn, flags = PW_T[i % len(PW_T)]
    for _ in range(100):
        p = password(nosym=bool(flags.get("nourl")))
        if flags.get("nourl") and not re.fullmatch(r"[\w\-.~]+", p):
            continue
        if any(c in p for c in "'\"\\;:@&<>$#, /=") :
            continue
        t = fn(p)
        if t.count(p) == 1:
            break
    assert p in t
    return {"text": t, "secrets": [{"kind": "password", "value": p}], "context": f"password:{PW_SHAPE[tool]}:{PW_TOOL[tool]}"}, tool

PW_TOOL = {"docker_compose": "docker-compose", "k8s_secret": "kubernetes", "ansible_vars": "ansible", "netrc": "netrc", "pgpass": "postgresql", "my_cnf": "mysql",
           "wp_config": "wordpress", "django_settings": "django", "appsettings_json": "dotnet", "jenkins_credentials_xml": "jenkins", "jdbc": "jdbc-postgresql",
           "jdbc_sqlserver": "jdbc-sqlserver", "odbc": "odbc", "adonet": "ado.net", "redis_conf": "redis", "htpasswd_cli": "apache-htpasswd", "smtp_settings": "laravel-smtp",
           "router_config": "cisco-ios", "ldap_bind": "openldap", "java_keystore": "keytool", "spring_yaml": "spring-boot", "env_file": "dotenv", "chat": "chat",
           "pgbouncer_userlist": "pgbouncer", "mongod_uri_params": "mongosh"}
PW_SHAPE = {"docker_compose": "yaml", "k8s_secret": "yaml", "ansible_vars": "yaml", "netrc": "netrc", "pgpass": "pgpass", "my_cnf": "ini", "wp_config": "php",
            "django_settings": "python", "appsettings_json": "json_connstring", "jenkins_credentials_xml": "xml", "jdbc": "jdbc_url", "jdbc_sqlserver": "jdbc_url",
            "odbc": "odbc_connstring", "adonet": "adonet_connstring", "redis_conf": "conf", "htpasswd_cli": "command_line", "smtp_settings": "dotenv",
            "router_config": "router_config", "ldap_bind": "command_line", "java_keystore": "command_line", "spring_yaml": "yaml", "env_file": "dotenv",
            "chat": "chat", "pgbouncer_userlist": "userlist", "mongod_uri_params": "command_line"}

# ---------------------------------------------------------------------------------------------------------
# general scanner for negatives
# ---------------------------------------------------------------------------------------------------------
def luhn(d):
    t = 0
    for i, c in enumerate(reversed(d)):
        x = int(c)
        if i % 2:
            x *= 2
            if x > 9:
                x -= 9
        t += x
    return t % 10 == 0

def iban_ok(s):
    s = s.replace(" ", "")
    if not re.fullmatch(r"[A-Z]{2}\d{2}[A-Z0-9]{10,30}", s):
        return False
    r = s[4:] + s[:4]
    return int("".join(str(int(c, 36)) for c in r)) % 97 == 1

def public_ipv4(a):
    p = [int(x) for x in a.split(".")]
    if any(x > 255 for x in p):
        return False
    a0, a1 = p[0], p[1]
    if a0 in (0, 10, 127) or a0 >= 224 or (a0 == 169 and a1 == 254) or (a0 == 172 and 16 <= a1 <= 31) or (a0 == 192 and a1 == 168) or (a0 == 100 and 64 <= a1 <= 127):
        return False
    if a.startswith(("192.0.2.", "198.51.100.", "203.0.113.")) or (a0 == 198 and a1 in (18, 19)):
        return False
    return True

def general_hits(text):
    h = []
    for m in re.finditer(r"[\w.+-]+@[\w-]+\.[\w.]+", text):
        h.append(("email", m.group()))
    for m in re.finditer(r"(?<![\d-])\d{3}-\d{2}-\d{4}(?![\d-])", text):
        h.append(("ssn", m.group()))
    for m in re.finditer(r"A[KS]IA[A-Z2-7]{16}", text):
        if "EXAMPLE" not in m.group():
            h.append(("aws_key_id", m.group()))
    for m in re.finditer(r"(?<![\d.])(\d{1,3}\.\d{1,3}\.\d{1,3}\.\d{1,3})(?![\d.])", text):
        if public_ipv4(m.group(1)):
            h.append(("public_ipv4", m.group(1)))
    for m in re.finditer(r"\d+(?:[ -]\d+)*", DATE_RE.sub("DATE", text)):
        groups = re.split(r"[ -]", m.group())
        for a in range(len(groups)):
            for b in range(a + 1, len(groups) + 1):
                d = "".join(groups[a:b])
                if 13 <= len(d) <= 19 and luhn(d):
                    h.append(("luhn", d))
    for m in re.finditer(r"\b[A-Z]{2}\d{2}(?: ?[A-Z0-9]{4}){2,7}(?: ?[A-Z0-9]{1,3})?\b", text):
        if iban_ok(m.group()):
            h.append(("iban", m.group()))
    for m in re.finditer(r"(gh[pousr]_[A-Za-z0-9]{36}|github_pat_|xox[abpr]-\d|sk-[A-Za-z0-9]{32,}|eyJ[\w-]+\.eyJ[\w-]+\.[\w-]+|-----BEGIN [A-Z ]*PRIVATE KEY-----\n[A-Za-z0-9+/])", text):
        h.append(("token", m.group()))
    for m in re.finditer(r"://[^:/\s@]+:([^@\s]+)@", text):
        if not re.fullmatch(r"[<${*].*|password|pass|changeme|secret|xxx+|\*+", m.group(1)):
            h.append(("url_password", m.group(1)))
    return h

# ---------------------------------------------------------------------------------------------------------
# negatives: record_number_not_phone
# ---------------------------------------------------------------------------------------------------------
CUR = {"code": None}
def not_phone(d):
    c = CUR["code"]
    return c is None or not (is_phone_digits(c, d) or is_phone_digits("US", d))

def num(n, first="123456789"):
    while True:
        d = digits(n, first=first)
        if not_phone(d):
            return d

def grouped(n_groups=3, g=4):
    while True:
        parts = [digits(g) for _ in range(n_groups)]
        if all(not_phone("".join(parts[a:b])) for a in range(n_groups) for b in range(a + 1, n_groups + 1)):
            return " ".join(parts)

def tracking():
    z = "0123456789"
    return ch([f"1Z{''.join(ch(string.ascii_uppercase + string.digits) for _ in range(6))}{num(10, z)}", f"JJD{num(18, z)}",
               f"{ch(['RR','LX','CX','RB','LA'])}{num(9, z)}{ch(['DE','GB','FR','NL','CN'])}", f"{num(12)}", f"00{num(18, z)}", f"CP{num(9, z)}FR"])

def ll():
    return f"{R.uniform(-60, 70):.6f}", f"{R.uniform(-170, 170):.6f}"

def hhmm():
    return f"{R.randrange(24):02d}:{R.randrange(60):02d}"

LOC = {
 "order": {"de": "Bestellnr.", "fr": "N° commande", "es": "Pedido", "pt": "Pedido", "it": "N. ordine", "ja": "注文番号", "zh": "订单号", "pl": "Nr zamówienia", "nl": "Ordernr.", "ru": "№ заказа", "tr": "Sipariş No", "ko": "주문번호", "en": "Order #"},
 "invoice": {"de": "Rechnung", "fr": "Facture", "es": "Factura", "pt": "Fatura", "it": "Fattura", "ja": "請求書", "zh": "发票号", "pl": "Faktura", "nl": "Factuur", "ru": "Счёт", "en": "Invoice"},
 "note": {"de": "Lieferschein", "fr": "Bon de livraison", "es": "Albarán", "pt": "Guia de remessa", "it": "DDT", "ja": "納品書", "zh": "送货单", "pl": "Dowód dostawy", "nl": "Pakbon", "ru": "Накладная", "en": "Delivery note"},
 "weight": {"de": "Gewicht", "fr": "Poids", "es": "Peso", "pt": "Peso", "it": "Peso", "ja": "重量", "zh": "重量", "pl": "Waga", "nl": "Gewicht", "ru": "Вес", "en": "Weight"},
 "parcels": {"de": "Packstücke", "fr": "Colis", "es": "Bultos", "pt": "Volumes", "it": "Colli", "ja": "個数", "zh": "件数", "pl": "Paczki", "nl": "Colli", "ru": "Мест", "en": "Parcels"},
 "track": {"de": "Sendungsnr.", "fr": "N° de suivi", "es": "Seguimiento", "pt": "Rastreio", "it": "Tracking", "ja": "追跡番号", "zh": "运单号", "pl": "Nr przesyłki", "nl": "Track & trace", "ru": "Трек-номер", "en": "Tracking"},
 "device": {"de": "Gerät", "fr": "Appareil", "es": "Equipo", "pt": "Equipamento", "ja": "機器", "zh": "设备", "en": "Device"},
 "booking": {"de": "Buchungstag", "fr": "Date", "es": "Fecha", "pt": "Data", "it": "Data", "nl": "Datum", "en": "Date"},
 "purpose": {"de": "Verwendungszweck", "fr": "Libellé", "es": "Concepto", "pt": "Descrição", "it": "Causale", "nl": "Omschrijving", "en": "Reference"},
 "balance": {"de": "Saldo", "fr": "Solde", "es": "Saldo", "pt": "Saldo", "it": "Saldo", "nl": "Saldo", "en": "Balance"},
}
def loc(code, k):
    return LOC[k].get(CC[code][3], LOC[k]["en"])

def neg_orders_csv(code, sep=","):
    l = L(code)
    hdr = ["order_id", l[5], l[4], l[6], l[7], "items"] if R.random() < 0.5 else [loc(code, "order"), l[5], l[4], l[6], l[7], "qty"]
    rows = []
    for _ in range(R.randrange(3, 9)):
        rows.append([num(R.randrange(8, 13)), small_id(), zipc(code), amount(code), date_s(code) + " " + hhmm(), str(R.randrange(1, 40))])
    q = lambda x: '"' + x + '"' if sep in x else x
    return "\n".join(sep.join(q(x) for x in r) for r in [hdr] + rows), "orders_csv" if sep == "," else "orders_csv_semicolon"

def neg_invoice_md(code):
    l = L(code)
    rows = ["| " + " | ".join([loc(code, "invoice"), l[7], l[6], "PO", "VAT %"]) + " |", "|---|---|---:|---|---:|"]
    for _ in range(R.randrange(2, 7)):
        rows.append("| " + " | ".join([f"{ch(['INV-','RE-','FA','F-',''])}{R.randrange(2024,2027)}-{num(R.randrange(5,8))}", date_s(code), amount(code), f"PO {grouped(R.randrange(2,4), 4)}", str(ch([7, 10, 19, 20, 21, 23]))]) + " |")
    return "\n".join(rows), "invoice_markdown"

def neg_json(code):
    a, b = ll()
    rec = {"order_id": int(num(R.randrange(9, 13))), "customer_no": small_id(), "postcode": zipc(code), "total": float(amount(code).replace(",", ".")),
           "created_at": f"2026-{R.randrange(1,13):02d}-{R.randrange(1,29):02d}T{hhmm()}:{R.randrange(60):02d}Z", "tracking": tracking(),
           "warehouse": {"lat": float(a), "lng": float(b)}, "sku": f"{ch(string.ascii_uppercase)}{ch(string.ascii_uppercase)}-{num(4)}-{num(3)}", "country": code}
    return json.dumps(rec, indent=ch([None, 2])), "order_json"

def neg_yaml(code):
    out = ["inventory:"]
    for _ in range(R.randrange(2, 5)):
        out += [f"  - sku: {ch(string.ascii_uppercase)}{num(R.randrange(6, 10))}", f"    serial: \"SN{num(3)}-{num(5)}-{num(3)}\"", f"    lot: {R.randrange(2024,2027)}{num(4)}",
                f"    count: {R.randrange(0, 5000)}", f"    bin: \"{ch('ABCDE')}{R.randrange(1,40):02d}-{R.randrange(1,9)}\""]
    return "\n".join(out), "inventory_yaml"

def neg_log(code):
    out = []
    for _ in range(R.randrange(2, 7)):
        ts = f"2026-{R.randrange(1,13):02d}-{R.randrange(1,29):02d} {hhmm()}:{R.randrange(60):02d}.{num(3, '0123456789')}"
        out.append(ch([f"{ts} INFO  payments  settled batch={num(R.randrange(8,12))} count={R.randrange(1,900)} total={amount(code)}",
                       f"{ts} WARN  shipping  label reprint order={num(R.randrange(9,12))} parcel={tracking()}",
                       f"{ts} INFO  api  GET /v2/orders/{num(R.randrange(8,12))} 200 {R.randrange(3,900)}ms bytes={R.randrange(200,90000)}",
                       f"{ts} ERROR export job={num(10, '1')} rows={R.randrange(1000, 10**7)} failed at offset {R.randrange(1000, 10**6)}"]))
    return "\n".join(out), "log"

def neg_form(code):
    l = L(code)
    return "\n".join([f"{loc(code, 'note')} {num(R.randrange(8, 12))}", f"{l[5]}: {small_id()}", f"{l[7]}: {date_s(code)}",
                      f"{l[4]}: {zipc(code)}", f"{loc(code, 'weight')}: {R.randrange(1,90)},{R.randrange(10,99)} kg", f"{loc(code, 'parcels')}: {R.randrange(1,12)}",
                      f"{loc(code, 'track')}: {tracking()}"]), "printed_form"

def neg_sortcode(code):
    rows = ["| branch | sort code | BIC | opened |", "|---|---|---|---|"]
    for _ in range(R.randrange(2, 6)):
        rows.append(f"| {ch(['Leeds Central','Oxford St','Glasgow','Cardiff','Belfast','Bristol Harbour'])} | {num(2,'0123456789')}-{num(2,'0123456789')}-{num(2,'0123456789')} | {ch(['NWBKGB2L','BARCGB22','LOYDGB2L','HBUKGB4B'])} | {R.randrange(1950, 2020)} |")
    return "\n".join(rows), "sort_codes_table"

def neg_geo(code):
    out = ["site_id;lat;lon;elevation_m;sensors"]
    for _ in range(R.randrange(3, 8)):
        a, b = ll()
        out.append(f"{num(R.randrange(6, 11))};{a};{b};{R.randrange(0, 3000)};{R.randrange(1, 64)}")
    return "\n".join(out), "geo_csv"

def neg_serials(code):
    out = [loc(code, "device") + "\tSerial\tFirmware\tHours"]
    for _ in range(R.randrange(2, 7)):
        out.append(f"{ch(['PLC','Router','Scanner','Drucker','UPS'])}-{R.randrange(1,40)}\t{num(4)} {num(4)} {num(R.randrange(2,5))}\t{R.randrange(1,9)}.{R.randrange(0,20)}.{R.randrange(0,99)}\t{R.randrange(10, 90000)}")
    return "\n".join(out), "serials_tsv"

def neg_timesheet(code):
    l = L(code)
    out = [f"{l[7]},start,end,hours,cost_center,ticket"]
    for _ in range(R.randrange(3, 8)):
        out.append(f"{date_s(code)},{hhmm()},{hhmm()},{R.randrange(1,11)}.{ch(['0','25','5','75'])},{num(6)},{ch(['OPS','FIN','HR'])}-{num(R.randrange(4,7))}")
    return "\n".join(out), "timesheet_csv"

def neg_bank_stmt(code):
    out = [f"{loc(code, 'booking')}\t{loc(code, 'purpose')}\t{L(code)[6]}\t{loc(code, 'balance')}"]
    for _ in range(R.randrange(3, 7)):
        out.append(f"{date_s(code)}\t{ch(['RE','INV','Lastschrift','Card','SEPA'])} {num(R.randrange(8, 12))}\t-{amount(code)}\t{amount(code)}")
    return "\n".join(out), "statement_tsv"

NEG_REC = [lambda c: neg_orders_csv(c), lambda c: neg_orders_csv(c, ";"), neg_invoice_md, neg_json, neg_yaml, neg_log, neg_form, neg_sortcode, neg_geo, neg_serials, neg_timesheet, neg_bank_stmt]

def make_neg_record(i, countries):
    for attempt in range(400):
        code = countries[(i + attempt * 7) % len(countries)] if attempt % 50 == 49 else countries[i % len(countries)]
        fn = NEG_REC[(i + attempt) % len(NEG_REC)] if attempt >= 150 else NEG_REC[i % len(NEG_REC)]
        if fn is neg_sortcode:
            code = "GB"
        CUR["code"] = code
        t, shape = fn(code)
        CUR["code"] = None
        if phone_hits(t, code) or general_hits(t):
            STATS["neg_redraws"] += 1
            continue
        return {"text": t, "category": "record_number_not_phone"}, (code, shape)
    raise RuntimeError("neg redraw limit")

STATS = {"neg_redraws": 0, "cfg_redraws": 0}

# ---------------------------------------------------------------------------------------------------------
# negatives: config_not_secret
# ---------------------------------------------------------------------------------------------------------
def hexs(n):
    return "".join(ch("0123456789abcdef") for _ in range(n))

def b64_digest(alg="sha256"):
    return base64.b64encode(hashlib.new(alg, str(R.random()).encode()).digest()).decode()

def cursor40():
    # a pagination cursor: base64 of a 30-byte JSON object -> exactly 40 characters, no padding
    while True:
        j = json.dumps({"o": R.randrange(10**5, 10**6), "p": hexs(R.randrange(4, 12))}, separators=(",", ":"))
        if len(j) == 30:
            return base64.b64encode(j.encode()).decode()

def s3_version():
    return "".join(ch(string.ascii_letters + string.digits + "._") for _ in range(32))

def sops_enc(plain_len=20):
    return f"ENC[AES256_GCM,data:{base64.b64encode(bytes(R.randrange(256) for _ in range(plain_len))).decode()},iv:{base64.b64encode(bytes(R.randrange(256) for _ in range(32))).decode()},tag:{base64.b64encode(bytes(R.randrange(256) for _ in range(16))).decode()},type:str]"

PH = ["<password>", "${DB_PASS}", "changeme", "example", "***", "", "<your-secret-access-key>", "REPLACE_ME", "${{ secrets.DB_PASSWORD }}", "{{ db_password }}", "%DB_PASSWORD%", "xxxxxxxx", "********"]
def ph():
    return ch(PH)

def acct():
    return ch(["123456789012", "111122223333", "444455556666"])

CFG_T = [
 ("compose_env_ref", lambda: f"services:\n  db:\n    image: postgres:16\n    environment:\n      POSTGRES_USER: app\n      POSTGRES_PASSWORD: ${{DB_PASS:?set DB_PASS}}\n      POSTGRES_DB: app"),
 ("compose_secret_file", lambda: "services:\n  db:\n    image: mariadb:11\n    environment:\n      MARIADB_ROOT_PASSWORD_FILE: /run/secrets/db_root_password\n    secrets:\n      - db_root_password\nsecrets:\n  db_root_password:\n    file: ./secrets/db_root_password.txt"),
 ("dotenv_empty", lambda: f"DB_HOST=localhost\nDB_USER=app\nDB_PASSWORD=\nAWS_SECRET_ACCESS_KEY=\nSMTP_PASSWORD=\n# fill these in locally, never commit them"),
 ("dotenv_example", lambda: f"# .env.example\nDATABASE_URL=postgres://app:{ch(['<password>','${DB_PASS}','password','changeme'])}@localhost:5432/app\nAWS_SECRET_ACCESS_KEY={ch(['<your-secret-access-key>','your_secret_key_here','xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'])}\nREDIS_PASSWORD={ph()}"),
 ("k8s_secretkeyref", lambda: "env:\n  - name: DB_PASSWORD\n    valueFrom:\n      secretKeyRef:\n        name: db-credentials\n        key: password\n  - name: AWS_SECRET_ACCESS_KEY\n    valueFrom:\n      secretKeyRef:\n        name: s3-creds\n        key: secret-access-key"),
 ("external_secret_vault", lambda: f"apiVersion: external-secrets.io/v1beta1\nkind: ExternalSecret\nmetadata:\n  name: app-db\nspec:\n  secretStoreRef:\n    name: vault-backend\n    kind: ClusterSecretStore\n  data:\n    - secretKey: password\n      remoteRef:\n        key: secret/data/{ch(['prod','staging'])}/app/db\n        property: password"),
 ("op_refs", lambda: f"DB_PASSWORD=op://{ch(['Engineering','Infra','Prod'])}/postgres-main/password\nAWS_SECRET_ACCESS_KEY=op://Infra/aws-ci/secret access key\nSMTP_PASSWORD=op://Infra/mailgun/password"),
 ("ecs_secrets_arn", lambda: json.dumps({"containerDefinitions": [{"name": "api", "secrets": [{"name": "DB_PASSWORD", "valueFrom": f"arn:aws:secretsmanager:{region()}:{acct()}:secret:prod/api/db-{''.join(ch(string.ascii_letters) for _ in range(6))}"}, {"name": "AWS_SECRET_ACCESS_KEY", "valueFrom": f"arn:aws:ssm:{region()}:{acct()}:parameter/prod/api/aws-secret-key"}]}]}, indent=2)),
 ("ssm_params", lambda: f"$ aws ssm get-parameters-by-path --path /{ch(['prod','staging'])}/db --query 'Parameters[].Name'\n[\n    \"/prod/db/host\",\n    \"/prod/db/password\",\n    \"/prod/db/replica_password\"\n]"),
 ("password_policy_yaml", lambda: f"auth:\n  password_min_length: {R.randrange(10, 17)}\n  password_require_symbols: true\n  password_max_age_days: {ch([90, 180, 365])}\n  password_history: {R.randrange(3, 25)}\n  lockout_after_failed_attempts: {R.randrange(3, 10)}"),
 ("sshd_config", lambda: "# /etc/ssh/sshd_config.d/10-hardening.conf\nPasswordAuthentication no\nPermitEmptyPasswords no\nKbdInteractiveAuthentication no\nPermitRootLogin prohibit-password\nPubkeyAuthentication yes"),
 ("aws_credentials_sso", lambda: f"[profile {profile()}]\nsso_session = corp\nsso_account_id = {acct()}\nsso_role_name = ReadOnly\nregion = {region()}\n\n[profile legacy]\ncredential_process = /usr/local/bin/aws-vault export --format=json legacy"),
 ("appsettings_placeholder", lambda: json.dumps({"ConnectionStrings": {"Default": f"Server=localhost;Database=Orders;User Id=sa;Password={ch(['<password>','{your_password}','***'])};"}, "Smtp": {"Password": ""}}, indent=2)),
 ("wp_config_sample", lambda: "define( 'DB_NAME', 'database_name_here' );\ndefine( 'DB_USER', 'username_here' );\ndefine( 'DB_PASSWORD', 'password_here' );\ndefine( 'AUTH_KEY',         'put your unique phrase here' );"),
 ("terraform_sensitive_var", lambda: f"variable \"db_password\" {{\n  description = \"Master password, read from TF_VAR_db_password\"\n  type        = string\n  sensitive   = true\n}}\n\nresource \"aws_db_instance\" \"main\" {{\n  password = var.db_password\n}}"),
 ("gha_secrets_ref", lambda: "    env:\n      AWS_SECRET_ACCESS_KEY: ${{ secrets.AWS_SECRET_ACCESS_KEY }}\n      DB_PASSWORD: ${{ secrets.DB_PASSWORD }}\n      NPM_TOKEN: ${{ secrets.NPM_TOKEN }}"),
 ("spring_env_default", lambda: "spring:\n  datasource:\n    url: jdbc:postgresql://${DB_HOST:localhost}:5432/app\n    username: ${DB_USER:app}\n    password: ${DB_PASSWORD:}"),
 ("redis_conf_sample", lambda: "# requirepass foobared\n# masterauth <master-password>\nprotected-mode yes\nport 6379"),
 ("htpasswd_prompt", lambda: (lambda u: f"$ htpasswd -c /etc/nginx/.htpasswd {u}\nNew password:\nRe-type new password:\nAdding password for user {u}")(user())),
 ("keytool_env", lambda: "keytool -importkeystore -srckeystore server.p12 -srcstoretype PKCS12 -srcstorepass:env P12_PASS -destkeystore server.jks -deststorepass:file /run/secrets/jks_pass"),
 ("ansible_vault_ref", lambda: f"mysql_root_password: \"{{{{ vault_mysql_root_password }}}}\"\nmysql_users:\n  - name: app\n    password: \"{{{{ vault_mysql_app_password }}}}\"\n    priv: \"app.*:ALL\""),
 ("ansible_vault_cipher", lambda: "db_password: !vault |\n          $ANSIBLE_VAULT;1.1;AES256\n          " + "\n          ".join(hexs(80) for _ in range(R.randrange(3, 6)))),
 ("k8s_secret_empty", lambda: "apiVersion: v1\nkind: Secret\nmetadata:\n  name: smtp\ntype: Opaque\nstringData:\n  username: \"\"\n  password: \"\"   # filled by the sealed-secrets controller"),
 ("azure_keyvault_ref", lambda: f"{{\n  \"name\": \"DbPassword\",\n  \"value\": \"@Microsoft.KeyVault(SecretUri=https://kv-{ch(['prod','shop','erp'])}.vault.azure.net/secrets/DbPassword/)\",\n  \"slotSetting\": false\n}}"),
 ("gcp_secret_manager", lambda: f"env:\n  - name: DB_PASSWORD\n    valueFrom:\n      secretKeyRef:\n        key: latest\n        name: projects/{ch(['shop-prod','erp-dev'])}/secrets/db-password"),
 ("iam_password_policy", lambda: json.dumps({"PasswordPolicy": {"MinimumPasswordLength": R.randrange(12, 20), "RequireSymbols": True, "RequireNumbers": True, "MaxPasswordAge": 90, "PasswordReusePrevention": 24, "HardExpiry": False}}, indent=4)),
 ("pwquality", lambda: f"# /etc/security/pwquality.conf\nminlen = {R.randrange(10, 16)}\ndcredit = -1\nucredit = -1\nocredit = -1\nenforce_for_root"),
 ("aws_configure_list", lambda: f"$ aws configure list\n      Name                    Value             Type    Location\n      ----                    -----             ----    --------\n   profile                {profile()}           manual    --profile\naccess_key     ****************{''.join(ch(string.ascii_uppercase + '234567') for _ in range(4))} shared-credentials-file\nsecret_key     ****************{''.join(ch(string.ascii_letters) for _ in range(4))} shared-credentials-file\n    region                {region()}      config-file    ~/.aws/config"),
 ("s3_version_etag", lambda: json.dumps({"ETag": f"\"{hexs(32)}\"", "VersionId": s3_version(), "ChecksumSHA256": b64_digest(), "ServerSideEncryption": "aws:kms"}, indent=4)),
 ("s3_list_versions", lambda: "\n".join(["$ aws s3api list-object-versions --bucket backups --prefix db/ --query 'Versions[].[VersionId,ETag,LastModified]' --output text"] + [f"{s3_version()}\t\"{hexs(32)}-{R.randrange(2,40)}\"\t2026-0{R.randrange(1,9)}-1{R.randrange(0,9)}T0{R.randrange(0,9)}:1{R.randrange(0,9)}:00+00:00" for _ in range(R.randrange(2, 5))])),
 ("oidc_thumbprint", lambda: f"resource \"aws_iam_openid_connect_provider\" \"github\" {{\n  url             = \"https://token.actions.githubusercontent.com\"\n  client_id_list  = [\"sts.amazonaws.com\"]\n  thumbprint_list = [\"{hexs(40)}\"]\n}}"),
 ("cert_thumbprint", lambda: f"\"SigningCertificate\": {{\n  \"Thumbprint\": \"{hexs(40).upper()}\",\n  \"NotAfter\": \"2027-0{R.randrange(1,9)}-01T00:00:00Z\",\n  \"Subject\": \"CN=build-signing\"\n}}"),
 ("pagination_cursor", lambda: json.dumps({"data": [], "has_more": True, "next_cursor": cursor40()}, indent=2)),
 ("digest_headers", lambda: f"HTTP/2 200\ncontent-type: application/octet-stream\netag: \"{hexs(32)}\"\ndigest: SHA-256={b64_digest()}\nx-amz-checksum-sha1: {b64_digest('sha1')}\nx-amz-version-id: {s3_version()}"),
 ("sops_file", lambda: f"db:\n    password: {sops_enc(R.randrange(12, 30))}\n    user: app\nsops:\n    kms:\n        - arn: arn:aws:kms:{region()}:{acct()}:key/{hexs(8)}-{hexs(4)}-{hexs(4)}-{hexs(4)}-{hexs(12)}\n    lastmodified: \"2026-0{R.randrange(1,9)}-0{R.randrange(1,9)}T10:00:00Z\"\n    mac: {sops_enc(32).replace('type:str', 'type:str')}\n    version: 3.9.0"),
 ("git_pinned_sha", lambda: f"repos:\n  - repo: https://github.com/{ch(['pre-commit/pre-commit-hooks','psf/black','gitleaks/gitleaks'])}\n    rev: {hexs(40)}  # frozen: v{R.randrange(1,9)}.{R.randrange(0,20)}.0\n    hooks:\n      - id: {ch(['detect-private-key','black','gitleaks'])}"),
 ("jenkins_creds_ref", lambda: "withCredentials([usernamePassword(credentialsId: 'nexus-deploy', usernameVariable: 'NEXUS_USER', passwordVariable: 'NEXUS_PASS')]) {\n    sh 'mvn -s settings.xml deploy -Dnexus.password=$NEXUS_PASS'\n}"),
 ("netrc_placeholder", lambda: f"machine {ch(['git.example.org','api.heroku.com','nexus.corp.local'])}\n  login <username>\n  password <token>"),
 ("jdbc_placeholder", lambda: f"jdbc:postgresql://{host()}:5432/app?user=${{DB_USER}}&password=${{DB_PASSWORD}}"),
 ("smtp_placeholder", lambda: f"MAIL_HOST=smtp.mailgun.org\nMAIL_PORT=587\nMAIL_USERNAME=postmaster\nMAIL_PASSWORD={ch(['null','<smtp-password>','${SMTP_PASS}','changeme'])}"),
 ("router_secret_policy", lambda: "security passwords min-length 12\nservice password-encryption\nlogin block-for 120 attempts 5 within 60\naaa authentication login default group tacacs+ local"),
 ("boto3_profile", lambda: f"```python\nsession = boto3.Session(profile_name=\"{profile()}\")\n# no keys here: credentials come from the SSO cache or the instance role\ns3 = session.client(\"s3\", region_name=\"{region()}\")\n```"),
]

def make_neg_cfg(i):
    for attempt in range(200):
        name, fn = CFG_T[(i + attempt) % len(CFG_T)]
        t = fn()
        hits = general_hits(t) + phone_hits(t, "US")
        if hits:
            STATS["cfg_redraws"] += 1
            continue
        return {"text": t, "category": "config_not_secret"}, name
    raise RuntimeError("cfg redraw limit")

# ---------------------------------------------------------------------------------------------------------
# wrapping, assembly, README
# ---------------------------------------------------------------------------------------------------------
LEADINS = ["fyi:", "Zur Info:", "see below", "siehe unten:", "ci-dessous :", "abajo:", "segue:", "参考まで:", "供参考：", "ter info:", "för kännedom:", "為您參考:",
           "can someone check this?", "kannst du kurz drüberschauen?", "from the import job:", "pasted from the export:", "aus dem Export:", "dump from staging:"]
TRAILERS = ["thanks", "danke!", "merci", "gracias", "(truncated)", "ok?", "— via mobile app", "ありがとう"]
assert not any(has_phone_word(x) for x in LEADINS + TRAILERS if x != "— via mobile app")
TRAILERS.remove("— via mobile app")

def wrap(t, fence_ok=True):
    if fence_ok and not t.startswith("```") and R.random() < 0.3:
        t = "```\n" + t + "\n```"
    if R.random() < 0.25:
        t = ch(LEADINS) + "\n" + t
    if R.random() < 0.1:
        t = t + "\n" + ch(TRAILERS)
    return t

def build():
    codes = [c[0] for c in COUNTRIES]
    order = codes[:]
    R.shuffle(order)
    pos, neg, meta_pos, meta_neg = [], [], [], []
    seen = set()
    for i in range(150):
        while True:
            r, m = make_phone(i, order)
            r["text"] = wrap(r["text"])
            if r["text"] not in seen and has_phone_word(r["text"]) == m[3]:
                break
        seen.add(r["text"]); pos.append(r); meta_pos.append(("phone_number",) + m)
    for i in range(75):
        while True:
            r, tool = make_aws(i)
            r["text"] = wrap(r["text"], fence_ok=tool not in ("boto3", "node_sdk"))
            if r["text"] not in seen:
                break
        seen.add(r["text"]); pos.append(r); meta_pos.append(("aws_secret_access_key", tool))
    for i in range(75):
        while True:
            r, tool = make_password(i)
            r["text"] = wrap(r["text"])
            if r["text"] not in seen:
                break
        seen.add(r["text"]); pos.append(r); meta_pos.append(("password", tool))
    norder = codes[:]
    R.shuffle(norder)
    for i in range(150):
        while True:
            r, m = make_neg_record(i, norder)
            r["text"] = wrap(r["text"])
            if r["text"] not in seen:
                break
        seen.add(r["text"]); neg.append(r); meta_neg.append(("record_number_not_phone",) + m)
    for i in range(150):
        while True:
            r, name = make_neg_cfg(i)
            r["text"] = wrap(r["text"], fence_ok=not r["text"].startswith("```"))
            if r["text"] not in seen:
                break
            STATS["cfg_redraws"] += 0
        seen.add(r["text"]); neg.append(r); meta_neg.append(("config_not_secret", name))
    # checks
    for r in pos:
        for s in r["secrets"]:
            assert s["value"] in r["text"], r
    for r, m in zip(pos, meta_pos):
        if m[0] == "phone_number":
            code = m[1]
            v = r["secrets"][0]["value"]
            assert check_written(code, v)
            assert not phone_hits(r["text"].replace(v, " | "), code)
        if m[0] == "aws_secret_access_key":
            v = r["secrets"][0]["value"]
            assert re.fullmatch(r"[A-Za-z0-9/+]{40}", v) and not re.search(r"A[KS]IA", r["text"])
    final_hits = []
    for r, m in zip(neg, meta_neg):
        code = m[1] if m[0] == "record_number_not_phone" else "US"
        h = general_hits(r["text"]) + phone_hits(r["text"], code)
        final_hits += h
    assert not final_hits, final_hits
    # shuffle and number
    pi = list(range(len(pos))); R.shuffle(pi)
    ni = list(range(len(neg))); R.shuffle(ni)
    P_out, N_out, PM, NM = [], [], [], []
    for k, j in enumerate(pi):
        r = pos[j]
        P_out.append({"id": f"d16p-{k+1:04d}", "text": r["text"], "secrets": r["secrets"], "context": r["context"]}); PM.append(meta_pos[j])
    for k, j in enumerate(ni):
        r = neg[j]
        N_out.append({"id": f"d16n-{k+1:04d}", "text": r["text"], "category": r["category"]}); NM.append(meta_neg[j])
    return P_out, N_out, PM, NM

def write_jsonl(path, rows):
    with open(path, "w", encoding="utf-8", newline="\n") as f:
        for r in rows:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")
    return hashlib.sha256(open(path, "rb").read()).hexdigest()

def count(items):
    d = {}
    for x in items:
        d[x] = d.get(x, 0) + 1
    return sorted(d.items(), key=lambda kv: (-kv[1], kv[0]))

def main():
    P_out, N_out, PM, NM = build()
    hp = write_jsonl(os.path.join(HERE, "dev16_positives.jsonl"), P_out)
    hn = write_jsonl(os.path.join(HERE, "dev16_negatives.jsonl"), N_out)
    write_readme(P_out, N_out, PM, NM, hp, hn)
    print("positives", len(P_out), hp)
    print("negatives", len(N_out), hn)
    print("negative redraws", STATS)

def lines(t):
    return t.count("\n") + 1

def write_readme(P_out, N_out, PM, NM, hp, hn):
    out = []
    A = out.append
    A("> PLACEHOLDER")
    A("")
    A("# dev16: blind development probe — phone numbers in records, AWS secret keys, config passwords")
    A("")
    A("Files. `gen.py` writes them, using `random.Random(1616)` (the only randomness). Output is deterministic: two runs give byte-identical")
    A("files, also under `PYTHONHASHSEED=0` and `PYTHONHASHSEED=123` (checked with `cmp`). No set or dict is iterated in hash order.")
    A("")
    A(f"- `dev16_positives.jsonl`: {len(P_out)} texts, **one labelled secret each** (150 `phone_number`, 75 `aws_secret_access_key`, 75 `password`).")
    A(f"  sha256 `{hp}`")
    A(f"- `dev16_negatives.jsonl`: {len(N_out)} near misses with **no secret and no personal data** (150 `record_number_not_phone`, 150 `config_not_secret`).")
    A(f"  sha256 `{hn}`")
    A("- `gen.py`: the generator (standard library only). It also writes this README.")
    A("")
    A("Regenerate with `python3 gen.py` (writes all three files next to the script).")
    A("")
    A("## Blindness record")
    A("")
    A("Written without reading the redactor's code, rules, tests or any other test set. Opened: `/work/briefs/probe16.md`, `/work/briefs/data.md`,")
    A("`/work/.library/env/README.md`, `/work/main/tests/support/data/redaction4/README.md` (in full) and `head -3` of `redaction4_negatives.jsonl` and")
    A("`redaction4_positives.jsonl` (record format and kind names only). Nothing else under `/work/main`, no `/work/wt-*`, no other folder under `/work/data`")
    A("was listed, opened or grepped. No git command, no search tool, nothing installed, the product never run. Commands run: `cat`/`head` of the files")
    A("above, `mkdir`, writing `gen.py` here, `python3 gen.py` and small `python3 -c` checks importing it, reruns in `/tmp` under")
    A("`PYTHONHASHSEED=0` / `=123` compared with `cmp`, `sha256sum`, `date`.")
    A("")
    A("## Record format")
    A("")
    A("Positives: `{\"id\": \"d16p-0001\", \"text\": ..., \"secrets\": [{\"kind\": ..., \"value\": ...}], \"context\": \"<kind>:<shape>:<country-or-tool>\"}`.")
    A("Every `value` occurs verbatim in `text` (asserted). Negatives: `{\"id\": \"d16n-0001\", \"text\": ..., \"category\": ...}`. Ids are given after a shuffle.")
    A("About 25 % of texts get a short lead-in line (English, German, French, Spanish, Portuguese, Dutch, Swedish, Japanese, Chinese), about 10 % a")
    A("short trailer, about 30 % a Markdown code fence. None of the lead-ins/trailers contains a phone word.")
    A("")
    # phones
    ph = [m for m in PM if m[0] == "phone_number"]
    A("## Positives")
    A("")
    A("| kind | secrets | shapes | notes |")
    A("|---|---:|---|---|")
    A(f"| phone_number | {len(ph)} | " + ", ".join(f"{k} {v}" for k, v in count(m[2] for m in ph)) + f" | {len(set(m[1] for m in ph))} countries; written forms: " + ", ".join(f"{k} {v}" for k, v in count(m[3] for m in ph)) + f"; **{sum(1 for m in ph if not m[4])} texts with no phone word anywhere** |")
    aw = [m for m in PM if m[0] == "aws_secret_access_key"]
    A(f"| aws_secret_access_key | {len(aw)} | " + ", ".join(f"{k} {v}" for k, v in count(m[1] for m in aw)) + " | 40 × `[A-Za-z0-9/+]`, at least one upper, lower and digit; no `AKIA`/`ASIA` key id (nor those four letters) anywhere in the text |")
    pw = [m for m in PM if m[0] == "password"]
    A(f"| password | {len(pw)} | " + ", ".join(f"{k} {v}" for k, v in count(m[1] for m in pw)) + " | words+digits(+symbol), dash/dot/underscore phrases, random 12–24 chars, leetspeak, non-Latin (Cyrillic, Greek, Japanese, Chinese, Korean, accented Latin) |")
    A(f"| **total** | **{len(PM)}** | | {len(PM)} texts, one secret each |")
    A("")
    A("### phone_number per country")
    A("")
    A("`written form`: `nat` national with trunk prefix as used in the country, `br` national with the area/trunk part in brackets, `intl` `+CC` grouped,")
    A("`intl0` `+CC (0)…`, `00` `00CC …`, `e164` `+CC` compact, `us_*` NANP styles (`(415) 555-…`, dashes, dots, `1-…`).")
    A("")
    A("| country | continent | CC | texts | no phone word | shapes | forms |")
    A("|---|---|---:|---:|---:|---|---|")
    for code, cont, cc, lang, *_ in COUNTRIES:
        mm = [m for m in ph if m[1] == code]
        if not mm:
            continue
        A(f"| {code} | {cont} | +{cc} | {len(mm)} | {sum(1 for m in mm if not m[4])} | " + ", ".join(sorted(set(m[2] for m in mm))) + " | " + ", ".join(sorted(set(m[3] for m in mm))) + " |")
    A("")
    A("Continents: " + ", ".join(f"{k} {v}" for k, v in count(CC[m[1]][1] for m in ph)) + ".")
    A("")
    A("### Validity checks on phones (in `gen.py`)")
    A("")
    A("- A simplified numbering plan per country (`COUNTRIES`): for each rule, the leading digits of the national significant number (NSN), its")
    A("  length, its usual grouping and the national (trunk) prefix (`0`, `8` for Russia, `06` for Hungary, none for ES/PT/IT/PL/NO/DK/CZ/GR/…,")
    A("  Italian landlines keep their `0` inside the NSN; Argentina's `+54 9 …` mobile form is international only). NANP (US/CA): `NXX NXX XXXX`, no")
    A("  `N11`, no `555` area. Subscriber parts after the leading digits never start with 0 or 1.")
    A("- Every value is re-parsed from its written form (`check_written`: strip `(0)`, `+CC` / `00CC` / trunk prefix) and must be valid in its country.")
    A("- Labels are in the country's language or abbreviated (`Tel.`, `Móvil`, `手机`, `ph`, `contact`, `numero`, …). For a third of the phones the text")
    A("  holds **no phone word at all** (checked against the union of all phone labels of all languages plus `sms`/`msisdn`/`cell`): the column or field")
    A("  is named after a person's role (`Hausmeister`, `Astreinte`, `Encargado`, `担当者`, `Decision Maker`, …), or it is a signature line or a bare list.")
    A("- Each text holds exactly one phone number; other rows of a table leave that cell empty (`—`, `n/a`) or hold a 3-digit extension.")
    A("- Other numbers in the same record (ids, amounts, dates+times, postcodes, opportunity ids) are checked by the same scanner as the negatives")
    A("  (value blanked out): none is a valid number of the record's country or of NANP.")
    A("- Person names (unlabelled, as in redaction4) appear next to phones; no e-mail addresses appear anywhere.")
    A("")
    # negatives
    A("## Negatives")
    A("")
    A("| category | texts | templates | min/max lines | what is in it |")
    A("|---|---:|---:|---|---|")
    for cat, desc in [("record_number_not_phone", "CSV / semicolon CSV / TSV / Markdown / JSON / YAML / logs / printed delivery notes in the record country's language, full of order ids (8–12 digits), invoice and PO numbers (grouped `PO 1234 5678 9012`), customer numbers, postcodes, amounts, dates with times, SKUs, serials grouped `1234 5678 901`, lot numbers, tracking numbers (UPS `1Z…`, DHL `JJD…`, 20-digit SSCC, S10 `CP…FR`), UK sort codes, lat/long with 6 decimals, counts, cost centres"),
                      ("config_not_secret", "configs that name secrets and hold none: empty values, placeholders (`<password>`, `${DB_PASS}`, `changeme`, `password_here`, `***`), references (`secretKeyRef`, External Secrets + Vault paths, `op://`, Secrets Manager / SSM ARNs, Azure Key Vault and GCP Secret Manager refs, `${{ secrets.X }}`, `-storepass:env`, Jenkins `withCredentials`), policies (`password_min_length`, `PasswordAuthentication no`, IAM password policy, pwquality, IOS `security passwords min-length`), masked `aws configure list`, and labelled non-secret blobs: S3 `VersionId`, ETags, base64 SHA-256/SHA-1 checksums, a 40-char base64 pagination cursor, OIDC and signing-certificate thumbprints (40 hex), git SHAs, SOPS `ENC[AES256_GCM,…]`, Ansible Vault ciphertext")]:
        mm = [(r, m) for r, m in zip(N_out, NM) if m[0] == cat]
        ls = [lines(r["text"]) for r, m in mm]
        tmpl = len(set(m[2] if cat == "record_number_not_phone" else m[1] for r, m in mm))
        A(f"| `{cat}` | {len(mm)} | {tmpl} | {min(ls)} / {max(ls)} | {desc} |")
    A(f"| **total** | **{len(N_out)}** | | | |")
    A("")
    rn = [m for m in NM if m[0] == "record_number_not_phone"]
    A("`record_number_not_phone` shapes: " + ", ".join(f"{k} {v}" for k, v in count(m[2] for m in rn)) + ".")
    A("")
    A(f"Record countries ({len(set(m[1] for m in rn))}): " + ", ".join(f"{k} {v}" for k, v in count(m[1] for m in rn)) + ".")
    A("")
    cn = [m for m in NM if m[0] == "config_not_secret"]
    A("`config_not_secret` templates: " + ", ".join(f"{k} {v}" for k, v in count(m[1] for m in cn)) + ".")
    A("")
    A("### Scanner guarantees (enforced by `gen.py`; a hit redraws the text)")
    A("")
    A("- **Phones**: every window of 1–6 digit groups joined by short separators (space, `-`, `.`, `/`, `(`, `)`, `+`, `(0)`) whose digits are 7–15")
    A("  long is tested as NSN, trunk+NSN, `CC`+NSN, `CC0`+NSN and `00CC`+NSN against the record's country and NANP (`record_number_not_phone`),")
    A("  and against NANP for `config_not_secret`. Well-formed calendar dates and clock times (`2026-03-14T10:22:33Z`, `14.03.2026 10:22`, `10:22`)")
    A("  are masked before this scan: a date is a date (that a naive rule may join `2026-06-05 09` into the NANP-shaped `202 606 0509` is the trap).")
    A("- e-mail addresses; SSN shape `ddd-dd-dddd`; Luhn-valid 13–19 digit runs (plain, and every run of whole groups inside a space/dash-grouped")
    A("  number, dates masked as above); mod-97 IBANs; non-EXAMPLE")
    A("  `AKIA`/`ASIA` key ids; public IPv4; GitHub/Slack/`sk-` token shapes, three-part JWTs, PEM private-key bodies; URL userinfo whose password")
    A("  is not a placeholder.")
    A(f"- Redraws during generation: record negatives {STATS['neg_redraws']}, config negatives {STATS['cfg_redraws']}. **Hits on the final set: 0** (asserted).")
    A("- All texts (positives and negatives together) are distinct. Negatives hold no person names, no e-mail addresses, no phone numbers.")
    A("")
    A("## Known ambiguities (decide how to score them)")
    A("")
    A("- **Phones are judged only against the record's own country and NANP.** A negative's 8–12 digit order id may still be a valid number in some")
    A("  *other* country's plan (e.g. an 8-digit id starting with 9 is a Danish/Norwegian-shaped mobile number). The record's country is in this")
    A("  README's tables only, not in the negatives' records.")
    A("- **Simplified plans.** The plans cover common mobile and big-city landline ranges only; a real number outside them is never generated, and")
    A("  a few generated ranges may be unassigned in reality. Argentina mobiles are only written `+54 9 …`.")
    A("- **No phone word.** In a third of the phone texts only the shape and the column position say it is a phone (role columns, signatures, bare")
    A("  lists). A redactor that needs a keyword will miss them by design.")
    A("- **40-char base64/hex blobs in `config_not_secret`.** Cursors (exactly 40 base64 chars), thumbprints and git SHAs (40 hex), checksums")
    A("  (28/44 base64) have the shape of an AWS secret key; only the label (`next_cursor`, `thumbprint_list`, `rev:`, `digest:`) says what they are.")
    A("  SOPS and Ansible Vault ciphertext is encrypted data, counted as not a secret.")
    A("- **Placeholder passwords**: `changeme`, `password_here`, `example`, `null`, `foobared` (commented Redis sample) count as no secret.")
    A("- **Masked keys**: `aws configure list` shows `****************` + 4 chars of the key id / secret; counted as not a secret.")
    A("- **Passwords** in positives: `password` values never contain quotes, `;`, `:`, `@`, `&`, `<`, `>`, `$`, `#`, `,`, `/`, `=`, spaces or backslashes,")
    A("  so every value is exactly the substring between the format's delimiters. JDBC URL passwords are URL-safe (`[A-Za-z0-9_.~-]`).")
    A("- AWS positives whose shape is a chat line or a credentials table carry no `aws_` keyword next to the value (\"the secret is …\").")
    A("")
    open(os.path.join(HERE, "README.md"), "w", encoding="utf-8", newline="\n").write("\n".join(out) + "\n")

if __name__ == "__main__":
    main()
