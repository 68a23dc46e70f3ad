# Recording a story, the waveform editor, spoken tracks and the voice picker.

## The recorder

rec-title = Grabar
rec-intro = Graba un cuento con el micrófono de este dispositivo. Se va guardando cada pocos segundos, así que si se corta la conexión no se pierde nada, y si se recarga la página, como mucho los últimos segundos. Lo escuchas antes de añadirlo.
rec-title-label = Título de la grabación
rec-title-placeholder = p. ej. Los tres osos
rec-start = ● Empezar a grabar
rec-resume = Continuar
rec-pause = Pausa
rec-stop = Detener
rec-keep = Conservar
rec-again = Volver a grabar
rec-again-question = ¿Borrar esta toma y volver a grabarla? No se conservará nada de ella.
rec-again-confirm = Sí, borrarla
rec-save-again = ↻ Intentar guardar de nuevo
rec-abandon = Descartar
rec-abandon-question = ¿Descartar esta grabación? No se conservará nada de ella.
rec-abandon-confirm = Sí, descartar
rec-works-in = Funciona en los navegadores actuales de móviles y portátiles; la página pide primero acceso al micrófono.
rec-kept-discarded = Se ha descartado la grabación sin terminar.
rec-take-deleted = Se ha borrado la toma. Puedes volver a grabar cuando quieras.
rec-abandoned = Grabación descartada; no se ha conservado nada.
rec-saved = Guardado: la grabación ya es una pista de esta tarjeta.

## The take in progress

rec-state-recording = Grabando
rec-state-paused = En pausa
rec-state-stopped = Detenida
rec-state-starting = Iniciando
rec-state-saving = Guardando
rec-level = Nivel del micrófono
rec-paused-note = Ahora no se está grabando nada. Pulsa Continuar para seguir.
rec-review-heading = Escúchala antes de conservarla
rec-review-text = Todavía no se ha añadido nada a la tarjeta. Conserva la toma para añadirla como pista, o vuelve a grabarla.
rec-review-player = La toma recién grabada
rec-review-preparing = Preparando la toma para escucharla…

## The upload, beside the clock (the count: parts not stored yet)

rec-upload-asking = Pidiendo acceso al micrófono…
rec-upload-saving = Guardando…
rec-upload-unsaved = Grabado, pero aún sin guardar
rec-upload-fresh = Se guarda en el servidor cada pocos segundos
rec-upload-all-saved = Todo está guardado en el servidor
rec-upload-saving-left = { $count ->
    [one] Guardando… queda { $count } parte
   *[other] Guardando… quedan { $count } partes
}
rec-upload-offline-recording = { $count ->
    [one] { $count } parte espera cobertura — sigue grabando, se enviará después
   *[other] { $count } partes esperan cobertura — sigue grabando, se enviarán después
}
rec-upload-offline-saving = { $count ->
    [one] { $count } parte espera cobertura — se seguirá guardando cuando vuelva
   *[other] { $count } partes esperan cobertura — se seguirá guardando cuando vuelva
}
rec-upload-offline = { $count ->
    [one] { $count } parte espera cobertura — se enviará cuando vuelva
   *[other] { $count } partes esperan cobertura — se enviarán cuando vuelva
}

## A take interrupted by a reload

rec-offer-heading = Grabación sin terminar
rec-offer-text-untitled = Una grabación sin título se interrumpió antes de guardarse (se recargó o se cerró la página). Lo grabado hasta entonces se conserva, salvo los últimos segundos. Al terminarla, se sube y se guarda como pista; no se puede continuar, así que graba una toma nueva si quieres más.
rec-offer-text = La grabación «{ $title }» se interrumpió antes de guardarse (se recargó o se cerró la página). Lo grabado hasta entonces se conserva, salvo los últimos segundos. Al terminarla, se sube y se guarda como pista; no se puede continuar, así que graba una toma nueva si quieres más.
rec-offer-question-untitled = ¿Descartar la grabación sin título? No se conservará nada de ella.
rec-offer-question = ¿Descartar «{ $title }»? No se conservará nada de ella.
rec-offer-finish = Terminar y guardar
rec-offer-discard = Descartarla
rec-offer-discard-confirm = Sí, descartar

## What can go wrong while recording

rec-error-browser-only = Solo se puede grabar en el navegador.
rec-error-storage = No se ha podido leer el almacenamiento de este navegador.
rec-error-no-recording = Este navegador no puede grabar audio.
rec-error-microphone = El micrófono no está disponible (¿has permitido el acceso?).
rec-error-online = Este navegador no puede seguir el estado de su conexión.
rec-error-play-back = Este navegador no puede reproducir la toma; consérvala o vuelve a grabarla.
# part: the number of the missing part, from 1
rec-error-part-lost = Al servidor le falta la parte { $part } de esta grabación, y este dispositivo ya no la tiene. Al guardar se conserva lo que había antes.
# error: the sentence saying why finishing failed
rec-error-finish = { $error } La grabación se conserva en el servidor: intenta guardarla de nuevo o descártala.

## The waveform editor (times are seconds with two decimals)

rec-edit-name = Editar { $title }
rec-edit-heading = Editar «{ $title }»
rec-edit-close = Cerrar
rec-edit-waveform = Forma de onda: arrastra los tiradores para elegir la parte que quieres conservar
rec-edit-keys = Arrastra un tirador, o selecciónalo y usa las flechas del teclado (Mayús para segundos enteros).
rec-edit-start = Inicio (s)
rec-edit-end = Fin (s)
rec-edit-selection = Selección: { $length } s de { $duration } s
rec-edit-zoom-out = Alejar
rec-edit-zoom-in = Acercar
rec-edit-play = ▶ Reproducir la selección
rec-edit-trim = Recortar a la selección
rec-edit-split-mode = Modo dividir: haz clic en la forma de onda para poner cortes
rec-edit-split = Dividir
rec-edit-clear-cuts = Quitar los cortes
# points: the cuts, e.g. "1,00 s, 2,50 s"
rec-edit-cuts = Cortes en { $points }
rec-edit-fade-in = Fundido de entrada (ms)
rec-edit-fade-out = Fundido de salida (ms)
rec-edit-apply-fades = Aplicar fundidos
rec-edit-progress = Progreso de la edición
rec-edit-working = Procesando… { $percent } %
rec-edit-start-handle = Tirador de inicio
rec-edit-end-handle = Tirador de fin
rec-edit-seconds = { $seconds } segundos
rec-edit-trimmed = Recortada de { $start } a { $end } s
rec-edit-split-done = { $count ->
    [one] Dividida en { $count } pista
   *[other] Dividida en { $count } pistas
}
rec-edit-faded = Fundidos aplicados

## A spoken track

rec-spoken-heading = Añadir una pista leída
rec-spoken-intro = Escribe o pega un cuento; una voz lo lee en voz alta y se convierte en una pista, como un archivo subido. Las voces sin conexión funcionan sin internet.
rec-spoken-text = Texto para leer
rec-spoken-text-placeholder = Érase una vez…
rec-spoken-count = { $count } / { $max } caracteres
rec-spoken-instructions = Cómo leerlo (opcional)
rec-spoken-instructions-placeholder = p. ej. tranquila y cálida, como un cuento para dormir
rec-spoken-instructions-hint = Esta voz sigue indicaciones sobre el tono y el ritmo.
rec-spoken-title = Título (opcional)
rec-spoken-title-placeholder = Las primeras palabras del texto
rec-spoken-position = Dónde va
rec-spoken-at-end = Al final
rec-spoken-before = Antes de { $position }. { $title }
rec-spoken-add = Añadir pista leída
rec-spoken-adding = Añadiendo…
rec-spoken-converting = Leyendo y convirtiendo «{ $title }» para el reproductor…
rec-spoken-ready = «{ $title }» ya se puede escuchar.
rec-spoken-failed = No se ha podido convertir la pista.

## The voice picker

rec-voice-label = Voz
rec-voice-loading = Cargando voces…
rec-voice-find = Buscar una voz
rec-voice-find-placeholder = Busca una voz o un idioma, p. ej. français
rec-voice-unknown = { $voice } no es una voz de este servidor.
rec-voice-missing = { $voice } (no está en este servidor)
rec-voice-preview = ▶ Escuchar
rec-voice-speaking = Hablando…
rec-voice-preview-player = Muestra de la voz
rec-voice-listed-first = { $language } aparece primero: es el idioma de esta colección, según la voz de su perfil infantil.
# Spoken by a voice's preview when there is no text yet
rec-voice-sample = Érase una vez un zorrito que se acurrucó bajo la luna y se quedó dormido.
rec-voice-audio-unreadable = No se ha podido cargar el audio.
rec-voice-audio-unplayable = No se ha podido reproducir el audio.
rec-voice-browser-only = Las muestras solo se reproducen en el navegador.
rec-voice-any-language = Voces naturales (cualquier idioma)
# A voice's label ends with its engine: "Female, clear — espeak-ng, robotic"
rec-voice-espeak = espeak-ng, robótica
rec-voice-natural = { $name }, natural — { $provider }
# A voice whose description says nothing of how it sounds
rec-voice-unnamed = Voz
rec-voice-openai-compatible = Servidor compatible con OpenAI

## Languages in other scripts: their own name, then theirs in this language

rec-language-ar = العربية (árabe)
rec-language-bg = Български (búlgaro)
rec-language-bn = বাংলা (bengalí)
rec-language-cmn = 中文 (chino mandarín)
rec-language-el = Ελληνικά (griego)
rec-language-fa = فارسی (persa)
rec-language-he = עברית (hebreo)
rec-language-hi = हिन्दी (hindi)
rec-language-ja = 日本語 (japonés)
rec-language-ko = 한국어 (coreano)
rec-language-ru = Русский (ruso)
rec-language-sr = Српски (serbio)
rec-language-ta = தமிழ் (tamil)
rec-language-th = ไทย (tailandés)
rec-language-uk = Українська (ucraniano)
rec-language-ur = اردو (urdu)
rec-language-yue = 粵語 (chino cantonés)
rec-language-zh = 中文 (chino)
