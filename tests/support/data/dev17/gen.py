#!/usr/bin/env python3
"""dev17: can a redactor tell a person's phone number from business numbers that look like one?
Writes dev17_negatives.jsonl (400, number_lookalike) and dev17_positives.jsonl (200, phone_number).
Standard library only; random.Random(1717) is the only randomness."""
import json, os, re, sys, hashlib

import random
R = random.Random(1717)
HERE = os.path.dirname(os.path.abspath(__file__))

# ---------------------------------------------------------------- languages
# ph: phone words (full and abbreviated); order/invoice/customer/case labels; contact = contact person;
# role = a role used as a column or line label without a phone word; hi = lead-in; bye = closing; names
L = {
 'en': dict(ph=['phone', 'tel.', 'mobile', 'cell', 'Ph:', 'Tel:', 'mob.'], order='Order', invoice='Invoice', customer='Customer no.', case='Case', contact='Contact', role=['Driver', 'Site lead', 'Technician', 'Account manager'], hi=['Hi team,', 'FYI:', 'Quick update:'], bye=['Thanks', 'Cheers', 'Best regards'], names=['Sarah Miller', 'James Carter', 'Priya Nair', 'Tom Walsh']),
 'de': dict(ph=['Telefon', 'Tel.', 'Handy', 'Mobil', 'Mobilnr.', 'Rufnummer'], order='Bestellung', invoice='Rechnung', customer='Kundennr.', case='Vorgang', contact='Ansprechpartner', role=['Fahrer', 'Bauleiter', 'Techniker', 'Sachbearbeiterin'], hi=['Hallo zusammen,', 'Zur Info:', 'Kurzes Update:'], bye=['Danke', 'Viele Grüße', 'Beste Grüße'], names=['Jana Becker', 'Lukas Wolf', 'Anna Schröder', 'Felix Braun']),
 'fr': dict(ph=['téléphone', 'tél.', 'portable', 'mobile', 'Tél :'], order='Commande', invoice='Facture', customer='N° client', case='Dossier', contact='Interlocuteur', role=['Chauffeur', 'Chef de chantier', 'Technicien', 'Gestionnaire'], hi=['Bonjour à tous,', 'Pour info :', 'Petit point :'], bye=['Merci', 'Cordialement', 'Bonne journée'], names=['Claire Martin', 'Julien Petit', 'Amélie Roux', 'Hugo Lefèvre']),
 'nl': dict(ph=['telefoon', 'tel.', 'mobiel', 'GSM', 'telefoonnr.'], order='Bestelling', invoice='Factuur', customer='Klantnr.', case='Zaak', contact='Contactpersoon', role=['Chauffeur', 'Uitvoerder', 'Monteur', 'Accountmanager'], hi=['Hoi allemaal,', 'Ter info:', 'Korte update:'], bye=['Bedankt', 'Groet', 'Met vriendelijke groet'], names=['Sanne de Vries', 'Daan Jansen', 'Lotte Bakker', 'Ruben Visser']),
 'es': dict(ph=['teléfono', 'tel.', 'móvil', 'celular', 'Tlf.'], order='Pedido', invoice='Factura', customer='N.º cliente', case='Expediente', contact='Persona de contacto', role=['Conductor', 'Jefe de obra', 'Técnico', 'Gestora'], hi=['Hola equipo,', 'Para que conste:', 'Actualización rápida:'], bye=['Gracias', 'Saludos', 'Un saludo'], names=['Lucía García', 'Javier Ruiz', 'Marta López', 'Diego Torres']),
 'pt': dict(ph=['telefone', 'tel.', 'telemóvel', 'celular', 'cel.'], order='Pedido', invoice='Fatura', customer='N.º cliente', case='Processo', contact='Contato', role=['Motorista', 'Encarregado de obra', 'Técnico', 'Gestora de conta'], hi=['Olá equipa,', 'Para info:', 'Atualização rápida:'], bye=['Obrigado', 'Abraço', 'Cumprimentos'], names=['Ana Souza', 'Pedro Almeida', 'Beatriz Costa', 'Rafael Lima']),
 'it': dict(ph=['telefono', 'tel.', 'cellulare', 'cell.'], order='Ordine', invoice='Fattura', customer='Cod. cliente', case='Pratica', contact='Referente', role=['Autista', 'Capocantiere', 'Tecnico', 'Commerciale'], hi=['Ciao a tutti,', 'Per info:', 'Aggiornamento veloce:'], bye=['Grazie', 'Saluti', 'Cordiali saluti'], names=['Giulia Rossi', 'Marco Bianchi', 'Chiara Romano', 'Luca Greco']),
 'el': dict(ph=['τηλέφωνο', 'τηλ.', 'κινητό'], order='Παραγγελία', invoice='Τιμολόγιο', customer='Αρ. πελάτη', case='Υπόθεση', contact='Υπεύθυνος επικοινωνίας', role=['Οδηγός', 'Εργοδηγός', 'Τεχνικός'], hi=['Γεια σας,', 'Για ενημέρωση:'], bye=['Ευχαριστώ', 'Φιλικά'], names=['Maria Papadopoulou', 'Nikos Georgiou', 'Eleni Dimitriou']),
 'da': dict(ph=['telefon', 'tlf.', 'mobil', 'mob.'], order='Ordre', invoice='Faktura', customer='Kundenr.', case='Sag', contact='Kontaktperson', role=['Chauffør', 'Byggeleder', 'Tekniker'], hi=['Hej alle,', 'Til info:'], bye=['Tak', 'Mvh', 'Venlig hilsen'], names=['Mette Nielsen', 'Søren Hansen', 'Ida Larsen']),
 'no': dict(ph=['telefon', 'tlf.', 'mobil', 'mob.'], order='Ordre', invoice='Faktura', customer='Kundenr.', case='Sak', contact='Kontaktperson', role=['Sjåfør', 'Anleggsleder', 'Tekniker'], hi=['Hei alle,', 'Til info:'], bye=['Takk', 'Mvh', 'Vennlig hilsen'], names=['Ingrid Berg', 'Ola Haugen', 'Kari Johansen']),
 'sv': dict(ph=['telefon', 'tel.', 'mobil', 'mob.'], order='Order', invoice='Faktura', customer='Kundnr.', case='Ärende', contact='Kontaktperson', role=['Chaufför', 'Platschef', 'Tekniker'], hi=['Hej allihop,', 'För kännedom:'], bye=['Tack', 'Mvh', 'Vänliga hälsningar'], names=['Emma Lindqvist', 'Oskar Nilsson', 'Elin Svensson']),
 'fi': dict(ph=['puhelin', 'puh.', 'matkapuhelin', 'gsm'], order='Tilaus', invoice='Lasku', customer='Asiakasnro', case='Asia', contact='Yhteyshenkilö', role=['Kuljettaja', 'Työnjohtaja', 'Asentaja'], hi=['Moi kaikki,', 'Tiedoksi:'], bye=['Kiitos', 'Terveisin'], names=['Aino Virtanen', 'Mikko Korhonen', 'Laura Mäkinen']),
 'pl': dict(ph=['telefon', 'tel.', 'kom.', 'komórka'], order='Zamówienie', invoice='Faktura', customer='Nr klienta', case='Sprawa', contact='Osoba kontaktowa', role=['Kierowca', 'Kierownik budowy', 'Serwisant'], hi=['Cześć wszystkim,', 'Do wiadomości:'], bye=['Dzięki', 'Pozdrawiam'], names=['Anna Kowalska', 'Piotr Nowak', 'Magdalena Wiśniewska']),
 'cs': dict(ph=['telefon', 'tel.', 'mobil', 'mob.'], order='Objednávka', invoice='Faktura', customer='Č. zákazníka', case='Případ', contact='Kontaktní osoba', role=['Řidič', 'Stavbyvedoucí', 'Technik'], hi=['Ahoj všichni,', 'Pro info:'], bye=['Díky', 'S pozdravem'], names=['Tereza Novotná', 'Jakub Dvořák', 'Petra Svobodová']),
 'sk': dict(ph=['telefón', 'tel.', 'mobil', 'mob.'], order='Objednávka', invoice='Faktúra', customer='Č. zákazníka', case='Prípad', contact='Kontaktná osoba', role=['Vodič', 'Stavbyvedúci', 'Technik'], hi=['Ahojte,', 'Na vedomie:'], bye=['Vďaka', 'S pozdravom'], names=['Zuzana Kováčová', 'Martin Horváth', 'Lucia Baláž']),
 'hu': dict(ph=['telefon', 'tel.', 'mobil', 'mobilszám'], order='Rendelés', invoice='Számla', customer='Ügyfélszám', case='Ügy', contact='Kapcsolattartó', role=['Sofőr', 'Építésvezető', 'Szerelő'], hi=['Sziasztok,', 'Tájékoztatásul:'], bye=['Köszi', 'Üdv'], names=['Kovács Eszter', 'Nagy Bence', 'Szabó Réka']),
 'ro': dict(ph=['telefon', 'tel.', 'mobil'], order='Comandă', invoice='Factură', customer='Nr. client', case='Dosar', contact='Persoană de contact', role=['Șofer', 'Șef de șantier', 'Tehnician'], hi=['Salut tuturor,', 'Spre informare:'], bye=['Mersi', 'Cu stimă'], names=['Ioana Popescu', 'Andrei Ionescu', 'Elena Stan']),
 'bg': dict(ph=['телефон', 'тел.', 'мобилен', 'моб.'], order='Поръчка', invoice='Фактура', customer='Клиентски №', case='Преписка', contact='Лице за контакт', role=['Шофьор', 'Техник'], hi=['Здравейте,', 'За сведение:'], bye=['Благодаря', 'Поздрави'], names=['Maria Ivanova', 'Georgi Petrov', 'Elena Dimitrova']),
 'hr': dict(ph=['telefon', 'tel.', 'mobitel', 'mob.'], order='Narudžba', invoice='Račun', customer='Br. kupca', case='Predmet', contact='Kontakt osoba', role=['Vozač', 'Voditelj gradilišta', 'Serviser'], hi=['Bok svima,', 'Na znanje:'], bye=['Hvala', 'Pozdrav'], names=['Ana Horvat', 'Ivan Kovačić', 'Petra Babić']),
 'sl': dict(ph=['telefon', 'tel.', 'GSM', 'mobitel'], order='Naročilo', invoice='Račun', customer='Št. stranke', case='Zadeva', contact='Kontaktna oseba', role=['Voznik', 'Vodja gradbišča', 'Serviser'], hi=['Živjo,', 'V vednost:'], bye=['Hvala', 'Lep pozdrav'], names=['Nina Novak', 'Luka Krajnc', 'Maja Zupan']),
 'tr': dict(ph=['telefon', 'tel.', 'cep', 'GSM', 'cep tel.'], order='Sipariş', invoice='Fatura', customer='Müşteri no', case='Dosya', contact='İrtibat kişisi', role=['Şoför', 'Şantiye şefi', 'Teknisyen'], hi=['Merhaba ekip,', 'Bilginize:'], bye=['Teşekkürler', 'Saygılarımla'], names=['Elif Yılmaz', 'Mehmet Demir', 'Zeynep Kaya']),
 'ru': dict(ph=['телефон', 'тел.', 'моб.', 'мобильный'], order='Заказ', invoice='Счёт', customer='№ клиента', case='Обращение', contact='Контактное лицо', role=['Водитель', 'Прораб', 'Техник'], hi=['Коллеги, привет.', 'К сведению:'], bye=['Спасибо', 'С уважением'], names=['Анна Смирнова', 'Дмитрий Иванов', 'Ольга Кузнецова']),
 'uk': dict(ph=['телефон', 'тел.', 'моб.', 'мобільний'], order='Замовлення', invoice='Рахунок', customer='№ клієнта', case='Звернення', contact='Контактна особа', role=['Водій', 'Виконроб', 'Технік'], hi=['Привіт усім,', 'До відома:'], bye=['Дякую', 'З повагою'], names=['Олена Шевченко', 'Андрій Коваленко', 'Ірина Бондар']),
 'he': dict(ph=['טלפון', 'טל׳', 'נייד'], order='הזמנה', invoice='חשבונית', customer='מס׳ לקוח', case='תיק', contact='איש קשר', role=['נהג', 'מנהל עבודה', 'טכנאי'], hi=['היי צוות,', 'לידיעתכם:'], bye=['תודה', 'בברכה'], names=['Noa Levi', 'Yossi Cohen', 'Tamar Mizrahi']),
 'ar': dict(ph=['هاتف', 'جوال', 'الهاتف', 'موبايل'], order='طلب', invoice='فاتورة', customer='رقم العميل', case='ملف', contact='جهة الاتصال', role=['السائق', 'مشرف الموقع', 'الفني'], hi=['مرحبا فريق،', 'للعلم:'], bye=['شكرا', 'مع التحية'], names=['Ahmed Hassan', 'Fatima Al-Sayed', 'Omar Khalil']),
 'ja': dict(ph=['電話', 'TEL', '携帯', '電話番号'], order='注文番号', invoice='請求書番号', customer='顧客番号', case='案件番号', contact='担当者', role=['ドライバー', '現場責任者', '技術担当'], hi=['お疲れ様です。', '共有です:'], bye=['よろしくお願いします', '以上です'], names=['佐藤 美咲', '鈴木 健太', '高橋 直子']),
 'ko': dict(ph=['전화', '연락처', '휴대폰', 'H.P'], order='주문번호', invoice='송장번호', customer='고객번호', case='건번호', contact='담당자', role=['기사', '현장 책임자', '엔지니어'], hi=['안녕하세요,', '공유드립니다:'], bye=['감사합니다', '수고하세요'], names=['김민지', '이준호', '박서연']),
 'zh': dict(ph=['电话', '手机', '联系电话', '电話'], order='订单号', invoice='发票号', customer='客户编号', case='工单号', contact='联系人', role=['司机', '现场负责人', '工程师'], hi=['大家好，', '同步一下：'], bye=['谢谢', '辛苦了'], names=['王芳', '李伟', '陈静']),
 'th': dict(ph=['โทร', 'โทรศัพท์', 'มือถือ'], order='คำสั่งซื้อ', invoice='ใบแจ้งหนี้', customer='รหัสลูกค้า', case='เคส', contact='ผู้ติดต่อ', role=['คนขับ', 'หัวหน้าไซต์', 'ช่าง'], hi=['สวัสดีทีม', 'แจ้งเพื่อทราบ:'], bye=['ขอบคุณครับ', 'ขอบคุณค่ะ'], names=['Somchai Srisuk', 'Nattaya Chaiyo', 'Kittipong Wong']),
 'vi': dict(ph=['điện thoại', 'ĐT', 'SĐT', 'di động'], order='Đơn hàng', invoice='Hóa đơn', customer='Mã KH', case='Hồ sơ', contact='Người liên hệ', role=['Tài xế', 'Chỉ huy công trường', 'Kỹ thuật viên'], hi=['Chào cả nhà,', 'Thông tin:'], bye=['Cảm ơn', 'Trân trọng'], names=['Nguyễn Thu Hà', 'Trần Minh Quân', 'Lê Thị Lan']),
 'id': dict(ph=['telepon', 'telp.', 'HP', 'no. HP'], order='Pesanan', invoice='Faktur', customer='No. pelanggan', case='Kasus', contact='Narahubung', role=['Sopir', 'Mandor', 'Teknisi'], hi=['Halo tim,', 'Sekadar info:'], bye=['Terima kasih', 'Salam'], names=['Siti Rahma', 'Budi Santoso', 'Dewi Lestari']),
 'ms': dict(ph=['telefon', 'tel.', 'no. tel', 'H/P'], order='Pesanan', invoice='Invois', customer='No. pelanggan', case='Kes', contact='Orang hubungan', role=['Pemandu', 'Penyelia tapak', 'Juruteknik'], hi=['Hai semua,', 'Untuk makluman:'], bye=['Terima kasih', 'Salam'], names=['Nurul Aina', 'Ahmad Faiz', 'Siti Hajar']),
}
ALL_PHONE_WORDS = []
for _k in L:
    for _w in L[_k]['ph']:
        ALL_PHONE_WORDS.append(_w)
ALL_PHONE_WORDS += ['phone', 'tel', 'mobile', 'cell', 'fon', 'handy', 'whatsapp', 'call', 'sms', 'ruf', 'appel', 'llam', 'telef', 'телеф', 'моб', '電話', '携帯', '전화', '手机', 'โทร', 'gsm']

# ---------------------------------------------------------------- simplified numbering plans
# country: name, cc, trunk, notrunk_ok, lang, amount style, kinds
# kind: (name, prefixes of the national significant number (NSN), NSN lengths, national specs, international specs)
# spec: T = trunk prefix, C = country code, X = next NSN digit, * = all remaining NSN digits
def K(name, pre, lens, nat, intl):
    return dict(name=name, pre=pre.split(), lens=lens, nat=nat, intl=intl)
NANP_AREAS_US = '212 312 415 617 206 303 512 404 702 919 646 213'
NANP_AREAS_CA = '416 514 604 403 613 647 438 902'
C = {
 'US': dict(name='United States', cc='1', tr='1', nt=True, lang='en', amt='en', nanp=True, kinds=[K('nanp', NANP_AREAS_US, [10], ['(XXX) XXX-XXXX', 'XXX-XXX-XXXX', 'XXX.XXX.XXXX', 'T-XXX-XXX-XXXX'], ['+C XXX-XXX-XXXX', '+C (XXX) XXX-XXXX'])]),
 'CA': dict(name='Canada', cc='1', tr='1', nt=True, lang='en', amt='en', nanp=True, kinds=[K('nanp', NANP_AREAS_CA, [10], ['(XXX) XXX-XXXX', 'XXX-XXX-XXXX', 'XXX XXX-XXXX'], ['+C XXX-XXX-XXXX', '+C XXX XXX XXXX'])]),
 'GB': dict(name='United Kingdom', cc='44', tr='0', nt=False, lang='en', amt='en', kinds=[
    K('mobile', '71 72 73 74 75 77 78 79', [10], ['TXXXX XXXXXX', 'TXXXX XXX XXX'], ['+C XXXX XXXXXX', '+C (0)XXXX XXXXXX']),
    K('london', '20', [10], ['TXX XXXX XXXX', '(TXX) XXXX XXXX'], ['+C XX XXXX XXXX', '+C (0)XX XXXX XXXX']),
    K('geo', '113 114 117 121 131 141 151 161', [10], ['TXXX XXX XXXX', '(TXXX) XXX XXXX'], ['+C XXX XXX XXXX'])]),
 'IE': dict(name='Ireland', cc='353', tr='0', nt=False, lang='en', amt='en', kinds=[
    K('mobile', '83 85 86 87 89', [9], ['TXX XXX XXXX', 'TXX-XXX XXXX'], ['+C XX XXX XXXX']),
    K('dublin', '1', [8], ['(TX) XXX XXXX', 'TX XXX XXXX'], ['+C X XXX XXXX'])]),
 'DE': dict(name='Germany', cc='49', tr='0', nt=False, lang='de', amt='de', kinds=[
    K('mobile', '151 152 157 159 160 162 163 170 171 172 173 174 175 176 177 178 179', [10, 11], ['TXXX *', 'TXXX/*', 'TXXX-*', 'TXXX XXX XXXX*'], ['+C XXX *', '+C (0)XXX *', '+CXXX*']),
    K('city2', '30 40 89 69', [10], ['(TXX) *', 'TXX/*', 'TXX *', 'TXX XXX XX-*'], ['+C XX *', '+C (0)XX *']),
    K('city3', '221 211 711 341 351 511', [10, 11], ['(TXXX) *', 'TXXX/*', 'TXXX *'], ['+C XXX *', '+C (0)XXX *'])]),
 'AT': dict(name='Austria', cc='43', tr='0', nt=False, lang='de', amt='de', kinds=[
    K('mobile', '650 660 664 676 680 681 688 699', [10, 11], ['TXXX *', 'TXXX/*', 'TXXX XXX XX XX*'], ['+C XXX *', '+C (0)XXX *']),
    K('vienna', '1', [8, 9], ['TX *', '(TX) *', 'TX XXX XX XX*'], ['+C X *'])]),
 'CH': dict(name='Switzerland', cc='41', tr='0', nt=False, lang='de', amt='ch', kinds=[
    K('mobile', '75 76 77 78 79', [9], ['TXX XXX XX XX'], ['+C XX XXX XX XX', '+C (0)XX XXX XX XX']),
    K('landline', '21 22 26 31 41 43 44 61 71 81 91', [9], ['TXX XXX XX XX'], ['+C XX XXX XX XX'])]),
 'FR': dict(name='France', cc='33', tr='0', nt=False, lang='fr', amt='fr', kinds=[
    K('mobile', '6 7', [9], ['TX XX XX XX XX', 'TX.XX.XX.XX.XX', 'TXXXXXXXXX'], ['+C X XX XX XX XX', '+C (0)X XX XX XX XX']),
    K('landline', '1 2 3 4 5 9', [9], ['TX XX XX XX XX', 'TX.XX.XX.XX.XX'], ['+C X XX XX XX XX'])]),
 'BE': dict(name='Belgium', cc='32', tr='0', nt=False, lang='nl', amt='de', kinds=[
    K('mobile', '460 465 466 467 468 470 471 472 473 474 475 476 477 478 479 484 485 486 487 488 489 490 491 492 493 494 495 496 497 498 499', [9], ['TXXX XX XX XX', 'TXXX/XX.XX.XX'], ['+C XXX XX XX XX']),
    K('landline', '2 3 9', [8], ['TX XXX XX XX', 'TX/XXX.XX.XX'], ['+C X XXX XX XX'])]),
 'NL': dict(name='Netherlands', cc='31', tr='0', nt=False, lang='nl', amt='de', kinds=[
    K('mobile', '6', [9], ['TX-XXXXXXXX', 'TX XX XX XX XX', 'TX XXXXXXXX'], ['+C X XXXXXXXX', '+C (0)X XXXXXXXX', '+C X XX XX XX XX']),
    K('landline', '10 20 30 40 50 70', [9], ['TXX-XXX XXXX', 'TXX XXX XXXX'], ['+C XX XXX XXXX'])]),
 'LU': dict(name='Luxembourg', cc='352', tr='', nt=True, lang='fr', amt='de', kinds=[
    K('mobile', '621 628 661 671 691', [9], ['XXX XXX XXX'], ['+C XXX XXX XXX']),
    K('landline', '2', [8], ['XX XX XX XX'], ['+C XX XX XX XX'])]),
 'ES': dict(name='Spain', cc='34', tr='', nt=True, lang='es', amt='de', kinds=[
    K('mobile', '6 7', [9], ['XXX XX XX XX', 'XXX XXX XXX', 'XXXXXXXXX'], ['+C XXX XXX XXX', '+C XXX XX XX XX']),
    K('landline', '91 93 95 96 94 98', [9], ['XXX XXX XXX', 'XX XXX XX XX'], ['+C XX XXX XX XX'])]),
 'PT': dict(name='Portugal', cc='351', tr='', nt=True, lang='pt', amt='de', kinds=[
    K('mobile', '91 92 93 96', [9], ['XXX XXX XXX'], ['+C XXX XXX XXX']),
    K('landline', '21 22', [9], ['XXX XXX XXX'], ['+C XXX XXX XXX'])]),
 'IT': dict(name='Italy', cc='39', tr='', nt=True, lang='it', amt='de', kinds=[
    K('mobile', '320 328 329 330 333 334 335 338 339 340 345 347 348 349 366 380 388 389 391 392 393', [10], ['XXX XXX XXXX', 'XXX XXXXXXX', 'XXX-XXXXXXX'], ['+C XXX XXX XXXX']),
    K('landline', '02 06', [10], ['XX XXXX XXXX', 'XX/XXXXXXXX'], ['+C XX XXXX XXXX'])]),
 'GR': dict(name='Greece', cc='30', tr='', nt=True, lang='el', amt='de', kinds=[
    K('mobile', '690 693 694 695 697 698 699', [10], ['XXX XXX XXXX', 'XXXXXXXXXX'], ['+C XXX XXX XXXX']),
    K('landline', '210', [10], ['XXX XXX XXXX', 'XXX-XXXXXXX'], ['+C XXX XXX XXXX'])]),
 'DK': dict(name='Denmark', cc='45', tr='', nt=True, lang='da', amt='de', kinds=[
    K('any', '2 3 4 5 6 7 8 9', [8], ['XX XX XX XX', 'XXXX XXXX', 'XXXXXXXX'], ['+C XX XX XX XX'])]),
 'NO': dict(name='Norway', cc='47', tr='', nt=True, lang='no', amt='fr', kinds=[
    K('mobile', '4 9', [8], ['XXX XX XXX', 'XXXXXXXX'], ['+C XXX XX XXX']),
    K('landline', '2 3 5 6 7', [8], ['XX XX XX XX'], ['+C XX XX XX XX'])]),
 'SE': dict(name='Sweden', cc='46', tr='0', nt=False, lang='sv', amt='fr', kinds=[
    K('mobile', '70 72 73 76 79', [9], ['TXX-XXX XX XX', 'TXX XXX XX XX', 'TXXXXXXXXX'], ['+C XX XXX XX XX', '+C (0)XX XXX XX XX']),
    K('stockholm', '8', [8, 9], ['TX-XXX XX XX*', 'TX XXX XXX *'], ['+C X XXX XX XX*'])]),
 'FI': dict(name='Finland', cc='358', tr='0', nt=False, lang='fi', amt='fr', kinds=[
    K('mobile', '40 41 44 45 46 50', [9, 10], ['TXX XXX XXXX*', 'TXXXXXXXXX*'], ['+C XX XXX XXXX*']),
    K('helsinki', '9', [8, 9], ['TX XXX XXX*', '(TX) XXXXXX*'], ['+C X XXX XXX*'])]),
 'PL': dict(name='Poland', cc='48', tr='', nt=True, lang='pl', amt='fr', kinds=[
    K('mobile', '50 51 53 57 60 66 69 72 73 78 79 88', [9], ['XXX XXX XXX', 'XXX-XXX-XXX', 'XXXXXXXXX'], ['+C XXX XXX XXX', '+C XXXXXXXXX']),
    K('landline', '12 22 58 61 71', [9], ['XX XXX XX XX', '(XX) XXX XX XX'], ['+C XX XXX XX XX'])]),
 'CZ': dict(name='Czechia', cc='420', tr='', nt=True, lang='cs', amt='fr', kinds=[
    K('mobile', '60 70 72 73 77 79', [9], ['XXX XXX XXX'], ['+C XXX XXX XXX']),
    K('landline', '2 3 4 5', [9], ['XXX XXX XXX'], ['+C XXX XXX XXX'])]),
 'SK': dict(name='Slovakia', cc='421', tr='0', nt=False, lang='sk', amt='fr', kinds=[
    K('mobile', '90 91 94 95', [9], ['TXXX XXX XXX'], ['+C XXX XXX XXX']),
    K('bratislava', '2', [9], ['TX/XXXX XXXX'], ['+C X XXXX XXXX'])]),
 'HU': dict(name='Hungary', cc='36', tr='06', nt=False, lang='hu', amt='fr', kinds=[
    K('mobile', '20 30 31 50 70', [9], ['TXX XXX XXXX', 'T-XX/XXX-XXXX', '(TXX) XXX XXXX'], ['+C XX XXX XXXX']),
    K('budapest', '1', [8], ['TX XXX XXXX', '(TX) XXX-XXXX'], ['+C X XXX XXXX'])]),
 'RO': dict(name='Romania', cc='40', tr='0', nt=False, lang='ro', amt='de', kinds=[
    K('mobile', '72 73 74 75 76 77 78', [9], ['TXXX XXX XXX', 'TXXXXXXXXX'], ['+C XXX XXX XXX']),
    K('bucharest', '21 31', [9], ['TXX XXX XX XX'], ['+C XX XXX XX XX'])]),
 'BG': dict(name='Bulgaria', cc='359', tr='0', nt=False, lang='bg', amt='fr', kinds=[
    K('mobile', '87 88 89 98', [9], ['TXXX XXX XXX'], ['+C XXX XXX XXX']),
    K('sofia', '2', [8], ['TX XXX XXXX'], ['+C X XXX XXXX'])]),
 'HR': dict(name='Croatia', cc='385', tr='0', nt=False, lang='hr', amt='de', kinds=[
    K('mobile', '91 92 95 97 98 99', [9], ['TXX XXX XXXX'], ['+C XX XXX XXXX']),
    K('zagreb', '1', [8], ['TX XXXX XXX'], ['+C X XXXX XXX'])]),
 'SI': dict(name='Slovenia', cc='386', tr='0', nt=False, lang='sl', amt='de', kinds=[
    K('mobile', '30 31 40 41 51 64 68 70 71', [8], ['TXX XXX XXX'], ['+C XX XXX XXX']),
    K('ljubljana', '1', [8], ['TX XXX XX XX'], ['+C X XXX XX XX'])]),
 'TR': dict(name='Türkiye', cc='90', tr='0', nt=False, lang='tr', amt='de', kinds=[
    K('mobile', '50 53 54 55', [10], ['TXXX XXX XX XX', 'TXXX XXX XXXX', '(TXXX) XXX XX XX'], ['+C XXX XXX XX XX']),
    K('istanbul', '212 216', [10], ['TXXX XXX XX XX', '(TXXX) XXX XX XX'], ['+C XXX XXX XX XX'])]),
 'RU': dict(name='Russia', cc='7', tr='8', nt=False, lang='ru', amt='fr', kinds=[
    K('mobile', '9', [10], ['T (XXX) XXX-XX-XX', 'T XXX XXX-XX-XX', 'TXXXXXXXXXX'], ['+C XXX XXX-XX-XX', '+C (XXX) XXX-XX-XX']),
    K('moscow', '495 499', [10], ['T (XXX) XXX-XX-XX'], ['+C XXX XXX-XX-XX'])]),
 'UA': dict(name='Ukraine', cc='380', tr='0', nt=False, lang='uk', amt='fr', kinds=[
    K('mobile', '50 63 66 67 68 73 93 95 96 97 98 99', [9], ['TXX XXX XX XX', '(TXX) XXX-XX-XX'], ['+C XX XXX XX XX']),
    K('kyiv', '44', [9], ['TXX XXX XX XX'], ['+C XX XXX XX XX'])]),
 'IL': dict(name='Israel', cc='972', tr='0', nt=False, lang='he', amt='en', kinds=[
    K('mobile', '50 52 53 54 55 58', [9], ['TXX-XXX-XXXX', 'TXXXXXXXXX'], ['+C XX-XXX-XXXX', '+C XX XXX XXXX']),
    K('landline', '2 3 4 8 9', [8], ['TX-XXX-XXXX'], ['+C X-XXX-XXXX'])]),
 'AE': dict(name='United Arab Emirates', cc='971', tr='0', nt=False, lang='ar', amt='en', kinds=[
    K('mobile', '50 52 54 55 56 58', [9], ['TXX XXX XXXX'], ['+C XX XXX XXXX']),
    K('landline', '4 2', [8], ['TX XXX XXXX'], ['+C X XXX XXXX'])]),
 'SA': dict(name='Saudi Arabia', cc='966', tr='0', nt=False, lang='ar', amt='en', kinds=[
    K('mobile', '50 53 54 55 56 59', [9], ['TXX XXX XXXX'], ['+C XX XXX XXXX']),
    K('riyadh', '11 12', [9], ['TXX XXX XXXX'], ['+C XX XXX XXXX'])]),
 'EG': dict(name='Egypt', cc='20', tr='0', nt=False, lang='ar', amt='en', kinds=[
    K('mobile', '10 11 12 15', [10], ['TXX XXXX XXXX'], ['+C XX XXXX XXXX']),
    K('cairo', '2', [9], ['TX XXXX XXXX'], ['+C X XXXX XXXX'])]),
 'ZA': dict(name='South Africa', cc='27', tr='0', nt=False, lang='en', amt='fr', kinds=[
    K('mobile', '60 61 71 72 73 74 76 79 82 83 84', [9], ['TXX XXX XXXX'], ['+C XX XXX XXXX']),
    K('landline', '11 21 31 12', [9], ['TXX XXX XXXX'], ['+C XX XXX XXXX'])]),
 'NG': dict(name='Nigeria', cc='234', tr='0', nt=False, lang='en', amt='en', kinds=[
    K('mobile', '703 706 803 805 806 810 813 816 903 906', [10], ['TXXX XXX XXXX'], ['+C XXX XXX XXXX'])]),
 'KE': dict(name='Kenya', cc='254', tr='0', nt=False, lang='en', amt='en', kinds=[
    K('mobile', '70 71 72 74 79 11', [9], ['TXXX XXX XXX'], ['+C XXX XXX XXX'])]),
 'IN': dict(name='India', cc='91', tr='0', nt=True, lang='en', amt='in', kinds=[
    K('mobile', '6 7 8 9', [10], ['XXXXX XXXXX', 'TXXXXX XXXXX', 'XXXXXXXXXX'], ['+C XXXXX XXXXX', '+C-XXXXXXXXXX']),
    K('metro', '11 22', [10], ['TXX-XXXX XXXX', 'TXX XXXX XXXX'], ['+C XX XXXX XXXX'])]),
 'PK': dict(name='Pakistan', cc='92', tr='0', nt=False, lang='en', amt='in', kinds=[
    K('mobile', '300 301 310 321 333 345', [10], ['TXXX XXXXXXX', 'TXXX-XXXXXXX'], ['+C XXX XXXXXXX']),
    K('metro', '21 42', [10], ['TXX XXXXXXXX'], ['+C XX XXXXXXXX'])]),
 'CN': dict(name='China', cc='86', tr='0', nt=True, lang='zh', amt='en', kinds=[
    K('mobile', '13 15 17 18 19', [11], ['XXX XXXX XXXX', 'XXXXXXXXXXX', 'XXX-XXXX-XXXX'], ['+C XXX XXXX XXXX']),
    K('metro', '10 21', [10], ['TXX-XXXXXXXX', '(TXX) XXXX XXXX'], ['+C XX XXXX XXXX'])]),
 'JP': dict(name='Japan', cc='81', tr='0', nt=False, lang='ja', amt='en', kinds=[
    K('mobile', '70 80 90', [10], ['TXX-XXXX-XXXX'], ['+C XX-XXXX-XXXX', '+C XX XXXX XXXX']),
    K('metro', '3 6', [9], ['TX-XXXX-XXXX', 'TX(XXXX)XXXX'], ['+C X-XXXX-XXXX'])]),
 'KR': dict(name='South Korea', cc='82', tr='0', nt=False, lang='ko', amt='en', kinds=[
    K('mobile', '10', [10], ['TXX-XXXX-XXXX'], ['+C XX-XXXX-XXXX']),
    K('seoul', '2', [9], ['TX-XXXX-XXXX'], ['+C X-XXXX-XXXX'])]),
 'TW': dict(name='Taiwan', cc='886', tr='0', nt=False, lang='zh', amt='en', kinds=[
    K('mobile', '9', [9], ['TXXX-XXX-XXX', 'TXXX XXX XXX'], ['+C XXX XXX XXX']),
    K('taipei', '2', [9], ['(TX) XXXX-XXXX', 'TX-XXXX-XXXX'], ['+C X XXXX XXXX'])]),
 'SG': dict(name='Singapore', cc='65', tr='', nt=True, lang='en', amt='en', kinds=[
    K('mobile', '8 9', [8], ['XXXX XXXX'], ['+C XXXX XXXX']),
    K('landline', '6', [8], ['XXXX XXXX'], ['+C XXXX XXXX'])]),
 'MY': dict(name='Malaysia', cc='60', tr='0', nt=False, lang='ms', amt='en', kinds=[
    K('mobile', '12 13 16 17 19', [9], ['TXX-XXX XXXX', 'TXX-XXXXXXX'], ['+C XX-XXX XXXX', '+C XX XXX XXXX']),
    K('kl', '3', [9], ['TX-XXXX XXXX'], ['+C X XXXX XXXX'])]),
 'TH': dict(name='Thailand', cc='66', tr='0', nt=False, lang='th', amt='en', kinds=[
    K('mobile', '6 8 9', [9], ['TXX-XXX-XXXX'], ['+C XX XXX XXXX']),
    K('bangkok', '2', [8], ['TX-XXX-XXXX'], ['+C X XXX XXXX'])]),
 'VN': dict(name='Vietnam', cc='84', tr='0', nt=False, lang='vi', amt='de', kinds=[
    K('mobile', '90 91 93 98 97 86 32 35 70 77', [9], ['TXXX XXX XXX', 'TXXXXXXXXX'], ['+C XXX XXX XXX']),
    K('hanoi', '24 28', [10], ['TXX XXXX XXXX'], ['+C XX XXXX XXXX'])]),
 'ID': dict(name='Indonesia', cc='62', tr='0', nt=False, lang='id', amt='de', kinds=[
    K('mobile', '811 812 813 821 822 852 857 878 896', [10, 11], ['TXXX-XXXX-*', 'TXXX *'], ['+C XXX-XXXX-*', '+C XXX *']),
    K('jakarta', '21', [9, 10], ['(TXX) *', 'TXX-*'], ['+C XX *'])]),
 'PH': dict(name='Philippines', cc='63', tr='0', nt=False, lang='en', amt='en', kinds=[
    K('mobile', '905 906 915 917 918 919 920 927 939 945 998', [10], ['TXXX XXX XXXX', 'TXXX-XXX-XXXX'], ['+C XXX XXX XXXX']),
    K('manila', '2', [9], ['(TX) XXXX XXXX'], ['+C X XXXX XXXX'])]),
 'AU': dict(name='Australia', cc='61', tr='0', nt=False, lang='en', amt='en', kinds=[
    K('mobile', '4', [9], ['TXXX XXX XXX'], ['+C XXX XXX XXX']),
    K('landline', '2 3 7 8', [9], ['(TX) XXXX XXXX', 'TX XXXX XXXX'], ['+C X XXXX XXXX'])]),
 'NZ': dict(name='New Zealand', cc='64', tr='0', nt=False, lang='en', amt='en', kinds=[
    K('mobile', '21 22 27', [9], ['TXX XXX XXXX'], ['+C XX XXX XXXX']),
    K('landline', '3 4 6 7 9', [8], ['(TX) XXX XXXX', 'TX XXX XXXX'], ['+C X XXX XXXX'])]),
 'BR': dict(name='Brazil', cc='55', tr='0', nt=True, lang='pt', amt='de', kinds=[
    K('mobile', '119 219 319 419 479 519 619 719 819 859', [11], ['(XX) XXXXX-XXXX', 'XX XXXXX-XXXX', '(TXX) XXXXX-XXXX'], ['+C XX XXXXX-XXXX', '+C (XX) XXXXX-XXXX']),
    K('landline', '112 113 213 313', [10], ['(XX) XXXX-XXXX'], ['+C XX XXXX-XXXX'])]),
 'MX': dict(name='Mexico', cc='52', tr='', nt=True, lang='es', amt='en', kinds=[
    K('metro', '55 33 81', [10], ['XX XXXX XXXX', '(XX) XXXX XXXX'], ['+C XX XXXX XXXX']),
    K('other', '222 442 664 998', [10], ['XXX XXX XXXX'], ['+C XXX XXX XXXX'])]),
 'CL': dict(name='Chile', cc='56', tr='', nt=True, lang='es', amt='de', kinds=[
    K('mobile', '9', [9], ['X XXXX XXXX'], ['+C X XXXX XXXX']),
    K('santiago', '2', [9], ['X XXXX XXXX'], ['+C X XXXX XXXX'])]),
 'CO': dict(name='Colombia', cc='57', tr='', nt=True, lang='es', amt='de', kinds=[
    K('mobile', '300 301 310 311 312 313 314 315 316 320 321', [10], ['XXX XXX XXXX', 'XXX XXXXXXX'], ['+C XXX XXX XXXX']),
    K('landline', '601 604 602', [10], ['(XXX) XXX XXXX', 'XXX XXXXXXX'], ['+C XXX XXX XXXX'])]),
 'PE': dict(name='Peru', cc='51', tr='0', nt=True, lang='es', amt='en', kinds=[
    K('mobile', '9', [9], ['XXX XXX XXX'], ['+C XXX XXX XXX']),
    K('lima', '1', [8], ['(TX) XXX XXXX', 'TX XXX XXXX'], ['+C X XXX XXXX'])]),
}
CODES = list(C.keys())

# ---------------------------------------------------------------- validity
def nanp_valid(d):
    return (len(d) == 10 and d[0] in '23456789' and d[1:3] != '11' and d[3] in '23456789' and d[4:6] != '11')

def nsn_valid(k, nsn):
    c = C[k]
    if c.get('nanp'):
        return nanp_valid(nsn)
    for kd in c['kinds']:
        if len(nsn) in kd['lens'] and any(nsn.startswith(p) for p in kd['pre']):
            return True
    return False

def intl_valid(k, rest):
    if nsn_valid(k, rest):
        return True
    return C[k]['tr'] == '0' and rest.startswith('0') and nsn_valid(k, rest[1:])  # "+49 (0)30 ..."

def phone_hit(d, plus, k):
    """is digit string d (plus: written after '+') a valid phone of country k, or of any country when
    written internationally with + or 00, or of NANP?"""
    if plus or d.startswith('00'):
        body = d if plus else d[2:]
        for kk in CODES:
            cc = C[kk]['cc']
            if body.startswith(cc) and intl_valid(kk, body[len(cc):]):
                return True
        if plus:
            return False
    c = C[k]
    if c['tr'] and d.startswith(c['tr']) and nsn_valid(k, d[len(c['tr']):]):
        return True
    if (not c['tr'] or c['nt']) and nsn_valid(k, d):
        return True
    if d.startswith(c['cc']) and intl_valid(k, d[len(c['cc']):]):   # +-less country code
        return True
    if nanp_valid(d) or (len(d) == 11 and d[0] == '1' and nanp_valid(d[1:])):
        return True
    return False

SPAN = re.compile(r'[+(]?\d[\d \-./()]*\d\)?|\d')
DATE_RE = re.compile(r'^(?:(?:19|20)\d\d[-./](?:0[1-9]|1[0-2])[-./](?:0[1-9]|[12]\d|3[01])|(?:0?[1-9]|[12]\d|3[01])[-./](?:0?[1-9]|1[0-2])[-./](?:19|20)\d\d)$')

def scan(text, k):
    """return the phone-valid windows of grouped digits in text (see README)"""
    hits = []
    for m in SPAN.finditer(text):
        s = m.group(0)
        plus = s.startswith('+')
        groups = [(g.start(), g.end()) for g in re.finditer(r'\d+', s)]
        # break the run where the separator is long (column alignment) or doubled
        runs, cur = [], [groups[0]]
        for a, b in zip(groups, groups[1:]):
            sep = s[a[1]:b[0]]
            if len(sep) > 3 or '  ' in sep or sep.count('-') > 1 or sep.count('.') > 1 or sep.count('/') > 1:
                runs.append(cur); cur = [b]
            else:
                cur.append(b)
        runs.append(cur)
        for ri, run in enumerate(runs):
            for i in range(len(run)):
                for j in range(i + 1, len(run) + 1):
                    d = ''.join(s[a:b] for a, b in run[i:j])
                    if len(d) < 6:
                        continue
                    if len(d) > 15:
                        break
                    raw = s[run[i][0]:run[j - 1][1]]
                    if DATE_RE.match(raw):
                        continue
                    p = plus and ri == 0 and i == 0
                    if phone_hit(d, p, k):
                        hits.append(('+' if p else '') + raw)
    return hits

# ---------------------------------------------------------------- formatting helpers
def fmt(spec, k, nsn):
    c = C[k]
    out, i = [], 0
    for ch in spec:
        if ch == 'T':
            out.append(c['tr'])
        elif ch == 'C':
            out.append(c['cc'])
        elif ch == 'X':
            if i < len(nsn):
                out.append(nsn[i]); i += 1
        elif ch == '*':
            out.append(nsn[i:]); i = len(nsn)
        else:
            out.append(ch)
    s = ''.join(out)
    if i < len(nsn):
        s += nsn[i:]
    return re.sub(r'[ \-./(]+$', '', s)

def digits(n, first='0123456789'):
    return R.choice(first) + ''.join(R.choice('0123456789') for _ in range(n - 1)) if n > 0 else ''

def make_phone(k):
    c = C[k]
    while True:
        kd = R.choice(c['kinds'])
        p = R.choice(kd['pre'])
        n = R.choice(kd['lens'])
        nsn = p + digits(n - len(p))
        if nsn_valid(k, nsn) and not re.search(r'(\d)\1\1\1', nsn):
            return kd, nsn

def amount(k, lo=100, hi=9_999_999, cents=True):
    v = R.randint(lo, hi)
    st = C[k]['amt']
    c = R.randint(0, 99)
    def grp(n, sep):
        s = str(n); parts = []
        while len(s) > 3:
            parts.insert(0, s[-3:]); s = s[:-3]
        parts.insert(0, s)
        return sep.join(parts)
    if st == 'de':
        s = grp(v, '.') + (',%02d' % c if cents else '')
    elif st == 'fr':
        s = grp(v, ' ') + (',%02d' % c if cents else '')
    elif st == 'ch':
        s = grp(v, "'") + ('.%02d' % c if cents else '')
    elif st == 'in':
        s = str(v)
        if len(s) > 3:
            head, tail = s[:-3], s[-3:]
            hp = []
            while len(head) > 2:
                hp.insert(0, head[-2:]); head = head[:-2]
            if head:
                hp.insert(0, head)
            s = ','.join(hp) + ',' + tail
        s += ('.%02d' % c if cents else '')
    else:
        s = grp(v, ',') + ('.%02d' % c if cents else '')
    return s

CUR = {'US': 'USD', 'CA': 'CAD', 'GB': 'GBP', 'CH': 'CHF', 'DK': 'DKK', 'NO': 'NOK', 'SE': 'SEK', 'PL': 'PLN', 'CZ': 'CZK', 'HU': 'HUF', 'RO': 'RON', 'BG': 'BGN', 'TR': 'TRY', 'RU': 'RUB', 'UA': 'UAH', 'IL': 'ILS', 'AE': 'AED', 'SA': 'SAR', 'EG': 'EGP', 'ZA': 'ZAR', 'NG': 'NGN', 'KE': 'KES', 'IN': 'INR', 'PK': 'PKR', 'CN': 'CNY', 'JP': 'JPY', 'KR': 'KRW', 'TW': 'TWD', 'SG': 'SGD', 'MY': 'MYR', 'TH': 'THB', 'VN': 'VND', 'ID': 'IDR', 'PH': 'PHP', 'AU': 'AUD', 'NZ': 'NZD', 'BR': 'BRL', 'MX': 'MXN', 'CL': 'CLP', 'CO': 'COP', 'PE': 'PEN'}
def cur(k):
    return CUR.get(k, 'EUR')

def date(k):
    y, m, d = R.choice([2025, 2026]), R.randint(1, 12), R.randint(1, 28)
    st = C[k]['amt']
    if k in ('US',):
        return '%02d/%02d/%d' % (m, d, y)
    if k in ('JP', 'CN', 'KR', 'TW', 'SE', 'CA', 'LT'):
        return '%d-%02d-%02d' % (y, m, d)
    if st in ('de', 'fr', 'ch') and k not in ('FR', 'ES', 'PT', 'IT', 'BE', 'BR', 'GR', 'CL', 'CO', 'VN', 'ID'):
        return '%02d.%02d.%d' % (d, m, y)
    return '%02d/%02d/%d' % (d, m, y)

def ts():
    return '2026-%02d-%02dT%02d:%02d:%02d.%03dZ' % (R.randint(1, 11), R.randint(1, 28), R.randint(0, 23), R.randint(0, 59), R.randint(0, 59), R.randint(0, 999))

# ---------------------------------------------------------------- business-number lookalikes
def lookalike(k):
    """lookalike_raw, redrawn until the value alone is not a valid phone (messages are re-scanned whole)"""
    while True:
        v = lookalike_raw(k)
        if not scan(v, k):
            return v

def lookalike_raw(k):
    """a number with the grouping of a phone of country k, but (usually) not a valid phone:
    wrong length, wrong leading digit, or a bare country code; the scanner rejects any that is valid"""
    c = C[k]
    kd = R.choice(c['kinds'])
    n = R.choice(kd['lens'])
    mode = R.random()
    if mode < 0.45:
        n += R.choice([-3, -2, -1, 1, 2])
        nsn = R.choice(kd['pre']) + digits(max(1, n - 2))
    else:
        nsn = digits(n)
    n = max(4, len(nsn))
    spec = R.choice(kd['nat'] if R.random() < 0.7 else kd['intl'])
    s = fmt(spec, k, nsn)
    if s.startswith('+'):
        s = R.choice(['', '00']) + s[1:]
    return s

def grouped(n, sizes, sep, first='0123456789'):
    d = digits(n, first)
    out, i = [], 0
    for z in sizes:
        if i >= n:
            break
        out.append(d[i:i + z]); i += z
    if i < n:
        out.append(d[i:])
    return sep.join(out)

YEAR = lambda: str(R.choice([2025, 2026]))
def L_(k, key):
    return L[C[k]['lang']][key]

# (industry, label, generator) — labels are local where the language table has them, English otherwise
IND = [
 ('logistics', lambda k: 'Tracking', lambda k: lookalike(k)),
 ('parcel', lambda k: R.choice(['Shipment', 'Consignment', 'Sendung']), lambda k: grouped(R.choice([11, 12, 14]), [4, 4, 4], R.choice([' ', '-', ''])) ),
 ('shipping', lambda k: R.choice(['Container', 'B/L', 'Booking']), lambda k: R.choice(['MSCU', 'HLXU', 'MAEU', 'CMAU']) + ' ' + grouped(6, [3, 3], ' ') + '-' + str(R.randint(0, 9))),
 ('insurance', lambda k: R.choice(['Claim', 'Schaden-Nr.', 'Sinistre', 'Claim no.']), lambda k: lookalike(k)),
 ('insurance', lambda k: R.choice(['Policy', 'Police', 'Polizza', 'Póliza']), lambda k: grouped(R.choice([9, 10, 11, 12]), [3, 3, 3, 3], R.choice([' ', '.', '-', '/']))),
 ('banking', lambda k: R.choice(['Sort code', 'BLZ', 'Routing', 'BIC/branch']), lambda k: (grouped(6, [2, 2, 2], '-') if k in ('GB', 'IE') else grouped(8, [3, 3, 2], ' ') if k in ('DE', 'AT') else '0' + grouped(8, [8], ''))),
 ('lending', lambda k: R.choice(['Loan', 'Kredit-Nr.', 'Prêt n°', 'Contract']), lambda k: lookalike(k)),
 ('utilities', lambda k: R.choice(['Meter', 'Zählernr.', 'Compteur', 'Contatore', 'Meter no.']), lambda k: lookalike(k)),
 ('utilities', lambda k: R.choice(['Customer account', 'Vertragskonto', 'Account']), lambda k: grouped(R.choice([10, 12]), [4, 4, 4], ' ')),
 ('pharma', lambda k: R.choice(['Batch', 'Lot', 'Charge', 'Lote']), lambda k: YEAR()[2:] + grouped(4, [4], '') + '-' + grouped(2, [2], '')),
 ('manufacturing', lambda k: R.choice(['S/N', 'Serial', 'Seriennr.']), lambda k: lookalike(k)),
 ('automotive', lambda k: R.choice(['Part', 'Teilenr.', 'Réf. pièce', 'P/N']), lambda k: grouped(3, [3], '', '123456789') + ' ' + grouped(3, [3], '') + ' ' + grouped(3, [3], '') + R.choice(['', ' A', ' AB', ' C'])),
 ('ecommerce', lambda k: L_(k, 'order'), lambda k: lookalike(k)),
 ('ecommerce', lambda k: L_(k, 'order'), lambda k: grouped(3, [3], '', '123456789') + '-' + grouped(7, [7], '') + '-' + grouped(7, [7], '')),
 ('retail', lambda k: L_(k, 'invoice'), lambda k: R.choice(['RE', 'INV', 'FA', 'F', '']) + R.choice(['-', ' ', '']) + YEAR() + R.choice(['-', '/', ' ']) + grouped(R.choice([5, 6]), [6], '')),
 ('retail', lambda k: L_(k, 'customer'), lambda k: lookalike(k)),
 ('crm', lambda k: L_(k, 'case'), lambda k: lookalike(k)),
 ('support', lambda k: 'Ticket', lambda k: '#' + grouped(R.choice([7, 8, 9]), [3, 3, 3], R.choice(['', ' ', '-']))),
 ('telecom', lambda k: R.choice(['Circuit', 'Line ID', 'Anschluss-ID']), lambda k: R.choice(['CKT', 'DSL', 'FTTH']) + '-' + lookalike(k)),
 ('tax', lambda k: R.choice(['VAT', 'USt-IdNr.', 'TVA', 'P.IVA', 'NIF', 'CNPJ', 'GSTIN']), lambda k: {'DE': 'DE', 'FR': 'FR', 'IT': 'IT', 'ES': 'B', 'NL': 'NL', 'BE': 'BE'}.get(k, '') + grouped(R.choice([9, 10, 11]), [3, 3, 3, 2], R.choice(['', ' ', '.']))),
 ('registry', lambda k: R.choice(['HRB', 'SIREN', 'KvK', 'CRN', 'Reg. no.', 'REA']), lambda k: lookalike(k)),
 ('legal', lambda k: R.choice(['Az.', 'RG n°', 'Case No.', 'Rol', 'Sag nr.']), lambda k: str(R.randint(1, 40)) + ' ' + R.choice(['O', 'C', 'K', 'CV', 'U']) + ' ' + str(R.randint(10, 9999)) + '/' + YEAR()[2:]),
 ('permits', lambda k: R.choice(['Permit', 'Genehmigung', 'Licence', 'Licencia', 'Autorisation']), lambda k: lookalike(k)),
 ('aviation', lambda k: 'Flight', lambda k: R.choice(['LH', 'AF', 'BA', 'KL', 'IB', 'TK', 'EK', 'QF', 'JL', 'SQ']) + ' ' + str(R.randint(100, 9999)) + ' ' + date(k)),
 ('rail', lambda k: 'Train', lambda k: R.choice(['ICE', 'TGV', 'IC', 'RJ', 'AVE', 'EC', 'Shinkansen']) + ' ' + str(R.randint(10, 9999)) + ' ' + date(k) + ' ' + '%02d:%02d' % (R.randint(5, 22), R.randint(0, 59))),
 ('software', lambda k: R.choice(['build', 'version', 'firmware']), lambda k: R.choice(['', 'v']) + '.'.join(str(R.randint(0, 30)) for _ in range(3)) + '.' + str(R.randint(1000, 99999))),
 ('energy', lambda k: R.choice(['MeLo', 'MPAN', 'EAN', 'PDL']), lambda k: grouped(R.choice([11, 13, 14]), [2, 4, 4, 4], R.choice([' ', '']))),
 ('real_estate', lambda k: R.choice(['Parcel', 'Flurstück', 'Parcelle', 'Catastro']), lambda k: str(R.randint(1, 999)) + '/' + str(R.randint(1, 99)) + ' ' + grouped(R.choice([5, 6, 7]), [3, 4], ' ')),
 ('customs', lambda k: R.choice(['HS', 'TARIC', 'HS code']), lambda k: grouped(4, [4], '', '123456789') + ' ' + grouped(2, [2], '') + ' ' + grouped(2, [2], '') + R.choice(['', ' 00', ' 90'])),
 ('hospitality', lambda k: R.choice(['Booking', 'Reservation', 'Buchung', 'Réservation']), lambda k: lookalike(k)),
 ('geo', lambda k: 'GPS', lambda k: '%.5f, %.5f' % (R.uniform(-60, 70), R.uniform(-170, 170))),
 ('lab', lambda k: R.choice(['Sample', 'Probe', 'Échantillon']), lambda k: lookalike(k)),
 ('payroll', lambda k: R.choice(['Payroll batch', 'Lohnlauf', 'Run']), lambda k: YEAR() + R.choice(['-', '/']) + '%02d' % R.randint(1, 12) + R.choice(['-', '/']) + grouped(R.choice([3, 4, 5]), [5], '')),
 ('construction', lambda k: R.choice(['Project', 'Projekt', 'Chantier', 'Obra']), lambda k: lookalike(k)),
 ('agriculture', lambda k: R.choice(['Holding', 'Betriebsnr.', 'Exploitation']), lambda k: lookalike(k)),
 ('healthcare_supply', lambda k: R.choice(['PZN', 'CIP', 'NDC', 'GTIN']), lambda k: grouped(R.choice([8, 10, 11]), [4, 4, 2], R.choice(['-', '', ' ']))),
 ('education', lambda k: R.choice(['Course', 'Kurs', 'Cours']), lambda k: R.choice(['MAT', 'PHY', 'BWL', 'ECO']) + ' ' + str(R.randint(1000, 9999)) + '-' + '%02d' % R.randint(1, 20)),
 ('publishing', lambda k: 'ISSN', lambda k: grouped(4, [4], '') + '-' + grouped(4, [4], '')),
 ('fleet', lambda k: R.choice(['Vehicle', 'Fahrzeug', 'Véhicule']), lambda k: lookalike(k)),
 ('procurement', lambda k: R.choice(['PO', 'Bestell-Nr.', 'Bon de commande']), lambda k: lookalike(k)),
]
INDUSTRIES = []
for _i in IND:
    if _i[0] not in INDUSTRIES:
        INDUSTRIES.append(_i[0])

def biz(k, n):
    out = []
    for _ in range(n):
        while True:   # redraw the value; after 20 phone-valid draws take another industry
            ind, lab, gen = R.choice(IND)
            for _t in range(20):
                v = gen(k)
                if not scan(v, k):
                    break
            else:
                continue
            break
        out.append((ind, lab(k), v))
    return out

def unit(k):
    return R.choice([
        '%s kg' % amount(k, 1000, 999999, False), '%s m²' % amount(k, 100, 99999, False),
        '%s kWh' % amount(k, 10000, 9999999, False), '%s bytes' % amount(k, 1000000, 99999999, False),
        '%d–%d mm' % (R.randint(10, 400), R.randint(401, 900)), '%s hPa' % amount(k, 900, 1100, True),
        '%d h %02d min' % (R.randint(1, 99), R.randint(0, 59)), '%s L' % amount(k, 1000, 999999, False)])

# ---------------------------------------------------------------- negative templates
def n_chat(k):
    a, b = biz(k, 2)
    lg = L[C[k]['lang']]
    return '%s %s %s / %s %s — %s %s %s.' % (R.choice(lg['hi']), a[1], a[2], b[1], b[2], R.choice(['total', 'Summe', 'total', 'montant']), amount(k), cur(k))

def n_table(k):
    rows = biz(k, R.randint(3, 7))
    lines = ['| industry | field | value |', '|---|---|---|']
    for ind, lab, val in rows:
        lines.append('| %s | %s | %s |' % (ind, lab, val))
    return '\n'.join(lines)

def n_csv(k):
    lg = L[C[k]['lang']]
    head = '%s;%s;%s;%s;amount_%s' % (lg['order'].lower().replace(' ', '_'), lg['invoice'].lower().replace(' ', '_'), 'tracking', 'date', cur(k).lower())
    lines = [head]
    for _ in range(R.randint(4, 14)):
        inv = IND[14][2](k)
        while scan(inv, k):
            inv = IND[14][2](k)
        lines.append(';'.join([lookalike(k), inv, lookalike(k), date(k), amount(k, 10, 99999)]))
    return '```csv\n' + '\n'.join(lines) + '\n```'

def n_json(k):
    a = biz(k, R.randint(2, 4))
    obj = {'country': k}
    for ind, lab, val in a:
        obj[re.sub(r'\W+', '_', lab.lower()).strip('_') or ind] = val
    obj['amount'] = amount(k)
    obj['currency'] = cur(k)
    return '```json\n' + json.dumps(obj, ensure_ascii=False, indent=2) + '\n```'

def n_log(k):
    lines = []
    for _ in range(R.randint(2, 6)):
        ind, lab, val = R.choice(IND)
        lines.append('%s %s %s-svc %s=%s duration_ms=%d' % (ts(), R.choice(['INFO ', 'WARN ', 'DEBUG']), ind, re.sub(r'\W+', '_', lab(k).lower()).strip('_') or 'id', '"%s"' % val(k), R.randint(3, 9000)))
    return '```\n' + '\n'.join(lines) + '\n```'

def n_email(k):
    lg = L[C[k]['lang']]
    a = biz(k, R.randint(2, 4))
    body = ['Subject: %s %s' % (lg['invoice'], a[0][2]), '', R.choice(lg['hi'])]
    for ind, lab, val in a:
        body.append('%s: %s' % (lab, val))
    body.append('%s %s' % (amount(k), cur(k)))
    body.append('')
    body.append(R.choice(lg['bye']) + ',')
    body.append(R.choice(['Accounts Payable', 'Customer Service', 'Dispatch', 'Backoffice', 'Claims Desk']))
    return '\n'.join(body)

def n_form(k):
    lines = []
    for ind, lab, val in biz(k, R.randint(3, 6)):
        lines.append('%-18s %s' % (lab + ':', val))
    lines.append('%-18s %s' % ('Weight:', unit(k)))
    return '\n'.join(lines)

def n_list(k):
    lab = R.choice(IND)
    vals = [lab[2](k) for _ in range(R.randint(3, 8))]
    return '%s (%s): %s' % (lab[1](k), lab[0], ', '.join(vals))

def n_range(k):
    ind, lab, gen = R.choice(IND)
    return '%s %s – %s, %s' % (lab(k), gen(k), gen(k), unit(k))

def n_measure(k):
    return '%s: %s; %s; %s %s' % (R.choice(['Readings', 'Messwerte', 'Mesures', 'Lecturas']), unit(k), unit(k), amount(k, 1000, 99999999, R.random() < 0.5), R.choice(['units', 'Stk.', 'pcs', '件']))

def n_bullets(k):
    lg = L[C[k]['lang']]
    out = [R.choice(lg['hi'])]
    for ind, lab, val in biz(k, R.randint(2, 5)):
        out.append('- %s %s (%s)' % (lab, val, ind))
    if R.random() < 0.4:
        out.append(R.choice(lg['bye']))
    return '\n'.join(out)

NEG_T = [n_chat, n_table, n_csv, n_json, n_log, n_email, n_form, n_list, n_range, n_measure, n_bullets]

# ---------------------------------------------------------------- positive templates
def phone_for(k, shape):
    kd, nsn = make_phone(k)
    while shape == 'intl_plus_trunk' and not any('(0)' in s for s in kd['intl']):
        kd, nsn = make_phone(k)
    if shape == 'national':
        spec = R.choice(kd['nat'])
    elif shape == 'intl_plus_trunk':
        spec = R.choice([s for s in kd['intl'] if '(0)' in s])
    else:
        spec = R.choice([s for s in kd['intl'] if '(0)' not in s])
    s = fmt(spec, k, nsn)
    if shape == 'intl_00':
        s = '00' + s[1:]
    return s

def shapes_for(k):
    c = C[k]
    sh = ['national', 'national', 'intl_plus', 'intl_00']
    if any('(0)' in s for kd in c['kinds'] for s in kd['intl']):
        sh.append('intl_plus_trunk')
    return sh

def pw(k):
    return R.choice(L_(k, 'ph'))

def p_ticket(k, ph, word):
    lg = L[C[k]['lang']]
    a, b = biz(k, 2)
    name = R.choice(lg['names'])
    who = ('%s %s %s' % (name, pw(k), ph)) if word else ('%s, %s' % (name, ph))
    amt = '' if R.random() < 0.5 else ' (%s %s)' % (amount(k), cur(k))
    return '%s %s %s — %s %s%s.\n%s: %s\n%s' % (R.choice(lg['hi']), lg['case'], a[2], b[1], b[2], amt, lg['contact'], who, R.choice(lg['bye']))

def p_table(k, ph, word):
    lg = L[C[k]['lang']]
    col = pw(k).rstrip(':').strip() if word else R.choice(lg['role'])
    rows = biz(k, R.randint(2, 5))
    lines = ['| %s | %s | %s |' % (lg['order'], 'Tracking', col), '|---|---|---|']
    idx = R.randrange(len(rows))
    for i, (ind, lab, val) in enumerate(rows):
        lines.append('| %s | %s | %s |' % (val, lookalike(k), ph if i == idx else '—'))
    return '\n'.join(lines)

def p_csv(k, ph, word):
    lg = L[C[k]['lang']]
    col = pw(k).rstrip(':.').strip().lower().replace(' ', '_') if word else R.choice(lg['role']).lower().replace(' ', '_')
    lines = ['id,%s,%s,date,amount' % (col, 'meter')]
    n = R.randint(3, 8); idx = R.randrange(n)
    for i in range(n):
        lines.append('%s,%s,%s,%s,"%s"' % (lookalike(k), ph if i == idx else '', lookalike(k), date(k), amount(k, 10, 99999)))
    return '```csv\n' + '\n'.join(lines) + '\n```'

def p_json(k, ph, word):
    lg = L[C[k]['lang']]
    a = biz(k, R.randint(2, 3))
    obj = {}
    for ind, lab, val in a:
        obj[re.sub(r'\W+', '_', lab.lower()).strip('_') or ind] = val
    key = R.choice(['phone', 'tel', 'mobile']) if word else R.choice(['driver', 'site_contact', 'on_site', 'recipient'])
    obj[key] = {'name': R.choice(lg['names']), 'number' if not word else 'value': ph} if R.random() < 0.5 else ph
    if not word and isinstance(obj[key], str):
        obj[key] = R.choice(lg['names']) + ' ' + ph
    obj['total'] = amount(k)
    return '```json\n' + json.dumps(obj, ensure_ascii=False, indent=2) + '\n```'

def p_log(k, ph, word):
    lines = []
    n = R.randint(2, 5); idx = R.randrange(n)
    for i in range(n):
        ind, lab, val = R.choice(IND)
        extra = ''
        if i == idx:
            extra = (' %s="%s"' % (R.choice(['phone', 'callback_tel', 'msisdn', 'mobile']), ph)) if word else (' contact="%s"' % ph)
        lines.append('%s %s %s-svc %s="%s"%s duration_ms=%d' % (ts(), R.choice(['INFO ', 'WARN ']), ind, re.sub(r'\W+', '_', lab(k).lower()).strip('_') or 'id', val(k), extra, R.randint(3, 9000)))
    return '```\n' + '\n'.join(lines) + '\n```'

def p_signature(k, ph, word):
    lg = L[C[k]['lang']]
    a = biz(k, R.randint(1, 3))
    body = [R.choice(lg['hi'])]
    for ind, lab, val in a:
        body.append('%s: %s' % (lab, val))
    body += ['', R.choice(lg['bye']) + ',', R.choice(lg['names']), R.choice(lg['role'])]
    body.append(('%s %s' % (pw(k), ph)) if word else ph)
    return '\n'.join(body)

def p_form(k, ph, word):
    lg = L[C[k]['lang']]
    lines = []
    items = biz(k, R.randint(2, 5))
    idx = R.randrange(len(items) + 1)
    for i, (ind, lab, val) in enumerate(items):
        if i == idx:
            lines.append('%-20s %s' % ((pw(k).rstrip(':') if word else R.choice(lg['role'])) + ':', ph))
        lines.append('%-20s %s' % (lab + ':', val))
    if idx == len(items):
        lines.append('%-20s %s' % ((pw(k).rstrip(':') if word else R.choice(lg['role'])) + ':', ph))
    return '\n'.join(lines)

def p_crm(k, ph, word):
    lg = L[C[k]['lang']]
    a = biz(k, 2)
    name = R.choice(lg['names'])
    if word:
        line = '%s (%s): %s %s' % (name, R.choice(lg['role']), pw(k), ph)
    else:
        line = '→ %s: %s' % (name, ph)
    return 'CRM %s %s · %s %s · %s %s\n%s' % (lg['customer'], a[0][2], a[1][1], a[1][2], amount(k), cur(k), line)

POS_T = [p_ticket, p_table, p_csv, p_json, p_log, p_signature, p_form, p_crm]

def has_phone_word(t):
    tl = t.lower()
    return any(w.lower().rstrip(':.').strip() and w.lower().rstrip(':.').strip() in tl for w in ALL_PHONE_WORDS)

# ---------------------------------------------------------------- build
def build():
    negs, stats_neg, redraws = [], [], 0
    order = [CODES[i % len(CODES)] for i in range(400)]
    R.shuffle(order)
    seen = []
    seen_set = {}
    for k in order:
        while True:
            t = R.choice(NEG_T)
            text = t(k)
            if R.random() < 0.1:
                text = R.choice(L[C[k]['lang']]['hi']) + '\n' + text
            if scan(text, k) or text in seen_set or has_phone_word(text):
                redraws += 1
                continue
            break
        seen_set[text] = 1
        negs.append({'text': text, 'category': 'number_lookalike', '_k': k, '_t': t.__name__})
    pos = []
    porder = [CODES[i % len(CODES)] for i in range(200)]
    R.shuffle(porder)
    pred = 0
    for i, k in enumerate(porder):
        word = (i % 2 == 0)
        shape = R.choice(shapes_for(k))
        while True:
            ph = phone_for(k, shape)
            t = R.choice(POS_T)
            text = t(k, ph, word)
            rest = text.replace(ph, ' ')
            pd = re.sub(r'\D', '', ph)
            ok = (text.count(ph) == 1 and not scan(rest, k) and any(re.sub(r'\D', '', h) == pd for h in scan(text, k)))
            if ok and (word == has_phone_word(text)) and text not in seen_set:
                break
            pred += 1
        seen_set[text] = 1
        ctx = 'phone_number:%s:%s:%s' % (k, shape, 'with-word' if word else 'no-word')
        pos.append({'text': text, 'secrets': [{'kind': 'phone_number', 'value': ph}], 'context': ctx, '_t': t.__name__})
    R.shuffle(negs)
    R.shuffle(pos)
    return negs, pos, redraws, pred

def main():
    negs, pos, redraws, pred = build()
    # final checks
    for r in negs:
        assert not scan(r['text'], r['_k']), r
    for r in pos:
        v = r['secrets'][0]['value']
        assert v in r['text']
        k = r['context'].split(':')[1]
        d = re.sub(r'\D', '', v)
        assert phone_hit(d, v.startswith('+'), k)
    with open(os.path.join(HERE, 'dev17_negatives.jsonl'), 'w', encoding='utf-8') as f:
        for i, r in enumerate(negs, 1):
            f.write(json.dumps({'id': 'd17n-%04d' % i, 'text': r['text'], 'category': r['category']}, ensure_ascii=False) + '\n')
    with open(os.path.join(HERE, 'dev17_positives.jsonl'), 'w', encoding='utf-8') as f:
        for i, r in enumerate(pos, 1):
            f.write(json.dumps({'id': 'd17p-%04d' % i, 'text': r['text'], 'secrets': r['secrets'], 'context': r['context']}, ensure_ascii=False) + '\n')
    # stats for the README
    st = {'neg_redraws': redraws, 'pos_redraws': pred, 'countries': len(CODES), 'industries': len(INDUSTRIES)}
    cn, tn = {}, {}
    for r in negs:
        cn[r['_k']] = cn.get(r['_k'], 0) + 1
        tn[r['_t']] = tn.get(r['_t'], 0) + 1
    cp = {}
    for r in pos:
        _, k, sh, w = r['context'].split(':')
        cp.setdefault(k, {}).setdefault(sh, 0)
        cp[k][sh] += 1
        cp[k].setdefault(w, 0); cp[k][w] += 1
    lines_n = [r['text'].count('\n') + 1 for r in negs]
    lines_p = [r['text'].count('\n') + 1 for r in pos]
    tp = {}
    for r in pos:
        tp[r['_t']] = tp.get(r['_t'], 0) + 1
    st.update(neg_by_country=cn, neg_by_template=tn, pos=cp, pos_by_template=tp, neg_lines=[min(lines_n), max(lines_n)], pos_lines=[min(lines_p), max(lines_p)], industries_list=INDUSTRIES)
    with open('/tmp/d17/stats.json', 'w') as f:
        json.dump(st, f, ensure_ascii=False, indent=1, sort_keys=True)
    print('negatives', len(negs), 'positives', len(pos), 'neg redraws', redraws, 'pos redraws', pred)

if __name__ == '__main__':
    main()
