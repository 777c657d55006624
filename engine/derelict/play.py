"""Action cards every deck holds (Search, Rest, Sabotage, Repairs/Quick fix), taking and dropping heavy
objects (DER-EXPLORE-4..5, DER-INFECT-6, DER-ENGINE-2, DER-ACT-HEAVY-*, DER-TURN-8, DER-ACT-CARD-1).

Playing a card discards it plus its cost in other cards (DER-COST-3); a card marked out of combat is not
offered in combat (DER-ACT-2).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

from engine.core import Choice, Event

from .actions import Action, Param, Params, Resolver, follow_up, out_of_combat
from .board import character_name, kind_of, room_name
from .catalog import CATALOG, ActionCard, ItemDeck, Timing
from .hazards import can_hold_malfunction, place_malfunction
from .infection import scan_hand_remove_clean
from .noise import noise_roll
from .rooms import peek
from .state import DerelictState, Player, Weapon, draw_top
from .view import object_name

ENGINES = CATALOG.ship.engines.rooms
DECK_OF_COLOUR: dict[str, ItemDeck] = {"red": "military", "yellow": "technical", "green": "medical"}
SEARCHED_AMMO = 1


def timing_ok(state: DerelictState, player: Player, timing: Timing) -> bool:
    from .board import in_combat

    if player.status != "active":
        return False
    fighting = in_combat(state, player)
    return timing == "any" or (timing == "oc") != fighting


def every_card() -> list[ActionCard]:
    """Every action card kind of every deck (common cards first)."""
    return [*CATALOG.characters.common, *(c for ch in CATALOG.characters.characters for c in ch.cards)]


@cache
def _card(card: str) -> ActionCard:
    """The first action card kind with this id (as a search of ``every_card`` in order finds): the catalog is read
    only, and a turn's menu asks each card's cost."""
    return next(c for c in every_card() if c.id == card)


def card_cost(card: str) -> int:
    return _card(card).cost


def card_timing(card: str) -> Timing:
    return _card(card).timing


# --- Search --------------------------------------------------------------------------------------------


def can_search(state: DerelictState, player: Player) -> bool:
    """DER-EXPLORE-4: a room with a colour and an item counter above 0."""
    kind = kind_of(state, player.room)
    if kind is None or kind.colour == "none" or player.room in CATALOG.fixed:
        return False
    return state.ship.item_counter.get(player.room, 0) > 0


def search_decks(state: DerelictState, player: Player, params: Params) -> list[Choice]:
    """Grey rooms let the searcher choose the deck; other colours name it."""
    kind = kind_of(state, player.room)
    assert kind is not None
    if kind.colour in DECK_OF_COLOUR:
        deck = DECK_OF_COLOUR[kind.colour]
        return [Choice(id=deck, label=f"{deck.capitalize()} items")]
    return [Choice(id=d, label=f"{d.capitalize()} items") for d in ("military", "technical", "medical")]


def draw_items(state: DerelictState, deck: str, n: int) -> list[str]:
    """DER-EXPLORE-5: an empty item deck is rebuilt from its discard; if both are empty, fewer cards."""
    ship = state.ship
    discard = ship.item_discards.setdefault(deck, [])
    drawn = [draw_top(state.rng, ship.item_decks[deck], discard) for _ in range(n)]
    return [card for card in drawn if card is not None]


def do_search(state: DerelictState, player: Player, params: Params, out: list[Event]) -> None:
    room = player.room
    state.ship.item_counter[room] = max(0, state.ship.item_counter.get(room, 0) - 1)  # Scavenge: never below 0
    n = 3 if player.character == "scout" else 2
    drawn = draw_items(state, params["deck"], n)
    out.append(Event(text=f"{character_name(player)} searches {room_name(state, room)}."))
    if not drawn:
        out.append(Event(text="The search turns up nothing."))
        return
    names = ", ".join(CATALOG.item_cards[i].name for i in drawn)
    out.append(Event(text=f"You find {names}.", audience=(player.seat,)))
    follow_up(state, player, "card_search", {**params, "drawn": ",".join(drawn)})


def do_requisition(state: DerelictState, player: Player, params: Params, out: list[Event]) -> None:
    """Stores: draw 2 from a deck of your choice, keep 1, the other goes to the bottom of its deck."""
    drawn = draw_items(state, params["deck"], 2)
    out.append(Event(text=f"{character_name(player)} requisitions from the stores."))
    if drawn:
        names = ", ".join(CATALOG.item_cards[i].name for i in drawn)
        out.append(Event(text=f"You find {names}.", audience=(player.seat,)))
        follow_up(state, player, "requisition", {**params, "drawn": ",".join(drawn)})


def finish_requisition(state: DerelictState, player: Player, params: Params, out: list[Event]) -> None:
    drawn = params["drawn"].split(",")
    if params["keep"] != "none":
        drawn.remove(params["keep"])
        gain_item(player, params["keep"])
        out.append(Event(text=f"{character_name(player)} keeps an item."))
    state.ship.item_decks[params["deck"]].extend(drawn)


def any_deck(state: DerelictState, player: Player, params: Params) -> list[Choice]:
    return [Choice(id=d, label=f"{d.capitalize()} items") for d in ("military", "technical", "medical")]


def keep_choices(state: DerelictState, player: Player, params: Params) -> list[Choice]:
    """Keep 1 of the drawn cards; a heavy one needs a free hand."""
    drawn = params["drawn"].split(",")
    free = player.has_free_hand()
    return [
        Choice(id=item, label=f"Keep {CATALOG.item_cards[item].name}")
        for item in dict.fromkeys(drawn)
        if free or not CATALOG.item_cards[item].heavy
    ] + [Choice(id="none", label="Keep nothing")]


def finish_search(state: DerelictState, player: Player, params: Params, out: list[Event]) -> None:
    drawn = params["drawn"].split(",")
    keep = params["keep"]
    if keep != "none":
        drawn.remove(keep)
        gain_item(player, keep)
        out.append(Event(text=f"{character_name(player)} keeps an item."))
    state.ship.item_discards.setdefault(params["deck"], []).extend(drawn)


def gain_item(player: Player, item: str) -> None:
    """An item card joins the inventory, or a hand if heavy (a weapon arrives with 1 ammo)."""
    spec = CATALOG.item_cards[item]
    if spec.weapon is not None:
        player.weapons.append(Weapon(id=spec.weapon, ammo=SEARCHED_AMMO))
    elif spec.heavy:
        player.held.append(item)
    else:
        player.items.append(item)


# --- Rest, Sabotage, Repairs -----------------------------------------------------------------------------


def do_rest(state: DerelictState, player: Player, params: Params, out: list[Event]) -> None:
    """Rest: scan the hand's infection cards (DER-INFECT-6); the Medic also heals a light wound."""
    out.append(Event(text=f"{character_name(player)} rests."))
    if player.character == "medic" and player.light:
        player.light -= 1
    scan_hand_remove_clean(state, player, out)


def do_sabotage(state: DerelictState, player: Player, params: Params, out: list[Event]) -> None:
    out.append(Event(text=f"{character_name(player)} sabotages {room_name(state, player.room)}."))
    place_malfunction(state, player.room, out)


def repair_choices(state: DerelictState, player: Player, params: Params) -> list[Choice]:
    choices = []
    if player.room in state.ship.malfunction:
        choices.append(Choice(id="malfunction", label="Remove the malfunction"))
    if player.room in ENGINES:
        choices.append(Choice(id="engine", label="Work on the engine"))
    return choices


def do_repairs(state: DerelictState, player: Player, params: Params, out: list[Event]) -> None:
    """Remove the malfunction here, or look at both engine tokens and choose their order (DER-ENGINE-2)."""
    if params["what"] == "malfunction":
        state.ship.malfunction.remove(player.room)
        out.append(Event(text=f"{character_name(player)} repairs {room_name(state, player.room)}."))
        return
    top, bottom = state.ship.engines[player.room]
    peek(player, f"Round {state.round}: {room_name(state, player.room)} shows {top} on top, {bottom} below.", out)
    player.engines_seen[player.room] = "lost" if top == bottom == "damaged" else top
    follow_up(state, player, params["card"], params)


def engine_orders(state: DerelictState, player: Player, params: Params) -> list[Choice]:
    return [Choice(id="working", label="Working on top"), Choice(id="damaged", label="Damaged on top")]


def finish_engine(state: DerelictState, player: Player, params: Params, out: list[Event]) -> None:
    stack = state.ship.engines[player.room]
    changed = stack[0] != params["order"]
    if changed:
        stack.reverse()
    peek(player, f"Round {state.round}: you leave {room_name(state, player.room)} {stack[0]}.", out)
    player.engines_seen[player.room] = "working" if stack[0] == "working" else "lost"
    what = "changes the order of" if changed else "leaves the order of"
    out.append(Event(text=f"{character_name(player)} works on {room_name(state, player.room)} and {what} its tokens."))


def can_repair(state: DerelictState, player: Player) -> bool:
    return player.room in state.ship.malfunction or player.room in ENGINES


# --- heavy objects -------------------------------------------------------------------------------------


def choice_id(thing: str) -> str:
    """A thing's id as a choice id: Discord custom ids are split on ":", so it becomes "."."""
    return thing.replace(":", ".")


def objects_here(state: DerelictState, player: Player, params: Params) -> list[Choice]:
    objects = state.ship.objects.get(player.room, [])
    return [Choice(id=choice_id(o), label=f"Take the {object_name(o)}") for o in dict.fromkeys(objects)]


def drop_for_take(state: DerelictState, player: Player, params: Params) -> list[Choice]:
    """DER-ACT-HEAVY-2: with both hands full, drop one held thing first (no question with a free hand)."""
    if player.has_free_hand():
        return []
    return held_choices(player)


def held_choices(player: Player) -> list[Choice]:
    weapons = [Choice(id=f"w{i}", label=f"Drop the {CATALOG.weapon[w.id].name}") for i, w in enumerate(player.weapons)]
    held = [Choice(id=f"h{i}", label=f"Drop the {held_name(h)}") for i, h in enumerate(player.held)]
    return weapons + held


def held_name(thing: str) -> str:
    return CATALOG.item_cards[thing].name if thing in CATALOG.item_cards else object_name(thing)


def drop(state: DerelictState, player: Player, which: str, out: list[Event]) -> None:
    """DER-TURN-8: a dropped item card is discarded; an object is left in the room."""
    index = int(which[1:])
    if which.startswith("w"):
        weapon = player.weapons.pop(index)
        out.append(Event(text=f"{character_name(player)} drops the {CATALOG.weapon[weapon.id].name}."))
        return
    thing = player.held.pop(index)
    if thing in CATALOG.item_cards:
        deck = CATALOG.item_cards[thing].deck or "crafted"
        state.ship.item_discards.setdefault(deck, []).append(thing)
    else:
        state.ship.objects.setdefault(player.room, []).append(thing)
    out.append(Event(text=f"{character_name(player)} drops the {held_name(thing)}."))


def do_take(state: DerelictState, player: Player, params: Params, out: list[Event]) -> None:
    if params["drop"] != "-":
        drop(state, player, params["drop"], out)
    thing = next(o for o in state.ship.objects[player.room] if choice_id(o) == params["object"])
    state.ship.objects[player.room].remove(thing)
    player.held.append(thing)
    out.append(Event(text=f"{character_name(player)} picks up the {object_name(thing)}."))
    if thing == "egg" and state.ship.tiles.get(player.room) == "hive":
        noise_roll(state, player, out)  # DER-ACT-HEAVY-3


def do_drop(state: DerelictState, player: Player, params: Params, out: list[Event]) -> None:
    drop(state, player, params["thing"], out)


# --- the table -------------------------------------------------------------------------------------------


def card_action(
    card: str,
    resolve: Resolver,
    *,
    params: tuple[Param, ...] = (),
    allowed: Callable[[DerelictState, Player], bool] | None = None,
    followup: Param | None = None,
    finish: Resolver | None = None,
) -> Action:
    """A card every deck may hold, played from hand on one's own turn."""
    timing = card_timing(card)
    name = next(c.name for c in every_card() if c.id == card)

    def ok(state: DerelictState, player: Player) -> bool:
        return timing_ok(state, player, timing) and (allowed is None or allowed(state, player))

    return Action(
        id=f"card_{card}",
        label=name,
        cost=lambda s, p: card_cost(card),
        allowed=ok,
        resolve=resolve,
        params=params,
        card=card,
        followup=followup,
        finish=finish,
    )


def with_card(card: str) -> Param:
    """A hidden parameter naming the card played (so a follow-up knows which action it continues)."""
    return Param("card", "", lambda s, p, params: [Choice(id=f"card_{card}", label=card)])


REPAIR_PARAMS = (Param("what", "What do you repair?", repair_choices),)
ENGINE_ORDER = Param("order", "Which engine token goes on top?", engine_orders)

CARD_ACTIONS: tuple[Action, ...] = (
    card_action(
        "search",
        do_search,
        params=(Param("deck", "Which item deck do you search?", search_decks),),
        allowed=can_search,
        followup=Param("keep", "Which item do you keep?", keep_choices),
        finish=finish_search,
    ),
    card_action("rest", do_rest),
    card_action("sabotage", do_sabotage, allowed=lambda s, p: can_hold_malfunction(s, p.room)),
    *(
        card_action(
            card,
            do_repairs,
            params=(*REPAIR_PARAMS, with_card(card)),
            allowed=can_repair,
            followup=ENGINE_ORDER,
            finish=finish_engine,
        )
        for card in ("repairs", "quick_fix")  # the same effect at two costs (table 2.4)
    ),
    Action(
        id="take",
        label="Take a heavy object",
        cost=lambda s, p: 1,
        allowed=out_of_combat,
        resolve=do_take,
        params=(
            Param("object", "Which object do you take?", objects_here),
            Param("drop", "Your hands are full: what do you drop?", drop_for_take),
        ),
    ),
    Action(
        id="drop",
        label="Drop something",
        cost=lambda s, p: 0,
        allowed=lambda s, p: p.status == "active" and bool(held_choices(p)),
        resolve=do_drop,
        params=(Param("thing", "What do you drop?", lambda s, p, params: held_choices(p)),),
        free=True,
    ),
)
