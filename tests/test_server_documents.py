"""The editor server's warm workspace (doclint/server/documents.py), without
the protocol: a buffer checked as `doclint check -` checks stdin, against a
tree kept between checks and read again once told of a change on disk, and
nothing read outside the workspace root."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from doclint.profiles.generators import shipped_generators
from doclint.server.client_settings import ClientSettings, client_settings
from doclint.server.documents import OutsideWorkspace, Workspace
from doclint.tree.reading import MAX_FILE_SIZE
from tests.pages import keyword_index, write
from tests.test_buffer_checks import NOTES, small_checkout
from tests.test_buffer_checks import PAGE as NOTES_PAGE

KW = "docs/pkg/mod.py_kw.md"
PAGE = keyword_index("pkg/mod.py", ["Thing"])


@pytest.fixture
def tree(tmp_path: Path, monkeypatch) -> Path:
    root = tmp_path / "tree"
    write(
        root,
        {
            KW: PAGE.replace("### Classs", "### Classes"),
            "docs/pkg/mod.py_docs.md": "# x\n",
            "pkg/mod.py": "class Thing: ...\n",
        },
    )
    monkeypatch.chdir(root)
    return root


def codes(workspace: Workspace, file: Path, text: str) -> list[str]:
    return [row.code for row in workspace.check(file, text).findings]


def test_the_buffer_is_checked_not_the_file(tree):
    workspace = Workspace(tree)
    assert codes(workspace, tree / KW, PAGE) == ["DL101"]
    assert codes(workspace, tree / KW, PAGE.replace("Classs", "Classes")) == []


def test_the_tree_is_kept_until_told_of_a_change(tree):
    workspace = Workspace(tree)
    text = PAGE.replace("Classs", "Classes")
    other = tree / "docs" / "other.md"
    assert codes(workspace, tree / KW, text) == []
    assert codes(workspace, other, "# Other\n\nSee [the index](pkg/mod.py_kw.md).\n") == []
    (tree / "pkg" / "mod.py").write_text("x = 1\n")
    # Kept: the source as first read (a later edit of the buffer is checked
    # against the same tree, as an editor's keystrokes are).
    assert codes(workspace, tree / KW, text + "\n") == []
    # Told: the page that read the source is to be checked again, and is
    # checked against it as it is now; the page that did not read it is not.
    assert workspace.changed([tree / "pkg" / "mod.py"]) == {tree / KW}
    assert codes(workspace, tree / KW, text) != []


def test_a_file_made_or_deleted_reads_its_folder_again(tree):
    workspace = Workspace(tree)
    page = tree / "docs" / "a.md"
    text = "# A\n\nSee [b](b.md).\n"
    assert codes(workspace, page, text) == ["DL401"]
    assert codes(workspace, tree / KW, PAGE) == ["DL101"]
    (tree / "docs" / "b.md").write_text("# B\n")
    assert codes(workspace, page, text) == ["DL401"]
    assert workspace.changed([tree / "docs" / "b.md"]) == {page}
    assert codes(workspace, page, text) == []
    (tree / "docs" / "b.md").unlink()
    assert workspace.changed([tree / "docs" / "b.md"]) == {page}
    assert codes(workspace, page, text) == ["DL401"]


def test_changes_told_at_once_are_each_read_again(tree):
    """A branch switched: the client names many files in one message."""
    workspace = Workspace(tree)
    page = tree / "docs" / "a.md"
    text = "# A\n\nSee [b](b.md).\n"
    index = PAGE.replace("Classs", "Classes")
    assert codes(workspace, page, text) == ["DL401"]
    assert codes(workspace, tree / KW, index) == []
    (tree / "docs" / "b.md").write_text("# B\n")
    (tree / "pkg" / "mod.py").write_text("x = 1\n")
    told = [tree / "docs" / "b.md", tree / "pkg" / "mod.py", tree / "pkg" / "other.py"]
    assert workspace.changed(told) == {page, tree / KW}
    assert codes(workspace, page, text) == []
    assert codes(workspace, tree / KW, index) != []


def test_a_file_made_in_a_new_folder_reads_both_listings_again(tree):
    workspace = Workspace(tree)
    page = tree / "docs" / "a.md"
    text = "# A\n\nSee [b](new/deeper/b.md).\n"
    assert codes(workspace, page, text) == ["DL401"]
    write(tree, {"docs/new/deeper/b.md": "# B\n"})
    assert workspace.changed([tree / "docs" / "new" / "deeper" / "b.md"]) == {page}
    assert codes(workspace, page, text) == []


def test_a_file_outside_the_workspace_is_refused(tree, tmp_path):
    workspace = Workspace(tree)
    with pytest.raises(OutsideWorkspace):
        workspace.check(tmp_path / "elsewhere.md", "# x\n")
    with pytest.raises(OutsideWorkspace):
        workspace.check(tree / ".." / "elsewhere.md", "# x\n")


def test_no_configuration_above_the_workspace_root_is_read(tree):
    (tree.parent / "doclint.toml").write_text('ignore = ["DL101"]\n')
    assert codes(Workspace(tree), tree / KW, PAGE) == ["DL101"]
    # One inside is read, and a pyproject.toml without [tool.doclint] is passed over.
    (tree / "doclint.toml").write_text('ignore = ["DL101"]\n')
    (tree / "docs" / "pyproject.toml").write_text("[project]\nname = 'x'\n")
    assert codes(Workspace(tree), tree / KW, PAGE) == []


def test_a_configuration_that_cannot_be_used_is_said_and_checks_nothing(tree):
    (tree / "doclint.toml").write_text("selct = []\n")
    checked = Workspace(tree).check(tree / KW, PAGE)
    assert checked.findings == [] and checked.trouble
    assert "selct" in (checked.note or "")


def test_a_changed_configuration_is_read_again(tree):
    workspace = Workspace(tree)
    assert codes(workspace, tree / KW, PAGE) == ["DL101"]
    (tree / "doclint.toml").write_text('ignore = ["DL101"]\n')
    assert workspace.changed([tree / "doclint.toml"]) == {tree / KW}
    assert codes(workspace, tree / KW, PAGE) == []


def test_an_excluded_page_gets_a_note(tree):
    (tree / "doclint.toml").write_text('extend-exclude = ["docs/pkg/"]\n')
    checked = Workspace(tree).check(tree / KW, PAGE)
    assert checked.findings == [] and not checked.trouble and "exclude" in (checked.note or "")


def test_bad_buffers_get_one_finding(tree):
    workspace = Workspace(tree)
    page = tree / "docs" / "odd.md"
    assert codes(workspace, page, "hello\0\0\0world\n") == ["DL004"]
    assert codes(workspace, page, "# Odd \udc80\n") == ["DL003"]
    assert codes(workspace, page, "x" * (MAX_FILE_SIZE + 1)) == ["DL005"]


def test_a_message_names_a_tree_path_as_doclint_check_shows_it(tree):
    """A link's resolved target is named from the workspace root, as a run
    from there names it: no mark of the engine's left in the editor's text."""
    (message,) = [
        row.message
        for row in Workspace(tree).check(tree / "docs" / "a.md", "[x](gone.md)\n").findings
    ]
    assert message == "link target `gone.md` does not exist (resolved to `docs/gone.md`)"


def test_fix_all_applies_the_safe_fixes(tree):
    workspace = Workspace(tree)
    assert workspace.fix_all(tree / KW, PAGE) == PAGE.replace("Classs", "Classes")
    assert workspace.fix_all(tree / KW, PAGE.replace("Classs", "Classes")) is None


def test_a_root_above_the_workspace_is_not_looked_up(tree, monkeypatch):
    # The editor opened docs/pkg/ only: the page's title implies the tree
    # above it, whose start page (docs/index.md) is outside the workspace.
    write(tree, {"docs/index.md": "# Repository Documentation: `tree`\n"})
    workspace_root = tree / "docs" / "pkg"
    monkeypatch.chdir(workspace_root)
    import doclint.run.roots as roots

    opened: list[str] = []
    read_regular = roots.read_regular

    def spy(path, *args, **kwargs):
        opened.append(str(path))
        return read_regular(path, *args, **kwargs)

    monkeypatch.setattr(roots, "read_regular", spy)
    workspace = Workspace(workspace_root)
    workspace.check(tree / KW, PAGE)
    assert [path for path in opened if not path.startswith(str(workspace_root))] == []


def test_the_history_is_read_only_from_a_checkout_inside_the_workspace(tmp_path):
    import shutil
    import subprocess

    from doclint.server.documents import WorkspaceTree

    if shutil.which("git") is None:
        pytest.skip("git is missing")
    repository = tmp_path / "repository"
    (repository / "docs").mkdir(parents=True)
    subprocess.run(["git", "init", "-q", str(repository)], check=True)
    shipped = shipped_generators()
    inside = WorkspaceTree(repository / "docs", None, repository, shipped)
    above = WorkspaceTree(repository / "docs", None, repository / "docs", shipped)
    try:
        assert inside.history() is not None
        assert above.history() is None
    finally:
        inside.close()
        above.close()


def test_a_root_s_tree_is_kept_while_an_open_page_uses_it(tree, monkeypatch):
    """Two open pages of one root: closing one keeps the tree; the other's
    title changed to imply another root lets it go."""
    import gc
    import weakref

    from doclint.server import documents

    made: list[weakref.ref[documents.WorkspaceTree]] = []

    class Made(documents.WorkspaceTree):
        def __init__(self, *args, **kwargs) -> None:
            super().__init__(*args, **kwargs)
            made.append(weakref.ref(self))

    monkeypatch.setattr(documents, "WorkspaceTree", Made)
    workspace = Workspace(tree)
    other = tree / "a" / "docs" / "pkg" / "other.py_kw.md"
    indexed = keyword_index("pkg/other.py", ["Other"])
    workspace.check(tree / KW, PAGE)
    workspace.check(other, "# Other\n")  # no root implied: the workspace's
    workspace.closed(tree / KW)
    gc.collect()
    assert len(made) == 1 and made[0]() is not None
    workspace.check(other, indexed)  # the title implies a/
    gc.collect()
    assert len(made) == 2 and made[0]() is None and made[1]() is not None
    workspace.closed(other)
    gc.collect()
    assert made[1]() is None


# The editor's settings (client_settings.py)


def test_the_editors_select_and_ignore_are_the_command_lines(tree):
    (tree / "doclint.toml").write_text('select = ["DL2"]\n')
    workspace = Workspace(tree)
    assert codes(workspace, tree / KW, PAGE) == []
    # select replaces the configuration's selection, as --select does...
    workspace.configure(ClientSettings(select=("DL101",)))
    assert codes(workspace, tree / KW, PAGE) == ["DL101"]
    # ...and ignore adds to its ignore, as --ignore does.
    workspace.configure(ClientSettings(select=("DL1",), ignore=("unknown-heading",)))
    assert codes(workspace, tree / KW, PAGE) == []
    workspace.configure(ClientSettings(select=("DL999",)))
    checked = workspace.check(tree / KW, PAGE)
    assert checked.findings == [] and checked.trouble and "DL999" in (checked.note or "")


def test_the_editors_configuration_file_is_every_pages(tree):
    (tree / "docs" / "doclint.toml").write_text("select = []\n")
    (tree / "editor.toml").write_text('ignore = ["DL101"]\n')
    workspace = Workspace(tree)
    assert codes(workspace, tree / KW, PAGE) == []
    settings, problems = client_settings({"doclint": {"config": "editor.toml"}}, tree) or (None, [])
    assert settings == ClientSettings(config=tree / "editor.toml") and problems == []
    workspace.configure(settings)
    # Not the docs folder's: the editor's, which turns off only DL101.
    assert codes(workspace, tree / KW, PAGE.replace("Thing", "Thingy")) == ["DL201"]
    # Changed on disk, it is read again.
    (tree / "editor.toml").write_text("ignore = []\n")
    workspace.changed([tree / "editor.toml"])
    assert codes(workspace, tree / KW, PAGE) == ["DL101"]


def test_the_editors_settings_are_read_as_given_nested_or_not(tree):
    flat = client_settings({"select": "DL1, DL2", "ignore": ["DL202"]}, tree)
    nested = client_settings({"doclint": {"select": ["DL1", "DL2"], "ignore": "DL202"}}, tree)
    assert flat == nested == (ClientSettings(("DL1", "DL2"), ("DL202",)), [])
    # Other servers' settings, or none, change nothing.
    assert client_settings({"pylsp": {"plugins": {}}}, tree) is None
    assert client_settings(None, tree) is None
    # A value of the wrong type is left out, and said.
    settings, problems = client_settings({"doclint": {"select": 3, "config": 1, "x": 1}}, tree)
    assert settings == ClientSettings()
    assert problems == [
        "unknown setting `doclint.x` (known: select, ignore, config)",
        "`doclint.select` must be a list of rule codes or names; left out",
        "`doclint.config` must be a configuration file's path; left out",
    ]


def test_a_commit_made_meanwhile_has_the_history_read_again(tmp_path):
    """No editor tells of a commit made in a terminal: HEAD is asked at
    each change told, and the page saved is checked against the history as
    it is now, as a workspace opened afresh checks it."""
    top = small_checkout(tmp_path / "small")
    page = top / NOTES_PAGE
    workspace = Workspace(top)
    workspace.check(page, NOTES)
    text = NOTES + "\nMore.\n"
    page.write_text(text)
    git = ["git", "-c", "user.name=t", "-c", "user.email=t@example.com"]
    subprocess.run([*git, "commit", "-qam", "two"], cwd=top, check=True)
    assert workspace.changed([page]) == {page}
    fresh = Workspace(top)
    try:
        assert workspace.check(page, text).findings == fresh.check(page, text).findings
    finally:
        fresh.close()
        workspace.close()
