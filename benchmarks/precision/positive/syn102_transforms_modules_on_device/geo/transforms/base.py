from torch import nn


class Transform(nn.Module):
    """Applied by an environment to its observations, on the environment's device."""
