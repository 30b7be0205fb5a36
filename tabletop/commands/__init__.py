"""Sub-commands of the ``tabletop`` CLI, one module each (see :mod:`tabletop.cli`)."""
