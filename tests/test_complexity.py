"""No block of doclint or its rules is rated D or worse by radon's cyclomatic
complexity (issue 82): a function that grew past it is split by what it
does, as the project model's module walk was, before it lands."""

from __future__ import annotations

from radon.complexity import cc_rank, cc_visit

from tests.conftest import PROJECT


def _ranked() -> list[tuple[str, str, str]]:
    found = []
    for folder in ("doclint", "rules"):
        for path in sorted((PROJECT / folder).rglob("*.py")):
            for block in cc_visit(path.read_text(encoding="utf-8")):
                found.append(
                    (
                        f"{path.relative_to(PROJECT)}:{block.lineno}",
                        block.name,
                        cc_rank(block.complexity),
                    )
                )
    return found


def test_no_block_is_rated_d_or_worse():
    ranked = _ranked()
    assert len(ranked) > 1000  # every module was read
    assert [entry for entry in ranked if entry[2] >= "D"] == []
