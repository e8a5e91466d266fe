def scalar(v):
    return float(v)
