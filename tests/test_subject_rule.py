"""The subject of a citation read from its page, and subject-not-in-cited-lines
(DL811) judging it at the cited lines (issue 92): the reader on each form of
page, the rule's finding, its fix and its silences, and its figures on the
four labelled trees of tests/labels/subjects_*/, held exactly."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from doclint import Settings, check_paths
from doclint.models.findings import FixSafety
from doclint.parsing.subjects import page_subjects, text_words
from tests.conftest import require_shared


def _cited(path: str, lines: str) -> str:
    """A citation of `path`'s `lines` ("3-5") as wikis write it: `[path:3-5](path#L3-L5)`."""
    return f"[{path}:{lines}]({path}#L{lines.replace('-', '-L')})"


def _terms(page: str, line: int, column: int = 1) -> tuple[str, list[str]]:
    subject = page_subjects(page.split("\n")).subject(line, column)
    return subject.source, [term.text for term in subject.terms]


def test_a_sources_line_takes_the_section_it_closes() -> None:
    page = "\n".join(
        [
            "## Reserving",
            "",
            "The `reserve()` handler sets `reservedBy` to the user.",
            "",
            "**Sources:** [src/game.ts L18-L40](src/game.ts#L18-L40)",
            "",
            " [src/game.ts L41-L44](src/game.ts#L41-L44)",
        ]
    )
    assert _terms(page, 5, 14) == ("section", ["reserve()", "reservedBy"])
    # A link a line after the sources line belongs to its list.
    assert _terms(page, 7, 2) == ("section", ["reserve()", "reservedBy"])


def test_a_diagram_is_never_the_subject_its_section_s_heading_is() -> None:
    diagram = ["## Flow", "", "```mermaid", "flowchart TD", "  A[SSHShell] --> B[Engine]", "```"]
    sources = "Sources: [a.swift:3-4](a.swift#L3-L4)"
    # Prose saying in words what the diagram shows: nothing to compare.
    worded = [*diagram, "", "Input goes to the remote shell and back.", sources]
    assert _terms("\n".join(worded), 9, 10) == ("section", [])
    # No prose: the heading's names, not the diagram's labels.
    assert _terms("\n".join([*diagram, "", sources]), 8, 10) == ("heading", [])
    named = ["## The `SSHSession` flow", *diagram[1:], "", sources]
    assert _terms("\n".join(named), 8, 10) == ("heading", ["SSHSession"])


def test_a_row_an_item_and_a_sentence_are_read_first() -> None:
    page = "\n".join(
        [
            "# Config",
            "",
            "| `parse_config` | reads it | [config.py:12-15](config.py#L12-L15) |",
            "",
            "- The `MAX_RETRIES` env var (`retry.py:4`) and `--dry-run`.",
            "",
            'The route `/api/send` posts "hello world". Then `load(path)` (`store.py:742`).',
        ]
    )
    assert _terms(page, 3) == ("row", ["parse_config"])
    assert _terms(page, 5) == ("item", ["MAX_RETRIES", "--dry-run"])
    assert _terms(page, 7, 60) == ("sentence", ["load(path)"])
    assert _terms(page, 7, 1) == ("sentence", ["/api/send", '"hello world"'])


def test_names_joined_by_a_slash_in_prose_are_each_a_name() -> None:
    page = "Keys stay on iOS/macOS (`a.swift:3`) under Sources/SSHCore/Keys (`b:2`)."
    # A path of three parts keeps its slashes: none of its parts is a name.
    assert _terms(page, 1) == ("sentence", ["iOS", "macOS"])


def test_a_front_matter_citation_takes_the_front_matter_s_name() -> None:
    page = "---\nname: parse_config\nsource: config.py:12-15\n---\n# Config\n"
    assert _terms(page, 3, 9) == ("front matter", ["parse_config"])


def test_an_item_in_words_is_not_widened_to_its_list() -> None:
    page = "\n".join(
        [
            "- `enrich_docs` runs first (`a.rs:3`)",
            "- the manual loop counter (`footnotes.rs:39`)",
            "- **Implementation:** [src/game.ts L62-L74](src/game.ts#L62-L74)",
        ]
    )
    # Words only: nothing a word of code can show, and not its list's names.
    assert _terms(page, 2) == ("item", [])
    # A label and a citation: the list's names.
    assert _terms(page, 3) == ("list", ["enrich_docs"])


def test_a_term_of_several_parts_is_shown_inside_a_longer_identifier() -> None:
    from doclint.parsing.subjects import Subject, terms_of

    def shows(named: str, lines: str) -> bool:
        return Subject(terms_of(named), "sentence").shown_by(lines)

    assert shows("The `WireGuard` profiles", "struct WireGuardProfileListView: View {")
    assert shows("The `field_list` helper", "fn emit_field_list(out: &mut Vec<Node>)")
    # A term of one part is shown by a part: `cache` by `enableCache`
    # (DeepWiki names a section's subject so), `sort` by `sortState`.
    assert shows("The `cache` of the repo", "enableCache(): void {")
    assert shows("Lists follow the `sort` order", "const [sortState, setSortState] = useState()")
    # A run needs its parts whole; an acronym of the prose needs a whole word.
    assert not shows("The `WireGuard` profiles", "let wireguarded = WireGuarded()")
    assert not shows("Wake-on-LAN over the LAN", "enum WakeOnLan {")
    assert shows("Wake-on-LAN over the LAN", "let lan = broadcast")


SOURCE = (
    'import { readFileSync } from "fs";\n'
    'import { join } from "path";\n'
    "\n"
    "// Reads the project's settings.\n"
    "export function parseConfig(path: string): string {\n"
    "  const text = readFileSync(join(path), 'utf8');\n"
    "  return text;\n"
    "}\n"
)


def _found(tmp_path: Path, page: str) -> list[tuple[int, str, str, FixSafety | None]]:
    (tmp_path / "src").mkdir(exist_ok=True)
    (tmp_path / "src" / "config.ts").write_text(SOURCE)
    (tmp_path / "design.md").write_text(page)
    settings = Settings(select=["DL811"], root=tmp_path, cache=False)
    report = check_paths([tmp_path / "design.md"], settings)
    return [
        (
            d.line,
            d.cause.id if d.cause else "",
            d.message,
            d.fix.applicability if d.fix else None,
        )
        for d in report.diagnostics
    ]


def test_lines_showing_none_of_the_subject_are_reported_with_where_it_is(tmp_path: Path) -> None:
    found = _found(tmp_path, "# Design\n\n`parseConfig` reads the file (`src/config.ts:1-2`).\n")
    assert found == [
        (
            3,
            "subject-not-in-cited-lines/elsewhere",
            "the sentence names `parseConfig`, at `parseConfig` defined at 5-8; "
            'lines 1-2 hold `import { readFileSync } from "fs";`',
            FixSafety.SAFE,
        )
    ]


def test_a_subject_the_file_never_shows_is_a_cause_of_its_own(tmp_path: Path) -> None:
    found = _found(tmp_path, "# Design\n\n`loadSettings` reads the file (`src/config.ts:1-2`).\n")
    assert [(cause, fix) for _, cause, _, fix in found] == [
        ("subject-not-in-cited-lines/not-in-file", None)
    ]


def test_lines_showing_the_subject_or_beside_it_or_inside_it_are_not(tmp_path: Path) -> None:
    page = "\n".join(
        [
            "# Design",
            "",
            "`parseConfig` reads the file (`src/config.ts:5-8`).",
            # The comment above the function: its name is on the next line.
            "`parseConfig` is documented (`src/config.ts:4`).",
            # Lines of its body, cited for the function.
            "`parseConfig` returns the text (`src/config.ts:7`).",
            # `parse_config` is shown by `parseConfig`: case and `_` aside.
            "The `parse_config` reader (`src/config.ts:5`).",
            # Words only: nothing to compare.",
            "The settings are read here (`src/config.ts:1-2`).",
        ]
    )
    assert _found(tmp_path, page + "\n") == []


# The rule's figures on the labelled trees: per set, with and without history,
# (right citations, right ones flagged, wrong ones, wrong ones found). The
# rule's page (docs/rules/DL811.md) states them.
FIGURES = {
    ("subjects_cubic_bastion", True): (95, 0, 48, 36),
    ("subjects_cubic_bastion", False): (95, 0, 48, 36),
    ("subjects_cubic_productdescriber", True): (108, 4, 62, 39),
    ("subjects_cubic_productdescriber", False): (108, 4, 62, 39),
    ("subjects_cubic_nous", True): (172, 9, 85, 45),
    ("subjects_cubic_nous", False): (172, 9, 85, 45),
    ("subjects_cubic_arena", True): (114, 4, 41, 20),
    ("subjects_cubic_arena", False): (114, 4, 41, 20),
    ("subjects_deepwiki_modularmonolith", True): (192, 0, 2, 0),
    ("subjects_deepwiki_modularmonolith", False): (192, 0, 2, 0),
    ("subjects_deepwiki_kanstack", True): (179, 2, 7, 2),
    ("subjects_deepwiki_kanstack", False): (179, 2, 7, 2),
    ("subjects_deepwiki_dnschecker", True): (92, 4, 1, 1),
    ("subjects_deepwiki_dnschecker", False): (92, 0, 1, 0),
    ("subjects_deepwiki_restate", True): (92, 0, 0, 0),
    ("subjects_deepwiki_restate", False): (92, 0, 0, 0),
    ("subjects_handwritten_cfdb", True): (116, 0, 9, 7),
    ("subjects_handwritten_cfdb", False): (116, 29, 9, 8),
    ("subjects_handwritten_tmi", True): (85, 5, 7, 3),
    ("subjects_handwritten_tmi", False): (85, 21, 7, 3),
    ("subjects_qoder_pyoffice", True): (80, 0, 5, 2),
    ("subjects_qoder_pyoffice", False): (80, 8, 5, 2),
    ("subjects_qoder_vandamme", True): (160, 1, 13, 7),
    ("subjects_qoder_vandamme", False): (160, 7, 13, 8),
    ("subjects_qoder_landingzone", True): (184, 2, 6, 1),
    ("subjects_qoder_landingzone", False): (184, 2, 6, 1),
    ("subjects_qoder_octalfoundry", True): (108, 0, 18, 0),
    ("subjects_qoder_octalfoundry", False): (108, 0, 18, 0),
    ("subjects_tarball_readabilityrs", True): (42, 1, 33, 26),
    ("subjects_tarball_readabilityrs", False): (42, 1, 33, 26),
}


# The same with every rule on by default beside DL811, as a user selecting it
# runs doclint: a range past its file's end (range-outside-file) and a file
# named without its folder are found so on the cubic wiki; with history the
# drift rules flag right citations whose lines changed since they were
# written (right as written, stale now). A finding on an unjudged
# citation (a range wholly past its file's end, a file the commit lacks) is
# that citation's, not the next labelled one's on its line. A habit said once
# a page (ranges running one line past their file's end) stands on its first
# citation only.
FIGURES_WITH_DEFAULTS = {
    ("subjects_cubic_bastion", True): (95, 5, 48, 38),
    ("subjects_cubic_bastion", False): (95, 0, 48, 38),
    ("subjects_cubic_productdescriber", True): (108, 8, 62, 40),
    ("subjects_cubic_productdescriber", False): (108, 8, 62, 40),
    ("subjects_cubic_nous", True): (172, 19, 85, 50),
    ("subjects_cubic_nous", False): (172, 19, 85, 50),
    ("subjects_cubic_arena", True): (114, 8, 41, 23),
    ("subjects_cubic_arena", False): (114, 8, 41, 23),
    ("subjects_deepwiki_modularmonolith", True): (192, 4, 2, 0),
    ("subjects_deepwiki_modularmonolith", False): (192, 0, 2, 0),
    ("subjects_deepwiki_kanstack", True): (179, 11, 7, 2),
    ("subjects_deepwiki_kanstack", False): (179, 11, 7, 2),
    ("subjects_deepwiki_dnschecker", True): (92, 9, 1, 1),
    ("subjects_deepwiki_dnschecker", False): (92, 5, 1, 0),
    ("subjects_deepwiki_restate", True): (92, 38, 0, 0),
    ("subjects_deepwiki_restate", False): (92, 0, 0, 0),
    ("subjects_handwritten_cfdb", True): (116, 69, 9, 8),
    ("subjects_handwritten_cfdb", False): (116, 36, 9, 8),
    ("subjects_handwritten_tmi", True): (85, 56, 7, 6),
    ("subjects_handwritten_tmi", False): (85, 21, 7, 3),
    ("subjects_qoder_pyoffice", True): (80, 25, 5, 2),
    ("subjects_qoder_pyoffice", False): (80, 10, 5, 2),
    ("subjects_qoder_vandamme", True): (160, 80, 13, 13),
    ("subjects_qoder_vandamme", False): (160, 30, 13, 8),
    ("subjects_qoder_landingzone", True): (184, 6, 6, 1),
    ("subjects_qoder_landingzone", False): (184, 6, 6, 1),
    ("subjects_qoder_octalfoundry", True): (108, 16, 18, 11),
    ("subjects_qoder_octalfoundry", False): (108, 16, 18, 11),
    ("subjects_tarball_readabilityrs", True): (42, 1, 33, 26),
    ("subjects_tarball_readabilityrs", False): (42, 1, 33, 26),
}


# Of the right citations flagged, those whose cited lines in the tree checked
# are not the lines they were judged at (DL811 alone, with the defaults): a
# bundled or cloned tree checked without history is its newest commit, and the pages
# were written earlier. Every right citation DL811 flags there and not with
# history is one of them: right when written, stale now.
CHANGED_SINCE_JUDGED = {
    ("subjects_handwritten_cfdb", False): (29, 36),
    ("subjects_handwritten_tmi", False): (18, 18),
    ("subjects_qoder_pyoffice", False): (8, 8),
    ("subjects_qoder_vandamme", False): (7, 24),
}


@pytest.mark.slow
@pytest.mark.parametrize(
    ("folder", "history", "defaults"),
    [(*key, False) for key in sorted(FIGURES)] + [(*key, True) for key in sorted(FIGURES)],
)
def test_the_labelled_figures_are_held_exactly(
    folder: str, history: bool, defaults: bool, tmp_path: Path
) -> None:
    from tests.subject_labels import CLONED, COPIED, FETCHED, fetched_git_dir, score, tree

    if folder in {**FETCHED, **CLONED}:
        if fetched_git_dir(folder) is None:
            name = {**FETCHED, **CLONED}[folder][0]
            pytest.skip(f"no clone of {name} under $DOCLINT_SUBJECT_REPOS")
    elif folder not in COPIED:
        require_shared()
    result = score(folder, tree(folder, tmp_path, history), defaults)
    expected = (FIGURES_WITH_DEFAULTS if defaults else FIGURES)[(folder, history)]
    assert (
        result.right,
        result.right_flagged,
        result.wrong,
        result.wrong_found,
    ) == expected, "\n".join(result.disagreements)
    changed = CHANGED_SINCE_JUDGED.get((folder, history), (0, 0))[defaults]
    assert result.right_flagged_changed == changed


def test_a_link_text_naming_a_method_is_its_subject_and_the_fix_moves_it(tmp_path: Path) -> None:
    # The Python README: the link names `load`, line 742 is a comment
    # separator and `def load` stands at 748 (its definition's place where
    # Python's reader tells definitions, else the line its words stand on).
    source = ["import os", ""] + [f"X{n} = {n}" for n in range(3, 741)]
    source += ["", "# " + "-" * 60, "", "", "", "", "", "def load(path, strict=False):"]
    (tmp_path / "store.py").write_text("\n".join([*source, "    return path", ""]))
    (tmp_path / "README.md").write_text(
        "# Store\n\nRead a file with [load(path, strict=False)](store.py#L742).\n"
    )
    settings = Settings(select=["DL811"], root=tmp_path, cache=False)
    [diagnostic] = check_paths([tmp_path / "README.md"], settings).diagnostics
    assert diagnostic.message.startswith("the sentence names `load()`, at `load()` ")
    assert "748" in diagnostic.message and "line 742 holds `# ---" in diagnostic.message
    assert diagnostic.fix is not None
    assert [edit.content for edit in diagnostic.fix.edits] == ["748"]
    assert diagnostic.fix.applicability == FixSafety.SAFE


def test_a_block_s_header_shows_its_body_in_a_language_without_a_reader(tmp_path: Path) -> None:
    # Swift has no reader of definitions: the lines indented less above the
    # cited ones (`enum Signer {`, `static func sign(`) are the blocks holding them.
    (tmp_path / "Signer.swift").write_text(
        "import Foundation\n\nenum Signer {\n    static func sign(_ p: String) -> String {\n"
        '        let headers = "host"\n        return p + headers\n    }\n}\n\n'
        'struct Other {\n    let headers = "x"\n}\n'
    )

    def found(page: str) -> list[int]:
        (tmp_path / "README.md").write_text(f"# Signing\n\n{page}\n")
        settings = Settings(select=["DL811"], root=tmp_path, cache=False)
        return [d.line for d in check_paths([tmp_path / "README.md"], settings).diagnostics]

    assert found("`Signer` builds the headers (`Signer.swift:6`).") == []
    # The same sentence citing another type's body: its header shows nothing.
    assert found("`Signer` builds the headers (`Signer.swift:11`).") == [3]


def test_a_brace_on_its_own_line_opens_the_block_the_line_above_declares(tmp_path: Path) -> None:
    # PHP, C# and C write a class's or function's brace alone under it: the
    # block holding the cited lines is the declaration above that brace.
    (tmp_path / "Models.php").write_text(
        "<?php\n\nnamespace App\\Models;\n\nclass OutfitItem extends Model\n{\n"
        "    public function outfit()\n    {\n        return $this->belongsTo(Outfit::class);\n"
        "    }\n}\n\nclass OutfitSave extends Model\n{\n    public function user()\n    {\n"
        "        return $this->belongsTo(User::class);\n    }\n}\n"
    )

    def page(line: int) -> str:
        return f"# Outfits\n\n`OutfitItem` ties an outfit to its products (`Models.php:{line}`).\n"

    assert _diagnosed(tmp_path, page(9)) == []
    # The same sentence citing the other class's body: its headers show nothing.
    assert _diagnosed(tmp_path, page(17)) == [
        (
            3,
            "the sentence names `OutfitItem`, at `OutfitItem` on 5; line 17 holds "
            "`return $this->belongsTo(User::class);`",
        )
    ]


def test_lines_using_what_the_file_imports_from_a_named_library_show_it(tmp_path: Path) -> None:
    (tmp_path / "render.rs").write_text(
        "use v_htmlescape::escape;\nuse super::labels::Label;\n\n"
        "fn render(t: &str, out: &mut String) {\n    out.push_str(&escape(t).to_string());\n"
        "    let width = 80;\n    let mut n = 0;\n    n += width;\n}\n\n"
        'const ALIGN_STYLE: &str = "align=center";\n'
    )

    def found(line: int) -> list[int]:
        page = f"Text is escaped by `v_htmlescape` and `ALIGN_STYLE` (`render.rs:{line}`).\n"
        (tmp_path / "README.md").write_text(f"# Render\n\n{page}")
        settings = Settings(select=["DL811"], root=tmp_path, cache=False)
        return [d.line for d in check_paths([tmp_path / "README.md"], settings).diagnostics]

    # `escape` is what the file brings in from `v_htmlescape`.
    assert found(5) == []
    # Lines using nothing imported from it show nothing of it.
    assert found(7) == [3]


def test_a_quoted_phrase_is_shown_by_the_identifier_joining_its_words() -> None:
    from doclint.parsing.subjects import Subject, terms_of

    subject = Subject(terms_of('It builds the "Canonical Request," then signs it.'), "sentence")
    assert [term.text for term in subject.terms] == ['"Canonical Request"']
    assert subject.shown_by("let canonicalRequest = [method, path]")
    assert not subject.shown_by("let canonical = request")


def test_a_paragraph_naming_what_the_cited_file_never_shows_is_not_in_file(tmp_path: Path) -> None:
    (tmp_path / "project.yml").write_text("name: App\ntargets:\n  App:\n    type: application\n")
    settings = Settings(select=["DL811"], root=tmp_path, cache=False)

    def found(page: str) -> list[tuple[int, str]]:
        (tmp_path / "README.md").write_text(f"# Sync\n\n{page}\n")
        report = check_paths([tmp_path / "README.md"], settings)
        return [(d.line, d.cause.id if d.cause else "") for d in report.diagnostics]

    cited = "[project.yml:3-4](project.yml#L3-L4)"
    # A sentence of citations alone takes its paragraph's names.
    assert found(f"The `SyncSettingsView` screen. See {cited}.") == [
        (3, "subject-not-in-cited-lines/not-in-file")
    ]
    # A sources line closing a section: its names say what the section is
    # about, and the file may be cited for what it says in words.
    assert found(f"The `SyncSettingsView` screen.\n\nSources: {cited}") == []


def test_a_subject_the_file_shows_only_by_an_acronym_elsewhere_is_found(tmp_path: Path) -> None:
    (tmp_path / "VISION.md").write_text(
        "# Vision\n\n## Snippets\n\nText with variables.\n\n## Sync\n\nAll of it E2E.\n"
    )

    def found(lines: str) -> list[tuple[str, bool]]:
        page = f"Keys are checked by `HostKeyValidator`; sync is E2E (`VISION.md:{lines}`).\n"
        (tmp_path / "README.md").write_text(f"# SSH\n\n{page}")
        settings = Settings(select=["DL811"], root=tmp_path, cache=False)
        report = check_paths([tmp_path / "README.md"], settings)
        return [(d.cause.id if d.cause else "", d.fix is None) for d in report.diagnostics]

    # `E2E` at 9 only: where, with no fix (an acronym's place is no anchor).
    assert found("3-5") == [("subject-not-in-cited-lines/elsewhere", True)]
    assert found("8-9") == []


def test_a_neighbour_line_shows_the_subject_only_where_it_belongs_to_the_cited_ones(
    tmp_path: Path,
) -> None:
    (tmp_path / "opts.rs").write_text(
        "fn build() -> Opts {\n"  # 1
        "    let style = pick_style();\n"  # 2: a statement of its own
        "    let width = 80;\n"  # 3
        "    Opts {\n"  # 4
        "        heading_style: Setext,\n"  # 5: its expression goes on
        "        width,\n"  # 6
        "    }\n"  # 7
        "}\n"
    )

    def found(lines: str) -> list[int]:
        page = f"The `pick_style` and `heading_style` choice (`opts.rs:{lines}`).\n"
        (tmp_path / "README.md").write_text(f"# Opts\n\n{page}")
        settings = Settings(select=["DL811"], root=tmp_path, cache=False)
        return [d.line for d in check_paths([tmp_path / "README.md"], settings).diagnostics]

    # Line 5 leaves its literal open for 6: it shows the subject of 6.
    assert found("6") == []
    # Line 2 ends its statement: the neighbour of 3, not part of it.
    assert found("3") == [3]
    # Line 4 opens a block: line 5 is its first item, not part of line 4.
    assert found("4") == [3]


def test_a_subject_only_an_import_shows_is_what_the_file_uses_not_a_place(tmp_path: Path) -> None:
    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "show.ts").write_text(
        'import { escape } from "html-escaper";\n\n'
        "export function show(t: string): string {\n  return `<b>${escape(t)}</b>`;\n}\n"
    )
    page = "# Show\n\nText is escaped through `html-escaper` (`src/show.ts:4`).\n"
    assert _found(tmp_path, page) == []
    # Where the cited lines are the import's neighbours' only, the same
    # sentence about another line is judged: here the import is line 1.
    (tmp_path / "src" / "show.ts").write_text(
        'import { escape } from "html-escaper";\n\n'
        "export function show(t: string): string {\n  return `<b>${t}</b>`;\n}\n\n"
        "// html-escaper: see above\n"
    )
    assert [line for line, *_ in _found(tmp_path, page)] == [3]


_HOSTILE_LINES = (
    "`A" + " " * 60 + "a` (`x.py:1`)",  # capitals and spaces ending in a small letter
    "[a](" * 5_000 + " `x.py:1`",  # link openings that never close
    "Some `" + "`` ``` ````" * 2_000 + " `x.py:1`",  # backtick runs of every length, none closed
    "$" * 20_000 + " `x.py:1`",
    "A-" * 10_000 + "/a `x.py:1`",
    "| `x.py:1` |" + " " * 20_000,
    "- (" * 5_000 + "word `x.py:1`",  # parentheses that never close
    "(e.g. " * 5_000 + "`x.py:1`",
    "## x" + " " * 20_000 + "y `x.py:1`",  # a heading's run of spaces before more text
    "1." * 10_000 + " `x.py:1`",  # a version without end
    "`http://" + "a-" * 10_000 + ":80/` `x.py:1`",  # an address without end
    "a-" * 60_000 + ". `x.py:1`",  # hyphenated parts without end
    "The Docker " + "." * 150_000 + "x Docker runs `x.py:1`",  # a run of marks in a word
    "- " + "Logging level " * 20_000 + "`x.py:1`",  # a run of words, each a phrase
)


@pytest.mark.parametrize("line", _HOSTILE_LINES, ids=range(len(_HOSTILE_LINES)))
def test_the_subject_reader_reads_a_hostile_line_in_time_linear_in_it(line: str) -> None:
    # A subprocess, so a pattern that backtracks without end fails the test
    # instead of hanging the suite: each of these lines took minutes or more
    # with patterns that could backtrack (nested or overlapping repeats).
    script = (
        "import sys\n"
        "from doclint.parsing.subjects import page_subjects, text_words\n"
        "line = sys.stdin.read()\n"
        "page_subjects(['# T', '', line]).subject(3, line.index('x.py') + 1)\n"
        "section = ['# T', '', '## A', '', line, '', 'Sources: [a.py:1](a.py#L1)']\n"
        "page_subjects(section).subject(7, 10)\n"
        "text_words(line, hyphenated=True)\n"
    )
    subprocess.run([sys.executable, "-c", script], input=line, text=True, check=True, timeout=20)


def test_an_item_s_bold_label_is_shown_by_the_identifier_joining_its_words(tmp_path: Path) -> None:
    # cubic writes `*  **Label**: what it does (e.g., `example`). Sources: ...`:
    # the label says what the item is about as the code names it.
    (tmp_path / "Session.swift").write_text(
        "final class Session {\n    let host: String\n"
        "    init(host: String, initialCommand: String? = nil) {\n        self.host = host\n"
        "    }\n}\n\n// Runs `docker exec` for a container's shell.\n"
    )

    def found(label: str, example: str = "e.g., ") -> list[int]:
        page = (
            f"*  **{label}**: Allows a startup command ({example}`docker exec ...`). "
            "Sources: [Session.swift:3](Session.swift#L3)\n"
        )
        (tmp_path / "README.md").write_text(f"# Shell\n\n{page}")
        settings = Settings(select=["DL811"], root=tmp_path, cache=False)
        return [d.line for d in check_paths([tmp_path / "README.md"], settings).diagnostics]

    # `initialCommand` joins "Initial Commands" (a word's plural aside).
    assert found("Initial Commands") == []
    # A label the lines do not join: a name the item gives is judged, and
    # found where the file writes it; an example it gives is not a name.
    assert found("Startup Scripts", example="") == [3]
    assert found("Startup Scripts") == []
    assert _terms("- **Initial Commands:** runs `docker exec ...` (`a.swift:3`)", 1) == (
        "item",
        ["docker exec ..."],
    )


def test_a_label_s_words_are_shown_in_order_inside_one_identifier(tmp_path: Path) -> None:
    # immagiov4/Nous's wiki: "**Inline Images**: higher area requirements",
    # cited at the thresholds `INLINE_RENDERED_IMAGE_MIN_AREA` names.
    (tmp_path / "limits.ts").write_text(
        "const INLINE_RENDERED_IMAGE_MIN_AREA = 14_000;\nconst MIN_IMAGE_BYTES = 2_000;\n"
        "\n\n\nexport const isInlineImage = (area: number): boolean =>\n  area > 0;\n"
    )

    def found(label: str, line: int) -> list[int]:
        page = f"# Images\n\n*  **{label}**: Higher area requirements.\n\n"
        page += f"Sources: [limits.ts:{line}](limits.ts#L{line})\n"
        (tmp_path / "README.md").write_text(page)
        settings = Settings(select=["DL811"], root=tmp_path, cache=False)
        return [d.line for d in check_paths([tmp_path / "README.md"], settings).diagnostics]

    assert found("Inline Images", 1) == []
    # One of its words alone shows nothing: the lines are found, and the
    # finding says where the identifier joining them stands.
    assert found("Inline Images", 2) == [5]


def test_a_sources_line_of_code_spans_holding_links_closes_its_section(tmp_path: Path) -> None:
    # immagiov4/Nous's wiki writes a page's sources as links in code spans.
    sources = "Sources: `[src/config.ts:1-2](src/config.ts#L1-L2)`"
    assert _terms(f"# Config\n\n`parseConfig` reads it.\n\n{sources}\n", 5, 10) == (
        "section",
        ["parseConfig"],
    )
    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "config.ts").write_text(SOURCE)
    page = tmp_path / ".cubic" / "wiki" / "01-overview" / "01-config.md"
    page.parent.mkdir(parents=True)
    head = "<details>\n<summary>Relevant source files</summary>\n\n"
    head += "- [src/config.ts](src/config.ts)\n</details>\n\n"
    settings = Settings(select=["DL811"], root=tmp_path, cache=False)
    for cited, found in (("1-2", [11]), ("5-8", [])):
        text = sources.replace("1-2", cited).replace("L1-L2", "L" + cited.replace("-", "-L"))
        page.write_text(f"{head}# Config\n\n`parseConfig` reads it.\n\n{text}\n")
        assert [d.line for d in check_paths([page], settings).diagnostics] == found
    # A code span of other text on the line: a sentence, naming nothing.
    assert _terms(f"# Config\n\n`parseConfig` reads it.\n\n{sources} and `x`\n", 5, 10) == (
        "sentence",
        [],
    )


def test_a_table_s_primitive_types_are_no_names(tmp_path: Path) -> None:
    # A table's Type column (`boolean`, `integer`) names what any field of
    # its kind is: lines declaring another boolean field show nothing.
    table = "| Field | Type |\n| :--- | :--- |\n| `isPlaying` | `boolean` |\n\n"
    source = "interface Exercise {\n  isCompleted: boolean;\n}\n\ninterface Player {\n"
    (tmp_path / "types.ts").write_text(source + "  isPlaying: boolean;\n}\n")
    page = f"# State\n\n{table}Sources: [types.ts:1-3](types.ts#L1-L3)\n"
    (tmp_path / "README.md").write_text(page)
    settings = Settings(select=["DL811"], root=tmp_path, cache=False)
    [finding] = check_paths([tmp_path / "README.md"], settings).diagnostics
    assert "`isPlaying` on 6" in finding.message
    # The lines that declare the field the row names show it.
    (tmp_path / "README.md").write_text(
        page.replace("1-3](types.ts#L1-L3)", "5-7](types.ts#L5-L7)")
    )
    assert check_paths([tmp_path / "README.md"], settings).diagnostics == []


def test_a_hyphenated_name_is_not_shown_by_a_short_part_alone(tmp_path: Path) -> None:
    # immagiov4/Nous's wiki names the fallback parser `pdf-parse`; in a PDF
    # extractor every other name holds `Pdf`, a part that shows nothing.
    (tmp_path / "extract.ts").write_text(
        "const pages: ExtractedPdfTextPage[] = [];\n\n\n\nconst parser = new PDFParse({ data });\n"
    )

    def found(line: int) -> list[int]:
        page = "# Parsing\n\nThe fallback parser is `pdf-parse`.\n\n"
        page += f"Sources: [extract.ts:{line}](extract.ts#L{line})\n"
        (tmp_path / "README.md").write_text(page)
        settings = Settings(select=["DL811"], root=tmp_path, cache=False)
        return [d.line for d in check_paths([tmp_path / "README.md"], settings).diagnostics]

    assert found(1) == [5]
    # Its longer part shows it inside an identifier (`PDFParse`).
    assert found(5) == []


def test_lines_defining_a_function_a_section_s_prose_names_show_it(tmp_path: Path) -> None:
    # immagiov4/Nous's wiki: "scripts ... which handle preflight checks",
    # cited at `preflight() {`, while it names `managed` and `self-hosted`.
    script = "#!/bin/sh\nset -eu\n\npreflight() {\n  uname -s\n}\n\n\n\n"
    (tmp_path / "nous.sh").write_text(script + 'echo "managed or self-hosted"\n')

    def found(prose: str) -> list[int]:
        page = f"# Deploying\n\nUnlike a `managed` one, {prose}.\n\n"
        page += "Sources: [nous.sh:3-6](nous.sh#L3-L6)\n"
        (tmp_path / "README.md").write_text(page)
        settings = Settings(select=["DL811"], root=tmp_path, cache=False)
        return [d.line for d in check_paths([tmp_path / "README.md"], settings).diagnostics]

    assert found("the script handles preflight checks") == []
    # A word the lines only write, not define, shows nothing: `uname` runs there.
    assert found("the script reads uname output") == [5]


def test_a_swift_can_import_check_is_no_place_of_what_it_names(tmp_path: Path) -> None:
    # `#if canImport(SwiftUI)` asks whether the file can use a library: the
    # section naming `SwiftUI` says nothing of where in the file to look.
    view = "#if canImport(SwiftUI)\nimport SwiftUI\n\nstruct Picker {\n    let remote = true\n}\n"
    (tmp_path / "View.swift").write_text(view)
    page = "# Discovery\n\nThe GUI uses `SwiftUI` and `SSHConnectionChain`.\n\n"
    page += "Sources: [View.swift:5](View.swift#L5)\n"
    (tmp_path / "README.md").write_text(page)
    settings = Settings(select=["DL811"], root=tmp_path, cache=False)
    assert check_paths([tmp_path / "README.md"], settings).diagnostics == []
    # Where the file writes the name on a line of its own, that is a place.
    (tmp_path / "View.swift").write_text(view + "// A SwiftUI picker.\n")
    [diagnostic] = check_paths([tmp_path / "README.md"], settings).diagnostics
    assert "`SwiftUI` on 7" in diagnostic.message


def test_a_statement_s_keywords_do_not_show_it_its_names_do() -> None:
    from doclint.parsing.subjects import Subject, terms_of

    def shows(named: str, lines: str) -> bool:
        return Subject(terms_of(named), "sentence").shown_by(lines)

    # `mod constants;` is another module's line: `mod` says nothing.
    assert not shows("The `mod error;` line", "mod constants;\nmod content_extractor;")
    assert shows("The `mod error;` line", "mod dom_utils;\nmod error;")
    assert not shows("Re-exported by `pub use error::{Error, Result};`", "pub use options::*;")
    # Not a statement: a keyword there is a value the lines may write.
    assert shows("Emitted as `:Item{kind:enum}`", "ItemKind::Enum => emit_item(node),")


def test_a_route_is_shown_by_the_handler_named_for_its_last_segment() -> None:
    from doclint.parsing.subjects import Subject, terms_of

    def shows(named: str, lines: str) -> bool:
        return Subject(terms_of(named), "row").shown_by(lines)

    # Restate serves `reserve` of the `Ticket` object at `/Ticket/{key}/reserve`.
    assert shows("| `/Ticket/{key}/reserve` | Ticket |", "reserve: async (ctx, userId) => {")
    assert shows("The `/api/mock-payment` endpoint", "async function handleMockPayment(r) {")
    assert not shows("| `/Ticket/{key}/reserve` | Ticket |", "confirm: async (ctx) => {")
    # A segment of three letters or fewer is too common a word: its text only.
    assert not shows("| `/SeatMap/global/get` | SeatMap |", "const get = () => state;")
    assert shows("| `/SeatMap/global/get` | SeatMap |", 'router.on("/seatmap/global/get")')


def test_a_handler_of_an_object_literal_shows_the_object_its_header_names(tmp_path: Path) -> None:
    # No reader tells a handler inside `restate.object({...})`: the headers
    # of the blocks holding the cited lines name the object.
    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "game.ts").write_text(
        "export const seatMap = restate.object({\n"
        '  name: "SeatMap",\n'
        "  handlers: {\n"
        "    resetAll: async (ctx) => {\n"
        "      for (let i = 1; i <= 50; i++) {\n"
        '        ctx.set(`seat-${i}`, "AVAILABLE");\n'
        "      }\n"
        "    },\n"
        "  },\n"
        "});\n"
        "\n"
        "export function reset(ctx) {\n"
        "  for (let i = 1; i <= 50; i++) {\n"
        "    ctx.clear(`seat-${i}`);\n"
        "  }\n"
        "}\n"
    )
    settings = Settings(select=["DL811"], root=tmp_path, cache=False)

    def found(lines: str) -> list[int]:
        page = f"# Seats\n\nThe `SeatMap` object frees every seat (`src/game.ts:{lines}`).\n"
        (tmp_path / "README.md").write_text(page)
        return [d.line for d in check_paths([tmp_path / "README.md"], settings).diagnostics]

    assert found("5-6") == []
    # The same loop in a function of its own: nothing above names the object.
    assert found("13-14") == [3]


def _diagnosed(tmp_path: Path, page: str) -> list[tuple[int, str]]:
    (tmp_path / "README.md").write_text(page)
    settings = Settings(select=["DL811"], root=tmp_path, cache=False)
    report = check_paths([tmp_path / "README.md"], settings)
    return [(d.line, d.message) for d in report.diagnostics]


def test_lines_writing_a_name_of_the_section_s_diagram_show_it(tmp_path: Path) -> None:
    # cubic draws a section's flow in Mermaid after its prose: the lines
    # calling `lock.obscure()` show the step `App->>Lock: obscure()` draws,
    # though the prose names only the classes.
    (tmp_path / "App.swift").write_text(
        "struct App {\n    let lock = AppLockManager()\n    func hide() {\n        print(1)\n"
        "    }\n    func onInactive() {\n        lock.obscure()\n    }\n}\n\n"
        "final class AppLockManager {\n    func obscure() {}\n}\n"
    )

    def found(drawn: str) -> list[int]:
        page = (
            "# Lock\n\n## Privacy\n\nThe app asks `AppLockManager` to cover the screen.\n\n"
            f"```mermaid\nsequenceDiagram\n    participant Lock as Locker\n    {drawn}\n```\n\n"
            "Sources: [App.swift:6-8](App.swift#L6-L8)\n"
        )
        return [line for line, _ in _diagnosed(tmp_path, page)]

    assert found("App->>Lock: obscure()") == []
    # A diagram drawing another step, or only a platform's name: found.
    assert found("App->>Lock: reveal()") == [13]
    assert found("App->>Lock: SSH") == [13]
    # The diagram names nothing to look for: its names are not the subject.
    drawn = "## A\n\n```mermaid\nA[`obscure()`]\n```\nSources: [a.swift:3](a.swift#L3)"
    assert _terms(drawn, 6) == ("heading", [])
    # A section in words shows its diagram's names as one naming some does.
    worded = "## A\n\nThe Sync Engine hides it.\n\n```mermaid\nA->>B: obscure()\n```\n"
    worded += "Sources: [a.swift:3](a.swift#L3)"
    subject = page_subjects(worded.split("\n")).subject(8, 10)
    assert (subject.source, [t.text for t in subject.terms]) == ("section", ["Sync Engine"])
    assert [t.text for t in subject.also] == ["obscure()"]


def test_a_path_the_unit_names_is_shown_by_its_text(tmp_path: Path) -> None:
    (tmp_path / "Store.swift").write_text(
        "final class HostStore {\n    static var defaultPath: String {\n"
        '        ("~/.bastion/hosts.json" as NSString).expandingTildeInPath\n    }\n'
        "    func load() {}\n}\n"
    )

    def found(path: str) -> list[int]:
        page = (
            f"# Hosts\n\n- **Pathing:** `load()` reads the hosts at `{path}`. "
            "Sources: [Store.swift:3](Store.swift#L3)\n"
        )
        return [line for line, _ in _diagnosed(tmp_path, page)]

    assert found("~/.bastion/hosts.json") == []
    assert found("~/.bastion/known_hosts") == [3]


def test_a_unit_in_words_is_found_by_the_identifier_joining_its_title_case_words(
    tmp_path: Path,
) -> None:
    (tmp_path / "Sync.swift").write_text(
        'import Foundation\n\nfinal class Folder {\n    let path = ""\n}\n\n'
        "final class SyncEngine {\n    func merge() {}\n}\n\n// The Host Folder is its home.\n"
    )

    def found(said: str) -> list[str]:
        page = f"# Sync\n\n{said} Sources: [Sync.swift:3-5](Sync.swift#L3-L5)\n"
        return [message for _, message in _diagnosed(tmp_path, page)]

    [message] = found("The Sync Engine merges the hosts of each device.")
    assert message.startswith("the paragraph names `Sync Engine`, at `Sync Engine` on 7;")
    # Words the file never joins say nothing of where, though its comment
    # writes them: no finding, not even "never shows" (the file may say it
    # in other words).
    assert found("The Host Folder holds the file each device reads.") == []
    # Words without a Title Case phrase name nothing to look for.
    assert found("The sync engine merges the hosts of each device.") == []
    assert _terms("The Sync Engine runs first (`a.rs:3`).", 1) == ("sentence", ["Sync Engine"])


def test_a_section_s_item_labels_show_it_their_words_joined_by_hyphens_too(
    tmp_path: Path,
) -> None:
    # cubic closes a list of labelled items with one sources line: the lines
    # writing an item's label (`Plugin-system`) show the section.
    (tmp_path / "VISION.md").write_text(
        "# Plan\n\n* Hostlista\n* Terminal\n\n**Version 2.0**\n\n* Plugin-system\n\n"
        "Plugins: Proxmox, HomeAssistant.\n"
    )

    # (`HomeAssistant` places the section where the lines do not show it; a
    # product's name ending in an acronym, cubic's `TrueNAS`, places nothing.)
    def found(cited: str) -> list[int]:
        page = (
            "# Roadmap\n\n### Version 2.0+\n"
            "*  **Plugin System:** Allowing extensions for Proxmox and HomeAssistant.\n"
            "*  **Broad Packaging:** `.deb` packages.\n\n"
            f"Sources: {_cited('VISION.md', cited)}\n"
        )
        return [line for line, _ in _diagnosed(tmp_path, page)]

    assert found("6-8") == []
    assert found("3-4") == [7]


def test_a_name_a_section_s_heading_and_prose_both_give_places_it(tmp_path: Path) -> None:
    # cubic's overview: "### Docker Integration" over prose naming Docker in
    # words only, its sources line citing the vision's keyboard section.
    (tmp_path / "VISION.md").write_text(
        "# Vision\n\n### Keyboard\n\n* Ctrl, Esc, Tab\n\n### Docker\n\n"
        "Containers / Logs / Restart\n\n### SFTP\n\nDrag & Drop, Chmod, Chown.\n"
    )
    (tmp_path / "LAYOUT.md").write_text(
        "# Layout\n\nArchiveOperations  tar/zip over exec\nSFTPClient  the SFTP client\n"
    )

    def found(heading: str, prose: str, cited: str) -> list[str]:
        page = f"# Overview\n\n### {heading}\n{prose}\nSources: {cited}\n"
        return [message for _, message in _diagnosed(tmp_path, page)]

    docker = "A standout is the native Docker management: list, stop and restart containers."
    [message] = found("Docker Integration", docker, "[VISION.md:3-5](VISION.md#L3-L5)")
    assert message.startswith("the section names `Docker`, at `Docker` defined at 7-10;")
    assert found("Docker Integration", docker, "[VISION.md:7-9](VISION.md#L7-L9)") == []
    # The heading names something else: the prose's product name says
    # nothing of where (a section's products stand on any lines).
    assert found("Container Management", docker, "[VISION.md:3-5](VISION.md#L3-L5)") == []
    # An acronym the heading gives is a name too, and what the prose's
    # parentheses list of it (archive operations (Zip/Tar)) shows it.
    sftp = "The SFTP client manages permissions and archive operations (Zip/Tar) over exec."
    [message] = found("SFTP and Files", sftp, "[VISION.md:3-5](VISION.md#L3-L5)")
    assert message.startswith("the section names `SFTP`, at `SFTP` defined at 11-13;")
    assert found("SFTP and Files", sftp, "[LAYOUT.md:3](LAYOUT.md#L3)") == []
    assert _terms(f"### SFTP and Files\n{sftp}\nSources: [a.md:3](a.md#L3)", 3, 10) == (
        "section",
        ["SFTP"],
    )


def test_a_sources_line_after_subsections_without_their_own_closes_them_all(
    tmp_path: Path,
) -> None:
    # restate's DeepWiki "Service Handler Inventory": a `##` section's
    # subsections, one sources line after the last, citing the first's lines.
    (tmp_path / "game.ts").write_text(
        "export const ticket = {\n  reserve: () => true,\n};\n"
        "export const seatMap = {\n  resetAll: () => true,\n};\n"
        "export const checkout = {\n  process: () => true,\n};\n"
    )

    def found(between: str) -> list[int]:
        page = (
            "# Core\n\n## Handlers\n\n### Ticket\n\n| `reserve` | holds a seat |\n\n"
            f"{between}### Checkout\n\n| `process` | pays |\n\n"
            "**Sources:** [game.ts L1-L3](game.ts#L1-L3)\n"
        )
        return [line for line, _ in _diagnosed(tmp_path, page)]

    assert found("") == []
    # The first subsection has a sources line of its own: the last one's
    # closes only its own subsection, whose `process` lines 1-3 do not show.
    assert found("Sources: [game.ts L1-L2](game.ts#L1-L2)\n\n") == [15]
    # A subsection naming nothing is not judged because its siblings do.
    page = "## H\n\n### A\n\n`reserve` holds.\n\n### B\n\nIt pays.\n\nSources: [g.ts:1](g.ts#L1)\n"
    assert _terms(page, 11, 10) == ("heading", [])


def test_values_a_parenthesis_gives_as_examples_are_not_the_subject() -> None:
    # ScriptCat's DeepWiki storage page: the prefixes are examples of what
    # `Repo`'s constructor makes, which its lines show without writing them.
    page = "The `Repo` class prefixes its keys (e.g., `script:`, `tempStorage:`) (`repo.ts:174`)."
    assert _terms(page, 1, 70) == ("sentence", ["Repo"])
    only = "Keys are prefixed (e.g., `script:`, `tempStorage:`) (`repo.ts:174-178`)."
    assert _terms(only, 1, 55) == ("sentence", [])
    # A parenthesis saying what the name is, not giving examples, is read.
    named = "Keys are prefixed (by `Repo`) (`repo.ts:174-178`)."
    assert _terms(named, 1, 33) == ("sentence", ["Repo"])


def test_a_package_and_its_version_are_shown_by_the_manifest_naming_the_package(
    tmp_path: Path,
) -> None:
    # restate's DeepWiki setup page lists `npm install`'s packages with their
    # versions and cites package.json's dependencies.
    (tmp_path / "package.json").write_text(
        '{\n  "scripts": {\n    "dev": "wrangler dev"\n  },\n  "dependencies": {\n'
        '    "@restatedev/restate-sdk-cloudflare-workers": "^1.0.0"\n  }\n}\n'
    )

    def found(cited: str) -> list[int]:
        page = (
            "## Installing\n\n* `@restatedev/restate-sdk-cloudflare-workers@^1.0.0` (runtime)\n\n"
            f"**Sources:** [package.json L{cited}](package.json#L{cited.replace('-', '-L')})\n"
        )
        return [line for line, _ in _diagnosed(tmp_path, page)]

    assert found("5-7") == []
    assert found("2-4") == [5]


def test_an_item_naming_only_a_value_in_code_is_not_widened_to_its_list() -> None:
    # restate's DeepWiki SeatMap page: step 6 "Return `true`" cites the
    # `return true;` line; its list's `soldCount` is another step's.
    page = "\n".join(
        [
            "## set",
            "",
            "1. Count with `soldCount` [g.ts:101](g.ts#L101)",
            "2. Return `true` [g.ts:116](g.ts#L116)",
            "3. Return it [g.ts:117](g.ts#L117)",
        ]
    )
    assert _terms(page, 4, 18)[1] == []
    # Two words and no code say nothing but where: the list's names.
    assert _terms(page, 5, 14) == ("list", ["soldCount"])


def test_a_sources_item_describing_its_lines_in_parentheses_is_not_widened() -> None:
    # ScriptCat's DeepWiki event-dispatch page: each sources item says in
    # parentheses what its lines are for; the section's names are another's.
    page = "\n".join(
        [
            "## Dispatch",
            "",
            "`dispatchEvent` fires it.",
            "",
            "**Sources:**",
            "*   `src/main.d.ts:51-52` (DOM object exchange)",
            "*   `src/scriptcat.d.ts:187-188` (Contextual fetching)",
            "*   `src/inject.ts:10-12`",
        ]
    )
    assert _terms(page, 7, 5)[1] == []
    assert _terms(page, 8, 5) == ("section", ["dispatchEvent"])


def test_a_path_with_placeholders_is_the_subject_and_shown_by_its_parts(tmp_path: Path) -> None:
    # product-describer's cubic wiki: a table of where each tenant's data is
    # stored, each row citing lines that should write the path.
    (tmp_path / "CLAUDE.md").write_text(
        "# Guide\n\nprovider_config.py  # keys (config/accounts/<id>/credentials/)\n\n"
        "extractors.py  # rows from an upload\ntemplates/index.html\n"
    )

    def found(cited: str) -> list[int]:
        page = (
            "## Storage\n\n| Data | Location | Source |\n|---|---|---|\n"
            "| Keys | `config/accounts/<id>/credentials/` | "
            f"[CLAUDE.md:{cited}](CLAUDE.md#L{cited}) |\n"
        )
        return [line for line, _ in _diagnosed(tmp_path, page)]

    assert found("3") == []
    assert found("5") == [5]
    # A route keeps its own reading: its text, or the handler its last part names.
    assert _terms("| `/Ticket/{key}/reserve` | [g.ts:20](g.ts#L20) |", 1)[1] == [
        "/Ticket/{key}/reserve"
    ]


def test_a_section_citing_prose_in_another_script_is_not_judged(tmp_path: Path) -> None:
    # restate's DeepWiki: English sections naming the code's objects cite the
    # project's Chinese README, which says the same in words no English term
    # matches; the subject's name stands on another line (a script's).
    readme = [
        "# 票務系統",
        "",
        "實現 Saga 模式 如果支付失敗 自動執行補償邏輯 釋放座位",
        "",
        "npm run releaseSeat",
    ]
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "README.zh.md").write_text("\n".join(readme) + "\n")
    english = [*readme[:2], "The Saga rolls back: a failed payment frees the seats.", *readme[3:]]
    (tmp_path / "docs" / "README.en.md").write_text("\n".join(english) + "\n")
    (tmp_path / "saga.ts").write_text(
        "// 如果支付失敗 自動執行補償邏輯\nexport function book() {}\n\n"
        "export function releaseSeat() {}\n"
    )

    def found(cited: str) -> list[int]:
        page = (
            "## Compensation\n\nWhen the payment fails, `releaseSeat` frees the seat"
            f" (`SeatMap`).\n\nSources: {cited}\n"
        )
        return [line for line, _ in _diagnosed(tmp_path, page)]

    assert found("[docs/README.zh.md:3](docs/README.zh.md#L3)") == []
    # Near misses: the same line in English prose, and a Chinese comment of
    # the code, are judged (neither shows `releaseSeat`, which both files name
    # elsewhere).
    assert found("[docs/README.en.md:3](docs/README.en.md#L3)") == [5]
    assert found("[saga.ts:1-2](saga.ts#L1-L2)") == [5]


def test_a_pointer_to_a_definition_s_opening_line_shows_what_its_body_declares(
    tmp_path: Path,
) -> None:
    # cfdb's specs: "... fields `schema_version`, `from_ref`. Defined at
    # `src/report.rs:4`.": the line opening the struct whose body declares them.
    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "report.rs").write_text(
        "use serde::Serialize;\n\n#[derive(Debug, Serialize)]\npub struct Report {\n"
        "    pub schema_version: &'static str,\n    pub from_ref: String,\n}\n\n"
        "pub fn render(report: &Report) -> String {\n    String::new()\n}\n\n"
        '#[derive(Debug)]\n#[error(\n    "no producer"\n)]\npub struct Failure {\n'
        "    pub workspace: String,\n}\n\n"
        "/// Builds the envelope.\n///\n/// Keeps the order of the fields.\n"
        "fn build(workspace: &str) -> String {\n    String::new()\n}\n"
    )

    def found(cited: str, names: str = "`schema_version` and `from_ref`") -> list[int]:
        page = f"# Report\n\nThe envelope carries {names}. Defined at `src/report.rs:{cited}`.\n"
        return [line for line, _ in _diagnosed(tmp_path, page)]

    assert found("4") == []
    assert found("3-4") == []  # its attribute and its opening line
    # An attribute over another that runs on several lines: the struct below both.
    assert found("13", "`workspace`") == []
    # Near misses: a range opening on a blank line above the definition (a
    # range, not a pointer), a definition whose body declares none of it, and
    # a line inside a doc comment (no pointer to the function under it).
    assert found("2-4") == [3]
    assert found("9") == [3]
    assert found("21", "`workspace`") == [3]


def test_a_line_of_the_section_s_code_block_shows_it_where_the_lines_write_it(
    tmp_path: Path,
) -> None:
    # product-describer's cubic wiki: "Run the stack" over a bash block of
    # `docker compose up -d`, citing the README's lines of the same command.
    (tmp_path / "SETUP.md").write_text(
        "# Setup\n\nSet `FLASK_SECRET_KEY` before the first start.\n\n"
        "```bash\n$ docker compose up -d\n```\n\nThen open `SETTINGS_URL` in a browser.\n"
    )

    def found(cited: str) -> list[int]:
        page = (
            "## Running\n\nStart it with `FLASK_SECRET_KEY` set:\n\n"
            "```bash\ndocker compose up -d\n```\n\n"
            f"Sources: {_cited('SETUP.md', cited)}\n"
        )
        return [line for line, _ in _diagnosed(tmp_path, page)]

    assert found("5-7") == []
    # Near miss: lines writing neither the command nor the name the section gives.
    assert found("9") == [9]


def test_a_condition_above_the_lines_does_not_show_what_it_tests(tmp_path: Path) -> None:
    # The Qoder wiki's passthrough section cites lines counting tokens under
    # `if provider_config and provider_config.is_anthropic_format:`: the
    # condition names the flag it tests, not what the lines under it do.
    (tmp_path / "Route.swift").write_text(
        "enum Route {\n    static func passthrough(_ config: Config) -> Int {\n"
        "        if config.isAnthropicFormat {\n            let count = 0\n"
        "            let total = count + 1\n            return total\n        }\n"
        "        return 1\n    }\n}\n\n"
        "struct Config {\n    let isAnthropicFormat = true\n}\n"
    )

    def found(page: str) -> list[int]:
        return [line for line, _ in _diagnosed(tmp_path, f"# Passthrough\n\n{page}\n")]

    assert found("`isAnthropicFormat` decides the passthrough (`Route.swift:5-6`).") == [3]
    # Near misses: a definition's header holding the lines shows it, and the
    # condition's own line does.
    assert found("`passthrough` counts the tokens (`Route.swift:5-6`).") == []
    assert found("`isAnthropicFormat` decides the passthrough (`Route.swift:3`).") == []


def test_a_comma_after_a_whole_entry_does_not_join_the_next_line(tmp_path: Path) -> None:
    # python-office's Qoder wiki cites `instruction_url.py#L30`, the entry above
    # the `txt2wordcloud` one its section names: the comma ends the entry.
    (tmp_path / "urls.py").write_text(
        "URLS = {\n"  # 1
        '    "pdf2docx": "https://example.org/pdf",\n'  # 2
        '    "txt2wordcloud": "https://example.org/cloud",\n'  # 3
        "}\n"  # 4
        "\n"
        "def open_url(name,\n"  # 6: its call goes on
        "             txt2wordcloud=None):\n"  # 7
        "    return URLS[name]\n"
    )

    def found(lines: str) -> list[int]:
        page = f"# Links\n\nThe `txt2wordcloud` tutorial link (`urls.py:{lines}`).\n"
        return [line for line, _ in _diagnosed(tmp_path, page)]

    assert found("2") == [3]
    # Near misses: the entry itself, and a line whose brackets stay open.
    assert found("3") == []
    assert found("6") == []


def test_a_name_joined_by_hyphens_on_the_lines_shows_its_term(tmp_path: Path) -> None:
    # A Taskfile's command writes its flags, a Compose file its services, in
    # words joined by hyphens: `--force-recreate` is shown by them, as a
    # diagram's node `hazelcast_mgmt` is by `hazelcast-mgmt:` (the key of a
    # term ignores `-` and `_`; the lines' words now do too).
    (tmp_path / "Taskfile.yml").write_text(
        "tasks:\n  start:\n    cmds:\n      - docker compose up --force-recreate -d\n"
        "  clean:\n    cmds:\n      - docker compose down --remove-orphans\n"
    )

    def found(flag: str) -> list[int]:
        page = (
            f"# Run\n\n## Start\n\nThe stack is recreated with `{flag}`, unlike `clean`.\n\n"
            "Sources: [Taskfile.yml:2-4](Taskfile.yml#L2-L4)\n"
        )
        return [line for line, _ in _diagnosed(tmp_path, page)]

    assert found("--force-recreate") == []
    # A flag the cited lines do not write, which the file writes elsewhere.
    assert found("--remove-orphans") == [7]
    assert "hazelcastmgmt" in text_words("  hazelcast-mgmt:\n    depends_on:", hyphenated=True)
    # Words a space parts are no name joined by hyphens; elsewhere in the
    # file such a name is no place of the term.
    assert "modulithmgmt" not in text_words("modulith - mgmt", hyphenated=True)
    assert "hazelcastmgmt" not in text_words("  hazelcast-mgmt:")
    # A segment of a URL or a path names a repository or a file, no name.
    url = '.package(url: "https://github.com/x/swift-cross-ui.git")'
    assert "swiftcrossui" not in text_words(url, hyphenated=True)


def test_a_product_s_name_ending_in_an_acronym_in_prose_places_nothing(tmp_path: Path) -> None:
    # "PostgreSQL", "RabbitMQ", "HikariCP" in prose name products, which code
    # and configuration write otherwise (`postgres:`, `jdbc:postgresql:`):
    # shown where the lines hold them, their place elsewhere says nothing.
    (tmp_path / "compose.yml").write_text(
        "services:\n  postgres:\n    image: postgres:17\n  cache:\n    image: redis:7\n"
        "  app:\n    environment:\n      URL: jdbc:postgresql://postgres/db\n"
        "      STORE: SessionStore\n"
    )

    def found(prose: str) -> list[int]:
        page = f"# Stack\n\n## Data\n\n{prose}\n\nSources: [compose.yml:4-5](compose.yml#L4-L5)\n"
        return [line for line, _ in _diagnosed(tmp_path, page)]

    assert found("The PostgreSQL instance holds the data.") == []
    # A name of the code beside it still places the subject; so does the
    # product's name written as code.
    assert found("The PostgreSQL instance backs the SessionStore.") == [7]
    assert found("The `PostgreSQL` instance holds the data.") == [7]
    reader = page_subjects(["RabbitMQ and HikariCP feed the SessionStore [a.py:1](a.py#L1)"])
    assert [(t.text, t.weak) for t in reader.subject(1, 45).terms] == [
        ("RabbitMQ", True),
        ("HikariCP", True),
        ("SessionStore", False),
    ]


def test_an_address_of_this_machine_is_shown_by_its_port(tmp_path: Path) -> None:
    # DeepWiki's tables of where each service listens (`http://localhost:3000`)
    # cite a Compose file's `ports:`, which writes the port alone; the
    # scheme's port stands for an address writing none (`http://localhost`).
    (tmp_path / "compose.yml").write_text(
        "services:\n  frontend:\n    image: node\n    environment:\n      MODE: dev\n"
        '    ports:\n      - "3000:3000"\n  proxy:\n    ports:\n      - "80:80"\n'
        '  db:\n    image: postgres\n    ports:\n      - "15432:5432"\n'
    )

    def found(address: str, cited: str) -> list[int]:
        page = (
            f"# Access\n\n## Services\n\nThe `frontend` answers at `{address}`.\n\n"
            f"Sources: {_cited('compose.yml', cited)}\n"
        )
        return [line for line, _ in _diagnosed(tmp_path, page)]

    # The lines of another service than the one named, shown by the port.
    assert found("http://localhost", "9-10") == []
    assert found("localhost:15432", "13-14") == []
    # Another service's port, or a port only part of a longer number.
    assert found("http://localhost:3000/api", "9-10") == [7]
    assert found("localhost:1543", "13-14") == [7]
    # A remote host's port is no port of this file's services.
    assert found("https://example.com:80", "9-10") == [7]


def test_a_product_s_stem_before_the_acronym_of_its_kind_shows_it(tmp_path: Path) -> None:
    # Settings name a pool, a database or a queue by its stem, the kind's
    # acronym left out: `spring.datasource.hikari.` for "HikariCP".
    (tmp_path / "app.properties").write_text(
        "server.port=8080\nspring.datasource.hikari.maximum-pool-size=10\n"
        "ui.theme=swift-dark\nspring.datasource.url=jdbc:h2:mem\nbookstore.PoolSettings=on\n"
    )

    def found(product: str, cited: int) -> list[int]:
        page = (
            f"# Data\n\n## Pool\n\nThe {product} pool reads `PoolSettings`.\n\n"
            f"Sources: [app.properties:{cited}](app.properties#L{cited})\n"
        )
        return [line for line, _ in _diagnosed(tmp_path, page)]

    assert found("HikariCP", 2) == []
    # Lines writing neither it nor its stem; a stem that is a word of its
    # own (`swift` of `SwiftUI`) or too short to be one shows nothing.
    assert found("HikariCP", 4) == [7]
    assert found("SwiftUI", 3) == [7]
    assert found("MyCP", 2) == [7]


def test_words_in_the_plural_are_shown_by_their_singular(tmp_path: Path) -> None:
    # A cubic page names what a section is about in the plural ("Skills",
    # **Health Checks:**) where the cited prose says one ("Skill", "health
    # check"); the plural stands further down the file, which would place it.
    (tmp_path / "guide.md").write_text(
        "# Protocols\n\nA skill is a protocol for agents.\n\nThe worker runs a health check.\n\n"
        "A skillful agent waits.\n\nNor here.\n\nSee the skills and health checks below.\n\n"
        "The relay module.\n"
    )

    # `relay` places the section where the lines show nothing of it (a
    # quoted word of prose places nothing).
    def found(named: str, cited: str, by: str = "The `relay`") -> list[int]:
        page = (
            f"# Guide\n\n## Overview\n\n{by} manages {named} for its agents.\n\n"
            f"Sources: {_cited('guide.md', cited)}\n"
        )
        return [line for line, _ in _diagnosed(tmp_path, page)]

    assert found('"Skills"', "3") == []
    assert found("**Health Checks:**", "5", by="It") == []
    # Lines saying neither, or the singular only inside a longer word, show
    # nothing of them.
    assert found('"Skills"', "9") == [7]
    assert found('"Skills"', "7") == [7]


def test_a_route_is_not_shown_by_the_last_word_of_another_route(tmp_path: Path) -> None:
    # cubic cited a dashboard's request of `/v1/tunnels/status` for its table
    # of `/v1/status`: the word `status` there is the other route's.
    (tmp_path / "overview.js").write_text(
        'const health = await api("/v1/status");\n\n\n\n\n'
        'const tun = await api("/v1/tunnels/status");\n\n\n\n\n'
        'const user = await api("/api/users/:id");\n\n\n\n\n'
        "function status() { return 1; }\n"
    )

    def found(route: str, cited: str) -> list[int]:
        page = (
            f"# Overview\n\n## Metrics\n\nThe panel reads `{route}`.\n\n"
            f"Sources: {_cited('overview.js', cited)}\n"
        )
        return [line for line, _ in _diagnosed(tmp_path, page)]

    assert found("/v1/status", "6") == [7]
    # The same route with its parameter written otherwise, or the route's
    # word on its own (a handler named for it), shows it.
    assert found("/api/users/{id}", "11") == []
    assert found("/v1/status", "16") == []


def test_a_list_labelling_its_items_by_names_of_the_section_above_judges_by_them(
    tmp_path: Path,
) -> None:
    # cubic writes a section's tools in code in its prose, then a subsection
    # listing each under a bold label (`**Bandit:**`) with its own sources
    # line; the labels name the tools the prose wrote.
    (tmp_path / "CONTRIBUTING.md").write_text(
        "# Contributing\n\nRun the tests.\n\nReload the extension.\n\n"
        "The gates: bandit, semgrep and pip-audit.\n"
    )

    def found(labels: tuple[str, ...], cited: str) -> list[int]:
        items = "".join(f"- **{label}:** required.\n" for label in labels)
        page = (
            "# Guide\n\n## Security\n\nEvery change passes `bandit`, `semgrep` and `pip-audit`.\n\n"
            f"### Gates\n{items}\n"
            f"Sources: {_cited('CONTRIBUTING.md', cited)}\n"
        )
        return [line for line, _ in _diagnosed(tmp_path, page)]

    assert found(("Bandit", "Semgrep"), "3-5") == [11]
    assert found(("Bandit", "Semgrep"), "7") == []
    # Labels naming none of the prose's names judge by nothing of it.
    assert found(("Speed", "Safety"), "3-5") == []


def test_a_heading_of_the_cited_lines_naming_the_section_s_heading_shows_it(
    tmp_path: Path,
) -> None:
    # A wiki cites a document by its section: the lines' own heading says
    # what they are about, as the page's headings say of its section.
    (tmp_path / "GUIDE.md").write_text(
        "# Data Guide\n\nNotes on the modules.\n\n#### Data Isolation\n"
        "- Each module manages its own schema\n- No direct access across modules\n\n"
        "properties:\n  banner: true\n#### Database Config ####\nurl=jdbc\n\n"
        "The Catalog module owns products.\n"
    )

    def found(headings: str, cited: str) -> list[int]:
        page = (
            f"# Data\n\n{headings}\n\nModules query `orders.orders` through `Catalog`.\n\n"
            f"Sources: {_cited('GUIDE.md', cited)}\n"
        )
        return [line for line, _ in _diagnosed(tmp_path, page)]

    headings = "## Data Isolation Principles\n\n### No Cross-Schema Access"
    assert found(headings, "5-7") == []
    # A banner comment heads a file's settings so too.
    assert found("## Database Per Service", "11-12") == []
    # Headings sharing no word, a word of the page's title only, or the
    # cited file's own title (what the whole file is about) show nothing.
    assert found("## Module Queries", "5-7") == [7]
    assert found("## Module Queries", "1-2") == [7]
    assert found("## Data Isolation Principles", "1-2") == [7]


def test_a_version_the_unit_writes_is_shown_where_the_lines_write_it(tmp_path: Path) -> None:
    # "Python 3.10 or higher" cites a manifest's `requires-python`: the
    # version is what the lines show, whatever words the unit says it in.
    (tmp_path / "pyproject.toml").write_text(
        '[project]\nname = "proxy"\nrequires-python = ">=3.10"\n'
        'dependencies = ["fastapi>=0.110", "uvicorn==13.10"]\n\n[tool.uv]\ndev = true\n'
    )

    def found(prose: str, cited: int) -> list[int]:
        page = (
            f"# Start\n\n## Requirements\n\n{prose} It installs `proxy`.\n\n"
            f"Sources: [pyproject.toml:{cited}](pyproject.toml#L{cited})\n"
        )
        return [line for line, _ in _diagnosed(tmp_path, page)]

    assert found("Python 3.10 or higher.", 3) == []
    # Another version, or the same digits inside a longer number.
    assert found("Python 3.11 or higher.", 3) == [7]
    assert found("Python 3.10 or higher.", 4) == [7]


def test_a_flag_of_one_word_is_not_shown_by_the_word_in_prose(tmp_path: Path) -> None:
    # cubic cited a contributing guide's paragraph on the security gates ("why
    # the check is safe") for a code block running `node --check`.
    (tmp_path / "guide.md").write_text(
        "# Guide\n\nA flagged line needs a comment saying\nwhy the check is safe.\n\n"
        "Run `node --check app.js` before pushing.\n\n"
        "```python\nparser.add_argument('--check')\nif args.check:\n    lint()\n```\n"
    )

    def found(cited: str) -> list[int]:
        page = (
            "# Tests\n\n## Syntax\n\nEvery script passes `--check` first.\n\n"
            f"Sources: {_cited('guide.md', cited)}\n"
        )
        return [line for line, _ in _diagnosed(tmp_path, page)]

    assert found("3-4") == [7]
    # The flag written, or its word as code reads it, shows it.
    assert found("6") == []
    assert found("10-11") == []


def test_a_command_of_three_words_is_shown_by_them_together(tmp_path: Path) -> None:
    # `bun run doctor` is shown where the lines hold its words together, not
    # by a line saying "Run the narrowest validation first": "run" alone
    # stands on lines saying anything.
    (tmp_path / "AGENTS.md").write_text(
        "# Agents\n\nRun the narrowest validation first.\nKeep names clear.\n\n"
        "## Commands\n\n```bash\nbun run doctor   # health report\n```\n"
    )

    def found(cited: str) -> list[int]:
        page = (
            "# Tools\n\n## Commands\n\n* `bun run doctor`: a read-only health report.\n\n"
            f"Sources: {_cited('AGENTS.md', cited)}\n"
        )
        return [line for line, _ in _diagnosed(tmp_path, page)]

    assert found("3-4") == [7]
    assert found("8-9") == []
    # Two words (a program and its subcommand, `cargo test`) are still shown
    # by either, as before.
    reader = page_subjects(["Run `cargo test` and `bun run doctor` [a.py:1](a.py#L1)"])
    assert [(t.text, t.every) for t in reader.subject(1, 40).terms] == [
        ("cargo test", False),
        ("bun run doctor", True),
    ]


def test_a_parenthesis_giving_an_example_with_like_is_no_subject(tmp_path: Path) -> None:
    # "(like `OPENROUTER_API_KEY`)" illustrates the credentials the sentence
    # speaks of, as "(e.g., ...)" does: lines holding the example alone do
    # not show what the sentence says of `buildEnvironment`.
    (tmp_path / "env.ts").write_text(
        "const SAFE = ['PATH', 'HOME'];\n"
        "export const buildEnvironment = (env: Record<string, string>) =>\n"
        "  Object.fromEntries(SAFE.map(k => [k, env[k]]));\n"
        "test('drops secrets', () => {\n"
        "  expect(build({ OPENROUTER_API_KEY: 'x' })).toEqual({});\n});\n"
    )

    def found(cited: str) -> list[int]:
        page = (
            "# Codex\n\n`buildEnvironment` keeps secrets (like `OPENROUTER_API_KEY`) from the "
            f"process. Sources: {_cited('env.ts', cited)}\n"
        )
        return [line for line, _ in _diagnosed(tmp_path, page)]

    assert found("4-5") == [3]
    assert found("2-3") == []
    reader = page_subjects(["Secrets (like `OPENROUTER_API_KEY`) stay out [a.py:1](a.py#L1)"])
    assert reader.subject(1, 50).terms == ()


def test_a_quoted_word_of_prose_shows_its_subject_and_places_nothing(tmp_path: Path) -> None:
    # "slots" in quotes stresses a word of the prose, no string of the code:
    # the file never writing it (`readModelSlot` does not) says nothing, and
    # a name beside it still places the subject.
    (tmp_path / "proxy.ts").write_text(
        "const readModelSlot = (req: Request) => req.get('x-slot');\n"
        "const limit = 3;\n"
        "export const resolveModel = (slot: string) => models[slot];\n"
    )

    def found(sentence: str) -> list[int]:
        return [line for line, _ in _diagnosed(tmp_path, f"# Proxy\n\n{sentence}\n")]

    assert found('Requests name "slots" mapped to models [proxy.ts:1-2](proxy.ts#L1-L2).') == []
    assert found(
        'The `resolveModel` call maps "slots" to models [proxy.ts:1-2](proxy.ts#L1-L2).'
    ) == [3]
    reader = page_subjects(
        ['A "slot", the "Canonical Request" and "WorkspaceShell" [a.py:1](a.py#L1)']
    )
    assert [(t.text, t.weak) for t in reader.subject(1, 60).terms] == [
        ('"slot"', True),
        ('"Canonical Request"', False),
        ('"WorkspaceShell"', False),
        ("WorkspaceShell", False),
    ]


def test_a_sources_line_before_its_section_s_table_takes_the_table(tmp_path: Path) -> None:
    # cubic writes a subsection's sentence, its sources line, then the table
    # the sentence introduces: with no sources line of its own before the
    # next heading, the table's names are the sources line's subject.
    (tmp_path / "store.ts").write_text(
        "import postgres from 'postgres';\nconst MAX = 10;\n\n\n"
        "const row = { is_favorite: false, revision: 1 };\n"
    )

    def found(cited: str, closed: bool = False) -> list[int]:
        table = "| Field | Type |\n| --- | --- |\n| `is_favorite` | `boolean` |\n"
        own = "\nSources: [store.ts:5](store.ts#L5)\n" if closed else ""
        page = (
            "# Schema\n\n### Projects Table\nStores metadata such as titles and revisions.\n"
            f"Sources: {_cited('store.ts', cited)}\n\n"
            f"{table}{own}\n### Next\n\nMore.\n"
        )
        return [line for line, _ in _diagnosed(tmp_path, page)]

    assert found("1-2") == [5]
    assert found("5") == []
    # A table closed by a sources line of its own is that line's.
    assert found("1-2", closed=True) == []


def test_an_item_s_bold_label_of_one_word_shows_its_section(tmp_path: Path) -> None:
    # "**learn**:" says what its item is about as `**Initial Commands**:`
    # does: lines testing `mode === 'learn'` show the list's section; the
    # word alone places nothing.
    (tmp_path / "prepare.ts").write_text(
        "if (input.mode === 'learn' && !profile) {\n  throw new Error('no profile');\n}\n"
        "const limit = 3;\n\nexport const chooseStrategy = (mode: string) => mode;\n"
    )

    def found(cited: str) -> list[int]:
        page = (
            "# Course\n\n## Strategy\n\n`chooseStrategy` picks one of:\n"
            "* **learn**: a topic without sources.\n* **archive**: a ZIP source.\n\n"
            f"Sources: {_cited('prepare.ts', cited)}\n"
        )
        return [line for line, message in _diagnosed(tmp_path, page) if "chooseStrategy" in message]

    assert found("1-2") == []
    assert found("4") == [9]
    reader = page_subjects(["* **learn**: a topic named in `Mode` [a.py:1](a.py#L1)"])
    assert [(t.text, t.weak) for t in reader.subject(1, 40).also] == [("learn", True)]


def test_a_term_defined_on_the_cited_lines_shows_them(tmp_path: Path) -> None:
    # DeepWiki cites a manifest's scripts for "`npm run dev` or `npm run
    # deploy`": the lines define the scripts those commands run (`"dev":`),
    # though they never write the commands' three words together.
    (tmp_path / "package.json").write_text(
        '{\n  "name": "poc",\n  "private": true,\n  "scripts": {\n'
        '    "deploy": "wrangler deploy",\n    "dev": "wrangler dev"\n  },\n'
        '  "devDependencies": {\n    "wrangler": "^4.5.0"\n  }\n}\n'
    )

    def found(cited: str) -> list[int]:
        page = (
            "# Build\n\n## Running\n\nRun `npm run dev` or `npm run deploy` to start it.\n\n"
            f"Sources: {_cited('package.json', cited)}\n"
        )
        return [line for line, _ in _diagnosed(tmp_path, page)]

    assert found("4-7") == []
    # Lines defining neither: the finding says where they stand.
    assert found("8-10") == [7]


ARCHITECTURE = (
    "# Architecture\n"
    "\n"
    "`QueryCache` is made by `createQueryCache`.\n"
    "\n"
    "### Why the cache holds promises, not results\n"
    "The stored promise keeps its identity across renders: one request.\n"
    "\n"
    "### Why the cache holds results\n"
    "The result stays.\n"
)


def _section_found(tmp_path: Path, unit: str, lines: str) -> list[int]:
    (tmp_path / "docs").mkdir(exist_ok=True)
    (tmp_path / "docs" / "architecture.md").write_text(ARCHITECTURE)
    first, _, last = lines.partition("-")
    cited = f"[architecture.md:{lines}](docs/architecture.md#L{first}-L{last})"
    (tmp_path / "wiki.md").write_text(f"# Caching\n\n{unit}\n\n**Sources:** {cited}\n")
    settings = Settings(select=["DL811"], root=tmp_path, cache=False)
    return [d.line for d in check_paths([tmp_path / "wiki.md"], settings).diagnostics]


SECTION = (
    "- The `QueryCache` stores promises keyed by canonical strings.\n"
    "- It holds promise references, not results, keeping identity across renders."
)


def test_lines_writing_five_of_the_section_s_words_show_it(tmp_path: Path) -> None:
    # The section names `QueryCache` (defined on line 3); lines 5-6 write
    # holds, promises, results, identity, across, renders: its words.
    assert _section_found(tmp_path, SECTION, "5-6") == []


def test_lines_writing_fewer_of_its_words_or_a_sentence_s_do_not(tmp_path: Path) -> None:
    # Lines 8-9 write holds and results (and no name of the section).
    assert _section_found(tmp_path, SECTION, "8-9") == [6]
    # A sentence names what it is about: its words do not stand for it.
    cited = "strings (`docs/architecture.md:5-6`)."
    sentence = SECTION.replace("\n- It", " It").replace("strings.", cited)
    (tmp_path / "wiki.md").write_text(f"# Caching\n\n{sentence}\n")
    settings = Settings(select=["DL811"], root=tmp_path, cache=False)
    assert [d.line for d in check_paths([tmp_path / "wiki.md"], settings).diagnostics] == [3]


def test_a_scoped_package_without_a_version_is_a_name_placed_by_its_text(tmp_path: Path) -> None:
    # KanStack's DeepWiki page names `@tauri-apps/plugin-dialog` and cites
    # package.json:17, the dependency's line before the wiki's own commit added
    # four scripts above it; its slash had read it as a path, naming nothing.
    (tmp_path / "package.json").write_text(
        '{\n  "scripts": {\n    "dev": "vite",\n    "docs:dev": "vitepress dev docs",\n'
        '    "docs:build": "vitepress build docs",\n    "docs:preview": "vitepress preview docs",\n'
        '    "tauri": "tauri"\n  },\n  "dependencies": {\n    "@tauri-apps/api": "^2",\n'
        '    "@tauri-apps/plugin-dialog": "^2"\n  }\n}\n'
    )

    def found(cited: str) -> list[str]:
        page = (
            "# Plugins\n\nThe `@tauri-apps/plugin-dialog` dependency at "
            f"{_cited('package.json', cited)} opens dialogs.\n"
        )
        return [message for _, message in _diagnosed(tmp_path, page)]

    assert found("11") == []
    assert found("4") == [
        "the sentence names `@tauri-apps/plugin-dialog`, at `@tauri-apps/plugin-dialog` on 11; "
        'line 4 holds `"docs:dev": "vitepress dev docs",`'
    ]
    # A module of the package, as an import writes it, is its name too; the
    # project's own alias of a folder (`@/utils`) is a path.
    assert _terms("Call `@tauri-apps/api/core` (`a.ts:1`).", 1) == (
        "sentence",
        ["@tauri-apps/api/core"],
    )
    assert _terms("Read `@/utils/kanbanPath` (`a.ts:1`).", 1) == ("sentence", [])


def test_a_lower_camel_case_word_of_prose_is_a_name_a_product_is_weak(tmp_path: Path) -> None:
    # KanStack's DeepWiki page draws "Set appMessage ref" in its section's
    # diagram and cites `const appMessage = ...`; its prose names only the
    # banner, written elsewhere. A word in lower camelCase is code's name
    # (`appMessage`, `useWorkspace`); a product's is `iOS`, `iPhone`, `macOS`.
    (tmp_path / "App.vue").write_text(
        "<script setup>\nconst appMessage = shallowRef(null);\nconst other = 1;\n</script>\n"
        '<template>\n<AppMessageBanner :message="appMessage" />\n</template>\n'
    )

    def found(cited: str, drawn: str) -> list[int]:
        page = (
            "## Messages\n\nMessages show in `AppMessageBanner`.\n\n```mermaid\nsequenceDiagram\n"
            f"    Show->>Banner: {drawn}\n```\n\n"
            f"**Sources:** {_cited('App.vue', cited)}\n"
        )
        return [line for line, _ in _diagnosed(tmp_path, page)]

    assert found("2", "Set appMessage ref") == []
    # The same diagram naming nothing the line writes: the banner's place.
    assert found("3", "Set appMessage ref") == [10]
    reader = page_subjects(["Runs on macOS and iPhone, then calls appMessage (`a.ts:1`)."])
    weak = [(term.text, term.weak) for term in reader.subject(1, 1).terms]
    assert weak == [("macOS", True), ("iPhone", True), ("appMessage", False)]


def test_a_sentence_about_the_cited_file_citing_all_of_it_is_shown(tmp_path: Path) -> None:
    # KanStack's DeepWiki page: "The `src/main.ts` file at [src/main.ts:1-6]
    # is the JavaScript entry point": said of the whole file, in a word its
    # lines need not write.
    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "main.ts").write_text(
        "import { createApp } from 'vue'\n\nimport App from './App.vue'\n"
        "import './style.css'\n\ncreateApp(App).mount('#app')\n"
    )

    def found(named: str, cited: str) -> list[int]:
        page = (
            f"# Entry\n\nThe {named} file at [src/main.ts:{cited}](src/main.ts) is the "
            "JavaScript entry point.\n"
        )
        return [line for line, _ in _diagnosed(tmp_path, page)]

    assert found("`src/main.ts`", "1-6") == []
    # Part of the file, or a sentence naming no file: the word is judged.
    assert found("`src/main.ts`", "1-3") == [3]
    assert found("entry", "1-6") == [3]


def test_a_key_s_name_shows_a_row_and_places_nothing(tmp_path: Path) -> None:
    # KanStack's DeepWiki shortcut table: a row per branch of `if (event.key
    # === "Escape")`, each cited at its branch; `Space` the code writes `" "`.
    (tmp_path / "keys.ts").write_text(
        "function onKey(event: KeyboardEvent) {\n"
        '    if (event.key === "Escape") {\n\n        if (editing) {\n            closeEditor();\n'
        "            return;\n        }\n        clearSelection();\n    }\n"
        '    if (event.key === " ") {\n        startMove();\n    }\n}\n'
    )

    def found(row: str, cited: str) -> list[int]:
        page = (
            "# Keys\n\n| Shortcut | Action | Lines |\n|---|---|---|\n"
            f"| {row} | {_cited('keys.ts', cited)} |\n"
        )
        return [line for line, _ in _diagnosed(tmp_path, page)]

    assert found("`Escape` | Close editor", "4-7") == []
    assert found("`Space` | Enter move mode", "10-12") == []
    # A row naming what the branch calls is judged by it.
    assert found("`Escape` | `clearSelection()`", "4-7") == [5]
    reader = page_subjects(["| `Escape` | `ArrowUp` | [a.ts:1](a.ts#L1) |"])
    assert [(t.text, t.weak) for t in reader.subject(1, 25).terms] == [
        ("Escape", True),
        ("ArrowUp", True),
    ]


def test_a_section_s_hyphenated_prose_word_shows_it_and_places_nothing(tmp_path: Path) -> None:
    # The third Qoder wiki: "limited to max-parallel: 1" in plain prose,
    # citing the workflow's `max-parallel: 1`, while the section's `GitHub`
    # stands only on the plan job's `github.event_name` (line 7).
    (tmp_path / "stacks.yml").write_text(
        "name: Deploy\non:\n  pull_request:\n    branches: [main]\njobs:\n  plan:\n"
        "    if: github.event_name == 'pull_request'\n    runs-on: ubuntu-latest\n"
        "    steps:\n      - run: terraform plan\n  apply:\n    runs-on: ubuntu-latest\n"
        "    environment: production\n    strategy:\n      max-parallel: 1\n    steps:\n"
        "      - run: terraform apply\n      - run: terraform output\n"
        "      - run: terraform show\n      - run: echo max-parallel done\n"
    )

    def found(said: str, cited: str) -> list[int]:
        page = (
            f"# Pipeline\n\n## Performance\n\nApply jobs {said}.\n\n"
            f"Sources: {_cited('stacks.yml', cited)}\n"
        )
        return [line for line, _ in _diagnosed(tmp_path, page)]

    racing = "so GitHub runs never race"
    assert found(f"are limited to max-parallel: 1 {racing}", "14-16") == []
    # Another hyphenated word, or the same one cited where the lines write
    # it as words, not a key (`echo max-parallel done`, line 20): the
    # section's `GitHub` still judges.
    assert found(f"run one at a time, read-only first, {racing}", "14-16") == [7]
    assert found(f"are limited to max-parallel: 1 {racing}", "18-20") == [7]
    # Nor is it a place: alone, it judges nothing where the lines lack it.
    assert found("are limited to max-parallel: 1", "18-20") == []


def test_a_cited_heading_whose_words_the_section_s_prose_writes_shows_it(tmp_path: Path) -> None:
    # The third Qoder wiki cites a README's "### Drift Detection" for
    # "Observe scheduled runs for periodic drift detection", a section whose
    # only name, `GitHub`, the README writes elsewhere (line 3).
    (tmp_path / "GUIDE.md").write_text(
        "# Guide\n\nRuns on GitHub.\n\n## Operations\n\n### Drift Detection\n\n"
        "Schedule plan-only runs nightly.\n\n### Cleanup\n\nRemove old plans.\n\n"
        "### Drift Detection & Alerts\n\nPage the team.\n"
    )

    def found(said: str, cited: str) -> list[int]:
        page = f"# Ops\n\n## Monitoring\n\n{said}\n\nSources: {_cited('GUIDE.md', cited)}\n"
        return [line for line, _ in _diagnosed(tmp_path, page)]

    assert found("Observe scheduled runs for periodic drift detection on GitHub.", "7-9") == []
    # A heading of one word, or one the prose does not write whole (bastion's
    # "## Cross-platform & sync" for "cross-platform compatibility").
    assert found("Observe cleanup of scheduled runs on GitHub.", "11-13") == [7]
    assert found("Observe scheduled runs for periodic drift reports on GitHub.", "7-9") == [7]
    assert found("Observe scheduled runs for periodic drift detection on GitHub.", "15-17") == [7]


def test_a_citation_s_own_parenthesis_names_what_it_cites(tmp_path: Path) -> None:
    # ericfitz/tmi's plans list the files a task touches, each citation
    # with its own parenthesis: `repository_interfaces.go:32` (Group DTO),
    # `:50` (GroupFilter). A citation shows its parenthesis's names, not
    # the other citations' of its item.
    (tmp_path / "store.go").write_text(
        "package api\n\ntype Group struct {\n\tName string\n}\n\n"
        "type GroupFilter struct {\n\tGroup Group\n}\n\nfunc convertToGroup() {}\n"
    )

    def found(item: str) -> list[str]:
        return [message for _, message in _diagnosed(tmp_path, f"# Plan\n\n- Modify: {item}\n")]

    # The second citation's line stands in `Group`, which its item names,
    # not in `GroupFilter`, which its parenthesis names: flagged, saying where.
    assert found("`store.go:3` (`Group`), `store.go:4` (`GroupFilter`)") == [
        "the parenthesis names `GroupFilter`, at `GroupFilter` defined at 7-9; "
        "line 4 holds `Name string`"
    ]
    # Near misses: a parenthesis naming only an acronym (`DTO`) says what
    # the lines are in words, which places nothing; one in words ("best
    # candidate") leaves the item's names to judge.
    assert found("`store.go:3` (Group DTO), `store.go:7` (`GroupFilter`)") == []
    assert found("`store.go:11` (best candidate) for `convertToGroup`") == []
    assert found("`store.go:3` (best candidate) for `convertToGroup`") == [
        "the item names `convertToGroup`, at `convertToGroup` on 11; "
        "line 3 holds `type Group struct {`"
    ]


def test_a_document_s_item_number_is_no_name_of_the_code(tmp_path: Path) -> None:
    # tmi's findings table: `| F-018 | MEDIUM | api/h.go:688 | Owner-change
    # struct equality |`. The finding's number and severity are the
    # document's; the code never writes them.
    (tmp_path / "h.go").write_text(
        "package api\n\nfunc update() {\n\tchanged := a.Owner != b.Owner\n}\n\nfunc ownerOf() {}\n"
    )

    def found(row: str) -> list[str]:
        page = f"# Findings\n\n| ID | Severity | Location | Title |\n|---|---|---|---|\n{row}\n"
        return [message for _, message in _diagnosed(tmp_path, page)]

    assert found("| F-018 | MEDIUM | h.go:4 | Owner-change struct equality |") == []
    assert found("| CVE-2024-3094 | HIGH | h.go:4 | Owner-change struct equality |") == []
    # Near miss: a name of the code in the same row is judged.
    [flagged] = found("| F-018 | MEDIUM | h.go:4 | `ownerOf` compares owners |")
    assert flagged.startswith("the row names `ownerOf`, `F-018`, `MEDIUM`, at `ownerOf` on 7;")


def test_a_word_a_type_s_kind_follows_is_code_s_name(tmp_path: Path) -> None:
    # tmi's plan: "Modify: `auth/service.go:194` (Claims struct),
    # `auth/service.go:233-345` (GenerateTokens / GenerateTokensWithUserInfo)".
    (tmp_path / "service.go").write_text(
        "package auth\n\ntype Claims struct {\n\tUser string\n}\n\nfunc GenerateTokens() {}\n"
    )
    item = "- Modify: `service.go:3` ({}), `service.go:7` (`GenerateTokens`)\n"
    assert _diagnosed(tmp_path, "# Plan\n\n" + item.format("Claims struct")) == []
    # Near miss: a capitalised word before another word is prose.
    [(_, message)] = _diagnosed(tmp_path, "# Plan\n\n" + item.format("Claims handling"))
    assert message.startswith("the item names `GenerateTokens`")


def test_a_section_s_item_said_in_words_is_shown_by_the_lines_writing_its_phrase(
    tmp_path: Path,
) -> None:
    # Avi-Bendetsky/Quiz-to-build's Qoder wiki: a section listing items in
    # words, each citation of its sources list supporting one of them
    # ("Logging level is reduced in production" by `LOG_LEVEL=info`), while
    # the other items name `NODE_ENV` and `CORS_ORIGIN`.
    (tmp_path / "prod.env").write_text(
        "NODE_ENV=production\nPORT=3000\n\n# Logging\nLOG_LEVEL=info\n\n"
        "CORS_ORIGIN=https://example.com\nRETRIES=3\n"
    )
    (tmp_path / "main.ts").write_text(
        "// Log slow queries in development\nlogger.warn(`Slow query ${ms}`);\n"
        "// Retries\nconst retries = 3;\nconst env = process.env.NODE_ENV;\n"
    )

    def found(items: list[str], cited: str, path: str = "prod.env") -> list[str]:
        page = "\n".join(
            [
                "# Configuration",
                "",
                "## Production",
                "- Environment: NODE_ENV differs between development and production",
                *items,
                "- CORS_ORIGIN is restricted to trusted domains",
                "",
                "**Section sources**",
                f"- [{path}](file://{path}#L{cited.replace('-', '-L')})",
            ]
        )
        return [message for _, message in _diagnosed(tmp_path, page + "\n")]

    # Silent: the line writes "Logging level" as code names it, and the
    # item names nothing else; a code file's comment writes "slow queries".
    assert found(["- Logging level is reduced in production"], "5") == []
    assert found(["- Slow query warnings are logged in development"], "1-2", "main.ts") == []
    assert found(["- Slow query warnings are logged in development"], "3-4", "main.ts") != []
    # Near misses, still found: lines writing no item's phrase (the port),
    # an item's phrase whose item names what they do not show
    # (`LOG_FORMAT`), and one part of a phrase alone ("logging" by `LOG`).
    [port] = found(["- Logging level is reduced in production"], "2")
    assert port.startswith("the section names `NODE_ENV`, `CORS_ORIGIN`, at `NODE_ENV` on 1")
    assert found(["- Logging level follows `LOG_FORMAT` in production"], "5") != []
    assert found(["- Logging is reduced in production"], "5") != []
    # A prose file's words are no phrase: any two of them may be an item's.
    (tmp_path / "NOTES.md").write_text("# Notes\n\nSet NODE_ENV.\n\nThe logging level is high.\n")
    assert found(["- Logging level is reduced in production"], "5", "NOTES.md") != []


def test_a_sentence_naming_the_cited_file_is_shown_by_any_of_its_lines(tmp_path: Path) -> None:
    # batch-dns-checker's DeepWiki wiki: the item "(`UploadPage` imports)"
    # cites the import block of `UploadPage.tsx` itself; the
    # spring-modular-monolith one: a sentence on GitHub Actions cites a
    # step of `.github/workflows/maven.yml`. Every line of the file is that
    # module's or that tool's own.
    (tmp_path / "pages").mkdir()
    (tmp_path / "pages" / "UploadPage.tsx").write_text(
        "import { useState } from 'react'\nimport { post } from '../client'\n\n"
        "export function UploadPage() {\n  const [file, setFile] = useState(null)\n"
        "  return post(file, setFile)\n}\n\nfunction readFile(f) {\n  return f.text()\n}\n"
    )
    (tmp_path / ".github" / "workflows").mkdir(parents=True)
    (tmp_path / ".github" / "workflows" / "ci.yml").write_text(
        "name: CI\non: push\njobs:\n  build:\n    runs-on: ubuntu-latest\n    steps:\n"
        "      - name: Make wrapper executable\n        run: chmod +x mvnw\n"
    )
    (tmp_path / "api").mkdir()
    (tmp_path / "api" / "server.ts").write_text(
        "import { listen } from 'http'\n\nexport function start() {\n  listen(api)\n}\n"
    )
    (tmp_path / "config.py").write_text("import os\n\n\ndef parse_config(path):\n    return path\n")

    def found(page: str) -> list[int]:
        return [line for line, _ in _diagnosed(tmp_path, f"# Guide\n\n{page}\n")]

    # Silent: the item names the file it cites, the sentence the tool whose
    # hidden folder holds it.
    assert (
        found("- `UploadPage` imports ([pages/UploadPage.tsx:1-2](pages/UploadPage.tsx#L1-L2))")
        == []
    )
    assert (
        found(
            "GitHub makes the wrapper executable "
            "([.github/workflows/ci.yml:7-8](.github/workflows/ci.yml#L7-L8))."
        )
        == []
    )
    # Near misses, still found: the body of another function the file
    # holds, a section's term naming the file (the
    # section is about the page, its sources may cite its wrong part), a
    # folder of the code (`api/` holds other modules), and a name the
    # file's name is only a part of (`parse_config` in `config.py`).
    assert found(
        "The `UploadPage` component sends the file.\n\n"
        "Sources: [pages/UploadPage.tsx:1-2](pages/UploadPage.tsx#L1-L2)"
    ) == [5]
    assert found(
        "`UploadPage` reads it ([pages/UploadPage.tsx:10](pages/UploadPage.tsx#L10))."
    ) == [3]
    assert found("The `api` handle is served ([api/server.ts:1](api/server.ts#L1)).") == [3]
    assert found("`parse_config` reads the path ([config.py:1](config.py#L1)).") == [3]
    # Nor where the sentence names, beside the module, a thing it holds
    # elsewhere: the imports are the wrong lines for `parse_config`.
    assert found(
        "The `config` module reads it with `parse_config` ([config.py:1](config.py#L1))."
    ) == [3]
