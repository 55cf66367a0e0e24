"""The generator-claims rules (DL7xx) on small RepoAgent trees made by hand:
each rule's true positive and its near miss, English and Chinese labels."""

from __future__ import annotations

import pytest

from doclint import Settings, check_text
from tests.conftest import findings
from tests.history.repos import commit, git, needs_git, new_repo
from tests.pages import write

SOURCE = '''\
class Store:
    """A store."""

    limit = 3

    def __init__(self, path, mode="r"):
        self.path = path

    def get(self, key, default=None, *args, strict=False, **kwargs):
        def helper(value):
            return value

        return helper(key)

    @classmethod
    def open(cls, path):
        return cls(path)


async def fetch(url):
    return Store(url).get(url)
'''

PAGE = """\
## ClassDef Store
**Store**: A store.

**attributes**: The attributes of this Class.
· limit: the most entries
· path: where it lives

**Code Description**: It stores.
### FunctionDef __init__(self, path, mode)
**__init__**: Makes one.

**parameters**: The parameters of this Function.
· path: where it lives
· mode: how it opens
***
### FunctionDef get(self, key, default)
**get**: Reads a key.

**parameters**: The parameters of this Function.
· key: the key
· **kwargs: more options

**Code Description**: This function is called by the fetch function.
#### FunctionDef helper(value)
**helper**: Returns its value.
***
***
### FunctionDef open(cls, path)
**open**: Opens one.
***
## FunctionDef fetch(url)
**fetch**: Fetches.

**参数**: 该函数的参数。
· url: 地址

**Code Description**: Fetches the url.
"""


def check(tmp_path, page: str, select: str, source: str = SOURCE) -> list[tuple[int, int, str]]:
    write(tmp_path, {"pkg/store.py": source})
    return findings(page, "markdown_docs/pkg/store.md", select, tmp_path)


def messages(
    tmp_path, page: str, select: str, sources=None, path: str = "markdown_docs/pkg/store.md"
) -> list[str]:
    write(tmp_path, sources or {"pkg/store.py": SOURCE})
    settings = Settings(select=[select], root=tmp_path)
    report = check_text(page, path=path, settings=settings)
    return [d.message for d in report.diagnostics]


def test_a_page_that_matches_its_source_is_clean(tmp_path):
    assert check(tmp_path, PAGE, "DL7") == []


def test_a_page_outside_the_docs_folder_is_not_read_as_the_generators(tmp_path):
    write(tmp_path, {"pkg/store.py": "x = 1\n"})
    assert findings(PAGE, "docs/pkg/store.md", "DL7", tmp_path) == []


def test_missing_object_and_one_at_another_place(tmp_path):
    page = PAGE.replace("## FunctionDef fetch(url)", "## FunctionDef gone(url)").replace(
        "### FunctionDef open(cls, path)", "#### FunctionDef open(cls, path)"
    )
    assert check(tmp_path, page, "missing-object") == [(28, 1, "DL701"), (31, 1, "DL701")]
    found = messages(tmp_path, page, "missing-object")
    assert found == [
        "`pkg/store.py` has no function `Store.get.open`; it defines function `Store.open`",
        "`pkg/store.py` defines no function `gone`",
    ]


def test_missing_object_near_miss_async_and_nested_function(tmp_path):
    # `async def fetch` is written FunctionDef; `helper` sits inside `get`.
    assert check(tmp_path, PAGE, "missing-object") == []


def test_signature_mismatch_by_the_positional_convention(tmp_path):
    page = PAGE.replace("### FunctionDef get(self, key, default)", "### FunctionDef get(key)")
    page = page.replace("## FunctionDef fetch(url)", "## FunctionDef fetch")
    assert check(tmp_path, page, "signature-mismatch") == [(16, 1, "DL702"), (31, 1, "DL702")]
    assert messages(tmp_path, page, "signature-mismatch")[0] == (
        "`Store.get` is written with (key); the code has (self, key, default)"
    )


def test_signature_near_miss_defaults_varargs_and_keyword_only_are_not_written(tmp_path):
    # get(self, key, default=None, *args, strict=False, **kwargs) is written
    # get(self, key, default): the generator lists `ast.arguments.args` only.
    assert check(tmp_path, PAGE, "signature-mismatch") == []


def test_unknown_parameter_in_english_and_chinese_lists(tmp_path):
    page = PAGE.replace("· mode: how it opens", "· flags: how it opens").replace(
        "· url: 地址", "· address: 地址"
    )
    page = page.replace("· path: where it lives\n\n**Code", "· size: how big\n\n**Code")
    assert check(tmp_path, page, "unknown-parameter") == [
        (6, 3, "DL703"),
        (14, 3, "DL703"),
        (35, 3, "DL703"),
    ]


def test_unknown_parameter_near_miss_none_items_and_prose_items(tmp_path):
    page = PAGE.replace("· url: 地址", "· None").replace(
        "· mode: how it opens", "· mode: how it opens\n· There are no other parameters."
    )
    assert check(tmp_path, page, "unknown-parameter") == []


def test_unknown_parameter_dict_keys_indented_under_their_parameter(tmp_path):
    # The keys under `url` are its parts; `flags` at the list's level is a name.
    keys = "· url: a dict with the keys:\n  - host: the host\n  - port: the port\n· flags: 旗"
    page = PAGE.replace("· url: 地址", keys)
    assert check(tmp_path, page, "unknown-parameter") == [(38, 3, "DL703")]


def test_unknown_parameter_near_miss_keys_of_a_dict_parameter(tmp_path):
    keys = "· url: a dict with the keys:\n  - host: the host\n  - port: the port"
    assert check(tmp_path, PAGE.replace("· url: 地址", keys), "unknown-parameter") == []


KID = "class Kid(Store):\n    pass\n"
KID_PAGE = "## ClassDef Kid\n**Kid**: A store.\n\n**attributes**: The attributes.\n· {}: a name\n"


def test_unknown_parameter_of_a_class_through_its_base_in_the_project(tmp_path):
    # `Store` is read where `Kid` inherits it: here, or in a source of the tree.
    assert check(tmp_path, KID_PAGE.format("path"), "unknown-parameter", SOURCE + KID) == []
    assert check(tmp_path, KID_PAGE.format("size"), "unknown-parameter", SOURCE + KID) == [
        (5, 3, "DL703")
    ]
    write(tmp_path, {"pkg/base.py": SOURCE})
    source = "from pkg.base import Store\n" + KID
    assert check(tmp_path, KID_PAGE.format("size"), "unknown-parameter", source) == [
        (5, 3, "DL703")
    ]


def test_unknown_parameter_of_a_class_through_a_base_a_star_import_binds(tmp_path):
    # Langchain-Chatchat's workers: `from server.model_workers.base import *`
    # then `class QwenWorker(ApiModelWorker)`: the base is the project's.
    write(tmp_path, {"pkg/base.py": SOURCE})
    source = "from os.path import *\nfrom pkg.base import *\n" + KID
    assert check(tmp_path, KID_PAGE.format("path"), "unknown-parameter", source) == []
    assert check(tmp_path, KID_PAGE.format("size"), "unknown-parameter", source) == [
        (5, 3, "DL703")
    ]


def test_unknown_parameter_near_miss_a_base_only_a_library_s_star_import_can_bind(tmp_path):
    # `from langchain.agents import *`: `Store` is the library's, unknown.
    source = "from langchain.agents import *\n" + KID
    assert check(tmp_path, KID_PAGE.format("size"), "unknown-parameter", source) == []


def test_unknown_parameter_near_miss_a_base_the_tree_cannot_read(tmp_path):
    # `pkg/runner.py` is listed, not there: what `Kid` inherits is unknown.
    write(
        tmp_path, {"pkg/store.py": "from pkg import runner\nclass Kid(runner.Store):\n    pass\n"}
    )
    listing = ["pkg/store.py", "pkg/runner.py"]
    page = KID_PAGE.format("size")
    path = "markdown_docs/pkg/store.md"
    assert findings(page, path, "unknown-parameter", tmp_path, known_paths=listing) == []
    # Without the listing `pkg.runner` is a library's: what it gives `Kid` is
    # unknown too. A builtin base is known, and the item is judged.
    assert findings(page, path, "unknown-parameter", tmp_path) == []
    source = "class Kid(Exception):\n    pass\n"
    assert check(tmp_path, page, "unknown-parameter", source) == [(5, 3, "DL703")]


def test_unknown_parameter_near_miss_a_relative_base_the_tree_does_not_hold(tmp_path):
    # `..base` is the project's own module by the import's form: a sample that
    # lacks it cannot say what `Kid` inherits; nor can a library's.
    page = KID_PAGE.format("size")
    for source in ("from ..base import Store\n", "from base import Store\n"):
        assert check(tmp_path, page, "unknown-parameter", source + KID) == []


def test_unknown_parameter_of_a_class_whose_base_a_library_function_makes(tmp_path):
    # Chatchat's ORM models: `Base = declarative_base()` in server/db/base.py
    # (chatchat-space/Langchain-Chatchat, 0325384f) is a class from outside the
    # project, as `Exception` is: the model's items are judged.
    base = "from sqlalchemy.orm import declarative_base\nBase = declarative_base()\n"
    write(tmp_path, {"pkg/base.py": base})
    source = "from pkg.base import Base\nclass Kid(Base):\n    mode = 1\n"
    assert check(tmp_path, KID_PAGE.format("mode"), "unknown-parameter", source) == []
    assert check(tmp_path, KID_PAGE.format("size"), "unknown-parameter", source) == [
        (5, 3, "DL703")
    ]


def test_unknown_parameter_near_miss_a_base_the_project_makes_by_a_call(tmp_path):
    # `make_base` is the project's: what the class it makes holds is unknown.
    write(
        tmp_path,
        {
            "pkg/base.py": "from pkg.factory import make_base\nBase = make_base()\n",
            "pkg/factory.py": "def make_base():\n    return type('B', (), {'size': 1})\n",
        },
    )
    source = "from pkg.base import Base\nclass Kid(Base):\n    mode = 1\n"
    assert check(tmp_path, KID_PAGE.format("size"), "unknown-parameter", source) == []


def test_unknown_parameter_near_miss_attributes_made_from_a_string(tmp_path):
    # PyTorch's modules name buffers by string; setattr does the same.
    source = (
        "class Kid:\n    def __init__(self):\n"
        '        self.register_buffer("mean", 0)\n        setattr(self, "std", 1)\n'
    )
    for name in ("mean", "std"):
        assert check(tmp_path, KID_PAGE.format(name), "unknown-parameter", source) == []
    assert check(tmp_path, KID_PAGE.format("size"), "unknown-parameter", source) == [
        (5, 3, "DL703")
    ]


def test_undocumented_object_private_and_nested_count(tmp_path):
    source = SOURCE + "\n\ndef _private():\n    pass\n"
    page = PAGE.replace("#### FunctionDef helper(value)\n**helper**: Returns its value.\n***\n", "")
    assert check(tmp_path, page, "undocumented-object", source) == [
        (1, 1, "DL704"),
        (1, 1, "DL704"),
    ]


def test_undocumented_object_near_miss_object_headed_at_another_place(tmp_path):
    # `open` has a heading, at the wrong place: missing-object says so, once.
    page = PAGE.replace("### FunctionDef open(cls, path)", "## FunctionDef open(cls, path)")
    assert check(tmp_path, page, "undocumented-object") == []
    assert check(tmp_path, page, "missing-object") == [(28, 1, "DL701")]


def test_undocumented_object_a_method_headed_only_under_another_class(tmp_path):
    # The page documents a class `Shop` the source does not have; its
    # `__init__` is Shop's, so Store's methods are undocumented (`helper` is
    # headed under a `get`, its parent's name).
    page = PAGE.replace("## ClassDef Store\n**Store**", "## ClassDef Shop\n**Shop**")
    found = [m for m in messages(tmp_path, page, "undocumented-object") if "Store" in m]
    assert [m.split()[1] for m in found] == [
        "`Store`",
        "`Store.__init__`",
        "`Store.get`",
        "`Store.open`",
    ]


def test_undocumented_object_near_miss_a_method_headed_deeper_under_its_class(tmp_path):
    # `open` headed under `Store.get`: still under its class, missing-object says so.
    page = PAGE.replace("### FunctionDef open(cls, path)", "#### FunctionDef open(cls, path)")
    assert check(tmp_path, page, "undocumented-object") == []


def test_undocumented_object_near_miss_a_method_headed_under_a_misplaced_function(tmp_path):
    # `helper` headed at the top, `open` one deeper under it: missing-object
    # reports the two places; `Store.open` has its heading, misplaced.
    page = PAGE.replace("#### FunctionDef helper(value)", "## FunctionDef helper(value)")
    assert check(tmp_path, page, "undocumented-object") == []
    assert [code for *_, code in check(tmp_path, page, "missing-object")] == ["DL701", "DL701"]


def test_undocumented_object_near_miss_headings_a_cut_off_fence_swallowed(tmp_path):
    # The section of `get` stops inside a code block, which swallows the
    # headings of `helper` and `open`: truncated-page reports the cut once.
    page = PAGE.replace(
        "**Code Description**: This function is called by the fetch function.\n",
        "**Code Description**: This function is called by the fetch function.\n```python\n",
    )
    assert check(tmp_path, page, "undocumented-object") == []
    assert [code for *_, code in check(tmp_path, page, "truncated-page")] == ["DL707"]
    # Near miss of the near miss: the fence closed before `helper`'s heading.
    closed = page.replace("```python\n", "```python\nx = 1\n```\n")
    assert check(tmp_path, closed, "truncated-page") == []


def test_wrong_caller_refuted_by_the_source(tmp_path):
    page = PAGE.replace("called by the fetch function", "called by the download function")
    assert check(tmp_path, page, "wrong-caller") == [(23, 40, "DL705")]
    page = PAGE.replace("called by the fetch function", "called by the open method")
    assert messages(tmp_path, page, "wrong-caller") == [
        "`open` does not call `get`; `fetch` calls it"
    ]


def test_wrong_caller_near_miss_a_true_caller_and_a_vague_one(tmp_path):
    assert check(tmp_path, PAGE, "wrong-caller") == []
    page = PAGE.replace("called by the fetch function", "called by other functions")
    assert check(tmp_path, page, "wrong-caller") == []


def partial(tmp_path, page: str, select: str) -> list[tuple[int, int, str]]:
    """Findings on a sample of a project: `pkg/runner.py` is listed, not there."""
    write(tmp_path, {"pkg/store.py": SOURCE})
    listing = ["pkg/store.py", "pkg/runner.py", "markdown_docs/pkg/store.md"]
    return findings(page, "markdown_docs/pkg/store.md", select, tmp_path, known_paths=listing)


def test_wrong_caller_in_a_partial_tree_judged_where_the_page_places_it(tmp_path):
    # Placed in a file the tree reads, or (headed on the page) in the page's source.
    page = PAGE.replace(
        "called by the fetch function", "called by the load function in pkg/store.py"
    )
    assert partial(tmp_path, page, "wrong-caller") == [(23, 40, "DL705")]
    page = PAGE.replace("called by the fetch function", "called by the gone function")
    page = page.replace("## FunctionDef fetch(url)", "## FunctionDef gone(url)")
    assert partial(tmp_path, page, "wrong-caller") == [(23, 40, "DL705")]
    page = PAGE.replace(
        "called by the fetch function", "called by two other functions: fetch and load"
    )
    assert check(tmp_path, page, "wrong-caller") == [(23, 40, "DL705")]


def test_wrong_caller_near_miss_a_caller_the_partial_tree_cannot_read(tmp_path):
    # In a whole tree `load` is defined nowhere; in a sample it may be in a
    # source the tree lists but does not hold, named or not.
    page = PAGE.replace("called by the fetch function", "called by the load function")
    assert check(tmp_path, page, "wrong-caller") == [(23, 40, "DL705")]
    assert partial(tmp_path, page, "wrong-caller") == []
    page = PAGE.replace(
        "called by the fetch function", "called by the load function in pkg/runner.py"
    )
    assert partial(tmp_path, page, "wrong-caller") == []
    # A file after "such as" is not a caller.
    page = PAGE.replace("called by the fetch function", "called by others, such as pkg/store.py")
    assert check(tmp_path, page, "wrong-caller") == []


@pytest.mark.parametrize(
    "sentence",
    [
        # The form of LokaHQ/Fooocus-RepoAgent-docs markdown_docs/modules/flags.md:27
        # (666f5a03): "The OutputFormat class is utilized in the `log` function
        # found in the `modules/private_logger.py` file."
        "utilized in the `open` function found in the `pkg/store.py` file",
        "used in the method `open`",
        "called by other functions in the project, specifically fetch and open",
        # Issue 93: a name in backticks with no kind word, the names after
        # "including", a list after "within the project:".
        "called by `open`",
        "invoked by several functions, including `open`",
        "called by two other functions within the project: `open` and `fetch`",
        "called in various parts of the project, notably within the `open` function",
        "utilized in functions such as `open` and `fetch`",
    ],
)
def test_wrong_caller_names_in_backticks_after_the_kind_word_and_after_specifically(
    tmp_path, sentence
):
    page = PAGE.replace("called by the fetch function", sentence)
    assert messages(tmp_path, page, "wrong-caller") == [
        "`open` does not call `get`; `fetch` calls it"
    ]


@pytest.mark.parametrize(
    "sentence",
    [
        "utilized in the `fetch` function found in the `pkg/store.py` file",
        "called by other functions in the project, specifically fetch",
        # Names no function: "the function body", "specifically in the x module".
        "utilized within the function body",
        "called by other functions, specifically in the store module",
        "called by `fetch`",
        "invoked by several functions, including `fetch`",
        "called in various parts of the project, notably within the `fetch` function",
        "utilized in functions such as `fetch`",
        # A name in backticks that a kind word makes no function's.
        "called by `requests` library",
    ],
)
def test_wrong_caller_near_miss_true_callers_and_no_caller_named(tmp_path, sentence):
    page = PAGE.replace("called by the fetch function", sentence)
    assert check(tmp_path, page, "wrong-caller") == []


def test_wrong_caller_chinese_names_in_backticks(tmp_path):
    page = PAGE.replace("Fetches the url.", "该函数被`get`方法调用。")
    assert messages(tmp_path, page, "wrong-caller") == ["`get` does not call `fetch`"]
    page = PAGE.replace("Fetches the url.", "该函数被多个地方调用。")
    assert check(tmp_path, page, "wrong-caller") == []


def test_wrong_caller_chinese_names_with_spaces_around_the_code(tmp_path):
    # The form of chatchat-space/Langchain-Chatchat markdown_docs/server/model_workers/
    # baichuan.md:10 (0.2.final): "被 `BaiChuanWorker` 类的 `do_chat` 方法调用".
    page = PAGE.replace("Fetches the url.", "该函数被 `Store` 类的 `get` 方法调用。")
    assert messages(tmp_path, page, "wrong-caller") == ["`get` does not call `fetch`"]


def test_wrong_caller_near_miss_chinese_true_caller_with_spaces(tmp_path):
    # `fetch` does call `get`; spaces around the code change nothing.
    page = PAGE.replace(
        "This function is called by the fetch function.", "该函数被 `fetch` 函数调用。"
    )
    assert check(tmp_path, page, "wrong-caller") == []
    page = PAGE.replace("Fetches the url.", "该函数被 多个地方 调用。")
    assert check(tmp_path, page, "wrong-caller") == []


def test_ungenerated_doc_placeholder(tmp_path):
    page = PAGE.replace("**open**: Opens one.", "Doc is waiting to be generated...")
    assert check(tmp_path, page, "ungenerated-doc") == [(29, 1, "DL706")]


def test_ungenerated_doc_near_miss_the_sentence_quoted_in_text_or_code(tmp_path):
    page = PAGE.replace(
        "**open**: Opens one.",
        "**open**: Writes `Doc is waiting to be generated...` first.\n"
        "```\nDoc is waiting to be generated...\n```",
    )
    assert check(tmp_path, page, "ungenerated-doc") == []


def test_truncated_page_mid_sentence_and_inside_a_fence(tmp_path):
    cut = PAGE.replace(
        "**Code Description**: Fetches the url.\n",
        "Fetches the url and then passes its answer on to the",
    )
    assert check(tmp_path, cut, "truncated-page") == [(37, 1, "DL707")]
    fenced = PAGE + "**Output Example**:\n```\nStore(\n"
    # At the fence that opens the block left open (issue 93), not its last line.
    assert check(tmp_path, fenced, "truncated-page") == [(39, 1, "DL707")]


def test_truncated_page_near_miss_finished_endings(tmp_path):
    assert check(tmp_path, PAGE + "***\n", "truncated-page") == []
    assert check(tmp_path, PAGE + "**Output Example**: True\n", "truncated-page") == []
    assert check(tmp_path, PAGE + "该函数返回地址。\n", "truncated-page") == []


def test_orphan_page_and_its_near_miss(tmp_path):
    assert findings(PAGE, "markdown_docs/pkg/gone.md", "orphan-page", tmp_path) == [(1, 1, "DL709")]
    assert check(tmp_path, PAGE, "orphan-page") == []


@pytest.mark.parametrize(
    ("path", "gone"),
    [
        ("markdown_docs/pkg\\gone.md", "pkg/gone.py"),
        ("markdown_docs\\pkg\\gone.md", "pkg/gone.py"),
        ("markdown_docs/a\\pkg\\gone.md", "a/pkg/gone.py"),
    ],
)
def test_orphan_page_whose_path_a_windows_run_wrote_with_backslashes(tmp_path, path, gone):
    # Issue 93: the folders in the page's file name, `\` read as `/`.
    assert messages(tmp_path, PAGE, "orphan-page", path=path) == [
        f"this page documents `{gone}`, which is not in the tree;"
        " its objects are in `pkg/store.py` now"
    ]


def test_orphan_page_near_miss_a_backslashed_page_of_a_source_there(tmp_path):
    for path in ("markdown_docs/pkg\\store.md", "markdown_docs\\pkg\\store.md"):
        assert messages(tmp_path, PAGE, "orphan-page", path=path) == []


WITHOUT_FETCH = SOURCE.partition("async def fetch")[0]
NET = "async def fetch(url):\n    return url\n"


def test_missing_object_says_where_it_is_defined_now(tmp_path):
    sources = {"pkg/store.py": WITHOUT_FETCH, "pkg/net.py": NET}
    assert messages(tmp_path, PAGE, "missing-object", sources) == [
        "`pkg/store.py` defines no function `fetch`; it is defined in `pkg/net.py` now"
    ]


def test_missing_object_near_miss_defined_in_two_other_sources(tmp_path):
    sources = {"pkg/store.py": WITHOUT_FETCH, "pkg/net.py": NET, "pkg/web.py": NET}
    assert messages(tmp_path, PAGE, "missing-object", sources) == [
        "`pkg/store.py` defines no function `fetch`"
    ]


GONE = "this page documents `pkg/gone.py`, which is not in the tree"


def test_orphan_page_says_where_its_objects_are_now(tmp_path):
    # The module was moved or renamed: `Store` and `fetch` are in store.py.
    moved = messages(tmp_path, PAGE, "orphan-page", path="markdown_docs/pkg/gone.md")
    assert moved == [f"{GONE}; its objects are in `pkg/store.py` now"]


@pytest.mark.parametrize(
    "sources",
    [
        {"pkg/store.py": SOURCE, "pkg/copy.py": SOURCE},
        {"pkg/store.py": WITHOUT_FETCH},
        {"pkg/other.py": "def other():\n    pass\n"},
    ],
    ids=["two-copies", "half-of-them", "none"],
)
def test_orphan_page_near_miss_no_one_source_holds_its_objects(tmp_path, sources):
    page = "markdown_docs/pkg/gone.md"
    assert messages(tmp_path, PAGE, "orphan-page", sources, path=page) == [GONE]


def test_undocumented_module_on_the_first_page_of_the_nearest_documented_folder(tmp_path):
    write(
        tmp_path,
        {
            "pkg/a.py": SOURCE,
            "pkg/consts.py": "LIMIT = 3\n",
            "pkg/b.py": "def b():\n    pass\n",
            "pkg/sub/c.py": "class C:\n    pass\n",
            "markdown_docs/pkg/store.md": PAGE,
            "markdown_docs/pkg/a.md": PAGE,
        },
    )
    first = findings(PAGE, "markdown_docs/pkg/a.md", "undocumented-module", tmp_path)
    assert first == [(1, 1, "DL708"), (1, 1, "DL708")]
    settings = Settings(select=["undocumented-module"], root=tmp_path)
    report = check_text(PAGE, path="markdown_docs/pkg/a.md", settings=settings)
    assert [d.message for d in report.diagnostics] == [
        "`pkg/b.py` defines function `b` and has no page `markdown_docs/pkg/b.md`",
        "`pkg/sub/c.py` defines class `C` and has no page `markdown_docs/pkg/sub/c.md`",
    ]
    # Near miss: the folder's other pages carry nothing, and a module of
    # constants gets no page from the generator.
    assert findings(PAGE, "markdown_docs/pkg/store.md", "undocumented-module", tmp_path) == []


def tree_messages(tmp_path, files: dict[str, str], page: str, path: str, select: str) -> list[str]:
    """The messages of `select` on `page` at `path`, in a tree of `files`."""
    write(tmp_path, files)
    settings = Settings(select=[select], root=tmp_path)
    return [d.message for d in check_text(page, path=path, settings=settings).diagnostics]


# A RepoAgent page in Chinese naming the training scripts that call a
# function by their files, as a held-out project's utils page does.
ARGS = "def get_args_all():\n    return {}\n"
SCRIPT = "from examples.utils import get_args_all\n\nargs = get_args_all()\n"
ARGS_PAGE = (
    "## FunctionDef get_args_all\n**get_args_all**: 此函数的功能是读取参数。\n\n"
    "**代码描述**: 此函数被多个训练脚本调用，如`run_A2C.py`、`run_DQN.py`等。\n"  # noqa: RUF001 (RepoAgent writes the fullwidth comma)
)


def scripts(**texts: str) -> dict[str, str]:
    return {"examples/utils.py": ARGS} | {f"examples/policy/{k}.py": v for k, v in texts.items()}


def test_wrong_caller_files_named_as_callers_are_judged_as_files(tmp_path):
    # run_DQN.py never uses the function; run_A2C.py is not in the project.
    found = tree_messages(
        tmp_path,
        scripts(run_DQN="args = {}\n"),
        ARGS_PAGE,
        "markdown_docs/examples/utils.md",
        "wrong-caller",
    )
    assert found == ["`run_A2C.py`, named as using `get_args_all`, does not exist"]
    found = tree_messages(
        tmp_path, scripts(run_A2C=SCRIPT), ARGS_PAGE, "markdown_docs/examples/utils.md", "DL705"
    )
    assert found == ["`examples/policy/run_DQN.py`, named as using `get_args_all`, never names it"]


def test_wrong_caller_near_miss_files_that_use_the_object(tmp_path):
    files = scripts(run_A2C=SCRIPT, run_DQN=SCRIPT)
    path = "markdown_docs/examples/utils.md"
    assert tree_messages(tmp_path, files, ARGS_PAGE, path, "wrong-caller") == []


ROUTER = (
    "from src.criticsearch.tools import search\n\ndef _action_router(q):\n    return search(q)\n"
)
TOOLS = "def search(query):\n    return query\n"
SEARCH_PAGE = "## FunctionDef search(query)\n**search**: Searches.\n\n**Code Description**: {}\n"


@pytest.mark.parametrize(
    ("sentence", "router", "message"),
    [
        # A file, then a function in it, the function gone.
        (
            "It is used in `src/criticsearch/main.py/_action_router`.",
            "def main():\n    pass\n",
            "`_action_router`, named as a caller of `search`, is not defined in "
            "`src/criticsearch/main.py`",
        ),
        # A function placed in a file it moved out of.
        (
            "It is called by several components, including the _action_router "
            "function in the workflow.py file.",
            ROUTER,
            "`_action_router`, named as a caller of `search`, is not defined in "
            "`src/criticsearch/workflow.py`; it is defined in `src/criticsearch/main.py`",
        ),
    ],
)
def test_wrong_caller_a_function_in_a_named_file(tmp_path, sentence, router, message):
    files = {
        "src/criticsearch/tools.py": TOOLS,
        "src/criticsearch/main.py": router,
        "src/criticsearch/workflow.py": "def iterate_traj():\n    pass\n",
    }
    page = SEARCH_PAGE.format(sentence)
    found = tree_messages(tmp_path, files, page, "markdown_docs/src/criticsearch/tools.md", "DL705")
    assert found == [message]


@pytest.mark.parametrize(
    "sentence",
    [
        "It is used in `src/criticsearch/main.py/_action_router`.",
        "It is called by several components, including the _action_router "
        "function in the main.py file.",
        # A preposition before the name is no caller.
        "It is used by other parts of the project, such as in the `_action_router` function.",
        # Nor are files of other kinds, or folders; a dotted name is its last part.
        "It is used by other parts of the project, such as `scripts/run.sh` and `src/tools`.",
        "It is called by the `self._action_router` method.",
    ],
)
def test_wrong_caller_near_miss_a_function_where_the_sentence_places_it(tmp_path, sentence):
    files = {"src/criticsearch/tools.py": TOOLS, "src/criticsearch/main.py": ROUTER}
    page = SEARCH_PAGE.format(sentence)
    path = "markdown_docs/src/criticsearch/tools.md"
    assert tree_messages(tmp_path, files, page, path, "wrong-caller") == []


def test_wrong_caller_a_preposition_is_no_caller_and_the_name_after_it_is(tmp_path):
    # "such as in the `x` function": `in` names nothing; `x` is judged.
    files = {"src/criticsearch/tools.py": TOOLS, "src/criticsearch/main.py": "def x():\n    pass\n"}
    sentence = "It is used by other parts of the project, such as in the `x` function."
    page = SEARCH_PAGE.format(sentence)
    path = "markdown_docs/src/criticsearch/tools.md"
    assert tree_messages(tmp_path, files, page, path, "wrong-caller") == [
        "`x` does not call `search`"
    ]


# An agent whose `chat` has typed `@overload` stubs before its implementation.
AGENT = """\
import typing
from typing import overload


class BaseAgent:
    @overload
    def chat(self, usr_prompt: str) -> str: ...

    @typing.overload
    def chat(self, usr_prompt: str, role: str, model: str, save_history: bool) -> str: ...

    def chat(self, usr_prompt, role="user", model=None, save_history=True):
        self.append_to_history(role, usr_prompt)
        return usr_prompt

    def append_to_history(self, role, content):
        pass
"""
AGENT_PAGE = """\
## ClassDef BaseAgent
**BaseAgent**: An agent.
### FunctionDef chat(self, usr_prompt, role, model, save_history)
**chat**: Chats.

**parameters**: The parameters of this Function.
· usr_prompt: the prompt
· role: who speaks
· model: which model
· save_history: whether to keep it
### FunctionDef append_to_history(self, role, content)
**append_to_history**: Keeps a message.

**Code Description**: This function is called by the `chat` method.
"""


def test_an_overloaded_function_is_its_implementation(tmp_path):
    write(tmp_path, {"agent/base.py": AGENT})
    path = "markdown_docs/agent/base.md"
    assert findings(AGENT_PAGE, path, "DL7", tmp_path) == []
    # Near miss: what the implementation lacks is still reported.
    page = AGENT_PAGE.replace("· model: which model", "· temperature: how hot")
    page = page.replace("the `chat` method", "the `__init__` method")
    found = tree_messages(tmp_path, {}, page, path, "DL7")
    assert found == [
        "parameters item `temperature`: `BaseAgent.chat` has no parameter `temperature`",
        "`__init__`, named as a caller of `append_to_history`, is not defined;"
        " `BaseAgent.chat` calls it",
    ]


CALLBACK_PAGE = """\
## ClassDef ModelCheckpoint
**ModelCheckpoint**: Saves the model.

**attributes**: The attributes of this Class.
· filepath: where the model is saved
· monitor: the quantity watched
· save_dir: the run's folder
"""
CALLBACK = """\
{}


class ModelCheckpoint(ModelCheckpoint):
    def __init__(self, save_dir, **kwargs):
        super().__init__(**kwargs)
        self.save_dir = save_dir
"""


def test_unknown_parameter_members_inherited_from_a_library_are_not_judged(tmp_path):
    # Keras's callback, shadowed by the project's own of the same name.
    source = CALLBACK.format("from keras.callbacks import ModelCheckpoint")
    assert check(tmp_path, CALLBACK_PAGE, "unknown-parameter", source) == []


def test_unknown_parameter_near_miss_a_standard_library_base_is_read(tmp_path):
    # `logging.Handler` sets `level` and `formatter`; it has no `filepath`.
    source = CALLBACK.format("from logging import Handler as ModelCheckpoint")
    page = CALLBACK_PAGE.replace("· monitor: the quantity watched", "· level: its level")
    assert messages_of(tmp_path, page, source) == [
        "attributes item `filepath`: `ModelCheckpoint` has no parameter or attribute `filepath`"
    ]


@pytest.mark.parametrize(
    ("imported", "kept"),
    [
        # Written in Python on 3.11, re-exported from `_pydatetime` on 3.13.
        ("from datetime import datetime as ModelCheckpoint", "· monitor: the hour\n· hour: h"),
        # Removed from the library in 3.12.
        ("from asynchat import async_chat as ModelCheckpoint", "· monitor: its socket\n· sock: s"),
    ],
)
def test_unknown_parameter_a_standard_library_base_reads_alike_on_every_python(
    tmp_path, imported: str, kept: str
):
    # What a library class gives is read from every accepted CPython's
    # sources (rules/objects/stdlib_classes.json), not the running one's:
    # the base is judged, and its own names kept, whichever runs doclint.
    page = CALLBACK_PAGE.replace("· monitor: the quantity watched", kept)
    assert messages_of(tmp_path, page, CALLBACK.format(imported)) == [
        "attributes item `filepath`: `ModelCheckpoint` has no parameter or attribute `filepath`",
        "attributes item `monitor`: `ModelCheckpoint` has no parameter or attribute `monitor`",
    ]


def messages_of(tmp_path, page: str, source: str) -> list[str]:
    return tree_messages(
        tmp_path, {"pkg/store.py": source}, page, "markdown_docs/pkg/store.md", "DL703"
    )


MODELS = """\
from pkg.schema import BaseModel


class Message(BaseModel):
    role: str
    content: str = ""


class ToolMessage(Message):
    tool_call_id: str
"""
MODEL_PAGE = """\
## ClassDef ToolMessage
**ToolMessage**: A tool's answer.

**attributes**: The attributes of this Class.
· role: who speaks
· content: what is said
· tool_call_id: the call answered
· name: the tool's name
"""


def test_unknown_parameter_a_pydantic_field_no_longer_declared(tmp_path):
    # `BaseModel` comes through the project's own schema module; `name` was
    # removed from the model and is still listed.
    write(tmp_path, {"pkg/schema.py": "from pydantic import BaseModel, Field\n"})
    assert messages_of(tmp_path, MODEL_PAGE, MODELS) == [
        "attributes item `name`: `ToolMessage` has no parameter or attribute `name`"
    ]


@pytest.mark.parametrize(
    "source",
    [
        "from pkg.schema import BaseModel\n\nclass ToolMessage(BaseModel):\n"
        "    role: str\n    content: str\n    tool_call_id: str\n    name: str = ''\n",
        "from dataclasses import dataclass, field\n\n@dataclass\nclass ToolMessage:\n"
        "    role: str\n    content: str = field(default='')\n    tool_call_id: str = ''\n"
        "    name: str = ''\n",
        "import attr\n\n@attr.s\nclass ToolMessage:\n    role = attr.ib()\n"
        "    content = attr.ib(default='')\n    tool_call_id = attr.ib()\n    name = attr.ib()\n",
        "from attrs import define\n\n@define\nclass ToolMessage:\n    role: str\n"
        "    content: str\n    tool_call_id: str\n    name: str\n",
    ],
    ids=["pydantic", "dataclass", "attr.s", "attrs.define"],
)
def test_unknown_parameter_near_miss_declared_fields_are_attributes(tmp_path, source):
    write(tmp_path, {"pkg/schema.py": "from pydantic import BaseModel, Field\n"})
    assert messages_of(tmp_path, MODEL_PAGE, source) == []


CALLS_SOURCE = """\
def activation_layer(name):
    return name


class DNN:
    def __init__(self, name):
        self.layer = activation_layer(name)


class Block:
    def forward(self, x):
        return self._run(x)

    def _run(self, x):
        return Net(x)

    def backward(self, x):
        return x


class Net:
    def __init__(self, x):
        self.out = activation_layer(x)


def _rot13(c):
    return c


def process_rot13(s):
    return "".join(_rot13(c) for c in s)
"""

CALLS_PAGE = """\
## FunctionDef activation_layer(name)
**activation_layer**: Makes a layer.

**Code Description**: {sentence}
## FunctionDef process_rot13(s)
**process_rot13**: Rotates.

**Code Description**: {rot13}
"""


def calls(tmp_path, sentence: str, rot13: str = "Rotates.") -> list[str]:
    page = CALLS_PAGE.format(sentence=sentence, rot13=rot13)
    return messages(tmp_path, page, "wrong-caller", {"pkg/store.py": CALLS_SOURCE})


@pytest.mark.parametrize(
    "sentence",
    [
        # A class named as a caller is looked up as a class: its methods call.
        "It is called by the `DNN` method.",
        # Through a helper (`_run`) and a class it constructs (`Net`).
        "It is called by the forward method.",
        # "the operator functions": a kind of function, no function's name.
        "It is used in the operator functions.",
    ],
)
def test_wrong_caller_near_miss_classes_helpers_and_words_of_prose(tmp_path, sentence):
    assert calls(tmp_path, sentence) == []


def test_wrong_caller_a_class_or_method_that_never_reaches_the_object(tmp_path):
    assert calls(tmp_path, "It is called by the backward method.") == [
        "`backward` does not call `activation_layer`; `DNN.__init__` and `Net.__init__` call it"
    ]
    # A word followed by one function is a name: `operator` is defined nowhere.
    assert calls(tmp_path, "It is called by the operator function.") == [
        "`operator`, named as a caller of `activation_layer`, is not defined;"
        " `DNN.__init__` and `Net.__init__` call it"
    ]


def test_wrong_caller_a_sentence_about_another_object_is_judged_of_it(tmp_path):
    # Under process_rot13's heading, the sentence says who calls `_rot13`.
    true = "The _rot13 function is called within the process_rot13 function."
    assert calls(tmp_path, "Makes one.", rot13=true) == []
    wrong = "The _rot13 function is called within the forward method."
    assert calls(tmp_path, "Makes one.", rot13=wrong) == [
        "`forward` does not call `_rot13`; `process_rot13` calls it"
    ]


def test_wrong_caller_a_relative_clause_is_of_the_noun_before_it(tmp_path):
    # "the API, which is expected to be called by": the API is called, not the object.
    api = (
        "It mocks a response from the `OpenAI` API, which is expected to be called by"
        " the backward method."
    )
    assert calls(tmp_path, api) == []
    # ... but the object's own name, a word standing for it, or one of the project's names.
    own = "The `activation_layer` function, which is called by the backward method, builds it."
    assert calls(tmp_path, own) == [
        "`backward` does not call `activation_layer`; `DNN.__init__` and `Net.__init__` call it"
    ]
    helper = "It is a small helper, which is called by the backward method."
    assert calls(tmp_path, helper) == [
        "`backward` does not call `activation_layer`; `DNN.__init__` and `Net.__init__` call it"
    ]
    other = "It wraps `_rot13`, which is called by the forward method."
    assert calls(tmp_path, "Makes one.", rot13=other) == [
        "`forward` does not call `_rot13`; `process_rot13` calls it"
    ]
    # The kind word between the noun and the clause (LokaHQ/Fooocus-RepoAgent-docs,
    # markdown_docs/modules/anisotropic.md:298 at 666f5a03: "executed by the
    # `_bilateral_blur` function, which is invoked within `joint_bilateral_blur`").
    kind = "It runs the `_rot13` function, which is invoked within `process_rot13`."
    assert calls(tmp_path, kind) == []
    kind = kind.replace("`process_rot13`", "`forward`")
    assert calls(tmp_path, kind) == ["`forward` does not call `_rot13`; `process_rot13` calls it"]


def test_undocumented_object_a_loose_heading_stands_for_one_object_only(tmp_path):
    method = "    def run(self):\n        pass\n"
    source = f"class A:\n{method}\n\nclass B:\n{method}"
    page = "## ClassDef A\n**A**: A.\n## FunctionDef run(self)\n**run**: Runs.\n"
    page += "## ClassDef B\n**B**: B.\n"
    write(tmp_path, {"pkg/store.py": source})
    settings = Settings(select=["undocumented-object"], root=tmp_path)
    report = check_text(page, path="markdown_docs/pkg/store.md", settings=settings)
    assert [d.message for d in report.diagnostics] == [
        "function `B.run` (line 7 of `pkg/store.py`) has no heading"
    ]
    # Near miss: one heading per method, even at the wrong depth.
    page += "## FunctionDef run(self)\n**run**: Runs.\n"
    report = check_text(page, path="markdown_docs/pkg/store.md", settings=settings)
    assert report.diagnostics == []


INVENTED_PAGE = """\
## ClassDef Store
**Store**: The function of Store is to keep entries.
{section}
## FunctionDef fetch(url)
**fetch**: Fetches.
"""


@pytest.mark.parametrize(
    ("section", "line"),
    [
        ("### Object: CustomerProfile\n**CustomerProfile**: Holds a customer.", 3),
        ("# Documentation for UserAuthenticationService\nIt logs users in.", 3),
        ("Text.\n**CustomerProfile**: The function of CustomerProfile is to hold.", 4),
        ("**CustomerProfile**: CustomerProfile的功能是保存客户。", 3),
        ("## CustomerProfile Class\nHolds a customer.", 3),
        ("### `CustomerProfile`\nHolds a customer.", 3),
        ("**Object**: `CustomerProfile`", 3),
        ("### 对象\uff1aCustomerProfile\n保存客户。", 3),
        ("# Documentation: `calculateDiscount`\nComputes a discount.", 3),
        ("**CustomerProfile类**\uff1aCustomerProfile类的功能是保存客户。", 3),
        # RepoAgent's first releases open a section with a name and a kind word in bold.
        ("**CustomerProfile类**\uff1a保存客户的资料。", 3),
    ],
)
def test_invented_section_of_an_object_the_project_lacks(tmp_path, section, line):
    page = INVENTED_PAGE.format(section=section)
    assert check(tmp_path, page, "invented-section") == [(line, 1, "DL711")]


@pytest.mark.parametrize(
    "section",
    [
        # The heading's own object, an object of the source, a name it imports.
        "### Object: Store\n**Store**: The function of Store is to keep entries.",
        "### Class: fetch",
        "## Store Class\n### `fetch`\n### Usage Overview",
        "**Path**: The function of Path is to name a file.",
        # An ordinary heading and label, and a heading inside a code block.
        "### Notes\n**Note**: The function of Note is unclear.",
        "```markdown\n### Object: CustomerProfile\n```",
        # "Documentation" alone reads as an object's only before a colon.
        "### Documentation Guide\nHow to read this page.",
        # RepoAgent's first releases: "**X函数**\uff1aX函数的功能是" of the heading's X.
        "**Store类**\uff1aStore类的功能是保存。",
    ],
)
def test_invented_section_near_miss_objects_the_project_has(tmp_path, section):
    source = "from pathlib import Path\n\n" + SOURCE
    page = INVENTED_PAGE.format(section=section)
    assert check(tmp_path, page, "invented-section", source) == []


def test_invented_section_near_miss_a_sample_of_a_repository(tmp_path):
    # `pkg/runner.py` is listed, not there: it may define the object.
    page = INVENTED_PAGE.format(section="### Object: CustomerProfile\nHolds a customer.")
    assert check(tmp_path, page, "invented-section") == [(3, 1, "DL711")]
    assert partial(tmp_path, page, "invented-section") == []


# Under Store's heading, a section of the source's other class.
OTHER_CLASS = (
    SOURCE + "\n\nclass Item:\n    def __init__(self, key, value):\n        self.key = key\n"
)
OTHER_SECTION = (
    "**Item**: The function of Item is to hold one entry.\n\n**attributes**:\n· key: its key\n"
)


def test_unknown_parameter_items_of_another_objects_section_are_its(tmp_path):
    page = INVENTED_PAGE.format(section=OTHER_SECTION)
    assert check(tmp_path, page, "unknown-parameter", OTHER_CLASS) == []
    wrong = INVENTED_PAGE.format(section=OTHER_SECTION + "· colour: its colour\n")
    assert messages(tmp_path, wrong, "unknown-parameter", {"pkg/store.py": OTHER_CLASS}) == [
        "attributes item `colour`: `Item` has no parameter or attribute `colour`"
    ]


def test_invented_section_near_miss_an_output_example_showing_a_page(tmp_path):
    example = "**Output Example**: A page such as\n\n# Class Example\n## Method example_method"
    assert check(tmp_path, INVENTED_PAGE.format(section=example), "invented-section") == []
    # Near miss of the near miss: after the example, a new label reads on.
    example += "\n\n**Note**: See below.\n### Object: CustomerProfile"
    assert check(tmp_path, INVENTED_PAGE.format(section=example), "invented-section") == [
        (9, 1, "DL711")
    ]


def test_truncated_page_a_section_cut_mid_sentence_mid_list_or_in_an_open_fence(tmp_path):
    line = PAGE.splitlines().index("### FunctionDef open(cls, path)")  # one before its line
    cut = PAGE.replace(
        "#### FunctionDef helper(value)",
        "It then reads the key from the\n#### FunctionDef helper(value)",
    )
    assert check(tmp_path, cut, "truncated-page") == [(24, 1, "DL707")]
    listed = PAGE.replace(
        "**open**: Opens one.\n***\n", "**open**: Opens one.\n· path: the path of the store, and\n"
    )
    assert check(tmp_path, listed, "truncated-page") == [(line + 3, 1, "DL707")]
    fence = PAGE.replace(
        "**open**: Opens one.\n***\n", "**open**: Opens one.\n```python\nStore.open(\n"
    )
    # At the fence that opens the block, not at the block's last line.
    assert check(tmp_path, fence, "truncated-page") == [(line + 3, 1, "DL707")]
    bracket = PAGE.replace(
        "**open**: Opens one.\n***\n",
        "**open**: Opens one.\n- **Compliance**: it adheres to data regulations (e\n",
    )
    assert check(tmp_path, bracket, "truncated-page") == [(line + 3, 1, "DL707")]
    # A numbered item's marker is no bracket of its words.
    numbered = bracket.replace("- **Compliance**:", "1) Compliance:")
    assert check(tmp_path, numbered, "truncated-page") == [(line + 3, 1, "DL707")]


def test_truncated_page_near_miss_finished_sections_items_and_example_headings(tmp_path):
    # A list item without a full stop ends a section; an example shows made-up headings.
    listed = PAGE.replace("**open**: Opens one.\n***\n", "**open**: Opens one.\n· path: the path\n")
    assert check(tmp_path, listed, "truncated-page") == []
    closed = "- **Compliance**: it adheres to data regulations (GDPR)"
    listed = PAGE.replace("**open**: Opens one.\n***\n", f"**open**: Opens one.\n{closed}\n")
    assert check(tmp_path, listed, "truncated-page") == []
    example = "**open**: Opens one.\n```markdown\n## FunctionDef my_function(a)\nDoes.\n```\n"
    assert check(tmp_path, PAGE.replace("**open**: Opens one.\n", example), "truncated-page") == []


OUTPUT_VALUE = (
    "**open**: Opens one.\n**Output Example**: it returns:\nToolCallStatus: TOOL_CALL_FAILED\n"
)


def test_truncated_page_near_miss_an_output_examples_value(tmp_path):
    # The value an output example shows ends no sentence, inside the page or at its end.
    inside = PAGE.replace("**open**: Opens one.\n***\n", OUTPUT_VALUE)
    assert check(tmp_path, inside, "truncated-page") == []
    assert check(tmp_path, PAGE + OUTPUT_VALUE, "truncated-page") == []


def test_truncated_page_an_output_example_cut_on_a_word_leading_on(tmp_path):
    cut = OUTPUT_VALUE.replace("TOOL_CALL_FAILED", "the call failed with the")
    line = PAGE.splitlines().index("### FunctionDef open(cls, path)") + 4
    inside = PAGE.replace("**open**: Opens one.\n***\n", cut)
    assert check(tmp_path, inside, "truncated-page") == [(line, 1, "DL707")]


RELATION_SOURCES = {
    "pkg/base.py": (
        "class Optimizer:\n    pass\n\n\nclass OptoPrime(Optimizer):\n    pass\n\n\n"
        "class FunctionOptimizer(Optimizer):\n    pass\n"
    ),
    "pkg/store.py": (
        "import torch.nn as nn\n"
        "from pkg.base import OptoPrime\n\n\n"
        "class Store(OptoPrime):\n    pass\n\n\n"
        "class Layer(nn.Module):\n    pass\n"
    ),
    "pkg/ops.py": "def add(a, b):\n    return a + b\n",
    "pkg/containers.py": "def fetch():\n    pass\n",
}

RELATION_PAGE = """\
## ClassDef Store
**Store**: The function of Store is to keep entries.

**Code Description**: {store}
## ClassDef Layer
**Layer**: The function of Layer is to compute.

**Code Description**: {layer}
"""


def relations(
    tmp_path, store: str = "Keeps.", layer: str = "Computes.", sources=RELATION_SOURCES
) -> list[str]:
    page = RELATION_PAGE.format(store=store, layer=layer)
    return messages(tmp_path, page, "wrong-relation", sources)


@pytest.mark.parametrize(
    ("store", "message"),
    [
        (
            "Store is a subclass of the FunctionOptimizer class.",
            "`Store` is not a subclass of `FunctionOptimizer`: its bases are `OptoPrime`",
        ),
        (
            "It is used by the `Store` class in pkg\\containers.py.",
            "`pkg/containers.py` does not define `Store`; it is defined in `pkg/store.py`",
        ),
        (
            "See the FunctionOptimizerV2Memory class in pkg\\optimizers\\memory.py.",
            "`pkg/optimizers/memory.py`, where the page places `FunctionOptimizerV2Memory`,"
            " is no file of the project",
        ),
        ("It imports the divmod function from pkg.ops.", "`pkg.ops` has no `divmod` to import"),
        (
            "See the fetch function in the ops module.",
            "`pkg/ops.py` does not define `fetch`; it is defined in `pkg/containers.py`",
        ),
        ("Store继承自FunctionOptimizer。", None),
    ],
)
def test_wrong_relation_refuted_by_the_model_of_the_project(tmp_path, store, message):
    expected = (
        [message]
        if message
        else ["`Store` is not a subclass of `FunctionOptimizer`: its bases are `OptoPrime`"]
    )
    assert relations(tmp_path, store=store) == expected


def test_wrong_relation_a_package_is_loosely_called_a_module(tmp_path):
    sources = {**RELATION_SOURCES, "pkg/__init__.py": ""}
    assert (
        relations(tmp_path, store="See the fetch function in the pkg module.", sources=sources)
        == []
    )
    assert relations(
        tmp_path, store="See the `divmod` function in the pkg module.", sources=sources
    ) == ["`pkg/__init__.py` does not define `divmod`"]


@pytest.mark.parametrize(
    ("store", "layer"),
    [
        # A base of a base, a class where it is, a name the module defines.
        ("Store is a subclass of Optimizer, in pkg/store.py.", "Computes."),
        ("It imports the add function from pkg.ops.", "Computes."),
        # A module by its name: the project's that has it, a library's.
        ("See the add function in the `pkg.ops` module.", "Computes."),
        ("See the fetch function in the os module.", "Computes."),
        # An outside base (nn.Module) may have any base; a word is no name.
        ("Keeps.", "Layer inherits from LightningModule."),
        ("It is kept by the helper function in utils.py.", "Computes."),
        # A word, a list item about another class, a possessive, a verb's object.
        ("Store inherits from both OptoPrime and Optimizer.", "Computes."),
        ("· Cache: a subclass of FunctionOptimizer.", "Computes."),
        ("Store is a subclass of PyTorch's Module.", "Computes."),
        ("It creates a subclass of FunctionOptimizer.", "Computes."),
        ("It imports the path function from os.path.", "Computes."),
    ],
)
def test_wrong_relation_near_miss_relations_the_project_has(tmp_path, store, layer):
    assert relations(tmp_path, store=store, layer=layer) == []


def test_wrong_relation_near_miss_a_sentence_about_another_class_and_a_variable(tmp_path):
    store = "It keeps a `Cache`, which inherits from `Base`. Its `LIMIT` in pkg/ops.py is 3."
    sources = {**RELATION_SOURCES, "pkg/ops.py": RELATION_SOURCES["pkg/ops.py"] + "LIMIT = 3\n"}
    assert relations(tmp_path, store=store, sources=sources) == []


def test_wrong_caller_a_place_written_with_backslashes(tmp_path):
    write(tmp_path, {"pkg/other.py": "def helper():\n    pass\n"})
    wrong = "It is called by the forward method in pkg\\other.py."
    assert calls(tmp_path, wrong) == [
        "`forward`, named as a caller of `activation_layer`, is not defined in `pkg/other.py`;"
        " it is defined in `pkg/store.py`"
    ]
    assert calls(tmp_path, "It is called by the forward method in pkg\\store.py.") == []


def test_wrong_relation_a_method_no_class_of_the_project_has(tmp_path):
    store = "The `split_text_to_phrase` static method splits the text."
    assert relations(tmp_path, store=store) == [
        "`Store` has no method `split_text_to_phrase`, nor has any class of the project"
    ]
    # Near miss: a method of another class, and a method named by a plain word.
    sources = {
        **RELATION_SOURCES,
        "pkg/ops.py": "class Text:\n    def split_text(self):\n        pass\n",
    }
    assert (
        relations(tmp_path, store="The `split_text` method of Text splits.", sources=sources) == []
    )
    assert relations(tmp_path, store="The static method splits the text.") == []


@pytest.mark.parametrize(
    "written",
    [
        "**Attributes**:\n- gone: the gone one",
        "**Attributes:**\n- **gone**: the gone one",
        "**属性**\uff1a\n1. `gone` (int)\uff1a已删除",
        "**attributes**: The attributes of this Class.\n· attribute1: gone (int) - the gone one",
    ],
)
def test_unknown_parameter_attribute_lists_as_models_write_them(tmp_path, written):
    source = "class Store:\n    def __init__(self, path):\n        self.path = path\n"
    page = f"## ClassDef Store\n**Store**: A store.\n\n{written}\n- path: where it lives\n"
    found = check(tmp_path, page, "unknown-parameter", source)
    assert [line for line, _, _ in found] == [5]


def test_a_class_heading_ending_in_a_colon_is_read_as_the_class(tmp_path):
    # Older RepoAgent versions write `## ClassDef Store:`.
    page = PAGE.replace("## ClassDef Store\n", "## ClassDef Store:\n")
    assert check(tmp_path, page, "DL7") == []
    assert check(tmp_path, page.replace("Store:", "Stock:"), "missing-object")[0][0] == 1


@pytest.mark.parametrize(
    ("sentence", "message"),
    [
        ("It calls the `backward` method.", "`process_rot13` does not call `backward`"),
        ("The function calls the forward method.", "`process_rot13` does not call `forward`"),
        (
            "该函数调用了`activation_layer`函数。",
            "`process_rot13` does not call `activation_layer`",
        ),
        # What it is said to use, rely or depend on.
        ("It relies on the `backward` method.", "`process_rot13` does not use `backward`"),
        (
            "该函数依赖于外部函数`activation_layer`。",
            "`process_rot13` does not use `activation_layer`",
        ),
        ("这一过程涉及到`backward`方法。", "`process_rot13` does not use `backward`"),
        ("函数使用`backward`方法获取结果。", "`process_rot13` does not use `backward`"),
        # Near misses: a call it makes, a library's function, another object's call.
        ("It calls the `_rot13` function.", None),
        ("It calls the `join` method.", None),
        ("The `_rot13` function calls the `backward` method.", None),
        ("It uses the `_rot13` function.", None),
        # The reader's use ("when using"), another object's sentence.
        ("在使用`backward`方法时\uff0c需要注意输入。", None),
        ("Rotates.\n\n**注意**:\n- 使用 `backward` 方法保存时\uff0c需要路径。", None),
        ("`Block`类依赖于`backward`方法。", None),
        ("Rotates.\n\n**注意**:\n- 可以使用`backward`函数查询结果。", None),
        ("用户需要使用`backward`方法保存。", None),
        # ... but a modal after the object's own subject is the object's use.
        ("该函数可以使用`backward`方法获取结果。", "`process_rot13` does not use `backward`"),
    ],
)
def test_wrong_relation_what_the_object_calls(tmp_path, sentence, message):
    write(tmp_path, {"pkg/store.py": CALLS_SOURCE})
    settings = Settings(select=["wrong-relation"], root=tmp_path)
    page = CALLS_PAGE.format(sentence="Makes one.", rot13=sentence)
    report = check_text(page, path="markdown_docs/pkg/store.md", settings=settings)
    # The message says what the object calls instead (issue 93).
    said = [f"{message}; it calls `_rot13`"] if message else []
    assert [d.message for d in report.diagnostics] == said


@pytest.mark.parametrize(
    ("imported", "message"),
    [
        # `requests.post` is the library's post, not the project's
        # ApiRequest.post that uses get_client (Langchain-Chatchat's baichuan.md).
        ("import requests\n", "`do_chat` does not use `get_client`"),
        ("import requests as http\n", "`do_chat` does not use `get_client`"),
        # Near miss: the project's module, imported under another name.
        ("import pkg.client as requests\n", None),
    ],
)
def test_wrong_relation_a_call_of_a_modules_function_is_the_modules(tmp_path, imported, message):
    client = (
        "def get_client():\n    return 1\n\n\n"
        "class ApiRequest:\n    def post(self, url):\n        return get_client()\n"
    )
    called = "http" if "as http" in imported else "requests"
    worker = f"{imported}\n\ndef do_chat(url):\n    return {called}.post(url)\n"
    write(tmp_path, {"pkg/client.py": client, "pkg/worker.py": worker})
    page = (
        "## FunctionDef do_chat(url)\n**do_chat**: Chats.\n\n"
        "**Code Description**: It relies on the `get_client` function.\n"
    )
    settings = Settings(select=["wrong-relation"], root=tmp_path)
    report = check_text(page, path="markdown_docs/pkg/worker.md", settings=settings)
    assert [d.message for d in report.diagnostics] == ([message] if message else [])


def test_a_method_defined_twice_calls_what_either_definition_calls(tmp_path):
    # The page heads the later `def`, which Python binds; its caller sentence holds.
    source = (
        "class Tools:\n    def update(self, name):\n        pass\n\n"
        "    def save(self):\n        pass\n\n"
        "    def update(self, new):\n        self.save()\n"
    )
    page = (
        "## ClassDef Tools\n**Tools**: Tools.\n"
        "### FunctionDef save(self)\n**save**: Saves.\n\nIt is called by the update method.\n"
    )
    assert check(tmp_path, page, "wrong-caller", source) == []


TWICE = (
    "class Tools:\n    def update(self, name, code):\n        pass\n\n"
    "    def update(self, new, changed):\n        pass\n"
)


def twice(heading: str) -> str:
    return (
        "## ClassDef Tools\n**Tools**: Tools.\n"
        "### FunctionDef update(self, name, code)\n**update**: Adds.\n\n"
        "**parameters**:\n· name: a name\n· code: its code\n"
        f"### FunctionDef {heading}\n**update**: Updates.\n\n"
        "**parameters**:\n· new: the new ones\n· changed: the changed ones\n"
    )


def test_a_class_defining_a_method_twice_has_each_definition_headed(tmp_path):
    # Near miss: each heading writes one definition's parameters (a generator
    # heads both `def`s); neither heading nor its list is judged against the other.
    assert check(tmp_path, twice("update(self, new, changed)"), "DL7", TWICE) == []


def test_a_heading_of_a_twice_defined_method_that_writes_neither_definition(tmp_path):
    found = check(tmp_path, twice("update(self, new)"), "signature-mismatch", TWICE)
    assert found == [(9, 1, "DL702")]
    assert check(tmp_path, twice("update(self, new)"), "unknown-parameter", TWICE) == [
        (13, 3, "DL703"),
        (14, 3, "DL703"),
    ]


def test_wrong_relation_an_instance_of_a_class_the_project_never_names(tmp_path):
    store = "It returns an instance of the `CustomerProfile` class."
    assert relations(tmp_path, store=store) == [
        "`Store` is said to return an instance of `CustomerProfile`, which no source of the"
        " project names"
    ]
    # Near misses: a class the project defines, one it imports, a plain word.
    for written in ("Optimizer", "`Module`", "the list"):
        assert relations(tmp_path, store=f"It returns an instance of {written}.") == []
    example = "Keeps.\n\n**Output Example**: It returns an instance of `MyClass`."
    assert relations(tmp_path, store=example) == []


TYPED_SOURCE = """\
from lib import Client


class Base:
    def run(self):
        pass


class Helper(Base):
    def run(self):
        pass


class Other:
    def run(self):
        pass


class A:
    {state}

    def go(self):
        return self.helper.run()
"""

TYPED_PAGE = """\
## ClassDef A
**A**: Acts.
### FunctionDef go(self)
**go**: Goes.

**Code Description**: {sentence}
## ClassDef Other
**Other**: Another.
### FunctionDef run(self)
**run**: Runs.

**Code Description**: This function is called by the `go` method.
"""


def typed_calls(tmp_path, state: str, sentence: str, select: str = "wrong-relation") -> list[str]:
    page = TYPED_PAGE.format(sentence=sentence)
    sources = {"pkg/agent.py": TYPED_SOURCE.format(state=state)}
    return messages(tmp_path, page, select, sources, "markdown_docs/pkg/agent.md")


@pytest.mark.parametrize(
    "state",
    [
        "def __init__(self):\n        self.helper = Helper()",
        "def __init__(self):\n        self.helper: Helper = make()",
        "helper: Helper",
        "helper: 'Helper | None' = None",
        "def __init__(self, helper: Optional[Helper]):\n        self.helper = helper",
        # `None` first makes room for the value: it states no other type.
        "def __init__(self):\n        self.helper = None\n\n    def start(self):\n"
        "        self.helper = Helper()",
    ],
)
def test_a_call_through_an_attribute_of_a_stated_class_reaches_that_class_only(tmp_path, state):
    # `self.helper.run()` is Helper's run, not Other's: before, any `run` was.
    wrong = "It calls the `run` method of the `Other` class."
    said = "`A.go` does not call `Other.run`; it calls `Helper.run`"
    assert typed_calls(tmp_path, state, wrong) == [said]
    assert typed_calls(tmp_path, state, "Goes.", "wrong-caller") == ["`go` does not call `run`"]
    # Near miss: the class it states, and that class's base.
    for right in ("Helper", "Base"):
        assert (
            typed_calls(tmp_path, state, f"It calls the `run` method of the `{right}` class.") == []
        )
    assert typed_calls(tmp_path, state, "It calls the `run` method.") == []


@pytest.mark.parametrize(
    "state",
    [
        # No assignment, a function's result, two classes, a library's class,
        # an attribute also set by name.
        "pass",
        "def __init__(self):\n        self.helper = make()",
        "def __init__(self, fast):\n        self.helper = Helper()\n        if fast:\n"
        "            self.helper = Other()",
        "def __init__(self):\n        self.helper = Client()",
        "def __init__(self):\n        self.helper = Helper()\n        setattr(self, 'helper', 1)",
    ],
)
def test_a_call_through_an_attribute_of_no_known_class_reaches_any_of_its_name(tmp_path, state):
    wrong = "It calls the `run` method of the `Other` class."
    assert typed_calls(tmp_path, state, wrong) == []
    assert typed_calls(tmp_path, state, "Goes.", "wrong-caller") == []


def test_a_call_through_an_attribute_of_a_base_reaches_its_subclasses_overrides(tmp_path):
    # An attribute annotated `Base` may hold a Helper, whose `run` it then runs.
    right = "It calls the `run` method of the `Helper` class."
    assert typed_calls(tmp_path, "helper: Base", right) == []
    wrong = "It calls the `run` method of the `Other` class."
    said = "`A.go` does not call `Other.run`; it calls `Base.run`"
    assert typed_calls(tmp_path, "helper: Base", wrong) == [said]


# A claim the code refutes now is told apart by the project at the commit the
# page last changed in: true there (drift) or never (invented).
STORE_PAGE = "markdown_docs/pkg/store.md"
MEMORY = {"pkg/optimizers/memory.py": "class FunctionOptimizerV2Memory:\n    pass\n"}
DRIFTING_PAGE = RELATION_PAGE.format(
    store="Store is a subclass of the FunctionOptimizer class.",
    layer="See the FunctionOptimizerV2Memory class in pkg\\optimizers\\memory.py.",
)
# At the page's commit, Store's base and the class of memory.py were as the page says.
WRITTEN_WITH = {
    **RELATION_SOURCES,
    **MEMORY,
    "pkg/store.py": RELATION_SOURCES["pkg/store.py"].replace("OptoPrime", "FunctionOptimizer"),
}


def committed(root, page: str, then: dict[str, str], now: dict[str, str]) -> str:
    """A repository whose first commit has the page and the sources `then`
    and whose second has the sources `now`: the page's commit."""
    new_repo(root)
    page_commit = commit(root, {STORE_PAGE: page, **then}, "the page is written")
    for path in set(then) - set(now):
        (root / path).unlink()
    commit(root, now, "the code moves on")
    return page_commit


def causes(root, page: str, select: str) -> list[tuple[str, str]]:
    """(cause, message) of a rule's findings on the store's page of `root`."""
    report = check_text(page, path=STORE_PAGE, settings=Settings(select=[select], root=root))
    return [(d.cause.id if d.cause else "", d.message) for d in report.diagnostics]


def since(page_commit: str) -> str:
    return f" (true when the page was written at {page_commit[:8]}; the code has changed since)"


REFUTED_RELATIONS = [
    "`Store` is not a subclass of `FunctionOptimizer`: its bases are `OptoPrime`",
    "`pkg/optimizers/memory.py`, where the page places `FunctionOptimizerV2Memory`,"
    " is no file of the project",
]


@needs_git
def test_wrong_relation_that_held_when_the_page_was_written_is_drift(tmp_path):
    page_commit = committed(tmp_path, DRIFTING_PAGE, WRITTEN_WITH, RELATION_SOURCES)
    assert causes(tmp_path, DRIFTING_PAGE, "wrong-relation") == [
        ("wrong-relation/drift", message + since(page_commit)) for message in REFUTED_RELATIONS
    ]


# At the page's commit, Store had a method `flush`, which called `add`.
STORE_THEN = RELATION_SOURCES["pkg/store.py"].replace(
    "class Store(OptoPrime):\n    pass\n",
    "class Store(OptoPrime):\n    def flush(self):\n        return add(1, 2)\n",
)


@needs_git
@pytest.mark.parametrize(
    ("sentence", "then", "message"),
    [
        (
            "It imports the divmod function from pkg.ops.",
            {"pkg/ops.py": "def divmod(a, b):\n    return a, b\n"},
            "`pkg.ops` has no `divmod` to import",
        ),
        (
            "It calls the `add` function.",
            {"pkg/store.py": STORE_THEN},
            "`Store` does not call `add`",
        ),
        (
            "The `flush` method empties it.",
            {"pkg/store.py": STORE_THEN},
            "`Store` has no method `flush`, nor has any class of the project",
        ),
    ],
    ids=["import", "callee", "member"],
)
def test_wrong_relation_of_each_kind_that_held_when_the_page_was_written(
    tmp_path, sentence, then, message
):
    page = RELATION_PAGE.format(store=sentence, layer="Computes.")
    page_commit = committed(tmp_path, page, {**RELATION_SOURCES, **then}, RELATION_SOURCES)
    assert causes(tmp_path, page, "wrong-relation") == [
        ("wrong-relation/drift", message + since(page_commit))
    ]


@needs_git
def test_wrong_relation_wrong_at_the_pages_own_commit_keeps_its_cause(tmp_path):
    # memory.py never was: the place is invented, beside a base that drifted.
    then = {path: text for path, text in WRITTEN_WITH.items() if path not in MEMORY}
    page_commit = committed(tmp_path, DRIFTING_PAGE, then, RELATION_SOURCES)
    assert causes(tmp_path, DRIFTING_PAGE, "wrong-relation") == [
        ("wrong-relation/drift", REFUTED_RELATIONS[0] + since(page_commit)),
        ("wrong-relation/place", REFUTED_RELATIONS[1]),
    ]


@needs_git
def test_drift_near_miss_a_page_edited_since_its_commit(tmp_path):
    # The page as the run reads it is not the commit's: its claims are now's.
    committed(tmp_path, DRIFTING_PAGE, WRITTEN_WITH, RELATION_SOURCES)
    assert [cause for cause, _ in causes(tmp_path, DRIFTING_PAGE, "wrong-relation")] == [
        "wrong-relation/drift",
        "wrong-relation/drift",
    ]
    edited = DRIFTING_PAGE.replace("to keep entries", "to keep all entries")
    assert causes(tmp_path, edited, "wrong-relation") == list(
        zip(["wrong-relation/base", "wrong-relation/place"], REFUTED_RELATIONS, strict=True)
    )


@needs_git
def test_drift_near_miss_a_shallow_clones_oldest_commit(tmp_path):
    # The clone's oldest commit stands for every older one: the page may be
    # older than the code it holds, which bears its claims out.
    full = tmp_path / "full"
    committed(full, DRIFTING_PAGE, WRITTEN_WITH, {**WRITTEN_WITH, "pkg/ops.py": "x = 1\n"})
    write(full, RELATION_SOURCES)
    for path in MEMORY:
        (full / path).unlink()
    commit(full, {}, "the code moves on again")
    shallow = tmp_path / "shallow"
    git(tmp_path, "clone", "-q", "--depth", "2", f"file://{full}", str(shallow))
    assert causes(shallow, DRIFTING_PAGE, "wrong-relation") == list(
        zip(["wrong-relation/base", "wrong-relation/place"], REFUTED_RELATIONS, strict=True)
    )


def test_drift_near_miss_no_history(tmp_path):
    write(tmp_path, {STORE_PAGE: DRIFTING_PAGE, **RELATION_SOURCES})
    assert causes(tmp_path, DRIFTING_PAGE, "wrong-relation") == list(
        zip(["wrong-relation/base", "wrong-relation/place"], REFUTED_RELATIONS, strict=True)
    )


# `fetch` no longer calls `get`, nor has the source `open` any more.
MOVED_ON = SOURCE.replace("return Store(url).get(url)", "return url").replace(
    "    @classmethod\n    def open(cls, path):\n        return cls(path)\n", ""
)


@needs_git
def test_wrong_caller_and_missing_object_that_held_when_the_page_was_written(tmp_path):
    page_commit = committed(tmp_path, PAGE, {"pkg/store.py": SOURCE}, {"pkg/store.py": MOVED_ON})
    assert causes(tmp_path, PAGE, "wrong-caller") == [
        ("wrong-caller/drift", "`fetch` does not call `get`" + since(page_commit))
    ]
    assert causes(tmp_path, PAGE, "missing-object") == [
        (
            "missing-object/drift",
            "`pkg/store.py` defines no function `Store.open`" + since(page_commit),
        )
    ]


@needs_git
def test_wrong_caller_that_called_through_a_helper_when_the_page_was_written(tmp_path):
    # At the page's commit `fetch` reached `get` through `_load`; now neither does.
    through_helper = SOURCE.replace(
        "async def fetch(url):\n    return Store(url).get(url)\n",
        "def _load(url):\n    return Store(url).get(url)\n\n\nasync def fetch(url):\n"
        "    return _load(url)\n",
    )
    assert "_load(url)" in through_helper
    then = {"pkg/store.py": through_helper}
    page_commit = committed(tmp_path, PAGE, then, {"pkg/store.py": MOVED_ON})
    assert causes(tmp_path, PAGE, "wrong-caller") == [
        ("wrong-caller/drift", "`fetch` does not call `get`" + since(page_commit))
    ]


@needs_git
def test_wrong_caller_and_missing_object_wrong_at_the_pages_own_commit_keep_their_causes(
    tmp_path,
):
    # `load` and `close` never were; `open` was, and is gone.
    page = PAGE.replace("called by the fetch function", "called by the load function")
    page = page.replace(
        "### FunctionDef open", "### FunctionDef close(self)\n***\n### FunctionDef open"
    )
    page_commit = committed(tmp_path, page, {"pkg/store.py": SOURCE}, {"pkg/store.py": MOVED_ON})
    assert causes(tmp_path, page, "wrong-caller") == [
        ("wrong-caller/undefined", "`load`, named as a caller of `get`, is not defined")
    ]
    assert causes(tmp_path, page, "missing-object") == [
        ("missing-object/not-defined", "`pkg/store.py` defines no function `Store.close`"),
        (
            "missing-object/drift",
            "`pkg/store.py` defines no function `Store.open`" + since(page_commit),
        ),
    ]


def test_wrong_caller_message_names_the_functions_that_call_it_instead(tmp_path):
    # Issue 93: a refuted caller's message says what the code does instead.
    callers = (
        "\n\ndef load(url):\n    return fetch(url)\n\n\ndef save(url):\n    return fetch(url)\n"
    )
    page = PAGE.replace("Fetches the url.", "It is called by the open method.")
    sources = {"pkg/store.py": SOURCE + callers}
    assert messages(tmp_path, page, "wrong-caller", sources) == [
        "`open` does not call `fetch`; `load` and `save` call it"
    ]


def test_wrong_caller_message_near_miss_nothing_calls_it(tmp_path):
    # No function of the project names `fetch`: the message claims no caller.
    page = PAGE.replace("Fetches the url.", "It is called by the open method.")
    assert messages(tmp_path, page, "wrong-caller") == ["`open` does not call `fetch`"]


# Small models escape every underscore of the names they write (`read\_store`,
# rendered read_store): the names are read as they render (issue 93, gpupdate's pages).
ESCAPED_SOURCE = """\
def read_store(path):
    return load_store(path)


def load_store(path):
    return path
"""

ESCAPED_PAGE = """\
## FunctionDef read_store(path)
**read\\_store**: Reads a store.

**Code Description**: It returns what load\\_store gives.
## FunctionDef load_store(path)
**load\\_store**: Loads a store.

**Code Description**: This function is called by the read\\_store function.
It is used by the read\\_store function in the pkg/store.py file.
"""


def escaped(tmp_path, page: str) -> list[tuple[int, int, str]]:
    write(tmp_path, {"pkg/store.py": ESCAPED_SOURCE})
    path = "markdown_docs/pkg/store.md"
    return [
        *findings(page, path, "wrong-caller", tmp_path),
        *findings(page, path, "wrong-relation", tmp_path),
    ]


def test_wrong_caller_named_with_escaped_underscores(tmp_path):
    page = ESCAPED_PAGE.replace("called by the read\\_store", "called by the write\\_store")
    assert escaped(tmp_path, page) == [(8, 40, "DL705")]


def test_escaped_underscores_near_miss_a_true_caller_and_a_true_place(tmp_path):
    assert escaped(tmp_path, ESCAPED_PAGE) == []


def test_wrong_caller_a_sentence_about_the_object_after_one_about_an_attribute(tmp_path):
    sentence = "The `limit` attribute is read here. The `get` method is used in the open method."
    page = PAGE.replace("This function is called by the fetch function.", sentence)
    assert check(tmp_path, page, "wrong-caller") == [(23, 79, "DL705")]


def test_wrong_caller_near_miss_a_sentence_whose_subject_is_attributes_or_functions(tmp_path):
    # "it"/"they" are the attribute or the functions the sentence starts with, not `get`
    # (issue 93: gpupdate's "The __module_name attribute is not defined in this function,
    # but it is used in the check_enabled function").
    for sentence in (
        "The `limit` attribute is not set here, but it is used in the open method.",
        "The `path` and `limit` attributes are read, but they are used in the open method.",
        "The `fetch` and `open` functions used in the open method are not shown.",
    ):
        page = PAGE.replace("This function is called by the fetch function.", sentence)
        assert check(tmp_path, page, "wrong-caller") == [], sentence


def test_escaped_names_are_read_in_time_linear_in_the_line():
    # A subprocess, so a pattern that backtracks fails the test instead of
    # hanging the suite: a long word with no escape before one took seconds
    # for 20,000 letters, and minutes for ten times that, when every letter
    # was a start tried.
    import subprocess
    import sys

    script = (
        "from doclint.models.markdown_lines import page_column, unescaped_names\n"
        "line = 'a' * 200_000 + ' pref\\\\_parsers'\n"
        "assert unescaped_names(line).endswith(' pref_parsers')\n"
        "assert page_column(line, 200_010) == 200_011\n"
    )
    subprocess.run([sys.executable, "-c", script], check=True, timeout=20)
