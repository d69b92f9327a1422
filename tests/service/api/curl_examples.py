#!/usr/bin/python3
"""The curl examples of docs/api.md "Resources" run as written (issue 38): a real service of
the default data directory (~/.local/share/tapeloom, HOME a temporary directory) whose first
job backed up /etc/hostname; the examples (the sh block after `<!-- curl-examples -->`) run in
bash with `set -e`, in order: the restore, its job, a label and a volume state change. Then
the restored file equals /etc/hostname and the volume is read-only. Exit 1 naming what failed.

usage: curl_examples.py TAPELOOM_CLI API_MD"""
import json
import os
import pathlib
import re
import shutil
import subprocess
import sys
import tempfile
import time

DEADLINE_SECONDS = 120
RESTORED = pathlib.Path("/tmp/tapeloom-curl-restore")


def examples(api_md):
    text = pathlib.Path(api_md).read_text()
    m = re.search(r"<!-- curl-examples -->\s*```sh\n(?P<block>.*?)```", text, re.S)
    if not m:
        raise AssertionError(f"{api_md} has no sh block after <!-- curl-examples -->")
    return m.group("block")


def cli(tapeloom_cli, env, *args):
    return subprocess.run([tapeloom_cli, *args], env=env, capture_output=True, text=True,
                          timeout=DEADLINE_SECONDS)


def wait_for_restore(tapeloom_cli, env):
    deadline = time.monotonic() + DEADLINE_SECONDS
    while time.monotonic() < deadline:
        shown = cli(tapeloom_cli, env, "jobs", "show", "2", "--json")
        if shown.returncode == 0 and "kind" in json.loads(shown.stdout):
            return json.loads(shown.stdout)
        time.sleep(0.1)
    raise AssertionError("the restore's job 2 did not end")


def check(tapeloom_cli, env, api_md):
    started = cli(tapeloom_cli, env, "service", "start")
    assert started.returncode == 0, f"service start: {started.stderr}"
    backup = cli(tapeloom_cli, env, "backup", "--source", "/etc", "--include", "hostname",
                 "--drives", "1")
    assert backup.returncode == 0, f"backup: {backup.stderr}"
    run = subprocess.run(["bash", "-c", "set -e\n" + examples(api_md)], env=env,
                         capture_output=True, text=True, timeout=DEADLINE_SECONDS)
    print(run.stdout)
    assert run.returncode == 0, f"the examples failed (exit {run.returncode}): {run.stderr}"
    report = wait_for_restore(tapeloom_cli, env)
    assert report["status"] == "completed" and report["restored"] == 1, report
    restored = RESTORED / "etc" / "hostname"
    assert restored.read_bytes() == pathlib.Path("/etc/hostname").read_bytes(), restored
    volumes = json.loads(cli(tapeloom_cli, env, "volume", "list", "--json").stdout)
    states = {v["barcode"]: (v["state"], v["pool"]) for v in volumes}
    assert states.get("TLO002L9") == ("read-only", "Default"), states


def main(argv):
    tapeloom_cli, api_md = argv[1], argv[2]
    with tempfile.TemporaryDirectory() as root:
        env = {k: v for k, v in os.environ.items()
               if k not in ("TAPELOOM_HOME", "XDG_DATA_HOME")}
        env.update(HOME=root, TAPELOOM_AUTOSTART="0")
        shutil.rmtree(RESTORED, ignore_errors=True)
        try:
            check(tapeloom_cli, env, api_md)
        finally:
            cli(tapeloom_cli, env, "service", "stop")
            shutil.rmtree(RESTORED, ignore_errors=True)
    print("the curl examples of docs/api.md ran as written")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
