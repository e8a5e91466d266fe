"""The fresh9 hunt's sample (fresh8's draw8.py with seed 3902 and this allocation): run from
the corpora's folder as `python3 draw9.py HUNT > hunt_sample.tsv`, HUNT being the path of
`hunt_reads.py`. Each package's `--read` sites are sampled with its own seeded generator.
Sites under `build/`, and skrl's JAX and Warp agents (`/jax/`, `/warp/`: not PyTorch code,
133 of skrl's 278 sites), are left out."""
import random
import subprocess
import sys

SEED, ALLOC = 3902, {"encodec": None, "imagen_pytorch": None, "darts": None,
                     "pytorch_pfn_extras": 12, "rl_games": 16, "torchani": 16,
                     "schnetpack": 18, "skrl": 24}   # None: every site
SKIP = ("/build/", "/jax/", "/warp/")
for pkg, k in ALLOC.items():
    sites = subprocess.run([sys.executable, sys.argv[1], "--read", pkg], capture_output=True,
                           text=True, check=True).stdout.splitlines()
    sites = [s for s in sites if not any(part in "/" + s.split(":")[0] for part in SKIP)]
    chosen = sites if k is None else random.Random(f"{SEED}-{pkg}").sample(sites, k)
    for line in sorted(chosen, key=lambda s: (s.split(":")[0],
                                              int(s.split("\t")[0].rsplit(":", 1)[1]))):
        print(line)
