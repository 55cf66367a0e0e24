"""What a class inherits from a base outside the project, where that is
known: a builtin (`Exception`, `dict`), a class of the standard library
(`logging.Handler`), as every accepted CPython's sources have it
(stdlib_classes.json), or a data-model base whose fields the subclass declares itself
(pydantic's `BaseModel`), or PyTorch's `nn.Module`, whose subclasses set
their attributes in `__init__` over the module API. Any other base from
outside (a Keras callback, `nn.Linear`) is unknown: what a subclass inherits
from it cannot be told, and its items are not judged.
"""

from __future__ import annotations

import json
from functools import lru_cache
from importlib import resources

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
# How many bases deep a class's inheritance is followed.
_DEPTH = 8


def builtin_names(name: str) -> frozenset[str] | None:
    """The attributes of the builtin class `name` (`Exception`); None for no such class."""
    return _flattened(f"builtins.{name}", 0)


def outside_names(dotted: str) -> frozenset[str] | None:
    """What the class an absolute import names (`logging.Handler`) gives its
    subclasses: its attributes, its methods and its `__init__`'s parameters,
    with those of its bases; None when that is unknown."""
    if dotted in _DATA_MODELS:
        return _DATA_MODELS[dotted]
    if dotted.partition(".")[0] not in STDLIB_MODULES:
        return None
    return _flattened(dotted, 0)


@lru_cache(maxsize=256)
def _flattened(dotted: str, depth: int) -> frozenset[str] | None:
    entry = _classes().get(dotted)
    if entry is None or depth > _DEPTH:
        return None
    own, bases = entry
    known = set(own)
    for base in bases:
        inherited = _flattened(base, depth + 1)
        if inherited is None:
            return None
        known |= inherited
    return frozenset(known)


@lru_cache(maxsize=1)
def _classes() -> dict[str, tuple[list[str], list[str]]]:
    """The standard library's and the builtins' classes, as
    tools/stdlib_classes.py read them from every accepted CPython: the same
    on each, whichever runs doclint."""
    text = resources.files(__package__).joinpath("stdlib_classes.json").read_text("utf-8")
    held: dict[str, tuple[list[str], list[str]]] = json.loads(text)["classes"]
    return held
