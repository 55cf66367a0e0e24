"""Which files a run checks: named files as they are, folders walked for Markdown,
less what `exclude` patterns and the repository's `.gitignore` files leave out.

Patterns follow gitignore's rules (the same matcher serves `exclude`,
`extend-exclude`, `per-file-ignores` and `.gitignore` files): a pattern with a
slash before its end is anchored to the folder it is relative to, one without
matches a name at any depth; `*` and `?` stop at `/`, `**` crosses folders, a
trailing `/` matches folders only, `!` re-includes, `#` starts a comment. A
path is left out when it or any folder above it matches, so nothing under an
excluded folder comes back.
"""

from __future__ import annotations

import errno
import math
import os
import re
import stat
from collections.abc import Callable, Iterable, Iterator, Sequence
from itertools import groupby, islice
from operator import attrgetter
from pathlib import Path

from doclint.models.records import NamedTuple
from doclint.tree.reading import IGNORE_FILE_LIMIT, leads_out, read_file, repository_root
from doclint.util.lazy_regex import compiled_on_use
from doclint.util.paths import absolute, printable, say, skipped_link, walk_tree

MARKDOWN_SUFFIXES = (".md", ".markdown")
# Folders no documentation tree wants walked; `exclude` replaces this list,
# `extend-exclude` adds to it (as in ruff).
DEFAULT_EXCLUDE = (".git", ".hg", ".svn", "node_modules", ".doclint_cache", "__pycache__")
GITIGNORE = ".gitignore"


class MissingPathError(FileNotFoundError):
    """A path named on the command line does not exist."""


class Pattern(NamedTuple):
    """One compiled gitignore-style pattern."""

    regex: re.Pattern[str]
    negated: bool
    dir_only: bool
    anchored: bool
    on_name: bool
    """The pattern can only match a last path component: it is tried on the name."""


def compile_pattern(line: str) -> Pattern | None:
    """A pattern as one line of a `.gitignore` file gives it; None for a blank
    line or a comment."""
    parsed = _parse(line)
    if parsed is None:
        return None
    regex = re.compile(parsed.source, re.DOTALL)
    return Pattern(regex, parsed.negated, parsed.dir_only, parsed.anchored, parsed.on_name)


class _Parsed(NamedTuple):
    """A pattern before it is compiled: a set of patterns compiles them together."""

    source: str
    """The regular expression of the pattern."""
    negated: bool
    dir_only: bool
    anchored: bool
    on_name: bool
    literal: str | None
    """The one name (or path, anchored) the pattern matches, when it has no
    wildcard: looked up, not matched."""


def _parse(line: str) -> _Parsed | None:
    line = _strip_trailing_spaces(line.rstrip("\n\r"))
    if not line or line.startswith("#"):
        return None
    negated = line.startswith("!")
    if negated or line.startswith(("\\!", "\\#")):
        line = line[1:]
    dir_only = line.endswith("/")
    line = line.rstrip("/")
    if not line:
        return None
    anchored = "/" in line
    line = line.lstrip("/")
    if line.startswith("**/"):
        line, anchored = line[3:], False
    segments = line.split("/")
    on_name = not anchored and "**" not in line
    # Not anchored: the pattern may start at any depth, as if after a `**/`.
    source = _translate(segments if anchored or on_name else ["**", *segments])
    literal = None if _WILDCARDS.search(line) or not (anchored or on_name) else line
    return _Parsed(source, negated, dir_only, anchored, on_name, literal)


_WILDCARDS = compiled_on_use(r"[*?\[\\]")


def _strip_trailing_spaces(line: str) -> str:
    stripped = line.rstrip(" ")
    # "\ " keeps the one escaped space it ends with.
    if stripped.endswith("\\") and len(stripped) < len(line):
        return stripped + " "
    return stripped


def _translate(segments: list[str]) -> str:
    """A regular expression that matches in time linear in the path times the
    pattern, whatever the pattern: each `**` and each `*` finds the leftmost
    place where what follows it fits, and never tries another (an atomic
    group). Leftmost is always right, as what follows has a fixed width (a
    segment, or a run of letters, `?` and classes); plain backtracking tried
    every split and took minutes on a line of a few dozen stars."""
    runs: list[list[str]] = [[]]  # runs of segments, split at each `**`
    for segment in segments:
        if segment == "**":
            runs.append([])
        else:
            runs[-1].append(_translate_segment(segment))
    if len(runs) == 1:
        return "/".join(runs[0])
    parts = ["/".join(runs[0]) + "/" if runs[0] else ""]
    for run in runs[1:-1]:
        if run:
            parts.append("(?>(?:[^/]*/)*?" + "/".join(run) + "/)")
    last = runs[-1]
    parts.append("(?:[^/]*/)*" + "/".join(last) if last else ".*")
    return "".join(parts)


def _translate_segment(segment: str) -> str:
    """One segment of a pattern; consecutive stars are one star, as in git."""
    chunks: list[list[str]] = [[]]  # what lies between stars
    index = 0
    while index < len(segment):
        char = segment[index]
        index += 1
        if char == "*":
            if chunks[-1] or len(chunks) == 1:
                chunks.append([])
        elif char == "?":
            chunks[-1].append("[^/]")
        elif char == "\\" and index < len(segment):
            chunks[-1].append(re.escape(segment[index]))
            index += 1
        elif char == "[" and (found := _bracket(segment, index)) is not None:
            chunks[-1].append(found[0])
            index = found[1]
        else:
            chunks[-1].append(re.escape(char))
    first, *middle = ("".join(chunk) for chunk in chunks)
    if not middle:
        return first
    *middle, last = middle
    return first + "".join(f"(?>[^/]*?{chunk})" for chunk in middle) + "[^/]*" + last


def _bracket(segment: str, start: int) -> tuple[str, int] | None:
    """A bracket expression opening before `start`, as a regex class, and the
    index after it; None when it is no class (then `[` is literal): unclosed,
    or a range that runs backwards (`[z-a]`), which a regex refuses."""
    end = _class_end(segment, start)
    if end is None:
        return None
    body = segment[start:end]
    negate = body[:1] in ("!", "^")
    body = body[1:] if negate else body
    members: list[str] = []
    index = 0
    while index < len(body):
        if index + 2 < len(body) and body[index + 1] == "-":
            low, high = body[index], body[index + 2]
            if low > high:
                return None
            members.append(f"{re.escape(low)}-{re.escape(high)}")
            index += 3
        else:
            members.append(re.escape(body[index]))
            index += 1
    # A class never matches the `/` between folders, negated or not.
    return ("[^/" if negate else "[") + "".join(members) + "]", end + 1


def _class_end(segment: str, start: int) -> int | None:
    """Index of the `]` closing a bracket expression that opens before `start`."""
    index = start
    if index < len(segment) and segment[index] in "!^":
        index += 1
    if index < len(segment) and segment[index] == "]":
        index += 1  # a leading `]` is a member, not the end
    end = segment.find("]", index)
    return end if end >= 0 else None


class PatternSet:
    """Patterns relative to one folder: an `exclude` list, or one `.gitignore`.

    The last pattern that matches a path decides, so the last run of
    patterns of one kind (`!` or not) that matches does, and within a run any
    match tells the same: a run costs a few look-ups and regex searches,
    however many patterns it holds. A file of 100,000 patterns, or of
    100,000 negations, is one run. Many runs (patterns that alternate) are
    searched a block of runs at a time, then the runs of the block that
    matches: about twice the square root of their number, not one each."""

    def __init__(self, base: str, patterns: tuple[_Parsed, ...]) -> None:
        self.base = base
        """Absolute folder the patterns are relative to."""
        self.patterns = patterns
        runs = [tuple(run) for _, run in groupby(patterns, key=attrgetter("negated"))]
        self._runs = runs[::-1]  # the last run first
        self._block = max(1, math.isqrt(len(runs)))
        # Each block's and run's matcher of files and of folders, built when
        # a path gets that far.
        self._matchers: dict[tuple[int, int, bool], _RunMatcher] = {}

    def _matcher(self, start: int, end: int, is_dir: bool) -> _RunMatcher:
        """The matcher of the runs from `start` to `end` (last run first)."""
        matcher = self._matchers.get((start, end, is_dir))
        if matcher is None:
            patterns = [pattern for run in self._runs[start:end] for pattern in run]
            matcher = self._matchers[start, end, is_dir] = _RunMatcher(patterns, is_dir)
        return matcher

    @classmethod
    def parse(
        cls, base: Path | str, lines: Iterable[str], budget: IgnoreBudget | None = None
    ) -> PatternSet:
        """The patterns of `lines`; with a `budget`, no more than it has left."""
        kept = (pattern for pattern in map(_parse, lines) if pattern is not None)
        if budget is None:
            return cls(os.path.abspath(base), tuple(kept))
        patterns = tuple(islice(kept, budget.left))
        budget.left -= len(patterns)
        budget.overrun = budget.overrun or next(kept, None) is not None
        return cls(os.path.abspath(base), patterns)

    def decide(self, relative: str, is_dir: bool) -> bool | None:
        """True if the last pattern matching `relative` (a POSIX path relative to
        `base`) excludes it, False if it re-includes it, None if none matches."""
        name = relative.rpartition("/")[2]
        outside = relative.startswith("../")
        runs, size = self._runs, self._block
        for block in range(0, len(runs), size):
            end = min(block + size, len(runs))
            if not self._matcher(block, end, is_dir).matches(name, relative, outside):
                continue
            for run in range(block, end):
                if end - block == 1 or self._matcher(run, run + 1, is_dir).matches(
                    name, relative, outside
                ):
                    return not runs[run][0].negated
        return None

    def relative(self, absolute: str) -> str:
        relative = os.path.relpath(absolute, self.base)
        return relative if os.sep == "/" else relative.replace(os.sep, "/")

    def matches(self, absolute: str, is_dir: bool = False) -> bool:
        """Whether a path or any folder above it (up to `base`) is matched."""
        relative = self.relative(absolute)
        if relative == ".":
            return False
        parts = relative.split("/")
        start = next((i for i, part in enumerate(parts) if part != ".."), len(parts))
        for end in range(start + 1, len(parts) + 1):
            last = end == len(parts)
            if self.decide("/".join(parts[:end]), is_dir or not last):
                return True
        return False


# The patterns all the ignore files of one walk may hold: real ones hold a
# few hundred; a tree that ships hundreds of thousands (1 MiB each file) must
# not make every path of it cost them.
MAX_IGNORE_PATTERNS = 10_000


class IgnoreBudget:
    """The ignore files one walk has read, each once, and how many more
    patterns it takes (MAX_IGNORE_PATTERNS)."""

    __slots__ = ("left", "overrun", "read", "said")

    def __init__(self) -> None:
        self.left = MAX_IGNORE_PATTERNS
        self.overrun = False
        """Whether a file held more patterns than were left."""
        self.said = False
        """Whether the one warning of an overrun was given."""
        self.read: dict[Path, PatternSet] = {}


class PathFilter:
    """What a run leaves out: `exclude` patterns (for every path, named or
    walked) and, when walking folders of a git repository, its `.gitignore`
    files and `.git/info/exclude`. Equal to another of the same patterns,
    whatever ignore files either has read. A plain class: a dataclass's
    class costs every start more than this one's uses."""

    __slots__ = ("exclude", "extend_include", "ignore_budget", "include", "respect_gitignore")

    def __init__(
        self,
        exclude: PatternSet,
        respect_gitignore: bool = True,
        include: PatternSet | None = None,
        extend_include: PatternSet | None = None,
    ) -> None:
        self.exclude = exclude
        self.respect_gitignore = respect_gitignore
        self.include = include
        """Globs of the files a walk picks (None: Markdown files, by suffix)."""
        self.extend_include = extend_include
        """Globs of files a walk picks besides `include`'s."""
        self.ignore_budget = IgnoreBudget()

    def _patterns(self) -> tuple[object, ...]:
        return (self.exclude, self.respect_gitignore, self.include, self.extend_include)

    def __eq__(self, other: object) -> bool:
        if type(other) is not PathFilter:
            return NotImplemented
        return self._patterns() == other._patterns()

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return (
            f"PathFilter(exclude={self.exclude!r}, respect_gitignore={self.respect_gitignore!r},"
            f" include={self.include!r}, extend_include={self.extend_include!r})"
        )

    @classmethod
    def build(
        cls,
        base: Path,
        exclude: Sequence[str] | None = None,
        extend_exclude: Sequence[str] = (),
        respect_gitignore: bool = True,
        include: Sequence[str] | None = None,
        extend_include: Sequence[str] = (),
    ) -> PathFilter:
        patterns = [*(DEFAULT_EXCLUDE if exclude is None else exclude), *extend_exclude]
        return cls(
            PatternSet.parse(base, patterns),
            respect_gitignore,
            None if include is None else PatternSet.parse(base, include),
            PatternSet.parse(base, extend_include) if extend_include else None,
        )

    def picks(self, folder: str, name: str) -> bool:
        """Whether a walk checks the file `name` of `folder` (absolute): `include`
        (Markdown files by default) or `extend-include` matches it."""
        if self.include is None:
            if name.lower().endswith(MARKDOWN_SUFFIXES):
                return True
        elif self.include.matches(os.path.join(folder, name)):
            return True
        extra = self.extend_include
        return extra is not None and extra.matches(os.path.join(folder, name))

    def excludes(self, path: Path, is_dir: bool | None = None) -> bool:
        """Whether `exclude` leaves out a named path (a folder above it matching
        counts); `is_dir`, when the caller knows it, spares a stat that would
        follow a symbolic link."""
        return self.exclude.matches(
            os.path.abspath(path), path.is_dir() if is_dir is None else is_dir
        )

    def excluding(self, patterns: Iterable[str]) -> PathFilter:
        """This filter with `patterns` last among its exclude patterns: they
        leave a path out whatever a `!` before them says."""
        extra = PatternSet.parse(self.exclude.base, patterns).patterns
        exclude = PatternSet(self.exclude.base, (*self.exclude.patterns, *extra))
        return PathFilter(exclude, self.respect_gitignore, self.include, self.extend_include)

    def folders(
        self, folder: Path, wanted: Callable[[str, str], bool] | None = None
    ) -> Iterator[tuple[str, list[str]]]:
        """Each folder the walk of `folder` enters, as an absolute path (a
        folder before those under it), with the names of its files that
        `wanted(folder, name)` picks (all when None) and no pattern leaves
        out. A symbolic link to a folder is said once and never entered; a
        link to a file is a file of its folder."""
        top = os.path.abspath(folder)
        chains: dict[str, tuple[PatternSet, ...]] = {top: self._ignores_above(top)}
        for current, folders, files, links in walk_tree(top):
            chain = chains.pop(current, ())
            if self.respect_gitignore and GITIGNORE in files:
                chain = (
                    *chain,
                    _read_patterns(Path(current), Path(current) / GITIGNORE, self.ignore_budget),
                )
            left_out = self._judge(current, chain)
            kept = []
            for name in folders:
                if not left_out(name, True):
                    kept.append(name)
                    chains[os.path.join(current, name)] = chain
            folders[:] = kept
            for name in links:
                if not left_out(name, True):
                    skipped_link(os.path.join(current, name))
            yield (
                current,
                [
                    name
                    for name in files
                    if (wanted is None or wanted(current, name)) and not left_out(name, False)
                ],
            )

    def _judge(self, folder: str, ignores: tuple[PatternSet, ...]) -> Callable[[str, bool], bool]:
        """Whether an entry of `folder` is left out, by its name: each pattern set
        sees the path relative to its own base (the folder's part computed once)."""
        exclude, prefix = self.exclude, _prefix(self.exclude.relative(folder))
        # Deeper .gitignore files override shallower ones; within a file the last match wins.
        deepest_first = [(patterns, _prefix(patterns.relative(folder))) for patterns in ignores]
        deepest_first.reverse()

        def left_out(name: str, is_dir: bool) -> bool:
            if exclude.decide(prefix + name, is_dir):
                return True
            for patterns, start in deepest_first:
                decided = patterns.decide(start + name, is_dir)
                if decided is not None:
                    return decided
            return False

        return left_out

    def _ignores_above(self, top: str) -> tuple[PatternSet, ...]:
        """The ignore files of the repository `top` lies in, from its root down to
        the folder above `top`; none outside a git repository (as git does), and
        none when they leave out `top` itself: a folder named on the command
        line is walked, with only the ignore files inside it."""
        if not self.respect_gitignore:
            return ()
        repository = repository_root(Path(top))
        if repository is None:
            return ()
        sets = [
            _read_patterns(repository, repository / ".git" / "info" / "exclude", self.ignore_budget)
        ]
        folder = repository
        for part in Path(top).relative_to(repository).parts:
            sets.append(_read_patterns(folder, folder / GITIGNORE, self.ignore_budget))
            kept = tuple(patterns for patterns in sets if patterns.patterns)
            if self._judge(str(folder), kept)(part, True):
                return ()
            folder = folder / part
        return tuple(patterns for patterns in sets if patterns.patterns)


class _RunMatcher:
    """Whether any pattern of a run matches a file (or a folder, `is_dir`):
    the literal ones by a set look-up, the others by one regex per kind
    (tried on the name, on the path, on the path and anchored)."""

    def __init__(self, run: Iterable[_Parsed], is_dir: bool) -> None:
        kept = [p for p in run if is_dir or not p.dir_only]
        names = {p.literal for p in kept if p.literal is not None and p.on_name}
        paths = {p.literal for p in kept if p.literal is not None and p.anchored}
        wild = [p for p in kept if p.literal is None]
        tests: list[tuple[bool, bool, Callable[[str], object]]] = []
        if names:
            tests.append((True, False, names.__contains__))
        if paths:
            tests.append((False, True, paths.__contains__))
        for on_name, anchored in ((True, False), (False, False), (False, True)):
            regex = _combine(
                p.source for p in wild if (p.on_name, p.anchored) == (on_name, anchored)
            )
            if regex is not None:
                tests.append((on_name, anchored, regex.fullmatch))
        self.tests = tests
        """(tried on the name, anchored, test), only those the run has."""

    def matches(self, name: str, relative: str, outside: bool) -> bool:
        for on_name, anchored, test in self.tests:
            if not (anchored and outside) and test(name if on_name else relative):
                return True
        return False


def _combine(sources: Iterable[str]) -> re.Pattern[str] | None:
    joined = "|".join(f"(?:{source})" for source in sources)
    return re.compile(joined, re.DOTALL) if joined else None


def _prefix(relative: str) -> str:
    return "" if relative == "." else relative + "/"


def _read_patterns(base: Path, file: Path, budget: IgnoreBudget) -> PatternSet:
    """The patterns of an ignore file, read once a walk (`budget.read`)."""
    patterns = budget.read.get(file)
    if patterns is None:
        patterns = budget.read[file] = _read_new_patterns(base, file, budget)
    return patterns


def _read_new_patterns(base: Path, file: Path, budget: IgnoreBudget) -> PatternSet:
    try:
        # read_file: a named pipe called .gitignore must not hang the walk, nor
        # an 8 MB one cost gigabytes of patterns; and, as git (2.32 on), a
        # .gitignore that is a symbolic link is not followed: it could lead out
        # of the tree.
        data = read_file(file, IGNORE_FILE_LIMIT, base, follow_symlinks=False)
    except OSError as error:
        if error.errno in _WARNED_ERRORS:
            _warn_once(file, error.strerror or str(error))
        data = b""
    patterns = PatternSet.parse(base, data.decode("utf-8", errors="replace").splitlines(), budget)
    if budget.overrun and not budget.said:
        budget.said = True
        _warn_once(
            file,
            f"the ignore files of this tree hold over {MAX_IGNORE_PATTERNS:,} patterns",
            "the patterns past them are not used",
        )
    return patterns


# Why an ignore file is left out with a warning: too big, no regular file,
# outside the repository. A missing one, or a link (as git), quietly.
_WARNED_ERRORS = frozenset({errno.EFBIG, errno.EINVAL, errno.EXDEV})
_warned: set[str] = set()


def _warn_once(file: Path, reason: str, outcome: str = "its patterns are not used") -> None:
    """One line for an ignore file left out, however often the run reads it."""
    if str(file) in _warned:
        return
    _warned.add(str(file))
    say(f"warning: {file}: {reason}; {outcome}")


def discover(paths: Iterable[Path], path_filter: PathFilter | None = None) -> Iterator[str]:
    """Files to check, each once, as absolute paths (strings): a named file whatever its
    extension, and the Markdown files under a named folder (symlinked folders
    are not followed, not even one named: it is checked as a file, which tells
    where it leads)."""
    path_filter = path_filter or PathFilter.build(Path.cwd())
    seen: set[str] = set()
    for _, found in walk_named(paths, path_filter, path_filter.picks):
        for file in found:
            if file not in seen:
                seen.add(file)
                yield file


def walk_named(
    paths: Iterable[Path], path_filter: PathFilter, wanted: Callable[[str, str], bool] | None = None
) -> Iterator[tuple[str | None, list[str]]]:
    """The walk of the paths a run names: each folder it enters, as an
    absolute path, with the absolute paths of the files of it that `wanted`
    picks (all when None) and no pattern leaves out (`PathFilter.folders`);
    a named path that is no folder comes alone, with None for its folder.
    A named path is looked at without following a link: a link to a folder
    is no folder to walk, and no stat reaches where it leads; nor is a
    folder below a link out of its checkout (`leads_out`): each comes alone,
    as a file, which tells where it leads.
    MissingPathError for a named path that does not exist."""
    bounds = (os.getcwd(), path_filter.exclude.base)
    for path in paths:
        try:
            info = path.lstat()
        except FileNotFoundError:
            raise MissingPathError(f"{printable(str(path))}: no such file or directory") from None
        except OSError as error:  # a name too long, a loop of links, a file not a folder
            raise MissingPathError(f"{printable(str(path))}: {error.strerror}") from None
        is_dir = stat.S_ISDIR(info.st_mode)
        if path_filter.excludes(path, is_dir):
            continue
        if not is_dir or leads_out(absolute(path), bounds):
            yield None, [absolute(path)]
            continue
        for folder, names in path_filter.folders(path, wanted):
            # Strings, not Paths: pathlib costs more than the walk on a tree
            # of 100,000 files. Absolute, as every later step needs them (and
            # os.getcwd() is a system call).
            yield folder, [os.path.join(folder, name) for name in names]
