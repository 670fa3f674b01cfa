"""Forms of harmless text that tripped a rule in issue 24's fourth round (development sets 9 and
10), one test per principle, each beside the real secret or number of the same form that must
still be caught. Every harmless example here was redacted by the rules before this round; the
examples are written here, none is copied from a corpus.
"""

from __future__ import annotations

from tests.support.redaction_corpus import kept as _kept
from tests.support.redaction_corpus import redacted_whole as _caught
from writers.redact.redactor import Redactor

# ---------------------------------------------------------------- numbers


def test_a_number_in_a_table_column_is_named_by_its_header(redactor: Redactor) -> None:
    table = " {} | amount\n--------------+-------\n 303-555-0142 | 12.50\n 303-555-0177 | 9.00"
    assert _kept(redactor, table.format("invoice_no  "))
    assert _kept(redactor, table.format("tracking #  "))
    # The same column headed as a phone's holds phone numbers.
    assert _caught(redactor, table.format("phone       "), "303-555-0142")
    assert _caught(redactor, table.format("contact     "), "303-555-0177")
    # Cut by commas (CSV), tabs (TSV) or aligned with spaces (a data frame), the same.
    for sep in (",", "\t"):
        rows = ["order_id", "created", "total"], ["98901537899", "2026-05-04", "485.79"]
        assert _kept(redactor, "\n".join(sep.join(r) for r in rows)), sep
        rows = ["name", "phone", "plan"], ["Ada", "+44 20 7946 0321", "pro"]
        assert _caught(redactor, "\n".join(sep.join(r) for r in rows), "+44 20 7946 0321")
    frame = "      {}   created_at\n0  98901537899  2026-05-04\n1  86852237855  2026-08-11"
    assert _kept(redactor, frame.format("order_id   "))
    frame = "   name   {}   plan\n0  Ada    +44 20 7946 0321   pro"
    assert _caught(redactor, frame.format("phone          "), "+44 20 7946 0321")


def test_a_quote_around_a_number_does_not_change_what_names_it(redactor: Redactor) -> None:
    assert _kept(redactor, 'order "303-555-0142" shipped')
    assert _kept(redactor, "Bestellnummer `303-555-0142` fehlt")
    assert _caught(redactor, "call me on `303-555-0142` tonight", "303-555-0142")
    assert _caught(redactor, 'her number is "303-555-0142"', "303-555-0142")


def test_a_transport_documents_number_is_that_document(redactor: Redactor) -> None:
    assert _kept(redactor, "air waybill 020-28613244, 3 pcs, 41.5 kg")
    assert _kept(redactor, "Luftfrachtbrief 030-28613244, 12 Colli")
    # A phone word, or a person, before the same digits: a phone.
    assert _caught(redactor, "Tel. 030-28613244, 12 Uhr", "030-28613244")
    assert _caught(redactor, "the courier's number: 020-28613244", "020-28613244")


def test_a_noun_before_number_names_what_the_number_is_of(redactor: Redactor) -> None:
    # Not one noun in a list: any noun before "number", "no.", "#", "n°" (claim, policy, seal,
    # warranty, dossier…) names its own number…
    for text in (
        "claim number 303-555-0142 was approved",
        "policy no. 0612 345 678 renews in May",
        "seal number 303-555-0142 broken on arrival",
        "warranty number 415-555-0134, valid until 2027",
        "dossier n° 0612 345 678 en cours",
    ):
        assert _kept(redactor, text), text
    # …unless it is a phone, a way or a time to reach someone, a person's (possessive), a
    # personal id, a card or an account, or a word that only qualifies the number.
    for words in (
        "callback number",
        "after-hours number",
        "the plumber's number",
        "her new number",
        "emergency contact number",
        "fax #",
    ):
        assert _caught(redactor, f"{words} 415-555-0134", "415-555-0134"), words
    assert _caught(redactor, "social security number 123-45-6789", "123-45-6789")
    assert _caught(redactor, "card number 4111 1111 1111 1111", "4111 1111 1111 1111")
    # With its `+` country code a number is a phone whatever names it.
    assert _caught(redactor, "claim number +1 415-555-0134", "+1 415-555-0134")


def test_digits_after_a_named_path_segment_are_the_next_segment(redactor: Redactor) -> None:
    assert _kept(redactor, "gid://shop/Product/805979998169")
    assert _kept(redactor, "GET /api/orders/842428765391 404")
    # A German area code written with a slash is still a phone number, and so is an id number
    # that stands alone.
    assert _caught(redactor, "Tel. 030/1234567", "030/1234567")
    assert _caught(redactor, "Aadhaar 8059 7999 8169", "8059 7999 8169")


def test_a_phone_number_is_redacted_whole_with_its_country_code(redactor: Redactor) -> None:
    # `phonenumbers` reads only the tail of a number that is not valid for its region; the
    # country and area codes before it are part of the same number.
    for text, number in (
        ('"phone": "+31 6 75123456",', "+31 6 75123456"),
        ("mobile +31 6 75123456", "+31 6 75123456"),
    ):
        assert _caught(redactor, text, number), text
    # A column break ends a number: the phone and the next column are read apart, each whole.
    row = "812   ada@mail.example.org   +49 160 68430022   038-46-9688"
    assert _caught(redactor, row, "+49 160 68430022")
    assert _caught(redactor, row, "038-46-9688")
    # What is not a number's head stays: a version before a space, a sum.
    assert _kept(redactor, "v2 +1 3 more")


def test_an_ipv6_address_outside_global_unicast_is_not_personal_data(redactor: Redactor) -> None:
    # Sequencer quality strings, hex noise: `::f`, `f::` parse as IPv6 but lie in reserved space.
    assert _kept(redactor, "quality ,F:F#::F,FF#F")
    assert _kept(redactor, "Ff:#F,F::,#F")
    assert _caught(redactor, "client 2a03:2880:f10c:83:face:b00c:0:25de", "2a03:2880:f10c:83")
    # An IPv4-mapped address is judged by its IPv4 host.
    assert _caught(redactor, "client ::ffff:8.8.4.4 connected", "8.8.4.4")
    assert _kept(redactor, "client ::ffff:10.0.0.7 connected")


# ---------------------------------------------------------------- code, not values


def test_a_parameter_and_its_type_are_code(redactor: Redactor) -> None:
    for text in (
        "export function rotate(signingKey: KeyMaterial, password: SecretBytes): Unit {}",
        "fun seal(privateToken: TokenBox): Sealed = TODO()",
        "func renew(_ bearerToken: SessionToken) -> AuthSession",
        "private val signingKey: KeyMaterial",
        "let password: SecretBytes = try vault.read()",
        "pub fn new(password: Secret<String>, token: Option<AccessToken>) -> Self {",
        "interface Auth { password: PasswordHash; refreshToken: RefreshToken }",
        "constructor(private readonly apiKey: ApiKeyService) {}",
        "  @Param('token') token: ResetTokenDto,",
    ):
        assert _kept(redactor, text), text
    # A value in quotes is a value, in a call as anywhere; prose is not a parameter list.
    assert _caught(redactor, 'login(password: "Xq7Zr2pLm9")', "Xq7Zr2pLm9")
    assert _caught(redactor, "the wifi password: SunnyMeadow42", "SunnyMeadow42")
    assert _caught(redactor, "the wifi password: SunnyMeadow", "SunnyMeadow")
    assert _caught(redactor, "creds for staging (password: SunnyMeadow42)", "SunnyMeadow42")


def test_a_reference_pinned_by_its_digest_is_a_digest(redactor: Redactor) -> None:
    digest = "9f2c6b1e0d4a7c3b8e5f1a2d6c9b0e3f7a4d8c1b5e2f9a6d3c0b7e4a1f8d5c2b"
    assert _kept(redactor, f"pin `image: registry.internal/app@sha256:{digest}`")
    assert _kept(redactor, f"the token: registry.internal/app@sha256:{digest}")
    assert _caught(redactor, "the token: registry.internal/Xq7rT2pLm9zKw3", "Xq7rT2pLm9zKw3")


def test_a_label_that_opens_a_code_span_is_not_prose(redactor: Redactor) -> None:
    # "pin `image: …`": the colon is inside code that the label opened.
    assert _kept(redactor, "pin `image: ghcr.io/acme/api:v2.4.1-rc3`")
    # Words in prose before the colon, or a code span closed before it, still name a secret.
    assert _caught(redactor, "pin for the side door: 4471-Xq7z", "4471-Xq7z")
    assert _caught(redactor, "password `svc`: Xq7!rT2pLm", "Xq7!rT2pLm")


def test_a_pgpass_line_has_no_bare_colon_in_a_field(redactor: Redactor) -> None:
    # A sequencer's read name has seven colon-joined fields; `.pgpass` escapes a colon as `\:`.
    assert _kept(redactor, "@A00123:88:HXYZ2DSX3:2:1101:10203:1000")
    assert _caught(redactor, "db.internal:5432:app:svc:Xq7!rT2pLm9z", "Xq7!rT2pLm9z")
    assert _caught(redactor, "db.internal:5432:app:svc:Xq7\\:rT2pLm9z", "Xq7\\:rT2pLm9z")


def test_a_run_glued_to_an_underscore_is_part_of_an_identifier(redactor: Redactor) -> None:
    asan = (
        "ERROR: AddressSanitizer: heap-use-after-free in the token cache\n"
        "    #0 0x4f2a10 in _ZN2db11VaultClient14fetchPasswordERKNSt3__112basic_stringIcEE"
    )
    assert _kept(redactor, asan)
    key = "wJalrXUtnFEMIK7MDENGbPxRfiCYzq8Lw2Tv0p9s"
    assert _caught(redactor, f"aws_secret_access_key = {key}", key)
    assert _caught(redactor, f"the AWS secret is {key}_ (trailing underscore mine)", key)


# ---------------------------------------------------------------- blobs and references


def test_a_name_of_words_with_a_hex_digest_is_a_named_digest(redactor: Redactor) -> None:
    digest = "3f1a9c0e7b2d4f6a8c1e3b5d7f9a0c2e4b6d8f1a3c5e7b9d0f2a4c6e8b1d3f5a"
    assert _kept(redactor, f"cache key `node-modules-Linux-x64-{digest}` missed")
    assert _kept(redactor, f"restored gradle-cache-macOS-arm64-{digest}")
    # A short prefix then the hex run, with or without a version tag: a key's shape.
    assert _caught(redactor, f"MAILGUN=key-{digest[:32]}", f"key-{digest[:32]}")
    assert _caught(redactor, f"doctl auth init -t dop_v1_{digest}", f"dop_v1_{digest}")
    # Two random runs after a short prefix are a key's id and its secret, not a name.
    postman = f"PMAK-64f1c0e9a2b7d3e58c4f0a19-{digest[:34]}"
    assert _caught(redactor, f"POSTMAN_API_KEY={postman}", postman)
    # A name that says what the hex is: a token.
    assert _caught(redactor, f"here: deploy-token-prod-{digest[:40]}", digest[:40])


def test_a_secret_managers_reference_of_words_is_a_reference(redactor: Redactor) -> None:
    assert _kept(redactor, 'DB_PASSWORD="op://Engineering/Redis Staging/password"')
    assert _kept(redactor, "api_key: vault://secret/data/billing#api_key")
    assert _kept(
        redactor, 'DB_PASSWORD="gcpsm://projects/771234560012/secrets/db-password/versions/3"'
    )
    # A random run in the reference, or a password before an `@`, is a secret.
    assert _caught(redactor, 'DB_PASSWORD="vault://Xq7rT2pLm9zKw3"', "Xq7rT2pLm9zKw3")
    # Lowercase letters mixed with digits are no word: `3xk9pq2` is a random run.
    assert _caught(redactor, 'password: "ftp://files/backup/3xk9pq2"', "3xk9pq2")
    assert _caught(redactor, 'DB_PASSWORD="postgres://app:Xq7rT2pLm9z@db/app"', "Xq7rT2pLm9z")
