"""Hidden information in ¡Abordaje!, shown rather than promised (OpenSpiel's ResampleInfostateTest).

What is secret: each hand, every order until the reveal, the set-aside cards and which one a player drew,
the hand a player last passed on (ABO-GAP-21, his own memory), and the future shuffles. Three kinds of test:

* Resampling: ``resample_hidden`` re-deals everything a viewer cannot know into another reachable state; the
  viewer's ``view``, the prompts he is offered (and for the public: every question, and the choices of every
  non-private prompt) and the board image must not change. The re-deal must really change something hidden
  in most states, or the comparison proves nothing.
* Narration: no public event and no prompt question names a card that is, at that moment, in a hand, among
  the set-aside cards or face down, unless another copy of it is face up; a private event reaches one seat
  and names only cards that seat may know.
* Bookkeeping: every state's cards come from one history of deals, placements and exchanges.

States come from seeded random games over both variants and the handicap; a failure names seed and step.
"""

from __future__ import annotations

import contextlib
import importlib
import itertools
import re
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass

import pytest

from engine.abordaje import SPEC, AbordajeOptions, AbordajeState
from engine.abordaje.catalog import CATALOG, KINDS
from engine.abordaje.view import AbordajeView, CardKind
from engine.core import Event, Prompt, Rng, SeatSetup

from . import games
from .games import OPTION_SETS
from .resample import InconsistentState, card_layout, check_history, invariant_problems, resample_hidden

SEEDS = range(18)  # six games of each option set, the Pirates on seat 0 in half of them


@dataclass(frozen=True)
class Step:
    """One action of a random game: the states around it and the events it produced."""

    seed: int
    index: int
    before: AbordajeState
    after: AbordajeState
    events: tuple[Event, ...]

    @property
    def where(self) -> str:
        return f"seed={self.seed} step={self.index}"


@pytest.fixture(scope="module")
def steps() -> list[Step]:
    """Every step of the random games (``random_playout``'s first 5,000 of each, as ever), once for the whole
    module; the games themselves are played once a process (games.py), the property tests read them too."""
    result = []
    for seed in SEEDS:
        for step in itertools.islice(games.steps(seed), 5000):
            assert isinstance(step.before, AbordajeState) and isinstance(step.after, AbordajeState)
            result.append(Step(seed, step.index, step.before, step.after, tuple(step.events)))
    return result


def view_of(state: AbordajeState, viewer: int | None) -> AbordajeView:
    """``SPEC.view`` with its game's type (the contract types it as the base ``View``)."""
    view = SPEC.view(state, viewer)
    assert isinstance(view, AbordajeView)
    return view


def stage(state: AbordajeState) -> str:
    """Where in a turn a state is, for coverage counts: assign, hidden (orders placed, not yet revealed),
    revealed, over."""
    if state.phase == "assign":
        return "assign"
    if state.phase == "over":
        return "over"
    return "revealed" if state.board.revealed else "hidden"


def offered_to(prompts: Iterable[Prompt], viewer: int | None) -> list[tuple[object, ...]]:
    """What ``viewer`` learns from the pending prompts: his own in full; for the public, who is asked what,
    and the choices of prompts that are not private."""
    if viewer is not None:
        return [(p.id, p.question, p.choices, p.private) for p in prompts if p.seat == viewer]
    return [(p.id, p.seat, p.question, p.private, None if p.private else p.choices) for p in prompts]


# --- Resampling -------------------------------------------------------------------------------------------


def test_every_state_has_one_consistent_history(steps: list[Step]) -> None:
    """Hands, set-aside cards, drawn cards, last-passed hands and orders follow from one deal and the
    placements (ABO-ASSIGN-2..4, ABO-GAP-21); the resampling below rests on this."""
    broken = []
    for step in steps:
        try:
            check_history(step.after)
        except InconsistentState as exc:
            broken.append(f"{step.where} ({OPTION_SETS[step.seed % 3]}): {exc}")
    assert not broken, f"{len(broken)} inconsistent states, first: {broken[0]}"


def test_the_hand_last_passed_survives_a_forced_placement() -> None:
    """ABO-GAP-21 with ABO-GAP-11, handicap game: before the last card only the Pirates draw, so the Spanish
    hold one card and place it at once. The Pirates passed exactly that card, and their private view must
    still show it as the hand they last passed on."""
    seats = [SeatSetup(role="pirate"), SeatSetup(role="spanish")]
    state = SPEC.setup(seats, AbordajeOptions(variant="advanced", handicap=True), 1)
    while state.phase == "assign" and state.step < len(state.play_order()) - 1:
        prompt = SPEC.prompts(state)[0]
        state, _ = SPEC.apply(state, prompt.seat, prompt.id, prompt.choices[0].id)
    last = state.play_order()[-1]
    forced = state.board.card(last).orders.get("spanish")
    assert forced is not None, "the Spanish, holding one card, should have placed it at once"
    pirate_view = view_of(state, state.seats["pirate"])
    assert pirate_view.last_passed == [forced.kind], (
        f"the Pirates passed {CATALOG.name(forced.kind)} (the Spanish placed it at once), "
        f"but their view shows last passed = {pirate_view.last_passed}"
    )


def test_a_resampled_state_looks_the_same_to_its_viewer(steps: list[Step]) -> None:
    """For the public and each seat: same view, same prompts offered; still a valid state; and the re-deal
    changes something hidden in most states where something is hidden."""
    compared: Counter[tuple[str, str]] = Counter()
    changed: Counter[tuple[str, str]] = Counter()
    skipped = 0
    for step in steps[::2]:  # every other state: halves the time, still hundreds per stage
        state = step.after
        try:
            check_history(state)
        except InconsistentState:
            skipped += 1  # reported by test_every_state_has_one_consistent_history
            continue
        prompts = SPEC.prompts(state)
        for viewer in (None, 0, 1):
            who = "public" if viewer is None else "seat"
            where = f"{step.where} viewer={viewer} stage={stage(state)}"
            resampled = resample_hidden(state, viewer, seed=step.seed * 10_000 + step.index)
            assert SPEC.view(resampled, viewer) == SPEC.view(state, viewer), where
            assert offered_to(SPEC.prompts(resampled), viewer) == offered_to(prompts, viewer), where
            assert invariant_problems(resampled) == [], f"{where}: {invariant_problems(resampled)}"
            check_history(resampled)
            compared[who, stage(state)] += 1
            changed[who, stage(state)] += card_layout(resampled) != card_layout(state)
    assert skipped < len(steps) // 8, f"{skipped} of {len(steps) // 2} states skipped as inconsistent"
    for key in [(w, s) for w in ("public", "seat") for s in ("assign", "hidden", "revealed")]:
        assert compared[key] >= 50, f"only {compared[key]} states compared for {key}"
    # Before the reveal the public has seen no card: nearly every re-deal differs. A seat knows its own
    # cards and every hand it was passed, which leaves the opponent's first placement, the set-aside split and
    # the opponent's newest placement; these still differ in most states. From the reveal on, a seat knows
    # every card left (nothing to re-deal) and the public only the split of the unplayed cards.
    for key, share in {
        ("public", "assign"): 0.9,
        ("public", "hidden"): 0.9,
        ("public", "revealed"): 0.6,
        ("seat", "assign"): 0.5,
        ("seat", "hidden"): 0.5,
    }.items():
        assert changed[key] >= share * compared[key], f"{key}: {changed[key]} of {compared[key]} changed"
    assert changed["seat", "revealed"] == 0, "a seat knows every card after the reveal; nothing should move"


def test_a_resampled_state_plays_on(steps: list[Step]) -> None:
    """A re-dealt state is a real position: twenty more random answers raise nothing and break nothing."""
    played = 0
    for step in steps[::23]:
        try:
            check_history(step.after)
        except InconsistentState:
            continue
        for viewer in (None, 0, 1):
            state = resample_hidden(step.after, viewer, seed=step.index)
            chooser = Rng.from_seed(step.index)
            for n in range(20):
                prompts = SPEC.prompts(state)
                if not prompts:
                    break
                prompt = chooser.choice(prompts)
                state, _ = SPEC.apply(state, prompt.seat, prompt.id, chooser.choice(prompt.choices).id)
                where = f"{step.where} viewer={viewer} +{n + 1}"
                assert invariant_problems(state) == [], f"{where}: {invariant_problems(state)}"
            played += 1
    assert played > 150


def test_the_board_image_is_the_same_for_a_resampled_state(steps: list[Step]) -> None:
    """The renderer draws the public board from the public view only; a re-deal changes no byte of it, nor
    of a seat's hand image."""
    from render.registry import RENDERERS

    with contextlib.suppress(ImportError):
        importlib.import_module("render.abordaje")  # in case registering happens on import
    if "abordaje" not in RENDERERS:
        pytest.skip("no 'abordaje' renderer in render.registry.RENDERERS yet (render/abordaje in progress)")
    renderer = RENDERERS["abordaje"]
    drawn = 0
    for step in steps[::37]:
        try:
            check_history(step.after)
        except InconsistentState:
            continue
        public = resample_hidden(step.after, None, seed=step.index)
        image = renderer.board(SPEC.view(step.after, None))
        assert renderer.board(SPEC.view(public, None)) == image, step.where
        for seat in (0, 1):
            private = resample_hidden(step.after, seat, seed=step.index)
            hand = renderer.hand(SPEC.view(step.after, seat))
            assert renderer.hand(SPEC.view(private, seat)) == hand, step.where
        drawn += 1
    assert drawn > 30


# --- Narration --------------------------------------------------------------------------------------------

NAMES: dict[CardKind, str] = {kind: CATALOG.name(kind) for kind in KINDS}


def names_in(text: str) -> set[CardKind]:
    """The card kinds a text names (``Fire!``, ``Take cover!``…), case-sensitively with the ``!``."""
    return {kind for kind, name in NAMES.items() if re.search(re.escape(name), text)}


def face_up(state: AbordajeState) -> set[CardKind]:
    """Kinds with a copy face up on the board."""
    if not state.board.revealed:
        return set()
    return {order.kind for card in state.board.cards for order in card.orders.values()}


def secret(state: AbordajeState) -> set[CardKind]:
    """Kinds no public text may name: a copy is hidden (hand, set-aside, face down) and none is face up."""
    hidden = set(state.hands["pirate"]) | set(state.hands["spanish"]) | set(state.set_aside)
    if not state.board.revealed:
        hidden |= {order.kind for card in state.board.cards for order in card.orders.values()}
    return hidden - face_up(state)


def knowledge(state: AbordajeState, seat: int) -> set[CardKind]:
    """Kinds ``seat`` may read about: its hand, its own orders, the hand it passed, its drawn card."""
    view = view_of(state, seat)
    known = set(view.hand) | set(view.last_passed)
    if view.drawn_set_aside is not None:
        known.add(view.drawn_set_aside)
    for card in view.cards:
        if view.my_side is not None and (kind := card.slots[view.my_side].kind) is not None:
            known.add(kind)
    return known


def narration_leaks(step: Step) -> list[str]:
    """Every public line or prompt text of ``step`` that names a secret card, and every private line that
    names a card its reader may not know.

    The events of one action can span three moments: before the reveal (every card is secret), after it
    (only the unplayed cards), and a new turn (the new hands). The reveal line and the "Turn n:" line mark
    them; within one turn cards only ever become public, so each span is checked against its own moment.
    """
    before, after, events = step.before, step.after, list(step.events)
    public = [(i, e.text) for i, e in enumerate(events) if e.is_public]
    turned = after.turn > before.turn
    new_turn = next((i for i, text in public if turned and text.startswith("Turn ")), len(events))
    reveal = next((i for i, text in public if text.startswith("Orders revealed.")), None)
    if after.turn > before.turn or after.phase == "over":
        assert before.phase == "orders", f"{step.where}: a turn ended without a resolution step"
        old_end: AbordajeState = before.model_copy(update={"board": before.board.model_copy(deep=True)})
        old_end.board.revealed = True  # the turn ended after its reveal; its hands are unchanged by it
    else:
        old_end = after
    spans: list[tuple[int, int, set[CardKind]]] = []
    if before.board.revealed or before.phase == "over":
        spans.append((0, new_turn, secret(old_end)))
    else:
        cut = new_turn if reveal is None else reveal
        everything = secret(before) | (secret(after) if after.turn == before.turn else set())
        spans += [(0, cut, everything), (cut, new_turn, secret(old_end))]
    spans.append((new_turn, len(events), secret(after)))
    leaks = []
    for start, end, forbidden in spans:
        for event in events[start:end]:
            if event.is_public:
                named = names_in(event.text) & forbidden
                if named:
                    leaks.append(f"public event names secret {sorted(named)}: {event.text!r}")
                continue
            if len(event.audience) != 1 or event.audience[0] not in (0, 1):
                leaks.append(f"private event addressed to {event.audience}: {event.text!r}")
                continue
            seat = event.audience[0]
            allowed = knowledge(before, seat) | knowledge(after, seat) | face_up(before) | face_up(after)
            named = names_in(event.text) - allowed
            if named:
                leaks.append(f"private event to seat {seat} names {sorted(named)}: {event.text!r}")
    forbidden_now = secret(after)
    for prompt in SPEC.prompts(after):
        texts = [prompt.question] + ([] if prompt.private else [c.label for c in prompt.choices])
        for text in texts:
            if named := names_in(text) & forbidden_now:
                leaks.append(f"prompt {prompt.id} shows secret {sorted(named)}: {text!r}")
    return leaks


def test_no_public_line_or_question_names_a_hidden_card(steps: list[Step]) -> None:
    """Public events, prompt questions and the choices of non-private prompts name no secret card; private
    events go to one seat and name only what it may know (ABO-ASSIGN-2, ABO-ASSIGN-7, ABO-GAP-21)."""
    leaks = [f"{step.where}: {leak}" for step in steps for leak in narration_leaks(step)]
    assert not leaks, f"{len(leaks)} leaks, first: {leaks[:3]}"
    private = sum(not e.is_public for step in steps for e in step.events)
    named_publicly = sum(bool(names_in(e.text)) for step in steps for e in step.events if e.is_public)
    assert private > 500 and named_publicly > 100, "the games never narrated cards: nothing was checked"


def test_the_narration_check_catches_a_leak(steps: list[Step]) -> None:
    """The scanner is only worth something if it fails: a public line naming a hand card during assignment,
    and a private line showing one seat the other's hand, are both reported."""
    for step in steps:
        if step.after.phase != "assign" or step.after.turn != step.before.turn:
            continue
        pirate_seat = step.after.seats["pirate"]
        pirate_knows = knowledge(step.before, pirate_seat) | knowledge(step.after, pirate_seat)
        unknown = [k for k in step.after.hands["spanish"] if k not in pirate_knows]
        if unknown:
            break
    else:
        pytest.fail("no assignment step where the Spanish hold a card the Pirates cannot know")
    public = Event(text=f"The Spanish are holding {CATALOG.name(unknown[0])}.")
    private = Event(text=f"Their hand: {CATALOG.name(unknown[0])}.", audience=(pirate_seat,))
    assert narration_leaks(Step(step.seed, step.index, step.before, step.after, (public,)))
    assert narration_leaks(Step(step.seed, step.index, step.before, step.after, (private,)))
    assert not narration_leaks(step)
