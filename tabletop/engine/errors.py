"""Errors raised by the engine."""


class IllegalAction(Exception):
    """An action a seat may not take now; ``reason`` says why in plain words."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class DataError(Exception):
    """A card-data file is malformed; the message names file and field."""

    def __init__(self, file: str, path: str, problem: str) -> None:
        where = f"{file}: {path}: " if path else f"{file}: "
        super().__init__(where + problem)
        self.file = file
        self.path = path
        self.problem = problem
