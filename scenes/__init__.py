"""Chain Table's pygame layer: it draws views, turns the mouse into actions, animates events."""
