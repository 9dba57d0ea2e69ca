"""A small seeded random number generator whose whole state is one integer.

The state lives inside each game state, so cloning a game for search copies one int, and a game
is reproduced exactly from its seed on any Python version (SplitMix64).
"""

from __future__ import annotations

_MASK = (1 << 64) - 1
_GAMMA = 0x9E3779B97F4A7C15  # SplitMix64's step: each draw adds it to the state


class Rng:
    __slots__ = ("state",)

    def __init__(self, seed: int) -> None:
        self.state = seed & _MASK

    def clone(self) -> "Rng":
        return Rng(self.state)

    def next_u64(self) -> int:
        self.state = (self.state + _GAMMA) & _MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in [0, n): `next_u64` modulo n, its steps written out (random
        playouts draw one at every move)."""
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        state = self.state = (self.state + _GAMMA) & _MASK
        z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return (z ^ (z >> 31)) % n

    def random(self) -> float:
        """A uniform float in [0, 1): the top 53 bits of `next_u64`, its steps written out (search
        playouts draw one at nearly every move)."""
        state = self.state = (self.state + _GAMMA) & _MASK
        z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return ((z ^ (z >> 31)) >> 11) / 9007199254740992.0

    def choice(self, items):
        return items[self.below(len(items))]

    def shuffle(self, items: list) -> None:
        """Fisher-Yates with `below(i + 1)` for each i from the end, the generator's steps written
        out in the loop (every deal is a shuffle, and the calls cost more than the arithmetic)."""
        state = self.state
        for i in range(len(items) - 1, 0, -1):
            state = (state + 0x9E3779B97F4A7C15) & _MASK
            z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
            j = (z ^ (z >> 31)) % (i + 1)
            items[i], items[j] = items[j], items[i]
        self.state = state

    def shuffle_later(self, items: list) -> int:
        """Begin shuffling `items` as they are drawn from the end, for a pile of which a game
        draws only a part (the draws cost more than the rest of a deal): returns the state of the
        shuffle's own draws, for `settle_last` at each draw, and moves this generator on at once
        as `shuffle` would (SplitMix64's state only adds a constant per draw). Fisher-Yates from
        the end settles the last place first, so each card drawn is the one `shuffle` puts there."""
        start = self.state
        self.state = (start + max(len(items) - 1, 0) * _GAMMA) & _MASK
        return start

    def derive(self, *salt: int) -> int:
        """A seed for a child generator, fixed by this seed and the salt."""
        child = Rng(self.state)
        for value in salt:
            child.state = (child.state ^ (value * 0xD1B54A32D192ED03)) & _MASK
            child.next_u64()
        return child.next_u64()


def settle_last(items: list, seed: int) -> int:
    """The step of a shuffle begun by `Rng.shuffle_later` that settles the last place of `items`
    (the places after it were settled and drawn); `seed` is the state of the shuffle's draws.
    Returns their next state. (`below` written out, as in `shuffle`: a deal settles a place at
    every draw.)"""
    seed = (seed + 0x9E3779B97F4A7C15) & _MASK
    z = ((seed ^ (seed >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    last = len(items) - 1
    other = (z ^ (z >> 31)) % (last + 1)
    items[last], items[other] = items[other], items[last]
    return seed


def fresh_seed() -> int:
    """A new seed from the operating system, for a game whose seed the player left blank."""
    import os

    return int.from_bytes(os.urandom(8), "little") % 10**9
