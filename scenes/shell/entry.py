"""The executable's entry point: PyInstaller runs this file as a script, outside the package."""

import sys

from scenes.__main__ import main

sys.exit(main())
