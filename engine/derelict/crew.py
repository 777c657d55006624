"""The six characters' own action cards (digest table 2.4, DER-ACT-CARD-1, DER-TURN-9..10).

A card that lets you "perform" another action (Override, Remote helm, Field analysis, Jury-rig, Scavenge)
is that action with the card's cost instead, every other requirement kept: each becomes its own entry here
(``ov_flood``: Override performing Flood a room). A card that moves a character follows the movement rules
(exploring, the noise roll into an empty room) unless it says otherwise; one that shoots or moves "as part
of" it is one action. No card lets a character wound another character.
"""

from __future__ import annotations

from collections.abc import Callable

from engine.core import Choice, Event

from .actions import (
    SHOT_PARAMS,
    Action,
    Param,
    Params,
    Resolver,
    do_shoot,
    enter,
    escape_attacks,
    finish_shot,
    intruder_by_choice,
    shot_followups,
)
from .board import character_name, characters_in, has_hatch, in_combat, intruders_in, kind_of, neighbours, room_name
from .cards import draw
from .catalog import CATALOG, DUCT_IDS
from .combat import endurance_check, flee, roll_combat, strike
from .gear import CRAFT_PARAMS, do_craft, in_computer_room
from .harm import light_wound
from .hazards import place_fire
from .infection import infection_procedure, remove_infection, scan
from .play import card_cost, card_timing, do_search, finish_search, keep_choices, search_decks
from .rooms import (
    ROOM_ACTIONS,
    analyse_choices,
    do_analyse,
    do_pod_override,
    object_kind,
    peek,
    peek_slot,
    pod_choices,
)
from .state import DerelictState, Intruder, Player, is_infection
from .turn import finish_pass

Allowed = Callable[[DerelictState, Player], bool]


def card(
    card_id: str,
    resolve: Resolver,
    *,
    action_id: str | None = None,
    label: str | None = None,
    params: tuple[Param, ...] = (),
    allowed: Allowed | None = None,
    followup: Param | None = None,
    finish: Resolver | None = None,
) -> Action:
    """A character's card: played from hand on one's own turn, at its cost, in its timing."""
    timing = card_timing(card_id)
    name = next(c.name for ch in CATALOG.characters.characters for c in ch.cards if c.id == card_id)

    def ok(state: DerelictState, player: Player) -> bool:
        if player.status != "active":
            return False
        fits = timing == "any" or (timing == "oc") != in_combat(state, player)
        return fits and (allowed is None or allowed(state, player))

    return Action(
        id=action_id or f"card_{card_id}",
        label=label or name,
        cost=lambda s, p: card_cost(card_id),
        allowed=ok,
        resolve=resolve,
        params=params,
        card=card_id,
        followup=followup,
        finish=finish,
    )


# --- choices ---------------------------------------------------------------------------------------------


def others_here(state: DerelictState, player: Player, params: Params) -> list[Choice]:
    return [
        Choice(id=str(p.seat), label=character_name(p))
        for p in characters_in(state, player.room)
        if p.seat != player.seat
    ]


def anyone_here(state: DerelictState, player: Player, params: Params) -> list[Choice]:
    return [Choice(id=str(p.seat), label=character_name(p)) for p in characters_in(state, player.room)]


def neighbour_rooms(state: DerelictState, player: Player, params: Params) -> list[Choice]:
    return [Choice(id=r, label=room_name(state, r)) for r in neighbours(player.room)]


def has_ammo(player: Player) -> bool:
    return any(w.ammo > 0 for w in player.weapons)


def spend_ammo(player: Player) -> None:
    """Spend 1 ammo from the first loaded weapon (Suppressing fire, Cover, Covering fire)."""
    weapon = next(w for w in player.weapons if w.ammo > 0)
    weapon.ammo -= 1


# --- Commander -------------------------------------------------------------------------------------------


def do_reload(state: DerelictState, player: Player, params: Params, out: list[Event]) -> None:
    sidearm = next(w for w in player.weapons if w.id == "sidearm")
    sidearm.ammo = min(CATALOG.weapon["sidearm"].capacity, sidearm.ammo + 2)


def sidearm_not_full(state: DerelictState, player: Player) -> bool:
    return any(w.id == "sidearm" and w.ammo < CATALOG.weapon["sidearm"].capacity for w in player.weapons)


def do_order(state: DerelictState, player: Player, params: Params, out: list[Event]) -> None:
    other = state.players[int(params["who"])]
    out.append(Event(text=f"{character_name(player)} orders {character_name(other)} out."))
    enter(state, other, params["to"], out, noisy=True)


def do_covered_move(state: DerelictState, player: Player, params: Params, out: list[Event]) -> None:
    """Suppressing fire / Cover: spend 1 ammo; one character here leaves without being attacked."""
    spend_ammo(player)
    mover = state.players[int(params["who"])]
    enter(state, mover, params["to"], out, noisy=True)


def do_covering_fire(state: DerelictState, player: Player, params: Params, out: list[Event]) -> None:
    spend_ammo(player)
    other = state.players[int(params["who"])]
    enter(state, player, params["to"], out, noisy=False)
    if player.status == "active" and other.status == "active":
        enter(state, other, params["to"], out, noisy=False)
        if not intruders_in(state, params["to"]) and len(characters_in(state, params["to"])) == 2:
            from .noise import noise_roll

            noise_roll(state, player, out)


def do_rally(state: DerelictState, player: Player, params: Params, out: list[Event]) -> None:
    for other in characters_in(state, player.room):
        if other.seat != player.seat:
            draw(state, other, 1, out)


def intel_choices(state: DerelictState, player: Player, params: Params) -> list[Choice]:
    return [
        Choice(id=str(p.seat), label=character_name(p))
        for p in state.players
        if p.seat != player.seat and p.task is not None
    ]


def do_intel(state: DerelictState, player: Player, params: Params, out: list[Event]) -> None:
    other = state.players[int(params["who"])]
    assert other.task is not None
    task = CATALOG.task[other.task]
    peek(player, f"Round {state.round}: Intel: {character_name(other)}'s task is {task.name} ({task.text})", out)
    out.append(Event(text=f"{character_name(player)} reads {character_name(other)}'s file."))


# --- Pilot -----------------------------------------------------------------------------------------------


def do_escape_free(state: DerelictState, player: Player, params: Params, out: list[Event]) -> None:
    """Evasive roll: leave a fight without being attacked."""
    enter(state, player, params["to"], out, noisy=True)


def bay_pods(state: DerelictState, player: Player, params: Params) -> list[Choice]:
    return [c for c in pod_choices(state, player, params) if pod_bay(state, c.id) == player.room]


def pod_bay(state: DerelictState, number: str) -> str:
    return next(p.bay for p in state.ship.pods if p.number == int(number))


def do_focus(state: DerelictState, player: Player, params: Params, out: list[Event]) -> None:
    draw(state, player, 2, out)
    if player.hand:
        from .actions import follow_up

        follow_up(state, player, "card_focus", params)


def hand_choices(state: DerelictState, player: Player, params: Params) -> list[Choice]:
    from .cards import card_name

    by_label: dict[str, str] = {}  # cards the player cannot tell apart (unscanned infection cards): one choice
    for c in dict.fromkeys(player.hand):
        by_label.setdefault(f"Discard {card_name(player, c)}", c)
    return [Choice(id=c, label=label) for label, c in by_label.items()]


def finish_discard(state: DerelictState, player: Player, params: Params, out: list[Event]) -> None:
    from .actions import discard_named

    discard_named(player, params["discard"], out)


def do_double_tap(state: DerelictState, player: Player, params: Params, out: list[Event]) -> None:
    """Two shots as one action: one endurance check after both (DER-COMBAT-6)."""
    weapon = player.weapons[int(params["weapon"])]
    wounded: Intruder | None = None
    for _ in range(2):
        if weapon.ammo <= 0:
            break
        alive = [i for i in state.ship.intruders if f"i{i.id}" == params["target"] and i.room == player.room]
        if params["target"] != "egg" and not alive:
            break  # the first shot killed a larva: the second has no target
        if params["target"] == "egg" and "egg" not in state.ship.objects.get(player.room, []):
            break
        target = alive[0] if alive else None
        weapon.ammo -= 1
        if strike(state, player, target, weapon.id, out, check=False) and target is not None:
            wounded = target
    if wounded is not None and wounded in state.ship.intruders:
        endurance_check(state, wounded, out)


# --- Engineer --------------------------------------------------------------------------------------------


def crawl_choices(state: DerelictState, player: Player, params: Params) -> list[Choice]:
    ducts = [d for d in DUCT_IDS if has_hatch(player.room, d)]
    return [
        Choice(id=r, label=room_name(state, r))
        for r in CATALOG.map_order
        if r != player.room and any(has_hatch(r, d) for d in ducts)
    ]


def do_crawlspace(state: DerelictState, player: Player, params: Params, out: list[Event]) -> None:
    enter(state, player, params["to"], out, noisy=True)
    if player.status == "active":
        finish_pass(state, player, out)


def torch_choices(state: DerelictState, player: Player, params: Params) -> list[Choice]:
    if player.room in state.ship.fire:
        return [Choice(id="out", label="Put out the fire here")]
    return [
        Choice(id=f"burn_{item}"[:24], label=f"Burn the {CATALOG.item_cards[item].name} to start a fire")
        for item in dict.fromkeys(player.items)
    ]


def do_torch_work(state: DerelictState, player: Player, params: Params, out: list[Event]) -> None:
    if params["how"] == "out":
        state.ship.fire.remove(player.room)
        out.append(Event(text=f"{character_name(player)} puts out the fire with a torch."))
        return
    item = next(i for i in player.items if f"burn_{i}"[:24] == params["how"])
    player.items.remove(item)
    deck = CATALOG.item_cards[item].deck
    if deck is not None:
        state.ship.item_discards.setdefault(deck, []).append(item)
    place_fire(state, player.room, out)


def in_engine_room(state: DerelictState, player: Player) -> bool:
    return player.room in CATALOG.ship.engines.rooms


def do_rewire(state: DerelictState, player: Player, params: Params, out: list[Event]) -> None:
    tops = ", ".join(f"{CATALOG.fixed[r].name} {stack[0]}" for r, stack in state.ship.engines.items())
    peek(player, f"Round {state.round}: {tops}.", out)
    player.engines_seen.update({r: stack[0] for r, stack in state.ship.engines.items()})
    out.append(Event(text=f"{character_name(player)} rewires the engine sensors."))


# --- Scout -----------------------------------------------------------------------------------------------


def do_recon(state: DerelictState, player: Player, params: Params, out: list[Event]) -> None:
    enter(state, player, params["to"], out, noisy=False)


def listen_choices(state: DerelictState, player: Player, params: Params) -> list[Choice]:
    return [Choice(id=r, label=f"Slot {r}") for r in neighbours(player.room) if kind_of(state, r) is None]


def do_listen(state: DerelictState, player: Player, params: Params, out: list[Event]) -> None:
    peek_slot(state, player, params["room"], out)
    out.append(Event(text=f"{character_name(player)} listens at a bulkhead."))


def do_adrenaline_shot(state: DerelictState, player: Player, params: Params, out: list[Event]) -> None:
    weapon = player.weapons[int(params["weapon"])]
    weapon.ammo -= 1
    target = None if params["target"] == "egg" else intruder_by_choice(state, params["target"])
    strike(state, player, target, weapon.id, out)
    if player.status == "active":
        draw(state, player, 1, out)


def do_adrenaline_escape(state: DerelictState, player: Player, params: Params, out: list[Event]) -> None:
    escape_attacks(state, player, out)
    if player.status == "active":
        enter(state, player, params["to"], out, noisy=True)
    if player.status == "active":
        draw(state, player, 1, out)


def can_scavenge(state: DerelictState, player: Player) -> bool:
    kind = kind_of(state, player.room)
    return kind is not None and kind.colour != "none" and player.room not in CATALOG.fixed


# --- Marine and Medic ------------------------------------------------------------------------------------


def do_full_auto(state: DerelictState, player: Player, params: Params, out: list[Event]) -> None:
    rifle = next(w for w in player.weapons if w.id == "pulse_rifle")
    spent, rifle.ammo = rifle.ammo, 0
    target = None if params["target"] == "egg" else intruder_by_choice(state, params["target"])
    strike(state, player, target, "pulse_rifle", out, face=roll_combat(state), bonus=spent // 2)


def do_brace(state: DerelictState, player: Player, params: Params, out: list[Event]) -> None:
    player.braced = True
    out.append(Event(text=f"{character_name(player)} braces for the next attack."))


def do_field_dressing(state: DerelictState, player: Player, params: Params, out: list[Event]) -> None:
    next(w for w in player.serious if not w.dressed).dressed = True
    out.append(Event(text=f"{character_name(player)} dresses a serious wound."))


def needs_care(patient: Player) -> bool:
    return bool(patient.light) or any(not w.dressed for w in patient.serious)


def patients(state: DerelictState, player: Player, params: Params) -> list[Choice]:
    return [Choice(id=str(p.seat), label=character_name(p)) for p in characters_in(state, player.room) if needs_care(p)]


def triage_choices(state: DerelictState, player: Player, params: Params) -> list[Choice]:
    patient = state.players[int(params["who"])]
    choices = []
    if patient.light:
        choices.append(Choice(id="light", label="Heal all light wounds"))
    if any(not w.dressed for w in patient.serious):
        choices.append(Choice(id="dress", label="Dress 1 serious wound"))
    return choices


def do_triage(state: DerelictState, player: Player, params: Params, out: list[Event]) -> None:
    from .gear import heal

    heal(state, state.players[int(params["who"])], params["care"], out)


def do_sample_kit(state: DerelictState, player: Player, params: Params, out: list[Event]) -> None:
    cards = [c for c in player.discard if is_infection(c)]
    infected = scan(state, player, cards, out)
    for c in cards:
        if c not in infected:
            remove_infection(state, player, c)
    infection_procedure(state, player, infected, out)


def do_sedative(state: DerelictState, player: Player, params: Params, out: list[Event]) -> None:
    flee(state, intruder_by_choice(state, params["target"]), out)


def intruders_here(state: DerelictState, player: Player, params: Params) -> list[Choice]:
    return [Choice(id=f"i{i.id}", label=f"{i.type.capitalize()} #{i.id}") for i in intruders_in(state, player.room)]


def carried_objects(state: DerelictState, player: Player, params: Params) -> list[Choice]:
    """Field analysis: an object you carry (not one lying here)."""
    kinds = {object_kind(o) for o in player.held if o not in CATALOG.item_cards}
    return [c for c in analyse_choices(state, player, params) if c.id in kinds]


def do_stim(state: DerelictState, player: Player, params: Params, out: list[Event]) -> None:
    draw(state, player, 2, out)
    light_wound(state, player, out)


# --- cards that perform another action -------------------------------------------------------------------


def performing(prefix: str, card_id: str, base: Action, allowed: Allowed, label: str) -> Action:
    """``base`` performed through a card: the card's cost, the card's own requirement, base's parameters."""

    def ok(state: DerelictState, player: Player) -> bool:
        return allowed(state, player)

    return card(
        card_id,
        base.resolve,
        action_id=f"{prefix}_{base.id}"[:24],
        label=f"{label}: {base.label}",
        params=base.params,
        allowed=ok,
        followup=base.followup,
        finish=base.finish,
    )


def override_variants() -> list[Action]:
    """Override: a working computer room's action for free (its own requirements still apply)."""
    from .rooms import offers

    variants = []
    for action in ROOM_ACTIONS:
        if action.followup is not None:
            continue

        def ok(state: DerelictState, player: Player, action: Action = action) -> bool:
            kind = kind_of(state, player.room)
            return (
                kind is not None
                and kind.computer
                and offers(state, player, action.id)
                and action.allowed(state, player)
            )

        variants.append(performing("ov", "override", action, ok, "Override"))
    return variants


def helm_can_set(state: DerelictState, player: Player) -> bool:
    from .rooms import anyone_hibernating

    return in_computer_room(state, player) and not anyone_hibernating(state)


def helm_variants() -> list[Action]:
    read = next(a for a in ROOM_ACTIONS if a.id == "read_course")
    set_course = next(a for a in ROOM_ACTIONS if a.id == "set_course")
    return [
        performing("rh", "remote_helm", read, in_computer_room, "Remote helm"),
        performing("rh", "remote_helm", set_course, helm_can_set, "Remote helm"),
    ]


CREW_ACTIONS: tuple[Action, ...] = (
    # Commander
    card("reload", do_reload, allowed=sidearm_not_full),
    card(
        "order",
        do_order,
        params=(Param("who", "Whom do you order?", others_here), Param("to", "Where to?", neighbour_rooms)),
    ),
    card(
        "suppressing_fire",
        do_covered_move,
        params=(Param("who", "Who moves out?", anyone_here), Param("to", "Where to?", neighbour_rooms)),
        allowed=lambda s, p: has_ammo(p),
    ),
    card("rally", do_rally, allowed=lambda s, p: bool(others_here(s, p, {}))),
    card(
        "intel",
        do_intel,
        params=(Param("who", "Whose task do you read?", intel_choices),),
        allowed=in_computer_room,
    ),
    # Pilot
    card("evasive_roll", do_escape_free, params=(Param("to", "Where do you roll to?", neighbour_rooms),)),
    card(
        "pod_override",
        do_pod_override,
        params=(Param("pod", "Which pod?", bay_pods),),
        allowed=lambda s, p: p.room in ("PA", "PB"),
    ),
    *helm_variants(),
    card(
        "focus",
        do_focus,
        followup=Param("discard", "Which card do you discard?", hand_choices),
        finish=finish_discard,
    ),
    card("double_tap", do_double_tap, params=SHOT_PARAMS),
    # Engineer
    card(
        "crawlspace",
        do_crawlspace,
        params=(Param("to", "Where do you crawl to?", crawl_choices),),
        allowed=lambda s, p: has_hatch(p.room),
    ),
    card("jury_rig", do_craft, action_id="jr_craft", label="Jury-rig: Create an item", params=CRAFT_PARAMS),
    card("torch_work", do_torch_work, params=(Param("how", "Fire or no fire?", torch_choices),)),
    *override_variants(),
    card("rewire", do_rewire, allowed=in_engine_room),
    # Scout
    card("recon", do_recon, params=(Param("to", "Where do you move?", neighbour_rooms),)),
    card(
        "scavenge",
        do_search,
        action_id="sc_search",
        label="Scavenge: Search",
        params=(Param("deck", "Which item deck do you search?", search_decks),),
        allowed=can_scavenge,
        followup=Param("keep", "Which item do you keep?", keep_choices),
        finish=finish_search,
    ),
    card("listen", do_listen, params=(Param("room", "Which room do you listen at?", listen_choices),)),
    card("adrenaline", do_adrenaline_shot, action_id="ad_shoot", label="Adrenaline: Shoot", params=SHOT_PARAMS),
    card(
        "adrenaline",
        do_adrenaline_escape,
        action_id="ad_escape",
        label="Adrenaline: Escape",
        params=(Param("to", "Where do you run?", neighbour_rooms),),
    ),
    card(
        "cover",
        do_covered_move,
        params=(Param("who", "Who moves out?", anyone_here), Param("to", "Where to?", neighbour_rooms)),
        allowed=lambda s, p: has_ammo(p),
    ),
    # Marine
    card(
        "covering_fire",
        do_covering_fire,
        params=(Param("who", "Who comes with you?", others_here), Param("to", "Where to?", neighbour_rooms)),
        allowed=lambda s, p: has_ammo(p),
    ),
    card(
        "aimed_shot",
        lambda s, p, params, out: do_shoot(s, p, {**params, "aimed": "yes"}, out),
        params=SHOT_PARAMS,
        followup=Param("next", "Your shot: what next?", shot_followups),
        finish=finish_shot,
    ),
    card(
        "full_auto",
        do_full_auto,
        params=(Param("target", "What do you shoot at?", lambda s, p, params: [*intruders_here(s, p, params)]),),
        allowed=lambda s, p: any(w.id == "pulse_rifle" and w.ammo > 0 for w in p.weapons),
    ),
    card("brace", do_brace, allowed=lambda s, p: not p.braced),
    card("field_dressing", do_field_dressing, allowed=lambda s, p: any(not w.dressed for w in p.serious)),
    # Medic
    card(
        "triage",
        do_triage,
        params=(Param("who", "Whom do you treat?", patients), Param("care", "Which care?", triage_choices)),
    ),
    card("sample_kit", do_sample_kit, allowed=lambda s, p: any(is_infection(c) for c in p.discard)),
    card("sedative", do_sedative, params=(Param("target", "Which intruder?", intruders_here),)),
    card(
        "field_analysis",
        do_analyse,
        action_id="fa_analyse",
        label="Field analysis: Analyse",
        params=(Param("object", "What do you analyse?", carried_objects),),
        allowed=in_computer_room,
    ),
    card("stim_shot", do_stim),
)
