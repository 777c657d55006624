"""The heuristic self-play player (digest §7, bot (b)): it reads only its own seat's view and its prompt.

What it knows is what a careful human at the table knows: the public board, its own hand, items and tasks,
and the peeks it took (``knowledge.py`` reads those; ``routes.py`` finds the way). How it plays, in order
of what keeps a crew alive:

- **Fights**: it shoots what one shot can kill (larvae, crawlers, a badly wounded intruder) and otherwise
  escapes at once: an escape costs one attack per intruder, staying costs the same attack every event
  phase and keeps the character in combat.
- **Noise**: it walks plainly into rooms whose exits are quiet or where another character stands (no noise
  roll), carefully when a noisy exit could mean a collision, and passes with a reserve of cards so that a
  collision in the event phase (a bag token makes everyone roll) is rarely a surprise attack.
- **Duties**: seats share the work that decides the end checks: one goes round the engines (repairs with a
  card that repairs, inspects without one) until two are known working, one reads and sets the course on
  the Bridge; a solo player does both, and a dead seat's duty passes on. A duty is kept while its round
  trip fits before the hyperjump. Everyone else explores and searches near the Cryo Bay or runs its task's
  errand. Then everyone hibernates in the Cryo Bay, or boards a pod when one is open and close.
- **Care**: it treats wounds with what it holds, rests to clear infection cards, repairs a malfunction in a
  room it needs, and leaves a burning room.
- **Tasks**: it keeps the task it can most likely meet and, holding a hostile course task, sets the course
  wrong and leaves by pod.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.core import Prompt

from .board import passages
from .catalog import CATALOG
from .knowledge import (
    best_target,
    course_position,
    earth_position,
    engine_known,
    is_fighting,
    my_room,
    room_named,
    room_of,
    target_wounds,
)
from .routes import distance, entry_risk, nearest_open_pod, noisy_exits, rounds_left, safe_step
from .view import DerelictView

ENGINES = tuple(CATALOG.ship.engines.rooms)
CRYO, BRIDGE, PODS = "CB", "BR", ("PA", "PB")
BODY = "crewmate's body"  # the public name of the body lying in the Cryo Bay
ESCAPE_CARDS = ("card_evasive_roll", "ad_escape")
HEAL_ITEMS = ("item_medkit", "item_bandage", "card_field_dressing", "card_triage")
REPAIR_CARDS = ("card_quick_fix", "card_repairs", "item_tools", "item_duct_tape")
NOT_EARTH_TASKS = ("C7", "P2")  # hostile tasks met when the ship does not reach Earth
CRITICAL_TOKENS = 5  # with this many malfunctions on the board, any repair keeps the ship from exploding
RESERVE = 3  # cards kept at the end of a round: a bag token's collision then rarely surprises

# How likely a task is met by this player's plan (hibernate or escape, with engines and course seen to).
TASK_SCORE = {"P1": 4, "P7": 3, "C5": 3, "C6": 3, "C7": 2, "P2": 2, "P4": 2, "C2": 1, "C4": 1, "C3": 1, "C8": 1}


@dataclass
class Heuristic:
    """Chooses among a prompt's choices from the seat's view only; ``seed`` keeps the bot's signature stable
    for callers that seed their players (this player is deterministic and does not need it)."""

    seed: int = 0

    def choose(self, view: DerelictView, prompt: Prompt) -> str:
        ids = [c.id for c in prompt.choices]
        kind = prompt.id.rsplit(".", 1)[-1]
        if prompt.id.startswith("draft"):
            return ids[0]
        if prompt.id.startswith("task"):
            return pick_task(view, ids)
        room = my_room(view, prompt.seat)
        if kind == "turn":
            return self.turn(view, prompt.seat, room, ids)
        answer = answer_parameter(self, view, prompt.seat, room, kind, ids)
        if answer is not None:
            return answer
        for preferred in ("done", "decline", "stay", "keep", "stop"):
            if preferred in ids:
                return preferred
        return ids[0]

    # --- the turn -----------------------------------------------------------------------------------------

    def turn(self, view: DerelictView, seat: int, room: str, ids: list[str]) -> str:
        """One action: leaving the ship, fighting, safety, duties, then moving toward the goal."""
        for action in ("board_pod", "hibernate"):
            if action in ids and self.may_leave(view, seat, room):
                return action
        if is_fighting(view, room):
            return self.fight(view, seat, room, ids)
        if room in view.rooms_on_fire() and "move" in ids:
            return "move"  # fire hurts at the end of every turn
        for choice in (self.care(view, seat, ids), self.duty_here(view, seat, room, ids)):
            if choice is not None:
                return choice
        goal = self.goal(view, seat, room)
        if goal != room:
            return self.step_toward(view, seat, room, goal, ids)
        if "card_search" in ids and len(view.hand) > RESERVE:
            return "card_search"
        return "pass"

    def may_leave(self, view: DerelictView, seat: int, room: str) -> bool:
        """Hibernate once the duties are done (or time presses); board a pod whenever one is open."""
        if room in PODS:
            return True
        return not self.feasible_duties(view, seat, room)

    def fight(self, view: DerelictView, seat: int, room: str, ids: list[str]) -> str:
        """Shoot only what a shot is likely to finish; otherwise escape before more attacks come."""
        if "shoot" in ids and target_wounds(view, room) is not None:
            return "shoot"
        for card in ESCAPE_CARDS:
            if card in ids:
                return card
        if "move" in ids:
            return "move"
        return "shoot" if "shoot" in ids else "pass"

    def care(self, view: DerelictView, seat: int, ids: list[str]) -> str | None:
        """Treat serious wounds (two of them mean a Maul kills), clear infection cards with Rest."""
        me = view.seats[seat]
        undressed = [w for w in me.serious_wounds if not w.startswith("dressed")]
        if undressed or len(me.serious_wounds) >= 2 or me.light_wounds >= 2:
            for card in ("treat", "operate", *HEAL_ITEMS):
                if card in ids:
                    return card
        if "card_rest" in ids and "infection card" in view.hand:
            return "card_rest"
        return None

    def duty_here(self, view: DerelictView, seat: int, room: str, ids: list[str]) -> str | None:
        """Work that can be done in this very room: a needed repair, the course, the engines, the signal."""
        here = room_of(view, room)
        needed = room in (CRYO, BRIDGE, *PODS, *ENGINES) or view.malfunctions >= CRITICAL_TOKENS
        if here.malfunction and needed:
            for card in REPAIR_CARDS:
                if card in ids:
                    return card
        earth = earth_position(view)
        if "read_course" in ids and earth is None and self.navigator(view, seat):
            return "read_course"
        if "set_course" in ids and earth is not None and view.course != self.wanted_course(view, earth):
            return "set_course"
        if room in ENGINES and self.engineer(view, seat):
            known = engine_known(view, room)
            if known != "working":
                for card in REPAIR_CARDS:
                    if card in ids:
                        return card  # a repair shows both tokens and puts the working one on top
            if known is None and "inspect" in ids:
                return "inspect"
        if "signal" in ids and not view.seats[seat].signal and needs_signal(view):
            return "signal"
        if "take" in ids and holds(view, "P4") and BODY in here.objects and BODY not in view.seats[seat].held:
            return "take"  # Last rites: end carrying the crewmate's body
        return None

    # --- where to go --------------------------------------------------------------------------------------

    def goal(self, view: DerelictView, seat: int, room: str) -> str:
        """The room this seat works toward now: an open pod close by, else a duty it can still finish
        and be back in the Cryo Bay before the hyperjump, else the Cryo Bay (or a short errand early on)."""
        open_pod = nearest_open_pod(view, room)
        if open_pod is not None and (distance(room, open_pod) <= 2 or self.wants_pod(view)):
            return open_pod
        work = self.feasible_duties(view, seat, room)
        if work:
            return min(work, key=lambda r: distance(room, r))
        if view.time >= view.cryo_open - 2 or distance(room, CRYO) >= 2 * rounds_left(view) - 1:
            return CRYO
        return self.wander(view, room)

    def feasible_duties(self, view: DerelictView, seat: int, room: str) -> list[str]:
        """Duty rooms free of intruders whose round trip still fits before the hyperjump (two moves a
        round, one round spare)."""
        budget = 2 * rounds_left(view) - 3
        return [
            r
            for r in self.duties_left(view, seat)
            if (r == room or not room_of(view, r).intruders) and distance(room, r) + distance(r, CRYO) <= budget
        ]

    def duties_left(self, view: DerelictView, seat: int) -> list[str]:
        """The rooms where this seat still has work: engines not known working, the Bridge."""
        rooms: list[str] = []
        if self.engineer(view, seat):
            rooms += engine_work(view)
        earth = earth_position(view)
        if self.navigator(view, seat) and (earth is None or view.course != self.wanted_course(view, earth)):
            rooms.append(BRIDGE)
        if not rooms and needs_signal(view) and not view.seats[seat].signal:
            # the task's errand comes after the work every survivor depends on
            comms = room_named(view, "Comms")
            rooms.append(comms or self.nearest_unexplored(view, my_room(view, seat)))
        return rooms

    def nearest_unexplored(self, view: DerelictView, room: str) -> str:
        unexplored = [r.id for r in view.rooms if not r.explored]
        return min(unexplored, key=lambda r: distance(room, r)) if unexplored else CRYO

    def wander(self, view: DerelictView, room: str) -> str:
        """A free seat searches the nearest explored room with items, else explores next to the Cryo Bay."""
        stocked = [r.id for r in view.rooms if r.explored and (r.items or 0) > 0 and not r.intruders]
        if stocked and "search" in [h.lower() for h in view.hand]:
            return min(stocked, key=lambda r: distance(room, r))
        near = [r.id for r in view.rooms if not r.explored and distance(CRYO, r.id) <= 2]
        return min(near, key=lambda r: distance(room, r)) if near else CRYO

    def engineer(self, view: DerelictView, seat: int) -> bool:
        """Seat 1 (index 0) sees to the engines, with seat 3 at 3+ players; a dead engineer's work passes
        to the next living seat that is not the navigator."""
        return seat in duty_seats(view, ENGINEER_ORDER) or seat == stand_in(view, ENGINEER_ORDER, NAVIGATOR_ORDER)

    def navigator(self, view: DerelictView, seat: int) -> bool:
        """Seat 2 (index 1, or the solo seat) reads and sets the course; the next living seat takes over
        from a dead navigator. A hostile course task makes any seat its own navigator."""
        return seat == stand_in(view, NAVIGATOR_ORDER, ()) or self.hostile_course(view)

    def hostile_course(self, view: DerelictView) -> bool:
        return any(t.split(":")[0] in HOSTILE_COURSE_NAMES for t in view.tasks)

    def wants_pod(self, view: DerelictView) -> bool:
        return self.hostile_course(view)

    def wanted_course(self, view: DerelictView, earth: str) -> str:
        """Earth, unless this seat holds a task that needs the ship to miss it (Ceres for Cargo diversion)."""
        if not self.hostile_course(view):
            return earth
        ceres = course_position(view, "Ceres") if holds(view, "C7") else None
        return ceres or next(p for p in CATALOG.ship.course.positions if p != earth)

    def step_toward(self, view: DerelictView, seat: int, room: str, goal: str, ids: list[str]) -> str:
        """Move plainly where no collision can follow, carefully where one could; keep a reserve."""
        step = safe_step(view, room, goal)
        if step is None or room_of(view, step).intruders:
            return "pass"  # never walk into a fight
        hand = len(view.hand)
        quiet = noisy_exits(view, step) == 0 or bool(room_of(view, step).characters)
        late = rounds_left(view) <= distance(room, goal) // 2 + 1
        reserve = 0 if late else RESERVE - 1
        if quiet and "move" in ids and hand >= 1 + reserve:
            return "move"
        if "careful" in ids and hand >= 2 + reserve:
            return "careful"
        if "move" in ids and (late or hand >= 1 + RESERVE):
            return "move"
        return "pass"

    # --- parameters ---------------------------------------------------------------------------------------

    def destination(self, view: DerelictView, seat: int, room: str, ids: list[str]) -> str:
        """Toward the goal; when escaping, any room without intruders and quiet exits."""
        if is_fighting(view, room):
            calm = [r for r in ids if not room_of(view, r).intruders]
            goal = self.goal(view, seat, room)
            return min(calm or ids, key=lambda r: (distance(r, goal), entry_risk(view, r)))
        step = safe_step(view, room, self.goal(view, seat, room))
        return step if step in ids else ids[0]


def answer_parameter(bot: Heuristic, view: DerelictView, seat: int, room: str, kind: str, ids: list[str]) -> str | None:
    """The answer to an action's parameter or follow-up question, or ``None`` for the polite default."""
    if kind == "to":
        return bot.destination(view, seat, room, ids)
    if kind == "exit":
        return quiet_exit(view, room, ids)
    if kind == "object":
        return "body" if "body" in ids else ids[0]
    if kind == "target":
        return best_target(view, room, ids)
    if kind == "next":
        return "reroll" if "reroll" in ids else ("again" if "again" in ids else ids[0])
    if kind in ("launch", "pod"):
        return "launch" if "launch" in ids else ids[0]
    if kind == "order":
        return "working" if "working" in ids else ids[0]
    if kind == "course":
        earth = earth_position(view)
        wanted = bot.wanted_course(view, earth) if earth else None
        return wanted if wanted in ids else ids[0]
    if kind == "what":
        return "engine" if "engine" in ids and room in ENGINES else ids[0]
    if kind == "pay":
        return cheapest(ids)
    if kind in ("treat", "option"):
        return next((o for o in ("heal", "dress", "light", "slime") if o in ids), ids[0])
    if kind == "scan":
        return "scan" if "scan" in ids else ids[0]
    if kind == "keep":
        return ids[0]
    return None


# Cards worth keeping in hand, most precious first; a cost is paid with the others.
PRECIOUS = ("repairs", "quick_fix", "evasive_roll", "adrenaline", "field_dressing", "search", "rest")


def cheapest(ids: list[str]) -> str:
    """Pay with the card this player needs least."""
    return max(ids, key=lambda c: PRECIOUS.index(c) if c in PRECIOUS else len(PRECIOUS))


def quiet_exit(view: DerelictView, room: str, ids: list[str]) -> str:
    """The careful move's noise token: into a hatch if possible (measured: fewer deaths than a corridor)."""
    keys = passages(room)
    ducts = [i for i in ids if "|" not in keys[int(i) - 1]]
    return (ducts or ids)[-1]


def pick_task(view: DerelictView, ids: list[str]) -> str:
    """The task this player's plan most likely meets (a tie keeps the first)."""
    return max(ids, key=lambda t: TASK_SCORE.get(t, 0) if len(view.seats) > 1 or t not in ("P7", "C5", "C6") else 0)


HOSTILE_COURSE_NAMES = {CATALOG.task[t].name for t in NOT_EARTH_TASKS}
SIGNAL_TASK_NAMES = {CATALOG.task[t].name for t in ("C1", "C2", "P3", "P4", "P6")}


def holds(view: DerelictView, task: str) -> bool:
    """Whether this seat's (chosen or dealt) tasks include ``task``."""
    return any(t.split(":")[0] == CATALOG.task[task].name for t in view.tasks)


def needs_signal(view: DerelictView) -> bool:
    return any(t.split(":")[0] in SIGNAL_TASK_NAMES for t in view.tasks)


def engine_work(view: DerelictView) -> list[str]:
    """Engines still to see to, the one to go to first: every stack holds one working and one damaged
    token, so a repair always helps. With a card that repairs, the nearest unfixed engine; without one,
    unseen engines first (an inspection may show it working), then a damaged one to wait at for the card.
    Two engines known working pass the engine check, so then nothing is left to do."""
    known = {e: engine_known(view, e) for e in ENGINES}
    if sum(1 for k in known.values() if k == "working") >= len(ENGINES) - CATALOG.ship.engines.damaged_to_explode + 1:
        return []
    unseen = [e for e, k in known.items() if k is None]
    damaged = [e for e, k in known.items() if k == "damaged"]
    if any(c in view.hand for c in ("Repairs", "Quick fix")):
        return unseen + damaged
    return unseen or damaged


ENGINEER_ORDER = (0, 2)
NAVIGATOR_ORDER = (1, 0, 2, 3, 4)


def duty_seats(view: DerelictView, order: tuple[int, ...]) -> list[int]:
    """The living seats of ``order`` (at 1-2 players only the first; seat 3 joins from 3 players)."""
    players = len(view.seats)
    wanted = [s for s in order if s < players][: 1 if players < 3 else len(order)]
    return [s for s in wanted if view.seats[s].status != "dead"]


def stand_in(view: DerelictView, order: tuple[int, ...], skip: tuple[int, ...]) -> int | None:
    """The first living seat in ``order`` (then any other seat), skipping the living seat of ``skip``."""
    taken = stand_in(view, skip, ()) if skip else None
    players = len(view.seats)
    candidates: list[int] = [*order, *range(players)]
    for seat in candidates:
        if seat < players and view.seats[seat].status != "dead" and seat != taken:
            return seat
    return None
