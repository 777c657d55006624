"""Setting up and starting rounds: DER-SETUP-*, DER-TASK-2..4, DER-SOLO-2, DER-DRAW-*, DER-FIRST-*."""

from __future__ import annotations

from collections import Counter

import pytest

from engine.core import Event, SeatSetup
from engine.derelict import SPEC, DerelictOptions
from engine.derelict.cards import refill_hand
from engine.derelict.catalog import CATALOG

from .rigging import new_game, rig


def fresh(players: int, mode: str = "standard", seed: int = 3):  # type: ignore[no-untyped-def]
    return SPEC.setup([SeatSetup()] * players, DerelictOptions(mode=mode), seed)  # type: ignore[arg-type]


@pytest.mark.rule("DER-SETUP-1")
def test_the_crew_wakes_in_the_cryo_bay_beside_the_crewmates_body() -> None:
    state = new_game(3)
    view = SPEC.view(state, None)
    cryo = next(r for r in view.rooms if r.id == "CB")
    assert sorted(cryo.characters) == [0, 1, 2]
    assert cryo.objects == ["crewmate's body"]


@pytest.mark.rule("DER-SETUP-2")
def test_the_hive_lies_in_one_of_its_five_slots_and_every_slot_is_face_down() -> None:
    for seed in range(20):
        state = fresh(2, seed=seed)
        hive = next(s for s, t in state.ship.tiles.items() if t == "hive")
        assert hive in ("S01", "S04", "S09", "S12", "S13")
        tiles = Counter(state.ship.tiles.values())
        assert sum(tiles.values()) == 13 and max(tiles.values()) == 1
        core = {t.id for t in CATALOG.rooms.tiles if t.set == "core"}
        assert core <= set(tiles)
        assert sorted(state.ship.explore_tokens.values()) == list(range(13))
        view = SPEC.view(state, 0)
        assert all(r.name is None for r in view.rooms if r.id in CATALOG.slots)


@pytest.mark.rule("DER-SETUP-3")
def test_the_hive_holds_five_eggs_from_the_start() -> None:
    state = fresh(2)
    hive = next(s for s, t in state.ship.tiles.items() if t == "hive")
    assert state.ship.objects[hive].count("egg") == 5
    # Still face down: nobody's view shows where the eggs are.
    assert all(not r.objects for r in SPEC.view(state, 0).rooms if r.id == hive)


@pytest.mark.rule("DER-SETUP-4")
def test_course_on_b_engines_stacked_and_pods_for_the_table_all_locked() -> None:
    for players, pods in ((1, [1, 2]), (2, [1, 2]), (3, [1, 2, 3]), (4, [1, 2, 3]), (5, [1, 2, 3, 4])):
        view = SPEC.view(fresh(players), None)
        assert view.course == "B"
        assert [p.number for p in view.pods] == pods and all(p.locked for p in view.pods)
    state = fresh(2)
    assert all(sorted(stack) == ["damaged", "working"] for stack in state.ship.engines.values())


@pytest.mark.rule("DER-SETUP-5")
@pytest.mark.rule("DER-SOLO-2")
def test_the_bag_holds_one_more_hunter_per_player() -> None:
    for players in range(1, 6):
        bag = fresh(players).ship.bag
        hunters = [t for t in bag if t.startswith("H")]
        assert len(hunters) == 3 + players
        assert sorted(t for t in bag if not t.startswith("H")) == ["C1", "L1", "L2", "L3", "L4", "M1", "blank"]


@pytest.mark.rule("DER-SETUP-7")
@pytest.mark.rule("DER-SETUP-11")
def test_the_draft_goes_in_seat_order_beside_every_task_choice() -> None:
    state = fresh(3)
    prompts = SPEC.prompts(state)
    assert sorted(p.id for p in prompts) == ["draft0", "task0", "task1", "task2"]
    draft = next(p for p in prompts if p.id == "draft0")
    assert len(draft.choices) == 2
    state, _ = SPEC.apply(state, 0, "draft0", draft.choices[0].id)
    second = next(p for p in SPEC.prompts(state) if p.id == "draft1")
    assert draft.choices[0].id not in {c.id for c in second.choices}
    assert state.phase == "setup"


@pytest.mark.rule("DER-SETUP-8")
def test_each_character_starts_with_its_weapon_full_and_ten_cards() -> None:
    state = new_game(2, characters=("marine", "medic"))
    marine = state.players[0]
    assert [(w.id, w.ammo) for w in marine.weapons] == [("pulse_rifle", 5)]
    assert len(marine.deck) + len(marine.hand) == 10 and not marine.discard


@pytest.mark.rule("DER-SETUP-9")
@pytest.mark.rule("DER-TASK-2")
@pytest.mark.rule("DER-TASK-4")
def test_each_player_gets_a_company_and_a_personal_task_and_keeps_one_in_secret() -> None:
    state = fresh(3)
    for p in state.players:
        decks = sorted(CATALOG.task[t].deck for t in p.dealt_tasks)
        assert decks == ["company", "personal"]
        assert all(CATALOG.task[t].players <= 3 for t in p.dealt_tasks)
    choice = next(p for p in SPEC.prompts(state) if p.id == "task1")
    state, events = SPEC.apply(state, 1, "task1", choice.choices[1].id)
    assert state.players[1].task == choice.choices[1].id
    public = " ".join(e.text for e in events if e.is_public)
    assert CATALOG.task[choice.choices[1].id].name not in public
    assert SPEC.view(state, 0).tasks != SPEC.view(state, 1).tasks


@pytest.mark.rule("DER-TASK-3")
@pytest.mark.rule("DER-COOP-1")
def test_coop_and_solo_deal_only_friendly_tasks() -> None:
    for seed in range(30):
        for state in (fresh(4, "coop", seed), fresh(1, "standard", seed)):
            dealt = [t for p in state.players for t in p.dealt_tasks]
            assert all(CATALOG.task[t].kind == "friendly" for t in dealt)
    solo = fresh(1)
    assert len(solo.players[0].dealt_tasks) == 2


@pytest.mark.rule("DER-DRAW-1")
@pytest.mark.rule("DER-FIRST-2")
def test_round_one_draws_five_cards_and_passes_the_token_left() -> None:
    state = fresh(3, seed=11)
    first = state.first
    for seat in range(3):
        draft = next(p for p in SPEC.prompts(state) if p.id == f"draft{seat}")
        state, _ = SPEC.apply(state, seat, draft.id, draft.choices[0].id)
        task = next(p for p in SPEC.prompts(state) if p.id == f"task{seat}")
        state, _ = SPEC.apply(state, seat, task.id, task.choices[0].id)
    assert state.round == 1
    assert all(len(p.hand) == 5 for p in state.players)
    assert state.first == (first + 1) % 3
    assert state.current == state.first


@pytest.mark.rule("DER-DRAW-2")
@pytest.mark.rule("DER-DRAW-3")
@pytest.mark.rule("DER-DRAW-5")
def test_an_exhausted_deck_is_rebuilt_from_the_discard_with_its_infection_cards() -> None:
    state = rig(new_game(2), hands={0: []}, decks={0: ["search", "rest"]}, discards={0: ["inf3", "sabotage", "search"]})
    out: list[Event] = []
    refill_hand(state, state.players[0], out)
    me = state.players[0]
    assert sorted(me.hand) == sorted(["search", "rest", "inf3", "sabotage", "search"])
    assert not me.deck and not me.discard
    assert any(e.audience == (0,) and "infection card" in e.text for e in out)
    assert any(e.is_public and "draws 5 cards" in e.text for e in out)


@pytest.mark.rule("DER-DRAW-4")
def test_with_deck_and_discard_empty_the_hand_stays_short() -> None:
    state = rig(new_game(1), hands={0: ["rest"]}, decks={0: ["search"]}, discards={0: []})
    out: list[Event] = []
    refill_hand(state, state.players[0], out)
    assert state.players[0].hand == ["rest", "search"]


@pytest.mark.rule("DER-FIRST-3")
def test_the_token_skips_seats_without_an_active_character() -> None:
    from engine.derelict.setup import pass_first_token

    state = new_game(4)
    state.first = 0
    state.players[1].status = "dead"
    state.players[2].status = "hibernating"
    pass_first_token(state)
    assert state.first == 3
    state.players[3].status = "escaped"
    pass_first_token(state)
    assert state.first == 0  # one active character left: it comes back to that seat


@pytest.mark.rule("DER-SETUP-6")
@pytest.mark.rule("DER-WEAK-1")
@pytest.mark.rule("DER-SETUP-10")
def test_tracks_start_clear_weaknesses_lie_face_down_and_the_first_player_is_drawn() -> None:
    firsts = set()
    for seed in range(12):
        state = fresh(3, seed=seed)
        view = SPEC.view(state, None)
        assert (view.time, view.self_destruct, view.fires, view.malfunctions, view.noise) == (1, None, 0, 0, [])
        assert sorted(state.ship.weaknesses) == ["carcass", "corpse", "egg"] and view.weaknesses == {}
        assert len(set(state.ship.weaknesses.values())) == 3
        firsts.add(state.first)
    assert firsts == {0, 1, 2}  # the seeded generator picks the first player


@pytest.mark.rule("DER-DRAW-6")
def test_discard_piles_are_public_and_an_unscanned_infection_card_shows_only_as_such() -> None:
    state = rig(new_game(2), discards={0: ["search", "inf4"]})
    assert SPEC.view(state, None).seats[0].discard == ["Search", "infection card"]
    assert SPEC.view(state, 1).seats[0].discard == ["Search", "infection card"]
