"""The templates the generator writes, described once, as data.

A template is what one generator version writes for one kind of source: the
titles of its pages, the headings of each kind of page (level-2 headings and
the level-3 headings allowed under each), the bold summary lines and count
sentences of a file documentation, the metadata labels, the fixed prose and
the footer, the languages whose sources it documents (`languages.py`: their
extensions choose the template, their metadata Types are its own) and what
its pages claim that the rules can prove. The parser reads pages with it,
`unknown-heading` judges headings against it, the stop-word rule takes the
generator's own words from it, and each rule asks it what its pages claim
(`Template.dependencies`, `Template.proven_by`...), never which template it
is: a new template version is a new entry here.

Ids: "python" (the Python sources, and the template of folder pages and the
start page, which are the same for every kind), "cpp" (C, C++ and CUDA),
"identifiers" (every other kind: a keyword index of capitalised words),
"repo-book-v1" (the older "Repo Book Generator v1.0", recognised by its titles
whatever the source), and "" for a page no generator wrote.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import cache, cached_property
from typing import Any, Literal

from doclint.models.generated import DocKind
from doclint.models.languages import LANGUAGES

# Headings the parser reads parts from, named so that it uses these strings.
FILE_METADATA = "File Metadata"
FILE_PURPOSE = "File Purpose"
ORIGINAL_SOURCE = "Original Source"
HIGH_LEVEL_OVERVIEW = "High-Level Overview"
CODE_STRUCTURE = "Code Structure"
IMPORT_DEPENDENCIES = "Import Dependencies"
TESTING = "Testing"
RELATED_FILES = "Related Files"
FILE_INFORMATION = "File Information"
KEYWORDS_EXTRACTED = "Keywords Extracted"
KEYWORD_INDEX = "Keyword Index"
KEY_COMPONENTS = "Key Components"
FILES = "Files"
SUBFOLDERS = "Subfolders"
CONTENTS_OVERVIEW = "Contents Overview"
FOLDER_STRUCTURE = "Folder Structure"
KEY_FILES = "Key Files"
KEYWORDS = "Keywords"

Outline = dict[str, frozenset[str] | None]
"""Level-2 headings, each with the level-3 headings allowed under it (None: any)."""


@dataclass(frozen=True)
class CountSentence:
    """A sentence of a file documentation that claims counts: `pattern` has one
    group per number, and `counts` says what each group counts."""

    section: str
    pattern: str
    counts: tuple[str, ...]
    approximate: bool = False
    """The sentence says its counts are approximate ("contains approximately N")."""


@dataclass(frozen=True)
class Template:
    """What one generator version writes for one kind of source."""

    id: str
    description: str
    footer: str
    titles: dict[DocKind, str]
    """Per kind of page, the pattern of its title line; group `path` is the
    documented path (`name` instead when the title gives the file name only)."""
    outlines: dict[DocKind, Outline]
    languages: tuple[str, ...] = ()
    """The languages (`LANGUAGES`) whose sources the generator documents in
    this template, chosen by their extensions (none: chosen by title)."""
    fallback: bool = False
    """The template of its generator for every language and extension no
    other template of that generator (same footer) claims."""
    other_types: tuple[str, ...] = ()
    """Metadata `Type` values it writes besides its languages' own."""
    keyword_section: str = KEYWORDS_EXTRACTED
    keyword_entry: str = r"\*\*`(?P<name>[^`]*)`\*\*"
    """The pattern of a keyword entry's text in a keyword index: literal text
    (the entry's opening), then the group `name`."""
    identifier_lists: frozenset[str] | None = frozenset({"Identifiers"})
    """The lists of its keyword index the generator fills with every
    capitalised word of the file, not from syntax (`class X`, `#include`);
    None: every list."""
    summary_lines: dict[str, str] = field(default_factory=dict)
    """Bold labels of the Code Structure lines, each with the FileDocs field it fills."""
    guessed_summary_lines: bool = False
    """The summary lines' names come from the generator's regex (judged like
    keyword entries), not from a parser."""
    count_sentences: tuple[CountSentence, ...] = ()
    dependencies: Literal["imports", "includes"] | None = None
    """What its Import Dependencies list claims: modules the source imports,
    or paths it `#include`s; None: it claims none."""
    proven_by: str | None = None
    """The language whose reader proves what its file documentations claim of
    the source (definitions, counts, dependencies); None: nothing is proven."""
    metadata_labels: tuple[str, ...] = ("Path", "Size", "Type", "Extension")
    prose: tuple[str, ...] = ()
    """Fixed sentences and labels the generator writes on pages of this template
    whatever the source (not the lines it writes for some paths only)."""
    spellings: dict[str, str] = field(default_factory=dict)
    """Words of its data the generator misspells on its pages ("Classes" is
    written "### Classs"), with the spelling written."""

    @cached_property
    def documented_languages(self) -> tuple[str, ...]:
        """Its languages; for a fallback template, also every language no other
        template of its generator claims."""
        if not self.fallback:
            return self.languages
        claimed = {
            language
            for template in TEMPLATES.values()
            if template.footer == self.footer
            for language in template.languages
        }
        return (*self.languages, *(name for name in LANGUAGES if name not in claimed))

    @cached_property
    def extensions(self) -> tuple[str, ...]:
        """Source extensions whose pages are in this template: its languages' endings."""
        return tuple(
            suffix
            for language in self.documented_languages
            for suffix in LANGUAGES[language].suffixes
        )

    @cached_property
    def source_types(self) -> tuple[str, ...]:
        """Values of the metadata `Type` line: its languages' and its own, each once."""
        languages = self.documented_languages
        types = [kind for language in languages for kind in LANGUAGES[language].types]
        return tuple(dict.fromkeys([*types, *self.other_types]))


_SYSTEM_TITLES: dict[DocKind, str] = {
    DocKind.FOLDER_DOC: r"Documentation: `(?P<path>[^`]*)/`",
    DocKind.FILE_DOCS: r"Documentation: `(?P<path>[^`]+)`",
    DocKind.KEYWORD_INDEX: r"Keyword Index: `(?P<path>[^`]+)`",
    DocKind.FOLDER_INDEX: r"Index: `(?P<path>[^`]*)/`",
    DocKind.SUBTREE_INDEX: r"Subtree Keyword Index: `(?P<path>[^`]*)/`",
    DocKind.ROOT_INDEX: r"PyTorch Repository Documentation(?P<path>)",
}
_SYSTEM_FOOTER = "Generated by PyTorch Repository Documentation System"
_SYSTEM_FILE_DOCS: Outline = {
    FILE_METADATA: frozenset(),
    FILE_PURPOSE: frozenset(),
    ORIGINAL_SOURCE: frozenset(),
    HIGH_LEVEL_OVERVIEW: frozenset(),
    "Detailed Analysis": frozenset({CODE_STRUCTURE}),
    "Architecture & Design": frozenset({"Role in PyTorch Architecture"}),
    "Dependencies": frozenset({IMPORT_DEPENDENCIES}),
    "Code Patterns & Idioms": frozenset({"Common Patterns"}),
    "Performance Considerations": frozenset({"Performance Notes"}),
    "Security & Safety": frozenset({"Security Considerations"}),
    "Testing & Usage": frozenset({TESTING, "Usage Examples"}),
    RELATED_FILES: frozenset({RELATED_FILES}),
    "Cross-References": frozenset(),
}
_SYSTEM_FOLDER_PAGES: dict[DocKind, Outline] = {
    DocKind.FOLDER_INDEX: {
        "Overview": frozenset(),
        SUBFOLDERS: frozenset(),
        FILES: frozenset(),
        "Navigation": frozenset(),
    },
    DocKind.FOLDER_DOC: {
        "Role in PyTorch": frozenset(),
        CONTENTS_OVERVIEW: frozenset(),
        "Key Concepts": frozenset(),
        "Architecture & Organization": frozenset({FOLDER_STRUCTURE}),
        "Important Files": frozenset({KEY_FILES}),
        "Working with This Folder": frozenset({"Development Workflow"}),
        "Cross-References": frozenset({"Related Documentation"}),
    },
    DocKind.SUBTREE_INDEX: {
        "Scope": frozenset(),
        KEYWORDS: None,
    },
    DocKind.ROOT_INDEX: {
        "Welcome": frozenset(),
        "Repository Overview": frozenset(),
        "Documentation Structure": frozenset(
            {"Global Resources", "Folder-by-Folder Documentation", "File-by-File Documentation"}
        ),
        "Repository Structure": frozenset({"Top-Level Folders"}),
        "How to Use This Documentation": frozenset(),
        "Quick Links": frozenset({"Core Components", "Development"}),
    },
}
_SYSTEM_PROSE = (
    # the keyword index
    "Original File",
    "Documentation",
    "Folder",
    "This file contains the following key identifiers, symbols, and concepts:",
    "The following sections in the documentation cover these topics:",
    "Basic file information",
    "Complete source code",
    "Purpose and role",
    "In-depth code analysis",
    "Design patterns and structure",
    "Related modules and imports",
    "Efficiency and optimization",
    "Security analysis",
    "How to use and test",
    # the file documentation
    "This file is part of the PyTorch framework located at",
    "For complete code details, see the Original Source section above.",
    "This file is located in",
    "No specific patterns automatically detected.",
    "This file appears to involve GPU/parallel computing capabilities.",
    "Implements or uses caching mechanisms.",
    "May involve JIT compilation or compilation optimizations.",
    "Detailed performance analysis requires profiling and benchmarking.",
    "No obvious security concerns detected in automated analysis.",
    "Manual security review is recommended for production code.",
    "Test files for this module may be located in the",
    "See the source code and related test files for usage examples.",
    "Files in the same folder",
    "File Documentation",
    "Keyword Index",
    "Folder Index",
    "Folder Documentation",
)
# The generator writes "Classes" as "Classs" (a naive plural of "Class").
_SYSTEM_SPELLINGS = {"Classes": "Classs"}


def _system_keyword_index(categories: frozenset[str]) -> Outline:
    return {
        FILE_INFORMATION: frozenset(),
        KEYWORDS_EXTRACTED: categories,
        "Keyword \u2192 Section Map": frozenset(),
    }


PYTHON = Template(
    id="python",
    description="Python sources (and the folder pages and start page of every kind)",
    footer=_SYSTEM_FOOTER,
    languages=("Python",),
    titles=_SYSTEM_TITLES,
    outlines={
        DocKind.FILE_DOCS: _SYSTEM_FILE_DOCS,
        DocKind.KEYWORD_INDEX: _system_keyword_index(
            frozenset({"Classes", "Functions", "Imports", "Identifiers"})
        ),
        **_SYSTEM_FOLDER_PAGES,
    },
    summary_lines={
        "Classes defined": "classes_defined",
        "Functions defined": "functions_defined",
        "Key imports": "key_imports",
    },
    # "class (\w+)" over the whole text: a docstring's `>>> class Net:` is listed
    guessed_summary_lines=True,
    count_sentences=(
        CountSentence(
            HIGH_LEVEL_OVERVIEW,
            r"contains (\d+) class\(es\) and (\d+) function\(s\)",
            ("class", "function"),
        ),
    ),
    dependencies="imports",
    proven_by="Python",
    spellings=_SYSTEM_SPELLINGS,
    prose=(
        *_SYSTEM_PROSE,
        "This Python file contains",
        "This file imports:",
        "No imports detected.",
        "This is a test file. Run it with:",
        "Uses classes and constructors",
        "Includes exception handling",
        "Uses autograd for gradient computation",
    ),
)
CPP = Template(
    id="cpp",
    description="C, C++ and CUDA sources",
    footer=_SYSTEM_FOOTER,
    languages=("C/C++",),
    titles=_SYSTEM_TITLES,
    outlines={
        DocKind.FILE_DOCS: _SYSTEM_FILE_DOCS,
        DocKind.KEYWORD_INDEX: _system_keyword_index(
            frozenset({"Class/Structs", "Functions", "Includes", "Namespaces"})
        ),
    },
    summary_lines={"Classes/Structs": "classes_defined", "Namespaces": "namespaces"},
    guessed_summary_lines=True,
    count_sentences=(
        CountSentence(
            HIGH_LEVEL_OVERVIEW,
            r"contains approximately (\d+) class\(es\)/struct\(s\) and (\d+) function\(s\)",
            ("class/struct", "function"),
            approximate=True,
        ),
    ),
    dependencies="includes",
    proven_by="C/C++",
    spellings=_SYSTEM_SPELLINGS,
    prose=(
        *_SYSTEM_PROSE,
        "This C++ file contains approximately",
        "This file includes:",
        "No includes detected.",
    ),
)
IDENTIFIERS = Template(
    id="identifiers",
    description="every other source kind: shell, CMake, JSON, YAML, Markdown, Java...",
    footer=_SYSTEM_FOOTER,
    fallback=True,
    titles=_SYSTEM_TITLES,
    outlines={
        DocKind.FILE_DOCS: _SYSTEM_FILE_DOCS,
        DocKind.KEYWORD_INDEX: _system_keyword_index(frozenset({"Identifiers"})),
    },
    # What it writes for a kind doclint has no language for: "Source File (.toml)".
    other_types=("Source File",),
    spellings=_SYSTEM_SPELLINGS,
    prose=(
        *_SYSTEM_PROSE,
        "This is a configuration file. See the original source for structure.",
        "Dependency analysis not applicable for this file type.",
    ),
)
REPO_BOOK_V1 = Template(
    id="repo-book-v1",
    description='the older "Repo Book Generator v1.0" template, for any source kind',
    footer="Generated by Repo Book Generator v1.0",
    titles={
        DocKind.FILE_DOCS: r"Documentation: (?P<name>[^`\s/]+)",
        DocKind.KEYWORD_INDEX: r"Keywords: (?P<name>[^`\s/]+)",
    },
    outlines={
        DocKind.FILE_DOCS: {
            FILE_METADATA: frozenset(),
            ORIGINAL_SOURCE: frozenset(),
            HIGH_LEVEL_OVERVIEW: frozenset(),
            "Detailed Walkthrough": frozenset(),
            KEY_COMPONENTS: frozenset(),
            "Usage & Examples": frozenset(),
            "Performance & Security Notes": frozenset(),
            RELATED_FILES: frozenset(),
            TESTING: frozenset(),
        },
        # Entries are grouped by their initial, upper-cased.
        DocKind.KEYWORD_INDEX: {
            KEYWORD_INDEX: frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_"),
        },
    },
    keyword_section=KEYWORD_INDEX,
    keyword_entry=r"\*\*(?P<name>[^*`]+)\*\*",
    identifier_lists=None,
    count_sentences=(
        CountSentence(
            KEY_COMPONENTS,
            r"The file contains (\d+) words across (\d+) lines",
            ("word", "line"),
        ),
    ),
    metadata_labels=("Path", "Size", "Lines", "Extension", "Type"),
    other_types=("Regular file",),
    prose=(
        "Identifier found in",
        "This file is part of the PyTorch repository. It is a source or configuration file.",
        "The file contains",
        "This file is part of the larger PyTorch codebase. For usage examples, refer to"
        " related test files and documentation.",
        "File size",
        "Complexity: Standard",
        "See the folder index for related files in the same directory.",
        "Refer to the PyTorch test suite for test coverage of this file.",
    ),
)

TEMPLATES: dict[str, Template] = {
    template.id: template for template in (PYTHON, CPP, IDENTIFIERS, REPO_BOOK_V1)
}
FOLDER_PAGES_TEMPLATE: Template = next(
    template for template in TEMPLATES.values() if DocKind.FOLDER_DOC in template.outlines
)
"""The template of the folder pages and the start page, whatever they document
(the Python template): the other templates take those kinds' outlines from it."""
OUTLINES: dict[DocKind, Outline] = FOLDER_PAGES_TEMPLATE.outlines
"""The outlines of the folder pages' template, which hold every folder page's."""
_CAPITALISED = re.compile(r"\b[A-Z][A-Za-z0-9_]*\b")
# Title words of each kind of page, as the title patterns write them.
_TITLE_WORD = re.compile(r"(?<![\\(?<])\b[A-Z][A-Za-z]+\b")


def source_kind(described: str) -> str:
    """The kind of source a documented path is, as the generator tells it: its
    extension ("CMakeLists.txt" is ".txt"); "" for a name without one."""
    name = described.rpartition("/")[2]
    return name[name.rfind(".") :] if "." in name else ""


def template_named(template_id: str) -> Template | None:
    """The template of a page's `template` id; None for a page no generator wrote."""
    return TEMPLATES.get(template_id)


def title_names_file_only(template_id: str) -> bool:
    """Whether the titles of a template name the documented file without its
    folder (the v1 titles: `# Documentation: return_types.pyi.in`), so that
    only the page's place or its Path line can tell the folder."""
    template = TEMPLATES.get(template_id)
    return template is not None and any("(?P<name>" in title for title in template.titles.values())


def template_for_source(described: str, written: Template | None = None) -> Template:
    """The template of the pages of a documented path in the generator that
    wrote `written` (by default the current one, the first template's): by
    extension, as the generator chooses it; its fallback template for any
    other; `written` itself for a generator that writes one template."""
    template = written or next(iter(TEMPLATES.values()))
    chosen, fallback = _choices(template.footer)
    return chosen.get(source_kind(described)) or fallback or template


@cache
def _choices(footer: str) -> tuple[dict[str, Template], Template | None]:
    """The template of each extension a template of one generator (one
    footer) claims, the first to claim it keeping it; and its fallback."""
    generator = [template for template in TEMPLATES.values() if template.footer == footer]
    chosen = {
        extension: template for template in reversed(generator) for extension in template.extensions
    }
    return chosen, next((template for template in generator if template.fallback), None)


def allowed_headings(template_id: str, kind: DocKind) -> Outline | None:
    """The outline a page of `kind` in template `template_id` may have; None
    for a kind the template does not write, or a page of no template."""
    template = TEMPLATES.get(template_id)
    if template is None:
        return None
    if kind in template.outlines:
        return template.outlines[kind]
    return FOLDER_PAGES_TEMPLATE.outlines.get(kind)


@cache
def template_words(template_id: str) -> frozenset[str]:
    """The capitalised words the generator itself writes on pages of a
    template: its headings, titles, labels, source types, prose and footer,
    split as the generator's identifier regex splits them ("High-Level"
    gives "High" and "Level"), each as the generator spells it."""
    template = TEMPLATES[template_id]
    texts: list[str] = [template.footer, *template.metadata_labels, *template.source_types]
    texts += [*template.summary_lines, *template.prose]
    for title in template.titles.values():
        texts.extend(_TITLE_WORD.findall(title))
    for outline in template.outlines.values():
        for section, subsections in outline.items():
            texts.append(section)
            texts.extend(heading for heading in subsections or () if len(heading) > 1)
    words = {word for text in texts for word in _CAPITALISED.findall(text)}
    return frozenset(
        words | {spelled for word, spelled in template.spellings.items() if word in words}
    )


def describe_templates() -> dict[str, Any]:
    """The templates as JSON data, for `doclint schema`."""
    return {
        template.id: {
            "description": template.description,
            "footer": template.footer,
            "languages": list(template.documented_languages),
            "fallback": template.fallback,
            "extensions": list(template.extensions),
            "titles": {kind.value: pattern for kind, pattern in template.titles.items()},
            "outlines": {
                kind.value: {
                    section: sorted(subsections) if subsections is not None else None
                    for section, subsections in outline.items()
                }
                for kind, outline in template.outlines.items()
            },
            "keyword_section": template.keyword_section,
            "keyword_entry": template.keyword_entry,
            "identifier_lists": (
                sorted(template.identifier_lists) if template.identifier_lists is not None else None
            ),
            "summary_lines": template.summary_lines,
            "guessed_summary_lines": template.guessed_summary_lines,
            "count_sentences": [
                {
                    "section": s.section,
                    "pattern": s.pattern,
                    "counts": list(s.counts),
                    "approximate": s.approximate,
                }
                for s in template.count_sentences
            ],
            "dependencies": template.dependencies,
            "proven_by": template.proven_by,
            "metadata_labels": list(template.metadata_labels),
            "source_types": list(template.source_types),
            "prose": list(template.prose),
            "spellings": template.spellings,
        }
        for template in TEMPLATES.values()
    }
