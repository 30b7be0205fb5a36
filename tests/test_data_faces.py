"""Card faces and table words in the data: cards.yaml ``faces``/deck backs, layout.yaml extras.

Each malformed declaration gives one exact, located message; the emitted JSON Schema accepts
the shipped files and agrees with the validator on every broken case below.
"""

from __future__ import annotations

from pathlib import Path

import jsonschema
import pytest
from data_fixture import copy_fixture, edit
from test_data_schema import _json_ready

from tabletop import registry
from tabletop.engine import DataError
from tabletop.engine.data import load_game_data, read_yaml
from tabletop.engine.data.loader import check_folder
from tabletop.engine.data.models import LAYOUT_FILE, cards_file_spec
from tabletop.engine.data.schemas import all_schemas
from tabletop.engine.resources import data_dir

C, L = "data/sample/cards.yaml", "data/sample/layout.yaml"
CARDS_TOP = "decks:\n"
LAYOUT_TOP = "card_aspect: 0.7\n"
FACES = (
    "faces:\n"
    "  courtier:\n"
    "    tint: {attr: tier, colours: {'1': '#204060', '2': crimson}}\n"
    "    emblem: {icon: sample/miller.svg}\n"
    "    badges:\n"
    "      - {corner: top-left, attr: tier}\n"
    "      - {corner: top-right, attr: guilds, icon: 'sample/{value}.svg', show: icon}\n"
    "decks:\n"
)

# (file, text to replace, replacement, the exact message)
BROKEN = {
    "faces-unknown-kind": (
        "cards.yaml",
        CARDS_TOP,
        "faces:\n  jester: {style: playing-card}\ndecks:\n",
        f"{C}: faces.jester: no card has kind 'jester' (kinds: courtier, location)",
    ),
    "faces-unknown-style": (
        "cards.yaml",
        CARDS_TOP,
        "faces:\n  courtier: {style: tarot}\ndecks:\n",
        f"{C}: faces.courtier.style: expected one of illustrated, playing-card, got 'tarot'",
    ),
    "faces-unknown-attr": (
        "cards.yaml",
        CARDS_TOP,
        "faces:\n  courtier: {badges: [{corner: top-left, attr: might}]}\ndecks:\n",
        f"{C}: faces.courtier.badges[0].attr: unknown attr 'might' "
        "(card_fields: becomes, guilds, tier)",
    ),
    "faces-bad-corner": (
        "cards.yaml",
        CARDS_TOP,
        "faces:\n  courtier: {badges: [{corner: middle, attr: tier}]}\ndecks:\n",
        f"{C}: faces.courtier.badges[0].corner: expected one of top-left, top-right, "
        "bottom-left, bottom-right, got 'middle'",
    ),
    "faces-repeat-without-icon": (
        "cards.yaml",
        CARDS_TOP,
        "faces:\n  courtier: {badges: [{corner: top-left, attr: tier, show: repeat}]}\ndecks:\n",
        f"{C}: faces.courtier.badges[0]: show: repeat needs an icon",
    ),
    "faces-missing-icon": (
        "cards.yaml",
        CARDS_TOP,
        "faces:\n  courtier: {badges: [{corner: top-left, attr: tier, icon: sample/tier.svg}]}"
        "\ndecks:\n",
        f"{C}: faces.courtier.badges[0]: art file not found: art/sample/tier.svg",
    ),
    "faces-bad-colour": (
        "cards.yaml",
        CARDS_TOP,
        "faces:\n  courtier: {tint: '#12345'}\ndecks:\n",
        f"{C}: faces.courtier.tint: expected a colour (#rrggbb or a colour name), got '#12345'",
    ),
    "deck-icon-missing": (
        "cards.yaml",
        "  court: {name: Court, back: blue}",
        "  court: {name: Court, back: blue, colour: '#223344', icon: sample/crest.svg}",
        f"{C}: decks.court.icon: art file not found: art/sample/crest.svg",
    ),
    "counter-without-resource": (
        "layout.yaml",
        "kind: slot, rect: [0.8, 0, 0.2, 1], label: Castle, card: castle}",
        "kind: counter, rect: [0.8, 0, 0.2, 1], label: Castle, card: castle}",
        f"{L}: zones[3].resource: a counter zone needs the resource it counts",
    ),
    "group-on-a-stack": (
        "layout.yaml",
        "label: Deck, face: down}",
        "label: Deck, face: down, group: pile}",
        f"{L}: zones[0].group: only row, fan and grid zones group cards, not stack",
    ),
    "caption-without-group": (
        "layout.yaml",
        "rect: [0, 0, 0.8, 1], label: Court}",
        "rect: [0, 0, 0.8, 1], label: Court, caption: kind}",
        f"{L}: zones[2].caption: caption needs group (the token that forms stacks)",
    ),
    "viewer-only-shared": (
        "layout.yaml",
        "label: Display}",
        "label: Display, viewer_only: true}",
        f"{L}: zones[1].viewer_only: only seat zones can be the viewer's only",
    ),
    "zone-icon-missing": (
        "layout.yaml",
        "label: Display}",
        "label: Display, icon: sample/star.svg}",
        f"{L}: zones[1].icon: art file not found: art/sample/star.svg",
    ),
    "status-bad-format": (
        "layout.yaml",
        LAYOUT_TOP,
        "card_aspect: 0.7\nstatus: ['Year {year']\n",
        f"{L}: status[0]: not a valid format string: expected '}}' before end of string",
    ),
    "status-empty-field": (
        "layout.yaml",
        LAYOUT_TOP,
        "card_aspect: 0.7\nstatus: ['Year {}']\n",
        f"{L}: status[0]: every {{…}} must name a field of the view's public facts",
    ),
    "resource-icon-missing": (
        "layout.yaml",
        LAYOUT_TOP,
        "card_aspect: 0.7\nresources: {coins: {label: Coins, icon: sample/coin.svg}}\n",
        f"{L}: resources.coins.icon: art file not found: art/sample/coin.svg",
    ),
    "token-unknown-field": (
        "layout.yaml",
        LAYOUT_TOP,
        "card_aspect: 0.7\ntokens: {role: {hidden: true}}\n",
        f"{L}: tokens.role.hidden: unknown field (did you mean 'hide'? known fields: colour, "
        "dim, help, hide, icon, label, one, short)",
    ),
}


@pytest.mark.parametrize("case", sorted(BROKEN))
def test_each_malformed_face_or_table_field_gives_one_message(tmp_path: Path, case: str) -> None:
    file, old, new, message = BROKEN[case]
    folder = copy_fixture(tmp_path)
    edit(folder, file, old, new)
    assert check_folder(folder) == [message]


def test_faces_load_typed_and_icons_follow_the_value(tmp_path: Path) -> None:
    folder = copy_fixture(tmp_path)
    (tmp_path / "art" / "sample" / "mill.svg").write_text("<svg/>", encoding="utf-8")
    (tmp_path / "art" / "sample" / "brewery.svg").write_text("<svg/>", encoding="utf-8")
    edit(folder, "cards.yaml", CARDS_TOP, FACES)
    data = load_game_data(folder=folder)
    face = data.faces["courtier"]
    assert face.style == "illustrated" and face.tint_attr == "tier"
    assert face.tint_colours == {"1": "#204060", "2": "crimson"}
    assert face.emblem is not None and face.emblem.icon == "sample/miller.svg"
    assert [b.corner for b in face.badges] == ["top-left", "top-right"]
    assert face.badges[1].icon_for("Mill") == "sample/mill.svg"
    assert "location" not in data.faces  # a kind without an entry keeps the default face
    (tmp_path / "art" / "sample" / "brewery.svg").unlink()  # brewer's guild icon is gone
    assert check_folder(folder) == [
        f"{C}: faces.courtier.badges[1]: art file not found: art/sample/brewery.svg"
    ]
    assert "courtier" in load_game_data(folder=folder, check_art=False).faces


def test_layout_words_load_typed(tmp_path: Path) -> None:
    folder = copy_fixture(tmp_path)
    extra = (
        "card_aspect: 0.7\n"
        "resources: {coins: {label: Coins, icon: sample/miller.svg}, max_hand: Hand limit}\n"
        "tokens: {role: {hide: true}}\n"
        "other_rect_from: 3\n"
        "seat_marks: {herald: {label: Herald}}\n"
        "status: ['Year {year}: {phase} phase', 'Salon {salon[sophia]}']\n"
    )
    edit(folder, "layout.yaml", LAYOUT_TOP, extra)
    edit(
        folder, "layout.yaml", "label: Court}", "label: Court, group: b, caption: k, aside: {r: p}}"
    )
    lay = load_game_data(folder=folder).layout
    assert lay.resources["coins"].icon == "sample/miller.svg"
    assert lay.resources["max_hand"].label == "Hand limit" and not lay.resources["max_hand"].hide
    assert lay.tokens["role"].hide and lay.seat_marks["herald"].label == "Herald"
    assert lay.status == ("Year {year}: {phase} phase", "Salon {salon[sophia]}")
    assert lay.other_rect_from == 3
    court = next(z for z in lay.zones if z.id == "court")
    assert (court.group, court.caption, court.aside) == ("b", "k", {"r": "p"})


def test_playing_card_faces_need_a_rank_and_a_suit(tmp_path: Path) -> None:
    folder = copy_fixture(tmp_path)
    # the courtiers' tier (1 or 2) stands in for a rank; only 2 is a rank, neither a suit
    edit(folder, "cards.yaml", CARDS_TOP, "faces:\n  courtier: {style: playing-card, rank: tier, "
         "suit: tier}\ndecks:\n")  # fmt: skip
    ranks = "a, 2, 3, 4, 5, 6, 7, 8, 9, 10, j, q, k, joker"
    assert check_folder(folder) == [
        f"{C}: cards[0].attrs.tier: a playing card needs a rank ({ranks}), got 1",
        f"{C}: cards[0].attrs.tier: a playing card needs a suit (s, h, d, c), got 1",
        f"{C}: cards[1].attrs.tier: a playing card needs a rank ({ranks}), got 1",
        f"{C}: cards[1].attrs.tier: a playing card needs a suit (s, h, d, c), got 1",
        f"{C}: cards[2].attrs.tier: a playing card needs a suit (s, h, d, c), got 2",
    ]


def _schema_ok(schema: dict, data: object) -> bool:
    return jsonschema.Draft202012Validator(schema).is_valid(data)


def test_schema_accepts_the_shipped_faces_and_layouts_and_agrees_on_broken_ones(
    tmp_path: Path,
) -> None:
    docs = all_schemas()
    for game in registry.games():  # every registered game (the list was missing Mayflower)
        folder = data_dir() / game
        cards, layout = read_yaml(folder / "cards.yaml"), read_yaml(folder / "layout.yaml")
        assert _schema_ok(docs["cards.schema.json"], cards), game
        assert _schema_ok(docs["layout.schema.json"], _json_ready(layout)), game
    faces = docs["cards.schema.json"]["properties"]["faces"]
    assert "playing-card" in str(faces) and "top-left" in str(faces)
    structural = 0
    for case, (file, old, new, _) in sorted(BROKEN.items()):
        folder = copy_fixture(tmp_path / case)
        edit(folder, file, old, new)
        data = read_yaml(folder / file)
        spec = cards_file_spec() if file == "cards.yaml" else LAYOUT_FILE
        schema = docs["cards.schema.json" if file == "cards.yaml" else "layout.schema.json"]
        try:
            spec.check(data, file, "")
            accepted = True
        except DataError:
            accepted = False
        assert _schema_ok(schema, _json_ready(data)) == accepted, case
        structural += not accepted
    assert structural >= 4  # not vacuous: several cases are caught by structure alone
