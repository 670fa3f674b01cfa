"""The redactor: secrets and personal data out of any text before it is stored (presidio, offline).

- `redactor`: `redact_text` / `redact_json`, used first by intake and the reflection runner.
- `recognizers`, `pii_rules`, `context_secrets`, `addresses`: what is recognised, and how.

May import: nothing else in writers.
"""
