"""Issue 24, seventeenth round (red18-prose): secrets handed over in words, beside sentences that
only talk about secrets (`writers/redact/handed_over.py`).

Each act of giving names the value it gives: a deictic ("use this for now: …", "here it is:"
and the value on the next line), a secret's life ("… (rotate after)", "the old one, already
rotated: …"), a label line above a lone value, the answer to a question for a secret, a noun and
a copula in a language that glues its article to the noun. The near texts say the same words
with no secret: a place, a variable or a placeholder, a policy, a state, a public value, an
example, code.
"""

from __future__ import annotations

import pytest

from writers.redact.formats.table import find
from writers.redact.handed_over import HANDOVER_RULES, HELD_BACK, handed_value
from writers.redact.redactor import Redactor

_R = Redactor()


def _found(text: str) -> list[str]:
    """What the rules find, those the redactor runs and those held back this round."""
    return [text[s:e] for _, s, e, _ in find(text, HANDOVER_RULES + HELD_BACK)]


def _redacted(text: str) -> list[str]:
    return [text[f.start : f.end] for f in _R.redact(text).findings]


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        ("hey, use kP9vW2xQ7rT4mZ8a for now", "kP9vW2xQ7rT4mZ8a"),
        ("it's Tw9!mK2#pQ - please rotate once you're done", "Tw9!mK2#pQ"),
        ("`Haneul#2931` 입니다 (나중에 바꿔주세요)", "Haneul#2931"),
    ],
)
def test_the_redactor_runs_the_rules(text: str, secret: str) -> None:
    assert any(secret in span for span in _redacted(text)), _redacted(text)


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        # A deictic: the pronoun stands for the thing given.
        ("use this one for now: Qz8#pLm2!vRt", "Qz8#pLm2!vRt"),
        ("ok here it is:\n`5e0c1b7a9d3f48e2a6b1c0d9e8f7a6b5`", "5e0c1b7a9d3f48e2a6b1c0d9e8f7a6b5"),
        ("try this one: Hk4vT9wPq2Lr7sXz", "Hk4vT9wPq2Lr7sXz"),
        ("hey, use kP9vW2xQ7rT4mZ8a for now", "kP9vW2xQ7rT4mZ8a"),
        ("usa esto por ahora: Lm7$Tq2#Wk9z", "Lm7$Tq2#Wk9z"),
        ("nimm erstmal das hier:\n```\nRz5!kW8qTm3v\n```", "Rz5!kW8qTm3v"),
        ("とりあえずこれ使って: `orchid velvet lantern 42`", "orchid velvet lantern 42"),
        ("תשתמש בזה בינתיים: Kv3@pZ9!qL", "Kv3@pZ9!qL"),
        # A secret's life after or before the value.
        ("it's Tw9!mK2#pQ - please rotate once you're done", "Tw9!mK2#pQ"),
        ("Np7&Rv2$Lq8x (will rotate tomorrow)", "Np7&Rv2$Lq8x"),
        ("c'est `Brume!Rivage42` (à changer après)", "Brume!Rivage42"),
        ("`Haneul#2931` 입니다 (나중에 바꿔주세요)", "Haneul#2931"),
        ("the old one, already revoked: ZK4QHT7WPN2XL6VRB3MF", "ZK4QHT7WPN2XL6VRB3MF"),
        ("das war das alte, schon rotiert: „Kiefer-8841“", "Kiefer-8841"),
        ("这是旧的，已经轮换过了：Wq3!zLp9#Tm", "Wq3!zLp9#Tm"),
        # A label line, then the value alone on the next line or in a block.
        ("temporary password\n    maple-orbit-canyon-58", "maple-orbit-canyon-58"),
        ("guest wifi 👇\n```\nLupin7?Harbor\n```", "Lupin7?Harbor"),
        ("anahtar burada:\nJ7KQ2MZV9XWT4HRN6PLB3CYD", "J7KQ2MZV9XWT4HRN6PLB3CYD"),
        # The answer to a question for a secret, from the next speaker.
        ("ana> what's the pw for Grafana?\nbo> Vx8&mLq2#T - rotate after", "Vx8&mLq2#T"),
        ('[10:01] ana: jakie jest hasło do NAS?\n[10:02] bo: to "Wrzos-5521"', "Wrzos-5521"),
        ("**ana**  9:14\nwifi password pls?\n**bo**  9:15\nit's Tr3e!Fog8z", "Tr3e!Fog8z"),
        # A noun and a copula where the article is glued (Hebrew, Arabic), or a quoted phrase.
        ("הסיסמה ל-Jenkins היא Zr8!kTq3pW", "Zr8!kTq3pW"),
        (
            'التوكن الخاص بـ CI: "9c4e1f7a2b8d3e6f0a5c9b1d7e2f4a8c"',
            "9c4e1f7a2b8d3e6f0a5c9b1d7e2f4a8c",
        ),
        ('a senha do roteador é "Lontra caju farol sino"', "Lontra caju farol sino"),
        ("the wifi is Pin3!Cove88", "Pin3!Cove88"),
        ("I reset Jenkins to `Moss!Quartz719`", "Moss!Quartz719"),
    ],
)
def test_handed_over_secret_is_found(text: str, secret: str) -> None:
    assert any(secret in span for span in _found(text)), _found(text)


@pytest.mark.parametrize(
    "text",
    [
        # Where it lives, a variable, a placeholder.
        "use the token from the CI settings (DEPLOY_TOKEN)",
        "use this for now: $STAGING_DB_PASSWORD",
        "ok here it is:\n```\n${API_TOKEN}\n```",
        "here you go: <paste-your-key-here>",
        "ana> what's the pw for Grafana?\nbo> it's in 1Password under 'Infra'",
        # A policy and a state.
        "tokens are rotated every 90 days - change them before they expire",
        "the password is case-sensitive (rotate it if unsure)",
        "the old one, already revoked: ask IT for a new one",
        # A public value, an example.
        "here's the client id: Iv1.8a61f9b3a7aba766",
        "the wifi network is called `Lab-Guest-5G`",
        "e.g. `Summer2024!` - just an example, don't use it",
        "fix commit: 3f9a1c2e7b4d8f0a6c5e1b9d2f7a4c8e0b6d3f1a",
        # Code and lists: a value alone on a line after an identifier, a stack frame.
        "secret_rotation_due_date,\niban_country_code,\nphone_e164_hash",
        "  at com.acme.ui.TokenViewModel$masked$1.invokeSuspend(RotationView.kt:66)",
        "recovery codes were regenerated (old ones revoked): count=10",
        "idempotency key: `idem_9GPWS9lB2lqcr9dazLgFC8Mp`",
    ],
)
def test_talk_about_a_secret_is_left_alone(text: str) -> None:
    assert _found(text) == []
    assert _redacted(text) == []


def test_a_handed_value_is_shaped_as_a_secret() -> None:
    assert handed_value("Qz8#pLm2!vRt", quoted=False)
    assert handed_value("walrus harbor violet maple", quoted=True)
    assert not handed_value("walrus harbor violet maple", quoted=False)
    assert not handed_value("the one we agreed on", quoted=True)
    assert not handed_value("changeme", quoted=False)
    assert not handed_value("xxxxxxxxxxxxxxxx", quoted=False)
    assert not handed_value("https://wiki.corp/pw", quoted=False)


def test_every_rule_is_led_by_a_cheap_scan() -> None:
    # Each rule is tried only at the lines its cues' scan names (`Rule.starts`).
    rules = HANDOVER_RULES + HELD_BACK
    assert len(rules) == 9 and all(r.starts is not None for r in rules)
