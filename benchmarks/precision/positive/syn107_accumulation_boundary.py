# expect: SYN107=1, SYN101=1
# why: the read every accum_steps is periodic; the one in the else branch runs on most steps
import torch


def train(model, loader, optimizer, accum_steps: int, pbar):
    for i, (x, y) in enumerate(loader):
        loss = torch.nn.functional.mse_loss(model(x), y) / accum_steps
        loss.backward()
        if (i + 1) % accum_steps == 0:
            norm = torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
            optimizer.step()
            optimizer.zero_grad()
            print(f"step {i + 1}: grad norm {norm.item():.3f}")
        else:
            pbar.set_postfix(loss=loss.item())
