# One card's page: its header, chapters (tracks), covers, playback, kept originals and management.

## Header and sections

card-breadcrumb = Breadcrumb
card-all-cards = ← All cards
card-front-cover = Front cover
card-back-cover = Back cover
# The collection's name is shown as a link to the collection.
card-home = In { $collection }
card-home-by = In { $collection } · by { $author }
card-details-title = Details
card-details-summary = Title, description, author
card-art-title = Cover and icons
card-art-summary-editor = Front and back cover, generated covers, chapter icons
card-art-summary = Front and back cover
card-playback-title = Playback
# The Playback section's summary line: what happens after a chapter, and the order.
card-playback-summary = { $advance ->
        [none] Stops after each chapter
        [repeat] Repeats the chapter
       *[next] Plays on to the next chapter
    } · { $order ->
        [random] random order
       *[in-order] in order
    }
card-originals-title = Kept originals
card-originals-summary = What Undo restores after a trim, split or fade
card-manage-title = Manage card
card-manage-summary = Web address, collections, delete

## Publishing

card-publish = Publish to player
card-publish-needs-track = Add a track to publish this card to a player.
card-players-heading = On your players
card-players-playing-on = Playing on { $player }
card-players-paused-on = Paused on { $player }
card-players-play-on = Play on { $player }
card-players-show-icon = Show icon
card-players-show-icon-on = Show the icon on { $player }

## Covers

card-covers-title = Covers
card-covers-intro-editor = Printed on the label and shown on the player. Drop an image on a cover, or click it to choose a file.
card-covers-intro = Printed on the label and shown on the player.

## Details

card-about-title = About this card
card-no-description = No description.
card-saved = Card saved
card-details-form = Card details
card-save = Save card

## Playback

card-playback-saved = Playback saved
card-playback-settings = Playback settings
card-autoadvance = After each chapter
card-autoadvance-next = Play the next chapter
card-autoadvance-none = Stop after each chapter
card-autoadvance-repeat = Repeat the chapter
card-shuffle = Shuffle
card-shuffle-off = Off: play in order
card-shuffle-on = On: random order
card-overlay-timeout = Chapter overlay (seconds)
card-overlay-timeout-hint = How long the chapter name stays on screen, 0 to 3600.
card-resume-timeout = Resume within (seconds)
card-resume-timeout-hint = Re-inserting the card this soon resumes where it stopped, 0 to 86400.
card-save-playback = Save playback

## Managing the card

card-address = Address
card-home-collection = Home collection
card-also-shown-in = Also shown in
card-move-owners-only = Only the owners of its collection can move this card to another collection.
card-moved = Moved to { $collection }
# The words between <a> and </a> become a link to the collections page; keep the markers.
card-move-nowhere = There is no other collection you can edit to move this card to. Create one on the <a>collections page</a>.
card-move = Move card
card-move-to = Move to
card-move-to-hint = The card then belongs to that collection and its members.
card-moving = Moving…
card-linked-by = linked by { $name }
card-linked-by-deleted = linked by a deleted account
card-unlink-label = Remove from { $collection }
card-unlink = Remove
card-not-linked = This card is in its own collection only.
card-links-list = Collections this card is linked into
card-delete = Delete card
card-delete-question = Delete “{ $title }”? Its covers and settings go too, and it disappears from every collection it is linked into. This cannot be undone.
card-delete-confirm = Yes, delete card

## Tracks

card-tracks-title = Tracks
card-tracks-intro-editor = The player plays these in order. Drag a track by its grip to move it; ⋯ has the rest.
card-tracks-intro = The player plays these in order.
card-no-tracks-editor = No tracks yet. Record one, upload audio files (several at once is fine), type a story for a voice to read, or add a stream.
card-no-tracks = No tracks yet.
card-track-list = Tracks in play order
card-track-row = Track { $number }: { $title }
card-track-moved = “{ $title }” is now chapter { $number }
card-order-not-saved = The new order was not saved: { $error }
card-conversion-failed = The audio could not be converted.
card-undo = Undo
card-undoing = Undoing…
card-dismiss = Dismiss
card-status-stream = Stream
card-status-unreachable = Stream unreachable
card-status-waiting = Waiting to convert
card-status-converting = Converting
card-status-failed = Failed
card-drag-handle = Drag handle of { $title }
card-drag-title = Drag to reorder

## A track's actions

card-track-actions = Actions for { $title }
card-rename = Rename
card-rename-label = Rename { $title }
card-edit = Trim, split, fade
card-edit-label = Edit { $title }
card-move-up = Move up
card-move-up-label = Move { $title } up
card-move-down = Move down
card-move-down-label = Move { $title } down
card-icon = Icon
card-icon-label = Change the icon of { $title }
card-track-delete = Delete
card-track-delete-question = Delete “{ $title }”? Its audio leaves the card.
card-track-delete-confirm = Yes, delete track
card-track-deleted = Deleted “{ $title }”
# Shown after a track's file format, for a track the player streams.
card-format-stream = stream
card-rename-form = Rename track
card-new-title = New title
# The problem says what is wrong with the title, e.g. "must not be empty".
card-title-problem = Title { $problem }
card-save-title = Save title
card-cancel = Cancel

## The player

card-play-track = Play { $title }
card-pause-track = Pause { $title }
card-player = Player
card-playing = Playing { $title }
card-player-close = Close the player

## Adding chapters

card-add-title = Add to this card
card-add-record = Record
card-add-upload = Upload files
card-add-speak = Type a story
card-add-stream = Stream link
card-upload-choose = Choose audio files
card-upload-drop = Drop audio files here or choose files
card-upload-hint = MP3, M4A, WAV, FLAC, OGG and more. Several at once is fine; they are added in the order chosen.
card-drop-numbers = Leave out track numbers from file names
card-drop-numbers-hint = “01 The Cave.mp3” becomes “The Cave”: chapters are numbered by their place on the card.
card-uploads = Uploads
card-uploads-clear = Clear finished uploads
card-upload-of = Upload of { $name }
card-uploading = Uploading… { $percent }%
card-upload-added = Added as “{ $title }”
card-upload-unsupported = This browser cannot send files.
card-upload-unreadable = The server's answer was not understood: { $error }
card-stream-form = Add a stream
card-stream-intro = Internet radio or a podcast: the player fetches it itself, so it is always the latest.
card-stream-title = Stream title
card-stream-url = Stream address
card-stream-url-hint = An http:// or https:// address the player fetches itself.
card-stream-add = Add stream
card-stream-adding = Adding…

## Kept originals

card-originals-intro = When you trim, split, fade or merge a track, its original is kept here so the edit can be undone. Purge originals you no longer need to free space.
card-originals-loading = Loading kept originals…
card-originals-none = Nothing kept: no track has been edited yet.
card-restored = Restored “{ $title }”
card-restore-failed = Could not restore: { $error }
card-undo-gone = That edit can no longer be undone: its source was purged or restored.
card-purge-failed = Could not purge: { $error }
card-purge-question = Purge the original of “{ $title }”? The edit can then no longer be undone.
card-original = Original: { $title }
card-original-play-label = Play the original of { $title }
card-original-player = The original of { $title }
card-original-play = ▶ Play
card-restore = Restore
card-purge = Purge
card-purge-confirm = Yes, purge

## Many tracks at once (the batch bar)
card-batch-select = Select tracks
card-batch-region = Selected tracks
card-batch-selected = { $count ->
    [one] 1 track selected
   *[other] { $count } tracks selected
}
card-batch-all = Select all
card-batch-none = Select none
card-batch-done = Done
card-batch-pick = Select “{ $title }”
card-batch-rename = Rename…
card-batch-delete = Delete
card-batch-delete-question = { $count ->
    [one] Delete 1 track? You can undo it right after.
   *[other] Delete { $count } tracks? You can undo it right after.
}
card-batch-delete-yes = Yes, delete
card-batch-more = More actions for the selected tracks
card-batch-choose = More actions…
card-batch-top = Move to top
card-batch-bottom = Move to bottom
card-batch-sort-title = Sort by title
card-batch-sort-tags = Sort by tag number
card-batch-reverse = Reverse order
card-batch-icons-matched = Icons from their titles
card-batch-icons-default = Numbered icons
card-batch-loudness = Make the audio again (loudness)
card-batch-move = Move to another card
card-batch-copy = Copy to another card
card-batch-working = Working…
card-batch-rename-form = Rename the selected tracks
card-batch-find = Find
card-batch-replace = Replace with
card-batch-regex = Regular expression
card-batch-ignore-case = Ignore case
card-batch-strip-numbers = Strip leading numbers
card-batch-title-case = Title case
card-batch-preview = Preview
card-batch-apply = Rename
card-batch-cancel = Cancel
card-batch-to-card = Card
card-batch-loading-cards = Loading your cards…
card-batch-no-cards = There is no other card you can edit.
card-batch-applied = { $action }: { $count ->
    [one] 1 track
   *[other] { $count } tracks
}
card-batch-did-delete = Deleted
card-batch-did-move = Moved
card-batch-did-copy = Copied
card-batch-did-rename = Renamed
card-batch-did-icons = Icons set
card-batch-did-loudness = Making the audio again
card-batch-did-order = Reordered
card-batch-undone = The last batch was undone.
card-batch-undo-last = { $count ->
    [one] Undo “{ $action }” (1 track)
   *[other] Undo “{ $action }” ({ $count } tracks)
}
