"""The parts every table is built from: the table scene's template, the turns, the hand, the other
seats, the move log."""
