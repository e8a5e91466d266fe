# expect: SYN101=1
# why: a handler on Events.ITERATION_COMPLETED runs once per iteration; .item() in it syncs each time
import torch
from ignite.engine import Engine, Events


def attach_grad_monitor(trainer: Engine, model: torch.nn.Module, history: list[float]) -> None:
    @trainer.on(Events.ITERATION_COMPLETED)
    def record_grad_norm(engine):
        norms = [p.grad.norm() for p in model.parameters() if p.grad is not None]
        history.append(torch.stack(norms).max().item())
