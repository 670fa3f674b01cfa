"""A long random run of no known form is a secret only when the text says so (issue 24's
seventh round, blob part; `writers/redact/said_secret.py`). Each test keeps a bare run and
catches the same run where a word, a key's tag or a private member says secret. The examples
are written here; none is copied from a corpus.
"""

from __future__ import annotations

import base64
import random

from tests.support.redaction_corpus import kept as _kept
from tests.support.redaction_corpus import key_b64 as _key_b64
from tests.support.redaction_corpus import random_alnum as _alnum
from tests.support.redaction_corpus import redacted_whole as _caught
from writers.redact.redactor import Redactor
from writers.redact.said_secret import glued_name_says_secret, said_secret


def test_a_bare_run_in_a_listing_or_a_log_is_kept(redactor: Redactor) -> None:
    # A fuzzy-hash listing, a web log's request-id column, a build cache's entries: nothing on
    # the line or above it says secret.
    rows = "\n".join(
        f"build-{i:02d}  768:{_key_b64(30 + i, 36).rstrip('=')}:{_alnum(40 + i, 24)}"
        for i in range(3)
    )
    assert _kept(redactor, f"fuzzy hashes of the three builds:\n```\n{rows}\n```")
    log = "\n".join(
        f"2026-03-0{i} 12:00:0{i}\tGET\t/img/{i}.png\t200\t{_key_b64(50 + i, 39)}" for i in range(3)
    )
    assert _kept(redactor, f"#Fields: date time method uri status rid\n{log}")
    # The same run where the line names a key, or under a label that says token, is caught.
    key = _key_b64(60, 39)
    assert _caught(redactor, f"2026-03-01 12:00:01\tGET\t/img/1.png\t200\tapi key {key}", key)
    assert _caught(redactor, f"Zugangstoken fürs Lager: {key}", key)
    assert _caught(redactor, f"倉庫のトークン：{key}", key)
    assert _caught(redactor, f"the kiosk's login, until Friday: {key}", key)
    # "Session" alone names a recording or a visit, not what logs one in: a session's token,
    # cookie or key is named so.
    assert _kept(redactor, f"session replay segment {key}")
    assert _caught(redactor, f"session token {key}", key)
    # Words that qualify a key are not one: an HMAC, a signing certificate's value, a private
    # repository's run are named by what they are; the key is called a key.
    assert _kept(redactor, f"HMAC of the webhook body: {key}")
    assert _caught(redactor, f"HMAC key of the webhook: {key}", key)


def test_an_id_with_a_word_tag_is_kept_and_a_key_tag_is_not(redactor: Redactor) -> None:
    # A word before the run names what it is (`clip_…`, `reel-…`); a key's tag (`sk_`, `tok_`)
    # or a vendor's key prefix (`hf_`) says key with no other word.
    body = _alnum(70, 34)
    assert _kept(redactor, f"gs://renders/clip_{body}/poster.png is the one to review")
    assert _kept(redactor, f"reel-{body} was transcoded twice")
    for tag in ("sk", "tok", "hf"):
        assert _caught(redactor, f"reel {tag}_{body} for the renders", body), tag


def test_words_about_a_secrets_life_after_it_say_secret(redactor: Redactor) -> None:
    run = _alnum(80, 40)
    assert _kept(redactor, f"the archive is {run}, one of many")
    assert _caught(redactor, f"the archive is {run}, rotate it on Friday", run)
    assert _caught(redactor, f"{run} (revoked yesterday, but still)", run)


def test_a_block_is_judged_by_its_introducing_line(redactor: Redactor) -> None:
    blob = base64.b64encode(random.Random(90).randbytes(150)).decode()
    block = "```\n" + "\n".join(blob[i : i + 64] for i in range(0, len(blob), 64)) + "\n```"
    assert _kept(redactor, f"what the sensor sent back:\n{block}")
    assert _caught(redactor, f"the sensor's pairing secret:\n{block}", blob[64:128])


def test_a_jwks_private_members_are_the_key(redactor: Redactor) -> None:
    n = base64.urlsafe_b64encode(random.Random(100).randbytes(128)).decode().rstrip("=")
    d = base64.urlsafe_b64encode(random.Random(101).randbytes(128)).decode().rstrip("=")
    assert _kept(redactor, f'{{"kty": "RSA", "e": "AQAB", "n": "{n}"}}')
    assert _caught(redactor, f'{{"kty": "RSA", "e": "AQAB", "n": "{n}", "d": "{d}"}}', d)


def test_said_secret_reads_words_not_letters() -> None:
    text = "monkey keyboard tokenizer: RUN and more"
    start = text.index("RUN")
    assert not said_secret(text, start, start + 3)
    text = "the apiKey: RUN"
    assert said_secret(text, text.index("RUN"), len(text))
    assert glued_name_says_secret("access_token=RUN") and not glued_name_says_secret("media_RUN")


def test_a_jwt_header_cut_at_forty_is_no_aws_secret_key(redactor: Redactor) -> None:
    # The first 40 characters of a token as a log prints them: base64 of `{"alg":"ES256",…`.
    head = base64.urlsafe_b64encode(b'{"alg":"ES256","kid":"').decode().rstrip("=")
    cut = (head + _alnum(110, 40))[:40]
    assert _kept(redactor, f"the access token's first 40 chars in the proxy log: {cut} (cut)")
    key = _key_b64(111, 30)[:40]
    assert _caught(redactor, f"the access token's first 40 chars in the proxy log: {key}", key)


def test_a_key_named_by_what_it_looks_up_opens_nothing(redactor: Redactor) -> None:
    run = _key_b64(120, 33)
    for label in ("cache key", "S3 object key:", "idempotency_key =", "partition key"):
        assert _kept(redactor, f"the {label} {run} again"), label
    for label in ("access key", "hash key", "Schlüssel:"):
        assert _caught(redactor, f"the {label} {run} again", run), label


def test_an_access_key_id_says_its_paragraphs_run_is_the_pairs_secret(redactor: Redactor) -> None:
    # An AWS access key id beside a run of no known form names it: the pair's secret half, on
    # the id's line, on the line after it or before it, with no other word for a secret. The
    # documentation's own id names none, and a bare run with no id beside it stays kept.
    secret = _key_b64(81, 40)[:40]
    rng = random.Random(82)
    key_id = "AKIA" + "".join(rng.choice("ABCDEFGHIJKLMNOPQRSTUVWXYZ234567") for _ in range(16))
    assert _caught(redactor, f"new pair for the runner: {key_id}:{secret}", secret)
    assert _caught(redactor, f"{key_id}\n{secret}", secret)
    assert _caught(redactor, f"{secret}\n{key_id}", secret)
    assert _kept(redactor, f"build cache entry\n{secret}")
    assert _kept(redactor, f"AKIAIOSFODNN7EXAMPLE\n{secret}")
    # A blank line ends the paragraph: an id in another one says nothing of this run.
    retired = redactor.redact(f"{key_id} was retired last year.\n\nbuild cache entry\n{secret}")
    assert key_id not in retired.text and secret in retired.text
