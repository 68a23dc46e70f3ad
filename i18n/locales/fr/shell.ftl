nav-main = Menu principal
nav-menu = Menu
nav-cards = Cartes
nav-collections = Collections
nav-labels = Étiquettes
nav-devices = Appareils
nav-import = Importer
nav-accounts = Comptes
nav-settings = Réglages
nav-admin = Administration
nav-admin-users = Utilisateurs
nav-admin-audit-log = Journal
nav-admin-health = État
nav-admin-backups = Sauvegardes
nav-admin-jobs = Tâches
nav-admin-deletions = Suppressions
nav-admin-mail = Courriels
nav-admin-ai-providers = Fournisseurs d’IA
nav-sign-out = Se déconnecter

frame-skip-to-content = Aller au contenu
saving = Enregistrement…

loading-share-links = Chargement des liens de partage…
loading-collection = Chargement de la collection…
loading-card = Chargement de la carte…
loading-cards = Chargement des cartes…
loading-collections = Chargement des collections…
loading-players = Chargement de vos lecteurs…
loading-player-accounts = Chargement de vos comptes de lecteur…
loading-account-cards = Chargement des cartes du compte…

not-found-title = Introuvable
not-found-heading = Page introuvable
not-found-text = Il n’y a rien à cette adresse.
not-found-home = Aller à vos cartes

language-label = Langue
language-apply = Changer

signin-logo-label = Cardsmith : se connecter
signin-title = Connexion
signin-heading = Connexion
signin-email = Adresse e-mail
signin-password = Mot de passe
signin-submit = Se connecter
signin-busy = Connexion…
signin-forgot = Mot de passe oublié ?

title-forgot-password = Mot de passe oublié
title-reset-password = Choisir un nouveau mot de passe
title-verify-email = Confirmer votre adresse e-mail
title-link-player = Associer votre compte de lecteur

devices-title = Appareils
devices-intro = Les lecteurs de vos comptes associés : ce qu’ils font en ce moment, et leurs réglages.
accounts-title = Comptes de lecteur
accounts-intro = Associez le compte que votre famille utilise sur ses lecteurs : Cardsmith pourra alors y publier des cartes, importer ses cartes et piloter ses lecteurs. Votre mot de passe n’est jamais visible ici, et les clés du compte restent chiffrées sur ce serveur.
import-title = Importer depuis un compte de lecteur
import-intro = Faites entrer dans Cardsmith les cartes créées ailleurs : leur son, les icônes des chapitres et la couverture. Les cartes achetées et les cartes en streaming n’apparaissent pas.

admin-only-users = Seuls les administrateurs peuvent gérer les utilisateurs.
admin-only-audit-log = Seuls les administrateurs peuvent lire le journal.
admin-only-health = Seuls les administrateurs peuvent voir l’état de l’instance.
admin-only-backups = Seuls les administrateurs peuvent voir et faire les sauvegardes.
admin-only-deletion = Seuls les administrateurs peuvent gérer la suppression des comptes.
admin-only-ai-providers = Seuls les administrateurs peuvent gérer les fournisseurs d’IA de l’instance.
admin-only-mail = Seuls les administrateurs peuvent lire la boîte d’envoi.
admin-only-jobs = Seuls les administrateurs peuvent voir et gérer les tâches de l’instance.
admin-deletion-requests-title = Demandes de suppression
admin-orphaned-title = Collections orphelines
admin-ai-providers-intro = Les fournisseurs que l’instance paie. Les utilisateurs ajoutent les leurs dans Réglages ; ceux-ci sont essayés en premier.
admin-mail-title = Boîte d’envoi
admin-mail-back = ← Boîte d’envoi
admin-jobs-intro = Tout ce que le serveur fait en arrière-plan : convertir et modifier le son, publier, importer, envoyer des courriels. Annulez ce qui ne doit pas s’exécuter ; relancez ce qui a échoué.

settings-profile = Profil
settings-signed-in-as = Connecté avec { $email }
settings-display-name = Nom affiché
settings-save-profile = Enregistrer le profil
settings-profile-saved = Profil enregistré
settings-language = Langue
settings-language-label = Langue de Cardsmith
settings-language-browser = La langue de votre navigateur
settings-language-hint = Enregistrée sur votre compte : tous les appareils où vous vous connectez la suivent.
settings-language-save = Enregistrer la langue
settings-password = Mot de passe
settings-current-password = Mot de passe actuel
settings-new-password = Nouveau mot de passe
settings-new-password-hint = Au moins 10 caractères. Quelques mots sans rapport entre eux font un mot de passe solide.
settings-change-password = Changer le mot de passe
settings-changing = Modification…
settings-password-changed = Mot de passe changé. Vos autres sessions ont été déconnectées.
settings-sessions = Sessions
settings-sessions-text = Téléphone perdu, ou connexion sur un ordinateur partagé ? Mettez fin à toutes les sessions de votre compte, y compris celle-ci.
settings-sign-out-everywhere = Se déconnecter partout

role-owner = Propriétaire
role-editor = Éditeur
role-viewer = Lecteur
role-yours = Votre rôle :
