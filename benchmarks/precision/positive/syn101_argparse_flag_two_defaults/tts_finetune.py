import argparse
from distutils.util import strtobool


def get_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(description="fine-tune a TTS model")
    parser.add_argument("--outdir", type=str, required=True)
    parser.add_argument("--epochs", type=int, default=30)
    parser.add_argument("--use-cbhg", default=True, type=strtobool,
                        help="Whether to use the CBHG module")
    return parser
