"""Seeded random games to the end with the conservation invariants, determinism, and the leak check.

Invariants after every action: colonists conserved (reserve + cargo + planets = 15 per player), every alien
type conserved (supply + planets + cargo = the box), goods conserved, credits never negative and always a
multiple of 100, no ship resting on a belt, no hold over its slots, never past round 12.
"""

from __future__ import annotations

import random

import pytest

from engine.core import SeatSetup
from engine.core.playout import LoggedAction, random_playout, replay
from engine.pioneers import SPEC, PioneersOptions, PioneersState
from engine.pioneers.catalog import CATALOG
from engine.pioneers.state import ALIEN_LETTER

SCENARIOS = sorted(CATALOG.scenarios)


def options_for(seed: int) -> tuple[int, PioneersOptions]:
    n = 2 + seed % 3
    options = PioneersOptions(
        scenario=SCENARIOS[seed % len(SCENARIOS)],
        commanders="choose" if seed % 2 else "random",
        layout="draft" if seed % 4 < 2 else "random",
    )
    return n, options


def check_invariants(state: PioneersState, where: str) -> None:
    box = CATALOG.components
    for p in state.players:
        on_planets = sum(s.spots.count(str(p.seat)) for s in state.ring)
        assert p.reserve + p.cargo.count("C") + on_planets == box.colonists_per_player, (
            f"colonists of P{p.seat + 1}: {where}"
        )
        assert p.credits >= 0 and p.credits % 100 == 0, f"credits {p.credits}: {where}"
        assert len(p.cargo) <= p.slots(), f"hold over its slots: {where}"
        going_down = {c.seat for c in state.crashes}  # a ship on a planet just destroyed, choosing its site
        if state.phase in ("play", "over") and p.seat not in going_down:
            assert not state.ring[p.at].is_belt, f"P{p.seat + 1} on a belt: {where}"
    for alien, letter in ALIEN_LETTER.items():
        used = sum(s.spots.count(letter) for s in state.ring) + sum(p.cargo.count(letter) for p in state.players)
        assert state.supply[alien] + used == box.alien_supply[alien], f"{alien} supply: {where}"
    goods = sum(len(s.goods) for s in state.ring) + sum(1 for p in state.players for i in p.cargo if i.startswith("g-"))
    assert state.goods_supply + goods == box.goods_tokens, f"goods: {where}"
    assert state.round <= box.rounds, where


# The default suite plays the first 60 seeds (every player count, scenario cycle, commander and layout
# choice); the slow set plays the other 240, so the two together hold all 300.
@pytest.mark.parametrize(
    "seeds", [range(60), pytest.param(range(60, 300), marks=pytest.mark.slow)], ids=["first-60", "other-240"]
)
def test_300_seeded_random_games_end_with_an_outcome_and_keep_every_invariant(seeds: range) -> None:
    for seed in seeds:
        n, options = options_for(seed)
        last = None
        for step in random_playout(SPEC, [SeatSetup()] * n, options, seed, max_steps=3000):
            if step.index % 7 == 0 or not SPEC.prompts(step.after):
                check_invariants(step.after, f"seed {seed} step {step.index}")
            last = step
        assert last is not None
        assert SPEC.outcome(last.after) is not None, f"seed {seed} did not finish"


@pytest.mark.parametrize("seed", [3, 8, 13])
def test_replaying_the_log_reproduces_the_game(seed: int) -> None:
    n, options = options_for(seed)
    seats = [SeatSetup()] * n
    steps = list(random_playout(SPEC, seats, options, seed))
    actions = [s.action for s in steps]
    again = replay(SPEC, seats, options, seed, actions)
    assert again.model_dump_json() == steps[-1].after.model_dump_json()
    assert SPEC.load_state(again.model_dump_json()).model_dump_json() == again.model_dump_json()


def test_the_same_seed_and_answers_give_the_same_game_and_another_seed_another() -> None:
    n, options = options_for(5)
    a = [s.after.model_dump_json() for s in random_playout(SPEC, [SeatSetup()] * n, options, 5)]
    b = [s.after.model_dump_json() for s in random_playout(SPEC, [SeatSetup()] * n, options, 5)]
    c = [s.after.model_dump_json() for s in random_playout(SPEC, [SeatSetup()] * n, options, 6)]
    assert a == b and a != c


@pytest.mark.parametrize("seed", [1, 6, 11, 16])
def test_the_deck_order_and_undrawn_tiles_never_reach_a_view_or_an_event(seed: int) -> None:
    """Re-deal what nobody may see (the deck order, the tiles left in the box): no view changes; and no
    event or view names a tile left in the box."""
    n, options = options_for(seed)
    shuffler = random.Random(seed)
    for step in random_playout(SPEC, [SeatSetup()] * n, options, seed):
        state = step.after
        unused_names = {CATALOG.planet(t).name for t in state.unused_tiles}
        for viewer in (None, *range(n)):
            view = SPEC.view(state, viewer).model_dump_json()
            other = state.clone()
            shuffler.shuffle(other.deck)
            other.unused_tiles = sorted(CATALOG.planets)[: len(other.unused_tiles)]
            assert SPEC.view(other, viewer).model_dump_json() == view, f"seed {seed} step {step.index}"
            assert not any(f'"{name}"' in view for name in unused_names)
        for event in step.events:
            assert event.is_public
            assert not any(name in event.text for name in unused_names), event.text
        for prompt in step.prompts:
            assert not any(name in prompt.question for name in unused_names)


def test_an_answer_that_is_not_offered_is_refused_and_changes_nothing() -> None:
    from engine.core import GameError

    state = SPEC.setup([SeatSetup()] * 2, PioneersOptions(), 4)
    before = state.model_dump_json()
    prompt = SPEC.prompts(state)[0]
    with pytest.raises(GameError) as caught:
        SPEC.apply(state, prompt.seat, prompt.id, "nonsense")
    assert "not one of your choices" in str(caught.value)
    with pytest.raises(GameError):
        SPEC.apply(state, 1 - prompt.seat, prompt.id, prompt.choices[0].id)
    assert state.model_dump_json() == before


def test_logged_actions_are_what_the_prompts_offered() -> None:
    n, options = options_for(2)
    for step in random_playout(SPEC, [SeatSetup()] * n, options, 2):
        assert isinstance(step.action, LoggedAction)
        assert any(p.id == step.action.prompt_id for p in step.prompts)


def test_a_skip_answers_with_the_quietest_choice() -> None:
    from engine.core import Choice, Prompt

    assert SPEC.skip_choice is not None
    state = SPEC.setup([SeatSetup()] * 2, PioneersOptions(), 4)
    move = Prompt(id="d1.mv", seat=0, question="?", choices=(Choice(id="s3", label="3"), Choice(id="stay", label="s")))
    assert SPEC.skip_choice(state, move) == "stay"
    tile = Prompt(id="d1.draft", seat=0, question="?", choices=(Choice(id="R1", label="Ravan"),))
    assert SPEC.skip_choice(state, tile) == "R1"
