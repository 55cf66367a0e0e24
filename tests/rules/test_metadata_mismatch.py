from doclint_rules.file_claims.metadata_mismatch import MetadataMismatch

from doclint import Settings, check_paths, check_text
from doclint.rule_api import FixSafety
from tests.conftest import REAL, SEEDS, SHARED, findings, require_shared
from tests.pages import write
from tests.rules.fixing import apply_fixes, assert_fix_adds_nothing, rule_findings

BODY = "x = 1\n"  # 6 bytes


def docs_page(
    source: str,
    size: str = "6 bytes (0.01 KB)",
    kind: str = "Python Source Code",
    extension: str = "`.py`",
    path: str | None = None,
) -> str:
    """A file documentation whose File Metadata sits at lines 5-8."""
    return (
        f"# Documentation: `{source}`\n\n## File Metadata\n\n"
        f"- **Path**: `{path or source}`\n- **Size**: {size}\n- **Type**: {kind}\n"
        f"- **Extension**: {extension}\n\n## File Purpose\n\nA file.\n\n## Original Source\n\n"
        f"```python\n{BODY}```\n\n\n\n## High-Level Overview\n\nText.\n"
    )


def messages(text: str, path: str, root, **settings) -> list[tuple[int, int, str]]:
    report = check_text(text, path=path, settings=Settings(select=["DL303"], root=root, **settings))
    return [(d.line, d.column, d.message) for d in report.diagnostics]


def test_size_that_is_not_the_files(tmp_path):
    write(tmp_path, {"pkg/mod.py": BODY})
    text = docs_page("pkg/mod.py", size="1,234 bytes (1.21 KB)")
    assert messages(text, "docs/pkg/mod.py_docs.md", tmp_path) == [
        (6, 13, "claims 1,234 bytes; the file has 6")
    ]


def test_kilobytes_that_are_not_the_bytes(tmp_path):
    write(tmp_path, {"pkg/mod.py": BODY})
    text = docs_page("pkg/mod.py", size="6 bytes (0.60 KB)")
    assert messages(text, "docs/pkg/mod.py_docs.md", tmp_path) == [
        (6, 22, "claims 0.60 KB but 6 bytes is 0.01 KB")
    ]


def test_both_faults_of_a_size_line_make_one_finding(tmp_path):
    write(tmp_path, {"pkg/mod.py": BODY})
    text = docs_page("pkg/mod.py", size="2,048 bytes (1.00 KB)")
    assert messages(text, "docs/pkg/mod.py_docs.md", tmp_path) == [
        (6, 13, "claims 2,048 bytes; the file has 6; claims 1.00 KB but 2,048 bytes is 2.00 KB")
    ]


def test_path_type_and_extension_of_another_file(tmp_path):
    text = docs_page("pkg/notes.md", path="pkg/mod.py")
    assert messages(text, "docs/pkg/notes.md_docs.md", tmp_path) == [
        (5, 13, "claims path `pkg/mod.py`; the title documents `pkg/notes.md`"),
        (7, 13, "claims type `Python Source Code`, but a `.md` file is `Markdown Documentation`"),
        (8, 18, "claims `.py`; `notes.md` has `.md`"),
    ]


def test_extensionless_file(tmp_path):
    write(tmp_path, {"pkg/Makefile": BODY})
    good = docs_page("pkg/Makefile", kind="Source File ()", extension="``")
    assert findings(good, "docs/pkg/Makefile_docs.md", "DL303", tmp_path) == []
    bad = docs_page("pkg/Makefile", kind="Source File (.mk)", extension="`.mk`")
    assert messages(bad, "docs/pkg/Makefile_docs.md", tmp_path) == [
        (
            7,
            13,
            "claims type `Source File (.mk)`, but a file without an extension is `Source File ()`",
        ),
        (8, 18, "claims `.mk`; `Makefile` has no extension"),
    ]


def test_near_miss_consistent_unknown_or_unmeasurable(tmp_path):
    write(tmp_path, {"pkg/mod.py": BODY, "pkg/run.sh": BODY})
    assert findings(docs_page("pkg/mod.py"), "docs/pkg/mod.py_docs.md", "DL303", tmp_path) == []
    # a type the generator is not known to write says nothing about the extension
    text = docs_page("pkg/run.sh", kind="Shell Script", extension="`.sh`")
    assert findings(text, "docs/pkg/run.sh_docs.md", "DL303", tmp_path) == []
    # the generic type of an extension without a type of its own
    text = docs_page("pkg/run.sh", kind="Source File (.sh)", extension="`.sh`")
    assert findings(text, "docs/pkg/run.sh_docs.md", "DL303", tmp_path) == []
    # listed but not on disk: its size is unknown
    text = docs_page("pkg/gone.py", size="1,234 bytes (1.21 KB)")
    got = findings(text, "docs/pkg/gone.py_docs.md", "DL303", tmp_path, known_paths=["pkg/gone.py"])
    assert got == []


def test_embedded_page_is_judged_at_the_outer_lines(tmp_path):
    write(tmp_path, {"pkg/mod.py": BODY})
    inner = docs_page("pkg/mod.py", size="7 bytes (0.01 KB)")
    outer = docs_page("docs/pkg/mod.py_docs.md", size="1 bytes (0.00 KB)", extension="`.md`")
    outer = outer.replace("Python Source Code", "Markdown Documentation")
    outer = outer.replace(f"```python\n{BODY}```", f"```markdown\n{inner}```")
    write(tmp_path, {"docs/pkg/mod.py_docs.md": inner})
    size = len(inner.encode())
    got = messages(outer, "docs/docs/pkg/mod.py_docs.md_docs.md", tmp_path)
    assert got == [
        (6, 13, f"claims 1 bytes; the file has {size:,}"),
        (22, 13, "claims 7 bytes; the file has 6"),
    ]


def test_seed_000_claims_the_real_size():
    require_shared()
    listing = (REAL / "LISTING.txt").read_text(encoding="utf-8").splitlines()
    text = (SEEDS / "000_5344d29dba543be9.txt").read_text(encoding="utf-8")
    path = "docs/docs/test/distributed/tensor/test_dtensor_compile.py_kw.md_docs.md"
    assert messages(text, path, REAL, known_paths=listing) == []
    wrong = text.replace("13,269 bytes (12.96 KB)", "13,266 bytes (12.96 KB)", 1)
    assert messages(wrong, path, REAL, known_paths=listing) == [
        (6, 13, "claims 13,266 bytes; the file has 13,269")
    ]
    # the page it documents has one character of three bytes (an arrow): 13,267 counts characters
    counted = text.replace("13,269 bytes (12.96 KB)", "13,267 bytes (12.96 KB)", 1)
    assert messages(counted, path, REAL, known_paths=listing) == [
        (
            6,
            13,
            "claims 13,267 bytes, the count of characters of the file:"
            " its 13,267 characters are 13,269 bytes",
        )
    ]


def test_real_slice_is_silent():
    require_shared()
    listing = (REAL / "LISTING.txt").read_text(encoding="utf-8").splitlines()
    settings = Settings(select=["DL303"], root=REAL, known_paths=listing)
    assert check_paths([REAL / "docs"], settings).diagnostics == []
    # on disk alone the sources are missing, so only the pages' sizes are judged
    assert check_paths([REAL / "docs"], Settings(select=["DL303"], root=REAL)).diagnostics == []


# Fixes


def fixed_by_rule(text: str, path: str, root, known_paths=None) -> tuple[list, str]:
    found = rule_findings(MetadataMismatch, text, path, root, known_paths)
    return found, apply_fixes(text, found)


def test_fix_rewrites_the_size_from_the_file(tmp_path):
    write(tmp_path, {"pkg/mod.py": BODY})
    for wrong in ("1,234 bytes (1.21 KB)", "6 bytes (0.60 KB)", "2,048 bytes (1.00 KB)"):
        text = docs_page("pkg/mod.py", size=wrong)
        found, fixed = fixed_by_rule(text, "docs/pkg/mod.py_docs.md", tmp_path)
        assert [f.fix.applicability for f in found] == [FixSafety.SAFE]
        assert fixed == docs_page("pkg/mod.py"), wrong
        assert_fix_adds_nothing(MetadataMismatch, text, fixed, "docs/pkg/mod.py_docs.md", tmp_path)


def test_fix_writes_big_sizes_the_generators_way(tmp_path):
    # The text the page shows, with blank lines to a big size: not another version.
    write(tmp_path, {"pkg/mod.py": BODY.rstrip("\n") + "\n" * 13264})
    text = docs_page("pkg/mod.py", size="13,296 bytes (12.98 KB)")
    _, fixed = fixed_by_rule(text, "docs/pkg/mod.py_docs.md", tmp_path)
    assert "\n- **Size**: 13,269 bytes (12.96 KB)\n" in fixed


def test_no_size_fix_when_the_file_cannot_be_measured(tmp_path):
    # listed but not on disk: only the KB figure is judged, and the bytes may be the wrong half
    text = docs_page("pkg/gone.py", size="1,234 bytes (0.01 KB)")
    found, fixed = fixed_by_rule(text, "docs/pkg/gone.py_docs.md", tmp_path, ["pkg/gone.py"])
    assert [(f.line, f.fix) for f in found] == [(6, None)]
    assert fixed == text


def test_fix_rewrites_path_type_and_extension_from_the_title(tmp_path):
    text = docs_page("pkg/notes.md", path="pkg/mod.py")
    found, fixed = fixed_by_rule(text, "docs/pkg/notes.md_docs.md", tmp_path)
    assert [f.fix.applicability for f in found] == [FixSafety.SAFE] * 3
    assert fixed == docs_page("pkg/notes.md", kind="Markdown Documentation", extension="`.md`")
    extensionless = docs_page("pkg/Makefile", kind="Source File (.mk)", extension="`.mk`")
    _, fixed = fixed_by_rule(extensionless, "docs/pkg/Makefile_docs.md", tmp_path)
    assert fixed == docs_page("pkg/Makefile", kind="Source File ()", extension="``")


def test_no_path_fix_for_a_page_away_from_its_title(tmp_path):
    # the page's own place does not confirm its title: which one is right is a guess
    text = docs_page("pkg/notes.md", path="pkg/mod.py")
    found, fixed = fixed_by_rule(text, "docs/other/mod.py_docs.md", tmp_path)
    assert fixed == text
    assert len(found) == 3 and all(f.fix is None for f in found)


def test_fix_of_an_embedded_page_at_the_outer_lines(tmp_path):
    write(tmp_path, {"pkg/mod.py": BODY})
    inner = docs_page("pkg/mod.py", size="7 bytes (0.01 KB)")
    outer = docs_page("docs/pkg/mod.py_docs.md", extension="`.md`")
    outer = outer.replace("Python Source Code", "Markdown Documentation")
    outer = outer.replace(f"```python\n{BODY}```", f"```markdown\n{inner}```")
    # The outer page embeds the level-one page as it is (else it is stale-page's).
    write(tmp_path, {"docs/pkg/mod.py_docs.md": inner})
    size = len(inner.encode())
    outer = outer.replace("6 bytes (0.01 KB)", "1 bytes (0.00 KB)", 1)
    path = "docs/docs/pkg/mod.py_docs.md_docs.md"
    found, fixed = fixed_by_rule(outer, path, tmp_path)
    assert [f.line for f in found] == [6, 22]
    lines = fixed.split("\n")
    assert lines[5] == f"- **Size**: {size:,} bytes ({size / 1024:.2f} KB)"
    assert lines[21] == "- **Size**: 6 bytes (0.01 KB)"


def test_fix_on_the_seed_restores_the_real_size():
    require_shared()
    listing = (REAL / "LISTING.txt").read_text(encoding="utf-8").splitlines()
    text = (SEEDS / "000_5344d29dba543be9.txt").read_text(encoding="utf-8")
    path = "docs/docs/test/distributed/tensor/test_dtensor_compile.py_kw.md_docs.md"
    wrong = text.replace("13,269 bytes (12.96 KB)", "13,267 bytes (12.91 KB)", 1)
    found, fixed = fixed_by_rule(wrong, path, REAL, listing)
    assert [(f.line, f.fix.applicability) for f in found] == [(6, FixSafety.SAFE)]
    assert fixed == text


def test_older_template_path_holds_the_file_name_of_its_title(tmp_path):
    # A "Repo Book Generator v1.0" title names the file alone; its Path line
    # gives the folder, which a page away from its place cannot contradict.
    require_shared()
    real = SHARED / "corpus" / "templates" / "in" / "return_types.pyi.in_docs.md"
    text = real.read_text(encoding="utf-8")
    assert "- **Path**: `torch/_C/return_types.pyi.in`" in text
    assert messages(text, "pages/return_types.pyi.in_docs.md", tmp_path) == []
    wrong = text.replace("`torch/_C/return_types.pyi.in`", "`torch/_C/return_types.pyi`")
    assert messages(wrong, "pages/return_types.pyi.in_docs.md", tmp_path) == [
        (
            4,
            13,
            "claims path `torch/_C/return_types.pyi`; the title documents `return_types.pyi.in`",
        )
    ]
