"""Helpers that build rigged ¡Abordaje! positions and drive them through the contract only.

A test names a position (crew per deck, captains, pools, the orders on each ship-deck card, queued random
draws), then plays it with ``SPEC.prompts`` / ``SPEC.apply`` like the host would, and reads the result from
``SPEC.view`` and the events. Decks are written as the engine's spot codes: ``"p2"`` is the pirate deck of
ship-deck card 2, ``"s2"`` its Spanish deck; crew are given as ``(pirate crew, Spanish crew)``.

The position helpers edit a fresh state's fields directly (the only place tests touch the state's
insides); everything that happens afterwards goes through the contract, so what a test checks is what a
player would see.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from engine.abordaje import SPEC, AbordajeOptions, AbordajeState
from engine.abordaje.state import Order
from engine.abordaje.view import AbordajeView, CardKind, DeckView, Side
from engine.core import Event, Prompt, RiggedRng, SeatSetup

PIRATE = 0  # seat of the pirate player in every rigged game
SPANISH = 1
SEAT: dict[Side, int] = {"pirate": PIRATE, "spanish": SPANISH}

Crew = tuple[int, int]  # (pirate crew, Spanish crew) on one deck


def new_game(variant: str = "basic", handicap: bool = False, seed: int = 7) -> AbordajeState:
    """A game as the lobby starts it: seat 0 the Pirates, seat 1 the Spanish."""
    options = AbordajeOptions(variant=variant, handicap=handicap)  # type: ignore[arg-type]
    return SPEC.setup([SeatSetup(role="pirate"), SeatSetup(role="spanish")], options, seed)


def as_side(name: str) -> Side:
    """``"pirate"`` or ``"spanish"``, checked."""
    if name not in ("pirate", "spanish"):
        raise ValueError(f"no side {name!r}")
    return "pirate" if name == "pirate" else "spanish"


def spot_of(code: str) -> tuple[int, Side]:
    """``"s3"`` -> ``(3, "spanish")``."""
    ship: Side = "pirate" if code[0] == "p" else "spanish"
    return int(code[1:]), ship


def rig(
    state: AbordajeState,
    crew: Mapping[str, Crew] | None = None,
    *,
    clear: bool = False,
    captains: Mapping[str, str] | None = None,
    pool: Mapping[str, int] | None = None,
    losses: Mapping[str, int] | None = None,
    turn: int | None = None,
    conquered: Mapping[int, Sequence[str]] | None = None,
    markers: Mapping[str, int] | None = None,
) -> AbordajeState:
    """A copy of ``state`` with the given crew, captains, pools, losses, turn, flipped cards and markers.

    ``clear`` empties every deck first, so only the decks named in ``crew`` hold tokens. ``markers`` maps a
    deck to how many control steps the enemy's marker on it has survived (1 = placed last turn).
    """
    new = state.clone()
    board = new.board
    if clear:
        for card in board.cards:
            for deck in card.decks.values():
                deck.crew = {"pirate": 0, "spanish": 0}
    for code, (pirates, spaniards) in (crew or {}).items():
        board.deck(spot_of(code)).crew = {"pirate": pirates, "spanish": spaniards}
    for side, code in (captains or {}).items():
        board.captains[as_side(side)] = spot_of(code)
    for side, n in (pool or {}).items():
        board.pool[as_side(side)] = n
    for side, n in (losses or {}).items():
        board.losses[as_side(side)] = n
    for number, by in (conquered or {}).items():
        card = board.card(number)
        card.active = False
        card.conquered_by = [as_side(side) for side in by]
        for deck in card.decks.values():
            deck.crew = {"pirate": 0, "spanish": 0}
        for side in card.conquered_by:
            board.conquests[side] += 1
    for code, n in (markers or {}).items():
        board.deck(spot_of(code)).marker = n
    if turn is not None:
        new.turn = turn
    return new


def with_orders(
    state: AbordajeState,
    orders: Mapping[int, tuple[CardKind, CardKind]],
    *,
    filler: tuple[CardKind, CardKind] = ("fight", "fight"),
    spare: tuple[CardKind, CardKind] = ("stand_up", "stand_up"),
    draws: Iterable[int] = (),
) -> AbordajeState:
    """``state`` at the last placement of its turn, every other active card already filled.

    ``orders`` maps a ship-deck card to the ``(pirate order, Spanish order)`` placed on it; cards not named
    get ``filler`` (two Fight! cards: they do nothing where no deck holds both crews). Each hand holds the
    order for the last card plus ``spare`` (never played). ``draws`` are queued for the Rng (Fire!'s
    random removals, in order).
    """
    new = state.clone()
    order = new.play_order()
    last = order[-1]
    for number in order[:-1]:
        pirate, spanish = orders.get(number, filler)
        card = new.board.card(number)
        card.orders = {}
        for side, kind in (("pirate", pirate), ("spanish", spanish)):
            card.orders[side] = Order(kind=kind)
    pirate_last, spanish_last = orders.get(last, filler)
    new.board.card(last).orders = {}
    new.hands = {"pirate": [pirate_last, spare[0]], "spanish": [spanish_last, spare[1]]}
    new.set_aside = []
    new.phase = "assign"
    new.step = len(order) - 1
    new.rng = RiggedRng(state=12345, queued=list(draws))
    return new


@dataclass
class Play:
    """A game driven through ``SPEC`` like the host drives it, keeping every event handed out."""

    state: AbordajeState
    events: list[Event] = field(default_factory=list)
    asked: list[str] = field(default_factory=list)  # step codes of every prompt answered, in order

    @property
    def turn(self) -> int:
        return self.state.turn

    def prompts(self) -> list[Prompt]:
        return SPEC.prompts(self.state)

    def pending(self, side: str) -> Prompt | None:
        """The prompt waiting on ``side``, if any."""
        return next((p for p in self.prompts() if p.seat == SEAT[as_side(side)]), None)

    def act(self, side: str, choice_id: str) -> list[Event]:
        """``side`` answers its pending prompt with ``choice_id``."""
        prompt = self.pending(side)
        assert prompt is not None, f"nothing is waiting on {side}; prompts: {[p.id for p in self.prompts()]}"
        self.asked.append(code_of(prompt))
        self.state, events = SPEC.apply(self.state, SEAT[as_side(side)], prompt.id, choice_id)
        self.events += events
        return events

    def place_last(self) -> Play:
        """Both players place their order on the last card (see ``with_orders``)."""
        for side in ("pirate", "spanish"):
            prompt = self.pending(side)
            assert prompt is not None, f"{side} has no placement prompt"
            self.act(side, self.state.hands[side][0])
        return self

    def run(
        self, answers: Mapping[str, str] | None = None, *, stop_at: str | None = None, anything: bool = False
    ) -> Play:
        """Answer prompts until the turn is over, the game is over, or the prompt ``stop_at`` is pending.

        ``answers`` maps step codes (a prompt id without its ``t<turn>.`` prefix, such as ``"fd2.p"``) to
        choice ids. Swapping tactics defaults to ``pass`` and captain movement to ``stay``; any other prompt
        without an answer fails the test (or, with ``anything``, takes its first choice), and so does an
        answer that was never asked for.
        """
        answers = dict(answers or {})
        start = self.state.turn
        while self.state.phase == "orders" and self.state.turn == start:
            prompt = self.prompts()[0]
            code = code_of(prompt)
            if code == stop_at:
                return self
            side: Side = "pirate" if prompt.seat == PIRATE else "spanish"
            if code in answers:
                self.act(side, answers.pop(code))
            elif code.startswith("sw."):
                self.act(side, "pass")
            elif code.startswith("cp."):
                self.act(side, "stay")
            elif anything:
                self.act(side, prompt.choices[0].id)
            else:
                raise AssertionError(
                    f"unexpected prompt {prompt.id}: {prompt.question} {[c.id for c in prompt.choices]}"
                )
        assert stop_at is None, f"prompt {stop_at} never came; asked {self.asked}"
        assert not answers, f"these prompts were never asked: {sorted(answers)}; asked {self.asked}"
        return self

    def view(self, side: str | None = None) -> AbordajeView:
        view = SPEC.view(self.state, None if side is None else SEAT[as_side(side)])
        assert isinstance(view, AbordajeView)
        return view

    def deck(self, code: str) -> DeckView:
        number, ship = spot_of(code)
        card = next(c for c in self.view().cards if c.number == number)
        return card.decks[ship]

    def crew(self, code: str) -> Crew:
        """``(pirate crew, Spanish crew)`` on a deck, as the public view shows it."""
        deck = self.deck(code)
        return deck.pirate_crew, deck.spanish_crew

    def captain(self, side: str) -> str:
        """The deck the captain of ``side`` stands on, as a spot code."""
        for card in self.view().cards:
            for ship, deck in card.decks.items():
                if side in deck.captains:
                    return f"{ship[0]}{card.number}"
        raise AssertionError(f"no {side} captain on the board")

    def public_text(self) -> str:
        return "\n".join(e.text for e in self.events if e.is_public)

    def private_text(self, side: str) -> str:
        seat = SEAT[as_side(side)]
        return "\n".join(e.text for e in self.events if not e.is_public and seat in e.audience)


def code_of(prompt: Prompt) -> str:
    """The step code of a prompt: its id without the ``t<turn>.`` prefix."""
    return prompt.id.split(".", 1)[1]


def resolve(
    state: AbordajeState,
    orders: Mapping[int, tuple[CardKind, CardKind]],
    answers: Mapping[str, str] | None = None,
    *,
    draws: Iterable[int] = (),
    filler: tuple[CardKind, CardKind] = ("fight", "fight"),
    stop_at: str | None = None,
) -> Play:
    """Place ``orders`` on ``state`` and play the turn's resolution with ``answers`` (see ``Play.run``)."""
    play = Play(with_orders(state, orders, draws=draws, filler=filler))
    return play.place_last().run(answers, stop_at=stop_at)
