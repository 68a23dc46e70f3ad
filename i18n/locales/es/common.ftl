count-chapters = { $count ->
    [one] { $count } capítulo
   *[other] { $count } capítulos
}
count-cards = { $count ->
    [one] { $count } tarjeta
   *[other] { $count } tarjetas
}

duration-hours-minutes = { $hours } h { $minutes } min
duration-minutes-seconds = { $minutes } min { $seconds } s
duration-seconds = { $seconds } s

date-day = { $day } { $month ->
    [1] ene
    [2] feb
    [3] mar
    [4] abr
    [5] may
    [6] jun
    [7] jul
    [8] ago
    [9] sept
    [10] oct
    [11] nov
   *[12] dic
} { $year }
date-day-time = { date-day }, { $time }

loading = Cargando…
