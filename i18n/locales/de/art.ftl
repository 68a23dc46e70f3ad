# Die Bilder einer Karte: die Kapitel-Icons (der Bereich Icons) und erzeugte Cover.

## Icons

art-icons-title = Icons
art-icons-intro = Die 16x16-Bildchen, die der Player für jedes Kapitel zeigt. Wähle eine Palette und zeichne dann alle auf einmal oder einzeln.
art-icons-no-tracks = Füge zuerst Spuren hinzu: Jedes Kapitel bekommt ein Icon.
art-icons-drawing = Wird gezeichnet …
art-icons-drawing-all = Alle werden gezeichnet …
art-icons-sample = An zwei Kapiteln ausprobieren
art-icons-generate-all = Alle erzeugen
art-icons-drawer-unknown = Die Icons zeichnet der erste Anbieter deiner Kaskade, der das kann.
art-icons-drawer-offline = Gezeichnet von den eingebauten Offline-Generatoren: kostenlos, offline.
art-icons-drawer-free = Gezeichnet von { $owner ->
        [user] deinem Anbieter { $name }
       *[other] dem Anbieter { $name } der Instanz
    }: kostenlos, da er kein Budget zum Ausgeben hat.
art-icons-drawer-paid = Gezeichnet von { $owner ->
        [user] deinem Anbieter { $name }
       *[other] dem Anbieter { $name } der Instanz
    } (kostenpflichtig). Du bestätigst jeden Aufruf vorher.
art-icons-confirm-label = Kostenpflichtigen Aufruf bestätigen
art-icons-yes-draw = Ja, zeichnen
art-icons-cancel = Abbrechen
art-icons-progress = Icons werden gezeichnet …
art-icons-progress-label = Icons werden gezeichnet
art-icons-ask-sample = Icons für zwei Kapitel mit { $owner ->
        [user] deinem Anbieter { $name }
       *[other] dem Anbieter { $name } der Instanz
    } zeichnen?
art-icons-ask-all = { $count ->
        [one] Das Icon für das eine Kapitel
       *[other] Icons für alle { $count } Kapitel
    } mit { $owner ->
        [user] deinem Anbieter { $name }
       *[other] dem Anbieter { $name } der Instanz
    } zeichnen?
art-icons-ask-variations = { $count ->
        [one] { $count } Variante
       *[other] { $count } Varianten
    } für „{ $title }“ mit { $owner ->
        [user] deinem Anbieter { $name }
       *[other] dem Anbieter { $name } der Instanz
    } zeichnen?
art-icons-ask-regenerate = Ein neues Icon für „{ $title }“ mit { $owner ->
        [user] deinem Anbieter { $name }
       *[other] dem Anbieter { $name } der Instanz
    } zeichnen?
art-icons-cost-estimated = Geschätzte Kosten: etwa { $cost }, abgerechnet über sein Budget (noch { $left } übrig). Schlägt der Aufruf fehl oder ist das Budget aufgebraucht, übernimmt der nächste Anbieter – bis hin zu den kostenlosen Offline-Icons.
art-icons-cost-paid = Dieser Aufruf ist kostenpflichtig und wird über sein Budget abgerechnet (noch { $left } übrig). Schlägt er fehl oder ist das Budget aufgebraucht, übernimmt der nächste Anbieter – bis hin zu den kostenlosen Offline-Icons.
art-icons-theme = Thema
art-icons-suggesting = Wird vorgeschlagen …
art-icons-suggest-again = Neu vorschlagen
art-icons-suggest = Thema vorschlagen
art-icons-approved-theme = Gewähltes Thema: { $name }
art-icons-palettes-label = Vorgeschlagene Paletten
art-icons-approve-label = { $name } übernehmen
art-icons-colours-label = Farben von { $name }
art-icons-approved = Übernommen
art-icons-approve = Übernehmen
art-icons-palettes-suggested = { $count ->
    [0] Es konnte keine Palette vorgeschlagen werden.
    [one] Eine Palette vorgeschlagen.
   *[other] { $count } Paletten vorgeschlagen. Übernimm die, die dir gefällt.
}
art-icons-theme-approved = „{ $name }“ ist jetzt das Icon-Thema der Karte.
art-icons-chapter = Kapitel { $position }
art-icons-chapters-label = Kapitel-Icons
art-icons-chapter-label = Kapitel { $position }: { $title }
art-icons-icon-alt = Icon von { $title }
art-icons-shows = Motiv (optional)
art-icons-shows-placeholder = z. B. eine schläfrige Eule auf einem Ast
art-icons-shows-label = Was das Icon von { $title } zeigt (optional)
art-icons-how-many = Wie viele
art-icons-how-many-label = Wie viele Varianten von { $title }
art-icons-variations = Varianten
art-icons-variations-label = Varianten von { $title }
art-icons-regenerate = Neu zeichnen
art-icons-regenerate-label = Icon von { $title } neu zeichnen
art-icons-variations-estimated = { $count ->
    [one] { $count } Variante · geschätzt { $cost }
   *[other] { $count } Varianten · geschätzt { $cost }
}
art-icons-variations-free = { $count ->
    [one] { $count } Variante · kostenlos
   *[other] { $count } Varianten · kostenlos
}
art-icons-variations-free-offline = { $count ->
    [one] { $count } Variante · kostenlos, offline
   *[other] { $count } Varianten · kostenlos, offline
}
art-icons-variations-made-estimated = { $count ->
    [one] { $count } Variante
   *[other] { $count } Varianten
    } für „{ $title }“ (geschätzt { $cost }). Wähle eine aus.
art-icons-variations-made-free = { $count ->
    [one] { $count } Variante
   *[other] { $count } Varianten
    } für „{ $title }“ (kostenlos). Wähle eine aus.
art-icons-variations-made-free-offline = { $count ->
    [one] { $count } Variante
   *[other] { $count } Varianten
    } für „{ $title }“ (kostenlos, offline). Wähle eine aus.
art-icons-use-variation = Variante { $number } für { $title } verwenden
art-icons-chosen = Gewählt
art-icons-variation-chosen = Variante { $number } ist jetzt das Icon von „{ $title }“.
art-icons-drawn = { $count ->
    [one] { $count } Icon gezeichnet.
   *[other] { $count } Icons gezeichnet.
}

## Cover

art-cover-heading = Cover erzeugen
art-cover-intro = Beschreibe ein Bild; neben dem aktuellen Cover erscheint eine Vorschau. Nichts ändert sich, bis du sie verwendest.
art-cover-which = Welches Cover
art-cover-front = Vorderseite
art-cover-back = Rückseite
art-cover-describe = { $side ->
    [front] Beschreibe das Cover der Vorderseite
   *[back] Beschreibe das Cover der Rückseite
}
art-cover-describe-first = Beschreibe zuerst das Bild.
art-cover-too-long = Die Beschreibung darf höchstens { $max } Zeichen lang sein.
art-cover-generating = Wird erzeugt …
art-cover-generate = Erzeugen
art-cover-regenerate = Neu erzeugen
art-cover-use = Dieses Cover verwenden
art-cover-progress-label = Cover wird erzeugt
art-cover-saved = { $side ->
    [front] Cover der Vorderseite gespeichert.
   *[back] Cover der Rückseite gespeichert.
}
art-cover-current = Aktuell
art-cover-current-alt = { $side ->
    [front] Aktuelles Cover der Vorderseite
   *[back] Aktuelles Cover der Rückseite
}
art-cover-none = Noch kein Cover
art-cover-preview = Vorschau
art-cover-preview-alt = { $side ->
    [front] Vorschau des erzeugten Covers der Vorderseite
   *[back] Vorschau des erzeugten Covers der Rückseite
}
art-cover-preview-empty = Erzeuge ein Cover, um hier eine Vorschau zu sehen

# Was das Zeichnen der Symbole getan hat, danach gesagt.
art-icons-drew-chapter = Ein neues Symbol für „{ $title }“ gezeichnet ({ $who }).
art-icons-drew-none = Keine Symbole gezeichnet.
art-icons-drew = { $count ->
    [one] 1 Symbol in „{ $palette }“ gezeichnet ({ $who }).
   *[other] { $count } Symbole in „{ $palette }“ gezeichnet ({ $who }).
}
art-icons-kept = { $count ->
    [one] Das eigene Symbol von 1 Kapitel blieb: { $titles }; zeichne ein Kapitel neu, um es zu ersetzen.
   *[other] Die eigenen Symbole von { $count } Kapiteln blieben: { $titles }; zeichne ein Kapitel neu, um es zu ersetzen.
}
art-icons-no-chapters = Die Karte hat noch keine Kapitel.
art-icons-by-offline = Offline-Bilder
art-icons-by-provider = gezeichnet von { $provider }
