# Las páginas de administración: usuarios, registro, estado, bandeja de salida, eliminación de cuentas, tareas.

adm-newer = Más recientes
adm-older = Más antiguos
adm-queuing = Poniendo en cola…

## Usuarios

adm-users-loading = Cargando los usuarios…
adm-users-list = Usuarios
adm-users-role-user = Usuario
adm-users-role-admin = Administrador
adm-users-badge-user = usuario
adm-users-badge-admin = admin
adm-users-status-active = activo
adm-users-status-locked = bloqueado
adm-users-status-deactivated = desactivado
adm-users-signed-out = { $count ->
    [one] Se cerró { $count } sesión
   *[other] Se cerraron { $count } sesiones
}
adm-users-edit = Editar
adm-users-edit-label = Editar: { $email }
adm-users-sign-out = Cerrar sesión en todas partes
adm-users-sign-out-label = Cerrar sesión en todas partes: { $email }
adm-users-display-name = Nombre visible
adm-users-role = Rol
adm-users-save = Guardar usuario
adm-users-cancel = Cancelar
adm-users-new = Nuevo usuario
adm-users-email = Correo electrónico
adm-users-name-hint = Opcional; por defecto, la parte del correo antes de la @.
adm-users-password = Contraseña
adm-users-password-hint = Al menos 10 caracteres.
adm-users-create = Crear usuario
adm-users-creating = Creando…
adm-users-created = { $email } creado
adm-users-deactivate = Desactivar
adm-users-deactivate-yes = Sí, desactivar
adm-users-deactivate-question = ¿Desactivar { $email }? Se cerrarán todas sus sesiones y no podrá iniciar sesión hasta que se reactive su cuenta.
adm-users-unlock = Desbloquear
adm-users-unlock-label = Desbloquear: { $email }
adm-users-reactivate = Reactivar

## Registro

adm-audit-filter-label = Filtrar el registro
adm-audit-user = Usuario
adm-audit-action = Acción
adm-audit-action-hint = Exacta, p. ej. auth.login o card.created
adm-audit-apply = Aplicar filtros
adm-audit-loading = Cargando el registro…
adm-audit-pages = Páginas del registro
adm-audit-everyone = Todos
adm-audit-system = sistema
adm-audit-empty = Ninguna entrada coincide.
adm-audit-caption = Entradas { $first } a { $last } del registro, las más recientes primero
adm-audit-time-utc = Hora (UTC)
adm-audit-time = Hora
adm-audit-by = Por
adm-audit-detail = Detalle
adm-audit-address = Dirección

## Estado

adm-health-running = Ejecutando las comprobaciones…
adm-health-all-passed = Todas las comprobaciones son correctas.
adm-health-some-failed = Algunas comprobaciones fallaron; el registro del servidor explica por qué.
adm-health-checked-at = Comprobado el { $time }.
adm-health-check-again = Comprobar de nuevo
adm-health-checks = Comprobaciones
adm-health-counts = Cifras
adm-health-users = Usuarios
adm-health-active-users = Usuarios activos
adm-health-deactivated-users = Usuarios desactivados
adm-health-locked-users = Usuarios bloqueados
adm-health-unverified-users = Usuarios sin verificar
adm-health-admins = Administradores
adm-health-collections = Colecciones
adm-health-orphaned-collections = Colecciones huérfanas
adm-health-cards = Tarjetas
adm-health-tracks = Pistas
adm-health-jobs-waiting = Tareas en espera
adm-health-jobs-running = Tareas en curso
adm-health-jobs-succeeded = Tareas completadas
adm-health-jobs-failed = Tareas fallidas
adm-health-jobs-cancelled = Tareas canceladas
adm-health-metrics = Prometheus puede recoger estas cifras, junto con las latencias de las peticiones por ruta, las ejecuciones de tareas y las llamadas a la plataforma, desde { $path } (con una sesión de administrador o un token bearer; consulta { $reference } y la página de métricas de la guía de administración, docs/src/admin/metrics.md).
adm-health-metrics-reference = la referencia de la API
adm-health-ok = OK
adm-health-failed = Falló
adm-health-skipped = Omitida
adm-health-took = Tardó { $ms } ms
adm-health-database = Base de datos
adm-health-disk = Espacio en disco
adm-health-job-queue = Cola de tareas
adm-health-upstream = Plataforma de los reproductores
adm-health-check = Comprobación
adm-health-free-of = { $free } libres de { $total }
adm-health-oldest-waiting = Tarea en espera más antigua: { $age }
adm-health-no-job-waiting = Ninguna tarea en espera
adm-health-no-platform = No hay ninguna plataforma configurada
adm-health-age-minutes = { $minutes } min
adm-health-age-hours = { $hours } h

## Bandeja de salida

adm-mail-loading = Cargando el correo…
adm-mail-loading-message = Cargando el mensaje…
adm-mail-all = Todos
adm-mail-queued = En cola
adm-mail-sent = Enviado
adm-mail-in-outbox = En la bandeja de salida
adm-mail-failed = Fallido
adm-mail-status = Estado
adm-mail-total = { $count ->
    [one] { $count } mensaje
   *[other] { $count } mensajes
}
adm-mail-pages = Páginas de la bandeja de salida
adm-mail-delivery-smtp = El correo se envía a través del servidor SMTP configurado en CARDSMITH_SMTP_URL. Un mensaje figura como «En cola» hasta que el servidor lo acepta; tras 20 intentos fallidos figura como «Fallido» y se puede volver a enviar.
adm-mail-delivery-outbox = No hay ningún servidor SMTP configurado, así que el correo no se envía: se guarda aquí (y como archivos .eml en la carpeta outbox del directorio de datos). Abre un mensaje para leer sus enlaces y pásaselos a su destinatario.
adm-mail-empty = No hay mensajes.
adm-mail-caption = Mensajes { $first } a { $last }, los más recientes primero
adm-mail-queued-utc = En cola desde (UTC)
adm-mail-queued-at = En cola desde
adm-mail-sent-utc = Enviado (UTC)
adm-mail-to = Para
adm-mail-subject = Asunto
adm-mail-attempts = Intentos
adm-mail-send-again = Volver a enviar
adm-mail-last-attempt = Último intento: { $error }
adm-mail-message = Mensaje
adm-mail-html = Versión HTML (código fuente)

## Eliminación de cuentas

adm-deletion-tabs = Eliminación de cuentas
adm-deletion-loading = Cargando las solicitudes…
adm-deletion-empty-heading = No hay solicitudes de eliminación pendientes
adm-deletion-empty-body = Los usuarios la piden en Ajustes → Eliminar mi cuenta; las solicitudes esperan aquí hasta que decidas o caduquen.
adm-deletion-pending = Solicitudes de eliminación pendientes
adm-deletion-approve-question = ¿Eliminar ahora la cuenta de { $who }? No se puede deshacer: sus sesiones terminan, sus tareas se detienen y se eliminan sus cuentas de reproductor, grabaciones y hojas de etiquetas. Las colecciones pasan a los propietarios elegidos arriba o quedan huérfanas.
adm-deletion-reject-question = ¿Rechazar la solicitud de { $who }? Su cuenta se mantiene; puede volver a pedirlo.
adm-deletion-no-reason = No se indicó ningún motivo.
adm-deletion-dates = Solicitada el { $asked } · caduca el { $expires }
adm-deletion-approve = Aprobar y eliminar
adm-deletion-approve-yes = Sí, eliminar la cuenta
adm-deletion-reject = Rechazar
adm-deletion-reject-yes = Sí, rechazar
adm-orphans-empty-heading = No hay colecciones huérfanas
adm-orphans-empty-body = Una colección llega aquí cuando se elimina a su único propietario y nadie fue elegido para quedársela.
adm-orphans-slug-created = /{ $slug } · creada el { $date }
adm-orphans-assign-label = Asignar { $name }
adm-orphans-new-owner = Nuevo propietario
adm-orphans-choose = Elige un usuario…
adm-orphans-assign = Asignar

## Tareas

adm-jobs-loading = Cargando las tareas…
adm-jobs-all-statuses = Todos
adm-jobs-all-kinds = Todos
adm-jobs-queued = En cola
adm-jobs-running = En curso
adm-jobs-succeeded = Completada
adm-jobs-failed = Fallida
adm-jobs-cancelled = Cancelada
adm-jobs-kind-transcode = Convertir audio
adm-jobs-kind-trim = Recortar
adm-jobs-kind-split = Dividir
adm-jobs-kind-merge = Unir
adm-jobs-kind-fade = Fundido
adm-jobs-kind-rescan = Volver a escanear la biblioteca
adm-jobs-kind-backup = Copia de seguridad
adm-jobs-kind-backup-verify = Comprobación de copias
adm-jobs-kind-export = Tarjetas descargadas en ZIP
adm-jobs-kind-feed = Feed de pódcast leído en su tarjeta
adm-jobs-kind-publish = Publicar
adm-jobs-kind-import = Importar
adm-jobs-kind-seed = Poner en los reproductores
adm-jobs-kind-mail = Enviar correo
adm-jobs-kind-story = Crear un cuento
adm-jobs-kind-cover = Dibujar una portada
adm-jobs-kind-icons = Dibujar iconos
adm-jobs-load-failed = No se pudieron cargar las tareas: { $error }
adm-jobs-cancelled-note = Se canceló la tarea.
adm-jobs-retried-note = Se volvió a poner en cola como tarea nueva.
adm-jobs-filter-label = Filtrar las tareas
adm-jobs-status = Estado
adm-jobs-kind = Tipo
adm-jobs-list = Tareas
adm-jobs-empty = Ninguna tarea coincide.
adm-jobs-pages = Páginas de tareas
adm-jobs-page = Página { $page }
adm-jobs-instance = El propio Cardsmith
adm-jobs-just-now = ahora mismo
adm-jobs-seconds-ago = { $count ->
    [one] hace { $count } segundo
   *[other] hace { $count } segundos
}
adm-jobs-minutes-ago = { $count ->
    [one] hace { $count } minuto
   *[other] hace { $count } minutos
}
adm-jobs-hours-ago = { $count ->
    [one] hace { $count } hora
   *[other] hace { $count } horas
}
adm-jobs-days-ago = { $count ->
    [one] hace { $count } día
   *[other] hace { $count } días
}
adm-jobs-queued-ago = Añadida a la cola { $ago }
adm-jobs-finished = Terminada { $ago }
adm-jobs-retrying = El último intento falló; se vuelve a intentar: { $error }
adm-jobs-stop-question = ¿Detener la tarea «{ $kind }» para { $who }? Termina ahora, sin acabar.
adm-jobs-cancel-question = ¿Cancelar la tarea «{ $kind }» para { $who }? No se ejecutará.
adm-jobs-cancel = Cancelar tarea
adm-jobs-cancel-name = Cancelar tarea: { $kind } para { $who }
adm-jobs-cancel-yes = Sí, cancelar tarea
adm-jobs-keep = Mantenerla
adm-jobs-retry = Reintentar
adm-jobs-retry-label = Reintentar: { $kind } para { $who }
adm-jobs-row-label = { $kind } para { $who }: { $status }
adm-jobs-progress = Progreso: { $kind }

adm-users-reset-link-made = Dale tú mismo este enlace a { $email }: permite elegir una contraseña nueva una sola vez, en un plazo de { $lifetime }, y cierra su sesión en todas partes.

adm-health-backup = Copias de seguridad
adm-health-backup-failed = La última copia o comprobación falló, o ninguna terminó a tiempo: mira Copias de seguridad.
adm-health-no-backups = No hay copias de seguridad configuradas (CARDSMITH_BACKUP_TO).
adm-backups-heading = Base de datos y medios
adm-backups-looking = Mirando las copias…
adm-backups-off = Las copias de seguridad están apagadas: nada copia las grabaciones a otro lugar.
adm-backups-how = Pon en CARDSMITH_BACKUP_TO una carpeta de otro disco, o s3://bucket/prefijo, y reinicia: se hará una copia cada día y se guardarán según la regla last=3,daily=7,weekly=4. La línea de órdenes hace lo mismo a mano: cardsmith backup --to CARPETA.
adm-backups-failing = La última copia o comprobación falló. El registro del servidor dice por qué.
adm-backups-ok = Las copias de seguridad funcionan.
adm-backups-none-yet = Todavía no ha terminado ninguna copia.
adm-backups-target = Guardadas en
adm-backups-schedule = Calendario
adm-backups-keep = guardando { $rule }
adm-backups-next = Próxima copia
adm-backups-key = Clave de cifrado
adm-backups-key-sealed = En cada copia, sellada con tu frase de paso.
adm-backups-key-absent = No está en las copias: guarda DATA_DIR/encryption.key aparte y a salvo. Restaurado sin ella, habrá que volver a vincular las cuentas de los reproductores y escribir de nuevo las claves de IA.
adm-backups-now = Copiar ahora
adm-backups-running = Copiando…
adm-backups-verify = Comprobar las copias
adm-backups-verifying = Comprobando…
adm-backups-progress = Copia:
adm-backups-verify-progress = Comprobación:
adm-backups-last = Última copia
adm-backups-last-verify = Última comprobación
adm-backups-never = Ninguna todavía.
adm-backups-succeeded = Correcta
adm-backups-failed = Fallida
adm-backups-files = base de datos y { $files ->
    [one] { $files } archivo
   *[other] { $files } archivos
}, { $size }
adm-backups-copied = { $objects ->
    [one] { $objects } objeto copiado
   *[other] { $objects } objetos copiados
} ({ $size })
adm-backups-took = tardó { $seconds } s
adm-backups-checked = { $objects } objetos releídos
adm-backups-problems = Faltan o están dañados:
adm-backups-unreadable = No se puede leer el destino de las copias ahora. El registro del servidor dice por qué.
adm-backups-kept = { $count ->
    [one] Una copia guardada
   *[other] { $count } copias guardadas
}
adm-backups-every-days = { $days ->
    [one] cada día
   *[other] cada { $days } días
}
adm-backups-every-hours = { $hours ->
    [one] cada hora
   *[other] cada { $hours } horas
}
adm-backups-every-minutes = { $minutes ->
    [one] cada minuto
   *[other] cada { $minutes } minutos
}
