"""wrong-relation (DL710) on the sentence shapes a small model writes (issue 93,
gpupdate's RepoAgent pages, tests/labelled_repoagent10): a name written with
escaped underscores or in bold, a module named bare as a place, the method of
a class no source has any more, the method of an object a parameter names;
English and Chinese. Each true positive beside its silent near miss."""

from __future__ import annotations

import time

import pytest

from doclint import Settings, check_text
from tests.history.repos import commit, needs_git, new_repo
from tests.pages import write

REGISTRY = """\
class Dconf_registry:
    def get_printers(self, sid):
        return []

    def get_files(self, sid):
        return []
"""

PRINTERS = """\
import cups


def storage_get_printers(storage, sid):
    return list(storage.get_printers(sid))


def merge_polfile(storage, sid, policy_objects):
    pass


def merge_entry(storage, sid, entry):
    storage.add_hklm_entry(entry)


def connect():
    return cups.Connection()
"""

PAGE = """\
## FunctionDef storage_get_printers(storage, sid)
**storage\\_get\\_printers**: Reads the printers.

**Code Description**: {printers}
## FunctionDef merge_polfile(storage, sid, policy_objects)
**merge\\_polfile**: Merges the policy.

**Code Description**: {merge}
## FunctionDef merge_entry(storage, sid, entry)
**merge\\_entry**: Merges one entry.

**Code Description**: {entry}
"""

GONE = (
    "`storage_get_printers` does not call `sqlite_registry.get_printers`: the project has no"
    " class `sqlite_registry`; `get_printers` is a method of `Dconf_registry`"
)
NO_MODULE = (
    "`sqlite_registry`, where the page places `get_files`, is no module of the project;"
    " `get_files` is defined in `pkg/registry.py`"
)


def relations(
    tmp_path,
    printers: str = "Reads.",
    merge: str = "Merges.",
    entry: str = "Adds.",
    printers_source: str = PRINTERS,
) -> list[str]:
    write(tmp_path, {"pkg/registry.py": REGISTRY, "pkg/printers.py": printers_source})
    page = PAGE.format(printers=printers, merge=merge, entry=entry)
    settings = Settings(select=["wrong-relation"], root=tmp_path)
    report = check_text(page, path="markdown_docs/pkg/printers.md", settings=settings)
    return [d.message for d in report.diagnostics]


@pytest.mark.parametrize(
    ("printers", "message"),
    [
        (
            "It then calls the `get_printers` method of the `sqlite_registry` class.",
            GONE,
        ),
        ("It calls the get\\_printers method of the sqlite\\_registry class.", GONE),
        ("该函数调用了 sqlite_registry 类的 get_printers 方法。", GONE),
        (
            "该函数依赖于`sqlite_registry`类的`get_printers`方法。",
            GONE.replace("does not call", "does not use"),
        ),
    ],
)
def test_the_method_of_a_class_no_source_has(tmp_path, printers, message):
    assert relations(tmp_path, printers=printers) == [message]


@pytest.mark.parametrize(
    "printers",
    [
        # The project's class that has it; a library's class a source writes.
        "It calls the `get_printers` method of the `Dconf_registry` class.",
        "It calls the `get_printers` method of the `Connection` class.",
        "该函数调用了 Dconf_registry 类的 get_printers 方法。",
        # A method no class of the project has: a library's, not judged.
        "It calls the `getPrinters` method of the `CupsConnection` class.",
        # An object, not a class: what `storage` holds is not said.
        "It calls the `get_printers` method of the `sqlite_registry` object.",
    ],
)
def test_near_miss_the_method_of_a_class_a_source_has_or_writes(tmp_path, printers):
    assert relations(tmp_path, printers=printers) == []


def test_a_function_nested_in_a_function_is_no_method_of_a_class(tmp_path):
    # `get_rows` is no class's: the sentence is read as a callee by its name.
    source = PRINTERS + "\n\ndef rows():\n    def get_rows():\n        pass\n"
    said = "It calls the `get_rows` method of the `sqlite_registry` class."
    assert relations(tmp_path, printers=said, printers_source=source) == [
        "`storage_get_printers` does not call `get_rows`"
    ]


@pytest.mark.parametrize(
    "printers",
    [
        "- The **get\\_files** function is defined in the sqlite\\_registry module.",
        "The `get_files` method is located in the `sqlite_registry` module.",
        "`get_files`函数定义在`sqlite_registry`模块中。",
    ],
)
def test_a_module_named_bare_that_the_project_lacks(tmp_path, printers):
    assert relations(tmp_path, printers=printers) == [NO_MODULE]


@pytest.mark.parametrize(
    "printers",
    [
        # The project's module that defines it, in English and Chinese.
        "The **get\\_files** function is defined in the registry module.",
        "`get_files`函数定义在`registry`模块中。",
        # A library's module: one a source imports, the standard library's.
        "The `get_files` function is defined in the `cups` module.",
        "The `get_files` function is defined in the `shutil` module.",
        # A plain word is no module's name; "It", "The function" name no object.
        "The `get_files` function is defined in the helpers module.",
        "It is defined in the sqlite_registry module.",
        "The function is defined in the `registry` module.",
        "The method is defined in pkg/printers.py.",
    ],
)
def test_near_miss_a_module_the_project_has_or_a_library_has(tmp_path, printers):
    assert relations(tmp_path, printers=printers) == []


def test_a_place_said_with_is_defined_names_the_pages_source_first(tmp_path):
    assert relations(tmp_path, printers="The `get_files` function is defined in pkg/x.py.") == [
        "`pkg/x.py`, where the page places `get_files`, is no file of the project;"
        " `get_files` is defined in `pkg/registry.py`"
    ]
    said = "The `storage_get_printers` function is defined in the `sqlite_registry` module."
    assert relations(tmp_path, printers=said) == [
        "`sqlite_registry`, where the page places `storage_get_printers`, is no module of the"
        " project; `storage_get_printers` is defined in `pkg/printers.py`"
    ]


CALLED_THROUGH = (
    "The function iterates through the policy objects. If sid is empty, it calls the"
    " add\\_hklm\\_entry method of the storage object."
)


def test_the_method_of_an_object_a_parameter_names_the_body_never_calls(tmp_path):
    # `storage` is a parameter; no class of the project has `add_hklm_entry`,
    # and `merge_polfile`'s body is `pass`: it calls nothing through `storage`.
    assert relations(tmp_path, merge=CALLED_THROUGH) == [
        "`merge_polfile` does not call `storage.add_hklm_entry`"
    ]


@pytest.mark.parametrize(
    ("merge", "entry"),
    [
        # The body that calls it through the parameter.
        ("Merges.", CALLED_THROUGH),
        # "it" after another object's sentence is that object.
        (
            "The `apply` method decides. If sid is empty, it calls the add_hklm_entry method"
            " of the storage object.",
            "Adds.",
        ),
        # An object no parameter names: its class is unknown, the method a library's.
        ("It calls the add_hklm_entry method of the registry object.", "Adds."),
        # A plain word as the method: no name.
        ("It calls the flush method of the storage object.", "Adds."),
    ],
)
def test_near_miss_a_parameters_method_called_or_another_objects_sentence(tmp_path, merge, entry):
    assert relations(tmp_path, merge=merge, entry=entry) == []


# At the page's commit the registry was `pkg/sqlite_registry.py`, its class
# `sqlite_registry`; the code then moved both methods to `Dconf_registry`.
SQLITE = "class sqlite_registry:\n    def get_printers(self, sid):\n        return []\n\n" + (
    "    def get_files(self, sid):\n        return []\n"
)
PAGE_PATH = "markdown_docs/pkg/printers.md"


def causes(root, page: str) -> list[tuple[str, str]]:
    report = check_text(page, path=PAGE_PATH, settings=Settings(select=["DL710"], root=root))
    return [(d.cause.id if d.cause else "", d.message) for d in report.diagnostics]


@needs_git
@pytest.mark.parametrize(
    ("printers", "message", "cause"),
    [
        (
            "It calls the `get_printers` method of the `sqlite_registry` class.",
            GONE,
            "wrong-relation/callee",
        ),
        (
            "The `get_files` function is defined in the `sqlite_registry` module.",
            NO_MODULE,
            "wrong-relation/place",
        ),
    ],
    ids=["class", "module"],
)
@pytest.mark.parametrize("existed", [True, False], ids=["drift", "made-up"])
def test_a_class_or_module_removed_since_the_page_was_written_is_drift(
    tmp_path, printers, message, cause, existed
):
    # The removed module stood beside the one that defines the method now;
    # one that never was keeps the sentence's cause (the generator made it up).
    page = PAGE.format(printers=printers, merge="Merges.", entry="Adds.")
    sources = {"pkg/registry.py": REGISTRY, "pkg/printers.py": PRINTERS}
    then = {**sources, "pkg/sqlite_registry.py": SQLITE} if existed else sources
    new_repo(tmp_path)
    page_commit = commit(tmp_path, {PAGE_PATH: page, **then}, "the page is written")
    if existed:
        (tmp_path / "pkg/sqlite_registry.py").unlink()
    commit(tmp_path, {"pkg/other.py": "x = 1\n"}, "the code moves on")
    note = f" (true when the page was written at {page_commit[:8]}; the code has changed since)"
    expected = ("wrong-relation/drift", message + note) if existed else (cause, message)
    assert causes(tmp_path, page) == [expected]


def test_a_long_hostile_line_is_read_at_once(tmp_path):
    # Runs of what the patterns repeat (spaces, names, clauses, CJK marks) in
    # one line: a pattern with nested quantifiers would take minutes.
    hostile = (
        "该函数调用了 "
        + "a" * 20000
        + " " * 20000
        + "类的"
        + "依赖于 " * 3000
        + ", it calls the " * 3000
        + "x 定义在 " * 3000
        + "`a` is defined in the " * 3000
    )
    started = time.perf_counter()
    assert relations(tmp_path, printers=hostile) == []
    assert time.perf_counter() - started < 20


def test_the_place_of_a_section_s_own_missing_object_is_missing_object_s(tmp_path):
    # Langchain-Chatchat's tools/calculate.md: "CalculatorInput类位于
    # `server/agent/tools/calculate.py`文件中" under `## ClassDef CalculatorInput`,
    # where the stored source defines only `calculate`: one defect, reported by
    # missing-object at the heading.
    write(tmp_path, {"pkg/calc.py": "def calculate(query):\n    return query\n"})
    page = (
        "## ClassDef CalculatorInput\n**CalculatorInput**: 计算器的输入。\n\n"
        "**代码描述**: CalculatorInput类位于`pkg/calc.py`文件中。\n"
        "## FunctionDef calculate(query)\n**calculate**: 计算。\n\n"
        "**代码描述**: Parser类位于`pkg/calc.py`文件中。\n"
    )
    settings = Settings(select=["wrong-relation", "missing-object"], root=tmp_path)
    report = check_text(page, path="markdown_docs/pkg/calc.md", settings=settings)
    found = [(d.line, d.code) for d in report.diagnostics]
    # Near miss: another class placed there, under the calculate section whose
    # object the source has, is judged.
    assert found == [(1, "DL701"), (8, "DL710")]


def test_a_method_no_class_has_is_judged_only_where_every_source_is_read(tmp_path):
    # Fooocus's flags.md, a sample: "the to_json method" in `Performance`'s
    # sections is `A1111MetadataParser`'s, in a source the sample's listing
    # names but the tree lacks; on the whole tree the rule says it.
    write(
        tmp_path,
        {"pkg/flags.py": "class Performance:\n    def by_steps(self, steps):\n        pass\n"},
    )
    page = (
        "## ClassDef Performance\n**Performance**: Levels.\n\n"
        "**Code Description**: The output of the to_json method holds the level.\n"
    )

    def found(known: list[str] | None) -> list[int]:
        settings = Settings(select=["wrong-relation"], root=tmp_path, known_paths=known)
        report = check_text(page, path="markdown_docs/pkg/flags.md", settings=settings)
        return [d.line for d in report.diagnostics]

    assert found(None) == [4]
    assert found(["pkg/flags.py", "pkg/meta_parser.py"]) == []
