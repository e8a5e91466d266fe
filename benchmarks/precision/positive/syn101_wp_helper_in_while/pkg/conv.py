import torch


def converged(x, tol=1e-3):
    return bool(x.norm() < tol)
