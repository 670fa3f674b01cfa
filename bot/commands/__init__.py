"""The CLI's sub-commands, one module per command group; each exposes `register(app)`.

Sixteen thin modules (over the dozen a room aims for): each is one `seshat <group>` and holds only
argument parsing and printing; `console`, `ids` and `store_cli` are their shared plumbing.

May import: bot.runtime, bot.chat, bot.learning, bot.slack.
"""
