"""The game window: scenes, input, the board and its effects (the only package importing pygame)."""
