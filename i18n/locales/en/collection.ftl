# One collection's page: its header, cards, story card, presets, child profile, sharing,
# background and settings; and the invitations to a collection.

coll-breadcrumb = Breadcrumb
coll-back-to-collections = ← Collections
coll-default-badge = Default
coll-stats-cards = Cards
coll-stats-disk-use = Disk use

coll-story-title = New story card
coll-story-summary = A story written for you, read by a voice
coll-presets-title = Story presets
coll-presets-summary-none = Ready-made story ideas
coll-presets-summary = { $count ->
    [one] { $count } preset
   *[other] { $count } presets
}
coll-profile-title = Child profile
coll-profile-summary = Name, age and interests stories are written for
coll-sharing-title = Sharing
coll-sharing-summary-none = Invite family to read or edit
coll-sharing-summary = { $count ->
    [one] { $count } member
   *[other] { $count } members
}
coll-background-title = Background
coll-background-summary = The picture behind the collection's tile
coll-background-intro = Shown behind the collection's tile in the list of collections.
coll-background-image = Background image
coll-settings-title = Settings
coll-settings-summary = Name, address, language, delete

# The cards
coll-cards-title = Cards
coll-publish-to-player = Publish to player
coll-new-card = New card
coll-create-card = Create card
coll-creating = Creating…
coll-card-created = Created “{ $title }”: opening it…

# Sharing
coll-sharing-intro = Owners manage members and settings, editors change cards, viewers look and listen.
coll-members = Members
coll-member-you = { $name } (you)
coll-member-change-access = Change access of { $email }
coll-member-remove = Remove
coll-member-remove-named = Remove { $email }
coll-invite-heading = Invite someone
coll-invite-email = Member email
coll-invite-email-hint = They are mailed an invitation and join once they accept it, signed in here (an administrator gives accounts).
coll-invite-role = Role
coll-invite = Invite
coll-inviting = Inviting…
coll-member-invited = Invited { $email }: they join once they accept
coll-leave = Leave collection
coll-leave-question = Leave “{ $name }”? You lose access to its cards until an owner adds you again.
coll-leave-confirm = Yes, leave

# Invitations: a collection's pending ones, and the ones addressed to you. The role is the
# role's code: owner, editor or viewer.
coll-invited-list = Invited
coll-invited-as = Invited as { $role }; joins once they accept
coll-invited-badge = invited
coll-invitation-revoke = Revoke
coll-invitation-revoke-named = Revoke the invitation of { $email }
coll-invitations-for-you = Invitations for you
coll-invitations-explain = Accept one to find its cards in your library.
coll-invitation-from = { $from } invited you as { $role }
coll-invitation-from-somebody = Somebody invited you as { $role }
coll-invitation-accept = Accept
coll-invitation-accept-named = Accept the invitation to { $name }
coll-invitation-decline = Decline
coll-invitation-decline-named = Decline the invitation to { $name }

# Story presets
coll-presets-empty-heading = No story presets yet
coll-presets-empty-editor = Presets are one-tap starting points for new stories: a name, a prompt and a length. Add the first one with “Add preset”.
coll-presets-empty-viewer = Nobody has set up story presets for this collection yet.
coll-preset-add = Add preset
coll-preset-minutes = { $minutes } min
coll-preset-vocabulary = vocabulary: { $vocabulary }
coll-preset-voice = voice: { $voice }
coll-preset-edit = Edit
coll-preset-edit-named = Edit preset { $name }
coll-preset-delete = Delete
coll-preset-delete-named = Delete preset { $name }
coll-preset-new = New preset
coll-preset-edit-heading = Edit preset
coll-preset-name = Preset name
coll-preset-emoji = Emoji
coll-preset-prompt = Prompt template
coll-preset-prompt-hint = What the story should be about, e.g. “A calm adventure with the child's pets”.
coll-vocabulary-level = Vocabulary level
coll-preset-vocabulary-hint = e.g. toddler, early reader
coll-preset-length = Length (minutes)
coll-preset-position = Position in the list
coll-preset-position-hint = Lower numbers come first.
coll-preset-voice-none = The child profile's voice
coll-preset-save = Save preset
coll-cancel = Cancel

# Child profile
coll-profile-intro = Who these stories are for. Story generation uses it to pick names, themes and words.
coll-profile-child-name = Child's name
coll-profile-age = Age
coll-profile-age-hint = Optional.
coll-profile-friends = Friends
coll-profile-interests = Interests
coll-profile-pets = Pets
coll-profile-avoid = Themes to avoid
coll-profile-avoid-hint = e.g. monsters, the dark
coll-profile-notes = Notes
coll-profile-prompt = Default prompt template
coll-profile-length = Story length (minutes)
coll-profile-voice = Voice and language
coll-profile-voice-none = No preference: the clearest offline English voice
coll-profile-save = Save child profile
coll-profile-saved = Child profile saved

# Settings
coll-rename = Rename collection
coll-rename-name = Collection name
coll-rename-description = Collection description
coll-rename-save = Save collection
coll-saved = Saved
coll-default-heading = Default collection
coll-default-explain = Quick recordings land in your default collection.
coll-default-make = Make default
coll-default-is = This is your default collection: quick recordings land here.
coll-settings-language = Language of its cards
coll-settings-language-hint = Published cards say they are in this language, and new stories and spoken tracks start with one of its voices (unless the child profile chooses a voice).
coll-settings-language-save = Save language
coll-settings-address = Address
coll-delete = Delete collection
coll-delete-explain = Cards linked in from other collections stay where they live either way. Cards whose home is this collection are kept safe: without the box below, deleting is refused while any live here, so move them first.
coll-delete-cascade = Also delete the cards that live in this collection
coll-delete-cascade-hint = Their covers and settings go with them.
coll-delete-question = Delete “{ $name }”? This cannot be undone.
coll-delete-question-cascade = { $count ->
    [one] Delete “{ $name }” and the card that lives in it? This cannot be undone.
   *[other] Delete “{ $name }” and the { $count } cards that live in it? This cannot be undone.
}
coll-delete-confirm = Yes, delete collection

# New story card
coll-story-intro = Pick a preset and say what the story should be about: your AI providers write it for this collection's child, or start from a story template. Or write it yourself. Cardsmith then reads it aloud chapter by chapter, draws a cover and chapter icons, and the card is ready to publish.
coll-story-preset = Preset
coll-story-preset-none = The collection's profile
coll-story-idea = Story idea
coll-story-idea-hint = A sentence is enough, e.g. “a dragon who learns to bake bread”.
# The settings and admin variables stand for the links, whose words are the next two messages
coll-story-no-drafter = Writing a draft needs an AI provider, and none is set up for you. Add one under { $settings }.
coll-story-no-drafter-admin = Writing a draft needs an AI provider, and none is set up for you. Add one under { $settings } (or for everyone, under { $admin }).
coll-story-no-drafter-settings = Settings → AI providers
coll-story-no-drafter-admin-link = Admin → AI providers
coll-story-offline = Everything else works offline: start from a story template told about this collection's child, or write your own, and an offline voice reads it.
coll-story-write-draft = Write a draft
coll-story-writing = Writing the story…
coll-story-writing-progress = Writing the story
coll-story-use-template = Use a story template
coll-story-template-note = A story template is in “The story” below: change any words to make it yours.
coll-story-text-heading = The story
coll-story-title-field = Story title
coll-story-text = Story
coll-story-text-hint = Start chapters with lines like “Chapter 1: The Boat”, or leave blank lines between paragraphs and Cardsmith cuts it into chapters of a few minutes.
coll-story-counter = { $count } of { $max } characters
coll-story-make = Make the card
coll-story-making = Making the card…
coll-story-making-progress = Making the story card
coll-story-open = Open “{ $name }”
# What the story's job did; the sentences are shown one after the other. Why something
# was not made comes from the server.
coll-story-made = { $chapters ->
    [one] “{ $name }” is ready: { $chapters } spoken chapter.
   *[other] “{ $name }” is ready: { $chapters } spoken chapters.
}
coll-story-made-cover = A cover was drawn.
coll-story-made-no-cover = The cover was not made: { $why }; generate or upload one on the card.
coll-story-made-no-icons = The chapter icons were not made: { $why }; draw them from the card's Icons panel.
coll-story-made-icons = Chapter icons: { $count } generated.
# Why the story cannot be sent yet; the problem comes from the form's checks, e.g. "is required"
coll-story-idea-invalid = The idea { $problem }.
coll-story-title-invalid = The title { $problem }.
coll-story-text-invalid = The text { $problem }.
coll-story-voice-invalid = The voice { $problem }.
coll-story-field-invalid = The { $field } { $problem }.

# Story templates: short bedtime stories told about the collection's child, in three
# chapters. Cardsmith cuts a story into chapters at its heading lines: `Chapter 2: Title`
# (English only) or `# Title` (any language), so a translation writes `# ` and the title.
coll-tale-chapter = Chapter { $number }: { $title }
# Opens the story when the parent gave an idea, e.g. "a whale who sings"
coll-tale-idea = This is a story about { $idea }.
# "who loved …", said of the child right after their name
coll-tale-loves = who loved { $interest }
coll-tale-loves-stories = who loved a good story
# The companion when the profile has no pet
coll-tale-teddy = a favourite teddy
# The friend when the profile has no friend
coll-tale-everyone = everyone

coll-tale-moon = { $name } and the Sleepy Moon
coll-tale-moon-1-title = The Rocket in the Garden
coll-tale-moon-1 = Once upon a time there was a child called { $name }, { $loves }. One night a small silver rocket landed softly in the garden, right beside the flower bed. Its door opened with a gentle hum. { $name } put on warm slippers, took { $companion }, and climbed aboard.
coll-tale-moon-2-title = Among the Stars
coll-tale-moon-2 = The rocket rose past the rooftops and the clouds, up and up, until the stars were all around. They twinkled hello. A comet drew a shining line across the sky, and the planets turned slowly, like sleepy spinning tops. { $name } counted the stars: one, two, three, far too many to count.
coll-tale-moon-3-title = The Moon's Lullaby
coll-tale-moon-3 = At last the rocket reached the Moon, and the Moon was yawning. "Thank you for visiting," it said in a soft, silvery voice. "Now it is time for everyone to rest." It hummed a lullaby, and the rocket floated all the way home on the music. { $name } snuggled into bed, still hearing the song, and decided to tell { $friend } all about it in the morning. Goodnight, { $name }. Sleep well.

coll-tale-sea = { $name } and the Gentle Sea
coll-tale-sea-1-title = The Little Boat
coll-tale-sea-1 = Once upon a time there was a child called { $name }, { $loves }. One evening, down by the shore, a little blue boat was waiting, rocking on the water. { $name } climbed in with { $companion }, and the boat set off across the calm, shining sea.
coll-tale-sea-2-title = Friends of the Waves
coll-tale-sea-2 = A family of dolphins swam alongside, leaping in silver arcs. A wise old turtle paddled by and nodded hello. Far below, little fish glowed like lanterns. The waves whispered hush, hush, hush, and the boat rocked gently from side to side.
coll-tale-sea-3-title = Home with the Tide
coll-tale-sea-3 = As the stars came out, the tide turned and carried the little boat home, slow and steady. The lighthouse blinked its warm, friendly light. { $name } stepped onto the sand, warm and sleepy, and decided to tell { $friend } about the dolphins in the morning. Back in bed, the sea still whispered hush, hush, hush. Goodnight, { $name }. Sleep well.

coll-tale-wood = { $name } and the Moonlit Wood
coll-tale-wood-1-title = The Path Between the Trees
coll-tale-wood-1 = Once upon a time there was a child called { $name }, { $loves }. One evening, at the end of the garden, a little path appeared that had never been there before. It wound between tall, friendly trees. { $name } took { $companion } and followed it, step by quiet step.
coll-tale-wood-2-title = The Animals' Evening
coll-tale-wood-2 = In a clearing, the animals of the wood were getting ready for bed. A rabbit fluffed up its burrow, a hedgehog curled into a cosy ball, and an owl blinked from a branch. "You are just in time," hooted the owl. "We are about to say goodnight to the wood."
coll-tale-wood-3-title = Goodnight, Wood
coll-tale-wood-3 = Together they whispered goodnight to the trees, to the stream and to the soft green moss. The wood whispered goodnight back, its leaves rustling like a lullaby. The path led { $name } home again, right to the door. { $name } decided to tell { $friend } about the owl in the morning, then curled up in bed, warm and safe. Goodnight, { $name }. Sleep well.

coll-tale-dragon = { $name } and the Friendly Dragon
coll-tale-dragon-1-title = A Tap at the Window
coll-tale-dragon-1 = Once upon a time there was a child called { $name }, { $loves }. One evening there came a tap, tap, tap at the window. Outside was a small green dragon with kind golden eyes. "I have lost my way home to the castle," it said. "Will you help me?" { $name } took { $companion } and said yes at once.
coll-tale-dragon-2-title = The Castle on the Hill
coll-tale-dragon-2 = They flew over sleeping villages and silver rivers until a castle appeared on a hill, its windows glowing with candlelight. The dragon's family was waiting at the gate. They were so happy that they puffed a cloud of warm, sparkly smoke in the shape of a heart.
coll-tale-dragon-3-title = A Sleepy Flight Home
coll-tale-dragon-3 = The little dragon carried { $name } home on its back, gliding gently through the quiet night. "Thank you, friend," it said at the window. { $name } decided to tell { $friend } about the dragon in the morning, then snuggled down under the covers. Far away, the castle lights went out one by one. Goodnight, { $name }. Sleep well.

coll-tale-night = { $name } and the Quiet Night
coll-tale-night-1-title = The Sleepy House
coll-tale-night-1 = Once upon a time there was a child called { $name }, { $loves }. One evening, when the sky turned the colour of warm honey, the whole house began to get sleepy. The kettle stopped singing, the curtains swayed gently, and { $name } put on the softest pyjamas in the drawer, with { $companion } close by.
coll-tale-night-2-title = The Little Light
coll-tale-night-2 = Just as { $name } climbed into bed, a tiny light appeared at the window. It was a firefly, glowing like a lantern. "I am looking for the cosiest room in town," it whispered. { $name } showed it the blanket, the pillow and the little lamp. The firefly sighed happily. "This is it," it said. "This is the cosiest room of all."
coll-tale-night-3-title = Goodnight
coll-tale-night-3 = The firefly settled on the windowsill and dimmed its light, slowly, slowly, like a yawn. { $name } yawned too. Outside, the moon kept watch over the garden and the quiet street. { $name } decided to tell { $friend } about the firefly in the morning. Then, little by little, everything grew still. Goodnight, { $name }. Sleep well.

# The collection made for a person's quick recordings, in their language.
coll-default-name = My recordings
coll-default-description = Quick recordings land here.

zip-title = Download or import cards
zip-summary = A ZIP of these cards, to keep or to take to another Cardsmith
zip-collection-intro = The download holds every card here with its original audio, cover, icons, settings and story, and a card.yaml describing each. Any Cardsmith imports it.
zip-download = Download as a ZIP
zip-preparing = Preparing the ZIP…
zip-ready = Download the ZIP
zip-kept = (kept for a day)
zip-choose-file = Choose a ZIP file first.
zip-import-heading = Import cards from a ZIP
zip-import-intro = A ZIP made by Download, here or on another Cardsmith. Its cards are made here with their audio converted as usual; cards this collection already has are not made twice.
zip-file = ZIP file
zip-import = Import
zip-importing = Importing…
zip-imported = { $cards ->
    [one] { $cards } card made
   *[other] { $cards } cards made
}, { $tracks ->
    [one] { $tracks } track being converted.
   *[other] { $tracks } tracks being converted.
}
zip-already-there = { $cards ->
    [one] { $cards } card was here already.
   *[other] { $cards } cards were here already.
}
zip-mine-title = Your cards, to keep
zip-mine-intro = Every card you can see, in one ZIP: the original recordings, covers, icons and a card.yaml for each.
zip-made-cards = The cards made
zip-open-card = Open { $card }

## Adding a folder of audio (the /drop page)
coll-add-folder = Add a folder or ZIP of audio
drop-title = Add a folder of audio
drop-intro = Drop an audiobook folder, a few albums or a ZIP: Cardsmith proposes the cards they make, you change what you like, and nothing is made until you say so.
drop-loading = Loading your collections…
drop-no-collection-heading = No collection to add cards to
drop-no-collection-body = Cards live in a collection you can edit. Make one first, then come back with your folder.
drop-no-collection-next = Go to collections
drop-collection = Make the cards in
drop-choose-heading = Drop a folder, files or a ZIP here
drop-choose-hint = One card per folder (or one for everything). Chapters follow the tags' track numbers, else the file names; titles come from the tags; a cover.jpg or the embedded picture becomes the cover.
drop-choose-folder = Choose a folder
drop-choose-files = Choose files or a ZIP
drop-progress-heading = Sending the files
drop-progress-label = Files sent
drop-progress-counts = { $sent } of { $all ->
    [one] 1 file
   *[other] { $all } files
} sent{ $refused ->
    [0] {""}
    [one] , 1 refused
   *[other] , { $refused } refused
}
drop-paused = The connection was lost. Files already sent are kept; the rest wait.
drop-resume = Resume
drop-files-list = Every file
drop-file-stored = sent
drop-file-sending = sending…
drop-file-waiting = waiting
drop-file-paused = waiting for the connection
drop-file-empty = empty, left out
drop-plan-heading = The cards these files make
drop-plan-intro = Change titles, order and icons, leave out chapters or whole cards. The plan follows the files as they arrive.
drop-grouping = How to make cards
drop-grouping-per-folder = A card per folder
drop-grouping-one-card = One card for everything
drop-plan-cards = Planned cards
drop-refused-heading = Not used
drop-left-out = { $count ->
    [one] 1 other file left out
   *[other] { $count } other files left out
}
drop-making = Making the cards…
drop-make = { $cards ->
    [one] Make 1 card ({ $tracks } chapters)
   *[other] Make { $cards } cards ({ $tracks } chapters)
}
drop-make-waiting = { $count ->
    [one] Waiting for 1 file to arrive
   *[other] Waiting for { $count } files to arrive
}
drop-card-title = Card title
drop-card-top = Top of the drop
drop-card-chapters = { $count ->
    [one] 1 chapter
   *[other] { $count } chapters
}
drop-card-cover = cover: { $file }
drop-card-make = Make this card
drop-track-include = Include “{ $title }”
drop-track-title = Chapter title
drop-icon-hint = The icon matched from the title; unticked, the chapter shows its number.
drop-icon = icon: { $glyph } ({ $percent }%)
drop-track-up = Move up
drop-track-down = Move down
drop-made-heading = { $count ->
    [one] 1 card made
   *[other] { $count } cards made
}
drop-preparing = Preparing the audio
drop-ready = { $ready } of { $all } chapters ready to play
drop-cover-refused = A cover was not used: { $reason }
drop-another = Add another folder
drop-cover-alt = The planned cover
