"""What was learned, shown and decided in Slack, and its upkeep.

- `worker`: the reflection queue (one reflection per closed session, exactly once).
- `cards`: review cards to the owners; ✅/❌/🧠 by reaction or button, one decision function.
- `notices`: what a reflection kept, told to the owner or in the session's thread.
- `checkins`: the check-ins a reflection scheduled, sent once.
- `forgetting`: a person's forget from Slack, and its receipt.
- `upkeep`: the daily decay, caps and skill governor.

May import: bot.slack.
"""
