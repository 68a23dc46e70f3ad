# La biblioteca de tarjetas, las colecciones, los primeros pasos, el contenido de ejemplo, poner
# tarjetas en los reproductores, las hojas de etiquetas y las piezas comunes (formularios,
# diálogos, subidas, enlaces).

## La biblioteca de tarjetas: búsqueda, filtros, mosaico y lista, páginas

library-cards = Tarjetas
library-cards-in-collection = Tarjetas de esta colección
library-empty-cards = Las tarjetas son las listas de reproducción de audio que suenan en el reproductor de tu hijo. Están en colecciones: abre una colección, o crea una, y añade allí una tarjeta.
library-go-to-collections = Ir a tus colecciones
library-empty-collection-editor = Añade la primera tarjeta con el formulario de abajo: basta con un título para empezar.
library-empty-collection-viewer = Nadie ha añadido todavía una tarjeta a esta colección.
library-no-cards = No hay tarjetas
library-no-cards-yet = Aún no hay tarjetas
library-no-cards-match = Ninguna tarjeta coincide
library-no-match-text = Nada coincide con estas palabras y filtros. Prueba con menos palabras, con el nombre de una pista o con otros filtros.
library-clear-search = Borrar búsqueda y filtros
library-cards-not-loaded = No se pudieron cargar las tarjetas: { $error }
library-showing = { $count ->
    [one] { $first }–{ $last } de { $total } tarjeta
   *[other] { $first }–{ $last } de { $total } tarjetas
}
library-none-shown = No se muestra ninguna tarjeta (de { $total })
library-pages = Páginas
library-previous = ‹ Anterior
library-previous-page = Página anterior
library-next = Siguiente ›
library-next-page = Página siguiente
library-page = Página { $page }
library-track-count = { $count ->
    [0] Sin pistas
    [one] { $count } pista
   *[other] { $count } pistas
}
library-linked = Vinculada
library-home = Propia
library-in-collection = en { $collection }

library-search-and-filter = Buscar y filtrar tarjetas
library-search-cards = Buscar tarjetas
library-search-placeholder = Título, autor, descripción o una pista
library-collection = Colección
library-all-collections = Todas las colecciones
library-publish-state = Publicación
library-tracks = Pistas
library-sort-by = Ordenar por
library-view = Vista
library-filter-any = Todas
library-publish-never = Nunca publicada
library-publish-on-player = En el reproductor
library-publish-changed = Cambiada desde que se publicó
library-publish-publishing = Publicando…
library-publish-failed = Error al publicar
library-tracks-some = Con pistas
library-tracks-none = Aún sin pistas
library-sort-title = Título A–Z
library-sort-updated = Modificadas recientemente
library-sort-created = Creadas recientemente
library-view-tiles = Mosaico
library-view-list = Lista

## Las páginas de tarjetas y de colecciones

library-print-labels = Imprimir etiquetas
library-cards-intro = Todas las tarjetas de tus colecciones y de las que otros comparten contigo.
library-collections-intro = Las colecciones agrupan tarjetas y se pueden compartir con tu familia.
library-no-collections = Aún no hay colecciones
library-no-collections-text = Crea tu primera colección con el formulario: ponle un nombre como «Cuentos para dormir» y luego añádele tarjetas.
library-default-collection = Predeterminada
library-new-collection = Nueva colección
library-name = Nombre
library-description = Descripción
library-collection-description-hint = Opcional: para quién es o qué va dentro.
library-create-collection = Crear colección
library-creating = Creando…
library-collection-created = «{ $name }» creada: abriéndola…
library-address = Dirección: { $address }

## Los primeros pasos en una biblioteca vacía

library-first-run-heading = Crea tu primera tarjeta
library-start-record = ● Grabar un cuento
library-start-record-text = Lee un cuento en voz alta con el micrófono de este dispositivo.
library-opening-recorder = Abriendo la grabadora…
library-start-upload = ⬆ Subir audio
library-start-upload-text = Canciones o cuentos que ya tienes: MP3, M4A, WAV y más.
library-opening = Abriendo…
library-start-examples = ★ Probar las tarjetas de ejemplo
library-start-examples-text = Tres cuentos cortos narrados, con portadas e iconos, para ver cómo funciona.
library-making-examples = Creando los ejemplos…
library-first-run-link-player = Para reproducir tarjetas en el reproductor de tu hijo, { $link }.
library-first-run-link-player-link = vincula tu cuenta de reproductor

## Contenido de ejemplo (administradores)

library-examples-heading = Contenido de ejemplo
library-examples-text = Tres tarjetas de ejemplo creadas en este servidor, sin internet: cuentos cortos leídos por una voz sin conexión, con portadas e iconos de capítulo dibujados. Van a una colección llamada «Examples» que es tuya, listas para ver, publicar e imprimir. Se crean una sola vez por instancia.
library-looking = Comprobando…
library-add-examples = Añadir tarjetas de ejemplo
library-examples-progress = Leyendo los cuentos en voz alta y dibujando las portadas…
library-examples-progress-label = Creando los ejemplos
library-examples-already = Los ejemplos ya estaban; no se ha creado nada nuevo.
library-examples-made = { $cards ->
    [one] Se ha creado { $cards } tarjeta
   *[other] Se han creado { $cards } tarjetas
} con { $tracks ->
    [one] { $tracks } pista
   *[other] { $tracks } pistas
}.
library-examples-there = Esta instancia ya tiene sus tarjetas de ejemplo.
library-examples-converting = Convirtiendo el audio: { $ready } de { $total ->
    [one] { $total } pista lista
   *[other] { $total } pistas listas
}.
library-examples-converted = Pistas convertidas
library-examples-ready = { $total ->
    [one] La pista está lista para escucharse.
   *[other] Las { $total } pistas están listas para escucharse.
}
library-examples-open = Abrir la colección «Examples»
library-examples-deleted = La colección «Examples» se eliminó; volver a crear los ejemplos no añade nada.

## Poner las tarjetas de una colección en los reproductores

library-seed-open = Poner en los reproductores…
library-seed-title = Poner en los reproductores
library-seed-intro = Las tarjetas se publican en la cuenta de los reproductores donde haga falta y se añaden a los accesos directos de cada reproductor, junto a los que ya tiene.
library-seed-no-players = Aún no hay reproductores: primero { $link }.
library-seed-no-players-link = vincula una cuenta de reproductor
library-seed-players = Reproductores
library-seed-when = Cuándo (déjalo vacío para ahora mismo)
library-seed-progress = Poniendo las tarjetas en los reproductores
library-seed-choose-player = Elige al menos un reproductor.
library-seed-one-account = Elige reproductores de una sola cuenta cada vez.
library-seed-not-a-time = Eso no es una hora válida.
library-seed-scheduled = { $count ->
    [one] Programado para { $when }: { $count } reproductor recibirá entonces las tarjetas.
   *[other] Programado para { $when }: { $count } reproductores recibirán entonces las tarjetas.
}
library-seed-done = { $count ->
    [one] Hecho: las tarjetas están en { $count } reproductor, a un botón de distancia.
   *[other] Hecho: las tarjetas están en { $count } reproductores, a un botón de distancia.
}

## Las hojas de etiquetas y sus enlaces para compartir

library-labels-intro = Imprime pegatinas para tarjetas físicas: cada etiqueta muestra toda la portada delantera, el título y el autor, y los capítulos con sus iconos, a tamaño real de tarjeta.
library-no-cards-to-print = Aún no hay tarjetas para imprimir
library-no-cards-to-print-text = Las etiquetas se hacen a partir de tus tarjetas. Abre una colección, añade primero una tarjeta y luego vuelve aquí.
library-build-sheet = Montar una hoja
library-select-all = Seleccionar todas
library-selected = { $count ->
    [one] { $count } de { $total } seleccionada
   *[other] { $count } de { $total } seleccionadas
}
library-format = Formato
library-page-size = Tamaño de página
library-page-size-a4 = A4 — 9 tarjetas con marcas de corte
library-page-size-letter = Carta EE. UU. — 9 tarjetas con marcas de corte
library-page-size-card = Tamaño tarjeta — 1 tarjeta por página, para impresoras de tarjetas y de fotos
library-page-size-avery-l7166 = Pegatinas Avery L7166 (A4) — 6 tarjetas
library-page-size-avery-5168 = Pegatinas Avery 5168 (Carta EE. UU.) — 4 tarjetas
library-generate-labels = Generar etiquetas
library-generating = Generando…
library-no-sheet = Aún no hay hoja
library-no-sheet-text = Marca las tarjetas que quieras imprimir, elige un formato y un tamaño de página y pulsa «Generar etiquetas». La hoja aparece aquí para verla, descargarla y compartirla.
library-your-sheet = Tu hoja
library-label-preview = Vista previa de las etiquetas
library-download = Descargar
library-create-share-link = Crear enlace para compartir
library-creating-link = Creando enlace…
library-share-anyone = Cualquiera con este enlace puede abrir la hoja hasta que lo revoques:
library-copy-share-link = Copiar enlace para compartir

library-share-links = Enlaces para compartir
library-share-links-intro = Un enlace para compartir abre una hoja sin iniciar sesión, para quien la imprima. Revoca los enlaces que ya no necesites.
library-no-share-links = No hay enlaces para compartir
library-no-share-links-text = Genera una hoja arriba y pulsa «Crear enlace para compartir» para que otra persona pueda imprimirla.
library-revoke-all = Revocar todos
library-revoke-all-question = ¿Revocar todos los enlaces para compartir? Nadie podrá volver a abrir tus hojas con ellos; las hojas en sí se quedan.
library-revoke-all-confirm = Sí, revocar todos
library-shares-revoked = { $count ->
    [one] { $count } enlace revocado
   *[other] { $count } enlaces revocados
}
library-share-created = Creado el { $when }
library-open = Abrir
library-revoke = Revocar
library-revoke-link = Revocar el enlace a { $file } creado el { $when }

## Piezas comunes: copiar, diálogos, preguntas, direcciones, campos de una tarjeta, imágenes, solicitudes

library-copy = Copiar
library-copy-link = Copiar enlace
library-copied = Copiado
library-copy-by-hand = Copia el enlace a mano: esta página no puede acceder al portapapeles
library-close = Cerrar
library-cancel = Cancelar
library-working = Procesando…

library-slug = Identificador
library-slug-hint = La última parte de la dirección: letras minúsculas, números y guiones sueltos. Los enlaces antiguos dejarán de funcionar.
library-change-slug = Cambiar identificador
library-slug-changing = Cambiando…
library-slug-checking = Comprobando…
library-slug-unchecked = Ahora no se ha podido comprobar; al guardar lo sabrás.
library-slug-available = { $address } está disponible
library-slug-taken = { $address } ya está en uso
library-slug-required = { $address }: el identificador es obligatorio
library-slug-too-long = { $address } debe tener como máximo { $max } caracteres
library-slug-malformed = { $address } solo puede contener letras minúsculas, números y guiones sueltos, no al principio ni al final
library-slug-problem = { $address } { $problem }

library-title = Título
library-author = Autor
library-card-description-hint = Opcional: lo que escucha el niño en esta tarjeta.
library-card-author-hint = Opcional: quién escribió o narra el cuento.
library-player-title-limit = Los reproductores admiten títulos de hasta { $max } caracteres y este tiene { $length }: acórtalo para publicar la tarjeta en un reproductor.
library-whole-number = debe ser un número entero

library-current-image = Imagen actual
library-no-image = Aún no hay imagen
library-choose-image = Elegir un archivo de imagen
library-drop-image = Suelta una imagen aquí o elige un archivo
library-uploading = Subiendo…
library-image-hint = JPEG, PNG, WebP o GIF, hasta 10 MB.
library-image-wrong-type = Elige una imagen JPEG, PNG, WebP o GIF.
library-image-empty = Este archivo está vacío.
library-image-too-large = Esta imagen ocupa { $size } MB; las imágenes pueden ocupar como máximo 10 MB.
library-image-larger-than-server = La imagen es más grande de lo que acepta el servidor.
library-upload-failed = La subida ha fallado ({ $status }).
library-browser-cannot-send = Este navegador no puede enviar archivos.

library-offline = No se puede conectar con el servidor; comprueba tu conexión e inténtalo de nuevo.
library-file-too-large = El archivo es más grande de lo que acepta el servidor.
library-not-audio = No es un archivo de audio que el servidor pueda leer.
library-request-failed = La solicitud ha fallado ({ $status }).
library-request-not-written = No se pudo preparar la solicitud: { $error }
library-answer-not-understood = No se entendió la respuesta del servidor: { $error }
library-job-not-finished = La tarea no terminó.
library-browser-only = Esto solo funciona en el navegador.

# The label sheets' own words.
label-sheet-title = Etiquetas de tarjetas
label-more = + { $count } más

## Many cards at once (the library's selection)
library-pick = Seleccionar «{ $title }»
library-select = Seleccionar tarjetas
library-bulk = Acciones sobre las tarjetas seleccionadas
library-bulk-selected = { $count ->
    [one] 1 tarjeta seleccionada
   *[other] { $count } tarjetas seleccionadas
} ({ $tracks ->
    [one] 1 pista
   *[other] { $tracks } pistas
})
library-select-page = Seleccionar esta página
library-select-done = Listo
library-bulk-move = Mover a…
library-bulk-link = Enlazar en…
library-bulk-publish = Publicar…
library-bulk-export = Exportar como ZIP
library-bulk-delete = Eliminar…
library-bulk-cancel = Cancelar
library-bulk-move-to = Mover las tarjetas a
library-bulk-link-into = Mostrar las tarjetas en
library-bulk-move-go = Mover
library-bulk-link-go = Enlazar
library-bulk-delete-question = { $count ->
    [one] ¿Eliminar 1 tarjeta y sus { $tracks } pistas? No se puede deshacer.
   *[other] ¿Eliminar { $count } tarjetas y sus { $tracks } pistas? No se puede deshacer.
}
library-bulk-delete-confirm = { $count ->
    [one] Eliminar 1 tarjeta
   *[other] Eliminar { $count } tarjetas
}
library-bulk-moved = { $count ->
    [one] 1 tarjeta movida.
   *[other] { $count } tarjetas movidas.
}
library-bulk-linked = { $count ->
    [one] 1 tarjeta enlazada.
   *[other] { $count } tarjetas enlazadas.
}
library-bulk-deleted = { $count ->
    [one] 1 tarjeta eliminada, con { $tracks } pistas.
   *[other] { $count } tarjetas eliminadas, con { $tracks } pistas.
}
