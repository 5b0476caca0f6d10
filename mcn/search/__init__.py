"""``mcn search``: find the games, or the decisions, of an archive where a condition holds.

By concept: :mod:`~mcn.search.language` (the syntax, ``grammar/search.lark``, its errors and
canonical form), :mod:`~mcn.search.functions` (what a condition can ask of a decision),
:mod:`~mcn.search.compiler` (types checked, closures built: no ``eval``) and
:mod:`~mcn.search.examine` (a replayed game's decisions tested, in the worker that replayed
it). docs/search.md is the user's reference.
"""

from mcn.search.compiler import Condition, compile_condition
from mcn.search.examine import Search
from mcn.search.language import ExpressionError

__all__ = ["Condition", "ExpressionError", "Search", "compile_condition"]
