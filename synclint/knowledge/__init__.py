"""What synclint knows about the libraries PyTorch code is written with.

One typed table per library (torch, torch.distributed, tensordict, transformers,
accelerate, Lightning, torchmetrics, ignite, DeepSpeed, and Dynamo's graph breaks): what
a call returns (kind, device relation to its arguments, dtype), which methods are
per-step roles, which calls sync or break a compiled graph. The model of the program
reads these tables; rules and fixes ask the model, never the tables' text.
"""
