"""The ISMCTS player (OpenSpiel's ISMCTSBot on python_mea_culpa): from Python and over the bot
protocol (`mcn bot ismcts`). How well it plays is measured in bench/ismcts.py, not here."""

from __future__ import annotations

import io
import json
import random

import pytest
from click.testing import CliRunner

from mcn.bots.protocol import decide_message, encode, game_message
from mcn.cli import cli
from mcn.engine import CHANCE, new_game
from mcn.openspiel.encoding import VOCABULARY
from mcn.openspiel.ismcts import IsmctsPlayer, serve
from mcn.replay.model import Step
from tests.openspiel.play import advance, load


def _decision(players: int, seed: int) -> object:
    state = advance(load(players).new_initial_state(), random.Random(seed), 40)
    rng = random.Random(seed)
    while state.is_chance_node() or len(state.legal_actions()) < 2:
        advance(state, rng, 1)
    return state


def test_the_player_chooses_a_legal_move_repeatably() -> None:
    state = _decision(3, 1)
    game = state.get_game()  # type: ignore[attr-defined]
    one = IsmctsPlayer(game, simulations=4, seed=7).choose(state)  # type: ignore[arg-type]
    two = IsmctsPlayer(game, simulations=4, seed=7).choose(state)  # type: ignore[arg-type]
    assert one == two
    assert one in state.legal_actions()  # type: ignore[attr-defined]
    assert IsmctsPlayer(game, 4, 7).choose_text(state) == VOCABULARY[one]  # type: ignore[arg-type]


def test_the_worlds_drawn_follow_the_seed() -> None:
    # OpenSpiel's own sampler is seeded afresh per process: the player draws from its seed.
    state = _decision(4, 5)
    game = state.get_game()  # type: ignore[attr-defined]

    def worlds_of(player: IsmctsPlayer) -> list[str]:
        worlds: list[str] = []
        draw = player.bot._resampler_cb

        def recorded(at: object, seat: int) -> object:
            world = draw(at, seat)
            worlds.append(str(world))  # every move of the drawn history, secrets included
            return world

        player.bot.set_resampler(recorded)
        player.choose(state)  # type: ignore[arg-type]
        return worlds

    drawn = [worlds_of(IsmctsPlayer(game, simulations=5, seed=9)) for _ in range(2)]
    assert len(drawn[0]) == 5
    assert drawn[0] == drawn[1]


def test_a_few_worlds_reused_and_several_rollouts_still_choose_legal_moves() -> None:
    state = _decision(4, 2)
    game = state.get_game()  # type: ignore[attr-defined]
    player = IsmctsPlayer(game, simulations=6, seed=3, worlds=2, rollouts=2)
    resampled: list[object] = []
    real = player.bot.resample_from_infostate

    def counted(at: object) -> object:
        resampled.append(at)
        return real(at)

    player.bot.resample_from_infostate = counted
    move = player.choose(state)  # type: ignore[arg-type]
    assert move in state.legal_actions()  # type: ignore[attr-defined]
    assert len(resampled) == 2  # two worlds drawn for six simulations
    again = IsmctsPlayer(game, simulations=6, seed=3, worlds=2, rollouts=2)
    assert again.choose(state) == move  # type: ignore[arg-type]
    for bad in ({"worlds": 0}, {"rollouts": 0}, {"simulations": 0}):
        try:
            IsmctsPlayer(game, **{"simulations": 2, **bad})
        except ValueError as error:
            assert "at least 1" in str(error)
        else:
            raise AssertionError(f"{bad} accepted")


@pytest.mark.parametrize(("playout", "final"), [("random", "visits"), ("greedy", "visits-greedy")])
def test_the_protocol_bot_answers_legal_moves(playout: str, final: str) -> None:
    colours = ("R", "B", "G")
    state = new_game(colours)
    rng = random.Random(4)
    steps: list[Step] = []
    lines = [encode(game_message(state, "R", 1, None))]
    asked: list[list[str]] = []
    told = 0
    while len(asked) < 3:
        actors = state.current_players()
        if actors == (CHANCE,):
            action = state.sample_chance(rng)
        else:
            options = state.legal_actions(actors[0])
            if actors[0] == "R" and len(options) > 1:
                message = decide_message(state, steps, "R", told, 1)
                told = len(steps)
                lines.append(encode(message))
                asked.append(message["legal"])
            action = rng.choice(options)
        steps.append(Step(state.address_of(action), action, None, state.apply(action)))
    out = io.StringIO()
    serve(
        3,
        1,
        io.StringIO("".join(lines) + encode({"type": "quit"})),
        out,
        playout=playout,
        final=final,
    )
    answers = [json.loads(line)["action"] for line in out.getvalue().splitlines()]
    assert len(answers) == 3
    for answer, legal in zip(answers, asked, strict=True):
        assert answer in legal


def test_simulations_is_an_option_of_the_ismcts_bot_only() -> None:
    result = CliRunner().invoke(cli, ["bot", "random", "--simulations", "3"])
    assert result.exit_code == 2
    assert "--simulations is an option of the ismcts bot" in result.output
    result = CliRunner().invoke(cli, ["bot", "greedy", "--worlds", "3"])
    assert result.exit_code == 2
    assert "--worlds is an option of the ismcts bot" in result.output
    result = CliRunner().invoke(cli, ["bot", "ismcts", "--simulations", "0"])
    assert result.exit_code == 2


def test_worlds_that_offer_different_actions_do_not_stop_the_search() -> None:
    # I-CRD-1, I-HOP-7: a card whose condition fails offers only `decline`, and the condition
    # may be about letters behind the other screens, so two worlds the player cannot tell
    # apart may offer different actions below the root. Planted here: every other world drawn
    # refuses the first legal action of every decision (and says so if it is played).
    state = _decision(4, 6)
    game = state.get_game()  # type: ignore[attr-defined]
    player = IsmctsPlayer(game, simulations=24, seed=1)
    draw = player.bot._resampler_cb
    drawn = [0]

    def fickle(at: object, seat: int) -> object:
        world = draw(at, seat)
        drawn[0] += 1
        if drawn[0] % 2:
            original = world.legal_actions
            apply = world.apply_action

            def legal(*player: int) -> list[int]:
                actions: list[int] = original(*player)
                return actions[1:] if len(actions) > 1 and not world.is_chance_node() else actions

            def checked(action: int) -> None:
                if not world.is_chance_node() and action not in legal():
                    raise ValueError(f"illegal action {action} in this world")
                apply(action)

            world.legal_actions = legal
            world.apply_action = checked
        return world

    player.bot.set_resampler(fickle)
    assert player.choose(state) in state.legal_actions()  # type: ignore[arg-type, attr-defined]
    assert drawn[0] == 24
