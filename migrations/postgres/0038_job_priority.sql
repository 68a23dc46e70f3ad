-- Who waits for a job: 0 when someone asked for it and waits in front of the screen (an edit,
-- an upload, finishing a recording), 1 for bulk work (a rescan, seeding, generation, and
-- whatever a running job queues). And when its last attempt started: the audio pool takes
-- waited-for jobs first, then users in turn, the user whose job of that kind started longest
-- ago first (`jobs::queue::Order::Turns`); the index answers "when did this user's last job
-- of this kind start".
ALTER TABLE jobs ADD COLUMN priority BIGINT NOT NULL DEFAULT 0 CHECK (priority IN (0, 1));
ALTER TABLE jobs ADD COLUMN started_at TEXT COLLATE "C";
CREATE INDEX jobs_turns ON jobs (user_id, kind, started_at);
