"""How to play the game at the table, over the table: the sheet's text down the left, its pictures
(real positions, as data in the game's guide.py) on the right drawn with the game's own card art,
and the table's keys below the text; Left or Right turn to the page of every key of the app (made
from the key map, scenes/ui/keymap.py, so it is never out of date). A page scrolls when it is
longer than the window; a click (or Esc, Enter, F1) closes the sheet."""

from __future__ import annotations

import pygame

from game.sheet import Picture, Sheet

from scenes.ui.scene import Scene
from scenes.ui import keymap
from scenes.speech import speech
from scenes.ui import cardart, theme
from scenes.ui.widgets import draw_lines, draw_text, line_height, panel, text_width, wrap

# Measures of this layout that are no step of theme's scales (pixels at the base window).
PICTURE_GAP = 18  # between the captions and the pictures
SHEET_MARGINS = 60  # the sheet's margins, both sides
SHEET_MAX_W = 1180  # the rules sheet at most
SIDE_BY_SIDE_MIN_W = 600  # a page wide enough for pictures beside the text

SCROLL_KEYS = {keymap.DOWN: 1, keymap.UP: -1, keymap.PAGE_DOWN: 8, keymap.PAGE_UP: -8}
PAGE_KEYS = (keymap.LEFT, keymap.RIGHT)  # the rules, or every key
CLOSE_KEYS = (keymap.ESCAPE, keymap.ENTER, keymap.SPACE, keymap.RULES)
CARD_WIDTHS = (56, 50, 44, 38, 32, 28)  # base card widths tried for the pictures, largest first
TEXT_SIZE = 17
CAPTION_SIZE = 14
NOTE_SIZE = 12


class RulesSheet(Scene):
    focus_keys = "tab"  # Up, Down and the page keys scroll

    def spoken_title(self) -> str:
        """The page's title and its text, then how to turn to the other page."""
        other = "the rules" if self.keys_shown else "every key"
        return f"{self.heading()}. {' '.join(self.page_paragraphs())} {keymap.LEFT.name} or {keymap.RIGHT.name}: {other}."

    def heading(self) -> str:
        return "Every key" if self.keys_shown else f"How to play {self.title}"

    def page_paragraphs(self) -> list[str]:
        return keymap.key_page() if self.keys_shown else self.paragraphs

    def page_pictures(self) -> list[Picture]:
        return [] if self.keys_shown else list(self.sheet.pictures)

    def __init__(self, app, title: str, sheet: Sheet, keys: str = "") -> None:
        super().__init__(app)
        self.title = title
        self.sheet = sheet
        self.paragraphs = list(sheet.paragraphs) + ([keys] if keys else [])
        self.scroll = 0
        self.max_scroll = 0
        self.keys_shown = False  # the page of every key instead of the rules

    def covers(self) -> bool:
        return False

    # -- layout: everything placed on a page that scrolls under the title

    def layout(self, size) -> None:
        w, h = size
        self.box = pygame.Rect(0, 0, min(w - self.px(SHEET_MARGINS), self.px(SHEET_MAX_W)), h - self.px(SHEET_MARGINS))
        self.box.center = (w // 2, h // 2)
        pad = self.px(theme.SPACE_XLARGE)
        self.heading_lines = wrap(self.heading(), self.px(theme.TEXT_PANEL_TITLE), self.box.w - 2 * pad, bold=True)
        top = (self.box.y + self.px(theme.SPACE_WIDE) + len(self.heading_lines) * line_height(self.px(theme.TEXT_PANEL_TITLE), bold=True)
               + self.px(theme.SPACE_NARROW))
        footer_h = line_height(self.px(theme.TEXT_SMALL)) + self.px(theme.SPACE_WIDE)
        self.page = pygame.Rect(self.box.x + pad, top, self.box.w - 2 * pad, self.box.bottom - footer_h - top)
        pictures = self.page_pictures()
        notes = [shown.note for picture in pictures for shown in picture.cards if shown.note]
        self.note_w = max((text_width(note, self.px(NOTE_SIZE)) for note in notes), default=0)
        side = int(self.page.w * 0.36)
        side_by_side = bool(pictures) and self.page.w >= self.px(SIDE_BY_SIDE_MIN_W) and self.fitting_card(side) is not None
        text_w = self.page.w - (side + pad if side_by_side else 0)
        self.lines: list[tuple[int, str]] = []
        y = 0
        for paragraph in self.page_paragraphs():
            for line in wrap(paragraph, self.px(TEXT_SIZE), text_w):
                self.lines.append((y, line))
                y += line_height(self.px(TEXT_SIZE))
            y += self.px(theme.SPACE_SMALL)
        picture_x = self.page.x + text_w + pad if side_by_side else self.page.x
        picture_w = self.page.right - picture_x
        self.picture_x = picture_x
        self.card_w = self.fitting_card(picture_w) or self.px(CARD_WIDTHS[-1])
        y_pictures = self.px(theme.SPACE_SNUG) if side_by_side else y + self.px(theme.SPACE_SMALL)
        self.pictures: list[tuple[Picture, pygame.Rect, list[str]]] = []
        for picture in pictures:
            cell_w, cell_h = self.cell(self.card_w)
            area = pygame.Rect(picture_x + (picture_w - picture.columns * cell_w) // 2, y_pictures,
                               picture.columns * cell_w, picture.rows * cell_h)
            captions = wrap(picture.caption, self.px(CAPTION_SIZE), picture_w)
            self.pictures.append((picture, area, captions))
            y_pictures = area.bottom + self.px(theme.SPACE_SNUG) + len(captions) * line_height(self.px(CAPTION_SIZE)) + self.px(PICTURE_GAP)
        self.max_scroll = max(0, max(y, y_pictures) - self.page.h)
        self.scroll = min(self.scroll, self.max_scroll)

    def fitting_card(self, width: int) -> int | None:
        """The largest card width at which every picture fits `width` pixels across, if any does."""
        return next((self.px(base) for base in CARD_WIDTHS
                     if all(p.columns * self.cell(self.px(base))[0] <= width for p in self.page_pictures())), None)

    def cell(self, card_width: int) -> tuple[int, int]:
        """One grid cell of a picture: a card (or its note, if wider), a small gap, and room for the note."""
        return (max(card_width, self.note_w) + self.px(theme.SPACE_SNUG),
                cardart.card_size(card_width)[1] + line_height(self.px(NOTE_SIZE)) + self.px(theme.SPACE_TIGHT))

    # -- input

    def handle(self, event) -> None:
        if event.type == pygame.MOUSEWHEEL:
            self.scroll_by(-event.y * 3)
        elif any(key.pressed(event) for key in PAGE_KEYS):
            self.turn_page()
        elif keymap.pressed_in(SCROLL_KEYS, event) is not None:
            self.scroll_by(keymap.pressed_in(SCROLL_KEYS, event))
        elif (event.type == pygame.MOUSEBUTTONUP and event.button == 1) or any(key.pressed(event) for key in CLOSE_KEYS):
            self.app.pop()

    def turn_page(self) -> None:
        """To the page of every key, or back to the rules; the page is said."""
        self.keys_shown = not self.keys_shown
        self.scroll = 0
        self.layout(self.app.size)
        speech().say(self.spoken_title(), interrupt=True)

    def scroll_by(self, lines: int) -> None:
        self.scroll = max(0, min(self.max_scroll, self.scroll + lines * line_height(self.px(TEXT_SIZE))))

    # -- drawing

    def on_page(self, rect: pygame.Rect) -> pygame.Rect | None:
        """`rect` (page coordinates) where the scrolled page shows it, or None when not wholly in view."""
        shown = rect.move(0, self.page.y - self.scroll)
        return shown if self.page.contains(shown) else None

    def draw(self, screen) -> None:
        w, h = self.app.size
        shade = pygame.Surface((w, h), pygame.SRCALPHA)
        shade.fill((0, 0, 0, 160))
        screen.blit(shade, (0, 0))
        panel(screen, self.box, edge=theme.GOLD, radius=16)
        draw_lines(screen, self.heading_lines, self.px(theme.TEXT_PANEL_TITLE), theme.GOLD,
                   (self.box.centerx, self.box.y + self.px(theme.SPACE_WIDE)), "midtop", box=self.box, bold=True)
        line_h = line_height(self.px(TEXT_SIZE))
        for y, line in self.lines:
            spot = self.on_page(pygame.Rect(self.page.x, y, 1, line_h))
            if spot:
                draw_text(screen, line, self.px(TEXT_SIZE), theme.INK, spot.topleft, box=self.page)
        for picture, area, captions in self.pictures:
            self.draw_picture(screen, picture, area, captions)
        other = "the rules" if self.keys_shown else "every key"
        footer = f"{keymap.LEFT.name} or {keymap.RIGHT.name}: {other}. Click anywhere to return to the table."
        if self.max_scroll:
            footer = f"Scroll (wheel or Up, Down) for more; {keymap.LEFT.name} or {keymap.RIGHT.name}: {other}; click to return."
        draw_text(screen, footer, self.px(theme.TEXT_SMALL), theme.INK_DIM,
                  (self.box.centerx, self.box.bottom - self.px(theme.SPACE_SMALL)), "midbottom",
                  box=self.box)

    def draw_picture(self, screen, picture: Picture, area: pygame.Rect, captions: list[str]) -> None:
        """One picture on its patch of felt, each card with its note, then the caption."""
        cell_w, cell_h = self.cell(self.card_w)
        card_h = cardart.card_size(self.card_w)[1]
        felt = self.on_page(area.inflate(self.px(theme.SPACE_SMALL), self.px(theme.SPACE_SNUG)))
        if felt:
            pygame.draw.rect(screen, theme.FELT, felt, border_radius=self.px(theme.SPACE_NARROW))
        for label in picture.labels:
            spot = self.on_page(pygame.Rect(area.x + label.col * cell_w, area.y + label.row * cell_h, cell_w, card_h))
            if spot:
                draw_text(screen, label.text, self.px(theme.TEXT_FINE), theme.INK, spot.center, "center", bold=True)
        for shown in picture.cards:
            left = area.x + shown.col * cell_w + (cell_w - self.card_w) // 2
            spot = self.on_page(pygame.Rect(left, area.y + shown.row * cell_h, self.card_w, cell_h))
            if not spot:
                continue
            if shown.marked:
                halo = cardart.glow(self.card_w)
                screen.blit(halo, halo.get_rect(center=(spot.centerx, spot.y + card_h // 2)))
            screen.blit(cardart.face(shown.card, self.card_w), spot.topleft)
            if shown.note:
                draw_text(screen, shown.note, self.px(NOTE_SIZE), theme.GOLD if shown.marked else theme.INK_DIM,
                          (spot.centerx, spot.y + card_h + self.px(theme.SPACE_HAIR)), "midtop")
        y = area.bottom + self.px(theme.SPACE_SNUG)
        for line in captions:
            spot = self.on_page(pygame.Rect(self.picture_x, y, 1, line_height(self.px(CAPTION_SIZE))))
            if spot:
                draw_text(screen, line, self.px(CAPTION_SIZE), theme.INK_DIM, (self.picture_x, spot.y), box=self.page)
            y += line_height(self.px(CAPTION_SIZE))
