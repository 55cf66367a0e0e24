from doclint import Settings, check_paths, check_text
from tests.conftest import REAL, findings, require_shared
from tests.pages import file_docs, write


def folder_index(folder: str, files: list[str]) -> str:
    """A folder index of `folder` whose Files table lists `files`."""
    up = "../" * (folder.count("/") + 2)
    rows = "".join(
        f"| [`{n}`]({up}{folder}/{n}) | Python module | [docs](./{n}_docs.md) "
        f"| [keywords](./{n}_kw.md) |\n"
        for n in files
    )
    return (
        f"# Index: `{folder}/`\n\n## Overview\n\nThis folder contains source code.\n\n"
        f"**Location**: `{folder}/`\n\n## Files\n\n"
        "| File | Description | Documentation | Keywords |\n"
        "|------|-------------|---------------|----------|\n"
        f"{rows}\n\n## Navigation\n\n- **Parent Folder**: [..](../index.md)\n"
    )


def messages(text: str, path: str, root, **kwargs) -> list[tuple[int, str]]:
    settings = Settings(select=["undocumented-file"], root=root, **kwargs)
    return [(d.line, d.message) for d in check_text(text, path=path, settings=settings).diagnostics]


def test_file_without_documentation_is_reported_at_the_files_heading(tmp_path):
    write(
        tmp_path,
        {
            "pkg/a.py": "x = 1\n",
            "pkg/new.py": "y = 2\n",
            "pkg/sub/deep.py": "z = 3\n",
            "docs/pkg/a.py_docs.md": file_docs("pkg/a.py", "python pkg/a.py"),
        },
    )
    text = folder_index("pkg", ["a.py"])
    assert messages(text, "docs/pkg/index.md", tmp_path) == [
        (9, "`pkg/new.py` has no documentation page (`docs/pkg/new.py_docs.md` does not exist)")
    ]
    assert findings(text, "docs/pkg/index.md", "DL602", tmp_path) == [(9, 1, "DL602")]


def test_near_miss_documented_binary_and_subfolder_files(tmp_path):
    write(
        tmp_path,
        {
            "pkg/a.py": "x = 1\n",
            "pkg/sub/deep.py": "z = 3\n",
            "docs/pkg/a.py_docs.md": file_docs("pkg/a.py", "python pkg/a.py"),
        },
    )
    (tmp_path / "pkg/logo.png").write_bytes(b"\x89PNG\r\n\x1a\n\0\0")
    # sniffed on disk like the generator does: a NUL byte makes it binary, whatever its name
    (tmp_path / "pkg/model.weights").write_bytes(b"\x01\x00\x02")
    assert messages(folder_index("pkg", ["a.py"]), "docs/pkg/index.md", tmp_path) == []


def test_generator_pages_of_a_docs_folder_are_not_expected_to_be_documented(tmp_path):
    write(
        tmp_path,
        {
            "docs/pkg/a.py_docs.md": "# Documentation: `pkg/a.py`\n",
            "docs/pkg/index.md": "# Index: `pkg/`\n",
            "docs/pkg/doc.md": "# Documentation: `pkg/`\n",
            "docs/pkg/sub.md": "# Subtree Keyword Index: `pkg/`\n",
            "docs/pkg/notes.md": "# Notes\n",
            "docs/docs/pkg/a.py_docs.md_docs.md": "# Documentation: `docs/pkg/a.py_docs.md`\n",
        },
    )
    text = folder_index("docs/pkg", ["a.py_docs.md"])
    assert [line for line, _ in messages(text, "docs/docs/pkg/index.md", tmp_path)] == [9]
    assert "`docs/pkg/notes.md`" in messages(text, "docs/docs/pkg/index.md", tmp_path)[0][1]


def test_page_without_files_heading_reports_at_its_title_and_missing_folder_is_left_alone(
    tmp_path,
):
    write(tmp_path, {"pkg/new.py": "y = 2\n"})
    assert findings("# Index: `pkg/`\n", "docs/pkg/index.md", "DL602", tmp_path) == [
        (1, 1, "DL602")
    ]
    assert findings("# Index: `gone/`\n", "docs/gone/index.md", "DL602", tmp_path) == []


def test_listing_mode_uses_the_listing(tmp_path):
    listing = ["pkg/a.py", "pkg/b.py", "docs/pkg/a.py_docs.md"]
    got = messages(
        folder_index("pkg", ["a.py"]), "docs/pkg/index.md", tmp_path, known_paths=listing
    )
    assert [message.split()[0] for _, message in got] == ["`pkg/b.py`"]


def test_real_slice_is_silent_and_an_unlisted_page_is_found():
    require_shared()
    listing = (REAL / "LISTING.txt").read_text(encoding="utf-8").splitlines()
    settings = Settings(select=["undocumented-file"], root=REAL, known_paths=listing)
    assert check_paths([REAL / "docs"], settings).diagnostics == []
    extended = [*listing, "test/distributed/tensor/test_new.py", "test/distributed/tensor/x.pkl"]
    settings = Settings(select=["undocumented-file"], root=REAL, known_paths=extended)
    found = check_paths([REAL / "docs/test/distributed/tensor/index.md"], settings).diagnostics
    assert [(d.line, d.message.split()[0]) for d in found] == [
        (15, "`test/distributed/tensor/test_new.py`")
    ]
