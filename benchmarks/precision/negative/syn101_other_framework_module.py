# expect: none
# targets: SYN101
# why: a module that imports MXNet and not torch is another framework's code, not PyTorch (d2l ships mxnet.py beside torch.py, fresh11 L9): its `.sum()` of gradients and `math.sqrt` are MXNet arrays, no finding there
import math

from mxnet import autograd, gluon, np


def clip_gradients(net: gluon.Block, theta: float) -> None:
    params = [p.data() for p in net.collect_params().values()]
    norm = math.sqrt(sum((p.grad ** 2).sum() for p in params))
    if norm > theta:
        for param in params:
            param.grad[:] *= theta / norm


def train_epoch(net: gluon.Block, train_iter, loss, updater) -> float:
    total = 0.0
    for X, y in train_iter:
        with autograd.record():
            l = loss(net(X), y)
        l.backward()
        clip_gradients(net, 1.0)
        updater(batch_size=1)
        total += float(l.sum())
    return total / np.size(y)  # torch's twin of this module lives in torch.py
