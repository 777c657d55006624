"""Hidden information (digest §5): states that differ only in what a viewer may not see give that viewer
the same view and the same readable prompts; public events never name a task, an unexplored tile, an
engine token, the coordinates card or an unscanned status."""

from __future__ import annotations

import pytest

from engine.derelict import SPEC
from engine.derelict.catalog import CATALOG

from .playout import random_game
from .resample import resample_hidden


def readable(state, viewer):  # type: ignore[no-untyped-def]
    """What ``viewer`` reads of the pending prompts: its own whole, others' questions only."""
    return [p if p.seat == viewer else (p.seat, p.id, p.question) for p in SPEC.prompts(state)]


@pytest.mark.rule("DER-SETUP-9")
@pytest.mark.parametrize("seed", range(6))
def test_resampling_what_a_viewer_cannot_see_changes_nothing_they_see(seed: int) -> None:
    checked = 0
    for step, (state, _) in enumerate(random_game(seed)):
        if step % 7 or state.phase == "over":  # at the end the chosen tasks and the ship go public
            continue
        for viewer in [None, *range(len(state.players))]:
            for k in range(2):
                other = resample_hidden(state, viewer, seed * 1000 + step * 10 + k)
                where = f"seed {seed} step {step} viewer {viewer}"
                assert SPEC.view(other, viewer) == SPEC.view(state, viewer), where
                assert readable(other, viewer) == readable(state, viewer), where
                checked += 1
    assert checked > 20


def test_public_events_never_name_hidden_things() -> None:
    """Over whole games: no task name before the end, no unexplored tile, no INFECTED before a scan."""
    tasks = [t.name for t in CATALOG.tasks.tasks]
    for seed in range(10):
        previous = None
        for state, answer in random_game(seed):
            if previous is not None and answer is not None and state.phase != "over":
                _, events = SPEC.apply(previous, *answer)
                for e in events:
                    if not e.is_public:
                        continue
                    assert not any(f"task was {t}" in e.text or f"{t}:" in e.text for t in tasks), e.text
                    assert "reads Earth" not in e.text and "on top" not in e.text, e.text
                    hidden = [
                        CATALOG.tiles[previous.ship.tiles[s]].name
                        for s in CATALOG.slots
                        if s not in state.ship.explored
                    ]
                    assert not any(f"the {name} (" in e.text for name in hidden), e.text
            previous = state


def test_a_skip_does_the_least_it_can_and_never_leaves_a_prompt_unanswered() -> None:
    """Digest §6: idle seats are skipped by the host; every prompt of a game has a skip answer."""
    for seed in range(3):
        for state, _ in random_game(seed):
            for prompt in SPEC.prompts(state):
                assert SPEC.skip_choice is not None
                choice = SPEC.skip_choice(state, prompt)
                assert choice is not None and prompt.choice(choice) is not None
                offered = {c.id for c in prompt.choices}
                if "pass" in offered:
                    assert choice == "pass"
                if "decline" in offered:
                    assert choice == "decline"
