"""Failover of a cluster (tests/net_cluster.py): three `chaintable-server` processes behind nginx
sharing one Redis, tables played through nginx by the app's client with a RemoteSession per seat
choosing its own moves. One process is killed (kill -9) mid-game: every table it served goes on
on another process once its players' apps come back by themselves. Then every process is
restarted in turn (a TERM: it drains, its players move over): nothing is lost. At the end each
table's game in the store is exactly the moves its players were told they played, and every
position a seat was sent is the engine's own view for that seat (no card it may not see).
100 tables here; more with `python benchmarks/net_cluster.py --failover 300`."""

from __future__ import annotations

from net_cluster import Cluster, kill_then_roll, set_up_tables, what_went_wrong

TABLES = 100
MOVES_BETWEEN = 4  # moves every table plays between two blows
PLAY_SECONDS = 40.0  # at most, for the tables to get over one blow


def test_tables_go_on_after_a_process_is_killed_and_through_a_rolling_restart(tmp_path):
    with Cluster(tmp_path) as cluster:
        tables = set_up_tables(cluster.address, TABLES, seed=7)
        try:
            kill_then_roll(cluster, tables, MOVES_BETWEEN, PLAY_SECONDS)
            problems = [problem for table in tables for problem in what_went_wrong(cluster, table)]
            assert not problems, "\n".join(problems[:20])
        finally:
            for table in tables:
                table.close()
