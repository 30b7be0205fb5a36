"""The table: a match drawn from its views, played by drag and drop (see ``scene``)."""
