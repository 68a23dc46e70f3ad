nav-main = Hauptmenü
nav-menu = Menü
nav-cards = Karten
nav-collections = Sammlungen
nav-labels = Etiketten
nav-devices = Geräte
nav-import = Importieren
nav-accounts = Konten
nav-settings = Einstellungen
nav-admin = Verwaltung
nav-admin-users = Benutzer
nav-admin-audit-log = Protokoll
nav-admin-health = Zustand
nav-admin-backups = Sicherungen
nav-admin-jobs = Aufträge
nav-admin-deletions = Löschungen
nav-admin-mail = E-Mails
nav-admin-ai-providers = KI-Anbieter
nav-sign-out = Abmelden

frame-skip-to-content = Zum Inhalt springen
saving = Wird gespeichert …

loading-share-links = Freigabelinks werden geladen …
loading-collection = Sammlung wird geladen …
loading-card = Karte wird geladen …
loading-cards = Karten werden geladen …
loading-collections = Sammlungen werden geladen …
loading-players = Deine Player werden geladen …
loading-player-accounts = Deine Player-Konten werden geladen …
loading-account-cards = Die Karten des Kontos werden geladen …

not-found-title = Nicht gefunden
not-found-heading = Seite nicht gefunden
not-found-text = Unter dieser Adresse gibt es nichts.
not-found-home = Zu deinen Karten

language-label = Sprache
language-apply = Wechseln

signin-logo-label = Cardsmith: Anmelden
signin-title = Anmelden
signin-heading = Anmelden
signin-email = E-Mail
signin-password = Passwort
signin-submit = Anmelden
signin-busy = Anmeldung läuft …
signin-forgot = Passwort vergessen?

title-forgot-password = Passwort vergessen
title-reset-password = Neues Passwort wählen
title-verify-email = E-Mail-Adresse bestätigen
title-link-player = Player-Konto verknüpfen

devices-title = Geräte
devices-intro = Die Player deiner verknüpften Konten: was sie gerade tun, und ihre Einstellungen.
accounts-title = Player-Konten
accounts-intro = Verknüpfe das Konto, das deine Familie auf ihren Playern nutzt: Cardsmith kann dann Karten darauf veröffentlichen, seine Karten importieren und seine Player steuern. Dein Passwort siehst du hier nie, und die Schlüssel des Kontos bleiben verschlüsselt auf diesem Server.
import-title = Aus einem Player-Konto importieren
import-intro = Hol Karten, die du anderswo gemacht hast, in Cardsmith: ihren Ton, ihre Kapitel-Symbole und ihr Cover. Gekaufte Karten und Streaming-Karten erscheinen hier nicht.

admin-only-users = Nur Admins können Benutzer verwalten.
admin-only-audit-log = Nur Admins können das Protokoll lesen.
admin-only-health = Nur Admins können den Zustand der Instanz sehen.
admin-only-backups = Nur Admins können Sicherungen sehen und anlegen.
admin-only-deletion = Nur Admins können Kontolöschungen verwalten.
admin-only-ai-providers = Nur Admins können die KI-Anbieter der Instanz verwalten.
admin-only-mail = Nur Admins können den Postausgang lesen.
admin-only-jobs = Nur Admins können die Aufträge der Instanz sehen und verwalten.
admin-deletion-requests-title = Löschanträge
admin-orphaned-title = Verwaiste Sammlungen
admin-ai-providers-intro = Anbieter, die die Instanz bezahlt. Benutzer tragen ihre eigenen unter Einstellungen ein; deren werden zuerst versucht.
admin-mail-title = Postausgang
admin-mail-back = ← Postausgang
admin-jobs-intro = Alles, was der Server im Hintergrund erledigt: Ton umwandeln und bearbeiten, veröffentlichen, importieren, E-Mails. Brich ab, was nicht laufen soll; wiederhole, was fehlgeschlagen ist.

settings-profile = Profil
settings-signed-in-as = Angemeldet als { $email }
settings-display-name = Anzeigename
settings-save-profile = Profil speichern
settings-profile-saved = Profil gespeichert
settings-language = Sprache
settings-language-label = Sprache von Cardsmith
settings-language-browser = Sprache deines Browsers
settings-language-hint = Wird in deinem Konto gespeichert: Jedes Gerät, auf dem du dich anmeldest, folgt ihr.
settings-language-save = Sprache speichern
settings-password = Passwort
settings-current-password = Aktuelles Passwort
settings-new-password = Neues Passwort
settings-new-password-hint = Mindestens 10 Zeichen. Ein paar Wörter, die nichts miteinander zu tun haben, ergeben ein starkes Passwort.
settings-change-password = Passwort ändern
settings-changing = Wird geändert …
settings-password-changed = Passwort geändert. Deine anderen Sitzungen wurden abgemeldet.
settings-sessions = Sitzungen
settings-sessions-text = Handy verloren oder an einem fremden Computer angemeldet? Beende alle Sitzungen deines Kontos, auch diese.
settings-sign-out-everywhere = Überall abmelden

role-owner = Inhaber
role-editor = Bearbeiter
role-viewer = Betrachter
role-yours = Deine Rolle:
