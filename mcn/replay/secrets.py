"""Secrets and reveals: a redacted record's ``?`` moves are replayed with stand-ins, and the
reveal checkpoints fill in the truth just before the evaluation or scoring that needs it
(:mod:`mcn.replay.hidden`). Which part of the hidden state a ``?`` leaves unsure is the engine's
declaration (:func:`mcn.engine.secret_readers.touches`). What can then not be told for sure
becomes a ``note``."""

from __future__ import annotations

from collections.abc import Sequence

from mcn.engine import GameState, secret_readers, secrets
from mcn.engine.actions import Action
from mcn.engine.building import finishes_cathedral
from mcn.engine.constants import COLOURS, LETTERS, LETTERS_TOTAL, colour_name
from mcn.engine.events import LetterMoved
from mcn.notation.model import Checkpoint, Element, Move
from mcn.replay import hidden
from mcn.replay.diagnostics import Diagnostics
from mcn.replay.model import Line


class SecretBook:
    """Stand-ins for hidden moves, and the reveals that correct them: what each line left
    unresolved, unsure or revealed is kept on the line (:class:`mcn.replay.model.Line`), so
    the book itself holds only where it reports."""

    def __init__(self, diagnostics: Diagnostics) -> None:
        self.diagnostics = diagnostics

    @staticmethod
    def secret_candidates(state: GameState, move: Move) -> list[Action]:
        """The legal actions of the pending decision that a ``?`` move may stand for."""
        if move.actor not in state.current_players():
            return []
        return [a for a in state.legal_actions(move.actor) if hidden.matches(move.tokens, a)]

    @staticmethod
    def secret_address(state: GameState, move: Move) -> str:
        """The address a ``?`` move gets at the pending decision (a bid's has its colour)."""
        return state.decision.address_for(move.actor)

    def stand_in_for(self, line: Line, state: GameState, move: Move) -> tuple[Action, str]:
        """The *stand-in* a ``?`` move is applied as: one legal action it matches, the
        likeliest one for letters (:meth:`stand_in`); and the kind of secret it hides
        (:func:`mcn.engine.secret_readers.touches`)."""
        candidates = self.secret_candidates(state, move)
        kind = secret_readers.touches(candidates[0])
        if kind == secrets.LETTERS:
            return self.stand_in(line, state, candidates), kind
        return candidates[0], kind

    @staticmethod
    def note_stand_in(line: Line, move: Move, address: str, kind: str) -> None:
        """The stand-in for ``move`` was applied (the line's last step): note the players
        whose hidden state it may have got wrong."""
        letters = kind == secrets.LETTERS
        players = {move.actor}
        if letters:
            players.update(
                event.player for event in line.last_events() if isinstance(event, LetterMoved)
            )
        line.unresolved.setdefault(kind, set()).update(players)
        line.guessed_supply = line.guessed_supply or letters
        if kind == secrets.OTHER and line.unsure is None:
            line.unsure = f"'{move.text}' at {line.prefix}{address} hides a secret"

    @staticmethod
    def stand_in(line: Line, state: GameState, candidates: list[Action]) -> Action:
        """The hidden letter most likely taken: the colour its taker holds most of at the end
        of the game (the ``<letters>`` reveal) beyond what he holds now; without a reveal,
        the colour the supply has most of. A good guess keeps the public consequences of
        the supply (evaluation displays, what is left to buy) right."""
        revealed = line.reveals.get("letters")
        final = hidden.parse_letters(revealed.args) if revealed is not None else None
        best: tuple[int, int] | None = None
        chosen = candidates[0]
        for candidate in candidates:
            probe = state.clone()
            events = probe.apply(candidate)
            moved = next((e for e in events if isinstance(e, LetterMoved)), None)
            if moved is None:
                continue
            colour = LETTERS.index(moved.colour)
            supply = state.supply[colour]
            wanted = supply
            if isinstance(final, dict) and moved.player in final:
                wanted = final[moved.player][colour] - state.letters[moved.player][colour]
            if best is None or (wanted, supply) > best:
                best, chosen = (wanted, supply), candidate
        return chosen

    def collect_reveals(self, line: Line, elements: Sequence[Element]) -> None:
        """Note the line's reveal checkpoints: they hold for the moment of their reveal."""
        for element in elements:
            # type(…) is, not isinstance: see mcn.notation.games.group_games
            if type(element) is Checkpoint and element.name in hidden.REVEALS:
                key = element.name
                if key == "chest" and element.args:
                    key = f"chest {element.args[0]}"
                line.reveals.setdefault(key, element)

    @staticmethod
    def needs_before(line: Line, state: GameState, action: Action) -> bool:
        """Whether :meth:`before_apply` may fill in secrets before ``action``: crew that
        finishes a cathedral (its evaluation), or any action once two are finished while
        hidden letters are unresolved (the scoring may follow). When not, the binder's fast
        lane carries the action out at once (:meth:`~mcn.replay.binding.Binder.play`)."""
        if state.finished < 2:
            return finishes_cathedral(state, action)
        return state.finished == 2 and bool(line.unresolved.get("letters"))

    def before_apply(self, line: Line, state: GameState, action: Action, move: Move | None) -> bool:
        """Fill in secrets just before the evaluation or the scoring that needs them; whether
        it may have changed ``state`` (then ``action`` is checked again)."""
        changed = False
        if (
            state.finished < 2
            and finishes_cathedral(state, action)
            and state.judge(action).accepted
        ):
            self.evaluation(line, state, state.finished, move)
            changed = True
        if state.finished == 2 and line.unresolved.get("letters"):
            probe = state.clone()
            probe.apply(action)
            if probe.is_terminal():
                self.fill_letters(line, state, probe, move)
                changed = True
        return changed

    def evaluation(self, line: Line, state: GameState, compartment: int, move: Move | None) -> None:
        """Compartment ``compartment`` is about to be evaluated: record, reveal, fill in."""
        contents = {c: state.chest[c][compartment][:] for c in state.players}
        line.revealed[f"chest {('I', 'II')[compartment]}"] = contents
        unresolved = line.unresolved.get("chest", set())
        checkpoint = line.reveals.get(f"chest {('I', 'II')[compartment]}")
        if checkpoint is None:
            if unresolved and line.unsure is None:
                names = ", ".join(colour_name(c) for c in sorted(unresolved, key=COLOURS.index))
                line.unsure = (
                    f"compartment {('I', 'II')[compartment]} was evaluated before the record "
                    f"revealed it (hidden donations of {names})"
                )
            return
        parsed = hidden.parse_chest(checkpoint.args)
        if isinstance(parsed, str):
            return  # reported where the checkpoint is verified
        _, revealed = parsed
        for colour, values in revealed.items():
            if colour not in unresolved or colour not in state.players:
                continue
            box = state.chest[colour]
            shown = [box[0][i] + box[1][i] for i in range(5)]
            if any(v > s for v, s in zip(values, shown, strict=True)):
                self.diagnostics.report(
                    "error",
                    "checkpoint",
                    f"checkpoint <{checkpoint.text}> fails: {colour_name(colour)} donated only "
                    f"{hidden.describe(shown, hidden.CHEST_ITEMS)} in all",
                    address=line.prefix + state.decision.address,
                    span=checkpoint.span,
                )
                continue
            box[compartment] = list(values)
            box[1 - compartment] = [s - v for s, v in zip(shown, values, strict=True)]
            contents[colour] = list(values)
            unresolved.discard(colour)

    def fill_letters(
        self, line: Line, state: GameState, probe: GameState, move: Move | None
    ) -> None:
        """The game ends with the next action: put the revealed letters behind the screens."""
        unresolved = line.unresolved.get("letters", set())
        checkpoint = line.reveals.get("letters")
        if checkpoint is None:
            if line.unsure is None:
                names = ", ".join(colour_name(c) for c in sorted(unresolved, key=COLOURS.index))
                line.unsure = f"the letters of {names} were scored but never revealed"
            return
        revealed = hidden.parse_letters(checkpoint.args)
        if isinstance(revealed, str):
            return
        # with guessed colours the whole letter supply may have drifted (evaluation displays
        # are laid out from it), so then every player takes the revealed letters
        patch = set(revealed) if line.guessed_supply else unresolved
        patched: dict[str, list[int]] = {}
        wrong: list[str] = []
        for colour, final in revealed.items():
            if colour not in patch or colour not in state.players:
                continue
            gained = [probe.letters[colour][i] - state.letters[colour][i] for i in range(4)]
            before = [f - g for f, g in zip(final, gained, strict=True)]
            if min(before) < 0:
                held = hidden.describe(final, LETTERS)
                wrong.append(f"{colour_name(colour)} cannot have held {held}")
            else:
                patched[colour] = before
        holdings = [patched.get(c, state.letters[c]) for c in state.players]
        display = state.evaluation[3] if state.evaluation is not None else [0, 0, 0, 0]
        supply = [
            LETTERS_TOTAL[i]
            - sum(h[i] for h in holdings)
            - display[i]
            - (state.suite6 if i == 0 else 0)
            for i in range(4)
        ]
        if min(supply) < 0:
            wrong.append("these letters are more than the game has")
        if wrong:
            self.diagnostics.report(
                "note" if line.guessed_supply else "error",
                "secret" if line.guessed_supply else "checkpoint",
                f"checkpoint <{checkpoint.text}> fails: {'; '.join(wrong)}",
                address=line.prefix + state.decision.address,
                span=checkpoint.span,
            )
            return
        for colour, before in patched.items():
            state.letters[colour] = before
            unresolved.discard(colour)
        state.supply = supply

    def after_end(self, line: Line, state: GameState, move: Move | None) -> None:
        """The game is over: the letters are revealed."""
        line.revealed["letters"] = {c: state.letters[c][:] for c in state.players}
        if line.unresolved.get("letters") and line.unsure is None:
            names = ", ".join(
                colour_name(c) for c in sorted(line.unresolved["letters"], key=COLOURS.index)
            )
            line.unsure = f"the letters of {names} were scored but never revealed"

    def unrevealed(self, line: Line, state: GameState, elements: Sequence[Element]) -> None:
        """At the end of a line: say which secrets stayed unchecked."""
        left = {kind: players for kind, players in line.unresolved.items() if players}
        if line.unsure is None and not left:
            return
        span = elements[-1].span if elements else None
        address = line.prefix + state.pending_address()
        if line.unsure is not None:
            message = f"not fully checked: {line.unsure}"
        else:
            parts = []
            for kind, players in sorted(left.items()):
                names = ", ".join(colour_name(c) for c in sorted(players, key=COLOURS.index))
                what = {"chest": "compartments of donations", "letters": "letter colours"}.get(
                    kind, "secrets"
                )
                parts.append(f"the {what} of {names}")
            message = "never revealed in this record: " + "; ".join(parts)
        self.diagnostics.report("note", "secret", message, address=address, span=span)

    def verify_reveal(self, line: Line, state: GameState, checkpoint: Checkpoint) -> str | None:
        """A reveal checkpoint, checked against what was revealed (once it has been)."""
        if checkpoint.name == "chest":
            parsed = hidden.parse_chest(checkpoint.args)
            if isinstance(parsed, str):
                return parsed
            compartment, claimed = parsed
            key = f"chest {('I', 'II')[compartment]}"
            actual = line.revealed.get(key)
            if actual is None:
                actual = {c: state.chest[c][compartment] for c in state.players}
            names: Sequence[str] = hidden.CHEST_ITEMS
            what = f"compartment {('I', 'II')[compartment]}"
        else:
            letters = hidden.parse_letters(checkpoint.args)
            if isinstance(letters, str):
                return letters
            claimed = letters
            actual = line.revealed.get("letters") or {c: state.letters[c] for c in state.players}
            names = LETTERS
            what = "letters"
        wrong = []
        for colour, values in claimed.items():
            if colour not in actual:
                wrong.append(f"{colour} does not play")
            elif list(actual[colour]) != list(values):
                wrong.append(
                    f"{colour_name(colour)}'s {what} held {hidden.describe(actual[colour], names)}"
                )
        return "; ".join(wrong) or None
