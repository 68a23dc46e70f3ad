# Die Seite einer Karte: Kopf, Kapitel (Spuren), Cover, Wiedergabe, aufbewahrte Originale, Verwaltung.

## Kopf und Abschnitte

card-breadcrumb = Navigationspfad
card-all-cards = ← Alle Karten
card-front-cover = Vorderes Cover
card-back-cover = Hinteres Cover
# Der Name der Sammlung wird als Link zur Sammlung gezeigt.
card-home = In { $collection }
card-home-by = In { $collection } · von { $author }
card-details-title = Details
card-details-summary = Titel, Beschreibung, Autor
card-art-title = Cover und Symbole
card-art-summary-editor = Vorderes und hinteres Cover, erzeugte Cover, Kapitel-Symbole
card-art-summary = Vorderes und hinteres Cover
card-playback-title = Wiedergabe
card-playback-summary = { $advance ->
        [none] Hält nach jedem Kapitel an
        [repeat] Wiederholt das Kapitel
       *[next] Spielt das nächste Kapitel
    } · { $order ->
        [random] zufällige Reihenfolge
       *[in-order] der Reihe nach
    }
card-originals-title = Aufbewahrte Originale
card-originals-summary = Was „Rückgängig“ nach Kürzen, Teilen oder Blenden wiederherstellt
card-manage-title = Karte verwalten
card-manage-summary = Webadresse, Sammlungen, Löschen

## Veröffentlichen

card-publish = Auf dem Player veröffentlichen
card-publish-needs-track = Füge eine Spur hinzu, um diese Karte auf einem Player zu veröffentlichen.
card-players-heading = Auf euren Playern
card-players-playing-on = Läuft auf { $player }
card-players-paused-on = Pausiert auf { $player }
card-players-play-on = Auf { $player } abspielen
card-players-show-icon = Symbol zeigen
card-players-show-icon-on = Das Symbol auf { $player } zeigen

## Cover

card-covers-title = Cover
card-covers-intro-editor = Wird auf das Etikett gedruckt und auf dem Player gezeigt. Zieh ein Bild auf ein Cover oder klick darauf, um eine Datei auszuwählen.
card-covers-intro = Wird auf das Etikett gedruckt und auf dem Player gezeigt.

## Details

card-about-title = Über diese Karte
card-no-description = Keine Beschreibung.
card-saved = Karte gespeichert
card-details-form = Details der Karte
card-save = Karte speichern

## Wiedergabe

card-playback-saved = Wiedergabe gespeichert
card-playback-settings = Wiedergabe-Einstellungen
card-autoadvance = Nach jedem Kapitel
card-autoadvance-next = Nächstes Kapitel abspielen
card-autoadvance-none = Nach jedem Kapitel anhalten
card-autoadvance-repeat = Kapitel wiederholen
card-shuffle = Zufallswiedergabe
card-shuffle-off = Aus: der Reihe nach
card-shuffle-on = An: zufällige Reihenfolge
card-overlay-timeout = Kapitelanzeige (Sekunden)
card-overlay-timeout-hint = Wie lange der Kapitelname auf dem Bildschirm bleibt, 0 bis 3600.
card-resume-timeout = Fortsetzen innerhalb von (Sekunden)
card-resume-timeout-hint = Steckst du die Karte innerhalb dieser Zeit wieder ein, geht es an derselben Stelle weiter, 0 bis 86400.
card-save-playback = Wiedergabe speichern

## Karte verwalten

card-address = Adresse
card-home-collection = Heimatsammlung
card-also-shown-in = Auch zu sehen in
card-move-owners-only = Nur die Inhaber ihrer Sammlung können diese Karte in eine andere Sammlung verschieben.
card-moved = Verschoben nach { $collection }
# Die Wörter zwischen <a> und </a> werden ein Link zur Seite der Sammlungen; die Markierungen bleiben stehen.
card-move-nowhere = Es gibt keine andere Sammlung, die du bearbeiten kannst und in die du diese Karte verschieben könntest. Leg eine auf der <a>Seite der Sammlungen</a> an.
card-move = Karte verschieben
card-move-to = Verschieben nach
card-move-to-hint = Die Karte gehört dann zu dieser Sammlung und ihren Mitgliedern.
card-moving = Wird verschoben …
card-linked-by = verknüpft von { $name }
card-linked-by-deleted = verknüpft von einem gelöschten Konto
card-unlink-label = Aus { $collection } entfernen
card-unlink = Entfernen
card-not-linked = Diese Karte ist nur in ihrer eigenen Sammlung.
card-links-list = Sammlungen, mit denen diese Karte verknüpft ist
card-delete = Karte löschen
card-delete-question = „{ $title }“ löschen? Ihre Cover und Einstellungen werden mitgelöscht, und sie verschwindet aus jeder Sammlung, mit der sie verknüpft ist. Das lässt sich nicht rückgängig machen.
card-delete-confirm = Ja, Karte löschen

## Spuren

card-tracks-title = Spuren
card-tracks-intro-editor = Der Player spielt sie der Reihe nach. Zieh eine Spur an ihrem Griff, um sie zu verschieben; unter ⋯ findest du den Rest.
card-tracks-intro = Der Player spielt sie der Reihe nach.
card-no-tracks-editor = Noch keine Spuren. Nimm eine auf, lade Audiodateien hoch (gern mehrere auf einmal), schreib eine Geschichte, die eine Stimme vorliest, oder füge einen Stream hinzu.
card-no-tracks = Noch keine Spuren.
card-track-list = Spuren in Abspielreihenfolge
card-track-row = Spur { $number }: { $title }
card-track-moved = „{ $title }“ ist jetzt Kapitel { $number }
card-order-not-saved = Die neue Reihenfolge wurde nicht gespeichert: { $error }
card-conversion-failed = Der Ton konnte nicht umgewandelt werden.
card-undo = Rückgängig
card-undoing = Wird rückgängig gemacht …
card-dismiss = Schließen
card-status-stream = Stream
card-status-unreachable = Stream nicht erreichbar
card-status-waiting = Wartet auf Umwandlung
card-status-converting = Wird umgewandelt
card-status-failed = Fehlgeschlagen
card-drag-handle = Ziehgriff von { $title }
card-drag-title = Ziehen zum Umsortieren

## Was man mit einer Spur tun kann

card-track-actions = Aktionen für { $title }
card-rename = Umbenennen
card-rename-label = { $title } umbenennen
card-edit = Kürzen, teilen, blenden
card-edit-label = { $title } bearbeiten
card-move-up = Nach oben
card-move-up-label = { $title } nach oben verschieben
card-move-down = Nach unten
card-move-down-label = { $title } nach unten verschieben
card-icon = Symbol
card-icon-label = Symbol von { $title } ändern
card-track-delete = Löschen
card-track-delete-question = „{ $title }“ löschen? Ihr Ton wird von der Karte entfernt.
card-track-delete-confirm = Ja, Spur löschen
card-track-deleted = „{ $title }“ gelöscht
# Steht nach dem Dateiformat einer Spur, die der Player streamt.
card-format-stream = Stream
card-rename-form = Spur umbenennen
card-new-title = Neuer Titel
# Das Problem sagt, was mit dem Titel nicht stimmt, z. B. „darf nicht leer sein“.
card-title-problem = Titel { $problem }
card-save-title = Titel speichern
card-cancel = Abbrechen

## Der Player

card-play-track = { $title } abspielen
card-pause-track = { $title } pausieren
card-player = Player
card-playing = Wiedergabe: { $title }
card-player-close = Player schließen

## Kapitel hinzufügen

card-add-title = Zu dieser Karte hinzufügen
card-add-record = Aufnehmen
card-add-upload = Dateien hochladen
card-add-speak = Geschichte schreiben
card-add-stream = Stream-Link
card-upload-choose = Audiodateien auswählen
card-upload-drop = Audiodateien hierher ziehen oder Dateien auswählen
card-upload-hint = MP3, M4A, WAV, FLAC, OGG und mehr. Gern mehrere auf einmal; sie werden in der gewählten Reihenfolge hinzugefügt.
card-drop-numbers = Spurnummern aus Dateinamen weglassen
card-drop-numbers-hint = Aus „01 Die Höhle.mp3“ wird „Die Höhle“: Kapitel werden nach ihrem Platz auf der Karte nummeriert.
card-uploads = Uploads
card-uploads-clear = Abgeschlossene Uploads entfernen
card-upload-of = Upload von { $name }
card-uploading = Wird hochgeladen … { $percent } %
card-upload-added = Hinzugefügt als „{ $title }“
card-upload-unsupported = Dieser Browser kann keine Dateien senden.
card-upload-unreadable = Die Antwort des Servers war nicht verständlich: { $error }
card-stream-form = Stream hinzufügen
card-stream-intro = Internetradio oder ein Podcast: Der Player ruft ihn selbst ab, deshalb ist er immer auf dem neuesten Stand.
card-stream-title = Titel des Streams
card-stream-url = Adresse des Streams
card-stream-url-hint = Eine http://- oder https://-Adresse, die der Player selbst abruft.
card-stream-add = Stream hinzufügen
card-stream-adding = Wird hinzugefügt …

## Aufbewahrte Originale

card-originals-intro = Wenn du eine Spur kürzt, teilst, ein- oder ausblendest oder zusammenfügst, wird ihr Original hier aufbewahrt, damit sich die Bearbeitung rückgängig machen lässt. Lösch Originale, die du nicht mehr brauchst, um Platz zu schaffen.
card-originals-loading = Aufbewahrte Originale werden geladen …
card-originals-none = Nichts aufbewahrt: Es wurde noch keine Spur bearbeitet.
card-restored = „{ $title }“ wiederhergestellt
card-restore-failed = Wiederherstellen fehlgeschlagen: { $error }
card-undo-gone = Diese Bearbeitung lässt sich nicht mehr rückgängig machen: Ihr Original wurde gelöscht oder wiederhergestellt.
card-purge-failed = Löschen fehlgeschlagen: { $error }
card-purge-question = Das Original von „{ $title }“ löschen? Die Bearbeitung lässt sich dann nicht mehr rückgängig machen.
card-original = Original: { $title }
card-original-play-label = Original von { $title } abspielen
card-original-player = Das Original von { $title }
card-original-play = ▶ Abspielen
card-restore = Wiederherstellen
card-purge = Löschen
card-purge-confirm = Ja, löschen

## Mehrere Titel auf einmal (die Auswahlleiste)
card-batch-select = Titel auswählen
card-batch-region = Ausgewählte Titel
card-batch-selected = { $count ->
    [one] 1 Titel ausgewählt
   *[other] { $count } Titel ausgewählt
}
card-batch-all = Alle auswählen
card-batch-none = Keinen auswählen
card-batch-done = Fertig
card-batch-pick = „{ $title }“ auswählen
card-batch-rename = Umbenennen…
card-batch-delete = Löschen
card-batch-delete-question = { $count ->
    [one] 1 Titel löschen? Sie können es gleich danach rückgängig machen.
   *[other] { $count } Titel löschen? Sie können es gleich danach rückgängig machen.
}
card-batch-delete-yes = Ja, löschen
card-batch-more = Weitere Aktionen für die ausgewählten Titel
card-batch-choose = Weitere Aktionen…
card-batch-top = An den Anfang
card-batch-bottom = Ans Ende
card-batch-sort-title = Nach Titel sortieren
card-batch-sort-tags = Nach Titelnummer (Tags) sortieren
card-batch-reverse = Reihenfolge umkehren
card-batch-icons-matched = Symbole nach ihren Titeln
card-batch-icons-default = Nummerierte Symbole
card-batch-loudness = Audio neu erstellen (Lautstärke)
card-batch-move = Auf eine andere Karte verschieben
card-batch-copy = Auf eine andere Karte kopieren
card-batch-working = Wird ausgeführt…
card-batch-rename-form = Ausgewählte Titel umbenennen
card-batch-find = Suchen
card-batch-replace = Ersetzen durch
card-batch-regex = Regulärer Ausdruck
card-batch-ignore-case = Groß-/Kleinschreibung ignorieren
card-batch-strip-numbers = Nummern am Anfang entfernen
card-batch-title-case = Jedes Wort groß
card-batch-preview = Vorschau
card-batch-apply = Umbenennen
card-batch-cancel = Abbrechen
card-batch-to-card = Karte
card-batch-loading-cards = Ihre Karten werden geladen…
card-batch-no-cards = Es gibt keine andere Karte, die Sie bearbeiten können.
card-batch-applied = { $action }: { $count ->
    [one] 1 Titel
   *[other] { $count } Titel
}
card-batch-did-delete = Gelöscht
card-batch-did-move = Verschoben
card-batch-did-copy = Kopiert
card-batch-did-rename = Umbenannt
card-batch-did-icons = Symbole gesetzt
card-batch-did-loudness = Audio wird neu erstellt
card-batch-did-order = Neu geordnet
card-batch-undone = Die letzte Sammelaktion wurde rückgängig gemacht.
card-batch-undo-last = { $count ->
    [one] „{ $action }“ rückgängig machen (1 Titel)
   *[other] „{ $action }“ rückgängig machen ({ $count } Titel)
}
