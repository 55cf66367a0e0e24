"""The subject of each citation of a page: what the citation is evidence for,
read from the page's words (issue 92).

A citation's subject is the terms its own unit names: the table row, list
item or sentence holding it, the citations' own texts and link targets left
out. A unit naming nothing but its citations (a `Sources:` line closing a
paragraph, a list under "Section sources", a row's reference column with
nothing else) takes the terms of the section it closes: the prose, tables,
lists and code between it and the heading or sources line before it (not a
Mermaid diagram's labels and its code blocks' lines, which only show it),
else that heading; a name
its heading gives and its prose writes too (`### Docker Integration` over
"the native Docker management") is one of its terms. A
sentence, item or row that says something in words but names nothing a word
of code can show is not widened to its list or section, whose names are said
of other lines: its subject is its bold label or its Title Case phrases
(`Sync Engine`), shown by their words or the identifier joining them, or
empty where it has neither.

A term is a name in backticks, an identifier written in prose (CamelCase
with an inner capital, snake_case, an environment variable, a dotted name, a
call, a name joined by hyphens such as `AES-256-GCM`), a quoted string, a
route (`/api/send`) or a flag (`--dry-run`). What shows a term is its `keys`:
the words (compared whole, ignoring case and the `_` and `-` inside
identifiers, by `word_key`) one of which the cited lines must hold, or for a
quoted string, a route or a hyphenated name its text. An acronym or a
product's name in prose (`SSH`, `macOS`), or a quoted word of prose (`"slots"`,
a word the page stresses), is a weak term: it shows a subject, but its place
elsewhere in a file says nothing.

The reader works on the page's lines alone (it is built once a page and asked
per citation): it needs no parse of the code and no history.
"""

from __future__ import annotations

import itertools
import re
import string
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field, replace
from functools import cached_property
from typing import NamedTuple

_FENCE = re.compile(r"^\s{0,3}(`{3,}|~{3,})")
_HEADING_OPEN = re.compile(r"\s{0,3}(#{1,6})\s+")
_ITEM = re.compile(r"^(\s*)(?:[-*+]|\d{1,3}[.)])\s+")
_TABLE = re.compile(r"^\s*\|")
_RULE_ROW = re.compile(r"^\s*:?-{2,}")
_SOURCES = re.compile(
    r"^\s*(?:[-*+]\s+)?(?:\*\*|__)?(?:sources?|locations?|section sources|referenced files"
    r"(?: in this document)?|references?)(?:\*\*|__)?\s*:?(?:\*\*|__)?\s*:?",
    re.IGNORECASE,
)
_CODE_SPAN = re.compile(r"(?<!`)(`+)(?!`)(.+?)(?<!`)\1(?!`)")
_LINK = re.compile(r"\[([^\[\]]*)\]\(([^()\s]*)(?:\s[^()]*)?\)")
_QUOTED = re.compile(r"(?<![\w\"])\"([^\"\n]{2,48})\"(?![\w\"])")
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[A-Z`*\[(])")
_IDENTIFIER = re.compile(r"[A-Za-z_$][\w$]*")
_PROSE_TERMS = re.compile(
    r"(?<![\w$/.-])(?:"
    r"[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*\("  # a call, of a member or not
    r"|(?:"
    # a name of parts in capitals and digits joined by hyphens (`AES-256-GCM`,
    # `UTF-8`; not "SSH-based"; `x-amz-date` is read in code spans)
    r"[A-Z][A-Z0-9]*(?:-[A-Z0-9]+)+"
    r"|--[a-z][\w-]+"  # a flag
    r"|/[a-z][\w-]*(?:/[\w:{}-]+)+"  # a route
    r"|[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)+"  # a dotted name
    # CamelCase with an inner capital
    r"|[A-Za-z][a-z0-9]*[A-Z][A-Za-z0-9]*"
    r"|[A-Za-z][A-Za-z0-9]*(?:_[A-Za-z0-9]+)+"  # snake_case, ENV_VARS
    r")(?![\w/]))"
)
_WEAK_PROSE = re.compile(
    r"[A-Z0-9]+s?|[a-z]{1,2}[A-Z][A-Za-z]*|[a-z]+[A-Z]{2,}|[A-Z][a-z]+[A-Z]{2,}"
)
"""A prose word in capitals (`SSH`, `UDP`) or a product's name (`iOS`,
`iPhone`, `jQuery`: a letter or two before a capital; `macOS`: a word
ending in capitals; a word ending in an acronym, `PostgreSQL`, `RabbitMQ`,
`HikariCP`: code names the product otherwise, `postgres:`,
`jdbc:postgresql:`). Not a word in lower camelCase (`appMessage`,
`useWorkspace`): that is code's name, written in prose or a diagram."""
_PRODUCT = re.compile(r"([A-Z][a-z]{3,})(?:DB|SQL|MQ|CP)")
"""A product's name ending in the acronym of its kind, which code and
configuration leave out (a database, a queue, a pool: `PostgreSQL`,
`MongoDB`, `RabbitMQ`, `HikariCP`), its stem of four letters or more before
it. Not other kinds (`SwiftUI`, `OpenAPI`): their stem is a word of its
own, a language's or any prose's."""


def _stem(word: str) -> str:
    """For a product's name ending in an acronym (`_PRODUCT`), a pattern of
    a word beginning with its stem: what code and configuration write of it
    (`spring.datasource.hikari.`, `postgres:`, `rabbitTemplate`); "" for
    another word."""
    product = _PRODUCT.fullmatch(word)
    return rf"(?<![a-z0-9]){product.group(1).lower()}" if product else ""


_KEYWORDS = re.compile(r"[A-Z][A-Z\s{}()]*")
"""A code span of words in capitals without `_` (`NOT EXISTS { }`, `WHERE`)."""
_KEY = re.compile(
    r"(?:Escape|Esc|Enter|Return|Space|Tab|Backspace|Delete|Home|End|PageUp|PageDown"
    r"|Arrow(?:Up|Down|Left|Right)|Arrow keys|F[1-9][0-2]?)"
)
"""A key of the keyboard by its name, as a shortcut table writes it."""
_HYPHENATED = re.compile(r"[A-Za-z][A-Za-z0-9]*(?:-[A-Za-z0-9]+)+")
"""A name of parts joined by hyphens (`AES-256-GCM`, `x-amz-date`, `wg-quick`)."""
_DOCUMENT_ID = re.compile(r"[A-Z]+-(?:0[0-9]+|[0-9]+-[0-9]+)")
"""A document's identifier of an item: capitals, then a number padded with
zeros or two numbers (`F-018`, `CVE-2024-3094`); not a standard's name
(`UTF-8`, `SHA-256`)."""
_CITATION_TEXT = re.compile(
    r"(?<![\w./-])[\w./-]+\.\w+(?:[:#]L?\d+)|#L\d+|:\d+(?:-\d+)?$|(?<![\w-])L\d+(?:-L?\d+)?(?![\w-])"
)
_SLASHED = re.compile(r"(?<![\w/.-])[A-Za-z][\w-]*/[A-Za-z][\w-]*(?![\w/.])")
_MEMBER = re.compile(r"::([A-Za-z_]\w*)$")
_FILE_NAME = re.compile(r"^[\w./-]*\w\.[A-Za-z][\w]{0,5}$")
_NUMBERED = re.compile(r"^v?\d+(?:\.\d+)+$")

_COMMON = frozenset(
    {
        "null",
        "none",
        "nil",
        "true",
        "false",
        "self",
        "this",
        "string",
        "number",
        "int",
        "bool",
        "boolean",
        "integer",
        "float",
        "double",
        "void",
        "new",
        "return",
        "async",
        "await",
        "const",
        "let",
        "var",
        "def",
        "fn",
        "the",
        "and",
    }
)
"""Words of every language and of English: a term keyed by one of them alone
would be shown by any lines."""

_STATEMENT_WORDS = frozenset(
    {
        "mod",
        "pub",
        "use",
        "impl",
        "struct",
        "enum",
        "trait",
        "class",
        "interface",
        "import",
        "from",
        "export",
        "func",
        "function",
        "static",
        "public",
        "private",
        "protected",
        "package",
        "type",
        "extern",
        "crate",
    }
)
"""The keywords declaring or bringing in a name, in the languages doclint
reads: a code span of a statement is shown by its names, not by these."""


def word_key(word: str) -> str:
    """A word as compared with the words of the cited lines: lower case,
    without `_` and `-` (`reserved_by` and `reservedBy` are one key)."""
    return word.lower().replace("_", "").replace("-", "")


class Term(NamedTuple):
    """One thing a citation's subject names."""

    text: str
    """As written on the page (a code span's content, a quoted string's text)."""
    keys: tuple[str, ...]
    """Word keys (`word_key`) any of which on the cited lines shows the term."""
    literal: str = ""
    """Text (lower case) whose occurrence shows the term: a quoted string's,
    a route's; "" for a term shown by its words."""
    prefix: str = ""
    """A glob's fixed start as a word key (`enrich_*`: "enrich"): any word
    beginning so shows the term."""
    weak: bool = False
    """A word of the prose that names a product or an acronym more often
    than code (`SSH`, `macOS`): it shows the subject where the lines hold it,
    but where they do not, its place elsewhere tells nothing."""
    spread: str = ""
    """A pattern (lower case) whose match shows the term, and places
    nothing: for words joined as code would name them (`Inline Images`),
    the words, each singular or not, in order inside one identifier with
    other parts between (`INLINE_RENDERED_IMAGE_MIN_AREA`); for an address
    (`localhost:3000`), its port; "" for other terms."""
    every: bool = False
    """Whether the term is shown by all its keys together, not by one: a
    code span of several plain words (a command, `bun run doctor`; a
    declaration, `overflow: hidden`), whose words alone ("run", "hidden")
    stand on lines saying something else."""

    def shown_in(self, words: frozenset[str], lowered: str) -> bool:
        """Whether a text shows the term: `words` its word keys
        (`text_words`), `lowered` the text in lower case. A term of the
        code (not an acronym of the prose) is shown by a part of a longer
        identifier too: `cache` by `enableCache`, `sort` by `sortState`. A
        text of words is shown by them joined by hyphens too ("plugin
        system" by `Plugin-system`)."""
        hyphenated = self.literal.replace(" ", "-")
        held = (k in words or (not self.weak and k + _PART_MARK in words) for k in self.keys)
        return bool(
            (self.literal and (self.literal in lowered or hyphenated in lowered))
            or (all(held) if self.every else any(held))
            or (self.prefix and any(w.startswith(self.prefix) for w in words))
            or (self.spread and re.search(self.spread, lowered) is not None)
        )


def text_words(text: str, hyphenated: bool = False) -> frozenset[str]:
    """The word keys (`word_key`) of a text's identifiers, of each run of
    two or more of an identifier's parts (`WireGuardProfileListView` shows
    `WireGuard` and `ProfileList`, `emit_field_list` shows `field_list`),
    and of each single part, marked by `_PART_MARK` (`enableCache` holds
    `cache` so): a prose acronym (`LAN`) is not shown by such a part. With
    `hyphenated`, a name joined by hyphens (`hazelcast-mgmt`, the flag
    `--force-recreate`) is one word too, as `word_key` reads a term written
    so: the cited lines show `hazelcast_mgmt` so, but such a name elsewhere
    places nothing (a title's `product-describer` is no place of the
    "Product Describer" a section names in words)."""
    words: set[str] = {word_key(name) for name in _kebab_names(text)} if hyphenated else set()
    for identifier in _IDENTIFIER.findall(text):
        words.add(word_key(identifier))
        parts = _PART.findall(identifier)
        if len(parts) > 1:
            words.update(
                word_key("".join(parts[a:b])) + ("" if b - a > 1 else _PART_MARK)
                for a in range(len(parts))
                for b in range(a + 1, len(parts) + 1)
                if b - a < len(parts)
            )
    return frozenset(words)


def _kebab_names(text: str) -> Iterator[str]:
    """The names whose parts are joined by hyphens, as a YAML key, a
    service, a flag or a CSS class writes them (`hazelcast-mgmt`,
    `--force-recreate`: `force-recreate`); not a segment of a path or a URL
    (`github.com/x/swift-cross-ui.git` names a repository, not the module
    `SwiftCrossUI`). Each is the end of a run of a word's, a path's or a
    URL's characters, from its start or a hyphen, of letters, digits and
    single hyphens, a letter first: found by one pass over each run (a
    pattern trying each hyphen as a start took time quadratic in a run of
    them)."""
    for run in _RUN.findall(text):
        if run.endswith("-"):
            continue
        # The name starts after the run's last character no name holds and
        # its last double hyphen: after a hyphen, or at the run's start
        # where it has neither.
        first = len(run) - 1
        while first >= 0 and run[first] in _NAME_CHARS:
            first -= 1
        first = max(first, run.rfind("--"))
        hyphens = (at + 1 for at in range(max(first, 0), len(run)) if run[at] == "-")
        starts = itertools.chain([0] if first < 0 else [], hyphens)
        start = next((s for s in starts if run[s] in _LETTERS), None)
        if start is not None and "-" in run[start:]:
            yield run[start:]


_RUN = re.compile(r"[\w$/.-]+")
_LETTERS = frozenset(string.ascii_letters)
_NAME_CHARS = frozenset(string.ascii_letters + string.digits + "-")


_PART_MARK = "/"
"""Ends the key of one part of a longer identifier in `text_words` (no key
holds it)."""


_PART = re.compile(r"[A-Z]+(?=[A-Z][a-z])|[A-Z]?[a-z]+|[A-Z]+|[0-9]+")
"""The parts of an identifier: words of its camelCase or snake_case."""


@dataclass(frozen=True)
class Subject:
    """What a citation is evidence for, and where on its page that was read."""

    terms: tuple[Term, ...]
    source: str
    """"row", "item", "sentence", "parenthesis" (the citation's own),
    "paragraph", "section" or "heading"."""
    also: tuple[Term, ...] = ()
    """What else shows the subject where the lines hold it, but names
    nothing to look for elsewhere: a list item's bold label of words
    beside its names (`**Initial Commands**:`, shown by `initialCommand`)."""
    said: frozenset[str] = frozenset()
    """A section's prose words of five letters or more, as word keys: a
    function or class the cited lines define under one of them ("handle
    preflight checks" at `preflight() {`) shows the section."""
    prose: str = ""
    """A section's prose, its words (letters and digits) in lower case
    joined by single spaces: a heading of the cited lines that it writes
    whole ("### Drift Detection" for "periodic drift detection") says they
    are about what the section says."""
    titled: frozenset[str] = frozenset()
    """The words of five letters or more, lower case and singular, of the
    headings over a section (its own and its parents', not the page's
    title): a heading of the cited lines writing one says they are about
    what the section is ("#### Data Isolation" under "## Data Isolation
    Principles")."""
    words: bool = False
    """Whether the terms are words of the prose joined as code would name
    them (a unit naming no name: its bold label, its Title Case phrases,
    `Sync Engine`): the file holding the identifier that joins them
    (`SyncEngine`) elsewhere says where the subject is, the file never
    holding it says nothing (the file may say it in other words)."""
    items: tuple[Item, ...] = ()
    """A section's lines of prose (its list items, rows and paragraph
    lines), each by its phrases and its own names (`Item`): a sources list
    of a section that is a list of items said in words cites a place for
    each item, which shows that item and none of the others' names."""

    def shown_by(self, text: str) -> bool:
        """Whether `text` (the cited lines and their window) shows a term,
        a term of prose words in the plural by its singular too."""
        words, lowered = text_words(text, hyphenated=True), text.lower()
        return any(
            shows(term, text, words, lowered) or _singular_shown(term.literal, lowered)
            for term in (*self.terms, *self.also)
        )

    def item_shown(self, text: str, code: bool) -> bool:
        """Whether `text` (the cited lines and their window) writes a phrase
        of one line of the section's prose (`items`) and shows that line's
        own names where it gives any: the lines are evidence for that item,
        not for the names the other items give. A phrase is written by an
        identifier's parts (`LOG_LEVEL` for "Logging level is reduced",
        `healthcheck:` for "health checks", `NotFoundException` for "404
        Not Found") or, in a file of code (`code`), by the words of its
        messages, comments and statements ("Questionnaire not found",
        `return false` for "returns false"); not by a prose file's words,
        any two of which may be an item's."""
        if not self.items:
            return False
        written = _phrases_written(text, code)
        if not written:
            return False
        words, lowered = text_words(text, hyphenated=True), text.lower()
        return any(
            item.phrases & written
            and (not item.terms or any(shows(t, text, words, lowered) for t in item.terms))
            for item in self.items
        )


class Item(NamedTuple):
    """A line of a section's prose: a list item, a row or a paragraph's line."""

    phrases: frozenset[str]
    """Its phrases (`_phrases_said`): runs of two to four of its words."""
    terms: tuple[Term, ...]
    """Its own names (`terms_of`): lines writing its phrase show it only
    where they show one of these too (an item naming `DATABASE_URL` is not
    shown by its words alone)."""


def shows(term: Term, text: str, words: frozenset[str], lowered: str) -> bool:
    """Whether `text` (its `words` and `lowered`) shows `term`, as a place
    of it too (the singular of a plural shows a subject, `Subject.shown_by`,
    and places nothing). A route the text does not write is not shown by
    its last word where that word ends another route the text writes
    (`status` of `/v1/tunnels/status` for `/v1/status`): that word is the
    other route's."""
    if term.literal.startswith("/") and term.literal not in lowered and _ROUTE.search(text):
        own = _route_shape(term.literal)
        text = _ROUTE.sub(lambda m: m[0] if own.endswith(_route_shape(m[0])) else " ", text)
        words, lowered = text_words(text, hyphenated=True), text.lower()
    if _ONE_WORD_FLAG.fullmatch(term.text):
        # A flag of one word (`--check`) is shown by its text or by its word
        # as code writes it (`args.check`, `check=True`, `"check"`), not by
        # the word in prose ("why the check is safe").
        word = re.escape(term.text[2:].lower())
        return re.search(rf"--{word}\b|[.\"'_]{word}\b|\b{word}[\"'_=(]", lowered) is not None
    return term.shown_in(words, lowered)


_ONE_WORD_FLAG = re.compile(r"--[A-Za-z]+")


_ROUTE = re.compile(r"(?<![\w.:/])/[\w.{}<>$:-]+(?:/[\w.{}<>$:-]+)+/?")
"""A route or absolute path of two segments or more a text writes (not the
path of a URL, which follows its host)."""


def _route_shape(route: str) -> str:
    """A route with its parameters alike however written (`{id}`, `:id`,
    `<id>`, `${id}`), in lower case, without a trailing slash."""
    return re.sub(r"\{[^}]*\}|<[^>]*>|:\w+|\$\{?\w+\}?", "*", route.lower()).rstrip("/")


def _singular_shown(literal: str, lowered: str) -> bool:
    """Whether a label or quoted text of prose words in the plural ("health
    checks", "Skills") stands in `lowered` in the singular, as whole words
    ("health check", "Skill"): prose says one of a kind where a page names
    them all. It shows the subject, and places nothing."""
    if not _PROSE_PLURAL.fullmatch(literal):
        return False
    return re.search(rf"(?<![\w-]){re.escape(literal[:-1])}(?![\w-])", lowered) is not None


_PROSE_PLURAL = re.compile(r"[a-z]+(?: [a-z]+)*[a-rt-z]s")
"""Prose words, the last a plural in `s` (not `ss`: "access")."""


def terms_of(text: str) -> tuple[Term, ...]:
    """The terms a piece of a page names, in order, once each (a file name
    is none: the citation names its file already)."""
    found: dict[str, Term] = {}

    def add(term: Term | None) -> None:
        if term is not None and (term.keys or term.literal or term.prefix):
            found.setdefault(term.text, term)

    # Values a parenthesis gives as examples ("(e.g., `script:`,
    # `tempStorage:`)") illustrate what the unit names; the code need not
    # write them.
    text = _EXAMPLES.sub(" ", text)
    prose = _LINK.sub(lambda m: " " + (m.group(1) if not _cites(m.group(1)) else "") + " ", text)
    spans: list[str] = []

    def keep_span(match: re.Match[str]) -> str:
        spans.append(match.group(2).strip())
        return " "

    prose = _CODE_SPAN.sub(keep_span, prose)
    # Names joined by a slash in prose (`iOS/macOS`, `Linux/GTK`) are each a
    # name; a route or a path keeps its slashes (it starts with one, or has
    # a dot or more than two parts).
    prose = _SLASHED.sub(lambda m: m.group(0).replace("/", " / "), prose)
    for span in spans:
        term = _span_term(span)
        if term is not None and (_KEYWORDS.fullmatch(span) or _KEY.fullmatch(span)):
            # `NOT`, `EXISTS { }`: a query language's keywords, in any code.
            # `Escape`, `Space`: a key a user presses, which code tests as
            # `event.key === "Escape"` (a branch under it is what it does)
            # or `" "`: the key's name elsewhere places nothing.
            term = term._replace(weak=True)
        add(term)
    for match in _QUOTED.finditer(prose):
        add(_quoted(match.group(1)))
    for match in _KIND_NAMED.finditer(prose):
        # "the Claims struct": a word the kind after it says is code's name.
        add(Term(match.group(1), _keys([match.group(1)])))
    for match in _PROSE_TERMS.finditer(prose):
        # A call written in prose is shown as one: `load(path)` as `load()`.
        written = match.group(0) + (")" if match.group(0).endswith("(") else "")
        term = _span_term(written, prose=True)
        if term is not None and _WEAK_PROSE.fullmatch(term.text):
            term = term._replace(weak=True, spread=_stem(term.text))
        add(term)
    return tuple(found.values())


_KIND_NAMED = re.compile(
    r"(?:(?<=\()|(?<=[a-z,] ))([A-Z][a-z]+) (?:struct|class|interface|enum|trait)\b"
)
"""A capitalised word a type's kind follows (`the Claims struct`), not at a
sentence's start ("Base class for ...")."""

_EXAMPLES = re.compile(
    r"\((?:e\.\s?g\.|for (?:example|instance)|such as|like\b)[^()\n]*\)", re.IGNORECASE
)
"""A parenthesis of examples: `(e.g., ...)`, `(for example ...)`, `(like ...)`."""


def _paths_of(text: str) -> tuple[Term, ...]:
    """The paths and file names a piece of a page names in code spans
    (`~/.bastion/hosts.json`, `Platform.swift`), each shown by its text:
    no subject to look for elsewhere (most name another citation's file, or
    the cited one), but lines writing one show what the text says of it.
    So does an address of the machine or of a service, by its port
    (`_port`)."""
    unlinked = _LINK.sub(" ", text)
    spans = (m.group(2).strip() for m in _CODE_SPAN.finditer(unlinked))
    found: list[Term] = []
    for span in dict.fromkeys(spans):
        port = _port(span)
        if port:
            found.append(Term(span, (), span.lower(), spread=port))
        elif not _cites(span) and _path(span):
            found.append(Term(span, (), span.lower()))
    for version in dict.fromkeys(_VERSION.findall(unlinked)):
        found.append(Term(version, (), "", spread=rf"(?<![\w.]){re.escape(version)}(?!\d)"))
    return tuple(found)


_VERSION = re.compile(r"(?<![\w.:#/-])[1-9]\d{0,3}(?:\.\d{1,4}){1,3}(?![\w.]?\d)")
"""A version or a number with decimals (`3.10`, `18.17.0`; not `0.5`, nor
a citation's `a.py:3`): where the cited lines write it (`requires-python =
">=3.10"`), they show what the unit says of it."""


def _port(span: str) -> str:
    """For an address of this machine (`http://localhost:3000/api`,
    `localhost:5432`, `http://localhost`) or of a service by its name
    (`http://orders-service:9090`), a pattern of its port as a whole
    number, the scheme's where it writes none: what a compose file's
    `ports:` or a server's settings write of it (`"3000:3000"`,
    `server.port=9090`). "" for other text (`Makefile:12` is a citation)."""
    address = _ADDRESS.fullmatch(span)
    if address is None:
        return ""
    scheme, host, port = address.group(1, 2, 3)
    if host not in _LOCAL_HOSTS and scheme is None:
        return ""
    if port is None and host in _LOCAL_HOSTS:
        port = _DEFAULT_PORTS.get(scheme or "")
    return rf"(?<![\w.]){port}(?![\w.])" if port else ""


_ADDRESS = re.compile(
    r"(?:(https?)://)?(localhost|127\.0\.0\.1|0\.0\.0\.0|[a-z][a-z0-9-]*)(?::(\d{2,5}))?(?:/\S*)?"
)
_LOCAL_HOSTS = frozenset({"localhost", "127.0.0.1", "0.0.0.0"})
_DEFAULT_PORTS = {"http": "80", "https": "443"}


def _code_lines(lines: Sequence[str]) -> tuple[Term, ...]:
    """The lines of a section's code blocks long enough to say something
    (a command with its arguments, a statement), each shown by its text,
    a shell's prompt left out: no subject to look for elsewhere."""
    written = (_PROMPT.sub("", line.strip()) for line in lines if not _FENCE.match(line))
    return tuple(
        Term(line, (), line.lower()) for line in dict.fromkeys(written) if len(line) >= _CODE_LINE
    )


def _hyphenated_words(prose: str) -> tuple[Term, ...]:
    """A section's words of prose joined by hyphens (`max-parallel`,
    `id-token`), outside its code spans and citations: a configuration
    writes its keys so (`max-parallel: 1`, `id-token: write`) and a page
    names them in plain prose. Each shows the section where the cited lines
    write it as a key (before `:` or `=`) or a flag (`--dry-run`), not as
    words ("## Cross-platform & sync" is no key of "cross-platform
    compatibility"), and places nothing (`read-only` and `short-lived` are
    words of any prose too)."""
    prose = _LINK.sub(lambda m: " " + (m.group(1) if not _cites(m.group(1)) else "") + " ", prose)
    prose = _CODE_SPAN.sub(" ", prose)
    return tuple(
        Term(word, (), spread=rf"--{re.escape(word)}(?![\w-])|(?<![\w-]){re.escape(word)}\s*[:=]")
        for word in dict.fromkeys(_PROSE_HYPHENATED.findall(prose))
    )


_PROSE_HYPHENATED = re.compile(r"(?<![\w$/.-])[a-z][a-z0-9]*(?:-[a-z][a-z0-9]*)+(?![\w$/-])")
"""Lower-case words of letters and digits joined by single hyphens, each
part opening with a letter (not `00-org-structure`, not a path's part)."""


_PROMPT = re.compile(r"^(?:\$|>|PS>)\s+")
_CODE_LINE = 12
"""The fewest characters a code block's line shows a section by: shorter
ones (`}`, `fi`, `npm test`) stand in too many files."""


def _cites(text: str) -> bool:
    """Whether a link's or span's text is a citation (`a.ts:3`, `L3-L5`)."""
    return bool(_CITATION_TEXT.search(text)) or bool(re.fullmatch(r"L?\d+(?:-L?\d+)?", text))


_PROSE_WORD = re.compile(r"[A-Za-z][a-z]+")
"""A word of prose (`slots`, `Strategy`; not `WorkspaceShell`, `UTF8`)."""


def _quoted(text: str) -> Term | None:
    """A quoted string, shown by its text; a phrase of words (`"Canonical
    Request,"`, the punctuation closing it left out) also by an identifier
    joining them (`canonicalRequest`)."""
    text = text.rstrip(",.;:") or text
    words = text.split()
    if len(words) > 4:
        return None
    joined = _keys(["".join(words)]) if len(words) > 1 and all(w.isalpha() for w in words) else ()
    return Term(f'"{text}"', joined, text.lower(), weak=bool(_PROSE_WORD.fullmatch(text)))


def _span_term(span: str, prose: bool = False) -> Term | None:
    """A term of a code span or a word of the prose (`prose`); None for no term."""
    span = span.strip()
    if (
        "/" in span[1:]
        and span[0] != "/"
        and _PLACEHOLDER.search(span)
        and _PATH_CHARS.fullmatch(span)
    ):
        # `config/accounts/<id>/credentials/`: a path the code builds, no
        # file a citation names; shown by the names of its parts.
        return Term(span, _keys(_IDENTIFIER.findall(span)))
    package = _PACKAGE.fullmatch(span) or _SCOPED.fullmatch(span)
    if package:
        # `@scope/name@^1.0.0`: the package, as a manifest writes it
        # (`"@scope/name": "^1.0.0"`), whatever the version; `@scope/name`
        # alone too, which its slash would have read as a path.
        return Term(span, (), package.group(1).lower())
    if _no_term(span):
        return None
    return _shaped_term(span, prose) or _code_term(span)


_PLACEHOLDER = re.compile(r"<\w+>|\{\w+\}")
"""A part of a path standing for a value (`<account_id>`, `{job_id}`)."""
_PATH_CHARS = re.compile(r"[\w.~/<>{}-]+")
"""What a path writes (not a pattern's `[^>]*` or `.*?`)."""
_PACKAGE = re.compile(r"((?:@[\w.-]+/)?[A-Za-z0-9][\w.-]*)@[~^<>=]*\d[\w.*-]*")
"""A package and its version as npm writes them (`wrangler@^4.51.0`)."""
_SCOPED = re.compile(r"(@[\w.-]+/[A-Za-z0-9][\w.-]*(?:/[\w.-]+)*)")
"""A scoped npm package or a module of it (`@tauri-apps/plugin-dialog`,
`@tauri-apps/api/core`), named as a manifest and an import write it; not
an alias of the project's own folder (`@/utils/kanbanPath`)."""


def _no_term(span: str) -> bool:
    """Whether a span names no subject: nothing, a citation, a version, an
    extension (`.conf`), a file name or a path (another citation's file most
    often, or the cited one: the citation names its file already)."""
    if not span or _cites(span) or _NUMBERED.match(span) or re.fullmatch(r"\.\w+", span):
        return True
    return _path(span)


def _path(span: str) -> bool:
    """Whether a span is a file name or a path (not a route, not a member
    of a path such as `crate::module/file.rs::function`)."""
    if _MEMBER.search(span) and " " not in span:
        return False
    return bool(_FILE_NAME.match(span) or ("/" in span[1:-1] and not span.startswith("/")))


def _shaped_term(span: str, prose: bool) -> Term | None:
    """A term whose shape says how it is shown: a hyphenated name, a path's
    member, a route, a glob, a flag, a quoted string; None for other code."""
    if _DOCUMENT_ID.fullmatch(span):
        # `F-018`, `CVE-2024-3094`: an item of a document (a
        # finding, an advisory, a decision) the code need not write; shown
        # where the lines hold it, placing nothing.
        return Term(span, (), span.lower(), weak=True)
    if _HYPHENATED.fullmatch(span):
        # Shown by its text; in a code span by its parts too (`wg-quick` by
        # `quick`), in prose by its text alone (`AES` of `AES-256-GCM` says less).
        # A part of three letters or fewer (`pdf` of `pdf-parse`, `wg`) is an
        # acronym or a prefix that other names of its file hold too.
        parts = [part for part in span.split("-") if len(part) > 3]
        return Term(span, () if prose else _keys(parts), span.lower())
    member = _MEMBER.search(span)
    if member and " " not in span:
        # `crate::module/file.rs::function`: the function.
        return Term(span, _keys([member.group(1)]))
    if span.startswith("/") and re.fullmatch(r"/[\w/:{}.-]+", span):
        # Its text, or its last segment's words joined: the handler named for
        # it (`/api/mock-payment` by `handleMockPayment`).
        last = span.rstrip("/").rsplit("/", 1)[-1]
        named = re.fullmatch(r"[A-Za-z][\w-]*", last) and len(word_key(last)) >= 4
        return Term(span, _keys([last]) if named else (), span.lower())
    glob = re.fullmatch(r"([A-Za-z_$][\w$]*?)_?\*", span)
    if glob and len(glob.group(1)) >= 3:
        return Term(span, (), "", word_key(glob.group(1)))
    if span.startswith("--"):
        return Term(span, _keys([span[2:]]))
    if span[:1] in "\"'" and span[-1:] == span[:1] and len(span) > 2:
        return _quoted(span[1:-1])
    return None


def _code_term(span: str) -> Term:
    """A call or a dotted name, shown by its callee or member; other code
    by its identifiers where it has some (`(:Crate) -[:BELONGS_TO]->
    (:Context)` by `BELONGS_TO`: its plain words stand in any code), else by
    its words."""
    head = re.match(r"^[A-Za-z_$][\w$]*(?:(?:\.|::|->)[A-Za-z_$][\w$]*)*", span)
    if head and (head.end() == len(span) or span[head.end()] in "(<[!?"):
        return Term(span, _keys([re.split(r"\.|::|->", head.group(0))[-1]]))
    if span.endswith("/"):
        return Term(span, _keys([span.rstrip("/").rsplit("/", 1)[-1]]))
    words = _IDENTIFIER.findall(span)
    coined = [w for w in words if "_" in w.strip("_") or re.search(r"[a-z][A-Z]", w)]
    # A statement's keywords (`mod error;`, `pub use x`) stand on any line
    # of its kind: its names say what it is. Elsewhere such a word is a
    # value (`:Item{kind:enum}`).
    statement = bool(words) and words[0] in _STATEMENT_WORDS
    named = [w for w in words if not statement or w not in _STATEMENT_WORDS] or words
    keys = _keys(coined or named)
    # Several plain words apart (`bun run doctor`, `overflow: hidden`) say
    # what they are together: "run" or "hidden" alone stands anywhere.
    every = not coined and not statement and len(keys) > 1 and len(span.split()) >= 3
    return Term(span, keys, every=every)


def _keys(words: Sequence[str]) -> tuple[str, ...]:
    keys = []
    for word in words:
        key = word_key(word)
        if len(key) >= 3 and key not in _COMMON and key not in keys:
            keys.append(key)
    return tuple(keys)


@dataclass
class SubjectReader:
    """The subjects of one page's citations: built once a page from its
    lines, asked per citation by its line and column (1-based)."""

    lines: Sequence[str]
    _cache: dict[tuple[int, int], Subject] = field(default_factory=dict)
    _items: dict[int, Item] = field(default_factory=dict)

    @cached_property
    def _kinds(self) -> list[str]:
        """Per line: "fence" (inside a fenced block, its fences included;
        "diagram" for a Mermaid block),
        "front" (front matter), "heading", "blank", "row", "rule" (a table's
        separator), "item", "sources" or "text"."""
        kinds: list[str] = []
        fence = ""
        block = "fence"
        front = bool(self.lines) and self.lines[0].strip() == "---"
        for index, line in enumerate(self.lines):
            if front:
                kinds.append("front")
                if index and line.strip() in ("---", "..."):
                    front = False
                continue
            opened = _FENCE.match(line)
            if fence:
                kinds.append(block)
                if opened and opened.group(1)[0] == fence[0] and len(opened.group(1)) >= len(fence):
                    fence = ""
                continue
            if opened:
                fence = opened.group(1)
                info = line[opened.end() :].strip().lower()
                block = "diagram" if info.startswith("mermaid") else "fence"
                kinds.append(block)
            else:
                kinds.append(_line_kind(line, _last_block(kinds)))
        return kinds

    def subject(self, line: int, column: int) -> Subject:
        """The subject of the citation at `line`, `column` of the page."""
        key = (line, column)
        if key not in self._cache:
            self._cache[key] = self._read(line - 1, column - 1)
        return self._cache[key]

    def _read(self, index: int, column: int) -> Subject:
        if not 0 <= index < len(self.lines):
            return Subject((), "none")
        kinds = self._kinds
        kind = kinds[index]
        text = self.lines[index]
        if kind == "front":
            name = re.match(r"^\s*(name|title)\s*:\s*(.+)$", _front_name(self.lines) or "")
            if name is None:
                return Subject((), "front matter")
            value = name.group(2)
            # A `name:` of one identifier is the name of what the page
            # documents (a docs site's `name: Generator`), read as code is;
            # a title is prose.
            if name.group(1) == "name" and _IDENTIFIER.fullmatch(value.strip()):
                value = f"`{value.strip()}`"
            return Subject(terms_of(value), "front matter")
        said = _own_parenthesis(text, column) if kind in ("row", "item", "text") else None
        if said and (terms := terms_of(said)):
            # `auth/service.go:194` (`Claims`), `:233-345` (GenerateTokens):
            # each citation of a list names in its parenthesis what it cites
            # (one in words, "(best candidate)", says what it is for).
            return Subject(terms, "parenthesis", _paths_of(said))
        # A row, item or sentence in words that names nothing a word of code
        # can show is not widened: its subject is those words, which the
        # reader cannot compare (a section's names are said of other lines).
        if kind == "row":
            terms = terms_of(text)
            if terms or not _bare(text):
                return Subject(terms, "row", _paths_of(text))
            return self._around(index, "table")
        if kind == "item" or (kind == "text" and self._in_item(index)):
            return self._item(index, column)
        if kind == "sources":
            return self._section(index)
        if kind in ("text", "heading"):
            return self._sentence(index, column)
        return Subject((), "none")

    def _item(self, index: int, column: int) -> Subject:
        """The subject of a citation in a list item: the citation's sentence
        of it, else the whole item; an item of citations alone, its list's
        or the section's its list closes."""
        start = self._item_start(index)
        item = self._item_text(start)
        if not _only_citations(_SOURCES.sub("", self.lines[start], count=1)):
            before = " ".join([*self.lines[start:index], ""])
            terms = terms_of(_sentence_at(item, len(before) + column))
            terms = terms or terms_of(item)
            if terms:
                return Subject(terms, "item", _label(item, one=True) + _paths_of(item))
            if not _bare(item):
                return _in_words(_label(item) or _phrases(item), "item", _paths_of(item))
        if self._under_sources(start):
            return self._section(self._list_start(start))
        return self._around(index, "list")

    def _sentence(self, index: int, column: int) -> Subject:
        """The subject of a citation in a paragraph or a heading: its
        sentence (which may run over the paragraph's lines), else a sentence
        of citations alone takes its paragraph's, then its heading's."""
        paragraph = self._kinds[index] == "text"
        first = last = index
        if paragraph:
            while first > 0 and self._kinds[first - 1] == "text":
                first -= 1
            while last + 1 < len(self.lines) and self._kinds[last + 1] == "text":
                last += 1
        before = " ".join([*self.lines[first:index], ""])
        joined = before + " ".join(self.lines[index : last + 1])
        sentence = _sentence_at(joined, len(before) + column)
        terms = terms_of(sentence)
        if terms:
            return Subject(terms, "sentence", _paths_of(sentence))
        if not _bare(sentence):
            return _in_words(_phrases(sentence), "sentence", _paths_of(sentence))
        if paragraph:
            text = " ".join(self.lines[first : last + 1])
            terms = terms_of(text)
            if terms:
                return Subject(terms, "paragraph", _paths_of(text))
            if phrases := _phrases(text):
                return _in_words(phrases, "paragraph", _paths_of(text))
        return self._heading(index)

    def _in_item(self, index: int) -> bool:
        """Whether a text line continues a list item (indented, the item above)."""
        while index > 0 and self._kinds[index] == "text" and self.lines[index][:1] in " \t":
            index -= 1
        return self._kinds[index] == "item" and index >= 0

    def _item_start(self, index: int) -> int:
        while self._kinds[index] != "item" and index > 0:
            index -= 1
        return index

    def _item_text(self, start: int) -> str:
        end = start + 1
        while end < len(self.lines) and self._kinds[end] == "text" and self.lines[end][:1] in " \t":
            end += 1
        return " ".join(self.lines[start:end])

    def _list_start(self, index: int) -> int:
        """The first line of the list holding the item at `index` (blank lines
        between items kept in it)."""
        while index > 0 and self._kinds[index - 1] in ("item", "text", "blank"):
            if self._kinds[index - 1] == "blank" and (
                index < 2 or self._kinds[index - 2] not in ("item", "sources")
            ):
                break
            if self._kinds[index - 1] == "text" and not self._in_item(index - 1):
                break
            index -= 1
        return index

    def _under_sources(self, start: int) -> bool:
        """Whether a list of citations is a sources list: a sources line (or a
        heading such as "Section sources") heads it, or every item of it cites only."""
        first = self._list_start(start)
        above = first - 1
        while above >= 0 and self._kinds[above] == "blank":
            above -= 1
        if above >= 0 and (
            self._kinds[above] == "sources"
            or (
                self._kinds[above] in ("heading", "text")
                and _SOURCES.match(_heading_text_of(self.lines[above]))
            )
        ):
            return True
        return all(
            _only_citations(_ITEM.sub("", self.lines[i]))
            for i in range(first, start + 1)
            if self._kinds[i] == "item"
        )

    def _around(self, index: int, what: str) -> Subject:
        """The terms of the table or list holding `index`, else its section's."""
        first = last = index
        same = ("row", "rule") if what == "table" else ("item", "text")
        while first > 0 and self._kinds[first - 1] in same:
            first -= 1
        while last + 1 < len(self.lines) and self._kinds[last + 1] in same:
            last += 1
        text = "\n".join(self.lines[first : last + 1])
        terms = terms_of(text)
        if terms:
            return Subject(terms, what, _paths_of(text))
        return self._section(first)

    def _section(self, index: int) -> Subject:
        """The terms of the blocks a sources line at `index` closes: back to
        the heading or sources line before it; else that heading's. Where
        the sources line closes the subsections before its own too (see
        `_subsections_start`), what they name shows the subject as well,
        but judges nothing its own subsection leaves unjudged."""
        # A run of sources lines (`**Location:**` then `**Sources:**`, or
        # one link a line) closes the one section above it.
        while index > 0 and self._kinds[index - 1] in ("sources", "blank"):
            index -= 1
        start = self._block_start(index)
        prose = "\n".join(self._lines_of(start, index, ("text", "item", "row")))
        said = frozenset(w.lower() for w in re.findall(r"\b[A-Za-z]{5,}\b", _LINK.sub(" ", prose)))
        words = " ".join(re.findall(r"[a-z0-9]+", _LINK.sub(" ", prose).lower()))
        subject = replace(
            self._blocks(start, index),
            said=said,
            prose=words,
            titled=self._titled[start],
            items=tuple(
                self._prose_item(at)
                for at in range(start, index)
                if self._kinds[at] in ("text", "item", "row")
            ),
        )
        if not subject.terms or subject.words:
            subject = self._followed(index, subject)
        wider = self._subsections_start(start)
        if wider == start:
            return subject
        text = "\n".join(self._lines_of(wider, start, ("text", "item", "row", "fence")))
        wider_terms = terms_of(text)
        # A name the wider prose writes that this subsection's list labels an
        # item with (`**Bandit:**` under "`bandit`, `semgrep` and
        # `pip-audit`") is a name of this subsection: it judges, and words
        # the subsection was read by only show it.
        labels = {
            label.group(1).strip().lower()
            for line in self._lines_of(start, index, ("item",))
            if (label := _LABEL.match(line))
        }
        labelled = tuple(t for t in wider_terms if t.text.lower() in labels)
        if labelled:
            named = () if subject.words else subject.terms
            worded = subject.terms if subject.words else ()
            also = subject.also + worded + wider_terms
            return replace(subject, terms=named + labelled, also=also, words=False)
        if not subject.terms:
            return subject
        return replace(subject, also=subject.also + wider_terms)

    def _blocks(self, start: int, index: int) -> Subject:
        """The subject of the blocks from `start` to the sources line at `index`."""
        # Its prose, tables, lists and code; never its Mermaid diagram: a
        # diagram's node labels (`"Run Tests:<br>./test-all.sh"`) say in
        # words what the cited lines do, not a name they must show (on the
        # DeepWiki wikis of restate and ScriptCat, 10 findings so, all on
        # lines showing the diagram's step by meaning). Lines writing a
        # name of the diagram (`App->>Lock: obscure()` where they call
        # `lock.obscure()`) show what it draws, though: on the cubic wiki's
        # pages beyond the labelled ones, 4 of 59 findings read cite so. Not
        # its acronyms and products (`SSH`, `iOS`): a diagram's nodes name
        # the platforms of any lines.
        body = self._lines_of(start, index, ("text", "item", "row", "sources", "fence"))
        diagram = [
            line for line in self._lines_of(start, index, ("diagram",)) if not _FENCE.match(line)
        ]
        text = "\n".join(body)
        terms = terms_of(text)
        drawn = tuple(t for t in terms_of("\n".join(diagram)) if not t.weak)
        # Its items' bold labels show it as they show each item.
        items = self._lines_of(start, index, ("item",))
        drawn += tuple(t for line in items for t in _label(line, one=True))
        # A line of its code blocks (`docker compose up -d`) shows it where
        # the cited lines write the same.
        drawn += _code_lines(self._lines_of(start, index, ("fence",)))
        prose = "\n".join(self._lines_of(start, index, ("text", "item", "row")))
        drawn += _hyphenated_words(prose)
        # What its heading and its prose both name (`### Docker Integration`
        # over "the native Docker management") is what the section is about.
        headed, proper = _headed(terms, self._heading_text(start), prose)
        if headed:
            return Subject(headed, "section", _paths_of(text) + drawn + proper)
        if body and not _bare(text):
            return _in_words(_phrases(text), "section", _paths_of(text) + drawn + proper)
        return self._heading(index)

    def _followed(self, index: int, subject: Subject) -> Subject:
        """A sources line at `index` standing between its section's words and
        the table or list that section goes on with (`Stores the project's
        metadata.` / Sources / `| user_id | uuid |`), no sources line of its
        own closing them before the next heading: their names are its."""
        end = index + 1
        while end < len(self.lines) and self._kinds[end] not in ("heading", "sources"):
            end += 1
        if end < len(self.lines) and self._kinds[end] == "sources":
            return subject
        after = "\n".join(self._lines_of(index + 1, end, ("row", "item")))
        terms = terms_of(after)
        return replace(subject, terms=terms, words=False) if terms else subject

    def _subsections_start(self, start: int) -> int:
        """Where a sources line closing the blocks from `start` begins its
        reach: where the heading above `start` opens a subsection (`###`
        and deeper), back over the subsections before it that have no
        sources line of their own, to their parent's heading; else `start`.
        DeepWiki cites a `##` section's sources once, after its last `###`
        (on its wikis of restate and ScriptCat, 6 of 89 findings read were
        a sources line's lines showing an earlier subsection so)."""
        level = self._level(start - 1)
        at = start - 1
        while level >= 3 and at > 0:
            above = self._block_start(at)
            if above == 0 or self._kinds[above - 1] == "sources":
                break
            start = above
            if self._level(above - 1) < level:
                break
            at = above - 1
        return start

    def _prose_item(self, index: int) -> Item:
        """The line at `index` as an item of its section (`Item`): read once
        a page, as each citation of the section's sources list asks."""
        if index not in self._items:
            line = self.lines[index]
            self._items[index] = Item(_phrases_said(line), terms_of(line))
        return self._items[index]

    def _block_start(self, index: int) -> int:
        """The line after the heading or sources line above `index` (0 for none)."""
        while index > 0 and self._kinds[index - 1] not in ("heading", "sources"):
            index -= 1
        return index

    def _lines_of(self, start: int, end: int, kinds: tuple[str, ...]) -> list[str]:
        """The lines from `start` to `end` (excluded) of one of `kinds`."""
        return [
            line
            for line, kind in zip(self.lines[start:end], self._kinds[start:end], strict=True)
            if kind in kinds
        ]

    def _level(self, index: int) -> int:
        """The level of the heading at `index` (0 for no heading)."""
        if index < 0 or self._kinds[index] != "heading":
            return 0
        text = self.lines[index].lstrip()
        return len(text) - len(text.lstrip("#"))

    def _heading_text(self, index: int) -> str | None:
        """The text of the heading over the line at `index`; None for none."""
        above = self._over[index]
        return None if above < 0 else _heading_text_of(self.lines[above])

    @cached_property
    def _over(self) -> list[int]:
        """Per line, the line of the heading over it (itself for a heading;
        -1 for none): read once a page, as each citation asks."""
        over: list[int] = []
        for index, kind in enumerate(self._kinds):
            over.append(index if kind == "heading" else over[-1] if over else -1)
        return over

    @cached_property
    def _titled(self) -> list[frozenset[str]]:
        """Per line, the long words (`long_words`) of the headings over it:
        the nearest and each of a lower level above it, down to `##` (a
        page's title, `#`, starts them anew)."""
        titled: list[frozenset[str]] = []
        open_headings: list[tuple[int, frozenset[str]]] = []
        words: frozenset[str] = frozenset()
        for index, kind in enumerate(self._kinds):
            if kind == "heading":
                level = self._level(index)
                open_headings = [entry for entry in open_headings if entry[0] < level]
                if level > 1:
                    text = _heading_text_of(self.lines[index])
                    open_headings.append((level, long_words(text)))
                words = frozenset().union(*(found for _, found in open_headings))
            titled.append(words)
        return titled

    def _heading(self, index: int) -> Subject:
        text = self._heading_text(index)
        return Subject((), "none") if text is None else Subject(terms_of(text), "heading")


def _headed(
    terms: tuple[Term, ...], heading: str | None, text: str
) -> tuple[tuple[Term, ...], tuple[Term, ...]]:
    """A section's terms, with what its heading names too made names (an
    acronym, `SFTP`, or a product's name its prose (`text`) writes, `Docker`:
    the section is about it, and where the file writes it is where it shows
    the section); and, beside such a name, the prose's other proper names,
    which show it but place nothing (SFTP's "(Zip/Tar)"). A section under
    no `heading` (None) names nothing so."""
    named = {word_key(w) for w in _IDENTIFIER.findall(heading or "")}
    terms = tuple(
        t._replace(weak=False) if t.weak and word_key(t.text) in named else t for t in terms
    )
    known = {t.text for t in terms}
    proper = [Term(w, _keys([w])) for w in dict.fromkeys(_proper_names(text)) if w not in known]
    terms += tuple(t for t in proper if word_key(t.text) in named)
    if not any(word_key(t.text) in named for t in terms):
        # Beside no name of its heading, a section's product names (`Linux`,
        # `Android`) are shown by lines saying nothing it says: on the cubic
        # wiki's pages beyond the labelled ones, 7 right findings would go
        # so, and 3 wrong ones.
        return terms, ()
    return terms, tuple(
        Term(w, _keys([w])) for w in dict.fromkeys(_enumerated(text)) if w not in known
    )


def _enumerated(text: str) -> list[str]:
    """The capitalised words a text's parentheses list, joined by a slash or
    a comma (`archive operations (Zip/Tar)`): the kinds of what the sentence
    names (not words of any code: `(get, set, list, delete)`)."""
    found: list[str] = []
    for group in _PARENTHESISED.findall(_CODE_SPAN.sub(" ", _LINK.sub(" ", text))):
        items = [item.strip() for item in re.split(r"[/,]", group)]
        if len(items) > 1 and all(_WORD.fullmatch(item) for item in items):
            found += items
    return found


_PARENTHESISED = re.compile(r"\(([^()\n]{1,80})\)")
_WORD = re.compile(r"[A-Z][a-z]{2,}")


def _proper_names(text: str) -> list[str]:
    """The capitalised words of a text's prose standing alone inside a
    sentence (`the native Docker management`): a product's or a tool's
    name; not a sentence's first word, nor a word of a Title Case phrase
    (`Sync Engine`), nor a code span's or link's."""
    found: list[str] = []
    prose = _SLASHED.sub(lambda m: m.group(0).replace("/", " / "), _LINK.sub(" ", text))
    for line in _CODE_SPAN.sub(" ", prose).split("\n"):
        words = line.split()
        for at, word in enumerate(words):
            bare = _CAPITALISED.fullmatch(word)
            if bare is None or at == 0 or _ends_sentence(words[at - 1]):
                continue
            after = words[at + 1] if at + 1 < len(words) else ""
            if not (_in_phrase(words[at - 1], word) or _in_phrase(word, after)):
                found.append(bare.group(1))
    return found


def _in_phrase(first: str, second: str) -> bool:
    """Whether two words in a row are names with nothing between them
    (`Sync Engine`, `SSH Engine`, `Trust On`; not `Dropbox, Syncthing`)."""
    return bool(first[-1:].isalnum() and _NAMED.match(first) and _NAMED.match(second))


_NAMED = re.compile(r"[(\[\"']?[a-z]?[A-Z]")
"""A word written as a name: capitalised, or a product's (`iCloud`)."""


_CAPITALISED = re.compile(r"[(\[\"']?([A-Z][a-z]{2,})[)\]\"',.;:!?]*")


def _ends_sentence(word: str) -> bool:
    """Whether a word ends a sentence or a label (`.`, `!`, `?` or `:` among
    the marks closing it), or is punctuation alone (a list's marker): the
    word after it is capitalised as any word is. Read from the word's end
    (a pattern searching each mark took time quadratic in a run of them)."""
    if not word:
        return False
    end = len(word)
    while end and not _word_char(word[end - 1]):
        end -= 1
    return any(mark in ".!?:" for mark in word[end:]) or not any(
        _word_char(c) or c == "/" for c in word
    )


def _word_char(char: str) -> bool:
    """Whether a character is one of a word (`\\w`: a letter, digit or `_`)."""
    return char.isalnum() or char == "_"


def _own_parenthesis(line: str, column: int) -> str | None:
    """The text of the parenthesis right after the citation at `column`
    (0-based) of `line`, where one follows it (`` `a.go:32` (Group DTO) ``);
    None where none does, or where it gives examples (`_EXAMPLES`)."""
    cited = _CITED_TEXT.match(line, column)
    if cited is None:
        return None
    after = _OWN_PARENTHESIS.match(line, cited.end())
    if after is None or _EXAMPLES.match(line, after.start(1) - 1):
        return None
    return after.group(1)


_CITED_TEXT = re.compile(r"`[^`\n]*+`|\[[^\]\n]*+\]\([^()\s]*+\)|[^\s(),;]++")
"""A citation's text as the page writes it: a code span, a link, or a bare
`path:line` up to a space, a comma or a parenthesis."""
_OWN_PARENTHESIS = re.compile(r"[ \t]*+\(([^()\n]*+)\)")
"""A parenthesis after a citation's text, spaces before it."""


def _in_words(terms: tuple[Term, ...], source: str, also: tuple[Term, ...]) -> Subject:
    """The subject of a unit naming no name, read from its words (`terms`)."""
    return Subject(terms, source, also, words=bool(terms))


def _phrases(text: str) -> tuple[Term, ...]:
    """The Title Case phrases of two to four words of a text (`The Sync
    Engine processes`: `Sync Engine`), a leading article or pronoun left
    out, each shown by its words or by the identifier joining them."""
    found: dict[str, Term] = {}
    for match in _TITLE_CASE.finditer(_LINK.sub(" ", _CODE_SPAN.sub(" ", text))):
        words = match.group(0).split()
        while words and words[0] in _LEADING:
            words = words[1:]
        if 2 <= len(words) <= 4:
            found.setdefault(" ".join(words), _joined(words))
    return tuple(found.values())


_TITLE_CASE = re.compile(r"(?<![\w-])[A-Z][a-z]+(?:[ ][A-Z][a-z]+){1,4}(?![\w-])")
_LEADING = frozenset(
    {"The", "A", "An", "This", "These", "That", "Those", "Its", "Each", "Both", "All"}
)
"""Words opening a sentence before its Title Case phrase (`The Sync Engine`)."""


def _joined(words: Sequence[str]) -> Term:
    """Words shown by their text or by the identifier joining them, each
    word singular or not (`Initial Commands` by `initialCommand`)."""
    singular = [w[:-1] if len(w) > 3 and w.endswith("s") else w for w in words]
    keys = _keys(["".join(words), "".join(singular)])
    spread = r"[a-z0-9_]*?".join(re.escape(w.lower()) for w in singular)
    return Term(" ".join(words), keys, " ".join(words).lower(), spread=spread)


def _label(item: str, one: bool = False) -> tuple[Term, ...]:
    """A list item's bold label of two to four words (`- **Initial
    Commands**: ...`), shown by the identifier joining them, each word
    singular or not (`initialCommand`): what the item is about, said as the
    code would name it. With `one`, a label of one word of four letters or
    more too (`**learn**:`), shown by that word alone, whole (`mode ===
    'learn'`), as an acronym of the prose is: a word says less than a name."""
    label = _LABEL.match(item)
    words = label.group(1).split() if label else []
    if one and len(words) == 1 and words[0].isalpha() and len(words[0]) >= 4:
        return (Term(words[0], _keys(words), weak=True),)
    if not 2 <= len(words) <= 4 or not all(w.isalpha() for w in words):
        return ()
    return (_joined(words),)


_LABEL = re.compile(r"\s*(?:[-*+]|\d{1,3}[.)])\s+(?:\*\*|__)([^*_:]+?):?(?:\*\*|__)")
"""An item's bold label, its colon inside or after it."""


def _line_kind(line: str, last: str) -> str:
    """The kind of a line outside fenced blocks and front matter, `last` the
    kind of the last line before it that is not blank."""
    if not line.strip():
        return "blank"
    if heading_of(line) is not None:
        return "heading"
    if _TABLE.match(line):
        return "rule" if _RULE_ROW.match(line.replace("|", " ")) else "row"
    if _SOURCES.match(line) and _only_citations(_SOURCES.sub("", line, count=1)):
        return "sources"
    if _ITEM.match(line):
        return "item"
    # DeepWiki writes a list of sources one link a line, blank lines
    # between, after its `**Sources:**` line.
    return "sources" if last == "sources" and _only_citations(line) else "text"


_PARENTHESIS = re.compile(r"\([^()]*\)")
"""A parenthesis with none inside it."""


def _bare(text: str) -> bool:
    """Whether a row, item or sentence says nothing but its citations and
    a label (`**Implementation:**`, `Location`): at most two words besides,
    none of them code ("Return `true`" says what its lines do) or in
    parentheses ("(Contextual fetching)" describes them)."""
    # Code spans first: one may hold a link citation, written so on purpose
    # (cubic's `` `[a.ts:3](a.ts#L3)` ``).
    rest = _CODE_SPAN.sub(lambda m: " " if _cites(m.group(2)) else m.group(0), text)
    rest = _LINK.sub(" ", rest)
    if "`" in rest or any(
        re.search(r"[^\W\d_]{2}", m.group(0)) for m in _PARENTHESIS.finditer(rest)
    ):
        return False
    return len(re.findall(r"[^\W\d_]{2,}", rest)) <= 2


def _last_block(kinds: Sequence[str]) -> str:
    """The kind of the last line read that is not blank."""
    return next((kind for kind in reversed(kinds) if kind != "blank"), "")


def _only_citations(text: str) -> bool:
    """Whether a piece of a line holds nothing but citations and punctuation."""
    rest = _CODE_SPAN.sub(lambda m: "" if _cites(m.group(2)) else m.group(0), text)
    rest = _LINK.sub(lambda m: "" if _source_link(m.group(1), m.group(2)) else m.group(0), rest)
    return not re.sub(r"[\s,;.*_()\[\]|:-]+|\band\b", "", rest)


def _source_link(text: str, target: str) -> bool:
    """Whether a link cites code: its text or target cites lines, or its
    text names a file (`[SSHSession.swift](SSHSession.swift)` in a sources line)."""
    return _cites(text) or _cites(target) or bool(_FILE_NAME.match(text.strip("` ")))


def _sentence_at(text: str, column: int) -> str:
    """The sentence of a text holding `column` (0-based); with the sentence
    before it where the citation opens it ("... is `max_elems`. `error.rs:120`
    documents it": the citation's "it" is the name before)."""
    starts = [0] + [m.end() for m in _SENTENCE_END.finditer(text)]
    ends = [m.start() for m in _SENTENCE_END.finditer(text)] + [len(text)]
    at = next((i for i, end in enumerate(ends) if end > column), len(ends) - 1)
    first = at
    if at and not re.sub(r"[\s*_(\[]", "", text[starts[at] : column]):
        first = at - 1
    return text[starts[first] : ends[at]]


def _front_name(lines: Sequence[str]) -> str | None:
    for line in lines[1:]:
        if line.strip() in ("---", "..."):
            return None
        if re.match(r"^\s*(?:name|title)\s*:", line):
            return line
    return None


def heading_of(line: str) -> tuple[int, str] | None:
    """An ATX heading's level and text (`## Setup ##`: 2, "Setup"), its
    closing `#`s left out; None for another line. The text is cut by
    string methods: a pattern spanning the line took time cubic in a
    heading's run of spaces."""
    opened = _HEADING_OPEN.match(line)
    if opened is None:
        return None
    return len(opened.group(1)), line[opened.end() :].rstrip().rstrip("#").rstrip()


def _heading_text_of(line: str) -> str:
    """A heading's text (`heading_of`), else the line itself."""
    heading = heading_of(line)
    return line if heading is None else heading[1]


def long_words(text: str) -> frozenset[str]:
    """The words of five letters or more of a text, lower case and singular
    (`Events` is `event`)."""
    return frozenset(
        word[:-1] if word.endswith("s") and not word.endswith("ss") else word
        for word in re.findall(r"\b[a-z]{5,}\b", text.lower())
    )


def page_subjects(lines: Sequence[str]) -> SubjectReader:
    """The reader of the subjects of a page's citations."""
    return SubjectReader(lines)


def _phrases_said(line: str) -> frozenset[str]:
    """The phrases of a line of prose: each run of two to four of its words
    with no mark between them (a comma, a colon, a slash, a code span or a
    link ends a run), neither first nor last a function word ("is", "the"),
    as the keys of their stems joined (`_phrase_keys`)."""
    line = _LINK.sub(" | ", _CODE_SPAN.sub(" | ", line))
    keys: set[str] = set()
    for run in _word_runs(_WORD_OR_MARK.findall(line)):
        _phrase_keys(run, keys)
    return frozenset(keys)


def _phrases_written(text: str, code: bool) -> frozenset[str]:
    """The phrases (`_phrase_keys`) the cited lines write: each run of two
    to four parts of an identifier, and one part whose stem is long enough
    to join two words (`healthcheck`, `APPLICATIONINSIGHTS`); in a file of
    code, each run of its words too, as `_phrases_said` reads prose."""
    keys: set[str] = set()
    for identifier in _IDENTIFIER.findall(text):
        _phrase_keys(_PART.findall(identifier), keys, one=True)
    if code:
        for line in text.splitlines():
            for run in _word_runs(_WORD_OR_MARK.findall(line)):
                _phrase_keys(run, keys)
    return frozenset(keys)


_WORD_OR_MARK = re.compile(r"[A-Za-z]+|[^A-Za-z \t]+")
"""A word of letters, or a run of what separates words other than spaces."""


def _word_runs(tokens: Sequence[str]) -> Iterator[list[str]]:
    """The runs of words (`_WORD_OR_MARK`) with no mark between them."""
    run: list[str] = []
    for token in tokens:
        # A mark may begin with a letter of another script ("é", "错"): not a word.
        if token[0] in _LETTERS:
            run.append(token)
            continue
        if run:
            yield run
        run = []
    if run:
        yield run


def _phrase_keys(words: Sequence[str], keys: set[str], one: bool = False) -> None:
    """Add to `keys` the stems (`_word_stem`) of each run of two to four of
    `words` joined, of seven letters at least ("log level" is `loglevel`);
    with `one`, each word's stem of seven letters or more too (a part that
    joins two words itself, `healthcheck`). A run opening or closing on a
    function word is no phrase ("is reduced"), nor is a shorter one (two
    words of three letters say little)."""
    stems = [_word_stem(word) for word in words]
    function = [word.lower() in _FUNCTION_WORDS for word in words]
    for first, stem in enumerate(stems):
        if one and len(stem) >= _PHRASE_LETTERS:
            keys.add(stem)
        if function[first]:
            continue
        for last in range(first + 1, min(first + 4, len(stems))):
            key = "".join(stems[first : last + 1])
            if not function[last] and len(key) >= _PHRASE_LETTERS:
                keys.add(key)


_PHRASE_LETTERS = 7
_FUNCTION_WORDS = frozenset(
    {
        *("a", "an", "the", "is", "are", "was", "were", "be", "been", "of", "to", "in", "on"),
        *("for", "and", "or", "with", "by", "from", "as", "at", "it", "its", "this", "that"),
        *("these", "those", "if", "then", "than", "so", "such", "into", "onto", "via", "per"),
        *("all", "any", "each", "both"),
    }
)
"""Words a phrase neither opens nor closes on: "is reduced" is no name."""


def _word_stem(word: str) -> str:
    """A word in lower case without the endings English adds to it (a
    plural's, "-ing", "-ed", a last "e"): "Logging" and `LOG` are "log",
    "checks" and `Check` "check", "queries" and `query` "query"."""
    stem = word.lower()
    if len(stem) > 4 and stem.endswith("ies"):
        stem = stem[:-3] + "y"
    elif len(stem) > 4 and stem.endswith(("ches", "shes", "sses", "xes", "zes")):
        stem = stem[:-2]
    elif len(stem) > 3 and stem.endswith("s") and not stem.endswith("ss"):
        stem = stem[:-1]
    for end in ("ing", "ed"):
        if len(stem) - len(end) >= 3 and stem.endswith(end):
            stem = stem[: -len(end)]
            # "logging" is "log", "mapped" "map"; not "install", "pass".
            if len(stem) > 3 and stem[-1] == stem[-2] and stem[-1] not in "lsz":
                stem = stem[:-1]
            break
    return stem[:-1] if len(stem) > 3 and stem.endswith("e") else stem
