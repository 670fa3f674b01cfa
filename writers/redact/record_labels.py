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
    " article artikel artículo articolo artigo artikkeli artykuł položka termék articol"
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
# What may stand between a label and its value: a colon, `=`, `#`, quotes, a bracket, spaces.
_TAIL = re.compile(r"""[\s:=#"'`(（]*$""")
# A run of numbers of a list before the value (`545 209 852, 351 148 743 818, `).
# A run of numbers before the value, of a list (`545 209 852, 351 148 743 818, `) or of the
# same run of digit groups (`7 (073) 237-10-38`, read from its second group): the list's or the
# run's label names the value too.
_LIST_BEFORE = re.compile(r"[\d(][\d .()/,;–—\t-]*$")


def _names_a_record(label: str | None) -> bool:
    """True when `label` names a business record's thing and no phone, nor a person who has one
    (`Delivery driver`, `site_lead`)."""
    if not label:
        return False
    label = label.strip()
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
    for sep, least in (("|", 2), ("\t", 1), (",", 2), (";", 2)):
        cuts = line.count(sep)
        if cuts < least:
            continue
        header = None
        for _prev, above in lines_above(text, line_start):
            if sep == "|" and re.fullmatch(r"[\s|:+-]*-[\s|:+-]*", above):
                continue  # the rule under a Markdown table's header
            if above.count(sep) != cuts:
                break
            header = above
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


def labelled_as_a_record(text: str, start: int) -> bool:
    """True when the number at `start` is labelled as a business record's number: its table
    column, the field cell before it, or the words right before it on its line (a JSON key, a
    form's label, `Pratica 18 7504 2134`, the label of a list it is an item of) name an order,
    a meter, a claim, a permit… and no phone. A number with its `+` country code is a phone."""
    if text[start : start + 1] in "+＋" or _CODE_BEFORE.search(text, max(0, start - 6), start):
        return False
    header = column_header(text, start) or _header_cell(text, start)
    if header is not None and _names_a_record(header):
        return True
    if (field := _row_field(text, start)) is not None:
        return _names_a_record(field)
    line_start = max(text.rfind("\n", 0, start) + 1, start - 160)  # a label is near its value
    before = text[line_start:start]
    before = before[: _TAIL.search(before).start()]  # type: ignore[union-attr]
    listed = _LIST_BEFORE.search(before)
    if listed is not None and listed.start() > 0:
        before = before[: listed.start()]  # an item of a list: the list's label names it
        before = before[: _TAIL.search(before).start()]  # type: ignore[union-attr]
    segment = _SEGMENT.search(before)
    if segment is None:
        return False
    label = re.sub(r"\([^()]*\)", " ", segment.group(0))  # `Pedido (ecommerce):`
    return _names_a_record(label.strip(" \t:=#\"'`"))
