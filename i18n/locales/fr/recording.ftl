# Recording a story, the waveform editor, spoken tracks and the voice picker.

## The recorder

rec-title = Enregistrer
rec-intro = Enregistrez une histoire avec le micro de cet appareil. Tout est sauvegardé au fur et à mesure, toutes les quelques secondes : une connexion coupée ne fait rien perdre, un rechargement de la page tout au plus les dernières secondes. Vous l’écoutez avant qu’elle soit ajoutée.
rec-title-label = Titre de l’enregistrement
rec-title-placeholder = par ex. Les trois ours
rec-start = ● Démarrer l’enregistrement
rec-resume = Reprendre
rec-pause = Pause
rec-stop = Arrêter
rec-keep = Garder
rec-again = Recommencer
rec-again-question = Supprimer cette prise et recommencer ? Rien n’en sera conservé.
rec-again-confirm = Oui, la supprimer
rec-save-again = ↻ Réessayer la sauvegarde
rec-abandon = Abandonner
rec-abandon-question = Abandonner cet enregistrement ? Rien n’en sera conservé.
rec-abandon-confirm = Oui, abandonner
rec-works-in = Fonctionne dans les navigateurs récents, sur téléphone comme sur ordinateur portable ; la page demande d’abord l’accès au micro.
rec-kept-discarded = L’enregistrement inachevé a été supprimé.
rec-take-deleted = La prise a été supprimée. Vous pouvez recommencer quand vous le souhaitez.
rec-abandoned = Enregistrement abandonné ; rien n’a été conservé.
rec-saved = C’est sauvegardé : l’enregistrement est maintenant une piste de cette carte.

## The take in progress

rec-state-recording = Enregistrement
rec-state-paused = En pause
rec-state-stopped = Arrêté
rec-state-starting = Démarrage
rec-state-saving = Sauvegarde
rec-level = Niveau du micro
rec-paused-note = Rien n’est enregistré pour l’instant. Appuyez sur Reprendre pour continuer.
rec-review-heading = Écoutez avant de garder
rec-review-text = Rien n’est encore ajouté à la carte. Gardez la prise pour l’ajouter comme piste, ou recommencez-la.
rec-review-player = La prise qui vient d’être enregistrée
rec-review-preparing = Préparation de la prise pour l’écoute…

## The upload, beside the clock (the count: parts not stored yet)

rec-upload-asking = Demande d’accès au micro…
rec-upload-saving = Sauvegarde…
rec-upload-unsaved = Enregistré, pas encore sauvegardé
rec-upload-fresh = Sauvegardé sur le serveur toutes les quelques secondes
rec-upload-all-saved = Tout est sauvegardé sur le serveur
rec-upload-saving-left = { $count ->
    [one] Sauvegarde… encore { $count } partie
   *[other] Sauvegarde… encore { $count } parties
}
rec-upload-offline-recording = { $count ->
    [one] { $count } partie attend le réseau — continuez d’enregistrer, elle suivra
   *[other] { $count } parties attendent le réseau — continuez d’enregistrer, elles suivront
}
rec-upload-offline-saving = { $count ->
    [one] { $count } partie attend le réseau — la sauvegarde reprendra à son retour
   *[other] { $count } parties attendent le réseau — la sauvegarde reprendra à son retour
}
rec-upload-offline = { $count ->
    [one] { $count } partie attend le réseau — elle suivra à son retour
   *[other] { $count } parties attendent le réseau — elles suivront à son retour
}

## A take interrupted by a reload

rec-offer-heading = Enregistrement inachevé
rec-offer-text-untitled = Un enregistrement sans titre s’est interrompu avant d’être sauvegardé (la page a été rechargée ou fermée). Ce qui a été enregistré jusque-là est conservé, sauf les dernières secondes. Le terminer l’envoie et le sauvegarde comme piste ; il ne peut pas être poursuivi, faites donc une nouvelle prise pour la suite.
rec-offer-text = L’enregistrement « { $title } » s’est interrompu avant d’être sauvegardé (la page a été rechargée ou fermée). Ce qui a été enregistré jusque-là est conservé, sauf les dernières secondes. Le terminer l’envoie et le sauvegarde comme piste ; il ne peut pas être poursuivi, faites donc une nouvelle prise pour la suite.
rec-offer-question-untitled = Supprimer l’enregistrement sans titre ? Rien n’en sera conservé.
rec-offer-question = Supprimer « { $title } » ? Rien n’en sera conservé.
rec-offer-finish = Terminer et sauvegarder
rec-offer-discard = Le supprimer
rec-offer-discard-confirm = Oui, supprimer

## What can go wrong while recording

rec-error-browser-only = L’enregistrement ne fonctionne que dans le navigateur.
rec-error-storage = Impossible de lire le stockage de ce navigateur.
rec-error-no-recording = Ce navigateur ne peut pas enregistrer de son.
rec-error-microphone = Le micro n’est pas disponible (l’accès a-t-il été autorisé ?).
rec-error-online = Ce navigateur ne peut pas suivre l’état de sa connexion.
rec-error-play-back = Ce navigateur ne peut pas relire la prise ; gardez-la ou recommencez-la.
# part: the number of the missing part, from 1
rec-error-part-lost = Il manque au serveur la partie { $part } de cet enregistrement, et cet appareil ne l’a plus. La sauvegarde garde ce qui la précède.
# error: the sentence saying why finishing failed
rec-error-finish = { $error } L’enregistrement reste sur le serveur : réessayez de le sauvegarder, ou abandonnez-le.

## The waveform editor (times are seconds with two decimals)

rec-edit-name = Modifier { $title }
rec-edit-heading = Modifier « { $title } »
rec-edit-close = Fermer
rec-edit-waveform = Forme d’onde : faites glisser les poignées pour choisir la partie à garder
rec-edit-keys = Faites glisser une poignée, ou sélectionnez-la et utilisez les flèches du clavier (Maj pour des secondes entières).
rec-edit-start = Début (s)
rec-edit-end = Fin (s)
rec-edit-selection = Sélection : { $length } s sur { $duration } s
rec-edit-zoom-out = Dézoomer
rec-edit-zoom-in = Zoomer
rec-edit-play = ▶ Écouter la sélection
rec-edit-trim = Rogner à la sélection
rec-edit-split-mode = Mode découpe : cliquez sur la forme d’onde pour placer des coupures
rec-edit-split = Découper
rec-edit-clear-cuts = Effacer les coupures
# points: the cuts, e.g. "1,00 s, 2,50 s"
rec-edit-cuts = Coupures à { $points }
rec-edit-fade-in = Fondu d’entrée (ms)
rec-edit-fade-out = Fondu de sortie (ms)
rec-edit-apply-fades = Appliquer les fondus
rec-edit-progress = Progression de la modification
rec-edit-working = Traitement… { $percent } %
rec-edit-start-handle = Poignée de début
rec-edit-end-handle = Poignée de fin
rec-edit-seconds = { $seconds } secondes
rec-edit-trimmed = Rogné de { $start } à { $end } s
rec-edit-split-done = { $count ->
    [one] Découpé en { $count } piste
   *[other] Découpé en { $count } pistes
}
rec-edit-faded = Fondus appliqués

## A spoken track

rec-spoken-heading = Ajouter une piste lue
rec-spoken-intro = Tapez ou collez une histoire ; une voix la lit à haute voix et elle devient une piste, comme un fichier importé. Les voix hors ligne fonctionnent sans Internet.
rec-spoken-text = Texte à lire
rec-spoken-text-placeholder = Il était une fois…
rec-spoken-count = { $count } / { $max } caractères
rec-spoken-instructions = Façon de lire (facultatif)
rec-spoken-instructions-placeholder = par ex. calme et chaleureuse, comme une histoire du soir
rec-spoken-instructions-hint = Cette voix suit des consignes de ton et de rythme.
rec-spoken-title = Titre (facultatif)
rec-spoken-title-placeholder = Les premiers mots du texte
rec-spoken-position = Emplacement
rec-spoken-at-end = À la fin
rec-spoken-before = Avant { $position }. { $title }
rec-spoken-add = Ajouter la piste lue
rec-spoken-adding = Ajout…
rec-spoken-converting = Lecture et conversion de « { $title } » pour le lecteur…
rec-spoken-ready = Vous pouvez maintenant écouter « { $title } ».
rec-spoken-failed = La piste n’a pas pu être convertie.

## The voice picker

rec-voice-label = Voix
rec-voice-loading = Chargement des voix…
rec-voice-find = Chercher une voix
rec-voice-find-placeholder = Chercher une voix ou une langue, par ex. Deutsch
rec-voice-unknown = { $voice } n’est pas une voix de ce serveur.
rec-voice-missing = { $voice } (absente de ce serveur)
rec-voice-preview = ▶ Écouter
rec-voice-speaking = Lecture…
rec-voice-preview-player = Aperçu de la voix
rec-voice-listed-first = { $language } apparaît en premier : c’est la langue de cette collection, d’après la voix de son profil enfant.
# Spoken by a voice's preview when there is no text yet
rec-voice-sample = Il était une fois un petit renard qui se roula en boule sous la lune et s’endormit.
rec-voice-audio-unreadable = Le son n’a pas pu être chargé.
rec-voice-audio-unplayable = Le son n’a pas pu être joué.
rec-voice-browser-only = Les aperçus ne fonctionnent que dans le navigateur.
rec-voice-any-language = Voix naturelles (toutes langues)
# A voice's label ends with its engine: "Female, clear — espeak-ng, robotic"
rec-voice-espeak = espeak-ng, robotique
rec-voice-natural = { $name }, naturelle — { $provider }
# A voice whose description says nothing of how it sounds
rec-voice-unnamed = Voix
rec-voice-openai-compatible = Serveur compatible OpenAI

## Languages in other scripts: their own name, then theirs in this language

rec-language-ar = العربية (arabe)
rec-language-bg = Български (bulgare)
rec-language-bn = বাংলা (bengali)
rec-language-cmn = 中文 (chinois mandarin)
rec-language-el = Ελληνικά (grec)
rec-language-fa = فارسی (persan)
rec-language-he = עברית (hébreu)
rec-language-hi = हिन्दी (hindi)
rec-language-ja = 日本語 (japonais)
rec-language-ko = 한국어 (coréen)
rec-language-ru = Русский (russe)
rec-language-sr = Српски (serbe)
rec-language-ta = தமிழ் (tamoul)
rec-language-th = ไทย (thaï)
rec-language-uk = Українська (ukrainien)
rec-language-ur = اردو (ourdou)
rec-language-yue = 粵語 (chinois cantonais)
rec-language-zh = 中文 (chinois)
