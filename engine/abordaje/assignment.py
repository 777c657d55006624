"""Setting up, dealing, and the simultaneous face-down assignment of orders (ABO-SETUP-*, ABO-ASSIGN-*).

Both players fill the current ship-deck card at the same time; once both have placed, the hands are
exchanged (ABO-ASSIGN-3), the set-aside cards are drawn before the last card (ABO-ASSIGN-4), and after the
last card the resolution starts. Every line naming a card is private to its seat; the public only learns
that a card was placed.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.core import BadOptions, Event, Rng, SeatSetup

from .catalog import CATALOG, SIDES
from .options import AbordajeOptions
from .state import SIDE_NAME, AbordajeState, Board, Deck, Order, ShipDeckCard, cap, other
from .view import CardKind, Side


def card_list(kinds: Sequence[CardKind]) -> str:
    """``Fight!, Fire! and Stand up!`` in priority order."""
    names = [CATALOG.name(k) for k in CATALOG.by_priority(list(kinds))]
    if not names:
        return "no cards"
    if len(names) == 1:
        return names[0]
    return ", ".join(names[:-1]) + " and " + names[-1]


def private(state: AbordajeState, side: Side, text: str) -> Event:
    return Event(text=text, audience=(state.seats[side],))


def setup(seats: Sequence[SeatSetup], options: AbordajeOptions, seed: int) -> AbordajeState:
    """A new game at the start of turn 1, hands dealt (ABO-SETUP-*, ABO-ADV-SETUP-*)."""
    roles = [s.role for s in seats]
    if len(roles) != 2 or sorted(r or "" for r in roles) != ["pirate", "spanish"]:
        raise BadOptions("¡Abordaje! needs one player on the Pirates and one on the Spanish.")
    variant = CATALOG.variant(options.variant)
    cards = [
        ShipDeckCard(
            number=n,
            decks={
                "pirate": Deck(crew={"pirate": variant.pirate.on_deck[n], "spanish": 0}),
                "spanish": Deck(crew={"pirate": 0, "spanish": variant.spanish.on_deck[n]}),
            },
        )
        for n in variant.ship_deck_cards
    ]
    board = Board(
        cards=cards,
        captains={side: (variant.side(side).captain, side) for side in SIDES},
        pool={side: variant.side(side).pool for side in SIDES},
        losses={side: 0 for side in SIDES},
    )
    state = AbordajeState(
        variant=options.variant,
        handicap=options.handicap,
        seats={"pirate": roles.index("pirate"), "spanish": roles.index("spanish")},
        rng=Rng.from_seed(seed),
        board=board,
        hands={side: [] for side in SIDES},
    )
    deal(state)
    return state


def deal(state: AbordajeState) -> list[Event]:
    """Shuffle every card in use, deal a hand to each side and set the rest aside (ABO-SETUP-7)."""
    cards = CATALOG.deck_in_use(state.handicap)
    state.rng.shuffle(cards)
    size = CATALOG.variant(state.variant).hand_size
    state.hands = {
        "pirate": CATALOG.by_priority(cards[:size]),
        "spanish": CATALOG.by_priority(cards[size : 2 * size]),
    }
    state.set_aside = cards[2 * size :]
    state.drawn = {}
    state.last_passed = {}
    state.step = 0
    state.phase = "assign"
    return [private(state, side, f"Your hand for turn {state.turn}: {card_list(state.hands[side])}.") for side in SIDES]


def start_turn(state: AbordajeState) -> list[Event]:
    """Flip initiative, gather and reshuffle, deal (ABO-END-5, ABO-INIT-3)."""
    state.turn += 1
    for card in state.board.cards:
        card.orders = {}
    state.board.revealed = False
    state.board.swapped = {}
    order = state.play_order()
    direction = "prow to stern" if state.turn % 2 == 1 else "stern to prow"
    events = [
        Event(
            text=f"Turn {state.turn}: {SIDE_NAME[state.initiative]} have the initiative; orders are placed "
            f"from {direction}, starting with ship-deck card {order[0]}."
        )
    ]
    return events + deal(state)


def place(state: AbordajeState, side: Side, kind: CardKind, forced: bool = False) -> list[Event]:
    """``side`` puts ``kind`` face down on the card being filled (ABO-ASSIGN-2)."""
    number = state.play_order()[state.step]
    state.hands[side].remove(kind)
    state.board.card(number).orders[side] = Order(kind=kind)
    mine = f"You placed {CATALOG.name(kind)} face down on ship-deck card {number}."
    if forced:
        mine = f"You had one card left: {CATALOG.name(kind)} goes face down on ship-deck card {number}."
    events = [private(state, side, mine)]
    if other(side) not in state.board.card(number).orders:
        events.append(Event(text=f"{cap(SIDE_NAME[side])} placed a card on ship-deck card {number}."))
    else:
        events.append(Event(text=f"Both players placed a card on ship-deck card {number}."))
    return events


def both_placed(state: AbordajeState) -> bool:
    """Whether both sides have filled the card being assigned."""
    return len(state.board.card(state.play_order()[state.step]).orders) == 2


def is_last_card(state: AbordajeState) -> bool:
    return state.step == len(state.play_order()) - 1


def advance(state: AbordajeState) -> list[Event]:
    """After both placed on a card that is not the last: exchange hands and move on (ABO-ASSIGN-3, -4)."""
    events = exchange_hands(state)
    state.step += 1
    if is_last_card(state):
        events += draw_set_aside(state)
    return events


def exchange_hands(state: AbordajeState) -> list[Event]:
    """The players swap their entire remaining hands (ABO-ASSIGN-3)."""
    # Copies, not the same lists: a hand placed from later (even within this apply, by a forced
    # placement) must not shrink the record of the hand passed on (ABO-GAP-21), which would also show the
    # passer the card the receiver placed face down.
    passed = {side: list(state.hands[side]) for side in SIDES}
    state.hands = {side: list(passed[other(side)]) for side in SIDES}
    state.last_passed = passed
    events = [Event(text="The players exchanged their remaining hands.")]
    for side in SIDES:
        events.append(private(state, side, f"You passed your hand on and received: {card_list(state.hands[side])}."))
    return events


def draw_set_aside(state: AbordajeState) -> list[Event]:
    """Before the last card the set-aside cards are drawn at random (ABO-ASSIGN-4, ABO-HANDICAP-2, ABO-GAP-5).

    The set-aside list is shuffled with the game's Rng; the takers get its cards in the data file's order.
    """
    takers = CATALOG.set_aside_to(state.handicap)
    state.rng.shuffle(state.set_aside)
    events: list[Event] = []
    for side in takers:
        if not state.set_aside:
            break
        kind = state.set_aside.pop(0)
        state.drawn[side] = kind
        state.hands[side] = CATALOG.by_priority([*state.hands[side], kind])
        events.append(private(state, side, f"You drew {CATALOG.name(kind)} from the set-aside cards."))
    if len(takers) == 1:
        text = f"{cap(SIDE_NAME[takers[0]])} drew the set-aside card."
    else:
        text = "Each player drew one of the set-aside cards at random."
    return [Event(text=text), *events]


def place_forced(state: AbordajeState) -> list[Event]:
    """Place a one-card hand at once (ABO-GAP-11); no events when nobody is forced.

    Only a hand of exactly one card is forced: a hand holding two copies of one kind still gets its prompt,
    since answering it instantly would tell the opponent what the hand holds.
    """
    number = state.play_order()[state.step]
    for side in SIDES:
        if side not in state.board.card(number).orders and len(state.hands[side]) == 1:
            return place(state, side, state.hands[side][0], forced=True)
    return []
