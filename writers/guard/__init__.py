"""The guard: what every writer runs before anything learned is stored or reaches anyone.

- `redact` / `recognizers`: secrets and personal data out of the text (presidio, offline).
- `unicode`: hidden characters decoded and located — evidence, not noise.
- `safety`: the poisoning check on one text (per item, and on what one author proposes together).
- `trust`: who authored an item, whom it may reach, and what decision lets it reach further.
- `reach`: the read side of the same table: whether one stored item may be shown in one place.
- `promotion`: the stricter check a lesson must pass to be promoted by recurrence alone.
"""
