"""DL7xx, objects and relations: the claims of a profiled generator's object
pages (RepoAgent's) about their sources: objects, signatures, parameters,
callers and relations.

`get_rules` imports the family's rule modules when the registry asks for them.
"""

from __future__ import annotations

from typing import Any

from doclint.rule_api import Rule


def get_rules() -> list[type[Rule[Any]]]:
    """The family's rules, by code."""
    from .invented_section import InventedSection
    from .missing_object import MissingObject
    from .orphan_page import OrphanPage
    from .signature_mismatch import SignatureMismatch
    from .truncated_page import TruncatedPage
    from .undocumented_module import UndocumentedModule
    from .undocumented_object import UndocumentedObject
    from .ungenerated_doc import UngeneratedDoc
    from .unknown_parameter import UnknownParameter
    from .wrong_caller import WrongCaller
    from .wrong_relation import WrongRelation

    return [
        MissingObject,
        SignatureMismatch,
        UnknownParameter,
        UndocumentedObject,
        WrongCaller,
        UngeneratedDoc,
        TruncatedPage,
        UndocumentedModule,
        OrphanPage,
        WrongRelation,
        InventedSection,
    ]
