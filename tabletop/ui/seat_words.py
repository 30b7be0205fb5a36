"""Game sentences addressed to the player reading them: "Ann's Brewery" reads "your Brewery".

Games write their log in the third person, one sentence for every reader.  The table knows
whose seat it shows, so it turns that player's possessive into "your" (and "Your" where a
sentence begins).  Subjects stay in the third person ("Ann takes a Knight"): turning them
would need every verb conjugated again, and a name reads naturally in a log.
"""

from __future__ import annotations

import re
from functools import lru_cache

# a sentence begins at the start of the text or after . ! ? : followed by spaces
_STARTS = re.compile(r"(^|[.!?:]\s+)your\b")


@lru_cache(maxsize=64)
def _possessive(name: str) -> re.Pattern[str]:
    return re.compile(r"(?<![\w'])" + re.escape(name) + r"['’]s\b")


def personal(text: str, name: str | None) -> str:
    """``text`` with ``name``'s possessive written as "your" for that player to read."""
    if not name or name not in text:
        return text
    out = _possessive(name).sub("your", text)
    if out is text or out == text:
        return text
    return _STARTS.sub(lambda m: m.group(1) + "Your", out)
