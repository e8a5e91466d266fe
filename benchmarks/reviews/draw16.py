"""The fresh16 hunt's sample (fresh15's draw15.py with seed 4602, this allocation and these
skipped folders): run from the corpora's folder as `python3 draw16.py HUNT > hunt_sample.tsv`,
HUNT being the path of `hunt_reads.py`. Each package's `--read` sites are sampled with its own
seeded generator. Decided before reading any site: sites in folders of scripts, command-line
entry points, telemetry, data download, preparation and conversion (dataset tokenisation and
featurisation), checkpoint loading and conversion, upload helpers, viewers and plots, and
shipped tests or test helpers are left out (axolotl's `cli/`, `scripts/`, `telemetry/`,
`convert.py`, `utils/data/`, `prompt_strategies/`; liger-kernel's `env_report.py`; sae-lens'
`tutorial/`, `loading/`, `pretokenize_runner.py`, `upload_synthetic_model.py`,
`synthetic/plotting.py`; mmocr's `datasets/preparers/`, `visualization/`; dgllife's `data/`,
`utils/splitters.py`, `utils/featurizers.py`, `utils/mol_to_graph.py`; torchmd-net's
`datasets/`, `scripts/`; bitsandbytes' `diagnostics/`, `__main__.py`; `testing/` and `tests/`
everywhere), so the hunt reads training and model code. A package with fewer sites than its
allocation is read whole."""
import random
import re
import subprocess
import sys

SEED, ALLOC = 4602, {"bitsandbytes": 5, "nnsight": 6, "torchmd_net": 8, "dgllife": 15,
                     "sae_lens": 18, "mmocr": 16, "liger_kernel": 16, "axolotl": 36}
SKIP = re.compile(r"/(cli|scripts|telemetry|tests|test|testing|tutorial|loading|preparers|"
                  r"visualization|diagnostics)/|axolotl/axolotl/(utils/data|"
                  r"prompt_strategies)/|dgllife/dgllife/data/|torchmd_net/torchmdnet/datasets/|"
                  r"/(convert|env_report|pretokenize_runner|upload_synthetic_model|plotting|"
                  r"splitters|featurizers|mol_to_graph|__main__)\.py$")
for pkg, k in ALLOC.items():
    sites = subprocess.run([sys.executable, sys.argv[1], "--read", pkg], capture_output=True,
                           text=True, check=True).stdout.splitlines()
    sites = [s for s in sites if not SKIP.search(s.split(":")[0])]
    print(f"{pkg}: {len(sites)} sites after the folder filter", file=sys.stderr)
    chosen = random.Random(f"{SEED}-{pkg}").sample(sites, min(k, len(sites)))
    for line in sorted(chosen, key=lambda s: (s.split(":")[0],
                                              int(s.split("\t")[0].rsplit(":", 1)[1]))):
        print(line)
