"""A fast shallow copy of a pydantic model, for the hand-written ``clone`` of a game's state.

``model_copy(update=...)`` costs a few microseconds of Python per model; a state holds dozens of small models
(sectors, ship-deck cards, decks), so a copy by hand through it was no faster than pydantic's JSON round trip.
``shallow`` does what ``model_copy`` does for models without private or extra attributes, in one dict copy.
"""

from __future__ import annotations

from typing import TypeVar

from pydantic import BaseModel

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
