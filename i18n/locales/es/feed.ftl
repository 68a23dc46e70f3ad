# Un pódcast o un feed de audio convertido en tarjeta: el formulario de una colección y el panel de la tarjeta.

feed-intro = Pega la dirección de un pódcast o de un feed de audio (RSS o Atom). Cardsmith lo lee enseguida y luego trae sus episodios más recientes como capítulos.
feed-url = Dirección del feed
feed-url-hint = Las apps de pódcast lo llaman enlace RSS; suele terminar en .xml o /feed
feed-title = Título de la tarjeta
feed-title-hint = Déjalo vacío para usar el título del pódcast
feed-episodes = Episodios que guardar
feed-episodes-hint = Los más recientes, de 1 a 50
feed-refresh = Buscar episodios nuevos
feed-refresh-off = Solo cuando lo pida
feed-refresh-daily = Cada día
feed-refresh-weekly = Cada semana
feed-order = Orden de los capítulos
feed-order-newest = El episodio más reciente primero
feed-order-oldest = El episodio más antiguo primero (una historia por partes)
feed-republish = Volver a publicar la tarjeta tras una comprobación que la cambie
feed-republish-hint = En cada cuenta donde la tarjeta ya está publicada, en cuanto los episodios nuevos estén listos
feed-stream = Emitir los episodios en lugar de descargarlos
feed-stream-hint = El reproductor trae cada episodio del pódcast al reproducirlo; aquí no se guarda nada. Los episodios descargados suenan sin conexión y a un volumen parejo.
feed-make = Crear la tarjeta del pódcast
feed-reading = Leyendo el feed…
feed-bringing = Trayendo los episodios
feed-made = { $count ->
    [one] «{ $title }» está lista con un episodio.
   *[other] «{ $title }» está lista con { $count } episodios.
}
feed-open-card = Abrir la tarjeta
feed-refused = { $count ->
    [one] Un episodio no se añadió:
   *[other] { $count } episodios no se añadieron:
}
feed-refused-one = { $title }: { $why }
feed-source = Los episodios vienen de
feed-mode-download = Los episodios se descargan y se preparan aquí, como las subidas.
feed-mode-stream = Los episodios se emiten desde el pódcast al reproducirse.
feed-checked = Última comprobación { $when }.
feed-never-checked = Aún sin comprobar.
feed-next = Próxima comprobación { $when }.
feed-by-hand = Se comprueba solo cuando lo pides.
feed-last-error = La última comprobación no pudo leer el feed ({ $why }); la tarjeta quedó como estaba.
feed-saved = Guardado.
feed-save = Guardar
feed-refresh-now = Buscar episodios nuevos ahora
feed-unfollow = Dejar de seguir el feed
feed-unfollow-question = ¿Dejar de seguir el feed? La tarjeta conserva sus capítulos; ya no se actualizan.
feed-unfollow-confirm = Sí, dejar de seguir
feed-unfollowed = Esta tarjeta ya no sigue su feed; sus capítulos se quedan.
coll-feed-title = Una tarjeta a partir de un pódcast
coll-feed-summary = Sus episodios más recientes como capítulos, siempre al día
card-feed-title = Feed del pódcast
card-feed-summary = Sigue { $title }
