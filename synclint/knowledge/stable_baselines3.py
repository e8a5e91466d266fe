"""stable-baselines3: `learn()` alternates collecting experience and `train()`. An
on-policy algorithm (A2C, PPO) calls `train()` after every rollout of `n_steps`
environment steps; an off-policy one (SAC, TD3, DQN, DDPG) every `train_freq` steps,
for `gradient_steps` updates (`common/on_policy_algorithm.py` and
`common/off_policy_algorithm.py`, `learn`). `learn()` and `_setup_model()` run once."""

from __future__ import annotations

from synclint.knowledge.schema import Class, Library, OnceRole, Role

BASE = "stable_baselines3.BaseAlgorithm"
ON_POLICY = "stable_baselines3.OnPolicyAlgorithm"
OFF_POLICY = "stable_baselines3.OffPolicyAlgorithm"

LIBRARY = Library(
    name="stable_baselines3",
    roots=("stable_baselines3", "sb3_contrib"),
    classes=(
        Class(BASE),
        Class(ON_POLICY, bases=(BASE,)),
        Class(OFF_POLICY, bases=(BASE,)),
        *(Class(f"stable_baselines3.{name}", bases=(ON_POLICY,)) for name in ("A2C", "PPO")),
        *(Class(f"stable_baselines3.{name}", bases=(OFF_POLICY,))
          for name in ("SAC", "TD3", "DQN")),
        Class("stable_baselines3.DDPG", bases=("stable_baselines3.TD3",)),
    ),
    # The algorithms' own package derives them from its project classes of these names.
    bare_names=frozenset({"BaseAlgorithm", "OnPolicyAlgorithm", "OffPolicyAlgorithm"}),
    roles=(
        Role(ON_POLICY, "train", "`train` runs after every rollout"),
        Role(OFF_POLICY, "train", "`train` runs every `train_freq` environment steps"),
    ),
    once=(
        OnceRole(BASE, "learn", "`learn` runs once per training run"),
        OnceRole(BASE, "_setup_model", "`_setup_model` runs once, before training"),
        OnceRole(BASE, "_setup_learn", "`_setup_learn` runs once per `learn` call"),
    ),
)
