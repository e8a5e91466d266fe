def loss_value(out):
    return out["loss"].item()


def first_value(values):
    return values[0].item()
