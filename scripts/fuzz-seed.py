"""Signs in to a fresh Cardsmith dev server and seeds a little data for scripts/fuzz.

    python fuzz-seed.py BASE_URL EMAIL PASSWORD CONFIG_OUT

Prints the session token on stdout and writes a schemathesis.toml to CONFIG_OUT whose
dictionaries hold the ids of what it made (a collection, a card with an uploaded track and
its transcode job, a card that follows a feed of stream episodes, a preset, a second user who
is a member, a label sheet and its share link, the demo family's linked player account and one
of its players). Path parameters are drawn
from those dictionaries most of the time, so the fuzzer reaches real objects instead of
answering 404 for every random id; the rest of the time they stay random.

Runs with the schemathesis venv's Python (it has `requests`); needs nothing else.
"""

import io
import json
import math
import os
import re
import struct
import sys
import wave

import requests
import yaml

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

# A card that follows a feed of stream episodes (scripts/fuzz serves it on loopback), so the
# feed operations of /cards/{slug}/feed meet one as often as the plain card.
feed_cards = []
if os.environ.get("CARDSMITH_FUZZ_FEED_URL"):
    feed = call(
        "POST",
        f"/collections/{collection['id']}/feeds",
        201,
        json={"url": os.environ["CARDSMITH_FUZZ_FEED_URL"], "stream": True, "refresh": "weekly"},
    )
    feed_cards.append(feed["card_slug"])

values = {
    "collection": [collection["id"]],
    "collection_slug": [collection["slug"]],
    "card": [card["slug"], *feed_cards],
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


# Operations that may refuse a schema-valid request with 422 (or 415), each for a rule that
# depends on what is stored or what a file holds, which no schema can state; every other
# rule is in the schemas (model/src/field_schemas.rs and the #[schema] attributes), and a
# schema-valid request that breaks one fails the run (positive_data_acceptance).
DEPENDS_ON_STATE = {
    "reset-password": "the token must be one the server sent and has not used or seen expire",
    "verify-email": "the token must be one the server sent and has not used or seen expire",
    "player-account-link-callback": "the state must be one this session started, unused and unexpired",
    "import-from-player": "account_id must be one of the caller's linked accounts",
    "publish-cards": "the accounts must be the caller's linked accounts, the cards the collection's",
    "verify-publish": "the accounts must be the caller's linked accounts, the cards ones they reach",
    "seed-devices": "the account must be linked, the cards the collection's, the players the account's",
    "preview-speech": "the voice must be one this server has; instructions only for voices that follow them",
    "add-tts-track": "the voice must be one this server has; instructions only for voices that follow them",
    "make-story": "the voice must be one this server has, the preset one of the collection's",
    "draft-story": "the preset must be one of the collection's",
    "reorder-tracks": "positions must name exactly the card's playable tracks",
    "merge-tracks": "the tracks must be the card's own",
    "add-stream-track": "stream_url must reach a public address",
    "change-password": "current_password must be the caller's password",
    "trim-track": "end must come after start, within the track's length",
    "split-track": "the points must increase and fall within the track's length",
    "fade-track": "one of the two fades must be longer than 0 and fit the track",
    "device-command": "play needs a card_id, volume a volume, sleep_timer seconds and ambient a colour (the others need nothing)",
    "add-member": "user_id must name an active user, or be an email address",
    "admin-rotate-key": "the old key must open every stored secret",
    "create-llm-provider": "a key is required for some kinds; base_url must reach a public address",
    "update-llm-provider": "a key is required for some kinds; base_url must reach a public address",
    "admin-create-llm-provider": "a key is required for some kinds",
    "admin-update-llm-provider": "a key is required for some kinds",
    "admin-test-llm-provider": "a key is required for some kinds",
    "upload-card-cover": "the file must hold an image of an accepted kind and size",
    "upload-collection-background": "the file must hold an image of an accepted kind and size",
    "upload-track-icon": "the file must hold an image of an accepted kind and size",
    "upload-track": "the file must hold audio of an accepted kind",
    "replace-track-audio": "the file must hold audio of an accepted kind, and the track not be in an edit or transcode",
    "record-chunk": "the first chunk must start like audio of an accepted kind",
    "put-card-story": "the passages must be the card's tracks, once each, and every way must lead to one",
    "make-interactive-story": "choice_points is at most (passages - 1) / 3; the voice one this server has, the preset the collection's",
    "import-twine-story": "the file must hold a Twine story (Twee 3 or a published page) a card can hold",
    "import-cards-zip": "the file must be a ZIP of cards as export-cards makes them",
    "batch-tracks": "the tracks must be the card's own, to_card one the caller edits, a regex one that compiles",
    "undo-track-batch": "the card must have a batch to undo whose tracks nobody changed since",
    "export-cards": "card_slugs must name cards the caller can see",
    "batch-cards": "the cards must be ones the caller may move, link or delete; collection_id one they edit",
    "confirm-drop": "the paths must be the drop's audio files, the covers its pictures, the icons glyphs of the library",
    "add-drop-files": "a ZIP must be one the archive checks accept",
    "create-feed-card": "url must reach a public address answering with a feed of audio episodes",
}
# GET operations for an optional part of a resource, which a just-created resource does not
# have yet: their 404 says so ("this collection has no background image"), so schemathesis's
# ensure_resource_availability (ST302: a resource a POST created must be found at its links)
# does not hold for them. The parent itself is checked at its own GET.
OPTIONAL_PARTS = {
    "get-collection-background": "a new collection has no background image until one is uploaded",
    "get-card-cover": "a new card has no cover until one is uploaded or generated",
    "get-card-cover-preview": "a card has a cover preview only while a generated cover awaits a choice",
    "get-track-icon": "a chapter has no icon until one is uploaded or generated",
    "get-track-icon-full": "a chapter has no icon until one is uploaded or generated",
    "get-icon-preview": "a chapter has icon variations only after a generation",
    "download-export": "an export can be downloaded once its job has written it",
    "get-drop-preview": "a drop has pictures to preview once its files arrive",
    "get-card-feed": "a card follows a feed only once made from one",
}
# schemathesis's default for positive_data_acceptance, plus what those rules answer
STATE_STATUSES = ["2xx", "3xx", "401", "403", "404", "409", "429", "5xx", "415", "422"]


def toml_str(s):
    return json.dumps(s)  # a JSON string is a valid TOML basic string


def binding(dictionary):
    return f'{{ dictionary = "{dictionary}", probability = 0.8 }}'


lines = ["# Written by scripts/fuzz-seed.py for one run of scripts/fuzz.", "cache = { enabled = false }", "", "[checks]", "enabled = true", ""]
lines += ["[parameters]"] + [f'"path.{p}" = {binding(d)}' for p, d in by_name.items()]
lines += ["", "[dictionaries]"] + [f"{name} = {{ values = {json.dumps(vals)} }}" for name, vals in values.items()]
# Each operation named in DEPENDS_ON_STATE or OPTIONAL_PARTS gets an entry of its own,
# carrying the path bindings its path would otherwise get from the entries below (the first entry that matches is the only one used).
document = requests.get(f"{BASE}/openapi.yaml", timeout=60)
document.raise_for_status()
paths_of = {
    op["operationId"]: path
    for path, item in yaml.safe_load(document.text)["paths"].items()
    for op in item.values()
    if isinstance(op, dict) and "operationId" in op
}
for op_id in sorted(DEPENDS_ON_STATE.keys() | OPTIONAL_PARTS.keys()):
    if op_id not in paths_of:
        sys.exit(f"fuzz-seed: {op_id} is named above but /openapi.yaml does not have it")
    path = paths_of[op_id]
    lines.append("")
    if op_id in DEPENDS_ON_STATE:
        lines.append(f"# {DEPENDS_ON_STATE[op_id]}")
    if op_id in OPTIONAL_PARTS:
        lines.append(f"# {OPTIONAL_PARTS[op_id]}")
    lines += ["[[operations]]", f"include-operation-id = {toml_str(op_id)}"]
    if op_id in DEPENDS_ON_STATE:
        lines.append(f"checks.positive_data_acceptance.expected-statuses = {json.dumps(STATE_STATUSES)}")
    if op_id in OPTIONAL_PARTS:
        lines.append("checks.ensure_resource_availability.enabled = false")
    bound = {}
    for regex, params in fixed:
        if re.search(regex, path):
            bound.update({f"path.{p}": toml_str(v) for p, v in params.items()})
    for regex, params in by_path:
        if re.search(regex, path):
            bound.update({f"path.{p}": binding(d) for p, d in params.items() if f"path.{p}" not in bound})
    if bound:
        lines.append("parameters = { " + ", ".join(f'"{k}" = {v}' for k, v in bound.items()) + " }")
for regex, params in by_path:
    lines += ["", "[[operations]]", f"include-path-regex = {toml_str(regex)}"]
    lines.append("parameters = { " + ", ".join(f'"path.{p}" = {binding(d)}' for p, d in params.items()) + " }")
for regex, params in fixed:
    lines += ["", "[[operations]]", f"include-path-regex = {toml_str(regex)}"]
    lines.append("parameters = { " + ", ".join(f'"path.{p}" = {toml_str(v)}' for p, v in params.items()) + " }")
with open(CONFIG_OUT, "w") as f:
    f.write("\n".join(lines) + "\n")
print(token)
