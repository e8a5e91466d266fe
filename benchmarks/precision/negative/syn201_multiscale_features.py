# expect: none
# targets: SYN201
# why: flattened feature maps concatenated along dim 1 and fed to a head
import torch
from torch import nn


class FusionHead(nn.Module):
    def __init__(self, in_features: int, classes: int) -> None:
        super().__init__()
        self.fc = nn.Linear(in_features, classes)

    def forward(self, feats: list[torch.Tensor]) -> torch.Tensor:
        fused = torch.cat([f.flatten(1) for f in feats], dim=1)
        return self.fc(fused)
