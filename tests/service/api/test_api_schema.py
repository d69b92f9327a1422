#!/usr/bin/python3
"""System test of docs/openapi.yaml (issue 38): a real service, started by the real
tapeloom-cli in a temporary data directory, backs up a small tree on its virtual library, then
every route of the file is called at least once (a restore and a verify as jobs, a volume's
state changes and a label by barcode; devices added and removed, a drive cleaned; a scan, a
prune, a catalog backup and a restore's plan; a clone and the cancels with harmless
inputs), and
each real answer is validated against the schema the file gives for that route and status, as
are the events of /v1/events and /v1/jobs/{id}/live seen meanwhile. Fails naming every
mismatch, every route of the file not called and every event kind not seen.

usage: test_api_schema.py TAPELOOM_CLI OPENAPI_YAML"""
import json
import os
import pathlib
import subprocess
import sys
import tempfile
import time
import urllib.parse

from api_schema import Openapi
from device_calls import call_devices
from job_calls import call_verify_and_clone
from service_calls import EventReader, ServiceCalls

DEADLINE_SECONDS = 120
KEY_PASSPHRASE = "a passphrase for the vault"
# Every kind a backup and the tasks below cause; `waiting`, `operator-request`, `log` and
# `overflow` need a stuck job or a failing service and are checked whenever they come.
EXPECTED_EVENTS = {"queued", "started", "ended", "task-started", "task-ended"}


def cli(tapeloom_cli, home, *args):
    env = dict(os.environ, TAPELOOM_AUTOSTART="0")
    return subprocess.run([tapeloom_cli, "--home", home, *args], env=env, capture_output=True,
                          text=True, timeout=DEADLINE_SECONDS)


def wait_until(what, condition):
    deadline = time.monotonic() + DEADLINE_SECONDS
    while time.monotonic() < deadline:
        value = condition()
        if value:
            return value
        time.sleep(0.05)
    raise AssertionError(f"gave up waiting for {what} after {DEADLINE_SECONDS} s")


def make_source(root):
    src = pathlib.Path(root, "src")
    (src / "sub").mkdir(parents=True)
    for i in range(6):
        (src / f"f{i}.bin").write_bytes(os.urandom(400_000 + i * 999))
    (src / "sub" / "note.txt").write_text("a file one level down\n")
    return str(src)


def backup(calls, src):
    """The first backup of a fresh catalog (job 1), followed until its queue entry ended."""
    queue = calls.post("/v1/backups", {"sources": [src], "drives": 1}).json()["queue"]
    calls.get("/v1/queue")
    ended = wait_until("the backup's end", lambda: ended_entry(calls, queue))
    assert ended["status"] == "completed", f"the backup ended {ended}"
    call_live(calls, ended["job"])
    return ended["job"]


def call_live(calls, job):
    """The live jobs: none runs now; the ended backup's last snapshot with ?ended=true."""
    wait_until("no running live job", lambda: calls.get("/v1/live").json()["jobs"] == [])
    kept = calls.get("/v1/live?ended=true")
    assert kept.status == 200 and [s["job_id"] for s in kept.json()["jobs"]] == [job], kept.body
    assert kept.json()["jobs"][0]["ended"] is True, kept.body
    assert calls.get("/v1/live?ended=maybe").status == 400


def ended_entry(calls, queue):
    entry = calls.get(f"/v1/queue/{queue}").json()
    return entry if entry.get("state") == "ended" else None


def call_reads(calls, job, src):
    for target in ("/v1/service", "/v1/status", "/v1/jobs?limit=10&offset=0", f"/v1/jobs/{job}",
                   "/v1/volumes", "/v1/pools", "/v1/caller",
                   "/v1/caller?method=POST&path=/v1/backups", "/v1/audit?since=0&limit=50",
                   "/metrics", "/v1/jobs/999999", "/v1/jobs/x1", "/v1/clients",
                   "/v1/clients/nosuchclient", "/v1/libraries", "/v1/service/identity"):
        calls.get(target)
    # The console's Dashboard and Log page (issue 38).
    host = calls.get("/v1/host")
    assert host.status == 200 and host.json()["cpus"], host.body
    tail = calls.get("/v1/log")
    assert tail.status == 200 and tail.json()["lines"], tail.body
    after = urllib.parse.quote(tail.json()["next"])
    assert calls.get(f"/v1/log?after={after}").status == 200
    assert calls.get("/v1/log?after=nonsense").status == 400
    rated = calls.get("/v1/jobs?limit=10&offset=0&rates=true")  # the console's history
    assert rated.status == 200 and "wall_rate_Bps" in rated.json()["jobs"][0], rated.body
    assert calls.get("/v1/jobs?rates=maybe").status == 400
    compact = calls.get("/v1/jobs?limit=10&rates=true&compact=1")  # what the typed door reads
    assert compact.status == 200 and compact.json()["columns"][0] == "id", compact.body
    assert compact.json()["jobs"][0][0] == rated.json()["jobs"][0]["id"], compact.body
    assert calls.get("/v1/jobs?compact=yes").status == 400
    report = calls.get(f"/v1/jobs/{job}/report")
    assert report.status == 200 and report.json()["report"]["job_id"] == job, report.body
    calls.get("/v1/jobs/999999/report")  # 404
    log = calls.get(f"/v1/jobs/{job}/log?max=50")
    assert log.status == 200 and log.json()["job"] == job, log.body
    calls.get(f"/v1/jobs/{job}/log?max=0")  # 400
    calls.get("/v1/jobs/999999/log")  # 404
    page = calls.get(f"/v1/files?job={job}&dir=&limit=100")
    assert page.status == 200 and page.json()["entries"], f"files: {page.body}"
    calls.get(f"/v1/files?job={job}&dir=&limit=100&compact=1")
    found = calls.get(f"/v1/files/find?pattern=*.txt&job={job}&limit=10")
    assert found.status == 200 and found.json()["entries"], found.body
    calls.get(f"/v1/files/find?job={job}")  # no pattern: 400
    versions = calls.get(f"/v1/files/versions?path={src}/sub/note.txt")
    assert versions.status == 200 and len(versions.json()) == 1, versions.body
    calls.get("/v1/files/versions?path=relative/note.txt")  # 400
    savesets = calls.get("/v1/savesets")
    assert savesets.status == 200 and savesets.json()["savesets"][0]["source"] == src, \
        savesets.body
    view = calls.get(f"/v1/savesets?job={job}")
    assert view.status == 200 and [s["job"] for s in view.json()["savesets"]] == [job], view.body
    calls.get("/v1/savesets?job=999999")  # 404
    drives = calls.get("/v1/drives")
    assert drives.status == 200 and drives.json()["drives"], drives.body
    drive = drives.json()["drives"][0]["name"]
    used = calls.get("/v1/drives?usage=true")
    assert used.status == 200 and all("usage" in d for d in used.json()["drives"]), used.body
    assert calls.get(f"/v1/drives/{drive}?alerts=2").json()["name"] == drive
    calls.get("/v1/drives/nosuchdrive")  # 404
    calls.patch(f"/v1/drives/{drive}", {"in_service": True})  # in service already: 404
    calls.patch(f"/v1/drives/{drive}", {"in_service": False})  # 400


def call_resources(calls, job, src, root):
    """The typed resources: a restore as a job whose report is read once it ended, refusals,
    a volume read and changed by barcode, and a blank cartridge labeled."""
    started = calls.post("/v1/restores", {"job": job, "paths": [src + "/sub/*"],
                                          "target": str(pathlib.Path(root, "restored"))})
    assert started.status == 202, f"restore: {started.status} {started.body}"
    restore = started.json()["job"]
    report = wait_until(f"restore job {restore}",
                        lambda: (lambda j: j if "kind" in j else None)(
                            calls.get(f"/v1/jobs/{restore}").json()))
    assert report["status"] == "completed" and report["restored"] == 1, report
    refused = calls.post("/v1/restores", {"job": job, "target": "relative/dir"})
    assert refused.status == 400, refused.body
    calls.post(f"/v1/jobs/{restore}/cancel")  # ended: 404
    volume = calls.get("/v1/volumes").json()[0]["barcode"]
    calls.get(f"/v1/volumes/{volume}")
    calls.get("/v1/volumes/NOSUCH01")
    in_library = calls.get("/v1/volumes?library=vlib0")
    assert in_library.status == 200 and in_library.json(), in_library.body
    assert calls.get("/v1/volumes?library=nosuchlibrary").json() == []
    wear = calls.get("/v1/wear")
    assert wear.status == 200 and wear.json()["volumes"], wear.body
    calls.get(f"/v1/wear?barcode={volume}")
    calls.get("/v1/wear?barcode=NOSUCH01")
    history = calls.get(f"/v1/volumes/{volume}/history")
    assert history.status == 200 and history.json()["history"], history.body
    calls.get("/v1/volumes/NOSUCH01/history")
    usage = calls.get("/v1/volumes?usage=true")
    assert usage.status == 200 and all("usage" in v for v in usage.json()), usage.body
    on_it = calls.get(f"/v1/volumes/{volume}/jobs")
    assert on_it.status == 200 and on_it.json()["jobs"], on_it.body
    calls.get("/v1/volumes/NOSUCH01/jobs")
    contents = calls.get(f"/v1/volumes/{volume}/contents")
    assert contents.status == 200 and contents.json()["barcode"] == volume, contents.body
    held = calls.patch(f"/v1/volumes/{volume}", {"state": "read-only", "reason": "schema test"})
    assert held.status == 200 and held.json()["state"] == "read-only", held.body
    calls.patch(f"/v1/volumes/{volume}", {"state": "enabled"})
    calls.patch(f"/v1/volumes/{volume}", {"pool": "Other"})  # a relabel: 400
    labeled = calls.post("/v1/volumes/TLO009L9/label", {"pool": "Default"})
    assert labeled.status == 200 and labeled.json()["state"] == "append", labeled.body
    added = calls.post("/v1/pools", {"name": "Typed", "retention_days": 14})
    assert added.status == 201 and added.json()["retention_days"] == 14, added.body
    calls.post("/v1/pools", {"name": "Typed"})  # taken: 409
    changed = calls.patch("/v1/pools/Typed", {"recycle": "manual", "max_jobs": 3})
    assert changed.status == 200 and changed.json()["max_jobs"] == 3, changed.body
    calls.get("/v1/pools/Typed")
    calls.get("/v1/pools/NoSuchPool")
    removed = calls.delete("/v1/pools/Typed")
    assert removed.status == 200 and removed.json() == {"removed": "Typed"}, removed.body
    calls.delete("/v1/pools/Default")  # refused: 400
    calls.post(f"/v1/volumes/{volume}/adopt", {})  # in the catalog already: refused
    recycle = calls.post("/v1/volumes/TLO009L9/recycle", {})  # appendable, nothing to give up
    assert recycle.status >= 400, recycle.body
    blank = calls.post("/v1/volumes/label-blank", {"pool": "Default", "pattern": "tlo00[78]*"})
    assert blank.status == 200 and sorted(blank.json()["labeled"]) == ["TLO007L9", "TLO008L9"], \
        blank.body
    # Cartridge moves by resource (every slot is full): slot 8 into drive 2, slot 9 to the
    # empty slot 8 and back, drive 2 unloaded home; a mail slot that does not exist (404).
    for verb, body in (("load", {"slot": 8, "drive": 2}), ("transfer", {"from": 9, "to": 8}),
                       ("transfer", {"from": 8, "to": 9}), ("unload", {"drive": 2})):
        moved = calls.post(f"/v1/libraries/vlib0/{verb}", body)
        assert moved.status == 200, f"{verb} {body}: {moved.body}"
    calls.post("/v1/libraries/vlib0/import", {"mail": 9, "to": 8})
    # Slot 9 out to mail slot 1 and back in; then the catalog set to what the changer has.
    for verb, body in (("export", {"slot": 9, "mail": 1}), ("import", {"mail": 1, "to": 9})):
        moved = calls.post(f"/v1/libraries/vlib0/{verb}", body)
        assert moved.status == 200, f"{verb} {body}: {moved.body}"
    # The operator's hand: slot 9 out to mail slot 1, taken out, put back in, imported.
    for verb, body in (("export", {"slot": 9, "mail": 1}), ("remove-cartridge", {"mail": 1}),
                       ("insert", {"mail": 1, "barcode": "TLO009L9"}),
                       ("import", {"mail": 1, "to": 9})):
        moved = calls.post(f"/v1/libraries/vlib0/{verb}", body)
        assert moved.status == 200, f"{verb} {body}: {moved.body}"
    calls.post("/v1/libraries/vlib0/insert", {"mail": 1})  # no barcode: 400
    status = calls.get("/v1/libraries/vlib0")
    assert status.status == 200 and status.json()["slots"], status.body
    inventory = calls.get("/v1/libraries/vlib0/inventory")
    assert inventory.status == 200 and inventory.json()["mail_slots"], inventory.body
    calls.get("/v1/libraries/nosuchlib/inventory")  # 404
    by_barcode = calls.post("/v1/libraries/vlib0/export", {"barcode": "TLO009L9", "mail": 1})
    assert by_barcode.status == 200, by_barcode.body
    calls.post("/v1/libraries/vlib0/import", {"mail": 1, "to": 9})
    calls.post("/v1/libraries/vlib0/export", {"barcode": "NOSUCH01", "mail": 1})  # 404
    dry = calls.post("/v1/libraries/vlib0/reconcile", {"dry_run": True})
    assert dry.status == 200 and dry.json()["updated"] is False, dry.body
    reconciled = calls.post("/v1/libraries/vlib0/reconcile", {})
    assert reconciled.status == 200 and reconciled.json()["updated"], reconciled.body


def call_configuration(calls, tapeloom_cli, home, src):
    """The configuration's reads: a definition with a schedule, a key's (made before the service
    started: `key` runs in its own process) and a token's metadata."""
    for args in (("job", "define", "nightly", "--source", src, "--drives", "1"),
                 ("schedule", "add", "nightly", "daily at 02:00"),
                 ("token", "add", "ops", "--scope", "read")):
        done = cli(tapeloom_cli, home, *args)
        assert done.returncode == 0, f"{' '.join(args)}: {done.stderr}"
    definitions = calls.get("/v1/definitions").json()
    assert [d["name"] for d in definitions] == ["nightly"], definitions
    assert definitions[0]["schedules"][0]["rule"] == "daily at 02:00", definitions
    calls.get("/v1/definitions/nightly")
    calls.get("/v1/definitions/nosuch")
    calls.get("/v1/schedules")
    # The configuration's writes: a definition added, replaced and removed, a schedule added,
    # changed and removed, a client added and removed.
    nightly = calls.get("/v1/definitions/nightly").json()
    copy = dict(nightly, name="weekly", drives=1)
    added = calls.post("/v1/definitions", copy)
    assert added.status == 201 and added.json()["schedules"] == [], added.body
    calls.post("/v1/definitions", copy)  # taken: 409
    replaced = calls.put("/v1/definitions/weekly", dict(copy, retries=2))
    assert replaced.status == 200 and replaced.json()["retries"] == 2, replaced.body
    calls.put("/v1/definitions/weekly", dict(copy, name="other"))  # names differ: 400
    schedule = calls.post("/v1/schedules", {"definition": "weekly", "rule": "full sun at 03:00"})
    assert schedule.status == 201, schedule.body
    sid = schedule.json()["id"]
    changed = calls.patch(f"/v1/schedules/{sid}", {"rule": "full sat at 03:00", "name": "w"})
    assert changed.status == 200 and changed.json()["rule"] == "full sat at 03:00", changed.body
    calls.post("/v1/schedules", {"definition": "weekly", "rule": "never ever"})  # 400
    assert calls.delete(f"/v1/schedules/{sid}").status == 200
    calls.delete(f"/v1/schedules/{sid}")  # gone: 404
    exported = {"version": 1, "definitions": [dict(copy, name="imported", schedules=["daily at 04:00"])]}
    imported = calls.post("/v1/definitions/import", exported)
    assert imported.status == 200 and imported.json() == {"imported": 1}, imported.body
    calls.post("/v1/definitions/import", exported)  # taken: 409
    assert calls.post("/v1/definitions/import", dict(exported, replace=True)).status == 200
    assert calls.delete("/v1/definitions/imported").status == 200
    assert calls.delete("/v1/definitions/weekly").status == 200
    calls.delete("/v1/definitions/weekly")  # gone: 404
    fingerprint = "ab" * 32
    client = calls.post("/v1/clients", {"name": "web9", "address": "127.0.0.1:9740",
                                        "fingerprint": fingerprint})
    assert client.status == 201 and client.json()["fingerprint"] == fingerprint, client.body
    calls.post("/v1/clients", {"name": "web9"})  # incomplete: 400
    assert calls.delete("/v1/clients/web9").status == 200
    calls.delete("/v1/clients/web9")  # gone: 404
    setting = calls.get("/v1/catalog/after-jobs")
    assert setting.status == 200 and setting.json()["after_jobs"] is False, setting.body
    changed = calls.patch("/v1/catalog/after-jobs", {"after_jobs": True})
    assert changed.status == 200 and changed.json()["after_jobs"] is True, changed.body
    calls.patch("/v1/catalog/after-jobs", {"after_jobs": "yes"})  # 400
    calls.patch("/v1/catalog/after-jobs", {"after_jobs": False})
    keys = calls.get("/v1/keys").json()
    assert [k["name"] for k in keys] == ["vault"], keys
    call_key_import(calls, str(pathlib.Path(home).parent))
    tokens = calls.get("/v1/tokens").json()
    assert tokens == [{"name": "ops", "scope": "read", "created": tokens[0]["created"]}], tokens


def call_key_import(calls, root):
    """The key exported before the service started, imported again (the same key: fine), and
    the refusals of a wrong passphrase and of an export that is no object; a key created."""
    export = json.loads(pathlib.Path(root, "vault.key").read_text())
    again = calls.post("/v1/keys", {"export": export, "passphrase": KEY_PASSPHRASE})
    assert again.status == 200 and again.json()["name"] == "vault", again.body
    wrong = calls.post("/v1/keys", {"export": export, "passphrase": "not the passphrase"})
    assert wrong.status == 400, wrong.body
    calls.post("/v1/keys", {"export": "vault.key", "passphrase": KEY_PASSPHRASE})  # 400
    created = calls.post("/v1/keys", {"name": "spare"})  # key create NAME through the service
    assert created.status == 201 and created.json()["id"].startswith("spare:"), created.body
    assert calls.post("/v1/keys", {"name": "spare"}).status == 409


def call_actions(calls, job, root):
    volume = calls.get("/v1/volumes").json()[0]["barcode"]
    call_maintenance(calls, job, volume)
    calls.post("/v1/restores", {"argv": ["not the shape"]})
    calls.post("/v1/queue/999999/cancel")


def call_maintenance(calls, job, volume):
    """A scan followed to its report, a prune (dry run and real), the catalog's backup as a job
    and a restore's plan; their refusals."""
    started = calls.post("/v1/scans", {"barcodes": [volume]})
    assert started.status == 202, f"scan: {started.status} {started.body}"
    scan = started.json()["scan"]
    ended = wait_until(f"scan {scan}", lambda: (lambda s: s if s["state"] == "ended" else None)(
        calls.get(f"/v1/scans/{scan}").json()))
    assert ended["report"]["volumes"] == [volume], ended
    failed = calls.post("/v1/scans", {"barcodes": ["NOSUCH01"]}).json()["scan"]
    wait_until("the failed scan", lambda: "error" in calls.get(f"/v1/scans/{failed}").json())
    calls.post("/v1/scans", {"barcodes": "TLO001L9"})  # 400
    calls.get("/v1/scans/999999")  # 404
    dry = calls.post("/v1/prunes", {"dry_run": True})
    assert dry.status == 200 and dry.json()["dry_run"] is True, dry.body
    assert calls.post("/v1/prunes", {}).status == 200
    calls.post("/v1/prunes", {"dry_run": "yes"})  # 400
    backup = calls.post("/v1/catalog/backups", {"pool": "Default"})
    assert backup.status == 202, f"catalog backup: {backup.status} {backup.body}"
    catalog_job = backup.json()["job"]
    report = wait_until(f"catalog backup job {catalog_job}",
                        lambda: (lambda j: j if "kind" in j else None)(
                            calls.get(f"/v1/jobs/{catalog_job}").json()))
    assert report["status"] == "completed" and report["kind"] == "backup", report
    calls.post("/v1/catalog/backups", {"pool": "NoSuchPool"})  # 404
    plan = calls.post("/v1/restore-plans", {"job": job})
    assert plan.status == 200 and plan.json()["volumes"] and not plan.json()["missing"], plan.body
    calls.post("/v1/restore-plans", {"job": 999999})  # 404
    reported = calls.post("/v1/restore-plans", {"job": job, "report_missing_keys": True})
    assert reported.status == 200 and "missing_keys" not in reported.json(), reported.body
    faulted = calls.patch("/v1/libraries/vlib0/faults", {"drive": 3, "tapealert": [20],
                                                         "barcode": "TLO024L9", "fail_load": True})
    assert faulted.status == 200 and faulted.json()["drives"]["3"]["tapealert"] == [20], \
        faulted.body
    calls.patch("/v1/libraries/vlib0/faults", {"drive": 99})  # 400
    cleared = calls.patch("/v1/libraries/vlib0/faults", {"clear": True})
    assert cleared.status == 200 and cleared.json()["drives"] == {}, cleared.body
    assert calls.get("/v1/libraries/vlib0/faults").json()["cartridges"] == {}
    calls.get("/v1/libraries/nosuchlib/faults")  # 404


def call_job_reports(calls):
    """The report of every job the history holds: a backup's, a restore's, a verify's..."""
    for row in calls.get("/v1/jobs?limit=10000").json()["jobs"]:
        calls.get(f"/v1/jobs/{row['id']}")


def cancel_a_queued_backup(calls, src):
    """A second backup, cancelled at once: 200 while waiting or running, 404 once it ended."""
    queue = calls.post("/v1/backups", {"sources": [src], "drives": 1, "level": "incr"}).json()
    calls.post(f"/v1/queue/{queue['queue']}/cancel")
    wait_until("the cancelled backup's end", lambda: ended_entry(calls, queue["queue"]))


def open_streams(socket_path, first_job):
    events = EventReader(socket_path, "/v1/events")
    live = EventReader(socket_path, f"/v1/jobs/{first_job}/live")
    for reader in (events, live):
        reader.opened.wait(DEADLINE_SECONDS)
        assert reader.status == 200, f"{reader.path}: answered {reader.status}"
    return events, live


def answer_mismatches(openapi, calls):
    problems = []
    for a in calls.answers:
        problems += openapi.check_answer(a.method, a.path, a.status, a.content_type, a.body)
    return problems


def event_mismatches(openapi, readers):
    problems = []
    for reader in readers:
        for e in reader.events:
            problems += openapi.check_event(reader.path, e["type"], e.get("data", "null"))
    return problems


def uncalled_routes(openapi, calls, readers):
    called = {(a.method.lower(), openapi.documented(a.path)) for a in calls.answers}
    called |= {("get", openapi.documented(r.path)) for r in readers if r.status == 200}
    return [f"{m.upper()} {p} was not called"
            for p, item in openapi.doc["paths"].items() for m in item
            if m in ("get", "post", "put", "patch", "delete") and (m, p) not in called]


def exercise(tapeloom_cli, openapi, root):
    home = str(pathlib.Path(root, "home"))
    src = make_source(root)
    key = cli(tapeloom_cli, home, "key", "create", "vault")
    assert key.returncode == 0, f"key create: {key.stderr}"
    pathlib.Path(root, "pass").write_text(KEY_PASSPHRASE + "\n")
    exported = cli(tapeloom_cli, home, "key", "export", "vault", str(pathlib.Path(root, "vault.key")),
                   "--passphrase-file", str(pathlib.Path(root, "pass")))
    assert exported.returncode == 0, f"key export: {exported.stderr}"
    started = cli(tapeloom_cli, home, "service", "start")
    assert started.returncode == 0, f"service start: {started.stderr}"
    calls = ServiceCalls(os.path.join(home, "tapeloom.sock"))
    events, live = open_streams(calls.socket_path, 1)
    try:
        job = backup(calls, src)
        wait_until("the job's last live snapshot", lambda: not live.thread.is_alive())
        call_reads(calls, job, src)
        call_resources(calls, job, src, root)
        call_devices(calls, lambda: cli(tapeloom_cli, home, "library", "insert", "--mail", "1",
                                        "--barcode", "CLN001L1"))
        call_configuration(calls, tapeloom_cli, home, src)
        call_verify_and_clone(calls, job, wait_until)
        call_actions(calls, job, root)
        cancel_a_queued_backup(calls, src)
        call_job_reports(calls)
        wait_until("the task and job events", lambda: EXPECTED_EVENTS <= events.types())
    finally:
        events.stop()
        live.stop()
        stopped = calls.post("/v1/service/stop")
        wait_until("the service's end", lambda: not os.path.exists(calls.socket_path))
    assert stopped.status == 202, stopped.body
    assert live.types() == {"live"}, f"live stream: {live.types()}"
    return calls, [events, live]


def main(argv):
    tapeloom_cli, openapi = argv[1], Openapi(argv[2])
    with tempfile.TemporaryDirectory() as root:
        calls, readers = exercise(tapeloom_cli, openapi, root)
    problems = (answer_mismatches(openapi, calls) + event_mismatches(openapi, readers) +
                uncalled_routes(openapi, calls, readers))
    if os.environ.get("TAPELOOM_API_DUMP"):
        for a in calls.answers:
            print("ANSWER", a.method, a.path, a.status, a.body[:3000])
        for r in readers:
            for e in r.events:
                print("EVENT", r.path, e["type"], e.get("data"))
    for p in problems:
        print(p)
    print(f"{len(calls.answers)} answers and {sum(len(r.events) for r in readers)} events "
          f"checked against {argv[2]}: {len(problems)} mismatches")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
