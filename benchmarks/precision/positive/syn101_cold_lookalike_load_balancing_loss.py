# expect: SYN101=1, SYN111=1
# why: an MoE load-balancing loss runs every forward: "load" is expert load, not loading a checkpoint (bincount has a data-dependent size)
import torch


def load_balancing_loss_func(router_logits: torch.Tensor, num_experts: int) -> torch.Tensor:
    routing = torch.softmax(router_logits, dim=-1)
    counts = routing.argmax(-1).bincount(minlength=num_experts)
    loss = router_logits.new_zeros(())
    for expert in range(num_experts):
        if counts[expert].item() == 0:
            continue
        loss = loss + routing[:, expert].mean() * counts[expert]
    return loss
