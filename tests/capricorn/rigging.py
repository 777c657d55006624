"""Helpers that build rigged Capricorn positions and drive them through the engine's contract functions.

A test names a position (who stands where with which cards, aliens on spaces, ring marks, queued random
draws), then plays it with ``rules.prompts`` / ``rules.apply`` like the host would, and reads the result from
the state and the events. Rigging edits the snapshot the current turn starts from (the only place tests
touch the state's insides) and re-runs the turn; cards and aliens are *moved* from wherever they are, so
every card stays in exactly one place and the alien count is conserved.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from engine.capricorn import rules
from engine.capricorn.options import CapricornOptions
from engine.capricorn.setup import setup
from engine.capricorn.state import Alien, CapricornState, Crew, TurnLog
from engine.core import Event, Prompt, RiggedRng, SeatSetup


def new_game(*roles: str | None, seed: int = 7, **options: str) -> CapricornState:
    """A game as the lobby starts it; ``roles`` in seat order (``None``: the first free role)."""
    return setup([SeatSetup(role=r) for r in roles], CapricornOptions.model_validate(options), seed)


def take_card(crew: Crew, card: str) -> None:
    """Remove ``card`` from wherever it is."""
    places: list[list[str]] = [crew.event_deck, crew.event_discard, crew.repair_deck, crew.repair_flipped]
    places += [crew.discard, crew.removed, *crew.room_decks.values()]
    for c in crew.characters:
        places += [c.hand, c.stack, c.used, c.backpack]
    for place in places:
        if card in place:
            place.remove(card)
            return
    raise AssertionError(f"card {card} is nowhere")


def take_alien(crew: Crew, color: str) -> None:
    """Take one alien of ``color`` out of the bag (or the killed pile) for the map."""
    if crew.bag.get(color, 0) > 0:
        crew.bag[color] -= 1
    else:
        crew.killed[color] -= 1  # type: ignore[index]


def rig(
    state: CapricornState,
    *,
    spaces: Mapping[int, str] | None = None,
    hands: Mapping[int, Iterable[str]] | None = None,
    stacks: Mapping[int, Iterable[str]] | None = None,
    used: Mapping[int, Iterable[str]] | None = None,
    backpacks: Mapping[int, Iterable[str]] | None = None,
    health: Mapping[int, int] | None = None,
    aliens: Iterable[tuple[str, str]] = (),
    mothers: Mapping[str, tuple[str, int]] | None = None,
    rotation: Mapping[str, int] | None = None,
    deck_tops: Mapping[str, Iterable[str]] | None = None,
    cubes: Iterable[str] = (),
    searched: Iterable[str] = (),
    bag: Mapping[str, int] | None = None,
    killed: Mapping[str, int] | None = None,
    threat: int | None = None,
    active: int | None = None,
    hiding: Iterable[int] = (),
    repair_tops: Iterable[str] = (),
    event_deck: Iterable[str] | None = None,
    repaired: Iterable[str] = (),
    draws: Iterable[int] = (),
) -> CapricornState:
    """A copy of ``state`` at the start of its current turn, changed as given, run to the first decision.

    ``hands``/``stacks``/``used``/``backpacks`` replace those piles with the named cards (moved from where
    they were; cards a replaced hand held go to the shared discard pile). ``aliens`` are ``(colour, space)``
    pairs taken from the bag; ``mothers`` maps a colour to ``(space, health)``. ``bag`` and ``killed`` set
    those counts directly (the only options that do not conserve the alien total: use them for the bag's
    refill and exhaustion). ``hiding`` lays those characters down; ``repair_tops`` go on top of the repair
    deck; ``event_deck`` becomes the whole event deck, top first (the other event cards go to its discard
    pile); ``repaired`` rooms count as repaired (the end game starts once enough are). ``draws`` are queued
    for the generator: a bag draw is ``randrange(tokens in the bag)`` over yellow, blue, red, then black, so
    ``0`` draws a yellow alien from a full bag; a die roll is ``randrange(6)`` over its faces.
    """
    new = state.clone()
    crew = Crew.model_validate_json(new.log.start.model_dump_json())
    if active is not None:
        crew.active = active
    for i, space in (spaces or {}).items():
        crew.characters[i].space = space
    for piles, attr in ((hands, "hand"), (stacks, "stack"), (used, "used"), (backpacks, "backpack")):
        for i, cards in (piles or {}).items():
            old: list[str] = getattr(crew.characters[i], attr)
            crew.discard += old
            setattr(crew.characters[i], attr, [])
            wanted = list(cards)
            for card in wanted:
                take_card(crew, card)
            setattr(crew.characters[i], attr, wanted)
    for i, hp in (health or {}).items():
        crew.characters[i].health = hp
    for color, space in aliens:
        take_alien(crew, color)
        crew.aliens.append(Alien(id=crew.next_alien, color=color, space=space))  # type: ignore[arg-type]
        crew.next_alien += 1
    for color, (space, hp) in (mothers or {}).items():
        mother = crew.mothers[color]  # type: ignore[index]
        mother.status, mother.space, mother.health = "on_map", space, hp
        if color == "black" and crew.bag.get("black"):
            crew.bag["black"] = 0
            crew.black_token_boxed = True
    for ring, marks in (rotation or {}).items():
        crew.rotation[ring] = marks  # type: ignore[index]
    for deck, cards in (deck_tops or {}).items():
        wanted = list(cards)
        for card in wanted:
            take_card(crew, card)
        crew.room_decks[deck] = wanted + crew.room_decks[deck]
    crew.cubes += list(cubes)
    crew.searched += list(searched)
    for color, n in (bag or {}).items():
        crew.bag[color] = n
    for color, n in (killed or {}).items():
        crew.killed[color] = n  # type: ignore[index]
    if threat is not None:
        crew.threat = threat
    for i in hiding:
        crew.characters[i].hiding = True
    tops = list(repair_tops)
    crew.repair_deck = tops + [c for c in crew.repair_deck if c not in tops]
    if event_deck is not None:
        wanted = list(event_deck)
        crew.event_discard = [c for c in crew.event_deck + crew.event_discard if c not in wanted]
        crew.event_deck = wanted
    crew.repaired += list(repaired)
    crew.end_game = len(crew.repaired) >= crew.repairs_required
    new.crew = crew
    new.result = None
    new.log = TurnLog(start=crew, rng=RiggedRng(state=99, queued=list(draws)))
    rules.run(new)
    return new


@dataclass
class Play:
    """A game driven through the engine like the host drives it, keeping every event handed out."""

    state: CapricornState
    events: list[Event] = field(default_factory=list)

    @property
    def crew(self) -> Crew:
        return self.state.crew

    def prompts(self) -> list[Prompt]:
        return rules.prompts(self.state)

    def prompt(self) -> Prompt:
        """The active player's pending prompt."""
        active = self.crew.characters[self.crew.active].seat
        found = [p for p in self.prompts() if p.seat == active]
        assert found, f"nothing waits on the active player; prompts: {[p.id for p in self.prompts()]}"
        return found[0]

    def choices(self) -> list[str]:
        return [c.id for c in self.prompt().choices]

    def act(self, *choice_ids: str) -> Play:
        """Answer the active player's pending prompts, one choice after another."""
        for choice_id in choice_ids:
            prompt = self.prompt()
            assert prompt.choice(choice_id) is not None, f"{choice_id!r} not in {self.choices()} ({prompt.question})"
            self.state, events = rules.apply(self.state, prompt.seat, prompt.id, choice_id)
            self.events += events
        return self

    def play(self, card: str, symbol: str, *targets: str) -> Play:
        """Play ``card`` for ``symbol`` and answer its target prompts."""
        return self.act(f"play.{card}", symbol, *targets)

    def end_actions(self, share: str | None = None) -> Play:
        """Finish the action step (``done`` when it is offered) and answer the share prompt with ``share``."""
        if "done" in self.choices():
            self.act("done")
        if share is not None:
            self.act(share)
        return self

    def answer(self, seat: int, choice_id: str, character: int | None = None) -> Play:
        """Answer the pending prompt of ``seat`` (of ``character`` when one seat holds two)."""
        found = [p for p in self.prompts() if p.seat == seat]
        if character is not None:
            found = [p for p in found if self.state.log.pending[self.prompts().index(p)].character == character]
        assert found, f"nothing waits on seat {seat}; prompts: {[p.id for p in self.prompts()]}"
        prompt = found[0]
        assert prompt.choice(choice_id) is not None, f"{choice_id!r} not in {[c.id for c in prompt.choices]}"
        self.state, events = rules.apply(self.state, seat, prompt.id, choice_id)
        self.events += events
        return self

    def questions(self, seat: int) -> list[str]:
        """The questions waiting on ``seat``."""
        return [p.question for p in self.prompts() if p.seat == seat]

    def text(self) -> str:
        return "\n".join(e.text for e in self.events if e.is_public)

    def private_text(self, seat: int) -> str:
        return "\n".join(e.text for e in self.events if not e.is_public and seat in e.audience)

    def over(self) -> str | None:
        outcome = rules.outcome(self.state)
        return None if outcome is None else outcome.result
