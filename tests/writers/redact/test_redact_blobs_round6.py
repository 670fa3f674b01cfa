"""Long random-looking runs that are data, digests or object ids (issue 24's sixth round; the
principles chosen on development sets 16-19). One test per principle, each beside a credential
of the same form that must still be caught. The examples are written here; none is copied from
a corpus.
"""

from __future__ import annotations

import base64
import random
import struct
import zlib

from tests.support.redaction_corpus import kept as _kept
from tests.support.redaction_corpus import key_b64 as _key_b64
from tests.support.redaction_corpus import random_alnum as _alnum
from tests.support.redaction_corpus import redacted_whole as _caught
from writers.redact.context.machine_made import counted_names
from writers.redact.redactor import Redactor
from writers.redact.structure import numeric_array


def test_a_zlib_stream_is_a_files_bytes(redactor: Redactor) -> None:
    # Compressed bytes open with zlib's two header bytes (`x\x9c`, `eJ…` in base64), whatever
    # they hold: a label printer's graphic, a git object, a PDF stream.
    rng = random.Random(5)
    bitmap = bytes(rng.choice((0, 0, 0, 255, 17)) for _ in range(400))
    for level in (1, 6, 9):
        packed = base64.b64encode(zlib.compress(bitmap, level)).decode()
        assert _kept(redactor, f"Etikettendrucker, Feld 7: `{packed}` (Z64-Grafik)")
    assert _kept(redactor, f"git cat-file dump of the loose object: {packed[:120]}")
    # A key in base64 is random bytes from its first one, and stays a key.
    key = _key_b64(11, 48)
    assert not key.startswith("eJ")
    assert _caught(redactor, f"Feld 8 (Token): `{key}`", key)


def test_an_array_of_floating_point_numbers_is_data(redactor: Redactor) -> None:
    # An embedding's components, a sensor's readings and coordinates, packed as float32 and
    # float64 (random measurements: round numbers would be caught by other rules already).
    rng = random.Random(3)
    embedding = struct.pack("<24f", *(rng.gauss(0, 0.08) for _ in range(24)))
    readings = struct.pack("<8d", *(rng.uniform(15, 40) for _ in range(8)))
    coords = struct.pack("<16f", *(rng.uniform(-180, 180) for _ in range(16)))
    emb, temps = base64.b64encode(embedding).decode(), base64.b64encode(readings).decode()
    assert numeric_array(embedding) and numeric_array(readings)
    assert _kept(redactor, f'const v = Float32Array.from(atob("{emb}"), c => c.charCodeAt(0));')
    assert _kept(redactor, f'{{"sensor": "greenhouse-3", "series": "{temps}"}}')
    assert _kept(redactor, f"vecteur de la requête : {emb}")
    assert _kept(redactor, f"track = {base64.b64encode(coords).decode()!r}")
    # Random bytes read as numbers land far outside everyday magnitudes: a key is no array.
    key = _key_b64(23, 48)
    assert not numeric_array(base64.b64decode(key))
    assert _caught(redactor, f'const apiKey = "{key}";', key)


def test_a_percent_escape_is_one_character_of_a_url(redactor: Redactor) -> None:
    # `filter%5Bcursor%5D=` is `filter[cursor]=`: the run after it is the cursor, base64 of a
    # JSON position, and no run starts at the escape's hex digits.
    cursor = base64.urlsafe_b64encode(b'{"sort":"-created","last":"a81Kq0Zr"}').decode()
    url = f"https://crm.example.org/api/contacts?filter%5Bcursor%5D={cursor.rstrip('=')}&n=50"
    assert _kept(redactor, f"la page suivante : {url}")
    # A token after an escaped `=` is still a token, and redacted.
    token = _alnum(31, 40)
    link = f"https://app.example.org/login?next=%2Fcallback%3Faccess_token%3D{token}"
    assert _caught(redactor, f"he pasted {link}", token)


def test_length_prefixed_names_are_a_compilers_symbol(redactor: Redactor) -> None:
    # Swift and Itanium C++ write each name after its length: `7Billing12SecretsVault`.
    swift = "s7Billing12SecretsVaultC10unsealKeysyyYaKF"[:40]
    assert len(swift) == 40 and counted_names(swift)
    assert _kept(redactor, f"crash in `${swift}`, the key rotation path")
    itanium = "ZN6crypto13KeyDerivation8expandToEmPKh"
    assert counted_names(itanium)
    # Random runs almost never count their own names: a 40-character AWS secret near its words
    # is still one.
    secret = _key_b64(41, 30)
    assert len(secret) == 40 and not counted_names(secret)
    assert _caught(redactor, f"aws secret for the crash uploader: {secret}", secret)


def test_the_rows_of_a_listing_introduced_as_digests_are_digests(redactor: Redactor) -> None:
    rng = random.Random(7)
    rows = "\n".join(
        f"shard-{i:02d}\tB3.{base64.urlsafe_b64encode(rng.randbytes(24)).decode()}"
        for i in range(4)
    )
    assert _kept(redactor, f"blake3 digests per shard, for the restore check:\n```\n{rows}\n```")
    assert _kept(redactor, f"Prüfsummen der Shards:\n\n{rows}")
    # A row that names a secret is not a digest, and prose between the introduction and the
    # value ends the listing.
    token = "B3." + _alnum(51, 32)
    assert _caught(
        redactor, f"blake3 digests per shard:\n```\n{rows}\nDEPLOY_TOKEN\t{token}\n```", token
    )
    assert _caught(
        redactor, f"blake3 digests per shard:\n{rows}\nand the token you asked for\n{token}", token
    )


def test_a_tag_that_abbreviates_its_label_is_an_object_id(redactor: Redactor) -> None:
    sub, inv, dp, si = (_alnum(s, 28) for s in (61, 62, 63, 64))
    record = f'{{"subscription": "sub_{sub}", "latest_invoice": "in_{inv}", "status": "active"}}'
    assert _kept(redactor, record)
    table = (
        f"| dispute | setup_intent | opened |\n|---|---|---|\n| dp_{dp} | si_{si} | 2026-03-02 |"
    )
    assert _kept(redactor, table)
    assert _kept(redactor, f"la disputa dp_{dp} está cerrada")
    # A tag that does not abbreviate the label, a label that names a secret, or a body as long
    # as a key's keeps the value a candidate.
    key = _alnum(65, 28)
    assert _caught(redactor, f'{{"stripe": "sk_{key}"}}', key)
    assert _caught(redactor, f'{{"session_secret": "se_{key}"}}', key)
    assert _caught(redactor, f"le jeton du litige : dp_{key}", key)
    long_key = _alnum(66, 34)
    assert _caught(redactor, f'{{"hugging_face": "hf_{long_key}"}}', long_key)


def test_an_object_noun_before_a_random_body_names_an_object(redactor: Redactor) -> None:
    body = _alnum(71, 24)
    assert _kept(redactor, f"the eval results are in file-{body}, the run in batch_{body}")
    # A prefix that is no object's noun, before a random body, is still a key's shape.
    assert _caught(redactor, f"use tok-{body}{body[:8]} for the webhook", body)
