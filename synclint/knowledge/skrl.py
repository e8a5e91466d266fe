"""skrl: a trainer steps the environments and, for every env step, calls each agent's
`pre_interaction`, `act`, `record_transition` and `post_interaction`
(`trainers/torch/sequential.py`, `step.py`). An on-policy agent's `post_interaction` runs
`update` every `rollouts` steps, after a whole rollout; an off-policy one's every step
after `learning_starts` (`agents/torch/*/*.py`); `update` loops over epochs and
minibatches or gradient steps, and logs with `track_data` in and after those loops.
`init` runs once, before training. The multi-agent classes (`MultiAgent`: IPPO, MAPPO)
have the same methods."""

from __future__ import annotations

from synclint.knowledge.schema import Class, Library, OnceRole, Role

AGENT = "skrl.agents.torch.Agent"
MULTI_AGENT = "skrl.multi_agents.torch.MultiAgent"

#: What a trainer runs on every env step, and the update it schedules.
_PER_STEP = {
    "act": "`act` runs on every environment step",
    "record_transition": "`record_transition` runs on every environment step",
    "pre_interaction": "`pre_interaction` runs on every environment step",
    "post_interaction": "`post_interaction` runs on every environment step",
    "update": "`update` runs once per rollout (on-policy) or environment step "
              "(off-policy)",
}

LIBRARY = Library(
    name="skrl",
    roots=("skrl",),
    classes=(Class(AGENT), Class(MULTI_AGENT)),
    # skrl's own agents derive from project classes of these names (`class PPO(Agent)`
    # under `skrl.agents.torch`); `Agent` is too common a name to be skrl's elsewhere.
    own_names=frozenset({"Agent", "MultiAgent"}),
    # An algorithm imported from its module (`skrl.agents.torch.ppo.PPO`) is an agent.
    class_patterns=(("skrl.agents.torch.*", AGENT),
                    ("skrl.multi_agents.torch.*", MULTI_AGENT)),
    not_patterns=("*Cfg", "*_CFG", "*Memory", "*Model", "*Trainer"),
    roles=tuple(Role(owner, method, reason) for owner in (AGENT, MULTI_AGENT)
                for method, reason in _PER_STEP.items()),
    once=tuple(OnceRole(owner, "init", "`init` runs once, before training")
               for owner in (AGENT, MULTI_AGENT)),
)
