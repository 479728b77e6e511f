"""Shared by Scripts/ops/rolling-restart and Scripts/ops/shutdown-check: a child process's output,
kept line by line as it comes, and a wait for the line that says something happened (the server's
`listening on`, a reload): an event, never a poll or a sleep."""

import threading


class ProcessLog:
    def __init__(self, process):
        self.lines = []
        self.ended = False
        self.changed = threading.Condition()
        self.reader = threading.Thread(target=self._read, args=(process,), daemon=True)
        self.reader.start()

    def _read(self, process):
        for line in process.stdout:
            with self.changed:
                self.lines.append(line)
                self.changed.notify_all()
        with self.changed:
            self.ended = True
            self.changed.notify_all()

    def __len__(self):
        with self.changed:
            return len(self.lines)

    def wait_for(self, text, since=0):
        """Waits for a line after the first `since` that contains `text`; False when the output
        ended first (the process exited)."""
        with self.changed:
            while True:
                if any(text in line for line in self.lines[since:]):
                    return True
                if self.ended:
                    return False
                self.changed.wait()

    def text(self):
        """What was written so far."""
        with self.changed:
            return "".join(self.lines)

    def whole(self):
        """All of it: waits for the end of the output (the process exited and its pipe closed)."""
        self.reader.join()
        return self.text()
