-- Sharing a collection invites everybody, account or not: the invitee accepts or declines
-- (a declined invitation is kept, like the others, as the record of what happened), and
-- `mailed_at` says whether the invitation was mailed (at most once a day per address and
-- collection).
ALTER TABLE collection_invitations DROP CONSTRAINT collection_invitations_status_check;
ALTER TABLE collection_invitations ADD CONSTRAINT collection_invitations_status_check
    CHECK (status IN ('pending', 'accepted', 'revoked', 'declined'));
ALTER TABLE collection_invitations ADD COLUMN mailed_at TEXT COLLATE "C";
UPDATE collection_invitations SET mailed_at = created_at;
