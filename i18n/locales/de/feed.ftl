# Ein Podcast- oder Audio-Feed als Karte: das Formular einer Sammlung und der Bereich der Karte.

feed-intro = Füge die Adresse eines Podcasts oder Audio-Feeds ein (RSS oder Atom). Cardsmith liest ihn sofort und holt dann seine neuesten Folgen als Kapitel.
feed-url = Feed-Adresse
feed-url-hint = Podcast-Apps nennen sie RSS-Link; sie endet oft auf .xml oder /feed
feed-title = Titel der Karte
feed-title-hint = Leer lassen, um den Titel des Podcasts zu verwenden
feed-episodes = Folgen behalten
feed-episodes-hint = Die neuesten, 1 bis 50
feed-refresh = Nach neuen Folgen schauen
feed-refresh-off = Nur wenn ich frage
feed-refresh-daily = Jeden Tag
feed-refresh-weekly = Jede Woche
feed-order = Reihenfolge der Kapitel
feed-order-newest = Neueste Folge zuerst
feed-order-oldest = Älteste Folge zuerst (eine Geschichte in Teilen)
feed-republish = Die Karte nach einer Prüfung, die sie ändert, erneut veröffentlichen
feed-republish-hint = In jedes Konto, in dem die Karte schon veröffentlicht ist, sobald die neuen Folgen bereit sind
feed-stream = Folgen streamen statt herunterladen
feed-stream-hint = Der Player holt jede Folge beim Abspielen vom Podcast; hier wird nichts gespeichert. Heruntergeladene Folgen spielen offline und gleich laut.
feed-make = Karte aus dem Feed erstellen
feed-reading = Feed wird gelesen …
feed-bringing = Folgen werden geholt
feed-made = { $count ->
    [one] „{ $title }“ ist mit einer Folge bereit.
   *[other] „{ $title }“ ist mit { $count } Folgen bereit.
}
feed-open-card = Karte öffnen
feed-refused = { $count ->
    [one] Eine Folge wurde nicht hinzugefügt:
   *[other] { $count } Folgen wurden nicht hinzugefügt:
}
feed-refused-one = { $title }: { $why }
feed-source = Die Folgen kommen von
feed-mode-download = Die Folgen werden hier heruntergeladen und aufbereitet, wie Uploads.
feed-mode-stream = Die Folgen werden beim Abspielen vom Podcast gestreamt.
feed-checked = Zuletzt geprüft { $when }.
feed-never-checked = Noch nicht geprüft.
feed-next = Nächste Prüfung { $when }.
feed-by-hand = Geprüft nur, wenn du fragst.
feed-last-error = Die letzte Prüfung konnte den Feed nicht lesen ({ $why }); die Karte blieb, wie sie war.
feed-saved = Gespeichert.
feed-save = Speichern
feed-refresh-now = Jetzt nach neuen Folgen schauen
feed-unfollow = Dem Feed nicht mehr folgen
feed-unfollow-question = Dem Feed nicht mehr folgen? Die Karte behält ihre Kapitel; sie werden nicht mehr aktualisiert.
feed-unfollow-confirm = Ja, nicht mehr folgen
feed-unfollowed = Diese Karte folgt ihrem Feed nicht mehr; ihre Kapitel bleiben.
coll-feed-title = Karte aus einem Podcast
coll-feed-summary = Die neuesten Folgen als Kapitel, immer aktuell
card-feed-title = Podcast-Feed
card-feed-summary = Folgt { $title }
