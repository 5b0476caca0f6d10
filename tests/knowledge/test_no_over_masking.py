"""No over-masking (I-HID-5): whatever a view masks must actually be unknowable.

For every viewer (each player and the spectator) and every decision of the example records
and of 200 engine-played random games, every masked value of the view (the one projection,
:func:`mcn.views.projection.state_json` with the viewer's memory) is checked:

* money and goods are never masked (every change to them is public);
* a pending bid and the Pope die before the guess are listed secrets (R-HID-1): the view may
  mask them, and only them — a bid once revealed, or the viewer's own, is shown;
* a masked compartment must differ between two histories the viewer cannot tell apart: the
  witness flips one donation of the still open window into the other compartment, checks that
  the flipped history agrees with every evaluation the viewer saw (recomputed from the flipped
  ledger, not taken from the inference under test) and that the compartment's contents differ;
* masked letters ("1 letter, colour unknown") need two letter worlds that differ for that
  player;
* the position text and the HTML panels' encoding show everything the view shows
  (:func:`lost_in_renderings`): letters of unknown colour as a count beside the known colours.

``test_witnesses_are_real_histories`` then replays such flipped histories with the engine (a
donation's compartment, a gift's colour) and shows that the viewer's view is the same at every
decision until the secret is revealed while the masked value differs: the witnesses are real
games, not bookkeeping.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest

from mcn.engine import GameState, new_game
from mcn.engine.actions import Bonus, Donate, Give
from mcn.engine.constants import COLOURS, COMPARTMENTS, POPE
from mcn.html.compact import compact_state
from mcn.knowledge.memory import Donation, Memory, item_vector
from mcn.position.model import from_state_json
from mcn.position.text import format_position, parse_position
from mcn.views.projection import state_json
from tests.knowledge.games import (
    EXAMPLE_NAMES,
    Walked,
    example_game,
    memories,
    random_game,
    walk,
)

#: 200 random games over 2, 3 and 4 players, in chunks so that two workers share them.
GAMES = [(2 + seed % 3, seed) for seed in range(200)]
CHUNKS = [GAMES[i : i + 25] for i in range(0, len(GAMES), 25)]


def _reveals_of(ledger: Sequence[Donation], player: str, memory: Memory) -> list[tuple[int, ...]]:
    """What each evaluation the viewer saw would have shown of ``player``'s chest, had his
    donations gone as ``ledger`` says (I-HID-2)."""
    out = []
    for reveal in memory.reveals:
        total = [0] * 5
        for donation in ledger:
            if donation.player != player or donation.compartment != reveal.compartment:
                continue
            if donation.window > reveal.window:
                continue
            if reveal.compartment == 0 and donation.window > 0:
                continue
            for i, n in enumerate(item_vector(donation.item)):
                total[i] += n
        out.append(tuple(total))
    return out


def _contents(ledger: Sequence[Donation], player: str, memory: Memory, k: int) -> list[int]:
    total = [0] * 5
    for donation in ledger:
        gone = memory.emptied_after(donation.compartment)
        if donation.player != player or donation.compartment != k:
            continue
        if gone is not None and donation.window <= gone:
            continue
        for i, n in enumerate(item_vector(donation.item)):
            total[i] += n
    return total


def _compartment_witness(memory: Memory, player: str, k: int) -> bool:
    """Two histories the viewer cannot tell apart whose compartment ``k`` differs: the true
    one, and the one with a donation of the open window in the other compartment."""
    true = memory.chest_donations(player)
    seen = _reveals_of(true, player, memory)
    for index in reversed(range(len(true))):  # the open window's donations come last
        donation = true[index]
        flipped = list(true)
        flipped[index] = Donation(
            donation.player,
            donation.item,
            1 - donation.compartment,
            donation.window,
            donation.address,
        )
        if _reveals_of(flipped, player, memory) != seen:
            continue  # the evaluations the viewer saw tell the two apart
        if _contents(flipped, player, memory, k) != _contents(true, player, memory, k):
            return True
    return False


def _letters_witness(memory: Memory, player: str) -> bool:
    seat = memory.players.index(player)
    return len({world[seat] for world in memory.worlds}) > 1


def over_masked(
    state: GameState, memory: Memory, data: dict[str, Any], witnesses: dict[tuple[str, int], bool]
) -> list[str]:
    """Every masked value of the view ``data`` that the viewer could know (``witnesses``: the
    compartment witnesses found at this decision, shared by the viewers: the ledger of
    donations is the same for all of them)."""
    viewer = memory.viewer
    out = []
    for player in state.players:
        seat = data["seats"][player]
        for key in ("money", "goods"):
            if seat[key].get("masked"):
                out.append(f"{player} {key}")
        if seat["letters"].get("masked") and not _letters_witness(memory, player):
            out.append(f"{player} letters")
        for k, name in enumerate(COMPARTMENTS):
            if not seat["chest"][name].get("masked"):
                continue
            if (player, k) not in witnesses:
                witnesses[player, k] = _compartment_witness(memory, player, k)
            if not witnesses[player, k]:
                out.append(f"{player} chest {name}")
    for player, bid in data["bids"].items():
        # R-HID-1: a bid is secret while it is pending, from the others only
        pending = state.bids.get(player) is not None and player != viewer
        if bid is not None and bid.get("masked") and not pending:
            out.append(f"{player} bid")
    die = data["pope_die"]
    if die is not None and die.get("masked") and viewer == state.holders[POPE]:
        out.append("pope die")
    return out


_SEAT = {"money": 3, "goods": 4, "letters": 5}


def _vector(counts: dict[str, int]) -> list[int]:
    return list(counts.values())


def lost_in_renderings(players: Sequence[str], data: dict[str, Any], read: bool) -> list[str]:
    """What the view ``data`` shows but the position text (its JSON twin, through the text and
    back when ``read``) or the HTML panels' encoding hide (I-HID-5: every view, not only the
    state JSON): a value shown must stay shown, and letters of which the viewer knows some
    colours are "N letters, colour unknown" beside the colours he knows, never a bare ``?``."""
    position = from_state_json(data)
    if read:
        position = parse_position(format_position(position))
    panel = compact_state(data)
    out = []
    for player in players:
        seat = data["seats"][player]
        seen, drawn = position["seats"][player], panel[player]
        for key, at in _SEAT.items():
            wrapper = seat[key]
            if "value" in wrapper:
                value = wrapper["value"]
                shown = _vector(value) if isinstance(value, dict) else value
            elif "known" in wrapper:
                shown = {"known": _vector(wrapper["known"]), "unknown": wrapper["unknown"]}
            else:
                continue
            if seen[key] != shown:
                out.append(f"position {player} {key}: {seen[key]} for {shown}")
            if isinstance(shown, dict):
                shown = [*shown["known"], shown["unknown"]]
            if drawn[at] != shown:
                out.append(f"panel {player} {key}: {drawn[at]} for {shown}")
        chest = seat["chest"]
        if "value" in chest["I"] and seen["chest"] != _vector(chest["I"]["value"]):
            out.append(f"position {player} chest I: {seen['chest']}")
        for k, name in enumerate(COMPARTMENTS):
            if "value" in chest[name] and drawn[6 + k] != _vector(chest[name]["value"]):
                out.append(f"panel {player} chest {name}: {drawn[6 + k]}")
    for player, bid in data["bids"].items():
        if bid is not None and "value" in bid and position["bids"][player] == "?":
            out.append(f"position {player} bid")
    die = data["pope_die"]
    if die is not None and "value" in die and position["pope_die"] == "?":
        out.append("position pope die")
    return out


def check_game(start: GameState, steps: Sequence[Walked], every: int = 1) -> list[str]:
    """The over-masked values of every view of the game; the renderings (position, panels) are
    checked at every ``every``-th decision, the position read back from its text at every
    ``4 * every``-th (the grammar is the slow part)."""
    failures = []
    viewers = (*start.players, None)
    walks = [memories(start, steps, viewer) for viewer in viewers]
    for index in range(len(steps)):
        witnesses: dict[tuple[str, int], bool] = {}
        state = steps[index].state
        for viewer, memory_walk in zip(viewers, walks, strict=True):
            at, memory = next(memory_walk)
            assert at == index
            data = state_json(state, viewer, memory)
            for what in over_masked(state, memory, data, witnesses):
                failures.append(f"{viewer} at {steps[index].address}: {what} is knowable")
            if index % every:
                continue
            for what in lost_in_renderings(state.players, data, index % (4 * every) == 0):
                failures.append(f"{viewer} at {steps[index].address}: {what} (view shows it)")
    return failures


@pytest.mark.parametrize("name", (*EXAMPLE_NAMES, "annotated-4p.mcn"))
def test_example_views_mask_only_the_unknowable(name: str) -> None:
    # I-HID-5: every value masked at every decision of the example records is unknowable
    start, steps = example_game(name)
    failures = check_game(start, steps)
    assert not failures, failures[:10]


@pytest.mark.parametrize("chunk", range(len(CHUNKS)))
def test_random_game_views_mask_only_the_unknowable(chunk: int) -> None:
    # I-HID-5: the same over 200 random games (25 per chunk, 2 to 4 players)
    masked = 0
    for players, seed in CHUNKS[chunk]:
        steps = random_game(players, seed)
        failures = check_game(new_game(COLOURS[:players]), steps, every=7)
        assert not failures, (players, seed, failures[:10])
        masked += sum(1 for step in steps if step.events)
    assert masked > 1000  # the chunk walked real games


def _flip(action: Donate | Bonus) -> Donate | Bonus:
    items = tuple((item, "II" if comp == "I" else "I") for item, comp in action.items[:1])
    return type(action)(action.actor, items + action.items[1:])


def _views_until(
    start: GameState, a: Sequence[Walked], b: Sequence[Walked], viewer: str, stop: int
) -> tuple[bool, int]:
    """Whether ``viewer``'s views of histories ``a`` and ``b`` agree at every decision before
    ``stop``, and at how many of them they were compared."""
    ma = memories(start, a[:stop], viewer)
    mb = memories(start, b[:stop], viewer)
    compared = 0
    for (index, memory_a), (_, memory_b) in zip(ma, mb, strict=True):
        if state_json(a[index].state, viewer, memory_a) != state_json(
            b[index].state, viewer, memory_b
        ):
            return False, compared
        compared += 1
    return True, compared


def _next_reveal(steps: Sequence[Walked], index: int, kind: str) -> int:
    for later in range(index + 1, len(steps)):
        if any(e.kind == kind for e in steps[later].events):
            return later
    return len(steps)


def test_witnesses_are_real_histories() -> None:
    # I-HID-5, R-HID-1: a masked compartment and a hand-to-hand letter differ between two
    # legal histories that every other viewer sees alike until the evaluation / the scoring
    donations = gifts = 0
    for players, seed in GAMES[:30]:
        start = new_game(COLOURS[:players])
        steps = random_game(players, seed)
        actions = [s.action for s in steps]
        for index, step in enumerate(steps):
            action = step.action
            if isinstance(action, Donate | Bonus) and ">" in action.text and donations < 40:
                changed = list(actions)
                changed[index] = _flip(action)
                stop = _next_reveal(steps, index, "evaluation")
                try:
                    twin = walk(start, changed[:stop])
                except Exception:  # a later move the flip made illegal
                    continue
                owner = action.actor
                assert twin[index].state.chest[owner] != step.state.chest[owner]
                for viewer in (c for c in start.players if c != owner):
                    same, compared = _views_until(start, steps, twin, viewer, stop)
                    assert same and compared == stop - 0, (seed, step.address, viewer)
                donations += 1
            if isinstance(action, Give) and gifts < 10:
                before = steps[index - 1].state
                options = [c for c in ("yellow", "blue", "red", "green") if c != action.colour]
                held = [c for c in options if before.letters[action.actor]["ybrg".index(c[0])]]
                for colour in held:
                    changed = list(actions)
                    changed[index] = Give(action.actor, colour)
                    stop = _next_reveal(steps, index, "letters-scored")
                    try:
                        twin = walk(start, changed[:stop])
                    except Exception:  # a later move the gift made illegal
                        continue
                    taker = next(e.player for e in step.events if e.kind == "letter")
                    assert twin[index].state.letters[taker] != step.state.letters[taker]
                    for viewer in (c for c in start.players if c not in (action.actor, taker)):
                        same, _ = _views_until(start, steps, twin, viewer, stop)
                        assert same, (seed, step.address, viewer)
                        memory = _memory_at(start, steps, viewer, index)
                        seen = state_json(steps[index].state, viewer, memory)
                        assert seen["seats"][taker]["letters"].get("unknown", 0) >= 1
                    gifts += 1
    assert donations >= 40 and gifts >= 3, (donations, gifts)


def _memory_at(start: GameState, steps: Sequence[Walked], viewer: str, index: int) -> Memory:
    for at, memory in memories(start, steps, viewer):
        if at == index:
            return memory.copy()
    raise AssertionError(index)
