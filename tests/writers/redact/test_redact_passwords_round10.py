"""Issue 24's tenth round, passwords: forms no rule read (a clipped or misspelt noun, a copula or
a particle of another language, a lock's code, a password piped to `sudo -S` or written after
Samba's `%`, a Wi-Fi QR code, a value pointed at, a passphrase of words alone, an answer in
digits), each beside a near text that is still kept. Written here from general knowledge of how
people give a password in chat; none is copied from a corpus or a probe.
"""

from __future__ import annotations

import pytest

from tests.support.redaction_corpus import kept as _kept
from tests.support.redaction_corpus import redacted_whole as _caught
from writers.redact.redactor import Redactor


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        # Nouns people clip or misspell.
        ("пасс от базы: Vorobey#318", "Vorobey#318"),
        ("the pasword for the kiosk is Lantern#552", "Lantern#552"),
        ("ww: Kaasboer!713", "Kaasboer!713"),
        ("ww voor de printer: Molen%2044", "Molen%2044"),
        ("contra: Giralda_9021", "Giralda_9021"),
        ("parole ir Daugava*61", "Daugava*61"),
        ("サーバーのパス：Sakura%7713", "Sakura%7713"),
        ("паролата е Rila&5540", "Rila&5540"),
        ("koden til alarmen: Fjord!2288", "Fjord!2288"),
        ("clé WPA : Xq7#mLp2vR9w", "Xq7#mLp2vR9w"),
        # Copulas, particles and qualifiers of more languages.
        ("la contrasenya del router és Montseny!48", "Montseny!48"),
        ("лозинка за мејл је Drina$2219", "Drina$2219"),
        ("รหัสผ่านคือ Mango#4471", "Mango#4471"),
        ("пароль від пошти: Карпати!904", "Карпати!904"),
        ("PW fürs Labor ist Gerste%81x", "Gerste%81x"),
        ("ο κωδικός για το email της Ελένης είναι Kyma!5530", "Kyma!5530"),
        ("รหัสผ่านเข้าเครื่อง POS: Tamarind#883", "Tamarind#883"),
        ("pw ➡️ Quokka!4412", "Quokka!4412"),
        ("**Password:** **Heron#7729**", "Heron#7729"),
    ],
)
def test_a_password_named_in_more_words(redactor: Redactor, text: str, secret: str) -> None:
    assert _caught(redactor, text, secret)


@pytest.mark.parametrize(
    "text",
    [
        "der Passagier wartet am Gate",
        "пассажир: Иванов",
        "Pro und Contra: schneller, aber teurer",
        "WW2: a history in 12 parts",
        "インストールパス：/opt/seshat/bin",
        "la parole est à la défense",
        "koden til appen ligger i repoet",
        "the WPA key is on the router's sticker",
    ],
)
def test_the_clipped_nouns_stay_words_elsewhere(redactor: Redactor, text: str) -> None:
    assert _kept(redactor, text)


# ---------------------------------------------------------------- PINs and a lock's code


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        ("暗証番号は807152です", "807152"),
        ("현관 비번 482915", "482915"),
        ("the SIM PIN 39517, keep it with the phone", "39517"),
        ("gate code for the loading dock: 5730", "5730"),
        ("le code du portail c'est 81946", "81946"),
        ("Garage-Code ist 2741", "2741"),
        ("alarm code is 604918, you have 20s", "604918"),
        ("Tresorcode 7315", "7315"),
    ],
)
def test_a_pin_or_a_locks_code(redactor: Redactor, text: str, secret: str) -> None:
    assert _caught(redactor, text, secret)


@pytest.mark.parametrize(
    "text",
    [
        "error code 5730 from the payment API",
        "gate code 1234 is only the demo's",
        "door code 0000 in the manual",
        "pin 2048 of the header",
        "the alarm code changed in 2019 rules",
        "PIN must have 6 digits",
    ],
)
def test_other_codes_and_numbers_are_kept(redactor: Redactor, text: str) -> None:
    assert _kept(redactor, text)


# ---------------------------------------------------------------- a command's syntax


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        ("echo 'Wq8#zLp3vN' | sudo -S apt-get update", "Wq8#zLp3vN"),
        ('printf "Hx7!rTq2m\\n" | sudo -kS reboot', "Hx7!rTq2m"),
        ("rpcclient -U svc_print%Gh6*pLm2qW 10.0.0.5", "Gh6*pLm2qW"),
        ("WIFI:S:Lab Guest;T:WPA;P:Rk9!mQ2zTx;;", "Rk9!mQ2zTx"),
        ("redis-cli -a Tz8qLm2Vx=7 ping", "Tz8qLm2Vx=7"),
        ("you can sign in w/ ops / Kx9#vL2qPm!4", "Kx9#vL2qPm!4"),
    ],
)
def test_a_password_the_command_names(redactor: Redactor, text: str, secret: str) -> None:
    assert _caught(redactor, text, secret)


@pytest.mark.parametrize(
    "text",
    [
        'echo "$SUDO_PASS" | sudo -S true',
        "echo done | sudo tee /etc/motd",
        "smbclient //nas/share -U %USERNAME%",
        "WIFI:S:Lab Guest;T:nopass;P:;;",
        "docker build --secret id=npmrc,src=.npmrc .",
    ],
)
def test_a_variable_or_no_password_is_kept(redactor: Redactor, text: str) -> None:
    assert _kept(redactor, text)


# ---------------------------------------------------------------- words around the value


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        ("Marmot#8842 <- new pw for the shared printer", "Marmot#8842"),
        ("`Pelican!302` 👈 that's the wifi password", "Pelican!302"),
        ("пароль от роутера Sokol!77x, не теряй", "Sokol!77x"),
        ("la clave del servidor Quetzal&19 ya funciona", "Quetzal&19"),
        ("hab das Passwort auf Fichte!42 gesetzt", "Fichte!42"),
    ],
)
def test_a_value_the_words_around_name(redactor: Redactor, text: str, secret: str) -> None:
    assert _caught(redactor, text, secret)


@pytest.mark.parametrize(
    "text",
    [
        "password for ticket#4521 was reset",
        "pw for C++17 builds is not needed",
        "v2.1.0 <- see the password policy",
        "hab das Passwort auf Papier notiert",
    ],
)
def test_an_id_an_address_or_a_version_is_kept(redactor: Redactor, text: str) -> None:
    assert _kept(redactor, text)


# ---------------------------------------------------------------- a passphrase of words


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        ("Password: walnut ferry comet", "walnut ferry comet"),
        ("the backup passphrase is 'ladder copper orchid'", "ladder copper orchid"),
        ("hasło do dysku to tulip anchor pepper violin", "tulip anchor pepper violin"),
        ("パスワードはmaple ribbon tundra oysterです", "maple ribbon tundra oyster"),
    ],
)
def test_a_passphrase_of_words_alone(redactor: Redactor, text: str, secret: str) -> None:
    assert _caught(redactor, text, secret)


@pytest.mark.parametrize(
    "text",
    [
        "Password: ask the admin",
        "password: stored in vault",
        "the password is gone for good",
        "the password is really quite long",
        "Password: same as before",
        "pw: check team vault",
    ],
)
def test_words_about_the_password_are_kept(redactor: Redactor, text: str) -> None:
    assert _kept(redactor, text)


# ---------------------------------------------------------------- the answer to a question


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        ("> what's the pin for the garage?\n730291", "730291"),
        ("> qual é a senha do wifi?\n\nCaju#5521", "Caju#5521"),
        ("> what's the NAS password?\n`Otter!8841`", "Otter!8841"),
        ('re @li: "wifi pw?"\nQx7!pLm22', "Qx7!pLm22"),
    ],
)
def test_an_answer_on_the_next_line(redactor: Redactor, text: str, secret: str) -> None:
    assert _caught(redactor, text, secret)


@pytest.mark.parametrize(
    "text",
    [
        "> when was the password last rotated?\n2024",
        "> how long must the password be?\n16",
        "> what's the API token's id?\n48213",
    ],
)
def test_a_year_a_ticket_or_a_length_is_no_answer(redactor: Redactor, text: str) -> None:
    assert _kept(redactor, text)
