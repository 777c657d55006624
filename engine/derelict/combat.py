"""Wounding intruders and eggs: the combat die, endurance checks, fleeing, deaths (DER-COMBAT-*,
DER-ACT-SHOOT-*, DER-ACT-MELEE-*, DER-HIVE-2..4).

The combat die is rolled with ``rng.randrange(6)`` over ``dice.toml``'s faces in order (0 Miss, 1 Small,
2 Mid, 3-4 Hit, 5 Double), so a rigged test names a face by its index.
"""

from __future__ import annotations

from engine.core import Event
from engine.core.words import count

from .board import character_name, room_name
from .catalog import CATALOG
from .hazards import place_fire
from .intruders import attack_card, draw_attack_card, move_intruder, type_name
from .noise import noise_roll, roll_noise, weakness_revealed
from .state import DerelictState, Intruder, Player

SMALL_TARGETS = ("larva", "crawler", "egg")
MID_TARGETS = ("larva", "crawler", "hunter", "egg")


def roll_combat(state: DerelictState) -> str:
    return CATALOG.dice.combat[state.rng.randrange(len(CATALOG.dice.combat))]


def face_wounds(face: str, target: str, weapon: str | None, state: DerelictState) -> int:
    """DER-COMBAT-2 with weapon specials (table 2.4) and weaknesses (table 2.8)."""
    if face == "miss":
        wounds = 1 if target == "hunter" and weakness_revealed(state, "exposed_nerves") else 0
    elif face == "small":
        wounds = 1 if target in SMALL_TARGETS else 0
    elif face == "mid":
        wounds = 1 if target in MID_TARGETS or weapon == "dart_pistol" else 0
    elif face == "hit":
        wounds = 2 if weapon == "rivet_gun" else 1
    else:
        wounds = 3 if weapon == "sidearm" else 2
    if weapon == "torch_rifle" and face != "miss":
        wounds = max(wounds, 1)
    if wounds and weapon == "pulse_rifle":
        wounds += 1
    cell = weapon is not None and CATALOG.weapon[weapon].kind == "cell"
    if wounds and cell and weakness_revealed(state, "conductive_hide"):
        wounds += 1
    if wounds and weapon == "torch_rifle" and weakness_revealed(state, "heat_shock"):
        wounds += 1
    return wounds


def kill_intruder(state: DerelictState, intruder: Intruder, out: list[Event]) -> None:
    """DER-COMBAT-7: the figure leaves, its token leaves the game, a carcass stays (not for a larva)."""
    ship = state.ship
    ship.intruders = [i for i in ship.intruders if i.id != intruder.id]
    if intruder.token is not None:
        ship.gone.append(intruder.token)
    if intruder.type != "larva":
        ship.objects.setdefault(intruder.room, []).append(f"carcass:{intruder.type}")
    if intruder.type == "matriarch":
        ship.matriarch_dead = True
    out.append(Event(text=f"The {type_name(intruder.type).lower()} in {room_name(state, intruder.room)} dies."))


def flee(state: DerelictState, intruder: Intruder, out: list[Event]) -> None:
    """DER-COMBAT-9: roll the noise die (no noise placed); 1-4 moves it through that exit."""
    face = roll_noise(state)
    name = type_name(intruder.type).lower()
    if weakness_revealed(state, "skittish") and intruder in state.ship.intruders:
        intruder.wounds += 1
    if face not in ("1", "2", "3", "4"):
        out.append(Event(text=f"The {name} tries to flee but stays where it is."))
        return
    target = CATALOG.exits[intruder.room][int(face) - 1]
    if target in ("DU", "DD"):
        from .intruders import remove_to_bag

        remove_to_bag(state, intruder)
        out.append(Event(text=f"The {name} flees into the ducts."))
        return
    out.append(Event(text=f"The {name} flees to {room_name(state, target)}."))
    move_intruder(state, intruder, target, out)


def wound_intruder(
    state: DerelictState, intruder: Intruder, wounds: int, out: list[Event], *, check: bool = True
) -> None:
    """Place wounds, then one endurance check (DER-COMBAT-3..8). ``check=False`` leaves the check to the
    caller when one action wounds the same intruder twice (Double tap, Steady hand): DER-COMBAT-6 makes one
    check after all the action's wounds are placed."""
    if wounds <= 0:
        return
    intruder.wounds += wounds
    if intruder.type == "larva":
        kill_intruder(state, intruder, out)
        return
    if check:
        endurance_check(state, intruder, out)


def endurance_check(state: DerelictState, intruder: Intruder, out: list[Event]) -> None:
    """DER-COMBAT-3/5/8: draw an attack card; wounds at its number kill, else its flee mark sends it off.

    The same comparison for every intruder, as the rulebook prints it; a game dealt under tuning 0 or 1
    adds its tuning's bonus for a brooder or the matriarch, as it did when it began."""
    from .tuning import tuning

    name = type_name(intruder.type).lower()
    card = draw_attack_card(state)
    _, _, endurance, flee_mark = attack_card(card)
    endurance += tuning(state).endurance_bonus.get(intruder.type, 0)  # type: ignore[call-overload]
    if weakness_revealed(state, "fragile_strain"):
        endurance -= 1
    out.append(Event(text=f"The {name} has {count(intruder.wounds, 'wound')}; endurance check: {endurance}."))
    if intruder.wounds >= endurance:
        kill_intruder(state, intruder, out)
    elif flee_mark:
        flee(state, intruder, out)


def destroy_eggs(state: DerelictState, room: str, n: int, out: list[Event]) -> int:
    """Destroy up to ``n`` uncarried eggs lying in ``room``; returns how many."""
    objects = state.ship.objects.get(room, [])
    done = 0
    while done < n and "egg" in objects:
        objects.remove("egg")
        done += 1
    if done:
        out.append(Event(text=f"{done} egg{'' if done == 1 else 's'} destroyed in {room_name(state, room)}."))
    return done


def strike(
    state: DerelictState,
    player: Player,
    target: Intruder | None,
    weapon: str | None,
    out: list[Event],
    *,
    face: str | None = None,
    bonus: int = 0,
    check: bool = True,
) -> int:
    """One shot (``weapon``) or hand-to-hand blow (``None``) at an intruder, or at an egg (``target`` None);
    returns the wounds dealt. ``face`` is a roll already made (a kept reroll); ``bonus`` adds wounds even on
    a miss (Full auto); ``check=False`` defers the endurance check (DER-COMBAT-6). DER-ACT-SHOOT-1..4,
    DER-ACT-MELEE-1..3, DER-HIVE-2/3. Ammo is spent by the caller.
    """
    from .cards import take_infection
    from .harm import serious_wound

    if weapon is None:
        take_infection(state, player, out)  # DER-ACT-MELEE-3: before rolling, whatever the result
    if face is None:
        face = roll_combat(state)
    kind = "egg" if target is None else target.type
    wounds = face_wounds(face, kind, weapon, state) + bonus
    if weapon is None and face == "double":
        wounds = 1
    how = "shoots" if weapon else "strikes"
    what = "an egg" if target is None else f"the {type_name(kind).lower()}"
    plural = "" if wounds == 1 else "s"
    result = f"{face.capitalize()}, {wounds} wound{plural}"
    out.append(Event(text=f"{character_name(player)} {how} at {what}: {result}."))
    if weapon == "torch_rifle" and face == "double":
        place_fire(state, player.room, out)
    if target is None:
        destroy_eggs(state, player.room, wounds, out)
        noise_roll(state, player, out)  # DER-HIVE-3
        return wounds
    if weapon is None and wounds == 0:
        serious_wound(state, player, out)
    wound_intruder(state, target, wounds, out, check=check)
    return wounds
