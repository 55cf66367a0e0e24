"""Files a page cites under a folder the project does not track: the
author's own environment (`venv/Lib/site-packages/...`), which the root's
`.gitignore` leaves out and the tree does not have. Citing it is one habit
of the generator that read the author's disk, said once a page for each
such folder (cited-file-missing, source-list-missing), not once a file."""

from __future__ import annotations

from fnmatch import fnmatchcase

from doclint.rule_api import RuleContext


def untracked_folder(path: str, ctx: RuleContext) -> str | None:
    """The top folder of `path` when the tree has no such folder and the
    root's `.gitignore` leaves it out; None otherwise."""
    top, slash, _ = path.partition("/")
    if not slash or not top or ctx.exists(top):
        return None
    ignored = ctx.once_per_tree("ignored_top_folders", _ignored)
    return top if any(fnmatchcase(top, pattern) for pattern in ignored) else None


def _ignored(ctx: RuleContext) -> tuple[str, ...]:
    """The patterns of the root's `.gitignore` that name a folder by its
    name alone (`venv/`, `/build`, `*.egg-info`), not a path within one."""
    lines = ctx.file_lines(".gitignore") or []
    found = []
    for line in lines:
        pattern = line.strip().removeprefix("/").removesuffix("/")
        if pattern and not pattern.startswith(("#", "!")) and "/" not in pattern:
            found.append(pattern)
    return tuple(found)


def said_once(path: str, count: int) -> str:
    """What a page's citations of an untracked folder are said as."""
    folder = path.partition("/")[0]
    times = f"{count} times" if count != 1 else "once"
    return (
        f"`{folder}/` is cited {times} on this page (first `{path}`), a folder the project "
        "does not track (its .gitignore leaves it out): the author's local files, none of "
        "the project's"
    )
