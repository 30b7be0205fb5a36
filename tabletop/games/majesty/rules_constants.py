"""Numbers from the rulebook's text (not printed on any card)."""

SET_ASIDE = {2: 6, 3: 14, 4: 26}  # tier-1 cards placed on top of tier 2, by player count
DISPLAY_SIZE = 6
CHARACTERS_PER_PLAYER = 12
START_MEEPLES = 5
