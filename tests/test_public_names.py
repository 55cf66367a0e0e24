"""Every package of doclint and its rules can be star-imported, and every
name a module's `__all__` lists is one it has."""

from __future__ import annotations

import importlib

import pytest

from tests.layers import all_modules

PUBLIC = [
    (name, file.name == "__init__.py")
    for name, file in all_modules()
    if file.name == "__init__.py" or "__all__" in file.read_text(encoding="utf-8")
]


@pytest.mark.parametrize(("name", "package"), PUBLIC, ids=[name for name, _ in PUBLIC])
def test_a_star_import_gets_every_name_all_lists(name, package):
    module = importlib.import_module(name)
    listed = getattr(module, "__all__", None)
    assert listed is not None or package, name
    namespace: dict[str, object] = {}
    exec(f"from {name} import *", namespace)
    assert set(listed or ()) <= namespace.keys()
