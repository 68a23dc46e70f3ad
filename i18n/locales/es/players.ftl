# Players: linked player accounts, the devices page (status, controls, settings, shortcuts),
# importing from an account, and the publish dialog.

## Shared by the accounts, devices and import pages

player-no-account-heading = No hay ninguna cuenta de reproductor vinculada
player-link-account = Vincular una cuenta de reproductor
player-needs-relink = Hay que volver a vincularla

## Accounts

player-accounts-trip-expired = Ese enlace tardó demasiado o ya se había usado. Vuelve a empezar la vinculación.
player-accounts-trip-other-session = Ese enlace se abrió en otro navegador o en otra sesión. Vuelve a empezar la vinculación desde aquí.
player-accounts-trip-denied = La plataforma del reproductor no vinculó la cuenta (se rechazó o se canceló).
player-accounts-trip-other = La vinculación no funcionó. Vuelve a empezarla.
player-accounts-trip-failed = La vinculación no terminó: { $reason }
player-accounts-linked-note = Cuenta de reproductor vinculada.
player-accounts-link-unavailable = La vinculación no está configurada en este servidor
player-accounts-link-unavailable-see-above = La vinculación no está configurada en este servidor: mira arriba.
player-accounts-empty-body = Cuando vincules una cuenta, sus reproductores aparecerán en la página Dispositivos y sus tarjetas en la página Importar.
player-accounts-list = Cuentas vinculadas
player-accounts-account = Cuenta { $label }
player-accounts-badge-linked = Vinculada
player-accounts-linked-since = Vinculada desde el { $date }
player-accounts-link-refused = La plataforma del reproductor ya no acepta esta vinculación.
player-accounts-relink-wait = Para publicar en ella y controlar sus reproductores, tendrás que volver a vincularla.
player-accounts-link-again = Volver a vincular
player-accounts-unlink = Desvincular
player-accounts-unlink-question = ¿Desvincular { $label }? Sus tarjetas se quedan en los reproductores; Cardsmith olvida la vinculación y sus claves.
player-accounts-unlink-confirm = Sí, desvincular

## Devices

player-devices-empty-body = Vincula la cuenta que tu familia usa en sus reproductores y aparecerán aquí.
player-devices-relink-notice = Hay que volver a vincular esta cuenta para poder controlar sus reproductores; se muestran tal como se vieron por última vez.
player-devices-relink-link = Vuelve a vincularla en la página Cuentas
player-devices-unreachable = No se pudo contactar con la plataforma del reproductor: estos reproductores se muestran tal como se vieron por última vez.
player-devices-count = { $count ->
    [one] { $count } reproductor
   *[other] { $count } reproductores
}
player-devices-none-registered = No hay reproductores registrados en esta cuenta.
player-devices-none-seen = Todavía no se ha visto ningún reproductor en esta cuenta.
player-devices-list = Reproductores de { $account }
player-device = Reproductor { $name }
player-device-online = En línea
player-device-offline = Sin conexión
player-device-cached = Último estado conocido ({ $time }): no se pudo contactar con la plataforma del reproductor.
player-device-battery = Batería
player-device-battery-level = Nivel de batería
player-device-battery-percent = { $percent } %
player-device-battery-unknown = desconocida
player-device-charging = cargando
player-device-playing = Reproduciendo
player-device-playing-nothing = nada
player-device-volume = Volumen

## Devices: commands and the card picker

player-picker-other = Otra tarjeta, por su ID…
player-picker-card-id = ID de la tarjeta
player-picker-id-hint = El ID de la tarjeta en la plataforma del reproductor: la última parte de su enlace para compartir.
player-control-choose-card = Primero elige la tarjeta que quieres reproducir.
player-control-group = Controlar { $name }
player-control-card = Tarjeta que reproducir
player-control-play = Reproducir
player-control-pause = Pausa
player-control-resume = Continuar
player-control-stop = Detener

## Devices: settings ("auto" and "digital-sun" are values to type: keep them as they are)

player-settings = Ajustes
player-settings-form = Ajustes del reproductor
player-settings-intro = Solo se envían los ajustes que cambies; el reproductor conserva todos los demás.
player-settings-save = Guardar ajustes
player-settings-nothing-changed = No has cambiado nada: primero edita un ajuste.
player-settings-need-fixing = Hay ajustes que corregir; revisa los campos.
player-setting-day-max-volume = Volumen máximo de día
player-setting-night-max-volume = Volumen máximo de noche
player-setting-volume-hint = De 0 a 16
player-setting-day-time = El día empieza a las
player-setting-day-time-hint = Cuándo empiezan el volumen y el brillo de día
player-setting-night-time = La noche empieza a las
player-setting-night-time-hint = Cuándo empiezan el volumen y el brillo de noche
player-setting-day-brightness = Brillo de día
player-setting-night-brightness = Brillo de noche
player-setting-brightness-hint = auto, o de 0 a 100
player-setting-shutdown = Apagar tras (minutos)
player-setting-shutdown-hint = Minutos sin uso antes de que se apague, de 0 a 1440
player-setting-clock-face = Esfera del reloj
player-setting-clock-face-hint = p. ej., digital-sun
player-setting-timezone = Zona horaria
player-setting-timezone-hint = p. ej., Europe/Madrid; si lo dejas vacío, el reproductor la deduce solo

## Devices: shortcuts (problem: the check's complaint, e.g. "is required")

player-shortcuts = Accesos directos
player-shortcuts-intro = Tarjetas que tu peque inicia con los botones del reproductor, de día o de noche. La plataforma del reproductor no deja que las apps lean los accesos directos actuales, así que no se pueden mostrar aquí: al guardar, todos los accesos directos del reproductor se sustituyen por esta lista.
player-shortcuts-list = Accesos directos que se guardarán
player-shortcuts-add = Añadir acceso directo
player-shortcuts-remove-all = Quitar todos los accesos directos
player-shortcuts-save = Guardar accesos directos
player-shortcut = Acceso directo { $number }
player-shortcut-remove-label = Quitar el acceso directo { $number }
player-shortcut-remove = Quitar
player-shortcut-mode = Modo
player-shortcut-day = Día
player-shortcut-night = Noche
player-shortcut-card = Tarjeta
player-shortcut-chapter = Capítulo (opcional)
player-shortcut-track = Pista (opcional)
player-shortcut-example = p. ej., 01
player-shortcut-error-card = Acceso directo { $number }, tarjeta: { $problem }.
player-shortcut-error-mode = Acceso directo { $number }, modo: { $problem }.
player-shortcut-error-other = Acceso directo { $number }: { $problem }.

## Import (problem: the check's complaint about the name, e.g. "must not be empty")

player-import-empty-body = Vincula la cuenta que tu familia usa en sus reproductores para importar las tarjetas que hiciste allí.
player-import-account = Cuenta
player-import-nothing-heading = Nada que importar
player-import-nothing-body = Esta cuenta todavía no tiene tarjetas propias.
player-import-cards-list = Tarjetas de la cuenta
player-import-cover = Portada de { $title }
player-import-progress = Importando { $title }
# link: the link "open the card" (player-import-open-card)
player-import-imported = Importada: { $link }
player-import-open-card = abrir la tarjeta
player-import-importing = Importando…
player-import-again = Importar de nuevo
player-import-start = Importar
player-import-already = Ya importada
player-import-changed-since-published = Cambiada desde que se publicó
player-import-edited-since-import = Editada aquí desde la importación
# collection: a link to the collection, with its name
player-import-made-here = Hecha aquí — ya está en { $collection }
player-import-open-card-named = Abrir la tarjeta { $title }
player-import-open-card-button = Abrir la tarjeta
player-import-into = Importar en
player-import-default-collection = Mis grabaciones (se crea para ti)
player-import-new-collection = Una colección nueva…
player-import-new-collection-name = Nombre de la colección nueva
player-import-new-collection-hint = Se crea con la primera tarjeta que importes
player-import-new-collection-refused = Nombre de la colección nueva: { $problem }

## Publishing: badges

player-badge-title = Cómo está esta tarjeta en tus reproductores
player-badge-on-player = En el reproductor
player-badge-changed = Cambiada desde que se publicó
player-badge-publishing = Publicando…
player-badge-failed = Error al publicar

## Publishing: the dialog

player-publish-title = Publicar en el reproductor
player-publish-cards-chosen = Tarjetas elegidas: { $chosen } de { $total }
player-publish-checking = Comprobando…
player-publish-check = Ver qué va a cambiar
player-publish-verify = Verificar
player-publish-publish = Publicar
player-publish-back = Atrás
player-publish-nothing-to-send = Todo lo elegido ya está en el reproductor.
player-publish-will-send = { $count ->
    [one] Se enviará { $count } tarjeta.
   *[other] Se enviarán { $count } tarjetas.
}
player-publish-running = Publicando… Puedes cerrar esta ventana: la publicación sigue adelante.
player-publish-done = Hecho
player-publish-no-account = Todavía no hay ninguna cuenta de reproductor vinculada.
player-publish-no-account-text = Vincula la cuenta de reproductor de tu familia y luego publica desde aquí.
player-publish-no-account-link = Vincular una cuenta en la página Cuentas
player-publish-accounts = Cuentas de reproductor
player-publish-account-relink = Hay que volver a vincularla antes de publicar.
player-publish-account-relink-link = Volver a vincularla en la página Cuentas
player-publish-cards = Tarjetas
player-publish-select-all = Elegir todas
player-publish-select-none = No elegir ninguna
player-publish-no-tracks = Aún sin pistas
player-publish-verified-heading = Ahora en el reproductor
player-publish-verified-list = Verificado en el reproductor
player-publish-on-account = en { $account }
player-verify-in-sync = Al día en el reproductor
player-verify-changed-locally = Cambiada aquí desde que se publicó
player-verify-changed-upstream = Cambiada en el lado del reproductor
player-verify-missing = Eliminada de la cuenta
player-verify-not-published = Aún sin publicar

## Publishing: the plan and the progress of each card and account
## (items: upload parts joined by " · ", e.g. "1 audio file (32 KB) · 1 icon · cover")

player-action-create = Crear
player-action-update = Actualizar
player-action-unchanged = Sin cambios
player-uploads-refused = El reproductor rechazaría esta tarjeta: { $problems }
player-uploads-already = Ya está en el reproductor: no se enviará nada
player-uploads-details-only = No hay audio que subir: solo se envían los datos de la tarjeta
player-uploads-no-audio = Sin audio · por subir: { $items }
player-uploads = Por subir: { $items }
player-uploads-audio = { $count ->
    [one] { $count } archivo de audio ({ $size })
   *[other] { $count } archivos de audio ({ $size })
}
player-uploads-icons = { $count ->
    [one] { $count } icono
   *[other] { $count } iconos
}
player-uploads-cover = portada
player-plan-create = { $count } por crear
player-plan-update = { $count } por actualizar
player-plan-unchanged = { $count } sin cambios
player-plan-upload = { $size } de audio por subir
player-plan-no-upload = sin audio que subir
player-outcome-published = { $count ->
    [one] { $count } publicada
   *[other] { $count } publicadas
}
player-outcome-unchanged = { $count } sin cambios
player-outcome-failed = { $count ->
    [one] { $count } fallida
   *[other] { $count } fallidas
}
player-runs-list = Plan de publicación
player-run-to = a { $account }
player-run-progress-label = Publicando { $name }
player-run-unchanged = Sin cambios, no se envió nada
player-run-published = Publicada
player-run-failed = Error: { $reason }
player-run-progress = Publicando… { $percent } %
player-run-queued = En cola

# Lo que se envió al reproductor, dicho tras pulsar un control.
player-sent-play = Reproducir enviado al reproductor
player-sent-pause = Pausa enviada al reproductor
player-sent-resume = Continuar enviado al reproductor
player-sent-stop = Detener enviado al reproductor
player-sent-status = Se ha pedido su estado al reproductor
player-sent-volume = Volumen ajustado en el reproductor
player-sent-sleep-timer = Temporizador de apagado ajustado en el reproductor
player-sent-ambient = Color de la luz nocturna ajustado en el reproductor
player-sent-next = Se ha pasado al siguiente capítulo
player-sent-previous = Se ha vuelto al capítulo anterior
player-sent-events = Se ha preguntado al reproductor qué está sonando
player-sent-preview = El icono se muestra en el reproductor
player-settings-saved = { $count ->
    [one] { $count } ajuste guardado en el reproductor
   *[other] { $count } ajustes guardados en el reproductor
}
player-shortcuts-saved = { $count ->
    [one] { $count } atajo guardado en el reproductor
   *[other] { $count } atajos guardados en el reproductor
}

## La página de reproductores: lo que hace un reproductor ahora (en directo)
player-live-heading = Sonando ahora
player-live-live = En directo
player-live-connecting = Conectando…
player-live-unavailable = Sin directo
player-live-relink = Vuelve a vincular la cuenta para verlo en directo
player-live-waiting = Esperando noticias del reproductor…
player-live-nothing = No suena nada
player-live-offline = El reproductor está apagado o fuera de alcance
player-live-status-playing = Reproduciendo
player-live-status-paused = En pausa
player-live-status-stopped = Detenido
player-live-status-loading = Cargando…
player-live-progress = Posición en el capítulo
player-live-pause = Pausa
player-live-resume = Reanudar
player-live-stop = Detener
player-live-next = Capítulo siguiente
player-live-previous = Capítulo anterior
player-live-volume = Volumen
player-live-sleep = Temporizador de apagado
player-live-sleep-off = Desactivado
player-live-sleep-minutes = { $minutes } min
player-live-sleep-left = Se detiene en { $time }
