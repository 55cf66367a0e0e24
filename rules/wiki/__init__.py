"""DL8xx, wiki pages: the claims of a wiki's pages (DeepWiki's): citations of
sources, source lists, names, diagrams and the generator's own markup.

`get_rules` imports the family's rule modules when the registry asks for them.
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
    ]
