"""The catalogue of bad inputs: every odd thing a real tree, a user or a plugin
hands doclint, built on disk, with what doclint must say about it.

`build(folder)` writes every item at once: the checked tree in `folder/tree`,
a file outside it in `folder/outside.md` and a plugin distribution in
`folder/plugin` (put it on PYTHONPATH; its rule crashes on files holding
`CRASH-ME`). Check it from `folder/tree` with `CHECK_ARGS`. Each `Item` maps
the files it made (as the run shows them) to the diagnostics the default rules
must give: (line, code, a few words of the message). docs/robustness.md
documents the same list; items that stop the run instead (a missing
path, a malformed configuration) and those that need a run in progress are
tested in test_catalogue.py.
"""

from __future__ import annotations

import hashlib
import json
import os
import stat
import subprocess
import sys
from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from tests.pages import write_plugin

Expected = tuple[int, str, str]
"""(line, code, words the message must hold)."""
Found = tuple[int, str, str]
"""(line, code, message)."""
Snapshot = dict[str, tuple[str, int, int]]
"""Path -> (content hash or link target or file mode, mtime in ns, mode)."""

HUGE = 100 * 1024 * 1024
LONG_LINE = 10 * 1024 * 1024
HEADINGS = 100_000
DEPTH = 5_000
BROKEN = "See [notes](missing.md)."
"""A planted broken link: it proves a file was checked, and at which line."""

CHECK_ARGS = ["--root", ".", "--no-cache", ".", "explicit/logo.png", "../outside.md"]
"""Arguments of `doclint check`, run from the tree: the root is the tree, a
binary file and a file outside the root are named explicitly."""

PNG = b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR\0\0\0\x01\0\0\0\x01\x08\x06\0\0\0\x1f\x15\xc4\x89"

PLUGIN = """
from doclint.rule_api import Finding, Rule, RuleDocs, Scope


class CrashOnMarker(Rule):
    code = "XR001"
    name = "crash-on-marker"
    summary = "Crashes on a marker."
    docs = RuleDocs(
        what="Crashes on any file holding CRASH-ME, as a buggy plugin would.",
        why="It is a test plugin.",
        example="`CRASH-ME`",
        use_instead="nothing.",
    )
    scope = Scope.FILE

    def check(self, page, ctx):
        if "CRASH-ME" in ctx.text:
            return {}["the plugin's own bug"]
        return ()
"""


@dataclass(frozen=True)
class Item:
    """One bad input: what it is, what doclint does with it, and how to make it."""

    name: str
    what: str
    behaviour: str
    make: Callable[[Path], dict[str, list[Expected]]]
    """Writes the input into the tree folder; returns the expected diagnostics
    of each file it made, keyed by the path the run shows (relative to the tree)."""


def _write(tree: Path, relative: str, data: bytes | str) -> Path:
    path = tree / relative
    path.parent.mkdir(parents=True, exist_ok=True)
    if isinstance(data, str):
        data = data.encode("utf-8")
    path.write_bytes(data)
    return path


def _one(relative: str, data: bytes | str, *expected: Expected):
    def make(tree: Path) -> dict[str, list[Expected]]:
        _write(tree, relative, data)
        return {relative: list(expected)}

    return make


def _all(*makes: Callable[[Path], dict[str, list[Expected]]]):
    def make(tree: Path) -> dict[str, list[Expected]]:
        return {path: found for one in makes for path, found in one(tree).items()}

    return make


def _huge(tree: Path) -> dict[str, list[Expected]]:
    # Sparse: 100 MB on the stat, no time or disk spent writing it.
    with _write(tree, "huge.md", "# Huge\n").open("r+b") as handle:
        handle.truncate(HUGE)
    return {"huge.md": [(1, "DL005", "104,857,600 bytes is over the limit")]}


def _unreadable(tree: Path) -> dict[str, list[Expected]]:
    if os.geteuid() == 0:  # root reads whatever the permissions say
        return {}
    _write(tree, "unreadable.md", "# Secret\n").chmod(0)
    return {"unreadable.md": [(1, "DL002", "Permission denied")]}


def _named_pipe(tree: Path) -> dict[str, list[Expected]]:
    os.mkfifo(tree / "pipe.md")
    return {"pipe.md": [(1, "DL002", "not a regular file (a named pipe)")]}


def _symlink_loop_folder(tree: Path) -> dict[str, list[Expected]]:
    _write(tree, "loop/page.md", f"# Page\n\n{BROKEN}\n")
    (tree / "loop" / "again").symlink_to(".", target_is_directory=True)
    (tree / "loop" / "up").symlink_to("..", target_is_directory=True)
    return {"loop/page.md": [(3, "DL401", "missing.md")]}


def _symlink_loop_file(tree: Path) -> dict[str, list[Expected]]:
    (tree / "self-loop.md").symlink_to("self-loop.md")
    return {"self-loop.md": [(1, "DL002", "Too many levels of symbolic links")]}


def _dangling(tree: Path) -> dict[str, list[Expected]]:
    (tree / "dangling.md").symlink_to("gone/nowhere.md")
    return {"dangling.md": [(1, "DL002", "broken symbolic link to gone/nowhere.md")]}


def _outside(tree: Path) -> dict[str, list[Expected]]:
    _write(tree.parent, "outside.md", f"# Outside\n\n{BROKEN}\n")
    return {"../outside.md": [(1, "DL010", "outside the tree root")]}


def _plugin(tree: Path) -> dict[str, list[Expected]]:
    plugin = tree.parent / "plugin"
    write_plugin(plugin, "crashplugin", PLUGIN, {"crash-on-marker": "CrashOnMarker"})
    _write(tree, "plugin-crash.md", f"# Plugin\n\nCRASH-ME. {BROKEN}\n")
    return {
        "plugin-crash.md": [
            (1, "DL001", "rule XR001 (crash-on-marker) crashed: KeyError"),
            (3, "DL401", "missing.md"),
        ]
    }


def _absurd_links(tree: Path) -> dict[str, list[Expected]]:
    targets = [
        ("a" * 100_000 + ".md", "DL401", "does not exist"),
        ("x%00y.md", "DL401", "does not exist"),
        ("<x\x01y.md>", "DL401", "does not exist"),
        ("%2e%2e/%2e%2e/etc/passwd", "DL404", "leads out of the tree root"),
        ("%zz%.md", "DL401", "does not exist"),
        ("a/" * 5_000 + "x.md", "DL401", "does not exist"),
        ("../" * 1_000 + "x.md", "DL404", "leads out of the tree root"),
        ("missing.md?x=1#frag", "DL401", "does not exist"),
        ("d\u043ecs/\u00fcn\u00efc\u00f6d\u00e9\u2028.md", "DL401", "does not exist"),
        ("<with space.md>", "DL401", "does not exist"),
        ("javascript:alert(1)", "", ""),
        ("file:///etc/passwd", "", ""),
        ("data:text/html,<b>x</b>", "", ""),
        ("mailto:a@b.c", "", ""),
        ("//evil.example/x.md", "", ""),
    ]
    lines, expected = ["# Absurd link targets"], []
    for target, code, words in targets:
        lines += ["", f"[link]({target})"]
        if code:
            expected.append((len(lines), code, words))
    _write(tree, "absurd-links.md", "\n".join(lines) + "\n")
    return {"absurd-links.md": expected}


def _escaping_links(tree: Path) -> dict[str, list[Expected]]:
    text = "# Escapes\n\n[passwd](../../../../etc/passwd)\n\n![img](../outside.md#top)\n"
    _write(tree, "escape.md", text)
    return {
        "escape.md": [
            (3, "DL404", "`../../../../etc/passwd` leads out of the tree root"),
            (5, "DL404", "`../outside.md#top` leads out of the tree root"),
        ]
    }


def _nested(relative: str, opening: str) -> Callable[[Path], dict[str, list[Expected]]]:
    return _one(relative, f"{opening}deep\n\n{BROKEN}\n", (3, "DL401", "missing.md"))


def _indented_lists(tree: Path) -> dict[str, list[Expected]]:
    depth = 1_000
    text = "".join("  " * level + "- item\n" for level in range(depth)) + f"\n{BROKEN}\n"
    _write(tree, "indented-lists.md", text)
    return {"indented-lists.md": [(depth + 2, "DL401", "missing.md")]}


def _headings(tree: Path) -> dict[str, list[Expected]]:
    text = "".join(f"## Heading {index}\n" for index in range(HEADINGS)) + f"\n{BROKEN}\n"
    _write(tree, "headings.md", text)
    return {"headings.md": [(HEADINGS + 2, "DL401", "missing.md")]}


def _good(tree: Path) -> dict[str, list[Expected]]:
    _write(tree, "good.md", "# Good\n\nSee [the escape page](escape.md#escapes).\n")
    _write(tree, "sub/good-defect.md", f"# Good, one defect\n\n{BROKEN}\n")
    return {"good.md": [], "sub/good-defect.md": [(3, "DL401", "missing.md")]}


CATALOGUE: list[Item] = [
    Item(
        "invalid-utf8",
        "invalid UTF-8 (a Latin-1 byte)",
        "`invalid-utf8` (DL003) at the first bad byte, with its byte offset and how many "
        "more there are; the bytes read as U+FFFD and the rest of the file is checked",
        _one(
            "invalid-utf8.md",
            b"# Latin-1 page\n\nCaf\xe9 au lait. " + BROKEN.encode() + b"\n",
            (3, "DL003", "invalid UTF-8 at byte offset 19"),
            (3, "DL401", "missing.md"),
        ),
    ),
    Item(
        "utf8-bom",
        "UTF-8 with a byte-order mark",
        "the BOM is skipped and the file checked as usual (columns of line 1 do not count it)",
        _one(
            "bom.md",
            b"\xef\xbb\xbf# Title\n\n" + BROKEN.encode() + b"\n",
            (3, "DL401", "missing.md"),
        ),
    ),
    Item(
        "utf16",
        "UTF-16, with a byte-order mark or without (a NUL beside every ASCII byte)",
        "`utf16-file` (DL008); the text is decoded and checked at the right lines. UTF-32 "
        "and UTF-16 that does not decode are `binary-file`",
        _all(
            _one(
                "utf16-le.md",
                f"\ufeff# Title\r\n\r\n{BROKEN}\r\n".encode("utf-16-le"),
                (1, "DL008", "UTF-16 LE text with a byte-order mark"),
                (3, "DL401", "missing.md"),
            ),
            _one(
                "utf16-be.md",
                "# Title\n\nPlain text.\n".encode("utf-16-be"),
                (1, "DL008", "UTF-16 BE text, not UTF-8"),
            ),
        ),
    ),
    Item(
        "newlines",
        "CRLF and lone-CR line endings",
        "read as CommonMark reads them (each is one line break): line numbers stay right",
        _all(
            _one(
                "crlf.md",
                f"# Title\r\n\r\nText\r\nmore text\r\n\r\n{BROKEN}\r\n",
                (6, "DL401", "missing.md"),
            ),
            _one(
                "cr.md",
                f"# Title\r\rText\rmore text\r\r{BROKEN}\r",
                (6, "DL401", "missing.md"),
            ),
        ),
    ),
    Item(
        "binary",
        "NUL bytes: a binary file found by a walk or named on the command line",
        "`binary-file` (DL004) with the offset of the first NUL in the first 8 KiB; not "
        "checked further",
        _all(
            _one("binary.md", PNG, (1, "DL004", "NUL byte at offset 8")),
            _one("explicit/logo.png", PNG, (1, "DL004", "NUL byte at offset 8")),
        ),
    ),
    Item(
        "empty",
        "an empty file, or one of whitespace only",
        "`empty-file` (DL009, a warning); nothing else to check",
        _all(
            _one("empty.md", b"", (1, "DL009", "the file is empty")),
            _one("blank.md", b" \n\n\t\r\n", (1, "DL009", "only whitespace")),
        ),
    ),
    Item(
        "huge",
        "a 100 MB file",
        "`file-too-large` (DL005) from its size alone, not read (limit: `--max-file-size`, "
        "64 MiB by default); with the limit raised it is checked in linear time",
        _huge,
    ),
    Item(
        "long-line",
        "a single 10 MB line",
        "checked in linear time like any line",
        _one(
            "long-line.md",
            "# Long line\n\n" + "lorem " * (LONG_LINE // 6) + BROKEN + "\n",
            (3, "DL401", "missing.md"),
        ),
    ),
    Item(
        "headings",
        "100,000 headings",
        "checked in linear time (section ends come from one pass with a stack)",
        _headings,
    ),
    Item(
        "nesting",
        "lists and block quotes nested thousands deep",
        "no recursion: containers nest 32 deep and deeper markers are read as text, as "
        "mistune's nesting limit does; the rest of the file is checked",
        _all(
            _nested("nested-lists.md", "- " * DEPTH),
            _nested("nested-quotes.md", ">" * DEPTH + " "),
            _nested("nested-mixed.md", "> - 1. " * (DEPTH // 3)),
            _indented_lists,
        ),
    ),
    Item(
        "unclosed-fence",
        "a fenced code block left open at the end of the file",
        "`broken-fence` (DL102) at the opening fence",
        _one(
            "unclosed-fence.md",
            "# Title\n\n```python\nx = 1\n",
            (3, "DL102", "never closed"),
        ),
    ),
    Item(
        "unreadable",
        "a file without read permission (also one that loses it, or vanishes, mid-run)",
        "`unreadable-file` (DL002) with the system's reason; the run goes on",
        _unreadable,
    ),
    Item(
        "named-pipe",
        "a named pipe (or other special file) with a Markdown name",
        "`unreadable-file` (DL002) `not a regular file (a named pipe)`, without waiting "
        "for a writer (it is opened non-blocking)",
        _named_pipe,
    ),
    Item(
        "symlink-loop-folder",
        "a directory symlink loop",
        "symlinked folders are not followed: the walk ends and each real file is checked once",
        _symlink_loop_folder,
    ),
    Item(
        "symlink-loop-file",
        "a symlink loop with a Markdown name",
        "`unreadable-file` (DL002) `Too many levels of symbolic links`",
        _symlink_loop_file,
    ),
    Item(
        "dangling-symlink",
        "a dangling symlink",
        "`unreadable-file` (DL002) `broken symbolic link to <target>`",
        _dangling,
    ),
    Item(
        "outside-root",
        "a file outside the tree root, named on the command line",
        "`file-outside-root` (DL010) naming the root; not checked",
        _outside,
    ),
    Item(
        "escaping-links",
        "links that leave the tree root (`../../../../etc/passwd`)",
        "`link-escapes-root` (DL404); the target is never opened, listed or read",
        _escaping_links,
    ),
    Item(
        "absurd-links",
        "absurd link targets: 100,000 characters, NUL, control characters, `%` escapes, "
        "5,000 folders deep, URL schemes",
        "`broken-link` (DL401) or `link-escapes-root` (DL404) as they resolve; URL schemes "
        "and `//host` links are external and never fetched",
        _absurd_links,
    ),
    Item(
        "crashing-plugin",
        "a plugin whose rule raises",
        "`internal-error` (DL001) for that rule and file, the other rules still run; "
        "`--show-traceback` adds the stack",
        _plugin,
    ),
    Item(
        "good-files",
        "good files beside all of these",
        "checked as usual",
        _good,
    ),
]


def build(folder: Path) -> dict[str, dict[str, list[Expected]]]:
    """Write every item under `folder`; the expected diagnostics of each item's files."""
    tree = folder / "tree"
    tree.mkdir(parents=True)
    return {item.name: item.make(tree) for item in CATALOGUE}


def run_doclint(
    *args: str, cwd: Path, plugin: Path | None = None
) -> subprocess.CompletedProcess[str]:
    """`doclint` in a process of its own, as CI runs it; `plugin` goes on its PYTHONPATH."""
    env = dict(os.environ)
    if plugin is not None:
        env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(plugin), env.get("PYTHONPATH")]))
        # The interpreter, not doclint, would cache the stand-in plugin's
        # bytecode beside it, in the folder the catalogue checks is left as it was.
        env["PYTHONDONTWRITEBYTECODE"] = "1"
    return subprocess.run(
        [sys.executable, "-m", "doclint", *args],
        capture_output=True,
        text=True,
        cwd=cwd,
        env=env,
        check=False,
    )


@dataclass
class CatalogueRun:
    """The catalogue as built, and the findings of one `doclint check` over it."""

    folder: Path
    expected: dict[str, dict[str, list[Expected]]]
    result: subprocess.CompletedProcess[str]
    found: dict[str, list[Found]]
    before: Snapshot
    after: Snapshot

    @property
    def tree(self) -> Path:
        return self.folder / "tree"

    @property
    def plugin(self) -> Path:
        return self.folder / "plugin"


def check(folder: Path, expected: dict[str, dict[str, list[Expected]]]) -> CatalogueRun:
    """Run `doclint check` over a built catalogue, the plugin installed."""
    tree, plugin = folder / "tree", folder / "plugin"
    before = snapshot(folder)
    result = run_doclint("check", *CHECK_ARGS, "--output-format", "json", cwd=tree, plugin=plugin)
    found: dict[str, list[Found]] = defaultdict(list)
    for row in json.loads(result.stdout) if result.stdout.strip() else []:
        found[row["path"]].append((row["line"], row["code"], row["message"]))
    return CatalogueRun(folder, expected, result, dict(found), before, snapshot(folder))


def snapshot(root: Path) -> Snapshot:
    """Every entry under `root` (symlinks not followed): content hash or link
    target, mtime in ns and mode. Entries that cannot be read keep their stat."""
    found: Snapshot = {}
    for folder, folders, files in os.walk(root):
        for name in folders + files:
            path = Path(folder) / name
            info = path.lstat()
            if stat.S_ISLNK(info.st_mode):
                content = "-> " + os.readlink(path)
            elif stat.S_ISREG(info.st_mode) and info.st_mode & stat.S_IRUSR:
                content = _hash(path)
            else:
                content = stat.filemode(info.st_mode)
            found[path.relative_to(root).as_posix()] = (content, info.st_mtime_ns, info.st_mode)
    return found


def _hash(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as handle:
        while chunk := handle.read(1 << 20):
            digest.update(chunk)
    return digest.hexdigest()
