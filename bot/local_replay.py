"""Playing back a finished game's replay file (``/export``) offline, step by step, boards included.

    bash scripts/run --local --replay chess-12-replay.json            (Enter: next step; a number: that many)
    bash scripts/run --local --replay FILE --out boards/that-game     (where the board images go)

The file holds the game's key, engine version, options, seed, seats and every decision with its seat
(``bot.export.replay_file``); the engine is deterministic, so replaying the decisions from the seed goes
through the very states the game went through. The game is over, so nothing in it is secret any more: each
step prints who decided what, what the table was told and what each seat alone was told, and writes the public
board to a numbered image whenever it changed. No database, no Discord: only the engine and the renderer.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from engine.core import GameError, GameSpec, SeatSetup, State
from engine.core.words import name_seats
from engine.registry import GAMES
from render.registry import RENDERERS, Renderer

from .export import REPLAY_FORMAT


class BadReplay(Exception):
    """A replay file this release cannot play back, with the sentence saying why."""


@dataclass(frozen=True)
class Replay:
    """A replay file as read: the game's spec, its names by seat, and the decisions in order."""

    spec: GameSpec[Any, Any]
    data: dict[str, Any]
    names: dict[int, str]
    decisions: list[tuple[int, str, str]]  # (seat, prompt id, choice id)

    def first_state(self) -> State:
        seats = [SeatSetup(role=s.get("role")) for s in sorted(self.data["seats"], key=lambda s: s["seat"])]
        state: State = self.spec.setup(seats, self.spec.parse_options(self.data["options"]), int(self.data["seed"]))
        return state


def read_replay(path: Path) -> Replay:
    """The replay file at ``path``, checked: a sentence (``BadReplay``) for anything this release cannot play."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise BadReplay(f"{path} cannot be read as a replay file: {exc}.") from None
    if not isinstance(data, dict) or data.get("format") != REPLAY_FORMAT:
        raise BadReplay(f"{path} is not a replay file made by /export.")
    spec = GAMES.get(str(data.get("game")))
    if spec is None:
        raise BadReplay(f"{path} is a game of {data.get('game')!r}, which this release does not have.")
    if data.get("engine_version") != spec.engine_version:
        raise BadReplay(
            f"{path} was played under the rules {data.get('engine_version')}, and this release has "
            f"{spec.engine_version}: a replay is exact only under the rules that made it."
        )
    names = {int(s["seat"]): str(s.get("name") or f"Player {int(s['seat']) + 1}") for s in data["seats"]}
    decisions = [(int(d["seat"]), str(d["prompt"]), str(d["choice"])) for d in data["decisions"]]
    return Replay(spec, data, names, decisions)


def final_state(replay: Replay) -> State:
    """The state the file's decisions lead to (what the game ended on)."""
    state = replay.first_state()
    for seat, prompt_id, choice_id in replay.decisions:
        state, _ = replay.spec.apply(state, seat, prompt_id, choice_id)
    return state


class Player:
    """Plays a replay back, asking ``ask`` between steps and writing boards under ``out_dir``."""

    def __init__(
        self,
        replay: Replay,
        out_dir: Path,
        ask: Callable[[str], str] = input,
        say: Callable[[str], None] = print,
        renderer: Renderer | None = None,
    ) -> None:
        self.replay = replay
        self.out_dir = out_dir
        self.ask = ask
        self.say = say
        self.renderer = renderer if renderer is not None else RENDERERS.get(replay.spec.key)
        self.images: list[Path] = []
        self._last_board: str | None = None

    def named(self, text: str) -> str:
        return name_seats(text, self.replay.names)

    def board(self, state: State, step: int) -> None:
        """Write the public board of ``state`` when it differs from the last one written."""
        view = self.replay.spec.view(state, None).model_copy(update={"names": self.replay.names})
        described = view.describe()
        if described == self._last_board:
            return
        self._last_board = described
        self.say(self.named(described))
        if self.renderer is None:
            return
        self.out_dir.mkdir(parents=True, exist_ok=True)
        path = self.out_dir / f"{step:04d}-{self.replay.spec.key}-board.png"
        path.write_bytes(self.renderer.board(view))
        self.images.append(path)
        self.say(f"[board image: {path}]")

    def play(self) -> State:
        """Every step in turn, waiting for Enter (a number skips ahead that many, ``q`` stops); the last state."""
        replay, spec = self.replay, self.replay.spec
        total = len(replay.decisions)
        players = ", ".join(f"{name}" for _, name in sorted(replay.names.items()))
        self.say(f"{spec.name} ({replay.data['engine_version']}), {players}: {total} decisions.")
        state = replay.first_state()
        self.board(state, 0)
        skip = 0
        for step, (seat, prompt_id, choice_id) in enumerate(replay.decisions, 1):
            if skip > 0:
                skip -= 1
            else:
                try:
                    typed = self.ask(f"[step {step}/{total}] Enter: next · a number: that many · q: stop > ").strip()
                except EOFError:
                    typed = ""
                    skip = total  # nobody at the keyboard: play to the end
                if typed.lower() == "q":
                    break
                if typed.isdigit() and int(typed) > 1:
                    skip = int(typed) - 1
            label = _label(spec.prompts(state), prompt_id, choice_id)
            try:
                state, events = spec.apply(state, seat, prompt_id, choice_id)
            except GameError as exc:
                raise BadReplay(f"Step {step} no longer plays: {exc.sentence}") from None
            self.say(f"— {replay.names.get(seat, 'a player')}: {self.named(label)}")
            for event in events:
                if isinstance(event.audience, str):
                    self.say(self.named(event.text))
                else:
                    told = " and ".join(replay.names.get(s, "a player") for s in event.audience)
                    self.say(f"(only {told}) {self.named(event.text)}")
            self.board(state, step)
        outcome = spec.outcome(state)
        if outcome is not None:
            self.say(f"🏁 {self.named(outcome.summary)}")
        return state


def _label(prompts: Sequence[Any], prompt_id: str, choice_id: str) -> str:
    """The choice's label as its player saw it (its id when the prompt is not found)."""
    for prompt in prompts:
        if prompt.id == prompt_id:
            choice = prompt.choice(choice_id)
            if choice is not None:
                return str(choice.label)
    return choice_id


def play_back(path: Path, out_dir: Path | None = None, ask: Callable[[str], str] | None = None) -> int:
    """``--local --replay FILE``: play the file back (asking ``ask``, by default the keyboard, between steps);
    0 when it played, 2 with a sentence when it cannot."""
    ask = ask if ask is not None else input  # looked up now, so a test's keyboard is the one read
    try:
        replay = read_replay(path)
        folder = out_dir if out_dir is not None else Path("boards") / path.stem
        Player(replay, folder, ask).play()
    except BadReplay as exc:
        print(exc)
        return 2
    except KeyboardInterrupt:
        print("\nBye.")
    return 0
