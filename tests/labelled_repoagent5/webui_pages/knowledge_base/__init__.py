from .knowledge_base import knowledge_base_page
