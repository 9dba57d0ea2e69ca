"""Join a table over the network: the host's address (host:port, or ws://host:port), the room
code (five letters, upper-cased as typed) and a name; Look asks the table for its lobby, whose
free seats are then offered; a seat chosen, the player sits (`hello`) and goes on to the lobby,
or straight to the table when the game is under way. The tables this device sat at before are
offered to come back to (Rejoin), each with its seat's token (game/net/joined.py); Remove beside
one, once asked, no longer offers it, and a table that no longer answers is offered for removal
(only the player's word removes one). Every message names the address it tried, and wraps: none
is cut short.

Nothing here waits on the network: connecting runs off the frame loop, and the connection's
messages are taken each frame. Enter looks (or sits in the only free seat offered); Space types a
space; Esc goes back to the menu: no key leaves a table or throws anything away."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

from game import registry
from game.files import clean_name
from game.net import joined
from game.net import discovery
from game.net.client import AddressAdvice, TableClient, table_address
from game.net.server import LISTEN_ADDRESS
from game.net.hosting import ROOM_CODE_LENGTH, SERVER_CODE_LENGTH
from game.tables import NAME_LIMIT

from scenes.menus.confirm import Confirm
from scenes.net.reaching import ReachesTable
from scenes.speech import speech
from scenes.ui.scene import Scene
from scenes.ui import keymap
from scenes.ui import theme
from scenes.ui.motion import Thinker
from scenes.ui.resources import text_px
from scenes.ui.scrolling import ScrolledPage
from scenes.ui.widgets import Button, CursorBlink, TextField, draw_lines, line_height, panel, spoken_words, text_width, wrap

# Measures of this layout that are no step of theme's scales (pixels at the base window).
BOX_MARGINS = 60  # the box's top and bottom margins
BOX_MIN_W = 640  # the box at least
BOX_TOP = 30  # the box below the window's top
BUTTON_MIN_H = 50
BUTTON_MIN_W = 160
HEADING_GAP = 7  # a list's heading above its first row
LABEL_W = 150  # the fields' label column
TABLE_ROW_STEP = 46  # a found table's row and the gap under it

REJOIN_SHOWN = 4  # the newest tables offered to come back to
REMOVE_TABLE = keymap.letter("R")
# The host's words for a seat that cannot be come back to: the table is gone, or is another one now.
GONE = ("there is no table with that room code here", "this table does not know you: join it again")
FOUND_SHOWN = 4  # the tables on the local network offered
FIELD_LABELS = ("Address", "Room code", "Your name")
FIELD_MIN_W = 220  # a field beside its label at least
LOOKING = "Looking for tables on this network\u2026 (or type the host's address and room code)"


def room_letter(ch: str) -> bool:
    return ch.isascii() and ch.isalnum()


def shown_address(uri: str) -> str:
    """A table's address as a player types it: "ws://192.168.1.20:8765" as "192.168.1.20:8765"
    (wss:// stays: it says the connection is encrypted)."""
    return uri.removeprefix("ws://")


def where_found(table: discovery.FoundTable) -> tuple[str, int, str]:
    """What tells one table on the network from another (what it says of itself may change)."""
    return table.address, table.port, table.room


def in_order_found(shown: Sequence[discovery.FoundTable], found: Sequence[discovery.FoundTable]) -> list[discovery.FoundTable]:
    """The tables `found` on the network, those `shown` already in their order (with what they
    say now) and tables new to the list after them: a table found never moves another down."""
    now = {where_found(table): table for table in found}
    kept = [now.pop(where_found(table)) for table in shown if where_found(table) in now]
    return kept + list(now.values())


class JoinScene(ReachesTable, Scene):
    def __init__(self, app) -> None:
        super().__init__(app)
        tables, problem = joined.joined_tables()
        self.address = TextField(tables[0]["address"] if tables else "", "host:port", max_length=80, name="Address")
        self.room = TextField("", "ABCDE", max_length=SERVER_CODE_LENGTH, allowed=room_letter, name="Room code")
        self.name = TextField("", "your name", max_length=NAME_LIMIT, name="Your name")
        self.fields = [self.address, self.room, self.name]
        self.address.focused = True
        self.focus_ring.control = self.address  # typing goes there: a listener is told so as the screen opens
        self.look_button = Button("Look", self.look, color=theme.BUTTON_GO, note=keymap.pressing(keymap.ENTER))
        self.back_button = Button("Back", self.back, color=theme.BUTTON_QUIET, note=keymap.pressing(keymap.ESCAPE))
        self.lobby: dict | None = None  # the table's lobby, once looked at
        self.seats = Listing("")  # the lobby's seats, once looked at (the message above says what they are)
        self._message = problem or ""
        self.message_lines: list[str] = []  # the message, wrapped to the box
        self.rejoins = self.rejoin_listing(tables)
        self.tried = ""  # the address the last connection was opened to, as the player reads it
        self.client: TableClient | None = None
        self.connecting: Thinker | None = None
        self.purpose = ""  # what the connection is for: "look", "sit" (in a seat) or "rejoin" (coming back)
        self.entry: dict = {}  # the table being sat at, as tables.json keeps it
        self.unread: list[dict] = []
        self.found: list[discovery.FoundTable] = []  # the tables on the local network, as last shown
        self.founds = Listing("Tables on this network:")
        self.pointer = (-1, -1)  # where the mouse pointer last moved to
        self.looking_lines: list[str] = []  # that the network is looked at, or why it cannot be, wrapped
        self.laid_problem: str | None = None  # the network's problem as last laid out
        self.blink = CursorBlink()
        self.page = ScrolledPage()  # the box's fields and lists, where they are more than it holds
        self.browser = discovery.browser(LISTEN_ADDRESS, on_change=app.wake)
        self.browser.start()
        app.quit_hooks.append(self.stop_looking)
        pygame.key.start_text_input()

    def stop_looking(self) -> None:
        """No more looking for tables on the local network (the screen is left)."""
        self.browser.stop()
        if self.stop_looking in self.app.quit_hooks:
            self.app.quit_hooks.remove(self.stop_looking)

    def leave_for(self, open_screen, client, unread: list[dict]) -> None:
        """On to the lobby or the table with the connection, this screen's looking stopped."""
        self.stop_looking()
        open_screen(client, unread)

    def back(self) -> None:
        self.stop_looking()
        self.drop_connection()
        self.app.pop()

    @staticmethod
    def found_labels(table: discovery.FoundTable) -> list[str]:
        """A table found on the network in words, the longest first (the first that fits shows)."""
        title = next((game.title for game in registry.GAMES if game.name == table.game), table.game)
        seats = f"{table.open_seats} open seat{'s' if table.open_seats != 1 else ''}"
        return [f"{title} at {table.name}\u2019s \u00b7 room {table.room} \u00b7 {seats}",
                f"{title} \u00b7 room {table.room} \u00b7 {seats}", f"Room {table.room} \u00b7 {table.open_seats} open"]

    def choose_found(self, table: discovery.FoundTable) -> None:
        """A table found on the local network: its address and room filled in, and looked at."""
        self.address.value = f"{table.address}:{table.port}"
        self.room.value = table.room
        self.look()

    def show_found(self) -> None:
        """The tables on the local network, when they changed, or why none can be found. While
        the pointer is on the list, a table gone stays until it leaves (the tables below would
        move up, and the click would choose another); one found is added below at once."""
        tables = in_order_found(self.found, self.browser.tables())[:FOUND_SHOWN]
        moves_one = [where_found(table) for table in tables[:len(self.found)]] != [where_found(table) for table in self.found]
        if moves_one and any(button.rect.collidepoint(self.pointer) for button in self.founds.buttons):
            return
        if tables != self.found:
            self.say_found([table for table in tables if where_found(table) not in map(where_found, self.found)])
            places = [where_found(table) for table in tables]
            moved = [places.index(where_found(table)) if where_found(table) in places else None for table in self.found]
            self.found = tables
            self.founds = self.kept_focus(self.founds, Listing("Tables on this network:", [
                (self.found_labels(table), lambda table=table: self.choose_found(table)) for table in tables]), moved)
            self.layout(self.app.size)
        elif self.browser.problem != self.laid_problem:
            self.layout(self.app.size)

    @staticmethod
    def say_found(tables: Sequence[discovery.FoundTable]) -> None:
        """Tell a listener of each table newly found (Tab reaches it in the list)."""
        for table in tables:
            speech().say(f"Found on this network: {spoken_words(JoinScene.found_labels(table)[0])}")

    def kept_focus(self, old: "Listing", new: "Listing", moved: Sequence[int | None] = ()) -> "Listing":
        """`new`, the list made anew in place of `old`: the keyboard focus on one of the old list's
        buttons goes to the new button for the same entry where `moved` says where each old entry
        went, else to the new button in its place (or the last one)."""
        ring = self.focus_ring
        for before, after in ((old.buttons, new.buttons), (old.removes, new.removes)):
            if ring.control in before and after:
                index = before.index(ring.control)
                went = moved[index] if index < len(moved) else None
                ring.control = after[went if went is not None else min(index, len(after) - 1)]
            elif ring.control in before:
                ring.control = None
        return new

    def rejoin_listing(self, tables: list[dict]) -> "Listing":
        """The newest tables sat at, each to come back to, a Remove beside each."""
        shown = tables[:REJOIN_SHOWN]
        return Listing("Tables you sat at:", [(self.rejoin_labels(entry), lambda entry=entry: self.rejoin(entry))
                                              for entry in shown],
                       removals=[lambda entry=entry: self.ask_to_remove(entry) for entry in shown])

    def ask_to_remove(self, entry: dict, why: str = "") -> None:
        """Ask before a table is no longer offered (its seat's token goes with it); `why`: what
        there is to know first (that it no longer answers)."""
        table = f"{entry['title']}, room {entry['room']} at {shown_address(entry['address'])},"
        detail = " ".join(filter(None, [why, f"{table} is then no longer offered to rejoin."]))
        self.app.push(Confirm(self.app, "Remove this table?", detail, "Remove", lambda: self.remove(entry),
                              REMOVE_TABLE, no="Keep"))

    def remove(self, entry: dict) -> None:
        """The table is no longer offered for coming back (the player said so)."""
        problem = self.app.write(joined.forget_table, entry["address"], entry["room"])
        tables, unusable = joined.joined_tables()
        self.rejoins = self.kept_focus(self.rejoins, self.rejoin_listing(tables))
        self.message = problem or unusable or f"Room {entry['room']} at {shown_address(entry['address'])} is removed."

    @staticmethod
    def rejoin_labels(entry: dict) -> list[str]:
        """A table sat at before in words, the longest first (the first that fits shows)."""
        names, seat = entry["names"], entry["seat"]
        name = str(names[seat]) if type(seat) is int and 0 <= seat < len(names) else ""
        title, room = entry["title"], entry["room"]
        return [f"Rejoin {title} \u00b7 room {room} \u00b7 as {name}", f"Rejoin {title} \u00b7 room {room}",
                f"Rejoin room {room}"]

    # -- what the player asks

    def look(self) -> None:
        """Ask the table at the address for its lobby (its seats, who sits where)."""
        try:
            address = table_address(self.address.value)
        except ValueError as err:
            self.message = str(err)
            return
        room = self.room.value
        if len(room) not in (ROOM_CODE_LENGTH, SERVER_CODE_LENGTH):
            self.message = (f"The room code is {ROOM_CODE_LENGTH} letters ({SERVER_CODE_LENGTH} for a table on a "
                            f"server): the screen of the player who set the table up shows it.")
            return
        self.lobby, self.seats = None, Listing("")
        self.connect(address, {"type": "look", "room": room}, "look")

    def sit(self, seat: int) -> None:
        lobby = self.lobby or {}
        self.entry = {"address": table_address(self.address.value), "room": self.room.value, "seat": seat,
                      "game": lobby.get("game", ""), "title": lobby.get("title", ""),
                      "names": [s.get("name", "") for s in lobby.get("seats", [])]}
        hello = {"type": "hello", "room": self.room.value, "seat": seat,
                 "name": clean_name(self.name.value, NAME_LIMIT)}
        self.connect(self.entry["address"], hello, "sit")

    def rejoin(self, entry: dict) -> None:
        """Back to a seat this device held, with its token."""
        self.entry = dict(entry)
        self.connect(entry["address"], {"type": "hello", "room": entry["room"], "token": entry["token"]}, "rejoin")

    def connect(self, address: str, first: dict, purpose: str) -> None:
        """A fresh connection that says `first`, opened off the frame loop."""
        if self.connecting is not None:
            return
        self.drop_connection()
        self.purpose, self.tried = purpose, shown_address(address)
        self.message = f"Connecting to {self.tried}\u2026"
        client = TableClient(address, wake=self.app.wake)
        self.connecting = Thinker(lambda: client.open(first) or client)

    def drop_connection(self) -> None:
        if self.client is not None:
            self.client.close()
        self.client, self.unread = None, []

    # -- what the table answers

    def update(self, dt: float) -> None:
        self.show_found()
        self.read_answers()

    def connected(self, attempt: Thinker) -> None:
        self.connecting = None
        if isinstance(attempt.error, AddressAdvice):
            self.message = f"The table at {self.tried} cannot be reached: {attempt.error.words}."
        elif isinstance(attempt.error, OSError):
            self.message = (f"No table answers at {self.tried}: check the address, and that the host's Chain Table "
                            "is open and hosting.")
            if self.purpose == "rejoin":
                self.ask_to_remove(self.entry, f"No table answers at {self.tried}.")
        elif attempt.error is not None:
            raise attempt.error
        else:
            self.client = attempt.result

    def take(self, message: dict) -> None:
        kind = message.get("type")
        if kind == "refused":
            self.refused(str(message.get("reason", "")))
        elif kind == "lobby":
            self.lobby_told(message)
        elif kind == "welcome":
            self.welcomed(message)
        elif kind == "snapshot":
            client, unread = self.client, self.unread
            self.client, self.unread = None, []
            self.leave_for(self.app.screens.remote_table, client, unread)
        elif kind == "dropped":
            self.drop_connection()
            self.message = f"The table at {self.tried} closed the connection: look again."

    def refused(self, reason: str) -> None:
        """The host's refusal, said with the address that refused; coming back to a table that
        no longer has the seat, the table is offered for removal."""
        self.drop_connection()
        words = f"The table at {self.tried} says: {reason}"
        if self.purpose == "sit" and "taken" in reason:
            words += ": choose another seat (Look shows who sits where now)."
        self.message = words if words.endswith(".") else words + "."
        if self.purpose == "rejoin" and reason in GONE:
            self.ask_to_remove(self.entry, self.message)

    def lobby_told(self, lobby: dict) -> None:
        if self.purpose == "look":
            self.drop_connection()
            self.show_lobby(lobby)
        elif not lobby.get("started"):
            client, unread = self.client, self.unread
            self.client, self.unread = None, []
            self.leave_for(self.app.screens.lobby, client, unread)

    def show_lobby(self, lobby: dict) -> None:
        self.lobby = lobby
        seats = lobby.get("seats", [])
        self.seats = self.kept_focus(self.seats, Listing("", [([self.seat_label(i, seat)], lambda i=i: self.sit(i))
                                                              for i, seat in enumerate(seats)]))
        for button, seat in zip(self.seats.buttons, seats):
            button.enabled = self.free(seat)
        free = sum(button.enabled for button in self.seats.buttons)
        title = lobby.get("title", "")
        self.message = f"{title}: choose a free seat." if free else f"{title}: every seat is taken."
        self.layout(self.app.size)

    @staticmethod
    def free(seat: dict) -> bool:
        return seat.get("kind") == "open" and not seat.get("held")

    def seat_label(self, index: int, seat: dict) -> str:
        if self.free(seat):
            return f"Seat {index + 1}: sit here"
        who = "a computer" if seat.get("kind") == "computer" else str(seat.get("name", ""))
        return f"Seat {index + 1}: {who}{' (host)' if seat.get('host') else ''}"

    def welcomed(self, welcome: dict) -> None:
        """Seated: the table is kept for coming back to, with the seat's token."""
        entry = {**self.entry, "token": str(welcome.get("token", "")), "seat": welcome.get("seat", self.entry.get("seat"))}
        if entry.get("game"):
            self.message = self.app.write(joined.remember_table, entry) or "Seated: waiting for the table\u2026"

    # -- keys and the pointer

    def handle(self, event) -> None:
        self.blink.wake()
        if keymap.ESCAPE.pressed(event):
            self.back()
            return
        if keymap.ENTER.pressed(event):
            self.press_enter()
            return
        if event.type == pygame.MOUSEMOTION:
            self.pointer = event.pos
        if self.page.handle(event):
            self.page.place()
            return
        for field in self.fields:
            field.handle(event)
        self.room.value = self.room.value.upper()
        for button in [self.look_button, self.back_button, *self.listed()]:
            button.handle(event)

    def press_enter(self) -> None:
        """Enter looks, or sits in the one free seat the lobby offers."""
        free = [button for button in self.seats.buttons if button.enabled]
        if len(free) == 1 and self.lobby is not None:
            free[0].on_click()
        else:
            self.look()

    def spoken_title(self) -> str:
        return f"Join a table. {self._message}".strip(" .")

    def animating(self) -> bool:
        """The cursor turning, or a connection being made (it ends in another thread)."""
        return self.blink.due() or self.connecting is not None

    # -- layout and drawing

    def focusables(self) -> list:
        """The fields, Look and Back, then the lists' buttons, in reading order (those scrolled out
        of view among them)."""
        return self.page.controls()

    def reveal(self, control) -> None:
        self.page.reveal_control(control)

    def layout(self, size) -> None:
        """The box and its title; inside it, on a page that scrolls where it is taller than the box
        (large text), the fields (their labels beside them, or above where the box is narrow),
        Look and Back, the message, and the lists. Why no table can be found stays at the box's
        foot, never crowded out."""
        w, h = size
        gap = self.px(theme.SPACE)
        width = min(w - 2 * gap, max(self.px(BOX_MIN_W), w * 3 // 5))
        self.box = pygame.Rect((w - width) // 2, self.px(BOX_TOP), width, h - self.px(BOX_MARGINS))
        inner = width - 2 * gap
        self.title_lines = wrap("Join a table", self.px(theme.TEXT_PANEL_TITLE), inner, bold=True)
        top = self.box.y + gap + len(self.title_lines) * line_height(self.px(theme.TEXT_PANEL_TITLE), bold=True) + gap
        label = self.px(theme.TEXT_LABEL)
        self.laid_problem = self.browser.problem
        self.looking_lines = wrap(self.laid_problem or LOOKING, label, inner)
        foot = len(self.looking_lines) * line_height(label) + gap // 2 if self.laid_problem else 0
        self.page.clear()
        y = self.lay_fields(gap, inner)
        self.message_lines = wrap(self.message, label, inner)
        y = max(y + line_height(label), self.page.lines(self.message_lines, label, theme.INK, (gap, y))) + gap
        for listing in (self.seats, self.rejoins, self.founds):
            y = listing.place(self, y, gap, inner) + gap // 2
        if not self.laid_problem and not self.founds.buttons:
            self.page.lines(self.looking_lines, label, theme.INK_DIM, (gap, y))
        hint_h = line_height(self.px(theme.TEXT_SMALL))
        viewport = pygame.Rect(self.box.x, top, width, self.box.bottom - gap - foot - hint_h - top)
        self.page.fit(viewport, self.page.bottom() + gap // 2, line_height(label))
        self.page.place()

    def lay_fields(self, x: int, inner: int) -> int:
        """The fields, each its label beside it (above it where the box is too narrow), then Look
        and Back (one above the other where they cannot stand apart): the y under them."""
        gap, control, label = self.px(theme.SPACE), self.px(theme.TEXT_CONTROL), self.px(theme.TEXT_LABEL)
        label_w = max(self.px(LABEL_W), *(text_width(name, control) + gap for name in FIELD_LABELS))
        above = inner - label_w < self.px(FIELD_MIN_W)
        field_x = x if above else x + label_w
        field_h = line_height(control) + self.px(theme.SPACE)
        y = 0
        for name, field in zip(FIELD_LABELS, self.fields):
            if above:
                y = self.page.text(name, control, theme.INK, (x, y)).bottom
            else:
                self.page.text(name, control, theme.INK, (x, y + field_h // 2), "midleft")
            y = self.page.control(field, pygame.Rect(field_x, y, x + inner - field_x, field_h), control).bottom + gap // 2
        buttons = (self.look_button, self.back_button)
        bw = min(inner, max(self.px(BUTTON_MIN_W), *(button.needed(label)[0] for button in buttons)))
        bh = max(self.px(BUTTON_MIN_H), *(button.needed(label, bw)[1] for button in buttons))
        y += gap // 2
        if field_x + 2 * bw + gap <= x + inner:
            self.page.control(self.look_button, pygame.Rect(field_x, y, bw, bh), label)
        else:
            y = self.page.control(self.look_button, pygame.Rect(x, y, bw, bh), label).bottom + gap // 2
        return self.page.control(self.back_button, pygame.Rect(x + inner - bw, y, bw, bh), label).bottom + gap

    def listed(self) -> list[Button]:
        """The seats, tables to rejoin and tables found."""
        return self.seats.shown + self.rejoins.shown + self.rejoins.removes_shown + self.founds.shown

    def draw(self, screen) -> None:
        screen.fill(theme.FELT)
        panel(screen, self.box, edge=theme.GOLD, radius=14)
        gap = self.px(theme.SPACE)
        draw_lines(screen, self.title_lines, self.px(theme.TEXT_PANEL_TITLE), theme.GOLD, (self.box.centerx, self.box.y + gap),
                   "midtop", box=self.box, bold=True)
        blink = self.blink.on()
        self.page.draw(screen, lambda control, size: control.draw(screen, size, blink) if isinstance(control, TextField)
                       else control.draw(screen, size))
        self.page.draw_hint(screen, self.px(theme.TEXT_SMALL), (self.box.centerx, self.page.viewport.bottom), box=self.box)
        if self.laid_problem:  # why no table can be found, at the box's foot
            label = self.px(theme.TEXT_LABEL)
            draw_lines(screen, self.looking_lines, label, theme.ALERT,
                       (self.box.x + gap, self.box.bottom - gap - len(self.looking_lines) * line_height(label)), box=self.box)


class Listing:
    """A heading and a column of buttons under it, each label the longest of its words that
    fits the button (the shortest wraps where none does)."""

    def __init__(self, heading: str, items: Sequence[tuple[list[str], Callable[[], None]]] = (),
                 removals: Sequence[Callable[[], None]] = ()) -> None:
        """`items`: each button's labels, the longest first, and what a click on it does;
        `removals`: what a Remove beside each does (none: no Remove)."""
        self.heading = heading
        self.labels = [labels for labels, _action in items]
        self.buttons = [Button(labels[0], action, name=labels[0]) for labels, action in items]  # spoken whole
        self.removes = [Button("Remove", action, color=theme.BUTTON_QUIET, name=f"Remove {labels[0]}")
                        for action, (labels, _action) in zip(removals, items)]
        self.shown = self.buttons
        self.removes_shown = self.removes

    def place(self, scene, top: int, x: int, width: int) -> int:
        """The heading and the buttons on the scene's page from `top`: the y below the last."""
        if not self.buttons:
            return top
        size, gap = scene.px(theme.TEXT_LABEL), scene.px(TABLE_ROW_STEP - theme.SPACE_SECTION)
        y = scene.page.text(self.heading, size, theme.INK_DIM, (x, top)).bottom + scene.px(HEADING_GAP) if self.heading else top
        remove_w = max((button.needed(size)[0] for button in self.removes), default=0)
        main_w = width - (remove_w + scene.px(theme.SPACE_SMALL) if self.removes else 0)
        for i, (button, labels) in enumerate(zip(self.buttons, self.labels)):
            button.label = next((label for label in labels if text_width(label, size, bold=True) + 2 * text_px(size) <= main_w),
                                labels[-1])
            height = max(scene.px(theme.SPACE_SECTION), button.needed(size, main_w)[1])
            scene.page.control(button, pygame.Rect(x, y, main_w, height), size)
            if self.removes:
                scene.page.control(self.removes[i], pygame.Rect(x + width - remove_w, y, remove_w, height), size)
            y += height + gap
        return y
