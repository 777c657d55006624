"""The operator's backup and restore command (``python -m bot.backup``), against a real SQLite file."""
