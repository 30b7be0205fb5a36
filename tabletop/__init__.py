"""Tabletop: a desktop card table for court-themed card games."""

__version__ = "0.1.0"
