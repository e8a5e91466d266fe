# expect: SYN101=3
# why: helpers read an element of a dict or list parameter on the host; each call per batch passes containers of CUDA tensors (torchmetrics' mean-AP `_get_safe_item_values`, a loss dict read by a logging helper)
import torch
import torch.nn.functional as F

from helpers import first_norm, loss_value, masks_of


def train(model: torch.nn.Module, loader, optimizer):
    for batch in loader:
        batch = batch.cuda()
        out = {"loss": F.mse_loss(model(batch), batch), "masks": batch > 0}
        out["loss"].backward()
        optimizer.step()
        print(loss_value(out))
        print(first_norm([p.grad.norm() for p in model.parameters()]))
        print(masks_of({"masks": batch > 0}).shape)
