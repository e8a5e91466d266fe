# expect: SYN104=1
# why: advantages filtered by an isfinite mask in each minibatch
import torch


def finite_adv_means(minibatches: list[torch.Tensor]) -> torch.Tensor:
    means = []
    for adv in minibatches:
        finite = adv[torch.isfinite(adv)]
        means.append(finite.mean())
    return torch.stack(means)
