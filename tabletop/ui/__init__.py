"""The desktop app: the only package that imports pygame.  No game-specific code here."""
