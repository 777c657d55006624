"""A seeded heuristic player for Abandon Capricorn: the self-play bot that measures balance (digest §9).

It answers a pending prompt with one of that prompt's own choices, so it never makes an illegal move, and it
reads only ``view(state, seat)``: the public table plus its own hands. It never looks ahead through
``apply`` because a look-ahead would reveal the next room card, bag draw or die roll; it ranks the offered
choices with the ship's public geometry (``planner``: distances over spaces *and* ring positions). Ties are
broken by a generator seeded from the game's seed, so one seed is one game.

The crew plays one plan, because the rules reward it:

* **One explorer, everyone else in the pod.** Aliens move and attack only in the active character's room, and
  "new aliens in your room" does nothing in the pod, so a character in the pod is never hurt. A crew walking
  together doubles the attacks and the arrivals in its room; a lone explorer takes only its own turns'.
  The explorer is the best fighter still healthy (Soldier, Scout, Medic, Chemist, Engineer in that order);
  the Engineer is the last pick because her off-turn rotations and repair flips work from the pod.
* **The pod feeds the explorer.** Pod dwellers turn rings towards the explorer's plan, pour every Rotate
  symbol into an open repair, and pass their best card along the turn order towards the explorer (each pass
  costs the passer 1 health, which a pod dweller can spare); the explorer trashes its last card, so its deck
  neither shrinks nor costs it health.
* **The explorer** searches unsearched dots of rooms whose part is still missing, carries a part to its
  room's repair space, opens the repair at once and spends every Rotate on it, fights what is adjacent or
  in its room (but walks out first when its goals lie in another room: aliens act only where someone is
  active, so a fight in a room it leaves is wasted), hides when low, and walks home when the repairs are
  done. In the end game a living Mother on the map is hunted by the Soldier (or the explorer): the crew
  cannot win while she lives. With 4+ characters a character with nowhere to walk spends its spare Move
  cards stepping out of reach (of the Mother above all) once the fighting is done.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.core import Prompt, Rng, SeatSetup

from . import planner
from .board import SHIP
from .catalog import CATALOG
from .options import CapricornOptions
from .planner import FAR, ROT_COST
from .rules import apply, prompts
from .setup import setup
from .state import CapricornState
from .terms import POD, RotatingRing
from .view import CapricornView, CharacterView, view

CROWD = 4  # aliens in a room that make the planner walk around it (a Mother counts as a crowd)
MOTHER_TARGET = 11.5  # a Mother in reach outranks a lone Tough alien: she must die before the crew can win
LOW_HEALTH = 4  # at or below: hide when aliens are about
HANDOVER_HEALTH = 3  # an explorer at or below this without a part hands the job to a healthier character
EVADE = 5.0  # a Move card with nowhere to walk, spent stepping out of reach (4+ characters): after the fighting
POD_PASS_HEALTH = 3  # a pod dweller passes cards on while above this health
DAMAGE: dict[str, int] = {color: alien.damage for color, alien in CATALOG.rules.aliens.items()}
ROLES = ("engineer", "soldier", "medic", "chemist", "scout")
EXPLORER_ORDER = ("soldier", "scout", "medic", "chemist", "engineer")


class Greedy:
    """The bot for one seat: ``choose`` maps a prompt and the seat's view to a choice id."""

    def __init__(self, seed: int) -> None:
        self.rng = Rng.from_seed(seed ^ 0x6EED)

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
    def carried_part(v: CapricornView, c: CharacterView) -> str | None:
        """The room of a spare part the character carries that still needs fitting."""
        for card in c.backpack:
            found = CATALOG.found.get(card)
            if found is not None and found.kind == "part" and found.room and found.room not in v.repairs_done:
                return found.room
        return None

    def explorer(self, v: CapricornView) -> int:
        """Who goes out: anyone carrying a part, else a character already out and still fit, else the first
        healthy character in ``EXPLORER_ORDER``. Public information only, so every seat agrees."""
        for i, c in enumerate(v.characters):
            if self.carried_part(v, c) is not None:
                return i
        out = [i for i, c in enumerate(v.characters) if c.space != POD and c.health > HANDOVER_HEALTH]
        if out:
            return min(out, key=lambda i: EXPLORER_ORDER.index(v.characters[i].role))
        fit = [i for i, c in enumerate(v.characters) if c.health > HANDOVER_HEALTH] or list(range(len(v.characters)))
        return min(fit, key=lambda i: (-(v.characters[i].health >= 7), EXPLORER_ORDER.index(v.characters[i].role)))

    @staticmethod
    def living_mother(v: CapricornView) -> str | None:
        """The room of a Mother alive on the map (the win needs her dead, CAP-END-3)."""
        for m in v.mothers:
            if m.status == "on_map" and m.space and m.health > 0:
                return SHIP.room_of(m.space)
        return None

    def hunter(self, v: CapricornView) -> int:
        """Who hunts a Mother in the end game: the Soldier (3 damage anywhere in the room), else the explorer.
        (Sending the healthiest character instead measured worse: a fresh hunter walks out through rooms that
        fill with aliens as it enters them.)"""
        for i, c in enumerate(v.characters):
            if c.role == "soldier":
                return i
        return self.explorer(v)

    def goals(self, v: CapricornView, i: int) -> list[str]:
        """Where character ``i`` wants to be (see the module docstring)."""
        c = v.characters[i]
        if v.end_game:
            mother_room = self.living_mother(v)
            if mother_room is not None and i == self.hunter(v):
                return list(SHIP.room(mother_room).spaces)
            return [POD]
        if i != self.explorer(v):
            return [POD]
        part = self.carried_part(v, c)
        if part is not None:
            repair = SHIP.room(part).repair
            if repair:
                return [repair]
        wanted = [
            d
            for room in SHIP.rooms
            if room.main and room.key not in v.parts_found and v.room_deck_sizes.get(room.key, 0) > 0
            for d in room.dots
            if d not in v.searched
        ]
        return wanted or [POD]

    @staticmethod
    def alien_spaces(v: CapricornView) -> set[str]:
        spaces = {a.space for a in v.aliens}
        spaces |= {m.space for m in v.mothers if m.status == "on_map" and m.space}
        return spaces

    def danger(self, v: CapricornView, space: str) -> int:
        """Aliens and Mothers next to (or within two of) ``space``: what attacks after the Action step.

        With 4+ characters a Mother counts more the nearer she is, out to 5 spaces (her die moves her up to 4,
        then she strikes): there the end-game hunt decides most games, and a flat "within 3" gave a hunter
        beside her no reason to step away."""
        if space == POD or not SHIP.is_space(space):
            return 0
        total = 0
        for a in v.aliens:
            d = SHIP.distance(space, a.space)
            if d is not None:
                total += (2 + DAMAGE.get(a.color, 1)) if d <= 1 else (1 if d <= 2 else 0)
        graded = len(v.characters) >= 4
        for m in v.mothers:
            if m.status == "on_map" and m.space:
                d = SHIP.distance(space, m.space)
                if d is not None and graded:
                    total += 3 * max(0, 6 - d)
                elif d is not None and d <= 3:
                    total += 6
        return total

    def cost(self, v: CapricornView, i: int, space: str | None = None, rotation: dict[str, int] | None = None) -> int:
        """Planned cost for character ``i`` from ``space`` under ``rotation`` (now, by default)."""
        c = v.characters[i]
        return planner.cost(self.goals(v, i), space or c.space, rotation or v.rotation, self.avoid(v, c))

    @staticmethod
    def avoid(v: CapricornView, c: CharacterView) -> frozenset[str]:
        """Rooms not worth entering unless they are the goal: a Mother's, or one where aliens mass
        (``CROWD`` or more). The character's own room never counts: it is already inside."""
        count: dict[str, int] = {}
        for a in v.aliens:
            room = SHIP.room_of(a.space) or ""
            count[room] = count.get(room, 0) + 1
        for m in v.mothers:
            if m.status == "on_map" and m.space:
                count[SHIP.room_of(m.space) or ""] = CROWD
        here = SHIP.room_of(c.space) if c.space != POD else None
        return frozenset(room for room, n in count.items() if n >= CROWD and room != here)

    def ring_gain(self, v: CapricornView, i: int) -> tuple[str | None, int]:
        """The ring whose one mark most lowers character ``i``'s planned cost, and by how much."""
        now = self.cost(v, i)
        best: tuple[str | None, int] = (None, 0)
        for ring in ("inner", "middle"):
            rot = dict(v.rotation)
            rot[ring] = (rot[ring] + 1) % SHIP.marks
            gain = now - self.cost(v, i, rotation=rot)
            if gain > best[1]:
                best = (ring, gain)
        return best

    def beneficiary(self, v: CapricornView) -> int:
        """Whose plan a rotation should serve: the explorer, or in the end game whoever is still out."""
        if v.end_game:
            out = [i for i, c in enumerate(v.characters) if c.space != POD]
            if out:
                return out[0]
        return self.explorer(v)

    def in_room(self, v: CapricornView, c: CharacterView, radius: int) -> int:
        if c.space == POD:
            return 0
        return sum(1 for s in self.alien_spaces(v) if (SHIP.distance(c.space, s) or 99) <= radius)

    # --- ranking

    def symbol_value(self, v: CapricornView, i: int, symbol: str, count: int) -> float:
        """How useful one option of a card is to character ``i`` right now (about 0: useless)."""
        c = v.characters[i]
        repairing = v.repair_room is not None
        near = self.in_room(v, c, 1)
        room = self.in_room(v, c, 12)
        if symbol == "hit":
            return 20.0 + count if near else 0.0
        if symbol in ("shoot", "grenade"):
            here = SHIP.room_of(c.space) if c.space != POD else None
            # one shot only wounds a Tough alien, and wounds heal at the end of the turn
            kills = any(a.health <= count for a in v.aliens if SHIP.room_of(a.space) == here)
            return (18.0 + count if kills or symbol == "grenade" else 9.0) if room else 0.0
        if symbol == "hide":
            # hiding keeps small aliens from walking up (CAP-HIDE-2): worth it once the walking is done
            if c.hiding or not room:
                return 0.0
            if c.health <= LOW_HEALTH:
                return 16.0
            return 12.0 if room > near and self.cost(v, i) == 0 else 0.0
        if symbol == "power":
            if c.role == "medic":
                return 15.0 if c.health <= 8 else 1.0
            if c.role in ("soldier", "chemist"):
                return 17.0 if room else 0.0
            if c.role == "engineer":
                if repairing:
                    return 22.0
                return (
                    6.0 + self.ring_gain(v, self.beneficiary(v))[1]
                    if self.ring_gain(v, self.beneficiary(v))[0]
                    else 0.0
                )
            return 8.0 if self.cost(v, i) > 0 else 0.0  # the Scout's dash
        if symbol == "rotate":
            if repairing:
                return 19.0 + count
            ring, gain = self.ring_gain(v, self.beneficiary(v))
            return 6.0 + gain if ring is not None and gain >= ROT_COST else 0.0
        if symbol == "move":
            way = self.cost(v, i)
            if c.space == POD and self.goals(v, i) == [POD]:
                return 0.0
            if way >= FAR:
                return 0.0
            if c.hiding and room:
                return 0.0  # moving ends the hiding
            if c.health <= LOW_HEALTH and room and not v.end_game:
                return 2.0
            if way == 0 or not self.step_helps(v, i):
                return self.evade_value(v, i)  # waiting (for a ring, or at its goal): only a step out of reach
            if c.space != POD and self.leaving(v, i):
                # walk before fighting: a fight in a room it is about to leave is wasted (Normal 4 seats 15 -> 21
                # wins of 70)
                return 23.0 + min(count, way)
            return 7.0 + min(count, way)
        return 0.0

    def evade_value(self, v: CapricornView, i: int) -> float:
        """A Move card for a character with nowhere to walk (at its goal, or waiting for a ring): worth a little,
        played after the fighting, when a step lowers the danger where it stands. End-game hunters used to
        discard their Move cards beside the Mother and take her 3 damage every turn. Only with 4+ characters,
        where that hunt decides most games (1-3 seats sit at or above their bands and keep their bot)."""
        c = v.characters[i]
        if len(v.characters) < 4 or c.space == POD or v.repair_room is not None:
            return 0.0
        here = self.danger(v, c.space)
        if here == 0:
            return 0.0
        rings: dict[RotatingRing, int] = {"inner": v.rotation.get("inner", 0), "middle": v.rotation.get("middle", 0)}
        return EVADE if any(self.danger(v, n) < here for n in SHIP.steps(c.space, rings)) else 0.0

    def leaving(self, v: CapricornView, i: int) -> bool:
        """Whether every goal of character ``i`` lies outside the room it stands in: it has to walk out, and
        the aliens there act only while someone is inside (CAP-ALIEN-1)."""
        c = v.characters[i]
        if c.space == POD:
            return False
        here = SHIP.room_of(c.space)
        return all(g == POD or SHIP.room_of(g) != here for g in self.goals(v, i))

    def step_helps(self, v: CapricornView, i: int) -> bool:
        """Whether one step from where character ``i`` stands lowers its planned cost now."""
        c = v.characters[i]
        here = self.cost(v, i)
        rings: dict[RotatingRing, int] = {"inner": v.rotation.get("inner", 0), "middle": v.rotation.get("middle", 0)}
        return any(self.cost(v, i, space=n) < here for n in SHIP.steps(c.space, rings))

    def card_value(self, v: CapricornView, i: int, card: str) -> float:
        return max(self.symbol_value(v, i, o.symbol, o.count) for o in CATALOG.action(card).options)

    def gift_value(self, v: CapricornView, card: str) -> float:
        """How much a card helps the explorer in general (a pod dweller keeps its best one to pass on)."""
        worth = {"move": 1.0, "hit": 1.2, "shoot": 1.0, "grenade": 1.5, "rotate": 0.8, "hide": 0.3, "power": 1.0}
        return max(worth.get(o.symbol, 0.5) * o.count for o in CATALOG.action(card).options)

    # --- answering

    def pick(self, ids: Sequence[str], key: dict[str, float]) -> str:
        """The highest-scored id, seeded tie-break."""
        top = max(key.get(i, 0.0) for i in ids)
        tied = [i for i in ids if key.get(i, 0.0) == top]
        return tied[0] if len(tied) == 1 else self.rng.choice(tied)

    def choose(self, v: CapricornView, prompt: Prompt) -> str:
        """The bot's answer to ``prompt`` (always one of its choice ids)."""
        ids = [ch.id for ch in prompt.choices]
        me = self.who(v, prompt)
        c = v.characters[me]
        q = prompt.question
        score: dict[str, float] = {}
        if q.startswith("Your action step"):
            return self.action_step(v, me, ids)
        if "on the repair?" in q:
            return "power" if "power" in ids else ("rotate" if "rotate" in ids else ids[0])
        if q.startswith("Which action of"):
            card = next((x for x in (c.hand or []) if CATALOG.action(x).name in q), None)
            for i in ids:
                if i == "none":
                    score[i] = 0.05
                else:
                    option = CATALOG.action(card).option(i) if card else None  # type: ignore[arg-type]
                    count = option.count if option else 1
                    score[i] = self.symbol_value(v, me, i, count)
            return self.pick(ids, score)
        if q.startswith(("Move:", "Dash:")) or ("where to?" in q):
            goals = self.goals(v, me)
            dist = planner.table(goals, self.avoid(v, c))
            r = planner.rot_index(v.rotation)
            low = c.health <= LOW_HEALTH and not v.end_game
            for i in ids:
                space = c.space if i == "stop" else i
                d = planner.cost_at(dist, space, r)
                hide = 4.0 if low and space in SHIP.room(SHIP.room_of(space) or "BRIDGE").hiding else 0.0
                score[i] = -(d * 10 + self.danger(v, space) * (3 if low else 1)) + hide + (0.5 if i != "stop" else 0)
            return self.pick(ids, score)
        if q.startswith("Rotate:") or q.startswith("Engineer: which rotation"):
            if "flip" in ids:
                return "flip"
            ring, _ = self.ring_gain(v, self.beneficiary(v))
            if ring in ids:
                return ring
            return "stop" if "stop" in ids else self.rng.choice(ids)
        if "which target" in q:
            hunting = v.end_game
            for i in ids:
                if i == "stop":
                    score[i] = -1.0
                elif i.startswith("a"):
                    alien = next(a for a in v.aliens if a.id == int(i[1:]))
                    adjacent = SHIP.adjacent(c.space, alien.space) if c.space != POD else False
                    score[i] = 10.0 - alien.health + (2.0 if alien.color == "red" else 0.0) + (3.0 if adjacent else 0)
                else:
                    score[i] = 30.0 if hunting else MOTHER_TARGET
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
            here_key = SHIP.room_of(c.space)
            here_info = SHIP.room(here_key) if here_key else None
            wanted = here_info is not None and (not here_info.main or here_key not in v.parts_found)
            return "yes" if wanted and c.health > 2 else "no"
        if q.startswith("Your last card"):
            return self.share(v, me, ids)
        if q.startswith("Off-turn") or "about to end: play a card" in q:
            plays = [i for i in ids if i.startswith("play.")]
            if plays and v.repair_room is not None:
                return min(plays, key=lambda p: self.gift_value(v, p[5:]))
            if plays and c.role == "engineer" and len(c.hand or []) > 2:
                ring, gain = self.ring_gain(v, self.beneficiary(v))
                if ring is not None and gain >= ROT_COST:
                    return min(plays, key=lambda p: self.gift_value(v, p[5:]))
            return "notnow" if "notnow" in ids else ("decline" if "decline" in ids else ids[-1])
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

    def action_step(self, v: CapricornView, me: int, ids: list[str]) -> str:
        """Top level of the Action step: repair first, then the most useful card; a pod dweller plays its
        least giftable cards first so that the best one is left to pass on."""
        c = v.characters[me]
        dweller = c.space == POD and self.goals(v, me) == [POD]
        score: dict[str, float] = {}
        for i in ids:
            if i == "repair":
                score[i] = 100.0
            elif i.startswith("play."):
                value = self.card_value(v, me, i[5:])
                if dweller:
                    value = value if value >= 1.0 else 0.5 - self.gift_value(v, i[5:]) / 10
                score[i] = value
            elif i.startswith("kit."):
                role = i.rsplit(".", 1)[1]
                other = next(x for x in v.characters if x.role == role)
                score[i] = 30.0 if other.health <= 6 else -1.0
            elif i.startswith("flame."):
                score[i] = 25.0 if self.in_room(v, c, 2) >= 2 else -1.0
            elif i == "done":
                score[i] = -0.5 if dweller else 0.0
            else:  # give, endrep: never volunteered
                score[i] = -5.0
        if dweller and "done" in ids and not any(i.startswith("play.") for i in ids):
            return "done"
        return self.pick(ids, score)

    def share(self, v: CapricornView, me: int, ids: list[str]) -> str:
        """Pass or trash the last card: a pod dweller passes towards the explorer while it can spare the
        health; the explorer trashes (its health is the crew's, and the pod keeps its deck topped up)."""
        if "pass" not in ids:
            return "trash"
        c = v.characters[me]
        n = len(v.characters)
        if n == 1:
            return "trash"
        explorer = self.beneficiary(v)  # in the end game: whoever is still out
        # every pod dweller passes, not only the explorer's neighbour: the card hops on towards the explorer
        if me != explorer and c.space == POD and c.health > POD_PASS_HEALTH:
            return "pass"
        cards = len(c.hand or []) + c.stack_size + len(c.used)
        if me == explorer and cards <= 4 and c.health >= 8:
            return "pass"
        return "trash"


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
