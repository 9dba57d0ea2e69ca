"""The moments of Sovereign's Chain, one name each: the phases the game and a turn go through
(`SovereignState.phase`) and the kinds of decision the engine waits on (`Decision.kind`). A phase
that opens a decision of its own (the opening pick, Salvage's offer, the play, the second play,
the tokens at the end of a turn, the reveal) shares its name with that decision. Plain strings,
so views, saves and lessons read them as before."""

from __future__ import annotations

# ---------------------------------------------------------------- phases (and the decisions they open)

OPENING = "opening"              # each seat picks the card that starts its chain
SALVAGE = "salvage"              # Salvage's offer: discard a card to draw one
PLAY = "play"                    # the turn's play of a hand card
SECOND = "second"                # Open Skies' second play
TOKENS = "tokens"                # tokens from the pool at the end of the turn
REVEAL = "reveal"                # the Reveal Phase: each seat turns a face-down card of its chain up
REVEAL_TOKENS = "reveal_tokens"  # tokens after the Reveal Phase
SUDDEN_PICK = "sudden_pick"      # sudden death: each contender picks a card in secret
SUDDEN_PLAY = "sudden_play"      # sudden death: the picks are played
SUDDEN_TOKENS = "sudden_tokens"  # sudden death: tokens after the picks are played
OVER = "over"

# ---------------------------------------------------------------- decisions asked within a phase

PICK = "pick"                    # a sudden-death pick (in SUDDEN_PICK)
EXTRA_PLAY = "extra_play"        # the Smuggler's extra play
POLARITY = "polarity"            # Polarity Shift: flip the suit of the card just played
DISCARD = "discard"              # the Scout's target
CHANGE_SUIT = "change_suit"      # the Envoy's target
CHOOSE_SUIT = "choose_suit"      # a Mercenary's suit
FLIP = "flip"                    # the Empath's card to turn over
TUCK = "tuck"                    # a card to tuck beneath the Runner
COVER = "cover"                  # the face-up card the Acolyte covers

# ---------------------------------------------------------------- groups

REVEAL_PHASES = frozenset({REVEAL, REVEAL_TOKENS})  # (no event applies in them)
PLAY_MOMENTS = frozenset({PLAY, SECOND, EXTRA_PLAY})  # the decisions that play a hand card onto a chain
