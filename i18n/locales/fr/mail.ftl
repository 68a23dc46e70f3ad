# Les courriels qu’envoie Cardsmith, et les réponses qui disent qu’un e-mail est en route.

mail-hello = Bonjour { $name },
mail-copy-link = Ou copiez ce lien :
mail-hours = { $count ->
    [one] 1 heure
   *[other] { $count } heures
}

mail-reset-subject = Réinitialisez votre mot de passe Cardsmith
mail-reset-why = Quelqu’un (vous, espérons-le) a demandé à réinitialiser le mot de passe de votre compte Cardsmith.
mail-reset-how = Choisissez un nouveau mot de passe avec ce lien. Il ne sert qu’une fois, pendant { $lifetime }, et vous déconnecte de tous vos appareils :
mail-reset-button = Choisir un nouveau mot de passe
mail-reset-closing = Si vous n’avez rien demandé, ignorez cet e-mail : votre mot de passe reste tel quel.
mail-reset-requested = Si un compte utilise cette adresse, un lien pour réinitialiser son mot de passe est en route. Il ne sert qu’une fois, pendant { $lifetime }.

mail-verify-subject = Confirmez votre adresse e-mail pour Cardsmith
mail-verify-why = Un administrateur vous a créé un compte Cardsmith, ou nous a demandé de confirmer à nouveau son adresse.
mail-verify-how = Confirmez que cette adresse est bien la vôtre avec ce lien (valable { $lifetime }) :
mail-verify-button = Confirmer mon adresse
mail-verify-closing = Si vous ne savez pas de quoi il s’agit, ignorez cet e-mail.
mail-resend-sent = Un nouveau lien de confirmation est en route vers { $email }.
mail-resend-outbox = Aucun serveur de messagerie n’est configuré : l’e-mail de confirmation pour { $email } est dans la boîte d’envoi (Administration → Courriels), où vous pouvez copier son lien.

mail-invite-subject = Vous êtes invité à partager une collection sur Cardsmith
mail-invite-who = « { $who } » ({ $email }) vous a invité dans la collection « { $collection } » { $role ->
    [owner] en tant que propriétaire
    [editor] en tant que rédacteur : vous pourrez ajouter et modifier ses cartes
   *[viewer] en tant qu’auditeur : vous pourrez écouter ses cartes
}.
mail-invite-how = Connectez-vous pour accepter ou refuser l’invitation :
mail-invite-button = Voir l’invitation
mail-invite-closing = Si vous n’avez pas encore de compte avec cette adresse ({ $to }), demandez-en un à l’administrateur de ce Cardsmith, ou connectez-vous avec l’authentification unique si la page de connexion la propose.

mail-backup-failed-subject = Une sauvegarde de Cardsmith a échoué
mail-backup-failed-run = La dernière sauvegarde de votre Cardsmith ne s’est pas terminée. Tant qu’aucune ne réussit, les enregistrements faits depuis la dernière bonne sauvegarde n’existent qu’à un seul endroit.
mail-backup-failed-verify = La vérification des sauvegardes conservées a trouvé des fichiers manquants ou endommagés : une restauration depuis ces sauvegardes ne serait pas complète.
mail-backup-failed-how = Le journal du serveur dit pourquoi. La page Sauvegardes montre les derniers passages et permet de réessayer :
mail-backup-failed-button = Ouvrir les sauvegardes
mail-backup-failed-closing = Vous recevez ce mail parce que vous administrez ce Cardsmith.
