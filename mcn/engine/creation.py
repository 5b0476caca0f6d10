"""Making a game state: the position at ``setup.1`` and an independent copy of a position.

Apart from :mod:`mcn.engine.state`, which drives the rules, because these are the two places
that set every field of the state (a field added to :class:`~mcn.engine.fields.StateFields`
is added here twice). ``copy_state`` is on the hot path of anything that explores (variations,
probes for omitted moves, ``keep_states``): a few shallow copies, nothing deep.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from mcn.engine.constants import (
    CARDS,
    COLOURS,
    CREWS,
    GOODS_TOTAL,
    INFRACTION_CODES,
    LETTERS_TOTAL,
    START_MONEY,
    VARIANTS,
)
from mcn.engine.data import Board, Ruleset
from mcn.engine.step_types import SETUP_DONE, SOULS
from mcn.engine.steps import Steps

if TYPE_CHECKING:
    from mcn.engine.state import GameState


def start_state(
    s: GameState,
    players: tuple[str, ...],
    ruleset: Ruleset,
    board: Board,
    variant: str,
    infractions: tuple[str, ...],
) -> None:
    """Set every field of ``s`` to the start of a game (checked by ``GameState.new``)."""
    s.players = players
    s.ruleset = ruleset
    s.board = board
    s.variant = variant
    s.infractions = tuple(dict.fromkeys(infractions))
    s.round = 0
    s.phase = "setup"
    s.section = "setup"
    s.counter = 0
    s.turn = 0
    s.next_character = 0
    s.pos = dict.fromkeys(players, 0)
    s.tie = {c: i for i, c in enumerate(players)}
    s.post = dict.fromkeys(players, 1)
    s.money = dict.fromkeys(players, START_MONEY)
    s.goods = {c: [0, 0, 0, 0] for c in players}
    s.letters = {c: [0, 0, 0, 0] for c in players}
    s.chest = {c: [[0, 0, 0, 0, 0], [0, 0, 0, 0, 0]] for c in players}
    s.sins = {c: [0, 0, 0] for c in players}
    s.pope_stones = [1, 1, 1]  # R-SET-2: one beside each den
    s.crews = [0, 0, 0]
    s.levels = [0, 0, 0]
    s.hut = CREWS
    s.card_crew = 0
    s.finished = 0
    s.market = [0, 0, 0, 0, 0]
    s.bag = list(GOODS_TOTAL)
    s.supply = list(LETTERS_TOTAL)
    s.suite6 = 0
    s.visited = [False] * 7
    s.rooms = [None, None, None, None]
    s.pile = {card: count for card, (count, _cost) in CARDS.items()}
    s.discard = {}
    s.bonuses = [1, 2, 3, 4]
    s.holders = [None, None, None, None]
    s.bids = {}
    s.choosers = []
    s.pope_die = 0
    s.evaluation = None
    s.winners_ = ()
    s.owed = []
    s.omissions = []
    s.stack = Steps([SETUP_DONE, SOULS])
    s._dec = None
    s._events = []
    s._market_out = False
    s._undo = []


def copy_state(src: GameState, dst: GameState) -> None:
    """Set every field of ``dst`` to an independent copy of ``src``'s (shallow copies of the
    small containers; the decision cache is shared, the events of an apply in progress not)."""
    dst.players = src.players
    dst.ruleset = src.ruleset
    dst.board = src.board
    dst.variant = src.variant
    dst.infractions = src.infractions
    dst.round = src.round
    dst.phase = src.phase
    dst.section = src.section
    dst.counter = src.counter
    dst.turn = src.turn
    dst.next_character = src.next_character
    dst.pos = src.pos.copy()
    dst.tie = src.tie.copy()
    dst.post = src.post.copy()
    dst.money = src.money.copy()
    dst.goods = {c: v[:] for c, v in src.goods.items()}
    dst.letters = {c: v[:] for c, v in src.letters.items()}
    dst.chest = {c: [v[0][:], v[1][:]] for c, v in src.chest.items()}
    dst.sins = {c: v[:] for c, v in src.sins.items()}
    dst.pope_stones = src.pope_stones[:]
    dst.crews = src.crews[:]
    dst.levels = src.levels[:]
    dst.hut = src.hut
    dst.card_crew = src.card_crew
    dst.finished = src.finished
    dst.market = src.market[:]
    dst.bag = src.bag[:]
    dst.supply = src.supply[:]
    dst.suite6 = src.suite6
    dst.visited = src.visited[:]
    dst.rooms = src.rooms[:]
    dst.pile = src.pile.copy()
    dst.discard = src.discard.copy()
    dst.bonuses = src.bonuses[:]
    dst.holders = src.holders[:]
    dst.bids = src.bids.copy()
    dst.choosers = src.choosers[:]
    dst.pope_die = src.pope_die
    ev = src.evaluation
    dst.evaluation = None if ev is None else [ev[0], ev[1], ev[2], ev[3][:], ev[4][:], ev[5]]
    dst.winners_ = src.winners_
    dst.owed = [entry[:] for entry in src.owed]
    dst.omissions = [entry[:] for entry in src.omissions]
    dst.stack = src.stack.copy()  # shares the steps below (mcn.engine.steps)
    dst._dec = src._dec
    dst._events = []
    dst._market_out = False
    dst._undo = []


def check_setup(players: tuple[str, ...], variant: str, infractions: tuple[str, ...]) -> None:
    """Refuse (``ValueError``) a set-up no game can start with."""
    if not 2 <= len(players) <= 4 or len(set(players)) != len(players):
        raise ValueError("a game has 2, 3 or 4 different players")
    for colour in players:
        if colour not in COLOURS:
            raise ValueError(f"unknown player colour {colour!r} (R, B, G or Y)")
    if variant not in VARIANTS:
        raise ValueError(f"unknown variant {variant!r} ({', '.join(VARIANTS)})")
    for code in infractions:
        if code not in INFRACTION_CODES:
            raise ValueError(f"unknown infraction code {code!r} (I-MET-4)")
    if infractions and variant != "meta-culpa":
        raise ValueError("infractions are agreed only in the meta-culpa variant (R-MET-3)")


def share_unchanged(dst: GameState, kept: GameState) -> None:
    """Let ``dst`` (a fresh copy) use ``kept``'s containers wherever they hold the same values.

    A replay that keeps the state after every step (``replay``, ``position``, ``diff``,
    ``tree``, ``html``) would otherwise hold some 5 KB per decision, though a decision changes
    a few of the forty containers. Only for states that are kept and never changed again:
    changing one would change its neighbours too (:meth:`GameState.clone` gives an
    independent copy)."""
    if dst.pos == kept.pos:
        dst.pos = kept.pos
    if dst.tie == kept.tie:
        dst.tie = kept.tie
    if dst.post == kept.post:
        dst.post = kept.post
    if dst.money == kept.money:
        dst.money = kept.money
    if dst.goods == kept.goods:
        dst.goods = kept.goods
    if dst.letters == kept.letters:
        dst.letters = kept.letters
    if dst.chest == kept.chest:
        dst.chest = kept.chest
    if dst.sins == kept.sins:
        dst.sins = kept.sins
    if dst.pope_stones == kept.pope_stones:
        dst.pope_stones = kept.pope_stones
    if dst.crews == kept.crews:
        dst.crews = kept.crews
    if dst.levels == kept.levels:
        dst.levels = kept.levels
    if dst.market == kept.market:
        dst.market = kept.market
    if dst.bag == kept.bag:
        dst.bag = kept.bag
    if dst.supply == kept.supply:
        dst.supply = kept.supply
    if dst.visited == kept.visited:
        dst.visited = kept.visited
    if dst.rooms == kept.rooms:
        dst.rooms = kept.rooms
    if dst.pile == kept.pile:
        dst.pile = kept.pile
    if dst.discard == kept.discard:
        dst.discard = kept.discard
    if dst.bonuses == kept.bonuses:
        dst.bonuses = kept.bonuses
    if dst.holders == kept.holders:
        dst.holders = kept.holders
    if dst.bids == kept.bids:
        dst.bids = kept.bids
    if dst.choosers == kept.choosers:
        dst.choosers = kept.choosers
    if dst.evaluation == kept.evaluation:
        dst.evaluation = kept.evaluation
    if dst.owed == kept.owed:
        dst.owed = kept.owed
    if dst.omissions == kept.omissions:
        dst.omissions = kept.omissions
