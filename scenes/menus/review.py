"""The review of a finished game, on its own table: the replay seen from the reviewed seat (its
hand shown), each of that seat's decisions marked best / good / costly by the Hard computer
(game/review.py), with what Hard would have played instead and what the move cost by the one
measure that marked it; a line under the panel says what the marks mean.

The judging runs in a worker thread (as the solitaire's solver does: scenes/ui/motion.Thinker);
the screen shows its progress and Esc or Cancel stops it. While it works the app draws a frame
only when another decision was judged: nothing moves in between. A review kept from before
(the engine keeps finished ones beside the finished games) is ready at once.

Keys once it is ready: Left/Right a move, Home/End the first or last move, Up/Down the seat's
previous or next decision, P/N (or Page Up/Page Down) the previous or next costly one."""

from __future__ import annotations

import re
import threading
from collections import Counter
from collections.abc import Callable
from functools import lru_cache
from typing import NamedTuple

import pygame

from game.review import BEST, COSTLY, GOOD, SEVERITY, Review, ReviewBudget, SeenReview
from game.tables import SaveError, TableSession
from game.wording import HISSING, YOU, whose

from scenes.menus.replay import STEP_KEYS, Replay
from scenes.ui.scene import Scene
from scenes.ui import keymap
from scenes.ui import cardart, resources, theme
from scenes.ui.motion import Thinker
from scenes.ui.widgets import Button, draw_lines, draw_text, fit_text, line_height, panel, text_width, unrecorded, wrap

# Measures of this layout that are no step of theme's scales (pixels at the base window).
BACK_MIN_H = 46
BAR_H = 52  # the playback bar's row
PROGRESS_BUTTON_MIN_H = 48  # a progress box button at least
PROGRESS_BUTTON_MIN_W = 160
CHOOSER_W = 520  # the whose-decisions box at most
MARK_LINE = 3  # a frame's and a tick's thickness
PROGRESS_MAX_W = 620  # the progress box at most
STEP_LABEL_PADDING = 36  # around the move counter
PANEL_SHRINKS = (1.0, 0.85, 0.7, 0.6, 0.5)  # the panel's lines' sizes tried, largest first
TABLE_LEAST = 0.55  # of the window's height: the table keeps this much at least while a verdict's bracketed details can go
DETAILS = r" \([^()]*\)"  # a move's bracketed details (a chain's cards, named one by one)
TITLE_PADDING = 32  # the chooser's title inside its box


class PanelLook(NamedTuple):
    """How the review's panel is drawn: its lines' text size, the legend's, how many lines it
    keeps, and the legend's height (0: no legend)."""

    line_size: int
    legend_size: int
    rows: int
    legend_h: int

    @property
    def height(self) -> int:
        return self.rows * line_height(self.line_size) + self.legend_h


MARK_WORDS = {BEST: "Best", GOOD: "Good", COSTLY: "Costly"}
MARK_INKS = {BEST: theme.MARK_BEST, GOOD: theme.GOLD, COSTLY: theme.ALERT}
MARK_TICKS = {BEST: (70, 170, 90), GOOD: (225, 175, 50), COSTLY: (225, 60, 50)}  # on the move track
DECISION_KEYS = {keymap.UP: -1, keymap.DOWN: 1}
COSTLY_KEYS = {keymap.PREVIOUS_COSTLY: -1, keymap.NEXT_COSTLY: 1}
THIRD_PERSON_ONLY = {"has": "have", "does": "do", "is": "be"}
AND_VERB = r"\band ([a-z]+s)\b"   # a second verb of a move's words: "lays a chain ... and takes 30 points"


# ---------------------------------------------------------------- the words


def base_verb(word: str) -> str:
    """A verb as after "to": "plays" -> "play", "takes" -> "take", "passes" -> "pass"; a verb
    already in that form stays as it is ("play", "pass")."""
    if word in THIRD_PERSON_ONLY:
        return THIRD_PERSON_ONLY[word]
    if word.endswith(HISSING):
        return word[:-2]
    if word.endswith("ies"):
        return word[:-3] + "y"
    if word.endswith("s") and not word.endswith("ss"):
        return word[:-1]
    return word


def what_is_done(words: str, name: str) -> str | None:
    """A move told by the table ("Ana plays 7♠ on chain 1", "Ana: draw") as what is done, to
    follow "to" or "would" ("play 7♠ on chain 1"); None when the words do not begin with the seat
    (a move every seat makes at once). Said to You, "You's chain" reads "your chain"."""
    for lead in (f"{name}: ", f"{name} "):
        if words.startswith(lead):
            first, _, rest = words[len(lead):].partition(" ")
            done = " ".join(filter(None, [base_verb(first), re.sub(AND_VERB, lambda m: "and " + base_verb(m[1]), rest)]))
            return re.sub(r"\bYou's\b", "your", done) if name == YOU else done
    return None


def played_line(verdict, name: str) -> str:
    """"Ana chose to play 7♠ on chain 1", or the one move there was."""
    done = what_is_done(verdict.played_words, name)
    if verdict.forced:
        return f"{name} had one move: {done or verdict.played_words}"
    return f"{name} chose to {done}" if done else f"{name} chose: {verdict.played_words}"


def hard_line(verdict, name: str) -> str:
    """What the Hard computer would have played there."""
    if verdict.forced:
        return "No other move was allowed."
    if verdict.hard == verdict.played:
        return "Hard would make the same move."
    done = what_is_done(verdict.hard_words, name)
    return f"Hard would {done}" if done else f"Hard would choose: {verdict.hard_words}"


def percent(chance: float) -> str:
    return f"{round(100 * chance)}%"


# How many of a game's points a move lost against Hard's, by the unit the game counts (a lead
# over the best of the other seats, on average over the continuations).
POINTS_BELOW = {"point": "{n} point{s} below Hard's move on average",
                "card left": "{n} more card{s} left in hand than with Hard's move, on average",
                "card collected": "{n} more card{s} collected than with Hard's move, on average"}
POINTS_EVEN = {"point": "about as many points as Hard's move on average",
               "card left": "about as many cards left in hand as with Hard's move, on average",
               "card collected": "about as many cards collected as with Hard's move, on average"}
LEGEND = ("Best: as good as Hard's move \u00b7 Good: a little worse \u00b7 Costly: clearly worse "
          "(each by the one measure it names)")


def points_words(points: float, unit: str = "point") -> str:
    """The points a move lost against Hard's, in the game's own unit: "33 points below Hard's
    move on average", "2 more cards left in hand than with Hard's move, on average"."""
    whole = round(points)
    return POINTS_BELOW[unit].format(n=whole, s="s" if whole != 1 else "")


def cost_line(verdict) -> str:
    """The mark and the one measure that made it, in that measure's words: "Costly: win chance
    40% against 62% with Hard's move"; "Costly: 33 points below Hard's move on average; win chance
    92% either way"; in a solitaire, "Costly: 35% likelier to lose the deal at the next draw than
    Hard's move"; and the move after which the deal could no longer be won (as far as the player
    could know): "no win after it". A best move shows no cost."""
    mark = MARK_WORDS[verdict.mark]
    if verdict.forced:
        return f"{mark}: the only move"
    lost = "; no win after it" if verdict.lost_the_deal else ""
    if verdict.hard == verdict.played:
        return f"{mark}: Hard's own choice (win chance {percent(verdict.chance_played)}){lost}"
    if verdict.by_points:
        return f"{mark}: {points_cost_words(verdict)}; {chances_words(verdict)}{lost}"
    if verdict.by_risk:
        return f"{mark}: {risk_words(verdict)}{lost}"
    return f"{mark}: {chance_cost_words(verdict)}{lost}"


def points_cost_words(verdict) -> str:
    if verdict.mark == BEST:
        return POINTS_EVEN[verdict.unit]
    return points_words(verdict.points_cost, verdict.unit)


def chance_cost_words(verdict) -> str:
    """The win chances of a move marked by them: below Hard's move's (or too close to tell
    apart), as good, or above it."""
    played, hard = percent(verdict.chance_played), percent(verdict.chance_hard)
    if verdict.close and played != hard:
        return f"win chance {played} against {hard} with Hard's move, {too_close(verdict)}"
    if verdict.mark != BEST:
        return f"win chance {played} against {hard} with Hard's move"
    if played == hard:
        return f"win chance {played}, as with Hard's move"
    if verdict.chance_played > verdict.chance_hard:
        return f"win chance {played}, above Hard's move's {hard}"
    return f"win chance {played}, within 2% of Hard's move's {hard}"


def too_close(verdict) -> str:
    return f"too close to tell apart on {verdict.deals} deals" if verdict.deals else "too close to tell apart"


def risk_words(verdict) -> str:
    """How much likelier the move was to lose the deal at the next draw than Hard's move."""
    return f"{percent(verdict.risk)} likelier to lose the deal at the next draw than Hard's move"


def chances_words(verdict) -> str:
    """The win chances beside a move marked by its points: "win chance 92% either way", both
    where the chances could not be told apart ("too close to tell apart"), or both."""
    played, hard = percent(verdict.chance_played), percent(verdict.chance_hard)
    if played == hard:
        return f"win chance {played} either way"
    if verdict.close:
        return f"win chance {played} against {hard}, {too_close(verdict)}"
    return f"win chance {played} against {hard} with Hard's move"


MEASURE_NAMES = {"chance": "in win chance", "points": "in points", "risk": "in risk at the next draw"}


def summary_lines(verdicts, name: str) -> list[str]:
    """How many decisions of each mark; in a solitaire, the move after which the deal could no
    longer be won ("lost at move 14"); then the costliest decision by each measure that marked
    a decision good or costly (a cost in win chance is never weighed against one in points), or
    that none cost anything."""
    counts = Counter(v.mark for v in verdicts)
    total = len(verdicts)
    marks = " \u00b7 ".join(f"{counts[mark]} {MARK_WORDS[mark].lower()}" for mark in (BEST, GOOD, COSTLY))
    head = f"{whose(name, opening=True)} {total} decision{'s' if total != 1 else ''}:"
    lost = next((v.move for v in verdicts if v.lost_the_deal), None)
    if lost is not None:
        marks += f" \u00b7 lost at move {lost}"
    costliest = costliest_by_measure(verdicts)
    if not costliest:
        return [head, marks, "Every decision was as good as Hard's move."]
    return [head, marks] + [f"Costliest {MEASURE_NAMES[measure]}: move {v.move} ({cost_words(v)})"
                            for measure, v in costliest.items()]


def costliest_by_measure(verdicts) -> dict:
    """For each measure that marked some decision good or costly, the decision it marked
    costliest: its mark first, then what it lost by that measure."""
    found: dict = {}
    for verdict in verdicts:
        if verdict.mark == BEST or verdict.forced:
            continue
        held = found.get(verdict.measure)
        if held is None or costliness(verdict) > costliness(held):
            found[verdict.measure] = verdict
    return found


def cost_words(verdict) -> str:
    """A good or costly decision's cost by its measure, briefly."""
    if verdict.by_points:
        return points_words(verdict.points_cost, verdict.unit)
    if verdict.by_risk:
        return risk_words(verdict)
    return f"win chance {percent(verdict.chance_played)} against {percent(verdict.chance_hard)}"


def costliness(verdict) -> tuple:
    """What ranks decisions marked by one measure: the mark, then what that measure lost."""
    if verdict.by_points:
        return SEVERITY[verdict.mark], verdict.points_cost or 0.0
    return SEVERITY[verdict.mark], verdict.risk if verdict.by_risk else verdict.cost


# ---------------------------------------------------------------- the work, off the frame loop


class ReviewWork:
    """A Review made (by `make()`) and judged decision by decision in a worker thread (`Thinker`);
    `cancel()` stops it before its next decision (before it starts, if asked that early)."""

    def __init__(self, make: Callable[[], Review]) -> None:
        self.review: Review | None = None
        self.cancelled = threading.Event()
        self.thinker = Thinker(lambda: self._run(make))

    def _run(self, make: Callable[[], Review]) -> Review:
        review = make()
        self.review = review
        if self.cancelled.is_set():
            review.cancel()
        while review.step():
            pass
        return review

    def cancel(self) -> None:
        self.cancelled.set()
        if self.review is not None:
            self.review.cancel()

    @property
    def done(self) -> bool:
        return self.thinker.done

    @property
    def judged(self) -> tuple[int, int]:
        """(decisions judged, decisions in all); (0, 0) while the game is still being read."""
        review = self.review
        return (0, 0) if review is None else (len(review.verdicts), len(review.decisions))


# ---------------------------------------------------------------- the screen


def review_maker(saved, seat: int, budget: ReviewBudget | None) -> Callable[[], Review]:
    """What makes the review of `seat` in `saved` (a finished Session, or a networked game's
    playback as this device's seat saw it) in the worker, from what is read of it here."""
    if isinstance(saved, TableSession):
        save = saved.to_save()
        return lambda: Review(save, seat, budget)
    messages, names = saved.messages, list(saved.session.names)
    return lambda: SeenReview(messages, names, budget)


class ReviewScene(Replay):
    """The replay of `saved`'s last game from `seat`, its decisions judged (see the module);
    `saved` a finished Session, or a networked game as this device's seat saw it (its one seat)."""

    verdicts: list | None = None  # once the review is ready (None while the replay opens)
    focus_keys = "tab"  # Up and Down go from decision to decision

    def __init__(self, app, saved, seat: int, table_class: type, budget: ReviewBudget | None = None) -> None:
        super().__init__(app, saved, table_class)
        self.seat = seat
        self.name = self.session.names[seat]
        self.table.turns.viewer = seat  # the seat's own view: its hand shown, nobody else's
        self.work = ReviewWork(review_maker(saved, seat, budget))
        self.verdicts: list | None = None  # once the review is ready
        self.rows = 3  # the panel's lines (`layout`)
        self.table_text = resources.text_scale  # the table's text size: the one chosen, or smaller (`fit_table`)
        self.table_laid: tuple | None = None  # the room and text the table was last laid out for (`place_panel`)
        self.fitted: tuple | None = None  # the last layout's key, panel look and table text (`fit_table`)
        self.looks_kept: tuple | None = None  # the last panel looks measured, and for what (`panel_looks`)
        self.by_move: dict = {}
        self.failure = ""
        self.shown_judged = None  # the progress the last frame drew
        self.cancel_button = Button("Cancel", self.cancel, color=theme.BUTTON_STOP)
        self.close_button = Button("Close", app.pop)
        self.buttons = [Button("\u25c0\u25c0", lambda: self.go(-10**9)), Button("\u25c0", lambda: self.go(-1)),
                        Button("\u25b6", lambda: self.go(1)), Button("\u25b6\u25b6", lambda: self.go(10**9)),
                        Button("\u25c0 Costly", lambda: self.jump_costly(-1)),
                        Button("Costly \u25b6", lambda: self.jump_costly(1)), self.close_button]

    @property
    def ready(self) -> bool:
        return self.verdicts is not None

    def cancel(self) -> None:
        """Stop the judging and close the review."""
        self.work.cancel()
        self.app.pop()

    # -- the work's progress

    def update(self, dt: float) -> None:
        """Take the progress this frame shows; once the work is over, its review (or why not)."""
        self.shown_judged = self.work.judged
        if self.ready or self.failure or not self.work.done:
            return
        thinker = self.work.thinker
        if isinstance(thinker.error, (SaveError, ValueError, KeyError, TypeError)):
            self.failure = f"This game cannot be reviewed: {thinker.error}"
        elif thinker.error is not None:
            raise thinker.error
        else:
            self.review_ready(thinker.result)
        self.layout(self.app.size)

    def review_ready(self, review: Review) -> None:
        self.verdicts = list(review.verdicts)
        self.by_move = {v.move: v for v in self.verdicts}
        if self.verdicts:
            self.go_to_decision(self.verdicts[0])

    def animating(self) -> bool:
        """Only while the work has news to draw: another decision judged, or the end."""
        if self.ready or self.failure:
            return False
        return self.work.done or self.work.judged != self.shown_judged

    # -- moving through the game

    def go_to_decision(self, verdict) -> None:
        """The table as the seat saw it when it decided."""
        self.go(verdict.move - 1 - self.step)

    def jump(self, direction: int, marks: tuple[str, ...]) -> None:
        """To the seat's next (1) or previous (-1) decision of one of `marks`, from the one shown."""
        here = self.step + 1
        found = [v for v in self.verdicts or () if v.mark in marks and (v.move > here if direction > 0 else v.move < here)]
        if found:
            self.go_to_decision(found[0] if direction > 0 else found[-1])

    def jump_costly(self, direction: int) -> None:
        self.jump(direction, (COSTLY,))

    def told_more(self) -> list[str]:
        """The verdict of the decision shown, as the panel reads it (once the review is ready)."""
        if not self.ready:
            return []
        return [text for text, _ink in self.verdict_texts(*self.verdict_shown())]

    def step_label(self, step: int) -> str:
        return self.step_text(step) if self.ready else super().step_label(step)

    def verdict_shown(self) -> tuple[object, bool]:
        """The verdict the panel tells: the seat's decision at this position (the move about to be
        made), else the move just made by it; and whether it is the one just made."""
        if self.step + 1 in self.by_move:
            return self.by_move[self.step + 1], False
        return self.by_move.get(self.step), self.step in self.by_move

    # -- layout

    def layout(self, size) -> None:
        """The bar's controls, the panel over them and the table over the panel. The panel is as
        full as leaves the table TABLE_LEAST of the window; then it yields more where the table's
        board cards would be too small to read (`fit_table`)."""
        w, h = size
        gap = self.px(theme.SPACE_NARROW)
        verdict_w = int(w * 0.64) - gap
        summary_w = w - verdict_w - 4 * gap
        label_w = text_width(self.move_words(len(self.playback) - 1, ahead=True), self.px(theme.TEXT_BODY)) + self.px(STEP_LABEL_PADDING)
        controls_h = self.place_controls(h, w, label_w, self.px(BAR_H))
        room_h = int(h * (1 - TABLE_LEAST)) - controls_h - 2 * gap
        looks = self.panel_looks(verdict_w, summary_w, w - 2 * gap)
        first = next((i for i, look in enumerate(looks) if look.height <= room_h), len(looks) - 1)
        self.fit_table(size, looks[first:], controls_h)
        self.verdict_box = pygame.Rect(gap, self.bar.y + gap, verdict_w, self.lines_h - 2 * gap)
        self.summary_box = pygame.Rect(self.verdict_box.right + 2 * gap, self.verdict_box.y, summary_w,
                                       self.verdict_box.h)
        self.layout_progress(size)
        costly = any(v.mark == COSTLY for v in self.verdicts or ())
        for button in self.buttons[4:6]:
            button.enabled = costly

    def panel_looks(self, verdict_w: int, summary_w: int, legend_w: int) -> list[PanelLook]:
        """The panel's looks, fullest first, in the order it yields room to the table: at each of
        its lines' sizes (the chosen first, then smaller ones, never under Normal's) the lines the
        longest verdict needs, then a line fewer at a time down to those the verdicts need
        without their bracketed details (a verdict longer than the lines kept goes without them),
        then without the legend (each verdict names its mark). Kept for the same widths and text
        sizes (a window resized only in height, a change of looks that moves no text)."""
        body, small, scale = self.px(theme.TEXT_BODY), self.px(theme.TEXT_SMALL), resources.text_scale
        key = (verdict_w, summary_w, legend_w, body, small, scale, self.ready)
        if self.looks_kept is None or self.looks_kept[0] != key:
            self.looks_kept = (key, self.measured_looks(verdict_w, summary_w, legend_w))
        return self.looks_kept[1]

    def measured_looks(self, verdict_w: int, summary_w: int, legend_w: int) -> list[PanelLook]:
        """`panel_looks` measured: the panel's texts made once, then wrapped at each size."""
        full_texts = [[text for text, _ink in self.verdict_texts(None, False)]] + \
                     [[text for text, _ink in self.verdict_texts(v, True)] for v in self.verdicts or ()]
        bare_texts = [[re.sub(DETAILS, "", text) for text in texts] for texts in full_texts]
        summary = summary_lines(self.verdicts, self.name) if self.verdicts is not None else []
        looks: list[PanelLook] = []
        body, small, scale = self.px(theme.TEXT_BODY), self.px(theme.TEXT_SMALL), resources.text_scale
        for shrink in PANEL_SHRINKS:
            line_size = max(round(body * shrink), round(body / scale))
            legend_size = max(round(small * shrink), round(small / scale))
            if looks and (line_size, legend_size) == looks[-1][:2]:
                continue
            legend_h = len(wrap(LEGEND, legend_size, legend_w)) * line_height(legend_size)
            full = panel_rows(full_texts, summary, line_size, verdict_w, summary_w)
            bare = panel_rows(bare_texts, summary, line_size, verdict_w, summary_w)
            looks += [PanelLook(line_size, legend_size, rows, legend_h) for rows in range(full, bare - 1, -1)]
            looks.append(PanelLook(line_size, legend_size, bare, 0))
        return looks

    def fit_table(self, size, looks: list[PanelLook], controls_h: int) -> None:
        """The panel in the first of `looks` that leaves the table's board cards readable
        (`board_cards`: a chain of the solitaire at the largest text was left 16 px cards), the
        table's text at the size chosen; where none does, the same with the table's text a size
        smaller at a time, never under Normal (the panel's text keeps the size chosen); where none
        does still, the look and size that leave the cards widest. The fullest look is tried,
        then the smallest, and between them the first that does is found by halving.

        Each try lays the table out, the costly part (a dragged window lays the review out many
        times): looks as tall as one tried are not laid out again (`place_panel`), and the choice
        is kept for the window's size, the text and card sizes and the move shown (`fit_key`), so
        that the same layout again lays the table out once."""
        key = self.fit_key(size)
        self.table_laid = None
        if self.fitted is not None and self.fitted[0] == key:
            self.place_panel(size, self.fitted[1], controls_h, self.fitted[2])
            return
        look, table_text = self.readable_look(size, looks, controls_h)
        self.place_panel(size, look, controls_h, table_text)
        self.fitted = (key, look, table_text)

    def fit_key(self, size) -> tuple:
        """What the table's layout in a review depends on besides the panel: the window's size,
        the text and card sizes, the move shown, whose view and whether the verdicts are in."""
        return (tuple(size), resources.text_scale, self.app.settings.get("card_size"), self.step, self.table.turns.viewer,
                self.ready)

    def readable_look(self, size, looks: list[PanelLook], controls_h: int) -> tuple[PanelLook, float]:
        """The look and table text `fit_table` chooses (the table laid out at the last tried)."""
        widest: tuple | None = None
        cards_at: dict[tuple[int, float], tuple | None] = {}  # the board's cards by panel height and table text

        def readable(index: int, table_text: float) -> bool:
            nonlocal widest
            tried = (looks[index].height, table_text)
            if tried not in cards_at:
                self.place_panel(size, looks[index], controls_h, table_text)
                cards_at[tried] = self.table.board_cards()
            cards = cards_at[tried]
            if cards is not None and (widest is None or cards[0] > widest[0]):
                widest = (cards[0], index, table_text)
            return cards is None or cards[0] >= cards[1]

        for table_text in [resources.text_scale] + [scale for scale in sorted(resources.TEXT_SIZES.values(), reverse=True)
                                                   if scale < resources.text_scale]:
            if readable(0, table_text):
                return looks[0], table_text
            if readable(len(looks) - 1, table_text):
                low, high = 1, len(looks) - 1
                while low < high:
                    middle = (low + high) // 2
                    low, high = (low, middle) if readable(middle, table_text) else (middle + 1, high)
                return looks[high], table_text
        return looks[widest[1]], widest[2]

    def place_panel(self, size, look: PanelLook, controls_h: int, table_text: float) -> None:
        """The panel in `look` over the bar's controls, and the table over it with its text at
        `table_text` (its drawing too: `draw_position`); the table is not laid out again where
        it was last laid out for the same room and text (`table_laid`, forgotten as `fit_table`
        starts anew)."""
        w, h = size
        gap = self.px(theme.SPACE_NARROW)
        self.line_size, self.legend_size, self.rows, legend_h = look
        self.lines_h = self.rows * line_height(self.line_size) + 2 * gap
        self.bar = pygame.Rect(0, h - controls_h - self.lines_h - legend_h, w, controls_h + self.lines_h + legend_h)
        self.legend_box = pygame.Rect(gap, self.bar.y + self.lines_h - gap // 2, w - 2 * gap, legend_h)
        self.table_text = table_text
        room = (w, self.bar.y, table_text)
        if room != self.table_laid:
            with resources.text_scaled(table_text):
                self.table.layout((w, self.bar.y))
            self.table_laid = room

    def layout_progress(self, size) -> None:
        """The box that shows the work's progress (or why it failed), and its button."""
        w, h = size
        gap = self.px(theme.SPACE_WIDE)
        self.progress_box = pygame.Rect(0, 0, min(w - 2 * gap, self.px(PROGRESS_MAX_W)), 0)
        button = self.close_button if self.failure else self.cancel_button
        bw, bh = max(self.px(PROGRESS_BUTTON_MIN_W), button.needed(self.px(theme.TEXT_CONTROL))[0]), max(self.px(PROGRESS_BUTTON_MIN_H), button.needed(self.px(theme.TEXT_CONTROL))[1])
        self.progress_box.h = line_height(self.px(theme.TEXT_HEADING), bold=True) + line_height(self.px(theme.TEXT_LABEL)) + self.px(theme.SPACE) + bh + 5 * gap
        self.progress_box.center = (w // 2, h // 2)
        self.progress_bar = pygame.Rect(self.progress_box.x + gap, self.progress_box.bottom - bh - 2 * gap - self.px(theme.SPACE),
                                        self.progress_box.w - 2 * gap, self.px(theme.SPACE))
        button.rect = pygame.Rect(self.progress_box.centerx - bw // 2, self.progress_box.bottom - bh - gap, bw, bh)

    def step_text(self, step: int) -> str:
        """Where the track stands, numbered as the panel numbers the moves: before the move the
        panel judges (the decision about to be made; the deal, before move 1), else after the
        move just made."""
        if step == 0 or step + 1 in self.by_move:
            return self.move_words(step + 1, ahead=True)
        return self.move_words(step, ahead=False)

    def move_words(self, move: int, ahead: bool) -> str:
        return f"{'before' if ahead else 'after'} move {move} of {len(self.playback) - 1}"

    # -- input

    def handle(self, event) -> None:
        if not self.ready:
            button = self.close_button if self.failure else self.cancel_button
            if keymap.ESCAPE.pressed(event):
                button.on_click()
            else:
                button.handle(event)
            return
        if event.type == pygame.KEYDOWN:
            if keymap.ESCAPE.pressed(event):
                self.app.pop()
            elif keymap.pressed_in(STEP_KEYS, event) is not None:
                self.go(keymap.pressed_in(STEP_KEYS, event))
            elif keymap.pressed_in(DECISION_KEYS, event) is not None:
                self.jump(keymap.pressed_in(DECISION_KEYS, event), (BEST, GOOD, COSTLY))
            elif keymap.pressed_in(COSTLY_KEYS, event) is not None:
                self.jump_costly(keymap.pressed_in(COSTLY_KEYS, event))
            else:
                self.table.speaker.read(event)
            return
        self.handle_pointer(event)

    # -- drawing

    def draw(self, screen) -> None:
        if not self.ready:
            with unrecorded(), resources.text_scaled(self.table_text):  # shaded under the progress
                self.table.draw(screen)
            pygame.draw.rect(screen, theme.PANEL, self.bar)
            shade = pygame.Surface(self.app.size, pygame.SRCALPHA)
            shade.fill((0, 0, 0, 150))
            screen.blit(shade, (0, 0))
            self.draw_progress(screen)
            return
        self.draw_position(screen)
        self.light_hard_move(screen)
        pygame.draw.rect(screen, theme.PANEL, self.bar)
        self.draw_verdict(screen)
        draw_lines_in(screen, summary_lines(self.verdicts, self.name), self.line_size, theme.INK_DIM, self.summary_box)
        if self.legend_box.h:
            draw_lines_in(screen, [LEGEND], self.legend_size, theme.INK_DIM, self.legend_box)
        for button in self.buttons:
            button.draw(screen, self.px(theme.TEXT_CONTROL))
        self.draw_track(screen)
        draw_text(screen, self.step_text(self.step), self.px(theme.TEXT_BODY), theme.INK,
                  (self.bar.right - self.px(theme.SPACE_CLOSE), self.track.centery), "midright")

    def draw_position(self, screen) -> None:
        """The table at the move shown, its text at the size it was laid out at (`fit_table`)."""
        with resources.text_scaled(self.table_text):
            super().draw_position(screen)

    def light_hard_move(self, screen) -> None:
        """At a decision Hard would have made otherwise, where Hard's move goes is framed on the
        table (the panel names it)."""
        verdict, just_made = self.verdict_shown()
        if verdict is None or just_made or verdict.hard is None or verdict.hard == verdict.played:
            return
        spot = self.table.action_spot(verdict.hard)
        if spot is not None:
            cardart.chosen_frame(screen, spot, max(2, self.px(MARK_LINE)))

    def verdict_texts(self, verdict, just_made: bool) -> list[tuple[str, tuple]]:
        """The panel's lines about `verdict` (or that the move shown is not the seat's), with inks."""
        if verdict is None:
            return [(f"Not {whose(self.name)} decision.", theme.INK), (keymap.help_line(keymap.REVIEW_KEYS) + ".", theme.INK_DIM)]
        when = " (just made)" if just_made else ""
        return [(cost_line(verdict), MARK_INKS[verdict.mark]),
                (f"Move {verdict.move}{when}: {played_line(verdict, self.name)}", theme.INK),
                (hard_line(verdict, self.name), theme.INK)]

    def draw_verdict(self, screen) -> None:
        verdict, just_made = self.verdict_shown()
        box = self.verdict_box
        if verdict is not None:
            pygame.draw.rect(screen, MARK_TICKS[verdict.mark], (0, box.y, self.px(theme.SPACE_SNUG), box.h))
        texts = self.verdict_texts(verdict, just_made)
        lines = self.verdict_lines(texts, box.w, details=True)
        if len(lines) > self.rows:  # its details go where the panel's lines cannot hold them
            lines = self.verdict_lines(texts, box.w, details=False)
        for i, (line, ink) in enumerate(lines):
            draw_text(screen, line, self.line_size, ink, (box.x, box.y + i * line_height(self.line_size)), box=box)

    def verdict_lines(self, texts: list[tuple[str, tuple]], width: int, details: bool) -> list[tuple[str, tuple]]:
        """A verdict's texts wrapped to `width` at the panel's lines' size, with their inks;
        without their bracketed details unless told (a chain's cards: the table shows the chain
        played)."""
        return [(line, ink) for text, ink in texts
                for line in wrap(text if details else re.sub(DETAILS, "", text), self.line_size, width)]

    def draw_track(self, screen) -> None:
        """The moves as a bar, the seat's decisions ticked on it in their marks' colours."""
        pygame.draw.rect(screen, theme.FELT_DARK, self.track, border_radius=5)
        done = self.track.copy()
        last = max(1, len(self.playback) - 1)
        done.w = int(self.track.w * self.step / last)
        pygame.draw.rect(screen, theme.GOLD, done, border_radius=5)
        tall = self.px(theme.SPACE_NARROW)
        for verdict in sorted(self.verdicts, key=lambda v: v.mark == COSTLY):
            x = self.track.x + int(self.track.w * (verdict.move - 1) / last)
            rise = tall if verdict.mark == COSTLY else tall // 2
            pygame.draw.rect(screen, MARK_TICKS[verdict.mark], (x, self.track.y - rise, max(2, self.px(MARK_LINE)),
                                                                self.track.h + 2 * rise))

    def draw_progress(self, screen) -> None:
        """The box over the table while the review is being made (or why it cannot be)."""
        box = self.progress_box
        panel(screen, box, edge=theme.GOLD, radius=14)
        gap = self.px(theme.SPACE_WIDE)
        title = f"Reviewing {whose(self.name)} decisions"
        draw_text(screen, fit_text(title, self.px(theme.TEXT_HEADING), box.w - 2 * gap, bold=True),
                  self.px(theme.TEXT_HEADING), theme.GOLD,
                  (box.centerx, box.y + gap), "midtop", bold=True, box=box)
        judged, total = self.shown_judged or (0, 0)
        if self.failure:
            detail = self.failure
        elif total:
            detail = f"The Hard computer weighs each one: {judged} of {total}"
        else:
            detail = "Reading the game\u2026"
        draw_text(screen, fit_text(detail, self.px(theme.TEXT_LABEL), box.w - 2 * gap), self.px(theme.TEXT_LABEL), theme.INK,
                  (box.centerx, box.y + gap + line_height(self.px(theme.TEXT_HEADING), bold=True) + gap // 2), "midtop", box=box)
        if not self.failure:
            pygame.draw.rect(screen, theme.FELT_DARK, self.progress_bar, border_radius=6)
            filled = self.progress_bar.copy()
            filled.w = int(self.progress_bar.w * judged / total) if total else 0
            pygame.draw.rect(screen, theme.GOLD, filled, border_radius=6)
        (self.close_button if self.failure else self.cancel_button).draw(screen, self.px(theme.TEXT_CONTROL))


def panel_rows(panels: list[list[str]], summary: list[str], size: int, verdict_w: int, summary_w: int) -> int:
    """Lines enough at `size` for the longest of the verdicts' `panels` (each a verdict's texts,
    with their bracketed details or without) and the `summary`, each wrapped to its box (three at
    least). Each text is wrapped once for each size and width (`wrapped_rows`): verdicts repeat
    their words, and the looks ask again without the details, where most texts have none."""
    scale = resources.text_scale
    rows = [sum(wrapped_rows(text, size, verdict_w, scale) for text in texts) for texts in panels]
    rows.append(sum(wrapped_rows(text, size, summary_w, scale) for text in summary))
    return max(3, *rows)


@lru_cache(maxsize=4096)  # a review's texts at a window's sizes and widths: a few thousand
def wrapped_rows(text: str, size: int, width: int, _scale: float) -> int:
    """The lines `text` wraps to at `size` in `width` pixels at the text size `_scale`: one where
    it fits whole (measured once, where wrapping measures it word by word)."""
    if text and text == " ".join(text.split()) and text_width(text, size) <= width:
        return 1
    return len(wrap(text, size, width))


def draw_lines_in(screen, lines: list[str], size: int, ink, box: pygame.Rect) -> None:
    """Lines from the top of `box`, each wrapped to its width."""
    draw_lines(screen, [line for text in lines for line in wrap(text, size, box.w)], size, ink, box.topleft, box=box)


# ---------------------------------------------------------------- whose decisions


def reviewable_seats(saved) -> list[int]:
    """The seats a review can judge: those people played (the computers' are not reviewed); of a
    networked game as this device's seat saw it (a playback), that seat."""
    if not isinstance(saved, TableSession):
        return list(saved.viewers) if saved.session.game_over else []
    return list(saved.human_seats) if saved.game_over else []


class SeatChoice(Scene):
    """Which person's decisions to review, when several played at the table."""

    def __init__(self, app, saved: TableSession, seats: list[int], on_choose) -> None:
        super().__init__(app)
        self.seat_buttons = [Button(saved.names[seat], lambda s=seat: on_choose(s)) for seat in seats]
        self.back = Button("Cancel", app.pop)

    def covers(self) -> bool:
        return False

    def layout(self, size) -> None:
        w, h = size
        gap = self.px(theme.SPACE_WIDE)
        width = min(w - 2 * gap, self.px(CHOOSER_W))
        buttons = self.seat_buttons + [self.back]
        bh = max(self.px(BACK_MIN_H), self.back.needed(self.px(theme.TEXT_CONTROL))[1])
        title_h = line_height(self.px(theme.TEXT_HEADING), bold=True)
        self.box = pygame.Rect(0, 0, width, title_h + len(buttons) * (bh + gap) + 2 * gap)
        self.box.center = (w // 2, h // 2)
        y = self.box.y + gap + title_h + gap
        for button in buttons:
            button.rect = pygame.Rect(self.box.x + gap, y, width - 2 * gap, bh)
            y += bh + gap

    def handle(self, event) -> None:
        if keymap.ESCAPE.pressed(event):
            self.app.pop()
            return
        for button in self.seat_buttons + [self.back]:
            if button.handle(event) and event.type == pygame.MOUSEBUTTONUP:
                break

    def draw(self, screen) -> None:
        shade = pygame.Surface(self.app.size, pygame.SRCALPHA)
        shade.fill((0, 0, 0, 150))
        screen.blit(shade, (0, 0))
        panel(screen, self.box, edge=theme.GOLD, radius=14)
        draw_text(screen, fit_text("Review whose decisions?", self.px(theme.TEXT_HEADING), self.box.w - self.px(TITLE_PADDING), bold=True),
                  self.px(theme.TEXT_HEADING), theme.GOLD, (self.box.centerx, self.box.y + self.px(theme.SPACE_WIDE)), "midtop", bold=True,
                  box=self.box)
        for button in self.seat_buttons:
            button.draw(screen, self.px(theme.TEXT_CONTROL))
        self.back.draw(screen, self.px(theme.TEXT_CONTROL))
