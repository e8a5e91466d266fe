import math


def perplexity(loss):
    return math.exp(loss)


def fmt(value):
    return f"{value:.4f}"
