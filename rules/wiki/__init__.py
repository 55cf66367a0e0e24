"""DL8xx, wiki pages: the claims of a wiki's pages (DeepWiki's): citations of
sources, source lists, names, diagrams and the generator's own markup.

`get_rules` imports the family's rule modules when the registry asks for them,
as every run does, for each rule's class. What reads a wiki's claims and the
project's names (`_wiki`, `_common.project_names`, and the wikis' models they
bring) is imported by the functions that use it, not at a rule module's top:
a run that meets no wiki page loads none of it (`tests/test_startup.py`).
"""

from __future__ import annotations

from typing import Any

from doclint.rule_api import Rule


def get_rules() -> list[type[Rule[Any]]]:
    """The family's rules, by code."""
    from .cited_file_missing import CitedFileMissing
    from .cited_lines_changed import CitedLinesChanged
    from .generator_markup import GeneratorMarkup
    from .malformed_citation import MalformedCitation
    from .mermaid_invalid import MermaidInvalid
    from .name_not_in_cited_lines import NameNotInCitedLines
    from .name_not_in_code import NameNotInCode
    from .range_outside_file import RangeOutsideFile
    from .site_link_to_local_page import SiteLinkToLocalPage
    from .source_list_missing import SourceListMissing
    from .subject_not_in_cited_lines import SubjectNotInCitedLines

    return [
        CitedFileMissing,
        RangeOutsideFile,
        CitedLinesChanged,
        MalformedCitation,
        SourceListMissing,
        NameNotInCode,
        NameNotInCitedLines,
        SiteLinkToLocalPage,
        MermaidInvalid,
        GeneratorMarkup,
        SubjectNotInCitedLines,
    ]
