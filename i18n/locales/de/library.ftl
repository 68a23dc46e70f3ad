# Die Kartenbibliothek, die Sammlungen, die ersten Schritte, Beispielinhalte, Karten auf die
# Player bringen, Etikettenbögen und gemeinsame Bausteine (Formulare, Dialoge, Hochladen, Links).

## Die Kartenbibliothek: Suche, Filter, Kacheln und Zeilen, Seiten

library-cards = Karten
library-cards-in-collection = Karten in dieser Sammlung
library-empty-cards = Karten sind die Audio-Playlists, die der Player deines Kindes abspielt. Sie liegen in Sammlungen: Öffne eine Sammlung oder leg eine neue an und füge dort eine Karte hinzu.
library-go-to-collections = Zu deinen Sammlungen
library-empty-collection-editor = Füge mit dem Formular unten die erste Karte hinzu: Ein Titel reicht für den Anfang.
library-empty-collection-viewer = In dieser Sammlung gibt es noch keine Karten.
library-no-cards = Keine Karten
library-no-cards-yet = Noch keine Karten
library-no-cards-match = Keine passenden Karten
library-no-match-text = Zu diesen Suchwörtern und Filtern passt nichts. Versuch es mit weniger Wörtern, dem Namen einer Spur oder anderen Filtern.
library-clear-search = Suche und Filter zurücksetzen
library-cards-not-loaded = Die Karten konnten nicht geladen werden: { $error }
library-showing = { $count ->
    [one] { $first }–{ $last } von { $total } Karte
   *[other] { $first }–{ $last } von { $total } Karten
}
library-none-shown = Keine Karte angezeigt (insgesamt { $total })
library-pages = Seiten
library-previous = ‹ Zurück
library-previous-page = Vorherige Seite
library-next = Weiter ›
library-next-page = Nächste Seite
library-page = Seite { $page }
library-track-count = { $count ->
    [0] Keine Spuren
    [one] { $count } Spur
   *[other] { $count } Spuren
}
library-linked = Verknüpft
library-home = Hier zu Hause
library-in-collection = in { $collection }

library-search-and-filter = Karten suchen und filtern
library-search-cards = Karten suchen
library-search-placeholder = Titel, Autor, Beschreibung oder eine Spur
library-collection = Sammlung
library-all-collections = Alle Sammlungen
library-publish-state = Veröffentlichung
library-tracks = Spuren
library-sort-by = Sortieren nach
library-view = Ansicht
library-filter-any = Alle
library-publish-never = Nie veröffentlicht
library-publish-on-player = Auf dem Player
library-publish-changed = Seit dem Veröffentlichen geändert
library-publish-publishing = Wird veröffentlicht …
library-publish-failed = Veröffentlichen fehlgeschlagen
library-tracks-some = Mit Spuren
library-tracks-none = Noch ohne Spuren
library-sort-title = Titel A–Z
library-sort-updated = Zuletzt geändert
library-sort-created = Zuletzt erstellt
library-view-tiles = Kacheln
library-view-list = Liste

## Die Seiten der Karten und Sammlungen

library-print-labels = Etiketten drucken
library-cards-intro = Alle Karten in deinen Sammlungen und in denen, die mit dir geteilt wurden.
library-collections-intro = Sammlungen fassen Karten zusammen und lassen sich mit deiner Familie teilen.
library-no-collections = Noch keine Sammlungen
library-no-collections-text = Leg mit dem Formular deine erste Sammlung an: Gib ihr einen Namen wie „Gutenachtgeschichten“ und füge dann Karten hinzu.
library-default-collection = Standard
library-new-collection = Neue Sammlung
library-name = Name
library-description = Beschreibung
library-collection-description-hint = Optional: für wen sie ist oder was hineinkommt.
library-create-collection = Sammlung anlegen
library-creating = Wird angelegt …
library-collection-created = „{ $name }“ angelegt: wird geöffnet …
library-address = Adresse: { $address }

## Die ersten Schritte in einer leeren Bibliothek

library-first-run-heading = Mach deine erste Karte
library-start-record = ● Geschichte aufnehmen
library-start-record-text = Lies eine Geschichte mit dem Mikrofon dieses Geräts vor.
library-opening-recorder = Aufnahme wird geöffnet …
library-start-upload = ⬆ Audio hochladen
library-start-upload-text = Lieder oder Geschichten, die du schon hast: MP3, M4A, WAV und mehr.
library-opening = Wird geöffnet …
library-start-examples = ★ Beispielkarten ausprobieren
library-start-examples-text = Drei kurze gesprochene Geschichten mit Covern und Symbolen, damit du siehst, wie alles funktioniert.
library-making-examples = Beispiele werden erstellt …
library-first-run-link-player = Um Karten auf dem Player deines Kindes abzuspielen, { $link }.
library-first-run-link-player-link = verknüpfe dein Player-Konto

## Beispielinhalte (Admins)

library-examples-heading = Beispielinhalte
library-examples-text = Drei Beispielkarten, auf diesem Server ohne Internet erstellt: kurze Geschichten, vorgelesen von einer Offline-Stimme, mit gezeichneten Covern und Kapitel-Symbolen. Sie landen in einer Sammlung namens „Examples“, die dir gehört – bereit zum Ansehen, Veröffentlichen und Drucken. Sie werden einmal pro Instanz erstellt.
library-looking = Wird nachgesehen …
library-add-examples = Beispielkarten hinzufügen
library-examples-progress = Die Geschichten werden vorgelesen und die Cover gezeichnet …
library-examples-progress-label = Beispiele werden erstellt
library-examples-already = Die Beispiele waren schon da; es wurde nichts Neues erstellt.
library-examples-made = { $cards ->
    [one] { $cards } Karte
   *[other] { $cards } Karten
} mit { $tracks ->
    [one] { $tracks } Spur
   *[other] { $tracks } Spuren
} erstellt.
library-examples-there = Diese Instanz hat ihre Beispielkarten.
library-examples-converting = Der Ton wird umgewandelt: { $ready } von { $total ->
    [one] { $total } Spur
   *[other] { $total } Spuren
} fertig.
library-examples-converted = Umgewandelte Spuren
library-examples-ready = { $total ->
    [one] Die Spur ist bereit zum Abspielen.
   *[other] Alle { $total } Spuren sind bereit zum Abspielen.
}
library-examples-open = Sammlung „Examples“ öffnen
library-examples-deleted = Die Sammlung „Examples“ wurde gelöscht; ein neuer Versuch fügt nichts hinzu.

## Karten auf die Player bringen

library-seed-open = Auf die Player bringen …
library-seed-title = Auf die Player bringen
library-seed-intro = Die Karten werden, wo nötig, im Konto der Player veröffentlicht und zu den Kurzwahlen jedes Players hinzugefügt, neben die, die er schon hat.
library-seed-no-players = Noch keine Player: Verknüpfe zuerst { $link }.
library-seed-no-players-link = ein Player-Konto
library-seed-players = Player
library-seed-when = Wann (leer lassen für sofort)
library-seed-progress = Die Karten kommen auf die Player
library-seed-choose-player = Wähle mindestens einen Player.
library-seed-one-account = Wähle nur Player eines Kontos auf einmal.
library-seed-not-a-time = Das ist keine gültige Uhrzeit.
library-seed-scheduled = { $count ->
    [one] Geplant für { $when }: Dann bekommt { $count } Player die Karten.
   *[other] Geplant für { $when }: Dann bekommen { $count } Player die Karten.
}
library-seed-done = { $count ->
    [one] Fertig: Die Karten sind auf { $count } Player, nur einen Tastendruck entfernt.
   *[other] Fertig: Die Karten sind auf { $count } Playern, nur einen Tastendruck entfernt.
}

## Etikettenbögen und ihre Freigabelinks

library-labels-intro = Drucke Aufkleber für echte Karten: Jedes Etikett zeigt das ganze vordere Cover, Titel und Autor sowie die Kapitel mit ihren Symbolen, in echter Kartengröße.
library-no-cards-to-print = Noch keine Karten zum Drucken
library-no-cards-to-print-text = Etiketten entstehen aus deinen Karten. Öffne eine Sammlung, füge zuerst eine Karte hinzu und komm dann hierher zurück.
library-build-sheet = Bogen zusammenstellen
library-select-all = Alle auswählen
library-selected = { $count } von { $total } ausgewählt
library-format = Format
library-page-size = Seitengröße
library-page-size-a4 = A4 – 9 Karten mit Schnittmarken
library-page-size-letter = US Letter – 9 Karten mit Schnittmarken
library-page-size-card = Kartengröße – 1 Karte pro Seite, für Karten- und Fotodrucker
library-page-size-avery-l7166 = Avery-L7166-Aufkleber (A4) – 6 Karten
library-page-size-avery-5168 = Avery-5168-Aufkleber (US Letter) – 4 Karten
library-generate-labels = Etiketten erstellen
library-generating = Wird erstellt …
library-no-sheet = Noch kein Bogen
library-no-sheet-text = Hak die Karten an, die du drucken willst, wähle Format und Seitengröße und drück dann auf „Etiketten erstellen“. Der Bogen erscheint hier zum Ansehen, Herunterladen und Teilen.
library-your-sheet = Dein Bogen
library-label-preview = Vorschau der Etiketten
library-download = Herunterladen
library-create-share-link = Freigabelink erstellen
library-creating-link = Link wird erstellt …
library-share-anyone = Alle mit diesem Link können den Bogen öffnen, bis du ihn widerrufst:
library-copy-share-link = Freigabelink kopieren

library-share-links = Freigabelinks
library-share-links-intro = Ein Freigabelink öffnet einen Bogen ohne Anmeldung, für alle, die ihn drucken. Widerrufe die Links, die du nicht mehr brauchst.
library-no-share-links = Keine Freigabelinks
library-no-share-links-text = Erstelle oben einen Bogen und drück dann auf „Freigabelink erstellen“, damit jemand anderes ihn drucken kann.
library-revoke-all = Alle widerrufen
library-revoke-all-question = Alle Freigabelinks widerrufen? Dann kann niemand mehr deine Bögen über sie öffnen; die Bögen selbst bleiben.
library-revoke-all-confirm = Ja, alle widerrufen
library-shares-revoked = { $count ->
    [one] { $count } Link widerrufen
   *[other] { $count } Links widerrufen
}
library-share-created = Erstellt: { $when }
library-open = Öffnen
library-revoke = Widerrufen
library-revoke-link = Link zu { $file } vom { $when } widerrufen

## Gemeinsame Bausteine: Kopieren, Dialoge, Rückfragen, Adressen, Kartenfelder, Bilder, Anfragen

library-copy = Kopieren
library-copy-link = Link kopieren
library-copied = Kopiert
library-copy-by-hand = Kopiere den Link von Hand: Diese Seite kommt nicht an die Zwischenablage
library-close = Schließen
library-cancel = Abbrechen
library-working = Wird ausgeführt …

library-slug = Kurzname
library-slug-hint = Der letzte Teil der Adresse: Kleinbuchstaben, Ziffern und einzelne Bindestriche. Alte Links funktionieren danach nicht mehr.
library-change-slug = Kurzname ändern
library-slug-changing = Wird geändert …
library-slug-checking = Wird geprüft …
library-slug-unchecked = Gerade nicht prüfbar; beim Speichern erfährst du es.
library-slug-available = { $address } ist frei
library-slug-taken = { $address } ist schon vergeben
library-slug-required = { $address }: Ein Kurzname ist nötig
library-slug-too-long = { $address } darf höchstens { $max } Zeichen haben
library-slug-malformed = { $address } darf nur Kleinbuchstaben, Ziffern und einzelne Bindestriche enthalten, nicht am Anfang oder Ende
library-slug-problem = { $address } { $problem }

library-title = Titel
library-author = Autor
library-card-description-hint = Optional: was dein Kind auf dieser Karte hört.
library-card-author-hint = Optional: wer die Geschichte geschrieben hat oder erzählt.
library-player-title-limit = Player nehmen Titel mit bis zu { $max } Zeichen, dieser hat { $length }: Kürze ihn, um die Karte auf einem Player zu veröffentlichen.
library-whole-number = muss eine ganze Zahl sein

library-current-image = Aktuelles Bild
library-no-image = Noch kein Bild
library-choose-image = Bilddatei auswählen
library-drop-image = Leg ein Bild hier ab oder wähle eine Datei
library-uploading = Wird hochgeladen …
library-image-hint = JPEG, PNG, WebP oder GIF, bis 10 MB.
library-image-wrong-type = Wähle ein JPEG-, PNG-, WebP- oder GIF-Bild.
library-image-empty = Diese Datei ist leer.
library-image-too-large = Dieses Bild hat { $size } MB; Bilder dürfen höchstens 10 MB groß sein.
library-image-larger-than-server = Das Bild ist größer, als der Server annimmt.
library-upload-failed = Das Hochladen ist fehlgeschlagen ({ $status }).
library-browser-cannot-send = Dieser Browser kann keine Dateien senden.

library-offline = Der Server ist nicht erreichbar; prüf deine Verbindung und versuch es noch einmal.
library-file-too-large = Die Datei ist größer, als der Server annimmt.
library-not-audio = Das ist keine Audiodatei, die der Server lesen kann.
library-request-failed = Die Anfrage ist fehlgeschlagen ({ $status }).
library-request-not-written = Die Anfrage konnte nicht erstellt werden: { $error }
library-answer-not-understood = Die Antwort des Servers war unverständlich: { $error }
library-job-not-finished = Der Auftrag wurde nicht abgeschlossen.
library-browser-only = Das funktioniert nur im Browser.

# The label sheets' own words.
label-sheet-title = Kartenetiketten
label-more = + { $count } weitere

## Many cards at once (the library's selection)
library-pick = „{ $title }“ auswählen
library-select = Karten auswählen
library-bulk = Aktionen für die ausgewählten Karten
library-bulk-selected = { $count ->
    [one] 1 Karte
   *[other] { $count } Karten
} ausgewählt ({ $tracks ->
    [one] 1 Titel
   *[other] { $tracks } Titel
})
library-select-page = Diese Seite auswählen
library-select-done = Fertig
library-bulk-move = Verschieben nach…
library-bulk-link = Verknüpfen in…
library-bulk-publish = Veröffentlichen…
library-bulk-export = Als ZIP exportieren
library-bulk-delete = Löschen…
library-bulk-cancel = Abbrechen
library-bulk-move-to = Karten verschieben nach
library-bulk-link-into = Karten auch zeigen in
library-bulk-move-go = Verschieben
library-bulk-link-go = Verknüpfen
library-bulk-delete-question = { $count ->
    [one] 1 Karte und ihre { $tracks } Titel löschen? Das lässt sich nicht rückgängig machen.
   *[other] { $count } Karten und ihre { $tracks } Titel löschen? Das lässt sich nicht rückgängig machen.
}
library-bulk-delete-confirm = { $count ->
    [one] 1 Karte löschen
   *[other] { $count } Karten löschen
}
library-bulk-moved = { $count ->
    [one] 1 Karte verschoben.
   *[other] { $count } Karten verschoben.
}
library-bulk-linked = { $count ->
    [one] 1 Karte verknüpft.
   *[other] { $count } Karten verknüpft.
}
library-bulk-deleted = { $count ->
    [one] 1 Karte gelöscht, mit { $tracks } Titeln.
   *[other] { $count } Karten gelöscht, mit { $tracks } Titeln.
}
