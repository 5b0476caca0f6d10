"""Twin records: the proof that no ``--as X`` output shows a secret X has not seen.

R-HID-1 and I-HID-4 say what is secret; :mod:`mcn.projection` applies them. A check of the
projection against a list of expected masks would only repeat its own reasoning, so the proof
is by *twins* instead: take an engine-played game, a secret of one player at step ``i`` (a bid,
the Pope die, a donation's compartments, a hand-to-hand letter), and build a second record that
differs only in that secret and is still legal. Both records are cut at the same decision ``A``
before the rules reveal the secret. Then for a viewer who has not seen it, every output up to
``A`` must be byte-identical between the twins — whatever the projection does, if it lets the
secret through anywhere, some output differs.

The outputs are a registry (:data:`ADDRESS_OUTPUTS`, :data:`RECORD_OUTPUTS`): a later command
that takes ``--as`` (``mcn html``, ``mcn position``, ``mcn legal``) joins the proof with one
line, ``ADDRESS_OUTPUTS.append(Output("html", my_renderer))``.

Cost: the base game is replayed once; each twin pair replays only its two cut records, and the
per-address outputs are rendered at a sample of the addresses in the window (the first, the
last and a few between, chosen by the pair's random generator) while the state view — the
part that changes at every decision — is compared at every address.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field, replace
from functools import cache

from mcn import projection
from mcn.commands.replay import show, show_json
from mcn.diff import compare
from mcn.engine import COLOURS, GameState, play_random_game
from mcn.engine.actions import Action, Bid, Bonus, Donate, Give, Visit
from mcn.engine.events import BidsRevealed, Evaluation, LetterMoved, LettersScored, PopeDie
from mcn.html import page_data
from mcn.legal import legal_at
from mcn.notation.jsonform import game_to_json
from mcn.notation.model import Element, Game, Header, Item, Move
from mcn.notation.writer import write
from mcn.position import position_text
from mcn.projection import Viewer, path_to
from mcn.redact import redact_game
from mcn.replay import GameReplay, Step, replay_game, state_digest
from mcn.transcript import transcript
from mcn.tree import TreeOptions, build_tree, to_graphviz

#: The kinds of secret a twin may differ in (R-HID-1, I-HID-4).
KINDS = ("bid", "pope-die", "donation", "gift")
#: How many addresses of a window get their full outputs rendered (the state view is compared
#: at every one).
RENDERED = 4


# ---- the base games ----------------------------------------------------------------------


@dataclass(frozen=True)
class Base:
    """An engine-played game, its record and the replay of that record (kept states)."""

    players: int
    seed: int
    game: Game
    replay: GameReplay
    #: The base record cut at a step (the "A" twin of every pair cut there), by step index.
    cuts: dict[int, Side] = field(default_factory=dict, compare=False, repr=False)

    @property
    def steps(self) -> list[Step]:
        assert self.replay.main is not None
        return self.replay.main.steps

    def state_before(self, index: int) -> GameState:
        if index == 0:
            assert self.replay.main is not None
            return self.replay.main.start
        state = self.steps[index - 1].state
        assert state is not None
        return state


@cache
def played(players: int, seed: int) -> tuple[Action, ...]:
    """The actions of the seeded random game with ``players`` players."""
    return tuple(entry.action for entry in play_random_game(COLOURS[:players], seed)[1])


@cache
def base(players: int, seed: int) -> Base:
    """The seeded random game with ``players`` players (played and replayed once)."""
    _, history = play_random_game(COLOURS[:players], seed)
    game = transcript(history, players=COLOURS[:players])
    replay = replay_game(game, keep_states=True)
    assert replay.valid, [d.text() for d in replay.diagnostics]
    return Base(players, seed, game, replay)


# ---- secrets and their twins -------------------------------------------------------------


@dataclass(frozen=True)
class Spot:
    """A secret on the base line: its kind, its step, who sees it anyway, and the step at
    which the rules reveal it to everybody (``len(steps)``: never)."""

    kind: str
    index: int
    owners: frozenset[str]
    reveal: int


def _next(steps: Sequence[Step], start: int, found: Callable[[object], bool]) -> int:
    for index in range(start, len(steps)):
        if any(found(event) for event in steps[index].events):
            return index
    return len(steps)


def spots(game: Base) -> list[Spot]:
    """Every secret of the base game that a twin can change (a written move)."""
    steps = game.steps
    out = []
    for index, step in enumerate(steps):
        action = step.action
        if step.move is None:
            continue
        owners = frozenset({action.actor})
        if isinstance(action, Bid):
            reveal = _next(steps, index, lambda e: isinstance(e, BidsRevealed))
            out.append(Spot("bid", index, owners, reveal))
        elif isinstance(action, Visit) and any(
            isinstance(e, PopeDie) and not e.guess for e in step.events
        ):
            reveal = _next(steps, index + 1, lambda e: isinstance(e, PopeDie) and bool(e.guess))
            out.append(Spot("pope-die", index, owners, reveal))
        elif isinstance(action, Donate) or (isinstance(action, Bonus) and ">" in action.text):
            reveal = _next(steps, index + 1, lambda e: isinstance(e, Evaluation))
            out.append(Spot("donation", index, owners, reveal))
        elif isinstance(action, Give):
            takers = {e.player for e in step.events if isinstance(e, LetterMoved)}
            reveal = _next(steps, index + 1, lambda e: isinstance(e, LettersScored))
            out.append(Spot("gift", index, owners | takers, reveal))
    return out


def _items(action: Action) -> list[str]:
    return sorted(item for item, _ in getattr(action, "items", ()))


def alternatives(game: Base, spot: Spot) -> list[Action]:
    """The legal actions that differ from the base move in the secret only."""
    original = game.steps[spot.index].action
    state = game.state_before(spot.index)
    legal = state.legal_actions(original.actor)
    same_kind = [a for a in legal if type(a) is type(original) and a != original]
    if spot.kind in ("donation",):
        return [a for a in same_kind if _items(a) == _items(original)]
    return same_kind


def viewers(game: Base, spot: Spot) -> list[Viewer]:
    """Who has not seen the secret: every other player, and the spectator."""
    return [c for c in COLOURS[: game.players] if c not in spot.owners] + [None]


@dataclass
class Side:
    """One of the twins: its record (cut at the window's end) and the replay of that record."""

    game: Game
    replay: GameReplay
    name: str = "twin.mcn"
    #: Outputs rendered already: the base side of a cut serves many pairs.
    rendered: dict[tuple[str, Viewer, int], object] = field(default_factory=dict, repr=False)

    def render(self, output: Output, viewer: Viewer, index: int) -> object:
        key = (output.name, viewer, index)
        if key not in self.rendered:
            self.rendered[key] = output.render(self, viewer, index)
        return self.rendered[key]

    @property
    def steps(self) -> list[Step]:
        assert self.replay.main is not None
        return self.replay.main.steps

    def path(self, index: int) -> list[Step]:
        assert self.replay.main is not None
        return path_to(self.replay.main, index)

    def state(self, index: int) -> GameState:
        state = self.steps[index].state
        assert state is not None
        return state


@dataclass
class Twins:
    """Two records that differ in one secret, cut at ``last`` (before its reveal)."""

    spot: Spot
    alternative: Action
    a: Side
    b: Side
    last: int
    viewers: list[Viewer] = field(default_factory=list)
    number: int = 0  # the pair's number in its run (for outputs checked on some pairs only)


def _cut(game: Game, steps: Sequence[Step], last: int, change: tuple[int, Move] | None) -> Game:
    """``game`` up to the written move of step ``last`` (or the last written one before it),
    with ``change = (step index, new move)`` applied, and an open result."""
    index_of = {id(step.move): i for i, step in enumerate(steps) if step.move is not None}
    body: list[Element] = []
    for element in game.body:
        if not isinstance(element, Item):
            body.append(element)
            continue
        moves = []
        for move in element.moves:
            index = index_of[id(move)]
            if index > last:
                break
            if change is not None and index == change[0]:
                move = change[1]
            moves.append(move)
        if moves:
            body.append(Item(tuple(moves), element.label))
        if len(moves) < len(element.moves):
            break
    while body and not isinstance(body[-1], Item):
        body.pop()  # a trailing section marker would replay forced moves beyond the cut
    headers = tuple(Header(h.tag, "*") if h.tag == "Result" else h for h in game.headers)
    return replace(game, headers=headers, body=tuple(body))


def make_twins(game: Base, spot: Spot, alternative: Action, last: int) -> Twins | None:
    """The twins for ``spot`` (the base move and ``alternative``), cut at step ``last``; None
    when the alternative breaks a later move of the window or a forced move would reach the
    reveal."""
    steps = game.steps
    move = steps[spot.index].move
    assert move is not None
    changed = Move(move.actor, tuple(alternative.text.split()))
    side_a = game.cuts.get(last)
    if side_a is None:
        record_a = _cut(game.game, steps, last, None)
        side_a = game.cuts[last] = Side(record_a, replay_game(record_a, keep_states=True))
    record_b = _cut(game.game, steps, last, (spot.index, changed))
    replay_b = replay_game(record_b, file="twin.mcn", keep_states=True)
    replay_a = side_a.replay
    if not (replay_a.valid and replay_b.valid) or replay_a.main is None or replay_b.main is None:
        return None
    count = len(replay_a.main.steps)
    if count != len(replay_b.main.steps) or not spot.index < count <= spot.reveal:
        return None
    return Twins(spot, alternative, side_a, Side(record_b, replay_b), count - 1)


# ---- the outputs ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Output:
    """An output a viewer gets: ``render(side, viewer, index)`` is its text at step ``index``
    of the side (record outputs ignore ``index``: they show the whole cut record). A JSON
    output may return its data before serialising: ``json.dumps`` of equal data is equal."""

    name: str
    render: Callable[[Side, Viewer, int], object]
    #: Checked on every ``every``-th pair only (an output that costs much per record).
    every: int = 1


def _replay(form: str, events: bool = False) -> Callable[[Side, Viewer, int], object]:
    def render(side: Side, viewer: Viewer, index: int) -> object:
        if form == "json":  # the document before serialising: equal data, equal bytes
            return show_json(
                side.state(index), side.path(index), viewer, all_events=events, name=side.name
            )
        return show(
            side.game,
            side.state(index),
            side.path(index),
            viewer,
            form=form,
            all_events=events,
            name=side.name,
        )

    return render


def _redacted(side: Side, viewer: Viewer) -> Game:
    key = ("redacted", viewer, -1)
    if key not in side.rendered:
        side.rendered[key] = redact_game(side.game, viewer, file=side.name, replay=side.replay)[0]
    game = side.rendered[key]
    assert isinstance(game, Game)
    return game


def _redact_text(side: Side, viewer: Viewer, index: int) -> str:
    return write(_redacted(side, viewer))


def _redact_export(side: Side, viewer: Viewer, index: int) -> object:
    return game_to_json(_redacted(side, viewer))  # what `mcn export` serialises


def _html(side: Side, viewer: Viewer, index: int) -> object:
    # `mcn html --as` writes page_data as JSON into fixed assets: equal data, equal bytes
    return page_data(side.game, side.replay, viewer)


def _tree(side: Side, viewer: Viewer) -> str:
    """``mcn tree --as X -o f.dot --collapse 0 --alternatives 2``: the DOT source."""
    options = TreeOptions(viewer=viewer, collapse=0, alternatives=2)
    return to_graphviz(build_tree(side.replay, options)).source


#: Outputs at one decision: ``mcn replay --to ADDRESS --as X`` in text and JSON, and the
#: position and legal actions of the decision that follows (``mcn position/legal --at``).
ADDRESS_OUTPUTS: list[Output] = [
    Output("replay text", _replay("text")),
    Output("replay json", _replay("json")),
    Output("position", lambda side, viewer, index: position_text(side.state(index), viewer)),
    Output("legal", lambda side, viewer, index: legal_at(side.state(index), viewer).to_json()),
]
#: Outputs of the whole (cut) record: ``--events`` at its end, ``redact``, ``export`` of the
#: redacted record, the page of ``mcn html --as``.
RECORD_OUTPUTS: list[Output] = [
    Output("replay --events text", _replay("text", events=True)),
    Output("replay --events json", _replay("json", events=True)),
    Output("redact", _redact_text),
    Output("export of the redacted record", _redact_export),
    Output("html", _html, every=4),
    Output("tree", lambda side, viewer, index: _tree(side, viewer), every=4),
]


def _sample(first: int, last: int, rng: random.Random) -> list[int]:
    """The window's first and last address and a few between."""
    between = list(range(first + 1, last))
    return sorted({first, last, *rng.sample(between, min(len(between), RENDERED - 2))})


def differences(twins: Twins, viewer: Viewer, rng: random.Random) -> Iterator[str]:
    """Every output of ``viewer`` that tells the twins apart (nothing, if the secret holds)."""
    a, b = twins.a, twins.b
    first = max(twins.spot.index - 1, 0)
    for index in range(first, twins.last + 1):
        if projection.state_json(a.state(index), viewer) != projection.state_json(
            b.state(index), viewer
        ):
            yield f"state view at {a.steps[index].address}"
        if state_digest(a.state(index)) != state_digest(b.state(index)):
            yield f"<digest> at {a.steps[index].address}"
    for index in _sample(first, twins.last, rng):
        for output in ADDRESS_OUTPUTS:
            if twins.number % output.every:
                continue
            if a.render(output, viewer, index) != b.render(output, viewer, index):
                yield f"{output.name} at {a.steps[index].address}"
    for output in RECORD_OUTPUTS:
        if twins.number % output.every:
            continue
        if a.render(output, viewer, twins.last) != b.render(output, viewer, twins.last):
            yield f"{output.name} (cut at {a.steps[twins.last].address})"
    seer = "spectator" if viewer is None else viewer
    compared = compare(a.replay, b.replay, viewer=seer)
    if compared.divergence is not None or compared.outcome_differs:
        yield f"diff --as {seer}: {compared.text()}"


# ---- choosing pairs ------------------------------------------------------------------------


@dataclass
class Checked:
    """What a run of twin checks found."""

    pairs: int = 0
    checks: int = 0
    by_kind: dict[str, int] = field(default_factory=dict)
    by_players: dict[int, int] = field(default_factory=dict)
    failures: list[str] = field(default_factory=list)


def twins_of(
    game: Base, rng: random.Random, per_kind: int, kinds: Sequence[str] = KINDS
) -> Iterator[Twins]:
    """Up to ``per_kind`` twin pairs of each secret kind from one base game.

    Each pair is cut at the last of a few shared cut points before its secret's reveal (or
    right before the reveal), so pairs share the replay and outputs of their base side."""
    by_kind: dict[str, list[Spot]] = {}
    for spot in spots(game):
        if spot.index < spot.reveal:
            by_kind.setdefault(spot.kind, []).append(spot)
    cuts = sorted(rng.sample(range(len(game.steps)), min(len(game.steps), 8)))
    for kind in kinds:
        candidates = by_kind.get(kind, [])
        rng.shuffle(candidates)
        made = 0
        for spot in candidates:
            if made >= per_kind:
                break
            options = alternatives(game, spot)
            if not options:
                continue
            inside = [c for c in cuts if spot.index <= c < spot.reveal]
            last = rng.choice(inside) if inside and rng.random() < 0.7 else spot.reveal - 1
            last = min(last, len(game.steps) - 2)  # never the game's end: the letters show
            twins = make_twins(game, spot, rng.choice(options), last)
            if twins is None:
                continue
            twins.viewers = viewers(game, spot)
            made += 1
            yield twins


def check(
    players: Sequence[int],
    seeds: Sequence[int],
    *,
    per_kind: int = 1,
    kinds: Sequence[str] = KINDS,
    all_viewers: bool = False,
    rng_seed: int = 0,
    result: Checked | None = None,
) -> Checked:
    """Build twins from the seeded games and check them; every viewer of a pair when
    ``all_viewers``, else one chosen at random. Adds to ``result`` when given."""
    rng = random.Random(rng_seed)
    result = result if result is not None else Checked()
    for count in players:
        for seed in seeds:
            game = base(count, seed)
            game.cuts.clear()  # a cut's outputs serve the pairs of this run only
            for twins in twins_of(game, rng, per_kind, kinds):
                twins.number = result.pairs
                chosen = twins.viewers if all_viewers else [rng.choice(twins.viewers)]
                for viewer in chosen:
                    result.checks += 1
                    for found in differences(twins, viewer, rng):
                        result.failures.append(
                            f"{count} players, seed {seed}, {twins.spot.kind} at "
                            f"{game.steps[twins.spot.index].address} "
                            f"({game.steps[twins.spot.index].action.text} vs "
                            f"{twins.alternative.text}), as {viewer or 'spectator'}: {found}"
                        )
                result.pairs += 1
                kind = twins.spot.kind
                result.by_kind[kind] = result.by_kind.get(kind, 0) + 1
                result.by_players[count] = result.by_players.get(count, 0) + 1
    return result


def seeds_with(kind: str, players: int, count: int, limit: int = 200) -> list[int]:
    """The first ``count`` seeds whose game has a secret of ``kind`` that a twin can change
    (hand-to-hand letters come up in about one game in three)."""
    found = []
    wanted = {"bid": Bid, "pope-die": Visit, "donation": Donate, "gift": Give}[kind]
    for seed in range(limit):
        if not any(isinstance(action, wanted) for action in played(players, seed)):
            continue  # a cheap look at the actions before the replay
        game = base(players, seed)
        if any(spot.kind == kind and alternatives(game, spot) for spot in spots(game)):
            found.append(seed)
            if len(found) == count:
                break
    return found
