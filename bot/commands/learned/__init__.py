"""Commands about what was learned: list, show, edit, review, roll back, forget, export/import.

- `lessons`, `skills`: the two libraries. `edits`: versioned edits and history of any item.
- `review`: decide pending cards without Slack. `rollback`: by reflection, session or author.
- `forget`: a person, a session or an item. `exchange`: export and import.
"""
