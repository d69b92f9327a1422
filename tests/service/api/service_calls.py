"""Calls on a real service's Unix socket (HTTP/1.1, one request per connection, as the service
answers) and a reader of its Server-Sent Events streams, for the API schema test."""
import http.client
import json
import socket
import threading


class UnixConnection(http.client.HTTPConnection):
    def __init__(self, socket_path, timeout):
        super().__init__("localhost", timeout=timeout)
        self.socket_path = socket_path

    def connect(self):
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.settimeout(self.timeout)
        sock.connect(self.socket_path)
        self.sock = sock


class Answer:
    def __init__(self, method, path, status, content_type, body):
        self.method, self.path, self.status = method, path, status
        self.content_type, self.body = content_type, body

    def json(self):
        return json.loads(self.body)


class ServiceCalls:
    """Every call is kept, so that each answer can be checked against the file afterwards."""

    def __init__(self, socket_path):
        self.socket_path = socket_path
        self.answers = []

    def call(self, method, target, body=None):
        conn = UnixConnection(self.socket_path, timeout=120)
        headers = {"Tapeloom-API": "1"}
        payload = None
        if body is not None:
            payload = json.dumps(body)
            headers["Content-Type"] = "application/json"
        conn.request(method, target, body=payload, headers=headers)
        res = conn.getresponse()
        answer = Answer(method, target.split("?")[0], res.status,
                        res.getheader("Content-Type", ""), res.read().decode("utf-8"))
        conn.close()
        self.answers.append(answer)
        return answer

    def get(self, target):
        return self.call("GET", target)

    def post(self, target, body=None):
        return self.call("POST", target, body)

    def patch(self, target, body):
        return self.call("PATCH", target, body)

    def put(self, target, body):
        return self.call("PUT", target, body)

    def delete(self, target):
        return self.call("DELETE", target)


class EventReader:
    """Reads a stream on a thread of its own and keeps each event's type and data; `opened`
    is set once the service answered, so that what happens after it is seen."""

    def __init__(self, socket_path, path):
        self.path = path
        self.events = []
        self.status = None
        self.opened = threading.Event()
        self.conn = UnixConnection(socket_path, timeout=None)
        self.thread = threading.Thread(target=self._read, daemon=True)
        self.thread.start()

    def _read(self):
        try:
            self.conn.request("GET", self.path, headers={"Tapeloom-API": "1"})
            res = self.conn.getresponse()
            self.status = res.status
            self.opened.set()
            event = {}
            for raw in iter(res.readline, b""):
                line = raw.decode("utf-8").rstrip("\n")
                if not line:
                    if "type" in event:
                        self.events.append(event)
                    event = {}
                elif line.startswith("event: "):
                    event["type"] = line[len("event: "):]
                elif line.startswith("data: "):
                    event["data"] = line[len("data: "):]
        except (OSError, http.client.HTTPException, ValueError):
            pass
        finally:
            self.opened.set()

    def stop(self):
        if self.conn.sock is not None:
            try:
                self.conn.sock.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass
        self.thread.join(timeout=10)

    def types(self):
        return {e["type"] for e in self.events}
