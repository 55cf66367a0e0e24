"""What a class holds and what its methods reach, read as Python has them
(issue 93): fields declared under a condition in a class body, a method of a
class named in a Chinese use sentence ("`Store`类的`_load`方法")."""

from __future__ import annotations

from pathlib import Path

import pytest

from doclint import Settings, check_text
from tests.pages import write

PAGE_PATH = "markdown_docs/pkg/store.md"


def messages(tmp_path, source: str, page: str, select: str) -> list[tuple[int, str]]:
    write(tmp_path, {"pkg/store.py": source})
    settings = Settings(select=[select], root=tmp_path)
    report = check_text(page, path=PAGE_PATH, settings=settings)
    return [(d.line, d.message) for d in report.diagnostics]


# A dataclass whose fields depend on a module-level switch, as an agent
# framework's message class declares `function_call` only for a new API.
FIELDS = """from dataclasses import dataclass
from typing import Optional

new_api = True


@dataclass
class Message:
    role: str
    if new_api:
        function_call: Optional[str] = None
    else:
        name: Optional[str] = None
    try:
        tool_calls: list = None
    except ImportError:
        pass
"""
FIELDS_PAGE = """## ClassDef Message
**Message**: The function of Message is to hold one message.

**attributes**:
- role: who speaks.
- function_call: the call the model asks for.
- name: the caller's name.
- tool_calls: the tools asked for.
- content: the text.
"""


def test_fields_declared_under_a_condition_are_the_class_s(tmp_path):
    found = messages(tmp_path, FIELDS, FIELDS_PAGE, "unknown-parameter")
    # `content` is declared nowhere; the fields under `if`, `else` and `try` are there.
    assert found == [
        (9, "attributes item `content`: `Message` has no parameter or attribute `content`")
    ]


STORE = """class Store:
    def _load(self):
        return {}

    def _dump(self):
        return None


class Manager:
    def __init__(self):
        self.store: Store = Store()

    def refresh(self):
        return self.store._load()
"""
STORE_PAGE = """## ClassDef Store
**Store**: 该类的功能是保存数据。
### FunctionDef _load(self)
**_load**: 该函数的功能是读取。
***
### FunctionDef _dump(self)
**_dump**: 该函数的功能是写入。
***
## ClassDef Manager
**Manager**: 该类的功能是管理。
### FunctionDef __init__(self)
**__init__**: 该函数的功能是初始化。
***
### FunctionDef refresh(self)
**refresh**: 该函数的功能是刷新。

**代码描述**: 该方法依赖于 `Store` 类的 `{method}` 方法。
***
"""


def test_a_chinese_use_of_a_class_s_method_is_judged_on_the_method(tmp_path):
    page = STORE_PAGE.format(method="_dump")
    found = messages(tmp_path, STORE, page, "wrong-relation")
    assert found == [(17, "`Manager.refresh` does not use `Store._dump`; it calls `Store._load`")]


def test_near_miss_the_method_called_through_an_annotated_attribute(tmp_path):
    # `refresh` reaches `_load` through `self.store: Store`, never naming `Store` itself.
    page = STORE_PAGE.format(method="_load")
    assert messages(tmp_path, STORE, page, "wrong-relation") == []


def tree_messages(tmp_path, files: dict[str, str], page: str, path: str, select: str) -> list:
    write(tmp_path, files)
    settings = Settings(select=[select], root=tmp_path)
    report = check_text(page, path=path, settings=settings)
    return [(d.line, d.message) for d in report.diagnostics]


NODES = """import requests


def connect(host, timeout=1, retries=2):
    return host, timeout, retries


def open_link(host, **kwargs):
    verbose = kwargs.pop("verbose", False)
    return connect(host, **kwargs), verbose


def fetch(url, **kwargs):
    return requests.get(url, **kwargs)


def add(a, b):
    return a + b
"""
OPTIONS_PAGE = """## FunctionDef open_link(host)
**open_link**: The function of open_link is to open a link.

**parameters**:
- host: the host.
- timeout: seconds to wait, passed on to connect.
- retries: how many tries, passed on to connect.
- verbose: whether to say more.
- proxy: the proxy to go through.
***
## FunctionDef fetch(url)
**fetch**: The function of fetch is to fetch a page.

**parameters**:
- url: the page.
- headers: passed on to the library.
***
"""


def test_options_taken_through_kwargs_and_passed_on_are_parameters(tmp_path):
    files = {"pkg/sub/nodes.py": NODES}
    found = tree_messages(
        tmp_path, files, OPTIONS_PAGE, "markdown_docs/pkg/sub/nodes.md", "unknown-parameter"
    )
    # `proxy` is no option of `connect`; the others are, or the key read from
    # kwargs; `fetch` passes its options to a library, which takes what it takes.
    assert found == [(9, "parameters item `proxy`: `open_link` has no parameter `proxy`")]


COPIES = """def connect(host, timeout=1, retries=2):
    return host, timeout, retries


def open_copy(host, **kwargs):
    options = dict(kwargs)
    quiet = options.copy()
    quiet.pop("verbose", None)
    return connect(host, **{**quiet, "retries": 3})
"""
COPIES_PAGE = """## FunctionDef open_copy(host)
**open_copy**: The function of open_copy is to open a link.

**parameters**:
- host: the host.
- timeout: seconds to wait, passed on to connect.
- verbose: whether to say more.
- proxy: the proxy to go through.
***
"""


def test_options_passed_on_through_a_copy_of_kwargs_are_parameters(tmp_path):
    # A copy of the dict (`dict(kwargs)`, `.copy()`, `{**x}`) carries the
    # options on: `timeout` is `connect`'s, `verbose` a key read; `proxy`
    # is neither.
    found = tree_messages(
        tmp_path,
        {"pkg/net.py": COPIES},
        COPIES_PAGE,
        "markdown_docs/pkg/net.md",
        "unknown-parameter",
    )
    assert found == [(8, "parameters item `proxy`: `open_copy` has no parameter `proxy`")]


CHAIN = """import requests


def connect(host, timeout=1):
    return host, timeout


def dial(host, retries=2, **kwargs):
    return connect(host, **kwargs), retries


def open_link(host, **kwargs):
    return dial(host, **kwargs)


def fetch(url, **kwargs):
    return requests.get(url, **kwargs)


def open_page(url, **kwargs):
    return fetch(url, **kwargs)
"""
CHAIN_PAGE = """## FunctionDef open_link(host)
**open_link**: The function of open_link is to open a link.

**parameters**:
- host: the host.
- retries: how many tries, passed on to dial.
- timeout: seconds to wait, passed on through dial to connect.
- proxy: the proxy to go through.
***
## FunctionDef open_page(url)
**open_page**: The function of open_page is to open a page.

**parameters**:
- url: the page.
- headers: passed on through fetch to the library.
***
"""


def test_options_passed_on_along_a_chain_of_functions_are_parameters(tmp_path):
    # `open_link` passes its options to `dial`, which takes `retries` and
    # passes the rest to `connect`; `open_page`'s chain ends in a library,
    # whose options are unknown: not judged.
    found = tree_messages(
        tmp_path, {"pkg/net.py": CHAIN}, CHAIN_PAGE, "markdown_docs/pkg/net.md", "unknown-parameter"
    )
    assert found == [(8, "parameters item `proxy`: `open_link` has no parameter `proxy`")]


PLACED_PAGE = """## FunctionDef add(a, b)
**add**: The function of add is to add.

**Code Description**: The `add` function in {path} adds two numbers.
***
"""


def test_a_dotted_module_path_written_with_its_suffix_is_the_module_s_file(tmp_path):
    files = {"pkg/sub/nodes.py": NODES}
    path = "markdown_docs/pkg/sub/nodes.md"
    near = PLACED_PAGE.format(path="pkg.sub.nodes.py")
    assert tree_messages(tmp_path, files, near, path, "wrong-relation") == []
    wrong = PLACED_PAGE.format(path="pkg.sub.edges.py")
    assert [line for line, _ in tree_messages(tmp_path, files, wrong, path, "wrong-relation")] == [
        4
    ]


CALLERS = """def save(record):
    return record


def persist(record):
    return save(record)


def flush(queue):
    for item in queue:
        item.persist()


def drain(queue):
    for record in queue:
        persist(record)
"""
CALLER_PAGE = """## FunctionDef save(record)
**save**: The function of save is to save a record.

**Code Description**: This function is called by the `{caller}` function.
***
"""


def test_a_caller_reaching_the_object_only_through_another_object_s_method(tmp_path):
    # `flush` calls `item.persist()` on objects of no known type: it does
    # not reach the project's `persist`, which calls `save`.
    files = {"pkg/store.py": CALLERS}
    page = CALLER_PAGE.format(caller="flush")
    found = tree_messages(tmp_path, files, page, PAGE_PATH, "wrong-caller")
    assert found == [(4, "`flush` does not call `save`; `persist` calls it")]


def test_near_miss_a_caller_reaching_the_object_through_a_helper_it_calls(tmp_path):
    files = {"pkg/store.py": CALLERS}
    page = CALLER_PAGE.format(caller="drain")
    assert tree_messages(tmp_path, files, page, PAGE_PATH, "wrong-caller") == []


SECTIONED = """class Store:
    def fetch(self, url):
        return url
"""
SECTION_PAGE = """## ClassDef Store
**Store**: The function of Store is to keep entries.
{section}
### FunctionDef fetch(self, url)
**fetch**: Fetches.
"""


@pytest.mark.parametrize(
    "section",
    [
        "### Class Definition: CustomerProfile\nHolds a customer.",
        "**Class: CustomerProfile**\nHolds a customer.",
        "#### Function Name: calculate_discount\nComputes a discount.",
    ],
)
def test_invented_section_opened_by_a_definition_heading_or_a_bold_label(tmp_path, section):
    page = SECTION_PAGE.format(section=section)
    found = messages(tmp_path, SECTIONED, page, "invented-section")
    assert [line for line, _ in found] == [3]


@pytest.mark.parametrize(
    "section",
    [
        # Pieces of words after a kind word's letters, and a plain word after one.
        "### Function-ality\nWhat it does.",
        "### Classification\nWhat kind it is.",
        "### Function Flow\nThe order of the calls.",
        "### Method Overview\nThe methods.",
    ],
)
def test_near_miss_pieces_of_words_and_plain_words_are_no_objects(tmp_path, section):
    page = SECTION_PAGE.format(section=section)
    assert messages(tmp_path, SECTIONED, page, "invented-section") == []


MODULE_FILES = {
    "pkg/store.py": "def add(a, b):\n    return a + b\n",
    "pkg/ops.py": "from pkg.store import add\n\n\ndef total(x):\n    return add(x, x)\n",
    "pkg/graph.py": "def walk(nodes):\n    return list(nodes)\n",
}
MODULE_PAGE = """## FunctionDef add(a, b)
**add**: The function of add is to add.

**代码描述**: 该函数被`{caller}`调用。
***
"""


def test_a_module_named_as_a_caller_that_never_names_the_object(tmp_path):
    page = MODULE_PAGE.format(caller="graph")
    found = tree_messages(tmp_path, MODULE_FILES, page, PAGE_PATH, "wrong-caller")
    assert found == [(4, "`pkg/graph.py`, named as using `add`, never names it")]


@pytest.mark.parametrize("caller", ["ops", "operator"])
def test_near_miss_a_module_using_the_object_and_a_library_s_module(tmp_path, caller):
    page = MODULE_PAGE.format(caller=caller)
    assert tree_messages(tmp_path, MODULE_FILES, page, PAGE_PATH, "wrong-caller") == []


FILE_CALLER_PAGE = """## FunctionDef add(a, b)
**add**: The function of add is to add.

**Code Description**: This function is called by `{caller}`.
***
"""


def test_a_file_named_as_a_caller_by_its_dotted_module_and_suffix(tmp_path):
    # `pkg.graph.py` is `pkg/graph.py`, which never names `add`.
    page = FILE_CALLER_PAGE.format(caller="pkg.graph.py")
    found = tree_messages(tmp_path, MODULE_FILES, page, PAGE_PATH, "wrong-caller")
    assert found == [(4, "`pkg/graph.py`, named as using `add`, never names it")]


def test_near_miss_a_file_by_its_dotted_module_that_uses_the_object(tmp_path):
    page = FILE_CALLER_PAGE.format(caller="pkg.ops.py")
    assert tree_messages(tmp_path, MODULE_FILES, page, PAGE_PATH, "wrong-caller") == []


PARSER = """class Parser:
    def parse(self, text):
        return text

    def fix(self, text):
        return self.parse(text)
"""
# An output example whose nested fences close its block early: the bare
# fence meant to close it opens a block that swallows the next headings.
RUNAWAY_PAGE = """## ClassDef Parser
**Parser**: The function of Parser is to parse.

**Output Example**:
```json
Action:
```
{{
  "action": "Final Answer"
}}
{closing}
In this example the text is read as the final answer.
### FunctionDef parse(self, text)
**parse**: The function of parse is to parse a text.

**Code Description**: This function is called by the `fix` method.
***
### FunctionDef fix(self, text)
**fix**: The function of fix is to fix a text.
```python
x = 1
```
**Code Description**: This function is called by the `{caller}` method.

**parameters**:
- text: the text to fix.
***
"""


def report(tmp_path, page: str, source: str = PARSER):
    write(tmp_path, {"pkg/store.py": source})
    select = ["truncated-page", "broken-fence", "wrong-caller", "unknown-parameter"]
    return check_text(page, path=PAGE_PATH, settings=Settings(select=select, root=tmp_path))


def codes(tmp_path, page: str, source: str = PARSER) -> list[tuple[int, str]]:
    return [(d.line, d.code) for d in report(tmp_path, page, source).diagnostics]


def test_a_runaway_block_is_one_finding_at_the_fence_that_opens_it(tmp_path):
    # The cut stands at the example's own opening fence (issue 93), not at
    # the bare fence meant to close it that opens the runaway block. The
    # text after the swallowed heading of `fix` is `fix`'s, as its author
    # meant: its caller sentence is judged against `fix` (`parse` never
    # calls it), not against `Parser`.
    page = RUNAWAY_PAGE.format(closing="```", caller="parse")
    found = report(tmp_path, page).diagnostics
    assert [(d.line, d.code) for d in found] == [(5, "DL707"), (23, "DL705")]
    assert "`fix`" in found[1].message and "`Parser`" not in found[1].message


RUNNER = PARSER + "\n    def run(self):\n        return self.fix('')\n"


def test_near_miss_a_swallowed_section_s_right_claims_are_its_object_s(tmp_path):
    # `run` calls `fix`, and `fix` takes `text`: right of `fix`, they would be
    # wrong of `Parser` (nothing calls it; it takes no `text`). `parse`'s own
    # sentence, inside the runaway block, is right of `parse`.
    page = RUNAWAY_PAGE.format(closing="```", caller="run")
    assert codes(tmp_path, page, RUNNER) == [(5, "DL707")]
    # A wrong parameter in the swallowed section is `fix`'s to answer for.
    wrong = page.replace("- text: the text to fix.", "- txt: the text to fix.")
    found = report(tmp_path, wrong, RUNNER).diagnostics
    assert [(d.line, d.code) for d in found] == [(5, "DL707"), (26, "DL703")]
    assert "fix" in found[1].message


def test_near_miss_a_closed_example_and_a_wrong_caller_in_its_own_section(tmp_path):
    page = RUNAWAY_PAGE.format(closing="", caller="parse").replace("Action:\n```\n", "Action:\n")
    page = page.replace('"Final Answer"\n}\n', '"Final Answer"\n}\n```\n')
    # With the example closed, the sentence is judged in `fix`'s section:
    # `parse` never calls `fix`.
    assert codes(tmp_path, page) == [(23, "DL705")]


def tree_findings(tmp_path, files: dict[str, str], select: list[str]) -> list[tuple[str, str]]:
    """doclint's (path, code) findings on the whole tree, as a user runs it."""
    from doclint import check_paths

    write(tmp_path, files)
    report = check_paths([tmp_path], Settings(select=select, root=tmp_path))
    return sorted(
        (Path(d.path).resolve().relative_to(tmp_path.resolve()).as_posix(), d.code)
        for d in report.diagnostics
    )


def heading(name: str) -> str:
    return f"## FunctionDef {name}\n**{name}**: The function of {name} is to do it.\n"


WINDOWS_PAGES = {
    "pkg/kept.py": "def keep():\n    return 1\n",
    # Written on Windows: the folders are in the file's name.
    "markdown_docs\\pkg\\kept.md": heading("keep"),
    "markdown_docs\\pkg\\gone.md": heading("gone"),
    "markdown_docs/pkg\\old.md": heading("old"),
}


def test_pages_whose_names_hold_their_folders_with_backslashes(tmp_path):
    found = tree_findings(tmp_path, WINDOWS_PAGES, ["orphan-page", "undocumented-module"])
    # The pages of the gone modules are orphans; `kept.py` has its page.
    assert found == [
        ("markdown_docs/pkg\\old.md", "DL709"),
        ("markdown_docs\\pkg\\gone.md", "DL709"),
    ]


NET = """import torch.nn as nn


class Net(nn.Module):
    def __init__(self, hidden):
        super().__init__()
        self.fc = nn.Linear(hidden, 1)

    def forward(self, x):
        return self.fc(x)
"""
NET_PAGE = """## ClassDef Net
**Net**: The function of Net is to score.

**attributes**:
- fc: the linear layer.
- hidden: the width of the layer.
- training: whether the net trains.
- dropout: the dropout rate.
### FunctionDef __init__(self, hidden)
**__init__**: The function of __init__ is to build the net.
***
### FunctionDef forward(self, x)
**forward**: The function of forward is to score a batch.
***
"""


def test_attributes_of_a_torch_module_the_class_lacks(tmp_path):
    # `fc` is set, `hidden` a constructor parameter, `training` nn.Module's:
    # `dropout` is nowhere.
    found = messages(tmp_path, NET, NET_PAGE, "unknown-parameter")
    assert found == [
        (8, "attributes item `dropout`: `Net` has no parameter or attribute `dropout`")
    ]


STORE_TWO = """class Store:
    def get(self, key):
        return key

    def put(self, key, value):
        return key, value
"""
CUT_PAGE = """## ClassDef Store
**Store**: The function of Store is to keep entries.
### FunctionDef get(self, key)
**get**: The function of get is to read one entry.

**Code Description**: The get method looks the key up in the entries and returns {get}
***
### FunctionDef put(self, key, value)
**put**: The function of put is to store one entry.

**Code Description**: The put method stores the value under the key and then returns {put}
***
"""


def test_a_labelled_line_cut_off_before_the_generator_s_rule(tmp_path):
    # RepoAgent writes `***` after each section, whatever its model wrote.
    page = CUT_PAGE.format(get="the value that", put="the pair to")
    found = messages(tmp_path, STORE_TWO, page, "truncated-page")
    assert [line for line, _ in found] == [6, 11]


def test_near_miss_labelled_lines_that_end_their_sentence(tmp_path):
    page = CUT_PAGE.format(get="the value.", put="the pair (key, value).")
    page += "**Output Example**: ('a', 1)\n"
    assert messages(tmp_path, STORE_TWO, page, "truncated-page") == []


LISTED_PAGE = """## ClassDef Store
**Store**: 该类的功能是保存数据。
### FunctionDef _load(self)
**_load**: 该函数的功能是读取。
***
### FunctionDef _dump(self)
**_dump**: 该函数的功能是写入。
***
## ClassDef Manager
**Manager**: 该类的功能是管理。
### FunctionDef __init__(self)
**__init__**: 该函数的功能是初始化。
***
### FunctionDef refresh(self)
**refresh**: 该函数的功能是刷新。

**Code Description**: {sentence}
***
"""


@pytest.mark.parametrize(
    ("sentence", "named"),
    [
        ("It calls the `_load` and `_dump` methods.", "call `_dump`"),
        ("It relies on the `_load`, and `_dump` methods.", "use `_dump`"),
        ("该函数调用了`_load`和`_dump`函数。", "call `_dump`"),
        # A function no source defines that the object never writes: `refresh`
        # calls no `print` (wrong-relation's near miss for a library's function
        # the object writes is in tests/rules/test_functions_no_source_defines.py).
        ("该函数调用了`_load`和`print`函数。", "call `print`, which no source read defines"),
    ],
)
def test_every_name_of_a_list_of_callees_is_judged(tmp_path, sentence, named):
    page = LISTED_PAGE.format(sentence=sentence)
    found = messages(tmp_path, STORE, page, "wrong-relation")
    assert found == [(17, f"`Manager.refresh` does not {named}; it calls `Store._load`")]


@pytest.mark.parametrize(
    "sentence",
    [
        "It calls the `_load` and `refresh` methods.",
        "The `Store` class uses the `_load` and `_dump` methods.",
    ],
)
def test_near_miss_lists_the_object_reaches_or_another_object_s(tmp_path, sentence):
    page = LISTED_PAGE.format(sentence=sentence)
    assert messages(tmp_path, STORE, page, "wrong-relation") == []


ENVS = """class Env:
    def recruit(self, n):
        return n


class Sandbox(Env):
    pass


class Market:
    def recruit(self, n):
        return -n


class Manager:
    def __init__(self):
        self.env = Env()

    def reset(self):
        self.env = Sandbox()

    def run(self):
        return self.env.recruit(3)
"""
ENVS_PAGE = """## ClassDef Manager
**Manager**: The function of Manager is to manage.
### FunctionDef __init__(self)
**__init__**: The function of __init__ is to set up.
***
### FunctionDef reset(self)
**reset**: The function of reset is to start again.
***
### FunctionDef run(self)
**run**: The function of run is to run.

**Code Description**: It depends on the `recruit` method of the `{owner}` class.
***
"""


def test_an_attribute_assigned_twice_reaches_each_class_it_can_hold(tmp_path):
    # `self.env` holds an `Env` or a `Sandbox`, never a `Market`.
    page = ENVS_PAGE.format(owner="Market")
    found = messages(tmp_path, ENVS, page, "wrong-relation")
    assert found == [
        (
            12,
            "`Manager.run` does not use `Market.recruit`;"
            " it calls `Env.recruit` and `Sandbox.recruit`",
        )
    ]


@pytest.mark.parametrize("owner", ["Env", "Sandbox"])
def test_near_miss_a_method_of_a_class_the_attribute_holds(tmp_path, owner):
    page = ENVS_PAGE.format(owner=owner)
    assert messages(tmp_path, ENVS, page, "wrong-relation") == []


HOLDER = """class Store:
    def __init__(self, path):
        self.path = path
        self.items = {}
"""
LOOSE_PAGE = """## ClassDef Store
**Store**: The function of Store is to keep entries.

**attributes**:

- path: where the entries are kept.

- items: the entries.

- cache: the entries read last.
{after}
"""


def test_a_loose_attribute_list_naming_an_attribute_the_class_lacks(tmp_path):
    # Blank lines between the items (a loose list) keep the list going.
    found = messages(tmp_path, HOLDER, LOOSE_PAGE.format(after=""), "unknown-parameter")
    assert found == [(10, "attributes item `cache`: `Store` has no parameter or attribute `cache`")]


def test_near_miss_a_list_after_the_attributes_ends_is_prose(tmp_path):
    page = LOOSE_PAGE.replace("- cache", "The store is read on start:\n- cache")
    assert messages(tmp_path, HOLDER, page.format(after=""), "unknown-parameter") == []


TWO_DEFINITIONS = """from dataclasses import dataclass

try:
    import openai

    new_api = openai is not None
except ImportError:
    new_api = False

if new_api:

    @dataclass
    class Message:
        role: str
        function_call: str = None
else:

    @dataclass
    class Message:
        role: str
        name: str = None


class Table:
    import json as codec

    for column in ("id", "name"):
        pass
    with open(__file__) as source:
        pass
"""
TWO_PAGE = """## ClassDef Message
**Message**: The function of Message is to hold one message.

**attributes**:
- role: who speaks.
- function_call: the call the model asks for (new API).
- name: the caller's name (old API).
- content: the text.
***
## ClassDef Table
**Table**: The function of Table is to lay out rows.

**attributes**:
- codec: how rows are written.
- column: the last column declared.
- source: the file read.
- rows: the rows.
***
"""


def test_a_class_defined_under_a_condition_has_either_definition_s_fields(tmp_path):
    # `Message` is one class or the other by the API's version: `name` and
    # `function_call` are both its fields, `content` neither's. A class body's
    # import, loop and `with` bind class attributes; `rows` is bound nowhere.
    found = messages(tmp_path, TWO_DEFINITIONS, TWO_PAGE, "unknown-parameter")
    assert found == [
        (8, "attributes item `content`: `Message` has no parameter or attribute `content`"),
        (17, "attributes item `rows`: `Table` has no parameter or attribute `rows`"),
    ]


DISPATCH = """class Env:
    def recruit(self, n):
        return n


class Game:
    def __init__(self):
        self.env = Env()

    def step(self, action):
        return getattr(self.env, action)(3)

    def hire(self):
        return getattr(self.env, "recruit")(3)
"""
DISPATCH_PAGE = """## ClassDef Env
**Env**: The function of Env is to hold agents.
### FunctionDef recruit(self, n)
**recruit**: The function of recruit is to add agents.

**Code Description**: This method is called by the `{caller}` method of the `Game` class.
***
"""


def test_a_caller_reading_another_name_through_getattr(tmp_path):
    # `step` reads an attribute chosen at run time, never `recruit` by name.
    page = DISPATCH_PAGE.format(caller="step")
    found = messages(tmp_path, DISPATCH, page, "wrong-caller")
    assert found == [(6, "`step` does not call `recruit`; `Game.hire` calls it")]


def test_near_miss_a_caller_reading_the_method_through_getattr(tmp_path):
    page = DISPATCH_PAGE.format(caller="hire")
    assert messages(tmp_path, DISPATCH, page, "wrong-caller") == []


def test_attributes_written_as_self_s_name_are_the_class_s_attributes(tmp_path):
    page = (
        LOOSE_PAGE.format(after="")
        .replace("- path", "- self.path")
        .replace("- cache", "- self.cache")
    )
    found = messages(tmp_path, HOLDER, page, "unknown-parameter")
    # `self.path` is the attribute `path`; `self.cache` is set nowhere.
    assert found == [(10, "attributes item `cache`: `Store` has no parameter or attribute `cache`")]


def test_a_refuted_callee_s_message_near_miss_an_object_calling_nothing(tmp_path):
    # An object whose body names none of the project's functions: the
    # message names no "instead" (issue 93).
    source = "def idle():\n    return 1\n\n\ndef _dump():\n    return 2\n"
    page = "## FunctionDef idle\n**idle**: Idles.\n\n**Code Description**: "
    page += "It calls the `_dump` function.\n"
    found = messages(tmp_path, source, page, "wrong-relation")
    assert found == [(4, "`idle` does not call `_dump`")]


# A class whose constructor keeps one parameter under another name and hands
# two on, as gpupdate's `polkit` keeps `arglist` as `args`.
KEEPS = """class Rules:
    def __init__(self, template, arglist, storage, name=None):
        self.template = template
        self.args = arglist
        self._name = name
        self.writer = Writer(storage)


class Writer:
    def __init__(self, storage):
        self.storage = storage
"""
KEEPS_PAGE = """## ClassDef Rules
**Rules**: The function of Rules is to write rules files.

**attributes**:
- `template`: the template's name.
- `arglist`: the arguments the template is rendered with.
- `storage`: where the settings are read.
- `name`: the user the file is written for.
"""


def test_attributes_naming_constructor_parameters_the_class_does_not_keep(tmp_path):
    found = messages(tmp_path, KEEPS, KEEPS_PAGE, "unknown-parameter")
    assert found == [
        (
            6,
            "attributes item `arglist`: `Rules` has no attribute `arglist`; "
            "it is a parameter of its `Rules.__init__`",
        ),
        (
            7,
            "attributes item `storage`: `Rules` has no attribute `storage`; "
            "it is a parameter of its `Rules.__init__`",
        ),
    ]


@pytest.mark.parametrize(
    "source",
    [
        # The same parameters under a parameters label: they are the constructor's.
        KEEPS,
        # A base from outside that keeps what it is given (`Exception` keeps `args`).
        KEEPS.replace("class Rules:", "class Rules(Exception):").replace(
            "        self.template = template\n",
            "        super().__init__(arglist, storage)\n        self.template = template\n",
        ),
    ],
)
def test_near_miss_constructor_parameters_as_parameters_or_given_to_an_outside_base(
    tmp_path, source
):
    page = KEEPS_PAGE
    if source == KEEPS:
        page = page.replace("**attributes**", "**parameters**")
    assert messages(tmp_path, source, page, "unknown-parameter") == []
