"""What a class inherits from a base outside the project, where that is
known: a builtin (`Exception`, `dict`), a class of the running Python's
standard library (`logging.Handler`), read from its source as the tree's
sources are, or a data-model base whose fields the subclass declares itself
(pydantic's `BaseModel`), or PyTorch's `nn.Module`, whose subclasses set
their attributes in `__init__` over the module API. Any other base from
outside (a Keras callback, `nn.Linear`) is unknown: what a subclass inherits
from it cannot be told, and its items are not judged.
"""

from __future__ import annotations

import builtins
import os
from functools import lru_cache

from .._common.stdlib import STDLIB_MODULES

# Data-model bases: a subclass's fields are its own class-body annotations;
# the base adds only its API, whose names a page may list too.
_PYDANTIC = frozenset(
    {
        "model_config",
        "model_fields",
        "model_computed_fields",
        "model_extra",
        "model_fields_set",
        "model_construct",
        "model_copy",
        "model_dump",
        "model_dump_json",
        "model_json_schema",
        "model_post_init",
        "model_rebuild",
        "model_validate",
        "model_validate_json",
        "Config",
        "dict",
        "json",
        "copy",
        "parse_obj",
        "schema",
    }
)
# PyTorch's `nn.Module`: a subclass's attributes are those its `__init__`
# sets (`self.fc = nn.Linear(...)`), with the module API's (PyTorch 2).
_TORCH_MODULE = frozenset(
    {
        "training",
        "forward",
        "dump_patches",
        "call_super_init",
        "T_destination",
        "_version",
        "_parameters",
        "_buffers",
        "_non_persistent_buffers_set",
        "_modules",
        "_forward_hooks",
        "_forward_pre_hooks",
        "_backward_hooks",
        "_state_dict_hooks",
        "_load_state_dict_pre_hooks",
        "register_buffer",
        "register_parameter",
        "add_module",
        "register_module",
        "get_submodule",
        "set_submodule",
        "get_parameter",
        "get_buffer",
        "get_extra_state",
        "set_extra_state",
        "apply",
        "cuda",
        "ipu",
        "xpu",
        "mtia",
        "cpu",
        "type",
        "float",
        "double",
        "half",
        "bfloat16",
        "to_empty",
        "to",
        "register_full_backward_pre_hook",
        "register_backward_hook",
        "register_full_backward_hook",
        "register_forward_pre_hook",
        "register_forward_hook",
        "state_dict",
        "register_state_dict_pre_hook",
        "register_state_dict_post_hook",
        "register_load_state_dict_pre_hook",
        "register_load_state_dict_post_hook",
        "load_state_dict",
        "parameters",
        "named_parameters",
        "buffers",
        "named_buffers",
        "children",
        "named_children",
        "modules",
        "named_modules",
        "train",
        "eval",
        "requires_grad_",
        "zero_grad",
        "share_memory",
        "extra_repr",
        "compile",
    }
)
_DATA_MODELS = {
    "pydantic.BaseModel": _PYDANTIC,
    "pydantic.main.BaseModel": _PYDANTIC,
    "pydantic.BaseSettings": _PYDANTIC,
    "pydantic_settings.BaseSettings": _PYDANTIC,
    "pydantic.v1.BaseModel": _PYDANTIC,
    # Functions in `typing` that make classes: a subclass's annotations are its fields.
    "typing.NamedTuple": frozenset({"_fields", "_field_defaults", "_asdict", "_replace", "_make"}),
    "typing.TypedDict": frozenset(),
    "typing_extensions.TypedDict": frozenset(),
    "torch.nn.Module": _TORCH_MODULE,
    "torch.nn.modules.module.Module": _TORCH_MODULE,
}
# A standard-library module larger than this is not read (the largest, `typing`
# and `_pydecimal`, are some 250 kB).
_SOURCE_LIMIT = 1024 * 1024
_DEPTH = 8


def builtin_names(name: str) -> frozenset[str] | None:
    """The attributes of the builtin class `name` (`Exception`); None for no such class."""
    found = getattr(builtins, name, None)
    return frozenset(dir(found)) if isinstance(found, type) else None


def outside_names(dotted: str) -> frozenset[str] | None:
    """What the class an absolute import names (`logging.Handler`) gives its
    subclasses: its attributes, its methods and its `__init__`'s parameters,
    with those of its bases; None when that is unknown."""
    if dotted in _DATA_MODELS:
        return _DATA_MODELS[dotted]
    module, _, name = dotted.rpartition(".")
    if module.partition(".")[0] not in STDLIB_MODULES:
        return None
    return _stdlib_class(module, name, 0)


@lru_cache(maxsize=256)
def _stdlib_class(module: str, name: str, depth: int) -> frozenset[str] | None:
    from .._common.python_objects import python_objects

    text = _stdlib_source(module)
    objects = None if text is None else python_objects(text)
    cls = None if objects is None else objects.objects.get((name,))
    if objects is None or cls is None or cls.kind != "class" or depth > _DEPTH:
        return None
    init = objects.objects.get((name, "__init__"))
    known = set(cls.attributes) | set(init.parameters if init is not None else ())
    for base in cls.bases:
        if base is None:
            return None
        head, _, rest = base.partition(".")
        inherited: frozenset[str] | None
        if (head,) in objects.objects and not rest:
            inherited = _stdlib_class(module, head, depth + 1)
        elif head in objects.imports:
            level, imported = objects.imports[head]
            dotted = f"{imported}.{rest}" if rest else imported
            inner, _, inner_name = dotted.rpartition(".")
            inherited = None if level else _stdlib_class(inner, inner_name, depth + 1)
        else:
            inherited = builtin_names(base)
        if inherited is None:
            return None
        known |= inherited
    return frozenset(known)


def _stdlib_source(module: str) -> str | None:
    """The text of a pure-Python standard-library module; None for one in C or absent."""
    import sysconfig  # its import costs a run that reads no page of a profile

    folder = sysconfig.get_paths()["stdlib"]
    stem = os.path.join(folder, *module.split("."))
    for path in (f"{stem}.py", os.path.join(stem, "__init__.py")):
        try:
            if os.path.getsize(path) > _SOURCE_LIMIT:
                return None
            with open(path, encoding="utf-8") as handle:
                return handle.read()
        except (OSError, UnicodeDecodeError):
            continue
    return None
