from pkg.optim import ClippedSGD


def make(model):
    return ClippedSGD(model.parameters(), lr=0.05)
