"""The fresh10 hunt's sample (fresh9's draw9.py with seed 4002 and this allocation): run from
the corpora's folder as `python3 draw10.py HUNT > hunt_sample.tsv`, HUNT being the path of
`hunt_reads.py`. Each package's `--read` sites are sampled with its own seeded generator.
Sites under `build/`, and nequip's shipped test suite (`nequip/utils/unittests/`: test code
that `hunt_reads.py` does not recognise by its folder name, 58 of nequip's 110 sites), are
left out."""
import random
import subprocess
import sys

SEED, ALLOC = 4002, {"torchsde": None, "torchdyn": None, "audiolm_pytorch": 14,
                     "e3nn": 12, "pyannote_audio": 16, "pytorch_optimizer": 18,
                     "nequip": 18, "torchdrug": 22}   # None: every site
SKIP = ("/build/", "/unittests/")
for pkg, k in ALLOC.items():
    sites = subprocess.run([sys.executable, sys.argv[1], "--read", pkg], capture_output=True,
                           text=True, check=True).stdout.splitlines()
    sites = [s for s in sites if not any(part in "/" + s.split(":")[0] for part in SKIP)]
    chosen = sites if k is None else random.Random(f"{SEED}-{pkg}").sample(sites, k)
    for line in sorted(chosen, key=lambda s: (s.split(":")[0],
                                              int(s.split("\t")[0].rsplit(":", 1)[1]))):
        print(line)
