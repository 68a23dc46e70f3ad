# Páginas y secciones de la cuenta: restablecer la contraseña, confirmar el correo, vincular un
# reproductor (páginas que se abren desde un correo), inicio de sesión único, eliminación de la
# cuenta, acciones del administrador sobre el correo, proveedores de IA.

## Enlaces enviados por correo

account-link-incomplete = Esta página necesita el enlace completo del correo.
account-link-malformed = Este enlace no es un enlace válido; copia el enlace completo del correo o pide uno nuevo
account-link-not-valid = Este enlace no es válido; copia el enlace completo del correo o pide uno nuevo
account-link-used = Este enlace ya se ha usado (cada enlace funciona una sola vez); pide uno nuevo si lo necesitas
account-link-expired = Este enlace ha caducado (estos enlaces duran { $hours ->
        [one] { $hours } hora
       *[other] { $hours } horas
    }); pide uno nuevo
account-link-problem = Problema con este enlace: { $problem }
account-back-to-sign-in = Volver a iniciar sesión
account-ask-new-link = Pedir un enlace nuevo
account-cancel = Cancelar

## Contraseña olvidada

account-forgot-heading = ¿Olvidaste tu contraseña?
account-forgot-intro = Escribe el correo de tu cuenta. Te enviaremos un enlace para elegir una contraseña nueva.
account-forgot-send = Enviar enlace de restablecimiento
account-forgot-sending = Enviando…
account-forgot-sent-heading = Revisa tu correo
account-forgot-no-mail = ¿No te ha llegado nada? Mira en la carpeta de spam o pregunta a un administrador: puede darte él mismo un enlace de restablecimiento.

## Elegir una contraseña nueva

account-password-mismatch = no coincide con la contraseña nueva
account-reset-intro = Al establecerla se cerrará tu sesión en todos los dispositivos; después inicia sesión con la contraseña nueva.
account-reset-password-hint = Al menos 10 caracteres.
account-reset-password-again = Repite la contraseña nueva
account-reset-submit = Establecer contraseña nueva
account-reset-done-heading = Contraseña cambiada
account-reset-done = Tu contraseña nueva ya está lista, y se ha cerrado la sesión en todos los dispositivos que la tenían abierta.

## Confirmar el correo

account-verify-intro = Al confirmarlo, Cardsmith sabe que esta dirección te llega, así que los correos para restablecer la contraseña te encontrarán.
account-verify-new-link = Un administrador puede enviarte uno nuevo desde la página Usuarios.
account-verify-submit = Confirmar mi correo
account-verify-busy = Confirmando…
account-verify-done-heading = Correo confirmado
account-verify-done = Gracias: tu correo está verificado.
account-verify-go = Ir a Cardsmith

## Vincular una cuenta de reproductor

account-link-player-intro = Escribe el código que muestra tu app. Escribe solo un código que muestre tu propia app: al vincularla, esa cuenta de Cardsmith podrá usar tus reproductores.
account-link-player-code = Código de tu app
account-link-player-code-hint = 8 letras, como WDJB-MJHT
account-link-player-submit = Vincular cuenta
account-link-player-busy = Vinculando…
account-link-player-done-heading = Cuenta de reproductor vinculada
account-link-player-done = Listo: puedes cerrar esta ventana y volver a tu app.

## Inicio de sesión único

account-oidc-failure-expired = El inicio de sesión tardó demasiado o ya había terminado; vuelve a iniciar sesión
account-oidc-failure-denied = El proveedor de inicio de sesión no te dejó entrar
account-oidc-failure-email-in-use = Ya existe aquí una cuenta con este correo, y las cuentas nunca se unen a un proveedor de inicio de sesión por el correo: entra con tu contraseña y elige «Vincular proveedor de inicio de sesión» en Ajustes, o pide a un administrador que haga la asociación
account-oidc-failure-email-unverified = Tu proveedor de inicio de sesión no ha verificado tu correo, y una cuenta nueva necesita uno verificado: verifícalo con el proveedor y vuelve a iniciar sesión, o pide a un administrador que cree tu cuenta y asocie este inicio de sesión
account-oidc-failure-no-email = El proveedor de inicio de sesión no compartió un correo utilizable, y una cuenta nueva lo necesita; pide a un administrador que cree tu cuenta y haga la asociación
account-oidc-failure-deactivated = Esta cuenta está desactivada; pide a un administrador que la vuelva a activar
account-oidc-failure-identity-taken = Esta identidad del proveedor de inicio de sesión ya pertenece aquí a otra cuenta
account-oidc-failure-already-linked = Esta cuenta ya está vinculada a un proveedor de inicio de sesión; desvincúlalo primero
account-oidc-failure-provider-unavailable = Ahora mismo no se puede contactar con el proveedor de inicio de sesión; inténtalo de nuevo en un momento
account-oidc-failure-failed = No se pudo iniciar sesión con el proveedor; inténtalo de nuevo
account-oidc-or = o
account-oidc-sign-in-with = Entrar con { $provider }
account-oidc-linked = Proveedor de inicio de sesión vinculado: ya puedes entrar con él.
account-oidc-unlinked = Desvinculado: entras con tu contraseña.
account-oidc-method = Método de inicio de sesión
account-oidc-password-only = Entras con tu contraseña. Vincula tu cuenta de { $provider } para entrar también con ella; lo confirmas en { $provider }.
account-oidc-link = Vincular proveedor de inicio de sesión
account-oidc-provider-only = Solo entras con { $provider }. Para desvincularlo, primero necesitas una contraseña: cierra sesión y elige «¿Olvidaste la contraseña?» en la página de inicio de sesión.
account-oidc-both = Entras con tu contraseña o con { $provider }.
account-oidc-unlink = Desvincular proveedor de inicio de sesión
account-oidc-unlink-question = ¿Dejar de entrar con { $provider }? Solo podrás entrar con tu contraseña.
account-oidc-unlink-confirm = Sí, desvincular
account-oidc-badge-provider-only = entra solo con { $provider }
account-oidc-badge-both = contraseña o { $provider }
account-oidc-associate-label = Asociar identidad de inicio de sesión: { $email } ({ $provider })
account-oidc-associate-open = Asociar identidad de inicio de sesión
account-oidc-associate = Asociar
account-oidc-associating = Asociando…
account-oidc-no-password = Sin contraseña: la identidad se mantiene hasta que la persona establezca una (¿Olvidaste la contraseña?).
account-oidc-remove = Quitar identidad de inicio de sesión
account-oidc-remove-question = ¿Quitar la identidad de { $provider } de { $email }? Solo podrá entrar con su contraseña.
account-oidc-remove-confirm = Sí, quitar
account-oidc-subject = Identificador (subject) en el proveedor
account-oidc-subject-hint = El identificador de la persona (sub) en el proveedor, sacado de su consola de administración. Después entra en esta cuenta a través del proveedor. Las cuentas nunca se emparejan por el correo.

## Eliminación de la cuenta

account-delete-heading = Eliminar mi cuenta
account-delete-intro = Lo decide un administrador. Las colecciones que compartes pasan a otro miembro o se quedan para los demás; tus sesiones, cuentas de reproductor vinculadas, grabaciones y hojas de etiquetas se eliminan.
account-delete-reason = Motivo (opcional)
account-delete-reason-hint = Como mucho 1000 caracteres; lo leen los administradores.
account-delete-request = Solicitar la eliminación
account-delete-request-question = ¿Pedir a los administradores que eliminen tu cuenta? Cuando lo aprueben, no podrás volver a entrar y no se podrá deshacer.
account-delete-request-confirm = Sí, solicitar la eliminación
account-delete-status-pending = Eliminación solicitada el { $requested }. Espera a un administrador hasta el { $until }.
account-delete-status-rejected = Tu solicitud del { $requested } fue rechazada; puedes volver a pedirlo.
account-delete-status-expired = Tu solicitud del { $requested } caducó sin decisión; puedes volver a pedirlo.
account-delete-owns-nothing = No tiene colecciones.
account-delete-takeover = Quién se queda con cada una de sus colecciones
account-delete-leave-orphaned = Dejar huérfana (asignar más tarde)
account-delete-keep-shared = Mantener con sus otros propietarios
account-delete-other-members = { $count ->
        [one] { $count } miembro más
       *[other] { $count } miembros más
    }
account-delete-user-label = Eliminar usuario…: { $email }
account-delete-user-open = Eliminar usuario…
account-delete-user-question = ¿Eliminar a { $email } definitivamente? Sus sesiones terminan, sus tareas se detienen y sus cuentas de reproductor vinculadas, grabaciones y hojas de etiquetas se eliminan. Sus colecciones pasan a los propietarios elegidos arriba o quedan huérfanas para que las asignes tú.
account-delete-user-group = Eliminar a { $email }
account-delete-loading-collections = Cargando sus colecciones…
account-delete-user = Eliminar usuario
account-delete-user-confirm = Sí, eliminar usuario

## Acciones del administrador sobre el correo de un usuario (página Usuarios)

account-email-verified = correo verificado
account-email-not-verified = correo sin verificar
account-email-reset-question = ¿Crear un enlace para restablecer la contraseña de { $email }? Se lo das tú; funciona una vez, durante 1 hora, y al usarlo cierra su sesión en todas partes.
account-email-resend-label = Reenviar verificación: { $email }
account-email-verify-label = Marcar correo como verificado: { $email }
account-email-resend = Reenviar verificación
account-email-verify = Marcar correo como verificado
account-email-reset = Restablecer contraseña
account-email-reset-confirm = Sí, crear un enlace
account-email-copied = Copiado
account-email-copy-by-hand = Copia el enlace a mano: esta página no puede acceder al portapapeles
account-email-reset-link = Enlace de restablecimiento
account-email-copy-link = Copiar enlace de restablecimiento
account-email-copy = Copiar

## Proveedores de IA

account-ai-heading = Proveedores de IA
account-ai-system-heading = Proveedores de IA del sistema
account-ai-intro = Cardsmith los prueba en orden para escribir historias, dibujar portadas e iconos y poner voz a las pistas. Cada uno tiene un presupuesto que nunca supera; cuando ninguno puede, los generadores sin conexión integrados hacen el trabajo gratis.
account-ai-system-intro = Las tarjetas de todos los usuarios pueden usarlos, después de los proveedores propios de cada usuario. Cada uno tiene un presupuesto que nunca supera, compartido por todos los usuarios.
account-ai-add = Añadir proveedor
account-ai-turned-on = { $name } está activado.
account-ai-turned-off = { $name } está desactivado.
account-ai-moved = { $name } es ahora el número { $place } del orden.
account-ai-order-not-saved = No se guardó el nuevo orden: { $error }
account-ai-deleted = { $name } eliminado.
account-ai-kind-openai-compatible = Servidor compatible con OpenAI
account-ai-model-placeholder = el nombre del modelo que indica tu servidor
account-ai-uses-openai = Texto, imágenes y voz.
account-ai-uses-openai-compatible = Texto (e imágenes o voz si el servidor las ofrece), desde un servidor como LocalAI o vLLM.
account-ai-uses-ollama = Texto de modelos que funcionan en tu propio ordenador o servidor; gratis.
account-ai-uses-text = Texto: historias, temas y dibujos de iconos.
account-ai-uses-ideogram = Imágenes: portadas e iconos.
account-ai-uses-elevenlabs = Voz: voces naturales para pistas habladas.
account-ai-test-passed = Prueba superada: { $message }
account-ai-test-failed = Prueba fallida: { $message }
account-ai-budget-not-dollars = debe ser una cantidad en dólares, p. ej. 5 o 2,50
account-ai-monthly-not-dollars = debe ser una cantidad en dólares, o quedar vacío para no tener límite mensual
account-ai-saved = { $name } guardado.
account-ai-edit-title = Editar proveedor de IA
account-ai-add-title = Añadir un proveedor de IA
account-ai-add-subtitle = Se prueba antes que los proveedores de la instancia
account-ai-system-add-subtitle = Se prueba para cada usuario, después de los suyos
account-ai-save = Guardar proveedor
account-ai-test-key-title = Hace una pequeña llamada real con la clave tal como está escrita
account-ai-test-key = Probar clave
account-ai-key-hint-stored = Guardada y nunca visible. Déjalo vacío para conservar la clave guardada.
account-ai-key-hint-new = Se guarda sellada y no se vuelve a mostrar. No hace falta para Ollama ni para un servidor local.
account-ai-provider = Proveedor
account-ai-model = Modelo
account-ai-key = Clave de API
account-ai-key-stored-placeholder = •••••••• (guardada)
account-ai-base-url = Dirección del servidor
account-ai-base-url-hint = P. ej. http://localhost:11434. Vacío: la dirección que configuró el operador.
account-ai-budget-dollars = Presupuesto (dólares)
account-ai-budget-hint = Lo máximo que puede gastar en total.
account-ai-monthly-dollars = Límite mensual (dólares)
account-ai-monthly-hint = Opcional. Vacío: sin límite mensual.
account-ai-enabled = Activado
account-ai-enabled-hint = Desactivado: se conserva, pero la cascada lo salta.
account-ai-order-problem = Orden: { $problem }
account-usd = { $amount } $
account-usd-below-cent = < { $amount } $
account-date-long = { $day } de { $month ->
        [1] enero
        [2] febrero
        [3] marzo
        [4] abril
        [5] mayo
        [6] junio
        [7] julio
        [8] agosto
        [9] septiembre
        [10] octubre
        [11] noviembre
       *[12] diciembre
    } de { $year }
account-ai-no-budget = Sin presupuesto: solo se hacen llamadas gratuitas
account-ai-budget-words = { $spent } de { $budget } gastados · quedan { $left }
account-ai-loading = Cargando proveedores…
account-ai-none = No tienes proveedores de IA. Todo se genera sin conexión, gratis, hasta que añadas uno.
account-ai-system-none = La instancia no tiene proveedores de IA. Los usuarios que no añadan ninguno propio tendrán generación sin conexión.
account-ai-order-label = Proveedores en el orden en que se prueban
account-ai-drag = Arrastra para reordenar
account-ai-move-up-label = Subir { $name }
account-ai-move-up = ↑ Subir
account-ai-move-down-label = Bajar { $name }
account-ai-move-down = ↓ Bajar
account-ai-test-label = Probar { $name }
account-ai-testing = Probando…
account-ai-test = Probar
account-ai-edit-label = Editar { $name }
account-ai-edit = Editar
account-ai-delete = Eliminar
account-ai-delete-question = ¿Eliminar { $name }? Su clave y su registro de gastos se eliminan con él.
account-ai-delete-confirm = Sí, eliminar proveedor
account-ai-key-stored = Clave guardada
account-ai-key-not-needed = No necesita clave
account-ai-key-missing = Sin clave
account-ai-use-label = Usar { $name }
account-ai-on = Activado
account-ai-off = Desactivado
account-ai-budget = Presupuesto
account-ai-this-month = Este mes
account-ai-month-words = { $spent } de { $cap } este mes · se reinicia el { $reset }
account-ai-last-error = Último error:
account-ai-cascade = Primero { $steps }.
account-ai-cascade-offline-only = Todo lo hacen los generadores sin conexión integrados: gratis, y ningún dato sale del servidor.
account-ai-step-offline = los generadores sin conexión integrados
account-ai-step-yours = tu { $name }
account-ai-step-instance = { $name } de la instancia
account-ai-steps-then = { $steps }, luego { $next }
account-ai-system-cascade = Para cada usuario, después de sus propios proveedores: primero { $steps }.
account-ai-system-cascade-none = Los usuarios sin proveedores propios usan los generadores sin conexión integrados.
account-ai-cascade-yours = Tu cascada
account-ai-cascade-instance = La cascada de la instancia
account-ai-cascade-loading = Calculando el orden…
account-ai-cascade-note = Un proveedor desactivado, sin clave, sin presupuesto o que falla se salta, y se prueba el siguiente.

account-delete-requested = Tu solicitud para eliminar tu cuenta se ha enviado a los administradores. Si nadie la resuelve, caduca el { $expires }.
