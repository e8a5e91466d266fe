def as_float(x):
    return float(x)
