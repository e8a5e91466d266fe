# expect: SYN101=1
# why: a module that imports both MXNet and torch is PyTorch code too (a converter, a comparison script): the per-step `float()` of a CUDA loss stays reported (look-alike of negative/syn101_other_framework_module.py)
import mxnet as mx
import torch
from torch import nn


def compare_training(net: nn.Module, mx_net: mx.gluon.Block, batches: list[torch.Tensor]) -> list[float]:
    net = net.cuda()
    optimizer = torch.optim.SGD(net.parameters(), lr=0.01)
    losses = []
    for batch in batches:
        loss = net(batch.cuda()).pow(2).mean()
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        losses.append(float(loss))
    reference = mx_net(mx.nd.array(batches[0].numpy()))
    return losses + [reference.asscalar()]
