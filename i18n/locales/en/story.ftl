# Interactive cards: the story editor, its map and its preview on a card's page.
card-story-title = Interactive story
card-story-summary = Left and right buttons choose what happens next
story-intro = Make this card a story the child steers: at the end of a passage, the player's left or right button chooses what happens next. Say the choices in each passage's audio — children cannot read them.
story-interactive-toggle = Play as an interactive story
story-linear-note = The card plays its chapters in order. Turn on the interactive story to add choices; the tracks stay as they are.
story-passages = Passages
story-missing-passage = (a deleted track)
story-starts-here = The story starts here
story-passage-audio = The passage's audio
story-left-button = Left button
story-right-button = Right button
story-choice-leads-to = Where the { $button } leads
story-no-choice = — no choice —
story-choice-words = What the audio calls this choice
story-when-it-ends = When it ends with no button pressed
story-ending-stop = The story ends
story-ending-repeat = Play it again (wait for a choice)
story-ending-goto = Go on to “{ $passage }”
story-save = Save the story
story-saved = Story saved.
story-fix-errors = { $count ->
    [one] Fix 1 problem to save the story.
   *[other] Fix { $count } problems to save the story.
}
story-map = Map of the story
story-map-legend = green: left button · blue: right button · dashed: by itself
story-map-open = Open “{ $passage }”
story-preview = Try it before publishing
story-preview-play = ▶ Play the story
story-preview-again = Start again
story-preview-playing = Playing “{ $passage }”
story-preview-the-end = The end.
story-preview-keys = The arrow keys ← and → press the buttons too.
story-preview-path = The way you took
story-preview-unheard = Never heard
story-problem-too-many-passages = A card holds at most 100 passages.
story-problem-not-a-track = This passage's track is no longer on the card.
story-problem-duplicate-passage = “{ $passage }” is in the story twice.
story-problem-no-start = Choose the passage the story starts with.
story-problem-unknown-target = “{ $passage }” leads to a passage that is not in the story: choose another.
story-problem-empty-label = A choice of “{ $passage }” has no words.
story-problem-label-too-long = A choice of “{ $passage }” is longer than 100 characters.
story-problem-unreachable = No choice leads to “{ $passage }”: nobody will hear it.
story-problem-stuck-loop = “{ $passage }” goes round with no choice to leave: the child is stuck until they stop the player.
story-problem-no-way-to-end = From “{ $passage }” the story can never end.
story-problem-choices-not-spoken = “{ $passage }” is too short to say its choices: the child cannot read them.
story-problem-not-in-story = “{ $passage }” is on the card but not in the story.
