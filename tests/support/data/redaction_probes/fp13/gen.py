#!/usr/bin/env python3
"""fp13 probe: secret-NAMED keys carrying values that are NOT secrets.

Negatives: placeholder / reference / masked / setting / documented default / marked test fixture.
Positives: the same formats and languages, with real-looking secret values.

Standard library only. random.Random(1313) is the only randomness, drawn in a fixed order.
`python3 gen.py` writes fp13_negatives.jsonl and fp13_positives.jsonl next to this file.
"""
import base64
import ipaddress
import json
import os
import re
import string
import zlib

import random

SEED = 1313
R = random.Random(SEED)
NAME = "fp13"
HERE = os.path.dirname(os.path.abspath(__file__))

LANGS = ["en", "it", "nl", "sv", "ko", "zh", "ru", "ar"]

# ---------------------------------------------------------------------------
# vocabulary
# ---------------------------------------------------------------------------
SVCS = ["ledger", "payments", "checkout", "cards", "fraud", "loyalty", "catalog", "orders", "kyc",
        "treasury", "settlement", "swiftgw", "storefront", "cart", "search", "statements", "onboarding",
        "refunds", "pricing", "fx", "mortgages", "returns", "shipping", "invoicing"]
ENVS = ["prod", "staging", "uat", "dev", "preprod", "test"]
REGIONS = ["eu-west-1", "eu-central-1", "eu-north-1", "eu-south-1", "me-central-1", "ap-northeast-2",
           "eu-west-3"]
ORGS = ["bank", "shop", "ecom", "retail", "core"]

SECRET_CONCEPTS = [
    ["db", "password"], ["ledger", "db", "password"], ["payments", "api", "key"],
    ["stripe", "secret", "key"], ["adyen", "api", "key"], ["swift", "gateway", "token"],
    ["core", "banking", "client", "secret"], ["jwt", "secret"], ["session", "secret"],
    ["webhook", "signing", "secret"], ["kafka", "sasl", "password"], ["redis", "password"],
    ["smtp", "password"], ["sftp", "password"], ["hsm", "pin"], ["oauth", "client", "secret"],
    ["github", "token"], ["slack", "bot", "token"], ["openai", "api", "key"],
    ["aws", "secret", "access", "key"], ["encryption", "key"], ["signing", "key"],
    ["checkout", "api", "token"], ["psd2", "client", "secret"], ["card", "vault", "api", "key"],
    ["shopify", "access", "token"], ["algolia", "admin", "key"], ["sendgrid", "api", "key"],
    ["datadog", "api", "key"], ["keystore", "password"], ["truststore", "password"],
    ["ldap", "bind", "password"], ["rabbitmq", "password"], ["admin", "password"], ["master", "key"],
    ["app", "secret", "key"], ["elastic", "password"], ["mongo", "password"], ["refresh", "token"],
    ["access", "token"], ["private", "key"], ["api", "secret"], ["fraud", "scoring", "api", "key"],
    ["klarna", "api", "password"], ["paypal", "client", "secret"], ["mastercard", "signing", "key"],
    ["pg", "password"], ["mssql", "sa", "password"], ["anthropic", "api", "key"], ["npm", "token"],
]

FILLERS = [
    (["host"], lambda s: "%s-db.%s.internal" % (s, R.choice(ENVS)), "str"),
    (["port"], lambda s: R.choice(["5432", "3306", "6379", "9092", "1433", "5671", "8443"]), "num"),
    (["region"], lambda s: R.choice(REGIONS), "str"),
    (["timeout", "seconds"], lambda s: str(R.choice([5, 10, 15, 30, 60])), "num"),
    (["username"], lambda s: "svc_%s" % s, "str"),
    (["pool", "size"], lambda s: str(R.choice([10, 20, 32, 50])), "num"),
    (["base", "url"], lambda s: "https://%s.api.internal" % s, "str"),
    (["enabled"], lambda s: R.choice(["true", "false"]), "bool"),
    (["merchant", "account"], lambda s: R.choice(["EcomShopNL", "EcomShopSE", "EcomShopIT", "RetailEU"]), "str"),
    (["log", "level"], lambda s: R.choice(["info", "warn", "debug"]), "str"),
    (["retries"], lambda s: str(R.choice([2, 3, 5])), "num"),
]


def w_upper(w): return "_".join(x.upper() for x in w)
def w_snake(w): return "_".join(w)
def w_kebab(w): return "-".join(w)
def w_camel(w): return w[0] + "".join(x.capitalize() for x in w[1:])
def w_pascal(w): return "".join(x.capitalize() for x in w)
def w_dot(w): return ".".join(w)


def pick(seq):
    return seq[R.randrange(len(seq))]


def rand_str(alpha, n):
    return "".join(alpha[R.randrange(len(alpha))] for _ in range(n))


ALNUM = string.ascii_letters + string.digits
HEX = "0123456789abcdef"
B62 = string.digits + string.ascii_uppercase + string.ascii_lowercase

# ---------------------------------------------------------------------------
# localized text
# ---------------------------------------------------------------------------
LEAD = {
    "placeholder_value": {
        "en": ["this is the template we ship in the repo, fill in your own value locally:",
               "the sample config from the onboarding page:", "copy this into your .env and replace the placeholder:"],
        "it": ["questo è il template nel repo, il valore lo mettete voi in locale:",
               "config di esempio dalla pagina di onboarding:"],
        "nl": ["dit is het sjabloon uit de repo, vul lokaal je eigen waarde in:",
               "voorbeeldconfig van de onboarding-pagina:"],
        "sv": ["det här är mallen i repot, fyll i ditt eget värde lokalt:", "exempelkonfig från onboardingsidan:"],
        "ko": ["레포에 있는 템플릿이에요. 값은 로컬에서 직접 채워 주세요:", "온보딩 페이지의 예시 설정입니다:"],
        "zh": ["这是仓库里的模板，值请在本地自己填：", "入职文档里的示例配置："],
        "ru": ["это шаблон из репозитория, значение подставьте у себя локально:", "пример конфига со страницы онбординга:"],
        "ar": ["هذا هو القالب الموجود في المستودع، ضعوا القيمة الخاصة بكم محليًا:", "مثال الإعدادات من صفحة الإعداد الأولي:"],
    },
    "reference_to_store": {
        "en": ["we don't keep the value in config anymore, it's just a pointer to the store:",
               "after the migration to the secret manager the config looks like this:"],
        "it": ["il valore non sta più nella config, c'è solo il riferimento al vault:",
               "dopo la migrazione al secret manager la config è così:"],
        "nl": ["de waarde staat niet meer in de config, alleen een verwijzing naar de vault:",
               "na de migratie naar de secret manager ziet de config er zo uit:"],
        "sv": ["värdet ligger inte längre i konfigen, bara en referens till valvet:",
               "efter migreringen till secret manager ser konfigen ut så här:"],
        "ko": ["이제 설정에는 값이 없고 시크릿 저장소 경로만 있어요:", "시크릿 매니저로 옮긴 뒤 설정은 이렇습니다:"],
        "zh": ["配置里已经不放值了，只是指向密钥库的引用：", "迁移到 secret manager 之后配置是这样的："],
        "ru": ["значения в конфиге больше нет, только ссылка на хранилище:", "после переезда на secret manager конфиг выглядит так:"],
        "ar": ["لم تعد القيمة موجودة في الإعدادات، فقط مرجع إلى الخزنة:", "بعد الانتقال إلى مدير الأسرار أصبحت الإعدادات هكذا:"],
    },
    "masked_or_redacted": {
        "en": ["output from the deploy job, values are masked:", "pasting the log, the tool already redacted it:"],
        "it": ["output del job di deploy, i valori sono mascherati:", "incollo il log, lo strumento l'ha già oscurato:"],
        "nl": ["output van de deploy-job, de waarden zijn gemaskeerd:", "ik plak de log, de tool heeft het al weggelakt:"],
        "sv": ["utdata från deploy-jobbet, värdena är maskerade:", "klistrar in loggen, verktyget har redan maskat den:"],
        "ko": ["배포 잡 출력입니다. 값은 마스킹되어 있어요:", "로그 붙여요, 도구가 이미 가려 놨습니다:"],
        "zh": ["部署任务的输出，值已经打码了：", "贴一下日志，工具已经自动脱敏了："],
        "ru": ["вывод деплой-джобы, значения замаскированы:", "вставляю лог, инструмент уже всё скрыл:"],
        "ar": ["مخرجات مهمة النشر، القيم مخفية:", "ألصق السجل، الأداة حجبت القيم مسبقًا:"],
    },
    "setting_not_secret": {
        "en": ["these are just the policy knobs, nothing sensitive:", "the auth settings we agreed on in the review:"],
        "it": ["sono solo i parametri della policy, niente di sensibile:", "le impostazioni di auth decise in review:"],
        "nl": ["dit zijn alleen de beleidsinstellingen, niets gevoeligs:", "de auth-instellingen die we in de review hebben afgesproken:"],
        "sv": ["det här är bara policyinställningarna, inget känsligt:", "auth-inställningarna vi kom överens om i granskningen:"],
        "ko": ["정책 설정값일 뿐이라 민감한 건 없어요:", "리뷰에서 합의한 인증 설정입니다:"],
        "zh": ["这些只是策略参数，没有敏感内容：", "评审时定下来的认证配置："],
        "ru": ["это просто параметры политики, ничего секретного:", "настройки аутентификации, о которых договорились на ревью:"],
        "ar": ["هذه مجرد إعدادات السياسة، لا شيء حساس:", "إعدادات المصادقة التي اتفقنا عليها في المراجعة:"],
    },
    "documented_default": {
        "en": ["from the vendor docs, this is the out-of-the-box default:", "straight from the manual:"],
        "it": ["dalla documentazione del fornitore, è il default di fabbrica:", "preso pari pari dal manuale:"],
        "nl": ["uit de documentatie van de leverancier, dit is de standaardwaarde:", "rechtstreeks uit de handleiding:"],
        "sv": ["från leverantörens dokumentation, det här är standardvärdet:", "direkt ur manualen:"],
        "ko": ["벤더 문서에 나온 기본값이에요:", "매뉴얼에 그대로 나와 있는 내용:"],
        "zh": ["厂商文档里写的出厂默认值：", "直接摘自手册："],
        "ru": ["из документации вендора, это значение по умолчанию:", "прямо из руководства:"],
        "ar": ["من توثيق المورّد، هذه هي القيمة الافتراضية:", "منقول حرفيًا من الدليل:"],
    },
    "test_fixture_marked": {
        "en": ["test fixture only, these are fake:", "from the unit tests, dummy values:"],
        "it": ["solo fixture di test, sono finti:", "dai test unitari, valori fittizi:"],
        "nl": ["alleen een testfixture, deze zijn nep:", "uit de unittests, dummywaarden:"],
        "sv": ["bara testfixtur, de här är påhittade:", "från enhetstesterna, dummyvärden:"],
        "ko": ["테스트 픽스처일 뿐이고 가짜 값이에요:", "유닛 테스트의 더미 값:"],
        "zh": ["只是测试夹具，都是假的：", "单元测试里的假数据："],
        "ru": ["это только тестовая фикстура, значения фейковые:", "из юнит-тестов, фиктивные значения:"],
        "ar": ["مجرد بيانات اختبار، القيم وهمية:", "من اختبارات الوحدة، قيم صورية:"],
    },
    "positive": {
        "en": ["here's the config from the box, can someone check why it fails?", "pasting what I have in prod right now:",
               "this is what's on the staging host:"],
        "it": ["ecco la config dal server, qualcuno vede perché fallisce?", "incollo quello che ho in prod adesso:"],
        "nl": ["hier is de config van de server, ziet iemand waarom het faalt?", "dit staat nu in prod:"],
        "sv": ["här är konfigen från servern, ser någon varför det fallerar?", "klistrar in det jag har i prod just nu:"],
        "ko": ["서버에 있는 설정이에요, 왜 실패하는지 봐 주실 분?", "지금 프로덕션에 있는 값 붙여요:"],
        "zh": ["这是服务器上的配置，谁帮忙看下为什么失败？", "贴一下现在生产上的配置："],
        "ru": ["вот конфиг с сервера, кто-нибудь видит, почему падает?", "вставляю то, что сейчас в проде:"],
        "ar": ["هذه الإعدادات من الخادم، هل يرى أحد سبب الفشل؟", "ألصق ما لدي في الإنتاج الآن:"],
    },
}

PROSE = {
    "placeholder_value": {
        "en": "In the runbook `{k}` is literally `{v}` — that's a placeholder, the real one comes from the vault at deploy.",
        "it": "Nel runbook `{k}` è letteralmente `{v}`: è un segnaposto, quello vero arriva dal vault al deploy.",
        "nl": "In het runbook staat `{k}` letterlijk op `{v}` — dat is een placeholder, de echte komt bij de deploy uit de vault.",
        "sv": "I runbooken står `{k}` bokstavligen som `{v}` — det är en platshållare, det riktiga värdet hämtas från valvet vid deploy.",
        "ko": "런북에는 `{k}` 값이 그냥 `{v}`로 되어 있어요. 자리표시자이고 실제 값은 배포 때 볼트에서 가져옵니다.",
        "zh": "运行手册里 `{k}` 写的就是 `{v}`，这只是占位符，真正的值部署时从 vault 取。",
        "ru": "В ранбуке `{k}` буквально равен `{v}` — это заглушка, настоящее значение берётся из vault при деплое.",
        "ar": "في دليل التشغيل القيمة `{k}` مكتوبة حرفيًا `{v}` — هذا مجرد عنصر نائب، والقيمة الحقيقية تأتي من الخزنة عند النشر.",
    },
    "reference_to_store": {
        "en": "`{k}` isn't the secret itself, it points to `{v}`; ask platform for read access if you need it.",
        "it": "`{k}` non è il segreto, punta a `{v}`; chiedete a platform l'accesso in lettura se serve.",
        "nl": "`{k}` is niet het geheim zelf, het verwijst naar `{v}`; vraag platform om leesrechten als je het nodig hebt.",
        "sv": "`{k}` är inte själva hemligheten, den pekar på `{v}`; be plattformsteamet om läsbehörighet om du behöver den.",
        "ko": "`{k}`는 시크릿 자체가 아니라 `{v}`를 가리킵니다. 필요하면 플랫폼 팀에 읽기 권한 요청하세요.",
        "zh": "`{k}` 不是密钥本身，它指向 `{v}`，需要的话找平台组开读权限。",
        "ru": "`{k}` — это не сам секрет, а ссылка на `{v}`; если нужен доступ на чтение, пишите платформе.",
        "ar": "`{k}` ليس السر نفسه، بل يشير إلى `{v}`؛ اطلبوا صلاحية القراءة من فريق المنصة إذا احتجتم.",
    },
    "masked_or_redacted": {
        "en": "the admin UI only shows `{k}` as `{v}`, so I can't tell whether it was rotated.",
        "it": "la UI di amministrazione mostra `{k}` solo come `{v}`, quindi non capisco se è stato ruotato.",
        "nl": "de admin-UI toont `{k}` alleen als `{v}`, dus ik kan niet zien of hij geroteerd is.",
        "sv": "admin-gränssnittet visar bara `{k}` som `{v}`, så jag kan inte se om den har roterats.",
        "ko": "관리 화면에서는 `{k}`가 `{v}`로만 보여서 교체됐는지 알 수가 없네요.",
        "zh": "管理后台里 `{k}` 只显示成 `{v}`，看不出有没有轮换过。",
        "ru": "в админке `{k}` отображается только как `{v}`, поэтому непонятно, ротировали его или нет.",
        "ar": "واجهة الإدارة تعرض `{k}` فقط على شكل `{v}`، لذلك لا أعرف إن كان قد تم تدويره.",
    },
    "setting_not_secret": {
        "en": "FYI we set `{k}` to `{v}` in the new auth policy, security signed off on it.",
        "it": "FYI abbiamo impostato `{k}` a `{v}` nella nuova policy di auth, security ha approvato.",
        "nl": "Ter info: we hebben `{k}` op `{v}` gezet in het nieuwe auth-beleid, security heeft het goedgekeurd.",
        "sv": "FYI vi satte `{k}` till `{v}` i den nya auth-policyn, säkerhet har godkänt.",
        "ko": "참고로 새 인증 정책에서 `{k}`를 `{v}`로 설정했고 보안팀 승인 받았습니다.",
        "zh": "告知一下：新的认证策略里 `{k}` 设成了 `{v}`，安全组已经批准。",
        "ru": "К сведению: в новой политике аутентификации `{k}` = `{v}`, безопасность согласовала.",
        "ar": "للعلم: ضبطنا `{k}` على `{v}` في سياسة المصادقة الجديدة، ووافق فريق الأمن.",
    },
    "test_fixture_marked": {
        "en": "in the test suite `{k}` is `{v}`, it's a fake only the mock server accepts.",
        "it": "nella suite di test `{k}` vale `{v}`, è finto e lo accetta solo il mock server.",
        "nl": "in de testsuite is `{k}` gewoon `{v}`, nep, alleen de mockserver accepteert het.",
        "sv": "i testsviten är `{k}` satt till `{v}`, det är fejk och bara mockservern godtar det.",
        "ko": "테스트 스위트에서 `{k}`는 `{v}`인데, 목 서버만 받아주는 가짜 값입니다.",
        "zh": "测试套件里 `{k}` 就是 `{v}`，是假的，只有 mock 服务器认。",
        "ru": "в тестах `{k}` = `{v}`, это фейк, его принимает только мок-сервер.",
        "ar": "في مجموعة الاختبارات `{k}` قيمته `{v}`، وهي قيمة وهمية لا يقبلها إلا الخادم الوهمي.",
    },
}

FAKE_COMMENT = {
    "en": "fake value, tests only", "it": "valore finto, solo per i test", "nl": "nepwaarde, alleen voor tests",
    "sv": "låtsasvärde, bara för tester", "ko": "가짜 값, 테스트 전용", "zh": "假值，仅用于测试",
    "ru": "фейковое значение, только для тестов", "ar": "قيمة وهمية للاختبار فقط",
}
PH_COMMENT = {
    "en": "set locally, never commit the real value", "it": "da impostare in locale, mai committare il valore vero",
    "nl": "lokaal invullen, nooit de echte waarde committen", "sv": "sätts lokalt, checka aldrig in det riktiga värdet",
    "ko": "로컬에서 설정, 실제 값은 커밋 금지", "zh": "本地设置，真实值不要提交",
    "ru": "задаётся локально, настоящее значение не коммитить", "ar": "تُضبط محليًا، لا ترفعوا القيمة الحقيقية أبدًا",
}
TRAIL = {
    "en": ["thanks!", "ping me if it's unclear", "(same in staging)"], "it": ["grazie!", "(uguale in staging)"],
    "nl": ["bedankt!", "(zelfde in staging)"], "sv": ["tack!", "(samma i staging)"], "ko": ["감사합니다!", "(스테이징도 동일)"],
    "zh": ["谢谢！", "（预发环境一样）"], "ru": ["спасибо!", "(в стейдже так же)"], "ar": ["شكرًا!", "(نفس الشيء في بيئة الاختبار)"],
}

# ---------------------------------------------------------------------------
# generic renderer
# ---------------------------------------------------------------------------
CONFIG_FMTS = ["env", "yaml", "json", "toml", "ini", "xml", "properties", "hcl", "helm", "ansible", "gha",
               "cli", "python", "js", "ts", "go", "java", "kotlin", "csharp", "swift", "scala", "sql", "log",
               "prose"]
CODE_FMTS = ["python", "js", "ts", "go", "java", "kotlin", "csharp", "swift", "scala"]
COMMENT = {"env": "#", "yaml": "#", "toml": "#", "ini": ";", "properties": "#", "hcl": "#", "helm": "#",
           "ansible": "#", "gha": "#", "cli": "#", "python": "#", "js": "//", "ts": "//", "go": "//",
           "java": "//", "kotlin": "//", "csharp": "//", "swift": "//", "scala": "//", "sql": "--"}
FENCE = {"env": "", "yaml": "yaml", "json": "json", "toml": "toml", "ini": "ini", "xml": "xml",
         "properties": "properties", "hcl": "hcl", "helm": "yaml", "ansible": "yaml", "gha": "yaml", "cli": "bash",
         "python": "python", "js": "js", "ts": "ts", "go": "go", "java": "java", "kotlin": "kotlin",
         "csharp": "csharp", "swift": "swift", "scala": "scala", "sql": "sql", "log": ""}


def xml_esc(s):
    return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")


def yq(v, vt):
    if vt in ("num", "bool", "raw"):
        return v
    if v == "" or re.search(r"[:{}\[\]#*&!|>%@`,'\"]", v) or v[0] in "-?" or v in ("true", "false", "yes", "no", "null"):
        return json.dumps(v, ensure_ascii=False)
    return v


def q(v, vt, quote='"'):
    if vt in ("num", "bool", "raw"):
        return v
    return quote + v + quote


def envq(v, vt):
    if vt == "raw":
        return v
    if re.search(r"[\s#'\"]", v) or v == "":
        return '"%s"' % v
    return v


def render(fmt, svc, pairs, comment=None, lang="en"):
    """pairs: list of (words, value, vtype). Returns text (already fenced when it is code)."""
    c = COMMENT.get(fmt)
    cl = [(c + " " + comment)] if (comment and c) else []
    L = []
    if fmt == "env":
        L = cl + ["%s=%s" % (w_upper(w), envq(v, t)) for w, v, t in pairs]
    elif fmt == "yaml":
        L = cl + ["%s:" % svc] + ["  %s: %s" % (w_snake(w), yq(v, t)) for w, v, t in pairs]
    elif fmt == "helm":
        L = ["# values-%s.yaml" % pick(ENVS)] + cl + ["%s:" % svc, "  %s:" % pick(["secrets", "config", "auth", "env"])]
        L += ["    %s: %s" % (w_camel(w), yq(v, t)) for w, v, t in pairs]
    elif fmt == "ansible":
        L = ["# group_vars/%s_%s.yml" % (svc, pick(ENVS))] + cl + ["---"]
        L += ["%s_%s: %s" % (svc, w_snake(w), yq(v, t) if t != "str" or not v.startswith("{{") else '"%s"' % v)
              for w, v, t in pairs]
    elif fmt == "gha":
        L = ["      - name: %s" % pick(["Run migrations", "Deploy", "Smoke test", "Integration tests", "Publish"]),
             "        run: make %s" % pick(["migrate", "deploy", "smoke", "it", "publish"]), "        env:"]
        if cl:
            L.insert(0, "      " + cl[0])
        L += ["          %s: %s" % (w_upper(w), yq(v, t)) for w, v, t in pairs]
    elif fmt == "json":
        d = {}
        for w, v, t in pairs:
            d[w_camel(w)] = (int(v) if t == "num" else (v == "true") if t == "bool" else v)
        return "```json\n" + json.dumps({svc: d}, indent=2, ensure_ascii=False) + "\n```"
    elif fmt == "toml":
        L = cl + ["[%s]" % svc] + ["%s = %s" % (w_snake(w), q(v, t)) for w, v, t in pairs]
    elif fmt == "ini":
        L = cl + ["[%s]" % svc] + ["%s = %s" % (w_snake(w), v) for w, v, t in pairs]
    elif fmt == "properties":
        L = cl + ["%s.%s=%s" % (svc, w_dot(w), v) for w, v, t in pairs]
    elif fmt == "xml":
        if R.random() < 0.5:
            L = ["<appSettings>"] + (["  <!-- %s -->" % comment] if comment else [])
            L += ['  <add key="%s:%s" value="%s" />' % (svc.capitalize(), w_pascal(w), xml_esc(v)) for w, v, t in pairs]
            L += ["</appSettings>"]
        else:
            L = ["<%s>" % svc] + (["  <!-- %s -->" % comment] if comment else [])
            L += ["  <%s>%s</%s>" % (w_camel(w), xml_esc(v), w_camel(w)) for w, v, t in pairs]
            L += ["</%s>" % svc]
    elif fmt == "hcl":
        L = cl + ['module "%s" {' % svc, '  source = "../modules/%s"' % pick(["service", "app", "worker"])]
        L += ['  %s = %s' % (w_snake(w), q(v, t)) for w, v, t in pairs] + ["}"]
    elif fmt == "cli":
        style = R.randrange(4)
        if style == 0:
            args = " ".join("--%s=%s" % (w_kebab(w), ("'%s'" % v) if t == "str" and re.search(r"[^\w./:-]", v) else v)
                            for w, v, t in pairs)
            L = cl + ["./bin/%s-%s %s" % (svc, pick(["migrate", "server", "worker", "sync"]), args)]
        elif style == 1:
            args = " \\\n  ".join("--set %s.%s=%s" % (svc, w_camel(w), ("'%s'" % v) if re.search(r"[^\w./:-]", v) else v)
                                  for w, v, t in pairs)
            L = cl + ["helm upgrade --install %s ./charts/%s -n %s \\\n  %s" % (svc, svc, pick(ENVS), args)]
        elif style == 2:
            args = " ".join("-e %s=%s" % (w_upper(w), ("'%s'" % v) if re.search(r"[^\w./:-]", v) else v)
                            for w, v, t in pairs)
            L = cl + ["docker run --rm %s registry.internal/%s:%d.%d.%d" % (args, svc, R.randint(1, 9), R.randint(0, 30), R.randint(0, 9))]
        else:
            args = " ".join("--%s.%s=%s" % (svc, w_dot(w), ("'%s'" % v) if re.search(r"[^\w./:-]", v) else v)
                            for w, v, t in pairs)
            L = cl + ["java -jar %s-service.jar %s" % (svc, args)]
    elif fmt == "python":
        if R.random() < 0.5:
            L = cl + ["%s = %s" % (w_upper(w), q(v, t) if t != "bool" else v.capitalize()) for w, v, t in pairs]
        else:
            L = ["%s_CONFIG = {" % svc.upper()] + (["    " + cl[0]] if cl else [])
            L += ['    "%s": %s,' % (w_snake(w), q(v, t) if t != "bool" else v.capitalize()) for w, v, t in pairs] + ["}"]
    elif fmt in ("js", "ts"):
        head = "export const %sConfig%s = {" % (svc, ": ServiceConfig" if fmt == "ts" else "")
        L = [head] + (["  " + cl[0]] if cl else [])
        L += ["  %s: %s," % (w_camel(w), q(v, t, "'")) for w, v, t in pairs] + ["};"]
    elif fmt == "go":
        L = ["cfg := %s.Config{" % svc] + (["\t" + cl[0]] if cl else [])
        L += ["\t%s: %s," % (w_pascal(w), q(v, t)) for w, v, t in pairs] + ["}"]
    elif fmt == "java":
        L = cl + ["private static final %s %s = %s;" % ("String" if t in ("str", "raw") else ("int" if t == "num" else "boolean"),
                                                       w_upper(w), q(v, t)) for w, v, t in pairs]
    elif fmt == "kotlin":
        L = ["object %sConfig {" % svc.capitalize()] + (["    " + cl[0]] if cl else [])
        L += ["    val %s = %s" % (w_camel(w), q(v, t)) for w, v, t in pairs] + ["}"]
    elif fmt == "csharp":
        L = cl + ['builder.Configuration["%s:%s"] = %s;' % (svc.capitalize(), w_pascal(w), q(v, "str")) for w, v, t in pairs]
    elif fmt == "swift":
        L = ["enum %sConfig {" % svc.capitalize()] + (["    " + cl[0]] if cl else [])
        L += ["    static let %s = %s" % (w_camel(w), q(v, t)) for w, v, t in pairs] + ["}"]
    elif fmt == "scala":
        if R.random() < 0.5:
            L = ["object %sSettings {" % svc.capitalize()] + (["  " + cl[0]] if cl else [])
            L += ["  val %s = %s" % (w_camel(w), q(v, t)) for w, v, t in pairs] + ["}"]
        else:
            L = ["# application.conf (HOCON)"] + cl + ["%s {" % svc]
            L += ["  %s = %s" % (w_kebab(w), q(v, t)) for w, v, t in pairs] + ["}"]
            return "```hocon\n" + "\n".join(L) + "\n```"
    elif fmt == "sql":
        if R.random() < 0.5:
            L = cl + ["INSERT INTO app_settings (service, name, value) VALUES"]
            rows = ["  ('%s', '%s', '%s')" % (svc, w_snake(w), v.replace("'", "''")) for w, v, t in pairs]
            L += [",\n".join(rows) + ";"]
        else:
            L = cl + ["UPDATE service_config SET value = '%s' WHERE service = '%s' AND name = '%s';" % (v.replace("'", "''"), svc, w_snake(w))
                      for w, v, t in pairs]
    elif fmt == "log":
        ts = "2026-%02d-%02dT%02d:%02d:%02d.%03dZ" % (R.randint(1, 12), R.randint(1, 28), R.randint(0, 23), R.randint(0, 59), R.randint(0, 59), R.randint(0, 999))
        if R.random() < 0.5:
            kv = " ".join("%s=%s" % (w_snake(w), v) for w, v, t in pairs)
            return "```\n%s INFO  [%s] effective config: %s\n```" % (ts, svc, kv)
        d = {"ts": ts, "level": "info", "svc": svc, "msg": "config loaded"}
        for w, v, t in pairs:
            d[w_snake(w)] = v
        return "```\n" + json.dumps(d, ensure_ascii=False) + "\n```"
    else:
        raise ValueError(fmt)
    tag = FENCE.get(fmt, "")
    body = "\n".join(L)
    if fmt in ("env", "cli") and len(L) == 1 and R.random() < 0.5:
        return "`%s`" % body
    return "```%s\n%s\n```" % (tag, body)


def fillers(svc, n):
    out = []
    for f in R.sample(FILLERS, n):
        out.append((f[0], f[1](svc), f[2]))
    return out


def compose(category, lang, body, lead_p=0.6, trail_p=0.1):
    parts = []
    if R.random() < lead_p:
        parts.append(pick(LEAD[category][lang]))
    parts.append(body)
    s = "\n".join(parts)
    if R.random() < trail_p:
        s += "\n" + pick(TRAIL[lang])
    return s


# ---------------------------------------------------------------------------
# negative value makers
# ---------------------------------------------------------------------------
CUR = {"lang": "en"}
LOCAL_PH = {"en": "<fill-in>", "it": "<inserisci-qui>", "nl": "<vul-hier-in>", "sv": "<fyll-i-här>", "ko": "<여기에-입력>",
            "zh": "<在此填写>", "ru": "<укажите-значение>", "ar": "<أدخل-القيمة>"}


def v_placeholder(w, fmt):
    U, sn, kb, cm, pc = w_upper(w), w_snake(w), w_kebab(w), w_camel(w), w_pascal(w)
    opts = [
        "<%s>" % kb, "<your-%s>" % kb, "<YOUR_%s>" % U, "CHANGE_ME", "REPLACE_ME", "REPLACE_WITH_%s" % U,
        "your-%s-here" % kb, "xxxxxxxxxxxxxxxx", "TODO", "${%s}" % U, "$%s" % U, "%%(%s)s" % sn, "{%s}" % sn,
        "@@%s@@" % U, "#{%s}#" % pc, "__%s__" % U, "${env:%s}" % U, "%%env(%s)%%" % U,
        "${%s:?%s must be set}" % (U, U), LOCAL_PH[CUR["lang"]], LOCAL_PH[CUR["lang"]], "<set-me>", "PLACEHOLDER", "<from-1password>",
        "FILL_ME_IN", "...", "<%s goes here>" % sn.replace("_", " "),
    ]
    if fmt in ("ansible", "yaml"):
        opts += ["{{ %s_%s }}" % (pick(SVCS), sn), "{{ vault_%s }}" % sn]
    if fmt == "helm":
        opts += ["{{ .Values.%s }}" % cm]
    if any(x in w for x in ("stripe",)):
        opts += ["sk_live_...", "sk_test_xxx", "sk_live_<key>"]
    if "openai" in w:
        opts += ["sk-...", "sk-proj-<your key>"]
    if "anthropic" in w:
        opts += ["sk-ant-api03-...", "sk-ant-…"]
    if "slack" in w:
        opts += ["xoxb-your-bot-token", "xoxb-…"]
    if "github" in w:
        opts += ["ghp_xxxx…", "github_pat_..."]
    if "aws" in w:
        opts += ["<aws-secret-access-key>", "wJalr...KEY"]
    return pick(opts), "str"


def ref_parts():
    return pick(SVCS), pick(ENVS), pick(REGIONS), "%012d" % R.randrange(10 ** 11, 10 ** 12)


def v_reference(w, fmt):
    U, sn, kb, cm, pc = w_upper(w), w_snake(w), w_kebab(w), w_camel(w), w_pascal(w)
    svc, env, region, acct = ref_parts()
    proj = "%s-%s-%s" % (pick(ORGS), svc, env)
    opts = [
        "vault:secret/data/%s/%s#%s" % (svc, env, sn),
        "vault://kv/%s/%s/%s" % (svc, env, kb),
        "secret/data/platform/%s/%s" % (svc, kb),
        "arn:aws:secretsmanager:%s:%s:secret:%s/%s/%s-%s" % (region, acct, env, svc, kb, rand_str(ALNUM, 6)),
        "arn:aws:ssm:%s:%s:parameter/%s/%s/%s" % (region, acct, env, svc, sn),
        "ssm:/%s/%s/%s" % (env, svc, sn),
        "{{resolve:secretsmanager:%s/%s:SecretString:%s}}" % (env, svc, sn),
        "{{resolve:ssm-secure:/%s/%s/%s}}" % (env, svc, sn),
        "https://kv-%s-%s.vault.azure.net/secrets/%s/" % (svc, env, kb),
        "@Microsoft.KeyVault(SecretUri=https://kv-%s-%s.vault.azure.net/secrets/%s/)" % (svc, env, kb),
        "@Microsoft.KeyVault(VaultName=kv-%s-%s;SecretName=%s)" % (svc, env, kb),
        "projects/%s/secrets/%s/versions/latest" % (proj, kb),
        "sm://%s/%s" % (proj, kb),
        "op://%s/%s/%s" % (pick(["Platform", "Payments", "Checkout", "SRE"]), "%s-%s" % (svc, env), pick(["password", "credential", "token"])),
        "/run/secrets/%s" % sn, "/var/run/secrets/%s/%s" % (svc, sn), "/etc/%s/secrets/%s" % (svc, kb),
        "env:%s" % U, "%s_%s" % (svc.upper(), U),
        "azurekeyvault://kv-%s-%s/%s" % (svc, env, kb),
        "gcp-secretmanager://%s/%s" % (proj, kb),
        "${ssm:/%s/%s/%s}" % (env, svc, sn),
        "k8s://%s/%s-secrets/%s" % (env, svc, sn),
    ]
    if fmt == "gha":
        opts = ["${{ secrets.%s }}" % U, "${{ secrets.%s_%s }}" % (env.upper(), U)] * 3 + opts[:4]
    return pick(opts), "str"


MASKS = ["********", "****", "************************", "[REDACTED]", "<redacted>", "[FILTERED]", "***",
         "(sensitive value)", "[MASKED]", "<hidden>", "REDACTED", "••••••••", "●●●●●●●●●●", "<sensitive>",
         "[hidden]", "[PROTECTED]", "[removed]", "<omitted>", "*** masked ***", "(hidden)", "[oscurato]",
         "[afgeschermd]", "[maskerat]", "[가림]", "[已脱敏]", "[скрыто]", "[محجوب]", "<masked>", "#####"]


def v_masked(w, fmt):
    r = R.random()
    pre = None
    for key, p in (("stripe", ["sk_live_", "rk_live_"]), ("webhook", ["whsec_"]), ("slack", ["xoxb-"]),
                   ("github", ["ghp_", "github_pat_"]), ("openai", ["sk-proj-"]), ("anthropic", ["sk-ant-api03-"]),
                   ("aws", ["AKIA"]), ("sendgrid", ["SG."]), ("shopify", ["shpat_"]), ("npm", ["npm_"])):
        if key in w:
            pre = pick(p)
    if pre and r < 0.5:
        tail = rand_str("0123456789abcdef", 4)
        return pre + pick(["****", "••••", "************", "…"]) + tail, "str"
    if r < 0.25:
        return "*" * R.randint(6, 40), "str"
    return pick(MASKS), "str"


SETTINGS = [
    (["password", "min", "length"], lambda: str(R.choice([8, 10, 12, 14, 16])), "num"),
    (["password", "max", "age", "days"], lambda: str(R.choice([30, 60, 90, 180])), "num"),
    (["password", "history", "count"], lambda: str(R.choice([5, 10, 24])), "num"),
    (["password", "hash", "algorithm"], lambda: R.choice(["argon2id", "bcrypt", "scrypt", "pbkdf2_sha256"]), "str"),
    (["password", "reset", "token", "ttl"], lambda: R.choice(["15m", "1h", "30m", "PT20M"]), "str"),
    (["password", "complexity", "regex"], lambda: R.choice([r"^(?=.*[A-Z])(?=.*\d).{12,}$", r"^(?=.*[a-z])(?=.*[A-Z])(?=.*[0-9])(?=.*[^A-Za-z0-9]).{14,128}$", r"^\S{10,64}$"]), "str"),
    (["password", "bcrypt", "rounds"], lambda: str(R.choice([10, 12, 13])), "num"),
    (["password", "required"], lambda: R.choice(["true", "false"]), "bool"),
    (["password", "expiry", "warning", "days"], lambda: str(R.choice([7, 14])), "num"),
    (["password", "encoder"], lambda: R.choice(["bcrypt", "delegating", "argon2"]), "str"),
    (["api", "key", "header"], lambda: R.choice(["X-Api-Key", "X-API-KEY", "Authorization", "X-Merchant-Key", "Ocp-Apim-Subscription-Key"]), "str"),
    (["api", "key", "prefix"], lambda: R.choice(["ecm_", "bk_", "pk_"]), "str"),
    (["api", "key", "length"], lambda: str(R.choice([32, 40, 48, 64])), "num"),
    (["api", "key", "rotation", "days"], lambda: str(R.choice([30, 90, 180])), "num"),
    (["api", "key", "scope"], lambda: R.choice(["orders:read", "payments:write", "catalog:read", "refunds:create"]), "str"),
    (["api", "token", "rate", "limit"], lambda: R.choice(["100/min", "20/s", "5000/h"]), "str"),
    (["token", "ttl", "seconds"], lambda: str(R.choice([300, 900, 1800, 3600])), "num"),
    (["access", "token", "lifetime"], lambda: R.choice(["PT15M", "00:15:00", "15m", "5m"]), "str"),
    (["refresh", "token", "ttl"], lambda: R.choice(["30d", "720h", "P14D"]), "str"),
    (["refresh", "token", "rotation", "enabled"], lambda: R.choice(["true", "false"]), "bool"),
    (["jwt", "secret", "algorithm"], lambda: R.choice(["HS256", "HS512"]), "str"),
    (["jwt", "signing", "algorithm"], lambda: R.choice(["RS256", "ES256", "EdDSA", "PS256"]), "str"),
    (["jwt", "secret", "min", "bytes"], lambda: str(R.choice([32, 64])), "num"),
    (["token", "audience"], lambda: R.choice(["ledger-api", "checkout-api", "payments-gateway", "api://cards"]), "str"),
    (["token", "endpoint"], lambda: "https://auth.%s.internal/oauth2/token" % pick(SVCS), "str"),
    (["token", "max", "size"], lambda: R.choice(["8kb", "16KiB", "8192"]), "str"),
    (["token", "cache", "size", "mb"], lambda: str(R.choice([16, 64, 128])), "num"),
    (["secret", "rotation", "period"], lambda: R.choice(["30d", "720h", "P90D", "2160h"]), "str"),
    (["secret", "cache", "ttl"], lambda: R.choice(["5m", "300s", "1m"]), "str"),
    (["secret", "backend"], lambda: R.choice(["vault", "aws-secrets-manager", "azure-key-vault", "gcp-secret-manager"]), "str"),
    (["secret", "mount", "path"], lambda: "/var/run/secrets/%s" % pick(SVCS), "str"),
    (["secret", "name", "pattern"], lambda: R.choice([r"^[a-z0-9-]{3,63}$", r"^(prod|staging)/[a-z-]+$"]), "str"),
    (["secret", "key", "base", "length"], lambda: str(R.choice([64, 128])), "num"),
    (["client", "secret", "expiry", "months"], lambda: str(R.choice([6, 12, 24])), "num"),
    (["client", "secret", "auth", "method"], lambda: R.choice(["client_secret_basic", "client_secret_post", "private_key_jwt"]), "str"),
    (["private", "key", "size"], lambda: str(R.choice([2048, 3072, 4096])), "num"),
    (["private", "key", "format"], lambda: R.choice(["PKCS8", "PEM", "PKCS1"]), "str"),
    (["signing", "key", "curve"], lambda: R.choice(["P-256", "P-384", "Ed25519"]), "str"),
    (["encryption", "key", "algorithm"], lambda: R.choice(["AES-256-GCM", "AES256_GCM", "ChaCha20-Poly1305"]), "str"),
    (["encryption", "key", "version"], lambda: str(R.randint(2, 9)), "num"),
    (["webhook", "secret", "header"], lambda: R.choice(["Stripe-Signature", "X-Hub-Signature-256", "X-Shopify-Hmac-Sha256", "X-Signature"]), "str"),
    (["webhook", "signature", "tolerance", "seconds"], lambda: str(R.choice([300, 600])), "num"),
    (["session", "secret", "cookie", "name"], lambda: R.choice(["__Host-session", "__Secure-sid", "sid"]), "str"),
    (["otp", "secret", "length"], lambda: str(R.choice([6, 8])), "num"),
    (["pin", "length"], lambda: str(R.choice([4, 6])), "num"),
    (["pin", "max", "attempts"], lambda: str(R.choice([3, 5])), "num"),
    (["hsm", "pin", "retry", "limit"], lambda: str(R.choice([3, 5])), "num"),
    (["mask", "passwords", "in", "logs"], lambda: "true", "bool"),
    (["keystore", "type"], lambda: R.choice(["PKCS12", "JKS"]), "str"),
    (["keystore", "password", "required"], lambda: R.choice(["true", "false"]), "bool"),
    (["credentials", "provider"], lambda: R.choice(["default-chain", "web-identity", "instance-profile"]), "str"),
    (["api", "key", "enabled"], lambda: R.choice(["true", "false"]), "bool"),
    (["token", "validation", "clock", "skew"], lambda: R.choice(["30s", "60s", "PT1M"]), "str"),
]


def test_value(w):
    kb, sn = w_kebab(w), w_snake(w)
    return pick(["fake-%s" % kb, "dummy_%s" % sn, "test-%s-do-not-use" % kb, "not-a-real-%s" % w[-1],
                 "unit-test-%s" % w[-1], "test", "dummy", "fake", "%s_for_tests" % sn, "FAKE_%s" % w_upper(w),
                 "testtesttest", "mock-%s" % kb, "test123", "example-%s-only" % w[-1]])


# ---------------------------------------------------------------------------
# special negative templates
# ---------------------------------------------------------------------------
def t_k8s_secretref(lang):
    w = pick(SECRET_CONCEPTS); svc = pick(SVCS)
    return "```yaml\nenv:\n  - name: %s\n    valueFrom:\n      secretKeyRef:\n        name: %s-%s\n        key: %s\n```" % (
        w_upper(w), svc, pick(["secrets", "db", "credentials", "api-keys"]), w_kebab(w))


def t_external_secret(lang):
    w = pick(SECRET_CONCEPTS); svc = pick(SVCS); env = pick(ENVS)
    store = pick(["aws-secrets-manager", "vault-backend", "azure-kv", "gcp-sm"])
    return ("```yaml\napiVersion: external-secrets.io/v1beta1\nkind: ExternalSecret\nmetadata:\n  name: %s-%s\nspec:\n"
            "  refreshInterval: 1h\n  secretStoreRef:\n    name: %s\n    kind: ClusterSecretStore\n  data:\n"
            "    - secretKey: %s\n      remoteRef:\n        key: %s/%s\n        property: %s\n```") % (
        svc, w_kebab(w), store, w_snake(w), env, svc, w_snake(w))


def t_code_ref(lang):
    w = pick(SECRET_CONCEPTS); U, cm = w_upper(w), w_camel(w); svc = pick(SVCS); env = pick(ENVS)
    opts = [
        ("python", '%s = os.environ["%s"]' % (U, U)),
        ("python", 'secret = sm.get_secret_value(SecretId="%s/%s/%s")["SecretString"]' % (env, svc, w_kebab(w))),
        ("js", "const %s = process.env.%s;" % (cm, U)),
        ("ts", 'const %s: string = requireEnv("%s");' % (cm, U)),
        ("go", '%s := os.Getenv("%s")\nif %s == "" {\n\tlog.Fatal("%s is not set")\n}' % (cm, U, cm, U)),
        ("java", '@Value("${%s.%s}")\nprivate String %s;' % (svc, w_dot(w), cm)),
        ("kotlin", 'val %s = System.getenv("%s") ?: error("%s not set")' % (cm, U, U)),
        ("csharp", 'var %s = builder.Configuration["%s:%s"];' % (cm, svc.capitalize(), w_pascal(w))),
        ("csharp", 'KeyVaultSecret %s = await secretClient.GetSecretAsync("%s");' % (cm, w_kebab(w))),
        ("swift", 'let %s = ProcessInfo.processInfo.environment["%s"] ?? ""' % (cm, U)),
        ("scala", 'val %s: String = sys.env("%s")' % (cm, U)),
        ("hocon", '%s {\n  %s = ${?%s}\n}' % (svc, w_kebab(w), U)),
    ]
    tag, body = pick(opts)
    return "```%s\n%s\n```" % (tag, body)


def t_ci_ref(lang):
    w = pick(SECRET_CONCEPTS); U = w_upper(w); svc = pick(SVCS)
    opts = [
        "```yaml\n# azure-pipelines.yml\nvariables:\n  - group: %s-%s\nsteps:\n  - script: ./deploy.sh\n    env:\n      %s: $(%s)\n```" % (svc, pick(ENVS), U, U),
        "```groovy\nwithCredentials([string(credentialsId: '%s-%s', variable: '%s')]) {\n    sh './gradlew publish'\n}\n```" % (svc, w_kebab(w), U),
        "```yaml\n# .gitlab-ci.yml\ndeploy:\n  script:\n    - ./deploy.sh --%s \"$%s\"   # masked + protected CI/CD variable\n```" % (w_kebab(w), U),
        "```yaml\n- name: Deploy\n  env:\n    %s: ${{ secrets.%s }}\n  run: ./scripts/deploy.sh\n```" % (U, U),
        "```yaml\n- name: %s\n  ansible.builtin.set_fact:\n    %s: \"{{ lookup('hashi_vault', 'secret=secret/data/%s/%s:%s') }}\"\n  no_log: true\n```" % (
            pick(["Fetch DB creds", "Load secret"]), w_snake(w), svc, pick(ENVS), w_snake(w)),
        "```hcl\ndata \"aws_secretsmanager_secret_version\" \"%s\" {\n  secret_id = \"%s/%s/%s\"\n}\n```" % (w_snake(w), pick(ENVS), svc, w_kebab(w)),
        "```properties\nspring.config.import=vault://\nspring.cloud.vault.kv.backend=secret\nspring.cloud.vault.kv.default-context=%s\n%s.%s=${%s}\n```" % (svc, svc, w_dot(w), w_snake(w)),
        "```\n{{ with secret \"secret/data/%s/%s\" }}%s={{ .Data.data.%s }}{{ end }}\n```" % (svc, pick(ENVS), U, w_snake(w)),
        "`doppler secrets get %s --plain -p %s -c %s`" % (U, svc, pick(ENVS)),
        "`%s_FILE=/run/secrets/%s`" % (U, w_snake(w)),
    ]
    return pick(opts)


def t_tf_plan(lang):
    w = pick(SECRET_CONCEPTS); svc = pick(SVCS)
    res = pick(["aws_db_instance", "azurerm_mssql_server", "aws_elasticache_replication_group", "google_sql_user", "aws_mq_broker"])
    attr = pick(["password", "administrator_login_password", "auth_token", "master_password"])
    return ("```\n  # %s.%s will be updated in-place\n  ~ resource \"%s\" \"%s\" {\n        id       = \"%s-%s\"\n      ~ %s = (sensitive value)\n"
            "        # (14 unchanged attributes hidden)\n    }\n\nPlan: 0 to add, 1 to change, 0 to destroy.\n```") % (
        res, svc, res, svc, svc, pick(ENVS), attr)


def t_kubectl_describe(lang):
    svc = pick(SVCS); ks = R.sample(SECRET_CONCEPTS, R.randint(1, 3))
    lines = ["$ kubectl describe secret %s-credentials -n %s" % (svc, pick(ENVS)), "Name:         %s-credentials" % svc,
             "Type:  Opaque", "", "Data", "===="]
    lines += ["%s:  %d bytes" % (w_snake(w), R.choice([16, 24, 32, 40, 64, 88])) for w in ks]
    return "```\n" + "\n".join(lines) + "\n```"


def t_gha_log(lang):
    w = pick(SECRET_CONCEPTS)
    return ("```\nRun ./scripts/deploy.sh\n  ./scripts/deploy.sh\n  shell: /usr/bin/bash -e {0}\n  env:\n    %s: ***\n"
            "Deploying %s to %s... done\n```") % (w_upper(w), pick(SVCS), pick(ENVS))


def t_rails_log(lang):
    w = pick([["password"], ["api", "key"], ["client", "secret"], ["token"], ["pin"]])
    return ('```\nStarted POST "/api/v1/%s" for 10.%d.%d.%d\nProcessing by %sController#create as JSON\n'
            '  Parameters: {"login"=>"svc_%s", "%s"=>"[FILTERED]"}\nCompleted 201 Created in %dms\n```') % (
        pick(["sessions", "merchants", "api_keys", "payouts"]), R.randint(0, 255), R.randint(0, 255), R.randint(1, 254),
        pick(["Sessions", "Merchants", "ApiKeys", "Payouts"]), pick(SVCS), w_snake(w), R.randint(20, 400))


def t_actuator(lang):
    w = pick(SECRET_CONCEPTS); svc = pick(SVCS)
    d = {"name": "%s.%s" % (svc, w_dot(w)), "value": pick(["******", "******"]), "origin": "System Environment Property \"%s\"" % w_upper(w)}
    return "`GET /actuator/env/%s.%s`\n```json\n%s\n```" % (svc, w_dot(w), json.dumps({"property": d}, indent=2))


def t_ansible_nolog(lang):
    return ("```\nTASK [%s : %s] ****************************************\nok: [%s-%s-01] => {\"censored\": \"the output has been hidden due to the fact that 'no_log: true' was specified for this result\", \"changed\": false}\n```") % (
        pick(SVCS), pick(["Set DB password", "Template api key", "Write keystore password"]), pick(SVCS), pick(ENVS))


def t_masked_dsn(lang):
    svc = pick(SVCS)
    scheme = pick(["postgres", "mysql", "amqps", "redis", "mongodb+srv"])
    return "```\n%s WARN  [%s] connection refused, retrying: %s://svc_%s:%s@%s-db.%s.internal/%s\n```" % (
        "2026-%02d-%02dT%02d:%02d:11Z" % (R.randint(1, 12), R.randint(1, 28), R.randint(0, 23), R.randint(0, 59)),
        svc, scheme, svc, pick(["****", "********", "[REDACTED]", "xxxxx", "%2A%2A%2A"]), svc, pick(ENVS), svc)


def t_curl_masked(lang):
    return "```\n> POST /v2/%s HTTP/1.1\n> Host: api.%s.internal\n> Authorization: Bearer %s\n> X-Api-Key: %s\n< HTTP/1.1 %d\n```" % (
        pick(["payouts", "orders", "refunds", "quotes"]), pick(SVCS), pick(["***", "[REDACTED]", "<redacted>"]),
        pick(["***", "[REDACTED]", "••••••••"]), R.choice([200, 401, 403, 502]))


def t_helm_get(lang):
    svc = pick(SVCS); ks = R.sample(SECRET_CONCEPTS, 2)
    L = ["$ helm get values %s -n %s" % (svc, pick(ENVS)), "USER-SUPPLIED VALUES:", "secrets:"]
    L += ["  %s: %s" % (w_camel(w), pick(['"*****"', '"<masked by policy>"', '"REDACTED"'])) for w in ks]
    return "```\n" + "\n".join(L) + "\n```"


def t_keycloak_policy(lang):
    return "```\nkcadm.sh update realms/%s -s 'passwordPolicy=\"length(%d) and upperCase(1) and digits(1) and notUsername and passwordHistory(%d)\"'\n```" % (
        pick(["retail-bank", "shop", "merchants", "staff"]), R.choice([12, 14, 16]), R.choice([5, 10]))


def t_kong_keyauth(lang):
    return ("```yaml\nplugins:\n  - name: key-auth\n    config:\n      key_names:\n        - %s\n      hide_credentials: true\n"
            "      key_in_header: true\n      key_in_query: false\n```") % pick(["apikey", "x-api-key", "X-Merchant-Key"])


def t_pwquality(lang):
    return "```\n# /etc/security/pwquality.conf\nminlen = %d\ndcredit = -1\nucredit = -1\nenforce_for_root\n# PASS_MAX_DAYS in /etc/login.defs\nPASS_MAX_DAYS   %d\n```" % (
        R.choice([12, 14, 15]), R.choice([60, 90]))


def t_oidc_meta(lang):
    return '```json\n{\n  "token_endpoint": "https://auth.%s.internal/oauth2/token",\n  "token_endpoint_auth_methods_supported": ["client_secret_basic", "private_key_jwt"],\n  "id_token_signing_alg_values_supported": ["RS256", "ES256"]\n}\n```' % pick(SVCS)


def t_vault_policy(lang):
    svc = pick(SVCS)
    return '```hcl\npath "secret/data/%s/*" {\n  capabilities = ["read"]\n}\n\n# token settings\ntoken_ttl     = "%s"\ntoken_max_ttl = "%s"\n```' % (
        svc, pick(["20m", "1h"]), pick(["4h", "24h"]))


# documented defaults: (product, key, value, where)
DEFAULTS = [
    ("RabbitMQ", "default_pass", "guest", "the guest user can only connect from localhost"),
    ("Grafana", "admin_password", "admin", "you are asked to change it on first login"),
    ("MinIO", "MINIO_ROOT_PASSWORD", "minioadmin", "the server warns at startup while it is unchanged"),
    ("Vault (dev mode)", "VAULT_DEV_ROOT_TOKEN_ID", "root", "only with `vault server -dev`"),
    ("LocalStack", "AWS_SECRET_ACCESS_KEY", "test", "any value works, the docs use `test`"),
    ("SonarQube", "sonar admin password", "admin", "forced change on first login"),
    ("Neo4j", "NEO4J_AUTH", "neo4j/neo4j", "initial password must be changed"),
    ("Cassandra", "authenticator password", "cassandra", "for the built-in superuser"),
    ("ActiveMQ", "admin password", "admin", "web console, jetty-realm.properties"),
    ("Harbor", "harbor_admin_password", "Harbor12345", "set in harbor.yml before install"),
    ("Airflow docker-compose quickstart", "_AIRFLOW_WWW_USER_PASSWORD", "airflow", "quickstart only"),
    ("Redis sample redis.conf", "requirepass", "foobared", "commented out in the shipped file"),
    ("Docker Hub postgres image docs", "POSTGRES_PASSWORD", "mysecretpassword", "example in the image README"),
    ("Docker Hub mysql image docs", "MYSQL_ROOT_PASSWORD", "my-secret-pw", "example in the image README"),
    ("Microsoft SQL Server container docs", "MSSQL_SA_PASSWORD", "yourStrong(!)Password", "example in the quickstart"),
    ("Oracle sample schema", "SCOTT password", "tiger", "the classic demo schema"),
    ("H2 console", "password", "(empty)", "user `sa`, no password"),
    ("IBM MQ developer image", "MQ_APP_PASSWORD", "passw0rd", "developer edition defaults"),
    ("Apache Superset", "ADMIN_PASSWORD", "admin", "docker-compose quickstart"),
    ("Keycloak getting started", "KEYCLOAK_ADMIN_PASSWORD", "admin", "start-dev example"),
    ("AWS documentation", "aws_secret_access_key", "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY", "the documentation example key"),
    ("AWS documentation", "aws_access_key_id", "AKIAIOSFODNN7EXAMPLE", "the documentation example key id"),
    ("Azurite", "AccountKey", "Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/K1SZFPTOtr/KBHBeksoGMGw==",
     "the well-known devstoreaccount1 key, same for everyone"),
    ("Stripe API reference", "api_key", "sk_test_4eC39HqLyjWDarjtT1zdp7dc", "the public test key printed in the API reference"),
    ("Jenkins", "initialAdminPassword", "/var/jenkins_home/secrets/initialAdminPassword", "generated at first start, read it from that file"),
    ("Nexus Repository", "admin password", "/nexus-data/admin.password", "generated, stored in that file until first login"),
    ("Argo CD", "admin password", "argocd-initial-admin-secret", "generated into that Kubernetes secret"),
    ("GitLab Omnibus", "root password", "/etc/gitlab/initial_root_password", "file is deleted after 24 hours"),
    ("Elasticsearch 8", "ELASTIC_PASSWORD", "(generated)", "printed once at first start; reset with elasticsearch-reset-password"),
    ("Portainer", "admin password", "(none)", "you create it in the first 5 minutes"),
    ("ClickHouse", "default user password", "(empty)", "set one in users.xml"),
    ("OpenSearch demo config", "admin password", "admin", "demo security config, pre-2.12"),
    ("WebLogic sample domain", "admin password", "welcome1", "tutorial domain"),
    ("Tomcat", "manager password", "(none)", "no user exists until you add one to tomcat-users.xml"),
]

DEF_PROSE = {
    "en": "{p} docs: the default `{k}` is `{v}` ({n}). We override it in every environment.",
    "it": "Documentazione {p}: il valore predefinito di `{k}` è `{v}` ({n}). Lo sovrascriviamo in ogni ambiente.",
    "nl": "{p}-documentatie: de standaardwaarde van `{k}` is `{v}` ({n}). Wij overschrijven die in elke omgeving.",
    "sv": "{p}-dokumentationen: standardvärdet för `{k}` är `{v}` ({n}). Vi skriver över det i alla miljöer.",
    "ko": "{p} 문서 기준 `{k}` 기본값은 `{v}`입니다 ({n}). 모든 환경에서 덮어씁니다.",
    "zh": "{p} 文档：`{k}` 的默认值是 `{v}`（{n}）。我们在每个环境里都覆盖掉了。",
    "ru": "Документация {p}: значение `{k}` по умолчанию — `{v}` ({n}). Во всех окружениях мы его переопределяем.",
    "ar": "توثيق {p}: القيمة الافتراضية لـ `{k}` هي `{v}` ({n}). نحن نستبدلها في كل البيئات.",
}
DEF_Q = {
    "en": "Q: why does the scanner complain about `{k}: {v}` in the {p} quickstart? A: that's the documented default, the chart never uses it.",
    "it": "D: perché lo scanner segnala `{k}: {v}` nel quickstart di {p}? R: è il default documentato, il chart non lo usa mai.",
    "nl": "V: waarom klaagt de scanner over `{k}: {v}` in de {p}-quickstart? A: dat is de gedocumenteerde standaard, de chart gebruikt het nooit.",
    "sv": "F: varför klagar skannern på `{k}: {v}` i {p}-quickstarten? S: det är det dokumenterade standardvärdet, chartet använder det aldrig.",
    "ko": "Q: {p} 퀵스타트의 `{k}: {v}`를 스캐너가 왜 잡나요? A: 문서에 있는 기본값이고 차트에서는 안 씁니다.",
    "zh": "问：为什么扫描器会报 {p} 快速入门里的 `{k}: {v}`？答：那是文档里的默认值，chart 从来不用它。",
    "ru": "В: почему сканер ругается на `{k}: {v}` в квикстарте {p}? О: это задокументированное значение по умолчанию, чарт его не использует.",
    "ar": "س: لماذا يعترض الماسح على `{k}: {v}` في دليل البدء السريع لـ {p}؟ ج: هذه هي القيمة الافتراضية الموثقة، ولا يستخدمها المخطط أبدًا.",
}


def t_default(lang):
    p, k, v, n = pick(DEFAULTS)
    r = R.random()
    if r < 0.45:
        return DEF_PROSE[lang].format(p=p, k=k, v=v, n=n)
    if r < 0.65 and not v.startswith("("):
        return DEF_Q[lang].format(p=p, k=k, v=v)
    if v.startswith("(") or v.startswith("/"):
        return DEF_PROSE[lang].format(p=p, k=k, v=v, n=n)
    fmt = pick(["env", "yaml", "ini", "properties", "toml"])
    key = [x.lower() for x in re.split(r"[^A-Za-z0-9]+", k) if x]
    body = render(fmt, pick(SVCS), [(key, v, "str")], comment="default from %s, overridden in prod" % p)
    return pick(LEAD["documented_default"][lang]) + "\n" + body


def t_default_compose(lang):
    opts = [
        "```yaml\n# docker-compose.yml from the %s quickstart (local only)\nservices:\n  rabbitmq:\n    image: rabbitmq:3-management\n    environment:\n      RABBITMQ_DEFAULT_USER: guest\n      RABBITMQ_DEFAULT_PASS: guest\n```",
        "```yaml\n# docker-compose.yml from the %s quickstart (local only)\nservices:\n  minio:\n    image: minio/minio\n    environment:\n      MINIO_ROOT_USER: minioadmin\n      MINIO_ROOT_PASSWORD: minioadmin\n```",
        "```yaml\n# %s local stack, copied from the vendor README\nservices:\n  db:\n    image: postgres:16\n    environment:\n      POSTGRES_PASSWORD: mysecretpassword\n```",
        "```ini\n# grafana.ini as shipped (%s dev box)\n[security]\nadmin_user = admin\nadmin_password = admin\n```",
        "```\n# %s: redis.conf shipped with the package\n# requirepass foobared\n```",
        "```ini\n# %s: ~/.aws/credentials for localstack, as in its docs\n[localstack]\naws_access_key_id = test\naws_secret_access_key = test\n```",
        "```\n# %s: Azurite connection string from the Microsoft docs (emulator only)\nDefaultEndpointsProtocol=http;AccountName=devstoreaccount1;AccountKey=Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/K1SZFPTOtr/KBHBeksoGMGw==;BlobEndpoint=http://127.0.0.1:10000/devstoreaccount1;\n```",
        "```\n# %s: amqp URL from the RabbitMQ tutorial\namqp://guest:guest@localhost:5672/\n```",
        "```\n# %s: Vault dev server, docs example\nvault server -dev -dev-root-token-id=root\nexport VAULT_TOKEN=root\n```",
        "```properties\n# %s: Spring Boot H2 defaults from the reference docs\nspring.datasource.username=sa\nspring.datasource.password=\n```",
    ]
    return pick(LEAD["documented_default"][lang]) + "\n" + pick(opts) % pick(SVCS)


def t_test_code(lang):
    w = pick(SECRET_CONCEPTS); U, cm, sn, pc = w_upper(w), w_camel(w), w_snake(w), w_pascal(w)
    v = test_value(w); svc = pick(SVCS); cmt = FAKE_COMMENT[lang]
    opts = [
        ("python", '@pytest.fixture\ndef %s_env(monkeypatch):\n    # %s\n    monkeypatch.setenv("%s", "%s")' % (svc, cmt, U, v)),
        ("python", 'class %sClientTest(unittest.TestCase):\n    FAKE_%s = "%s"  # %s' % (svc.capitalize(), U, v, cmt)),
        ("js", "beforeEach(() => {\n  // %s\n  process.env.%s = '%s';\n});" % (cmt, U, v)),
        ("ts", "const fake%s = '%s'; // %s\nconst client = new %sClient({ %s: fake%s, baseUrl: mockServer.url });" % (pc, v, cmt, svc.capitalize(), cm, pc)),
        ("go", 'func Test%sClient(t *testing.T) {\n\tt.Setenv("%s", "%s") // %s\n\tsrv := httptest.NewServer(handler)\n\tdefer srv.Close()\n}' % (svc.capitalize(), U, v, cmt)),
        ("java", '@TestPropertySource(properties = {\n    "%s.%s=%s" // %s\n})\nclass %sServiceIT {' % (svc, w_dot(w), v, cmt, svc.capitalize())),
        ("java", 'static PostgreSQLContainer<?> db = new PostgreSQLContainer<>("postgres:16")\n    .withUsername("test")\n    .withPassword("%s"); // %s' % (pick(["test", "test-password", "dummy"]), cmt)),
        ("kotlin", '// %s\nprivate val fake%s = "%s"\n\n@Test\nfun `rejects expired token`() {' % (cmt, pc, v)),
        ("csharp", 'private const string Fake%s = "%s"; // %s\n\n[Fact]\npublic async Task Rejects_bad_signature()' % (pc, v, cmt)),
        ("swift", 'final class %sClientTests: XCTestCase {\n    let %s = "%s" // %s' % (svc.capitalize(), cm, v, cmt)),
        ("scala", 'class %sSpec extends AnyFlatSpec {\n  val fake%s = "%s" // %s' % (svc.capitalize(), pc, v, cmt)),
    ]
    tag, body = pick(opts)
    return "```%s\n%s\n```" % (tag, body)


def t_test_config(lang):
    w = pick(SECRET_CONCEPTS); v = test_value(w); svc = pick(SVCS); cmt = FAKE_COMMENT[lang]
    opts = [
        "```\n# .env.test (%s)\n%s=%s\n```" % (cmt, w_upper(w), v),
        "```yaml\n# src/test/resources/application-test.yml — %s\n%s:\n  %s: %s\n```" % (cmt, svc, w_snake(w), v),
        "```yaml\n# docker-compose.test.yml — %s\nservices:\n  db:\n    image: postgres:16\n    environment:\n      POSTGRES_PASSWORD: %s\n```" % (cmt, pick(["postgres", "test", "dummy"])),
        "```yaml\n# .github/workflows/ci.yml, service container for tests\nservices:\n  postgres:\n    image: postgres:16\n    env:\n      POSTGRES_PASSWORD: %s  # %s\n```" % (pick(["postgres", "test"]), cmt),
        "```sql\n-- fixtures/%s_seed.sql (%s)\nINSERT INTO api_clients (name, %s) VALUES ('fixture-client', '%s');\n```" % (svc, cmt, w_snake(w), v),
        '```json\n{\n  "_comment": "%s",\n  "request": { "method": "POST", "url": "/oauth/token" },\n  "response": { "status": 200, "jsonBody": { "access_token": "%s", "token_type": "Bearer" } }\n}\n```' % (cmt, pick(["fake-access-token", "test-token", "dummy-token-for-wiremock"])),
        "```toml\n# tests/fixtures/config.toml — %s\n[%s]\n%s = \"%s\"\n```" % (cmt, svc, w_snake(w), v),
    ]
    return pick(opts)


# ---------------------------------------------------------------------------
# negatives
# ---------------------------------------------------------------------------
def neg_generic(cat, lang):
    CUR["lang"] = lang
    svc = pick(SVCS)
    fmt = pick(CONFIG_FMTS)
    if cat == "setting_not_secret":
        s = pick(SETTINGS)
        main = (s[0], s[1](), s[2])
        extra = []
        if R.random() < 0.5:
            s2 = pick(SETTINGS)
            if s2[0] != s[0]:
                extra.append((s2[0], s2[1](), s2[2]))
    else:
        w = pick(SECRET_CONCEPTS)
        if cat == "placeholder_value":
            v, t = v_placeholder(w, fmt)
        elif cat == "reference_to_store":
            v, t = v_reference(w, fmt)
            if fmt != "gha":
                if re.fullmatch(r"[A-Z0-9_]+", v) or v.startswith("env:"):
                    w = w + [pick(["env", "env", "var"])]
                elif v.startswith("/"):
                    w = w + [pick(["file", "path"])] if R.random() < 0.7 else w
                elif v.startswith("arn:"):
                    w = w + [pick(["arn", "secret", "arn"])] if R.random() < 0.6 else w
                elif R.random() < 0.3:
                    w = w + [pick(["ref", "secret", "ref", "uri"])]
        elif cat == "masked_or_redacted":
            v, t = v_masked(w, fmt)
        else:  # test fixture
            v, t = test_value(w), "str"
        main = (w, v, t)
        extra = []
    if fmt == "prose":
        key = pick([w_snake, w_upper, w_camel, w_dot])(main[0])
        return PROSE[cat][lang].format(k=key, v=main[1])
    pairs = fillers(svc, R.randint(0, 2)) + [main] + extra
    R.shuffle(pairs)
    comment = None
    if cat == "test_fixture_marked":
        comment = FAKE_COMMENT[lang]
        if fmt in ("json", "log", "xml") and R.random() < 0.5:
            comment = None
    elif cat == "placeholder_value" and R.random() < 0.3:
        comment = PH_COMMENT[lang]
    body = render(fmt, svc, pairs, comment=comment, lang=lang)
    lp = 0.95 if cat == "test_fixture_marked" and comment is None else 0.55
    return compose(cat, lang, body, lead_p=lp)


SPECIAL = {
    "placeholder_value": [],
    "reference_to_store": [t_k8s_secretref, t_external_secret, t_code_ref, t_code_ref, t_ci_ref, t_ci_ref],
    "masked_or_redacted": [t_tf_plan, t_kubectl_describe, t_gha_log, t_rails_log, t_actuator, t_ansible_nolog,
                           t_masked_dsn, t_curl_masked, t_helm_get],
    "setting_not_secret": [t_keycloak_policy, t_kong_keyauth, t_pwquality, t_oidc_meta, t_vault_policy],
    "documented_default": [t_default, t_default, t_default, t_default_compose],
    "test_fixture_marked": [t_test_code, t_test_code, t_test_config],
}
SPECIAL_P = {"placeholder_value": 0.0, "reference_to_store": 0.4, "masked_or_redacted": 0.4,
             "setting_not_secret": 0.2, "documented_default": 1.0, "test_fixture_marked": 0.55}


def make_negative(cat, lang):
    if R.random() < SPECIAL_P[cat]:
        body = pick(SPECIAL[cat])(lang)
        if cat == "documented_default":
            return body
        return compose(cat, lang, body, lead_p=0.6)
    return neg_generic(cat, lang)


# ---------------------------------------------------------------------------
# scanner for negatives
# ---------------------------------------------------------------------------
ALLOWED_DOC = {"AKIAIOSFODNN7EXAMPLE", "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY", "sk_test_4eC39HqLyjWDarjtT1zdp7dc",
               "Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/K1SZFPTOtr/KBHBeksoGMGw=="}
URL_PW_OK = {"guest", "admin", "minioadmin", "password", "postgres", "test", "root", "changeme"}


def luhn_ok(d):
    s = 0
    for i, ch in enumerate(reversed(d)):
        n = int(ch)
        if i % 2 == 1:
            n *= 2
            if n > 9:
                n -= 9
        s += n
    return s % 10 == 0


def iban_ok(s):
    s = s.replace(" ", "")
    if not (15 <= len(s) <= 34):
        return False
    r = s[4:] + s[:4]
    try:
        n = int("".join(str(int(c, 36)) for c in r))
    except ValueError:
        return False
    return n % 97 == 1


def scan(text):
    hits = []
    if re.search(r"[\w.+-]+@[\w-]+\.[\w.]+", text) and re.search(r"[\w.+-]+@[\w-]+\.(com|net|org|io|nl|se|it|ru|kr|cn|ae|sa)\b", text):
        hits.append("email")
    if re.search(r"gh[pousr]_[A-Za-z0-9]{36}", text) or re.search(r"github_pat_[A-Za-z0-9_]{30,}", text):
        hits.append("github")
    if re.search(r"xox[abposr]-\d+-", text):
        hits.append("slack")
    if re.search(r"sk-[A-Za-z0-9_-]{32,}", text) or "T3BlbkFJ" in text:
        hits.append("openai/anthropic")
    if re.search(r"eyJ[A-Za-z0-9_-]+\.eyJ[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+", text):
        hits.append("jwt")
    if re.search(r"(?<![\d-])\d{3}-\d{2}-\d{4}(?![\d-])", text):
        hits.append("ssn")
    for m in re.finditer(r"(?<![\d])\d(?:[ -]?\d){12,18}(?![\d])", text):
        d = re.sub(r"\D", "", m.group(0))
        if 13 <= len(d) <= 19 and luhn_ok(d):
            hits.append("luhn")
    for m in re.finditer(r"\b[A-Z]{2}\d{2}(?: ?[A-Z0-9]{4}){2,7}(?: ?[A-Z0-9]{1,3})?\b", text):
        if iban_ok(m.group(0)):
            hits.append("iban")
    if re.search(r"-----BEGIN [A-Z ]*PRIVATE KEY-----\s*\n?[A-Za-z0-9+/]{40,}", text):
        hits.append("pem")
    for m in re.finditer(r"(?:AKIA|ASIA)[A-Z0-9]{16}", text):
        if "EXAMPLE" not in m.group(0):
            hits.append("aws_id")
    for m in re.finditer(r"(?<![\d.])(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})(?![\d.])", text):
        try:
            ip = ipaddress.ip_address(m.group(0))
        except ValueError:
            continue
        if ip.is_global:
            hits.append("public_ip")
    for m in re.finditer(r"[a-z][a-z0-9+.-]*://([^/\s:@]*):([^/\s@]+)@", text):
        pw = m.group(2)
        if pw not in URL_PW_OK and re.search(r"[A-Za-z]", pw) and re.search(r"\d", pw) and len(pw) >= 8:
            hits.append("url_cred")
    for m in re.finditer(r"[A-Za-z0-9+/=_\-]{20,}", text):
        tok = m.group(0)
        if tok in ALLOWED_DOC or any(tok in a for a in ALLOWED_DOC):
            continue
        if re.search(r"[a-z]", tok) and re.search(r"[A-Z]", tok) and len(re.findall(r"\d", tok)) >= 3:
            hits.append("entropy:" + tok)
    return hits


# ---------------------------------------------------------------------------
# positive value makers
# ---------------------------------------------------------------------------
PW_SYM = "!%*-_.+?^~="
URL_SYM = "!*-_.~"
WORDS = ["Velvet", "Harbor", "Quill", "Maple", "Orbit", "Tundra", "Saffron", "Glacier", "Copper", "Lantern",
         "Falcon", "Meadow", "Cobalt", "Ember", "Juniper", "Nimbus", "Pebble", "Rocket", "Sorrel", "Thistle"]


def gen_password(sym=PW_SYM):
    style = R.random()
    if style < 0.65:
        n = R.randint(12, 22)
        while True:
            s = rand_str(string.ascii_letters + string.digits + sym, n)
            if (re.search(r"[a-z]", s) and re.search(r"[A-Z]", s) and re.search(r"\d", s)
                    and re.search("[" + re.escape(sym) + "]", s) and s[0] not in "-?^~=!*%"):
                return s
    if style < 0.85:
        ws = R.sample(WORDS, 3)
        return "%s%s%s%s%d" % (ws[0], pick(sym[:4]), ws[1], ws[2].lower(), R.randint(10, 9999))
    return rand_str(string.ascii_letters + string.digits, R.randint(16, 32))


def base62(n):
    s = ""
    while n:
        n, r = divmod(n, 62)
        s = B62[r] + s
    return s.rjust(6, "0")


def gen_ghp():
    body = rand_str(ALNUM, 30)
    return "ghp_" + body + base62(zlib.crc32(body.encode()) & 0xffffffff)


def gen_github_fg():
    return "github_pat_11" + rand_str(string.ascii_uppercase + string.digits, 20) + "_" + rand_str(ALNUM, 59)


def gen_aws_id():
    while True:
        v = pick(["AKIA", "AKIA", "AKIA", "ASIA"]) + rand_str("ABCDEFGHIJKLMNOPQRSTUVWXYZ234567", 16)
        if "EXAMPLE" not in v:
            return v


def gen_aws_secret():
    return rand_str(ALNUM + "+/", 40)


def gen_slack_bot():
    return "xoxb-%d-%d-%s" % (R.randint(10 ** 10, 10 ** 12), R.randint(10 ** 12, 10 ** 13 - 1), rand_str(ALNUM, 24))


def gen_slack_user():
    return "xoxp-%d-%d-%d-%s" % (R.randint(10 ** 10, 10 ** 12), R.randint(10 ** 10, 10 ** 12), R.randint(10 ** 12, 10 ** 13 - 1), rand_str(HEX, 32))


def gen_openai():
    r = R.random()
    a = ALNUM + "_-"
    if r < 0.6:
        return "sk-proj-" + rand_str(a, 74) + "T3BlbkFJ" + rand_str(a, 74)
    if r < 0.8:
        return "sk-" + rand_str(ALNUM, 20) + "T3BlbkFJ" + rand_str(ALNUM, 20)
    return "sk-svcacct-" + rand_str(a, 74) + "T3BlbkFJ" + rand_str(a, 74)


def gen_anthropic():
    return "sk-ant-api03-" + rand_str(ALNUM + "_-", 93) + "AA"


def b64u(b):
    return base64.urlsafe_b64encode(b).decode().rstrip("=")


def gen_jwt():
    alg = pick(["HS256", "RS256"])
    h = {"alg": alg, "typ": "JWT"}
    if alg == "RS256":
        h["kid"] = rand_str(ALNUM, 12)
    iat = R.randint(1767225600, 1798761600)
    p = {"sub": "svc-%s" % pick(SVCS), "iss": "https://auth.%s.internal" % pick(SVCS), "aud": pick(["ledger-api", "checkout-api", "payments-gateway"]),
         "iat": iat, "exp": iat + R.choice([900, 3600, 86400])}
    if R.random() < 0.5:
        p["scope"] = pick(["orders:read", "payments:write refunds:create", "catalog:read"])
    sig = b64u(bytes(R.randrange(256) for _ in range(32 if alg == "HS256" else 256)))
    return "%s.%s.%s" % (b64u(json.dumps(h, separators=(",", ":")).encode()), b64u(json.dumps(p, separators=(",", ":")).encode()), sig)


TOKEN_KINDS = {
    "github_classic_pat": (gen_ghp, [["github", "token"], ["gh", "token"], ["github", "pat"], ["npm", "github", "token"]]),
    "github_fine_grained_pat": (gen_github_fg, [["github", "token"], ["gh", "pat"], ["renovate", "token"]]),
    "slack_bot_token": (gen_slack_bot, [["slack", "bot", "token"], ["slack", "token"], ["alerts", "slack", "token"]]),
    "slack_user_token": (gen_slack_user, [["slack", "user", "token"], ["slack", "token"]]),
    "openai_api_key": (gen_openai, [["openai", "api", "key"], ["llm", "api", "key"], ["api", "key"]]),
    "anthropic_api_key": (gen_anthropic, [["anthropic", "api", "key"], ["claude", "api", "key"], ["llm", "api", "key"]]),
    "jwt": (gen_jwt, [["access", "token"], ["service", "token"], ["bearer", "token"], ["ledger", "api", "token"]]),
    "aws_access_key_id": (gen_aws_id, [["aws", "access", "key", "id"]]),
}

PW_CONCEPTS = [c for c in SECRET_CONCEPTS if c[-1] == "password"] + [["password"], ["db", "pass"], ["sftp", "pass"]]

POS_PROSE = {
    "en": ["the {k} for the {t} is {v} — please don't paste it anywhere else",
           "can you try with {v}? that's the {k} I set on the {t} yesterday"],
    "it": ["la {k} per {t} è {v}, non incollatela altrove", "prova con {v}, è la {k} che ho impostato ieri per {t}"],
    "nl": ["het {k} voor {t} is {v}, niet verder delen aub", "probeer {v} eens, dat {k} heb ik gisteren op {t} gezet"],
    "sv": ["{k} för {t} är {v}, dela det inte vidare", "testa med {v}, det är {k} jag satte på {t} igår"],
    "ko": ["{t} {k}는 {v} 입니다. 다른 데 붙여넣지 마세요", "{v} 로 해 보세요, 어제 {t}에 설정한 {k}예요"],
    "zh": ["{t} 的{k}是 {v}，别到处贴", "用 {v} 试试，这是我昨天给{t}设的{k}"],
    "ru": ["{k} для {t}: {v}, никуда больше не вставляйте", "попробуй {v}, это {k}, который я вчера поставил на {t}"],
    "ar": ["{k} الخاص بـ {t} هو {v}، رجاءً لا تنشروه في مكان آخر", "جرّب {v}، هذه {k} التي وضعتها أمس على {t}"],
}
PW_WORD = {"en": "password", "it": "password", "nl": "wachtwoord", "sv": "lösenordet", "ko": "비밀번호", "zh": "密码",
           "ru": "пароль", "ar": "كلمة المرور"}
TOKEN_WORD = {"en": "token", "it": "token", "nl": "token", "sv": "token", "ko": "토큰", "zh": "令牌", "ru": "токен", "ar": "الرمز"}
THING = {
    "en": ["reconciliation SFTP", "staging ledger DB", "merchant portal admin", "Kafka cluster", "settlement job"],
    "it": ["l'SFTP di riconciliazione", "il DB ledger di staging", "l'admin del portale merchant"],
    "nl": ["de reconciliatie-SFTP", "de staging ledger-DB", "de admin van het merchantportaal"],
    "sv": ["avstämnings-SFTP:n", "staging-ledgerdatabasen", "handlarportalens admin"],
    "ko": ["정산 SFTP", "스테이징 원장 DB", "가맹점 포털 관리자"],
    "zh": ["对账 SFTP", "预发账本数据库", "商户后台管理员"],
    "ru": ["SFTP сверки", "стейджинговую БД леджера", "админку портала мерчантов"],
    "ar": ["خادم SFTP للتسوية", "قاعدة بيانات السجل في بيئة الاختبار", "حساب مدير بوابة التجار"],
}


def pos_password_special(v):
    svc = pick(SVCS); env = pick(ENVS); user = "svc_%s" % svc
    opts = [
        ("sql", "```sql\nCREATE USER %s WITH PASSWORD '%s';\nGRANT CONNECT ON DATABASE %s TO %s;\n```" % (user, v, svc, user)),
        ("sql", "```sql\nALTER LOGIN [%s] WITH PASSWORD = '%s';\n```" % (user, v)),
        ("sql", "```sql\nCREATE USER '%s'@'%%' IDENTIFIED BY '%s';\n```" % (user, v)),
        ("adonet", "```\nServer=tcp:sql-%s-%s.database.windows.net,1433;Database=%s;User ID=%s;Password=%s;Encrypt=True;\n```" % (svc, env, svc, user, v)),
        ("jdbc", "```properties\nspring.datasource.url=jdbc:postgresql://%s-db.%s.internal:5432/%s\nspring.datasource.username=%s\nspring.datasource.password=%s\n```" % (svc, env, svc, user, v)),
        ("libpq", "`psql \"host=%s-db.%s.internal dbname=%s user=%s password=%s sslmode=require\"`" % (svc, env, svc, user, v)),
        ("cli", "`PGPASSWORD='%s' pg_dump -h %s-db.%s.internal -U %s %s > dump.sql`" % (v, svc, env, user, svc)),
        ("cli", "`mysql -h %s-db.%s.internal -u %s -p'%s' %s`" % (svc, env, user, v, svc)),
        ("cli", "`redis-cli -h %s-cache.%s.internal -a '%s' --no-auth-warning`" % (svc, env, v)),
        ("cli", "`keytool -importkeystore -srckeystore %s.p12 -srcstoretype PKCS12 -srcstorepass '%s' -destkeystore %s.jks`" % (svc, v, svc)),
        ("cli", "`kubectl create secret generic %s-db -n %s --from-literal=password='%s'`" % (svc, env, v)),
        ("cli", "`curl -u %s:%s https://nexus.%s.internal/repository/releases/`" % (user, v, pick(ORGS))),
        ("log", "```\n2026-%02d-%02dT%02d:%02d:07Z DEBUG [%s] opening pool user=%s password=%s host=%s-db.%s.internal\n```" % (
            R.randint(1, 12), R.randint(1, 28), R.randint(0, 23), R.randint(0, 59), svc, user, v, svc, env)),
        ("ansible", "```yaml\n- name: Create app user\n  community.postgresql.postgresql_user:\n    name: %s\n    password: %s\n```" % (user, v)),
        ("hcl", "```hcl\nresource \"aws_db_instance\" \"%s\" {\n  identifier = \"%s-%s\"\n  username   = \"%s\"\n  password   = \"%s\"\n}\n```" % (svc, svc, env, user, v)),
        ("xml", "```xml\n<server>\n  <id>%s-releases</id>\n  <username>deployer</username>\n  <password>%s</password>\n</server>\n```" % (svc, v)),
    ]
    return pick(opts)


def gen_url_cred(pw, svc):
    svc = svc; env = pick(ENVS); user = "svc_%s" % svc
    host = pick(["%s-db.%s.internal" % (svc, env), "pg-%s-01.%s.rds.amazonaws.com" % (svc, pick(REGIONS)),
                 "%s.%s.cache.internal" % (svc, env), "mq-%s.%s.internal" % (svc, env)])
    opts = [
        "postgres://%s:%s@%s:5432/%s?sslmode=require" % (user, pw, host, svc),
        "postgresql+psycopg://%s:%s@%s/%s" % (user, pw, host, svc),
        "mysql://%s:%s@%s:3306/%s" % (user, pw, host, svc),
        "mongodb+srv://%s:%s@cluster0.%s.mongodb.net/%s?retryWrites=true" % (user, pw, rand_str("abcdefghijklmnopqrstuvwxyz0123456789", 5), svc),
        "rediss://default:%s@%s:6380/0" % (pw, host),
        "redis://:%s@%s:6379/2" % (pw, host),
        "amqps://%s:%s@%s:5671/%s" % (user, pw, host, svc),
        "sftp://recon_%s:%s@sftp.%s.internal:22/inbound" % (svc, pw, pick(ORGS)),
        "https://deployer:%s@nexus.%s.internal/repository/pypi/simple" % (pw, pick(ORGS)),
        "smtp://notifications:%s@smtp.%s.internal:587" % (pw, pick(ORGS)),
    ]
    return pick(opts)




def make_positive(kind, lang):
    """returns text, secrets, context"""
    svc = pick(SVCS)
    lead_p = 0.65
    if kind == "password":
        v = gen_password()
        r = R.random()
        if r < 0.15:
            t = pick(POS_PROSE[lang]).format(k=PW_WORD[lang], t=pick(THING[lang]), v=v)
            return t, [("password", v)], "password:prose"
        if r < 0.45:
            ctx, body = pos_password_special(v)
            return compose("positive", lang, body, lead_p=lead_p), [("password", v)], "password:" + ctx
        fmt = pick([f for f in CONFIG_FMTS if f not in ("prose",)])
        w = pick(PW_CONCEPTS)
        pairs = fillers(svc, R.randint(0, 2)) + [(w, v, "str")]
        R.shuffle(pairs)
        return compose("positive", lang, render(fmt, svc, pairs), lead_p=lead_p), [("password", v)], "password:" + fmt
    if kind == "url_credentials":
        pw = gen_password(URL_SYM)
        url = gen_url_cred(pw, svc)
        fmt = pick(["env", "yaml", "json", "toml", "properties", "helm", "python", "js", "go", "cli", "log", "prose", "csharp", "kotlin"])
        if fmt == "prose":
            t = pick(POS_PROSE[lang]).format(k=pick(["DSN", "URL"]), t=pick(THING[lang]), v=url)
            return t, [("url_credentials", pw)], "url_credentials:prose"
        if fmt == "cli":
            body = pick(["`psql '%s'`", "`alembic -x dburl='%s' upgrade head`", "`pip install --index-url %s ledger-sdk`", "`celery -A tasks worker -b '%s'`"]) % url
        else:
            scheme = url.split(":", 1)[0]
            keys = {"postgres": [["database", "url"], ["db", "dsn"]], "postgresql+psycopg": [["sqlalchemy", "database", "uri"], ["database", "url"]],
                    "mysql": [["database", "url"], ["mysql", "dsn"]], "mongodb+srv": [["mongo", "uri"], ["mongodb", "url"]],
                    "rediss": [["redis", "url"], ["cache", "url"]], "redis": [["redis", "url"]], "amqps": [["broker", "url"], ["amqp", "url"]],
                    "sftp": [["sftp", "url"], ["recon", "feed", "url"]], "https": [["pip", "index", "url"], ["index", "url"]],
                    "smtp": [["smtp", "url"], ["mailer", "dsn"]]}[scheme]
            pairs = fillers(svc, R.randint(0, 1)) + [(pick(keys), url, "str")]
            body = render(fmt, svc, pairs)
        return compose("positive", lang, body, lead_p=lead_p), [("url_credentials", pw)], "url_credentials:" + fmt
    if kind == "aws_pair":
        kid, sec = gen_aws_id(), gen_aws_secret()
        fmt = pick(["env", "ini", "yaml", "json", "hcl", "python", "gha", "cli", "toml", "ansible"])
        if fmt == "ini":
            body = "```ini\n# ~/.aws/credentials\n[%s-%s]\naws_access_key_id = %s\naws_secret_access_key = %s\nregion = %s\n```" % (svc, pick(ENVS), kid, sec, pick(REGIONS))
        elif fmt == "cli":
            body = "```bash\nexport AWS_ACCESS_KEY_ID=%s\nexport AWS_SECRET_ACCESS_KEY=%s\naws s3 ls s3://%s-%s-exports/\n```" % (kid, sec, pick(ORGS), svc)
        else:
            body = render(fmt, svc, [(["aws", "access", "key", "id"], kid, "str"), (["aws", "secret", "access", "key"], sec, "str")])
        return compose("positive", lang, body, lead_p=lead_p), [("aws_access_key_id", kid), ("aws_secret_access_key", sec)], "multi:aws_pair:" + fmt
    gen, concepts = TOKEN_KINDS[kind]
    v = gen()
    r = R.random()
    if r < 0.12:
        t = pick(POS_PROSE[lang]).format(k=TOKEN_WORD[lang] if kind != "aws_access_key_id" else "access key id", t=pick(THING[lang]), v=v)
        return t, [(kind, v)], kind + ":prose"
    if r < 0.3 and kind in ("jwt",):
        body = "`curl -H 'Authorization: Bearer %s' https://%s.api.internal/v1/%s`" % (v, svc, pick(["accounts", "orders", "payouts"]))
        return compose("positive", lang, body, lead_p=lead_p), [(kind, v)], kind + ":curl"
    fmt = pick([f for f in CONFIG_FMTS if f != "prose"])
    w = pick(concepts)
    pairs = fillers(svc, R.randint(0, 2)) + [(w, v, "str")]
    R.shuffle(pairs)
    return compose("positive", lang, render(fmt, svc, pairs), lead_p=lead_p), [(kind, v)], kind + ":" + fmt


# ---------------------------------------------------------------------------
# checks for positives
# ---------------------------------------------------------------------------
def check_positive(secrets):
    for k, v in secrets:
        if k == "github_classic_pat":
            body, cs = v[4:34], v[34:]
            assert len(v) == 40 and base62(zlib.crc32(body.encode()) & 0xffffffff) == cs, v
        elif k == "jwt":
            h, p, s = v.split(".")
            for part in (h, p):
                json.loads(base64.urlsafe_b64decode(part + "=" * (-len(part) % 4)))
        elif k == "aws_access_key_id":
            assert re.fullmatch(r"(AKIA|ASIA)[A-Z2-7]{16}", v) and "EXAMPLE" not in v
        elif k == "aws_secret_access_key":
            assert len(v) == 40
        elif k == "anthropic_api_key":
            assert v.startswith("sk-ant-api03-") and v.endswith("AA") and len(v) == 108
        elif k == "github_fine_grained_pat":
            assert re.fullmatch(r"github_pat_11[A-Z0-9]{20}_[A-Za-z0-9]{59}", v)


# ---------------------------------------------------------------------------
# main
# ---------------------------------------------------------------------------
CATS = ["placeholder_value", "reference_to_store", "masked_or_redacted", "setting_not_secret",
        "documented_default", "test_fixture_marked"]


def main():
    negs, seen = [], set()
    redraws = 0
    for ci, cat in enumerate(CATS):
        n = 0
        while n < 50:
            lang = LANGS[(n + ci) % len(LANGS)] if R.random() < 0.7 else pick(LANGS)
            t = make_negative(cat, lang)
            if t in seen:
                redraws += 1
                continue
            if scan(t):
                redraws += 1
                continue
            seen.add(t)
            negs.append((t, cat))
            n += 1
    R.shuffle(negs)
    neg_rows = [{"id": "%sn-%04d" % (NAME, i + 1), "text": t, "category": c} for i, (t, c) in enumerate(negs)]

    plan = (["password"] * 60 + ["url_credentials"] * 20 + ["aws_pair"] * 8 + ["aws_access_key_id"] * 4
            + ["github_classic_pat"] * 9 + ["github_fine_grained_pat"] * 7 + ["slack_bot_token"] * 9
            + ["slack_user_token"] * 6 + ["openai_api_key"] * 9 + ["anthropic_api_key"] * 9 + ["jwt"] * 9)
    assert len(plan) == 150
    pos, pseen = [], set()
    for i, kind in enumerate(plan):
        while True:
            lang = LANGS[i % len(LANGS)]
            t, secs, ctx = make_positive(kind, lang)
            if t not in pseen:
                break
        pseen.add(t)
        for k, v in secs:
            assert v in t, (k, v, t)
        check_positive(secs)
        pos.append((t, secs, ctx))
    R.shuffle(pos)
    pos_rows = [{"id": "%sp-%04d" % (NAME, i + 1), "text": t,
                 "secrets": [{"kind": k, "value": v} for k, v in s], "context": c} for i, (t, s, c) in enumerate(pos)]

    with open(os.path.join(HERE, NAME + "_negatives.jsonl"), "w", encoding="utf-8") as f:
        for r in neg_rows:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")
    with open(os.path.join(HERE, NAME + "_positives.jsonl"), "w", encoding="utf-8") as f:
        for r in pos_rows:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")

    # report
    from collections import Counter
    print("negatives:", len(neg_rows), dict(Counter(r["category"] for r in neg_rows)), "redraws:", redraws)
    kinds = Counter(s["kind"] for r in pos_rows for s in r["secrets"])
    print("positives:", len(pos_rows), "secrets:", sum(kinds.values()), dict(kinds))
    missed = [r["id"] for r in pos_rows if not scan(r["text"])]
    print("scanner misses on positives (scanner is for negatives; shown for info):", len(missed))


if __name__ == "__main__":
    main()
