"""A value's column header, and rows of figures."""

from __future__ import annotations

import re
from collections.abc import Iterator

OPENING_QUOTE = re.compile(r"[`'\"“‘]$")
_RULE_LINE = re.compile(r"[\s|+:=-]*-[\s|+:=-]*")


def column_header(text: str, start: int) -> str | None:
    """The header of the table column `start` stands in, read as words (`order_id` is "order
    id"): the top line of the block of lines cut into as many cells as this one by `|` (a `psql`
    result, a Markdown table), by tabs (TSV) or by commas or semicolons (CSV); or, in a table
    aligned with spaces (a data frame), the header word above the value. None outside a table."""
    line_start = text.rfind("\n", 0, start) + 1
    line_end = text.find("\n", start)
    line = text[line_start : len(text) if line_end < 0 else line_end]
    # `;` is CSV too where the comma is the decimal mark (a spreadsheet's export in Europe).
    for sep, least in (("|", 1), ("\t", 1), (",", 2), (";", 2)):
        header = _header_line(text, line_start, line, sep, least)
        if header is not None:
            cells = _QUOTED.sub('""', header).split(sep) if sep in ",;" else header.split(sep)
            column = _cuts_before(line, start - line_start, sep)
            return _header_words(cells[column] if column < len(cells) else "")
    return _aligned_header(text, line_start, start)


def cell_span(text: str, start: int) -> tuple[int, int] | None:
    """Where the cell of a table's row that holds `start` begins and ends (its separators
    left out), when the row stands under a header cut as it is (`column_header`); None
    outside a table."""
    line_start = text.rfind("\n", 0, start) + 1
    line_end = text.find("\n", start)
    line = text[line_start : len(text) if line_end < 0 else line_end]
    for sep, least in (("|", 1), ("\t", 1), (",", 2), (";", 2)):
        if _header_line(text, line_start, line, sep, least) is None:
            continue
        quoted = [q.span() for q in _QUOTED.finditer(line)] if sep in ",;" else []
        cuts = [-1] + [
            i for i, c in enumerate(line) if c == sep and not any(a <= i < b for a, b in quoted)
        ]
        cuts.append(len(line))
        at = start - line_start
        low = max(c for c in cuts if c < at)
        high = min(c for c in cuts if c >= at)
        return line_start + low + 1, line_start + high
    return None


def ends_a_cell(text: str, start: int, end: int) -> bool:
    """True when `text[start:end]` ends a CSV cell (`,` or `;`) of a row cut into as many cells
    as its header: there the separator after the value parts two fields, and is no decimal mark
    (`Tel,Created Date` over `073 941 0505,12/05/2024`). A decimal comma in such a row stands
    inside quotes (`"30,242.27"`, RFC 4180), or the row would not match its header."""
    if text[end : end + 1] not in (",", ";"):
        return False
    span = cell_span(text, start)
    return span is not None and span[0] <= start and text[end : span[1]].strip() == ""


def _header_line(text: str, line_start: int, line: str, sep: str, least: int) -> str | None:
    """The top line of the block of lines cut by `sep` into as many cells as `line` (at least
    `least` cuts), which starts at `line_start`; None when there is no line above it so cut."""
    cuts = _cuts(line, sep)
    if cuts < least:
        return None
    header = None
    for _prev, above in lines_above(text, line_start):
        if sep == "|" and _RULE_LINE.fullmatch(above):
            continue  # `---+---`, `|---|:--:|`: the rule under a header
        if _cuts(above, sep) != cuts:
            break
        header = above
    return header


def lines_above(text: str, line_start: int, most: int = 200) -> Iterator[tuple[int, str]]:
    """The lines above the one that starts at `line_start`, nearest first, as (start, line);
    at most `most` of them."""
    pos = line_start
    for _ in range(most):
        if pos <= 0:
            return
        prev = text.rfind("\n", 0, pos - 1) + 1
        yield prev, text[prev : pos - 1]
        pos = prev


# A quoted CSV field (RFC 4180): a comma or a semicolon inside its quotes is the field's own
# (`"5064,92"`, an amount with a decimal comma), no cell break.
_QUOTED = re.compile(r'(?:^|(?<=[,;]))[ \t]*"(?:[^"\n]|"")*"(?=[ \t]*(?:[,;]|$))')


def _cuts(line: str, sep: str) -> int:
    """How many cells `sep` cuts `line` into, less one: in a CSV row a separator inside a quoted
    field (`"5064,92"`) cuts nothing."""
    return (_QUOTED.sub('""', line) if sep in ",;" and '"' in line else line).count(sep)


def _cuts_before(line: str, at: int, sep: str) -> int:
    """How many cells `sep` cuts off `line` before `at`, separators inside quotes left out."""
    if sep not in ",;" or '"' not in line:
        return line.count(sep, 0, at)
    quoted = [q.span() for q in _QUOTED.finditer(line)]
    return sum(
        1 for i, c in enumerate(line[:at]) if c == sep and not any(a <= i < b for a, b in quoted)
    )


def _header_words(cell: str) -> str | None:
    # A field name's last `no` or `nr` is its number (`policy_no`, `claim_nr`).
    cell = re.sub(r"(?i)(?<=[a-z])[_.](?:no|nr)$", " number", cell.strip().strip("\"'`"))
    return re.sub(r"[_.]+", " ", cell) if re.fullmatch(r"[^\W\d][\w .#-]*", cell) else None


_COLUMN_BREAK = re.compile(r"\S(?: {2,})\S")
# A form's label and its padding before the value (`Technician:          `): one label, no cell.
_FORM_LABEL = re.compile(r"[ \t]*[^\s:][^:\n]*:[ \t]+")


def _aligned_header(text: str, line_start: int, start: int) -> str | None:
    """In a table aligned with spaces (two or more between columns, on the value's line and on
    the header's), the header word whose columns overlap the value's."""
    end = start
    while end < len(text) and not text[end].isspace():
        end += 1
    line_end = text.find("\n", start)
    if not _COLUMN_BREAK.search(text[line_start : len(text) if line_end < 0 else line_end]):
        return None
    if _FORM_LABEL.fullmatch(text, line_start, start):
        return None  # `هاتف:      00971 …`: a form's line, its own label names its value
    header = None
    for prev, above in lines_above(text, line_start):
        if not above.strip() or not _COLUMN_BREAK.search(above):
            break
        header = (prev, above)
    if header is None:
        return None
    prev, above = header
    left, right = start - line_start, end - line_start
    for word in re.finditer(r"\S+", above):
        if word.start() < right and left < word.end():
            return _header_words(word.group(0))
    return None


# The request of an access-log line (`"GET /x HTTP/1.1"`) is followed by a status and a size.
AFTER_REQUEST = re.compile(r"HTTP/\d(?:\.\d)?\"?[ \t]*$")
# A country code, two check digits and groups of four: the IBAN rule judges those digits (by
# mod-97), and an IBAN with wrong check digits is a test fixture, not a phone number.
IBAN_HEAD = re.compile(
    r"(?<![A-Za-z0-9])(?:[A-Z]{2} ?\d{2}(?: ?[A-Z0-9]{4})+|[a-z]{2} ?\d{2}(?: ?\d{4})+) ?$"
)


# A cell of a table of figures: digits with the separators amounts are written with, an optional
# currency sign or unit, nothing else.
_FIGURE_CELL = re.compile(r"[-+]?[$€£¥]?[ \t]*\d[\d,. \u00a0\u202f']*(?:%|[ \t]?[A-Za-z]{1,3})?")


def in_figures_row(text: str, start: int, end: int) -> bool:
    """True when `text[start:end]` is a cell of a table row (`| … |`) whose other cells are
    mostly figures too: a row of amounts and counts, where a phone number would stand beside
    a name. Three other figure cells, and more figures than words."""
    line_start = text.rfind("\n", 0, start) + 1
    line_end = text.find("\n", end)
    line = text[line_start : len(text) if line_end < 0 else line_end]
    if line.count("|") < 3:
        return False
    cells = [c.strip() for c in line.strip().strip("|").split("|")]
    value = text[start:end].strip()
    own = [c for c in cells if value in c]
    if not own or not _FIGURE_CELL.fullmatch(own[0]):
        return False  # the number shares its cell with words ("call +1 …")
    others = [c for c in cells if c and c is not own[0]]
    figures = sum(bool(_FIGURE_CELL.fullmatch(c)) for c in others)
    return figures >= 3 and figures > len(others) - figures
