"""Monarch: rules, scoring, views and a greedy AI (not yet registered: no ``GAME`` export)."""
