#!/usr/bin/env python3
"""Agreement of fgo's dead-stone methods with GNU Go's final_status_list dead.

Usage: gnugo_dead_agreement.py FGO_BINARY [GAMES] [EVERY]
Takes the pro19 games whose RE is a margin in points (not B+0.0) with a recorded komi,
sorted by file name, every EVERY-th one (default 12) up to GAMES (default 12), loads the
final position into `fgo gtp` and `gnugo --mode gtp` (loadsgf), and compares the dead
stones of `fgo-dead_stones eval|playouts|combined` with GNU Go's. Prints per game and
the totals: stones classified the same (dead or alive) and games with the same dead set.
"""
import os, re, subprocess, sys

def gtp(proc, cmd):
    proc.stdin.write(cmd + "\n"); proc.stdin.flush()
    out = []
    while True:
        line = proc.stdout.readline()
        if not line: raise RuntimeError("engine died on " + cmd)
        if line == "\n" and out: break
        if line != "\n": out.append(line.rstrip("\n"))
    text = "\n".join(out)
    if not text.startswith("="): raise RuntimeError(cmd + ": " + text)
    return text[1:].strip()

def main():
    fgo = sys.argv[1]
    games = int(sys.argv[2]) if len(sys.argv) > 2 else 12
    every = int(sys.argv[3]) if len(sys.argv) > 3 else 12
    shared = os.environ.get("FGO_SHARED", os.path.join(os.path.dirname(__file__), "../../../shared"))
    manifest = os.path.join(shared, "data/pro19_manifest.tsv")
    rows = [l.rstrip("\n").split("\t") for l in open(manifest, encoding="utf-8", errors="replace")][1:]
    picked = sorted(r[0] for r in rows
                    if re.fullmatch(r"[BW]\+[0-9]+(\.[0-9]+)?", r[9])
                    and not re.fullmatch(r"[BW]\+0(\.0+)?", r[9]) and r[10] != "0")
    picked = picked[::every][:games]
    fg = subprocess.Popen([fgo, "gtp"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                          stderr=subprocess.DEVNULL, text=True)
    gg = subprocess.Popen([os.environ.get("GNUGO", "/usr/games/gnugo"), "--mode", "gtp", "--chinese-rules"], stdin=subprocess.PIPE,
                          stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    methods = ["eval", "playouts", "combined"]
    same = {m: 0 for m in methods}; sets = {m: 0 for m in methods}; stones = 0
    for name in picked:
        path = os.path.join(shared, "data/pro19", name)
        gtp(fg, "loadsgf " + path); gtp(gg, "loadsgf " + path)
        board = gtp(fg, "showboard")
        n = sum(line.split(" ", 1)[1].count("X") + line.split(" ", 1)[1].count("O")
                for line in board.splitlines() if re.match(r"^\s*\d+ ", line))
        ref = set(gtp(gg, "final_status_list dead").split())
        stones += n
        line = f"{name} stones {n} gnugo-dead {len(ref)}"
        for m in methods:
            mine = set(gtp(fg, "fgo-dead_stones " + m).split())
            diff = len(mine ^ ref)
            same[m] += n - diff; sets[m] += mine == ref
            line += f" | {m}: dead {len(mine)} differ {diff}"
        print(line, flush=True)
    print(f"games {len(picked)}, stones {stones}")
    for m in methods:
        print(f"{m}: stones agreeing {same[m]}/{stones} ({100.0 * same[m] / max(1, stones):.2f}%),"
              f" identical dead sets {sets[m]}/{len(picked)}")
    for p in (fg, gg):
        p.stdin.write("quit\n"); p.stdin.flush(); p.wait()

main()
