"""Saves and the autosave: reading and checking a save, its journal, the saves folder's files."""
