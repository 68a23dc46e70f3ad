# Recording a story, the waveform editor, spoken tracks and the voice picker.

## The recorder

rec-title = Record
rec-intro = Record a story with this device's microphone. Each few seconds are saved as you go, so a dropped connection loses nothing and a reload at most the last few seconds. You listen to it before it is added.
rec-title-label = Title of the recording
rec-title-placeholder = e.g. The three bears
rec-start = ● Start recording
rec-resume = Resume
rec-pause = Pause
rec-stop = Stop
rec-keep = Keep
rec-again = Record again
rec-again-question = Delete this take and record it again? Nothing of it is kept.
rec-again-confirm = Yes, delete it
rec-save-again = ↻ Try saving again
rec-abandon = Abandon
rec-abandon-question = Abandon this recording? Nothing of it is kept.
rec-abandon-confirm = Yes, abandon
rec-works-in = Works in current phone and laptop browsers; the page asks for the microphone first.
rec-kept-discarded = The unfinished recording was discarded.
rec-take-deleted = The take was deleted. Ready to record again when you are.
rec-abandoned = Recording abandoned; nothing was kept.
rec-saved = Saved: the recording is now a track of this card.

## The take in progress

rec-state-recording = Recording
rec-state-paused = Paused
rec-state-stopped = Stopped
rec-state-starting = Starting
rec-state-saving = Saving
rec-level = Microphone level
rec-paused-note = Nothing is being recorded. Press Resume to go on.
rec-review-heading = Listen before keeping
rec-review-text = Nothing is added to the card yet. Keep it to add it as a track, or record it again.
rec-review-player = The take just recorded
rec-review-preparing = Getting the take ready to play…

## The upload, beside the clock (the count: parts not stored yet)

rec-upload-asking = Asking for the microphone…
rec-upload-saving = Saving…
rec-upload-unsaved = Recorded, not saved yet
rec-upload-fresh = Saved to the server every few seconds
rec-upload-all-saved = Everything is saved on the server
rec-upload-saving-left = { $count ->
    [one] Saving… { $count } part left
   *[other] Saving… { $count } parts left
}
rec-upload-offline-recording = { $count ->
    [one] { $count } part waiting for signal — keep recording, they will follow
   *[other] { $count } parts waiting for signal — keep recording, they will follow
}
rec-upload-offline-saving = { $count ->
    [one] { $count } part waiting for signal — saving goes on when it is back
   *[other] { $count } parts waiting for signal — saving goes on when it is back
}
rec-upload-offline = { $count ->
    [one] { $count } part waiting for signal — they will follow when it is back
   *[other] { $count } parts waiting for signal — they will follow when it is back
}

## A take interrupted by a reload

rec-offer-heading = Unfinished recording
rec-offer-text-untitled = An untitled recording stopped before it was saved (the page was reloaded or closed). What was recorded until then is kept, all but its last few seconds. Finishing uploads it and saves it as a track; it cannot be continued, so record a new take for more.
rec-offer-text = “{ $title }” stopped before it was saved (the page was reloaded or closed). What was recorded until then is kept, all but its last few seconds. Finishing uploads it and saves it as a track; it cannot be continued, so record a new take for more.
rec-offer-question-untitled = Discard An untitled recording? Nothing of it is kept.
rec-offer-question = Discard “{ $title }”? Nothing of it is kept.
rec-offer-finish = Finish and save it
rec-offer-discard = Discard it
rec-offer-discard-confirm = Yes, discard

## What can go wrong while recording

rec-error-browser-only = Recording works in the browser only.
rec-error-storage = This browser's storage could not be read.
rec-error-no-recording = This browser cannot record audio.
rec-error-microphone = The microphone is not available (was access allowed?).
rec-error-online = This browser cannot follow its connection.
rec-error-play-back = This browser cannot play the take back; keep it or record it again.
# part: the number of the missing part, from 1
rec-error-part-lost = The server is missing part { $part } of this recording, which this device no longer has. Saving keeps what came before it.
# error: the sentence saying why finishing failed
rec-error-finish = { $error } The recording is kept on the server: try saving again, or abandon it.

## The waveform editor (times are seconds with two decimals)

rec-edit-name = Edit { $title }
rec-edit-heading = Edit “{ $title }”
rec-edit-close = Close
rec-edit-waveform = Waveform: drag the handles to choose the part to keep
rec-edit-keys = Drag a handle, or focus it and use the arrow keys (Shift for whole seconds).
rec-edit-start = Start (s)
rec-edit-end = End (s)
rec-edit-selection = Selection { $length } s of { $duration } s
rec-edit-zoom-out = Zoom out
rec-edit-zoom-in = Zoom in
rec-edit-play = ▶ Play selection
rec-edit-trim = Trim to selection
rec-edit-split-mode = Split mode: click the waveform to place cuts
rec-edit-split = Split
rec-edit-clear-cuts = Clear cuts
# points: the cuts, e.g. "1.00 s, 2.50 s"
rec-edit-cuts = Cuts at { $points }
rec-edit-fade-in = Fade in (ms)
rec-edit-fade-out = Fade out (ms)
rec-edit-apply-fades = Apply fades
rec-edit-progress = Edit progress
rec-edit-working = Working… { $percent }%
rec-edit-start-handle = Start handle
rec-edit-end-handle = End handle
rec-edit-seconds = { $seconds } seconds
rec-edit-trimmed = Trimmed to { $start }–{ $end } s
rec-edit-split-done = { $count ->
    [one] Split into { $count } track
   *[other] Split into { $count } tracks
}
rec-edit-faded = Faded

## A spoken track

rec-spoken-heading = Add a spoken track
rec-spoken-intro = Type or paste a story; a voice reads it aloud and it becomes a track like an upload. Offline voices work without internet.
rec-spoken-text = Text to speak
rec-spoken-text-placeholder = Once upon a time…
rec-spoken-count = { $count } / { $max } characters
rec-spoken-instructions = How to speak (optional)
rec-spoken-instructions-placeholder = e.g. Calm and warm, like a bedtime story
rec-spoken-instructions-hint = This voice follows instructions about tone and pace.
rec-spoken-title = Title (optional)
rec-spoken-title-placeholder = The text's first words
rec-spoken-position = Where it goes
rec-spoken-at-end = At the end
rec-spoken-before = Before { $position }. { $title }
rec-spoken-add = Add spoken track
rec-spoken-adding = Adding…
rec-spoken-converting = Speaking and converting “{ $title }” for the player…
rec-spoken-ready = “{ $title }” is ready to play.
rec-spoken-failed = The track could not be converted.

## The voice picker

rec-voice-label = Voice
rec-voice-loading = Loading voices…
rec-voice-find = Find a voice
rec-voice-find-placeholder = Find a voice or language, e.g. français, female
rec-voice-unknown = { $voice } is not a voice of this server.
rec-voice-missing = { $voice } (not on this server)
rec-voice-preview = ▶ Preview
rec-voice-speaking = Speaking…
rec-voice-preview-player = Voice preview
rec-voice-listed-first = { $language } is listed first: this collection's language, from its child profile's voice.
# Spoken by a voice's preview when there is no text yet
rec-voice-sample = Once upon a time, a little fox curled up under the moon and fell asleep.
rec-voice-audio-unreadable = The audio could not be read.
rec-voice-audio-unplayable = The audio could not be played.
rec-voice-browser-only = Previews play in the browser only.
rec-voice-any-language = Natural voices (any language)
# A voice's label ends with its engine: "Female, clear — espeak-ng, robotic"
rec-voice-espeak = espeak-ng, robotic
rec-voice-natural = { $name }, natural — { $provider }
# A voice whose description says nothing of how it sounds
rec-voice-unnamed = Voice
rec-voice-openai-compatible = OpenAI-compatible server

## Languages in other scripts: their own name, then theirs in this language

rec-language-ar = العربية (Arabic)
rec-language-bg = Български (Bulgarian)
rec-language-bn = বাংলা (Bengali)
rec-language-cmn = 中文 (Chinese, Mandarin)
rec-language-el = Ελληνικά (Greek)
rec-language-fa = فارسی (Persian)
rec-language-he = עברית (Hebrew)
rec-language-hi = हिन्दी (Hindi)
rec-language-ja = 日本語 (Japanese)
rec-language-ko = 한국어 (Korean)
rec-language-ru = Русский (Russian)
rec-language-sr = Српски (Serbian)
rec-language-ta = தமிழ் (Tamil)
rec-language-th = ไทย (Thai)
rec-language-uk = Українська (Ukrainian)
rec-language-ur = اردو (Urdu)
rec-language-yue = 粵語 (Chinese, Cantonese)
rec-language-zh = 中文 (Chinese)
