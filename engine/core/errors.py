"""The errors a player can cause, each carrying a sentence they understand.

Tree::

    GameError                 anything a player did that the game refuses; ``str(e)`` is the sentence
    ├── IllegalAction         the choice is not among the legal choices right now
    ├── NotYourTurn           the game waits on somebody else
    ├── StaleChoice           the prompt answered is no longer pending (an old button)
    ├── BadOptions            lobby options that do not make a valid game
    ├── NoGameHere            the channel has no game (or none in the needed phase)
    ├── NotAllowed            the user lacks the seat or the permission for this
    ├── LobbyError            join/leave/begin refused (full, not seated, too few players…)
    └── Conflict              somebody else changed the game first; try again

Every ``GameError`` is shown only to the user who caused it (ephemeral in Discord), because its sentence
may name a card of that user's hand. Anything that is not a ``GameError`` is a bug: the host answers with
an apology and changes nothing.
"""

from __future__ import annotations


class GameError(Exception):
    """A refusal with a sentence for the player; the game is unchanged."""

    def __init__(self, sentence: str) -> None:
        super().__init__(sentence)
        self.sentence = sentence


class IllegalAction(GameError):
    """The submitted choice is not legal now."""


class NotYourTurn(GameError):
    """The game is waiting on somebody else."""


class StaleChoice(GameError):
    """The prompt answered is no longer pending."""


class BadOptions(GameError):
    """Options that do not make a valid game."""


class NoGameHere(GameError):
    """No game (in the needed phase) in this channel."""


class NotAllowed(GameError):
    """The user may not do this here."""


class LobbyError(GameError):
    """A lobby step that cannot be taken."""


class Conflict(GameError):
    """A concurrent change won the race."""
