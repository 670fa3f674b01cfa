"""Recall, issue 24's seventeenth round (red18-recall): a connection opened with its account's
password as an argument, an address after an ASCII arrow, a phone given "at the number" and
HL7's typed telecom field. One test per principle, each beside near texts that must keep their
outcome. The examples are written here; none is copied from a development set.
"""

from __future__ import annotations

from tests.support.redaction_corpus import kept as _kept
from tests.support.redaction_corpus import redacted_whole as _caught
from writers.redact.redactor import Redactor


def test_a_connection_opened_with_its_account_gives_the_password(redactor: Redactor) -> None:
    # Every database API takes where to, the user, then the password: the third is the secret.
    text = 'c = DriverManager.getConnection("jdbc:mysql://db7:3306/crm", "crm", "Vt9#kelp-41");'
    assert _caught(redactor, text, "Vt9#kelp-41")
    text = (
        "var conn = DatabaseConnectionFactory.createDatabaseConnection(\n"
        "    'org.postgresql.Driver', 'jdbc:postgresql://pg-lab:5432/lis', 'lis', 'Harbor=77salt');"
    )
    assert _caught(redactor, text, "Harbor=77salt")
    assert _caught(
        redactor, "$db = mysqli_connect('localhost', 'shop', 'q7!Mirrow2', 'shop');", "q7!Mirrow2"
    )
    text = "$pdo = new PDO('pgsql:host=db;dbname=erp', 'erp_app', 'Lantern_93^x');"
    assert _caught(redactor, text, "Lantern_93^x")
    # A variable, a slot or an empty string is no password; nor is a call that opens nothing
    # with a user (the second argument is no host or URL).
    assert _kept(redactor, 'c = DriverManager.getConnection("jdbc:mysql://db7/crm", "crm", pw);')
    assert _kept(redactor, "mysqli_connect('localhost', 'shop', '<password>', 'shop');")
    assert _kept(redactor, "mysqli_connect('localhost', 'root', '', 'shop');")
    assert _kept(redactor, "signal.connect('clicked', 'on_save', 'Save the draft')")


def test_an_arrows_shaft_joins_no_address(redactor: Redactor) -> None:
    # `AE<-8.8.4.4:104`: a log's arrow points at the peer, its hyphen is no part of a token.
    text = "WARN Association - CT_SCAN02<-81.200.14.77:50184: A-ASSOCIATE-RJ"
    assert _caught(redactor, text, "81.200.14.77")
    assert _caught(redactor, "peer <-- 81.200.14.77 closed", "81.200.14.77")
    # A private address stays, as everywhere; a hyphen without the arrow still joins.
    assert _kept(redactor, "WARN Association - CT_SCAN02<-10.20.1.7:50184: A-ASSOCIATE-RJ")
    assert _kept(redactor, "build fw-81.200.14.77 rolled out")


def test_a_phone_given_at_the_number_is_a_phone(redactor: Redactor) -> None:
    # "contact at number …": the number word after a phone's word and a preposition is the
    # phone's own, not a record's (`pod` is Polish "at", no Kubernetes pod).
    text = "Pani Nowak prosi o kontakt pod nr 604 112 938 jutro rano."
    assert _caught(redactor, text, "604 112 938")
    text = "Der Fahrer ist erreichbar unter der Nummer 0171 4432 908."
    assert _caught(redactor, text, "0171 4432 908")
    # A record's number stays a record's, and a pod's number is the pod's.
    assert _kept(redactor, "Kontakt w sprawie: zamówienie nr 604 112 938")
    assert _kept(redactor, "restarted pod nr 604 112 938 on node 3")


def test_hl7s_telecom_type_calls_its_number_a_phone(redactor: Redactor) -> None:
    # HL7 v2's XTN field: number, use code, equipment type. `^PRN^PH` says a home telephone.
    text = "PID|1||7730012^^^HOSP^MR||OKAFOR^ADA||19880211|F|||||0952-118-407^PRN^PH\nPV1|1|O"
    assert _caught(redactor, text, "0952-118-407")
    text = "NK1|1|OKAFOR^BEN|SPO||0952-118-407^WPN^PH"
    assert _caught(redactor, text, "0952-118-407")
    # Other coded fields parted by `^` name no phone: an observation's LOINC code, its units.
    assert _kept(
        redactor, "OBX|1|NM|29463-7^Body weight^LN||78|kg\nOBX|2|NM|8302-2^Height^LN||184|cm"
    )


def test_a_long_label_that_opens_with_a_role_names_its_person(redactor: Redactor) -> None:
    # A role is read in a long label's opening words (after an article at most): the driver of
    # the Seville van is the person the number reaches.
    text = "El repartidor de la furgoneta de Sevilla: 611 402 387"
    assert _caught(redactor, text, "611 402 387")
    # Further into a long label the word no longer names whose number it is.
    assert _kept(redactor, "Ticket abierto ayer por el conductor: 611 402 387")


def test_a_contacts_label_names_each_way_listed_after_it(redactor: Redactor) -> None:
    # "contact: <e-mail>, <number>": the items of a list share its label.
    text = "Søkerens kontakt: ole.haugen7@example.no, 420 71 588"
    assert _caught(redactor, text, "420 71 588")
    # Under an invoice's label the number beside the address is no phone the label names.
    text = "Faktura: ole.haugen7@example.no, 420 71 588"
    assert [f.kind for f in redactor.redact(text).findings] == ["email"]


def test_a_password_handed_over_alone_in_a_code_block(redactor: Redactor) -> None:
    # Nothing but one code block of one value typed as a password is: the value to copy.
    assert _caught(redactor, "```\nWv7&pLm#r2Qe!\n```", "Wv7&pLm#r2Qe!")
    # A command, a setting, an expression or a value with more text around it is no such thing.
    assert _kept(redactor, "```\nmake clean\n```")
    assert _kept(redactor, "```\nx = a*B + 2\n```")
    assert _kept(redactor, "```\nMAX_RETRIES=5&BACKOFF=2\n```")
    assert _kept(redactor, "run this first\n```\nglob**/*.Tx2\n```")


def test_a_login_call_given_its_user_and_password(redactor: Redactor) -> None:
    # A call named for logging in or basic authentication takes a user, then the password.
    assert _caught(redactor, "ftp.login('scans', 'Pq7!norte22')", "Pq7!norte22")
    text = 'r = requests.get(url, auth=("svc_bi", "Tamarind&41x"))'
    assert _caught(redactor, text, "Tamarind&41x")
    assert _caught(
        redactor, 'var c = new NetworkCredential("svc_bi", "Tamarind&41x");', "Tamarind&41x"
    )
    # A variable, a slot, a phrase or a message's key is none.
    assert _kept(redactor, "ftp.login('scans', os.environ['FTP_PW'])")
    assert _kept(redactor, "ftp.login('scans', '<password>')")
    assert _kept(redactor, "login('title', 'Welcome back')")
    assert _kept(redactor, "auth('errors', 'failed_login')")
