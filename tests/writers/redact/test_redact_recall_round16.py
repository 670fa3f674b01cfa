"""Recall, issue 24's sixteenth round (red16-misc): phones in CSV cells, a form's own labels, a
version's word before a person's number, `msisdn` in a message's record, and passwords in SQL,
Redis's config and a script written without spaces. One test per principle, each beside a near
text that must keep its outcome. The examples are written here; none is copied from a
development set.
"""

from __future__ import annotations

from tests.support.redaction_corpus import kept as _kept
from tests.support.redaction_corpus import redacted_whole as _caught
from writers.redact.formats.columns import column_header
from writers.redact.redactor import Redactor


def test_a_csv_comma_ends_a_phones_cell(redactor: Redactor) -> None:
    # A row cut into its header's cells has no decimal comma outside quotes: the comma after
    # the number parts two fields, and the number is read under its column.
    text = 'ref,mobile,opened,total\nQ-118,0712 448 903,14/03/2026,"1,240.50"'
    assert _caught(redactor, text, "0712 448 903")
    text = "Client,Tel,Opened\nBoulangerie Morel,04 72 18 33 90,12/05/2024"
    assert _caught(redactor, text, "04 72 18 33 90")
    # With its country code, or a person's name in the cell, the column need not say so.
    text = "Site,Caretaker,Since\nDepot 4,+679 992 4081,2021-03-04"
    assert _caught(redactor, text, "+679 992 4081")
    text = "Site,Caretaker,Since\nDepot 4,Tevita Naulu 992 4081,2021-03-04"
    assert _caught(redactor, text, "992 4081")
    # Outside such a row a comma and digits after a number are a decimal's.
    assert _kept(redactor, "Total due: 4 72 18 33 90,12 EUR, as agreed")
    # A header names what its last word names: a phone's hash, a count of texts.
    assert _kept(redactor, "user,phone_hash,seen\nu-81,0712 448 903,2026-03-14")


def test_a_forms_label_line_is_no_aligned_tables_row(redactor: Redactor) -> None:
    # `Label:   value` lines are fields, each named by its own label, not a table aligned with
    # spaces whose first line would be the header of the columns below.
    text = (
        "Invoice:             INV 2026-44120\n"
        "Plot:                118/20 311 4409\n"
        "Telefon:             0049 30 4471 2208\n"
    )
    assert column_header(text, text.index("0049")) is None
    assert _caught(redactor, text, "0049 30 4471 2208")
    table = "name      code\nalpha     4471\nbeta      2208\n"
    assert column_header(table, table.index("4471")) == "code"


def test_a_versions_word_names_no_number_written_as_a_phone(redactor: Redactor) -> None:
    # `Driver` names a version (`driver 535.183.01`) and a person: a number with its `+`
    # country code or groups parted by spaces is written as no version is.
    text = "Depot: Leeds\nDriver:              +44 (0)113 496 0721\nLoad: 14 pallets"
    assert _caught(redactor, text, "+44 (0)113 496 0721")
    assert _kept(redactor, "Driver Version          : 535.183.01")
    assert _kept(redactor, "nvidia driver 550.54.14 on the build host")


def test_mob_with_its_dot_is_a_mobile(redactor: Redactor) -> None:
    text = "Kontaktperson: Sigrid Lunde mob. 918 44 230\nHilsen"
    assert _caught(redactor, text, "918 44 230")
    # Without its dot `mob` is a crowd's word.
    assert _kept(redactor, "flash mob of 918 44 230 people")


def test_msisdn_in_a_messages_record(redactor: Redactor) -> None:
    # The subscriber's number as a mobile network names it in an SMS's or a USSD session's
    # record.
    text = "ussd sid=7f2c msisdn=+254 722 418 903 input=*144# state=CON"
    assert _caught(redactor, text, "+254 722 418 903")
    text = '{"type": "sms", "msisdn": "0722418903", "status": "DELIVRD"}'
    assert _caught(redactor, text, "0722418903")
    # The same key in a record of something else is judged as before.
    assert _kept(redactor, '{"job": "export", "msisdn": "0722418903", "rows": 4}')


def test_a_roles_password_in_sql(redactor: Redactor) -> None:
    # PostgreSQL sets a role's password as the statement's string literal, as MySQL's
    # `IDENTIFIED BY '…'` does: whatever its shape.
    text = "CREATE ROLE reporting LOGIN PASSWORD 'mango.river.lantern';"
    assert _caught(redactor, text, "mango.river.lantern")
    text = "ALTER USER app_rw WITH ENCRYPTED PASSWORD 'kopi_susu_pagi';"
    assert _caught(redactor, text, "kopi_susu_pagi")
    # No literal (`PASSWORD NULL`), no password.
    assert _kept(redactor, "ALTER ROLE reporting PASSWORD NULL;")


def test_redis_masterauth(redactor: Redactor) -> None:
    # A replica's password for its master, in Redis's config (and KeyDB's, Valkey's).
    text = "replicaof 10.4.0.12 6379\nmasterauth Vq7!rTm2Lp\nport 6379"
    assert _caught(redactor, text, "Vq7!rTm2Lp")
    text = "port 6379\nmasterauth amber_falcon_meadow"
    assert _caught(redactor, text, "amber_falcon_meadow")
    assert _kept(redactor, "we never set masterauth on the staging replica")


def test_a_directives_value_in_a_script_without_spaces(redactor: Redactor) -> None:
    # On a directive's line nothing but the value follows the noun, in whatever script.
    text = "port 6379\nrequirepass ひまわり2031!"
    assert _caught(redactor, text, "ひまわり2031!")
    text = "login: deploy\npassword 上海外滩2031"
    assert _caught(redactor, text, "上海外滩2031")
    # A word alone (no digit, no symbol) is no password as people make them; prose is no
    # directive line.
    assert _kept(redactor, "port 6379\nrequirepass ひまわり")
    assert _kept(redactor, "password 上海外滩2031 是什么意思")


def test_a_number_labelled_by_a_persons_role(redactor: Redactor) -> None:
    # A form or a table gives a person by their role: the number in that person's field,
    # written as a plan writes a phone, is how to reach them.
    text = "PO:            0132 409 622\nInstaller:     0412 339 871\n"
    assert _caught(redactor, text, "0412 339 871")
    text = "Obra: Lisboa norte\nMestre de obras: 912 447 308\n"
    assert _caught(redactor, text, "912 447 308")
    rows = 'ref,capocantiere,date,total\nR-12,0331 448 2210,04/05/2026,"1.204,50"'
    assert _caught(redactor, rows, "0331 448 2210")
    # The thing a business numbers wins over a person beside it; a role word further back on
    # the line labels no number after another label.
    assert _kept(redactor, "PO:            0132 409 622\nInstaller:     n/a\n")
    assert _kept(redactor, "Installer ref 7, invoice: 0412 339 871")
