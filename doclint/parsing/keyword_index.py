"""The keyword index page (`X_kw.md`): its file information and the keywords
of each category, which may run to hundreds of thousands of entries."""

from __future__ import annotations

from typing import Any

from doclint.models.generated import KeywordCategory, KeywordEntry, KeywordIndex, Value
from doclint.models.markdown import build_node
from doclint.parsing.page_builder import FIELD, PageBuilder, within
from doclint.profiles.patterns import compile_pattern
from doclint.profiles.templates import FILE_INFORMATION, TEMPLATES
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


def _categories(builder: PageBuilder, template_id: str) -> list[KeywordCategory]:
    """The keywords of each category of the template's keyword section."""
    template = TEMPLATES[template_id]
    layer = builder.layer
    categories = []
    # The target of the first link of each line: reversed, so that it is the one kept.
    keyword_links = {link.line: link.target for link in reversed(layer.links)}
    # Keys computed once: a page may hold thousands of categories.
    item_lines = [item.line for item in layer.list_items]
    # Local names in the loop over what may be hundreds of thousands of entries.
    lines, first_line = builder.lines, builder.first_line
    name_of = compile_pattern(template.keyword_entry, template.builtin).match
    # The entry's opening ("**`"), the literal text before the name in the pattern.
    opening = _ESCAPED.sub(r"\1", template.keyword_entry.partition("(?P<name>")[0])
    shift = len(opening) + 1
    for sub in builder.subsections(builder.section(template.keyword_section)):
        entries = []
        for line, column, _, depth, text in within(layer.list_items, sub, item_lines):
            if depth or (match := name_of(text)) is None:
                continue
            column = lines[line - first_line].find(opening, column - 1) + shift
            entry = (line, column, match.group("name"), keyword_links.get(line))
            entries.append(build_node(KeywordEntry, entry))
        categories.append(
            KeywordCategory(line=sub.line, column=sub.column, heading=sub.title, entries=entries)
        )
    return categories
