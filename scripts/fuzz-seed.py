"""Signs in to a fresh Cardsmith dev server and seeds a little data for scripts/fuzz.

    python fuzz-seed.py BASE_URL EMAIL PASSWORD CONFIG_OUT

Prints the session token on stdout and writes a schemathesis.toml to CONFIG_OUT whose
dictionaries hold the ids of what it made (a collection, a card with an uploaded track and
its transcode job, a preset, a second user who is a member, a label sheet and its share link,
the demo family's linked player account and one of its players). Path parameters are drawn
from those dictionaries most of the time, so the fuzzer reaches real objects instead of
answering 404 for every random id; the rest of the time they stay random.

Runs with the schemathesis venv's Python (it has `requests`); needs nothing else.
"""

import io
import json
import math
import struct
import sys
import wave

import requests

BASE, EMAIL, PASSWORD, CONFIG_OUT = sys.argv[1:5]
API = f"{BASE}/api"
http = requests.Session()


def call(method, path, expect, **kwargs):
    """One API call that must answer `expect`; returns the JSON body (or None)."""
    r = http.request(method, f"{API}{path}", allow_redirects=False, timeout=60, **kwargs)
    if r.status_code != expect:
        sys.exit(f"fuzz-seed: {method} {path} answered {r.status_code}, not {expect}: {r.text[:500]}")
    return r.json() if r.content and "json" in r.headers.get("content-type", "") else r


def tone_wav():
    """Two seconds of a 440 Hz tone, 16-bit mono 8 kHz WAV."""
    buf = io.BytesIO()
    with wave.open(buf, "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(8000)
        w.writeframes(
            b"".join(struct.pack("<h", int(8000 * math.sin(2 * math.pi * 440 * i / 8000))) for i in range(16000))
        )
    return buf.getvalue()


call("POST", "/auth/login", 200, json={"email": EMAIL, "password": PASSWORD})
token = http.cookies.get("cardsmith_session")
if not token:
    sys.exit("fuzz-seed: signing in set no cardsmith_session cookie")

collection = call("POST", "/collections", 201, json={"name": "Fuzz shelf", "description": "seeded by scripts/fuzz"})
card = call(
    "POST",
    f"/collections/{collection['id']}/cards",
    201,
    json={"title": "Fuzz card", "description": "a card to fuzz", "author": "Fuzz"},
)
track = call(
    "POST",
    f"/cards/{card['slug']}/tracks",
    201,
    files={"file": ("tone.wav", tone_wav(), "audio/wav")},
    data={"title": "Tone"},
)
jobs = call("GET", "/jobs", 200)
job_ids = [j["id"] for j in (jobs.get("jobs") if isinstance(jobs, dict) else jobs) or []]
preset = call(
    "POST",
    f"/collections/{collection['id']}/presets",
    201,
    json={
        "name": "Bedtime",
        "emoji": "🌙",
        "prompt_template": "A calm story about {topic}",
        "vocab_level": "simple",
        "voice_id": "",
        "duration_min": 5,
        "sort_order": 0,
    },
)
member = call(
    "POST",
    "/admin/users",
    201,
    json={"email": "member@example.com", "password": "a member's long passphrase", "role": "user"},
)
member_id = member["id"]
call("POST", f"/collections/{collection['id']}/members", 204, json={"user_id": member_id, "role": "viewer"})
label = call("POST", "/labels/generate", 201, json={"card_slugs": [card["slug"]], "format": "svg", "page_size": "a4"})
label_id = label["filename"].rsplit(".", 1)[0]
share = call("POST", f"/labels/{label_id}/share", 201)

# Link the simulator's demo family the way a browser would: start, approve, come back.
start = call("GET", "/player-accounts/link", 204)
approve = requests.get(start.headers["location"], allow_redirects=False, timeout=30)
callback = approve.headers.get("location", "")
if approve.status_code not in (302, 303) or "/player-accounts/callback" not in callback:
    sys.exit(f"fuzz-seed: the simulator did not send us back ({approve.status_code}): {approve.text[:300]}")
r = http.get(callback if callback.startswith("http") else f"{BASE}{callback}", allow_redirects=False, timeout=30)
if r.status_code != 204:
    sys.exit(f"fuzz-seed: link callback answered {r.status_code}: {r.text[:300]}")
account_id = call("GET", "/player-accounts", 200)["accounts"][0]["id"]
devices = call("GET", "/devices", 200)
device_list = devices.get("devices") if isinstance(devices, dict) else devices
device_id = next(d.get("device_id") or d.get("id") for d in device_list)

values = {
    "collection": [collection["id"]],
    "collection_slug": [collection["slug"]],
    "card": [card["slug"]],
    "track": [track["slug"]],
    "position": [1],
    "job": job_ids or [track["id"]],
    "preset": [preset["id"]],
    "member": [member_id],
    "label_file": [label["filename"]],
    "label": [label_id],
    "share": [share["id"]],
    "account": [account_id],
    "device": [device_id],
}
# Path parameters whose name says what they are, for every operation that has them.
by_name = {
    "slug": "card",
    "collectionID": "collection",
    "cardId": "card",
    "track_slug": "track",
    "position": "position",
    "userId": "member",
    "preset_id": "preset",
    "filename": "label_file",
    "accountID": "account",
    "deviceID": "device",
}
# `id` (and the collection's `slug`) by where they appear. Schemathesis takes the first
# [[operations]] entry that matches and does not merge entries, so these never overlap.
by_path = [
    (r"^/collections/by-slug/", {"slug": "collection_slug"}),
    (r"^/collections/\{id\}", {"id": "collection"}),
    (r"^/(admin/)?jobs/\{id\}", {"id": "job"}),
    (r"^/labels/\{id\}", {"id": "label"}),
    (r"^/shares/\{id\}", {"id": "share"}),
    (r"^/player-accounts/\{id\}", {"id": "account"}),
]


# Always these values, never a random or a learned one: schemathesis picks ids up from
# responses (GET /admin/users lists the fuzzer's own admin), and with its own id
# admin-revoke-user-sessions would end the fuzzer's session and admin-update-user could
# demote it (once the member was made admin). The seeded member takes every such call.
fixed = [
    (r"^/admin/users/\{id\}", {"id": member_id}),
]


def toml_str(s):
    return json.dumps(s)  # a JSON string is a valid TOML basic string


def binding(dictionary):
    return f'{{ dictionary = "{dictionary}", probability = 0.8 }}'


lines = ["# Written by scripts/fuzz-seed.py for one run of scripts/fuzz.", "cache = { enabled = false }", ""]
lines += ["[parameters]"] + [f'"path.{p}" = {binding(d)}' for p, d in by_name.items()]
lines += ["", "[dictionaries]"] + [f"{name} = {{ values = {json.dumps(vals)} }}" for name, vals in values.items()]
for regex, params in by_path:
    lines += ["", "[[operations]]", f"include-path-regex = {toml_str(regex)}"]
    lines.append("parameters = { " + ", ".join(f'"path.{p}" = {binding(d)}' for p, d in params.items()) + " }")
for regex, params in fixed:
    lines += ["", "[[operations]]", f"include-path-regex = {toml_str(regex)}"]
    lines.append("parameters = { " + ", ".join(f'"path.{p}" = {toml_str(v)}' for p, v in params.items()) + " }")
with open(CONFIG_OUT, "w") as f:
    f.write("\n".join(lines) + "\n")
print(token)
