"""The headings the generator's templates write, per kind of page.

Keys are level-2 headings; values are the level-3 headings allowed under them
(None: any level-3 heading, as in a subtree index's keyword groups). The
headings the parser reads parts from are named, so that it uses these very
strings.
"""

from __future__ import annotations

from doclint.models.generated import DocKind

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
FILES = "Files"
SUBFOLDERS = "Subfolders"
CONTENTS_OVERVIEW = "Contents Overview"
FOLDER_STRUCTURE = "Folder Structure"
KEY_FILES = "Key Files"
KEYWORDS = "Keywords"

Outline = dict[str, frozenset[str] | None]

OUTLINES: dict[DocKind, Outline] = {
    DocKind.FILE_DOCS: {
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
    },
    DocKind.KEYWORD_INDEX: {
        FILE_INFORMATION: frozenset(),
        KEYWORDS_EXTRACTED: frozenset({"Classes", "Functions", "Imports", "Identifiers"}),
        "Keyword \u2192 Section Map": frozenset(),
    },
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
