"""The roots a run checks against: given, implied by the pages, or the cwd.

The generator writes the page of a source at a path that follows from the
source's name, which the page's title gives (`# Keyword Index: `a/b.py`` at
`<root>/docs/a/b.py_kw.md`). So a folder is the root of a tree when the run
holds a page under its `docs/` whose title implies it, and every file is
checked in the innermost such root that holds it. A folder inside a root's
`docs/` is no root of its own: a page there whose title says so is misplaced,
not a tree. A generator profile's docs folder (RepoAgent's `markdown_docs/`)
makes the folder holding it a root the same way, when a page in it opens with
one of the profile's object headings: its pages document the sources beside
it. A wiki's folder (`.deepwiki/`, a profile's `[wiki] folders`) makes the
folder holding it a root when the run holds a page in it: its citations name
files from there.

How far up a root may be is the one rule that makes the findings the same
wherever the run starts (the root, a subfolder, the pages' folder):

- in a git checkout, a root is at or below the repository holding the page
  (the nearest folder with `.git`), wherever the run starts: a checkout at
  `~/docs/myrepo`, or GitHub's `/home/runner/work/docs/docs`, is never
  widened to the folders above it by a title, which would list and write
  outside the checkout; such a page is reported as misplaced-page;
- outside any checkout, a root is at or below the working folder or the
  configuration's folder (the nearest `doclint.toml` or `pyproject.toml`
  with `[tool.doclint]` upwards), or it bears its generator's mark: the
  PyTorch system's start page `docs/index.md` whose title implies it; for a
  profile's page, the source the page documents, or one of the profile's
  `markers` (RepoAgent's `.project_doc_record/project_hierarchy.json`). A
  page outside the working and configuration folders is not bound.

Either way a root is compared as resolved: a folder below a symbolic link
out of the checkout (or out of the working and configuration folders that
hold it) is no root, whatever a title or a wiki's folder implies, and its
pages are outside the tree root (file-outside-root), as the link is.

Files in no tree are checked as plain Markdown from the top of the checkout
holding them (their citations name files from there), outside one in the
working folder (or the common folder of those outside it): the same root for a
page on disk, on stdin, through the API or in the editor (`choose_root`).
`--root` puts every file in one root.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Sequence
from functools import partial
from pathlib import Path

from doclint.engine.settings import Settings
from doclint.models.page import DocKind
from doclint.parsing.recognition import expected_page_path
from doclint.profiles import Profile, builtin_docs_folders, builtin_profiles
from doclint.profiles.generators import Generators, shipped_generators
from doclint.tree.discovery import MARKDOWN_SUFFIXES
from doclint.tree.index import Tree
from doclint.tree.reading import inside_root, leads_out, read_regular, repository_root
from doclint.util.paths import absolute, inside

_TITLE_BYTES = 4096


def _start_pages(generators: Generators) -> tuple[str, ...]:
    """The start page of each generator of templated pages, relative to the
    root it opens (the PyTorch system's `docs/index.md`)."""
    return tuple(
        page
        for places in generators.places
        if (page := places.page_path(DocKind.ROOT_INDEX, None)) is not None
    )


def _page_name_endings(generators: Generators) -> tuple[str, ...]:
    """A title only implies a root for a file at the path it announces, and
    every such path ends with one of these: other files are not opened to look."""
    starts = (page.rpartition("/")[2] for page in _start_pages(generators))
    return (*generators.page_suffixes, *generators.folder_pages, *starts)


def _docs_folders(generators: Generators) -> tuple[str, ...]:
    """The docs folder of each generator of templated pages, as `/docs/`."""
    return tuple(dict.fromkeys(f"/{places.docs_folder}/" for places in generators.places))


def absolute_path(path: Path | str) -> Path:
    """An absolute path with `..` folded away, symlinks left as they are."""
    return Path(os.path.abspath(path))


def choose_root(paths: Iterable[Path | str], cwd: Path) -> Path:
    """The root of plain files (pages no generator's profile places, a
    hand-written page citing code among them): the checkout holding them all
    (`checkout_of`), whose top their citations are written from, wherever
    the run starts and however it is given the page (a path, stdin, the
    API, the editor server); outside one checkout, `cwd` (the folder the run
    names) when every path lies in it, else their common folder; its
    checkout when that folder lies below a link out of it (`leads_out`),
    where the files are then outside the tree root."""
    absolute = [absolute_path(path) for path in paths] or [cwd]
    checkout = checkout_of(absolute)
    if checkout is not None:
        return checkout
    if all(path == cwd or path.is_relative_to(cwd) for path in absolute):
        return cwd
    folders = [path if path.is_dir() else path.parent for path in absolute]
    common = os.path.commonpath([str(folder) for folder in folders])
    checkout = repository_root(Path(common)) if leads_out(common) else None
    return checkout or Path(common)


def checkout_of(paths: Sequence[Path]) -> Path | None:
    """The one checkout (`repository_root`) holding every one of the
    absolute `paths`; None when they lie in none or in several, when a link
    leads to one of them (the run keeps the rule it had, and a path below a
    link out of the tree is refused as the link is), or when it is the home
    folder or above it (a home folder kept in git holds projects that are no
    checkouts of their own: their pages cite from their own folder, the
    folder the run names)."""
    if any(os.path.realpath(path) != str(path) for path in paths):
        # Looking for `.git` through a link would look outside the tree.
        return None
    folders = {path if path.is_dir() else path.parent for path in paths}
    found = {repository_root(folder) for folder in folders}
    if len(found) != 1:
        return None
    checkout = found.pop()
    home = Path(os.path.expanduser("~"))
    if checkout is None or inside(home, checkout):
        return None
    return checkout


def root_from_title(
    start: bytes,
    file: Path | str,
    generators: Generators | None = None,
    named: Path | None = None,
) -> Path | None:
    """The root implied by a page at `file` whose text starts with `start`,
    None when there is none or it lies above the page's repository (outside
    one, above `named`, the folder the run names: the working folder by
    default, an editor's workspace folder); titles read by `generators` (the
    shipped ones by default)."""
    path = absolute(file)
    known = shipped_generators() if generators is None else generators
    root = _implied_root(start, path, known)
    bounds = (str(named) if named is not None else os.getcwd(),)
    if root is None or not _may_be_root(root, path, bounds, partial(_has_start_page, known)):
        return None
    return Path(root)


def _may_be_root(
    root: str, path: str, bounds: tuple[str, ...], marked: Callable[[str], bool]
) -> bool:
    """Whether `root` (absolute) may be a root of the page at `path`: at or
    below the page's repository; outside any, at or below one of `bounds`
    (the working and configuration folders) holding the page, or `marked`
    as its generator's (no bound for a page outside all of them). Either
    way, never a folder below a link out of them (`leads_out`): its real
    place is elsewhere."""
    if leads_out(root, bounds):  # before `marked` reads a page of it
        return False
    repository = repository_root(Path(path).parent)
    if repository is not None:
        return _at_or_below(root, str(repository))
    holding = [bound for bound in bounds if path.startswith(os.path.join(bound, ""))]
    if not holding:
        return True
    return any(_at_or_below(root, bound) for bound in holding) or marked(root)


def _at_or_below(folder: str, bound: str) -> bool:
    return folder == bound or folder.startswith(os.path.join(bound, ""))


def _has_start_page(generators: Generators, root: str) -> bool:
    """Whether `root` holds a generator's start page (the PyTorch system's
    `docs/index.md`) whose title implies `root`: the mark of a tree's top."""
    for relative in _start_pages(generators):
        page = os.path.join(root, relative)
        try:
            start = read_regular(inside_root(page, root), _TITLE_BYTES, follow_symlinks=False)
        except OSError:
            continue
        if _implied_root(start, page, generators) == root:
            return True
    return False


def _implied_root(start: bytes, path: str, generators: Generators) -> str | None:
    """The root, as an absolute path, implied by a page at the absolute `path`."""
    title = start.split(b"\n", 1)[0].decode("utf-8", errors="replace").lstrip("\ufeff").strip()
    if not title.startswith("# "):
        return None
    expected = expected_page_path(title[2:], generators)
    if expected is not None and path.endswith("/" + expected):
        return path[: -len(expected) - 1] or "/"
    return None


def _implies(
    path: str,
    root: str,
    bounds: tuple[str, ...],
    endings: tuple[str, ...],
    generators: Generators,
) -> bool:
    """Whether the file at the absolute `path` is a page whose title implies
    `root`, a root it may have (a page's name has one of `endings`)."""
    if not path.endswith(endings):
        return False
    try:
        # Not opened when its real place is outside `root` (a link out of the
        # tree); a named pipe would block a plain open().
        start = read_regular(inside_root(path, root), _TITLE_BYTES, follow_symlinks=False)
    except OSError:
        return False
    if _implied_root(start, path, generators) != root:
        return False
    return _may_be_root(root, path, bounds, partial(_has_start_page, generators))


def roots_of_files(settings: Settings, files: list[str], cwd: Path) -> dict[Path, list[str]]:
    """The files of a run under the root each is checked in, roots sorted. The
    answer depends on the set of files, not on their order."""
    if settings.root is not None or not files:
        # A run of no files still has a root: its rules are selected, its cache kept.
        return {absolute_path(settings.root or cwd): list(files)}
    paths = {absolute(file): file for file in files}
    bounds = (str(absolute_path(cwd)), str(absolute_path(settings.base or cwd)))
    generators = settings.known_generators
    roots = _tree_roots(paths, bounds, generators, settings.profiles)
    roots |= _wiki_roots(paths, bounds, generators)
    placed: dict[str, list[str]] = {}
    outside: list[str] = []
    # A folder's files share their root: found once a folder, not once a file.
    root_of_folder: dict[str, str | None] = {}
    for path, file in paths.items():
        folder = path[: path.rfind("/")]
        if folder in root_of_folder:
            root = root_of_folder[folder]
        else:
            root = root_of_folder[folder] = _innermost(path, roots)
        if root is None:
            outside.append(file)
        else:
            placed.setdefault(root, []).append(file)
    grouped = {Path(root): group for root, group in placed.items()}
    outside = _placed_by_wiki_markers(outside, grouped, generators)
    if outside:
        grouped.setdefault(choose_root(outside, cwd), []).extend(outside)
    return dict(sorted(grouped.items()))


_MARKED_LOOKED_AT = 8
"""The Markdown files of a folder whose heads are read for a wiki's marker."""


def _placed_by_wiki_markers(
    files: list[str], grouped: dict[Path, list[str]], generators: Generators
) -> list[str]:
    """Files in a folder of wiki pages found by their marker (DeepWiki's
    "Relevant source files", wherever the pages sit) go to the checkout
    holding them: their citations name files from its top, wherever the run
    starts. The files no wiki marks are given back."""
    by_folder: dict[str, list[str]] = {}
    for file in files:
        by_folder.setdefault(os.path.dirname(absolute(file)), []).append(file)
    left: list[str] = []
    for folder, group in by_folder.items():
        repository = repository_root(Path(folder))
        pages = [f for f in group if f.endswith(MARKDOWN_SUFFIXES)][:_MARKED_LOOKED_AT]
        marked = (_wiki_marked(absolute(page), generators) for page in pages)
        if repository is not None and any(marked):
            grouped.setdefault(repository, []).extend(group)
        else:
            left.extend(group)
    return left


def _wiki_marked(path: str, generators: Generators) -> bool:
    """Whether the head of the page at `path` carries a wiki's marker."""
    try:
        head = read_regular(path, _TITLE_BYTES, follow_symlinks=False)
    except OSError:
        return False
    lines = head.decode("utf-8", errors="replace").split("\n")
    return any(
        wiki.grammar.marker.match(line)
        for wiki in generators.wikis
        if wiki.grammar.marker is not None
        for line in lines[: wiki.grammar.head_lines]
    )


def _tree_roots(
    paths: Iterable[str],
    bounds: tuple[str, ...],
    generators: Generators,
    profiles: tuple[Profile, ...] = (),
) -> set[str]:
    """The roots of the generated trees the files (absolute paths) are in.

    Only a folder holding a `docs/` above some file can be one; it is one
    when any file below that `docs/` is a page whose title implies it. One
    such page settles it: a tree's pages are not all read here."""
    below: dict[str, list[str]] = {}
    every_docs = _docs_folders(generators)
    for path in paths:
        for docs in every_docs:
            at = path.find(docs)
            while at >= 0:
                below.setdefault(path[:at] or "/", []).append(path)
                at = path.find(docs, at + 1)
    roots: set[str] = set()
    endings = _page_name_endings(generators)
    for candidate in sorted(below, key=len):  # outer folders first
        if _in_docs(candidate, roots, every_docs):
            continue
        if any(_implies(path, candidate, bounds, endings, generators) for path in below[candidate]):
            roots.add(candidate)
    folders = [f"/{folder}/" for folder in builtin_docs_folders()]
    if any(folder in path for path in paths for folder in folders):
        profiles = (*profiles, *builtin_profiles())
    for profile in profiles:
        roots |= _profile_roots(profile, paths, bounds)
    return roots


def _wiki_roots(paths: Iterable[str], bounds: tuple[str, ...], generators: Generators) -> set[str]:
    """The folders holding a wiki's folder (`wiki/`, `.deepwiki/`) with a
    page of the run in it: the wiki's project, from which its citations and
    source lists name files (`src/a.ts`), wherever the run starts."""
    marks = {f"/{folder}/" for wiki in generators.wikis for folder in wiki.grammar.folders}
    roots: set[str] = set()
    for path in paths:
        if not path.endswith(MARKDOWN_SUFFIXES):
            continue
        for mark in marks:
            at = path.rfind(mark)
            if at >= 0 and _may_be_root(path[:at] or "/", path, bounds, _nowhere):
                roots.add(path[:at] or "/")
    return roots


def _nowhere(root: str) -> bool:
    """A wiki leaves no mark in its project: its root is bound as a plain file's."""
    return False


def _profile_roots(profile: Profile, paths: Iterable[str], bounds: tuple[str, ...]) -> set[str]:
    """The folders holding the profile's docs folder, where a page below it
    opens with one of the profile's object headings."""
    mark = f"/{profile.layout.docs_folder}/"
    below: dict[str, list[str]] = {}
    for path in paths:
        at = path.rfind(mark)
        if at >= 0 and path.endswith(".md"):
            below.setdefault(path[:at] or "/", []).append(path)
    return {
        candidate
        for candidate, pages in below.items()
        if any(_opens_as(profile, path, candidate, bounds) for path in pages)
    }


def _opens_as(profile: Profile, path: str, root: str, bounds: tuple[str, ...]) -> bool:
    """Whether the start of the page at `path` holds one of the profile's object headings."""
    try:
        start = read_regular(inside_root(path, root), _TITLE_BYTES, follow_symlinks=False)
    except OSError:
        return False
    # A title line or a preamble may stand above the first object heading.
    lines = start.decode("utf-8", errors="replace").lstrip("\ufeff").splitlines()
    if not any(profile.entries.pattern.match(line) for line in lines if line.startswith("#")):
        return False
    return _may_be_root(root, path, bounds, partial(_marked_by, profile, path))


def _marked_by(profile: Profile, path: str, root: str) -> bool:
    """Whether `root` holds the source the page at `path` documents, or one
    of the files the profile's generator leaves: what makes it the page's
    project, not any folder above that happens to hold its docs folder."""
    place = profile.layout.source_of(path[len(root) :].lstrip("/"))
    named = [] if place is None else [place[1]]
    return any(
        os.path.isfile(os.path.join(root, file)) for file in (*named, *profile.layout.markers)
    )


def _in_docs(folder: str, roots: set[str], docs_folders: tuple[str, ...]) -> bool:
    """Whether `folder` lies in one of `docs_folders` of one of `roots`."""
    return any(
        (folder + "/").startswith(root.rstrip("/") + docs)
        for root in roots
        for docs in docs_folders
    )


def _innermost(path: str, roots: set[str]) -> str | None:
    """The deepest of `roots` that holds the absolute `path`."""
    folder = path
    while folder not in ("", "/"):
        folder = folder[: folder.rfind("/")]
        if (folder or "/") in roots:
            return folder or "/"
    return None


def make_tree_at(settings: Settings, root: Path) -> Tree:
    """The tree index the rules of a root's files ask, rooted at `root`."""
    return Tree(root, settings.known_paths, settings.known_generators)
