# La page d’une carte : en-tête, chapitres (pistes), couvertures, lecture, originaux conservés et gestion.

## En-tête et sections

card-breadcrumb = Fil d’Ariane
card-all-cards = ← Toutes les cartes
card-front-cover = Couverture avant
card-back-cover = Couverture arrière
# Le nom de la collection s’affiche comme un lien vers la collection.
card-home = Dans { $collection }
card-home-by = Dans { $collection } · par { $author }
card-details-title = Détails
card-details-summary = Titre, description, auteur
card-art-title = Couverture et icônes
card-art-summary-editor = Couvertures avant et arrière, couvertures générées, icônes des chapitres
card-art-summary = Couvertures avant et arrière
card-playback-title = Lecture
card-playback-summary = { $advance ->
        [none] S’arrête après chaque chapitre
        [repeat] Répète le chapitre
       *[next] Enchaîne avec le chapitre suivant
    } · { $order ->
        [random] ordre aléatoire
       *[in-order] dans l’ordre
    }
card-originals-title = Originaux conservés
card-originals-summary = Ce qu’« Annuler » rétablit après une coupe, une division ou un fondu
card-manage-title = Gérer la carte
card-manage-summary = Adresse web, collections, suppression

## Publication

card-publish = Publier sur le lecteur
card-publish-needs-track = Ajoutez une piste pour publier cette carte sur un lecteur.
card-players-heading = Sur vos lecteurs
card-players-playing-on = En lecture sur { $player }
card-players-paused-on = En pause sur { $player }
card-players-play-on = Lire sur { $player }
card-players-show-icon = Afficher l’icône
card-players-show-icon-on = Afficher l’icône sur { $player }

## Couvertures

card-covers-title = Couvertures
card-covers-intro-editor = Imprimées sur l’étiquette et affichées sur le lecteur. Déposez une image sur une couverture, ou cliquez dessus pour choisir un fichier.
card-covers-intro = Imprimées sur l’étiquette et affichées sur le lecteur.

## Détails

card-about-title = À propos de cette carte
card-no-description = Pas de description.
card-saved = Carte enregistrée
card-details-form = Détails de la carte
card-save = Enregistrer la carte

## Lecture

card-playback-saved = Lecture enregistrée
card-playback-settings = Réglages de lecture
card-autoadvance = Après chaque chapitre
card-autoadvance-next = Lire le chapitre suivant
card-autoadvance-none = S’arrêter après chaque chapitre
card-autoadvance-repeat = Répéter le chapitre
card-shuffle = Lecture aléatoire
card-shuffle-off = Désactivée : dans l’ordre
card-shuffle-on = Activée : ordre aléatoire
card-overlay-timeout = Affichage du chapitre (secondes)
card-overlay-timeout-hint = Durée pendant laquelle le nom du chapitre reste à l’écran, de 0 à 3600.
card-resume-timeout = Délai de reprise (secondes)
card-resume-timeout-hint = Si la carte est réinsérée dans ce délai, la lecture reprend là où elle s’était arrêtée, de 0 à 86400.
card-save-playback = Enregistrer la lecture

## Gérer la carte

card-address = Adresse
card-home-collection = Collection d’origine
card-also-shown-in = Également dans
card-move-owners-only = Seuls les propriétaires de sa collection peuvent déplacer cette carte vers une autre collection.
card-moved = Déplacée vers { $collection }
# Les mots entre <a> et </a> deviennent un lien vers la page des collections ; gardez ces marques.
card-move-nowhere = Vous ne pouvez modifier aucune autre collection vers laquelle déplacer cette carte. Créez-en une sur la <a>page des collections</a>.
card-move = Déplacer la carte
card-move-to = Déplacer vers
card-move-to-hint = La carte appartient alors à cette collection et à ses membres.
card-moving = Déplacement…
card-linked-by = liée par { $name }
card-linked-by-deleted = liée par un compte supprimé
card-unlink-label = Retirer de { $collection }
card-unlink = Retirer
card-not-linked = Cette carte n’est que dans sa propre collection.
card-links-list = Collections auxquelles cette carte est liée
card-delete = Supprimer la carte
card-delete-question = Supprimer « { $title } » ? Ses couvertures et ses réglages seront supprimés aussi, et elle disparaîtra de toutes les collections auxquelles elle est liée. Cette action est irréversible.
card-delete-confirm = Oui, supprimer la carte

## Pistes

card-tracks-title = Pistes
card-tracks-intro-editor = Le lecteur les joue dans l’ordre. Faites glisser une piste par sa poignée pour la déplacer ; le reste se trouve sous ⋯.
card-tracks-intro = Le lecteur les joue dans l’ordre.
card-no-tracks-editor = Pas encore de piste. Enregistrez-en une, envoyez des fichiers audio (plusieurs à la fois, c’est possible), écrivez une histoire à faire lire par une voix, ou ajoutez un flux.
card-no-tracks = Pas encore de piste.
card-track-list = Pistes dans l’ordre de lecture
card-track-row = Piste { $number } : { $title }
card-track-moved = « { $title } » est maintenant le chapitre { $number }
card-order-not-saved = Le nouvel ordre n’a pas été enregistré : { $error }
card-conversion-failed = L’audio n’a pas pu être converti.
card-undo = Annuler
card-undoing = Annulation…
card-dismiss = Fermer
card-status-stream = Flux
card-status-unreachable = Flux inaccessible
card-status-waiting = En attente de conversion
card-status-converting = Conversion en cours
card-status-failed = Échec
card-drag-handle = Poignée de déplacement de { $title }
card-drag-title = Faire glisser pour réordonner

## Les actions d’une piste

card-track-actions = Actions pour { $title }
card-rename = Renommer
card-rename-label = Renommer { $title }
card-edit = Couper, diviser, fondu
card-edit-label = Modifier { $title }
card-move-up = Monter
card-move-up-label = Monter { $title }
card-move-down = Descendre
card-move-down-label = Descendre { $title }
card-icon = Icône
card-icon-label = Changer l’icône de { $title }
card-track-delete = Supprimer
card-track-delete-question = Supprimer « { $title } » ? Son audio quitte la carte.
card-track-delete-confirm = Oui, supprimer la piste
card-track-deleted = « { $title } » supprimée
# Affiché après le format de fichier d’une piste que le lecteur diffuse en flux.
card-format-stream = flux
card-rename-form = Renommer la piste
card-new-title = Nouveau titre
# Le problème dit ce qui ne va pas avec le titre, p. ex. « ne doit pas être vide ».
card-title-problem = Titre : { $problem }
card-save-title = Enregistrer le titre
card-cancel = Annuler

## Le lecteur

card-play-track = Lire { $title }
card-pause-track = Mettre en pause { $title }
card-player = Lecteur
card-playing = Lecture de { $title }
card-player-close = Fermer le lecteur

## Ajouter des chapitres

card-add-title = Ajouter à cette carte
card-add-record = Enregistrer
card-add-upload = Envoyer des fichiers
card-add-speak = Écrire une histoire
card-add-stream = Lien de flux
card-upload-choose = Choisir des fichiers audio
card-upload-drop = Déposez des fichiers audio ici ou choisissez des fichiers
card-upload-hint = MP3, M4A, WAV, FLAC, OGG et plus. Plusieurs à la fois, c’est possible ; ils sont ajoutés dans l’ordre choisi.
card-drop-numbers = Retirer les numéros de piste des noms de fichier
card-drop-numbers-hint = « 01 La Grotte.mp3 » devient « La Grotte » : les chapitres sont numérotés selon leur place sur la carte.
card-uploads = Envois
card-uploads-clear = Effacer les envois terminés
card-upload-of = Envoi de { $name }
card-uploading = Envoi… { $percent } %
card-upload-added = Ajoutée sous le titre « { $title } »
card-upload-unsupported = Ce navigateur ne peut pas envoyer de fichiers.
card-upload-unreadable = La réponse du serveur n’a pas été comprise : { $error }
card-stream-form = Ajouter un flux
card-stream-intro = Une radio en ligne ou un podcast : le lecteur le récupère lui-même, il est donc toujours à jour.
card-stream-title = Titre du flux
card-stream-url = Adresse du flux
card-stream-url-hint = Une adresse http:// ou https:// que le lecteur récupère lui-même.
card-stream-add = Ajouter le flux
card-stream-adding = Ajout…

## Originaux conservés

card-originals-intro = Quand vous coupez, divisez, appliquez un fondu ou fusionnez une piste, son original est conservé ici pour que la modification puisse être annulée. Purgez les originaux dont vous n’avez plus besoin pour libérer de l’espace.
card-originals-loading = Chargement des originaux conservés…
card-originals-none = Rien de conservé : aucune piste n’a encore été modifiée.
card-restored = « { $title } » rétablie
card-restore-failed = Impossible de rétablir : { $error }
card-undo-gone = Cette modification ne peut plus être annulée : son original a été purgé ou rétabli.
card-purge-failed = Impossible de purger : { $error }
card-purge-question = Purger l’original de « { $title } » ? La modification ne pourra alors plus être annulée.
card-original = Original : { $title }
card-original-play-label = Lire l’original de { $title }
card-original-player = L’original de { $title }
card-original-play = ▶ Lire
card-restore = Rétablir
card-purge = Purger
card-purge-confirm = Oui, purger

## Plusieurs pistes à la fois (la barre de sélection)
card-batch-select = Sélectionner des pistes
card-batch-region = Pistes sélectionnées
card-batch-selected = { $count ->
    [one] { $count } piste sélectionnée
   *[other] { $count } pistes sélectionnées
}
card-batch-all = Tout sélectionner
card-batch-none = Tout désélectionner
card-batch-done = Terminé
card-batch-pick = Sélectionner « { $title } »
card-batch-rename = Renommer…
card-batch-delete = Supprimer
card-batch-delete-question = { $count ->
    [one] Supprimer { $count } piste ? Vous pourrez annuler juste après.
   *[other] Supprimer { $count } pistes ? Vous pourrez annuler juste après.
}
card-batch-delete-yes = Oui, supprimer
card-batch-more = Autres actions sur les pistes sélectionnées
card-batch-choose = Autres actions…
card-batch-top = Placer en tête
card-batch-bottom = Placer à la fin
card-batch-sort-title = Trier par titre
card-batch-sort-tags = Trier par numéro de piste (étiquettes)
card-batch-reverse = Inverser l’ordre
card-batch-icons-matched = Icônes d’après leurs titres
card-batch-icons-default = Icônes numérotées
card-batch-loudness = Refaire l’audio (volume)
card-batch-move = Déplacer vers une autre carte
card-batch-copy = Copier vers une autre carte
card-batch-working = En cours…
card-batch-rename-form = Renommer les pistes sélectionnées
card-batch-find = Rechercher
card-batch-replace = Remplacer par
card-batch-regex = Expression régulière
card-batch-ignore-case = Ignorer la casse
card-batch-strip-numbers = Retirer les numéros en tête
card-batch-title-case = Majuscule à chaque mot
card-batch-preview = Aperçu
card-batch-apply = Renommer
card-batch-cancel = Annuler
card-batch-to-card = Carte
card-batch-loading-cards = Chargement de vos cartes…
card-batch-no-cards = Vous ne pouvez modifier aucune autre carte.
card-batch-applied = { $action } : { $count ->
    [one] { $count } piste
   *[other] { $count } pistes
}
card-batch-did-delete = Supprimé
card-batch-did-move = Déplacé
card-batch-did-copy = Copié
card-batch-did-rename = Renommé
card-batch-did-icons = Icônes changées
card-batch-did-loudness = Audio en cours de refonte
card-batch-did-order = Réordonné
card-batch-undone = La dernière action groupée a été annulée.
card-batch-undo-last = { $count ->
    [one] Annuler « { $action } » ({ $count } piste)
   *[other] Annuler « { $action } » ({ $count } pistes)
}
