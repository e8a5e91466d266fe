"""A host read is reported by one rule: reads logged per step are SYN106's (whose remedy is
to log the tensor), not also SYN112's several-reads finding or SYN101's loop finding."""

from __future__ import annotations

import textwrap

from synclint.engine import lint_sources

LIGHTNING = textwrap.dedent("""\
    import pytorch_lightning as pl
    import torch.nn.functional as F


    class Regressor(pl.LightningModule):
        def validation_step(self, batch, batch_idx):
            x, y = batch
            pred = self.model(x)
            mse = F.mse_loss(pred, y)
            mae = (pred - y).abs().mean()
            self.log_dict({"val_mse": mse.item(), "val_mae": mae.item()})
            LOGGED
""")


def _codes(source: str, codes: tuple[str, ...] = ("SYN101", "SYN106", "SYN112")
           ) -> list[tuple[str, int]]:
    outputs = lint_sources({"lit.py": source}, list(codes))
    return sorted((d.code, d.location.row) for o in outputs.values() for d in o.diagnostics)


def test_reads_logged_per_step_are_reported_by_syn106_alone() -> None:
    assert _codes(LIGHTNING.replace("LOGGED", "")) == [("SYN106", 11), ("SYN106", 11)]


def test_reads_not_logged_next_to_logged_ones_are_still_merged() -> None:
    source = LIGHTNING.replace("LOGGED", "return {'mse': mse.item(), 'mae': mae.item()}")
    assert _codes(source, ("SYN106", "SYN112")) == [
        ("SYN106", 11), ("SYN106", 11), ("SYN112", 12)]
