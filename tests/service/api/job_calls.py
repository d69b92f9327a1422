"""The verifications and clones of docs/openapi.yaml (issue 38) on a real service, for the API
schema test: a verify started by its typed body answers 202 with its job, whose report (read
once it ended) says what it checked; a verify of copies in a pool that does not exist is refused
(404), one asking for copies and the clients' files at once too (400); a clone of a job that does not exist and one to an unknown
pool are refused before any job (404), as is a body of the old CLI arguments (400)."""


def call_verify_and_clone(calls, job, wait_until):
    started = calls.post("/v1/verifications", {"job": job})
    assert started.status == 202, f"verify: {started.status} {started.body}"
    verify = started.json()["job"]
    report = wait_until(f"verify job {verify}",
                        lambda: (lambda j: j if "kind" in j else None)(
                            calls.get(f"/v1/jobs/{verify}").json()))
    assert report["status"] == "completed" and report["files_ok"] > 0, report
    assert report["verified_job"] == job, report
    calls.post("/v1/verifications", {"options": {"job": str(job)}})  # the old shape: 400
    calls.post("/v1/verifications", {"job": 999999})  # no such job: 404
    both = calls.post("/v1/verifications", {"job": job, "pool": "Default", "against_client": True})
    assert both.status == 400, both.body  # copies from tape or the clients' files: one of them
    no_pool = calls.post("/v1/verifications", {"job": job, "pool": "NoSuchPool"})
    assert no_pool.status == 404, no_pool.body
    refused = calls.post("/v1/clones", {"job": 999999, "pool": "Default"})
    assert refused.status == 404, refused.body
    calls.post("/v1/clones", {"job": job, "pool": "NoSuchPool"})  # 404
