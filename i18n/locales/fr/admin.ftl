# Les pages d’administration : utilisateurs, journal, état, boîte d’envoi, suppression de comptes, tâches.

adm-newer = Plus récents
adm-older = Plus anciens
adm-queuing = Mise en file…

## Utilisateurs

adm-users-loading = Chargement des utilisateurs…
adm-users-list = Utilisateurs
adm-users-role-user = Utilisateur
adm-users-role-admin = Administrateur
adm-users-badge-user = utilisateur
adm-users-badge-admin = admin
adm-users-status-active = actif
adm-users-status-locked = verrouillé
adm-users-status-deactivated = désactivé
adm-users-signed-out = { $count ->
    [one] { $count } session fermée
   *[other] { $count } sessions fermées
}
adm-users-edit = Modifier
adm-users-edit-label = Modifier : { $email }
adm-users-sign-out = Déconnecter partout
adm-users-sign-out-label = Déconnecter partout : { $email }
adm-users-display-name = Nom affiché
adm-users-role = Rôle
adm-users-save = Enregistrer l’utilisateur
adm-users-cancel = Annuler
adm-users-new = Nouvel utilisateur
adm-users-email = Adresse e-mail
adm-users-name-hint = Facultatif ; par défaut, la partie de l’adresse e-mail avant le @.
adm-users-password = Mot de passe
adm-users-password-hint = Au moins 10 caractères.
adm-users-create = Créer l’utilisateur
adm-users-creating = Création…
adm-users-created = { $email } créé
adm-users-deactivate = Désactiver
adm-users-deactivate-yes = Oui, désactiver
adm-users-deactivate-question = Désactiver { $email } ? Cette personne est déconnectée partout et ne pourra plus se connecter avant d’être réactivée.
adm-users-unlock = Déverrouiller
adm-users-unlock-label = Déverrouiller : { $email }
adm-users-reactivate = Réactiver

## Journal

adm-audit-filter-label = Filtrer le journal
adm-audit-user = Utilisateur
adm-audit-action = Action
adm-audit-action-hint = Exactement, p. ex. auth.login ou card.created
adm-audit-apply = Appliquer les filtres
adm-audit-loading = Chargement du journal…
adm-audit-pages = Pages du journal
adm-audit-everyone = Tout le monde
adm-audit-system = système
adm-audit-empty = Aucune entrée ne correspond.
adm-audit-caption = Entrées { $first } à { $last } du journal, les plus récentes d’abord
adm-audit-time-utc = Heure (UTC)
adm-audit-time = Heure
adm-audit-by = Par
adm-audit-detail = Détail
adm-audit-address = Adresse

## État

adm-health-running = Vérifications en cours…
adm-health-all-passed = Toutes les vérifications ont réussi.
adm-health-some-failed = Certaines vérifications ont échoué ; le journal du serveur indique pourquoi.
adm-health-checked-at = Vérifié le { $time }.
adm-health-check-again = Vérifier à nouveau
adm-health-checks = Vérifications
adm-health-counts = Chiffres
adm-health-users = Utilisateurs
adm-health-active-users = Utilisateurs actifs
adm-health-deactivated-users = Utilisateurs désactivés
adm-health-locked-users = Utilisateurs verrouillés
adm-health-unverified-users = Utilisateurs non vérifiés
adm-health-admins = Administrateurs
adm-health-collections = Collections
adm-health-orphaned-collections = Collections orphelines
adm-health-cards = Cartes
adm-health-tracks = Pistes
adm-health-jobs-waiting = Tâches en attente
adm-health-jobs-running = Tâches en cours
adm-health-jobs-succeeded = Tâches réussies
adm-health-jobs-failed = Tâches échouées
adm-health-jobs-cancelled = Tâches annulées
adm-health-metrics = Prometheus peut collecter ces chiffres, avec les latences des requêtes par route, les exécutions de tâches et les appels à la plateforme, depuis { $path } (avec une session d’administrateur ou un jeton bearer ; voir { $reference } et la page Métriques du guide d’administration, docs/src/admin/metrics.md).
adm-health-metrics-reference = la référence de l’API
adm-health-ok = OK
adm-health-failed = Échec
adm-health-skipped = Ignorée
adm-health-took = Durée : { $ms } ms
adm-health-database = Base de données
adm-health-disk = Espace disque
adm-health-job-queue = File des tâches
adm-health-upstream = Plateforme des lecteurs
adm-health-check = Vérification
adm-health-free-of = { $free } libres sur { $total }
adm-health-oldest-waiting = Plus ancienne tâche en attente : { $age }
adm-health-no-job-waiting = Aucune tâche en attente
adm-health-no-platform = Aucune plateforme configurée
adm-health-age-minutes = { $minutes } min
adm-health-age-hours = { $hours } h

## Boîte d’envoi

adm-mail-loading = Chargement des courriels…
adm-mail-loading-message = Chargement du message…
adm-mail-all = Tous
adm-mail-queued = En file d’attente
adm-mail-sent = Envoyé
adm-mail-in-outbox = Dans la boîte d’envoi
adm-mail-failed = Échec
adm-mail-status = Statut
adm-mail-total = { $count ->
    [one] { $count } message
   *[other] { $count } messages
}
adm-mail-pages = Pages de la boîte d’envoi
adm-mail-delivery-smtp = Les courriels partent par le serveur SMTP configuré dans CARDSMITH_SMTP_URL. Un message reste « En file d’attente » jusqu’à ce que le serveur l’accepte ; après 20 tentatives infructueuses, il passe à « Échec » et peut être renvoyé.
adm-mail-delivery-outbox = Aucun serveur SMTP n’est configuré, les courriels ne sont donc pas envoyés : ils sont conservés ici (et sous forme de fichiers .eml dans le dossier outbox du répertoire de données). Ouvrez un message pour lire ses liens et les transmettre à son destinataire.
adm-mail-empty = Aucun message.
adm-mail-caption = Messages { $first } à { $last }, les plus récents d’abord
adm-mail-queued-utc = Mis en file (UTC)
adm-mail-queued-at = Mis en file
adm-mail-sent-utc = Envoyé (UTC)
adm-mail-to = À
adm-mail-subject = Objet
adm-mail-attempts = Tentatives
adm-mail-send-again = Renvoyer
adm-mail-last-attempt = Dernière tentative : { $error }
adm-mail-message = Message
adm-mail-html = Version HTML (source)

## Suppression de comptes

adm-deletion-tabs = Suppression de comptes
adm-deletion-loading = Chargement des demandes…
adm-deletion-empty-heading = Aucune demande de suppression en attente
adm-deletion-empty-body = Les utilisateurs en font la demande dans Réglages → Supprimer mon compte ; les demandes attendent ici votre décision ou leur expiration.
adm-deletion-pending = Demandes de suppression en attente
adm-deletion-approve-question = Supprimer maintenant le compte de { $who } ? C’est irréversible : ses sessions prennent fin, ses tâches s’arrêtent, et ses comptes de lecteur, enregistrements et planches d’étiquettes sont supprimés. Les collections vont aux propriétaires choisis ci-dessus ou restent orphelines.
adm-deletion-reject-question = Refuser la demande de { $who } ? Son compte est conservé ; cette personne pourra refaire une demande.
adm-deletion-no-reason = Aucune raison indiquée.
adm-deletion-dates = Demandée le { $asked } · expire le { $expires }
adm-deletion-approve = Approuver et supprimer
adm-deletion-approve-yes = Oui, supprimer le compte
adm-deletion-reject = Refuser
adm-deletion-reject-yes = Oui, refuser
adm-orphans-empty-heading = Aucune collection orpheline
adm-orphans-empty-body = Une collection arrive ici quand son unique propriétaire est supprimé et que personne n’a été choisi pour la reprendre.
adm-orphans-slug-created = /{ $slug } · créée le { $date }
adm-orphans-assign-label = Attribuer { $name }
adm-orphans-new-owner = Nouveau propriétaire
adm-orphans-choose = Choisir un utilisateur…
adm-orphans-assign = Attribuer

## Tâches

adm-jobs-loading = Chargement des tâches…
adm-jobs-all-statuses = Tous
adm-jobs-all-kinds = Tous
adm-jobs-queued = En attente
adm-jobs-running = En cours
adm-jobs-succeeded = Réussie
adm-jobs-failed = Échouée
adm-jobs-cancelled = Annulée
adm-jobs-kind-transcode = Convertir l’audio
adm-jobs-kind-trim = Couper
adm-jobs-kind-split = Scinder
adm-jobs-kind-merge = Fusionner
adm-jobs-kind-fade = Fondu
adm-jobs-kind-rescan = Réanalyse de la bibliothèque
adm-jobs-kind-backup = Sauvegarde
adm-jobs-kind-backup-verify = Vérification des sauvegardes
adm-jobs-kind-export = Cartes téléchargées en ZIP
adm-jobs-kind-feed = Flux de podcast lu dans sa carte
adm-jobs-kind-publish = Publier
adm-jobs-kind-import = Importer
adm-jobs-kind-seed = Mettre sur les lecteurs
adm-jobs-kind-mail = Envoyer un courriel
adm-jobs-kind-story = Créer une histoire
adm-jobs-kind-cover = Dessiner une couverture
adm-jobs-kind-icons = Dessiner des icônes
adm-jobs-load-failed = Impossible de charger les tâches : { $error }
adm-jobs-cancelled-note = La tâche a été annulée.
adm-jobs-retried-note = Remise en file comme nouvelle tâche.
adm-jobs-filter-label = Filtrer les tâches
adm-jobs-status = Statut
adm-jobs-kind = Type
adm-jobs-list = Tâches
adm-jobs-empty = Aucune tâche ne correspond.
adm-jobs-pages = Pages des tâches
adm-jobs-page = Page { $page }
adm-jobs-instance = Cardsmith lui-même
adm-jobs-just-now = à l’instant
adm-jobs-seconds-ago = { $count ->
    [one] il y a { $count } seconde
   *[other] il y a { $count } secondes
}
adm-jobs-minutes-ago = { $count ->
    [one] il y a { $count } minute
   *[other] il y a { $count } minutes
}
adm-jobs-hours-ago = { $count ->
    [one] il y a { $count } heure
   *[other] il y a { $count } heures
}
adm-jobs-days-ago = { $count ->
    [one] il y a { $count } jour
   *[other] il y a { $count } jours
}
adm-jobs-queued-ago = Mise en file { $ago }
adm-jobs-finished = Terminée { $ago }
adm-jobs-retrying = La dernière tentative a échoué, nouvel essai en cours : { $error }
adm-jobs-stop-question = Arrêter la tâche « { $kind } » pour { $who } ? Elle s’arrête immédiatement, inachevée.
adm-jobs-cancel-question = Annuler la tâche « { $kind } » pour { $who } ? Elle ne sera pas exécutée.
adm-jobs-cancel = Annuler la tâche
adm-jobs-cancel-name = Annuler la tâche : { $kind } pour { $who }
adm-jobs-cancel-yes = Oui, annuler la tâche
adm-jobs-keep = La garder
adm-jobs-retry = Relancer
adm-jobs-retry-label = Relancer : { $kind } pour { $who }
adm-jobs-row-label = { $kind } pour { $who } : { $status }
adm-jobs-progress = Progression : { $kind }

adm-users-reset-link-made = Donnez vous-même ce lien à { $email } : il permet de choisir un nouveau mot de passe une seule fois, dans un délai de { $lifetime }, et déconnecte la personne partout.

adm-health-backup = Sauvegardes
adm-health-backup-failed = La dernière sauvegarde ou vérification a échoué, ou aucune n’a réussi à temps : voir Sauvegardes.
adm-health-no-backups = Aucune sauvegarde n’est configurée (CARDSMITH_BACKUP_TO).
adm-backups-heading = Base de données et médias
adm-backups-looking = Lecture des sauvegardes…
adm-backups-off = Les sauvegardes sont désactivées : rien ne copie les enregistrements ailleurs.
adm-backups-how = Donnez à CARDSMITH_BACKUP_TO un dossier sur un autre disque, ou s3://bucket/préfixe, puis redémarrez : une sauvegarde est alors faite chaque jour et conservée selon la règle last=3,daily=7,weekly=4. La ligne de commande fait de même à la main : cardsmith backup --to DOSSIER.
adm-backups-failing = La dernière sauvegarde ou vérification a échoué. Le journal du serveur dit pourquoi.
adm-backups-ok = Les sauvegardes fonctionnent.
adm-backups-none-yet = Aucune sauvegarde n’est encore terminée.
adm-backups-target = Conservées dans
adm-backups-schedule = Calendrier
adm-backups-keep = conservées selon { $rule }
adm-backups-next = Prochaine sauvegarde
adm-backups-key = Clé de chiffrement
adm-backups-key-sealed = Dans chaque sauvegarde, scellée avec votre phrase secrète.
adm-backups-key-absent = Absente des sauvegardes : gardez DATA_DIR/encryption.key à part et en lieu sûr. Restauré sans elle, il faudra relier les comptes des lecteurs et retaper les clés d’IA.
adm-backups-now = Sauvegarder maintenant
adm-backups-running = Sauvegarde en cours…
adm-backups-verify = Vérifier les sauvegardes
adm-backups-verifying = Vérification…
adm-backups-progress = Sauvegarde :
adm-backups-verify-progress = Vérification :
adm-backups-last = Dernière sauvegarde
adm-backups-last-verify = Dernière vérification
adm-backups-never = Aucune pour l’instant.
adm-backups-succeeded = Réussie
adm-backups-failed = Échouée
adm-backups-files = base de données et { $files ->
    [one] { $files } fichier
   *[other] { $files } fichiers
}, { $size }
adm-backups-copied = { $objects ->
    [one] { $objects } objet copié
   *[other] { $objects } objets copiés
} ({ $size })
adm-backups-took = en { $seconds } s
adm-backups-checked = { $objects } objets relus
adm-backups-problems = Manquants ou endommagés :
adm-backups-unreadable = La destination des sauvegardes ne peut pas être lue pour l’instant. Le journal du serveur dit pourquoi.
adm-backups-kept = { $count ->
    [one] Une sauvegarde conservée
   *[other] { $count } sauvegardes conservées
}
adm-backups-every-days = { $days ->
    [one] chaque jour
   *[other] tous les { $days } jours
}
adm-backups-every-hours = { $hours ->
    [one] chaque heure
   *[other] toutes les { $hours } heures
}
adm-backups-every-minutes = { $minutes ->
    [one] chaque minute
   *[other] toutes les { $minutes } minutes
}
