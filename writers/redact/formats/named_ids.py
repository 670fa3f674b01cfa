"""A number its text names as the id of a thing (an order, an invoice, a parcel): no phone, no
card."""

from __future__ import annotations

import re

from writers.redact.formats.columns import OPENING_QUOTE, column_header
from writers.redact.phone_words import phone_at_the_number

# Words that name a number as an id of something (an order, an invoice, a build, a parcel): a
# number so named is that id, whatever shape it has. "No."/"Nr." are left out: they name phones.
_ID_NOUN = (
    r"order|orders|invoice|inv|po|ticket|ref|reference|tracking|shipment|parcel|awb|sku|ean|gtin"
    r"|upc|isbn|serial|lot|batch|build|txn|transaction|receipt|booking|confirmation|bestellung"
    r"|rechnung|auftrag|commande|facture|pedido|factura|encomenda|fatura|bestelling|factuur"
    r"|ordine|fattura|zamówienie|faktura|注文|請求書|bestellnummer|rechnungsnummer|auftragsnummer"
    r"|sendungsnummer|kundennummer|artikelnummer|ndc|asin|mpn"
    # A transport document's number (an air waybill's: three digits of the airline, eight of
    # the document; a bill of lading's; a consignment note's), in the same languages.
    r"|waybill|hawb|mawb|bill[ \t]+of[ \t]+lading|b/l|consignment|cmr|luftfrachtbrief"
    r"|frachtbrief|lettre[ \t]+de[ \t]+transport|conocimiento[ \t]+de[ \t]+embarque"
    r"|guia[ \t]+a[ée]rea"
    # A customs declaration's number (Morocco's DUM, Turkey's beyanname, an EU entry).
    r"|dum|beyanname|customs[ \t]+declaration|customs[ \t]+entry|zollanmeldung"
    r"|d[ée]claration[ \t]+(?:en[ \t]+)?douan\w*"
    # Codes of things and places: a catalogue's or a part's number, a customs (HS) or chemical
    # (CAS) code, a bank's routing number, a cloud project's number, a postal code.
    r"|catalog|catalogue|katalog|article|artikel|part|p/n|pn|model|pallet|sscc|hs|cas|routing"
    r"|aba|rtn"
    r"|référence|referencia|referência|riferimento|referentie"
    r"|project|cep|plz|zip|postcode|postal[ \t]+code|code[ \t]+postal|c[óo]digo[ \t]+postal"
    # A support desk's case (`Case 2025-6258-5110 reopened`); not "in case".
    r"|(?<!in[ \t])case"
    # A company's registry or tax number (not a person's: DUNS, SIRET/SIREN, KvK, VAT, CNPJ,
    # ABN/ACN, GSTIN, a German commercial register's HRB/HRA).
    r"|duns|siret|siren|kvk|vat|cnpj|abn|acn|gstin|hrb|hra"
    # The Nordic countries' organisation numbers (`org.nr. 946 186 325`, `orgnr`, Denmark's CVR).
    r"|org\.?[ \t]*(?:nr|no|nummer)|orgnr|organisasjonsnummer|organisationsnummer|cvr"
    # A record's place in a sequence of records (a TAP file's, a CDR's: `TAP seq 07356-74244`).
    r"|seq|sequence"
    # A law firm's matter (the file of one client's case, `matter 37355-0105`) and a document
    # store's workspace: the firm's own numbers for its files, which reach no one.
    r"|matter|workspace|dossier|mandat"
    # An account of a company's books: a general-ledger account, a cost centre, a budget line.
    r"|gl|g/l|ledger|general[ \t]+ledger|cost[ \t]+cent(?:er|re)|budget[ \t]+line|kostenstelle"
    r"|sachkonto|centro[ \t]+de[ \t]+costos?|centre[ \t]+de[ \t]+co[uû]ts?"
    # A device's own number: a serial (`S/N`), a handset's IMEI/MEID/ESN, a SIM's ICCID.
    r"|s/n|sn|imei|meid|esn|iccid|seriennummer|シリアル|製造番号|序列号|序列號|시리얼|일련"
    r"|серийн[а-я]*|заводск[а-я]*"
    # An order, a return (RMA) or a project's element in more languages.
    r"|rma|wbs|projekt|projet|proyecto|progetto|pesanan|đơn[ \t]+hàng|tilaus|ordre"
    # Ports and port ranges; a tracking or slip number in Japanese.
    # After a phone's word French `port.` is a mobile (`Tél. port.`: téléphone portable).
    r"|(?<![Tt][ée]l[ .])(?<![Tt][ée]l\.[ \t])(?<![Tt][ée]l[ \t]{2})(?:port|ports|port[ \t]+range)"
    r"|追跡番号|伝票番号|問い合わせ番号|お問い合わせ番号"
    # Ports in more languages (Greek, Russian, Spanish, Portuguese, Korean, Japanese, Chinese,
    # Hebrew, Arabic).
    r"|θύρα|θύρες|θύρας|θυρών|порт|порты|портов|puerto|puertos|porta|portas|포트|ポート|端口"
    r"|פורט|פורטים|منفذ|المنفذ|منافذ"
    r"|заказ[а-я]*|сч[её]т[а-я]*|накладн[а-я]*|посылк[а-я]*|الطلب|طلب|فاتورة|الفاتورة|شحنة|الشحنة"
    r"|ऑर्डर|चालान|订单|訂單|发票|發票|運単|주문|송장|sipariş|fatura|zamówienia|objednávk[a-y]"
    # A bank's own code (not an account's: a German BLZ, a UK sort code) and a goods code of the
    # customs tariffs (the EU's CN and TARIC, a commodity code), which name no one.
    r"|bank[ \t]+code|sort[ \t]+code|blz|bankleitzahl|taric|tariff|commodity[ \t]+code"
    # A company's tax and register numbers in Poland, and an importer's EORI.
    r"|nip|regon|krs|eori"
    # Turkish records' numbers: a tax's (`vergi no`, VKN), a trade register's (`sicil`), a
    # shipment's tracking (`takip`, `kargo`), a file's (`dosya`); Turkish writes `no` dotless.
    r"|vergi|vkn|sicil|takip|kargo|dosya"
    # A parcel carrier named right before a number names its tracking number.
    r"|ups|fedex|dhl|usps|yamato|sagawa|la[ \t]+poste|colissimo|chronopost|royal[ \t]+mail"
    r"|dpd|gls|postnl|correos|purolator|aramex|ヤマト|佐川"
)
# Nouns that own ids and numbers of other kinds (a customer has a phone number): only with an
# id word after them (`customer id`, `account #`).
_OWNER_NOUN = r"customer|account|user|item|product|asset|case|request|job|run|pipeline|trace|span"
_ID_WORD = r"id|ids|no\.?|nr\.?|number|num|nummer|numéro|número|numero|#|code|label|tag|nº|n°|№"
_ID_WORD += r"|номер|رقم|番号|번호|号|संख्या"
_ID_WORD += r"|numarası|numara|č\.|číslo|nomor|numer|mã|số"
# "is" or "was" may stand between the name and the number (`the order id is 4111…`).
_ID_END = r"(?:[ \t]+(?:is|was))?[ \t]*[:#=]?[ \t]*[#]?$"
# The noun is whole in any Latin script (`sku` is not the end of `Gdańsku`).
_ID_OF_THING = re.compile(
    rf"(?i)(?<![A-Za-zÀ-ɏ])(?:{_ID_NOUN})(?![A-Za-zÀ-ɏ])\.?(?:[ \t]*(?:{_ID_WORD}))?{_ID_END}"
)
# The number word first, then the thing (`numero pratica`, `número de expediente`, `number of
# the batch`): that thing's number, unless the thing is a phone (`numéro de téléphone`) or
# someone who has one (`número del cliente`, `number of the office`).
_PHONE_THING = (
    r"tel|telefon|telefono|teléfono|téléphone|telefone|telefoon|phone|mobile|mobil|móvil|movil"
    r"|celular|cellulare|portable|handy|contact|contacto|contato|contatto|whatsapp|fax|cell"
    r"|telefonu|komórki|komórkowy|kontaktowy"
    r"|cliente|client|customer|kunde|kunden|klant|usuario|utente|user|utilisateur|gebruiker"
    r"|persona|person|pessoa|support|soporte|suporte|supporto|office|bureau|oficina|ufficio"
    r"|escritório|kantoor|büro|hotline|emergency|emergencia|emergência|urgence|notfall|doctor"
    r"|médico|medico|arzt|famille|family|familia|home|casa|maison|work|trabajo|travail"
)
_NUMBER_OF_THING = re.compile(
    r"(?i)(?<![A-Za-z])(?:numero|número|numéro|nummer|numer|číslo|number|n[º°])[ \t]+"
    r"(?:(?:de|do|da|del|della|di|du|van|of|the|la|le)[ \t]+){0,2}"
    # A common noun, lowercase: `numero di Marco` is Marco's phone.
    rf"(?!(?:{_PHONE_THING})(?![^\W\d_]))(?-i:[a-zß-ÿ])[^\W\d_]{{2,}}[ \t]*[:#]?[ \t]*$"
)
# Any other noun before "number", "no.", "#" names what the number is of (`claim number`,
# `policy no.`, `seal number`, `dossier n°`), unless it is a phone or a way to reach someone
# (`callback number`), a person or a word that stands for one, a personal or national id
# (`insurance no.`, `security number`), a card or a bank account, or a word that only
# qualifies the number (`new number`, `her number`). A possessive (`the plumber's number`) is
# a person's.
PERSONS_NUMBER = (
    _PHONE_THING
    + r"|callback|call|calling|landline|pager|beeper|switchboard|reception|desk|voicemail"
    r"|helpline|extension|ext|toll|whatsapp|signal|telegram|viber|wechat|line|sms|text|direct"
    r"|cellular|dial|ring|reach|my|your|his|her|their|our|its|the|this|that|same|new|old"
    r"|correct|right|wrong|full|whole|real|actual|main|personal|private|other|another"
    r"|different|second|backup|alternate|alternative|primary|secondary|preferred|current"
    r"|best|better|good|usual|quickest|fastest|easiest"
    r"|previous|temporary|local|international|national|public|given|listed|following|above"
    r"|below|said|security|social|insurance|tax|passport|licence|license|driving|driver"
    r"|identity|identification|pin|health|medicare|medicaid|pension|voter|birth|citizen"
    r"|citizenship|resident|residence|aadhaar|ssn|patient|card|credit|debit|account|bank"
    r"|iban|routing|swift|bic"
    # When and which desk to call: an `after-hours number`, a `sales number` are phones.
    r"|hours|night|weekend|duty|standby|escalation|overnight|daytime|evening|urgent|sales"
    r"|service|helpdesk|front|courier|dispatch|dispatcher"
    # A mobile in Turkish (`cep no`, `GSM no`), Indonesian and Malay (`telp`, `HP`), Swahili.
    r"|cep|gsm|telp|telpon|telepon|handphone|hp|simu|tlf|puh|mob|cel|celu"
)
_ID_OF_NOUN = re.compile(
    rf"(?i)(?<![\w'’])(?!(?:{PERSONS_NUMBER})(?![^\W\d_]))[^\W\d_]{{3,}}[ \t]+"
    rf"(?:number|no\.|nr\.?|#|n[º°]|num\.?){_ID_END}"
)
# A noun before "id" or "code", or joined to it by a hyphen (`MaLo-ID`, `Geräte-ID`), names what
# the number is the id or the code of (`hardware id`, `device ID`, `express service code`), with
# the same exceptions, and a caller's ID (the caller's
# phone number), a person's (`employee id`) and the codes that are parts of a phone number
# (`area code`, `country code`).
_ID_OR_CODE_OF_NOUN = re.compile(
    rf"(?i)(?<![\w'’])(?!(?:{PERSONS_NUMBER}|caller|employee|staff|member|student|area|country"
    rf"|dialling|dialing|trunk|access|verification|confirmation|one-time|otp|login|sign-in|skype"
    rf"|facetime|imessage"
    # Two capitals name a code too (`CN code`, `HS code`: a customs tariff's).
    rf")(?![^\W\d_]))(?:[^\W\d_]{{3,}}|(?-i:[A-Z]{{2}}))(?:[ \t]+|-)(?:id|code){_ID_END}"
)
# An insurer's policy or claim, named by the noun alone (`zur Police 533.713.9183`).
_RECORD_NOUN = re.compile(
    r"(?i)(?<![A-Za-zÀ-ɏ])(?:policy|police|polizza|póliza|apólice|polis|polisa|sinistre"
    rf"|siniestro|sinistro)(?![A-Za-zÀ-ɏ])(?:[ \t]*(?:{_ID_WORD}))?{_ID_END}"
)
_ID_OR_CODE_END = re.compile(rf"(?i)(?:id|code){_ID_END}")
# What `_ID_OF_NOUN` ends with, looked for first (cheap): most numbers have no number word.
_NUMBER_WORD_END = re.compile(rf"(?i)(?:number|no\.|nr\.?|#|n[º°]|num\.?){_ID_END}")
_ID_OF_OWNER = re.compile(rf"(?i)(?<![A-Za-z])(?:{_OWNER_NOUN})[ \t]*(?:{_ID_WORD}){_ID_END}")
# An account named right before a number, in the languages a team writes in, also with where
# it is held (`La cuenta 730-…`, `アカウント 271-…`, `Account number at carrier: …`): the number
# is the account's, which no one is reached at.
_ACCOUNT_NAMED = re.compile(
    r"(?i)(?<![^\W\d_])(?:account|cuenta|compte|konto|conta|conto|rekening|アカウント|账户|帳戶"
    # A giro account (`Bankgiro`, `Plusgiro`, `gironummer`): a bank's payment account.
    r"|[^\W\d_]*giro(?:nummer|nr\.?)?"
    rf"|계정|аккаунт)(?:[ \t]+(?:{_ID_WORD}))?"
    r"(?:[ \t]+(?:at|with|for|on|bei|chez|en|de|con)[ \t]+[^\W\d_]+[ \t]*:)?[ \t]*[:#=]?[ \t]*$"
)
_PHONE_ACCOUNT = re.compile(
    r"(?i)(?:whatsapp|signal|telegram|viber|wechat|skype|line|phone|mobile|cell|sim|prepaid"
    r"|móvil|telefon\w*|handy|portable)[ \t]*(?:'s)?[ \t]*$"
)
CARD_WORDS = re.compile(
    r"(?i)card|visa|master|amex|discover|credit|debit|\bcc\b|karte|carte|tarjeta|cartão|carta"
    # The card's name in Danish, Norwegian, Swedish, Finnish, Dutch, Polish, Czech, Indonesian,
    # Turkish and Russian (`kortnummer`, `kaartnummer`, `numer karty`, `номер карты`).
    r"|\bkort|kaart|karta|karty|kartu|\bkart\b|kartı|карт"
    # Estonian, Hungarian, the South Slavic languages, Albanian, Malay, Swahili, Greek, Arabic,
    # Persian and Urdu, Hebrew, Hindi, Bengali, Thai, Vietnamese, Chinese, Japanese, Korean,
    # Georgian, Armenian; the Dutch debit card (`pinpas`), a card's number (`PAN`).
    r"|kaardi|kártya|kartic|kartë|kartës|\bkad\b|\bkadi\b|κάρτ|بطاق|کارت|کارڈ|כרטיס|कार्ड"
    r"|কার্ড|บัตร|\bthẻ\b|卡号|卡號|信用卡|银行卡|銀行卡|借记卡|カード|クレカ|카드|ბარათ|քարտ|pinpas"
    r"|(?-i:\bPAN\b)"
)


# "ID" as a word, then a few words and a colon: `Zoom meeting ID for the all-hands: 814 …`. A
# caller ID is the caller's phone number, so it is left out.
_ID_LABEL = re.compile(
    r"(?<![A-Za-z])(?<!caller )(?<!Caller )(?:ID|Id)(?![A-Za-z])[^\n:=.]{0,30}:[ \t]*$"
)


# A compound of a noun and "-nummer"/"-nr." (German, Dutch, the Nordic languages) or "-numero"
# (Finnish) names that noun's number (`Artikelnr.`, `Bestellnr`, `ordernummer`, `tilausnumero`),
# unless a word for a phone is in it (`Telefonnummer`, `Handynr.`, `Rückrufnummer`,
# `puhelinnumero`).
_ID_COMPOUND = re.compile(
    r"(?i)(?<![A-Za-zäöüß])(?![a-zäöüß]*(?:telefon|tel|handy|mobil|ruf|fax|kontakt|durchwahl"
    r"|puhelin))[a-zäöüß]{3,}-?(?:nummer|numero|nr\.?)[ \t]*[:#]?[ \t]*$"
)


# A record's key `id` (YAML, JSON, a log's `id=`): the value is the id of the record it is a
# field of. A messenger's or a caller's id is keyed so (`wa_id`, `caller_id`), not `id` alone.
_ID_KEY = re.compile(r"""(?:^|(?<=[\s{,;(]))["']?(?i:id)["']?[ \t]*[:=][ \t]*$""")


# Two or more numbers of a list before a value, each perhaps with an aside (`6817, 6818 (x), `).
_LISTED_BEFORE = re.compile(
    r"(?<![\w.-])(?:\d[\d-]*(?:[ \t]*\([^()\n]{1,30}\))?[ \t]*,[ \t]*){2,}$"
)


# A list's item that opens with its value (`• 45253-0067 – DIFC litigation`, `- 7781…`, `2) …`).
_ITEM_HEAD = re.compile(r"[ \t]*(?:[•·*‣▪◦–—-]|\d{1,2}[.)])[ \t]+$")
# The nouns of `_ID_NOUN` as a list's heading names its items, also in the plural of a whole
# word (`new matters opened this week:`, `Bestellungen von heute:`; not `cas` + `es`), and a law
# firm's cases in Arabic (`القضايا`).
_ITEMS_NAMED = re.compile(
    rf"(?i)(?<![^\W\d_])(?:{_ID_NOUN})(?:(?<=[^\W\d_]{{4}})(?:s|es|en|n|e))?(?![^\W\d_])"
    r"|(?:ال)?(?:قضايا|قضية)"
)


def _list_heading(text: str, start: int) -> str | None:
    """The heading of the list whose item opens with the value at `start`: the line right above
    the list's items, when it ends with a colon (`new matters opened this week:`). None when the
    value does not open an item of such a list."""
    line_start = text.rfind("\n", 0, start) + 1
    if _ITEM_HEAD.fullmatch(text, line_start, start) is None:
        return None
    pos = line_start
    for _ in range(60):
        if pos <= 0:
            return None
        prev = text.rfind("\n", 0, pos - 1) + 1
        above = text[prev : pos - 1]
        pos = prev
        item = re.match(r"[ \t]*(?:[•·*‣▪◦–—-]|\d{1,2}[.)])[ \t]", above)
        if item is None:
            return above if above.rstrip().endswith((":", "：")) else None
    return None


# An XML element opened right before a value: `<Id>`, `<Nr type="x">`.
_XML_OPEN = re.compile(r"<([A-Za-z][\w.-]*)(?:[ \t][^<>\n]*)?>$")


def named_as_id(text: str, start: int, *, owners: bool = True) -> bool:
    """True when the words just before `start` name the number there as an id (`order 4…`,
    `Invoice #…`, `tracking number: …`, `meeting ID for …:`, `Artikelnr.`, in several
    languages; with `owners`, also `customer id …`)."""
    # The items of a list share its label: in `Ports: 6817, 6818, 27000-27010` the label names
    # every item, so an item after two or more others is read where the list begins.
    listed = _LISTED_BEFORE.search(text, max(0, start - 120), start)
    if listed is not None and listed.start() > 0:
        return named_as_id(text, listed.start(), owners=owners)
    # A code span or a quote opened around the number does not change what names it
    # (`project number `3630…``, `"order": "…"`).
    before = OPENING_QUOTE.sub("", text[max(0, start - 40) : start])
    # An XML element's name is its value's label, read as words (`<Id>…`, `<OrderNumber>…`).
    if (element := _XML_OPEN.search(before)) is not None:
        name = re.sub(r"(?<=[a-z])(?=[A-Z])", " ", element.group(1))
        before = f"{before[: element.start()]} {name}: "
    # A comma right before the number parts a CSV row's cells: the cell before is its name
    # (`Reader Serial Number:,4442179`).
    before = before[:-1] if before.endswith(",") else before
    if phone_at_the_number(before):
        return False  # `kontakt pod nr …`: the phone's number, "pod" no noun
    if _ID_OF_THING.search(before) or _ID_LABEL.search(before) or _ID_COMPOUND.search(before):
        return True
    if _ID_KEY.search(before) and text[start : start + 1] not in "+＋":
        return True  # `claim:\n  id: "01.481.2448"`: a record's own id, under its key
    noun = (
        _NUMBER_WORD_END.search(before) is not None
        and _ID_OF_NOUN.search(before)
        or _RECORD_NOUN.search(before)
    )
    if (noun or _NUMBER_OF_THING.search(before)) and text[start : start + 1] != "+":
        return True  # a number with its `+` country code is a phone whatever names it here
    if _ID_OR_CODE_END.search(before) and _ID_OR_CODE_OF_NOUN.search(before):
        return text[start : start + 1] != "+"
    if owners and _ID_OF_OWNER.search(before) is not None:
        return True
    if owners and (account := _ACCOUNT_NAMED.search(before)) and text[start : start + 1] != "+":
        # A messenger's or a phone line's account is a phone number (`WhatsApp account 06…`).
        return _PHONE_ACCOUNT.search(before[: account.start()]) is None
    # A list's heading names its items (`new matters opened this week:` over `• 45253-0067 – …`).
    heading = _list_heading(text, start)
    if heading is not None and _ITEMS_NAMED.search(heading) is not None:
        return text[start : start + 1] != "+"
    header = column_header(text, start)
    if header is not None and named_as_id(header + " ", len(header) + 1, owners=owners):
        return True
    # An id's head in capitals and digits, then its digits in groups (`Zählernummer 1ESY 3149
    # 1116`, a meter's): the name before the head names the whole.
    head = _CODE_HEAD.search(text, max(0, start - 12), start)
    return head is not None and named_as_id(text, head.start(), owners=owners)


# The head of an id written apart from its digits: capitals and digits, both (`1ESY`, `DE4`).
_CODE_HEAD = re.compile(r"(?<![\w-])(?=[A-Z0-9]*[A-Z])(?=[A-Z0-9]*\d)[A-Z0-9]{2,8}[ \t]$")
