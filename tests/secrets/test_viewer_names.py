"""``--as`` when a word names two viewers: a colour (or the spectator) and another player's name
(issue 24, item 8). Showing one player's view when another was meant would show his secrets to
the wrong person, so mcn refuses to guess (R-HID-1)."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from mcn.cli import cli
from mcn.notation import parse
from mcn.views.viewer import AmbiguousViewer, UnknownViewer, resolve
from tests.replay.games import EXAMPLES

GAME = EXAMPLES / "game-4p.mcn"


def _renamed(tmp_path: Path, tag: str, name: str) -> str:
    """game-4p.mcn with ``tag``'s player (``Blue``) called ``name``."""
    text = GAME.read_text(encoding="utf-8")
    player = parse(text).games[0].header(tag)
    path = tmp_path / "named.mcn"
    path.write_text(text.replace(f'[{tag} "{player}"]', f'[{tag} "{name}"]'), encoding="utf-8")
    return str(path)


def run(*args: str) -> Result:
    result = CliRunner().invoke(cli, list(args))
    assert "Traceback" not in result.output
    return result


@pytest.mark.parametrize(
    "command",
    [
        ("replay", "--to", "2.bid.B"),
        ("redact",),
        ("position", "--at", "2.bid.B"),
        ("legal", "--at", "2.bid.R"),
    ],
)
def test_a_colour_word_that_is_also_a_players_name_is_refused(
    tmp_path: Path, command: tuple[str, ...]
) -> None:
    # R-HID-1: [Blue "red"] and --as red: Red's view or Blue's? Neither is shown
    path = _renamed(tmp_path, "Blue", "red")
    verb, *rest = command
    refused = run(verb, path, *rest, "--as", "red")
    assert refused.exit_code == 2, refused.output
    assert "'red' is ambiguous: the colour Red, or Blue's player (red)" in refused.output
    assert "use --as R or --as B" in refused.output
    assert "2.bid" not in refused.output.split("Error")[0]  # nothing shown before the refusal
    # each reading has an unambiguous spelling, and they are the two players' views
    red = run(verb, path, *rest, "--as", "R")
    blue = run(verb, path, *rest, "--as", "B")
    assert red.exit_code == blue.exit_code == 0, red.output + blue.output
    assert red.output != blue.output
    assert run(verb, path, *rest, "--as", "blue").output == blue.output


def test_a_name_that_agrees_with_its_colour_is_no_ambiguity(tmp_path: Path) -> None:
    # R-HID-1: Red's player called "Red": both readings are Red
    path = _renamed(tmp_path, "Red", "Red")
    assert run("redact", path, "--as", "red").output == run("redact", path, "--as", "R").output


def test_one_word_of_a_name_and_the_spectator_are_ambiguous_too() -> None:
    # R-HID-1: "Red Baron" plays Blue: --as red could mean either; "Public" plays Green
    game = parse(GAME.read_text(encoding="utf-8")).games[0]
    headers = tuple(
        h.__class__(h.tag, {"Blue": "Red Baron", "Green": "Public"}.get(h.tag, h.value))
        for h in game.headers
    )
    renamed = game.__class__(headers, game.body)
    with pytest.raises(AmbiguousViewer, match="use --as R or --as B"):
        resolve("red", renamed)
    with pytest.raises(AmbiguousViewer, match="the spectator, or Green's player") as found:
        resolve("public", renamed)
    assert isinstance(found.value, UnknownViewer)  # callers that catch the old error still do
    assert resolve("baron", renamed) == "B" and resolve("Y", renamed) == "Y"
    assert resolve("spectator", renamed) is None


def test_a_colour_that_does_not_play_named_as_a_player(tmp_path: Path) -> None:
    # R-HID-1: in a 2-player game Blue's player is called "yellow": the colour Yellow does not
    # play, but --as yellow is still refused rather than read as Blue
    text = (EXAMPLES / "game-2p.mcn").read_text(encoding="utf-8")
    game = parse(text).games[0]
    player = game.header("Blue")
    path = tmp_path / "two.mcn"
    path.write_text(text.replace(f'[Blue "{player}"]', '[Blue "Yellow"]'), encoding="utf-8")
    refused = run("replay", str(path), "--as", "yellow")
    assert refused.exit_code == 2
    assert "the colour Yellow, who does not play in this game, or Blue's player" in refused.output
