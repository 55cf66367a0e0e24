"""The readers of the languages wikis' projects are written in (TypeScript,
TSX, JavaScript, Rust, Go, Kotlin; Java's definitions): where each word
stands, what a source defines and where, and that the generator's pages of
these kinds keep their template."""

from __future__ import annotations

import pytest
from doclint_rules._languages import language_of

from doclint.profiles.generators import shipped_generators
from tests.conftest import SHARED

GENERATORS = shipped_generators()

SCRIPTCAT = SHARED / "corpus" / "deepwiki" / "scriptscat+scriptcat" / "repo"


def _defined(path: str, text: str) -> set[tuple[str, int, str]]:
    language = language_of(path)
    assert language is not None and language.definitions is not None
    return {(d.name, d.line, d.kind) for d in language.definitions(text)}


TYPESCRIPT = """\
// The kinds of scripts: see `SCRIPT_TYPE`.
export const SCRIPT_TYPE_NORMAL: SCRIPT_TYPE = 1;
export type SCRIPT_TYPE = 1 | 2;
export interface Script {
  uuid: string;
  run(): void;
}
export class ScriptCodeDAO extends Repo<ScriptCode> {
  private cache = new Map();
  async findByUUID(uuid: string) {
    const local = 1;
    return `code ${uuid} of ${local}`;
  }
}
export enum Level { Low = 1, High }
export const helper = (x: number) => x;
function plain() { return "Saved the script."; }
"""


def test_typescript_says_what_it_defines_and_where():
    assert _defined("src/repo/scripts.ts", TYPESCRIPT) == {
        ("SCRIPT_TYPE_NORMAL", 2, "constant"),
        ("SCRIPT_TYPE", 3, "type"),
        ("Script", 4, "interface"),
        ("uuid", 5, "field"),
        ("run", 6, "method"),
        ("ScriptCodeDAO", 8, "class"),
        ("cache", 9, "field"),
        ("findByUUID", 10, "method"),
        ("Level", 15, "enum"),
        ("Low", 15, "enum member"),
        ("High", 15, "enum member"),
        # An arrow function held by a constant is a function, not a constant.
        ("helper", 16, "function"),
        ("plain", 17, "function"),
        # A function's locals are the project's names too: a page names them.
        ("local", 11, "variable"),
    }
    facts = language_of("x.ts").facts(TYPESCRIPT)
    assert facts.classes == {"Script", "ScriptCodeDAO", "Level"}
    assert facts.functions == {"run", "findByUUID", "helper", "plain"}
    assert facts.unsure == () and facts.count_ranges(TYPESCRIPT) is None


def test_typescript_words_by_place():
    places = language_of("x.ts").read(TYPESCRIPT)
    # A template string's substitutions are code; its text a literal (here a sentence).
    assert {"uuid", "local", "ScriptCodeDAO", "Repo"} <= places.code
    assert places.only_in_prose("code") and places.only_in_prose("of")
    # The type `string` is a keyword of the code, not a string literal.
    assert "string" in places.code and not places.strings
    assert places.only_in_prose("kinds") and places.only_in_prose("Saved")
    assert "SCRIPT_TYPE" in places.prose and "SCRIPT_TYPE" in places.code


def test_tsx_reads_elements_and_their_text():
    text = """\
export function Panel({ title }: Props) {
  return <div className="panel">Nothing to show yet.{title}</div>;
}
"""
    assert _defined("src/Panel.tsx", text) == {("Panel", 1, "function")}
    places = language_of("src/Panel.tsx").read(text)
    assert {"title", "Props", "div", "className"} <= places.code
    assert places.only_in_prose("Nothing") and "panel" in places.strings
    # The TypeScript dialect cannot read an element: the dialects differ.
    assert language_of("x.ts").facts(text).unsure


def test_javascript_says_what_it_defines():
    text = """\
// Builds the panel.
export class Panel extends Base {
  count = 0;
  render() { return <p className="note">Nothing to show yet.</p>; }
}
export function mount(root) { const local = 1; }
const ready = async () => true;
let state = "idle";
"""
    assert _defined("src/panel.jsx", text) == {
        ("Panel", 2, "class"),
        ("count", 3, "field"),
        ("render", 4, "method"),
        ("mount", 6, "function"),
        ("ready", 7, "function"),
        ("state", 8, "variable"),
        ("local", 6, "variable"),
    }
    places = language_of("src/panel.js").read(text)
    assert {"Panel", "Base", "className", "local"} <= places.code
    assert places.only_in_prose("Builds") and places.only_in_prose("Nothing")
    assert {"note", "idle"} <= places.strings


def test_rust_says_what_it_defines():
    text = """\
/// A point of the plane.
pub struct Point { pub x: i32 }
enum Shape { Dot, Line(i32) }
trait Draw { fn draw(&self); }
impl Draw for Point {
    fn draw(&self) { let label = "a point"; }
}
fn main() {}
const MAX: u32 = 5;
type Id = u8;
mod inner { fn helper() {} }
macro_rules! square { ($x:expr) => { $x * $x }; }
"""
    assert _defined("src/lib.rs", text) == {
        ("Point", 2, "struct"),
        ("x", 2, "field"),
        ("Shape", 3, "enum"),
        ("Dot", 3, "enum member"),
        ("Line", 3, "enum member"),
        ("Draw", 4, "trait"),
        ("draw", 4, "method"),
        ("draw", 6, "method"),
        ("main", 8, "function"),
        ("MAX", 9, "constant"),
        ("Id", 10, "type"),
        ("inner", 11, "module"),
        # A module's function is no method.
        ("helper", 11, "function"),
        ("square", 12, "macro"),
    }
    places = language_of("src/lib.rs").read(text)
    assert places.only_in_prose("plane") and "label" in places.code
    assert "point" in places.strings or "point" in places.prose


def test_go_says_what_it_defines():
    text = """\
package server

// Server serves the requests.
type Server struct { Name string }
type Runner interface { Run() error }
type ID int
func (s *Server) Start() error { return nil }
func New() *Server { local := "fresh"; _ = local; return nil }
const Max = 5
var Default = New()
"""
    assert _defined("server.go", text) == {
        ("Server", 4, "struct"),
        ("Name", 4, "field"),
        ("Runner", 5, "interface"),
        ("Run", 5, "method"),
        ("ID", 6, "type"),
        ("Start", 7, "method"),
        ("New", 8, "function"),
        ("Max", 9, "constant"),
        ("Default", 10, "variable"),
    }
    places = language_of("server.go").read(text)
    assert places.only_in_prose("requests") and "fresh" in places.strings


def test_kotlin_says_what_it_defines():
    text = """\
package app

// The settings screen.
class Settings(val name: String, count: Int) : Screen() {
    val title = "Hello $name and ${count}"
    companion object {
        const val KEY = "settings"
    }
    fun show() { val local = 1 }
}
interface Store {
    fun load(): String
}
enum class Mode {
    LIGHT, DARK
}
object Registry
typealias Names = List<String>
fun main() {}
"""
    assert _defined("app/Settings.kt", text) == {
        ("Settings", 4, "class"),
        ("name", 4, "field"),
        ("title", 5, "field"),
        ("KEY", 7, "field"),
        ("show", 9, "method"),
        ("Store", 11, "interface"),
        ("load", 12, "method"),
        ("Mode", 14, "enum"),
        ("LIGHT", 15, "enum member"),
        ("DARK", 15, "enum member"),
        ("Registry", 17, "object"),
        ("Names", 18, "type"),
        ("main", 19, "function"),
    }
    places = language_of("app/Settings.kt").read(text)
    # Both forms of a string template are code.
    assert {"name", "count"} <= places.code
    assert places.only_in_prose("screen")


def test_java_says_where_it_defines_its_names_but_gives_no_facts():
    text = """\
package app;

public class Store implements Source {
    public static final int LIMIT = 10;
    private String name;
    public Store() {}
    void load(int count) { int local = count; }
    enum Mode { ON, OFF }
    record Entry(String key) {}
}
"""
    assert _defined("src/Store.java", text) == {
        ("Store", 3, "class"),
        ("LIMIT", 4, "field"),
        ("name", 5, "field"),
        ("load", 7, "method"),
        ("Mode", 8, "enum"),
        ("ON", 8, "enum member"),
        ("OFF", 8, "enum member"),
        ("Entry", 9, "class"),
    }
    # The generator's Java pages are judged as before: by words, not definitions.
    assert language_of("src/Store.java").facts is None


def test_the_generators_pages_of_these_kinds_keep_the_fallback_template():
    for path in ("a.ts", "a.tsx", "a.js", "a.rs", "a.go", "a.kt"):
        assert language_of(path) is not None
        assert (
            GENERATORS.template_for_source(path).id == GENERATORS.template_for_source("a.toml").id
        )
    endings = {
        suffix
        for template in GENERATORS.templates.values()
        for suffix in GENERATORS.template_extensions(template)
    }
    assert endings.isdisjoint({".ts", ".tsx", ".js", ".rs", ".go", ".kt"})


@pytest.mark.slow  # a whole project's sources parsed
@pytest.mark.skipif(not SCRIPTCAT.is_dir(), reason="../shared is not beside the checkout")
def test_the_typescript_and_javascript_of_a_real_project_parse():
    files = [
        path
        for pattern in ("*.ts", "*.tsx", "*.js", "*.mjs")
        for path in SCRIPTCAT.rglob(pattern)
        if "node_modules" not in path.parts
    ]
    assert len(files) == 923 + 78
    unread = [
        path
        for path in files
        if language_of(path.name).facts(path.read_text(encoding="utf-8")).unsure
    ]
    # The one file the grammar cannot read whole: `)?;` closes a type alias.
    assert [path.relative_to(SCRIPTCAT).as_posix() for path in unread] == ["src/app/types.d.ts"]
    text = (SCRIPTCAT / "src/app/repo/scripts.ts").read_text(encoding="utf-8")
    defined = _defined("scripts.ts", text)
    assert ("ScriptCodeDAO", 296, "class") in defined
    assert ("SCRIPT_TYPE_NORMAL", 10, "constant") in defined
