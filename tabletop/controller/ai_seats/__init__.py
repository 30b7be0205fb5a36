"""The AI seats' decisions off the render loop, in one place.

The table asks only :class:`~tabletop.controller.ai_seats.worker.AiWorker` (``prepare``,
``submit``, ``poll``, ``busy``); the worker hands each job to a spawned process
(:mod:`~tabletop.controller.ai_seats.process`) or a thread, and both decide through
:mod:`~tabletop.controller.ai_seats.decide`.  The server's AI pool (``net/ai_pool.py``)
decides through the same function and sets its processes up with the same helpers.
"""

from tabletop.controller.ai_seats.decide import agent_for, decide_why
from tabletop.controller.ai_seats.process import die_with_parent, lower_priority
from tabletop.controller.ai_seats.worker import AiWorker, Answer, plain, shared_worker

__all__ = [
    "AiWorker",
    "Answer",
    "agent_for",
    "decide_why",
    "die_with_parent",
    "lower_priority",
    "plain",
    "shared_worker",
]
