"""The keyword index page (`X_kw.md`): its file information and the keywords
of each category, which may run to hundreds of thousands of entries."""

from __future__ import annotations

from functools import cache
from typing import Any

from doclint.models.generated import KeywordCategory, KeywordEntry, KeywordIndex, Value
from doclint.models.markdown import build_node
from doclint.parsing.page_builder import FIELD, PageBuilder, within
from doclint.profiles.patterns import compile_pattern
from doclint.profiles.templates import FILE_INFORMATION
from doclint.util.lazy_regex import compiled_on_use

# An escaped character of a pattern, as the character.
_ESCAPED = compiled_on_use(r"\\(.)")


def build_keyword_index(builder: PageBuilder, common: dict[str, Any]) -> KeywordIndex:
    """The keyword index model of the page `builder` parsed."""
    layer = builder.layer
    info_links = within(layer.links, builder.section(FILE_INFORMATION))
    original = documentation = folder = None
    for item in within(layer.list_items, builder.section(FILE_INFORMATION)):
        match = FIELD.fullmatch(item.text)
        if not match:
            continue
        on_line = [link for link in info_links if link.line == item.line]
        if match.group("name") == "Original File" and on_line:
            original = on_line[0]
        elif match.group("name") == "Documentation" and on_line:
            documentation = on_line[0]
        elif match.group("name") == "Folder":
            folder = Value(
                line=item.line, column=item.column, text=match.group("value").strip().strip("`")
            )
    return KeywordIndex(
        **common,
        original_file=original,
        documentation=documentation,
        folder=folder,
        categories=_categories(builder, common["template"]),
    )


# The entries the line scan reads whole ("- **`name`**: [page](target)"):
# where a template's entries are these, a line it read is an entry whose name
# and target it holds (`PageBuilder.keyword_lines`), its name at column 6.
SCANNED_ENTRY = r"\*\*`(?P<name>[^`]*)`\*\*"
SCANNED_NAME_COLUMN = 6


def _categories(builder: PageBuilder, template_id: str) -> list[KeywordCategory]:
    """The keywords of each category of the template's keyword section."""
    template = builder.generators.templates[template_id]
    layer = builder.layer
    categories = []
    scanned = builder.keyword_lines if template.keyword_entry == SCANNED_ENTRY else {}
    # The target of the first link of each line, for an entry the scan did not read.
    keyword_links: dict[int, str] | None = None
    # Local names in the loop over what may be hundreds of thousands of entries.
    lines, first_line = builder.lines, builder.first_line
    build, entry_node = build_node, KeywordEntry
    name_of = compile_pattern(template.keyword_entry, template.builtin).match
    opening = _opening(template.keyword_entry)
    shift = len(opening) + 1
    for sub in builder.subsections(builder.section(template.keyword_section)):
        entries = []
        for line, column, _, depth, text in within(layer.list_items, sub):
            known = scanned.get(line)
            if known is not None:
                name, target = known
                entries.append(build(entry_node, (line, SCANNED_NAME_COLUMN, name, target)))
                continue
            if depth or (match := name_of(text)) is None:
                continue
            if keyword_links is None:
                # Reversed, so that the first link of a line is the one kept.
                keyword_links = {link.line: link.target for link in reversed(layer.links)}
            column = lines[line - first_line].find(opening, column - 1) + shift
            entry = (line, column, match.group("name"), keyword_links.get(line))
            entries.append(build(entry_node, entry))
        categories.append(
            KeywordCategory(line=sub.line, column=sub.column, heading=sub.title, entries=entries)
        )
    return categories


@cache  # a template's: asked at each page, where the substitution calls into `re`'s Python code
def _opening(entry: str) -> str:
    """The entry's opening ("**`"): the literal text before the name in the
    entry pattern `entry`, unescaped."""
    return _ESCAPED.sub(r"\1", entry.partition("(?P<name>")[0])
