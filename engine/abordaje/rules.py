"""The contract functions of ¡Abordaje!: ``prompts``, ``apply``, ``view`` and ``outcome``.

``apply`` checks the answer against ``prompts`` (one source of legal choices), works on a deep copy, and then
``settle`` resolves everything automatic up to the next decisions: hand exchanges, the set-aside draw,
one-card hands, the whole resolution up to its next question, and the start of the next turn.
"""

from __future__ import annotations

from engine.core import Choice, Event, Outcome, Prompt, check_choice
from engine.core.copies import built
from engine.core.handed import known
from engine.core.recent import Recent

from .assignment import advance, both_placed, is_last_card, place, place_forced, start_turn
from .catalog import CATALOG, SIDES
from .reference import ORDER_TEXT
from .resolution import begin_resolution, run_resolution
from .state import AbordajeState, Board, ShipDeckCard, other
from .view import AbordajeView, CardKind, DeckView, Phase, ShipDeckCardView, Side, SideView, SlotView


def prompts(state: AbordajeState) -> list[Prompt]:
    """Every decision the game waits on now: both seats during assignment, one seat afterwards."""
    if state.phase == "assign":
        number = state.play_order()[state.step]
        placed = state.board.card(number).orders
        result = []
        for side in SIDES:
            if side in placed:
                continue
            kinds = CATALOG.by_priority(list(dict.fromkeys(state.hands[side])))
            result.append(
                Prompt(
                    id=f"t{state.turn}.as{number}.{side[0]}",
                    seat=state.seats[side],
                    question=f"Which order do you place face down on ship-deck card {number}?",
                    choices=tuple(
                        Choice(id=k, label=f"{CATALOG.name(k)} (priority {CATALOG.priority(k)})", detail=ORDER_TEXT[k])
                        for k in kinds
                    ),
                    private=True,
                )
            )
        return sorted(result, key=lambda p: p.seat)
    if state.phase == "orders" and state.resolution is not None and state.resolution.pending is not None:
        pending = state.resolution.pending
        return [
            Prompt(
                id=pending.id,
                seat=state.seats[pending.side],
                question=pending.question,
                choices=tuple(pending.choices),
                private=pending.private,
            )
        ]
    return []


def deciding(state: AbordajeState) -> set[int]:
    """The seats ``prompts`` asks now, without building their questions: each view marks who is waiting, twice a
    move, and the choices (every order in hand, with its text) are not needed for that. It follows ``prompts``
    case by case (``tests/abordaje/test_deciding.py`` holds them together)."""
    if state.phase == "assign":
        placed = state.board.card(state.play_order()[state.step]).orders
        return {state.seats[side] for side in SIDES if side not in placed}
    if state.phase == "orders" and state.resolution is not None and state.resolution.pending is not None:
        return {state.seats[state.resolution.pending.side]}
    return set()


def apply(state: AbordajeState, seat: int, prompt_id: str, choice_id: str) -> tuple[AbordajeState, list[Event]]:
    """Take one answer and resolve everything automatic up to the next decisions; ``state`` is not changed."""
    check_choice(known(state) or prompts(state), seat, prompt_id, choice_id)  # handed along a move, or worked out
    new = state.clone() if state.phase == "assign" else state.answering()
    side = new.side_of(seat)
    events: list[Event] = []
    if new.phase == "assign":
        kind = next(k for k in new.hands[side] if k == choice_id)
        events += place(new, side, kind)
    else:
        assert new.resolution is not None
        new.resolution.answers.append(choice_id)
        new.resolution.pending = None
    return new, events + settle(new)


def settle(state: AbordajeState) -> list[Event]:
    """Everything that happens without a decision, until somebody must decide or the game is over."""
    events: list[Event] = []
    while True:
        if state.phase == "assign":
            if both_placed(state):
                if is_last_card(state):
                    begin_resolution(state)
                else:
                    events += advance(state)
                continue
            forced = place_forced(state)
            if not forced:
                return events
            events += forced
        elif state.phase == "orders":
            assert state.resolution is not None
            if state.resolution.pending is not None:
                return events
            more, finished = run_resolution(state)
            events += more
            if finished and outcome(state) is None:
                events += start_turn(state)
        else:
            return events


def outcome(state: AbordajeState) -> Outcome | None:
    """``None`` while playing; the winner's seat, or a tie (ABO-END-*)."""
    if state.phase != "over":
        return None
    board = state.board
    if board.winner is not None:
        return Outcome(result="win", winners=(state.seats[board.winner],), summary=board.result)
    return Outcome(result="tie", winners=(), summary=board.result)


def phase_of(state: AbordajeState) -> Phase:
    if state.phase == "assign":
        return "assign"
    if state.phase == "over":
        return "over"
    assert state.resolution is not None and state.resolution.pending is not None
    return state.resolution.pending.stage


DeckKey = tuple[Side, int, int, tuple[Side, ...], int]
SlotKey = tuple[bool, CardKind | None, bool]
CardKey = tuple[int, bool, tuple[Side, ...], tuple[DeckKey, ...], tuple[SlotKey, ...]]
"""Everything a ship-deck card's view shows: its number, whether it is active, the conquest markers on it, each deck
(ship, crews, captains standing there, the control marker's turns) and each side's slot as this viewer sees it."""

_cards: Recent[CardKey, ShipDeckCardView] = Recent(256)
"""Ship-deck cards as views show them, kept by everything a card shows: a move changes a card or two, and each
card's five models were validated again for every view. Shared between views, which are only ever read."""


def _card_view(board: Board, card: ShipDeckCard, me: Side | None) -> ShipDeckCardView:
    """A ship-deck card as the viewer on ``me``'s side (``None``: the channel) sees it."""
    decks = tuple(
        (
            ship,
            deck.crew["pirate"],
            deck.crew["spanish"],
            tuple(side for side in SIDES if board.captains[side] == (card.number, ship)),
            deck.marker,
        )
        for ship, deck in card.decks.items()
    )
    slots: list[SlotKey] = []
    for side in SIDES:
        order = card.orders.get(side)
        visible = order is not None and (board.revealed or side == me)
        slots.append(
            (
                order is not None,
                order.kind if order is not None and visible else None,
                order.spent if order is not None else False,
            )
        )
    key: CardKey = (card.number, card.active, tuple(card.conquered_by), decks, tuple(slots))
    kept = _cards.get(key)
    if kept is None:
        kept = _made_card(key)
        _cards.put(key, kept)
    return kept


def _made_card(key: CardKey) -> ShipDeckCardView:
    number, active, conquered_by, decks, slots = key
    return built(
        ShipDeckCardView,
        number=number,
        active=active,
        conquered_by=list(conquered_by),
        decks={
            ship: built(
                DeckView,
                pirate_crew=pirate,
                spanish_crew=spanish,
                captains=list(captains),
                control_marker=other(ship) if marker > 0 else None,
                marker_turns=marker,
            )
            for ship, pirate, spanish, captains, marker in decks
        },
        slots={
            side: built(SlotView, filled=filled, kind=kind, spent=spent)
            for side, (filled, kind, spent) in zip(SIDES, slots, strict=True)
        },
    )


def view(state: AbordajeState, viewer: int | None) -> AbordajeView:
    """What ``viewer`` may see; ``None`` is the public view: no hand, no face-down card, no set-aside card."""
    board = state.board
    me = state.side_of(viewer) if viewer is not None and viewer in state.seats.values() else None
    waiting = deciding(state)
    cards = [_card_view(board, card, me) for card in board.cards]
    sides = {
        side: built(
            SideView,
            seat=state.seats[side],
            pool=board.pool[side],
            losses=board.losses[side],
            in_play=board.in_play(side),
            conquests=board.conquests[side],
            hand_count=len(state.hands[side]),
            can_swap=side in CATALOG.variant(state.variant).swapping_tactics,
            swapped=board.swapped.get(side),
            waiting=state.seats[side] in waiting,
        )
        for side in SIDES
    }
    hand: list[CardKind] = []
    last_passed: list[CardKind] = []
    drawn: CardKind | None = None
    if me is not None:
        hand = CATALOG.by_priority(list(state.hands[me]))
        last_passed = CATALOG.by_priority(list(state.last_passed.get(me, [])))
        drawn = state.drawn.get(me)
    return built(
        AbordajeView,
        viewer=viewer,
        variant=state.variant,
        handicap=state.handicap,
        turn=state.turn,
        initiative=state.initiative,
        direction="prow_to_stern" if state.turn % 2 == 1 else "stern_to_prow",
        phase=phase_of(state),
        assigning_card=state.assigning_card(),
        cards=cards,
        sides=sides,
        winner=board.winner,
        tie=board.tie,
        my_side=me,
        hand=hand,
        last_passed=last_passed,
        drawn_set_aside=drawn,
    )
