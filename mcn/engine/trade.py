"""Buying, selling and donating (R-BUY-1..3, R-SEL-1, R-DON-1..2, I-DON-3, I-SUP-5) and the
Merchant's free stone (R-ACT-5, I-P3-3).

Every stone leaving the market goes through :func:`take_from_market`, which lets the state end
the action phase the moment the market is empty (R-ACT-4).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from mcn.engine import meta, shared_steps
from mcn.engine.actions import (
    Action,
    Buy,
    BuyLetter,
    Donate,
    FreeStone,
    Greedy,
    Sell,
    canonical_items,
)
from mcn.engine.constants import (
    COINS,
    COMPARTMENTS,
    EMPEROR,
    GOODS,
    GREED,
    GREEN,
    INDULGENCE,
    LETTER_INDEX,
    RED,
    STONE_INDEX,
    colour_name,
)
from mcn.engine.decision import Handler, Why, auto, decision, first_actor
from mcn.engine.events.shared import donated, letter_moved, money_moved, stones_moved
from mcn.engine.meta import META_CULPA
from mcn.engine.step_types import FreeStep, TakeStep

if TYPE_CHECKING:
    from mcn.engine.state import GameState

_DONATION_ITEMS: Final = canonical_items(
    [(item, comp) for item in (*GOODS, *(str(c) for c in COINS)) for comp in COMPARTMENTS]
)
#: A coin's value by its item word (``"5"``: 5), read once here rather than with ``int()``
#: per donation checked or carried out; a word outside it (``"05"``, which no reader makes)
#: is read as before.
_COIN_VALUE: Final = {str(c): c for c in COINS}
#: A donation's items read before the state is (:func:`_donation_facts`): the first fault of
#: the items alone, the coins' sum, the goods needed (item, stone index, count).
_Donation = tuple[Why, int, tuple[tuple[str, int, int], ...]]
#: A compartment's index by its name (``"II"``: 1).
_COMPARTMENT_INDEX: Final = {comp: i for i, comp in enumerate(COMPARTMENTS)}
#: The smallest coin: a single donation is possible with any good behind the screen or this
#: much money (the donation items are every good and every coin).
_SMALLEST_COIN: Final = min(COINS)


def take_from_market(s: GameState, colour: str, stone: int, count: int, rule: str) -> None:
    """Move goods from the market behind ``colour``'s screen."""
    s.market[stone] -= count
    s.goods[colour][stone] += count
    s._events.append(
        stones_moved(rule, colour, GOODS[stone], count, "the market", "behind the screen")
    )
    s._market_taken()


def swap_indulgence(s: GameState, colour: str, letter: str, rule: str) -> None:
    """An indulgence stone from the market becomes a red or green letter; the stone goes
    back into the bag (R-BUY-2, R-ACT-5)."""
    s.market[INDULGENCE] -= 1
    s.bag[INDULGENCE] += 1
    s.supply[LETTER_INDEX[letter]] -= 1
    s.letters[colour][LETTER_INDEX[letter]] += 1
    s._events.append(stones_moved(rule, colour, "indulgence", 1, "the market", "the bag"))
    s._events.append(letter_moved(rule, colour, letter, 1, "the supply"))
    s._market_taken()


@auto("take")
def take_step(s: GameState, step: TakeStep) -> None:
    """The goods of a greedy purchase, taken after the Greed sin is placed (R-BUY-3)."""
    _, colour, stone, count, rule = step
    take_from_market(s, colour, stone, count, rule)


# --- the buy / sell / donate actions of a turn ----------------------------------------------


def candidates(s: GameState, colour: str, character: int) -> list[Action]:
    """Buy, greedy, letter, sell and donate actions worth checking for ``colour``."""
    out: list[Action] = []
    market = s.market
    goods = s.goods[colour]
    for g, name in enumerate(GOODS):
        if market[g]:
            out.append(Buy(colour, name))
            if market[g] >= 2:
                out.append(Greedy(colour, name))
        if goods[g]:
            out.append(Sell(colour, name))
    if market[INDULGENCE]:
        out.append(BuyLetter(colour, "red"))
        out.append(BuyLetter(colour, "green"))
    items = [it for it in _DONATION_ITEMS if _has(s, colour, it[0], 1)]
    out.extend(Donate(colour, (it,)) for it in items)
    if character == EMPEROR:
        for i, first in enumerate(items):
            for second in items[i:]:
                out.append(Donate(colour, (first, second)))
    return out


def legal(s: GameState, colour: str, character: int, first: str) -> list[Action]:
    """Exactly the legal buy/greedy/letter, sell and donate actions, skipping the kind
    ``first`` (the second action must differ, R-ACT-3). Agrees with :func:`why_not`."""
    out: list[Action] = []
    market = s.market
    money = s.money[colour]
    goods = s.goods[colour]
    if first != "buy":
        purchase = s.board.purchase
        for g, name in enumerate(GOODS):
            if market[g] and money >= purchase[g]:
                out.append(Buy(colour, name))
                if market[g] >= 2:
                    out.append(Greedy(colour, name))
        if market[INDULGENCE] and money >= s.board.letter_price:
            if s.supply[RED]:
                out.append(BuyLetter(colour, "red"))
            if s.supply[GREEN]:
                out.append(BuyLetter(colour, "green"))
    if first != "sell":
        out.extend(Sell(colour, name) for g, name in enumerate(GOODS) if goods[g])
    if first != "donate":
        items = [
            it
            for it in _DONATION_ITEMS
            if (int(it[0]) <= money if it[0].isdigit() else goods[STONE_INDEX[it[0]]] > 0)
        ]
        out.extend(Donate(colour, (it,)) for it in items)
        if character == EMPEROR:
            for i, one in enumerate(items):
                for two in items[i:]:
                    a, b = one[0], two[0]
                    if a.isdigit() and b.isdigit():
                        fits = int(a) + int(b) <= money
                    else:
                        fits = a != b or goods[STONE_INDEX[a]] >= 2
                    if fits:
                        out.append(Donate(colour, (one, two)))
    return out


def has_legal(s: GameState, colour: str, character: int, first: str) -> bool:
    """Whether :func:`legal` would list anything, answered without making the actions (the
    forced-move probe: a turn with nothing to buy, sell or donate leaves only ``pass``)."""
    market = s.market
    money = s.money[colour]
    goods = s.goods[colour]
    if first != "buy":
        purchase = s.board.purchase
        for g in range(len(GOODS)):
            if market[g] and money >= purchase[g]:
                return True
        if (
            market[INDULGENCE]
            and money >= s.board.letter_price
            and (s.supply[RED] or s.supply[GREEN])
        ):
            return True
    if first != "sell":
        for g in range(len(GOODS)):
            if goods[g]:
                return True
    if first != "donate":
        # A pair of donations is possible only if a single one is: of a good behind the
        # screen (every good is a donation item) or of the smallest coin.
        if money >= _SMALLEST_COIN:
            return True
        for g in range(len(GOODS)):
            if goods[g] > 0:
                return True
    return False


def _has(s: GameState, colour: str, item: str, count: int) -> bool:
    if item.isdigit():
        return s.money[colour] >= int(item) * count
    return s.goods[colour][STONE_INDEX[item]] >= count


def why_not_letter_colour(s: GameState, colour: str, rule: str) -> Why:
    """A red or green letter must be left in the supply (R-SUP-2, I-SUP-5)."""
    if colour not in ("red", "green"):
        return rule, f"Only a red or green letter can be had for an indulgence stone, not {colour}."
    if not s.supply[LETTER_INDEX[colour]]:
        if s.supply[RED] or s.supply[GREEN]:
            return "R-SUP-2", f"The supply has no {colour} letter left."
        return "I-SUP-5", "The supply has neither a red nor a green letter left."
    return None


def why_not(s: GameState, action: Action, character: int) -> Why:
    """Why a buy/greedy/letter/sell/donate action is illegal for its actor, or None."""
    money = s.money[action.actor]
    # type(…) is, not isinstance: see mcn.engine.phases.turns._action_why_not
    if type(action) is Buy or type(action) is Greedy:
        if action.good == "indulgence":
            if type(action) is Greedy:
                return "R-BUY-3", "A greedy purchase takes two goods, never two letters."
            return (
                "R-BUY-2",
                "An indulgence stone is bought as a letter: 'letter red' or 'letter green'.",
            )
        g = STONE_INDEX[action.good]
        price = s.board.purchase[g]
        need = 1 if type(action) is Buy else 2
        if s.market[g] < need:
            if need == 2:
                return (
                    "R-BUY-3",
                    f"A greedy purchase needs two {action.good} in the market; "
                    f"it has {s.market[g]}.",
                )
            return "R-BUY-1", f"The market has no {action.good}."
        if money < price:
            return (
                "R-BUY-1",
                f"{colour_name(action.actor)} has {money} taler; {action.good} costs {price}.",
            )
        return None
    if type(action) is BuyLetter:
        if action.colour not in ("red", "green"):
            return "R-BUY-2", f"A bought letter is red or green, not {action.colour}."
        if not s.market[INDULGENCE]:
            return "R-BUY-2", "A letter needs an indulgence stone in the market; there is none."
        why = why_not_letter_colour(s, action.colour, "R-BUY-2")
        if why is not None:
            return why
        price = s.board.letter_price
        if money < price:
            return (
                "R-BUY-2",
                f"{colour_name(action.actor)} has {money} taler; a letter costs {price}.",
            )
        return None
    if type(action) is Sell:
        if action.good == "indulgence":
            return "R-SEL-1", "Indulgence stones and letters cannot be sold."
        if not s.goods[action.actor][STONE_INDEX[action.good]]:
            return (
                "R-SEL-1",
                f"{colour_name(action.actor)} has no {action.good} behind the screen to sell.",
            )
        return None
    assert isinstance(action, Donate)
    return _why_not_donate(s, action, character)


def _why_not_donate(s: GameState, action: Donate, character: int) -> Why:
    items = action.items
    facts = _DONATIONS.get(items)
    if facts is None:
        facts = _donation_facts(items)
    fault, taler, needed = facts
    if fault is not None:
        if not fault[1]:  # no compartment named: the words name the actor (_UNNAMED)
            return (
                "R-DON-1",
                f"A donation goes into compartment I or II; "
                f"{colour_name(action.actor)} named none.",
            )
        return fault
    if len(items) > 2 or (len(items) == 2 and character != EMPEROR):
        return (
            "R-DON-2",
            f"Only the Emperor, on the Emperor's turn, donates two items; "
            f"{colour_name(action.actor)} donates {len(items)}.",
        )
    for item, stone, count in needed:
        have = s.goods[action.actor][stone]
        if have < count:
            return (
                "R-DON-1",
                f"{colour_name(action.actor)} has {have} {item} behind the screen, not {count}.",
            )
    if taler > s.money[action.actor]:
        return (
            "R-DON-1",
            f"{colour_name(action.actor)} has {s.money[action.actor]} taler "
            f"and cannot donate {taler}.",
        )
    return None


#: What a donation's items say before the state is read, by items (:func:`_donation_facts`):
#: a game checks the same few dozen donations over and over (replay, the forced-move probes),
#: and reading their words cost a dict and a loop each time (about 1 % of a pure replay).
_DONATIONS: Final[dict[tuple[tuple[str, str], ...], _Donation]] = {}
#: More distinct donations than any game checks: past it, the memo starts again.
_DONATIONS_LIMIT: Final = 1 << 10
#: The fault of an item without a compartment (its words name the actor, so are made later;
#: told by its empty reason, never an identity: compiled, a constant tuple may be boxed anew).
_UNNAMED: Final = ("R-DON-1", "")


def _donation_facts(items: tuple[tuple[str, str], ...]) -> _Donation:
    """``(fault, taler, needed)`` of ``items``, remembered: the first fault of the items alone
    (an unknown item's refusal, or :data:`_UNNAMED`), or None; the coins' sum; and the goods
    needed, as ``(item, stone index, count)`` in the order first named."""
    needed: dict[str, int] = {}
    taler = 0
    fault: Why = None
    for item, comp in items:
        coin = _COIN_VALUE.get(item)
        if coin is not None:
            taler += coin
        elif item.isdigit() and int(item) in COINS:
            taler += int(item)
        elif item in GOODS:
            needed[item] = needed.get(item, 0) + 1
        else:
            fault = (
                "R-DON-1",
                f"A donation is one good or one coin of 1, 2, 5 or 10 taler, not {item}.",
            )
            break
        if not comp:
            fault = _UNNAMED
            break
    facts = (
        fault,
        taler,
        tuple((item, STONE_INDEX[item], count) for item, count in needed.items()),
    )
    if len(_DONATIONS) >= _DONATIONS_LIMIT:
        _DONATIONS.clear()
    _DONATIONS[items] = facts
    return facts


def forget_donations() -> None:
    """Forget the donations read so far (for cold-cache measurements and tests)."""
    _DONATIONS.clear()


def perform(s: GameState, action: Action) -> None:
    """Carry out a legal buy/greedy/letter/sell/donate action."""
    colour = action.actor
    # type(…) is, not isinstance: see mcn.engine.phases.turns._action_why_not
    if type(action) is Buy:
        g = STONE_INDEX[action.good]
        _pay(s, colour, s.board.purchase[g], f"buys {action.good}", "R-BUY-1")
        take_from_market(s, colour, g, 1, "R-BUY-1")
    elif type(action) is Greedy:
        g = STONE_INDEX[action.good]
        _pay(s, colour, s.board.purchase[g], f"buys two {action.good} greedily", "R-BUY-3")
        # The sin comes before the goods (the Register of Sins: "late-greed-sin").
        s._push(
            shared_steps.sins_step(colour, GREED, 1, "R-BUY-3"),
            shared_steps.take_step(colour, g, 2, "R-BUY-3"),
        )
    elif type(action) is BuyLetter:
        _pay(s, colour, s.board.letter_price, f"buys a {action.colour} letter", "R-BUY-2")
        swap_indulgence(s, colour, action.colour, "R-BUY-2")
    elif type(action) is Sell:
        g = STONE_INDEX[action.good]
        s.goods[colour][g] -= 1
        s.bag[g] += 1
        s._events.append(
            stones_moved("R-SEL-1", colour, action.good, 1, "behind the screen", "the bag")
        )
        price = s.board.sale[g]
        s.money[colour] += price
        s._events.append(money_moved("R-SEL-1", colour, price, f"sells {action.good}"))
    else:
        assert isinstance(action, Donate)
        rule = "R-DON-2" if len(action.items) == 2 else "R-DON-1"
        for item, comp in action.items:
            index = _COMPARTMENT_INDEX.get(comp)
            box = s.chest[colour][COMPARTMENTS.index(comp) if index is None else index]
            coin = _COIN_VALUE.get(item)
            if coin is None and item.isdigit():
                coin = int(item)
            if coin is not None:
                s.money[colour] -= coin
                box[4] += coin
            else:
                g = STONE_INDEX[item]
                s.goods[colour][g] -= 1
                box[g] += 1
            s._events.append(donated(rule, colour, item, comp))


def _pay(s: GameState, colour: str, amount: int, reason: str, rule: str) -> None:
    s.money[colour] -= amount
    s._events.append(money_moved(rule, colour, -amount, reason))
    if s.variant == META_CULPA:  # the Petty Sinner may leave it unpaid (no call otherwise)
        meta.owe(s, colour, "money", amount)


# --- the Merchant's free stone --------------------------------------------------------------


def free_stone_possible(s: GameState) -> bool:
    """Whether any stone can be taken for free: a good, or an indulgence stone while a red or
    green letter is left (I-SUP-5)."""
    market = s.market
    if market[0] or market[1] or market[2] or market[3]:
        return True
    return bool(market[INDULGENCE]) and bool(s.supply[2] or s.supply[3])


def _free_candidates(s: GameState, step: FreeStep, actor: str) -> list[Action]:
    out: list[Action] = [FreeStone(actor, name) for g, name in enumerate(GOODS) if s.market[g]]
    if s.market[INDULGENCE]:
        out.append(FreeStone(actor, "indulgence", "red"))
        out.append(FreeStone(actor, "indulgence", "green"))
    return out


def _free_forced(s: GameState, step: FreeStep, actor: str) -> Action | None:
    """The one legal free stone, if there is exactly one (``_free_candidates`` filtered by
    ``_free_why_not``, counted without making the actions: replay asks after most moves)."""
    market = s.market
    found: Action | None = None
    for g, name in enumerate(GOODS):
        if market[g]:
            if found is not None:
                return None
            found = FreeStone(actor, name)
    if market[INDULGENCE]:
        supply = s.supply
        for letter, index in (("red", RED), ("green", GREEN)):
            if supply[index]:
                if found is not None:
                    return None
                found = FreeStone(actor, "indulgence", letter)
    return found


def _free_why_not(s: GameState, step: FreeStep, action: Action) -> Why:
    assert isinstance(action, FreeStone)
    rule = step.rule
    stone = STONE_INDEX[action.stone]
    if stone == INDULGENCE and action.colour is None:
        return rule, "A free indulgence stone is swapped for a letter: name red or green."
    if not s.market[stone]:
        return rule, f"The market has no {action.stone}."
    if action.colour is not None:
        return why_not_letter_colour(s, action.colour, rule)
    return None


def _free_apply(s: GameState, step: FreeStep, action: Action) -> None:
    assert isinstance(action, FreeStone)
    s.stack.pop()
    rule = step.rule
    if action.colour is None:
        take_from_market(s, action.actor, STONE_INDEX[action.stone], 1, rule)
    else:
        swap_indulgence(s, action.actor, action.colour, rule)


def _free_prompt(s: GameState, step: FreeStep) -> str:
    return f"{colour_name(step.colour)} takes a free stone from the market"


decision(
    Handler(
        kind="merchant-stone",
        rule="R-ACT-5",
        classes=(FreeStone,),
        actors=first_actor,
        candidates=_free_candidates,
        why_not=_free_why_not,
        apply=_free_apply,
        prompt=_free_prompt,
        expects="free GOOD or free indulgence>red|green",
        forced=_free_forced,
        step_rule=lambda s, step: str(step.rule),  # R-ACT-5, or I-P3-3 without a Merchant
    ),
    "free",
)
