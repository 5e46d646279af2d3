"""A seeded random number generator whose whole state is one integer.

Chance is resolved inside the engine, so the generator lives in the game state: copying a
state copies its future. We do not use `random.Random` because its algorithms (shuffle,
randrange) are not promised stable across Python versions, and golden records must replay
identically forever. SplitMix64 is tiny, fast enough for the few draws a game makes, and
exactly specified.
"""

from __future__ import annotations

import hashlib
from collections.abc import MutableSequence, Sequence
from typing import TypeVar

T = TypeVar("T")
_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15


def seed_to_int(seed: int | str | None) -> int:
    """Map any seed (int, text, None=0) to 64 bits; text seeds hash stably."""
    if seed is None:
        return 0
    if isinstance(seed, str):
        return int.from_bytes(hashlib.sha256(seed.encode()).digest()[:8], "little")
    return seed & _MASK


class Rng:
    """SplitMix64 with unbiased integer draws and Fisher-Yates shuffles."""

    __slots__ = ("state",)

    def __init__(self, seed: int | str | None = 0) -> None:
        self.state = seed_to_int(seed)

    def copy(self) -> Rng:
        r = Rng.__new__(Rng)
        r.state = self.state
        return r

    def next64(self) -> int:
        self.state = s = (self.state + _GOLDEN) & _MASK
        z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in [0, n), without modulo bias."""
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        shift = 64 - n.bit_length()
        if shift < 0:
            while True:
                v = self.next64()
                if v < n:
                    return v
        # next64, inlined: engines and playouts draw on every move
        s = self.state
        while True:
            s = (s + _GOLDEN) & _MASK
            z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
            v = (z ^ (z >> 31)) >> shift
            if v < n:
                self.state = s
                return v

    def randint(self, lo: int, hi: int) -> int:
        """A uniform integer in [lo, hi] (both included)."""
        return lo + self.below(hi - lo + 1)

    def random(self) -> float:
        return (self.next64() >> 11) * (1.0 / (1 << 53))

    def choice(self, seq: Sequence[T]) -> T:
        return seq[self.below(len(seq))]

    def shuffle(self, seq: MutableSequence[T]) -> None:
        """Fisher-Yates, drawing exactly as `below(i + 1)` for i from the end (inlined)."""
        s = self.state
        for i in range(len(seq) - 1, 0, -1):
            n = i + 1
            shift = 64 - n.bit_length()
            while True:
                s = (s + _GOLDEN) & _MASK
                z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
                z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
                j = (z ^ (z >> 31)) >> shift
                if j < n:
                    break
            seq[i], seq[j] = seq[j], seq[i]
        self.state = s

    def spawn(self) -> Rng:
        """An independent generator, e.g. for a determinization, advancing this one."""
        return Rng(self.next64())
