"""The fresh18 hunt's sample (fresh17's draw17.py with seed 4802, this allocation and these
skipped folders): run from the corpora's folder as `python3 draw18.py HUNT > hunt_sample.tsv`,
HUNT being the path of `hunt_reads.py`. Each package's `--read` sites are sampled with its own
seeded generator. Decided before reading any site: sites in folders and files of scripts,
command-line entry points, data loading, preparation and conversion (datasets, collaters,
featurisation and preprocessing scripts), configuration, logging, checkpoint and hub
utilities, benchmarks and shipped tests are left out (fairseq's `data/`, `scripts/`,
`preprocessing/`, `benchmark/`, `dataclass/`, `config/`, `logging/`, `clib/`, `tests/`, and
its `infer.py`, `*_featurize.py`, `prep_*.py`, `preprocess*.py`, `apply_*.py`,
`checkpoint_utils.py`, `options.py`, `hub_utils.py`, `file_io.py`, `binarizer.py`; allennlp's
`commands/`, `data/`, `common/`, `tools/`, `models/archival.py`; open-unmix's `cli.py` and
`data.py`; torch-fidelity's `tests/` and its CLI `fidelity.py`; einx's `test/` and `docs/`),
so the hunt reads training, model, metric and inference code. A package with fewer sites than
its allocation is read whole."""
import random
import re
import subprocess
import sys

SEED, ALLOC = 4802, {"einx": 8, "torch_fidelity": 5, "openunmix": 5, "piq": 2,
                     "rotary_embedding_torch": 0, "clip_anytorch": 0,
                     "allennlp": 30, "fairseq": 70}
SKIP = re.compile(r"/(data|scripts|preprocessing|benchmark|dataclass|config|logging|clib|tests|"
                  r"test|docs|commands|common|tools)/|"
                  r"/(infer|\w+_featurize|prep_\w+|preprocess\w*|apply_\w+|checkpoint_utils|"
                  r"options|hub_utils|file_io|binarizer|archival|cli|data|fidelity|__main__)\.py$")
for pkg, k in ALLOC.items():
    sites = subprocess.run([sys.executable, sys.argv[1], "--read", pkg], capture_output=True,
                           text=True, check=True).stdout.splitlines()
    sites = [s for s in sites if not SKIP.search(s.split("\t")[0].rsplit(":", 1)[0])]
    print(f"{pkg}: {len(sites)} sites after the folder filter", file=sys.stderr)
    chosen = random.Random(f"{SEED}-{pkg}").sample(sites, min(k, len(sites)))
    for line in sorted(chosen, key=lambda s: (s.split(":")[0],
                                              int(s.split("\t")[0].rsplit(":", 1)[1]))):
        print(line)
