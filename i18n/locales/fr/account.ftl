# Pages et sections du compte : réinitialisation du mot de passe, confirmation de l’e-mail,
# association d’un lecteur (pages ouvertes depuis un e-mail), authentification unique,
# suppression du compte, actions de l’administrateur sur l’e-mail, fournisseurs d’IA.

## Liens envoyés par e-mail

account-link-incomplete = Cette page a besoin du lien complet reçu par e-mail.
account-link-malformed = Ce lien n’est pas un lien valide ; copiez le lien complet depuis l’e-mail, ou demandez-en un nouveau
account-link-not-valid = Ce lien n’est pas valide ; copiez le lien complet depuis l’e-mail, ou demandez-en un nouveau
account-link-used = Ce lien a déjà été utilisé (chaque lien ne fonctionne qu’une fois) ; demandez-en un nouveau si besoin
account-link-expired = Ce lien a expiré (ces liens sont valables { $hours ->
        [one] { $hours } heure
       *[other] { $hours } heures
    }) ; demandez-en un nouveau
account-link-problem = Problème avec ce lien : { $problem }
account-back-to-sign-in = Retour à la connexion
account-ask-new-link = Demander un nouveau lien
account-cancel = Annuler

## Mot de passe oublié

account-forgot-heading = Mot de passe oublié ?
account-forgot-intro = Saisissez l’adresse e-mail de votre compte. Nous vous envoyons un lien pour choisir un nouveau mot de passe.
account-forgot-send = Envoyer le lien de réinitialisation
account-forgot-sending = Envoi…
account-forgot-sent-heading = Consultez vos e-mails
account-forgot-no-mail = Pas d’e-mail ? Regardez dans les spams, ou demandez à un administrateur : il peut vous donner lui-même un lien de réinitialisation.

## Choisir un nouveau mot de passe

account-password-mismatch = ne correspond pas au nouveau mot de passe
account-reset-intro = Le définir vous déconnecte de tous vos appareils ; connectez-vous ensuite avec le nouveau mot de passe.
account-reset-password-hint = Au moins 10 caractères.
account-reset-password-again = Confirmer le nouveau mot de passe
account-reset-submit = Définir le nouveau mot de passe
account-reset-done-heading = Mot de passe changé
account-reset-done = Votre nouveau mot de passe est enregistré, et tous les appareils qui étaient connectés ont été déconnectés.

## Confirmer l’adresse e-mail

account-verify-intro = La confirmation indique à Cardsmith que cette adresse vous joint bien, pour que les e-mails de réinitialisation du mot de passe vous parviennent.
account-verify-new-link = Un administrateur peut vous en envoyer un nouveau depuis la page Utilisateurs.
account-verify-submit = Confirmer mon adresse e-mail
account-verify-busy = Confirmation…
account-verify-done-heading = Adresse e-mail confirmée
account-verify-done = Merci : votre adresse e-mail est vérifiée.
account-verify-go = Aller sur Cardsmith

## Associer un compte de lecteur

account-link-player-intro = Saisissez le code affiché par votre application. Ne saisissez qu’un code affiché par votre propre application : l’association permet à ce compte Cardsmith d’utiliser vos lecteurs.
account-link-player-code = Code de votre application
account-link-player-code-hint = 8 lettres, par exemple WDJB-MJHT
account-link-player-submit = Associer le compte
account-link-player-busy = Association…
account-link-player-done-heading = Compte de lecteur associé
account-link-player-done = C’est fait : vous pouvez fermer cette fenêtre et revenir à votre application.

## Authentification unique

account-oidc-failure-expired = La connexion a pris trop de temps ou était déjà terminée ; reconnectez-vous
account-oidc-failure-denied = Le service de connexion ne vous a pas connecté
account-oidc-failure-email-in-use = Un compte avec cette adresse e-mail existe déjà ici, et les comptes ne sont jamais rattachés à un service de connexion par leur adresse e-mail : connectez-vous avec votre mot de passe et choisissez « Associer un service de connexion » dans Réglages, ou demandez à un administrateur de faire l’association
account-oidc-failure-email-unverified = Votre service de connexion n’a pas vérifié votre adresse e-mail, et un nouveau compte en exige une vérifiée : vérifiez-la auprès du service et reconnectez-vous, ou demandez à un administrateur de créer votre compte et d’y associer cette connexion
account-oidc-failure-no-email = Le service de connexion n’a pas transmis d’adresse e-mail utilisable, alors qu’un nouveau compte en a besoin ; demandez à un administrateur de créer votre compte et de faire l’association
account-oidc-failure-deactivated = Ce compte est désactivé ; demandez à un administrateur de le réactiver
account-oidc-failure-identity-taken = Cette identité du service de connexion appartient déjà à un autre compte ici
account-oidc-failure-already-linked = Ce compte est déjà associé à un service de connexion ; dissociez-le d’abord
account-oidc-failure-provider-unavailable = Le service de connexion est injoignable pour le moment ; réessayez dans un instant
account-oidc-failure-failed = La connexion via le service n’a pas fonctionné ; réessayez
account-oidc-or = ou
account-oidc-sign-in-with = Se connecter avec { $provider }
account-oidc-linked = Service de connexion associé : vous pouvez maintenant l’utiliser pour vous connecter.
account-oidc-unlinked = Dissocié : vous vous connectez avec votre mot de passe.
account-oidc-method = Méthode de connexion
account-oidc-password-only = Vous vous connectez avec votre mot de passe. Associez votre compte { $provider } pour pouvoir aussi vous connecter avec lui ; vous confirmez chez { $provider }.
account-oidc-link = Associer un service de connexion
account-oidc-provider-only = Vous vous connectez uniquement avec { $provider }. Pour le dissocier, il vous faut d’abord un mot de passe : déconnectez-vous et choisissez « Mot de passe oublié ? » sur la page de connexion.
account-oidc-both = Vous vous connectez avec votre mot de passe ou avec { $provider }.
account-oidc-unlink = Dissocier le service de connexion
account-oidc-unlink-question = Ne plus vous connecter avec { $provider } ? Vous vous connecterez uniquement avec votre mot de passe.
account-oidc-unlink-confirm = Oui, dissocier
account-oidc-badge-provider-only = se connecte uniquement avec { $provider }
account-oidc-badge-both = mot de passe ou { $provider }
account-oidc-associate-label = Associer une identité de connexion : { $email } ({ $provider })
account-oidc-associate-open = Associer une identité de connexion
account-oidc-associate = Associer
account-oidc-associating = Association…
account-oidc-no-password = Pas de mot de passe : l’identité reste jusqu’à ce que la personne en définisse un (Mot de passe oublié ?).
account-oidc-remove = Retirer l’identité de connexion
account-oidc-remove-question = Retirer l’identité { $provider } de { $email } ? La personne se connectera uniquement avec son mot de passe.
account-oidc-remove-confirm = Oui, retirer
account-oidc-subject = Identifiant (subject) chez le service de connexion
account-oidc-subject-hint = L’identifiant de la personne (sub) chez le service de connexion, tiré de sa console d’administration. La personne se connecte ensuite à ce compte via ce service. Les comptes ne sont jamais rapprochés par adresse e-mail.

## Suppression du compte

account-delete-heading = Supprimer mon compte
account-delete-intro = Un administrateur décide. Les collections que vous partagez sont confiées à un autre membre ou conservées pour les autres ; vos sessions, vos comptes de lecteur associés, vos enregistrements et vos planches d’étiquettes sont supprimés.
account-delete-reason = Motif (facultatif)
account-delete-reason-hint = 1000 caractères au plus ; les administrateurs le lisent.
account-delete-request = Demander la suppression
account-delete-request-question = Demander aux administrateurs de supprimer votre compte ? Une fois la demande approuvée, vous ne pourrez plus vous connecter, et c’est irréversible.
account-delete-request-confirm = Oui, demander la suppression
account-delete-status-pending = Suppression demandée le { $requested }. La demande attend un administrateur jusqu’au { $until }.
account-delete-status-rejected = Votre demande du { $requested } a été refusée ; vous pouvez en faire une nouvelle.
account-delete-status-expired = Votre demande du { $requested } a expiré sans décision ; vous pouvez en faire une nouvelle.
account-delete-owns-nothing = Cette personne ne possède aucune collection.
account-delete-takeover = Qui reprend chacune de ses collections
account-delete-leave-orphaned = Laisser orpheline (attribuer plus tard)
account-delete-keep-shared = Garder avec ses autres propriétaires
account-delete-other-members = { $count ->
        [one] { $count } autre membre
       *[other] { $count } autres membres
    }
account-delete-user-label = Supprimer l’utilisateur… : { $email }
account-delete-user-open = Supprimer l’utilisateur…
account-delete-user-question = Supprimer définitivement { $email } ? Ses sessions prennent fin, ses tâches s’arrêtent, et ses comptes de lecteur associés, ses enregistrements et ses planches d’étiquettes sont supprimés. Ses collections vont aux propriétaires choisis ci-dessus ou restent orphelines, et c’est à vous de les attribuer.
account-delete-user-group = Supprimer { $email }
account-delete-loading-collections = Chargement de ses collections…
account-delete-user = Supprimer l’utilisateur
account-delete-user-confirm = Oui, supprimer l’utilisateur

## Actions de l’administrateur sur l’e-mail d’un utilisateur (page Utilisateurs)

account-email-verified = e-mail vérifié
account-email-not-verified = e-mail non vérifié
account-email-reset-question = Créer un lien de réinitialisation du mot de passe pour { $email } ? Vous le transmettez vous-même ; il fonctionne une fois, pendant 1 heure, et déconnecte la personne partout quand il est utilisé.
account-email-resend-label = Renvoyer la vérification : { $email }
account-email-verify-label = Marquer l’e-mail comme vérifié : { $email }
account-email-resend = Renvoyer la vérification
account-email-verify = Marquer l’e-mail comme vérifié
account-email-reset = Réinitialiser le mot de passe
account-email-reset-confirm = Oui, créer un lien
account-email-copied = Copié
account-email-copy-by-hand = Copiez le lien à la main : cette page n’a pas accès au presse-papiers
account-email-reset-link = Lien de réinitialisation
account-email-copy-link = Copier le lien de réinitialisation
account-email-copy = Copier

## Fournisseurs d’IA

account-ai-heading = Fournisseurs d’IA
account-ai-system-heading = Fournisseurs d’IA du système
account-ai-intro = Cardsmith les essaie dans l’ordre pour écrire des histoires, dessiner des couvertures et des icônes, et donner voix aux pistes. Chacun a un budget qu’il ne dépasse jamais ; quand aucun ne peut, les générateurs hors ligne intégrés font le travail gratuitement.
account-ai-system-intro = Les cartes de tous les utilisateurs peuvent s’en servir, après les fournisseurs propres à chacun. Chacun a un budget qu’il ne dépasse jamais, partagé par tous les utilisateurs.
account-ai-add = Ajouter un fournisseur
account-ai-turned-on = { $name } est activé.
account-ai-turned-off = { $name } est désactivé.
account-ai-moved = { $name } est maintenant en position { $place } dans l’ordre.
account-ai-order-not-saved = Le nouvel ordre n’a pas été enregistré : { $error }
account-ai-deleted = { $name } supprimé.
account-ai-kind-openai-compatible = Serveur compatible OpenAI
account-ai-model-placeholder = le nom du modèle indiqué par votre serveur
account-ai-uses-openai = Texte, images et voix.
account-ai-uses-openai-compatible = Texte (et images ou voix si le serveur les propose), depuis un serveur comme LocalAI ou vLLM.
account-ai-uses-ollama = Texte produit par des modèles qui tournent sur votre propre ordinateur ou serveur ; gratuit.
account-ai-uses-text = Texte : histoires, thèmes et dessins d’icônes.
account-ai-uses-ideogram = Images : couvertures et icônes.
account-ai-uses-elevenlabs = Voix : des voix naturelles pour les pistes parlées.
account-ai-test-passed = Test réussi : { $message }
account-ai-test-failed = Échec du test : { $message }
account-ai-budget-not-dollars = doit être un montant en dollars, par exemple 5 ou 2,50
account-ai-monthly-not-dollars = doit être un montant en dollars, ou rester vide pour n’avoir aucun plafond mensuel
account-ai-saved = { $name } enregistré.
account-ai-edit-title = Modifier le fournisseur d’IA
account-ai-add-title = Ajouter un fournisseur d’IA
account-ai-add-subtitle = Essayé avant les fournisseurs de l’instance
account-ai-system-add-subtitle = Essayé pour chaque utilisateur, après les siens
account-ai-save = Enregistrer le fournisseur
account-ai-test-key-title = Fait un petit appel réel avec la clé telle qu’elle est saisie
account-ai-test-key = Tester la clé
account-ai-key-hint-stored = Enregistrée et jamais affichée. Laissez vide pour garder la clé enregistrée.
account-ai-key-hint-new = Enregistrée sous scellé et plus jamais affichée. Inutile pour Ollama ou un serveur local.
account-ai-provider = Fournisseur
account-ai-model = Modèle
account-ai-key = Clé d’API
account-ai-key-stored-placeholder = •••••••• (enregistrée)
account-ai-base-url = Adresse du serveur
account-ai-base-url-hint = Par exemple http://localhost:11434. Vide : l’adresse configurée par l’opérateur.
account-ai-budget-dollars = Budget (dollars)
account-ai-budget-hint = Le maximum qu’il pourra jamais dépenser.
account-ai-monthly-dollars = Plafond mensuel (dollars)
account-ai-monthly-hint = Facultatif. Vide : pas de plafond mensuel.
account-ai-enabled = Activé
account-ai-enabled-hint = Désactivé : conservé, mais ignoré dans la cascade.
account-ai-order-problem = Ordre : { $problem }
account-usd = { $amount } $
account-usd-below-cent = < { $amount } $
account-date-long = { $day ->
        [1] 1er
       *[other] { $day }
    } { $month ->
        [1] janvier
        [2] février
        [3] mars
        [4] avril
        [5] mai
        [6] juin
        [7] juillet
        [8] août
        [9] septembre
        [10] octobre
        [11] novembre
       *[12] décembre
    } { $year }
account-ai-no-budget = Pas de budget : seuls les appels gratuits sont faits
account-ai-budget-words = { $spent } sur { $budget } dépensés · reste { $left }
account-ai-loading = Chargement des fournisseurs…
account-ai-none = Vous n’avez aucun fournisseur d’IA. Tout est généré hors ligne, gratuitement, jusqu’à ce que vous en ajoutiez un.
account-ai-system-none = L’instance n’a aucun fournisseur d’IA. Les utilisateurs qui n’en ajoutent pas eux-mêmes ont la génération hors ligne.
account-ai-order-label = Fournisseurs dans l’ordre où ils sont essayés
account-ai-drag = Faire glisser pour réordonner
account-ai-move-up-label = Monter { $name }
account-ai-move-up = ↑ Monter
account-ai-move-down-label = Descendre { $name }
account-ai-move-down = ↓ Descendre
account-ai-test-label = Tester { $name }
account-ai-testing = Test…
account-ai-test = Tester
account-ai-edit-label = Modifier { $name }
account-ai-edit = Modifier
account-ai-delete = Supprimer
account-ai-delete-question = Supprimer { $name } ? Sa clé et l’historique de ses dépenses disparaissent avec lui.
account-ai-delete-confirm = Oui, supprimer le fournisseur
account-ai-key-stored = Clé enregistrée
account-ai-key-not-needed = Pas besoin de clé
account-ai-key-missing = Pas de clé
account-ai-use-label = Utiliser { $name }
account-ai-on = Activé
account-ai-off = Désactivé
account-ai-budget = Budget
account-ai-this-month = Ce mois-ci
account-ai-month-words = { $spent } sur { $cap } ce mois-ci · remis à zéro le { $reset }
account-ai-last-error = Dernière erreur :
account-ai-cascade = D’abord { $steps }.
account-ai-cascade-offline-only = Tout est fait par les générateurs hors ligne intégrés : gratuitement, et aucune donnée ne quitte le serveur.
account-ai-step-offline = les générateurs hors ligne intégrés
account-ai-step-yours = votre { $name }
account-ai-step-instance = { $name } de l’instance
account-ai-steps-then = { $steps }, puis { $next }
account-ai-system-cascade = Pour chaque utilisateur, après ses propres fournisseurs : d’abord { $steps }.
account-ai-system-cascade-none = Les utilisateurs sans fournisseur à eux ont les générateurs hors ligne intégrés.
account-ai-cascade-yours = Votre cascade
account-ai-cascade-instance = La cascade de l’instance
account-ai-cascade-loading = Calcul de l’ordre…
account-ai-cascade-note = Un fournisseur désactivé, sans clé, à court de budget ou en échec est ignoré, et le suivant est essayé.

account-delete-requested = Votre demande de suppression de compte a été envoyée aux administrateurs. Si personne ne la traite, elle expire le { $expires }.
