#!/usr/bin/python3
"""The schema check itself (issue 38): with docs/openapi.yaml it passes answers and events of
the documented shapes and refuses a wrong type, a missing field, a field the file does not
describe, an undocumented status and an event type without a schema. Exit 1 naming the case
the check let through (or refused wrongly), 0 when every case came out as expected.

usage: api_schema_refuses.py OPENAPI_YAML"""
import json
import sys

from api_schema import Openapi

SERVICE = {"pid": 12, "home": "/srv/tapeloom", "version": "1.0.0", "api": 1}
ENDED = {"queue": 3, "job": 7, "status": "completed", "error": ""}

# (what, method, path, status, body, whether the check must pass it)
ANSWERS = [
    ("a documented answer", "GET", "/v1/service", 200, SERVICE, True),
    ("a documented error", "GET", "/v1/jobs/99", 404,
     {"error": {"kind": "not-found", "message": "job 99 does not exist"}}, True),
    ("a number sent as a string", "GET", "/v1/service", 200, dict(SERVICE, pid="12"), False),
    ("a required field left out", "GET", "/v1/service", 200,
     {k: v for k, v in SERVICE.items() if k != "home"}, False),
    ("a field the file does not describe", "GET", "/v1/service", 200,
     dict(SERVICE, uptime=5), False),
    ("an error kind the file does not list", "GET", "/v1/jobs/99", 404,
     {"error": {"kind": "gone", "message": "x"}}, False),
    ("a route the file does not describe", "GET", "/v1/nothing", 200, {}, False),
]

EVENTS = [
    ("a documented event", "/v1/events", "ended", ENDED, True),
    ("an event with a field of another type", "/v1/events", "ended", dict(ENDED, job="7"), False),
    ("an event type without a schema", "/v1/events", "finished", ENDED, False),
    ("a live snapshot on the job events stream", "/v1/events", "live", {}, False),
]


def main(argv):
    openapi = Openapi(argv[1])
    wrong = []
    for what, method, path, status, body, passes in ANSWERS:
        problems = openapi.check_answer(method, path, status, "application/json", json.dumps(body))
        if (not problems) != passes:
            wrong.append(f"{what}: {'refused' if problems else 'passed'} ({problems})")
    for what, stream, event_type, data, passes in EVENTS:
        problems = openapi.check_event(stream, event_type, json.dumps(data))
        if (not problems) != passes:
            wrong.append(f"{what}: {'refused' if problems else 'passed'} ({problems})")
    for w in wrong:
        print(w)
    print(f"{len(ANSWERS) + len(EVENTS)} cases, {len(wrong)} came out wrong")
    return 1 if wrong else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
