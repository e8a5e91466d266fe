"""The fresh14 hunt's sample (fresh13's draw13.py with seed 4402, this allocation and these
skipped folders): run from the corpora's folder as `python3 draw14.py HUNT > hunt_sample.tsv`,
HUNT being the path of `hunt_reads.py`. Each package's `--read` sites are sampled with its own
seeded generator. Decided before reading any site: sites in folders of scripts, data download
and conversion, export, command-line entry points, serving, tools, viewers and shipped tests or
test helpers are left out (colossalai's `cli/` and `testing/`; gluonts' `dataset/`, `shell/`,
`testutil/`; lhotse's `recipes/` and `bin/`; tsl's `datasets/`; unsloth's `save.py`,
`fsdp2_save.py`, `dataprep/`), and so are gluonts' `mx/` and `ext/` (MXNet, XGBoost, Prophet
and R wrappers: not PyTorch code), so the hunt reads training and model code. A package with
fewer sites than its allocation is read whole."""
import random
import re
import subprocess
import sys

SEED, ALLOC = 4402, {"torch_spatiotemporal": 6, "fair_esm": 8, "open_flamingo": 8,
                     "poutyne": 10, "gluonts": 10, "lhotse": 12, "salesforce_lavis": 16,
                     "colossalai": 22, "unsloth": 22}
SKIP = re.compile(r"/(build|scripts|cli|tests|testing|testutil|tools|downloads|viewer|recipes|"
                  r"bin|dataprep|shell|mx|ext|gluonts/dataset|tsl/datasets)/|/(save|fsdp2_save)\.py$")
for pkg, k in ALLOC.items():
    sites = subprocess.run([sys.executable, sys.argv[1], "--read", pkg], capture_output=True,
                           text=True, check=True).stdout.splitlines()
    sites = [s for s in sites if not SKIP.search(s.split(":")[0])]
    print(f"{pkg}: {len(sites)} sites after the folder filter", file=sys.stderr)
    chosen = random.Random(f"{SEED}-{pkg}").sample(sites, min(k, len(sites)))
    for line in sorted(chosen, key=lambda s: (s.split(":")[0],
                                              int(s.split("\t")[0].rsplit(":", 1)[1]))):
        print(line)
