# expect-fix: unsafe
# max-syncs: 2
"""Log each new checkpoint with its score (reduced from Lightning's MLflow and W&B loggers'
`_scan_and_log_checkpoints`): the scores may be tensors or plain numbers, and the
iterable is a name that may be an iterator, so the fix copies it into a list first."""
from __future__ import annotations

import torch
from torch import Tensor


def naive(checkpoints, logged: dict[str, float]) -> list[dict[str, object]]:  # noqa: ANN001
    out = []
    for t, p, s, tag in checkpoints:
        metadata = {"score": s.item() if isinstance(s, Tensor) else s, "file": p, "tag": tag}
        print("logging", p)
        out.append(metadata)
        logged[p] = t
    return out


def inputs() -> list[tuple[object, dict[str, float]]]:
    return [([(1.0, "a.ckpt", torch.tensor(0.5), "x"), (2.0, "b.ckpt", 0.25, "y"),
              (3.0, "c.ckpt", torch.tensor(7), "z")], {}),
            ([], {}), ([(1.0, "n.ckpt", torch.tensor(float("nan")), "x")], {}),
            ([(1.0, "h.ckpt", torch.tensor(0.1, dtype=torch.float16), "x")], {})]


def edge_inputs() -> list[tuple[object, dict[str, float]]]:
    def lazily():  # noqa: ANN202
        for i in range(2):
            print("scanned", i)
            yield (float(i), f"{i}.ckpt", torch.tensor(float(i)), "t")

    return [(lazily(), {})]
