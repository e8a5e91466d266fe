"""d3rlpy: `fit` / `fit_online` loop over gradient steps and call the algorithm's
`update(batch)`, which calls its impl's `update(batch, grad_step)` and so
`inner_update`; the impls of the actor-critic algorithms (`DDPGBaseImpl` and its
subclasses) run `update_critic` / `update_actor` there, which compute
`compute_critic_loss` / `compute_actor_loss` (through `compute_*_grad`) and
`compute_target` once per gradient step (`algos/qlearning/base.py`,
`algos/qlearning/torch/ddpg_impl.py`; DQN's `compute_grad` / `compute_loss` likewise;
the transformer impls' `inner_update` / `compute_loss` too). `fit`, `build_with_dataset`
and the impls' constructors run once; target-network syncs may run every few steps only,
so they get no role."""

from __future__ import annotations

from synclint.knowledge.schema import Class, Library, Role

ALGO = "d3rlpy.QLearningAlgoBase"
IMPL = "d3rlpy.QLearningAlgoImplBase"
TRANSFORMER_IMPL = "d3rlpy.TransformerAlgoImplBase"

#: What an impl runs once per gradient step.
_PER_STEP = ("update", "inner_update", "update_critic", "update_actor",
             "compute_critic_grad", "compute_actor_grad", "compute_critic_loss",
             "compute_actor_loss", "compute_target", "compute_grad", "compute_loss")

LIBRARY = Library(
    name="d3rlpy",
    roots=("d3rlpy",),
    classes=(
        Class(ALGO),
        Class(IMPL),
        Class(TRANSFORMER_IMPL),
        Class("d3rlpy.DDPGBaseImpl", bases=(IMPL,)),
        Class("d3rlpy.DQNImpl", bases=(IMPL,)),
    ),
    # An impl exported under its own name (`TD3Impl`, `CQLImpl`) is one of these.
    class_patterns=(("*TransformerImpl", TRANSFORMER_IMPL), ("*Impl", IMPL)),
    # d3rlpy's own package derives its algorithms and impls from project classes of these
    # names.
    bare_names=frozenset({"QLearningAlgoBase", "QLearningAlgoImplBase",
                          "TransformerAlgoImplBase"}),
    roles=(
        Role(ALGO, "update", "`update` runs once per gradient step"),
        *(Role(IMPL, name, f"`{name}` runs once per gradient step") for name in _PER_STEP),
        *(Role(TRANSFORMER_IMPL, name, f"`{name}` runs once per gradient step")
          for name in ("update", "inner_update", "compute_loss")),
    ),
)
