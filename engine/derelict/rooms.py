"""Room actions (digest table 2.2, DER-ACT-ROOM-1, DER-ACT-3, DER-HIBER-*, DER-POD-*, DER-COURSE-*,
DER-ENGINE-1, DER-SIGNAL-1, DER-SELF-1..2, DER-WEAK-2).

A room action needs the character in that room, out of combat, and no malfunction there (DER-ACT-3). What a
player privately learns (the course card, an engine token, a face-down slot) is a private event and a peek
kept in their private view for the rest of the game (digest §5).
"""

from __future__ import annotations

from collections.abc import Callable

from engine.core import Choice, Event
from engine.core.words import count

from .actions import Action, Param, Params, Resolver, follow_up, room_actions_here
from .board import character_name, has_hatch, intruders_in, is_explored, kind_of, room_name
from .catalog import CATALOG
from .combat import flee
from .ending import check_last_awake
from .harm import light_wound
from .infection import remove_infection, scan, scan_hand_remove_clean
from .intruders import remove_to_bag
from .noise import noise_roll
from .pods import launch
from .state import DerelictState, Player
from .tuning import time_track, tuning
from .view import object_name

WEAPON_RELOAD = 2


def offers(state: DerelictState, player: Player, action: str) -> bool:
    """Whether the room the player stands in has room action ``action`` and it works now (DER-ACT-3)."""
    return action in room_actions_here(state, player)


def printed_cost(state: DerelictState, player: Player, action: str) -> int:
    kind = kind_of(state, player.room)
    assert kind is not None
    return next(a.cost for a in kind.actions if a.id == action)


def cost_of(action: str, discount_for: str | None = None) -> Callable[[DerelictState, Player], int]:
    """The printed cost, 1 less (minimum 0) for the character whose trait discounts this room."""

    def cost(state: DerelictState, player: Player) -> int:
        n = printed_cost(state, player, action)
        if discount_for is not None and player.character == discount_for:
            n = max(0, n - 1)
        return n

    return cost


def peek(player: Player, text: str, out: list[Event]) -> None:
    """A private look: told to the player alone and remembered in their private view (digest §5)."""
    player.peeks.append(text)
    out.append(Event(text=text, audience=(player.seat,)))


def anyone_hibernating(state: DerelictState) -> bool:
    return any(p.status == "hibernating" for p in state.players)


def intruder_count(state: DerelictState, room: str) -> int:
    return len(intruders_in(state, room))


# --- Cryo Bay and pod bays -----------------------------------------------------------------------------


def can_hibernate(state: DerelictState, player: Player) -> bool:
    """DER-HIBER-2: once the time marker stands on the cryo-open space or later."""
    return offers(state, player, "hibernate") and state.ship.time >= time_track(state).cryo_open


def do_hibernate(state: DerelictState, player: Player, params: Params, out: list[Event]) -> None:
    """DER-HIBER-3/4: under tuning 0 a noise roll first, and an intruder appearing in the Cryo Bay stops it;
    under tuning 1 the character simply hibernates (the roll failed 40 % of attempts and made the Cryo Bay
    the deadliest room of the game: docs/rules/derelict.md, "Balance")."""
    before = intruder_count(state, player.room)
    if tuning(state).hibernation_roll:
        noise_roll(state, player, out)
    if player.status != "active":
        return
    if intruder_count(state, player.room) > before:
        out.append(Event(text=f"{character_name(player)} cannot reach a chamber: something is in the Cryo Bay."))
        return
    player.status = "hibernating"
    out.append(Event(text=f"{character_name(player)} goes into hibernation.", headline=True))
    check_last_awake(state, out)


def boardable_pods(state: DerelictState, player: Player, params: Params) -> list[Choice]:
    """DER-POD-3: an unlocked pod of this bay with a free seat."""
    return [
        Choice(id=str(p.number), label=f"Pod {p.number} ({2 - len(p.seats)} free seats)")
        for p in state.ship.pods
        if p.bay == player.room and not p.locked and not p.launched and len(p.seats) < 2
    ]


def do_board(state: DerelictState, player: Player, params: Params, out: list[Event]) -> None:
    """DER-POD-4/5: a noise roll; an intruder appearing in the bay stops it; otherwise seat, then choose."""
    before = intruder_count(state, player.room)
    noise_roll(state, player, out)
    if player.status != "active" or intruder_count(state, player.room) > before:
        if player.status == "active":
            out.append(Event(text=f"{character_name(player)} cannot board: something is in the bay."))
        return
    pod = next(p for p in state.ship.pods if p.number == int(params["pod"]))
    pod.seats.append(player.seat)
    player.status = "pod"
    player.pod = pod.number
    out.append(Event(text=f"{character_name(player)} boards escape pod {pod.number}."))
    follow_up(state, player, "board_pod", params)


def launch_choices(state: DerelictState, player: Player, params: Params) -> list[Choice]:
    return [Choice(id="launch", label="Launch now"), Choice(id="wait", label="Wait in the pod")]


def finish_board(state: DerelictState, player: Player, params: Params, out: list[Event]) -> None:
    if params["launch"] == "launch":
        pod = next(p for p in state.ship.pods if p.number == int(params["pod"]))
        launch(state, pod, out)
    else:
        out.append(Event(text=f"{character_name(player)} waits in the pod."))


# --- Bridge, engines, computers ------------------------------------------------------------------------


def course_card_text(state: DerelictState) -> str:
    card = CATALOG.ship.course.cards[state.ship.coordinates]
    return ", ".join(f"{pos} {dest}" for pos, dest in zip(CATALOG.ship.course.positions, card, strict=True))


def do_read_course(state: DerelictState, player: Player, params: Params, out: list[Event]) -> None:
    """Bridge: privately see the coordinates card (DER-COURSE-1)."""
    peek(player, f"Round {state.round}: the coordinates card reads {course_card_text(state)}.", out)
    card = CATALOG.ship.course.cards[state.ship.coordinates]
    player.course_seen = dict(zip(CATALOG.ship.course.positions, card, strict=True))
    out.append(Event(text=f"{character_name(player)} reads the course."))


def course_choices(state: DerelictState, player: Player, params: Params) -> list[Choice]:
    return [Choice(id=p, label=f"Course {p}") for p in CATALOG.ship.course.positions if p != state.ship.course]


def do_set_course(state: DerelictState, player: Player, params: Params, out: list[Event]) -> None:
    """DER-COURSE-2: the marker moves (public); the destination stays hidden."""
    state.ship.course = params["course"]
    out.append(Event(text=f"{character_name(player)} sets the course marker to {params['course']}."))


def do_inspect(state: DerelictState, player: Player, params: Params, out: list[Event]) -> None:
    """DER-ENGINE-1: privately see this engine's top token."""
    top = state.ship.engines[player.room][0]
    peek(player, f"Round {state.round}: {room_name(state, player.room)} is {top}.", out)
    player.engines_seen[player.room] = top
    out.append(Event(text=f"{character_name(player)} inspects {room_name(state, player.room)}."))


def do_diagnostics(state: DerelictState, player: Player, params: Params, out: list[Event]) -> None:
    tops = ", ".join(f"{CATALOG.fixed[r].name} {stack[0]}" for r, stack in state.ship.engines.items())
    peek(player, f"Round {state.round}: {tops}.", out)
    player.engines_seen.update({r: stack[0] for r, stack in state.ship.engines.items()})
    out.append(Event(text=f"{character_name(player)} runs the engine diagnostics."))


def do_signal(state: DerelictState, player: Player, params: Params, out: list[Event]) -> None:
    """DER-SIGNAL-1: a public signal marker, at most once."""
    player.signal = True
    out.append(Event(text=f"{character_name(player)} sends the signal."))


def self_destruct_allowed(state: DerelictState, player: Player) -> bool:
    """DER-SELF-2: arming needs nobody hibernating; disarming only up to space 2."""
    sd = state.ship.self_destruct
    if sd is None:
        return not anyone_hibernating(state)
    return sd <= CATALOG.ship.self_destruct.last_disarmable


def do_self_destruct(state: DerelictState, player: Player, params: Params, out: list[Event]) -> None:
    if state.ship.self_destruct is None:
        state.ship.self_destruct = 0
        out.append(Event(text=f"{character_name(player)} arms the self-destruct!", headline=True))
    else:
        state.ship.self_destruct = None
        out.append(Event(text=f"{character_name(player)} disarms the self-destruct.", headline=True))


def flood_choices(state: DerelictState, player: Player, params: Params) -> list[Choice]:
    return [
        Choice(id=r, label=room_name(state, r))
        for r in CATALOG.map_order
        if is_explored(state, r) and (r in state.ship.fire or intruders_in(state, r))
    ]


def do_flood(state: DerelictState, player: Player, params: Params, out: list[Event]) -> None:
    room = params["room"]
    if room in state.ship.fire:
        state.ship.fire.remove(room)
    out.append(Event(text=f"{character_name(player)} floods {room_name(state, room)}."))
    for intruder in intruders_in(state, room):
        if intruder in state.ship.intruders:
            flee(state, intruder, out)


def purge_choices(state: DerelictState, player: Player, params: Params) -> list[Choice]:
    return [
        Choice(id=r, label=room_name(state, r)) for r in CATALOG.map_order if has_hatch(r) and intruders_in(state, r)
    ]


def do_purge(state: DerelictState, player: Player, params: Params, out: list[Event]) -> None:
    room = params["room"]
    for intruder in intruders_in(state, room):
        remove_to_bag(state, intruder)
    out.append(
        Event(text=f"{character_name(player)} purges {room_name(state, room)}: every intruder there is flushed.")
    )


def camera_choices(state: DerelictState, player: Player, params: Params) -> list[Choice]:
    return [Choice(id=s, label=f"Slot {s}") for s in CATALOG.slots if s not in state.ship.explored]


def do_cameras(state: DerelictState, player: Player, params: Params, out: list[Event]) -> None:
    slot = params["slot"]
    peek_slot(state, player, slot, out)
    out.append(Event(text=f"{character_name(player)} watches the security cameras."))


def peek_slot(state: DerelictState, player: Player, slot: str, out: list[Event]) -> None:
    """Cameras and Listen: one face-down slot's tile and exploration token, privately."""
    tile = CATALOG.tiles[state.ship.tiles[slot]].name
    token = CATALOG.explore.tokens[state.ship.explore_tokens[slot]]
    items = count(token.value, "item")
    peek(player, f"Round {state.round}: slot {slot} holds the {tile} ({token.effect}, {items}).", out)


def pod_choices(state: DerelictState, player: Player, params: Params) -> list[Choice]:
    return [
        Choice(id=str(p.number), label=f"{'Unlock' if p.locked else 'Lock'} pod {p.number}")
        for p in state.ship.pods
        if not p.launched
    ]


def do_pod_override(state: DerelictState, player: Player, params: Params, out: list[Event]) -> None:
    pod = next(p for p in state.ship.pods if p.number == int(params["pod"]))
    pod.locked = not pod.locked
    out.append(Event(text=f"{character_name(player)} {'locks' if pod.locked else 'unlocks'} pod {pod.number}."))


# --- medical rooms -------------------------------------------------------------------------------------


def treat_choices(state: DerelictState, player: Player, params: Params) -> list[Choice]:
    choices = []
    if any(not w.dressed for w in player.serious):
        choices.append(Choice(id="dress", label="Dress all your serious wounds"))
    if any(w.dressed for w in player.serious):
        choices.append(Choice(id="heal", label="Heal 1 dressed serious wound"))
    if player.light:
        choices.append(Choice(id="light", label="Heal all light wounds"))
    return choices


def do_treat(state: DerelictState, player: Player, params: Params, out: list[Event]) -> None:
    from .gear import heal

    if params["treat"] != "dress":
        heal(state, player, params["treat"], out)
        return
    for w in player.serious:
        w.dressed = True
    out.append(Event(text=f"{character_name(player)} dresses every serious wound."))


def analyse_choices(state: DerelictState, player: Player, params: Params) -> list[Choice]:
    """DER-WEAK-2: an object carried or lying here, of a kind whose weakness is still face down."""
    here = [*player.held, *state.ship.objects.get(player.room, [])]
    kinds: dict[str, str] = {}
    for obj in here:
        kind = object_kind(obj)
        if kind not in state.ship.revealed_weaknesses:
            kinds.setdefault(kind, object_name(obj))
    return [Choice(id=k, label=f"Analyse the {name}") for k, name in kinds.items()]


def object_kind(obj: str) -> str:
    if obj in ("body", "remains") or obj.startswith("corpse:"):
        return "corpse"
    if obj.startswith("carcass:"):
        return "carcass"
    return "egg"


def reveal_weakness(state: DerelictState, kind: str, out: list[Event]) -> None:
    state.ship.revealed_weaknesses.append(kind)
    weakness = next(w for w in CATALOG.ship.weaknesses.cards if w.id == state.ship.weaknesses[kind])
    out.append(Event(text=f"Weakness found ({kind}): {weakness.name}. {weakness.text}", headline=True))


def do_analyse(state: DerelictState, player: Player, params: Params, out: list[Event]) -> None:
    reveal_weakness(state, params["object"], out)


def do_operate(state: DerelictState, player: Player, params: Params, out: list[Event]) -> None:
    """Surgery: scan everything, remove INFECTED cards and the larva; 1 light wound; discard hand; pass."""
    from .cards import infection_cards
    from .turn import finish_pass

    infected = scan(state, player, infection_cards(player), out)
    for card in infected:
        remove_infection(state, player, card)
    if player.larva:
        player.larva = False
        out.append(Event(text=f"The surgeon removes the larva from {character_name(player)}."))
    light_wound(state, player, out)
    if player.status != "active":
        return
    player.discard.extend(player.hand)
    player.hand = []
    finish_pass(state, player, out)


def cell_weapons(state: DerelictState, player: Player, params: Params) -> list[Choice]:
    return [
        Choice(id=str(i), label=f"{CATALOG.weapon[w.id].name} ({w.ammo} ammo)")
        for i, w in enumerate(player.weapons)
        if CATALOG.weapon[w.id].kind == "cell" and w.ammo < CATALOG.weapon[w.id].capacity
    ]


def do_recharge(state: DerelictState, player: Player, params: Params, out: list[Event]) -> None:
    weapon = player.weapons[int(params["weapon"])]
    weapon.ammo = min(CATALOG.weapon[weapon.id].capacity, weapon.ammo + WEAPON_RELOAD)
    out.append(
        Event(text=f"{character_name(player)} recharges the {CATALOG.weapon[weapon.id].name} ({weapon.ammo} ammo).")
    )


def scan_choice(state: DerelictState, player: Player, params: Params) -> list[Choice]:
    return [Choice(id="scan", label="Scan the infection cards in my hand"), Choice(id="no", label="Do not scan")]


def do_eat(state: DerelictState, player: Player, params: Params, out: list[Event]) -> None:
    if player.light:
        player.light -= 1
        out.append(Event(text=f"{character_name(player)} eats and heals a light wound."))
    hand_scan_offer(state, player, "eat", params, out)


def do_shower(state: DerelictState, player: Player, params: Params, out: list[Event]) -> None:
    player.slime = False
    out.append(Event(text=f"{character_name(player)} showers the slime off."))
    hand_scan_offer(state, player, "shower", params, out)


def hand_scan_offer(state: DerelictState, player: Player, action: str, params: Params, out: list[Event]) -> None:
    if any(c.startswith("inf") for c in player.hand):
        follow_up(state, player, action, params)


def finish_scan(state: DerelictState, player: Player, params: Params, out: list[Event]) -> None:
    if params["scan"] == "scan":
        scan_hand_remove_clean(state, player, out)


def room_action(
    action: str,
    label: str,
    resolve: Resolver,
    *,
    params: tuple[Param, ...] = (),
    allowed: Callable[[DerelictState, Player], bool] | None = None,
    discount_for: str | None = None,
    followup: Param | None = None,
    finish: Resolver | None = None,
) -> Action:
    """One room action: offered in a working room that has it (plus ``allowed``), at its printed cost."""

    def ok(state: DerelictState, player: Player) -> bool:
        return offers(state, player, action) and (allowed is None or allowed(state, player))

    return Action(
        id=action,
        label=label,
        cost=cost_of(action, discount_for),
        allowed=ok,
        resolve=resolve,
        params=params,
        followup=followup,
        finish=finish,
        room=True,
    )


def requisition() -> Action:
    from .play import any_deck, do_requisition, finish_requisition, keep_choices

    return room_action(
        "requisition",
        "Requisition",
        do_requisition,
        params=(Param("deck", "Which item deck?", any_deck),),
        followup=Param("keep", "Which item do you keep?", keep_choices),
        finish=finish_requisition,
    )


SCAN = Param("scan", "Scan the infection cards in your hand?", scan_choice)

ROOM_ACTIONS: tuple[Action, ...] = (
    room_action("hibernate", "Hibernate", do_hibernate, allowed=can_hibernate),
    room_action(
        "board_pod",
        "Board a pod",
        do_board,
        params=(Param("pod", "Which pod do you board?", boardable_pods),),
        followup=Param("launch", "Launch now or wait?", launch_choices),
        finish=finish_board,
    ),
    room_action("read_course", "Read course", do_read_course, discount_for="pilot"),
    room_action(
        "set_course",
        "Set course",
        do_set_course,
        params=(Param("course", "Where do you set the course marker?", course_choices),),
        allowed=lambda s, p: not anyone_hibernating(s),
        discount_for="pilot",
    ),
    room_action("inspect", "Inspect engine", do_inspect),
    room_action("diagnostics", "Diagnostics", do_diagnostics),
    room_action("signal", "Send the signal", do_signal, allowed=lambda s, p: not p.signal),
    room_action("self_destruct", "Arm or disarm the self-destruct", do_self_destruct, allowed=self_destruct_allowed),
    room_action("flood", "Flood a room", do_flood, params=(Param("room", "Which room do you flood?", flood_choices),)),
    room_action("purge", "Purge", do_purge, params=(Param("room", "Which room do you purge?", purge_choices),)),
    room_action("cameras", "Cameras", do_cameras, params=(Param("slot", "Which slot do you watch?", camera_choices),)),
    room_action("pod_override", "Pod override", do_pod_override, params=(Param("pod", "Which pod?", pod_choices),)),
    room_action(
        "treat", "Treat", do_treat, params=(Param("treat", "Which treatment?", treat_choices),), discount_for="medic"
    ),
    room_action("analyse", "Analyse", do_analyse, params=(Param("object", "What do you analyse?", analyse_choices),)),
    room_action("operate", "Operate", do_operate, discount_for="medic"),
    room_action(
        "recharge", "Recharge", do_recharge, params=(Param("weapon", "Which weapon do you recharge?", cell_weapons),)
    ),
    room_action("eat", "Eat", do_eat, followup=SCAN, finish=finish_scan),
    requisition(),
    room_action("shower", "Shower", do_shower, followup=SCAN, finish=finish_scan),
)
