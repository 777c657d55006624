"""The flow of a game: which decision is due now, what an answer does, and everything automatic between.

``decisions(state)`` is the one list of what the game waits on (``rules.prompts`` wraps it); ``answer``
applies one answer; ``settle`` runs every automatic step (dice, alien events, income, turn and round ends)
until a decision is due or the game is over. Order of business in play: a pending crash landing first
(it may belong to another captain: a defender, a ship on a destroyed planet), then a combat, then the active
captain's turn stage.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.core import Choice, Event
from engine.core.words import seat_ref

from .actions import (
    adventure_result,
    bomb_hits,
    crash_sites,
    defenders_at,
    dispose,
    finish_crash,
    has_colonists,
    has_lifeforms,
    item_name,
    jumpgate_income,
    put_down,
    unload_choices,
    unload_good,
    upgrade_cost,
    weapons,
    who,
)
from .aliens import aliens_on, draw_event, kill
from .catalog import ATTRIBUTES, CATALOG, LEVELS
from .setup import commander_seat, draft_seat, fill_cargo, finish_setup, layout_slots, place_tile
from .state import (
    COLONIST,
    LETTER_ALIEN,
    Combat,
    Crash,
    PioneersState,
    Player,
    Turn,
    TurnStage,
    is_alien,
    is_colonist,
    is_good,
    plural,
)


@dataclass(frozen=True)
class Decision:
    """One decision due now: its kind (part of the prompt id), whose it is, the question and the choices."""

    kind: str
    seat: int
    question: str
    choices: tuple[Choice, ...]


YES_NO_KADE = (Choice(id="reroll", label="Re-roll my die"), Choice(id="keep", label="Keep my die"))


def decisions(state: PioneersState) -> list[Decision]:
    """Every decision due now: all players at once for the free upgrade, otherwise exactly one."""
    if state.phase == "commander":
        seat = commander_seat(state)
        assert seat is not None
        taken = {p.commander for p in state.players}
        free = [c for key, c in CATALOG.commanders.items() if key not in taken]
        choices = tuple(Choice(id=c.key, label=f"{c.name}: {c.summary}") for c in free)
        return [Decision("cmd", seat, "Which commander do you take?", choices)]
    if state.phase == "upgrade":
        return [
            Decision(
                "free",
                p.seat,
                "Which attribute does your free upgrade raise to level 2?",
                tuple(Choice(id=a, label=f"{a.capitalize()} to level 2 ({level_text(a, 2)})") for a in ATTRIBUTES),
            )
            for p in state.players
            if p.free_upgrade is None
        ]
    if state.phase == "draft":
        slot = layout_slots(state)[state.draft_turn]
        tiles = [Choice(id=tile, label=tile_label(tile)) for tile in state.pool]
        if state.belts_left:
            tiles.append(Choice(id="belt", label=f"An asteroid belt ({state.belts_left} left)"))
        return [Decision("draft", draft_seat(state), f"Which tile goes on slot {slot}?", tuple(tiles))]
    if state.phase != "play":
        return []
    found = crash_decision(state) or combat_decision(state) or turn_decision(state)
    return [found] if found else []


ALWAYS_ASKED = ("move", "sato", "bomb_kind")
"""Turn stages whose decision is always due (``turn_decision`` asks them whatever the board): who decides is
known without building the choices (a move's are every sector in engine range)."""


def deciding(state: PioneersState) -> list[int]:
    """The seats of ``decisions(state)``, in order, without building the choices where the turn's stage alone
    says a decision is due: settling asks it after every automatic step, and each view to mark who is waiting;
    building a move's every destination for that was most of settling. Anything else asks ``decisions``."""
    turn = state.current
    # a crash's or a combat's question comes first: ``decisions`` then
    quiet = state.phase == "play" and not state.crashes and state.combat is None
    if quiet and turn is not None and turn.stage in ALWAYS_ASKED:
        return [turn.seat]
    return [d.seat for d in decisions(state)]


def level_text(attribute: str, level: int) -> str:
    """What a level of an attribute gives, in a few words."""
    table = CATALOG.components.attributes
    if attribute == "weapons":
        return f"+{table.weapons[level - 1]} in combat"
    if attribute == "cargo":
        text = f"{table.cargo[level - 1]} slots"
        return text + ", aliens too" if table.cargo_aliens[level - 1] else text
    if attribute == "engines":
        return f"{table.engines[level - 1]} sectors"
    return {"hit_die": "hit die, kill 1", "hit_die_d6": "hit die and d6", "d6_choice": "d6, your pick"}[
        table.bombs[level - 1]
    ]


def tile_label(tile: str) -> str:
    planet = CATALOG.planet(tile)
    return f"{planet.name} ({planet.colour}, {planet.spots} spots, {planet.green} green)"


def crash_decision(state: PioneersState) -> Decision | None:
    if not state.crashes:
        return None
    crash = state.crashes[0]
    if crash.site is None:
        sites = crash_sites(state, crash.origin)
        if len(sites) < 2:
            return None
        choices = tuple(Choice(id=f"s{slot}", label=state.sector_name(slot)) for slot in sites)
        return Decision("site", crash.seat, "Your ship is going down: where do you crash land?", choices)
    kinds = unload_choices(state, crash)
    if not kinds:
        return None
    spots = len(state.ring[crash.site].empty_spots())
    lifeforms = sum(1 for i in state.player(crash.seat).cargo if not is_good(i))
    question = f"{plural(spots, 'spot')} left for {plural(lifeforms, 'lifeform')}: which do you unload next?"
    return Decision("unl", crash.seat, question, tuple(Choice(id=k, label=item_name(k)) for k in kinds))


def combat_decision(state: PioneersState) -> Decision | None:
    """Kade's re-roll, offered only when he is losing (a re-roll can only help then)."""
    combat = state.combat
    if combat is None or combat.rolls is None or combat.kade_asked or combat.defender is None:
        return None
    for side, seat in ((0, combat.attacker), (1, combat.defender)):
        commander = state.player(seat).commander
        if commander == "kade" and CATALOG.commanders["kade"].rerolls and not kade_wins(state, combat, side):
            a, d = totals(state, combat)
            question = f"Combat {a} against {d}: you are losing. Re-roll your die?"
            return Decision("kade", seat, question, YES_NO_KADE)
    return None


def totals(state: PioneersState, combat: Combat) -> tuple[int, int]:
    assert combat.rolls is not None and combat.defender is not None
    return (
        combat.rolls[0] + weapons(state.player(combat.attacker)),
        combat.rolls[1] + weapons(state.player(combat.defender)),
    )


def sato_may_re_roll(player: Player, turn: Turn) -> bool:
    """Sato's ability, its numbers from the data: once a turn, on the faces listed there, within the game's
    limit when the data sets one."""
    if player.commander != "sato" or turn.sato_used or turn.roll is None:
        return False
    sato = CATALOG.commanders["sato"]
    left = sato.rerolls_per_game is None or player.rerolls_used < sato.rerolls_per_game
    return sato.rerolls > 0 and turn.roll in sato.reroll_faces and left


def kade_wins(state: PioneersState, combat: Combat, side: int) -> bool:
    a, d = totals(state, combat)
    attacker_wins = a > d  # PIO-COMBAT-3: the defender wins ties
    return attacker_wins if side == 0 else not attacker_wins


def turn_decision(state: PioneersState) -> Decision | None:
    turn = state.current
    if turn is None or state.crashes or state.combat is not None:
        return None
    seat = turn.seat
    player = state.player(seat)
    stage = turn.stage
    choices: tuple[Choice, ...]
    if stage == "move":
        return Decision("mv", seat, "Where does your ship go?", tuple(move_choices(state, seat)))
    if stage == "sato":
        assert turn.roll is not None
        choices = (Choice(id="reroll", label="Re-roll the adventure die"), Choice(id="keep", label="Keep it"))
        return Decision("sato", seat, f"Your adventure die shows {turn.roll}. Re-roll it?", choices)
    if stage == "jg_dispose" and player.cargo:
        kinds = list(dict.fromkeys(player.cargo))
        keep = Choice(id="keep", label="Keep the rest of my cargo")
        choices = (*(Choice(id=f"d-{k}", label=f"Dispose of a {item_name(k)}") for k in kinds), keep)
        return Decision("disp", seat, "Jumpgate: dispose of any cargo?", choices)
    if stage == "jg_upgrade":
        options = upgrade_choices(state, seat)
        if options:
            return Decision("upg", seat, f"Jumpgate: upgrade with your {player.credits} credits?", options)
    if stage == "jg_load":
        most = min(player.free_slots(), player.reserve)
        if most:
            choices = tuple(Choice(id=f"c{n}", label=f"Load {plural(n, 'colonist')}") for n in range(most, -1, -1))
            return Decision("load", seat, "Jumpgate: how many colonists do you load?", choices)
    if stage == "jg_goods":
        most = min(player.free_slots(), state.goods_supply)
        if most:
            choices = tuple(Choice(id=f"g{n}", label=f"Load {plural(n, 'good')}") for n in range(most, -1, -1))
            return Decision("goods", seat, "Jumpgate: how many goods do you load?", choices)
    if stage == "deploy":
        steps = deploy_choices(state, seat)
        if steps:
            done = Choice(id="done", label="Done deploying")
            return Decision("dep", seat, f"Deployment at {state.sector_name(player.at)}: what next?", (*steps, done))
    if stage == "fraser_spot":
        empty = state.ring[player.at].empty_spots()
        assert turn.unloading is not None
        choices = tuple(Choice(id=f"p{i + 1}", label=f"Spot {i + 1}") for i in empty)
        return Decision("spot", seat, f"Fraser: which spot does the {item_name(turn.unloading)} take?", choices)
    if stage == "bombard" and has_lifeforms(state, player.at):
        choices = (Choice(id="bomb", label="Bombard"), Choice(id="hold", label="Hold fire"))
        return Decision("bomb", seat, f"Bombard {state.sector_name(player.at)}?", choices)
    if stage == "bomb_kind":
        choices = (Choice(id="colonist", label="Hit colonists"), Choice(id="alien", label="Hit aliens"))
        return Decision("kind", seat, f"Your bombs roll {turn.bomb_roll}: hit colonists or aliens?", choices)
    return None


def move_choices(state: PioneersState, seat: int) -> list[Choice]:
    """PIO-MOVE-1..3: stay, or any sector within engine range either way round, never ending on a belt."""
    player = state.player(seat)
    reach = CATALOG.level_value("engines", player.levels["engines"])
    size = len(state.ring)
    best: dict[int, tuple[int, str]] = {}
    for step, way in ((1, "clockwise"), (-1, "counter-clockwise")):
        for k in range(1, reach + 1):
            slot = (player.at + step * k) % size
            if slot == player.at or state.ring[slot].is_belt:
                continue
            if slot not in best or k < best[slot][0]:
                best[slot] = (k, way)
    choices = [Choice(id="stay", label=f"Stay at {state.sector_name(player.at)}")]
    for slot in sorted(best, key=lambda s: (best[s][0], best[s][1] != "clockwise", s)):
        k, way = best[slot]
        choices.append(Choice(id=f"s{slot}", label=f"{state.sector_name(slot)} ({k} {way})"))
    return choices


def upgrade_choices(state: PioneersState, seat: int) -> tuple[Choice, ...]:
    player = state.player(seat)
    choices = []
    for attribute in ATTRIBUTES:
        cost = upgrade_cost(state, attribute)
        level = player.levels[attribute]
        for up in range(1, LEVELS - level + 1):
            if up * cost <= player.credits:
                label = f"{attribute.capitalize()} to level {level + up} for {up * cost} credits"
                choices.append(Choice(id=f"{attribute}{up}", label=label))
    if not choices:
        return ()
    return (*choices, Choice(id="none", label="No upgrade"))


def movable(cargo: list[str], fresh: list[str]) -> list[str]:
    """Cargo items that may leave the ship this Deployment phase: those not loaded in it."""
    left = list(cargo)
    for item in fresh:
        if item in left:
            left.remove(item)
    return list(dict.fromkeys(left))


def deploy_choices(state: PioneersState, seat: int) -> list[Choice]:
    """PIO-DEPLOY-1..4, PIO-GOODS-*, PIO-GAP-17, -27. Each item moves once a phase (our ruling), so the
    phase always ends."""
    turn = state.current
    assert turn is not None
    player = state.player(seat)
    sector = state.ring[player.at]
    choices = []
    leaving = movable(player.cargo, turn.loaded)
    on_planet = sector.is_planet
    empty = sector.empty_spots() if on_planet else []
    for item in leaving:
        if is_good(item):
            choices.append(Choice(id=f"u{item}", label=f"Unload a {item_name(item)}"))
        elif empty:
            choices.append(Choice(id=f"u-{item}", label=f"Unload a {item_name(item)}"))
    if player.free_slots() > 0:
        if on_planet:
            mine = str(seat)
            for i, spot in enumerate(sector.spots):
                if i in turn.placed or spot is None:
                    continue
                if spot == mine:
                    choices.append(Choice(id=f"lc{i + 1}", label=f"Load your colonist from spot {i + 1}"))
                elif is_alien(spot) and player.carries_aliens():
                    choices.append(Choice(id=f"la{i + 1}", label=f"Load the {LETTER_ALIEN[spot]} from spot {i + 1}"))
        lying = list(sector.goods)
        for origin in turn.dropped:
            if origin in lying:
                lying.remove(origin)
        for origin in dict.fromkeys(lying):
            choices.append(Choice(id=f"lg-{origin}", label=f"Load a good from {origin}"))
    return choices


# -- answers --------------------------------------------------------------------------------------------------
def answer(state: PioneersState, kind: str, seat: int, choice: str) -> list[Event]:
    """Apply ``seat``'s answer to its decision of ``kind`` (already checked against the prompts)."""
    player = state.player(seat)
    if kind == "cmd":
        player.commander = choice
        events = [Event(text=f"{seat_ref(seat)} takes {CATALOG.commanders[choice].name}.")]
        if commander_seat(state) is None:
            state.phase = "upgrade"
        return events
    if kind == "free":
        return free_upgrade(state, seat, choice)
    if kind == "draft":
        slot = layout_slots(state)[state.draft_turn]
        place_tile(state, slot, choice)
        if choice == "belt":
            state.belts_left -= 1
        else:
            state.pool.remove(choice)
        state.draft_turn += 1
        return [Event(text=f"{seat_ref(seat)} places {state.sector_name(slot)}.")]
    if kind == "site":
        state.crashes[0].site = int(choice[1:])
        return []
    if kind == "unl":
        crash = state.crashes[0]
        assert crash.site is not None
        put_down(state, player, crash.site, choice)
        return []
    if kind == "kade":
        return kade_answer(state, seat, choice)
    turn = state.current
    assert turn is not None
    if kind == "mv":
        return move(state, seat, choice)
    if kind == "sato":
        turn.sato_used = True
        turn.stage = "adv_result"
        if choice == "reroll":
            player.rerolls_used += 1
            turn.roll = state.rng.roll_d6()
            return [Event(text=f"{who(state, seat)} re-rolls the adventure die: {turn.roll}.")]
        return []
    if kind == "disp":
        if choice == "keep":
            return jumpgate_after_dispose(state, seat)
        dispose(state, player, choice[2:])
        return [Event(text=f"{who(state, seat)} disposes of a {item_name(choice[2:])}.")]
    if kind == "upg":
        turn.stage = "jg_load"
        if choice == "none":
            return []
        attribute = next(a for a in ATTRIBUTES if choice.startswith(a))
        up = int(choice[len(attribute) :])
        player.credits -= up * upgrade_cost(state, attribute)
        player.levels[attribute] += up
        level = player.levels[attribute]
        return [Event(text=f"{who(state, seat)} upgrades {attribute} to level {level}.")]
    if kind == "load":
        n = int(choice[1:])
        player.cargo += [COLONIST] * n
        player.reserve -= n
        turn.stage = "jg_goods" if state.rules.jumpgate_goods else "end"
        return [Event(text=f"{who(state, seat)} loads {plural(n, 'colonist')}.")] if n else []
    if kind == "goods":
        n = int(choice[1:])
        player.cargo += ["g-jumpgate"] * n
        state.goods_supply -= n
        turn.stage = "end"
        return [Event(text=f"{who(state, seat)} loads {plural(n, 'good')}.")] if n else []
    if kind == "dep":
        return deploy(state, seat, choice)
    if kind == "spot":
        assert turn.unloading is not None
        item, turn.unloading = turn.unloading, None
        spot = put_down(state, player, player.at, item, int(choice[1:]) - 1)
        turn.placed.append(spot)
        turn.stage = "deploy"
        return [Event(text=f"{who(state, seat)} unloads a {item_name(item)} on spot {spot + 1}.")]
    if kind == "bomb":
        if choice == "hold":
            turn.stage = "end"
            return []
        return bombard(state, seat)
    if kind == "kind":
        assert turn.bomb_roll is not None
        turn.stage = "end"
        return bomb_report(state, seat, choice, turn.bomb_roll)
    raise AssertionError(f"unknown decision {kind}")


def free_upgrade(state: PioneersState, seat: int, attribute: str) -> list[Event]:
    """PIO-SETUP-5, then PIO-SETUP-6 once everybody has chosen."""
    player = state.player(seat)
    chosen = next(a for a in ATTRIBUTES if a == attribute)
    player.free_upgrade = chosen
    player.levels[chosen] += 1
    events = [Event(text=f"{seat_ref(seat)} raises {attribute} to level 2.")]
    if all(p.free_upgrade is not None for p in state.players):
        for p in state.players:
            fill_cargo(state, p)
        events.append(Event(text="Every captain fills the cargo hold with colonists."))
        if state.pool or state.belts_left:
            state.phase = "draft"
        else:
            events += finish_setup(state)
    return events


def move(state: PioneersState, seat: int, choice: str) -> list[Event]:
    """PIO-MOVE-*, then a combat against the ships in orbit (PIO-COMBAT-1, PIO-GAP-13, -14)."""
    player = state.player(seat)
    turn = state.current
    assert turn is not None
    events = []
    if choice != "stay":
        player.at = int(choice[1:])
        events.append(Event(text=f"{who(state, seat)} moves to {state.sector_name(player.at)}."))
    else:
        events.append(Event(text=f"{who(state, seat)} stays at {state.sector_name(player.at)}."))
    defenders = defenders_at(state, seat, player.at)
    if defenders:
        state.combat = Combat(attacker=seat, at=player.at, defenders=defenders)
    turn.stage = "after_move"
    return events


def kade_answer(state: PioneersState, seat: int, choice: str) -> list[Event]:
    combat = state.combat
    assert combat is not None and combat.rolls is not None
    combat.kade_asked = True
    if choice == "keep":
        return []
    side = 0 if seat == combat.attacker else 1
    combat.rolls[side] = state.rng.roll_d6()
    return [Event(text=f"{who(state, seat)} re-rolls: {combat.rolls[side]}.")]


def deploy(state: PioneersState, seat: int, choice: str) -> list[Event]:
    turn = state.current
    assert turn is not None
    player = state.player(seat)
    name = who(state, seat)
    slot = player.at
    sector = state.ring[slot]
    if choice == "done":
        turn.stage = "bombard" if sector.is_planet else "end"
        return []
    if choice.startswith("ug-"):
        return [Event(text=f"{name} {unload_good(state, player, slot, choice[3:])}.")]
    if choice.startswith("u-"):
        item = choice[2:]
        if player.commander == "fraser" and len(sector.empty_spots()) > 1:
            turn.unloading = item
            turn.stage = "fraser_spot"
            return []
        spot = put_down(state, player, slot, item)
        turn.placed.append(spot)
        return [Event(text=f"{name} unloads a {item_name(item)} on spot {spot + 1}.")]
    if choice.startswith("lg-"):
        origin = choice[3:]
        sector.goods.remove(origin)
        player.cargo.append(f"g-{origin}")
        turn.loaded.append(f"g-{origin}")
        return [Event(text=f"{name} loads a good from {origin}.")]
    spot = int(choice[2:]) - 1
    lifeform = sector.spots[spot]
    assert lifeform is not None
    sector.spots[spot] = None
    item = COLONIST if is_colonist(lifeform) else lifeform
    player.cargo.append(item)
    turn.loaded.append(item)
    return [Event(text=f"{name} loads the {item_name(item)} from spot {spot + 1}.")]


def bombard(state: PioneersState, seat: int) -> list[Event]:
    """PIO-BOMB-1..4, PIO-GAP-19."""
    turn = state.current
    assert turn is not None
    player = state.player(seat)
    mode = CATALOG.components.attributes.bombs[player.levels["bombs"] - 1]
    if mode == "d6_choice":
        roll = state.rng.roll_d6()
        slot = player.at
        colonists, aliens = has_colonists(state, slot), aliens_on(state, slot) > 0
        if colonists and aliens:
            turn.bomb_roll = roll
            turn.stage = "bomb_kind"
            return [Event(text=f"{who(state, seat)} bombards: the d6 shows {roll}.")]
        turn.stage = "end"
        return bomb_report(state, seat, "colonist" if colonists else "alien", roll)
    face = CATALOG.components.hit_die[state.rng.randrange(6)]
    n = state.rng.roll_d6() if mode == "hit_die_d6" else 1
    turn.stage = "end"
    return bomb_report(state, seat, face, n, hit_die=True)


def bomb_report(state: PioneersState, seat: int, target: str, n: int, hit_die: bool = False) -> list[Event]:
    slot = state.player(seat).at
    dead = bomb_hits(state, slot, target, n)
    what = f"the hit die shows {target}" + (f", the d6 {n}" if n > 1 or hit_die is False else "")
    if not hit_die:
        what = f"{plural(n, 'hit')} on {'colonists' if target == 'colonist' else 'aliens'}"
    result = ", ".join(dead) if dead else "nothing is hit"
    return [Event(text=f"{who(state, seat)} bombards {state.sector_name(slot)}: {what}; {result}.")]


def jumpgate_after_dispose(state: PioneersState, seat: int) -> list[Event]:
    """PIO-GAP-18: income comes after disposing, before the upgrade."""
    turn = state.current
    assert turn is not None
    income = jumpgate_income(state, seat)
    state.player(seat).credits += income
    turn.stage = "jg_upgrade"
    return [Event(text=f"{who(state, seat)} collects {income} credits at the Jumpgate.")]


# -- the automatic part ---------------------------------------------------------------------------------------
def settle(state: PioneersState) -> list[Event]:
    """Run every automatic step until a decision is due or the game is over."""
    events: list[Event] = []
    while state.phase == "play" and not deciding(state):
        events += step(state)
    return events


def step(state: PioneersState) -> list[Event]:
    """One automatic step; only called when no decision is due."""
    if state.crashes:
        return crash_step(state)
    if state.combat is not None:
        return combat_step(state)
    if state.current is None:
        return round_step(state)
    return turn_step(state)


def crash_step(state: PioneersState) -> list[Event]:
    crash = state.crashes[0]
    if crash.site is None:
        crash.site = crash_sites(state, crash.origin)[0]
        return []
    state.crashes.pop(0)
    return finish_crash(state, crash)


def combat_step(state: PioneersState) -> list[Event]:
    """PIO-COMBAT-2..4: roll, (Kade), resolve; the attacker stops at his first defeat (PIO-GAP-13)."""
    combat = state.combat
    assert combat is not None
    if combat.rolls is None:
        if not combat.defenders:
            state.combat = None
            return []
        combat.defender = combat.defenders.pop(0)
        combat.rolls = [state.rng.roll_d6(), state.rng.roll_d6()]
        combat.kade_asked = False
        a, d = totals(state, combat)
        text = (
            f"Combat at {state.sector_name(combat.at)}: {who(state, combat.attacker)} attacks "
            f"{who(state, combat.defender)}, {a} against {d}."
        )
        return [Event(text=text)]
    assert combat.defender is not None
    a, d = totals(state, combat)
    attacker_wins = a > d
    winner, loser = (combat.attacker, combat.defender) if attacker_wins else (combat.defender, combat.attacker)
    events = [Event(text=f"{who(state, winner)} wins the combat {max(a, d)} to {min(a, d)}.")]
    loot = min(state.rules.combat_loot, state.player(loser).credits)
    if loot:
        state.player(loser).credits -= loot
        state.player(winner).credits += loot
        events.append(Event(text=f"{who(state, winner)} takes {loot} credits from {who(state, loser)}."))
    state.crashes.append(Crash(seat=loser, origin=combat.at))
    if attacker_wins:
        combat.rolls = None
        combat.defender = None
    else:
        state.combat = None
        assert state.current is not None
        state.current.crashed = True
    return events


def turn_step(state: PioneersState) -> list[Event]:
    turn = state.current
    assert turn is not None
    seat = turn.seat
    player = state.player(seat)
    stage = turn.stage
    if stage == "start":
        state.stats.turns += 1
        turn.stage = "move"
        if player.crashed:  # PIO-MOVE-4
            player.crashed = False
            return [Event(text=f"{who(state, seat)} straightens the ship.")]
        return []
    if stage == "after_move":
        sector = state.ring[player.at]
        if turn.crashed and state.crash_ends_turn:  # PIO-CRASH-8/9: lost his attack, his turn ends there
            turn.stage = "end"
        elif turn.crashed or sector.is_planet:  # before pioneers-3 he adventured at his crash site
            turn.stage = "adventure"
        elif sector.kind == "jumpgate":
            state.stats.jumpgate_turns += 1
            turn.stage = "jg_dispose"
        else:
            turn.stage = "deploy"
        return []
    if stage == "adventure":
        turn.adventured = True
        turn.roll = state.rng.roll_d6()
        turn.stage = "sato" if sato_may_re_roll(player, turn) else "adv_result"
        return [Event(text=f"{who(state, seat)} goes on an adventure at {state.sector_name(player.at)}.")]
    if stage == "adv_result":
        assert turn.roll is not None
        after: TurnStage = "end" if turn.crashed else "deploy"
        if turn.roll == 1:  # PIO-ADV-5
            events = draw_event(state, f"{who(state, seat)} rolls 1 on the adventure")
        else:
            events, crashes = adventure_result(state, seat, turn.roll)
            if crashes:
                state.crashes.append(Crash(seat=seat, origin=player.at))
                turn.crashed = True
                after = "end"
        turn.stage = after
        return events
    if stage == "jg_dispose":  # an empty hold: nothing to dispose of
        return jumpgate_after_dispose(state, seat)
    if stage == "jg_upgrade":
        turn.stage = "jg_load"
        return []
    if stage == "jg_load":
        turn.stage = "jg_goods" if state.rules.jumpgate_goods else "end"
        return []
    if stage == "jg_goods":
        turn.stage = "end"
        return []
    if stage == "deploy":
        turn.stage = "bombard" if state.ring[player.at].is_planet else "end"
        return []
    if stage == "bombard":
        turn.stage = "end"
        return []
    if stage == "end":
        return end_turn(state)
    raise AssertionError(f"stage {stage} waits for a decision")


def end_turn(state: PioneersState) -> list[Event]:
    """PIO-ROUND-4..5: the next captain, or the end of the round (Planet Killers first)."""
    turn = state.current
    assert turn is not None
    events = [Event(text=f"{who(state, turn.seat)}'s turn ends.", headline=True)]
    state.turn_index += 1
    if state.turn_index < len(state.turn_order):
        state.current = Turn(seat=state.turn_order[state.turn_index])
        return events
    state.current = None
    if state.round in state.rules.destroy_rounds:
        events += destroy_planet(state)
    return events


def destroy_planet(state: PioneersState) -> list[Event]:
    """Planet Killers (PIO-GAP-12): the planet with the most aliens (at least 1; ties nearest clockwise from
    the Jumpgate) becomes a belt; its lifeforms die, its goods go back, ships there crash land."""
    counts = [(aliens_on(state, slot), -slot, slot) for slot in state.planet_slots()]
    best = max(counts, default=(0, 0, 0))
    if best[0] < 1:
        return [Event(text="Planet Killers: no planet holds an alien, so none is destroyed.")]
    slot = best[2]
    sector = state.ring[slot]
    for spot, lifeform in enumerate(sector.spots):
        if lifeform is not None:
            kill(state, slot, spot, "destroyed")
    state.goods_supply += len(sector.goods)
    sector.goods = []
    name = state.sector_name(slot)
    sector.destroyed = True
    for seat in state.ships_at(slot):
        state.crashes.append(Crash(seat=seat, origin=slot))
    return [Event(text=f"Planet Killers: {name} is destroyed and becomes an asteroid belt.")]


def round_step(state: PioneersState) -> list[Event]:
    """Between rounds: the end checks (PIO-END-1, Manifest Destiny), else the next round's Phase 1."""
    rules = state.rules
    if state.round >= 1:
        ended = state.round >= CATALOG.components.rounds
        if rules.end_on_control and not ended:
            leaders = [p.seat for p in state.players if len(state.controlled_by(p.seat)) >= rules.end_on_control]
            if leaders:
                state.ended_early = ended = True
        if ended:
            state.phase = "over"
            return [Event(text="The game is over.", headline=True)]
        state.first = (state.first + 1) % state.seats  # PIO-ROUND-5
    state.round += 1
    state.turn = state.round  # what the host's board header and /status call the turn
    events = [Event(text=f"Round {state.round} begins; {seat_ref(state.first)} holds the first player token.")]
    if CATALOG.components.round_track_aliens[state.round - 1]:  # PIO-ROUND-2..3, PIO-GAP-7
        events += draw_event(state, f"Round {state.round}")
    if state.round in rules.extra_event_rounds:
        events += draw_event(state, f"{rules.name}, a second card")
    state.turn_order = [(state.first + k) % state.seats for k in range(state.seats)]
    state.turn_index = 0
    state.current = Turn(seat=state.turn_order[0])
    return events
