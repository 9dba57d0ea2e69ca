"""What the screens that reach a table share (joining one, setting one up on a server): a message
laid out as it changes, and each frame the attempt to connect and then the table's answers read."""

from __future__ import annotations

from scenes.speech import speech


class ReachesTable:
    """Mixed in before `Scene`. The screen keeps `_message`, and, where it connects, `connecting`
    (the attempt, a `Thinker`), `client`, `unread`, and answers with `connected` and `take`."""

    @property
    def message(self) -> str:
        return self._message

    @message.setter
    def message(self, words: str) -> None:
        """A new message, laid out at once (it takes the lines it wraps to) and said: a player
        who cannot see the screen hears "Connecting to …", the seats offered, a refusal."""
        if words and words != self._message:
            speech().say(words)
        self._message = words
        self.layout(self.app.size)

    def read_answers(self) -> None:
        """The attempt to connect, once it is done; then the table's messages, each taken in
        order, until the connection is gone or the screen has made way for another."""
        if self.connecting is not None and self.connecting.done:
            self.connected(self.connecting)
        if self.client is None:
            return
        for message in self.client.poll():
            self.unread.append(message)
            self.take(message)
            if self.client is None or self.app.top is not self:
                return
