"""The project's names, a part of the model of the project (`project.py`):
which identifiers its source and configuration files write, in which files
and at which lines, and where a language's reader says each is defined. Wiki
rules ask it whether a name a page presents as the project's own occurs in
the project's code.

Built (`build`) from every file of the tree that is source or configuration
(`_indexed`): per token, the files that write it. Existence is lexed, not
parsed: the claim judged is that a name occurs in the project's files, and
an identifier token (`[A-Za-z_$][A-Za-z0-9_$]*`, digits before its first
letter left off) occurs wherever a parser would find it, in code, strings (a
message topic, a config key) and comments alike; the byte translation that
finds the tokens runs in C, several times faster than parsing the same
files. Definitions (`ProjectNames.defined`) are read by a language's
tree-sitter reader, lazily, only in the files that hold the name asked
about.
"""

from __future__ import annotations

import posixpath
from bisect import bisect_left
from collections import defaultdict
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from doclint.rule_api import RuleContext, SourceFile, compiled_on_use

# The language readers are imported when a wiki's project is read, not with
# the rules that read it: most pages of a run are no wiki's.
if TYPE_CHECKING:
    from .._languages import Definition

WHERE_LIMIT = 20
"""The occurrences `ProjectNames.where` gives at most."""

# Folders whose files are not the project's own: version control, installed
# and vendored packages, build outputs, caches.
SKIPPED_FOLDERS = frozenset(
    {
        ".git",
        ".hg",
        ".svn",
        "node_modules",
        "bower_components",
        "vendor",
        "third_party",
        "dist",
        "build",
        "out",
        "target",
        "coverage",
        "__pycache__",
        ".venv",
        "venv",
        ".tox",
        ".mypy_cache",
        ".pytest_cache",
        ".ruff_cache",
        ".next",
        ".nuxt",
        ".gradle",
        ".idea",
        ".deepwiki",
    }
)
# Where wikis are committed (paths from the root): their pages are the
# claims, not the code.
_WIKI_FOLDERS = frozenset({".deepwiki", "docs/deepwiki", "docs/wiki", "wiki"})
# Kinds with no reader of their own whose words are the project's: the
# script languages the others embed or sit beside, configuration, markup
# and templates. Documentation (`.md`, `.mdx`, `.rst`, `.txt`) is not.
_LEXED_SUFFIXES = (
    ".vue",
    ".svelte",
    ".json",
    ".jsonc",
    ".json5",
    ".ini",
    ".cfg",
    ".conf",
    ".properties",
    ".xml",
    ".css",
    ".scss",
    ".sass",
    ".less",
    ".tpl",
    ".tmpl",
    ".j2",
    ".jinja",
    ".jinja2",
    ".ejs",
    ".hbs",
    ".mustache",
    ".njk",
    ".erb",
    ".gradle",
    ".graphql",
    ".gql",
    ".proto",
    ".swift",
    ".scala",
    ".cs",
    ".rb",
    ".php",
    ".lua",
    ".dart",
    ".zsh",
    ".ps1",
)
_LEXED_NAMES = frozenset(
    {
        "Dockerfile",
        "Containerfile",
        "Makefile",
        "Justfile",
        "Rakefile",
        "Gemfile",
        ".prettierrc",
        ".eslintrc",
        ".babelrc",
        ".npmrc",
        ".editorconfig",
    }
)
_READ_NOT = frozenset({"Markdown", "plain text"})
# Written by a package manager, not by the project: a lock file lists every
# dependency's dependencies.
_LOCK_FILES = frozenset({"package-lock.json", "npm-shrinkwrap.json", "pnpm-lock.yaml"})
_MINIFIED = (".min.js", ".min.css")

# Every byte that is no part of a token made a space.
_TOKEN_BYTES = bytes(
    byte if chr(byte).isascii() and (chr(byte).isalnum() or chr(byte) in "_$") else ord(" ")
    for byte in range(256)
)
_DIGITS = b"0123456789"
# The characters of a token, in a run (a name's start included).
_TOKEN_RUN = compiled_on_use(r"[A-Za-z0-9_$]+")


def _indexed(path: str) -> bool:
    """Whether a file is source or configuration of the project, by its name."""
    name = posixpath.basename(path)
    if name in _LOCK_FILES or name.endswith(_MINIFIED):
        return False
    if name in _LEXED_NAMES or name.lower().endswith(_LEXED_SUFFIXES):
        return True
    from .._languages import language_name_of

    language = language_name_of(path)
    return language is not None and language not in _READ_NOT


def _tokens(text: str) -> set[bytes]:
    """The distinct tokens of `text`, as ASCII bytes (a non-ASCII character
    is no part of one)."""
    found = set(text.encode("ascii", "replace").translate(_TOKEN_BYTES).split())
    leading = [token for token in found if token[0] in _DIGITS]
    for token in leading:
        found.discard(token)
        stripped = token.lstrip(_DIGITS)
        if stripped:
            found.add(stripped)
    return found


def line_tokens(text_lines: Sequence[str], start: int, end: int) -> frozenset[str]:
    """The identifier tokens of lines `start` to `end` (1-based, inclusive)."""
    chunk = "\n".join(text_lines[max(start, 1) - 1 : max(end, 0)])
    return frozenset(token.decode("ascii") for token in _tokens(chunk))


class ProjectNames:
    """The identifiers of a project's source and configuration files."""

    def __init__(
        self,
        paths: tuple[str, ...],
        holders: dict[bytes, list[int]],
        read: Callable[[str], SourceFile | None],
    ) -> None:
        self.paths = paths
        """The files indexed, sorted."""
        self._holders = holders
        """Per token, the indices in `paths` of the files that write it, in order."""
        self._reader = read
        self._texts: dict[str, SourceFile | None] = {}
        self._lowered: frozenset[bytes] | None = None
        self._modules: frozenset[str] | None = None
        self._definitions: dict[int, tuple[Definition, ...]] = {}
        self._index = {path: index for index, path in enumerate(paths)}
        self._code: dict[str, frozenset[str]] = {}
        self._found: dict[tuple[str, tuple[str, ...]], tuple[tuple[str, int, str], ...]] = {}
        self._declared: dict[tuple[int, tuple[str, ...]], list[str]] = {}

    def is_module(self, name: str) -> bool:
        """Whether `name` is a module of the project: the name of one of its
        source files without its extension (`test_toc` for `tests/test_toc.py`),
        or of a folder holding one (a package)."""
        if self._modules is None:
            self._modules = frozenset(
                part.partition(".")[0] if last else part
                for path in self.paths
                for last, part in _parts(path)
            )
        return name in self._modules

    def has(self, name: str, *, ignore_case: bool = False) -> bool:
        """Whether some file writes `name` as a whole token. A name that is
        no single token (`user-agent`, `db.version`) is not: ask for its parts."""
        token = _token(name)
        if token is None or token in self._holders:
            return token is not None
        if not ignore_case:
            return False
        if self._lowered is None:
            self._lowered = frozenset(known.lower() for known in self._holders)
        return token.lower() in self._lowered

    def in_code(self, path: str, name: str) -> bool:
        """Whether the file at `path` writes `name` (in any case) in its code,
        not only in its strings and comments, as its language's reader
        tells (any token, for a file no reader reads)."""
        token = _token(name)
        if token is None or path not in self._index:
            return False
        wanted = name.lower()
        if path not in self._code:
            from .._languages import language_of

            language = language_of(path)
            source = self._read(path)
            if source is None:
                return False
            words = (
                language.read(source.text).code
                if language is not None
                else (t.decode("ascii") for t in _tokens(source.text))
            )
            self._code[path] = frozenset(word.lower() for word in words)
        return wanted in self._code[path]

    def where(self, name: str) -> tuple[tuple[str, int], ...]:
        """(path, line) of the first `WHERE_LIMIT` occurrences of `name` as a
        whole token (exact case), by path and line."""
        token = _token(name)
        found: list[tuple[str, int]] = []
        for index in self._files_with(token):
            for number, line in enumerate(self._lines(index), 1):
                if name in line and token in _tokens(line):
                    found.append((self.paths[index], number))
                    if len(found) == WHERE_LIMIT:
                        return tuple(found)
        return tuple(found)

    def defined(
        self, name: str, declared_by: tuple[str, ...] = ()
    ) -> tuple[tuple[str, int, str], ...]:
        """(path, line, kind) of each definition of `name` that a language's
        reader finds, by path and line; empty where none does (a name of a
        file no reader tells definitions of is no less the project's). With
        `declared_by`, only files writing one of those words before the name
        (`class Foo`) are read: each read is a parse. Each answer is kept: a
        page may ask about one class once per member it names."""
        key = (name, declared_by)
        if key not in self._found:
            found: list[tuple[str, int, str]] = []
            for index in self._files_with(_token(name)):
                if declared_by and not self._declares(index, declared_by, name):
                    continue
                found.extend(
                    (self.paths[index], definition.line, definition.kind)
                    for definition in self._defined_in(index)
                    if definition.name == name
                )
            self._found[key] = tuple(found)
        return self._found[key]

    def files_writing(self, name: str) -> tuple[str, ...]:
        """The files that write `name` as a whole token (exact case), by path."""
        return tuple(self.paths[index] for index in self._files_with(_token(name)))

    def is_defined(self, name: str) -> bool:
        """Whether a reader finds a definition of `name` in some file, the
        project's own: not a key or a section of a data or markup file
        (`STRUCTURE_KINDS`: a workflow's `runs-on`, a script of
        `package.json`), as often a tool's setting as the project's. The
        files holding it are read until one defines it."""
        from .._languages import STRUCTURE_KINDS

        return any(
            definition.name == name and definition.kind not in STRUCTURE_KINDS
            for index in self._files_with(_token(name))
            for definition in self._defined_in(index)
        )

    def defined_in(self, path: str, name: str) -> tuple[int, ...]:
        """The lines at which the file at `path` defines `name`."""
        index = self._index.get(path)
        if index is None:
            return ()
        return tuple(d.line for d in self._defined_in(index) if d.name == name)

    def _declares(self, index: int, words: tuple[str, ...], name: str) -> bool:
        """Whether the file writes one of `words`, a space and `name` (as the
        start of a token): found in the tokens written after each word, which
        one pass over the file collects for every name asked about."""
        key = (index, words)
        if key not in self._declared:
            source = self._read(self.paths[index])
            self._declared[key] = sorted(_written_after(source.text, words) if source else ())
        after = self._declared[key]
        at = bisect_left(after, name)
        return at < len(after) and after[at].startswith(name)

    def _read(self, path: str) -> SourceFile | None:
        """A file's text, read once: a name's files are read again by each
        question about it, and the tree keeps few sources."""
        if path not in self._texts:
            self._texts[path] = self._reader(path)
        return self._texts[path]

    def _files_with(self, token: bytes | None) -> list[int]:
        return self._holders.get(token, []) if token is not None else []

    def _lines(self, index: int) -> list[str]:
        source = self._read(self.paths[index])
        # Split at LF only, as a citation's editor and GitHub count lines.
        return source.text.split("\n") if source is not None else []

    def _defined_in(self, index: int) -> tuple[Definition, ...]:
        if index not in self._definitions:
            from .._languages import language_of

            path = self.paths[index]
            language = language_of(path)
            read = language.definitions if language is not None else None
            source = self._read(path) if read is not None else None
            self._definitions[index] = read(source.text) if read and source else ()
        return self._definitions[index]


def _written_after(text: str, words: tuple[str, ...]) -> set[str]:
    """The tokens `text` writes right after one of `words` and a space."""
    found: set[str] = set()
    for word in words:
        lead = f"{word} "
        at = text.find(lead)
        while at >= 0:
            start = at + len(lead)
            if token := _TOKEN_RUN.match(text, start):
                found.add(token.group())
            at = text.find(lead, start)
    return found


def _parts(path: str) -> list[tuple[bool, str]]:
    """The folders and the file name of a path, the last one marked."""
    parts = path.split("/")
    return [(index == len(parts) - 1, part) for index, part in enumerate(parts)]


def _token(name: str) -> bytes | None:
    """`name` as the index holds it; None for a name no token can be."""
    return name.encode("ascii") if name.isascii() and _tokens(name) == {name.encode()} else None


def build(ctx: RuleContext) -> ProjectNames:
    """The index of the names of the project the tree holds, read through `ctx`."""
    paths: list[str] = []
    holders: defaultdict[bytes, list[int]] = defaultdict(list)
    for path in _files(ctx):
        source = ctx.source_at(path)
        if source is None or "\0" in source.text:
            continue
        index = len(paths)
        paths.append(path)
        for token in _tokens(source.text):
            holders[token].append(index)
    return ProjectNames(tuple(paths), dict(holders), ctx.source_at)


def _files(ctx: RuleContext) -> list[str]:
    """The tree's files to index, sorted by path."""
    found: list[str] = []
    for folder, files, subfolders in ctx.walk():
        found.extend(path for name in files if _indexed(path := posixpath.join(folder, name)))
        subfolders[:] = [
            name
            for name in subfolders
            if name not in SKIPPED_FOLDERS and posixpath.join(folder, name) not in _WIKI_FOLDERS
        ]
    return sorted(found)
