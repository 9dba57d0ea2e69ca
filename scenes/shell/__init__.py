"""The app itself: the window and its scene stack, the screens that open one another, the
executable's entry point, the crash screen, the smoke run, the Linux desktop entry."""
