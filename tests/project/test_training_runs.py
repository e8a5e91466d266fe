"""A chain's frequency is the callee's (issue 22, fresh11 L11): a call in a loop of a
function that runs a whole training loop is once per training run, not once per step;
the run's own reads are reported inside it, at their own frequency. A per-step helper
that trains once per call (`train_step`) stays reported at the loop that calls it. A
function that trains, itself or through a callee, is never once code (stanza's
`ner_tagger.train` opens its data files and calls `trainer.update` per batch)."""

from __future__ import annotations

from synclint.diagnostics import Diagnostic
from synclint.engine import lint_sources
from synclint.model.call_sites import RUNS, STEP
from synclint.model.project import build_project
from tests.project.test_library_roles import DEFAULT_CODES, findings


def rows(found: list[Diagnostic]) -> list[tuple[str, str, int]]:
    return [(d.filename, d.code, d.location.row) for d in found]


TRAINER = """\
import torch


def train_step(model, optimizer, batch):
    optimizer.zero_grad()
    loss = model(batch.cuda()).mean()
    loss.backward()
    optimizer.step()
    return loss.item()


def fit(model, batches, epochs):
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    for epoch in range(epochs):
        for batch in batches:
            loss = model(batch.cuda()).mean()
            loss.backward()
            optimizer.step()
        print(loss.item())
    return model


def main(model, batches):
    return fit(model, batches, epochs=3)
"""

DRIVER = """\
from trainer import fit, main, train_step


def sweep(models, batches):
    for model in models:
        fit(model, batches, 3)
    for model in models:
        main(model, batches)


def fine_tune(model, optimizer, batches):
    for batch in batches:
        train_step(model, optimizer, batch)
"""


def test_a_training_run_called_in_a_loop_is_reported_inside_it_only() -> None:
    found = findings(trainer=TRAINER, driver=DRIVER)
    # fit's epoch-end read, inside fit; the per-step helper at the loop that calls it.
    assert rows(found) == [("driver.py", "SYN101", 13), ("trainer.py", "SYN101", 19)]


def test_what_trains_per_call_and_what_runs_a_training_loop() -> None:
    project = build_project({"trainer.py": TRAINER, "driver.py": DRIVER})
    trains = {key.partition(":")[2]: s.trains for key, s in project.summaries.items()}
    assert trains == {"train_step": STEP, "fit": STEP | RUNS, "main": STEP | RUNS,
                      "sweep": STEP | RUNS, "fine_tune": STEP | RUNS}


def test_a_helper_that_reads_per_call_without_training_stays_reported() -> None:
    helper = "def batch_sum(batch):\n    return batch.cuda().sum().item()\n"
    driver = "import torch\nfrom helpers import batch_sum\n\n\ndef fit(model, batches):\n" \
        "    for batch in batches:\n        model(batch).sum().backward()\n" \
        "        batch_sum(batch)\n"
    assert rows(findings(helpers=helper, driver=driver)) == [("driver.py", "SYN101", 8)]


ONCE = """\
import json

import torch
from trainer import Trainer


def train(args):
    with open(args["train_file"]) as fin:
        data = json.load(fin)
    trainer = Trainer()
    for step in range(args["max_steps"]):
        trainer.update(data)
        for batch in data:
            preds = trainer.predict(batch)
"""

ONCE_TRAINER = """\
import torch


class Trainer:
    def __init__(self):
        self.model = torch.nn.Linear(4, 2).cuda()
        self.optimizer = torch.optim.Adam(self.model.parameters())

    def update(self, batch):
        loss = self.model(torch.tensor(batch).cuda()).sum()
        loss.backward()
        self.optimizer.step()

    def predict(self, batch):
        return self.model(torch.tensor(batch).cuda()).argmax(-1).tolist()
"""


def test_a_function_that_trains_through_a_callee_is_never_once_code() -> None:
    outputs = lint_sources({"tagger.py": ONCE, "trainer.py": ONCE_TRAINER}, DEFAULT_CODES)
    found = [(d.code, d.location.row) for d in outputs["tagger.py"].diagnostics]
    assert found == [("SYN101", 14)]
    # Look-alike: the same reader without the training call is once code (hidden).
    reader = ONCE.replace("        trainer.update(data)\n", "")
    outputs = lint_sources({"tagger.py": reader, "trainer.py": ONCE_TRAINER}, DEFAULT_CODES)
    assert outputs["tagger.py"].diagnostics == []


UPDATE = """\
import torch


class Trainer:
    def __init__(self, model, optimizers):
        self.model = model.cuda()
        self.optimizers = optimizers

    def update(self, batch):
        for optimizer in self.optimizers.values():
            optimizer.zero_grad()
        loss = torch.nn.functional.mse_loss(self.model(batch.cuda()), batch.cuda())
        loss_val = loss.item()
        loss.backward()
        for optimizer in self.optimizers.values():
            optimizer.step()
        return loss_val

    def accumulate(self, chunks):
        for chunk in chunks:
            self.model(chunk.cuda()).mean().backward()
        return chunks[0].cuda().sum().item()
"""

UPDATE_LOOP = """\
from trainer import Trainer


def train(trainer: Trainer, batches):
    for batch in batches:
        trainer.update(batch)
        trainer.accumulate(batch)
"""


def test_a_loop_over_optimisers_or_micro_batches_is_no_training_loop() -> None:
    # stanza's pos Trainer.update: zero_grad and step in loops over its optimisers, one
    # training step per call; a gradient accumulation loop has no optimiser step.
    found = rows(findings(trainer=UPDATE, driver=UPDATE_LOOP))
    assert found == [("driver.py", "SYN101", 6), ("driver.py", "SYN101", 7)]
