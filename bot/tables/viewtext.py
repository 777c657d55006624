"""A board's view written as JSON without writing again the parts of it that were written for an earlier board.

The host writes each board's named public view as JSON (``names.images_named``): its digest says whether the board
shows anything new (``ShownBoards``, ``LastDrawn``), its text whether a field holds a seat marker, and the renderer
keys the board by it (``render.core.changes.KEYS.know``). Some engines keep the models of a view's parts between
states and hand the very same objects to the next view when they did not change (Jupiter Deep's tiles, Derelict's
rooms): most of such a view's JSON is then the JSON of parts written for the last board already (Jupiter's public
view is 16 KB, 0.15-0.2 ms to write; its tiles are 11 KB of it).

So a list of models in a view is written model by model, each model's JSON remembered by its identity (the entry
holds the model, so its identity is not reused while remembered; views and their parts are never changed once made,
which is what makes the same object mean the same JSON), and spliced into the JSON of the rest of the view: the text
is exactly the view's own JSON (``model_dump_json``), however it was written. A list whose models are made anew
for every view (most games') gains nothing from it; after ``TRIAL_VIEWS`` views such a list is written with the
rest again. Either way the text is the same, so the choice never changes what a digest says.
"""

from __future__ import annotations

import threading
import typing
from collections import OrderedDict

from pydantic import BaseModel

KEPT_PARTS = 1024
"""Models' JSON remembered: a few boards' worth of a few games (a Jupiter tile is about 0.6 KB)."""

TRIAL_VIEWS = 8
"""Views over which a list is written model by model before it is judged: it stays so only if at least half of its
models were met before."""

SHORTEST = 4
"""Lists shorter than this are written with the rest."""


class ViewText:
    """Writes views as JSON, their lists of kept models model by model (module docstring); safe from threads."""

    def __init__(self, size: int = KEPT_PARTS) -> None:
        self.size = size
        self._written: OrderedDict[int, tuple[BaseModel, str]] = OrderedDict()
        self._lists: dict[type, tuple[tuple[str, type], ...]] = {}  # per view type: its lists of models, their type
        self._apart: dict[tuple[type, str], bool] = {}  # per (view type, field): judged, written apart or not
        self._trial: dict[tuple[type, str], tuple[int, int, int]] = {}  # on trial: (views, models met, models)
        self._lock = threading.Lock()

    def text(self, view: BaseModel) -> str:
        """``view.model_dump_json()``, its lists of kept models spliced in from what was written before."""
        kind = type(view)
        lists = self._lists.get(kind)
        if lists is None:
            lists = self._lists[kind] = _model_lists(kind)
        values = view.__dict__
        apart = [n for n, of in lists if len(values[n]) >= SHORTEST and self._apart.get((kind, n), True)]
        if not apart or any(type(model) is not of for n, of in lists if n in apart for model in values[n]):
            # (a model of a subclass is written as its declared type within the view, as its own type alone)
            return view.model_dump_json()
        # Each list is held by a placeholder string (never validated: ``model_copy``), written as a JSON string
        # whose raw control characters no text of a view holds; replaced only where it is found exactly once.
        holders = {name: f"\x01{name}\x01" for name in apart}
        rest = view.model_copy(update=holders).model_dump_json(warnings=False)
        for name in apart:
            held = f'"\\u0001{name}\\u0001"'
            if rest.count(held) != 1:
                return view.model_dump_json()
            rest = rest.replace(held, "[" + ",".join(self._models(kind, name, values[name])) + "]")
        return rest

    def _models(self, kind: type, name: str, models: list[BaseModel]) -> list[str]:
        """The JSON of each of ``models``, remembered ones as remembered, the others written and remembered."""
        with self._lock:
            known = [self._written.get(id(model)) for model in models]
        texts, new, met = [], [], 0
        for model, kept in zip(models, known, strict=True):
            if kept is not None and kept[0] is model:
                met += 1
                texts.append(kept[1])
            else:
                written = model.model_dump_json()
                new.append((model, written))
                texts.append(written)
        with self._lock:
            for model, written in new:
                self._written[id(model)] = (model, written)
            while len(self._written) > self.size:
                self._written.popitem(last=False)
            self._judge((kind, name), met, len(models))
        return texts

    def _judge(self, field: tuple[type, str], met: int, made: int) -> None:
        """Count a list on trial (the first view's models are all new: not counted); after ``TRIAL_VIEWS`` views
        it stays written model by model only if half of its models were met before. Called under the lock."""
        if field in self._apart:
            return
        views, seen, total = self._trial.get(field, (0, 0, 0))
        if views:
            seen, total = seen + met, total + made
        views += 1
        if views > TRIAL_VIEWS:
            self._apart[field] = seen * 2 >= total
            self._trial.pop(field, None)
        else:
            self._trial[field] = (views, seen, total)


def _model_lists(kind: type[BaseModel]) -> tuple[tuple[str, type], ...]:
    """The fields of ``kind`` declared as lists of models, with the models' type."""
    found = []
    for name, field in kind.model_fields.items():
        args = typing.get_args(field.annotation)
        if typing.get_origin(field.annotation) is list and len(args) == 1 and _is_model(args[0]):
            found.append((name, args[0]))
    return tuple(found)


def _is_model(kind: object) -> bool:
    return isinstance(kind, type) and issubclass(kind, BaseModel)


VIEW_TEXT = ViewText()
"""The process's board views' texts (``names.images_named``)."""
