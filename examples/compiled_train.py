"""A small classifier trained with `torch.compile`, with the graph breaks that creep into
real models: `synclint profile --compile examples/compiled_train.py` lists each one with
the rule that predicts it, and `synclint check examples/compiled_train.py` finds them
without running anything.

It uses Dynamo's "eager" backend: the same graph capture (and the same breaks) as the
default one, without compiling kernels, so it runs in seconds on any CPU.
"""

import torch
from torch import nn


class Classifier(nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.layer = nn.Linear(8, 4)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        logits = torch.tanh(self.layer(x))
        scale = logits.abs().amax().item()  # a host read: breaks unless capture_scalar_outputs
        confident = logits[logits > 0.5]  # a data-dependent size: breaks unless captured
        print("forward")  # breaks under every flag
        return logits / scale + confident.sum()


def train(steps: int = 3) -> None:
    torch.manual_seed(0)
    model = torch.compile(Classifier(), backend="eager")
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    for _ in range(steps):
        x = torch.randn(16, 8)
        loss = model(x).pow(2).mean()
        loss.backward()
        optimizer.step()
        optimizer.zero_grad()
    print(f"trained {steps} steps")


if __name__ == "__main__":
    train()
