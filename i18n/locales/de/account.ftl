# Konto-Seiten und -Abschnitte: Passwort zurücksetzen, E-Mail bestätigen, Player verknüpfen
# (Seiten aus einer E-Mail), Single Sign-on, Kontolöschung, E-Mail-Aktionen des Admins, KI-Anbieter.

## Links aus E-Mails

account-link-incomplete = Diese Seite braucht den vollständigen Link aus der E-Mail.
account-link-malformed = Dieser Link ist ungültig; kopiere den ganzen Link aus der E-Mail oder fordere einen neuen an
account-link-not-valid = Dieser Link ist nicht gültig; kopiere den ganzen Link aus der E-Mail oder fordere einen neuen an
account-link-used = Dieser Link wurde schon benutzt (jeder Link funktioniert nur einmal); fordere einen neuen an, falls du ihn brauchst
account-link-expired = Dieser Link ist abgelaufen (diese Links gelten { $hours ->
        [one] eine Stunde
       *[other] { $hours } Stunden
    }); fordere einen neuen an
account-link-problem = Problem mit diesem Link: { $problem }
account-back-to-sign-in = Zurück zur Anmeldung
account-ask-new-link = Neuen Link anfordern
account-cancel = Abbrechen

## Passwort vergessen

account-forgot-heading = Passwort vergessen?
account-forgot-intro = Gib die E-Mail-Adresse deines Kontos ein. Wir schicken dir einen Link, mit dem du ein neues Passwort wählen kannst.
account-forgot-send = Link zum Zurücksetzen senden
account-forgot-sending = Wird gesendet …
account-forgot-sent-heading = Schau in dein Postfach
account-forgot-no-mail = Keine E-Mail bekommen? Schau im Spam-Ordner nach oder frag einen Admin: Er kann dir selbst einen Link zum Zurücksetzen geben.

## Neues Passwort wählen

account-password-mismatch = stimmt nicht mit dem neuen Passwort überein
account-reset-intro = Damit wirst du auf allen Geräten abgemeldet; melde dich danach mit dem neuen Passwort an.
account-reset-password-hint = Mindestens 10 Zeichen.
account-reset-password-again = Neues Passwort wiederholen
account-reset-submit = Neues Passwort festlegen
account-reset-done-heading = Passwort geändert
account-reset-done = Dein neues Passwort ist gesetzt, und alle Geräte, auf denen du angemeldet warst, wurden abgemeldet.

## E-Mail-Adresse bestätigen

account-verify-intro = Mit der Bestätigung weiß Cardsmith, dass diese Adresse dich erreicht – so kommen E-Mails zum Zurücksetzen des Passworts bei dir an.
account-verify-new-link = Ein Admin kann dir auf der Seite „Benutzer“ einen neuen schicken.
account-verify-submit = Meine E-Mail-Adresse bestätigen
account-verify-busy = Wird bestätigt …
account-verify-done-heading = E-Mail-Adresse bestätigt
account-verify-done = Danke: Deine E-Mail-Adresse ist bestätigt.
account-verify-go = Zu Cardsmith

## Player-Konto verknüpfen

account-link-player-intro = Gib den Code ein, den deine App anzeigt. Gib nur einen Code ein, den deine eigene App zeigt: Durch die Verknüpfung kann dieses Cardsmith-Konto deine Player nutzen.
account-link-player-code = Code aus deiner App
account-link-player-code-hint = 8 Buchstaben, z. B. WDJB-MJHT
account-link-player-submit = Konto verknüpfen
account-link-player-busy = Wird verknüpft …
account-link-player-done-heading = Player-Konto verknüpft
account-link-player-done = Fertig: Du kannst dieses Fenster schließen und zu deiner App zurückkehren.

## Single Sign-on

account-oidc-failure-expired = Die Anmeldung hat zu lange gedauert oder war schon abgeschlossen; melde dich noch einmal an
account-oidc-failure-denied = Der Anmeldedienst hat dich nicht angemeldet
account-oidc-failure-email-in-use = Hier gibt es schon ein Konto mit dieser E-Mail-Adresse, und Konten werden nie über die E-Mail-Adresse mit einem Anmeldedienst verbunden: Melde dich mit deinem Passwort an und wähle in den Einstellungen „Anmeldedienst verknüpfen“, oder bitte einen Admin, die Zuordnung vorzunehmen
account-oidc-failure-email-unverified = Dein Anmeldedienst hat deine E-Mail-Adresse nicht bestätigt, und ein neues Konto braucht eine bestätigte: Bestätige sie beim Anmeldedienst und melde dich noch einmal an, oder bitte einen Admin, dein Konto anzulegen und diese Anmeldung zuzuordnen
account-oidc-failure-no-email = Der Anmeldedienst hat keine nutzbare E-Mail-Adresse übermittelt, die ein neues Konto aber braucht; bitte einen Admin, dein Konto anzulegen und die Anmeldung zuzuordnen
account-oidc-failure-deactivated = Dieses Konto ist deaktiviert; bitte einen Admin, es wieder zu aktivieren
account-oidc-failure-identity-taken = Diese Identität beim Anmeldedienst gehört hier schon zu einem anderen Konto
account-oidc-failure-already-linked = Dieses Konto ist schon mit einem Anmeldedienst verknüpft; trenne ihn zuerst
account-oidc-failure-provider-unavailable = Der Anmeldedienst ist gerade nicht erreichbar; versuch es gleich noch einmal
account-oidc-failure-failed = Die Anmeldung über den Anmeldedienst hat nicht geklappt; versuch es noch einmal
account-oidc-or = oder
account-oidc-sign-in-with = Mit { $provider } anmelden
account-oidc-linked = Anmeldedienst verknüpft: Du kannst dich jetzt damit anmelden.
account-oidc-unlinked = Getrennt: Du meldest dich mit deinem Passwort an.
account-oidc-method = Anmeldemethode
account-oidc-password-only = Du meldest dich mit deinem Passwort an. Verknüpfe dein { $provider }-Konto, um dich auch damit anzumelden; du bestätigst das bei { $provider }.
account-oidc-link = Anmeldedienst verknüpfen
account-oidc-provider-only = Du meldest dich nur mit { $provider } an. Um ihn zu trennen, brauchst du zuerst ein Passwort: Melde dich ab und wähle auf der Anmeldeseite „Passwort vergessen?“.
account-oidc-both = Du meldest dich mit deinem Passwort oder mit { $provider } an.
account-oidc-unlink = Anmeldedienst trennen
account-oidc-unlink-question = Nicht mehr mit { $provider } anmelden? Du meldest dich dann nur noch mit deinem Passwort an.
account-oidc-unlink-confirm = Ja, trennen
account-oidc-badge-provider-only = meldet sich nur mit { $provider } an
account-oidc-badge-both = Passwort oder { $provider }
account-oidc-associate-label = Anmeldeidentität zuordnen: { $email } ({ $provider })
account-oidc-associate-open = Anmeldeidentität zuordnen
account-oidc-associate = Zuordnen
account-oidc-associating = Wird zugeordnet …
account-oidc-no-password = Kein Passwort: Die Identität bleibt, bis die Person eines festlegt (Passwort vergessen?).
account-oidc-remove = Anmeldeidentität entfernen
account-oidc-remove-question = Die { $provider }-Identität von { $email } entfernen? Die Person meldet sich dann nur noch mit ihrem Passwort an.
account-oidc-remove-confirm = Ja, entfernen
account-oidc-subject = Kennung (subject) beim Anmeldedienst
account-oidc-subject-hint = Die Kennung der Person (sub) beim Anmeldedienst, aus dessen Admin-Konsole. Danach meldet sie sich über den Anmeldedienst bei diesem Konto an. Konten werden nie über die E-Mail-Adresse zugeordnet.

## Kontolöschung

account-delete-heading = Mein Konto löschen
account-delete-intro = Ein Admin entscheidet. Sammlungen, die du teilst, gehen an ein anderes Mitglied oder bleiben für die anderen erhalten; deine Sitzungen, verknüpften Player-Konten, Aufnahmen und Etikettenbögen werden gelöscht.
account-delete-reason = Grund (optional)
account-delete-reason-hint = Höchstens 1000 Zeichen; die Admins lesen ihn.
account-delete-request = Löschung beantragen
account-delete-request-question = Die Admins bitten, dein Konto zu löschen? Sobald sie zustimmen, kannst du dich nicht mehr anmelden, und das lässt sich nicht rückgängig machen.
account-delete-request-confirm = Ja, Löschung beantragen
account-delete-status-pending = Löschung beantragt am { $requested }. Der Antrag wartet bis zum { $until } auf einen Admin.
account-delete-status-rejected = Dein Antrag vom { $requested } wurde abgelehnt; du kannst es noch einmal versuchen.
account-delete-status-expired = Dein Antrag vom { $requested } ist ohne Entscheidung abgelaufen; du kannst es noch einmal versuchen.
account-delete-owns-nothing = Die Person besitzt keine Sammlungen.
account-delete-takeover = Wer jede ihrer Sammlungen übernimmt
account-delete-leave-orphaned = Verwaist lassen (später zuweisen)
account-delete-keep-shared = Bei den anderen Inhabern lassen
account-delete-other-members = { $count ->
        [one] { $count } weiteres Mitglied
       *[other] { $count } weitere Mitglieder
    }
account-delete-user-label = Benutzer löschen …: { $email }
account-delete-user-open = Benutzer löschen …
account-delete-user-question = { $email } endgültig löschen? Die Sitzungen enden, die Aufträge stoppen, und die verknüpften Player-Konten, Aufnahmen und Etikettenbögen werden gelöscht. Die Sammlungen gehen an die oben gewählten Inhaber oder bleiben verwaist, bis du sie zuweist.
account-delete-user-group = { $email } löschen
account-delete-loading-collections = Die Sammlungen werden geladen …
account-delete-user = Benutzer löschen
account-delete-user-confirm = Ja, Benutzer löschen

## E-Mail-Aktionen des Admins (Seite Benutzer)

account-email-verified = E-Mail bestätigt
account-email-not-verified = E-Mail nicht bestätigt
account-email-reset-question = Einen Link zum Zurücksetzen des Passworts für { $email } erstellen? Du gibst ihn selbst weiter; er funktioniert einmal, innerhalb von 1 Stunde, und meldet die Person bei Benutzung überall ab.
account-email-resend-label = Bestätigung erneut senden: { $email }
account-email-verify-label = E-Mail als bestätigt markieren: { $email }
account-email-resend = Bestätigung erneut senden
account-email-verify = E-Mail als bestätigt markieren
account-email-reset = Passwort zurücksetzen
account-email-reset-confirm = Ja, Link erstellen
account-email-copied = Kopiert
account-email-copy-by-hand = Kopiere den Link von Hand: Diese Seite kommt nicht an die Zwischenablage
account-email-reset-link = Link zum Zurücksetzen
account-email-copy-link = Link zum Zurücksetzen kopieren
account-email-copy = Kopieren

## KI-Anbieter

account-ai-heading = KI-Anbieter
account-ai-system-heading = KI-Anbieter des Systems
account-ai-intro = Cardsmith probiert diese der Reihe nach, um Geschichten zu schreiben, Cover und Symbole zu zeichnen und Spuren einzusprechen. Jeder hat ein Budget, das er nie überschreitet; wenn keiner mehr kann, erledigen die eingebauten Offline-Generatoren die Arbeit kostenlos.
account-ai-system-intro = Die Karten aller Benutzer dürfen diese nutzen, nach den eigenen Anbietern des Benutzers. Jeder hat ein Budget, das er nie überschreitet und das sich alle Benutzer teilen.
account-ai-add = Anbieter hinzufügen
account-ai-turned-on = { $name } ist an.
account-ai-turned-off = { $name } ist aus.
account-ai-moved = { $name } ist jetzt Nummer { $place } in der Reihenfolge.
account-ai-order-not-saved = Die neue Reihenfolge wurde nicht gespeichert: { $error }
account-ai-deleted = { $name } gelöscht.
account-ai-kind-openai-compatible = OpenAI-kompatibler Server
account-ai-model-placeholder = der Modellname, den dein Server auflistet
account-ai-uses-openai = Text, Bilder und Sprache.
account-ai-uses-openai-compatible = Text (und Bilder oder Sprache, wenn der Server sie anbietet), von einem Server wie LocalAI oder vLLM.
account-ai-uses-ollama = Text von Modellen, die auf deinem eigenen Computer oder Server laufen; kostenlos.
account-ai-uses-text = Text: Geschichten, Themen und Symbolzeichnungen.
account-ai-uses-ideogram = Bilder: Cover und Symbole.
account-ai-uses-elevenlabs = Sprache: natürliche Stimmen für gesprochene Spuren.
account-ai-test-passed = Test bestanden: { $message }
account-ai-test-failed = Test fehlgeschlagen: { $message }
account-ai-budget-not-dollars = muss ein Betrag in Dollar sein, z. B. 5 oder 2,50
account-ai-monthly-not-dollars = muss ein Betrag in Dollar sein oder leer bleiben, wenn es keine monatliche Obergrenze geben soll
account-ai-saved = { $name } gespeichert.
account-ai-edit-title = KI-Anbieter bearbeiten
account-ai-add-title = KI-Anbieter hinzufügen
account-ai-add-subtitle = Wird vor den Anbietern der Instanz versucht
account-ai-system-add-subtitle = Wird für jeden Benutzer versucht, nach dessen eigenen
account-ai-save = Anbieter speichern
account-ai-test-key-title = Macht einen kleinen echten Aufruf mit dem eingegebenen Schlüssel
account-ai-test-key = Schlüssel testen
account-ai-key-hint-stored = Gespeichert und nie angezeigt. Leer lassen, um den gespeicherten Schlüssel zu behalten.
account-ai-key-hint-new = Wird versiegelt gespeichert und nie wieder angezeigt. Für Ollama oder einen lokalen Server nicht nötig.
account-ai-provider = Anbieter
account-ai-model = Modell
account-ai-key = API-Schlüssel
account-ai-key-stored-placeholder = •••••••• (gespeichert)
account-ai-base-url = Serveradresse
account-ai-base-url-hint = z. B. http://localhost:11434. Leer: die Adresse, die der Betreiber eingerichtet hat.
account-ai-budget-dollars = Budget (Dollar)
account-ai-budget-hint = Der Betrag, den er höchstens ausgeben darf.
account-ai-monthly-dollars = Monatliche Obergrenze (Dollar)
account-ai-monthly-hint = Optional. Leer: keine monatliche Obergrenze.
account-ai-enabled = Aktiv
account-ai-enabled-hint = Aus: bleibt erhalten, wird in der Kaskade aber übersprungen.
account-ai-order-problem = Reihenfolge: { $problem }
account-usd = { $amount } $
account-usd-below-cent = < { $amount } $
account-date-long = { $day }. { $month ->
        [1] Januar
        [2] Februar
        [3] März
        [4] April
        [5] Mai
        [6] Juni
        [7] Juli
        [8] August
        [9] September
        [10] Oktober
        [11] November
       *[12] Dezember
    } { $year }
account-ai-no-budget = Kein Budget: Es werden nur kostenlose Aufrufe gemacht
account-ai-budget-words = { $spent } von { $budget } ausgegeben · { $left } übrig
account-ai-loading = Anbieter werden geladen …
account-ai-none = Du hast keine KI-Anbieter. Alles wird offline und kostenlos erzeugt, bis du einen hinzufügst.
account-ai-system-none = Die Instanz hat keine KI-Anbieter. Benutzer ohne eigene Anbieter bekommen die Offline-Erzeugung.
account-ai-order-label = Anbieter in der Reihenfolge, in der sie versucht werden
account-ai-drag = Zum Umsortieren ziehen
account-ai-move-up-label = { $name } nach oben schieben
account-ai-move-up = ↑ Nach oben
account-ai-move-down-label = { $name } nach unten schieben
account-ai-move-down = ↓ Nach unten
account-ai-test-label = { $name } testen
account-ai-testing = Wird getestet …
account-ai-test = Testen
account-ai-edit-label = { $name } bearbeiten
account-ai-edit = Bearbeiten
account-ai-delete = Löschen
account-ai-delete-question = { $name } löschen? Sein Schlüssel und seine Ausgaben werden mitgelöscht.
account-ai-delete-confirm = Ja, Anbieter löschen
account-ai-key-stored = Schlüssel gespeichert
account-ai-key-not-needed = Kein Schlüssel nötig
account-ai-key-missing = Kein Schlüssel
account-ai-use-label = { $name } verwenden
account-ai-on = An
account-ai-off = Aus
account-ai-budget = Budget
account-ai-this-month = Diesen Monat
account-ai-month-words = { $spent } von { $cap } diesen Monat · wird am { $reset } zurückgesetzt
account-ai-last-error = Letzter Fehler:
account-ai-cascade = Zuerst { $steps }.
account-ai-cascade-offline-only = Alles erzeugen die eingebauten Offline-Generatoren: kostenlos, und keine Daten verlassen den Server.
account-ai-step-offline = die eingebauten Offline-Generatoren
account-ai-step-yours = dein { $name }
account-ai-step-instance = { $name } der Instanz
account-ai-steps-then = { $steps }, dann { $next }
account-ai-system-cascade = Für jeden Benutzer, nach dessen eigenen Anbietern: zuerst { $steps }.
account-ai-system-cascade-none = Benutzer ohne eigene Anbieter bekommen die eingebauten Offline-Generatoren.
account-ai-cascade-yours = Deine Kaskade
account-ai-cascade-instance = Die Kaskade der Instanz
account-ai-cascade-loading = Reihenfolge wird ermittelt …
account-ai-cascade-note = Ein Anbieter, der aus ist, keinen Schlüssel hat, sein Budget aufgebraucht hat oder scheitert, wird übersprungen, und der nächste wird versucht.

account-delete-requested = Deine Bitte, dein Konto zu löschen, ist an die Verwaltung gegangen. Wenn niemand darüber entscheidet, verfällt sie am { $expires }.
