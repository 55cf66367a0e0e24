"""Where the texts of every language doclint reads define their names
(`Language.definitions`, issue 92): Python, the C family, Objective-C,
shell, YAML, JSON, Markdown, TOML, HTML and SQL, each name with its line,
kind and last line; a name only mentioned (in a comment, a string, a
docstring) is no definition; bad input gives what can be read, never an
error."""

from __future__ import annotations

import pytest
from doclint_rules._languages import language_of, languages

from tests.conftest import SHARED

SCRIPTCAT = SHARED / "corpus" / "deepwiki" / "scriptscat+scriptcat" / "repo"


def _defined(path: str, text: str) -> list[tuple[str, int, str, int]]:
    language = language_of(path)
    assert language is not None and language.definitions is not None
    return [(d.name, d.line, d.kind, d.end) for d in language.definitions(text)]


def test_python_definitions_with_their_extents():
    text = '''\
"""Module doc: def fake(): and class Fake are not here."""
import os

MAX_SIZE = 10
default_name: str = "x"
a, (b, *c) = 1, (2, 3)
# def commented(): no


@dataclass
class Store:
    """class Inner: no."""

    limit = 5

    def load(self, path, strict=False):
        local = path
        def helper():
            return "def nope():"
        return helper


async def main():
    pass

if TYPE_CHECKING:
    Alias = int
'''
    assert _defined("store.py", text) == [
        ("MAX_SIZE", 4, "constant", 4),
        ("default_name", 5, "variable", 5),
        ("a", 6, "variable", 6),
        ("b", 6, "variable", 6),
        ("c", 6, "variable", 6),
        # From the `class` line, not the decorator's, to the body's end.
        ("Store", 11, "class", 20),
        ("limit", 14, "field", 14),
        ("load", 16, "method", 20),
        # A nested function is defined; a function's local (`local`) is not.
        ("helper", 18, "function", 19),
        ("main", 23, "function", 24),
        ("Alias", 27, "variable", 27),
    ]


def test_python_that_does_not_parse_is_read_by_the_lexer():
    text = 'print "x"\nclass Old:\n    def run(self): pass\nVALUE = 1\n'
    text += 's = """\ndef no(): pass\n"""\n'
    assert _defined("old.py", text) == [
        ("Old", 2, "class", 0),
        ("run", 3, "function", 0),
        ("VALUE", 4, "constant", 0),
        ("s", 5, "variable", 0),
    ]


def test_cpp_definitions_with_their_extents():
    text = """\
#include <vector>
// class Hidden { };  Widget::draw in a comment
#define MAX_SIZE 16
namespace gfx {
struct Point { int x; };
enum Color { Red };
typedef unsigned long Handle;
class Widget;
class Widget {
 public:
  void draw() const;
};
void Widget::draw() const {
  const char* s = "void fake() {}";
}
static int *make(int n) {
  return nullptr;
}
__global__ void kernel(float* a) {
  a[0] = 1;
}
}  // namespace gfx
"""
    assert _defined("widget.cu", text) == [
        ("MAX_SIZE", 3, "macro", 0),
        ("gfx", 4, "module", 0),
        ("Point", 5, "struct", 5),
        ("x", 5, "field", 0),
        ("Color", 6, "enum", 6),
        ("Red", 6, "enum member", 0),
        ("Handle", 7, "type", 0),
        # Its definition, not its forward declaration (line 8).
        ("Widget", 9, "class", 12),
        ("draw", 11, "function", 11),
        # A method defined outside its class, by its own name, to its body's end.
        ("draw", 13, "method", 15),
        ("make", 16, "function", 18),
        ("kernel", 19, "function", 21),
    ]


def test_cpp_export_macros_are_no_names():
    text = """\
struct TORCH_CUDA_CPP_API CUDAHooks : public at::CUDAHooksInterface {
  void init() const override;
};
// struct TORCH_API Hidden {};
C10_EXPORT void foo() {}
__host__ __device__ int bar(int x) {
  return x;
}
"""
    assert _defined("CUDAHooks.h", text) == [
        ("CUDAHooks", 1, "struct", 3),
        ("init", 2, "function", 2),
        ("foo", 5, "function", 5),
        ("bar", 6, "function", 8),
    ]


def test_objective_c_definitions():
    text = """\
// @interface Hidden
@interface Foo : NSObject
- (void)run:(int)x with:(int)y;
@end
@implementation Foo
- (void)run:(int)x with:(int)y {
  NSLog(@"- (void)fake");
}
@end
static int helper(int a) { return a; }
"""
    assert _defined("Foo.mm", text) == [
        ("Foo", 2, "class", 4),
        ("run", 3, "method", 3),
        ("Foo", 5, "class", 9),
        ("run", 6, "method", 8),
        ("helper", 10, "function", 10),
    ]


def test_shell_definitions():
    text = """\
#!/bin/bash
# install_cuda: not defined here
ROOT=/opt
export CUDA_HOME=/usr/local/cuda
install_cuda() {
  local tmp=$(mktemp)
  export PATH=$ROOT/bin:$PATH
  echo "cleanup=done"
}
function cleanup {
  rm -rf /tmp/x
}
"""
    assert _defined("install.sh", text) == [
        ("ROOT", 3, "variable", 0),
        ("CUDA_HOME", 4, "variable", 0),
        ("install_cuda", 5, "function", 9),
        # Exported from inside a function; its `local` is none of the script's.
        ("PATH", 7, "variable", 0),
        ("cleanup", 10, "function", 12),
    ]


def test_yaml_keys_by_name_and_path():
    text = """\
# build: not a key
on: push
jobs:
  build:
    runs-on: ubuntu
    steps:
      - run: "echo deploy: no"
  "test":
    env: {A: 1}
"""
    assert _defined("ci.yml", text) == [
        ("on", 2, "key", 2),
        ("jobs", 3, "key", 9),
        ("build", 4, "key", 7),
        ("jobs.build", 4, "key", 7),
        ("runs-on", 5, "key", 5),
        ("jobs.build.runs-on", 5, "key", 5),
        ("steps", 6, "key", 7),
        ("jobs.build.steps", 6, "key", 7),
        ("run", 7, "key", 7),
        ("jobs.build.steps.run", 7, "key", 7),
        ("test", 8, "key", 9),
        ("jobs.test", 8, "key", 9),
        ("env", 9, "key", 9),
        ("jobs.test.env", 9, "key", 9),
        ("A", 9, "key", 9),
        ("jobs.test.env.A", 9, "key", 9),
    ]


def test_json_keys_by_name_and_path():
    text = '{\n "name": "x",\n "scripts": {\n  "build": "tsc"\n },\n "note": "scripts: no"\n}\n'
    assert _defined("package.json", text) == [
        ("name", 2, "key", 2),
        ("scripts", 3, "key", 5),
        ("build", 4, "key", 4),
        ("scripts.build", 4, "key", 4),
        ("note", 6, "key", 6),
    ]


def test_markdown_sections_and_code_blocks():
    text = """\
---
title: Guide
---
# Guide

Intro naming `parse_config`.

## `parse_config()` ##

```python
# not a heading
```

Setext Title
============

### Deep
## Other
~~~
## still code
~~~
#hashtag is no heading
"""
    assert _defined("README.md", text) == [
        ("Guide", 4, "section", 13),
        ("parse_config()", 8, "section", 13),
        ("python", 10, "code block", 12),
        ("Setext Title", 14, "section", 22),
        ("Deep", 17, "section", 17),
        ("Other", 18, "section", 22),
    ]


def test_toml_tables_and_keys():
    text = '''\
# [fake] table in a comment: dependencies = no
[project]
name = "demo"
description = """
version = "not a key"
"""
dependencies = [
  "x = y",
]

[tool.ruff]
line-length = 100

[[bin]]
name = "cli"
'''
    assert _defined("pyproject.toml", text) == [
        ("project", 2, "section", 9),
        ("name", 3, "key", 3),
        ("project.name", 3, "key", 3),
        ("description", 4, "key", 6),
        ("project.description", 4, "key", 6),
        ("dependencies", 7, "key", 9),
        ("project.dependencies", 7, "key", 9),
        ("tool.ruff", 11, "section", 12),
        ("ruff", 11, "section", 12),
        ("line-length", 12, "key", 12),
        ("tool.ruff.line-length", 12, "key", 12),
        ("bin", 14, "section", 15),
        ("name", 15, "key", 15),
        ("bin.name", 15, "key", 15),
    ]
    places = language_of("pyproject.toml").read(text)
    assert places.only_in_prose("fake") and {"project", "ruff"} <= places.code


def test_html_ids_and_custom_elements():
    text = """\
<html>
<head>
<script>const id = "app"; // <div id="nope">
</script></head>
<body>
  <!-- <div id="commented"> -->
  <div id="app" class="main">
    <script-list data-x="1"></script-list>
    <p>The id="fake" text</p>
    <input id="search" placeholder="Search scripts">
  </div>
</body>
</html>
"""
    assert _defined("popup.html", text) == [
        ("app", 7, "id", 11),
        ("script-list", 8, "element", 8),
        ("search", 10, "id", 10),
    ]
    places = language_of("popup.html").read(text)
    assert places.only_in_prose("commented") and "app" in places.code
    assert "Search" not in places.code


def test_sql_created_names():
    text = """\
-- CREATE TABLE ghosts (id int);
CREATE TABLE IF NOT EXISTS public.users (
  id serial PRIMARY KEY,
  note text DEFAULT 'CREATE VIEW fake AS x;'
);

create unique index idx_users_email on users (email);
CREATE OR REPLACE FUNCTION touch() RETURNS trigger AS $$
BEGIN
  NEW.updated = now();
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
/* CREATE TYPE hidden AS (a int); */
CREATE VIEW "Active Users" AS SELECT * FROM users
"""
    assert _defined("schema.sql", text) == [
        ("public.users", 2, "table", 5),
        ("users", 2, "table", 5),
        ("idx_users_email", 7, "index", 7),
        # Its body's own `;` do not end it.
        ("touch", 8, "function", 13),
        ("Active Users", 15, "view", 15),
    ]


HOSTILE = [
    "",
    "\x00",
    "(" * 5000,
    "[" * 5000 + "\n" + "{" * 5000,
    '"""' + "\\" * 999,
    "<" * 3000 + "!--",
    "<![ x",
    "```\n# x\n",
    "#" * 5000 + " x\n" + "=" * 10,
    "CREATE TABLE " * 1000,
    "$$ ' /*",
    "a = [\n" * 2000,
    "class \ndef \n@interface\n- (\n",
    "\ud800 \r\n\r\n",
]


@pytest.mark.parametrize(
    "language",
    [language for language in languages() if language.definitions is not None],
    ids=lambda language: language.name,
)
def test_bad_input_gives_what_can_be_read_never_an_error(language):
    for text in HOSTILE:
        for definition in language.definitions(text):
            assert definition.line >= 1 and definition.end in (0, *range(definition.line, 99999))


@pytest.mark.skipif(not SCRIPTCAT.is_dir(), reason="../shared is not beside the checkout")
def test_a_real_projects_workflow_and_page():
    workflow = (SCRIPTCAT / ".github/workflows/build.yaml").read_text(encoding="utf-8")
    defined = _defined("build.yaml", workflow)
    assert ("jobs", 16, "key", defined[[d[0] for d in defined].index("jobs")][3]) in defined
    assert [d[:3] for d in defined if d[0] == "jobs.build-deploy"] == [
        ("jobs.build-deploy", 17, "key")
    ]
    page = (SCRIPTCAT / "src/pages/popup.html").read_text(encoding="utf-8")
    assert [d for d in _defined("popup.html", page) if d[2] == "id"] == [("root", 32, "id", 32)]


def test_a_dependency_is_another_projects_name_not_a_definition():
    cargo = '[package]\nname = "x"\n[dependencies]\nserde = "1"\n'
    cargo += '[dependencies.tokio]\nversion = "1"\n'
    assert _defined("Cargo.toml", cargo) == [
        ("package", 1, "section", 2),
        ("name", 2, "key", 2),
        ("package.name", 2, "key", 2),
        ("dependencies", 3, "section", 4),
    ]
    package = '{"scripts": {"build": "tsc"},\n "devDependencies": {"i18next": "1"}}'
    assert [d[0] for d in _defined("package.json", package)] == [
        "scripts",
        "build",
        "scripts.build",
        "devDependencies",
    ]


@pytest.mark.slow  # a few hundred real modules parsed twice
def test_python_definitions_agree_with_the_facts_and_the_lexer_on_the_standard_library():
    import sysconfig
    from pathlib import Path

    from doclint_rules._languages.python import _lexed_definitions, _lines, parsed_facts

    stdlib = Path(sysconfig.get_paths()["stdlib"])
    paths = sorted(stdlib.glob("*.py"))[:300]
    if not paths:
        pytest.skip("no standard library sources here")
    for path in paths:
        text = path.read_text(encoding="utf-8", errors="replace")
        facts = parsed_facts(text)
        if facts is None:
            continue
        defined = _defined(path.name, text)
        # Every `class` and `def` the parser finds, with its line...
        assert {n for n, _, kind, _ in defined if kind == "class"} == facts.classes, path
        functions = {n for n, _, kind, _ in defined if kind in ("function", "method")}
        assert functions == facts.functions, path
        # ...which the lexer, used where `ast` cannot read, finds on the same lines.
        parsed = {
            (n, line) for n, line, kind, _ in defined if kind in ("class", "function", "method")
        }
        lexed = _lexed_definitions(_lines(text))
        assert parsed == {(d.name, d.line) for d in lexed if d.kind in ("class", "function")}, path
