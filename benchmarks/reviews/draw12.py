"""The fresh12 hunt's sample (fresh11's draw11.py with seed 4202, this allocation and these
skipped folders): run from the corpora's folder as `python3 draw12.py HUNT > hunt_sample.tsv`,
HUNT being the path of `hunt_reads.py`. Each package's `--read` sites are sampled with its own
seeded generator. Decided before reading any site: sites in folders of data conversion, export,
command-line entry points, downloads, viewers and shipped tests are left out (nerfstudio's
`process_data/`, `scripts/`, `exporter/`, `data/dataparsers/`, `viewer*/`; mace's and chemprop's
`cli/`; sample-factory's `huggingface/`; mace's shipped `tests/`), so the hunt reads training and
model code (339 of the 514 `--read` sites remain)."""
import random
import re
import subprocess
import sys

SEED, ALLOC = 4202, {"descript_audiotools": 10, "chemprop": 10, "pytorchvideo": 12,
                     "fairscale": 14, "mace_torch": 14, "ai2_olmo": 17, "sample_factory": 18,
                     "nerfstudio": 18}
SKIP = re.compile(r"/(build|process_data|scripts|exporter|dataparsers|cli|tests|huggingface|"
                  r"downloads|viewer|viewer_legacy)/")
for pkg, k in ALLOC.items():
    sites = subprocess.run([sys.executable, sys.argv[1], "--read", pkg], capture_output=True,
                           text=True, check=True).stdout.splitlines()
    sites = [s for s in sites if not SKIP.search(s.split(":")[0])]
    chosen = random.Random(f"{SEED}-{pkg}").sample(sites, k)
    for line in sorted(chosen, key=lambda s: (s.split(":")[0],
                                              int(s.split("\t")[0].rsplit(":", 1)[1]))):
        print(line)
