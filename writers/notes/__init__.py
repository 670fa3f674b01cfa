"""Notes: memory (MEMORY.md and facts), persona observations, the user model, check-ins.

- `memory`: the memory writer and MEMORY.md. `facts`: facts with scope, confidence and decay.
- `persona`: persona observations (🧠 to USER.md). `usermodel`: notes about a person.
- `observations`: what persona and user notes share. `about`: what is kept about a person.
- `checkins`: the check-in a reflection asks for (`next_check_at`).
- `dates`: relative dates resolved against the session's day when written.
- `factindex` + `lexical`: the in-process BM25 index the fact retrieval ranks with.
- `expand`: other words for a question's words. `supersede`: a superseded fact below its
  replacement in a context.

May import: writers.base, writers.embed, writers.review, writers.guard, writers.redact,
writers.lessons.
"""
