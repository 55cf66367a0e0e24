"""History on real repositories: blobs at commits, pins, renames, last
changes, shallow clones, a tree root below the top, remotes, and what each
costs in git processes and requests."""

from __future__ import annotations

import hashlib
import os
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from doclint.history import History
from doclint.history.git import Batch, Git
from tests.history.repos import commit, git, needs_git, new_repo, opened, write

pytestmark = needs_git


@pytest.fixture
def requests(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, str]]:
    """Every request written to a batch process, as (kind, name)."""
    made: list[tuple[str, str]] = []
    for kind in ("info", "contents"):
        original: Callable[..., Any] = getattr(Batch, kind)

        def counted(self: Batch, name: str, _kind: str = kind, _original: Any = original) -> Any:
            made.append((_kind, name))
            return _original(self, name)

        monkeypatch.setattr(Batch, kind, counted)
    return made


@pytest.fixture
def runs(monkeypatch: pytest.MonkeyPatch) -> list[list[str]]:
    """The arguments of every one-shot git command."""
    made: list[list[str]] = []
    original = Git.run

    def counted(self: Git, args: list[str], limit: int | None = None) -> bytes | None:
        made.append(list(args))
        return original(self, args, limit)

    monkeypatch.setattr(Git, "run", counted)
    return made


@pytest.fixture
def history_repo(tmp_path: Path) -> Iterator[tuple[Path, list[str]]]:
    """A repository with three commits: a.py written, a.py changed, a.py renamed."""
    repo = new_repo(tmp_path / "repo")
    first = commit(repo, {"src/a.py": "one\r\ntwo\nthree\n", "docs/p.md": "# P\n"})
    second = commit(repo, {"src/a.py": "one\nTWO\nthree\nfour\n"})
    git(repo, "mv", "src/a.py", "src/b.py")
    third = commit(repo, {}, "rename")
    yield repo, [first, second, third]


def test_a_files_lines_at_each_commit(history_repo: tuple[Path, list[str]]) -> None:
    repo, (first, second, third) = history_repo
    history = opened(repo)
    assert history.head == third and not history.shallow
    assert history.lines_at(first, "src/a.py") == ("one", "two", "three")
    assert history.lines_at(second, "src/a.py") == ("one", "TWO", "three", "four")
    assert history.lines_at(third, "src/a.py") is None  # renamed away
    assert history.lines_at(third, "src/b.py") == ("one", "TWO", "three", "four")
    assert history.lines_at(first[:7], "src/a.py") == ("one", "two", "three")
    assert history.lines_at(first, "src") is None  # a folder is no file
    assert history.lines_at(first, "src/a.py/x") is None
    history.close()


def test_bytes_not_utf8_read_as_replacement_characters(tmp_path: Path) -> None:
    repo = new_repo(tmp_path / "repo")
    sha = commit(repo, {"x.c": b"caf\xe9\rnext\xff\n"})
    assert opened(repo).lines_at(sha, "x.c") == ("caf\ufffd", "next\ufffd")


def test_a_link_or_a_submodule_in_a_commit_is_no_file(tmp_path: Path) -> None:
    repo = new_repo(tmp_path / "repo")
    (repo / "real.txt").write_text("x\n")
    (repo / "link.txt").symlink_to("real.txt")
    git(repo, "update-index", "--add", "--cacheinfo", f"160000,{'1' * 40},sub")
    sha = commit(repo, {})
    history = opened(repo)
    assert history.lines_at(sha, "real.txt") == ("x",)
    assert history.lines_at(sha, "link.txt") is None
    assert history.lines_at(sha, "sub") is None


def test_a_missing_pin_names_no_commit(history_repo: tuple[Path, list[str]]) -> None:
    repo, (first, *_) = history_repo
    history = opened(repo)
    assert history.commit(first) == first
    assert history.commit(first[:7]) == first
    assert history.commit(first[:6]) is None  # shorter than a pin
    assert history.commit("deadbee") is None
    assert history.commit("0" * 40) is None
    assert history.lines_at("deadbeef", "src/a.py") is None
    assert history.renamed("deadbeef") == {}
    # A blob's or a tree's id names no commit.
    tree = git(repo, "rev-parse", f"{first}^{{tree}}").strip()
    blob = git(repo, "rev-parse", f"{first}:src/a.py").strip()
    assert history.commit(tree) is None and history.commit(blob[:10]) is None
    # A branch named like a pin is not the commit the pin names.
    git(repo, "branch", "abcdef12", first)
    assert opened(repo).commit("abcdef12") is None


def test_a_short_pin_two_commits_share_is_ambiguous(tmp_path: Path) -> None:
    repo = new_repo(tmp_path / "repo")
    commit(repo, {"a": "a\n"})
    tree = git(repo, "rev-parse", "HEAD^{tree}").strip()
    seen: dict[str, bytes] = {}
    for number in range(1_000_000):
        body = (
            f"tree {tree}\nauthor A <a@example.com> 1735689600 +0000\n"
            f"committer A <a@example.com> 1735689600 +0000\n\nm{number}\n"
        ).encode()
        prefix = hashlib.sha1(b"commit %d\0" % len(body) + body).hexdigest()[:7]
        if prefix in seen:
            break
        seen[prefix] = body
    made = [
        git(repo, "hash-object", "-t", "commit", "-w", "--stdin", stdin=data).strip()
        for data in (seen[prefix], body)
    ]
    assert made[0][:7] == made[1][:7] == prefix
    history = opened(repo)
    assert history.commit(prefix) is None
    assert history.commit(made[0][:12]) == made[0] and history.commit(made[1]) == made[1]


@pytest.mark.parametrize(
    "pin", ["-h", "--all", "HEAD", "main", "HEAD~1", "ABCDEF1", "abc123g", " abc1234", "abc1234\n"]
)
def test_a_pin_that_is_not_hex_never_reaches_git(
    history_repo: tuple[Path, list[str]], requests: list[tuple[str, str]], pin: str
) -> None:
    repo, _ = history_repo
    history = opened(repo)
    before = list(requests)
    assert history.commit(pin) is None
    assert history.lines_at(pin, "src/a.py") is None
    assert history.renamed(pin) == {}
    assert requests == before


@pytest.mark.parametrize(
    "path", ["../repo/src/a.py", "/etc/passwd", "src/../../x", "..", ".", "", "src/a.py\nx"]
)
def test_a_path_leaving_the_root_is_refused(
    history_repo: tuple[Path, list[str]], requests: list[tuple[str, str]], path: str
) -> None:
    repo, (first, *_) = history_repo
    history = opened(repo / "src")
    before = len(requests)
    assert history.lines_at(first, path) is None
    assert history.last_change(path) is None
    assert len(requests) == before


def test_renames_between_a_commit_and_head(history_repo: tuple[Path, list[str]]) -> None:
    repo, (first, second, third) = history_repo
    history = opened(repo)
    assert dict(history.renamed(first)) == {"src/a.py": "src/b.py"}  # changed, still similar
    assert dict(history.renamed(second)) == {"src/a.py": "src/b.py"}
    assert dict(history.renamed(third)) == {}


def test_renames_are_detected_once_a_run_not_once_a_commit(
    history_repo: tuple[Path, list[str]], runs: list[list[str]]
) -> None:
    repo, (first, second, third) = history_repo
    history = opened(repo)
    for _ in range(10):
        assert history.renamed(first) == {"src/a.py": "src/b.py"}
        assert history.renamed(second[:8]) == {"src/a.py": "src/b.py"}
        assert history.renamed(third) == {}
    assert sum("-M" in args for args in runs) == 1


def test_last_change_of_committed_modified_and_untracked_pages(tmp_path: Path) -> None:
    repo = new_repo(tmp_path / "repo")
    first = commit(repo, {"wiki/a.md": "a\n", "wiki/b.md": "b\n", "wiki/c.md": "c\n"})
    second = commit(repo, {"wiki/b.md": "b2\n", "src/x.py": "x\n"})
    commit(repo, {"src/x.py": "x2\n"})  # the pages' folder untouched
    write(repo, {"wiki/c.md": "changed, not committed\n", "wiki/new.md": "new\n"})
    history = opened(repo)
    assert history.last_change("wiki/a.md") == first
    assert history.last_change("wiki/b.md") == second
    assert history.last_change("wiki/c.md") is None  # differs from HEAD: the page is now
    assert history.last_change("wiki/new.md") is None  # untracked
    assert history.last_change("wiki/gone.md") is None
    git(repo, "add", "wiki/new.md")
    assert opened(repo).last_change("wiki/new.md") is None  # staged, not committed


def test_a_page_checked_out_with_crlf_line_ends_is_unchanged(tmp_path: Path) -> None:
    repo = new_repo(tmp_path / "repo")
    sha = commit(repo, {"wiki/a.md": "a\nb\n"})
    write(repo, {"wiki/a.md": b"a\r\nb\r\n"})
    assert opened(repo).last_change("wiki/a.md") == sha
    write(repo, {"wiki/a.md": b"a\r\nc\r\n"})
    assert opened(repo).last_change("wiki/a.md") is None


def test_a_page_that_is_a_link_in_the_work_tree_is_not_read_through_it(tmp_path: Path) -> None:
    repo = new_repo(tmp_path / "repo")
    commit(repo, {"wiki/a.md": "a\n"})
    (tmp_path / "outside.md").write_text("a\n")
    (repo / "wiki" / "a.md").unlink()
    (repo / "wiki" / "a.md").symlink_to(tmp_path / "outside.md")
    assert opened(repo).last_change("wiki/a.md") is None


def test_one_git_log_answers_every_page_of_a_folder(tmp_path: Path, runs: list[list[str]]) -> None:
    repo = new_repo(tmp_path / "repo")
    pages = {f"wiki/p{n}.md": f"{n}\n" for n in range(40)}
    first = commit(repo, pages | {"wiki/deep/q.md": "q\n"})
    second = commit(repo, {"wiki/p7.md": "changed\n"})
    history = opened(repo)
    answers = {name: history.last_change(name) for name in pages}
    assert answers == {name: second if name == "wiki/p7.md" else first for name in pages}
    assert history.last_change("wiki/deep/q.md") == first  # inside the folder walked
    assert sum(args[0] == "log" for args in runs) == 1


def test_each_blob_at_a_commit_is_read_once(
    history_repo: tuple[Path, list[str]], requests: list[tuple[str, str]]
) -> None:
    repo, (first, *_) = history_repo
    history = opened(repo)
    for _ in range(45):
        assert history.lines_at(first, "src/a.py") == ("one", "two", "three")
        assert history.lines_at(first[:9], "src/a.py") == ("one", "two", "three")
    blob = git(repo, "rev-parse", f"{first}:src/a.py").strip()
    assert requests.count(("contents", blob)) == 1
    assert len(requests) < 12  # HEAD, the commit, its trees, the blob: not one a page


def test_a_blob_over_the_limit_is_not_read(tmp_path: Path, requests: list[tuple[str, str]]) -> None:
    repo = new_repo(tmp_path / "repo")
    sha = commit(repo, {"big.txt": "x" * 1000 + "\n", "small.txt": "x\n"})
    history = History.open(repo, limit=100)
    assert history is not None
    assert history.lines_at(sha, "big.txt") is None
    assert history.lines_at(sha, "small.txt") == ("x",)
    big = git(repo, "rev-parse", f"{sha}:big.txt").strip()
    assert ("info", big) in requests and ("contents", big) not in requests


def test_an_answer_over_the_output_limit_is_lost_alone(
    history_repo: tuple[Path, list[str]],
) -> None:
    repo, (first, second, _) = history_repo
    history = opened(repo)
    history._git.limit = 40  # less than one commit of the folder's log
    assert history.last_change("docs/p.md") is None
    assert not history._git.broken
    assert dict(history.renamed(second)) == {"src/a.py": "src/b.py"}  # short enough
    assert history.lines_at(first, "src/a.py") == ("one", "two", "three")


def test_a_sha256_repository(tmp_path: Path) -> None:
    repo = tmp_path / "repo"
    repo.mkdir()
    git(repo, "init", "-q", "--object-format=sha256")
    first = commit(repo, {"wiki/a.md": "a\n", "src/x.ts": "x\ny\n"})
    assert len(first) == 64
    history = opened(repo)
    assert history.commit(first[:7]) == first and history.commit(first) == first
    assert history.lines_at(first[:12], "src/x.ts") == ("x", "y")
    assert history.last_change("wiki/a.md") == first


def test_a_shallow_clone_lacks_the_old_commit(
    history_repo: tuple[Path, list[str]], tmp_path: Path
) -> None:
    repo, (first, _, third) = history_repo
    clone = tmp_path / "shallow"
    git(tmp_path, "clone", "-q", "--depth", "1", f"file://{repo}", str(clone))
    history = opened(clone)
    assert history.shallow and history.head == third
    assert history.commit(first) is None and history.commit(first[:7]) is None
    assert history.lines_at(first, "src/a.py") is None
    assert history.lines_at(third, "src/b.py") == ("one", "TWO", "three", "four")
    assert not opened(repo).shallow


def test_not_a_checkout_has_no_history(tmp_path: Path) -> None:
    plain = tmp_path / "plain"
    plain.mkdir()
    assert History.open(plain) is None
    assert History.open(tmp_path / "missing") is None
    bare = tmp_path / "bare.git"
    git(tmp_path, "init", "-q", "--bare", str(bare))
    assert History.open(bare) is None
    repo = new_repo(tmp_path / "repo")
    assert History.open(repo / ".git") is None


def test_a_folder_below_no_git_entry_starts_no_git(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """git finds a work tree through a `.git` entry of the folder or one above
    it (its environment dropped): without one, git is neither looked for nor
    started; with one (a worktree's or a submodule's `.git` file), it is."""
    from doclint.history import history

    looked: list[str] = []
    monkeypatch.setattr(history, "find_program", lambda name: looked.append(name))
    plain = tmp_path / "plain" / "docs"
    plain.mkdir(parents=True)
    assert History.open(plain) is None and looked == []
    (tmp_path / "plain" / ".git").write_text("gitdir: elsewhere\n")
    assert History.open(plain) is None and looked == ["git"]


def test_a_repository_with_no_commit_has_no_head(tmp_path: Path) -> None:
    repo = new_repo(tmp_path / "repo")
    write(repo, {"a.md": "a\n"})
    history = opened(repo)
    assert history.head is None
    assert history.last_change("a.md") is None and history.renamed("abcdef1") == {}


def test_without_git_there_is_no_history(
    history_repo: tuple[Path, list[str]], monkeypatch: pytest.MonkeyPatch
) -> None:
    repo, _ = history_repo
    monkeypatch.setenv("PATH", str(repo))
    assert History.open(repo) is None


def test_a_tree_root_below_the_top_of_the_work_tree(tmp_path: Path) -> None:
    repo = new_repo(tmp_path / "repo")
    first = commit(repo, {"docs/wiki/a.md": "a\n", "docs/src/x.ts": "x\n", "top.md": "t\n"})
    git(repo, "mv", "docs/src/x.ts", "docs/src/y.ts")
    git(repo, "mv", "top.md", "docs/top.md")
    commit(repo, {}, "moves")
    history = opened(repo / "docs")
    assert history.lines_at(first, "src/x.ts") == ("x",)
    assert history.lines_at(first, "../top.md") is None
    assert history.last_change("wiki/a.md") == first
    # From outside the root into it is no rename of the tree's.
    assert dict(history.renamed(first)) == {"src/x.ts": "src/y.ts"}


def test_the_callers_git_variables_do_not_steer_the_history(
    history_repo: tuple[Path, list[str]], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    repo, (_, _, third) = history_repo
    other = new_repo(tmp_path / "other")
    commit(other, {"z": "z\n"})
    monkeypatch.setenv("GIT_DIR", str(other / ".git"))
    monkeypatch.setenv("GIT_WORK_TREE", str(other))
    assert opened(repo).head == third


def test_remotes_in_every_form_git_takes(tmp_path: Path) -> None:
    repo = new_repo(tmp_path / "repo")
    urls = {
        "a": "https://github.com/Owner/Repo.git",
        "b": "git@github.com:owner/other.git",
        "c": "ssh://git@gitlab.example.com:2222/Group/Sub/Proj.git/",
        "d": "https://user:token@github.com:443/o/r",
        "e": "file:///srv/repo.git",
        "f": "/srv/local/repo",
        "g": "git://example.org/x/y",
    }
    for name, url in urls.items():
        git(repo, "remote", "add", name, url)
    commit(repo, {"a": "a\n"})
    assert opened(repo).remotes() == {
        "github.com/owner/repo",
        "github.com/owner/other",
        "gitlab.example.com/group/sub/proj",
        "github.com/o/r",
        "example.org/x/y",
    }
    assert opened(new_repo(tmp_path / "none")).remotes() == frozenset()


def test_a_git_that_dies_mid_run_answers_none_from_then_on(
    history_repo: tuple[Path, list[str]],
) -> None:
    repo, (first, second, _) = history_repo
    history = opened(repo)
    assert history.lines_at(first, "src/a.py") is not None
    process = history._process
    assert process is not None
    process._process.kill()
    process._process.wait()
    assert history.lines_at(second, "src/a.py") is None
    assert history.commit(second) is None
    assert history.lines_at(first, "src/a.py") is None
    assert history.renamed(second) == {}
    assert history.last_change("docs/p.md") is None
    assert history.remotes() == frozenset()
    history.close()


def test_a_git_that_hangs_is_given_up_after_the_timeout(
    history_repo: tuple[Path, list[str]], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    repo, (first, _, _) = history_repo
    history = opened(repo)
    hanging = tmp_path / "bin" / "git"
    write(tmp_path, {"bin/git": "#!/bin/sh\nexec sleep 30\n"})
    hanging.chmod(0o755)
    history._git.git, history._git.timeout = str(hanging), 0.5
    assert history.remotes() == frozenset()
    assert history._git.broken
    assert history.commit(first) is None


def test_a_forked_process_starts_its_own_batch_process(
    history_repo: tuple[Path, list[str]],
) -> None:
    repo, (first, second, _) = history_repo
    history = opened(repo)
    assert history.lines_at(first, "src/a.py") is not None
    reader, writer = os.pipe()
    child = os.fork()
    if child == 0:  # pragma: no cover - the child reports through the pipe
        lines = history.lines_at(second, "src/a.py")
        history.close()
        os.write(writer, repr(lines).encode())
        os._exit(0)
    os.close(writer)
    os.waitpid(child, 0)
    with os.fdopen(reader) as answer:
        assert answer.read() == repr(("one", "TWO", "three", "four"))
    assert history.lines_at(second, "src/a.py") == ("one", "TWO", "three", "four")
    history.close()


@pytest.mark.skipif(
    not hasattr(os, "geteuid") or os.geteuid() != 0, reason="needs root to give a repository away"
)
def test_a_repository_of_another_user_is_refused_unless_the_user_trusts_it(
    history_repo: tuple[Path, list[str]], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    repo, _ = history_repo
    home = tmp_path / "home"
    home.mkdir()
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.delenv("XDG_CONFIG_HOME", raising=False)
    monkeypatch.delenv("SUDO_UID", raising=False)
    for folder, _, files in os.walk(repo):
        for name in [folder, *(os.path.join(folder, file) for file in files)]:
            os.lchown(name, 65534, 65534)
    assert History.open(repo) is None
    (home / ".gitconfig").write_text(f"[safe]\n\tdirectory = {repo}\n")
    assert History.open(repo) is not None
