"""Agents: they receive a seat's view and its legal actions, never the state."""

from tabletop.ai.base import Agent, make_agent

__all__ = ["Agent", "make_agent"]
