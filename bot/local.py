"""A hot-seat table in the terminal over the same host and store: the offline way to try and debug a game.

    python -m bot.local abordaje --variant advanced --out boards/

Players take turns at one keyboard. Before a player's private panel is shown the screen asks to pass the
terminal, so the other player does not see the hand. Every board image the channel would get is written
to the output folder as a numbered PNG, and the channel's text is printed.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

from engine.core import GameError, Prompt
from engine.registry import GAMES

from .outbox import Outbox, Panel
from .store.factory import open_store
from .tables import Actor, Host

PLAYER_BASE_ID = 1000


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
        out_dir.mkdir(parents=True, exist_ok=True)

    def actor(self, seat: int) -> Actor:
        return Actor(PLAYER_BASE_ID + seat, f"Player {seat + 1}", can_moderate=True)

    async def deliver(self, out: Outbox) -> None:
        """Print what the channel would show and save its images; DMs stay private (hot seat)."""
        for post in out.posts:
            self.say("\n" + "=" * 72 + "\n" + _plain(post.text))
            if post.image is not None:
                self.images += 1
                path = self.out_dir / f"{self.images:04d}-{post.image.filename}"
                path.write_bytes(post.image.data)
                self.say(f"[board image: {path}]")
            if post.kind in ("lobby", "board") and not post.is_edit:
                self.message_ids += 1
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
        if self.hot_seat:
            self.ask(f"\n--- Pass the terminal to {name}, then press Enter ---")
        self.say(_plain(panel.text))
        if panel.image is not None:
            path = self.out_dir / f"hand-{name.replace(' ', '_')}.png"
            path.write_bytes(panel.image.data)
            self.say(f"[your hand image: {path}]")
        prompt = panel.prompts[0]
        while True:
            choice = _pick(prompt, self.ask)
            try:
                out = await self.host.act(self.channel_id, self.actor(seat), prompt.id, choice)
            except GameError as exc:
                self.say(f"! {exc.sentence}")
                continue
            if out.reply is not None and self.hot_seat:
                self.say(_plain(out.reply.text))
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


def _plain(text: str) -> str:
    """Discord markdown made readable in a terminal."""
    return text.replace("**", "").replace("__", "")


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
    parser.add_argument("--out", type=Path, default=Path("boards"), help="folder for board images (default: boards/)")
    parser.add_argument("--db", default=None, help="database file (default: a temporary one)")
    args = parser.parse_args(argv)
    spec = GAMES[args.game]
    players = args.players or spec.min_players
    with tempfile.TemporaryDirectory() as tmp:
        store = await open_store(args.db or str(Path(tmp) / "local.db"))
        try:
            table = LocalTable(Host(store), args.out)
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
