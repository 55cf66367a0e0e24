"""Write rules/objects/stdlib_classes.json: what each class of the standard
library and each builtin class gives a subclass (its own attributes, its
`__init__`'s parameters, and its bases), read from the running interpreter's
standard-library sources and merged with what the file already holds.

The rules read that file, never the running interpreter's library, so that
every CPython doclint accepts gives the same findings (`datetime.datetime` is
written in Python on 3.11 and re-exported from `_pydatetime` on 3.13; 3.12
removed `asynchat`). Run it once under each accepted CPython, oldest first:

    python3.11 tools/stdlib_classes.py && python3.12 tools/stdlib_classes.py ...
    python tools/stdlib_classes.py --check   # exit 1 when this Python adds anything
"""

from __future__ import annotations

import argparse
import builtins
import json
import os
import platform
import sys
import sysconfig
from pathlib import Path
from typing import Any

from doclint_rules._common.python_objects import ModuleObjects, python_objects

TARGET = Path(__file__).resolve().parent.parent / "rules" / "objects" / "stdlib_classes.json"
# Folders of the library that are not importable modules a project subclasses from.
_SKIPPED = {"test", "tests", "idlelib", "site-packages", "__pycache__", "turtledemo"}

Entry = tuple[set[str], set[str]]  # own names, bases as `module.Class`


def _module_names(folder: str) -> list[str]:
    names = []
    for root, dirs, files in os.walk(folder):
        dirs[:] = sorted(d for d in dirs if d not in _SKIPPED and not d.startswith("config-"))
        for file in sorted(files):
            if not file.endswith(".py"):
                continue
            dotted = os.path.relpath(os.path.join(root, file[:-3]), folder).replace(os.sep, ".")
            dotted = dotted.removesuffix(".__init__")
            if dotted.partition(".")[0] in sys.stdlib_module_names:
                names.append(dotted)
    return names


def _base_ref(base: str | None, module: str, objects: ModuleObjects) -> str | None:
    """The class a base names as `module.Class`; None where a subclass's
    inheritance cannot be told (a call, a relative import, no such name)."""
    if base is None:
        return None
    head, _, rest = base.partition(".")
    if (head,) in objects.objects and not rest:
        return f"{module}.{head}"
    if head in objects.imports:
        level, imported = objects.imports[head]
        return None if level else (f"{imported}.{rest}" if rest else imported)
    return f"builtins.{base}" if isinstance(getattr(builtins, base, None), type) else None


def _library_classes(folder: str) -> dict[str, Entry]:
    found: dict[str, Entry] = {}
    for module in _module_names(folder):
        path = os.path.join(folder, *module.split("."))
        path = path + ".py" if os.path.isfile(path + ".py") else os.path.join(path, "__init__.py")
        try:
            text = Path(path).read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError):
            continue
        objects = python_objects(text)
        if objects is None:
            continue
        for qualname, cls in objects.objects.items():
            if len(qualname) != 1 or cls.kind != "class":
                continue
            bases = [_base_ref(base, module, objects) for base in cls.bases]
            if None in bases:
                continue
            init = objects.objects.get((qualname[0], "__init__"))
            own = set(cls.attributes) | set(init.parameters if init is not None else ())
            found[f"{module}.{qualname[0]}"] = (own, {b for b in bases if b is not None})
    return found


def _builtin_classes() -> dict[str, Entry]:
    found: dict[str, Entry] = {}
    for name, value in vars(builtins).items():
        if isinstance(value, type) and not name.startswith("_"):
            bases = {f"builtins.{b.__name__}" for b in value.__bases__ if b is not value}
            found[f"builtins.{name}"] = (set(vars(value)), bases)
    return found


def read_running() -> dict[str, Entry]:
    """What the running interpreter's library and builtins give."""
    return _library_classes(sysconfig.get_paths()["stdlib"]) | _builtin_classes()


def merged(held: dict[str, Any], running: dict[str, Entry]) -> dict[str, Any]:
    """`held` (the file's content) with the running interpreter's reading
    added: a class is known where any accepted CPython knows it, with every
    name and base any of them gives."""
    classes: dict[str, list[list[str]]] = dict(held.get("classes", {}))
    for dotted, (own, bases) in running.items():
        old_own, old_bases = classes.get(dotted, [[], []])
        classes[dotted] = [sorted(own | set(old_own)), sorted(bases | set(old_bases))]
    version = platform.python_version()
    pythons = sorted(set(held.get("pythons", [])) | {version})
    return {"pythons": pythons, "classes": dict(sorted(classes.items()))}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="write nothing; exit 1 if stale")
    args = parser.parse_args()
    held = json.loads(TARGET.read_text(encoding="utf-8")) if TARGET.is_file() else {}
    new = merged(held, read_running())
    if args.check:
        stale = new["classes"] != held.get("classes")
        print("stale" if stale else "current", file=sys.stderr)
        return 1 if stale else 0
    TARGET.write_text(_text(new), "utf-8")
    return 0


def _text(content: dict[str, Any]) -> str:
    """The file's text: a class a line, so that a change reads as a diff."""
    classes: dict[str, list[list[str]]] = content["classes"]
    lines = [f"{json.dumps(k)}: {json.dumps(v, separators=(',', ':'))}" for k, v in classes.items()]
    pythons = json.dumps(content["pythons"])
    return f'{{"pythons": {pythons}, "classes": {{\n' + ",\n".join(lines) + "\n}}\n"


if __name__ == "__main__":
    sys.exit(main())
