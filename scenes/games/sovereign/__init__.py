"""Sovereign's Chain at the table: the table scene for 2-4 (table.py), the solitaire's
(solitaire_table.py), and the painters of its cards and tokens (cards.py), registered as the
package loads."""

from scenes.games.sovereign import cards  # noqa: F401
