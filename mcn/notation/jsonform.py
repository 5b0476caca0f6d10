"""The JSON form of a record: lossless both ways, validated by ``schemas/record.schema.json``.

Variations are not nested in the JSON: each game has a flat ``variations`` table and a move
lists the indices of its variations. Indices are assigned in document order, and a move only
refers to variations after the list that holds it, so the table is a tree, however deep the
nesting — and JSON tools, the schema validator included, never recurse deeper than a few levels.

``record_from_json(record_to_json(r)) == r`` for every record ``r`` the parser can produce
(layout, letter case and spans are not part of a record).
"""

from __future__ import annotations

from typing import Any, Final

from mcn.io import resources
from mcn.notation.games import canonical_order, check_headers
from mcn.notation.jsoncheck import check_record
from mcn.notation.lexical import GLYPH, is_canonical_token
from mcn.notation.model import (
    Checkpoint,
    Comment,
    Element,
    File,
    Game,
    Header,
    Item,
    Move,
    Section,
)
from mcn.notation.visitor import Role, Visitor, walk

FORMAT: Final = "mcn"
VERSION: Final = 1

Json = dict[str, Any]


class RecordFormatError(ValueError):
    """A JSON document that is not a valid record; ``path`` locates the problem (JSON pointer)."""

    def __init__(self, message: str, path: str = "") -> None:
        super().__init__(f"{path or '/'}: {message}")
        self.message = message
        self.path = path or "/"


# ---- export -----------------------------------------------------------------------------------


class _Exporter(Visitor):
    """Builds the JSON form of one game while walking it."""

    def __init__(self) -> None:
        self.headers: list[Json] = []
        self.body: list[Json] = []
        self.variations: list[list[Json]] = []
        self._lists: list[list[Json]] = [self.body]
        self._moves: list[list[Json]] = []

    def visit_header(self, header: Header) -> None:
        self.headers.append({"tag": header.tag, "value": header.value})

    def visit_section(self, section: Section) -> None:
        element: Json = {"kind": section.kind}
        if section.number is not None:
            element["number"] = section.number
        self._lists[-1].append(element)

    def visit_checkpoint(self, checkpoint: Checkpoint) -> None:
        self._lists[-1].append(
            {"kind": "checkpoint", "name": checkpoint.name, "args": list(checkpoint.args)}
        )

    def visit_comment(self, comment: Comment, role: Role) -> None:
        if role is Role.GAME:
            self._lists[-1].append({"kind": "comment", "text": comment.text})

    def visit_item(self, item: Item) -> None:
        moves: list[Json] = []
        element: Json = {"kind": "item"}
        if item.label is not None:
            element["label"] = item.label
        element["moves"] = moves
        self._lists[-1].append(element)
        self._moves.append(moves)
        return None

    def leave_item(self, item: Item) -> None:
        self._moves.pop()

    def visit_move(self, move: Move, item: Item, index: int) -> None:
        data: Json = {"actor": move.actor, "tokens": list(move.tokens)}
        if move.seal:
            data["commitment"] = move.seal
        if move.glyphs:
            data["glyphs"] = list(move.glyphs)
        if move.before:
            data["before"] = [comment.text for comment in move.before]
        if move.after:
            data["after"] = [comment.text for comment in move.after]
        if move.variations:
            data["variations"] = []
        self._moves[-1].append(data)
        return None

    def visit_variation_start(self, move: Move, index: int) -> None:
        elements: list[Json] = []
        self._moves[-1][-1]["variations"].append(len(self.variations))
        self.variations.append(elements)
        self._lists.append(elements)
        return None

    def visit_variation_end(self, move: Move, index: int) -> None:
        self._lists.pop()


def game_to_json(game: Game) -> Json:
    """The JSON form of one game."""
    exporter = _Exporter()
    walk(game, exporter)
    return {"headers": exporter.headers, "body": exporter.body, "variations": exporter.variations}


def record_to_json(record: File) -> Json:
    """The JSON form of a file of games."""
    return {
        "format": FORMAT,
        "version": VERSION,
        "games": [game_to_json(game) for game in record.games],
    }


# ---- import -----------------------------------------------------------------------------------


def validate_json(data: Any) -> None:
    """Raise :class:`RecordFormatError` unless ``data`` satisfies the record schema.

    The checks are code (:mod:`mcn.notation.jsoncheck`), proven equal to the schema by a test
    that runs both; :func:`validate_json_with_schema` is the generic validator it is tested
    against.
    """
    problem = check_record(data)
    if problem is not None:
        raise RecordFormatError(*problem)


def validate_json_with_schema(data: Any) -> None:
    """:func:`validate_json` by the generic ``jsonschema`` validator (slow; the test oracle)."""
    import jsonschema  # imported here: only the oracle needs it, and it is slow to import

    schema = resources.load_schema("record")
    validator = jsonschema.Draft202012Validator(schema)
    error = jsonschema.exceptions.best_match(validator.iter_errors(data))
    if error is not None:
        path = "".join(f"/{part}" for part in error.absolute_path)
        raise RecordFormatError(error.message, path)


class _GameReader:
    """Turns one validated JSON game into a :class:`Game`, checking what the schema cannot."""

    def __init__(self, data: Json, path: str) -> None:
        self.data = data
        self.path = path
        self.table: list[tuple[Element, ...] | None] = [None] * len(data["variations"])
        self.used = [False] * len(self.table)

    def read(self) -> Game:
        # Every move refers to later variations only, so building them from the last one
        # backwards never needs one that is not built yet.
        for index in range(len(self.table) - 1, -1, -1):
            where = f"{self.path}/variations/{index}"
            self.table[index] = self._elements(self.data["variations"][index], index, where)
        body = self._elements(self.data["body"], -1, f"{self.path}/body")
        for index, used in enumerate(self.used):
            if not used:
                raise RecordFormatError("no move refers to this variation", self._at(index))
        headers = [Header(h["tag"], h["value"]) for h in self.data["headers"]]
        for message, _ in check_headers(headers):
            raise RecordFormatError(message, f"{self.path}/headers")
        return Game(canonical_order(headers), body)

    def _at(self, index: int) -> str:
        return f"{self.path}/variations/{index}"

    def _elements(self, elements: list[Json], owner: int, where: str) -> tuple[Element, ...]:
        built: list[Element] = []
        for position, data in enumerate(elements):
            at = f"{where}/{position}"
            kind = data["kind"]
            if kind == "item":
                built.append(self._item(data, owner, at))
            elif kind == "comment":
                if built and isinstance(built[-1], Item):
                    raise RecordFormatError(
                        "a comment right after an item belongs to its last move ('after')", at
                    )
                built.append(Comment(data["text"]))
            elif kind == "checkpoint":
                tokens = [data["name"], *data["args"]]
                self._check_tokens(tokens, f"{at}/args")
                built.append(Checkpoint(data["name"], tuple(data["args"])))
            elif kind == "setup":
                built.append(Section("setup"))
            else:
                built.append(Section("round", data["number"]))
        return tuple(built)

    def _item(self, data: Json, owner: int, where: str) -> Item:
        moves = []
        for position, move in enumerate(data["moves"]):
            moves.append(self._move(move, owner, f"{where}/moves/{position}"))
        return Item(tuple(moves), data.get("label"))

    def _move(self, data: Json, owner: int, where: str) -> Move:
        self._check_tokens(data["tokens"], f"{where}/tokens")
        for position, glyph in enumerate(data.get("glyphs", ())):
            if GLYPH.fullmatch(glyph) is None:
                raise RecordFormatError(f"invalid glyph {glyph!r}", f"{where}/glyphs/{position}")
        variations = []
        for position, index in enumerate(data.get("variations", ())):
            at = f"{where}/variations/{position}"
            if index >= len(self.table):
                raise RecordFormatError(f"there is no variation {index}", at)
            if index <= owner:
                raise RecordFormatError(
                    f"variation {index} must come after the list that refers to it", at
                )
            if self.used[index]:
                raise RecordFormatError(f"variation {index} is referred to twice", at)
            self.used[index] = True
            built = self.table[index]
            assert built is not None
            variations.append(built)
        return Move(
            data["actor"],
            tuple(data["tokens"]),
            tuple(data.get("glyphs", ())),
            tuple(Comment(text) for text in data.get("before", ())),
            tuple(Comment(text) for text in data.get("after", ())),
            tuple(variations),
            seal=data.get("commitment", ""),
        )

    @staticmethod
    def _check_tokens(tokens: list[str], where: str) -> None:
        for position, token in enumerate(tokens):
            if not is_canonical_token(token, first=position == 0):
                what = "a word" if position == 0 else "a token"
                raise RecordFormatError(
                    f"{token!r} is not {what} in canonical spelling", f"{where}/{position}"
                )


def read_game(data: Json, path: str) -> Game:
    """One game of the JSON form, already checked against the schema (``check_game_data``),
    as a :class:`Game`; raises :class:`RecordFormatError` for what the schema cannot state.
    ``path`` is the game's JSON pointer, for messages. Streaming readers use it per game."""
    return _GameReader(data, path).read()


def record_from_json(data: Any, *, name: str = "<json>", validate: bool = True) -> File:
    """The record of a JSON document; raises :class:`RecordFormatError` if it is not one.

    ``validate=False`` skips the schema's checks for documents known to be well formed, such
    as this module's own exports; the checks the schema cannot express still run. Never pass
    it for input from elsewhere.
    """
    if validate:
        validate_json(data)
    games = []
    count = len(data["games"])
    for index, game_data in enumerate(data["games"]):
        path = f"/games/{index}"
        game = _GameReader(game_data, path).read()
        if not game.body and index < count - 1:
            raise RecordFormatError(
                "only the last game of a file may have an empty body (MCN could not tell"
                " where the next game begins)",
                f"{path}/body",
            )
        games.append(game)
    return File(tuple(games), name)
