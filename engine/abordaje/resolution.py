"""Everything in a turn after the last placement, in order (ABO-TURN-1, ABO-GAP-8).

Swapping tactics → captain movement → reveal → counter cancels → navy discipline at priority 0 → priorities
1 to 6 (cards in play direction, the initiative player's first on each card, ABO-GAP-7) → withdrawal →
extermination → control and conquest → end of turn. ``play_turn`` is written straight through; see
``script.py`` for how it pauses for answers.
"""

from __future__ import annotations

from itertools import combinations

from engine.core import Choice, Event

from .catalog import CATALOG, SIDES
from .control import (
    check_conquest_victory,
    check_control,
    check_extermination,
    conquer,
    return_captains,
    withdraw_captains,
)
from .orders import choose_fight_decks, confronted_decks, execute, possessive, resolve_fights
from .script import AwaitAnswer, Script
from .state import CAPTAIN_NAME, SIDE_NAME, AbordajeState, Resolution, Spot, cap, deck_name, other, spot_code
from .view import Side


def begin_resolution(state: AbordajeState) -> None:
    """Snapshot the board and generator once every card holds both orders (ABO-ASSIGN-5)."""
    state.phase = "orders"
    state.resolution = Resolution(board=state.board.clone(), rng=state.rng.clone())


def run_resolution(state: AbordajeState) -> tuple[list[Event], bool]:
    """Run the resolution from its snapshot with the answers given so far.

    Returns the events not handed out before and whether the turn's resolution is complete; when it is not,
    ``state.resolution.pending`` holds the next question.
    """
    resolution = state.resolution
    assert resolution is not None
    state.board = resolution.board.clone()
    state.rng = resolution.rng.clone()
    script = Script(state, resolution.answers)
    try:
        play_turn(script)
        finished = True
    except AwaitAnswer as wait:
        resolution.pending = wait.decision
        finished = False
    events = script.events[resolution.narrated :]
    resolution.narrated = len(script.events)
    if finished:
        state.resolution = None
        if state.board.winner is not None or state.board.tie:
            state.phase = "over"
    return events, finished


def play_turn(s: Script) -> None:
    """The resolution of one turn, from swapping tactics to the end-of-turn summary."""
    swapping_tactics(s)
    captain_movement(s)
    reveal(s)
    counter_cancels(s)
    navy_discipline(s)
    execute_priorities(s)
    withdraw_captains(s)
    if check_extermination(s):
        return
    conquered = check_control(s)
    if conquered:
        conquer(s, conquered)
        if check_conquest_victory(s):
            return
        return_captains(s)
    board = s.board
    s.say(
        f"End of turn {s.state.turn}. Crew in play: the Pirates {board.in_play('pirate')}, the Spanish "
        f"{board.in_play('spanish')}. Conquests: the Pirates {board.conquests['pirate']}, the Spanish "
        f"{board.conquests['spanish']}.",
        headline=True,
    )


# --- Swapping tactics -------------------------------------------------------------------------------------


def swapping_tactics(s: Script) -> None:
    """Each entitled side may exchange two of its face-down orders (ABO-SWAP-*, ABO-GAP-24)."""
    board = s.board
    numbers = board.active_numbers()
    for side in s.state.swappers():
        kinds = {n: board.order(n, side) for n in numbers}
        choices = [Choice(id="pass", label="Keep every order where it is")]
        for a, b in combinations(numbers, 2):
            order_a, order_b = kinds[a], kinds[b]
            assert order_a is not None and order_b is not None
            label = f"Swap card {a} ({CATALOG.name(order_a.kind)}) and card {b} ({CATALOG.name(order_b.kind)})"
            if order_a.kind == order_b.kind:  # kept: the other side sees a swap, never which orders, so a feint
                label = f"Feint with card {a} and card {b} (both {CATALOG.name(order_a.kind)}): the enemy sees a swap"
            choices.append(Choice(id=f"{a}-{b}", label=label))
        answer = s.ask(
            side,
            Script.code("sw", None, side),
            "Swapping tactics: exchange the places of two of your face-down orders?",
            choices,
            stage="swap",
            private=True,
        )
        if answer == "pass":
            s.say(f"{cap(SIDE_NAME[side])} keep their orders in place.")
            continue
        a, b = (int(x) for x in answer.split("-"))
        card_a, card_b = board.card(a), board.card(b)
        card_a.orders[side], card_b.orders[side] = card_b.orders[side], card_a.orders[side]
        board.swapped[side] = (a, b)
        s.say(f"{cap(SIDE_NAME[side])} swap their face-down orders on ship-deck cards {a} and {b}.")
        s.tell(
            side,
            f"You swapped: {CATALOG.name(card_a.orders[side].kind)} is now on card {a}, "
            f"{CATALOG.name(card_b.orders[side].kind)} on card {b}.",
        )


# --- Captain movement -------------------------------------------------------------------------------------


def captain_destinations(s: Script, side: Side) -> list[Spot]:
    """One step along his current ship, or back to his own, onto a deck he may stand on (ABO-CAPT-1..4)."""
    board = s.board
    number, ship = board.captains[side]
    steps: list[Spot] = [(n, ship) for n in board.neighbours(number)]
    if ship != side:
        steps.append((number, side))
    return [
        spot for spot in steps if board.crew(spot, side) > 0 or (spot[1] == side and board.crew(spot, other(side)) == 0)
    ]


def captain_movement(s: Script) -> None:
    """Each captain may move one step, the initiative player's first (ABO-CAPT-3, ABO-CAPT-5)."""
    for side in s.state.by_initiative:
        destinations = captain_destinations(s, side)
        if not destinations:
            s.say(f"{cap(CAPTAIN_NAME[side])} has no deck to move to and stays.")
            continue
        here = s.board.captains[side]
        choices = [Choice(id="stay", label=f"Stay on {deck_name(here)}")] + [
            Choice(id=spot_code(spot), label=f"Move to {deck_name(spot)}") for spot in destinations
        ]
        answer = s.ask(
            side,
            Script.code("cp", None, side),
            "Move your captain one step, or stay?",
            choices,
            stage="captain",
        )
        target = next((spot for spot in destinations if spot_code(spot) == answer), None)
        if target is None:
            s.say(f"{cap(CAPTAIN_NAME[side])} stays on {deck_name(here)}.")
        else:
            s.board.captains[side] = target
            s.say(f"{cap(CAPTAIN_NAME[side])} moves to {deck_name(target)}.")


# --- Reveal, counters, navy discipline, priorities --------------------------------------------------------


def reveal(s: Script) -> None:
    """Every placed order is turned face up at once (ABO-ORDER-1)."""
    s.board.revealed = True
    parts = []
    for number in s.state.play_order():
        names = []
        for side in SIDES:
            order = s.board.order(number, side)
            assert order is not None
            names.append(f"{SIDE_NAME[side].removeprefix('the ')} {CATALOG.name(order.kind)}")
        parts.append(f"card {number}: {', '.join(names)}")
    s.say("Orders revealed. " + "; ".join(parts) + ".")


def counter_cancels(s: Script) -> None:
    """Repel!/Take cover! facing the card it counters: cancel, keep, or both with the captain (ABO-ORDER-4).

    The initiative player decides first, each player's cards in play direction (ABO-GAP-18).
    """
    board = s.board
    for side in s.state.by_initiative:
        for number in s.state.play_order():
            mine = board.live_order(number, side)
            theirs = board.live_order(number, other(side))
            if mine is None or theirs is None or not CATALOG.cancels(mine.kind, theirs.kind):
                continue
            mine_name, theirs_name = CATALOG.name(mine.kind), CATALOG.name(theirs.kind)
            choices = [
                Choice(id="cancel", label=f"Cancel their {theirs_name} (both cards are spent)"),
                Choice(id="keep", label=f"Let it be; keep {mine_name} to reinforce & move"),
            ]
            if board.captain_on_card(side, number):
                choices.append(Choice(id="both", label=f"Cancel their {theirs_name} and still reinforce & move"))
            answer = s.ask(
                side,
                Script.code("ct", number, side),
                f"Your {mine_name} on card {number} faces {possessive(other(side))} {theirs_name}: cancel it?",
                choices,
            )
            if answer == "keep":
                s.say(f"{cap(SIDE_NAME[side])} keep their {mine_name} on card {number} to reinforce & move.")
                continue
            theirs.spent = True
            s.cancelled_with.add((number, side))
            text = f"{cap(possessive(side))} {mine_name} cancels {possessive(other(side))} {theirs_name}"
            if answer == "cancel":
                mine.spent = True
                s.say(f"{text} on card {number}.")
            else:
                s.say(f"{text} on card {number}; with the captain present it will still reinforce & move.")


def navy_discipline(s: Script) -> None:
    """Advanced game: the Spanish may execute the order on their captain's card first (ABO-ADV-NAVY-*).

    Excluded where priorities are ignored (ABO-ADV-NAVY-2): a cancelled card, a counter that cancelled, or a
    Fight! sharing one combat with a pirate Fight! (deck choices are made first, ABO-GAP-19).
    """
    if not CATALOG.variant(s.state.variant).navy_discipline:
        return
    board = s.board
    number = board.captains["spanish"][0]
    order = board.live_order(number, "spanish")
    if order is None or (number, "spanish") in s.cancelled_with:
        return
    pirate_order = board.live_order(number, "pirate")
    if order.kind == "fight" and pirate_order is not None and pirate_order.kind == "fight":
        if len(confronted_decks(board, number)) < 2:
            return
        decks = choose_fight_decks(s, number, list(s.state.by_initiative))
        if decks["pirate"] == decks["spanish"]:
            return
    name = CATALOG.name(order.kind)
    use = s.yes_no(
        "spanish",
        "nv",
        f"Navy discipline: execute your {name} on card {number} before every other order?",
        f"Yes, {name} goes first",
        "No, keep its priority",
    )
    if not use:
        s.say("The Spanish do not use navy discipline.")
        return
    s.say(f"Navy discipline: the Spanish execute their {name} on card {number} first of all.")
    execute(s, number, "spanish")


def execute_priorities(s: Script) -> None:
    """Priorities 1 to 6; within one, cards in play direction, the initiative player's first (ABO-GAP-7)."""
    board = s.board
    for priority in sorted(CATALOG.priority(kind) for kind in CATALOG.cards):
        for number in s.state.play_order():
            due = [
                side
                for side in s.state.by_initiative
                if (order := board.live_order(number, side)) is not None and CATALOG.priority(order.kind) == priority
            ]
            if not due:
                continue
            order = board.live_order(number, due[0])
            if order is not None and order.kind == "fight":
                resolve_fights(s, number, due)  # both Fight! cards of one card are settled together
            else:
                for side in due:
                    execute(s, number, side)
