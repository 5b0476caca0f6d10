"""``mcn analyse FILE --as COLOUR -o OUT.mcn``: where did that player lose? (docs/analysis.md)

For each decision of the player on the record's main line (where he had a choice), the
estimated win chance of the move played and of the best alternative, each from his own
information set (:mod:`mcn.openspiel.analysis`); moves that lost clearly more than noise get
``?``/``??`` and every analysed move an ``{analysis: …}`` comment, in a new record that keeps
everything the original holds (:mod:`mcn.openspiel.annotate`). A record whose replay stops
(illegal move, unfinished) is analysed up to the stop, with a note.
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

import click

from mcn.commands.loader import load_game, record_source
from mcn.engine import Action, GameState
from mcn.engine.errors import IllegalAction
from mcn.io.progress import MIN_BYTES, wanted
from mcn.io.safe_write import WriteError, write_text_atomic
from mcn.notation.model import Move
from mcn.notation.writer import write
from mcn.replay import replay_game
from mcn.replay.model import Step
from mcn.views.viewer import UnknownViewer, choices, resolve, within_record


@dataclass(frozen=True, slots=True)
class Task:
    """One decision to analyse, self-contained (it crosses to a worker process)."""

    index: int
    address: str
    players: tuple[str, ...]
    start: dict[str, Any]  # the state at the start, as JSON (a compiled state does not pickle)
    actions: tuple[Action, ...]  # the main line's actions before the decision
    played: Action
    simulations: int
    seed: str
    threshold: float


_GAMES: dict[int, Any] = {}


def run_task(task: Task) -> Any:
    """The verdict on one decision (in this process or a worker)."""
    from mcn.openspiel.analysis import analyse_decision
    from mcn.openspiel.game import MeaCulpaGame, Play

    players = len(task.players)
    game = _GAMES.get(players)
    if game is None:
        game = _GAMES[players] = MeaCulpaGame({"players": players})
    play = Play(GameState.from_json(task.start), [], [], [])
    for action in task.actions:
        play.apply(action)
    state = game.new_initial_state()
    state.play = play
    state.colours = task.players
    return analyse_decision(
        state, task.played, task.index, task.address, task.simulations, task.seed, task.threshold
    )


def tasks_of(
    steps: list[Step], start: GameState, viewer: str, simulations: int, seed: int, threshold: float
) -> list[Task]:
    """A task for each decision of ``viewer`` on ``steps`` where he had a choice."""
    state = start.clone()
    document = start.to_json()
    actions: list[Action] = []
    out = []
    for index, step in enumerate(steps):
        action = step.action
        if action.actor == viewer and len(state.legal_actions(viewer)) > 1:
            out.append(
                Task(
                    index,
                    step.address,
                    start.players,
                    document,
                    tuple(actions),
                    action,
                    simulations,
                    f"{seed}:{step.address}",
                    threshold,
                )
            )
        state.apply(action)
        actions.append(action)
    return out


def faithful_prefix(steps: list[Step], start: GameState) -> int:
    """How many of ``steps`` (replayed with their states kept) the engine plays again from
    ``start`` to the same states. All of them, except in a redacted record: there a ``?`` move
    is replayed with a stand-in, and the replay puts the truth of a reveal checkpoint into the
    state just before the evaluation or scoring that needs it (:mod:`mcn.replay.secrets`), so
    from that step on the moves no longer lead to the states the record shows."""
    state = start.clone()
    for index, step in enumerate(steps):
        try:
            state.apply(step.action)
        except IllegalAction:
            return index
        if step.state is None or state.to_json() != step.state.to_json():
            return index
    return len(steps)


@contextmanager
def _bar(total: int) -> Iterator[Callable[[int], None]]:
    """A progress bar over the decisions, on standard error, only for a person at a
    terminal."""
    if total == 0 or not wanted(MIN_BYTES):
        yield lambda n: None
        return
    with click.progressbar(length=total, label="analysing", file=sys.stderr) as bar:
        yield bar.update


def run_all(tasks: list[Task], jobs: int) -> list[Any]:
    """Every task's verdict, in order, over ``jobs`` processes (the same numbers for any
    ``jobs``: each decision has its own seed)."""
    results: list[Any] = []
    with _bar(len(tasks)) as advance:
        if jobs <= 1 or len(tasks) <= 1:
            for task in tasks:
                results.append(run_task(task))
                advance(1)
            return results
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            for verdict in pool.map(run_task, tasks):
                results.append(verdict)
                advance(1)
    return results


@click.command("analyse")
@click.argument("file", type=click.Path(exists=True, dir_okay=False, allow_dash=True))
@click.option("--as", "viewer_name", required=True, help="The player analysed: R, red, a name.")
@click.option("--game", "number", type=click.IntRange(min=1), default=1, show_default=True)
@click.option(
    "--simulations",
    type=click.IntRange(min=4),
    default=None,
    help="Worlds drawn per decision (default 24; cost grows linearly, docs/analysis.md).",
)
@click.option("--jobs", type=click.IntRange(min=1), default=1, show_default=True)
@click.option("--seed", type=int, default=0, show_default=True, help="Same seed, same output.")
@click.option(
    "--threshold",
    type=click.FloatRange(min=0.0, max=1.0),
    default=None,
    help="Loss in win chance that flags '?' (twice it: '??'); default 0.10.",
)
@click.option("-o", "--output", type=click.Path(dir_okay=False), help="The annotated record.")
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text")
@click.option("--plot", type=click.Path(dir_okay=False), help="Write the win-chance curve (SVG).")
def analyse(
    file: str,
    viewer_name: str,
    number: int,
    simulations: int | None,
    jobs: int,
    seed: int,
    threshold: float | None,
    output: str | None,
    fmt: str,
    plot: str | None,
) -> None:
    """Estimate, at each decision of one player, the win chance of the move played and of the
    best alternative, from what he knew; flag the clear losses (docs/analysis.md)."""
    from mcn.openspiel import MISSING, available

    if not available():
        raise click.UsageError(MISSING)
    from mcn.openspiel.analysis import SIMULATIONS, THRESHOLD
    from mcn.openspiel.annotate import annotated, curve_svg

    if output is None and fmt == "text" and plot is None:
        raise click.UsageError("say where the analysis goes: -o OUT.mcn, --format json or --plot")
    for target in (output, plot):
        if target and file != "-" and os.path.exists(target) and os.path.samefile(target, file):
            raise click.UsageError(f"{target} is the record analysed: write a new file")
    source = record_source(file)
    source.warn()
    game = load_game(source, number)
    try:
        viewer = resolve(viewer_name, game)
    except UnknownViewer as problem:
        raise click.UsageError(str(problem)) from None
    if viewer is None:
        raise click.UsageError(f"a spectator makes no decisions; choose {choices(game)}")
    limited = within_record(game, viewer)
    assert limited is not None
    viewer = limited
    name = source.name
    replay = replay_game(game, file=name, index=number, keep_states=False)
    main = replay.main
    if main is None:
        for diagnostic in replay.diagnostics:
            click.echo(diagnostic.text(), err=True)
        sys.exit(1)
    if main.start.section != "setup" or main.start.counter != 0:
        click.echo(
            f"{name}: error: a record that starts from a position cannot be analysed: "
            "what the player saw before it is unknown",
            err=True,
        )
        sys.exit(1)
    stop = main.error
    note = None
    if stop is not None and stop.severity == "error":
        note = f"replay stopped before {stop.address or 'the start'}: analysed up to there"
        click.echo(stop.text(), err=True)
        click.echo(f"note: {note}", err=True)
    elif main.final is None or not main.final.is_terminal():
        last = main.steps[-1].address if main.steps else "the start"
        note = f"the record is unfinished (it ends after {last}): analysed up to there"
        click.echo(f"note: {note}", err=True)
    steps = main.steps
    if main.reveals:  # stand-ins for secrets, corrected from the reveal checkpoints
        kept = replay_game(game, file=name, index=number, keep_states=True).main
        assert kept is not None
        usable = faithful_prefix(kept.steps, kept.start)
        if usable < len(steps):
            steps = steps[:usable]
            note = (
                f"the record is redacted: replay filled in the secrets its '?' moves hide at "
                f"{kept.steps[usable].address} (from its reveal checkpoint); the moves after "
                "that cannot be played again from what the record says: analysed up to there"
            )
            click.echo(f"note: {note}", err=True)
    sims = simulations or SIMULATIONS
    limit = THRESHOLD if threshold is None else threshold
    tasks = tasks_of(steps, main.start, viewer, sims, seed, limit)
    verdicts = run_all(tasks, jobs)
    label = f"{viewer}; simulations {sims}; seed {seed}; threshold {limit:g}"
    if output:
        moves: list[Move] = []
        noted = []
        implied = []
        for task, verdict in zip(tasks, verdicts, strict=True):
            move = main.steps[task.index].move
            if move is not None:
                moves.append(move)
                noted.append(verdict)
                continue
            # An implicit decision (the end of a turn): written out after the move before it.
            anchor = next((s.move for s in reversed(steps[: task.index]) if s.move), None)
            if anchor is not None:  # (a turn's end follows a move of that turn)
                implied.append((anchor, task.played.actor, task.played.text, verdict))
        text = write(annotated(game, noted, moves, label, implied))
        _write(output, text)
    if plot:
        points = [(v.address, v.played.win, v.glyph) for v in verdicts]
        _write(plot, curve_svg(points, f"{viewer}'s win chance ({label})"))
    if fmt == "json":
        document = {
            "file": name,
            "game": number,
            "viewer": viewer,
            "simulations": sims,
            "seed": seed,
            "threshold": limit,
            "note": note,
            "decisions": [v.to_json() for v in verdicts],
        }
        click.echo(json.dumps(document, indent=2, ensure_ascii=False))
    else:
        flagged = [v for v in verdicts if v.glyph]
        for verdict in flagged:
            click.echo(
                f"{verdict.address} {verdict.played.move}{verdict.glyph} {{{verdict.comment()}}}"
            )
        click.echo(
            f"{len(verdicts)} decisions of {viewer} analysed ({sims} simulations each), "
            f"{len(flagged)} flagged",
            err=True,
        )
    sys.exit(1 if note and stop is not None else 0)


def _write(path: str, text: str) -> None:
    try:
        write_text_atomic(path, text, make_parents=True)
    except WriteError as problem:
        click.echo(str(problem), err=True)
        sys.exit(1)
    click.echo(f"wrote {path}", err=True)
