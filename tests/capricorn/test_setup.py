"""Setting up a game: characters from seats, threat and repairs by difficulty, decks, bag and Mothers."""

from __future__ import annotations

from collections import Counter

import pytest

from engine.capricorn.catalog import CATALOG
from engine.capricorn.options import CapricornOptions
from engine.capricorn.setup import setup
from engine.capricorn.state import BLACK_TOKEN, SHARED_DECK, CapricornState
from engine.capricorn.terms import POD
from engine.capricorn.view import view
from engine.core import BadOptions, SeatSetup


def seats(*roles: str | None) -> list[SeatSetup]:
    return [SeatSetup(role=r) for r in roles]


def game(*roles: str | None, difficulty: str = "normal", seed: int = 1, **extra: str) -> CapricornState:
    options = CapricornOptions.model_validate({"difficulty": difficulty, **extra})
    return setup(seats(*roles), options, seed)


@pytest.mark.rule("CAP-G-SEAT-3")
@pytest.mark.rule("CAP-G-SEAT-5")
def test_one_character_per_seat_in_seat_order() -> None:
    state = game("medic", "engineer", "soldier")
    assert [(c.role, c.seat) for c in state.crew.characters] == [("medic", 0), ("engineer", 1), ("soldier", 2)]
    assert state.crew.active == 0
    assert state.seats == 3


@pytest.mark.rule("CAP-G-SEAT-2")
def test_a_lone_player_plays_two_characters() -> None:
    state = game("soldier")
    assert [(c.role, c.seat) for c in state.crew.characters] == [("soldier", 0), ("engineer", 0)]
    chosen = game("engineer", second_role="chemist")
    assert [(c.role, c.seat) for c in chosen.crew.characters] == [("engineer", 0), ("chemist", 0)]
    assert chosen.crew.threat == CATALOG.rules.numbers("printed", "normal").threat[2]  # two characters' row


@pytest.mark.rule("CAP-G-SEAT-2")
def test_the_second_role_must_differ() -> None:
    with pytest.raises(BadOptions, match="must differ"):
        game("medic", second_role="medic")


@pytest.mark.rule("CAP-G-SEAT-4")
def test_five_players_bring_in_the_scout() -> None:
    state = game(None, None, None, None, None)
    assert [c.role for c in state.crew.characters] == ["engineer", "soldier", "medic", "chemist", "scout"]


@pytest.mark.rule("CAP-G-SEAT-3")
def test_duplicate_or_unknown_roles_are_refused_with_a_sentence() -> None:
    with pytest.raises(BadOptions, match="same role"):
        game("medic", "medic")
    with pytest.raises(BadOptions, match="no role 'pilot'"):
        game("pilot", "medic")
    with pytest.raises(BadOptions, match="1 to 5 players"):
        game(*([None] * 6))


@pytest.mark.rule("CAP-G-VAR-1")
def test_options_are_sentences_and_only_the_two_variants_exist() -> None:
    with pytest.raises(ValueError, match=r"The difficulty must be one of easy, normal, hard, nightmare\."):
        CapricornOptions.model_validate({"difficulty": "insane"})
    with pytest.raises(ValueError, match=r"The variant must be one of standard, rotation-gone-mad\."):
        CapricornOptions.model_validate({"variant": "last-man-standing"})
    with pytest.raises(ValueError, match=r"The table must be one of printed, tuned\."):
        CapricornOptions.model_validate({"table": "house"})
    assert CapricornOptions().difficulty == "normal" and CapricornOptions().variant == "standard"


@pytest.mark.rule("CAP-SETUP-1")
@pytest.mark.rule("CAP-G-DIFF-1")
@pytest.mark.parametrize(
    ("difficulty", "players", "threat", "repairs"),
    [
        ("easy", 2, None, 1),  # Easy's threat row is ours, tuned by self-play: read from rules.toml
        ("easy", 5, None, 1),
        ("normal", 2, None, 1),  # the 2-character row is ours too, tuned like Easy
        ("normal", 3, 1, 1),  # the rulebook's, from here on
        ("normal", 4, 2, 1),
        ("normal", 5, 3, 1),
        ("hard", 3, 2, 2),
        ("hard", 4, 3, 2),
        ("hard", 5, 4, 2),
        ("nightmare", 2, None, 3),
        ("nightmare", 3, 3, 3),
        ("nightmare", 4, 4, 3),
        ("nightmare", 5, 5, 3),
    ],
)
def test_the_printed_table_is_the_default(difficulty: str, players: int, threat: int | None, repairs: int) -> None:
    """A lobby that does not choose a table plays the rulebook's repairs and threat rows (ours where it prints
    none: Easy and 2 characters)."""
    state = game(*([None] * players), difficulty=difficulty)
    assert state.table == "printed"
    row = CATALOG.rules.numbers("printed", difficulty)
    assert state.crew.threat == (threat if threat is not None else row.threat[players])
    assert (state.crew.repairs_required, state.crew.repaired) == (repairs, [])


@pytest.mark.rule("CAP-G-DIFF-1")
def test_the_tuned_table_starts_normal_five_hard_and_nightmare_at_threat_one() -> None:
    """Ours, when the lobby asks ``table: tuned``: the printed Normal 5 lost 24 of 40 self-play games to an empty
    bag, and the printed Hard and Nightmare rows were out of the bot's reach (docs/rules/capricorn.md)."""
    assert game(None, None, None, None, None, difficulty="normal", table="tuned").crew.threat == 1
    for players in (2, 3, 4, 5):
        hard = game(*([None] * players), difficulty="hard", table="tuned").crew
        nightmare = game(*([None] * players), difficulty="nightmare", table="tuned").crew
        assert (hard.threat, hard.repairs_required) == (1, 2)
        assert (nightmare.threat, nightmare.repairs_required) == (1, 2)
        assert sum(nightmare.alien_die) > sum(hard.alien_die)


@pytest.mark.rule("CAP-G-DIFF-1")
def test_a_game_keeps_the_table_it_was_dealt_and_the_board_names_it() -> None:
    """The table's numbers are stored with the game, so changing the data later never changes a begun game; a
    state stored before the printed table existed (no ``table``) was dealt the tuned one and says so."""
    tuned = game(None, None, None, None, None, difficulty="nightmare", table="tuned")
    stored = tuned.model_dump(mode="json")
    assert stored["table"] == "tuned" and stored["crew"]["threat"] == 1
    del stored["table"]
    old = CapricornState.model_validate(stored)
    assert (old.table, old.crew.threat, old.crew.repairs_required) == ("tuned", 1, 2)
    assert "Nightmare, tuned table" in view(old, None).describe()
    assert "Hard, printed table" in view(game(None, None, None, difficulty="hard"), None).describe()


@pytest.mark.rule("CAP-G-DICE-1")
def test_a_game_keeps_the_white_die_it_was_dealt_with() -> None:
    """The table stores its die, so a stored Hard game reloads rolling Hard's die, whatever the data says later."""
    hard = game(None, None, difficulty="hard")
    assert hard.crew.alien_die == (0, 0, 0, 0, 1, 1)
    assert type(hard).model_validate_json(hard.model_dump_json()).crew.alien_die == (0, 0, 0, 0, 1, 1)
    assert game(None, None, None, None, None, difficulty="normal").crew.alien_die == CATALOG.rules.dice.alien
    assert game(None, None, None, None, difficulty="normal").crew.alien_die == (0, 0, 0, 1, 1, 2)  # four characters


@pytest.mark.rule("CAP-G-DICE-1")
def test_the_board_says_which_white_die_the_table_rolls() -> None:
    """The die depends on the difficulty and crew, so the channel's board text names its faces, lowest first."""
    assert "alien die 0 0 0 0 1 1" in view(game(None, None, difficulty="hard"), None).describe()
    assert "alien die 1 1 2 2 3 3" in view(game(None, None, None, difficulty="normal"), None).describe()
    assert "alien die 0 1 1 2 2 3" in view(game(*[None] * 5, difficulty="normal"), None).describe()


@pytest.mark.rule("CAP-SETUP-3")
@pytest.mark.rule("CAP-SETUP-4")
@pytest.mark.rule("CAP-SETUP-5")
@pytest.mark.rule("CAP-G-HP-1")
def test_everyone_starts_in_the_pod_at_full_health_with_five_of_their_own_cards() -> None:
    state = game(None, None, None, None)
    for c in state.crew.characters:
        assert c.space == POD and c.health == 10 and not c.hiding
        assert len(c.hand) == 5 and len(c.stack) == 5 and c.used == [] and c.backpack == []
        assert sorted(c.hand + c.stack) == sorted(CATALOG.starter[c.role])


@pytest.mark.rule("CAP-SETUP-6")
@pytest.mark.rule("CAP-SETUP-7")
@pytest.mark.rule("CAP-SETUP-8")
def test_the_bag_and_the_mothers_by_difficulty() -> None:
    normal = game(None, None)
    assert normal.crew.bag == {"yellow": 18, "blue": 18, "red": 18, BLACK_TOKEN: 1}
    assert normal.crew.mothers["black"].status == "waiting"
    easy = game(None, None, difficulty="easy")
    assert easy.crew.bag == {"yellow": 18, "blue": 18, "red": 18}
    assert easy.crew.mothers["black"].status == "absent"
    for state in (normal, easy):
        green = state.crew.mothers["green"]
        assert (green.status, green.space, green.health) == ("waiting", None, 10)
        assert state.crew.alien_total() == 54


@pytest.mark.rule("CAP-SETUP-9")
@pytest.mark.rule("CAP-SETUP-10")
@pytest.mark.rule("CAP-G-SETUP-1")
def test_room_decks_hold_a_part_a_scare_an_item_and_three_legendary_cards() -> None:
    decks = game(None, None, seed=5).crew.room_decks
    assert sorted(decks) == sorted([*CATALOG.main_rooms, SHARED_DECK])
    for room in CATALOG.main_rooms:
        kinds = Counter(CATALOG.found_kind(c) for c in decks[room])
        assert kinds["part"] == 1 and kinds["jump_scare"] == 1 and kinds["legendary"] == 3, room
        assert kinds["med_kit"] + kinds["flamethrower"] == 1, room
    assert len(decks[SHARED_DECK]) == 4
    assert all(CATALOG.found_kind(c) == "legendary" for c in decks[SHARED_DECK])


@pytest.mark.rule("CAP-SETUP-11")
@pytest.mark.rule("CAP-SETUP-12")
@pytest.mark.rule("CAP-SETUP-13")
@pytest.mark.rule("CAP-SETUP-2")
def test_event_and_repair_decks_and_an_empty_map() -> None:
    crew = game(None, None, None).crew
    assert sorted(crew.event_deck) == sorted(CATALOG.events) and crew.event_discard == []
    assert sorted(crew.repair_deck) == sorted(CATALOG.repair) and crew.repair_flipped == []
    assert crew.aliens == [] and crew.searched == [] and crew.cubes == []
    assert crew.rotation == {"inner": 0, "middle": 0}
    assert crew.parts_found == [] and crew.repaired == [] and not crew.end_game


def test_every_card_is_in_exactly_one_place() -> None:
    crew = game(None, None, None, None, None).crew
    cards = crew.all_cards()
    assert len(cards) == len(set(cards))
    assert set(cards) == {*CATALOG.actions, *CATALOG.found, *CATALOG.repair, *CATALOG.events}


def test_setup_is_deterministic_in_its_seed() -> None:
    assert game(None, None, seed=3) == game(None, None, seed=3)
    assert game(None, None, seed=3).crew.room_decks != game(None, None, seed=4).crew.room_decks


def test_the_state_survives_a_json_round_trip() -> None:
    state = game(None, None, None)
    assert CapricornState.model_validate_json(state.model_dump_json()) == state
    assert state.clone() == state and state.clone() is not state
