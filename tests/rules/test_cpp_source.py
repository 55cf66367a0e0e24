"""The facts `_languages.cpp` reads from C, C++ and CUDA texts: hand-made snippets
for each pitfall of the grammar, and the real sources embedded in the real
C++ slice's pages."""

from __future__ import annotations

import time

import pytest
from doclint_rules._common.source_facts import DocumentedSource
from doclint_rules._languages import cpp as _cpp_source
from doclint_rules._languages.cpp import CppFacts, cpp_facts, is_cpp_path

from doclint.api import parse
from tests.conftest import SHARED, pure_python_only, require_shared

DETAIL = SHARED / "corpus" / "real-cpp" / "docs" / "aten" / "src" / "ATen" / "cuda" / "detail"


def embedded(page: str) -> str:
    """The source a real page embeds whole in its Original Source fence."""
    require_shared()
    source = parse((DETAIL / page).read_text(encoding="utf-8")).source
    assert source is not None, page
    return source.text


@pytest.mark.parametrize(
    ("path", "expected"),
    [
        ("a/b.cpp", True),
        ("k.cu", True),
        ("k.cuh", True),
        ("x.hpp", True),
        ("x.hh", True),
        ("x.cc", True),
        ("x.cxx", True),
        ("x.c", True),
        ("x.h", True),
        ("x.py", False),
        ("x.hpp.md", False),
        ("CMakeLists.txt", False),
        (None, False),
    ],
)
def test_is_cpp_path_by_extension(path: str | None, expected: bool) -> None:
    assert is_cpp_path(path) is expected


def test_export_macro_is_not_the_class() -> None:
    # The grammar alone names the class TORCH_API (a function definition
    # with no error node, or a declaration with errors once bases follow).
    facts = cpp_facts(
        "class TORCH_API Foo { int x; void g(); };\n"
        "struct C10_API Bar : public Baz { void f(); };\n"
        "class TORCH_CUDA_CPP_API Qux final : public A, private B {\n"
        " public:\n  Qux();\n  void h() const override;\n};\n"
        "template <typename T> class TORCH_API Tpl { };\n"
    )
    assert facts.classes == {"Foo", "Bar", "Qux", "Tpl"}
    assert facts.export_macros == {"TORCH_API", "C10_API", "TORCH_CUDA_CPP_API"}
    assert facts.functions == {"g", "f", "Qux", "h"}
    assert facts.unsure == ()


def test_export_macro_of_a_forward_declaration() -> None:
    facts = cpp_facts("class TORCH_API Fwd;\nclass Plain;\n")
    assert facts.declared_types == {"Fwd", "Plain"}
    assert facts.export_macros == {"TORCH_API"}


def test_elaborated_type_declares_its_name() -> None:
    # `struct X` without a body declares X in C and C++ wherever it stands:
    # a typedef, a variable, a parameter, a return type, a specialisation.
    facts = cpp_facts(
        "typedef struct _ompd_aspace_cont ompd_address_space_context_t;\n"
        "struct stat st;\n"
        "struct Ret *make(union Arg *a, enum Mode m);\n"
        "template <> class complex<float>;\n"
        "struct Defined { struct Member *m; };\n"
    )
    assert facts.declared_types == {
        "_ompd_aspace_cont",
        "stat",
        "Ret",
        "Arg",
        "Mode",
        "complex",
        "Member",
    }
    assert facts.classes == {"Defined"}


def test_template_parameters_are_not_declared_types() -> None:
    # A macro before the function leaves the template head unread, and its
    # `class _Tp` looks like an elaborated type to the grammar.
    facts = cpp_facts(
        "template <class _Tp, class _Up = int, class... _Rest>\n"
        "_LIBCUDACXX_HIDE_FROM_ABI constexpr bool f(_Up* r, _Tp* first);\n"
    )
    assert not facts.declared_types & {"_Tp", "_Up", "_Rest"}


def test_a_macro_that_writes_a_template_head_declares_no_type() -> None:
    # CCCL's `_CCCL_TEMPLATE(class _Tp)` is `template <class _Tp>`; another
    # macro given `class Widget` names a real type.
    facts = cpp_facts(
        "_CCCL_TEMPLATE(class _Tp, class _Up = _Tp)\n"
        "_CCCL_REQUIRES(is_integral<_Tp>)\n"
        "constexpr int f(_Tp a, _Up b);\n"
        "DECLARE_HOOK(class Widget);\n"
    )
    assert facts.declared_types == {"Widget"}


def test_macros_between_class_key_and_name_are_export_macros() -> None:
    facts = cpp_facts(
        "template <class _Arg, class _Result>\n"
        "struct _CCCL_TYPE_VISIBILITY_DEFAULT _LIBCUDACXX_DEPRECATED_IN_CXX11 unary_function\n"
        "{\n  using result_type = _Result;\n};\n"
    )
    assert facts.classes == {"unary_function"}
    assert facts.export_macros == {
        "_CCCL_TYPE_VISIBILITY_DEFAULT",
        "_LIBCUDACXX_DEPRECATED_IN_CXX11",
    }
    # A macro blanked elsewhere is no export macro.
    assert not cpp_facts("CUB_NAMESPACE_BEGIN\nint f();\nCUB_NAMESPACE_END\n").export_macros


def test_cuda_launch_is_a_call() -> None:
    facts = cpp_facts(
        "__global__ void k(int* x) { }\n"
        "void h(int* x) { k<<<1, 2>>>(x); }\n"
        "void h2(int* x) { k<T><<<grid, block, 0, stream>>>(x); }\n"
    )
    assert facts.functions == facts.function_definitions == {"k", "h", "h2"}
    assert facts.unsure == ()


def test_cuda_qualifiers_and_host_device_macros() -> None:
    facts = cpp_facts(
        "__device__ __forceinline__ int f(int a) { return a; }\n"
        "C10_HOST_DEVICE inline int g(int a) { return a; }\n"
        "static __host__ __device__ IndexType get(int a) { return a; }\n"
        "__host__ __device__ __forceinline__ std::tuple<uint64_t, uint64_t>\n"
        "unpack(State arg) { return {}; }\n"
        "CUresult CUDAAPI launch(CUfunction f);\n"
        "TORCH_CUDA_CPP_API void set_fn(void (*fn)());\n"
        "std::array<int, MAX_DIMS> sizes(int n);\n"
    )
    assert facts.functions == {"f", "g", "get", "unpack", "launch", "set_fn", "sizes"}
    assert facts.function_definitions == {"f", "g", "get", "unpack"}
    # Only words between `class` and a name are export macros.
    assert facts.export_macros == frozenset()
    assert facts.unsure == ()


def test_stray_macros_that_break_the_whole_file() -> None:
    # Inside an include guard, these macros turn the whole text into one
    # flat error node for the grammar (as in CUDA's libcu++ headers).
    facts = cpp_facts(
        "#ifndef GUARD_H\n#define GUARD_H\n\n_LIBCUDACXX_BEGIN_NAMESPACE_STD\n\n"
        "template <class _Tp>\n"
        "_CCCL_NODISCARD _LIBCUDACXX_HIDE_FROM_ABI constexpr bool __isnan_impl(_Tp __x) noexcept\n"
        "{\n  return __x != __x;\n}\n\n"
        "_CCCL_NODISCARD _LIBCUDACXX_HIDE_FROM_ABI constexpr bool isnan(float __x) noexcept\n"
        "{\n#if defined(_CCCL_BUILTIN_ISNAN)\n  return _CCCL_BUILTIN_ISNAN(__x);\n#else\n"
        "  return __isnan_impl(__x);\n#endif\n}\n\n"
        "struct Limits { int most = INT_MAX; };\n\n"
        "_LIBCUDACXX_END_NAMESPACE_STD\n\n#endif // GUARD_H\n"
    )
    assert facts.functions == facts.function_definitions == {"__isnan_impl", "isnan"}
    assert facts.classes == {"Limits"}
    assert facts.macros == {"GUARD_H"}
    assert facts.unsure == ()


def test_members_constructors_destructors_operators() -> None:
    facts = cpp_facts(
        "void A::f() {}\nA::A() {}\nA::~A() {}\nbool operator==(A a, A b);\n"
        "struct S {\n  S();\n  ~S();\n  S& operator=(const S&);\n  int* data() const;\n};\n"
        "void (*callback)();\n"
    )
    assert facts.functions == {"f", "A", "~A", "operator==", "S", "~S", "operator=", "data"}
    assert facts.function_definitions == {"f", "A", "~A"}
    assert facts.classes == {"S"}


def test_forward_declarations_are_not_classes() -> None:
    facts = cpp_facts("struct NVRTC;\nclass Later;\nclass Later { };\nstruct Done;\n")
    assert facts.classes == {"Later"}
    assert facts.declared_types == {"NVRTC", "Done"}


def test_enums_unions_and_nested_namespaces() -> None:
    facts = cpp_facts(
        "enum class E : int { a, b };\nenum F { x };\nunion U { int a; };\n"
        "namespace a::b { namespace c { struct In {}; } }\nnamespace { struct Anon {}; }\n"
        "typedef struct { int a; } Unnamed;\ntypedef struct N { int a; } N_t;\n"
    )
    assert facts.classes == {"E", "F", "U", "In", "Anon", "N"}
    assert facts.namespaces == {"a", "b", "c"}


def test_templates_and_specialisations() -> None:
    facts = cpp_facts(
        "template <typename T> struct X { T f(); };\n"
        "template <typename T> T X<T>::f() { return T(); }\n"
        "template <> struct X<int> { int g() { return 0; } };\n"
        "template <typename T> class Fwd;\n"
    )
    assert facts.classes == {"X"}
    assert facts.declared_types == {"Fwd"}
    assert facts.functions == {"f", "g"}


def test_includes_not_in_comments_or_strings() -> None:
    facts = cpp_facts(
        '#include <a/b.h>\n#include "c.h"\n// #include <d.h>\n/* #include <e.h>\n*/\n'
        'const char* s = "#include <f.h>";\n#define FOO(x) x\n#define BAR 1\n'
        "#if USE_G\n#include <g.h>\n#else\n#include <h.h>\n#endif\n"
    )
    assert facts.includes == (("a/b.h", 1), ("c.h", 2), ("g.h", 10), ("h.h", 12))
    assert facts.include_paths == {"a/b.h", "c.h", "g.h", "h.h"}
    assert facts.macros == {"FOO", "BAR"}


def test_both_preprocessor_branches_count() -> None:
    facts = cpp_facts(
        "#ifdef USE_ROCM\nstruct Hip { void run(); };\n#else\nstruct Cuda { void run(); };\n"
        "void cuda_only();\n#endif\n"
    )
    assert facts.classes == {"Hip", "Cuda"}
    assert facts.functions == {"run", "cuda_only"}


def test_statements_are_never_functions() -> None:
    body = "void f(int x) {\n  if (x) { g(); } else if (x > 1) {\n    for (;;) {}\n  }\n}\n"
    assert cpp_facts(body).functions == {"f"}
    # A stray brace closes the namespace early: error recovery then offers
    # `else if (x) {` as the definition of a function named `if`.
    stray = cpp_facts("namespace x {\n} else if (x) {\n}\n}\n")
    assert stray.functions == frozenset()
    assert stray.is_unsure(2)
    assert not stray.is_unsure(1)


def test_unreadable_lines_are_unsure() -> None:
    facts = cpp_facts("NVRTC_STUB2(nvrtcVersion, int*, int*)\n\nint fine();\n")
    assert facts.is_unsure(1)
    assert not facts.is_unsure(3)
    assert "fine" in facts.functions


def test_statements_given_to_a_macro_in_a_body_are_blanked() -> None:
    # CUDA's `NV_IF_TARGET(target, (statements))`: no expression holds a
    # `return`; a call the grammar misreads otherwise stays unsure.
    body = "int f(int v)\n{\n  %s;\n  return v;\n}\nint g();\n"
    facts = cpp_facts(body % "NV_IF_TARGET(NV_IS_DEVICE, (return v;))")
    assert facts.unsure == ()
    assert facts.functions == {"f", "g"}
    assert cpp_facts(body % "call(a b, @)").unsure == ((3, 3),)


def test_an_error_hides_only_what_the_grammar_could_not_place() -> None:
    # As in libcu++'s bit_reverse.h: the namespace macros, a statement-holding
    # macro and an `#if` in the second body leave an error node that spans
    # the include guard; once they are blanked, the one line left unread is
    # all that is unsure.
    facts = cpp_facts(
        "#ifndef GUARD_H\n#define GUARD_H\n\n_LIBCUDACXX_BEGIN_NAMESPACE_CUDA\n\n"
        "template <typename _Tp>\n"
        "_CCCL_NODISCARD _LIBCUDACXX_HIDE_FROM_ABI constexpr _Tp __generic(_Tp __v) noexcept\n"
        "{\n  return __v;\n}\n\n"
        "template <typename _Tp>\n"
        "_CCCL_NODISCARD _LIBCUDACXX_HIDE_FROM_ABI constexpr _Tp bit_reverse(_Tp __v) noexcept\n"
        "{\n  if (!is_constant_evaluated())\n  {\n"
        "    NV_IF_TARGET(NV_IS_DEVICE, (return ::cuda::__device(__v);))\n  }\n"
        "#if defined(_CCCL_BUILTIN_BITREVERSE32)\n  return ::cuda::__builtin(__v);\n#else\n"
        "  return ::cuda::__generic(__v);\n#endif\n}\n\n"
        "_LIBCUDACXX_END_NAMESPACE_CUDA\n\n#endif // GUARD_H\n"
    )
    assert facts.functions == {"__generic", "bit_reverse"}
    assert facts.unsure == ((17, 17),)  # the macro call short of its `;`


@pure_python_only
def test_memo_shares_file_and_embedded_copy(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[str] = []
    read = _cpp_source._read
    monkeypatch.setattr(_cpp_source, "_CACHE", type(_cpp_source._CACHE)(_cpp_source.CACHE_SIZE))
    monkeypatch.setattr(
        _cpp_source, "_read", lambda text, *rest: calls.append(text) or read(text, *rest)
    )
    first = cpp_facts("struct Memo { };")
    assert cpp_facts("struct Memo { };\n\n") is first
    assert calls == ["struct Memo { };"]


def test_count_ranges_run_from_the_first_branch_to_every_declaration() -> None:
    # Functions as the generator counts them, a declaration without a body
    # too (`f`, `p`), from the first branch (not `h`), less a constructor
    # (`E()`), which a count may leave out; up to all five.
    text = (
        "#if A\nstruct D { };\n#else\nstruct D { int x; };\nint h();\n#endif\n"
        "int f();\nint g() { return 0; }\nfloat *p();\nstruct E { E(); };\n"
    )
    ranges = cpp_facts(text).count_ranges(text)
    assert ranges is not None
    assert (ranges.classes, ranges.functions) == ((2, 3), (3, 5))


def test_approximately_is_a_tenth_short_at_most() -> None:
    # Nine declarations may be said to be nine, ten to be nine, twenty to be eighteen.
    for declared, least in ((9, 9), (10, 9), (20, 18)):
        text = "".join(f"int f{n}();\n" for n in range(declared))
        ranges = cpp_facts(text).count_ranges(text)
        assert ranges is not None and ranges.functions == (least, declared)


def test_count_ranges_of_a_mostly_unread_text_are_no_answer() -> None:
    text = "#define X(a) a\n" + "int g( { ] ) ;;; @@@ \n" * 10
    facts = cpp_facts(text)
    assert facts.unsure and facts.count_ranges(text) is None


def test_real_header_defines_its_class() -> None:
    facts = cpp_facts(embedded("CUDAHooks.h_docs.md"))
    assert facts.classes == {"CUDAHooks"}
    # Functions returning references too: `const Generator& getDefaultGenerator(`.
    assert {"CUDAHooks", "init", "hasCUDA", "set_magma_init_fn"} <= facts.functions
    assert {"getDefaultGenerator", "nvrtc"} <= facts.functions
    assert facts.function_definitions == {"CUDAHooks", "isBuilt", "isAvailable"}
    assert facts.includes == (("ATen/detail/CUDAHooksInterface.h", 3), ("ATen/Generator.h", 5))
    assert facts.namespaces == {"at", "cuda", "detail"}
    assert facts.unsure == ()


def test_real_forward_declaration_is_no_class() -> None:
    # The generator lists `NVRTC` among the classes of LazyNVRTC.h.
    facts = cpp_facts(embedded("LazyNVRTC.h_docs.md"))
    assert facts.classes == frozenset()
    assert facts.declared_types == {"NVRTC"}


def test_real_host_device_members_survive() -> None:
    # `C10_HOST_DEVICE DivMod(...)` alone turns the whole namespace into one
    # error node for the grammar.
    facts = cpp_facts(embedded("IntegerDivider.cuh_docs.md"))
    assert facts.classes == {"DivMod", "IntDivider"}
    assert facts.functions == {"DivMod", "IntDivider", "div", "mod", "divmod"}
    assert facts.includes == (("assert.h", 3), ("cuda_runtime.h", 5))
    assert facts.unsure == ()


@pytest.mark.parametrize(
    ("page", "functions"),
    [
        ("UnpackRaw.cuh_docs.md", {"unpack", "unpack_cudnn", "unpack_cudnn_wrapper"}),
        ("TensorInfo.cuh_docs.md", {"TensorInfo", "collapseDims", "get", "isContiguous"}),
        ("BLASConstants.cu_docs.md", {"get_cublas_device_one", "get_user_alpha_ptr"}),
        ("IndexUtils.cu_docs.md", {"compareSizeAndStride", "maybeOverlappingIndices"}),
    ],
)
def test_real_cuda_sources_yield_their_functions(page: str, functions: set[str]) -> None:
    facts = cpp_facts(embedded(page))
    assert functions <= facts.functions
    assert facts.unsure == ()


def test_real_device_variables_are_not_functions() -> None:
    # `__device__ __constant__ float cublas_one_device;` is a variable.
    facts = cpp_facts(embedded("BLASConstants.cu_docs.md"))
    assert not {"cublas_one_device", "cublas_zero_device"} & facts.functions


def test_real_macro_generated_stubs_are_unsure() -> None:
    text = embedded("LazyNVRTC.cpp_docs.md")
    facts = cpp_facts(text)
    stub = next(n for n, line in enumerate(text.splitlines(), 1) if line.startswith("CUDA_STUB1"))
    assert facts.is_unsure(stub)
    assert {"getLibVersion", "nvrtcCreateProgram", "cuLaunchKernel"} <= facts.functions
    assert {"CUDA_STUB1", "NVRTC_STUB2", "_REFERENCE_MEMBER"} <= facts.macros


def test_every_real_embedded_source_reads() -> None:
    require_shared()
    pages = sorted(DETAIL.glob("*_docs.md"))
    assert len(pages) >= 15
    for page in pages:
        facts = cpp_facts(embedded(page.name))
        assert isinstance(facts, CppFacts)
        assert facts.includes or facts.classes or facts.functions, page.name
        assert not facts.functions & _cpp_source._KEYWORDS, page.name


def test_declarations_the_grammar_reads_as_variables() -> None:
    # `T f(args);` is a variable built from values or a function taking types.
    facts = cpp_facts(
        "Foo make();\nint count(unsigned n);\nWidget w(x, 2);\nvoid set(void (*f)());\n"
    )
    assert facts.functions == {"make", "count", "set"}


def test_unsure_lines_are_searched_not_scanned() -> None:
    # Ranges many and small, as the repairs now leave them: each is found.
    facts = cpp_facts("int a;\n@@\nint b;\n@@\nint c;\n@@\n")
    assert facts.unsure == ((2, 2), (4, 4), (6, 6))
    assert [line for line in range(8) if facts.is_unsure(line)] == [2, 4, 6]


def test_a_name_on_every_line_of_a_misread_source_is_looked_up_in_linear_time() -> None:
    # keyword-as-class, phantom-keyword and prose-keyword ask whether a name
    # stands on a line the parser could not read: a count of the lines from
    # the start for each occurrence made it quadratic in the text.
    def seconds(lines: int) -> float:
        text = "x = Widget;\n" * lines + "@@@\n"
        source = DocumentedSource("a.h", text, cpp_facts(text))
        best = float("inf")
        for _ in range(5):
            started = time.perf_counter()
            assert not source.unsure_about("Widget")
            best = min(best, time.perf_counter() - started)
        return best

    # Eight times the lines: about eight times the time when linear, 64 when
    # not; the bound between them leaves room for a loaded machine's noise.
    assert seconds(32_000) < 32 * seconds(4_000)


@pytest.mark.parametrize(
    "head",
    [
        "namespace n {\nstruct TORCH_API Options : public Base<Options> {",
        "namespace n {\nstruct Options\n    : public Base<Options> {",
    ],
)
def test_a_class_whose_body_the_grammar_cannot_read_is_defined(head: str) -> None:
    # Members a macro writes leave the head loose tokens of an error node, on
    # one line or two; the member after ` public:` (read as a label) counts.
    text = (
        f"{head}\n  TORCH_ARG(betas_t, betas) = std::make_tuple(0.9, 0.999);\n\n"
        " public:\n  double get_lr() const override;\n};\n} // namespace n\n"
    )
    facts = cpp_facts(text)
    assert facts.classes == {"Options"}
    assert (facts.counts.classes, facts.counts.first_classes) == (1, 1)
    assert facts.functions == {"get_lr"}
    assert (facts.counts.first_declarations, facts.counts.first_untyped) == (1, 0)
