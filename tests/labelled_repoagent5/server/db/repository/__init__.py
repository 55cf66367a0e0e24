from .conversation_repository import *
from .message_repository import *
from .knowledge_base_repository import *
from .knowledge_file_repository import *