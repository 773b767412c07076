"""The rules core: the official Macau rules as pure functions. No Qt, no storage, no I/O."""
