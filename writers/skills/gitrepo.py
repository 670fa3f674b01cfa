"""A small git helper for the skills repository: init, commit one change, revert a commit.

Runs the `git` binary through subprocess with a fixed identity and signing off, so a commit never
depends on (or prompts for) the operator's global git configuration.
"""

from __future__ import annotations

import os
import subprocess
from collections.abc import Sequence
from pathlib import Path

AUTHOR_NAME = "Seshat"
AUTHOR_EMAIL = "seshat@localhost"


class GitError(RuntimeError):
    """A git command failed; the message carries its stderr."""


def _env() -> dict[str, str]:
    env = dict(os.environ)
    env.update(
        GIT_AUTHOR_NAME=AUTHOR_NAME,
        GIT_AUTHOR_EMAIL=AUTHOR_EMAIL,
        GIT_COMMITTER_NAME=AUTHOR_NAME,
        GIT_COMMITTER_EMAIL=AUTHOR_EMAIL,
        GIT_TERMINAL_PROMPT="0",
    )
    return env


def git(repo: Path, *args: str) -> str:
    """Run `git args…` in `repo` and return stdout; raise GitError on failure."""
    cmd = [
        "git",
        "-c",
        "commit.gpgsign=false",
        "-c",
        f"user.name={AUTHOR_NAME}",
        "-c",
        f"user.email={AUTHOR_EMAIL}",
        *args,
    ]
    proc = subprocess.run(cmd, cwd=repo, env=_env(), capture_output=True, text=True, check=False)
    if proc.returncode != 0:
        raise GitError(f"git {' '.join(args)} failed: {proc.stderr.strip() or proc.stdout.strip()}")
    return proc.stdout


def ensure_repo(repo: Path) -> None:
    """Create `repo` and `git init` it if it is not a repository yet."""
    repo.mkdir(parents=True, exist_ok=True)
    if not (repo / ".git").exists():
        git(repo, "init", "-q")


def commit(repo: Path, paths: Sequence[str], message: str) -> str:
    """Stage `paths` (relative to `repo`), commit them with `message`, return the new sha."""
    ensure_repo(repo)
    git(repo, "add", "--", *paths)
    git(repo, "commit", "-q", "-m", message, "--", *paths)
    return head(repo)


def revert(repo: Path, sha: str, message: str) -> str:
    """Commit the inverse of `sha` with `message`; abort cleanly on conflict. Returns the sha."""
    try:
        git(repo, "revert", "--no-commit", sha)
    except GitError:
        try:
            git(repo, "revert", "--abort")
        except GitError:
            pass  # nothing to abort: the revert never started
        raise
    git(repo, "commit", "-q", "-m", message)
    return head(repo)


def head(repo: Path) -> str:
    """The sha of HEAD."""
    return git(repo, "rev-parse", "HEAD").strip()


def log_messages(repo: Path) -> list[str]:
    """Full commit messages, newest first (used by tests and the CLI)."""
    out = git(repo, "log", "--format=%B%x00")
    return [m.strip() for m in out.split("\x00") if m.strip()]


def remove(repo: Path, paths: Sequence[str], message: str) -> str:
    """Commit the removal of `paths` with `message` (history keeps them); return the new sha."""
    git(repo, "rm", "-q", "--", *paths)
    git(repo, "commit", "-q", "-m", message, "--", *paths)
    return head(repo)


def bring_back(repo: Path, removed_in: str, paths: Sequence[str], message: str) -> str:
    """Commit `paths` as they were just before commit `removed_in`; return the new sha."""
    git(repo, "checkout", f"{removed_in}^", "--", *paths)
    git(repo, "commit", "-q", "-m", message, "--", *paths)
    return head(repo)
