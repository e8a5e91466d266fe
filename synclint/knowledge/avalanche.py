"""avalanche: a `Metric` is updated with every minibatch; its plugin metrics
(`GenericPluginMetric`, `Accuracy`, `ConfusionMatrix` ...) call `update` after every
training iteration (in train mode) and every evaluation batch, with the minibatch's
outputs and labels on the strategy's device (`avalanche/evaluation/metric_definitions.py`,
`avalanche/evaluation/metrics/`).

The role is on avalanche's `Metric` (and `PluginMetric`, which derives from it); its
package's own metrics derive from its project class of that name."""

from __future__ import annotations

from synclint.knowledge.schema import Class, Library, Role

METRIC = "avalanche.Metric"

LIBRARY = Library(
    name="avalanche",
    roots=("avalanche",),
    classes=(Class(METRIC),),
    own_names=frozenset({"Metric"}),
    # What a user subclasses from avalanche's evaluation packages (`PluginMetric`,
    # `GenericPluginMetric`, `Accuracy`, `ConfusionMatrix`); not every capitalised name
    # there (`TCommonDetectionOutput` is a type alias).
    class_patterns=(("avalanche.evaluation.*Metric", METRIC),
                    ("avalanche.evaluation.metrics.*Accuracy", METRIC),
                    ("avalanche.evaluation.metrics.ConfusionMatrix", METRIC)),
    roles=(Role(METRIC, "update", "`Metric.update` runs once per batch"),),
)
