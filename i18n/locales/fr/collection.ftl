# Une collection : en-tête, cartes, carte histoire, préréglages, profil de l’enfant, partage,
# arrière-plan et réglages ; et les invitations à une collection.

coll-breadcrumb = Fil d’Ariane
coll-back-to-collections = ← Collections
coll-default-badge = Par défaut
coll-stats-cards = Cartes
coll-stats-disk-use = Espace disque

coll-story-title = Nouvelle carte histoire
coll-story-summary = Une histoire écrite pour vous, lue par une voix
coll-presets-title = Préréglages d’histoire
coll-presets-summary-none = Des idées d’histoires toutes prêtes
coll-presets-summary = { $count ->
    [one] { $count } préréglage
   *[other] { $count } préréglages
}
coll-profile-title = Profil de l’enfant
coll-profile-summary = Nom, âge et centres d’intérêt pour des histoires sur mesure
coll-sharing-title = Partage
coll-sharing-summary-none = Invitez votre famille à écouter ou à modifier
coll-sharing-summary = { $count ->
    [one] { $count } membre
   *[other] { $count } membres
}
coll-background-title = Arrière-plan
coll-background-summary = L’image derrière la vignette de la collection
coll-background-intro = Affichée derrière la vignette de la collection dans la liste des collections.
coll-background-image = Image d’arrière-plan
coll-settings-title = Réglages
coll-settings-summary = Nom, adresse, langue, suppression

# Les cartes
coll-cards-title = Cartes
coll-publish-to-player = Publier sur le lecteur
coll-new-card = Nouvelle carte
coll-create-card = Créer la carte
coll-creating = Création…
coll-card-created = « { $title } » créée : ouverture…

# Partage
coll-sharing-intro = Les propriétaires gèrent les membres et les réglages, les éditeurs modifient les cartes, les lecteurs regardent et écoutent.
coll-members = Membres
coll-member-you = { $name } (vous)
coll-member-change-access = Modifier l’accès de { $email }
coll-member-remove = Retirer
coll-member-remove-named = Retirer { $email }
coll-invite-heading = Inviter quelqu’un
coll-invite-email = Adresse e-mail du membre
coll-invite-email-hint = La personne reçoit une invitation par e-mail et rejoint la collection dès qu’elle l’accepte, connectée ici (les comptes sont créés par un administrateur).
coll-invite-role = Rôle
coll-invite = Inviter
coll-inviting = Invitation…
coll-member-invited = Invitation envoyée à { $email } : la personne rejoint la collection dès qu’elle accepte
coll-leave = Quitter la collection
coll-leave-question = Quitter « { $name } » ? Vous n’aurez plus accès à ses cartes jusqu’à ce qu’un propriétaire vous ajoute à nouveau.
coll-leave-confirm = Oui, quitter

# Invitations
coll-invited-list = Invitations en attente
coll-invited-as = Invitation avec le rôle { $role ->
        [owner] « Propriétaire »
        [editor] « Éditeur »
        [viewer] « Lecteur »
       *[other] « { $role } »
    } ; la personne rejoint la collection dès qu’elle accepte
coll-invited-badge = en attente
coll-invitation-revoke = Révoquer
coll-invitation-revoke-named = Révoquer l’invitation de { $email }
coll-invitations-for-you = Invitations pour vous
coll-invitations-explain = Acceptez-en une pour retrouver ses cartes dans votre bibliothèque.
coll-invitation-from = { $from } vous invite avec le rôle { $role ->
        [owner] « Propriétaire »
        [editor] « Éditeur »
        [viewer] « Lecteur »
       *[other] « { $role } »
    }
coll-invitation-from-somebody = Quelqu’un vous invite avec le rôle { $role ->
        [owner] « Propriétaire »
        [editor] « Éditeur »
        [viewer] « Lecteur »
       *[other] « { $role } »
    }
coll-invitation-accept = Accepter
coll-invitation-accept-named = Accepter l’invitation à { $name }
coll-invitation-decline = Refuser
coll-invitation-decline-named = Refuser l’invitation à { $name }

# Préréglages d’histoire
coll-presets-empty-heading = Pas encore de préréglage d’histoire
coll-presets-empty-editor = Les préréglages sont des points de départ en un geste pour de nouvelles histoires : un nom, une consigne et une durée. Ajoutez le premier avec « Ajouter un préréglage ».
coll-presets-empty-viewer = Personne n’a encore créé de préréglage d’histoire pour cette collection.
coll-preset-add = Ajouter un préréglage
coll-preset-minutes = { $minutes } min
coll-preset-vocabulary = vocabulaire : { $vocabulary }
coll-preset-voice = voix : { $voice }
coll-preset-edit = Modifier
coll-preset-edit-named = Modifier le préréglage { $name }
coll-preset-delete = Supprimer
coll-preset-delete-named = Supprimer le préréglage { $name }
coll-preset-new = Nouveau préréglage
coll-preset-edit-heading = Modifier le préréglage
coll-preset-name = Nom du préréglage
coll-preset-emoji = Emoji
coll-preset-prompt = Modèle de consigne
coll-preset-prompt-hint = Le sujet de l’histoire, par ex. « Une aventure paisible avec les animaux de l’enfant ».
coll-vocabulary-level = Niveau de vocabulaire
coll-preset-vocabulary-hint = par ex. tout-petits, premiers lecteurs
coll-preset-length = Durée (minutes)
coll-preset-position = Position dans la liste
coll-preset-position-hint = Les plus petits nombres passent en premier.
coll-preset-voice-none = La voix du profil de l’enfant
coll-preset-save = Enregistrer le préréglage
coll-cancel = Annuler

# Profil de l’enfant
coll-profile-intro = Pour qui sont ces histoires. La création d’histoires s’en sert pour choisir les noms, les thèmes et les mots.
coll-profile-child-name = Prénom de l’enfant
coll-profile-age = Âge
coll-profile-age-hint = Facultatif.
coll-profile-friends = Amis
coll-profile-interests = Centres d’intérêt
coll-profile-pets = Animaux de compagnie
coll-profile-avoid = Thèmes à éviter
coll-profile-avoid-hint = par ex. les monstres, le noir
coll-profile-notes = Remarques
coll-profile-prompt = Modèle de consigne par défaut
coll-profile-length = Durée de l’histoire (minutes)
coll-profile-voice = Voix et langue
coll-profile-voice-none = Pas de préférence : la voix anglaise hors ligne la plus claire
coll-profile-save = Enregistrer le profil de l’enfant
coll-profile-saved = Profil de l’enfant enregistré

# Réglages
coll-rename = Renommer la collection
coll-rename-name = Nom de la collection
coll-rename-description = Description de la collection
coll-rename-save = Enregistrer la collection
coll-saved = Enregistré
coll-default-heading = Collection par défaut
coll-default-explain = Les enregistrements rapides arrivent dans votre collection par défaut.
coll-default-make = Définir par défaut
coll-default-is = C’est votre collection par défaut : les enregistrements rapides arrivent ici.
coll-settings-language = Langue des cartes
coll-settings-language-hint = Les cartes publiées indiquent cette langue, et les nouvelles histoires et pistes lues commencent avec l’une de ses voix (sauf si le profil de l’enfant choisit une voix).
coll-settings-language-save = Enregistrer la langue
coll-settings-address = Adresse
coll-delete = Supprimer la collection
coll-delete-explain = Les cartes liées depuis d’autres collections restent là où elles sont, dans tous les cas. Les cartes dont cette collection est le foyer sont protégées : sans la case ci-dessous, la suppression est refusée tant qu’il en reste ici ; déplacez-les donc d’abord.
coll-delete-cascade = Supprimer aussi les cartes qui vivent dans cette collection
coll-delete-cascade-hint = Leurs couvertures et leurs réglages disparaissent avec elles.
coll-delete-question = Supprimer « { $name } » ? Cette action est irréversible.
coll-delete-question-cascade = { $count ->
    [one] Supprimer « { $name } » et la carte qui y vit ? Cette action est irréversible.
   *[other] Supprimer « { $name } » et les { $count } cartes qui y vivent ? Cette action est irréversible.
}
coll-delete-confirm = Oui, supprimer la collection

# Nouvelle carte histoire
coll-story-intro = Choisissez un préréglage et dites de quoi l’histoire doit parler : vos fournisseurs d’IA l’écrivent pour l’enfant de cette collection, ou bien partez d’un modèle d’histoire. Ou écrivez-la vous-même. Cardsmith la lit ensuite à voix haute, chapitre par chapitre, dessine une couverture et des icônes de chapitre, et la carte est prête à être publiée.
coll-story-preset = Préréglage
coll-story-preset-none = Le profil de la collection
coll-story-idea = Idée d’histoire
coll-story-idea-hint = Une phrase suffit, par ex. « un dragon qui apprend à faire du pain ».
coll-story-no-drafter = Pour écrire un brouillon, il faut un fournisseur d’IA, et aucun n’est configuré pour vous. Ajoutez-en un dans { $settings }.
coll-story-no-drafter-admin = Pour écrire un brouillon, il faut un fournisseur d’IA, et aucun n’est configuré pour vous. Ajoutez-en un dans { $settings } (ou pour tout le monde, dans { $admin }).
coll-story-no-drafter-settings = Réglages → Fournisseurs d’IA
coll-story-no-drafter-admin-link = Administration → Fournisseurs d’IA
coll-story-offline = Tout le reste fonctionne hors ligne : partez d’un modèle d’histoire qui parle de l’enfant de cette collection, ou écrivez la vôtre, et une voix hors ligne la lit.
coll-story-write-draft = Écrire un brouillon
coll-story-writing = Écriture de l’histoire…
coll-story-writing-progress = Écriture de l’histoire
coll-story-use-template = Utiliser un modèle d’histoire
coll-story-template-note = Un modèle d’histoire vous attend dans « L’histoire » ci-dessous : changez les mots que vous voulez pour vous l’approprier.
coll-story-text-heading = L’histoire
coll-story-title-field = Titre de l’histoire
coll-story-text = Histoire
coll-story-text-hint = Commencez les chapitres par des lignes comme « # Le bateau », ou laissez des lignes vides entre les paragraphes et Cardsmith découpe l’histoire en chapitres de quelques minutes.
coll-story-counter = { $count } sur { $max } caractères
coll-story-make = Créer la carte
coll-story-making = Création de la carte…
coll-story-making-progress = Création de la carte histoire
coll-story-open = Ouvrir « { $name } »
coll-story-made = { $chapters ->
    [one] La carte « { $name } » est prête : { $chapters } chapitre lu à voix haute.
   *[other] La carte « { $name } » est prête : { $chapters } chapitres lus à voix haute.
}
coll-story-made-cover = Une couverture a été dessinée.
coll-story-made-no-cover = La couverture n’a pas été créée : { $why } ; générez-en une ou importez-en une sur la carte.
coll-story-made-no-icons = Les icônes de chapitre n’ont pas été créées : { $why } ; dessinez-les depuis le panneau Icônes de la carte.
coll-story-made-icons = { $count ->
    [one] Icônes de chapitre : { $count } générée.
   *[other] Icônes de chapitre : { $count } générées.
}
coll-story-idea-invalid = Idée : { $problem }.
coll-story-title-invalid = Titre : { $problem }.
coll-story-text-invalid = Texte : { $problem }.
coll-story-voice-invalid = Voix : { $problem }.
coll-story-field-invalid = { $field } : { $problem }.

# Modèles d’histoire. Cardsmith découpe une histoire en chapitres aux lignes comme « # Titre ».
coll-tale-chapter = { $number ->
   *[other] # { $title }
}
coll-tale-idea = L’idée de cette histoire : { $idea }.
coll-tale-loves = qui était fan de { $interest }
coll-tale-loves-stories = qui adorait les belles histoires
coll-tale-teddy = son doudou préféré
coll-tale-everyone = tout le monde

coll-tale-moon = { $name } et la Lune endormie
coll-tale-moon-1-title = La fusée dans le jardin
coll-tale-moon-1 = Il était une fois { $name }, { $loves }. Une nuit, une petite fusée argentée se posa tout doucement dans le jardin, juste à côté du parterre de fleurs. Sa porte s’ouvrit dans un léger bourdonnement. { $name } enfila des chaussons bien chauds, emmena { $companion } et grimpa à bord.
coll-tale-moon-2-title = Parmi les étoiles
coll-tale-moon-2 = La fusée s’éleva au-dessus des toits et des nuages, toujours plus haut, jusqu’à ce que les étoiles soient tout autour. Elles scintillaient pour dire bonjour. Une comète traça une ligne brillante dans le ciel, et les planètes tournaient lentement, comme des toupies ensommeillées. { $name } compta les étoiles : une, deux, trois… bien trop pour les compter.
coll-tale-moon-3-title = La berceuse de la Lune
coll-tale-moon-3 = Enfin, la fusée arriva sur la Lune, et la Lune était en train de bâiller. « Merci de ta visite, dit-elle d’une voix douce et argentée. Maintenant, il est temps que tout le monde se repose. » Elle fredonna une berceuse, et la fusée flotta sur la musique jusqu’à la maison. { $name } se blottit dans son lit, la chanson encore dans les oreilles, et décida de tout raconter à { $friend } le lendemain matin. Bonne nuit, { $name }. Dors bien.

coll-tale-sea = { $name } et la mer paisible
coll-tale-sea-1-title = Le petit bateau
coll-tale-sea-1 = Il était une fois { $name }, { $loves }. Un soir, au bord de l’eau, un petit bateau bleu attendait en se balançant sur les vagues. { $name } monta à bord avec { $companion }, et le bateau partit sur la mer calme et scintillante.
coll-tale-sea-2-title = Les amis des vagues
coll-tale-sea-2 = Une famille de dauphins nageait à côté, bondissant en arcs argentés. Une vieille tortue pleine de sagesse passa en pagayant et fit un signe de tête pour dire bonjour. Tout au fond, de petits poissons brillaient comme des lanternes. Les vagues murmuraient chut, chut, chut, et le bateau se balançait doucement de droite à gauche.
coll-tale-sea-3-title = Le retour avec la marée
coll-tale-sea-3 = Quand les étoiles apparurent, la marée tourna et ramena le petit bateau à la maison, lentement et sûrement. Le phare clignotait de sa lumière chaude et amicale. { $name } posa le pied sur le sable, les yeux lourds de sommeil, et décida de parler des dauphins à { $friend } le lendemain matin. Dans son lit, { $name } entendait encore la mer murmurer chut, chut, chut. Bonne nuit, { $name }. Dors bien.

coll-tale-wood = { $name } et le bois au clair de lune
coll-tale-wood-1-title = Le chemin entre les arbres
coll-tale-wood-1 = Il était une fois { $name }, { $loves }. Un soir, au fond du jardin, apparut un petit chemin qui n’avait jamais été là. Il serpentait entre de grands arbres bienveillants. { $name } emmena { $companion } et le suivit, pas à pas, tout doucement.
coll-tale-wood-2-title = La soirée des animaux
coll-tale-wood-2 = Dans une clairière, les animaux du bois se préparaient pour la nuit. Un lapin arrangeait son terrier, un hérisson se roulait en une petite boule bien douillette, et une chouette clignait des yeux sur sa branche. « Tu arrives juste à temps, hulula la chouette. Nous allons dire bonne nuit au bois. »
coll-tale-wood-3-title = Bonne nuit, le bois
coll-tale-wood-3 = Ensemble, ils chuchotèrent bonne nuit aux arbres, au ruisseau et à la douce mousse verte. Le bois leur répondit tout bas, ses feuilles bruissant comme une berceuse. Le chemin ramena { $name } jusqu’à la porte de la maison. { $name } décida de parler de la chouette à { $friend } le lendemain matin, puis se blottit dans son lit, au chaud et en sécurité. Bonne nuit, { $name }. Dors bien.

coll-tale-dragon = { $name } et le gentil dragon
coll-tale-dragon-1-title = On frappe à la fenêtre
coll-tale-dragon-1 = Il était une fois { $name }, { $loves }. Un soir, on entendit toc, toc, toc à la fenêtre. Dehors, il y avait un petit dragon vert aux doux yeux dorés. « J’ai perdu le chemin de mon château, dit-il. Veux-tu bien m’aider ? » { $name } emmena { $companion } et dit oui tout de suite.
coll-tale-dragon-2-title = Le château sur la colline
coll-tale-dragon-2 = Ils survolèrent des villages endormis et des rivières argentées, jusqu’à ce qu’un château apparaisse sur une colline, ses fenêtres éclairées à la bougie. La famille du dragon attendait à la porte. Elle était si heureuse qu’elle souffla un nuage de fumée tiède et scintillante en forme de cœur.
coll-tale-dragon-3-title = Un vol ensommeillé jusqu’à la maison
coll-tale-dragon-3 = Le petit dragon ramena { $name } sur son dos, en planant doucement dans la nuit tranquille. « Merci du fond du cœur », dit-il à la fenêtre. { $name } décida de parler du dragon à { $friend } le lendemain matin, puis se pelotonna sous la couette. Au loin, les lumières du château s’éteignirent une à une. Bonne nuit, { $name }. Dors bien.

coll-tale-night = { $name } et la nuit tranquille
coll-tale-night-1-title = La maison qui s’endort
coll-tale-night-1 = Il était une fois { $name }, { $loves }. Un soir, quand le ciel prit la couleur du miel chaud, toute la maison commença à s’endormir. La bouilloire cessa de chanter, les rideaux se balancèrent doucement, et { $name } enfila le pyjama le plus doux du tiroir, avec { $companion } tout près.
coll-tale-night-2-title = La petite lumière
coll-tale-night-2 = Juste au moment où { $name } se glissait dans son lit, une toute petite lumière apparut à la fenêtre. C’était une luciole, qui brillait comme une lanterne. « Je cherche la chambre la plus douillette de la ville », murmura-t-elle. { $name } lui montra la couverture, l’oreiller et la petite lampe. La luciole soupira de bonheur. « C’est ici, dit-elle. C’est la chambre la plus douillette de toutes. »
coll-tale-night-3-title = Bonne nuit
coll-tale-night-3 = La luciole se posa sur le rebord de la fenêtre et baissa sa lumière, lentement, lentement, comme un bâillement. { $name } bâilla aussi. Dehors, la lune veillait sur le jardin et sur la rue tranquille. { $name } décida de parler de la luciole à { $friend } le lendemain matin. Puis, petit à petit, tout devint calme. Bonne nuit, { $name }. Dors bien.

# La collection des enregistrements rapides, dans la langue de la personne.
coll-default-name = Mes enregistrements
coll-default-description = Les enregistrements rapides arrivent ici.

zip-title = Télécharger ou importer des cartes
zip-summary = Un ZIP de ces cartes, à garder ou à emporter vers un autre Cardsmith
zip-collection-intro = Le téléchargement contient chaque carte d’ici avec ses enregistrements d’origine, sa couverture, ses icônes, ses réglages et son histoire, et un card.yaml pour chacune. Tout Cardsmith peut l’importer.
zip-download = Télécharger en ZIP
zip-preparing = Préparation du ZIP…
zip-ready = Télécharger le ZIP
zip-kept = (disponible un jour)
zip-choose-file = Choisissez d’abord un fichier ZIP.
zip-import-heading = Importer des cartes depuis un ZIP
zip-import-intro = Un ZIP fait par Télécharger, ici ou sur un autre Cardsmith. Ses cartes sont créées ici et leur son converti comme d’habitude ; les cartes que cette collection a déjà ne sont pas créées deux fois.
zip-file = Fichier ZIP
zip-import = Importer
zip-importing = Importation…
zip-imported = { $cards ->
    [one] { $cards } carte créée
   *[other] { $cards } cartes créées
}, { $tracks ->
    [one] { $tracks } piste en cours de conversion.
   *[other] { $tracks } pistes en cours de conversion.
}
zip-already-there = { $cards ->
    [one] { $cards } carte était déjà là.
   *[other] { $cards } cartes étaient déjà là.
}
zip-mine-title = Vos cartes, à garder
zip-mine-intro = Toutes les cartes que vous voyez, dans un ZIP : les enregistrements d’origine, les couvertures, les icônes et un card.yaml pour chacune.
zip-made-cards = Les cartes créées
zip-open-card = Ouvrir { $card }

## Adding a folder of audio (the /drop page)
coll-add-folder = Ajouter un dossier ou un ZIP audio
drop-title = Ajouter un dossier audio
drop-intro = Déposez le dossier d’un livre audio, quelques albums ou un ZIP : Cardsmith propose les cartes qu’ils forment, vous changez ce que vous voulez, et rien n’est créé avant votre accord.
drop-loading = Chargement de vos collections…
drop-no-collection-heading = Aucune collection où ajouter des cartes
drop-no-collection-body = Les cartes vivent dans une collection que vous pouvez modifier. Créez-en une d’abord, puis revenez avec votre dossier.
drop-no-collection-next = Aller aux collections
drop-collection = Créer les cartes dans
drop-choose-heading = Déposez ici un dossier, des fichiers ou un ZIP
drop-choose-hint = Une carte par dossier (ou une pour tout). Les chapitres suivent les numéros de piste des tags, sinon les noms de fichiers ; les titres viennent des tags ; un cover.jpg ou l’image intégrée devient la couverture.
drop-choose-folder = Choisir un dossier
drop-choose-files = Choisir des fichiers ou un ZIP
drop-progress-heading = Envoi des fichiers
drop-progress-label = Fichiers envoyés
drop-progress-counts = { $sent ->
    [one] { $sent } fichier envoyé
   *[other] { $sent } fichiers envoyés
} sur { $all }{ $refused ->
    [0] {""}
    [one] , { $refused } refusé
   *[other] , { $refused } refusés
}
drop-paused = La connexion a été perdue. Les fichiers déjà envoyés sont gardés ; les autres attendent.
drop-resume = Reprendre
drop-files-list = Tous les fichiers
drop-file-stored = envoyé
drop-file-sending = envoi…
drop-file-waiting = en attente
drop-file-paused = attend la connexion
drop-file-empty = vide, laissé de côté
drop-plan-heading = Les cartes que forment ces fichiers
drop-plan-intro = Changez titres, ordre et icônes, retirez des chapitres ou des cartes entières. Le plan suit les fichiers à mesure qu’ils arrivent.
drop-grouping = Comment former les cartes
drop-grouping-per-folder = Une carte par dossier
drop-grouping-one-card = Une seule carte pour tout
drop-plan-cards = Cartes prévues
drop-refused-heading = Non utilisés
drop-left-out = { $count ->
    [one] { $count } autre fichier laissé de côté
   *[other] { $count } autres fichiers laissés de côté
}
drop-making = Création des cartes…
drop-make = { $cards ->
    [one] Créer { $cards } carte ({ $tracks } chapitres)
   *[other] Créer { $cards } cartes ({ $tracks } chapitres)
}
drop-make-waiting = { $count ->
    [one] En attente de { $count } fichier
   *[other] En attente de { $count } fichiers
}
drop-card-title = Titre de la carte
drop-card-top = Racine du dépôt
drop-card-chapters = { $count ->
    [one] { $count } chapitre
   *[other] { $count } chapitres
}
drop-card-cover = couverture : { $file }
drop-card-make = Créer cette carte
drop-track-include = Inclure « { $title } »
drop-track-title = Titre du chapitre
drop-icon-hint = L’icône trouvée d’après le titre ; décochée, le chapitre affiche son numéro.
drop-icon = icône : { $glyph } ({ $percent } %)
drop-track-up = Monter
drop-track-down = Descendre
drop-made-heading = { $count ->
    [one] { $count } carte créée
   *[other] { $count } cartes créées
}
drop-preparing = Préparation de l’audio
drop-ready = { $ready } chapitres sur { $all } prêts à jouer
drop-cover-refused = Une couverture n’a pas été utilisée : { $reason }
drop-another = Ajouter un autre dossier
drop-cover-alt = La couverture prévue
