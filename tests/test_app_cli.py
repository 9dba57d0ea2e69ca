"""The executable's flags, its desktop entry, and what a crash leaves behind."""

from __future__ import annotations

import sys
import tomllib
from pathlib import Path

import pygame
import pytest

from game import storage
from game.net import command
from scenes import __main__ as entry
from scenes.shell.app import App
from scenes.ui.scene import Scene
from scenes.shell.desktop import install_desktop_entry


def test_version_flag_prints_the_version_in_pyproject(capsys):
    pyproject = tomllib.loads((Path(__file__).resolve().parents[1] / "pyproject.toml").read_text(encoding="utf-8"))
    assert entry.main(["--version"]) == 0
    assert capsys.readouterr().out.strip() == f"Chain Table {pyproject['project']['version']}"


def test_smoke_flag_draws_every_scene_and_touches_no_saved_game(capsys):
    storage.save_settings({"computer_speed": "slow"})
    settings = storage.data_dir() / "settings.json"
    before = settings.read_text()
    saved_game = storage.autosave_path()
    assert entry.main(["--smoke"]) == 0
    assert "scenes drawn" in capsys.readouterr().out
    assert settings.read_text() == before
    assert not saved_game.exists()


def test_desktop_entry_points_at_this_program_with_its_icon(tmp_path):
    path = install_desktop_entry(home=tmp_path)
    text = path.read_text()
    assert path == tmp_path / ".local/share/applications/chaintable.desktop"
    assert "Name=Chain Table" in text and "Terminal=false" in text
    icon = tmp_path / ".local/share/icons/hicolor/256x256/apps/chaintable.png"
    assert f"Icon={icon}" in text and icon.stat().st_size > 0
    assert f'Exec="{sys.executable}"' in text, "this Python, or the executable itself, is what the entry runs"


class Exploding(Scene):
    def draw(self, screen) -> None:
        raise RuntimeError("boom")


def test_a_crash_writes_a_report_and_shows_an_error_screen(monkeypatch):
    shown = []

    def fake_app(**_options):
        app = App()
        app.push(Exploding(app))
        return app

    monkeypatch.setattr("scenes.shell.screens.open_app", fake_app)
    monkeypatch.setattr("scenes.shell.crash.show_crash", lambda app, report: shown.append(report))
    assert entry._play(demo=False) == 1
    reports = list(storage.log_dir().glob("crash-*.log"))
    assert len(reports) == 1 and "RuntimeError: boom" in reports[0].read_text()
    assert shown == [str(reports[0])]
    pygame.display.init()


def help_prose(capsys, run) -> list[str]:
    """The paragraphs of a command's --help that are words (not its usage or its options), each on one line."""
    with pytest.raises(SystemExit) as leaving:
        run()
    assert leaving.value.code == 0
    paragraphs = capsys.readouterr().out.split("\n\n")
    return [" ".join(p.split()) for p in paragraphs if p.strip() and not p.startswith(("usage:", "options:"))]


@pytest.mark.parametrize("name, run", [("chaintable-server", lambda: command.main(["--help"])),
                                       ("chaintable --server", lambda: entry.main(["--server", "--help"]))])
def test_the_servers_help_is_whole_every_sentence_ended(capsys, name, run):
    prose = help_prose(capsys, run)
    assert len(prose) == 2, prose
    assert all(paragraph.endswith(".") for paragraph in prose), prose
    assert prose[0].startswith(f"{name}: the table server") and "sets the table up from the app." in prose[0]
    assert "It runs until stopped (Ctrl+C, or a TERM signal" in prose[1] and "docs/SERVER.md" in prose[1]
