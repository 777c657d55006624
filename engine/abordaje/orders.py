"""What each order does when it executes: Fight!, Boarding!, Fire!, Repel!/Take cover! and Stand up!.

Every function takes the running ``Script``, the ship-deck card number and the side whose order executes.
"Your deck" is that side's deck of the card, "the opposite deck" the other side of the same card.
"""

from __future__ import annotations

from engine.core import Choice

from .catalog import CATALOG, SIDES
from .script import Script
from .state import (
    CAPTAIN_NAME,
    SIDE_NAME,
    Board,
    Spot,
    cap,
    crew_words,
    deck_name,
    other,
    spot_code,
)
from .view import Side


def possessive(side: Side) -> str:
    return {"pirate": "the Pirates'", "spanish": "the Spanish"}[side]


def order_title(side: Side, number: int, board: Board) -> str:
    """``The Pirates' Boarding! on card 3``."""
    order = board.order(number, side)
    assert order is not None
    return f"{cap(possessive(side))} {CATALOG.name(order.kind)} on card {number}"


def execute(s: Script, number: int, side: Side) -> None:
    """Carry out the live order of ``side`` on card ``number`` and mark it spent."""
    order = s.board.live_order(number, side)
    assert order is not None, f"no live order of {side} on card {number}"
    if order.kind == "fight":
        resolve_fights(s, number, [side])
        return
    title = order_title(side, number, s.board)
    order.spent = True
    if order.kind == "boarding":
        board_across(s, number, side, title)
    elif order.kind == "fire":
        fire(s, number, side, title)
    elif order.kind in ("repel", "take_cover"):
        reinforce_and_move(s, number, side, title)
    else:
        stand_up(s, number, side, title)


# --- Fight! (priority 1) ---------------------------------------------------------------------------------


def confronted_decks(board: Board, number: int) -> list[Side]:
    """Decks of card ``number`` with crew of both colours; captains do not count (ABO-FIGHT-1, ABO-GAP-10)."""
    return [
        ship for ship in SIDES if board.crew((number, ship), "pirate") > 0 and board.crew((number, ship), "spanish") > 0
    ]


def choose_fight_decks(s: Script, number: int, fighters: list[Side]) -> dict[Side, Side | None]:
    """Where each Fight! on card ``number`` applies (ABO-FIGHT-6, ABO-FIGHT-7); ``None``: nowhere to fight.

    ``fighters`` is in initiative order, which is the order they choose in. A choice made ahead of time for
    navy discipline (ABO-GAP-19) is kept.
    """
    confronted = confronted_decks(s.board, number)
    decks: dict[Side, Side | None] = {}
    for side in fighters:
        if (number, side) in s.fight_decks:
            decks[side] = s.fight_decks[(number, side)]
        elif not confronted:
            decks[side] = None
        elif len(confronted) == 1:
            decks[side] = confronted[0]
        else:
            choices = [Choice(id=ship, label=fight_label(s.board, (number, ship))) for ship in confronted]
            answer = s.ask(
                side,
                Script.code("fd", number, side),
                f"Both decks of ship-deck card {number} hold both crews: where does your Fight! apply?",
                choices,
            )
            chosen: Side = "pirate" if answer == "pirate" else "spanish"
            decks[side] = chosen
            s.fight_decks[(number, side)] = chosen
            s.say(f"{cap(SIDE_NAME[side])} fight on {deck_name((number, chosen))}.")
    return decks


def fight_label(board: Board, spot: Spot) -> str:
    """``Fight on the pirate deck of card 2 (2 pirate v 1 Spanish)``."""
    crews = f"{board.crew(spot, 'pirate')} pirate v {board.crew(spot, 'spanish')} Spanish"
    return f"Fight on {deck_name(spot)} ({crews})"


def resolve_fights(s: Script, number: int, fighters: list[Side]) -> None:
    """The live Fight! cards of ``fighters`` on card ``number``: one combat or two (ABO-FIGHT-8, -9)."""
    for side in fighters:
        order = s.board.live_order(number, side)
        assert order is not None
        order.spent = True
    decks = choose_fight_decks(s, number, fighters)
    if len(fighters) == 2 and decks[fighters[0]] == decks[fighters[1]] and decks[fighters[0]] is not None:
        ship = decks[fighters[0]]
        assert ship is not None
        combat(s, (number, ship), fighters)
        return
    for side in fighters:
        ship = decks[side]
        if ship is None:
            s.say(f"{cap(possessive(side))} Fight! on card {number} finds no deck with both crews: no combat.")
        else:
            combat(s, (number, ship), [side])


def combat(s: Script, spot: Spot, fighters: list[Side]) -> None:
    """One combat on one deck, in the three steps of ABO-FIGHT-2..5."""
    board = s.board

    def over() -> bool:
        return board.crew(spot, "pirate") == 0 or board.crew(spot, "spanish") == 0

    who = " and ".join(possessive(side) for side in fighters)
    head = f"Fight! ({who}) on {deck_name(spot)}"
    if over():
        s.say(f"{head}: the deck no longer holds both crews, no combat.")
        return
    start = {side: board.crew(spot, side) for side in SIDES}
    steps: list[str] = []
    # Step 1: a fighting side's captain in the deck kills one enemy; both at once (ABO-GAP-9).
    for side in fighters:
        if board.captains[side] == spot:
            board.kill(spot, other(side))
            steps.append(f"{CAPTAIN_NAME[side]} kills 1 {'Spanish' if side == 'pirate' else 'pirate'} crew")
    if not over():
        # Step 2: a side without a Fight! applying here loses one.
        for side in SIDES:
            if side not in fighters:
                board.kill(spot, side)
                steps.append(f"{SIDE_NAME[side]}, with no Fight! here, lose 1")
        if not over():
            # Step 3: both lose one.
            for side in SIDES:
                board.kill(spot, side)
            steps.append("both sides lose 1")
    lost = {side: start[side] - board.crew(spot, side) for side in SIDES}
    s.say(
        f"{head}: {'; '.join(steps)}. The Pirates lose {lost['pirate']}, the Spanish {lost['spanish']}; "
        f"{board.crew(spot, 'pirate')} pirate and {board.crew(spot, 'spanish')} Spanish crew remain there."
    )


# --- Boarding! (priority 2) ------------------------------------------------------------------------------


def board_across(s: Script, number: int, side: Side, title: str) -> None:
    """Kill one enemy opposite, move two across (mandatory), maybe a third and the captain (ABO-CARD-BOARD-*).

    The third crew and the captain's crossing are the owner's choice (ABO-CARD-GEN-1).
    """
    board = s.board
    mine: Spot = (number, side)
    opposite: Spot = (number, other(side))
    killed = board.kill(opposite, other(side))
    moved = board.move(mine, opposite, side, 2)
    kill_text = f"kills {crew_words(killed, other(side))}" if killed else "finds no enemy crew to kill"
    s.say(f"{title} {kill_text} and sends {crew_words(moved, side)} across to {deck_name(opposite)}.")
    if moved == 2 and board.crew(mine, side) >= 1:
        third = s.yes_no(
            side,
            Script.code("b", number, side) + "3",
            f"Boarding! on card {number}: send a third crew across as well?",
            "Yes, a third crew crosses",
            "No, two are enough",
        )
        if third:
            board.move(mine, opposite, side)
            s.say(f"A third {'pirate' if side == 'pirate' else 'Spanish'} crew crosses on card {number}.")
    if board.captains[side] == mine:
        crosses = s.yes_no(
            side,
            Script.code("b", number, side) + "c",
            f"Boarding! on card {number}: does your captain cross to {deck_name(opposite)} too?",
            "Yes, the captain crosses",
            "No, the captain stays",
        )
        if crosses:
            board.captains[side] = opposite
            s.say(f"{cap(CAPTAIN_NAME[side])} crosses onto {deck_name(opposite)}.")


# --- Fire! (priority 3) ----------------------------------------------------------------------------------


def fire(s: Script, number: int, side: Side, title: str) -> None:
    """Two random tokens of any colour on the opposite deck die; a present captain picks off one more enemy.

    Tokens are listed pirates first, then Spanish, and drawn with ``randrange`` without replacement
    (ABO-GAP-5); with fewer than two tokens all of them die (ABO-GAP-4). Captains are never hit
    (ABO-CARD-FIRE-4).
    """
    board = s.board
    target: Spot = (number, other(side))
    tokens: list[Side] = []
    for colour in SIDES:
        tokens += [colour] * board.crew(target, colour)
    hits = {"pirate": 0, "spanish": 0}
    for _ in range(min(2, len(tokens))):
        hits[tokens.pop(s.state.rng.randrange(len(tokens)))] += 1
    for colour in SIDES:
        board.kill(target, colour, hits[colour])
    if not any(hits.values()):
        s.say(f"{title} hits {deck_name(target)}, but no crew is there.")
    else:
        dead = " and ".join(crew_words(hits[c], c) for c in SIDES if hits[c])
        s.say(f"{title} hits {deck_name(target)}: {dead} {'dies' if sum(hits.values()) == 1 else 'die'}.")
    if board.captain_on_card(side, number):
        if board.kill(target, other(side)):
            s.say(f"{cap(CAPTAIN_NAME[side])} picks off {crew_words(1, other(side))} more.")
        else:
            s.say(f"{cap(CAPTAIN_NAME[side])} finds no enemy crew left to pick off.")


# --- Repel! / Take cover! option B, and Stand up! ----------------------------------------------------------


def legal_moves(board: Board, number: int, side: Side) -> list[tuple[Spot, Spot]]:
    """The single-crew moves of reinforce & move: each leaves or reaches ``side``'s deck of card ``number``.

    Horizontally to or from an adjacent deck of the own ship (ABO-CARD-MOVE-2); vertically back from the enemy
    deck of this card (ABO-CARD-MOVE-3), or onto it only where ``side`` already has crew (ABO-CARD-MOVE-4).
    """
    mine: Spot = (number, side)
    enemy_deck: Spot = (number, other(side))
    moves: list[tuple[Spot, Spot]] = []
    for neighbour in board.neighbours(number):
        adjacent: Spot = (neighbour, side)
        if board.crew(mine, side) > 0:
            moves.append((mine, adjacent))
        if board.crew(adjacent, side) > 0:
            moves.append((adjacent, mine))
    if board.crew(enemy_deck, side) > 0:
        moves.append((enemy_deck, mine))
        if board.crew(mine, side) > 0:
            moves.append((mine, enemy_deck))
    return moves


def reinforce(s: Script, number: int, side: Side, code: str, question: str) -> None:
    """An optional crew from the pool onto ``side``'s deck of the card (ABO-CARD-MOVE-5, ABO-GAP-12)."""
    board = s.board
    mine: Spot = (number, side)
    if board.pool[side] == 0:
        s.say(f"{cap(SIDE_NAME[side])} have no crew in their pool to reinforce with.")
        return
    if s.yes_no(side, code, question, "Yes, 1 crew from the pool", "No reinforcement"):
        board.pool[side] -= 1
        board.deck(mine).crew[side] += 1
        s.say(f"{cap(SIDE_NAME[side])} put 1 crew from their pool on {deck_name(mine)}.")
    else:
        s.say(f"{cap(SIDE_NAME[side])} put no crew from their pool on card {number}.")


def reinforce_and_move(s: Script, number: int, side: Side, title: str) -> None:
    """Option B of Repel! and Take cover!: reinforce first, then move (ABO-CARD-REPEL-2, ABO-GAP-25)."""
    s.say(f"{title}: reinforce & move.")
    reinforce(
        s,
        number,
        side,
        Script.code("r", number, side),
        f"Reinforce & move on card {number}: put 1 crew from your pool on your deck?",
    )
    moves = legal_moves(s.board, number, side)
    if not moves:
        s.say(f"{cap(SIDE_NAME[side])} have no crew that can move from or to card {number}.")
        return
    choices = [Choice(id="none", label="Move nobody")] + [
        Choice(id=f"{spot_code(a)}-{spot_code(b)}", label=f"From {deck_name(a)} to {deck_name(b)}") for a, b in moves
    ]
    answer = s.ask(side, Script.code("m", number, side), f"Reinforce & move on card {number}: move 1 crew?", choices)
    for a, b in moves:
        if answer == f"{spot_code(a)}-{spot_code(b)}":
            s.board.move(a, b, side)
            s.say(f"{cap(SIDE_NAME[side])} move 1 crew from {deck_name(a)} to {deck_name(b)}.")
            return
    s.say(f"{cap(SIDE_NAME[side])} move nobody.")


def stand_up(s: Script, number: int, side: Side, title: str) -> None:
    """1 crew from the pool; with the captain present, also 1 back from the losses (ABO-CARD-STAND-*)."""
    board = s.board
    mine: Spot = (number, side)
    s.say(f"{title}.")
    reinforce(
        s,
        number,
        side,
        Script.code("r", number, side),
        f"Stand up! on card {number}: put 1 crew from your pool on your deck?",
    )
    if not board.captain_on_card(side, number):
        return
    if board.losses[side] == 0:
        s.say(f"{cap(CAPTAIN_NAME[side])} is here, but {SIDE_NAME[side]} have no losses to bring back.")
        return
    back = s.yes_no(
        side,
        Script.code("l", number, side),
        f"Stand up! on card {number} with your captain: bring 1 crew back from your losses?",
        "Yes, 1 crew back from the losses",
        "No",
    )
    if back:
        board.losses[side] -= 1
        board.deck(mine).crew[side] += 1
        s.say(f"{cap(CAPTAIN_NAME[side])} rallies 1 crew back from the losses onto {deck_name(mine)}.")
