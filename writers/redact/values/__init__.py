"""Values: what a candidate value looks like, whoever found it.

- `placeholders`: values that stand in for a secret — placeholders, masks, values that describe
  themselves (`change-me`, `fake-token-for-unit-tests`), patterned runs; `is_placeholder`.
- `plausible`: whether a value could be a secret at all — random enough (`looks_random`), no plain
  JSON, path, digest or secret-store reference, no words about a secret; the secret nouns.
- `checksums`: the check digits of a card number (Luhn) and of an IBAN (mod 97).

May import: writers.redact.names.
"""
