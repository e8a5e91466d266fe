def eval_model(actor, test_env):
    return float(len(test_env))
