"""DL703 unknown-parameter: a parameters or attributes item naming nothing the object has."""

from __future__ import annotations

from collections.abc import Iterator

from doclint_rules._generator_pages import claimed_source, documented_object

from doclint.rule_api import Cause, Finding, MarkdownPage, Rule, RuleContext

CLAIM = "entry-names-parameter-or-attribute"


class UnknownParameter(Rule[MarkdownPage]):
    """Flags an item of a profiled generator's labelled list (RepoAgent's
    `**parameters**` / `**参数**` and `**attributes**` / `**属性**`, in any
    of the profile's translated labels) whose name is neither a parameter
    nor an attribute of the section's object: for a function, its
    parameters (`*args` and `**kwargs` by their names); for a class, the
    names its body assigns, the `self.x` and `cls.x` its methods assign, its
    methods, and its `__init__`'s parameters. Items that say there is
    nothing (`· None`, `· 无`) are not names. Items under a heading whose
    object is missing are left to missing-object.

    **Why is this bad?** A parameter list is what a reader calls the function
    with. A local variable listed as a parameter, or an attribute the class
    stopped setting, sends the reader to pass or read something that is not
    there.

    **Example:** for `def main():` reading its arguments from `sys.argv`,

    ```markdown
    **parameters**: The parameters of this Function.
    · book_name: the name of the book
    ```

    **Use instead:** say where the value comes from in the description, and
    list only the parameters the signature has.
    """

    code = "DL703"
    name = "unknown-parameter"
    summary = "Parameters or attributes item naming nothing the documented object has."
    NOT_A_PARAMETER = Cause("unknown-parameter/not-a-parameter", "Item naming no parameter")
    NOT_AN_ATTRIBUTE = Cause(
        "unknown-parameter/not-an-attribute", "Item naming nothing a class has"
    )
    causes = (NOT_A_PARAMETER, NOT_AN_ATTRIBUTE)

    def check(self, page: MarkdownPage, ctx: RuleContext) -> Iterator[Finding]:
        found = claimed_source(page, ctx, CLAIM)
        if found is None:
            return
        profiled, objects = found
        for item in profiled.items:
            if item.claim != CLAIM:
                continue
            obj = documented_object(item.entry, objects)
            if obj is None:
                continue
            known = set(obj.parameters) | obj.attributes
            if obj.kind == "class":
                init = objects.objects.get((*obj.qualname, "__init__"))
                known |= set(init.parameters) if init is not None else set()
            name = item.name.lstrip("*")
            if name not in known:
                if obj.kind == "function":
                    what, cause = "parameter", self.NOT_A_PARAMETER
                else:
                    what, cause = "parameter or attribute", self.NOT_AN_ATTRIBUTE
                message = f"{item.field} item `{name}`: `{obj.dotted}` has no {what} `{name}`"
                yield Finding(item.line, item.column, message, cause=cause)
