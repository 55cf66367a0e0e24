"""DL6xx, coverage of the tree: which files a tree documents, and which pages
document nothing or something gone.

`get_rules` imports the family's rule modules when the registry asks for them.
"""

from __future__ import annotations

from typing import Any

from doclint.rule_api import Rule


def get_rules() -> list[type[Rule[Any]]]:
    """The family's rules, by code."""
    from .doc_of_doc import DocOfDoc
    from .orphan_doc import OrphanDoc
    from .stale_page import StalePage
    from .undocumented_file import UndocumentedFile

    return [OrphanDoc, UndocumentedFile, DocOfDoc, StalePage]
