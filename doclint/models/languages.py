"""The source kinds the generator documents, described once, as data.

A language is what the generator and doclint agree a source kind is: the
endings and file names of its paths, and the metadata Type the generator
writes on its pages. The templates (`templates.py`, data of the generator's
profile) name these entries and take their extensions and Types from here;
the readers of `doclint_rules._languages` (where each word of a text stands,
what it defines) register against these entries by name, with the keywords
of the language's syntax. A new language is one entry here and one reader
module there.

An entry also names what the language and its platform give every project
written in it (`builtins`): the wiki parser reads a name in backticks that is
one of them as the language's, never as the project's.
"""

from __future__ import annotations

from doclint.models.records import NamedTuple


class LanguageData(NamedTuple):
    """One source kind as the generator names its paths and its pages."""

    name: str
    suffixes: tuple[str, ...]
    """Lowercase endings of the paths of this kind (`.cmake.in` before `.in`)."""
    filenames: tuple[str, ...] = ()
    """Whole file names of this kind whatever their ending (`CMakeLists.txt`)."""
    types: tuple[str, ...] = ()
    """The metadata Type values the current generator writes for it."""
    builtins: frozenset[str] = frozenset()
    """Names a project in this language uses and never defines, as pages
    write them in backticks: its built-in objects, functions and types, its
    standard library's and platform's, its tools' settings, and the keywords
    pages quote (`Promise`, `useState`, `Vec`, `len`, `fn`). A word several
    languages share is stated with one of them: pages are read against them
    all (`BUILTIN_NAMES`)."""


def _words(*texts: str) -> frozenset[str]:
    """The words of texts written a group to a line or a paragraph."""
    return frozenset(word for text in texts for word in text.split())


# The keywords below are those pages quote, not the readers' sets
# (`doclint_rules._languages`), which say what can name nothing in the
# language's own code: these are read on every project's pages, and a keyword
# of one language names code in another (Go's `select`, Rust's `move`).
_JAVASCRIPT = _words(
    # Its global objects, and those of browsers, Node and browser extensions.
    """
    Array ArrayBuffer Blob Boolean Buffer Date Error File FormData Function Headers JSON Map
    Math Number Object Promise Proxy Reflect RegExp Request Response Set String Symbol
    TextDecoder TextEncoder URL URLSearchParams WeakMap WeakRef WeakSet Worker XMLHttpRequest
    AbortController AbortSignal EventTarget Event CustomEvent MessageChannel MessagePort
    BroadcastChannel ReadableStream WritableStream Uint8Array Int32Array Float32Array DataView
    Intl NaN Infinity console window document globalThis self navigator location localStorage
    sessionStorage indexedDB fetch setTimeout setInterval clearTimeout clearInterval
    requestAnimationFrame queueMicrotask structuredClone postMessage addEventListener
    removeEventListener dispatchEvent eval chrome browser process require module exports
    """,
    # Its keywords and literals.
    """
    import export default async await function class const let var new this super return
    typeof instanceof void null undefined true false interface enum extends implements static
    public private protected if else for while do switch case break continue with try catch
    finally throw yield in of package delete
    """,
    # The methods and properties of its built-in objects.
    """
    then resolve reject length prototype constructor toString valueOf stringify parse push pop
    map filter reduce forEach find includes indexOf slice splice join split keys values entries
    assign freeze get set has clear size startsWith endsWith trim toLowerCase toUpperCase
    replace replaceAll matchAll substring charAt padStart padEnd concat sort reverse some every
    flat flatMap findIndex isArray now floor ceil round random max min abs toFixed toISOString
    getTime
    """,
    # React's, the library JSX is written for.
    """
    React useState useEffect useRef useMemo useCallback useContext useReducer useLayoutEffect
    props children ref key
    """,
    # npm's: the keys of `package.json`, and the folder it installs into.
    """
    dependencies devDependencies peerDependencies optionalDependencies scripts engines
    workspaces node_modules
    """,
)
_TYPESCRIPT = _words(
    # Its types and type operators.
    """
    any unknown never string number boolean object bigint symbol keyof type readonly Record
    Partial Required Readonly Pick Omit Exclude Extract ReturnType Parameters Awaited
    """,
    # The compiler options of `tsconfig.json`.
    """
    compilerOptions target moduleResolution lib types strict strictNullChecks
    strictFunctionTypes strictBindCallApply strictPropertyInitialization noImplicitAny
    noImplicitThis noImplicitReturns alwaysStrict esModuleInterop skipLibCheck noEmit allowJs
    checkJs jsx outDir rootDir baseUrl paths include exclude resolveJsonModule isolatedModules
    forceConsistentCasingInFileNames declaration sourceMap noUnusedLocals noUnusedParameters
    noFallthroughCasesInSwitch allowSyntheticDefaultImports experimentalDecorators
    emitDecoratorMetadata
    """,
)
# The classes of `java.lang` and `java.util`, and the members every program has.
_JAVA = _words(
    """
    Exception RuntimeException IllegalArgumentException IllegalStateException Thread Runnable
    Override System Integer Long Double List ArrayList HashMap HashSet Optional Stream
    Collectors Arrays Collections Objects StringBuilder Iterator Iterable Comparable println
    main equals hashCode
    """
)
_RUST = _words(
    # The standard library's types and variants.
    "Vec Option Result Some None Ok Err Box Rc Arc RefCell Mutex",
    # Its keywords.
    "impl fn mut pub struct trait Self loop match",
)
_PYTHON = _words(
    # Its built-in functions and types, and the names its conventions give.
    "len print dict list str int float bool tuple range open __init__ kwargs args",
    # Its keywords.
    "global from is as",
)

# Most specific first: `.cmake.in` is CMake, `.h.in` C, `CMakeLists.txt` not text.
LANGUAGES: dict[str, LanguageData] = {
    language.name: language
    for language in (
        LanguageData(
            "CMake",
            (".cmake", ".cmake.in"),
            ("CMakeLists.txt",),
            ("CMake Build Script", "Source File (.txt)"),
        ),
        LanguageData(
            "Python",
            (".py", ".pyw", ".pyi"),
            (),
            ("Python Source Code", "Python Type Stub"),
            _PYTHON,
        ),
        # The pages of these two in real trees are in the older template, which
        # writes the same Type for every kind (its own data).
        LanguageData("Objective-C++", (".m", ".mm")),
        LanguageData("Metal", (".metal",)),
        LanguageData(
            "C/C++",
            (".c", ".cc", ".cpp", ".cxx", ".h", ".hh", ".hpp", ".cu", ".cuh"),
            (),
            (
                "C++ Source Code",
                "C/C++ Header File",
                "CUDA Source Code",
                "CUDA Header File",
                "C Source Code",
                "C++ Header File",
            ),
        ),
        LanguageData("shell", (".sh", ".bash"), (), ("Shell Script",)),
        LanguageData("YAML", (".yml", ".yaml"), (), ("YAML Configuration",)),
        LanguageData("JSON", (".json",), (), ("JSON Configuration",)),
        LanguageData("Java", (".java",), (), ("Source File (.java)",), _JAVA),
        LanguageData("Markdown", (".md",), (), ("Markdown Documentation",)),
        LanguageData("plain text", (".txt",), (), ("Source File (.txt)",)),
    )
}

# Kept apart from `LANGUAGES`, whose every entry a generator's fallback
# template documents (its extensions and Types): the PyTorch system's pages
# of these kinds stay what they were. doclint reads them in the projects
# whose wikis cite code (the index of a project's names).
PROJECT_LANGUAGES: dict[str, LanguageData] = {
    language.name: language
    for language in (
        LanguageData("TypeScript", (".ts", ".mts", ".cts"), builtins=_TYPESCRIPT),
        LanguageData("TSX", (".tsx",)),
        LanguageData("JavaScript", (".js", ".mjs", ".cjs", ".jsx"), builtins=_JAVASCRIPT),
        LanguageData("Rust", (".rs",), builtins=_RUST),
        LanguageData("Go", (".go",), builtins=_words("go defer")),
        LanguageData("Kotlin", (".kt", ".kts"), builtins=_words("when")),
        LanguageData("TOML", (".toml",)),
        LanguageData("HTML", (".html", ".htm")),
        LanguageData("SQL", (".sql",)),
    )
}
"""Source kinds doclint reads that no generator's template documents."""

BUILTIN_NAMES: frozenset[str] = frozenset().union(
    *(language.builtins for language in (*LANGUAGES.values(), *PROJECT_LANGUAGES.values()))
)
"""Every language's built-in names: a page is read against them all, whatever
the project's languages, as a page names the platforms around its code too."""
