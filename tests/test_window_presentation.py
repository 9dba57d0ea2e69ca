"""How the window is presented: through its own framebuffer on Linux and Windows (cheap without a
GPU, benchmarks/no_gpu.py), unless the user's environment chose otherwise."""

from __future__ import annotations

import os
import sys

import pytest

from scenes.shell.app import PRESENTATION_HINT, choose_presentation


@pytest.fixture
def no_hint(monkeypatch):
    monkeypatch.setenv(PRESENTATION_HINT, "unset")  # restored to what it was after the test
    monkeypatch.delenv(PRESENTATION_HINT)
    return monkeypatch


@pytest.mark.parametrize("platform", ["linux", "win32"])
def test_the_framebuffer_presents_the_window_on_linux_and_windows(no_hint, platform):
    no_hint.setattr(sys, "platform", platform)
    choose_presentation()
    assert os.environ[PRESENTATION_HINT] == "0"


def test_macos_keeps_sdls_own_choice(no_hint):
    no_hint.setattr(sys, "platform", "darwin")
    choose_presentation()
    assert PRESENTATION_HINT not in os.environ


def test_a_users_own_setting_is_kept(no_hint):
    no_hint.setenv(PRESENTATION_HINT, "opengl")
    no_hint.setattr(sys, "platform", "linux")
    choose_presentation()
    assert os.environ[PRESENTATION_HINT] == "opengl"


def test_opening_the_app_chooses_the_presentation(no_hint):
    from scenes.shell.screens import open_app

    no_hint.setattr(sys, "platform", "linux")
    open_app(fit_to_desktop=False)
    assert os.environ[PRESENTATION_HINT] == "0"
