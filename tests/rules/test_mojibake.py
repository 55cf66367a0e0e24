from doclint_rules._common.mojibake import suspect_lines, suspect_mojibake
from doclint_rules.encoding.mojibake import Mojibake

from doclint import Settings, check_paths, check_text
from doclint.rule_api import FixSafety
from tests.conftest import SEEDS, findings, require_shared
from tests.pages import file_docs, keyword_index, write
from tests.rules.fixing import apply_fixes, assert_fix_adds_nothing, rule_findings

ARROW = "\u00e2\u2020\u2019"  # "→" encoded as UTF-8, decoded as Windows-1252


def _messages(text: str, path: str = "notes.md") -> list[tuple[int, int, str]]:
    report = check_text(text, path=path, settings=Settings(select=["DL501"]))
    return [(d.line, d.column, d.message) for d in report.diagnostics]


def test_generator_arrow_is_flagged_with_its_repair():
    text = keyword_index("pkg/mod.py", ["Thing"]).replace("\u2192", ARROW)
    got = _messages(text, "docs/pkg/mod.py_kw.md")
    assert got == [
        (19, 12, f"`{ARROW}` is `\u2192` mis-decoded (UTF-8 read as Windows-1252)"),
    ]


def test_apostrophe_accent_and_double_mojibake():
    twice = "\u00c3\u00a2\u00e2\u201a\u00ac\u00e2\u201e\u00a2"  # U+2019 mangled twice
    text = f"# Notes\n\ndon\u00e2\u20ac\u2122t and caf\u00c3\u00a9\n\nx {twice}\n"
    got = _messages(text)
    assert [(line, column) for line, column, _ in got] == [(3, 4), (5, 3)]
    assert "`\u00e2\u20ac\u2122` is `\u2019`, `\u00c3\u00a9` is `\u00e9`" in got[0][2]
    assert got[1][2].endswith("(UTF-8 read as Windows-1252, twice)")


def test_mixed_line_names_the_codec_and_shows_invisible_characters():
    text = "# Notes\n\n\u2192 \u00c3\u0083 and \u00c2\u00a3 5\n"
    assert _messages(text) == [
        (
            3,
            3,
            "`\u00c3\\u0083` is `\u00c3`, `\u00c2\u00a3` is `\u00a3` mis-decoded"
            " (UTF-8 read as Latin-1)",
        )
    ]


def test_suspect_lines_are_those_each_line_test_accepts():
    lines = [f"{ARROW}", "caf\u00e9", "", f"a {ARROW} b {ARROW}", "plain", "\u00c3\u00a9", "x"]
    for text in ("\n".join(lines), "\n".join(lines) + "\n", "\n".join(lines[:-1])):
        expected = [i for i, line in enumerate(text.split("\n")) if suspect_mojibake(line)]
        assert list(suspect_lines(text)) == expected == [0, 3, 5]
    assert list(suspect_lines("only ascii\n")) == []


def test_suspect_lines_know_every_lead_and_continuation_character():
    # Every pair of characters from U+0080 up to U+2122 but the surrogates,
    # one pair a line, the pairs swapped on the next line.
    chars = [chr(c) for c in range(0x80, 0x2123)] + ["\ud800", "\U0001f600"]
    pairs = [a + b for a in chars[0x42:0x75] for b in chars] + [
        a + b for a in chars for b in "\u00e2\u2122"
    ]
    lines = [line for pair in pairs for line in (f"x{pair}y", pair[::-1])]
    text = "\n".join(lines)
    expected = [i for i, line in enumerate(lines) if suspect_mojibake(line)]
    assert list(suspect_lines(text)) == expected and len(expected) > 51 * 91


def test_near_miss_legitimate_non_ascii_stays_silent():
    text = (
        "# Caf\u00e9 notes\n\nna\u00efve \u2192 it\u2019s \u00c5ngstr\u00f6m, \u00a9 2024, "
        "\u4e2d\u6587, \U0001f600, \u00c0 la carte, \u00e9t\u00e9, 10\u00b0C, "
        "\u00bfqu\u00e9?, Stra\u00dfe, \u00e2ge\n"
    )
    assert findings(text, "notes.md", "mojibake") == []


def test_embedded_page_is_reported_once(tmp_path):
    kw = keyword_index("pkg/mod.py", ["Thing"]).replace("\u2192", ARROW)
    text = file_docs("docs/pkg/mod.py_kw.md", "python x.py", "markdown", body=kw)
    got = findings(text, "docs/docs/pkg/mod.py_kw.md_docs.md", "mojibake", tmp_path)
    assert got == [(33, 12, "DL501")]


def test_faithful_copy_of_a_source_with_mojibake_stays_silent(tmp_path):
    body = 'prompt = "Has\u00c5\u201ao: "\n'
    text = file_docs("pkg/test_x.py", "python pkg/test_x.py", body=body)
    # the source is not in the tree: the mojibake may be the generator's
    assert findings(text, "docs/pkg/test_x.py_docs.md", "mojibake", tmp_path) == [(15, 14, "DL501")]
    write(tmp_path, {"pkg/test_x.py": body})
    assert findings(text, "docs/pkg/test_x.py_docs.md", "mojibake", tmp_path) == []
    # outside the Original Source block a copy does not excuse it
    moved = text.replace("A file.", body.strip())
    got = findings(moved, "docs/pkg/test_x.py_docs.md", "mojibake", tmp_path)
    assert got == [(10, 14, "DL501")]


def test_every_seed_has_the_mangled_section_map_heading():
    require_shared()
    report = check_paths(sorted(SEEDS.glob("*.txt")), Settings(select=["DL501"]))
    got = sorted((d.path.rsplit("/", 1)[-1][:3], d.line, d.column) for d in report.diagnostics)
    assert got == [
        ("000", 159, 12),
        ("001", 118, 12),
        ("002", 140, 12),
        ("003", 107, 12),
        ("004", 90, 12),
    ]


def test_real_slice_writes_the_arrow_correctly(real_report):
    # its keyword indexes read "## Keyword → Section Map" (e.g. test_view_ops.py_kw.md:56)
    assert not [d for d in real_report.diagnostics if d.code == "DL501"]


# Fixes


def _fixed(text: str, path: str = "notes.md", **kwargs) -> tuple[list, str]:
    found = rule_findings(Mojibake, text, path, **kwargs)
    return found, apply_fixes(text, found)


def test_fix_repairs_the_generator_arrow():
    text = keyword_index("pkg/mod.py", ["Thing"])
    mangled = text.replace("\u2192", ARROW)
    found, fixed = _fixed(mangled, "docs/pkg/mod.py_kw.md")
    assert [f.fix.applicability for f in found] == [FixSafety.SAFE]
    assert fixed == text
    assert_fix_adds_nothing(Mojibake, mangled, fixed, "docs/pkg/mod.py_kw.md")


def test_fix_repairs_each_piece_and_leaves_the_rest():
    twice = "\u00c3\u00a2\u00e2\u201a\u00ac\u00e2\u201e\u00a2"  # U+2019 mangled twice
    text = (
        f"# Notes\n\ndon\u00e2\u20ac\u2122t, na\u00c3\u00afve caf\u00e9\n\n"
        f"x {twice}\n\n\u00c3\u00a9\u2192 kept\n"
    )
    found, fixed = _fixed(text)
    assert [len(f.fix.edits) for f in found] == [2, 1, 1]
    # the legitimate "é" and "→" beside the mojibake stay as they are
    assert fixed == "# Notes\n\ndon\u2019t, na\u00efve caf\u00e9\n\nx \u2019\n\n\u00e9\u2192 kept\n"


def test_no_fix_when_the_repair_is_more_than_mojibake():
    # ftfy would also turn the C1 control U+0080 into "€": a Windows-1252
    # guess about a byte, not a UTF-8 sequence read with the wrong codec
    text = "# Notes\n\nx \u00c3\u00a9\u0080 y\n"
    found, fixed = _fixed(text)
    assert [(f.line, f.fix) for f in found] == [(3, None)]
    assert fixed == text


def test_fix_on_every_seed_repairs_only_the_arrow():
    require_shared()
    for seed in sorted(SEEDS.glob("*.txt")):
        text = seed.read_text(encoding="utf-8")
        _, fixed = _fixed(text, seed.name)
        assert fixed == text.replace(
            f"## Keyword {ARROW} Section Map", "## Keyword \u2192 Section Map"
        )
        assert fixed != text and ARROW not in fixed, seed.name
