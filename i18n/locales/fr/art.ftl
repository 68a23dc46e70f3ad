# Les images d’une carte : les icônes des chapitres (le panneau Icônes) et les couvertures générées.

## Icônes

art-icons-title = Icônes
art-icons-intro = Les petites images de 16x16 que le lecteur affiche pour chaque chapitre. Choisissez une palette, puis dessinez-les toutes ou une par une.
art-icons-no-tracks = Ajoutez d’abord des pistes : chaque chapitre reçoit une icône.
art-icons-drawing = Dessin en cours…
art-icons-drawing-all = Dessin de toutes les icônes…
art-icons-sample = Essayer sur deux chapitres
art-icons-generate-all = Tout générer
art-icons-drawer-unknown = Les icônes sont dessinées par le premier fournisseur de votre cascade qui en est capable.
art-icons-drawer-offline = Dessinées par les générateurs hors ligne intégrés : gratuit, hors ligne.
art-icons-drawer-free = Dessinées par { $owner ->
        [user] votre fournisseur { $name }
       *[other] le fournisseur { $name } de l’instance
    } : gratuit, car il n’a pas de budget à dépenser.
art-icons-drawer-paid = Dessinées par { $owner ->
        [user] votre fournisseur { $name }
       *[other] le fournisseur { $name } de l’instance
    } (payant). Vous confirmez d’abord chaque appel.
art-icons-confirm-label = Confirmer un appel payant
art-icons-yes-draw = Oui, dessiner
art-icons-cancel = Annuler
art-icons-progress = Dessin des icônes…
art-icons-progress-label = Dessin des icônes
art-icons-ask-sample = Dessiner les icônes de deux chapitres avec { $owner ->
        [user] votre fournisseur { $name }
       *[other] le fournisseur { $name } de l’instance
    } ?
art-icons-ask-all = Dessiner { $count ->
        [one] l’icône de l’unique chapitre
       *[other] les icônes des { $count } chapitres
    } avec { $owner ->
        [user] votre fournisseur { $name }
       *[other] le fournisseur { $name } de l’instance
    } ?
art-icons-ask-variations = Dessiner { $count ->
        [one] { $count } variante
       *[other] { $count } variantes
    } pour « { $title } » avec { $owner ->
        [user] votre fournisseur { $name }
       *[other] le fournisseur { $name } de l’instance
    } ?
art-icons-ask-regenerate = Dessiner une nouvelle icône pour « { $title } » avec { $owner ->
        [user] votre fournisseur { $name }
       *[other] le fournisseur { $name } de l’instance
    } ?
art-icons-cost-estimated = Coût estimé : environ { $cost }, débité de son budget (reste { $left }). En cas d’échec ou de budget épuisé, le fournisseur suivant prend le relais, jusqu’aux icônes hors ligne gratuites.
art-icons-cost-paid = Cet appel est payant et débité de son budget (reste { $left }). En cas d’échec ou de budget épuisé, le fournisseur suivant prend le relais, jusqu’aux icônes hors ligne gratuites.
art-icons-theme = Thème
art-icons-suggesting = Suggestion en cours…
art-icons-suggest-again = Suggérer à nouveau
art-icons-suggest = Suggérer un thème
art-icons-approved-theme = Thème approuvé : { $name }
art-icons-palettes-label = Palettes suggérées
art-icons-approve-label = Approuver { $name }
art-icons-colours-label = Couleurs de { $name }
art-icons-approved = Approuvé
art-icons-approve = Approuver
art-icons-palettes-suggested = { $count ->
    [0] Aucune palette n’a pu être suggérée.
    [one] Une palette suggérée.
   *[other] { $count } palettes suggérées. Approuvez celle qui vous plaît.
}
art-icons-theme-approved = « { $name } » est le thème d’icônes de la carte.
art-icons-chapter = Chapitre { $position }
art-icons-chapters-label = Icônes des chapitres
art-icons-chapter-label = Chapitre { $position } : { $title }
art-icons-icon-alt = Icône de { $title }
art-icons-shows = Représente (facultatif)
art-icons-shows-placeholder = p. ex. un hibou endormi sur une branche
art-icons-shows-label = Ce que représente l’icône de { $title } (facultatif)
art-icons-how-many = Combien
art-icons-how-many-label = Nombre de variantes de { $title }
art-icons-variations = Variantes
art-icons-variations-label = Variantes de { $title }
art-icons-regenerate = Redessiner
art-icons-regenerate-label = Redessiner l’icône de { $title }
art-icons-variations-estimated = { $count ->
    [one] { $count } variante · coût estimé { $cost }
   *[other] { $count } variantes · coût estimé { $cost }
}
art-icons-variations-free = { $count ->
    [one] { $count } variante · gratuit
   *[other] { $count } variantes · gratuit
}
art-icons-variations-free-offline = { $count ->
    [one] { $count } variante · gratuit, hors ligne
   *[other] { $count } variantes · gratuit, hors ligne
}
art-icons-variations-made-estimated = { $count ->
    [one] { $count } variante
   *[other] { $count } variantes
    } pour « { $title } » (coût estimé { $cost }). Choisissez-en une.
art-icons-variations-made-free = { $count ->
    [one] { $count } variante
   *[other] { $count } variantes
    } pour « { $title } » (gratuit). Choisissez-en une.
art-icons-variations-made-free-offline = { $count ->
    [one] { $count } variante
   *[other] { $count } variantes
    } pour « { $title } » (gratuit, hors ligne). Choisissez-en une.
art-icons-use-variation = Utiliser la variante { $number } pour { $title }
art-icons-chosen = Choisie
art-icons-variation-chosen = La variante { $number } est maintenant l’icône de « { $title } ».
art-icons-drawn = { $count ->
    [one] { $count } icône dessinée.
   *[other] { $count } icônes dessinées.
}

## Couvertures

art-cover-heading = Générer une couverture
art-cover-intro = Décrivez une image ; un aperçu apparaît à côté de la couverture actuelle. Rien ne change tant que vous ne l’utilisez pas.
art-cover-which = Quelle couverture
art-cover-front = Recto
art-cover-back = Verso
art-cover-describe = { $side ->
    [front] Décrivez la couverture du recto
   *[back] Décrivez la couverture du verso
}
art-cover-describe-first = Décrivez d’abord l’image.
art-cover-too-long = La description ne doit pas dépasser { $max } caractères.
art-cover-generating = Génération…
art-cover-generate = Générer
art-cover-regenerate = Régénérer
art-cover-use = Utiliser cette couverture
art-cover-progress-label = Génération de la couverture
art-cover-saved = { $side ->
    [front] Couverture du recto enregistrée.
   *[back] Couverture du verso enregistrée.
}
art-cover-current = Actuelle
art-cover-current-alt = { $side ->
    [front] Couverture actuelle du recto
   *[back] Couverture actuelle du verso
}
art-cover-none = Pas encore de couverture
art-cover-preview = Aperçu
art-cover-preview-alt = { $side ->
    [front] Aperçu de la couverture générée pour le recto
   *[back] Aperçu de la couverture générée pour le verso
}
art-cover-preview-empty = Générez une couverture pour en voir l’aperçu

# Ce qu’a fait le dessin des icônes, dit ensuite.
art-icons-drew-chapter = Nouvelle icône dessinée pour « { $title } » ({ $who }).
art-icons-drew-none = Aucune icône dessinée.
art-icons-drew = { $count ->
    [one] 1 icône dessinée dans « { $palette } » ({ $who }).
   *[other] { $count } icônes dessinées dans « { $palette } » ({ $who }).
}
art-icons-kept = { $count ->
    [one] L’icône propre d’1 chapitre est gardée : { $titles } ; redessinez un chapitre pour la remplacer.
   *[other] Les icônes propres de { $count } chapitres sont gardées : { $titles } ; redessinez un chapitre pour les remplacer.
}
art-icons-no-chapters = La carte n’a pas encore de chapitre.
art-icons-by-offline = images hors ligne
art-icons-by-provider = dessinée par { $provider }
