def to_scalar(t):
    return t.item()
