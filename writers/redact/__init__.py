"""The redactor: secrets and personal data out of any text before it is stored (presidio, offline).

- `redactor`: `redact_text` / `redact_json`, used first by intake and the reflection runner.
- `recognizers`, `pii_rules`, `context_secrets`, `addresses`: what is recognised, and how.
- `public_forms`: what rules a look-alike out (a card's length, a phone's digits, a blob named as
  data or a digest) and base64 of an armoured private key.
- `said_secret`: whether the text says a long random run of no known form is a secret (the
  generic token rules end on it).

May import: nothing else in writers.
"""
