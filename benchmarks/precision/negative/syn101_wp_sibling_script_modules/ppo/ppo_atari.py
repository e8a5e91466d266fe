# expect: none
# targets: SYN101
# why: two script folders each hold a utils_atari.py; ppo_atari.py imports the one beside it (Python puts the script's folder first), whose eval_model reads nothing on the host
import torch
from utils_atari import eval_model


def main(actor, test_env, collector, logger):
    for i, data in enumerate(collector):
        loss = actor(data.cuda()).mean()
        loss.backward()
        logger.log_scalar("eval/reward", eval_model(actor, test_env))
