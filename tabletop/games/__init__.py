"""One package per game; each exports ``GAME``, an instance of its :class:`~tabletop.engine.Game`."""
