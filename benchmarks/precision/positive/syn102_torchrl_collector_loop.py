# expect: SYN102=1, SYN101=1
# why: batches from a TorchRL collector are TensorDicts of device tensors: a done test and a float() per batch
import torch
from torchrl.collectors import SyncDataCollector


def train(env, policy, loss_module, optimizer, frames: int):
    collector = SyncDataCollector(env, policy, frames_per_batch=256, total_frames=frames, device="cuda")
    returns = []
    for data in collector:
        if data["next", "done"].any():
            returns.append(float(data["next", "reward"].sum()))
        loss = loss_module(data)
        loss["loss_objective"].backward()
        optimizer.step()
        optimizer.zero_grad()
        collector.update_policy_weights_()
    return returns
