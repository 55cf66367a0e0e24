"""The Python API: check_paths, check_text, parse; reports round-trip through JSON."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import doclint
from tests.checking import run_cli
from tests.conftest import SEEDS, require_shared
from tests.pages import keyword_index, write


def test_check_paths_returns_a_sorted_report(tmp_path):
    write(
        tmp_path,
        {"docs/pkg/mod.py_kw.md": keyword_index("pkg/mod.py", ["def"]), "pkg/mod.py": "x = 1\n"},
    )
    settings = doclint.Settings(root=tmp_path, ignore=["broken-link"])
    report = doclint.check_paths([tmp_path / "docs"], settings)
    assert report.files_checked == 1
    assert [d.code for d in report.diagnostics] == ["DL101", "DL201"]
    assert report.counts() == {"DL101": 1, "DL201": 1}


def test_report_round_trips_through_json():
    require_shared()
    report = doclint.check_paths(sorted(SEEDS.glob("*.txt")))
    again = doclint.Report.model_validate_json(report.model_dump_json())
    assert again == report and again.diagnostics


def test_check_text_and_parse():
    text = keyword_index("pkg/mod.py", ["Thing", "is"])
    report = doclint.check_text(
        text, path="docs/pkg/mod.py_kw.md", settings=doclint.Settings(select=["DL1", "DL2"])
    )
    assert [(d.line, d.name) for d in report.diagnostics] == [
        (14, "unknown-heading"),
        (17, "keyword-as-class"),
    ]
    page = doclint.parse(text, path="docs/pkg/mod.py_kw.md")
    assert page.kind is doclint.DocKind.KEYWORD_INDEX
    assert page.described == "pkg/mod.py"
    assert [entry.name for entry in page.categories[0].entries] == ["Thing", "is"]
    assert doclint.parse("plain *text*\n").kind is doclint.DocKind.MARKDOWN


# The command line's twin

# A tree with findings of several families: DL101 and DL2 (keyword index), DL401.
TREE = {
    "docs/pkg/mod.py_kw.md": keyword_index("pkg/mod.py", ["def", "Thing"]),
    "pkg/mod.py": "x = 1\n",
}


def _cli_json(monkeypatch, capsys, cwd, *args: str) -> list[dict[str, object]]:
    outcome = run_cli(monkeypatch, capsys, cwd, "check", "--output-format", "json", *args)
    assert outcome.code in (0, 1), outcome.err
    return json.loads(outcome.out)


def test_check_paths_reads_the_configuration_as_doclint_check_does(tmp_path, monkeypatch, capsys):
    write(tmp_path, {**TREE, "doclint.toml": 'ignore = ["DL2"]\n'})
    cli = _cli_json(monkeypatch, capsys, tmp_path, "--no-cache", "docs")
    api = doclint.check_paths(["docs"])
    assert [d.model_dump(mode="json") for d in api.diagnostics] == cli
    codes = {d.code for d in api.diagnostics}
    assert codes and not any(code.startswith("DL2") for code in codes)
    # Without the file the same tree has DL2 findings: the file is what left them out.
    (tmp_path / "doclint.toml").unlink()
    assert any(d.code.startswith("DL2") for d in doclint.check_paths(["docs"]).diagnostics)


def test_load_config_gives_the_settings_the_command_line_would_use(tmp_path, monkeypatch):
    write(tmp_path, {**TREE, "sub/doclint.toml": 'select = ["DL101"]\n'})
    (tmp_path / "pyproject.toml").write_text('[tool.doclint]\nignore = ["DL2"]\n')
    monkeypatch.chdir(tmp_path)
    found = doclint.load_config(start="docs")
    assert found.ignore == ["DL2"] and found.base == tmp_path
    named = doclint.load_config(tmp_path / "sub/doclint.toml")
    assert named.select == ["DL101"]
    report = doclint.check_paths(["docs"], named)
    assert {d.code for d in report.diagnostics} == {"DL101"}
    assert doclint.load_config(start="/").ignore == []  # no file: the defaults
    with pytest.raises(doclint.ConfigError, match="no such configuration file"):
        doclint.load_config(tmp_path / "missing.toml")
    (tmp_path / "bad.toml").write_text('selct = ["DL1"]\n')
    with pytest.raises(doclint.ConfigError, match="did you mean `select`"):
        doclint.load_config(tmp_path / "bad.toml")


def test_check_text_reads_the_configuration_above_its_path(tmp_path, monkeypatch):
    write(tmp_path, {**TREE, "doclint.toml": 'ignore = ["DL2"]\n'})
    monkeypatch.chdir(tmp_path)
    text = TREE["docs/pkg/mod.py_kw.md"]
    codes = {d.code for d in doclint.check_text(text, path="docs/pkg/mod.py_kw.md").diagnostics}
    assert "DL101" in codes and not any(code.startswith("DL2") for code in codes)


def test_check_text_and_fix_text_take_a_path_object_as_its_string(tmp_path, monkeypatch):
    write(tmp_path, TREE)
    monkeypatch.chdir(tmp_path)
    text = TREE["docs/pkg/mod.py_kw.md"]
    named = "docs/pkg/mod.py_kw.md"
    assert doclint.check_text(text, Path(named)) == doclint.check_text(text, named)
    assert doclint.fix_text(text, Path(named)) == doclint.fix_text(text, named)


def test_a_diagnostic_carries_every_field_of_the_json_row(tmp_path, monkeypatch, capsys):
    write(tmp_path, TREE)
    cli = _cli_json(monkeypatch, capsys, tmp_path, "--no-cache", "--isolated", "docs")
    api = doclint.check_paths(["docs"], doclint.Settings())
    assert set(doclint.Diagnostic.model_fields) == set(cli[0])
    assert [d.model_dump(mode="json") for d in api.diagnostics] == cli
    fixed = next(d for d in api.diagnostics if d.fix is not None)
    assert isinstance(fixed.fix, doclint.Fix) and isinstance(fixed.fix.edits[0], doclint.Edit)
    assert fixed.fix.applicability == "safe" and fixed.url.startswith("https://")
    assert (fixed.end_line, fixed.end_column) == (fixed.line, fixed.column)
    assert [doclint.Diagnostic.from_row(d.to_row()) for d in api.diagnostics] == api.diagnostics


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: doclint.check_paths("tree/docs"), r"not one path: \['tree/docs'\]"),
        (lambda: doclint.fix_paths("tree/docs"), r"not one path"),
        (lambda: doclint.check_paths(Path("tree/docs")), r"not one path"),
        (lambda: doclint.Settings(select="DL201"), r"select=\['DL201'\]"),
        (lambda: doclint.Settings(ignore="DL2"), r"ignore=\['DL2'\]"),
        (lambda: doclint.Settings(exclude="docs/x"), r"takes a list, not a string"),
        (lambda: doclint.check_text(12), r"str or bytes, not int"),
        (lambda: doclint.fix_text(b"# x\n"), r"takes a str, not bytes"),
    ],
)
def test_a_string_where_a_list_belongs_is_refused_clearly(call, message):
    with pytest.raises(TypeError, match=message):
        call()


def test_negative_jobs_and_sizes_are_refused():
    with pytest.raises(ValueError, match="jobs"):
        doclint.Settings(jobs=-1)
    with pytest.raises(ValueError, match="max_file_size"):
        doclint.Settings(max_file_size=0)
    assert doclint.Settings(jobs=0, root="x").root == Path("x")  # a str path is a Path


def test_settings_are_the_dataclass_their_fields_make():
    """`Settings.__init__` is written out: it takes each field, in order,
    with the field's default (a new list or dict where the field has a
    factory), and a changed copy compares and shows as a dataclass's."""
    import dataclasses
    import inspect

    fields = dataclasses.fields(doclint.Settings)
    parameters = list(inspect.signature(doclint.Settings).parameters.values())
    assert [parameter.name for parameter in parameters] == [field.name for field in fields]
    made = doclint.Settings()
    for parameter, field in zip(parameters, fields, strict=True):
        if field.default_factory is not dataclasses.MISSING:
            assert parameter.default is None
            assert getattr(made, field.name) == field.default_factory()
        else:
            assert parameter.default == field.default == getattr(made, field.name)
    assert doclint.Settings().ignore is not made.ignore
    changed = dataclasses.replace(made, select=["DL1"], jobs=2)
    assert changed == doclint.Settings(select=["DL1"], jobs=2) and changed != made
    assert repr(changed).startswith("Settings(select=['DL1'], ignore=[], extend_select=[], ")
    with pytest.raises(TypeError):
        hash(made)
    with pytest.raises(ValueError, match="jobs"):
        dataclasses.replace(made, jobs=-2)  # checked as the original


def test_check_text_takes_bytes_as_a_file_is_read():
    text = keyword_index("pkg/mod.py", ["Thing", "is"])
    settings = doclint.Settings(select=["DL0", "DL1", "DL2"])
    as_text = doclint.check_text(text, path="docs/pkg/mod.py_kw.md", settings=settings)
    as_bytes = doclint.check_text(text.encode(), path="docs/pkg/mod.py_kw.md", settings=settings)
    assert as_bytes == as_text and as_text.diagnostics
    bad = doclint.check_text(b"# T\n\nbad \xff byte\n", path="notes.md", settings=settings)
    assert [(d.code, d.line) for d in bad.diagnostics] == [("DL003", 3)]


def test_the_exceptions_are_public():
    assert issubclass(doclint.MissingPathError, FileNotFoundError)
    assert issubclass(doclint.SelectionError, ValueError)
    with pytest.raises(doclint.MissingPathError):
        doclint.check_paths(["no/such/path"], doclint.Settings())
    with pytest.raises(doclint.SelectionError):
        doclint.check_paths(["."], doclint.Settings(select=["DL999"]))


def test_fix_text_applies_what_fix_applies_and_writes_nothing(tmp_path, monkeypatch, capsys):
    write(tmp_path, TREE)
    page = tmp_path / "docs/pkg/mod.py_kw.md"
    before = page.read_text()
    monkeypatch.chdir(tmp_path)
    fixed = doclint.fix_text(before, path="docs/pkg/mod.py_kw.md")
    assert fixed.changed and fixed.fixed == {"DL101": 1, "DL201": 2}
    assert "### Classes" in fixed.text and page.read_text() == before
    # --fix on the file gives the same bytes and leaves the same findings.
    outcome = run_cli(monkeypatch, capsys, tmp_path, "check", "--fix", "--no-cache", "docs")
    assert page.read_text() == fixed.text
    assert len(fixed.report.diagnostics) == outcome.out.count(": DL")
    unchanged = doclint.fix_text(fixed.text, path="docs/pkg/mod.py_kw.md")
    assert not unchanged.changed and unchanged.text == fixed.text and unchanged.fixed == {}


def test_fix_paths_writes_or_only_shows_the_diffs(tmp_path, monkeypatch):
    write(tmp_path, TREE)
    page = tmp_path / "docs/pkg/mod.py_kw.md"
    before = page.read_text()
    monkeypatch.chdir(tmp_path)
    preview = doclint.fix_paths(["docs"], write=False)
    assert page.read_text() == before
    assert preview.files_fixed == ["docs/pkg/mod.py_kw.md"] and preview.fixed["DL101"] == 1
    assert preview.diffs[0].startswith("--- a/docs/pkg/mod.py_kw.md")
    done = doclint.fix_paths(["docs"])
    assert done.fixed == preview.fixed and done.diffs == []
    assert "### Classes" in page.read_text()
    assert not any(
        d.fix for d in done.report.diagnostics if d.fix and d.fix.applicability == "safe"
    )
