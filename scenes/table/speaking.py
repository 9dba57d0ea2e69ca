"""What a table says aloud, so that a player who cannot see the screen plays by ear and keys: every
move as the move log words it for the viewer, whose turn it is, the prompt when it asks something
new, a refusal and its reason, each choice as the keys move the focus onto it, the result and
the scores at the end; and, on the reading keys (1-7, 0), the hand, the board, the scores, the
last moves, what else lies on the table, where the picked card can go, the turn, the keys.

The words are the engine's, made of the viewer's stream alone (game/describe.py and the move log's
lines): the table chooses when to speak, never what a card is called."""

from __future__ import annotations

from game import describe

from scenes.ui import keymap
from scenes.speech import speech


class TableSpeech:
    def __init__(self, table) -> None:
        self.table = table
        self.told_prompt = ""     # the last prompt said on the viewer's turn
        self.told_mover = None    # the seat whose turn was last said
        self.told_over = False    # the result was said
        self.focus_told = (None, None)  # the (card, move) the focus was last said on
        self.notices = 0          # remarks said so far (a focus a remark told is not said twice)
        self.move_lines: list[str] = []  # the lines of the last move said
        self.own_move = None      # the number of the viewer's last move (its prompt is said again once)

    @property
    def names(self):
        return self.table.session.names

    @property
    def describer(self):
        return describe.describer_of(self.table.session.descriptor)

    def say(self, text: str, interrupt: bool = False) -> None:
        speech().say(text, interrupt=interrupt)

    # -- what happens at the table

    def moved(self, events) -> None:
        """A move was made: its lines, as the viewer's move log reads them. After the viewer's own
        move the prompt is said again, should the turn go on."""
        self.move_lines = [event.text(self.names) for event in events]
        for line in self.move_lines:
            self.say(line)
        last = self.table.stream.last_move
        if last is not None and last.mover is not None and last.mover == self.table.turns.viewer \
                and last.number != self.own_move:
            self.own_move, self.told_prompt = last.number, ""

    def refused(self, message: str) -> None:
        self.say(message, interrupt=True)

    def remark(self, message: str) -> None:
        """A passing remark of the prompt line (a move's own line, shown again there, is said once)."""
        self.notices += 1
        if message not in self.move_lines:
            self.say(message)

    def update(self) -> None:
        """Whose turn it is when it changes; on the viewer's turn, the prompt when it asks something
        new; the result and the scores once the game is over. Said once nothing is still landing."""
        table = self.table
        if table.motion.busy or table.app.top is not table:
            return
        view = table.current_view()
        if view.game_over:
            self.game_over()
            return
        self.told_over = False
        if table.my_turn:
            self.turn_prompt(view)
        elif view.current != self.told_mover:
            self.told_mover = view.current
            self.told_prompt = ""
            self.say(describe.turn_words(table.stream, self.names))

    def turn_prompt(self, view) -> None:
        """The prompt, opened by "Your turn" when the turn has just come to the viewer."""
        prompt = table_prompt(self.table, view)
        if view.current != self.told_mover:
            opening = describe.turn_words(self.table.stream, self.names)
            self.say(prompt if prompt.startswith(opening) else f"{opening}. {prompt}")
        elif prompt != self.told_prompt:
            self.say(prompt)
        self.told_mover, self.told_prompt = view.current, prompt

    def game_over(self) -> None:
        if self.told_over:
            return
        self.told_over, self.told_mover, self.told_prompt = True, None, ""
        stream = self.table.stream
        for line in ["Game over"] + describe.score_words(stream, self.names, self.describer):
            self.say(line)

    # -- the focus, moved by the keys

    def focus_moved(self, notices_before: int) -> None:
        """The arrows moved the focus: the picked card and the move Enter makes, unless the table
        said it in a remark of its own already."""
        table = self.table
        picked = (table.hand.selected, table.choice)
        if self.notices != notices_before or picked == self.focus_told:
            return
        self.focus_told = picked
        card, choice = picked
        if choice is None:
            if card is not None:
                self.say(f"{card.label}: cannot be played now", interrupt=True)
            return
        self.say(self.choice_words(card, choice), interrupt=True)

    def choice_words(self, card, choice) -> str:
        """"7♠, card 2 of 5: You play 7♠ on chain 2, move 1 of 2" (with where it lands, in Cubes)."""
        table = self.table
        words = table.describe(choice)
        around = self.describer.around(table.current_view(), choice)
        if around:
            words += f", {around}"
        if card is None:
            return words
        cards = [c for c in table.hand.cards(table.current_view()) if table.card_actions(c)]
        moves = table.card_actions(card)
        where = f", card {cards.index(card) + 1} of {len(cards)}" if card in cards else ""
        which = f", move {moves.index(choice) + 1} of {len(moves)}" if choice in moves and len(moves) > 1 else ""
        return f"{card.label}{where}: {words}{which}"

    # -- the reading keys

    def read(self, event) -> bool:
        """A reading key: its lines said at once (what was being said stops); whether it was one."""
        reader = keymap.pressed_in(self.readers(), event)
        if reader is None:
            return False
        lines = reader()
        for index, line in enumerate(lines):
            self.say(line, interrupt=index == 0)
        return True

    def readers(self) -> dict:
        table, names, describer = self.table, self.names, self.describer
        return {
            keymap.READ_HAND: lambda: describe.hand_words(table.stream, names, describer),
            keymap.READ_BOARD: lambda: describe.board_words(table.stream, names, describer),
            keymap.READ_SCORES: lambda: describe.score_words(table.stream, names, describer),
            keymap.READ_RECENT: lambda: describe.recent_words(table.stream, names),
            keymap.READ_MORE: lambda: describe.more_words(table.stream, names, describer),
            keymap.READ_TARGETS: lambda: describe.targets_words(table.stream, names, table.hand.selected, describer),
            keymap.READ_TURN: lambda: [table_prompt(table, table.current_view())],
            keymap.READ_KEYS: lambda: [table.keys_help()],
        }


def table_prompt(table, view) -> str:
    """What the table asks now, in its longest wording, with the keys that answer it now: "Nothing
    in your hand fits: draw (D). Keys now: D Draw" (whose turn it is, to another seat)."""
    if table.watching:
        return describe.turn_words(table.stream, table.session.names)
    prompt = table.spoken_prompt(view)
    keys = keys_now(table)
    return f"{prompt.rstrip('.')}. Keys now: {keys}" if keys else prompt


def keys_now(table) -> str:
    """The move keys that answer now, with their buttons' names, and the arrows when a card or a
    choice on the table can be picked: "Left and Right pick, Enter plays; D Draw"."""
    if not table.my_turn or table.typing():
        return ""
    legal = table.legal_actions()
    if table.session.rules.made_by_the_table(legal):
        return ""
    labels = dict(table.key_labels())
    keyed = [f"{key.name} {labels.get(key, describe.plain_words(action))}"
             for key, action in table.key_actions().items() if action in legal]
    keyed += [f"{key.name} {does}" for key, does in table.more_keys_now()]
    picking = any(action not in table.key_actions().values() for action in legal)
    return "; ".join((["Left and Right pick, Up and Down choose, Enter makes the move"] if picking else []) + keyed)
