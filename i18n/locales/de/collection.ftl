# Eine Sammlung: Kopf, Karten, Geschichtenkarte, Vorgaben, Kinderprofil, Teilen, Hintergrund
# und Einstellungen; dazu die Einladungen in eine Sammlung.

coll-breadcrumb = Navigationspfad
coll-back-to-collections = ← Sammlungen
coll-default-badge = Standard
coll-stats-cards = Karten
coll-stats-disk-use = Speicherplatz

coll-story-title = Neue Geschichtenkarte
coll-story-summary = Eine Geschichte, für dich geschrieben und von einer Stimme vorgelesen
coll-presets-title = Geschichten-Vorgaben
coll-presets-summary-none = Fertige Ideen für Geschichten
coll-presets-summary = { $count ->
    [one] { $count } Vorgabe
   *[other] { $count } Vorgaben
}
coll-profile-title = Kinderprofil
coll-profile-summary = Name, Alter und Interessen für passende Geschichten
coll-sharing-title = Teilen
coll-sharing-summary-none = Lade deine Familie zum Anhören oder Bearbeiten ein
coll-sharing-summary = { $count ->
    [one] { $count } Mitglied
   *[other] { $count } Mitglieder
}
coll-background-title = Hintergrund
coll-background-summary = Das Bild hinter der Kachel der Sammlung
coll-background-intro = Erscheint hinter der Kachel der Sammlung in der Liste der Sammlungen.
coll-background-image = Hintergrundbild
coll-settings-title = Einstellungen
coll-settings-summary = Name, Adresse, Sprache, Löschen

# Die Karten
coll-cards-title = Karten
coll-publish-to-player = Auf Player veröffentlichen
coll-new-card = Neue Karte
coll-create-card = Karte erstellen
coll-creating = Wird erstellt …
coll-card-created = „{ $title }“ erstellt: wird geöffnet …

# Teilen
coll-sharing-intro = Inhaber verwalten Mitglieder und Einstellungen, Bearbeiter ändern Karten, Betrachter schauen und hören zu.
coll-members = Mitglieder
coll-member-you = { $name } (du)
coll-member-change-access = Zugriff von { $email } ändern
coll-member-remove = Entfernen
coll-member-remove-named = { $email } entfernen
coll-invite-heading = Jemanden einladen
coll-invite-email = E-Mail des Mitglieds
coll-invite-email-hint = Die Person bekommt eine Einladung per E-Mail und ist dabei, sobald sie die Einladung hier angemeldet annimmt (Konten vergibt ein Administrator).
coll-invite-role = Rolle
coll-invite = Einladen
coll-inviting = Wird eingeladen …
coll-member-invited = { $email } eingeladen: Die Person ist dabei, sobald sie annimmt
coll-leave = Sammlung verlassen
coll-leave-question = „{ $name }“ verlassen? Du hast keinen Zugriff mehr auf ihre Karten, bis ein Inhaber dich wieder hinzufügt.
coll-leave-confirm = Ja, verlassen

# Einladungen
coll-invited-list = Eingeladen
coll-invited-as = Eingeladen als { $role ->
        [owner] Inhaber
        [editor] Bearbeiter
        [viewer] Betrachter
       *[other] { $role }
    }; ist dabei, sobald die Einladung angenommen ist
coll-invited-badge = eingeladen
coll-invitation-revoke = Zurückziehen
coll-invitation-revoke-named = Einladung von { $email } zurückziehen
coll-invitations-for-you = Einladungen für dich
coll-invitations-explain = Nimm eine an, dann findest du ihre Karten in deiner Bibliothek.
coll-invitation-from = { $from } hat dich als { $role ->
        [owner] Inhaber
        [editor] Bearbeiter
        [viewer] Betrachter
       *[other] { $role }
    } eingeladen
coll-invitation-from-somebody = Jemand hat dich als { $role ->
        [owner] Inhaber
        [editor] Bearbeiter
        [viewer] Betrachter
       *[other] { $role }
    } eingeladen
coll-invitation-accept = Annehmen
coll-invitation-accept-named = Einladung zu { $name } annehmen
coll-invitation-decline = Ablehnen
coll-invitation-decline-named = Einladung zu { $name } ablehnen

# Geschichten-Vorgaben
coll-presets-empty-heading = Noch keine Geschichten-Vorgaben
coll-presets-empty-editor = Vorgaben sind Startpunkte für neue Geschichten, mit einem Tipp gewählt: ein Name, ein Prompt und eine Länge. Leg die erste mit „Vorgabe hinzufügen“ an.
coll-presets-empty-viewer = Für diese Sammlung hat noch niemand Geschichten-Vorgaben angelegt.
coll-preset-add = Vorgabe hinzufügen
coll-preset-minutes = { $minutes } Min.
coll-preset-vocabulary = Wortschatz: { $vocabulary }
coll-preset-voice = Stimme: { $voice }
coll-preset-edit = Bearbeiten
coll-preset-edit-named = Vorgabe { $name } bearbeiten
coll-preset-delete = Löschen
coll-preset-delete-named = Vorgabe { $name } löschen
coll-preset-new = Neue Vorgabe
coll-preset-edit-heading = Vorgabe bearbeiten
coll-preset-name = Name der Vorgabe
coll-preset-emoji = Emoji
coll-preset-prompt = Prompt-Vorlage
coll-preset-prompt-hint = Worum es in der Geschichte gehen soll, z. B. „Ein ruhiges Abenteuer mit den Haustieren des Kindes“.
coll-vocabulary-level = Wortschatz
coll-preset-vocabulary-hint = z. B. Kleinkind, Leseanfänger
coll-preset-length = Länge (Minuten)
coll-preset-position = Position in der Liste
coll-preset-position-hint = Kleinere Zahlen stehen weiter oben.
coll-preset-voice-none = Die Stimme des Kinderprofils
coll-preset-save = Vorgabe speichern
coll-cancel = Abbrechen

# Kinderprofil
coll-profile-intro = Für wen diese Geschichten sind. Beim Schreiben der Geschichten werden daraus Namen, Themen und Wörter gewählt.
coll-profile-child-name = Name des Kindes
coll-profile-age = Alter
coll-profile-age-hint = Freiwillig.
coll-profile-friends = Freunde
coll-profile-interests = Interessen
coll-profile-pets = Haustiere
coll-profile-avoid = Themen, die nicht vorkommen sollen
coll-profile-avoid-hint = z. B. Monster, Dunkelheit
coll-profile-notes = Notizen
coll-profile-prompt = Standard-Prompt-Vorlage
coll-profile-length = Länge der Geschichte (Minuten)
coll-profile-voice = Stimme und Sprache
coll-profile-voice-none = Keine Vorliebe: die deutlichste englische Offline-Stimme
coll-profile-save = Kinderprofil speichern
coll-profile-saved = Kinderprofil gespeichert

# Einstellungen
coll-rename = Sammlung umbenennen
coll-rename-name = Name der Sammlung
coll-rename-description = Beschreibung der Sammlung
coll-rename-save = Sammlung speichern
coll-saved = Gespeichert
coll-default-heading = Standardsammlung
coll-default-explain = Schnelle Aufnahmen landen in deiner Standardsammlung.
coll-default-make = Als Standard festlegen
coll-default-is = Das ist deine Standardsammlung: Schnelle Aufnahmen landen hier.
coll-settings-language = Sprache der Karten
coll-settings-language-hint = Veröffentlichte Karten geben diese Sprache an, und neue Geschichten und gesprochene Titel beginnen mit einer ihrer Stimmen (außer das Kinderprofil wählt eine Stimme).
coll-settings-language-save = Sprache speichern
coll-settings-address = Adresse
coll-delete = Sammlung löschen
coll-delete-explain = Karten, die aus anderen Sammlungen verknüpft sind, bleiben in jedem Fall, wo sie zu Hause sind. Karten, die in dieser Sammlung zu Hause sind, sind geschützt: Ohne das Häkchen unten wird das Löschen abgelehnt, solange noch welche hier zu Hause sind. Verschieb sie also vorher.
coll-delete-cascade = Auch die Karten löschen, die in dieser Sammlung zu Hause sind
coll-delete-cascade-hint = Ihre Cover und Einstellungen werden mitgelöscht.
coll-delete-question = „{ $name }“ löschen? Das lässt sich nicht rückgängig machen.
coll-delete-question-cascade = { $count ->
    [one] „{ $name }“ und die Karte, die darin zu Hause ist, löschen? Das lässt sich nicht rückgängig machen.
   *[other] „{ $name }“ und die { $count } Karten, die darin zu Hause sind, löschen? Das lässt sich nicht rückgängig machen.
}
coll-delete-confirm = Ja, Sammlung löschen

# Neue Geschichtenkarte
coll-story-intro = Wähle eine Vorgabe und sag, worum es in der Geschichte gehen soll: Deine KI-Anbieter schreiben sie für das Kind dieser Sammlung, oder du startest mit einer Geschichtenvorlage. Oder du schreibst sie selbst. Cardsmith liest sie dann Kapitel für Kapitel vor, malt ein Cover und Kapitel-Symbole, und die Karte ist bereit zum Veröffentlichen.
coll-story-preset = Vorgabe
coll-story-preset-none = Das Profil der Sammlung
coll-story-idea = Idee für die Geschichte
coll-story-idea-hint = Ein Satz genügt, z. B. „ein Drache, der Brot backen lernt“.
coll-story-no-drafter = Für einen Entwurf braucht es einen KI-Anbieter, und für dich ist keiner eingerichtet. Füge einen unter { $settings } hinzu.
coll-story-no-drafter-admin = Für einen Entwurf braucht es einen KI-Anbieter, und für dich ist keiner eingerichtet. Füge einen unter { $settings } hinzu (oder für alle unter { $admin }).
coll-story-no-drafter-settings = Einstellungen → KI-Anbieter
coll-story-no-drafter-admin-link = Verwaltung → KI-Anbieter
coll-story-offline = Alles andere klappt auch offline: Starte mit einer Geschichtenvorlage über das Kind dieser Sammlung oder schreib deine eigene, und eine Offline-Stimme liest sie vor.
coll-story-write-draft = Entwurf schreiben
coll-story-writing = Geschichte wird geschrieben …
coll-story-writing-progress = Geschichte wird geschrieben
coll-story-use-template = Geschichtenvorlage verwenden
coll-story-template-note = Unter „Die Geschichte“ steht jetzt eine Geschichtenvorlage: Ändere beliebige Wörter, damit sie zu deiner wird.
coll-story-text-heading = Die Geschichte
coll-story-title-field = Titel der Geschichte
coll-story-text = Geschichte
coll-story-text-hint = Beginne Kapitel mit Zeilen wie „# Das Boot“ oder lass Leerzeilen zwischen den Absätzen, dann teilt Cardsmith sie in Kapitel von ein paar Minuten.
coll-story-counter = { $count } von { $max } Zeichen
coll-story-make = Karte erstellen
coll-story-making = Karte wird erstellt …
coll-story-making-progress = Geschichtenkarte wird erstellt
coll-story-open = „{ $name }“ öffnen
coll-story-made = { $chapters ->
    [one] „{ $name }“ ist fertig: { $chapters } gesprochenes Kapitel.
   *[other] „{ $name }“ ist fertig: { $chapters } gesprochene Kapitel.
}
coll-story-made-cover = Ein Cover wurde gemalt.
coll-story-made-no-cover = Das Cover wurde nicht erstellt: { $why }; erzeuge eines auf der Karte oder lade eines hoch.
coll-story-made-no-icons = Die Kapitel-Symbole wurden nicht erstellt: { $why }; zeichne sie im Bereich „Symbole“ der Karte.
coll-story-made-icons = Kapitel-Symbole: { $count } erstellt.
coll-story-idea-invalid = Idee: { $problem }.
coll-story-title-invalid = Titel: { $problem }.
coll-story-text-invalid = Text: { $problem }.
coll-story-voice-invalid = Stimme: { $problem }.
coll-story-field-invalid = { $field }: { $problem }.

# Geschichtenvorlagen. Cardsmith teilt eine Geschichte an Zeilen wie „# Titel“ in Kapitel.
coll-tale-chapter = { $number ->
   *[other] # { $title }
}
coll-tale-idea = Die Idee zu dieser Geschichte: { $idea }.
coll-tale-loves = das { $interest } liebte
coll-tale-loves-stories = das gute Geschichten liebte
coll-tale-teddy = sein Lieblingsteddy
coll-tale-everyone = allen

coll-tale-moon = { $name } und der schläfrige Mond
coll-tale-moon-1-title = Die Rakete im Garten
coll-tale-moon-1 = Es war einmal ein Kind namens { $name }, { $loves }. Eines Nachts landete eine kleine silberne Rakete ganz sanft im Garten, direkt neben dem Blumenbeet. Mit einem leisen Summen ging ihre Tür auf. { $name } zog warme Hausschuhe an und kletterte an Bord, und { $companion } kam mit.
coll-tale-moon-2-title = Zwischen den Sternen
coll-tale-moon-2 = Die Rakete stieg an den Dächern und Wolken vorbei, höher und höher, bis ringsum nur noch Sterne waren. Sie funkelten zur Begrüßung. Ein Komet zog eine leuchtende Linie über den Himmel, und die Planeten drehten sich langsam wie müde Kreisel. { $name } zählte die Sterne: eins, zwei, drei – viel zu viele zum Zählen.
coll-tale-moon-3-title = Das Schlaflied des Mondes
coll-tale-moon-3 = Endlich erreichte die Rakete den Mond, und der Mond gähnte gerade. „Danke für deinen Besuch“, sagte er mit sanfter, silbriger Stimme. „Jetzt ist es Zeit, dass sich alle ausruhen.“ Er summte ein Schlaflied, und die Rakete schwebte auf der Melodie den ganzen Weg nach Hause. { $name } kuschelte sich ins Bett, hörte das Lied noch immer und nahm sich vor, morgen früh { $friend } alles davon zu erzählen. Gute Nacht, { $name }. Schlaf gut.

coll-tale-sea = { $name } und das sanfte Meer
coll-tale-sea-1-title = Das kleine Boot
coll-tale-sea-1 = Es war einmal ein Kind namens { $name }, { $loves }. Eines Abends wartete unten am Ufer ein kleines blaues Boot und schaukelte auf dem Wasser. { $name } stieg ein, { $companion } kam mit, und das Boot fuhr hinaus auf das ruhige, glitzernde Meer.
coll-tale-sea-2-title = Freunde der Wellen
coll-tale-sea-2 = Eine Delfinfamilie schwamm nebenher und sprang in silbernen Bögen aus dem Wasser. Eine weise alte Schildkröte paddelte vorbei und nickte zur Begrüßung. Tief unten leuchteten kleine Fische wie Laternen. Die Wellen flüsterten: pscht, pscht, pscht, und das Boot schaukelte sanft hin und her.
coll-tale-sea-3-title = Mit der Flut nach Hause
coll-tale-sea-3 = Als die Sterne aufgingen, setzte die Flut ein und trug das kleine Boot nach Hause, langsam und sicher. Der Leuchtturm blinkte mit seinem warmen, freundlichen Licht. { $name } stieg aus in den weichen Sand, schon ganz müde, und nahm sich vor, morgen früh { $friend } von den Delfinen zu erzählen. Im Bett flüsterte das Meer noch immer: pscht, pscht, pscht. Gute Nacht, { $name }. Schlaf gut.

coll-tale-wood = { $name } und der Wald im Mondschein
coll-tale-wood-1-title = Der Weg zwischen den Bäumen
coll-tale-wood-1 = Es war einmal ein Kind namens { $name }, { $loves }. Eines Abends tauchte am Ende des Gartens ein kleiner Weg auf, den es dort noch nie gegeben hatte. Er schlängelte sich zwischen hohen, freundlichen Bäumen hindurch. { $name } folgte ihm, Schritt für leisen Schritt, und { $companion } kam mit.
coll-tale-wood-2-title = Der Abend der Tiere
coll-tale-wood-2 = Auf einer Lichtung machten sich die Tiere des Waldes gerade bettfertig. Ein Kaninchen schüttelte sein Nest im Bau auf, ein Igel rollte sich zu einer kuscheligen Kugel zusammen, und eine Eule blinzelte von einem Ast herunter. „Du kommst genau richtig“, rief die Eule. „Wir wollen gerade dem Wald Gute Nacht sagen.“
coll-tale-wood-3-title = Gute Nacht, Wald
coll-tale-wood-3 = Gemeinsam flüsterten sie den Bäumen, dem Bach und dem weichen grünen Moos Gute Nacht zu. Der Wald flüsterte zurück, und seine Blätter raschelten wie ein Schlaflied. Der Weg führte { $name } wieder nach Hause, direkt bis vor die Tür. { $name } nahm sich vor, morgen früh { $friend } von der Eule zu erzählen, und kuschelte sich dann ins Bett, warm und geborgen. Gute Nacht, { $name }. Schlaf gut.

coll-tale-dragon = { $name } und der freundliche Drache
coll-tale-dragon-1-title = Ein Klopfen am Fenster
coll-tale-dragon-1 = Es war einmal ein Kind namens { $name }, { $loves }. Eines Abends klopfte es am Fenster: tock, tock, tock. Draußen saß ein kleiner grüner Drache mit freundlichen goldenen Augen. „Ich finde den Weg nach Hause zu meiner Burg nicht mehr“, sagte er. „Hilfst du mir?“ { $name } sagte sofort Ja, und { $companion } kam natürlich mit.
coll-tale-dragon-2-title = Die Burg auf dem Hügel
coll-tale-dragon-2 = Sie flogen über schlafende Dörfer und silberne Flüsse, bis auf einem Hügel eine Burg auftauchte, deren Fenster im Kerzenlicht leuchteten. Die Familie des Drachen wartete schon am Tor. Alle freuten sich so sehr, dass sie eine Wolke aus warmem, glitzerndem Rauch pusteten, die aussah wie ein Herz.
coll-tale-dragon-3-title = Ein müder Flug nach Hause
coll-tale-dragon-3 = Der kleine Drache trug { $name } auf seinem Rücken nach Hause und glitt sanft durch die stille Nacht. „Danke dir von Herzen“, sagte er am Fenster. { $name } nahm sich vor, morgen früh { $friend } von dem Drachen zu erzählen, und kuschelte sich dann unter die Decke. In der Ferne gingen die Lichter der Burg eines nach dem anderen aus. Gute Nacht, { $name }. Schlaf gut.

coll-tale-night = { $name } und die ruhige Nacht
coll-tale-night-1-title = Das müde Haus
coll-tale-night-1 = Es war einmal ein Kind namens { $name }, { $loves }. Eines Abends, als der Himmel die Farbe von warmem Honig annahm, wurde das ganze Haus langsam müde. Der Wasserkessel hörte auf zu singen, die Vorhänge wiegten sich sanft, und { $name } zog den weichsten Schlafanzug aus der Schublade an. { $companion } war ganz in der Nähe.
coll-tale-night-2-title = Das kleine Licht
coll-tale-night-2 = Gerade als { $name } ins Bett kletterte, erschien ein winziges Licht am Fenster. Es war ein Glühwürmchen, das wie eine Laterne leuchtete. „Ich suche das gemütlichste Zimmer der Stadt“, flüsterte es. { $name } zeigte ihm die Decke, das Kissen und die kleine Lampe. Das Glühwürmchen seufzte glücklich. „Das ist es“, sagte es. „Das ist das gemütlichste Zimmer von allen.“
coll-tale-night-3-title = Gute Nacht
coll-tale-night-3 = Das Glühwürmchen ließ sich auf der Fensterbank nieder und machte sein Licht kleiner, langsam, ganz langsam, wie ein Gähnen. { $name } gähnte auch. Draußen hielt der Mond Wache über den Garten und die stille Straße. { $name } nahm sich vor, morgen früh { $friend } von dem Glühwürmchen zu erzählen. Dann wurde nach und nach alles ganz still. Gute Nacht, { $name }. Schlaf gut.

# Die Sammlung für schnelle Aufnahmen, in der Sprache der Person.
coll-default-name = Meine Aufnahmen
coll-default-description = Schnelle Aufnahmen landen hier.

zip-title = Karten herunterladen oder importieren
zip-summary = Ein ZIP dieser Karten, zum Aufbewahren oder für ein anderes Cardsmith
zip-collection-intro = Der Download enthält jede Karte von hier mit ihren Originalaufnahmen, Cover, Symbolen, Einstellungen und Geschichte, dazu je eine card.yaml. Jedes Cardsmith kann ihn importieren.
zip-download = Als ZIP herunterladen
zip-preparing = ZIP wird vorbereitet …
zip-ready = ZIP herunterladen
zip-kept = (einen Tag lang verfügbar)
zip-choose-file = Wähle zuerst eine ZIP-Datei.
zip-import-heading = Karten aus einem ZIP importieren
zip-import-intro = Ein ZIP, das „Herunterladen“ hier oder in einem anderen Cardsmith gemacht hat. Seine Karten werden hier angelegt und ihr Ton wie üblich umgewandelt; Karten, die diese Sammlung schon hat, werden nicht doppelt angelegt.
zip-file = ZIP-Datei
zip-import = Importieren
zip-importing = Wird importiert …
zip-imported = { $cards ->
    [one] { $cards } Karte angelegt
   *[other] { $cards } Karten angelegt
}, { $tracks ->
    [one] { $tracks } Track wird umgewandelt.
   *[other] { $tracks } Tracks werden umgewandelt.
}
zip-already-there = { $cards ->
    [one] { $cards } Karte war schon da.
   *[other] { $cards } Karten waren schon da.
}
zip-mine-title = Deine Karten, zum Aufbewahren
zip-mine-intro = Jede Karte, die du sehen kannst, in einem ZIP: die Originalaufnahmen, Cover, Symbole und je eine card.yaml.
zip-made-cards = Die angelegten Karten
zip-open-card = { $card } öffnen

## Adding a folder of audio (the /drop page)
coll-add-folder = Ordner oder ZIP mit Audio hinzufügen
drop-title = Audio-Ordner hinzufügen
drop-intro = Lege einen Hörbuch-Ordner, ein paar Alben oder ein ZIP ab: Cardsmith schlägt die Karten vor, die daraus werden, du änderst, was du willst, und nichts wird angelegt, bevor du es sagst.
drop-loading = Deine Sammlungen werden geladen…
drop-no-collection-heading = Keine Sammlung für neue Karten
drop-no-collection-body = Karten liegen in einer Sammlung, die du bearbeiten kannst. Lege zuerst eine an und komm dann mit deinem Ordner zurück.
drop-no-collection-next = Zu den Sammlungen
drop-collection = Karten anlegen in
drop-choose-heading = Ordner, Dateien oder ZIP hier ablegen
drop-choose-hint = Eine Karte pro Ordner (oder eine für alles). Die Kapitel folgen den Titelnummern der Tags, sonst den Dateinamen; Titel kommen aus den Tags; ein cover.jpg oder das eingebettete Bild wird zum Cover.
drop-choose-folder = Ordner wählen
drop-choose-files = Dateien oder ZIP wählen
drop-progress-heading = Dateien werden gesendet
drop-progress-label = Gesendete Dateien
drop-progress-counts = { $sent } von { $all ->
    [one] 1 Datei
   *[other] { $all } Dateien
} gesendet{ $refused ->
    [0] {""}
    [one] , 1 abgelehnt
   *[other] , { $refused } abgelehnt
}
drop-paused = Die Verbindung ist abgebrochen. Gesendete Dateien bleiben erhalten; die übrigen warten.
drop-resume = Fortsetzen
drop-files-list = Alle Dateien
drop-file-stored = gesendet
drop-file-sending = wird gesendet…
drop-file-waiting = wartet
drop-file-paused = wartet auf die Verbindung
drop-file-empty = leer, ausgelassen
drop-plan-heading = Die Karten aus diesen Dateien
drop-plan-intro = Ändere Titel, Reihenfolge und Symbole, lass Kapitel oder ganze Karten weg. Der Plan folgt den Dateien, während sie eintreffen.
drop-grouping = Wie Karten entstehen
drop-grouping-per-folder = Eine Karte pro Ordner
drop-grouping-one-card = Eine Karte für alles
drop-plan-cards = Geplante Karten
drop-refused-heading = Nicht verwendet
drop-left-out = { $count ->
    [one] 1 weitere Datei ausgelassen
   *[other] { $count } weitere Dateien ausgelassen
}
drop-making = Karten werden angelegt…
drop-make = { $cards ->
    [one] 1 Karte anlegen ({ $tracks } Kapitel)
   *[other] { $cards } Karten anlegen ({ $tracks } Kapitel)
}
drop-make-waiting = { $count ->
    [one] Warte auf 1 Datei
   *[other] Warte auf { $count } Dateien
}
drop-card-title = Kartentitel
drop-card-top = Oberste Ebene
drop-card-chapters = { $count ->
    [one] 1 Kapitel
   *[other] { $count } Kapitel
}
drop-card-cover = Cover: { $file }
drop-card-make = Diese Karte anlegen
drop-track-include = „{ $title }“ übernehmen
drop-track-title = Kapiteltitel
drop-icon-hint = Das zum Titel passende Symbol; abgewählt zeigt das Kapitel seine Nummer.
drop-icon = Symbol: { $glyph } ({ $percent } %)
drop-track-up = Nach oben
drop-track-down = Nach unten
drop-made-heading = { $count ->
    [one] 1 Karte angelegt
   *[other] { $count } Karten angelegt
}
drop-preparing = Audio wird vorbereitet
drop-ready = { $ready } von { $all } Kapiteln spielbereit
drop-cover-refused = Ein Cover wurde nicht verwendet: { $reason }
drop-another = Weiteren Ordner hinzufügen
drop-cover-alt = Das geplante Cover
