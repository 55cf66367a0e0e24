"""The source kinds the generator documents, described once, as data.

A language is what the generator and doclint agree a source kind is: the
endings and file names of its paths, and the metadata Type the generator
writes on its pages. The templates (`templates.py`, data of the generator's
profile) name these entries and take their extensions and Types from here;
the readers of `doclint_rules._languages` (where each word of a text stands,
what it defines) register against these entries by name, with the keywords
of the language's syntax. A new language is one entry here and one reader
module there.
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
            "Python", (".py", ".pyw", ".pyi"), (), ("Python Source Code", "Python Type Stub")
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
        LanguageData("Java", (".java",), (), ("Source File (.java)",)),
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
        LanguageData("TypeScript", (".ts", ".mts", ".cts")),
        LanguageData("TSX", (".tsx",)),
        LanguageData("JavaScript", (".js", ".mjs", ".cjs", ".jsx")),
        LanguageData("Rust", (".rs",)),
        LanguageData("Go", (".go",)),
        LanguageData("Kotlin", (".kt", ".kts")),
    )
}
"""Source kinds doclint reads that no generator's template documents."""
