# Players: linked player accounts, the devices page (status, controls, settings, shortcuts),
# importing from an account, and the publish dialog.

## Shared by the accounts, devices and import pages

player-no-account-heading = No player account linked
player-link-account = Link a player account
player-needs-relink = Needs linking again

## Accounts

player-accounts-trip-expired = That link took too long or was already used. Start linking again.
player-accounts-trip-other-session = That link was started in another browser or session. Start linking again from this one.
player-accounts-trip-denied = The player platform did not link the account (it was refused or cancelled).
player-accounts-trip-other = Linking did not work. Start linking again.
player-accounts-trip-failed = Linking did not finish: { $reason }
player-accounts-linked-note = Player account linked.
player-accounts-link-unavailable = Linking is not set up on this server
player-accounts-link-unavailable-see-above = Linking is not set up on this server: see above.
player-accounts-empty-body = Once an account is linked, its players appear on the Devices page and its cards on the Import page.
player-accounts-list = Linked accounts
player-accounts-account = Account { $label }
player-accounts-badge-linked = Linked
player-accounts-linked-since = Linked since { $date }
player-accounts-link-refused = The player platform no longer accepts this link.
player-accounts-relink-wait = Publishing to it and controlling its players wait until you link it again.
player-accounts-link-again = Link again
player-accounts-unlink = Unlink
player-accounts-unlink-question = Unlink { $label }? Its cards stay on the players; Cardsmith forgets the link and its keys.
player-accounts-unlink-confirm = Yes, unlink

## Devices

player-devices-empty-body = Link the account your family uses on its players, and they appear here.
player-devices-relink-notice = This account must be linked again before its players can be controlled; they are shown as last seen.
player-devices-relink-link = Link it again on the Accounts page
player-devices-unreachable = The player platform could not be reached: these players are shown as last seen.
player-devices-count = { $count ->
    [one] { $count } player
   *[other] { $count } players
}
player-devices-none-registered = No players are registered on this account.
player-devices-none-seen = No players seen on this account yet.
player-devices-list = Players of { $account }
player-device = Player { $name }
player-device-online = Online
player-device-offline = Offline
player-device-cached = Cached snapshot from { $time }: the player platform could not be reached.
player-device-battery = Battery
player-device-battery-level = Battery level
player-device-battery-percent = { $percent }%
player-device-battery-unknown = unknown
player-device-charging = charging
player-device-playing = Playing
player-device-playing-nothing = nothing
player-device-volume = Volume

## Devices: commands and the card picker

player-picker-other = Another card, by its id…
player-picker-card-id = Card id
player-picker-id-hint = The card's id on the player platform: the last part of its share link.
player-control-choose-card = Choose the card to play first.
player-control-group = Control { $name }
player-control-card = Card to play
player-control-play = Play
player-control-pause = Pause
player-control-resume = Resume
player-control-stop = Stop

## Devices: settings ("auto" and "digital-sun" are values to type: keep them as they are)

player-settings = Settings
player-settings-form = Player settings
player-settings-intro = Only the settings you change are sent; the player keeps all the others.
player-settings-save = Save settings
player-settings-nothing-changed = Nothing changed: edit a setting first.
player-settings-need-fixing = Some settings need fixing; see the fields.
player-setting-day-max-volume = Day maximum volume
player-setting-night-max-volume = Night maximum volume
player-setting-volume-hint = 0 to 16
player-setting-day-time = Day starts at
player-setting-day-time-hint = When the day volume and brightness begin
player-setting-night-time = Night starts at
player-setting-night-time-hint = When the night volume and brightness begin
player-setting-day-brightness = Day brightness
player-setting-night-brightness = Night brightness
player-setting-brightness-hint = auto, or 0 to 100
player-setting-shutdown = Switch off after (minutes)
player-setting-shutdown-hint = Idle minutes before it switches off, 0 to 1440
player-setting-clock-face = Clock face
player-setting-clock-face-hint = e.g. digital-sun
player-setting-timezone = Time zone
player-setting-timezone-hint = e.g. Europe/London; empty means the player's own guess

## Devices: shortcuts (problem: the check's complaint, e.g. "is required")

player-shortcuts = Shortcuts
player-shortcuts-intro = Cards the child starts from the player's buttons, by day or by night. The player platform does not let apps read the current shortcuts, so they cannot be shown here: saving replaces all of the player's shortcuts with this list.
player-shortcuts-list = Shortcuts to save
player-shortcuts-add = Add shortcut
player-shortcuts-remove-all = Remove all shortcuts
player-shortcuts-save = Save shortcuts
player-shortcut = Shortcut { $number }
player-shortcut-remove-label = Remove shortcut { $number }
player-shortcut-remove = Remove
player-shortcut-mode = Mode
player-shortcut-day = Day
player-shortcut-night = Night
player-shortcut-card = Card
player-shortcut-chapter = Chapter (optional)
player-shortcut-track = Track (optional)
player-shortcut-example = e.g. 01
player-shortcut-error-card = Shortcut { $number }: the card { $problem }.
player-shortcut-error-mode = Shortcut { $number }: the mode { $problem }.
player-shortcut-error-other = Shortcut { $number }: it { $problem }.

## Import (problem: the check's complaint about the name, e.g. "must not be empty")

player-import-empty-body = Link the account your family uses on its players to import the cards you made there.
player-import-account = Account
player-import-nothing-heading = Nothing to import
player-import-nothing-body = This account has no cards of its own yet.
player-import-cards-list = Cards on the account
player-import-cover = Cover of { $title }
player-import-progress = Importing { $title }
# link: the link "open the card" (player-import-open-card)
player-import-imported = Imported: { $link }
player-import-open-card = open the card
player-import-importing = Importing…
player-import-again = Import again
player-import-start = Import
player-import-already = Already imported
player-import-changed-since-published = Changed since published
player-import-edited-since-import = Edited here since import
# collection: a link to the collection, with its name
player-import-made-here = Made here — already in { $collection }
player-import-open-card-named = Open the card { $title }
player-import-open-card-button = Open the card
player-import-into = Import into
player-import-default-collection = My recordings (made for you)
player-import-new-collection = A new collection…
player-import-new-collection-name = Name of the new collection
player-import-new-collection-hint = Made with the first card you import
player-import-new-collection-refused = The new collection's name { $problem }

## Publishing: badges

player-badge-title = Where this card stands on your players
player-badge-on-player = On player
player-badge-changed = Changed since publishing
player-badge-publishing = Publishing…
player-badge-failed = Publish failed

## Publishing: the dialog

player-publish-title = Publish to player
player-publish-cards-chosen = { $chosen } of { $total } cards chosen
player-publish-checking = Checking…
player-publish-check = Check what will change
player-publish-verify = Verify
player-publish-publish = Publish
player-publish-back = Back
player-publish-nothing-to-send = Everything chosen is already on the player.
player-publish-will-send = { $count ->
    [one] { $count } card will be sent.
   *[other] { $count } cards will be sent.
}
player-publish-running = Publishing… You may close this window: it carries on.
player-publish-done = Done
player-publish-no-account = No player account is linked yet.
player-publish-no-account-text = Link your family's player account, then publish from here.
player-publish-no-account-link = Link an account on the Accounts page
player-publish-accounts = Player accounts
player-publish-account-relink = Needs linking again before publishing.
player-publish-account-relink-link = Link again on the Accounts page
player-publish-cards = Cards
player-publish-select-all = Select all
player-publish-select-none = Select none
player-publish-no-tracks = No tracks yet
player-publish-verified-heading = On the player now
player-publish-verified-list = Verified on the player
player-publish-on-account = on { $account }
player-verify-in-sync = Up to date on the player
player-verify-changed-locally = Changed here since publishing
player-verify-changed-upstream = Changed on the player's side
player-verify-missing = Deleted from the account
player-verify-not-published = Not published yet

## Publishing: the plan and the progress of each card and account
## (items: upload parts joined by " · ", e.g. "1 audio file (32 KB) · 1 icon · cover")

player-action-create = Create
player-action-update = Update
player-action-unchanged = Unchanged
player-uploads-refused = The player would refuse this card: { $problems }
player-uploads-already = Already on the player: nothing will be sent
player-uploads-details-only = No audio to upload: only the card's details are sent
player-uploads-no-audio = No audio to upload · uploads { $items }
player-uploads = Uploads { $items }
player-uploads-audio = { $count ->
    [one] { $count } audio file ({ $size })
   *[other] { $count } audio files ({ $size })
}
player-uploads-icons = { $count ->
    [one] { $count } icon
   *[other] { $count } icons
}
player-uploads-cover = cover
player-plan-create = { $count } to create
player-plan-update = { $count } to update
player-plan-unchanged = { $count } unchanged
player-plan-upload = { $size } of audio to upload
player-plan-no-upload = no audio to upload
player-outcome-published = { $count } published
player-outcome-unchanged = { $count } unchanged
player-outcome-failed = { $count } failed
player-runs-list = Publish plan
player-run-to = to { $account }
player-run-progress-label = Publishing { $name }
player-run-unchanged = Unchanged, nothing sent
player-run-published = Published
player-run-failed = Failed: { $reason }
player-run-progress = Publishing… { $percent }%
player-run-queued = Queued

# What the player was sent, said after a control is pressed.
player-sent-play = Sent play to the player
player-sent-pause = Sent pause to the player
player-sent-resume = Sent resume to the player
player-sent-stop = Sent stop to the player
player-sent-status = Asked the player for its status
player-sent-volume = Volume set on the player
player-sent-sleep-timer = Sleep timer set on the player
player-sent-ambient = Night light colour set on the player
player-sent-next = Skipped to the next chapter
player-sent-previous = Went back a chapter
player-sent-events = Asked the player what it is playing
player-sent-preview = The icon shows on the player
player-settings-saved = { $count ->
    [one] { $count } setting saved on the player
   *[other] { $count } settings saved on the player
}
player-shortcuts-saved = { $count ->
    [one] { $count } shortcut saved on the player
   *[other] { $count } shortcuts saved on the player
}

## The players page: what a player is doing now (live)
player-live-heading = Now playing
player-live-live = Live
player-live-connecting = Connecting…
player-live-unavailable = Not live
player-live-relink = Link again to see it live
player-live-waiting = Waiting for the player to report…
player-live-nothing = Nothing playing
player-live-offline = The player is off or out of reach
player-live-status-playing = Playing
player-live-status-paused = Paused
player-live-status-stopped = Stopped
player-live-status-loading = Loading…
player-live-progress = Position in the chapter
player-live-pause = Pause
player-live-resume = Resume
player-live-stop = Stop
player-live-next = Next chapter
player-live-previous = Previous chapter
player-live-volume = Volume
player-live-sleep = Sleep timer
player-live-sleep-off = Off
player-live-sleep-minutes = { $minutes } min
player-live-sleep-left = Stops in { $time }
