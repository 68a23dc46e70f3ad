# Problem details as the pages show them. The server writes them in English (for API clients
# and logs); each English message below is also the pattern the server's sentence follows, so
# keep it word for word what the code writes. `$n` and `$m` stand for numbers.

problem-title-400 = Malformed request
problem-title-401 = Sign-in required
problem-title-403 = Not allowed
problem-title-404 = Not found
problem-title-405 = Method not allowed
problem-title-409 = Conflict
problem-title-413 = Payload too large
problem-title-415 = Unsupported media type
problem-title-422 = Invalid input
problem-title-429 = Too many requests
problem-title-500 = Internal server error
problem-title-503 = Service unavailable

# Said when the server's own sentence has no translation yet.
problem-status-400 = The request was not understood. Reload the page and try again.
problem-status-401 = Sign in first: your session may have ended.
problem-status-403 = You may not do this.
problem-status-404 = This no longer exists, or it is not yours to see.
problem-status-405 = This cannot be done here.
problem-status-409 = This cannot be done right now: something changed meanwhile. Reload the page and try again.
problem-status-413 = This is too large.
problem-status-415 = This kind of file cannot be used here.
problem-status-422 = Something you entered is not valid.
problem-status-429 = Too many tries. Wait a moment and try again.
problem-status-500 = Something went wrong on the server. Try again, and tell your administrator if it keeps happening.
problem-status-503 = A service Cardsmith needs cannot be reached right now. Try again in a moment.
problem-not-valid = is not valid

problem-field-is = { $field } { $detail }
problem-fields = { $count ->
    [one] { $count } field is invalid
   *[other] { $count } fields are invalid
}
problem-field-title = title
problem-field-name = name
problem-field-email = email
problem-field-password = password
problem-field-current-password = current password
problem-field-display-name = display name
problem-field-description = description
problem-field-slug = address
problem-field-text = text
problem-field-voice = voice
problem-field-url = link
problem-field-code = code
problem-field-link = link
problem-field-collection = collection
problem-field-language = language

problem-required = is required
problem-required-for = is required for { $a }
problem-too-long = is too long
problem-longer-than = is longer than { $n } characters
problem-not-email = is not an email address
problem-must-be-email = must be an email address
problem-at-most-chars = must be at most { $n } characters
problem-at-least-chars = must be at least { $n } characters
problem-between-chars = must be between { $n } and { $m } characters
problem-from-to-chars = must be { $n } to { $m } characters
problem-between-seconds = must be between { $n } and { $m } seconds
problem-between-minutes = must be { $n } to { $m } minutes
problem-between = must be between { $n } and { $m }
problem-from-to = must be { $n } to { $m }
problem-or-more-seconds = must be { $n } or more seconds
problem-or-more = must be { $n } or more
problem-one-of = must be one of { $a }
problem-one-of-three = must be { $a }, { $b } or { $c }
problem-one-of-two = must be { $a } or { $b }
problem-no-control = must not contain control characters
problem-no-spaces = must not contain spaces
problem-not-empty = must not be empty
problem-empty = is empty
problem-http = must start with http:// or https://
problem-listed-twice = is listed twice
problem-after-start = must be after the start
problem-slug-chars = may contain only lowercase letters, digits and single hyphens, not at the ends
problem-reserved = is the name of a fixed address of the API; choose another
problem-not-your-collection = is not a collection you can edit
problem-not-your-account = is not one of your linked accounts
problem-link-invalid = is not valid; copy the whole link from the mail, or ask for a new one
problem-link-used = has already been used (each link works once); ask for a new one if you need it
problem-link-expired = has expired (these links work for { $a }); ask for a new one
problem-session-expired = has expired; sign in again
problem-session-unknown = is unknown or was already used; sign in again
problem-pairing-code = must be the 8 letters your app shows, like WDJB-MJHT
problem-answered = answered { $n }
problem-larger-than-mb = is larger than { $n } MB
problem-unreachable = could not be reached
problem-no-answer-in-time = did not answer in time ({ $n } s)
problem-too-many-redirects = redirects more than { $n } times
problem-not-a-feed = is not a feed Cardsmith can read
problem-feed-without-audio = is a feed without any audio episodes
problem-private-network = it points into a private network; only public internet addresses are allowed
problem-unresolved = its host name does not resolve
problem-not-accepted-audio = the file is not { $a }
problem-audio-too-long = the audio lasts { $a }; a track may last at most { $b } on this server
problem-feed-follower-gone = is followed by someone who may no longer edit the card: check it from the card to follow it yourself

problem-sign-in-first = sign in first
problem-wrong-password = email or password is wrong
problem-admin-only = this needs the admin role
problem-slug-taken = the slug { $a } is taken
problem-already-member = { $a } is already a member or invited
problem-user-exists = a user with email { $a } already exists
problem-nothing-recorded = nothing was recorded yet
problem-waveform-later = the waveform is ready once the track is transcoded
problem-not-audio = the recording is not audio the server can read
problem-image-unreadable = the image could not be read
problem-too-many-one-second = too many { $what }; try again in 1 second
problem-too-many-seconds = too many { $what }; try again in { $n } seconds
problem-locked-one-minute = too many failed sign-ins for this email from your address; try again in 1 minute
problem-locked-minutes = too many failed sign-ins for this email from your address; try again in { $n } minutes
problem-platform-busy = the player platform is busy: { $reason }
problem-platform-unavailable = the player platform is unavailable: { $reason }
problem-platform-failed = the player platform failed: { $reason }
problem-server-unreachable = the server cannot be reached; check your connection and try again
