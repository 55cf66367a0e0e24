"""Issue 91's forms on real pages, labelled before building: a README
citing its code in HTML anchors (countertek/gatered) and a docs site citing
it in YAML front matter by bare file names (samber/lo). Each folder under
tests/real_forms/ holds the files at the commits that wrote the citations
(`sources.tar.xz`, entries `COMMIT/PATH`), `labels.json` (each citation
right or stale, the rule that should say so, and why, read from the page
and the source) and PROVENANCE.md. The test replays those commits in order,
so blame dates each citation as the real history does, and holds the
labels exactly: every stale citation found by its rule, no right one
flagged."""

from __future__ import annotations

import io
import json
import lzma
import subprocess
import sys
import tarfile
from pathlib import Path

import pytest

from doclint import Settings, check_paths

from .citation_repairs import _git
from .test_any_page_citations import needs_git

pytestmark = needs_git

FORMS = Path(__file__).parent / "real_forms"
# The rules that judge a citation's lines (missing file, past the end,
# changed since, malformed, the subject not shown).
CITATION_CODES = ("DL801", "DL802", "DL803", "DL804", "DL811")


def _build(name: str, repo: Path) -> dict[str, object]:
    """`name`'s repository at `repo`: each commit of its `history` with
    the files as they stood then; its labels."""
    labelled: dict[str, object] = json.loads((FORMS / name / "labels.json").read_text("utf-8"))
    data = lzma.decompress((FORMS / name / "sources.tar.xz").read_bytes())
    with tarfile.open(fileobj=io.BytesIO(data)) as tar:
        blobs = {m.name: tar.extractfile(m).read() for m in tar.getmembers() if m.isfile()}  # type: ignore[union-attr]
    repo.mkdir()
    _git(repo, "init", "-q", "-b", "main")
    for step, commit in enumerate(labelled["history"]):  # type: ignore[attr-defined]
        for entry, blob in blobs.items():
            sha, path = entry.split("/", 1)
            if sha.startswith(commit):
                (repo / path).parent.mkdir(parents=True, exist_ok=True)
                (repo / path).write_bytes(blob)
        _git(repo, "add", "-A")
        _git(repo, "commit", "-q", "-m", commit, date=str(1_700_000_000 + step * 86_400))
    return labelled


def _findings(repo: Path, pages: list[str], *extra: str) -> dict[tuple[str, int], list[str]]:
    """The citation findings on `pages` with no configuration (and the
    rules `extra` selects), by page and line: their codes and messages."""
    settings = Settings(root=repo, cache=False, extend_select=list(extra))
    report = check_paths([repo / page for page in pages], settings)
    found: dict[tuple[str, int], list[str]] = {}
    for d in report.diagnostics:
        if d.code in CITATION_CODES:
            page = Path(d.path).resolve().relative_to(repo.resolve()).as_posix()
            found.setdefault((page, d.line), []).append(f"{d.code} {d.message}")
    return found


def _held(
    labelled: dict[str, object], found: dict[tuple[str, int], list[str]], run: set[str]
) -> None:
    """The labels held exactly by the findings of the rules `run`: each
    stale citation found by its rule, no right one (nor any unlabelled
    place) flagged, and where a finding says where the cited line stands
    now, the place the labels read."""
    places = set()
    for c in labelled["citations"]:  # type: ignore[attr-defined]
        place = (str(c.get("page", labelled.get("page"))), int(c["line"]))
        places.add(place)
        codes = [message.split(" ", 1)[0] for message in found.get(place, [])]
        if c["label"] == "right":
            assert codes == [], (c, found[place])
        elif c["rule"] in run:
            assert c["rule"] in codes, (c, codes)
        else:
            assert codes == [], (c, found[place])
        stands = [m.rsplit(" ", 1)[1] for m in found.get(place, []) if "now stands at" in m]
        if stands and "now" in c:
            assert stands == [c["now"]], (c, stands)
    assert set(found) <= places, set(found) - places


def test_html_anchors_of_a_readme_are_judged_by_their_history(tmp_path: Path) -> None:
    # lazydocs' anchors hold an image, not text: `<a href="./gatered/
    # client.py#L16"><img ... src=".../badge/-source-cccccc..."></a>`.
    labelled = _build("gatered", tmp_path / "gatered")
    found = _findings(tmp_path / "gatered", ["README.md"])
    _held(labelled, found, {"DL803"})
    assert len(found) == 4
    # The fix rewrites the anchor's line number, nothing else of the line.
    before = (tmp_path / "gatered" / "README.md").read_text("utf-8").split("\n")
    command = [sys.executable, "-m", "doclint", "check", "--no-cache", "--isolated", "--fix"]
    done = subprocess.run(
        [*command, "README.md"], cwd=tmp_path / "gatered", capture_output=True, check=False
    )
    assert done.returncode in (0, 1), done.stderr
    after = (tmp_path / "gatered" / "README.md").read_text("utf-8").split("\n")
    expected = list(before)
    for c in labelled["citations"]:  # type: ignore[attr-defined]
        if c["label"] == "stale":
            old = f'{c["cites"]}"'
            new = old.replace(c["cites"].rsplit("L", 1)[1], f"{c['now']}")
            expected[c["line"] - 1] = before[c["line"] - 1].replace(old, new)
    assert after == expected


def test_a_docs_site_s_front_matter_citations_are_judged(tmp_path: Path) -> None:
    # `sourceRef: channel.go#L214` names the top's `channel.go`, not `it/`'s.
    labelled = _build("samber-lo", tmp_path / "lo")
    pages = sorted({str(c["page"]) for c in labelled["citations"]})  # type: ignore[attr-defined]
    found = _findings(tmp_path / "lo", pages)
    _held(labelled, found, {"DL803"})
    assert len(found) == 11
    # Cited wrong from the start (another helper's line, unchanged since):
    # what the line shows against the page's `name:` tells them.
    found = _findings(tmp_path / "lo", pages, "DL811")
    _held(labelled, found, {"DL803", "DL811"})
    told = [m for ms in found.values() for m in ms if m.startswith("DL811")]
    assert len(told) == 6 and "the front matter names `Generator`" in " ".join(told)


_HOSTILE = ['<a href="x.py#L1">' + "<b " * 5000, '<a href="x.py#L1">' + "x<i>" * 5000]


@pytest.mark.parametrize("line", _HOSTILE, ids=range(len(_HOSTILE)))
def test_an_anchor_never_closed_is_read_in_time(line: str) -> None:
    # A subprocess, so a pattern that backtracks without end fails the test
    # instead of hanging the suite.
    script = (
        "import sys\n"
        "from doclint import Settings, check_text\n"
        "check_text(sys.stdin.read(), 'p.md', Settings(select=['DL8'], cache=False))\n"
    )
    subprocess.run([sys.executable, "-c", script], input=line, text=True, check=True, timeout=20)


def test_reference_definitions_of_a_readme_are_judged(tmp_path: Path) -> None:
    # `[kube-service-registry-sbt-19]: build.sbt#L19`, from the page's folder.
    repo = tmp_path / "lagom"
    labelled = _build("lagom-on-kube", repo)
    page = "lagomKubeServiceRegister/README.md"
    _held(labelled, _findings(repo, [page]), {"DL803"})
    _held(labelled, _findings(repo, [page], "DL811"), {"DL803", "DL811"})
    build = repo / "lagomKubeServiceRegister" / "build.sbt"
    build.write_text("// moved\n" + build.read_text("utf-8"), "utf-8")
    _git(repo, "commit", "-q", "-am", "a line above", date="1800000000")
    citations = labelled["citations"]  # type: ignore[index]
    moved = {**labelled, "citations": [{**c, **c["moved"]} for c in citations]}  # type: ignore[attr-defined]
    found = _findings(repo, [page])
    _held(moved, found, {"DL803"})
    assert len(found) == 4
