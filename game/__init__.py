"""Chain Table engine: pure-Python rules, sessions, saves and computer players.

Nothing in this package imports pygame; the scenes package draws what it describes.
"""
