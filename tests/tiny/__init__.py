"""Face Down, a whole game in a folder of its own like the real ones: its rules and descriptor
(game.py) and its table (table.py). The tests register it to show that a new game joins the
table through its descriptor alone."""
