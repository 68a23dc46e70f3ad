# Words shared by many pages: counts, lengths, dates.

count-chapters = { $count ->
    [one] { $count } chapter
   *[other] { $count } chapters
}
count-cards = { $count ->
    [one] { $count } card
   *[other] { $count } cards
}

duration-hours-minutes = { $hours } h { $minutes } min
duration-minutes-seconds = { $minutes } min { $seconds } s
duration-seconds = { $seconds } s

date-day = { $day } { $month ->
    [1] Jan
    [2] Feb
    [3] Mar
    [4] Apr
    [5] May
    [6] Jun
    [7] Jul
    [8] Aug
    [9] Sep
    [10] Oct
    [11] Nov
   *[12] Dec
} { $year }
date-day-time = { date-day }, { $time }

loading = Loading…
