"""tianshou: a trainer alternates collecting experience and `Algorithm.update`. An
off-policy or offline algorithm's `update` samples one batch and runs `_update_with_batch`
once per gradient step (`OffPolicyTrainer._update_step` calls it `update_per_step` times
per collection step); an on-policy one's runs once per collected rollout, looping over
minibatches itself (`algorithm/algorithm_base.py`, `trainer.py`). `_update` wraps each in
`_preprocess_batch` / `_postprocess_batch`; SAC, discrete SAC and REDQ call
`self.alpha.update(entropy)` in every `_update_with_batch`. `run_training`,
`create_trainer` and an offline algorithm's `process_buffer` run once per run."""

from __future__ import annotations

from synclint.knowledge.schema import Class, Library, OnceRole, Role

ALGORITHM = "tianshou.Algorithm"
ON_POLICY = "tianshou.OnPolicyAlgorithm"
OFF_POLICY = "tianshou.OffPolicyAlgorithm"
OFFLINE = "tianshou.OfflineAlgorithm"
ALPHA = "tianshou.Alpha"
TRAINER = "tianshou.Trainer"

#: Methods an algorithm runs on every update (`Algorithm._update`).
_UPDATE = ("update", "_update", "_update_with_batch", "_preprocess_batch",
           "_postprocess_batch")
#: The algorithms the package exports, by their base.
_ON_POLICY = ("A2C", "PPO", "NPG", "TRPO", "Reinforce", "PSRL", "GAIL")
_OFF_POLICY = ("DQN", "C51", "QRDQN", "IQN", "FQF", "RainbowDQN", "BDQN", "DDPG", "TD3",
               "SAC", "DiscreteSAC", "REDQ")
_OFFLINE = ("BCQ", "CQL", "TD3BC", "DiscreteBCQ", "DiscreteCQL", "DiscreteCRR",
            "OfflineImitationLearning")

LIBRARY = Library(
    name="tianshou",
    roots=("tianshou",),
    classes=(
        Class(ALGORITHM, module=True),
        *(Class(name, bases=(ALGORITHM,)) for name in (ON_POLICY, OFF_POLICY, OFFLINE)),
        *(Class(f"tianshou.{name}", bases=(ON_POLICY,)) for name in _ON_POLICY),
        *(Class(f"tianshou.{name}", bases=(OFF_POLICY,)) for name in _OFF_POLICY),
        *(Class(f"tianshou.{name}", bases=(OFFLINE,)) for name in _OFFLINE),
        Class(ALPHA),
        Class("tianshou.AutoAlpha", bases=(ALPHA,)),
        Class(TRAINER),
        *(Class(f"tianshou.{name}", bases=(TRAINER,))
          for name in ("OnPolicyTrainer", "OffPolicyTrainer", "OfflineTrainer")),
    ),
    # tianshou's own package derives its algorithms from its project classes of these
    # names (`class SAC(ActorDualCriticsOffPolicyAlgorithm[...])`); `Algorithm`, `Alpha`
    # and `Trainer` are too common to be tianshou's by name alone.
    bare_names=frozenset({"OnPolicyAlgorithm", "OffPolicyAlgorithm", "OfflineAlgorithm",
                          "AutoAlpha", "OnPolicyTrainer", "OffPolicyTrainer",
                          "OfflineTrainer"}),
    roles=(
        *(Role(ALGORITHM, name, f"`{name}` runs on every update of the algorithm")
          for name in _UPDATE),
        Role(ALPHA, "update", "`Alpha.update` runs once per gradient step of SAC"),
        Role(TRAINER, "_training_step", "`_training_step` runs once per training step"),
        Role(TRAINER, "_update_step", "`_update_step` runs once per training step"),
    ),
    once=(
        OnceRole(ALGORITHM, "run_training", "`run_training` runs once per training run"),
        OnceRole(ALGORITHM, "create_trainer", "`create_trainer` runs once per training run"),
        OnceRole(OFFLINE, "process_buffer", "`process_buffer` runs once, before training"),
    ),
)
