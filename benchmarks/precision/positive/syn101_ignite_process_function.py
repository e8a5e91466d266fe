# expect: SYN101=1, SYN102=1
# why: an ignite Engine's process function runs once per iteration: its loss.item() and NaN test sync each time
import torch
from ignite.engine import Engine, Events


def create_trainer(model, optimizer, loss_fn, device):
    def train_step(engine, batch):
        model.train()
        x, y = batch[0].to(device), batch[1].to(device)
        optimizer.zero_grad()
        loss = loss_fn(model(x), y)
        if not torch.isfinite(loss):
            engine.terminate()
        loss.backward()
        optimizer.step()
        return loss.item()

    trainer = Engine(train_step)

    @trainer.on(Events.EPOCH_COMPLETED)
    def log_epoch(engine):
        print(f"epoch {engine.state.epoch}: last loss {engine.state.output:.4f}")

    return trainer
