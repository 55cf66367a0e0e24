"""Maintainers' own repairs of stale `file:line` citations, as labels: each
repository's folder under tests/citation_repairs/ holds the page lines a fix
changed (`labels.json`), the cited sources at the commit that wrote each
line and at the fix's parent (`sources.tar.xz`), and its PROVENANCE.md.

`build` makes a git repository of them (a folder per page line, committed
with its sources as they stood when the line was written, then with the
sources of the fix's parent), so that blame dates each citation as the real
history does; `findings` runs doclint on it with no configuration.
`python -m tests.citation_repairs NAME [--no-history] [doclint options]`
prints the score (`--no-history`: the tree as a tarball gives it, without
its .git).
"""

from __future__ import annotations

import io
import json
import lzma
import os
import re
import subprocess
import sys
import tarfile
from dataclasses import dataclass, field
from pathlib import Path

REPAIRS = Path(__file__).parent / "citation_repairs"
PAGE = "PAGE.md"
CITATION_CODES = ("DL801", "DL802", "DL803", "DL804", "DL807", "DL811")


def _git(repo: Path, *args: str, date: str = "") -> None:
    env = {k: v for k, v in os.environ.items() if not k.startswith("GIT_")}
    env.update(
        GIT_AUTHOR_NAME="t",
        GIT_AUTHOR_EMAIL="t@example.org",
        GIT_COMMITTER_NAME="t",
        GIT_COMMITTER_EMAIL="t@example.org",
        GIT_CONFIG_NOSYSTEM="1",
        HOME=str(repo),
    )
    if date:
        env.update(GIT_AUTHOR_DATE=f"@{date} +0000", GIT_COMMITTER_DATE=f"@{date} +0000")
    subprocess.run(["git", *args], cwd=repo, env=env, check=True, capture_output=True)


def labels(name: str) -> list[dict[str, object]]:
    loaded: list[dict[str, object]] = json.loads(
        (REPAIRS / name / "labels.json").read_text(encoding="utf-8")
    )
    return loaded


def build(name: str, repo: Path) -> list[dict[str, object]]:
    """The repository of `name`'s labelled page lines, at `repo`; its labels."""
    cases = labels(name)
    data = lzma.decompress((REPAIRS / name / "sources.tar.xz").read_bytes())
    with tarfile.open(fileobj=io.BytesIO(data)) as tar:
        blobs = {m.name: tar.extractfile(m).read() for m in tar.getmembers() if m.isfile()}  # type: ignore[union-attr]
    repo.mkdir(parents=True, exist_ok=True)
    _git(repo, "init", "-q", "-b", "main")
    for case in sorted(cases, key=lambda c: (int(str(c["written_date"])), str(c["id"]))):
        folder = repo / str(case["id"])
        for path in case["sources"]:  # type: ignore[attr-defined]
            target = folder / path
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(blobs[f"{case['written']}/{path}"])
        # Alone, a paragraph's indented line would be a code block: its
        # indentation goes (`indent`, subtracted from the labels' columns).
        (folder / PAGE).write_text(str(case["text"]).lstrip() + "\n", encoding="utf-8")
        _git(repo, "add", "-A")
        _git(repo, "commit", "-q", "-m", f"{case['id']} written", date=str(case["written_date"]))
    for case in cases:
        for path in case["sources"]:  # type: ignore[attr-defined]
            (repo / str(case["id"]) / path).write_bytes(blobs[f"{case['parent']}/{path}"])
    _git(repo, "add", "-A")
    _git(repo, "commit", "-q", "-m", "the fixes' parents")
    return cases


def build_history(name: str, repo: Path) -> dict[str, object]:
    """The repository of a page whose history is replayed (each of its
    commits with the cited source as it then stood, then the source at the
    fix's parent), at `repo`; its labels."""
    labelled: dict[str, object] = json.loads(
        (REPAIRS / name / "labels.json").read_text(encoding="utf-8")
    )
    data = lzma.decompress((REPAIRS / name / "sources.tar.xz").read_bytes())
    with tarfile.open(fileobj=io.BytesIO(data)) as tar:
        blobs = {m.name: tar.extractfile(m).read() for m in tar.getmembers() if m.isfile()}  # type: ignore[union-attr]
    repo.mkdir(parents=True, exist_ok=True)
    _git(repo, "init", "-q", "-b", "main")
    pages = labelled.get("pages") or [labelled["page"]]
    sources = labelled.get("sources") or [labelled["source"]]
    for step in labelled["page_commits"]:  # type: ignore[attr-defined]
        # A source stands as it did at each commit that wrote a citation
        # (what blame dates the citations by); between them, as last written.
        for path in (*pages, *sources):  # type: ignore[misc]
            blob = blobs.get(f"{step['commit']}/{path}")
            if blob is not None:
                target = repo / str(path)
                target.parent.mkdir(parents=True, exist_ok=True)
                target.write_bytes(blob)
        _git(repo, "add", "-A")
        _git(repo, "commit", "-q", "-m", step["commit"], date=str(step["date"]))
    for path in sources:  # type: ignore[union-attr]
        (repo / str(path)).write_bytes(blobs[f"{labelled['parent']}/{path}"])
    _git(repo, "add", "-A")
    _git(repo, "commit", "-q", "--allow-empty", "-m", "the fix's parent")
    return labelled


def score_page(labelled: dict[str, object], found: list[dict[str, object]]) -> Score:
    """Each labelled citation of the page found, missed, or reported though
    right; a finding at a citation of no label is listed as unlabelled. A
    citation of another of the labelled pages (`pages`) names its page; its
    name is prefixed with it."""
    result = Score()
    page = str(labelled["page"])
    pages = [str(p) for p in labelled.get("pages") or [page]]  # type: ignore[attr-defined]
    places = {
        (str(f["path"]), int(f["line"]), int(f["column"])): f  # type: ignore[call-overload]
        for f in found
        if f["path"] in pages
    }
    seen = set()
    for citation in labelled["citations"]:  # type: ignore[attr-defined]
        on = str(citation.get("page", page))
        place = (on, int(citation["line"]), int(citation["column"]))
        seen.add(place)
        name = f"{'' if on == page else on + ':'}{place[1]}:{place[2]} {citation['was']}"
        if citation["stale"]:
            (result.found if place in places else result.missed).append(name)
        elif place in places:
            result.false.append(name)
        else:
            result.right_silent.append(name)
    result.unlabelled = [
        f"{'' if path == page else path + ':'}{line}:{column} {f['code']}"
        for (path, line, column), f in places.items()
        if (path, line, column) not in seen
    ]
    return result


def fixed_page(repo: Path, labelled: dict[str, object], result: Score) -> None:
    """`doclint check --fix` run on the repository: each stale citation
    with its truth (`fixed_to`) left as the maintainers say it should read,
    or changed otherwise."""
    findings(repo, "--fix")
    lines = (repo / str(labelled["page"])).read_text(encoding="utf-8").split("\n")
    for citation in labelled["citations"]:  # type: ignore[attr-defined]
        if not citation["stale"] or "fixed_to" not in citation:
            continue
        line = lines[int(citation["line"]) - 1]
        at = int(citation["column"])
        now = line[at : line.index("`", at)]
        name = f"{citation['line']}:{citation['column']}"
        if now == citation["fixed_to"]:
            result.fixed_as_maintainers.append(name)
        elif now != citation["was"]:
            result.fixed_otherwise.append(f"{name} {now}")


def findings(repo: Path, *extra: str) -> list[dict[str, object]]:
    """doclint's citation findings on the repository, with no configuration."""
    command = [sys.executable, "-m", "doclint", "check", ".", "--no-cache", "--isolated"]
    command += ["--output-format", "json", *extra]
    done = subprocess.run(command, cwd=repo, capture_output=True, text=True, check=False)
    assert done.returncode in (0, 1), done.stderr
    found: list[dict[str, object]] = json.loads(done.stdout)
    return [f for f in found if f["code"] in CITATION_CODES]


@dataclass
class Score:
    found: list[str] = field(default_factory=list)
    missed: list[str] = field(default_factory=list)
    false: list[str] = field(default_factory=list)
    right_silent: list[str] = field(default_factory=list)
    fixed_as_maintainers: list[str] = field(default_factory=list)
    fixed_otherwise: list[str] = field(default_factory=list)
    unlabelled: list[str] = field(default_factory=list)


def score(cases: list[dict[str, object]], found: list[dict[str, object]]) -> Score:
    """Each labelled citation found, missed, or reported though right; a
    finding at no labelled citation is false too."""
    result = Score()
    by_place: dict[tuple[str, int], list[dict[str, object]]] = {}
    for finding in found:
        by_place.setdefault((str(finding["path"]), int(finding["column"])), []).append(finding)  # type: ignore[call-overload]
    labelled = set()
    for case in cases:
        page = f"{case['id']}/{PAGE}"
        for citation in case["citations"]:  # type: ignore[attr-defined]
            text = str(case["text"])
            place = (page, int(citation["column"]) - (len(text) - len(text.lstrip())))
            labelled.add(place)
            name = f"{case['id']}:{citation['column']} {citation['was'][:48]}"
            reported = by_place.get(place, [])
            if citation["stale"]:
                (result.found if reported else result.missed).append(name)
            elif reported:
                result.false.append(name)
            else:
                result.right_silent.append(name)
    for place, reported in by_place.items():
        if place not in labelled:
            result.false.extend(f"{place[0]}:{place[1]} {r['code']} (unlabelled)" for r in reported)
    return result


_LINK = re.compile(r"\[[^\]]*\]\([^)]*\)")


def fixed(repo: Path, cases: list[dict[str, object]], result: Score) -> None:
    """`doclint check --fix` run on the repository: each stale citation the
    fix left as the maintainers wrote it, or changed otherwise."""
    findings(repo, "--fix")
    for case in cases:
        text = str(case["text"]).lstrip()
        indent = len(str(case["text"])) - len(text)
        now = (repo / str(case["id"]) / PAGE).read_text(encoding="utf-8").rstrip("\n")
        before = [m.start() for m in _LINK.finditer(text)]
        after = [m.group(0) for m in _LINK.finditer(now)]
        for citation in case["citations"]:  # type: ignore[attr-defined]
            if not citation["stale"]:
                continue
            index = before.index(int(citation["column"]) - indent - 1)
            name = f"{case['id']}:{citation['column']}"
            if after[index] == citation["fixed_to"]:
                result.fixed_as_maintainers.append(name)
            elif after[index] != citation["was"]:
                result.fixed_otherwise.append(f"{name} {after[index]}")


def main() -> None:
    import shutil
    import tempfile

    name, *extra = sys.argv[1:]
    history = "--no-history" not in extra
    extra = [e for e in extra if e != "--no-history"]
    with tempfile.TemporaryDirectory() as folder:
        repo = Path(folder) / "repo"
        if isinstance(json.loads((REPAIRS / name / "labels.json").read_text()), dict):
            labelled = build_history(name, repo)
            if not history:
                shutil.rmtree(repo / ".git")
            found = findings(repo, *extra)
            result = score_page(labelled, found)
            if history:
                fixed_page(repo, labelled, result)
        else:
            cases = build(name, repo)
            if not history:
                shutil.rmtree(repo / ".git")
            found = findings(repo, *extra)
            result = score(cases, found)
            if history:
                fixed(repo, cases, result)
        for finding in found:
            print(
                finding["path"],
                finding["line"],
                finding["column"],
                finding["code"],
                finding["message"],
            )
    for key, value in vars(result).items():
        print(key, len(value))
        for item in value:
            print("   ", item)


if __name__ == "__main__":
    main()
