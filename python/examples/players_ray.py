"""The players' comparison of docs/players.md §4 through Ray: the same pairings as
examples/compare_players.rs (evaluations at equal depth, orderings at equal node budget), each
match split into tasks of ``--chunk`` games, gathered into a pandas table and a matplotlib
chart.

    python python/examples/players_ray.py --games 200 --workers 2 --out target/players-ray
    python python/examples/players_ray.py --quick --workers 1      # 4 games, depth 2, 2000 nodes
    python python/examples/players_ray.py --address auto           # on a running Ray cluster

Prints the table (Markdown) and the wall-clock time of the batch (Ray's start not counted);
writes ``players.csv`` and ``players.png`` into ``--out``. The counts do not depend on the
number of workers: each game is played by ``lingeo match``'s rules whichever task plays it.
"""

from __future__ import annotations

import argparse
import os
import time

from lingeo import experiments as ex

ORDERINGS = ["none", "history", "zones", "chessmaps", "patterns"]


def pairings(depth: int, nodes: int):
    pairs = [
        (f"eval=fuzzy,depth={depth}", f"eval=material,depth={depth}"),
        (f"eval=learned,depth={depth}", f"eval=material,depth={depth}"),
    ]
    for name in ORDERINGS:
        pairs.append(
            (
                f"eval=material,nodes={nodes},ordering={name}",
                f"eval=material,nodes={nodes},ordering=killer",
            )
        )
    return pairs


def short(spec: str) -> str:
    """A spec as the chart's axis shows it."""
    keys = dict(part.split("=", 1) for part in spec.split(","))
    if "nodes" in keys:
        return keys.get("ordering", "killer")
    return f"{keys.get('eval', 'material')} d{keys.get('depth', 4)}"


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--scenario", default="examples/pawned.scenario")
    p.add_argument("--games", type=int, default=200)
    p.add_argument("--depth", type=int, default=4)
    p.add_argument("--nodes", type=int, default=20000)
    p.add_argument("--chunk", type=int, default=ex.DEFAULT_CHUNK)
    p.add_argument("--quick", action="store_true", help="4 games, depth 2, 2000 nodes")
    p.add_argument("--workers", type=int, default=None, help="CPUs of the local Ray")
    p.add_argument("--address", default=None, help="a running Ray cluster instead")
    p.add_argument("--out", default="target/players-ray")
    args = p.parse_args()
    if args.quick:
        args.games, args.depth, args.nodes = 4, 2, 2000
    resources = ex.init(address=args.address, workers=args.workers)
    load = os.getloadavg()
    started = time.perf_counter()
    games = ex.matches(
        args.scenario, pairings(args.depth, args.nodes), games=args.games, chunk=args.chunk
    )
    elapsed = time.perf_counter() - started
    summary = ex.match_summary(games)
    ex.shutdown()
    os.makedirs(args.out, exist_ok=True)
    summary.to_csv(os.path.join(args.out, "players.csv"), index=False)

    print(f"Ray: {resources.get('CPU', 0):g} CPUs; load before {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}")
    print(f"{len(games)} games in {elapsed:.1f} s\n")
    print("| first engine | second engine | wins | draws | losses | score | Elo |")
    print("|---|---|---:|---:|---:|---:|---:|")
    for r in summary.itertuples():
        elo = (
            "unbounded"
            if r.elo is None or r.elo != r.elo
            else f"{r.elo + 0.0:+.0f} ± {r.elo_error:.0f}"
        )
        print(
            f"| {r.white} | {r.black} | {r.wins} | {r.draws} | {r.losses} | {r.score:.3f} | {elo} |"
        )

    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    labels = [f"{short(w)}\nvs {short(b)}" for w, b in zip(summary.white, summary.black)]
    fig, ax = plt.subplots(figsize=(10, 4.5))
    ax.bar(range(len(summary)), summary.score, color="#4c72b0")
    ax.axhline(0.5, color="grey", linewidth=0.8, linestyle="--")
    ax.set_xticks(range(len(summary)))
    ax.set_xticklabels(labels, fontsize=8)
    ax.set_ylim(0, 1)
    ax.set_ylabel("points per game of the first engine")
    ax.set_title(
        f"Matches on {args.scenario}, {args.games} games a pairing "
        f"(orderings at {args.nodes} nodes, evaluations at depth {args.depth})"
    )
    fig.tight_layout()
    chart = os.path.join(args.out, "players.png")
    fig.savefig(chart, dpi=100)
    print(f"\nchart: {chart}")


if __name__ == "__main__":
    main()
