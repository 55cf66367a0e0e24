"""The record classes the models are built of (`NamedTuple`, `Frozen`,
`Compared`), from `doclint.util.records`, where every room may reach them."""

from __future__ import annotations

from doclint.util.records import Compared, Frozen, NamedTuple

__all__ = ["Compared", "Frozen", "NamedTuple"]
