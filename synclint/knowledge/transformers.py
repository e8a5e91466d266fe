"""Hugging Face transformers (and the trainers of trl, which derive from its `Trainer`):
model outputs hold device tensors, a `Trainer` subclass's `compute_loss`, `training_step`
and `prediction_step` run once per step, logits processors and stopping criteria once
per generated token, and a tokenizer's or processor's `return_tensors="pt"` output is
made on the CPU."""

from __future__ import annotations

from synclint.analysis.kinds import (
    BOOL_TENSOR,
    HOST,
    HOST_TENSOR,
    MODULE,
    NUMPY,
    TENSOR,
    UNKNOWN,
    Instance,
    Kind,
    Mapping,
    Seq,
)
from synclint.knowledge.schema import (
    Attribute,
    Class,
    Invoker,
    Library,
    Method,
    OnceRole,
    Returns,
    Role,
)

TRAINER = "transformers.Trainer"
MODEL = "transformers.PreTrainedModel"
OUTPUT = "transformers.ModelOutput"
CALLBACK = "transformers.TrainerCallback"
ACCELERATOR = "accelerate.Accelerator"
#: What a trainer's step methods are given: the model and a batch of tensors.
_MODEL_AND_BATCH: tuple[Kind, ...] = (MODULE, Mapping(HOST, TENSOR))
#: A generation step: the ids so far and the next-token scores.
_IDS_AND_SCORES: tuple[Kind, ...] = (TENSOR, TENSOR)

#: Fields of model outputs (`transformers.modeling_outputs`, `generate`'s outputs).
TENSOR_FIELDS = (
    "loss logits last_hidden_state pooler_output start_logits end_logits prediction_logits "
    "seq_relationship_logits logits_per_image logits_per_text text_embeds image_embeds "
    "sequences sequences_scores aux_loss encoder_last_hidden_state audio_values "
    "spectrogram waveform pred_boxes pred_masks depth predicted_depth reconstruction "
    "last_hidden_states"
).split()
SEQUENCE_FIELDS = ("hidden_states attentions cross_attentions encoder_hidden_states "
                   "encoder_attentions decoder_hidden_states decoder_attentions scores "
                   "router_logits").split()
#: The trainers of trl, which derive from `transformers.Trainer`.
TRL_TRAINERS = ("SFTTrainer DPOTrainer RewardTrainer GRPOTrainer PPOTrainer KTOTrainer "
                "ORPOTrainer CPOTrainer GKDTrainer RLOOTrainer OnlineDPOTrainer").split()
#: `return_tensors=` values: what a tokenizer's, processor's or feature extractor's call
#: gives (freshly made on the CPU).
RETURN_TENSORS: dict[str, Kind] = {
    "pt": Mapping(HOST, HOST_TENSOR),
    "np": Mapping(HOST, NUMPY),
    "transformers.TensorType.PYTORCH": Mapping(HOST, HOST_TENSOR),
    "transformers.TensorType.NUMPY": Mapping(HOST, NUMPY),
}
#: Class names (their last part) that are models: `nn.Module`s (`BertModel`,
#: `LlamaForCausalLM`, what `AutoModelForCausalLM.from_pretrained` gives); not the
#: TensorFlow and Flax ones, nor data collators.
MODEL_PATTERNS = ("*PreTrainedModel", "*Model", "*For[A-Z]*", "AutoModel*")
NOT_MODELS = ("TF*", "Flax*", "DataCollator*")
#: Model output classes (`CausalLMOutputWithPast`, `BaseModelOutput`).
OUTPUT_PATTERNS = ("*Output", "*OutputWith*")
_STEP = "runs once per training step"

LIBRARY = Library(
    name="transformers",
    roots=("transformers", "trl"),
    classes=(
        Class(MODEL, module=True, called=TENSOR),
        Class(OUTPUT, item=TENSOR, other_attributes=None),
        Class(TRAINER),
        Class("transformers.Seq2SeqTrainer", bases=(TRAINER,)),
        *(Class(f"trl.{name}", bases=(TRAINER,)) for name in TRL_TRAINERS),
        Class(CALLBACK),
        Class("transformers.LogitsProcessor", called=TENSOR),
        Class("transformers.LogitsWarper", called=TENSOR),
        Class("transformers.LogitsProcessorList", called=TENSOR,
              hints=frozenset({"logits_processor", "logits_processors"})),
        # A stopping criterion gives one bool per sequence (a device tensor): `all(...)` of it
        # reads each on the host.
        Class("transformers.StoppingCriteria", called=BOOL_TENSOR),
        Class("transformers.StoppingCriteriaList", called=BOOL_TENSOR,
              hints=frozenset({"stopping_criteria"})),
    ),
    methods=(
        # `model.generate(...)`: the generated ids, on the model's device.
        Method("torch.nn.Module", "generate", Returns(TENSOR)),
        Method(OUTPUT, "to_tuple", Returns(Seq(TENSOR))),
        Method(OUTPUT, "keys", Returns(Seq(HOST))),
        Method(OUTPUT, "values", Returns(Seq(TENSOR))),
        Method(OUTPUT, "items", Returns(UNKNOWN)),
        Method(TRAINER, "training_step", Returns(TENSOR)),
        Method(TRAINER, "compute_loss", Returns(UNKNOWN)),
    ),
    attributes=(
        Attribute(TRAINER, "accelerator", Instance(ACCELERATOR)),
        Attribute(TRAINER, "model", MODULE),
        Attribute(TRAINER, "model_wrapped", MODULE),
        *(Attribute(OUTPUT, name, TENSOR) for name in TENSOR_FIELDS),
        *(Attribute(OUTPUT, name, Seq(TENSOR)) for name in SEQUENCE_FIELDS),
    ),
    roles=(
        Role(TRAINER, "compute_loss", f"`compute_loss` {_STEP}", _MODEL_AND_BATCH),
        Role(TRAINER, "training_step", f"`training_step` {_STEP}", _MODEL_AND_BATCH),
        # `training_step` calls it on every step (and `prediction_step` per eval batch);
        # trl's online trainers generate there. What it is given may still be on the host.
        Role(TRAINER, "_prepare_inputs", f"`_prepare_inputs` {_STEP}"),
        Role(TRAINER, "prediction_step", "`prediction_step` runs once per eval batch",
             _MODEL_AND_BATCH),
        *(Role(CALLBACK, hook, f"`{hook}` {_STEP}")
          for hook in ("on_step_begin", "on_step_end", "on_substep_end",
                       "on_pre_optimizer_step", "on_optimizer_step")),
        *(Role(owner, "__call__", "`__call__` runs once per generated token", _IDS_AND_SCORES)
          for owner in ("transformers.LogitsProcessor", "transformers.LogitsWarper",
                        "transformers.StoppingCriteria")),
    ),
    # trl's `_ForwardRedirection()(model, unwrapped, method, *args)` runs `method(*args)`
    # as `model`'s forward (trl/models/utils.py), kept as `self._forward_redirection`.
    invokers=(Invoker("_forward_redirection", 2),),
    class_patterns=(*((pattern, MODEL) for pattern in MODEL_PATTERNS),
                    *((pattern, OUTPUT) for pattern in OUTPUT_PATTERNS)),
    not_patterns=NOT_MODELS,
    once=tuple(
        OnceRole(TRAINER, name, f"`{name}` runs once per training run")
        for name in ("create_optimizer", "create_scheduler", "create_optimizer_and_scheduler",
                     "get_train_dataloader", "get_eval_dataloader", "get_test_dataloader",
                     "create_model_card", "push_to_hub")
    ),
)
