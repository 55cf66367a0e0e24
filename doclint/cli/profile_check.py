"""`doclint profile check PROFILE --good DIR --bad DIR`: a generator profile
against example projects, so that a generator's maintainers keep their
profile in their own CI. Every page of a good example must be read as the
profile's and break none of its claims; every page of a bad example must be
read as the profile's and break at least one."""

from __future__ import annotations

import argparse
import os
from pathlib import Path

from doclint.api import check_paths, parse
from doclint.cli.arguments import UsageError
from doclint.config.files import load_profile
from doclint.engine.settings import Settings
from doclint.profiles import Profile, ProfileError, page_profile
from doclint.tree.reading import MAX_FILE_SIZE, read_named
from doclint.util.paths import display_path, printable, walk_tree

CLAIM_RULES = "DL7"
"""The rules of the generator claims."""


def profile_check(args: argparse.Namespace) -> bool:
    """Whether every example is what it says; UsageError for a profile or
    folder that cannot be used."""
    try:
        profile = load_profile(args.profile)
    except ProfileError as error:
        raise UsageError(str(error)) from None
    if not isinstance(profile, Profile):
        # Say what the profile describes: a wiki's grammar is no templated page.
        what = "a profile of a wiki" if profile.wiki is not None else "a profile of templated pages"
        if profile.wiki is not None and profile.templates:
            what = "a profile of a wiki and templated pages"
        raise UsageError(
            f"{args.profile}: {what}, no object pages; `profile check` judges object pages "
            "(check its examples with `doclint check --explain`)"
        )
    problems = [
        problem
        for good, folders in ((True, args.good), (False, args.bad))
        for folder in folders
        for problem in _judge(profile, folder, good)
    ]
    # Names of folders and of the profile come from the user's files: escaped
    # like every other line doclint writes.
    for problem in problems:
        print(printable(problem))
    examples = len(args.good) + len(args.bad)
    verdict = f"{len(problems)} problems" if problems else "every example is as labelled"
    print(printable(f"profile {profile.name}: {examples} examples, {verdict}"))
    return not problems


def _judge(profile: Profile, folder: Path, good: bool) -> list[str]:
    docs = folder / profile.layout.docs_folder
    if not docs.is_dir():
        raise UsageError(f"{folder}: no `{profile.layout.docs_folder}/` folder of pages")
    pages = sorted(
        page
        for folder, _, files, _ in walk_tree(str(docs))
        for name in files
        if name.endswith(".md") and (page := Path(folder, name)).is_file()
    )
    settings = Settings(select=[CLAIM_RULES], root=folder, profiles=(profile,))
    report = check_paths(pages, settings)
    broken: dict[str, list[str]] = {}
    for d in report.diagnostics:
        claim = f"{d.line}: good example breaks a claim: {d.code} {d.message}"
        broken.setdefault(os.path.abspath(d.path), []).append(claim)
    problems = []
    for page in pages:
        # The API's paths are escaped as they are printed (a name may hold a newline).
        claims = broken.get(printable(os.path.abspath(page)), [])
        shown = display_path(page, Path.cwd())
        if not _read_as(profile, folder, page):
            problems.append(
                f"{shown}: not read as a page of {profile.name} (its place or headings: "
                f"`doclint check --explain {shown}` says why)"
            )
        elif good and claims:
            problems += [f"{shown}:{claim}" for claim in claims]
        elif not good and not claims:
            problems.append(f"{shown}: bad example, but no claim of {profile.name} is broken")
    return problems


def _read_as(profile: Profile, folder: Path, page: Path) -> bool:
    """Whether `check` reads the page as the profile's: by the same test, on
    its place, its headings and the markers of its project."""
    try:
        text = read_named(page, MAX_FILE_SIZE).decode("utf-8", errors="replace")
    except OSError:
        return False  # unreadable: not the profile's page, and said so
    relative = page.relative_to(folder).as_posix()
    lines = text.split("\n")
    headings = (lines[h.line - 1] for h in parse(text, path=relative).markdown.headings)
    found = page_profile(relative, headings, (profile,), lambda path: (folder / path).is_file())
    return found is not None and found[0] is profile
