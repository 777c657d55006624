"""Seeded self-play of Cosmic Pioneers: the balance table of the rules page.

Two reference players: ``random`` (uniform over the legal choices) and ``greedy`` (each decision maximises its
own VP estimate one step ahead: 1 per colonist on a planet, 5 per controlled planet, credits / 500, plus 0.5 per
colonist in its hold). The greedy player looks ahead on a copy whose dice are re-seeded, so it never sees the
real future dice; it judges a re-roll by its average and Fraser's spot by the next alien event (``greedy_choice``).
Game ``i`` of a run uses seed ``seed0 + i`` with the scenario and commanders drawn at random.

    python -m engine.pioneers.selfplay --games 80 --players 2 3 4
    python -m engine.pioneers.selfplay --games 80 --players 2 --random
    python -m engine.pioneers.selfplay --games 40 --players 2 3 4 --scenario gold_rush
    python -m engine.pioneers.selfplay --games 80 --players 2 --crash-adventure   # the rule before pioneers-3

It prints per player count: win rate by turn position (1 = the first player of round 1), by commander and by
scenario; winning VP (mean, min, max) per scenario; ties; the share of VP from colonists, control and credits;
planets controlled at the end; colonists killed by cause; the share of turns spent at the Jumpgate.
"""

from __future__ import annotations

import argparse
from collections import Counter, defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field

from engine.core import Prompt, Rng, SeatSetup

from .actions import score
from .aliens import resolve_card
from .catalog import CATALOG
from .options import PioneersOptions
from .rules import apply, outcome, prompts
from .setup import setup
from .state import COLONIST, PioneersState

MAX_STEPS = 20000


def estimate(state: PioneersState, seat: int) -> float:
    """The greedy player's VP estimate for ``seat``."""
    vp, _, _, _ = score(state, seat)
    return vp + 0.5 * state.player(seat).cargo.count(COLONIST)


RE_ROLLS = ("sato", "kade")  # prompt kinds whose "re-roll" answer is a gamble: judged by its average
RE_ROLL_SAMPLES = 12


def greedy_choice(state: PioneersState, prompt: Prompt, chooser: Rng, quick: bool = False) -> str:
    """The choice whose one-step result scores best for the prompt's seat (ties: at random).

    Two decisions need more than one step to be seen at all: a re-roll (Sato, Kade) is judged by its average
    over several re-seeded dice, not by one sample against the known die; Fraser's spot changes no VP now, so
    it is judged by the next alien event (``after_next_event``), where a colonist beside a Lizard or a Bug dies,
    and the unload that asks it is judged with the spot chosen (``through_own_choice``).
    """
    if len(prompt.choices) == 1:
        return prompt.choices[0].id
    kind = prompt.id.split(".")[-1]
    samples = RE_ROLL_SAMPLES if kind in RE_ROLLS and not quick else 1
    best: list[str] = []
    top = float("-inf")
    for choice in prompt.choices:
        value = 0.0
        for _ in range(samples):
            trial = state.clone()
            trial.rng = Rng.from_seed(chooser.next_u64())  # never the real dice
            after, _ = apply(trial, prompt.seat, prompt.id, choice.id)
            if kind == "spot":
                value += after_next_event(after, prompt.seat)
            else:
                value += estimate(through_own_choice(after, prompt.seat, chooser), prompt.seat)
        value /= samples
        if value > top + 1e-9:
            top, best = value, [choice.id]
        elif abs(value - top) <= 1e-9:
            best.append(choice.id)
    if kind == "spot":
        return best[0]  # equally safe spots: the leftmost, as an unloaded colonist would go without Fraser
    return chooser.choice(best)


def through_own_choice(state: PioneersState, seat: int, chooser: Rng) -> PioneersState:
    """Look through a choice the same captain must make at once, where the state in between would mislead:
    Fraser's unload waits for his spot, the colonist still in his hold (without this an unload would seem to
    gain nothing and the greedy Fraser would rarely land a colonist); Sato's move to a planet waits for his
    re-roll question before the adventure's result (without this his moves would be judged free of adventure
    risk while every other captain's are judged on a sample of the die). The look-through answers Sato with
    one sample, as the greedy player once answered every question."""
    pending = prompts(state)
    if pending and pending[0].seat == seat and pending[0].id.split(".")[-1] in ("spot", "sato"):
        answer = greedy_choice(state, pending[0], chooser, quick=True)
        state, _ = apply(state, seat, pending[0].id, answer)
    return state


def after_next_event(state: PioneersState, seat: int) -> float:
    """The VP estimate averaged over the alien event cards the deck still holds (its contents are public: the
    table's natives minus the discards; never its order), as if the next card were drawn now."""
    cards = Counter(state.deck or state.discards)
    total = sum(cards.values())
    if not total:
        return estimate(state, seat)
    value = 0.0
    for alien, n in cards.items():
        trial = state.clone()
        resolve_card(trial, alien)
        value += n * estimate(trial, seat)
    return value / total


@dataclass
class Result:
    seats: int
    scenario: str
    winners: tuple[int, ...]
    positions: dict[int, int]  # seat -> turn position in round 1 (0 = first player)
    commanders: dict[int, str]
    vp: dict[int, tuple[int, int, int, int]]  # seat -> (vp, controlled, colonists, credits)
    control_vp: int
    credits_per_vp: int
    killed: dict[str, int]
    jumpgate_share: float
    controlled: int
    ended: bool


def play_game(
    seats: int, seed: int, greedy: bool = True, scenario: str = "random", crash_adventure: bool = False
) -> Result:
    """One seeded game; ``crash_adventure`` replays the rule of engines before ``pioneers-3`` (a losing attacker
    adventures at his crash site) for before/after figures."""
    options = PioneersOptions(scenario=scenario, commanders="random", layout="random")
    state = setup([SeatSetup()] * seats, options, seed)
    state.crash_ends_turn = not crash_adventure
    first = state.first
    chooser = Rng.from_seed(seed ^ 0xB0B)
    for _ in range(MAX_STEPS):
        pending = prompts(state)
        if not pending:
            break
        prompt = pending[0]
        choice = greedy_choice(state, prompt, chooser) if greedy else chooser.choice(prompt.choices).id
        state, _ = apply(state, prompt.seat, prompt.id, choice)
    result = outcome(state)
    rules = state.rules
    components = CATALOG.components
    return Result(
        seats=seats,
        scenario=state.scenario,
        winners=result.winners if result else (),
        positions={s: (s - first) % seats for s in range(seats)},
        commanders={p.seat: p.commander or "" for p in state.players},
        vp={p.seat: score(state, p.seat) for p in state.players},
        control_vp=rules.control_vp if rules.control_vp is not None else components.control_vp,
        credits_per_vp=rules.credits_per_vp if rules.credits_per_vp is not None else components.credits_per_vp,
        killed=dict(state.stats.killed),
        jumpgate_share=state.stats.jumpgate_turns / max(1, state.stats.turns),
        controlled=sum(1 for slot in state.planet_slots() if state.controller(slot) is not None),
        ended=state.phase == "over",
    )


@dataclass
class Table:
    games: int = 0
    ties: int = 0
    by_position: dict[int, float] = field(default_factory=lambda: defaultdict(float))
    by_commander: dict[str, float] = field(default_factory=lambda: defaultdict(float))
    commander_games: Counter[str] = field(default_factory=Counter)
    scenario_games: Counter[str] = field(default_factory=Counter)
    winning_vp: dict[str, list[int]] = field(default_factory=lambda: defaultdict(list))
    share: Counter[str] = field(default_factory=Counter)
    controlled: int = 0
    killed: Counter[str] = field(default_factory=Counter)
    jumpgate: float = 0.0
    unfinished: int = 0

    def add(self, r: Result) -> None:
        self.games += 1
        self.unfinished += 0 if r.ended else 1
        if len(r.winners) > 1:
            self.ties += 1
        credit = 1 / len(r.winners) if r.winners else 0
        for seat in r.winners:
            self.by_position[r.positions[seat]] += credit
            self.by_commander[r.commanders[seat]] += credit
        for commander in r.commanders.values():
            self.commander_games[commander] += 1
        self.scenario_games[r.scenario] += 1
        if r.winners:
            self.winning_vp[r.scenario].append(r.vp[r.winners[0]][0])
        for vp, held, colonists, credits in r.vp.values():
            self.share["colonists"] += colonists
            self.share["control"] += held * r.control_vp
            self.share["credits"] += credits // r.credits_per_vp
            _ = vp
        self.controlled += r.controlled
        self.killed.update(r.killed)
        self.jumpgate += r.jumpgate_share

    def lines(self, seats: int) -> list[str]:
        n = max(1, self.games)
        head = f"## {seats} players: {self.games} games, ties {100 * self.ties / n:.1f} %"
        out = [f"{head}, unfinished {self.unfinished}"]
        out.append(
            "win by position: "
            + ", ".join(f"{p + 1}: {100 * self.by_position[p] / n:.1f} %" for p in range(seats))
            + f" (target {100 / seats:.0f} ± 5)"
        )
        out.append(
            "win by commander: "
            + ", ".join(
                f"{c}: {100 * self.by_commander[c] / max(1, self.commander_games[c]):.1f} %"
                for c in sorted(self.commander_games)
            )
        )
        total = max(1, sum(self.share.values()))
        out.append(
            "VP share: "
            + ", ".join(f"{k} {100 * self.share[k] / total:.0f} %" for k in ("colonists", "control", "credits"))
        )
        out.append(f"planets controlled at the end: {self.controlled / n:.1f} of 11")
        killed = ", ".join(f"{k} {v / n:.1f}" for k, v in sorted(self.killed.items()))
        out.append(f"colonists killed per game: {killed}")
        out.append(f"turns at the Jumpgate: {100 * self.jumpgate / n:.0f} %")
        out.append("scenario: games, win VP mean (min-max)")
        for s in sorted(self.scenario_games):
            vps = self.winning_vp[s] or [0]
            out.append(f"  {s}: {self.scenario_games[s]}, {sum(vps) / len(vps):.1f} ({min(vps)}-{max(vps)})")
        return out


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--players", type=int, nargs="+", default=[2, 3, 4])
    parser.add_argument("--seed", type=int, default=1000)
    parser.add_argument("--random", action="store_true", help="uniformly random players instead of greedy ones")
    parser.add_argument("--scenario", default="random", help="one scenario for every game (default: drawn)")
    parser.add_argument(
        "--crash-adventure", action="store_true", help="the rule before pioneers-3: a lost attack still adventures"
    )
    args = parser.parse_args(argv)
    for seats in args.players:
        table = Table()
        for i in range(args.games):
            table.add(play_game(seats, args.seed + i, not args.random, args.scenario, args.crash_adventure))
        print("\n".join(table.lines(seats)), flush=True)


if __name__ == "__main__":
    main()
