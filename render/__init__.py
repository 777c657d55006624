"""Board and hand images, drawn from a game's View (never its state) and returned as PNG bytes.

``render.registry.RENDERERS`` maps a game key to its renderer; ``render.core`` holds what every game's
renderer shares (palette, fonts, cached static layers, PNG encoding, the image cache). Nothing here imports
discord: the host asks for bytes and the bot decides how to send them.
"""
