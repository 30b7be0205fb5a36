"""The record of finished games (SQLite) and the figures read from it."""
