"""The lobby of a table over the network, before its game starts: the room code (large: players
read it aloud), the addresses to join by (on the host's computer), who sits where and whether they
are connected. The host starts the game once no seat is open, or makes an open seat a computer;
a player who joined sees the same lobby without the host's buttons. Once the game has started,
the table itself takes over (`app.screens.remote_table`).

Leaving takes its own key (L) or a click: Enter and Space never end a table, and Esc asks first."""

from __future__ import annotations

import pygame

from game.ai import DIFFICULTIES
from game.wording import open_seats_words

from scenes.speech import speech
from scenes.ui import keymap
from scenes.ui.scene import Scene
from scenes.ui import theme
from scenes.ui.scrolling import ScrolledPage
from scenes.ui.widgets import Button, draw_lines, line_height, wrap

# Measures of this layout that are no step of theme's scales (pixels at the base window).
BUTTON_MIN_H = 54
BUTTON_MIN_W = 170
HALF_PAGE_W = 420  # half the lobby's width at most
ROOM_CODE_SIZE = 80  # the room code, read across the room
ROW_MIN_H = 44  # a seat's row at least
SEAT_BUTTON_ROOM = 180  # a seat's button and the gap before it
SEAT_BUTTON_W = 160  # a seat's button
TITLE_SIZE = 34  # the lobby's title
TITLE_TOP = 18  # the title below the window's top

LABELS = {difficulty.key: difficulty.label for difficulty in DIFFICULTIES}
CONNECTION_WORDS = {"reconnecting": "The connection to the table was lost: trying again\u2026",
                    "dropped": "The connection to the table was lost."}


def spelled(code: str) -> str:
    """A room code as speech says it: each character apart ("P 9 G 3 8"), never read as a word."""
    return " ".join(code)


class Lobby(Scene):
    def spoken_title(self) -> str:
        lobby = self.lobby
        if not lobby:
            return "Reaching the table\u2026"
        where = self.join_words()
        seats = [self.seat_words(index, seat) for index, seat in enumerate(lobby["seats"])]
        return " ".join([f"{lobby['title']}: a table over the network. Room code {spelled(lobby['room'])}.",
                         f"{where}." if where else "", *seats])

    def __init__(self, app, client, messages: list[dict]) -> None:
        """`client`: a TableClient sitting at the table; `messages`: those it has received that no
        screen has read yet, oldest first."""
        super().__init__(app)
        self.client = client
        hosting = app.screens.hosting
        self.hosting = hosting if hosting is not None and hosting.client is client else None
        self.lobby: dict | None = None
        self.seat: int | None = None
        self.message = ""
        self.start_button = Button("Start", self.start, color=theme.BUTTON_GO, note=keymap.pressing(keymap.ENTER))
        self.leave_button = Button(keymap.named("Leave", keymap.LEAVE), self.leave, color=theme.BUTTON_STOP)
        self.seat_buttons: dict[int, Button] = {}
        self.page = ScrolledPage()
        self.note_lines: list[str] = []
        self.laid_note = ""
        self.unadvertised_lines: list[str] = []  # why the local network is not told of the table, wrapped
        self.where_lines: list[str] = []  # where players join, wrapped
        if self.hosting is not None and self.hosting.advertised is not None:
            self.hosting.advertised.on_change = app.wake  # its problem, once it has one, is drawn at once
        self.take(messages)

    # -- the table's messages

    def update(self, dt: float) -> None:
        self.take(self.client.poll())
        if self.unadvertised() and not self.unadvertised_lines:
            self.layout(self.app.size)

    def take(self, messages: list[dict]) -> None:
        """Read the table's messages in order; the first snapshot hands them, from the lobby
        before it, to the table."""
        for index, message in enumerate(messages):
            kind = message.get("type")
            if kind == "snapshot":
                handed = ([self.lobby] if self.lobby is not None else []) + messages[index:]
                self.app.screens.remote_table(self.client, handed)
                return
            if kind == "closing":
                self.closed(message.get("reason", ""))
                return
            self.read(message)
        if messages:
            self.layout(self.app.size)

    def read(self, message: dict) -> None:
        kind = message.get("type")
        if kind == "welcome":
            self.seat = message["seat"]
        elif kind == "lobby":
            before, self.lobby = self.lobby, message
            if self.hosting is not None:
                self.hosting.advertise(len(self.open_seats()), message.get("started", False))
            if message.get("seat") is not None:
                self.seat = message["seat"]
            self.message = ""
            self.say_changes(before)
        elif kind == "refused":
            self.message = message.get("reason", "")
            speech().say(self.message)
        elif kind in CONNECTION_WORDS:
            self.message = CONNECTION_WORDS[kind]
            speech().say(self.message)

    def say_changes(self, before: dict | None) -> None:
        """Speech says what the lobby shows anew: on the first word from the table, its title,
        room code and every seat (said as the screen opens, when the word came before); later,
        each seat whose line changed (a player came, say)."""
        if before is None:
            if self.app.stack and self.app.top is self:
                speech().say(self.spoken_title(), interrupt=True)
            return
        said = {self.seat_words(index, seat) for index, seat in enumerate(before["seats"])}
        for line in (self.seat_words(index, seat) for index, seat in enumerate(self.lobby["seats"])):
            if line not in said:
                speech().say(line)

    # -- who is where

    @property
    def is_host(self) -> bool:
        seats = self.lobby["seats"] if self.lobby else []
        return self.seat is not None and self.seat < len(seats) and seats[self.seat]["host"]

    def unadvertised(self) -> str:
        """On the host's lobby before the start: why the local network is not told of the table
        (discovery's problem: no network, multicast refused), or ""."""
        advertised = self.hosting.advertised if self.hosting is not None else None
        return (advertised.problem or "") if advertised is not None else ""

    def open_seats(self) -> list[str]:
        return [seat["name"] for seat in self.lobby["seats"] if seat["kind"] == "open"] if self.lobby else []

    def seat_words(self, index: int, seat: dict) -> str:
        """A seat of the lobby as a line: "2. Ben: connected"."""
        if seat["kind"] == "open":
            state = "open: waiting for a player"
        elif seat["kind"] == "computer":
            state = f"computer ({LABELS.get(seat['difficulty'], seat['difficulty'])})"
        elif not seat["held"]:
            state = "waiting for a player"
        else:
            state = "connected" if seat["connected"] else "not connected"
        who = " (you)" if index == self.seat else ""
        host = ", the host" if seat["host"] else ""
        return f"{index + 1}. {seat['name']}{who}{host}: {state}"

    def seat_button(self, index: int, seat: dict) -> Button | None:
        """The host's button beside a seat before the start: an open seat to a computer, and back."""
        if not self.is_host or self.lobby["started"] or seat["host"] or seat["kind"] == "human":
            return None
        kind = "computer" if seat["kind"] == "open" else "human"
        label = "Computer" if kind == "computer" else "Open seat"
        return Button(label, lambda: self.client.send({"type": "seat_kind", "seat": index, "kind": kind}))

    def join_words(self) -> str:
        """Where players join, under the room code ("" where this computer cannot tell)."""
        if self.hosting is None:
            return ""
        return "Players join at " + ", ".join(self.hosting.addresses) + " with this code"

    def waiting_words(self) -> str:
        """What a player who is not the host waits for."""
        return "Waiting for the host to start the game."

    def start_words(self) -> str:
        """Why Start cannot be pressed yet ("" when it can)."""
        waiting = self.open_seats()
        if not waiting:
            return ""
        return (f"Start when every seat is taken: {open_seats_words(waiting)} open. Wait for a player "
                f"to join, or make it a computer.")

    def start(self) -> None:
        self.client.send({"type": "start"})

    def start_by_key(self) -> None:
        """Enter: the host starts the game, or is told why not yet."""
        if self.start_button not in self.buttons():
            return
        if self.start_button.enabled:
            self.start()
        else:
            self.message = self.start_words()
            speech().say(self.message, interrupt=True)

    # -- leaving

    def closed(self, reason: str) -> None:
        """The table closed (the host left, or it expired): back to the menu, which says why."""
        self.client.close()
        self.app.screens.menu(reason)

    def leave(self) -> None:
        """The host ends the table (every player is told); a player who joined goes."""
        if self.hosting is not None:
            self.hosting.stop()
            self.app.screens.hosting = None
        else:
            self.client.close()
        self.app.screens.menu()

    def ask_to_leave(self) -> None:
        detail = ("The table closes for every player." if self.hosting is not None
                  else "You can come back to your seat while the table is open.")
        self.app.screens.confirm("Leave the table?", detail, "Leave", self.leave, keymap.LEAVE)

    # -- the screen

    def foot_action(self) -> Button:
        """The button beside Leave at the foot: the host's Start."""
        return self.start_button

    def buttons(self) -> list[Button]:
        shown = [self.leave_button] + list(self.seat_buttons.values())
        return shown + ([self.start_button] if self.is_host and self.lobby and not self.lobby["started"] else [])

    def focusables(self) -> list[Button]:
        """The seats' buttons top to bottom (those scrolled out of view among them), then Leave and Start."""
        return self.page.controls() + [button for button in (self.leave_button, self.foot_action()) if button in self.buttons()]

    def reveal(self, control) -> None:
        self.page.reveal_control(control)

    def note(self) -> str:
        """The line over the buttons: a message, why Start waits, or what a player waits for."""
        note = self.message or (self.start_words() if self.is_host else "")
        if not note and self.lobby is not None and not self.is_host:
            note = self.waiting_words()
        return note

    def layout(self, size) -> None:
        """Leave and Start at the foot, the note over them; above, on a page that scrolls where it
        is taller than the window (large text), the title, the room code, where to join, the
        table's options and the seats, every text wrapped whole."""
        w, h = size
        gap = self.px(theme.SPACE)
        foot = (self.leave_button, self.foot_action())
        bw = max(self.px(BUTTON_MIN_W), self.leave_button.needed(self.px(theme.TEXT_BUTTON))[0],
                 foot[1].needed(self.px(theme.TEXT_LEAD))[0])
        bw = min(bw, (w - 3 * gap) // 2)
        bh = max(self.px(BUTTON_MIN_H), *(button.needed(self.px(theme.TEXT_LEAD), bw)[1] for button in foot))
        self.leave_button.rect = pygame.Rect(w - 2 * (bw + gap), h - bh - gap, bw, bh)
        foot[1].rect = pygame.Rect(w - bw - gap, h - bh - gap, bw, bh)
        self.start_button.enabled = not self.start_words()
        self.message_y = h - bh - 2 * gap
        self.laid_note = self.note()
        self.note_lines = wrap(self.laid_note, self.px(theme.TEXT_NOTE), w - 2 * self.px(theme.SPACE_WIDE))
        note_top = self.message_y - len(self.note_lines) * line_height(self.px(theme.TEXT_NOTE))
        self.left = max(gap, w // 2 - self.px(HALF_PAGE_W))
        self.unadvertised_lines = wrap(self.unadvertised(), self.px(theme.TEXT_NOTE), w - 2 * self.left)
        self.where_lines = wrap(self.join_words(), self.px(theme.TEXT_CONTROL), w - 2 * self.left)
        self.page.clear()
        title = f"{self.lobby['title']}: a table over the network" if self.lobby else "Reaching the table\u2026"
        y = self.page.lines(wrap(title, self.px(TITLE_SIZE), w - 2 * gap, bold=True), self.px(TITLE_SIZE), theme.INK,
                            (w // 2, self.px(TITLE_TOP)), "midtop", bold=True) + gap
        if self.lobby is not None:
            self.lay_seats(w, self.lay_room(w, y) + 2 * gap)
        hint_h = line_height(self.px(theme.TEXT_SMALL))
        self.page.fit(pygame.Rect(0, 0, w, note_top - hint_h), self.page.bottom() + gap, line_height(self.px(theme.TEXT_BUTTON)))
        self.page.place()

    def lay_room(self, w: int, y: int) -> int:
        """The room code, large; where to join (the host's computer knows); the table's options:
        the y under them."""
        control, note = self.px(theme.TEXT_CONTROL), self.px(theme.TEXT_NOTE)
        y = self.page.text("Room code", control, theme.INK_DIM, (w // 2, y), "midtop").bottom
        y = self.page.text(self.lobby["room"], self.px(ROOM_CODE_SIZE), theme.GOLD, (w // 2, y), "midtop", bold=True).bottom
        y = self.page.lines(self.where_lines, control, theme.INK, (w // 2, y), "midtop") if self.where_lines else y + line_height(control)
        y = self.page.lines(self.unadvertised_lines, note, theme.ALERT, (w // 2, y), "midtop")
        options = wrap(self.lobby["options"], note, w - 2 * self.left) if self.lobby["options"] else []
        return max(y + line_height(control), self.page.lines(options, note, theme.INK_DIM, (w // 2, y), "midtop"))

    def lay_seats(self, w: int, y: int) -> None:
        """Each seat's line (wrapped) and, on the host's lobby, its button at the right."""
        gap, size = self.px(theme.SPACE), self.px(theme.TEXT_BUTTON)
        row_min = max(self.px(ROW_MIN_H), line_height(size) + gap)
        kept, self.seat_buttons = self.seat_buttons, {}
        made = {index: self.seat_button(index, seat) for index, seat in enumerate(self.lobby["seats"])}
        made = {index: kept[index] if index in kept and kept[index].label == button.label else button
                for index, button in made.items() if button is not None}  # the focus stays on a button kept
        button_w = max([self.px(SEAT_BUTTON_W)] + [b.needed(self.px(theme.SPACE_LARGE))[0] for b in made.values()])
        text_w = w - 2 * self.left - (max(self.px(SEAT_BUTTON_ROOM), button_w + gap) if made else 0)
        for index, seat in enumerate(self.lobby["seats"]):
            color = theme.INK if seat["kind"] != "open" and (seat["connected"] or seat["kind"] == "computer") else theme.INK_DIM
            lines = wrap(self.seat_words(index, seat), size, text_w)
            button = made.get(index)
            button_h = button.needed(self.px(theme.SPACE_LARGE), button_w)[1] if button else 0
            row_h = max(row_min, len(lines) * line_height(size) + gap, button_h + gap // 2)
            self.page.lines(lines, size, color, (self.left, y + (row_h - len(lines) * line_height(size)) // 2))
            if button is not None:
                self.page.control(button, pygame.Rect(w - self.left - button_w, y, button_w, row_h - gap // 2),
                                  self.px(theme.SPACE_LARGE))
                self.seat_buttons[index] = button
            y += row_h

    def handle(self, event) -> None:
        if keymap.ESCAPE.pressed(event):
            self.ask_to_leave()
            return
        if keymap.LEAVE.pressed(event):
            self.leave()
            return
        if keymap.ENTER.pressed(event):
            self.start_by_key()
            return
        if self.page.handle(event):
            self.page.place()
            return
        for button in self.buttons():
            if button.handle(event) and event.type == pygame.MOUSEBUTTONUP:
                break

    def draw(self, screen) -> None:
        if self.note() != self.laid_note:
            self.layout(self.app.size)
        screen.fill(theme.FELT)
        w, _h = self.app.size
        self.page.draw(screen, lambda button, size: button.draw(screen, size))
        for button in (self.leave_button, self.foot_action()):
            if button in self.buttons():
                button.draw(screen, self.px(theme.SPACE_XLARGE) if button is self.start_button else self.px(theme.SPACE_LARGE))
        note_h = len(self.note_lines) * line_height(self.px(theme.TEXT_NOTE))
        draw_lines(screen, self.note_lines, self.px(theme.TEXT_NOTE), theme.ALERT if self.message else theme.INK_DIM,
                   (w // 2, self.message_y - note_h), "midtop")
        self.page.draw_hint(screen, self.px(theme.TEXT_SMALL), (w // 2, self.page.viewport.bottom))
