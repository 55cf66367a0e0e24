"""docs/editors.md's Neovim configuration, run as written by the Neovim
installed (Debian 12's 0.7, or a later one), headless, against `doclint
server`: a page opened shows its findings, and the settings the page's
example gives reach the server. Skipped where Neovim is not installed."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import PROJECT
from tests.pages import keyword_index, write

pytest.importorskip("pygls")

KW = "docs/pkg/mod.py_kw.md"
# What the test asks Neovim, once the page is open: its diagnostics, one a
# line, in a file, as soon as the server has published some.
PROBE = """
local shown = vim.wait(30000, function() return #vim.diagnostic.get(0) > 0 end, 50)
local out = io.open(vim.env.DOCLINT_PROBE, "w")
for _, d in ipairs(vim.diagnostic.get(0)) do
  local code = d.code or (d.user_data and d.user_data.lsp and d.user_data.lsp.code)
  out:write(string.format("%d:%d %s %s\\n", d.lnum + 1, d.col + 1, code, d.message))
end
out:write(shown and "published\\n" or "nothing published\\n")
out:close()
vim.cmd("qa!")
"""


def _lua_blocks() -> list[str]:
    text = (PROJECT / "docs" / "editors.md").read_text(encoding="utf-8")
    return re.findall(r"^```lua\n(.*?)^```$", text, re.M | re.S)


def _neovim(snippet: str, tree: Path, tmp_path: Path) -> list[str]:
    """The lines PROBE writes once Neovim, configured by `snippet`, opened
    the keyword index of `tree`."""
    tmp_path.mkdir()
    init, probe, out = tmp_path / "init.lua", tmp_path / "probe.lua", tmp_path / "shown.txt"
    init.write_text(snippet, encoding="utf-8")
    probe.write_text(PROBE, encoding="utf-8")
    scripts = str(Path(sys.executable).parent)  # this doclint, as the reader's PATH has it
    env = {
        **os.environ,
        "PATH": scripts + os.pathsep + os.environ["PATH"],
        "DOCLINT_PROBE": str(out),
        "XDG_STATE_HOME": str(tmp_path / "state"),  # Neovim's LSP log, not the user's
        "XDG_CACHE_HOME": str(tmp_path / "cache"),
    }
    command = ["nvim", "--headless", "-u", str(init), "-c", f"edit {KW}", "-c", f"luafile {probe}"]
    subprocess.run(command, cwd=tree, env=env, timeout=120, check=False, capture_output=True)
    return out.read_text(encoding="utf-8").splitlines() if out.exists() else ["no answer"]


@pytest.fixture
def tree(tmp_path: Path) -> Path:
    root = tmp_path / "project"
    write(
        root,
        {
            KW: keyword_index("pkg/mod.py", ["Thing"]),
            "pkg/mod.py": "class Thing: ...\n",
            "pyproject.toml": "[project]\nname = 'x'\n",
        },
    )
    return root


@pytest.mark.slow
@pytest.mark.skipif(shutil.which("nvim") is None, reason="Neovim is not installed")
def test_the_neovim_configuration_shows_a_pages_findings_and_passes_its_settings(tree, tmp_path):
    """Slow: Neovim and a server process (2 s each run)."""
    snippet = next(body for body in _lua_blocks() if "vim.lsp.start_client" in body)
    shown = _neovim(snippet, tree, tmp_path / "plain")
    assert shown[-1] == "published", shown
    codes = sorted(line.split()[1] for line in shown[:-1])
    assert codes == ["DL101", "DL401", "DL401"], shown
    assert "14:1 DL101 `### Classs` is not a heading" in "\n".join(shown)
    # The settings example of the page, in place of the snippet's empty ones.
    (settings,) = [body.strip() for body in _lua_blocks() if body.startswith("init_options")]
    configured = re.sub(r"^\s*init_options = .*$", settings, snippet, count=1, flags=re.M)
    assert configured != snippet
    shown = _neovim(configured, tree, tmp_path / "configured")
    assert [line.split()[1] for line in shown[:-1]] == ["DL101"], shown
