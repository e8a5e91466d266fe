from agent import Agent


def main(critic, data):
    return Agent(critic).evaluate(data)
