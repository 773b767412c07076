"""Ralph's LRS application (``ralph.api:app``) as ``ralph runserver --backend fs`` serves it,
its file-system backend appending each batch: Ralph 5.1's fs LRS backend writes each batch
with its default operation, "create", which refuses (HTTP 500) every batch after the first
once its statements file exists."""

from ralph.backends.data.base import BaseOperationType
from ralph.backends.lrs.fs import FSLRSBackend

FSLRSBackend.default_operation_type = BaseOperationType.APPEND

from ralph.api import app  # noqa: E402 - after the backend is set to append

__all__ = ["app"]
