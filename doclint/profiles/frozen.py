"""The shipped profiles in their frozen form, stored as data that loads
without pydantic.

Checking a page reads the shipped profiles (the PyTorch templates, RepoAgent's
layout, DeepWiki's grammar), and validating them (`loading`) imports pydantic,
whose import alone costs several times a bare interpreter start. So the
frozen profiles `loading` builds from them are kept beside them, in
`shipped.json`, written by

    python -m doclint.profiles.frozen

and held current by a test. Each entry holds the SHA-256 of the TOML it was
built from: when a shipped TOML no longer has its entry's digest (edited, and
not frozen again), every shipped profile is read from its TOML by the one
loader, as before. A user's profile is always read by the loader.

The encoding is a small codec over the model's classes, named tuples and
`Frozen` classes (a whitelist of types, built with their constructors), JSON's
scalars, tuples, frozensets, dicts and patterns (as their source, compiled on
first use: most never run on a given page, and compiling them all cost a run
of one page a good part of a bare interpreter start): no pickle, no eval. An
object met twice (the page places every template of a generator shares, a
version's titles) is stored once and referred to, so that it is one object
again when loaded.
"""

from __future__ import annotations

import json
import re
import sys
from functools import cache
from pathlib import Path
from typing import Any

from doclint.profiles import model
from doclint.profiles.model import GeneratorProfile
from doclint.util.digests import sha256_hex
from doclint.util.lazy_regex import LazyPattern, compiled_on_use

FROZEN = Path(__file__).with_name("shipped.json")

_TYPES: dict[str, type[Any]] = {
    name: getattr(model, name)
    for name in (
        "CallerPattern",
        "CatalogueSentence",
        "CitationLink",
        "CountSentence",
        "EntryOutline",
        "FieldOutline",
        "GeneratorProfile",
        "Layout",
        "PagePlaces",
        "Profile",
        "Sentence",
        "Template",
        "WikiGrammar",
    )
}
"""The classes an encoded profile may name: no other is ever built."""


def digest(text: str) -> str:
    """The digest a profile records of its TOML text (`GeneratorProfile.digest`)."""
    return sha256_hex(text.encode())


def encode(value: Any, shared: dict[int, int] | None = None) -> Any:
    """`value` as JSON data. `shared` numbers the models and dicts met so
    far (by identity), in the order `decode` meets them."""
    if shared is None:
        shared = {}
    if value is None or isinstance(value, str | bool | int):
        return value
    if isinstance(value, re.Pattern | LazyPattern):
        if value.flags != re.UNICODE:
            raise TypeError(f"a pattern with flags: {value.pattern!r}")
        return {"re": value.pattern}
    if type(value) is tuple:
        return {"tuple": [encode(item, shared) for item in value]}
    if isinstance(value, frozenset):
        return {"frozenset": sorted((encode(item, shared) for item in value), key=json.dumps)}
    if isinstance(value, dict) or _TYPES.get(type(value).__name__) is type(value):
        known = shared.get(id(value))
        if known is not None:
            return {"ref": known}
        shared[id(value)] = len(shared)
        if isinstance(value, dict):
            return {"dict": [[encode(k, shared), encode(v, shared)] for k, v in value.items()]}
        return {
            "class": type(value).__name__,
            "fields": {name: encode(getattr(value, name), shared) for name in _init_fields(value)},
        }
    raise TypeError(f"not a value of a frozen profile: {type(value).__name__}")


def _init_fields(value: Any) -> tuple[str, ...]:
    """The names of the fields a model's class is built from, in their order:
    a named tuple's, or a `Frozen` class's."""
    named: tuple[str, ...] | None = getattr(type(value), "_fields", None)
    return named if named is not None else type(value).FIELDS


def decode(data: Any, shared: list[Any] | None = None) -> Any:
    """The value `encode` gave `data` for."""
    return _decoded(data, [] if shared is None else shared) if type(data) is dict else data


def _decoded(data: dict[str, Any], shared: list[Any]) -> Any:
    # Every run decodes the shipped profiles' two thousand values: the
    # scalars among the parts (most of them) are taken as they are, not
    # through a call each.
    if "tuple" in data:
        return tuple([_decoded(x, shared) if type(x) is dict else x for x in data["tuple"]])
    if "ref" in data:
        return shared[data["ref"]]
    if "re" in data:
        return compiled_on_use(data["re"])
    if "frozenset" in data:
        return frozenset([_decoded(x, shared) if type(x) is dict else x for x in data["frozenset"]])
    slot = len(shared)
    shared.append(None)  # numbered as met, built once its parts are
    if "dict" in data:
        value: Any = {decode(k, shared): decode(v, shared) for k, v in data["dict"]}
    else:
        cls = _TYPES[data["class"]]
        fields = data["fields"]
        value = cls(**{k: _decoded(x, shared) if type(x) is dict else x for k, x in fields.items()})
    shared[slot] = value
    return value


def freeze(shipped: dict[str, str]) -> str:
    """The frozen form (JSON text) of the shipped profiles, from their TOML
    texts by name, each built as a run reads it: the loader's profile,
    trusted (its phrase book and patterns taken as valid: its tests validate
    the shipped files whole)."""
    import tomllib

    from doclint.profiles import loading

    entries = {}
    for name, text in sorted(shipped.items()):
        data = tomllib.loads(text)
        profile = loading.generator_of_data(text, data, name, builtin=True, trusted=True)
        entries[name] = {
            "digest": digest(text),
            "parts": sorted(part for part in ("versions", "layout", "wiki") if part in data),
            "profile": encode(profile),
        }
        if "layout" in data:
            entries[name]["docs_folder"] = data["layout"]["docs_folder"]
    return json.dumps(entries, ensure_ascii=False, separators=(",", ":")) + "\n"


class Frozen:
    """The frozen shipped profiles, each decoded on first use."""

    def __init__(self, entries: dict[str, Any]) -> None:
        self._entries = entries
        self._decoded: dict[str, GeneratorProfile] = {}

    def names(self, part: str) -> tuple[str, ...]:
        """The profiles whose TOML has the table `part` (versions, layout, wiki)."""
        return tuple(name for name, entry in self._entries.items() if part in entry["parts"])

    def docs_folder(self, name: str) -> str:
        """The docs folder the TOML `name` gives its layout, as written."""
        folder: str = self._entries[name]["docs_folder"]
        return folder

    def profile(self, name: str) -> GeneratorProfile:
        """The profile of the shipped TOML `name`."""
        profile = self._decoded.get(name)
        if profile is None:
            profile = self._decoded[name] = decode(self._entries[name]["profile"])
        return profile


@cache
def _entries() -> dict[str, Any] | None:
    try:
        entries = json.loads(FROZEN.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    return entries if isinstance(entries, dict) else None


@cache
def installed_frozen() -> Frozen | None:
    """The frozen profiles, whatever the shipped TOMLs hold (an install that
    is not editable); None when they cannot be read."""
    entries = _entries()
    return None if entries is None else Frozen(entries)


@cache
def shipped_frozen(shipped: tuple[tuple[str, str], ...]) -> Frozen | None:
    """The frozen profiles when they are those of `shipped` ((name, TOML
    text) of each shipped profile) and no other; None when any differs."""
    entries = _entries()
    if entries is None:
        return None
    if sorted(entries) != sorted(name for name, _ in shipped):
        return None
    if any(entries[name]["digest"] != digest(text) for name, text in shipped):
        return None
    return Frozen(entries)


def main() -> int:
    """Write `shipped.json` from the shipped TOML files."""
    from doclint.profiles import SHIPPED

    texts = {name: FROZEN.with_name(f"{name}.toml").read_text(encoding="utf-8") for name in SHIPPED}
    FROZEN.write_text(freeze(texts), encoding="utf-8")
    print(f"wrote {FROZEN}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
