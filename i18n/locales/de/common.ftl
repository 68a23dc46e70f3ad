count-chapters = { $count ->
    [one] { $count } Kapitel
   *[other] { $count } Kapitel
}
count-cards = { $count ->
    [one] { $count } Karte
   *[other] { $count } Karten
}

duration-hours-minutes = { $hours } Std. { $minutes } Min.
duration-minutes-seconds = { $minutes } Min. { $seconds } Sek.
duration-seconds = { $seconds } Sek.

date-day = { $day }. { $month ->
    [1] Jan.
    [2] Feb.
    [3] März
    [4] Apr.
    [5] Mai
    [6] Juni
    [7] Juli
    [8] Aug.
    [9] Sept.
    [10] Okt.
    [11] Nov.
   *[12] Dez.
} { $year }
date-day-time = { date-day }, { $time }

loading = Wird geladen …
