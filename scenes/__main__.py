"""Start Chain Table: `python -m scenes` or the `chaintable` command."""

from __future__ import annotations

import argparse
import sys


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="chaintable", description="Chain Table: five chain-building card games.")
    parser.add_argument("--version", action="store_true", help="print the version and exit")
    args = parser.parse_args(argv)
    if args.version:
        from importlib.metadata import PackageNotFoundError, version

        try:
            print(f"Chain Table {version('chain-table')}")
        except PackageNotFoundError:
            print("Chain Table")
        return 0
    from .app import App
    from .menu import MainMenu

    app = App()
    app.push(MainMenu(app))
    app.run()
    return 0


if __name__ == "__main__":
    sys.exit(main())
