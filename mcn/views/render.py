"""A terminal picture of a game state, drawn from its (viewed) JSON form.

The picture is built from ``view(state, viewer)`` data (schemas/state.schema.json), never from
the state object, so it can only show what that viewer may see: a masked value is drawn as
``?``. Everything that comes from a record (player names, comments) goes through :func:`clean`
first, so a record cannot send control sequences to the terminal.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any, Final

from mcn.engine.constants import CHARACTER_NAMES, CHARACTERS, COLOUR_NAMES, DENS
from mcn.io.terminal import one_line

_WIDTH: Final = 100


def clean(text: str) -> str:
    """``text`` safe to print on one line (:func:`mcn.io.terminal.one_line`, the one sanitiser)."""
    return one_line(text)


def _secret(value: Any) -> Any:
    """The value of a secret wrapper (``None`` when masked), or the value itself."""
    if isinstance(value, Mapping) and "secret" in value:
        return value.get("value") if not value.get("masked") else None
    return value


def _counts(values: Mapping[str, int] | None, names: Iterable[str] | None = None) -> str:
    """``{"bread": 2, "wine": 0}`` → ``"bread 2"``; ``None`` (masked) → ``"?"``."""
    if values is None:
        return "?"
    keys = list(names) if names is not None else list(values)
    parts = [f"{key} {values[key]}" for key in keys if values.get(key)]
    return ", ".join(parts) or "-"


def _letters(wrapper: Any) -> str:
    """A player's letters: by colour, and (I-HID-5) how many more the viewer holds no colour
    for — ``red 1, + 1 letter of unknown colour``."""
    if isinstance(wrapper, Mapping) and wrapper.get("masked") and "unknown" in wrapper:
        known = _counts(wrapper.get("known"))
        count = int(wrapper["unknown"])
        more = f"{count} letter{'s' if count != 1 else ''} of unknown colour"
        return more if known == "-" else f"{known}, + {more}"
    return _counts(_secret(wrapper))


def _name(colour: str, names: Mapping[str, str]) -> str:
    label = COLOUR_NAMES.get(colour, colour)
    player = clean(names.get(colour, "")).strip()
    return f"{label} ({player})" if player else label


def _character_of(data: Mapping[str, Any]) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for character, holder in data.get("characters", {}).items():
        if holder:
            out.setdefault(holder, []).append(CHARACTER_NAMES[CHARACTERS.index(character)])
    return out


def _track(data: Mapping[str, Any], heaven: int | None) -> list[str]:
    seats = data["seats"]
    order = sorted(seats, key=lambda c: (seats[c]["space"], seats[c]["tie"]))
    spots = []
    for colour in order:
        space = seats[colour]["space"]
        where = "Heaven" if heaven is not None and space <= -heaven else str(space)
        spots.append(f"{COLOUR_NAMES.get(colour, colour)} {where}")
    return [
        "RECORD OF SINS  (0 = start; negative toward Heaven, 40 = edge of Hell)",
        "  Heaven <  " + "  |  ".join(spots) + "  > Hell",
    ]


def _dens(data: Mapping[str, Any]) -> list[str]:
    lines = ["DENS OF SIN      " + "".join(f"{den:>8}" for den in DENS)]
    for colour, seat in data["seats"].items():
        sins = seat["sins"]
        label = COLOUR_NAMES.get(colour, colour)
        lines.append(f"  {label:<15}" + "".join(f"{sins[den]:>8}" for den in DENS))
    stones = data["pope_stones"]
    lines.append("  Pope stones    " + "".join(f"{stones[den]:>8}" for den in DENS))
    return lines


def _cathedrals(data: Mapping[str, Any]) -> list[str]:
    parts = []
    for number, site in enumerate(data["sites"], 1):
        level = ("no nave", "nave", "finished")[min(site["level"], 2)]
        crews = f", {site['crews']} crew" + ("s" if site["crews"] != 1 else "")
        parts.append(f"{number}: {level}{crews if site['crews'] else ''}")
    return [
        "CATHEDRALS       " + "   ".join(parts),
        f"  crews in the hut {data['hut']}, on the Emperor card {data['emperor_card_crew']}; "
        f"finished {data['finished']} of 2",
    ]


def _house(data: Mapping[str, Any]) -> list[str]:
    visited = data["visited"]
    rooms = []
    for number, card in enumerate(data["rooms"], 1):
        mark = " (visited)" if visited[number - 1] else ""
        rooms.append(f"{number}: {card or '-'}{mark}")
    suite5 = "used" if visited[4] else "welcome"
    suite6 = f"{data['suite6']} yellow letter" if data["suite6"] else "empty"
    if visited[5]:
        suite6 += " (visited)"
    pile = sum(data["pile"].values())
    discard = sum(data["discard"].values())
    return [
        "HOUSE OF PLEASURE  " + "   ".join(rooms),
        f"  suite 5: {suite5}   suite 6: {suite6}   deck {pile} cards, discard {discard}",
    ]


def _player_lines(colour: str, data: Mapping[str, Any], names: Mapping[str, str]) -> list[str]:
    seat = data["seats"][colour]
    characters = _character_of(data).get(colour, [])
    role = " + ".join(characters) if characters else "-"
    money = _secret(seat["money"])
    chest = seat["chest"]
    compartments = []
    for key in ("I", "II"):
        contents = _secret(chest[key])
        compartments.append(f"{key}: {_counts(contents) if contents is not None else '?'}")
    shown = _counts(chest["shown"])
    return [
        f"  {_name(colour, names)}",
        f"    character {role}, post {seat['post']}, money {'?' if money is None else money}",
        f"    goods {_counts(_secret(seat['goods']))}; letters {_letters(seat['letters'])}",
        f"    chest {'; '.join(compartments)}  (donated in all: {shown})",
    ]


def _extras(data: Mapping[str, Any]) -> list[str]:
    lines = []
    bids = data.get("bids") or {}
    if bids:
        shown = []
        for colour, bid in bids.items():
            value = _secret(bid) if bid is not None else None
            if bid is None:
                shown.append(f"{colour} -")
            elif value is None:
                shown.append(f"{colour} ?")
            else:
                shown.append(f"{colour} {value['notches']}+{value['taler']}")
        lines.append("BIDS             " + ", ".join(shown))
    die = data.get("pope_die")
    if die is not None:
        value = _secret(die)
        lines.append(f"POPE DIE         {'?' if value is None else value}")
    evaluation = data.get("evaluation")
    if evaluation is not None:
        lines.append(
            f"EVALUATION       cathedral {evaluation['site']}, compartment "
            f"{evaluation['compartment']}: display {_counts(evaluation['display'])}; "
            f"to pick: {' '.join(evaluation['queue']) or '-'}"
        )
    return lines


def render_state(
    data: Mapping[str, Any],
    *,
    names: Mapping[str, str] | None = None,
    title: str = "",
    heaven: int | None = None,
) -> str:
    """The picture of a (viewed) state: ``data`` is ``view(state, viewer)``; ``names`` maps
    colours to player names (from the record's headers); ``heaven`` is the board's distance
    to Heaven, to draw souls there as "Heaven"."""
    names = names or {}
    decision = data["decision"]
    viewer = data.get("viewer", "all")
    if viewer == "all":
        seen = "all secrets shown"
    elif viewer == "spectator":
        seen = "as a spectator sees it"
    else:
        seen = f"as {COLOUR_NAMES.get(viewer, viewer)} sees it"
    lines = []
    if title:
        lines.append(clean(title))
    phase = data["phase"]
    where = f"round {data['round']}, {phase}" if data["round"] else phase
    if decision["kind"] == "over":
        winners = ", ".join(COLOUR_NAMES.get(c, c) for c in data.get("winners", []))
        lines.append(f"The game is over: {winners} won.   ({seen})")
    else:
        lines.append(
            f"{where} - next {decision['address']}: {clean(decision['prompt'])}   ({seen})"
        )
    lines.append("")
    lines += _track(data, heaven)
    lines += _dens(data)
    lines += _cathedrals(data)
    lines.append("MARKET           " + _counts(data["market"]))
    lines.append("BAG              " + _counts(data["bag"]))
    lines.append("LETTER SUPPLY    " + _counts(data["supply"]))
    lines += _house(data)
    lines += _extras(data)
    lines.append("PLAYERS")
    for colour in data["players"]:
        lines += _player_lines(colour, data, names)
    return "\n".join(line[: _WIDTH * 2] for line in lines) + "\n"


def render_events(entries: Sequence[tuple[str, str, Sequence[str]]]) -> str:
    """``(address, move text, event texts)`` entries as an indented log."""
    lines = []
    for address, move, events in entries:
        lines.append(f"{address}  {clean(move)}")
        lines += [f"    {clean(text)}" for text in events]
    return "\n".join(lines) + ("\n" if lines else "")
