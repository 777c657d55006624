"""The event phase: time, intruder attacks, fire, one event card, one bag token (DER-ROUND-4, DER-EVENT-*,
DER-EVCARD-*, DER-BAG-*). It needs no input: the engine resolves it all and the host posts one summary.
"""

from __future__ import annotations

from engine.core import Event

from .board import (
    characters_in,
    has_hatch,
    intruders_in,
    is_explored,
    kind_of,
    neighbours,
    room_name,
    tile_room,
    turn_order,
)
from .cards import draw_one
from .catalog import CATALOG
from .combat import destroy_eggs, wound_intruder
from .ending import explode, hyperjump
from .harm import burst, latch, light_wound
from .hazards import can_hold_malfunction, place_fire, place_malfunction
from .infection import infection_procedure, scan
from .intruders import (
    BLANK,
    add_token,
    attack,
    attack_target,
    draw_token,
    free_figures,
    move_intruder,
    place,
    remove_to_bag,
    token_words,
    type_name,
)
from .noise import collision, fill_exits, may_roll_for_event, noise_roll, weakness_revealed
from .pods import launch, unlock_all
from .state import DerelictState, Intruder, draw_top, is_infection
from .tuning import time_track, tuning


def event_phase(state: DerelictState, out: list[Event]) -> None:
    """DER-ROUND-4: the five steps in order; an end condition stops it at once (``GameOver``)."""
    out.append(Event(text=f"Event phase of round {state.round}.", headline=True))
    advance_tracks(state, out)
    intruder_attacks(state, out)
    fire_step(state, out)
    event_card(state, out)
    bag_step(state, out)


def advance_tracks(state: DerelictState, out: list[Event]) -> None:
    """DER-EVENT-1/2, DER-SELF-3/4: time advances; an armed self-destruct too; the explosion wins a tie."""
    ship = state.ship
    ship.time += 1
    spaces = time_track(state).spaces
    out.append(Event(text=f"Time advances to space {ship.time} of {spaces}."))
    if ship.self_destruct is not None:
        ship.self_destruct += 1
        out.append(Event(text=f"The self-destruct advances to space {ship.self_destruct}."))
        if ship.self_destruct == CATALOG.ship.self_destruct.last_disarmable + 1:
            unlock_all(state, "the self-destruct has passed the point of no return", out)
        if ship.self_destruct >= CATALOG.ship.self_destruct.spaces:
            explode(state, "the self-destruct detonates", out)
    if ship.time >= spaces:
        hyperjump(state, "the time track has run out", out)


def intruder_attacks(state: DerelictState, out: list[Event]) -> None:
    """DER-ATTACK-1/3, DER-EVENT-3: in map order, each intruder in combat attacks (in arrival order)."""
    for room in CATALOG.map_order:
        for intruder in intruders_in(state, room):
            if intruder not in state.ship.intruders:
                continue
            target = attack_target(state, room)
            if target is not None:
                attack(state, intruder, target, out)


def fire_step(state: DerelictState, out: list[Event]) -> None:
    """DER-FIRE-3/4: each intruder in a burning room suffers 1 wound; each burning room destroys 1 egg."""
    heat = 2 if weakness_revealed(state, "heat_shock") else 1
    for room in CATALOG.map_order:
        if room not in state.ship.fire:
            continue
        for intruder in intruders_in(state, room):
            if intruder in state.ship.intruders:
                out.append(
                    Event(text=f"The fire burns the {type_name(intruder.type).lower()} in {room_name(state, room)}.")
                )
                wound_intruder(state, intruder, heat, out)
        destroy_eggs(state, room, 1, out)


# --- event cards -----------------------------------------------------------------------------------------


def event_card(state: DerelictState, out: list[Event]) -> None:
    """DER-EVENT-5, DER-EVCARD-1/2: movers go through the card's exit, then its effect; then its fate."""
    ship = state.ship
    number = draw_top(state.rng, ship.event_deck, ship.event_discard)
    assert number is not None, "removed events leave at least 20 cards in the deck or its discard"
    card = CATALOG.event[number]
    movers = ", ".join(type_name(m).lower() + "s" for m in card.movers)
    says = card.says(tuning(state).capped_spreads)
    out.append(Event(text=f"Event: {card.name}. {movers.capitalize()} move through exit {card.exit}. {says}"))
    move_by_exit(state, card.movers, card.exit, out)
    EFFECTS[card.effect](state, out)
    if card.after == "remove":
        ship.event_deck += ship.event_discard
        ship.event_discard = []
        state.rng.shuffle(ship.event_deck)
    elif card.after == "reshuffle":
        ship.event_deck.append(number)
        state.rng.shuffle(ship.event_deck)
    else:
        ship.event_discard.append(number)


def engaged_rooms(state: DerelictState) -> set[str]:
    return {p.room for p in state.players if p.status == "active"}


def move_by_exit(state: DerelictState, kinds: tuple[str, ...], exit_number: int, out: list[Event]) -> None:
    """DER-EVCARD-1, DER-INTRUDER-4: every listed intruder not in combat moves at once, in map order."""
    engaged = engaged_rooms(state)
    moving = [
        i for room in CATALOG.map_order if room not in engaged for i in intruders_in(state, room) if i.type in kinds
    ]
    for intruder in moving:
        target = CATALOG.exits[intruder.room][exit_number - 1]
        name = type_name(intruder.type).lower()
        if target in ("DU", "DD"):
            remove_to_bag(state, intruder)
            out.append(Event(text=f"The {name} in {room_name(state, intruder.room)} slips into the ducts."))
        else:
            out.append(
                Event(text=f"The {name} moves from {room_name(state, intruder.room)} to {room_name(state, target)}.")
            )
            move_intruder(state, intruder, target, out)


def explored_rooms(state: DerelictState) -> list[str]:
    return [r for r in CATALOG.map_order if is_explored(state, r)]


def flash_fire(state: DerelictState, out: list[Event]) -> None:
    start = CATALOG.map.start
    if start in state.ship.fire:
        for room in neighbours(start):
            place_fire(state, room, out, spread=True)
    else:
        place_fire(state, start, out)


def spreading_blaze(state: DerelictState, out: list[Event]) -> None:
    burning = list(state.ship.fire)
    for room in burning:
        if room in state.ship.item_counter:
            state.ship.item_counter[room] = 0
    spread = [r for r in CATALOG.map_order if any(b in neighbours(r) for b in burning)]
    for room in spread:
        place_fire(state, room, out, spread=True)


def scorched_wiring(state: DerelictState, out: list[Event]) -> None:
    for room in [r for r in CATALOG.map_order if r in state.ship.fire]:
        place_malfunction(state, room, out, spread=True)


def life_support_fault(state: DerelictState, out: list[Event]) -> None:
    for room in explored_rooms(state):
        kind = kind_of(state, room)
        if kind is not None and kind.colour == "green":
            place_malfunction(state, room, out, spread=True)


def short_circuit(state: DerelictState, out: list[Event]) -> None:
    for room in explored_rooms(state):
        kind = kind_of(state, room)
        if kind is not None and kind.computer:
            place_malfunction(state, room, out, spread=True)


def power_surge(state: DerelictState, out: list[Event]) -> None:
    room = next((r for r in explored_rooms(state) if can_hold_malfunction(state, r)), None)
    if room is not None:
        place_malfunction(state, room, out)


def hull_stress(state: DerelictState, out: list[Event]) -> None:
    big = ("hunter", "brooder", "matriarch")
    for room in CATALOG.map_order:
        if any(i.type in big for i in intruders_in(state, room)):
            place_malfunction(state, room, out, spread=True)


def coolant_breach(state: DerelictState, out: list[Event]) -> None:
    reactor = tile_room(state, "reactor")
    if reactor is not None and reactor in state.ship.malfunction and state.ship.self_destruct is None:
        state.ship.self_destruct = 0
        out.append(Event(text="The coolant breach arms the self-destruct!", headline=True))


def regrowth(state: DerelictState, out: list[Event]) -> None:
    for intruder in state.ship.intruders:
        intruder.wounds = max(0, intruder.wounds - 2)


def hatching(state: DerelictState, out: list[Event]) -> None:
    hive = hive_room(state)
    if "egg" in state.ship.objects.get(hive, []):
        state.ship.objects[hive].remove("egg")
        out.append(Event(text="An egg in the Hive hatches."))
    latched = False
    for player in turn_order(state):
        if player.status != "active" or player.room != hive:
            continue
        if any(not is_infection(c) for c in player.hand) or free_figures(state, "larva") <= 0:
            continue
        larva = place(state, "larva", hive, None, out)
        if larva is not None:
            latch(state, larva, player, out)
            latched = True
    if not latched:
        add_token(state, "larva", out)


def hive_room(state: DerelictState) -> str:
    return next(s for s, t in state.ship.tiles.items() if t == "hive")


def hive_call(state: DerelictState, out: list[Event]) -> None:
    hive = hive_room(state)
    if hive in state.ship.explored:
        fill_exits(state, hive)


def lurking(state: DerelictState, out: list[Event]) -> None:
    engaged = engaged_rooms(state)
    for intruder in [i for i in state.ship.intruders if i.room not in engaged]:
        remove_to_bag(state, intruder)


def emergence(state: DerelictState, out: list[Event]) -> None:
    for player in turn_order(state):
        if player.status == "active" and player.larva:
            burst(state, player, "a larva burst out of their chest", out)
    for player in turn_order(state):
        if player.status != "active":
            continue
        revealed = [c for c in (draw_one(state, player) for _ in range(4)) if c is not None]
        for card in revealed:
            player.hand.remove(card)
            player.discard.append(card)
        infected = scan(state, player, revealed, out)
        infection_procedure(state, player, infected, out)


def egg_guard(state: DerelictState, out: list[Event]) -> None:
    """A collision for each character in the Hive or carrying an egg; DER-NOISE-10: never for one already
    in combat (nor asleep, escaped or in a pod)."""
    hive = hive_room(state)
    for player in turn_order(state):
        if may_roll_for_event(state, player) and (player.room == hive or "egg" in player.held):
            collision(state, player, out)


def the_hunt(state: DerelictState, out: list[Event]) -> None:
    engaged = engaged_rooms(state)
    hunters = [i for i in state.ship.intruders if i.type == "hunter" and i.room not in engaged]
    for hunter in hunters:
        target = next((r for r in neighbours(hunter.room) if characters_in(state, r)), None)
        if target is not None:
            out.append(Event(text=f"A hunter stalks into {room_name(state, target)}."))
            move_intruder(state, hunter, target, out)


def moulting(state: DerelictState, out: list[Event]) -> None:
    for larva in [i for i in state.ship.intruders if i.type == "larva"]:
        if free_figures(state, "crawler") <= 0:
            return
        larva.type = "crawler"
        out.append(Event(text=f"The larva in {room_name(state, larva.room)} moults into a crawler."))


def pod_ejection(state: DerelictState, out: list[Event]) -> None:
    pod = next((p for p in sorted(state.ship.pods, key=lambda p: p.number) if not p.launched), None)
    if pod is not None:
        launch(state, pod, out)


def scent_trail(state: DerelictState, out: list[Event]) -> None:
    for player in state.players:
        if player.status == "active" and player.slime:
            fill_exits(state, player.room)


def duct_rattle(state: DerelictState, out: list[Event]) -> None:
    rattling = []
    for duct in ("DU", "DD"):
        if duct in state.ship.noise:
            rattling.append(duct)
        else:
            state.ship.noise.append(duct)
    for player in turn_order(state):
        if may_roll_for_event(state, player) and any(has_hatch(player.room, d) for d in rattling):
            noise_roll(state, player, out)


def venting(state: DerelictState, out: list[Event]) -> None:
    for player in state.players:
        player.slime = False
    for player in turn_order(state):
        if player.status == "active" and player.room in state.ship.fire:
            light_wound(state, player, out)


def quiet_spell(state: DerelictState, out: list[Event]) -> None:
    state.ship.noise = [k for k in state.ship.noise if k not in ("DU", "DD")]


def distress_echo(state: DerelictState, out: list[Event]) -> None:
    for player in turn_order(state):
        if player.signal and may_roll_for_event(state, player):
            noise_roll(state, player, out)


def bulkhead_groan(state: DerelictState, out: list[Event]) -> None:
    for player in turn_order(state):
        if may_roll_for_event(state, player) and len(characters_in(state, player.room)) == 1:
            noise_roll(state, player, out)


EFFECTS = {
    "flash_fire": flash_fire,
    "spreading_blaze": spreading_blaze,
    "scorched_wiring": scorched_wiring,
    "life_support_fault": life_support_fault,
    "short_circuit": short_circuit,
    "power_surge": power_surge,
    "hull_stress": hull_stress,
    "coolant_breach": coolant_breach,
    "regrowth": regrowth,
    "hatching": hatching,
    "hive_call": hive_call,
    "lurking": lurking,
    "emergence": emergence,
    "egg_guard": egg_guard,
    "the_hunt": the_hunt,
    "moulting": moulting,
    "pod_ejection": pod_ejection,
    "scent_trail": scent_trail,
    "duct_rattle": duct_rattle,
    "venting": venting,
    "quiet_spell": quiet_spell,
    "distress_echo": distress_echo,
    "bulkhead_groan": bulkhead_groan,
}


# --- the bag ---------------------------------------------------------------------------------------------


def bag_step(state: DerelictState, out: list[Event]) -> None:
    """DER-EVENT-6, DER-BAG-1..6: draw one token and resolve it by type."""
    ship = state.ship
    token = draw_token(state, out)
    if token is None:
        out.append(Event(text="The bag is empty."))
        return
    out.append(Event(text=f"Bag: {token_words(token)}."))
    if token == BLANK:
        ship.bag.append(BLANK)
        add_token(state, "hunter", out)
        return
    kind = CATALOG.bag_token[token].type
    if kind == "larva":
        ship.gone.append(token)
        add_token(state, "hunter", out)
    elif kind == "crawler":
        ship.gone.append(token)
        add_token(state, "brooder", out)
    elif kind in ("hunter", "brooder"):
        ship.bag.append(token)
        for player in turn_order(state):
            if may_roll_for_event(state, player):
                noise_roll(state, player, out)
    else:
        matriarch_token(state, token, out)


def matriarch_token(state: DerelictState, token: str, out: list[Event]) -> None:
    """DER-BAG-4: in the explored Hive she appears and attacks by surprise; otherwise a new egg."""
    hive = hive_room(state)
    here = (
        [p for p in turn_order(state) if p.status == "active" and p.room == hive] if hive in state.ship.explored else []
    )
    if not here:
        state.ship.objects.setdefault(hive, []).append("egg")
        state.ship.bag.append(token)
        out.append(Event(text="Somewhere, the Hive grows a new egg."))
        return
    matriarch: Intruder | None = place(state, "matriarch", hive, token, out)
    if matriarch is None:
        state.ship.bag.append(token)
        return
    number = CATALOG.bag_token[token].number - (1 if weakness_revealed(state, "slow_reflexes") else 0)
    for player in here:
        if player.status == "active" and len(player.hand) < number and matriarch in state.ship.intruders:
            attack(state, matriarch, player, out)
