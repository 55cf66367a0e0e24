"""Replaying an unchanged run: the same command over the same inputs prints the
same bytes without checking (or importing) anything; a change to some files
checks those alone and splices their findings into the stored output; any
other change to what the run depended on makes it run whole. Every outcome is
compared with a run without the cache."""

from __future__ import annotations

import contextlib
import io
import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from doclint.cache import Cache, prune
from doclint.output import LAYOUTS
from doclint.replay import KEPT, PREFIX
from tests.pages import keyword_index, write

# Runs the command line as the `doclint` script does, then tells on stderr how:
# REPLAYED (the engine was not even imported), PARTIAL (only some files were
# checked) or RAN.
RUNNER = textwrap.dedent(
    """
    import sys
    from doclint import replay
    from doclint.launcher import main
    found = []
    def noted(argv, find=replay.replay):
        found.append(find(argv))
        return found[-1]
    replay.replay = noted
    code = main(sys.argv[1:])
    sys.stdout.flush()
    if "doclint.engine" not in sys.modules:
        print("REPLAYED", file=sys.stderr)
    else:
        partial = isinstance(found[0], replay.Partial)
        print(f"PARTIAL {len(found[0].dirty)}" if partial else "RAN", file=sys.stderr)
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


def _doclint(root: Path, *arguments: str, runner: str = RUNNER) -> tuple[str, str, int]:
    """stdout, "REPLAYED" or "RAN", exit code."""
    done = subprocess.run(
        [sys.executable, "-c", runner, "check", "docs", "--select", "ALL", *arguments],
        cwd=root,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert "Traceback" not in done.stderr, done.stderr
    return done.stdout, done.stderr.strip().splitlines()[-1], done.returncode


def _uncached(root: Path, *arguments: str) -> tuple[str, int]:
    """stdout and exit code of the same check without the cache."""
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "doclint",
            "check",
            "docs",
            "--select=ALL",
            "--no-cache",
            *arguments,
        ],
        cwd=root,
        capture_output=True,
        text=True,
        timeout=120,
    )
    return done.stdout, done.returncode


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


@pytest.mark.slow
def test_a_changed_input_makes_the_run_real_again(tmp_path):
    _tree(tmp_path)
    _twice(tmp_path)
    changes = [
        # a checked file, and the page whose anchor link reads its headings
        ("PARTIAL 2", lambda: write(tmp_path, {"docs/other.md": "# Other\n\n## Use\n"})),
        # a link target appears: its folder's listing changed
        ("RAN", lambda: write(tmp_path, {"docs/missing.md": "# Missing\n"})),
        # the documented source (a tree fact about another file's contents)
        (
            "PARTIAL 1",
            lambda: write(
                tmp_path, {"pkg/mod.py": "class Thing:\n    pass\nclass Def:\n    pass\n"}
            ),
        ),
        # a new page in a walked folder
        ("RAN", lambda: write(tmp_path, {"docs/pkg/new.md": "# New\n\n[x](nowhere.md)\n"})),
        # a configuration file where the run looked for one
        ("RAN", lambda: write(tmp_path, {"doclint.toml": 'ignore = ["DL401"]\n'})),
        # an ignore file of the walk (a git repository makes .gitignore count)
        ("RAN", lambda: write(tmp_path, {".git/HEAD": "", ".gitignore": "docs/pkg/new.md\n"})),
        # a file deleted
        ("RAN", lambda: os.remove(tmp_path / "docs/notes.md")),
    ]
    for expected_how, change in changes:
        change()
        output, how, code = _doclint(tmp_path)
        assert how == expected_how
        assert (output, code) == _uncached(tmp_path)
        assert _doclint(tmp_path)[1] == "REPLAYED"


def test_a_link_target_led_out_of_the_root_is_checked_again(tmp_path):
    """No folder the run walked or listed changes: a folder further along a
    link is replaced by a link out of the root. Only the escape fact of the
    link target tells, and the page is checked again."""
    root, outside = tmp_path / "tree", tmp_path / "outside"
    write(root, {"docs/a.md": "# A\n\n[b](sub/b.md)\n", "real/sub/b.md": "# B\n"})
    (root / "docs/sub").symlink_to(Path("../real/sub"), target_is_directory=True)
    first, _, _ = _twice(root)
    (root / "real/sub").rename(outside)
    (root / "real/sub").symlink_to(outside, target_is_directory=True)
    output, how, code = _doclint(root)
    # The walk warns about the symbolic link to a folder it does not follow
    # (docs/sub), and a run that warned is never replayed: it runs again.
    assert how == "RAN" and "DL404" in output and "DL404" not in first
    assert (output, code) == _uncached(root)


def test_a_changed_page_of_a_source_is_checked_again_with_its_keyword_index(tmp_path):
    """The stamp of a file documentation page is read from the stat its
    source's fact took: the page and the keyword index that reads the source
    through it are both checked again."""
    _tree(tmp_path)
    _twice(tmp_path)
    page = "# Documentation: `pkg/mod.py`\n\n## File Metadata\n\n- **Size**: 1 bytes\n"
    write(tmp_path, {"docs/pkg/mod.py_docs.md": page})
    output, how, code = _doclint(tmp_path)
    assert how == "PARTIAL 2"
    assert (output, code) == _uncached(tmp_path)


def test_touching_a_file_runs_again_with_the_same_output(tmp_path):
    _tree(tmp_path)
    output, _, _ = _twice(tmp_path)
    os.utime(tmp_path / "docs/other.md", ns=(1, 1))
    assert _doclint(tmp_path)[:2] == (output, "PARTIAL 2")


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


def test_a_replayed_output_file_holds_the_output_alone(tmp_path):
    """A replay writes the output file over what it holds, then cuts it to
    length: a longer old file leaves no tail, a shorter one no gap."""
    _tree(tmp_path)
    _twice(tmp_path, "--output-format", "json", "-o", "report.json")
    report = tmp_path / "report.json"
    first = report.read_bytes()
    for leftover in (b"x" * (3 * len(first)), b"{", first[: len(first) // 2]):
        report.write_bytes(leftover)
        assert _doclint(tmp_path, "--output-format", "json", "-o", "report.json")[1] == "REPLAYED"
        assert report.read_bytes() == first
    assert json.loads(first)


def test_an_output_file_that_is_a_pipe_gets_the_replayed_output(tmp_path):
    """-o /dev/stdout names the pipe the test reads: no length to cut it to."""
    _tree(tmp_path)
    output, how, _ = _twice(tmp_path, "-o", "/dev/stdout")
    assert how == "REPLAYED" and "DL401" in output


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
    from doclint import replay, replay_inputs

    _tree(tmp_path)

    def recorder() -> replay_inputs.Recorder:
        """A recorder of a run whose rule asked whether docs/other.md is a file
        (a recorder is saved once: saving takes its tree)."""
        made = replay_inputs.Recorder()
        made.allowed = True
        cache = Cache(tmp_path / "cache", "key")
        facts = [("is_file", "docs/other.md", True)]
        cache.store("docs/notes.md", (1, 1, 1), bytes(16), facts, [])
        shown = ["docs/notes.md"]
        made.tree = replay_inputs.RunTree(str(tmp_path), None, shown, shown, cache)
        made.folder = tmp_path / "cache"
        return made

    (tmp_path / "docs/other.md").unlink()
    replay.save(recorder(), ["check", "docs"], 1)
    assert not (tmp_path / "cache").exists()
    (tmp_path / "docs/other.md").write_text("# Other\n")
    replay.save(recorder(), ["check", "docs"], 1)
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


def test_a_partial_run_splices_every_format_that_has_parts(tmp_path):
    _tree(tmp_path)
    for output_format in LAYOUTS:
        arguments = ("--output-format", output_format)
        _twice(tmp_path, *arguments)
        # A file gains findings, and one loses them all; the page linking to an
        # anchor of the first, and the keyword index reading the second, depend on them.
        write(tmp_path, {"docs/other.md": "# Other\n\n## Usage\n\n[c](gone.md)\n"})
        write(tmp_path, {"docs/pkg/mod.py_docs.md": "# Notes\n"})
        output, how, code = _doclint(tmp_path, *arguments)
        assert how == "PARTIAL 4", output_format
        assert (output, code) == _uncached(tmp_path, *arguments)
        assert _doclint(tmp_path, *arguments) == (output, "REPLAYED", code)
        _tree(tmp_path)  # back as it was: partial again
        output, how, code = _doclint(tmp_path, *arguments)
        assert how == "PARTIAL 4" and (output, code) == _uncached(tmp_path, *arguments)


def test_a_partial_run_keeps_the_totals_and_the_exit_code(tmp_path):
    write(tmp_path, {"docs/a.md": "# A\n\n[x](gone.md)\n", "docs/b.md": "# B\n"})
    output, _, code = _twice(tmp_path)
    assert code == 1 and "Found 1 problem in 1 file (2 files checked)." in output
    write(tmp_path, {"docs/a.md": "# A\n"})
    output, how, code = _doclint(tmp_path)
    assert (how, code) == ("PARTIAL 1", 0) and output == "All checks passed (2 files checked).\n"
    assert (output, code) == _uncached(tmp_path)
    write(tmp_path, {"docs/b.md": "# B\n\n[y](gone.md)\n[z](gone.md)\n"})
    output, how, code = _doclint(tmp_path, "-q")
    assert how == "RAN"  # -q is another command line, recorded anew
    output, how, code = _doclint(tmp_path, "-q")
    assert how == "REPLAYED" and code == 1 and output.count("DL401 [") == 2


def test_a_partial_run_counts_the_fixes_of_the_files_it_did_not_check(tmp_path):
    # The keyword index keeps its fixable findings and is not checked again:
    # the summary counts them from the record, not from a part read again.
    _tree(tmp_path)
    for output_format in ("concise", "full"):
        arguments = ("--output-format", output_format)
        output, _, _ = _twice(tmp_path, *arguments)
        assert "[*] 2 fixable with `--fix`." in output
        write(tmp_path, {"docs/notes.md": "# Notes\n\n[b](missing.md) [c](gone.md)\n"})
        output, how, code = _doclint(tmp_path, *arguments)
        assert how == "PARTIAL 1" and "[*] 2 fixable with `--fix`." in output
        assert (output, code) == _uncached(tmp_path, *arguments)
        _tree(tmp_path)


def test_a_partial_run_reads_the_stored_parts_without_mapping_the_record(tmp_path):
    # A mapped record of gigabytes counts in the memory of the process as it is
    # copied; the parts are read one by one instead.
    _tree(tmp_path)
    arguments = ("--output-format", "jsonl")
    _twice(tmp_path, *arguments)
    write(tmp_path, {"docs/other.md": "# Other\n\n## Usage\n\n[c](gone.md)\n"})
    unmapped = "from doclint import sealed\ndel sealed.SealedFile.body\n" + RUNNER
    output, how, code = _doclint(tmp_path, *arguments, runner=unmapped)
    assert how == "PARTIAL 2" and (output, code) == _uncached(tmp_path, *arguments)


def test_formats_without_parts_and_baselines_run_whole(tmp_path):
    _tree(tmp_path)
    (tmp_path / "base.json").write_text("[]\n")
    for arguments in (("--output-format", "junit"), ("--baseline", "base.json")):
        _twice(tmp_path, *arguments)
        write(tmp_path, {"docs/other.md": "# Other\n\n## Use\n"})
        output, how, code = _doclint(tmp_path, *arguments)
        assert how == "RAN" and (output, code) == _uncached(tmp_path, *arguments)
        _tree(tmp_path)


def test_a_replayed_run_imports_neither_the_models_nor_pydantic(tmp_path):
    """Nor what only checking or writing needs: the line scan, dataclasses
    (which imports inspect, ast, dis), tempfile (random, shutil)."""
    (tmp_path / "page.md").write_text("# A page\n\n[gone](missing.md)\n", encoding="utf-8")
    heavy = ["pydantic", "doclint.models.generated", "doclint.parsing", "dataclasses", "tempfile"]
    program = (
        "import sys\n"
        "from doclint.launcher import main\n"
        "code = main(['check', 'page.md', '--cache-dir', 'cache'])\n"
        f"print(*(name in sys.modules for name in {heavy!r}), file=sys.stderr)\n"
        "raise SystemExit(code)\n"
    )
    runs = [
        subprocess.run(
            [sys.executable, "-c", program],
            cwd=tmp_path,
            capture_output=True,
            text=True,
            timeout=120,
        )
        for _ in range(2)
    ]
    assert [run.returncode for run in runs] == [1, 1]
    assert runs[0].stdout == runs[1].stdout
    assert runs[0].stderr.splitlines()[-1] == " ".join(["True"] * len(heavy))  # checked for real
    assert runs[1].stderr.splitlines()[-1] == " ".join(["False"] * len(heavy))  # replayed
