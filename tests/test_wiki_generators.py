"""Wiki generators as data (issue 80, point 3): a page is a wiki's by what it
writes (its marker, or citations of its forms in the wiki's folder), never by
its folder's name alone; the folder a citation's path is read from is the
profile's data (`base`); Qoder's Repo Wiki is built in, and DeepWiki-format
pages written below the root with links from the root are read as meant.

The page lines are cut from real trees (tests/wiki_repos/PROVENANCE_qoder.md
and PROVENANCE_cubic.md): CedarVerse/vandamme-proxy's `.qoder/repowiki/`
(MIT) and blixten85/bastion's `.cubic/wiki/` (MIT)."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from doclint import parse
from doclint.config.files import load_profile
from doclint.models.wiki import Citation
from doclint.parsing.wiki import read_wiki
from doclint.profiles.generators import shipped_generators
from doclint.profiles.model import ProfileError
from tests.checking import run_cli

GENERATORS = shipped_generators()

QODER_HEAD = """\
# Model Aliasing System

<cite>
**Referenced Files in This Document**
- [alias_manager.py](file://src/core/alias_manager.py)
- [resolver.py](file://src/core/alias/resolver.py)
- [defaults.toml](file://src/config/defaults.toml)
</cite>

## Table of Contents
1. [Introduction](#introduction)

"""
QODER = ".qoder/repowiki/en/content/Core Features/Model Aliasing System.md"

CUBIC_HEAD = """\
---
title: "Home & Overview"
wiki_page_id: "home-overview"
---

<details>
<summary>Relevant source files</summary>

The following files were used as context for generating this wiki page:

- [README.md](README.md)
- [Package.swift](Package.swift)
</details>

# Home & Overview

"""
CUBIC = ".cubic/wiki/01-overview/01-home-overview.md"


def cited(text: str, path: str) -> tuple[str, list[Citation], list[str]]:
    """The wiki that reads the page, its citations and its source list."""
    lines = text.split("\n")
    if text.endswith("\n"):
        lines.pop()
    wiki = GENERATORS.wiki_of(path, lines)
    assert wiki is not None, path
    found = read_wiki(path, lines, parse(text, path).markdown, wiki)
    return wiki.generator, list(found.citations), [s.path for s in found.sources]


def test_qoders_citations_are_read_from_the_root_with_the_files_name_as_text():
    text = QODER_HEAD + (
        "**Diagram sources**\n"
        "- [alias_manager.py](file://src/core/alias_manager.py#L167-L634)\n"
        "- [read_write_action.py:42-44](file://backend/read_write_action.py#L42-L44)\n"
        "- [chat.py:59](file://backend/chat.py#L59)\n"
        "- [routes/me.ts:3-9](file://apps/web/app/routes/me.ts#L3-L9)\n"
        "- [core/index.ts:1-9](file://packages/core/src/index.ts#L1-L9)\n"
        "- [sql-compile.ts:19-36](file://packages/sql/src/internal/compile.ts#L19-L36)\n"
        "- [prepare.ts:5-9](file://docs/plans/foundation.md#L5-L9)\n"
        "- [models.js](file://assets/ag_grid/10-vdm-grid-renderers.js#L1-L9)\n"
        "- [main.py:1-110](file://backend/main.py#L1-L120)\n"
    )
    generator, citations, sources = cited(text, QODER)
    assert generator == "qoder"
    assert sources == [
        "src/core/alias_manager.py",
        "src/core/alias/resolver.py",
        "src/config/defaults.toml",
    ]
    assert [(c.path, c.ranges, c.problem) for c in citations] == [
        ("src/core/alias_manager.py", ((167, 634),), ""),
        ("backend/read_write_action.py", ((42, 44),), ""),
        ("backend/chat.py", ((59, 59),), ""),
        ("apps/web/app/routes/me.ts", ((3, 9),), ""),
        ("packages/core/src/index.ts", ((1, 9),), ""),
        # A label of words of its folders and name, as Qoder tells files apart.
        ("packages/sql/src/internal/compile.ts", ((19, 36),), ""),
        ("docs/plans/foundation.md", ((5, 9),), "other-path"),
        # Its text names another file than its target, and other lines.
        ("assets/ag_grid/10-vdm-grid-renderers.js", ((1, 9),), "other-path"),
        ("backend/main.py", ((1, 120),), "other-lines"),
    ]


def test_a_chinese_qoder_page_and_a_text_in_other_words():
    text = (
        "# AI诊断辅助系统\n\n<cite>\n**本文档引用的文件**\n"
        "- [AI控制器](file://src/main/java/AIController.java)\n</cite>\n\n"
        "**章节来源**\n- [AI控制器](file://src/main/java/AIController.java#L10-L20)\n"
    )
    generator, citations, sources = cited(text, ".qoder/repowiki/zh/content/AI.md")
    assert generator == "qoder"
    assert sources == ["src/main/java/AIController.java"]
    assert [(c.path, c.ranges, c.problem) for c in citations] == [
        ("src/main/java/AIController.java", ((10, 20),), "")
    ]


def test_deepwiki_format_below_the_root_linking_from_the_root_is_read_from_the_root():
    text = CUBIC_HEAD + (
        "Sources: [README.md:1-8](README.md#L1-L8), "
        "[Sources/SSHCore/Engine.swift:56-124](Sources/SSHCore/Engine.swift#L56-L124)\n"
    )
    generator, citations, sources = cited(text, CUBIC)
    assert generator == "deepwiki"
    assert sources == ["README.md", "Package.swift"]
    assert [(c.path, c.ranges, c.problem) for c in citations] == [
        ("README.md", ((1, 8),), ""),
        ("Sources/SSHCore/Engine.swift", ((56, 124),), ""),
    ]


DEEPWIKI_HEAD = """\
# Overview

<details>
<summary>Relevant source files</summary>

The following files were used as context for generating this wiki page:

- [README.md](../README.md)
- [src/app.ts](../src/app.ts)

</details>

"""


def test_deepwikis_export_moved_a_folder_down_is_read_as_its_texts_say():
    # DeepWiki's export climbs one folder (`../src/app.ts`), written for
    # `.deepwiki/`; copied into `docs/wiki/`, Markdown follows it to
    # `docs/src/app.ts`. Each text names the file from the root.
    text = DEEPWIKI_HEAD + (
        "The app starts here.\n\n**Sources:** [README.md:1-8](../README.md#L1-L8), "
        "[src/app.ts:3-9](../src/app.ts#L3-L9)\n"
    )
    lines = text.split("\n")
    wiki = GENERATORS.wiki_of("docs/wiki/1-overview.md", lines)
    assert wiki is not None and wiki.generator == "deepwiki"
    facts = read_wiki("docs/wiki/1-overview.md", lines, parse(text, "x.md").markdown, wiki)
    assert [(c.path, c.problem) for c in facts.citations] == [
        ("README.md", ""),
        ("src/app.ts", ""),
    ]
    assert [s.path for s in facts.sources] == ["README.md", "src/app.ts"]
    assert facts.climbing_short == (
        1,
        8,
        3,
        "../README.md",
        "docs/README.md",
        ((8, 15), (9, 16), (15, 30), (15, 68)),
    )
    # Where it sits, in `.deepwiki/`, its links lead where their texts say.
    at_home = read_wiki(".deepwiki/1-overview.md", lines, parse(text, "x.md").markdown, wiki)
    assert [c.path for c in at_home.citations] == ["README.md", "src/app.ts"]
    assert at_home.climbing_short is None
    # Links climbing unevenly are read from the page's folder, as Markdown does.
    uneven = text.replace("(../src/app.ts#L3-L9)", "(../../src/app.ts#L3-L9)")
    facts = read_wiki(
        "docs/wiki/1-overview.md", uneven.split("\n"), parse(uneven, "x.md").markdown, wiki
    )
    assert [(c.path, c.problem) for c in facts.citations] == [
        ("docs/README.md", "bare-name"),
        ("src/app.ts", ""),
    ]
    assert facts.climbing_short is None


def _app_and_readme(root: Path) -> None:
    """The files the DeepWiki pages below cite: an 11-line source, an 8-line README."""
    (root / "src").mkdir()
    (root / "src" / "app.ts").write_text("".join(f"line {n}\n" for n in range(1, 12)))
    (root / "README.md").write_text("".join(f"Read {n}.\n" for n in range(1, 9)))


def _json_findings(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], root: Path, page: str
) -> list[tuple[str, str]]:
    """(code, message) of each finding of `doclint check` on `page`, run from `root`."""
    done = run_cli(
        monkeypatch, capsys, root, "check", "--no-cache", "--output-format", "json", page
    )
    return [(f["code"], f["message"]) for f in json.loads(done.out)]


def test_a_moved_export_is_said_once_a_page_and_its_citations_judged(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    _app_and_readme(tmp_path)
    text = DEEPWIKI_HEAD + (
        "The app starts here.\n\n**Sources:** [README.md:1-8](../README.md#L1-L8), "
        "[src/app.ts:3-19](../src/app.ts#L3-L19)\n"
    )

    def found(folder: str) -> list[tuple[str, str]]:
        (tmp_path / folder).mkdir(parents=True, exist_ok=True)
        (tmp_path / folder / "1-overview.md").write_text(text)
        findings = _json_findings(monkeypatch, capsys, tmp_path, f"{folder}/1-overview.md")
        shutil.rmtree(tmp_path / folder.split("/")[0])
        return findings

    moved = found("docs/wiki")
    # One finding says the links lead elsewhere; the citations are judged as
    # their texts say (the range past `src/app.ts`'s end is found).
    assert [code for code, _ in moved] == ["DL804", "DL802"]
    assert moved[0][1] == (
        "the page's citation links climb 1 folder (`../README.md`), as from a page 1 "
        "folder below the root; this page is 2 below it (`docs/wiki/`), so they lead to "
        "`docs/README.md` and the like, not to the files their texts name: they are read as "
        "their texts say (from here, `../../README.md`)"
    )
    assert [code for code, _ in found(".deepwiki")] == ["DL802"]
    # The fix gives each link the folder it lacks; the page then says nothing
    # of its links, and its citations are read as before.
    (tmp_path / "docs" / "wiki").mkdir(parents=True)
    page = tmp_path / "docs" / "wiki" / "1-overview.md"
    page.write_text(text)
    run_cli(monkeypatch, capsys, tmp_path, "check", "--no-cache", "--fix", str(page))
    assert page.read_text() == text.replace("](../", "](../../")
    assert [code for code, _ in _json_findings(monkeypatch, capsys, tmp_path, str(page))] == [
        "DL802"
    ]


def test_citation_texts_running_the_lines_on_are_said_once_a_page_and_judged(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # A DeepWiki page copied from the site, which shows the file and its
    # lines apart: `[src/app.ts3-9](…#L3-L9)`, the colon lost.
    _app_and_readme(tmp_path)
    text = DEEPWIKI_HEAD + (
        "The app starts here.\n\n**Sources:**[src/app.ts3-9](../src/app.ts#L3-L9)"
        "[README.md1-8](../README.md#L1-L8)\n\n"
        # Near miss: lines run on that are not its link's lines disagree.
        "It ends [src/app.ts4-5](../src/app.ts#L4-L6).\n"
    )
    (tmp_path / ".deepwiki").mkdir()
    page = tmp_path / ".deepwiki" / "1-overview.md"
    page.write_text(text)

    def found() -> list[tuple[str, str]]:
        return _json_findings(monkeypatch, capsys, tmp_path, str(page))

    assert found() == [
        (
            "DL804",
            "2 citations on this page run the lines on after the file's name, without a colon "
            "(`src/app.ts3-9`, `README.md1-8`; on line 15): they are read as their links say",
        ),
        ("DL804", "citation `src/app.ts4-5` names another file than its link (`src/app.ts`)"),
    ]
    # The fix writes each colon; the citations are read as before.
    run_cli(monkeypatch, capsys, tmp_path, "check", "--no-cache", "--fix", str(page))
    fixed = text.replace("app.ts3-9]", "app.ts:3-9]").replace("README.md1-8]", "README.md:1-8]")
    assert page.read_text() == fixed
    assert [code for code, _ in found()] == ["DL804"]


def test_a_link_from_the_page_s_folder_to_the_file_its_text_names_is_one_finding(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # KanStack's wiki, two folders down: `[src/app.ts:3-9](../src/app.ts)`
    # climbs one folder short of the file its text names from the root, where
    # the page's other citation, of a file beside the wiki, reads from its
    # folder. Said malformed once, not missing besides.
    _app_and_readme(tmp_path)
    (tmp_path / "docs" / "wiki").mkdir(parents=True)
    (tmp_path / "docs" / "notes.md").write_text("One.\nTwo.\n")
    page = tmp_path / "docs" / "wiki" / "1-overview.md"
    page.write_text(
        DEEPWIKI_HEAD.replace("](../", "](../../")
        + "It starts here [src/app.ts:3-9](../src/app.ts#L3-L9), "
        + "as noted [docs/notes.md:1-2](../notes.md#L1-L2).\n"
    )
    assert _json_findings(monkeypatch, capsys, tmp_path, str(page)) == [
        (
            "DL804",
            "citation `src/app.ts:3-9` names another file than its link (`docs/src/app.ts`), "
            "which the tree does not have; it has `src/app.ts`",
        )
    ]


def test_a_link_text_escaping_an_underscore_names_the_path_its_target_does():
    # blixten85/product-describer's cubic wiki writes `provider\_config.py`
    # in the link's text and target alike; both render `provider_config.py`.
    text = CUBIC_HEAD + (
        "Sources: [provider\\_config.py:72-84](provider\\_config.py#L72-L84), "
        "[tests/test\\_provider\\_config.py:46-55](tests/test\\_provider\\_config.py#L46-L55)\n"
    )
    _, citations, _ = cited(text, CUBIC)
    assert [(c.path, c.ranges, c.problem) for c in citations] == [
        ("provider_config.py", ((72, 84),), ""),
        ("tests/test_provider_config.py", ((46, 55),), ""),
    ]
    # A text naming another file than its target still says so.
    other = CUBIC_HEAD + "Sources: [src/provider\\_conf.py:1](src/provider\\_config.py#L1)\n"
    _, citations, _ = cited(other, CUBIC)
    assert [c.problem for c in citations] == ["other-path"]


def test_a_page_citing_only_in_code_spans_from_the_root_is_read_from_the_root():
    # immagiov4/Nous's cubic wiki writes some pages' sources as links in code
    # spans: `Sources: `[a.ts:3](a.ts#L3)``; they name their paths as the
    # other pages' links do, from the root, and so does the page's source list.
    text = CUBIC_HEAD + (
        "Sources: `[apps/web/utils/reading.ts:316-339](apps/web/utils/reading.ts#L316-L339)`, "
        "`[README.md:3-8](README.md#L3-L8)`\n"
    )
    _, citations, sources = cited(text, CUBIC)
    assert sources == ["README.md", "Package.swift"]
    assert [(c.path, c.ranges, c.problem) for c in citations] == [
        ("apps/web/utils/reading.ts", ((316, 339),), "code-span"),
        ("README.md", ((3, 8),), "code-span"),
    ]
    # A code span's link that reads from the page's folder keeps the page's
    # folder, as a link does.
    own = CUBIC_HEAD + "Sources: `[README.md:3-8](../../../README.md#L3-L8)`\n"
    _, citations, sources = cited(own, CUBIC)
    assert [(c.path, c.problem) for c in citations] == [("README.md", "code-span")]
    assert sources == [".cubic/wiki/01-overview/README.md", ".cubic/wiki/01-overview/Package.swift"]


def test_deepwikis_own_export_stays_read_from_the_pages_folder():
    head = CUBIC_HEAD.replace("(README.md)", "(../../../README.md)")
    text = head + "Sources: [README.md:1-8](../../../README.md#L1-L8)\n"
    _, citations, sources = cited(text, CUBIC)
    assert [(c.path, c.problem) for c in citations] == [("README.md", "")]
    assert sources == ["README.md", ".cubic/wiki/01-overview/Package.swift"]
    # One citation read from the page's folder keeps the page's folder for all:
    # the other one then names a file that is not where its text says.
    mixed = CUBIC_HEAD + "[src/a.rs:1](src/a.rs#L1) [src/b.rs:2](../../../src/b.rs#L2)\n"
    _, citations, _ = cited(mixed, CUBIC)
    assert [(c.path, c.problem) for c in citations] == [
        (".cubic/wiki/01-overview/src/a.rs", "other-path"),
        ("src/b.rs", ""),
    ]


def test_a_folders_name_alone_reads_no_page():
    other = ["# Source Files", "", "- [app.py](src/web/app.md)", "- [wiki.py](gen/wiki.md)"]
    assert GENERATORS.wiki_of(".deepwiki/files/index.md", other) is None
    assert (
        GENERATORS.wiki_of(".qoder/repowiki/en/content/notes.md", ["# Notes", "", "Hand-written."])
        is None
    )
    cites = ["# Alias", "", "- [a.py:3-9](file://src/a.py#L3-L9)"]
    found = GENERATORS.reading_of(".qoder/repowiki/en/content/Alias.md", cites)
    assert found is not None
    assert (found[0].generator, found[1]) == (
        "qoder",
        "in its folder `.qoder/repowiki/`, line 3 cites lines as it writes them",
    )


def write(folder: Path, wiki: str) -> Path:
    path = folder / "w.toml"
    path.write_text(f'name = "w"\n\n[wiki]\n{wiki}', encoding="utf-8")
    return path


def test_marker_is_optional_where_folders_are_given_and_base_is_validated(tmp_path: Path):
    forms = "[wiki.forms]\ntext_citation = '(?P<path>[a-z/]+\\.ts):(?P<lines>\\d+)'\n"
    profile = load_profile(write(tmp_path, 'folders = ["notes"]\n' + forms))
    assert profile.wiki is not None and profile.wiki.marker is None
    with pytest.raises(ProfileError) as raised:
        load_profile(write(tmp_path, forms))
    assert "wiki: says none of its pages: give folders, marker or both" in str(raised.value)
    link = "[[wiki.links]]\nbase = 'parent'\ntarget = '^(?P<path>\\S+)$'\n"
    with pytest.raises(ProfileError) as raised:
        load_profile(write(tmp_path, 'folders = ["notes"]\n' + link))
    assert str(raised.value).startswith(f"{tmp_path / 'w.toml'}:6: wiki.links.0.base: ")
    assert "unknown base 'parent' (bases: page, root, page-or-root)" in str(raised.value)


def test_a_code_span_is_a_citation_where_the_generator_writes_it_so(tmp_path: Path):
    project = tmp_path / "project"
    (project / "notes").mkdir(parents=True)
    (project / "src").mkdir()
    (project / "src" / "a.ts").write_text("one\ntwo\nthree\n", encoding="utf-8")
    (project / "notes" / "a.md").write_text(
        "# A\n\nThe count is kept in `src/a.ts:2`; the total in `src/a.ts:7`.\n"
        "The page's own span `notes/b.ts:1` is read from the root too.\n",
        encoding="utf-8",
    )
    profile = write(
        tmp_path,
        'folders = ["notes"]\n[wiki.forms]\n'
        "span_citation = '^(?P<path>[a-z/]+\\.ts):(?P<lines>\\d+)$'\n",
    )
    config = f'profiles = ["{profile}"]'
    command = [sys.executable, "-m", "doclint", "check", "--no-cache", "--isolated"]
    command += ["--config", config, "project", "--output-format", "json"]
    done = subprocess.run(command, cwd=tmp_path, capture_output=True, text=True, check=False)
    assert done.returncode == 1, done.stderr
    found = [(f["line"], f["code"], f["message"]) for f in json.loads(done.stdout)]
    assert found == [
        (3, "DL802", "`src/a.ts:7` cites lines the file does not have: it has 3 lines"),
        (4, "DL801", "`notes/b.ts` is cited but not in the tree"),
    ]


def test_profile_check_says_a_wiki_profile_is_one(monkeypatch, capsys, tmp_path: Path):
    write(tmp_path, "folders = [\"notes\"]\n[wiki.forms]\ntext_citation = '(?P<path>\\S+):\\d+'\n")
    done = run_cli(monkeypatch, capsys, tmp_path, "profile", "check", "w.toml")
    assert done.code == 2
    assert "w.toml: a profile of a wiki, no object pages; `profile check` judges" in done.err
    assert "templated" not in done.err


def test_explain_says_why_a_page_in_a_wikis_folder_is_not_its(tmp_path: Path):
    (tmp_path / ".deepwiki").mkdir()
    (tmp_path / ".deepwiki" / "index.md").write_text(
        "# Source Files\n\n- [app.py](src/web/app.md)\n", encoding="utf-8"
    )
    command = [sys.executable, "-m", "doclint", "check", "--explain", ".deepwiki/index.md"]
    done = subprocess.run(command, cwd=tmp_path, capture_output=True, text=True, check=False)
    lines = done.stdout.splitlines()
    assert lines[0] == (
        ".deepwiki/index.md: read as written by hand, a plain page: no generator wrote it, and "
        "no line of it cites code; its links and anchors are checked"
    )
    assert (
        "  not deepwiki: in its folder `.deepwiki/`, but no line of its head is its marker and "
        "no line cites lines as it writes them"
    ) in lines


def test_qoders_forms_read_a_long_hostile_line_in_linear_time():
    import time

    def timed(count: int) -> float:
        name = "a." * count
        text = QODER_HEAD + f"- [{name}:1-2, 3](file : //{'b/' * count}c.py#L1-L2)\n"
        started = time.perf_counter()
        cited(text, QODER)
        return time.perf_counter() - started

    small, large = timed(25_000), timed(100_000)
    assert large < small * 12 + 0.05


# A page scraped from DeepWiki's site whose source list the copy lost (issue
# 91, item 5): its citations are in prose and whole files pinned to a commit,
# its links to the other pages are the site's paths. Written for this test in
# the forms DeepWiki's pages write: a name in backticks in the prose, in a
# table and in a Mermaid node, none of which the project has.
LOST_LIST = """\
# Storage Layer

## Purpose and Scope

The storage layer keeps the scripts. For how they run, see
[Script Runtime](/o/r/3.1-script-runtime).

`ScriptStore` writes each script through `ScriptCodeCache`.

| Component | Role |
| --- | --- |
| `StoreIndexer` | Indexes the stored scripts |

```mermaid
graph TD
    A["ScriptStore"] --> B["StoreIndexer"]
```

**Sources:** src/store.ts:1-2, [src/gone.ts]({blob}/src/gone.ts)
"""


def _storage_checkout(tmp_path: Path) -> tuple[Path, str]:
    """A checkout with its history, whose remote is the repository the
    pages' pinned links name, and the page written at its first commit."""
    repo = tmp_path / "repo"
    (repo / "src").mkdir(parents=True)
    (repo / "src" / "store.ts").write_text("export class ScriptStore {\n}\n", encoding="utf-8")
    for args in (("init", "-q"), ("add", "."), ("commit", "-qm", "code")):
        subprocess.run(
            ["git", "-c", "user.email=t@t", "-c", "user.name=t", *args], cwd=repo, check=True
        )
    subprocess.run(
        ["git", "remote", "add", "origin", "https://github.com/o/r"], cwd=repo, check=True
    )
    done = subprocess.run(
        ["git", "rev-parse", "HEAD"], cwd=repo, check=True, capture_output=True, text=True
    )
    return repo, f"https://github.com/o/r/blob/{done.stdout.strip()[:8]}"


def _names_and_files(repo: Path) -> list[tuple[int, str, str]]:
    command = [sys.executable, "-m", "doclint", "check", "--no-cache", "--isolated"]
    command += ["--select", "DL801,DL806", "--output-format", "json", "."]
    done = subprocess.run(command, cwd=repo, capture_output=True, text=True, check=False)
    assert done.returncode in (0, 1), done.stderr
    return [(f["line"], f["code"], f["message"].split(":")[0]) for f in json.loads(done.stdout)]


def _write_page(repo: Path, blob: str) -> None:
    pages = repo / "docs" / "deepwiki"
    pages.mkdir(parents=True)
    (pages / "3-storage-layer.md").write_text(LOST_LIST.format(blob=blob), encoding="utf-8")


INVENTED = [(8, "DL806", "`ScriptCodeCache`"), (12, "DL806", "`StoreIndexer`")]
"""The names of the page the project never had (the Mermaid node names one
of them again, which is said once)."""


@pytest.mark.skipif(shutil.which("git") is None, reason="needs git")
def test_a_deepwiki_page_that_lost_its_source_list_is_still_its_page(tmp_path: Path):
    repo, blob = _storage_checkout(tmp_path)
    _write_page(repo, blob)
    found = GENERATORS.reading_of("docs/deepwiki/3-storage-layer.md", LOST_LIST.splitlines())
    assert found is not None
    assert (found[0].generator, found[1]) == (
        "deepwiki",
        "in its folder `docs/deepwiki/`, line 6 links to a page of its site",
    )
    # Its invented names, and the file it cites at a commit of this
    # repository that the project never had.
    gone = (19, "DL801", "`src/gone.ts` is cited but not in the tree")
    assert _names_and_files(repo) == [*INVENTED, gone]
    # Without its history (a copy of the tree), the names are judged alike.
    copy = tmp_path / "copy"
    (copy / "src").mkdir(parents=True)
    (copy / "src" / "store.ts").write_text("export class ScriptStore {\n}\n", encoding="utf-8")
    _write_page(copy, blob)
    assert _names_and_files(copy) == INVENTED
    # With neither site links nor a source list, a whole file pinned to a
    # commit still says whose page it is.
    pinned = [f"[src/gone.ts]({blob}/src/gone.ts)"]
    found = GENERATORS.reading_of("docs/deepwiki/3-storage-layer.md", pinned)
    assert found is not None and found[1].endswith(
        "line 1 cites a file at a commit as it writes them"
    )


def test_links_of_another_generator_in_a_wikis_folder_read_no_page():
    # Pages of its own (`.md`) and a file on a branch are any page's links,
    # not the wiki's site or a citation at a commit.
    other = [
        "# Source Files",
        "",
        "- [app.py](src/web/app.md)",
        "- [wiki.py](https://github.com/o/r/blob/main/src/wiki.py)",
        "- [Overview](overview.md)",
    ]
    assert GENERATORS.reading_of(".deepwiki/files/index.md", other) is None
