"""DL703 unknown-parameter: a parameters or attributes item naming nothing the object has."""

from __future__ import annotations

from collections.abc import Iterator

from doclint_rules._generator_pages import documented_object, profiled_page, source_objects

from doclint.rule_api import Finding, MarkdownPage, Rule, RuleContext


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

    def check(self, page: MarkdownPage, ctx: RuleContext) -> Iterator[Finding]:
        profiled = profiled_page(page, ctx)
        if profiled is None or not profiled.items:
            return
        objects = source_objects(profiled, ctx)
        if objects is None:
            return
        for item in profiled.items:
            if item.claim != "entry-names-parameter-or-attribute":
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
                what = "parameter" if obj.kind == "function" else "parameter or attribute"
                message = f"{item.field} item `{name}`: `{obj.dotted}` has no {what} `{name}`"
                yield Finding(item.line, item.column, message)
