"""The bot in a simulated Discord (SimCord): lobby, play, restarts, closed DMs, permissions, bad input."""
