"""The decision model: who decides, what is legal, and check/apply agreeing with legal_actions.

The strongest test here plays random games and, at every decision, offers the engine a fixed
*universe* of well-formed actions for every actor: ``check`` must accept exactly the actions
``legal_actions`` lists, refuse the rest with a rule ID, and a refused ``apply`` must leave the
state unchanged.
"""

from __future__ import annotations

import random
import re
from itertools import permutations

import pytest

from mcn.engine import CHANCE, Action, GameState, IllegalAction, new_game, parse_action
from mcn.engine.constants import CARD_IDS, CHARACTERS, DENS, GOODS, LETTERS, STONES
from mcn.engine.decision import DECISIONS, Handler
from tests.engine.helpers import MARKET, ROOMS, act, opening, random_action, walk

RULE_ID = re.compile(r"^(R|I)-[A-Z0-9]+-\d+$")


def universe_texts() -> list[str]:
    """Well-formed action texts of every kind, legal or not in any given state."""
    texts = ["pass", "end", "skip", "do", "decline"]
    for stone in STONES:
        texts += [f"buy {stone}", f"greedy {stone}", f"sell {stone}", f"take {stone}"]
        texts += [f"free {stone}"]
    for letter in LETTERS:
        texts += [f"letter {letter}", f"give {letter}", f"pick {letter}"]
        texts += [f"free indulgence>{letter}", f"bonus {letter}"]
    for item in (*GOODS, "1", "2", "3", "5", "10", "11"):
        texts += [f"donate {item}>I", f"donate {item}>II", f"donate {item}"]
    texts += ["donate 1>I 1>II", "donate jewel>I 5>II", "donate bread>I bread>II"]
    texts += ["donate 10>I 10>II", "donate 10>I 10>II 1>I"]
    texts += ["bonus bread>I wine>II", "bonus bread>II wine>II", "bonus jewel>I", "bonus 10>II"]
    texts += ["bonus jewel", "bonus bread>I", "bonus blue>I"]
    texts += [f"visit {n}" for n in range(1, 7)] + [f"guess {n}" for n in range(1, 7)]
    texts += [f"room {n}" for n in range(1, 5)] + [f"crew {n}" for n in range(1, 4)]
    texts += [f"crew {a}>{b}" for a in range(1, 4) for b in range(1, 4)]
    texts += [f"pope-stone {a}>{b}" for a in DENS for b in DENS]
    texts += [f"empty {den}" for den in DENS] + [f"choose {c}" for c in CHARACTERS]
    texts += [f"steal {c}" for c in "RBGY"]
    texts += ["bid 0+0", "bid 1+0", "bid 6+3", "bid 7+0", "bid 2+-1", "bid 3+200"]
    texts += ["infraction late-rotation", "infraction out-of-turn"]
    return texts


UNIVERSE = {colour: [parse_action(colour, text) for text in universe_texts()] for colour in "RBGY"}
CHANCE_UNIVERSE = [
    parse_action(CHANCE, text)
    for text in (
        "souls R B",
        "souls R B G Y",
        "souls Y G B R",
        f"market {MARKET}",
        "market bread",
        "market jewel jewel jewel jewel jewel jewel jewel",
        f"rooms {ROOMS}",
        "rooms take-3 take-3 take-5 take-7",
        "rooms hell-3 hell-5 take-7 lust-2",
    )
]


def check_universe(state: GameState, rng: random.Random) -> None:
    """check == legal_actions on the universe; refusals name a rule and change nothing."""
    legal = set(state.legal_actions(include_infractions=True))
    offered: list[Action] = list(CHANCE_UNIVERSE)
    deciders = state.current_players()
    for colour in state.players:  # others are refused by turn order: a sample suffices
        mine = UNIVERSE[colour]
        offered += mine if colour in deciders else rng.sample(mine, 8)
    if state.current_players() == (CHANCE,):
        offered.append(state.sample_chance(rng))
    refused = []
    for action in offered:
        ruling = state.judge(action)
        error = ruling.refusal
        if error is not None:
            assert not ruling.accepted and not ruling.legal
            assert action not in legal, (action, error)
            assert RULE_ID.match(error.rule), error.rule
            decision = state.decision
            mine = action.actor in decision.actors
            assert error.address == (
                decision.address_for(action.actor) if mine else decision.address
            )
            assert error.reason
            refused.append(action)
        else:
            # I-POP-9: a breach is accepted (a record may contain it) but never listed.
            assert ruling.accepted
            if ruling.breach is not None:
                assert not ruling.legal
                assert action not in legal, (state.decision, action)
            else:
                assert action in legal, (state.decision, action)
    for action in rng.sample(sorted(legal, key=str), min(60, len(legal))):
        assert state.judge(action).legal  # listed actions are legal (a sample of the chance lists)
    if rng.random() > 0.2:
        return
    before = state.to_json()
    for action in rng.sample(refused, min(3, len(refused))):
        with pytest.raises(IllegalAction):
            state.apply(action)
        assert state.to_json() == before


def check_fast_legal(state: GameState, rng: random.Random) -> None:
    """Hot decisions generate their legal actions directly; they must equal the reference
    (candidates filtered by why_not)."""
    if state.is_terminal():
        return
    step = state.to_json()["stack"][-1]
    handler = DECISIONS[step[0]]
    if handler.legal is None:
        return
    step_tuple = tuple(step)
    for actor in state.current_players():
        fast = handler.legal(state, step_tuple, actor)
        reference = [
            a
            for a in handler.candidates(state, step_tuple, actor)
            if handler.why_not(state, step_tuple, a) is None
            and (handler.breach is None or handler.breach(state, step_tuple, a) is None)
        ]
        assert len(fast) == len(set(fast))
        assert set(fast) == set(reference), (state.decision, set(fast) ^ set(reference))


@pytest.mark.parametrize(
    ("players", "seed"),
    [(("R", "B"), 1), (("R", "B", "G"), 2), (("R", "B", "G", "Y"), 3), (("G", "Y"), 4)],
)
def test_check_accepts_exactly_the_legal_actions(players: tuple[str, ...], seed: int) -> None:
    walk(players, seed, check_universe, variant="meta-culpa", infractions=("late-rotation",))


@pytest.mark.parametrize("seed", range(12))
def test_fast_legal_generation_matches_the_rules(seed: int) -> None:
    players = ("R", "B", "G", "Y")[: 2 + seed % 3]
    walk(players, seed, check_fast_legal)


def test_new_game_starts_with_the_chance_soul_order() -> None:
    state = new_game(("R", "B", "G"))
    # R-SET-1: chance decides first, at setup.1.
    assert state.decision.kind == "souls"
    assert state.decision.address == "setup.1"
    assert state.current_players() == (CHANCE,)
    outcomes = state.chance_outcomes()
    assert {a.text for a, _ in outcomes} == {
        "souls " + " ".join(p) for p in permutations(("R", "B", "G"))
    }
    assert sum(p for _, p in outcomes) == pytest.approx(1.0)
    assert not state.is_terminal() and state.winners() == ()


def test_bids_are_one_simultaneous_decision_with_an_address_per_bidder() -> None:
    state = opening()
    act(state, f"*: market {MARKET}", f"*: rooms {ROOMS}")
    # R-BID-1: all four bid at once, in any order.
    decision = state.decision
    assert decision.kind == "bid" and set(decision.actors) == {"R", "B", "G", "Y"}
    assert decision.address == "1.bid"
    assert decision.address_for("G") == "1.bid.G"
    assert state.address_of(parse_action("Y", "bid 2+0")) == "1.bid.Y"
    texts = {(a.actor, a.text) for a in state.legal_actions()}
    assert ("R", "bid 6+25") in texts and ("Y", "bid 1+0") in texts
    assert {a.actor for a in state.legal_actions("B")} == {"B"}
    act(state, "G: bid 2+0", "R: bid 3+0")
    assert set(state.current_players()) == {"B", "Y"}
    events = act(state, "Y: bid 1+0", "B: bid 4+0")
    assert "bids-revealed" in [e.kind for e in events]
    assert state.decision.address == "1.pick.1"
    assert state.current_players() == ("B",)


def test_addresses_count_decisions_within_a_turn() -> None:
    state = opening()
    act(state, f"*: market {MARKET}", f"*: rooms {ROOMS}")
    act(state, "R: bid 4+0", "B: bid 3+0", "G: bid 2+0", "Y: bid 1+0")
    act(state, "R: choose pope", "R: skip", "B: choose emperor")
    assert state.decision.address == "1.pick.4"
    act(state, "B: crew 1", "G: choose merchant", "Y: choose sinner", "Y: skip")
    assert (state.decision.address, state.decision.kind) == ("1.1.1", "action")
    act(state, "R: buy wine")
    assert (state.decision.address, state.decision.kind) == ("1.1.2", "action")
    act(state, "R: end")
    assert state.decision.address == "1.2.1"
    act(state, "B: pass", "G: pass")
    assert (state.decision.address, state.decision.kind) == ("1.3.2", "merchant-stone")


def test_terminal_state_has_no_decision() -> None:
    state = walk(("R", "B"), 11)
    assert state.is_terminal()
    assert state.decision.kind == "over" and state.current_players() == ()
    assert state.legal_actions() == []
    assert state.winners()
    with pytest.raises(IllegalAction) as error:
        state.apply(parse_action("R", "pass"))
    assert error.value.rule == "R-END-1"
    refusal = state.judge(parse_action("R", "pass")).refusal
    assert refusal is not None and refusal.rule == "R-END-1"


def test_check_names_the_player_and_the_rule() -> None:
    state = opening()
    act(state, f"*: market {MARKET}", f"*: rooms {ROOMS}")
    act(state, "R: bid 4+0", "B: bid 3+0", "G: bid 2+0", "Y: bid 1+0")
    act(state, "R: choose pope", "R: skip", "B: choose emperor", "B: crew 1")
    act(state, "G: choose merchant", "Y: choose sinner", "Y: skip", "R: pass")
    with pytest.raises(IllegalAction) as error:
        state.apply(parse_action("B", "donate 10>I 10>II 1>I"))
    assert error.value.rule == "R-DON-2"
    state = opening()
    act(state, f"*: market {MARKET}", "*: rooms take-7 take-3 take-5 steal-3")
    act(state, "R: bid 1+0", "B: bid 6+0", "G: bid 2+0", "Y: bid 1+0")
    act(state, "B: choose emperor", "B: crew 1", "G: choose pope", "G: skip")
    act(state, "R: choose merchant", "Y: choose sinner", "Y: skip", "G: pass")
    with pytest.raises(IllegalAction) as error:
        state.apply(parse_action("B", "visit 1"))
    # R-HOP-2: the reason names Blue and the post he would reach.
    assert error.value.rule == "R-HOP-2"
    assert "Blue's post would go to 8" in error.value.reason
    assert error.value.address == "1.2.1"


def test_every_decision_kind_occurs_in_random_games() -> None:
    seen: set[str] = set()

    def note(state: GameState, rng: random.Random) -> None:
        seen.add(state.decision.kind)

    for seed in range(40):
        walk(("R", "B", "G", "Y")[: 2 + seed % 3], seed, note)
    expected = {name for name in (h.kind for h in DECISIONS.values())}
    assert expected <= seen, expected - seen


def test_random_actions_always_exist() -> None:
    # Games never stall: every non-terminal decision offers at least one action.
    def nonempty(state: GameState, rng: random.Random) -> None:
        if state.current_players() != (CHANCE,):
            assert state.legal_actions()
        assert random_action(state, rng) is not None

    walk(("R", "B", "G"), 21, nonempty)


def test_card_ids_are_the_design_vocabulary() -> None:
    # docs/design.md lists the HoP card ids; R-SUP-5: 14 kinds.
    assert " ".join(CARD_IDS) == (
        "emperor-letter pope-yellow hell-3 hell-5 lust-2 greed-2 move-crew new-crew "
        "pope-stone free-good steal-3 take-3 take-5 take-7"
    )


def test_a_handler_is_made_by_keywords() -> None:
    # R-ACT-1: the action step's handler, read back by name; none is made by position
    handler = DECISIONS["action"]
    assert (handler.kind, handler.rule, handler.misfit_rule) == ("action", "R-ACT-1", "R-ACT-2")
    fields = (handler.kind, handler.rule, handler.classes, handler.actors, handler.candidates)
    more = (handler.why_not, handler.apply, handler.prompt, handler.expects)
    with pytest.raises(TypeError):
        Handler(*fields, *more)  # type: ignore[call-arg]
    again = Handler(
        kind=handler.kind,
        rule=handler.rule,
        classes=handler.classes,
        actors=handler.actors,
        candidates=handler.candidates,
        why_not=handler.why_not,
        apply=handler.apply,
        prompt=handler.prompt,
        expects=handler.expects,
    )
    assert again.rule_at(new_game(("R", "B")), ("action", "R", 0, 1, "")) == "R-ACT-1"
