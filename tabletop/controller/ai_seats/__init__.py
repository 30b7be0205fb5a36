"""The AI seats' decisions off the render loop, in one place.

The table asks only :class:`~tabletop.controller.ai_seats.worker.AiWorker` (``prepare``,
``submit``, ``poll``, ``busy``); the worker hands each job to a spawned process
(:mod:`~tabletop.controller.ai_seats.process`) or a thread, and both decide through
:mod:`~tabletop.controller.ai_seats.decide`.
"""

from tabletop.controller.ai_seats.decide import agent_for
from tabletop.controller.ai_seats.worker import AiWorker, Answer, shared_worker

__all__ = ["AiWorker", "Answer", "agent_for", "shared_worker"]
