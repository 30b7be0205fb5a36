"""The developer's tools over the engine: headless games (``sim``), golden transcripts
(``golden``) and a text progress bar (``progress``); the CLI sub-commands use them, the app
never does."""
