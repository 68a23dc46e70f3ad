# The administrators' pages: users, audit log, health, mail outbox, account deletion, jobs.

adm-newer = Newer
adm-older = Older
adm-queuing = Queuing…

## Users

adm-users-loading = Loading users…
adm-users-list = Users
adm-users-role-user = User
adm-users-role-admin = Admin
adm-users-badge-user = user
adm-users-badge-admin = admin
adm-users-status-active = active
adm-users-status-locked = locked
adm-users-status-deactivated = deactivated
# Only the translations tell one session from several; the English shows the count as is.
adm-users-signed-out = { $count ->
    [one] Signed out of { $count } session
   *[other] Signed out of { $count } sessions
}
adm-users-edit = Edit
adm-users-edit-label = Edit: { $email }
adm-users-sign-out = Sign out everywhere
adm-users-sign-out-label = Sign out everywhere: { $email }
adm-users-display-name = Display name
adm-users-role = Role
adm-users-save = Save user
adm-users-cancel = Cancel
adm-users-new = New user
adm-users-email = Email
adm-users-name-hint = Optional; defaults to the part of the email before @.
adm-users-password = Password
adm-users-password-hint = At least 10 characters.
adm-users-create = Create user
adm-users-creating = Creating…
adm-users-created = Created { $email }
adm-users-deactivate = Deactivate
adm-users-deactivate-yes = Yes, deactivate
adm-users-deactivate-question = Deactivate { $email }? They are signed out everywhere and cannot sign in until reactivated.
adm-users-unlock = Unlock
adm-users-unlock-label = Unlock: { $email }
adm-users-reactivate = Reactivate

## Audit log

adm-audit-filter-label = Filter the audit log
adm-audit-user = User
adm-audit-action = Action
adm-audit-action-hint = Exactly, e.g. auth.login or card.created
adm-audit-apply = Apply filters
adm-audit-loading = Loading the log…
adm-audit-pages = Audit log pages
adm-audit-everyone = Everyone
# Who acted when no person did.
adm-audit-system = system
adm-audit-empty = No entries match.
adm-audit-caption = Audit log entries { $first } to { $last }, newest first
adm-audit-time-utc = Time (UTC)
adm-audit-time = Time
adm-audit-by = By
adm-audit-detail = Detail
adm-audit-address = Address

## Health

adm-health-running = Running checks…
adm-health-all-passed = All checks passed.
adm-health-some-failed = Some checks failed; the server log says why.
# time: when the checks ran, as the server wrote it.
adm-health-checked-at = Checked at { $time }.
adm-health-check-again = Check again
adm-health-checks = Checks
adm-health-counts = Counts
adm-health-users = Users
adm-health-active-users = Active users
adm-health-deactivated-users = Deactivated users
adm-health-locked-users = Locked users
adm-health-unverified-users = Unverified users
adm-health-admins = Admins
adm-health-collections = Collections
adm-health-orphaned-collections = Orphaned collections
adm-health-cards = Cards
adm-health-tracks = Tracks
adm-health-jobs-waiting = Jobs waiting
adm-health-jobs-running = Jobs running
adm-health-jobs-succeeded = Jobs succeeded
adm-health-jobs-failed = Jobs failed
adm-health-jobs-cancelled = Jobs cancelled
# path is the address /metrics; reference is adm-health-metrics-reference, a link.
adm-health-metrics = Prometheus can scrape these counts, with request latencies by route, job runs and platform calls, from { $path } (an admin session or a bearer token; see { $reference } and the Metrics page of the admin guide, docs/src/admin/metrics.md).
adm-health-metrics-reference = the API reference
adm-health-ok = OK
adm-health-failed = Failed
adm-health-skipped = Skipped
adm-health-took = Took { $ms } ms
adm-health-database = Database
adm-health-disk = Disk space
adm-health-job-queue = Job queue
adm-health-upstream = Player platform
adm-health-check = Check
adm-health-free-of = { $free } free of { $total }
adm-health-oldest-waiting = Oldest waiting job: { $age }
adm-health-no-job-waiting = No job waiting
adm-health-no-platform = No platform configured
adm-health-age-minutes = { $minutes } min
adm-health-age-hours = { $hours } h

## Mail outbox

adm-mail-loading = Loading mail…
adm-mail-loading-message = Loading the message…
adm-mail-all = All
adm-mail-queued = Queued
adm-mail-sent = Sent
adm-mail-in-outbox = In the outbox
adm-mail-failed = Failed
adm-mail-status = Status
adm-mail-total = { $count ->
    [one] { $count } message
   *[other] { $count } messages
}
adm-mail-pages = Outbox pages
adm-mail-delivery-smtp = Mail is sent through the SMTP server configured in CARDSMITH_SMTP_URL. A message reads Queued until the server accepts it; after 20 failed attempts it reads Failed and can be sent again.
adm-mail-delivery-outbox = No SMTP server is configured, so mail is not sent: it is kept here (and as .eml files in the outbox folder of the data directory). Open a message to read its links and pass them on to its recipient.
adm-mail-empty = No messages.
adm-mail-caption = Messages { $first } to { $last }, newest first
adm-mail-queued-utc = Queued (UTC)
# The label of the time a message was queued, over it on phones.
adm-mail-queued-at = Queued
adm-mail-sent-utc = Sent (UTC)
adm-mail-to = To
adm-mail-subject = Subject
adm-mail-attempts = Attempts
adm-mail-send-again = Send again
adm-mail-last-attempt = Last attempt: { $error }
adm-mail-message = Message
adm-mail-html = HTML version (source)

## Account deletion

adm-deletion-tabs = Account deletion
adm-deletion-loading = Loading requests…
adm-deletion-empty-heading = No pending deletion requests
adm-deletion-empty-body = Users ask under Settings → Delete my account; requests wait here until you decide or they expire.
adm-deletion-pending = Pending deletion requests
# who: the user's name and email.
adm-deletion-approve-question = Delete the account of { $who } now? This cannot be undone: their sessions end, their jobs stop, and their player accounts, recordings and label sheets are deleted. Collections go to the owners chosen above or stay orphaned.
adm-deletion-reject-question = Reject the request of { $who }? Their account stays; they may ask again.
adm-deletion-no-reason = No reason given.
# asked, expires: days (2026-11-29).
adm-deletion-dates = Asked { $asked } · expires { $expires }
adm-deletion-approve = Approve and delete
adm-deletion-approve-yes = Yes, delete the account
adm-deletion-reject = Reject
adm-deletion-reject-yes = Yes, reject
adm-orphans-empty-heading = No orphaned collections
adm-orphans-empty-body = A collection lands here when its only owner is deleted and nobody was chosen to take it over.
# slug: the collection's address; date: the day it was created (2026-11-29).
adm-orphans-slug-created = /{ $slug } · created { $date }
adm-orphans-assign-label = Assign { $name }
adm-orphans-new-owner = New owner
adm-orphans-choose = Choose a user…
adm-orphans-assign = Assign

## Jobs

adm-jobs-loading = Loading jobs…
adm-jobs-all-statuses = All
adm-jobs-all-kinds = All
adm-jobs-queued = Queued
adm-jobs-running = Running
adm-jobs-succeeded = Succeeded
adm-jobs-failed = Failed
adm-jobs-cancelled = Cancelled
adm-jobs-kind-transcode = Convert audio
adm-jobs-kind-trim = Trim
adm-jobs-kind-split = Split
adm-jobs-kind-merge = Merge
adm-jobs-kind-fade = Fade
adm-jobs-kind-rescan = Library rescan
adm-jobs-kind-backup = Backup
adm-jobs-kind-backup-verify = Backup check
adm-jobs-kind-export = Cards downloaded as a ZIP
adm-jobs-kind-feed = A podcast feed read into its card
adm-jobs-kind-publish = Publish
adm-jobs-kind-import = Import
adm-jobs-kind-seed = Put on players
adm-jobs-kind-mail = Send mail
adm-jobs-kind-story = Make a story
adm-jobs-kind-cover = Draw a cover
adm-jobs-kind-icons = Draw icons
adm-jobs-load-failed = The jobs could not be loaded: { $error }
adm-jobs-cancelled-note = The job was cancelled.
adm-jobs-retried-note = Queued again as a new job.
adm-jobs-filter-label = Filter the jobs
adm-jobs-status = Status
adm-jobs-kind = Kind
adm-jobs-list = Jobs
adm-jobs-empty = No jobs match.
adm-jobs-pages = Job pages
adm-jobs-page = Page { $page }
# Whom a job works for when no account asked for it.
adm-jobs-instance = Cardsmith itself
adm-jobs-just-now = just now
adm-jobs-seconds-ago = { $count ->
    [one] { $count } second ago
   *[other] { $count } seconds ago
}
adm-jobs-minutes-ago = { $count ->
    [one] { $count } minute ago
   *[other] { $count } minutes ago
}
adm-jobs-hours-ago = { $count ->
    [one] { $count } hour ago
   *[other] { $count } hours ago
}
adm-jobs-days-ago = { $count ->
    [one] { $count } day ago
   *[other] { $count } days ago
}
# ago: adm-jobs-just-now or adm-jobs-*-ago.
adm-jobs-queued-ago = Queued { $ago }
adm-jobs-finished = Finished { $ago }
adm-jobs-retrying = Last attempt failed, trying again: { $error }
# kind: the kind of job (adm-jobs-kind-*); who: the account's name and email, or adm-jobs-instance.
adm-jobs-stop-question = Stop this “{ $kind }” job for { $who }? It ends now, unfinished.
adm-jobs-cancel-question = Cancel this “{ $kind }” job for { $who }? It will not run.
adm-jobs-cancel = Cancel job
adm-jobs-cancel-name = Cancel job: { $kind } for { $who }
adm-jobs-cancel-yes = Yes, cancel job
adm-jobs-keep = Keep it
adm-jobs-retry = Retry
adm-jobs-retry-label = Retry: { $kind } for { $who }
adm-jobs-row-label = { $kind } for { $who }: { $status }
adm-jobs-progress = Progress of { $kind }

adm-users-reset-link-made = Give this link to { $email } yourself: it sets a new password once, within { $lifetime }, and signs them out everywhere.

adm-health-backup = Backups
adm-health-backup-failed = The last backup or verify failed, or none succeeded in time: see Backups.
adm-health-no-backups = No backups are configured (CARDSMITH_BACKUP_TO).
adm-backups-heading = Database and media
adm-backups-looking = Looking at the backups…
adm-backups-off = Backups are off: nothing copies the recordings anywhere.
adm-backups-how = Set CARDSMITH_BACKUP_TO to a folder on another disk, or to s3://bucket/prefix, and restart: a backup is then taken every day and kept by the rule last=3,daily=7,weekly=4. The command line does the same by hand: cardsmith backup --to FOLDER.
adm-backups-failing = The last backup or verify failed. The server's log says why.
adm-backups-ok = Backups are running.
adm-backups-none-yet = No backup has finished yet.
adm-backups-target = Kept in
adm-backups-schedule = Schedule
adm-backups-keep = keeping { $rule }
adm-backups-next = Next backup
adm-backups-key = Encryption key
adm-backups-key-sealed = In every backup, sealed with your passphrase.
adm-backups-key-absent = Not in the backups: keep DATA_DIR/encryption.key apart and safe. Restored without it, player accounts must be linked again and AI keys typed again.
adm-backups-now = Back up now
adm-backups-running = Backing up…
adm-backups-verify = Verify backups
adm-backups-verifying = Verifying…
adm-backups-progress = Backing up:
adm-backups-verify-progress = Verifying:
adm-backups-last = Last backup
adm-backups-last-verify = Last verify
adm-backups-never = None yet.
adm-backups-succeeded = Succeeded
adm-backups-failed = Failed
adm-backups-files = database and { $files ->
    [one] { $files } file
   *[other] { $files } files
}, { $size }
adm-backups-copied = { $objects ->
    [one] { $objects } object copied
   *[other] { $objects } objects copied
} ({ $size })
adm-backups-took = took { $seconds } s
adm-backups-checked = { $objects } objects re-read
adm-backups-problems = Missing or damaged:
adm-backups-unreadable = The backup target cannot be read now. The server's log says why.
adm-backups-kept = { $count ->
    [one] One backup kept
   *[other] { $count } backups kept
}
adm-backups-every-days = { $days ->
    [one] every day
   *[other] every { $days } days
}
adm-backups-every-hours = { $hours ->
    [one] every hour
   *[other] every { $hours } hours
}
adm-backups-every-minutes = { $minutes ->
    [one] every minute
   *[other] every { $minutes } minutes
}
