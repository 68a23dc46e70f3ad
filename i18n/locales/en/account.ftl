# Account pages and sections: password reset, email confirmation, player linking (pages reached
# from a mail), single sign-on, account deletion, the admin's email actions, AI providers.

## Links sent by mail

account-link-incomplete = This page needs the whole link from the mail.
account-link-malformed = This link is not a valid link; copy the whole link from the mail, or ask for a new one
account-link-not-valid = This link is not valid; copy the whole link from the mail, or ask for a new one
account-link-used = This link has already been used (each link works once); ask for a new one if you need it
account-link-expired = This link has expired (these links work for { $hours ->
        [one] { $hours } hour
       *[other] { $hours } hours
    }); ask for a new one
# the server's reason, in English, for a refusal this page does not know
account-link-problem = This link { $problem }
account-back-to-sign-in = Back to sign in
account-ask-new-link = Ask for a new link
account-cancel = Cancel

## Forgot password

account-forgot-heading = Forgot your password?
account-forgot-intro = Enter the email of your account. We mail you a link to choose a new password.
account-forgot-send = Send reset link
account-forgot-sending = Sending…
account-forgot-sent-heading = Check your mail
account-forgot-no-mail = No mail? Check the spam folder, or ask an administrator: they can give you a reset link themselves.

## Choose a new password

# shown under the field "New password again"
account-password-mismatch = does not match the new password
account-reset-intro = Setting it signs you out on every device; then sign in with the new password.
account-reset-password-hint = At least 10 characters.
account-reset-password-again = New password again
account-reset-submit = Set new password
account-reset-done-heading = Password changed
account-reset-done = Your new password is set, and every device that was signed in has been signed out.

## Confirm your email

account-verify-intro = Confirming tells Cardsmith this address reaches you, so password reset mails find you.
account-verify-new-link = An administrator can send you a new one from the Users page.
account-verify-submit = Confirm my email
account-verify-busy = Confirming…
account-verify-done-heading = Email confirmed
account-verify-done = Thank you: your email is verified.
account-verify-go = Go to Cardsmith

## Link a player account (the code the player's app shows)

account-link-player-intro = Type the code your app shows. Only type a code shown by your own app: linking lets that Cardsmith account use your players.
account-link-player-code = Code from your app
account-link-player-code-hint = 8 letters, like WDJB-MJHT
account-link-player-submit = Link account
account-link-player-busy = Linking…
account-link-player-done-heading = Player account linked
account-link-player-done = Done: you can close this window and go back to your app.

## Single sign-on (provider: the provider's name, e.g. "Authentik")

account-oidc-failure-expired = The sign-in took too long or was already finished; sign in again
account-oidc-failure-denied = The sign-in provider did not sign you in
account-oidc-failure-email-in-use = An account with this email already exists here, and accounts are never joined to a sign-in provider by email: sign in with your password and choose "Link sign-in provider" in Settings, or ask an admin to associate it
account-oidc-failure-email-unverified = Your sign-in provider has not verified your email address, and a new account needs a verified one: verify it with the provider and sign in again, or ask an admin to create your account and associate this sign-in
account-oidc-failure-no-email = The sign-in provider did not share a usable email address, which a new account needs; ask an admin to create your account and associate it
account-oidc-failure-deactivated = This account is deactivated; ask an admin to reactivate it
account-oidc-failure-identity-taken = This sign-in provider identity already belongs to another account here
account-oidc-failure-already-linked = This account is already linked to a sign-in provider; unlink it first
account-oidc-failure-provider-unavailable = The sign-in provider cannot be reached right now; try again in a moment
account-oidc-failure-failed = Signing in with the provider did not work; try again
account-oidc-or = or
account-oidc-sign-in-with = Sign in with { $provider }
account-oidc-linked = Sign-in provider linked: you can now sign in with it.
account-oidc-unlinked = Unlinked: you sign in with your password.
account-oidc-method = Sign-in method
account-oidc-password-only = You sign in with your password. Link your { $provider } account to sign in with it too; you confirm at { $provider }.
account-oidc-link = Link sign-in provider
account-oidc-provider-only = You sign in with { $provider } only. To unlink it, first get a password: sign out and choose “Forgot password?” on the sign-in page.
account-oidc-both = You sign in with your password or with { $provider }.
account-oidc-unlink = Unlink sign-in provider
account-oidc-unlink-question = Stop signing in with { $provider }? You will sign in with your password only.
account-oidc-unlink-confirm = Yes, unlink
# badges on the Users page, beside an account
account-oidc-badge-provider-only = signs in with { $provider } only
account-oidc-badge-both = password or { $provider }
account-oidc-associate-label = Associate sign-in identity: { $email } ({ $provider })
account-oidc-associate-open = Associate sign-in identity
account-oidc-associate = Associate
account-oidc-associating = Associating…
account-oidc-no-password = No password: the identity stays until they set one (Forgot password?).
account-oidc-remove = Remove sign-in identity
account-oidc-remove-question = Remove the { $provider } identity from { $email }? They will sign in with their password only.
account-oidc-remove-confirm = Yes, remove
account-oidc-subject = Subject at the provider
account-oidc-subject-hint = The person's identifier (sub) at the provider, from its admin console. They then sign in to this account through the provider. Accounts are never matched by email.

## Account deletion (requested, until: dates)

account-delete-heading = Delete my account
account-delete-intro = An administrator decides. Collections you share are handed to another member or kept for the others; your sessions, linked player accounts, recordings and label sheets are deleted.
account-delete-reason = Reason (optional)
account-delete-reason-hint = At most 1000 characters; the administrators read it.
account-delete-request = Request deletion
account-delete-request-question = Ask the administrators to delete your account? Once they approve, you cannot sign in again and this cannot be undone.
account-delete-request-confirm = Yes, request deletion
account-delete-status-pending = Deletion requested on { $requested }. It waits for an administrator until { $until }.
account-delete-status-rejected = Your request of { $requested } was rejected; you may ask again.
account-delete-status-expired = Your request of { $requested } expired without a decision; you may ask again.
account-delete-owns-nothing = They own no collections.
account-delete-takeover = Who takes over each collection they own
account-delete-leave-orphaned = Leave orphaned (assign later)
account-delete-keep-shared = Keep with its other owners
# the members of a collection besides the person being deleted (0 or more)
account-delete-other-members = { $count ->
    [one] { $count } other member
   *[other] { $count } other members
}
account-delete-user-label = Delete user…: { $email }
account-delete-user-open = Delete user…
account-delete-user-question = Delete { $email } for good? Their sessions end, their jobs stop, and their linked player accounts, recordings and label sheets are deleted. Their collections go to the owners chosen above or stay orphaned for you to assign.
account-delete-user-group = Delete { $email }
account-delete-loading-collections = Loading their collections…
account-delete-user = Delete user
account-delete-user-confirm = Yes, delete user

## The admin's email actions on a user (Users page)

account-email-verified = email verified
account-email-not-verified = email not verified
account-email-reset-question = Make a password reset link for { $email }? You give it to them yourself; it works once, within 1 hour, and signs them out everywhere when used.
account-email-resend-label = Resend verification: { $email }
account-email-verify-label = Mark email verified: { $email }
account-email-resend = Resend verification
account-email-verify = Mark email verified
account-email-reset = Reset password
account-email-reset-confirm = Yes, make a reset link
account-email-copied = Copied
account-email-copy-by-hand = Copy the link by hand: this page cannot reach the clipboard
account-email-reset-link = Reset link
account-email-copy-link = Copy reset link
account-email-copy = Copy

## AI providers (name: a provider and its model, e.g. "OpenAI (gpt-4o-mini)")

account-ai-heading = AI providers
account-ai-system-heading = System AI providers
account-ai-intro = Cardsmith tries these in order to write stories, draw covers and icons and speak tracks. Each has a budget it never goes over; when none can, the built-in offline generators do the work for free.
account-ai-system-intro = Every user's cards may use these, after the user's own providers. Each has a budget it never goes over, shared by all users.
account-ai-add = Add provider
account-ai-turned-on = { $name } is on.
account-ai-turned-off = { $name } is off.
# place: 1 for the first provider tried
account-ai-moved = { $name } is now number { $place } in the order.
account-ai-order-not-saved = The new order was not saved: { $error }
account-ai-deleted = Deleted { $name }.
account-ai-kind-openai-compatible = OpenAI-compatible server
account-ai-model-placeholder = the model name your server lists
account-ai-uses-openai = Text, pictures and speech.
account-ai-uses-openai-compatible = Text (and pictures or speech if the server offers them), from a server such as LocalAI or vLLM.
account-ai-uses-ollama = Text from models running on your own computer or server; free.
account-ai-uses-text = Text: stories, themes and icon drawings.
account-ai-uses-ideogram = Pictures: covers and icons.
account-ai-uses-elevenlabs = Speech: natural voices for spoken tracks.
# message: what the provider answered
account-ai-test-passed = Test passed: { $message }
account-ai-test-failed = Test failed: { $message }
account-ai-budget-not-dollars = must be an amount in dollars, e.g. 5 or 2.50
account-ai-monthly-not-dollars = must be an amount in dollars, or empty for no monthly cap
account-ai-saved = Saved { $name }.
account-ai-edit-title = Edit AI provider
account-ai-add-title = Add an AI provider
account-ai-add-subtitle = Tried before the instance's providers
account-ai-system-add-subtitle = Tried for every user, after their own
account-ai-save = Save provider
account-ai-test-key-title = Makes one small real call with the key as typed
account-ai-test-key = Test key
account-ai-key-hint-stored = Stored and never shown. Leave empty to keep the stored key.
account-ai-key-hint-new = Stored sealed and never shown again. Not needed for Ollama or a local server.
account-ai-provider = Provider
account-ai-model = Model
account-ai-key = API key
account-ai-key-stored-placeholder = •••••••• (stored)
account-ai-base-url = Server address
account-ai-base-url-hint = e.g. http://localhost:11434. Empty: the address the operator configured.
account-ai-budget-dollars = Budget (dollars)
account-ai-budget-hint = The most it may ever spend.
account-ai-monthly-dollars = Monthly cap (dollars)
account-ai-monthly-hint = Optional. Empty: no monthly cap.
account-ai-enabled = Enabled
account-ai-enabled-hint = Off: kept, but passed over in the cascade.
# problem: the server's reason, in English, why the order cannot be saved
account-ai-order-problem = Order { $problem }
# amount: a figure with two decimals, already in the language's notation
account-usd = ${ $amount }
account-usd-below-cent = < ${ $amount }
account-date-long = { $day } { $month ->
        [1] January
        [2] February
        [3] March
        [4] April
        [5] May
        [6] June
        [7] July
        [8] August
        [9] September
        [10] October
        [11] November
       *[12] December
    } { $year }
account-ai-no-budget = No budget: only free calls are made
account-ai-budget-words = { $spent } of { $budget } spent · { $left } left
account-ai-loading = Loading providers…
account-ai-none = You have no AI providers. Everything is generated offline, for free, until you add one.
account-ai-system-none = The instance has no AI providers. Users who add none of their own get offline generation.
account-ai-order-label = Providers in the order they are tried
account-ai-drag = Drag to reorder
account-ai-move-up-label = Move { $name } up
account-ai-move-up = ↑ Up
account-ai-move-down-label = Move { $name } down
account-ai-move-down = ↓ Down
account-ai-test-label = Test { $name }
account-ai-testing = Testing…
account-ai-test = Test
account-ai-edit-label = Edit { $name }
account-ai-edit = Edit
account-ai-delete = Delete
account-ai-delete-question = Delete { $name }? Its key and spending record go with it.
account-ai-delete-confirm = Yes, delete provider
account-ai-key-stored = Key stored
account-ai-key-not-needed = No key needed
account-ai-key-missing = No key
account-ai-use-label = Use { $name }
account-ai-on = On
account-ai-off = Off
account-ai-budget = Budget
account-ai-this-month = This month
account-ai-month-words = { $spent } of { $cap } this month · resets { $reset }
account-ai-last-error = Last error:
# the cascade: "First your OpenAI (gpt-4o-mini), then the instance's Anthropic (claude-haiku-4-5),
# then the built-in offline generators." steps is the list made of the step messages, each
# joined to the next by account-ai-steps-then
account-ai-cascade = First { $steps }.
account-ai-cascade-offline-only = Everything is made by the built-in offline generators: free, and no data leaves the server.
account-ai-step-offline = the built-in offline generators
account-ai-step-yours = your { $name }
account-ai-step-instance = the instance's { $name }
account-ai-steps-then = { $steps }, then { $next }
account-ai-system-cascade = For every user, after their own providers: first { $steps }.
account-ai-system-cascade-none = Users without providers of their own get the built-in offline generators.
account-ai-cascade-yours = Your cascade
account-ai-cascade-instance = The instance's cascade
account-ai-cascade-loading = Working out the order…
account-ai-cascade-note = A provider that is off, has no key, has spent its budget or fails is passed over, and the next one is tried.

account-delete-requested = Your request to delete your account was sent to the administrators. If nobody decides it, it expires on { $expires }.
