#!/usr/bin/env python3
"""dev18: record numbers under labels, beside real phones.

Writes dev18_negatives.jsonl (400), dev18_positives.jsonl (200) and README.md next to this file.
Standard library only; random.Random(1818) is the only randomness; no set/dict-hash-order dependence.
"""
import hashlib
import json
import os
import random
import re
from collections import Counter, OrderedDict

HERE = os.path.dirname(os.path.abspath(__file__))
R = random.Random(1818)

# ---------------------------------------------------------------------------------------------
# Simplified numbering plans.  Each type: (NSN prefixes, NSN length, national templates,
# international templates).  'N' = one NSN digit; everything else is literal.
# Validation: strip "(0)", keep + and digits; +CC / 00CC -> NSN; else trunk -> NSN;
# else (no trunk, or bare_ok) the digits are the NSN.  Valid if the NSN has a listed prefix and length.
# ---------------------------------------------------------------------------------------------
PLANS = OrderedDict()


def plan(cc_iso, cc, trunk, types, bare_ok=False):
    PLANS[cc_iso] = dict(cc=cc, trunk=trunk, types=types, bare_ok=bare_ok)


plan("GB", "44", "0", [
    (["71", "72", "73", "74", "75", "77", "78", "79"], 10, ["0NNNN NNNNNN", "0NNNN NNN NNN", "0NNNNNNNNNN"],
     ["+44 NNNN NNNNNN", "+44 (0)NNNN NNNNNN", "+44NNNNNNNNNN"]),
    (["20"], 10, ["0NN NNNN NNNN"], ["+44 NN NNNN NNNN"]),
    (["161"], 10, ["0NNN NNN NNNN"], ["+44 NNN NNN NNNN"])])
plan("US", "1", "", [
    (["2", "3", "4", "5", "6", "7", "8", "9"], 10, ["(NNN) NNN-NNNN", "NNN-NNN-NNNN", "NNN.NNN.NNNN"],
     ["+1 NNN NNN NNNN", "+1-NNN-NNN-NNNN", "+1 (NNN) NNN-NNNN"])])
plan("DE", "49", "0", [
    (["151", "152", "157", "159", "160", "162", "163", "170", "171", "172", "173", "174", "175", "176", "177",
      "178", "179"], 11, ["0NNN NNNNNNNN", "0NNN/NNNNNNNN", "0NNN NNNN NNNN", "0NNN-NNNNNNNN"],
     ["+49 NNN NNNNNNNN", "+49 NNN NNNN NNNN", "+49 (0)NNN NNNNNNNN"]),
    (["30", "40", "69", "89"], 10, ["0NN NNNNNNNN", "0NN/NNNN NNNN", "0NN NNNN NNNN"],
     ["+49 NN NNNNNNNN", "+49 NN NNNN NNNN"]),
    (["221"], 10, ["0NNN NNNNNNN", "0NNN/NNN NN NN"], ["+49 NNN NNNNNNN"])])
plan("FR", "33", "0", [
    (["6", "7"], 9, ["0N NN NN NN NN", "0N.NN.NN.NN.NN", "0NNNNNNNNN"],
     ["+33 N NN NN NN NN", "+33 (0)N NN NN NN NN", "+33NNNNNNNNN"]),
    (["1", "2", "3", "4", "5"], 9, ["0N NN NN NN NN", "0N.NN.NN.NN.NN"], ["+33 N NN NN NN NN"])])
plan("ES", "34", "", [
    (["6", "71", "72", "73", "74"], 9, ["NNN NNN NNN", "NNN NN NN NN", "NNNNNNNNN"],
     ["+34 NNN NNN NNN", "+34 NNN NN NN NN"]),
    (["91", "93", "94", "95", "96", "98"], 9, ["NNN NNN NNN", "NN NNN NN NN"], ["+34 NN NNN NN NN"])])
plan("PT", "351", "", [
    (["91", "92", "93", "96"], 9, ["NNN NNN NNN", "NNNNNNNNN"], ["+351 NNN NNN NNN", "+351 NNNNNNNNN"]),
    (["21", "22"], 9, ["NNN NNN NNN"], ["+351 NNN NNN NNN"])])
plan("IT", "39", "", [
    (["31", "32", "33", "34", "35", "36", "37", "38", "39"], 10, ["NNN NNN NNNN", "NNN NNNNNNN", "NNN-NNNNNNN"],
     ["+39 NNN NNN NNNN", "+39 NNN NNNNNNN"]),
    (["02", "06"], 10, ["NN NNNN NNNN", "NN NNNNNNNN"], ["+39 NN NNNN NNNN"])])
plan("NL", "31", "0", [
    (["61", "62", "63", "64", "65", "68"], 9, ["0N-NNNNNNNN", "0N NN NN NN NN", "0N NNNN NNNN"],
     ["+31 N NNNNNNNN", "+31 (0)N NNNN NNNN", "+31 N NN NN NN NN"]),
    (["20", "10"], 9, ["0NN-NNN NNNN", "0NN NNN NNNN"], ["+31 NN NNN NNNN"])])
plan("PL", "48", "", [
    (["50", "51", "53", "57", "60", "66", "69", "72", "73", "78", "79", "88"], 9,
     ["NNN NNN NNN", "NNN-NNN-NNN", "NNNNNNNNN"], ["+48 NNN NNN NNN", "+48 NNN-NNN-NNN"]),
    (["22", "12", "61", "71"], 9, ["NN NNN NN NN", "(NN) NNN NN NN"], ["+48 NN NNN NN NN"])])
plan("CZ", "420", "", [
    (["601", "602", "603", "604", "605", "606", "607", "608", "72", "73", "77", "79"], 9,
     ["NNN NNN NNN", "NNNNNNNNN"], ["+420 NNN NNN NNN"]),
    (["2"], 9, ["NNN NNN NNN"], ["+420 NNN NNN NNN"])])
plan("HU", "36", "06", [
    (["20", "30", "70"], 9, ["06 NN NNN NNNN", "06-NN-NNN-NNNN", "06NNNNNNNNN"], ["+36 NN NNN NNNN", "+36-NN-NNN-NNNN"]),
    (["1"], 8, ["06 N NNN NNNN"], ["+36 N NNN NNNN"])])
plan("RO", "40", "0", [
    (["72", "73", "74", "75", "76", "77", "78"], 9, ["0NNN NNN NNN", "0NNN-NNN-NNN", "0NNNNNNNNN"],
     ["+40 NNN NNN NNN", "+40 NNN-NNN-NNN"]),
    (["21"], 9, ["0NN NNN NNNN"], ["+40 NN NNN NNNN"])])
plan("SE", "46", "0", [
    (["70", "72", "73", "76", "79"], 9, ["0NN-NNN NN NN", "0NN NNN NN NN", "0NNNNNNNNN"],
     ["+46 NN NNN NN NN", "+46 NNNNNNNNN"]),
    (["8"], 9, ["0N-NNN NNN NN", "0N NNN NNN NN"], ["+46 N NNN NNN NN"])])
plan("DK", "45", "", [
    (["2", "3", "4", "5", "6", "7", "8", "9"], 8, ["NN NN NN NN", "NNNN NNNN", "NNNNNNNN"],
     ["+45 NN NN NN NN", "+45 NNNNNNNN"])])
plan("NO", "47", "", [
    (["4", "9"], 8, ["NNN NN NNN", "NN NN NN NN", "NNNNNNNN"], ["+47 NNN NN NNN", "+47 NN NN NN NN"]),
    (["2", "3", "5", "6", "7"], 8, ["NN NN NN NN"], ["+47 NN NN NN NN"])])
plan("FI", "358", "0", [
    (["40", "41", "44", "45", "46", "50"], 9, ["0NN NNN NNNN", "0NN-NNN NNNN", "0NNNNNNNNN"],
     ["+358 NN NNN NNNN", "+358 NNNNNNNNN"]),
    (["9"], 8, ["0N NNN NNNN"], ["+358 N NNN NNNN"])])
plan("TR", "90", "0", [
    (["50", "53", "54", "55"], 10, ["0NNN NNN NN NN", "0 (NNN) NNN NN NN", "0NNNNNNNNNN"],
     ["+90 NNN NNN NN NN", "+90 (NNN) NNN NN NN"]),
    (["212", "216"], 10, ["0NNN NNN NN NN", "0 (NNN) NNN NN NN"], ["+90 NNN NNN NN NN"])])
plan("GR", "30", "", [
    (["69"], 10, ["NNN NNN NNNN", "NNN NN NN NNN", "NNNNNNNNNN"], ["+30 NNN NNN NNNN", "+30 NNNNNNNNNN"]),
    (["21"], 10, ["NNN NNN NNNN", "NN NNNN NNNN"], ["+30 NN NNNN NNNN"])])
plan("RU", "7", "8", [
    (["9"], 10, ["8 (NNN) NNN-NN-NN", "8 NNN NNN-NN-NN", "8NNNNNNNNNN"],
     ["+7 NNN NNN-NN-NN", "+7 (NNN) NNN-NN-NN", "+7NNNNNNNNNN"]),
    (["495", "499"], 10, ["8 (NNN) NNN-NN-NN", "8 NNN NNN-NN-NN"], ["+7 NNN NNN-NN-NN", "+7 (NNN) NNN-NN-NN"])])
plan("UA", "380", "0", [
    (["50", "63", "66", "67", "68", "73", "93", "95", "96", "97", "98", "99"], 9,
     ["0NN NNN NN NN", "(0NN) NNN-NN-NN", "0NNNNNNNNN"], ["+380 NN NNN NN NN", "+380 (NN) NNN-NN-NN"]),
    (["44"], 9, ["(0NN) NNN-NN-NN", "0NN NNN NN NN"], ["+380 NN NNN NN NN"])])
plan("BG", "359", "0", [
    (["87", "88", "89"], 9, ["0NNN NNN NNN", "0NNN/NNN NNN"], ["+359 NN NNN NNNN", "+359 NNN NNN NNN"]),
    (["2"], 8, ["0N NNN NNNN", "0N/NNN NNNN"], ["+359 N NNN NNNN"])])
plan("RS", "381", "0", [
    (["60", "61", "62", "63", "64", "65", "66", "69"], 9, ["0NN NNN NNNN", "0NN/NNN-NNNN"], ["+381 NN NNN NNNN"]),
    (["11"], 9, ["0NN NNN NNNN", "0NN/NNN-NNNN"], ["+381 NN NNN NNNN"])])
plan("SA", "966", "0", [
    (["50", "53", "54", "55", "56", "58", "59"], 9, ["0NN NNN NNNN", "0NNNNNNNNN"],
     ["+966 NN NNN NNNN", "+966NNNNNNNNN"]),
    (["11"], 9, ["0NN NNN NNNN"], ["+966 NN NNN NNNN"])])
plan("IL", "972", "0", [
    (["50", "52", "53", "54", "55", "58"], 9, ["0NN-NNN-NNNN", "0NN-NNNNNNN", "0NNNNNNNNN"],
     ["+972 NN-NNN-NNNN", "+972 NN NNN NNNN"]),
    (["3"], 8, ["0N-NNN-NNNN", "0N-NNNNNNN"], ["+972 N-NNN-NNNN"])])
plan("IR", "98", "0", [
    (["90", "91", "92", "93", "99"], 10, ["0NNN NNN NNNN", "0NNNNNNNNNN"], ["+98 NNN NNN NNNN"]),
    (["21"], 10, ["0NN NNNN NNNN", "0NN-NNNNNNNN"], ["+98 NN NNNN NNNN"])])
plan("IN", "91", "0", [
    (["6", "7", "8", "9"], 10, ["NNNNN NNNNN", "0NNNNNNNNNN", "NNNNNNNNNN"],
     ["+91 NNNNN NNNNN", "+91-NNNNNNNNNN", "+91 NNNNNNNNNN"]),
    (["11", "22"], 10, ["0NN NNNN NNNN", "0NN-NNNNNNNN"], ["+91 NN NNNN NNNN"])], bare_ok=True)
plan("TH", "66", "0", [
    (["6", "8", "9"], 9, ["0NN NNN NNNN", "0NN-NNN-NNNN", "0NNNNNNNNN"], ["+66 NN NNN NNNN", "+66 NN-NNN-NNNN"]),
    (["2"], 8, ["0N NNN NNNN", "0N-NNN-NNNN"], ["+66 N NNN NNNN"])])
plan("CN", "86", "0", [
    (["13", "14", "15", "16", "17", "18", "19"], 11, ["NNN NNNN NNNN", "NNN-NNNN-NNNN", "NNNNNNNNNNN"],
     ["+86 NNN NNNN NNNN", "+86 NNNNNNNNNNN"]),
    (["10", "21"], 10, ["0NN-NNNN NNNN", "0NN-NNNNNNNN", "(0NN) NNNN NNNN"], ["+86 NN NNNN NNNN"])], bare_ok=True)
plan("TW", "886", "0", [
    (["9"], 9, ["0NNN-NNN-NNN", "0NNN NNN NNN", "0NNNNNNNNN"], ["+886 NNN NNN NNN", "+886 NNN-NNN-NNN"]),
    (["2"], 9, ["(0N) NNNN-NNNN", "0N-NNNN-NNNN"], ["+886 N NNNN NNNN"])])
plan("JP", "81", "0", [
    (["70", "80", "90"], 10, ["0NN-NNNN-NNNN", "0NNNNNNNNNN", "0NN NNNN NNNN"], ["+81 NN-NNNN-NNNN", "+81 NN NNNN NNNN"]),
    (["3", "6"], 9, ["0N-NNNN-NNNN", "0N NNNN NNNN"], ["+81 N-NNNN-NNNN"])])
plan("KR", "82", "0", [
    (["10"], 10, ["0NN-NNNN-NNNN", "0NN NNNN NNNN", "0NNNNNNNNNN"], ["+82 NN-NNNN-NNNN", "+82 NN NNNN NNNN"]),
    (["2"], 9, ["0N-NNNN-NNNN", "0N-NNNNNNNN"], ["+82 N-NNNN-NNNN"])])
plan("VN", "84", "0", [
    (["32", "33", "34", "35", "36", "37", "38", "39", "70", "76", "77", "78", "79", "81", "82", "83", "84", "85",
      "86", "88", "89", "90", "91", "93", "94", "96", "97", "98"], 9, ["0NN NNN NNNN", "0NNN NNN NNN", "0NNNNNNNNN"],
     ["+84 NN NNN NNNN", "+84 NNN NNN NNN"]),
    (["24", "28"], 10, ["0NN NNNN NNNN"], ["+84 NN NNNN NNNN"])])
plan("ID", "62", "0", [
    (["811", "812", "813", "821", "822", "852", "853", "856", "857", "858", "877", "878", "895", "896", "897", "898"],
     11, ["0NNN-NNNN-NNNN", "0NNN NNNN NNNN", "0NNNNNNNNNNN"],
     ["+62 NNN-NNNN-NNNN", "+62 NNN NNNN NNNN", "+62NNNNNNNNNNN"]),
    (["21"], 10, ["(0NN) NNNN NNNN", "0NN-NNNNNNNN"], ["+62 NN NNNN NNNN"])])
plan("KE", "254", "0", [
    (["70", "71", "72", "74", "79", "11"], 9, ["0NNN NNN NNN", "0NNNNNNNNN", "0NNN NNNNNN"],
     ["+254 NNN NNN NNN", "+254NNNNNNNNN"]),
    (["20"], 9, ["0NN NNN NNNN"], ["+254 NN NNN NNNN"])])
plan("HR", "385", "0", [
    (["91", "92", "95", "97", "98", "99"], 9, ["0NN NNN NNNN", "0NN/NNN-NNNN", "0NNNNNNNNN"], ["+385 NN NNN NNNN"]),
    (["1"], 8, ["0N NNNN NNN", "0N/NNNN-NNN"], ["+385 N NNNN NNN"])])

for _k, _p in PLANS.items():
    for _t in _p["types"]:
        for _tpl in _t[2] + _t[3]:
            assert _tpl.count("N") == _t[1], (_k, _tpl)


def nsn_of(iso, written):
    p = PLANS[iso]
    s = written.replace("(0)", "")
    d = re.sub(r"[^\d+]", "", s)
    if "+" in d[1:]:
        return None
    if d.startswith("+"):
        if not d[1:].startswith(p["cc"]):
            return None
        return [d[1 + len(p["cc"]):]]
    if d.startswith("00" + p["cc"]):
        return [d[2 + len(p["cc"]):]]
    if iso == "US":
        return [d[1:]] if (len(d) == 11 and d[0] == "1") else [d]
    out = []
    if p["trunk"] and d.startswith(p["trunk"]):
        out.append(d[len(p["trunk"]):])
    if not p["trunk"] or p["bare_ok"]:
        out.append(d)
    return out


def nsn_valid(iso, nsn):
    for prefixes, length, _n, _i in PLANS[iso]["types"]:
        if len(nsn) == length and any(nsn.startswith(x) for x in prefixes):
            if iso == "US" and (nsn[3] in "01" or nsn[1:3] == "11"):
                continue
            return True
    return False


def phone_valid(iso, written):
    cands = nsn_of(iso, written)
    return bool(cands) and any(nsn_valid(iso, n) for n in cands)


def fill(tpl, digits):
    it = iter(digits)
    return "".join(next(it) if ch == "N" else ch for ch in tpl)


def rdig(rng, n):
    return "".join(rng.choice("0123456789") for _ in range(n))


def luhn_ok(d):
    s = 0
    for i, ch in enumerate(reversed(d)):
        v = int(ch)
        if i % 2:
            v *= 2
            if v > 9:
                v -= 9
        s += v
    return s % 10 == 0


def gen_phone(iso, rng, shape):
    """shape: nat | intl | 00.  Returns the number as written (valid under the plan)."""
    p = PLANS[iso]
    while True:
        t = rng.choice(p["types"])
        prefixes, length, nat, intl = t
        nsn = (lambda pr: pr + rdig(rng, length - len(pr)))(rng.choice(prefixes))
        if shape == "nat":
            w = fill(rng.choice(nat), nsn)
        else:
            w = fill(rng.choice(intl), nsn)
            if shape == "00":
                w = "00" + w[1:]
        if phone_valid(iso, w):
            tpl = None
            for c in (nat if shape == "nat" else intl):
                if re.fullmatch(re.escape(c if shape != "00" else "00" + c[1:]).replace("N", r"\d"), w):
                    tpl = c
                    break
            assert tpl is not None
            return w, t, tpl


def strip_tpl(tpl):
    t = tpl.replace("(0)", "").replace("(", "").replace(")", "")
    return re.sub(" +", " ", t).strip()


# ---------------------------------------------------------------------------------------------
# Languages.  Record kinds translated into every language; English has extra kinds.
# ---------------------------------------------------------------------------------------------
KINDS = ["inv", "ord", "case", "cust", "pol", "clm", "ctr", "shp", "tax", "doc", "lot", "reg"]
EN_EXTRA = ["container", "permit", "licence", "vehicle", "land", "statement", "receipt", "reference", "filing", "decl"]
KIND_NAME = dict(inv="invoice", ord="order", case="case / file", cust="customs declaration", pol="insurance policy",
                 clm="claim", ctr="contract", shp="shipment / tracking", tax="tax return / tax filing",
                 doc="document / register entry", lot="batch / lot", reg="company registration",
                 container="container (ISO 6346)", permit="permit", licence="licence", vehicle="vehicle registration",
                 land="land registry title", statement="account statement", receipt="receipt", reference="reference code",
                 filing="filing", decl="declaration")
EN_KEYS = dict(inv="invoice_no", ord="order_id", case="case_no", cust="customs_decl_no", pol="policy_no",
               clm="claim_no", ctr="contract_no", shp="shipment_no", tax="tax_return_no", doc="document_no",
               lot="batch", reg="company_reg_no", container="container_no", permit="permit_no",
               licence="licence_no", vehicle="vehicle_reg_cert_no", land="land_title_no", statement="statement_ref",
               receipt="receipt_no", reference="reference", filing="filing_no", decl="declaration_no",
               date="date", amt="amount", st="status")
EN_ROLE_KEYS = ["applicant", "contact_person", "driver", "courier", "tenant", "patient"]
EN_PHONE_KEYS = ["phone", "mobile", "tel"]

L = OrderedDict()


def lang(code, labels, fillers, stv, roles, pw, lead, prose, title, script):
    d = dict(zip(KINDS, labels))
    d.update(dict(zip(["date", "amt", "st"], fillers)))
    L[code] = dict(lab=d, stv=stv, roles=roles, pw=pw, lead=lead, prose=prose, title=title, script=script)


lang("en", ["Invoice No.", "Order No.", "Case No.", "Customs declaration No.", "Policy No.", "Claim No.",
            "Contract No.", "Shipment No.", "Tax return No.", "Document No.", "Batch/Lot", "Company reg. No."],
     ["Date", "Amount", "Status"], ["open", "closed", "pending"],
     ["Applicant", "Contact person", "Driver", "Courier", "Tenant", "Patient"], ["Phone", "Mobile", "Tel."],
     ["Please check these:", "still open:"], "Re {B} {y}: {L} {v}, please update the ticket.",
     "Declaration summary", "Latin")
L["en"]["lab"].update(container="Container No.", permit="Permit No.", licence="Licence No.",
                      vehicle="Vehicle reg. cert. No.", land="Land registry title No.", statement="Statement No.",
                      receipt="Receipt No.", reference="Reference", filing="Filing No.", decl="Declaration No.")
lang("de", ["Rechnungsnr.", "Bestellnr.", "Aktenzeichen", "Zollanmeldung Nr.", "Versicherungsschein-Nr.",
            "Schadennummer", "Vertragsnr.", "Sendungsnummer", "Steuerbescheid-Nr.", "Dokument-Nr.", "Charge",
            "Handelsregister-Nr."], ["Datum", "Betrag", "Status"], ["offen", "erledigt", "in Prüfung"],
     ["Antragsteller", "Ansprechpartner", "Fahrer", "Kurier", "Mieter", "Patient"], ["Telefon", "Mobil", "Tel."],
     ["Bitte prüfen:", "Noch offen:"], "Zu {B} {y}: {L} {v}, bitte im Ticket nachtragen.",
     "Zollanmeldung – Übersicht", "Latin")
lang("fr", ["N° de facture", "N° de commande", "N° de dossier", "N° de déclaration en douane", "N° de police",
            "N° de sinistre", "N° de contrat", "N° d'envoi", "N° d'avis d'imposition", "N° de document", "Lot",
            "N° d'immatriculation RCS"], ["Date", "Montant", "Statut"], ["ouvert", "clos", "en cours"],
     ["Demandeur", "Personne à contacter", "Chauffeur", "Coursier", "Locataire", "Patient"],
     ["Téléphone", "Portable", "Tél."], ["À vérifier :", "Toujours en attente :"],
     "Pour {B} {y} : {L} {v}, merci de mettre à jour le ticket.", "Récapitulatif du dossier", "Latin")
lang("es", ["N.º de factura", "N.º de pedido", "N.º de expediente", "N.º de DUA", "N.º de póliza",
            "N.º de siniestro", "N.º de contrato", "N.º de envío", "N.º de justificante (Modelo 200)",
            "N.º de registro de entrada", "Lote", "N.º de registro mercantil"], ["Fecha", "Importe", "Estado"],
     ["abierto", "cerrado", "en trámite"],
     ["Solicitante", "Persona de contacto", "Conductor", "Repartidor", "Inquilino", "Paciente"],
     ["Teléfono", "Móvil", "Tel."], ["Revisad, por favor:", "Siguen pendientes:"],
     "Sobre {B} {y}: {L} {v}, actualizad el ticket por favor.", "Resumen del expediente", "Latin")
lang("pt", ["N.º da fatura", "N.º da encomenda", "N.º do processo", "N.º da declaração aduaneira",
            "N.º da apólice", "N.º do sinistro", "N.º do contrato", "N.º da remessa", "N.º da declaração IRC",
            "N.º do documento", "Lote", "N.º de matrícula (conservatória)"], ["Data", "Montante", "Estado"],
     ["aberto", "fechado", "pendente"],
     ["Requerente", "Pessoa de contacto", "Motorista", "Estafeta", "Inquilino", "Doente"],
     ["Telefone", "Telemóvel", "Tel."], ["Verifiquem, por favor:", "Ainda pendentes:"],
     "Sobre {B} {y}: {L} {v}, atualizem o ticket, por favor.", "Resumo do processo", "Latin")
lang("it", ["N. fattura", "N. ordine", "N. pratica", "N. dichiarazione doganale", "N. polizza", "N. sinistro",
            "N. contratto", "N. spedizione", "N. protocollo dichiarazione", "N. documento", "Lotto", "N. REA"],
     ["Data", "Importo", "Stato"], ["aperta", "chiusa", "in lavorazione"],
     ["Richiedente", "Referente", "Autista", "Corriere", "Inquilino", "Paziente"], ["Telefono", "Cellulare", "Tel."],
     ["Da verificare:", "Ancora aperti:"], "Per {B} {y}: {L} {v}, aggiornate il ticket per favore.",
     "Riepilogo pratica", "Latin")
lang("nl", ["Factuurnr.", "Ordernr.", "Zaaknummer", "Douane-aangiftenr.", "Polisnummer", "Schadenummer",
            "Contractnr.", "Zendingnummer", "Aanslagnummer", "Documentnr.", "Batch", "KvK-nummer"],
     ["Datum", "Bedrag", "Status"], ["open", "gesloten", "in behandeling"],
     ["Aanvrager", "Contactpersoon", "Chauffeur", "Koerier", "Huurder", "Patiënt"], ["Telefoon", "Mobiel", "Tel."],
     ["Graag controleren:", "Nog open:"], "Over {B} {y}: {L} {v}, graag het ticket bijwerken.",
     "Overzicht aangifte", "Latin")
lang("pl", ["Nr faktury", "Nr zamówienia", "Sygnatura akt", "Nr zgłoszenia celnego", "Nr polisy", "Nr szkody",
            "Nr umowy", "Nr przesyłki", "Nr deklaracji VAT", "Nr dokumentu", "Partia", "Nr KRS"],
     ["Data", "Kwota", "Status"], ["otwarta", "zamknięta", "w toku"],
     ["Wnioskodawca", "Osoba kontaktowa", "Kierowca", "Kurier", "Najemca", "Pacjent"],
     ["Telefon", "Tel. kom.", "Tel."], ["Proszę sprawdzić:", "Nadal otwarte:"],
     "W sprawie {B} {y}: {L} {v}, proszę uzupełnić zgłoszenie.", "Podsumowanie zgłoszenia", "Latin")
lang("cs", ["Č. faktury", "Č. objednávky", "Spisová značka", "Č. celního prohlášení", "Č. pojistné smlouvy",
            "Č. pojistné události", "Č. smlouvy", "Č. zásilky", "Č. daňového přiznání", "Č. dokladu", "Šarže", "IČO"],
     ["Datum", "Částka", "Stav"], ["otevřeno", "uzavřeno", "v řešení"],
     ["Žadatel", "Kontaktní osoba", "Řidič", "Kurýr", "Nájemce", "Pacient"], ["Telefon", "Mobil", "Tel."],
     ["Prosím zkontrolovat:", "Stále otevřené:"], "Ohledně {B} {y}: {L} {v}, prosím doplňte to do tiketu.",
     "Přehled podání", "Latin")
lang("hu", ["Számlaszám", "Rendelésszám", "Ügyszám", "Vámáru-nyilatkozat száma", "Kötvényszám", "Kárszám",
            "Szerződésszám", "Küldeményszám", "Bevallás azonosító", "Iktatószám", "Gyártási tétel",
            "Cégjegyzékszám"], ["Dátum", "Összeg", "Állapot"], ["nyitott", "lezárt", "folyamatban"],
     ["Kérelmező", "Kapcsolattartó", "Sofőr", "Futár", "Bérlő", "Beteg"], ["Telefon", "Mobil", "Tel."],
     ["Kérlek, ellenőrizzétek:", "Még nyitott:"], "{B} {y} ügyében: {L} {v}, kérlek frissítsétek a jegyet.",
     "Összesítő", "Latin")
lang("ro", ["Nr. factură", "Nr. comandă", "Nr. dosar", "Nr. declarație vamală", "Nr. poliță", "Nr. daună",
            "Nr. contract", "Nr. AWB", "Nr. declarație fiscală", "Nr. document", "Lot", "Nr. ORC"],
     ["Data", "Suma", "Stare"], ["deschis", "închis", "în lucru"],
     ["Solicitant", "Persoană de contact", "Șofer", "Curier", "Chiriaș", "Pacient"], ["Telefon", "Mobil", "Tel."],
     ["Vă rog verificați:", "Încă deschise:"], "Pentru {B} {y}: {L} {v}, vă rog actualizați tichetul.",
     "Rezumat dosar", "Latin")
lang("sv", ["Fakturanr", "Ordernr", "Ärendenummer", "Tulldeklarationsnr", "Försäkringsnummer", "Skadenummer",
            "Avtalsnr", "Sändningsnr", "Deklarationsnr", "Dokumentnr", "Batch", "Org.nr"],
     ["Datum", "Belopp", "Status"], ["öppen", "stängd", "pågår"],
     ["Sökande", "Kontaktperson", "Förare", "Bud", "Hyresgäst", "Patient"], ["Telefon", "Mobil", "Tfn"],
     ["Kolla gärna:", "Fortfarande öppna:"], "Gällande {B} {y}: {L} {v}, uppdatera ärendet tack.",
     "Sammanställning", "Latin")
lang("da", ["Fakturanr.", "Ordrenr.", "Sagsnummer", "Toldangivelsesnr.", "Policenr.", "Skadenr.", "Kontraktnr.",
            "Forsendelsesnr.", "Angivelsesnr.", "Bilagsnr.", "Batch", "CVR-nr."], ["Dato", "Beløb", "Status"],
     ["åben", "lukket", "i gang"], ["Ansøger", "Kontaktperson", "Chauffør", "Bud", "Lejer", "Patient"],
     ["Telefon", "Mobil", "Tlf."], ["Tjek lige:", "Stadig åbne:"],
     "Vedr. {B} {y}: {L} {v}, opdater venligst sagen.", "Oversigt", "Latin")
lang("nb", ["Fakturanr.", "Ordrenr.", "Saksnummer", "Tolldeklarasjonsnr.", "Polisenr.", "Skadenr.", "Kontraktnr.",
            "Sendingsnr.", "MVA-meldingsnr.", "Bilagsnr.", "Parti", "Org.nr."], ["Dato", "Beløp", "Status"],
     ["åpen", "lukket", "pågår"], ["Søker", "Kontaktperson", "Sjåfør", "Bud", "Leietaker", "Pasient"],
     ["Telefon", "Mobil", "Tlf."], ["Kan dere sjekke:", "Fortsatt åpne:"],
     "Angående {B} {y}: {L} {v}, oppdater saken takk.", "Oversikt", "Latin")
lang("fi", ["Laskun nro", "Tilausnro", "Asianumero", "Tulli-ilmoituksen nro", "Vakuutusnumero", "Vahinkonumero",
            "Sopimusnro", "Lähetysnumero", "Veroilmoituksen nro", "Asiakirjanro", "Erä", "Y-tunnus"],
     ["Päivämäärä", "Summa", "Tila"], ["avoin", "suljettu", "käsittelyssä"],
     ["Hakija", "Yhteyshenkilö", "Kuljettaja", "Lähetti", "Vuokralainen", "Potilas"],
     ["Puhelin", "Matkapuhelin", "Puh."], ["Tarkistakaa:", "Vielä auki:"],
     "Koskien {B} {y}: {L} {v}, päivittäkää tiketti.", "Yhteenveto", "Latin")
lang("tr", ["Fatura No", "Sipariş No", "Dosya No", "Gümrük Beyanname No", "Poliçe No", "Hasar No", "Sözleşme No",
            "Gönderi No", "Beyanname No", "Belge No", "Parti No", "Ticaret Sicil No"], ["Tarih", "Tutar", "Durum"],
     ["açık", "kapalı", "işlemde"], ["Başvuran", "İrtibat kişisi", "Sürücü", "Kurye", "Kiracı", "Hasta"],
     ["Telefon", "Cep telefonu", "Tel."], ["Kontrol eder misiniz:", "Hâlâ açık:"],
     "{B} {y} için: {L} {v}, lütfen kaydı güncelleyin.", "Özet", "Latin")
lang("el", ["Αρ. τιμολογίου", "Αρ. παραγγελίας", "Αρ. φακέλου", "Αρ. τελωνειακής διασάφησης",
            "Αρ. ασφαλιστηρίου", "Αρ. ζημίας", "Αρ. σύμβασης", "Αρ. αποστολής", "Αρ. δήλωσης",
            "Αρ. παραστατικού", "Παρτίδα", "Αρ. ΓΕΜΗ"], ["Ημερομηνία", "Ποσό", "Κατάσταση"],
     ["ανοιχτό", "κλειστό", "σε εξέλιξη"],
     ["Αιτών", "Υπεύθυνος επικοινωνίας", "Οδηγός", "Κούριερ", "Ενοικιαστής", "Ασθενής"],
     ["Τηλέφωνο", "Κινητό", "Τηλ."], ["Παρακαλώ ελέγξτε:", "Ακόμη ανοιχτά:"],
     "Για {B} {y}: {L} {v}, ενημερώστε το αίτημα παρακαλώ.", "Σύνοψη", "Greek")
lang("ru", ["№ счёта", "№ заказа", "№ дела", "№ декларации на товары", "№ полиса", "№ убытка", "№ договора",
            "№ отправления", "№ налоговой декларации", "№ документа", "Партия", "ОГРН"], ["Дата", "Сумма", "Статус"],
     ["открыт", "закрыт", "в работе"],
     ["Заявитель", "Контактное лицо", "Водитель", "Курьер", "Арендатор", "Пациент"], ["Телефон", "Моб.", "Тел."],
     ["Проверьте, пожалуйста:", "Всё ещё открыты:"], "По {B} {y}: {L} {v}, обновите заявку, пожалуйста.",
     "Сводка", "Cyrillic")
lang("uk", ["№ рахунку", "№ замовлення", "№ справи", "№ митної декларації", "№ поліса", "№ страхового випадку",
            "№ договору", "№ відправлення", "№ податкової декларації", "№ документа", "Партія", "Код ЄДРПОУ"],
     ["Дата", "Сума", "Статус"], ["відкрито", "закрито", "в роботі"],
     ["Заявник", "Контактна особа", "Водій", "Кур'єр", "Орендар", "Пацієнт"], ["Телефон", "Моб.", "Тел."],
     ["Перевірте, будь ласка:", "Досі відкриті:"], "Щодо {B} {y}: {L} {v}, оновіть заявку, будь ласка.",
     "Зведення", "Cyrillic")
lang("bg", ["№ на фактура", "№ на поръчка", "№ на преписка", "№ на митна декларация", "№ на полица", "№ на щета",
            "№ на договор", "№ на пратка", "№ на данъчна декларация", "№ на документ", "Партида", "ЕИК"],
     ["Дата", "Сума", "Статус"], ["отворен", "затворен", "в процес"],
     ["Заявител", "Лице за контакт", "Шофьор", "Куриер", "Наемател", "Пациент"], ["Телефон", "Моб.", "Тел."],
     ["Моля, проверете:", "Все още отворени:"], "Относно {B} {y}: {L} {v}, моля обновете заявката.",
     "Обобщение", "Cyrillic")
lang("sr", ["Број фактуре", "Број поруџбине", "Број предмета", "Број царинске декларације", "Број полисе",
            "Број штете", "Број уговора", "Број пошиљке", "Број пореске пријаве", "Број документа", "Шаржа",
            "Матични број предузећа"], ["Датум", "Износ", "Статус"], ["отворен", "затворен", "у обради"],
     ["Подносилац захтева", "Контакт особа", "Возач", "Курир", "Закупац", "Пацијент"],
     ["Телефон", "Мобилни", "Тел."], ["Молим проверите:", "Још увек отворено:"],
     "У вези са {B} {y}: {L} {v}, молим ажурирајте тикет.", "Преглед", "Cyrillic")
lang("ar", ["رقم الفاتورة", "رقم الطلب", "رقم القضية", "رقم البيان الجمركي", "رقم وثيقة التأمين", "رقم المطالبة",
            "رقم العقد", "رقم الشحنة", "رقم الإقرار الضريبي", "رقم المستند", "رقم التشغيلة", "رقم السجل التجاري"],
     ["التاريخ", "المبلغ", "الحالة"], ["مفتوح", "مغلق", "قيد المعالجة"],
     ["مقدم الطلب", "الشخص المسؤول", "السائق", "المندوب", "المستأجر", "المريض"], ["الهاتف", "الجوال", "هاتف"],
     ["يرجى التحقق:", "ما زالت مفتوحة:"], "بخصوص {B} {y}: {L} {v}، يرجى تحديث التذكرة.", "ملخص", "Arabic")
lang("he", ["מס' חשבונית", "מס' הזמנה", "מס' תיק", "מס' רשימון יבוא", "מס' פוליסה", "מס' תביעה", "מס' חוזה",
            "מס' משלוח", "מס' דיווח", "מס' מסמך", "אצווה", "מס' ח.פ."], ["תאריך", "סכום", "סטטוס"],
     ["פתוח", "סגור", "בטיפול"], ["המבקש", "איש קשר", "נהג", "שליח", "שוכר", "מטופל"], ["טלפון", "נייד", "טל'"],
     ["נא לבדוק:", "עדיין פתוחים:"], "לגבי {B} {y}: {L} {v}, נא לעדכן את הקריאה.", "סיכום", "Hebrew")
lang("fa", ["شماره فاکتور", "شماره سفارش", "شماره پرونده", "شماره اظهارنامه گمرکی", "شماره بیمه‌نامه",
            "شماره خسارت", "شماره قرارداد", "شماره مرسوله", "شماره اظهارنامه مالیاتی", "شماره سند", "سری ساخت",
            "شماره ثبت شرکت"], ["تاریخ", "مبلغ", "وضعیت"], ["باز", "بسته", "در حال بررسی"],
     ["متقاضی", "فرد رابط", "راننده", "پیک", "مستأجر", "بیمار"], ["تلفن", "موبایل", "شماره تماس"],
     ["لطفاً بررسی کنید:", "هنوز باز:"], "درباره {B} {y}: {L} {v}، لطفاً تیکت را به‌روز کنید.", "خلاصه", "Arabic")
lang("hi", ["चालान संख्या", "ऑर्डर संख्या", "मामला संख्या", "बिल ऑफ एंट्री संख्या", "पॉलिसी संख्या", "दावा संख्या",
            "अनुबंध संख्या", "शिपमेंट संख्या", "आयकर रिटर्न पावती संख्या", "दस्तावेज़ संख्या", "बैच संख्या",
            "कंपनी पंजीकरण संख्या"], ["दिनांक", "राशि", "स्थिति"], ["खुला", "बंद", "प्रक्रिया में"],
     ["आवेदक", "संपर्क व्यक्ति", "ड्राइवर", "कूरियर", "किरायेदार", "मरीज़"], ["फ़ोन", "मोबाइल", "दूरभाष"],
     ["कृपया जाँचें:", "अभी भी खुले:"], "{B} {y} के लिए: {L} {v}, कृपया टिकट अपडेट करें।", "सारांश", "Devanagari")
lang("th", ["เลขที่ใบแจ้งหนี้", "เลขที่คำสั่งซื้อ", "เลขคดี", "เลขที่ใบขนสินค้า", "เลขที่กรมธรรม์", "เลขที่เคลม",
            "เลขที่สัญญา", "เลขพัสดุ", "เลขที่แบบแสดงรายการภาษี", "เลขที่เอกสาร", "ล็อตการผลิต",
            "เลขทะเบียนนิติบุคคล"], ["วันที่", "จำนวนเงิน", "สถานะ"], ["เปิด", "ปิด", "กำลังดำเนินการ"],
     ["ผู้ยื่นคำขอ", "ผู้ติดต่อ", "คนขับ", "พนักงานส่งของ", "ผู้เช่า", "ผู้ป่วย"], ["โทรศัพท์", "มือถือ", "โทร."],
     ["รบกวนตรวจสอบ:", "ยังค้างอยู่:"], "เรื่อง {B} {y}: {L} {v} รบกวนอัปเดตทิกเก็ตด้วยครับ", "สรุป", "Thai")
lang("zh", ["发票号码", "订单号", "案件编号", "报关单号", "保单号", "理赔编号", "合同编号", "运单号", "纳税申报表编号",
            "文件编号", "批号", "工商注册号"], ["日期", "金额", "状态"], ["处理中", "已结案", "待审核"],
     ["申请人", "联系人", "司机", "快递员", "租户", "患者"], ["电话", "手机", "联系电话"],
     ["请核对：", "仍未处理："], "关于{B} {y}：{L} {v}，请更新工单。", "汇总", "CJK (Simplified)")
lang("zh-Hant", ["發票號碼", "訂單編號", "案件編號", "報單號碼", "保單號碼", "理賠編號", "合約編號", "託運單號",
                 "營業稅申報書編號", "文件編號", "批號", "統一編號"], ["日期", "金額", "狀態"], ["處理中", "已結案", "待審核"],
     ["申請人", "聯絡人", "司機", "外送員", "承租人", "病患"], ["電話", "手機", "行動電話"],
     ["請確認：", "尚未處理："], "關於{B} {y}：{L} {v}，請更新工單。", "彙整", "CJK (Traditional)")
lang("ja", ["請求書番号", "注文番号", "事件番号", "輸入申告番号", "証券番号", "事故受付番号", "契約番号",
            "お問い合わせ伝票番号", "申告書番号", "文書番号", "ロット番号", "法人番号"], ["日付", "金額", "状況"],
     ["対応中", "完了", "確認待ち"], ["申請者", "担当者", "ドライバー", "配達員", "入居者", "患者"],
     ["電話", "携帯", "TEL"], ["確認お願いします：", "未対応："], "{B} {y} の件：{L} {v}、チケットを更新してください。",
     "まとめ", "CJK (Japanese)")
lang("ko", ["인보이스 번호", "주문번호", "사건번호", "수입신고번호", "증권번호", "사고접수번호", "계약번호", "운송장번호",
            "신고서 번호", "문서번호", "로트번호", "사업자등록번호"], ["날짜", "금액", "상태"], ["진행 중", "완료", "검토 대기"],
     ["신청인", "담당자", "기사", "배달원", "임차인", "환자"], ["전화", "휴대폰", "연락처"],
     ["확인 부탁드립니다:", "아직 미처리:"], "{B} {y} 관련: {L} {v}, 티켓 업데이트 부탁드립니다.", "요약", "Hangul")
lang("vi", ["Số hóa đơn", "Mã đơn hàng", "Số hồ sơ", "Số tờ khai hải quan", "Số hợp đồng bảo hiểm",
            "Số yêu cầu bồi thường", "Số hợp đồng", "Mã vận đơn", "Số tờ khai thuế", "Số văn bản", "Số lô",
            "Mã số doanh nghiệp"], ["Ngày", "Số tiền", "Trạng thái"], ["đang mở", "đã đóng", "đang xử lý"],
     ["Người nộp đơn", "Người liên hệ", "Tài xế", "Shipper", "Người thuê", "Bệnh nhân"],
     ["Điện thoại", "Di động", "ĐT"], ["Nhờ kiểm tra giúp:", "Vẫn còn mở:"],
     "Về {B} {y}: {L} {v}, vui lòng cập nhật ticket.", "Tóm tắt", "Latin")
lang("id", ["No. Faktur", "No. Pesanan", "No. Perkara", "No. PIB", "No. Polis", "No. Klaim", "No. Kontrak",
            "No. Resi", "No. SPT", "No. Dokumen", "No. Batch", "NIB"], ["Tanggal", "Jumlah", "Status"],
     ["terbuka", "selesai", "diproses"], ["Pemohon", "Narahubung", "Sopir", "Kurir", "Penyewa", "Pasien"],
     ["Telepon", "HP", "No. Telp"], ["Tolong dicek:", "Masih terbuka:"],
     "Terkait {B} {y}: {L} {v}, mohon update tiketnya.", "Ringkasan", "Latin")
lang("sw", ["Nambari ya ankara", "Nambari ya oda", "Nambari ya kesi", "Nambari ya tamko la forodha",
            "Nambari ya bima", "Nambari ya dai", "Nambari ya mkataba", "Nambari ya mzigo",
            "Nambari ya ritani ya kodi", "Nambari ya hati", "Kundi la uzalishaji", "Nambari ya usajili wa kampuni"],
     ["Tarehe", "Kiasi", "Hali"], ["wazi", "imefungwa", "inashughulikiwa"],
     ["Mwombaji", "Mtu wa mawasiliano", "Dereva", "Msafirishaji", "Mpangaji", "Mgonjwa"],
     ["Simu", "Nambari ya simu", "Rununu"], ["Tafadhali hakiki:", "Bado wazi:"],
     "Kuhusu {B} {y}: {L} {v}, tafadhali sasisha tiketi.", "Muhtasari", "Latin")
lang("hr", ["Broj računa", "Broj narudžbe", "Broj predmeta", "Broj carinske deklaracije", "Broj police",
            "Broj štete", "Broj ugovora", "Broj pošiljke", "Broj porezne prijave", "Broj dokumenta", "Serija", "MBS"],
     ["Datum", "Iznos", "Status"], ["otvoreno", "zatvoreno", "u obradi"],
     ["Podnositelj zahtjeva", "Kontakt osoba", "Vozač", "Dostavljač", "Najmoprimac", "Pacijent"],
     ["Telefon", "Mobitel", "Tel."], ["Molim provjerite:", "Još otvoreno:"],
     "Vezano uz {B} {y}: {L} {v}, molim ažurirajte tiket.", "Sažetak", "Latin")

COUNTRY_LANG = OrderedDict([
    ("GB", "en"), ("US", "en"), ("DE", "de"), ("FR", "fr"), ("ES", "es"), ("PT", "pt"), ("IT", "it"), ("NL", "nl"),
    ("PL", "pl"), ("CZ", "cs"), ("HU", "hu"), ("RO", "ro"), ("SE", "sv"), ("DK", "da"), ("NO", "nb"), ("FI", "fi"),
    ("TR", "tr"), ("GR", "el"), ("RU", "ru"), ("UA", "uk"), ("BG", "bg"), ("RS", "sr"), ("SA", "ar"), ("IL", "he"),
    ("IR", "fa"), ("IN", "hi"), ("TH", "th"), ("CN", "zh"), ("TW", "zh-Hant"), ("JP", "ja"), ("KR", "ko"),
    ("VN", "vi"), ("ID", "id"), ("KE", "sw"), ("HR", "hr")])
CURRENCY = dict(GB="£", US="$", DE="€", FR="€", ES="€", PT="€", IT="€", NL="€", PL="zł", CZ="Kč", HU="Ft", RO="lei",
                SE="kr", DK="kr.", NO="kr", FI="€", TR="₺", GR="€", RU="₽", UA="₴", BG="лв.", RS="дин.", SA="ر.س",
                IL="₪", IR="ریال", IN="₹", TH="฿", CN="¥", TW="NT$", JP="円", KR="원", VN="₫", ID="Rp", KE="KSh",
                HR="€")
for _c, _l in COUNTRY_LANG.items():
    assert _c in PLANS and _l in L

# ---------------------------------------------------------------------------------------------
# Phone words (the scanner's list), roles are *not* phone words.
# ---------------------------------------------------------------------------------------------
PW_PREFIX = ["telefon", "téléphone", "teléfono", "telefono", "telefone", "telemóvel", "telefoon", "phone", "mobil", "mobiel", "mobitel",
             "móvil", "cellular", "cellulare", "cell", "portable", "puhelin", "matkapuhelin", "телефон", "мобил",
             "τηλέφων", "κινητ", "telepon", "điện thoại", "di động", "whatsapp", "fax", "hotline", "handy",
             "komórk", "rununu", "ponsel", "no. telp", "tel. kom", "cep telefon", "nambari ya simu"]
PW_EXACT = ["tel", "tél", "tlf", "tfn", "puh", "моб", "тел", "τηλ", "hp", "đt", "call", "ph", "mob", "simu", "cep"]
PW_SUBSTR = ["电话", "手机", "電話", "手機", "携帯", "전화", "휴대폰", "연락처", "โทร", "มือถือ", "هاتف", "جوال", "تلفن",
             "موبایل", "شماره تماس", "טלפון", "נייד", "טל'", "फ़ोन", "फोन", "मोबाइल", "दूरभाष"]
PW_RE = re.compile("|".join(
    [r"(?<!\w)" + re.escape(w) for w in PW_PREFIX] + [r"(?<!\w)" + re.escape(w) + r"(?!\w)" for w in PW_EXACT] +
    [re.escape(w) for w in PW_SUBSTR]), re.I)
for _l in L.values():
    for _w in _l["pw"]:
        assert PW_RE.search(_w), _w
    for _w in _l["roles"] + list(_l["lab"].values()) + _l["lead"] + [_l["prose"], _l["title"]] + _l["stv"]:
        assert not PW_RE.search(_w), _w
for _w in EN_ROLE_KEYS + list(EN_KEYS.values()):
    assert not PW_RE.search(_w), _w
for _w in EN_PHONE_KEYS:
    assert PW_RE.search(_w), _w

# A reference list of given names and "name" labels; the negatives must contain none of them.
NAME_WORDS = ["Anna", "Maria", "Jan", "Peter", "Thomas", "Michael", "Sophie", "Laura", "Marco", "Giulia", "Pierre",
              "Camille", "Carlos", "Lucía", "João", "Piotr", "Kasia", "Olga", "Ivan", "Dmytro", "Yusuf", "Mehmet",
              "Ahmed", "Fatima", "Mohammed", "Yossi", "Noa", "Reza", "Rahul", "Priya", "Somchai", "Wei", "Li Na",
              "Hiroshi", "Yuki", "Min-jun", "Ji-woo", "Nguyen", "Budi", "Wanjiru", "Ivana", "Nikos", "Eleni", "Lars",
              "Mette", "Ingrid", "Mikko", "Aino", "Ionuț", "Zoltán", "Jana", "Ana", "Marko",
              "Name:", "Nom :", "Nombre:", "Nome:", "Imię", "Jméno", "Имя", "Ім'я", "Όνομα", "الاسم", "שם:", "نام:",
              "नाम", "ชื่อ", "姓名", "氏名", "이름", "Họ tên", "Nama:", "Jina:", "Ime:", "Navn:", "Namn:", "Nimi:",
              "Adı Soyadı", "Naam:"]
NAME_RE = re.compile("|".join(r"(?<!\w)" + re.escape(w) + (r"(?!\w)" if w[-1].isalnum() else "") for w in NAME_WORDS))
EMAIL_RE = re.compile(r"[\w.+-]+@[\w-]+\.[\w.-]+")
IBAN_RE = re.compile(r"(?<![A-Za-z0-9])[A-Z]{2}\d{2}(?: ?[A-Z0-9]){11,32}")
CAND_RE = re.compile(r"(?<![\w+])\+?\d(?:[\d \-./()]*\d)?")


def iban_ok(s):
    s = s.replace(" ", "")
    for n in range(15, min(34, len(s)) + 1):
        t = s[:n]
        r = t[4:] + t[:4]
        v = "".join(str(int(ch, 36)) for ch in r)
        if int(v) % 97 == 1:
            return True
    return False


def windows(cand):
    """All contiguous windows of digit groups (as written substrings) of one candidate run."""
    groups = [(m.start(), m.end()) for m in re.finditer(r"\+?\d+", cand)]
    out = []
    for i in range(len(groups)):
        for j in range(i, len(groups)):
            s = cand[groups[i][0]:groups[j][1]]
            out.append(s)
    return out


def scan(text, iso, exclude=()):
    """Findings: list of (kind, value).  exclude: spans (values) to ignore (the labelled phone)."""
    t = text
    for v in exclude:
        t = t.replace(v, " " * len(v))
    found = []
    if EMAIL_RE.search(t):
        found.append(("email", EMAIL_RE.search(t).group()))
    for m in IBAN_RE.finditer(t):
        if iban_ok(m.group()):
            found.append(("iban", m.group()))
    for m in NAME_RE.finditer(t):
        found.append(("name", m.group()))
    pw_pos = [m.start() for m in PW_RE.finditer(t)]
    for m in CAND_RE.finditer(t):
        for w in windows(m.group()):
            d = re.sub(r"\D", "", w)
            if 13 <= len(d) <= 19 and luhn_ok(d):
                found.append(("luhn", w))
            if 7 <= len(d) <= 15 and phone_valid(iso, w):
                s = m.start() + m.group().find(w)
                if any(s - 80 <= p <= s + len(w) + 80 for p in pw_pos):
                    found.append(("phone_with_word", w))
    return found


def own_phone_valid_numbers(text, iso):
    out = []
    for m in CAND_RE.finditer(text):
        g = m.group()
        d = re.sub(r"\D", "", g)
        if 7 <= len(d) <= 15 and phone_valid(iso, g):
            out.append(g)
    return out


# ---------------------------------------------------------------------------------------------
# Record numbers
# ---------------------------------------------------------------------------------------------
def iso6346(rng):
    owner = "".join(rng.choice("ABCDEFGHIJKLMNOPQRSTUVWXYZ") for _ in range(3)) + "U"
    serial = rdig(rng, 6)
    vals = {}
    v = 10
    for ch in "ABCDEFGHIJKLMNOPQRSTUVWXYZ":
        if v % 11 == 0:
            v += 1
        vals[ch] = v
        v += 1
    s = sum((vals[ch] if ch.isalpha() else int(ch)) * (2 ** i) for i, ch in enumerate(owner + serial))
    cd = s % 11 % 10
    return rng.choice(["{}{}{}", "{} {} {}", "{} {}-{}"]).format(owner, serial, cd)


class Style:
    """A column's number style: every call draws a new number of the same shape."""

    def __init__(self, iso, rng, kind, tpl=None, mode=None):
        self.iso, self.rng, self.kind = iso, rng, kind
        p = PLANS[iso]
        if kind == "container":
            self.mode = "container"
            return
        if tpl is not None:
            self.mode, self.tpl = mode, tpl
            self.type = None
            return
        r = rng.random()
        t = rng.choice(p["types"])
        self.type = t
        if r < 0.34:
            self.mode, self.tpl = "ph_nat", strip_tpl(rng.choice(t[2]))
        elif r < 0.46:
            self.mode, self.tpl = "ph_00", "00" + strip_tpl(rng.choice(t[3]))[1:]
        elif r < 0.58:
            self.mode, self.tpl = "ph_cc", strip_tpl(rng.choice(t[3]))[1:]
        elif r < 0.78:
            n = rng.randint(7, 15)
            lead = rng.choice(["", "", "0", "00"])
            self.mode, self.tpl = "plain", lead + "N" * (n - len(lead))
        elif r < 0.92:
            pat = rng.choice([[3, 3, 3], [4, 4, 4], [2, 4, 4], [4, 3, 3], [3, 4, 4], [2, 3, 2, 2], [4, 6],
                              [3, 3, 4], [5, 5], [2, 2, 2, 2], [4, 4], [3, 2, 3]])
            sep = rng.choice([" ", "-", "/", ".", " "])
            lead = rng.choice(["", "0", "00", ""])
            self.mode = "grouped"
            self.tpl = lead + sep.join("N" * k for k in pat)[len(lead):] if lead else sep.join("N" * k for k in pat)
        else:
            y = rng.choice(["2024", "2025", "2026"])
            sep = rng.choice(["/", "-", ""])
            self.mode, self.tpl = "year", y + sep + "N" * rng.randint(5, 9)
        self.lookalike = rng.random() < 0.5   # use a real prefix of the plan for the first digits

    def draw(self):
        rng = self.rng
        if self.mode == "container":
            return iso6346(rng)
        for _ in range(1000):
            n = self.tpl.count("N")
            if self.mode in ("ph_nat", "ph_00", "ph_cc") and self.type is not None and self.lookalike:
                pr = rng.choice(self.type[0])
                d = pr + rdig(rng, n - len(pr))
            else:
                d = rdig(rng, n)
            s = fill(self.tpl, d)
            dd = re.sub(r"\D", "", s)
            if not (7 <= len(dd) <= 15):
                continue
            if 13 <= len(dd) <= 19 and luhn_ok(dd):
                continue
            return s
        raise RuntimeError("no number for " + self.tpl)


def same_shape_style(iso, rng, kind, phone, shape, phone_tpl, ptype):
    """Record-number style with the phone's own template (grouping/separators), no '+'."""
    tpl = strip_tpl(phone_tpl)
    if shape == "intl":
        tpl = tpl[1:] if rng.random() < 0.6 else "00" + tpl[1:]
        mode = "ph_cc" if not tpl.startswith("00") else "ph_00"
    elif shape == "00":
        tpl = "00" + tpl[1:]
        mode = "ph_00"
    else:
        mode = "ph_nat"
    st = Style(iso, rng, kind, tpl=tpl, mode=mode)
    st.type = ptype
    st.lookalike = rng.random() < 0.5
    return st


# ---------------------------------------------------------------------------------------------
# Fillers
# ---------------------------------------------------------------------------------------------
def a_date(rng, lg):
    y, m, d = rng.choice([2025, 2026]), rng.randint(1, 12), rng.randint(1, 28)
    if lg in ("de", "ru", "uk", "bg", "sr", "pl", "cs", "hu", "ro", "fi", "nb", "da", "tr", "hr"):
        return "{:02d}.{:02d}.{}".format(d, m, y)
    if lg in ("fr", "es", "pt", "it", "el", "vi", "id", "sw", "he", "ar", "hi", "th"):
        return "{:02d}/{:02d}/{}".format(d, m, y)
    if lg in ("ja", "zh", "zh-Hant"):
        return "{}年{}月{}日".format(y, m, d) if rng.random() < 0.5 else "{}-{:02d}-{:02d}".format(y, m, d)
    return "{}-{:02d}-{:02d}".format(y, m, d)


def an_amount(rng, iso):
    v = rng.randint(10, 99999) + rng.randint(0, 99) / 100
    cur = CURRENCY[iso]
    if iso in ("JP", "KR", "VN", "ID", "IR"):
        v = rng.randint(1, 999) * 100
        s = "{:,}".format(v)
    elif iso in ("GB", "US", "TH", "IN", "CN", "TW", "KE", "SA", "IL"):
        s = "{:,.2f}".format(v)
    else:
        s = "{:,.2f}".format(v).replace(",", " ").replace(".", ",")
    return (cur + s) if cur in ("£", "$", "¥", "NT$", "₹", "฿") else (s + " " + cur)


def filler_value(rng, key, lg, iso):
    if key == "date":
        return a_date(rng, lg)
    if key == "amt":
        return an_amount(rng, iso)
    return rng.choice(L[lg]["stv"])


def pick_label_lang(rng, iso):
    lg = COUNTRY_LANG[iso]
    if lg != "en" and rng.random() < 0.15:
        return "en"
    return lg


def kinds_for(lg, rng, n):
    pool = list(KINDS) + (EN_EXTRA if lg == "en" else [])
    rng.shuffle(pool)
    return pool[:n]


def label(lg, k):
    return L[lg]["lab"][k]


# ---------------------------------------------------------------------------------------------
# Renderers.  A "slot" is (key, label, value); key in KINDS/EN_EXTRA/date/amt/st/contact/empty_pw.
# ---------------------------------------------------------------------------------------------
def colon(lg, rng):
    if lg in ("zh", "zh-Hant", "ja") and rng.random() < 0.6:
        return "："
    if lg == "fr":
        return " : "
    return ": "


def render_form(slots, lg, rng, title=True):
    lines = []
    if title and rng.random() < 0.6:
        t = L[lg]["title"]
        lines.append(rng.choice(["**{}**", "{}", "*{}*", "### {}"]).format(t))
    bullet = rng.choice(["", "", "- ", "• "])
    c = colon(lg, rng)
    bold = rng.random() < 0.25
    for _k, lab, val in slots:
        lab2 = "**{}**".format(lab) if bold else lab
        lines.append("{}{}{}{}".format(bullet, lab2, c, val))
    if rng.random() < 0.3:
        lines = ["```"] + lines + ["```"] if not any(x.startswith("**") or x.startswith("#") for x in lines) else lines
    return "\n".join(lines)


def render_table(headers, rows, rng):
    out = ["| " + " | ".join(headers) + " |", "|" + "|".join(["---"] * len(headers)) + "|"]
    for r in rows:
        out.append("| " + " | ".join(r) + " |")
    return "\n".join(out)


def csv_cell(v, delim):
    if delim in v or '"' in v:
        return '"' + v.replace('"', '""') + '"'
    return v


def render_csv(headers, rows, rng, iso):
    delim = ";" if (iso not in ("GB", "US", "CN", "TW", "JP", "KR", "IN", "TH", "KE", "IL", "SA", "IR", "ID", "VN")
                    and rng.random() < 0.6) else ","
    if rng.random() < 0.15:
        delim = "\t"
    lines = [delim.join(csv_cell(h, delim) for h in headers)]
    for r in rows:
        lines.append(delim.join(csv_cell(v, delim) for v in r))
    body = "\n".join(lines)
    fence = rng.random()
    if fence < 0.6:
        return "```csv\n" + body + "\n```" if rng.random() < 0.5 else "```\n" + body + "\n```"
    return body


def key_for(lg, lab, k, eng_keys):
    if eng_keys:
        return EN_KEYS.get(k, k)
    return lab


def render_json(slots, lg, rng, eng_keys, yaml=False, wrap=None):
    obj = OrderedDict()
    for k, lab, val in slots:
        obj[lab if not eng_keys else (EN_KEYS.get(k) or lab)] = val
    if wrap:
        obj = OrderedDict([(wrap, obj)])
    if yaml:
        lines = []

        def dump(o, ind):
            for kk, vv in o.items():
                if isinstance(vv, dict):
                    lines.append(" " * ind + "{}:".format(kk))
                    dump(vv, ind + 2)
                else:
                    q = '"{}"'.format(vv) if (rng.random() < 0.7 or vv[:1] in "0+" or ":" in vv) else vv
                    lines.append(" " * ind + "{}: {}".format(kk, q))
        dump(obj, 0)
        return "```yaml\n" + "\n".join(lines) + "\n```"
    s = json.dumps(obj, ensure_ascii=False, indent=rng.choice([2, 2, None]))
    return "```json\n" + s + "\n```" if rng.random() < 0.75 else s


def log_ts(rng):
    return "2026-{:02d}-{:02d}T{:02d}:{:02d}:{:02d}.{:03d}Z".format(rng.randint(1, 11), rng.randint(1, 28),
                                                                   rng.randint(0, 23), rng.randint(0, 59),
                                                                   rng.randint(0, 59), rng.randint(0, 999))


SERVICES = ["customs-sync", "erp-export", "billing-worker", "claims-intake", "shipment-tracker", "docs-indexer",
            "tax-filing-bridge", "registry-mirror", "dispatch-api", "contract-archiver"]
LOG_MSGS = ["record updated", "record imported", "status changed", "duplicate detected", "retry scheduled",
            "matched", "export ok", "validation warning"]


def kv(k, v):
    return "{}={}".format(k, '"' + v + '"' if (" " in v) else v)


def render_log(line_slots, rng):
    """line_slots: list of lists of (key, value) pairs; one line each."""
    svc = rng.choice(SERVICES)
    out = []
    for pairs in line_slots:
        lvl = rng.choice(["INFO", "INFO", "WARN", "DEBUG"])
        head = "{} {:5s} [{}] {}".format(log_ts(rng), lvl, svc, rng.choice(LOG_MSGS))
        out.append(head + " " + " ".join(kv(k, v) for k, v in pairs))
    return "```\n" + "\n".join(out) + "\n```" if rng.random() < 0.7 else "\n".join(out)


EN_PROSE_NEG = [
    "customs flagged {A} {x} again — it belongs to {B} {y}, can someone check?",
    "{A} {x} and {B} {y} are linked in the ERP but the portal shows them separately",
    "for the audit: {A} {x} (filed), {B} {y} (pending)",
    "can you merge {A} {x} into {B} {y}? same consignment",
    "the import job rejected {A} {x}; {B} {y} went through fine",
]
EN_PROSE_POS = [
    "Re {B} {y}: {L} {v} — please update the ticket.",
    "added {L} {v} to {B} {y}, {A} {x} still missing",
    "for {B} {y} the {L} is {v}; {A} {x} is the related one",
]


# ---------------------------------------------------------------------------------------------
# Negatives
# ---------------------------------------------------------------------------------------------
NEG_PLAN = ([("form", True)] * 80 + [("table", True)] * 55 + [("csv", True)] * 40 + [("json", True)] * 40 +
            [("log", True)] * 35 + [("prose", True)] * 50 + [("bare", False)] * 45 + [("bare_lead", False)] * 20 +
            [("csv_col", False)] * 35)
assert len(NEG_PLAN) == 400


def neg_message(shape, iso, rng, stats):
    lg = pick_label_lang(rng, iso)
    used_kinds = []
    if shape == "form":
        n = rng.randint(5, 15)
        nnum = max(3, min(n - 1, int(round(n * rng.uniform(0.55, 0.85)))))
        ks = kinds_for(lg, rng, nnum)
        slots = [(k, label(lg, k), Style(iso, rng, k).draw()) for k in ks]
        fills = ["date", "amt", "st"]
        rng.shuffle(fills)
        for f in fills[:n - len(slots)]:
            slots.append((f, label(lg, f), filler_value(rng, f, lg, iso)))
        while len(slots) < n:
            k = rng.choice([x for x in KINDS if x not in ks])
            ks.append(k)
            slots.append((k, label(lg, k), Style(iso, rng, k).draw()))
        rng.shuffle(slots)
        if rng.random() < 0.1:   # an empty phone field: "no line is a phone"
            slots.insert(rng.randint(0, len(slots)), ("empty_pw", rng.choice(L[lg]["pw"]),
                                                      rng.choice(["—", "–", "n/a", "-", "—  "]).strip()))
            stats["empty_phone_field"] += 1
        used_kinds = [s[0] for s in slots]
        text = render_form(slots, lg, rng)
    elif shape in ("table", "csv"):
        ncol = rng.randint(2, 4)
        ks = kinds_for(lg, rng, ncol)
        fills = [f for f in ["date", "amt", "st"] if rng.random() < 0.5]
        cols = ks + fills
        rng.shuffle(cols)
        styles = {k: Style(iso, rng, k) for k in ks}
        nrows = rng.randint(2, 8) if shape == "table" else rng.randint(3, 15)
        eng = shape == "csv" and rng.random() < 0.4
        headers = [EN_KEYS[k] if eng else label(lg, k) for k in cols]
        rows = [[styles[k].draw() if k in styles else filler_value(rng, k, lg, iso) for k in cols]
                for _ in range(nrows)]
        used_kinds = ks
        text = render_table(headers, rows, rng) if shape == "table" else render_csv(headers, rows, rng, iso)
    elif shape == "json":
        n = rng.randint(3, 8)
        ks = kinds_for(lg, rng, n)
        slots = [(k, label(lg, k), Style(iso, rng, k).draw()) for k in ks]
        if rng.random() < 0.5:
            f = rng.choice(["date", "amt", "st"])
            slots.append((f, label(lg, f), filler_value(rng, f, lg, iso)))
        eng = rng.random() < 0.5
        wrap = rng.choice([None, None, "record", "filing", "shipment", "data"])
        used_kinds = ks
        text = render_json(slots, lg, rng, eng, yaml=rng.random() < 0.35, wrap=wrap)
    elif shape == "log":
        nl = rng.randint(1, 8)
        ks = kinds_for("en", rng, rng.randint(1, 3))
        styles = {k: Style(iso, rng, k) for k in ks}
        lines = []
        for _ in range(nl):
            pairs = [(EN_KEYS[k], styles[k].draw()) for k in ks]
            if rng.random() < 0.4:
                pairs.append(("status", rng.choice(["ok", "retry", "dup", "queued"])))
            lines.append(pairs)
        used_kinds = ks
        text = render_log(lines, rng)
        lg = "en"
    elif shape == "prose":
        ka, kb = kinds_for(lg, rng, 2)
        x, y = Style(iso, rng, ka).draw(), Style(iso, rng, kb).draw()
        if lg != "en" and rng.random() < 0.6:
            tpl = L[lg]["prose"].replace("{L} {v}", "{A} {x}")
        else:
            tpl = rng.choice(EN_PROSE_NEG)
        text = tpl.format(A=label(lg, ka), x=x, B=label(lg, kb), y=y)
        if rng.random() < 0.3:
            k3 = rng.choice([k for k in KINDS if k not in (ka, kb)])
            text += "\n" + "{}: {}".format(label(lg, k3), Style(iso, rng, k3).draw())
            used_kinds.append(k3)
        used_kinds += [ka, kb]
    elif shape in ("bare", "bare_lead"):
        st = Style(iso, rng, "unlabelled")
        n = rng.randint(3, 12)
        nums = [st.draw() for _ in range(n)]
        fmt = rng.random()
        if fmt < 0.5:
            body = "\n".join(nums)
        elif fmt < 0.75:
            b = rng.choice(["- ", "• ", "* "])
            body = "\n".join(b + x for x in nums)
        else:
            body = rng.choice([", ", "; ", " / "]).join(nums)
        if rng.random() < 0.3 and fmt < 0.75:
            body = "```\n" + body + "\n```"
        if shape == "bare_lead":
            body = rng.choice(L[COUNTRY_LANG[iso]]["lead"]) + "\n" + body
            lg = COUNTRY_LANG[iso]
        else:
            lg = "-"
        used_kinds = ["(none)"]
        text = body
    elif shape == "csv_col":
        k = rng.choice(KINDS)
        eng = rng.random() < 0.35
        h = EN_KEYS[k] if eng else label(lg, k)
        st = Style(iso, rng, k)
        with_date = rng.random() < 0.4
        headers = [h] + ([EN_KEYS["date"] if eng else label(lg, "date")] if with_date else [])
        rows = [[st.draw()] + ([a_date(rng, lg)] if with_date else []) for _ in range(rng.randint(4, 15))]
        used_kinds = [k]
        text = render_csv(headers, rows, rng, iso)
    else:
        raise ValueError(shape)
    return text, lg, used_kinds


# ---------------------------------------------------------------------------------------------
# Positives
# ---------------------------------------------------------------------------------------------
POS_PLACES = ["form", "table", "csv", "json", "log", "prose"]


def pos_message(place, iso, label_type, shape, rng):
    lg = pick_label_lang(rng, iso)
    phone, ptype, tpl = gen_phone(iso, rng, shape)
    if label_type == "role-word":
        cl = rng.choice(L[lg]["roles"])
        ck = rng.choice(EN_ROLE_KEYS)
    else:
        cl = rng.choice(L[lg]["pw"])
        ck = rng.choice(EN_PHONE_KEYS)
    mk = lambda k: (same_shape_style(iso, rng, k, phone, shape, tpl, ptype) if rng.random() < 0.7 else Style(iso, rng, k))
    if place == "form":
        n = rng.randint(5, 15)
        ks = kinds_for(lg, rng, max(2, min(n - 2, int(round(n * 0.6)))))
        slots = [(k, label(lg, k), mk(k).draw()) for k in ks]
        for f in ["date", "amt", "st"][:max(0, n - 1 - len(slots))]:
            slots.append((f, label(lg, f), filler_value(rng, f, lg, iso)))
        rng.shuffle(slots)
        slots.insert(rng.randint(1, len(slots)), ("contact", cl, phone))
        text = render_form(slots, lg, rng)
    elif place in ("table", "csv"):
        ks = kinds_for(lg, rng, rng.randint(2, 4))
        styles = {k: mk(k) for k in ks}
        cols = list(ks)
        if rng.random() < 0.5:
            cols.append(rng.choice(["date", "st"]))
        cols.insert(rng.randint(1, len(cols)), "contact")
        eng = place == "csv" and rng.random() < 0.4
        headers = []
        for k in cols:
            if k == "contact":
                headers.append(ck if eng else cl)
            else:
                headers.append(EN_KEYS[k] if eng else label(lg, k))
        nrows = rng.randint(1, 6)
        prow = rng.randrange(nrows)
        rows = []
        for i in range(nrows):
            row = []
            for k in cols:
                if k == "contact":
                    row.append(phone if i == prow else "")
                elif k in styles:
                    row.append(styles[k].draw())
                else:
                    row.append(filler_value(rng, k, lg, iso))
            rows.append(row)
        text = render_table(headers, rows, rng) if place == "table" else render_csv(headers, rows, rng, iso)
    elif place == "json":
        ks = kinds_for(lg, rng, rng.randint(2, 6))
        slots = [(k, label(lg, k), mk(k).draw()) for k in ks]
        eng = rng.random() < 0.5
        slots.insert(rng.randint(0, len(slots)), ("contact", ck if eng else cl, phone))
        wrap = rng.choice([None, None, "record", "shipment", "case"])
        text = render_json([(k, lab if (k == "contact") else lab, v) for k, lab, v in slots], lg, rng, eng,
                           yaml=rng.random() < 0.35, wrap=wrap)
    elif place == "log":
        ks = kinds_for("en", rng, rng.randint(1, 3))
        styles = {k: mk(k) for k in ks}
        nl = rng.randint(1, 6)
        pl = rng.randrange(nl)
        key = ck if (rng.random() < 0.6 or lg == "en") else cl.replace(" ", "_")
        lines = []
        for i in range(nl):
            pairs = [(EN_KEYS[k], styles[k].draw()) for k in ks]
            if i == pl:
                pairs.insert(rng.randint(0, len(pairs)), (key, phone))
            lines.append(pairs)
        text = render_log(lines, rng)
    elif place == "prose":
        ka, kb = kinds_for(lg, rng, 2)
        x, y = mk(ka).draw(), mk(kb).draw()
        if lg != "en" and rng.random() < 0.65:
            text = L[lg]["prose"].format(B=label(lg, kb), y=y, L=cl, v=phone)
            if rng.random() < 0.5:
                text += "\n{}: {}".format(label(lg, ka), x)
        else:
            el = L["en"]
            lab = cl if lg == "en" else rng.choice(el["roles"] if label_type == "role-word" else el["pw"])
            t = rng.choice(EN_PROSE_POS)
            lab_in = lab if t.startswith("Re ") else lab.lower()
            text = t.format(B=label(lg, kb), y=y, L=lab_in, v=phone, A=label(lg, ka), x=x)
    else:
        raise ValueError(place)
    return text, phone, lg


# ---------------------------------------------------------------------------------------------
def main():
    rng = R
    countries = list(COUNTRY_LANG.keys())
    stats = Counter()
    redraws = Counter()
    # ---- negatives
    order = list(NEG_PLAN)
    rng.shuffle(order)
    cseq = []
    while len(cseq) < 400:
        c = list(countries)
        rng.shuffle(c)
        cseq += c
    negs, seen = [], set()
    neg_meta = []
    for i, (shape, labelled) in enumerate(order):
        iso = cseq[i]
        for attempt in range(200):
            text, lg, kinds = neg_message(shape, iso, rng, stats)
            f = scan(text, iso)
            if re.search(r"\+\d", text):
                f.append(("plus_prefix", ""))
            if f or text in seen:
                for kind, _v in (f or [("duplicate", "")]):
                    redraws[kind] += 1
                continue
            break
        else:
            raise RuntimeError("could not draw a clean negative")
        seen.add(text)
        rid = "d18n-{:04d}".format(i + 1)
        negs.append(OrderedDict([("id", rid), ("text", text), ("category", "record_number")]))
        neg_meta.append(dict(iso=iso, lg=lg, shape=shape, kinds=kinds,
                             pv=len(own_phone_valid_numbers(text, iso)), lines=text.count("\n") + 1))
    # ---- positives
    pos_specs = []
    for j, (place, n) in enumerate(zip(POS_PLACES, [34, 34, 33, 33, 33, 33])):
        for _ in range(n):
            pos_specs.append((place, "role-word" if len(pos_specs) % 2 == 0 else "phone-word"))
    assert len(pos_specs) == 200 and sum(1 for s in pos_specs if s[1] == "role-word") == 100
    rng.shuffle(pos_specs)
    csq = []
    while len(csq) < 200:
        c = list(countries)
        rng.shuffle(c)
        csq += c
    shapes_cycle = ["nat", "intl", "nat", "00", "nat", "intl"]
    poss, pos_meta = [], []
    for i, (place, label_type) in enumerate(pos_specs):
        iso = csq[i]
        shape = shapes_cycle[i % len(shapes_cycle)]
        for attempt in range(200):
            text, phone, lg = pos_message(place, iso, label_type, shape, rng)
            ok = text.count(phone) == 1 and phone_valid(iso, phone)
            bad = scan(text, iso, exclude=[phone])
            bad = [b for b in bad if b[0] != "phone_with_word"]
            if label_type == "role-word" and PW_RE.search(text):
                bad.append(("pw_in_role", PW_RE.search(text).group()))
            if label_type == "phone-word" and not PW_RE.search(text):
                bad.append(("no_pw", ""))
            if ok and not bad and text not in seen:
                break
            redraws["pos:" + ",".join(b[0] for b in bad) if bad else "pos:dup/occurrence"] += 1
        else:
            raise RuntimeError("could not draw a positive")
        seen.add(text)
        assert phone in text
        rid = "d18p-{:04d}".format(i + 1)
        ctx = "phone_number:{}:{}:{}".format(iso, place, label_type)
        poss.append(OrderedDict([("id", rid), ("text", text),
                                 ("secrets", [OrderedDict([("kind", "phone_number"), ("value", phone)])]),
                                 ("context", ctx)]))
        others = [x for x in own_phone_valid_numbers(text.replace(phone, " "), iso)]
        pos_meta.append(dict(iso=iso, lg=lg, place=place, lt=label_type, shape=shape, phone=phone,
                             sep=("compact" if re.fullmatch(r"\+?\d+", phone) else
                                  "dashes" if "-" in phone else "dots" if "." in phone else
                                  "slash" if "/" in phone else "parens" if "(" in phone else "spaces"),
                             other_pv=len(others)))

    # ---- final scan report
    final = Counter()
    for n, m in zip(negs, neg_meta):
        for kind, _v in scan(n["text"], m["iso"]):
            final[kind] += 1
    assert sum(final.values()) == 0, final
    for p in poss:
        v = p["secrets"][0]["value"]
        assert p["text"].count(v) == 1

    neg_path = os.path.join(HERE, "dev18_negatives.jsonl")
    pos_path = os.path.join(HERE, "dev18_positives.jsonl")
    with open(neg_path, "w", encoding="utf-8", newline="\n") as fh:
        for r in negs:
            fh.write(json.dumps(r, ensure_ascii=False) + "\n")
    with open(pos_path, "w", encoding="utf-8", newline="\n") as fh:
        for r in poss:
            fh.write(json.dumps(r, ensure_ascii=False) + "\n")
    sha = {p: hashlib.sha256(open(p, "rb").read()).hexdigest() for p in (neg_path, pos_path)}
    readme = build_readme(negs, neg_meta, poss, pos_meta, sha[neg_path], sha[pos_path], redraws, stats, final)
    with open(os.path.join(HERE, "README.md"), "w", encoding="utf-8", newline="\n") as fh:
        fh.write(readme)
    print("negatives", len(negs), "positives", len(poss))
    print("redraws", dict(sorted(redraws.items())))
    print("final scanner findings on negatives:", sum(final.values()))
    print("negatives with >=1 number valid under own plan (no phone word near):",
          sum(1 for m in neg_meta if m["pv"]))
    print(sha[neg_path], "dev18_negatives.jsonl")
    print(sha[pos_path], "dev18_positives.jsonl")


BLINDNESS = """\
Written blind, without seeing the redactor's code, rules, tests or any other data set. Here is everything that was opened or run:

- Opened: `/work/briefs/probe18.md` and `/work/briefs/data.md` (the briefs), `/work/.library/env/README.md`,
  `/work/main/tests/support/data/redaction4/README.md` (copied for its *format* only), and
  `head -3` of `redaction4_negatives.jsonl` and of `redaction4_positives.jsonl` in that folder (for the record format).
- Nothing else under `/work/main` or `/work/wt-*`, and no other folder under `/work/data`, was listed, opened or grepped. No git command,
  no code or doc search tool, and no package registry were used. The product was neither run nor installed.
- Commands run: `cat` (briefs and the READMEs above), `head -3` (the two redaction4 files), `ls -la /work/data/dev18/` (before
  the folder existed), `date`, `mkdir -p /work/data/dev18 /tmp/dev18`, `python3` (gen.py, small inline scripts that edit gen.py and
  print samples of its own output), the session's file editor (to write and edit gen.py only), `sha256sum`, `cmp`, `ls`/`head`/`cat` of this folder's own output. These went beyond
  data.md's list of commands, and only on this probe's own files: `cp gen.py /tmp/dev18/`, to run scratch copies in `/tmp/dev18/`.
  `sed -i` once on gen.py (adding two phone words to the scanner list), `grep -n` once on gen.py, and `sed -n` / `grep -c` to view
  this folder's own README.
- Everything here comes from general knowledge of forms, ERP/customs exports, logs and numbering plans. None of it was tuned
  against any rule set.
"""


def md_table(header, rows):
    num = [i > 0 and all(isinstance(r[i], int) or str(r[i]).startswith("**") and str(r[i]).strip("*").isdigit() or
                        isinstance(r[i], int) for r in rows) for i in range(len(header))]
    out = ["| " + " | ".join(header) + " |", "|" + "|".join("---:" if num[i] else "---" for i in range(len(header))) + "|"]
    for r in rows:
        out.append("| " + " | ".join(str(x) for x in r) + " |")
    return "\n".join(out)


def build_readme(negs, nm, poss, pm, sha_n, sha_p, redraws, stats, final):
    o = []
    w = o.append
    w("> PLACEHOLDER")
    w("")
    w("# dev18: record numbers under labels, beside real phones (a development probe)")
    w("")
    w("**The question this probe asks:** can the redaction feature tell a *person's* phone number from a *business record's* number")
    w("when both sit in the same places? Those places are `Label: value` form lines, Markdown tables, CSV with a header, JSON/YAML fields,")
    w("log `key=value` lines and prose, in 35 countries' numbering plans and 33 languages, in the Latin, Cyrillic, Greek, Arabic, Hebrew, Devanagari, Thai, CJK and Hangul scripts. The record numbers were")
    w("written on purpose in the shape of the country's phone numbers: the same digit grouping and separators, a leading `0` / `00`,")
    w("or the country code without a `+`. So the shape alone does not tell them apart. The label does, or its absence.")
    w("")
    w("## Files")
    w("")
    w("| file | lines | sha256 |")
    w("|---|---:|---|")
    w("| `dev18_negatives.jsonl` | {} | `{}` |".format(len(negs), sha_n))
    w("| `dev18_positives.jsonl` | {} | `{}` |".format(len(poss), sha_p))
    w("| `gen.py` | | writes both files and this README |")
    w("")
    w("`python3 gen.py` regenerates all three files next to itself. It uses the standard library only, and `random.Random(1818)` is its only")
    w("source of randomness. Two runs give byte-identical files, also under `PYTHONHASHSEED=0` and `=123` (checked with `cmp`).")
    w("")
    w("## How it was written (blindness record)")
    w("")
    w(BLINDNESS)
    w("## Record format")
    w("")
    w("- negatives: `{\"id\": \"d18n-0001\", \"text\": ..., \"category\": \"record_number\"}`. There is no personal data and nothing to redact.")
    w("- positives: `{\"id\": \"d18p-0001\", \"text\": ..., \"secrets\": [{\"kind\": \"phone_number\", \"value\": ...}], \"context\": ...}`.")
    w("  Each has exactly one phone number. `value` is the whole number as written, with its `+`/`00`/trunk prefix, spaces, dashes, dots,")
    w("  slashes and parentheses. It occurs exactly once in `text` (asserted).")
    w("  `context` is `phone_number:<CC>:<form|table|csv|json|log|prose>:<phone-word|role-word>`. The `no-word` value is allowed by the")
    w("  format but not used: every positive phone has a label.")
    w("")
    # ---- negatives
    w("## Negatives (400, category `record_number`)")
    w("")
    shp = Counter(m["shape"] for m in nm)
    desc = OrderedDict([
        ("form", "`Label: value` forms, 5–15 lines (plus an optional title). Most lines are record numbers; the rest are date/amount/status. No line is a phone"),
        ("table", "Markdown tables: 2–4 record-number columns plus date/amount/status, 2–8 rows"),
        ("csv", "CSV exports (`,` `;` or tab; fenced or not; headers native or English snake_case), 3–15 rows, several record columns"),
        ("json", "JSON objects (flat or wrapped) and YAML blocks, with native-language or English keys"),
        ("log", "log lines `ts LEVEL [svc] msg key=value …`, with English keys"),
        ("prose", "one sentence in the language (or in English with local labels) naming two records, sometimes with a `Label: value` line"),
        ("bare", "**no label**: a bare list of 3–12 numbers (one per line, bullets, or `, ` / `; ` / ` / ` joined)"),
        ("bare_lead", "**no label**: the same list after a generic lead (\"Bitte prüfen:\", \"请核对：\"), which names no record kind"),
        ("csv_col", "**no label**: a CSV column whose header is a record word (optionally with a date column)"),
    ])
    w(md_table(["structure", "texts", "what"], [(k, shp[k], v) for k, v in desc.items()]))
    w("")
    unl = shp["bare"] + shp["bare_lead"] + shp["csv_col"]
    w("{} of 400 ({:.0%}) have no per-number label.".format(unl, unl / 400))
    lines = [m["lines"] for m in nm]
    w("Lengths run from {} to {} lines: {} texts are single-line and {} have 10 or more lines.".format(
        min(lines), max(lines), sum(1 for x in lines if x == 1), sum(1 for x in lines if x >= 10)))
    w("")
    w("**How hard they are.** In {} of the 400 negatives, at least one record number is a *valid* phone number of the message's own country".format(sum(1 for m in nm if m["pv"])))
    w("when read as written (under the simplified plans below), and no phone word is near it. The rest use other phone-like shapes: the country")
    w("code without `+` (`49 151 …`), `00`+CC, or plain and grouped 7–15-digit runs. {} forms carry an *empty* phone field (`Telefon: —`),".format(stats["empty_phone_field"]))
    w("so a phone word is present while no phone is.")
    w("")
    w("### Record kinds")
    w("")
    kc = Counter()
    for m in nm:
        for k in m["kinds"]:
            if k in KIND_NAME:
                kc[k] += 1
    w(md_table(["kind", "texts containing it", "example labels"],
               [(KIND_NAME[k], kc[k], " / ".join("`{}`".format(L[x]["lab"][k]) for x in ["en", "de", "ja", "ar"] if k in L[x]["lab"]))
                for k in KINDS + EN_EXTRA]))
    w("")
    w("The 12 core kinds are translated into every language. The ten English-only kinds (container, permit, licence, vehicle registration,")
    w("land registry title, account statement, receipt, reference code, filing, declaration) appear where the labels are English.")
    w("Container numbers are ISO 6346, with a valid check digit. Some national labels name real registers, such as KRS, CVR, KvK, Y-tunnus, ОГРН,")
    w("ЕДРПОУ, ЕИК, 法人番号, 사업자등록번호, 統一編號, NIB and ח.פ. Their values here are random digits of phone shape, not valid register numbers.")
    w("")
    w("### Languages of the labels")
    w("")
    lc = Counter(m["lg"] for m in nm)
    cc = Counter(m["iso"] for m in nm)
    rows = []
    for lg in L:
        cs = [c for c, l2 in COUNTRY_LANG.items() if l2 == lg]
        rows.append((lg, L[lg]["script"], ", ".join(cs), lc[lg], sum(cc[c] for c in cs)))
    rows.append(("— (bare lists, no words)", "", "", lc["-"], ""))
    w(md_table(["label language", "script", "countries (numbering plan)", "texts with labels in it", "texts with these countries' numbers"], rows))
    w("")
    w("About 15% of messages from non-English countries use English labels (or English log keys and prose) with the country's numbers.")
    w("Log lines always use English keys.")
    w("")
    w("### Scanner guarantees (enforced by `gen.py`)")
    w("")
    w("`gen.py` redraws any negative in which its scanner finds one of the following:")
    w("")
    w("- a **valid phone number of the message's own country** (under the simplified plan) **with a phone word within 80 characters**. It")
    w("  checks every contiguous window of digit groups in every digit run. The phone words come in 33 languages (`Telefon`, `Tel.`, `Mobil`,")
    w("  `tlf`, `телефон`, `моб`, `τηλ`, `هاتف`, `جوال`, `تلفن`, `טלפון`, `फ़ोन`, `โทร`, `电话`, `手机`, `携帯`, `전화`, `연락처`, `điện thoại`,")
    w("  `HP`, `simu`, `whatsapp`, `fax`, …);")
    w("- a **Luhn-valid 13–19-digit run**, plain or grouped, including windows of groups;")
    w("- a **mod-97-valid IBAN** shape;")
    w("- an **e-mail address**;")
    w("- a **person's name or a name label** (a reference list of given names in the 33 languages, plus `Name:`, `Imię`, `Имя`, `氏名`,")
    w("  `이름`, `ชื่อ`, `नाम`, …). The generator writes no names at all, so this is only a check;")
    w("- a number written with a leading `+`. The brief asks for `+`-less prefixes in negatives.")
    w("")
    w("Redraws during generation: " + (", ".join("{} {}".format(k, v) for k, v in sorted(redraws.items())) or "none") + ".")
    w("The scanner finds **{} issues in the final 400 negatives**. All texts, negatives and positives, are distinct.".format(sum(final.values())))
    w("")
    # ---- positives
    w("## Positives (200, one `phone_number` each)")
    w("")
    w("Each positive puts one person's phone number (of an applicant, contact person, driver, courier, tenant or patient) **in the same place and")
    w("next to record numbers of the same shape**. About 70% of the record-number columns and fields in a positive reuse the phone's exact")
    w("template (grouping, separators, and the `0`/`00`/CC prefix with the `+` dropped), and half of those begin with a real prefix of the plan.")
    w("In tables and CSV, the contact column is filled in only one row and left empty in the others.")
    w("")
    pc = Counter((m["place"], m["lt"]) for m in pm)
    w(md_table(["place", "role-word label", "phone-word label", "total"],
               [(p, pc[(p, "role-word")], pc[(p, "phone-word")], pc[(p, "role-word")] + pc[(p, "phone-word")]) for p in POS_PLACES] +
               [("**total**", sum(v for (p, lt), v in pc.items() if lt == "role-word"),
                 sum(v for (p, lt), v in pc.items() if lt == "phone-word"), len(pm))]))
    w("")
    w("A `role-word` label is a role or person word: `Applicant`, `Contact person`, `Kierowca`, `Заявитель`, `担当者`, `ผู้ติดต่อ`,")
    w("`המבקש` and the like, or the English keys `driver`, `courier`, `tenant`, `applicant`, `contact_person` and `patient`. **No phone word")
    w("appears anywhere in a role-word text** (asserted). A `phone-word` label is a phone word in the label's language, or the English")
    w("`phone` / `mobile` / `tel`. The label's language follows the same rule as in the negatives (about 15% English).")
    w("")
    w("### By country and shape")
    w("")
    rows = []
    for c in COUNTRY_LANG:
        ms = [m for m in pm if m["iso"] == c]
        sh = Counter(m["shape"] for m in ms)
        rows.append((c, COUNTRY_LANG[c], "+" + PLANS[c]["cc"], len(ms), sh["nat"], sh["intl"], sh["00"],
                     sum(1 for m in ms if m["lt"] == "role-word"), "`{}`".format(ms[0]["phone"]) if ms else ""))
    w(md_table(["country", "lang", "cc", "positives", "national", "+CC", "00CC", "role-word", "example"], rows))
    w("")
    sep = Counter(m["sep"] for m in pm)
    w("Separators in the phone as written: " + ", ".join("{} {}".format(k, v) for k, v in sorted(sep.items())) + ".")
    w("In {} positives, at least one record number beside the phone is itself a valid phone number of the same country when read as written.".format(
        sum(1 for m in pm if m["other_pv"])))
    w("")
    w("### Simplified numbering plans (used to make and check the numbers)")
    w("")
    w("These plans are **simplified**. Each country has one or two mobile ranges and one to three large-city landline ranges. A number is")
    w("checked as NSN prefix + NSN length, after removing `+CC` / `00CC` or the trunk prefix (`0`; `8` for RU; `06` for HU; none for")
    w("US/ES/PT/IT/PL/CZ/DK/NO/GR). IN and CN mobiles also count as valid without the trunk. US numbers follow NANP rules (no N11 area code;")
    w("the exchange's first digit is 2–9). DK counts any 8 digits starting with 2–9 as valid. Numbers outside these ranges may still be real")
    w("phone numbers; the scanner does not know them.")
    w("")
    rows = []
    for c, p in PLANS.items():
        rows.append((c, "+" + p["cc"], p["trunk"] or "—",
                     "; ".join("{} ({} digits)".format("/".join(t[0][:6]) + ("/…" if len(t[0]) > 6 else ""), t[1]) for t in p["types"])))
    w(md_table(["country", "cc", "trunk", "NSN prefixes (NSN length)"], rows))
    w("")
    w("## Known ambiguities (deliberate)")
    w("")
    ex = []
    for n, m in zip(negs, nm):
        if m["pv"] and m["shape"] == "form" and len(ex) < 4:
            for ln in n["text"].split("\n"):
                pv = own_phone_valid_numbers(ln, m["iso"])
                if pv and ":" in ln:
                    ex.append("`{}` ({}, {})".format(ln.replace("**", "").strip("-• *"), n["id"], m["iso"]))
                    break
    w("- **Phone-valid record numbers.** {} negatives contain record numbers that *are* valid phone numbers under the country's plan, for".format(sum(1 for m in nm if m["pv"])))
    w("  example " + ", ".join(ex) + ". They are scored as **not** personal data because their label (or their column")
    w("  header) names a record. A redactor that masks every valid phone number will flag them. That is the failure this probe measures.")
    w("- **Unlabelled lists** (about a quarter) have no per-number label at all. A bare list of phone-shaped numbers is scored as negative")
    w("  because it was made as a list of record numbers and carries nothing personal. Bare lists are the most debatable part of this set:")
    w("  a careful redactor may fairly mask some of them, so report them separately. Their ids:")
    w("  " + ", ".join(n["id"] for n, m in zip(negs, nm) if m["shape"] in ("bare", "bare_lead", "csv_col")) + ".")
    w("- **Empty phone fields** (`Telefon: —`, `Tel.: n/a`) put a phone word in a negative that has no phone. The scanner keeps such fields")
    w("  80 or more characters away from any phone-valid number.")
    w("- **The `+` sign.** No negative has a `+`-led number, as the brief asks. So in the {} positives written `+CC …`, the `+` alone gives".format(
        sum(1 for m in pm if m["shape"] == "intl")))
    w("  the phone away. The harder positives are the national (`0…`) and `00CC` ones, whose record neighbours have exactly the same shape.")
    w("- **CC without `+`** (`49 151 2345 6789`, `380 50 210-39-21`) is treated as *not* a phone as written. A redactor that reads it as")
    w("  an international number without the plus will flag these negatives.")
    w("- **Role labels on numbers.** `Fahrer: 0151 2345 6789` and `Kierowca: 512 345 678` are scored as the driver's phone number, not as a")
    w("  driver id, though a role label could in principle head an employee or licence number. In this set a role label always heads a phone.")
    w("- **Landline vs mobile words.** A phone-word label can say `Mobil`/`携帯` over a landline of the same country, and vice versa.")
    w("  Both are still the person's phone.")
    w("- **Record numbers of a person's register.** No label names a *personal* identifier (no tax id of a person, national id or")
    w("  passport). Company and document registers only.")
    w("- Dates (`14.03.2026`) and amounts (`84 182,27 €`) are not record numbers, and nothing is labelled in them.")
    w("")
    return "\n".join(o) + "\n"

if __name__ == "__main__":
    main()
