"""DL303 metadata-mismatch: a File Metadata line that disagrees with the documented file."""

from __future__ import annotations

import posixpath
from collections.abc import Iterator
from typing import NamedTuple

from doclint.rule_api import (
    Cause,
    Edit,
    FileDocs,
    Finding,
    Fix,
    FixSafety,
    MetadataField,
    Rule,
    RuleContext,
    RuleDocs,
    SizeClaim,
    compiled_on_use,
)

from .._common.mojibake import suspect_mojibake
from .._common.stale import staleness

# The generator's Type for an extension; any other extension gets "Source File (.ext)".
FILE_TYPES = {
    ".py": "Python Source Code",
    ".pyw": "Python Source Code",
    ".pyi": "Python Source Code",
    ".md": "Markdown Documentation",
    ".cpp": "C++ Source Code",
    ".cc": "C++ Source Code",
}
_GENERIC_TYPE = compiled_on_use(r"Source File \((?P<extension>[^)]*)\)")
_KB = compiled_on_use(r"\(\s*(?P<kb>[\d.,]+)\s*KB\s*\)")
_NUMBER = compiled_on_use(r"[\d,]+")


class MetadataMismatch(Rule[FileDocs]):
    code = "DL303"
    name = "metadata-mismatch"
    summary = "File Metadata line (path, size, type, extension) that disagrees with the file."
    docs = RuleDocs(
        what="""Flags a line of a file documentation's File Metadata that disagrees with
        the file it documents: a **Path** other than the one in the title, an
        **Extension** other than the path's suffix (empty for a file without one),
        a **Type** that belongs to another extension than the path's, a **Size** in
        bytes other than the file's size in the tree (judged only when the file can
        be measured: with `--known-paths`, a listed file that is not on disk is
        skipped, and so is a page whose Original Source is another version of the
        source: stale-page reports that), and a KB figure that is not the claimed
        bytes divided by 1024 to two decimals. One finding per wrong line.

        Sizes are bytes in both templates. The older one ("Repo Book Generator
        v1.0") counts characters, one byte short for each byte past the first of
        a non-ASCII character (a `©` is two): a Size that is the file's count of
        characters is named so ("claims 4,158 bytes, the count of characters of
        the file: its 4,158 characters are 4,159 bytes"). When the tree lacks the
        file, the page's own whole Original Source (the file, and the newline the
        generator writes after it) shows such a count too: a Size that is its
        count of characters, not of bytes, is reported; any other Size is left
        unjudged there, as the copy's bytes need not be the file's (line ends
        translated when it was read), and so is a copy with replaced bytes or
        mojibake.

        A Type the generator is not known to write (it writes "Python Source Code",
        "Markdown Documentation", "C++ Source Code" and "Source File (.ext)") is
        left alone: it says nothing checkable about the extension.""",
        why="""The metadata block is the one part of the page that
        tools read without judgement: a size that is off means the page was written
        from another version of the file (or the number was garbled), so the rest
        of the page may describe code that is not there any more.""",
        example="""```markdown
        - **Path**: `docs/test/distributed/tensor/test_dtensor_compile.py_kw.md`
        - **Size**: 13,296 bytes (12.96 KB)
        - **Type**: Markdown Documentation
        - **Extension**: `.md`
        ```""",
        use_instead="""```markdown
        - **Path**: `docs/test/distributed/tensor/test_dtensor_compile.py_kw.md`
        - **Size**: 13,269 bytes (12.96 KB)
        - **Type**: Markdown Documentation
        - **Extension**: `.md`
        ```

        **Fix** (safe): the wrong value is rewritten from the file. A **Size** line
        becomes `N bytes (N / 1024 KB)` with the file's real size (`N bytes` on
        the older template's pages, which write no KB), and only when the file
        could be measured: a count of characters shown by the page's copy alone
        is reported without a fix. **Path**, **Extension** and **Type** are
        rewritten from the path in the title (the Type as the generator names
        that extension), and only when the page sits where its title says: the
        page's own path then confirms the title against the one metadata line.""",
        use_instead_note="the file has 13,269 bytes",
    )
    fix_safety = FixSafety.SAFE
    PATH = Cause("metadata-mismatch/path", "Path that is not the documented file's")
    EXTENSION = Cause("metadata-mismatch/extension", "Extension that is not the file's")
    TYPE = Cause("metadata-mismatch/type", "File type that is not the extension's")
    SIZE_BYTES = Cause("metadata-mismatch/size-bytes", "Size in bytes that is not the file's")
    SIZE_KB = Cause("metadata-mismatch/size-kb", "Size in KB that disagrees with the bytes")
    causes = (PATH, EXTENSION, TYPE, SIZE_BYTES, SIZE_KB)

    def check(self, page: FileDocs, ctx: RuleContext) -> Iterator[Finding]:
        described = page.described
        if not described:
            return
        extension = posixpath.splitext(described)[1]
        for field in page.metadata:
            value = field.value.strip()
            problem: tuple[str, str] | None = None
            actual: int | None = None
            cause = self.PATH
            if field.name == "Path":
                problem = _path_problem(
                    value, described, ctx.generators.title_names_file_only(page.template)
                )
            elif field.name == "Extension":
                problem, cause = _extension_problem(value, described, extension), self.EXTENSION
            elif field.name == "Type":
                problem, cause = _type_problem(value, extension), self.TYPE
            elif field.name == "Size" and page.size is not None:
                old = _shows_an_old_source(page, ctx)
                measure = None if old else _measure(page, ctx, page.size)
                problem = _size_problem(page.size, field, measure)
                # The bytes are the file's own measure; the KB only restate them.
                wrong_bytes = measure is not None and measure.size_bytes != page.size.size_bytes
                cause = self.SIZE_BYTES if wrong_bytes else self.SIZE_KB
                # A copy shows what was counted, not the file's bytes to write.
                actual = measure.size_bytes if measure is not None and measure.exact else None
            if problem is not None:
                needle, message = problem
                correct = _correct_value(page, field, extension, actual)
                fix = _rewrite(ctx, field, correct) if correct is not None else None
                yield Finding(field.line, _column(ctx, field, needle), message, fix, cause)


def _shows_an_old_source(page: FileDocs, ctx: RuleContext) -> bool:
    """Whether the page's size is of an older version of a source (stale-page
    reports that, and rewriting the size would only hide it). A page of a later
    pass documents a page that fixes rewrite (sizes, mojibake, keyword entries):
    its size follows that page, and is still judged when its copy is behind."""
    return page.level == 1 and staleness(page, ctx) is not None


class _Measure(NamedTuple):
    """The size of the documented file as doclint can know it."""

    size_bytes: int
    characters: int | None
    """Its characters, when a size other than its bytes is claimed and its
    text is known whole: a size that counts characters is one byte short per
    byte past the first of each non-ASCII character."""
    exact: bool
    """True for the file itself; False for the page's own copy of it."""


def _measure(page: FileDocs, ctx: RuleContext, claim: SizeClaim) -> _Measure | None:
    """The file's size in the tree; else, when the claim is the count of
    characters of the page's whole Original Source (the generator writes the
    file and one newline before its closing fence) and not its count of bytes,
    the copy's size. A copy's bytes are not the file's in general (line ends
    translated when it was read), but a count of its characters shows what
    was counted. None when nothing can be measured, or when the text is
    damaged (bytes replaced when it was decoded, mojibake): its characters are
    then not the file's."""
    described = page.described
    size = ctx.file_size(described) if described else None
    if size is not None:
        source = ctx.source(page) if size != claim.size_bytes else None
        whole = source is not None and source.exact and "\ufffd" not in source.text
        return _Measure(size, len(source.text) if whole and source else None, True)
    copy = page.source
    if copy is None or not copy.closed or not copy.text.endswith("\n"):
        return None
    text = copy.text[:-1]
    if len(text) != claim.size_bytes or text.isascii():
        return None
    if "\ufffd" in text or suspect_mojibake(text):
        return None
    return _Measure(len(text.encode("utf-8", "surrogatepass")), len(text), False)


def _correct_value(
    page: FileDocs, field: MetadataField, extension: str, size: int | None
) -> str | None:
    """The value the generator writes for the field, when it is known for sure."""
    if field.name == "Size":
        return None if size is None else _size_text(size, page.size)
    if page.expected_path != page.path:
        return None  # only the page's own path can side with its title against the line
    correct = {
        "Path": f"`{page.described}`",
        "Extension": f"`{extension}`",
        "Type": expected_type(extension),
    }
    return correct.get(field.name)


def _size_text(size: int, claim: SizeClaim | None) -> str:
    """A size as the page's template writes it: with KB (the current
    template), or the bytes alone, without separators (the older one)."""
    if claim is not None and claim.size_kb is None:
        return f"{size} bytes"
    return f"{size:,} bytes ({size / 1024:.2f} KB)"


def _rewrite(ctx: RuleContext, field: MetadataField, value: str) -> Fix | None:
    """Replace the field's value on its line; None when the line does not
    hold the value as parsed."""
    if not 1 <= field.line <= len(ctx.lines):
        return None
    line = ctx.lines[field.line - 1]
    label = f"**{field.name}**:"
    at = line.find(label)
    if at < 0:
        return None
    start = at + len(label)
    start += len(line[start:]) - len(line[start:].lstrip())
    end = len(line.rstrip())
    if line[start:end] != field.value.strip():
        return None
    edit = Edit(field.line, start + 1, field.line, end + 1, value)
    return Fix((edit,), FixSafety.SAFE, f"write the {field.name} as `{value}`")


def _path_problem(value: str, described: str, name_only: bool) -> tuple[str, str] | None:
    claimed = value.strip("`").strip()
    if claimed == described:
        return None
    if name_only and "/" not in described and posixpath.basename(claimed) == described:
        return (
            None  # a title of the file's name alone, a page away from its place: no folder to hold
        )

    return value, f"claims path `{claimed}`; the title documents `{described}`"


def _extension_problem(value: str, described: str, extension: str) -> tuple[str, str] | None:
    claimed = value.strip("`").strip()
    if claimed == extension:
        return None
    name = posixpath.basename(described)
    has = f"has `{extension}`" if extension else "has no extension"
    shown = f"`{claimed}`" if claimed else "no extension"
    return value, f"claims {shown}; `{name}` {has}"


def expected_type(extension: str) -> str:
    return FILE_TYPES.get(extension, f"Source File ({extension})")


def _type_problem(value: str, extension: str) -> tuple[str, str] | None:
    expected = expected_type(extension)
    if value == expected or extension in _extensions_of_type(value):
        return None
    if value not in FILE_TYPES.values() and not _GENERIC_TYPE.fullmatch(value):
        return None
    of = f"a `{extension}` file" if extension else "a file without an extension"
    return value, f"claims type `{value}`, but {of} is `{expected}`"


def _extensions_of_type(value: str) -> frozenset[str]:
    generic = _GENERIC_TYPE.fullmatch(value)
    if generic:
        return frozenset({generic.group("extension")})
    return frozenset(ext for ext, name in FILE_TYPES.items() if name == value)


def _size_problem(
    claim: SizeClaim, field: MetadataField, measure: _Measure | None
) -> tuple[str, str] | None:
    problems: list[tuple[str, str]] = []
    claimed = f"{claim.size_bytes:,}"
    if measure is not None and measure.size_bytes != claim.size_bytes:
        number = _NUMBER.search(field.value)
        problems.append((number.group() if number else claimed, _bytes_message(claim, measure)))
    expected_kb = f"{claim.size_bytes / 1024:.2f}"
    if claim.size_kb is not None and f"{claim.size_kb:.2f}" != expected_kb:
        kb = _KB.search(field.value)
        shown = kb.group("kb") if kb else f"{claim.size_kb:.2f}"
        problems.append((shown, f"claims {shown} KB but {claimed} bytes is {expected_kb} KB"))
    if not problems:
        return None
    return problems[0][0], "; ".join(message for _, message in problems)


def _bytes_message(claim: SizeClaim, measure: _Measure) -> str:
    claimed, actual = f"{claim.size_bytes:,}", f"{measure.size_bytes:,}"
    if claim.size_bytes != measure.characters:
        return f"claims {claimed} bytes; the file has {actual}"
    what = "the file" if measure.exact else "its Original Source"
    return (
        f"claims {claimed} bytes, the count of characters of {what}: its {claimed}"
        f" characters are {actual} bytes"
    )


def _column(ctx: RuleContext, field: MetadataField, needle: str) -> int:
    """Column of the wrong value on its line (after the field name)."""
    if field.line > len(ctx.lines):
        return field.column
    text = ctx.lines[field.line - 1]
    start = text.find(f"**{field.name}**")
    position = text.find(needle, max(start, 0)) if needle else -1
    return position + 1 if position >= 0 else field.column
