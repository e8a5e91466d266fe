def summary(t):
    return f"mean={t.mean().item()}"
