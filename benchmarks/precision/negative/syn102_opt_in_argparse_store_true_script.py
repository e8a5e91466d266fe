# expect: none
# targets: SYN102
# why: cleanrl ppo.py (issue 22, fresh17 L3a): the KL early stop tests a device tensor only with `--kle-stop` (`action="store_true"`: default False), and the script binds `args = parser.parse_args()`: opt-in code, silent by default
import argparse

import torch
from torch import nn

if __name__ == "__main__":
    parser = argparse.ArgumentParser(description="PPO agent")
    parser.add_argument("--learning-rate", type=float, default=2.5e-4)
    parser.add_argument("--update-epochs", type=int, default=4)
    parser.add_argument("--target-kl", type=float, default=0.015)
    parser.add_argument("--kle-stop", action="store_true",
                        help="stop the update epochs early when the KL passes target-kl")
    args = parser.parse_args()

device = torch.device("cuda")
agent = nn.Linear(8, 4).to(device)
optimizer = torch.optim.Adam(agent.parameters(), lr=args.learning_rate)
b_obs = torch.randn(512, 8, device=device)
b_logprobs = torch.randn(512, device=device)

for update in range(1, 1000):
    for epoch in range(args.update_epochs):
        newlogprob = agent(b_obs).log_softmax(-1)[:, 0]
        approx_kl = (b_logprobs - newlogprob).mean()
        loss = -newlogprob.mean()
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        if args.kle_stop:
            if approx_kl > args.target_kl:
                break
