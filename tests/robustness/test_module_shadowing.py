"""A checked tree cannot plant modules that `python -m doclint` imports."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

PLANTED = ("hmac", "hashlib", "tempfile", "shutil", "marshal", "difflib", "shlex")


def test_modules_in_the_working_folder_are_not_imported(tmp_path: Path) -> None:
    marker = tmp_path / "imported"
    for name in PLANTED:
        (tmp_path / f"{name}.py").write_text(
            f"open({str(marker)!r}, 'a').write({name!r})\n", encoding="utf-8"
        )
    (tmp_path / "page.md").write_text("# A page\n\nText.\n", encoding="utf-8")
    result = subprocess.run(
        [sys.executable, "-m", "doclint", "check", "page.md"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
    assert not marker.exists(), f"imported from the tree: {marker.read_text()}"
