"""SKILL.md files: the Agent Skills format (YAML front matter `name`, `description`, then the
body), where drafts and approved skills live on disk, and reading them back."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import yaml

DRAFTS_DIR = "skills-drafts"
SKILL_FILE = "SKILL.md"
_SLUG = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")
_FRONT = re.compile(r"\A---\r?\n(.*?)\r?\n---\r?\n?(.*)\Z", re.S)


def render_skill(slug: str, description: str, body: str) -> str:
    """A SKILL.md: YAML front matter (`name`, `description`), a blank line, then the body."""
    front = yaml.safe_dump(
        {"name": slug, "description": description},
        sort_keys=False,
        allow_unicode=True,
        width=100,
    )
    return f"---\n{front}---\n\n{body.strip()}\n"


def parse_skill(text: str) -> tuple[dict[str, Any], str]:
    """Split a SKILL.md into (front matter, body); ({}, text) when there is no front matter."""
    m = _FRONT.match(text)
    if not m:
        return {}, text
    meta = yaml.safe_load(m.group(1))
    return (meta if isinstance(meta, dict) else {}), m.group(2).lstrip("\n")


def draft_path(data_dir: Path, slug: str) -> Path:
    """Where the draft for `slug` is written."""
    return data_dir / DRAFTS_DIR / checked_slug(slug) / SKILL_FILE


def checked_slug(slug: str) -> str:
    """`slug` if it is a valid skill slug (ValueError otherwise)."""
    # The slug becomes a path component: refuse anything that could leave the folder.
    if not _SLUG.match(slug):
        raise ValueError(f"invalid skill slug {slug!r}")
    return slug


def approved_index(skills_dir: Path) -> list[tuple[str, str]]:
    """(slug, description) of every approved skill, sorted by slug (stable prompt prefix)."""
    if not skills_dir.is_dir():
        return []
    out = []
    for path in sorted(skills_dir.glob(f"*/{SKILL_FILE}")):
        slug = path.parent.name
        if not _SLUG.match(slug):
            continue
        try:
            meta, _ = parse_skill(path.read_text(encoding="utf-8"))
        except yaml.YAMLError:
            continue  # a hand-broken file must not break every session's context
        out.append((slug, str(meta.get("description", "")).strip()))
    return out


def approved_stamps(skills_dir: Path) -> tuple[tuple[str, int, int], ...]:
    """The (folder, mtime in ns, size) of every file `approved_index` would read, by folder: a
    file added, removed, replaced or written in place changes it."""
    if not skills_dir.is_dir():
        return ()
    out = []
    for path in sorted(skills_dir.glob(f"*/{SKILL_FILE}")):
        try:
            st = path.stat()
        except OSError:
            continue  # gone since the listing: not read either
        out.append((path.parent.name, st.st_mtime_ns, st.st_size))
    return tuple(out)


def skill_body(skills_dir: Path, slug: str) -> str | None:
    """The body of approved skill `slug`, or None."""
    if not _SLUG.match(slug):
        return None
    path = skills_dir / slug / SKILL_FILE
    if not path.exists():
        return None
    try:
        return parse_skill(path.read_text(encoding="utf-8"))[1]
    except yaml.YAMLError:
        return None
