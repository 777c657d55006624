"""Prompt buttons and selects: a player's pending choices, in an ephemeral panel or a DM.

Each control's custom id carries the game's channel, the prompt id and the choice id
(``sh:p:<channel>:<prompt>|<choice>``), so a click works after a restart and in a DM far from the channel:
the host loads the game, checks the prompt is still pending and belongs to the clicker's seat, and answers
with a sentence when it is not; a choice whose decision is gone (made elsewhere, or the game moved on) is
answered with the player's current panel, so an old DM's button always leads somewhere. No rule is decided
here.

A click edits the message it came from (panel or DM) into the clicker's next panel, then the outbox is
delivered (board edit or post, DMs to the others).
"""

from __future__ import annotations

import logging
import re
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

import discord

from engine.core import MAX_DETAIL, Prompt, StaleChoice

from ..errors import guarded
from ..outbox import Panel
from .common import PREFIX, Controls, actor_of, answering, client_of, clip, to_file
from .takeback import take_back_item, with_item

log = logging.getLogger(__name__)

ROW_WIDTH = 5  # buttons per row
MAX_ROWS = 5  # rows per message
SELECT_OPTIONS = 25  # options per select menu
CUSTOM_ID_LIMIT = 100
MOVED_ON = "Here is where the game stands now:"
GAME = r"(?:g(?P<game>\d+):)?"
"""A control names its game (``g<id>:``) so that one left in a DM or an old panel never answers the next game
of the channel, whose prompt ids start over; controls sent before they named their game still work."""
TOO_MANY = "More choices are waiting than fit on this message: use `/act` to pick any of them."


class PromptButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=rf"{PREFIX}:p:(?P<channel>\d+):{GAME}(?P<prompt>[^|]*)\|(?P<choice>.+)",
):
    """One choice of one prompt, as a button."""

    def __init__(
        self,
        channel_id: int,
        prompt_id: str,
        choice_id: str,
        label: str = "…",
        *,
        row: int | None = None,
        game_id: int | None = None,
    ):
        self.channel_id = channel_id
        self.prompt_id = prompt_id
        self.choice_id = choice_id
        self.game_id = game_id
        super().__init__(
            discord.ui.Button(
                label=label[:80],
                style=discord.ButtonStyle.primary,
                custom_id=button_id(channel_id, prompt_id, choice_id, game_id),
            ),
            row=row,
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> PromptButton:
        return cls(int(match["channel"]), match["prompt"], match["choice"], game_id=game_of(match))

    async def callback(self, interaction: discord.Interaction) -> None:
        await guarded(interaction, answer(interaction, self.channel_id, self.prompt_id, self.choice_id, self.game_id))


class PromptSelect(
    discord.ui.DynamicItem[discord.ui.Select[Any]],
    template=rf"{PREFIX}:pick:(?P<channel>\d+):{GAME}(?P<prompt>[^|]*)\|(?P<page>\d+)",
):
    """One prompt with many choices, as a select menu (one page of at most 25 options)."""

    def __init__(
        self,
        channel_id: int,
        prompt_id: str,
        page: int,
        options: Sequence[discord.SelectOption] = (),
        placeholder: str | None = None,
        game_id: int | None = None,
    ):
        self.channel_id = channel_id
        self.prompt_id = prompt_id
        self.game_id = game_id
        # A select needs at least one option to be built; on a click discord.py refreshes the chosen values.
        opts = list(options) or [discord.SelectOption(label="…", value="…")]
        super().__init__(
            discord.ui.Select(
                custom_id=select_id(channel_id, prompt_id, page, game_id),
                options=opts,
                placeholder=placeholder,
                min_values=1,
                max_values=1,
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> PromptSelect:
        return cls(int(match["channel"]), match["prompt"], int(match["page"]), game_id=game_of(match))

    async def callback(self, interaction: discord.Interaction) -> None:
        values = self.item.values
        if not values:
            return
        await guarded(interaction, answer(interaction, self.channel_id, self.prompt_id, values[0], self.game_id))


def _game_part(game_id: int | None) -> str:
    return "" if game_id is None else f"g{game_id}:"


def game_of(match: re.Match[str]) -> int | None:
    """The game a control's custom id names (``None``: a control sent before controls named their game)."""
    return int(match["game"]) if match["game"] else None


def button_id(channel_id: int, prompt_id: str, choice_id: str, game_id: int | None = None) -> str:
    return f"{PREFIX}:p:{channel_id}:{_game_part(game_id)}{prompt_id}|{choice_id}"


def select_id(channel_id: int, prompt_id: str, page: int, game_id: int | None = None) -> str:
    return f"{PREFIX}:pick:{channel_id}:{_game_part(game_id)}{prompt_id}|{page}"


def _chunks(items: Sequence[Any], size: int) -> list[Sequence[Any]]:
    return [items[i : i + size] for i in range(0, len(items), size)]


def _fits(prompt: Prompt, channel_id: int, game_id: int | None) -> bool:
    longest = max((len(button_id(channel_id, prompt.id, c.id, game_id)) for c in prompt.choices), default=0)
    return longest <= CUSTOM_ID_LIMIT and len(select_id(channel_id, prompt.id, 99, game_id)) <= CUSTOM_ID_LIMIT


def prompt_view(
    channel_id: int, prompts: Sequence[Prompt], game_id: int | None = None
) -> tuple[discord.ui.View | None, bool]:
    """Controls for ``prompts`` and whether every choice got one.

    Buttons (five to a row, a new row for each prompt) when they fit in five rows; otherwise one select per
    prompt (paged by 25). Whatever does not fit stays reachable through ``/act``.
    """
    usable = [p for p in prompts if p.choices and _fits(p, channel_id, game_id)]
    complete = len(usable) == len(prompts)
    if not usable:
        return None, complete
    view = Controls()
    rows = sum(len(_chunks(p.choices, ROW_WIDTH)) for p in usable)
    if rows <= MAX_ROWS:
        row = 0
        for p in usable:
            for chunk in _chunks(p.choices, ROW_WIDTH):
                for c in chunk:
                    view.add_item(PromptButton(channel_id, p.id, c.id, c.label, row=row, game_id=game_id))
                row += 1
        return view, complete
    used = 0
    for p in usable:
        pages = _chunks(p.choices, SELECT_OPTIONS)
        for page, chunk in enumerate(pages):
            if used >= MAX_ROWS:
                return view, False
            options = [
                discord.SelectOption(label=c.label[:100], value=c.id, description=described(c.detail)) for c in chunk
            ]
            suffix = f" ({page + 1}/{len(pages)})" if len(pages) > 1 else ""
            view.add_item(
                PromptSelect(channel_id, p.id, page, options, placeholder=(p.question[:140] + suffix), game_id=game_id)
            )
            used += 1
    return view, complete


def described(detail: str | None) -> str | None:
    """A choice's detail as a select option's description: within Discord's 100 characters, ending in "…" when
    clipped; ``None`` (no description line) without one."""
    if not detail:
        return None
    return detail if len(detail) <= MAX_DETAIL else detail[: MAX_DETAIL - 1] + "…"


def panel_message(panel: Panel, channel_id: int, *, in_dm: bool) -> dict[str, Any]:
    """``content``/``view`` for a panel (files are added by the caller, fresh for each send)."""
    text = panel.text
    if in_dm and f"<#{channel_id}>" not in text:
        text = f"🎲 Your game in <#{channel_id}>\n{text}"
    view, complete = prompt_view(channel_id, panel.prompts, panel.game_id)
    if not complete:
        text = f"{text}\n{TOO_MANY}"
    return {"content": clip(text), "view": view}


async def send_panel(
    interaction: discord.Interaction, panel: Panel, channel_id: int, extra: discord.ui.Item[Any] | None = None
) -> None:
    """Answer a deferred (ephemeral, thinking) interaction with a private panel (``extra``: as ``replace_panel``)."""
    message = panel_message(panel, channel_id, in_dm=interaction.guild_id is None)
    if extra is not None:
        message["view"] = with_item(message["view"], extra)
    files = [to_file(a) for a in panel.attachments()]
    view = message["view"]
    if view is None:
        await interaction.followup.send(message["content"], files=files, ephemeral=True)
    else:
        await interaction.followup.send(message["content"], files=files, view=view, ephemeral=True)


async def replace_panel(
    interaction: discord.Interaction, panel: Panel, channel_id: int, extra: discord.ui.Item[Any] | None = None
) -> None:
    """Edit the message a control was clicked on (a panel or a DM) into ``panel``; never raises on HTTP.
    ``extra``: one more control under it (**Take back** under a move, ``bot.ui.takeback``), when there is room."""
    message = panel_message(panel, channel_id, in_dm=interaction.guild_id is None)
    if extra is not None:
        message["view"] = with_item(message["view"], extra)
    files = [to_file(a) for a in panel.attachments()]
    try:
        await interaction.edit_original_response(content=message["content"], attachments=files, view=message["view"])
    except discord.HTTPException as exc:
        # The panel may be gone (a dismissed ephemeral, a deleted DM): the action stands all the same.
        log.warning("could not update panel channel=%s user=%s: %s", channel_id, interaction.user.id, exc)


async def answer(
    interaction: discord.Interaction, channel_id: int, prompt_id: str, choice_id: str, game_id: int | None = None
) -> None:
    """A click on a choice: act, show the clicker their next panel in place, deliver the rest."""
    client = client_of(interaction)
    async with answering(interaction, channel_id) as interaction_id:
        await interaction.response.defer()  # acting may render images: take the 3 s off the clock
        actor = actor_of(interaction)
        try:
            out = await client.host.act(
                channel_id, actor, prompt_id, choice_id, interaction_id=interaction_id, game_id=game_id
            )
        except StaleChoice as exc:
            # The decision this DM or old panel offered is gone (made elsewhere, or the game moved on): the answer
            # is the player's current panel, with the buttons that work now. The clicked message is left as it
            # is: a double click's first answer may have just turned it into the panel after that move.
            panel = await client.host.panel(channel_id, actor.user_id)
            await send_panel(
                interaction, replace(panel, text=clip(f"{exc.sentence} {MOVED_ON}\n{panel.text}")), channel_id
            )
            return
        if out.reply is not None:
            await replace_panel(interaction, out.reply, channel_id, await take_back_item(interaction, channel_id))
    await client.deliver(out, reply_shown_to=interaction.user.id if out.reply is not None else None)
