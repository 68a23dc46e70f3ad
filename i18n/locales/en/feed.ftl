# A podcast or audio feed made into a card: the form on a collection, and the card's panel.

feed-intro = Paste the address of a podcast or an audio feed (RSS or Atom). Cardsmith reads it at once, then brings in its latest episodes as chapters.
feed-url = Feed address
feed-url-hint = Podcast apps call it the RSS link; it often ends in .xml or /feed
feed-title = Card title
feed-title-hint = Leave it empty to use the podcast’s own title
feed-episodes = Episodes to keep
feed-episodes-hint = The latest ones, 1 to 50
feed-refresh = Look for new episodes
feed-refresh-off = Only when I ask
feed-refresh-daily = Every day
feed-refresh-weekly = Every week
feed-order = Chapter order
feed-order-newest = Newest episode first
feed-order-oldest = Oldest episode first (a story told in parts)
feed-republish = Publish the card again after a check that changes it
feed-republish-hint = To every account the card is already published to, once the new episodes are ready
feed-stream = Stream the episodes instead of downloading them
feed-stream-hint = The player fetches each episode from the podcast as it plays; nothing is stored here. Downloaded episodes play offline and at an even volume.
feed-make = Make the card
feed-reading = Reading the feed…
feed-bringing = Bringing in the episodes
feed-made = { $count ->
    [one] “{ $title }” is ready with one episode.
   *[other] “{ $title }” is ready with { $count } episodes.
}
feed-open-card = Open the card
feed-refused = { $count ->
    [one] One episode was not added:
   *[other] { $count } episodes were not added:
}
feed-refused-one = { $title }: { $why }
feed-source = Episodes come from
feed-mode-download = Episodes are downloaded and prepared here, like uploads.
feed-mode-stream = Episodes stream from the podcast when they play.
feed-checked = Last checked { $when }.
feed-never-checked = Not checked yet.
feed-next = Next check { $when }.
feed-by-hand = Checked only when you ask.
feed-last-error = The last check could not read the feed ({ $why }); the card was left as it was.
feed-saved = Saved.
feed-save = Save
feed-refresh-now = Check for new episodes now
feed-unfollow = Stop following the feed
feed-unfollow-question = Stop following the feed? The card keeps its chapters; they are no longer updated.
feed-unfollow-confirm = Yes, stop following
feed-unfollowed = This card no longer follows its feed; its chapters stay.
coll-feed-title = Make a card from a podcast
coll-feed-summary = Its latest episodes as chapters, kept up to date
card-feed-title = Podcast feed
card-feed-summary = Follows { $title }
