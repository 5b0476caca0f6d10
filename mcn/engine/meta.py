"""The META CULPA variant's side actions: infractions (R-MET-1..3, I-MET-4/5) and the Petty
Sinner's omissions (R-MET-2, I-MET-6).

Side actions come at any pending decision without taking it (I-MET-5). Under META CULPA the
Petty Sinner may leave an owed cost undone — money not paid to the bank, his post not rotated,
sin stones not placed — and makes it good only when another player catches him:

* Every cost the Sinner incurs (:func:`owe`, called where money is paid, a post rotated, sins
  placed) is kept in ``state.owed`` until his next own decision (a den to empty aside, R-DEN-4
  belongs to the placing) or the round's end. ``undone WHAT`` takes back the latest such cost
  of that kind and records it in ``state.omissions``.
* ``catch WHAT`` by another player makes good the earliest uncaught omission of that kind at
  once: the money is paid (what he has of it), the post rotated (never above 6, R-ACT-3), the
  stones placed (R-DEN-4 if he is short); no sin stone for being caught (R-MET-2).
* An omission can be caught until the posts are compared at the end of its round; after that
  it stands for the rest of the game (I-MET-6).

State lists hold plain values: ``owed`` entries are ``[what, amount, den]`` and ``omissions``
entries ``[colour, what, amount, den]`` (``den`` is a den index, -1 unless ``what`` is sin).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from mcn.engine.actions import Action, Catch, Infraction, SideAction, Undone
from mcn.engine.constants import DENS, PETTY, POST_MAX, SINNER, colour_name
from mcn.engine.decision import Why
from mcn.engine.events import InfractionRecorded, Omission
from mcn.engine.events.shared import money_moved, post_changed, sins_returned
from mcn.engine.shared_steps import sins_step

if TYPE_CHECKING:
    from mcn.engine.state import GameState

META_CULPA = "meta-culpa"
RULE = "I-MET-6"
#: What can be left undone, in the order options are listed.
COSTS = ("money", "post", "sin")


# --- recording what the Petty Sinner owes -----------------------------------------------------


def privileged(s: GameState, colour: str) -> bool:
    """Whether ``colour`` holds the Petty Sinner's META CULPA privilege now: he holds the card,
    and (with 2 players) it is not his turn as his other character (I-P2-1)."""
    if s.variant != META_CULPA or s.holders[SINNER] != colour:
        return False
    if s.phase == "action":
        on_turn = (s.next_character - 1) % 4
        return on_turn == SINNER or s.holders[on_turn] != colour
    return True


def owe(s: GameState, colour: str, what: str, amount: int, den: int = -1) -> None:
    """Note a cost ``colour`` just incurred, which he may leave undone if privileged."""
    if amount > 0 and s.variant == META_CULPA and privileged(s, colour):
        s.owed.append([what, amount, den])


def own_decision(s: GameState, actor: str, kind: str) -> None:
    """The Sinner takes a decision of his own: what he did not leave undone so far is done."""
    if s.owed and actor == s.holders[SINNER] and kind != "empty-den":
        s.owed.clear()


def round_over(s: GameState) -> None:
    """The posts are compared: uncaught omissions stand for the rest of the game (I-MET-6)."""
    s.owed.clear()
    s.omissions.clear()


# --- legality -----------------------------------------------------------------------------------


def _latest(s: GameState, what: str) -> list[Any] | None:
    found: list[Any] | None = None
    for entry in s.owed:
        if entry[0] == what:
            found = entry
    return found


def _earliest(s: GameState, what: str) -> list[Any] | None:
    for entry in s.omissions:
        if entry[1] == what:
            return entry
    return None


def why_not(s: GameState, action: SideAction) -> Why:
    """Who may record which side action, and when (R-MET-1..3, I-MET-4..6)."""
    who = colour_name(action.actor)
    if s.variant != META_CULPA:
        rule = "R-MET-3" if isinstance(action, Infraction) else RULE
        return rule, f"'{action.kind}' is recorded only in the META CULPA variant."
    if action.actor not in s.players:
        return "R-MET-1", f"{who} does not play in this game."
    if not s.stack:
        return "R-END-1", "The game is over."
    if isinstance(action, Infraction):
        if action.code not in s.infractions:
            return "R-MET-3", f"The infraction {action.code} was not agreed before the game."
        if s.stack[-1][0] == "souls":
            return "I-MET-5", "No infraction can be recorded before the souls are placed."
        if s.holders[SINNER] == action.actor:
            return "R-MET-2", f"{who} is the Petty Sinner and never sins by infraction."
        return None
    if isinstance(action, Undone):
        if not privileged(s, action.actor):
            return RULE, f"Only the Petty Sinner may leave a cost undone; {who} may not."
        entry = _latest(s, action.what)
        if entry is None:
            return RULE, (
                f"{who} owes no {_cost_name(action.what)} since his last decision "
                "that he could leave undone."
            )
        if action.what == "sin" and s.sins[action.actor][entry[2]] < entry[1]:
            return RULE, f"{who}'s stones are no longer in the {DENS[entry[2]]} den."
        return None
    assert isinstance(action, Catch)
    entry = _earliest(s, action.what)
    if entry is None:
        return RULE, f"Nobody has left {_cost_name(action.what)} undone this round."
    if entry[0] == action.actor:
        return RULE, f"{who} cannot catch himself; another player catches the Petty Sinner."
    return None


def options(s: GameState, actor: str | None) -> list[Action]:
    """Every side action legal now (for ``actor``, if given)."""
    if s.variant != META_CULPA:
        return []
    out: list[Action] = []
    for who in s.players if actor is None else (actor,):
        candidates: list[SideAction] = [Infraction(who, code) for code in s.infractions]
        candidates += [Undone(who, what) for what in COSTS]
        candidates += [Catch(who, what) for what in COSTS]
        out.extend(a for a in candidates if why_not(s, a) is None)
    return out


# --- applying -----------------------------------------------------------------------------------


def apply(s: GameState, action: SideAction) -> None:
    """Apply a legal side action; the pending decision waits."""
    colour = action.actor
    if isinstance(action, Infraction):
        s._events.append(InfractionRecorded("R-MET-1", colour, action.code))
        s._push(sins_step(colour, PETTY, 1, "R-MET-1"))
    elif isinstance(action, Undone):
        entry = _latest(s, action.what)
        assert entry is not None
        s.owed.remove(entry)
        what, amount, den = entry
        _take_back(s, colour, what, amount, den)
        s.omissions.append([colour, what, amount, den])
        s._events.append(Omission(RULE, colour, what, amount, DENS[den] if den >= 0 else "", ""))
    else:
        assert isinstance(action, Catch)
        found = _earliest(s, action.what)
        assert found is not None
        s.omissions.remove(found)
        sinner, what, amount, den = found
        s._events.append(
            Omission(RULE, sinner, what, amount, DENS[den] if den >= 0 else "", colour)
        )
        _make_good(s, sinner, what, amount, den)


def _take_back(s: GameState, colour: str, what: str, amount: int, den: int) -> None:
    if what == "money":
        s.money[colour] += amount
        s._events.append(money_moved(RULE, colour, amount, "payment left undone"))
    elif what == "post":
        before = s.post[colour]
        s.post[colour] = before - amount
        s._events.append(
            post_changed(RULE, colour, before, before - amount, "rotation left undone")
        )
    else:
        s.sins[colour][den] -= amount
        s._events.append(sins_returned(RULE, colour, DENS[den], amount, "left undone"))


def _make_good(s: GameState, colour: str, what: str, amount: int, den: int) -> None:
    if what == "money":
        paid = min(amount, s.money[colour])
        if paid:
            s.money[colour] -= paid
            s._events.append(money_moved(RULE, colour, -paid, "caught: pays what he left unpaid"))
    elif what == "post":
        before = s.post[colour]
        after = min(POST_MAX, before + amount)
        if after != before:
            s.post[colour] = after
            s._events.append(post_changed(RULE, colour, before, after, "caught: rotates his post"))
    else:
        s._push(sins_step(colour, den, amount, RULE))


def _cost_name(what: str) -> str:
    return {"money": "money", "post": "a post rotation", "sin": "sin stones"}[what]
