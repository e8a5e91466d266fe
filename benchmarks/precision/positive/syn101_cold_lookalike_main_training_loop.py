# expect: SYN101=1
# why: a script's main() often holds the training loop: it is not cold code
import torch


def main():
    model = torch.nn.Linear(16, 1).cuda()
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    running = 0.0
    for step in range(1000):
        x = torch.randn(32, 16, device="cuda")
        loss = model(x).pow(2).mean()
        loss.backward()
        optimizer.step()
        optimizer.zero_grad()
        running += loss.item()
    print(running / 1000)


if __name__ == "__main__":
    main()
