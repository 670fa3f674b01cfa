"""Skills from success: drafts, SKILL.md files, matching, the governor, the git repo.

- `drafts`: the skill writer (a draft and its review card; ✅ commits it).
- `files`: the SKILL.md format and where drafts and approved skills live.
- `matching`: which approved skill fits a session; invocations and usage.
- `governor`: quarantine failing skills, mark unused ones stale, retire and restore.
- `gitrepo`: the approved skills' git repository.

May import: writers.base, writers.embed, writers.review, writers.guard, writers.redact.
"""
