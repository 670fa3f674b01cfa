"""App Home: the owner's view (what was learned, review, edits) and each person's own view.

- `owner` + `view` + `modals` + `data`: the owner's Home, its pages, edit modals and queries.
- `user`: a person's own Home (what is kept about them, forget).
- `debounce`: at most one publish per person per interval.

May import: bot.slack, bot.learning.
"""
