"""Issue 24's fourteenth round, words: passwords given as people give them in many languages (a
value named a password after it, "… is the wifi password", verb-last too; the answer to a
question in a chat thread, a speaker's name in any script, a word that hands it over, a
politeness particle; passwords made of a word and a number, a pictograph, or everyday words
joined by dots or underscores; a login's user, then `pass …`; a setter called with a secret's
name; a config line's `!`) and word-led look-alikes (a type's fields over several lines, a
getter's default, a reference's dotted path). Each beside a near text that is kept. Written from
the principle, in words of my own, not copied from a corpus.
"""

from __future__ import annotations

import pytest

from tests.support.redaction_corpus import kept as _kept
from tests.support.redaction_corpus import redacted_whole as _caught
from writers.redact.context.prose import made_password
from writers.redact.redactor import Redactor
from writers.redact.values.placeholders import is_placeholder
from writers.redact.values.plausible import everyday_passphrase


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        # A value, then "is the password" in the language's own words: a copula or a pronoun,
        # an article, what it opens after the noun.
        ("Tortuga#7731 es la clave del router de la tienda", "Tortuga#7731"),
        ("Lavanda_58 é a senha do wi-fi da loja", "Lavanda_58"),
        ("Kasztan!42 to hasło do sieci w magazynie", "Kasztan!42"),
        ("Nyota77? ni nenosiri la wifi ya ofisi", "Nyota77?"),
        ("Hoa_sen_2020 là mật khẩu wifi tầng hai", "Hoa_sen_2020"),
        ("Ялинка_314 — це пароль від роутера", "Ялинка_314"),
        ("Zeytin!908 είναι ο κωδικός του router", "Zeytin!908"),
        ("Rimon#552 זו הסיסמה של הראוטר", "Rimon#552"),
        ("Qamar@71 هي كلمة سر الراوتر", "Qamar@71"),
        ("Tulpe7! ist das Gäste-WLAN-Passwort", "Tulpe7!"),
        # Verb last: the noun, then the copula, after the value or around it.
        ("BaarishChai2024 दफ़्तर के राउटर का पासवर्ड है", "BaarishChai2024"),
        ("Moon_light_7 이게 사무실 와이파이 비밀번호예요", "Moon_light_7"),
        ("رمز عبور anar.shab.yalda است", "anar.shab.yalda"),
        # The answer in a thread: a speaker's name in any script, a word that hands it over, a
        # particle of politeness after it.
        ("Ильдар: какой пароль от кассы?\nМарина: вот: Берёза_77", "Берёза_77"),
        ("王芳: 打印机的密码是多少？\n李娜: 是 Pingguo*88", "Pingguo*88"),
        ("Jun: ano ang password ng printer?\nLiza: 🌵Sinigang42 po", "🌵Sinigang42"),
        ("Ayşe: yazıcının şifresi neydi?\nEmre: şu: Kx_7q=Lm29", "Kx_7q=Lm29"),
        (
            "Aino: mikä on tulostimen salasana?\nVeikko: se on kuusi_sauna_jarvi_lumi",
            "kuusi_sauna_jarvi_lumi",
        ),
        ("박서준: 프린터 비밀번호가 뭐예요?\n최유리: HangangBada77요", "HangangBada77"),
        # More languages' leads and values-first, a PIN after a head-first noun's words or a
        # dash, Indonesian `-nya` with no copula, Hungarian's article before the noun.
        ("Pavla: jaké je heslo k tiskárně?\nKarel: je to ?Svestka1990", "?Svestka1990"),
        ("Sanne: wat is het wachtwoord van de printer?\nBram: is Molen#2011", "Molen#2011"),
        ("Kx7!Pamir2 az iroda wifi jelszava", "Kx7!Pamir2"),
        ("Lebu_88, c'est le mot de passe du routeur", "Lebu_88"),
        ("пароль от сейфа в офисе — 5817", "5817"),
        ("kata laluan tablet gudang ialah 6093", "6093"),
        ("passwordnya nasi-daun-pisang.", "nasi-daun-pisang"),
        ("hasło do drukarki brzmi Sosna#27", "Sosna#27"),
        ("!sakura2001 が会議室のWi-Fiのパスワードです", "!sakura2001"),
        ("رمز عبور 'anar shab yalda' است", "anar shab yalda"),
        ("smbclient //nas/docs -U scan%kiwi-pohon-laut-biru", "kiwi-pohon-laut-biru"),
        # A word passphrase in a code span or in „…“.
        ("Passwort: `apfel wolke fahrrad brille`", "apfel wolke fahrrad brille"),
        ("비밀번호는 „san bada namu byeol“입니다", "san bada namu byeol"),
        # Everyday words joined by dots or underscores, after a label, a copula, in quotes.
        ("PW: limao.praia.janela.gato", "limao.praia.janela.gato"),
        ("la contraseña es perro.nube.mango", "perro.nube.mango"),
        ("cache:\n  user: app\n  password: hibiki.yuki.sora\n", "hibiki.yuki.sora"),
        # A login's user, then `pass` or `pw`: on its line, or on the line above.
        ("para la tablet: usuario `caja02`, pass trigo-luna-faro-31", "trigo-luna-faro-31"),
        ("login: frontdesk\npw mangga_bahay_ulan_dagat", "mangga_bahay_ulan_dagat"),
        # A head-first language's noun, its modifiers after it, then the colon.
        ("Kata sandi portal gudang sementara: Mq7vRt2KpW — ganti nanti ya", "Mq7vRt2KpW"),
        ("senha portal fornecedor: Caju#5510", "Caju#5510"),
        # An account's user and password in another language's word for the account.
        ("Tài khoản cổng cảng: lan.tran / ba-la-cang77", "ba-la-cang77"),
        ("akun portal: budi / Kx9!mm22Lq", "Kx9!mm22Lq"),
        # A setter called with a secret's name and a literal.
        ("define('DB_PASSWORD', 'Qm7#vRt2KpXw');", "Qm7#vRt2KpXw"),
        ('os.Setenv("API_TOKEN", "Rk82vXq7LpZ4tW9m")', "Rk82vXq7LpZ4tW9m"),
        ("cfg.set('smtp', 'password', 'Brz!4471kq')", "Brz!4471kq"),
        # A short password with a policy's symbol; a config line's own `!`.
        ("CREATE USER 'pos'@'%' IDENTIFIED BY 'T4z@!!';", "T4z@!!"),
        ("[smtp]\nuser = alerts\npassword = Gewitter!!\n", "Gewitter!!"),
    ],
)
def test_a_password_given_in_these_forms_is_caught(
    redactor: Redactor, text: str, secret: str
) -> None:
    assert _caught(redactor, text, secret), text


@pytest.mark.parametrize(
    "text",
    [
        # A value before "is a/the password …" said of a kind, or a compound's head after it.
        "Summer2024! is a terrible password",
        "Tortuga#7731 is the password policy example we reject",
        "Bitwarden is our password manager",
        "snake_case_name is the password field",
        "user_id_2 is the password column",
        # A thread's answer that is words, a deferral or a name.
        "who has the wifi password?\nMaria: ask_the_front_desk",
        "which password manager do we use?\nTom: Bitwarden",
        "what's the password for staging?\nPriya: it's in the vault",
        "has anyone reset the admin password?\nAhmad: ia sudah",
        # Dotted names after a password's noun: a reference's path, a host, a file.
        "password: config.db.main",
        "password: settings.db.password",
        "the password is stored.in.vault",
        "password file: secrets.prod.yaml",
        "password 'config.db.main'",
        # `pass` as an ordinary word, no login's user before it.
        "the user reported that render pass shadow-map-cascade-2 is slow",
        "user alicee pass shadow-map-cascade-2",
        "the build log says\npw kalabaw_adobo_sampaguita_cebu_mahal",
        # A getter's default, a placeholder, a call, a user's name: no setter's secret.
        "$pw = getenv('DB_PASSWORD', 'Kx9!mm22Lq');",
        "define('DB_PASSWORD', 'password_here');",
        "define('DB_PASSWORD', getenv('WP_DB_PASSWORD'));",
        "define('DB_USER', 'wp_admin_2024');",
        "localStorage.setItem('token', tokenValue)",
        # A type's fields over several lines: GraphQL, TypeScript, Rust.
        "type Shipment {\n  secretManifest: DateTime\n  tokenIssued: DateTime\n}",
        "interface Creds {\n  password: PasswordHash;\n}",
        "struct Login {\n    token: AuthToken,\n}",
        # An English compound's head after the noun; a word glued to `_` in code's output.
        "password manager version: 2.4.1",
        "kata sandi policy update: rolling out",
        "plx/auth.py:12:def check(self, credential_id):\nplx/gate.py:310:def open_gate(self):",
        # A number after a dash or a head-first noun's words that is no PIN: a ticket, a year.
        "password reset ticket — 48213",
        "the password policy — 2026",
        "kata sandi berubah setiap 90 hari",
        "passwordnya salah terus",
        "Kx9!mm22 a password I liked",
        # Romance "conta"/"cuenta" are also "counts": no account's pair follows.
        "il digest che conta è questo:\n`SHA-384: MbzPMxNOVHBgZtuHgNnMdL+YcOU+8XKdc8UaSpot`",
        # A stand-in keeps its outcome with the config line's `!`.
        "password=Passw0rd!",
        # Masks and fillers keep their outcome.
        "password: ****",
        "password = xxx@xxx",
    ],
)
def test_look_alikes_are_kept(redactor: Redactor, text: str) -> None:
    assert _kept(redactor, text), text


def test_a_config_value_ending_in_a_question_mark_asks_nothing(redactor: Redactor) -> None:
    # `KEY=…?` is a config's line, not a question: the next line is no answer.
    text = "```\nLIMS_DB_PASSWORD=Falcon!Kestrel6820?\nONCALL_HOST=db-7.lab.internal\n```"
    found = redactor.findings(text)
    assert _caught(redactor, text, "Falcon!Kestrel6820")
    assert all(text[f.start : f.end] != "ONCALL_HOST=db-7.lab.internal" for f in found)
    assert "ONCALL_HOST=db-7.lab.internal" in redactor.redact(text).text


def test_an_object_literal_over_several_lines_is_no_type(redactor: Redactor) -> None:
    # A brace opened by `const cfg = {` opens values, not a type's fields.
    text = "const cfg = {\n  password: WinterGarden\n}"
    assert _caught(redactor, text, "WinterGarden")


@pytest.mark.parametrize(
    ("value", "made"),
    [
        ("Kalyna_905", True),  # a word and a number joined
        ("GangnamHoduKimchi48", True),  # capitalised words glued, a number
        ("🌻Adobo1528", True),  # a pictograph among letters and digits
        ("citron.nuage.chocolat", True),  # everyday words joined
        ("DB_PASSWORD", False),  # a constant's name
        ("db.internal.corp", False),  # a host
        ("app.config.json", False),  # a file
        ("UserService", False),  # a class's name, no number
    ],
)
def test_a_password_as_people_make_them(value: str, made: bool) -> None:
    assert made_password(value) is made


@pytest.mark.parametrize(
    ("value", "passphrase"),
    [
        ("sakura.umibe.kaeru", True),
        ("kopi_nasilemak_kucing_bulan", True),
        ("ombu-rojo-ruta-97", True),
        ("config.db.main", False),  # a program's words
        ("spring.datasource.url", False),
        ("max_password_age", False),  # names a secret
        ("stored.in.vault", False),  # a word of two letters
    ],
)
def test_an_everyday_passphrase_is_told_from_a_path(value: str, passphrase: bool) -> None:
    assert everyday_passphrase(value) is passphrase


@pytest.mark.parametrize(
    ("value", "filler"),
    [("F1k@!!", False), ("K35@*", False), ("****", True), ("xxx:yyy", True), ("0000", True)],
)
def test_three_characters_and_a_policys_symbol_are_no_filler(value: str, filler: bool) -> None:
    assert is_placeholder(value) is filler
