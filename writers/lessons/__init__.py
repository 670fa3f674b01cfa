"""Lessons from failure, in one room: the write path, the in-memory library, review, and upkeep.

- `write`: the `lessons` writer (dedupe, contradiction, quarantine, promotion, efficacy).
- `library`: every lesson's vector and metadata in memory, kept in step through the audit log.
- `review`: review cards and the owner's decisions on lessons.
- `upkeep`: decay and caps (archive, never delete).
"""

from writers.lessons.review import apply_lesson_decision
from writers.lessons.write import LessonWriter, negated, promotable, record_injection

__all__ = ["LessonWriter", "apply_lesson_decision", "negated", "promotable", "record_injection"]
