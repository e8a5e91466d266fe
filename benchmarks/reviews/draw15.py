"""The fresh15 hunt's sample (fresh14's draw14.py with seed 4502, this allocation and these
skipped folders): run from the corpora's folder as `python3 draw15.py HUNT > hunt_sample.tsv`,
HUNT being the path of `hunt_reads.py`. Each package's `--read` sites are sampled with its own
seeded generator. Decided before reading any site: sites in folders of scripts, build helpers,
command-line entry points and launchers, tools, benchmarks, autotuning, checkpoint conversion,
data download and conversion, viewers and shipped tests or test helpers are left out
(deepspeed's `ops/op_builder/`, `launcher/`, `nvme/`, `autotuning/`, `checkpoint/`,
`env_report.py`; torchao's `_models/` (benchmark and demo models with their generate scripts)
and `testing/`; transformer-lens' `tools/`, `benchmarks/`, `lit/` (the LIT viewer) and
`conversion_utils/`; torchrec's `distributed/benchmark/`, `test_utils/`, `datasets/` and
`*benchmark*.py`; hivemind's `hivemind_cli/`; tabpfn's `visualisation/`), so the hunt reads
training and model code. A package with fewer sites than its allocation is read whole."""
import random
import re
import subprocess
import sys

SEED, ALLOC = 4502, {"torchopt": 3, "chronos_forecasting": 7, "hivemind": 10, "tabpfn": 12,
                     "torchao": 16, "transformer_lens": 16, "torchrec": 20, "deepspeed": 26}
SKIP = re.compile(r"/(build|scripts|cli|tests|test|testing|test_utils|tools|benchmark|benchmarks|"
                  r"op_builder|launcher|nvme|autotuning|checkpoint|_models|lit|conversion_utils|"
                  r"datasets|hivemind_cli|visualisation)/|benchmark\w*\.py$|/env_report\.py$")
for pkg, k in ALLOC.items():
    sites = subprocess.run([sys.executable, sys.argv[1], "--read", pkg], capture_output=True,
                           text=True, check=True).stdout.splitlines()
    sites = [s for s in sites if not SKIP.search(s.split(":")[0])]
    print(f"{pkg}: {len(sites)} sites after the folder filter", file=sys.stderr)
    chosen = random.Random(f"{SEED}-{pkg}").sample(sites, min(k, len(sites)))
    for line in sorted(chosen, key=lambda s: (s.split(":")[0],
                                              int(s.split("\t")[0].rsplit(":", 1)[1]))):
        print(line)
