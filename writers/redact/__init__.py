"""The redactor: secrets and personal data out of any text before it is stored (presidio, offline).

- `redactor`: `redact_text` / `redact_json`, used first by intake and the reflection runner.
- What is recognised, and how: `formats/` (secrets and personal data of a known form, as regex
  rules with their checks: `formats.table.RULES`), `context/` (secrets found by context or by
  their randomness: `context.table.SECRET_RULES`), `pii_rules` (presidio's own recognizers,
  filtered for chat), `credential_syntax` (passwords named by syntax), `addresses`,
  `card_elements`, `card_layouts` (card numbers typed otherwise than printed).
- What a candidate is: `values/` (placeholders, plausibility, check digits) and `names/` (names
  in code, names that hold a secret, values called sealed or public).
- `public_forms`: what rules a look-alike out (a card's length, a phone's digits, a blob named as
  data or a digest) and base64 of an armoured private key; `structure`, `id_columns`,
  `phone_words`, `published_ibans`: what the text around a value says.
- `said_secret`: whether the text says a long random run of no known form is a secret (the
  generic token rules end on it).

The rooms inside import one way: `names` ← `values` ← `formats` ← `context`.

May import: nothing else in writers.
"""
