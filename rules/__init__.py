"""The built-in rules of doclint, one module per rule, and their table of codes.

Installed as the `doclint_rules` package. The registry loads the rules of
`CODES`; third-party rules plug in through the `doclint.rules` entry-point
group. The engine's own diagnostics (DL0xx) are in `doclint.engine.builtin_rules`.
"""

from __future__ import annotations

from typing import NamedTuple


class Code(NamedTuple):
    """One built-in rule: its code and name, and the class (`module:Class`,
    in this package) that implements it and carries the same code and name."""

    code: str
    name: str
    rule: str


# Every built-in rule, by code. Families: DL1xx page structure, DL2xx keyword
# indexes, DL3xx claims of file documentation, DL4xx links, DL5xx text
# encoding, DL6xx coverage of the tree, DL7xx claims of a profiled generator's
# pages (doclint/profiles/) about their sources.
CODES: tuple[Code, ...] = (
    Code("DL101", "unknown-heading", "unknown_heading:UnknownHeading"),
    Code("DL102", "broken-fence", "broken_fence:BrokenFence"),
    Code("DL103", "placeholder-section", "placeholder_section:PlaceholderSection"),
    Code("DL201", "keyword-as-class", "keyword_as_class:KeywordAsClass"),
    Code("DL202", "stopword-keyword", "stopword_keyword:StopwordKeyword"),
    Code("DL203", "phantom-keyword", "phantom_keyword:PhantomKeyword"),
    Code("DL204", "prose-keyword", "prose_keyword:ProseKeyword"),
    Code("DL205", "declared-only", "declared_only:DeclaredOnly"),
    Code("DL301", "nonsense-run-command", "nonsense_run_command:NonsenseRunCommand"),
    Code("DL302", "misclassified-file", "misclassified_file:MisclassifiedFile"),
    Code("DL303", "metadata-mismatch", "metadata_mismatch:MetadataMismatch"),
    Code("DL304", "count-mismatch", "count_mismatch:CountMismatch"),
    Code("DL305", "bogus-dependency", "bogus_dependency:BogusDependency"),
    Code("DL306", "unknown-sentence", "unknown_sentence:UnknownSentence"),
    Code("DL401", "broken-link", "broken_link:BrokenLink"),
    Code("DL402", "broken-anchor", "broken_anchor:BrokenAnchor"),
    Code("DL403", "misplaced-page", "misplaced_page:MisplacedPage"),
    Code("DL404", "link-escapes-root", "link_escapes_root:LinkEscapesRoot"),
    Code("DL501", "mojibake", "mojibake:Mojibake"),
    Code("DL502", "replacement-character", "replacement_character:ReplacementCharacter"),
    Code("DL601", "orphan-doc", "orphan_doc:OrphanDoc"),
    Code("DL602", "undocumented-file", "undocumented_file:UndocumentedFile"),
    Code("DL603", "doc-of-doc", "doc_of_doc:DocOfDoc"),
    Code("DL604", "stale-page", "stale_page:StalePage"),
    Code("DL701", "missing-object", "missing_object:MissingObject"),
    Code("DL702", "signature-mismatch", "signature_mismatch:SignatureMismatch"),
    Code("DL703", "unknown-parameter", "unknown_parameter:UnknownParameter"),
    Code("DL704", "undocumented-object", "undocumented_object:UndocumentedObject"),
    Code("DL705", "wrong-caller", "wrong_caller:WrongCaller"),
    Code("DL706", "ungenerated-doc", "ungenerated_doc:UngeneratedDoc"),
    Code("DL707", "truncated-page", "truncated_page:TruncatedPage"),
    Code("DL708", "undocumented-module", "undocumented_module:UndocumentedModule"),
    Code("DL709", "orphan-page", "orphan_page:OrphanPage"),
)
