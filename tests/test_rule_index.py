"""The built-in rules' facts as data (doclint/engine/rule_index.json): current
with the rule modules, equal to what the classes state, set aside for a
module whose code changed; and a check of one page imports only the rules
that can apply to it and the language readers of the sources it reads."""

from __future__ import annotations

import importlib
import os
import pkgutil
import shutil
import subprocess
import sys
import textwrap
import zipfile
from pathlib import Path

import doclint_rules
import pytest
from doclint_rules import _languages

from doclint.engine import Linter, Settings, registry, rule_index
from doclint.engine.builtin_rules import ENGINE_RULES
from doclint.engine.registry import (
    BUILTIN_PACKAGE,
    Registry,
    RuleEntry,
    builtin_rules,
    load_registry,
    package_modules,
)
from doclint.engine.rule_index import INDEX, RuleFacts, indexed_facts, write_index
from doclint.incremental.store import cache_key
from doclint.models import installed
from doclint.rule_api import FixSafety, Scope, Severity
from doclint.run.setup import result_key
from doclint.tree.index import Tree
from doclint.util import module_files
from tests.conftest import PROJECT
from tests.test_startup import imported, printed


def test_the_committed_index_is_that_of_the_rule_modules():
    # `python -m doclint.engine.rule_index` writes it again after a rule module changed.
    assert INDEX.read_text(encoding="utf-8") == write_index(package_modules(BUILTIN_PACKAGE))


def test_the_registry_is_read_without_importing_a_rule_module():
    script = (
        "import sys; from doclint.engine.registry import load_registry;"
        " assert len(load_registry().entries) >= 52;"
        " print(sorted(m for m in sys.modules if m.startswith('doclint_rules.')))"
    )
    assert printed(script) == "[]\n"


def test_each_rule_is_known_by_the_facts_its_class_states():
    registry = load_registry()
    rules = [rule for rule in builtin_rules() if rule not in ENGINE_RULES]
    assert len(rules) >= 43
    for rule in rules:
        entry = registry.entries[rule.code]
        assert entry.facts == RuleFacts.of(rule)
        assert entry.load() is rule
    options = registry.entries["DL202"].facts.options
    assert options == (("extra-stop-words", ()),)
    assert registry.entries["DL809"].facts.outside_state
    assert not registry.entries["DL401"].facts.outside_state


def test_a_module_whose_bytes_differ_from_the_index_is_not_known_by_it(tmp_path):
    (name, file), *_ = package_modules(BUILTIN_PACKAGE)
    assert indexed_facts(name, file)
    copy = tmp_path / "copy.py"
    copy.write_bytes(Path(file).read_bytes())
    assert indexed_facts(name, str(copy)) == indexed_facts(name, file)
    copy.write_bytes(Path(file).read_bytes() + b"\n# edited\n")
    assert indexed_facts(name, str(copy)) is None
    assert indexed_facts(f"{BUILTIN_PACKAGE}.not_indexed", file) is None


def test_a_rule_package_s_modules_are_those_pkgutil_finds(tmp_path, monkeypatch):
    """A folder of rules is listed as `pkgutil.iter_modules` lists it (which
    imports inspect for `getmodulename`): modules of any suffix, packages
    (a folder with an `__init__`), neither a folder without one nor a name
    with a dot, and a package before a module of its name."""
    import pkgutil
    import sys

    package = tmp_path / "some_rules"
    for name in ("__init__.py", "b_rule.py", "a_rule.pyc", "_helper.py", "x.y.py", "c.txt"):
        (package / name).parent.mkdir(parents=True, exist_ok=True)
        (package / name).write_text("")
    (package / "d_pkg").mkdir()
    (package / "d_pkg" / "__init__.py").write_text("")
    (package / "d_pkg.py").write_text("")
    (package / "e_folder").mkdir()
    (package / "e_folder" / "notes.md").write_text("")
    monkeypatch.syspath_prepend(str(tmp_path))
    found = package_modules("some_rules")
    listed = sorted(info.name for info in pkgutil.iter_modules([str(package)]))
    public = [f"some_rules.{name}" for name in listed if not name.startswith("_")]
    assert [name for name, _ in found] == public
    assert found == [
        ("some_rules.a_rule", str(package / "a_rule.py")),
        ("some_rules.b_rule", str(package / "b_rule.py")),
        ("some_rules.d_pkg", str(package / "d_pkg" / "__init__.py")),
    ]
    monkeypatch.delitem(sys.modules, "some_rules")


def test_a_damaged_index_entry_is_as_good_as_none(monkeypatch):
    (name, file), *_ = package_modules(BUILTIN_PACKAGE)
    sha = rule_index.digest(Path(file).read_bytes())
    for damaged in ([], {"rules": []}, {"sha256": sha}, {"sha256": sha, "rules": [{"code": 1}]}):
        monkeypatch.setattr(rule_index, "_entries", lambda damaged=damaged: {name: damaged})
        assert indexed_facts(name, file) is None


def _run_with_rules(tmp_path: Path, edits: dict[str, tuple[str, str]], *args: str) -> str:
    """The output of `python ARGS` with a copy of the rules package first on
    the path, `edits` (module: (old, new)) made to its files: what an
    editable install runs while a rule module is being edited."""
    copy = tmp_path / "doclint_rules"
    shutil.copytree(Path(doclint_rules.__path__[0]), copy, ignore=shutil.ignore_patterns("*.so"))
    for module, (old, new) in edits.items():
        source = copy / f"{module}.py"
        text = source.read_text(encoding="utf-8")
        assert old in text
        source.write_text(text.replace(old, new), encoding="utf-8")
    path = [str(tmp_path), *filter(None, [os.environ.get("PYTHONPATH")])]
    done = subprocess.run(
        [sys.executable, *args],
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONPATH": os.pathsep.join(path)},
        cwd=tmp_path,
        check=False,
    )
    assert done.stderr == ""
    return done.stdout


def test_a_rule_module_edited_since_the_index_is_imported_and_read(tmp_path):
    edits = {"broken_fence": ('name = "broken-fence"', 'name = "broken-fences"')}
    listed = _run_with_rules(tmp_path, edits, "-m", "doclint", "rules").splitlines()
    assert any(line.split()[:2] == ["DL102", "broken-fences"] for line in listed)
    assert any(line.split()[:2] == ["DL101", "unknown-heading"] for line in listed)


def test_the_cache_key_changes_when_a_rule_module_changes(tmp_path):
    script = textwrap.dedent(
        """
        from pathlib import Path
        from doclint.engine import Linter, Settings
        from doclint.incremental.store import cache_key
        from doclint.run.setup import result_key
        from doclint.tree.index import Tree
        print(cache_key(result_key(Linter(Settings(), Tree(Path.cwd())))))
        """
    )
    same = _run_with_rules(tmp_path / "a", {}, "-c", script)
    again = _run_with_rules(tmp_path / "b", {}, "-c", script)
    edits = {"broken_fence": ("return", "return  # edited")}
    edited = _run_with_rules(tmp_path / "c", edits, "-c", script)
    assert same == again != edited


def test_the_cache_key_is_the_same_whether_the_rules_are_known_by_their_facts_or_imported(
    tmp_path,
):
    settings = Settings(extend_select=["ALL"])
    indexed = load_registry()
    imported = Registry()
    for rule in builtin_rules():
        imported.add(rule, "test")
    assert all(entry._rule is not None for entry in imported.entries.values())
    keys = [
        result_key(Linter(settings, Tree(tmp_path), registry)) for registry in (indexed, imported)
    ]
    assert keys[0] == keys[1]
    assert cache_key(keys[0]) == cache_key(keys[1])


def test_a_rule_whose_module_fails_to_import_is_an_internal_error_where_it_applies(tmp_path):
    registry = load_registry()
    facts = RuleFacts(
        "DL999",
        "vanished",
        "doclint_rules.no_such_module",
        "Vanished",
        Scope.PAGE,
        frozenset({"keyword-index"}),
        None,
        True,
        Severity.ERROR,
        FixSafety.NONE,
        (),
        False,
    )
    registry.add_entry(RuleEntry(facts, file=str(tmp_path / "no_such_module.py")), "test")
    linter = Linter(Settings(select=["DL999", "DL001"]), Tree(tmp_path), registry)
    index = "# Keyword Index: `pkg/mod.py`\n\n## Keywords Extracted\n"
    (crash,) = linter.check_text(index, "docs/pkg/mod.py_kw.md").rows
    assert crash.code == "DL001"
    assert crash.message.startswith("rule DL999 (vanished) crashed: ModuleNotFoundError")
    assert linter.check_text("# Title\n", "README.md").rows == []


def test_every_language_reader_is_named_with_its_language():
    readers = {
        module.name: importlib.import_module(f"{_languages.__name__}.{module.name}").LANGUAGE.name
        for module in pkgutil.iter_modules(_languages.__path__)
        if not module.name.startswith("_")
    }
    assert readers == _languages.READERS


def test_an_install_that_is_not_editable_takes_its_language_readers_from_the_table(
    monkeypatch,
):
    listed = _languages._readers.__wrapped__()
    monkeypatch.setattr(installed, "editable_install", lambda name: False)
    monkeypatch.setattr(pkgutil, "iter_modules", None)  # not listed
    monkeypatch.setattr(module_files, "folder_modules", None)
    assert list(_languages._readers.__wrapped__()) == list(listed)


def test_an_editable_install_lists_its_language_readers_as_pkgutil_does(monkeypatch):
    monkeypatch.setattr(installed, "editable_install", lambda name: True)
    listed = [m.name for m in pkgutil.iter_modules(_languages.__path__)]
    assert _languages._modules() == [name for name in listed if not name.startswith("_")]


def _modules_of_rules_not_for(kind: str) -> set[str]:
    """The modules of the rules that cannot apply to a page of `kind`."""
    entries = load_registry().entries.values()
    return {
        entry.facts.module
        for entry in entries
        if entry.facts.kinds is not None and kind not in entry.facts.kinds
    }


@pytest.mark.parametrize(
    ("page", "kind"),
    [("README.md", "markdown"), ("docs/pkg/test_widgets.py_docs.md", "file-docs")],
)
@pytest.mark.parametrize("cache", [[], ["--no-cache"]])
def test_a_page_imports_only_the_rules_and_readers_that_can_apply_to_it(
    tmp_path, page, kind, cache
):
    shutil.copytree(PROJECT / "examples" / "tree", tmp_path, dirs_exist_ok=True)
    (tmp_path / "README.md").write_text("# Widgets\n\nSee [the guide](x.md).\n", "utf-8")
    modules = imported(tmp_path, "check", page, *cache)
    assert f"{BUILTIN_PACKAGE}.broken_link" in modules  # the rules did run
    not_for = _modules_of_rules_not_for(kind)
    assert len(not_for) >= 5
    assert sorted(modules & not_for) == []
    assert sorted(m for m in modules if m.startswith("tree_sitter")) == []
    languages = {m for m in modules if m.startswith(f"{_languages.__name__}.")}
    readers = {f"{_languages.__name__}.{name}" for name in _languages.READERS}
    # Python's and Markdown's readers are pure Python; a grammar is a tree_sitter_* module.
    pure = {f"{_languages.__name__}.{name}" for name in ("python", "markdown")}
    assert languages & readers <= pure
    if kind == "markdown":  # a page with no source: no reader at all
        assert _languages.__name__ not in modules


def test_a_built_in_rule_named_again_is_the_rule_known_not_a_clash():
    registry = load_registry()
    indexed = registry.entries["DL501"]
    registry.add(indexed.load(), "plugin 'again'")
    assert registry.problems == []
    assert registry.entries["DL501"] is indexed
    late = RuleFacts.of(indexed.load())
    registry.add_entry(RuleEntry(late), "plugin 'other'")
    assert registry.problems == ["plugin 'other': DL501 [mojibake] clashes with DL501 [mojibake]"]


class _Probe:
    """A rule per writer that finds one thing on every page it is run on."""

    @staticmethod
    def rule(code: str, name: str, origin: object) -> type:
        from doclint.rule_api import Finding, Rule, RuleDocs

        def check(self, page, ctx):
            yield Finding(1, 1, f"{name} ran")

        docs = RuleDocs(what="w.", why="w.", example="e.", use_instead="u.")
        attributes = {"code": code, "name": name, "summary": "s.", "docs": docs}
        return type(name, (Rule,), {**attributes, "origin": origin, "check": check})


def test_a_rule_of_one_writer_runs_only_on_the_pages_that_writer_may_have_written(tmp_path):
    from doclint.rule_api import Origin

    registry = load_registry()
    for code, name, origin in (
        ("ZZ901", "wiki-probe", Origin.WIKI),
        ("ZZ902", "profile-probe", Origin.PROFILE),
        ("ZZ903", "any-probe", None),
    ):
        registry.add(_Probe.rule(code, name, origin), "test")
    assert registry.problems == []
    assert registry.entries["ZZ901"].origin is Origin.WIKI
    linter = Linter(Settings(select=["ZZ9"]), Tree(tmp_path), registry)

    def ran(text: str, path: str) -> list[str]:
        return [row.message for row in linter.check_text(text, path).rows]

    assert ran("# Widgets\n", "README.md") == ["any-probe ran"]
    wiki = (PROJECT / "tests" / "wikis" / "deepwiki_open" / "shop_wiki.md").read_text()
    assert ran(wiki, "shop_wiki.md") == ["wiki-probe ran", "any-probe ran"]
    # A page in a layout profile's docs folder may be the profile's.
    assert ran("# Widgets\n", "repo/markdown_docs/mod.md") == ["profile-probe ran", "any-probe ran"]


def test_a_rule_whose_origin_is_no_origin_is_refused():
    registry = Registry()
    registry.add(_Probe.rule("ZZ904", "bad-origin", "wiki"), "plugin")
    assert registry.problems == ["plugin: rule ZZ904 has an `origin` that is no `Origin`: 'wiki'"]
    assert "ZZ904" not in registry.entries


def test_a_crash_shows_its_stack_when_asked(tmp_path):
    """`traceback` is imported only for this: the stack still comes with it."""
    from doclint.rule_api import Rule, RuleDocs

    def check(self, page, ctx):
        raise KeyError("x")

    docs = RuleDocs(what="w.", why="w.", example="e.", use_instead="u.")
    crashing = type(
        "Crashing",
        (Rule,),
        {"code": "ZZ905", "name": "crashing", "summary": "s.", "docs": docs, "check": check},
    )
    registry = load_registry()
    registry.add(crashing, "test")
    for shown in (False, True):
        settings = Settings(select=["ZZ905", "DL001"], show_traceback=shown)
        (crash,) = Linter(settings, Tree(tmp_path), registry).check_text("# T\n", "a.md").rows
        assert crash.message.startswith("rule ZZ905 (crashing) crashed: KeyError: 'x'")
        assert ("Traceback (most recent call last)" in crash.message) is shown


def _installed(
    tmp_path: Path, direct_url: str | None, folder: str = "doclint-0.1.0.dist-info"
) -> list[registry.EntryPoint]:
    """The rule entries found with a doclint distribution first on the path,
    installed as `direct_url` (PEP 610's file; None: from a wheel) says."""
    dist = tmp_path / "site" / folder
    dist.mkdir(parents=True)
    (dist / "entry_points.txt").write_text("[doclint.rules]\nbuiltin = doclint_rules\n")
    if direct_url is not None:
        (dist / "direct_url.json").write_text(direct_url)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(sys, "path", [str(dist.parent), *sys.path])
        return registry.installed_entries(registry.ENTRY_POINT_GROUP)


@pytest.mark.parametrize(
    ("direct_url", "editable"),
    [
        (None, False),
        ('{"url": "file:///src", "dir_info": {}}', False),
        ('{"url": "file:///src", "dir_info": {"editable": true}}', True),
        ("{damaged", True),
    ],
)
def test_an_install_says_whether_its_code_may_have_changed(tmp_path, direct_url, editable):
    (entry,) = [e for e in _installed(tmp_path, direct_url) if registry.is_builtin(e)][:1]
    assert entry == registry.EntryPoint("builtin", "doclint_rules", editable)


def test_a_checkout_built_in_place_may_have_changed(tmp_path):
    """`pip install -e` leaves `doclint.egg-info` in the checkout, first on
    the path of a process started there: its rules are checked against the index."""
    (entry,) = [
        e for e in _installed(tmp_path, None, "doclint.egg-info") if registry.is_builtin(e)
    ][:1]
    assert entry.editable


def test_an_install_that_is_not_editable_knows_its_rules_from_the_index_alone(
    tmp_path, monkeypatch
):
    """A wheel's rule modules are those the index was written from: they are
    neither listed (pkgutil) nor read and digested, and the rules are the same."""
    (entry,) = [e for e in _installed(tmp_path, None) if registry.is_builtin(e)][:1]
    walked = dict(load_registry().entries)
    files = {file for _, file in package_modules(BUILTIN_PACKAGE)}

    def refused(*args: object) -> None:
        raise AssertionError("a rule module listed or read")

    monkeypatch.setattr(pkgutil, "iter_modules", refused)
    monkeypatch.setattr(rule_index, "digest", refused)
    read = registry._read_registry(((entry, registry._modules_of(entry)),))
    assert {code: e.facts for code, e in read.entries.items()} == {
        code: e.facts for code, e in walked.items()
    }
    assert {
        e.file for e in read.entries.values() if e.facts.module.startswith(BUILTIN_PACKAGE)
    } == files


def test_a_package_in_a_zip_file_is_listed_by_pkgutil(tmp_path):
    archive = tmp_path / "rules.zip"
    with zipfile.ZipFile(archive, "w") as written:
        for name in ("pkg/__init__.py", "pkg/b.py", "pkg/_helper.py", "pkg/a/__init__.py"):
            written.writestr(name, "")
    folder = f"{archive}/pkg"
    names = [name for name, _ in module_files.folder_modules([folder])]
    assert names == sorted(m.name for m in pkgutil.iter_modules([folder])) == ["_helper", "a", "b"]
