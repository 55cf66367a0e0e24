"""Shared fixtures: where the shared material is, and small helpers."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest

from doclint import Settings, check_paths, check_text
from doclint.util.build import compiled_modules
from tests.checking import Outcome, run_cli

PROJECT = Path(__file__).resolve().parent.parent
SHARED = PROJECT.parent / "shared"


def bench_module(name: str) -> object:
    """A script of bench/ imported as a module (bench/ is no package), with
    bench/ on sys.path as a script run from it has it, to import its peers."""
    if str(PROJECT / "bench") not in sys.path:
        sys.path.append(str(PROJECT / "bench"))
    spec = importlib.util.spec_from_file_location(name, PROJECT / "bench" / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module  # dataclasses look their module up
    spec.loader.exec_module(module)
    return module


# A test that counts a module's calls to its own functions by replacing them
# runs on the pure-Python build only (.ci/run runs the suite on both): the
# compiled module calls them directly, not through its namespace.
pure_python_only = pytest.mark.skipif(
    bool(compiled_modules()), reason="replaces a function a compiled module calls directly"
)

SEEDS = SHARED / "seeds"
REAL = SHARED / "corpus" / "real"


@pytest.fixture(autouse=True)
def _plain_output(monkeypatch: pytest.MonkeyPatch) -> None:
    """Tests read plain text, whatever colour the shell running them asks for."""
    monkeypatch.delenv("FORCE_COLOR", raising=False)
    monkeypatch.delenv("NO_COLOR", raising=False)


def require_shared() -> None:
    if not SEEDS.is_dir():
        pytest.skip("../shared is not beside the checkout")


def shared_markdown_pages() -> list[Path]:
    """Every Markdown page of ../shared/corpus, for the tests that compare a
    reader with the pattern it is written for (they skip without it)."""
    require_shared()
    pages = sorted((SHARED / "corpus").rglob("*.md"))
    assert len(pages) > 400  # the corpus is there whole
    return pages


@pytest.fixture(scope="session")
def real_report():
    """The whole real slice, checked once against its listing."""
    require_shared()
    listing = (REAL / "LISTING.txt").read_text(encoding="utf-8").splitlines()
    settings = Settings(select=["ALL"], root=REAL, known_paths=listing)
    return check_paths([REAL / "docs"], settings)


def generate_corpus(out: Path, limit: int) -> Path:
    """A tree the generator (../shared/tools/gen_corpus.py) writes for the first
    `limit` sources of the standard library, in `out`; skips without ../shared."""
    require_shared()
    tool, source = SHARED / "tools" / "gen_corpus.py", sysconfig.get_paths()["stdlib"]
    subprocess.run(
        [sys.executable, str(tool), source, str(out), "--limit", str(limit)],
        check=True,
        capture_output=True,
    )
    return out


@pytest.fixture(scope="session")
def generated_corpus(tmp_path_factory) -> Path:
    """A small corpus of the generator: 40 files of the standard library, two levels."""
    return generate_corpus(tmp_path_factory.mktemp("corpus") / "tree", 40)


def findings(text: str, path: str, select: str, tmp_path: Path | None = None, **kwargs):
    """(line, column, code) of one rule's findings on a hand-made page."""
    settings = Settings(select=[select], root=tmp_path, **kwargs)
    report = check_text(text, path=path, settings=settings)
    return [(d.line, d.column, d.code) for d in report.diagnostics]


@pytest.fixture
def cli(monkeypatch, capsys, tree):
    """`doclint check --no-cache ARGS` run in the module's `tree` fixture (or `cwd`)."""

    def invoke(*args: str, cwd: Path | None = None) -> Outcome:
        return run_cli(monkeypatch, capsys, cwd or tree, "check", "--no-cache", *args)

    return invoke
