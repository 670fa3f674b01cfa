"""Issue 24's seventeenth round, tokens (red18-tok): look-alikes of API tokens kept by principle —
a name of words and versions before a whole digest is a content-addressed name; a weak ETag's
label is read through an escaped quote; a key named published (a site's, a public one) is public
wherever it is read; a value that names itself public (`pk.`), a digest (`sha256/…`) or is base64
of a JSON object naming no secret is no secret after a secret's word; a Sentry DSN's public key
and a search-only key are shipped to every client; a foreign name's property head (its expiry)
holds no secret; a checksummed id's digits under a noun of a business's books are that record's
number. Each beside a near text whose secret is still caught. Texts of my own, written from the
principle.
"""

from __future__ import annotations

import pytest

from tests.support.redaction_corpus import kept as _kept
from tests.support.redaction_corpus import redacted_whole as _caught
from writers.redact.redactor import Redactor

_SHA256 = "8b0e7153bf7c3706d85c524e440066559a6656c90bd5482a90a29b9fa5ff5180"
_SHA1 = "bc0dbc0e15637ebb8e3b91d26ab4a829a95249f5"
_RANDOM40 = "dS0gprzWWRpWv81aW71L33scX9VhJhKM1X72eSsF"


@pytest.mark.parametrize(
    "text",
    [
        # A tool, a runner's OS and its version, then the digest of the lockfile: a cache key.
        f"restore key: yarn-debian-12-{_SHA256}",
        f"CACHE_KEY_PREFIX=npm-windows-2022-{_SHA256}",
        # One tool's name before a whole SHA-1 or SHA-256 digest.
        f'"cacheKey": "cargo-{_SHA1}"',
        f"X-Cache-Key: bazel-{_SHA256}",
        # A weak ETag in a JSON log line, its quotes escaped inside the string.
        '{"svc": "auth-proxy", "msg": "token cache hit", "etag": "W/\\"5d1e-v-'
        + _RANDOM40[:28]
        + '\\""}',
        # A key named for a site (written into its pages) or as public.
        f'const captcha = {{ hcaptchaSiteKey: "{_RANDOM40}" }}',
        # After a secret's word: a value that calls itself public, or a digest, or a cursor.
        "mapbox access token: `pk.eyJ1IjoibWFwcy10ZWFtIiwiYSI6ImNrOXgydiJ9.Zq8Lw3Rt7Yx2Bn5Mk9Pd`",
        '"pin sha256": "sha256/XPdjEtTus8IkaHm/ALPPjtE6vxKaMJetlrRC1tG970g="',
        "next page token = eyJwYWdlIjo3LCJyZWdpb24iOiJldS0yIiwiYWZ0ZXIiOjkwNDIxfQ",
        # A Sentry DSN's public key, the user of its URL.
        "SENTRY_DSN=https://c41f09d2a7b35e6810f4c9d2b7a3e5f1@o448812.ingest.sentry.io/5520931",
        # A search-only key, shipped in the page with the search box.
        '{"algolia_app_id": "Q7XK2M9WLP", '
        '"algolia_search_only_api_key": "9c0e5d7b3a1f2e4ca8f3c9e1d2b74f6a"}',
        # A name whose head (first, in Spanish) is the password's expiry.
        '{"expiracion_contrasena": "31.12.2026"}',
        # A checksummed id's digits under a noun of a business's books.
        '{"customer_account": "2345 6789 0124", "currency": "INR"}',
        "Chantier: 398-2597919\nDevis: 2026-118",
    ],
)
def test_a_look_alike_is_kept(redactor: Redactor, text: str) -> None:
    assert _kept(redactor, text), redactor.redact(text).text


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        # A vendor's short tag, a version tag or a secret's word before hex: a token.
        (f"DO_TOKEN=dop_v1_{_SHA256}", f"dop_v1_{_SHA256}"),
        (f"pulumi login with pul-{_SHA1}", f"pul-{_SHA1}"),
        (f"deploy-token-prod-{_SHA1}", f"deploy-token-prod-{_SHA1}"),
        # The other half of a site's pair is its secret.
        (f'recaptchaSecretKey: "{_RANDOM40}"', _RANDOM40),
        # A secret token after its word; base64 of JSON that holds a token's field.
        (
            "mapbox secret token: sk.eyJ1IjoibWFwcy10ZWFtIiwiYSI6ImNrOXgydiJ9.Zq8Lw3Rt7Yx2Bn5Mk9Pd",
            "sk.eyJ1IjoibWFwcy10ZWFtIiwiYSI6ImNrOXgydiJ9.Zq8Lw3Rt7Yx2Bn5Mk9Pd",
        ),
        (
            "session token: eyJhY2Nlc3NfdG9rZW4iOiJsY25wTE93ckxvdENlT0tENUlIVSJ9",
            "eyJhY2Nlc3NfdG9rZW4iOiJsY25wTE93ckxvdENlT0tENUlIVSJ9",
        ),
        # A DSN's secret half; an admin key; a password.
        (
            "dsn: https://c41f09d2a7b35e6810f4c9d2b7a3e5f1:9b2e7d4c1a8f6e3b5d0c9a7f2e4b6d8c"
            "@o448812.ingest.sentry.io/5520931",
            "9b2e7d4c1a8f6e3b5d0c9a7f2e4b6d8c",
        ),
        (
            '"algoliaAdminKey": "9c0e5d7b3a1f2e4ca8f3c9e1d2b74f6a"',
            "9c0e5d7b3a1f2e4ca8f3c9e1d2b74f6a",
        ),
        ('{"heslo": "Vrba.Lipa#2026"}', "Vrba.Lipa#2026"),
        ("Aadhaar: 2345 6789 0124", "2345 6789 0124"),
        ("NHS number: 398 259 7919", "398 259 7919"),
    ],
)
def test_a_secret_beside_them_is_caught(redactor: Redactor, text: str, secret: str) -> None:
    assert _caught(redactor, text, secret), redactor.redact(text).text
