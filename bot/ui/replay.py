"""``/replay``'s **First** / **Previous** / **Next** / **Last** buttons: a game's public boards, page by page.

Each button is a ``DynamicItem`` whose custom id carries the channel, the game and the board it leads to
(``sh:replay:<channel>:<game>:<board>:<f|p|n|l>``), so a replay opened before a restart keeps paging after it:
the click loads the game's story from the store (``bot.story``), which is kept between clicks. **Last** always
leads to the newest board, which for a running game is the board as it stands at the click. Only the public view
is ever drawn: the clicker's seat, if any, is never asked.
"""

from __future__ import annotations

import re
from typing import Any

import discord

from ..errors import guarded
from ..story import ReplayPage, Storyteller
from .common import PREFIX, Controls, clip, host_of, to_file

STEPS = (("f", "First", "⏮️"), ("p", "Previous", "◀️"), ("n", "Next", "▶️"), ("l", "Last", "⏭️"))
LAST = 999_999  # "the newest board", whatever it is when the button is pressed


class ReplayButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=rf"{PREFIX}:replay:(?P<channel>\d+):(?P<game>\d+):(?P<index>\d+):(?P<step>[fpnl])",
):
    """Shows board ``index`` of game ``game`` in place of the replay the button is on."""

    def __init__(self, channel_id: int, game_id: int, index: int, step: str, *, disabled: bool = False) -> None:
        self.channel_id, self.game_id, self.index, self.step = channel_id, game_id, index, step
        _, label, emoji = next(s for s in STEPS if s[0] == step)
        super().__init__(
            discord.ui.Button(
                label=label,
                emoji=emoji,
                style=discord.ButtonStyle.secondary,
                custom_id=f"{PREFIX}:replay:{channel_id}:{game_id}:{index}:{step}",
                disabled=disabled,
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> ReplayButton:
        return cls(int(match["channel"]), int(match["game"]), int(match["index"]), match["step"])

    async def callback(self, interaction: discord.Interaction) -> None:
        await guarded(interaction, self._run(interaction))

    async def _run(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer()  # the replay is edited in place once its board is drawn
        index = None if self.index >= LAST else self.index
        page = await Storyteller(host_of(interaction)).page(self.channel_id, index=index, game_id=self.game_id)
        message = replay_message(page)
        await interaction.edit_original_response(
            content=message["content"], attachments=message["files"], view=message["view"]
        )


def replay_view(page: ReplayPage) -> discord.ui.View:
    """The four buttons under a replay; those leading nowhere (before the first board, past the last) disabled."""
    view = Controls()
    first, last = page.index == 0, page.index >= page.count - 1
    targets = {"f": 0, "p": max(0, page.index - 1), "n": min(page.count - 1, page.index + 1), "l": LAST}
    for step, _, _ in STEPS:
        view.add_item(
            ReplayButton(page.channel_id, page.game_id, targets[step], step, disabled=first if step in "fp" else last)
        )
    return view


def replay_message(page: ReplayPage) -> dict[str, Any]:
    """The private message of one replay page: its text, its board image and its buttons."""
    files = [to_file(page.image)] if page.image is not None else []
    return {"content": clip(page.text), "files": files, "view": replay_view(page)}
