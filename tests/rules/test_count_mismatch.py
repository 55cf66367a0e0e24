from pathlib import Path

from doclint import Settings, check_paths, check_text
from tests.conftest import REAL, findings, require_shared
from tests.pages import write

# The generator's regexes find two classes here (one in the docstring); ast finds one.
SOURCE = 'class A:\n    """Use class B for this."""\n\n    def f(self):\n        pass\n'


def docs_page(source: str, claim: str, body: str | None = SOURCE, fence: str = "python") -> str:
    """A file documentation whose overview claim sits at line 26 (at 14 without a body)."""
    original = f"## Original Source\n\n```{fence}\n{body}```\n\n\n\n" if body is not None else ""
    return (
        f"# Documentation: `{source}`\n\n## File Metadata\n\n- **Path**: `{source}`\n\n"
        f"## File Purpose\n\nA file.\n\n{original}## High-Level Overview\n\n\n"
        f"This Python file contains {claim}.\n\n## Detailed Analysis\n\nText.\n"
    )


def folder_doc(folder: str, subfolders: int, files: int, types: dict[str, int], names=()) -> str:
    """A folder's doc.md: counts at lines 11-12, file types from line 16."""
    kinds = "".join(f"- `{ext}`: {n} file(s)\n" for ext, n in types.items())
    subs = "".join(f"- `{name}/`\n" for name in names)
    return (
        f"# Documentation: `{folder}/`\n\n## Role in PyTorch\n\nText.\n\n"
        f"## Contents Overview\n\nThis folder contains:\n\n- **{subfolders} subfolder(s)**\n"
        f"- **{files} file(s)**\n\nFile types:\n\n{kinds}\n\n"
        "## Architecture & Organization\n\n### Folder Structure\n\n"
        + (f"Subfolders:\n\n{subs}" if subs else "*No subfolders.*\n")
        + "\n\n## Important Files\n\n### Key Files\n\n*No files in this folder.*\n"
    )


def messages(text: str, path: str, root, **settings) -> list[tuple[int, int, str]]:
    report = check_text(text, path=path, settings=Settings(select=["DL304"], root=root, **settings))
    return [(d.line, d.column, d.message) for d in report.diagnostics]


# ---- classes and functions of a file documentation ----------------------------


def test_class_count_from_a_naive_regex(tmp_path):
    text = docs_page("pkg/mod.py", "2 class(es) and 1 function(s)")
    assert messages(text, "docs/pkg/mod.py_docs.md", tmp_path) == [
        (
            26,
            27,
            "claims 2 classes and 1 function; its Original Source defines 1 class and 1 function",
        )
    ]


# Python 2 (which `ast` cannot parse), with a `class` statement in a string, as
# lib2to3's test grammar has them; the lexer reads one class and one function.
PYTHON_2 = 'class A:\n    def f(self):\n        print "class B: pass"\n'


def test_a_python_2_source_is_read_by_the_lexer(tmp_path):
    text = docs_page("pkg/old.py", "2 class(es) and 1 function(s)", body=PYTHON_2)
    assert messages(text, "docs/pkg/old.py_docs.md", tmp_path) == [
        (
            24,
            27,
            "claims 2 classes and 1 function; its Original Source defines 1 class and 1 function",
        )
    ]


def test_near_miss_right_counts_python_2_or_not_python(tmp_path):
    path = "docs/pkg/mod.py_docs.md"
    assert findings(docs_page("pkg/mod.py", "1 class(es) and 1 function(s)"), path, "DL304") == []
    old = docs_page("pkg/old.py", "1 class(es) and 1 function(s)", body=PYTHON_2)
    assert findings(old, "docs/pkg/old.py_docs.md", "DL304") == []
    text = docs_page("pkg/notes.md", "9 class(es) and 9 function(s)", fence="markdown")
    assert findings(text, "docs/pkg/notes.md_docs.md", "DL304") == []


def test_without_its_own_copy_the_file_is_read(tmp_path):
    write(tmp_path, {"pkg/mod.py": SOURCE})
    text = docs_page("pkg/mod.py", "1 class(es) and 3 function(s)", body=None)
    assert messages(text, "docs/pkg/mod.py_docs.md", tmp_path) == [
        (14, 43, "claims 1 class and 3 functions; `pkg/mod.py` defines 1 class and 1 function")
    ]


def test_a_page_whose_source_changed_says_it_counted_its_own_copy(tmp_path):
    """The file now defines two classes; the page's copy, what the generator
    read, one: the message names the copy, never "the source", which reads as the file."""
    write(tmp_path, {"pkg/mod.py": SOURCE + "\n\nclass C:\n    pass\n"})
    text = docs_page("pkg/mod.py", "2 class(es) and 1 function(s)")
    assert messages(text, "docs/pkg/mod.py_docs.md", tmp_path) == [
        (
            26,
            27,
            "claims 2 classes and 1 function; its Original Source defines 1 class and 1 function",
        )
    ]
    # Near-miss: the claim the copy bears out is no finding, whatever the file now holds.
    right = docs_page("pkg/mod.py", "1 class(es) and 1 function(s)")
    assert messages(right, "docs/pkg/mod.py_docs.md", tmp_path) == []


def test_embedded_page_is_judged_at_the_outer_lines(tmp_path):
    inner = docs_page("pkg/mod.py", "2 class(es) and 1 function(s)")
    outer = docs_page("docs/pkg/mod.py_docs.md", "0 class(es) and 0 function(s)", inner, "markdown")
    # the outer page documents a Markdown page: its own claim is not judged
    got = findings(outer, "docs/docs/pkg/mod.py_docs.md_docs.md", "DL304", tmp_path)
    # the inner page opens after the outer fence at line 13
    assert got == [(13 + 26, 27, "DL304")]


def test_real_overview_counts():
    require_shared()
    path = "docs/test/distributed/tensor/debug/test_op_coverage.py_docs.md"
    text, listing = _real(path)
    claim = "This Python file contains 2 class(es) and 3 function(s)."
    assert text.split("\n")[56] == claim
    assert messages(text, path, REAL, known_paths=listing) == []
    wrong = text.replace(claim, claim.replace("2 class", "3 class"))
    assert messages(wrong, path, REAL, known_paths=listing) == [
        (
            57,
            27,
            "claims 3 classes and 3 functions; its Original Source defines 2 classes and 3 "
            "functions",
        )
    ]


# ---- C/C++/CUDA: "approximately N class(es)/struct(s) and M function(s)" ----------

# Two class definitions (one in an `#else` branch, which may stand in for the
# first), a struct, a union, two functions defined and one declared; the word
# `class` in the comment and the call are what a naive count also counts.
CPP_SOURCE = """// This class is a helper.
#if defined(USE_ROCM)
class Hip { int f() { return 1; } };
#else
class TORCH_API Cuda { int f(); };
#endif
struct Pair { int a, b; };
union Bits { int i; float f; };
int twice(int x) { return helper(x) * 2; }
"""


# What the message says of the generator's counting convention and the range.
CONVENTION = (
    "(counted as the generator counts: class and struct definitions, and functions defined or"
    " declared, a declaration without a body too; from those outside `#else` branches, less"
    " constructors and destructors and a tenth, up to every definition, declaration and macro)"
)


def cpp_page(source: str, claim: str, body: str = CPP_SOURCE) -> str:
    """A C++ file documentation whose count sentence sits at line 30."""
    return (
        f"# Documentation: `{source}`\n\n## File Metadata\n\n- **Path**: `{source}`\n\n"
        f"## File Purpose\n\nA file.\n\n## Original Source\n\n```cpp\n{body}```\n\n\n\n"
        "## High-Level Overview\n\n\n"
        f"This C++ file contains approximately {claim}.\n\n## Detailed Analysis\n\nText.\n"
    )


def test_cpp_counts_outside_what_any_count_gives(tmp_path):
    # at least 2 classes/structs (Hip, Pair) and 2 function definitions;
    # at most 4 (with Cuda and the union) and 3 functions (with the declaration)
    too_few = cpp_page("aten/Hooks.cpp", "1 class(es)/struct(s) and 2 function(s)")
    too_many = cpp_page("aten/Hooks.h", "2 class(es)/struct(s) and 9 function(s)")
    ranges = CONVENTION
    assert messages(too_few, "docs/aten/Hooks.cpp_docs.md", tmp_path) == [
        (
            30,
            38,
            "claims approximately 1 class/struct and 2 functions; its Original Source has"
            f" 2-4 classes/structs and 2-3 functions {ranges}",
        )
    ]
    assert messages(too_many, "docs/aten/Hooks.h_docs.md", tmp_path) == [
        (
            30,
            64,
            "claims approximately 2 classes/structs and 9 functions; its Original Source has"
            f" 2-4 classes/structs and 2-3 functions {ranges}",
        )
    ]


def test_near_miss_cpp_counts_inside_the_range(tmp_path):
    for claim in (
        "2 class(es)/struct(s) and 2 function(s)",
        "4 class(es)/struct(s) and 3 function(s)",
    ):
        assert (
            findings(cpp_page("aten/Hooks.cpp", claim), "docs/aten/Hooks.cpp_docs.md", "DL304")
            == []
        )


# The shape of `torch/csrc/api/src/optim/schedulers/step_lr.cpp`: a constructor
# and a method defined out of class; a count may leave out the constructor,
# which has no return type, but not the method.
STEP_LR = """namespace torch::optim {
StepLR::StepLR(Optimizer& optimizer, const unsigned step_size)
    : LRScheduler(optimizer), step_size_(step_size) {}
std::vector<double> StepLR::get_lrs() { return get_current_lrs(); }
} // namespace torch::optim
"""


def test_a_count_may_leave_out_constructors_not_methods(tmp_path):
    page = "docs/torch/optim/step_lr.cpp_docs.md"
    for claim in (
        "0 class(es)/struct(s) and 1 function(s)",
        "0 class(es)/struct(s) and 2 function(s)",
    ):
        assert findings(cpp_page("torch/optim/step_lr.cpp", claim, STEP_LR), page, "DL304") == []
    text = cpp_page("torch/optim/step_lr.cpp", "0 class(es)/struct(s) and 0 function(s)", STEP_LR)
    assert [message for _, _, message in messages(text, page, tmp_path)] == [
        "claims approximately 0 classes/structs and 0 functions; its Original Source has"
        f" 0 classes/structs and 1-2 functions {CONVENTION}"
    ]


def test_cpp_source_mostly_unreadable_is_not_judged(tmp_path):
    # Macros the parser cannot place on most lines: its counts are guesses.
    body = "".join(f"MACRO_{n}(a) MACRO_{n}(b) {{{{ ]]\n" for n in range(8)) + "struct A {};\n"
    text = cpp_page("aten/Macros.h", "0 class(es)/struct(s) and 0 function(s)", body)
    assert findings(text, "docs/aten/Macros.h_docs.md", "DL304") == []
    assert findings(text.replace(body, "struct A {};\n"), "docs/aten/Macros.h_docs.md", "DL304")


REAL_CPP = REAL.parent / "real-cpp"


def test_real_cpp_counts():
    """The three real pages whose class count is below the classes they list
    and the one whose "0 function(s)" leaves out its three declarations
    (labelled in tests/labels), and the others of their folder, which are not."""
    require_shared()
    folder = REAL_CPP / "docs/aten/src/ATen/cuda/detail"
    report = check_paths([folder], Settings(select=["DL304"], root=REAL_CPP))
    got = [(Path(d.path).name, d.line, d.message.split(";")[0]) for d in report.diagnostics]
    assert got == [
        ("BLASConstants.h_docs.md", 36, "claims approximately 0 classes/structs and 0 functions"),
        ("CUDAHooks.cpp_docs.md", 581, "claims approximately 0 classes/structs and 53 functions"),
        ("CUDAHooks.h_docs.md", 96, "claims approximately 0 classes/structs and 41 functions"),
        (
            "DeviceThreadHandles.h_docs.md",
            176,
            "claims approximately 1 class/struct and 12 functions",
        ),
    ]


# ---- subfolders and files of a folder's doc.md ---------------------------------


def test_folder_counts(tmp_path):
    tree = {"pkg/a.py": "", "pkg/b.py": "", "pkg/README.md": "", "pkg/sub/x.py": ""}
    tree.update({"pkg/.git/HEAD": "", "pkg/__pycache__/a.pyc": ""})  # never counted
    write(tmp_path, tree)
    right = folder_doc("pkg", 1, 3, {".md": 1, ".py": 2}, ["sub"])
    assert findings(right, "docs/pkg/doc.md", "DL304", tmp_path) == []
    wrong = folder_doc("pkg", 2, 4, {".md": 1, ".py": 3}, ["sub"])
    assert messages(wrong, "docs/pkg/doc.md", tmp_path) == [
        (11, 5, "claims 2 subfolder(s); `pkg/` has 1"),
        (12, 5, "claims 4 file(s); `pkg/` has 3"),
        (17, 3, "claims 3 `.py` file(s); `pkg/` has 2"),
    ]


def test_folder_under_docs_does_not_count_its_own_folder_pages(tmp_path):
    pages = ["a.py_docs.md", "a.py_kw.md", "index.md", "doc.md", "sub.md", "sub/index.md"]
    write(tmp_path, {f"docs/pkg/{name}": "" for name in pages})
    right = folder_doc("docs/pkg", 1, 2, {".md": 2}, ["sub"])
    assert findings(right, "docs/docs/pkg/doc.md", "DL304", tmp_path) == []
    wrong = folder_doc("docs/pkg", 1, 5, {".md": 5}, ["sub"])
    assert messages(wrong, "docs/docs/pkg/doc.md", tmp_path)[0] == (
        12,
        5,
        "claims 5 file(s); `docs/pkg/` has 2 besides its own index.md, doc.md and sub.md",
    )


def test_top_docs_folder_does_not_count_the_next_pass(tmp_path):
    # docs/index.md and docs/docs/ are written after the second pass counted docs/
    names = ["docs/index.md", "docs/a.py_docs.md", "docs/a.py_kw.md", "docs/docs/doc.md"]
    write(tmp_path, {name: "" for name in [*names, "docs/pkg/index.md"]})
    text = folder_doc("docs", 1, 2, {".md": 2}, ["pkg"])
    assert findings(text, "docs/docs/doc.md", "DL304", tmp_path) == []


def test_partial_listing_is_judged_only_where_it_proves_a_count_wrong(tmp_path):
    listing = ["pkg/a.py", "pkg/b.py"]
    # the page names a subfolder the listing does not show: a partial listing
    text = folder_doc("pkg", 1, 5, {".py": 5}, ["sub"])
    assert findings(text, "docs/pkg/doc.md", "DL304", tmp_path, known_paths=listing) == []
    # but no folder holds fewer files than the listing shows
    text = folder_doc("pkg", 1, 1, {".py": 1}, ["sub"])
    assert messages(text, "docs/pkg/doc.md", tmp_path, known_paths=listing) == [
        (12, 5, "claims 1 file(s); `pkg/` has 2"),
        (16, 3, "claims 1 `.py` file(s); `pkg/` has 2"),
    ]
    # when it shows everything the page names, a count above it is wrong too
    text = folder_doc("pkg", 0, 5, {".py": 5})
    got = messages(text, "docs/pkg/doc.md", tmp_path, known_paths=listing)
    assert [line for line, _, _ in got] == [12, 16]


def _real(path: str) -> tuple[str, list[str]]:
    """A page of the real slice and the slice's listing."""
    return (REAL / path).read_text(encoding="utf-8"), _listing()


def _listing() -> list[str]:
    return (REAL / "LISTING.txt").read_text(encoding="utf-8").splitlines()


def test_real_slice_is_silent_where_the_listing_is_partial():
    require_shared()
    settings = Settings(select=["DL304"], root=REAL, known_paths=_listing())
    assert check_paths([REAL / "docs"], settings).diagnostics == []
    # the root, test/distributed/ and its docs are listed only in part: even a
    # wrong total is not judged there
    for path in (
        "docs/doc.md",
        "docs/test/distributed/doc.md",
        "docs/docs/test/distributed/doc.md",
    ):
        text, listing = _real(path)
        for claim in ("**34 file(s)**", "**43 file(s)**", "**86 file(s)**"):
            text = text.replace(claim, "**99 file(s)**")
        assert messages(text, path, REAL, known_paths=listing) == [], path


def test_real_tensor_folders_are_fully_listed_and_judged():
    require_shared()
    # docs/test/distributed/tensor/ holds 58 pages besides its index.md, doc.md, sub.md
    path = "docs/docs/test/distributed/tensor/doc.md"
    text, listing = _real(path)
    for wrong in ("57", "59"):
        changed = text.replace("**58 file(s)**", f"**{wrong} file(s)**")
        assert messages(changed, path, REAL, known_paths=listing) == [
            (
                12,
                5,
                f"claims {wrong} file(s); `docs/test/distributed/tensor/` has 58"
                " besides its own index.md, doc.md and sub.md",
            )
        ]
    # test/distributed/tensor/ holds README.md and 28 Python files, in 3 subfolders
    path = "docs/test/distributed/tensor/doc.md"
    text, listing = _real(path)
    changed = text.replace("- `.py`: 28 file(s)", "- `.py`: 27 file(s)")
    changed = changed.replace("**3 subfolder(s)**", "**4 subfolder(s)**")
    assert messages(changed, path, REAL, known_paths=listing) == [
        (11, 5, "claims 4 subfolder(s); `test/distributed/tensor/` has 3"),
        (17, 3, "claims 27 `.py` file(s); `test/distributed/tensor/` has 28"),
    ]
