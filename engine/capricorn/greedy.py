"""A seeded greedy player for Abandon Capricorn: the self-play bot that measures balance (digest §9).

It answers a pending prompt with one of that prompt's own choices, so it never makes an illegal move, and it
reads only ``view(state, seat)``: the public table plus its own hands. It never looks ahead through
``apply`` because a look-ahead would reveal the next room card, bag draw or die roll; instead it ranks the
offered choices with the ship's geometry, which is public and deterministic (``SHIP.steps`` under a
hypothetical rotation). Ties are broken by a generator seeded from the game's seed, so one seed is one game.

The priorities follow the digest's list: kill what threatens (Hit, Shoot, Grenade, the Soldier's power),
heal or hide when low, walk to the goal (the pod in the end game, else the repair space of a part in the
backpack, else the unsearched dots of rooms whose part is still missing), rotate rings when that shortens
the way, start a repair as soon as possible and pour every rotation into it, pass the last card while
healthy.
"""

from __future__ import annotations

import heapq
from collections.abc import Iterable, Sequence
from functools import lru_cache

from engine.core import Prompt, Rng, SeatSetup

from .board import SHIP
from .catalog import CATALOG
from .options import CapricornOptions
from .rules import apply, prompts
from .setup import setup
from .state import CapricornState
from .terms import POD
from .view import CapricornView, CharacterView, view

FAR = 99  # distance to an unreachable goal
ALIEN_STEP = 4  # extra cost of walking through an alien's space (it attacks as you pass)
DOOR_STEP = 3  # extra cost of a door: entering a room fills its breaches with aliens
ROT_COST = 2  # a rotation mark in a plan, counted like two steps
PASS_HEALTH = 10  # pass the last card (1 health) only this healthy: passing was the bots' main wound
LOW_CARDS = 3  # ... or when trashing would leave too few cards to keep acting
LOW_HEALTH = 4  # at or below: hide, skip risky searches, stop passing cards
ROLES = ("engineer", "soldier", "medic", "chemist", "scout")


def rotated(rotation: dict[str, int], ring: str) -> dict[str, int]:
    """The ring counters after one clockwise mark of ``ring`` (as ``effects.rotate`` does)."""
    new = dict(rotation)
    new[ring] = (new[ring] + 1) % SHIP.marks
    return new


def distances(goals: Iterable[str], rotation: dict[str, int], blocked: set[str]) -> dict[str, int]:
    """Steps from every space to the nearest goal under ``rotation`` (moves are symmetric: doors open both
    ways, in-room steps too); spaces in ``blocked`` (aliens) cost extra. Cached: the bot asks often."""
    return _distances(tuple(sorted(goals)), tuple(sorted(rotation.items())), frozenset(blocked))


@lru_cache(maxsize=4096)
def _distances(
    goals: tuple[str, ...], rotation: tuple[tuple[str, int], ...], blocked: frozenset[str]
) -> dict[str, int]:
    """Dijkstra from the goals on 1 + ALIEN_STEP weights (the cached worker of ``distances``)."""
    doors: dict[str, list[str]] = {}
    for a, b in SHIP.openings(dict(rotation)):  # type: ignore[arg-type]
        doors.setdefault(a, []).append(b)
        doors.setdefault(b, []).append(a)
    result: dict[str, int] = {}
    heap = [(0, g) for g in goals]
    heapq.heapify(heap)
    while heap:
        d, here = heapq.heappop(heap)
        if here in result:
            continue
        result[here] = d
        inside = SHIP.within_room_steps(here) if here != POD else []
        for near in inside + doors.get(here, []):
            if near not in result:
                cost = 1 + (ALIEN_STEP if near in blocked else 0) + (0 if near in inside else DOOR_STEP)
                heapq.heappush(heap, (d + cost, near))
    return result


class Greedy:
    """The bot for one game: ``choose`` maps a prompt and the seat's view to a choice id."""

    def __init__(self, seed: int) -> None:
        self.rng = Rng.from_seed(seed ^ 0x6EED)
        self.plans: dict[str, tuple[int, dict[str, int]]] = {}  # per answer: plans by character role

    # --- reading the view

    @staticmethod
    def who(v: CapricornView, prompt: Prompt) -> int:
        """The character a prompt is addressed to: an off-turn question names it in its id (``c<i>``),
        the Engineer's off-turn rotation goes to the Engineer, everything else to the active character."""
        tail = prompt.id.rsplit(".", 1)[-1]
        if "c" in tail:
            return int(tail.split("c")[1])
        if v.characters[v.active].seat != prompt.seat or prompt.question.startswith("Engineer:"):
            for i, c in enumerate(v.characters):
                if c.seat == prompt.seat and (c.role == "engineer" or not prompt.question.startswith("Engineer:")):
                    return i
        return v.active

    @staticmethod
    def goals(v: CapricornView, c: CharacterView) -> list[str]:
        """Where a character wants to be: the pod in the end game, the repair space for a part it carries,
        else the unsearched dots of main rooms whose part is still to be found (else any unsearched dot)."""
        if v.end_game:
            return [POD]
        for card in c.backpack:
            found = CATALOG.found.get(card)
            if found is not None and found.kind == "part" and found.room and found.room not in v.repairs_done:
                repair = SHIP.room(found.room).repair
                if repair:
                    return [repair]
        wanted = [
            d
            for room in SHIP.rooms
            if room.main and room.key not in v.parts_found and v.room_deck_sizes.get(room.key, 0) > 0
            for d in room.dots
            if d not in v.searched
        ]
        if wanted:
            return wanted
        return [d for room in SHIP.rooms for d in room.dots if d not in v.searched] or [POD]

    @staticmethod
    def alien_spaces(v: CapricornView) -> set[str]:
        spaces = {a.space for a in v.aliens}
        spaces |= {m.space for m in v.mothers if m.status == "on_map" and m.space}
        return spaces

    def danger(self, v: CapricornView, space: str) -> int:
        """Aliens and Mothers next to (or within two of) ``space``: what attacks after the Action step."""
        if space == POD:
            return 0
        total = 0
        for s in self.alien_spaces(v):
            d = SHIP.distance(space, s)
            if d is not None:
                total += 3 if d <= 1 else (1 if d <= 2 else 0)
        return total

    def way(self, v: CapricornView, c: CharacterView, rotation: dict[str, int] | None = None) -> int:
        """Steps from the character to its goal under ``rotation`` (the current one by default)."""
        dist = distances(self.goals(v, c), rotation or v.rotation, self.alien_spaces(v))
        return dist.get(c.space, FAR)

    def plan(self, v: CapricornView, c: CharacterView) -> tuple[int, dict[str, int]]:
        """The cheapest way to the goal counting rotations: (steps + ROT_COST per mark, the rotation to aim
        for). Only one ring is turned in a plan: doors between neighbouring rings depend on one counter
        each, which is enough to bring a wanted door round."""
        if c.role in self.plans:
            return self.plans[c.role]
        best = (self.way(v, c), dict(v.rotation))
        for ring in ("inner", "middle"):
            rot = dict(v.rotation)
            for marks in range(1, SHIP.marks):
                rot = rotated(rot, ring)
                cost = self.way(v, c, rot) + ROT_COST * marks
                if cost < best[0]:
                    best = (cost, dict(rot))
        self.plans[c.role] = best
        return best

    def targets_in_reach(self, v: CapricornView, c: CharacterView, radius: int) -> int:
        if c.space == POD:
            return 0
        return sum(1 for s in self.alien_spaces(v) if (SHIP.distance(c.space, s) or 9) <= radius)

    # --- ranking

    def symbol_value(self, v: CapricornView, c: CharacterView, symbol: str, count: int) -> float:
        """How useful one option of a card is right now (0: useless)."""
        repairing = v.repair_room is not None
        near = self.targets_in_reach(v, c, 1)
        room = self.targets_in_reach(v, c, 12)
        if symbol == "hit":
            return 20.0 + count if near else 0.0
        if symbol in ("shoot", "grenade"):
            # one shot only wounds a Tough alien, and wounds heal at the end of the turn
            kills = any(a.health <= count for a in v.aliens if SHIP.room_of(a.space) == SHIP.room_of(c.space))
            return (18.0 + count if kills or symbol == "grenade" else 9.0) if room else 0.0
        if symbol == "hide":
            return 16.0 if c.health <= LOW_HEALTH and room else 0.5
        if symbol == "power":
            if c.role == "medic":
                return 15.0 if any(x.health <= 7 for x in v.characters) else 1.0
            if c.role in ("soldier", "chemist"):
                return 17.0 if room else 0.2
            if c.role == "engineer":
                return 14.0 if repairing else 1.0
            return 8.0 if self.way(v, c) > 0 else 0.2  # the Scout's dash
        if symbol == "rotate":
            if repairing:
                return 19.0 + count
            return 6.0 if self.best_ring(v, c) is not None else 0.3
        if symbol == "move":
            way = self.way(v, c)
            if way >= FAR:
                return 3.0 if self.way(v, c, self.plan(v, c)[1]) > 0 else 0.1
            return 7.0 + min(count, way) if way > 0 else 0.1
        return 0.0

    def card_value(self, v: CapricornView, c: CharacterView, card: str) -> float:
        return max(self.symbol_value(v, c, o.symbol, o.count) for o in CATALOG.action(card).options)

    def best_ring(self, v: CapricornView, c: CharacterView) -> str | None:
        """The ring to turn one mark towards the character's plan (or ``None`` when the plan turns none)."""
        _, target = self.plan(v, c)
        return next((r for r in ("inner", "middle") if target[r] != v.rotation[r]), None)

    # --- answering

    def pick(self, ids: Sequence[str], key: dict[str, float]) -> str:
        """The highest-scored id, seeded tie-break."""
        top = max(key.get(i, 0.0) for i in ids)
        tied = [i for i in ids if key.get(i, 0.0) == top]
        return tied[0] if len(tied) == 1 else self.rng.choice(tied)

    def choose(self, v: CapricornView, prompt: Prompt) -> str:
        """The bot's answer to ``prompt`` (always one of its choice ids)."""
        ids = [ch.id for ch in prompt.choices]
        self.plans = {}
        me = self.who(v, prompt)
        c = v.characters[me]
        q = prompt.question
        score: dict[str, float] = {}
        if q.startswith("Your action step"):
            for i in ids:
                if i == "repair":
                    score[i] = 100.0
                elif i.startswith("play."):
                    score[i] = self.card_value(v, c, i[5:])
                elif i.startswith("kit."):
                    role = i.rsplit(".", 1)[1]
                    other = next(x for x in v.characters if x.role == role)
                    score[i] = 30.0 if other.health <= 5 else -1.0
                elif i.startswith("flame."):
                    score[i] = 25.0 if self.targets_in_reach(v, c, 2) >= 2 else -1.0
                elif i == "done":
                    score[i] = 0.0
                else:  # give, endrep: never volunteered
                    score[i] = -5.0
            return self.pick(ids, score)
        if q.startswith("Which action of"):
            card = next((x for x in (c.hand or []) if CATALOG.action(x).name in q), None)
            for i in ids:
                if i == "none":
                    score[i] = 0.05
                else:
                    option = CATALOG.action(card).option(i) if card else None  # type: ignore[arg-type]
                    count = option.count if option else 1
                    score[i] = self.symbol_value(v, c, i, count)
            return self.pick(ids, score)
        if q.startswith(("Move:", "Dash:")) or ("where to?" in q):
            _, target = self.plan(v, c)
            dist = distances(self.goals(v, c), v.rotation, self.alien_spaces(v))
            if dist.get(c.space, FAR) >= FAR:  # no way now: walk to where the planned rotation opens one
                dist = distances(self.goals(v, c), target, self.alien_spaces(v))
            here = dist.get(c.space, FAR)
            for i in ids:
                if i == "stop":
                    score[i] = -(here * 10 + self.danger(v, c.space))
                else:
                    score[i] = -(dist.get(i, FAR) * 10 + self.danger(v, i)) + 0.5
            return self.pick(ids, score)
        if q.startswith("Rotate:") or q.startswith("Engineer: which rotation"):
            if "flip" in ids:
                return "flip"
            active = v.characters[v.active]
            ring = self.best_ring(v, active)
            if ring in ids:
                return ring
            return "stop" if "stop" in ids else self.rng.choice(ids)
        if "which target" in q:
            for i in ids:
                if i == "stop":
                    score[i] = -1.0
                elif i.startswith("a"):
                    alien = next(a for a in v.aliens if a.id == int(i[1:]))
                    score[i] = 10.0 - alien.health + (2.0 if alien.color == "red" else 0.0)
                else:
                    score[i] = 1.0
            return self.pick(ids, score)
        if q.startswith("Grenade"):
            room = SHIP.room_of(c.space) or ""
            people = {x.space for x in v.characters}
            for i in ids:
                if i == "stop":
                    score[i] = 0.0
                    continue
                blast = SHIP.blast(room, int(i[1:]))
                score[i] = sum(1 for a in self.alien_spaces(v) if a in blast) - 10 * sum(p in blast for p in people)
            return self.pick(ids, score)
        if q.startswith("Medic: whom"):
            for i in ids:
                role = "medic" if i == "self" else i.split(".", 1)[1]
                score[i] = -next(x.health for x in v.characters if x.role == role)
            return self.pick(ids, score)
        if q.startswith("Chemist"):
            aliens = self.alien_spaces(v)
            for i in ids:
                score[i] = -min((SHIP.distance(i, a) or 20) for a in aliens) if aliens else 0.0
            return self.pick(ids, score)
        if q.startswith("Search the dot"):
            here_room = SHIP.room_of(c.space)
            wanted = here_room is not None and here_room not in v.parts_found
            return "yes" if wanted or c.health > LOW_HEALTH else "no"
        if q.startswith("Your last card"):
            nxt = v.characters[(me + 1) % len(v.characters)]
            cards = len(c.hand or []) + c.stack_size + len(c.used)
            keep = c.health >= PASS_HEALTH or (cards <= LOW_CARDS and c.health > 2 * LOW_HEALTH)
            return "pass" if "pass" in ids and keep and nxt.health > 0 else "trash"
        if q.startswith("Off-turn") or "about to end: play a card" in q:
            if v.repair_room is not None:
                plays = [i for i in ids if i.startswith("play.")]
                if plays:
                    return plays[0]
            if c.role == "engineer" and self.best_ring(v, v.characters[v.active]) is not None:
                plays = [i for i in ids if i.startswith("play.")]
                if plays and len(c.hand or []) > 2:
                    return plays[0]
            return "notnow" if "notnow" in ids else ("decline" if "decline" in ids else ids[-1])
        if "on the repair?" in q:
            return "power" if "power" in ids else ids[0]
        if "repair cards do you carry out" in q:
            for i in ids:
                kind = CATALOG.repair[i].kind if i in CATALOG.repair else ""
                score[i] = {"done": 3.0, "rotate": 1.0}.get(kind, 0.0)
            return self.pick(ids, score)
        if q.startswith("Flip another"):
            return "yes"
        if q.startswith("Where is"):  # a pushed alien: away from the crew
            for i in ids:
                score[i] = -sum(1 for x in v.characters if SHIP.distance(x.space, i) is not None)
            return self.pick(ids, score)
        return self.rng.choice(ids)


def bot_step(state: CapricornState, bots: dict[int, Greedy], chooser: Rng) -> CapricornState:
    """One answer by the bot: the first pending prompt of a seat picked at random among those waiting
    (as people answering at the table would), answered from that seat's view only."""
    pending = prompts(state)
    prompt = chooser.choice(pending)
    answer = bots[prompt.seat].choose(view(state, prompt.seat), prompt)
    state, _ = apply(state, prompt.seat, prompt.id, answer)
    return state


def play_one(
    seed: int, players: int, options: CapricornOptions, max_steps: int = 20000, random: bool = False
) -> CapricornState:
    """A whole seeded game, every seat played by the greedy bot (or by uniformly random legal choices)."""
    seats = [SeatSetup(role=r) for r in ROLES[:players]]
    state = setup(seats, options, seed)
    chooser = Rng.from_seed(seed ^ 0x5EED)
    bots = {s: Greedy(seed * 31 + s) for s in range(players)}
    for _ in range(max_steps):
        pending = prompts(state)
        if not pending:
            break
        if random:
            prompt = chooser.choice(pending)
            state, _ = apply(state, prompt.seat, prompt.id, chooser.choice(prompt.choices).id)
        else:
            state = bot_step(state, bots, chooser)
    return state
