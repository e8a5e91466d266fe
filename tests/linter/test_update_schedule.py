"""A modulo guard whose body runs a backward pass of its own is an algorithm's update
schedule (a delayed actor update every `policy_delay` steps): its reads are per-step
SYN101s, not SYN107's periodic logging (eighth draw M1)."""

from __future__ import annotations

from tests.linter.helpers import rule_findings

DELAYED = """\
    import torch
    def train(self, batches: list[torch.Tensor]):
        losses = []
        for obs in batches:
            self._n_updates += 1
            if self._n_updates % self.policy_delay == 0:
                actor_loss = self.actor(obs.cuda()).mean()
                {update}
                losses.append(actor_loss.item())
        return losses
"""


def rows(code: str, source: str) -> list[int]:
    return [d.location.row for d in rule_findings(code, source)]


def test_a_delayed_actor_update_is_per_step() -> None:
    source = DELAYED.format(update="actor_loss.backward(); self.actor_optimizer.step()")
    assert rows("SYN101", source) == [9]
    assert rows("SYN107", source) == []


def test_a_periodic_log_stays_periodic() -> None:
    source = DELAYED.format(update="print('logging')")
    assert rows("SYN101", source) == []
    assert rows("SYN107", source) == [9]


def test_an_optimiser_step_after_accumulation_stays_periodic() -> None:
    source = DELAYED.format(update="self.actor_optimizer.step()")
    assert rows("SYN101", source) == []
    assert rows("SYN107", source) == [9]


LOGGED_AFTER = """\
    import torch
    def train(self, batches: list[torch.Tensor]):
        losses = []
        for obs in batches:
            self._n_updates += 1
            if not self._n_updates % self.policy_delay:
                actor_loss = self.actor(obs.cuda()).mean()
                actor_loss.backward()
            if not self._n_updates % self.{log_period}:
                losses.append(actor_loss.item())
        return losses
"""


def test_a_log_under_the_updates_own_test_runs_every_update() -> None:
    """The second guard repeats the delayed update's test (fresh9 M5, skrl TD3_RNN)."""
    source = LOGGED_AFTER.format(log_period="policy_delay")
    assert rows("SYN101", source) == [10]
    assert rows("SYN107", source) == []


def test_a_log_under_another_period_stays_periodic() -> None:
    source = LOGGED_AFTER.format(log_period="log_every")
    assert rows("SYN101", source) == []
    assert rows("SYN107", source) == [10]
