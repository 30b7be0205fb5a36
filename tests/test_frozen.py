"""Frozen views thaw to plain JSON data, and their canonical text is that data's text."""

from __future__ import annotations

import json
from collections import OrderedDict, namedtuple
from types import MappingProxyType

import pytest

from tabletop.engine.frozen import canonical, freeze, thaw

Pair = namedtuple("Pair", "a b")
PLAIN = {
    "b": [1, 2.5, None, True, "é"],
    "a": {"z": [], "y": {}, "x": [{"k": "v"}, [3, [4]]]},
    "c": 7,
}


def test_a_frozen_value_thaws_to_the_plain_data_it_was_made_from() -> None:
    frozen = freeze(PLAIN)
    assert type(frozen) is MappingProxyType and type(frozen["a"]["x"]) is tuple
    back = thaw(frozen)
    assert back == PLAIN and type(back["a"]["x"][0]) is dict and type(back["b"]) is list


def test_thaw_takes_any_mapping_and_sequence() -> None:
    odd = OrderedDict(p=Pair(1, MappingProxyType({"q": (2,)})))
    assert thaw(odd) == {"p": [1, {"q": [2]}]}
    assert type(thaw(odd)) is dict


def test_canonical_is_the_sorted_text_of_the_thawed_data() -> None:
    text = json.dumps(PLAIN, sort_keys=True, separators=(",", ":"))
    assert canonical(PLAIN) == canonical(freeze(PLAIN)) == text
    nested = MappingProxyType({"m": MappingProxyType(OrderedDict(b=1, a=Pair(2, 3)))})
    assert canonical(nested) == '{"m":{"a":[2,3],"b":1}}'


def test_canonical_refuses_what_is_not_json_data() -> None:
    with pytest.raises(TypeError, match="object is not JSON serializable"):
        canonical(freeze({"state": object()}))
