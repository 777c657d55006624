"""The effects a captain's turn is made of, each one rule: placing and removing colonists, crash landing,
combat dice, adventure results, the Jumpgate's steps, deployment, bombard and scoring.

These functions change a state and return narration; ``turn.py`` decides when each runs and which
decisions come between them.
"""

from __future__ import annotations

from engine.core import Event
from engine.core.words import seat_ref

from .aliens import dies, kill
from .catalog import CATALOG, Attribute
from .state import (
    ALIEN_LETTER,
    COLONIST,
    LETTER_ALIEN,
    Crash,
    PioneersState,
    Player,
    distance,
    is_colonist,
    is_good,
    plural,
)

ALIEN_BY_NAME: dict[str, str] = {name: letter for name, letter in ALIEN_LETTER.items()}


def who(state: PioneersState, seat: int) -> str:
    """How the narration names a captain: the person (``seat_ref``), whom the host names; their commander is on
    the board and in the view, and a name in brackets would stand between the person and a possessive."""
    return seat_ref(seat)


def item_name(item: str) -> str:
    """How a cargo item reads: ``colonist``, ``worm``, ``good from blue``."""
    if item == COLONIST:
        return "colonist"
    if is_good(item):
        return f"good from {item[2:]}"
    return LETTER_ALIEN[item]


# -- colonists ------------------------------------------------------------------------------------------------
def place_colonists(state: PioneersState, player: Player, slot: int, n: int) -> tuple[int, int]:
    """PIO-ADV-2: up to ``n`` colonists from the reserve onto the leftmost empty spots, the overflow into cargo
    up to its slots, the rest stay in the reserve (PIO-GAP-15). Returns (placed, loaded)."""
    n = min(n, player.reserve)
    sector = state.ring[slot]
    placed = 0
    for spot in sector.empty_spots():
        if placed == n:
            break
        sector.spots[spot] = str(player.seat)
        placed += 1
    player.reserve -= placed
    loaded = min(n - placed, player.free_slots())
    player.cargo += [COLONIST] * loaded
    player.reserve -= loaded
    return placed, loaded


def remove_colonists(state: PioneersState, player: Player, slot: int, n: int) -> tuple[int, int]:
    """PIO-ADV-3: remove ``n`` colonists of any colour from the planet, rightmost first; the rest from the
    adventurer's cargo. Returns (from the planet, from cargo)."""
    sector = state.ring[slot]
    removed = 0
    for spot in reversed(sector.colonists()):
        if removed == n:
            break
        kill(state, slot, spot, "adventure")
        removed += 1
    from_cargo = 0
    while removed + from_cargo < n and COLONIST in player.cargo:
        player.cargo.remove(COLONIST)
        player.reserve += 1
        state.stats.killed["adventure"] += 1
        from_cargo += 1
    return removed, from_cargo


# -- crash landing --------------------------------------------------------------------------------------------
def crash_sites(state: PioneersState, origin: int) -> list[int]:
    """PIO-CRASH-1, -7, PIO-GAP-16: the live planets nearest the origin (adjacent when there is one)."""
    size = len(state.ring)
    planets = [slot for slot in state.planet_slots() if slot != origin]
    if not planets:
        return [origin] if state.ring[origin].is_planet else [0]
    nearest = min(distance(origin, slot, size) for slot in planets)
    return [slot for slot in planets if distance(origin, slot, size) == nearest]


def unload_choices(state: PioneersState, crash: Crash) -> list[str]:
    """The lifeform kinds a crashing captain chooses between (PIO-CRASH-5): only while more lifeforms than
    empty spots remain and they are not all alike; otherwise everything is automatic."""
    assert crash.site is not None
    player = state.player(crash.seat)
    lifeforms = [i for i in player.cargo if not is_good(i)]
    empty = len(state.ring[crash.site].empty_spots())
    kinds = list(dict.fromkeys(lifeforms))
    if 0 < empty < len(lifeforms) and len(kinds) > 1:
        return kinds
    return []


def put_down(state: PioneersState, player: Player, slot: int, item: str, spot: int | None = None) -> int:
    """Take ``item`` out of cargo onto the planet: a colonist on the leftmost empty spot, an alien on the
    rightmost (PIO-DEPLOY-3, -4, PIO-CRASH-4) unless ``spot`` is given (Fraser). Returns the spot."""
    sector = state.ring[slot]
    empty = sector.empty_spots()
    if spot is None:
        spot = empty[0] if item == COLONIST else empty[-1]
    player.cargo.remove(item)
    sector.spots[spot] = str(player.seat) if item == COLONIST else item
    return spot


def finish_crash(state: PioneersState, crash: Crash) -> list[Event]:
    """PIO-CRASH-2..6: everything that fits is put down, the rest dies, goods lie above the spots, the ship
    is tipped over at the site."""
    assert crash.site is not None
    player = state.player(crash.seat)
    site = state.ring[crash.site]
    landed = died = 0
    goods = 0
    for item in list(player.cargo):
        if is_good(item):
            player.cargo.remove(item)
            site.goods.append(item[2:])
            goods += 1
        elif site.empty_spots():
            put_down(state, player, crash.site, item)
            landed += 1
        else:
            player.cargo.remove(item)
            died += 1
            if item == COLONIST:
                player.reserve += 1
                state.stats.killed["crash"] += 1
            else:
                state.supply[LETTER_ALIEN[item]] += 1
    player.at = crash.site
    player.crashed = True
    text = f"{who(state, crash.seat)} crash lands at {state.sector_name(crash.site)}"
    parts = []
    if landed:
        parts.append(f"{plural(landed, 'lifeform')} {'lands' if landed == 1 else 'land'}")
    if died:
        parts.append(f"{plural(died, 'lifeform')} {'dies' if died == 1 else 'die'}")
    if goods:
        parts.append(f"{plural(goods, 'good')} {'lies' if goods == 1 else 'lie'} above the spots")
    return [Event(text=text + (": " + ", ".join(parts) if parts else "") + ".")]


# -- combat ---------------------------------------------------------------------------------------------------
def weapons(player: Player) -> int:
    return CATALOG.level_value("weapons", player.levels["weapons"])


def defenders_at(state: PioneersState, attacker: int, slot: int) -> list[int]:
    """PIO-COMBAT-1, PIO-GAP-13: the ships there not crash landed, in turn order after the attacker."""
    if not state.ring[slot].is_planet or not state.rules.combat:
        return []
    order = [(attacker + k) % state.seats for k in range(1, state.seats)]
    return [s for s in order if state.player(s).at == slot and not state.player(s).crashed]


# -- adventure ------------------------------------------------------------------------------------------------
def adventure_result(state: PioneersState, seat: int, roll: int) -> tuple[list[Event], bool]:
    """Apply roll 2..6 of the planet's table (PIO-ADV-2..7); returns the narration and whether he crashes."""
    player = state.player(seat)
    slot = player.at
    sector = state.ring[slot]
    code = sector.info.adventure[roll - 2]
    name = who(state, seat)
    if code == "C":
        return [Event(text=f"{name} rolls {roll} on {sector.info.name}: crash landing!")], True
    if code.startswith("$"):
        amount = int(code[2:])
        if code[1] == "+":
            amount *= state.rules.credit_multiplier.get(sector.info.colour, 1)
            player.credits += amount
            return [Event(text=f"{name} rolls {roll} on {sector.info.name}: gains {amount} credits.")], False
        lost = min(amount, player.credits)
        player.credits -= lost
        return [Event(text=f"{name} rolls {roll} on {sector.info.name}: loses {lost} credits.")], False
    n = int(code[1:])
    if code[0] == "+":
        placed, loaded = place_colonists(state, player, slot, n)
        verb = "settles" if placed == 1 else "settle"
        text = f"{name} rolls {roll} on {sector.info.name}: {plural(placed, 'colonist')} {verb}"
        if loaded:
            text += f", {loaded} more {'goes' if loaded == 1 else 'go'} into cargo"
        return [Event(text=text + ".")], False
    removed, from_cargo = remove_colonists(state, player, slot, n)
    where = []
    if removed:
        where.append(f"{plural(removed, 'colonist')} removed from the planet")
    if from_cargo:
        where.append(f"{from_cargo} from cargo" if removed else f"{plural(from_cargo, 'colonist')} removed from cargo")
    gone = " and ".join(where) if where else "no colonist to remove"
    return [Event(text=f"{name} rolls {roll} on {sector.info.name}: {gone}.")], False


# -- Jumpgate -------------------------------------------------------------------------------------------------
def dispose(state: PioneersState, player: Player, item: str) -> None:
    """PIO-JUMPGATE-2, PIO-GAP-8: a colonist back to the reserve, an alien or a good back to the supply."""
    player.cargo.remove(item)
    if item == COLONIST:
        player.reserve += 1
    elif is_good(item):
        state.goods_supply += 1
    else:
        state.supply[LETTER_ALIEN[item]] += 1


def jumpgate_income(state: PioneersState, seat: int) -> int:
    """PIO-JUMPGATE-3, and Novak's bonus."""
    components = CATALOG.components
    base = components.jumpgate_income
    commander = state.player(seat).commander
    bonus = CATALOG.commanders[commander].jumpgate_bonus if commander else 0
    return base + components.per_planet_income * len(state.controlled_by(seat)) + bonus


def upgrade_cost(state: PioneersState, attribute: Attribute) -> int:
    """PIO-JUMPGATE-4 / PIO-GAP-6: the price of one level (Battle Royale's weapons are cheaper)."""
    return state.rules.upgrade_costs.get(attribute, CATALOG.components.upgrade_cost)


# -- deployment -----------------------------------------------------------------------------------------------
def unload_good(state: PioneersState, player: Player, slot: int, origin: str) -> str:
    """PIO-GOODS-1..3, PIO-GAP-21: reward first, then the same-colour rule, else the good stays here."""
    player.cargo.remove(f"g-{origin}")
    sector = state.ring[slot]
    rules = state.rules
    if sector.kind == "trade_post" and rules.trade_post_reward:
        player.credits += rules.trade_post_reward
        state.goods_supply += 1
        return f"sells a good at the Trade Post for {rules.trade_post_reward} credits"
    if sector.is_planet and rules.planet_goods_reward:
        player.credits += rules.planet_goods_reward
        state.goods_supply += 1
        text = f"delivers a good for {rules.planet_goods_reward} credits"
        if rules.planet_goods_colonist and player.reserve and sector.empty_spots():
            place_colonists(state, player, slot, 1)
            text += " and a colonist settles"
        return text
    if sector.is_planet and sector.info.colour == origin:
        state.goods_supply += 1
        return f"returns a good to its {origin} origin (removed from the board)"
    sector.goods.append(origin)
    return f"leaves a good from {origin} at {state.sector_name(slot)}"


# -- bombard --------------------------------------------------------------------------------------------------
def bomb_hits(state: PioneersState, slot: int, target: str, n: int) -> list[str]:
    """PIO-BOMB-5: ``n`` hits on colonists (rightmost first) or aliens (leftmost first; ``target`` an alien
    type, or ``alien`` for any type at level 3)."""
    sector = state.ring[slot]
    said = []
    for _ in range(n):
        if target == "colonist":
            spots = sector.colonists()
            spot = spots[-1] if spots else None
        else:
            letter = None if target == "alien" else ALIEN_BY_NAME[target]
            spots = sector.aliens(letter)
            spot = spots[0] if spots else None
        if spot is None:
            break
        said.append(dies(kill(state, slot, spot, "bomb")))
    return said


def has_lifeforms(state: PioneersState, slot: int) -> bool:
    return any(s is not None for s in state.ring[slot].spots)


def has_colonists(state: PioneersState, slot: int) -> bool:
    return any(is_colonist(s) for s in state.ring[slot].spots)


# -- scoring --------------------------------------------------------------------------------------------------
def score(state: PioneersState, seat: int) -> tuple[int, int, int, int]:
    """(VP, planets controlled, colonists on planets, credits): PIO-END-2..4, ordered for PIO-GAP-20."""
    return score_of(state, seat, len(state.controlled_by(seat)), state.colonists_on_planets(seat))


def score_of(state: PioneersState, seat: int, controlled: int, colonists: int) -> tuple[int, int, int, int]:
    """``score`` from the planets ``seat`` controls and its colonists on planets, counted by the caller (a view
    counts every seat's in one pass over the ring instead of working out every planet's controller per seat)."""
    rules = state.rules
    components = CATALOG.components
    credits = state.player(seat).credits
    control_vp = rules.control_vp if rules.control_vp is not None else components.control_vp
    per_vp = rules.credits_per_vp if rules.credits_per_vp is not None else components.credits_per_vp
    vp = colonists + control_vp * controlled + credits // per_vp
    return vp, controlled, colonists, credits
