"""A tiny hidden-pick game used only by the host's tests, so host behaviour is tested apart from any real game.

Each round every player secretly picks 1, 2 or 3 at the same time; then the picks are revealed and the
highest number picked by exactly one player scores. First to two points wins; after five rounds the game
is a tie. It has what the host must handle: simultaneous private prompts, hidden information, a public
resolution (headline) and an outcome.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from pydantic import BaseModel, Field

from engine.core import (
    Choice,
    Event,
    GameSpec,
    Outcome,
    Prompt,
    Role,
    SeatSetup,
    State,
    View,
    check_choice,
)


class DuelOptions(BaseModel):
    target: Literal[2, 3] = 2


class DuelState(State):
    players: int
    target: int
    picks: dict[int, int] = Field(default_factory=dict)
    scores: dict[int, int] = Field(default_factory=dict)
    roles: list[str | None] = Field(default_factory=list)
    over: bool = False


class DuelView(View):
    turn: int
    scores: dict[int, int]
    picked: list[int]
    my_pick: int | None = None

    def describe(self) -> str:
        mine = f" Your secret pick: {self.my_pick}." if self.my_pick is not None else ""
        return f"Round {self.turn}. Scores: {self.scores}.{mine}"


def setup(seats: Sequence[SeatSetup], options: DuelOptions, seed: int) -> DuelState:
    return DuelState(
        players=len(seats),
        target=options.target,
        scores={i: 0 for i in range(len(seats))},
        roles=[s.role for s in seats],
    )


def prompts(state: DuelState) -> list[Prompt]:
    if state.over:
        return []
    choices = tuple(Choice(id=str(n), label=f"Pick {n}") for n in (1, 2, 3))
    return [
        Prompt(id=f"r{state.turn}.s{seat}", seat=seat, question="Pick a secret number.", choices=choices)
        for seat in range(state.players)
        if seat not in state.picks
    ]


def apply(state: DuelState, seat: int, prompt_id: str, choice_id: str) -> tuple[DuelState, list[Event]]:
    check_choice(prompts(state), seat, prompt_id, choice_id)
    new = state.model_copy(deep=True)
    new.picks[seat] = int(choice_id)
    events = [Event(text=f"You picked {choice_id}.", audience=(seat,))]
    if len(new.picks) < new.players:
        events.append(Event(text=f"Seat {seat + 1} has picked."))
        return new, events
    counts: dict[int, int] = {}
    for n in new.picks.values():
        counts[n] = counts.get(n, 0) + 1
    unique = [n for n, c in counts.items() if c == 1]
    reveal = ", ".join(f"seat {s + 1}: {n}" for s, n in sorted(new.picks.items()))
    if unique:
        best = max(unique)
        winner = next(s for s, n in new.picks.items() if n == best)
        new.scores[winner] += 1
        events.append(Event(text=f"Round {new.turn} revealed ({reveal}); seat {winner + 1} scores.", headline=True))
    else:
        events.append(Event(text=f"Round {new.turn} revealed ({reveal}); nobody scores.", headline=True))
    new.picks = {}
    if max(new.scores.values()) >= new.target or new.turn >= 5:
        new.over = True
    else:
        new.turn += 1
    return new, events


def view(state: DuelState, viewer: int | None) -> DuelView:
    return DuelView(
        viewer=viewer,
        turn=state.turn,
        scores=dict(state.scores),
        picked=sorted(state.picks),
        my_pick=state.picks.get(viewer) if viewer is not None else None,
    )


def outcome(state: DuelState) -> Outcome | None:
    if not state.over:
        return None
    best = max(state.scores.values())
    leaders = tuple(s for s, v in state.scores.items() if v == best)
    if len(leaders) == 1 and best >= state.target:
        return Outcome(result="win", winners=leaders, summary=f"Seat {leaders[0] + 1} wins.", scores=state.scores)
    return Outcome(result="tie", summary="Nobody reached the target: a tie.", scores=state.scores)


def unseen(state: DuelState, seat: int) -> object:
    """What ``seat`` cannot see: the others' picks of this round (a reveal empties them)."""
    return {s: n for s, n in state.picks.items() if s != seat}


def skip_choice(state: DuelState, prompt: Prompt) -> str | None:
    """A skipped player picks 1."""
    return "1"


SPEC: GameSpec[DuelState, DuelOptions] = GameSpec(
    key="duel",
    name="Hidden Duel",
    min_players=2,
    max_players=3,
    options_model=DuelOptions,
    state_model=DuelState,
    engine_version="duel-1",
    setup=setup,
    prompts=prompts,
    apply=apply,
    view=view,
    outcome=outcome,
    rules_text="Pick 1-3 in secret; the highest unique pick scores.",
    roles=(Role("red", "Red"), Role("blue", "Blue"), Role("green", "Green", dealt_from=3)),
    roles_required=False,
    unseen=unseen,
    skip_choice=skip_choice,
)
