# expect: none
# targets: SYN101
# why: handlers on EPOCH_COMPLETED, COMPLETED and ITERATION_COMPLETED(every=100) run rarely
import torch
from ignite.engine import Engine, Events


def attach_logging(trainer: Engine, model: torch.nn.Module, history: list[float]) -> None:
    @trainer.on(Events.ITERATION_COMPLETED(every=100))
    def log_weight_norm(engine):
        history.append(torch.stack([p.norm() for p in model.parameters()]).max().item())

    @trainer.on(Events.EPOCH_COMPLETED)
    def log_grad_norm(engine):
        norms = [p.grad.norm() for p in model.parameters() if p.grad is not None]
        history.append(torch.stack(norms).max().item())

    def report(engine):
        print(torch.stack([p.abs().max() for p in model.parameters()]).max().item())

    trainer.add_event_handler(Events.COMPLETED, report)
