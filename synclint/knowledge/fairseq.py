"""fairseq: its trainer calls a task's `train_step` on every update and `valid_step` on
every validation batch, and its sequence generators call `inference_step` per batch they
generate for (`fairseq/trainer.py`, `fairseq_cli/generate.py`), each with the sample the
trainer moved to the device (`utils.move_to_cuda`) and the model. A criterion is an
`nn.Module` whose `forward(model, sample)` the task's steps call: per-step by its role as
a module already. fairseq's own tasks derive from its project classes of these names
(`class TranslationTask(FairseqTask)` in `fairseq/tasks/translation.py`)."""

from __future__ import annotations

from synclint.analysis.kinds import HOST, MODULE, TENSOR, UNKNOWN, Kind, Mapping
from synclint.knowledge.schema import Class, Library, Role

TASK = "fairseq.tasks.FairseqTask"
LEGACY_TASK = "fairseq.tasks.LegacyFairseqTask"
#: A sample: a dict of device tensors and nested dicts of them (`net_input`).
_SAMPLE = Mapping(HOST, TENSOR)
#: `train_step(sample, model, criterion, optimizer, update_num)`.
_TRAIN: tuple[Kind, ...] = (_SAMPLE, MODULE, MODULE, UNKNOWN, HOST)
#: `valid_step(sample, model, criterion)`.
_VALID: tuple[Kind, ...] = (_SAMPLE, MODULE, MODULE)
#: `inference_step(generator, models, sample, prefix_tokens=None, constraints=None)`.
_INFERENCE: tuple[Kind, ...] = (UNKNOWN, UNKNOWN, _SAMPLE)

LIBRARY = Library(
    name="fairseq",
    roots=("fairseq",),
    classes=(Class(TASK), Class(LEGACY_TASK, bases=(TASK,))),
    own_names=frozenset({"FairseqTask", "LegacyFairseqTask"}),
    roles=(
        Role(TASK, "train_step", "fairseq's trainer runs `train_step` on every update",
             _TRAIN),
        Role(TASK, "valid_step", "fairseq's trainer runs `valid_step` per validation batch",
             _VALID),
        Role(TASK, "inference_step", "`inference_step` runs per generated batch",
             _INFERENCE),
    ),
)
