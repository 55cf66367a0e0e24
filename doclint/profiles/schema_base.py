"""What every part of a profile file's boundary models (pydantic) shares:
the strict base model, the validation context's keys, and the checks of a
pattern, a claim and a page kind."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Annotated

from pydantic import (
    AfterValidator,
    BaseModel,
    ConfigDict,
    ValidationInfo,
    WithJsonSchema,
)

from doclint.profiles.building import Headings as Headings
from doclint.profiles.model import (
    CLAIMS,
    PAGE_KINDS,
)
from doclint.profiles.patterns import Pattern, compile_pattern


def checked_pattern(
    text: str, info: ValidationInfo, groups: Sequence[str] = (), one_of: Sequence[str] = ()
) -> Pattern:
    """`text` compiled on the engine the profile's origin allows (`BUILTIN`
    in the validation context: `re`; else RE2), holding the named `groups`
    and one of `one_of`."""
    compiled = compile_pattern(text, bool(info.context and info.context.get(BUILTIN)))
    missing = [group for group in groups if group not in compiled.groupindex]
    if missing:
        raise ValueError(f"the pattern has no named group {', '.join(missing)}")
    if one_of and not set(one_of) & set(compiled.groupindex):
        raise ValueError(f"the pattern has no named group {' or '.join(one_of)}")
    return compiled


def one_of(names: Mapping[str, str], what: str) -> Callable[[str], str]:
    """A validator of a name from `names` (a `what`)."""

    def check(name: str) -> str:
        if name not in names:
            raise ValueError(f"unknown {what} {name!r} ({what}s: {', '.join(names)})")
        return name

    return check


Claim = Annotated[
    str,
    AfterValidator(one_of(CLAIMS, "claim")),
    WithJsonSchema({"type": "string", "enum": list(CLAIMS)}),
]


def _page_kind(name: str, info: ValidationInfo) -> str:
    """A page kind of `PAGE_KINDS`, or one the profile declares (`[kinds]`,
    whose names the validation context holds)."""
    declared = info.context.get(DECLARED_KINDS, ()) if info.context else ()
    if name not in PAGE_KINDS and name not in declared:
        known = ", ".join((*PAGE_KINDS, *declared))
        raise ValueError(
            f"unknown page kind {name!r} (page kinds: {known}; declare another under [kinds])"
        )
    return name


PageKind = Annotated[
    str,
    AfterValidator(_page_kind),
    WithJsonSchema({"type": "string", "pattern": "^[a-z][a-z0-9-]*$"}),
]


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, defer_build=True)


DECLARED_KINDS = "kinds"
"""The validation context's key holding the names of the page kinds the profile declares."""
BUILTIN = "builtin"
"""The validation context's key saying the profile is a shipped one, whose
patterns are Python's (`patterns.compile_pattern`)."""
