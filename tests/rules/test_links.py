from doclint import Settings, check_paths, check_text
from doclint.fixes.edits import apply_edits
from doclint.rule_api import FixSafety
from tests.conftest import findings
from tests.pages import write


def test_broken_relative_link_and_image(tmp_path):
    write(tmp_path, {"docs/a.md": "x"})
    text = "# Notes\n\nSee [a](a.md), [b](b.md) and ![c](img/c.png).\n"
    got = findings(text, "docs/notes.md", "broken-link", tmp_path)
    assert got == [(3, 16, "DL401"), (3, 30, "DL401")]


def test_near_miss_code_external_and_reference_links(tmp_path):
    write(tmp_path, {"docs/a.md": "x", "docs/sub/x.md": "y"})
    text = (
        "# Notes\n\n`[no](missing.md)` [ok][r] <https://example.com/missing.md>\n\n"
        "```\n[no](missing.md)\n```\n\n    [no](indented.md)\n\n[r]: a.md\n"
        "[dir](sub/) [up](../docs/a.md#top) [mail](mailto:x@y.z)\n"
    )
    assert findings(text, "docs/notes.md", "broken-link", tmp_path) == []


def test_broken_anchor_uses_github_slugs(tmp_path):
    write(tmp_path, {"docs/a.md": "# Title\n\n## Key Files & More\n\n### Classs\n"})
    text = (
        "# Notes\n\n[ok](a.md#key-files--more) [bad](a.md#classes) [self](#notes)"
        " [selfbad](#nope)\n"
    )
    got = findings(text, "docs/notes.md", "broken-anchor", tmp_path)
    assert [column for _, column, _ in got] == [28, 63]


def test_a_heading_s_html_tags_render_no_text_of_its_anchor(tmp_path):
    # lazydocs writes `# <kbd>module</kbd> `pkg.mod`` and links it as
    # `#module-pkgmod`: GitHub's anchor of the rendered text, the tags left out.
    write(tmp_path, {"docs/api.md": "# <kbd>module</kbd> `pkg.mod`\n\n## Use `<kbd>` keys\n"})
    text = (
        "# Notes\n\n[ok](api.md#module-pkgmod) [code](api.md#use-kbd-keys)"
        " [tags](api.md#kbdmodulekbd-pkgmod)\n"
    )
    got = findings(text, "docs/notes.md", "broken-anchor", tmp_path)
    assert [column for _, column, _ in got] == [56]


def test_underscores_inside_a_word_or_a_code_span_stay_in_its_anchor(tmp_path):
    # "## LOG_REQUEST_METRICS Configuration" is linked so by Qoder's tables of
    # contents: `_` inside a word is no emphasis; nor is it inside code.
    headings = "# T\n\n## LOG_REQUEST_METRICS Configuration\n\n## `__init__` and _it_\n"
    write(tmp_path, {"docs/api.md": headings})
    text = (
        "# Notes\n\n[a](api.md#log_request_metrics-configuration)"
        " [b](api.md#__init__-and-it) [c](api.md#logrequestmetrics-configuration)\n"
    )
    got = findings(text, "docs/notes.md", "broken-anchor", tmp_path)
    assert [column for _, column, _ in got] == [75]


def test_misplaced_page_is_reported_once_and_links_left_alone(tmp_path):
    text = "# Keyword Index: `pkg/mod.py`\n\n[x](./missing.md)\n"
    assert findings(text, "elsewhere/copy.txt", "DL4", tmp_path) == [(1, 1, "DL403")]
    assert findings(text, "docs/pkg/mod.py_kw.md", "DL403", tmp_path) == []


def test_email_autolink_is_not_a_relative_path(tmp_path):
    text = "# Notes\n\nWrite to <guido@cnri.reston.va.us> or <https://example.com/x.md>.\n"
    assert findings(text, "docs/notes.md", "broken-link", tmp_path) == []


def test_links_into_the_page_itself_resolve_to_each_page(tmp_path):
    # Resolutions are shared by the pages of a folder; "#part" is not; "./#part" is the folder.
    text = "# Notes\n\n[here](#nope) [there](./#nope) [again](#nope)\n"
    for path in ("docs/a.md", "docs/b.md"):
        report = check_text(text, path=path, settings=Settings(select=["DL402"], root=tmp_path))
        messages = [(d.column, d.message) for d in report.diagnostics]
        assert messages == [
            (1, f"`#nope` is not a heading anchor of `{path}`"),
            (32, f"`#nope` is not a heading anchor of `{path}`"),
        ]


def test_every_link_to_a_missing_page_is_reported(tmp_path):
    text = "# K\n\n- [x](./gone.md)\n- [y](gone.md)\n- [x](./gone.md)\n"
    got = findings(text, "docs/k.md", "broken-link", tmp_path)
    assert got == [(3, 3, "DL401"), (4, 3, "DL401"), (5, 3, "DL401")]


def test_a_missing_target_names_the_one_file_the_link_most_likely_meant(tmp_path, monkeypatch):
    # tmi's plans climb a folder too few (`../api/x.go` from `docs/wiki/`):
    # its path read from the root is the file meant.
    write(tmp_path, {"docs/wiki/index.md": "# K\n", "api/x.go": "package api\n"})
    text = "# K\n\n[y](../api/x.go#L3) [z](../gone.md) [up](../index.md)\n"
    monkeypatch.chdir(tmp_path)  # paths are shown from the cwd
    settings = Settings(select=["DL401"], root=tmp_path, cache=False)
    report = check_text(text, "docs/wiki/index.md", settings)
    assert [d.message for d in report.diagnostics] == [
        "link target `../api/x.go#L3` does not exist (resolved to `docs/api/x.go`); "
        "the tree has `api/x.go`",
        "link target `../gone.md` does not exist (resolved to `docs/gone.md`)",
        # The parent's page, missing: not the page of that name beside the link.
        "link target `../index.md` does not exist (resolved to `docs/index.md`)",
    ]


def test_an_anchor_differing_only_in_hyphens_is_named_and_offered(tmp_path):
    # A table of contents linking `#quick-start` for "## 🚀 Quick Start":
    # GitHub's anchor keeps the hyphen the emoji leaves, `#-quick-start`.
    headings = "# Guide\n\n## 🚀 Quick Start\n\n## Pay & Leave\n"
    write(tmp_path, {"docs/guide.md": headings})
    text = "# Notes\n\n[a](guide.md#quick-start) and [b](guide.md#pay-leave)\n"
    (tmp_path / "docs" / "notes.md").write_text(text)
    settings = Settings(select=["DL402"], root=tmp_path, cache=False)
    found = check_paths([tmp_path / "docs" / "notes.md"], settings).diagnostics
    assert [(d.column, d.message.split(" (")[1][:17]) for d in found] == [
        (1, "`#-quick-start` i"),
        (31, "`#pay--leave` is:"),
    ]
    fixed, _ = apply_edits(text, [d.fix.edits for d in found if d.fix])
    assert fixed == "# Notes\n\n[a](guide.md#-quick-start) and [b](guide.md#pay--leave)\n"
    assert {d.fix.applicability for d in found if d.fix} == {FixSafety.UNSAFE}


def test_no_anchor_is_offered_where_two_differ_only_in_hyphens(tmp_path):
    write(tmp_path, {"docs/guide.md": "# Guide\n\n## A & B\n\n## -A B\n"})
    text = "# Notes\n\n[a](guide.md#a-b)\n"
    (tmp_path / "docs" / "notes.md").write_text(text)
    settings = Settings(select=["DL402"], root=tmp_path, cache=False)
    [found] = check_paths([tmp_path / "docs" / "notes.md"], settings).diagnostics
    assert found.fix is None
    assert found.message == "`#a-b` is not a heading anchor of `docs/guide.md`"
