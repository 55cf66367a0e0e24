"""doclint.util.json_reading reads JSON as json.loads does, without json."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from hypothesis import given
from hypothesis import strategies as st

from doclint.util.json_reading import loads
from tests.conftest import PROJECT

VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(),
    lambda inner: st.lists(inner) | st.dictionaries(st.text(), inner),
    max_leaves=20,
)


@given(VALUES, st.sampled_from(["", " ", "\n\t \r\n"]), st.booleans())
def test_a_text_reads_as_json_reads_it(value, space, indented):
    text = space + json.dumps(value, indent=1 if indented else None, ensure_ascii=False) + space
    assert loads(text) == json.loads(text)


@pytest.mark.parametrize(
    "text", ["", "  ", "{", '{"a": 1} {"b": 2}', "[1,]", '"\x01"', "\ufeff{}", "nul", "{'a': 1}"]
)
def test_what_is_no_json_is_refused_as_json_refuses_it(text):
    with pytest.raises(ValueError):
        json.loads(text)
    with pytest.raises(ValueError):
        loads(text)


def test_the_constants_json_reads_read_alike():
    text = "[NaN, Infinity, -Infinity, 1e400, -0.0, 12345678901234567890]"
    assert repr(loads(text)) == repr(json.loads(text))


def test_the_shipped_data_reads_without_json():
    script = (
        "import sys\n"
        "from doclint.engine.rule_index import _entries\n"
        "from doclint.profiles.frozen import installed_frozen\n"
        "assert _entries() and installed_frozen() is not None\n"
        "print('json' in sys.modules)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script],
        capture_output=True,
        text=True,
        check=True,
        cwd=PROJECT,
    )
    assert done.stdout == "False\n"
