"""Slash commands, one cog per concern: lobby, play, moderation, help. Thin translators: no rules, no SQL.

Each command turns an interaction into one ``Host`` call and delivers the ``Outbox`` it returns; every refusal
is the host's sentence, shown only to the user (``bot.errors``).
"""
