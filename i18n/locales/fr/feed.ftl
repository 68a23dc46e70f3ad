# Un podcast ou un flux audio devenu carte : le formulaire d’une collection et le volet de la carte.

feed-intro = Collez l’adresse d’un podcast ou d’un flux audio (RSS ou Atom). Cardsmith le lit tout de suite, puis en fait venir les derniers épisodes comme chapitres.
feed-url = Adresse du flux
feed-url-hint = Les applis de podcast l’appellent lien RSS ; elle finit souvent par .xml ou /feed
feed-title = Titre de la carte
feed-title-hint = Laissez vide pour garder le titre du podcast
feed-episodes = Épisodes à garder
feed-episodes-hint = Les plus récents, de 1 à 50
feed-refresh = Chercher de nouveaux épisodes
feed-refresh-off = Seulement quand je le demande
feed-refresh-daily = Chaque jour
feed-refresh-weekly = Chaque semaine
feed-order = Ordre des chapitres
feed-order-newest = Le plus récent d’abord
feed-order-oldest = Le plus ancien d’abord (une histoire en plusieurs parties)
feed-republish = Republier la carte après une vérification qui la change
feed-republish-hint = Sur chaque compte où la carte est déjà publiée, dès que les nouveaux épisodes sont prêts
feed-stream = Diffuser les épisodes au lieu de les télécharger
feed-stream-hint = Le lecteur va chercher chaque épisode chez le podcast pendant la lecture ; rien n’est gardé ici. Les épisodes téléchargés se jouent hors ligne et à volume égal.
feed-make = Créer la carte du podcast
feed-reading = Lecture du flux…
feed-bringing = Arrivée des épisodes
feed-made = { $count ->
    [one] « { $title } » est prête avec { $count } épisode.
   *[other] « { $title } » est prête avec { $count } épisodes.
}
feed-open-card = Ouvrir la carte
feed-refused = { $count ->
    [one] { $count } épisode n’a pas été ajouté :
   *[other] { $count } épisodes n’ont pas été ajoutés :
}
feed-refused-one = { $title } : { $why }
feed-source = Les épisodes viennent de
feed-mode-download = Les épisodes sont téléchargés et préparés ici, comme des envois.
feed-mode-stream = Les épisodes sont diffusés depuis le podcast pendant la lecture.
feed-checked = Dernière vérification { $when }.
feed-never-checked = Pas encore vérifié.
feed-next = Prochaine vérification { $when }.
feed-by-hand = Vérifié seulement quand vous le demandez.
feed-last-error = La dernière vérification n’a pas pu lire le flux ({ $why }) ; la carte est restée telle quelle.
feed-saved = Enregistré.
feed-save = Enregistrer
feed-refresh-now = Chercher de nouveaux épisodes maintenant
feed-unfollow = Ne plus suivre le flux
feed-unfollow-question = Ne plus suivre le flux ? La carte garde ses chapitres ; ils ne sont plus mis à jour.
feed-unfollow-confirm = Oui, ne plus suivre
feed-unfollowed = Cette carte ne suit plus son flux ; ses chapitres restent.
coll-feed-title = Une carte à partir d’un podcast
coll-feed-summary = Ses derniers épisodes en chapitres, toujours à jour
card-feed-title = Flux du podcast
card-feed-summary = Suit { $title }
