"""The course of the game: setup bonuses, rounds, bids, characters, preliminaries, turns,
comparing posts and the game end (R-SET-4..6, R-RND-1..2, R-BID-1..4, R-CHR-1..5, R-ACT-1..5,
R-P2-1, R-P3-1, I-P3-2, I-P3-3, R-NOT-1, R-END-1..3, I-RND-2/3, I-ACT-7/8, I-BID-5).

Each phase is a chain of steps on the state's stack; see :mod:`mcn.engine.decision`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from mcn.engine import building, house, meta, sins, track, trade
from mcn.engine.actions import (
    Action,
    Bid,
    Bonus,
    Buy,
    BuyLetter,
    Choose,
    Donate,
    End,
    Greedy,
    MovePopeStone,
    Pass,
    PlaceCrew,
    Sell,
    Skip,
    Visit,
)
from mcn.engine.constants import (
    BLUE,
    BONUS_MONEY_AMOUNT,
    CHARACTER_INDEX,
    CHARACTER_NAMES,
    CHARACTERS,
    COMPARTMENTS,
    EMPEROR,
    MERCHANT,
    PETTY,
    POPE,
    POST_MAX,
    SET_SIZE,
    SET_STEPS,
    SINNER,
    STONE_INDEX,
    YELLOW,
    colour_name,
)
from mcn.engine.decision import AUTO, Handler, Step, Why, auto, decision, first_actor
from mcn.engine.events import (
    BidPlaced,
    BidsRevealed,
    BonusTaken,
    CardsMoved,
    CharacterChosen,
    Donated,
    GameEnded,
    LetterMoved,
    LettersScored,
    MoneyMoved,
    PhaseEnded,
    PostChanged,
    PostsCompared,
    Prepared,
    RoundStarted,
    TurnStarted,
)

if TYPE_CHECKING:
    from mcn.engine.state import GameState


# --- setup: starting bonuses (R-SET-4..6) ------------------------------------------------------


_BONUS_ITEMS = {("bread", "wine"): 1, ("jewel",): 2, ("10",): 3, ("blue",): 4}


def _bonus_candidates(s: GameState, step: Step, actor: str) -> list[Action]:
    out: list[Action] = []
    for bonus in s.bonuses:
        if bonus == 1:
            out.extend(
                Bonus(actor, (("bread", a), ("wine", b)))
                for a in COMPARTMENTS
                for b in COMPARTMENTS
            )
        elif bonus in (2, 3):
            item = "jewel" if bonus == 2 else str(BONUS_MONEY_AMOUNT)
            out.extend(Bonus(actor, ((item, a),)) for a in COMPARTMENTS)
        else:
            out.append(Bonus(actor, (("blue", ""),)))
    return out


def _bonus_why_not(s: GameState, step: Step, action: Action) -> Why:
    assert isinstance(action, Bonus)
    bonus = _BONUS_ITEMS.get(tuple(item for item, _comp in action.items))
    if bonus is None:
        return "R-SET-4", "A starting bonus is 'bread>C wine>C', 'jewel>C', '10>C' or 'blue'."
    if bonus not in s.bonuses:
        return "R-SET-4", f"Starting bonus {bonus} was already taken."
    comps = [comp for _item, comp in action.items]
    if bonus == 4 and comps != [""]:
        return "R-SET-5", "The blue letter goes behind the screen, not into the chest."
    if bonus != 4 and "" in comps:
        return "R-SET-5", "Bonuses 1-3 are donated at once: name compartment I or II."
    return None


def _bonus_apply(s: GameState, step: Step, action: Action) -> None:
    assert isinstance(action, Bonus)
    s.stack.pop()
    colour = action.actor
    bonus = _BONUS_ITEMS[tuple(item for item, _comp in action.items)]
    s.bonuses.remove(bonus)
    s.emit(BonusTaken("R-SET-4", colour, action.text.removeprefix("bonus ")))
    if bonus == 4:
        s.supply[BLUE] -= 1
        s.letters[colour][BLUE] += 1
        s.emit(LetterMoved("R-SET-5", colour, "blue", 1, "the supply"))
        return
    chest = s.chest[colour]
    for item, comp in action.items:
        box = chest[COMPARTMENTS.index(comp)]
        if item.isdigit():
            box[4] += int(item)
            s.emit(Donated("R-SET-5", colour, item, comp))
        else:
            good = STONE_INDEX[item]
            s.bag[good] -= 1
            box[good] += 1
            s.emit(Donated("R-SET-5", colour, item, comp))


def _bonus_prompt(s: GameState, step: Step) -> str:
    return f"{colour_name(step[1])} picks a starting bonus"


decision(
    Handler(
        "bonus",
        "R-SET-4",
        (Bonus,),
        first_actor,
        _bonus_candidates,
        _bonus_why_not,
        _bonus_apply,
        _bonus_prompt,
        "bonus ...",
    ),
    "bonus",
)


@auto("setup_done")
def setup_done(s: GameState, step: Step) -> None:
    """Unpicked bonuses stay in the supply; the bag holds the rest (R-SET-3, R-SET-6)."""
    s.emit(Prepared("R-SET-6", "The remaining goods and the 6 indulgence stones fill the bag"))
    s.push(("round",))


# --- round preparation (R-RND-2) ---------------------------------------------------------------


@auto("round")
def start_round(s: GameState, step: Step) -> None:
    """A new round: market draw, fixed preparations, room cards, then secret bids."""
    s.round += 1
    s.phase = "prep"
    s.section = f"{s.round}.prep"
    s.counter = 0
    s.emit(RoundStarted("R-RND-1", s.round))
    s.push(("market",), ("prep",), ("rooms",), ("open_bids",))


@auto("prep")
def prepare(s: GameState, step: Step) -> None:
    """Characters back, Pope die on its card, a crew on the Emperor card, Suite 6 refilled,
    Suite 5 welcoming, last round's room cards discarded (R-RND-2, I-RND-2, I-SUP-5)."""
    s.holders = [None, None, None, None]
    s.pope_die = 0
    if not s.card_crew:
        if s.hut:
            s.hut -= 1
            s.card_crew = 1
            s.emit(Prepared("R-RND-2", "A crew goes from the hut onto the Emperor card"))
        else:
            s.emit(Prepared("I-RND-2", "The hut is empty: the Emperor card gets no crew"))
    if not s.suite6 and s.supply[YELLOW]:
        s.supply[YELLOW] -= 1
        s.suite6 = 1
        s.emit(Prepared("R-RND-2", "A yellow letter goes into Suite 6"))
    s.visited = [False] * 7
    left = [card for card in s.rooms if card is not None]
    for card in left:
        s.discard[card] = s.discard.get(card, 0) + 1
    s.rooms = [None, None, None, None]
    if left:
        s.emit(CardsMoved("R-RND-2", "discarded", tuple(left)))


# --- secret bids (R-BID-1..4) ---------------------------------------------------------------


@auto("open_bids")
def open_bids(s: GameState, step: Step) -> None:
    """Everybody bids at once (a simultaneous decision)."""
    s.phase = "bid"
    s.section = f"{s.round}.bid"
    s.counter = 0
    s.bids = dict.fromkeys(s.players)
    s.push(("bids",))


def _bid_actors(s: GameState, step: Step) -> tuple[str, ...]:
    return tuple(c for c in s.players if s.bids.get(c, 0) is None)


def _bid_candidates(s: GameState, step: Step, actor: str) -> list[Action]:
    return [Bid(actor, n, t) for n in range(1, POST_MAX + 1) for t in range(s.money[actor] + 1)]


def _bid_why_not(s: GameState, step: Step, action: Action) -> Why:
    assert isinstance(action, Bid)
    if not 1 <= action.notches <= POST_MAX:
        return "R-BID-1", f"A bid shows 1 to {POST_MAX} notches, not {action.notches}."
    if action.taler < 0:
        return "R-BID-1", f"A bid adds 0 or more taler, not {action.taler}."
    money = s.money[action.actor]
    if action.taler > money:
        return (
            "I-BID-5",
            f"{colour_name(action.actor)} has {money} taler and cannot bid {action.taler}.",
        )
    return None


def _bid_apply(s: GameState, step: Step, action: Action) -> None:
    assert isinstance(action, Bid)
    s.bids[action.actor] = (action.notches, action.taler)
    s.emit(BidPlaced("R-BID-1", action.actor))
    if all(b is not None for b in s.bids.values()):
        s.stack.pop()
        s.push(("reveal",))


def _bid_prompt(s: GameState, step: Step) -> str:
    return "secret bids: notches 1-6 plus taler"


decision(
    Handler(
        "bid",
        "R-BID-1",
        (Bid,),
        _bid_actors,
        _bid_candidates,
        _bid_why_not,
        _bid_apply,
        _bid_prompt,
        "bid N+T",
        exact=True,
    ),
    "bids",
)


@auto("reveal")
def reveal(s: GameState, step: Step) -> None:
    """Reveal bids: choice order by value (ties: nearer Hell), the most notches keeps his
    taler, the others pay; posts keep the notches (R-BID-2..4, R-TIE-1, R-P2-1)."""
    bids: dict[str, tuple[int, int]] = {c: b for c, b in s.bids.items() if b is not None}
    key = s.hell_key
    order = sorted(s.players, key=lambda c: (-sum(bids[c]), -key(c)))
    keeper = max(s.players, key=lambda c: (bids[c][0], key(c)))
    s.emit(BidsRevealed("R-BID-2", tuple((c, *bids[c]) for c in order), keeper))
    for colour in order:
        notches, taler = bids[colour]
        if colour != keeper and taler:
            s.money[colour] -= taler
            s.emit(MoneyMoved("R-BID-3", colour, -taler, "bid"))
        before = s.post[colour]
        s.post[colour] = notches
        s.emit(PostChanged("R-BID-4", colour, before, notches, "bid"))
    s.bids = {}
    s.phase = "pick"
    s.section = f"{s.round}.pick"
    s.counter = 0
    s.choosers = [order[0], order[1], order[0], order[1]] if len(order) == 2 else order
    s.push(("choose_next",))


# --- character choice and preliminaries (R-CHR-1..5, R-P2-1, R-P3-1, I-P3-2) ----------------


@auto("choose_next")
def choose_next(s: GameState, step: Step) -> None:
    """The next chooser, or the action phase once every character is placed."""
    if s.choosers:
        s.push(("choose", s.choosers.pop(0)), ("choose_next",))
        return
    s.phase = "action"
    s.turn = 0
    s.next_character = POPE
    s.push(("turn",), ("phase_end",))


def _choose_candidates(s: GameState, step: Step, actor: str) -> list[Action]:
    return [Choose(actor, name) for i, name in enumerate(CHARACTERS) if s.holders[i] is None]


def _choose_why_not(s: GameState, step: Step, action: Action) -> Why:
    assert isinstance(action, Choose)
    holder = s.holders[CHARACTER_INDEX[action.character]]
    if holder is not None:
        name = CHARACTER_NAMES[CHARACTER_INDEX[action.character]]
        return "R-BID-2", f"The {name} was already chosen by {colour_name(holder)}."
    return None


def _own_preliminary(s: GameState, colour: str, character: int) -> list[Step]:
    if character == POPE:
        return [("prelim", colour, 1, 0)]
    if character == EMPEROR:
        return [("prelim", colour, 0, 1)] if s.card_crew else []
    if character == SINNER:
        return [("sins", colour, PETTY, 2, "R-CHR-4"), ("sinner", colour)]
    return []  # R-CHR-3


def _choose_apply(s: GameState, step: Step, action: Action) -> None:
    assert isinstance(action, Choose)
    s.stack.pop()
    colour = action.actor
    character = CHARACTER_INDEX[action.character]
    s.holders[character] = colour
    s.emit(CharacterChosen("R-BID-2", colour, action.character))
    steps = _own_preliminary(s, colour, character)
    if len(s.players) == 3 and not s.choosers:  # R-P3-1, I-P3-2
        unused = s.holders.index(None)
        extra: Step | None = None
        if unused == POPE:
            extra = ("prelim", s.holders[EMPEROR], 1, 0)
        elif unused == EMPEROR and s.card_crew:
            extra = ("prelim", s.holders[POPE], 0, 1)
        if extra is not None and extra[1] == colour:
            steps = [("prelim", colour, 1, s.card_crew)]
        elif extra is not None:
            steps.append(extra)
    s.push(*steps)


def _choose_prompt(s: GameState, step: Step) -> str:
    return f"{colour_name(step[1])} chooses a character"


decision(
    Handler(
        "choose",
        "R-BID-2",
        (Choose,),
        first_actor,
        _choose_candidates,
        _choose_why_not,
        _choose_apply,
        _choose_prompt,
        "choose CHARACTER",
    ),
    "choose",
)


def _prelim_candidates(s: GameState, step: Step, actor: str) -> list[Action]:
    out: list[Action] = []
    if step[2]:
        out.extend(sins.pope_stone_options(s, actor))
        out.append(Skip(actor))
    if step[3]:
        out.extend(building.place_options(s, actor))
    return out


def _prelim_why_not(s: GameState, step: Step, action: Action) -> Why:
    pope, emperor = step[2], step[3]
    if isinstance(action, PlaceCrew):
        if not emperor:
            return "R-CHR-1", "Only the Pope's preliminary is left: move a Pope stone or skip."
        return building.why_not_place(s, action.site)
    if not pope:
        return "R-CHR-2", "The Emperor's crew must be placed on a cathedral site (crew SITE)."
    if isinstance(action, MovePopeStone):
        return sins.why_not_pope_stone(s, action, "R-CHR-1")
    return None


def _prelim_apply(s: GameState, step: Step, action: Action) -> None:
    s.stack.pop()
    _, colour, pope, emperor = step
    if isinstance(action, PlaceCrew):
        if pope:
            s.push(("prelim", colour, pope, 0))
        s.card_crew -= 1
        building.add_crew(s, colour, action.site, "the Emperor card", "R-CHR-2")
        return
    if emperor:
        s.push(("prelim", colour, 0, emperor))
    if isinstance(action, MovePopeStone):
        sins.move_pope_stone(s, colour, action.source, action.target, "R-CHR-1")


def _prelim_prompt(s: GameState, step: Step) -> str:
    what = []
    if step[2]:
        what.append("may move a Pope stone")
    if step[3]:
        what.append("must place the Emperor's crew")
    return f"{colour_name(step[1])} {' and '.join(what)} (preliminary action)"


decision(
    Handler(
        "preliminary",
        "R-CHR-1",
        (MovePopeStone, Skip, PlaceCrew),
        first_actor,
        _prelim_candidates,
        _prelim_why_not,
        _prelim_apply,
        _prelim_prompt,
        "pope-stone DEN>DEN, skip or crew SITE",
        # The Emperor's crew is the one obligation: while it is owed, it is what is missing.
        step_rule=lambda s, step: "R-CHR-2" if step[3] else "R-CHR-1",
    ),
    "prelim",
)


def _sinner_candidates(s: GameState, step: Step, actor: str) -> list[Action]:
    return [*house.visit_candidates(actor), Skip(actor)]


def _sinner_why_not(s: GameState, step: Step, action: Action) -> Why:
    if isinstance(action, Visit):
        return house.why_not_visit(s, action.actor, action.room, "sinner", 0)
    return None


def _sinner_apply(s: GameState, step: Step, action: Action) -> None:
    s.stack.pop()
    if isinstance(action, Visit):
        house.start_visit(s, action.actor, action.room, "sinner")


def _sinner_prompt(s: GameState, step: Step) -> str:
    return f"{colour_name(step[1])} (Petty Sinner) may visit the House of Pleasure at once"


decision(
    Handler(
        "sinner-visit",
        "R-CHR-4",
        (Visit, Skip),
        first_actor,
        _sinner_candidates,
        _sinner_why_not,
        _sinner_apply,
        _sinner_prompt,
        "visit N or skip",
    ),
    "sinner",
)


# --- the action phase (R-ACT-1..5) -------------------------------------------------------------


@auto("turn")
def next_turn(s: GameState, step: Step) -> None:
    """The next character in turn order (Pope, Emperor, Merchant, Petty Sinner), skipping
    characters nobody holds; no turn when no stone can leave the market (I-RND-3, I-ACT-8)."""
    if not trade.free_stone_possible(s):
        return
    character = s.next_character
    holder = s.holders[character]
    while holder is None:
        character = (character + 1) % 4
        holder = s.holders[character]
    s.next_character = (character + 1) % 4
    s.turn += 1
    s.section = f"{s.round}.{s.turn}"
    s.counter = 0
    s.emit(TurnStarted("R-ACT-1", s.turn, holder, CHARACTERS[character]))
    s.push(("action", holder, character, 1, ""), ("turn_end", holder, character))


_KIND = {
    Buy: "buy",
    Greedy: "buy",
    BuyLetter: "buy",
    Sell: "sell",
    Donate: "donate",
    Visit: "visit",
}
_MODE = {POPE: "pope", SINNER: "sinner", EMPEROR: "normal", MERCHANT: "normal"}


def _turn_opening(s: GameState, step: Step, actor: str) -> tuple[list[Action], bool]:
    """``end`` (second action) or ``pass`` (first), and whether more may follow: a post at 6
    leaves the second action nothing but ``end`` (R-ACT-3)."""
    _, colour, _, number, _ = step
    if number == 2:
        return [End(actor)], s.post[colour] < POST_MAX
    return [Pass(actor)], True


def _action_candidates(s: GameState, step: Step, actor: str) -> list[Action]:
    _, _, character, _, first = step
    out, more = _turn_opening(s, step, actor)
    if not more:
        return out
    if first != "visit":
        out.extend(house.visit_candidates(actor))
    for action in trade.candidates(s, actor, character):
        if _KIND[type(action)] != first:
            out.append(action)
    return out


def _action_legal(s: GameState, step: Step, actor: str) -> list[Action]:
    _, colour, character, number, first = step
    out, more = _turn_opening(s, step, actor)
    if not more:
        return out
    if first != "visit":
        out.extend(house.legal_visits(s, colour, _MODE[character], number - 1))
    out.extend(trade.legal(s, colour, character, first))
    return out


def _action_why_not(s: GameState, step: Step, action: Action) -> Why:
    _, colour, character, number, first = step
    if isinstance(action, Pass):
        return (
            None
            if number == 1
            else ("R-ACT-3", f"{colour_name(colour)} has acted; 'end' ends the turn.")
        )
    if isinstance(action, End):
        return (
            None
            if number == 2
            else ("R-ACT-2", f"{colour_name(colour)} has not acted yet; 'pass' ends the turn.")
        )
    if number == 2:
        if s.post[colour] >= POST_MAX:
            return (
                "R-ACT-3",
                f"{colour_name(colour)}'s post shows {POST_MAX}; "
                f"a second action would rotate it above {POST_MAX}.",
            )
        kind = _KIND[type(action)]
        if kind == first:
            return (
                "R-ACT-3",
                f"{colour_name(colour)}'s second action must be of another kind "
                f"than the first ({first}).",
            )
    if isinstance(action, Visit):
        return house.why_not_visit(s, colour, action.room, _MODE[character], number - 1)
    return trade.why_not(s, action, character)


def _action_breach(s: GameState, step: Step, action: Action) -> Why:
    _, colour, character, number, _first = step
    if character != POPE or not isinstance(action, Visit):
        return None
    return house.pope_breach(s, colour, action.room, number - 1)


def _action_apply(s: GameState, step: Step, action: Action) -> None:
    s.stack.pop()
    if isinstance(action, Pass | End):
        return
    _, colour, character, number, _first = step
    if number == 1:
        s.push(("action", colour, character, 2, _KIND[type(action)]))
    else:
        house.rotate(s, colour, 1, "second action", "R-ACT-3")
    if isinstance(action, Visit):
        house.start_visit(s, colour, action.room, _MODE[character])
    else:
        trade.perform(s, action)


def _action_prompt(s: GameState, step: Step) -> str:
    _, colour, character, number, _first = step
    which = "first action (or pass)" if number == 1 else "second action (or end)"
    return f"{colour_name(colour)} as the {CHARACTER_NAMES[character]}: {which} of turn {s.turn}"


decision(
    Handler(
        "action",
        "R-ACT-1",
        (Pass, End, Buy, Greedy, BuyLetter, Sell, Donate, Visit),
        first_actor,
        _action_candidates,
        _action_why_not,
        _action_apply,
        _action_prompt,
        "pass, end, buy, greedy, letter, sell, donate or visit",
        misfit_rule="R-ACT-2",
        legal=_action_legal,
        breach=_action_breach,
    ),
    "action",
)


@auto("turn_end")
def turn_end(s: GameState, step: Step) -> None:
    """The Merchant's free stone (R-ACT-5, I-ACT-7); with 3 players and no Merchant, the
    player ending the turn takes it if his soul is nearest Hell (R-P3-1, I-P3-3)."""
    _, colour, character = step
    s.push(("turn",))
    if character == MERCHANT:
        rule = "R-ACT-5"
    elif s.holders[MERCHANT] is None and len(s.players) == 3 and colour == s.nearest_hell():
        rule = "I-P3-3"
    else:
        return
    if trade.free_stone_possible(s):
        s.push(("free", colour, rule))


def end_action_phase_now(s: GameState) -> None:
    """R-ACT-4: the last stone left the market; the rest of the turn is dropped, except a
    caught Pope's step, which is the price of a visit already made (I-POP-10)."""
    stack = s.stack
    owed: list[Step] = []
    while stack[-1][0] != "phase_end":
        step = stack.pop()
        if step[0] == "caught":
            owed.append(step)
    stack.extend(reversed(owed))


@auto("phase_end")
def phase_end(s: GameState, step: Step) -> None:
    """The action phase is over: compare posts, then the next round (R-RND-1, R-NOT-1)."""
    if any(s.market):
        why = "no stone can leave the market (I-ACT-8)"
    else:
        why = "the market is empty (R-ACT-4)"
    s.emit(PhaseEnded("R-ACT-4", "action phase", why))
    meta.round_over(s)  # I-MET-6: what was left undone and not caught stands
    s.phase = "post"
    s.section = f"{s.round}.post"
    s.counter = 0
    compare_posts(s, "R-NOT-1")
    s.push(("round",))


def compare_posts(s: GameState, rule: str) -> None:
    """The highest post moves (highest - lowest) toward Hell; among tied highest posts the
    soul farthest from Hell moves (R-NOT-1, R-TIE-1)."""
    posts = s.post
    high = max(posts.values())
    low = min(posts.values())
    if high == low:
        s.emit(PostsCompared(rule, "", 0))
        return
    mover = min((c for c in s.players if posts[c] == high), key=s.hell_key)
    s.emit(PostsCompared(rule, mover, high - low))
    track.to_hell(s, mover, high - low, "posts compared", rule)


@auto("game_end")
def game_end(s: GameState, step: Step) -> None:
    """R-END-1..3: compare posts a last time, score letters nearest Hell first, winners."""
    s.phase = "end"
    s.section = "end"
    s.counter = 0
    s.pope_die = 0
    s.emit(PhaseEnded("R-END-1", "game", "the second cathedral was evaluated"))
    meta.round_over(s)
    compare_posts(s, "R-NOT-1")
    for colour in s.hell_order():
        letters = s.letters[colour]
        sets = min(letters)
        others = sum(letters) - SET_SIZE * sets
        s.emit(LettersScored("R-END-2", colour, sets, others))
        track.to_heaven(s, colour, SET_STEPS * sets + others, "letters scored", "R-END-2")
    heaven = -s.board.heaven
    saved = tuple(c for c in sorted(s.players, key=s.hell_key) if s.pos[c] == heaven)
    s.winners_ = saved or (min(s.players, key=s.hell_key),)
    s.emit(GameEnded("R-END-3", s.winners_, bool(saved)))


__all__ = ["AUTO", "compare_posts", "end_action_phase_now"]
