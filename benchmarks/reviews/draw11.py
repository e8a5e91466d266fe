"""The fresh11 hunt's sample (fresh10's draw10.py with seed 4102 and this allocation): run from
the corpora's folder as `python3 draw11.py HUNT > hunt_sample.tsv`, HUNT being the path of
`hunt_reads.py`. Each package's `--read` sites are sampled with its own seeded generator.
Sites under `build/` are left out, and so are d2l's MXNet, JAX and TensorFlow modules
(`d2l/mxnet.py`, `jax.py`, `tensorflow.py`: 29 of d2l's 42 sites, code of other frameworks
that a PyTorch user never runs)."""
import random
import subprocess
import sys

SEED, ALLOC = 4102, {"vector_quantize_pytorch": None, "d2l": 8, "laplace_torch": 10,
                     "captum": 10, "torchkge": 12, "catalyst": 15, "audiocraft": 18,
                     "stanza": 30}   # None: every site
SKIP = ("/build/", "/d2l/mxnet.py", "/d2l/jax.py", "/d2l/tensorflow.py")
for pkg, k in ALLOC.items():
    sites = subprocess.run([sys.executable, sys.argv[1], "--read", pkg], capture_output=True,
                           text=True, check=True).stdout.splitlines()
    sites = [s for s in sites if not any(part in "/" + s.split(":")[0] for part in SKIP)]
    chosen = sites if k is None else random.Random(f"{SEED}-{pkg}").sample(sites, k)
    for line in sorted(chosen, key=lambda s: (s.split(":")[0],
                                              int(s.split("\t")[0].rsplit(":", 1)[1]))):
        print(line)
