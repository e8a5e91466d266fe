# expect: SYN105=1, SYN101=1
# why: torch.FloatTensor of the env observation moved each step (.to) and the greedy action read back (int())
import torch


class Agent:
    def __init__(self, q_net, device):
        self.q_net, self.device = q_net, device

    def play(self, env, steps: int):
        state = env.reset()
        for _ in range(steps):
            s = torch.FloatTensor(state).unsqueeze(0).to(self.device)
            q = self.q_net(s)
            state, reward, done, _ = env.step(int(torch.argmax(q, dim=1)))
            if done:
                state = env.reset()
