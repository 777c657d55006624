"""Using item cards and crafting (digest table 2.5, DER-ACT-ITEM-1, DER-ACT-CRAFT-1..2).

An item action is offered when the character holds the item (inventory, or a hand for a heavy one), its
timing fits and its cost can be paid; a Broken fingers wound adds 1 (table 2.8). A used item is shown to
everyone (DER-ACT-ITEM-1); a one-use item then goes to its deck's discard pile.
"""

from __future__ import annotations

from collections.abc import Callable

from engine.core import Choice, Event

from .actions import Action, Param, Params, Resolver, out_of_combat
from .board import character_name, characters_in, in_combat, intruders_in, neighbours, room_name
from .cards import draw, take_infection
from .catalog import CATALOG
from .combat import flee, wound_intruder
from .harm import has_wound, serious_wound
from .hazards import place_fire
from .infection import remove_infection, scan
from .intruders import move_intruder, type_name
from .rooms import do_pod_override, do_self_destruct, self_destruct_allowed
from .rooms import pod_choices as any_pod_choices
from .state import DerelictState, Intruder, Player, is_infection


def has_item(player: Player, item: str) -> bool:
    return item in player.items or item in player.held


def spend(state: DerelictState, player: Player, item: str, out: list[Event]) -> None:
    """Show the used item; a one-use item is discarded (crafted ones leave the game)."""
    spec = CATALOG.item_cards[item]
    out.append(Event(text=f"{character_name(player)} uses {spec.name}."))
    if not spec.one_use:
        return
    if item in player.items:
        player.items.remove(item)
    else:
        player.held.remove(item)
    if spec.deck is not None:
        state.ship.item_discards.setdefault(spec.deck, []).append(item)


def item_cost(item: str) -> Callable[[DerelictState, Player], int]:
    def cost(state: DerelictState, player: Player) -> int:
        base = CATALOG.item_cards[item].cost or 0
        return base + (1 if has_wound(player, "broken_fingers") else 0)

    return cost


def timing_fits(state: DerelictState, player: Player, item: str) -> bool:
    timing = CATALOG.item_cards[item].timing
    if player.status != "active":
        return False
    return timing == "any" or (timing == "oc") != in_combat(state, player)


# --- targets ---------------------------------------------------------------------------------------------


def cell_weapon_choices(state: DerelictState, player: Player, params: Params) -> list[Choice]:
    return [
        Choice(id=str(i), label=f"{CATALOG.weapon[w.id].name} ({w.ammo} ammo)")
        for i, w in enumerate(player.weapons)
        if CATALOG.weapon[w.id].kind == "cell" and w.ammo < CATALOG.weapon[w.id].capacity
    ]


def blast_rooms(state: DerelictState, player: Player, params: Params) -> list[Choice]:
    """Your room or a neighbouring room with an intruder (Frag grenade, Firebomb)."""
    rooms = [player.room, *neighbours(player.room)]
    return [Choice(id=r, label=room_name(state, r)) for r in rooms if intruders_in(state, r)]


def blast_targets(state: DerelictState, player: Player, params: Params) -> list[Choice]:
    return [Choice(id=f"i{i.id}", label=f"{type_name(i.type)} #{i.id}") for i in intruders_in(state, params["room"])]


def neighbour_rooms(state: DerelictState, player: Player, params: Params) -> list[Choice]:
    return [Choice(id=r, label=room_name(state, r)) for r in neighbours(player.room)]


def intruders_here(state: DerelictState, player: Player, params: Params) -> list[Choice]:
    return [Choice(id=f"i{i.id}", label=f"{type_name(i.type)} #{i.id}") for i in intruders_in(state, player.room)]


def wound_options(*options: str) -> Callable[[DerelictState, Player, Params], list[Choice]]:
    """The healing options of an item that would change something for its user."""

    def choices(state: DerelictState, player: Player, params: Params) -> list[Choice]:
        result = []
        for option in options:
            if option == "dress" and any(not w.dressed for w in player.serious):
                result.append(Choice(id="dress", label="Dress 1 serious wound"))
            if option == "heal" and any(w.dressed for w in player.serious):
                result.append(Choice(id="heal", label="Heal 1 dressed serious wound"))
            if option == "light" and player.light:
                result.append(Choice(id="light", label="Heal all light wounds"))
            if option == "slime" and player.slime:
                result.append(Choice(id="slime", label="Remove your slime"))
        return result

    return choices


def heal(state: DerelictState, player: Player, option: str, out: list[Event]) -> None:
    """Dress a serious wound, heal a dressed one, heal all light wounds, or wash the slime off."""
    name = character_name(player)
    if option == "dress":
        next(w for w in player.serious if not w.dressed).dressed = True
        out.append(Event(text=f"{name} dresses a serious wound."))
    elif option == "heal":
        wound = next(w for w in player.serious if w.dressed)
        player.serious.remove(wound)
        if wound.card is not None:
            state.ship.wound_discard.append(wound.card)
        out.append(Event(text=f"{name} heals a dressed serious wound."))
    elif option == "light":
        player.light = 0
        out.append(Event(text=f"{name} heals every light wound."))
    else:
        player.slime = False
        out.append(Event(text=f"{name} is clean of slime."))


def intruder(state: DerelictState, choice: str) -> Intruder:
    return next(i for i in state.ship.intruders if i.id == int(choice[1:]))


# --- effects ---------------------------------------------------------------------------------------------


def fill_weapon(state: DerelictState, player: Player, params: Params, out: list[Event]) -> None:
    weapon = player.weapons[int(params["weapon"])]
    weapon.ammo = CATALOG.weapon[weapon.id].capacity


def blast(state: DerelictState, player: Player, params: Params, out: list[Event], *, fire: bool) -> None:
    """Frag grenade (2 wounds to the target, 1 to every other figure) or Firebomb (fire, 1 to every figure)."""
    room = params["room"]
    target = params.get("target")
    if fire:
        place_fire(state, room, out)
    for figure in list(intruders_in(state, room)):
        if figure not in state.ship.intruders:
            continue
        hit = 2 if target == f"i{figure.id}" else 1
        wound_intruder(state, figure, hit, out)
    for other in characters_in(state, room):
        serious_wound(state, other, out)


def do_flare(state: DerelictState, player: Player, params: Params, out: list[Event]) -> None:
    engaged = {p.room for p in state.players if p.status == "active"}
    for room in neighbours(player.room):
        if room in engaged:
            continue
        for figure in intruders_in(state, room):
            move_intruder(state, figure, params["room"], out)
    out.append(Event(text=f"The flare draws the intruders nearby into {room_name(state, params['room'])}."))


def do_ration(state: DerelictState, player: Player, params: Params, out: list[Event]) -> None:
    draw(state, player, 2, out)


def do_extinguisher(state: DerelictState, player: Player, params: Params, out: list[Event]) -> None:
    if params["what"] == "fire":
        state.ship.fire.remove(player.room)
        out.append(Event(text=f"{character_name(player)} puts out the fire."))
    else:
        flee(state, intruder(state, params["what"]), out)


def extinguisher_choices(state: DerelictState, player: Player, params: Params) -> list[Choice]:
    choices = [Choice(id="fire", label="Put out the fire")] if player.room in state.ship.fire else []
    return choices + intruders_here(state, player, params)


def do_spirits(state: DerelictState, player: Player, params: Params, out: list[Event]) -> None:
    card = params["card"]
    infected = scan(state, player, [card], out)
    remove_infection(state, player, card)
    if infected:
        take_infection(state, player, out)


def spirits_choices(state: DerelictState, player: Player, params: Params) -> list[Choice]:
    return [
        Choice(id=c, label=f"Infection card {n + 1} in your hand") for n, c in enumerate(player.hand) if is_infection(c)
    ]


def do_antiserum(state: DerelictState, player: Player, params: Params, out: list[Event]) -> None:
    from .cards import infection_cards
    from .turn import finish_pass

    for card in scan(state, player, infection_cards(player), out):
        remove_infection(state, player, card)
    player.larva = False
    take_infection(state, player, out)
    if player.discard and is_infection(player.discard[-1]):
        player.deck.append(player.discard.pop())
        state.rng.shuffle(player.deck)
    finish_pass(state, player, out)


def do_stun_prod(state: DerelictState, player: Player, params: Params, out: list[Event]) -> None:
    target = intruder(state, params["target"])
    wound_intruder(state, target, 1, out)
    if target in state.ship.intruders:
        flee(state, target, out)


def pod_here_choices(state: DerelictState, player: Player, params: Params) -> list[Choice]:
    return [c for c in any_pod_choices(state, player, params) if pod_bay(state, c.id) == player.room]


def pod_bay(state: DerelictState, number: str) -> str:
    return next(p.bay for p in state.ship.pods if p.number == int(number))


def in_computer_room(state: DerelictState, player: Player) -> bool:
    from .board import kind_of

    kind = kind_of(state, player.room)
    return kind is not None and kind.computer and player.room not in state.ship.malfunction


def item_action(
    item: str,
    resolve: Resolver,
    *,
    params: tuple[Param, ...] = (),
    allowed: Callable[[DerelictState, Player], bool] | None = None,
    followup: Param | None = None,
    finish: Resolver | None = None,
) -> Action:
    """Using one item: the item is shown, spent if one-use, and its effect resolves."""

    def ok(state: DerelictState, player: Player) -> bool:
        return (
            has_item(player, item) and timing_fits(state, player, item) and (allowed is None or allowed(state, player))
        )

    def run(state: DerelictState, player: Player, chosen: Params, out: list[Event]) -> None:
        spend(state, player, item, out)
        resolve(state, player, chosen, out)

    return Action(
        id=f"item_{item}",
        label=CATALOG.item_cards[item].name,
        cost=item_cost(item),
        allowed=ok,
        resolve=run,
        params=params,
        followup=followup,
        finish=finish,
    )


def repair_item(item: str) -> Action:
    """Tools and Duct tape: as Repairs (DER-ENGINE-2), one use."""
    from .play import ENGINE_ORDER, REPAIR_PARAMS, can_repair, do_repairs, finish_engine

    marker = Param("card", "", lambda s, p, params: [Choice(id=f"item_{item}", label=item)])
    return item_action(
        item,
        do_repairs,
        params=(*REPAIR_PARAMS, marker),
        allowed=can_repair,
        followup=ENGINE_ORDER,
        finish=finish_engine,
    )


TARGETED_BLAST = (
    Param("room", "Which room?", blast_rooms),
    Param("target", "Which intruder takes the blast?", blast_targets),
)

ITEM_ACTIONS: tuple[Action, ...] = (
    item_action("power_cell", fill_weapon, params=(Param("weapon", "Which weapon do you fill?", cell_weapon_choices),)),
    item_action(
        "solvent",
        fill_weapon,
        params=(
            Param(
                "weapon",
                "Which weapon do you fill?",
                lambda s, p, params: [
                    Choice(id=str(i), label="Torch rifle") for i, w in enumerate(p.weapons) if w.id == "torch_rifle"
                ],
            ),
        ),
    ),
    item_action("frag_grenade", lambda s, p, params, out: blast(s, p, params, out, fire=False), params=TARGETED_BLAST),
    item_action(
        "firebomb",
        lambda s, p, params, out: blast(s, p, params, out, fire=True),
        params=(Param("room", "Which room?", blast_rooms),),
    ),
    item_action("flare", do_flare, params=(Param("room", "Which neighbouring room do you light?", neighbour_rooms),)),
    item_action(
        "self_destruct_key",
        do_self_destruct,
        allowed=lambda s, p: in_computer_room(s, p) and self_destruct_allowed(s, p),
    ),
    item_action("pod_key", do_pod_override, params=(Param("pod", "Which pod?", pod_here_choices),)),
    item_action(
        "extinguisher",
        do_extinguisher,
        params=(Param("what", "Put out the fire or scare an intruder?", extinguisher_choices),),
    ),
    item_action(
        "coverall",
        lambda s, p, params, out: heal(s, p, params["option"], out),
        params=(Param("option", "Which?", wound_options("slime", "dress")),),
    ),
    item_action(
        "medkit",
        lambda s, p, params, out: heal(s, p, params["option"], out),
        params=(Param("option", "Which?", wound_options("dress", "heal")),),
    ),
    item_action(
        "bandage",
        lambda s, p, params, out: heal(s, p, params["option"], out),
        params=(Param("option", "Which?", wound_options("dress", "light")),),
    ),
    item_action("ration_pack", do_ration),
    repair_item("tools"),
    repair_item("duct_tape"),
    item_action("spirits", do_spirits, params=(Param("card", "Which infection card do you scan?", spirits_choices),)),
    item_action("antiserum", do_antiserum),
    item_action("stun_prod", do_stun_prod, params=(Param("target", "Which intruder?", intruders_here),)),
)


# --- crafting --------------------------------------------------------------------------------------------


def components(player: Player, item: str) -> set[str]:
    """The component symbols an inventory item offers (the Engineer's yellow items count as Tool)."""
    spec = CATALOG.item_cards[item]
    found = {spec.component} if spec.component else set()
    if player.character == "engineer" and spec.deck == "technical":
        found.add("tool")
    return {c for c in found if c}


def recipe_pairs(player: Player, recipe: tuple[str, str]) -> list[tuple[str, str]]:
    """Pairs of inventory items (by id) that pay a recipe."""
    pairs = []
    items = list(dict.fromkeys(player.items))
    for i, a in enumerate(items):
        for b in items[i:]:
            if a == b and player.items.count(a) < 2:
                continue
            if (recipe[0] in components(player, a) and recipe[1] in components(player, b)) or (
                recipe[1] in components(player, a) and recipe[0] in components(player, b)
            ):
                pairs.append((a, b))
    return pairs


def craftable(state: DerelictState, player: Player, params: Params) -> list[Choice]:
    """DER-ACT-CRAFT-2: only while a copy is left; a heavy result needs a free hand."""
    result = []
    for spec in CATALOG.items.crafted:
        assert spec.recipe is not None
        if state.ship.crafted_left.get(spec.id, 0) <= 0 or not recipe_pairs(player, spec.recipe):
            continue
        if spec.heavy and not player.has_free_hand():
            continue
        result.append(Choice(id=spec.id, label=f"Create {spec.name}"))
    return result


def pair_choices(state: DerelictState, player: Player, params: Params) -> list[Choice]:
    spec = CATALOG.item_cards[params["recipe"]]
    assert spec.recipe is not None
    return [
        Choice(id=f"{a}+{b}", label=f"{CATALOG.item_cards[a].name} and {CATALOG.item_cards[b].name}")
        for a, b in recipe_pairs(player, spec.recipe)
    ]


def do_craft(state: DerelictState, player: Player, params: Params, out: list[Event]) -> None:
    from .play import gain_item
    from .state import Weapon

    for item in params["pair"].split("+"):
        player.items.remove(item)
        deck = CATALOG.item_cards[item].deck
        if deck is not None:
            state.ship.item_discards.setdefault(deck, []).append(item)
    made = CATALOG.item_cards[params["recipe"]]
    state.ship.crafted_left[made.id] -= 1
    if made.weapon is not None:
        player.weapons.append(Weapon(id=made.weapon, ammo=CATALOG.weapon[made.weapon].capacity))
    else:
        gain_item(player, made.id)
    out.append(Event(text=f"{character_name(player)} creates a {made.name}."))


CRAFT_PARAMS = (
    Param("recipe", "What do you create?", craftable),
    Param("pair", "Which two items do you use?", pair_choices),
)

CRAFT = Action(
    id="craft",
    label="Create an item",
    cost=lambda s, p: 1,
    allowed=lambda s, p: out_of_combat(s, p) and bool(craftable(s, p, {})),
    resolve=do_craft,
    params=CRAFT_PARAMS,
)
