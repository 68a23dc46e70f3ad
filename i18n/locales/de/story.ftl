# Interaktive Karten: der Geschichten-Editor, seine Karte und seine Vorschau auf der Kartenseite.
card-story-title = Interaktive Geschichte
card-story-summary = Linke und rechte Taste entscheiden, wie es weitergeht
story-intro = Mach aus dieser Karte eine Geschichte, die das Kind lenkt: Am Ende eines Abschnitts wählt die linke oder rechte Taste des Players, wie es weitergeht. Sprich die Wahlmöglichkeiten im Audio jedes Abschnitts — Kinder können sie nicht lesen.
story-interactive-toggle = Als interaktive Geschichte abspielen
story-linear-note = Die Karte spielt ihre Kapitel der Reihe nach. Schalte die interaktive Geschichte ein, um Entscheidungen hinzuzufügen; die Titel bleiben, wie sie sind.
story-passages = Abschnitte
story-missing-passage = (ein gelöschter Titel)
story-starts-here = Hier beginnt die Geschichte
story-passage-audio = Das Audio des Abschnitts
story-left-button = Linke Taste
story-right-button = Rechte Taste
story-choice-leads-to = Wohin die { $button } führt
story-no-choice = — keine Wahl —
story-choice-words = Wie das Audio diese Wahl nennt
story-when-it-ends = Wenn er ohne Tastendruck endet
story-ending-stop = Die Geschichte endet
story-ending-repeat = Noch einmal abspielen (auf eine Wahl warten)
story-ending-goto = Weiter zu „{ $passage }“
story-save = Geschichte speichern
story-saved = Geschichte gespeichert.
story-fix-errors = { $count ->
    [one] Behebe 1 Problem, um die Geschichte zu speichern.
   *[other] Behebe { $count } Probleme, um die Geschichte zu speichern.
}
story-map = Karte der Geschichte
story-map-legend = grün: linke Taste · blau: rechte Taste · gestrichelt: von selbst
story-map-open = „{ $passage }“ öffnen
story-preview = Vor dem Veröffentlichen ausprobieren
story-preview-play = ▶ Geschichte abspielen
story-preview-again = Von vorn beginnen
story-preview-playing = Es läuft „{ $passage }“
story-preview-the-end = Ende.
story-preview-keys = Die Pfeiltasten ← und → drücken die Tasten auch.
story-preview-path = Dein Weg
story-preview-unheard = Nie gehört
story-problem-too-many-passages = Eine Karte fasst höchstens 100 Abschnitte.
story-problem-not-a-track = Der Titel dieses Abschnitts ist nicht mehr auf der Karte.
story-problem-duplicate-passage = „{ $passage }“ ist zweimal in der Geschichte.
story-problem-no-start = Wähle den Abschnitt, mit dem die Geschichte beginnt.
story-problem-unknown-target = „{ $passage }“ führt zu einem Abschnitt, der nicht in der Geschichte ist: Wähle einen anderen.
story-problem-empty-label = Eine Wahl von „{ $passage }“ hat keine Worte.
story-problem-label-too-long = Eine Wahl von „{ $passage }“ ist länger als 100 Zeichen.
story-problem-unreachable = Keine Wahl führt zu „{ $passage }“: Niemand wird ihn hören.
story-problem-stuck-loop = „{ $passage }“ dreht sich im Kreis ohne Ausweg: Das Kind hängt fest, bis es den Player anhält.
story-problem-no-way-to-end = Ab „{ $passage }“ kann die Geschichte nie enden.
story-problem-choices-not-spoken = „{ $passage }“ ist zu kurz, um seine Wahlmöglichkeiten zu sagen: Das Kind kann sie nicht lesen.
story-problem-not-in-story = „{ $passage }“ ist auf der Karte, aber nicht in der Geschichte.
