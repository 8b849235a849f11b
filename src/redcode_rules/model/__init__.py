"""The compiled card set (``Ruleset``), what statuses modify, and the game state."""
