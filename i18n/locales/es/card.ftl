# La página de una tarjeta: cabecera, capítulos (pistas), portadas, reproducción, originales guardados y gestión.

## Cabecera y secciones

card-breadcrumb = Ruta de navegación
card-all-cards = ← Todas las tarjetas
card-front-cover = Portada delantera
card-back-cover = Portada trasera
# El nombre de la colección se muestra como enlace a la colección.
card-home = En { $collection }
card-home-by = En { $collection } · de { $author }
card-details-title = Detalles
card-details-summary = Título, descripción, autor
card-art-title = Portada e iconos
card-art-summary-editor = Portada delantera y trasera, portadas generadas, iconos de capítulos
card-art-summary = Portada delantera y trasera
card-playback-title = Reproducción
card-playback-summary = { $advance ->
        [none] Se detiene tras cada capítulo
        [repeat] Repite el capítulo
       *[next] Sigue con el capítulo siguiente
    } · { $order ->
        [random] orden aleatorio
       *[in-order] en orden
    }
card-originals-title = Originales guardados
card-originals-summary = Lo que «Deshacer» recupera tras recortar, dividir o aplicar un fundido
card-manage-title = Gestionar tarjeta
card-manage-summary = Dirección web, colecciones, eliminar

## Publicar

card-publish = Publicar en el reproductor
card-publish-needs-track = Añade una pista para publicar esta tarjeta en un reproductor.
card-players-heading = En tus reproductores
card-players-playing-on = Sonando en { $player }
card-players-paused-on = En pausa en { $player }
card-players-play-on = Reproducir en { $player }
card-players-show-icon = Mostrar icono
card-players-show-icon-on = Mostrar el icono en { $player }

## Portadas

card-covers-title = Portadas
card-covers-intro-editor = Se imprimen en la etiqueta y se muestran en el reproductor. Suelta una imagen sobre una portada o haz clic en ella para elegir un archivo.
card-covers-intro = Se imprimen en la etiqueta y se muestran en el reproductor.

## Detalles

card-about-title = Sobre esta tarjeta
card-no-description = Sin descripción.
card-saved = Tarjeta guardada
card-details-form = Detalles de la tarjeta
card-save = Guardar tarjeta

## Reproducción

card-playback-saved = Reproducción guardada
card-playback-settings = Ajustes de reproducción
card-autoadvance = Tras cada capítulo
card-autoadvance-next = Reproducir el capítulo siguiente
card-autoadvance-none = Detenerse tras cada capítulo
card-autoadvance-repeat = Repetir el capítulo
card-shuffle = Aleatorio
card-shuffle-off = Desactivado: en orden
card-shuffle-on = Activado: orden aleatorio
card-overlay-timeout = Nombre del capítulo en pantalla (segundos)
card-overlay-timeout-hint = Cuánto tiempo se ve el nombre del capítulo en pantalla, de 0 a 3600.
card-resume-timeout = Reanudar dentro de (segundos)
card-resume-timeout-hint = Si vuelves a insertar la tarjeta dentro de este tiempo, sigue donde se quedó, de 0 a 86400.
card-save-playback = Guardar reproducción

## Gestionar la tarjeta

card-address = Dirección
card-home-collection = Colección de origen
card-also-shown-in = También aparece en
card-move-owners-only = Solo los propietarios de su colección pueden mover esta tarjeta a otra colección.
card-moved = Movida a { $collection }
# Las palabras entre <a> y </a> se convierten en un enlace a la página de colecciones; conserva las marcas.
card-move-nowhere = No hay ninguna otra colección que puedas editar a la que mover esta tarjeta. Crea una en la <a>página de colecciones</a>.
card-move = Mover tarjeta
card-move-to = Mover a
card-move-to-hint = La tarjeta pasa a pertenecer a esa colección y a sus miembros.
card-moving = Moviendo…
card-linked-by = vinculada por { $name }
card-linked-by-deleted = vinculada por una cuenta eliminada
card-unlink-label = Quitar de { $collection }
card-unlink = Quitar
card-not-linked = Esta tarjeta solo está en su propia colección.
card-links-list = Colecciones a las que está vinculada esta tarjeta
card-delete = Eliminar tarjeta
card-delete-question = ¿Eliminar «{ $title }»? Sus portadas y ajustes también se eliminan, y desaparece de todas las colecciones a las que está vinculada. Esto no se puede deshacer.
card-delete-confirm = Sí, eliminar tarjeta

## Pistas

card-tracks-title = Pistas
card-tracks-intro-editor = El reproductor las reproduce en orden. Arrastra una pista por su asa para moverla; en ⋯ está todo lo demás.
card-tracks-intro = El reproductor las reproduce en orden.
card-no-tracks-editor = Aún no hay pistas. Graba una, sube archivos de audio (puedes subir varios a la vez), escribe una historia para que la lea una voz o añade una emisión en streaming.
card-no-tracks = Aún no hay pistas.
card-track-list = Pistas en orden de reproducción
card-track-row = Pista { $number }: { $title }
card-track-moved = «{ $title }» es ahora el capítulo { $number }
card-order-not-saved = No se ha guardado el nuevo orden: { $error }
card-conversion-failed = No se ha podido convertir el audio.
card-undo = Deshacer
card-undoing = Deshaciendo…
card-dismiss = Cerrar
card-status-stream = Streaming
card-status-unreachable = Streaming no disponible
card-status-waiting = Esperando conversión
card-status-converting = Convirtiendo
card-status-failed = Error
card-drag-handle = Asa para arrastrar { $title }
card-drag-title = Arrastra para reordenar

## Acciones de una pista

card-track-actions = Acciones de { $title }
card-rename = Renombrar
card-rename-label = Renombrar { $title }
card-edit = Recortar, dividir, fundido
card-edit-label = Editar { $title }
card-move-up = Subir
card-move-up-label = Subir { $title }
card-move-down = Bajar
card-move-down-label = Bajar { $title }
card-icon = Icono
card-icon-label = Cambiar el icono de { $title }
card-track-delete = Eliminar
card-track-delete-question = ¿Eliminar «{ $title }»? Su audio sale de la tarjeta.
card-track-delete-confirm = Sí, eliminar pista
card-track-deleted = «{ $title }» eliminada
# Aparece tras el formato de archivo de una pista que el reproductor recibe en streaming.
card-format-stream = streaming
card-rename-form = Renombrar pista
card-new-title = Nuevo título
# El problema dice qué falla en el título, p. ej. «no puede estar vacío».
card-title-problem = Título: { $problem }
card-save-title = Guardar título
card-cancel = Cancelar

## El reproductor

card-play-track = Reproducir { $title }
card-pause-track = Pausar { $title }
card-player = Reproductor
card-playing = Reproduciendo { $title }
card-player-close = Cerrar el reproductor

## Añadir capítulos

card-add-title = Añadir a esta tarjeta
card-add-record = Grabar
card-add-upload = Subir archivos
card-add-speak = Escribir una historia
card-add-stream = Enlace de streaming
card-upload-choose = Elegir archivos de audio
card-upload-drop = Suelta aquí archivos de audio o elige archivos
card-upload-hint = MP3, M4A, WAV, FLAC, OGG y más. Puedes subir varios a la vez; se añaden en el orden elegido.
card-drop-numbers = Quitar los números de pista de los nombres de archivo
card-drop-numbers-hint = «01 La cueva.mp3» pasa a ser «La cueva»: los capítulos se numeran según su lugar en la tarjeta.
card-uploads = Subidas
card-uploads-clear = Quitar las subidas terminadas
card-upload-of = Subida de { $name }
card-uploading = Subiendo… { $percent } %
card-upload-added = Añadida como «{ $title }»
card-upload-unsupported = Este navegador no puede enviar archivos.
card-upload-unreadable = No se ha entendido la respuesta del servidor: { $error }
card-stream-form = Añadir una emisión en streaming
card-stream-intro = Una radio por internet o un pódcast: el reproductor lo obtiene por su cuenta, así que siempre es lo más reciente.
card-stream-title = Título de la emisión
card-stream-url = Dirección de la emisión
card-stream-url-hint = Una dirección http:// o https:// de la que el reproductor obtiene el audio por su cuenta.
card-stream-add = Añadir emisión
card-stream-adding = Añadiendo…

## Originales guardados

card-originals-intro = Cuando recortas, divides, aplicas un fundido o unes una pista, su original se guarda aquí para poder deshacer la edición. Purga los originales que ya no necesites para liberar espacio.
card-originals-loading = Cargando los originales guardados…
card-originals-none = No hay nada guardado: aún no se ha editado ninguna pista.
card-restored = «{ $title }» recuperada
card-restore-failed = No se ha podido recuperar: { $error }
card-undo-gone = Esa edición ya no se puede deshacer: su original se purgó o se recuperó.
card-purge-failed = No se ha podido purgar: { $error }
card-purge-question = ¿Purgar el original de «{ $title }»? La edición ya no se podrá deshacer.
card-original = Original: { $title }
card-original-play-label = Reproducir el original de { $title }
card-original-player = El original de { $title }
card-original-play = ▶ Reproducir
card-restore = Recuperar
card-purge = Purgar
card-purge-confirm = Sí, purgar

## Varias pistas a la vez (la barra de selección)
card-batch-select = Seleccionar pistas
card-batch-region = Pistas seleccionadas
card-batch-selected = { $count ->
    [one] 1 pista seleccionada
   *[other] { $count } pistas seleccionadas
}
card-batch-all = Seleccionar todas
card-batch-none = No seleccionar ninguna
card-batch-done = Listo
card-batch-pick = Seleccionar «{ $title }»
card-batch-rename = Renombrar…
card-batch-delete = Eliminar
card-batch-delete-question = { $count ->
    [one] ¿Eliminar 1 pista? Podrá deshacerlo justo después.
   *[other] ¿Eliminar { $count } pistas? Podrá deshacerlo justo después.
}
card-batch-delete-yes = Sí, eliminar
card-batch-more = Más acciones para las pistas seleccionadas
card-batch-choose = Más acciones…
card-batch-top = Mover al principio
card-batch-bottom = Mover al final
card-batch-sort-title = Ordenar por título
card-batch-sort-tags = Ordenar por número de pista (etiquetas)
card-batch-reverse = Invertir el orden
card-batch-icons-matched = Iconos según sus títulos
card-batch-icons-default = Iconos numerados
card-batch-loudness = Rehacer el audio (volumen)
card-batch-move = Mover a otra tarjeta
card-batch-copy = Copiar a otra tarjeta
card-batch-working = Trabajando…
card-batch-rename-form = Renombrar las pistas seleccionadas
card-batch-find = Buscar
card-batch-replace = Reemplazar por
card-batch-regex = Expresión regular
card-batch-ignore-case = Ignorar mayúsculas
card-batch-strip-numbers = Quitar los números iniciales
card-batch-title-case = Mayúscula en cada palabra
card-batch-preview = Vista previa
card-batch-apply = Renombrar
card-batch-cancel = Cancelar
card-batch-to-card = Tarjeta
card-batch-loading-cards = Cargando sus tarjetas…
card-batch-no-cards = No hay otra tarjeta que pueda editar.
card-batch-applied = { $action }: { $count ->
    [one] 1 pista
   *[other] { $count } pistas
}
card-batch-did-delete = Eliminadas
card-batch-did-move = Movidas
card-batch-did-copy = Copiadas
card-batch-did-rename = Renombradas
card-batch-did-icons = Iconos cambiados
card-batch-did-loudness = Rehaciendo el audio
card-batch-did-order = Reordenadas
card-batch-undone = Se deshizo la última acción en grupo.
card-batch-undo-last = { $count ->
    [one] Deshacer «{ $action }» (1 pista)
   *[other] Deshacer «{ $action }» ({ $count } pistas)
}
