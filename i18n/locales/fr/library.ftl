# La bibliothèque de cartes, les collections, les premiers pas, le contenu d’exemple, mettre des
# cartes sur les lecteurs, les planches d’étiquettes et les briques communes (formulaires,
# dialogues, envois, liens).

## La bibliothèque de cartes : recherche, filtres, vignettes et lignes, pages

library-cards = Cartes
library-cards-in-collection = Cartes de cette collection
library-empty-cards = Les cartes sont les listes de lecture audio que joue le lecteur de votre enfant. Elles sont rangées dans des collections : ouvrez une collection, ou créez-en une, et ajoutez-y une carte.
library-go-to-collections = Aller à vos collections
library-empty-collection-editor = Ajoutez la première carte avec le formulaire ci-dessous : un titre suffit pour commencer.
library-empty-collection-viewer = Personne n’a encore ajouté de carte à cette collection.
library-no-cards = Aucune carte
library-no-cards-yet = Pas encore de cartes
library-no-cards-match = Aucune carte ne correspond
library-no-match-text = Rien ne correspond à ces mots et à ces filtres. Essayez avec moins de mots, le nom d’une piste ou d’autres filtres.
library-clear-search = Effacer la recherche et les filtres
library-cards-not-loaded = Impossible de charger les cartes : { $error }
library-showing = { $count ->
    [one] { $first }–{ $last } sur { $total } carte
   *[other] { $first }–{ $last } sur { $total } cartes
}
library-none-shown = Aucune carte affichée (sur { $total })
library-pages = Pages
library-previous = ‹ Précédente
library-previous-page = Page précédente
library-next = Suivante ›
library-next-page = Page suivante
library-page = Page { $page }
library-track-count = { $count ->
    [0] Aucune piste
    [one] { $count } piste
   *[other] { $count } pistes
}
library-linked = Liée
library-home = D’origine
library-in-collection = dans { $collection }

library-search-and-filter = Rechercher et filtrer les cartes
library-search-cards = Rechercher des cartes
library-search-placeholder = Titre, auteur, description ou une piste
library-collection = Collection
library-all-collections = Toutes les collections
library-publish-state = Publication
library-tracks = Pistes
library-sort-by = Trier par
library-view = Affichage
library-filter-any = Toutes
library-publish-never = Jamais publiée
library-publish-on-player = Sur le lecteur
library-publish-changed = Modifiée depuis la publication
library-publish-publishing = Publication…
library-publish-failed = Échec de la publication
library-tracks-some = Avec des pistes
library-tracks-none = Pas encore de piste
library-sort-title = Titre de A à Z
library-sort-updated = Modifiées récemment
library-sort-created = Créées récemment
library-view-tiles = Vignettes
library-view-list = Liste

## Les pages des cartes et des collections

library-print-labels = Imprimer des étiquettes
library-cards-intro = Toutes les cartes de vos collections et de celles partagées avec vous.
library-collections-intro = Les collections regroupent des cartes et peuvent être partagées avec votre famille.
library-no-collections = Pas encore de collections
library-no-collections-text = Créez votre première collection avec le formulaire : donnez-lui un nom comme « Histoires du soir », puis ajoutez-y des cartes.
library-default-collection = Par défaut
library-new-collection = Nouvelle collection
library-name = Nom
library-description = Description
library-collection-description-hint = Facultatif : pour qui elle est, ou ce qu’on y met.
library-create-collection = Créer la collection
library-creating = Création…
library-collection-created = « { $name } » créée : ouverture…
library-address = Adresse : { $address }

## Les premiers pas dans une bibliothèque vide

library-first-run-heading = Créez votre première carte
library-start-record = ● Enregistrer une histoire
library-start-record-text = Lisez une histoire à voix haute avec le micro de cet appareil.
library-opening-recorder = Ouverture de l’enregistreur…
library-start-upload = ⬆ Envoyer de l’audio
library-start-upload-text = Des chansons ou des histoires que vous avez déjà : MP3, M4A, WAV et plus.
library-opening = Ouverture…
library-start-examples = ★ Essayer les cartes d’exemple
library-start-examples-text = Trois courtes histoires lues, avec couvertures et icônes, pour voir comment ça marche.
library-making-examples = Création des exemples…
library-first-run-link-player = Pour lire des cartes sur le lecteur de votre enfant, { $link }.
library-first-run-link-player-link = associez votre compte de lecteur

## Contenu d’exemple (administrateurs)

library-examples-heading = Contenu d’exemple
library-examples-text = Trois cartes d’exemple créées sur ce serveur, sans Internet : de courtes histoires lues par une voix hors ligne, avec des couvertures et des icônes de chapitre dessinées. Elles sont placées dans une collection nommée « Examples » qui vous appartient, prêtes à être consultées, publiées et imprimées. Elles ne sont créées qu’une fois par instance.
library-looking = Vérification…
library-add-examples = Ajouter les cartes d’exemple
library-examples-progress = Lecture des histoires à voix haute et dessin des couvertures…
library-examples-progress-label = Création des exemples
library-examples-already = Les exemples étaient déjà là ; rien de nouveau n’a été créé.
library-examples-made = { $cards ->
    [one] { $cards } carte créée
   *[other] { $cards } cartes créées
} avec { $tracks ->
    [one] { $tracks } piste
   *[other] { $tracks } pistes
}.
library-examples-there = Cette instance a ses cartes d’exemple.
library-examples-converting = { $ready ->
    [one] Conversion de l’audio : { $ready } piste prête sur { $total }.
   *[other] Conversion de l’audio : { $ready } pistes prêtes sur { $total }.
}
library-examples-converted = Pistes converties
library-examples-ready = { $total ->
    [one] La piste est prête à être écoutée.
   *[other] Les { $total } pistes sont prêtes à être écoutées.
}
library-examples-open = Ouvrir la collection « Examples »
library-examples-deleted = La collection « Examples » a été supprimée ; relancer la création n’ajoute rien.

## Mettre les cartes d’une collection sur les lecteurs

library-seed-open = Mettre sur les lecteurs…
library-seed-title = Mettre sur les lecteurs
library-seed-intro = Les cartes sont publiées sur le compte des lecteurs si besoin, puis ajoutées aux raccourcis de chaque lecteur, à côté de ceux qu’il a déjà.
library-seed-no-players = Pas encore de lecteur : { $link } d’abord.
library-seed-no-players-link = associez un compte de lecteur
library-seed-players = Lecteurs
library-seed-when = Quand (laisser vide pour tout de suite)
library-seed-progress = Envoi des cartes sur les lecteurs
library-seed-choose-player = Choisissez au moins un lecteur.
library-seed-one-account = Choisissez les lecteurs d’un seul compte à la fois.
library-seed-not-a-time = Ce n’est pas une heure valide.
library-seed-scheduled = { $count ->
    [one] Prévu pour le { $when } : { $count } lecteur recevra alors les cartes.
   *[other] Prévu pour le { $when } : { $count } lecteurs recevront alors les cartes.
}
library-seed-done = { $count ->
    [one] C’est fait : les cartes sont sur { $count } lecteur, à une pression de bouton.
   *[other] C’est fait : les cartes sont sur { $count } lecteurs, à une pression de bouton.
}

## Les planches d’étiquettes et leurs liens de partage

library-labels-intro = Imprimez des autocollants pour vos cartes physiques : chaque étiquette montre toute la couverture avant, le titre et l’auteur, et les chapitres avec leurs icônes, à la taille réelle de la carte.
library-no-cards-to-print = Pas encore de cartes à imprimer
library-no-cards-to-print-text = Les étiquettes sont faites à partir de vos cartes. Ouvrez une collection et ajoutez d’abord une carte, puis revenez ici.
library-build-sheet = Composer une planche
library-select-all = Tout sélectionner
library-selected = { $count ->
    [one] { $count } sur { $total } sélectionnée
   *[other] { $count } sur { $total } sélectionnées
}
library-format = Format
library-page-size = Taille de page
library-page-size-a4 = A4 — 9 cartes avec traits de coupe
library-page-size-letter = US Letter — 9 cartes avec traits de coupe
library-page-size-card = Format carte — 1 carte par page, pour imprimantes de cartes et photo
library-page-size-avery-l7166 = Autocollants Avery L7166 (A4) — 6 cartes
library-page-size-avery-5168 = Autocollants Avery 5168 (US Letter) — 4 cartes
library-generate-labels = Générer les étiquettes
library-generating = Génération…
library-no-sheet = Pas encore de planche
library-no-sheet-text = Cochez les cartes à imprimer, choisissez un format et une taille de page, puis appuyez sur « Générer les étiquettes ». La planche apparaît ici pour l’aperçu, le téléchargement et le partage.
library-your-sheet = Votre planche
library-label-preview = Aperçu des étiquettes
library-download = Télécharger
library-create-share-link = Créer un lien de partage
library-creating-link = Création du lien…
library-share-anyone = Toute personne ayant ce lien peut ouvrir la planche, jusqu’à ce que vous le révoquiez :
library-copy-share-link = Copier le lien de partage

library-share-links = Liens de partage
library-share-links-intro = Un lien de partage ouvre une planche sans connexion, pour la personne qui l’imprime. Révoquez les liens dont vous n’avez plus besoin.
library-no-share-links = Aucun lien de partage
library-no-share-links-text = Générez une planche ci-dessus, puis appuyez sur « Créer un lien de partage » pour que quelqu’un d’autre puisse l’imprimer.
library-revoke-all = Tout révoquer
library-revoke-all-question = Révoquer tous les liens de partage ? Plus personne ne pourra ouvrir vos planches par ces liens ; les planches elles-mêmes restent.
library-revoke-all-confirm = Oui, tout révoquer
library-shares-revoked = { $count ->
    [one] { $count } lien révoqué
   *[other] { $count } liens révoqués
}
library-share-created = Créé le { $when }
library-open = Ouvrir
library-revoke = Révoquer
library-revoke-link = Révoquer le lien vers { $file } créé le { $when }

## Briques communes : copier, dialogues, questions, adresses, champs d’une carte, images, requêtes

library-copy = Copier
library-copy-link = Copier le lien
library-copied = Copié
library-copy-by-hand = Copiez le lien à la main : cette page n’a pas accès au presse-papiers
library-close = Fermer
library-cancel = Annuler
library-working = En cours…

library-slug = Identifiant
library-slug-hint = La dernière partie de l’adresse : lettres minuscules, chiffres et tirets simples. Les anciens liens ne fonctionneront plus.
library-change-slug = Changer l’identifiant
library-slug-changing = Modification…
library-slug-checking = Vérification…
library-slug-unchecked = Vérification impossible pour l’instant ; l’enregistrement vous le dira.
library-slug-available = { $address } est disponible
library-slug-taken = { $address } est déjà pris
library-slug-required = { $address } : l’identifiant est obligatoire
library-slug-too-long = { $address } doit faire au plus { $max } caractères
library-slug-malformed = { $address } ne peut contenir que des lettres minuscules, des chiffres et des tirets simples, pas aux extrémités
library-slug-problem = { $address } { $problem }

library-title = Titre
library-author = Auteur
library-card-description-hint = Facultatif : ce que l’enfant entend sur cette carte.
library-card-author-hint = Facultatif : qui a écrit ou raconte l’histoire.
library-player-title-limit = Les lecteurs acceptent des titres de { $max } caractères au plus, et celui-ci en a { $length } : raccourcissez-le pour publier la carte sur un lecteur.
library-whole-number = doit être un nombre entier

library-current-image = Image actuelle
library-no-image = Pas encore d’image
library-choose-image = Choisir un fichier image
library-drop-image = Déposez une image ici ou choisissez un fichier
library-uploading = Envoi…
library-image-hint = JPEG, PNG, WebP ou GIF, jusqu’à 10 Mo.
library-image-wrong-type = Choisissez une image JPEG, PNG, WebP ou GIF.
library-image-empty = Ce fichier est vide.
library-image-too-large = Cette image fait { $size } Mo ; les images peuvent faire 10 Mo au plus.
library-image-larger-than-server = L’image est plus grande que ce que le serveur accepte.
library-upload-failed = L’envoi a échoué ({ $status }).
library-browser-cannot-send = Ce navigateur ne peut pas envoyer de fichiers.

library-offline = Impossible de joindre le serveur ; vérifiez votre connexion et réessayez.
library-file-too-large = Le fichier est plus grand que ce que le serveur accepte.
library-not-audio = Ce n’est pas un fichier audio que le serveur sait lire.
library-request-failed = La requête a échoué ({ $status }).
library-request-not-written = Impossible de préparer la requête : { $error }
library-answer-not-understood = La réponse du serveur n’a pas été comprise : { $error }
library-job-not-finished = La tâche ne s’est pas terminée.
library-browser-only = Cela ne fonctionne que dans le navigateur.

# The label sheets' own words.
label-sheet-title = Étiquettes de cartes
label-more = + { $count } de plus

## Many cards at once (the library's selection)
library-pick = Sélectionner « { $title } »
library-select = Sélectionner des cartes
library-bulk = Actions sur les cartes sélectionnées
library-bulk-selected = { $count ->
    [one] { $count } carte sélectionnée
   *[other] { $count } cartes sélectionnées
} ({ $tracks ->
    [one] { $tracks } piste
   *[other] { $tracks } pistes
})
library-select-page = Sélectionner cette page
library-select-done = Terminé
library-bulk-move = Déplacer vers…
library-bulk-link = Lier dans…
library-bulk-publish = Publier…
library-bulk-export = Exporter en ZIP
library-bulk-delete = Supprimer…
library-bulk-cancel = Annuler
library-bulk-move-to = Déplacer les cartes vers
library-bulk-link-into = Montrer les cartes dans
library-bulk-move-go = Déplacer
library-bulk-link-go = Lier
library-bulk-delete-question = { $count ->
    [one] Supprimer { $count } carte et ses { $tracks } pistes ? C’est définitif.
   *[other] Supprimer { $count } cartes et leurs { $tracks } pistes ? C’est définitif.
}
library-bulk-delete-confirm = { $count ->
    [one] Supprimer { $count } carte
   *[other] Supprimer { $count } cartes
}
library-bulk-moved = { $count ->
    [one] { $count } carte déplacée.
   *[other] { $count } cartes déplacées.
}
library-bulk-linked = { $count ->
    [one] { $count } carte liée.
   *[other] { $count } cartes liées.
}
library-bulk-deleted = { $count ->
    [one] { $count } carte supprimée, avec { $tracks } pistes.
   *[other] { $count } cartes supprimées, avec { $tracks } pistes.
}
