#!/usr/bin/python3
"""Every route the service registers is in docs/openapi.yaml, and every route there is one the
service registers (issue 38). Reads the registrations (server.Get/Post/Put/Patch/Delete) of
engine/service/*.cpp; a route registered from a table (for (... : kActionRoutes)) takes the
paths of that table. Exit 1 naming what is missing on either side, 0 when both agree.

usage: api_routes.py SOURCE_DIR [OPENAPI_YAML]"""
import pathlib
import re
import sys

import yaml

METHODS = ("Get", "Post", "Put", "Patch", "Delete")
REGISTRATION = re.compile(
    r"\.(" + "|".join(METHODS) + r')\(\s*(?:R"\((?P<raw>.*?)\)"|"(?P<plain>[^"]*)"|(?P<name>[A-Za-z_]\w*))',
    re.S)
TABLE_LOOP = re.compile(r"for\s*\([^:;]*:\s*(?P<table>\w+)\s*\)")


def template(path):
    """A path with its parameters as {}: /v1/jobs/([^/]+) and /v1/jobs/{id} are /v1/jobs/{}."""
    return re.sub(r"\{[^}]*\}", "{}", re.sub(r"\([^)]*\)", "{}", path))


def table_paths(sources, table):
    """The "/..." strings of the array `table` defined in one of the service's files."""
    for text in sources.values():
        m = re.search(re.escape(table) + r"\[\]\s*=\s*\{(?P<body>.*?)\};", text, re.S)
        if m:
            return re.findall(r'"(/[^"]*)"', m.group("body"))
    return []


def registered_routes(source_dir):
    service = pathlib.Path(source_dir, "engine", "service")
    sources = {p: p.read_text() for p in sorted(service.glob("*.[ch]*"))}
    routes, unreadable = set(), []
    for path, text in sources.items():
        if path.suffix != ".cpp":
            continue
        for m in REGISTRATION.finditer(text):
            method = m.group(1).lower()
            literal = m.group("raw") if m.group("raw") is not None else m.group("plain")
            if literal is not None:
                routes.add((method, template(literal)))
                continue
            loops = list(TABLE_LOOP.finditer(text, 0, m.start()))
            paths = table_paths(sources, loops[-1].group("table")) if loops else []
            if not paths:
                line = text.count("\n", 0, m.start()) + 1
                unreadable.append(f"{path.name}:{line}")
            routes.update((method, template(p)) for p in paths)
    return routes, unreadable


def documented_operations(openapi_yaml):
    """(method, path template) -> operationId of every operation of the file."""
    doc = yaml.safe_load(pathlib.Path(openapi_yaml).read_text())
    return {(method, template(path)): (op or {}).get("operationId")
            for path, item in (doc.get("paths") or {}).items()
            for method, op in item.items() if method in [m.lower() for m in METHODS]}


def operation_id_problems(operations, openapi_yaml):
    ids = [i for i in operations.values() if i]
    problems = [f"{m.upper()} {p} has no operationId in {openapi_yaml}"
                for (m, p), i in sorted(operations.items()) if not i]
    problems += [f"operationId {i} is used twice in {openapi_yaml}"
                 for i in sorted({i for i in ids if ids.count(i) > 1})]
    return problems


def main(argv):
    source_dir = argv[1]
    openapi_yaml = argv[2] if len(argv) > 2 else str(pathlib.Path(source_dir, "docs", "openapi.yaml"))
    code, unreadable = registered_routes(source_dir)
    operations = documented_operations(openapi_yaml)
    documented = set(operations)
    failed = False
    for problem in operation_id_problems(operations, openapi_yaml):
        print(problem)
        failed = True
    for where in unreadable:
        print(f"cannot read the path of the route registered at engine/service/{where}: "
              "write it as a string literal or loop over a table of paths")
        failed = True
    for method, path in sorted(code - documented):
        print(f"{method.upper()} {path} is served (engine/service) but not in {openapi_yaml}: "
              "describe it there")
        failed = True
    for method, path in sorted(documented - code):
        print(f"{method.upper()} {path} is in {openapi_yaml} but the service has no such route: "
              "remove it there or register it")
        failed = True
    if not code:
        print("found no route registration in engine/service: the pattern no longer matches")
        failed = True
    print(f"{len(code)} routes served, {len(documented)} documented")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
