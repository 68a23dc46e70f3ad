# The frame around every page: navigation, sign-in, settings, missing pages.

nav-main = Main
nav-menu = Menu
nav-cards = Cards
nav-collections = Collections
nav-labels = Labels
nav-devices = Devices
nav-import = Import
nav-accounts = Accounts
nav-settings = Settings
nav-admin = Admin
nav-admin-users = Users
nav-admin-audit-log = Audit log
nav-admin-health = Health
nav-admin-backups = Backups
nav-admin-jobs = Jobs
nav-admin-deletions = Deletions
nav-admin-mail = Mail
nav-admin-ai-providers = AI providers
nav-sign-out = Sign out

frame-skip-to-content = Skip to content
saving = Saving…

loading-share-links = Loading share links…
loading-collection = Loading the collection…
loading-card = Loading the card…
loading-cards = Loading cards…
loading-collections = Loading collections…
loading-players = Loading your players…
loading-player-accounts = Loading your player accounts…
loading-account-cards = Loading the account's cards…

not-found-title = Not found
not-found-heading = Page not found
not-found-text = Nothing lives at this address.
not-found-home = Go to your cards

language-label = Language
language-apply = Change

signin-logo-label = Cardsmith: sign in
signin-title = Sign in
signin-heading = Sign in
signin-email = Email
signin-password = Password
signin-submit = Sign in
signin-busy = Signing in…
signin-forgot = Forgot password?

title-forgot-password = Forgot password
title-reset-password = Choose a new password
title-verify-email = Confirm your email
title-link-player = Link your player account

devices-title = Devices
devices-intro = The players of your linked accounts: what they are doing, and their settings.
accounts-title = Player accounts
accounts-intro = Link the account your family uses on its players; Cardsmith can then publish cards to it, import its cards and control its players. Your password is never seen here, and the account's keys stay on this server, encrypted.
import-title = Import from a player account
import-intro = Bring cards you made elsewhere into Cardsmith: their audio, chapter icons and cover. Purchased and streaming cards are not listed.

admin-only-users = Only admins can manage users.
admin-only-audit-log = Only admins can read the audit log.
admin-only-health = Only admins can see the instance's health.
admin-only-backups = Only admins can see and take backups.
admin-only-deletion = Only admins can manage account deletion.
admin-only-ai-providers = Only admins can manage the instance's AI providers.
admin-only-mail = Only admins can read the mail outbox.
admin-only-jobs = Only admins can see and manage the instance's jobs.
admin-deletion-requests-title = Deletion requests
admin-orphaned-title = Orphaned collections
admin-ai-providers-intro = Providers the instance pays for. Users add their own under Settings; theirs are tried first.
admin-mail-title = Mail outbox
admin-mail-back = ← Mail outbox
admin-jobs-intro = Everything the server does in the background: converting and editing audio, publishing, imports, mail. Cancel what should not run; retry what failed.

settings-profile = Profile
settings-signed-in-as = Signed in as { $email }
settings-display-name = Display name
settings-save-profile = Save profile
settings-profile-saved = Profile saved
settings-language = Language
settings-language-label = Language of Cardsmith
settings-language-browser = Your browser's language
settings-language-hint = Kept on your account: every device you sign in on follows it.
settings-language-save = Save language
settings-password = Password
settings-current-password = Current password
settings-new-password = New password
settings-new-password-hint = At least 10 characters. A few unrelated words make a strong one.
settings-change-password = Change password
settings-changing = Changing…
settings-password-changed = Password changed. Your other sessions were signed out.
settings-sessions = Sessions
settings-sessions-text = Lost a phone or signed in on a shared computer? End every session of your account, this one included.
settings-sign-out-everywhere = Sign out everywhere

role-owner = Owner
role-editor = Editor
role-viewer = Viewer
role-yours = Your role:
