# The card library, collections list, first steps, example content, putting cards on players,
# label sheets, and the shared building blocks (forms, dialogs, uploads, copying links).

## The card library: search, filters, tiles and rows, pages

library-cards = Cards
library-cards-in-collection = Cards in this collection
library-empty-cards = Cards are the audio playlists your child's player plays. They live in collections: open a collection, or create one, and add a card there.
library-go-to-collections = Go to your collections
library-empty-collection-editor = Add the first card with the form below: a title is enough to start.
library-empty-collection-viewer = Nobody has added a card to this collection yet.
library-no-cards = No cards
library-no-cards-yet = No cards yet
library-no-cards-match = No cards match
library-no-match-text = Nothing matches these words and filters. Try fewer words, a track's name, or other filters.
library-clear-search = Clear search and filters
library-cards-not-loaded = The cards could not be loaded: { $error }
# first, last and total are already formatted numbers; count is the total, for the plural.
library-showing = { $count ->
    [one] Showing { $first }–{ $last } of { $total } card
   *[other] Showing { $first }–{ $last } of { $total } cards
}
library-none-shown = No cards of { $total } shown
library-pages = Pages
library-previous = ‹ Previous
library-previous-page = Previous page
library-next = Next ›
library-next-page = Next page
library-page = Page { $page }
library-track-count = { $count ->
    [0] No tracks
    [one] { $count } track
   *[other] { $count } tracks
}
library-linked = Linked
library-home = Home
library-in-collection = in { $collection }

library-search-and-filter = Search and filter cards
library-search-cards = Search cards
library-search-placeholder = Title, author, description or a track
library-collection = Collection
library-all-collections = All collections
library-publish-state = Publish state
library-tracks = Tracks
library-sort-by = Sort by
library-view = View
library-filter-any = Any
library-publish-never = Never published
library-publish-on-player = On player
library-publish-changed = Changed since publishing
library-publish-publishing = Publishing…
library-publish-failed = Publish failed
library-tracks-some = Has tracks
library-tracks-none = No tracks yet
library-sort-title = Title A–Z
library-sort-updated = Recently updated
library-sort-created = Recently created
library-view-tiles = Tiles
library-view-list = List

## The cards and collections pages

library-print-labels = Print labels
library-cards-intro = Every card in your collections and the ones shared with you.
library-collections-intro = Collections group cards and can be shared with family members.
library-no-collections = No collections yet
library-no-collections-text = Create your first collection with the form: give it a name like “Bedtime stories”, then add cards to it.
library-default-collection = Default
library-new-collection = New collection
library-name = Name
library-description = Description
library-collection-description-hint = Optional: who it is for, or what goes in it.
library-create-collection = Create collection
library-creating = Creating…
library-collection-created = Created “{ $name }”: opening it…
# address: the new collection's web address, e.g. /collections/bedtime-stories
library-address = Address: { $address }

## First steps in an empty library

library-first-run-heading = Make your first card
library-start-record = ● Record a story
library-start-record-text = Read a story aloud with this device's microphone.
library-opening-recorder = Opening the recorder…
library-start-upload = ⬆ Upload audio
library-start-upload-text = Songs or stories you already have: MP3, M4A, WAV and more.
library-opening = Opening…
library-start-examples = ★ Try the example cards
library-start-examples-text = Three short spoken stories with covers and icons, to see how it works.
library-making-examples = Making the examples…
# link is a link whose words are library-first-run-link-player-link
library-first-run-link-player = To play cards on your child's player, { $link }.
library-first-run-link-player-link = link your player account

## Example content (administrators)

library-examples-heading = Example content
# "Examples" is the collection's name, the same in every language.
library-examples-text = Three example cards made on this server, without the internet: short stories read by an offline voice, with drawn covers and chapter icons. They go into a collection called Examples that you own, ready to look at, publish and print. They are made once per instance.
library-looking = Looking…
library-add-examples = Add example cards
library-examples-progress = Reading the stories aloud and drawing the covers…
library-examples-progress-label = Making the examples
library-examples-already = The examples were already there; nothing new was made.
library-examples-made = Made { $cards } cards with { $tracks } tracks.
library-examples-there = This instance has its example cards.
library-examples-converting = Converting the audio: { $ready } of { $total } tracks ready.
library-examples-converted = Converted tracks
library-examples-ready = All { $total } tracks are ready to play.
library-examples-open = Open the Examples collection
library-examples-deleted = The Examples collection was deleted; seeding again adds nothing.

## Putting a collection's cards on players

library-seed-open = Put on players…
library-seed-title = Put on players
library-seed-intro = The cards are published to the players' account where needed and added to each player's shortcuts, next to the ones it has.
# link is a link whose words are library-seed-no-players-link
library-seed-no-players = No players yet: { $link } first.
library-seed-no-players-link = link a player account
library-seed-players = Players
library-seed-when = When (leave empty for now)
library-seed-progress = Putting the cards on the players
library-seed-choose-player = Choose at least one player.
library-seed-one-account = Choose players of one account at a time.
library-seed-not-a-time = That is not a time.
# when: the time as typed, e.g. 2026-12-25T07:00
library-seed-scheduled = { $count ->
    [one] Scheduled for { $when }: { $count } player will get the cards then.
   *[other] Scheduled for { $when }: { $count } players will get the cards then.
}
library-seed-done = { $count ->
    [one] Done: the cards are on { $count } player, one button press away.
   *[other] Done: the cards are on { $count } players, one button press away.
}

## Label sheets and their share links

library-labels-intro = Print stickers for physical cards: each label shows the whole front cover, the title and author, and the chapters with their icons, at real card size.
library-no-cards-to-print = No cards to print yet
library-no-cards-to-print-text = Labels are made from your cards. Open a collection and add a card first, then come back here.
library-build-sheet = Build a sheet
library-select-all = Select all
library-selected = { $count } of { $total } selected
library-format = Format
library-page-size = Page size
library-page-size-a4 = A4 — 9 cards with cut marks
library-page-size-letter = US Letter — 9 cards with cut marks
library-page-size-card = Card size — 1 card a page, for card and photo printers
library-page-size-avery-l7166 = Avery L7166 stickers (A4) — 6 cards
library-page-size-avery-5168 = Avery 5168 stickers (US Letter) — 4 cards
library-generate-labels = Generate labels
library-generating = Generating…
library-no-sheet = No sheet yet
library-no-sheet-text = Tick the cards to print, choose a format and page size, then press “Generate labels”. The sheet appears here to preview, download and share.
library-your-sheet = Your sheet
library-label-preview = Label preview
library-download = Download
library-create-share-link = Create share link
library-creating-link = Creating link…
library-share-anyone = Anyone with this link can open the sheet, until you revoke it:
library-copy-share-link = Copy share link

library-share-links = Share links
library-share-links-intro = A share link opens a sheet without signing in, for whoever prints it. Revoke the links you no longer need.
library-no-share-links = No share links
library-no-share-links-text = Generate a sheet above, then press “Create share link” to let someone else print it.
library-revoke-all = Revoke all
library-revoke-all-question = Revoke every share link? Nobody can open your sheets through them any more; the sheets themselves stay.
library-revoke-all-confirm = Yes, revoke all
library-shares-revoked = { $count ->
    [one] Revoked { $count } link
   *[other] Revoked { $count } links
}
# when: the day and time the link was made, e.g. 2025-03-01 18:04
library-share-created = Created { $when }
library-open = Open
library-revoke = Revoke
library-revoke-link = Revoke link to { $file } created { $when }

## Shared building blocks: copying, dialogs, questions, addresses, card fields, images, requests

library-copy = Copy
library-copy-link = Copy link
library-copied = Copied
library-copy-by-hand = Copy the link by hand: this page cannot reach the clipboard
library-close = Close
library-cancel = Cancel
library-working = Working…

library-slug = Slug
library-slug-hint = The last part of the address: lowercase letters, digits and single hyphens. Old links stop working.
library-change-slug = Change slug
library-slug-changing = Changing…
library-slug-checking = Checking…
library-slug-unchecked = Could not check now; saving will tell.
# address: the address with the slug typed, e.g. /cards/moon-song
library-slug-available = { $address } is available
library-slug-taken = { $address } is taken
library-slug-required = { $address } is required
library-slug-too-long = { $address } must be at most { $max } characters
library-slug-malformed = { $address } may contain only lowercase letters, digits and single hyphens, not at the ends
# problem: a problem the server described in English
library-slug-problem = { $address } { $problem }

library-title = Title
library-author = Author
library-card-description-hint = Optional: what the child hears on this card.
library-card-author-hint = Optional: who wrote or tells the story.
library-player-title-limit = Players take titles of up to { $max } characters and this one has { $length }: shorten it to publish the card to a player.
# Under a field that takes a number
library-whole-number = must be a whole number

library-current-image = Current image
library-no-image = No image yet
library-choose-image = Choose an image file
library-drop-image = Drop an image here or choose a file
library-uploading = Uploading…
library-image-hint = JPEG, PNG, WebP or GIF, up to 10 MB.
library-image-wrong-type = Choose a JPEG, PNG, WebP or GIF image.
library-image-empty = This file is empty.
# size: the image's size in megabytes, one decimal
library-image-too-large = This image is { $size } MB; images can be at most 10 MB.
library-image-larger-than-server = The image is larger than the server accepts.
library-upload-failed = The upload failed ({ $status }).
library-browser-cannot-send = This browser cannot send files.

library-offline = The server cannot be reached; check your connection and try again.
library-file-too-large = The file is larger than the server accepts.
library-not-audio = This is not an audio file the server can read.
library-request-failed = The request failed ({ $status }).
library-request-not-written = The request could not be written: { $error }
library-answer-not-understood = The server's answer was not understood: { $error }
library-job-not-finished = The job did not finish.
library-browser-only = This only works in the browser.

# The label sheets' own words.
label-sheet-title = Card labels
label-more = + { $count } more

## Many cards at once (the library's selection)
library-pick = Select “{ $title }”
library-select = Select cards
library-bulk = Actions on the selected cards
library-bulk-selected = { $count ->
    [one] 1 card
   *[other] { $count } cards
} selected ({ $tracks ->
    [one] 1 track
   *[other] { $tracks } tracks
})
library-select-page = Select this page
library-select-done = Done
library-bulk-move = Move to…
library-bulk-link = Link into…
library-bulk-publish = Publish…
library-bulk-export = Export as ZIP
library-bulk-delete = Delete…
library-bulk-cancel = Cancel
library-bulk-move-to = Move the cards to
library-bulk-link-into = Show the cards in
library-bulk-move-go = Move
library-bulk-link-go = Link
library-bulk-delete-question = { $count ->
    [one] Delete 1 card and its { $tracks } tracks? This cannot be undone.
   *[other] Delete { $count } cards and their { $tracks } tracks? This cannot be undone.
}
library-bulk-delete-confirm = { $count ->
    [one] Delete 1 card
   *[other] Delete { $count } cards
}
library-bulk-moved = { $count ->
    [one] 1 card moved.
   *[other] { $count } cards moved.
}
library-bulk-linked = { $count ->
    [one] 1 card linked.
   *[other] { $count } cards linked.
}
library-bulk-deleted = { $count ->
    [one] 1 card deleted, with { $tracks } tracks.
   *[other] { $count } cards deleted, with { $tracks } tracks.
}
