"""The fresh8 hunt's sample (fresh4's draw.py with seed 3802 and this allocation): run from
the corpora's folder as `python3 draw8.py HUNT > hunt_sample.tsv`, HUNT being the path of
`hunt_reads.py`. Each package's `--read` sites are sampled with its own seeded generator.
Sites under a `build/` folder are left out: synclint's default excludes skip `build`, and the
botorch wheel ships `build/lib`, a byte-identical copy of its package (107 of its 214 sites)."""
import random
import subprocess
import sys

SEED, ALLOC = 3802, {"asteroid": None, "denoising_diffusion_pytorch": None, "x_transformers": 14,
                     "pytorch_tabnet": 12, "sb3_contrib": 14, "litgpt": 14, "tsai": 16,
                     "botorch": 30}   # None: every site
for pkg, k in ALLOC.items():
    sites = subprocess.run([sys.executable, sys.argv[1], "--read", pkg], capture_output=True,
                           text=True, check=True).stdout.splitlines()
    sites = [s for s in sites if "/build/" not in "/" + s.split(":")[0]]
    chosen = sites if k is None else random.Random(f"{SEED}-{pkg}").sample(sites, k)
    for line in sorted(chosen, key=lambda s: (s.split(":")[0],
                                              int(s.split("\t")[0].rsplit(":", 1)[1]))):
        print(line)
