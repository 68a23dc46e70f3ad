-- PostgreSQL only (SQLite serves one instance): tell every instance sharing this database
-- which user's sessions or account changed, so each forgets what its session memory
-- (core/src/auth/session_cache.rs) holds for that user. Row triggers cover every path that
-- ends a session (DELETE) or changes what a user may do (any UPDATE or DELETE of the user),
-- whichever code ran it; a notification is delivered when its transaction commits, to every
-- instance listening (core/src/fleet.rs, `relay_forgotten_users`). The session's sliding
-- expiry (an UPDATE at most once a minute) changes nothing anyone may do and notifies nobody.
CREATE FUNCTION notify_forget_user() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_TABLE_NAME = 'sessions' THEN
        PERFORM pg_notify('cardsmith_forget_user', OLD.user_id);
    ELSE
        PERFORM pg_notify('cardsmith_forget_user', OLD.id);
    END IF;
    RETURN NULL;
END;
$$;

CREATE TRIGGER sessions_forget AFTER DELETE ON sessions
    FOR EACH ROW EXECUTE FUNCTION notify_forget_user();
CREATE TRIGGER users_forget AFTER UPDATE OR DELETE ON users
    FOR EACH ROW EXECUTE FUNCTION notify_forget_user();
