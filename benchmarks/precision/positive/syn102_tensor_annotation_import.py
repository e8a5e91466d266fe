# expect: SYN102=1
# why: `Tensor` imported from torch; the test on its standard deviation syncs
from torch import Tensor


def normalize_advantages(adv: Tensor, eps: float = 1e-8) -> Tensor:
    if adv.std() > eps:
        return (adv - adv.mean()) / (adv.std() + eps)
    return adv - adv.mean()
