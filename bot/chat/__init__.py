"""Chat: from a stored message to a posted answer.

- `engine`: the hand-off (receive, submit, drain) and the answer of one claimed message.
- `intake`: routing a message to its session and storing it owed a reply (before the ack).
- `claims`: claiming the next owed message, recording the reply, putting a refused post off.
- `answer`: the model call (context, request, streamed or whole) and its ledger row.
- `posting`: the reply's blocks and the post itself, finding one already posted, the ⏳.
- `streaming`: replies shown while written. `working`: the ⏳ or the assistant status.
- `cpu_slots`: how many reply threads run Python at once; per-session locks; the reply pool.
- `budget`: the daily chat spend caps, checked before each model call.
- `stall`: bot-to-bot loops and repetition. `context` + `prompting`: the system prompt.

May import: bot.slack, bot.home, bot.learning.
"""
