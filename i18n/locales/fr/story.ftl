# Cartes interactives : l'éditeur d'histoires, sa carte et son aperçu sur la page d'une carte.
card-story-title = Histoire interactive
card-story-summary = Les boutons gauche et droit choisissent la suite
story-intro = Faites de cette carte une histoire que l'enfant dirige : à la fin d'un passage, le bouton gauche ou droit du lecteur choisit la suite. Dites les choix dans l'audio de chaque passage — les enfants ne savent pas les lire.
story-interactive-toggle = Lire comme une histoire interactive
story-linear-note = La carte lit ses chapitres dans l'ordre. Activez l'histoire interactive pour ajouter des choix ; les pistes restent telles quelles.
story-passages = Passages
story-missing-passage = (une piste supprimée)
story-starts-here = L'histoire commence ici
story-passage-audio = L'audio du passage
story-left-button = Bouton gauche
story-right-button = Bouton droit
story-choice-leads-to = Où mène le { $button }
story-no-choice = — pas de choix —
story-choice-words = Comment l'audio nomme ce choix
story-when-it-ends = Quand il se termine sans bouton pressé
story-ending-stop = L'histoire se termine
story-ending-repeat = Le rejouer (attendre un choix)
story-ending-goto = Continuer vers « { $passage } »
story-save = Enregistrer l'histoire
story-saved = Histoire enregistrée.
story-fix-errors = { $count ->
    [one] Corrigez 1 problème pour enregistrer l'histoire.
   *[other] Corrigez { $count } problèmes pour enregistrer l'histoire.
}
story-map = Carte de l'histoire
story-map-legend = vert : bouton gauche · bleu : bouton droit · pointillé : tout seul
story-map-open = Ouvrir « { $passage } »
story-preview = Essayez-la avant de la publier
story-preview-play = ▶ Lire l'histoire
story-preview-again = Recommencer
story-preview-playing = Lecture de « { $passage } »
story-preview-the-end = Fin.
story-preview-keys = Les flèches ← et → pressent aussi les boutons.
story-preview-path = Le chemin suivi
story-preview-unheard = Jamais entendus
story-problem-too-many-passages = Une carte contient au plus 100 passages.
story-problem-not-a-track = La piste de ce passage n'est plus sur la carte.
story-problem-duplicate-passage = « { $passage } » est deux fois dans l'histoire.
story-problem-no-start = Choisissez le passage par lequel l'histoire commence.
story-problem-unknown-target = « { $passage } » mène à un passage qui n'est pas dans l'histoire : choisissez-en un autre.
story-problem-empty-label = Un choix de « { $passage } » n'a pas de mots.
story-problem-label-too-long = Un choix de « { $passage } » dépasse 100 caractères.
story-problem-unreachable = Aucun choix ne mène à « { $passage } » : personne ne l'entendra.
story-problem-stuck-loop = « { $passage } » tourne en rond sans choix pour en sortir : l'enfant est coincé jusqu'à ce qu'il arrête le lecteur.
story-problem-no-way-to-end = Depuis « { $passage } », l'histoire ne peut jamais se terminer.
story-problem-choices-not-spoken = « { $passage } » est trop court pour dire ses choix : l'enfant ne sait pas les lire.
story-problem-not-in-story = « { $passage } » est sur la carte mais pas dans l'histoire.
