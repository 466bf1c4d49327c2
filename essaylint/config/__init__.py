"""essaylint.yaml: schema and loading."""

from essaylint.config.load import config_digest, load_config
from essaylint.config.schema import Config

__all__ = ["Config", "config_digest", "load_config"]
