import numpy as np


def mean_reward(rewards: list[float]):
    return np.mean(np.asarray(rewards))
