"""Slack transport: the wire in and the Web API client out.

- `app`: the Bolt app and its listeners (ack fast, normalise, hand off).
- `inbound`: the small records a Slack payload is normalised into.
- `socket_intake` + `journal`: Socket Mode deliveries journalled and acked at once.
- `http_server`: HTTP mode (waitress); messages journalled and acked at once on SQLite.
- `check`: the start-up token checks.
- `web`: the Web API client factory, Slack errors as short text, the DM helper.
- `blocks`: Block Kit builders. `feedback_blocks`: the 👍/👎 block. `reactions`: reaction names.

May import: nothing else in bot.
"""
