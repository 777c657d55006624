"""The game as the host sees it: ``SPEC`` keeps the registry-wide contract, the view hides exactly the hands
and face-down piles, and the outcome is a cooperative win or loss.

``SPEC`` is not in ``engine/registry.py`` yet, so ``tests/test_contract.py`` does not cover it by itself: this
file runs that very test on it (with ``SPECS`` patched to hold it).
"""

from __future__ import annotations

import pytest

from engine.capricorn import SPEC, CapricornView
from engine.capricorn.state import CapricornState
from engine.core import Rng
from tests import test_contract

from .rigging import Play, new_game, rig


@pytest.mark.parametrize("seed", range(6))
def test_spec_passes_the_registry_contract(seed: int, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(test_contract.SPECS, SPEC.key, SPEC)
    test_contract.test_random_playouts_keep_the_contract(SPEC.key, seed)


def test_spec_declares_the_game() -> None:
    assert (SPEC.key, SPEC.name, SPEC.min_players, SPEC.max_players) == ("capricorn", "Abandon Capricorn", 1, 5)
    assert [r.key for r in SPEC.roles] == ["engineer", "soldier", "medic", "chemist", "scout"]
    assert SPEC.roles_required and SPEC.roles[-1].dealt_from == 5
    options = SPEC.parse_options({"difficulty": "nightmare", "variant": "rotation-gone-mad"})
    assert (options.difficulty, options.variant) == ("nightmare", "rotation-gone-mad")
    with pytest.raises(Exception, match="The difficulty must be one of easy, normal, hard, nightmare"):
        SPEC.parse_options({"difficulty": "brutal"})
    assert len(SPEC.rules_text) < 1800 and SPEC.blurb


def redeal(state: CapricornState, seed: int) -> CapricornState:
    """The same game with every hidden thing re-dealt: hands and Actions stacks (sizes kept), room decks,
    the event and repair decks."""
    other = state.clone()
    rng = Rng.from_seed(seed)
    crew = other.crew
    for c in crew.characters:
        cards = c.hand + c.stack
        rng.shuffle(cards)
        c.hand, c.stack = cards[: len(c.hand)], cards[len(c.hand) :]
    for deck in crew.room_decks.values():
        rng.shuffle(deck)
    rng.shuffle(crew.event_deck)
    rng.shuffle(crew.repair_deck)
    return other


@pytest.mark.rule("CAP-COMM-1")
def test_the_public_view_does_not_change_when_hidden_cards_are_re_dealt() -> None:
    state = new_game("engineer", "soldier", "medic", seed=5)
    for seed in range(5):
        other = redeal(state, seed)
        assert SPEC.view(other, None) == SPEC.view(state, None)
    public = SPEC.view(state, None).model_dump_json()
    for c in state.crew.characters:
        for card in c.hand + c.stack:
            assert f'"{card}"' not in public


def test_a_seat_sees_its_own_hands_only() -> None:
    state = new_game("medic", seed=2)  # one seat, two characters
    mine = SPEC.view(state, 0)
    assert [c.hand for c in mine.characters] == [c.hand for c in state.crew.characters]
    assert "Your Medic hand:" in mine.describe() and "Your Engineer hand:" in mine.describe()
    assert "hand:" not in SPEC.view(state, None).describe()
    assert isinstance(mine, CapricornView) and mine.viewer == 0


def test_a_finished_game_has_an_outcome_and_the_view_says_so() -> None:
    state = new_game("engineer", "soldier", difficulty="easy")
    play = Play(rig(state, hands={0: [], 1: []}, stacks={0: [], 1: []}, used={0: [], 1: []}))
    outcome = SPEC.outcome(play.state)
    assert outcome is not None and outcome.result == "loss" and SPEC.prompts(play.state) == []
    assert "**Lost**" in SPEC.view(play.state, None).describe()
