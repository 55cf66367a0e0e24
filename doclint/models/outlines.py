"""The headings the generator's templates write, per kind of page.

Keys are level-2 headings; values are the level-3 headings allowed under them
(None: any level-3 heading, as in a subtree index's keyword groups).
"""

from __future__ import annotations

from doclint.models.generated import DocKind

Outline = dict[str, frozenset[str] | None]

OUTLINES: dict[DocKind, Outline] = {
    DocKind.FILE_DOCS: {
        "File Metadata": frozenset(),
        "File Purpose": frozenset(),
        "Original Source": frozenset(),
        "High-Level Overview": frozenset(),
        "Detailed Analysis": frozenset({"Code Structure"}),
        "Architecture & Design": frozenset({"Role in PyTorch Architecture"}),
        "Dependencies": frozenset({"Import Dependencies"}),
        "Code Patterns & Idioms": frozenset({"Common Patterns"}),
        "Performance Considerations": frozenset({"Performance Notes"}),
        "Security & Safety": frozenset({"Security Considerations"}),
        "Testing & Usage": frozenset({"Testing", "Usage Examples"}),
        "Related Files": frozenset({"Related Files"}),
        "Cross-References": frozenset(),
    },
    DocKind.KEYWORD_INDEX: {
        "File Information": frozenset(),
        "Keywords Extracted": frozenset({"Classes", "Functions", "Imports", "Identifiers"}),
        "Keyword \u2192 Section Map": frozenset(),
    },
    DocKind.FOLDER_INDEX: {
        "Overview": frozenset(),
        "Subfolders": frozenset(),
        "Files": frozenset(),
        "Navigation": frozenset(),
    },
    DocKind.FOLDER_DOC: {
        "Role in PyTorch": frozenset(),
        "Contents Overview": frozenset(),
        "Key Concepts": frozenset(),
        "Architecture & Organization": frozenset({"Folder Structure"}),
        "Important Files": frozenset({"Key Files"}),
        "Working with This Folder": frozenset({"Development Workflow"}),
        "Cross-References": frozenset({"Related Documentation"}),
    },
    DocKind.SUBTREE_INDEX: {
        "Scope": frozenset(),
        "Keywords": None,
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
