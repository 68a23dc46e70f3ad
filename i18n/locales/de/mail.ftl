# Die Mails, die Cardsmith verschickt, und die Antworten, die sagen, dass eine Mail unterwegs ist.

mail-hello = Hallo { $name },
mail-copy-link = Oder kopiere diesen Link:
mail-hours = { $count ->
    [one] 1 Stunde
   *[other] { $count } Stunden
}

mail-reset-subject = Setze dein Cardsmith-Passwort zurück
mail-reset-why = Jemand (hoffentlich du) hat darum gebeten, das Passwort deines Cardsmith-Kontos zurückzusetzen.
mail-reset-how = Wähle mit diesem Link ein neues Passwort. Er funktioniert einmal, { $lifetime } lang, und meldet dich auf allen Geräten ab:
mail-reset-button = Neues Passwort wählen
mail-reset-closing = Wenn du das nicht angefordert hast, ignoriere diese Mail: Dein Passwort bleibt, wie es ist.
mail-reset-requested = Wenn ein Konto diese E-Mail-Adresse hat, ist ein Link zum Zurücksetzen des Passworts unterwegs. Er funktioniert einmal, { $lifetime } lang.

mail-verify-subject = Bestätige deine E-Mail-Adresse für Cardsmith
mail-verify-why = Eine Administratorin oder ein Administrator hat ein Cardsmith-Konto für dich angelegt oder uns gebeten, seine Adresse noch einmal zu bestätigen.
mail-verify-how = Bestätige mit diesem Link, dass diese Adresse dir gehört (er funktioniert { $lifetime } lang):
mail-verify-button = E-Mail-Adresse bestätigen
mail-verify-closing = Wenn du nicht weißt, worum es geht, ignoriere diese Mail.
mail-resend-sent = Ein neuer Bestätigungslink ist an { $email } unterwegs.
mail-resend-outbox = Es ist kein Mailserver eingerichtet: Die Bestätigungsmail an { $email } liegt im Postausgang (Verwaltung → E-Mails), wo du ihren Link kopieren kannst.

mail-invite-subject = Du bist eingeladen, eine Sammlung auf Cardsmith zu teilen
mail-invite-who = „{ $who }“ ({ $email }) hat dich zur Sammlung „{ $collection }“ eingeladen, { $role ->
    [owner] als Eigentümer:in
    [editor] zum Bearbeiten: Du darfst Karten hinzufügen und ändern
   *[viewer] zum Anhören: Du darfst ihre Karten hören
}.
mail-invite-how = Melde dich an, um die Einladung anzunehmen oder abzulehnen:
mail-invite-button = Einladung ansehen
mail-invite-closing = Wenn du mit dieser Adresse ({ $to }) dort noch kein Konto hast, bitte die Verwaltung dieses Cardsmith um eines, oder melde dich mit Single Sign-on an, wenn die Anmeldeseite es anbietet.

mail-backup-failed-subject = Eine Cardsmith-Sicherung ist fehlgeschlagen
mail-backup-failed-run = Die letzte Sicherung deines Cardsmith wurde nicht fertig. Bis eine gelingt, gibt es Aufnahmen seit der letzten guten Sicherung nur an einem Ort.
mail-backup-failed-verify = Bei der Prüfung der aufbewahrten Sicherungen fehlten Dateien oder waren beschädigt: eine Wiederherstellung aus diesen Sicherungen wäre nicht vollständig.
mail-backup-failed-how = Das Protokoll des Servers sagt, warum. Die Seite „Sicherungen“ zeigt die letzten Läufe und lässt dich es erneut versuchen:
mail-backup-failed-button = Sicherungen öffnen
mail-backup-failed-closing = Du erhältst diese Mail, weil du diesen Cardsmith verwaltest.
