"""Loopback doubles of Slack and Anthropic, used by the tests and by `seshat demo`.

The bot cannot tell them from the real services: the same clients talk to them over real sockets.
`stack` starts a daemon against them.

May import: bot.daemon, bot.slack.scopes (the scopes the double grants).
"""
