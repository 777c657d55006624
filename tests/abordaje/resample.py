"""Re-dealing what one viewer cannot see, and the state checks the property tests share.

This is OpenSpiel's ``ResampleInfostateTest`` for ¡Abordaje!: ``resample_hidden(state, viewer, seed)`` returns
another state the game could really have reached, identical in everything ``viewer`` knows and re-dealt in
everything else. If ``SPEC.view`` (or a prompt, or the board PNG) is the same for both states, it cannot
depend on the hidden part: that is how "no leak" is shown rather than promised.

Why a history and not a shuffle of the hidden cards: a seat knows more than its view shows. Every hidden
card of the current turn got where it is through one history: a deal (two hands of five and the set-aside
cards), one placement per side on each position of the play order, an exchange of whole hands after every
position but the last, and the set-aside draw before the last (ABO-SETUP-7, ABO-ASSIGN-2..4). A seat sees
each hand it is passed, so after the first exchange it can work out every later card the opponent placed;
only the opponent's first placement, the split of the set-aside cards, the card the opponent drew and the
opponent's placement on the current (or last) position stay unknown. So ``reconstruct`` reads the turn's
history back from the state, ``resample_hidden`` draws new values for exactly the unobserved parts of it,
and ``replay_turn`` plays the new history forward into hands, set-aside cards, drawn cards, last-passed
hands (ABO-GAP-21) and face-down orders. The state's generator (the order of future shuffles and rolls) is
re-seeded as long as no random draw of this turn has been made public, that is before the reveal.

What each viewer observed (everything else is re-drawn):

* public (``None``): before the reveal, nothing about any card; from the reveal on, every placed card (and
  which positions each side swapped), so only the unplayed cards left in the hands are re-split.
* a seat: its own deal, its own placements, every hand it received and the set-aside card it drew; from the
  reveal on that determines everything, so nothing card-wise is left to re-deal.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field

from engine.abordaje import SPEC
from engine.abordaje.catalog import CATALOG, SIDES
from engine.abordaje.resolution import run_resolution
from engine.abordaje.state import AbordajeState, Board, Order, other
from engine.abordaje.view import CardKind, Side
from engine.core import Rng


class InconsistentState(AssertionError):
    """The state's cards cannot come from any history of the turn: an engine bookkeeping bug."""


# --- The turn's history ---------------------------------------------------------------------------------


@dataclass
class TurnHistory:
    """How this turn's cards got where they are.

    ``placed[side][j]`` is the card ``side`` placed on the ``j``-th position of the play order (``None``: not
    yet), before any swapping tactics; ``set_aside`` is in draw order (the takers' cards first).
    """

    deal: dict[Side, list[CardKind]]
    set_aside: list[CardKind]
    placed: dict[Side, list[CardKind | None]]


@dataclass
class TurnCards:
    """What a history leaves in the state's card fields."""

    hands: dict[Side, list[CardKind]]
    set_aside: list[CardKind]
    drawn: dict[Side, CardKind]
    last_passed: dict[Side, list[CardKind]]
    placed: dict[Side, list[CardKind | None]]


@dataclass
class Progress:
    """Where in the turn the state stands, read from the state."""

    positions: list[int]  # ship-deck card numbers in this turn's play order
    current: int  # the position being filled = the number of hand exchanges made so far
    takers: tuple[Side, ...]  # who draws a set-aside card before the last position, in draw order
    revealed: bool
    placed: dict[Side, list[CardKind | None]] = field(default_factory=dict)


def by_priority(kinds: Iterable[CardKind]) -> list[CardKind]:
    """Cards in the engine's hand order, so that lists compare as multisets."""
    return CATALOG.by_priority(list(kinds))


def take(cards: list[CardKind], kind: CardKind, where: str) -> None:
    """Remove one ``kind`` from ``cards`` or say which history step is impossible."""
    if kind not in cards:
        raise InconsistentState(f"{where}: {kind} is not among {cards}")
    cards.remove(kind)


def minus(cards: Iterable[CardKind], removed: Iterable[CardKind]) -> list[CardKind]:
    """Multiset difference that insists every removed card was there."""
    left = Counter(cards)
    left.subtract(removed)
    if any(n < 0 for n in left.values()):
        raise InconsistentState(f"cannot remove {sorted(removed)} from {sorted(cards)}")
    return by_priority(left.elements())


def turn_positions(state: AbordajeState) -> list[int]:
    """This turn's positions. Once the game is over a card conquered this turn is inactive but still holds its
    orders, so the finished turn's positions are the cards holding orders."""
    if state.phase != "over":
        return state.play_order()
    numbers = sorted(c.number for c in state.board.cards if c.orders)
    return numbers if state.turn % 2 == 1 else numbers[::-1]


def placement_board(state: AbordajeState) -> Board:
    """The orders where they were placed, before swapping tactics moved any."""
    if state.phase == "orders":
        assert state.resolution is not None
        return state.resolution.board  # the snapshot taken at the last placement
    board = state.board.clone()
    if state.phase == "over":
        for side, (a, b) in board.swapped.items():
            card_a, card_b = board.card(a), board.card(b)
            card_a.orders[side], card_b.orders[side] = card_b.orders[side], card_a.orders[side]
    return board


def progress(state: AbordajeState) -> Progress:
    positions = turn_positions(state)
    board = placement_board(state)
    placed: dict[Side, list[CardKind | None]] = {}
    for side in SIDES:
        orders = [board.card(n).orders.get(side) for n in positions]
        placed[side] = [o.kind if o is not None else None for o in orders]
    return Progress(
        positions=positions,
        current=state.step if state.phase == "assign" else len(positions) - 1,
        takers=CATALOG.set_aside_to(state.handicap),
        revealed=state.phase == "over" or state.board.revealed,
        placed=placed,
    )


def holder(chain: Side, position: int) -> Side:
    """Who holds the hand first dealt to ``chain`` while ``position`` is filled (hands swap every step)."""
    return chain if position % 2 == 0 else other(chain)


def deal_from_ends(
    placed: dict[Side, list[CardKind | None]],
    current: int,
    hands: dict[Side, list[CardKind]],
    drawn: dict[Side, CardKind],
) -> dict[Side, list[CardKind]]:
    """The two dealt hands that lead to ``hands`` now: each is what its current holder has (with the card he
    placed on this position, without the set-aside card he drew) plus every card placed from it before."""
    deal: dict[Side, list[CardKind]] = {}
    for chain in SIDES:
        now = holder(chain, current)
        cards = list(hands[now])
        if (kind := placed[now][current]) is not None:
            cards.append(kind)
        if now in drawn:
            take(cards, drawn[now], f"the set-aside card {now} drew")
        for j in range(current):
            kind = placed[holder(chain, j)][j]
            if kind is None:
                raise InconsistentState(f"position {j} was passed with an empty slot")
            cards.append(kind)
        deal[chain] = by_priority(cards)
    return deal


def reconstruct(state: AbordajeState) -> TurnHistory:
    """The history this turn's cards imply; ``replay_turn`` of it must give the state's card fields back."""
    p = progress(state)
    draw_order = [state.drawn[t] for t in p.takers if t in state.drawn]
    return TurnHistory(
        deal=deal_from_ends(p.placed, p.current, state.hands, state.drawn),
        set_aside=draw_order + list(state.set_aside),
        placed={side: list(kinds) for side, kinds in p.placed.items()},
    )


def replay_turn(
    history: TurnHistory, p: Progress, rng: Rng | None = None, choose: Iterable[tuple[Side, int]] = ()
) -> TurnCards:
    """Play ``history`` forward to where ``p`` stands; placements listed in ``choose`` are drawn from the hand
    held at that moment with ``rng`` (a hidden placement is any card of the hand it came from)."""
    to_choose = set(choose)
    n = len(p.positions)
    hands = {side: list(history.deal[side]) for side in SIDES}
    set_aside = list(history.set_aside)
    placed = {side: list(kinds) for side, kinds in history.placed.items()}
    drawn: dict[Side, CardKind] = {}
    last_passed: dict[Side, list[CardKind]] = {}
    for j in range(p.current + 1):
        for side in SIDES:
            if (side, j) in to_choose:
                assert rng is not None
                placed[side][j] = rng.choice(by_priority(hands[side]))
            if (kind := placed[side][j]) is not None:
                take(hands[side], kind, f"{side} placing on position {j}")
        if j == p.current:
            break
        last_passed = {side: by_priority(hands[side]) for side in SIDES}
        hands = {side: list(last_passed[other(side)]) for side in SIDES}
        if j + 1 == n - 1:
            for side in p.takers:
                if set_aside:
                    drawn[side] = set_aside.pop(0)
                    hands[side].append(drawn[side])
    return TurnCards(
        hands={side: by_priority(hands[side]) for side in SIDES},
        set_aside=set_aside,
        drawn=drawn,
        last_passed=last_passed,
        placed=placed,
    )


def card_fields(state: AbordajeState) -> TurnCards:
    """The state's own card fields, in the form ``replay_turn`` returns."""
    p = progress(state)
    return TurnCards(
        hands={side: by_priority(state.hands[side]) for side in SIDES},
        set_aside=list(state.set_aside),
        drawn=dict(state.drawn),
        last_passed={side: by_priority(kinds) for side, kinds in state.last_passed.items()},
        placed=p.placed,
    )


def check_history(state: AbordajeState) -> TurnHistory:
    """Reconstruct the turn and insist that replaying it gives the state's cards back exactly."""
    history = reconstruct(state)
    replayed = replay_turn(history, progress(state))
    actual = card_fields(state)
    for name in ("hands", "set_aside", "drawn", "last_passed", "placed"):
        if getattr(replayed, name) != getattr(actual, name):
            raise InconsistentState(
                f"turn {state.turn}: {name} is {getattr(actual, name)} but the turn's history gives "
                f"{getattr(replayed, name)}"
            )
    return history


# --- Re-dealing -------------------------------------------------------------------------------------------


def resample_hidden(state: AbordajeState, viewer: int | None, seed: int) -> AbordajeState:
    """A state identical in everything ``viewer`` (a seat, or ``None`` for the public) knows, re-dealt in the
    rest: the other hands, face-down orders not yet revealed, set-aside cards, drawn cards, the future."""
    rng = Rng.from_seed(seed)
    p = progress(state)
    truth = check_history(state)
    if p.revealed:
        cards = public_leftovers(state, p, rng) if viewer is None else replay_turn(truth, p)
    elif viewer is None:
        cards = public_before_reveal(state, p, rng)
    else:
        cards = seat_before_reveal(state, p, truth, state.side_of(viewer), rng)
    return write_back(state, p, cards, None if p.revealed else rng.next_u64())


def public_before_reveal(state: AbordajeState, p: Progress, rng: Rng) -> TurnCards:
    """The public has seen no card this turn: a fresh deal, and any card of the hand for every placement."""
    deck = CATALOG.deck_in_use(state.handicap)
    rng.shuffle(deck)
    size = CATALOG.variant(state.variant).hand_size
    history = TurnHistory(
        deal={"pirate": by_priority(deck[:size]), "spanish": by_priority(deck[size : 2 * size])},
        set_aside=deck[2 * size :],
        placed={side: [None] * len(p.positions) for side in SIDES},
    )
    choose = [(side, j) for side in SIDES for j, kind in enumerate(p.placed[side]) if kind is not None]
    return replay_turn(history, p, rng, choose)


def public_leftovers(state: AbordajeState, p: Progress, rng: Rng) -> TurnCards:
    """After the reveal the public knows every placed card; the unplayed ones are re-split between the hands
    (and any set-aside card left), and each taker's drawn card is any card of his last hand."""
    leftovers = [*state.hands["pirate"], *state.hands["spanish"], *state.set_aside]
    rng.shuffle(leftovers)
    sizes = [len(state.hands["pirate"]), len(state.hands["spanish"])]
    hands: dict[Side, list[CardKind]] = {
        "pirate": by_priority(leftovers[: sizes[0]]),
        "spanish": by_priority(leftovers[sizes[0] : sizes[0] + sizes[1]]),
    }
    rest = leftovers[sum(sizes) :]
    drawn: dict[Side, CardKind] = {}
    for side in p.takers:
        if side in state.drawn:
            last_hand = hands[side] + [k for k in [p.placed[side][p.current]] if k is not None]
            drawn[side] = rng.choice(by_priority(last_hand))
    history = TurnHistory(
        deal=deal_from_ends(p.placed, p.current, hands, drawn),
        set_aside=[drawn[t] for t in p.takers if t in drawn] + rest,
        placed={side: list(kinds) for side, kinds in p.placed.items()},
    )
    return replay_turn(history, p)


def seat_before_reveal(state: AbordajeState, p: Progress, truth: TurnHistory, me: Side, rng: Rng) -> TurnCards:
    """Keep what ``me`` observed; re-draw the opponent's first placement, the set-aside split, the opponent's
    drawn card and his placement on the current position (see the module docstring for why only these)."""
    them = other(me)
    deck = CATALOG.deck_in_use(state.handicap)
    size = CATALOG.variant(state.variant).hand_size
    placed = {side: list(kinds) for side, kinds in truth.placed.items()}
    choose: list[tuple[Side, int]] = []
    if p.current == 0:
        unseen = minus(deck, truth.deal[me])  # their hand and the set-aside cards, all unseen
        rng.shuffle(unseen)
        deal_them, set_aside = unseen[:size], unseen[size:]
    else:
        first = placed[them][0]
        assert first is not None
        received = minus(truth.deal[them], [first])  # the hand I was passed after position 0
        unseen = minus(deck, [*truth.deal[me], *received])  # their first placement and the set-aside cards
        mine = state.drawn.get(me)
        if mine is not None:
            unseen = minus(unseen, [mine])
        rng.shuffle(unseen)
        first = unseen.pop(0)
        placed[them][0] = first
        set_aside = []
        for side in p.takers:
            if side in state.drawn:
                set_aside.append(state.drawn[me] if side == me else unseen.pop(0))
        set_aside += unseen
        deal_them = [*received, first]
    if truth.placed[them][p.current] is not None:
        choose.append((them, p.current))  # face down on the position being filled (or the last one)
    history = TurnHistory(
        deal={me: list(truth.deal[me]), them: by_priority(deal_them)}, set_aside=set_aside, placed=placed
    )
    cards = replay_turn(history, p, rng, choose)
    mine_now = card_fields(state)
    assert cards.hands[me] == mine_now.hands[me], "resampling changed the viewer's own hand"
    assert cards.last_passed.get(me) == mine_now.last_passed.get(me), "resampling changed the hand he passed"
    assert cards.placed[me] == mine_now.placed[me], "resampling changed the viewer's own orders"
    return cards


def write_back(state: AbordajeState, p: Progress, cards: TurnCards, reseed: int | None) -> AbordajeState:
    """A copy of ``state`` holding ``cards``; before the reveal, a new generator and, mid-resolution, the
    resolution re-run from its snapshot so the board (swaps applied) and the pending question match."""
    new = state.clone()
    new.hands = cards.hands
    new.set_aside = cards.set_aside
    new.drawn = cards.drawn
    new.last_passed = cards.last_passed
    if p.revealed:
        return new
    assert reseed is not None
    board = new.resolution.board if new.resolution is not None else new.board
    for j, number in enumerate(p.positions):
        for side in SIDES:
            kind = cards.placed[side][j]
            if kind is not None:
                board.card(number).orders[side] = Order(kind=kind)
    if new.resolution is None:
        new.rng = Rng.from_seed(reseed)
        return new
    new.resolution.rng = Rng.from_seed(reseed)
    new.resolution.pending = None
    events, finished = run_resolution(new)
    assert not finished and not events, "re-running the resolution before the reveal moved the game on"
    return new


def card_layout(state: AbordajeState) -> tuple[object, ...]:
    """Every card field, for telling whether a resample changed anything hidden (the generator aside)."""
    cards = card_fields(state)
    return (cards.hands, cards.set_aside, cards.drawn, cards.last_passed, cards.placed)


# --- Checks every reachable state passes ------------------------------------------------------------------


def invariant_problems(state: AbordajeState) -> list[str]:
    """Everything wrong with ``state`` as a position of the game; empty when it is a valid one.

    Crew are conserved per side (decks + pool + losses = the set-up's total), every action card in use sits in
    exactly one place (a hand, a ship-deck card, the set-aside cards), prompts go to the two seats only, a
    game has an outcome exactly when it waits on nobody, and while it goes on no captain stands on a conquered
    card except while his owner is asked where he returns (ABO-CONQUER-4).
    """
    problems: list[str] = []
    board = state.board
    variant = CATALOG.variant(state.variant)
    for side in SIDES:
        on_decks = sum(d.crew[side] for c in board.cards for d in c.decks.values())
        total = on_decks + board.pool[side] + board.losses[side]
        if total != variant.side(side).crew:
            problems.append(
                f"{side} crew: {on_decks} on decks + {board.pool[side]} pool + {board.losses[side]} losses = "
                f"{total}, not {variant.side(side).crew}"
            )
        counts = [board.pool[side], board.losses[side]]
        counts += [d.crew[side] for c in board.cards for d in c.decks.values()]
        if min(counts) < 0:
            problems.append(f"{side} has a negative crew count")
    for card in board.cards:
        if not card.active and any(n for d in card.decks.values() for n in d.crew.values()):
            problems.append(f"conquered card {card.number} still holds crew")
    located = [*state.hands["pirate"], *state.hands["spanish"], *state.set_aside]
    located += [order.kind for card in board.cards for order in card.orders.values()]
    expected = Counter(CATALOG.deck_in_use(state.handicap))
    if Counter(located) != expected:
        extra = Counter(located) - expected
        missing = expected - Counter(located)
        problems.append(f"cards out of place: extra {dict(extra)}, missing {dict(missing)}")
    prompts = SPEC.prompts(state)
    seats = set(state.seats.values())
    problems += [f"prompt {p.id} to seat {p.seat}" for p in prompts if p.seat not in seats]
    if seats != {0, 1}:
        problems.append(f"seats are {sorted(seats)}, not 0 and 1")
    outcome = SPEC.outcome(state)
    if outcome is not None and prompts:
        problems.append(f"the game is over ({outcome.summary}) but prompts {[p.id for p in prompts]}")
    if outcome is None and not prompts:
        problems.append("the game waits on nobody but has no outcome")
    if (outcome is None) != (state.phase != "over"):
        problems.append(f"phase {state.phase} with outcome {outcome}")
    returning = any(".rt." in p.id for p in prompts)  # a captain's return to his ship is being asked
    if outcome is None and not returning:  # ABO-CONQUER-4: nobody is left on a flipped card
        for side in SIDES:
            number, ship = board.captains[side]
            if not board.card(number).active:
                problems.append(f"the {side} captain stands on the {ship} deck of conquered card {number}")
    return problems
