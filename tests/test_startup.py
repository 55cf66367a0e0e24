"""What checking one page imports: what pre-commit and an editor pay on
every run. No pydantic (the shipped profiles are built from their TOML by
plain code, pages are dataclasses), and only the output format asked for; fix mode,
--watch and a process pool only when asked for or needed."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import PROJECT

NEVER_FOR_A_CHECK = (
    "pydantic",
    "pydantic_core",
    "doclint.profiles.loading",
    "doclint.output.html",
    "doclint.output.junit",
    "doclint.output.gitlab",
    "doclint.output.github",
    "doclint.fixes.fix_mode",
    "doclint.fixes.file_fixer",
    "doclint.cli.watch",
    "multiprocessing",
    "concurrent.futures",
    # Entry points and doclint's metadata are read from the dist-info folders.
    "importlib.metadata",
    "email",
    "zipfile",
    "csv",
    # The other commands and options of `check` that print instead of checking.
    "doclint.cli.explain",
    "doclint.cli.show",
    "doclint.cli.rule_listing",
    "doclint.output.causes",
    # A rule's crash is shown with its stack only under --show-traceback.
    "traceback",
    # What writes a report or a baseline to a file.
    "doclint.util.replacing",
    # Whether doclint runs from a checkout is told by site's folders.
    "sysconfig",
    # mypyc reads tree/index's `mypyc_attr` from the source: Python runs none.
    "mypy_extensions",
    # DL301 splits a plain command as shlex would, without it.
    "shlex",
    # The Python reader normalises only a name that is not ASCII.
    "unicodedata",
    # The line scan reads these pages whole, the DeepWiki export's HTML
    # anchors and `<details>` blocks too: mistune is for other Markdown.
    "mistune",
    "doclint.parsing.mistune_layer",
)

# What the DeepWiki export needs and the generated page and the README do not:
# the history (git, through subprocess) for its citations.
ONLY_FOR_THE_WIKI = (
    "doclint.history",
    "subprocess",
    # Finding `git` and Node's error file take `shutil` and `tempfile`, which
    # import `bz2`, `lzma` and `random`. A run's own parts and a cache's new
    # blobs are held in memory while few (util/spill.py), the cache's files
    # made without `tempfile`, the help's width found without `shutil`.
    "tempfile",
    "shutil",
    "bz2",
    "lzma",
    "random",
    # Only a report written to a reader that lags waits on it (select).
    "select",
    # The wikis' models and the wiki rules' helpers: the rules import them
    # in the functions that use them. The model of the project's entry is
    # the layout profile's rules' too, which no tree here has.
    "doclint.models.wiki",
    "doclint_rules.wiki._wiki",
    "doclint_rules._common.project",
    "doclint_rules._common.project_names",
    "doclint_rules.wiki._unjudged",
)

# What a page of no generator (a README) needs of no other kind of page: the
# builders of the generators' pages (their models are the page types of the
# rules, which every run imports), the wikis' reader, and difflib (a
# suggestion for a wrong heading or a garbled line).
ONLY_FOR_OTHER_KINDS = (
    "doclint.parsing.file_docs",
    "doclint.parsing.keyword_index",
    "doclint.parsing.folder_pages",
    "doclint.parsing.start_page",
    "doclint.parsing.wiki",
    "difflib",
)

# What only the rules of a layout profile's pages (DL7xx) use, which none of
# these trees has: each rule imports them in the functions that use them.
ONLY_FOR_A_LAYOUT_PROFILE = (
    "doclint.parsing.object_pages",
    "doclint_rules.objects._sources",
    "doclint_rules._common.project_python",
    "doclint_rules.objects._hierarchy",
    "doclint_rules.objects._outside_bases",
)

README = "# Widgets\n\nA small library of widgets: see [the guide](https://example.org).\n"


# `python -m doclint ARGS` that names, at exit, every module the run imported
# (`-X importtime` loses the modules imported by the thread that writes the
# output), and how many times a module was searched for rules.
_RUN = """
import atexit, runpy, sys
from doclint.engine import registry
searched = []
def module_rules(module, read=registry.module_rules):
    searched.append(module.__name__)
    return read(module)
registry.module_rules = module_rules
atexit.register(lambda: sys.__stderr__.write(
    "\\nsearched: " + " ".join(searched) + "\\nimported: " + " ".join(sys.modules) + "\\n"
))
sys.argv = ["doclint", *sys.argv[1:]]
runpy.run_module("doclint", run_name="__main__", alter_sys=True)
"""


def run(cwd: Path, *args: str, script: str = _RUN) -> str:
    """The standard error of a `doclint` run with `args` in `cwd`."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    done = subprocess.run(
        [sys.executable, "-c", script, *args],
        cwd=cwd,
        env={**env, "PYTHONPATH": str(PROJECT)},
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode in (0, 1), done.stderr[-2000:]
    return done.stderr


def imported(cwd: Path, *args: str) -> set[str]:
    """The modules a `doclint` run with `args` in `cwd` imports."""
    return set(run(cwd, *args).rpartition("imported: ")[2].split())


def printed(script: str) -> str:
    """What `python -c script` prints, in a process of its own (no module
    of this one's loaded)."""
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=True
    )
    return done.stdout


@pytest.fixture
def trees(tmp_path: Path) -> dict[str, tuple[Path, str]]:
    """(folder, page) of a generated tree's page, a README and a DeepWiki export."""
    generated = tmp_path / "generated"
    shutil.copytree(PROJECT / "examples" / "tree", generated)
    readme = tmp_path / "readme"
    readme.mkdir()
    (readme / "README.md").write_text(README, encoding="utf-8")
    wiki = tmp_path / "wiki"
    shutil.copytree(PROJECT / "tests" / "wikis" / "deepwiki_open", wiki)
    return {
        "generated": (generated, "docs/pkg/test_widgets.py_docs.md"),
        "readme": (readme, "README.md"),
        "wiki": (wiki, "shop_wiki.md"),
    }


@pytest.mark.parametrize("case", ["generated", "readme", "wiki"])
@pytest.mark.parametrize("cache", [[], ["--no-cache"]])
def test_checking_a_page_imports_no_pydantic_nor_what_it_does_not_use(trees, case, cache):
    folder, page = trees[case]
    modules = imported(folder, "check", page, *cache)
    assert "doclint.rule_api" in modules  # the run did check
    assert sorted(modules.intersection(NEVER_FOR_A_CHECK)) == []
    assert sorted(modules.intersection(ONLY_FOR_A_LAYOUT_PROFILE)) == []
    if case != "wiki":
        assert sorted(modules.intersection(ONLY_FOR_THE_WIKI)) == []
    if case == "readme":
        assert sorted(modules.intersection(ONLY_FOR_OTHER_KINDS)) == []
    if case != "wiki" and cache:
        # No Mermaid block: the client (Node's) is not imported, only asked
        # for its state where that is part of the cache's key.
        assert "doclint.diagrams.mermaid" not in modules
    if case == "generated":
        assert "doclint.parsing.file_docs" in modules
        assert "doclint.parsing.keyword_index" not in modules


def test_a_wiki_page_outside_a_checkout_starts_no_process(trees, tmp_path, monkeypatch):
    """Its citations ask for the history, which git finds through a `.git`
    entry above the tree: with none, git is neither looked for nor started;
    and with Mermaid's parser not installed, no Node either. Nothing then
    needs `subprocess` or `shutil` (its `which`), and the install command
    Mermaid's notice names needs no `shlex` for a folder without quotes."""
    monkeypatch.setenv("DOCLINT_MERMAID", str(tmp_path / "no-mermaid"))
    folder, page = trees["wiki"]
    modules = imported(folder, "check", page, "--no-cache")
    assert "doclint.history.history" in modules and "doclint.diagrams.mermaid" in modules
    spawning = {"subprocess", "doclint.history.git", "shutil", "tempfile"}
    assert sorted(modules & spawning) == []
    assert "shlex" not in modules


def test_a_format_is_imported_when_asked(trees):
    folder, page = trees["readme"]
    modules = imported(folder, "check", page, "--output-format", "html", "-o", "report.html")
    assert "doclint.output.html" in modules
    assert (folder / "report.html").read_text(encoding="utf-8").startswith("<!DOCTYPE html>")


def test_a_user_profile_is_read_by_the_one_loader(trees):
    """A profile the configuration names is validated (pydantic), as before."""
    folder, page = trees["readme"]
    shutil.copy(PROJECT / "examples" / "profile" / "tinydoc.toml", folder / "tinydoc.toml")
    (folder / "doclint.toml").write_text('profiles = ["tinydoc.toml"]\n', encoding="utf-8")
    modules = imported(folder, "check", page)
    assert {"pydantic", "doclint.profiles.loading"} <= modules


def test_the_rules_are_read_once_per_run(trees):
    """The command line, the run's set-up and its scheduler each ask for the
    registry: each rule module is searched for rules once, and a built-in one
    the index of the rules' facts knows not at all."""
    folder, page = trees["readme"]
    said = run(folder, "check", page)
    searched = said.rpartition("searched: ")[2].partition("\n")[0].split()
    assert searched == []


@pytest.mark.parametrize("case", ["generated", "readme", "wiki"])
@pytest.mark.parametrize("cache", [[], ["--no-cache"]])
def test_a_check_imports_the_cache_only_with_the_cache_on(trees, case, cache):
    """With --no-cache, no module of the cache; and the rule list a kept
    part's key holds (SARIF's) only where a part is kept: a README of no
    findings keeps none."""
    folder, page = trees[case]
    modules = imported(folder, "check", page, *cache)
    assert "doclint.rule_api" in modules  # the run did check
    if cache:
        assert [name for name in modules if name.startswith("doclint.incremental")] == []
    else:
        assert "doclint.incremental.cache" in modules
    if cache or case == "readme":
        assert "doclint.output.sarif" not in modules


# The same run, naming the modules of every dataclass it defines.
_DATACLASSES = """
import atexit, dataclasses, runpy, sys
made = []
real = dataclasses.dataclass
def noted(cls=None, /, **options):
    def wrap(cls):
        made.append(cls.__module__)
        return real(**options)(cls)
    return wrap if cls is None else wrap(cls)
dataclasses.dataclass = noted
atexit.register(lambda: sys.__stderr__.write("\\ndataclasses: " + " ".join(made) + "\\n"))
sys.argv = ["doclint", *sys.argv[1:]]
runpy.run_module("doclint", run_name="__main__", alter_sys=True)
"""

# Where a run's own records are defined: a dataclass compiles its methods at
# every start (a twenty-field one, 0.5 ms), so these are plain classes and
# named tuples.
THE_RUNS_OWN = (
    "doclint.cli",
    "doclint.config",
    "doclint.run",
    "doclint.output",
    "doclint.incremental",
)


@pytest.mark.parametrize("cache", [[], ["--no-cache"]])
def test_a_check_defines_no_dataclass_of_the_run_s_own(trees, cache):
    folder, page = trees["readme"]
    said = run(folder, "check", page, *cache, script=_DATACLASSES)
    assert "\ndataclasses: " in said, "the run ended through the hook"
    made = said.rpartition("dataclasses: ")[2].split()
    assert [module for module in made if module.startswith(THE_RUNS_OWN)] == []


# The same run, counting how often the rules' entry points are looked up
# (the dist-info folders read).
_ENTRY_LOOKUPS = """
import atexit, runpy, sys
from doclint.engine import registry
looked = []
def rule_entries(read=registry.rule_entries):
    looked.append(1)
    return read()
registry.rule_entries = rule_entries
atexit.register(lambda: sys.__stderr__.write("\\nlookups: %d\\n" % len(looked)))
sys.argv = ["doclint", *sys.argv[1:]]
runpy.run_module("doclint", run_name="__main__", alter_sys=True)
"""


@pytest.mark.parametrize("cache", [[], ["--no-cache"]])
def test_a_check_looks_its_rules_up_once(trees, cache):
    """The command line loads the registry and hands it to the run: the
    entry points are read once, not again by the run's steps."""
    folder, page = trees["readme"]
    said = run(folder, "check", page, *cache, script=_ENTRY_LOOKUPS)
    assert said.rpartition("lookups: ")[2].split() == ["1"]


# `python -m doclint` naming, when the launcher tunes the garbage collector,
# whether typing is imported yet.
_TUNED = """
import runpy, sys
from doclint.util import gc_pause
tune = gc_pause.collect_rarely
def tuned():
    sys.__stderr__.write("typing before tuning: %s\\n" % ("typing" in sys.modules))
    tune()
gc_pause.collect_rarely = tuned
sys.argv = ["doclint", *sys.argv[1:]]
runpy.run_module("doclint", run_name="__main__", alter_sys=True)
"""


def test_typing_loads_after_the_collector_is_tuned(trees):
    """The package, its launcher and what they import before `script` tunes
    the collector use typing's TYPE_CHECKING without importing typing: the
    young collections at the default threshold traced what it builds."""
    folder, page = trees["readme"]
    said = run(folder, "check", page, "--no-cache", script=_TUNED)
    assert said.rpartition("typing before tuning: ")[2].split()[0] == "False"


COMMAND_LINES = [
    ["check", "docs", "--select", "DL1", "--output-format", "json", "--no-cache", "-j", "2"],
    ["check"],
    ["rules", "--output-format", "json"],
    ["rule", "--all"],
    ["schema", "profile"],
    ["config-schema"],
    ["profile", "check", "p.toml", "--good", "a", "--bad", "b"],
    ["init", "there"],
    ["clean", "--root", "."],
]


@pytest.mark.parametrize("argv", COMMAND_LINES, ids=lambda argv: argv[0])
def test_a_command_s_own_parser_parses_as_the_whole_and_builds_no_other(argv):
    """argparse looks up its labels' translations for every parser it builds:
    a run builds only its command's, which reads its arguments as the whole
    command line's parser does."""
    from doclint.cli.options import build_parser

    own = build_parser(argv[0])
    assert vars(own.parse_args(argv)) == vars(build_parser().parse_args(argv))
    other = "rules" if argv[0] != "rules" else "check"
    with pytest.raises(SystemExit):
        own.parse_args([other])


# `python -m doclint ARGS` that names, at exit, the file and line of the code
# that had each regular expression built (past `re` and lazy_regex), whether
# compiled or built from the store of compiled patterns: `_sre.compile` builds both.
_COMPILES = """
import atexit, runpy, sys
import _sre
sites = []
past = ("/re/__init__.py", "/re/_compiler.py", "lazy_regex.py")
def compile(*arguments, real=_sre.compile):
    frame = sys._getframe(1)
    while frame.f_code.co_filename.endswith(past):
        frame = frame.f_back
    sites.append(f"{frame.f_code.co_filename}:{frame.f_lineno}")
    return real(*arguments)
_sre.compile = compile
atexit.register(lambda: sys.__stderr__.write("\\ncompiled: " + " ".join(sites) + "\\n"))
sys.argv = ["doclint", *sys.argv[1:]]
runpy.run_module("doclint", run_name="__main__", alter_sys=True)
"""


def test_a_readme_s_check_compiles_no_pattern_it_does_not_use(trees):
    """A page of no generator is told from a generated one without compiling
    the shipped templates' title patterns (no title of theirs starts as its
    does), and the rules whose patterns read Mermaid's messages or garbled
    text compile them when a page holds such, not when they are imported."""
    folder, page = trees["readme"]
    sites = run(folder, "check", page, "--no-cache", script=_COMPILES)
    compiled = sites.rpartition("compiled: ")[2].split()
    assert compiled, "the hook saw no compile"
    unused = ("mermaid_invalid.py", "mojibake.py", "_mojibake.py", "profiles/patterns.py")
    assert [site for site in compiled if site.rpartition(":")[0].endswith(unused)] == []


def test_a_check_dedents_no_rule_s_documentation(trees):
    """Every rule a check runs builds its documentation (`RuleDocs`); only
    `doclint rule`, the rule pages and SARIF read it, and it is dedented then."""
    script = (
        "import inspect, runpy, sys\n"
        "real = inspect.cleandoc\n"
        "def cleandoc(text):\n"
        "    sys.__stderr__.write('dedented\\n')\n"
        "    return real(text)\n"
        "inspect.cleandoc = cleandoc\n"
        "sys.argv = ['doclint', *sys.argv[1:]]\n"
        "runpy.run_module('doclint', run_name='__main__', alter_sys=True)\n"
    )
    folder, page = trees["readme"]
    assert "dedented" not in run(folder, "check", page, "--no-cache", script=script)
    shown = run(folder, "rule", "broken-link", script=script)
    assert "dedented" in shown
