"""Mayflower — rules on the kit (not registered yet: ``GAME`` is exported once it conforms)."""
