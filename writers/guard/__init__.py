"""The guard: what every writer runs before anything learned is stored or reaches anyone.

- `gate`: `Guard.admit`, the one door (redact, check, place by the trust rule).
- `unicode`: hidden characters decoded and located — evidence, not noise.
- `safety` + `rules` + `destinations` + `joint`: the poisoning check on one text, and on what
  one author proposes together.
- `trust`: who authored an item, whom it may reach, and what decision lets it reach further.
- `reach`: the read side of the same table: whether one stored item may be shown in one place.
- `promotion`: the stricter check a lesson must pass to be promoted by recurrence alone.

May import: writers.base, writers.redact.
"""
