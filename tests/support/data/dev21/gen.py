#!/usr/bin/env python3
"""Probe dev21: secrets handed over in words, beside talk about secrets.

Standard library only.  The only randomness is random.Random(2121).
Writes dev21_negatives.jsonl and dev21_positives.jsonl next to this file.
"""
import base64
import json
import os
import re
import string
import sys
import zlib
from collections import Counter

import random

R = random.Random(2121)
HERE = os.path.dirname(os.path.abspath(__file__))

LOWER = string.ascii_lowercase
UPPER = string.ascii_uppercase
DIGITS = string.digits
ALNUM = LOWER + UPPER + DIGITS
HEX = "0123456789abcdef"
B64 = ALNUM + "+/"
B64URL = ALNUM + "-_"
B32 = UPPER + "234567"


def rs(alpha, n):
    return "".join(R.choice(alpha) for _ in range(n))


def pick(x):
    return R.choice(x) if isinstance(x, list) else x


# --------------------------------------------------------------------------
# Language phrase books.  {v} = value, {t} = thing, {item}/{path} = location,
# {n}/{d} = numbers, {s} = wifi network name, {c} = public id.
# --------------------------------------------------------------------------
L = {}
L["en"] = dict(
    use_now=["use this for now: {v}", "try this one for now: {v}", "here you go, use {v} for now",
             "just use {v} until we sort out SSO"],
    pw_for=["pw for the staging box is {v}", "the password for {t} is {v}", "password for {t} - {v}",
            "{t} pw: {v}", "login for {t} is admin / {v}", "I reset {t} to {v}",
            "creds for {t}: user deploy, password {v}"],
    wifi=["the wifi is {v}", "wifi pw: {v}", "guest wifi password is {v}", "office wifi - {v}"],
    temp=["temp password: {v}", "temporary pw is {v}, you'll be asked to change it",
          "one-time password for your account: {v}"],
    rotate=["it's {v} (rotate after)", "it's {v} - please rotate once you're done", "{v} (will rotate tomorrow)"],
    here_key=["here's the key", "here's the key:", "key below, don't forward it:", "ok here it is:"],
    token_for=["token for {t}: {v}", "here's a token for {t}: {v}", "the {t} token is {v}",
               "use my token for {t}: {v}"],
    ask_pw=["what's the pw for {t}?", "anyone have the {t} password?", "do you have the login for {t}?"],
    ask_wifi=["what's the wifi?", "wifi password pls?"],
    old=["this was the old one, already rotated: {v}", "fyi the one that leaked was {v} - it's been revoked",
         "old token (revoked this morning): {v}"],
    answer=["{v}", "it's {v}", "{v} - rotate when you're done"],
    thanks=["thanks!", "ty", "got it, in"],
    loc_1p=["the password is in 1Password under {item}", "the password for {t} is in 1Password under {item}",
            "pw for {t} is in the team vault, item {item}", "it's in Bitwarden, collection Infra, entry {item}"],
    loc_vault=["the key is the one in vault path {path}", "use the token at {path} in Vault",
               "the {t} key lives in Vault under {path}, you should have read access"],
    loc_ci=["use the token from the CI settings", "use the token from the CI settings ({var})",
            "the password is the {var} secret in the repo settings", "it's stored as a masked variable {var} in GitLab CI"],
    loc_answer=["it's in 1Password, item {item}", "in the vault under {path}", "check {var} in the CI settings",
                "on the sticker under the router"],
    policy=["the password must be 12+ characters", "passwords must be at least {n} characters and can't reuse the last 5",
            "rotate every {d} days", "tokens expire after {d} days, so set a reminder",
            "temp passwords are valid for 24h and must be changed on first login",
            "the wifi password changes every month", "API tokens should be scoped read-only unless you need write",
            "no shared passwords for {t} anymore, everyone gets their own account"],
    ordinary=["the key is consistency", "the password reset is broken", "the password reset page for {t} is broken again",
              "the key takeaway: ship smaller PRs", "the secret is good test data", "the token bucket limiter drops at 50 rps",
              "the key is to restart the worker before the migration", "the primary key is (tenant_id, created_at)",
              "press the Esc key twice to get out of the dialog", "the tokenizer splits on whitespace only"],
    state=["the token is expired", "the password is wrong", "the password is correct, the username is the problem",
           "the key is 4096-bit RSA", "the token is 40 characters long", "the password is case-sensitive",
           "the token is read-only", "the key is valid until {date}", "the password has a trailing space, careful when pasting",
           "the token for {t} is revoked now"],
    handover=["I'll DM you the password", "sent it via Signal, check your phone", "ask IT for the wifi password",
              "the password is the one we agreed on in the meeting", "it's the same as for the old box",
              "I shared it through a one-time link in your email (expires in 1h)",
              "I'll read it out to you on the call, not putting it in chat"],
    fake=["e.g. {v} - just an example, obviously not a real one", "for example {v} (fake, from the docs)",
          "the README uses {v} as the example value", "dummy value {v} in the test fixtures, not a real credential"],
    ssid=["the wifi network is called {s}", "the wifi network's name is {s} (password on the sticker)",
          "connect to {s}, not the guest one"],
    public=["the client id is {c} (that one is public)", "client id: {c} - it's fine to share",
            "here's the commit: {c}"],
    pre=["hey", "hi", "@here", "quick one:", "fyi", "morning"],
    post=["let me know if it works", "ping me if not", "back in 10", "thx"],
)
L["de"] = dict(
    use_now="nimm erstmal das hier: {v}", pw_for="das Passwort für {t} ist {v}", wifi="das WLAN-Passwort ist {v}",
    temp="temporäres Passwort: {v}", rotate="es ist {v} (bitte danach ändern)", here_key="hier der Schlüssel:",
    token_for="Token für {t}: {v}", ask_pw="wie ist das Passwort für {t}?", ask_wifi="wie ist das WLAN-Passwort?",
    old="das war das alte, schon rotiert: {v}", answer="ist {v}", thanks="danke!",
    loc_1p="das Passwort für {t} liegt in 1Password unter {item}", loc_vault="der Schlüssel ist der im Vault unter {path}",
    loc_ci="nimm das Token aus den CI-Einstellungen", loc_answer="steht in 1Password, Eintrag {item}",
    policy=["das Passwort muss mindestens {n} Zeichen haben", "Tokens werden alle {d} Tage rotiert"],
    ordinary=["der Schlüssel ist Konsequenz", "das Passwort-Zurücksetzen ist kaputt"],
    state=["das Token ist abgelaufen", "das Passwort ist falsch"],
    handover=["ich schick dir das Passwort per Signal", "frag die IT nach dem WLAN-Passwort"],
    fake="zum Beispiel {v} – nur ein Beispiel, nicht das echte", ssid="das WLAN heißt {s}",
    public="die Client-ID ist {c} (die ist öffentlich)", pre=["Hi", "moin", "kurz:"],
    post=["sag Bescheid, ob's klappt", "bin gleich im Meeting"],
)
L["fr"] = dict(
    use_now="utilise ça pour l'instant : {v}", pw_for="le mot de passe pour {t} c'est {v}", wifi="le wifi c'est {v}",
    temp="mot de passe temporaire : {v}", rotate="c'est {v} (à changer après)", here_key="voici la clé :",
    token_for="le token pour {t} : {v}", ask_pw="c'est quoi le mot de passe de {t} ?",
    ask_wifi="c'est quoi le mot de passe du wifi ?", old="c'était l'ancien, déjà changé : {v}", answer="c'est {v}",
    thanks="merci !", loc_1p="le mot de passe de {t} est dans 1Password sous {item}",
    loc_vault="la clé, c'est celle dans Vault au chemin {path}", loc_ci="prends le token dans les paramètres de la CI",
    loc_answer="il est dans 1Password, entrée {item}",
    policy=["le mot de passe doit faire au moins {n} caractères", "les tokens sont renouvelés tous les {d} jours"],
    ordinary=["la clé, c'est la régularité", "la réinitialisation du mot de passe est cassée"],
    state=["le token a expiré", "le mot de passe est incorrect"],
    handover=["je t'envoie le mot de passe sur Signal", "demande le mot de passe du wifi à l'accueil"],
    fake="par exemple {v} — c'est juste un exemple, pas le vrai", ssid="le réseau wifi s'appelle {s}",
    public="le client ID est {c} (il est public)", pre=["salut", "coucou"],
    post=["dis-moi si ça marche", "je suis en réunion après"],
)
L["es"] = dict(
    use_now="usa esto por ahora: {v}", pw_for="la contraseña de {t} es {v}", wifi="la clave del wifi es {v}",
    temp="contraseña temporal: {v}", rotate="es {v} (cámbiala después)", here_key="aquí tienes la clave:",
    token_for="el token para {t}: {v}", ask_pw="¿cuál es la contraseña de {t}?", ask_wifi="¿cuál es la clave del wifi?",
    old="esta era la antigua, ya rotada: {v}", answer="es {v}", thanks="¡gracias!",
    loc_1p="la contraseña de {t} está en 1Password en {item}", loc_vault="la clave es la que está en Vault en {path}",
    loc_ci="usa el token de la configuración de CI", loc_answer="está en 1Password, entrada {item}",
    policy=["la contraseña debe tener al menos {n} caracteres", "los tokens se rotan cada {d} días"],
    ordinary=["la clave es la constancia", "el restablecimiento de contraseña está roto"],
    state=["el token ha caducado", "la contraseña es incorrecta"],
    handover=["te paso la contraseña por Signal", "pídele la clave del wifi a recepción"],
    fake="por ejemplo {v} — solo es un ejemplo, no la real", ssid="la red wifi se llama {s}",
    public="el client ID es {c} (es público)", pre=["hola", "buenas"],
    post=["avísame si funciona", "luego entro a una reunión"],
)
L["pt"] = dict(
    use_now="usa isso por enquanto: {v}", pw_for="a senha do {t} é {v}", wifi="a senha do wifi é {v}",
    temp="senha temporária: {v}", rotate="é {v} (troca depois)", here_key="segue a chave:",
    token_for="token do {t}: {v}", ask_pw="qual é a senha do {t}?", ask_wifi="qual é a senha do wifi?",
    old="essa era a antiga, já rotacionada: {v}", answer="é {v}", thanks="valeu!",
    loc_1p="a senha do {t} está no 1Password em {item}", loc_vault="a chave é a que está no Vault em {path}",
    loc_ci="usa o token das configurações do CI", loc_answer="tá no 1Password, item {item}",
    policy=["a senha precisa ter pelo menos {n} caracteres", "os tokens são trocados a cada {d} dias"],
    ordinary=["a chave é a consistência", "o reset de senha está quebrado"],
    state=["o token expirou", "a senha está errada"],
    handover=["te mando a senha pelo Signal", "pede a senha do wifi pra recepção"],
    fake="por exemplo {v} — é só um exemplo, não a de verdade", ssid="a rede wifi se chama {s}",
    public="o client ID é {c} (ele é público)", pre=["oi", "e aí"], post=["me avisa se funcionou", "vou entrar numa reunião"],
)
L["it"] = dict(
    use_now="usa questa per ora: {v}", pw_for="la password di {t} è {v}", wifi="la password del wifi è {v}",
    temp="password temporanea: {v}", rotate="è {v} (cambiala dopo)", here_key="ecco la chiave:",
    token_for="il token per {t}: {v}", ask_pw="qual è la password di {t}?", ask_wifi="qual è la password del wifi?",
    old="questa era la vecchia, già ruotata: {v}", answer="è {v}", thanks="grazie!",
    loc_1p="la password di {t} è su 1Password sotto {item}", loc_vault="la chiave è quella in Vault al percorso {path}",
    loc_ci="usa il token dalle impostazioni della CI", loc_answer="è su 1Password, voce {item}",
    policy=["la password deve avere almeno {n} caratteri", "i token vengono ruotati ogni {d} giorni"],
    ordinary=["la chiave è la costanza", "il reset della password non funziona"],
    state=["il token è scaduto", "la password è sbagliata"],
    handover=["ti mando la password su Signal", "chiedi la password del wifi alla reception"],
    fake="per esempio {v} — è solo un esempio, non quella vera", ssid="la rete wifi si chiama {s}",
    public="il client ID è {c} (è pubblico)", pre=["ciao"], post=["fammi sapere se funziona"],
)
L["nl"] = dict(
    use_now="gebruik deze voorlopig: {v}", pw_for="het wachtwoord voor {t} is {v}", wifi="de wifi is {v}",
    temp="tijdelijk wachtwoord: {v}", rotate="het is {v} (daarna even wijzigen)", here_key="hier is de sleutel:",
    token_for="token voor {t}: {v}", ask_pw="wat is het wachtwoord van {t}?", ask_wifi="wat is het wifi-wachtwoord?",
    old="dit was de oude, al geroteerd: {v}", answer="het is {v}", thanks="dank je!",
    loc_1p="het wachtwoord voor {t} staat in 1Password onder {item}", loc_vault="de sleutel is die in Vault op {path}",
    loc_ci="gebruik het token uit de CI-instellingen", loc_answer="staat in 1Password, item {item}",
    policy=["het wachtwoord moet minstens {n} tekens zijn", "tokens worden elke {d} dagen vervangen"],
    ordinary=["de sleutel is consistentie", "wachtwoord resetten is stuk"],
    state=["het token is verlopen", "het wachtwoord klopt niet"],
    handover=["ik stuur je het wachtwoord via Signal", "vraag het wifi-wachtwoord even aan de receptie"],
    fake="bijvoorbeeld {v} — gewoon een voorbeeld, niet het echte", ssid="het wifi-netwerk heet {s}",
    public="de client-ID is {c} (die is openbaar)", pre=["hoi"], post=["laat even weten of het werkt"],
)
L["pl"] = dict(
    use_now="na razie użyj tego: {v}", pw_for="hasło do {t} to {v}", wifi="hasło do wifi to {v}",
    temp="hasło tymczasowe: {v}", rotate="to {v} (zmień potem)", here_key="tu masz klucz:",
    token_for="token do {t}: {v}", ask_pw="jakie jest hasło do {t}?", ask_wifi="jakie jest hasło do wifi?",
    old="to było stare, już zrotowane: {v}", answer="to {v}", thanks="dzięki!",
    loc_1p="hasło do {t} jest w 1Password pod {item}", loc_vault="klucz to ten w Vault pod ścieżką {path}",
    loc_ci="weź token z ustawień CI", loc_answer="jest w 1Password, wpis {item}",
    policy=["hasło musi mieć co najmniej {n} znaków", "tokeny są rotowane co {d} dni"],
    ordinary=["kluczem jest konsekwencja", "resetowanie hasła nie działa"],
    state=["token wygasł", "hasło jest nieprawidłowe"],
    handover=["wyślę ci hasło na Signalu", "zapytaj recepcję o hasło do wifi"],
    fake="na przykład {v} — to tylko przykład, nie prawdziwe", ssid="sieć wifi nazywa się {s}",
    public="client ID to {c} (jest publiczny)", pre=["cześć"], post=["daj znać, czy działa"],
)
L["tr"] = dict(
    use_now="şimdilik bunu kullan: {v}", pw_for="{t} şifresi {v}", wifi="wifi şifresi {v}",
    temp="geçici şifre: {v}", rotate="{v} (sonra değiştir)", here_key="anahtar şu:",
    token_for="{t} için token: {v}", ask_pw="{t} şifresi neydi?", ask_wifi="wifi şifresi ne?",
    old="bu eskisiydi, zaten değiştirildi: {v}", answer="{v}", thanks="teşekkürler!",
    loc_1p="{t} şifresi 1Password'de {item} altında", loc_vault="anahtar Vault'ta {path} yolundaki",
    loc_ci="CI ayarlarındaki token'ı kullan", loc_answer="1Password'de, {item} kaydında",
    policy=["şifre en az {n} karakter olmalı", "token'lar her {d} günde bir yenileniyor"],
    ordinary=["anahtar tutarlılık", "şifre sıfırlama bozuk"],
    state=["token'ın süresi dolmuş", "şifre yanlış"],
    handover=["şifreyi sana Signal'dan atarım", "wifi şifresini resepsiyona sor"],
    fake="mesela {v} — sadece örnek, gerçeği değil", ssid="wifi ağının adı {s}",
    public="client ID {c} (herkese açık)", pre=["selam"], post=["çalışırsa haber ver"],
)
L["ru"] = dict(
    use_now="пока используй это: {v}", pw_for="пароль от {t}: {v}", wifi="пароль от вайфая — {v}",
    temp="временный пароль: {v}", rotate="это {v} (потом поменяй)", here_key="вот ключ:",
    token_for="токен для {t}: {v}", ask_pw="какой пароль от {t}?", ask_wifi="какой пароль от вайфая?",
    old="это был старый, уже заменён: {v}", answer="{v}", thanks="спасибо!",
    loc_1p="пароль от {t} лежит в 1Password в {item}", loc_vault="ключ — тот, что в Vault по пути {path}",
    loc_ci="возьми токен из настроек CI", loc_answer="в 1Password, запись {item}",
    policy=["пароль должен быть не короче {n} символов", "токены меняются каждые {d} дней"],
    ordinary=["ключ к успеху — регулярность", "сброс пароля сломан"],
    state=["токен истёк", "пароль неверный"],
    handover=["пришлю пароль в Signal", "спроси пароль от вайфая на ресепшене"],
    fake="например, {v} — это просто пример, не настоящий", ssid="сеть вайфая называется {s}",
    public="client ID — {c} (он публичный)", pre=["привет"], post=["напиши, если заработает"],
)
L["el"] = dict(
    use_now="χρησιμοποίησε αυτό προς το παρόν: {v}", pw_for="ο κωδικός για το {t} είναι {v}",
    wifi="ο κωδικός του wifi είναι {v}", temp="προσωρινός κωδικός: {v}", rotate="είναι {v} (άλλαξέ τον μετά)",
    here_key="ορίστε το κλειδί:", token_for="το token για το {t}: {v}", ask_pw="ποιος είναι ο κωδικός για το {t};",
    ask_wifi="ποιος είναι ο κωδικός του wifi;", old="αυτός ήταν ο παλιός, έχει ήδη αλλάξει: {v}", answer="είναι {v}",
    thanks="ευχαριστώ!", loc_1p="ο κωδικός για το {t} είναι στο 1Password στο {item}",
    loc_vault="το κλειδί είναι αυτό στο Vault, διαδρομή {path}", loc_ci="πάρε το token από τις ρυθμίσεις του CI",
    loc_answer="είναι στο 1Password, εγγραφή {item}",
    policy=["ο κωδικός πρέπει να έχει τουλάχιστον {n} χαρακτήρες", "τα tokens αλλάζουν κάθε {d} μέρες"],
    ordinary=["το κλειδί είναι η συνέπεια", "η επαναφορά κωδικού δεν λειτουργεί"],
    state=["το token έχει λήξει", "ο κωδικός είναι λάθος"],
    handover=["θα σου στείλω τον κωδικό στο Signal", "ρώτα τη ρεσεψιόν για τον κωδικό του wifi"],
    fake="για παράδειγμα {v} — απλώς παράδειγμα, όχι ο πραγματικός", ssid="το δίκτυο wifi λέγεται {s}",
    public="το client ID είναι {c} (είναι δημόσιο)", pre=["γεια"], post=["πες μου αν δουλεύει"],
)
L["ja"] = dict(
    use_now="とりあえずこれ使って: {v}", pw_for="{t}のパスワードは {v} です", wifi="Wi-Fiのパスワードは {v}",
    temp="仮パスワード: {v}", rotate="{v} です（あとで変更してください）", here_key="鍵はこちら:",
    token_for="{t}用のトークン: {v}", ask_pw="{t}のパスワードって何でしたっけ？", ask_wifi="Wi-Fiのパスワード教えてください",
    old="これは古いもので、もうローテート済み: {v}", answer="{v} です", thanks="ありがとうございます！",
    loc_1p="{t}のパスワードは1Passwordの{item}にあります", loc_vault="鍵はVaultの{path}にあるものです",
    loc_ci="CIの設定にあるトークンを使ってください", loc_answer="1Passwordの{item}に入ってます",
    policy=["パスワードは{n}文字以上にしてください", "トークンは{d}日ごとにローテーションします"],
    ordinary=["鍵となるのは一貫性です", "パスワードリセットが壊れています"],
    state=["トークンの期限が切れています", "パスワードが間違っています"],
    handover=["パスワードはSignalで送ります", "Wi-Fiのパスワードは受付で聞いてください"],
    fake="例えば {v} — ただの例で、本物ではありません", ssid="Wi-Fiのネットワーク名は {s} です",
    public="クライアントIDは {c} です（公開情報です）", pre=["お疲れさまです"], post=["動いたら教えてください"],
)
L["zh"] = dict(
    use_now="先用这个：{v}", pw_for="{t} 的密码是 {v}", wifi="wifi 密码是 {v}", temp="临时密码：{v}",
    rotate="是 {v}（用完记得改）", here_key="密钥在这里：", token_for="{t} 的 token：{v}", ask_pw="{t} 的密码是多少？",
    ask_wifi="wifi 密码是多少？", old="这是旧的，已经轮换过了：{v}", answer="{v}", thanks="谢谢！",
    loc_1p="{t} 的密码在 1Password 的 {item} 里", loc_vault="密钥就是 Vault 里 {path} 那个",
    loc_ci="用 CI 设置里的 token", loc_answer="在 1Password 里，条目 {item}",
    policy=["密码至少要 {n} 个字符", "token 每 {d} 天轮换一次"],
    ordinary=["关键是坚持", "重置密码功能坏了"],
    state=["token 已过期", "密码不对"],
    handover=["我用 Signal 把密码发给你", "wifi 密码去前台问"],
    fake="比如 {v} —— 只是个例子，不是真的", ssid="wifi 网络名叫 {s}",
    public="client ID 是 {c}（这是公开的）", pre=["在吗"], post=["能用的话说一声"],
)
L["ko"] = dict(
    use_now="일단 이거 쓰세요: {v}", pw_for="{t} 비밀번호는 {v} 입니다", wifi="와이파이 비번은 {v}",
    temp="임시 비밀번호: {v}", rotate="{v} 입니다 (나중에 꼭 바꾸세요)", here_key="키 여기 있어요:",
    token_for="{t}용 토큰: {v}", ask_pw="{t} 비밀번호가 뭐였죠?", ask_wifi="와이파이 비번 뭐예요?",
    old="이건 예전 거고 이미 교체됐어요: {v}", answer="{v} 입니다", thanks="감사합니다!",
    loc_1p="{t} 비밀번호는 1Password의 {item}에 있어요", loc_vault="키는 Vault의 {path} 경로에 있는 거예요",
    loc_ci="CI 설정에 있는 토큰을 쓰세요", loc_answer="1Password {item} 항목에 있어요",
    policy=["비밀번호는 최소 {n}자 이상이어야 합니다", "토큰은 {d}일마다 교체됩니다"],
    ordinary=["핵심은 꾸준함입니다", "비밀번호 재설정 기능이 고장났어요"],
    state=["토큰이 만료됐어요", "비밀번호가 틀렸대요"],
    handover=["비밀번호는 Signal로 보낼게요", "와이파이 비번은 안내데스크에 물어보세요"],
    fake="예를 들면 {v} — 그냥 예시고 진짜 아니에요", ssid="와이파이 이름은 {s} 입니다",
    public="클라이언트 ID는 {c} 입니다 (공개된 값이에요)", pre=["안녕하세요"], post=["되면 알려주세요"],
)
L["ar"] = dict(
    use_now="استخدم هذه مؤقتًا: {v}", pw_for="كلمة المرور لـ {t} هي {v}", wifi="كلمة سر الواي فاي هي {v}",
    temp="كلمة مرور مؤقتة: {v}", rotate="هي {v} (غيّرها بعد الدخول)", here_key="هذا هو المفتاح:",
    token_for="التوكن الخاص بـ {t}: {v}", ask_pw="ما هي كلمة المرور لـ {t}؟", ask_wifi="ما هي كلمة سر الواي فاي؟",
    old="هذه كانت القديمة، وتم تغييرها بالفعل: {v}", answer="هي {v}", thanks="شكرًا!",
    loc_1p="كلمة المرور لـ {t} موجودة في 1Password تحت {item}", loc_vault="المفتاح هو الموجود في Vault في المسار {path}",
    loc_ci="استخدم التوكن من إعدادات الـ CI", loc_answer="موجودة في 1Password، العنصر {item}",
    policy=["يجب أن تتكون كلمة المرور من {n} أحرف على الأقل", "يتم تغيير التوكنات كل {d} يومًا"],
    ordinary=["المفتاح هو الاستمرارية", "إعادة تعيين كلمة المرور معطلة"],
    state=["انتهت صلاحية التوكن", "كلمة المرور غير صحيحة"],
    handover=["سأرسل لك كلمة المرور على Signal", "اسأل الاستقبال عن كلمة سر الواي فاي"],
    fake="مثلًا {v} — مجرد مثال، وليست الحقيقية", ssid="اسم شبكة الواي فاي هو {s}",
    public="معرّف العميل (client ID) هو {c} (وهو عام)", pre=["مرحبًا"], post=["أخبرني إذا نجح الأمر"],
)
L["he"] = dict(
    use_now="תשתמש בזה בינתיים: {v}", pw_for="הסיסמה ל-{t} היא {v}", wifi="הסיסמה של הוויפי היא {v}",
    temp="סיסמה זמנית: {v}", rotate="זה {v} (תחליף אחר כך)", here_key="הנה המפתח:",
    token_for="הטוקן ל-{t}: {v}", ask_pw="מה הסיסמה ל-{t}?", ask_wifi="מה הסיסמה של הוויפי?",
    old="זו הייתה הישנה, כבר הוחלפה: {v}", answer="זה {v}", thanks="תודה!",
    loc_1p="הסיסמה ל-{t} נמצאת ב-1Password תחת {item}", loc_vault="המפתח הוא זה שב-Vault בנתיב {path}",
    loc_ci="תשתמש בטוקן מההגדרות של ה-CI", loc_answer="זה ב-1Password, ברשומה {item}",
    policy=["הסיסמה חייבת להיות לפחות {n} תווים", "הטוקנים מתחלפים כל {d} ימים"],
    ordinary=["המפתח הוא עקביות", "איפוס הסיסמה שבור"],
    state=["פג תוקף הטוקן", "הסיסמה שגויה"],
    handover=["אשלח לך את הסיסמה בסיגנל", "תשאל בקבלה את הסיסמה של הוויפי"],
    fake="למשל {v} — זו רק דוגמה, לא האמיתית", ssid="הרשת של הוויפי נקראת {s}",
    public="ה-client ID הוא {c} (הוא ציבורי)", pre=["היי"], post=["תעדכן אם זה עובד"],
)
L["hi"] = dict(
    use_now="अभी के लिए यह इस्तेमाल करो: {v}", pw_for="{t} का पासवर्ड {v} है", wifi="वाईफाई का पासवर्ड {v} है",
    temp="अस्थायी पासवर्ड: {v}", rotate="यह {v} है (बाद में बदल देना)", here_key="यह रही key:",
    token_for="{t} का टोकन: {v}", ask_pw="{t} का पासवर्ड क्या है?", ask_wifi="वाईफाई का पासवर्ड क्या है?",
    old="यह पुराना था, पहले ही बदल दिया गया: {v}", answer="{v}", thanks="धन्यवाद!",
    loc_1p="{t} का पासवर्ड 1Password में {item} के नीचे है", loc_vault="key वही है जो Vault में {path} पर है",
    loc_ci="CI settings वाला टोकन इस्तेमाल करो", loc_answer="1Password में है, एंट्री {item}",
    policy=["पासवर्ड कम से कम {n} अक्षरों का होना चाहिए", "टोकन हर {d} दिन में बदले जाते हैं"],
    ordinary=["सफलता की key निरंतरता है", "पासवर्ड रीसेट काम नहीं कर रहा"],
    state=["टोकन की अवधि खत्म हो गई है", "पासवर्ड गलत है"],
    handover=["पासवर्ड मैं Signal पर भेज दूँगा", "वाईफाई का पासवर्ड रिसेप्शन से पूछ लो"],
    fake="जैसे {v} — यह बस एक उदाहरण है, असली नहीं", ssid="वाईफाई नेटवर्क का नाम {s} है",
    public="client ID {c} है (यह public है)", pre=["नमस्ते"], post=["चल जाए तो बताना"],
)
LANGS = list(L)
OTHER = [x for x in LANGS if x != "en"]
QUOTES = {"de": ("„", "“"), "fr": ("« ", " »"), "ru": ("«", "»"), "ja": ("「", "」"), "zh": ("“", "”"),
          "pl": ("„", "”"), "he": ("\"", "\""), "el": ("«", "»")}


def lang_pick():
    return "en" if R.random() < 0.36 else R.choice(OTHER)


def ph(lang, key):
    return pick(L[lang][key])


THINGS = ["staging-01", "Jenkins", "Grafana", "NAS", "VPN", "build-03", "Confluence", "pgAdmin", "Kibana",
          "Nexus", "Harbor", "SFTP", "Wiki", "Metabase", "Proxmox", "Router", "Airflow", "Sentry"]
ITEMS = ["'staging'", "'Infra / build-03'", "\"Grafana admin\"", "Shared-Ops", "'Office wifi'", "'NAS root'",
         "\"VPN service account\"", "'Jenkins (old)'", "Team-Data/metabase"]
VPATHS = ["secret/data/payments/stripe", "kv/infra/jenkins/admin", "secret/staging/db", "kv/team-data/metabase",
          "secret/ci/registry", "kv/platform/grafana"]
CIVARS = ["DEPLOY_TOKEN", "NPM_TOKEN", "STAGING_DB_PASSWORD", "REGISTRY_PASSWORD", "SENTRY_AUTH_TOKEN", "WIFI_PSK"]
HANDLES = ["alex", "sam", "jo", "mika", "kenji", "ana", "lea", "omar", "priya", "tomek", "dana", "yuki", "noa", "ivan"]
SSIDS = ["Acme-Guest", "Acme-Staff-5G", "FRITZ!Box 7590 KQ", "Büro-5G", "Lab-IoT-2G", "Oficina_Invitados",
         "Meetingraum", "HQ-Guest", "Dachgeschoss", "eduroam", "CoWork-Floor3", "Salle-Reunion"]

# --------------------------------------------------------------------------
# secret value generators
# --------------------------------------------------------------------------
WORDS = ["Sommer", "Kaffee", "Pingwin", "Girasol", "Tulpe", "Sakura", "Mango", "Falcon", "Lantern", "Otter",
         "Bicicleta", "Zebra", "Kastanie", "Marmotte", "Fjord", "Cactus", "Orbit", "Tornado", "Papaya", "Walnuss",
         "Ciliegia", "Pelican", "Nebula", "Kiwi", "Anchor", "Gecko", "Lavanda", "Quokka", "Borsch", "Tamarind"]
PWORDS = ["maple", "orbit", "canyon", "velvet", "pickle", "harbor", "quartz", "meadow", "lemon", "tiger",
          "copper", "violet", "rocket", "saffron", "glacier", "bamboo", "pepper", "walrus", "cinder", "falafel",
          "haus", "baum", "vier", "pferde", "gato", "luna", "nube", "pomme", "ciel", "drzewo"]
SYMS = "!@#$%&*?+=-_.~^"
FAKES = ["hunter2", "password123", "correct horse battery staple", "changeme", "abc123", "123456", "qwerty",
         "letmein", "P@ssw0rd", "example-token-not-real", "xxxxxxxxxxxxxxxxxxxxxxxx", "dummy", "foobar",
         "sk-test-EXAMPLE", "my-secret-token", "secret123", "Tr0ub4dor&3", "deadbeefdeadbeefdeadbeef",
         "test-token-123", "AAAAAAAAAAAAAAAAAAAAAAAA", "your-password-here", "s3cr3t", "admin/admin", "1234"]
PLACEHOLDERS = ["$DB_PASS", "${API_TOKEN}", "<token>", "YOUR_KEY_HERE", "********", "<paste-token-here>",
                "{{ secrets.DEPLOY_TOKEN }}", "%DB_PASSWORD%", "[REDACTED]", "<redacted>", "xxxxxxxx", "••••••••",
                "process.env.STAGING_PW", "os.environ['API_TOKEN']", "$(cat ~/.config/app/token)", "<your password>",
                "REPLACE_ME", "${WIFI_PSK}", "{{ .Values.apiKey }}", "<ask me in DM>", "$GRAFANA_ADMIN_PASSWORD",
                "***", "op://Engineering/staging-db/password", "vault:secret/data/ci#token"]


def pw_word():
    w = R.choice(WORDS)
    d = str(R.randint(1, 9999)) if R.random() < 0.8 else str(R.randint(1970, 2026))
    s = R.choice(SYMS[:9])
    form = R.randrange(5)
    if form == 0:
        return w + d + s
    if form == 1:
        return s + w + d
    if form == 2:
        return w + s + R.choice(WORDS).lower() + d
    if form == 3:
        leet = str.maketrans({"a": "4", "e": "3", "o": "0", "i": "1", "s": "$"})
        return w.translate(leet) + R.choice("-_.") + R.choice(WORDS).lower() + s
    return w.lower() + d + w[:1].upper() + s


def pw_phrase(allow_space=True):
    n = R.randint(3, 5)
    words = R.sample(PWORDS, n)
    sep = R.choice(["-", ".", "_", " "] if allow_space else ["-", ".", "_"])
    if R.random() < 0.5:
        words[R.randrange(n)] += str(R.randint(1, 99))
    if R.random() < 0.3:
        words[0] = words[0].capitalize()
    return sep.join(words)


def pw_random(safe=False):
    n = R.randint(10, 24)
    sy = "-_.~!$*" if safe else "!@#$%^&*?+=-_.~"
    while True:
        s = "".join(R.choice(LOWER + UPPER + DIGITS + sy) if i else R.choice(LOWER + UPPER + DIGITS)
                    for i in range(n))
        if any(c.isdigit() for c in s) and any(c.isupper() for c in s) and any(c.islower() for c in s):
            return s


def pw_unicode():
    return R.choice(["Straße", "Ñandú", "Çiçek", "Łódka", "Ölfass", "Mañana", "Żubr", "Ärmel"]) + R.choice("-#!") + \
        str(R.randint(10, 9999))


def pw_layout():
    # Russian words typed on a Latin layout, a common habit
    return R.choice(["Ghbdtn", "Gfhjkm", "Rjntyjr", "Vjcrdf", "Cjkywt"]) + str(R.randint(10, 2026)) + R.choice("!#.")


def gen_password(allow_space=True, safe=False):
    if safe:
        return R.choice([pw_random(True), pw_random(True),
                         R.choice(WORDS) + str(R.randint(10, 9999)) + R.choice("-_.~!*"),
                         pw_phrase(False)])
    k = R.random()
    if k < 0.34:
        return pw_word()
    if k < 0.58:
        return pw_phrase(allow_space)
    if k < 0.88:
        return pw_random()
    if k < 0.95:
        return pw_unicode()
    return pw_layout()


BAD_PREFIX = ("sk", "gh", "xox", "AKIA", "ASIA", "eyJ", "github", "glpat", "pk_", "rk_", "AIza")


def gen_api_token():
    while True:
        k = R.randrange(7)
        if k == 0:
            t = rs(HEX, R.choice([32, 40, 48, 64]))
        elif k == 1:
            t = rs(ALNUM, R.randint(16, 48))
        elif k == 2:
            t = rs(B64URL, R.randint(22, 64))
        elif k == 3:
            t = rs(B32, R.choice([26, 32, 52]))
        elif k == 4:
            t = rs(UPPER + DIGITS, R.randint(20, 40))
        elif k == 5:
            t = "-".join(rs(LOWER + DIGITS, 5) for _ in range(R.randint(4, 6)))
        else:
            t = rs(B64, R.randint(24, 56))
        if t.startswith(BAD_PREFIX) or t.lower().startswith(("sk", "gh", "xox")):
            continue
        if not (any(c.isdigit() for c in t) and any(c.isalpha() for c in t)):
            continue
        if re.search(r"\d{13,}", t):
            continue
        return t


def b62(n, width):
    out = ""
    while n:
        n, r = divmod(n, 62)
        out = (DIGITS + UPPER + LOWER)[r] + out
    return out.rjust(width, "0")


def gen_vendor(kind):
    if kind == "aws_access_key_id":
        return "AKIA" + rs(B32, 16)
    if kind == "aws_secret_access_key":
        return rs(ALNUM + "/+", 40)
    if kind == "github_classic_pat":
        body = rs(ALNUM, 30)
        return "ghp_" + body + b62(zlib.crc32(body.encode()), 6)
    if kind == "github_fine_grained_pat":
        return "github_pat_11" + rs(UPPER + DIGITS, 20) + "_" + rs(ALNUM, 59)
    if kind == "slack_bot_token":
        return "xoxb-%d-%d-%s" % (R.randint(10 ** 10, 10 ** 12), R.randint(10 ** 12, 10 ** 13), rs(ALNUM, 24))
    if kind == "slack_user_token":
        return "xoxp-%d-%d-%d-%s" % (R.randint(10 ** 10, 10 ** 12), R.randint(10 ** 10, 10 ** 12),
                                     R.randint(10 ** 12, 10 ** 13), rs(HEX, 32))
    if kind == "openai_api_key":
        if R.random() < 0.7:
            return "sk-proj-" + rs(B64URL, 58) + "T3BlbkFJ" + rs(B64URL, 58)
        return "sk-" + rs(ALNUM, 20) + "T3BlbkFJ" + rs(ALNUM, 20)
    if kind == "anthropic_api_key":
        return "sk-ant-api03-" + rs(B64URL, 93) + "AA"
    if kind == "jwt":
        def enc(o):
            return base64.urlsafe_b64encode(json.dumps(o, separators=(",", ":")).encode()).decode().rstrip("=")
        hdr = {"alg": "HS256", "typ": "JWT"} if R.random() < 0.5 else {"alg": "RS256", "typ": "JWT", "kid": rs(HEX, 16)}
        iat = R.randint(1735689600, 1767225600)
        pl = {"sub": "svc-" + rs(LOWER + DIGITS, 8), "scope": R.choice(["read", "deploy", "admin"]),
              "iat": iat, "exp": iat + R.choice([3600, 86400, 604800])}
        return enc(hdr) + "." + enc(pl) + "." + rs(B64URL, 43)
    raise ValueError(kind)


VENDOR_KINDS = ["aws_access_key_id", "github_classic_pat", "github_fine_grained_pat", "slack_bot_token",
                "slack_user_token", "openai_api_key", "anthropic_api_key", "jwt"]
VENDOR_THING = {"aws_access_key_id": "AWS", "github_classic_pat": "GitHub", "github_fine_grained_pat": "GitHub",
                "slack_bot_token": "Slack bot", "slack_user_token": "Slack", "openai_api_key": "OpenAI",
                "anthropic_api_key": "Claude API", "jwt": "staging API"}

# --------------------------------------------------------------------------
# wrapping helpers
# --------------------------------------------------------------------------


def wrap_val(v, lang, bare_ok=True):
    opts = ["code", "dq"]
    if bare_ok and " " not in v:
        opts += ["bare", "bare", "bare"]
    if lang in QUOTES:
        opts.append("lq")
    o = R.choice(opts)
    if o == "bare":
        return v
    if o == "code":
        return "`" + v + "`"
    if o == "dq":
        return '"' + v + '"'
    a, b = QUOTES[lang]
    return a + v + b


def fmt(tpl, **kw):
    kw.setdefault("t", R.choice(THINGS))
    kw.setdefault("item", R.choice(ITEMS))
    kw.setdefault("path", R.choice(VPATHS))
    kw.setdefault("var", R.choice(CIVARS))
    kw.setdefault("n", R.choice([10, 12, 14, 16, 20]))
    kw.setdefault("d", R.choice([30, 60, 90, 180]))
    kw.setdefault("date", R.choice(["2026-03-01", "end of Q2", "next Friday", "31.12.2026"]))
    return tpl.format(**kw)


def dm(lines):
    """lines: list of (handle, text)."""
    style = R.randrange(3)
    out = []
    h, m = R.randint(8, 18), R.randint(0, 50)
    for i, (who, txt) in enumerate(lines):
        mm = m + i
        if style == 0:
            out.append("[%02d:%02d] %s: %s" % (h, mm, who, txt))
        elif style == 1:
            out.append("**%s**  %d:%02d\n%s" % (who, h, mm, txt))
        else:
            out.append("%s> %s" % (who, txt))
    return "\n".join(out)


def two_handles():
    return R.sample(HANDLES, 2)


STEP_LINES = ["connect to the VPN first", "`ssh build-03`", "`sudo systemctl restart app`",
              "check the dashboard, the error rate should drop", "post in #ops when done",
              "run `make migrate` before the restart", "clear the browser cache if the login loops",
              "`kubectl -n staging rollout restart deploy/api`", "wait for the health check to go green",
              "open a ticket if it still fails"]
NOTE_LINES = ["- the box reboots at 03:00 UTC, don't be surprised", "- logs are under /var/log/app/",
              "- staging is shared with the data team this week", "- the old hostname still resolves for now",
              "- SSO for the wiki is coming next sprint", "- please don't change the admin email"]
QUOTE_LINES = ["> can someone unblock me on staging?", "> I'm locked out of the wiki again",
               "> new laptop, need access to the build box", "> is the NAS down or is it just me?",
               "> who has admin on Grafana?", "> the demo is in 20 min and I can't log in",
               "> does anyone know how to get into the printer settings?", "> onboarding question: how do I get on the wifi?"]
MISC_LINES = ["also the deploy freeze starts Thursday", "standup moved to 10:30", "coffee machine is fixed btw",
              "ticket is OPS-4821 if you need it", "I'm off tomorrow, ping the on-call", "retro notes are in the wiki",
              "the build is green again", "lunch at 12:30?", "sorry for the delay, was in a call",
              "the release goes out after QA signs off", "reminder: timesheets due Friday", "👍"]
MAIL_BLOCK = ["---------- Forwarded message ---------", "Subject: Access for the new contractor",
              "Date: Mon, 12 May 2025 09:02", "", "Hi team,", "please set them up for the sprint starting today.",
              "Thanks,", "Facilities", "---------------------------------------"]


def log_block():
    out = ["```"]
    h, m = R.randint(0, 23), R.randint(0, 50)
    host = R.choice(["build-03", "staging-01", "nas-02", "jump-01"])
    for i in range(R.randint(2, 6)):
        ts = "%s %2d %02d:%02d:%02d" % (R.choice(["Mar", "May", "Jun", "Oct"]), R.randint(1, 28), h, m + i, R.randint(0, 59))
        ip = "10.%d.%d.%d" % (R.randint(0, 9), R.randint(0, 20), R.randint(2, 250))
        line = R.choice(["%s %s sshd[%d]: Failed password for %s from %s port %d" % (ts, host, R.randint(900, 9999), R.choice(["deploy", "admin", "invalid user test"]), ip, R.randint(40000, 60000)),
                         "%s %s sshd[%d]: Accepted publickey for deploy from %s port %d" % (ts, host, R.randint(900, 9999), ip, R.randint(40000, 60000)),
                         "%s %s app[%d]: auth: login failed for user=admin (attempt %d/5)" % (ts, host, R.randint(100, 999), R.randint(1, 5)),
                         "%s %s app[%d]: auth: account locked for 15 min" % (ts, host, R.randint(100, 999)),
                         "%s %s app[%d]: token refresh ok, expires_in=3600" % (ts, host, R.randint(100, 999))])
        out.append(line)
    out.append("```")
    return out


def shell_block():
    return R.choice([["```", "$ psql -h db-staging.internal -U app appdb", "Password for user app:", "psql (16.2)",
                      "Type \"help\" for help.", "", "appdb=> \\dt", "```"],
                     ["```", "$ ssh build-03", "Last login: Mon May 12 08:55:10 2025", "deploy@build-03:~$ sudo -v",
                      "[sudo] password for deploy:", "```"],
                     ["```", "$ docker login registry.internal", "Username: ci", "Password:", "Login Succeeded", "```"],
                     ["```", "$ git push origin main", "Username for 'https://git.internal.example.com': deploy",
                      "Password for 'https://git.internal.example.com':", "Everything up-to-date", "```"]])


def target_lines():
    x = R.random()
    if x < 0.42:
        return 1
    if x < 0.915:
        return R.randint(2, 9)
    return R.randint(10, 28)


def pad(core, lang, target):
    lines = core.split("\n")
    if len(lines) >= target:
        return core
    pre, post = [], []
    steps = R.sample(STEP_LINES, R.randint(3, 6))
    blocks = [["%d. %s" % (i + 1, x) for i, x in enumerate(steps)], log_block(), shell_block(),
              R.sample(NOTE_LINES, R.randint(2, 4)), MAIL_BLOCK, R.sample(MISC_LINES, 2)]
    R.shuffle(blocks)
    if R.random() < 0.6:
        pre.append(ph(lang, "pre"))
    guard = 0
    while len(pre) + len(lines) + len(post) < target and guard < 30:
        guard += 1
        room = target - (len(pre) + len(lines) + len(post))
        fit = [b for b in blocks if len(b) <= room + 1]
        r = R.random()
        if fit and r < 0.6:
            b = R.choice(fit)
            blocks.remove(b)
            if R.random() < 0.5:
                pre.extend(b)
            else:
                post.extend(b)
        elif r < 0.75:
            x = ph(lang, "post")
            if x not in post:
                post.append(x)
        elif r < 0.85:
            x = R.choice(QUOTE_LINES)
            if x not in pre:
                pre.append(x)
        else:
            x = R.choice(MISC_LINES)
            if x not in post:
                post.append(x)
    out = pre + lines + post
    return "\n".join(out[:40])


# --------------------------------------------------------------------------
# positives
# --------------------------------------------------------------------------

def value_for(kind, lang, url_ok=True):
    if kind == "password":
        return gen_password()
    if kind == "api_token":
        return gen_api_token()
    return gen_vendor(kind)


URL_TPL = ["postgres://{u}:{p}@db-staging.internal:5432/app", "mysql://{u}:{p}@mysql-01.lan:3306/shop",
           "redis://:{p}@cache.staging.internal:6379/0", "https://{u}:{p}@nexus.corp.example.com/repository/npm/",
           "amqps://{u}:{p}@mq.dev.internal:5671/", "mongodb+srv://{u}:{p}@cluster0.abcde.mongodb.net/test",
           "ftp://{u}:{p}@files.office.lan/upload", "https://{u}:{p}@git.internal.example.com/team/app.git"]


def url_cred():
    pw = gen_password(safe=True)
    u = R.choice(["app", "deploy", "svc_ci", "admin", "reader", "upload"])
    return R.choice(URL_TPL).format(u=u, p=pw), pw


def pos_single(kind, lang):
    """Return (core_text, [(kind, value)], form)."""
    if kind == "url_credentials":
        url, pw = url_cred()
        v, secrets = url, [("url_credentials", pw)]
        bare_ok = True
    else:
        v = value_for(kind, lang)
        secrets = [(kind, v)]
        bare_ok = True
    thing = VENDOR_THING.get(kind, R.choice(THINGS))
    form = R.choice(["inline", "inline", "inline", "nextline", "dm", "rotate", "old"])
    if kind == "password" and form == "inline" and R.random() < 0.35:
        key = R.choice(["wifi", "temp"])
    elif kind in ("api_token",) + tuple(VENDOR_KINDS) and form == "inline":
        key = R.choice(["token_for", "use_now"])
    elif form == "inline":
        key = R.choice(["pw_for", "use_now"]) if kind == "password" else "use_now"
    else:
        key = None
    if form == "inline":
        return fmt(ph(lang, key), v=wrap_val(v, lang, bare_ok), t=thing), secrets, "inline:" + key
    if form in ("rotate", "old"):
        return fmt(ph(lang, form), v=wrap_val(v, lang, bare_ok), t=thing), secrets, form
    if form == "nextline":
        cand = [x for x in (ph(lang, "temp"), ph(lang, "pw_for"), ph(lang, "wifi")) if x.endswith("{v}")]
        if kind != "password" or not cand:
            lead = ph(lang, "here_key")
        else:
            lead = fmt(R.choice(cand)[:-3].rstrip(" :：-—/"), t=thing) + R.choice([":", "", " 👇"])
        body = R.choice([v, "```\n" + v + "\n```", "    " + v, "`" + v + "`"])
        return lead + "\n" + body, secrets, "nextline"
    # dm
    a, b = two_handles()
    ask = ph(lang, "ask_wifi") if (kind == "password" and R.random() < 0.3) else fmt(ph(lang, "ask_pw"), t=thing)
    if kind != "password" and lang == "en":
        ask = R.choice(["do you have a {t} token I can use?", "need the {t} key for the demo, got one?",
                        "can you send me creds for {t}?"]).format(t=thing)
    ans = fmt(ph(lang, "answer"), v=wrap_val(v, lang, bare_ok))
    lines = [(a, ask), (b, ans)]
    if R.random() < 0.6:
        lines.append((a, ph(lang, "thanks")))
    return dm(lines), secrets, "dm"


def pos_double(lang):
    combo = R.choice(["aws", "pw_token", "wifi2", "url_pw", "pw_vendor", "user_pw2", "aws"])
    if combo == "aws":
        kid, sec = gen_vendor("aws_access_key_id"), gen_vendor("aws_secret_access_key")
        if lang == "en":
            t = R.choice(["here are the keys for the sandbox account: {a} / {b} (rotate after the workshop)",
                          "sandbox creds, use them for now:\n{a}\n{b}",
                          "key id is {a} and the secret is {b}"]).format(a=kid, b=sec)
        else:
            t = fmt(ph(lang, "use_now"), v=kid + " / " + sec)
        return t, [("aws_access_key_id", kid), ("aws_secret_access_key", sec)], "multi:aws"
    if combo == "pw_token":
        p, k = gen_password(), gen_api_token()
        t = fmt(ph(lang, "pw_for"), v=wrap_val(p, lang)) + "\n" + fmt(ph(lang, "token_for"), v=wrap_val(k, lang))
        return t, [("password", p), ("api_token", k)], "multi:pw_token"
    if combo == "wifi2":
        p1, p2 = gen_password(), gen_password()
        if lang == "en":
            t = "guest wifi: %s, staff wifi: %s" % (wrap_val(p1, lang), wrap_val(p2, lang))
        else:
            t = fmt(ph(lang, "wifi"), v=wrap_val(p1, lang)) + "\n" + fmt(ph(lang, "wifi"), v=wrap_val(p2, lang)) + " (5G)"
        return t, [("password", p1), ("password", p2)], "multi:wifi2"
    if combo == "url_pw":
        url, up = url_cred()
        p = gen_password()
        t = fmt(ph(lang, "use_now"), v=url) + "\n" + fmt(ph(lang, "pw_for"), v=wrap_val(p, lang), t="pgAdmin")
        return t, [("url_credentials", up), ("password", p)], "multi:url_pw"
    if combo == "pw_vendor":
        kind = R.choice(VENDOR_KINDS)
        p, k = gen_password(), gen_vendor(kind)
        t = fmt(ph(lang, "temp"), v=wrap_val(p, lang)) + "\n" + fmt(ph(lang, "token_for"), v=k, t=VENDOR_THING[kind])
        return t, [("password", p), (kind, k)], "multi:pw_vendor"
    p1, p2 = gen_password(), gen_password()
    a, b = two_handles()
    t = dm([(a, fmt(ph(lang, "ask_pw"), t="Grafana")), (b, fmt(ph(lang, "answer"), v=wrap_val(p1, lang))),
            (b, fmt(ph(lang, "pw_for"), v=wrap_val(p2, lang), t="Kibana"))])
    return t, [("password", p1), ("password", p2)], "multi:dm2"


def build_positives():
    kinds = (["password"] * 80 + ["api_token"] * 44 + ["url_credentials"] * 22 +
             [k for k in VENDOR_KINDS for _ in range(3)])
    assert len(kinds) == 170
    specs = [("single", k) for k in kinds] + [("double", None)] * 30
    R.shuffle(specs)
    recs, seen = [], set()
    for i, (sd, kind) in enumerate(specs):
        for _ in range(50):
            lang = lang_pick()
            if sd == "single":
                core, secrets, form = pos_single(kind, lang)
                ctx = "%s:%s:%s" % (kind, form, lang)
            else:
                core, secrets, form = pos_double(lang)
                ctx = "%s:%s" % (form, lang)
            tgt = 1 if "\n" not in core and R.random() < 0.15 else target_lines()
            text = pad(core, lang, tgt)
            if text in seen:
                continue
            ok = all(text.count(v) == 1 for _, v in secrets)
            if ok and not residual_hits(text, [v for _, v in secrets]):
                break
        else:
            raise SystemExit("positive %d: unlabelled secret-looking text: %r" % (i, residual_hits(text, [v for _, v in secrets])))
        seen.add(text)
        recs.append({"id": "dev21p-%04d" % (i + 1), "text": text,
                     "secrets": [{"kind": k, "value": v} for k, v in secrets], "context": ctx})
    return recs


# --------------------------------------------------------------------------
# negatives
# --------------------------------------------------------------------------
PUBLIC_OK = set(tok for s in SSIDS for tok in s.split())


def pub_value():
    k = R.randrange(8)
    if k == 0:
        v = "SHA256:" + rs(B64, 43)
    elif k == 1:
        v = "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI" + rs(B64, 43) + " ci-deploy-key"
    elif k == 2:
        v = "Iv1." + rs(HEX, 16)
    elif k == 3:
        v = "%d-%s.apps.googleusercontent.com" % (R.randint(10 ** 11, 10 ** 12 - 1), rs(LOWER + DIGITS, 32))
    elif k == 4:
        v = R.choice(["pk_live_", "pk_test_"]) + rs(ALNUM, 24)
    elif k == 5:
        v = rs(HEX, R.choice([7, 40]))
    elif k == 6:
        v = R.choice(["OPS", "SEC", "INFRA", "HELP"]) + "-" + str(R.randint(100, 9999))
    else:
        v = "0x" + rs("0123456789ABCDEF", 16)
    for tok in v.split():
        PUBLIC_OK.add(tok)
    return v, ["ssh_fingerprint", "ssh_public_key", "github_app_client_id", "google_client_id",
               "publishable_key", "commit_hash", "ticket_id", "gpg_key_id"][k]


def neg_core(cat, lang):
    en = lang == "en"
    if cat == "secret_location":
        form = R.choice(["inline", "inline", "dm"])
        if form == "dm":
            a, b = two_handles()
            ans = fmt(ph(lang, "loc_answer")) if not en else fmt(R.choice(L["en"]["loc_answer"]))
            return dm([(a, fmt(ph(lang, "ask_pw"))), (b, ans)])
        return fmt(ph(lang, R.choice(["loc_1p", "loc_vault", "loc_ci"])))
    if cat == "placeholder_variable":
        v = R.choice(PLACEHOLDERS)
        form = R.choice(["inline", "inline", "nextline", "dm"])
        key = R.choice(["pw_for", "token_for", "use_now", "temp", "wifi"])
        if key == "wifi":
            v = R.choice(["${WIFI_PSK}", "********", "<ask me in DM>", "[REDACTED]", "xxxxxxxx", "••••••••"])
        if form == "nextline":
            return fmt(ph(lang, "here_key")) + "\n" + R.choice([v, "`" + v + "`", "```\n" + v + "\n```"])
        if form == "dm":
            a, b = two_handles()
            return dm([(a, fmt(ph(lang, "ask_pw"))), (b, fmt(ph(lang, "answer"), v="`" + v + "`"))])
        return fmt(ph(lang, key), v=R.choice([v, "`" + v + "`"]))
    if cat == "policy_talk":
        return fmt(ph(lang, "policy"))
    if cat == "ordinary_word":
        return fmt(ph(lang, "ordinary"))
    if cat == "state_description":
        return fmt(ph(lang, "state"))
    if cat == "handover_elsewhere":
        if R.random() < 0.35:
            a, b = two_handles()
            hs = L[lang]["handover"]
            j = R.randrange(len(hs))
            wifi_idx = 2 if lang == "en" else 1
            ask = ph(lang, "ask_wifi") if j == wifi_idx else fmt(ph(lang, "ask_pw"))
            return dm([(a, ask), (b, fmt(hs[j]))])
        return fmt(ph(lang, "handover"))
    if cat == "fake_example":
        v = R.choice(FAKES)
        return fmt(ph(lang, "fake"), v=R.choice(["`" + v + "`", '"' + v + '"']))
    if cat == "public_value":
        if R.random() < 0.3:
            s = R.choice(SSIDS)
            return fmt(ph(lang, "ssid"), s=R.choice(['"' + s + '"', "`" + s + "`"]))
        v, sub = pub_value()
        if en:
            tpl = {"ssh_fingerprint": ["the host key fingerprint is {c}, verify it before you type yes",
                                       "server fingerprint: {c} (public, safe to post)"],
                   "ssh_public_key": ["here's my public key, add it to authorized_keys:\n{c}",
                                      "public key for the deploy user:\n```\n{c}\n```"],
                   "github_app_client_id": ["the GitHub App client id is {c}, the secret is in Vault"],
                   "google_client_id": ["OAuth client id: {c} (not secret, it's in the frontend bundle)"],
                   "publishable_key": ["the publishable key is {c}, that one is meant for the browser"],
                   "commit_hash": ["the key change is in {c}", "fixed the password reset in {c}"],
                   "ticket_id": ["the token rotation is tracked in {c}", "password reset bug: {c}"],
                   "gpg_key_id": ["my GPG key id is {c}, signed releases use it"]}[sub]
            return R.choice(tpl).format(c=v)
        if sub in ("github_app_client_id", "google_client_id", "publishable_key"):
            return fmt(ph(lang, "public"), c="`" + v + "`")
        # mixed channel: a line in the language, then the value with an English technical label
        lab = {"ssh_fingerprint": "host key fingerprint (public): {c}", "ssh_public_key": "public key:\n{c}",
               "commit_hash": "fix commit: {c}", "ticket_id": "ticket: {c}", "gpg_key_id": "GPG key id (public): {c}"}[sub]
        return ph(lang, "pre") + "\n" + lab.format(c=v)
    raise ValueError(cat)


NEG_CATS = ["secret_location", "placeholder_variable", "policy_talk", "ordinary_word", "public_value",
            "state_description", "handover_elsewhere", "fake_example"]


def build_negatives():
    specs = [c for c in NEG_CATS for _ in range(50)]
    R.shuffle(specs)
    recs, seen, redraws = [], set(), Counter()
    for i, cat in enumerate(specs):
        for attempt in range(200):
            lang = lang_pick()
            core = neg_core(cat, lang)
            tgt = target_lines()
            text = pad(core, lang, tgt)
            if text in seen:
                redraws["duplicate"] += 1
                continue
            hits = scan(text)
            if hits:
                for h in hits:
                    redraws[h[0]] += 1
                continue
            break
        else:
            raise SystemExit("could not draw a clean negative for " + cat)
        seen.add(text)
        recs.append({"id": "dev21n-%04d" % (i + 1), "text": text, "category": cat, "_lang": lang})
    return recs, redraws


# --------------------------------------------------------------------------
# scanner
# --------------------------------------------------------------------------

def luhn(d):
    s, alt = 0, False
    for c in reversed(d):
        n = int(c)
        if alt:
            n *= 2
            if n > 9:
                n -= 9
        s += n
        alt = not alt
    return s % 10 == 0


def iban_ok(s):
    s = s.replace(" ", "")
    if not re.fullmatch(r"[A-Z]{2}\d{2}[A-Z0-9]{10,30}", s):
        return False
    r = s[4:] + s[:4]
    return int("".join(str(int(c, 36)) for c in r)) % 97 == 1


def public_ip(a):
    p = [int(x) for x in a.split(".")]
    if any(x > 255 for x in p):
        return False
    if p[0] in (0, 10, 127) or p[0] >= 224:
        return False
    if p[0] == 172 and 16 <= p[1] <= 31 or p[0] == 192 and p[1] == 168 or p[0] == 169 and p[1] == 254:
        return False
    if p[0] == 100 and 64 <= p[1] <= 127:
        return False
    if p[:3] in ([192, 0, 2], [198, 51, 100], [203, 0, 113]):
        return False
    return True


ALLOW_RE = [r"^`?\$", r"^\$\{", r"^<", r"^\{\{", r"^%", r"^op://", r"^vault:", r"^https?://[^@\s]+$",
            r"^[0-9a-f]{7,64}$", r"^\d{4}-\d{2}-\d{2}", r"^\d{1,2}:\d{2}", r"^(OPS|SEC|INFRA|HELP)-\d+$",
            r"EXAMPLE", r"^x+$", r"^\*+$", r"^•+$", r"1Password", r"^\w+=\d+$", r"^\w+@[\w-]+:~?\$?$",
            r"^@?[\w-]+(\.[\w-]+)*\.(internal|lan|net|com|local)(:\d+)?(/\S*)?$"]
FAKE_SET = set(FAKES)


def looks_random(tok):
    t = tok.strip(".,:;!?)(\"'`“”„«»「」")
    if len(t) < 8:
        return False
    if t in FAKE_SET or t in PUBLIC_OK:
        return False
    for a in ALLOW_RE:
        if re.search(a, t):
            return False
    lo = any(c.islower() for c in t)
    up = any(c.isupper() for c in t)
    dg = any(c.isdigit() for c in t)
    sy = any(c in "!@#$%^&*+=?~" for c in t)
    al = lo or up
    if not (al and dg):
        return False
    return (lo and up) or sy or len(t) >= 16


def scan(text, allowed=()):
    hits = []
    low = text
    for v in allowed:
        low = low.replace(v, " ")
    if re.search(r"[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+\.[A-Za-z]{2,}", low):
        hits.append(("email", ""))
    for pat, name in [(r"gh[pousr]_[A-Za-z0-9]{30,}", "github"), (r"github_pat_[A-Za-z0-9_]{30,}", "github"),
                      (r"xox[abposr]-\d+-", "slack"), (r"sk-[A-Za-z0-9_-]{32,}", "sk_key"),
                      (r"eyJ[\w-]+\.eyJ[\w-]+\.[\w-]+", "jwt"), (r"\b\d{3}-\d{2}-\d{4}\b", "ssn"),
                      (r"-----BEGIN [A-Z ]*PRIVATE KEY-----\s*\n[A-Za-z0-9+/]{20,}", "pem"),
                      (r"\b(AKIA|ASIA)[A-Z0-9]{16}\b", "aws"), (r"sk_live_[A-Za-z0-9]{10,}", "stripe_secret"),
                      (r"://[^/\s:@]*:[^@\s/]+@", "url_userinfo"),
                      (r"(?<![\w.])\+\d{1,3}[\s-]?\(?\d{1,4}\)?[\s-]?\d{2,4}[\s-]?\d{2,4}", "phone"),
                      (r"\b0\d{2,4}[ /-]\d{3,}[ -]?\d{2,}\b", "phone")]:
        m = re.search(pat, low)
        if m and not (name == "aws" and "EXAMPLE" in m.group(0)):
            if name == "url_userinfo" and re.search(r"://[^/\s:@]*:(<[^>]+>|\$\{?\w+\}?|\*+|x+)@", m.group(0)):
                continue
            hits.append((name, m.group(0)))
    for m in re.finditer(r"(?<!\d)(?:\d[ -]?){12,18}\d(?!\d)", low):
        d = re.sub(r"\D", "", m.group(0))
        if 13 <= len(d) <= 19 and luhn(d):
            hits.append(("luhn", m.group(0)))
    for m in re.finditer(r"\b[A-Z]{2}\d{2}(?: ?[A-Z0-9]{4}){3,7}(?: ?[A-Z0-9]{1,4})?\b", low):
        if iban_ok(m.group(0)):
            hits.append(("iban", m.group(0)))
    for m in re.finditer(r"(?<![\d.])(\d{1,3}(?:\.\d{1,3}){3})(?![\d.])", low):
        if public_ip(m.group(1)):
            hits.append(("public_ip", m.group(1)))
    for tok in re.split(r"[\s`'\"“”„«»「」()\[\]<>,;：（）]+", low):
        if looks_random(tok):
            hits.append(("live_looking", tok))
    return hits


def residual_hits(text, values):
    """Anything secret-looking in a positive besides its labels."""
    return scan(text, allowed=values)


# --------------------------------------------------------------------------
# checks and output
# --------------------------------------------------------------------------

def check_positive(rec):
    for s in rec["secrets"]:
        assert s["value"] in rec["text"], rec["id"]
        k, v = s["kind"], s["value"]
        if k == "jwt":
            h, p, _ = v.split(".")
            for part in (h, p):
                json.loads(base64.urlsafe_b64decode(part + "=" * (-len(part) % 4)))
        if k == "url_credentials":
            assert re.search(r"://[^/\s:@]*:" + re.escape(v) + "@", rec["text"]), rec["id"]
        if k == "api_token":
            assert 16 <= len(v) <= 64, v
        if k == "github_classic_pat":
            assert b62(zlib.crc32(v[4:34].encode()), 6) == v[34:]
        if k == "aws_access_key_id":
            assert re.fullmatch(r"AKIA[A-Z2-7]{16}", v)


def main():
    pos = build_positives()
    neg, redraws = build_negatives()
    for r in pos:
        check_positive(r)
    langs_neg = Counter(r.pop("_lang") for r in neg)
    for r in neg:
        assert not scan(r["text"]), r["id"]
    out_n = os.path.join(HERE, "dev21_negatives.jsonl")
    out_p = os.path.join(HERE, "dev21_positives.jsonl")
    with open(out_n, "w", encoding="utf-8") as f:
        for r in neg:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")
    with open(out_p, "w", encoding="utf-8") as f:
        for r in pos:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")
    if "--stats" in sys.argv:
        def nl(t):
            return t.count("\n") + 1
        print("negatives", len(neg), "positives", len(pos), "secrets", sum(len(r["secrets"]) for r in pos))
        print("redraws", dict(redraws))
        print("neg langs", dict(langs_neg))
        print("pos langs", dict(Counter(r["context"].rsplit(":", 1)[1] for r in pos)))
        print("pos kinds", dict(Counter(s["kind"] for r in pos for s in r["secrets"])))
        print("pos per msg", dict(Counter(len(r["secrets"]) for r in pos)))
        print("pos forms", dict(Counter(r["context"].split(":")[1] if not r["context"].startswith("multi")
                                        else r["context"].rsplit(":", 1)[0] for r in pos)))
        for name, rs_ in (("neg", neg), ("pos", pos)):
            ls = [nl(r["text"]) for r in rs_]
            print(name, "lines: single", sum(x == 1 for x in ls), "10+", sum(x >= 10 for x in ls),
                  "max", max(ls), "min", min(ls))
        for c in NEG_CATS:
            ls = [nl(r["text"]) for r in neg if r["category"] == c]
            print(" ", c, len(ls), min(ls), max(ls))


if __name__ == "__main__":
    main()
