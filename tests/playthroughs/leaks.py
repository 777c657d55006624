"""What each game hides, and a check that no ``public>`` line of a golden file names it.

What is genuinely private, per game:

- ¡Abordaje!: a side's hand, the orders it placed face down (until the reveal), the set-aside card it drew and
  the hand it last passed on.
- Abandon Capricorn: each character's hand (the room decks, the bag and the stacks are hidden from everyone and
  appear in no view, so no line can name them from a view).
- Derelict: each seat's tasks (hands and items: ``tests/derelict/test_hidden.py``).
- Jupiter Deep: nothing (only the deck's order and the generator, which no view shows): every seat's view must
  read exactly as the public one.

The check is simple on purpose. At each step, a seat's *secrets* are the card names its own view shows in those
private places, before or after the step, minus every card name the public view shows before or after it (a
revealed order, a played card on a Used pile, the shared discard pile). No public line of that step's block may
name a secret, and none may repeat a line that only a seat's view has. A card that is both secret and shown in
public at the same step (two copies of one card) is not checked at that step: the check misses such a leak
rather than cry wolf; the engine's resampling leak tests (``tests/*/test_hidden.py``) are the strong guarantee.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from engine.abordaje.catalog import CATALOG as ABORDAJE_CARDS
from engine.abordaje.view import AbordajeView
from engine.capricorn.catalog import CATALOG as CAPRICORN_CARDS
from engine.capricorn.view import CapricornView
from engine.core import State, View
from engine.derelict.view import DerelictView

from .cases import Case
from .transcript import Playout, blocks, public_text


@dataclass(frozen=True)
class Secrecy:
    """Card names a seat's view shows privately, and card names the public view shows."""

    private: Callable[[View], set[str]]
    public: Callable[[View], set[str]]


def _abordaje(view: View) -> AbordajeView:
    assert isinstance(view, AbordajeView)
    return view


def _abordaje_private(view: View) -> set[str]:
    v = _abordaje(view)
    kinds = [*v.hand, *v.last_passed, *([v.drawn_set_aside] if v.drawn_set_aside else [])]
    kinds += [slot.kind for card in v.cards for slot in card.slots.values() if slot.kind is not None]
    return {ABORDAJE_CARDS.name(k) for k in kinds}


def _abordaje_public(view: View) -> set[str]:
    v = _abordaje(view)
    return {ABORDAJE_CARDS.name(s.kind) for card in v.cards for s in card.slots.values() if s.kind is not None}


def _capricorn(view: View) -> CapricornView:
    assert isinstance(view, CapricornView)
    return view


def _capricorn_private(view: View) -> set[str]:
    v = _capricorn(view)
    return {CAPRICORN_CARDS.card_name(card) for c in v.characters for card in (c.hand or [])}


def _capricorn_public(view: View) -> set[str]:
    v = _capricorn(view)
    cards = [card for c in v.characters for card in (*c.used, *c.backpack)] + v.discard
    return {CAPRICORN_CARDS.card_name(card) for card in cards}


def _derelict(view: View) -> DerelictView:
    assert isinstance(view, DerelictView)
    return view


def _derelict_private(view: View) -> set[str]:
    """A seat's task names. Hands and items are left to the engine's resampling test
    (``tests/derelict/test_hidden.py``): a card discarded in public and reshuffled into the deck within one
    step (passing, then the next round's draw) would read here as a secret named in public."""
    v = _derelict(view)
    return {task.split(":")[0] for task in v.tasks}


def _derelict_public(view: View) -> set[str]:
    v = _derelict(view)
    return {card for seat in v.seats for card in seat.discard} | set(v.chosen_tasks.values())


# A game missing here makes the leak test fail: decide what it hides before it gets a golden file.
SECRECY: dict[str, Secrecy | None] = {
    "abordaje": Secrecy(_abordaje_private, _abordaje_public),
    "capricorn": Secrecy(_capricorn_private, _capricorn_public),
    "jupiter": None,  # nothing hidden at the table
    "pioneers": None,  # nothing hidden between players (the deck order and unused tiles are in no view)
    "derelict": Secrecy(_derelict_private, _derelict_public),
}


@dataclass(frozen=True)
class Secrets:
    """At one block of a golden file: each seat's secret card names and its view's lines the public view lacks."""

    names: dict[int, set[str]]
    lines: dict[int, set[str]]


@dataclass(frozen=True)
class Leak:
    block: str
    seat: int
    secret: str
    line: str

    def __str__(self) -> str:
        return f"block {self.block}: seat {self.seat}'s secret {self.secret!r} in public line {self.line!r}"


def secrets_at(case: Case, states: list[State]) -> Secrets:
    """Each seat's secrets around one step (``states``: the state before it, if any, and after it)."""
    spec = case.spec
    secrecy = SECRECY[case.game]
    names: dict[int, set[str]] = {}
    lines: dict[int, set[str]] = {}
    public_views = [spec.view(s, None) for s in states]
    shown = set().union(*(secrecy.public(v) for v in public_views)) if secrecy else set()
    public_lines = set(public_views[-1].describe().splitlines())
    for seat in range(case.players):
        seat_views = [spec.view(s, seat) for s in states]
        private = set().union(*(secrecy.private(v) for v in seat_views)) if secrecy else set()
        names[seat] = private - shown
        lines[seat] = {line for line in seat_views[-1].describe().splitlines() if line.strip()} - public_lines
    return Secrets(names, lines)


def secrets_by_block(case: Case, playout: Playout) -> dict[str, Secrets]:
    """The secrets for every block of ``case``'s golden file, keyed as ``transcript.blocks`` keys them."""
    result = {"start": secrets_at(case, [playout.start])}
    for step in playout.steps:
        result[str(step.index)] = secrets_at(case, [step.before, step.after])
    result["end"] = secrets_at(case, [playout.last])
    return result


def _mentions(text: str, name: str) -> bool:
    return re.search(rf"(?<!\w){re.escape(name)}(?!\w)", text) is not None


def find_leaks(text: str, secrets: dict[str, Secrets]) -> list[Leak]:
    """Every ``public>`` line of the golden ``text`` that names a secret of its block or repeats a private line."""
    leaks: list[Leak] = []
    for block, lines in blocks(text).items():
        found = secrets.get(block)
        if found is None:
            continue
        for line in lines:
            public = public_text(line)
            if public is None:
                continue
            for seat in sorted(found.names):
                leaks += [Leak(block, seat, n, line) for n in sorted(found.names[seat]) if _mentions(public, n)]
                leaks += [Leak(block, seat, p, line) for p in sorted(found.lines[seat]) if p.strip() in public]
    return leaks


def hides_nothing(case: Case) -> bool:
    return SECRECY[case.game] is None


def private_differences(case: Case, playout: Playout) -> list[str]:
    """For a game that hides nothing: every step at which a seat's view reads differently from the public one."""
    spec = case.spec
    found = []
    for where, state in [("start", playout.start), *((str(s.index), s.after) for s in playout.steps)]:
        public = spec.view(state, None).describe()
        found += [f"{where}: seat {s}" for s in range(case.players) if spec.view(state, s).describe() != public]
    return found
