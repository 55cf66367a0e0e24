"""What the history costs is bounded by pages plus commits, not their
product (issue 89): every page's last change read in one pass, each page's
blame walking only the commits that changed it, renames read once a run.
The work is counted (git's runs, the objects git reads), never timed."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import pytest

from doclint.history.blame import read_porcelain
from doclint.history.git import Git
from tests.history.repos import commit, git, needs_git, new_repo, opened

pytestmark = needs_git


@pytest.fixture
def runs(monkeypatch: pytest.MonkeyPatch) -> list[list[str]]:
    """The arguments of every one-shot git command."""
    made: list[list[str]] = []
    original = Git.run

    def counted(self: Git, args: Sequence[str], limit: int | None = None) -> bytes | None:
        made.append(list(args))
        return original(self, args, limit)

    monkeypatch.setattr(Git, "run", counted)
    return made


def _filler(repo: Path, count: int, merged: bool = False) -> None:
    """`count` commits that change no page, written in one `git fast-import`
    (then a branch forked before them merged, where `merged`)."""
    if merged:
        git(repo, "checkout", "-q", "-b", "side")
        commit(repo, {"src/b.py": "b\n"})
        git(repo, "checkout", "-q", "main")
    head = git(repo, "rev-parse", "HEAD").strip()
    stream = [f"reset refs/heads/main\nfrom {head}\n"]
    for n in range(count):
        data = f"{n}\n"
        stream.append(
            f"commit refs/heads/main\ncommitter A <a@example.com> {1735689600 + n} +0000\n"
            f"data 1\nx\nM 100644 inline counter\ndata {len(data)}\n{data}\n"
        )
    git(repo, "fast-import", "--quiet", stdin="".join(stream).encode())
    git(repo, "reset", "-q", "--hard", "main")
    if merged:
        git(repo, "merge", "-q", "--no-edit", "side")


@pytest.mark.parametrize("merged", [False, True])
def test_one_pass_answers_the_last_change_of_pages_in_every_folder(
    tmp_path: Path, runs: list[list[str]], merged: bool
) -> None:
    """Pages in 30 folders: one `git log` for all, not one a folder (and
    one more where the history has a merge)."""
    repo = new_repo(tmp_path / "repo")
    pages = {f"wiki/f{n}/p.md": f"{n}\n" for n in range(30)}
    first = commit(repo, pages)
    if merged:
        git(repo, "checkout", "-q", "-b", "side")
        commit(repo, {"src/y.py": "y\n"})
        git(repo, "checkout", "-q", "main")
    second = commit(repo, {"wiki/f7/p.md": "changed\n"})
    if merged:
        git(repo, "merge", "-q", "--no-edit", "side")
    commit(repo, {"src/x.py": "x\n"})
    history = opened(repo)
    answers = {name: history.last_change(name) for name in pages}
    assert answers == {name: second if name == "wiki/f7/p.md" else first for name in pages}
    assert sum(args[0] == "log" for args in runs) == 1 + merged


def _blamed_objects(repo: Path, pages: Sequence[str], monkeypatch: pytest.MonkeyPatch) -> int:
    """How many objects git reads from its packs to blame `pages`: each
    commit a blame walks is read."""
    git(repo, "repack", "-q", "-a", "-d")
    trace = repo.parent / f"pack-access-{len(list(repo.parent.iterdir()))}.log"
    original = Git.run

    def traced(self: Git, args: Sequence[str], limit: int | None = None) -> bytes | None:
        if args[0] != "blame":
            return original(self, args, limit)
        kept = self.env
        self.env = dict(kept, GIT_TRACE_PACK_ACCESS=str(trace))
        try:
            return original(self, args, limit)
        finally:
            self.env = kept

    with monkeypatch.context() as patched:
        patched.setattr(Git, "run", traced)
        history = opened(repo)
        for page in pages:
            assert history.head_blame(page) is not None
    return len(trace.read_text().splitlines()) if trace.exists() else 0


@pytest.mark.parametrize("merged", [False, True])
def test_each_page_s_blame_walks_the_commits_that_changed_it_not_the_history(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, merged: bool
) -> None:
    """Pages written before hundreds of commits that change none of them
    (on a branch merged since, or not): a page's blame reads as many
    objects after 400 of those commits as after 50 (it walked each of them
    before)."""
    pages = [f"docs/f{n}/p.md" for n in range(4)]
    read = []
    for count in (50, 400):
        repo = new_repo(tmp_path / f"repo{count}")
        commit(repo, {page: "# P\n\nSee `src/a.py:1`.\n" for page in pages} | {"src/a.py": "a\n"})
        commit(repo, {pages[0]: "# P\n\nSee `src/a.py:1`.\nAnd more.\n"})
        _filler(repo, count, merged)
        read.append(_blamed_objects(repo, pages, monkeypatch))
    assert 0 < read[1] == read[0], read


def _plain_blame(repo: Path, path: str) -> tuple[str, ...]:
    return read_porcelain(git(repo, "blame", "--porcelain", "HEAD", "--", path).encode())


def test_a_blame_given_the_page_s_commits_is_git_s_own_blame(tmp_path: Path) -> None:
    """Lines written over several commits among others, a page deleted and
    written again, a page renamed into its place: each line's commit as
    `git blame` says it."""
    repo = new_repo(tmp_path / "repo")
    commit(repo, {"a.md": "one\ntwo\n", "old.md": "x\ny\nz\nw\n", "gone.md": "g\n"})
    commit(repo, {"src.py": "1\n"})
    commit(repo, {"a.md": "one\nTWO\nthree\n"})
    commit(repo, {"src.py": "2\n"})
    git(repo, "rm", "-q", "gone.md")
    commit(repo, {}, "gone")
    git(repo, "mv", "old.md", "new.md")
    commit(repo, {"new.md": "x\ny\nz\nw\nv\n", "gone.md": "h\ng\n"}, "renamed")
    commit(repo, {"a.md": "zero\none\nTWO\nthree\n", "src.py": "3\n"})
    commit(repo, {"src.py": "4\n"})
    history = opened(repo)
    for page in ("a.md", "new.md", "gone.md"):
        found = history.head_blame(page)
        assert found is not None
        assert found[1] == _plain_blame(repo, page), page


def test_a_history_with_merges_is_blamed_as_git_walks_it(tmp_path: Path) -> None:
    """A merge that takes a page from its second parent (`b.md`), one that
    differs from both (`a.md`, each side's lines), commits between them
    that change no page."""
    repo = new_repo(tmp_path / "repo")
    commit(repo, {"a.md": "one\ntwo\n", "b.md": "b\n"})
    git(repo, "checkout", "-q", "-b", "side")
    commit(repo, {"a.md": "one\ntwo\nside\n", "b.md": "b\nside\n"})
    commit(repo, {"src.py": "0\n"})
    git(repo, "checkout", "-q", "main")
    commit(repo, {"a.md": "main\none\ntwo\n"})
    commit(repo, {"other.py": "0\n"})
    git(repo, "merge", "-q", "--no-edit", "side")
    commit(repo, {"src.py": "1\n"})
    history = opened(repo)
    for page in ("a.md", "b.md"):
        found = history.head_blame(page)
        assert found is not None
        assert found[1] == _plain_blame(repo, page), page
    assert len(set(_plain_blame(repo, "a.md"))) == 3


def test_renames_are_followed_one_after_another_to_where_a_file_is_now(tmp_path: Path) -> None:
    repo = new_repo(tmp_path / "repo")
    body = "".join(f"line {n}\n" for n in range(40))
    cited = commit(repo, {f"src/{name}.py": f"# {name}\n{body}" for name in "axd"})
    git(repo, "mv", "src/a.py", "src/b.py")
    git(repo, "mv", "src/x.py", "src/y.py")
    git(repo, "mv", "src/d.py", "src/e.py")
    between = commit(repo, {}, "renamed")
    (repo / "lib").mkdir()
    git(repo, "mv", "src/b.py", "lib/c.py")
    git(repo, "rm", "-q", "src/e.py")
    commit(repo, {"src/x.py": "a new file where the old one was\n"}, "again")
    history = opened(repo)
    # x.py is HEAD's own again; e.py is gone: neither is renamed anywhere.
    assert dict(history.renamed(cited)) == {"src/a.py": "lib/c.py"}
    assert dict(history.renamed(between)) == {"src/b.py": "lib/c.py"}


def test_renames_in_a_history_with_merges_are_those_after_the_commit(
    tmp_path: Path, runs: list[list[str]]
) -> None:
    """A rename on a branch comes after the commits of the other branch
    (their tree lacks it), not after the branch's own later commits."""
    repo = new_repo(tmp_path / "repo")
    body = "".join(f"line {n}\n" for n in range(40))
    base = commit(repo, {"src/a.py": f"# a\n{body}", "src/m.py": f"# m\n{body}"})
    git(repo, "checkout", "-q", "-b", "side")
    git(repo, "mv", "src/a.py", "src/b.py")
    renamed = commit(repo, {}, "renamed on the branch")
    git(repo, "checkout", "-q", "main")
    main = commit(repo, {"src/m.py": f"# m2\n{body}"})
    git(repo, "merge", "-q", "--no-edit", "side")
    history = opened(repo)
    for cited in (base, main):
        assert dict(history.renamed(cited)) == {"src/a.py": "src/b.py"}
    assert dict(history.renamed(renamed)) == {}
    assert sum("-M" in args for args in runs) == 1
    assert sum(args[0] == "diff-tree" for args in runs) == 0


def test_past_the_window_of_commits_the_history_is_read_as_before(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, runs: list[list[str]]
) -> None:
    """The passes read a count of commits: below it, a blame walks on as
    git walks it and a cited commit's renames come from a tree diff, so the
    answers are the same as with no window at all."""
    import doclint.history.changes

    monkeypatch.setattr(doclint.history.changes, "WINDOW", 3)
    repo = new_repo(tmp_path / "repo")
    body = "".join(f"line {n}\n" for n in range(40))
    cited = commit(repo, {"a.md": "one\n", "src/a.py": body})
    commit(repo, {"a.md": "one\ntwo\n"})
    commit(repo, {"x.py": "1\n"})
    git(repo, "mv", "src/a.py", "src/b.py")
    commit(repo, {"a.md": "zero\none\ntwo\n"}, "renamed")
    commit(repo, {"x.py": "2\n"})
    commit(repo, {"a.md": "zero\none\ntwo\nthree\n"})
    history = opened(repo)
    found = history.head_blame("a.md")
    assert found is not None
    assert found[1] == _plain_blame(repo, "a.md")
    assert dict(history.renamed(cited)) == {"src/a.py": "src/b.py"}
    assert sum(args[0] == "diff-tree" for args in runs) == 1
