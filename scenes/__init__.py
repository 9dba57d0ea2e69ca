"""Chain Table's pygame layer: it draws views, turns the mouse into actions, animates events."""

import os

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
