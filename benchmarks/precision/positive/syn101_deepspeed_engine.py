# expect: SYN101=2
# why: a DeepSpeed engine's forward and train_batch return device losses; float() of them per step
import deepspeed
import torch


def train(args, model, dataset, steps: int) -> list[float]:
    engine, optimizer, loader, _ = deepspeed.initialize(
        args=args, model=model, model_parameters=model.parameters(), training_data=dataset
    )
    losses = []
    for step, batch in enumerate(loader):
        loss = engine(batch["input_ids"].to(engine.device), labels=batch["labels"].to(engine.device))
        engine.backward(loss)
        engine.step()
        losses.append(float(loss))
    return losses


def train_pipeline(engine, steps: int) -> list[float]:
    history = []
    for _ in range(steps):
        loss = engine.train_batch()
        history.append(float(loss))
    return history
