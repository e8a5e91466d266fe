# expect: SYN102=1
# why: look-alike of negative/syn102_opt_in_argparse_store_true_script.py (fresh17 L3a): the script declares `--kle-stop` but runs with `args` loaded from a run file, not bound by parse_args(): its default is not the run's, the KL test stays reported
import argparse
import json

import torch
from torch import nn

if __name__ == "__main__":
    parser = argparse.ArgumentParser(description="PPO agent")
    parser.add_argument("--learning-rate", type=float, default=2.5e-4)
    parser.add_argument("--update-epochs", type=int, default=4)
    parser.add_argument("--target-kl", type=float, default=0.015)
    parser.add_argument("--kle-stop", action="store_true",
                        help="stop the update epochs early when the KL passes target-kl")
    parser.parse_args()

with open("run.json") as f:
    args = argparse.Namespace(**json.load(f))

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
