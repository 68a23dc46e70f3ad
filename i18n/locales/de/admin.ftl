# Die Seiten der Verwaltung: Benutzer, Protokoll, Zustand, Postausgang, Kontolöschung, Aufträge.

adm-newer = Neuere
adm-older = Ältere
adm-queuing = Wird eingereiht …

## Benutzer

adm-users-loading = Benutzer werden geladen …
adm-users-list = Benutzer
adm-users-role-user = Benutzer
adm-users-role-admin = Admin
adm-users-badge-user = Benutzer
adm-users-badge-admin = Admin
adm-users-status-active = aktiv
adm-users-status-locked = gesperrt
adm-users-status-deactivated = deaktiviert
adm-users-signed-out = { $count ->
    [one] { $count } Sitzung beendet
   *[other] { $count } Sitzungen beendet
}
adm-users-edit = Bearbeiten
adm-users-edit-label = Bearbeiten: { $email }
adm-users-sign-out = Überall abmelden
adm-users-sign-out-label = Überall abmelden: { $email }
adm-users-display-name = Anzeigename
adm-users-role = Rolle
adm-users-save = Benutzer speichern
adm-users-cancel = Abbrechen
adm-users-new = Neuer Benutzer
adm-users-email = E-Mail
adm-users-name-hint = Optional; sonst der Teil der E-Mail-Adresse vor dem @.
adm-users-password = Passwort
adm-users-password-hint = Mindestens 10 Zeichen.
adm-users-create = Benutzer anlegen
adm-users-creating = Wird angelegt …
adm-users-created = { $email } angelegt
adm-users-deactivate = Deaktivieren
adm-users-deactivate-yes = Ja, deaktivieren
adm-users-deactivate-question = { $email } deaktivieren? Die Person wird überall abgemeldet und kann sich erst wieder anmelden, wenn du das Konto reaktivierst.
adm-users-unlock = Entsperren
adm-users-unlock-label = Entsperren: { $email }
adm-users-reactivate = Reaktivieren

## Protokoll

adm-audit-filter-label = Protokoll filtern
adm-audit-user = Benutzer
adm-audit-action = Aktion
adm-audit-action-hint = Genau so geschrieben, z. B. auth.login oder card.created
adm-audit-apply = Filter anwenden
adm-audit-loading = Protokoll wird geladen …
adm-audit-pages = Seiten des Protokolls
adm-audit-everyone = Alle
adm-audit-system = System
adm-audit-empty = Keine passenden Einträge.
adm-audit-caption = Protokolleinträge { $first } bis { $last }, neueste zuerst
adm-audit-time-utc = Zeit (UTC)
adm-audit-time = Zeit
adm-audit-by = Von
adm-audit-detail = Details
adm-audit-address = Adresse

## Zustand

adm-health-running = Prüfungen laufen …
adm-health-all-passed = Alle Prüfungen bestanden.
adm-health-some-failed = Einige Prüfungen sind fehlgeschlagen; das Server-Log sagt, warum.
adm-health-checked-at = Stand: { $time }.
adm-health-check-again = Erneut prüfen
adm-health-checks = Prüfungen
adm-health-counts = Zahlen
adm-health-users = Benutzer
adm-health-active-users = Aktive Benutzer
adm-health-deactivated-users = Deaktivierte Benutzer
adm-health-locked-users = Gesperrte Benutzer
adm-health-unverified-users = Unbestätigte Benutzer
adm-health-admins = Admins
adm-health-collections = Sammlungen
adm-health-orphaned-collections = Verwaiste Sammlungen
adm-health-cards = Karten
adm-health-tracks = Spuren
adm-health-jobs-waiting = Wartende Aufträge
adm-health-jobs-running = Laufende Aufträge
adm-health-jobs-succeeded = Erfolgreiche Aufträge
adm-health-jobs-failed = Fehlgeschlagene Aufträge
adm-health-jobs-cancelled = Abgebrochene Aufträge
adm-health-metrics = Prometheus kann diese Zahlen, dazu Antwortzeiten je Route, Auftragsläufe und Plattformaufrufe, unter { $path } abrufen (mit einer Admin-Sitzung oder einem Bearer-Token; siehe { $reference } und die Seite „Metriken“ im Admin-Handbuch, docs/src/admin/metrics.md).
adm-health-metrics-reference = die API-Referenz
adm-health-ok = OK
adm-health-failed = Fehlgeschlagen
adm-health-skipped = Übersprungen
adm-health-took = Dauer: { $ms } ms
adm-health-database = Datenbank
adm-health-disk = Speicherplatz
adm-health-job-queue = Auftragswarteschlange
adm-health-upstream = Player-Plattform
adm-health-check = Prüfung
adm-health-free-of = { $free } von { $total } frei
adm-health-oldest-waiting = Ältester wartender Auftrag: { $age }
adm-health-no-job-waiting = Kein Auftrag wartet
adm-health-no-platform = Keine Plattform eingerichtet
adm-health-age-minutes = { $minutes } Min.
adm-health-age-hours = { $hours } Std.

## Postausgang

adm-mail-loading = E-Mails werden geladen …
adm-mail-loading-message = Nachricht wird geladen …
adm-mail-all = Alle
adm-mail-queued = In Warteschlange
adm-mail-sent = Gesendet
adm-mail-in-outbox = Im Postausgang
adm-mail-failed = Fehlgeschlagen
adm-mail-status = Status
adm-mail-total = { $count ->
    [one] { $count } Nachricht
   *[other] { $count } Nachrichten
}
adm-mail-pages = Seiten des Postausgangs
adm-mail-delivery-smtp = E-Mails werden über den SMTP-Server aus CARDSMITH_SMTP_URL verschickt. Eine Nachricht steht auf „In Warteschlange“, bis der Server sie annimmt; nach 20 gescheiterten Versuchen steht sie auf „Fehlgeschlagen“ und kann erneut gesendet werden.
adm-mail-delivery-outbox = Es ist kein SMTP-Server eingerichtet, daher werden E-Mails nicht verschickt: Sie bleiben hier (und als .eml-Dateien im Ordner outbox des Datenverzeichnisses). Öffne eine Nachricht, um ihre Links zu lesen und sie an die Person weiterzugeben, für die sie bestimmt ist.
adm-mail-empty = Keine Nachrichten.
adm-mail-caption = Nachrichten { $first } bis { $last }, neueste zuerst
adm-mail-queued-utc = Eingereiht (UTC)
adm-mail-queued-at = Eingereiht
adm-mail-sent-utc = Gesendet (UTC)
adm-mail-to = An
adm-mail-subject = Betreff
adm-mail-attempts = Versuche
adm-mail-send-again = Erneut senden
adm-mail-last-attempt = Letzter Versuch: { $error }
adm-mail-message = Nachricht
adm-mail-html = HTML-Fassung (Quelltext)

## Kontolöschung

adm-deletion-tabs = Kontolöschung
adm-deletion-loading = Anträge werden geladen …
adm-deletion-empty-heading = Keine offenen Löschanträge
adm-deletion-empty-body = Benutzer stellen den Antrag unter Einstellungen → Mein Konto löschen; Anträge warten hier, bis du entscheidest oder sie ablaufen.
adm-deletion-pending = Offene Löschanträge
adm-deletion-approve-question = Das Konto von { $who } jetzt löschen? Das lässt sich nicht rückgängig machen: Die Sitzungen enden, die Aufträge stoppen, und die Player-Konten, Aufnahmen und Etikettenbögen werden gelöscht. Sammlungen gehen an die oben gewählten Inhaber oder bleiben verwaist.
adm-deletion-reject-question = Den Antrag von { $who } ablehnen? Das Konto bleibt bestehen; ein neuer Antrag ist jederzeit möglich.
adm-deletion-no-reason = Kein Grund angegeben.
adm-deletion-dates = Beantragt am { $asked } · läuft ab am { $expires }
adm-deletion-approve = Genehmigen und löschen
adm-deletion-approve-yes = Ja, Konto löschen
adm-deletion-reject = Ablehnen
adm-deletion-reject-yes = Ja, ablehnen
adm-orphans-empty-heading = Keine verwaisten Sammlungen
adm-orphans-empty-body = Eine Sammlung landet hier, wenn ihr einziger Inhaber gelöscht wird und niemand zur Übernahme gewählt wurde.
adm-orphans-slug-created = /{ $slug } · angelegt am { $date }
adm-orphans-assign-label = { $name } zuweisen
adm-orphans-new-owner = Neuer Inhaber
adm-orphans-choose = Benutzer wählen …
adm-orphans-assign = Zuweisen

## Aufträge

adm-jobs-loading = Aufträge werden geladen …
adm-jobs-all-statuses = Alle
adm-jobs-all-kinds = Alle
adm-jobs-queued = Wartend
adm-jobs-running = Läuft
adm-jobs-succeeded = Erfolgreich
adm-jobs-failed = Fehlgeschlagen
adm-jobs-cancelled = Abgebrochen
adm-jobs-kind-transcode = Audio umwandeln
adm-jobs-kind-trim = Kürzen
adm-jobs-kind-split = Teilen
adm-jobs-kind-merge = Zusammenfügen
adm-jobs-kind-fade = Ein- und Ausblenden
adm-jobs-kind-rescan = Bibliothek neu einlesen
adm-jobs-kind-backup = Sicherung
adm-jobs-kind-backup-verify = Sicherungsprüfung
adm-jobs-kind-export = Karten als ZIP heruntergeladen
adm-jobs-kind-feed = Podcast-Feed in seine Karte übernommen
adm-jobs-kind-publish = Veröffentlichen
adm-jobs-kind-import = Importieren
adm-jobs-kind-seed = Auf die Player bringen
adm-jobs-kind-mail = E-Mail senden
adm-jobs-kind-story = Geschichte erstellen
adm-jobs-kind-cover = Cover zeichnen
adm-jobs-kind-icons = Icons zeichnen
adm-jobs-load-failed = Die Aufträge konnten nicht geladen werden: { $error }
adm-jobs-cancelled-note = Der Auftrag wurde abgebrochen.
adm-jobs-retried-note = Als neuer Auftrag erneut eingereiht.
adm-jobs-filter-label = Aufträge filtern
adm-jobs-status = Status
adm-jobs-kind = Art
adm-jobs-list = Aufträge
adm-jobs-empty = Keine passenden Aufträge.
adm-jobs-pages = Seiten der Aufträge
adm-jobs-page = Seite { $page }
adm-jobs-instance = Cardsmith selbst
adm-jobs-just-now = gerade eben
adm-jobs-seconds-ago = { $count ->
    [one] vor { $count } Sekunde
   *[other] vor { $count } Sekunden
}
adm-jobs-minutes-ago = { $count ->
    [one] vor { $count } Minute
   *[other] vor { $count } Minuten
}
adm-jobs-hours-ago = { $count ->
    [one] vor { $count } Stunde
   *[other] vor { $count } Stunden
}
adm-jobs-days-ago = { $count ->
    [one] vor { $count } Tag
   *[other] vor { $count } Tagen
}
adm-jobs-queued-ago = Eingereiht { $ago }
adm-jobs-finished = Beendet { $ago }
adm-jobs-retrying = Letzter Versuch fehlgeschlagen, es wird erneut versucht: { $error }
adm-jobs-stop-question = Den Auftrag „{ $kind }“ für { $who } stoppen? Er endet sofort, unfertig.
adm-jobs-cancel-question = Den Auftrag „{ $kind }“ für { $who } abbrechen? Er wird nicht ausgeführt.
adm-jobs-cancel = Auftrag abbrechen
adm-jobs-cancel-name = Auftrag abbrechen: { $kind } für { $who }
adm-jobs-cancel-yes = Ja, Auftrag abbrechen
adm-jobs-keep = Behalten
adm-jobs-retry = Wiederholen
adm-jobs-retry-label = Wiederholen: { $kind } für { $who }
adm-jobs-row-label = { $kind } für { $who }: { $status }
adm-jobs-progress = Fortschritt: { $kind }

adm-users-reset-link-made = Gib diesen Link selbst an { $email } weiter: Er setzt einmal ein neues Passwort, innerhalb von { $lifetime }, und meldet die Person überall ab.

adm-health-backup = Sicherungen
adm-health-backup-failed = Die letzte Sicherung oder Prüfung ist fehlgeschlagen, oder keine gelang rechtzeitig: siehe Sicherungen.
adm-health-no-backups = Es sind keine Sicherungen eingerichtet (CARDSMITH_BACKUP_TO).
adm-backups-heading = Datenbank und Medien
adm-backups-looking = Sicherungen werden angesehen …
adm-backups-off = Sicherungen sind aus: nichts kopiert die Aufnahmen an einen anderen Ort.
adm-backups-how = Setze CARDSMITH_BACKUP_TO auf einen Ordner auf einer anderen Platte oder auf s3://bucket/präfix und starte neu: dann wird täglich gesichert und nach der Regel last=3,daily=7,weekly=4 aufbewahrt. Von Hand geht dasselbe mit: cardsmith backup --to ORDNER.
adm-backups-failing = Die letzte Sicherung oder Prüfung ist fehlgeschlagen. Das Protokoll des Servers sagt, warum.
adm-backups-ok = Sicherungen laufen.
adm-backups-none-yet = Noch keine Sicherung ist fertig.
adm-backups-target = Aufbewahrt in
adm-backups-schedule = Zeitplan
adm-backups-keep = aufbewahrt nach { $rule }
adm-backups-next = Nächste Sicherung
adm-backups-key = Schlüssel
adm-backups-key-sealed = In jeder Sicherung, mit deiner Passphrase versiegelt.
adm-backups-key-absent = Nicht in den Sicherungen: bewahre DATA_DIR/encryption.key getrennt und sicher auf. Ohne ihn wiederhergestellt, müssen Player-Konten neu verbunden und KI-Schlüssel neu eingegeben werden.
adm-backups-now = Jetzt sichern
adm-backups-running = Wird gesichert …
adm-backups-verify = Sicherungen prüfen
adm-backups-verifying = Wird geprüft …
adm-backups-progress = Sicherung:
adm-backups-verify-progress = Prüfung:
adm-backups-last = Letzte Sicherung
adm-backups-last-verify = Letzte Prüfung
adm-backups-never = Noch keine.
adm-backups-succeeded = Gelungen
adm-backups-failed = Fehlgeschlagen
adm-backups-files = Datenbank und { $files ->
    [one] { $files } Datei
   *[other] { $files } Dateien
}, { $size }
adm-backups-copied = { $objects ->
    [one] { $objects } Objekt kopiert
   *[other] { $objects } Objekte kopiert
} ({ $size })
adm-backups-took = dauerte { $seconds } s
adm-backups-checked = { $objects } Objekte neu gelesen
adm-backups-problems = Fehlend oder beschädigt:
adm-backups-unreadable = Das Sicherungsziel kann gerade nicht gelesen werden. Das Protokoll des Servers sagt, warum.
adm-backups-kept = { $count ->
    [one] Eine Sicherung aufbewahrt
   *[other] { $count } Sicherungen aufbewahrt
}
adm-backups-every-days = { $days ->
    [one] jeden Tag
   *[other] alle { $days } Tage
}
adm-backups-every-hours = { $hours ->
    [one] jede Stunde
   *[other] alle { $hours } Stunden
}
adm-backups-every-minutes = { $minutes ->
    [one] jede Minute
   *[other] alle { $minutes } Minuten
}
