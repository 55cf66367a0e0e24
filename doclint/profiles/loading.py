"""A profile file (TOML) to a `Profile`: validated once, at the boundary, by a
pydantic model (`schema`) whose errors become one line naming the file, line
and key, then built into frozen data (`building`)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any, get_args

from pydantic import (
    BaseModel,
    ValidationError,
)

from doclint.profiles.building import built_profile
from doclint.profiles.model import (
    ANY_SECTION,
    PROOF_KINDS,
    GeneratorProfile,
    Profile,
    ProfileError,
    phrase_book_of,
)
from doclint.profiles.schema import PROFILE, PROFILE_KINDS, ObjectPagesProfileModel
from doclint.profiles.schema_base import (
    BUILTIN,
    DECLARED_KINDS,
)
from doclint.util.digests import sha256_hex
from doclint.util.suggestions import did_you_mean
from doclint.util.toml import TomlError, read_toml


def parse_profile(text: str, origin: str, builtin: bool = False) -> Profile:
    """The profile of object pages a TOML text describes, as a user names one
    (`builtin`: a shipped one); ProfileError names `origin`, the line and the
    key of the first thing wrong. A profile of templates only is refused: the
    parser reads doclint's own."""
    profile = parse_generator(text, origin, builtin=builtin)
    if not isinstance(profile, Profile):
        raise ProfileError(
            f"{origin}:{_line_of(text, ['versions'])}: versions: a profile of templated pages "
            "only, where one of object pages (layout, entries and labels) is asked for"
        )
    return profile


def parse_generator(text: str, origin: str, builtin: bool = False) -> GeneratorProfile:
    """The profile a TOML text describes, of object pages, templates or both;
    ProfileError names `origin`, the line and the key of the first thing wrong.
    Its patterns run on RE2, unless it is `builtin` (a shipped profile)."""
    return generator_of_data(text, _toml(text, origin), origin, builtin)


def generator_of_data(
    text: str, data: dict[str, Any], origin: str, builtin: bool
) -> GeneratorProfile:
    """`parse_generator` of a TOML text already read as `data` (left as it
    is): validated whole, then built from what validation gives, as the
    TOML states it (`building` gives each key left out its default)."""
    declared = data.get("kinds")
    kinds = tuple(declared) if isinstance(declared, dict) else ()
    context = {BUILTIN: builtin, DECLARED_KINDS: kinds}
    try:
        model = PROFILE.validate_python(data, context=context)
    except ValidationError as error:
        first = error.errors()[0]
        loc = _in_profile(first["loc"])
        key = ".".join(str(part) for part in loc) or "(top)"
        message = _message(first["type"], first["msg"], loc)
        line = _line_of(text, loc)
        raise ProfileError(f"{origin}:{line}: {key}: {message}") from None
    stated = model.model_dump(exclude_unset=True)
    return built_profile(stated, origin, builtin, sha256_hex(text.encode()))


def _in_profile(loc: Sequence[int | str]) -> Sequence[int | str]:
    """Where in the profile an error is: its location less the kind of
    profile (the schema's tag) pydantic names first."""
    return loc[1:] if loc and loc[0] in PROFILE_KINDS else loc


def _message(kind: str, message: str, loc: Sequence[int | str]) -> str:
    """pydantic's message of a profile's error; for a key no part of a profile
    has, the closest one the part has, as for a configuration's keys."""
    if kind != "extra_forbidden":
        return message.removeprefix("Value error, ")
    *part, key = loc
    if not part and key == "extends":
        return "a profile you write states its tables whole (doclint's own extend each other)"
    keys = _keys_at(part)
    close = did_you_mean(str(key), keys) or " (keys: " + ", ".join(keys) + ")"
    return f"unknown key{close}"


def _keys_at(loc: Sequence[int | str]) -> list[str]:
    """The keys of the part of a profile at `loc` (a pydantic location): at
    the top, those of any kind of profile (the model of object pages has them all)."""
    model: type[BaseModel] | None = ObjectPagesProfileModel
    for part in loc:
        if model is not None and isinstance(part, str):
            field = model.model_fields.get(part)
            model = _model_in(field.annotation) if field is not None else None
    return list(model.model_fields) if model is not None else []


def _model_in(annotation: Any) -> type[BaseModel] | None:
    """The model a field's type holds (`X`, `list[X]`, `X | None`), if any."""
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return annotation
    return next((found for arg in get_args(annotation) if (found := _model_in(arg))), None)


def describe_phrase_book(profile: GeneratorProfile) -> dict[str, Any]:
    """A profile's phrase book as JSON data (`doclint schema sentences`): each
    entry with the templates writing it, what it claims and how it is proven,
    or why it is left unjudged."""
    book = phrase_book_of(profile)
    writers: dict[str, list[str]] = {}
    for template in profile.templates:
        for entry in template.sentences:
            writers.setdefault(entry.id, []).append(template.id)
    return {
        "origin": book.origin,
        "templates": sorted(book.templates),
        "any_section": ANY_SECTION,
        "proof_kinds": dict(PROOF_KINDS),
        "sections": sorted(book.sections),
        "sentences": [
            {
                "id": entry.id,
                "templates": writers[entry.id],
                "section": entry.section,
                "pattern": entry.pattern,
                "claim": entry.claim,
                **(
                    {"proven_by": entry.proven_by}
                    if entry.proven_by is not None
                    else {"unjudged": entry.unjudged}
                ),
                "judged_by": list(entry.judged_by),
            }
            for entry in book.entries
        ],
    }


def _toml(text: str, origin: str) -> dict[str, Any]:
    """`text` read as TOML; ProfileError is one line, naming the line when
    one is to blame (not for nesting too deep)."""
    try:
        return read_toml(text)
    except TomlError as error:
        where = f"{origin}:{error.line}" if error.line is not None else origin
        raise ProfileError(f"{where}: not TOML: {error.reason}") from None


def _line_of(text: str, loc: Sequence[int | str]) -> int:
    """The line of a key in a TOML text, as near as its tables tell: the
    table (the n-th `[[x]]` for `x.n`), then the key's `name =` inside it."""
    lines = text.split("\n")
    start, table = 0, ""
    parts = list(loc)
    while parts:
        part = parts.pop(0)
        if isinstance(part, int):
            headers = [i for i in range(start, len(lines)) if lines[i].strip() == f"[[{table}]]"]
            if part < len(headers):
                start = headers[part]
            continue
        name = f"{table}.{part}" if table else str(part)
        header = next(
            (
                i
                for i in range(start, len(lines))
                if lines[i].strip() in (f"[{name}]", f"[[{name}]]")
            ),
            None,
        )
        if header is not None:
            start, table = header, name
            continue
        key = re.compile(rf"^\s*{re.escape(str(part))}\s*=")
        found = next((i for i in range(start, len(lines)) if key.match(lines[i])), None)
        if found is not None:
            return found + 1
        break
    return start + 1
