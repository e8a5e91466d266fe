# expect: SYN101=2
# why: the classic tutorial loop: running_loss += loss.item() and correct += (...).sum().item()
import torch
import torch.nn as nn
import torch.optim as optim


def train(net, trainloader, device, epochs=2):
    criterion = nn.CrossEntropyLoss()
    optimizer = optim.SGD(net.parameters(), lr=0.001, momentum=0.9)
    for epoch in range(epochs):
        running_loss, correct, total = 0.0, 0, 0
        for inputs, labels in trainloader:
            inputs, labels = inputs.to(device), labels.to(device)
            optimizer.zero_grad()
            outputs = net(inputs)
            loss = criterion(outputs, labels)
            loss.backward()
            optimizer.step()
            running_loss += loss.item() * inputs.size(0)
            _, predicted = torch.max(outputs.data, 1)
            total += labels.size(0)
            correct += (predicted == labels).sum().item()
        print(f"epoch {epoch}: loss {running_loss / total:.3f} acc {correct / total:.3f}")
