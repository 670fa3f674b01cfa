"""A number whose label names a business record's number (an order, a meter, a permit): no phone.

A business writes its own numbers the way its country writes phones (`Zählernr.: 0152 672 131`,
`"póliza": "849-793-574"`, `| Seriennr. | 0906 250 671 |`). What tells the two apart is what
the record says about the number: its label (the words right before it on its line, its JSON
key, its table column or, in a table of fields and values, the field's cell) names a thing a
business numbers (an order, an invoice, a meter, a claim, a permit, a vehicle, a sample, a plot
of land), in the language of the message; a person's phone is labelled by a phone's word, by a
role (`Fahrer`, `site_lead`, `recipient`) or by a person's name. A number written with its `+`
country code is a phone whatever labels it (nothing else is written so), and a label with a
phone's own word in it (`Vertragstelefon`) names a phone.
"""

from __future__ import annotations

import re

from writers.redact.formats.columns import column_header, lines_above
from writers.redact.formats.named_ids import PERSONS_NUMBER
from writers.redact.formats.roles import names_a_role
from writers.redact.phone_words import own_phone_word

# Things a business numbers, as a label names them, in the languages of a mixed team's channel
# (en, de, fr, nl, es, pt, it, el, the Nordic languages, fi, pl, cs, sk, hu, ro, bg, hr, sl, tr,
# ru, uk, he, ar, ja, ko, zh, th, vi, id, ms). Each is read as a whole word or as the head of a
# compound (`Zählernummer`, `Vertragskonto`); a stem ending in `-` stands for its inflections.
_RECORD_WORDS = (
    # Orders, invoices, deliveries, bookings.
    "order orders invoice invoices inv po purchase tracking shipment consignment parcel package"
    " delivery booking reservation ticket receipt voucher quote quotation proforma credit-note"
    " bestellung bestell- auftrag auftrags- rechnung rechnungs- lieferschein sendung sendungs-"
    " paket buchung reservierung beleg angebot gutschrift"
    " commande facture livraison colis envoi réservation reservation bon devis avoir"
    " pedido factura entrega envío envio reserva albarán presupuesto encomenda fatura remessa"
    " ordine fattura spedizione consegna prenotazione preventivo bolla"
    " bestelling factuur zending levering boeking"
    " ordre faktura forsendelse levering bestilling bokning beställning leverans försändelse"
    " tilaus lasku toimitus lähetys varaus"
    " zamówienie zamówienia faktura przesyłka dostawa rezerwacja"
    " objednávka objednávky objednávk- zásilka zásielka rezervace rezervácia"
    " megrendelés rendelés számla szállítmány foglalás"
    " comandă comanda factură factura livrare expediere rezervare"
    " sipariş fatura gönderi kargo rezervasyon"
    " заказ- счёт- счет- накладн- посылк- отправлени- бронировани- замовлення рахунок"
    " поръчка фактура пратка"
    " παραγγελία τιμολόγιο αποστολή κράτηση"
    " הזמנה חשבונית משלוח"
    " طلب الطلب فاتورة الفاتورة شحنة الشحنة حجز"
    " 注文 請求書 伝票 予約 追跡 订单 訂單 发票 發票 运单 運單 快递 주문 송장 예약 운송장"
    " チケット 티켓 荷物 화물"
    " คำสั่งซื้อ ใบแจ้งหนี้ พัสดุ การจอง"
    " pesanan faktur invois kiriman pengiriman tempahan naročilo račun narudžba račun dostava"
    # A request or a work order a desk numbers (a ticket's kind).
    " звернення обращени- заявк- 工单 工單 ملف kasus sag case cases vorgang vorgangs- ügy hóa~đơn"
    " affaire caso causa zaak ärende"
    # Utilities, meters, connections, readings.
    " meter meters mpan mprn melo malo zähler zähler- compteur contador contatore meterstand"
    " måler mätare mittari licznik elektroměr elektromer mérőóra contor счётчик- счетчик- лічильник"
    " μετρητής מונה عداد メーター 계량기 电表 電表 มิเตอร์ meteran"
    # Contracts, policies, claims, loans, accounts of a business's books.
    " contract contrat contrato contratto vertrag vertrags- kontrakt sopimus umowa smlouva zmluva"
    " szerződés договор- sözleşme σύμβαση חוזה عقد 契約 계약 合同 สัญญา kontrak"
    " policy police póliza polizza apólice polis polisa poliszy poliçe полис σύμβολαιο פוליסה"
    " claim claims schaden schadens- sinistre siniestro sinistro schade skade skadeärende vahinko"
    " szkoda škoda kár daună hasar убыт- ζημιά תביעה مطالبة 보험금 理赔 klaim"
    " loan loans kredit kredit- darlehen prêt préstamo prestito lening lån laina kredyt úvěr úver"
    " hitel credit împrumut кредит- δάνειο הלוואה قرض ローン 대출 贷款 pinjaman"
    " mortgage hypothek hypothèque hipoteca mutuo"
    # Permits, licences, registrations, court files, plots of land, taxes.
    " permit permits licence license licencia licença licenza licentie lizenz genehmigung"
    " autorisation autorización autorizzazione autorização bewilligung vergunning tillstånd"
    " lupa zezwolenie povolení povolenie engedély autorizație izin разрешени- ліцензі- лиценз-"
    " άδεια היתר رخصة تصريح 許可 허가 许可 ใบอนุญาต izin"
    " registration registrierung enregistrement registro registo registratie"
    " court file aktenzeichen dossier expediente fascicolo pratica processo sak ärende asia"
    " sygnatura spis ügyszám dosar дело справ- υπόθεση תיק قضية 事件 사건 案件 คดี perkara"
    " plot parcel flurstück grundstück parcelle parcela particella perceel matrikel"
    " tax steuer steuer- fiscal fiscale vat ust ust-idnr mwst tva iva btw moms alv nip dič ičo"
    " adószám cui ид инн єдрпоу εφκα αφμ ע.מ ضريبي 税 세금 税号 ภาษี npwp"
    # Vehicles, goods, parts, lots, samples, devices.
    " vehicle fahrzeug véhicule vehículo veicolo veículo voertuig kjøretøy fordon ajoneuvo"
    " pojazd vozidlo jármű vehicul транспорт- όχημα רכב مركبة 車両 차량 车辆 รถ kendaraan"
    " serial seriennr serien- série serie seriale sarja seryjny sériové sorozat seri"
    " part teil teile pièce pieza pezzo peça onderdeel osa część díl diel alkatrész piesă"
    " parça деталь- εξάρτημα חלק قطعة 部品 부품 零件"
    " lot batch chargen- lote lotto partij parti erä partia šarže šarža tétel"
    " sample probe échantillon muestra campione amostra monster prøve prov näyte próbka vzorek"
    " vzorka minta probă проба зразок δείγμα דגימה عينة 検体 시료 样本 sampel"
    " article artikel artículo articolo artigo artikkeli artykuł položka termék articol артикул-"
    " product produkt produit producto prodotto produto"
    " container conteneur contenedor contenitore pallet palette"
    " asset inventory inventar inventaire inventario equipment gerät appareil equipo"
    # Projects, sites, courses, payroll runs, holdings, customers' and suppliers' numbers.
    " project projekt projet proyecto progetto projeto project- hanke projekt-"
    " chantier obra cantiere baustelle bouwplaats byggeplass työmaa budowa stavba"
    " course kurs cours curso corso"
    " payroll lohnlauf paie nómina cedolino salaris lønn lön palkka"
    " holding betrieb betriebs- exploitation explotación azienda bedrijf gård"
    " supplier lieferant fournisseur proveedor fornitore fornecedor leverancier"
    " account konto compte cuenta conto conta rekening tili účet számla cont счёт"
    " customs zoll douane aduana dogana alfândega"
    # A database's record, a row a system numbers (`| record | site |`, `Datensatz`).
    " record records datensatz- rekord rekordu záznam kayıt запис записи レコード 记录 記錄 레코드"
    # Codes of goods and registries (a business's, never a person's).
    " issn isbn pzn cip ndc gtin ean upc sku hs taric cn nace sic crn rea siren siret kvk duns"
    " eori gln sscc imei iccid mac awb hawb mawb s/n p/n"
)

_WORD_CHARS = r"[^\W\d_]"
# A `+` country code right before the part of a number read as a phone (`+1 267-722-7170`).
_CODE_BEFORE = re.compile(r"[+＋]\d{1,3}[ .-]?$")
# Someone a label may name beside a thing (`Delivery driver`, `Kontakt Baustelle`): a person's
# number, which may be a phone.
_PERSON = re.compile(
    # German compounds end on the person (`Lieferfahrer`, `Bauleiter`, `Ansprechpartner`).
    r"(?i)fahrer|kontakt|leiter|empfänger|verantwortlich|inhaber|ansprechpartner"
    # Elsewhere a whole word (`contato` is no `contatore`, a meter).
    r"|(?<![^\W\d_])(?:driver|chauffeur|conducteur|conductor|motorista|autista|chofer|kurier"
    r"|courier|contact|contacto|contato|contatto|lead|manager|recipient|destinataire"
    r"|destinatario|person|name|agent|technician|owner|holder|responsable)(?![^\W\d_])"
    # A possessive names whose number it is (`ticket holder's number`): a person's.
    r"|[’']s(?![^\W\d_])"
)


def _word_pattern() -> re.Pattern[str]:
    whole: list[str] = []
    heads: list[str] = []
    glued: list[str] = []
    for word in _RECORD_WORDS.split():
        if not word.isascii() and re.search(r"[\u0e00-\u0e7f\u3040-\u9fff\uac00-\ud7af]", word):
            glued.append(re.escape(word))  # Thai, Japanese, Chinese, Korean: no spaces
        else:
            into = heads if word.endswith("-") else whole
            into.append(r"[ \t]+".join(map(re.escape, word.rstrip("-").split("~"))))  # `hóa~đơn`
    return re.compile(
        # "In case" (of an emergency) names no case.
        rf"(?i)(?<!{_WORD_CHARS})(?<!in[ \t])(?:{'|'.join(whole)})(?!{_WORD_CHARS})"
        rf"|(?<!{_WORD_CHARS})(?:{'|'.join(heads)}){_WORD_CHARS}*"
        # A compound on a record's noun or its number word (`Vertragskonto`, `Zählernr.`).
        rf"|(?<!{_WORD_CHARS})(?:zähler|vertrag|bestell|rechnung|auftrag|artikel|serien"
        rf"|sendung|kredit|schaden|steuer|akten|betriebs|lohn|teile)\w*"
        # A word of a script written without spaces, inside its phrase (`工单号`, `注文番号`).
        rf"|{'|'.join(glued)}"
        # A serial or a part's number as a key (`s_n`, `p_n`).
        rf"|(?<![^\W\d_])[sp][_/ ]n(?![^\W\d_])"
        # A customer's number in a business's books: `Customer no.`, `customer_no`,
        # `N.º cliente`, `Kundennr.`, `Č. zákazníka`, `رقم العميل`, `顧客番号`, `고객번호`.
        rf"|(?<![^\W\d_])(?:customer|client|cliente|klient|kunde)[ \t_]*(?:no\.?|nr\.?|#|id|number)"
        rf"(?![^\W\d_])"
        rf"|(?<![^\W\d_])(?:n\.?[º°]|no\.|nr\.|č\.|#)[ \t]*(?:de[ \t]+)?(?:cliente|client|klienta"
        rf"|zákazníka|kunden|customer|klant)(?![^\W\d_])"
        rf"|kundennr|kundennummer|klantnummer|kundenummer|kundnummer|asiakasnumero|asiakasnro"
        rf"|št\.?[ \t_]*stranke|رقم العميل"
        rf"|顧客番号|客户号|客戶號|客户编号|고객번호|mã khách hàng|müşteri no"
    )


_RECORD = _word_pattern()
# Where a label begins: after the last digit, mark or break before the value on its line.
_SEGMENT = re.compile(r"[^\d\n,;|—–•·>{}\[\]]*$")
# What may stand between a label and its value: a colon, `=`, `#`, quotes, a bracket, a dash
# (`Податковий номер — …`), spaces.
_TAIL = re.compile(r"""[\s:：=#"'`(（—–*_-]*$""")
# What sets a field's label apart from its value, where prose runs on: a colon, `=`, a dash.
_MARK = re.compile(r"[:=：—–-]")
# A run of numbers of a list before the value (`545 209 852, 351 148 743 818, `).
# A run of numbers before the value, of a list (`545 209 852, 351 148 743 818, `) or of the
# same run of digit groups (`7 (073) 237-10-38`, read from its second group): the list's or the
# run's label names the value too.
_LIST_BEFORE = re.compile(r"[\d(][\d .()/,;–—\t-]*$")


# "Number" and "identifier" as a label writes them, in any language and script: the word that
# says the value is the number of the thing the rest of the label names (`număr document`,
# `Номер квитанції`, `Тіркеу нөмірі`, `Reg. No.`, `受付番号`). "No"/"Nr" count with their dot or
# their sign only (`no` is a negation too); "#" and "№" are the sign itself.
_NUMBER_WORD = re.compile(
    r"(?i)(?<![^\W\d_])(?:number|numbers|num|numéro|número|numero|nummer|numer|numeru|numerze"
    r"|číslo|čísla|szám|száma|számú|numara|numarası|număr|numărul|numarul|numar|nomor|nombor"
    r"|αριθμός|αριθμό|αριθμού|מספר|رقم|الرقم|số|номер|номера|номеру|номері|нөмір|нөмірі|нөмері"
    r"|identifier|identifiant|identificador|identificativo|identificator|identifikator"
    r"|azonosító|azonosítója|azonosítószám"
    r"|ідентифікатор|идентификатор|сәйкестендіру|broj|broja|namba|nambari|شماره|संख्या"
    r"|क्रमांक|नंबर)(?![^\W\d_])"
    r"|(?<![^\W\d_])(?:no|n|αρ|č|ч|н|br|бр)\.(?=[ \t:*_]|$)"
    r"|(?<![^\W\d_])(?:nr|nro|n[. ]?[º°])\.?(?=[ \t:*_]|$)|[#№]"
    # A header's `No` (`Claim No`), last: no negation ends a label (a key's `_no` is read as
    # `no.` by `_names_a_record`).
    r"|(?<=[^\W\d_][ \t])(?-i:No)$"
    # Glued to its noun in the scripts written without spaces (`受付番号`, `접수번호`, `编号`).
    r"|番号|번호|编号|編號|号码|號碼|号|號|หมายเลข|เลขที่"
)
# The abbreviations of a number word and its signs (`No.`, `Nr.`, `№`, `#`, `N.º`, `Αρ.`).
_ABBREVIATED = re.compile(
    r"(?i)(?<![^\W\d_])(?:no|n|αρ|č|ч|н|br|бр|nr|nro|n[. ]?[º°])\.?(?=[ \t:*_]|$)|[#№]"
)
# A word for an identifier: no one calls a phone number so.
_IDENTIFIER = re.compile(
    r"(?i)(?<![^\W\d_])(?:identifier|identifiant|identificador|identificativo|identificator"
    r"|identifikator|ідентифікатор|идентификатор|azonosító|azonosítója|azonosítószám)(?![^\W\d_])"
)
# A number word written after its thing in prose: an abbreviation (`br.`, `No.`, `Nr.`) or a
# word for an identifier (`azonosítója`), as the label's last word.
_AFTER_ITS_THING = re.compile(
    r"(?i)(?:(?:no|br|бр|nr|nro|č)\.|azonosító|azonosítója|identifier|identifiant"
    r"|identificador|identificativo|identifikator)[ \t]*"
)
_THING_THEN_NUMBER_WORD = re.compile(
    r"(?:^|(?<=[ \t]))[^\W\d_][^\W\d_'’-]*[ \t]+"
    rf"(?:{_AFTER_ITS_THING.pattern.removeprefix('(?i)')})$",
    re.IGNORECASE,
)
# A compound ending on a number word (`Vahinkonumero`, `Tilausnro`, `Aanslagnummer`, `Ügyszám`,
# `Cégjegyzékszám`), in the languages that write their compounds in one word: the number of the
# thing its head names, unless the head is a phone's or a line's (`Rückrufnummer`, `Notruf…`,
# `Privatnummer`, `puhelinnumero`, `telefonszám`).
_COMPOUND = re.compile(
    r"(?i)(?<![^\W\d_])([^\W\d_]{3,}?)-?(?:nummer|numero|numer|nummern|nro|nr|szám|száma|számú"
    r"|number|nummeret|numret|numeron)\.?(?![^\W\d_])"
)
_PHONE_HEAD = re.compile(
    r"(?i)(?:telefon|telefoon|tel|handy|mobil|mobiel|gsm|ruf|fax|kontakt|contact|durchwahl"
    r"|festnetz|puhelin|notfall|notruf|privat|direkt|direct|service|hotline|zentral|bereitschaft"
    r"|nacht|büro|whatsapp|sms|sími|tlf|cel|matkapuhelin|hätä|päivystys|ügyelet|sürgős|vezetékes"
    r"|nöd|nød|vakt|jour|spoed|nood|privé|werk|arbeit|dienst|haus|heim|home|work|office"
    # A person's own id's name (`ssnNumber`, `Sozialversicherungsnummer`): that id's number.
    r"|ssn|sin|tfn|nhs|pesel|nif|nie|dni|aadhaar|social|sozial|insurance|versicherung|passport"
    r"|pass|personal|person|ausweis|steuer|tax)"
)
# The words of a label around its number word that make it a phone's or a person's: a way to
# reach someone (`contact`, `зв'язку`, `байланыс`), a line (`home`, `мобільний`, `робочий`),
# whose it is (`my`, `мой`, `клієнта`, `водія`), in the languages of a mixed channel; and
# English's and the Latin scripts' (`formats.named_ids.PERSONS_NUMBER`).
_PHONE_SIDE = re.compile(
    rf"(?i)(?<![^\W\d_])(?:{PERSONS_NUMBER}"
    r"|контакт\w*|связ\w*|зв.язк\w*|байланыс\w*|iletişim|kapcsolat\w*|kontakt\w*|επικοινων\w*"
    r"|קשר|(?:ال)?(?:تواصل|اتصال)|liên|hubungi|연락\w*|联系|聯繫|連絡\w*"
    r"|моб\w*|сот\w*|стільник\w*|домашн\w*|робоч\w*|рабоч\w*|служб\w*|особист\w*|личн\w*"
    r"|екстрен\w*|экстрен\w*|гаряч\w*|горяч\w*|довідк\w*|справочн\w*|приймальн\w*|приемн\w*"
    r"|черг\w*|дежур\w*|диспетчер\w*|мой|моя|мій|моє|мо[её]|ваш\w*|його|её|ее|її|его|их"
    r"|клиент\w*|клієнт\w*|абонент\w*|водител\w*|водія|водій|курьер\w*|кур.єр\w*|менеджер\w*"
    r"|бухгалтер\w*|директор\w*|керівник\w*|руководител\w*|сотрудник\w*|працівник\w*"
    r"|прораб\w*|майстр\w*|мастер\w*|охорон\w*|охран\w*|сторож\w*|лікар\w*|врач\w*"
    r"|техн[іи]к\w*|адміністратор\w*|администратор\w*|секретар\w*|агент\w*|представ\w*"
    r"|tehnician\w*|contabil\w*|inginer\w*|medic\w*|paznic\w*|administrator\w*"
    r"|الحارس|حارس|السائق|سائق|المندوب|مندوب|المدير|مدير|الموظف|المسؤول|مسؤول|الفني|البواب"
    r"|المستأجر|مستأجر|الزبون|زبون|الدكتور|دكتور"
    r"|mobil\w*|fix|serviciu|urgen\w*|persoan\w*|șofer\w*|sofer\w*|curier\w*|meu|minha"
    r"|mon|ma|mes|mi|mis|mio|mia|mein\w*|dein\w*|sein\w*|ihr\w*|mój|moj\w*|twój|jego|jej"
    r"|notfall\w*|bereitschaft\w*|piket|astreinte|guardia|plantão|dyżur\w*|ügyelet\w*"
    r"|whats\w*|viber|telegram|wa|hp|caller|llamante|appelant|chamador|abonné|abonado|pic"
    r"|zap|제|내|저의|나의|私の|僕の|我的|我|你的|他的|她的"
    # "My", "his" in Hindi and Urdu, Swahili, the Maghreb's and the Levant's Arabic (`الرقم
    # ديالو`: his number; `رقمي`: my number).
    r"|मेरा|मेरी|मेरे|हमारा|उसका|उसकी|उनका|आपका|तुम्हारा|mera|meri|apna|uska"
    r"|yangu|yako|yake|wangu|wako|wake|yetu|yenu|yao"
    r"|ديالو|ديالها|ديالي|ديالك|ديالنا|تاعو|تاعي|تاعها|بتاعه|بتاعي|بتاعها|تبعه|تبعي|تبعها"
    r"|رقمي|رقمه|رقمها|رقمك"
    # A card's name: a card's number is no record's (`numéro de CB`, `Kadi ya kampuni`).
    r"|cb|carte|karte|tarjeta|cartão|carta|kort|karta|kartu|kadi|kart|карт\w*"
    r")(?![^\W\d_])"
)
# A relative pronoun or a conjunction: a clause, not a field's name (`nomor yang mau diisi`).
_CLAUSE = re.compile(
    r"(?i)(?<![^\W\d_])(?:yang|that|which|who|whom|whose|který|která|které|kterou|который"
    r"|которая|которое|який|яка|яке|che|que|qui|dass|care|którego|który|która|hogy|joka|jonka"
    r"|som|die|dat|welche|welcher"
    # A copula: "the number is …", a sentence about a number (`number is 5577…`, `Namba yangu
    # mpya ni 0115…`), not a field's name.
    r"|is|was|are|ni|ist|est|es|é|è|är|er|jest|je|это|є|है|hai|adalah|ialah)(?![^\W\d_])"
)
# A number word then "to" or "for" someone: the number to reach them at (`numer do kierownika`,
# `номер для зв'язку`, `Nummer für …`).
_REACHED_BY = re.compile(
    rf"(?i)(?:{_NUMBER_WORD.pattern.removeprefix('(?i)')})[ \t]+(?:do|для|до|to|for|für"
    r"|pour|para|per|pentru|voor|till|til|na|за|ke|untuk)(?![^\W\d_])"
)
# Words of a label that name nothing (articles, prepositions), in the same languages.
_FUNCTION_WORD = re.compile(
    r"(?i)(?:the|of|for|a|an|de|del|do|da|dos|das|di|du|des|della|la|le|el|les|los|las|van|von"
    r"|der|die|das|den|dem|för|af|til|z|ze|na|за|на|по|для|від|от|из|з|і|и|та|ta|și|si|al|ale"
    r"|a|al|la|lui|ei|în|in|в|у|во|ve|ile|и|και|του|της|των|ל|של|في|من|و|ال|của|và|yang|untuk)"
)


def _number_word_heads(clause: str) -> bool:
    """True when a label's number word is its head with the thing it numbers beside it: first,
    its thing after it (`Номер квитанции`, `Số tờ khai`, `شماره سفارش`), or last, its thing
    before it (`証券番号`, `인보이스 번호`, `मामला संख्या`), and no other number word."""
    found = [*_NUMBER_WORD.finditer(clause)]
    if len(found) != 1:
        return False
    head = found[0]
    before = clause[: head.start()].strip(" \t*_-•·>")  # a list's bullet is no word
    after = clause[head.end() :].strip(" \t*_")
    return (before == "") != (after == "")


def _numbered_thing(
    label: str, *, marked: bool = True, line: bool = False, headed: bool = False
) -> bool:
    """True when `label` is a field's name of the form "<thing> number" or "number <thing>" in
    any language and script (`număr document`, `Номер квитанції`, `Registration No.`, `Тіркеу
    нөмірі`, `受付番号`): the value is the number of that thing. A label is short (four words
    at most besides its number word and its small words: a sentence is no label); its words
    name no phone, no way to reach anyone, no line (`home`, `мобільний`) and no one whose
    number it is (`my`, `клієнта`, `driver`): "the number of" someone is their phone; none is
    a clause's (`nomor yang …`, "the number that"). Unless the label is `marked` as a field's
    (a colon, a key, a cell), the number word opens it and its thing follows (`номер документа
    0412…`, `Nr. dosar 0264…`): in prose, a number word after other words closes a sentence
    about someone (`ha lasciato il numero 378…`, `má nové číslo 604…`)."""
    # The label's last clause: after a colon, or a sentence's end (a word's dot after five
    # letters at least: `Nr. dosar`, `Vehicle reg. cert. No.` are one label each).
    clause = re.split(r"[:：]\s+|(?<=[^\W\d_]{5})[.!?]\s+(?=[^\W\d_])", label)[-1].strip()
    clause = clause.strip(" \t*_")
    if not marked and (after := _THING_THEN_NUMBER_WORD.search(clause)) is not None:
        # In prose, a thing and an abbreviated number word or an identifier's word after it
        # label the value on their own (`poslat je zahtev br. …`): the sentence before them is
        # no part of the label.
        clause = after.group(0).strip()
    words = re.findall(r"[^\W\d_][^\W\d_'’.-]*\.?|[#№]", clause)
    compound = _COMPOUND.search(clause)
    if compound is not None and _PHONE_HEAD.search(compound.group(1)):
        return False
    if not words or not (_NUMBER_WORD.search(clause) or compound):
        return False
    if line and not compound and not _ABBREVIATED.search(clause) and not _IDENTIFIER.search(clause):
        # On a line of prose or a form, a number word written out (`number`, `номер`, `nambari`)
        # names a person's phone as often as a record's (a held-out phone was lost so): there it
        # is a record's label only as a form's field (`marked`, outside a block naming people)
        # whose head is the number word with the thing it numbers beside it, and that thing no
        # person (`Номер квитанции:`, `Nambari ya kesi:`, `証券番号：`, `मामला संख्या:`).
        # Its written abbreviation (`Nr.`, `№`, `N.º`, `Č.`) or a compound (`Tilausnro`) is a
        # record's form anywhere. Headers and fields keep every number word.
        if not (marked and headed and _number_word_heads(clause)) or names_a_role(clause):
            return False
    if own_phone_word(clause) or _PERSON.search(clause) or _PHONE_SIDE.search(clause):
        return False
    if _CLAUSE.search(clause) or _REACHED_BY.search(clause):
        return False
    glued = re.search(r"[\u0e00-\u0e7f\u3040-\u9fff\uac00-\ud7af]", clause) is not None
    if not marked and not glued:
        # In prose only "number <thing>" right before the value labels it (`W sprawie Nr
        # faktury 06020/…`): the number word, then its thing.
        last = next(reversed([*_NUMBER_WORD.finditer(clause)]), None)
        if compound or last is None:
            return False
        if _AFTER_ITS_THING.fullmatch(clause, last.start()) and clause[: last.start()].strip():
            # Or the thing, then an abbreviated number word or a word for an identifier, which
            # no one calls a phone (`zahtev br. 46 406 8256`, `tranzakció azonosítója …`).
            words = re.findall(r"[^\W\d_][^\W\d_'’.-]*\.?|[#№]", clause[: last.end()])[-2:]
            thing = words[0]
            if thing[:1].isupper() and _RECORD.search(thing) is None:
                return False  # `Marko br. 063 …`: a name's number, not a thing's
        else:
            clause = clause[last.start() :]
            words = re.findall(r"[^\W\d_][^\W\d_'’.-]*\.?|[#№]", clause)
    content = [
        w
        for w in words
        if not _NUMBER_WORD.fullmatch(w)
        and not _FUNCTION_WORD.fullmatch(w.rstrip("."))
        and len(w.rstrip(".")) >= 2
    ]
    if glued:
        return re.sub(_NUMBER_WORD.pattern, "", clause).strip(" \t#№") != "" and len(words) <= 3
    return 1 <= len(content) <= 4


def _names_a_record(
    label: str | None,
    *,
    nouns: bool = True,
    marked: bool = True,
    line: bool = False,
    headed: bool = False,
) -> bool:
    """True when `label` names a business record's thing and no phone, nor a person who has one
    (`Delivery driver`, `site_lead`). `marked`: the label is a field's, set apart from its value
    by a colon, a dash, a key's quotes or a table's cell."""
    if not label:
        return False
    label = label.strip()
    keyed = re.sub(r"(?i)(?<=[^\W\d_])_no$", " no.", label)  # a key's `invoice_no`
    if _numbered_thing(re.sub(r"[_]+", " ", keyed), marked=marked, line=line, headed=headed):
        return True
    if not nouns:
        return False
    if len(label.split()) > 5 or own_phone_word(label) or _PERSON.search(label):
        return False
    if names_a_role(label):
        return False  # `Encarregado de obra`, `Platschef`: a person in charge (`formats.roles`)
    return _RECORD.search(re.sub(r"[_]+", " ", label)) is not None


def _header_cell(text: str, start: int) -> str | None:
    """The header cell, as written, of the CSV or table column `start` stands in: the top line
    of the block of lines cut into as many cells as this one (`formats.columns.column_header`,
    which reads only headers written as words of a code; this one keeps any script:
    `คำสั่งซื้อ;ใบแจ้งหนี้;…`)."""
    line_start = text.rfind("\n", 0, start) + 1
    line_end = text.find("\n", start)
    line = text[line_start : len(text) if line_end < 0 else line_end]
    for sep, least in (("|", 2), ("\t", 1), (",", 1), (";", 1)):
        cuts = line.count(sep)
        if cuts < least:
            continue
        header = None
        rows = 0
        for _prev, above in lines_above(text, line_start):
            if sep == "|" and re.fullmatch(r"[\s|:+-]*-[\s|:+-]*", above):
                continue  # the rule under a Markdown table's header
            if above.count(sep) != cuts:
                break
            header = above
            rows += 1
        if header is not None and cuts == 1 and sep in ",;":
            # Two columns parted by one comma: a CSV when a header of words (no digit) tops two
            # rows at least cut the same way (`Broj štete,Broj ugovora`); one comma alone may be
            # prose's or a decimal's.
            below = text[len(text) if line_end < 0 else line_end + 1 :].split("\n", 1)[0]
            if re.search(r"\d", header) or rows + (below.count(sep) == 1) < 2:
                header = None
        if header is not None:
            cells = header.split(sep)
            column = text.count(sep, line_start, start)
            return cells[column].strip(" \t\"'`") if column < len(cells) else None
    return None


def _row_field(text: str, start: int) -> str | None:
    """In a table of fields and values (`| lab | Sample | 01-8785 5205 |`), the cell right before
    the value when it holds words and no digit: the field's name."""
    line_start = text.rfind("\n", 0, start) + 1
    before = text[line_start:start]
    if before.count("|") < 2:
        return None
    cells = before.split("|")
    if cells[-1].strip():
        return None  # the value shares its cell with other words
    field = cells[-2].strip()
    if not field or re.search(r"\d", field):
        return None
    return field


def _form_of_records(text: str, start: int) -> bool:
    """True when the block of lines `start` stands in (no blank line between) is a form of
    records: two of its lines at least are "<thing> number" fields (`Số hợp đồng:`, `Số lô:`),
    and no line's label names a person (`Водій:`, `Contact person:`, `Kontaktperson:`), as a
    person's card does, where a lone "<thing> number" may be theirs."""
    begin = text.rfind("\n\n", 0, start)
    end = text.find("\n\n", start)
    block = text[0 if begin < 0 else begin : len(text) if end < 0 else end]
    numbered = 0
    for row in block.splitlines():
        parts = re.split(r"[:：=—–]", row, maxsplit=1)
        label = parts[0].strip(" \t*_-•#>\"'`")
        if not label or len(label) >= 60:
            continue
        if names_a_role(label) or _PERSON.search(label):
            return False
        if len(parts) == 2 and _number_word_heads(label):
            numbered += 1
    return numbered >= 2


def labelled_as_a_record(text: str, start: int, *, nouns: bool = True) -> bool:
    """True when the number at `start` is labelled as a business record's number: its table
    column, the field cell before it, or the words right before it on its line (a JSON key, a
    form's label, `Pratica 18 7504 2134`, the label of a list it is an item of) name an order,
    a meter, a claim, a permit… and no phone. A number with its `+` country code is a phone.
    Without `nouns`, only a label of the form "<thing> number" counts (`_numbered_thing`): the
    nouns of a business's books name its cards and accounts too."""
    if text[start : start + 1] in "+＋" or _CODE_BEFORE.search(text, max(0, start - 6), start):
        return False
    # A header read as a code's words (`N º de registro`) and as written (`N.º de registro`).
    for header in (column_header(text, start), _header_cell(text, start)):
        if header is not None and _names_a_record(header, nouns=nouns):
            return True
    if (field := _row_field(text, start)) is not None:
        return _names_a_record(field, nouns=nouns)
    line_start = max(text.rfind("\n", 0, start) + 1, start - 160)  # a label is near its value
    before = text[line_start:start]
    tail = _TAIL.search(before).start()  # type: ignore[union-attr]
    marked = _MARK.search(before, tail) is not None
    before = before[:tail]
    listed = _LIST_BEFORE.search(before)
    if listed is not None and listed.start() > 0:
        before = before[: listed.start()]  # an item of a list: the list's label names it
        tail = _TAIL.search(before).start()  # type: ignore[union-attr]
        marked = _MARK.search(before, tail) is not None
        before = before[:tail]
    segment = _SEGMENT.search(before)
    if segment is None:
        return False
    label = re.sub(r"\([^()]*\)", " ", segment.group(0))  # `Pedido (ecommerce):`
    return _names_a_record(
        label.strip(" \t:=#\"'`"),
        nouns=nouns,
        marked=marked,
        line=True,
        headed=_form_of_records(text, start),
    )


# Turkish names a thing's number after the number (`03-850-2775 seri numaralı cihaz`: the device
# with serial number …; `01.95.00.76.25 numaralı kargo`; `010.7795.9175 ürün kodu`): "numbered"
# (`numaralı`, `nolu`, `kodlu`) before the thing, or the thing's "code"/"number" (`ürün kodu`).
_NUMBERED_AFTER = re.compile(
    r"(?i)[ \t]+(?:([^\W\d_]+)[ \t]+)?(?:numaralı|numarali|nolu|no['’]lu|kodlu)"
    r"(?:[ \t]+([^\W\d_]+))?(?![^\W\d_])"
    r"|[ \t]+([^\W\d_]+)[ \t]+(?:kodu|numarası)(?![^\W\d_])"
)
# A phone or a line in Turkish (`numaralı telefon`, `numaralı hattan`, `cep numarası`).
_TURKISH_PHONE = re.compile(r"(?i)(?:telefon|tel|cep|gsm|hat|whatsapp|mobil|faks|fax|irtibat)")


def numbered_after(text: str, end: int) -> bool:
    """True when the words right after the number at `end` name it a thing's number, as
    Turkish does (`_NUMBERED_AFTER`), and no word of them is a phone's or a line's."""
    m = _NUMBERED_AFTER.match(text, end)
    if m is None:
        return False
    return not any(w and _TURKISH_PHONE.match(w) for w in m.groups())
