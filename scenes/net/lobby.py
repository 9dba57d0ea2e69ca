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
from scenes.ui.widgets import Button, draw_lines, draw_text, fit_text, line_height, wrap

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
                self.client.close()
                self.app.screens.menu(message.get("reason", ""))
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

    def buttons(self) -> list[Button]:
        shown = [self.leave_button] + list(self.seat_buttons.values())
        return shown + ([self.start_button] if self.is_host and self.lobby and not self.lobby["started"] else [])

    def layout(self, size) -> None:
        w, h = size
        gap = self.px(theme.SPACE)
        bw = max(self.px(BUTTON_MIN_W), self.leave_button.needed(self.px(theme.TEXT_BUTTON))[0],
                 self.start_button.needed(self.px(theme.TEXT_LEAD))[0])
        bh = max(self.px(BUTTON_MIN_H), self.start_button.needed(self.px(theme.TEXT_LEAD))[1])
        self.leave_button.rect = pygame.Rect(w - 2 * (bw + gap), h - bh - gap, bw, bh)
        self.start_button.rect = pygame.Rect(w - bw - gap, h - bh - gap, bw, bh)
        self.start_button.enabled = not self.start_words()
        self.message_y = h - bh - 2 * gap
        self.title_y = self.px(TITLE_TOP)
        self.code_y = self.title_y + line_height(self.px(TITLE_SIZE), bold=True) + gap
        self.left = max(gap, w // 2 - self.px(HALF_PAGE_W))
        self.unadvertised_lines = wrap(self.unadvertised(), self.px(theme.TEXT_NOTE), w - 2 * self.left)
        self.where_lines = wrap(self.join_words(), self.px(theme.TEXT_CONTROL), w - 2 * self.left)
        self.seats_y = self.code_y + line_height(self.px(theme.TEXT_CONTROL)) + line_height(self.px(ROOM_CODE_SIZE), bold=True) \
            + (max(1, len(self.where_lines)) + 1) * line_height(self.px(theme.TEXT_CONTROL)) \
            + len(self.unadvertised_lines) * line_height(self.px(theme.TEXT_NOTE)) + 2 * gap
        self.row_h = max(self.px(ROW_MIN_H), line_height(self.px(theme.TEXT_BUTTON)) + gap)
        self.seat_buttons = {}
        for index, seat in enumerate(self.lobby["seats"] if self.lobby else []):
            button = self.seat_button(index, seat)
            if button is not None:
                y = self.seats_y + index * self.row_h
                button.rect = pygame.Rect(w - self.left - self.px(SEAT_BUTTON_W), y, self.px(SEAT_BUTTON_W),
                                          self.row_h - gap // 2)
                self.seat_buttons[index] = button

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
        for button in self.buttons():
            if button.handle(event) and event.type == pygame.MOUSEBUTTONUP:
                break

    def draw(self, screen) -> None:
        screen.fill(theme.FELT)
        w, _h = self.app.size
        lobby = self.lobby
        title = f"{lobby['title']}: a table over the network" if lobby else "Reaching the table\u2026"
        draw_text(screen, title, self.px(TITLE_SIZE), theme.INK, (w // 2, self.title_y), "midtop", bold=True)
        if lobby is not None:
            self.draw_room(screen, lobby)
            for index, seat in enumerate(lobby["seats"]):
                color = theme.INK if seat["kind"] != "open" and (seat["connected"] or seat["kind"] == "computer") \
                    else theme.INK_DIM
                y = self.seats_y + index * self.row_h
                draw_text(screen, fit_text(self.seat_words(index, seat), self.px(theme.TEXT_BUTTON), w - 2 * self.left - self.px(SEAT_BUTTON_ROOM)),
                          self.px(theme.TEXT_BUTTON), color, (self.left, y + self.row_h // 2), "midleft")
        for button in self.buttons():
            button.draw(screen, self.px(theme.SPACE_XLARGE) if button is self.start_button else self.px(theme.SPACE_LARGE))
        note = self.message or (self.start_words() if self.is_host else "")
        if not note and lobby is not None and not self.is_host:
            note = self.waiting_words()
        if note:
            draw_text(screen, fit_text(note, self.px(theme.TEXT_NOTE), w - 2 * self.px(theme.SPACE_WIDE)),
                      self.px(theme.TEXT_NOTE),
                      theme.ALERT if self.message else theme.INK_DIM, (w // 2, self.message_y), "midbottom")

    def draw_room(self, screen, lobby: dict) -> None:
        """The room code, large; where to join (the host's computer knows); the table's options."""
        w, _h = self.app.size
        y = self.code_y
        draw_text(screen, "Room code", self.px(theme.TEXT_CONTROL), theme.INK_DIM, (w // 2, y), "midtop")
        y += line_height(self.px(theme.TEXT_CONTROL))
        draw_text(screen, lobby["room"], self.px(ROOM_CODE_SIZE), theme.GOLD, (w // 2, y), "midtop", bold=True)
        y += line_height(self.px(ROOM_CODE_SIZE), bold=True)
        y = draw_lines(screen, self.where_lines, self.px(theme.TEXT_CONTROL), theme.INK, (w // 2, y), "midtop") if self.where_lines \
            else y + line_height(self.px(theme.TEXT_CONTROL))
        y = draw_lines(screen, self.unadvertised_lines, self.px(theme.TEXT_NOTE), theme.ALERT, (w // 2, y), "midtop")
        if lobby["options"]:
            draw_text(screen, fit_text(lobby["options"], self.px(theme.TEXT_NOTE), w - 2 * self.left),
                      self.px(theme.TEXT_NOTE), theme.INK_DIM,
                      (w // 2, y), "midtop")
