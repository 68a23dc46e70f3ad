# Players: linked player accounts, the devices page (status, controls, settings, shortcuts),
# importing from an account, and the publish dialog.

## Shared by the accounts, devices and import pages

player-no-account-heading = Kein Player-Konto verknüpft
player-link-account = Player-Konto verknüpfen
player-needs-relink = Muss neu verknüpft werden

## Accounts

player-accounts-trip-expired = Der Link hat zu lange gedauert oder wurde schon benutzt. Starte das Verknüpfen noch einmal.
player-accounts-trip-other-session = Der Link wurde in einem anderen Browser oder einer anderen Sitzung gestartet. Starte das Verknüpfen noch einmal, diesmal in diesem Browser.
player-accounts-trip-denied = Die Player-Plattform hat das Konto nicht verknüpft (es wurde abgelehnt oder abgebrochen).
player-accounts-trip-other = Das Verknüpfen hat nicht geklappt. Starte es noch einmal.
player-accounts-trip-failed = Das Verknüpfen wurde nicht abgeschlossen: { $reason }
player-accounts-linked-note = Player-Konto verknüpft.
player-accounts-link-unavailable = Verknüpfen ist auf diesem Server nicht eingerichtet
player-accounts-link-unavailable-see-above = Verknüpfen ist auf diesem Server nicht eingerichtet: siehe oben.
player-accounts-empty-body = Sobald ein Konto verknüpft ist, erscheinen seine Player auf der Seite „Geräte“ und seine Karten auf der Seite „Importieren“.
player-accounts-list = Verknüpfte Konten
player-accounts-account = Konto { $label }
player-accounts-badge-linked = Verknüpft
player-accounts-linked-since = Verknüpft seit { $date }
player-accounts-link-refused = Die Player-Plattform akzeptiert diese Verknüpfung nicht mehr.
player-accounts-relink-wait = Veröffentlichen und das Steuern seiner Player gehen erst wieder, wenn du es neu verknüpfst.
player-accounts-link-again = Neu verknüpfen
player-accounts-unlink = Trennen
player-accounts-unlink-question = { $label } trennen? Seine Karten bleiben auf den Playern; Cardsmith vergisst die Verknüpfung und ihre Schlüssel.
player-accounts-unlink-confirm = Ja, trennen

## Devices

player-devices-empty-body = Verknüpfe das Konto, das deine Familie auf ihren Playern nutzt, dann erscheinen sie hier.
player-devices-relink-notice = Dieses Konto muss neu verknüpft werden, bevor du seine Player steuern kannst; sie werden so gezeigt, wie sie zuletzt gesehen wurden.
player-devices-relink-link = Auf der Seite „Konten“ neu verknüpfen
player-devices-unreachable = Die Player-Plattform war nicht erreichbar: Diese Player werden so gezeigt, wie sie zuletzt gesehen wurden.
player-devices-count = { $count ->
    [one] { $count } Player
   *[other] { $count } Player
}
player-devices-none-registered = Auf diesem Konto sind keine Player registriert.
player-devices-none-seen = Auf diesem Konto wurde noch kein Player gesehen.
player-devices-list = Player von { $account }
player-device = Player { $name }
player-device-online = Online
player-device-offline = Offline
player-device-cached = Gespeicherter Stand von { $time }: Die Player-Plattform war nicht erreichbar.
player-device-battery = Akku
player-device-battery-level = Akkustand
player-device-battery-percent = { $percent } %
player-device-battery-unknown = unbekannt
player-device-charging = lädt
player-device-playing = Spielt gerade
player-device-playing-nothing = nichts
player-device-volume = Lautstärke

## Devices: commands and the card picker

player-picker-other = Eine andere Karte, über ihre ID …
player-picker-card-id = Karten-ID
player-picker-id-hint = Die ID der Karte auf der Player-Plattform: der letzte Teil ihres Freigabelinks.
player-control-choose-card = Wähle zuerst die Karte aus, die abgespielt werden soll.
player-control-group = { $name } steuern
player-control-card = Karte zum Abspielen
player-control-play = Abspielen
player-control-pause = Pause
player-control-resume = Fortsetzen
player-control-stop = Stopp

## Devices: settings ("auto" and "digital-sun" are values to type: keep them as they are)

player-settings = Einstellungen
player-settings-form = Player-Einstellungen
player-settings-intro = Nur die Einstellungen, die du änderst, werden gesendet; alle anderen behält der Player.
player-settings-save = Einstellungen speichern
player-settings-nothing-changed = Nichts geändert: Ändere zuerst eine Einstellung.
player-settings-need-fixing = Einige Einstellungen müssen korrigiert werden; sieh dir die Felder an.
player-setting-day-max-volume = Maximale Lautstärke am Tag
player-setting-night-max-volume = Maximale Lautstärke in der Nacht
player-setting-volume-hint = 0 bis 16
player-setting-day-time = Tag beginnt um
player-setting-day-time-hint = Ab dann gelten Lautstärke und Helligkeit für den Tag
player-setting-night-time = Nacht beginnt um
player-setting-night-time-hint = Ab dann gelten Lautstärke und Helligkeit für die Nacht
player-setting-day-brightness = Helligkeit am Tag
player-setting-night-brightness = Helligkeit in der Nacht
player-setting-brightness-hint = auto oder 0 bis 100
player-setting-shutdown = Ausschalten nach (Minuten)
player-setting-shutdown-hint = Minuten ohne Benutzung, bis er sich ausschaltet, 0 bis 1440
player-setting-clock-face = Zifferblatt
player-setting-clock-face-hint = z. B. digital-sun
player-setting-timezone = Zeitzone
player-setting-timezone-hint = z. B. Europe/Berlin; leer heißt: Der Player schätzt sie selbst

## Devices: shortcuts (problem: the check's complaint, e.g. "is required")

player-shortcuts = Kurzwahlen
player-shortcuts-intro = Karten, die dein Kind über die Tasten des Players startet, am Tag oder in der Nacht. Die Player-Plattform lässt Apps die aktuellen Kurzwahlen nicht auslesen, deshalb können sie hier nicht angezeigt werden: Beim Speichern werden alle Kurzwahlen des Players durch diese Liste ersetzt.
player-shortcuts-list = Zu speichernde Kurzwahlen
player-shortcuts-add = Kurzwahl hinzufügen
player-shortcuts-remove-all = Alle Kurzwahlen entfernen
player-shortcuts-save = Kurzwahlen speichern
player-shortcut = Kurzwahl { $number }
player-shortcut-remove-label = Kurzwahl { $number } entfernen
player-shortcut-remove = Entfernen
player-shortcut-mode = Modus
player-shortcut-day = Tag
player-shortcut-night = Nacht
player-shortcut-card = Karte
player-shortcut-chapter = Kapitel (optional)
player-shortcut-track = Spur (optional)
player-shortcut-example = z. B. 01
player-shortcut-error-card = Kurzwahl { $number }, Karte: { $problem }.
player-shortcut-error-mode = Kurzwahl { $number }, Modus: { $problem }.
player-shortcut-error-other = Kurzwahl { $number }: { $problem }.

## Import (problem: the check's complaint about the name, e.g. "must not be empty")

player-import-empty-body = Verknüpfe das Konto, das deine Familie auf ihren Playern nutzt, um die Karten zu importieren, die du dort gemacht hast.
player-import-account = Konto
player-import-nothing-heading = Nichts zu importieren
player-import-nothing-body = Dieses Konto hat noch keine eigenen Karten.
player-import-cards-list = Karten auf dem Konto
player-import-cover = Cover von { $title }
player-import-progress = { $title } wird importiert
# link: the link "open the card" (player-import-open-card)
player-import-imported = Importiert: { $link }
player-import-open-card = Karte öffnen
player-import-importing = Wird importiert …
player-import-again = Erneut importieren
player-import-start = Importieren
player-import-already = Schon importiert
player-import-changed-since-published = Seit dem Veröffentlichen geändert
player-import-edited-since-import = Seit dem Import hier bearbeitet
# collection: a link to the collection, with its name
player-import-made-here = Hier gemacht – schon in { $collection }
player-import-open-card-named = Karte { $title } öffnen
player-import-open-card-button = Karte öffnen
player-import-into = Importieren in
player-import-default-collection = Meine Aufnahmen (wird für dich angelegt)
player-import-new-collection = Eine neue Sammlung …
player-import-new-collection-name = Name der neuen Sammlung
player-import-new-collection-hint = Wird mit der ersten Karte angelegt, die du importierst
player-import-new-collection-refused = Name der neuen Sammlung: { $problem }

## Publishing: badges

player-badge-title = Wie diese Karte auf deinen Playern steht
player-badge-on-player = Auf dem Player
player-badge-changed = Seit dem Veröffentlichen geändert
player-badge-publishing = Wird veröffentlicht …
player-badge-failed = Veröffentlichen fehlgeschlagen

## Publishing: the dialog

player-publish-title = Auf dem Player veröffentlichen
player-publish-cards-chosen = { $total ->
    [one] { $chosen } von { $total } Karte ausgewählt
   *[other] { $chosen } von { $total } Karten ausgewählt
}
player-publish-checking = Wird geprüft …
player-publish-check = Prüfen, was sich ändert
player-publish-verify = Abgleichen
player-publish-publish = Veröffentlichen
player-publish-back = Zurück
player-publish-nothing-to-send = Alles Ausgewählte ist schon auf dem Player.
player-publish-will-send = { $count ->
    [one] { $count } Karte wird gesendet.
   *[other] { $count } Karten werden gesendet.
}
player-publish-running = Wird veröffentlicht … Du kannst dieses Fenster schließen: Es geht trotzdem weiter.
player-publish-done = Fertig
player-publish-no-account = Es ist noch kein Player-Konto verknüpft.
player-publish-no-account-text = Verknüpfe das Player-Konto deiner Familie, dann kannst du von hier aus veröffentlichen.
player-publish-no-account-link = Auf der Seite „Konten“ ein Konto verknüpfen
player-publish-accounts = Player-Konten
player-publish-account-relink = Muss vor dem Veröffentlichen neu verknüpft werden.
player-publish-account-relink-link = Auf der Seite „Konten“ neu verknüpfen
player-publish-cards = Karten
player-publish-select-all = Alle auswählen
player-publish-select-none = Keine auswählen
player-publish-no-tracks = Noch keine Spuren
player-publish-verified-heading = Jetzt auf dem Player
player-publish-verified-list = Auf dem Player abgeglichen
player-publish-on-account = auf { $account }
player-verify-in-sync = Auf dem Player aktuell
player-verify-changed-locally = Seit dem Veröffentlichen hier geändert
player-verify-changed-upstream = Auf der Seite des Players geändert
player-verify-missing = Vom Konto gelöscht
player-verify-not-published = Noch nicht veröffentlicht

## Publishing: the plan and the progress of each card and account
## (items: upload parts joined by " · ", e.g. "1 audio file (32 KB) · 1 icon · cover")

player-action-create = Neu
player-action-update = Aktualisieren
player-action-unchanged = Unverändert
player-uploads-refused = Der Player würde diese Karte ablehnen: { $problems }
player-uploads-already = Schon auf dem Player: Es wird nichts gesendet
player-uploads-details-only = Kein Audio zum Hochladen: Nur die Angaben der Karte werden gesendet
player-uploads-no-audio = Kein Audio · zum Hochladen: { $items }
player-uploads = Zum Hochladen: { $items }
player-uploads-audio = { $count ->
    [one] { $count } Audiodatei ({ $size })
   *[other] { $count } Audiodateien ({ $size })
}
player-uploads-icons = { $count ->
    [one] { $count } Symbol
   *[other] { $count } Symbole
}
player-uploads-cover = Cover
player-plan-create = { $count } neu
player-plan-update = { $count } zu aktualisieren
player-plan-unchanged = { $count } unverändert
player-plan-upload = { $size } Audio zum Hochladen
player-plan-no-upload = kein Audio zum Hochladen
player-outcome-published = { $count } veröffentlicht
player-outcome-unchanged = { $count } unverändert
player-outcome-failed = { $count } fehlgeschlagen
player-runs-list = Veröffentlichungsplan
player-run-to = an { $account }
player-run-progress-label = { $name } wird veröffentlicht
player-run-unchanged = Unverändert, nichts gesendet
player-run-published = Veröffentlicht
player-run-failed = Fehlgeschlagen: { $reason }
player-run-progress = Wird veröffentlicht … { $percent } %
player-run-queued = In der Warteschlange

# Was an den Player geschickt wurde, nach einem Tastendruck gesagt.
player-sent-play = Abspielen an den Player geschickt
player-sent-pause = Pause an den Player geschickt
player-sent-resume = Weiter an den Player geschickt
player-sent-stop = Stopp an den Player geschickt
player-sent-status = Den Player nach seinem Zustand gefragt
player-sent-volume = Lautstärke am Player eingestellt
player-sent-sleep-timer = Einschlaf-Timer am Player gestellt
player-sent-ambient = Farbe des Nachtlichts am Player eingestellt
player-sent-next = Zum nächsten Kapitel gesprungen
player-sent-previous = Ein Kapitel zurück
player-sent-events = Player gefragt, was er gerade spielt
player-sent-preview = Das Symbol wird auf dem Player angezeigt
player-settings-saved = { $count ->
    [one] { $count } Einstellung auf dem Player gespeichert
   *[other] { $count } Einstellungen auf dem Player gespeichert
}
player-shortcuts-saved = { $count ->
    [one] { $count } Kurzwahl auf dem Player gespeichert
   *[other] { $count } Kurzwahlen auf dem Player gespeichert
}

## Die Player-Seite: was ein Player gerade tut (live)
player-live-heading = Läuft gerade
player-live-live = Live
player-live-connecting = Verbinde…
player-live-unavailable = Nicht live
player-live-relink = Neu verknüpfen, um es live zu sehen
player-live-waiting = Warte auf eine Meldung des Players…
player-live-nothing = Es läuft nichts
player-live-offline = Der Player ist aus oder nicht erreichbar
player-live-status-playing = Spielt
player-live-status-paused = Pausiert
player-live-status-stopped = Gestoppt
player-live-status-loading = Lädt…
player-live-progress = Stelle im Kapitel
player-live-pause = Pause
player-live-resume = Fortsetzen
player-live-stop = Stopp
player-live-next = Nächstes Kapitel
player-live-previous = Vorheriges Kapitel
player-live-volume = Lautstärke
player-live-sleep = Einschlaf-Timer
player-live-sleep-off = Aus
player-live-sleep-minutes = { $minutes } Min.
player-live-sleep-left = Stoppt in { $time }
