"""What every ¡Abordaje! prompt must respect to travel through Discord, and refusals during the resolution.

Custom ids read ``sh:p:<channel>:<prompt>|<choice>``: prompt and choice ids never hold ``|`` or ``:`` and
stay within the contract's lengths. A question is shown in the channel's waiting line, so before the reveal
it never names a card. The contract test plays the default (basic) game; this walks all three set-ups.
"""

from __future__ import annotations

import pytest

from engine.abordaje import SPEC
from engine.core import MAX_CHOICE_ID, MAX_LABEL, MAX_PROMPT_ID, IllegalAction, Rng

from .rigging import Play, new_game, resolve, rig

CARD_NAMES = ("Fight!", "Boarding!", "Fire!", "Repel!", "Take cover!", "Stand up!")


@pytest.mark.parametrize(("variant", "handicap"), [("basic", False), ("advanced", False), ("advanced", True)])
@pytest.mark.parametrize("seed", range(3))
def test_prompt_ids_choice_ids_labels_and_questions(variant: str, handicap: bool, seed: int) -> None:
    play = Play(new_game(variant, handicap, seed))
    chooser = Rng.from_seed(seed + 100)
    for _ in range(400):
        prompts = play.prompts()
        if not prompts:
            break
        revealed = play.view().phase not in ("assign", "swap", "captain")
        for p in prompts:
            assert len(p.id) <= MAX_PROMPT_ID and "|" not in p.id and ":" not in p.id, p.id
            for c in p.choices:
                assert 0 < len(c.id) <= MAX_CHOICE_ID and "|" not in c.id and ":" not in c.id, c.id
                assert 0 < len(c.label) <= MAX_LABEL, c.label
            if not revealed:
                assert not any(name in p.question for name in CARD_NAMES), p.question
            if any(name in c.label for c in p.choices for name in CARD_NAMES) and not revealed:
                assert p.private, f"{p.id} shows cards in its choices but is not private"
        prompt = chooser.choice(prompts)
        side = "pirate" if prompt.seat == 0 else "spanish"
        play.act(side, chooser.choice(prompt.choices).id)


def test_an_answer_outside_the_choices_is_refused_mid_resolution_and_changes_nothing() -> None:
    state = rig(new_game(), {"p2": (3, 0)})
    play = resolve(state, {2: ("boarding", "fight")}, stop_at="b2.p3")
    prompt = play.pending("pirate")
    assert prompt is not None
    before = play.state.model_dump_json()
    with pytest.raises(IllegalAction, match="not one of your choices"):
        SPEC.apply(play.state, 0, prompt.id, "p2-s2")
    assert play.state.model_dump_json() == before
    assert play.pending("pirate") == prompt


def test_a_captain_cannot_be_sent_where_the_prompt_does_not_offer() -> None:
    play = resolve(rig(new_game(), captains={"pirate": "p2"}), {}, stop_at="cp.p")
    prompt = play.pending("pirate")
    assert prompt is not None
    before = play.state.model_dump_json()
    with pytest.raises(IllegalAction):
        SPEC.apply(play.state, 0, prompt.id, "s2")  # onto the enemy ship by movement (ABO-CAPT-4)
    assert play.state.model_dump_json() == before
