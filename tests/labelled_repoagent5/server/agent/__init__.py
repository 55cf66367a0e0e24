from .model_contain import *
from .callbacks import *
from .custom_template import *
from .tools import *