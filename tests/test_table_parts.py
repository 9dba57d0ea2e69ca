"""The parts every table is built from: each draws itself where it was placed and says whether a
point is on it."""

from __future__ import annotations

import pygame

from scenes.table.parts import STACKED_BACKS, Pile
from scenes.ui import cardart, theme


def test_a_pile_is_hit_exactly_where_its_card_lies(driver):
    pile = Pile()
    pile.place((200, 150), 60)
    height = int(60 * theme.CARD_RATIO)
    assert pile.rect.size == (60, height) and pile.rect.center == (200, 150)
    assert pile.hit((200, 150)) and pile.hit(pile.rect.topleft)
    assert not pile.hit((200 + 31, 150)) and not pile.hit((200, 150 + height))


class Recording(pygame.Surface):
    """A surface that keeps the rectangle of every image blitted on it."""

    def __init__(self) -> None:
        super().__init__((400, 300))
        self.blitted: list[pygame.Rect] = []

    def blit(self, image, dest, *args, **kwargs):
        self.blitted.append(pygame.Rect(dest) if isinstance(dest, pygame.Rect) else pygame.Rect(dest, image.get_size()))
        return super().blit(image, dest, *args, **kwargs)


def blits(draw) -> list[pygame.Rect]:
    """The rectangles `draw(screen)` blits, in order."""
    screen = Recording()
    draw(screen)
    return screen.blitted


def test_a_face_down_pile_shows_its_thickness_when_stacked_and_an_empty_slot_when_empty(driver, monkeypatch):
    pile = Pile()
    pile.place((100, 100), 50)
    assert len(blits(lambda s: pile.draw_backs(s, 5))) == 1
    assert len(blits(lambda s: pile.draw_backs(s, 25, stacked=True))) == 3
    assert len(blits(lambda s: pile.draw_backs(s, 90, stacked=True))) == STACKED_BACKS
    slots = []
    monkeypatch.setattr(cardart, "empty_slot", lambda surface, rect: slots.append(rect))
    assert blits(lambda s: pile.draw_backs(s, 0, stacked=True)) == [] and slots == [pile.rect]


def test_a_face_up_pile_shows_its_top_card_or_an_empty_slot(driver, monkeypatch):
    from game.cards import card

    pile = Pile()
    pile.place((100, 100), 50)
    assert blits(lambda s: pile.draw_top(s, card("7H"))) == [pile.rect]
    slots = []
    monkeypatch.setattr(cardart, "empty_slot", lambda surface, rect: slots.append(rect))
    pile.draw_top(pygame.Surface((10, 10)), None)
    assert slots == [pile.rect]


def test_the_layout_rule_gives_the_widest_card_that_fits_both_ways():
    from scenes.table.parts import card_width

    assert card_width(1000, 1000, columns=4, gap=20) == (1000 - 3 * 20) // 4
    height_bound = card_width(1000, 140, columns=4, gap=20)
    assert int(height_bound * theme.CARD_RATIO) <= 140 < int((height_bound + 2) * theme.CARD_RATIO)
    assert card_width(1000, 1000, columns=4, gap=20, most=90) == 90
    assert card_width(10, 10, columns=4, gap=20, least=16) == 16
    two_rows = card_width(1000, 300, columns=1, gap=10, rows=2)
    assert 2 * int(two_rows * theme.CARD_RATIO) + 10 <= 300


def test_a_row_of_slots_squeezes_into_its_room_and_says_which_slot_a_point_is_on(driver):
    from scenes.table.parts import SlotRow

    row = SlotRow()
    row.place(left=10, center_y=100, width=40, count=5, step=50)
    assert [slot.center[0] for slot in row] == [30, 80, 130, 180, 230]
    assert row.index_at((80, 100)) == 1 and row.index_at((55, 100)) is None
    assert row.index_at((55, 100), margin=6) == 1
    row.place(left=10, center_y=100, width=40, count=5, step=50, room=120)
    assert row.rect.left == 10 and row.rect.right <= 130
    assert row.index_at((row[4].center[0] - 15, 100)) == 4  # overlapping: the card on top
    empty = SlotRow()
    empty.place(left=0, center_y=0, width=40, count=0, step=50)
    assert len(empty) == 0 and empty.rect.size == (0, 0) and empty.index_at((0, 0)) is None


def test_a_row_carries_its_spacing_on_past_its_last_slot(driver):
    from scenes.table.parts import SlotRow

    row = SlotRow()
    row.place(left=10, center_y=100, width=40, count=3, step=50)
    assert row.slot(1) is row[1]
    assert row.slot(4).center == (30 + 4 * 50, 100) and row.slot(4).width == 40
    row.place(left=10, center_y=100, width=40, count=3, step=50, room=80)
    assert row.slot(3).center[0] - row.slot(2).center[0] == row[1].center[0] - row[0].center[0] == 20


def test_a_slot_is_lit_differently_as_a_target_the_chosen_move_and_the_last_move(driver):
    from scenes.table.parts import Slot

    lit = {}
    for how in ("target", "chosen", "last"):
        screen = pygame.Surface((200, 200))
        Slot((100, 100), 50).light(screen, how)
        lit[how] = pygame.image.tobytes(screen, "RGB")
    assert len(set(lit.values())) == 3


def test_a_close_target_is_framed_nearer_its_card_than_a_target(driver):
    """Where cards lie a few pixels apart, a legal target's frame keeps off the cards beside it."""
    from scenes.table.parts import Slot

    def frame_reach(how: str) -> int:
        screen = pygame.Surface((200, 200))
        slot = Slot((100, 100), 50)
        slot.light(screen, how)
        return slot.rect.x - next(x for x in range(200) if screen.get_at((x, 100))[:3] != (0, 0, 0))

    assert 0 < frame_reach("close_target") < frame_reach("target")


def test_the_keyboard_cursor_walks_rows_and_leaves_a_row_that_closes():
    from scenes.table.parts import Focus

    rows = {"table": ["pile", "anchor"], "chain": [], "hand": ["a", "b", "c"]}
    focus = Focus(lambda: list(rows.items()))
    assert focus.current() is None
    focus.along(1, start_row="hand")
    assert (focus.row, focus.current()) == ("hand", "a")
    focus.along(-1)
    assert focus.current() == "c"
    focus.across(-1)  # the empty chain row is skipped
    assert (focus.row, focus.current()) == ("table", "pile")
    focus.across(-1)
    assert focus.row == "table"
    focus.along(-1)
    assert focus.current() == "anchor"
    rows["table"] = []
    assert focus.current() is None
    focus.across(1)
    assert focus.row == "hand"
    focus.clear()
    focus.along(-1, start_row="hand")
    assert focus.current() == "c"


def test_the_prompt_wraps_onto_its_two_lines_with_the_last_just_above_the_hand(driver):
    from scenes.table.prompt import PROMPT_ROWS, PromptLine
    from scenes.ui.widgets import text_width

    line = PromptLine(lambda value: round(value))
    line.place(left=0, y=200, width=460)
    prompt = "Answer a 4, Ana: drag a 4 first, then any card, then type a word"
    lines = line.lines(prompt, bold=True)
    assert 1 < len(lines) <= PROMPT_ROWS and "\u2026" not in "".join(lines)
    assert " ".join(lines) == prompt and all(text_width(text, 19, bold=True) <= 460 for text in lines)
    assert line.lines("Your turn, Ana", bold=True) == ["Your turn, Ana"]
    too_long = " ".join(["word"] * 200)
    assert line.lines(too_long, bold=False)[-1].endswith("\u2026")
    drawn = []
    screen = pygame.Surface((400, 300))
    import scenes.table.prompt as prompt_module

    real = prompt_module.draw_text
    prompt_module.draw_text = lambda surface, text, size, color, at, **kw: drawn.append(at) or real(
        surface, text, size, color, at, **kw)
    try:
        line.draw(screen, prompt, active=True)
    finally:
        prompt_module.draw_text = real
    assert drawn[-1][1] == 200 and drawn[0][1] < 200  # the last line where a one-line prompt goes


def test_the_top_bar_shows_the_longest_score_line_that_fits(driver):
    from scenes.table.topbar import TopBar
    from scenes.ui.widgets import Button

    bar = TopBar(lambda value: round(value))
    bar.place(500, [Button("Menu", lambda: None)])
    shown = []
    import scenes.table.topbar as topbar_module

    real = topbar_module.draw_text
    topbar_module.draw_text = lambda surface, text, *a, **kw: shown.append(text) or real(surface, text, *a, **kw)
    try:
        bar.draw(pygame.Surface((500, 60)), "Chains", ["Game 1 \u00b7 first to 3 wins \u00b7 wins: Ana 0 Ben 0 Cleo 0",
                                                      "wins: Ana 0 Ben 0 Cleo 0", "Ana 0 Ben 0 Cleo 0"])
    finally:
        topbar_module.draw_text = real
    assert shown[1] == "wins: Ana 0 Ben 0 Cleo 0"


def test_the_keyboard_cursor_carries_what_it_holds_along_its_row_and_puts_it_down_between_rows():
    from scenes.table.parts import Focus

    rows = {"table": ["pile"], "chain": ["anchor", "a", "b", "c"]}

    def shift(thing, step: int) -> bool:
        """Hand cards move among themselves; the anchor stays first."""
        chain = rows["chain"]
        index = chain.index(thing)
        if not 1 <= index + step < len(chain):
            return False
        chain[index], chain[index + step] = chain[index + step], thing
        return True

    focus = Focus(lambda: list(rows.items()), shift)
    focus.across(1, start_row="chain")
    focus.along(1)
    focus.holding = True
    focus.along(1)
    focus.along(1)
    assert rows["chain"] == ["anchor", "b", "c", "a"] and focus.current() == "a"
    focus.along(1)  # the end of the row: it stays, and the cursor with it
    assert rows["chain"][-1] == "a" and focus.current() == "a" and focus.holding
    focus.along(-1)
    focus.along(-1)
    focus.along(-1)  # the anchor cannot be passed
    assert rows["chain"] == ["anchor", "a", "b", "c"] and focus.current() == "a"
    focus.across(-1)
    assert not focus.holding and focus.row == "table"
    focus.along(1)
    assert focus.current() == "pile" and rows["chain"] == ["anchor", "a", "b", "c"]
    focus.holding = True
    focus.clear()
    assert not focus.holding and focus.open_rows() == ["table", "chain"]


def test_a_held_thing_stays_put_where_the_rows_owner_gives_no_way_to_move_it():
    from scenes.table.parts import Focus

    rows = [("hand", ["a", "b"])]
    focus = Focus(lambda: rows)
    focus.along(1)
    focus.holding = True
    focus.along(1)
    assert focus.current() == "a" and rows == [("hand", ["a", "b"])]


def test_a_table_reads_and_sets_what_its_part_keeps_under_its_own_name():
    from scenes.table.parts import Delegated

    class Part:
        def __init__(self) -> None:
            self.cards = [1]
            self.row = None

        def count(self) -> int:
            return len(self.cards)

    class Table:
        row = Delegated("part")
        chain = Delegated("part", "cards")
        chain_length = Delegated("part", "count")

        def __init__(self) -> None:
            self.part = Part()

    table = Table()
    table.row, table.chain = "hand", [1, 2, 3]
    assert (table.part.row, table.part.cards) == ("hand", [1, 2, 3])
    table.part.cards.append(4)
    assert table.chain == [1, 2, 3, 4] and table.chain_length() == 4
    assert isinstance(Table.row, Delegated)


def test_the_cursor_light_differs_from_the_other_lights(driver):
    from scenes.table.parts import LIGHTS, Slot

    lit = set()
    for how in LIGHTS:
        screen = pygame.Surface((200, 200))
        Slot((100, 100), 50).light(screen, how)
        lit.add(pygame.image.tobytes(screen, "RGB"))
    assert "cursor" in LIGHTS and len(lit) == len(LIGHTS)


def test_a_row_of_slots_kept_to_the_right_edge_of_its_room(driver):
    from scenes.table.parts import SlotRow

    row = SlotRow()
    row.place(left=10, center_y=100, width=40, count=3, step=30)
    row.end_at(300)
    assert row.rect.right == 300 and row.rect.w == 40 + 2 * 30
    assert [slot.center[1] for slot in row] == [100, 100, 100] and row.index_at((295, 100)) == 2


def test_the_keyboard_cursor_follows_a_pick_made_another_way():
    """A click or a hint picks a thing: the next key goes on from there."""
    from scenes.table.parts import Focus

    rows = {"hand": ["a", "b", "c"], "table": ["pile"]}
    focus = Focus(lambda: list(rows.items()))
    focus.follow("hand", "b")
    assert (focus.row, focus.current()) == ("hand", "b")
    focus.along(1)
    assert focus.current() == "c"
    focus.follow("table", "pile")
    focus.along(1)
    assert (focus.row, focus.current()) == ("table", "pile")
    focus.follow("hand", "gone")
    assert focus.row is None and focus.current() is None
    focus.follow("hand", None)
    assert focus.current() is None
    focus.along(-1, start_row="hand")
    assert focus.current() == "c", "off again, the cursor starts afresh"


def test_on_the_viewer_s_turn_a_short_remark_and_the_instruction_show_together(driver, monkeypatch):
    """After an (E) card: "New event: Jamming Field" and what to do next, at once."""
    import scenes.table.prompt as prompt_module
    from scenes.table.prompt import PromptLine

    line = PromptLine(lambda value: round(value))
    line.place(left=0, y=200, width=600)
    drawn = []
    real = prompt_module.draw_text
    monkeypatch.setattr(prompt_module, "draw_text", lambda s, text, *a, **k: drawn.append(text) or real(s, text, *a, **k))
    line.say_notice("New event: Jamming Field")
    line.draw(pygame.Surface((700, 300)), "Your turn: play a card", active=True)
    assert drawn == ["New event: Jamming Field", "Your turn: play a card"]
    drawn.clear()
    line.draw(pygame.Surface((700, 300)), "Ben's turn", active=False)
    assert drawn == ["New event: Jamming Field"]


def test_the_move_log_shows_whole_entries_only():
    """An entry wrapped onto two lines is shown whole or not at all: the log never starts with
    the tail of a move."""
    from scenes.table.movelog import MoveLog

    log = MoveLog(None)
    log.entries = lambda viewer, size, width: [["Ana plays 7"], ["Ben takes 15 Diamond from the", "stock"], ["Cy passes"]]
    assert log.newest(0, 14, 100, 3) == ["Ben takes 15 Diamond from the", "stock", "Cy passes"]
    assert log.newest(0, 14, 100, 2) == ["Cy passes"]
    assert log.newest(0, 14, 100, 4) == ["Ana plays 7", "Ben takes 15 Diamond from the", "stock", "Cy passes"]
    log.entries = lambda viewer, size, width: [["a", "b", "c"]]
    assert log.newest(0, 14, 100, 2) == ["b", "c"]


def test_the_prompt_wraps_anew_when_the_text_size_changes(driver):
    """Settings' text size changed with a table open: the prompt is measured at the new size, on
    the lines the table keeps for it then (it kept the lines wrapped at the old size, wider than
    their room)."""
    from scenes.table.prompt import PromptLine
    from scenes.ui.widgets import text_width

    app = driver.app
    line = PromptLine(lambda value: round(value))
    line.place(left=0, y=200, width=460)
    prompt = "Answer a 4, Ana: drag a 4 first, then any card, then type a word"
    counts = {}
    for look in ("normal", "largest"):
        app.settings["text_size"] = look
        app.apply_settings()
        line.keep_rows(460)
        lines = line.lines(prompt, bold=True)
        assert " ".join(lines) == prompt and all(text_width(text, 19, bold=True) <= 460 for text in lines), (look, lines)
        counts[look] = len(lines)
    assert counts["largest"] > counts["normal"], counts
    app.settings["text_size"] = "normal"
    app.apply_settings()


def test_a_remark_too_long_for_the_prompts_lines_drops_its_bracketed_details_before_it_is_cut(driver):
    """A laid chain's remark names its cards in brackets: where the prompt's lines cannot hold it
    all, they go (the cards lie on the table, and the move log keeps them), and nothing is cut."""
    from scenes.table.prompt import PromptLine

    line = PromptLine(lambda value: round(value))
    line.place(left=0, y=200, width=460)
    remark = ("Cleo lays a chain of 12 (12 Star, 2 Star, 13 Star, 13 Leaf, 7 Leaf, 1 Leaf, 1 Heart, 5 Heart, "
              "6 Heart, 3 Heart, 3 Moon, 3 Sun) and takes 150 points")
    assert " ".join(line.lines(remark, bold=False)) == "Cleo lays a chain of 12 and takes 150 points"
    line.rows = 4
    assert " ".join(line.lines(remark, bold=False)) == remark, "where the lines hold it all, it is whole"


def test_a_remark_shows_in_its_longest_wording_that_fits_the_prompts_lines(driver):
    """A remark that comes with shorter wordings shows whole in the longest that fits the lines
    kept (its key in brackets kept where a wording holds it), never cut; where its first wording
    fits, that one."""
    from scenes.table.prompt import PROMPT_SIZE, PromptLine
    from scenes.ui.widgets import noting_cuts, text_width, wrap

    line = PromptLine(lambda value: round(value))
    long = "Hint: Wilhelmina Wadsworth-Whitfield discards 15 Diamond. Enter makes the move."
    short = "Hint: Wilhelmina Wadsworth-Whitfield discards 15 Diamond (Enter)"
    width = text_width(short, PROMPT_SIZE) // 2 + 60
    assert len(wrap(long, PROMPT_SIZE, width)) > line.rows >= len(wrap(short, PROMPT_SIZE, width))
    line.place(left=0, y=200, width=width)
    line.say_notice(long, (short,))
    with noting_cuts() as cuts:
        assert " ".join(line.remark_lines()) == short
    assert not cuts and line.pages == 1
    line.place(left=0, y=200, width=2 * width)
    assert " ".join(line.remark_lines()) == long


def test_a_remark_longer_than_every_wording_fits_goes_by_pages_and_is_never_cut(driver):
    """A remark too long for the prompt's lines in every wording (a message from the network, a
    storage error naming a folder) shows a page of lines at a time, each for a remark's while,
    every word of it in turn; nothing is cut."""
    from scenes.table.prompt import NOTICE_TIME, PromptLine
    from scenes.ui.widgets import noting_cuts

    line = PromptLine(lambda value: round(value))
    line.place(left=0, y=200, width=260)
    remark = ("The saved games could not be written to /home/someone/.local/share/chain-table/saves: "
              "the disk is full; free some room and save again")
    line.say_notice(remark)
    seen = []
    with noting_cuts() as cuts:
        while line.notice_time > 0:
            page = line.remark_lines()
            assert 0 < len(page) <= line.rows
            if not seen or seen[-1] != page:
                seen.append(page)
            line.update(NOTICE_TIME / 4)
    assert not cuts, cuts
    assert len(seen) >= 2 and line.pages == len(seen)
    assert "".join(text for page in seen for text in page).replace(" ", "") == remark.replace(" ", ""), "every word, in turn"
