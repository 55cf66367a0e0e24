"""Replaying an unchanged run: the same command over the same inputs prints the
same bytes without checking (or importing) anything, and any change to what the
run depended on makes it run for real."""

from __future__ import annotations

import contextlib
import io
import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

from doclint.cache import prune
from doclint.replay import KEPT, PREFIX
from tests.pages import keyword_index, write

# Runs the command line as the `doclint` script does, then tells on stderr whether
# the engine was imported: a replayed run must not need it.
RUNNER = textwrap.dedent(
    """
    import sys
    from doclint.launcher import main
    code = main(sys.argv[1:])
    sys.stdout.flush()
    print("REPLAYED" if "doclint.engine" not in sys.modules else "RAN", file=sys.stderr)
    raise SystemExit(code)
    """
)


def _tree(root: Path) -> None:
    write(
        root,
        {
            "pkg/mod.py": "class Thing:\n    pass\n",
            "docs/pkg/mod.py_kw.md": keyword_index("pkg/mod.py", ["Thing", "def"]),
            "docs/pkg/mod.py_docs.md": "# Documentation: `pkg/mod.py`\n\n## File Metadata\n",
            "docs/notes.md": "# Notes\n\n[a](other.md#usage) [b](missing.md)\n",
            "docs/other.md": "# Other\n\n## Usage\n",
        },
    )


def _doclint(root: Path, *arguments: str) -> tuple[str, str, int]:
    """stdout, "REPLAYED" or "RAN", exit code."""
    done = subprocess.run(
        [sys.executable, "-c", RUNNER, "check", "docs", "--select", "ALL", *arguments],
        cwd=root,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert "Traceback" not in done.stderr, done.stderr
    return done.stdout, done.stderr.strip().splitlines()[-1], done.returncode


def _twice(root: Path, *arguments: str) -> tuple[str, str, int]:
    """Record a run, then the same run again; the second's result."""
    first, how, code = _doclint(root, *arguments)
    assert how == "RAN"
    again = _doclint(root, *arguments)
    assert (again[0], again[2]) == (first, code)
    return again


def test_an_unchanged_run_is_replayed_byte_for_byte(tmp_path):
    _tree(tmp_path)
    output, how, code = _twice(tmp_path)
    assert how == "REPLAYED" and code == 1
    assert "docs/notes.md:3:21: DL401" in output
    # Another command line is another record: it runs, then replays in turn.
    assert _doclint(tmp_path, "--output-format", "json")[1] == "RAN"
    output, how, _ = _doclint(tmp_path, "--output-format", "json")
    assert how == "REPLAYED" and json.loads(output)


def test_a_changed_input_makes_the_run_real_again(tmp_path):
    _tree(tmp_path)
    _twice(tmp_path)
    changes = [
        # a checked file
        lambda: write(tmp_path, {"docs/other.md": "# Other\n\n## Use\n"}),
        # a link target appears: its folder's listing changed
        lambda: write(tmp_path, {"docs/missing.md": "# Missing\n"}),
        # the documented source (a tree fact about another file's contents)
        lambda: write(tmp_path, {"pkg/mod.py": "class Thing:\n    pass\nclass Def:\n    pass\n"}),
        # a new page in a walked folder
        lambda: write(tmp_path, {"docs/pkg/new.md": "# New\n\n[x](nowhere.md)\n"}),
        # a configuration file where the run looked for one
        lambda: write(tmp_path, {"doclint.toml": 'ignore = ["DL401"]\n'}),
        # an ignore file of the walk (a git repository makes .gitignore count)
        lambda: write(tmp_path, {".git/HEAD": "", ".gitignore": "docs/pkg/new.md\n"}),
        # a file deleted
        lambda: os.remove(tmp_path / "docs/notes.md"),
    ]
    for change in changes:
        change()
        output, how, code = _doclint(tmp_path)
        assert how == "RAN"
        expected = subprocess.run(
            [sys.executable, "-m", "doclint", "check", "docs", "--select", "ALL", "--no-cache"],
            cwd=tmp_path,
            capture_output=True,
            text=True,
        )
        assert (output, code) == (expected.stdout, expected.returncode)
        assert _doclint(tmp_path)[1] == "REPLAYED"


def test_touching_a_file_runs_again_with_the_same_output(tmp_path):
    _tree(tmp_path)
    output, _, _ = _twice(tmp_path)
    os.utime(tmp_path / "docs/other.md", ns=(1, 1))
    assert _doclint(tmp_path)[:2] == (output, "RAN")


def test_a_reader_that_leaves_early_gets_no_traceback(tmp_path):
    # More output than a pipe holds, so that the writer meets the closed pipe.
    write(tmp_path, {"docs/notes.md": "# Notes\n\n" + "[a](missing.md)\n" * 5000})
    _twice(tmp_path)
    done = subprocess.run(
        f"{sys.executable} -m doclint check docs --select ALL | head -c 1",
        shell=True,
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.stdout == "d" and done.stderr == ""


def test_output_file_is_written_again(tmp_path):
    _tree(tmp_path)
    _twice(tmp_path, "--output-file", "report.txt")
    report = tmp_path / "report.txt"
    first = report.read_text()
    report.unlink()
    assert _doclint(tmp_path, "--output-file", "report.txt")[1] == "REPLAYED"
    assert report.read_text() == first and "DL401" in first


def test_runs_that_must_not_be_replayed_are_not_recorded(tmp_path):
    _tree(tmp_path)
    for arguments in (["--no-cache"], ["--write-baseline", "base.json"], ["--diff"]):
        _doclint(tmp_path, *arguments)
        assert _doclint(tmp_path, *arguments)[1] == "RAN", arguments


def test_a_corrupt_record_is_ignored(tmp_path):
    _tree(tmp_path)
    output, _, code = _twice(tmp_path)
    records = list((tmp_path / ".doclint_cache").glob("replay-*.bin"))
    assert len(records) == 1
    for garbage in (b"", b"\xff" * 8 + b"junk", records[0].read_bytes()[:100]):
        records[0].write_bytes(garbage)
        assert _doclint(tmp_path) == (output, "RAN", code)


def test_an_answer_that_changed_during_the_run_is_not_recorded(tmp_path):
    """A link target deleted after a rule asked, before the folder was stamped:
    the record would pair the new stamp with the old answer, so none is made."""
    from doclint import inputs, replay

    _tree(tmp_path)
    recorder = inputs.Recorder()
    recorder.allowed = True
    entry = ((1, 1), b"", [("is_file", "docs/other.md", True)], [])
    recorder.tree = (str(tmp_path), None, {"docs/notes.md": entry})
    recorder.folder = tmp_path / "cache"
    (tmp_path / "docs/other.md").unlink()
    replay.save(recorder, ["check", "docs"], 1)
    assert not (tmp_path / "cache").exists()
    (tmp_path / "docs/other.md").write_text("# Other\n")
    replay.save(recorder, ["check", "docs"], 1)
    assert len(list((tmp_path / "cache").glob(f"{PREFIX}*.bin"))) == 1


def test_a_stream_without_bytes_is_not_recorded(tmp_path, monkeypatch):
    """An embedding program's io.StringIO as stdout: runs work, none is recorded."""
    from doclint.launcher import main

    _tree(tmp_path)
    monkeypatch.chdir(tmp_path)
    outputs = []
    for _ in range(2):
        with contextlib.redirect_stdout(io.StringIO()) as stream:
            assert main(["check", "docs"]) == 1
        outputs.append(stream.getvalue())
    assert outputs[0] == outputs[1] and "DL401" in outputs[0]
    assert not list((tmp_path / ".doclint_cache").glob(f"{PREFIX}*"))


def test_only_the_latest_records_are_kept(tmp_path):
    for age in range(KEPT + 2):
        record = tmp_path / f"{PREFIX}{age}.bin"
        record.write_bytes(b"")
        os.utime(record, ns=(age, age))
    prune(tmp_path, f"{PREFIX}*.bin", KEPT)
    kept = sorted(int(f.stem.removeprefix(PREFIX)) for f in tmp_path.glob(f"{PREFIX}*.bin"))
    assert kept == list(range(2, KEPT + 2))
