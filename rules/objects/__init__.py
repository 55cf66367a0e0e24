"""DL7xx, objects and relations: the claims of a profiled generator's object
pages (RepoAgent's) about their sources: objects, signatures, parameters,
callers and relations.

`get_rules` imports the family's rule modules when the registry asks for them,
as every run does, for each rule's class. These rules judge only the pages
of a layout profile's docs folder (`Origin.PROFILE`), which most runs never
meet: a rule module imports the family's helpers (`_sources`,
`_common.project`, `_hierarchy`, `_outside_bases`) in the functions that use
them, not at its top, so that a run that judges no such page loads none of
them (`tests/test_startup.py`).
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
