"""The fresh17 hunt's sample (fresh16's draw16.py with seed 4702, this allocation and these
skipped folders): run from the corpora's folder as `python3 draw17.py HUNT > hunt_sample.tsv`,
HUNT being the path of `hunt_reads.py`. Each package's `--read` sites are sampled with its own
seeded generator. Decided before reading any site: sites in folders of scripts, command-line
entry points, data loading, preparation and conversion (featurisation, file I/O, iterators and
samplers, dataset loaders, splitters, transformers of datasets), task builders, hyperparameter
search, remote-inference clients, mocks, and shipped tests are left out (espnet's `bin/`,
`espnet/utils/`, `espnet2/utils/`, `fileio/`, `iterators/`, `samplers/`, `tasks/`; deepchem's
`feat/`, `splits/`, `molnet/`, `hyper/`, `trans/`, `dock/`, `data/`, `rl/envs/` and the
top-level `utils/*.py` helpers (its `utils/differentiation_utils/` and `utils/dft_utils/` are
kept); cleanrl's `utils/`; alphafold3-pytorch's `data/`, `common/`, `nim/`, `inputs.py`,
`mocks.py`, `cli.py`, `app.py`, `life.py`; demucs' `grids/`, `wav.py`, `audio.py`,
`separate.py`, `repo.py`, `pretrained.py`, `__main__.py`; `tests/` everywhere), so the hunt
reads training and model code. A package with fewer sites than its allocation is read whole."""
import random
import re
import subprocess
import sys

SEED, ALLOC = 4702, {"torchdiffeq": 6, "ema_pytorch": 6, "openai_whisper": 6, "demucs": 6,
                     "alphafold3_pytorch": 8, "deepchem": 10, "cleanrl": 14, "espnet": 64}
SKIP = re.compile(r"/(bin|tests|test|testing|fileio|iterators|samplers|tasks|feat|splits|molnet|"
                  r"hyper|trans|dock|nim|grids)/|"
                  r"espnet/espnet/utils/|espnet/espnet2/utils/|deepchem/deepchem/data/|"
                  r"deepchem/deepchem/rl/envs/|deepchem/deepchem/utils/[^/]+\.py$|"
                  r"cleanrl/cleanrl/utils/|alphafold3_pytorch/alphafold3_pytorch/(data|common)/|"
                  r"/(inputs|mocks|cli|app|life|wav|audio|separate|repo|pretrained|__main__)\.py$")
for pkg, k in ALLOC.items():
    sites = subprocess.run([sys.executable, sys.argv[1], "--read", pkg], capture_output=True,
                           text=True, check=True).stdout.splitlines()
    sites = [s for s in sites if not SKIP.search(s.split(":")[0])]
    print(f"{pkg}: {len(sites)} sites after the folder filter", file=sys.stderr)
    chosen = random.Random(f"{SEED}-{pkg}").sample(sites, min(k, len(sites)))
    for line in sorted(chosen, key=lambda s: (s.split(":")[0],
                                              int(s.split("\t")[0].rsplit(":", 1)[1]))):
        print(line)
