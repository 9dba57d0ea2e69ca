"""Speech for players who play by ear: the one service every scene speaks through."""

from scenes.speech.backends import LOG_VARIABLE, RATES
from scenes.speech.service import MODES, VERBOSITIES, Speech, speech

__all__ = ["LOG_VARIABLE", "MODES", "RATES", "VERBOSITIES", "Speech", "speech"]
