# expect: none
# targets: SYN101, SYN102
# why: a parameter named `model` that the function never calls (`model.predict(X)`, a scikit-learn estimator's method) says nothing of a module: its predictions are of unknown kind, and a test of them reads nothing known to be on the device
import torch


def accuracy(model, batches: list) -> float:
    hits = 0
    for X, y in batches:
        preds = model.predict(X)
        if (preds == y).all():
            hits += 1
    return hits / len(batches)
