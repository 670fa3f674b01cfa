"""`seshat demo`: the whole loop on the loopback Slack workspace, narrated (`run`), with the
scripted model answers it uses (`script`).

May import: bot.doubles, bot.commands, bot.chat, bot.learning, bot.slack.
"""
