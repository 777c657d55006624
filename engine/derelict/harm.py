"""Wounds, slime, larvae and death of characters (DER-WOUND-*, DER-INFECT-4..7, DER-SLIME-1).

Every way a character is hurt goes through these functions, so the Marine's trait, the 3-serious-wound
limit and the end condition of DER-END-3 are applied once, in one place.
"""

from __future__ import annotations

from engine.core import Event

from .board import character_name
from .catalog import CATALOG
from .ending import check_last_awake
from .state import DerelictState, Intruder, Player, SeriousWound, draw_top


def kill(state: DerelictState, player: Player, cause: str, out: list[Event]) -> None:
    """DER-WOUND-6/7: the figure leaves a corpse, drops what it holds, loses its items; pods unlock at the
    first death; the end condition of DER-END-3 is checked at once."""
    if player.status == "dead":
        return
    first_death = not any(p.status == "dead" for p in state.players)
    was_active = player.status == "active"
    player.status = "dead"
    player.cause = cause
    name = character_name(player)
    out.append(Event(text=f"{name} dies ({cause}).", headline=True))
    ship = state.ship
    if was_active:
        room = ship.objects.setdefault(player.room, [])
        room.append(f"corpse:{player.character}")
        room.extend(player.held)
    player.held = []
    for item in player.items:
        ship.item_discards.setdefault(CATALOG.item_cards[item].deck or "crafted", []).append(item)
    player.items = []
    player.weapons = []
    ship.wound_discard.extend(w.card for w in player.serious if w.card is not None)
    player.serious = []
    if player.larva:
        player.larva = False
    if first_death:
        unlocked = [pod for pod in ship.pods if pod.locked and not pod.launched]
        for pod in unlocked:
            pod.locked = False
        if unlocked:
            out.append(Event(text="The first death aboard unlocks every escape pod."))
    check_last_awake(state, out)


def serious_wound(state: DerelictState, player: Player, out: list[Event]) -> None:
    """DER-WOUND-2/3: draw a serious wound card (refilled from its discard); a fourth wound kills."""
    if len(player.serious) >= 3:
        kill(state, player, "a wound too many", out)
        return
    card = draw_top(state.rng, state.ship.wound_deck, state.ship.wound_discard)
    player.serious.append(SeriousWound(card=card))
    what = "" if card is None else f": {wound_name(card)}"
    out.append(Event(text=f"{character_name(player)} suffers a serious wound{what}."))


def wound_name(card: str) -> str:
    return next(w.name for w in CATALOG.ship.wounds if w.id == card)


def light_wound(state: DerelictState, player: Player, out: list[Event]) -> None:
    """DER-WOUND-1: a third light wound becomes a serious one; the Marine ignores the first each round."""
    if player.status != "active" and player.status != "pod":
        return
    if player.character == "marine" and not player.hardened_used:
        player.hardened_used = True
        out.append(Event(text=f"{character_name(player)} shrugs off a light wound (Hardened)."))
        return
    if len(player.serious) >= 3:
        kill(state, player, "a wound too many", out)
        return
    player.light += 1
    if player.light < 3:
        out.append(Event(text=f"{character_name(player)} suffers a light wound ({player.light} of 3)."))
        return
    player.light = 0
    out.append(Event(text=f"{character_name(player)}'s third light wound becomes a serious one."))
    serious_wound(state, player, out)


def has_wound(player: Player, card: str) -> bool:
    """Whether an undressed serious wound of this kind applies (copies do not stack, DER-WOUND-2)."""
    return any(w.card == card and not w.dressed for w in player.serious)


def give_slime(player: Player, out: list[Event]) -> None:
    """DER-SLIME-1: at most one slime marker."""
    if not player.slime:
        player.slime = True
        out.append(Event(text=f"{character_name(player)} is covered in slime."))


def burst(state: DerelictState, player: Player, cause: str, out: list[Event]) -> None:
    """A second larva (DER-INFECT-4/6) kills the character, and a crawler appears in their room."""
    room = player.room
    kill(state, player, cause, out)
    from .intruders import place_from_supply

    place_from_supply(state, "crawler", room, out)


def larva_on_board(state: DerelictState, player: Player, out: list[Event]) -> None:
    """DER-INFECT-6: a larva sits on the character's board, or, if one is already there, they die."""
    if player.larva:
        burst(state, player, "a second larva burst out", out)
        return
    player.larva = True
    out.append(Event(text=f"A larva settles on {character_name(player)}'s character board."))


def latch(state: DerelictState, larva: Intruder, player: Player, out: list[Event]) -> None:
    """DER-INFECT-4: the larva leaves the room onto the target's board; its token leaves the game."""
    from .cards import take_infection

    ship = state.ship
    ship.intruders = [i for i in ship.intruders if i.id != larva.id]
    if larva.token is not None:
        ship.gone.append(larva.token)
    out.append(Event(text=f"A larva latches onto {character_name(player)}."))
    take_infection(state, player, out)
    if player.larva:
        burst(state, player, "a second larva burst out", out)
        return
    player.larva = True
