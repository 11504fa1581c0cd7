"""A server of the venue whose event loop runs in a thread of its own, from ``start()`` to
``close()``, beside the watcher that rebuilds the site: the site for the room and the results
desk are each one. Its sockets are bound before, so a taken port is said at once."""
from __future__ import annotations

import asyncio
import socket
import threading


class LoopThread:
    def __init__(self, sockets: list[socket.socket], name: str):
        self._sockets = sockets
        self.port = sockets[0].getsockname()[1]
        self._loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self._run, name=name, daemon=True)

    def start(self):
        self._thread.start()
        return self

    def _run(self) -> None:
        asyncio.set_event_loop(self._loop)
        self.serve()

    def serve(self) -> None:
        """Serve on ``self._sockets`` with ``self._loop`` until it is stopped (in this thread)."""
        raise NotImplementedError

    def close(self) -> None:
        if self._thread.is_alive():
            self._loop.call_soon_threadsafe(self._loop.stop)
            self._thread.join()
        else:  # never started: nothing but its sockets to give back
            for sock in self._sockets:
                sock.close()
