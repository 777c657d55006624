"""The deck-control step that closes a turn: withdrawal, extermination, control markers and conquest.

Order (ABO-TURN-1, ABO-EXTERM-3): lone captains withdraw, then extermination is checked (and may end the
game before any control), then every enemy deck's majority places, keeps or removes a marker; a kept marker
conquers. Captains on a conquered card go back to their own ship.
"""

from __future__ import annotations

from engine.core import Choice
from engine.core.words import count

from .catalog import SIDES
from .script import Script
from .state import CAPTAIN_NAME, SIDE_NAME, Board, Spot, cap, deck_name, other, spot_code
from .view import Side


def must_withdraw(board: Board, side: Side) -> bool:
    """A captain alone with enemy crew on his deck (ABO-WITHDRAW-1)."""
    spot = board.captains[side]
    return board.crew(spot, other(side)) > 0 and board.crew(spot, side) == 0


def withdrawal_targets(board: Board, side: Side) -> list[Spot]:
    """The closest decks a lone captain may withdraw to (ABO-WITHDRAW-2, ABO-GAP-16).

    Distance counts horizontal steps along the active cards, plus one for stepping back to his own ship.
    Candidates: decks of the ship he stands on that hold his crew; and decks of his own ship holding his crew
    or free of enemy crew. He never steps onto the enemy ship.
    """
    number, ship = board.captains[side]
    active = board.active_numbers()
    here = active.index(number)
    candidates: list[tuple[int, Spot]] = []
    for index, card in enumerate(active):
        steps = abs(index - here)
        if card != number and board.crew((card, ship), side) > 0:
            candidates.append((steps, (card, ship)))
        if ship != side:
            own: Spot = (card, side)
            if board.crew(own, side) > 0 or board.crew(own, other(side)) == 0:
                candidates.append((steps + 1, own))
        elif card != number and board.crew((card, side), other(side)) == 0:
            candidates.append((steps, (card, side)))
    if not candidates:
        return []
    best = min(distance for distance, _ in candidates)
    targets: list[Spot] = []
    for distance, spot in candidates:
        if distance == best and spot not in targets:
            targets.append(spot)
    return targets


def withdraw_captains(s: Script) -> None:
    """Every captain left alone with enemy crew moves away; the initiative player's first."""
    for side in s.state.by_initiative:
        if not must_withdraw(s.board, side):
            continue
        targets = withdrawal_targets(s.board, side)
        if not targets:
            s.say(f"{cap(CAPTAIN_NAME[side])} is alone with enemy crew but has nowhere to withdraw to.")
            continue
        answer = s.ask(
            side,
            Script.code("wd", None, side),
            "Your captain is alone with enemy crew and must withdraw: to which deck?",
            [Choice(id=spot_code(t), label=f"Withdraw to {deck_name(t)}") for t in targets],
        )
        target = next(t for t in targets if spot_code(t) == answer)
        s.say(f"{cap(CAPTAIN_NAME[side])}, alone with enemy crew, withdraws to {deck_name(target)}.")
        s.board.captains[side] = target


def check_extermination(s: Script) -> bool:
    """A side with fewer crew in play than active cards loses; both at once is a tie (ABO-EXTERM-*)."""
    board = s.board
    needed = len(board.active_numbers())
    short = [side for side in SIDES if board.in_play(side) < needed]
    if not short:
        return False
    if len(short) == 2:
        board.tie = True
        board.result = (
            f"Both crews are exterminated at once (fewer crew in play than the {count(needed, 'active ship-deck card')}"
            "): the game is a tie."
        )
    else:
        loser = short[0]
        board.winner = other(loser)
        board.result = (
            f"{cap(SIDE_NAME[board.winner])} win by extermination: {SIDE_NAME[loser]} have only "
            f"{board.in_play(loser)} crew in play, fewer than the {count(needed, 'active ship-deck card')}."
        )
    s.say(board.result, headline=True)
    return True


def control_strength(board: Board, spot: Spot, side: Side) -> int:
    """``side``'s count on an enemy deck: its crew, plus its captain beside one of them (ABO-CREW-3)."""
    crew = board.crew(spot, side)
    return crew + (1 if crew > 0 and board.captains[side] == spot else 0)


def check_control(s: Script) -> list[Spot]:
    """Place, keep or remove control markers; return the decks conquered now (ABO-CONTROL-*, ABO-GAP-13)."""
    board = s.board
    conquered: list[Spot] = []
    for number in board.active_numbers():
        for ship in SIDES:
            spot: Spot = (number, ship)
            deck = board.deck(spot)
            enemy = other(ship)
            if control_strength(board, spot, enemy) > board.crew(spot, ship):
                if deck.marker > 0:
                    deck.marker = 2
                    conquered.append(spot)
                else:
                    deck.marker = 1
                    s.say(f"{cap(SIDE_NAME[enemy])} hold the majority on {deck_name(spot)}: control marker placed.")
            elif deck.marker > 0:
                deck.marker = 0
                s.say(f"{cap(SIDE_NAME[enemy])} lost the majority on {deck_name(spot)}: control marker removed.")
    return conquered


def conquer(s: Script, conquered: list[Spot]) -> None:
    """Flip the conquered cards; their crew go back to the pools (ABO-CONQUER-1..3, ABO-GAP-14)."""
    board = s.board
    for number in sorted({n for n, _ in conquered}):
        card = board.card(number)
        card.active = False
        card.conquered_by = [other(ship) for n, ship in conquered if n == number]
        returned = {side: 0 for side in SIDES}
        for ship, deck in card.decks.items():
            for side in SIDES:
                returned[side] += deck.crew[side]
                board.pool[side] += deck.crew[side]
                deck.crew[side] = 0
            if (number, ship) not in conquered:
                deck.marker = 0
        for conqueror in card.conquered_by:
            board.conquests[conqueror] += 1
            s.say(
                f"{cap(SIDE_NAME[conqueror])} conquer {deck_name((number, other(conqueror)))} "
                f"(conquest {board.conquests[conqueror]} of 2)!"
            )
        s.say(
            f"Ship-deck card {number} is flipped and leaves play; its crew go back to the pools "
            f"({returned['pirate']} pirate, {returned['spanish']} Spanish)."
        )


def check_conquest_victory(s: Script) -> bool:
    """Two conquests win; both reaching two in the same step is a tie (ABO-END-1, ABO-END-3, ABO-GAP-15)."""
    board = s.board
    done = [side for side in SIDES if board.conquests[side] >= 2]
    if not done:
        return False
    if len(done) == 2:
        board.tie = True
        board.result = "Both players conquered their second deck in the same turn: the game is a tie."
    else:
        board.winner = done[0]
        board.result = f"{cap(SIDE_NAME[done[0]])} win by conquering two enemy decks."
    s.say(board.result, headline=True)
    return True


def return_captains(s: Script) -> None:
    """Captains on a flipped card go back to their own ship beside it (ABO-CONQUER-4, ABO-GAP-26).

    There is always a card to go to: this runs only when the conquest did not end the game, so each player
    has at most one conquest and at most two of the four or five cards are flipped; the nearest active card
    on either side of the flipped one is adjacent to it (ABO-CONQUER-6). The test
    ``test_a_captain_on_a_conquered_card_always_has_a_card_to_return_to`` checks every such layout.
    """
    board = s.board
    for side in s.state.by_initiative:
        number, _ = board.captains[side]
        if board.card(number).active:
            continue
        options = board.neighbours(number)
        assert options, f"no active card left beside card {number}, yet the game goes on"
        answer = s.ask(
            side,
            Script.code("rt", None, side),
            f"Ship-deck card {number} was conquered: onto which deck of your ship does your captain return?",
            [Choice(id=str(n), label=f"Your deck of card {n}") for n in options],
        )
        target: Spot = (int(answer), side)
        board.captains[side] = target
        s.say(f"{cap(CAPTAIN_NAME[side])} returns to {deck_name(target)}.")
