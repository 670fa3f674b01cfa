"""The redactor's own corpus: seeded, format-valid secrets in Slack-shaped text, plus negatives.

Shared by `tests/writers/redact/test_redact.py` and `bench/redaction_eval.py`, together with the loader for
the external gitleaks set in `shared/data/redaction-gitleaks/` and the scoring rule both use: a
secret is caught only if no alphanumeric character of it survives redaction.
"""

# ruff: noqa: E501  (secret literals and message templates read better unbroken)
from __future__ import annotations

import base64
import json
import os
import random
import re
import string
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

from tests.support import paths

ALNUM = string.ascii_letters + string.digits
URLSAFE = ALNUM + "_-"
HEX = "0123456789abcdef"
B32 = string.ascii_uppercase + "234567"
REPO_ROOT = Path(__file__).resolve().parents[2]


@dataclass(frozen=True)
class Sample:
    """A text and the secrets in it, as `(kind, value)` pairs (empty for a negative)."""

    id: str
    text: str
    secrets: tuple[tuple[str, str], ...] = ()
    category: str = ""


class _Span(Protocol):
    start: int
    end: int


def caught(text: str, value: str, findings: Sequence[_Span]) -> bool:
    """True when every alphanumeric character of every occurrence of `value` was redacted."""
    covered = [False] * len(text)
    for f in findings:
        for i in range(f.start, f.end):
            covered[i] = True
    start = text.find(value)
    if start < 0:
        raise ValueError(f"secret not in text: {value[:20]}")
    while start >= 0:
        for i in range(start, start + len(value)):
            if text[i].isalnum() and not covered[i]:
                return False
        start = text.find(value, start + 1)
    return True


class _RedactsText(Protocol):
    def redact(self, text: str) -> _Redacted: ...


class _Redacted(Protocol):
    @property
    def text(self) -> str: ...

    @property
    def findings(self) -> Sequence[_Span]: ...


def kept(redactor: _RedactsText, text: str) -> bool:
    """The redactor left `text` as it was."""
    return redactor.redact(text).text == text


def redacted_whole(redactor: _RedactsText, text: str, secret: str) -> bool:
    """Every letter and digit of `secret`, wherever it stands in `text`, was redacted."""
    return caught(text, secret, redactor.redact(text).findings)


def key_b64(seed: int, n: int) -> str:
    """Base64 of `n` seeded random bytes: a key's shape, for tests of what is kept beside it."""
    rng = random.Random(seed)
    return base64.b64encode(bytes(rng.getrandbits(8) for _ in range(n))).decode()


def random_alnum(seed: int, n: int) -> str:
    """`n` seeded random letters and digits: a token's shape."""
    rng = random.Random(seed)
    return "".join(rng.choice(ALNUM) for _ in range(n))


def leaked(samples: Sequence[Sample], stored: str) -> list[tuple[str, str]]:
    """(kind, value) of every secret of `samples` with an alphanumeric run (≥ 8 characters)
    still somewhere in `stored` (everything a test collected from the database and files)."""
    return [
        (sample.category, value)
        for sample in samples
        for _, value in sample.secrets
        if any(len(run) >= 8 and run in stored for run in re.findall(r"[A-Za-z0-9]+", value))
    ]


# ---------------------------------------------------------------- secret makers


def _s(rng: random.Random, chars: str, n: int) -> str:
    return "".join(rng.choice(chars) for _ in range(n))


def _digits(rng: random.Random, n: int) -> str:
    return str(rng.randint(1, 9)) + _s(rng, string.digits, n - 1)


def _password(rng: random.Random) -> str:
    core = _s(rng, ALNUM, rng.randint(8, 14))
    return core[:3] + rng.choice("!@#%^&*~") + str(rng.randint(0, 9)) + core[3:]


def _b64url(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).decode().rstrip("=")


def _jwt(rng: random.Random) -> str:
    head = _b64url(json.dumps({"alg": rng.choice(["HS256", "RS256"]), "typ": "JWT"}).encode())
    claims = {
        "sub": _digits(rng, 10),
        "name": "Ada",
        "iat": rng.randint(1_600_000_000, 1_800_000_000),
    }
    return f"{head}.{_b64url(json.dumps(claims).encode())}.{_s(rng, URLSAFE, 43)}"


def _pem(rng: random.Random, escaped: bool = False) -> str:
    label = rng.choice(["RSA PRIVATE KEY", "PRIVATE KEY", "EC PRIVATE KEY", "OPENSSH PRIVATE KEY"])
    body = base64.b64encode(rng.randbytes(rng.randint(120, 400))).decode()
    lines = [body[i : i + 64] for i in range(0, len(body), 64)]
    nl = "\\n" if escaped else "\n"
    return nl.join([f"-----BEGIN {label}-----", *lines, f"-----END {label}-----"])


def _luhn_card(rng: random.Random) -> str:
    prefix = rng.choice(["4", "51", "55", "37", "6011"])
    length = 15 if prefix == "37" else 16
    digits = [int(c) for c in prefix] + [rng.randint(0, 9) for _ in range(length - len(prefix) - 1)]
    total = 0
    for i, d in enumerate(reversed(digits)):
        total += (d * 2 - 9 if d > 4 else d * 2) if i % 2 == 0 else d
    digits.append((10 - total % 10) % 10)
    s = "".join(map(str, digits))
    sep = rng.choice(["", " ", "-"])
    return sep.join(s[i : i + 4] for i in range(0, len(s), 4))


def _iban(rng: random.Random) -> str:
    country, n = rng.choice([("DE", 18), ("GB", 18), ("FR", 23), ("NL", 14), ("ES", 20)])
    bban = (
        _s(rng, string.digits, n)
        if country != "GB"
        else _s(rng, "ABCDEFGHJKLMNPQRSTUVWXYZ", 4) + _s(rng, string.digits, 14)
    )
    if country == "NL":
        bban = _s(rng, string.ascii_uppercase, 4) + _s(rng, string.digits, 10)
    moved = bban + country + "00"
    check = 98 - int("".join(str(int(c, 36)) for c in moved)) % 97
    iban = f"{country}{check:02d}{bban}"
    if rng.random() < 0.5:
        iban = " ".join(iban[i : i + 4] for i in range(0, len(iban), 4))
    return iban


def _phone(rng: random.Random) -> str:
    area = rng.choice(["212", "415", "617", "312", "206", "303"])
    line = f"{rng.randint(200, 999)}-{rng.randint(1000, 9999)}"
    return rng.choice(
        [
            f"+1 {area} {line.replace('-', ' ')}",
            f"({area}) {line}",
            f"{area}-{line}",
            f"+44 20 {rng.randint(7000, 8999)} {rng.randint(1000, 9999)}",
            f"+1{area}{line.replace('-', '')}",
        ]
    )


Maker = Callable[[random.Random], str]
MAKERS: dict[str, Maker] = {
    "slack_bot_token": lambda r: f"xoxb-{_digits(r, 12)}-{_digits(r, 13)}-{_s(r, ALNUM, 24)}",
    "slack_user_token": lambda r: (
        f"xoxp-{_digits(r, 12)}-{_digits(r, 12)}-{_digits(r, 12)}-{_s(r, HEX, 32)}"
    ),
    "slack_app_token": lambda r: f"xapp-1-A{_s(r, B32, 10)}-{_digits(r, 13)}-{_s(r, HEX, 64)}",
    "slack_config_token": lambda r: f"xoxe.xoxp-1-{_s(r, ALNUM, 140)}",
    "slack_refresh_token": lambda r: f"xoxe-1-{_s(r, ALNUM, 140)}",
    "slack_webhook": lambda r: f"T{_s(r, B32, 8)}/B{_s(r, B32, 10)}/{_s(r, ALNUM, 24)}",
    "github_token": lambda r: f"gh{r.choice('pousr')}_{_s(r, ALNUM, 36)}",
    "github_pat": lambda r: f"github_pat_{_s(r, ALNUM, 22)}_{_s(r, ALNUM, 59)}",
    "anthropic_key": lambda r: f"sk-ant-api03-{_s(r, URLSAFE, 93)}AA",
    "openai_key": lambda r: r.choice(
        [f"sk-proj-{_s(r, URLSAFE, 156)}", f"sk-{_s(r, ALNUM, 20)}T3BlbkFJ{_s(r, ALNUM, 20)}"]
    ),
    "aws_access_key_id": lambda r: r.choice(["AKIA", "ASIA"]) + _s(r, B32, 16),
    "aws_secret_key": lambda r: _s(r, ALNUM + "/+", 40),
    "google_api_key": lambda r: "AIza" + _s(r, URLSAFE, 35),
    # Secret and restricted keys; `pk_` (publishable) is public by design. Three choices keep
    # the seeded stream the same as when `pk_` was one of them.
    "stripe_key": lambda r: (
        f"{r.choice(['sk', 'rk', 'sk'])}_{r.choice(['live', 'test'])}_{_s(r, ALNUM, r.randint(24, 99))}"
    ),
    "jwt": _jwt,
    "private_key": _pem,
    "gcp_service_account_key": lambda r: _pem(r, escaped=True),
    "url_credentials": _password,
    "bearer_token": lambda r: _s(r, URLSAFE + ".", r.randint(24, 64)),
    "basic_auth": lambda r: base64.b64encode(
        f"svc-{_s(r, string.ascii_lowercase, 5)}:{_password(r)}".encode()
    ).decode(),
    "password_assignment": _password,
    "token_assignment": lambda r: _s(r, ALNUM, r.randint(24, 48)),
    "email": lambda r: (
        f"{_s(r, string.ascii_lowercase, r.randint(3, 8))}.{_s(r, string.ascii_lowercase, 5)}@{r.choice(['acme.io', 'example.org', 'mail.co.uk', 'corp.example.com'])}"
    ),
    "phone": _phone,
    "credit_card": _luhn_card,
    "iban": _iban,
    # A password or token assigned inside JSON-escaped text (a model's raw output, a log line).
    "escaped_assignment": lambda r: _password(r) if r.random() < 0.5 else _s(r, ALNUM, 28),
}


def _escaped(secret: str, rng: random.Random) -> str:
    """`secret` under a secret-looking name, then escaped once or twice as a JSON string would be."""
    name = rng.choice(["password", "api_key", "client_secret", "DB_PASSWORD", "authToken"])
    inner = rng.choice(
        [
            json.dumps({"username": "svc", name: secret}),
            f"DB_HOST=db.internal\n{name}={secret}\nDEBUG=true",
            f"{name}: '{secret}'",
            f'"{name}": "{secret}"',
        ]
    )
    outer: list[Callable[[str], str]] = [
        lambda t: json.dumps({"memory_notes": [f"the config was {t}"]}),
        lambda t: json.dumps({"skill_body": t, "outcome": "failure"}),
        lambda t: json.dumps(json.dumps({"notes": t})),  # escaped twice
        lambda t: f"log: {json.dumps(t)[1:-1]}",
        lambda t: t.replace('"', "\\u0022").replace("'", "\\'").replace("\n", "\\n"),
    ]
    return rng.choice(outer)(inner)


def _wrap(kind: str, secret: str, rng: random.Random) -> str:
    """Put `secret` into a Slack-shaped message the way people actually paste such things."""
    who = f"<@U{_s(rng, B32, 10)}>"
    chan = f"<#C{_s(rng, B32, 10)}|eng-{rng.choice(['infra', 'bots', 'help'])}>"
    var = kind.upper()
    special: dict[str, list[str]] = {
        "slack_webhook": [
            f"webhook for {chan}: <https://hooks.slack.com/services/{secret}|alerts>",
            f'```curl -X POST -d \'{{"text":"hi"}}\' https://hooks.slack.com/services/{secret}```',
            f"SLACK_WEBHOOK_URL=https://hooks.slack.com/services/{secret}",
        ],
        "aws_secret_key": [
            f"```[default]\naws_access_key_id = AKIA{_s(rng, B32, 16)}\naws_secret_access_key = {secret}\n```",
            f"{who} set AWS_SECRET_ACCESS_KEY={secret} in the runner",
            f'```{{"aws_secret_access_key": "{secret}"}}```',
        ],
        "gcp_service_account_key": [
            f'```{{"type": "service_account", "project_id": "demo-{rng.randint(100, 999)}", '
            f'"private_key": "{secret}\\n", "client_email": "bot@demo.iam.gserviceaccount.com"}}```',
        ],
        "url_credentials": [
            f"DATABASE_URL=postgres://seshat:{secret}@db.internal:5432/seshat",
            f"clone with `git clone https://deploy:{secret}@git.example.com/team/repo.git`",
            f"<redis://default:{secret}@cache.internal:6379/0|redis> is up again",
            f"```curl -u admin:{secret} https://jenkins.internal/api/json```",
        ],
        "bearer_token": [
            f"```curl -H 'Authorization: Bearer {secret}' https://api.example.com/v1/me```",
            f"{who} the request had `Authorization: Bearer {secret}`",
            f'headers = {{"Authorization": "Bearer {secret}"}}',
        ],
        "basic_auth": [
            f'```curl -H "Authorization: Basic {secret}" https://api.example.com```',
            f"proxy says `Proxy-Authorization: Basic {secret}`",
        ],
        "password_assignment": [
            f"```DB_PASSWORD={secret}\nDB_HOST=localhost```",
            f'```{{"username": "svc", "password": "{secret}"}}```',
            f"{who} the wifi password: {secret}",
            f"```yaml\nredis:\n  passwd: '{secret}'\n```",
            f'SMTP_PASS="{secret}"',
        ],
        "token_assignment": [
            f"```\nexport API_TOKEN={secret}\n```",
            f"config: `auth_token: {secret}`",
            f'```python\nclient_secret = "{secret}"\n```',
            f"```ini\n[service]\napi_key = {secret}\n```",
            f"{who} try `SECRET_KEY={secret}` locally",
        ],
    }
    if kind in special:
        return rng.choice(special[kind])
    if kind == "escaped_assignment":
        return _escaped(secret, rng)
    generic = [
        f"hey {who}, here's the {kind.replace('_', ' ')}: {secret} (don't share)",
        f"```\n{var}={secret}\n```",
        f'```env\nSLACK_SIGNING_SECRET=${{SIGNING}}\n{var}="{secret}"\nDEBUG=true\n```',
        f'```json\n{{"name": "bot", "{kind}": "{secret}"}}\n```',
        f"> {secret}\nthat's what {who} pasted in {chan}",
        f"use `{secret}` for now, I'll rotate it after 1700000000.000100",
        f"<https://docs.example.com|docs> say to put {secret} in the config",
        f"{secret}",
    ]
    return rng.choice(generic)


def positives(seed: int = 20240611, per_kind: int = 16) -> list[Sample]:
    """Seeded positives: `per_kind` Slack-shaped messages for every kind in `MAKERS`."""
    rng = random.Random(seed)
    out: list[Sample] = []
    for kind, make in MAKERS.items():
        for i in range(per_kind):
            secret = make(rng)
            out.append(Sample(f"{kind}-{i}", _wrap(kind, secret, rng), ((kind, secret),), kind))
    return out


# ---------------------------------------------------------------- hard negatives


def _negative_makers() -> dict[str, Callable[[random.Random], str]]:
    def uid(r: random.Random) -> str:
        return f"{_s(r, HEX, 8)}-{_s(r, HEX, 4)}-4{_s(r, HEX, 3)}-a{_s(r, HEX, 3)}-{_s(r, HEX, 12)}"

    def ts(r: random.Random) -> str:
        return f"{r.randint(1_600_000_000, 1_800_000_000)}.{_digits(r, 6)}"

    def sid(r: random.Random, p: str) -> str:
        return p + _s(r, B32, r.choice([8, 10]))

    return {
        "git_sha": lambda r: r.choice(
            [
                f"merged {_s(r, HEX, 7)} into main",
                f"fixed in commit {_s(r, HEX, 40)}",
                f"`git revert {_s(r, HEX, 40)}` fixed it",
                f'SRCREV = "{_s(r, HEX, 40)}"',
            ]
        ),
        "uuid": lambda r: r.choice(
            [
                f"request id {uid(r)} failed",
                f'{{"session_id": "{uid(r)}", "ok": true}}',
                f"trace `{uid(r)}`",
            ]
        ),
        "slack_ids": lambda r: (
            f"<@{sid(r, 'U')}> moved {sid(r, 'C')} to {sid(r, 'D')} in team {sid(r, 'T')} "
            f"(bot {sid(r, 'B')})"
        ),
        "mrkdwn": lambda r: r.choice(
            [
                f"<@{sid(r, 'U')}> see <#{sid(r, 'C')}|eng-help> and <https://example.com/a/b?x=1|the doc> <!here>",
                f"<!channel> deploy at {ts(r)} by <@{sid(r, 'U')}|ada>",
                f"*bold* _it_ ~strike~ `code` <mailto:|nobody> <!subteam^{sid(r, 'S')}|@oncall>",
            ]
        ),
        "permalink": lambda r: (
            f"https://acme.slack.com/archives/{sid(r, 'C')}/p{r.randint(1_600_000_000, 1_800_000_000)}"
            f"{_digits(r, 6)}?thread_ts={ts(r)}"
        ),
        "timestamp": lambda r: (
            f"thread_ts={ts(r)} event_ts {ts(r)} on 2024-0{r.randint(1, 9)}-1{r.randint(0, 9)}"
        ),
        "hash": lambda r: r.choice(
            [
                f"sha256:{_s(r, HEX, 64)}",
                f"md5 {_s(r, HEX, 32)}",
                f"image digest @sha256:{_s(r, HEX, 64)}",
                f'etag "{_s(r, HEX, 32)}"',
            ]
        ),
        "version": lambda r: r.choice(
            [
                f"upgraded slack-bolt to {r.randint(1, 3)}.{r.randint(0, 30)}.{r.randint(0, 9)}",
                f"python 3.11.{r.randint(0, 9)} / node v20.{r.randint(0, 12)}.0 / build 2024.{r.randint(1, 12)}.{r.randint(1, 28)}",
                f"APP_VERSION=rc0.{r.randint(1, 20)}.0_20231217_1420-SNAPSHOT",
            ]
        ),
        "placeholder": lambda r: r.choice(
            [
                "SLACK_BOT_TOKEN=xoxb-your-token",
                "export OPENAI_API_KEY=${OPENAI_API_KEY}",
                'api_key = os.environ["ANTHROPIC_API_KEY"]',
                "token: <your-key>",
                "password=changeme",
                'secret: "****"',
                "DB_PASSWORD=",
                "GITHUB_TOKEN=ghp_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx",
                "aws_access_key_id = AKIAIOSFODNN7EXAMPLE",
                "Authorization: Bearer <token>",
                "curl -u $USER:$PASS https://example.com",
                "postgres://user:password@localhost/db",
                "STRIPE_KEY=sk_test_...",
                "password: {{ vault_password }}",
                "token = process.env.SLACK_TOKEN",
                "client_secret: REPLACE_ME",
            ]
        ),
        "prose": lambda r: r.choice(
            [
                "Rotate the Slack token tomorrow; the old one expires on Friday.",
                "The password policy needs 12 characters and a symbol.",
                "Use a bearer token in the Authorization header, not a cookie.",
                "Anthropic keys start with sk-ant- and OpenAI keys with sk-.",
                "Where do we keep the api key for staging? Ask in the vault channel.",
                "Tokens must never be pasted here, please use the secret manager.",
                "token: expires after 12 hours, then refresh it",
                "GitHub tokens look like ghp_ followed by 36 characters.",
            ]
        ),
        "base64ish": lambda r: r.choice(
            [
                "ReflectionWriterFactory.buildFromSettings() returned None",
                "see getUserByIdAsync in UserRepositoryImpl",
                "the key_length = XSalsa20.key_length bug",
                'cache_key = "user-profile-v2"',
                f'sequenceKey = "{r.randint(1, 99)}"',
                "schemaKey = 'DOC_Vector_5_32'",
                "TODAYINASIAASACKOFRICEFELLOVER",
                'keyword: "Befaehigung_P2"',
            ]
        ),
        "numbers": lambda r: r.choice(
            [
                f"order #{r.randint(100000, 999999)} shipped, {r.randint(2, 99)} items",
                # IP addresses are personal data to redact now (issue 8); a loopback one is not.
                f"listening on 127.0.0.1 port {r.randint(1024, 65535)}",
                f"card ending in {r.randint(1000, 9999)}",
                f"latency p99 {r.randint(100, 999)}.{r.randint(0, 9)} ms over {r.randint(1000, 99999)} calls",
                "IBAN DE89370400440532013001 was rejected (bad check digits)",
                "test card 4111 1111 1111 1112 fails Luhn",
            ]
        ),
        "ssh": lambda r: f"git clone git@github.com:acme/{_s(r, string.ascii_lowercase, 6)}.git",
        # Escaped text that only names or points at a secret: unescaping must not invent one.
        "escaped": lambda r: r.choice(
            [
                json.dumps({"note": '{"password": "changeme", "user": "svc"}'}),
                json.dumps({"note": 'api_key = os.environ["API_KEY"]\ntoken: <your-key>'}),
                json.dumps(json.dumps({"cache_key": "user-profile-v2", "sequenceKey": "18"})),
                json.dumps({"skill_body": "export TOKEN=${TOKEN}\nDB_PASSWORD=\nDEBUG=true"}),
                f"path C:\\new\\table\\token.txt, regex \\d+\\.{r.randint(1, 9)}",
                f"deploy rev=\\u0022{_s(r, HEX, 40)}\\u0022 token=\\u0022${{TOKEN}}\\u0022",
                json.dumps({"id": uid(r), "ts": f"{r.randint(1_600_000_000, 1_800_000_000)}"}),
                "{\\'secret\\': \\'****\\', \\'password\\': \\'[REDACTED:secret_assignment]\\'}",
            ]
        ),
    }


def negatives(seed: int = 20240612, per_kind: int = 24) -> list[Sample]:
    """Seeded hard negatives: text that looks secret-ish but holds no secret or PII."""
    rng = random.Random(seed)
    return [
        Sample(f"neg-{kind}-{i}", make(rng), (), kind)
        for kind, make in _negative_makers().items()
        for i in range(per_kind)
    ]


# ---------------------------------------------------------------- the external gitleaks set


def shared_dir() -> Path | None:
    """`$SESHAT_SHARED_DIR`, else `shared/` beside the repo, if it exists."""
    env = os.environ.get("SESHAT_SHARED_DIR")
    path = Path(env) if env else REPO_ROOT.parent / "shared"
    return path if path.is_dir() else None


def _read_jsonl(path: Path) -> Iterable[dict[str, object]]:
    with path.open(encoding="utf-8") as fh:
        for line in fh:
            if line.strip():
                yield json.loads(line)


def load_jsonl_pair(positives: Path, negatives: Path) -> tuple[list[Sample], list[Sample]]:
    """A positives file (`{"id","text","secrets":[{"kind","value"}]}` lines) and a negatives file."""
    pos = [
        Sample(
            str(row["id"]),
            str(row["text"]),
            tuple((str(s["kind"]), str(s["value"])) for s in row["secrets"]),  # type: ignore[attr-defined]
        )
        for row in _read_jsonl(positives)
    ]
    neg = [
        Sample(str(row["id"]), str(row["text"]), (), str(row.get("category", "")))
        for row in _read_jsonl(negatives)
    ]
    return pos, neg


def gitleaks() -> tuple[list[Sample], list[Sample]] | None:
    """The gitleaks positives and negatives, or None when `shared/` is not there."""
    base = shared_dir()
    folder = base / "data" / "redaction-gitleaks" if base else None
    if folder is None or not (folder / "positives.jsonl").is_file():
        return None
    return load_jsonl_pair(folder / "positives.jsonl", folder / "negatives.jsonl")


HELDOUT_DIR = paths.HELDOUT


def heldout() -> tuple[list[Sample], list[Sample]]:
    """The held-out sets in `tests/support/data/heldout/` (`redaction*_positives.jsonl` and their negatives,
    written without reading the rules; never tuned on), together."""
    pos: list[Sample] = []
    neg: list[Sample] = []
    for positives in sorted(HELDOUT_DIR.glob("redaction*_positives.jsonl")):
        negatives = positives.with_name(positives.name.replace("_positives", "_negatives"))
        p, n = load_jsonl_pair(positives, negatives)
        pos += p
        neg += n
    return pos, neg


# ---------------------------------------------------------------- scoring


class _Redacts(Protocol):
    def redact(self, text: str) -> _Result: ...


class _Result(Protocol):
    @property
    def findings(self) -> Sequence[_Span]: ...


@dataclass
class Score:
    """Recall per kind and overall on positives; false-positive rate on negatives."""

    caught: dict[str, int]
    total: dict[str, int]
    missed: list[tuple[str, str]]
    false_positives: list[str]
    negatives: int

    @property
    def recall(self) -> float:
        """Fraction of all secrets caught."""
        return sum(self.caught.values()) / max(1, sum(self.total.values()))

    @property
    def fp_rate(self) -> float:
        """Fraction of negatives with any finding."""
        return len(self.false_positives) / max(1, self.negatives)


def score(redactor: _Redacts, pos: Sequence[Sample], neg: Sequence[Sample]) -> Score:
    """Run `redactor` over both sets and count what it caught and what it wrongly flagged."""
    result = Score({}, {}, [], [], len(neg))
    for sample in pos:
        found = redactor.redact(sample.text).findings
        for kind, value in sample.secrets:
            result.total[kind] = result.total.get(kind, 0) + 1
            if caught(sample.text, value, found):
                result.caught[kind] = result.caught.get(kind, 0) + 1
            else:
                result.missed.append((sample.id, kind))
    result.false_positives = [s.id for s in neg if redactor.redact(s.text).findings]
    return result
