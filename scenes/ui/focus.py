"""The keyboard focus of a screen: Tab and Shift+Tab (and Up and Down, where the screen uses them
for nothing else) go from control to control; Left and Right change a chooser or a number; Enter
or Space press the button the focus is on. Each control is said as the focus lands on it, in its
own words (widgets.announce).

The focus shows only once the player moves it: until then Enter and Space keep their meaning on
each screen (the harmless answer of a dialog, Start on a setup), and a player using the mouse
sees no ring.

Which controls: the ones the screen lists (`Scene.focusables`), else every control it drew in its
last frame, in reading order (top to bottom, then left to right).
"""

from __future__ import annotations

from scenes.ui import keymap
from scenes.ui.widgets import Button, Cycler, NumberField, TextField, announce

FOCUS_KEYS = ("all", "tab", "none")  # a screen's choice (Scene.focus_keys)


class FocusRing:
    def __init__(self) -> None:
        self.control = None  # the control the focus is on; None until the player moves it
        self.index = 0  # its place among the controls
        self.drawn: list = []  # the controls drawn in the screen's last frame

    def drawn_anew(self, drawn: list, scene) -> bool:
        """The screen drew `drawn`. A screen that makes its controls anew as it lays out (a list's
        rows) keeps the focus on the control now in the same place; whether it moved to another
        object (the ring is then drawn on the next frame)."""
        self.drawn = drawn
        if self.control is None or scene.focusables() is not None or self.control in drawn:
            return False
        same = [c for c in drawn if type(c) is type(self.control) and c.rect == self.control.rect]
        controls = self.controls(scene)
        if same:
            self.control = same[0]
        else:
            self.control = controls[min(self.index, len(controls) - 1)] if controls else None
        return self.control is not None

    def controls(self, scene) -> list:
        listed = scene.focusables()
        if listed is not None:
            return list(listed)
        shown = [control for control in self.drawn if control.rect.w and control.rect.h]
        return sorted(shown, key=lambda control: (control.rect.y, control.rect.x))

    def handle(self, event, scene) -> bool:
        """Move the focus, change or press the focused control; whether `event` was taken."""
        if scene.focus_keys == "none":
            return False
        if keymap.NEXT_CONTROL.pressed(event) or keymap.PREVIOUS_CONTROL.pressed(event):
            self.move(scene, 1 if keymap.NEXT_CONTROL.pressed(event) else -1)
            return True
        if scene.focus_keys == "tab":
            return self.on_focused(event, scene)
        if (keymap.UP.pressed(event) or keymap.DOWN.pressed(event)) and not isinstance(self.control, NumberField):
            self.move(scene, 1 if keymap.DOWN.pressed(event) else -1)
            return True
        return self.on_focused(event, scene)

    def on_focused(self, event, scene) -> bool:
        """Left and Right on a chooser or a number, Enter or Space on a button or a chooser."""
        control = self.control
        if control is None or control not in self.controls(scene):
            return False
        sideways = 1 if keymap.RIGHT.pressed(event) else -1 if keymap.LEFT.pressed(event) else 0
        pressed = keymap.ENTER.pressed(event) or keymap.SPACE.pressed(event)
        if isinstance(control, Cycler) and (sideways or pressed):
            control.step(sideways or 1)
        elif isinstance(control, NumberField) and sideways and control.enabled:
            control.stepped(sideways)
            announce(control)
        elif isinstance(control, Button) and pressed:
            control.press()
        else:
            return False
        scene.layout(scene.app.size)
        return True

    def move(self, scene, delta: int) -> None:
        """The focus to the next control (`delta` 1) or the one before (-1), round the end."""
        controls = self.controls(scene)
        if not controls:
            return
        current = self.control or next((c for c in controls if getattr(c, "focused", False)), None)
        if current in controls:
            index = (controls.index(current) + delta) % len(controls)
        else:
            index = 0 if delta > 0 else len(controls) - 1
        self.land(scene, controls[index], controls)

    def land(self, scene, control, controls) -> None:
        """The focus on `control`: typing goes to it if it is a field (and to no other field)."""
        for other in controls:
            if isinstance(other, (TextField, NumberField)) and other is not control and other.focused:
                other.focus(False)
        if isinstance(control, (TextField, NumberField)):
            control.focus(True)
        self.control, self.index = control, controls.index(control)
        scene.reveal(control)
        announce(control)
