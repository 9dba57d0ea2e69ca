"""The keyboard at the LINX table: the shared cursor (`Focus`) over three rows, the table (the
discard pile, the anchors, the scoring cards; only the piles while drawing), the chain row and
the hand. Left/Right move along a row (a lifted chain card moves along the chain), Up/Down
between rows, Enter acts on the card under the cursor and Delete takes a chain card out; the
prompt line says what Enter will do as the cursor moves."""

from __future__ import annotations

from game.linx.rules import DISCARD, STOCK, Discard, Draw

from scenes.table.parts import Focus

KEYS_HELP = ("Up/Down move between your hand, the chain row and the table (the piles, anchors and scoring cards); "
             "Left/Right pick a card in that row; Enter: in your hand adds the card to the chain, on an anchor makes "
             "it the start or the end, on a scoring card claims it, on the discard pile discards the hand card "
             "picked, in the chain row lifts a card to move with Left/Right (Enter puts it down); Delete or "
             "Backspace returns a chain card to your hand")

class ChainKeys:
    def __init__(self, table) -> None:
        self.table = table
        self.builder = table.builder
        self.focus = Focus(self.rows, self.builder.shift)

    def rows(self) -> list[tuple[str, list]]:
        """The rows the cursor may visit on the viewer's turn, top to bottom, with what lies in each."""
        table = self.table
        if not table.my_turn:
            return []
        view = table.current_view()
        if view.draws_left:
            return [("table", [("pile", source) for source in (STOCK, DISCARD)
                               if Draw(source) in table.legal_actions()])]
        board = ([("pile", DISCARD)] + [("anchor", card) for card in view.anchors]
                 + [("scoring", card) for card in view.scoring_up])
        return [("table", board), ("chain", self.builder.cards()), ("hand", table.hand.cards(view))]

    def along(self, step: int) -> None:
        """Left/Right: the next card along the cursor's row (or the lifted chain card moves)."""
        if self.focus.open_rows():
            self.table.choice = None
            self.focus.along(step, start_row="hand")
            self.tell()

    def across(self, step: int) -> None:
        """Up/Down: the row above or below."""
        if self.focus.open_rows():
            self.table.choice = None
            self.focus.across(step)
            self.tell()

    def restart(self, view) -> None:
        """After a move, a cursor in use goes on where the next decision is made."""
        if self.focus.row is not None:
            self.focus.row, self.focus.spot = ("table" if view.draws_left else "hand"), 0
            if self.focus.row == "hand" and view.hand:
                self.table.hand.selected = self.table.hand.cards(view)[0]

    # -- what Enter does, said as the cursor moves

    def tell(self) -> None:
        """The prompt line says what Enter does on the card under the cursor."""
        table, target = self.table, self.focus.current()
        if target is None:
            return
        view = table.current_view()
        if self.focus.row == "hand":
            table.hand.selected = target
            table.say_notice(f"Enter adds {target.label} to the chain; Up goes to the chain row and the table")
        elif self.focus.row == "chain":
            table.say_notice(self.builder.card_words(target, self.focus.holding))
        else:
            kind, thing = target
            if kind == "pile" and view.draws_left:
                table.choice = Draw(thing)
            table.say_notice(self.board_words(kind, thing, view))

    def board_words(self, kind: str, thing, view) -> str:
        if kind == "pile" and view.draws_left:
            return f"Enter: {self.table.describe(Draw(thing)).lower()}"
        if kind == "pile":
            selected = self.table.hand.selected
            return f"Enter discards {selected.label}" if selected in view.hand else "Pick a card in your hand to discard"
        return self.builder.anchor_words(thing) if kind == "anchor" else self.builder.claim_words(thing)

    def enter(self) -> bool:
        """Enter on the card under the cursor; False when the cursor is on none."""
        target = self.focus.current()
        if target is None:
            return False
        if self.focus.row == "hand":
            self.builder.add(target)
            self.tell()
        elif self.focus.row == "chain" and target in self.builder.built:
            self.focus.holding = not self.focus.holding
            self.tell()
        elif self.focus.row == "chain":
            self.table.pick_anchor(target)
        else:
            self.use_board(*target)
        return True

    def use_board(self, kind: str, thing) -> None:
        table, view = self.table, self.table.current_view()
        if kind == "pile" and view.draws_left:
            table.perform(Draw(thing))
        elif kind == "anchor":
            table.pick_anchor(thing)
            self.tell()
        elif kind == "scoring":
            table.choose_claim(thing)
        elif table.hand.selected in view.hand:
            table.perform(Discard(table.hand.selected), table.board.discard_pile.center)
        else:
            table.say("pick a card in your hand first (Down to your hand, Left/Right), then Enter here")

    def delete(self) -> None:
        """Delete: the chain card under the cursor goes back to the hand (an anchor, off the chain)."""
        target = self.focus.current()
        if self.focus.row == "chain" and target is not None:
            self.focus.holding = False
            self.builder.take_out(target)
