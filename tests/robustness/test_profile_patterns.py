"""A tree's profile patterns cost linear time (issue 56, point 2): a profile a
tree's `doclint.toml` names has its patterns run on RE2, which cannot
backtrack; what RE2 refuses (backreferences, lookarounds) is one line naming
the profile file, line and key, exit 2; and a profile cannot multiply a
page's time by giving thousands of caller patterns."""

from __future__ import annotations

import pickle
import re
import subprocess
import sys
import time
from pathlib import Path

import pytest

from doclint.profiles import Profile, ProfileError, parse_profile, patterns, shipped_profile
from doclint.profiles.patterns import MAX_PATTERNS, MAX_PROGRAM, LinearPattern, compile_pattern
from doclint.util.lazy_regex import LazyPattern
from tests.conftest import PROJECT
from tests.pages import write

TINYDOC = (PROJECT / "examples" / "profile" / "tinydoc.toml").read_text(encoding="utf-8")
HEADING = next(line for line in TINYDOC.splitlines() if line.startswith("heading = "))
# The review's heading: a nested repeat whose two ways of reading `aa`
# backtracking tries in turn, 2^n of them on a heading that does not match.
HOSTILE = "heading = '^(?P<hashes>#{2,}) (?P<kind>class|def) (?P<name>(a|aa)+)$'"


def _doclint(tree: Path, *arguments: str, timeout: float = 60) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "doclint", "check", "--no-cache", *arguments],
        cwd=tree,
        capture_output=True,
        text=True,
        timeout=timeout,
    )


def _tree(root: Path, profile: str, page: str) -> Path:
    write(
        root,
        {
            "pkg/m.py": "def f(a):\n    pass\n",
            "reference/pkg/m.md": page,
            "doclint.toml": 'profiles = ["prof.toml"]\n',
            "prof.toml": profile,
        },
    )
    return root


def test_the_backtracking_heading_of_a_trees_profile_ends_with_its_findings(tmp_path: Path) -> None:
    assert HEADING in TINYDOC
    profile = TINYDOC.replace(HEADING, HOSTILE)
    # 72 bytes: `## def ` and 64 `a`, then what fails the match at its end.
    hostile = "## def " + "a" * 64 + "b"
    page = f"## def aaaa\n_Summary_: A.\n\n{hostile}\n"
    tree = _tree(tmp_path, profile, page)
    done = _doclint(tree, "reference")
    assert done.returncode == 1, done.stderr
    assert "DL701 error [missing-object] `pkg/m.py` defines no function `aaaa`" in done.stdout
    heading = parse_profile(profile, "prof.toml").entries.pattern
    started = time.perf_counter()
    assert heading.match(hostile) is None and heading.match("## def aaaa") is not None
    assert time.perf_counter() - started < 0.1


@pytest.mark.parametrize(
    ("change", "key"),
    [
        ((HEADING, HEADING.replace("`$'", "`(?P=hashes)$'")), "entries.heading"),
        (("line = '^_(?P<label>", "line = '^(?<!x)_(?P<label>"), "labels.line"),
        (("item = '^- `", "item = '^(- )\\1`"), "fields.0.item"),
        (("pattern = 'Used by (", "pattern = 'Used by (?=`)("), "callers.0.pattern"),
    ],
)
def test_what_re2_refuses_is_one_line_naming_file_line_and_key(
    tmp_path: Path, change: tuple[str, str], key: str
) -> None:
    assert change[0] in TINYDOC
    profile = TINYDOC.replace(*change, 1)
    line = profile[: profile.index(change[1])].count("\n") + 1
    tree = _tree(tmp_path, profile, "## def `f(a)`\n")
    done = _doclint(tree, "reference")
    assert done.returncode == 2
    (error,) = done.stderr.splitlines()
    assert f"prof.toml:{line}: {key}: not a regular expression: " in error
    assert "RE2's: no backreferences, lookarounds" in error


def test_a_huge_pattern_is_one_line(tmp_path: Path) -> None:
    # Linear in the text, times the program's size: that size is bounded.
    huge = "pattern = 'Used by (?P<callers>`\\w+`)" + "[ab]" * (MAX_PROGRAM + 1) + "'"
    profile = TINYDOC.replace("pattern = 'Used by (?P<callers>`\\w+`(?:, `\\w+`)*)'", huge)
    assert huge in profile
    with pytest.raises(ProfileError) as raised:
        parse_profile(profile, "prof.toml")
    line = profile[: profile.index(huge)].count("\n") + 1
    assert str(raised.value).startswith(
        f"prof.toml:{line}: callers.0.pattern: the pattern is too large: "
    )
    assert str(raised.value).endswith(f"RE2 instructions, at most {MAX_PROGRAM}")


def test_thousands_of_caller_patterns_are_one_line_at_once(tmp_path: Path) -> None:
    # Short ones: the profile stays under the 1 MiB a profile file may hold.
    callers = "".join(f"[[callers]]\npattern='(?P<callers>a{n})'\n" for n in range(20_000))
    lines = (f"Line {n} is used by `f`, and also by `g`." for n in range(40_000))
    page = "## def `f(a)`\n_Summary_: F.\n" + "\n".join(lines) + "\n"
    tree = _tree(tmp_path, TINYDOC + callers, page)
    first = (TINYDOC + callers).count("\n", 0, (TINYDOC + callers).index("[[callers]]")) + 1
    started = time.perf_counter()
    done = _doclint(tree, "reference")
    assert time.perf_counter() - started < 15
    assert done.returncode == 2
    (error,) = done.stderr.splitlines()
    assert error.endswith(
        f"prof.toml:{first}: callers: 20001 entries, at most {MAX_PATTERNS}: every line of "
        "the profile's pages is read against each"
    )


def test_the_most_caller_patterns_allowed_still_find_their_sentences(tmp_path: Path) -> None:
    callers = "".join(
        f"[[callers]]\npattern = 'Called from n{n} (?P<callers>`\\w+`)'\n"
        for n in range(MAX_PATTERNS - 1)
    )
    page = "## def `f(a)`\n_Summary_: F. Used by `g`.\n"
    tree = _tree(tmp_path, TINYDOC + callers, page)
    done = _doclint(tree, "reference")
    assert done.returncode == 1, done.stderr
    assert "[wrong-caller]" in done.stdout and "`g`" in done.stdout


def test_a_trees_pattern_keys_and_pickles_by_its_whole_text() -> None:
    long = "(?P<callers>`\\w+`)" + "x" * 300
    profile = TINYDOC.replace(
        "pattern = 'Used by (?P<callers>`\\w+`(?:, `\\w+`)*)'", f"pattern = '{long}'"
    )
    one, two = parse_profile(profile, "prof.toml"), parse_profile(profile, "prof.toml")
    assert one == two and repr(one) == repr(two)
    # A stored result's key reads the settings' repr: it holds the whole pattern.
    assert repr(long) in repr(one.callers[0].pattern)
    assert pickle.loads(pickle.dumps(one)) == one
    other = parse_profile(profile.replace("x" * 300, "x" * 299 + "y"), "prof.toml")
    assert repr(other) != repr(one)


def test_the_shipped_profiles_keep_pythons_patterns() -> None:
    repoagent = shipped_profile("repoagent")
    assert isinstance(repoagent, Profile)
    # Its caller sentences end on lookaheads, which RE2 has not.
    assert any("(?!" in caller.pattern.pattern for caller in repoagent.callers)
    # Python's `re` compiles them, on first use: not RE2.
    entries = repoagent.entries.pattern
    assert isinstance(entries, LazyPattern) and entries == re.compile(entries.pattern)


def test_a_trees_pattern_compiles_on_re2_once_however_many_pages_ask(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The parser asks for a template's keyword entry and count sentences
    at every page: a tree's profile's pattern is compiled once (RE2 took
    ~25 µs a pattern, at each page), a refused one refused at each asking."""
    patterns._linear.cache_clear()
    made: list[str] = []
    real_init = LinearPattern.__init__

    def counted(self: LinearPattern, pattern: str, most: int = MAX_PROGRAM) -> None:
        made.append(pattern)
        real_init(self, pattern, most)

    monkeypatch.setattr(LinearPattern, "__init__", counted)
    entry = "`(?P<name>[^`]+)`"
    found = [compile_pattern(entry, builtin=False) for _ in range(3)]
    assert made == [entry] and found[0] is found[1] is found[2]
    assert found[0].match("`Widget`")["name"] == "Widget"
    for _ in range(2):
        with pytest.raises(ValueError, match="not a regular expression"):
            compile_pattern(r"(a)\1", builtin=False)
    assert made == [entry, r"(a)\1", r"(a)\1"]
