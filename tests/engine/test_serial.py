"""State JSON: schema-valid, exact round trips, independent clones and masked views (R-HID-1)."""

from __future__ import annotations

import json
import random
from typing import Any

import jsonschema
import pytest

from mcn.engine import GameState, new_game, view
from mcn.engine.events import json_schema
from mcn.engine.serial import compiled
from mcn.io.resources import load_schema, schema_path
from tests.engine.helpers import MARKET, ROOMS, act, opening, random_action, secret_paths, walk

STATE = compiled("state")
EVENTS = compiled("events")


def test_every_shipped_schema_is_valid_draft_2020_12() -> None:
    # compiled() does not check its schema at run time (start-up cost), so every schema the
    # package ships is checked here against its metaschema.
    names = sorted(
        p.name.removesuffix(".schema.json")
        for p in schema_path("state").parent.glob("*.schema.json")
    )
    assert {"state", "events", "board", "position"} <= set(names)
    for name in names:
        jsonschema.Draft202012Validator.check_schema(load_schema(name))


def test_events_schema_file_is_generated_from_the_event_classes() -> None:
    with schema_path("events").open(encoding="utf-8") as handle:
        assert json.load(handle) == json_schema()


def round_trip(state: GameState, rng: random.Random) -> None:
    """The restored state is the same game; a sample of decisions also validates the full
    state and every view against the schema (jsonschema is slow)."""
    data = state.to_json()
    checked = rng.random() < 0.1
    restored = GameState.from_json(data, validate=checked)
    assert restored.to_json() == data
    if checked:
        for viewer in (*state.players, None):
            STATE.validate(view(state, viewer))
    if state.is_terminal():
        return
    action = random_action(state, rng)
    one, two = state.clone(), restored
    events = one.apply(action)
    again = two.apply(action)
    assert [e.to_json() for e in events] == [e.to_json() for e in again]
    assert one.to_json() == two.to_json()
    assert state.to_json() == data  # the clone moved on alone
    for event in events if checked else ():
        EVENTS.validate(event.to_json())
        EVENTS.validate(event.to_json(None))


@pytest.mark.parametrize(
    ("players", "seed"), [(("R", "B"), 5), (("R", "B", "G"), 6), (("Y", "G", "B", "R"), 7)]
)
def test_json_round_trip_at_every_decision(players: tuple[str, ...], seed: int) -> None:
    walk(players, seed, round_trip, variant="meta-culpa", infractions=("out-of-turn",))


def test_clone_is_independent() -> None:
    state = opening()
    before = state.to_json()
    copy = state.clone()
    act(copy, f"*: market {MARKET}", f"*: rooms {ROOMS}", "R: bid 3+2")
    assert state.to_json() == before
    assert copy.to_json() != before
    act(state, f"*: market {MARKET}")
    assert copy.decision.kind == "bid"


def test_from_json_refuses_views_and_broken_data() -> None:
    state = opening()
    for viewer in ("R", None):
        with pytest.raises(ValueError):
            GameState.from_json(view(state, viewer))
    data = state.to_json()
    data["hut"] = -1
    with pytest.raises(ValueError):
        GameState.from_json(data)
    data = state.to_json()
    data["surprise"] = 1
    with pytest.raises(ValueError):
        GameState.from_json(data)


def masked_secrets(data: dict[str, Any]) -> dict[str, bool]:
    return {path: "masked" in wrapper for path, wrapper in secret_paths(data)}


def test_views_mask_exactly_the_secrets_of_others() -> None:
    state = opening()
    act(state, f"*: market {MARKET}", f"*: rooms {ROOMS}", "R: bid 3+2", "B: bid 1+0")
    full = state.to_json()
    owners = {path: wrapper["secret"] for path, wrapper in secret_paths(full)}
    # R-HID-1: money, goods, letters, both compartments per player, and the two bids placed.
    assert len(owners) == 4 * 5 + 2
    assert all(not masked for masked in masked_secrets(full).values())

    def knowable(path: str) -> bool:
        """I-HID-5: what the state alone lets every viewer know: money and goods (every change
        is public), no letters or an empty chest (nothing whose colour or place is secret)."""
        if path.endswith(("money", "goods")):
            return True
        if "letters" in path:
            return not any(full["seats"][path.split("/")[2]]["letters"]["value"].values())
        if "chest" in path:
            return not any(full["seats"][path.split("/")[2]]["chest"]["shown"].values())
        return False

    for viewer in ("R", "B", "G", "Y", None):
        shown = view(state, viewer)
        masked = masked_secrets(shown)
        assert set(masked) == set(owners)
        for path, owner in owners.items():
            assert masked[path] == (owner != viewer and not knowable(path)), (viewer, path)

    # Everything outside the secrets is the same for every viewer.
    def public(data: dict[str, Any]) -> str:
        text = json.dumps(data, sort_keys=True)
        for _path, wrapper in secret_paths(data):
            text = text.replace(json.dumps(wrapper, sort_keys=True), "SECRET")
        return text.replace('"viewer": "all"', "").replace('"viewer": "R"', "")

    assert public(full) == public(view(state, "R"))


def test_pope_die_is_the_popes_secret_until_the_guess() -> None:
    state = opening()
    act(state, f"*: market {MARKET}", "*: rooms take-7 take-3 take-5 steal-3")
    act(state, "R: bid 4+0", "B: bid 3+0", "G: bid 2+0", "Y: bid 1+0")
    act(state, "R: choose pope", "R: skip", "B: choose emperor", "B: crew 1")
    act(state, "G: choose merchant", "Y: choose sinner", "Y: skip", "R: visit 2")
    # R-HID-1 / R-POP-1: only the Pope sees the die.
    assert view(state, "R")["pope_die"] == {"secret": "R", "value": 2}
    assert view(state, "B")["pope_die"] == {"secret": "R", "masked": True}
    act(state, "B: guess 3")
    assert state.to_json()["pope_die"] is None


def test_spectator_view_of_a_random_game_validates() -> None:
    def spectator(state: GameState, rng: random.Random) -> None:
        data = view(state, None)
        assert data["viewer"] == "spectator"
        for path, wrapper in secret_paths(data):
            if path.endswith(("money", "goods")):  # I-HID-5: every change to them is public
                assert "value" in wrapper, path
            else:  # the state alone: no letter colours, no compartments but empty ones
                empty = "value" in wrapper and not any(wrapper["value"].values())
                assert "masked" in wrapper or empty, path

    walk(("R", "B", "G"), 9, spectator)


def test_new_game_rejects_bad_setups() -> None:
    for players in ((), ("R",), ("R", "R"), ("R", "X"), ("R", "B", "G", "Y", "R")):
        with pytest.raises(ValueError):
            new_game(players)
    with pytest.raises(ValueError):
        new_game(("R", "B"), variant="house")
    with pytest.raises(ValueError):
        new_game(("R", "B"), variant="meta-culpa", infractions=("cheating",))
    with pytest.raises(ValueError):
        new_game(("R", "B"), ruleset="no-such-rules")
    with pytest.raises(ValueError):
        new_game(("R", "B"), board="../../etc")


def test_every_event_kind_validates_against_the_events_schema() -> None:
    kinds: set[str] = set()

    def record(state: GameState, rng: random.Random) -> None:
        if state.is_terminal():
            return
        for event in state.clone().apply(random_action(state, rng, infractions=True)):
            if event.kind not in kinds:
                kinds.add(event.kind)
                EVENTS.validate(event.to_json())
                EVENTS.validate(event.to_json("R"))

    for seed in range(6):
        walk(
            ("R", "B", "G", "Y")[: 2 + seed % 3],
            seed,
            record,
            variant="meta-culpa",
            infractions=("late-rotation",),
        )
    assert len(kinds) >= 28
