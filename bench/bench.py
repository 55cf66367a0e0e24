#!/usr/bin/env python3
"""Benchmark doclint against other Markdown linters on generated documentation trees.

    python bench/bench.py [--sizes small,full,big] [--big-source DIR]
        [--peers markdownlint,rumdl,pymarkdown,cat] [--formats json,jsonl,sarif]
        [--rounds N] [--timeout SECONDS] [--quick] [--rebuild] [--skip-install]
        [--work DIR] [--shared DIR] [--doclint CMD] [--output FILE]

Builds corpora with shared/tools/gen_corpus.py from CPython's standard library (small, full)
or from site-packages or any large source tree (big: about 210,000 pages), installs the
peer linters into bench/.peers/, times whole-process runs of every tool on each corpus's docs/
folder and prints a Markdown report.  See bench/README.md for the columns.  Standard library
only.
"""

import argparse
import contextlib
import datetime
import json
import os
import platform
import re
import resource
import shlex
import signal
import statistics
import subprocess
import sys
import sysconfig
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

BENCH_DIR = Path(__file__).resolve().parent
PROJECT_ROOT = BENCH_DIR.parent
PEERS_DIR = BENCH_DIR / ".peers"
VENV_DIR = PEERS_DIR / "venv"
INSTALL_LOG = PEERS_DIR / "install.log"

# gen_corpus arguments of each corpus size, in the order they are benchmarked.
SIZES: dict[str, list[str]] = {
    "small": ["--limit", "200"],
    "full": ["--levels", "2"],
    "big": ["--levels", "2"],
}
# Sizes run unless --sizes names them: big takes many minutes a round.
DEFAULT_SIZES = ["small", "full"]

MARKDOWNLINT_BIN = PEERS_DIR / "node_modules" / ".bin" / "markdownlint-cli2"
PEER_BINARIES: dict[str, Path] = {
    "markdownlint": MARKDOWNLINT_BIN,
    "rumdl": VENV_DIR / "bin" / "rumdl",
    "pymarkdown": VENV_DIR / "bin" / "pymarkdown",
}
PIP_PACKAGES = {"rumdl": "rumdl", "pymarkdown": "pymarkdownlnt"}
PEER_NAMES = ("cat", "markdownlint", "rumdl", "pymarkdown")
# doclint's output formats a cold run may also write (to a file): json is the cold row itself.
FORMAT_NAMES = ("json", "jsonl", "sarif", "junit", "gitlab", "github", "concise", "full")
# pymarkdown needs over 6 CPU minutes a round on the small corpus: over an hour on the full one.
PYMARKDOWN_SIZES = frozenset({"small"})
PYMARKDOWN_FILE_ERROR = re.compile(
    r"^(?P<path>.+):0:0: An unhandled error occurred processing the document\.$"
)

DOCLINT_FLAGS = ("--no-cache", "--cache-dir", "--jobs")
TRACEBACK = "Traceback (most recent call last):"
PROBE_TIMEOUT = 120.0
CELL_WIDTH = 120  # longest crash message shown in the table
FLAT_TOLERANCE = 0.2  # how far doclint cold's time per MB may differ between the two sizes


@dataclass(frozen=True)
class Command:
    """A tool invocation and the exit codes that mean it ran to the end."""

    argv: list[str]
    # Linters exit non-zero when they find problems: only other codes are crashes.
    ok_codes: frozenset[int] = frozenset({0, 1})
    # A Python tool can print a traceback and still exit with an "ok" code.
    python: bool = False
    # A stderr line saying the tool gave up on one file and went on with the others.  A run
    # whose stderr holds only such lines is complete but for those files, whatever its exit code.
    file_error: re.Pattern[str] | None = None


@dataclass(frozen=True)
class Corpus:
    name: str
    root: Path
    files: int
    size: int  # bytes of the .md files under docs/

    @property
    def megabytes(self) -> float:
        return self.size / 1e6


@dataclass(frozen=True)
class Peaks:
    """Peak RSS (VmHWM) of the process started, and of the largest of its descendants."""

    main_kib: int
    worker_kib: int

    def most(self, other: "Peaks") -> "Peaks":
        return Peaks(max(self.main_kib, other.main_kib), max(self.worker_kib, other.worker_kib))


@dataclass
class Row:
    """The result of one (corpus, tool, scenario): all successful round times, or why none."""

    corpus: Corpus
    tool: str
    scenario: str
    status: str = "ok"  # or "skipped: why" or "failed: why"
    notes: list[str] = field(default_factory=list)
    times: list[float] = field(default_factory=list)
    max_rss_kib: int = 0
    peaks: Peaks = field(default_factory=lambda: Peaks(0, 0))


@dataclass(frozen=True)
class Run:
    seconds: float
    max_rss_kib: int
    exit_code: int  # negative: killed by that signal
    timed_out: bool
    peaks: Peaks = Peaks(0, 0)


@dataclass(frozen=True)
class Doclint:
    argv: list[str]
    problem: str  # why doclint cannot run, like "not installed"; empty when it can
    about: str  # its --version line, or the error that shows the problem
    flags: frozenset[str]


# ---- running and timing ------------------------------------------------------------------------


def kill_group(pid: int) -> None:
    with contextlib.suppress(ProcessLookupError):
        os.killpg(pid, signal.SIGKILL)


def _children(pid: int) -> list[int]:
    found: list[int] = []
    with contextlib.suppress(OSError):
        for task in os.listdir(f"/proc/{pid}/task"):
            found += map(int, Path(f"/proc/{pid}/task/{task}/children").read_text().split())
    return found


def _high_water_kib(pid: int) -> int:
    value = read_proc(f"/proc/{pid}/status", "VmHWM")
    return int(value.split()[0]) if value else 0


class PeakWatch:
    """Polls the peak RSS (VmHWM) of a process and of each of its descendants
    while they run: wait4 tells only the largest of them, and a worker forked
    from the main process shows all the main process held as its own."""

    INTERVAL = 0.1

    def __init__(self, pid: int) -> None:
        self.pid = pid
        self.seen: dict[int, int] = {}
        self._done = threading.Event()
        self._thread = threading.Thread(target=self._poll, daemon=True)
        self._thread.start()

    def _poll(self) -> None:
        while not self._done.is_set():
            todo = [self.pid]
            while todo:
                pid = todo.pop()
                peak = _high_water_kib(pid)
                if peak:
                    self.seen[pid] = max(self.seen.get(pid, 0), peak)
                todo += _children(pid)
            self._done.wait(self.INTERVAL)

    def stop(self) -> Peaks:
        self._done.set()
        self._thread.join()
        workers = [peak for pid, peak in self.seen.items() if pid != self.pid]
        return Peaks(self.seen.get(self.pid, 0), max(workers, default=0))


def run_timed(argv: list[str], cwd: Path, stderr_path: Path, timeout: float) -> Run:
    """Run argv with stdout to /dev/null and stderr to stderr_path; return time and peak RSS.

    The child leads a new process group so that a timeout kills the whole tree (node, a shell's
    pipeline).  Peak RSS comes from wait4: the kernel reports the largest single process among
    the child and the descendants it waited for, not the sum of concurrent processes, so a tool
    running worker processes in parallel shows its largest worker or parent only.  wait4 rather
    than getrusage(RUSAGE_CHILDREN), whose maximum covers every child the benchmark ever had.
    """
    expired = threading.Event()

    def expire() -> None:
        expired.set()
        kill_group(proc.pid)

    with open(stderr_path, "wb") as stderr:
        started = time.perf_counter()
        proc = subprocess.Popen(
            argv,
            cwd=cwd,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=stderr,
            start_new_session=True,
        )
        timer = threading.Timer(timeout, expire)
        timer.start()
        watch = PeakWatch(proc.pid)
        try:
            _, status, usage = os.wait4(proc.pid, 0)
        except BaseException:
            kill_group(proc.pid)
            proc.wait()
            raise
        finally:
            timer.cancel()
            peaks = watch.stop()
        seconds = time.perf_counter() - started
    # wait4 reaped the child: tell Popen, or it would try to reap it again.
    proc.returncode = os.waitstatus_to_exitcode(status)
    return Run(seconds, usage.ru_maxrss, proc.returncode, expired.is_set(), peaks)


def crash_message(stderr: str) -> str:
    """The line of stderr that explains a crash, shortened for a table cell."""
    lines = [line.strip() for line in stderr.splitlines() if line.strip()]
    if not lines:
        return "no message on stderr"
    # A traceback's first line says nothing; its last one names the exception.
    line = lines[-1] if TRACEBACK in stderr else lines[0]
    return line if len(line) <= CELL_WIDTH else line[: CELL_WIDTH - 3] + "..."


@dataclass(frozen=True)
class Verdict:
    failure: str = ""  # why the run does not count; empty when it ran to the end
    note: str = ""  # what the report should say about a run that counts


def diagnose(run: Run, command: Command, stderr_path: Path, corpus: Corpus) -> Verdict:
    """Whether a finished run counts, from how it ended and what it printed on stderr."""
    if run.timed_out:
        return Verdict(f"timed out after {run.seconds:.0f} s")
    if run.exit_code < 0:
        return Verdict(f"killed by {signal.Signals(-run.exit_code).name} after {run.seconds:.1f} s")
    if run.exit_code in command.ok_codes and not command.python and command.file_error is None:
        return Verdict()  # no need to read stderr, tens of MB for markdownlint on the full corpus
    stderr = stderr_path.read_text(encoding="utf-8", errors="replace")
    if TRACEBACK in stderr:
        return Verdict(f"traceback after {run.seconds:.1f} s: {crash_message(stderr)}")
    skipped = skipped_files(stderr, command.file_error)
    if skipped:
        example = os.path.relpath(skipped[0], corpus.root)
        return Verdict(note=f"could not parse {len(skipped)} file(s), e.g. {example}")
    if run.exit_code not in command.ok_codes:
        return Verdict(f"exit {run.exit_code} after {run.seconds:.1f} s: {crash_message(stderr)}")
    return Verdict()


def skipped_files(stderr: str, file_error: re.Pattern[str] | None) -> list[str]:
    """The files that file_error lines name, if stderr has nothing else to say."""
    if file_error is None:
        return []
    found = [file_error.search(line) for line in stderr.splitlines() if line.strip()]
    return [match["path"] for match in found if match] if all(found) else []


def measure(
    row: Row,
    command: Command,
    rounds: int,
    timeout: float,
    *,
    warmup: int = 0,
    before_round: Callable[[int], None] | None = None,
) -> None:
    """Time `rounds` runs of command in the corpus root, after `warmup` untimed ones.

    The first failing run ends the scenario: a crash is reported instead of timed.
    """
    label = f"[{row.corpus.name}] {row.tool} {row.scenario}"
    with tempfile.TemporaryDirectory(prefix="doclint-bench-") as tmp:
        stderr_path = Path(tmp) / "stderr"
        for index in range(-warmup, rounds):
            if before_round is not None and index >= 0:
                before_round(index)
            run = run_timed(command.argv, row.corpus.root, stderr_path, timeout)
            kind = "warm-up" if index < 0 else f"round {index + 1}/{rounds}"
            log(f"{label} {kind}: {run.seconds:.2f} s, exit {run.exit_code}")
            verdict = diagnose(run, command, stderr_path, row.corpus)
            if verdict.failure:
                row.status = f"failed: {verdict.failure}"
                row.times.clear()
                return
            if verdict.note and verdict.note not in row.notes:
                row.notes.append(verdict.note)
            if index >= 0:
                row.times.append(run.seconds)
                row.max_rss_kib = max(row.max_rss_kib, run.max_rss_kib)
                row.peaks = row.peaks.most(run.peaks)


def log(message: str) -> None:
    print(message, file=sys.stderr, flush=True)


def first_line(argv: list[str]) -> str:
    """First line of a short command's stdout, or "unknown" if it cannot be run."""
    try:
        done = subprocess.run(
            argv, capture_output=True, text=True, timeout=PROBE_TIMEOUT, check=True
        )
    except (OSError, subprocess.SubprocessError):
        return "unknown"
    lines = done.stdout.strip().splitlines()
    return lines[0].strip() if lines else "unknown"


# ---- corpora -----------------------------------------------------------------------------------


def corpus_source(name: str, big_source: Path | None) -> str:
    """The source tree a corpus documents: the standard library, or for `big`
    site-packages (or the tree given)."""
    if name != "big":
        return sysconfig.get_paths()["stdlib"]
    return str(big_source or sysconfig.get_paths()["purelib"])


def ensure_corpus(name: str, work: Path, generator: Path, rebuild: bool, source: str) -> Corpus:
    """Generate the corpus unless a finished one from the same source and arguments exists.

    gen_corpus is deterministic, so a corpus with its manifest (written last) is reused.  A
    stamp beside it records the source: another Python's standard library is another corpus.
    """
    root = work / name
    stamp = work / f"{name}.source.json"
    key = json.dumps({"source": source, "args": SIZES[name]})
    fresh = (root / "manifest.jsonl").is_file() and stamp.is_file() and stamp.read_text() == key
    if rebuild or not fresh:
        log(f"[{name}] generating the corpus from {source} into {root} ...")
        started = time.perf_counter()
        argv = [sys.executable, str(generator), source, str(root), *SIZES[name]]
        # --force: the folder may hold a corpus that is stale or was cut short.
        done = subprocess.run([*argv, "--force"], stdout=subprocess.DEVNULL, check=False)
        if done.returncode != 0:
            sys.exit(f"bench: gen_corpus failed (exit {done.returncode}): {shlex.join(argv)}")
        stamp.write_text(key)
        log(f"[{name}] generated in {time.perf_counter() - started:.1f} s")
    return count_docs(name, root)


def count_docs(name: str, root: Path) -> Corpus:
    files = size = 0
    for folder, _, names in os.walk(root / "docs"):
        for file_name in names:
            if file_name.endswith(".md"):
                files += 1
                size += os.path.getsize(os.path.join(folder, file_name))
    return Corpus(name, root, files, size)


# ---- peers -------------------------------------------------------------------------------------


def install_step(argv: list[str], timeout: float) -> bool:
    """Run one install command with its output appended to the install log."""
    log(f"installing: {shlex.join(argv)}")
    with open(INSTALL_LOG, "a", encoding="utf-8") as out:
        out.write(f"$ {shlex.join(argv)}\n")
        out.flush()
        try:
            done = subprocess.run(
                argv, stdout=out, stderr=subprocess.STDOUT, timeout=timeout, check=False
            )
        except (OSError, subprocess.TimeoutExpired) as error:
            out.write(f"{error}\n")
            return False
    return done.returncode == 0


def install_peers(names: list[str], timeout: float) -> None:
    """Install the selected peers that are not there yet; failures show up as missing peers."""
    missing = [name for name in names if name in PEER_BINARIES and not PEER_BINARIES[name].exists()]
    if not missing:
        return
    PEERS_DIR.mkdir(parents=True, exist_ok=True)
    if "markdownlint" in missing:
        npm = ["npm", "install", "--prefix", str(PEERS_DIR), "--no-audit", "--no-fund"]
        install_step([*npm, "markdownlint-cli2"], timeout)
    packages = [PIP_PACKAGES[name] for name in missing if name in PIP_PACKAGES]
    if packages:
        pip = VENV_DIR / "bin" / "pip"
        venv_ok = pip.exists() or install_step(
            [sys.executable, "-m", "venv", str(VENV_DIR)], timeout
        )
        if venv_ok:
            install_step([str(pip), "install", "--disable-pip-version-check", *packages], timeout)


def missing_peers(names: list[str], skip_install: bool) -> dict[str, str]:
    """Why each selected peer that has no executable cannot run."""
    if skip_install:
        why = "skipped: not installed (--skip-install)"
    else:
        why = f"skipped: install failed, see {INSTALL_LOG.relative_to(PROJECT_ROOT)}"
    return {
        name: why for name in names if name in PEER_BINARIES and not PEER_BINARIES[name].exists()
    }


@dataclass(frozen=True)
class Peer:
    tool: str
    scenario: str
    command: Command


def peers() -> dict[str, Peer]:
    """Each peer's run, with the corpus root as the working folder."""
    cat = "find docs -name '*.md' -print0 | xargs -0 cat > /dev/null"
    rumdl = [str(PEER_BINARIES["rumdl"]), "check", "--no-cache", "--no-config"]
    pymarkdown = [str(PEER_BINARIES["pymarkdown"]), "--return-code-scheme", "explicit"]
    return {
        "cat": Peer("cat (I/O floor)", "read all .md", Command(["sh", "-c", cat], frozenset({0}))),
        "markdownlint": Peer(
            "markdownlint-cli2", "cold", Command([str(MARKDOWNLINT_BIN), "docs/**/*.md"])
        ),
        # --no-cache keeps every round cold; --no-config and --respect-gitignore=false keep
        # configuration found around the corpus (bench/.gitignore ignores it) out of play.
        "rumdl": Peer("rumdl", "cold", Command([*rumdl, "--respect-gitignore=false", "docs"])),
        # The explicit scheme tells "found problems" (4) from a system error (5); the default
        # scheme exits 1 for both.  Without --continue-on-error, pymarkdown stops at the first
        # file it cannot parse (one in the small corpus, half-way through).
        "pymarkdown": Peer(
            "pymarkdown",
            "cold",
            Command(
                [*pymarkdown, "--continue-on-error", "scan", "-r", "docs"],
                frozenset({0, 4}),
                python=True,
                file_error=PYMARKDOWN_FILE_ERROR,
            ),
        ),
    }


def bench_peers(
    corpus: Corpus, names: list[str], missing: dict[str, str], rounds: int, timeout: float
) -> list[Row]:
    rows = []
    runs = peers()
    for name in sorted(names, key=PEER_NAMES.index):
        peer = runs[name]
        row = Row(corpus, peer.tool, peer.scenario)
        if name in missing:
            row.status = missing[name]
        elif name == "pymarkdown" and corpus.name not in PYMARKDOWN_SIZES:
            row.status = "skipped: small corpus only (over an hour a round here)"
        else:
            measure(row, peer.command, rounds, timeout)
        rows.append(row)
    return rows


# ---- doclint -----------------------------------------------------------------------------------

# -P: the runs start in a corpus root, and `python -m` puts the current folder first on sys.path;
# a corpus made from the standard library would have its own `typing.py` and `ast.py` imported
# (and compiled, every run) in place of the interpreter's.
DEFAULT_DOCLINT = [sys.executable, "-P", "-m", "doclint"]


def probe_doclint(argv: list[str], cwd: Path) -> Doclint:
    """Find out whether doclint runs and which optional flags its `check` command has.

    cwd should be like the corpus roots the runs use: `python -m doclint` started in the project
    root would import the source tree rather than the installed doclint.
    """
    try:
        done = subprocess.run(
            [*argv, "check", "--help"],
            cwd=cwd,
            capture_output=True,
            text=True,
            timeout=PROBE_TIMEOUT,
            check=False,
        )
    except (OSError, subprocess.TimeoutExpired) as error:
        return Doclint(argv, "not runnable", str(error), frozenset())
    if done.returncode != 0:
        why = crash_message(done.stderr or done.stdout)
        problem = "not installed" if "No module named" in why else "not runnable"
        return Doclint(argv, problem, why, frozenset())
    flags = frozenset(
        flag for flag in DOCLINT_FLAGS if re.search(re.escape(flag) + r"(?![\w-])", done.stdout)
    )
    return Doclint(argv, "", first_line([*argv, "--version"]), flags)


@contextlib.contextmanager
def appended_line(path: Path) -> Iterator[Callable[[int], None]]:
    """Yield an editor that appends a line to path; then restore path byte for byte."""
    original = path.read_bytes()
    stat = path.stat()
    newline = b"" if original.endswith(b"\n") else b"\n"

    def edit(round_index: int) -> None:
        # A different line each round: every timed run meets content its cache has not seen.
        path.write_bytes(original + newline + f"bench edit {round_index + 1}\n".encode())

    try:
        yield edit
    finally:
        path.write_bytes(original)
        # The old mtime too, so that the cached corpus stays exactly as gen_corpus wrote it.
        os.utime(path, ns=(stat.st_atime_ns, stat.st_mtime_ns))


def bench_start_up(doclint: Doclint, rounds: int, timeout: float) -> Row:
    """doclint cold on an empty docs/: what every run pays whatever the tree's size
    (the interpreter, imports, the process pool's absence)."""
    with tempfile.TemporaryDirectory(prefix="doclint-empty-") as tmp:
        (Path(tmp) / "docs").mkdir()
        row = Row(Corpus("empty", Path(tmp), 0, 0), "doclint", "start-up")
        if doclint.problem:
            row.status = f"skipped: {doclint.problem}"
            return row
        check = [*doclint.argv, "check", "docs", "--select", "ALL", "--output-format", "json"]
        flags = ["--no-cache"] if "--no-cache" in doclint.flags else []
        measure(row, Command([*check, *flags], python=True), rounds, timeout)
    return row


def bench_doclint(
    corpus: Corpus, doclint: Doclint, rounds: int, timeout: float, formats: list[str]
) -> list[Row]:
    cold = Row(corpus, "doclint", "cold")
    others = [
        Row(corpus, "doclint", f"cold, {name} to a file") for name in formats if name != "json"
    ]
    warm = Row(corpus, "doclint", "warm")
    changed = Row(corpus, "doclint", "one file changed")
    rows = [cold, *others, warm, changed]
    if doclint.problem:
        for row in rows:
            row.status = f"skipped: {doclint.problem}"
        return rows
    base = [*doclint.argv, "check", "docs", "--select", "ALL"]
    check = [*base, "--output-format", "json"]
    no_cache = ["--no-cache"] if "--no-cache" in doclint.flags else []
    if not no_cache:
        cold.notes.append("without --no-cache: unsupported")
    measure(cold, Command([*check, *no_cache], python=True), rounds, timeout)
    with tempfile.TemporaryDirectory(prefix="doclint-report-") as reports:
        for row in others:
            name = row.scenario.split()[1].rstrip(",")
            argv = [*base, *no_cache, "--output-format", name, "-o", f"{reports}/report.{name}"]
            measure(row, Command(argv, python=True), rounds, timeout)
    if "--cache-dir" not in doclint.flags:
        warm.status = changed.status = "skipped: doclint check has no --cache-dir"
        return rows
    with tempfile.TemporaryDirectory(prefix="doclint-cache-") as cache:
        cached = Command([*check, "--cache-dir", cache], python=True)
        measure(warm, cached, rounds, timeout, warmup=1)
        # A level-1 page: its level-2 page states its size, so a cross-file check is affected too.
        target = min((corpus.root / "docs").glob("*.py_docs.md"))
        changed.notes.append(f"appends a line to {target.relative_to(corpus.root)}")
        with appended_line(target) as edit:
            measure(changed, cached, rounds, timeout, before_round=edit)
    return rows


# ---- report ------------------------------------------------------------------------------------


def read_proc(path: str, key: str) -> str:
    with contextlib.suppress(OSError):
        for line in Path(path).read_text().splitlines():
            name, _, value = line.partition(":")
            if name.strip() == key:
                return value.strip()
    return ""


def machine_line() -> str:
    cpu = read_proc("/proc/cpuinfo", "model name") or platform.processor() or "unknown CPU"
    mem_kib = read_proc("/proc/meminfo", "MemTotal").removesuffix("kB").strip()
    ram = f"{int(mem_kib) / 2**20:.1f} GiB RAM" if mem_kib.isdigit() else "unknown RAM"
    return f"{cpu}, {os.cpu_count()} cores, {ram}, {platform.system()} {platform.release()}"


def package_version(package: str) -> str:
    manifest = PEERS_DIR / "node_modules" / package / "package.json"
    with contextlib.suppress(OSError, ValueError):
        return str(json.loads(manifest.read_text())["version"])
    return "unknown"


def tool_versions(names: list[str], missing: dict[str, str], doclint: Doclint) -> list[str]:
    if doclint.problem:
        versions = [f"doclint: {doclint.problem} ({doclint.about})"]
    else:
        flags = ", ".join(flag for flag in DOCLINT_FLAGS if flag in doclint.flags) or "none"
        versions = [f"doclint: {doclint.about} (optional flags found: {flags})"]
    available = [name for name in names if name not in missing]
    if "markdownlint" in available:
        versions.append(
            f"markdownlint-cli2 {package_version('markdownlint-cli2')} (markdownlint "
            f"{package_version('markdownlint')}, node {first_line(['node', '--version'])})"
        )
    if "rumdl" in available:
        versions.append(first_line([str(PEER_BINARIES["rumdl"]), "--version"]))
    if "pymarkdown" in available:
        version = first_line([str(PEER_BINARIES["pymarkdown"]), "version"])
        versions.append(f"pymarkdown {version}")
    return versions


def median(row: Row) -> float:
    return statistics.median(row.times)


def versus(row: Row, baseline: Row | None) -> str:
    """How doclint cold compares with this row (with cold, for doclint's other scenarios)."""
    if baseline is None or not baseline.times or not row.times:
        return "n/a"
    if row is baseline:
        return "baseline"
    ratio = median(row) / median(baseline)
    if row.tool == "doclint":
        return f"{1 / ratio:.1f}x faster than cold" if ratio <= 1 else f"{ratio:.1f}x slower"
    if ratio >= 1:
        return f"doclint {ratio:.1f}x faster"
    return f"doclint {1 / ratio:.1f}x slower"


def peak_rss(row: Row, floor_kib: int) -> str:
    """Peak RSS in MiB, as an upper bound when it does not exceed the inherited floor."""
    mib = f"{row.max_rss_kib / 1024:.0f}"
    return f"≤{mib}" if row.max_rss_kib <= floor_kib else mib


def per_process(peaks: Peaks) -> str:
    """The main process's peak RSS and its largest worker's, in MiB ("—": none seen)."""
    kib = (peaks.main_kib, peaks.worker_kib)
    main, worker = (f"{value / 1024:.0f}" if value else "—" for value in kib)
    return f"{main} / {worker}"


def table(rows: list[Row], floor_kib: int) -> list[str]:
    header = (
        "corpus",
        "tool",
        "scenario",
        "median s",
        "min s",
        "MB/s",
        "peak RSS MiB",
        "main / worker MiB",
        "vs doclint cold",
        "status",
    )
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    baselines = {
        row.corpus.name: row for row in rows if (row.tool, row.scenario) == ("doclint", "cold")
    }
    for row in rows:
        corpus = f"{row.corpus.name} ({row.corpus.files:,} files, {row.corpus.megabytes:.1f} MB)"
        if row.times:
            timing = [
                f"{median(row):.2f}",
                f"{min(row.times):.2f}",
                f"{row.corpus.megabytes / median(row):.3g}",
                peak_rss(row, floor_kib),
                per_process(row.peaks),
            ]
        else:
            timing = ["—"] * 5
        ratio = versus(row, baselines.get(row.corpus.name))
        status = f"{row.status} ({'; '.join(row.notes)})" if row.notes else row.status
        cells = [corpus, row.tool, row.scenario, *timing, ratio, status.replace("|", "\\|")]
        lines.append("| " + " | ".join(cells) + " |")
    return lines


def time_per_mb(rows: list[Row]) -> list[str]:
    """doclint cold seconds per MB on each corpus, as measured and net of the start-up
    (a fixed cost that weighs more on a small tree): the project wants it flat."""
    cold = {
        row.corpus.name: row
        for row in rows
        if (row.tool, row.scenario) == ("doclint", "cold") and row.times
    }
    if not cold:
        return ["- n/a: no successful doclint cold run"]
    start_up = next((median(row) for row in rows if row.scenario == "start-up" and row.times), None)
    lines = []
    for label, fixed in (("as measured", 0.0), ("net of the start-up", start_up)):
        if fixed is None:
            continue
        per_mb = {name: (median(row) - fixed) / row.corpus.megabytes for name, row in cold.items()}
        shown = ", ".join(f"{name} {seconds * 1000:.1f} ms/MB" for name, seconds in per_mb.items())
        lines.append(f"- {label}: {shown}")
        for larger, smaller in (("full", "small"), ("big", "full")):
            if {larger, smaller} <= per_mb.keys():
                ratio = per_mb[larger] / per_mb[smaller]
                verdict = "within" if abs(ratio - 1) <= FLAT_TOLERANCE else "NOT within"
                lines.append(f"  - {larger} / {smaller}: {ratio:.2f} ({verdict} 20%)")
    return lines


def report(rows: list[Row], versions: list[str], rounds: int, load_at_start: float) -> str:
    now = datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d %H:%M UTC")
    # Linux starts a child's peak RSS at its parent's (the benchmark's) peak at the time of the
    # spawn: a child's figure is only known to be its own above that floor.
    floor_kib = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    lines = [
        "# doclint benchmark",
        "",
        f"- date: {now}",
        f"- machine: {machine_line()}",
        # Other work on the machine skews every figure: this tells whether it was quiet.
        f"- load average (1 min) at start / end: {load_at_start:.2f} / {os.getloadavg()[0]:.2f}",
        f"- Python: {platform.python_version()} ({sys.executable})",
        f"- corpora: gen_corpus.py over {sysconfig.get_paths()['stdlib']} (big: site-packages "
        "or --big-source)",
        *(f"- {version}" for version in versions),
        f"- {rounds} round(s) per scenario; whole-process wall-clock seconds",
        f'- peak RSS: largest single process of the run\'s tree; "≤N": at most N, the '
        f"{floor_kib / 1024:.0f} MiB Linux carries over from the benchmark process; "
        "main / worker: each process's own peak (VmHWM, polled), of the process started and "
        "of its largest descendant",
        "",
        *table(rows, floor_kib),
        "",
        "doclint cold, time per MB:",
        "",
        *time_per_mb(rows),
    ]
    return "\n".join(lines) + "\n"


# ---- command line ------------------------------------------------------------------------------


def name_list(choices: tuple[str, ...]) -> Callable[[str], list[str]]:
    def parse(text: str) -> list[str]:
        names = [name.strip() for name in text.split(",") if name.strip()]
        unknown = sorted(set(names) - set(choices))
        if unknown or not names:
            raise argparse.ArgumentTypeError(f"choose from {','.join(choices)}")
        return names

    return parse


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        description=__doc__.split("\n\n")[0], epilog="See bench/README.md for the report's columns."
    )
    arg = parser.add_argument
    arg(
        "--sizes",
        metavar="LIST",
        type=name_list(tuple(SIZES)),
        default=DEFAULT_SIZES,
        help="corpora, comma-separated: small,full,big (default small,full)",
    )
    arg(
        "--big-source",
        metavar="DIR",
        type=Path,
        help="the source tree of the big corpus (default: this Python's site-packages)",
    )
    arg(
        "--peers",
        metavar="LIST",
        type=name_list(PEER_NAMES),
        default=list(PEER_NAMES),
        help=f"tools beside doclint, comma-separated: {','.join(PEER_NAMES)} (default all)",
    )
    arg(
        "--formats",
        metavar="LIST",
        type=name_list(FORMAT_NAMES),
        # jsonl by default: a streaming format, whose memory must not grow with the tree.
        default=["json", "jsonl"],
        help=f"doclint's output formats, comma-separated: {','.join(FORMAT_NAMES)} (default "
        "json,jsonl; json is the cold row); each other one adds a cold row writing it to a file",
    )
    arg("--rounds", metavar="N", type=int, default=3, help="timed runs per scenario (default 3)")
    arg("--timeout", metavar="SECONDS", type=float, default=900.0, help="per run (default 900)")
    arg("--quick", action="store_true", help="smoke test: 1 round, small corpus only")
    arg("--rebuild", action="store_true", help="regenerate the corpora")
    arg("--skip-install", action="store_true", help="use only the peers already installed")
    arg(
        "--work",
        metavar="DIR",
        type=Path,
        default=BENCH_DIR / ".corpora",
        help="where the corpora are kept (default bench/.corpora)",
    )
    arg(
        "--shared",
        metavar="DIR",
        type=Path,
        default=PROJECT_ROOT.parent / "shared",
        help="the folder holding tools/gen_corpus.py (default ../shared)",
    )
    arg(
        "--doclint",
        metavar="CMD",
        type=shlex.split,
        help=f"doclint command line (default: {' '.join(DEFAULT_DOCLINT)})",
    )
    arg("--output", metavar="FILE", type=Path, help="also write the report to FILE")
    args = parser.parse_args(argv)
    if args.quick:
        args.rounds, args.sizes = 1, ["small"]
    if args.rounds < 1:
        parser.error("--rounds must be at least 1")
    return args


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    # The tools timed may write their bytecode: a checkout installed editable
    # then compiles its modules once (its probe run), as pip does at install,
    # not on every timed run, which a machine setting this variable would cost.
    os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
    load_at_start = os.getloadavg()[0]
    generator = args.shared / "tools" / "gen_corpus.py"
    if not generator.is_file():
        sys.exit(f"bench: {generator} not found (use --shared DIR)")
    if not args.skip_install:
        install_peers(args.peers, args.timeout)
    missing = missing_peers(args.peers, args.skip_install)
    args.work.mkdir(parents=True, exist_ok=True)
    doclint = probe_doclint(args.doclint or DEFAULT_DOCLINT, args.work)
    rows: list[Row] = [bench_start_up(doclint, args.rounds, args.timeout)]
    for size in (name for name in SIZES if name in args.sizes):
        source = corpus_source(size, args.big_source)
        corpus = ensure_corpus(size, args.work.resolve(), generator, args.rebuild, source)
        # cat goes first: it also pulls the corpus into the page cache, so no linter reads disk.
        io_floor = [name for name in args.peers if name == "cat"]
        linters = [name for name in args.peers if name != "cat"]
        rows += bench_peers(corpus, io_floor, missing, args.rounds, args.timeout)
        rows += bench_doclint(corpus, doclint, args.rounds, args.timeout, args.formats)
        rows += bench_peers(corpus, linters, missing, args.rounds, args.timeout)
    text = report(rows, tool_versions(args.peers, missing, doclint), args.rounds, load_at_start)
    print(text, end="")
    if args.output:
        args.output.write_text(text, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
