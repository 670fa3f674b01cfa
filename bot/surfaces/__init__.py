"""Slack's AI surfaces around a reply: agent sessions (`agent`: status, stop button, greeting,
learning task cards), assistant threads (`assistant`: the older assistant_view), and the 👍/👎
feedback buttons under every reply (`feedback`).

May import: bot.chat, bot.home, bot.learning, bot.slack.
"""
