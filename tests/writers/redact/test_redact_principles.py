"""Redaction false positives fixed by principle (issue 24), each with the secret it must still
catch beside it. Examples written here, not taken from the held-out negatives."""

from __future__ import annotations

import base64
import random

import pytest

from writers.redact.redactor import Redactor


@pytest.fixture(scope="module")
def redactor() -> Redactor:
    return Redactor()


def _random_b64(rng: random.Random, head: bytes, size: int = 60) -> str:
    return base64.b64encode(head + bytes(rng.randrange(256) for _ in range(size))).decode()


def _kept(redactor: Redactor, text: str) -> bool:
    return redactor.redact(text).text == text


def test_base64_of_a_file_is_content_not_a_credential(redactor: Redactor) -> None:
    rng = random.Random(24)
    for head in (
        b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR",
        b"\xff\xd8\xff\xe0\x00\x10JFIF",
        b"%PDF-1.7\n",
    ):
        blob = _random_b64(rng, head)
        assert _kept(redactor, f'{{"image/png": "{blob}"}}'), head
    # The same length of random bytes with no file signature is still a credential.
    token = _random_b64(rng, b"\x13\x37\x42\x99")
    assert token not in redactor.redact(f'{{"session": "{token}"}}').text


def test_a_compilers_symbol_names_are_not_secrets(redactor: Redactor) -> None:
    frames = (
        "#3 0x00007f in _ZN7payroll6ledger12TaxComputer9recomputeERKNS_5EntryEb ()\n"
        "#4 0x00007f in _ZN4core3ops8function6FnOnce9call_once17h0a1b2c3d4e5f6071E ()"
    )
    assert _kept(redactor, frames)


def test_only_globally_routable_addresses_are_personal_data(
    redactor: Redactor,
) -> None:
    assert _kept(redactor, "the example in the runbook uses 198.51.100.23 as the gateway")
    assert _kept(redactor, "route 10.40.0.0/16 through the VPN")  # a network, not a host
    # Private, shared-carrier, link-local and unique-local hosts reach no one outside: kept.
    for host in ("10.40.3.17", "172.22.14.9", "192.168.1.20", "100.64.3.2", "fd12:3456::1"):
        assert _kept(redactor, f"the db host is {host} today"), host
    # A public address can point at a person's machine: redacted, also beside a private one.
    mixed = redactor.redact("the VPN maps 10.8.0.6 to 81.2.69.160 for her laptop").text
    assert "81.2.69.160" not in mixed and "10.8.0.6" in mixed
    assert "2606:4700:4700::1111" not in redactor.redact("resolver 2606:4700:4700::1111").text
    # A host written with its prefix length is still that host.
    assert "81.2.69.160" not in redactor.redact("allow 81.2.69.160/32, my home").text
    assert "81.2.69.160" not in redactor.redact("she logged in from 81.2.69.160").text


def test_a_path_separator_is_not_an_assignment(redactor: Redactor) -> None:
    assert _kept(redactor, "panic in payroll::secrets::store::read_token at src/lib.rs:42")
    assert "Zq8r" not in redactor.redact("secret: Zq8rT3vX9wLm2Pk7").text
