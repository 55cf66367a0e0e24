"""Which generator a page of a run is read as, and why no other did: what
`doclint check --explain PAGE` prints beside the engine's one reading of
the page (parsing/reading.py), and whether a checked page is one the run's
summary counts (`unread_page`: a page no generator read, whose claims no
generator rule judges, counted from that reading).

A page is the PyTorch generator's when its first line is one of its
templates' titles (the parser's `recognise_title`), and a profile's when
`page_readings` says so (its place, then its object headings or a marker):
the same tests the parser and the generator-claims rules make, on the same
lines.
"""

from __future__ import annotations

import os
import stat
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path

from doclint.engine.settings import Settings
from doclint.models.markdown_lines import normalize_newlines
from doclint.models.records import NamedTuple
from doclint.parsing.pages import parse_page
from doclint.parsing.reading import Reading
from doclint.parsing.reading import read_page as read_as
from doclint.parsing.recognition import recognise_title
from doclint.profiles import Profile, builtin_profiles, heading_lines, page_readings
from doclint.profiles.generators import Generators
from doclint.profiles.wikis import in_folder
from doclint.tree.discovery import MARKDOWN_SUFFIXES
from doclint.tree.reading import inside_root, read_regular, repository_root

_HEAD_BYTES = 1024
"""What is read of a page outside every profile's layout: its title line is
all that can make it a generator's."""


class Verdict(NamedTuple):
    """One generator's reading of a page."""

    generator: str
    kind: str
    """The kind of page it is read as ("" when the generator did not write it)."""
    why: str
    source: str = ""
    """The source the page documents, as shown, when the generator says it."""


class PageRead(NamedTuple):
    """How a page is read: by the generators that wrote it, and why each other did not."""

    read: list[Verdict]
    not_read: list[Verdict]
    reading: Reading | None = None
    """The engine's one reading of it (its kind, writer and why), as a run reads it."""


def read_page(
    path: str,
    lines: Sequence[str],
    profiles: tuple[Profile, ...],
    generators: Generators,
    is_file: Callable[[str], bool] | None,
    every_profile: bool = False,
    shown: Callable[[str], str] = str,
) -> PageRead:
    """How the page at `path` (relative to its tree's root) with `lines` is
    read by the run's `profiles` of object pages and its `generators`;
    `every_profile`: say why each shipped profile did not read it,
    wherever the page sits; `shown`: a source's path (from the root) as the
    reader is shown it."""
    verdicts = [_by_title(lines, generators)]
    tried = (*profiles, *builtin_profiles()) if every_profile else profiles
    for reading in page_readings(path, heading_lines(lines), tried, is_file):
        if reading.place is None:
            verdicts.append(Verdict(reading.profile.name, "", reading.why))
        else:
            of = shown(reading.place[1])
            verdicts.append(Verdict(reading.profile.name, "object", reading.why, of))
    wiki = generators.reading_of(path, lines)
    if wiki is not None:
        verdicts.append(Verdict(wiki[0].generator, "wiki", wiki[1]))
    for other in generators.wikis:
        folder = in_folder(path, other.grammar)
        if folder is not None and (wiki is None or other is not wiki[0]):
            why = (
                f"in its folder `{folder}/`, but no line of its head is its marker "
                "and no line cites lines as it writes them"
            )
            verdicts.append(Verdict(other.generator, "", why))
    return PageRead([v for v in verdicts if v.kind], [v for v in verdicts if not v.kind])


def _by_title(lines: Sequence[str], generators: Generators) -> Verdict:
    first = _first_line(lines)
    # The generators whose pages are recognised by their titles, by their
    # profiles' names (`pytorch`): the run's own among them.
    titled = ", ".join(dict.fromkeys(t.generator for t in generators.templates.values()))
    if not first.startswith("# "):
        return Verdict(titled, "", "its first line is no `# ` title")
    found = recognise_title(first[2:], generators)
    if not found.page_kind or found.template is None:
        return Verdict(titled, "", f"its title `{first}` is none of its templates'")
    why = f"title `{first}`, template `{found.template.id}`"
    return Verdict(found.template.generator, found.page_kind, why)


def _first_line(lines: Iterable[str]) -> str:
    return next((line for line in lines if line.strip()), "").lstrip("\ufeff").strip()


def explain(root: Path, file: Path, settings: Settings, cwd: Path) -> PageRead:
    """How the page `file` of the tree at `root` is read by the generators
    of `settings`, paths shown from `cwd` (OSError when it cannot be read)."""
    path = os.path.relpath(os.path.abspath(file), root).replace(os.sep, "/")
    limit = settings.max_file_size
    text = _read_inside(str(file), root, limit + 1).decode("utf-8", errors="replace")

    def shown(source: str) -> str:
        return os.path.relpath(os.path.join(root, source), cwd).replace(os.sep, "/")

    lines = text.split("\n")
    generators, is_file = settings.known_generators, _is_file_in(root)
    verdicts = read_page(
        path, lines, settings.profiles, generators, is_file, every_profile=True, shown=shown
    )
    return verdicts._replace(reading=_engine_reading(text, path, generators, is_file))


def _engine_reading(
    text: str, path: str, generators: Generators, is_file: Callable[[str], bool]
) -> Reading | None:
    """The page of `text` at `path` read as the engine reads it (None for a
    text it checks no page of: empty, or only blanks)."""
    text = normalize_newlines(text.removeprefix("\ufeff"))
    if not text.strip():
        return None
    lines = text.split("\n")
    page = parse_page(text, path, lines=lines, generators=generators)
    return read_as(page, text, lines, generators, is_file)


def unread_page(file: str, reading: Reading | None) -> bool:
    """Whether a checked file is a Markdown page that carries a generator's
    marks yet no generator read (`Reading.unread`), by the engine's reading
    of it (None: it read no page there)."""
    return reading is not None and reading.unread and file.endswith(MARKDOWN_SUFFIXES)


def _read_inside(file: str, root: Path | str, limit: int) -> bytes:
    """At most `limit` bytes of `file`, read as the run reads it: never
    through a link out of `root` (OSError), nor from a named pipe."""
    return read_regular(inside_root(file, root), limit, follow_symlinks=False)


def _is_file_in(root: Path | str) -> Callable[[str], bool]:
    """Whether a path of the tree is a file, decided inside the tree: a link
    that leads out of it is no file of it, as the run's tree index says."""

    def is_file(path: str) -> bool:
        try:
            return os.path.isfile(inside_root(os.path.join(root, path), root))
        except OSError:
            return False

    return is_file


class NamedFolder(NamedTuple):
    """A docs folder a project named otherwise than its profile does, found
    beside the profile's marker; `profile` reads it (the profile with that
    folder as its docs folder)."""

    profile: Profile
    folder: Path
    marker: Path


_PAGES_LOOKED_AT = 32
"""The pages (and the folders) of a folder looked at to tell whether they
are a profile's: a docs folder's first pages have its object headings."""


def named_docs_folders(
    paths: Iterable[str | Path], profiles: tuple[Profile, ...]
) -> list[NamedFolder]:
    """The docs folders of the projects holding `paths` (a path, or a folder
    above it up to its checkout, or outside any, up to the top) that name
    theirs otherwise, for each profile whose layout allows it: a folder
    beside the profile's marker whose pages open with its object headings.
    Nothing is looked up through a symbolic link: it may lead out of the tree."""
    found: dict[tuple[str, Path], NamedFolder] = {}
    allowing = [
        p for p in (*profiles, *builtin_profiles()) if p.layout.docs_folder_named_by_project
    ]
    for given in paths if allowing else ():
        folders = _real_folders(Path(os.path.abspath(given)))
        for profile in allowing:
            for named in _named_near(profile, folders):
                found.setdefault((profile.name, named.folder), named)
    return list(found.values())


def _real_folders(start: Path) -> list[Path]:
    """The folders at and above `start` up to its checkout (outside any, up
    to the top), nearest first, that are reached through no link:
    each is looked at from the top down, with `lstat`, and the first link or
    file ends the list."""
    real: list[Path] = []
    for folder in reversed([start, *start.parents]):
        if not _is_real(folder, stat.S_ISDIR):
            break
        real.append(folder)
    if not real:
        return []
    # Outside a checkout the marker itself is what makes a folder above the
    # working folder the project, as it makes it the root (roots.py).
    bound = repository_root(real[-1]) or Path(real[-1].anchor)
    return [folder for folder in reversed(real) if folder.is_relative_to(bound)]


def _is_real(path: Path, kind: Callable[[int], bool]) -> bool:
    """Whether `path` is of `kind` (stat.S_ISDIR, S_ISREG) itself, not a link to one."""
    try:
        return kind(os.lstat(path).st_mode)
    except OSError:
        return False


def _named_near(profile: Profile, folders: list[Path]) -> list[NamedFolder]:
    """The named docs folders beside the first marker of the profile in one
    of `folders` (nearest first)."""
    for project in folders:
        marker = next((project / m for m in profile.layout.markers if _marked(project, m)), None)
        if marker is None:
            continue
        if _is_real(project / profile.layout.docs_folder, stat.S_ISDIR):
            return []  # the project kept the profile's own folder
        return [
            NamedFolder(_with_docs_folder(profile, folder.name), folder, marker)
            for folder in _subfolders(project, profile)
            if _holds_pages_of(profile, folder)
        ]
    return []


def _marked(project: Path, marker: str) -> bool:
    """Whether the marker is a file in `project`, every folder on its way a real one."""
    parts = Path(marker).parts
    for depth in range(1, len(parts)):
        if not _is_real(project.joinpath(*parts[:depth]), stat.S_ISDIR):
            return False
    return _is_real(project / marker, stat.S_ISREG)


def _subfolders(project: Path, profile: Profile) -> list[Path]:
    skipped = {profile.layout.docs_folder, *profile.layout.skip_folders}
    try:
        with os.scandir(project) as entries:
            return sorted(
                Path(entry.path)
                for entry in entries
                if entry.is_dir(follow_symlinks=False)
                and not entry.name.startswith(".")
                and entry.name not in skipped
            )
    except OSError:
        return []


def _holds_pages_of(profile: Profile, folder: Path) -> bool:
    """Whether one of the first pages below `folder` opens with one of the
    profile's object headings (a title line may stand above it); links are
    not followed, and a source folder's subtree is not walked whole."""
    looked, folders = 0, [str(folder)]
    for _ in range(_PAGES_LOOKED_AT):
        if not folders:
            break
        try:
            with os.scandir(folders.pop(0)) as listing:
                entries = sorted(listing, key=lambda entry: entry.name)
        except OSError:
            continue
        folders += [e.path for e in entries if e.is_dir(follow_symlinks=False)]
        for entry in entries:
            if not (entry.name.endswith(".md") and entry.is_file(follow_symlinks=False)):
                continue
            try:
                head = read_regular(entry.path, _HEAD_BYTES * 4, follow_symlinks=False)
            except OSError:
                continue
            lines = head.decode("utf-8", errors="replace").split("\n")
            if any(profile.entries.pattern.match(line) for line in heading_lines(lines)):
                return True
            looked += 1
            if looked >= _PAGES_LOOKED_AT:
                return False
    return False


def _with_docs_folder(profile: Profile, folder: str) -> Profile:
    """The profile with `folder` as its docs folder (its own digest: the
    cache keys results by the profiles read with)."""
    layout = profile.layout._replace(docs_folder=folder)
    return profile.replaced(layout=layout, digest=f"{profile.digest}:{folder}")
