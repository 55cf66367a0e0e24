"""DL3xx, claims of file documentation: what a file's page says of the file:
its kind, metadata, counts, dependencies, run commands and sentences.

`get_rules` imports the family's rule modules when the registry asks for them.
"""

from __future__ import annotations

from typing import Any

from doclint.rule_api import Rule


def get_rules() -> list[type[Rule[Any]]]:
    """The family's rules, by code."""
    from .bogus_dependency import BogusDependency
    from .count_mismatch import CountMismatch
    from .metadata_mismatch import MetadataMismatch
    from .misclassified_file import MisclassifiedFile
    from .nonsense_run_command import NonsenseRunCommand
    from .unknown_sentence import UnknownSentence

    return [
        NonsenseRunCommand,
        MisclassifiedFile,
        MetadataMismatch,
        CountMismatch,
        BogusDependency,
        UnknownSentence,
    ]
