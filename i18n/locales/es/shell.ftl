nav-main = Menú principal
nav-menu = Menú
nav-cards = Tarjetas
nav-collections = Colecciones
nav-labels = Etiquetas
nav-devices = Dispositivos
nav-import = Importar
nav-accounts = Cuentas
nav-settings = Ajustes
nav-admin = Administración
nav-admin-users = Usuarios
nav-admin-audit-log = Registro
nav-admin-health = Estado
nav-admin-backups = Copias de seguridad
nav-admin-jobs = Tareas
nav-admin-deletions = Eliminaciones
nav-admin-mail = Correo
nav-admin-ai-providers = Proveedores de IA
nav-sign-out = Cerrar sesión

frame-skip-to-content = Saltar al contenido
saving = Guardando…

loading-share-links = Cargando los enlaces para compartir…
loading-collection = Cargando la colección…
loading-card = Cargando la tarjeta…
loading-cards = Cargando las tarjetas…
loading-collections = Cargando las colecciones…
loading-players = Cargando tus reproductores…
loading-player-accounts = Cargando tus cuentas de reproductor…
loading-account-cards = Cargando las tarjetas de la cuenta…

not-found-title = No encontrada
not-found-heading = Página no encontrada
not-found-text = No hay nada en esta dirección.
not-found-home = Ir a tus tarjetas

language-label = Idioma
language-apply = Cambiar

signin-logo-label = Cardsmith: iniciar sesión
signin-title = Iniciar sesión
signin-heading = Iniciar sesión
signin-email = Correo electrónico
signin-password = Contraseña
signin-submit = Entrar
signin-busy = Entrando…
signin-forgot = ¿Olvidaste la contraseña?

title-forgot-password = Contraseña olvidada
title-reset-password = Elige una contraseña nueva
title-verify-email = Confirma tu correo
title-link-player = Vincula tu cuenta de reproductor

devices-title = Dispositivos
devices-intro = Los reproductores de tus cuentas vinculadas: qué están haciendo y sus ajustes.
accounts-title = Cuentas de reproductor
accounts-intro = Vincula la cuenta que tu familia usa en sus reproductores: así Cardsmith podrá publicar tarjetas en ella, importar sus tarjetas y controlar sus reproductores. Tu contraseña nunca se ve aquí, y las claves de la cuenta se quedan cifradas en este servidor.
import-title = Importar desde una cuenta de reproductor
import-intro = Trae a Cardsmith las tarjetas que hiciste en otro sitio: su audio, los iconos de los capítulos y la portada. Las tarjetas compradas y las de streaming no aparecen.

admin-only-users = Solo los administradores pueden gestionar usuarios.
admin-only-audit-log = Solo los administradores pueden leer el registro.
admin-only-health = Solo los administradores pueden ver el estado de la instancia.
admin-only-backups = Solo los administradores pueden ver y hacer copias de seguridad.
admin-only-deletion = Solo los administradores pueden gestionar la eliminación de cuentas.
admin-only-ai-providers = Solo los administradores pueden gestionar los proveedores de IA de la instancia.
admin-only-mail = Solo los administradores pueden leer la bandeja de salida.
admin-only-jobs = Solo los administradores pueden ver y gestionar las tareas de la instancia.
admin-deletion-requests-title = Solicitudes de eliminación
admin-orphaned-title = Colecciones huérfanas
admin-ai-providers-intro = Los proveedores que paga la instancia. Los usuarios añaden los suyos en Ajustes; esos se prueban primero.
admin-mail-title = Bandeja de salida
admin-mail-back = ← Bandeja de salida
admin-jobs-intro = Todo lo que el servidor hace en segundo plano: convertir y editar audio, publicar, importar, enviar correos. Cancela lo que no deba ejecutarse; reintenta lo que falló.

settings-profile = Perfil
settings-signed-in-as = Sesión iniciada como { $email }
settings-display-name = Nombre visible
settings-save-profile = Guardar perfil
settings-profile-saved = Perfil guardado
settings-language = Idioma
settings-language-label = Idioma de Cardsmith
settings-language-browser = El idioma de tu navegador
settings-language-hint = Se guarda en tu cuenta: todos los dispositivos en los que inicies sesión lo siguen.
settings-language-save = Guardar idioma
settings-password = Contraseña
settings-current-password = Contraseña actual
settings-new-password = Contraseña nueva
settings-new-password-hint = Al menos 10 caracteres. Unas cuantas palabras sin relación entre sí hacen una contraseña fuerte.
settings-change-password = Cambiar contraseña
settings-changing = Cambiando…
settings-password-changed = Contraseña cambiada. Se cerraron tus otras sesiones.
settings-sessions = Sesiones
settings-sessions-text = ¿Perdiste el móvil o iniciaste sesión en un ordenador compartido? Cierra todas las sesiones de tu cuenta, también esta.
settings-sign-out-everywhere = Cerrar sesión en todas partes

role-owner = Propietario
role-editor = Editor
role-viewer = Lector
role-yours = Tu rol:
