"""DL710 wrong-relation: a sentence relating two objects that the project's sources refute."""

from __future__ import annotations

import posixpath
import re
from collections.abc import Callable, Iterator
from functools import partial
from keyword import iskeyword
from typing import TYPE_CHECKING

from doclint.rule_api import (
    Cause,
    Finding,
    MarkdownPage,
    Origin,
    Rule,
    RuleContext,
    RuleDocs,
    compiled_on_use,
)

if TYPE_CHECKING:
    from re import Match

    from doclint.rule_api_generators import Entry, ProfiledPage

    from .._common.project_python import Definition, ProjectAt, ProjectModel
    from .._common.python_objects import ModuleObjects

    # Whether a refuted relation held in the project at the page's commit.
    Held = Callable[[ProjectAt], bool]
    # A refuted relation: its column, message, cause, and whether it held then.
    Refuted = tuple[int, str, Cause, Held]

_NAME = r"`?(?P<{}>[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*)`?"
# "a subclass of the FunctionOptimizer class", "inherits from `Base`",
# "继承自Base", "是Base的子类".
_SUBCLASS = compiled_on_use(
    r"(?:\bis (?:a|an)|\bas (?:a|an)|, (?:a|an)|\bbeing (?:a|an))"
    r"(?: direct| specialized| concrete| custom)? (?:sub-?class|child class|derived class) of"
    r" (?:the )?" + _NAME.format("base") + r"(?!'s|\w)"
    r"|\binherits (?:directly )?from (?:both )?(?:the )?" + _NAME.format("base2") + r"(?!'s|\w)"
    r"|继承(?:自|于)\s*"
    + _NAME.format("base3")
    + r"|是\s*"
    + _NAME.format("base4")
    + r"\s*(?:类)?的子类"
)
# "the SeqIterable class in opto\trace\containers.py", "`run` defined in
# `a/b.py`", "the FunctionOptimizerV2Memory class in opto\optimizers\x.py",
# "The **get_files** function is defined in the sqlite_registry module" (a
# small model bolds names); "位于`a/b.py`中的Store类" is left to the other forms.
_PLACED = compiled_on_use(
    r"(?<![\w`*])(?P<tick>`|\*\*|)(?P<name>[A-Za-z_]\w*)(?:`|\*\*)?(?:\(\))?"
    r" (?:(?P<kind>class|function|method) )?"
    r"(?:(?:which is |that is |is )?(?:defined|located|implemented|declared) )?"
    r"(?:in|within|from) (?:the )?(?:file |module )?"
    r"(?:`?(?P<path>[A-Za-z_.][\w./\\-]*\.py)(?![\w/\\])`?"
    # "from the sample_hijack module": a module of the project by its name.
    r"|`?(?P<module>[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*)`? module\b)"
)
# "`get_files`函数定义在`sqlite_registry`模块中", "该shell函数定义在`a/b.py`文件中",
# "WolframInput类位于`a/b.py`文件中": the same, in Chinese (ASCII names: a
# name runs into CJK text with no space).
_PLACED_ZH = compiled_on_use(
    r"(?<![A-Za-z0-9_`*])(?P<tick>`|\*\*|)(?P<name>[A-Za-z_][A-Za-z0-9_]*)(?:`|\*\*)?(?:\(\))?"
    r"\s*(?:(?P<kind>类|函数|方法)\s*)?(?:是|被)?(?:位于|(?:定义|实现|声明)(?:在|于))\s*"
    r"(?:`?(?P<path>[A-Za-z_.][A-Za-z0-9_./\\-]*\.py)(?![A-Za-z0-9_/\\])`?"
    r"|`?(?P<module>[A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)*)`?\s*模块)"
)
# "The `split_text_to_phrase` static method" said in a class's sections.
_METHOD = compiled_on_use(
    r"\b[Tt]he (?P<tick>`?)(?P<name>[A-Za-z_]\w*)`?(?:\(\))? (?:static |class |instance )?method\b"
    r"(?! of)"
)
# "... method of the `Store` class": the class whose method a call or use
# sentence names, and the word that calls it one (a class, or an object).
_OF_CLASS = r"(?: of (?:the |an? )?`?(?P<owner>[A-Za-z_]\w*)`? (?P<owned>class|instance|object)\b)?"
# A name in Chinese text: ASCII only, as a name runs into CJK text with no space.
_ZH_NAME = r"[A-Za-z_][A-Za-z0-9_]*"
# "`Store`类的`_load`方法", "sqlite_registry 类的 get_printers 方法" (the
# `_load` method of the `Store` class): the class named first, its method
# after; read as the English "of the class". `_ZH_OWNED` is its shape
# without groups, looked for ahead of a name written with no backticks.
_OF_CLASS_ZH = (
    r"(?P<kind2>类|对象|实例)?的\s*`?(?P<member2>" + _ZH_NAME + r")`?\s*(?:\(\))?(?:方法|函数|属性)"
)
_ZH_OWNED = r"(?:类|对象|实例)的\s*`?" + _ZH_NAME + r"`?\s*(?:\(\))?(?:方法|函数|属性)"
# What opens a sentence said of the section's object: "It", "This method",
# "The `run` function" at a sentence's start, or "it" after a clause ("If
# sid is empty, it calls ...").
_OPENER = (
    r"(?:(?:^|[.;!?]\s+|:\s*)(?:It|This (?:function|method|class)"
    r"|(?:The )?`?(?P<who>[A-Za-z_]\w*)`?(?: (?:function|method|class))?)|,\s+it)"
    r" (?:also |first |then |directly )?"
)
# "It calls the `load` function", "This method invokes the `save` method",
# "该函数调用了`load`函数", "该函数调用了`Store`类的`_load`方法": what the
# section's object calls, said of it.
_CALLS = compiled_on_use(
    _OPENER + r"(?:calls|invokes) (?:the )?"
    r"(?P<tick>`?)(?P<callee>[A-Za-z_]\w*)`?(?:\(\))? (?:function|method)\b"
    + _OF_CLASS
    + r"|(?:该|此|这个)(?:函数|方法|类)(?:首先|然后|会|也)?调用(?:了)?\s*"
    r"(?P<tick2>`?)(?P<callee2>" + _ZH_NAME + r")`?\s*(?:\(\))?(?:" + _OF_CLASS_ZH + r"|函数|方法)"
)
# "It relies on the `load` function", "依赖于外部函数`load`", "涉及到`load`函数",
# "使用`load`函数获取", "依赖于 Store 类的 _load 方法": what the section's
# object uses, said of it (a Chinese sentence's subject is read apart:
# `_names_another`); a name with no backticks only as a class's, before its method.
_USES = compiled_on_use(
    _OPENER + r"(?:uses|utilizes|utilises|relies on|depends on) (?:the )?"
    r"(?P<tick>`?)(?P<callee>[A-Za-z_]\w*)`?(?:\(\))? (?:function|method)\b" + _OF_CLASS +
    # "在使用`X`时" (when one uses X) is the reader's use, not the object's.
    r"|(?P<verb>依赖于|依赖|涉及到|(?<![在当])使用了?|利用了?|借助)(?:外部|内部)?的?(?:函数|方法)?\s*"
    r"(?P<tick2>`)?(?P<callee2>" + _ZH_NAME + r")(?(tick2)`|(?=\s*" + _ZH_OWNED + r"))"
    r"(?:\s*" + _OF_CLASS_ZH + r")?"
)
# "It calls the `load`, `parse` and `save` methods", "该函数调用了`load`和`save`函数":
# every name of a list of what the section's object calls or uses.
_TICKED = r"`[A-Za-z_]\w*`(?:\(\))?"
_LISTED = compiled_on_use(
    _OPENER + r"(?P<verb>calls|invokes|uses|utilizes|relies on|depends on) (?:the )?"
    r"(?P<names>" + _TICKED + r"(?:(?:,\s*|,?\s+and\s+)" + _TICKED + r")+) (?:functions|methods)\b"
    r"|(?:该|此|这个)(?:函数|方法|类)(?:首先|然后|会|也)?(?P<verb2>调用|依赖于|使用)(?:了)?\s*"
    r"(?P<names2>" + _TICKED + r"(?:\s*(?:、|和|及|以及)\s*" + _TICKED + r")+)\s*(?:函数|方法)"
)
_LISTED_NAME = compiled_on_use(r"`([A-Za-z_]\w*)`")
# A name as a denial writes it: in backticks or quotes, perhaps with `()`,
# whole (not the first part of `a.b`).
_DENIED_NAME = r"(?P<{0}q>[`'\"]?)(?P<{0}>[A-Za-z_]\w*)(?P={0}q)(?:\(\))?(?!\w|\.\w)"
# Where a denial's or assumption's sentence opens: the line's start (a list
# item's text), or after a sentence's end or a colon.
_SENTENCE_OPENS = r"(?:^\s*(?:(?:[·\-*•+]|\d+[.)])\s+)?|[.;:!?]\s+)"
# Its subject, the section's object ("It", "This function", "The `run`
# function", `who` naming it): the one a sentence about what it does opens with.
_OBJECT_OPENS = (
    _SENTENCE_OPENS + r"(?:It|This (?:function|method|class)|(?:The )?`?(?P<who>[A-Za-z_]\w*)`?"
    r"(?: (?:function|method|class))?) "
)
# "The function assumes that the OpStop, forward and say functions are
# defined": an assumption naming the functions the object relies on, bare,
# in backticks or quotes, each name of the list (`names`).
_ASSUMED_NAME = r"[`'\"]?[A-Za-z_]\w*[`'\"]?(?:\(\))?"
_ASSUMES = compiled_on_use(
    _OBJECT_OPENS
    + r"(?:also )?assumes that (?:the )?(?P<names>"
    + _ASSUMED_NAME
    + r"(?:(?:,\s*(?:and\s+)?|\s+and\s+)"
    + _ASSUMED_NAME
    + r")*) functions?\b"
)
_ASSUMED_NAMES = compiled_on_use(r"[`'\"]?([A-Za-z_]\w*)")
# "This function is not directly called by 'pick_with_feedback'", "The
# `truthstring` function is not called in this code": a call denied, the
# negation bound to the verb ("is called by `a`, not by `b`" denies nothing
# read here). Its subject is the callee ("It", "This function": the section's
# object), the name after "by" the caller ("in this code": the object).
_DENIED = compiled_on_use(
    _SENTENCE_OPENS
    + r"(?:It|This (?:function|method|class)|(?:The )?"
    + _DENIED_NAME.format("callee")
    + r"(?: (?:function|method|class))?) (?:is|was) not (?:directly )?(?:called|invoked)"
    r" (?:by|in|within|from) (?:this (?:code|function|method|class)\b|(?:the )?"
    + _DENIED_NAME.format("caller")
    + r"(?: (?:function|method|class)\b)?)"
)
# "It does not call the `save` function", "This method does not directly
# invoke `save`": the section's object (`who`) denied to call a function.
_DOES_NOT_CALL = compiled_on_use(
    _OBJECT_OPENS
    + r"(?:does|did) not (?:directly )?(?:call|invoke) (?:the )?"
    + _DENIED_NAME.format("callee")
)
# "returns an instance of the `Node` class", "返回一个X对象/实例".
_RETURNS = compiled_on_use(
    r"\breturns? (?:an? |the )?(?:new )?instance of (?:the )?(?P<tick>`?)(?P<name>[A-Za-z_]\w*)`?"
    r"|返回(?:一个)?(?P<tick2>`?)(?P<name2>[A-Za-z_]\w*)`?(?:类)?的?(?:实例|对象)"
)
# "imports the divmod function from opto.trace.operators".
_IMPORTS = compiled_on_use(
    r"\bimports? (?:the )?`?(?P<name>[A-Za-z_]\w*)`?"
    r"(?: (?:function|class|method|object|constant|variable))? from (?:the )?"
    r"`?(?P<module>[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*)`?"
)
# The words of a sentence that refer to the section's object, or to nothing.
_WORD = compiled_on_use(r"[a-z]+")
_CODE_NAME = compiled_on_use(r"[A-Za-z_]*(?:_|[a-z][A-Z]|[A-Z][a-z]*[A-Z]|\d)\w*|[A-Z][a-z]\w*")
# Words in a name's place that name no object ("It is defined in a.py",
# "The function is defined in a.py").
_NO_NAMES = frozenset(
    {"self", "cls", "It", "Its", "This", "That", "These", "Those", "The", "A", "An", "Each"}
)
# A list item: its sentence is about the item's name.
_ITEM = compiled_on_use(r"^\s*(?:[·\-*•+]|\d+[.)])\s")
# The words of "The function calls ..." that name the section's object itself.
_ITSELF = frozenset({"function", "method", "class"})


class WrongRelation(Rule[MarkdownPage]):
    code = "DL710"
    name = "wrong-relation"
    origin = Origin.PROFILE
    summary = "Sentence relating an object to another that the project's sources refute."
    docs = RuleDocs(
        what="""Flags a sentence of a profiled generator's page that relates a
        named object to another where the project's sources (one model of the
        project: its classes and functions, where each is defined, their bases
        and imports) refute it:

        - "a subclass of the `X` class", "inherits from `X`", "继承自X",
          "是X的子类", in a class's section: the class has no `X` among its
          bases and their bases in the project. Judged only where every base
          is a project class or `X` is one (an outside base's own bases are
          unknown).
        - "the `X` class in `a/b.py`", "`x` is defined in `a\\b.py`" (paths
          written with `/` or `\\`), "the `x` method from the `b` module" (a
          module of the project by its name), "`x`函数定义在`a/b.py`文件中",
          "`X`类位于`a/b.py`", "定义在`b`模块中": the project has no such
          file, or the file never names `X` (it neither defines, imports nor
          uses it). A module named bare that the project has no source of
          ("defined in the sqlite_registry module") is refuted where every
          source is read, the module is written as a name (in backticks, or
          with `_` or `.`), no source writes it (a library's module is
          imported where it is used) nor is it the standard library's, and
          `X` is the project's. The message says where `X` is defined now
          (the page's own source first), when the project has it elsewhere.
        - "imports the `x` function from `a.b`": the project's module `a.b`
          neither defines nor imports `x` and never names it.
        - "It calls the `x` function", "This method invokes the `x` method",
          "该函数调用了`x`函数", every name of a list ("calls the `x` and `y`
          methods", "调用了`x`和`y`函数"): the section's object never names `x`, itself
          or through what it calls (a helper, a class it constructs), while the
          project defines an `x`. A function no source read defines or imports
          by name, written as code and called a function ("the `say`
          function", "`say`函数"), is refuted where neither the object nor a
          helper it calls writes it as code at all (a name, or an attribute:
          a library's function is written where it is called, `json.dumps`;
          a string's `"^say"` is no name); a method may be called unwritten
          (`forward` through a library's `__call__`) and is not judged so. "The `x`
          method of the `Y` class" names `Y`'s: a call through an attribute
          of `self` whose class the source states (`self.h = H()`, `h: H`)
          reaches only `H`'s `x`, its bases' and subclasses'; any other call
          of an `x` may be `Y`'s. A class `Y` no source of the project
          defines, imports or writes ("the `get_printers` method of the
          `sqlite_registry` class", "sqlite_registry 类的 get_printers 方法"),
          where every source is read and the project has `x` as another
          class's method, is refuted, the message naming the classes that
          have `x`. "The `x` method of the `p` object", `p` a parameter of the
          object, is a call through `p`: judged whatever class has `x`, the
          project's or none (a name written as code: in backticks, or with
          `_`, a digit or a capital), as the call would be in the object's
          body. "If `p` is set, it calls ..." is the object's unless the
          clause or the sentence before it on the line opens with another
          object ("The `run` method decides ...").
        - "It relies on the `x` function", "uses the `x` method", "依赖于`x`",
          "涉及到`x`函数", "使用`x`函数", "依赖于`Y`类的`x`方法" (`Y`'s `x`, as
          "of the `Y` class" says): the same, said of what the object uses,
          where the sentence names no other object of the project before it
          and its subject is not the reader's ("在使用`x`时", "可以使用`x`").
        - "The function assumes that the OpStop, forward and say functions are
          defined": every function of the list no source read defines, judged
          as one the object is said to use. A list holding a name written as
          code is a list of names (its plain words are names too); a plain
          word alone is prose ("assumes that the say function prints"). A
          function the project defines is not judged here: an assumption may
          be the caller's to meet ("assumes that `setup` has been called").
        - "returns an instance of the `X` class", "返回一个X对象": when the
          tree reads every source, none of them names `X`.
        - A call denied, the negation bound to the verb: "This function is
          not (directly) called by 'y'", "The `x` function is not called in
          this code" (the section's object), "It does not call the `x`
          function": where the caller's own body names `x` (a call through
          a helper is not held against the denial), the message saying
          where it calls it. A negation elsewhere in the sentence ("is
          called by `a`, not by `b`") denies nothing read here. RepoAgent's
          Chinese pages of the labelled trees write no such denial.
        - "the `x` method" (or static, class method) in a class's sections:
          neither the class nor any source of the project has `x`, where
          every source is read (a method the page heads is missing-object's).

        Where the history has the commit the page last changed in (and the
        page is that commit's), a relation that held there is told apart:
        its message says so and names the commit (the code changed after
        the page was written), while one that did not hold there either
        keeps its cause (the generator made it up). Only the files the
        relation names, and the page's source, are read at that commit; a
        module or class named bare may have been a file of its name beside
        the page's source or where the name is defined now
        (`storage/sqlite_registry.py` beside `storage/dconf_registry.py`).

        A lower-case word the project defines nowhere ("the helper function in
        utils.py") is prose, not a name, unless written in backticks. An output
        example illustrates: its text is not read. Caller sentences are
        wrong-caller's, but for a call they deny. A name is read as it
        renders: one whose underscores are escaped (`read\\_store`, as small models write every
        name) is `read_store`, and a bold one (`**read_store**`) is written as
        a name; a word is read whole ("It is defined in" names no object), in
        Chinese text an ASCII run. One finding per line,
        and one per defect: the place a section gives its own object where
        the source lacks it is missing-object's. A callee the
        object never reaches is answered with what its body calls instead:
        the project's functions it names ("`Manager.run` does not use
        `Market.recruit`; it calls `Env.recruit`"), at most three by name,
        none when it names no function of the project.""",
        why="""These sentences are how a reader moves from one object to
        the next. When the code moves on (a base replaced, a class moved to
        another file, a function removed), the sentence keeps sending the
        reader to what is no longer there.""",
        example="""under `## ClassDef OptoPrimeV2`,

        ```markdown
        OptoPrimeV2 is a subclass of the FunctionOptimizer class.
        ```

        while the code reads `class OptoPrimeV2(OptoPrime)` and `OptoPrime`'s
        bases are the project's `Optimizer` only.""",
        use_instead="regenerate the page, or name the relation the code has.",
    )
    BASE = Cause("wrong-relation/base", "Base the class does not have")
    PLACE = Cause("wrong-relation/place", "Object placed in a file that does not have it")
    IMPORT = Cause("wrong-relation/import", "Import from a module that lacks the name")
    MEMBER = Cause("wrong-relation/member", "Method the class does not have")
    CALLEE = Cause("wrong-relation/callee", "Function the object never calls")
    USED = Cause("wrong-relation/used", "Function the object never uses")
    RETURNED = Cause("wrong-relation/returned", "Class returned that the project never names")
    DENIED = Cause("wrong-relation/denied", "Call denied that the code makes")
    DRIFT = Cause("wrong-relation/drift", "Relation that held when the page was written")
    causes = (BASE, PLACE, IMPORT, MEMBER, CALLEE, USED, RETURNED, DENIED, DRIFT)

    def check(self, page: MarkdownPage, ctx: RuleContext) -> Iterator[Finding]:
        # The family's helpers are imported where they are used (__init__.py says why).
        from doclint.rule_api_generators import (
            fenced_lines,
            in_output_example,
            page_column,
            unescaped_names,
        )

        from .._common.project import project
        from ._sources import claimed_source, in_broken_example

        found = claimed_source(page, ctx, "caller-claim")
        if found is None:
            return
        profiled, objects = found
        if not profiled.entries:
            return
        callers = {m.line for m in profiled.mentions if m.claim == "caller-claim"}
        # A method the page heads and the source lacks is missing-object's.
        headed = {e.qualname[-1] for e in profiled.entries}
        headings = {entry.line: entry for entry in profiled.entries}
        fenced = fenced_lines(page)
        broken = in_broken_example(page, ctx, profiled)
        model: ProjectModel | None = None
        entry: Entry | None = None
        profile = profiled.profile
        example = False  # an output example illustrates; its text claims nothing
        for number, line in enumerate(ctx.lines, 1):
            if number in headings:
                entry, example = headings[number], False
                continue
            example = in_output_example(profile, line, example)
            if entry is None or example or number in fenced:
                continue
            if broken(number):
                continue  # an example's lines CommonMark reads as the page's
            # Small models escape the underscores of the names they write.
            read = unescaped_names(line)
            if line.startswith("#") or not _claims_a_relation(read):
                continue
            if model is None:
                model = project(ctx).python(profiled.profile, profiled.project)
            if number in callers:
                # A caller sentence is wrong-caller's; a call it denies is judged here.
                judged = self._denied(read, entry, profiled.source, model)
            else:
                judged = self._refuted(read, entry, objects, profiled, model, headed)
            if judged is None:
                continue
            column, message, cause, held = judged
            column = page_column(line, column)
            at = project(ctx).python_at(page)
            if at is not None and held(at):
                message, cause = message + at.note, self.DRIFT
            yield Finding(number, column, message, cause=cause)

    def _refuted(
        self,
        line: str,
        entry: Entry,
        objects: ModuleObjects,
        profiled: ProfiledPage,
        model: ProjectModel,
        headed: set[str],
    ) -> Refuted | None:
        """The first relation of a line the sources refute: a base or a
        place, a member, a callee, a class returned."""
        obj = objects.objects.get(entry.qualname)
        subject = obj.name if obj is not None and obj.kind == "class" else None
        source = profiled.source
        # A section whose object its source lacks is missing-object's: the
        # place it gives that object is the same defect.
        gone = entry.qualname[-1] if obj is None else None
        return (
            self._line(line, subject, entry, profiled, model, gone)
            or self._member(line, entry, objects, source, model, headed)
            or self._callee(line, entry, source, model, obj.parameters if obj else ())
            or self._returned(line, entry, source, model)
            or self._denied(line, entry, source, model)
        )

    def _line(
        self,
        line: str,
        subject: str | None,
        entry: Entry,
        profiled: ProfiledPage,
        model: ProjectModel,
        gone: str | None = None,
    ) -> Refuted | None:
        """The first refuted relation of a line: a base, a place, an import;
        not the place of `gone`, the section's own object its source lacks."""
        source = profiled.source
        if subject is not None:
            for match in _SUBCLASS.finditer(line):
                if _ITEM.match(line) or _names_another(line[: match.start()], subject):
                    continue  # a list item's or another class's sentence
                written = next(g for g in match.groups() if g)
                base = written.rpartition(".")[2]
                ticked = f"`{written}`" in match.group(0)
                message = self._base(subject, base, ticked, entry, source, model)
                if message is not None:
                    held = partial(_had_base, source, entry.qualname, base, model)
                    return match.start() + 1, message, self.BASE, held
        for match in (*_PLACED.finditer(line), *_PLACED_ZH.finditer(line)):
            name, path = match["name"], match["path"] or match["module"]
            if name == gone:
                continue
            if match["module"] and not model.module(path):
                message = _no_such_module(name, match["tick"], path, match, model, source)
            elif match["module"] and _outside_or_in_package(name, path, model):
                continue
            else:
                message = self._placed(name, match["tick"], match["kind"], path, model, source)
            if message is not None:
                # A module gone since may have stood beside the page's source
                # or where `name` is defined now.
                beside = _beside(path, [source, *(d.path for d in model.defined(name))], model)
                held = partial(_had_name, path, name, model, profiled.project, beside=beside)
                return match.start("name") + 1, message, self.PLACE, held
        for match in _IMPORTS.finditer(line):
            name, module = match["name"], match["module"]
            message = self._imported(name, module, model)
            if message is not None:
                held = partial(_had_name, module, name, model, profiled.project)
                return match.start() + 1, message, self.IMPORT, held
        return None

    def _callee(
        self,
        line: str,
        entry: Entry,
        source: str,
        model: ProjectModel,
        parameters: tuple[str, ...],
    ) -> Refuted | None:
        """A function the section's object is said to call (or use) that it
        never reaches, itself or through what it calls; a method said to be
        a class's that no source of the project has."""
        own = [d for d in model.defined(entry.qualname[-1]) if d.qualname == entry.qualname]
        # The page's source's object, when the model has it: another module's
        # object of the same name calls other things.
        own = [d for d in own if d.path == source] or own
        if not own:
            return None  # an object the model lacks
        for pattern, verb, cause in ((_CALLS, "call", self.CALLEE), (_USES, "use", self.USED)):
            for match in pattern.finditer(line):
                if not _of_the_object(match, line, entry, chinese_use=cause is self.USED):
                    continue
                judged = _called(match, verb, entry, source, model, own, parameters)
                if judged is not None:
                    column, message, held = judged
                    return column, message, cause, held
        return self._listed(line, entry, source, model, own) or self._assumed(
            line, entry, source, model, own
        )

    def _assumed(
        self, line: str, entry: Entry, source: str, model: ProjectModel, own: list[Definition]
    ) -> Refuted | None:
        """A function an assumption of the object names ("assumes that the `x`
        function is defined") that no source read defines, imports or has
        the object write. One the project defines is not judged: an
        assumption may be the caller's to meet ("assumes that `setup` has
        been called")."""
        for match in _ASSUMES.finditer(line):
            if not _of_the_object(match, line, entry, chinese_use=False):
                continue
            written = list(_ASSUMED_NAMES.finditer(match["names"]))
            # A list holding a name written as code is a list of names: its
            # plain words ("forward", "say") are names too.
            as_code = any(_written_as_code(name.group(0)) for name in written)
            for name in written:
                callee = name.group(1)
                code = as_code or _written_as_code(name.group(0))
                if not _unwritten(callee, code, entry, own, model):
                    continue
                column = match.start("names") + name.start(1) + 1
                message = f"`{entry.dotted}` does not use `{callee}`, which no source read defines"
                message += _instead(own, model)
                held = partial(_named_by, source, entry.qualname, callee)
                return column, message, self.USED, held
        return None

    def _listed(
        self, line: str, entry: Entry, source: str, model: ProjectModel, own: list[Definition]
    ) -> Refuted | None:
        """The first name of a list of callees ("calls the `a` and `b`
        methods") the section's object never reaches."""
        for match in _LISTED.finditer(line):
            if not _of_the_object(match, line, entry, chinese_use=False):
                continue  # another object's sentence
            group = "names" if match["names"] else "names2"
            verb = match["verb"] or match["verb2"]
            calls = verb in ("calls", "invokes", "调用")
            functions = _a_function(match, group)
            for name in _LISTED_NAME.finditer(match[group]):
                callee = name.group(1)
                unwritten = functions and _unwritten(callee, True, entry, own, model)
                if unwritten or _never_reached(callee, "`", entry, own, model, None):
                    column = match.start(group) + name.start(1) + 1
                    message = f"`{entry.dotted}` does not {'call' if calls else 'use'} `{callee}`"
                    message += (", which no source read defines" if unwritten else "") + _instead(
                        own, model
                    )
                    held = partial(_named_by, source, entry.qualname, callee)
                    return column, message, self.CALLEE if calls else self.USED, held
        return None

    def _denied(self, line: str, entry: Entry, source: str, model: ProjectModel) -> Refuted | None:
        """A call a sentence denies ("`x` is not called by `y`", "It does not
        call `x`") that the caller's own body makes: a call through a helper
        is not held against it (the page may mean the direct call)."""
        denials = [(True, m) for m in _DENIED.finditer(line)]
        denials += [(False, m) for m in _DOES_NOT_CALL.finditer(line)]
        for passive, match in denials:
            if not passive and not _of_the_object(match, line, entry, chinese_use=False):
                continue  # another object's sentence
            callee = _denied_name(match, "callee", entry, model)
            callers = _denied_callers(match, passive, entry, source, model)
            if callee is None or not callers:
                continue
            if not all(model.names_itself(caller, callee) for caller in callers):
                continue
            caller = callers[0]
            at = _first_naming(model.texts.get(caller.path, ""), caller.line, callee)
            message = (
                f"`{caller.dotted}` calls `{callee}` (`{caller.path}:{at}`), which the page denies"
            )
            held = partial(_not_named_by, caller.path, caller.qualname, callee)
            column = match.start("callee") if match["callee"] else match.start()
            return column + 1, message, self.DENIED, held
        return None

    def _returned(
        self, line: str, entry: Entry, source: str, model: ProjectModel
    ) -> Refuted | None:
        """A class the object is said to return an instance of that no source
        of the project defines, imports or writes at all."""
        for match in _RETURNS.finditer(line):
            name = match["name"] or match["name2"]
            tick = match["tick"] or match["tick2"]
            if not (tick or _CODE_NAME.fullmatch(name)) or not model.complete:
                continue
            if model.defined(name) or name in model.imported or model.written_anywhere(name):
                continue
            column = match.start("name" if match["name"] else "name2") + 1
            message = (
                f"`{entry.dotted}` is said to return an instance of `{name}`,"
                " which no source of the project names"
            )
            return column, message, self.RETURNED, partial(_mentioned_in, source, name)
        return None

    def _member(
        self,
        line: str,
        entry: Entry,
        objects: ModuleObjects,
        source: str,
        model: ProjectModel,
        headed: set[str],
    ) -> Refuted | None:
        """A method a sentence in a class's sections names that neither the
        class nor any class of the project has: said only where every source
        is read (a sample's listing names sources the tree lacks)."""
        if not model.complete:
            return None
        owner = next(
            (
                entry.qualname[:end]
                for end in range(len(entry.qualname), 0, -1)
                if (o := objects.objects.get(entry.qualname[:end])) is not None
                and o.kind == "class"
            ),
            None,
        )
        if owner is None:
            return None
        cls = objects.objects[owner]
        for match in _METHOD.finditer(line):
            name = match["name"]
            if not (match["tick"] or _CODE_NAME.fullmatch(name)) or name.startswith("__"):
                continue
            if name in cls.attributes or name in headed or model.defined(name):
                continue
            if name in model.imported:
                continue
            if model.written_anywhere(name):
                continue
            message = f"`{cls.name}` has no method `{name}`, nor has any class of the project"
            held = partial(_had_member, source, owner, name)
            return match.start("name") + 1, message, self.MEMBER, held
        return None

    def _base(
        self,
        subject: str,
        base: str,
        ticked: bool,
        entry: Entry,
        source: str,
        model: ProjectModel,
    ) -> str | None:
        if base == subject:
            return None
        if not ticked and not any(d.kind == "class" for d in model.defined(base)):
            return None  # a word, or a class from outside the project
        classes = [
            d
            for d in model.defined(subject)
            if d.kind == "class" and d.qualname == entry.qualname and d.path == source
        ]
        if not classes:
            return None
        ancestors, settled = model.ancestors(classes[0])
        if base in ancestors:
            return None
        if not settled and not any(d.kind == "class" for d in model.defined(base)):
            return None  # an outside base may have it among its own bases
        written = ", ".join(f"`{b}`" for b in classes[0].bases if b) or "none"
        return f"`{subject}` is not a subclass of `{base}`: its bases are {written}"

    def _placed(
        self, name: str, tick: str, kind: str | None, path: str, model: ProjectModel, source: str
    ) -> str | None:
        if not (tick or kind or _CODE_NAME.fullmatch(name)) or name in _NO_NAMES:
            return None
        where = model.module(path)
        elsewhere = _defined_at(name, model, source)
        if _WORD.fullmatch(name) and not elsewhere and not tick:
            return None  # "the helper function in utils.py": a word, not a name
        if not where:
            return _no_such_file(name, path, elsewhere, model)
        return _not_defined_in(name, where, elsewhere, model)

    def _imported(self, name: str, module: str, model: ProjectModel) -> str | None:
        where = model.module(module)
        readable = [p for p in where if p in model.readable]
        if not where or len(readable) < len(where):
            return None  # not the project's module, or one the tree cannot read
        for path in readable:
            objects = model.readable[path]
            if (
                model.defined(name, [path])
                or name in objects.imports
                or name in objects.made_by_calls
            ):
                return None
            if model.mentions(path, name):
                return None
        return f"`{module}` has no `{name}` to import"


def _called(
    match: Match[str],
    verb: str,
    entry: Entry,
    source: str,
    model: ProjectModel,
    own: list[Definition],
    parameters: tuple[str, ...],
) -> tuple[int, str, Held] | None:
    """The callee of one call or use sentence, refuted: a method of a class
    no source of the project has, or one the object never reaches."""
    callee, owner, as_class = _callee_and_owner(match)
    gone = _no_such_class(owner, callee, model) if owner is not None and as_class else []
    if owner is not None and gone:
        from .._common.project_python import few

        classes = sorted({d.qualname[-2] for d in gone})
        message = f"`{entry.dotted}` does not {verb} `{owner}.{callee}`: "
        message += f"the project has no class `{owner}`; `{callee}` is a method of {few(classes)}"
        paths = list(dict.fromkeys([source, *(d.path for d in gone)]))
        held = partial(_had_class, [*paths, *_beside(owner, paths, model)], owner)
        return match.start(_owner_group(match)) + 1, message, held
    # "the `save` method of the `store` object", `store` a parameter: a call
    # through it, of any class's `save`, the project's or not.
    through = owner if owner in parameters and owner not in _NO_NAMES else None
    if owner is None or not any(d.kind == "class" for d in model.defined(owner)):
        owner = None  # no class, or another package's: the method by its name
    tick = match["tick"] or match["tick2"]
    if owner is None and through is None:
        unwritten = _unwritten_function(match, verb, entry, source, model, own)
        if unwritten is not None:
            return unwritten
    if not _never_reached(callee, tick, entry, own, model, owner, through=through):
        return None
    named = f"{owner or through}.{callee}" if owner or through else callee
    message = f"`{entry.dotted}` does not {verb} `{named}`" + _instead(own, model)
    held = partial(_named_by, source, entry.qualname, callee)
    return match.start(_callee_group(match)) + 1, message, held


def _had_base(
    source: str, qualname: tuple[str, ...], base: str, model: ProjectModel, at: ProjectAt
) -> bool:
    """The class had `base` among its ancestors at the page's commit."""
    return base in at.ancestors(source, qualname, model)


def _had_name(
    written: str,
    name: str,
    model: ProjectModel,
    project: str,
    at: ProjectAt,
    *,
    beside: tuple[str, ...] = (),
) -> bool:
    """A file or module written in prose had `name` at the page's commit:
    it defined, imported or used it (`beside`: more files it may have been)."""
    paths = dict.fromkeys([*at.files(written, model, project), *beside])
    return any(at.mentions(path, name) for path in paths)


def _beside(written: str, paths: list[str], model: ProjectModel) -> tuple[str, ...]:
    """The files a module written bare (`sqlite_registry`, `a.b`) would be
    beside each of `paths`: where a module removed since may have stood
    (`storage/sqlite_registry.py` beside `storage/dconf_registry.py`); a
    path written with its folders is read as written."""
    if written.endswith(model.suffix) or "/" in written or "\\" in written:
        return ()
    module = written.replace(".", "/") + model.suffix
    return tuple(dict.fromkeys(posixpath.join(posixpath.dirname(p), module) for p in paths))


def _had_member(source: str, owner: tuple[str, ...], name: str, at: ProjectAt) -> bool:
    """The class `owner` of the page's source had the method or attribute
    `name` at the page's commit."""
    objects = at.objects(source)
    cls = objects.objects.get(owner) if objects is not None else None
    return cls is not None and name in cls.attributes


def _named_by(source: str, qualname: tuple[str, ...], name: str, at: ProjectAt) -> bool:
    """The object `qualname` of the page's source named `name` at the page's commit."""
    return at.names(source, qualname, name)


def _unwritten_function(
    match: Match[str],
    verb: str,
    entry: Entry,
    source: str,
    model: ProjectModel,
    own: list[Definition],
) -> tuple[int, str, Held] | None:
    """The callee of a call or use sentence, refuted as a function no
    source read defines that the object never writes (`_unwritten`)."""
    group = _callee_group(match)
    callee = match[group]
    as_code = bool(match["tick"] or match["tick2"] or _CODE_NAME.fullmatch(callee))
    if not _a_function(match, group) or not _unwritten(callee, as_code, entry, own, model):
        return None
    message = f"`{entry.dotted}` does not {verb} `{callee}`, which no source read defines"
    held = partial(_named_by, source, entry.qualname, callee)
    return match.start(group) + 1, message + _instead(own, model), held


def _unwritten(
    callee: str, as_code: bool, entry: Entry, own: list[Definition], model: ProjectModel
) -> bool:
    """A function a sentence names as code (`as_code`) that no source read
    defines or imports by name (a library's the project knows) and that the
    section's object never writes, itself or through a helper: it neither
    calls nor uses it, whoever may define it. A plain word ("the helper
    function") is prose."""
    if not as_code or iskeyword(callee) or callee in entry.qualname:
        return False
    if model.defined(callee) or callee in model.imported:
        return False
    return not model.writes(own, callee)


def _a_function(match: Match[str], group: str) -> bool:
    """A call or use sentence names its callee (or list, `group`) a
    function ("the `x` function", "`x`函数"), not a method: a method may be
    called by a library without being written (`forward` through `__call__`)."""
    after = match.string[match.end(group) :].lstrip("`'\"() ")
    return after.startswith(("function", "函数"))


def _written_as_code(written: str) -> bool:
    """A name as a sentence writes it is code: in backticks or quotes, or
    shaped as code (`_`, a digit, a capital inside)."""
    return written[0] in "`'\"" or _CODE_NAME.fullmatch(written) is not None


def _not_named_by(source: str, qualname: tuple[str, ...], name: str, at: ProjectAt) -> bool:
    """The object `qualname` of the page's source did not name `name` at the
    page's commit: a call denied then was denied rightly."""
    return not at.names(source, qualname, name)


def _denied_name(match: Match[str], group: str, entry: Entry, model: ProjectModel) -> str | None:
    """The object a denial names in `group`: the section's own ("It", "This
    function", "the function", none written), or a project's object written
    as a name (in backticks or quotes, as code, or with its kind word); None
    for a word."""
    name = match[group]
    if name is None or name in _ITSELF or name == "It":
        return entry.qualname[-1]
    written = match[f"{group}q"] or _CODE_NAME.fullmatch(name) or " function" in match.group(0)
    return name if written and model.defined(name) else None


def _denied_callers(
    match: Match[str], passive: bool, entry: Entry, source: str, model: ProjectModel
) -> list[Definition]:
    """The definitions of the caller a denial names: the section's object
    for "does not call" and "in this code", else the project's functions and
    classes of the name after "by", those of the page's source when it has
    one (a name several modules define is the page's own)."""
    name = _denied_name(match, "caller", entry, model) if passive else entry.qualname[-1]
    if name is None:
        return []
    if name == entry.qualname[-1]:
        found = [d for d in model.defined(name) if d.qualname == entry.qualname]
    else:
        found = model.defined(name)
    return [d for d in found if d.path == source] or found


def _first_naming(text: str, line: int, name: str) -> int:
    """The first line of the body of the definition at `line` that calls
    `name` (else names it); the definition's own line when none does."""
    lines = text.splitlines()
    if not 0 < line <= len(lines):
        return line
    start = lines[line - 1]
    indent = len(start) - len(start.lstrip())
    body: list[int] = []
    for number in range(line + 1, len(lines) + 1):
        text_line = lines[number - 1]
        stripped = text_line.lstrip()
        if stripped and len(text_line) - len(stripped) <= indent and _OPENS.match(stripped):
            break
        body.append(number)
    for wanted in (rf"\b{name}\s*\(", rf"\b{name}\b"):
        found = next((n for n in body if re.search(wanted, lines[n - 1])), None)
        if found is not None:
            return found
    return line


# A statement opening at the definition's own indentation: its body has ended.
_OPENS = compiled_on_use(r"[\w@]")


def _mentioned_in(source: str, name: str, at: ProjectAt) -> bool:
    """The page's source named `name` at the page's commit."""
    return at.mentions(source, name)


def _claims_a_relation(line: str) -> bool:
    """`line` has the words of a relation between objects."""
    relations = (
        _SUBCLASS,
        _PLACED,
        _PLACED_ZH,
        _IMPORTS,
        _METHOD,
        _CALLS,
        _USES,
        _LISTED,
        _RETURNS,
        _DENIED,
        _DOES_NOT_CALL,
        _ASSUMES,
    )
    return any(pattern.search(line) for pattern in relations)


def _had_class(paths: list[str], name: str, at: ProjectAt) -> bool:
    """One of the sources at `paths` defined a class `name` at the page's
    commit (a class removed since may have had a module of its name)."""
    for path in paths:
        objects = at.objects(path)
        if objects is not None and any(o.kind == "class" for o in objects.named(name)):
            return True
    return False


def _no_such_class(owner: str, callee: str, model: ProjectModel) -> list[Definition]:
    """The project's methods `callee` when a sentence makes it a method of
    the class `owner` that no source of the project defines, imports or
    writes at all (a library's class is written where it is used); none
    when the class may be there, or when `callee` is no method of the
    project's (a library's)."""
    if not model.complete or not _CODE_NAME.fullmatch(owner) or model.defined(owner):
        return []
    if owner in model.imported or model.written_anywhere(owner):
        return []
    return [d for d in model.defined(callee) if _of_a_class(d, model)]


def _of_a_class(definition: Definition, model: ProjectModel) -> bool:
    """`definition` is a method: the object around it is a class."""
    objects = model.readable.get(definition.path)
    around = objects.objects.get(definition.qualname[:-1]) if objects is not None else None
    return around is not None and around.kind == "class"


def _defined_at(name: str, model: ProjectModel, source: str) -> list[str]:
    """The sources defining `name`, the page's own first (where its
    section's object is), then by path."""
    return sorted({d.path for d in model.defined(name)}, key=lambda p: (p != source, p))


def _no_such_module(
    name: str, tick: str, module: str, match: Match[str], model: ProjectModel, source: str
) -> str | None:
    """The message of a module written in prose as the place of `name`
    that the project has no source of, where that is settled: every source
    read, the module written as a name (in backticks, or with `_` or `.`),
    neither the standard library's nor written by any source (a library's
    module is imported where it is used), and `name` a project's object
    defined elsewhere."""
    from .._common.stdlib import STDLIB_MODULES

    ticked = match.string[match.start("module") - 1] == "`"
    if not model.complete or not (ticked or "_" in module or "." in module):
        return None
    top = module.partition(".")[0]
    if top in STDLIB_MODULES or module in model.imported:
        return None
    if any(model.written_anywhere(part) for part in module.split(".")):
        return None
    elsewhere = _defined_at(name, model, source)
    if not elsewhere or not (tick or _CODE_NAME.fullmatch(name)):
        return None
    return (
        f"`{module}`, where the page places `{name}`, is no module of the project;"
        f" `{name}` is defined in `{elsewhere[0]}`"
    )


def _outside_or_in_package(name: str, module: str, model: ProjectModel) -> bool:
    """A module named in prose ("in the chat_with_repo module") is not the
    project's (a library's, or a word), or is one of its packages whose
    modules name `name`: a package is loosely called a module."""
    where = model.module(module)
    packages = [p.removesuffix(f"__init__{model.suffix}") for p in where if "__init__" in p]
    inside = [s for s in model.sources if any(s.startswith(f) for f in packages)]
    return not where or any(model.mentions(s, name) for s in inside)


def _no_such_file(name: str, path: str, elsewhere: list[str], model: ProjectModel) -> str | None:
    """The message of a place the project has no file of, where a place is
    settled: the project's sources read, and the name defined elsewhere or
    every source read."""
    if not model.sources or (not elsewhere and not model.complete):
        return None
    shown = path.replace("\\", "/")
    message = f"`{shown}`, where the page places `{name}`, is no file of the project"
    return message + (f"; `{name}` is defined in `{elsewhere[0]}`" if elsewhere else "")


def _not_defined_in(
    name: str, where: list[str], elsewhere: list[str], model: ProjectModel
) -> str | None:
    """The message of a name that the files of its place (all of them
    readable) neither define, import, assign nor use."""
    readable = [p for p in where if p in model.readable]
    if not readable or len(readable) < len(where):
        return None
    if any(model.mentions(p, name) for p in readable):
        return None  # defined, imported, assigned or used there: it has it
    message = f"`{readable[0]}` does not define `{name}`"
    moved = [p for p in elsewhere if p not in readable]
    return message + (f"; it is defined in `{moved[0]}`" if moved else "")


def _of_the_object(match: Match[str], line: str, entry: Entry, *, chinese_use: bool) -> bool:
    """A call or use sentence is said of the section's object: its subject
    is the object (or "It", "This function"), a Chinese use sentence's too;
    "..., it calls" where the sentence before is not another object's."""
    who = match["who"]
    if who is not None and who not in _ITSELF and who != entry.qualname[-1]:
        return False
    if match.group(0).startswith(","):
        return not _another_before(line[: match.start()], entry)
    if chinese_use and match["callee2"]:
        return _said_of(line[: match.start()], match["verb"], entry)
    return True


def _callee_group(match: Match[str]) -> str:
    """The group naming the callee of a call or use sentence: the English
    one, the Chinese one's method ("`Store`类的`_load`方法"), or its name."""
    return next(g for g in ("callee", "member2", "callee2") if match[g])


def _callee_and_owner(match: Match[str]) -> tuple[str, str | None, bool]:
    """The callee a call or use sentence names, the class or object it is
    said to be a method of ("the `x` method of the `Y` class", "`Y`类的`x`方法",
    "the `x` method of the `y` object"), and whether it is called a class."""
    if match["member2"]:
        return match["member2"], match["callee2"], match["kind2"] == "类"
    return match["callee"] or match["callee2"], match["owner"], match["owned"] == "class"


def _owner_group(match: Match[str]) -> str:
    """The group naming the class a call or use sentence's method is said to be of."""
    return "owner" if match["owner"] else "callee2"


def _never_reached(
    callee: str,
    tick: str | None,
    entry: Entry,
    own: list[Definition],
    model: ProjectModel,
    owner: str | None,
    *,
    through: str | None = None,
) -> bool:
    """The project defines `callee` (a library's function is not judged),
    it is not the object itself, and no definition of the object reaches it
    (as a method of the project's class `owner`, when given). A method
    called `through` a parameter is judged whoever defines it, when written
    as a name: the call would be written in the object's body."""
    defined = model.defined(callee)
    if callee in entry.qualname:
        return False
    if not defined and not (through and (tick or _CODE_NAME.fullmatch(callee))):
        return False
    if _WORD.fullmatch(callee) and not tick and len(defined) > 1:
        return False  # a plain word several objects are called
    return not any(model.reaches(definition, callee, owner) for definition in own)


def _another_before(before: str, entry: Entry) -> bool:
    """The "it" of a clause ending `before` ("If `x` is set, it calls")
    may be another object: the clause names one, or the sentence before it
    on the line is another's ("The `run` method decides ... If so, it
    calls")."""
    if _names_another(before, *entry.qualname):
        return True
    sentences = _SENTENCE_START.split(before)
    opening = _SUBJECT.match(sentences[-2]) if len(sentences) > 1 else None
    if opening is None:
        return False
    who = opening["who"]
    return who not in _ITSELF and who not in ("The", "This") and who not in entry.qualname


def _said_of(before: str, verb: str, entry: Entry) -> bool:
    """A Chinese sentence ending in `before`, then `verb`, is said of the
    section's object: it names no other object, and "使用" (use) has a
    subject that is not the reader ("使用`x`方法保存时", opening a note, and
    "可以使用`x`" are the reader's use)."""
    if _names_another(before, *entry.qualname):
        return False
    subject = _ITEM.sub("", _SENTENCE_START.split(before)[-1], count=1).strip()
    if verb.startswith(("依赖", "涉及")):
        return True
    return bool(subject) and not _READERS.search(subject)


def _names_another(before: str, *subject: str) -> bool:
    """The sentence ending in `before` names an object other than `subject`
    (in backticks, or a capitalised word with a capital inside)."""
    sentence = _SENTENCE_START.split(before)[-1]
    found = (name for pair in _CLASS_WORD.findall(sentence) for name in pair)
    return any(name and name not in subject for name in found)


# The subject a sentence opens with, after a section's bold label: "The
# `run` method", "The run() function" (the words "The function" read as
# `who` "The").
_SUBJECT = compiled_on_use(
    r"\s*(?:\*\*[^*]{0,40}\*\*:?\s*)?(?:The |This )?`?(?P<who>[A-Za-z_]\w*)`?(?:\(\))?"
    r" (?:function|method|class|object)\b"
)
# A sentence's end: a full stop and a space, or CJK text's full-width marks.
# "可以使用`query`函数查询" (one can use `query`), "用户需要使用": a modal with no
# subject, or the reader's, is the reader's use; "该函数可以使用" the object's.
_READERS = compiled_on_use(
    r"(?:^|[\s:\uff1a*])(?:(?:用户|使用者|开发者|调用者|你|您)\s*)?(?:也|还)?"
    r"(?:可以|可|需要|应该|应当|应|请|建议|能够|能|必须)$"
)
_SENTENCE_START = compiled_on_use(r"[.!?\u3002]\s|[\u3002\uff01\uff1f\uff1b]")
# ASCII words: a name runs into CJK text with no space ("BaiChuanWorker的实现").
_CLASS_WORD = compiled_on_use(r"(?a)`([A-Za-z_]\w*)`|\b([A-Z][a-z0-9]+[A-Z]\w*)\b")


def _instead(own: list[Definition], model: ProjectModel) -> str:
    """What the section's object calls instead of a callee it never reaches:
    the project's functions its body names ("; it calls `a` and `b`"), or
    nothing when it names none."""
    from .._common.project_python import few

    found = model.callees(own)
    return f"; it calls {few(found)}" if found else ""
