"""High Card: the template of a game on the rules kit (see ``docs/architecture.md``, "Write a
game").  Tests only: it is never registered, but the conformance kit runs it like a shipped
game.  Exports ``GAME``.

A real game lives in ``tabletop/games/<id>/`` with its data in ``data/<id>/``; here the
package folder is also the data folder (``game.yaml``, ``cards.yaml``, ``layout.yaml``).
"""

from high_card.game import HighCardGame

GAME = HighCardGame()

__all__ = ["GAME", "HighCardGame"]
