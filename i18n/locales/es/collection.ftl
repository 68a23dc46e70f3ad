# Una colección: cabecera, tarjetas, tarjeta de cuento, preajustes, perfil infantil, compartir,
# fondo y ajustes; y las invitaciones a una colección.

coll-breadcrumb = Ruta de navegación
coll-back-to-collections = ← Colecciones
coll-default-badge = Predeterminada
coll-stats-cards = Tarjetas
coll-stats-disk-use = Espacio en disco

coll-story-title = Nueva tarjeta de cuento
coll-story-summary = Un cuento escrito para ti y leído por una voz
coll-presets-title = Preajustes de cuentos
coll-presets-summary-none = Ideas de cuentos ya preparadas
coll-presets-summary = { $count ->
    [one] { $count } preajuste
   *[other] { $count } preajustes
}
coll-profile-title = Perfil infantil
coll-profile-summary = Nombre, edad e intereses para cuentos a medida
coll-sharing-title = Compartir
coll-sharing-summary-none = Invita a tu familia a escuchar o editar
coll-sharing-summary = { $count ->
    [one] { $count } miembro
   *[other] { $count } miembros
}
coll-background-title = Fondo
coll-background-summary = La imagen tras el recuadro de la colección
coll-background-intro = Se muestra detrás del recuadro de la colección en la lista de colecciones.
coll-background-image = Imagen de fondo
coll-settings-title = Ajustes
coll-settings-summary = Nombre, dirección, idioma, eliminar

# Las tarjetas
coll-cards-title = Tarjetas
coll-publish-to-player = Publicar en el reproductor
coll-new-card = Nueva tarjeta
coll-create-card = Crear tarjeta
coll-creating = Creando…
coll-card-created = «{ $title }» creada: abriéndola…

# Compartir
coll-sharing-intro = Los propietarios gestionan los miembros y los ajustes, los editores cambian las tarjetas y los lectores miran y escuchan.
coll-members = Miembros
coll-member-you = { $name } (tú)
coll-member-change-access = Cambiar el acceso de { $email }
coll-member-remove = Quitar
coll-member-remove-named = Quitar a { $email }
coll-invite-heading = Invitar a alguien
coll-invite-email = Correo del miembro
coll-invite-email-hint = Recibirá una invitación por correo y se unirá en cuanto la acepte, con la sesión iniciada aquí (las cuentas las crea un administrador).
coll-invite-role = Rol
coll-invite = Invitar
coll-inviting = Invitando…
coll-member-invited = Invitación enviada a { $email }: se unirá en cuanto la acepte
coll-leave = Salir de la colección
coll-leave-question = ¿Salir de «{ $name }»? Perderás el acceso a sus tarjetas hasta que un propietario vuelva a añadirte.
coll-leave-confirm = Sí, salir

# Invitaciones
coll-invited-list = Invitaciones pendientes
coll-invited-as = Invitación con el rol { $role ->
        [owner] «Propietario»
        [editor] «Editor»
        [viewer] «Lector»
       *[other] «{ $role }»
    }; se unirá en cuanto la acepte
coll-invited-badge = pendiente
coll-invitation-revoke = Revocar
coll-invitation-revoke-named = Revocar la invitación de { $email }
coll-invitations-for-you = Invitaciones para ti
coll-invitations-explain = Acepta una para encontrar sus tarjetas en tu biblioteca.
coll-invitation-from = { $from } te ha invitado con el rol { $role ->
        [owner] «Propietario»
        [editor] «Editor»
        [viewer] «Lector»
       *[other] «{ $role }»
    }
coll-invitation-from-somebody = Alguien te ha invitado con el rol { $role ->
        [owner] «Propietario»
        [editor] «Editor»
        [viewer] «Lector»
       *[other] «{ $role }»
    }
coll-invitation-accept = Aceptar
coll-invitation-accept-named = Aceptar la invitación a { $name }
coll-invitation-decline = Rechazar
coll-invitation-decline-named = Rechazar la invitación a { $name }

# Preajustes de cuentos
coll-presets-empty-heading = Todavía no hay preajustes de cuentos
coll-presets-empty-editor = Los preajustes son puntos de partida a un toque para cuentos nuevos: un nombre, unas indicaciones y una duración. Añade el primero con «Añadir preajuste».
coll-presets-empty-viewer = Nadie ha creado todavía preajustes de cuentos para esta colección.
coll-preset-add = Añadir preajuste
coll-preset-minutes = { $minutes } min
coll-preset-vocabulary = vocabulario: { $vocabulary }
coll-preset-voice = voz: { $voice }
coll-preset-edit = Editar
coll-preset-edit-named = Editar el preajuste { $name }
coll-preset-delete = Eliminar
coll-preset-delete-named = Eliminar el preajuste { $name }
coll-preset-new = Nuevo preajuste
coll-preset-edit-heading = Editar preajuste
coll-preset-name = Nombre del preajuste
coll-preset-emoji = Emoji
coll-preset-prompt = Plantilla de indicaciones
coll-preset-prompt-hint = De qué debe tratar el cuento, p. ej., «Una aventura tranquila con sus mascotas».
coll-vocabulary-level = Nivel de vocabulario
coll-preset-vocabulary-hint = p. ej., primera infancia, primeros lectores
coll-preset-length = Duración (minutos)
coll-preset-position = Posición en la lista
coll-preset-position-hint = Los números más bajos van primero.
coll-preset-voice-none = La voz del perfil infantil
coll-preset-save = Guardar preajuste
coll-cancel = Cancelar

# Perfil infantil
coll-profile-intro = Para quién son estos cuentos. Al crear cuentos se usa para elegir nombres, temas y palabras.
coll-profile-child-name = Nombre del niño o la niña
coll-profile-age = Edad
coll-profile-age-hint = Opcional.
coll-profile-friends = Amigos
coll-profile-interests = Intereses
coll-profile-pets = Mascotas
coll-profile-avoid = Temas que evitar
coll-profile-avoid-hint = p. ej., monstruos, la oscuridad
coll-profile-notes = Notas
coll-profile-prompt = Plantilla de indicaciones predeterminada
coll-profile-length = Duración del cuento (minutos)
coll-profile-voice = Voz e idioma
coll-profile-voice-none = Sin preferencia: la voz en inglés sin conexión más clara
coll-profile-save = Guardar perfil infantil
coll-profile-saved = Perfil infantil guardado

# Ajustes
coll-rename = Cambiar el nombre de la colección
coll-rename-name = Nombre de la colección
coll-rename-description = Descripción de la colección
coll-rename-save = Guardar colección
coll-saved = Guardado
coll-default-heading = Colección predeterminada
coll-default-explain = Las grabaciones rápidas van a tu colección predeterminada.
coll-default-make = Hacerla predeterminada
coll-default-is = Esta es tu colección predeterminada: las grabaciones rápidas van aquí.
coll-settings-language = Idioma de las tarjetas
coll-settings-language-hint = Las tarjetas publicadas indican este idioma, y las historias y pistas habladas nuevas empiezan con una de sus voces (salvo que el perfil del niño elija una voz).
coll-settings-language-save = Guardar el idioma
coll-settings-address = Dirección
coll-delete = Eliminar colección
coll-delete-explain = Las tarjetas enlazadas desde otras colecciones se quedan donde están en cualquier caso. Las tarjetas cuyo hogar es esta colección están a salvo: sin la casilla de abajo, no se puede eliminar mientras quede alguna aquí, así que muévelas antes.
coll-delete-cascade = Eliminar también las tarjetas que viven en esta colección
coll-delete-cascade-hint = Sus portadas y ajustes se van con ellas.
coll-delete-question = ¿Eliminar «{ $name }»? No se puede deshacer.
coll-delete-question-cascade = { $count ->
    [one] ¿Eliminar «{ $name }» y la tarjeta que vive en ella? No se puede deshacer.
   *[other] ¿Eliminar «{ $name }» y las { $count } tarjetas que viven en ella? No se puede deshacer.
}
coll-delete-confirm = Sí, eliminar colección

# Nueva tarjeta de cuento
coll-story-intro = Elige un preajuste y di de qué debe tratar el cuento: tus proveedores de IA lo escriben para el niño o la niña de esta colección, o bien empiezas con una plantilla de cuento. O lo escribes tú. Después, Cardsmith lo lee en voz alta capítulo a capítulo, dibuja una portada e iconos de capítulo, y la tarjeta queda lista para publicar.
coll-story-preset = Preajuste
coll-story-preset-none = El perfil de la colección
coll-story-idea = Idea para el cuento
coll-story-idea-hint = Basta con una frase, p. ej., «un dragón que aprende a hacer pan».
coll-story-no-drafter = Para escribir un borrador hace falta un proveedor de IA, y no tienes ninguno configurado. Añade uno en { $settings }.
coll-story-no-drafter-admin = Para escribir un borrador hace falta un proveedor de IA, y no tienes ninguno configurado. Añade uno en { $settings } (o para todos, en { $admin }).
coll-story-no-drafter-settings = Ajustes → Proveedores de IA
coll-story-no-drafter-admin-link = Administración → Proveedores de IA
coll-story-offline = Todo lo demás funciona sin conexión: empieza con una plantilla de cuento sobre el niño o la niña de esta colección, o escribe el tuyo, y una voz sin conexión lo lee.
coll-story-write-draft = Escribir un borrador
coll-story-writing = Escribiendo el cuento…
coll-story-writing-progress = Escribiendo el cuento
coll-story-use-template = Usar una plantilla de cuento
coll-story-template-note = Tienes una plantilla de cuento en «El cuento», aquí abajo: cambia las palabras que quieras para hacerlo tuyo.
coll-story-text-heading = El cuento
coll-story-title-field = Título del cuento
coll-story-text = Cuento
coll-story-text-hint = Empieza los capítulos con líneas como «# El barco», o deja líneas en blanco entre párrafos y Cardsmith lo dividirá en capítulos de unos minutos.
coll-story-counter = { $count } de { $max } caracteres
coll-story-make = Crear la tarjeta
coll-story-making = Creando la tarjeta…
coll-story-making-progress = Creando la tarjeta de cuento
coll-story-open = Abrir «{ $name }»
coll-story-made = { $chapters ->
    [one] La tarjeta «{ $name }» está lista: { $chapters } capítulo narrado.
   *[other] La tarjeta «{ $name }» está lista: { $chapters } capítulos narrados.
}
coll-story-made-cover = Se ha dibujado una portada.
coll-story-made-no-cover = No se ha creado la portada: { $why }; genera o sube una en la tarjeta.
coll-story-made-no-icons = No se han creado los iconos de capítulo: { $why }; dibújalos desde el panel Iconos de la tarjeta.
coll-story-made-icons = { $count ->
    [one] Iconos de capítulo: { $count } generado.
   *[other] Iconos de capítulo: { $count } generados.
}
coll-story-idea-invalid = Idea: { $problem }.
coll-story-title-invalid = Título: { $problem }.
coll-story-text-invalid = Texto: { $problem }.
coll-story-voice-invalid = Voz: { $problem }.
coll-story-field-invalid = { $field }: { $problem }.

# Plantillas de cuento. Cardsmith divide un cuento en capítulos en las líneas como «# Título».
coll-tale-chapter = { $number ->
   *[other] # { $title }
}
coll-tale-idea = La idea de este cuento: { $idea }.
coll-tale-loves = que era fan de { $interest }
coll-tale-loves-stories = a quien le encantaban los buenos cuentos
coll-tale-teddy = su osito de peluche favorito
coll-tale-everyone = todo el mundo

coll-tale-moon = { $name } y la luna dormilona
coll-tale-moon-1-title = El cohete en el jardín
coll-tale-moon-1 = Había una vez { $name }, { $loves }. Una noche, un pequeño cohete plateado aterrizó suavemente en el jardín, justo al lado del parterre de flores. Su puerta se abrió con un zumbido suave. { $name } se puso unas zapatillas calentitas, se llevó a { $companion } y subió a bordo.
coll-tale-moon-2-title = Entre las estrellas
coll-tale-moon-2 = El cohete subió más allá de los tejados y las nubes, más y más alto, hasta que las estrellas lo rodearon por todas partes. Parpadeaban para saludar. Un cometa dibujó una línea brillante en el cielo, y los planetas giraban despacio, como peonzas soñolientas. { $name } contó las estrellas: una, dos, tres… muchísimas, demasiadas para contarlas.
coll-tale-moon-3-title = La nana de la luna
coll-tale-moon-3 = Por fin el cohete llegó a la luna, y la luna estaba bostezando. «Gracias por venir a verme», dijo con una voz suave y plateada. «Ahora es hora de que todos descansen». Tarareó una nana, y el cohete volvió flotando hasta casa sobre la música. { $name } se acurrucó en la cama, todavía oyendo la canción, y decidió contárselo todo a { $friend } por la mañana. Buenas noches, { $name }. Que duermas bien.

coll-tale-sea = { $name } y el mar en calma
coll-tale-sea-1-title = El barquito
coll-tale-sea-1 = Había una vez { $name }, { $loves }. Una tarde, junto a la orilla, un barquito azul esperaba meciéndose en el agua. { $name } subió con { $companion }, y el barquito se adentró en el mar tranquilo y reluciente.
coll-tale-sea-2-title = Amigos de las olas
coll-tale-sea-2 = Una familia de delfines nadaba a su lado, saltando en arcos plateados. Una tortuga vieja y sabia pasó remando y saludó con la cabeza. Allá abajo, los pececillos brillaban como farolillos. Las olas susurraban chis, chis, chis, y el barquito se mecía suavemente de un lado a otro.
coll-tale-sea-3-title = A casa con la marea
coll-tale-sea-3 = Cuando salieron las estrellas, la marea cambió y llevó el barquito de vuelta a casa, despacio y sin prisa. El faro parpadeaba con su luz cálida y amable. { $name } pisó la arena, con mucho sueño, y decidió hablarle a { $friend } de los delfines por la mañana. Ya en la cama, el mar seguía susurrando chis, chis, chis. Buenas noches, { $name }. Que duermas bien.

coll-tale-wood = { $name } y el bosque a la luz de la luna
coll-tale-wood-1-title = El camino entre los árboles
coll-tale-wood-1 = Había una vez { $name }, { $loves }. Una tarde, al fondo del jardín, apareció un caminito que nunca había estado allí. Serpenteaba entre árboles altos y amables. { $name } se llevó a { $companion } y lo siguió, paso a paso, sin hacer ruido.
coll-tale-wood-2-title = El anochecer de los animales
coll-tale-wood-2 = En un claro, los animales del bosque se preparaban para dormir. Un conejo mullía su madriguera, un erizo se enroscaba como una bolita acogedora y un búho parpadeaba desde una rama. «Llegas justo a tiempo», ululó el búho. «Estamos a punto de darle las buenas noches al bosque».
coll-tale-wood-3-title = Buenas noches, bosque
coll-tale-wood-3 = Juntos susurraron buenas noches a los árboles, al arroyo y al suave musgo verde. El bosque les devolvió las buenas noches, con las hojas susurrando como una nana. El camino llevó a { $name } de vuelta a casa, justo hasta la puerta. { $name } decidió hablarle a { $friend } del búho por la mañana, y luego se acurrucó en la cama, a salvo y al calor. Buenas noches, { $name }. Que duermas bien.

coll-tale-dragon = { $name } y el dragón amable
coll-tale-dragon-1-title = Toc, toc en la ventana
coll-tale-dragon-1 = Había una vez { $name }, { $loves }. Una tarde se oyó toc, toc, toc en la ventana. Fuera había un dragoncito verde con unos ojos dorados muy dulces. «Me he perdido y no encuentro el camino a mi castillo», dijo. «¿Me ayudas?». { $name } se llevó a { $companion } y dijo que sí enseguida.
coll-tale-dragon-2-title = El castillo en la colina
coll-tale-dragon-2 = Volaron sobre pueblos dormidos y ríos plateados hasta que apareció un castillo en una colina, con las ventanas iluminadas por velas. La familia del dragón esperaba en la puerta. Estaban tan contentos que soltaron una nube de humo tibio y brillante con forma de corazón.
coll-tale-dragon-3-title = Vuelo soñoliento a casa
coll-tale-dragon-3 = El dragoncito llevó a { $name } a casa sobre su lomo, planeando suavemente por la noche tranquila. «Gracias de todo corazón», dijo en la ventana. { $name } decidió hablarle a { $friend } del dragón por la mañana, y luego se arropó bajo las mantas. A lo lejos, las luces del castillo se apagaron una a una. Buenas noches, { $name }. Que duermas bien.

coll-tale-night = { $name } y la noche tranquila
coll-tale-night-1-title = La casa con sueño
coll-tale-night-1 = Había una vez { $name }, { $loves }. Una tarde, cuando el cielo se volvió del color de la miel tibia, toda la casa empezó a tener sueño. La tetera dejó de cantar, las cortinas se mecieron suavemente y { $name } se puso el pijama más suave del cajón, con { $companion } muy cerca.
coll-tale-night-2-title = La lucecita
coll-tale-night-2 = Justo cuando { $name } se metía en la cama, apareció una lucecita diminuta en la ventana. Era una luciérnaga que brillaba como un farolillo. «Busco la habitación más acogedora de la ciudad», susurró. { $name } le enseñó la manta, la almohada y la lamparita. La luciérnaga suspiró feliz. «Es esta», dijo. «Es la habitación más acogedora de todas».
coll-tale-night-3-title = Buenas noches
coll-tale-night-3 = La luciérnaga se posó en el alféizar y fue apagando su luz, despacio, despacio, como un bostezo. { $name } también bostezó. Fuera, la luna vigilaba el jardín y la calle tranquila. { $name } decidió hablarle a { $friend } de la luciérnaga por la mañana. Luego, poco a poco, todo quedó en silencio. Buenas noches, { $name }. Que duermas bien.

# La colección de las grabaciones rápidas, en el idioma de la persona.
coll-default-name = Mis grabaciones
coll-default-description = Aquí llegan las grabaciones rápidas.

zip-title = Descargar o importar tarjetas
zip-summary = Un ZIP de estas tarjetas, para guardarlo o llevarlo a otro Cardsmith
zip-collection-intro = La descarga contiene cada tarjeta de aquí con sus grabaciones originales, portada, iconos, ajustes e historia, y un card.yaml para cada una. Cualquier Cardsmith la importa.
zip-download = Descargar como ZIP
zip-preparing = Preparando el ZIP…
zip-ready = Descargar el ZIP
zip-kept = (disponible un día)
zip-choose-file = Elige primero un archivo ZIP.
zip-import-heading = Importar tarjetas desde un ZIP
zip-import-intro = Un ZIP hecho con Descargar, aquí o en otro Cardsmith. Sus tarjetas se crean aquí y su audio se convierte como siempre; las tarjetas que esta colección ya tiene no se crean dos veces.
zip-file = Archivo ZIP
zip-import = Importar
zip-importing = Importando…
zip-imported = { $cards ->
    [one] { $cards } tarjeta creada
   *[other] { $cards } tarjetas creadas
}, { $tracks ->
    [one] { $tracks } pista en conversión.
   *[other] { $tracks } pistas en conversión.
}
zip-already-there = { $cards ->
    [one] { $cards } tarjeta ya estaba aquí.
   *[other] { $cards } tarjetas ya estaban aquí.
}
zip-mine-title = Tus tarjetas, para guardar
zip-mine-intro = Todas las tarjetas que ves, en un ZIP: las grabaciones originales, portadas, iconos y un card.yaml para cada una.
zip-made-cards = Las tarjetas creadas
zip-open-card = Abrir { $card }

## Adding a folder of audio (the /drop page)
coll-add-folder = Añadir una carpeta o un ZIP de audio
drop-title = Añadir una carpeta de audio
drop-intro = Suelta la carpeta de un audiolibro, unos álbumes o un ZIP: Cardsmith propone las tarjetas que forman, cambias lo que quieras y no se crea nada hasta que lo digas.
drop-loading = Cargando tus colecciones…
drop-no-collection-heading = No hay colección donde añadir tarjetas
drop-no-collection-body = Las tarjetas viven en una colección que puedes editar. Crea una primero y vuelve con tu carpeta.
drop-no-collection-next = Ir a colecciones
drop-collection = Crear las tarjetas en
drop-choose-heading = Suelta aquí una carpeta, archivos o un ZIP
drop-choose-hint = Una tarjeta por carpeta (o una para todo). Los capítulos siguen los números de pista de las etiquetas, si no los nombres de archivo; los títulos vienen de las etiquetas; un cover.jpg o la imagen incrustada será la portada.
drop-choose-folder = Elegir una carpeta
drop-choose-files = Elegir archivos o un ZIP
drop-progress-heading = Enviando los archivos
drop-progress-label = Archivos enviados
drop-progress-counts = { $sent } de { $all ->
    [one] 1 archivo enviado
   *[other] { $all } archivos enviados
}{ $refused ->
    [0] {""}
    [one] , 1 rechazado
   *[other] , { $refused } rechazados
}
drop-paused = Se perdió la conexión. Los archivos ya enviados se conservan; el resto espera.
drop-resume = Reanudar
drop-files-list = Todos los archivos
drop-file-stored = enviado
drop-file-sending = enviando…
drop-file-waiting = en espera
drop-file-paused = esperando la conexión
drop-file-empty = vacío, se omite
drop-plan-heading = Las tarjetas que forman estos archivos
drop-plan-intro = Cambia títulos, orden e iconos, quita capítulos o tarjetas enteras. El plan sigue a los archivos según llegan.
drop-grouping = Cómo formar las tarjetas
drop-grouping-per-folder = Una tarjeta por carpeta
drop-grouping-one-card = Una tarjeta para todo
drop-plan-cards = Tarjetas previstas
drop-refused-heading = No usados
drop-left-out = { $count ->
    [one] 1 archivo más omitido
   *[other] { $count } archivos más omitidos
}
drop-making = Creando las tarjetas…
drop-make = { $cards ->
    [one] Crear 1 tarjeta ({ $tracks } capítulos)
   *[other] Crear { $cards } tarjetas ({ $tracks } capítulos)
}
drop-make-waiting = { $count ->
    [one] Esperando 1 archivo
   *[other] Esperando { $count } archivos
}
drop-card-title = Título de la tarjeta
drop-card-top = Raíz de lo soltado
drop-card-chapters = { $count ->
    [one] 1 capítulo
   *[other] { $count } capítulos
}
drop-card-cover = portada: { $file }
drop-card-make = Crear esta tarjeta
drop-track-include = Incluir «{ $title }»
drop-track-title = Título del capítulo
drop-icon-hint = El icono elegido por el título; desmarcado, el capítulo muestra su número.
drop-icon = icono: { $glyph } ({ $percent } %)
drop-track-up = Subir
drop-track-down = Bajar
drop-made-heading = { $count ->
    [one] 1 tarjeta creada
   *[other] { $count } tarjetas creadas
}
drop-preparing = Preparando el audio
drop-ready = { $ready } de { $all } capítulos listos para sonar
drop-cover-refused = No se usó una portada: { $reason }
drop-another = Añadir otra carpeta
drop-cover-alt = La portada prevista
