"""DL302 misclassified-file: a fixed sentence of a file documentation that
gives its file a role or a behaviour that the file's path or code does not
have, or of a folder page that gives a folder or a file of it a role it does
not have."""

from __future__ import annotations

import posixpath
from collections.abc import Callable, Iterable, Iterator
from functools import cache
from typing import TYPE_CHECKING, NamedTuple

from doclint.rule_api import (
    Cause,
    FileDocs,
    Finding,
    FolderDoc,
    FolderIndex,
    Rule,
    RuleContext,
    RuleDocs,
    compiled_on_use,
    shown_target,
)
from doclint.rule_api_generators import (
    PhraseBook,
)

from .._languages import Places, documented_places, language_of
from .._languages.python import is_python_path, parse_python, read_ast
from ._overview import OVERVIEW_CLAIM, overview_findings

if TYPE_CHECKING:
    import ast

# Endings of files that are documentation whatever folder they are in.
DOCUMENT_SUFFIXES = (".md", ".rst", ".markdown", ".ipynb")
# Folders whose files are documentation (Sphinx sources, `conf.py`, examples of a manual).
DOCUMENT_FOLDERS = frozenset({"doc", "docs", "documentation"})
# The core library's top folder: the generator says "core" of any path with "torch" in it
# (`android/pytorch_android/...`, a generated page under `docs/torch/`).
CORE_FOLDERS = frozenset({"torch"})
CUDA_SUFFIXES = (".cu", ".cuh", ".metal")
# Parts of the words of a GPU or parallel API (`cudaMalloc`, `at::cuda`, `MTLDevice`,
# `parallel_for`, Intel's `torch.xpu` and its SYCL runtime), and of the GPU toolchains
# a build script names instead of an API (`nvcc`, `nvidia-smi`, `/opt/rocm`); `hip`,
# `mtl` and `metal` only as a word's start ("ship", "html").
GPU_PARTS = (
    "cuda",
    "gpu",
    "cudnn",
    "cublas",
    "nccl",
    "parallel",
    "xpu",
    "sycl",
    "rocm",
    "nvcc",
    "nvidia",
)
GPU_STARTS = ("hip", "mtl", "metal", "mps")
# A benchmark is named so, or times something.
BENCH_PARTS = ("bench", "timeit", "perf_counter")
TIMING_WORDS = frozenset({"Timer", "high_resolution_clock", "steady_clock", "cudaEventElapsedTime"})
# Parts of the words of code that keeps things for reuse: a cache, a memo, a pool.
CACHE_PARTS = ("cache", "memoiz", "pool", "lru")
# Words of these parts that name no caching: CMake's configure cache (`set(X ... CACHE
# PATH ...)` stores a setting the user may override, it caches nothing).
NOT_CACHING = {"CMake": frozenset({"CACHE"})}
# Parts of the words of code that compiles at run time: `torch.jit`, the jiterator,
# NVRTC; `torch.compile` and its backends. A word `compile` alone counts too, though
# `re.compile` is none: the claim then goes unjudged rather than wrongly flagged.
JIT_PARTS = ("jit", "nvrtc", "inductor", "dynamo", "triton")
JIT_WORDS = frozenset({"compile", "compiler_fn", "torchscript"})
# The word of `torch.nn` (`nn.Module`, `import torch.nn as nn`, `torch::nn`).
NN_WORDS = frozenset({"nn"})
# The builtins that run a string as code, and the modules a program reaches them
# through by name (`builtins.exec`). The generator's trigger is the text "eval(" or
# "exec(" anywhere: the end of another name (`max_eval(`, `efficient_conv_bn_eval(`)
# or a method (`model.eval()`, which switches a module to inference) holds it too.
EVAL_WORDS = frozenset({"eval", "exec"})
BUILTIN_MODULES = frozenset({"builtins", "__builtins__"})
# Folders whose role sentence on a folder page describes that folder as a whole
# library ("The **torch** folder contains the main Python API for PyTorch..."):
# the generator writes it for every folder below too, where it is not that
# folder's role. The roles of `test`, `docs`, `tools` and `scripts` say what
# kind of files the folder holds, which stays true below it.
LIBRARY_FOLDERS = {"torch": "torch", "ATen": "aten", "C10": "c10", "Caffe2": "caffe2"}


class Claim(NamedTuple):
    """One fixed sentence of the generator and the test that earns it."""

    entry: str
    """The id of its phrase-book entry, which says how it is written and where."""
    cause: Cause
    role: str
    """What the sentence says the file is or does, for the message."""
    supported: Callable[[str, RuleContext, FileDocs], str | None]
    """None when the path or the code earns the claim, else why it does not."""


def _is_page(path: str, pages: tuple[str, ...]) -> bool:
    """Whether `path` is a page: prose, or a generated page (its name ends
    with one of `pages`, the endings of the run's generators' pages)."""
    return path.endswith(pages) or path.lower().endswith(DOCUMENT_SUFFIXES)


def _what_it_is(described: str, pages: tuple[str, ...]) -> str:
    if described.endswith(pages):
        return "a generated documentation page"
    extension = posixpath.splitext(described)[1]
    if extension == ".md":
        return "a Markdown file"
    return f"a `{extension}` file" if extension else "a file without an extension"


def _python_program(described: str, ctx: RuleContext, page: FileDocs) -> str | None:
    if is_python_path(described):
        return None
    return f"it is {_what_it_is(described, ctx.generators.page_suffixes)}, not a Python program"


def _package_init(described: str, ctx: RuleContext, page: FileDocs) -> str | None:
    return _not_package_init(described, ctx.generators.page_suffixes)


def _not_package_init(path: str, pages: tuple[str, ...]) -> str | None:
    if posixpath.basename(path) in ("__init__.py", "__init__.pyi"):
        return None
    return f"it is {_what_it_is(path, pages)}, not a package's `__init__.py`"


def _documentation(described: str, ctx: RuleContext, page: FileDocs) -> str | None:
    folders = described.lower().split("/")[:-1]
    if _is_page(described, ctx.generators.page_suffixes) or any(
        folder in DOCUMENT_FOLDERS for folder in folders
    ):
        return None
    what = _what_it_is(described, ctx.generators.page_suffixes)
    return (
        f"it is {what} outside any `doc`/`docs` folder"
        ' (the generator matches "doc" anywhere in the path)'
    )


def _configuration(described: str, ctx: RuleContext, page: FileDocs) -> str | None:
    # The generator's trigger is "config" or "setup" in the name: what a source
    # named so does is not judged, but a generated page configures nothing.
    if described.endswith(ctx.generators.page_suffixes):
        return f"it is {_what_it_is(described, ctx.generators.page_suffixes)}, not code"
    return None


def _named_kind(described: str, ctx: RuleContext, page: FileDocs) -> str | None:
    # The generator's kind of a file is made from its extension: "()" for none.
    what = _what_it_is(described, ctx.generators.page_suffixes)
    return f"it is {what}, and the sentence names no kind"


def _core_library(described: str, ctx: RuleContext, page: FileDocs) -> str | None:
    if described.split("/", 1)[0] in CORE_FOLDERS:
        return None
    return f"it is {_what_it_is(described, ctx.generators.page_suffixes)} outside `torch/`"


def _code_claim(
    evidence: str,
    supports: Callable[[frozenset[str], str], bool],
    path_supports: Callable[[str], bool],
) -> Callable[[str, RuleContext, FileDocs], str | None]:
    """A claim about what the source's code does: earned by its path, or by a
    word that its language's reader finds in code (not in comments, docstrings
    or sentences). Silent when there is no source or no reader for it."""

    def test(described: str, ctx: RuleContext, page: FileDocs) -> str | None:
        if _is_page(described, ctx.generators.page_suffixes):
            return f"it is {_what_it_is(described, ctx.generators.page_suffixes)}, not code"
        if path_supports(described):
            return None
        places: Places | None = documented_places(page, ctx)
        language = language_of(described)
        if places is None or language is None:
            return None
        if supports(places.used, language.name):
            return None
        return f"its code has no {evidence}"

    return test


def _lowered(words: Iterable[str]) -> str:
    """The words lowercased, each after a newline: a part found in the text is
    a part of one word (words hold no newline), and a newline before it marks
    a word's start. One search of this text where a search per word costs a
    call per word of the source."""
    return "\n" + "\n".join(words).lower()


def _gpu_code(code: frozenset[str], language: str) -> bool:
    lowered = _lowered(code)
    return any(part in lowered for part in GPU_PARTS) or any(
        "\n" + start in lowered for start in GPU_STARTS
    )


def _gpu_path(path: str) -> bool:
    return path.lower().endswith(CUDA_SUFFIXES)


def _bench_code(code: frozenset[str], language: str) -> bool:
    if not TIMING_WORDS.isdisjoint(code):
        return True
    lowered = _lowered(code)
    return any(part in lowered for part in BENCH_PARTS)


def _bench_path(path: str) -> bool:
    return any("bench" in folder for folder in path.lower().split("/")[:-1])


def _cache_code(code: frozenset[str], language: str) -> bool:
    lowered = _lowered(code - NOT_CACHING.get(language, frozenset()))
    return any(part in lowered for part in CACHE_PARTS)


def _jit_code(code: frozenset[str], language: str) -> bool:
    if not JIT_WORDS.isdisjoint(code):
        return True
    lowered = _lowered(code)
    return any(part in lowered for part in JIT_PARTS)


def _nn_code(code: frozenset[str], language: str) -> bool:
    return not NN_WORDS.isdisjoint(code)


def _eval_call(described: str, ctx: RuleContext, page: FileDocs) -> str | None:
    """The builtin `eval` or `exec` in the source's code. In Python, the names
    as `ast` reads them (a method `.eval()` or another function whose name
    ends so is no call of the builtin); in another language with a reader,
    the word `eval` or `exec` in code (a shell's `eval`, a C++ member: left
    standing, as its reader cannot tell them apart). A Python text `ast`
    cannot read (Python 2's `exec code` statement) is not judged."""
    if _is_page(described, ctx.generators.page_suffixes):
        return f"it is {_what_it_is(described, ctx.generators.page_suffixes)}, not code"
    places: Places | None = documented_places(page, ctx)
    source = ctx.source(page)
    if places is None or source is None:
        return None
    if EVAL_WORDS.isdisjoint(places.used):
        return "its code has no `eval` or `exec`" + _other_names(places.used)
    if not is_python_path(described):
        return None
    called: bool | None = read_ast(lambda: _calls_builtin_eval(parse_python(source.text)))
    if called is None or called:
        return None
    return "its code calls no builtin `eval` or `exec`, only methods of those names"


def _other_names(code: frozenset[str]) -> str:
    """The names of code that end as the builtins do, which hold the generator's
    trigger `eval(`: `max_eval`, `efficient_conv_bn_eval`."""
    names = sorted(w for w in code if w.endswith(tuple(EVAL_WORDS)) and w not in EVAL_WORDS)
    if not names:
        return ""
    shown = ", ".join(f"`{name}`" for name in names[:3]) + (", ..." if len(names) > 3 else "")
    return f" ({shown} {'is another name' if len(names) == 1 else 'are other names'})"


def _calls_builtin_eval(tree: ast.Module) -> bool:
    """Whether the module names the builtin `eval` or `exec` (called, or passed
    on: `run = eval`), or reaches it through `builtins`."""
    import ast

    for node in ast.walk(tree):
        if isinstance(node, ast.Name) and node.id in EVAL_WORDS:
            if isinstance(node.ctx, ast.Load):
                return True
        elif isinstance(node, ast.Attribute) and node.attr in EVAL_WORDS:
            value = node.value
            if isinstance(value, ast.Name) and value.id in BUILTIN_MODULES:
                return True
    return False


def _aten(described: str, ctx: RuleContext, page: FileDocs) -> str | None:
    if described.split("/", 1)[0] == "aten" and not _is_page(
        described, ctx.generators.page_suffixes
    ):
        return None
    where = "" if _is_page(described, ctx.generators.page_suffixes) else " outside `aten/`"
    return f"it is {_what_it_is(described, ctx.generators.page_suffixes)}{where}"


def _no_path(path: str) -> bool:
    return False


PURPOSE_CLAIM = Cause(
    "misclassified-file/purpose-claim", "Non-Python file called a test file in its purpose"
)
TESTING_CLAIM = Cause(
    "misclassified-file/testing-claim", "Non-Python file given a test command to run"
)
PACKAGE_INIT_CLAIM = Cause(
    "misclassified-file/package-init-claim",
    "Package initialization claimed of another file than its init",
)
DOCUMENTATION_CLAIM = Cause(
    "misclassified-file/documentation-claim", "File outside any documentation called part of it"
)
GPU_CLAIM = Cause(
    "misclassified-file/gpu-claim", "GPU or parallel computing claimed without such code"
)
BENCHMARK_CLAIM = Cause(
    "misclassified-file/benchmark-claim", "Benchmarking claimed without code that times anything"
)
CACHING_CLAIM = Cause(
    "misclassified-file/caching-claim", "Caching claimed without code that names a cache"
)
CONFIGURATION_CLAIM = Cause(
    "misclassified-file/configuration-claim", "Generated page said to handle configuration"
)
EMPTY_KIND_CLAIM = Cause(
    "misclassified-file/empty-kind-claim", 'File without an extension called a "source file ()"'
)
CORE_LIBRARY_CLAIM = Cause(
    "misclassified-file/core-library-claim", "File outside the torch folder called core library"
)
ATEN_CLAIM = Cause(
    "misclassified-file/aten-claim", "File outside the aten folder, or a page, called part of ATen"
)
EVAL_CLAIM = Cause(
    "misclassified-file/eval-claim", "Code execution by eval() or exec() claimed without the call"
)
JIT_CLAIM = Cause(
    "misclassified-file/jit-claim", "JIT compilation claimed without code that compiles"
)
NEURAL_NETWORK_CLAIM = Cause(
    "misclassified-file/neural-network-claim", "Neural network use claimed without torch.nn in code"
)
FOLDER_ROLE_CLAIM = Cause(
    "misclassified-file/folder-role-claim", "Folder given the role of the library folder above it"
)
INDEX_ROW_CLAIM = Cause(
    "misclassified-file/index-row-claim",
    "Index row calling a non-init file a package initialization",
)
TEST_ROW_CLAIM = Cause(
    "misclassified-file/test-row-claim", "Index row calling a generated page a test file"
)
CODE_ROW_CLAIM = Cause(
    "misclassified-file/code-row-claim", "Index row calling a licence, a readme or data source code"
)
GLOBAL_INDEX_CLAIM = Cause(
    "misclassified-file/global-index-claim",
    "Parent folder's index linked as the Global Index",
)

# The generator's fixed sentences, each with its test: the one table of the rule.
CLAIMS: tuple[Claim, ...] = (
    Claim(
        "FP-TEST",
        PURPOSE_CLAIM,
        "a test file",
        _python_program,
    ),
    Claim(
        "FP-INIT",
        PACKAGE_INIT_CLAIM,
        "a Python package initialization file",
        _package_init,
    ),
    Claim(
        "FP-DOC",
        DOCUMENTATION_CLAIM,
        "part of the documentation",
        _documentation,
    ),
    Claim(
        "FP-CONFIG",
        CONFIGURATION_CLAIM,
        "a file that handles configuration or setup",
        _configuration,
    ),
    Claim(
        "FP-GENERIC-EMPTY",
        EMPTY_KIND_CLAIM,
        'a "source file ()"',
        _named_kind,
    ),
    Claim(
        "TS-RUN",
        TESTING_CLAIM,
        "a test file to run",
        _python_program,
    ),
    Claim(
        "AR-CORE",
        CORE_LIBRARY_CLAIM,
        "part of the core PyTorch library",
        _core_library,
    ),
    Claim(
        "AR-ATEN",
        ATEN_CLAIM,
        "part of ATen, PyTorch's C++ tensor library",
        _aten,
    ),
    Claim(
        "CP-NN",
        NEURAL_NETWORK_CLAIM,
        "code that defines or uses neural network components",
        _code_claim("`torch.nn`", _nn_code, _no_path),
    ),
    Claim(
        "PN-GPU",
        GPU_CLAIM,
        "GPU/parallel computing code",
        _code_claim("CUDA, GPU, Metal or parallel API", _gpu_code, _gpu_path),
    ),
    Claim(
        "PN-BENCH",
        BENCHMARK_CLAIM,
        "benchmarking code",
        _code_claim("benchmark or timer", _bench_code, _bench_path),
    ),
    Claim(
        "PN-CACHE",
        CACHING_CLAIM,
        "code that caches",
        _code_claim("cache, memoization or pool", _cache_code, _no_path),
    ),
    Claim(
        "PN-JIT",
        JIT_CLAIM,
        "code that may involve JIT compilation",
        _code_claim("JIT or compiler API", _jit_code, _no_path),
    ),
    Claim(
        "SC-EVAL",
        EVAL_CLAIM,
        "code that runs strings with `eval()` or `exec()`",
        _eval_call,
    ),
)


def _written_claims(book: PhraseBook | None) -> dict[str, tuple[tuple[Claim, str], ...]]:
    """Per section title, the claims a template's phrase book writes there,
    each with the words a line holding it has."""
    return _claims_of(book) if book is not None else {}


@cache
def _claims_of(book: PhraseBook) -> dict[str, tuple[tuple[Claim, str], ...]]:
    # Kept by the phrase book, not by a template's id: an id names another
    # template in a run whose configuration names other generators.
    entries = {entry.id: entry for entry in book.entries}
    found: dict[str, list[tuple[Claim, str]]] = {}
    for claim in CLAIMS:
        entry = entries.get(claim.entry)
        words = entry.words() if entry is not None else None
        if entry is not None and words is not None:
            found.setdefault(entry.section, []).append((claim, words))
    return {section: tuple(claims) for section, claims in found.items()}


# A folder page's role sentence that names a folder ("The **ATen** folder contains ...").
_FOLDER_ROLE = compiled_on_use(r"The \*\*(\w+)\*\* folder (?:contains|provides)")


def _folder_role(page: FolderDoc, ctx: RuleContext) -> Iterator[Finding]:
    """The role sentence of a folder's doc.md that is the role of the library
    folder the folder is in, not its own."""
    folder = page.described
    if folder is None:
        return
    for section in page.sections:
        if section.title != "Role in PyTorch":
            continue
        for line in range(section.line + 1, min(section.end_line, len(ctx.lines)) + 1):
            text = ctx.lines[line - 1]
            match = _FOLDER_ROLE.search(text)
            top = LIBRARY_FOLDERS.get(match[1]) if match else None
            if match is None or top is None or _is_library_folder(folder, top):
                continue
            message = (
                f'gives `{folder}/` the role of `{top}/` ("the **{match[1]}** folder"),'
                " a sentence the generator copies to every folder under it"
            )
            yield Finding(line, match.start() + 1, message, cause=FOLDER_ROLE_CLAIM)


# The label of the link a folder's doc.md gives the start page, by the generator's words.
_GLOBAL_INDEX = "Global Index"
START_PAGE = "index.md"


def _global_index(page: FolderDoc, ctx: RuleContext) -> Iterator[Finding]:
    """The "Global Index" link of a folder's doc.md when it targets another
    page than the start page: the generator writes `../index.md` at every
    depth, the parent folder's index below the top level."""
    folder = page.described
    suffix = f"/{folder}/doc.md"
    if not folder or not page.path.endswith(suffix):
        return  # the root's own page, or one not where its title puts it
    for link in page.markdown.links:
        if link.text != _GLOBAL_INDEX or ctx.resolve(page, link.target) is None:
            continue  # another link, or one out of the tree
        # Where the link leads inside the documentation tree, whose top is "".
        target = link.target.split("#", 1)[0]
        reached = posixpath.normpath(posixpath.join(folder, target))
        if reached == START_PAGE:
            continue
        message = (
            f'links "{_GLOBAL_INDEX}" to `{shown_target(link.target)}`, which is'
            f" `{shown_target(reached)}` of the documentation, not its start page `{START_PAGE}`"
        )
        yield Finding(link.line, link.column, message, cause=GLOBAL_INDEX_CLAIM)


def _is_library_folder(folder: str, top: str) -> bool:
    """Whether `folder` is the library folder `top` names: `aten/`, or its
    own-named folder below it (`aten/src/ATen`)."""
    parts = folder.split("/")
    return parts[0] == top and parts[-1].lower() == top


def _not_a_test(name: str, pages: tuple[str, ...]) -> str | None:
    if _is_page(name, pages):
        return f"it is {_what_it_is(name, pages)}, not a test"
    return None


# Names of texts that are no program whatever their extension (`LICENSE`, `README.txt`).
TEXT_STEMS = frozenset({"license", "licence", "readme", "copying", "notice", "authors"})
# Endings of files that hold data or prose, not code.
DATA_SUFFIXES = (".csv", ".tsv", ".rst", ".markdown")


def _not_source_code(name: str, pages: tuple[str, ...]) -> str | None:
    stem, extension = posixpath.splitext(name.lower())
    if stem in TEXT_STEMS:
        return f"it is a {name.split('.', 1)[0]} text, not code"
    if extension in DATA_SUFFIXES:
        return f"it is {_what_it_is(name, pages)}: prose or data, not code"
    return None


# A folder index's descriptions of a file that its name can refute, each with its test
# (None when the name earns it, else why not) and what the description says it is.
# "Documentation" (a `.md`) and "Configuration" (a `.yml`) follow from the extension,
# which earns them; what a test_*.sh or test_*.cpp does the name cannot tell.
_ROW_CLAIMS: dict[str, tuple[str, Callable[[str, tuple[str, ...]], str | None], Cause]] = {
    "Package initialization": (
        "a package initialization file",
        _not_package_init,
        INDEX_ROW_CLAIM,
    ),
    "Test file": ("a test file", _not_a_test, TEST_ROW_CLAIM),
    "Source code": ("source code", _not_source_code, CODE_ROW_CLAIM),
}


def _index_rows(page: FolderIndex, ctx: RuleContext) -> Iterator[Finding]:
    """The rows of a folder index whose description the file's name refutes:
    the generator calls every name holding `__init__` a package
    initialization and every name starting `test_` a test file, its own pages
    (`__init__.py_docs.md`, `test_x.py_kw.md`) included, and any other name
    without a known extension source code."""
    for row in page.files:
        claim = _ROW_CLAIMS.get(row.description)
        if claim is None:
            continue
        role, refuted, cause = claim
        reason = refuted(row.name, ctx.generators.page_suffixes)
        if reason is None:
            continue
        text = ctx.lines[row.line - 1] if row.line <= len(ctx.lines) else ""
        column = text.find(row.description, text.find(row.name) + len(row.name)) + 1
        message = f"says `{row.name}` is {role}, but {reason}"
        yield Finding(row.line, column or row.column, message, cause=cause)


class MisclassifiedFile(Rule[FileDocs | FolderDoc | FolderIndex]):
    code = "DL302"
    name = "misclassified-file"
    summary = "A fixed sentence gives a file or folder a role or behaviour it does not have."
    docs = RuleDocs(
        what="""Flags each fixed sentence of a file documentation that gives the file
        a role its path does not have or a behaviour its code does not show:

        - "This appears to be a **test file**." (File Purpose) and "This is a
          test file. Run it with:" (Testing) for a file that is not a Python
          program;
        - "This is a **Python package initialization file**." for a file that is
          not an `__init__.py`;
        - "This file is part of the **documentation**." for a file that is not a
          page (`.md`, `.rst`, a generated page) and not in a `doc`/`docs` folder;
        - "This file appears to involve **GPU/parallel computing** capabilities."
          for a source whose code names no CUDA, GPU (XPU, SYCL), Metal or
          parallel API, nor a GPU toolchain (`nvcc`, `nvidia-smi`, ROCm: what a
          shell, CMake or YAML build names), and that is not a
          `.cu`/`.cuh`/`.metal` file;
        - "Contains **benchmarking** code or performance tests." for a source
          outside a benchmarks folder whose code names no benchmark or timer;
        - "Implements or uses **caching** mechanisms." for a source whose code
          names no cache;
        - "which is part of the **core PyTorch library**" (Architecture) for a
          file outside the top `torch/` folder (the Android binding, a page);
        - "which is part of **ATen** (A Tensor Library)" (Architecture) for a
          file outside the top `aten/` folder, or a generated page;
        - "**Neural Network**: Defines or uses PyTorch neural network
          components" (Common Patterns) for a source whose code never names
          `nn` (`torch.nn` only in a docstring or a comment does not count);
        - "May involve **JIT compilation** or compilation optimizations." for a
          source whose code names no JIT or compiler API (`torch.jit`,
          `torch.compile`, NVRTC, the jiterator): a labeler config's path globs
          (`torch/csrc/jit/**`) and quoted label names (`"module: dynamo":`) are
          text, not code;
        - "**Code Execution**: Uses `eval()` or `exec()`" (Security
          Considerations) for a source whose code never names the builtin
          `eval` or `exec`: a method `model.eval()`, a name that ends so
          (`efficient_conv_bn_eval(`, where the generator found "eval("), a
          docstring or a comment runs no string. In Python the names are read by
          `ast` (`eval(x)`, `exec(code)`, `builtins.exec`); in another language,
          the word `eval` or `exec` in code earns it (a shell's `eval`), as its
          reader cannot tell a builtin from a member of that name;
        - "This file handles **configuration or setup**." for a generated page
          (`config.py_kw.md`: the generator's trigger is the word in the name;
          what a source named so does is not judged);
        - "This is a source file () that is part of the PyTorch project." for
          a file without an extension: the sentence names no kind;
        - a Python file's High-Level Overview (the generator's first
          triple-quoted string of the text, newlines removed) that is the
          docstring of a class or function, not the module's, or that runs on
          past its closing quotes into code;
        - on a folder's doc.md, a "Role in PyTorch" sentence that is the role of
          the library folder it is in ("The **torch** folder contains the main
          Python API...", "The **ATen** folder contains the C++ tensor
          library...", C10, Caffe2) when the folder is not that folder;
        - on a folder's doc.md, a "[Global Index](../index.md)" link below the
          top level, where `../index.md` is the parent folder's index, not the
          tree's start page;
        - on a folder's index.md, a file row described as "Package
          initialization" when the file is not an `__init__.py`, as "Test file"
          when it is a generated page (`test_x.py_docs.md`), as "Source code"
          when it is a licence, a readme or data (`.csv`, `.rst`). What a
          `test_x.sh` or `test_x.cpp` row's file does its name cannot tell: not
          judged.

        A generated page is documentation: it is never a test, a package's
        initialization, GPU code, a benchmark or a cache. Code is what the
        source's language reader (`doclint_rules._languages`) reads as code:
        comments, docstrings and sentences do not count, nor does code that only
        switches a thing off or removes it (a shell script's `USE_CUDA=0` and
        `rm -rf /usr/local/cuda*` make no GPU code). A YAML workflow's
        `cache: pip` is code and earns the caching claim (the setup action
        caches the downloads); CMake's `set(X ... CACHE PATH ...)` does not (it
        stores a setting, it caches nothing). A source the tree does not have,
        or whose language has no reader, is not judged on code claims. Every
        occurrence is reported where it stands, the embedded page's own included.""",
        why="""The generator writes these sentences when a word
        occurs anywhere: "test" or "doc" in the path (`docker` is "doc"),
        "cuda", "benchmark" or "cache" anywhere in the text, comments included.
        Shell install scripts are announced as documentation, Markdown pages as
        test files to run and as GPU code, a CMake file as caching. Readers and
        tools that sort files by role or look for GPU or benchmark code are sent
        to the wrong files.""",
        example="""```markdown
        ## File Purpose

        This file is part of the **documentation**.
        ```""",
        example_note="the documentation of a shell script under `.ci/docker/`",
        use_instead="""```markdown
        ## File Purpose

        This is a shell script that is part of the PyTorch project.
        ```""",
    )
    causes = (
        *(claim.cause for claim in CLAIMS),
        FOLDER_ROLE_CLAIM,
        OVERVIEW_CLAIM,
        GLOBAL_INDEX_CLAIM,
        INDEX_ROW_CLAIM,
        TEST_ROW_CLAIM,
        CODE_ROW_CLAIM,
    )

    def check(
        self, page: FileDocs | FolderDoc | FolderIndex, ctx: RuleContext
    ) -> Iterator[Finding]:
        if isinstance(page, FolderDoc):
            yield from _folder_role(page, ctx)
            yield from _global_index(page, ctx)
            return
        if isinstance(page, FolderIndex):
            yield from _index_rows(page, ctx)
            return
        described = page.described
        if not described:
            return
        if is_python_path(described):
            yield from overview_findings(page, ctx)
        verdicts: dict[Claim, str | None] = {}
        written = _written_claims(ctx.generators.phrase_book(page.template))
        for section in page.sections:
            claims = written.get(section.title)
            if not claims:
                continue
            last = min(section.end_line, len(ctx.lines))
            for line in range(section.line + 1, last + 1):
                text = ctx.lines[line - 1]
                for claim, phrase in claims:
                    if phrase not in text:
                        continue
                    if claim not in verdicts:
                        verdicts[claim] = claim.supported(described, ctx, page)
                    reason = verdicts[claim]
                    if reason is None:
                        continue
                    message = (
                        f"says `{posixpath.basename(described)}` is {claim.role}, but {reason}"
                    )
                    column = text.find(phrase)
                    while column >= 0:
                        yield Finding(line, column + 1, message, cause=claim.cause)
                        column = text.find(phrase, column + len(phrase))
