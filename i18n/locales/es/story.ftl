# Tarjetas interactivas: el editor de historias, su mapa y su vista previa en la página de una tarjeta.
card-story-title = Historia interactiva
card-story-summary = Los botones izquierdo y derecho eligen qué pasa después
story-intro = Convierte esta tarjeta en una historia que guía el niño: al final de un pasaje, el botón izquierdo o derecho del reproductor elige qué pasa después. Di las opciones en el audio de cada pasaje: los niños no pueden leerlas.
story-interactive-toggle = Reproducir como historia interactiva
story-linear-note = La tarjeta reproduce sus capítulos en orden. Activa la historia interactiva para añadir opciones; las pistas se quedan como están.
story-passages = Pasajes
story-missing-passage = (una pista borrada)
story-starts-here = La historia empieza aquí
story-passage-audio = El audio del pasaje
story-left-button = Botón izquierdo
story-right-button = Botón derecho
story-choice-leads-to = Adónde lleva el { $button }
story-no-choice = — sin opción —
story-choice-words = Cómo llama el audio a esta opción
story-when-it-ends = Cuando termina sin pulsar ningún botón
story-ending-stop = La historia termina
story-ending-repeat = Repetirlo (esperar una opción)
story-ending-goto = Seguir con «{ $passage }»
story-save = Guardar la historia
story-saved = Historia guardada.
story-fix-errors = { $count ->
    [one] Corrige 1 problema para guardar la historia.
   *[other] Corrige { $count } problemas para guardar la historia.
}
story-map = Mapa de la historia
story-map-legend = verde: botón izquierdo · azul: botón derecho · discontinuo: por sí solo
story-map-open = Abrir «{ $passage }»
story-preview = Pruébala antes de publicarla
story-preview-play = ▶ Reproducir la historia
story-preview-again = Empezar de nuevo
story-preview-playing = Suena «{ $passage }»
story-preview-the-end = Fin.
story-preview-keys = Las flechas ← y → también pulsan los botones.
story-preview-path = El camino que tomaste
story-preview-unheard = Nunca escuchados
story-problem-too-many-passages = Una tarjeta admite como mucho 100 pasajes.
story-problem-not-a-track = La pista de este pasaje ya no está en la tarjeta.
story-problem-duplicate-passage = «{ $passage }» está dos veces en la historia.
story-problem-no-start = Elige el pasaje con el que empieza la historia.
story-problem-unknown-target = «{ $passage }» lleva a un pasaje que no está en la historia: elige otro.
story-problem-empty-label = Una opción de «{ $passage }» no tiene palabras.
story-problem-label-too-long = Una opción de «{ $passage }» tiene más de 100 caracteres.
story-problem-unreachable = Ninguna opción lleva a «{ $passage }»: nadie lo oirá.
story-problem-stuck-loop = «{ $passage }» da vueltas sin ninguna opción para salir: el niño queda atrapado hasta que pare el reproductor.
story-problem-no-way-to-end = Desde «{ $passage }» la historia nunca puede terminar.
story-problem-choices-not-spoken = «{ $passage }» es demasiado corto para decir sus opciones: el niño no puede leerlas.
story-problem-not-in-story = «{ $passage }» está en la tarjeta pero no en la historia.
