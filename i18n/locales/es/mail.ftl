# Los correos que envía Cardsmith, y las respuestas que dicen que un correo va de camino.

mail-hello = Hola, { $name }:
mail-copy-link = O copia este enlace:
mail-hours = { $count ->
    [one] 1 hora
   *[other] { $count } horas
}

mail-reset-subject = Restablece tu contraseña de Cardsmith
mail-reset-why = Alguien (esperamos que tú) ha pedido restablecer la contraseña de tu cuenta de Cardsmith.
mail-reset-how = Elige una contraseña nueva con este enlace. Funciona una sola vez, durante { $lifetime }, y cierra tu sesión en todos los dispositivos:
mail-reset-button = Elegir una contraseña nueva
mail-reset-closing = Si no lo has pedido tú, ignora este correo: tu contraseña sigue igual.
mail-reset-requested = Si hay una cuenta con este correo, va de camino un enlace para restablecer su contraseña. Funciona una sola vez, durante { $lifetime }.

mail-verify-subject = Confirma tu correo para Cardsmith
mail-verify-why = Un administrador te ha creado una cuenta de Cardsmith, o nos ha pedido que volvamos a confirmar su dirección.
mail-verify-how = Confirma que esta dirección es tuya con este enlace (funciona durante { $lifetime }):
mail-verify-button = Confirmar mi correo
mail-verify-closing = Si no sabes de qué se trata, ignora este correo.
mail-resend-sent = Un nuevo enlace de confirmación va de camino a { $email }.
mail-resend-outbox = No hay ningún servidor de correo configurado: el correo de confirmación para { $email } está en la bandeja de salida (Administración → Correo), donde puedes copiar su enlace.

mail-invite-subject = Te han invitado a compartir una colección en Cardsmith
mail-invite-who = «{ $who }» ({ $email }) te ha invitado a la colección «{ $collection }» { $role ->
    [owner] como propietario
    [editor] como editor: podrás añadir y cambiar sus tarjetas
   *[viewer] como oyente: podrás escuchar sus tarjetas
}.
mail-invite-how = Inicia sesión para aceptar o rechazar la invitación:
mail-invite-button = Ver la invitación
mail-invite-closing = Si todavía no tienes una cuenta con esta dirección ({ $to }), pide una al administrador de ese Cardsmith, o inicia sesión con el inicio de sesión único si la página de acceso lo ofrece.

mail-backup-failed-subject = Una copia de seguridad de Cardsmith ha fallado
mail-backup-failed-run = La última copia de seguridad de tu Cardsmith no terminó. Hasta que una lo consiga, las grabaciones hechas desde la última copia buena existen en un solo lugar.
mail-backup-failed-verify = Al comprobar las copias guardadas faltaban archivos o estaban dañados: una restauración desde esas copias no estaría completa.
mail-backup-failed-how = El registro del servidor dice por qué. La página Copias de seguridad muestra las últimas ejecuciones y permite volver a intentarlo:
mail-backup-failed-button = Abrir Copias de seguridad
mail-backup-failed-closing = Recibes este correo porque administras este Cardsmith.
