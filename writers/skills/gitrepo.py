"""A small git helper for the skills repository: init, commit one change, revert a commit.

Runs the `git` binary through subprocess with a fixed identity and signing off, so a commit never
depends on (or prompts for) the operator's global git configuration.
"""

from __future__ import annotations

import os
import re
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
    try:
        proc = subprocess.run(
            cmd, cwd=repo, env=_env(), capture_output=True, text=True, check=False
        )
    except FileNotFoundError as exc:
        # No git binary, or no `repo` to run it in (a forget after the folder was removed).
        raise GitError(NO_GIT if exc.filename == "git" else f"SKILLS_DIR {repo}: {exc}") from exc
    except NotADirectoryError as exc:
        raise GitError(f"SKILLS_DIR {repo}: {unusable(repo) or 'not a directory'}") from exc
    if proc.returncode != 0:
        raise GitError(f"git {' '.join(args)} failed: {proc.stderr.strip() or proc.stdout.strip()}")
    return proc.stdout


NO_GIT = (
    "git is not installed (or not on PATH): install it (apt install git); the approved skills "
    "are kept in a git repository"
)

SKILLS_FIX = (
    "point SKILLS_DIR (.env or the environment) at a folder this user may write, or leave it "
    "empty for SESHAT_DATA_DIR/skills"
)


def unusable(repo: Path) -> str | None:
    """Why the skills repository at `repo` cannot be used (something in the way, a folder this
    user may not write, no git, a broken `.git`), or None; nothing is made or changed."""
    import shutil

    from store.config import kind_of

    existing = next((p for p in (repo, *repo.absolute().parents) if p.exists()), None)
    if existing is not None and not existing.is_dir():
        which = "it" if existing == repo else str(existing)
        return f"{which} is {kind_of(existing)}, not a directory"
    if existing is not None and not os.access(existing, os.W_OK | os.X_OK):
        return f"this user may not write in {existing}"
    if shutil.which("git") is None:
        return NO_GIT
    dot_git = repo / ".git"
    if dot_git.exists():
        if not os.access(dot_git, os.W_OK | os.X_OK):
            return f"this user may not write in {dot_git}"
        proc = subprocess.run(
            ["git", "rev-parse", "--git-dir"],
            cwd=repo,
            env=_env(),
            capture_output=True,
            text=True,
            check=False,
        )
        if proc.returncode != 0:
            why = (proc.stderr.strip() or proc.stdout.strip()).splitlines()
            return f"{dot_git} is not a working git repository ({why[0] if why else 'git failed'})"
    return None


def ensure_repo(repo: Path) -> None:
    """Create `repo` and `git init` it if it is not a repository yet (GitError, naming
    SKILLS_DIR and why, when it cannot be)."""
    try:
        repo.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        why = unusable(repo) or exc.strerror or type(exc).__name__
        raise GitError(f"SKILLS_DIR {repo}: cannot be made ({why}); {SKILLS_FIX}") from exc
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


def _run(
    repo: Path, args: Sequence[str], data: bytes | None = None, env: dict[str, str] | None = None
) -> bytes:
    """`git args…` on bytes (commit objects are bytes), with extra environment variables."""
    proc = subprocess.run(
        ["git", *args],
        cwd=repo,
        env={**_env(), **(env or {})},
        input=data,
        capture_output=True,
        check=False,
    )
    if proc.returncode != 0:
        err = proc.stderr.decode(errors="replace").strip()
        raise GitError(f"git {' '.join(args)} failed: {err}")
    return proc.stdout


_SHA = re.compile(rb"\b[0-9a-f]{40}\b")
# A commit that forgetting emptied leaves this where a message named it ("Reverts: …").
GONE = b"(forgotten)"


def forget_paths(repo: Path, paths: Sequence[str]) -> dict[str, str | None]:
    """Rewrite the repository so that no commit ever held `paths`, and drop the old objects.

    Every commit from the first one that touched `paths` on is written again without them (same
    author, dates and message; shas a message names are mapped to the new ones); a commit left
    with nothing of its own (it only changed `paths`) goes, its message with it. Branches move
    to the new commits (compare-and-swap: a commit made meanwhile makes this start again), the
    files leave the working tree, and reflogs, ORIG_HEAD and the last commit message are cleared
    before `gc --prune=now`, so no object of the old versions is left in `.git`. Returns
    {old sha: new sha, or None for a commit that went}: what the database stored must follow
    (`Skill.commit_sha`, `SkillState.retired_sha`). A copy pushed or backed up elsewhere keeps
    its history: that is beyond this repository."""
    if not paths or not (repo / ".git").exists():
        return {}
    for _attempt in range(3):
        mapping = _rewrite(repo, paths)
        if mapping is not None:
            break
    else:
        raise GitError("the skills repository kept changing while a forget rewrote it")
    _clear(repo, paths)
    return mapping


def _rewrite(repo: Path, paths: Sequence[str]) -> dict[str, str | None] | None:
    """The rewrite itself; None when a branch moved meanwhile (the caller starts again)."""
    listed = _run(repo, ["for-each-ref", "--format=%(refname) %(objectname)"])
    refs = [line.split() for line in listed.decode().splitlines()]
    if not refs:
        return {}
    touched = set(_run(repo, ["log", "--all", "--format=%H", "--", *paths]).decode().split())
    if not touched:
        return {}
    order = _run(repo, ["rev-list", "--all", "--reverse", "--topo-order", "--parents"])
    mapping: dict[str, str | None] = {}
    trees: dict[str | None, str] = {}
    index = repo / ".git" / "seshat-forget.index"
    try:
        for line in order.decode().splitlines():
            sha, *parents = line.split()
            parents_now = list(dict.fromkeys(p for p in map(mapping.get, parents) if p))
            if sha not in touched and all(mapping.get(p) == p for p in parents):
                mapping[sha] = sha  # nothing of `paths` up to here: the commit stays as it is
                continue
            raw = _run(repo, ["cat-file", "commit", sha])
            head, _, message = raw.partition(b"\n\n")
            env = {"GIT_INDEX_FILE": str(index)}
            _run(repo, ["read-tree", sha], env=env)
            _run(repo, ["rm", "-q", "-f", "--cached", "--ignore-unmatch", "--", *paths], env=env)
            tree = _run(repo, ["write-tree"], env=env).decode().strip()
            first = parents_now[0] if parents_now else None
            if len(parents) <= 1 and tree == _tree(repo, first, trees):
                mapping[sha] = first  # it only changed `paths`: it goes, and its message
                continue
            lines = [b"tree " + tree.encode()] + [b"parent " + p.encode() for p in parents_now]
            lines += [
                ln
                for ln in head.split(b"\n")
                if not ln.startswith((b"tree ", b"parent ", b"gpgsig", b" "))
            ]
            body = _SHA.sub(lambda m: _mapped(m.group().decode(), mapping), message)
            new = _run(
                repo,
                ["hash-object", "-t", "commit", "-w", "--stdin"],
                b"\n".join(lines) + b"\n\n" + body,
            )
            mapping[sha] = new.decode().strip()
            trees[mapping[sha]] = tree
    finally:
        index.unlink(missing_ok=True)
    for ref, old in refs:
        new_head = mapping.get(old, old)
        try:
            if new_head is None or (new_head != old and not ref.startswith("refs/heads/")):
                # A branch left with nothing, or a stash or tag of an old version: it goes.
                _run(repo, ["update-ref", "-d", ref, old])
            elif new_head != old:
                _run(repo, ["update-ref", "-m", "forget", ref, new_head, old])
        except GitError:
            return None  # the branch moved (a commit meanwhile): start again from it
    return mapping


def _mapped(sha: str, mapping: dict[str, str | None]) -> bytes:
    if sha not in mapping:
        return sha.encode()
    new = mapping[sha]
    return new.encode() if new is not None else GONE


def _tree(repo: Path, commit: str | None, trees: dict[str | None, str]) -> str:
    """The tree of `commit` (None: the empty tree, as if before the first commit)."""
    if commit not in trees:
        if commit is None:
            empty = _run(repo, ["hash-object", "-t", "tree", "-w", "--stdin"], b"")
            trees[None] = empty.decode().strip()
        else:
            trees[commit] = _run(repo, ["rev-parse", f"{commit}^{{tree}}"]).decode().strip()
    return trees[commit]


def _clear(repo: Path, paths: Sequence[str]) -> None:
    """After the rewrite: the index and working tree follow HEAD, and nothing in `.git` still
    reaches (or quotes) the old commits."""
    try:
        _run(repo, ["rev-parse", "--verify", "-q", "HEAD"])
        _run(repo, ["read-tree", "HEAD"])
    except GitError:
        _run(repo, ["read-tree", "--empty"])  # every commit went: an empty repository again
    for rel in paths:
        path = repo / rel
        path.unlink(missing_ok=True)
        try:
            path.parent.rmdir()
        except OSError:
            pass  # not empty, or already gone
    for name in ("ORIG_HEAD", "COMMIT_EDITMSG", "MERGE_MSG", "SQUASH_MSG", "FETCH_HEAD"):
        (repo / ".git" / name).unlink(missing_ok=True)
    _run(repo, ["reflog", "expire", "--expire=now", "--expire-unreachable=now", "--all"])
    _run(repo, ["gc", "-q", "--prune=now"])
