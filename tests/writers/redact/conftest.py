"""One redactor per test module of the redaction tests (building one takes about a second)."""

from __future__ import annotations

import pytest

from writers.redact.redactor import Redactor


@pytest.fixture(scope="module")
def redactor() -> Redactor:
    return Redactor()
