# expect: SYN101=1
# why: the guard tests the outer loop's counter: inside it the inner loop reads every parameter
import torch


def check_sync(model, reference, loader, optimizer):
    for iteration, batch in enumerate(loader):
        model(batch).sum().backward()
        optimizer.step()
        for p, q in zip(model.parameters(), reference.parameters()):
            if iteration % 2 == 0:
                print(f"{iteration}: max diff {(p - q).abs().max().item():.3e}")
