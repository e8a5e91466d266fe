"""`synclint profile` (whole-program emulation): moving to the device the program chose
is a host-to-device move on a GPU, not a read; explicit reads back to the host stay syncs."""

from __future__ import annotations

import io
import runpy
from contextlib import redirect_stdout
from pathlib import Path

import pytest

pytest.importorskip("torch")

from click.testing import CliRunner  # noqa: E402

from synclint.profile_command import profile  # noqa: E402
from synclint.runtime import count_syncs  # noqa: E402

SCRIPT = """\
import torch

device = "cuda" if torch.cuda.is_available() else "cpu"
model = torch.nn.Linear(4, 2).to(device)
x = torch.randn(8, 4).to(device)
loss = model(x).sum()
print(round(loss.item(), 3) == round(float(loss.detach()), 3))
model.cpu()
x.numpy()
model(x).tolist()
"""


@pytest.fixture
def script(tmp_path: Path) -> Path:
    path = tmp_path / "train.py"
    path.write_text(SCRIPT)
    return path


def test_moves_to_the_chosen_device_are_not_syncs_but_reads_are(script: Path) -> None:
    with redirect_stdout(io.StringIO()), count_syncs(backend="emulated", whole_program=True) as syncs:
        runpy.run_path(str(script), run_name="__main__")
    sites = [(e.kind, e.line, n) for e, n in syncs.by_location() if e.file == str(script)]
    # Lines 4 and 5 (`.to(device)`) are absent; model.cpu() reads both parameters.
    assert sorted(sites) == [("cpu", 8, 2), ("float", 7, 1), ("item", 7, 1), ("numpy", 9, 1), ("tolist", 10, 1)]
    assert syncs.total == 6


def test_profile_lists_the_reads_and_not_the_moves(script: Path) -> None:
    result = CliRunner().invoke(profile, [str(script)])
    assert result.exit_code == 0, result.output
    assert "True" in result.stdout
    assert "train.py:8" in result.stderr and "train.py:9" in result.stderr
    assert "train.py:4" not in result.stderr and "train.py:5" not in result.stderr
