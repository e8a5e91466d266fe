"""avalanche (continual learning): a strategy's `train(experiences)` runs, for each
experience, the plugins' `before_training_exp`, the epochs of training iterations, then
`after_training_exp`; `eval` does the same per evaluation experience with
`before_eval_exp` / `after_eval_exp` (`training/templates/base.py`, `core.py`). A replay
buffer's storage policy `update` runs once per experience (`training/storage_policy.py`,
called from `ReplayPlugin.after_training_exp`). Those hooks are cold: a sync there runs
once per experience. The per-iteration hooks (`before_training_iteration`,
`before_forward`, `after_forward`, `before_backward`, `after_backward`, `before_update`,
`after_update`, `after_training_iteration`) are not listed, and stay per-step code.

A `Metric` is updated with every minibatch: its plugin metrics (`GenericPluginMetric`,
`Accuracy`, `ConfusionMatrix` ...) call `update` after every training iteration (in train
mode) and every evaluation batch, with the minibatch's outputs and labels on the
strategy's device (`avalanche/evaluation/metric_definitions.py`,
`avalanche/evaluation/metrics/`). The role is on avalanche's `Metric` (and
`PluginMetric`, which derives from it); its package's own metrics derive from its project
class of that name."""

from __future__ import annotations

from synclint.knowledge.schema import Class, Library, OnceRole, Role

PLUGIN = "avalanche.BasePlugin"
SGD_PLUGIN = "avalanche.BaseSGDPlugin"
SUPERVISED_PLUGIN = "avalanche.SupervisedPlugin"
TEMPLATE = "avalanche.BaseTemplate"
SGD_TEMPLATE = "avalanche.BaseSGDTemplate"
SUPERVISED_TEMPLATE = "avalanche.SupervisedTemplate"
BUFFER = "avalanche.ExemplarsBuffer"
BALANCED_BUFFER = "avalanche.BalancedExemplarsBuffer"
METRIC = "avalanche.Metric"

#: Plugin hooks run once per experience (the `_exp` hooks, the dataset adaptations) or
#: once per `train` / `eval` call.
_PER_EXPERIENCE = ("before_training_exp", "after_training_exp", "before_eval_exp",
                   "after_eval_exp", "before_train_dataset_adaptation",
                   "after_train_dataset_adaptation", "before_eval_dataset_adaptation",
                   "after_eval_dataset_adaptation")
_PER_CALL = ("before_training", "after_training", "before_eval", "after_eval")

LIBRARY = Library(
    name="avalanche",
    roots=("avalanche",),
    classes=(
        Class(PLUGIN),
        Class(SGD_PLUGIN, bases=(PLUGIN,)),
        Class(SUPERVISED_PLUGIN, bases=(SGD_PLUGIN,)),
        Class(TEMPLATE),
        Class(SGD_TEMPLATE, bases=(TEMPLATE,)),
        Class(SUPERVISED_TEMPLATE, bases=(SGD_TEMPLATE,)),
        Class(BUFFER),
        Class(BALANCED_BUFFER, bases=(BUFFER,)),
        Class(METRIC),
    ),
    # avalanche's own plugins, strategies and buffers derive from its project classes of
    # these names (`class CWRStarPlugin(SupervisedPlugin)`); `BasePlugin` and
    # `BaseTemplate` are too common a name to claim unimported.
    bare_names=frozenset({"BaseSGDPlugin", "SupervisedPlugin", "BaseSGDTemplate",
                          "SupervisedTemplate", "ExemplarsBuffer",
                          "BalancedExemplarsBuffer"}),
    own_names=frozenset({"Metric"}),
    # What a user subclasses from avalanche's evaluation packages (`PluginMetric`,
    # `GenericPluginMetric`, `Accuracy`, `ConfusionMatrix`); not every capitalised name
    # there (`TCommonDetectionOutput` is a type alias).
    class_patterns=(("avalanche.evaluation.*Metric", METRIC),
                    ("avalanche.evaluation.metrics.*Accuracy", METRIC),
                    ("avalanche.evaluation.metrics.ConfusionMatrix", METRIC)),
    roles=(Role(METRIC, "update", "`Metric.update` runs once per batch"),),
    once=(
        *(OnceRole(PLUGIN, hook, f"avalanche runs `{hook}` once per experience")
          for hook in _PER_EXPERIENCE),
        *(OnceRole(PLUGIN, hook, f"avalanche runs `{hook}` once per `train`/`eval` call")
          for hook in _PER_CALL),
        # A strategy's own hooks, which call the plugins'.
        *(OnceRole(TEMPLATE, f"_{hook}", f"avalanche runs `_{hook}` once per experience")
          for hook in _PER_EXPERIENCE),
        *(OnceRole(BUFFER, name, f"a storage policy's `{name}` runs once per experience")
          for name in ("update", "post_adapt")),
    ),
)
