"""The device routes of docs/openapi.yaml (issue 38) on a real service, for the API schema test:
a standalone drive and a library added and removed, a drive cleaned with a cleaning cartridge
put into the library's mail slot, and the refusals (a name taken, a bad kind, gone: 404)."""


def call_devices(calls, insert_cleaning_cartridge):
    drive = calls.post("/v1/drives", {"kind": "virtual", "name": "vd9", "capacity": 1 << 26})
    assert drive.status == 201 and drive.json()["kind"] == "virtual", drive.body
    calls.post("/v1/drives", {"kind": "null", "name": "vd9"})  # taken: 409
    calls.post("/v1/drives", {"kind": "floppy"})  # 400
    assert calls.delete("/v1/drives/vd9").status == 200
    calls.delete("/v1/drives/vd9")  # gone: 404
    library = calls.post("/v1/libraries", {"kind": "virtual", "name": "lib9", "drives": 1,
                                           "slots": 3, "mail": 1, "capacity": 1 << 26})
    assert library.status == 201 and library.json()["config"]["slots"] == 3, library.body
    calls.post("/v1/libraries", {"kind": "mtx", "changer": "/dev/no-such-changer"})  # 404
    removed = calls.delete("/v1/libraries/lib9")
    assert removed.status == 200 and removed.json() == {"removed": "lib9"}, removed.body
    calls.delete("/v1/libraries/lib9")  # gone: 404
    calls.post("/v1/drives/vlib0-drive0/clean", {})  # no cleaning cartridge: refused
    insert_cleaning_cartridge()
    cleaned = calls.post("/v1/drives/vlib0-drive0/clean", {})
    assert cleaned.status == 200 and cleaned.json()["cartridge"] == "CLN001L1", cleaned.body
