"""Intruder figures, the bag, and intruder attacks (DER-INTRUDER-*, DER-BAG-*, DER-COLLISION-5..8,
DER-ATTACK-*).

Bag draws are uniform over the bag's tokens kept in sorted order, so a rigged generator picks a token by its
position among the sorted ids.
"""

from __future__ import annotations

from engine.core import Event

from .board import character_name, characters_in, room_name, stamp
from .cards import take_infection
from .catalog import CATALOG
from .harm import give_slime, kill, latch, light_wound, serious_wound
from .state import DerelictState, Intruder, Player, draw_top

BLANK = "blank"


def type_name(kind: str) -> str:
    return CATALOG.intruder[kind].name  # type: ignore[index]


def article(kind: str) -> str:
    return "an" if type_name(kind)[0] in "AEIOU" else "a"


def free_figures(state: DerelictState, kind: str) -> int:
    """Figures of ``kind`` not on the board (latched larvae sit on character boards, DER-INFECT-4)."""
    total = CATALOG.intruder[kind].figures  # type: ignore[index]
    used = sum(1 for i in state.ship.intruders if i.type == kind)
    if kind == "larva":
        used += sum(1 for p in state.players if p.larva)
    return total - used


def add_token(state: DerelictState, kind: str, out: list[Event]) -> bool:
    """Add the lowest-numbered token of ``kind`` from the supply to the bag (nothing if none is left)."""
    ship = state.ship
    for token in (t.id for t in CATALOG.intruders.bag.tokens):
        if token in ship.supply and CATALOG.bag_token[token].type == kind:
            ship.supply.remove(token)
            ship.bag.append(token)
            out.append(Event(text=f"{article(kind).capitalize()} {type_name(kind).lower()} token is added to the bag."))
            return True
    return False


def draw_token(state: DerelictState, out: list[Event]) -> str | None:
    """Draw one token from the bag; an empty bag first gets a hunter token (DER-BAG-6, DER-COLLISION-6)."""
    ship = state.ship
    if not ship.bag and not add_token(state, "hunter", out):
        return None
    ship.bag.sort()
    return ship.bag.pop(state.rng.randrange(len(ship.bag)))


def token_words(token: str) -> str:
    if token == BLANK:
        return "a blank token"
    t = CATALOG.bag_token[token]
    return f"{article(t.type)} {type_name(t.type).lower()} token ({t.number})"


def step_out_of_pods(state: DerelictState, room: str, out: list[Event]) -> None:
    """DER-POD-8: an intruder in a pod bay makes everyone waiting in that bay's pods step out, in combat."""
    for pod in state.ship.pods:
        if pod.bay != room or pod.launched:
            continue
        for seat in list(pod.seats):
            player = state.players[seat]
            pod.seats.remove(seat)
            player.status = "active"
            player.pod = None
            player.room = room
            out.append(Event(text=f"{character_name(player)} steps out of pod {pod.number} into the bay."))


def place(state: DerelictState, kind: str, room: str, token: str | None, out: list[Event]) -> Intruder | None:
    """Put a figure of ``kind`` in ``room`` if one is free (DER-INTRUDER-2/3)."""
    if free_figures(state, kind) <= 0:
        return None
    ship = state.ship
    intruder = Intruder(id=ship.next_intruder, type=kind, room=room, token=token, arrived=stamp(state))
    ship.next_intruder += 1
    ship.intruders.append(intruder)
    out.append(
        Event(text=f"{article(kind).capitalize()} {type_name(kind).lower()} appears in {room_name(state, room)}.")
    )
    step_out_of_pods(state, room, out)
    return intruder


def place_from_supply(state: DerelictState, kind: str, room: str, out: list[Event]) -> Intruder | None:
    """DER-INTRUDER-3: a figure placed without a draw takes a supply token of its type if one is left."""
    if free_figures(state, kind) <= 0:
        return None
    ship = state.ship
    token = next((t.id for t in CATALOG.intruders.bag.tokens if t.id in ship.supply and t.type == kind), None)
    if token is not None:
        ship.supply.remove(token)
    return place(state, kind, room, token, out)


def place_drawn(state: DerelictState, token: str, room: str, out: list[Event]) -> Intruder | None:
    """DER-COLLISION-7: place the drawn token's figure, recalling idle figures of its type if none is free."""
    ship = state.ship
    kind = CATALOG.bag_token[token].type
    if free_figures(state, kind) <= 0:
        engaged = {p.room for p in state.players if p.status == "active"}
        idle = [i for i in ship.intruders if i.type == kind and i.room not in engaged]
        for i in idle:
            remove_to_bag(state, i)
        if idle:
            out.append(Event(text=f"Every idle {type_name(kind).lower()} slips back into the dark."))
    if free_figures(state, kind) <= 0:
        ship.bag.append(token)
        out.append(Event(text=f"No {type_name(kind).lower()} figure is free: nothing appears."))
        return None
    return place(state, kind, room, token, out)


def remove_to_bag(state: DerelictState, intruder: Intruder) -> None:
    """DER-INTRUDER-6: the figure leaves the board, its wounds are discarded, its token goes back."""
    ship = state.ship
    ship.intruders = [i for i in ship.intruders if i.id != intruder.id]
    if intruder.token is not None:
        ship.bag.append(intruder.token)


def move_intruder(state: DerelictState, intruder: Intruder, room: str, out: list[Event]) -> None:
    """Move a figure into a room (DER-INTRUDER-5: no collision, no surprise attack)."""
    intruder.room = room
    intruder.arrived = stamp(state)
    step_out_of_pods(state, room, out)


def draw_attack_card(state: DerelictState) -> str:
    """DER-ATTACK-4: reveal the top attack card; an empty deck is rebuilt from its discard."""
    ship = state.ship
    card = draw_top(state.rng, ship.attack_deck, ship.attack_discard)
    assert card is not None, "the 20 attack cards are always in the deck or its discard"
    ship.attack_discard.append(card)
    return card


def attack_card(card: str) -> tuple[str, tuple[str, ...], int, bool]:
    """(card id, symbols, endurance, flee mark) of an attack card instance such as ``"maul4"``."""
    for key, card_kind, endurance, flee in CATALOG.attack_cards:
        if key == card:
            return card_kind.id, card_kind.symbols, endurance, flee
    raise KeyError(card)


def attack_target(state: DerelictState, room: str) -> Player | None:
    """DER-ATTACK-3: the character here with the fewest cards in hand, ties to the earliest in turn order."""
    from .board import turn_order

    here = [p for p in turn_order(state) if p.status == "active" and p.room == room]
    if not here:
        return None
    return min(here, key=lambda p: len(p.hand))


def attack(
    state: DerelictState, intruder: Intruder, target: Player, out: list[Event], *, shriek_ok: bool = True
) -> None:
    """DER-ATTACK-2: reveal an attack card; its effect applies if the attacker's symbol is on it."""
    card = draw_attack_card(state)
    kind, symbols, _, _ = attack_card(card)
    name = next(a.name for a in CATALOG.intruders.attacks if a.id == kind)
    who = character_name(target)
    attacker = type_name(intruder.type)
    if target.braced:
        target.braced = False
        out.append(Event(text=f"The {attacker.lower()} attacks {who}: {name}, but {who} is braced and it misses."))
        return
    if intruder.type not in symbols:
        out.append(Event(text=f"The {attacker.lower()} attacks {who}: {name}, a miss."))
        return
    out.append(Event(text=f"The {attacker.lower()} attacks {who}: {name}."))
    if intruder.type == "larva":
        latch(state, intruder, target, out)
        return
    if kind == "maul":
        if len(target.serious) >= 2:
            kill(state, target, f"mauled by a {attacker.lower()}", out)
        else:
            serious_wound(state, target, out)
    elif kind == "impale":
        if target.serious:
            kill(state, target, f"impaled by a {attacker.lower()}", out)
        else:
            serious_wound(state, target, out)
    elif kind == "rake":
        light_wound(state, target, out)
        if target.status != "dead":
            take_infection(state, target, out)
    elif kind == "slash":
        light_wound(state, target, out)
        light_wound(state, target, out)
        if target.status != "dead":
            take_infection(state, target, out)
    elif kind == "spit":
        give_slime(target, out)
        take_infection(state, target, out)
    elif kind == "frenzy":
        for p in characters_in(state, intruder.room):
            if len(p.serious) >= 2:
                kill(state, p, f"torn apart in a {attacker.lower()}'s frenzy", out)
            else:
                serious_wound(state, p, out)
    elif kind == "metamorphosis":
        if free_figures(state, "brooder") > 0:
            intruder.type = "brooder"
            out.append(Event(text=f"The crawler in {room_name(state, intruder.room)} becomes a brooder."))
            if not target.hand:
                attack(state, intruder, target, out, shriek_ok=shriek_ok)
    elif kind == "shriek" and shriek_ok:
        token = draw_token(state, out)
        if token is None or token == BLANK:
            if token is not None:
                state.ship.bag.append(token)
            out.append(Event(text="The shriek echoes, but nothing answers."))
        else:
            out.append(Event(text=f"The shriek calls {token_words(token)} from the bag."))
            place_drawn(state, token, intruder.room, out)
