# expect: SYN101=2
# why: a TorchRL trainer runs what `register_op` registers on every collected batch: the hook object's `__call__` (registered as `self`) and a registered function read the batch on the host each time
import torch
from torchrl.trainers import Trainer


class LogReward:
    def __init__(self, key: str = "reward") -> None:
        self.key = key

    def __call__(self, batch) -> dict:
        return {"r_training": batch.get(self.key).float().mean().item()}

    def register(self, trainer: Trainer, name: str = "log_reward") -> None:
        trainer.register_module(name, self)
        trainer.register_op("pre_steps_log", self)


def count_done(batch) -> dict:
    return {"done": batch.get(("next", "done")).sum().item()}


def attach(trainer: Trainer) -> None:
    LogReward().register(trainer)
    trainer.register_op("post_steps_log", count_done)
