"""What every screen draws with: widgets, the theme, fonts and assets, card art, motion, sounds."""
