"""Chains at the table: its table scene (table.py; the standard cards are painted by scenes/ui/cardart.py)."""
