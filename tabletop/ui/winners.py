"""How the end of a match is said: who won."""

from __future__ import annotations

from collections.abc import Sequence


def winners_sentence(names: Sequence[str], winners: Sequence[int]) -> str:
    """``Ada wins`` / ``Ada and Bo share the victory`` / ``No winner``."""
    win = [names[i] for i in winners if 0 <= i < len(names)]
    if not win:
        return "No winner"
    if len(win) == 1:
        return f"{win[0]} wins"
    return f"{', '.join(win[:-1])} and {win[-1]} share the victory"
