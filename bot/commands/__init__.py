"""The CLI's sub-commands, one module per command group; each exposes `register(app)` and holds
only argument parsing and printing.

- here: running and checking it — `doctor`, `context` (what a new session would get), `redact`,
  `reflection_parse` + `reflections` (the reflection ledger, re-runs), `stats`, `checkins`;
  `console`, `ids` and `store_cli` are the shared plumbing.
- `learned/`: what was learned — lessons, skills, edits, review, rollback, forget, exchange.

May import: bot.runtime, bot.providers, bot.chat, bot.learning, bot.slack.
"""
