"""Names: what a name in code is, and what it says about the value it holds.

- `code_refs`: values that are names in code — identifiers, dotted names, `${…}` slots and
  marked references (`@db.password@`) — not secrets.
- `secret_names`: names that hold a secret (`api_key`, `senhaBanco`) and names that only refer to
  one (`token_id`, `password_hash`, `PasswordModal`): `name_strength`, `names_a_secret`.
- `sealed`: values their text calls ciphertext or public (sealed, signed, a public key's members).

May import: nothing else in writers.
"""
