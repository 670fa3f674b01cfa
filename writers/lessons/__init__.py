"""Lessons from failure, in one room: the write path, the in-memory index, review, and upkeep.

- `write`: the `lessons` writer (dedupe, contradiction, quarantine, promotion).
- `index`: every lesson's vector and metadata in memory, kept in step through the audit log.
- `review`: review cards and the owner's decisions on lessons.
- `efficacy` + `feedback`: injections, recurrences and 👎 after injection.
- `upkeep`: decay and caps (archive, never delete).

May import: writers.base, writers.embed, writers.review, writers.guard, writers.redact.
"""

from writers.lessons.efficacy import record_injection
from writers.lessons.review import apply_lesson_decision
from writers.lessons.write import LessonWriter, negated, promotable

__all__ = ["LessonWriter", "apply_lesson_decision", "negated", "promotable", "record_injection"]
