"""The screens around the tables: menu, setup, settings, statistics, rules sheet, saved games and
replays, hand-off, game over, and the dialogs."""
