# expect: SYN104=1
# why: boolean-mask indexing per class when computing prototypes
import torch


def class_prototypes(features: torch.Tensor, labels: torch.Tensor, num_classes: int) -> torch.Tensor:
    protos = []
    for c in range(num_classes):
        class_feats = features[labels == c]
        protos.append(class_feats.mean(dim=0))
    return torch.stack(protos)
