"""AllenNLP: a model calls each of its `Metric`s (`self.accuracy(logits, labels)`) in its
`forward`, on every batch it runs, in training and in validation, so a metric's
`__call__` runs once per batch (`allennlp/training/metrics/metric.py`; fresh18 M3).
`get_metric` is not listed: the trainer asks for it for its progress bar, a choice of
the user's logging. allennlp's own metrics derive from its project class `Metric`."""

from __future__ import annotations

from synclint.knowledge.schema import Class, Library, Role

METRIC = "allennlp.training.metrics.Metric"

LIBRARY = Library(
    name="allennlp",
    roots=("allennlp", "allennlp_models"),
    classes=(Class(METRIC),),
    own_names=frozenset({"Metric"}),
    roles=(Role(METRIC, "__call__", "an allennlp `Metric` is called once per batch"),),
)
