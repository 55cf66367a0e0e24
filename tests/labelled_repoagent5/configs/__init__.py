from .basic_config import *
from .model_config import *
from .kb_config import *
from .server_config import *
from .prompt_config import *


VERSION = "v0.2.10"
