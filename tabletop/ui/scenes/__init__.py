"""The menu scenes: title, new game, load, rules, settings, credits, results, dialogs."""
