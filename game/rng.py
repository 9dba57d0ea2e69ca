"""A small seeded random number generator whose whole state is one integer.

The state lives inside each game state, so cloning a game for search copies one int, and a game
is reproduced exactly from its seed on any Python version (SplitMix64).
"""

from __future__ import annotations

_MASK = (1 << 64) - 1


class Rng:
    __slots__ = ("state",)

    def __init__(self, seed: int) -> None:
        self.state = seed & _MASK

    def clone(self) -> "Rng":
        return Rng(self.state)

    def next_u64(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & _MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in [0, n)."""
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        return self.next_u64() % n

    def random(self) -> float:
        """A uniform float in [0, 1): the top 53 bits of `next_u64`, its steps written out (search
        playouts draw one at nearly every move)."""
        state = self.state = (self.state + 0x9E3779B97F4A7C15) & _MASK
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

    def derive(self, *salt: int) -> int:
        """A seed for a child generator, fixed by this seed and the salt."""
        child = Rng(self.state)
        for value in salt:
            child.state = (child.state ^ (value * 0xD1B54A32D192ED03)) & _MASK
            child.next_u64()
        return child.next_u64()


def fresh_seed() -> int:
    """A new seed from the operating system, for a game whose seed the player left blank."""
    import os

    return int.from_bytes(os.urandom(8), "little") % 10**9
