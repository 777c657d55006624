"""A fast shallow copy of a pydantic model, for the hand-written ``clone`` of a game's state.

``model_copy(update=...)`` costs a few microseconds of Python per model; a state holds dozens of small models
(sectors, ship-deck cards, decks), so a copy by hand through it was no faster than pydantic's JSON round trip.
``shallow`` does what ``model_copy`` does for models without private or extra attributes, in one dict copy;
``built`` makes a model from values already of its fields' types without validating them (views).
"""

from __future__ import annotations

from collections.abc import Callable
from copy import copy
from typing import Any, TypeVar

from pydantic import BaseModel
from pydantic_core import PydanticUndefined

M = TypeVar("M", bound=BaseModel)


def shallow(model: M, **changes: object) -> M:
    """A copy of ``model`` sharing every field's value but those in ``changes`` (give copies of the lists, dicts
    and models the caller may change). Only for models without private attributes or extras (the caller's
    ``clone`` says so); the fields set are copied, since assigning a field adds to them."""
    assert model.__pydantic_private__ is None and model.__pydantic_extra__ is None
    copy = object.__new__(type(model))
    fields = model.__dict__.copy()
    fields.update(changes)
    object.__setattr__(copy, "__dict__", fields)
    object.__setattr__(copy, "__pydantic_fields_set__", set(model.__pydantic_fields_set__))
    object.__setattr__(copy, "__pydantic_extra__", None)
    object.__setattr__(copy, "__pydantic_private__", None)
    return copy


_Defaults = tuple[tuple[str, Callable[[], Any] | None, Any], ...]
_DEFAULTS: dict[type[BaseModel], _Defaults] = {}


def _defaults(cls: type[BaseModel]) -> _Defaults:
    """Per field in declared order: its name, its default factory and its default (``PydanticUndefined`` if
    required); worked out once per model class."""
    found = _DEFAULTS.get(cls)
    if found is None:
        found = tuple(
            (name, info.default_factory, info.default)  # type: ignore[misc]
            for name, info in cls.__pydantic_fields__.items()
        )
        _DEFAULTS[cls] = found
    return found


def built(cls: type[M], **fields: Any) -> M:
    """``cls(**fields)`` without validating: for a view that passes values already of each field's type, in
    lists and dicts of its own (validation was a third of building one, twice a move). The fields in their
    declared order (a dump follows it), a field not given its default (a copy, as pydantic gives: the defaults
    here are empty lists and dicts or immutable values), the fields set those given, as a call leaves them.
    Only for models without private attributes, extras or validators that change a value; a game's test holds
    every view it builds this way to a validated twin (same values, types, fields set and JSON). Worth it for a
    model holding other models or many fields: pydantic validates a small flat one faster than this."""
    names = _NAMES.get(cls)
    if names is None:
        names = _NAMES[cls] = tuple(cls.__pydantic_fields__)
    if tuple(fields) == names:  # every field given, in declared order: the call's own dict serves
        values = fields
    elif len(fields) == len(names):  # every field given (a name not a field's fails here)
        values = {name: fields[name] for name in names}
    else:
        values = _with_defaults(cls, fields)
    made = _new(cls)
    _set(made, "__dict__", values)
    _set(made, "__pydantic_fields_set__", set(fields))
    _set(made, "__pydantic_extra__", None)
    _set(made, "__pydantic_private__", None)
    return made


_NAMES: dict[type[BaseModel], tuple[str, ...]] = {}
_new = object.__new__
_set = object.__setattr__


def _with_defaults(cls: type[BaseModel], fields: dict[str, Any]) -> dict[str, Any]:
    """The fields in declared order, those not given their defaults."""
    values: dict[str, Any] = {}
    for name, factory, default in _defaults(cls):
        if name in fields:
            values[name] = fields[name]
        elif factory is not None:
            values[name] = factory()
        elif default is PydanticUndefined:
            raise TypeError(f"{cls.__name__}: {name} is required")
        else:
            values[name] = copy(default) if isinstance(default, (list, dict, set)) else default
    return values
