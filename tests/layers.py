"""The layers of docs/layers.toml: which room a module is in, which of its
imports cross into a room it may not import, and the table as
docs/architecture.md shows it.

    python -m tests.layers    # rewrite the table in docs/architecture.md
"""

from __future__ import annotations

import ast
import sys
import tomllib
from collections.abc import Iterator
from dataclasses import dataclass
from fnmatch import fnmatchcase
from pathlib import Path

PROJECT = Path(__file__).resolve().parent.parent
TABLE = PROJECT / "docs" / "layers.toml"
ARCHITECTURE = PROJECT / "docs" / "architecture.md"
# The folders of the checkout that hold modules, and the package each installs as.
PACKAGES = {"doclint": "doclint", "rules": "doclint_rules"}
OWN = frozenset(PACKAGES.values())
START, END = "<!-- layers:start -->\n", "<!-- layers:end -->"


@dataclass(frozen=True)
class Room:
    name: str
    modules: tuple[str, ...]
    may_import: frozenset[str]
    isolated: bool
    libraries: frozenset[str] | None


@dataclass(frozen=True)
class Layers:
    rooms: dict[str, Room]
    temporary: dict[tuple[str, str], str]
    """(module, what it imports) allowed until the change it names."""

    def room_of(self, name: str) -> Room | None:
        """The room of dotted module `name`: the longest pattern naming it or
        a package above it."""
        best: tuple[int, Room] | None = None
        for room in self.rooms.values():
            for pattern in room.modules:
                named = fnmatchcase(name, pattern) or fnmatchcase(name, pattern + ".*")
                if named and (best is None or len(pattern) > best[0]):
                    best = (len(pattern), room)
        return best[1] if best is not None else None

    def crossings(self, name: str, source: str, is_package: bool = False) -> list[str]:
        """The imports of module `name` (its text `source`) its room does not
        allow: a module of a room it may not import, of no room, or a
        third-party library its room does not list."""
        room = self.room_of(name)
        if room is None:
            return [name]
        found = []
        for target in imported(source, name, is_package):
            top = target.partition(".")[0]
            if top not in OWN:
                if room.libraries is not None and not (
                    top == "__future__" or top in sys.stdlib_module_names or top in room.libraries
                ):
                    found.append(target)
                continue
            other = self.room_of(target)
            allowed = other is not None and (
                other.name in room.may_import or (other is room and not room.isolated)
            )
            if not allowed and not self._temporary(name, target):
                found.append(target)
        return found

    def _temporary(self, name: str, target: str) -> bool:
        return any(
            name == module and (target == imports or target.startswith(imports + "."))
            for module, imports in self.temporary
        )


def load(text: str | None = None) -> Layers:
    """The layers `text` states (docs/layers.toml by default)."""
    data = tomllib.loads(text if text is not None else TABLE.read_text(encoding="utf-8"))
    rooms = {
        name: Room(
            name,
            tuple(room["modules"]),
            frozenset(room["may-import"]),
            room.get("isolated", False),
            frozenset(room["libraries"]) if "libraries" in room else None,
        )
        for name, room in data["rooms"].items()
    }
    temporary = {
        (entry["module"], entry["imports"]): entry["until"] for entry in data.get("temporary", [])
    }
    return Layers(rooms, temporary)


def imported(source: str, module: str, is_package: bool = False) -> Iterator[str]:
    """The dotted names `source` (the text of `module`, a package's
    `__init__` if `is_package`) imports, in functions too; `from a import b`
    counts as importing `a.b`, since b may be a module."""
    package = module if is_package else module.rpartition(".")[0]
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parent = package.rsplit(".", node.level - 1)[0] if node.level > 1 else package
                base = f"{parent}.{base}" if base else parent
            yield from (f"{base}.{alias.name}" for alias in node.names)


def all_modules(project: Path = PROJECT) -> list[tuple[str, Path]]:
    """(dotted name, file) of every module of doclint/ and rules/, at any depth."""
    found = []
    for folder, package in PACKAGES.items():
        for file in sorted((project / folder).rglob("*.py")):
            parts = (package, *file.relative_to(project / folder).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts = parts[:-1]
            found.append((".".join(parts), file))
    return found


def render(layers: Layers) -> str:
    """The table docs/architecture.md shows: each room, its modules and
    the rooms it may import; then the temporary allowances."""
    lines = ["| Room | Modules | May import |", "|---|---|---|"]
    for room in layers.rooms.values():
        modules = ", ".join(f"`{pattern}`" for pattern in room.modules)
        may = ", ".join(sorted(room.may_import)) or "nothing of doclint"
        notes = []
        if room.isolated:
            notes.append("not one another")
        if room.libraries is not None:
            notes.append("of third-party libraries only " + ", ".join(sorted(room.libraries)))
        lines.append(f"| {room.name} | {modules} | {'; '.join([may, *notes])} |")
    if layers.temporary:
        lines += ["", "Allowed for now, each until the change it names:", ""]
        lines += [
            f"- `{module}` imports `{imports}`, until {until}"
            for (module, imports), until in sorted(layers.temporary.items())
        ]
    return "\n".join(lines) + "\n"


def rendered_page(page: str, layers: Layers) -> str:
    """`page` with the text between its layer markers replaced by the table."""
    before, _, rest = page.partition(START)
    _, _, after = rest.partition(END)
    return before + START + render(layers) + END + after


if __name__ == "__main__":
    ARCHITECTURE.write_text(
        rendered_page(ARCHITECTURE.read_text(encoding="utf-8"), load()), encoding="utf-8"
    )
