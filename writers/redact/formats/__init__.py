"""Formats: secrets and personal data of a known form, as regex rules with their checks.

Each `Rule` is a regex whose named group `s` (or the whole match) is the secret, plus an optional
check that throws away placeholders, code references and ordinary words. The checks are the
reason the redactor can read chat without mangling it: a regex alone cannot tell `xoxb-your-token`
from a token, or `sequenceKey = "18"` from `api_key = "Zf3D0…"`.

- `rule`: the `Rule` and `real` (a group that is no placeholder).
- `assignments`: a secret assigned to a name (`api_key = "…"`), and what makes one no secret.
- `auth_email`: credentials in HTTP headers and URLs, and e-mail addresses.
- `numbers`: phone, card, IBAN and CPF numbers; `named_ids`: a number named as an id of a thing;
  `columns`: a value's column header and rows of figures.
- `paired_fields`: a secret given with its user (`curl -u`) or beside a name field.
- `roles`: a number labelled by a person's role (`Driver:`, a `site_lead` column), their phone.
- `table`: the rules (`RULES`), how they run (`find`) and their presidio `RuleRecognizer`.

May import: writers.redact.values, writers.redact.names, writers.redact.public_forms,
writers.redact.id_columns, writers.redact.phone_words, writers.redact.published_ibans,
writers.redact.structure.
"""
