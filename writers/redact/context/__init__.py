"""Context: secrets without a fixed format, found by what surrounds them or what they are made of.

Three principles, none tied to one vendor or one corpus:

- **Named in prose** (`prose`, `pairs`). A word that names a secret, in any of the languages a
  team writes in ("password", "Passwort", "mot de passe", "contraseña", "senha", "wachtwoord",
  "パスワード"…), followed by a colon, a copula ("is", "lautet", "est", "é", "は"…), a short "for
  the office:" phrase, or directly by a value that could only be a secret. Client flags that take
  a password (`--password`, MySQL's `-pSECRET`, `redis-cli -a`, `sshpass -p`) and "login: user /
  password" pairs count as naming it.
  A lock's code (a door's, a gate's, an alarm's) names digits as a password's noun does, and a
  passphrase of words alone counts where a value stands, quoted or ending its line.
- **Machine-made** (`machine_made`, `public_blobs`, `long_tokens`). A long token with letters of
  both cases and digits, high entropy, that is not a known non-secret shape (hex digest, UUID,
  base64 of readable text, a path or a dotted name), is a credential wherever it stands; so is a
  short vendor prefix joined to a long random body (`key-…`, `shpat_…`, `SG.….…`) — the shape
  nearly every API key has, whichever vendor made it.
- **Near its words** (`table`). A 40-character base64 run (the AWS secret-key shape) with "aws",
  "secret" or "key" shortly before or after it.

`table` holds the rules (`SECRET_RULES`).

May import: writers.redact.values, writers.redact.names, writers.redact.formats,
writers.redact.public_forms, writers.redact.said_secret, writers.redact.structure.
"""
