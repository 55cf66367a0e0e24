"""The citations of a page no wiki wrote, looked up in the tree as a reader
would look them up.

A path is read from where its form says: a relative link's target from the
page's folder (else the root), a URL of this repository or `/path` from the
root, a path in a code span or the prose from the root, the page's folder,
or as the end of one path of the tree. Each is looked up in the tree as
the commit that last wrote its line had it (the page's blame), the tree its
author read, else as the tree is now. A bare file name (`spans.py:40`) is
the file of the page's folder, else the root's (unless its sentence or its
section's heading names a nested file of that name: `Cargo.toml:58` is the
workspace's), else of a path the page named earlier (its section's first),
else the one file of the tree with that name; where the tree has several
and nothing tells which, the citation is said to be ambiguous
(malformed-citation) and not judged, never guessed. A citation whose file the
tree does not have is no citation (`12:30`, `localhost:8080`, another
project's path), unless the history has the file where the citation was
written: then its file is gone (cited-file-missing).
"""

from __future__ import annotations

import posixpath
from collections import defaultdict
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from doclint.rule_api import MarkdownPage, RuleContext

from .._common.project_names import SKIPPED_FOLDERS
from ._citing import ANY_PAGE
from ._wiki import PINNED, written_at

if TYPE_CHECKING:
    from doclint.rule_api_generators import Citation, NamedPath, WikiFacts

MAX_FILES = 200_000
"""The most files of a tree its names are read from (a bare name is looked
up among them): a larger tree's bare names are left unread."""


def any_page_facts(page: MarkdownPage, ctx: RuleContext) -> WikiFacts:
    """The page's citations, each naming a file of the tree (or one the
    history had where it was written), in page order; read once a page,
    whichever of its rules asks first."""
    return ctx.read_once(page, _any_page_facts)


def _any_page_facts(page: MarkdownPage, ctx: RuleContext) -> WikiFacts:
    from doclint.rule_api_generators import WikiFacts

    read = ctx.citations(page)
    # The names each citation's sentence gives: what tells a bare name's
    # file among several (`core.py:6926` after `update_skew`).
    told: dict[int, set[str]] = defaultdict(set)
    for mention in read.names:
        for index in mention.cites:
            told[index].add(mention.name)
    found, kept = _resolved(page.path, read.citations, read.named, ctx, told)
    # A name's citations by their places among those kept.
    names = tuple(
        mention._replace(cites=cites)
        for mention in read.names
        if (cites := tuple(kept[i] for i in mention.cites if i in kept))
    )
    return WikiFacts(ANY_PAGE, tuple(found), (), (), names, ())


class _View:
    """The tree a citation is read in: as it is (`commit` ""), or as the
    commit that last wrote the citation's line had it, which is the tree its
    author read (`emit.rs` written when two files had that name)."""

    def __init__(self, ctx: RuleContext, commit: str) -> None:
        self.ctx = ctx
        self.commit = commit
        self._names: dict[str, tuple[str, ...]] | None = None

    def is_file(self, path: str) -> bool:
        if not self.commit:
            return self.ctx.is_file(path)
        history = self.ctx.history
        return history is not None and history.lines_at(self.commit, path) is not None

    def lines(self, path: str) -> Sequence[str] | None:
        if not self.commit:
            return self.ctx.file_lines(path)
        history = self.ctx.history
        return history.lines_at(self.commit, path) if history is not None else None

    def names(self) -> dict[str, tuple[str, ...]]:
        """The tree's files by name, asked once a page and commit (each ask
        of the run's index asks its facts again)."""
        if self._names is None:
            if not self.commit:
                self._names = _names(self.ctx)
            else:
                history = self.ctx.history
                listed = history.paths_at(self.commit) if history is not None else None
                found: defaultdict[str, list[str]] = defaultdict(list)
                for path in sorted(listed or ()):
                    # The folders the tree's walk skips (installed, vendored, built).
                    if SKIPPED_FOLDERS.isdisjoint(path.split("/")[:-1]):
                        found[posixpath.basename(path)].append(path)
                self._names = {name: tuple(paths) for name, paths in found.items()}
        return self._names


class _Reader:
    """What a reader of one page has seen: the files it named, by name."""

    def __init__(self, folder: str, ctx: RuleContext) -> None:
        self.folder = folder
        self.ctx = ctx
        self.seen: dict[tuple[str, int], dict[str, None]] = defaultdict(dict)
        """Per file name and section (-1: the whole page so far), each tree
        path of that name named there, once, the latest last: a page citing
        one file 20,000 times keeps it once, and a lookup reads each
        distinct path at most once."""
        self.folders: dict[int, set[str]] = {}
        """Per section (-1: the whole page so far), the folders of the files named."""
        self.near: dict[tuple[int, int], list[str]] = defaultdict(list)
        """Per sentence (its line and its start) and per section heading
        (its line, -1), the paths named there: what tells a nested file of
        a name the root also has."""
        self.views: dict[str, _View] = {"": _View(ctx, "")}
        self.view = self.views[""]
        self._texts: dict[tuple[str, str], str] = {}
        self._written: dict[tuple[str, str, str], bool] = {}

    def at(self, commit: str) -> None:
        """Read what follows in the tree as `commit` had it ("": as it is)."""
        if commit not in self.views:
            self.views[commit] = _View(self.ctx, commit)
        self.view = self.views[commit]

    def note(self, section: int, path: str, line: int = 0, column: int = 0) -> None:
        name = posixpath.basename(path)
        for scope in (section, -1):
            latest = self.seen[(name, scope)]
            latest.pop(path, None)
            latest[path] = None
            self.folders.setdefault(scope, set()).add(posixpath.dirname(path))
        if line:
            self.near[_sentence(self.ctx, line, column)].append(path)
            if line == section:
                self.near[(section, -1)].append(path)

    def beside_named(self, candidates: list[str], section: int) -> str | None:
        """The one candidate in the folder of a file the page named before
        it: in its section, else anywhere above it (`core.py` beside the
        `router/serpentine.py` the page cited)."""
        for scope in (section, -1):
            folders = self.folders.get(scope, set())
            beside = [c for c in candidates if posixpath.dirname(c) in folders]
            if len(beside) == 1:
                return beside[0]
        return None

    def file(
        self, written: str, base: str, section: int = -1, line: int = 0, column: int = 0
    ) -> str | list[str] | None:
        """The tree path `written` names; None for none; the candidates
        when several files have its name and nothing tells which. A path
        with a folder is read from the root, the page's folder or the end of
        a path named before it; a bare name from the page's folder, the
        root (unless its sentence or its section's heading names a nested
        file of that name), a path named before it (its section's first) or
        the tree's one file of that name."""
        view = self.view
        if not written or written in (".", ".."):
            return None
        local = posixpath.normpath(posixpath.join(self.folder, written))
        inside = not local.startswith("../") and local != ".."
        if base == "page" and inside and view.is_file(local):
            return local
        # Read from the root, a path that leaves it names no file of the tree.
        if written.startswith("../"):
            return None
        if base == "root":
            return written if view.is_file(written) else self.machine_path(written)
        if base == "page":
            return written if view.is_file(written) else None
        if inside and view.is_file(local):
            return local
        if view.is_file(written):
            if "/" in written:
                return written
            # `Cargo.toml:58` is the workspace's, though the page named a
            # crate's before, unless its own sentence names that one.
            return self.named_near(written, line, column, section) or written
        earlier = self.named_before(written, section)
        if earlier is not None:
            return earlier
        return self.by_name(written)

    def by_name(self, written: str) -> str | list[str] | None:
        """The file of the tree a path names by its ending, or a bare name by
        itself; the candidates when several files have the bare name."""
        names = self.view.names()
        if "/" in written:
            # The one file of the tree whose path ends in it; where several
            # do, a path of another project's (an example's) as often.
            ending = "/" + written
            ends = [p for p in names.get(posixpath.basename(written), ()) if p.endswith(ending)]
            return ends[0] if len(ends) == 1 else None
        matches = list(names.get(written, ()))
        if len(matches) == 1:
            return matches[0]
        return matches or None

    def writing(self, candidates: list[str], names: set[str]) -> str | None:
        """The one candidate file that writes a name the citation's sentence
        gives (the rest writing none of them): what its reader would open.
        Whether a file writes a name is read once a page, however many of
        its citations ask."""
        holding = []
        for candidate in candidates[:_MOST_CANDIDATES]:
            if any(len(name) >= 3 and self.writes(candidate, name) for name in names):
                holding.append(candidate)
        return holding[0] if len(holding) == 1 else None

    def writes(self, path: str, name: str) -> bool:
        commit = self.view.commit
        if (commit, path, name) not in self._written:
            if (commit, path) not in self._texts:
                lines = self.view.lines(path)
                self._texts[(commit, path)] = "\n".join(lines) if lines is not None else ""
            self._written[(commit, path, name)] = _writes(self._texts[(commit, path)], name)
        return self._written[(commit, path, name)]

    def machine_path(self, written: str) -> str | None:
        """The file an absolute path on the author's machine names
        (`/home/me/repo/src/x.py`): its longest ending of a folder and more
        that is a file of the page's folder or the root."""
        parts = written.split("/")
        for start in range(1, len(parts) - 1):
            ending = "/".join(parts[start:])
            for place in (posixpath.join(self.folder, ending), ending):
                if self.view.is_file(place):
                    return place
        return None

    def named_before(self, written: str, section: int) -> str | None:
        """The file the page named before whose path ends in `written`: the
        latest in the section, else the latest above it."""
        ending = "/" + written
        name = posixpath.basename(written)
        for scope in (section, -1):
            for path in reversed(self.seen.get((name, scope), {})):
                if path == written or path.endswith(ending):
                    return path
        return None

    def named_near(self, name: str, line: int, column: int, section: int) -> str | None:
        """The latest file named `name` that the citation's sentence, else its
        section's heading, names."""
        if not line:
            return None
        ending = "/" + name
        for place in (_sentence(self.ctx, line, column), (section, -1)):
            named = [path for path in self.near.get(place, ()) if path.endswith(ending)]
            if named:
                return named[-1]
        return None


def _sentence(ctx: RuleContext, line: int, column: int) -> tuple[int, int]:
    """The clause of the 1-based `column` of a line: the line and the column
    its sentence (a table's row), or the clause of it after a `;`, starts at
    (`a dep of `x/Cargo.toml`; the workspace has it (`Cargo.toml:58`)`)."""
    from doclint.rule_api_generators import sentence_parts

    text = ctx.lines[line - 1] if 0 < line <= len(ctx.lines) else ""
    at = max(column - 1, 0)
    start = 0
    for first, _ in sentence_parts(text):
        if first > at:
            break
        start = first
    cut = text.rfind(";", start, at)
    return (line, cut + 1 if cut >= 0 else start)


def _resolved(
    path: str,
    citations: Sequence[Citation],
    named: Sequence[NamedPath],
    ctx: RuleContext,
    told: Mapping[int, set[str]],
) -> tuple[list[Citation], dict[int, int]]:
    """The citations that name a file of the tree (or a file gone since),
    in page order, and the place among them of each kept one by its index
    in `citations`. Each path is read in the tree as the commit that last
    wrote its line had it, else as the tree is now."""
    reader = _Reader(posixpath.dirname(path), ctx)
    written = written_at(path, citations, ctx)
    events: list[tuple[int, int, int, Citation | NamedPath]] = [
        (c.line, c.column, index, c) for index, c in enumerate(citations)
    ]
    events += [(n.line, 0, -1, n) for n in named]
    events.sort(key=lambda event: (event[0], event[1]))
    found: list[Citation] = []
    kept: dict[int, int] = {}
    for line, _, index, item in events:
        reader.at(written[line - 1] if line <= len(written) else "")
        if not hasattr(item, "ranges"):
            named_path: NamedPath = item
            place = _place(reader, named_path)
            if isinstance(place, str):
                reader.note(named_path.section, place, named_path.line, named_path.column)
            continue
        citation: Citation = item  # type: ignore[assignment]
        placed = _placed(citation, index, reader, told, ctx)
        if placed is not None:
            kept[index] = len(found)
            found.append(placed)
    return found, kept


def _place(reader: _Reader, item: Citation | NamedPath) -> str | list[str] | None:
    """The file `item` names in the tree its line was written in, else (a
    file added since the line was written) in the tree now."""
    place = reader.file(item.path, item.base, item.section, item.line, item.column)
    if place is None and reader.view.commit:
        reader.at("")
        place = reader.file(item.path, item.base, item.section, item.line, item.column)
    return place


def _placed(
    citation: Citation, index: int, reader: _Reader, told: Mapping[int, set[str]], ctx: RuleContext
) -> Citation | None:
    """The citation (the `index`th of the page) with the file of the tree it
    names, or marked ambiguous among the candidates, or as naming a file
    gone since; None for one of another repository's, or that names no file
    a reader could be sent to."""
    if citation.repository and not _ours(citation.repository, ctx):
        return None
    commit = "" if citation.commit.startswith("branch:") else citation.commit
    citation = citation._replace(commit=commit)
    if PINNED.fullmatch(commit):
        reader.at("")  # its file is judged at its pin, found as the tree has it
    place = _place(reader, citation)
    if isinstance(place, list):
        place = reader.beside_named(place, citation.section) or place
    if isinstance(place, list) and told.get(index):
        place = reader.writing(place, told[index]) or place
    if isinstance(place, list):
        shown = ", ".join(f"`{p}`" for p in sorted(place)[:3])
        more = f" and {len(place) - 3} more" if len(place) > 3 else ""
        return citation._replace(problem=f"ambiguous:{len(place)}:{shown}{more}", judged=False)
    if place is None:
        if citation.path.startswith("../") or ("/" not in citation.path and citation.base == "any"):
            return None
        # Judged only where the history had it: a file gone since.
        return citation._replace(problem="", judged=True, base="gone?")
    reader.note(citation.section, place, citation.line, citation.column)
    return citation._replace(path=place)


def _writes(text: str, name: str) -> bool:
    """Whether `text` holds `name` as a whole word."""
    at = text.find(name)
    while at >= 0:
        end = at + len(name)
        if (at == 0 or not _word(text[at - 1])) and (end == len(text) or not _word(text[end])):
            return True
        at = text.find(name, at + 1)
    return False


def _word(char: str) -> bool:
    return char.isalnum() or char in "_$"


_MOST_CANDIDATES = 64
"""The most files of one name read to tell which a citation means."""


def _ours(repository: str, ctx: RuleContext) -> bool:
    history = ctx.history
    return history is not None and repository in history.remotes()


def _names(ctx: RuleContext) -> dict[str, tuple[str, ...]]:
    """Every file of the tree by its name (a walk of its folders, built once a run)."""
    return ctx.once_per_tree("citation_file_names", _build)


def _build(ctx: RuleContext) -> dict[str, tuple[str, ...]]:
    found: defaultdict[str, list[str]] = defaultdict(list)
    count = 0
    for folder, files, subfolders in ctx.walk():
        if count >= MAX_FILES:
            break
        for name in files:
            found[name].append(posixpath.join(folder, name))
        count += len(files)
        subfolders[:] = [name for name in subfolders if name not in SKIPPED_FOLDERS]
    return {name: tuple(sorted(paths)) for name, paths in found.items()}
