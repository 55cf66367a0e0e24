import pytest
from doclint_rules.structure.broken_fence import BrokenFence, _longest_fence

from doclint import Settings, check_paths, check_text, parse
from doclint.rule_api import FixSafety
from tests.conftest import REAL, SEEDS, findings, require_shared
from tests.pages import file_docs
from tests.rules.fixing import apply_fixes, assert_fix_adds_nothing, rule_findings

INNER = file_docs("pkg/README.md", "python pkg/README.md", "markdown", body="Run `make`.\n")
OUTER_CLOSE = "```\n\n\n\n## High-Level Overview"


def _messages(text: str, path: str) -> list[tuple[int, str]]:
    report = check_text(text, path=path, settings=Settings(select=["DL102"]))
    return [(d.line, d.message) for d in report.diagnostics]


def test_embedded_fence_closing_the_original_source_early():
    text = file_docs("docs/pkg/README.md_docs.md", "python x.md", "markdown", body=INNER)
    # the outer block opens at 14; the embedded page's own ```markdown at 28 is
    # content (a fence with an info string cannot close), its "```" at 30 closes it
    got = _messages(text, "docs/docs/pkg/README.md_docs.md_docs.md")
    assert got == [
        (
            30,
            "the ``` at line 30 inside the embedded page closes the ```markdown block opened"
            " at line 14; the block was meant to end at line 47; open it with a longer fence"
            " (````markdown)",
        )
    ]


def test_near_miss_longer_outer_fence_holds():
    text = file_docs("docs/pkg/README.md_docs.md", "python x.md", "markdown", body=INNER)
    head, _, tail = text.rpartition(OUTER_CLOSE)
    text = head.replace("```markdown\n# Doc", "````markdown\n# Doc") + "`" + OUTER_CLOSE + tail
    assert findings(text, "docs/docs/pkg/README.md_docs.md_docs.md", "DL102") == []
    assert findings(INNER, "docs/pkg/README.md_docs.md", "DL102") == []


def test_unclosed_fence_is_reported_at_its_opening():
    text = "# Notes\n\n```python\nx = 1\n\n## Not a heading\n"
    assert findings(text, "notes.md", "broken-fence") == [(3, 1, "DL102")]


def test_nested_fence_closing_the_outer_block():
    text = "# Notes\n\n```markdown\nUse:\n\n```python\nx = 1\n```\n\nDone.\n```\n\nAfter.\n"
    got = _messages(text, "notes.md")
    # the "```" at 11, meant to close the outer block, opens an unclosed one:
    # a consequence of the same break, not reported again
    assert [line for line, _ in got] == [8]
    assert "closes the ```markdown block opened at line 3" in got[0][1]
    assert "meant to close the ```python fence at line 6" in got[0][1]


@pytest.mark.parametrize(
    "text",
    [
        "# N\n\n````markdown\n```python\nx = 1\n```\n````\n",
        "# N\n\n```markdown\n~~~python\nx = 1\n~~~\n```\n",
        "# N\n\n```\nplain ```python in prose\n```\n",
        "# N\n\n```python\nx = 1\n```\n\n    ```\n    indented code\n",
    ],
)
def test_near_miss_well_formed_fences(text):
    assert findings(text, "notes.md", "broken-fence") == []


def test_seeds_embed_pages_without_fences():
    require_shared()
    report = check_paths(sorted(SEEDS.glob("*.txt")), Settings(select=["DL102"]))
    assert report.diagnostics == []


def test_real_slice_every_docs_of_a_file_docs_page_breaks():
    require_shared()
    listing = (REAL / "LISTING.txt").read_text(encoding="utf-8").splitlines()
    settings = Settings(select=["DL102"], root=REAL, known_paths=listing)
    report = check_paths([REAL / "docs"], settings)
    got = sorted((d.path.split("docs/docs/")[-1], d.line) for d in report.diagnostics)
    # each embeds an X_docs.md whose own Original Source fence ends the block
    # (read: README.md_docs.md_docs.md:44 is the "```" after the embedded README)
    assert got == [
        ("test/distributed/tensor/README.md_docs.md_docs.md", 44),
        ("test/distributed/tensor/__init__.py_docs.md_docs.md", 35),
        ("test/distributed/tensor/debug/test_op_coverage.py_docs.md_docs.md", 66),
        ("test/distributed/tensor/experimental/test_register_sharding.py_docs.md_docs.md", 155),
        ("test/distributed/tensor/parallel/__init__.py_docs.md_docs.md", 34),
    ]


# Fixes

OUTER_PATH = "docs/docs/pkg/README.md_docs.md_docs.md"


def test_fix_lengthens_the_outer_fences():
    text = file_docs("docs/pkg/README.md_docs.md", "python x.md", "markdown", body=INNER)
    found = rule_findings(BrokenFence, text, OUTER_PATH)
    assert [f.fix.applicability for f in found] == [FixSafety.SAFE]
    fixed = apply_fixes(text, found)
    lines, expected = text.split("\n"), text.split("\n")
    # the opening fence (14) and the generator's closing fence (47) get a fourth backtick
    assert (lines[13], lines[46]) == ("```markdown", "```")
    expected[13], expected[46] = "````markdown", "````"
    assert fixed == "\n".join(expected)
    assert findings(fixed, OUTER_PATH, "DL102") == []
    source = parse(fixed, OUTER_PATH).source
    assert source.live_end_line == source.end_line == 47
    assert_fix_adds_nothing(BrokenFence, text, fixed, OUTER_PATH)


def test_fix_outgrows_the_longest_embedded_fence():
    inner = INNER.replace("```markdown\nRun", "`````markdown\nRun").replace(
        "`.\n```\n", "`.\n`````\n"
    )
    text = file_docs("docs/pkg/README.md_docs.md", "python x.md", "markdown", body=inner)
    found = rule_findings(BrokenFence, text, OUTER_PATH)
    fixed = apply_fixes(text, found)
    assert fixed.count("\n``````markdown\n") == 1 and fixed.count("\n``````\n") == 1
    assert findings(fixed, OUTER_PATH, "DL102") == []


@pytest.mark.parametrize(
    ("text", "longest"),
    [
        ("no fence here", 0),
        ("````\nx", 4),  # on the first line
        ("x\n   `````", 5),  # three spaces of indent still open a fence
        ("x\n    ``````\n```", 3),  # four do not
        ("a ````` b\n``` ````` ```", 3),  # a run inside a line opens nothing
        ("\t````\n~~~~~~\n``", 0),  # tabs are no indent; other characters, too short
        ("`" * 7 + "\n" + " ``````" * 5000, 7),  # a long line of runs
    ],
)
def test_longest_fence_opening_a_line(text, longest):
    assert _longest_fence(text, "`") == longest


def test_no_fix_for_unclosed_or_nested_blocks():
    for text in (
        "# Notes\n\n```python\nx = 1\n\n## Not a heading\n",
        "# Notes\n\n```markdown\nUse:\n\n```python\nx = 1\n```\n\nDone.\n```\n\nAfter.\n",
    ):
        found = rule_findings(BrokenFence, text, "notes.md")
        assert found and all(f.fix is None for f in found)


def test_fix_on_the_real_slice_mends_every_break():
    require_shared()
    listing = (REAL / "LISTING.txt").read_text(encoding="utf-8").splitlines()
    fixed_files = 0
    for file in sorted((REAL / "docs" / "docs").rglob("*_docs.md_docs.md")):
        path = file.relative_to(REAL).as_posix()
        text = file.read_text(encoding="utf-8")
        found = rule_findings(BrokenFence, text, path, REAL, listing)
        if not found:
            continue
        fixed = apply_fixes(text, found)
        changed = [
            (old, new)
            for old, new in zip(text.split("\n"), fixed.split("\n"), strict=True)
            if old != new
        ]
        assert [new for _, new in changed] == ["````markdown", "````"], path
        assert findings(fixed, path, "DL102", REAL, known_paths=listing) == [], path
        assert_fix_adds_nothing(BrokenFence, text, fixed, path, REAL, listing)
        fixed_files += 1
    assert fixed_files == 5
