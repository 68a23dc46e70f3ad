# Recording a story, the waveform editor, spoken tracks and the voice picker.

## The recorder

rec-title = Aufnehmen
rec-intro = Nimm eine Geschichte mit dem Mikrofon dieses Geräts auf. Alle paar Sekunden wird zwischengespeichert: Bricht die Verbindung ab, geht nichts verloren, und wird die Seite neu geladen, höchstens die letzten paar Sekunden. Du hörst dir die Aufnahme an, bevor sie hinzugefügt wird.
rec-title-label = Titel der Aufnahme
rec-title-placeholder = z. B. Die drei Bären
rec-start = ● Aufnahme starten
rec-resume = Weiter
rec-pause = Pause
rec-stop = Stopp
rec-keep = Behalten
rec-again = Neu aufnehmen
rec-again-question = Diese Aufnahme löschen und neu aufnehmen? Nichts davon bleibt erhalten.
rec-again-confirm = Ja, löschen
rec-save-again = ↻ Noch mal speichern
rec-abandon = Verwerfen
rec-abandon-question = Diese Aufnahme verwerfen? Nichts davon bleibt erhalten.
rec-abandon-confirm = Ja, verwerfen
rec-works-in = Funktioniert in aktuellen Browsern auf Handy und Laptop; die Seite fragt zuerst nach dem Mikrofon.
rec-kept-discarded = Die unfertige Aufnahme wurde verworfen.
rec-take-deleted = Die Aufnahme wurde gelöscht. Du kannst neu aufnehmen, sobald du bereit bist.
rec-abandoned = Aufnahme verworfen; nichts wurde behalten.
rec-saved = Gespeichert: Die Aufnahme ist jetzt eine Spur dieser Karte.

## The take in progress

rec-state-recording = Aufnahme läuft
rec-state-paused = Pausiert
rec-state-stopped = Gestoppt
rec-state-starting = Startet
rec-state-saving = Wird gespeichert
rec-level = Mikrofonpegel
rec-paused-note = Gerade wird nichts aufgenommen. Tippe auf „Weiter“, um fortzufahren.
rec-review-heading = Erst anhören, dann behalten
rec-review-text = Noch ist nichts zur Karte hinzugefügt. Behalte die Aufnahme, um sie als Spur hinzuzufügen, oder nimm sie neu auf.
rec-review-player = Die gerade gemachte Aufnahme
rec-review-preparing = Aufnahme wird zum Abspielen vorbereitet …

## The upload, beside the clock (the count: parts not stored yet)

rec-upload-asking = Mikrofon wird angefragt …
rec-upload-saving = Wird gespeichert …
rec-upload-unsaved = Aufgenommen, noch nicht gespeichert
rec-upload-fresh = Wird alle paar Sekunden auf dem Server gespeichert
rec-upload-all-saved = Alles ist auf dem Server gespeichert
rec-upload-saving-left = { $count ->
    [one] Wird gespeichert … noch { $count } Teil
   *[other] Wird gespeichert … noch { $count } Teile
}
rec-upload-offline-recording = { $count ->
    [one] { $count } Teil wartet auf Empfang — nimm ruhig weiter auf, er wird nachgeschickt
   *[other] { $count } Teile warten auf Empfang — nimm ruhig weiter auf, sie werden nachgeschickt
}
rec-upload-offline-saving = { $count ->
    [one] { $count } Teil wartet auf Empfang — gespeichert wird weiter, sobald der Empfang wieder da ist
   *[other] { $count } Teile warten auf Empfang — gespeichert wird weiter, sobald der Empfang wieder da ist
}
rec-upload-offline = { $count ->
    [one] { $count } Teil wartet auf Empfang — er wird nachgeschickt, sobald der Empfang wieder da ist
   *[other] { $count } Teile warten auf Empfang — sie werden nachgeschickt, sobald der Empfang wieder da ist
}

## A take interrupted by a reload

rec-offer-heading = Unfertige Aufnahme
rec-offer-text-untitled = Eine Aufnahme ohne Titel wurde unterbrochen, bevor sie gespeichert war (die Seite wurde neu geladen oder geschlossen). Was bis dahin aufgenommen wurde, ist erhalten, bis auf die letzten paar Sekunden. Beim Fertigstellen wird sie hochgeladen und als Spur gespeichert; fortsetzen lässt sie sich nicht, für mehr nimmst du also neu auf.
rec-offer-text = „{ $title }“ wurde unterbrochen, bevor die Aufnahme gespeichert war (die Seite wurde neu geladen oder geschlossen). Was bis dahin aufgenommen wurde, ist erhalten, bis auf die letzten paar Sekunden. Beim Fertigstellen wird sie hochgeladen und als Spur gespeichert; fortsetzen lässt sie sich nicht, für mehr nimmst du also neu auf.
rec-offer-question-untitled = Die Aufnahme ohne Titel verwerfen? Nichts davon bleibt erhalten.
rec-offer-question = „{ $title }“ verwerfen? Nichts davon bleibt erhalten.
rec-offer-finish = Fertigstellen und speichern
rec-offer-discard = Verwerfen
rec-offer-discard-confirm = Ja, verwerfen

## What can go wrong while recording

rec-error-browser-only = Aufnehmen geht nur im Browser.
rec-error-storage = Der Speicher dieses Browsers konnte nicht gelesen werden.
rec-error-no-recording = Dieser Browser kann keinen Ton aufnehmen.
rec-error-microphone = Das Mikrofon ist nicht verfügbar (hast du den Zugriff erlaubt?).
rec-error-online = Dieser Browser kann seine Verbindung nicht verfolgen.
rec-error-play-back = Dieser Browser kann die Aufnahme nicht abspielen; behalte sie oder nimm sie neu auf.
# part: the number of the missing part, from 1
rec-error-part-lost = Dem Server fehlt Teil { $part } dieser Aufnahme, und dieses Gerät hat ihn nicht mehr. Beim Speichern bleibt erhalten, was davor kam.
# error: the sentence saying why finishing failed
rec-error-finish = { $error } Die Aufnahme bleibt auf dem Server: Versuch noch mal zu speichern, oder verwirf sie.

## The waveform editor (times are seconds with two decimals)

rec-edit-name = { $title } bearbeiten
rec-edit-heading = „{ $title }“ bearbeiten
rec-edit-close = Schließen
rec-edit-waveform = Wellenform: Zieh die Griffe, um den Teil zu wählen, der bleiben soll
rec-edit-keys = Zieh einen Griff, oder wähl ihn aus und nutze die Pfeiltasten (mit Umschalt in ganzen Sekunden).
rec-edit-start = Anfang (s)
rec-edit-end = Ende (s)
rec-edit-selection = Auswahl: { $length } s von { $duration } s
rec-edit-zoom-out = Herauszoomen
rec-edit-zoom-in = Hineinzoomen
rec-edit-play = ▶ Auswahl abspielen
rec-edit-trim = Auf Auswahl kürzen
rec-edit-split-mode = Teilmodus: Klick in die Wellenform, um Schnitte zu setzen
rec-edit-split = Teilen
rec-edit-clear-cuts = Schnitte entfernen
# points: the cuts, e.g. "1,00 s, 2,50 s"
rec-edit-cuts = Schnitte bei { $points }
rec-edit-fade-in = Einblenden (ms)
rec-edit-fade-out = Ausblenden (ms)
rec-edit-apply-fades = Blenden anwenden
rec-edit-progress = Fortschritt der Bearbeitung
rec-edit-working = Wird bearbeitet … { $percent } %
rec-edit-start-handle = Griff für den Anfang
rec-edit-end-handle = Griff für das Ende
rec-edit-seconds = { $seconds } Sekunden
rec-edit-trimmed = Gekürzt auf { $start }–{ $end } s
rec-edit-split-done = { $count ->
    [one] In { $count } Spur geteilt
   *[other] In { $count } Spuren geteilt
}
rec-edit-faded = Ein- und Ausblenden angewendet

## A spoken track

rec-spoken-heading = Gesprochene Spur hinzufügen
rec-spoken-intro = Tipp eine Geschichte ein oder füge sie ein; eine Stimme liest sie vor, und daraus wird eine Spur wie bei einem Upload. Offline-Stimmen funktionieren ohne Internet.
rec-spoken-text = Text zum Vorlesen
rec-spoken-text-placeholder = Es war einmal …
rec-spoken-count = { $count } / { $max } Zeichen
rec-spoken-instructions = Wie gesprochen wird (optional)
rec-spoken-instructions-placeholder = z. B. ruhig und warm, wie eine Gutenachtgeschichte
rec-spoken-instructions-hint = Diese Stimme folgt Anweisungen zu Tonfall und Tempo.
rec-spoken-title = Titel (optional)
rec-spoken-title-placeholder = Die ersten Wörter des Textes
rec-spoken-position = Wohin sie kommt
rec-spoken-at-end = Ans Ende
rec-spoken-before = Vor { $position }. { $title }
rec-spoken-add = Gesprochene Spur hinzufügen
rec-spoken-adding = Wird hinzugefügt …
rec-spoken-converting = „{ $title }“ wird gesprochen und für den Player umgewandelt …
rec-spoken-ready = „{ $title }“ kann jetzt abgespielt werden.
rec-spoken-failed = Die Spur konnte nicht umgewandelt werden.

## The voice picker

rec-voice-label = Stimme
rec-voice-loading = Stimmen werden geladen …
rec-voice-find = Stimme suchen
rec-voice-find-placeholder = Stimme oder Sprache suchen, z. B. français
rec-voice-unknown = { $voice } ist keine Stimme dieses Servers.
rec-voice-missing = { $voice } (nicht auf diesem Server)
rec-voice-preview = ▶ Probehören
rec-voice-speaking = Spricht …
rec-voice-preview-player = Hörprobe der Stimme
rec-voice-listed-first = { $language } steht ganz oben: die Sprache dieser Sammlung, nach der Stimme ihres Kinderprofils.
# Spoken by a voice's preview when there is no text yet
rec-voice-sample = Es war einmal ein kleiner Fuchs, der rollte sich unter dem Mond zusammen und schlief ein.
rec-voice-audio-unreadable = Der Ton konnte nicht geladen werden.
rec-voice-audio-unplayable = Der Ton konnte nicht abgespielt werden.
rec-voice-browser-only = Hörproben gibt es nur im Browser.
rec-voice-any-language = Natürliche Stimmen (jede Sprache)
# A voice's label ends with its engine: "Female, clear — espeak-ng, robotic"
rec-voice-espeak = espeak-ng, roboterhaft
rec-voice-natural = { $name }, natürlich — { $provider }
# A voice whose description says nothing of how it sounds
rec-voice-unnamed = Stimme
rec-voice-openai-compatible = OpenAI-kompatibler Server

## Languages in other scripts: their own name, then theirs in this language

rec-language-ar = العربية (Arabisch)
rec-language-bg = Български (Bulgarisch)
rec-language-bn = বাংলা (Bengalisch)
rec-language-cmn = 中文 (Chinesisch, Mandarin)
rec-language-el = Ελληνικά (Griechisch)
rec-language-fa = فارسی (Persisch)
rec-language-he = עברית (Hebräisch)
rec-language-hi = हिन्दी (Hindi)
rec-language-ja = 日本語 (Japanisch)
rec-language-ko = 한국어 (Koreanisch)
rec-language-ru = Русский (Russisch)
rec-language-sr = Српски (Serbisch)
rec-language-ta = தமிழ் (Tamil)
rec-language-th = ไทย (Thailändisch)
rec-language-uk = Українська (Ukrainisch)
rec-language-ur = اردو (Urdu)
rec-language-yue = 粵語 (Chinesisch, Kantonesisch)
rec-language-zh = 中文 (Chinesisch)
