"""Two processes race to store the same move numbers of one table: the move's key lets exactly
one of them win each number.  Both are made to believe they own the table (the same process
name: the worst case, where the ownership check cannot tell them apart), so only the key stands
between them and a table with two different move 7s.  A canary plants the key away and checks
that the race then does store doubles: the race is real, so the test can fail."""

from __future__ import annotations

import multiprocessing as mp

from tabletop.net.storage import SeatRow, TableRow, open_storage

MOVES = 40


def _racer(url: str, name: str, who: int, start, out) -> None:
    from tabletop.net.storage import MoveConflict, open_storage

    s = open_storage(url, None, lease=30.0)
    s.server_id = name
    won = []
    start.wait(30)
    for n in range(MOVES):
        try:
            s.add_move("RACERS", n, who, {"by": who})
            won.append(n)
        except MoveConflict:
            pass
    s.db.close()
    out.put((who, won))


def _race(url: str, planted: bool) -> dict[int, list[int]]:
    s = open_storage(url, None, lease=30.0)
    s.register("ws://127.0.0.1:9")
    row = TableRow("RACERS", "monarch", {}, 1, 2, 2, True, 1.0)
    row.seats = [SeatRow(0, "human", "A", ""), SeatRow(1, "human", "B", "")]
    s.create_table(row)
    if planted:  # the bug: moves are no longer keyed by (code, n)
        s.db.execute("ALTER TABLE moves DROP CONSTRAINT moves_pkey")
    ctx = mp.get_context("spawn")
    start, out = ctx.Barrier(2), ctx.Queue()
    procs = [ctx.Process(target=_racer, args=(url, s.server_id, who, start, out)) for who in (0, 1)]
    for p in procs:
        p.start()
    results = dict(out.get(timeout=120) for _ in procs)
    for p in procs:
        p.join(30)
    stored: dict[int, list[int]] = {}
    for n, seat in s.db.execute("SELECT n, seat FROM moves WHERE code = 'RACERS' ORDER BY n"):
        stored.setdefault(n, []).append(seat)
    s.close()
    assert sorted(results) == [0, 1]
    return stored


def test_two_processes_never_both_store_one_move_number(pg) -> None:
    stored = _race(pg, planted=False)
    assert sorted(stored) == list(range(MOVES))
    assert all(len(seats) == 1 for seats in stored.values()), stored


def test_canary_without_the_key_the_race_stores_doubles(pg) -> None:
    stored = _race(pg, planted=True)
    assert any(len(seats) > 1 for seats in stored.values())
