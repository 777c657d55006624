"""The catch-up: what a dead process left unsaid, said by this one, in the background.

At start-up and then every ``CATCH_UP_SECONDS`` the bot claims (``Host.claim_deferrals``,
``Host.claim_deliveries``) what a process that died left behind (at once when it ran on this machine, after
its claims went stale otherwise), and:

- answers each interaction it had deferred, while Discord still accepts it (15 minutes, by its token alone:
  a webhook of the application's id and the token): "Your move was taken: …" with the player's panel, or
  "The bot restarted before your move was taken; nothing changed. Please choose again.";
- delivers each stored delivery, oldest first, drawn again from the stored game (``Host.redeliver``).

One item at a time, in one task: the sends queue behind one another and discord.py's HTTP client waits out
any rate limit (429) before the next, so a few hundred owed items never burst; the bot answers interactions
all along. An item Discord fails is held on ``bot.backoff``'s schedule by the deliverer, and the round holds
every later item of the same channel behind it, untried, so a channel's items go out in order. Start-up
itself does not wait: the first round runs once the bot is ready.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import TYPE_CHECKING, Any

import discord

from .delivery import PASSING, is_passing
from .errors import CannotPost
from .store import DeferralRecord, DeliveryRecord
from .ui.common import to_file
from .ui.prompts import panel_message

if TYPE_CHECKING:
    from .app import SpaceBot

log = logging.getLogger(__name__)

CATCH_UP_SECONDS = 20.0
"""How often the bot looks for what a dead process left (a claim expires after ``Host.claim_seconds``, 30 s)."""


class CatchUp:
    """Rounds of catching up for one bot; ``rounds`` counts the finished ones (tests wait on it)."""

    def __init__(self, bot: SpaceBot) -> None:
        self.bot = bot
        self.rounds = 0
        self.answered = 0
        self.delivered = 0
        self.finished_round = asyncio.Event()

    async def run(self) -> None:
        """One round (the bot's ``catching_up`` loop calls it); a failure waits for the next round."""
        try:
            await self.round()
        except Exception:
            log.exception("the catch-up round failed; the next one tries again")
        self.rounds += 1
        self.finished_round.set()

    async def round(self) -> None:
        """Answer every claimable interaction, then deliver every claimable delivery, a batch at a time."""
        host = self.bot.host
        await host.release_dead_claims()
        while deferrals := await host.claim_deferrals():
            for deferral in deferrals:
                await self.answer(deferral)
        held: set[int] = set()  # channels where an item failed this round: their later items wait behind it
        while items := await host.claim_deliveries():
            for item in items:
                if item.channel_id in held:
                    await self.hold(item)
                    continue
                await self.deliver(item)
                if item.key in self.bot.delivery.backoff.attempts:  # Discord failed it: held for a later round
                    held.add(item.channel_id)

    async def hold(self, item: DeliveryRecord) -> None:
        """Keep ``item`` owed, untried, behind an older item of its channel that Discord just failed: every owed
        item goes out once and in order per channel."""
        until = self.bot.delivery.backoff.next_try(item.key, item.channel_id)
        await self.bot.host.postpone([item.key], until)

    async def answer(self, deferral: DeferralRecord) -> None:
        """Complete one cut-off interaction by its token; forgotten whatever Discord says (it may have expired)."""
        text, panel = await self.bot.host.deferral_answer(deferral)
        # What ``Interaction.followup`` builds: the application's webhook with the interaction's token (type 3,
        # "application": the kind that may answer ephemerally and carry buttons).
        payload: Any = {"id": deferral.application_id, "type": 3, "token": deferral.token}
        webhook = discord.Webhook.from_state(data=payload, state=self.bot._connection)
        kwargs: dict[str, Any] = {"ephemeral": True}
        if panel is not None:
            message = panel_message(panel, deferral.channel_id, in_dm=False)
            text = f"{text}\n{message['content']}"
            if message["view"] is not None:
                kwargs["view"] = message["view"]
            if panel.attachments():
                kwargs["files"] = [to_file(a) for a in panel.attachments()]
        try:
            await webhook.send(text[:2000], **kwargs)
            self.answered += 1
        except (discord.HTTPException, *PASSING) as exc:
            if not isinstance(exc, discord.HTTPException) or is_passing(exc):
                # Discord's trouble: still claimed by this process, the answer is tried again once the claim is
                # stale (while Discord still accepts one).
                log.warning("could not answer interaction %s yet: %r", deferral.interaction_id, exc)
                return
            log.info("could not answer interaction %s after a restart: %s", deferral.interaction_id, exc)
        await self.bot.host.answered(deferral.interaction_id)

    async def deliver(self, item: DeliveryRecord) -> None:
        """Deliver one stored item; forgotten once Discord took it or refused it for good."""
        out = await self.bot.host.redeliver(item)
        # Failed again (Discord's trouble, or a channel that still refuses): the deliverer keeps it owed on its
        # schedule (``bot.backoff``); nobody waits on an answer here, so there is nobody to tell.
        with contextlib.suppress(CannotPost):
            await self.bot.deliver(out)  # forgets the item once done
        self.delivered += 1
