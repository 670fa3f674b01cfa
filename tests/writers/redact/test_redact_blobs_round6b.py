"""Long random-looking runs that a name, a checksum or a file's layout shows to be public
(issue 24's sixth round, second pass; the principles chosen on development sets 23-26). One
test per principle, each beside a credential of the same form that must still be caught. The
examples are written here; none is copied from a corpus.
"""

from __future__ import annotations

import base64
import hashlib
import json
import random
import zlib

from tests.support.redaction_corpus import kept as _kept
from tests.support.redaction_corpus import key_b64 as _key_b64
from tests.support.redaction_corpus import random_alnum as _alnum
from tests.support.redaction_corpus import redacted_whole as _caught
from writers.redact.redactor import Redactor


def test_an_xml_element_names_its_content_as_a_key_does(redactor: Redactor) -> None:
    # A SAML response's signature block: the digest and the signature are public by their
    # elements' names, inline and as a block of base64 lines under the opening tag.
    digest, sig = _key_b64(1, 32), _key_b64(2, 256)
    lines = "\n".join(sig[i : i + 64] for i in range(0, len(sig), 64))
    saml = (
        'Die Antwort des IdP, zum Vergleich:\n<Reference URI="#_a1">\n'
        f"  <DigestValue>{digest}</DigestValue>\n</Reference>\n"
        f'<SignatureValue Id="sig-1">\n{lines}\n</SignatureValue>'
    )
    assert _kept(redactor, saml)
    assert _kept(redactor, f"<sig:checksumHex>{_key_b64(3, 40)}</sig:checksumHex>")
    # An element named for a secret keeps its content a candidate, inline or as a block.
    key = _key_b64(4, 48)
    assert _caught(redactor, f"<ClientSecretValue>{key}</ClientSecretValue>", key)
    assert _caught(redactor, f"<SharedKeyValue>\n{key}\n</SharedKeyValue>", key)
    assert _caught(redactor, f"<SessionId>{key}</SessionId>", key)


def test_a_party_is_named_by_its_public_key(redactor: Redactor) -> None:
    # `wg show`-like status and an age recipients list: a peer, a recipient is a public key.
    peers = [_key_b64(10 + i, 32) for i in range(3)]
    status = "interface: tun-paris\n  private key: (hidden)\n\n" + "\n\n".join(
        f"peer: {p}\n  endpoint: 198.51.100.{7 + i}:51820\n  allowed ips: 10.9.{i}.0/24"
        for i, p in enumerate(peers)
    )
    assert _kept(redactor, status)
    assert _kept(redactor, f"recipient = {_key_b64(20, 32)}")
    # The interface's own key, shown, is still a key.
    own = _key_b64(21, 32)
    assert _caught(redactor, f"interface: tun-paris\n  private key: {own}\n", own)


def test_a_click_id_and_a_name_glued_to_its_value_label_it(redactor: Redactor) -> None:
    # Ad click ids, however the vendor spells them, and an id named right before `=`.
    rng = random.Random(7)
    for name in ("gclid", "msclkid", "ttclid", "irclickid"):
        raw = bytes(rng.getrandbits(8) for _ in range(48))
        value = base64.urlsafe_b64encode(raw).decode().rstrip("=")
        assert _kept(redactor, f"https://shop.example.org/lp?utm_source=x&{name}={value}")
    assert _kept(redactor, f"Fehler: QuotaError trace_id={_alnum(40, 34)} bitte prüfen")
    # A secret's name glued to its value is no id: `session_id=` opens a session.
    sess = _alnum(41, 40)
    assert _caught(redactor, f"curl https://api.example.org/x?session_id={sess}", sess)
    tok = _alnum(42, 40)
    assert _caught(redactor, f"https://api.example.org/cb?access_token={tok}", tok)


def test_the_members_of_a_pagination_object_are_positions(redactor: Redactor) -> None:
    before, after = _alnum(50, 72), _alnum(51, 80)
    page = {"items": [], "pagination": {"start": before, "end": after}}
    assert _kept(redactor, "Seite 2 der Liste:\n" + json.dumps(page, indent=1))
    assert _kept(redactor, f'{{"cursors": {{"before": "{before}", "after": "{after}"}}}}')
    # The same names outside a pagination object say nothing.
    assert _caught(redactor, f'{{"auth": {{"before": "{before}"}}}}', before)


def test_a_chunk_printed_with_its_crc32_is_a_transfers_payload(redactor: Redactor) -> None:
    rng = random.Random(60)
    chunk = bytes(rng.getrandbits(8) for _ in range(96))
    data = base64.b64encode(chunk).decode()
    crc = zlib.crc32(chunk)
    assert _kept(redactor, f'upload part 7: {{"data": "{data}", "crc": "0x{crc:08x}"}}')
    assert _kept(redactor, f"bloc 12 ({len(chunk)} o) {data} crc32={crc:08X}")
    # A key beside a hex number that is not its checksum stays a key.
    assert _caught(redactor, f'{{"token": "{data}", "crc": "0x{crc ^ 1:08x}"}}', data)


def test_an_asset_named_for_its_pixel_density_is_no_mailbox(redactor: Redactor) -> None:
    assert _kept(redactor, "purge these: /static/img/hero@2x.9f3c1a.webp and icon@3x.png")
    assert _kept(redactor, "Retina-Variante: sprites/arrow@1.5x.svg")
    found = redactor.redact("écris à marie.dupont@lumen.fr ou hero@2x.design")
    assert [f.kind for f in found.findings] == ["email", "email"]


def test_a_password_hash_named_by_its_scheme_is_a_hash(redactor: Redactor) -> None:
    # What a system stores so as never to store the password: an LDAP `{SSHA256}` entry, a
    # Django hash, FortiOS's `ENC SH2…` (SHA-256 of a 12-byte salt and the password).
    rng = random.Random(70)
    salt = bytes(rng.getrandbits(8) for _ in range(12))
    ssha = base64.b64encode(hashlib.sha256(b"pw" + salt).digest() + salt).decode()
    sh2 = base64.b64encode(salt + hashlib.sha256(salt + b"pw").digest()).decode()
    assert _kept(redactor, f"dn: uid=ops,ou=svc\nuserPassword: {{SSHA256}}{ssha}")
    assert _kept(redactor, f"config system admin\n    edit ops\n        set password ENC SH2{sh2}")
    # Base64 holds `/`: a hash with one is judged whole, not up to its first `/`.
    hashes = []
    for n in range(6):
        salt = bytes(rng.getrandbits(8) for _ in range(12))
        hashes.append(base64.b64encode(salt + hashlib.sha256(salt + b"pw%d" % n).digest()).decode())
        assert _kept(redactor, f"set password ENC SH2{hashes[-1]}"), hashes[-1]
    assert any("/" in h for h in hashes)
    # A value FortiOS encrypts reversibly (`ENC` with no hash scheme) is still a secret.
    enc = _key_b64(71, 64)
    assert _caught(redactor, f"    set password ENC {enc}", enc)


def test_a_licence_servers_port_at_host_is_no_mailbox(redactor: Redactor) -> None:
    assert _kept(redactor, "Lizenzserver umgestellt: 1717@flex-eda.intern.firma.de")
    assert _kept(redactor, "servidores redundantes 27000@lic-a.lab;27000@lic-b.lab;27000@lic-c.lab")
    # A mailbox whose name is digits, with no licence in sight, is a mailbox.
    found = redactor.redact("mande para 27000@lumen.fr amanhã")
    assert [f.kind for f in found.findings] == ["email"]


def test_a_query_projections_alias_keeps_its_fields_meaning(redactor: Redactor) -> None:
    # The command names its output: `V` is the object's VersionId, `rev` a revision id.
    v, k = _alnum(80, 32), _alnum(81, 40)
    listing = (
        "$ aws s3api list-object-versions --bucket b --query 'Versions[0].{K:Key,V:VersionId}'\n"
        f'{{\n  "K": "a.txt",\n  "V": "{v}"\n}}'
    )
    assert _kept(redactor, listing)
    # An alias for a secret's field is that secret.
    out = f'jq \'{{rev: .revisionId, s: .secretKey}}\' out.json\n{{"rev": "{v}", "s": "{k}"}}'
    assert _caught(redactor, out, k)
    assert not _caught(redactor, out, v)
