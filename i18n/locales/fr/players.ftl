# Players: linked player accounts, the devices page (status, controls, settings, shortcuts),
# importing from an account, and the publish dialog.

## Shared by the accounts, devices and import pages

player-no-account-heading = Aucun compte de lecteur associé
player-link-account = Associer un compte de lecteur
player-needs-relink = À associer de nouveau

## Accounts

player-accounts-trip-expired = Ce lien a pris trop de temps ou a déjà servi. Recommencez l’association.
player-accounts-trip-other-session = Ce lien a été ouvert dans un autre navigateur ou une autre session. Recommencez l’association depuis celui-ci.
player-accounts-trip-denied = La plateforme du lecteur n’a pas associé le compte (refus ou annulation).
player-accounts-trip-other = L’association n’a pas fonctionné. Recommencez-la.
player-accounts-trip-failed = L’association n’a pas abouti : { $reason }
player-accounts-linked-note = Compte de lecteur associé.
player-accounts-link-unavailable = L’association n’est pas configurée sur ce serveur
player-accounts-link-unavailable-see-above = L’association n’est pas configurée sur ce serveur : voir ci-dessus.
player-accounts-empty-body = Une fois un compte associé, ses lecteurs apparaissent sur la page Appareils et ses cartes sur la page Importer.
player-accounts-list = Comptes associés
player-accounts-account = Compte { $label }
player-accounts-badge-linked = Associé
player-accounts-linked-since = Associé depuis le { $date }
player-accounts-link-refused = La plateforme du lecteur n’accepte plus cette association.
player-accounts-relink-wait = La publication sur ce compte et le pilotage de ses lecteurs attendront que vous l’associiez de nouveau.
player-accounts-link-again = Associer de nouveau
player-accounts-unlink = Dissocier
player-accounts-unlink-question = Dissocier { $label } ? Ses cartes restent sur les lecteurs ; Cardsmith oublie l’association et ses clés.
player-accounts-unlink-confirm = Oui, dissocier

## Devices

player-devices-empty-body = Associez le compte que votre famille utilise sur ses lecteurs, et ils apparaîtront ici.
player-devices-relink-notice = Ce compte doit être associé de nouveau avant que vous puissiez piloter ses lecteurs ; ils sont affichés tels qu’ils ont été vus pour la dernière fois.
player-devices-relink-link = L’associer de nouveau sur la page Comptes
player-devices-unreachable = La plateforme du lecteur est injoignable : ces lecteurs sont affichés tels qu’ils ont été vus pour la dernière fois.
player-devices-count = { $count ->
    [one] { $count } lecteur
   *[other] { $count } lecteurs
}
player-devices-none-registered = Aucun lecteur n’est enregistré sur ce compte.
player-devices-none-seen = Aucun lecteur n’a encore été vu sur ce compte.
player-devices-list = Lecteurs de { $account }
player-device = Lecteur { $name }
player-device-online = En ligne
player-device-offline = Hors ligne
player-device-cached = Dernier état connu ({ $time }) : la plateforme du lecteur était injoignable.
player-device-battery = Batterie
player-device-battery-level = Niveau de batterie
player-device-battery-percent = { $percent } %
player-device-battery-unknown = inconnu
player-device-charging = en charge
player-device-playing = En lecture
player-device-playing-nothing = rien
player-device-volume = Volume

## Devices: commands and the card picker

player-picker-other = Une autre carte, par son identifiant…
player-picker-card-id = Identifiant de la carte
player-picker-id-hint = L’identifiant de la carte sur la plateforme du lecteur : la dernière partie de son lien de partage.
player-control-choose-card = Choisissez d’abord la carte à lire.
player-control-group = Piloter { $name }
player-control-card = Carte à lire
player-control-play = Lire
player-control-pause = Pause
player-control-resume = Reprendre
player-control-stop = Arrêter

## Devices: settings ("auto" and "digital-sun" are values to type: keep them as they are)

player-settings = Réglages
player-settings-form = Réglages du lecteur
player-settings-intro = Seuls les réglages que vous modifiez sont envoyés ; le lecteur garde tous les autres.
player-settings-save = Enregistrer les réglages
player-settings-nothing-changed = Rien n’a changé : modifiez d’abord un réglage.
player-settings-need-fixing = Certains réglages sont à corriger ; voyez les champs.
player-setting-day-max-volume = Volume maximal de jour
player-setting-night-max-volume = Volume maximal de nuit
player-setting-volume-hint = De 0 à 16
player-setting-day-time = Début du jour
player-setting-day-time-hint = L’heure où le volume et la luminosité de jour s’appliquent
player-setting-night-time = Début de la nuit
player-setting-night-time-hint = L’heure où le volume et la luminosité de nuit s’appliquent
player-setting-day-brightness = Luminosité de jour
player-setting-night-brightness = Luminosité de nuit
player-setting-brightness-hint = auto, ou de 0 à 100
player-setting-shutdown = Extinction après (minutes)
player-setting-shutdown-hint = Minutes d’inactivité avant qu’il s’éteigne, de 0 à 1440
player-setting-clock-face = Cadran
player-setting-clock-face-hint = p. ex. digital-sun
player-setting-timezone = Fuseau horaire
player-setting-timezone-hint = p. ex. Europe/Paris ; vide : le lecteur le devine lui-même

## Devices: shortcuts (problem: the check's complaint, e.g. "is required")

player-shortcuts = Raccourcis
player-shortcuts-intro = Les cartes que votre enfant lance avec les boutons du lecteur, de jour ou de nuit. La plateforme du lecteur ne permet pas aux applications de lire les raccourcis actuels, ils ne peuvent donc pas être affichés ici : enregistrer remplace tous les raccourcis du lecteur par cette liste.
player-shortcuts-list = Raccourcis à enregistrer
player-shortcuts-add = Ajouter un raccourci
player-shortcuts-remove-all = Supprimer tous les raccourcis
player-shortcuts-save = Enregistrer les raccourcis
player-shortcut = Raccourci { $number }
player-shortcut-remove-label = Supprimer le raccourci { $number }
player-shortcut-remove = Supprimer
player-shortcut-mode = Mode
player-shortcut-day = Jour
player-shortcut-night = Nuit
player-shortcut-card = Carte
player-shortcut-chapter = Chapitre (facultatif)
player-shortcut-track = Piste (facultative)
player-shortcut-example = p. ex. 01
player-shortcut-error-card = Raccourci { $number }, carte : { $problem }.
player-shortcut-error-mode = Raccourci { $number }, mode : { $problem }.
player-shortcut-error-other = Raccourci { $number } : { $problem }.

## Import (problem: the check's complaint about the name, e.g. "must not be empty")

player-import-empty-body = Associez le compte que votre famille utilise sur ses lecteurs pour importer les cartes que vous y avez créées.
player-import-account = Compte
player-import-nothing-heading = Rien à importer
player-import-nothing-body = Ce compte n’a pas encore de cartes à lui.
player-import-cards-list = Cartes du compte
player-import-cover = Couverture de { $title }
player-import-progress = Importation de { $title }
# link: the link "open the card" (player-import-open-card)
player-import-imported = Importée : { $link }
player-import-open-card = ouvrir la carte
player-import-importing = Importation…
player-import-again = Importer de nouveau
player-import-start = Importer
player-import-already = Déjà importée
player-import-changed-since-published = Modifiée depuis la publication
player-import-edited-since-import = Modifiée ici depuis l’importation
# collection: a link to the collection, with its name
player-import-made-here = Créée ici — déjà dans { $collection }
player-import-open-card-named = Ouvrir la carte { $title }
player-import-open-card-button = Ouvrir la carte
player-import-into = Importer dans
player-import-default-collection = Mes enregistrements (créée pour vous)
player-import-new-collection = Une nouvelle collection…
player-import-new-collection-name = Nom de la nouvelle collection
player-import-new-collection-hint = Créée avec la première carte que vous importez
player-import-new-collection-refused = Nom de la nouvelle collection : { $problem }

## Publishing: badges

player-badge-title = Où en est cette carte sur vos lecteurs
player-badge-on-player = Sur le lecteur
player-badge-changed = Modifiée depuis la publication
player-badge-publishing = Publication…
player-badge-failed = Échec de la publication

## Publishing: the dialog

player-publish-title = Publier sur le lecteur
player-publish-cards-chosen = { $chosen ->
    [one] { $chosen } carte sur { $total } choisie
   *[other] { $chosen } cartes sur { $total } choisies
}
player-publish-checking = Examen en cours…
player-publish-check = Voir ce qui va changer
player-publish-verify = Vérifier
player-publish-publish = Publier
player-publish-back = Retour
player-publish-nothing-to-send = Tout ce qui est choisi est déjà sur le lecteur.
player-publish-will-send = { $count ->
    [one] { $count } carte sera envoyée.
   *[other] { $count } cartes seront envoyées.
}
player-publish-running = Publication… Vous pouvez fermer cette fenêtre : la publication continue.
player-publish-done = Terminé
player-publish-no-account = Aucun compte de lecteur n’est encore associé.
player-publish-no-account-text = Associez le compte de lecteur de votre famille, puis publiez depuis ici.
player-publish-no-account-link = Associer un compte sur la page Comptes
player-publish-accounts = Comptes de lecteur
player-publish-account-relink = À associer de nouveau avant de publier.
player-publish-account-relink-link = Associer de nouveau sur la page Comptes
player-publish-cards = Cartes
player-publish-select-all = Tout sélectionner
player-publish-select-none = Ne rien sélectionner
player-publish-no-tracks = Pas encore de pistes
player-publish-verified-heading = Sur le lecteur en ce moment
player-publish-verified-list = Vérifié sur le lecteur
player-publish-on-account = sur { $account }
player-verify-in-sync = À jour sur le lecteur
player-verify-changed-locally = Modifiée ici depuis la publication
player-verify-changed-upstream = Modifiée du côté du lecteur
player-verify-missing = Supprimée du compte
player-verify-not-published = Pas encore publiée

## Publishing: the plan and the progress of each card and account
## (items: upload parts joined by " · ", e.g. "1 audio file (32 KB) · 1 icon · cover")

player-action-create = Créer
player-action-update = Mettre à jour
player-action-unchanged = Inchangée
player-uploads-refused = Le lecteur refuserait cette carte : { $problems }
player-uploads-already = Déjà sur le lecteur : rien ne sera envoyé
player-uploads-details-only = Aucun son à envoyer : seules les informations de la carte sont envoyées
player-uploads-no-audio = Aucun son · à envoyer : { $items }
player-uploads = À envoyer : { $items }
player-uploads-audio = { $count ->
    [one] { $count } fichier audio ({ $size })
   *[other] { $count } fichiers audio ({ $size })
}
player-uploads-icons = { $count ->
    [one] { $count } icône
   *[other] { $count } icônes
}
player-uploads-cover = couverture
player-plan-create = { $count } à créer
player-plan-update = { $count } à mettre à jour
player-plan-unchanged = { $count ->
    [one] { $count } inchangée
   *[other] { $count } inchangées
}
player-plan-upload = { $size } de son à envoyer
player-plan-no-upload = aucun son à envoyer
player-outcome-published = { $count ->
    [one] { $count } publiée
   *[other] { $count } publiées
}
player-outcome-unchanged = { $count ->
    [one] { $count } inchangée
   *[other] { $count } inchangées
}
player-outcome-failed = { $count } en échec
player-runs-list = Plan de publication
player-run-to = vers { $account }
player-run-progress-label = Publication de { $name }
player-run-unchanged = Inchangée, rien n’a été envoyé
player-run-published = Publiée
player-run-failed = Échec : { $reason }
player-run-progress = Publication… { $percent } %
player-run-queued = En attente

# Ce qui a été envoyé au lecteur, dit après un appui sur une commande.
player-sent-play = Lecture envoyée au lecteur
player-sent-pause = Pause envoyée au lecteur
player-sent-resume = Reprise envoyée au lecteur
player-sent-stop = Arrêt envoyé au lecteur
player-sent-status = État demandé au lecteur
player-sent-volume = Volume réglé sur le lecteur
player-sent-sleep-timer = Minuterie de sommeil réglée sur le lecteur
player-sent-ambient = Couleur de la veilleuse réglée sur le lecteur
player-sent-next = Passé au chapitre suivant
player-sent-previous = Revenu au chapitre précédent
player-sent-events = Le lecteur a été interrogé sur ce qu’il joue
player-sent-preview = L’icône s’affiche sur le lecteur
player-settings-saved = { $count ->
    [one] { $count } réglage enregistré sur le lecteur
   *[other] { $count } réglages enregistrés sur le lecteur
}
player-shortcuts-saved = { $count ->
    [one] { $count } raccourci enregistré sur le lecteur
   *[other] { $count } raccourcis enregistrés sur le lecteur
}

## La page des lecteurs : ce que fait un lecteur maintenant (en direct)
player-live-heading = En cours de lecture
player-live-live = En direct
player-live-connecting = Connexion…
player-live-unavailable = Pas en direct
player-live-relink = Reliez le compte pour le voir en direct
player-live-waiting = En attente des nouvelles du lecteur…
player-live-nothing = Aucune lecture
player-live-offline = Le lecteur est éteint ou injoignable
player-live-status-playing = Lecture
player-live-status-paused = En pause
player-live-status-stopped = Arrêté
player-live-status-loading = Chargement…
player-live-progress = Position dans le chapitre
player-live-pause = Pause
player-live-resume = Reprendre
player-live-stop = Arrêter
player-live-next = Chapitre suivant
player-live-previous = Chapitre précédent
player-live-volume = Volume
player-live-sleep = Minuterie de sommeil
player-live-sleep-off = Désactivée
player-live-sleep-minutes = { $minutes } min
player-live-sleep-left = S’arrête dans { $time }
