"""The schemas of docs/openapi.yaml as a validator sees them (issue 38): the schema of a route's
answer for a status and content type, the schema of an event of a stream (the stream
operation's x-events), and a check of real answers and events against them with jsonschema
(Debian's python3-jsonschema, JSON Schema 2020-12 as OpenAPI 3.1 uses it).

The check is strict where the file is lenient: an object schema that lists its properties and
says nothing of others is checked as if it said `additionalProperties: false`, so a field the
service sends and the file does not describe fails the test (clients may still meet new fields
within a major version, docs/api.md "Versioning")."""
import json
import pathlib
import warnings

import jsonschema
import yaml


def load_openapi(path):
    return yaml.safe_load(pathlib.Path(path).read_text())


def strict(schema):
    """A copy of `schema` in which every object schema with properties refuses other fields."""
    if isinstance(schema, list):
        return [strict(s) for s in schema]
    if not isinstance(schema, dict):
        return schema
    out = {k: strict(v) for k, v in schema.items()}
    if "properties" in out and "additionalProperties" not in out:
        out["additionalProperties"] = False
    return out


class Openapi:
    def __init__(self, path):
        self.path = path
        self.doc = strict(load_openapi(path))

    def documented(self, path):
        """The file's path that a concrete one is (/v1/jobs/12 is /v1/jobs/{id}), else None."""
        parts = path.split("?")[0].strip("/").split("/")
        matches = []
        for documented in self.doc.get("paths", {}):
            doc_parts = documented.strip("/").split("/")
            if len(doc_parts) == len(parts) and all(
                    d == p or d.startswith("{") for d, p in zip(doc_parts, parts)):
                matches.append(documented)
        # A literal segment is more specific than a parameter: /v1/volumes/label is not the
        # volume {barcode} "label".
        matches.sort(key=lambda d: d.count("{"))
        return matches[0] if matches else None

    def operation(self, method, path):
        documented = self.documented(path)
        if documented is None:
            return None
        return self.doc["paths"][documented].get(method.lower())

    def response(self, method, path, status):
        op = self.operation(method, path)
        if op is None:
            return None
        responses = op.get("responses", {})
        return responses.get(str(status)) or responses.get("default")

    def resolve(self, node):
        while isinstance(node, dict) and "$ref" in node and len(node) == 1:
            node = self.at(node["$ref"])
        return node

    def at(self, ref):
        node = self.doc
        for part in ref.lstrip("#/").split("/"):
            node = node[part]
        return node

    def errors(self, instance, schema):
        """What is wrong with `instance` against `schema` (refs into this file), [] if nothing."""
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", DeprecationWarning)
            resolver = jsonschema.RefResolver(base_uri="", referrer=self.doc)
            validator = jsonschema.Draft202012Validator(schema, resolver=resolver)
            return [f"{'/'.join(str(p) for p in e.absolute_path) or '(top)'}: {e.message}"
                    for e in validator.iter_errors(instance)]

    def check_answer(self, method, path, status, content_type, body):
        """Mismatches of a real answer with the file: its route, status and body."""
        where = f"{method} {path} -> {status}"
        response = self.resolve(self.response(method, path, status))
        if response is None:
            return [f"{where}: the file describes no such route or status"]
        media = content_type.split(";")[0].strip() or "(none)"
        content = response.get("content", {})
        if media not in content:
            return [f"{where}: answered {media}, the file says {sorted(content) or 'no body'}"]
        if media != "application/json":
            return []
        schema = content[media].get("schema")
        if schema is None:
            return [f"{where}: the file gives no schema of its JSON"]
        return [f"{where}: {e}" for e in self.errors(json.loads(body), schema)]

    def event_schema(self, stream_path, event_type):
        op = self.operation("GET", stream_path) or {}
        return op.get("x-events", {}).get(event_type)

    def check_event(self, stream_path, event_type, data):
        where = f"event {event_type} on {stream_path}"
        schema = self.event_schema(stream_path, event_type)
        if schema is None:
            return [f"{where}: the file has no schema of this event (x-events)"]
        return [f"{where}: {e}" for e in self.errors(json.loads(data), schema)]
