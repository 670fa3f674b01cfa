"""Writers: what a reflection becomes, and the read path that brings it back.

Every writer stores text only through `writers.guard.gate.Guard.admit`, which redacts it, checks
it for poisoning (hidden characters included) and places it by the trust rule — who authored it,
whom it may reach, and what decision lets it reach further (the table: `writers/guard/trust.py`).

- root: `base` (the Writer protocol, results, hashes), `embed` (embeddings), `review` (review
  items), `tokens` (token estimates and caps) — the core every room may use; `fanout` (one
  reflection to every writer), `registry`
  (the writers built in one place), `selector` (what the next session gets).
- `guard/`: safety, trust, promotion. `redact/`: the redactor (used first by intake and the
  reflection runner). `lessons/`, `skills/`, `notes/` (memory, facts, persona, user model,
  check-ins): one kind of learned artifact each. `recall/`: the index facts are ranked with, and
  the ranking's parts. `library/`: stewardship — catalog, edits, rollback, export, import, purge
  (forget) and tombstones.

Core (every room may import it): writers.base, writers.embed, writers.review, writers.tokens.
May import: reflection, store.
"""
