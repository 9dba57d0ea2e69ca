"""LINX's points at the table: each seat's scoring cards and points in its box, the match so far
in the top bar and, when a game ends, the results: each seat's cards and total and, in match
play, the bonus, the match table and what happens next (another game, a tie-break among the tied
seats, or the match won)."""

from __future__ import annotations

from game.linx.rules import bonuses, game_points
from game.wording import acts


class LinxScores:
    def __init__(self, session) -> None:
        self.session = session

    @property
    def public_view(self):
        """The game as every seat sees it: the scores and the match are public."""
        return self.session.stream(None).view

    def match_line(self) -> str:
        """In match play, the match so far (scores before this game) and the target; else ""."""
        view = self.public_view
        if not view.match:
            return ""
        scores = "   ".join(f"{name} {score}" for name, score in zip(self.session.names, view.match_scores))
        game = "tie-break game" if view.tiebreak else f"game {self.session.game_number + 1}"
        return f"Match to {view.target}  \u00b7  {game}  \u00b7  {scores}"

    @staticmethod
    def seat_shown(view, seat: int) -> list:
        """The scoring cards the seat claimed, highest first."""
        return sorted(view.claimed[seat], key=lambda s: (-s.points, -s.length))

    @staticmethod
    def seat_note(view, seat: int, shown: bool) -> str:
        """Points, and which cards make them where the cards themselves are not `shown`."""
        claimed = view.claimed[seat]
        note = f"{game_points(claimed)} pts"
        if claimed and not shown:
            note += " (" + ", ".join(str(s.points) for s in claimed) + ")"
        if view.match:
            note += f" \u00b7 match {view.match_scores[seat]}"
        return note

    def match_totals(self) -> tuple[int, ...]:
        """Each seat's match score with the finished game counted (as the rules count it)."""
        return self.session.rules.match_totals(self.public_view)

    def counts_wins(self) -> bool:
        """A match is kept by points: the session's wins count only outside one."""
        return not self.public_view.match

    def headline(self) -> str:
        view = self.public_view
        if not view.match or not self.session.session_over:
            return ""
        champion = self.session.names[self.session.rules.match_winners(self.public_view)[0]]
        return f"{acts(champion, 'wins')} the match!"

    def note(self) -> str:
        """The match table: every seat's match score, and what happens next."""
        view = self.public_view
        if not view.match:
            return ""
        totals = self.match_totals()
        order = sorted(range(view.players), key=lambda seat: -totals[seat])
        table = ", ".join(f"{self.session.names[seat]} {totals[seat]}" for seat in order)
        if self.session.session_over:
            return f"Match to {view.target}: {table}."
        following = self.session.next_game_config()
        if following.get("tiebreak"):
            tied = " and ".join(self.session.names[seat] for seat in following["seats_in"])
            return f"Match to {view.target}: {table}. Tied at the top: {tied} play another game to settle it."
        return f"Match to {view.target}: {table}. The match goes on."

    def rows(self):
        """Each seat's scoring cards and total (with the cards that break a tie on points); in
        match play the bonus and the match score."""
        view = self.public_view
        bonus = bonuses(view.claimed, view.seats_in) if view.match and not view.tiebreak else {}
        points = {seat: game_points(view.claimed[seat]) for seat in view.seats_in}
        totals = self.match_totals() if view.match else ()
        rows = []
        for seat in view.seats_in:
            claimed = tuple(sorted(view.claimed[seat], key=lambda s: -s.points))
            summary = f"{points[seat]} points"
            if sum(1 for other in view.seats_in if points[other] == points[seat]) > 1 and claimed:
                summary += " \u00b7 tie-break " + ", ".join(str(s.points) for s in claimed)
            if view.match and view.tiebreak:
                summary += f" \u00b7 match {totals[seat]}/{view.target} (this game settles the tie)"
            elif view.match:
                summary += f" \u00b7 +{bonus.get(seat, 0)} bonus \u00b7 match {totals[seat]}/{view.target}"
            rows.append((seat, claimed, summary))
        return rows
