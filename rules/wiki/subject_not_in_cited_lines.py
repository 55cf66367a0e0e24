"""DL811 subject-not-in-cited-lines: cited lines that show nothing of what their sentence says."""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import TYPE_CHECKING

from doclint.rule_api import (
    Cause,
    Finding,
    Fix,
    FixSafety,
    MarkdownPage,
    Origin,
    Rule,
    RuleContext,
    RuleDocs,
    Scope,
    compiled_on_use,
)

from ._citing import citing

if TYPE_CHECKING:
    from doclint.rule_api_generators import Citation, Subject, SubjectReader

    from .._languages import Definition
    from ._wiki import Judged


class SubjectNotInCitedLines(Rule[MarkdownPage]):
    code = "DL811"
    name = "subject-not-in-cited-lines"
    summary = "Cited lines showing nothing their sentence names."
    docs = RuleDocs(
        what="""Flags a citation of lines whose lines show none of what the page
        says they are evidence for: no term of its subject (the names its
        sentence, list item, table row or section gives) stands on the cited
        lines, nor on the line just before or after them where that line
        belongs to them. Where the file shows the subject at other lines, the
        finding says where (cause `elsewhere`) and its fix moves the citation
        there. A subject the citation's own sentence, item or row gives is
        judged further: where the file writes it only as an acronym or a
        product's name in prose (`SSH`, `PostgreSQL`), the finding says where,
        with no fix, for such a word is no anchor; where the file shows
        nothing of it, the finding says so (cause `not-in-file`), with nothing
        to move the citation to.""",
        why="""A citation claims more than "these lines are as they were":
        it claims "these lines show what this sentence says". A generator
        that invents line numbers, or a person who wrote against another
        branch, cites a heading, the imports or the neighbour of what the
        sentence names; drift by history cannot see it, and neither can a
        tree without history.""",
        example="""The table row "| `parse_config` | reads the file |
        [config.py:12-15](config.py#L12-L15) |" where lines 12-15 hold the
        imports and `def parse_config` stands at 40.""",
        use_instead="""cite the lines that show what the sentence names.

        ### What the subject of a citation is

        The subject is the terms the page gives for what the cited lines
        show, read from:

        - the citation's own sentence, list item or table row: the names in
          backticks, identifiers written in prose (CamelCase, snake_case,
          environment variables, dotted names, calls, names joined by a
          slash such as `iOS/macOS`, not a path's parts), quoted strings,
          routes and flags; a link's text naming code too
          (`[load(path, strict=False)](store.py#L742)`). Left out: the
          citations' own texts, the values a parenthesis gives as examples
          ("(e.g., `script:`)", "(like `OPENROUTER_API_KEY`)") and a
          primitive type's name (a table's `boolean`, `integer`, `string`,
          `number`);
        - for a citation followed by a parenthesis of its own naming code, as
          a list of files to change writes them (`` `a.go:32` (`Group`),
          `:50` (`GroupFilter`) ``): that parenthesis's names, not the other
          citations' of its unit; a parenthesis in words ("(best
          candidate)") leaves the unit's names to judge;
        - for a unit naming no name at all (a subject in words): its bold
          label, else its Title Case phrases of two to four words
          (`The Sync Engine merges`: `Sync Engine`);
        - for a unit naming nothing but its citations (a `Sources:` line of
          links, or of links in code spans as cubic writes some pages'; a
          list under "Section sources"; a row naming nothing but its
          citation, two words at most, with no code and no parenthesis:
          "Return `true`" and "(Contextual fetching)" say what their lines
          do, and are read themselves): the terms of the section it closes,
          back to the heading or sources line before it, not its Mermaid
          diagram's labels, which say in words what the lines do;
        - where that section names nothing: the table or list after the
          sources line that no sources line of its own closes before the
          next heading (cubic writes a subsection's sentence, its sources,
          then its table); else the section's heading;
        - for a sources line after a `###` subsection whose sibling
          subsections before it have no sources line of their own (DeepWiki
          cites a `##` section's sources once, after its last `###`): it
          closes them too, and their names show its subject, though they
          judge nothing its own subsection leaves unjudged; a name of the
          section above that the subsection's list labels an item with
          (`**Bandit:**` under "`bandit`, `semgrep` and `pip-audit`")
          judges;
        - for a section: also a name its heading and prose both give
          (`### Docker Integration` over "the native Docker management"; an
          acronym such as `SFTP` too), and, beside it, the capitalised words
          its parentheses list ("archive operations (Zip/Tar)"), which show
          it;
        - for a citation in the page's YAML front matter
          (`sourceRef: channel.go#L18`): the page's `name:` (as code where
          it is one identifier: a docs site's `name: Generator`) or its
          `title:`.

        ### What shows a term

        A term is shown by a whole word of the lines judged, compared
        ignoring case and the `_` and `-` inside identifiers (`reservedBy`
        shows `reserved_by`). Some terms only show: where the file writes
        them elsewhere is no place of the subject ("placing nothing" below).
        A term the finding would place on the cited lines (defined or written
        there) shows them: a command `npm run dev` by its script's key
        `"dev":`.

        #### The lines judged and what holds them

        - The cited lines as they were where the citation was written (its
          pinned commit, else the commit that last wrote its line) when the
          history has it, else as the file is.
        - The line before them where it heads them (indented less),
          annotates them (a comment, decorator or attribute) or leaves its
          expression open for them.
        - The line after them where the cited ones end in an annotation or in
          an expression going on (a comma inside brackets the line opened, an
          operator); not after a comma ending a whole entry (`"a": f,`), nor
          a bracket opening a block, whose items are their own.
        - What holds them: the body of a class or function a term names, as
          the language's reader of definitions tells.
        - The body of the definition a pointer opens (a citation of one line,
          of annotations and the line below them, or of a decorator or
          attribute over the definition, however many lines its others
          take): "Defined at `report.rs:32`" for the fields the struct
          opening there declares; not a range holding a blank line, nor a
          Markdown heading, which is no pointer to each line of its section.
        - The lines above indented less, the headers of the blocks holding
          them, where no reader of definitions tells them (a language with
          none, an object literal): `enum AWSSigV4 {` above a line of its
          signing in Swift; for a brace alone on its line, the declaration
          above it (`class OutfitItem extends Model` over `{` in PHP, C#
          or C); not a condition's or a loop's
          (`if config.isAnthropicFormat:`), which names what it tests, not
          what the lines under it do.
        - A library a term names, through the names the file imports from it
          (`escape(...)` where `use v_htmlescape::escape;`); an import, or
          Swift's `#if canImport(SwiftUI)`, is no place of what it names.

        #### Names in code

        - A name: also by the same part or run of parts inside a longer
          identifier (`WireGuard` by `WireGuardProfileListView`, `cache` by
          `enableCache`).
        - A dotted name: by its member; a call: by its callee.
        - A statement: by its names, not its keywords (`mod error;` by
          `error`, not by `mod constants;`).
        - A word of prose in lower camelCase (`appMessage`) is code's name,
          not a product's; so is a capitalised word a type's kind follows,
          but for a sentence's first ("the Claims struct", "(Session
          class)"; not "Base class for ...").

        #### Prose acronyms and product names (weak)

        - An acronym of the prose (`LAN`): only by a whole word, not by a
          part of an identifier (`SSHCore`, the project's own module, writes
          `SSH` on most of its lines).
        - An acronym or a product's name in prose (`iOS`, `macOS`): by the
          lines holding it, placing nothing.
        - A product's name ending in the acronym of its kind (`HikariCP`,
          `PostgreSQL`, `MongoDB`, `RabbitMQ`): also by a word beginning with
          its stem, as settings write it (`postgres:`), placing nothing.
        - A document's number of an item (`F-018`, `CVE-2024-3094`: capitals,
          then a number padded with zeros or two numbers), as a table of
          findings gives it: by the lines holding it, placing nothing; not a
          standard's name (`UTF-8`, `SHA-256`).
        - A key's name as a shortcut table gives it (`Escape`, `Space`): where
          the lines hold it, placing nothing (code tests it as
          `event.key === "Escape"` or `" "`).

        #### Quoted strings and routes

        - A quoted string or a route: by its text.
        - A route: also by its last segment of four letters or more, the
          handler named for it (`/api/mock-payment` by `handleMockPayment`);
          not where that word ends another route the lines write
          (`/v1/tunnels/status` for `/v1/status`).
        - A quoted phrase of words: also by the identifier joining them
          (`"Canonical Request"` by `canonicalRequest`).
        - A quoted word of prose (`"slots"`, a word the page stresses): by
          the lines holding it, placing nothing.
        - A quoted text or a bold label of prose words in the plural
          (`"Skills"`, `**Health Checks:**`): by its singular too, as whole
          words ("Skill"), placing nothing.

        #### Flags and hyphenated names

        - A flag of one word: by its text or its word as code writes it
          (`--check` by `args.check`); not by the word in prose ("why the
          check is safe").
        - A name the lines join by hyphens, as a YAML key, a service or a
          flag writes it, shows the term too (`hazelcast-mgmt:` shows a
          diagram's `hazelcast_mgmt`); not a segment of a path or URL, and
          placing nothing.
        - A name joined by hyphens in a code span: by its text or a part of
          four letters or more (`wg-quick` by `quick`; not `pdf-parse` by
          the `Pdf` of every name of a PDF extractor).
        - A section's lower-case word joined by hyphens in plain prose
          (`max-parallel`): by the lines writing it as a key or a flag
          (`max-parallel: 1`), not as words ("## Cross-platform & sync"),
          placing nothing.

        #### Commands and code-block lines

        - A code span of three plain words or more (a command,
          `bun run doctor`): by them all together, not by one ("Run the
          tests"); a span of two (`cargo test`) by either.
        - A line of twelve characters or more of a section's code blocks
          (`docker compose up -d`, a shell's prompt left out): by its text.

        #### Paths, addresses, versions and packages

        - A path the unit names (`~/.bastion/hosts.json`): by its text.
        - A path the code builds, written with placeholders
          (`config/accounts/<id>/credentials/`): by the names of its parts.
        - An address of this machine (`http://localhost:3000`,
          `localhost:5432`; a service's with its scheme,
          `http://orders:9090`): by its port, the scheme's where it writes
          none (a Compose file's `"3000:3000"`).
        - A version or a number with decimals (`Python 3.10`): by its text as
          a number (`">=3.10"`, not `13.10`).
        - A package with its version: by the package's name
          (`@scope/name@^1.0.0` by a manifest's `"@scope/name"`).
        - A scoped package without its version
          (`@tauri-apps/plugin-dialog`): by its text, which places it too.

        #### Labels and Title Case phrases

        - A list item's bold label of two to four words: by the identifier
          joining them (`**Initial Commands**:` by `initialCommand`), or by
          its words in order inside one identifier with other parts between
          (`**Inline Images**` by `INLINE_RENDERED_IMAGE_MIN_AREA`).
        - A label of one word of four letters or more: by that word, whole
          (`**learn**:` by `mode === 'learn'`).
        - A label names nothing to look for elsewhere where its item names
          something else.
        - A Title Case phrase of a subject in words (`Sync Engine`): by its
          words or by the identifier joining them; where the lines show
          neither and the file holds that identifier elsewhere
          (`SyncEngine`), the finding says where.

        #### Mermaid diagrams

        - The names a section's Mermaid diagram draws show the section
          (`App->>Lock: obscure()` by `lock.obscure()`); not its acronyms and
          platforms.

        #### A section's own words

        A section is shown too by:

        - lines defining a function or class under a word of five letters or
          more the section's prose writes ("handle preflight checks" at
          `preflight() {`);
        - lines writing five of the section's words of five letters or more;
        - a heading of the cited lines under their file's title (Markdown's
          `##` and deeper, a banner comment: `#### Database Config ####`)
          writing a word of five letters or more of the headings over the
          section, the page's title left out (`#### Data Isolation` cited
          under `## Data Isolation Principles`);
        - a heading of the cited lines whose whole text, of two words of five
          letters or more at least, the section's prose writes
          (`### Drift Detection` for "periodic drift detection"; not
          `## Cross-platform & sync` for "cross-platform compatibility");
        - lines writing a phrase of one line of the section's prose (a list
          item, a row, a paragraph's line) and showing that line's own names
          where it gives any: evidence for that item, as a Qoder sources list
          cites one place for each item of a list said in words, not for the
          names the other items give. A phrase is two to four words with no
          mark between them, neither first nor last a function word ("is",
          "the"), their simple stems joined of seven letters or more: written
          by an identifier's parts (`LOG_LEVEL` for "Logging level is reduced
          in production", `healthcheck:` for "health checks",
          `NotFoundException` for "404 Not Found") or, in a file of code, by
          the words of its messages, comments and statements ("Questionnaire
          not found", `return false` for "returns false"); not by a prose
          file's words, any two of which may be an item's.

        ### Where a finding points and its fix

        - The finding says where the file shows the subject: where a term is
          defined, as the language's reader of definitions tells, else the
          lines that write it.
        - Its fix moves the citation there, keeping its span: safe where the
          subject stands at one place of the file as it is now and the
          citation was judged on that text; unsafe where it stands at several
          (the first taken).
        - Only where the subject is the citation's own row, item, sentence or
          paragraph:
          - a subject whose names the file never writes, but whose acronym
            or product's name written in prose (`E2E`, `SSH`, `iOS`; a word
            ending in an acronym, `PostgreSQL`, which code writes otherwise,
            `postgres:`) it writes away from the cited lines, is found there,
            with no fix (such a word's place is no anchor);
          - a file that names no term of the subject at all is
            `not-in-file`: the sentence says something of a file that never
            says it (where name-not-in-code, DL806, says the project has no
            such name at all).
        - A section's terms (a sources line's), a heading's, or a list's or
          table's that a bare item or row takes, are not enough for either:
          they say what a part of the page is about, and the file may be
          cited for what it says in words.
        - A finding on lines that show the subject in other words or by
          meaning, which no comparison of names sees, is silenced as any
          other finding: by a suppression comment in the page or a baseline
          (docs/suppressions-and-baseline.md).

        ### What it leaves alone

        - A subject naming nothing a word can show: a subject in words with
          no Title Case phrase or label ("the Docker setup").
        - A subject in words whose phrase the file never joins into an
          identifier: that says nothing of where, and the file may say it in
          other words.
        - A citation whose lines are not all in its file, or whose file
          cannot be read.
        - A citation pinned to a commit the history lacks: the file as it is
          is not what it names.
        - A section's, heading's or list's subject where the cited lines are
          prose (Markdown, text) written mostly in a script other than Latin
          (a Chinese README cited by an English page): they say in their own
          words what the section names in English, and no word of either
          shows the other. A Swedish README is judged.
        - A sentence, item or row naming the cited file itself and citing all
          of it: what it says is said of the file, in words its lines need
          not write.
        - A sentence, item or row naming the file it cites, in part: by the
          file's name before its first dot ("(`UploadPage` imports)" at
          `UploadPage.tsx#L26-L32`, `ESLint` at `eslint.config.mjs#L67`) or
          a tool's hidden folder holding it (GitHub for
          `.github/workflows/ci.yml`): every line of the file is that
          module's or that tool's own. Not the body of another class or
          function the module holds (`struct Other` in `Signer.swift`,
          cited for `Signer`); not where the sentence names, beside the
          file, a thing the file holds elsewhere ("the `config` module reads
          it with `parse_config`" at `config.py`'s imports); not a section's
          terms, which say what a part of the page is about; nor a folder of
          the code (`API` for `apps/api/`), which holds other modules.

        ### Figures

        Off by default (`--extend-select DL811`). Its figures on the labelled
        trees (tests/labels/subjects_*, held exactly by
        tests/test_subject_rule.py; tests/labels/README.md tells how each
        came, reading by reading), with history; without it, where they
        differ, in brackets. "First run" is the rule on labels written before
        it ran on them, the unbiased measure (a later batch of a tree,
        labelled before the rule ran on it again, after a semicolon):

        | tree | right flagged | wrong found | first run: flagged, found |
        |---|---|---|---|
        | cubic wiki (bastion; tuned on) | 0 of 95 | 36 of 48 | |
        | cubic wiki (product-describer) | 4 of 108 | 39 of 62 | 6/78, 16/42; 0/30, 13/20 |
        | cubic wiki (Nous) | 9 of 172 | 45 of 85 | 6/75, 13/30; 4/19, 4/6; 9/78, 21/49 |
        | cubic wiki (arena-agent) | 4 of 114 | 20 of 41 | 4/76, 13/27; 1/28, 4/10; 2/10, 1/4 |
        | DeepWiki wiki (restate) | 0 of 92 | none to find | |
        | DeepWiki wiki (spring-modular-monolith) | 0 of 192 | 0 of 2 | 9/192, 0/2 |
        | DeepWiki wiki (KanStack) | 2 of 179 | 2 of 7 | 1/138, none to find; 3/41, 0/7 |
        | DeepWiki wiki (batch-dns-checker) | 4 of 92 (0) | 1 of 1 (0) | 5/92, 1/1 (0/92, 0/1) |
        | Qoder wiki (vandamme-proxy) | 1 of 160 (7) | 7 of 13 (8) | 6/13 found |
        | Qoder wiki, Chinese (python-office) | 0 of 80 (8) | 2 of 5 | 0/80, 0/5 |
        | Qoder wiki (landingzone: Terraform, YAML) | 2 of 184 | 1 of 6 | 5/126, 1/5; 0/58, 0/1 |
        | Qoder wiki (octal-Foundry: PHP pages) | 0 of 108 | 0 of 18 | 0/108, 0/18 |
        | hand-written RFCs (cfdb) | 0 of 116 (29) | 7 of 9 (8) | |
        | agents' plans (tmi: Go) | 5 of 85 (21) | 3 of 7 | 8/85, 3/7 (23/85, 3/7) |
        | plans of a tarball (readability-rs) | 1 of 42 | 26 of 33 | |
        | all | 32 of 1,819 (0.982) | 189 of 337 (0.56) | |

        - Without history a tree is checked at its newest commit, later than
          the pages of the RFCs, tmi and the first two Qoder wikis were written: every
          right citation flagged there without history and not with it cites
          lines changed since (the scorer compares the lines checked with the
          lines judged, and the test holds the counts), right as written and
          stale now, as the finding says (`StoreBackend` cited at 56, defined
          at 62-87 today), with the fix moving it. On the 1,456 right
          citations judged whose lines are as they were judged, the precision
          without history is 0.983 (25 flagged).
        - The batch-dns-checker wiki's pages pin GitHub blob URLs: without
          history (no remote names the repository) none of its citations is
          judged.
        - Most right citations still flagged show their subject only by
          meaning or in words (a tab's title "Mobile Devices" for a page on
          Android devices; a Swedish security policy for an English
          section's "private reporting"; the tag list of
          `remove_conditionally_dom` for "tags form, fieldset, table"); most
          wrong ones missed cite lines of the same matter as their section
          in other words.

        It stays off by default because the trees nobody labelled for it say
        less (tests/labels/README.md has the findings read there, by kind):

        - a Qoder wiki fetched for this (Craftegy-Analytics/QSpec,
          TypeScript, 2,000 citations and more): 33 findings; of a seeded 20
          read, 5 still made, none right;
        - a Qoder wiki picked at random (Avi-Bendetsky/Quiz-to-build,
          TypeScript, about 3,000 citations): 28 findings, all read
          (tests/labels/subjects_qoder_quiz/findings_beyond.tsv): none right,
          26 wrong, 2 arguable, most citing the one item of a section's list
          they support ("Logging level is reduced in production" by
          `LOG_LEVEL=info`) while the section names other items' variables;
          16 still made (14 wrong: items shown by meaning, `bootstrap()` for
          "errors during startup", or by the phrase of an item naming what
          the lines do not show, `URI`, `DATABASE_URL`);
        - the octal-Foundry Qoder wiki: 4 findings, 2 right (`toggleCoach()`,
          which the file no longer has), 2 wrong;
        - tmi's plans and threat model: 107 findings; of
          a seeded 20 read when first run, 12 still made: 5 right, 5 wrong,
          2 arguable (0.42 to 0.58);
        - KanStack's DeepWiki wiki (1,057 citations): 29 findings; of a
          seeded 20 read, 10 still made: 3 right, 6 wrong, 1 arguable;
        - batch-dns-checker's DeepWiki wiki (514 citations): 32 findings
          when first run; of a seeded 20 of the 26 on pages not labelled, 9
          right, 10 wrong, 1 arguable; 28 findings now, 8 of the 10
          wrong still made;
        - ScriptCat's DeepWiki wiki (1,485 citations): 108 findings; of a
          seeded 60 read, 45 still made: 22 cite lines showing none of the
          subject, 11 lines showing it in other words or by meaning
          (`mergeCookieHeader` for "MV3 cookie handling"), 12 are arguable:
          a precision of 0.49 to 0.76;
        - restate's DeepWiki wiki: 8 findings beyond the 92 labelled
          citations: 2 right, 2 wrong, 3 arguable, 1 not read (0.25 to
          0.63);
        - the spring-modular-monolith DeepWiki wiki (Compose, properties and
          Java; 2,131 citations): 32 findings; of a seeded 20 read, 3 wrong
          and 3 arguable still made
          (tests/labels/subjects_deepwiki_modularmonolith/findings_beyond.tsv);
        - the bastion cubic wiki's pages beyond the labelled ones: 47
          findings, all read
          (tests/labels/subjects_cubic_bastion/findings_beyond.tsv): 37 cite
          lines showing none of the subject, 5 lines showing it in words or
          by meaning (most in its Swedish README and vision), 5 are arguable:
          a precision of 0.79 to 0.89, under the 0.95 a rule on by default
          for cubic's pages would need;
        - a docs site's front matter (23 of samber/lo's helper pages,
          tests/real_forms/, labelled from the maintainers' resync of them):
          it finds 6 of the 7 citing another helper's line from the start
          (not `DispatchingStrategy` at `DispatchingStrategyRoundRobin`'s,
          whose name shows it) and flags none of the 7 right ones; 5 of the
          6 cite a line unchanged since, which no history shows.""",
    )
    ELSEWHERE = Cause(
        "subject-not-in-cited-lines/elsewhere", "The file shows the subject at other lines"
    )
    NOT_IN_FILE = Cause(
        "subject-not-in-cited-lines/not-in-file", "The cited file shows nothing of the subject"
    )
    causes = (ELSEWHERE, NOT_IN_FILE)
    scope = Scope.FILE
    origin = Origin.CITATIONS
    fix_safety = FixSafety.SAFE
    # Opt-in: its precision on the right citations of the labelled trees is
    # above the 0.98 a rule on by default needs, but on the wikis nobody
    # labelled for it under half of its findings read as right (its page
    # states the figures).
    default_enabled = False

    def check(self, page: MarkdownPage, ctx: RuleContext) -> Iterator[Finding]:
        if citing(page, ctx, "subject-in-cited-lines") is None:
            return
        from ._wiki import judged

        reader = ctx.read_once(page, _reader)
        for judgement in judged(page, ctx):
            if judgement is not None:
                finding = self._judge(judgement, reader, ctx.lines)
                if finding is not None:
                    yield finding

    def _judge(
        self, judgement: Judged, reader: SubjectReader, page_lines: Sequence[str]
    ) -> Finding | None:
        citation = judgement.citation
        lines = _judged_lines(judgement)
        if lines is None:
            return None
        subject = reader.subject(citation.line, citation.column)
        if not subject.terms:
            return None
        if subject.source not in _NARROW and _prose_in_another_script(citation, lines):
            return None
        from .._languages import language_name_of
        from ._anchoring import definitions_by_name

        found = definitions_by_name(citation.path, lines)
        code = language_name_of(citation.path) not in _PROSE
        if _shown(subject, lines, citation.ranges, found, code):
            return None
        if _names_its_file(subject, citation.path, lines, citation.ranges, found):
            return None
        defined = found or {}
        cited = _cited(citation)
        held = _held(lines, citation.ranges)
        names = _named(subject)
        places = _places(subject, defined, lines)
        if any(a <= p.first <= b for p in places for a, b in citation.ranges):
            # A term defined or written on the cited lines: they show it (a
            # command's script, `npm run dev`, by its key `"dev":`).
            return None
        if not places:
            if subject.source not in _NARROW or subject.words or all(t.weak for t in subject.terms):
                return None
            # No name of the subject stands in the file, but an acronym of it
            # does, away from the cited lines: the file shows the subject
            # there only, and no place sure enough to move the citation to.
            weak = _places(subject, defined, lines, weak=True)
            if weak:
                message = f"the {subject.source} names {names}, at {_where(weak)}; {cited} {held}"
                return Finding(citation.line, citation.column, message, cause=self.ELSEWHERE)
            if subject.shown_by("\n".join(lines)):
                # Only an import shows it: what the file uses, not where.
                return None
            if _whole_file_named(subject, citation.path, citation.ranges, len(lines)):
                return None
            message = f"the {subject.source} names {names}, which `{citation.path}` never shows"
            return Finding(citation.line, citation.column, message, cause=self.NOT_IN_FILE)
        message = f"the {subject.source} names {names}, at {_where(places)}; {cited} {held}"
        fix = _fix(judgement, places, lines, page_lines)
        return Finding(citation.line, citation.column, message, fix=fix, cause=self.ELSEWHERE)


def _judged_lines(judgement: Judged) -> Sequence[str] | None:
    """The cited file's lines the citation is judged on: as they were where
    it was written, else as they are; None where it cannot be judged (a pin
    the history lacks: the file as it is now is not what it names; no
    ranges; a range not wholly in the file)."""
    citation = judgement.citation
    if judgement.reference is None and citation.commit:
        return None
    lines = judgement.reference if judgement.reference is not None else judgement.now
    if lines is None or not citation.ranges:
        return None
    if any(not 0 < a <= b <= len(lines) for a, b in citation.ranges):
        return None
    return lines


def _whole_file_named(
    subject: Subject, path: str, ranges: Sequence[tuple[int, int]], length: int
) -> bool:
    """Whether the unit names the cited file itself and cites all of it
    ("The `src/main.ts` file at [src/main.ts:1-6] is the JavaScript entry
    point"): what it says is said of the file, in words its lines need not
    write (`JavaScript`)."""
    if not any(a == 1 and b == length for a, b in ranges):
        return False
    cited = path.lower()
    return any(
        term.literal and (cited == term.literal or cited.endswith("/" + term.literal))
        for term in subject.also
    )


def _cited(citation: Citation) -> str:
    """How the message names the cited lines: "line 4 holds", "lines 4-6 hold"."""
    from ._wiki import shown_ranges

    one = len(citation.ranges) == 1 and citation.ranges[0][0] == citation.ranges[0][1]
    return f"line {shown_ranges(citation)} holds" if one else f"lines {shown_ranges(citation)} hold"


def _shown(
    subject: Subject,
    lines: Sequence[str],
    ranges: Sequence[tuple[int, int]],
    defined: Mapping[str, Sequence[Definition]] | None,
    code: bool,
) -> bool:
    """Whether the cited lines show the subject: by their words or their
    window's, as the body of a definition a term names (`defined`, None
    where the language has no reader), by the headers of the blocks holding
    them (a handler in an object literal, `restate.object({ name: "SeatMap",`,
    which no reader of definitions tells), through what the file imports
    from a named library, or, for a section's sources, by the phrase of one
    item of the section they write (`Subject.item_shown`; `code`: the file
    is code, not prose)."""
    window = "\n".join(_window(lines, a, b) for a, b in ranges)
    return (
        subject.shown_by(window)
        or _inside_named(subject, defined or {}, ranges)
        or _defines_said(subject, defined or {}, ranges)
        or _heads_titled(subject, lines, ranges)
        or _opened_body_shows(subject, lines, ranges, defined or {})
        or subject.shown_by(_enclosing(lines, ranges))
        or _uses_imported(subject, lines, window)
        or _writes_its_words(subject, window)
        or (subject.source == "section" and subject.item_shown(window, code))
    )


def _names_its_file(
    subject: Subject,
    path: str,
    lines: Sequence[str],
    ranges: Sequence[tuple[int, int]],
    defined: Mapping[str, Sequence[Definition]] | None,
) -> bool:
    """Whether the citation's own sentence, item or row names the file it
    cites, in part: by a tool's hidden folder holding it ("GitHub" for
    `.github/workflows/maven.yml`), every line of which is that tool's own;
    or by the file's name before its first dot (the item "(`UploadPage`
    imports)" at `web/src/pages/UploadPage.tsx#L26-L32`, `ESLint` at
    `eslint.config.mjs#L67`), every line of which is that module's own but
    the body of another class or function it holds (`struct Other` in
    `Signer.swift`, cited for `Signer`). Not a section's terms, which name
    what a part of the page is about (a section naming
    `WorkspaceReaderContent` cites that file's wrong function, a CI section
    naming GitHub its workflow's wrong step), nor a folder of the code
    (`API` for `apps/api/`), which holds other modules."""
    from doclint.rule_api_generators import word_key

    if subject.source not in _NARROW:
        return False
    keys = {key for term in subject.terms for key in term.keys}
    parts = path.lower().split("/")
    named = {word_key(part.lstrip(".")) for part in parts[:-1] if part[:1] == "."} & keys
    module = word_key(parts[-1].lstrip(".").split(".")[0])
    if not named and module in keys and not _in_another(module, lines, ranges, defined):
        named = {module}
    return bool(named) and not _names_another_place(subject, named, lines, defined)


def _names_another_place(
    subject: Subject,
    named: set[str],
    lines: Sequence[str],
    defined: Mapping[str, Sequence[Definition]] | None,
) -> bool:
    """Whether the unit names, beside the file (`named`: its keys), a thing
    the file holds: "the `config` module's `parse_config`" at the imports
    of `config.py` cites the wrong lines of the file it names, the finding
    saying where `parse_config` stands. As the language's reader of
    definitions tells, else by the file's words."""
    from doclint.rule_api_generators import text_words, word_key

    others = {key for term in subject.terms if named.isdisjoint(term.keys) for key in term.keys}
    if not others:
        return False
    if defined:
        return any(word_key(name) in others for name in defined)
    return not others.isdisjoint(text_words("\n".join(lines)))


def _in_another(
    name: str,
    lines: Sequence[str],
    ranges: Sequence[tuple[int, int]],
    defined: Mapping[str, Sequence[Definition]] | None,
) -> bool:
    """Whether a cited range lies in the body of a class or function not
    named `name` (a word key): as the language's reader of definitions
    tells, else by a block header above declaring one (`struct Other {`)."""
    from doclint.rule_api_generators import word_key

    if defined:
        return any(
            d.kind in _BODIES and d.line <= first and last <= d.end and word_key(other) != name
            for other, found in defined.items()
            for d in found
            for first, last in ranges
        )
    declared = _DECLARED.findall(_enclosing(lines, ranges))
    return any(word_key(other) != name for other in declared)


_BODIES = frozenset(
    {"class", "interface", "struct", "enum", "trait", "object", "function", "method", "module"}
)
_DECLARED = compiled_on_use(
    r"\b(?:class|struct|enum|protocol|extension|interface|trait|impl|object|func|fn|def"
    r"|function)\s+(\w+)"
)
"""A block header declaring a type or function, and its name."""


def _writes_its_words(subject: Subject, window: str) -> bool:
    """Whether the cited lines write five of the prose words of the section
    they are a source of (words of five letters or more, by their first six:
    `validation` by `validateParameters`). A wiki's sources line stands for
    what its section says in words more than by names ("Cache holds promise
    references, not results" by a document's "### Why `QueryCache` holds
    promises, not results"); another part of the file on another matter
    writes few of them."""
    if subject.source != "section":
        return False
    written = {word.lower()[:6] for word in _LONG_WORD.findall(_CAMEL_HUMP.sub(" ", window))}
    return len({word[:6] for word in subject.said} & written) >= _SAID_WORDS


# Five: four loses six wrong citations found on the labelled trees, and five
# one, each sparing about a third of the right ones flagged.
_SAID_WORDS = 5
_LONG_WORD = compiled_on_use(r"[A-Za-z]{5,}")
_CAMEL_HUMP = compiled_on_use(r"(?<=[a-z])(?=[A-Z])")


def _window(lines: Sequence[str], first: int, last: int) -> str:
    """The cited lines with their neighbours where those belong to them: the
    line before where it heads them (indented less), annotates them (a
    comment, decorator or attribute) or leaves its expression open for
    them; the line after where the cited lines end in an annotation of it
    or in an expression going on."""
    shown = list(lines[first - 1 : last])
    cited = [line for line in shown if line.strip()]
    if not cited:
        return "\n".join(shown)
    before = lines[first - 2] if first > 1 else ""
    if _indent(before) < _indent(cited[0]) or _ANNOTATION.match(before) or _OPEN.search(before):
        shown.insert(0, before)
    if last < len(lines) and (_ANNOTATION.match(cited[-1]) or _goes_on(cited[-1])):
        shown.append(lines[last])
    return "\n".join(shown)


_ANNOTATION = compiled_on_use(r"\s*(?:@|#\[|//|#|/\*|\*|--|<!--)")
"""A comment, decorator or attribute: it says something of the line after."""
_OPEN = compiled_on_use(r"[,(\[{=+*/|&\\-]\s*$")
"""The end of a line whose expression goes on on the next."""
_GOES_ON = compiled_on_use(r"[,=+*/|&\\-]\s*$")
"""The end of a line whose expression goes on on the next, not one opening a
block (`dependencies: [`: what the next line lists is its own)."""


def _goes_on(line: str) -> bool:
    """Whether a line's expression goes on on the next: it ends in an
    operator, or in a comma inside brackets it opened (`call(a,`); a comma
    after a whole entry (`"a": f,`, its brackets closed) ends the entry."""
    if not _GOES_ON.search(line):
        return False
    if not line.rstrip().endswith(","):
        return True
    return sum(line.count(c) for c in "([{") > sum(line.count(c) for c in ")]}")


def _reader(page: MarkdownPage, ctx: RuleContext) -> SubjectReader:
    from doclint.rule_api_generators import page_subjects

    return page_subjects(ctx.lines)


def _named(subject: Subject) -> str:
    shown = [f"`{term.text}`" for term in subject.terms[:3]]
    more = f" and {len(subject.terms) - 3} more" if len(subject.terms) > 3 else ""
    return ", ".join(shown) + more


def _where(places: Sequence[_Place]) -> str:
    return ", ".join(p.shown for p in places[:3]) + (" and more" if len(places) > 3 else "")


def _held(lines: Sequence[str], ranges: Sequence[tuple[int, int]]) -> str:
    """What the cited lines hold, in a few words: their first line that is
    not blank, or that they are blank."""
    for first, last in ranges:
        for line in lines[first - 1 : last]:
            if line.strip():
                text = line.strip()
                return f"`{text[:60]}{'...' if len(text) > 60 else ''}`"
    return "no text"


class _Place:
    """Where the file shows a term: a definition's extent, else a line."""

    def __init__(self, name: str, first: int, last: int) -> None:
        self.name = name
        self.first = first
        self.last = last

    @property
    def shown(self) -> str:
        span = str(self.first) if self.first == self.last else f"{self.first}-{self.last}"
        return f"`{self.name}` {'defined at' if self.last != self.first else 'on'} {span}"


_MOST_PLACES = 8
"""The most lines of the file a term is listed at: a word the file writes
more often than that places nothing."""


_IMPORT = compiled_on_use(
    r"\s*(?:import|from|use|using|#\s*include|require|extern crate|#if\s+canImport)\b"
)
"""A line that imports a library or module, or asks whether it can (Swift's
`#if canImport(SwiftUI)`): a term standing there names what the file uses
(`use v_htmlescape::escape;`), which the cited lines may use by another name
(`escape(...)`), not a place the citation should move to."""

_NARROW = frozenset({"row", "item", "sentence", "front matter", "paragraph", "parenthesis"})
"""Where a subject read names what its citation must show: its own unit's,
or its paragraph's for a sentence of citations alone. A section's, a
heading's, or a list's or table's terms a bare item or row takes say what a
whole part of the page is about: a file showing none of them may be cited
for what it says in words."""


def _inside_named(
    subject: Subject, defined: Mapping[str, Sequence[Definition]], ranges: Sequence[tuple[int, int]]
) -> bool:
    """Whether every cited range lies in the body of a class or function a
    term names (the lines of `enrich`'s match, cited for `enrich`)."""
    from doclint.rule_api_generators import word_key

    keys = {key for term in subject.terms for key in term.keys}
    spans = [
        (d.line, d.end) for name, found in defined.items() if word_key(name) in keys for d in found
    ]
    return all(any(a <= first and last <= b for a, b in spans) for first, last in ranges)


def _defines_said(
    subject: Subject, defined: Mapping[str, Sequence[Definition]], ranges: Sequence[tuple[int, int]]
) -> bool:
    """Whether the cited lines define a function or class under a word the
    section's prose writes ("handle preflight checks" at `preflight() {`)."""
    return any(
        d.kind in ("function", "method", "class") and any(a <= d.line <= b for a, b in ranges)
        for name, found in defined.items()
        if name.lower() in subject.said
        for d in found
    )


def _heads_titled(
    subject: Subject, lines: Sequence[str], ranges: Sequence[tuple[int, int]]
) -> bool:
    """Whether a cited line is a heading under the file's title (a Markdown
    `##` and deeper, a banner comment such as `#### Database Config ####`)
    writing a word of the headings over the section, or whose whole text,
    of two words of five letters or more at least, the section's prose
    writes ("### Drift Detection" for "periodic drift detection"; not "##
    Cross-platform & sync" for "cross-platform compatibility"): the file
    says there what the lines under it are about, as the page does of its
    section ("#### Data Isolation" cited under "## Data Isolation
    Principles")."""
    from doclint.rule_api_generators import heading_of, long_words

    for first, last in ranges:
        for line in lines[first - 1 : last]:
            heading = heading_of(line)
            if (
                heading
                and heading[0] > 1
                and (
                    long_words(heading[1]) & subject.titled
                    or _said_whole(heading[1], subject.prose)
                )
            ):
                return True
    return False


def _said_whole(heading: str, prose: str) -> bool:
    """Whether `prose` (`Subject.prose`) writes a heading's words, two of
    five letters or more at least, in order and nothing between them."""
    words = "".join(c if c.isascii() and c.isalnum() else " " for c in heading.lower()).split()
    return sum(len(word) >= 5 for word in words) > 1 and f" {' '.join(words)} " in f" {prose} "


def _opened_body_shows(
    subject: Subject,
    lines: Sequence[str],
    ranges: Sequence[tuple[int, int]],
    defined: Mapping[str, Sequence[Definition]],
) -> bool:
    """Whether the citation points at a definition by its opening line (one
    line, or the annotations above it too) and the definition's body shows
    the subject: "Defined at `report.rs:32`" cited for the fields the struct
    opening there declares. A blank line cited makes it a range, not a
    pointer (cubic's ranges starting above the function they miss)."""
    if len(ranges) != 1:
        return False
    first, last = ranges[0]
    cited = list(lines[first - 1 : last])
    if not all(line.strip() for line in cited) or not all(
        _ANNOTATION.match(line) for line in cited[:-1]
    ):
        return False
    opening = _opening(lines, last) if _ANNOTATION.match(cited[-1]) else last
    return any(
        d.line == opening
        and d.end > d.line
        and d.kind not in _PROSE_PARTS
        and subject.shown_by("\n".join(lines[d.line - 1 : d.end]))
        for found in defined.values()
        for d in found
    )


def _opening(lines: Sequence[str], annotation: int) -> int:
    """The line a definition annotated at `annotation` opens on: the line
    below, or below a decorator or attribute the rest of it and the others
    (`#[derive(Debug, Error)]` over `#[error(`, its message and `)]`). A
    comment is followed no further: one inside a doc comment is no pointer
    to the definition under it."""
    number = annotation + 1
    if not _ATTRIBUTE.match(lines[annotation - 1]):
        return number
    while number < min(len(lines), annotation + _ANNOTATION_LINES):
        line = lines[number - 1]
        if not (_ATTRIBUTE.match(line) or line[:1].isspace() or line.startswith((")", "]"))):
            break
        number += 1
    return number


_ATTRIBUTE = compiled_on_use(r"\s*(?:@|#\[)")
"""A decorator or attribute: it annotates the definition below it."""
_ANNOTATION_LINES = 8
"""How far below a cited attribute the definition it annotates is looked for."""


_PROSE_PARTS = frozenset({"section", "code block"})
"""What a Markdown reader defines: a heading is no pointer to each line of
its section's prose (an item citing `## Engineering Principles` for the
principle standing five lines below)."""


def _enclosing(lines: Sequence[str], ranges: Sequence[tuple[int, int]]) -> str:
    """The headers of the blocks holding the cited lines: each line above a
    range indented less than all below it, back to one not indented (`enum
    AWSSigV4 {` and `static func sign(` above a line of the signing's body);
    for a brace alone on its line, the line it opens (`class OutfitItem
    extends Model` above `{`, as PHP, C# and C write a class)."""
    headers: list[str] = []
    for first, _ in ranges:
        below = next((_indent(line) for line in lines[first - 1 :] if line.strip()), 0)
        above = first - 1
        while below and above > 0:
            above -= 1
            line = lines[above]
            if line.strip() and _indent(line) < below:
                if line.strip() == "{":
                    line = next((o for o in reversed(lines[:above]) if o.strip()), line)
                if not _CONTROL.match(line):
                    headers.append(line)
                below = _indent(line)
    return "\n".join(headers)


_CONTROL = compiled_on_use(
    r"\s*(?:\}\s*)?(?:if|elif|else|for|while|with|async with|try|except|catch|finally"
    r"|switch|case|match)\b"
)
"""A block header of control flow: its condition names what it tests, not
what the lines under it are."""


def _uses_imported(subject: Subject, lines: Sequence[str], window: str) -> bool:
    """Whether the cited lines use a name the file imports from a library
    the subject names (`escape(...)` where `use v_htmlescape::escape;`,
    cited for `v_htmlescape`): the library is the import's quoted module
    (`from "html-escaper"`), else its first name."""
    from doclint.rule_api_generators import text_words, word_key

    keys = {key for term in subject.terms if not term.weak for key in term.keys}
    literals = {term.literal for term in subject.terms if term.literal and not term.weak}
    brought: set[str] = set()
    for line in lines:
        opened = _IMPORT.match(line)
        if opened is None:
            continue
        rest = line[opened.end() :]
        quoted = _MODULE.search(rest)
        names = [w for w in _NAME.findall(_MODULE.sub(" ", rest)) if w.lower() not in _IMPORT_WORDS]
        library = quoted.group(1) if quoted else (names[0] if names else "")
        if library and (word_key(library) in keys or library.lower() in literals):
            brought |= {word_key(w) for w in names if w != library}
    return bool(brought & text_words(window))


_NAME = compiled_on_use(r"[A-Za-z_$][\w$]*")
_MODULE = compiled_on_use(r"[\"']([^\"']+)[\"']")
_IMPORT_WORDS = frozenset(
    {"import", "from", "use", "using", "include", "require", "extern", "crate", "as", "self"}
)
"""The words of import lines themselves, which name nothing imported."""


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip())


def _places(
    subject: Subject,
    defined: Mapping[str, Sequence[Definition]],
    lines: Sequence[str],
    weak: bool = False,
) -> list[_Place]:
    """Where the file shows each term of the subject (each weak one where
    `weak`): its definitions where the language's reader tells them, else
    the lines that write it."""
    from doclint.rule_api_generators import shows, text_words, word_key

    by_key: dict[str, list[tuple[int, int]]] = {}
    for name, found in defined.items():
        for definition in found:
            by_key.setdefault(word_key(name), []).append(
                (definition.line, max(definition.end, definition.line))
            )
    places: list[_Place] = []
    read: list[tuple[frozenset[str], str]] = []
    # Words of a subject in words (`Sync Engine`) place it where the file
    # joins them into an identifier (`SyncEngine`), not where its prose
    # writes them: a document's words are no place a citation must show.
    # Nor does a weak term's text (a product's stem: `postgres:`) place it.
    prose = not subject.words
    for term in subject.terms:
        if term.weak != weak:
            continue
        spans = [s for key in term.keys for s in by_key.get(key, ())]
        if not spans:
            # Each line's words read once, for the first term that asks.
            read = read or [(text_words(line), line.lower()) for line in lines]
            spans = [
                (number, number)
                for number, (words, lowered) in enumerate(read, 1)
                if shows(term, lines[number - 1], words, lowered if prose and not term.weak else "")
                and not _IMPORT.match(lines[number - 1])
            ]
        places += [_Place(term.text, a, b) for a, b in sorted(set(spans))[:_MOST_PLACES]]
    return places


def _fix(
    judgement: Judged, places: Sequence[_Place], lines: Sequence[str], page_lines: Sequence[str]
) -> Fix | None:
    """The citation moved to where its subject stands, keeping its span:
    safe where that is one place of the file as it is now, unsafe where the
    subject stands at several (the first taken)."""
    from ._anchoring import re_anchored

    citation = judgement.citation
    if len(citation.ranges) != 1 or judgement.now is None or list(judgement.now) != list(lines):
        return None
    first, last = citation.ranges[0]
    target = places[0].first
    shift = target - first
    if not shift or last + shift > len(lines):
        return None
    once = len({(p.first, p.last) for p in places}) == 1
    return re_anchored(
        citation,
        {first: shift, last: shift},
        page_lines,
        FixSafety.SAFE if once else FixSafety.UNSAFE,
        "re-anchor the citation where its subject stands",
    )


def _prose_in_another_script(citation: Citation, lines: Sequence[str]) -> bool:
    """Whether the cited lines are prose (a Markdown or text file) written
    mostly in a script other than Latin (a Chinese README)."""
    from .._languages import language_name_of

    if language_name_of(citation.path) not in _PROSE:
        return False
    latin = other = 0
    for first, last in citation.ranges:
        for line in lines[first - 1 : last]:
            for char in filter(str.isalpha, line):
                if ord(char) < 0x250 or 0x1E00 <= ord(char) < 0x1F00:
                    latin += 1
                else:
                    # A Chinese, Japanese or Korean letter is about a word.
                    other += 3 if ord(char) >= 0x2E80 else 1
    return other > latin


_PROSE = frozenset({"Markdown", "plain text", None})
"""The kinds of file read as prose: Markdown, text, and files of no known
language (`LICENSE`, `.rst`)."""
