"""How texts name a seat (by name, or "You" for the solitaire's one player) and how a count of
turns reads at the end of a deal."""

from __future__ import annotations

from game.session import Session
from game.sovereign import BUILT_IN
from game.sovereign.actions import Fizzled, Picked, Played, SolitaireEnded, TokensTaken
from game.sovereign.solitaire import SolitaireHint
from game.wording import YOU, acts, turns_phrase, whose

NAMES = ["Ana", "Ben", "Cleo"]


def test_a_seat_named_you_is_spoken_to_in_the_second_person():
    assert [acts("Ana", verb) for verb in ("plays", "has picked", "does", "tosses")] == [
        "Ana plays", "Ana has picked", "Ana does", "Ana tosses"]
    assert [acts(YOU, verb) for verb in ("plays", "has picked", "does", "tosses", "places", "gets")] == [
        "You play", "You have picked", "You do", "You toss", "You place", "You get"]
    assert (whose("Ana"), whose(YOU), whose(YOU, opening=True), whose("Ana", opening=True)) == (
        "Ana's", "your", "Your", "Ana's")


def test_a_solitaire_played_as_you_reads_you_play_on_your_chain():
    session = Session("sovereign-solitaire", {"seats": [{"name": YOU}]}, 3)
    player = SolitaireHint(1)
    while not session.game_over:
        session.apply(player.choose(session.view(0), session.legal_actions()))
    texts = [event.text(session.names) for _seat, event in session.history]
    assert any(text.startswith("You play ") and "on your chain, place" in text for text in texts)
    assert not any(word in text for text in texts for word in ("You plays", "You draws", "You's", "of You"))
    card = BUILT_IN.cards[0]
    assert Fizzled(0, card, "no target").text([YOU]) == f"Your {card.label} does nothing: no target"
    assert Fizzled(1, card, "no target").text(NAMES) == f"Ben's {card.label} does nothing: no target"
    assert TokensTaken(0, "shield", 1).text([YOU]) == "You take 1 shield token"
    assert Picked(0).text([YOU]) == "You have picked a card"


def test_a_card_played_unseen_face_down_is_a_card_not_a_face_down_card():
    played = Played(2, None, 0, 3, False)
    assert played.text(NAMES) == "Cleo plays a card face down on Ana's chain, place 4"
    seen = Played(2, BUILT_IN.cards[0], 0, 3, False)
    assert seen.text(NAMES) == f"Cleo plays {BUILT_IN.cards[0].label} face down on Ana's chain, place 4"


def test_a_deal_ended_before_its_first_play_says_so_and_one_turn_is_singular():
    assert turns_phrase(0) == "before its first play" and turns_phrase(1) == "after 1 turn"
    assert turns_phrase(7, "in") == "in 7 turns"
    assert SolitaireEnded(False, 0, given_up=True).text([YOU]) == "The deal is ended as lost before its first play"
    assert SolitaireEnded(False, 0).text([YOU]) == "No card can be played: the game is lost before its first play"
    assert SolitaireEnded(True, 1).text([YOU]) == "All seven cards are one suit: won in 1 turn"
