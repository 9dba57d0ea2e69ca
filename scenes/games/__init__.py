"""One package per game: its table scene and the painters of its own cards."""
