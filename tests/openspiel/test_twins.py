"""The twin test of the OpenSpiel game: states a player cannot tell apart give him byte-identical
information state strings (and observations), and ``resample_from_infostate`` never draws a
state that projects differently for him (R-HID-1, I-HID-4, I-HID-5)."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

from mcn.engine.events import BidsRevealed, Evaluation, PopeDie
from mcn.openspiel.encoding import ACTION_ID, VOCABULARY
from mcn.openspiel.resample import resample
from mcn.views.projection import hides
from tests.openspiel.play import advance, load, pyspiel, random_action


def _reveals(state: Any) -> bool:
    """Whether the last step revealed a secret (the bids, the Pope die, a compartment)."""
    if not state.play.path:
        return False
    return any(
        isinstance(e, BidsRevealed | Evaluation) or (isinstance(e, PopeDie) and e.guess)
        for e in state.play.path[-1].events
    )


def _twin_pairs(
    seed: int, players: int, alternative: Callable[[str], list[str]], limit: int = 400
) -> tuple[Any, Any, str] | None:
    """Random play until the player to move has an action whose secret twin is legal too;
    the two states after each, and the actor's colour."""
    rng = random.Random(seed)
    state = load(players).new_initial_state()
    for _ in range(limit):
        if state.is_terminal():
            return None
        if not state.is_chance_node():
            legal = state.legal_actions()
            for action in legal:
                for other in alternative(VOCABULARY[action]):
                    if ACTION_ID.get(other) in legal and rng.random() < 0.5:
                        one, two = state.clone(), state.clone()
                        actor = state.play.engine.current_players()[0]
                        one.apply_action(action)
                        two.apply_action(ACTION_ID[other])
                        if _secret(one, actor) and _secret(two, actor):
                            return one, two, actor
        state.apply_action(random_action(state, rng))
    return None


def _secret(state: Any, actor: str) -> bool:
    """Whether the last step is secret to the other players (the one projection says)."""
    step = state.play.path[-1]
    return all(
        hides(step.action, viewer, step.events, False)
        for viewer in state.colours
        if viewer != actor
    )


def _flip_compartments(text: str) -> list[str]:
    if not text.startswith("donate") or " " in text[7:]:
        return []
    return [text.replace(">II", ">X").replace(">I", ">II").replace(">X", ">I")]


def _other_bid(text: str) -> list[str]:
    if not text.startswith("bid "):
        return []
    notches, taler = text[4:].split("+")
    return [f"bid {7 - int(notches)}+{taler}", f"bid {notches}+{int(taler) + 1}"]


def _other_die(text: str) -> list[str]:
    if not text.startswith("visit "):
        return []
    return [f"visit {room}" for room in range(1, 7) if f"visit {room}" != text]


def _compare_until_reveal(one: Any, two: Any, actor: str, seed: int) -> int:
    """Play both twins on with the same actions; every other player's information state and
    observation must be byte-identical until a reveal. Returns how many were compared."""
    colours = one.colours
    others = [i for i, c in enumerate(colours) if c != actor]
    rng = random.Random(seed)
    compared = 0
    for _ in range(40):
        if _reveals(one) or one.is_terminal():
            break
        for player in others:
            assert one.information_state_string(player) == two.information_state_string(player)
            assert one.observation_string(player) == two.observation_string(player)
            compared += 1
        action = random_action(one, rng)
        legal = two.chance_outcomes() if two.is_chance_node() else two.legal_actions()
        if action not in [a if isinstance(a, int) else a[0] for a in legal]:
            break
        one.apply_action(action)
        two.apply_action(action)
    return compared


@pytest.mark.parametrize(
    ("alternative", "rule"),
    [(_flip_compartments, "I-HID-2"), (_other_bid, "R-BID-1"), (_other_die, "R-POP-1")],
)
def test_indistinguishable_states_give_identical_information_states(
    alternative: Callable[[str], list[str]], rule: str
) -> None:
    # I-HID-2: a donation's compartment; R-BID-1: a secret bid; R-POP-1: the Pope die
    compared = 0
    for seed in range(6):
        found = _twin_pairs(seed, 2 + seed % 3, alternative)
        if found is None:
            continue
        one, two, actor = found
        mine = one.colours.index(actor)
        assert one.information_state_string(mine) != two.information_state_string(mine), rule
        compared += _compare_until_reveal(one, two, actor, seed)
    assert compared >= 6, f"too few twin states found for {rule}"


def _draws(state: Any, player: int, count: int, seed: int) -> list[Any]:
    rng = random.Random(seed)
    return [resample(state.play, state.colours[player], rng) for _ in range(count)]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_resampled_states_project_exactly_like_the_original(players: int) -> None:
    # R-HID-1, I-HID-4, I-HID-5: the draw keeps everything the player knows
    rng = random.Random(players)
    state = load(players).new_initial_state()
    checked = 0
    while not state.is_terminal():
        if not state.is_chance_node() and rng.random() < 0.15:
            player = state.current_player()
            info = state.information_state_string(player)
            seen = state.observation_string(player)
            sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
            drawn = state.resample_from_infostate(player, sampler)
            assert drawn.information_state_string(player) == info
            assert drawn.observation_string(player) == seen
            assert drawn.legal_actions() == state.legal_actions()
            advance(drawn, rng, 5)  # a draw plays on
            checked += 1
        state.apply_action(random_action(state, rng))
    assert checked > 10


def test_a_draw_varies_exactly_the_secrets() -> None:  # R-BID-1, R-BID-2
    rng = random.Random(9)
    state = load(3).new_initial_state()
    while state.is_chance_node() or VOCABULARY[state.legal_actions()[0]][:3] != "bid":
        state.apply_action(random_action(state, rng))
    state.apply_action(random_action(state, rng))  # the first bid, secret from the others
    bidder = state.play.path[-1].action.actor
    viewer = state.current_player()
    draws = _draws(state, viewer, 12, 1)
    bids = {d.engine.bids[bidder] for d in draws}
    assert len(bids) > 1, "the other bid is drawn, not copied"
    own = {d.engine.bids.get(state.colours[viewer]) for d in draws}
    assert own == {state.play.engine.bids.get(state.colours[viewer])}
    # the bidder himself knows his bid: his draws keep it
    mine = _draws(state, state.colours.index(bidder), 5, 2)
    assert {d.engine.bids[bidder] for d in mine} == {state.play.engine.bids[bidder]}


def test_resampling_is_deterministic_for_a_seed() -> None:
    state = advance(load(4).new_initial_state(), random.Random(4), 150)
    player = 0 if state.is_chance_node() else state.current_player()
    one = [str(p.engine.to_json()) for p in _draws(state, player, 3, 7)]
    two = [str(p.engine.to_json()) for p in _draws(state, player, 3, 7)]
    assert one == two


def test_a_gift_nobody_else_saw_is_drawn_among_the_colours_the_giver_could_give() -> None:
    # I-HID-4: only the giver and the taker see the colour of a letter passed hand to hand
    from mcn.engine.actions import Give
    from mcn.engine.events import LetterMoved

    for seed in range(200):
        rng = random.Random(seed)
        state = load(4).new_initial_state()
        while not state.is_terminal() and not (
            state.play.path and isinstance(state.play.path[-1].action, Give)
        ):
            state.apply_action(random_action(state, rng))
        if state.is_terminal():
            continue
        step = state.play.path[-1]
        taker = next(e.player for e in step.events if isinstance(e, LetterMoved))
        viewer = next(c for c in state.colours if c not in (step.action.actor, taker))
        player = state.colours.index(viewer)
        info = state.information_state_string(player)
        draws = _draws(state, player, 16, seed)
        for drawn in draws:
            copy = state.clone()
            copy.play = drawn
            assert copy.information_state_string(player) == info
        colours = {d.path[len(state.play.path) - 1].action.text for d in draws}
        if len(colours) > 1:
            return
    pytest.fail("no game with a gift whose colour could vary was found")
