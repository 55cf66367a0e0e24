"""The index of a project's names (rules/_common/project_names.py): which of the
tree's files are the project's source and configuration, which tokens they
write and where, where a reader says a name is defined; built once a run."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from doclint_rules._common.project import project
from doclint_rules._common.project_names import WHERE_LIMIT, line_tokens

from doclint.rule_api import RuleContext
from doclint.tree.index import Tree
from tests.conftest import PROJECT, SHARED

SCRIPTCAT = SHARED / "corpus" / "deepwiki" / "scriptscat+scriptcat" / "repo"
LABELS = PROJECT / "tests" / "labels" / "deepwiki_scriptcat"
# A label's note opens with the span, then the name judged when it differs.
_LABELLED_NAME = re.compile(r"`([^`]+)`(?: \(the name `([^`]+)`\))?")


def _context(root: Path, tree: Tree | None = None) -> RuleContext:
    page = ".deepwiki/1-overview.md"
    return RuleContext(tree or Tree(root), page, "# Overview\n", ["# Overview"])


def _write(root: Path, files: dict[str, str | bytes]) -> None:
    for path, content in files.items():
        target = root / path
        target.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(content, bytes):
            target.write_bytes(content)
        else:
            target.write_text(content, encoding="utf-8")


PROJECT = {
    "src/store.ts": (
        "export const SCRIPT_TYPE_NORMAL = 1;\n"
        "export class ScriptCodeDAO {\n"
        "  // Reads `user-agent` and `db.version`.\n"
        "  findByUUID(uuid: string) { return $cookies; }\n"
        "}\n"
    ),
    "src/App.tsx": "export function App() {\n  return <div>{SCRIPT_TYPE_NORMAL}</div>;\n}\n",
    "core/src/lib.rs": "pub struct Engine;\nimpl Engine {\n    pub fn start(&self) {}\n}\n",
    "server/main.go": "package main\n\ntype Server struct{}\n\nfunc (s *Server) Serve() {}\n",
    "app/Main.kt": "package app\n\nclass MainActivity {\n    fun onCreate() {}\n}\n",
    "package.json": '{"name": "demo", "scripts": {"build": "rspack"}}\n',
    "config/settings.yaml": "retry_limit: 3\n",
    "locales/3d.json": '{"label": "3dModel"}\n',
    # Not the project's code: its documentation, installed and vendored
    # packages, a lock file, the wiki itself, a binary.
    "README.md": "The ReadmeOnlyName of the docs.\n",
    "docs/guide.txt": "GuideOnlyName\n",
    "node_modules/lib/index.ts": "export class InstalledOnly {}\n",
    "vendor/x/y.go": "package y\n\ntype VendoredOnly struct{}\n",
    "pnpm-lock.yaml": "LockOnlyName: 1\n",
    ".deepwiki/2-store.md": "The `WikiOnlyName` class.\n",
    ".deepwiki/notes.ts": "export const WikiOnlyCode = 1;\n",
    "docs/deepwiki/x.ts": "export const DocsWikiOnly = 1;\n",
    "assets/blob.json": b'{"BinaryOnlyName": 1}\x00\x01',
    "assets/logo.png": b"\x89PNG\r\n\x1a\nPngOnlyName",
}


def test_the_project_names_are_its_source_and_configuration_tokens(tmp_path: Path):
    _write(tmp_path, PROJECT)
    names = project(_context(tmp_path)).names()
    assert names.paths == (
        "app/Main.kt",
        "config/settings.yaml",
        "core/src/lib.rs",
        "locales/3d.json",
        "package.json",
        "server/main.go",
        "src/App.tsx",
        "src/store.ts",
    )
    for name in ("SCRIPT_TYPE_NORMAL", "ScriptCodeDAO", "Engine", "Server", "MainActivity"):
        assert names.has(name), name
    assert names.has("retry_limit") and names.has("rspack") and names.has("demo")
    # A token is whole: no part of a longer one, no longer than itself.
    assert not names.has("NORMAL") and not names.has("CodeDAO") and not names.has("ScriptCode")
    # `$` is part of a token; a kebab or dotted name is its parts; digits
    # before a token's first letter are no part of it.
    assert names.has("$cookies") and not names.has("cookies")
    assert names.has("user") and names.has("agent") and not names.has("user-agent")
    assert names.has("version") and not names.has("db.version")
    assert names.has("dModel") and not names.has("3dModel") and not names.has("Model")
    for name in (
        "ReadmeOnlyName",
        "GuideOnlyName",
        "InstalledOnly",
        "VendoredOnly",
        "LockOnlyName",
        "WikiOnlyName",
        "WikiOnlyCode",
        "DocsWikiOnly",
        "BinaryOnlyName",
        "PngOnlyName",
    ):
        assert not names.has(name), name
    assert not names.has("scriptcodedao") and names.has("scriptcodedao", ignore_case=True)
    assert not names.has("") and not names.has("naïve", ignore_case=True)


def test_where_a_name_occurs_and_where_it_is_defined(tmp_path: Path):
    _write(tmp_path, PROJECT)
    names = project(_context(tmp_path)).names()
    assert names.where("SCRIPT_TYPE_NORMAL") == (("src/App.tsx", 2), ("src/store.ts", 1))
    assert names.defined("SCRIPT_TYPE_NORMAL") == (("src/store.ts", 1, "constant"),)
    assert names.defined("ScriptCodeDAO") == (("src/store.ts", 2, "class"),)
    assert names.defined("start") == (("core/src/lib.rs", 3, "method"),)
    assert names.defined("Server") == (("server/main.go", 3, "struct"),)
    assert names.defined("onCreate") == (("app/Main.kt", 4, "method"),)
    # Used, not defined; defined nowhere a reader tells.
    assert names.where("uuid") == (("src/store.ts", 4),) and names.defined("uuid") == ()
    assert names.has("rspack") and names.defined("rspack") == ()
    assert names.where("CodeDAO") == () and names.defined("CodeDAO") == ()


def test_where_gives_the_first_occurrences_only(tmp_path: Path):
    _write(tmp_path, {f"src/m{i:02}.ts": "run();\n" * 3 for i in range(10)})
    found = project(_context(tmp_path)).names().where("run")
    assert len(found) == WHERE_LIMIT == 20
    assert found[:4] == (("src/m00.ts", 1), ("src/m00.ts", 2), ("src/m00.ts", 3), ("src/m01.ts", 1))
    assert found[-1] == ("src/m06.ts", 2)


def test_a_loop_of_links_is_not_walked(tmp_path: Path):
    _write(tmp_path, {"src/a.ts": "export const A = 1;\n"})
    (tmp_path / "src" / "loop").symlink_to("..", target_is_directory=True)
    (tmp_path / "lib").symlink_to("src", target_is_directory=True)
    (tmp_path / "b.ts").symlink_to("src/a.ts")
    names = project(_context(tmp_path)).names()
    # A linked file is read (as the tree reads any file inside the root), a linked folder is not.
    assert names.paths == ("b.ts", "src/a.ts")
    assert names.where("A") == (("b.ts", 1), ("src/a.ts", 1))


def test_lines_are_counted_at_line_feeds(tmp_path: Path):
    # A line separator or form feed inside a line starts no line of its own
    # for an editor or GitHub; a CRLF ends one line.
    _write(tmp_path, {"src/a.ts": "const a = '\u2028';\f\r\nlet Target = 1;\r\n"})
    assert project(_context(tmp_path)).names().where("Target") == (("src/a.ts", 2),)


def test_the_index_is_built_once_a_run_and_every_user_depends_on_its_files(tmp_path: Path):
    _write(tmp_path, PROJECT)
    tree = Tree(tmp_path)
    first, second = _context(tmp_path, tree), _context(tmp_path, tree)
    assert project(first).names() is project(second).names()
    # Both pages' results depend on the files read and the folders listed:
    # the cache asks those questions again before it reuses either.
    for ctx in (first, second):
        assert ("source", "src/store.ts") in ctx.facts
        assert ("children", "src") in ctx.facts
        assert ("source", "node_modules/lib/index.ts") not in ctx.facts
    # Another run's tree is read again: the files may have changed.
    (tmp_path / "src/store.ts").write_text("export const Renamed = 1;\n", encoding="utf-8")
    again = project(_context(tmp_path)).names()
    assert again.has("Renamed") and not again.has("ScriptCodeDAO")


def test_the_python_part_is_built_once_a_run_apart_from_the_names(tmp_path: Path):
    from doclint.profiles import Profile, shipped_profile

    _write(tmp_path, {"pkg/a.py": "class A:\n    pass\n", "src/b.ts": "export const B = 1;\n"})
    profile = shipped_profile("repoagent")
    assert isinstance(profile, Profile)
    tree = Tree(tmp_path)
    first, second = _context(tmp_path, tree), _context(tmp_path, tree)
    model = project(first).python(profile, "")
    assert project(second).python(profile, "") is model
    assert [d.path for d in model.defined("A")] == ["pkg/a.py"]
    # Each page using it depends on the sources it read, and on no file the
    # names index (not asked for) would have read.
    for ctx in (first, second):
        assert ("source", "pkg/a.py") in ctx.facts
        assert ("source", "src/b.ts") not in ctx.facts


def test_line_tokens():
    lines = ["import { a } from 'b';", "const user_agent = $x.y-z;", "", "3d 42 café"]
    assert line_tokens(lines, 2, 2) == {"const", "user_agent", "$x", "y", "z"}
    assert line_tokens(lines, 1, 2) >= {"import", "a", "from", "b", "user_agent"}
    assert line_tokens(lines, 3, 4) == {"d", "caf"}
    assert line_tokens(lines, 5, 9) == frozenset() and line_tokens(lines, 2, 1) == frozenset()


@pytest.mark.skipif(not SCRIPTCAT.is_dir(), reason="../shared is not beside the checkout")
def test_the_names_of_a_real_project():
    names = project(_context(SCRIPTCAT)).names()
    assert len(names.paths) == 1172
    assert not any(path.startswith(".deepwiki/") or path.endswith(".md") for path in names.paths)
    # The constants are SCRIPT_TYPE_*: a page's `NORMAL` and `CRONTAB` are no
    # name of the code (scriptcat_a labels), though "crontab" is a word of it.
    assert names.has("SCRIPT_TYPE_NORMAL") and not names.has("NORMAL")
    assert not names.has("CRONTAB") and names.has("CRONTAB", ignore_case=True)
    assert names.defined("SCRIPT_TYPE_CRONTAB") == (("src/app/repo/scripts.ts", 11, "constant"),)
    where = names.where("SCRIPT_TYPE_NORMAL")
    assert len(where) == WHERE_LIMIT
    assert where[:3] == (
        ("src/app/repo/scripts.test.ts", 5),
        ("src/app/repo/scripts.test.ts", 26),
        ("src/app/repo/scripts.ts", 10),
    )
    # The DAO is ScriptCodeDAO; `CodeDAO` is none (scriptcat_b labels).
    assert names.has("ScriptCodeDAO") and not names.has("CodeDAO")
    assert names.defined("ScriptCodeDAO") == (("src/app/repo/scripts.ts", 296, "class"),)
    # Names a page invents, in no case variant either.
    for name in ("TabExecutor", "OPFSExecutor", "InjectRuntime", "SkillManager", "SC_DISABLE_ENV"):
        assert not names.has(name, ignore_case=True), name
    assert names.has("SC_DISABLE_AGENT")
    # The code has the object `anthropicProvider`, not a class of that name.
    assert not names.has("AnthropicProvider") and names.has("AnthropicProvider", ignore_case=True)
    # A `$` name of an example script's config comment.
    assert names.where("$cookies") == (("example/userconfig.js", 37), ("example/userconfig.js", 48))


@pytest.mark.skipif(not SCRIPTCAT.is_dir(), reason="../shared is not beside the checkout")
def test_the_names_the_labels_judged_by_reading():
    """Every name labelled as in no code is no token of the index, and every
    name labelled as missing from its cited lines is one somewhere."""
    names = project(_context(SCRIPTCAT)).names()
    judged = {"name-not-in-code": [], "name-not-in-cited-lines": []}
    for labels in sorted(LABELS.glob("*_findings.tsv")):
        for row in labels.read_text(encoding="utf-8").splitlines()[1:]:
            _, _, kind, note = row.split("\t")
            if kind in judged:
                span, name = _LABELLED_NAME.match(note).groups()
                judged[kind].append(name or span)
    nowhere = [name.removesuffix("()") for name in judged["name-not-in-code"]]
    assert len(nowhere) == 20
    # `SkillService.install`: a member that class lacks, whose word the code has elsewhere.
    assert [name for name in nowhere if names.has(name.rpartition(".")[2])] == [
        "SkillService.install",
        "SkillService.update",
        "SkillService.list",
        "SkillService.getTools",
    ]
    elsewhere = [
        re.sub(r"\(.*", "", name).rpartition(".")[2] for name in judged["name-not-in-cited-lines"]
    ]
    assert len(elsewhere) == 135
    assert [name for name in elsewhere if not names.has(name)] == []


def _reads_to_judge(root: Path, files: int, mentions: int, monkeypatch: pytest.MonkeyPatch) -> int:
    """How many times a check of a wiki page naming `Owner`'s members
    `mentions` times, in a project of `files` files that all write `Owner`,
    hands a file's text to a scan (each scan reads it through `_read`)."""
    from doclint_rules._common import project_names

    from doclint.engine.settings import Settings
    from tests.running import run

    _write(root, {"src/owner.ts": "export class Owner {\n  m0() {}\n}\n"})
    _write(
        root, {f"src/use{n}.ts": "import { Owner } from './owner';\nOwner;\n" for n in range(files)}
    )
    lines = [f"`app.Owner.m{n}()` is called." for n in range(mentions)]
    _write(
        root,
        {
            ".deepwiki/1-owner.md": "# Owner\n\n> **Relevant source files**\n\n"
            + "\n\n".join(lines)
            + "\n"
        },
    )
    reads = [0]
    read = project_names.ProjectNames._read

    def counted(names: project_names.ProjectNames, path: str) -> object:
        reads[0] += 1
        return read(names, path)

    monkeypatch.setattr(project_names.ProjectNames, "_read", counted)
    found = run([root], Settings(select=["DL806"], root=root, jobs=1)).diagnostics
    # Every member but m0 is one `Owner` lacks.
    assert len(found) == mentions - 1
    return reads[0]


def test_a_class_s_members_cost_one_scan_of_each_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Four times the files and four times the mentions of a class's members
    cost about four times the scans, not sixteen: what a file declares is
    collected once for every name asked about, and each class's definitions
    are found once."""
    small = _reads_to_judge(tmp_path / "small", 50, 25, monkeypatch)
    large = _reads_to_judge(tmp_path / "large", 200, 100, monkeypatch)
    assert large <= 4.5 * small, (small, large)


def test_the_modules_of_the_project_are_its_files_and_folders_names(tmp_path: Path):
    _write(tmp_path, PROJECT)
    names = project(_context(tmp_path)).names()
    for module in ("store", "App", "lib", "main", "settings", "src", "core", "server", "config"):
        assert names.is_module(module), module
    # Not the project's modules: its docs, installed packages, the wiki, a token.
    for other in ("README", "guide", "node_modules", "index", "notes", "ScriptCodeDAO"):
        assert not names.is_module(other), other


def test_a_wiki_naming_a_module_of_the_project_names_its_code(tmp_path: Path):
    from doclint import Settings
    from tests.running import run

    _write(tmp_path, {"tests/test_toc.py": "def test_order():\n    pass\n"})
    page = "# Tests\n\n> **Relevant source files**\n\nThe `test_toc` module checks the order.\n"
    _write(tmp_path, {".deepwiki/1-tests.md": page})
    assert run([tmp_path], Settings(select=["DL806"], root=tmp_path, jobs=1)).diagnostics == []
    # Near miss: a name neither a file nor a token of the project is still reported.
    _write(tmp_path, {".deepwiki/1-tests.md": page.replace("test_toc", "test_index")})
    found = run([tmp_path], Settings(select=["DL806"], root=tmp_path, jobs=1)).diagnostics
    assert [d.message for d in found] == [
        "`test_index`: no file of the project writes `test_index`"
    ]
