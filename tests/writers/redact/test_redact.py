"""Redactor tests: every kind, what is left alone, offsets, corpora, CLI, offline build."""

# ruff: noqa: E501  (secret literals and message templates read better unbroken)
from __future__ import annotations

import json
import subprocess
import sys
import threading

import pytest
import typer
from typer.testing import CliRunner

from bot.commands.redact import register
from tests.support import redaction_corpus as corpus
from tests.support.redaction_corpus import caught
from writers.redact.redactor import (
    Redactor,
    get_redactor,
    redact_json,
    redact_text,
    unescaped_views,
)
from writers.redact.values.checksums import iban_ok, luhn_ok


@pytest.fixture(scope="module")
def redactor() -> Redactor:
    return get_redactor()


PEM = (
    "-----BEGIN RSA PRIVATE KEY-----\n"
    "MIIEpAIBAAKCAQEA3Tz2mr7SZiAMfQyuvBjM9Oi+YjFs7uJ1o0ygSNZq9R5mBrZ6\n"
    "yxR5MsXFu9PRsrYQA7/4UTPHiC4y2sAVCBg4C2yyBpUEtMQjyCESi6Yq9zWW3kQ=\n"
    "-----END RSA PRIVATE KEY-----"
)

# (expected kind, text, secret that must vanish)
EXAMPLES = [
    (
        "slack_token",
        "bot token: xoxb-2364535789652-1234567890123-GkwFDQoHqzXDVsC6GzqYUypD",
        "xoxb-2364535789652-1234567890123-GkwFDQoHqzXDVsC6GzqYUypD",
    ),
    (
        "slack_token",
        "SLACK_APP_TOKEN=xapp-1-A052FGTS2DL-5171572773297-610b6a11f4b7eb819e87b767d80e65",
        "xapp-1-A052FGTS2DL-5171572773297-610b6a11f4b7eb819e87b767d80e65",
    ),
    (
        "slack_token",
        "refresh with xoxe-1-My0xLTMxNzcwMjQ0MTcxMy01MTU4MTUyNjkxNzE0LTUxODE4",
        "xoxe-1-My0xLTMxNzcwMjQ0MTcxMy01MTU4MTUyNjkxNzE0LTUxODE4",
    ),
    (
        "slack_webhook",
        "<https://hooks.slack.com/services/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|hook>",
        "T0DCUJB1Q/B0DD08H5G/bJtrpFi1fO1JMCcwLx8uZyAg",
    ),
    (
        "github_token",
        "GITHUB_TOKEN=ghp_vqfyrlr84ft0x2078p7yhx0n9hdpbx17fav0",
        "ghp_vqfyrlr84ft0x2078p7yhx0n9hdpbx17fav0",
    ),
    (
        "github_token",
        "pat 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",
        "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",
    ),
    (
        "anthropic_key",
        "ANTHROPIC_API_KEY=sk-ant-api03-Q2x9vLm4Tz8Rk1Pw7Yh3Nd6Bf0Gs5Jc2-Xe9Ua4Ko1Vi8AA",
        "sk-ant-api03-Q2x9vLm4Tz8Rk1Pw7Yh3Nd6Bf0Gs5Jc2-Xe9Ua4Ko1Vi8AA",
    ),
    (
        "openai_key",
        "key is sk-proj-SevzWEV_NmNnMndQ5gn6PjFcX_9ay5SEKse8AL0EuYAB0cIgFW7Equ3vCbUbY",
        "sk-proj-SevzWEV_NmNnMndQ5gn6PjFcX_9ay5SEKse8AL0EuYAB0cIgFW7Equ3vCbUbY",
    ),
    ("aws_access_key_id", "id AKIAYYVFFUFKTPS4YRKO here", "AKIAYYVFFUFKTPS4YRKO"),
    (
        "aws_secret_key",
        "aws_secret_access_key = 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",
        "wJalrXUtnFEMI/K7MDENG/bPxRfiCYzQ8tkQ3v2B",
    ),
    (
        "google_api_key",
        "maps key AIzaSyNHxIf32IQ1a1yjl3ZJIqKZqzLAK1XhDk- ok",
        "AIzaSyNHxIf32IQ1a1yjl3ZJIqKZqzLAK1XhDk-",
    ),
    (
        "stripe_key",
        "STRIPE=sk_live_51OuEMLAlTWGaDypq4P5cuDHbuKeG4tAGPYHJ",
        "sk_live_51OuEMLAlTWGaDypq4P5cuDHbuKeG4tAGPYHJ",
    ),
    # `pk_…` is the publishable key, public by design (test_redact_forms_round5.py);
    # a restricted key opens the account as a secret key does.
    ("stripe_key", "rk_test_TYooMQauvdEDq54NiTphI7jx", "rk_test_TYooMQauvdEDq54NiTphI7jx"),
    # A SendGrid key passed to its client, with no word for a secret around it.
    (
        "sendgrid_key",
        'SendGridAPIClient("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")',
        "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",
    ),
    (
        "jwt",
        "cookie eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U",
        "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U",
    ),
    ("private_key", f"key:\n```\n{PEM}\n```", PEM),
    ("url_credentials", "DATABASE_URL=postgres://app:Tr0ub4dor@db.internal:5432/app", "Tr0ub4dor"),
    (
        "auth_header",
        "curl -H 'Authorization: Bearer cfcabd11c7ed9a41b1a3e063c32d5114' https://x.io",
        "cfcabd11c7ed9a41b1a3e063c32d5114",
    ),
    ("auth_header", "Authorization: Basic YWxhZGRpbjpvcGVuc2VzYW1l", "YWxhZGRpbjpvcGVuc2VzYW1l"),
    ("curl_credentials", "curl -u admin:S3cr3t!pw https://jenkins.local", "S3cr3t!pw"),
    ("secret_assignment", 'DB_PASSWORD="hunter2hunter2"', "hunter2hunter2"),
    (
        "secret_assignment",
        '{"client_secret": "6da89121079f83b2eb6acccf8219ea98"}',
        "6da89121079f83b2eb6acccf8219ea98",
    ),
    (
        "secret_assignment",
        "api_key: Zf3D0LXCM3EIMbgJpUNnkRtOfOueHznB",
        "Zf3D0LXCM3EIMbgJpUNnkRtOfOueHznB",
    ),
    ("email", "ping ada.lovelace@example.co.uk please", "ada.lovelace@example.co.uk"),
    ("phone", "call me at +1 415 555 2671 or (212) 555-0199", "+1 415 555 2671"),
    ("credit_card", "card 4111 1111 1111 1111 exp 12/29", "4111 1111 1111 1111"),
    ("iban", "IBAN GB55 WEST 1234 5698 7654 33 thanks", "GB55 WEST 1234 5698 7654 33"),
    # Escaped text: a JSON string holding JSON, an env file joined with `\n`, `\u0022` quotes.
    (
        "secret_assignment",
        r'{"memory_notes": ["config: {\"password\": \"hunter2-Xy9!kQ\"}"]}',
        "hunter2-Xy9!kQ",
    ),
    (
        "secret_assignment",
        r'"DB_HOST=db\nDB_PASSWORD=Wq7!pLr2xZ0v\nDEBUG=1"',
        "Wq7!pLr2xZ0v",
    ),
    (
        "secret_assignment",
        r"token=\u0022Zf3D0LXCM3EIMbgJpUNnkRtOfOueHznB\u0022",
        "Zf3D0LXCM3EIMbgJpUNnkRtOfOueHznB",
    ),
]


@pytest.mark.parametrize(("kind", "text", "secret"), EXAMPLES)
def test_every_kind_is_caught(redactor: Redactor, kind: str, text: str, secret: str) -> None:
    result = redactor.redact(text)
    assert corpus.caught(text, secret, result.findings), result.text
    assert f"[REDACTED:{kind}]" in result.text


UNTOUCHED = [
    "<@U012ABCDEF> see <#C0123ABCD|eng-help> and <https://example.com/a?b=1|the doc> <!here>",
    "https://acme.slack.com/archives/C0123ABCD/p1700000000000100?thread_ts=1700000000.000100",
    "ids U012ABCDEF C0123ABCD D0123ABCD T0123ABCD B0123ABCD, ts 1700000000.000100",
    "commit 3f786850e387550fdab836ed7e6dc881de23001b and 3f78685",
    "request 123e4567-e89b-12d3-a456-426614174000 on 2024-01-15 at 10:30",
    "sha256:9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08",
    "SLACK_BOT_TOKEN=xoxb-your-token",
    "export OPENAI_API_KEY=${OPENAI_API_KEY}",
    'api_key = os.environ["API_KEY"]',
    "token: <your-key>",
    "password=changeme",
    'secret: "****"',
    "aws_access_key_id = AKIAIOSFODNN7EXAMPLE",
    "Rotate the Slack token tomorrow; the password policy needs 12 characters.",
    "upgraded slack-bolt to 1.21.2 on python 3.11.9",
    "test card 4111 1111 1111 1112 and IBAN DE89370400440532013001 fail their checks",
    "git clone git@github.com:acme/seshat.git",
    'my_secret_key = get_secret("x") and id 1700000000000100',
    "already [REDACTED:slack_token] and password: [REDACTED:secret_assignment]",
    r'{"note": "{\"password\": \"changeme\", \"api_key\": \"${API_KEY}\"}"}',
    r'{"skill_body": "export TOKEN=${TOKEN}\nDB_PASSWORD=\nDEBUG=true"}',
    r"C:\new\table\token.txt and the regex \bpassword\b",
]


@pytest.mark.parametrize("text", UNTOUCHED)
def test_left_alone(redactor: Redactor, text: str) -> None:
    result = redactor.redact(text)
    assert result.findings == []
    assert result.text == text


def test_offsets_point_into_the_input(redactor: Redactor) -> None:
    token = "ghp_vqfyrlr84ft0x2078p7yhx0n9hdpbx17fav0"
    email = "ops@acme.io"
    text = f"<@U012ABCDEF> mail {email} the token {token} ok"
    result = redactor.redact(text)
    assert [(f.kind, text[f.start : f.end]) for f in result.findings] == [
        ("email", email),
        ("github_token", token),
    ]
    assert result.text == (
        "<@U012ABCDEF> mail [REDACTED:email] the token [REDACTED:github_token] ok"
    )


ESCAPED_SECRET = "hunter2-Xy9!kQ"


@pytest.mark.parametrize(
    "text",
    [
        json.dumps({"raw": json.dumps({"password": ESCAPED_SECRET, "user": "svc"})}),
        json.dumps(json.dumps(json.dumps({"client_secret": ESCAPED_SECRET}))),  # three levels
        json.dumps({"body": f"api_key = '{ESCAPED_SECRET}'\nDEBUG=true"}),
        json.dumps({"env": f"DB_HOST=db\nDB_PASSWORD={ESCAPED_SECRET}\nAPI_PORT=8080"}),
        "{\\'passwd\\': \\'" + ESCAPED_SECRET + "\\'}",
    ],
)
def test_escaped_secret_offsets_are_exact(redactor: Redactor, text: str) -> None:
    result = redactor.redact(text)
    # Exactly the secret, mapped back from the unescaped view: no escape is cut in half.
    assert [text[f.start : f.end] for f in result.findings] == [ESCAPED_SECRET]
    assert ESCAPED_SECRET not in result.text
    try:
        json.loads(text)
    except json.JSONDecodeError:
        return
    json.loads(result.text)  # JSON in, JSON out: the redaction kept every escape whole


def test_unescaped_views_map_back_to_whole_escapes() -> None:
    text = r"a\"b\u0022c\\\"d"  # a, \", b, \u0022, c, \\, \", d
    first, second = unescaped_views(text)
    assert first.text == 'a"b"c\\"d'
    assert second.text == 'a"b"c"d'
    assert first.span(1, 4) == (1, 10)  # `"b"` came from `\"b\u0022`
    assert second.span(5, 6) == (11, 15)  # the inner `"` came from `\\\"`
    assert unescaped_views("no escapes here, C:/x") == []
    assert len(unescaped_views("\\" * 64 + "n")) == 3  # bounded depth


def test_whole_pem_block_is_removed(redactor: Redactor) -> None:
    text = f"here:\n{PEM}\nthanks"
    assert redactor.redact(text).text == "here:\n[REDACTED:private_key]\nthanks"
    escaped = json.dumps({"type": "service_account", "private_key": PEM + "\n"})
    out = redactor.redact(escaped).text
    assert "MIIE" not in out and "BEGIN" not in out and "END RSA" not in out
    assert json.loads(out)["type"] == "service_account"


def test_luhn_and_iban_checks() -> None:
    assert luhn_ok("4111111111111111") and luhn_ok("378282246310005")
    assert not luhn_ok("4111111111111112") and not luhn_ok("1234")
    assert iban_ok("GB82 WEST 1234 5698 7654 32") and iban_ok("DE89370400440532013000")
    assert not iban_ok("DE89370400440532013001") and not iban_ok("XX00")


def test_redact_json_keeps_keys_and_structure() -> None:
    value = {"password": "p@ss-W0rd-991", "notes": ["mail ada@example.org", 3, None], "ok": True}
    out = redact_json(value)
    assert out == {
        "password": "p@ss-W0rd-991",  # a bare value has no name to say it is secret
        "notes": ["mail [REDACTED:email]", 3, None],
        "ok": True,
    }
    assert redact_json("token=ghp_vqfyrlr84ft0x2078p7yhx0n9hdpbx17fav0") == (
        "token=[REDACTED:github_token]"
    )


def test_get_redactor_is_one_instance_across_threads() -> None:
    seen: list[Redactor] = []
    threads = [threading.Thread(target=lambda: seen.append(get_redactor())) for _ in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(seen) == 8 and all(r is seen[0] for r in seen)
    assert redact_text("x AKIAYYVFFUFKTPS4YRKO") == "x [REDACTED:aws_access_key_id]"


def test_own_corpus_recall_and_false_positives(redactor: Redactor) -> None:
    pos, neg = corpus.positives(), corpus.negatives()
    assert len(pos) >= 300 and len(neg) >= 200
    assert len({k for s in pos for k, _ in s.secrets}) >= 20
    result = corpus.score(redactor, pos, neg)
    assert result.recall >= 0.97, result.missed[:10]
    assert result.fp_rate <= 0.03, result.false_positives[:10]


def test_redaction_is_idempotent(redactor: Redactor) -> None:
    # Redacted text is redacted again (a journalled Socket Mode event when it is stored, a
    # stored message when it titles a thread): a placeholder after "token" once read as a token
    # named in prose ("token [REDACTED:[REDACTED:secret_prose]").
    named = [
        "the installation token ghs_16C7e42F292c6912E7710c838347Ae178B4a expires in an hour",
        "key id AKIAIOSFODNN7EXAMPLE, secret wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
    ]
    texts = named + [s.text for s in corpus.positives(per_kind=6)]
    for text in texts:
        once = redactor.redact(text).text
        assert redactor.redact(once).text == once, once
    # Only the redactor's own kinds are placeholders: a secret dressed as one is still caught.
    dressed = "[REDACTED:sk_live_51HxQ2vT8kLmP3nQ9rW4yZ7aBcD]"  # random, as real keys are
    assert "sk_live_51HxQ2" not in redactor.redact(dressed).text


def test_gitleaks_set_floors(redactor: Redactor) -> None:
    data = corpus.gitleaks()
    if data is None:
        pytest.skip("shared/data/redaction-gitleaks not found (set SESHAT_SHARED_DIR)")
    pos, neg = data
    result = corpus.score(redactor, pos, neg)
    # Floors a little below what bench/redaction_eval.py measures, so regressions fail.
    assert result.recall >= 0.97, result.missed[:10]
    assert result.fp_rate <= 0.03, result.false_positives


OFFLINE_PROBE = """
import json, socket, sys
events = []
NET = {"socket.connect": 1, "socket.sendto": 2, "socket.getaddrinfo": 0,
       "socket.gethostbyname": 0, "socket.gethostbyname_ex": 0, "socket.gethostbyaddr": 0}
def hook(event, args):
    if event in NET:
        target = args[NET[event]]
        host = target[0] if isinstance(target, tuple) else target
        events.append([event, str(host)])
sys.addaudithook(hook)
from writers.redact.redactor import get_redactor
get_redactor().redact("mail ada@example.co.uk, https://u:pw12345678@example.com/x www.example.org")
during = list(events)
try:  # control: the hook does see a name lookup
    socket.getaddrinfo("localhost", 80)
except OSError:
    pass
print(json.dumps({"during": during, "control": events[len(during):]}))
"""


def test_building_and_redacting_touch_no_network() -> None:
    proc = subprocess.run(
        [sys.executable, "-c", OFFLINE_PROBE],
        cwd=corpus.REPO_ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    report = json.loads(proc.stdout.strip().splitlines()[-1])
    loopback = ("localhost", "127.", "::1")
    assert [e for e in report["during"] if not e[1].startswith(loopback)] == []
    assert report["control"], "audit hook saw nothing: the probe is broken"


@pytest.fixture
def cli() -> typer.Typer:
    app = typer.Typer()
    register(app)

    @app.command("noop")
    def _noop() -> None:  # a second command keeps typer from flattening `redact` into the app
        """Do nothing."""

    return app


def test_cli_plain_and_json(cli: typer.Typer) -> None:
    runner = CliRunner()
    text = "token xoxb-2364535789652-1234567890123-GkwFDQoHqzXDVsC6GzqYUypD\n"
    plain = runner.invoke(cli, ["redact"], input=text)
    assert plain.exit_code == 0, plain.output
    assert plain.stdout == "token [REDACTED:slack_token]\n"
    out = runner.invoke(cli, ["redact", "--json"], input=text)
    assert json.loads(out.stdout) == {
        "text": "token [REDACTED:slack_token]\n",
        "findings": [{"kind": "slack_token", "start": 6, "end": 63}],
    }


def test_cli_jsonl_bulk_with_a_bad_line(cli: typer.Typer) -> None:
    lines = [json.dumps("a@b.io here"), "{not json", json.dumps(["x"]), json.dumps("plain")]
    result = CliRunner().invoke(cli, ["redact", "--jsonl"], input="\n".join(lines) + "\n")
    assert result.exit_code == 1
    rows = [json.loads(line) for line in result.stdout.splitlines()]
    assert rows[0] == {
        "text": "[REDACTED:email] here",
        "findings": [{"kind": "email", "start": 0, "end": 6}],
    }
    assert "error" in rows[1] and "error" in rows[2]
    assert rows[3] == {"text": "plain", "findings": []}


# --- by principle (issue 8): presidio's own recognizers, context and entropy, addresses --------

PRINCIPLE_POSITIVES = [
    ("call me at +44 20 7946 0958 tomorrow", "+44 20 7946 0958"),
    ("Tel. 030 12345678 (Büro)", "030 12345678"),
    ("mobile: (415) 555-0172", "(415) 555-0172"),
    ("whatsapp +55 11 98765-4321", "+55 11 98765-4321"),
    ("my number is 06 12 34 56 78", "06 12 34 56 78"),
    ("+91 98765 43210 is my cell", "+91 98765 43210"),
    ("reach me on 0412 345 678", "0412 345 678"),
    ("ssn 536-22-8174 on file", "536-22-8174"),
    ("the server is 81.2.69.12 now", "81.2.69.12"),
    # A routable address: 2001:db8::/32 is set aside for documentation (no host has one).
    ("ipv6 2a02:6b8:85a3::8a2e:370:7334 on eth0", "2a02:6b8:85a3::8a2e:370:7334"),
    (
        "aws secret: kP9vR2xL7mQ4wZ8nT1bY6cH3jF5gD0sA9eU2iO7r",
        "kP9vR2xL7mQ4wZ8nT1bY6cH3jF5gD0sA9eU2iO7r",
    ),
    (
        "the secret access key Zf3D0aX9qP2mK7vL1nB8cR4tY6uW0eS5gH3jK9lQ ok",
        "Zf3D0aX9qP2mK7vL1nB8cR4tY6uW0eS5gH3jK9lQ",
    ),
    ("the password is Tr0ub4dor&3 ok", "Tr0ub4dor&3"),
    ("pw: hunter2x!", "hunter2x"),
    ("password: correct-horse-battery", "correct-horse-battery"),
    ("mysql -u root -pS3cr3tPw db", "S3cr3tPw"),
    ("psql --password=Qx9!vT2#kL db", "Qx9!vT2#kL"),
    ("redis://:p4ssW0rdXyZ@cache.internal:6379/0", "p4ssW0rdXyZ"),
    ("amqp://guest:Gu3stPa55@rabbit:5672/", "Gu3stPa55"),
    ("git clone https://x9F2kLmN0pQrStUvWxYz12@github.com/acme/r.git", "x9F2kLmN0pQrStUvWxYz12"),
    ("ship it to 221B Baker Street, London NW1 6XE please", "221B Baker Street, London NW1 6XE"),
    (
        "office: 1600 Amphitheatre Parkway, Mountain View, CA 94043",
        "1600 Amphitheatre Parkway, Mountain View, CA 94043",
    ),
    ("Hauptstraße 5, 10115 Berlin", "Hauptstraße 5, 10115 Berlin"),
    ("12 rue de la Paix, 75002 Paris", "12 rue de la Paix, 75002 Paris"),
    # Second pass: named in prose in other languages, client flags, login pairs.
    ("das Kennwort ist Fl0ck3nT4nz, bitte ändern", "Fl0ck3nT4nz"),
    ("le mot de passe est Ch@peau9Rouge", "Ch@peau9Rouge"),
    ("a palavra-passe é Laranja#77x", "Laranja#77x"),
    ("パスワードは『Kumo8Sora!』です", "Kumo8Sora!"),
    ("wifi pw for the guest room: tangerine-otter-41", "tangerine-otter-41"),
    ("pw Qz7!mirror-lake", "Qz7!mirror-lake"),
    ("sshpass -p 'Gl4cier.Mint' ssh deploy@host", "Gl4cier.Mint"),
    ("redis-cli -h cache -a Pebble-Harbor-88 info", "Pebble-Harbor-88"),
    ("creds for the staging wiki: qa-bot / Sp4rrow^Field", "Sp4rrow^Field"),
    # Machine-made: long random runs and vendor-prefixed keys, whatever the vendor.
    (
        "here you go: Jx8Qm2LrT5vN9wKc3PzB7hYd1FgS6aUe4XoRtZ0i (rotate monthly)",
        "Jx8Qm2LrT5vN9wKc3PzB7hYd1FgS6aUe4XoRtZ0i",
    ),
    ("use tok_9fK2mQ8xLw4Rt7Zp1Vb6Nc3Hy5 for the sandbox", "tok_9fK2mQ8xLw4Rt7Zp1Vb6Nc3Hy5"),
    ("mg key: key-8f14e45fceea167a5a36dedd4bea2543", "key-8f14e45fceea167a5a36dedd4bea2543"),
    # Phones: an unassigned area code called a number, a trunk prefix, Japanese around digits.
    ("call me on 1-212-555-0147", "1-212-555-0147"),
    ("携帯は090-1234-5678です", "090-1234-5678"),
    # Addresses: continuations after the core, other countries.
    (
        "ship to 77 Harbour Road E, Halifax, NS B3H 1Y5",
        "77 Harbour Road E, Halifax, NS B3H 1Y5",
    ),
    ("Rua Augusta, 1500 - Consolação, São Paulo - SP, 01304-001", "Rua Augusta, 1500"),
    ("Kaiserstraat 12B, 2311 GP Leiden", "Kaiserstraat 12B, 2311 GP Leiden"),
    ("Carrer de Mallorca 401, 08013 Barcelona", "Carrer de Mallorca 401, 08013 Barcelona"),
    ("〒150-0002 東京都渋谷区渋谷2-21-1", "〒150-0002 東京都渋谷区渋谷2-21-1"),
    # Checksummed national ids presidio ships, written grouped or named.
    ("NHS number 943 476 5919", "943 476 5919"),
]
PRINCIPLE_NEGATIVES = [
    "ts 1712345678.123456",
    "version 1.24.3.1",
    "see v2.1.0.4 notes",
    "the password policy requires 12 chars",
    "password reset link sent",
    "order 4521 8839 2201 shipped",
    "uuid 123e4567-e89b-12d3-a456-426614174000",
    "at 12:30:45 UTC",
    "mac 00:1a:2b:3c:4d:5e",
    "listening on 0.0.0.0:8080 and 127.0.0.1",
    "pass the --password flag from a secret manager",
    "the token expires in 3600 seconds",
    "build 20241123.4",
    "std::vector<int> v",
    "https://acme.slack.com/archives/CGPFCHARY/p1744750157137204?thread_ts=1758182229.285677",
    # Second pass: look-alikes of the principles above.
    "retro moved to 23.11.2026 at 10:00",
    "deadline 2026-11-23, review 11/30/2026",
    "パスワードは管理者に聞いてください",
    "the password for the staging db expires tomorrow",
    "curl --user user:pass --digest http://localhost:5000/",
    "STRIPE_KEY=${STRIPE_KEY:?set it in .env}",
    "image sha256-9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08",
    "SGVsbG8gdGhlcmUsIHRoaXMgaXMganVzdCBhIG5vdGUgYWJvdXQgdGhlIGRlcGxveQ==",
    "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIHq5Gz0pX8K2vRt7mN4bL1cY9wQeJ3sFdA6uZoPiT0yW dev@laptop",
    "HttpServletRequestWrapperFactoryBeanDefinitionParser_v2_Impl",
    "build 9434765919 passed",
]


@pytest.mark.parametrize(("text", "secret"), PRINCIPLE_POSITIVES)
def test_principled_rules_catch(text: str, secret: str) -> None:
    result = get_redactor().redact(text)
    assert caught(text, secret, result.findings), result.text


@pytest.mark.parametrize("text", PRINCIPLE_NEGATIVES)
def test_principled_rules_leave_look_alikes(text: str) -> None:
    assert get_redactor().redact(text).findings == []
