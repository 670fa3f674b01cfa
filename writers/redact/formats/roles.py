"""A number labelled by a person's role: the person's phone.

A form or a table gives a person by their role as often as by their name (`Driver:`, `Monteur:`,
`Encarregado de obra:`, a CSV's `site_lead` or `τεχνικός` column): the role names someone who is
sent somewhere and reached there, and a number in that person's field, written as some country's
plan writes a phone, is how to reach them. A business's own numbers are labelled by the thing
they number (`record_labels`), which wins where both stand; the role must be the label's own
words (the label before the value's colon on its line, or the value's column header), not a
word further back.

May import: `columns`.
"""

from __future__ import annotations

import re

from writers.redact.formats.columns import column_header

# People a business sends or puts in charge, who are reached by phone where they are: drivers and
# couriers, technicians and fitters, a site's lead, a building's caretaker, a contact person; in
# the languages of a mixed team's channel (en, de, fr, es, pt, it, nl, the Nordic languages, fi,
# pl, cs, sk, hu, ro, hr, sl, bg, ru, uk, el, tr, vi, id, ms, ar, he, zh, ja, ko, th).
_ROLE_WORDS = (
    "driver courier technician engineer fitter installer plumber electrician foreman supervisor"
    " dispatcher coordinator caretaker janitor concierge warden site~lead site~manager"
    " site~supervisor contact~person on-call"
    " fahrer techniker monteur bauleiter polier hausmeister disponent ansprechpartner"
    " kontaktperson kurier installateur elektriker"
    " chauffeur livreur technicien technicienne chef~de~chantier chef~d'équipe gardien coursier"
    " installateur référent référente"
    " conductor chofer chófer repartidor técnico técnica jefe~de~obra encargado encargada"
    " capataz gestor gestora mensajero instalador portero"
    " motorista entregador encarregado encarregada mestre~de~obras estafeta porteiro"
    " autista corriere tecnico capocantiere caposquadra referente installatore custode"
    " bezorger technicus uitvoerder projectleider beheerder contactpersoon koerier"
    " sjåfør chaufför tekniker montør montör anleggsleder platschef arbetsledare byggeleder"
    " formann vaktmester"
    " kuljettaja asentaja teknikko työnjohtaja talonmies yhteyshenkilö"
    " kierowca technik monter kierownik brygadzista serwisant dozorca"
    " řidič vodič montér stavbyvedoucí kurýr správce"
    " sofőr technikus szerelő művezető gondnok futár kapcsolattartó"
    " șofer şofer sofer tehnician montator curier"
    " vozač voznik serviser tehničar poslovođa kurir domar hišnik"
    " шофьор водитель водій техник технік монтажник прораб курьер кур'єр диспетчер"
    " οδηγός τεχνικός εργοδηγός"
    " şoför sürücü teknisyen şantiye~şefi kurye"
    " tài~xế tài_xế kỹ~thuật~viên"
    " sopir supir pemandu teknisi juruteknik mandor"
    " سائق السائق فني الفني مشرف المشرف مندوب المندوب"
    " נהג טכנאי שליח"
)
# Words of scripts written without spaces, read inside their phrase (`配送司机`, `担当者`).
_GLUED_ROLES = (
    "司机|司機|技师|技師|师傅|師傅|運転手|ドライバー|担当者|技術者|배송기사|기사님|담당자|คนขับ|ช่าง"
)
_LETTER = r"[^\W\d_]"
_ROLE = re.compile(
    rf"(?i)(?<!{_LETTER})(?:"
    + "|".join(
        r"[ \t_]+".join(map(re.escape, w.split("~")))
        for w in sorted(_ROLE_WORDS.split(), key=len, reverse=True)
    )
    + rf")(?!{_LETTER})"
    # German and Nordic compounds end on the person (`Lieferfahrer`, `Baustellenleiter`,
    # `Prosjektleder`, `Platschef`).
    + rf"|(?<!{_LETTER}){_LETTER}+(?:fahrer|leiter|techniker|monteur|leder|ledare|chef|sjef)"
    rf"(?!{_LETTER})" + rf"|{_GLUED_ROLES}"
)
# A form's label before its colon, alone on the line before the value (`Technician:   `,
# `→ Encarregado de obra: `): a few words, no digit.
_FORM_LABEL = re.compile(r"(?m)^[ \t>*•·→-]*([^\W\d][^\n:：\d]{0,40}?)[ \t]*[:：][ \t]*$")


def names_a_role(label: str | None) -> bool:
    """True when `label` (a form's label, a column's header) names a person by their role: a
    role word among its few words (`site_lead`, `Encarregado de obra`, `Lieferfahrer`)."""
    if not label:
        return False
    label = label.strip()
    words = re.split(r"[ \t_]+", label)
    if len(words) > 4:
        # A long label names its person in its opening words, after an article at most (`El
        # conductor del camión de Valencia:`, the driver of Valencia's lorry), as a phone's long
        # label does (`phone_words.label_opens_with`).
        article = _ARTICLE.match(label)
        return _ROLE.match(label, article.end() if article else 0) is not None
    return _ROLE.search(label) is not None


# An article before the role a long label opens with (`El conductor …`, `The driver …`).
_ARTICLE = re.compile(
    r"(?i)(?:(?:the|el|la|le|les|los|las|o|a|os|as|il|lo|der|die|das|de|het)[ \t]+)?"
)


def labelled_by_a_role(text: str, start: int) -> bool:
    """True when the value at `start` is labelled by a person's role: the label before its colon
    on its line, or its table or CSV column's header."""
    line_start = text.rfind("\n", 0, start) + 1
    m = _FORM_LABEL.match(text[line_start:start])
    if m is not None:
        return names_a_role(m.group(1))
    return names_a_role(column_header(text, start))
