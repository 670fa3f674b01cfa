"""The Slack-facing daemon. Its root holds the process and its composition; each folder is one job.

- root: `cli` (the `seshat` command; `entry` starts it), `daemon` (one process: builds
  everything, registers the learning chain's hooks, runs the scheduler), `runtime` (everything
  below Slack: store, providers, reflection runner, writers, the reflection worker; owns "after a
  session closes" and "after a reflection is applied"), `dispatch` (inbound records to the engine,
  App Home, cards), `providers` (the LLM clients from settings), `jobs` (once-per-period scheduler
  jobs), `workers` (`seshat run --workers N`), `logs`, `malloc`.
- `slack/`: the wire in and the Web API client out. `chat/`: a stored message to a posted answer.
  `surfaces/`: agent sessions, assistant threads and feedback buttons around a reply. `home/`:
  App Home. `learning/`: what was learned, shown and decided in Slack; upkeep. `commands/`: the
  CLI's sub-commands. `demo/`: `seshat demo`. `doubles/`: loopback Slack and Anthropic.

Rooms import downwards only: slack ← learning ← home ← chat ← surfaces ← (commands, demo, root).
Each room's `__init__` names what it may import from the rest of `bot` (tests/test_import_graph.py
reads it).

May import: writers, reflection, store.
"""
