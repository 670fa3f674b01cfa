"""Notes: memory (MEMORY.md and facts), persona observations, the user model, check-ins.

- `memory`: the memory writer and MEMORY.md. `facts`: facts with scope, confidence and decay.
- `persona`: persona observations (🧠 to USER.md). `usermodel`: notes about a person.
- `observations`: what persona and user notes share. `about`: what is kept about a person.
- `checkins`: the check-in a reflection asks for (`next_check_at`).
- `dates`: relative dates resolved against the session's day when written.
- `uses`: which facts a session carried, and which a 👍'd reply used. The index the fact
  retrieval ranks with, and the ranking's parts, are the `writers.recall` room.

May import: writers.base, writers.embed, writers.review, writers.guard, writers.redact,
writers.lessons, writers.recall.
"""
