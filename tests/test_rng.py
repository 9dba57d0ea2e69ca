"""The seeded generator: deals depend on it, so its sequence may never change."""

from __future__ import annotations

from hypothesis import given, strategies as st

from game.rng import Rng, settle_last


def test_the_sequence_is_splitmix64_from_the_seed():
    """SplitMix64's published first outputs for seed 0, so a save deals alike on any machine."""
    rng = Rng(0)
    assert [rng.next_u64() for _ in range(3)] == [0xE220A8397B1DCDAF, 0x6E789E6AA1B965F4, 0x06C45D188009454F]


@given(st.integers(min_value=0, max_value=2**64 - 1), st.integers(min_value=0, max_value=60))
def test_a_shuffle_is_fisher_yates_drawing_below_each_bound_from_the_end(seed, size):
    items = list(range(size))
    Rng(seed).shuffle(items)
    expected, drawn = list(range(size)), Rng(seed)
    for i in range(size - 1, 0, -1):
        j = drawn.below(i + 1)
        expected[i], expected[j] = expected[j], expected[i]
    assert items == expected


def test_a_shuffle_leaves_the_generator_where_the_draws_would():
    shuffled, drawn = Rng(7), Rng(7)
    shuffled.shuffle(list(range(10)))
    for i in range(9, 0, -1):
        drawn.below(i + 1)
    assert shuffled.state == drawn.state


@given(st.integers(min_value=0, max_value=2**64 - 1), st.integers(min_value=1, max_value=2**70))
def test_random_and_below_give_what_the_next_draw_would(seed, bound):
    """`random` and `below` write the generator's steps out; they must give what `next_u64`
    would: its top 53 bits as a fraction, its remainder by the bound."""
    fast, slow = Rng(seed), Rng(seed)
    for _ in range(5):
        assert fast.random() == (slow.next_u64() >> 11) / float(1 << 53)
        assert fast.below(bound) == slow.next_u64() % bound
    assert fast.state == slow.state


@given(st.integers(min_value=0, max_value=2**64 - 1), st.integers(min_value=0, max_value=60),
       st.integers(min_value=0, max_value=60))
def test_a_shuffle_done_as_items_are_drawn_draws_what_the_whole_shuffle_puts_there(seed, size, drawn):
    """`shuffle_later` + `settle_last` at each draw from the end: the same cards as `shuffle`,
    and the generator at once where `shuffle` leaves it."""
    whole, whole_rng = list(range(size)), Rng(seed)
    whole_rng.shuffle(whole)
    pile, rng = list(range(size)), Rng(seed)
    draws = rng.shuffle_later(pile)
    assert rng.state == whole_rng.state
    taken = []
    for _ in range(min(drawn, size)):
        draws = settle_last(pile, draws)
        taken.append(pile.pop())
    assert taken == whole[::-1][:len(taken)]
    assert sorted(pile) == sorted(whole[:len(pile)])
