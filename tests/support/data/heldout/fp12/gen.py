#!/usr/bin/env python3
"""fp12 probe: secret-NAMED keys whose value is NOT a secret (negatives) vs. the
same keys and formats holding real-looking secret values (positives).

Standard library only. random.Random(1212) is the only randomness; running it
twice gives byte-identical files.
"""
import base64
import json
import os
import re
import struct
import sys
import zlib
import random

NAME = "fp12"
SEED = 1212
R = random.Random(SEED)
HERE = os.path.dirname(os.path.abspath(__file__))

LANGS = ["en", "de", "fr", "es", "pt", "ja", "pl", "tr"]
LANG_W = [30, 10, 9, 9, 9, 9, 8, 8]


def pick(seq):
    return seq[R.randrange(len(seq))]


def lang_pick():
    return R.choices(LANGS, weights=LANG_W)[0]


def rstr(alpha, n):
    return "".join(alpha[R.randrange(len(alpha))] for _ in range(n))


UP = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
LO = "abcdefghijklmnopqrstuvwxyz"
DG = "0123456789"
AN = UP + LO + DG
HEX = "0123456789abcdef"
B64URL = AN + "-_"

# ---------------------------------------------------------------- key names

def kname(words, style):
    if style == "upper":
        return "_".join(w.upper() for w in words)
    if style == "snake":
        return "_".join(words)
    if style == "camel":
        return words[0] + "".join(w.capitalize() for w in words[1:])
    if style == "pascal":
        return "".join(w.capitalize() for w in words)
    if style == "kebab":
        return "-".join(words)
    raise ValueError(style)


SECRET_KEYS = [
    ["db", "password"], ["api", "key"], ["api", "token"], ["secret", "key"], ["client", "secret"],
    ["auth", "token"], ["access", "token"], ["stripe", "secret", "key"], ["github", "token"],
    ["slack", "bot", "token"], ["openai", "api", "key"], ["aws", "secret", "access", "key"],
    ["smtp", "password"], ["redis", "password"], ["jwt", "secret"], ["webhook", "secret"],
    ["private", "key"], ["admin", "password"], ["npm", "token"], ["sentry", "auth", "token"],
    ["datadog", "api", "key"], ["postgres", "password"], ["rabbitmq", "password"],
    ["encryption", "key"], ["signing", "secret"], ["oauth", "client", "secret"],
    ["mysql", "root", "password"], ["ldap", "bind", "password"], ["keystore", "password"],
    ["registry", "password"], ["sendgrid", "api", "key"], ["session", "secret"],
]

CTX_ITEMS = [
    (["db", "host"], "db.internal"), (["db", "port"], 5432), (["db", "user"], "billing_app"),
    (["db", "name"], "billing"), (["log", "level"], "info"), (["timeout", "ms"], 5000),
    (["region"], "eu-central-1"), (["base", "url"], "https://api.internal.acme.dev"),
    (["retries"], 3), (["cache", "enabled"], True), (["service", "name"], "billing-api"),
    (["redis", "host"], "redis.cache.svc"), (["pool", "size"], 20), (["smtp", "host"], "smtp.internal"),
    (["smtp", "port"], 587), (["feature", "flags"], "new-checkout"),
]

SECTIONS = ["auth", "security", "database", "integrations", "billing", "api", "notifications", "storage"]

# ---------------------------------------------------------------- value rendering

def v_raw(v):
    if isinstance(v, bool):
        return "true" if v else "false"
    return str(v)


def esc_dq(s):
    return s.replace("\\", "\\\\").replace('"', '\\"')


def v_dq(v):
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, int):
        return str(v)
    return '"' + esc_dq(v) + '"'


def v_sq(v):
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, int):
        return str(v)
    return "'" + v.replace("\\", "\\\\").replace("'", "\\'") + "'"


def v_py(v):
    if isinstance(v, bool):
        return "True" if v else "False"
    return v_dq(v)


def v_yaml(v):
    if isinstance(v, bool) or isinstance(v, int):
        return v_raw(v)
    if v == "" or re.search(r"[{}\[\]*&!|>%@#`,?]|: |^[-<'\"]|^(true|false|null|yes|no|on|off)$|^\d", v) or v != v.strip():
        return '"' + esc_dq(v) + '"'
    return v


def v_sh(v):
    s = v_raw(v)
    if re.fullmatch(r"[A-Za-z0-9_./:@=+,%-]+", s):
        return s
    if "$" in s and "'" not in s:
        return '"' + s + '"'
    return "'" + s + "'"


def v_env(v):
    s = v_raw(v)
    if " " in s or "#" in s:
        return '"' + s + '"'
    return s


def v_rust(v):
    if isinstance(v, (bool, int)):
        return v_raw(v)
    return '"' + esc_dq(v) + '".into()'


COMMENT = {
    "env": "#", "yaml": "#", "toml": "#", "ini": ";", "hcl": "#", "k8s": "#", "compose": "#",
    "cli": "#", "python": "#", "js": "//", "ts": "//", "go": "//", "java": "#", "csharp": "//",
    "ruby": "#", "php": "//", "rust": "//", "sql": "--",
}

FENCE = {
    "env": ["", "bash", "dotenv"], "yaml": ["yaml", "yml"], "json": ["json"], "toml": ["toml"],
    "ini": ["ini", ""], "hcl": ["hcl", "terraform"], "k8s": ["yaml"], "compose": ["yaml"],
    "cli": ["", "bash", "console", "sh"], "python": ["python", "py"], "js": ["js", "javascript"],
    "ts": ["ts", "typescript"], "go": ["go"], "java": ["properties", ""], "csharp": ["csharp", "cs"],
    "ruby": ["ruby", "rb"], "php": ["php"], "rust": ["rust", "rs"], "sql": ["sql"], "log": ["", "text"],
}

PATHS = {
    "env": ([".env", ".env.staging", "deploy/.env.production", "services/billing/.env", ".env.example"],
            [".env.test", "tests/.env.ci"]),
    "yaml": (["config/app.yaml", "config/settings.yml", "deploy/values.yaml", "charts/billing/values-prod.yaml"],
             ["tests/fixtures/config.yaml", "config/settings.test.yml"]),
    "json": (["config/default.json", "appsettings.Production.json", "config/production.json"],
             ["test/fixtures/config.json", "appsettings.Testing.json"]),
    "toml": (["config.toml", "Settings.toml", "config/prod.toml"], ["tests/data/config.toml"]),
    "ini": (["config/app.ini", "etc/billing/billing.conf"], ["tests/test_app.ini"]),
    "hcl": (["infra/rds.tf", "terraform/prod/main.tf", "infra/modules/api/main.tf"], ["infra/tests/fixture.tftest.hcl"]),
    "k8s": (["k8s/billing-api/deployment.yaml", "k8s/base/configmap.yaml"], ["k8s/overlays/ci/patch.yaml"]),
    "compose": (["docker-compose.yml", "compose.prod.yaml"], ["docker-compose.test.yml", "docker-compose.ci.yml"]),
    "python": (["billing/settings.py", "app/config.py"], ["tests/conftest.py", "tests/test_client.py"]),
    "js": (["config/index.js", "src/config.js"], ["__tests__/client.test.js", "test/setup.js"]),
    "ts": (["src/config.ts", "apps/api/src/env.ts"], ["src/__tests__/auth.spec.ts", "test/fixtures.ts"]),
    "go": (["internal/config/config.go", "cmd/billing/main.go"], ["internal/auth/client_test.go", "internal/config/config_test.go"]),
    "java": (["src/main/resources/application.properties", "src/main/resources/application-prod.properties"],
             ["src/test/resources/application-test.properties"]),
    "csharp": (["Program.cs", "Startup.cs"], ["Billing.Tests/AuthTests.cs"]),
    "ruby": (["config/initializers/billing.rb", "config/environments/production.rb"], ["spec/support/stripe.rb", "spec/factories/integrations.rb"]),
    "php": (["config/services.php", "config/database.php"], ["tests/Feature/PaymentTest.php"]),
    "rust": (["src/config.rs", "src/main.rs"], ["tests/integration.rs", "src/auth/tests.rs"]),
    "sql": (["migrations/0042_app_settings.sql", "db/seed.sql"], ["tests/seed_test.sql"]),
}

CODE_FMTS = ["env", "yaml", "json", "toml", "ini", "hcl", "k8s", "compose", "cli", "python", "js", "ts",
             "go", "java", "csharp", "ruby", "php", "rust", "sql", "log"]


def ts_iso():
    y = pick([2025, 2026])
    return "%d-%02d-%02dT%02d:%02d:%02d.%03dZ" % (y, R.randint(1, 12), R.randint(1, 28), R.randint(0, 23),
                                                  R.randint(0, 59), R.randint(0, 59), R.randint(0, 999))


def render(fmt, targets, ctx_n=None, k8s_secret=False, cli_kind=None):
    """targets: list of (words, value, comment-or-None). Returns code body (no fence)."""
    if ctx_n is None:
        ctx_n = R.choice([0, 1, 1, 2, 3])
    ctx = R.sample(CTX_ITEMS, ctx_n)
    items = [(w, v, None) for (w, v) in ctx]
    for t in targets:
        items.insert(R.randint(0, len(items)), t)
    sec = pick(SECTIONS)
    cc = COMMENT.get(fmt, "#")

    def cm(c):
        return ("  %s %s" % (cc, c)) if c else ""

    L = []
    if fmt == "env":
        for w, v, c in items:
            L.append("%s=%s%s" % (kname(w, "upper"), v_env(v), cm(c)))
    elif fmt == "yaml":
        nested = R.random() < 0.6
        if nested:
            L.append(sec + ":")
        for w, v, c in items:
            L.append("%s%s: %s%s" % ("  " if nested else "", kname(w, "snake"), v_yaml(v), cm(c)))
    elif fmt == "json":
        style = pick(["camel", "snake", "pascal"])
        d = {kname(w, style): v for w, v, c in items}
        if R.random() < 0.6:
            d = {kname([sec], style): d}
        L = json.dumps(d, indent=2, ensure_ascii=False).split("\n")
    elif fmt == "toml":
        L.append("[%s]" % sec)
        for w, v, c in items:
            L.append("%s = %s%s" % (kname(w, "snake"), v_dq(v), cm(c)))
    elif fmt == "ini":
        L.append("[%s]" % sec)
        for w, v, c in items:
            L.append("%s = %s%s" % (kname(w, "snake"), v_raw(v), cm(c)))
    elif fmt == "hcl":
        if R.random() < 0.5:
            L.append("locals {")
        else:
            L.append('module "%s" {' % pick(["billing_api", "payments_db", "notifier", "search"]))
            L.append('  source = "./modules/%s"' % pick(["service", "rds", "lambda"]))
        for w, v, c in items:
            L.append("  %s = %s%s" % (kname(w, "snake"), v_dq(v), cm(c)))
        L.append("}")
    elif fmt == "k8s":
        app = pick(["billing-api", "notifier", "search-indexer", "checkout"])
        if k8s_secret:
            L += ["apiVersion: v1", "kind: Secret", "metadata:", "  name: %s-credentials" % app,
                  "type: Opaque", "stringData:"]
            for w, v, c in items:
                L.append('  %s: "%s"%s' % (kname(w, "upper"), esc_dq(v_raw(v)), cm(c)))
        elif R.random() < 0.5:
            L += ["apiVersion: v1", "kind: ConfigMap", "metadata:", "  name: %s-config" % app, "data:"]
            for w, v, c in items:
                L.append('  %s: "%s"%s' % (kname(w, "upper"), esc_dq(v_raw(v)), cm(c)))
        else:
            L += ["      containers:", "        - name: %s" % app,
                  "          image: registry.internal/%s:1.%d.%d" % (app, R.randint(2, 30), R.randint(0, 9)),
                  "          env:"]
            for w, v, c in items:
                L.append("            - name: %s%s" % (kname(w, "upper"), cm(c)))
                L.append('              value: "%s"' % esc_dq(v_raw(v)))
    elif fmt == "compose":
        svc = pick(["api", "worker", "db", "app"])
        L += ["services:", "  %s:" % svc, "    image: acme/billing-%s:%d.%d" % (svc, R.randint(1, 4), R.randint(0, 20)),
              "    environment:"]
        listform = R.random() < 0.4
        for w, v, c in items:
            if listform:
                L.append("      - %s=%s%s" % (kname(w, "upper"), v_raw(v), cm(c)))
            else:
                L.append("      %s: %s%s" % (kname(w, "upper"), v_yaml(v), cm(c)))
    elif fmt == "cli":
        kind = cli_kind or pick(["flags", "docker", "helm", "export"])
        if kind == "flags":
            parts = ["./bin/billing-api serve"] + ["--%s=%s" % (kname(w, "kebab"), v_sh(v)) for w, v, c in items]
            L.append("$ " + " \\\n    ".join(parts))
        elif kind == "docker":
            parts = ["docker run --rm"] + ["-e %s=%s" % (kname(w, "upper"), v_sh(v)) for w, v, c in items]
            parts.append("acme/billing-api:%d.%d.%d" % (R.randint(1, 3), R.randint(0, 20), R.randint(0, 9)))
            L.append("$ " + " \\\n    ".join(parts))
        elif kind == "helm":
            parts = ["helm upgrade --install billing charts/billing -n billing"] + \
                    ["--set %s.%s=%s" % (sec, kname(w, "camel"), v_sh(v)) for w, v, c in items]
            L.append(" \\\n  ".join(parts))
        else:
            for w, v, c in items:
                L.append("export %s=%s" % (kname(w, "upper"), v_sh(v)))
        cs = [c for w, v, c in items if c]
        if cs:
            L.append("# " + cs[0])
    elif fmt == "python":
        kind = pick(["const", "dict", "call"])
        if kind == "const":
            for w, v, c in items:
                L.append("%s = %s%s" % (kname(w, "upper"), v_py(v), cm(c)))
        elif kind == "dict":
            L.append("%s = {" % pick(["SETTINGS", "CONFIG", "DEFAULTS"]))
            for w, v, c in items:
                L.append('    "%s": %s,%s' % (kname(w, "snake"), v_py(v), cm(c)))
            L.append("}")
        else:
            L.append("client = %s(" % pick(["BillingClient", "Settings", "ApiClient"]))
            for w, v, c in items:
                L.append("    %s=%s,%s" % (kname(w, "snake"), v_py(v), cm(c)))
            L.append(")")
    elif fmt in ("js", "ts"):
        if fmt == "js":
            L.append(pick(["module.exports = {", "const config = {"]))
        else:
            L.append(pick(["export const config: AppConfig = {", "export default {"]))
        for w, v, c in items:
            L.append("  %s: %s,%s" % (kname(w, "camel"), v_sq(v), cm(c)))
        L.append("};" if L[0].startswith(("const", "module", "export const")) else "} satisfies AppConfig;")
    elif fmt == "go":
        L.append("cfg := config.Config{")
        for w, v, c in items:
            L.append("\t%s: %s,%s" % (kname(w, "pascal"), v_dq(v), cm(c)))
        L.append("}")
    elif fmt == "java":
        for w, v, c in items:
            if c:
                L.append("# " + c)
            L.append("app.%s.%s=%s" % (sec, kname(w, "kebab"), v_raw(v)))
    elif fmt == "csharp":
        L.append("builder.Services.Configure<%sOptions>(o =>" % sec.capitalize())
        L.append("{")
        for w, v, c in items:
            L.append("    o.%s = %s;%s" % (kname(w, "pascal"), v_dq(v), cm(c)))
        L.append("});")
    elif fmt == "ruby":
        L.append("%s.configure do |config|" % pick(["Billing", "Acme::Payments", "Notifier"]))
        for w, v, c in items:
            L.append("  config.%s = %s%s" % (kname(w, "snake"), v_dq(v), cm(c)))
        L.append("end")
    elif fmt == "php":
        L += ["return [", "    '%s' => [" % sec]
        for w, v, c in items:
            L.append("        '%s' => %s,%s" % (kname(w, "snake"), v_sq(v), cm(c)))
        L += ["    ],", "];"]
    elif fmt == "rust":
        L.append("let cfg = Config {")
        for w, v, c in items:
            L.append("    %s: %s,%s" % (kname(w, "snake"), v_rust(v), cm(c)))
        L += ["    ..Default::default()", "};"]
    elif fmt == "sql":
        if R.random() < 0.5:
            L.append("INSERT INTO app_settings (name, value) VALUES")
            rows = ["  ('%s', '%s')" % (kname(w, "snake"), v_raw(v).replace("'", "''")) for w, v, c in items]
            L.append(",\n".join(rows) + ";")
            cs = [c for w, v, c in items if c]
            if cs:
                L.append("-- " + cs[0])
        else:
            for w, v, c in items:
                L.append("UPDATE app_settings SET value = '%s' WHERE name = '%s';%s"
                         % (v_raw(v).replace("'", "''"), kname(w, "snake"), cm(c)))
    elif fmt == "log":
        svc = pick(["billing-api", "notifier", "checkout", "auth-gw"])
        if R.random() < 0.5:
            kv = " ".join("%s=%s" % (kname(w, "snake"), v_env(v)) for w, v, c in items)
            L.append("%s INFO  [%s] effective config: %s" % (ts_iso(), svc, kv))
        else:
            d = {"ts": ts_iso(), "level": "info", "svc": svc, "msg": "config loaded"}
            for w, v, c in items:
                d[kname(w, "snake")] = v
            L.append(json.dumps(d, ensure_ascii=False))
    else:
        raise ValueError(fmt)
    return "\n".join(L)


# ---------------------------------------------------------------- Slack wrapping

LEAD = {
    "en": ["fyi", "heads up:", "quick q —", "ok so", "re the deploy:"],
    "de": ["Zur Info:", "kurze Frage:", "Achtung:", "also:"],
    "fr": ["Pour info :", "petite question :", "attention :", "bon,"],
    "es": ["Para que sepáis:", "pregunta rápida:", "ojo:", "a ver,"],
    "pt": ["Só pra constar:", "pergunta rápida:", "atenção:", "então,"],
    "ja": ["メモ:", "共有です:", "念のため:", "確認です:"],
    "pl": ["Dla info:", "szybkie pytanie:", "uwaga:", "słuchajcie,"],
    "tr": ["Bilginize:", "hızlı soru:", "dikkat:", "şöyle ki,"],
}

CAPTION = {
    "en": ["relevant part of `{p}`:", "this is what's in `{p}` right now:", "`{p}` after my change:"],
    "de": ["Ausschnitt aus `{p}`:", "so sieht `{p}` gerade aus:", "`{p}` nach meiner Änderung:"],
    "fr": ["extrait de `{p}` :", "voilà ce qu'il y a dans `{p}` :", "`{p}` après ma modif :"],
    "es": ["fragmento de `{p}`:", "así está `{p}` ahora:", "`{p}` después de mi cambio:"],
    "pt": ["trecho do `{p}`:", "assim tá o `{p}` agora:", "`{p}` depois da minha mudança:"],
    "ja": ["`{p}` の該当箇所:", "今の `{p}` はこうなってます:", "修正後の `{p}`:"],
    "pl": ["fragment `{p}`:", "tak teraz wygląda `{p}`:", "`{p}` po mojej zmianie:"],
    "tr": ["`{p}` dosyasından ilgili kısım:", "`{p}` şu an böyle:", "değişiklikten sonra `{p}`:"],
}

CAP_NOPATH = {
    "en": ["what I ran:", "output:", "here:"], "de": ["was ich ausgeführt habe:", "Ausgabe:", "hier:"],
    "fr": ["ce que j'ai lancé :", "la sortie :", "ici :"], "es": ["lo que ejecuté:", "salida:", "aquí:"],
    "pt": ["o que eu rodei:", "saída:", "aqui:"], "ja": ["実行したコマンド:", "出力:", "これです:"],
    "pl": ["co odpaliłem:", "wynik:", "tu:"], "tr": ["çalıştırdığım komut:", "çıktı:", "burada:"],
}


def wrap(body, fmt, lang, path=None, tail=None, lead_p=0.15):
    fence = pick(FENCE.get(fmt, [""]))
    parts = []
    head = ""
    if R.random() < lead_p:
        head = pick(LEAD[lang]) + " "
    if path and R.random() < 0.8:
        parts.append(head + pick(CAPTION[lang]).format(p=path))
    elif R.random() < 0.5:
        i = 0 if fmt == "cli" else (1 if fmt == "log" else 2)
        parts.append(head + CAP_NOPATH[lang][i])
    elif head:
        parts.append(head.strip())
    parts.append("```%s\n%s\n```" % (fence, body))
    if tail:
        parts.append(tail)
    return "\n".join(parts)


# ---------------------------------------------------------------- negative value pools

def placeholder_values(words):
    K, s, c, p, k = (kname(words, "upper"), kname(words, "snake"), kname(words, "camel"),
                     kname(words, "pascal"), kname(words, "kebab"))
    return [
        "${%s}" % K, "<your-%s>" % k, "{{ secrets.%s }}" % K, "${{ secrets.%s }}" % K, "changeme",
        "CHANGE_ME", "xxx", "xxxxxxxx", "TODO", "TBD", "REPLACE_ME", "your_%s_here" % s, "<%s>" % K,
        "%%%s%%" % K, "$(%s)" % K, "{{ .Values.%s }}" % c, "{{ %s }}" % s, "#{%s}#" % p, "@@%s@@" % K,
        "<paste here>", "...", "${env:%s}" % K, "${%s:?must be set}" % K, '{{ env "%s" }}' % K,
        "__REPLACE__", "{{ vault_%s }}" % s, "<fill-me-in>", "set-me", "${%s:-}" % K, "PLACEHOLDER",
    ]


VENDOR_PLACEHOLDERS = [
    (["openai", "api", "key"], "sk-..."), (["openai", "api", "key"], "sk-proj-xxxxxxxx"),
    (["slack", "bot", "token"], "xoxb-your-bot-token"), (["slack", "bot", "token"], "xoxb-..."),
    (["github", "token"], "ghp_xxxxxxxxxxxx"), (["github", "token"], "github_pat_..."),
    (["anthropic", "api", "key"], "sk-ant-api03-..."), (["aws", "access", "key", "id"], "AKIA..."),
    (["aws", "secret", "access", "key"], "<secret-access-key>"), (["stripe", "secret", "key"], "sk_live_xxx"),
    (["stripe", "webhook", "secret"], "whsec_..."), (["gitlab", "token"], "glpat-xxxxxxxxxxxx"),
]

URL_PLACEHOLDERS = [
    "postgres://billing:${DB_PASSWORD}@db.internal:5432/billing",
    "postgresql://app:<password>@localhost:5432/app",
    "mongodb+srv://svc:<db_password>@cluster0.mongodb.net/orders",
    "redis://:${REDIS_PASSWORD}@redis.cache.svc:6379/0",
    "amqp://app:CHANGE_ME@rabbitmq:5672/",
    "mysql://root:{{ mysql_root_password }}@127.0.0.1:3306/shop",
    "postgres://user:password@localhost:5432/mydb",
    "https://ci-bot:${GIT_TOKEN}@git.internal.acme.dev/platform/infra.git",
    "smtp://mailer:%SMTP_PASSWORD%@smtp.internal:587",
]

REGIONS = ["eu-central-1", "us-east-1", "eu-west-1", "ap-northeast-1", "sa-east-1"]
SVCS = ["billing", "payments", "notifier", "search", "checkout", "ledger", "auth-gw"]
ENVS = ["prod", "staging", "dev", "qa"]


def ref_values(words):
    K, s, p, k = kname(words, "upper"), kname(words, "snake"), kname(words, "pascal"), kname(words, "kebab")
    svc, env, reg = pick(SVCS), pick(ENVS), pick(REGIONS)
    acct = "%012d" % R.randrange(10 ** 11, 10 ** 12)
    return [
        "vault:secret/data/%s/%s#%s" % (svc, env, s),
        "secret/data/%s/%s/%s" % (env, svc, k),
        "arn:aws:secretsmanager:%s:%s:secret:%s/%s/%s-%s" % (reg, acct, env, svc, k, rstr(AN, 6)),
        "arn:aws:ssm:%s:%s:parameter/%s/%s/%s" % (reg, acct, env, svc, s),
        "projects/acme-%s/secrets/%s/versions/latest" % (env, k),
        "@Microsoft.KeyVault(SecretUri=https://acme-%s-kv.vault.azure.net/secrets/%s/)" % (env, p),
        "@Microsoft.KeyVault(VaultName=acme-%s-kv;SecretName=%s)" % (env, p),
        "op://%s/%s %s/%s" % (pick(["Platform", "Engineering", "Billing", "Shared"]), svc.capitalize(),
                              env, pick(["password", "credential", "api key", "token"])),
        "{{resolve:secretsmanager:%s/%s/db:SecretString:%s}}" % (env, svc, s),
        "{{resolve:ssm-secure:/%s/%s/%s}}" % (env, svc, s),
        "/run/secrets/%s" % s, "/var/run/secrets/%s/%s" % (svc, k), "/etc/%s/secrets/%s" % (svc, k),
        "ssm:/%s/%s/%s" % (env, svc, s), "sm://acme-%s/%s" % (env, k),
    ]


REF_KEYS = [
    (["password", "file"], "path"), (["token", "path"], "path"), (["api", "key", "file"], "path"),
    (["password", "env"], "env"), (["token", "env", "var"], "env"), (["secret", "name"], "k8s"),
    (["existing", "secret"], "k8s"), (["db", "password"], "any"), (["api", "key"], "any"),
    (["client", "secret"], "any"), (["jwt", "secret"], "any"), (["smtp", "password"], "any"),
    (["github", "token"], "any"), (["stripe", "secret", "key"], "any"),
]

MASKS = ["********", "[REDACTED]", "<redacted>", "[FILTERED]", "***", "•••••••••••", "(sensitive value)",
         "<hidden>", "*****REDACTED*****", "[MASKED]", "[Filtered]", "**********", "REDACTED", "<masked>",
         "****", "…", "••••••••3f1a", "****************9c2e", "sk-proj-****", "xoxb-****", "ghp_****",
         "sk_live_••••••••4242", "[removed]", "<sensitive>"]

SETTINGS = [
    (["password", "min", "length"], 12), (["password", "max", "age", "days"], 90), (["token", "ttl", "seconds"], 3600),
    (["access", "token", "expiry"], "15m"), (["refresh", "token", "ttl"], "720h"), (["api", "key", "header"], "X-Api-Key"),
    (["secret", "rotation", "days"], 90), (["password", "hasher"], "argon2"), (["jwt", "algorithm"], "RS256"),
    (["token", "issuer"], "https://auth.acme.example"), (["password", "require", "symbol"], True),
    (["api", "key", "enabled"], False), (["secret", "store", "backend"], "vault"), (["ssh", "key", "type"], "ed25519"),
    (["private", "key", "path"], "/etc/ssl/private/server.key"), (["token", "length"], 32),
    (["password", "regex"], r"^(?=.*[A-Z])(?=.*\d).{12,}$"), (["api", "key", "prefix"], "acme_"),
    (["secret", "max", "size"], "64KiB"), (["password", "bcrypt", "cost"], 12), (["session", "secret", "length"], 64),
    (["token", "audience"], "payments-api"), (["auth", "token", "cache", "size"], 10000),
    (["password", "reset", "token", "expiry", "minutes"], 30), (["api", "key", "rate", "limit"], "100/min"),
    (["password", "history", "count"], 5), (["token", "refresh", "leeway"], "30s"), (["key", "rotation", "interval"], "2160h"),
    (["client", "secret", "expires", "in", "days"], 180), (["password", "lockout", "attempts"], 5),
    (["api", "token", "scope"], "read:orders"), (["token", "endpoint"], "/oauth/token"), (["password", "policy"], "strict"),
    (["secrets", "provider"], "aws-secretsmanager"), (["credentials", "mode"], "iam-role"),
    (["token", "signing", "alg"], "ES256"), (["password", "encoding"], "utf-8"), (["private", "key", "format"], "PKCS8"),
    (["api", "key", "location"], "header"), (["secret", "mount", "path"], "/mnt/secrets-store"),
    (["token", "cookie", "name"], "__Host-session"), (["password", "column"], "password_hash"),
    (["api", "key", "length", "bytes"], 32), (["token", "store"], "redis"), (["password", "min", "classes"], 3),
    (["auth", "token", "type"], "Bearer"), (["password", "expiry", "warning", "days"], 14), (["secret", "version"], "latest"),
    (["token", "bucket", "capacity"], 500), (["max", "tokens"], 4096), (["password", "prompt"], "Enter password: "),
    (["token", "refill", "rate"], "50/s"), (["secret", "cache", "ttl"], "5m"), (["password", "reuse", "allowed"], False),
    (["api", "key", "masking"], "last4"), (["token", "validation"], "introspection"),
]

DUMMIES = ["test-password", "not-a-real-token", "dummy", "fake-api-key", "test", "testtest", "secret-for-tests",
           "unit-test-signing-secret", "x" * 32, "fake-secret", "dummy-token", "test-key-do-not-use", "TEST_ONLY",
           "fake", "notasecret", "ci-dummy-password", "integration-test-token", "pytest-secret", "00000000",
           "spec-api-key", "dummy_client_secret", "fixture-webhook-secret", "mock-token"]

FIX_MARK = {
    "en": ["test only", "fake, not a real credential", "dummy value for unit tests", "fixture, never valid anywhere"],
    "de": ["nur für Tests", "Dummy-Wert, kein echtes Secret", "Fake-Wert für Unit-Tests"],
    "fr": ["valeur factice pour les tests", "bidon, pas un vrai secret", "uniquement pour les tests"],
    "es": ["valor falso para tests", "solo para tests, no es real", "dummy para los tests unitarios"],
    "pt": ["valor fictício só pra testes", "fake, não é credencial real", "só para testes"],
    "ja": ["テスト用のダミー値", "テスト専用・本物ではない", "ダミー"],
    "pl": ["tylko do testów", "fałszywa wartość, nie prawdziwy sekret", "dummy do testów jednostkowych"],
    "tr": ["sadece test için", "sahte değer, gerçek değil", "birim testleri için dummy"],
}

# ---------------------------------------------------------------- prose per category

PROSE = {
    "placeholder_value": {
        "en": ["in `.env.example` just leave `{k}={v}`, the deploy pipeline swaps it",
               "set {k} to `{v}` for now, we fill it in from CI"],
        "de": ["in der `.env.example` bleibt `{k}={v}` stehen, die Pipeline ersetzt das",
               "{k} einfach auf `{v}` lassen, der echte Wert kommt aus CI"],
        "fr": ["dans le `.env.example` on laisse `{k}={v}`, la CI le remplace",
               "mets `{v}` pour {k} pour l'instant, c'est injecté au déploiement"],
        "es": ["en el `.env.example` deja `{k}={v}`, el pipeline lo sustituye",
               "pon `{v}` en {k} de momento, el valor real lo mete CI"],
        "pt": ["no `.env.example` deixa `{k}={v}`, a pipeline troca no deploy",
               "coloca `{v}` em {k} por enquanto, o valor de verdade vem do CI"],
        "ja": ["`.env.example` では `{k}={v}` のままで大丈夫です。デプロイ時にパイプラインが置き換えます",
               "{k} はとりあえず `{v}` にしておいてください。本物の値は CI から入ります"],
        "pl": ["w `.env.example` zostaw `{k}={v}`, pipeline to podmienia przy deployu",
               "na razie ustaw {k} na `{v}`, prawdziwa wartość przychodzi z CI"],
        "tr": ["`.env.example` içinde `{k}={v}` kalsın, pipeline deploy sırasında değiştiriyor",
               "şimdilik {k} için `{v}` yaz, gerçek değer CI'dan geliyor"],
    },
    "reference_to_store": {
        "en": ["{k} isn't in the repo, it points at `{v}`", "we read {k} from `{v}` at startup"],
        "de": ["{k} steht nicht im Repo, der Verweis geht auf `{v}`", "{k} wird beim Start aus `{v}` gelesen"],
        "fr": ["{k} n'est pas dans le repo, ça pointe vers `{v}`", "{k} est lu depuis `{v}` au démarrage"],
        "es": ["{k} no está en el repo, apunta a `{v}`", "{k} se lee de `{v}` al arrancar"],
        "pt": ["{k} não fica no repo, aponta pra `{v}`", "o {k} é lido de `{v}` na inicialização"],
        "ja": ["{k} はリポジトリには入っていなくて、`{v}` を参照しています", "{k} は起動時に `{v}` から読み込みます"],
        "pl": ["{k} nie ma w repo, wskazuje na `{v}`", "{k} czytamy przy starcie z `{v}`"],
        "tr": ["{k} repoda yok, `{v}` adresini gösteriyor", "{k} açılışta `{v}` üzerinden okunuyor"],
    },
    "masked_or_redacted": {
        "en": ["the log line shows `{k}={v}` so masking works", "in the dashboard {k} is displayed as `{v}`, can't read it from there"],
        "de": ["im Log steht `{k}={v}`, die Maskierung greift also", "im Dashboard wird {k} nur als `{v}` angezeigt"],
        "fr": ["dans les logs on voit `{k}={v}`, donc le masquage marche", "dans la console {k} s'affiche comme `{v}`"],
        "es": ["en el log sale `{k}={v}`, así que el enmascarado funciona", "en el panel {k} aparece como `{v}`"],
        "pt": ["no log aparece `{k}={v}`, então o mascaramento tá funcionando", "no painel o {k} aparece como `{v}`"],
        "ja": ["ログには `{k}={v}` と出ているのでマスキングは効いています", "ダッシュボードでは {k} は `{v}` としか表示されません"],
        "pl": ["w logu jest `{k}={v}`, więc maskowanie działa", "w panelu {k} wyświetla się jako `{v}`"],
        "tr": ["logda `{k}={v}` görünüyor, yani maskeleme çalışıyor", "panelde {k} sadece `{v}` olarak görünüyor"],
    },
    "setting_not_secret": {
        "en": ["bumped `{k}` to `{v}` in prod", "changed `{k}` to `{v}` per the security review"],
        "de": ["`{k}` steht jetzt auf `{v}`", "laut Security-Review haben wir `{k}` auf `{v}` gesetzt"],
        "fr": ["j'ai passé `{k}` à `{v}` en prod", "suite à la revue sécu, `{k}` vaut maintenant `{v}`"],
        "es": ["cambié `{k}` a `{v}` en prod", "tras la revisión de seguridad `{k}` queda en `{v}`"],
        "pt": ["mudei `{k}` pra `{v}` em prod", "depois da revisão de segurança o `{k}` ficou `{v}`"],
        "ja": ["本番の `{k}` を `{v}` に変更しました", "セキュリティレビューの結果、`{k}` は `{v}` にしました"],
        "pl": ["zmieniłem `{k}` na `{v}` na produkcji", "po przeglądzie bezpieczeństwa `{k}` ma teraz wartość `{v}`"],
        "tr": ["prod'da `{k}` değerini `{v}` yaptım", "güvenlik incelemesinden sonra `{k}` artık `{v}`"],
    },
    "documented_default": {
        "en": ["{product} docs: the default for `{k}` is `{v}`, change it on first login",
               "per the {product} docs `{k}` defaults to `{v}`, we override it in every env"],
        "de": ["laut {product}-Doku ist der Default für `{k}` `{v}`, beim ersten Login ändern",
               "`{k}` hat bei {product} standardmäßig `{v}`, wir überschreiben das überall"],
        "fr": ["d'après la doc {product}, `{k}` vaut `{v}` par défaut, à changer au premier login",
               "par défaut {product} met `{k}` à `{v}`, on le surcharge partout"],
        "es": ["según la doc de {product}, `{k}` por defecto es `{v}`, hay que cambiarlo al entrar",
               "{product} trae `{k}` = `{v}` por defecto, lo sobrescribimos en todos los entornos"],
        "pt": ["segundo a doc do {product}, o padrão de `{k}` é `{v}`, troca no primeiro login",
               "o {product} vem com `{k}` = `{v}` por padrão, a gente sobrescreve em todo ambiente"],
        "ja": ["{product} のドキュメントによると `{k}` のデフォルトは `{v}` です。初回ログインで変更してください",
               "{product} は `{k}` がデフォルトで `{v}` なので、全環境で上書きしています"],
        "pl": ["według dokumentacji {product} domyślnie `{k}` to `{v}`, zmień przy pierwszym logowaniu",
               "{product} ma domyślnie `{k}` = `{v}`, nadpisujemy to na każdym środowisku"],
        "tr": ["{product} dokümanına göre `{k}` varsayılanı `{v}`, ilk girişte değiştirin",
               "{product} varsayılan olarak `{k}` = `{v}` geliyor, her ortamda eziyoruz"],
    },
    "test_fixture_marked": {
        "en": ["the `{k}` in the test fixtures is just `{v}`, it's fake", "tests use `{k}={v}` — dummy, never valid anywhere"],
        "de": ["`{k}` in den Test-Fixtures ist nur `{v}`, ein Dummy-Wert", "die Tests nutzen `{k}={v}`, ist ein Fake"],
        "fr": ["le `{k}` des fixtures de test c'est juste `{v}`, valeur bidon", "les tests utilisent `{k}={v}`, c'est factice"],
        "es": ["el `{k}` de los fixtures de test es solo `{v}`, es falso", "los tests usan `{k}={v}`, valor de mentira"],
        "pt": ["o `{k}` das fixtures de teste é só `{v}`, é fake", "os testes usam `{k}={v}`, valor fictício"],
        "ja": ["テストフィクスチャの `{k}` はただの `{v}` で、ダミーです", "テストでは `{k}={v}` を使っています。偽の値です"],
        "pl": ["`{k}` w fixture'ach testowych to po prostu `{v}`, fałszywa wartość", "testy używają `{k}={v}`, to atrapa"],
        "tr": ["test fixture'larındaki `{k}` sadece `{v}`, sahte bir değer", "testler `{k}={v}` kullanıyor, dummy"],
    },
}

TAILS = {
    "placeholder_value": {
        "en": "the real value gets injected at deploy", "de": "der echte Wert kommt beim Deploy rein",
        "fr": "la vraie valeur est injectée au déploiement", "es": "el valor real se inyecta en el despliegue",
        "pt": "o valor real é injetado no deploy", "ja": "本物の値はデプロイ時に注入されます",
        "pl": "prawdziwa wartość wchodzi przy deployu", "tr": "gerçek değer deploy sırasında enjekte ediliyor"},
    "reference_to_store": {
        "en": "nothing sensitive in git, it's only the reference", "de": "im Git steht nur der Verweis, nichts Sensibles",
        "fr": "dans git il n'y a que la référence", "es": "en git solo está la referencia",
        "pt": "no git só fica a referência", "ja": "git に入っているのは参照だけです",
        "pl": "w gicie jest tylko referencja", "tr": "git'te sadece referans var"},
    "masked_or_redacted": {
        "en": "masked as expected", "de": "wird wie erwartet maskiert", "fr": "masqué comme prévu",
        "es": "enmascarado como se esperaba", "pt": "mascarado como esperado", "ja": "想定どおりマスクされています",
        "pl": "zamaskowane zgodnie z oczekiwaniami", "tr": "beklendiği gibi maskelenmiş"},
    "setting_not_secret": {
        "en": "no secret in there, just the policy knobs", "de": "da ist kein Secret drin, nur Einstellungen",
        "fr": "pas de secret là-dedans, juste des réglages", "es": "ahí no hay secretos, solo ajustes",
        "pt": "não tem segredo aí, só configuração", "ja": "秘密情報ではなく設定値だけです",
        "pl": "żadnych sekretów, same ustawienia", "tr": "içinde sır yok, sadece ayarlar"},
    "documented_default": {
        "en": "straight from the vendor docs", "de": "direkt aus der Herstellerdoku", "fr": "tiré de la doc officielle",
        "es": "sacado de la documentación oficial", "pt": "tirado da documentação oficial", "ja": "公式ドキュメントからの引用です",
        "pl": "prosto z oficjalnej dokumentacji", "tr": "resmi dokümandan alıntı"},
    "test_fixture_marked": {
        "en": "only used by the test suite", "de": "wird nur von der Testsuite benutzt", "fr": "utilisé seulement par les tests",
        "es": "solo lo usa la suite de tests", "pt": "só a suíte de testes usa", "ja": "テストスイートでしか使いません",
        "pl": "używane tylko przez testy", "tr": "sadece test suite kullanıyor"},
}


def neg_generic(cat, words, value, comment=None, fmts=None, test_path=False):
    lang = lang_pick()
    fmt = pick(fmts or (CODE_FMTS + ["prose", "prose"]))
    if fmt == "prose":
        style = pick(["upper", "snake", "camel"])
        t = pick(PROSE[cat][lang]).format(k=kname(words, style), v=v_raw(value))
        if R.random() < 0.2:
            t = pick(LEAD[lang]) + " " + t
        return t
    if comment is True:
        comment = pick(FIX_MARK[lang]) if COMMENT.get(fmt) else None
    body = render(fmt, [(words, value, comment)])
    path = None
    if fmt in PATHS:
        path = pick(PATHS[fmt][1 if test_path else 0])
    tail = TAILS[cat][lang] if R.random() < 0.35 else None
    if cat == "test_fixture_marked" and not comment and not (path and test_path):
        tail = TAILS[cat][lang]
    if cat == "test_fixture_marked" and test_path and path is None:
        tail = TAILS[cat][lang]
    return wrap(body, fmt, lang, path, tail)


# ---------------------------------------------------------------- negative specials

def sp_placeholder():
    lang = lang_pick()
    t = R.randrange(9)
    if t == 0:
        K = kname(pick(SECRET_KEYS), "upper")
        body = ("jobs:\n  publish:\n    runs-on: ubuntu-latest\n    steps:\n      - uses: actions/checkout@v4\n"
                "      - run: npm publish\n        env:\n          %s: ${{ secrets.%s }}" % (K, K))
        return wrap(body, "yaml", lang, ".github/workflows/release.yml")
    if t == 1:
        w = pick(SECRET_KEYS)
        body = ("          env:\n            - name: %s\n              value: {{ .Values.%s.%s | quote }}"
                % (kname(w, "upper"), pick(SECTIONS), kname(w, "camel")))
        return wrap(body, "yaml", lang, "charts/billing/templates/deployment.yaml")
    if t == 2:
        w = pick([["password"], ["username"]])
        body = ("spring.datasource.url=jdbc:postgresql://db.internal:5432/billing\n"
                "spring.datasource.username=${DB_USER}\nspring.datasource.password=${DB_PASSWORD}")
        return wrap(body, "java", lang, "src/main/resources/application.properties", TAILS["placeholder_value"][lang])
    if t == 3:
        key = pick(["DATABASE_URL", "BROKER_URL", "CACHE_URL", "DSN", "REPO_URL", "MAIL_URL"])
        v = pick(URL_PLACEHOLDERS)
        fmt = pick(["env", "yaml", "compose", "k8s", "python", "prose"])
        if fmt == "prose":
            return pick(PROSE["placeholder_value"][lang]).format(k=key, v=v)
        words = [x.lower() for x in key.split("_")]
        return wrap(render(fmt, [(words, v, None)], ctx_n=R.choice([0, 1])), fmt, lang,
                    pick(PATHS[fmt][0]), TAILS["placeholder_value"][lang] if R.random() < 0.5 else None)
    if t == 4:
        w, v = pick(VENDOR_PLACEHOLDERS)
        fmt = pick(["env", "yaml", "python", "ts", "prose", "cli"])
        if fmt == "prose":
            return pick(PROSE["placeholder_value"][lang]).format(k=kname(w, "upper"), v=v)
        return wrap(render(fmt, [(w, v, None)], ctx_n=R.choice([0, 1])), fmt, lang,
                    pick(PATHS[fmt][0]) if fmt in PATHS else None)
    if t == 5:
        tok = pick(["$API_TOKEN", "<TOKEN>", "${ACCESS_TOKEN}", "YOUR_API_KEY", "$(cat ~/.config/acme/token)"])
        body = ('curl -sS https://api.internal.acme.dev/v2/invoices?limit=20 \\\n  -H "Authorization: Bearer %s" \\\n'
                '  -H "Accept: application/json"' % tok)
        return wrap(body, "cli", lang, None, TAILS["placeholder_value"][lang] if R.random() < 0.4 else None)
    if t == 6:
        v = pick(["{{ vault_db_password }}", "{{ lookup('env', 'DB_PASSWORD') }}", "{{ db_password }}"])
        body = "- name: create app role\n  community.postgresql.postgresql_user:\n    name: billing_app\n    password: \"%s\"" % v
        return wrap(body, "yaml", lang, "ansible/roles/db/tasks/main.yml")
    if t == 7:
        body = "CREATE ROLE billing_app LOGIN PASSWORD :'app_password';\nGRANT CONNECT ON DATABASE billing TO billing_app;"
        if R.random() < 0.5:
            body = "CREATE USER 'shop'@'%%' IDENTIFIED BY '%s';" % pick(["${MYSQL_PASSWORD}", "<password>", "CHANGE_ME"])
        return wrap(body, "sql", lang, "db/init/01_roles.sql", TAILS["placeholder_value"][lang])
    w = pick(SECRET_KEYS)
    K = kname(w, "upper")
    body = "services:\n  db:\n    image: postgres:16\n    environment:\n      POSTGRES_PASSWORD: ${%s:?set it in .env}" % K \
        if R.random() < 0.5 else ('{\n  "%s": "#{%s}#"\n}' % (kname(w, "pascal"), kname(w, "pascal")))
    return wrap(body, "yaml" if body.startswith("services") else "json", lang,
                "docker-compose.yml" if body.startswith("services") else "appsettings.json")


def sp_reference():
    lang = lang_pick()
    t = R.randrange(10)
    svc, env = pick(SVCS), pick(ENVS)
    if t == 0:
        w = pick(SECRET_KEYS)
        body = ("          env:\n            - name: %s\n              valueFrom:\n                secretKeyRef:\n"
                "                  name: %s-%s\n                  key: %s" % (kname(w, "upper"), svc, pick(["credentials", "secrets", "db"]),
                                                                              kname(w, "kebab")))
        return wrap(body, "k8s", lang, "k8s/%s/deployment.yaml" % svc, TAILS["reference_to_store"][lang] if R.random() < 0.4 else None)
    if t == 1:
        body = ("apiVersion: external-secrets.io/v1beta1\nkind: ExternalSecret\nmetadata:\n  name: %s-db\nspec:\n"
                "  secretStoreRef:\n    name: aws-secrets-manager\n    kind: ClusterSecretStore\n  target:\n    name: %s-db\n"
                "  data:\n    - secretKey: password\n      remoteRef:\n        key: %s/%s/db\n        property: password"
                % (svc, svc, env, svc))
        return wrap(body, "k8s", lang, "k8s/%s/externalsecret.yaml" % svc)
    if t == 2:
        body = ("services:\n  db:\n    image: postgres:16\n    environment:\n      POSTGRES_PASSWORD_FILE: /run/secrets/pg_password\n"
                "    secrets:\n      - pg_password\nsecrets:\n  pg_password:\n    file: ./secrets/pg_password.txt")
        return wrap(body, "compose", lang, "docker-compose.yml", TAILS["reference_to_store"][lang] if R.random() < 0.5 else None)
    if t == 3:
        body = pick([
            'resource "aws_db_instance" "billing" {\n  identifier = "billing-%s"\n  username   = "billing_admin"\n'
            '  password   = data.aws_secretsmanager_secret_version.db.secret_string\n}' % env,
            'module "rds" {\n  source      = "./modules/rds"\n  db_password = var.db_password\n}',
            'resource "aws_db_instance" "ledger" {\n  manage_master_user_password = true\n  master_user_secret_kms_key_id = aws_kms_key.db.key_id\n}',
            'locals {\n  api_key = random_password.api_key.result\n}',
        ])
        return wrap(body, "hcl", lang, "infra/%s.tf" % svc)
    if t == 4:
        w = pick(SECRET_KEYS)
        K = kname(w, "upper")
        code = pick([
            ("python", '%s = os.environ["%s"]' % (kname(w, "snake"), K)),
            ("python", '%s = os.getenv("%s")' % (kname(w, "snake"), K)),
            ("js", "const %s = process.env.%s;" % (kname(w, "camel"), K)),
            ("ts", "const %s = process.env.%s ?? '';" % (kname(w, "camel"), K)),
            ("go", '%s := os.Getenv("%s")' % (kname(w, "camel"), K)),
            ("java", 'String %s = System.getenv("%s");' % (kname(w, "camel"), K)),
            ("csharp", 'var %s = Environment.GetEnvironmentVariable("%s");' % (kname(w, "camel"), K)),
            ("ruby", '%s = ENV.fetch("%s")' % (kname(w, "snake"), K)),
            ("ruby", "%s = Rails.application.credentials.dig(:%s, :%s)" % (kname(w, "snake"), svc.replace("-", "_"), kname(w, "snake"))),
            ("php", "$%s = getenv('%s');" % (kname(w, "camel"), K)),
            ("rust", 'let %s = std::env::var("%s")?;' % (kname(w, "snake"), K)),
        ])
        fence = {"java": "java"}.get(code[0], pick(FENCE[code[0]]))
        cap = pick(CAP_NOPATH[lang]) if R.random() < 0.5 else ""
        return (cap + "\n" if cap else "") + "```%s\n%s\n```" % (fence, code[1]) + \
            ("\n" + TAILS["reference_to_store"][lang] if R.random() < 0.4 else "")
    if t == 5:
        cmd = pick([
            "vault kv get -field=password secret/%s/%s/db" % (env, svc),
            "aws secretsmanager get-secret-value --secret-id %s/%s/db --query SecretString --output text | jq -r .password" % (env, svc),
            'op read "op://Platform/%s %s/password"' % (svc, env),
            "gcloud secrets versions access latest --secret=%s-db-password --project=acme-%s" % (svc, env),
            "kubectl -n %s get secret %s-credentials -o jsonpath='{.data.api-key}' | base64 -d" % (svc, svc),
            "aws ssm get-parameter --name /%s/%s/api_token --with-decryption --query Parameter.Value" % (env, svc),
        ])
        pre = {"en": "to get the password run", "de": "das Passwort holst du dir mit", "fr": "pour récupérer le mot de passe :",
               "es": "para sacar la contraseña:", "pt": "pra pegar a senha roda", "ja": "パスワードはこれで取得できます:",
               "pl": "hasło wyciągniesz przez", "tr": "şifreyi almak için şunu çalıştır:"}[lang]
        return "%s\n```\n%s\n```" % (pre, cmd)
    if t == 6:
        body = "# values-%s.yaml\npostgresql:\n  auth:\n    existingSecret: %s-postgres\n    secretKeys:\n      adminPasswordKey: postgres-password\n      userPasswordKey: password" % (env, svc)
        return wrap(body, "yaml", lang, "charts/%s/values-%s.yaml" % (svc, env))
    if t == 7:
        body = "ssl_certificate     /etc/nginx/tls/%s.crt;\nssl_certificate_key /etc/nginx/tls/%s.key;\nssl_password_file   /etc/nginx/tls/%s.pass;" % (svc, svc, svc)
        return wrap(body, "ini", lang, "nginx/conf.d/%s.conf" % svc)
    w, kind = pick(REF_KEYS)
    vals = ref_values(["db", "password"] if kind != "any" else w)
    if kind == "path":
        v = pick([x for x in vals if x.startswith("/")])
    elif kind == "env":
        v = kname(pick(SECRET_KEYS), "upper")
    elif kind == "k8s":
        v = "%s-%s" % (svc, pick(["credentials", "secrets", "db-auth"]))
    else:
        v = pick([x for x in vals if not x.startswith("/")])
    return neg_generic("reference_to_store", w, v)


def sp_masked():
    lang = lang_pick()
    t = R.randrange(11)
    svc = pick(SVCS)
    tail = TAILS["masked_or_redacted"][lang] if R.random() < 0.4 else None
    if t == 0:
        body = ('Started POST "/users/sign_in" for 10.0.%d.%d at 2026-%02d-%02d 10:%02d:11 +0000\n'
                'Processing by Users::SessionsController#create as HTML\n'
                '  Parameters: {"authenticity_token"=>"[FILTERED]", "user"=>{"login"=>"[FILTERED]", "password"=>"[FILTERED]", "remember_me"=>"0"}}'
                % (R.randint(0, 255), R.randint(1, 254), R.randint(1, 12), R.randint(1, 28), R.randint(0, 59)))
        return wrap(body, "log", lang, None, tail)
    if t == 1:
        body = ("$ kubectl -n %s describe secret %s-credentials\nName:         %s-credentials\nNamespace:    %s\nType:  Opaque\n\nData\n====\n"
                "password:  %d bytes\napi-key:   %d bytes\nusername:  %d bytes" % (svc, svc, svc, svc, R.randint(16, 40), R.randint(32, 64), R.randint(5, 12)))
        return wrap(body, "cli", lang, None, tail)
    if t == 2:
        body = ('  # aws_db_instance.%s will be updated in-place\n  ~ resource "aws_db_instance" "%s" {\n        id       = "%s-%s"\n'
                '      ~ password = (sensitive value)\n        # (41 unchanged attributes hidden)\n    }' % (svc.replace("-", "_"), svc.replace("-", "_"), svc, pick(ENVS)))
        return wrap(body, "hcl", lang, None, tail)
    if t == 3:
        body = "%s INFO sqlalchemy.engine.Engine connecting to postgresql+psycopg2://%s:***@db.internal:5432/%s" % (ts_iso(), svc.replace("-", "_"), svc)
        return wrap(body, "log", lang, None, tail)
    if t == 4:
        body = ("[config]\n.> app:         %s:0x7f3a1c2b9d30\n.> transport:   amqp://%s:**@rabbitmq.internal:5672//\n"
                ".> results:     redis://:**@redis.cache.svc:6379/1\n.> concurrency: 4 (prefork)" % (svc, svc.replace("-", "_")))
        return wrap(body, "log", lang, None, tail)
    if t == 5:
        w = pick(SECRET_KEYS)
        body = ("Run ./scripts/deploy.sh\n  env:\n    %s: ***\n    AWS_REGION: %s\n+ curl -fsS -H 'Authorization: Bearer ***' https://deploy.internal.acme.dev/hooks/%s"
                % (kname(w, "upper"), pick(REGIONS), svc))
        return wrap(body, "log", lang, None, tail)
    if t == 6:
        body = json.dumps({"activeProfiles": ["prod"], "propertySources": [{"name": "systemEnvironment", "properties": {
            "SPRING_DATASOURCE_PASSWORD": {"value": "******"}, "SPRING_DATASOURCE_URL": {"value": "jdbc:postgresql://db.internal:5432/%s" % svc},
            "STRIPE_API_KEY": {"value": "******"}}}]}, indent=2)
        return wrap(body, "json", lang, None, tail)
    if t == 7:
        w = pick(SECRET_KEYS)
        body = ('$ docker inspect %s --format \'{{json .Config.Env}}\'\n["PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin","%s=<masked>","LOG_LEVEL=info"]'
                % (svc, kname(w, "upper")))
        return wrap(body, "cli", lang, None, tail)
    if t == 8:
        body = ('> GET /v2/invoices HTTP/1.1\n> Host: api.internal.acme.dev\n> Authorization: Bearer [REDACTED]\n> X-Api-Key: %s\n'
                '< HTTP/1.1 200 OK' % pick(["[REDACTED]", "****", "<redacted>"]))
        return wrap(body, "cli", lang, None, tail)
    if t == 9:
        body = json.dumps({"event_id": None, "request": {"method": "POST", "url": "https://api.internal.acme.dev/v1/login",
                                                         "data": {"username": "[Filtered]", "password": "[Filtered]"},
                                                         "headers": {"Authorization": "[Filtered]"}}}, indent=2).replace('"event_id": null,\n  ', "")
        return wrap(body, "json", lang, None, tail)
    w = pick(SECRET_KEYS)
    return neg_generic("masked_or_redacted", w, pick(MASKS))


DOC_DEFAULTS = [
    ("Grafana", "GF_SECURITY_ADMIN_PASSWORD", "admin"), ("RabbitMQ", "RABBITMQ_DEFAULT_PASS", "guest"),
    ("MinIO", "MINIO_ROOT_PASSWORD", "minioadmin"), ("Airflow", "_AIRFLOW_WWW_USER_PASSWORD", "airflow"),
    ("SonarQube", "admin password", "admin"), ("mongo-express", "ME_CONFIG_BASICAUTH_PASSWORD", "pass"),
    ("Elasticsearch 6", "ELASTIC_PASSWORD", "changeme"), ("Keycloak dev mode", "KEYCLOAK_ADMIN_PASSWORD", "admin"),
    ("MySQL 8", "validate_password.length", "8"), ("PostgreSQL", "password_encryption", "scram-sha-256"),
    ("Vault", "default_lease_ttl", "768h"), ("Keycloak", "accessTokenLifespan", "300"),
    ("Laravel", "password_timeout", "10800"), ("Devise", "config.password_length", "6..128"),
    ("Devise", "config.reset_password_within", "6.hours"), ("ASP.NET Core Identity", "Password.RequiredLength", "6"),
    ("Kafka", "ssl.key.password", "null"), ("Cognito", "RefreshTokenValidity", "30 days"),
    ("Django", "PASSWORD_RESET_TIMEOUT", "259200"), ("Redis", "requirepass", "(not set)"),
    ("our billing-api", "TOKEN_TTL_SECONDS", "3600"), ("our billing-api", "API_KEY_HEADER", "X-Api-Key"),
    ("our billing-api", "PASSWORD_MIN_LENGTH", "12"), ("Tomcat", "manager password", "<must-be-changed>"),
]


def sp_default():
    lang = lang_pick()
    t = R.randrange(6)
    tail = TAILS["documented_default"][lang] if R.random() < 0.3 else None
    if t in (0, 1):
        i = R.randrange(len(DOC_DEFAULTS))
        prod, k, v = DOC_DEFAULTS[i]
        tpl = PROSE["documented_default"][lang][0 if (i < 8 or i == len(DOC_DEFAULTS) - 1) and R.random() < 0.7 else 1]
        return tpl.format(product=prod, k=k, v=v) + ("\n" + tail if tail else "")
    if t == 2:
        rows = R.sample([d for d in DOC_DEFAULTS if d[0] == "our billing-api"] +
                        [("", "PASSWORD_HASHER", "argon2"), ("", "SECRET_ROTATION_DAYS", "90"), ("", "REFRESH_TOKEN_TTL", "720h"),
                         ("", "API_KEY_PREFIX", "acme_"), ("", "DB_PASSWORD", "(none, must be set)"),
                         ("", "SESSION_SECRET", "(required, no default)")], 4)
        hdr = {"en": "| Variable | Default | Notes |", "de": "| Variable | Standardwert | Hinweise |", "fr": "| Variable | Défaut | Notes |",
               "es": "| Variable | Por defecto | Notas |", "pt": "| Variável | Padrão | Notas |", "ja": "| 変数 | デフォルト | 備考 |",
               "pl": "| Zmienna | Domyślnie | Uwagi |", "tr": "| Değişken | Varsayılan | Notlar |"}[lang]
        note = {"en": "see docs/config.md", "de": "siehe docs/config.md", "fr": "voir docs/config.md", "es": "ver docs/config.md",
                "pt": "ver docs/config.md", "ja": "docs/config.md 参照", "pl": "zob. docs/config.md", "tr": "bkz. docs/config.md"}[lang]
        lines = [hdr, "|---|---|---|"] + ["| `%s` | `%s` | %s |" % (k, v, note) for _, k, v in rows]
        return "\n".join(lines)
    if t == 3:
        body = pick([
            "# Require clients to issue AUTH <PASSWORD> before processing any other\n# commands.\n#\n# requirepass foobared",
            "<!--\n  <role rolename=\"manager-gui\"/>\n  <user username=\"admin\" password=\"<must-be-changed>\" roles=\"manager-gui\"/>\n-->",
            "# Default credentials for the local stack (docker compose up):\n#   Grafana   admin / admin\n#   RabbitMQ  guest / guest\n#   MinIO     minioadmin / minioadmin",
            "PASSWORD_HASHERS = [\n    \"django.contrib.auth.hashers.PBKDF2PasswordHasher\",  # default\n    \"django.contrib.auth.hashers.Argon2PasswordHasher\",\n]",
            "# default_lease_ttl = \"768h\"\n# max_lease_ttl     = \"768h\"",
        ])
        return wrap(body, "ini", lang, None, tail)
    if t == 4:
        prod, k, v = pick(DOC_DEFAULTS)
        lbl = {"en": "Default", "de": "Standard", "fr": "Par défaut", "es": "Por defecto", "pt": "Padrão", "ja": "デフォルト",
               "pl": "Domyślnie", "tr": "Varsayılan"}[lang]
        return "> **%s** — `%s`\n> %s: `%s`" % (prod, k, lbl, v) + ("\n" + tail if tail else "")
    w, v = pick(SETTINGS)
    lang2 = lang
    c = {"en": "default", "de": "Standardwert", "fr": "valeur par défaut", "es": "valor por defecto", "pt": "padrão",
         "ja": "デフォルト値", "pl": "wartość domyślna", "tr": "varsayılan"}[lang2]
    return neg_generic("documented_default", w, v, comment=c,
                       fmts=["env", "yaml", "toml", "ini", "hcl", "python", "ruby", "go", "rust", "php", "ts"])


def sp_setting():
    lang = lang_pick()
    t = R.randrange(8)
    if t == 0:
        body = pick(["SET GLOBAL validate_password.length = 14;\nSET GLOBAL validate_password.policy = STRONG;",
                     "ALTER SYSTEM SET password_encryption = 'scram-sha-256';\nSELECT pg_reload_conf();",
                     "ALTER ROLE billing_app VALID UNTIL 'infinity';\nALTER ROLE billing_app CONNECTION LIMIT 50;"])
        return wrap(body, "sql", lang, None, TAILS["setting_not_secret"][lang] if R.random() < 0.4 else None)
    if t == 1:
        body = "PasswordAuthentication no\nPubkeyAuthentication yes\nPermitEmptyPasswords no\nAuthorizedKeysFile .ssh/authorized_keys"
        return wrap(body, "ini", lang, "/etc/ssh/sshd_config.d/10-hardening.conf")
    if t == 2:
        body = 'resp = client.chat.completions.create(\n    model="gpt-4o-mini",\n    max_tokens=%d,\n    temperature=0.2,\n    messages=msgs,\n)' % pick([256, 1024, 4096])
        return wrap(body, "python", lang, "billing/summarize.py")
    if t == 3:
        body = ("builder.Services.Configure<IdentityOptions>(o =>\n{\n    o.Password.RequiredLength = %d;\n    o.Password.RequireNonAlphanumeric = true;\n"
                "    o.Lockout.MaxFailedAccessAttempts = 5;\n});" % pick([10, 12, 14]))
        return wrap(body, "csharp", lang, "Program.cs")
    if t == 4:
        body = "Devise.setup do |config|\n  config.password_length = 12..128\n  config.reset_password_within = 2.hours\n  config.lock_strategy = :failed_attempts\nend"
        return wrap(body, "ruby", lang, "config/initializers/devise.rb")
    if t == 5:
        body = json.dumps({"realm": "acme", "accessTokenLifespan": 300, "ssoSessionIdleTimeout": 1800,
                           "passwordPolicy": "length(12) and upperCase(1) and digits(1) and notUsername"}, indent=2)
        return wrap(body, "json", lang, "keycloak/realm-acme.json")
    w, v = pick(SETTINGS)
    return neg_generic("setting_not_secret", w, v)


def sp_fixture():
    lang = lang_pick()
    t = R.randrange(7)
    mark = pick(FIX_MARK[lang])
    d = pick(DUMMIES)
    if t == 0:
        body = ('@pytest.fixture\ndef client():\n    # %s\n    return BillingClient(api_key="%s", base_url="http://localhost:8080")' % (mark, d))
        return wrap(body, "python", lang, "tests/conftest.py")
    if t == 1:
        body = 'func TestSignWebhook(t *testing.T) {\n\tconst secret = "%s" // %s\n\tsig := Sign([]byte(`{"id":1}`), secret)\n\trequire.NotEmpty(t, sig)\n}' % (d, mark)
        return wrap(body, "go", lang, "internal/webhooks/sign_test.go")
    if t == 2:
        body = "beforeEach(() => {\n  // %s\n  process.env.STRIPE_SECRET_KEY = '%s';\n});" % (mark, d)
        return wrap(body, "ts", lang, "src/__tests__/payments.spec.ts")
    if t == 3:
        body = 'RSpec.describe Billing::Client do\n  let(:api_key) { "%s" } # %s\n  subject { described_class.new(api_key: api_key) }' % (d, mark)
        return wrap(body, "ruby", lang, "spec/billing/client_spec.rb")
    if t == 4:
        body = '@SpringBootTest\n@TestPropertySource(properties = {"app.auth.jwt-secret=%s"}) // %s\nclass TokenServiceTest {' % (d, mark)
        return wrap(body, "csharp", lang, "src/test/java/com/acme/auth/TokenServiceTest.java").replace("```csharp", "```java").replace("```cs\n", "```java\n")
    if t == 5:
        body = "services:\n  db:\n    image: postgres:16\n    environment:\n      POSTGRES_PASSWORD: %s  # %s" % (pick(["test", "postgres", "ci"]), mark)
        return wrap(body, "compose", lang, "docker-compose.test.yml")
    w = pick(SECRET_KEYS)
    return neg_generic("test_fixture_marked", w, d, comment=True, test_path=True,
                       fmts=[f for f in CODE_FMTS if f not in ("log", "cli")] + ["prose"])


def gen_negative(cat):
    if cat == "placeholder_value":
        if R.random() < 0.45:
            return sp_placeholder()
        w = pick(SECRET_KEYS)
        return neg_generic(cat, w, pick(placeholder_values(w)))
    if cat == "reference_to_store":
        return sp_reference()
    if cat == "masked_or_redacted":
        return sp_masked()
    if cat == "setting_not_secret":
        return sp_setting()
    if cat == "documented_default":
        return sp_default()
    if cat == "test_fixture_marked":
        return sp_fixture()
    raise ValueError(cat)


# ---------------------------------------------------------------- scanner (negatives)

def luhn_ok(d):
    s, alt = 0, False
    for ch in reversed(d):
        n = int(ch)
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
    t = s[4:] + s[:4]
    return int("".join(str(int(c, 36)) for c in t)) % 97 == 1


def scan(text):
    hits = []
    if re.search(r"[\w.+-]+@[\w-]+\.[\w.-]+", text):
        for m in re.finditer(r"[\w.+-]+@([\w-]+\.[\w.-]+)", text):
            # userinfo@host in URLs is fine only if it is placeholder-style; flag any true e-mail
            pre = text[max(0, m.start() - 3):m.start()]
            if "://" not in text[max(0, m.start() - 60):m.start()] and "'" not in pre:
                hits.append(("email", m.group(0)))
    for pat, nm in [(r"gh[pousr]_[A-Za-z0-9]{36}", "github"), (r"github_pat_[A-Za-z0-9_]{30,}", "github_fg"),
                    (r"xox[abpr]-\d+-", "slack"), (r"sk-[A-Za-z0-9_-]{32,}", "sk"),
                    (r"eyJ[A-Za-z0-9_-]+\.eyJ[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+", "jwt"),
                    (r"\b\d{3}-\d{2}-\d{4}\b", "ssn"), (r"-----BEGIN [A-Z ]*PRIVATE KEY-----\s*[A-Za-z0-9+/]{20}", "pem"),
                    (r"\b(?:AKIA|ASIA)[A-Z0-9]{16}\b", "aws")]:
        for m in re.finditer(pat, text):
            if nm == "aws" and "EXAMPLE" in m.group(0):
                continue
            hits.append((nm, m.group(0)))
    for m in re.finditer(r"\b\d(?:[ -]?\d){12,18}\b", text):
        d = re.sub(r"\D", "", m.group(0))
        if 13 <= len(d) <= 19 and luhn_ok(d):
            hits.append(("luhn", m.group(0)))
    for m in re.finditer(r"\b[A-Z]{2}\d{2}(?: ?[A-Z0-9]{4}){3,7}", text):
        if iban_ok(m.group(0)):
            hits.append(("iban", m.group(0)))
    for m in re.finditer(r"(?<![\d.])(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})(?![\d.])", text):
        a, b = int(m.group(1)), int(m.group(2))
        if not (a in (10, 127) or (a == 172 and 16 <= b <= 31) or (a == 192 and b == 168) or
                m.group(0).startswith(("192.0.2.", "198.51.100.", "203.0.113."))):
            hits.append(("ipv4", m.group(0)))
    # real-looking random secret value: 16+ alnum run mixing upper, lower and digits heavily
    for m in re.finditer(r"[A-Za-z0-9]{16,}", text):
        s = m.group(0)
        if sum(c.isupper() for c in s) >= 3 and sum(c.islower() for c in s) >= 3 and sum(c.isdigit() for c in s) >= 3:
            hits.append(("random", s))
    return hits


# ---------------------------------------------------------------- positive value generators

WORDS = ["Marmot", "Velvet", "Copper", "Tundra", "Lantern", "Quartz", "Harbor", "Falcon", "Meadow", "Cobalt", "Juniper",
         "Saffron", "Orbit", "Granite", "Willow", "Ember", "Pylon", "Nimbus", "Bramble", "Cinder", "Otter", "Maple",
         "Sorrel", "Glacier", "Kestrel", "Ridge", "Thistle", "Vortex", "Walrus", "Zephyr"]
SYM = "!%*+-_.?=^~"
USYM = "-_.~!*"


def gen_password(url=False):
    sym = USYM if url else SYM
    st = R.random()
    while True:
        if st < 0.45:
            n = R.randint(14, 24)
            p = pick(UP + LO) + rstr(AN + sym * 2, n - 1)
        elif st < 0.7:
            ws = R.sample(WORDS, R.choice([2, 3]))
            sep = pick(["-", ".", "_", ""])
            p = sep.join(ws) + str(R.randint(10, 9999)) + pick(["!", "*", "", "~"] if not url else ["!", "*", "", "~"])
        elif st < 0.85:
            p = pick(LO) + rstr(AN, R.randint(15, 19))
        else:
            p = base64.b64encode(bytes(R.randrange(256) for _ in range(R.choice([18, 24])))).decode()
            p = p.replace("+", "x").replace("/", "Q").rstrip("=")
            if not p[0].isalpha():
                p = "k" + p
        if (any(c.isupper() for c in p) and any(c.islower() for c in p) and any(c.isdigit() for c in p)
                and not p.endswith((".", "-")) and ".." not in p):
            return p
        st = R.random()


B62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"


def b62(n):
    s = ""
    while n:
        n, r = divmod(n, 62)
        s = B62[r] + s
    return s.rjust(6, "0")


def gh_classic():
    r = rstr(AN, 30)
    return "ghp_" + r + b62(zlib.crc32(r.encode()))


def gh_check(tok):
    r = tok[4:34]
    return tok[34:] == b62(zlib.crc32(r.encode()))


def gh_fine():
    return "github_pat_11" + rstr(UP + DG, 20) + "_" + rstr(AN, 59)


def slack_bot():
    return "xoxb-%d-%d-%s" % (R.randrange(10 ** 9, 10 ** 12), R.randrange(10 ** 12, 10 ** 13), rstr(AN, 24))


def slack_user():
    return "xoxp-%d-%d-%d-%s" % (R.randrange(10 ** 9, 10 ** 12), R.randrange(10 ** 9, 10 ** 12),
                                 R.randrange(10 ** 12, 10 ** 13), rstr(HEX, 32))


def openai_key():
    t = R.random()
    if t < 0.5:
        return "sk-proj-" + rstr(B64URL, 74) + "T3BlbkFJ" + rstr(B64URL, 74)
    if t < 0.75:
        return "sk-" + rstr(AN, 20) + "T3BlbkFJ" + rstr(AN, 20)
    return "sk-svcacct-" + rstr(B64URL, 74) + "T3BlbkFJ" + rstr(B64URL, 74)


def anthropic_key():
    return "sk-ant-api03-" + rstr(B64URL, 93) + "AA"


def aws_id():
    return pick(["AKIA", "AKIA", "ASIA"]) + rstr(UP + "234567", 16)


def aws_secret():
    return rstr(AN + "/+", 40)


def b64u(b):
    return base64.urlsafe_b64encode(b).decode().rstrip("=")


def jwt():
    alg = pick(["HS256", "RS256"])
    hdr = {"alg": alg, "typ": "JWT"}
    if alg == "RS256":
        hdr["kid"] = rstr(HEX, 16)
    iat = R.randrange(1735689600, 1790000000)
    pl = {"sub": pick(["svc-billing", "svc-notifier", "usr_%d" % R.randrange(10 ** 5, 10 ** 7)]),
          "iss": "https://auth.acme-corp.io", "aud": pick(["billing-api", "checkout"]), "iat": iat,
          "exp": iat + pick([900, 3600, 86400]), "scope": pick(["invoices:read", "orders:write admin", "payments:read"])}
    sig = bytes(R.randrange(256) for _ in range(32 if alg == "HS256" else 256))
    return b64u(json.dumps(hdr, separators=(",", ":")).encode()) + "." + \
        b64u(json.dumps(pl, separators=(",", ":")).encode()) + "." + b64u(sig)


def rb(n):
    return bytes(R.randrange(256) for _ in range(n))


def ossh_str(b):
    return struct.pack(">I", len(b)) + b


def pem_key():
    t = R.randrange(4)
    if t == 0:
        der = bytes.fromhex("30770201010420") + rb(32) + bytes.fromhex("a00a06082a8648ce3d030107a144034200") + b"\x04" + rb(64)
        return "EC PRIVATE KEY", der, 64
    if t == 1:
        der = bytes.fromhex("302e020100300506032b657004220420") + rb(32)
        return "PRIVATE KEY", der, 64
    if t == 2:
        der = (bytes.fromhex("308187020100301306072a8648ce3d020106082a8648ce3d030107046d306b0201010420") + rb(32) +
               bytes.fromhex("a144034200") + b"\x04" + rb(64))
        return "PRIVATE KEY", der, 64
    pub = rb(32)
    pubblob = ossh_str(b"ssh-ed25519") + ossh_str(pub)
    chk = rb(4)
    priv = chk + chk + ossh_str(b"ssh-ed25519") + ossh_str(pub) + ossh_str(rb(32) + pub) + ossh_str(b"deploy@ci-runner")
    i = 1
    while len(priv) % 8:
        priv += bytes([i])
        i += 1
    blob = b"openssh-key-v1\x00" + ossh_str(b"none") + ossh_str(b"none") + ossh_str(b"") + struct.pack(">I", 1) + \
        ossh_str(pubblob) + ossh_str(priv)
    return "OPENSSH PRIVATE KEY", blob, 70


def pem_lines(der, width):
    b = base64.b64encode(der).decode()
    return [b[i:i + width] for i in range(0, len(b), width)]


# ---------------------------------------------------------------- positives

PW_KEYS = [["db", "password"], ["postgres", "password"], ["mysql", "root", "password"], ["redis", "password"],
           ["smtp", "password"], ["admin", "password"], ["ldap", "bind", "password"], ["keystore", "password"],
           ["registry", "password"], ["rabbitmq", "password"], ["reporting", "db", "password"], ["sftp", "password"],
           ["grafana", "admin", "password"], ["elastic", "password"], ["kafka", "sasl", "password"]]

POS_PROSE = {
    "en": ["new {k} for staging: `{v}`", "{k} is {v} — rotate after the migration", "can you try with `{v}`? that's the current {k}"],
    "de": ["neues {k} für Staging: `{v}`", "{k} ist {v}, nach der Migration bitte rotieren", "probier mal `{v}`, das ist das aktuelle {k}"],
    "fr": ["nouveau {k} pour la préprod : `{v}`", "le {k} c'est {v}, on le change après la migration", "essaie avec `{v}`, c'est le {k} actuel"],
    "es": ["nuevo {k} para staging: `{v}`", "el {k} es {v}, lo rotamos después de la migración", "prueba con `{v}`, es el {k} actual"],
    "pt": ["novo {k} de staging: `{v}`", "o {k} é {v}, troca depois da migração", "tenta com `{v}`, é o {k} atual"],
    "ja": ["ステージングの新しい {k}: `{v}`", "{k} は {v} です。移行が終わったらローテーションします", "`{v}` で試してみてください。今の {k} です"],
    "pl": ["nowe {k} na stagingu: `{v}`", "{k} to {v}, po migracji zmienimy", "spróbuj z `{v}`, to aktualne {k}"],
    "tr": ["staging için yeni {k}: `{v}`", "{k} şu: {v} — migration bitince değiştiririz", "`{v}` ile dener misin? güncel {k} bu"],
}
POS_TAIL = {"en": "pls delete after copying", "de": "bitte nach dem Kopieren löschen", "fr": "supprime le message après",
            "es": "borra el mensaje luego", "pt": "apaga depois de copiar", "ja": "コピーしたら消してください",
            "pl": "usuń po skopiowaniu", "tr": "kopyaladıktan sonra sil lütfen"}


def pos_generic(words, value, fmts=None, k8s_secret=None):
    lang = lang_pick()
    fmt = pick(fmts or (CODE_FMTS + ["prose", "prose"]))
    if fmt == "prose":
        t = pick(POS_PROSE[lang]).format(k=kname(words, pick(["upper", "snake"])), v=value)
        if R.random() < 0.3:
            t += "\n" + POS_TAIL[lang]
        return t, fmt, lang
    if k8s_secret is None:
        k8s_secret = R.random() < 0.6
    body = render(fmt, [(words, value, None)], k8s_secret=k8s_secret)
    path = pick(PATHS[fmt][0]) if fmt in PATHS else None
    return wrap(body, fmt, lang, path, POS_TAIL[lang] if R.random() < 0.2 else None), fmt, lang


def pos_password():
    lang = lang_pick()
    t = R.randrange(14)
    pw = gen_password()
    if t == 0:
        role = pick(["billing_app", "reporting_ro", "ledger_rw", "etl_loader"])
        body = pick(["ALTER ROLE %s WITH LOGIN PASSWORD '%s';" % (role, pw),
                     "CREATE USER '%s'@'%%' IDENTIFIED BY '%s';" % (role, pw),
                     "CREATE LOGIN %s WITH PASSWORD = '%s';" % (role, pw)])
        return wrap(body, "sql", lang, None, POS_TAIL[lang] if R.random() < 0.3 else None), "sql", pw
    if t == 1:
        body = pick(["mysql -h db.internal -u root -p'%s' shop" % pw,
                     "PGPASSWORD='%s' psql -h db.internal -U billing_app billing" % pw,
                     "redis-cli -h redis.cache.svc -a '%s' ping" % pw,
                     "docker login registry.internal.acme.dev -u ci-bot -p '%s'" % pw,
                     "kubectl -n billing create secret generic billing-db --from-literal=password='%s'" % pw,
                     "curl -u admin:%s https://jenkins.internal.acme.dev/api/json" % gen_password(url=True)])
        if body.startswith("curl"):
            pw = body.split("admin:")[1].split(" ")[0]
        return wrap(body, "cli", lang, None, POS_TAIL[lang] if R.random() < 0.3 else None), "cli", pw
    if t == 2:
        body = pick(["Host=db.internal;Port=5432;Database=billing;Username=billing_app;Password=%s;SSL Mode=Require" % pw,
                     "Server=sql.internal,1433;Database=Ledger;User Id=ledger_svc;Password=%s;Encrypt=True;" % pw,
                     "host=db.internal port=5432 dbname=billing user=billing_app password=%s sslmode=require" % pw])
        k = pick(["ConnectionStrings__Default", "DB_DSN", "LEDGER_CONNECTION"])
        if R.random() < 0.5:
            return wrap('%s="%s"' % (k, body), "env", lang, pick(PATHS["env"][0])), "connstr", pw
        return wrap(json.dumps({"ConnectionStrings": {"Default": body}}, indent=2), "json", lang, "appsettings.Production.json"), "connstr", pw
    if t == 3:
        body = "%s ERROR [%s] db connect failed dsn=\"host=db.internal user=billing_app password=%s dbname=billing\" err=\"timeout\"" % (
            ts_iso(), pick(SVCS), pw)
        return wrap(body, "log", lang, None), "log", pw
    text, fmt, lang = pos_generic(pick(PW_KEYS), pw)
    return text, fmt, pw


URL_TMPL = [
    ("postgres://{u}:{p}@db.internal:5432/billing", "postgres"),
    ("postgresql+psycopg2://{u}:{p}@db.internal:5432/ledger", "sqlalchemy"),
    ("mongodb+srv://{u}:{p}@orders.x7kqe.mongodb.net/orders?retryWrites=true", "mongodb"),
    ("redis://:{p}@redis.cache.svc:6379/0", "redis"),
    ("amqps://{u}:{p}@mq.internal.acme.dev:5671/billing", "amqps"),
    ("mysql://{u}:{p}@mysql.internal:3306/shop", "mysql"),
    ("https://{u}:{p}@git.internal.acme.dev/platform/infra.git", "https"),
    ("smtp://{u}:{p}@smtp.internal:587", "smtp"),
]


def pos_url():
    p = gen_password(url=True)
    tmpl, sch = pick(URL_TMPL)
    u = pick(["billing_app", "svc_orders", "ci-bot", "ledger", "mailer"])
    url = tmpl.format(u=u, p=p)
    key = {"postgres": "DATABASE_URL", "sqlalchemy": "SQLALCHEMY_DATABASE_URI", "mongodb": "MONGO_URI", "redis": "REDIS_URL",
           "amqps": "BROKER_URL", "mysql": "DATABASE_URL", "https": "REPO_URL", "smtp": "MAIL_URL"}[sch]
    words = [x.lower() for x in key.split("_")]
    text, fmt, lang = pos_generic(words, url, fmts=["env", "yaml", "json", "toml", "k8s", "compose", "python", "js", "go",
                                                    "ruby", "php", "cli", "log", "prose"])
    return text, p, "url_credentials:%s:%s" % (sch, fmt)


TOKEN_KINDS = [
    ("aws_access_key_id", aws_id, [["aws", "access", "key", "id"]], 7),
    ("aws_secret_access_key", aws_secret, [["aws", "secret", "access", "key"]], 5),
    ("github_classic_pat", gh_classic, [["github", "token"], ["gh", "token"], ["github", "pat"]], 8),
    ("github_fine_grained_pat", gh_fine, [["github", "token"], ["gh", "pat"]], 5),
    ("slack_bot_token", slack_bot, [["slack", "bot", "token"], ["slack", "token"]], 7),
    ("slack_user_token", slack_user, [["slack", "user", "token"]], 4),
    ("openai_api_key", openai_key, [["openai", "api", "key"]], 8),
    ("anthropic_api_key", anthropic_key, [["anthropic", "api", "key"]], 7),
    ("jwt", jwt, [["auth", "token"], ["access", "token"], ["service", "token"]], 8),
]


def pos_pem():
    lang = lang_pick()
    typ, der, width = pem_key()
    lines = pem_lines(der, width)
    begin, end = "-----BEGIN %s-----" % typ, "-----END %s-----" % typ
    t = R.randrange(4)
    if t == 0:
        ind = "    "
        body = "tls:\n  private_key: |\n" + "\n".join(ind + x for x in [begin] + lines + [end])
        value = ("\n" + ind).join(lines)
        return wrap(body, "yaml", lang, pick(PATHS["yaml"][0])), value, "private_key_pem:%s:yaml" % typ.split()[0]
    if t == 1:
        value = "\\n".join(lines)
        body = '{\n  "type": "service_account",\n  "private_key": "%s\\n%s\\n%s\\n"\n}' % (begin, value, end)
        return wrap(body, "json", lang, "config/sa-%s.json" % pick(SVCS)), value, "private_key_pem:%s:json" % typ.split()[0]
    if t == 2:
        value = "\n".join(lines)
        body = 'DEPLOY_PRIVATE_KEY="%s\n%s\n%s"' % (begin, value, end)
        return wrap(body, "env", lang, pick(PATHS["env"][0])), value, "private_key_pem:%s:env" % typ.split()[0]
    value = "\n".join(lines)
    body = 'variable "signing_private_key" {\n  default = <<-EOT\n%s\n%s\n%s\nEOT\n}' % (begin, value, end)
    return wrap(body, "hcl", lang, "infra/signing.tf"), value, "private_key_pem:%s:hcl" % typ.split()[0]


def pos_aws_pair():
    kid, sec = aws_id(), aws_secret()
    lang = lang_pick()
    fmt = pick(["env", "ini", "yaml", "json", "toml", "k8s", "compose", "cli", "python", "hcl"])
    if fmt == "ini" and R.random() < 0.6:
        body = "[default]\naws_access_key_id = %s\naws_secret_access_key = %s\nregion = %s" % (kid, sec, pick(REGIONS))
        text = wrap(body, "ini", lang, "~/.aws/credentials")
    else:
        body = render(fmt, [(["aws", "access", "key", "id"], kid, None), (["aws", "secret", "access", "key"], sec, None)],
                      ctx_n=R.choice([0, 1]), k8s_secret=True, cli_kind=pick(["export", "docker", "flags"]))
        text = wrap(body, fmt, lang, pick(PATHS[fmt][0]) if fmt in PATHS else None, POS_TAIL[lang] if R.random() < 0.3 else None)
    return text, [{"kind": "aws_access_key_id", "value": kid}, {"kind": "aws_secret_access_key", "value": sec}], "multi:aws_pair:%s" % fmt


# ---------------------------------------------------------------- main

def main():
    cats = ["placeholder_value", "reference_to_store", "masked_or_redacted", "setting_not_secret", "documented_default",
            "test_fixture_marked"]
    order = [c for c in cats for _ in range(50)]
    R.shuffle(order)
    negs, seen = [], set()
    redraws = {}
    for c in order:
        for attempt in range(200):
            text = gen_negative(c)
            if text in seen:
                continue
            hits = scan(text)
            if hits:
                redraws[c] = redraws.get(c, 0) + 1
                if attempt > 150:
                    print("scanner stuck:", c, hits, file=sys.stderr)
                continue
            break
        else:
            raise SystemExit("could not draw a clean negative for " + c)
        seen.add(text)
        negs.append({"id": "%sn-%04d" % (NAME, len(negs) + 1), "text": text, "category": c})

    # positives
    plan = ["password"] * 60 + ["url_credentials"] * 20 + ["aws_pair"] * 5 + ["pem"] * 6
    for kind, fn, keys, n in TOKEN_KINDS:
        plan += [kind] * n
    R.shuffle(plan)
    gens = {k: (fn, keys) for k, fn, keys, n in TOKEN_KINDS}
    pos, pseen = [], set()
    for kind in plan:
        while True:
            if kind == "password":
                text, fmt, pwv = pos_password()
                secrets = [{"kind": "password", "value": pwv}]
                ctx = "password:%s" % fmt
            elif kind == "url_credentials":
                text, p, ctx = pos_url()
                secrets = [{"kind": "url_credentials", "value": p}]
            elif kind == "aws_pair":
                text, secrets, ctx = pos_aws_pair()
            elif kind == "pem":
                text, v, ctx = pos_pem()
                secrets = [{"kind": "private_key_pem", "value": v}]
            else:
                fn, keys = gens[kind]
                v = fn()
                fmts = None
                if kind in ("openai_api_key", "anthropic_api_key", "github_fine_grained_pat"):
                    fmts = [f for f in CODE_FMTS if f != "sql"] + ["prose"]
                text, fmt, lang = pos_generic(pick(keys), v, fmts=fmts)
                if kind == "jwt" and R.random() < 0.3:
                    lang = lang_pick()
                    text = wrap("curl -sS https://api.internal.acme.dev/v2/invoices \\\n  -H \"Authorization: Bearer %s\"" % v,
                                "cli", lang, None, POS_TAIL[lang] if R.random() < 0.5 else None)
                    fmt = "curl"
                secrets = [{"kind": kind, "value": v}]
                ctx = "%s:%s" % (kind, fmt)
            if text not in pseen:
                break
        pseen.add(text)
        for s in secrets:
            assert s["value"] in text, (s, text)
        pos.append({"id": "%sp-%04d" % (NAME, len(pos) + 1), "text": text, "secrets": secrets, "context": ctx})

    # checks on positives
    for p in pos:
        for s in p["secrets"]:
            v = s["value"]
            if s["kind"] == "github_classic_pat":
                assert gh_check(v), v
            if s["kind"] == "jwt":
                h, pl, _ = v.split(".")
                json.loads(base64.urlsafe_b64decode(h + "=" * (-len(h) % 4)))
                json.loads(base64.urlsafe_b64decode(pl + "=" * (-len(pl) % 4)))
            if s["kind"] == "private_key_pem":
                base64.b64decode(re.sub(r"\\n|\s", "", v), validate=True)
            if s["kind"] == "aws_access_key_id":
                assert re.fullmatch(r"(AKIA|ASIA)[A-Z2-7]{16}", v)

    with open(os.path.join(HERE, NAME + "_negatives.jsonl"), "w", encoding="utf-8") as f:
        for r in negs:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")
    with open(os.path.join(HERE, NAME + "_positives.jsonl"), "w", encoding="utf-8") as f:
        for r in pos:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")
    print("negatives:", len(negs), "positives:", len(pos), "secrets:", sum(len(p["secrets"]) for p in pos))
    print("scanner redraws per category:", dict(sorted(redraws.items())))
    final = [h for r in negs for h in scan(r["text"])]
    print("scanner hits on final negatives:", final)
    missed = [p["id"] for p in pos if not scan(p["text"]) and p["secrets"][0]["kind"] not in ("password", "url_credentials", "aws_secret_access_key")]
    print("token positives the scanner does not see:", missed)


if __name__ == "__main__":
    main()
