"""The three registries (games, seat bots, renderers) name each game's modules and import them on first use.

What a player notices: ``/start`` offers every game, each with its own rules, bot and board; what an operator
notices: a process that plays one game (the crash tests' child, a benchmark worker) starts without importing
the other four, while the bot, which builds its host from every game, still loads (and validates the ``data/``
content of) all of them when it starts.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from bot.store.factory import open_store
from bot.tables import Host
from engine.core.lazy import LazyRegistry
from engine.registry import GAMES
from engine.seatbots import SEAT_BOTS
from render.registry import RENDERERS

ROOT = Path(__file__).resolve().parent.parent
GAME_KEYS = ["capricorn", "jupiter", "abordaje", "pioneers", "derelict"]  # /start's order


def test_every_registered_key_names_its_own_game_bot_and_renderer() -> None:
    assert list(GAMES) == GAME_KEYS
    assert all(GAMES[key].key == key for key in GAMES), "a key names another game's spec"
    assert set(SEAT_BOTS) <= set(GAMES) and set(RENDERERS) <= set(GAMES)
    assert all(RENDERERS[key] is not None and SEAT_BOTS[key] is not None for key in GAME_KEYS)


def test_an_unknown_key_is_missing_without_importing_anything() -> None:
    games: LazyRegistry[object] = LazyRegistry({"nothing": "no.such.module:SPEC"})
    assert "chess" not in games and games.get("chess") is None
    with pytest.raises(KeyError):
        games["chess"]
    assert list(games) == ["nothing"] and len(games) == 1, "the keys are known without importing"
    with pytest.raises(ModuleNotFoundError):
        games["nothing"]


def test_a_test_may_swap_a_game_and_put_it_back(monkeypatch: pytest.MonkeyPatch) -> None:
    original = GAMES["abordaje"]
    with monkeypatch.context() as patch:
        patch.setitem(GAMES, "abordaje", GAMES["jupiter"])
        assert GAMES["abordaje"] is GAMES["jupiter"]
    assert GAMES["abordaje"] is original and list(GAMES) == GAME_KEYS


async def test_a_host_built_without_a_list_of_games_hosts_every_game(tmp_path: Path) -> None:
    store = await open_store(str(tmp_path / "games.db"))
    try:
        host = Host(store)
        assert sorted(host.games) == sorted(GAME_KEYS) and sorted(host.renderers) == sorted(GAME_KEYS)
    finally:
        await store.close()


def test_importing_the_host_imports_no_game_until_one_is_asked_for() -> None:
    """One fresh interpreter (the point is what a new process imports): the host's modules alone import no
    game's engine or renderer; asking for one game's spec imports that game only."""
    script = (
        "import sys, bot.tables\n"
        "from engine.registry import GAMES\n"
        "games = lambda: sorted({m.split('.')[1] for m in sys.modules if m.startswith(('engine.', 'render.'))}"
        " & set(GAMES))\n"
        "print(games())\n"
        "GAMES['abordaje']\n"
        "print(games())\n"
    )
    done = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == ["[]", "['abordaje']"]
