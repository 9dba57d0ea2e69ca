"""The rule-of-thumb Chain-Chain player: leave the next player without an answer, keep answers.

Each legal play is scored on what it leaves behind:
- the pile the next player must answer, times the chance that they cannot (then they take it):
  the chance comes from the cards this seat has not seen (its hand, the pile, the collected piles
  and the cards out of the game are known), the next player's hand size, and what their last take
  revealed (they held no card of that value or class then); in letters it is sampled, since an
  answer also needs a word between two of their cards;
- a reversal (numbers: a double; letters: the last play's letters in reverse order) skips the
  next player: worth a share of the pile when no single answer is likely to stop them (the pile
  goes the other way); on the very last play a reversal hands the pile to the player before,
  which is always worth it;
- the answers kept in hand: the different values (letters: the classes it can still answer with
  a word, and its letter pairs that make words) left after the play, since any of them may be
  asked for next, weighed by the size of the pile (the price of having no answer);
- on the final play of the game a single answer or a lead sends the pile out of the game.
Letters plays carry the dictionary's representative word from `legal_actions`: the computer uses
the same word list as the table and never claims a word that is not in it.
"""

from __future__ import annotations

from ..ai.players import HeuristicPlayer
from .rules import (CONSONANT, KEYS, LETTERS, VOWEL, ChainChainView, Take, answers_nothing, full_deck,
                    has_word, reverses)

PASS_ON = 1.0         # per pile card, times the chance the next player must take it
REVERSAL = 0.15       # per pile card, times the chance the best single answer would be matched
COVER = 0.6           # per answer kept in hand (numbers: per value; letters: per class)...
COVER_PER_PILE = 0.6  # ... plus this much per pile card: a bigger pile makes answers dearer
DUMP_PAIR = 0.2       # playing a card whose face is still held (keeps the hand varied)
SAMPLES = 40          # letters: sampled hands per estimate of the next player's chance to answer


class ChainChainHeuristic(HeuristicPlayer):
    aims = "keeps answers in hand, and leaves you a card you cannot answer"
    pass_on = PASS_ON
    reversal = REVERSAL
    cover = COVER
    cover_per_pile = COVER_PER_PILE
    dump_pair = DUMP_PAIR

    def ranking(self, view: ChainChainView, legal: list) -> list:
        """The legal plays, best first (ties in random order)."""
        plays = [a for a in legal if type(a) is not Take]
        if len(legal) == 1 or not plays:
            return list(legal)
        unseen = _unseen_cards(view)
        cache: dict = {}
        chances = {play: self._stuck_chance(view, play, unseen, cache) for play in plays}
        # The best chance that a single answer leaves the next player stuck (for reversals).
        best_single = max((c for p, c in chances.items() if not _reverses(view, p)), default=0.0)
        keyed = [(self.value(view, play, chances[play], best_single), self.rng.random(), play) for play in plays]
        keyed.sort(key=lambda item: (item[0], item[1]), reverse=True)
        return [play for _value, _tie, play in keyed]

    def kind_of(self, view: ChainChainView, action) -> object:
        """A reversal or not: a double may rank low on what it keeps in hand and still win the pile."""
        return type(action) is not Take and _reverses(view, action)

    def value(self, view: ChainChainView, play, stuck: float, best_single: float) -> float:
        reversal = _reverses(view, play)
        pile = len(view.pile) + 2
        hand = list(view.hand)
        hand.remove(play.first)
        hand.remove(play.second)
        final = view.draw_pile_count == 0 and not hand and sum(view.hand_counts) == len(view.hand)
        if final:
            return float(pile) if reversal else 0.0
        if reversal:
            score = self.reversal * pile * (1.0 - best_single)
        else:
            score = self.pass_on * pile * stuck
        score += (self.cover + self.cover_per_pile * pile) * _coverage(hand, view.variant)
        faces = [t.face for t in hand]
        score += self.dump_pair * ((play.first.face in faces) + (play.second.face in faces))
        return score

    def _stuck_chance(self, view: ChainChainView, play, unseen: list, cache: dict) -> float:
        """The chance that the next player holds no answer to `play`'s second card."""
        if _reverses(view, play):
            return 0.0
        nxt = _next_seat(view, play)
        if nxt is None or nxt == view.seat or not unseen:
            return 0.0
        key = KEYS[play.second.face]
        size = view.hand_counts[nxt]
        count, taken_on = view.revealed[nxt].count, view.revealed[nxt].none_of
        if count and taken_on == key:
            size -= count  # those cards are known not to answer this key
        if size <= 0:
            return 1.0
        found = cache.get((key, size))
        if found is None:
            if view.variant == LETTERS:
                found = self._letters_stuck_chance(unseen, key, size)
            else:
                share = sum(1 for c in unseen if KEYS[c.face] == key) / len(unseen)
                found = (1.0 - share) ** size
            cache[(key, size)] = found
        return found

    def _letters_stuck_chance(self, unseen: list, key, size: int) -> float:
        """Sampled: how often `size` unseen cards hold no card of class `key` that starts a word
        ending in another of them."""
        size = min(size, len(unseen))
        stuck = 0
        for _ in range(SAMPLES):
            sample = [unseen[self.rng.below(len(unseen))] for _ in range(size)]
            if not _answers(sample, key):
                stuck += 1
        return stuck / SAMPLES


def _reverses(view: ChainChainView, play) -> bool:
    return reverses(view.pile, view.required, play.first, play.second, view.variant)


def _next_seat(view: ChainChainView, play) -> int | None:
    """The seat that must answer after `play` (None if every other hand is empty)."""
    counts = list(view.hand_counts)
    seat = view.seat
    counts[seat] -= 2
    if view.draw_pile_count:
        counts[seat] += min(2, view.draw_pile_count)
    n = view.players
    for step in range(1, n + 1):
        other = (seat + view.direction * step) % n
        if counts[other]:
            return other
    return None


def _unseen_cards(view: ChainChainView) -> list:
    """The cards this seat has not seen (other hands and the stock)."""
    seen = set(view.hand) | set(view.pile) | set(view.removed)
    seen.update(c for pile in view.collected for c in pile)
    return [c for c in full_deck(view.variant, view.players) if c not in seen]


def _answers(cards, key) -> bool:
    """Whether a letters hand `cards` holds an answer to class `key`."""
    return not answers_nothing(cards, key)


def _coverage(hand, variant: str) -> float:
    """How many different demands the hand can still answer."""
    if variant != LETTERS:
        return float(len({t.face for t in hand}))
    faces = [t.face for t in hand]
    pairs = sum(1 for i, a in enumerate(faces) for j, b in enumerate(faces) if i != j and has_word(a, b))
    return _answers(hand, VOWEL) + _answers(hand, CONSONANT) + min(pairs, 8) / 8.0
