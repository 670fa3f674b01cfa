"""Columns of same-shaped numbers in a listing: ids, not phone numbers.

A listing pasted into chat (a cargo manifest, a ticket list, a scan report) prints one record a
line, its fields parted by two spaces or a tab. When one field holds a number of the very same
shape on three lines or more (`205-88656050`, `220-13462610`, `105-81982854`), that column is a
column of ids of one kind: an air waybill's, a ticket's, an order's. Some of them will pass as a
valid phone number of some region by chance, and the rest of the column says what they are. A
column of phone numbers says so itself: its header names a phone (`formats.columns.column_header`,
read by the id rules already), its numbers carry their `+` country code, or a phone number
stands beside words (a name, a note, an e-mail address: `alice`, `Dr. Weber`, `night desk`);
each is kept as a phone here. The other fields of an id's row are figures and codes (`15 PCS`,
`MUC-DUB`, `NFD`).
"""

from __future__ import annotations

import re
from collections.abc import Callable

# Two spaces or more, a tab or a table's bar: a column break (as in
# `formats.numbers.phone_layout_ok`; a Markdown table or a `psql` result parts cells with `|`).
_BREAK = re.compile(r" {2,}|\t|[ \t]*\|[ \t]*")
# Written words in a field (a name, a note, an e-mail address): two lowercase letters in a row.
# A system's listing of ids prints figures and codes in capitals (`15 PCS`, `MUC-DUB`, `NFD`).
_WORDS = re.compile(r"[a-zß-ÿ]{2}")
# A figure and its unit (`38 Tage`, `61 days`, `12 kg`): a quantity, not a name or a note.
_FIGURE = re.compile(r"[\d.,'’]+\+?[ \t]?[^\W\d_]{1,12}\.?")
_FENCE = re.compile(r"[ \t]*(?:```|~~~)")
_DIGIT = re.compile(r"\d")
_LETTER = re.compile(r"[^\W\d_]")
# How far a block is read each way: a listing's column shows itself in a few lines, and a cap
# keeps each look linear in the lines read, however many numbers a long text holds.
_MAX_LINES = 40
_MIN_ROWS = 3


def _cells(line: str) -> list[tuple[int, int]]:
    """The (start, end) of each field of `line`, split at column breaks."""
    out, pos = [], 0
    for m in _BREAK.finditer(line):
        if m.start() > pos:
            out.append((pos, m.start()))
        pos = m.end()
    if pos < len(line):
        out.append((pos, len(line)))
    return out


def _shape(cell: str) -> str:
    """A field's shape: each digit `9`, each letter `a`, the separators as written."""
    return _LETTER.sub("a", _DIGIT.sub("9", cell.strip()))


def _neighbour_lines(text: str, line_start: int, line_end: int, step: int) -> list[str]:
    """The lines of the same block above (`step` -1) or below (+1): up to a blank line, a code
    fence or the edge of the text, at most `_MAX_LINES`."""
    out: list[str] = []
    pos = line_start if step < 0 else line_end
    while len(out) < _MAX_LINES:
        if step < 0:
            if pos <= 0:
                break
            start = text.rfind("\n", 0, pos - 1) + 1
            line, pos = text[start : pos - 1], start
        else:
            if pos >= len(text):
                break
            end = text.find("\n", pos + 1)
            end = len(text) if end < 0 else end
            line, pos = text[pos + 1 : end], end
        if not line.strip() or _FENCE.match(line):
            break
        out.append(line)
    return out


def in_id_column(text: str, start: int, end: int) -> bool:
    """True when `text[start:end]` is a whole field of a listing's line and the same field holds
    a number of the same shape on at least two more lines of its block: a column of ids, not a
    phone number. A number with its `+` country code is a phone's whatever column holds it."""
    value = text[start:end].strip()
    if value.startswith("+") or not _DIGIT.search(value):
        return False
    line_start = text.rfind("\n", 0, start) + 1
    line_end = text.find("\n", end)
    line_end = len(text) if line_end < 0 else line_end
    line = text[line_start:line_end]
    column = next(
        (
            i
            for i, (a, b) in enumerate(_cells(line))
            if a <= start - line_start and end - line_start <= b
        ),
        None,
    )
    if column is None:
        return False
    cells = _cells(line)
    a, b = cells[column]
    if line[a:b].strip() != value:
        # The number is only part of its field: a fixed-width listing may part its last
        # fields by one space (`Q7388    2026-11-09 GIG-SSA 2358 2109`).
        return _in_aligned_column(text, start, end, line_start, line_end)
    for i, (a, b) in enumerate(cells):
        field = line[a:b].strip()
        if i != column and _WORDS.search(field) and not _FIGURE.fullmatch(field):
            return False  # a phone number stands beside a name, a note or an address
    shape, rows = _shape(value), 1
    for step in (-1, 1):
        for other in _neighbour_lines(text, line_start, line_end, step):
            cells = _cells(other)
            if len(cells) > column and _shape(other[slice(*cells[column])]) == shape:
                rows += 1
    return rows >= _MIN_ROWS


def _in_aligned_column(text: str, start: int, end: int, line_start: int, line_end: int) -> bool:
    """True when the line of `text[start:end]` is a row of a fixed-width listing (no written
    words on it: figures and codes) and at least two more rows of its block hold a token of the
    same shape at the very same place: a column of the listing, parted from the next by one
    space (departure and arrival times, `2358 2109`)."""
    line = text[line_start:line_end]
    a, b = start - line_start, end - line_start
    if _WORDS.search(line[:a] + line[b:]):
        return False  # a name or a note on the row: a phone number stands beside it
    shape, rows = _shape(text[start:end]), 1
    for step in (-1, 1):
        for other in _neighbour_lines(text, line_start, line_end, step):
            edges = other[a - 1 : a].strip() == "" and other[b : b + 1].strip() == ""
            if edges and len(other) >= b and _shape(other[a:b]) == shape:
                rows += 1
    return rows >= _MIN_ROWS


# An item of a list written on one line: the marks that part its items.
_ITEM_BREAK = re.compile(r"[ \t]*[,;、，；][ \t]*")
_NUMBER_ITEM = re.compile(r"[+(]?\d[\d ().\-/]*\d\)?")
_NUMBER_ITEM_END = re.compile(r"[+(]?\d[\d ().\-/]*\d\)?$")


def in_id_list(text: str, start: int, end: int) -> bool:
    """True when `text[start:end]` is one item of a list written on one line whose items are
    numbers of one shape, three or more in a row with nothing but commas or semicolons between
    them (`03-2630-0550; 06-1382-6000; 06-7235-4391`): a batch of one kind of record's ids,
    as a column of them is (`in_id_column`). People list phones with whose they are, or
    under a phone's word (checked by the caller); a number with its `+` is a phone's."""
    value = text[start:end].strip()
    if value.startswith("+") or not _DIGIT.search(value):
        return False
    line_start = text.rfind("\n", 0, start) + 1
    line_end = text.find("\n", end)
    line_end = len(text) if line_end < 0 else line_end
    shape, rows = _shape(value), 1
    # Walk left and right item by item while each is a number of the same shape.
    pos = start
    while True:
        brk = re.search(r"[,;、，；][ \t]*$", text[max(line_start, pos - 4) : pos])
        if brk is None:
            break
        item_end = max(line_start, pos - 4) + brk.start()
        item = _NUMBER_ITEM_END.search(text[max(line_start, item_end - 30) : item_end])
        if item is None or _shape(item.group(0)) != shape or item.group(0).startswith("+"):
            break
        item_start = item_end - len(item.group(0))
        if item_start > line_start and not re.match(r"[\s,;:、，；]", text[item_start - 1]):
            break
        rows, pos = rows + 1, item_start
    pos = end
    while True:
        brk = _ITEM_BREAK.match(text, pos, line_end)
        if brk is None or brk.end() == pos:
            break
        item = _NUMBER_ITEM.match(text, brk.end(), line_end)
        if item is None or _shape(item.group(0)) != shape:
            break
        after = text[item.end() : item.end() + 1]
        if after and not re.match(r"[\s,;、，；.]", after):
            break
        rows, pos = rows + 1, item.end()
    return rows >= _MIN_ROWS


# A cell that is a number and nothing else, written as numbers are (a `+`, brackets, dashes,
# dots, slashes and spaces of any width between digits), with seven digits or more: what a
# phone number could be.
_NUMBER_CELL = re.compile(r"[+(]?\d[\d().\-/ \u00a0\u2009\u202f]*\d\)?")
# A person's name in a cell: two or three capitalised words (`Daniel Hughes`, `Łukasz Nowak`),
# or words of a script without case (`王磊`): a phone number stands beside whose it is.
_NAME_CELL = re.compile(r"(?:[^\W\d_][^\W\d_'’.-]*)(?:[ \t]+[^\W\d_][^\W\d_'’.-]*){0,3}")
# The kinds a column's vote judges: numbers a plan or a checksum reads in an id's digits.
VOTED_KINDS = frozenset({"phone", "national_id"})


def _row_cells(line: str) -> list[tuple[int, int]]:
    """The (start, end) of each cell of a table's row, empty cells kept: parted by `|` (a
    Markdown table, a `psql` result) or by tabs (TSV) where the line has them, else by two
    spaces or more (an aligned listing, where no cell is empty)."""
    for sep in ("|", "\t"):
        if sep in line:
            cuts = [i for i, c in enumerate(line) if c == sep]
            edges = [-1, *cuts, len(line)]
            return [(a + 1, b) for a, b in zip(edges, edges[1:], strict=False)]
    return _cells(line)


def _digits(cell: str) -> int:
    return sum(c.isdigit() for c in cell)


def _a_name(cell: str) -> bool:
    """True for a cell that may hold a person's name: two to four capitalised words, or words
    of a script without case."""
    if _NAME_CELL.fullmatch(cell) is None:
        return False
    words = cell.split()
    if any(w.lower() == w.upper() for w in words):
        return True  # a script without case: any word may be a name
    return 2 <= len(words) <= 4 and all(w[:1].isupper() and w[1:2].islower() for w in words)


def records_in_columns(
    text: str,
    spans: list[tuple[int, int]],
    names_a_phone: Callable[[str], bool],
) -> set[tuple[int, int]]:
    """The spans of `spans` (numbers read as phones or national ids) that stand in a column of
    a table or a listing (cells parted by `|`, a tab or two spaces) whose numbers are mostly
    not read so: a column holds one kind of value, and when no more than half of its numbers
    (three at least) are phones as written, the others are a record's numbers of the same kind
    that a plan happens to read (`| record | site |` over `0118307492`, `052.882.3260`,
    `784489755`, …). A column says it holds phones or persons' numbers by its header or a
    heading line over it (`names_a_phone`), or by a person's name in a row beside one of them;
    those are kept."""
    if not spans or not ("|" in text or "\t" in text or "  " in text):
        return set()
    out: set[tuple[int, int]] = set()
    judged: dict[tuple[int, int], bool] = {}
    for start, end in spans:
        line_start = text.rfind("\n", 0, start) + 1
        line_end = text.find("\n", end)
        line_end = len(text) if line_end < 0 else line_end
        line = text[line_start:line_end]
        cells = _row_cells(line)
        column = next(
            (
                i
                for i, (a, b) in enumerate(cells)
                if line[a:b].strip() and a <= start - line_start and end - line_start <= b
            ),
            None,
        )
        if column is None or len(cells) < 2:
            continue
        a, b = cells[column]
        if line[a:b].strip() != text[start:end].strip():
            continue  # the number shares its cell with words: they name it
        if any(line[x:y].strip().endswith((":", "：", "=")) for x, y in cells[:column]):
            continue  # a form's field (`Technician:      0446 …`): its own label names it
        above = _neighbour_lines(text, line_start, line_end, -1)
        rows = [*reversed(above), line, *_neighbour_lines(text, line_start, line_end, 1)]
        block_start = line_start - sum(len(row) + 1 for row in above)
        key = (block_start, column)
        if key not in judged:
            judged[key] = _a_column_of_records(block_start, rows, column, spans, names_a_phone)
        if judged[key]:
            out.add((start, end))
    return out


def _a_column_of_records(
    block_start: int,
    rows: list[str],
    column: int,
    spans: list[tuple[int, int]],
    names_a_phone: Callable[[str], bool],
) -> bool:
    """The vote of one column (`records_in_columns`): the block's lines `rows` start at
    `block_start` in the text."""
    numbers = found = 0
    pos = block_start
    for row in rows:
        cells = _row_cells(row)
        if len(cells) < 2:
            if names_a_phone(row):
                return False  # a heading over the listing names phones (`Numbers to call:`)
            pos += len(row) + 1
            continue
        if column < len(cells):
            a, b = cells[column]
            cell = row[a:b].strip()
            if _NUMBER_CELL.fullmatch(cell) and _digits(cell) >= 7:
                numbers += 1
                at = pos + a + (len(row[a:b]) - len(row[a:b].lstrip()))
                if any(s < at + len(cell) and at < e for s, e in spans):
                    found += 1
                    others = [row[x:y].strip() for i, (x, y) in enumerate(cells) if i != column]
                    if any(_a_name(o) for o in others):
                        return False  # a person's name beside a phone number: a contact
            elif not _digits(cell) and names_a_phone(cell):
                return False  # the column's header names a phone, a contact or a person
        pos += len(row) + 1
    return numbers >= _MIN_ROWS and 2 * found <= numbers
