# Las imágenes de una tarjeta: los iconos de los capítulos (el panel Iconos) y las portadas generadas.

## Iconos

art-icons-title = Iconos
art-icons-intro = Las imágenes de 16x16 que el reproductor muestra para cada capítulo. Elige una paleta y luego dibújalas todas a la vez o de una en una.
art-icons-no-tracks = Primero añade pistas: cada capítulo recibe un icono.
art-icons-drawing = Dibujando…
art-icons-drawing-all = Dibujando todos…
art-icons-sample = Probar en dos capítulos
art-icons-generate-all = Generar todos
art-icons-drawer-unknown = Los iconos los dibuja el primer proveedor de tu cascada que pueda hacerlo.
art-icons-drawer-offline = Los dibujan los generadores sin conexión integrados: gratis, sin conexión.
art-icons-drawer-free = Los dibuja { $owner ->
        [user] tu proveedor { $name }
       *[other] el proveedor { $name } de la instancia
    }: gratis, porque no tiene presupuesto que gastar.
art-icons-drawer-paid = Los dibuja { $owner ->
        [user] tu proveedor { $name }
       *[other] el proveedor { $name } de la instancia
    } (de pago). Confirmas cada llamada antes de hacerla.
art-icons-confirm-label = Confirmar una llamada de pago
art-icons-yes-draw = Sí, dibujar
art-icons-cancel = Cancelar
art-icons-progress = Dibujando iconos…
art-icons-progress-label = Dibujando iconos
art-icons-ask-sample = ¿Dibujar iconos para dos capítulos con { $owner ->
        [user] tu proveedor { $name }
       *[other] el proveedor { $name } de la instancia
    }?
art-icons-ask-all = ¿Dibujar { $count ->
        [one] el icono del único capítulo
       *[other] los iconos de los { $count } capítulos
    } con { $owner ->
        [user] tu proveedor { $name }
       *[other] el proveedor { $name } de la instancia
    }?
art-icons-ask-variations = ¿Dibujar { $count ->
        [one] { $count } variante
       *[other] { $count } variantes
    } para «{ $title }» con { $owner ->
        [user] tu proveedor { $name }
       *[other] el proveedor { $name } de la instancia
    }?
art-icons-ask-regenerate = ¿Dibujar un icono nuevo para «{ $title }» con { $owner ->
        [user] tu proveedor { $name }
       *[other] el proveedor { $name } de la instancia
    }?
art-icons-cost-estimated = Coste estimado: unos { $cost }, con cargo a su presupuesto (quedan { $left }). Si falla o se agota, el siguiente proveedor toma el relevo, hasta llegar a los iconos gratuitos sin conexión.
art-icons-cost-paid = Es una llamada de pago, con cargo a su presupuesto (quedan { $left }). Si falla o se agota, el siguiente proveedor toma el relevo, hasta llegar a los iconos gratuitos sin conexión.
art-icons-theme = Tema
art-icons-suggesting = Sugiriendo…
art-icons-suggest-again = Sugerir de nuevo
art-icons-suggest = Sugerir un tema
art-icons-approved-theme = Tema aprobado: { $name }
art-icons-palettes-label = Paletas sugeridas
art-icons-approve-label = Aprobar { $name }
art-icons-colours-label = Colores de { $name }
art-icons-approved = Aprobado
art-icons-approve = Aprobar
art-icons-palettes-suggested = { $count ->
    [0] No se pudo sugerir ninguna paleta.
    [one] Se sugirió una paleta.
   *[other] Se sugirieron { $count } paletas. Aprueba la que te guste.
}
art-icons-theme-approved = «{ $name }» es el tema de iconos de la tarjeta.
art-icons-chapter = Capítulo { $position }
art-icons-chapters-label = Iconos de los capítulos
art-icons-chapter-label = Capítulo { $position }: { $title }
art-icons-icon-alt = Icono de { $title }
art-icons-shows = Qué muestra (opcional)
art-icons-shows-placeholder = p. ej. un búho dormido en una rama
art-icons-shows-label = Qué muestra el icono de { $title } (opcional)
art-icons-how-many = Cuántas
art-icons-how-many-label = Cuántas variantes de { $title }
art-icons-variations = Variantes
art-icons-variations-label = Variantes de { $title }
art-icons-regenerate = Volver a dibujar
art-icons-regenerate-label = Volver a dibujar el icono de { $title }
art-icons-variations-estimated = { $count ->
    [one] { $count } variante · coste estimado { $cost }
   *[other] { $count } variantes · coste estimado { $cost }
}
art-icons-variations-free = { $count ->
    [one] { $count } variante · gratis
   *[other] { $count } variantes · gratis
}
art-icons-variations-free-offline = { $count ->
    [one] { $count } variante · gratis, sin conexión
   *[other] { $count } variantes · gratis, sin conexión
}
art-icons-variations-made-estimated = { $count ->
    [one] { $count } variante
   *[other] { $count } variantes
    } para «{ $title }» (coste estimado { $cost }). Elige una.
art-icons-variations-made-free = { $count ->
    [one] { $count } variante
   *[other] { $count } variantes
    } para «{ $title }» (gratis). Elige una.
art-icons-variations-made-free-offline = { $count ->
    [one] { $count } variante
   *[other] { $count } variantes
    } para «{ $title }» (gratis, sin conexión). Elige una.
art-icons-use-variation = Usar la variante { $number } para { $title }
art-icons-chosen = Elegida
art-icons-variation-chosen = La variante { $number } es ahora el icono de «{ $title }».
art-icons-drawn = { $count ->
    [one] { $count } icono dibujado.
   *[other] { $count } iconos dibujados.
}

## Portadas

art-cover-heading = Generar una portada
art-cover-intro = Describe una imagen; aparecerá una vista previa junto a la portada actual. Nada cambia hasta que la uses.
art-cover-which = Qué portada
art-cover-front = Delantera
art-cover-back = Trasera
art-cover-describe = { $side ->
    [front] Describe la portada delantera
   *[back] Describe la portada trasera
}
art-cover-describe-first = Primero describe la imagen.
art-cover-too-long = La descripción no puede superar los { $max } caracteres.
art-cover-generating = Generando…
art-cover-generate = Generar
art-cover-regenerate = Volver a generar
art-cover-use = Usar esta portada
art-cover-progress-label = Generando la portada
art-cover-saved = { $side ->
    [front] Portada delantera guardada.
   *[back] Portada trasera guardada.
}
art-cover-current = Actual
art-cover-current-alt = { $side ->
    [front] Portada delantera actual
   *[back] Portada trasera actual
}
art-cover-none = Aún no hay portada
art-cover-preview = Vista previa
art-cover-preview-alt = { $side ->
    [front] Vista previa de la portada delantera generada
   *[back] Vista previa de la portada trasera generada
}
art-cover-preview-empty = Genera una portada para ver aquí la vista previa

# Lo que hizo el dibujo de los iconos, dicho después.
art-icons-drew-chapter = Se ha dibujado un icono nuevo para «{ $title }» ({ $who }).
art-icons-drew-none = No se ha dibujado ningún icono.
art-icons-drew = { $count ->
    [one] Se ha dibujado 1 icono en «{ $palette }» ({ $who }).
   *[other] Se han dibujado { $count } iconos en «{ $palette }» ({ $who }).
}
art-icons-kept = { $count ->
    [one] Se ha conservado el icono propio de 1 capítulo: { $titles }; vuelve a dibujar un capítulo para sustituirlo.
   *[other] Se han conservado los iconos propios de { $count } capítulos: { $titles }; vuelve a dibujar un capítulo para sustituirlos.
}
art-icons-no-chapters = La tarjeta todavía no tiene capítulos.
art-icons-by-offline = imágenes sin conexión
art-icons-by-provider = dibujado por { $provider }
