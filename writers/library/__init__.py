"""Stewardship of what was learned: list, edit, roll back, export, import, forget.

- `catalog`: every learned item in one list. `edits`: versioned edits. `rollback`: by
  reflection, session or author.
- `export` / `importer`: the library as a file and back. `purge`: forgetting a person, a session
  or an item. `forgotten`: what may never come back. `tombstone_import`: forgets carried by a file.

May import: writers.base, writers.embed, writers.review, writers.registry, writers.guard,
writers.redact, writers.lessons, writers.notes, writers.skills.
"""
