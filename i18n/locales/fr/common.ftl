count-chapters = { $count ->
    [one] { $count } chapitre
   *[other] { $count } chapitres
}
count-cards = { $count ->
    [one] { $count } carte
   *[other] { $count } cartes
}

duration-hours-minutes = { $hours } h { $minutes } min
duration-minutes-seconds = { $minutes } min { $seconds } s
duration-seconds = { $seconds } s

date-day = { $day ->
    [1] 1er
   *[other] { $day }
} { $month ->
    [1] janv.
    [2] févr.
    [3] mars
    [4] avr.
    [5] mai
    [6] juin
    [7] juil.
    [8] août
    [9] sept.
    [10] oct.
    [11] nov.
   *[12] déc.
} { $year }
date-day-time = { date-day } à { $time }

loading = Chargement…
