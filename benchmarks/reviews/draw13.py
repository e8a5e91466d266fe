"""The fresh13 hunt's sample (fresh12's draw12.py with seed 4302, this allocation and these
skipped folders): run from the corpora's folder as `python3 draw13.py HUNT > hunt_sample.tsv`,
HUNT being the path of `hunt_reads.py`. Each package's `--read` sites are sampled with its own
seeded generator. Decided before reading any site: sites in folders of scripts, data
conversion, export, command-line entry points, tools, downloads, viewers and shipped tests are
left out (openrlhf's `cli/` and `tests/`; boltz's `data/parse/`, `data/write/`, `data/filter/`,
`data/msa/`; uni2ts's `data/builder/`; torchtitan's `tools/`), so the hunt reads training and
model code. A package with fewer sites than its allocation is read whole."""
import random
import re
import subprocess
import sys

SEED, ALLOC = 4302, {"uni2ts": 6, "torchdistill": 10, "nanotron": 14, "lightning_bolts": 14,
                     "openrlhf": 16, "torch_uncertainty": 16, "boltz": 18, "torchtitan": 18}
SKIP = re.compile(r"/(build|scripts|cli|tests|tools|parse|write|builder|filter|msa|"
                  r"downloads|viewer)/")
for pkg, k in ALLOC.items():
    sites = subprocess.run([sys.executable, sys.argv[1], "--read", pkg], capture_output=True,
                           text=True, check=True).stdout.splitlines()
    sites = [s for s in sites if not SKIP.search(s.split(":")[0])]
    print(f"{pkg}: {len(sites)} sites after the folder filter", file=sys.stderr)
    chosen = random.Random(f"{SEED}-{pkg}").sample(sites, min(k, len(sites)))
    for line in sorted(chosen, key=lambda s: (s.split(":")[0],
                                              int(s.split("\t")[0].rsplit(":", 1)[1]))):
        print(line)
