# The mails Cardsmith sends, and the answers that say a mail is on its way.

mail-hello = Hello { $name },
mail-copy-link = Or copy this link:
mail-hours = { $count ->
    [one] 1 hour
   *[other] { $count } hours
}

mail-reset-subject = Reset your Cardsmith password
mail-reset-why = Somebody (hopefully you) asked to reset the password of your Cardsmith account.
mail-reset-how = Choose a new password with this link. It works once, for { $lifetime }, and signs you out on every device:
mail-reset-button = Choose a new password
mail-reset-closing = If you did not ask for this, ignore this mail: your password stays as it is.
mail-reset-requested = If an account has this email, a link to reset its password is on its way. It works once, for { $lifetime }.

mail-verify-subject = Confirm your email for Cardsmith
mail-verify-why = An administrator created a Cardsmith account for you, or asked us to confirm its address again.
mail-verify-how = Confirm that this address is yours with this link (it works for { $lifetime }):
mail-verify-button = Confirm my email
mail-verify-closing = If you do not know what this is about, ignore this mail.
mail-resend-sent = A new verification link is on its way to { $email }.
mail-resend-outbox = No mail server is configured: the verification mail to { $email } is in the outbox (Admin → Mail), where you can copy its link.

mail-invite-subject = You are invited to share a collection on Cardsmith
mail-invite-who = “{ $who }” ({ $email }) invited you to the collection “{ $collection }” { $role ->
    [owner] as an owner
    [editor] as an editor: you may add and change its cards
   *[viewer] as a viewer: you may listen to its cards
}.
mail-invite-how = Sign in to accept or decline the invitation:
mail-invite-button = See the invitation
mail-invite-closing = If you have no account with this address ({ $to }) there yet, ask the administrator of that Cardsmith for one, or sign in with single sign-on if the sign-in page offers it.

mail-backup-failed-subject = A Cardsmith backup failed
mail-backup-failed-run = The last backup of your Cardsmith did not finish. Until one does, recordings made since the last good backup exist in one place only.
mail-backup-failed-verify = Checking the kept backups found files that are missing or damaged: a restore from those backups would not be whole.
mail-backup-failed-how = The server's log says why. The Backups page shows the last runs and lets you try again:
mail-backup-failed-button = Open Backups
mail-backup-failed-closing = You receive this mail because you are an administrator of this Cardsmith.
