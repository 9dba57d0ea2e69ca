"""What a player does to the game rather than in it, the same at every table: take a move back or
play it again, restart the deal, hand a seat to a computer or back, save under a name, leave; with
their top-bar buttons (Menu, Rules, Table, Undo, Redo) and keys (Esc, F1, F2, Ctrl+Z,
Ctrl+Shift+Z or Ctrl+Y, Ctrl+S)."""

from __future__ import annotations

import pygame

from game import storage
from game.rng import fresh_seed
from game.tables import new_session
from game.wording import acts

from scenes.ui import keymap
from scenes.ui.widgets import Button

COMMAND_KEYS = keymap.help_line(keymap.TABLE_COMMANDS) + "."


class TableCommands:
    def __init__(self, table) -> None:
        self.table = table
        self.session = table.session
        self.app = table.app
        self.menu_button = Button("Menu", self.ask_to_leave)
        self.rules_button = Button("Rules", table.show_rules)
        self.table_button = Button("Table", self.open_table_menu)
        self.undo_button = Button("Undo", self.undo)
        self.undo_pointed = False  # the pointer is over Undo (its reason is told once as it arrives)
        self.redo_button = Button("Redo", self.redo)

    def play_again(self) -> None:
        """The session is over: a new one with the same seats and rules."""
        old = self.session
        self.app.screens.table(new_session(old.game, old.config, fresh_seed()))

    def buttons(self) -> list[Button]:
        """Their top-bar buttons, from the right edge leftwards."""
        return [self.menu_button, self.rules_button, self.table_button, self.redo_button, self.undo_button]

    def show_state(self) -> None:
        """Undo and Redo look pressable only when the session allows them."""
        self.undo_button.enabled = self.session.can_undo
        self.redo_button.enabled = self.session.can_redo

    def handle_key(self, event) -> bool:
        """Esc, F1, F2, Ctrl+Z, Ctrl+Shift+Z (or Ctrl+Y) and Ctrl+S, whoever's turn it is; whether
        the key was one of them."""
        command = keymap.pressed_in({keymap.ESCAPE: self.ask_to_leave, keymap.RULES: self.table.show_rules,
                                     keymap.TABLE_MENU: self.open_table_menu, keymap.REDO: self.redo,
                                     keymap.REDO_Y: self.redo, keymap.UNDO: self.undo, keymap.SAVE: self.ask_to_save},
                                    event)
        if command is not None:
            command()
        return command is not None

    def undo(self) -> None:
        """Back to the viewer's previous decision (the session says how far, and whether at all,
        and why not)."""
        if self.session.can_undo:
            self.session.undo()
            self.table.refresh("Move taken back.")
        else:
            self.table.say(self.session.why_no_undo())

    def explain_undo(self, event) -> None:
        """A greyed Undo says why it cannot be used: as the pointer comes over it, and clicked."""
        if event.type not in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONUP):
            return
        over = self.undo_button.rect.collidepoint(event.pos) and not self.undo_button.enabled
        if over and (event.type == pygame.MOUSEBUTTONUP or not self.undo_pointed):
            self.table.say_notice(self.session.why_no_undo())
        self.undo_pointed = over

    def redo(self) -> None:
        if self.session.can_redo:
            self.session.redo()
            self.table.refresh("Move played again.")

    def restart_deal(self) -> None:
        self.session.restart()
        self.table.refresh("The same deal, from the start.")

    def ask_to_restart(self) -> None:
        self.app.screens.confirm("Restart this deal?", "The game starts again with the same cards in the same "
                                 "order; it then no longer counts as played unaided.", "Restart", self.restart_deal,
                                 keymap.RESTART)

    def hand_over(self, seat: int) -> None:
        """The seat goes to a computer, or back to a player."""
        kind = "human" if seat in self.session.computers else "computer"
        self.session.hand_over(seat, kind)
        who = "a computer" if kind == "computer" else "a player"
        self.table.refresh(f"{acts(self.session.names[seat], 'is')} now played by {who}.")

    def open_table_menu(self) -> None:
        self.app.screens.table_menu(self)

    # -- what the table menu offers

    can_restart = True

    def seats_to_hand_over(self) -> list[int]:
        """The seats the table menu offers to hand over: every seat at a table on this computer."""
        return list(range(len(self.session.seats)))

    def hand_over_label(self, seat: int) -> str:
        name = self.session.names[seat]
        return f"{name}: hand to a player" if seat in self.session.computers else f"{name}: hand to a computer"

    def ask_to_save(self) -> None:
        """Save the game under a name (Ctrl+S); Saved games on the menu opens it again."""
        self.app.screens.ask_text("Save this game as", self.table.save_name()[:40], self.save_as,
                                  problem=storage.save_name_problem)

    def save_as(self, name: str) -> None:
        """Save under `name` (the box let through only a name that can be one): a name already
        taken (letter case aside) is replaced only once the player says so."""
        taken = storage.save_taken(name)
        if taken is None:
            self.write_save(name, False)
        else:
            self.app.screens.confirm("Replace the saved game?", f"A game is already saved as \u201c"
                                     f"{storage.saved_name(taken)}\u201d: saving this one under that name replaces it.",
                                     "Replace", lambda: self.write_save(name, True), keymap.REPLACE_SAVE)

    def write_save(self, name: str, replace: bool) -> None:
        try:
            self.table.say_notice(self.app.write(storage.save_named, self.session, name, replace) or "")
        except storage.SaveNameRefused as err:
            self.table.say_notice(str(err))

    def ask_to_leave(self) -> None:
        """Back to the menu; mid-game, only once the player says so (a lesson is left at once)."""
        if self.table.lesson is not None:
            self.table.lesson.leave()
            return
        if self.session.game_over:
            self.leave()
            return
        self.app.screens.confirm("Leave the table?", "The game is saved: Continue on the menu brings it back, "
                                 "exactly as it is now.", "Leave", self.leave, keymap.LEAVE)

    def leave(self) -> None:
        if self.session.game_over and self.session.session_over:
            storage.forget_game()
        self.app.screens.menu()
