"""DL2xx, keyword indexes: the entries of a keyword-index page against the
sources they point at.

`get_rules` imports the family's rule modules when the registry asks for them.
"""

from __future__ import annotations

from typing import Any

from doclint.rule_api import Rule


def get_rules() -> list[type[Rule[Any]]]:
    """The family's rules, by code."""
    from .declared_only import DeclaredOnly
    from .keyword_as_class import KeywordAsClass
    from .phantom_keyword import PhantomKeyword
    from .prose_keyword import ProseKeyword
    from .stopword_keyword import StopwordKeyword

    return [KeywordAsClass, StopwordKeyword, PhantomKeyword, ProseKeyword, DeclaredOnly]
