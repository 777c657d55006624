"""The confirmation of ``/forget me``: the person's second thought before the bot forgets them for good.

A persistent button (``DynamicItem``: it works after a restart) bound to the person who asked: its id carries
their user id, and a click by anyone else is refused with a sentence (the message is ephemeral, so only they
see it; the binding holds even if the id were replayed). The host checks again at the click, so a seat taken
in a lobby since the question is still refused.
"""

from __future__ import annotations

import re
from typing import Any

import discord

from ..errors import first_delivery, guarded
from ..threads import forget_names
from .common import PREFIX, Controls, actor_of, host_of

CONFIRM = "yes"
KEEP = "no"
NOT_YOURS = "This button is for the person who asked to be forgotten; use `/forget me` to ask for yourself."


class ForgetMeButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=rf"{PREFIX}:forget:(?P<answer>yes|no):(?P<user>\d+)",
):
    """ "Forget me" or "Keep me" on the ephemeral confirmation of ``/forget me``."""

    def __init__(self, answer: str, user_id: int) -> None:
        self.answer = answer
        self.user_id = user_id
        confirm = answer == CONFIRM
        super().__init__(
            discord.ui.Button(
                label="Forget me" if confirm else "Keep me",
                style=discord.ButtonStyle.danger if confirm else discord.ButtonStyle.secondary,
                custom_id=f"{PREFIX}:forget:{answer}:{user_id}",
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> ForgetMeButton:
        return cls(match["answer"], int(match["user"]))

    async def interaction_check(self, interaction: discord.Interaction, /) -> bool:
        if interaction.user.id == self.user_id:
            return True  # ``guarded`` drops a second delivery of the owner's click
        if first_delivery(interaction):  # a replayed click of someone else is answered once
            await interaction.response.send_message(NOT_YOURS, ephemeral=True)
        return False

    async def callback(self, interaction: discord.Interaction) -> None:
        await guarded(interaction, self._run(interaction))

    async def _run(self, interaction: discord.Interaction) -> None:
        if self.answer != CONFIRM:
            await interaction.response.edit_message(content="Nothing was forgotten.", view=None)
            return
        actor, host = actor_of(interaction), host_of(interaction)
        threads = await host.threads_of_finished_games(self.user_id)  # before: nothing links them to the person after
        text = await host.forget_me(self.user_id, actor.display_name)
        await interaction.response.edit_message(content=text, view=None)
        await forget_names(interaction.client, host, threads)  # their names carry the person's: renamed


def forget_me_view(user_id: int) -> discord.ui.View:
    """The two answers to "forget you?", for ``user_id`` only."""
    view = Controls()
    view.add_item(ForgetMeButton(CONFIRM, user_id))
    view.add_item(ForgetMeButton(KEEP, user_id))
    return view
