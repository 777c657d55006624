"""A hot-seat table in the terminal over the same host and store: the offline way to try and debug a game.

    python -m bot.local abordaje --option variant=advanced      (or: bash scripts/run --local abordaje …)

Players take turns at one keyboard. When the seat changes, the screen is cleared and asks to pass the
terminal; a player's hand is shown only after they press Enter, so the others do not see it. Every board
image the channel would get is written as a numbered PNG to a fresh folder for this run (printed at the
start); hand images go to each player's own folder, never beside the boards. Discord's markup (mentions,
timestamps, strike-through, "press Your move") is turned into terminal text, and when a step edits the
turn's board message only the lines that are new are printed, not the whole turn's story again.
"""

from __future__ import annotations

import argparse
import asyncio
import re
import sys
import tempfile
import time
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from engine.core import GameError, Prompt
from engine.registry import GAMES

from .outbox import Outbox, Panel
from .store.factory import open_store
from .tables import Actor, Host

PLAYER_BASE_ID = 1000
CLEAR_SCREEN = "\033[2J\033[H"


class LocalTable:
    """Drives one game through the host, reading answers from ``ask`` and writing boards to ``out_dir``."""

    def __init__(
        self,
        host: Host,
        out_dir: Path,
        ask: Callable[[str], str] = input,
        say: Callable[[str], None] = print,
        hot_seat: bool = True,
    ) -> None:
        self.host = host
        self.out_dir = out_dir
        self.ask = ask
        self.say = say
        self.hot_seat = hot_seat
        self.channel_id = 1
        self.images = 0
        self.message_ids = 0
        self.names: dict[int, str] = {}  # user id -> display name, for mentions
        self.shown: dict[int, list[str]] = {}  # message id -> the lines of it already printed
        self.seat_at_terminal: int | None = None
        out_dir.mkdir(parents=True, exist_ok=True)

    def actor(self, seat: int) -> Actor:
        actor = Actor(PLAYER_BASE_ID + seat, f"Player {seat + 1}", can_moderate=True)
        self.names[actor.user_id] = actor.display_name
        return actor

    def hand_dir(self, name: str) -> Path:
        """A player's own folder for their hand images, apart from the boards everyone looks at."""
        folder = self.out_dir / "hands" / name.replace(" ", "_")
        folder.mkdir(parents=True, exist_ok=True, mode=0o700)
        return folder

    async def deliver(self, out: Outbox) -> None:
        """Print what the channel would show (only what is new) and save its images; DMs stay private."""
        for post in out.posts:
            text = terminal_text(post.text, self.names)
            if post.is_edit and post.edit_message_id in self.shown:
                self.say(_new_lines(self.shown[post.edit_message_id], text))
                self.shown[post.edit_message_id] = text.splitlines()
            else:
                self.say("\n" + "=" * 72 + "\n" + text)
            if post.image is not None:
                self.images += 1
                path = self.out_dir / f"{self.images:04d}-{post.image.filename}"
                path.write_bytes(post.image.data)
                self.say(f"[board image: {path}]")
            if post.kind in ("lobby", "board") and not post.is_edit:
                self.message_ids += 1
                self.shown[self.message_ids] = text.splitlines()
                await self.host.board_posted(self.channel_id, post.game_id, self.message_ids)
        await self.host.delivered(out)  # shown: nothing is owed any more

    async def setup(self, game_key: str, players: int, options: dict[str, Any]) -> None:
        """Open the lobby, seat every player and begin."""
        await self.deliver(await self.host.start(None, self.channel_id, self.actor(0), game_key, options))
        for seat in range(1, players):
            await self.deliver(await self.host.join(self.channel_id, self.actor(seat)))
        await self.deliver(await self.host.begin(self.channel_id, self.actor(0)))

    async def play(self, max_steps: int = 100_000) -> None:
        """Ask each waiting player in turn until the game ends (or the input runs out)."""
        record = await self.host.store.live_game(self.channel_id)
        assert record is not None
        for _ in range(max_steps):
            record = await self.host.store.live_game(self.channel_id)
            if record is None or record.status != "active":
                break
            # Ask the first seat that has a pending decision.
            for seat in record.seats:
                panel = await self.host.panel(self.channel_id, seat.user_id)
                if panel.prompts:
                    await self.turn_of(seat.seat, seat.display_name, panel)
                    break
            else:
                break
        latest = await self.host.store.latest_game(self.channel_id)
        if latest is not None:
            self.say(f"\nGame {latest.status}. {latest.result or ''}")

    async def turn_of(self, seat: int, name: str, panel: Panel) -> None:
        if self.hot_seat and seat != self.seat_at_terminal:
            self.ask(f"\n--- Pass the terminal to {name}, then press Enter ---")
            self.say(CLEAR_SCREEN + f"{name} at the terminal.")
            self.seat_at_terminal = seat
        self.say(terminal_text(panel.text, self.names))
        if panel.image is not None:
            path = self.hand_dir(name) / "hand.png"
            path.write_bytes(panel.image.data)
            self.say(f"[your hand image: {path}]")
        if panel.closeup is not None:
            path = self.hand_dir(name) / "closeup.png"
            path.write_bytes(panel.closeup.data)
            self.say(f"[where your choices are, enlarged: {path}]")
        prompt = panel.prompts[0]
        while True:
            choice = _pick(prompt, self.ask)
            try:
                out = await self.host.act(self.channel_id, self.actor(seat), prompt.id, choice)
            except GameError as exc:
                self.say(f"! {exc.sentence}")
                continue
            if out.reply is not None and self.hot_seat:
                self.say(terminal_text(out.reply.text, self.names))
            await self.deliver(out)
            return


def _pick(prompt: Prompt, ask: Callable[[str], str]) -> str:
    lines = [f"{prompt.question}"]
    lines += [f"  {i + 1}. {c.label}" for i, c in enumerate(prompt.choices)]
    while True:
        answer = ask("\n".join(lines) + "\n> ").strip()
        if answer.isdigit() and 1 <= int(answer) <= len(prompt.choices):
            return prompt.choices[int(answer) - 1].id
        for c in prompt.choices:
            if answer.casefold() in (c.id.casefold(), c.label.casefold()):
                return c.id
        lines = [f"Type a number from 1 to {len(prompt.choices)}.", *lines[-len(prompt.choices) - 1 :]]


_MENTION = re.compile(r"<@!?(\d+)>")
_TIMESTAMP = re.compile(r"<t:(\d+)(?::([tTdDfFR]))?>")
_STRUCK = re.compile(r"~~(.+?)~~")
# What a Discord player is told to press, said the way a terminal player does it.
_DISCORD_WORDS = (
    ("Press **Your move**.", "It is their turn at the terminal."),
    ("(**Your move**, or `/act`)", "(at the terminal)"),
    ("(**Your move** or `/act`)", "(at the terminal)"),
    ("press **Your move**", "take the terminal"),
    ("with the menu", "in the list"),
)


def terminal_text(text: str, names: Mapping[int, str], now: float | None = None) -> str:
    """Discord markup made readable in a terminal: mentions as names, timestamps as words, no markdown."""
    for discord_words, terminal_words in _DISCORD_WORDS:
        text = text.replace(discord_words, terminal_words)
    text = _MENTION.sub(lambda m: names.get(int(m.group(1)), "a player"), text)
    text = _TIMESTAMP.sub(lambda m: _when(int(m.group(1)), time.time() if now is None else now), text)
    text = _STRUCK.sub(lambda m: f"{m.group(1)} (crossed out)", text)
    return text.replace("**", "").replace("__", "").replace("`", "")


def _when(ts: int, now: float) -> str:
    """A Discord relative timestamp in words: "just now", "5 minutes ago", "in 2 hours"."""
    seconds = round(ts - now)
    if abs(seconds) < 60:
        return "just now"
    for size, unit in ((86_400, "day"), (3_600, "hour"), (60, "minute")):
        if abs(seconds) >= size:
            count = abs(seconds) // size
            words = f"{count} {unit}{'' if count == 1 else 's'}"
            return f"in {words}" if seconds > 0 else f"{words} ago"
    return "just now"  # unreachable: every |seconds| >= 60 matched a unit


def _new_lines(before: list[str], after: str) -> str:
    """The lines of an edited message that were not in it before (a turn's story grows at its end)."""
    seen = set(before)
    return "\n".join(line for line in after.splitlines() if line not in seen)


def fresh_run_folder(base: Path, game: str) -> Path:
    """``boards/<game>-<time>[-n]/``: a new folder per run, so one game's images never mix with another's."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    folder, n = base / f"{game}-{stamp}", 1
    while folder.exists():
        n += 1
        folder = base / f"{game}-{stamp}-{n}"
    folder.mkdir(parents=True)
    return folder


def _parse_options(pairs: list[str]) -> dict[str, Any]:
    options: dict[str, Any] = {}
    for pair in pairs:
        key, _, value = pair.partition("=")
        lowered = value.lower()
        options[key] = {"on": True, "true": True, "off": False, "false": False}.get(lowered, value)
    return options


async def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bot.local", description="Play a game hot-seat in the terminal.")
    parser.add_argument("game", choices=sorted(GAMES), help="which game")
    parser.add_argument("--players", type=int, default=None, help="how many players (default: the minimum)")
    parser.add_argument(
        "--option", action="append", default=[], metavar="KEY=VALUE", help="a game option, e.g. variant=advanced"
    )
    parser.add_argument(
        "--out", type=Path, default=None, help="folder for this run's images (default: a new one under boards/)"
    )
    parser.add_argument("--db", default=None, help="database file (default: a temporary one)")
    args = parser.parse_args(argv)
    spec = GAMES[args.game]
    players = args.players or spec.min_players
    out_dir = args.out if args.out is not None else fresh_run_folder(Path("boards"), args.game)
    print(f"Images of this game go to {out_dir}/ (hands in {out_dir / 'hands'}/, one folder per player).")
    with tempfile.TemporaryDirectory() as tmp:
        store = await open_store(args.db or str(Path(tmp) / "local.db"))
        try:
            table = LocalTable(Host(store), out_dir)
            try:
                await table.setup(args.game, players, _parse_options(args.option))
                await table.play()
            except GameError as exc:
                print(exc.sentence, file=sys.stderr)
                return 2
            except (EOFError, KeyboardInterrupt):
                print("\nBye.")
        finally:
            await store.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(asyncio.run(main()))
