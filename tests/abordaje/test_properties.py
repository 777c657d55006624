"""Properties every ¡Abordaje! game keeps, over hundreds of seeded random games (OpenSpiel's RandomSimTest).

Rules tests pin one rule each in a rigged position; these tests hold whole classes of bugs instead: a crew
token that vanishes, an action card in two places, a prompt to a seat nobody holds, a game that stops
without an outcome, a replay that drifts from the game it replays, a refused answer that still changed the
game, a captain left on a conquered card. Every failure names the seed and the step, so
``random_playout(SPEC, seats_for(seed), options_for(seed), seed)`` reproduces it.
"""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from engine.abordaje import SPEC, AbordajeState
from engine.abordaje.state import Order
from engine.core import GameError, IllegalAction, NotYourTurn, StaleChoice
from engine.core.playout import LoggedAction, random_playout, replay

from .games import MAX_STEPS, options_for, seats_for, steps
from .resample import invariant_problems

GAMES = 300
# The rulebook has no turn limit (ABO-GAP-20): a captain on Stand up! can bring losses back for ever. A game
# that reaches TURN_CAP is stopped and counted as unfinished rather than failed. Random games end in about
# ten turns (extermination comes quickly when nobody plays to survive), so 200 turns (the self-play harness's
# cap in ABO-GAP-20) leaves a margin of twenty; MAX_STEPS (games.py) only guards against a loop inside one turn.
# The seeds' seats and options, and the games of the first seeds played once a process, are in games.py.
TURN_CAP = 200


@dataclass
class PlayedGame:
    """One random game: its log, its last state, whether it ended, and every state it went through."""

    seed: int
    log: list[LoggedAction]
    final: AbordajeState
    finished: bool
    states: list[AbordajeState]


def play(seed: int, keep_states: bool = False) -> PlayedGame:
    """A seeded random game up to its outcome or TURN_CAP, checking the invariants after every action."""
    seats, options = seats_for(seed), options_for(seed)
    state = SPEC.setup(seats, options, seed)
    assert invariant_problems(state) == [], f"seed={seed} at setup: {invariant_problems(state)}"
    log: list[LoggedAction] = []
    states = [state]
    for step in steps(seed):
        assert isinstance(step.after, AbordajeState)
        state = step.after
        log.append(step.action)
        problems = invariant_problems(state)
        assert problems == [], f"seed={seed} step={step.index} after {step.action}: {problems}"
        for event in step.events:
            assert event.is_public or set(event.audience) <= {0, 1}, f"seed={seed} step={step.index}: {event}"
        if keep_states:
            states.append(state)
        if state.turn > TURN_CAP:
            break
    return PlayedGame(seed, log, state, SPEC.outcome(state) is not None, states)


# The default suite plays the first 30 seeds (every option set and seating, 10 each); the slow set plays the
# other 270, so the two together hold all 300.
@pytest.mark.parametrize(
    "seeds", [range(30), pytest.param(range(30, GAMES), marks=pytest.mark.slow)], ids=["first-30", "other-270"]
)
def test_random_games_keep_every_invariant_and_nearly_all_finish(seeds: range) -> None:
    """300 games over the default and the slow run, both variants and the handicap: invariants after every
    action; replaying the log of every fifth game from setup gives its final state (all of them would double
    the time for little more); at most one game in a hundred stops at the turn cap."""
    finished = 0
    steps = 0
    turns = []
    for seed in seeds:
        game = play(seed)
        steps += len(game.log)
        turns.append(game.final.turn)
        finished += game.finished
        if seed % 5 == 0:
            replayed = replay(SPEC, seats_for(seed), options_for(seed), seed, game.log)
            assert replayed.model_dump_json() == game.final.model_dump_json(), f"replay differs: seed={seed}"
    games = len(seeds)
    print(
        f"\n¡Abordaje! random games: {finished} of {games} reached an outcome within {TURN_CAP} turns "
        f"({steps} actions, longest game {max(turns)} turns)"
    )
    assert finished >= games - games // 100, f"only {finished} of {games} random games reached an outcome"


def test_the_same_seed_and_choices_give_the_same_game() -> None:
    """Two runs of one seed agree on every state (as JSON) and every event, step by step."""
    for seed in range(12):
        first = list(steps(seed))  # the game the other tests read, kept since it was played
        second = list(random_playout(SPEC, seats_for(seed), options_for(seed), seed, max_steps=MAX_STEPS))
        assert len(first) == len(second), f"seed={seed}: {len(first)} steps, then {len(second)}"
        for a, b in zip(first, second, strict=True):
            where = f"seed={seed} step={a.index}"
            assert a.action == b.action, where
            assert a.after.model_dump_json() == b.after.model_dump_json(), where
            assert a.events == b.events, where


def test_a_stored_state_answers_exactly_like_the_live_one() -> None:
    """The store keeps a JSON snapshot: applying the next answer to the reloaded snapshot gives the same
    state and events as applying it to the live state (nothing a turn needs lives outside the JSON)."""
    for seed in range(12):
        for step in steps(seed):
            stored = SPEC.load_state(step.before.model_dump_json())
            after, events = SPEC.apply(stored, step.action.seat, step.action.prompt_id, step.action.choice_id)
            where = f"seed={seed} step={step.index}"
            assert after.model_dump_json() == step.after.model_dump_json(), where
            assert events == step.events, where


def test_different_seeds_deal_different_games() -> None:
    """The seed really drives the deal (a constant shuffle would pass every determinism test above)."""
    hands = {tuple(SPEC.setup(seats_for(0), options_for(0), seed).hands["pirate"]) for seed in range(0, 30, 3)}
    assert len(hands) > 5, hands


# --- Refused answers ----------------------------------------------------------------------------------


def refuse(state: AbordajeState, seat: int, prompt_id: str, choice_id: str) -> GameError:
    """Apply an answer that must be refused; check the refusal is a sentence and the state is untouched."""
    before = state.model_dump_json()
    with pytest.raises(GameError) as caught:
        SPEC.apply(state, seat, prompt_id, choice_id)
    error = caught.value
    assert error.sentence and error.sentence == str(error), repr(error)
    assert error.sentence[0].isupper() and error.sentence.endswith("."), error.sentence
    assert state.model_dump_json() == before, f"a refused answer changed the state: {prompt_id}/{choice_id}"
    return error


def test_refused_answers_name_the_reason_and_change_nothing() -> None:
    """In every state of a few games: a choice not offered, a prompt not pending, a seat not asked."""
    seen_single_seat = False
    for seed in range(9):
        game = play(seed, keep_states=True)
        earlier_ids: list[str] = []
        for index, state in enumerate(game.states):
            where = f"seed={seed} state={index}"
            prompts = SPEC.prompts(state)
            for prompt in prompts:
                offered = {c.id for c in prompt.choices}
                for bad in ("nope", *({"fight", "stay", "yes", "pass", "p1"} - offered)):
                    error = refuse(state, prompt.seat, prompt.id, bad)
                    assert isinstance(error, IllegalAction), f"{where}: {type(error).__name__} for {bad!r}"
                error = refuse(state, prompt.seat, "t999.zz", prompt.choices[0].id)
                assert isinstance(error, StaleChoice), where
                for old in earlier_ids[-3:]:
                    if all(p.id != old for p in prompts):
                        assert isinstance(refuse(state, prompt.seat, old, prompt.choices[0].id), StaleChoice)
                other_seat = 1 - prompt.seat
                error = refuse(state, other_seat, prompt.id, prompt.choices[0].id)
                assert isinstance(error, NotYourTurn), f"{where}: {type(error).__name__}"
                assert isinstance(refuse(state, 7, prompt.id, prompt.choices[0].id), NotYourTurn), where
            asked = {p.seat for p in prompts}
            if len(asked) == 1:
                seen_single_seat = True
                idle = 1 - next(iter(asked))
                error = refuse(state, idle, "t999.zz", "yes")  # an old button of the seat nobody waits on
                assert isinstance(error, (NotYourTurn, StaleChoice)), f"{where}: {type(error).__name__}"
            if not prompts:
                assert SPEC.outcome(state) is not None, where
                assert isinstance(refuse(state, 0, earlier_ids[-1], "yes"), StaleChoice), where
            earlier_ids += [p.id for p in prompts if p.id not in earlier_ids]
    assert seen_single_seat, "no state waited on one seat only: the idle-seat case was never tried"


# --- The checks themselves can fail -------------------------------------------------------------------


def test_the_invariant_check_sees_a_lost_crew_a_doubled_card_a_stuck_game_and_a_stranded_captain() -> None:
    """Each property above is only as good as ``invariant_problems``: break a state four ways."""
    state = SPEC.setup(seats_for(0), options_for(0), 0)
    assert invariant_problems(state) == []
    lost = state.clone()
    lost.board.pool["pirate"] -= 1
    assert any("pirate crew" in p for p in invariant_problems(lost))
    doubled = state.clone()
    doubled.board.cards[0].orders["pirate"] = Order(kind=doubled.hands["pirate"][0])
    assert any("cards out of place" in p for p in invariant_problems(doubled))
    stuck = state.clone()
    stuck.phase = "orders"  # resolving, but with no resolution: nobody is asked and nobody has won
    assert "the game waits on nobody but has no outcome" in invariant_problems(stuck)
    stranded = state.clone()
    stranded.board.card(1).active = False  # card 1 flipped with the pirate captain still on it
    assert "the pirate captain stands on the pirate deck of conquered card 1" in invariant_problems(stranded)
