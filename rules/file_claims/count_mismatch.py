"""DL304 count-mismatch: a class, function, file or subfolder count that disagrees with reality."""

from __future__ import annotations

import posixpath
from collections import Counter
from collections.abc import Iterator

from doclint.rule_api import (
    Cause,
    Count,
    DocKind,
    FileDocs,
    Finding,
    FolderDoc,
    Rule,
    RuleContext,
    RuleDocs,
)
from doclint.rule_api_generators import PagePlaces

from .._common.source_facts import page_source_text, source_name
from .._languages import UNBOUNDED, CountRanges, language_named

# Pages the generator writes into a folder after it has counted that folder's
# files, so a count of a folder under docs/ never includes them.
# Folders the generator never walks into.
SKIPPED_FOLDERS = frozenset({".git", ".hg", ".svn", "__pycache__", "site-packages"})
PLURALS = {"class": "classes", "class/struct": "classes/structs", "function": "functions"}
# What each count of a count sentence counts, by its wording.
COUNTED = {"class": "classes", "class/struct": "classes", "function": "functions"}


class CountMismatch(Rule[FileDocs | FolderDoc]):
    code = "DL304"
    name = "count-mismatch"
    summary = "Class, function, file or subfolder count that disagrees with the source or folder."
    docs = RuleDocs(
        what="""Flags a count that disagrees with what it counts.

        In a file documentation, "This Python file contains N class(es) and M
        function(s)." is compared with the source's statements: every `class`,
        and every `def` and `async def` (methods and nested ones included) of the
        source shown in the page's Original Source block (or, when the page has no
        complete block, of the documented file), outside strings and comments, as
        `ast` finds them (Python 2 sources, which `ast` cannot parse, are read the
        same way). One finding per line; its message names what it counted ("its
        Original Source", or the file), for the file may have changed since.

        "This C++ file contains approximately N class(es)/struct(s) and M
        function(s)." (C and C++ sources and headers) is judged by the
        generator's own convention, which its counts on real pages show: a
        function declared without a body counts as one, as does each overload
        (`adam.h`'s "12 functions" are its declarations and definitions with a
        return type), and a class head whose body the grammar cannot read still
        defines a class. tree-sitter reads the source, and a count is wrong only
        outside what a count by that convention could give, approximately. N
        runs from the class and struct definitions (nested and anonymous ones
        too) outside `#else`/`#elif` branches up to every class, struct and
        union definition, enum class and `class` word of a `#define`; M from the
        functions defined or declared outside those branches, less those with no
        return type (constructors, destructors, conversion operators:
        `step_lr.cpp`'s constructor and `get_lrs` may be "1 function"), up to
        every definition and declaration, macro call standing in a scope and
        function-like `#define` (no limit once a `#define` holds a `{`). Each
        lower bound is approximate by a tenth (rounded down: 40 functions may
        stand for 44, not 0 for 3). Forward declarations of classes are not
        definitions. A source the parser could not read for more than a quarter
        of its lines is not judged. Pages of other templates are not judged.
        The message says the convention with the range.

        In a folder's `doc.md`, "N subfolder(s)", "N file(s)" and each "`.ext`: N
        file(s)" line are compared with the folder in the tree. For a folder under
        `docs/` (a page about generated pages), the folder's own `index.md`,
        `doc.md` and `sub.md` are not counted, and neither is the `docs/` folder
        of the next pass inside the top folder: the generator writes them after it
        counted. Folders it never walks into (`.git`, `__pycache__`,
        `site-packages`, ...) are not counted either.

        The tree may show only part of a folder: a `--known-paths` listing that
        lists some of its files, a partial checkout, a corpus without the binary
        files the generator counted. It never shows entries that do not exist, so
        a count below what it shows is always wrong; a count above it is judged
        only when the tree holds every subfolder and key file the page itself
        names. Otherwise the tree is taken to be partial for that folder (the
        missing entries are reported by the rules about missing files and links).""",
        why=r"""The generator counts classes and functions with a
        naive `class\s+(\w+)` / `def\s+(\w+)` regex that also matches inside
        strings, comments and docstrings, so the overview misstates the size of
        the module. In C++ it counts only the word `class` (in comments and
        template parameters too, and never `struct`), so a header defining
        three structs is said to hold none. Folder counts that do not match the folder mean the page is
        stale or was written from another tree, and readers who trust it miss
        files.""",  # noqa: E501
        example="""```markdown
        This Python file contains 22 class(es) and 15 function(s).
        ```""",
        use_instead="""```markdown
        This Python file contains 5 class(es) and 11 function(s).
        ```""",
        use_instead_note="what the source defines",
    )
    CLASSES = Cause("count-mismatch/classes", "Classes miscounted")
    FUNCTIONS = Cause("count-mismatch/functions", "Functions miscounted")
    FILES = Cause("count-mismatch/files", "Files of a folder miscounted")
    SUBFOLDERS = Cause("count-mismatch/subfolders", "Subfolders miscounted")
    EXTENSION_FILES = Cause("count-mismatch/extension-files", "Files of one extension miscounted")
    causes = (CLASSES, FUNCTIONS, FILES, SUBFOLDERS, EXTENSION_FILES)

    def check(self, page: FileDocs | FolderDoc, ctx: RuleContext) -> Iterator[Finding]:
        if isinstance(page, FileDocs):
            yield from _check_overview(page, ctx)
        elif isinstance(page, FolderDoc):
            yield from _check_folder(page, ctx)


# ---- file documentation: classes and functions ---------------------------------


def _check_overview(page: FileDocs, ctx: RuleContext) -> Iterator[Finding]:
    """The template's count sentences against the counts its language's reader
    gives the source (a template none proves is not judged)."""
    template = ctx.generators.template_named(page.template)
    if not page.overview_counts or template is None:
        return
    language = language_named(template.proven_by)
    if language is None or language.facts is None:
        return
    text = page_source_text(page, ctx, whole=True)
    facts = None if text is None else language.facts(text)
    ranges = None if facts is None or text is None else facts.count_ranges(text)
    if ranges is not None:
        approximate = any(sentence.approximate for sentence in template.count_sentences)
        yield from _overview_findings(page, ctx, ranges, approximate)


def _overview_findings(
    page: FileDocs, ctx: RuleContext, ranges: CountRanges, approximate: bool
) -> Iterator[Finding]:
    """One finding per count sentence with a count outside its range."""
    lines: dict[int, list[Count]] = {}
    for count in page.overview_counts:
        if count.what in COUNTED:
            lines.setdefault(count.line, []).append(count)
    for line, counts in lines.items():
        wrong = [c for c in counts if not _within(c.value, _range(ranges, c.what))]
        if not wrong:
            continue
        approximately = "approximately " if approximate else ""
        claimed = " and ".join(_plural(count.value, count.what) for count in counts)
        actual = " and ".join(_plural(_range(ranges, count.what), count.what) for count in counts)
        needle = f"{wrong[0].value} {wrong[0].what.split('/')[0]}"
        yield Finding(
            line,
            _column(ctx, line, needle, wrong[0].column),
            f"claims {approximately}{claimed}; {source_name(page, whole=True)} "
            + ranges.found.format(actual),
            cause=CountMismatch.FUNCTIONS if wrong[0].what == "function" else CountMismatch.CLASSES,
        )


def _range(ranges: CountRanges, what: str) -> tuple[float, float]:
    return ranges.functions if COUNTED[what] == "functions" else ranges.classes


def _within(value: int, bounds: tuple[float, float]) -> bool:
    return bounds[0] <= value <= bounds[1]


def _plural(value: float | tuple[float, float], what: str) -> str:
    if isinstance(value, tuple):
        low, high = value
        if high == UNBOUNDED:
            return f"{low} or more {PLURALS[what]}"
        if low != high:
            return f"{low}-{high} {PLURALS[what]}"
        value = low
    return f"{value} {what if value == 1 else PLURALS[what]}"


# ---- folder documentation: subfolders and files ---------------------------------


def _check_folder(page: FolderDoc, ctx: RuleContext) -> Iterator[Finding]:
    folder = page.described
    if folder is None or not (page.counts or page.extension_counts):
        return
    children = ctx.children(folder)
    if children is None:
        return
    places = ctx.generators.places_of(page.template)
    files, subfolders = _as_counted(page, places, folder, *children)
    complete = _shows_named_entries(page, places, files, subfolders)
    shown = f"`{folder}/`" if folder else "the root folder"
    after = " besides its own index.md, doc.md and sub.md" if page.level >= 2 else ""
    extensions = Counter(posixpath.splitext(name)[1] for name in files)
    for count in page.counts:
        actual = len(subfolders) if count.what == "subfolder" else len(files)
        if _wrong(count.value, actual, complete):
            if count.what == "subfolder":
                of, cause = "subfolder(s)", CountMismatch.SUBFOLDERS
            else:
                of, cause = "file(s)", CountMismatch.FILES
            has = f"{shown} has {actual}" + (after if count.what == "file" else "")
            message = f"claims {count.value} {of}; {has}"
            yield Finding(count.line, count.column, message, cause=cause)
    for count in page.extension_counts:
        actual = extensions.get(count.what, 0)
        if _wrong(count.value, actual, complete):
            kind = f"`{count.what}`" if count.what else "extensionless"
            yield Finding(
                count.line,
                count.column,
                f"claims {count.value} {kind} file(s); {shown} has {actual}{after}",
                cause=CountMismatch.EXTENSION_FILES,
            )


def _as_counted(
    page: FolderDoc, places: PagePlaces, folder: str, files: list[str], subfolders: list[str]
) -> tuple[list[str], list[str]]:
    """The folder's files and subfolders as the generator (writing its pages
    at `places`) saw them when it counted."""
    subfolders = [name for name in subfolders if name not in SKIPPED_FOLDERS]
    if page.level >= 2:
        files = [name for name in files if name not in places.folder_page_names]
        if folder == "/".join([places.docs_folder] * (page.level - 1)):
            subfolders = [name for name in subfolders if name != places.docs_folder]
    return files, subfolders


def _shows_named_entries(
    page: FolderDoc, places: PagePlaces, files: list[str], subfolders: list[str]
) -> bool:
    """True when the tree holds every subfolder and key file the page names."""
    present = set(subfolders)
    if any(entry.name not in present for entry in page.subfolders):
        return False
    present = set(files)
    ending = places.ending(DocKind.FILE_DOCS)
    for link in page.key_files:
        name = posixpath.basename(link.target)
        if ending and name.endswith(ending) and name.removesuffix(ending) not in present:
            return False
    return True


def _wrong(claimed: int, actual: int, complete: bool) -> bool:
    # The tree holds only entries that exist, so it proves a count too low
    # even when it shows only part of the folder.
    return claimed != actual and (complete or actual > claimed)


def _column(ctx: RuleContext, line: int, needle: str, default: int) -> int:
    text = ctx.lines[line - 1] if line <= len(ctx.lines) else ""
    position = text.find(needle)
    return position + 1 if position >= 0 else default
