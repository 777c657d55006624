"""Views kept per state (issue 26's speed work) are the views built afresh: Cosmic Pioneers builds its table once per
state for every viewer (nothing in it is hidden from a seat), and a state changed in place gets a new view."""

from __future__ import annotations

from engine.core.rng import Rng
from engine.pioneers import rules as pioneers_rules
from engine.registry import GAMES

from .test_engine_copies import seats_for


def test_every_pioneers_viewer_sees_the_table_built_afresh() -> None:
    spec = GAMES["pioneers"]
    seats = seats_for(spec, 1)
    state = spec.setup(seats, spec.options_model(), 1)
    chooser = Rng.from_seed(11)
    for _ in range(60):
        for viewer in [None, *range(len(seats))]:
            fresh = pioneers_rules._table(state).model_copy(update={"viewer": viewer})
            assert spec.view(state, viewer).model_dump_json() == fresh.model_dump_json()
        prompts = spec.prompts(state)
        if not prompts:
            break
        prompt = chooser.choice(prompts)
        state, _ = spec.apply(state, prompt.seat, prompt.id, chooser.choice(list(prompt.choices)).id)


def test_a_pioneers_state_changed_in_place_is_viewed_anew() -> None:
    spec = GAMES["pioneers"]
    state = spec.setup(seats_for(spec, 0), spec.options_model(), 2)
    before = spec.view(state, None)
    state.players[0].credits += 7  # as a test setting up a position does
    after = spec.view(state, 0)
    assert after.players[0].credits == before.players[0].credits + 7
