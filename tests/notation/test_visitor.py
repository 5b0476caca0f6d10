"""The visitor protocol: call order, roles of comments, SKIP, balanced leave calls."""

from __future__ import annotations

from mcn.notation import (
    SKIP,
    Checkpoint,
    Comment,
    File,
    Game,
    Header,
    Item,
    Move,
    Role,
    Section,
    Visitor,
    parse,
    walk,
)
from tests.notation.helpers import HEADERS

TEXT = (
    HEADERS
    + "{start}\nsetup\nR: {b} bid 1+1 {a} (B: x; w) (G: z)\nround 1\n<souls R 0>\n"
    + HEADERS
    + "Y: pass\n"
)


class Recorder(Visitor):
    """Writes down every call; ``skip`` names the calls that return SKIP."""

    def __init__(self, skip: frozenset[str] = frozenset()) -> None:
        self.calls: list[str] = []
        self.skip = skip

    def _note(self, call: str) -> object:
        self.calls.append(call)
        return SKIP if call in self.skip else None

    def visit_file(self, file: File) -> object:
        return self._note("file")

    def leave_file(self, file: File) -> None:
        self._note("/file")

    def visit_game(self, game: Game, number: int) -> object:
        return self._note(f"game {number}")

    def leave_game(self, game: Game, number: int) -> None:
        self._note(f"/game {number}")

    def visit_header(self, header: Header) -> None:
        if header.tag == "Event":
            self._note("headers")

    def visit_section(self, section: Section) -> None:
        self._note(str(section))

    def visit_checkpoint(self, checkpoint: Checkpoint) -> None:
        self._note(f"<{checkpoint.text}>")

    def visit_comment(self, comment: Comment, role: Role) -> None:
        self._note(f"{role.value} {{{comment.text}}}")

    def visit_item(self, item: Item) -> object:
        return self._note(f"item {item.actor}")

    def leave_item(self, item: Item) -> None:
        self._note("/item")

    def visit_move(self, move: Move, item: Item, index: int) -> object:
        return self._note(f"move {move.actor}:{move.text}")

    def leave_move(self, move: Move, item: Item, index: int) -> None:
        self._note(f"/move {move.text}")

    def visit_variation_start(self, move: Move, index: int) -> object:
        return self._note(f"( {index}")

    def visit_variation_end(self, move: Move, index: int) -> None:
        self._note(f") {index}")


def test_document_order() -> None:
    recorder = Recorder()
    walk(parse(TEXT), recorder)
    assert recorder.calls == [
        "file",
        "game 1", "headers", "game {start}", "setup",
        "item R", "move R:bid 1+1", "before {b}", "after {a}",
        "( 0", "item B", "move B:x", "/move x", "move B:w", "/move w", "/item", ") 0",
        "( 1", "item G", "move G:z", "/move z", "/item", ") 1",
        "/move bid 1+1", "/item",
        "round 1", "<souls R 0>", "/game 1",
        "game 2", "headers", "item Y", "move Y:pass", "/move pass", "/item", "/game 2",
        "/file",
    ]  # fmt: skip


def test_skip_keeps_leave_calls_balanced() -> None:
    recorder = Recorder(frozenset({"( 0", "move G:z", "game 2"}))
    walk(parse(TEXT), recorder)
    calls = recorder.calls
    assert calls[calls.index("( 0") + 1] == ") 0"
    assert calls[calls.index("move G:z") + 1] == "/move z"
    assert calls[calls.index("game 2") + 1] == "/game 2"
    skip_items = Recorder(frozenset({"item R"}))
    walk(parse(TEXT), skip_items)
    assert "move R:bid 1+1" not in skip_items.calls
    assert skip_items.calls[skip_items.calls.index("item R") + 1] == "/item"
    skip_file = Recorder(frozenset({"file"}))
    walk(parse(TEXT), skip_file)
    assert skip_file.calls == ["file", "/file"]


def test_a_single_game_can_be_walked() -> None:
    recorder = Recorder()
    walk(parse(TEXT).games[1], recorder)
    assert recorder.calls[0] == "game 1" and recorder.calls[-1] == "/game 1"


def test_the_default_visitor_does_nothing() -> None:
    walk(parse(TEXT), Visitor())
