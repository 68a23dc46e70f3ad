# A card's pictures: the chapter icons (the Icons panel) and generated covers.

## Icons

# owner: user (the person's own provider, "your …") or system (the instance's); name: the
# provider and its model, "OpenAI (gpt-4o-mini)".

art-icons-title = Icons
art-icons-intro = The 16x16 pictures the player shows for each chapter. Pick a palette, then draw them all or one at a time.
art-icons-no-tracks = Add tracks first: each chapter gets an icon.
art-icons-drawing = Drawing…
art-icons-drawing-all = Drawing all…
art-icons-sample = Try on two chapters
art-icons-generate-all = Generate all
art-icons-drawer-unknown = Icons are drawn by the first provider of your cascade that can.
art-icons-drawer-offline = Drawn by the built-in offline generators: free, offline.
art-icons-drawer-free = Drawn by { $owner ->
        [user] your { $name }
       *[other] the instance's { $name }
    }: free, as it has no budget to spend.
art-icons-drawer-paid = Drawn by { $owner ->
        [user] your { $name }
       *[other] the instance's { $name }
    } (paid). You confirm each call first.
art-icons-confirm-label = Confirm a paid call
art-icons-yes-draw = Yes, draw
art-icons-cancel = Cancel
art-icons-progress = Drawing icons…
art-icons-progress-label = Drawing icons
art-icons-ask-sample = Draw icons for two chapters with { $owner ->
        [user] your { $name }
       *[other] the instance's { $name }
    }?
# The English shows the count as is, also for one chapter.
art-icons-ask-all = Draw icons for all { $count } chapters with { $owner ->
        [user] your { $name }
       *[other] the instance's { $name }
    }?
art-icons-ask-variations = Draw { $count } variations for “{ $title }” with { $owner ->
        [user] your { $name }
       *[other] the instance's { $name }
    }?
art-icons-ask-regenerate = Draw a new icon for “{ $title }” with { $owner ->
        [user] your { $name }
       *[other] the instance's { $name }
    }?
# cost: the estimate, left: what the provider's budget has left, both in dollars.
art-icons-cost-estimated = Estimated cost: about { $cost }, charged to its budget ({ $left } left). Should it fail or run out, the next provider takes over, down to the free offline icons.
art-icons-cost-paid = This is a paid call, charged to its budget ({ $left } left). Should it fail or run out, the next provider takes over, down to the free offline icons.
art-icons-theme = Theme
art-icons-suggesting = Suggesting…
art-icons-suggest-again = Suggest again
art-icons-suggest = Suggest a theme
art-icons-approved-theme = Approved theme: { $name }
art-icons-palettes-label = Suggested palettes
art-icons-approve-label = Approve { $name }
art-icons-colours-label = Colours of { $name }
art-icons-approved = Approved
art-icons-approve = Approve
art-icons-palettes-suggested = { $count ->
    [0] No palette could be suggested.
    [one] One palette suggested.
   *[other] { $count } palettes suggested. Approve the one you like.
}
art-icons-theme-approved = “{ $name }” is the card's icon theme.
art-icons-chapter = Chapter { $position }
art-icons-chapters-label = Chapter icons
art-icons-chapter-label = Chapter { $position }: { $title }
art-icons-icon-alt = Icon of { $title }
art-icons-shows = Shows (optional)
art-icons-shows-placeholder = e.g. a sleepy owl on a branch
art-icons-shows-label = What the icon of { $title } shows (optional)
art-icons-how-many = How many
art-icons-how-many-label = How many variations of { $title }
art-icons-variations = Variations
art-icons-variations-label = Variations of { $title }
art-icons-regenerate = Regenerate
art-icons-regenerate-label = Regenerate the icon of { $title }
# The English shows the count as is; the panel offers 2, 4, 6 or 8.
art-icons-variations-estimated = { $count } variations · estimated { $cost }
art-icons-variations-free = { $count } variations · free
art-icons-variations-free-offline = { $count } variations · free, offline
art-icons-variations-made-estimated = { $count } variations for “{ $title }” (estimated { $cost }). Pick one.
art-icons-variations-made-free = { $count } variations for “{ $title }” (free). Pick one.
art-icons-variations-made-free-offline = { $count } variations for “{ $title }” (free, offline). Pick one.
art-icons-use-variation = Use variation { $number } for { $title }
art-icons-chosen = Chosen
art-icons-variation-chosen = Variation { $number } is now the icon of “{ $title }”.
art-icons-drawn = { $count ->
    [one] { $count } icon drawn.
   *[other] { $count } icons drawn.
}

## Covers

# side: front or back.

art-cover-heading = Generate a cover
art-cover-intro = Describe a picture; a preview appears beside the current cover. Nothing changes until you use it.
art-cover-which = Which cover
art-cover-front = Front
art-cover-back = Back
art-cover-describe = { $side ->
    [front] Describe the front cover
   *[back] Describe the back cover
}
art-cover-describe-first = Describe the picture first.
art-cover-too-long = Keep the description to { $max } characters.
art-cover-generating = Generating…
art-cover-generate = Generate
art-cover-regenerate = Regenerate
art-cover-use = Use this cover
art-cover-progress-label = Generating the cover
art-cover-saved = { $side ->
    [front] Front cover saved.
   *[back] Back cover saved.
}
art-cover-current = Current
art-cover-current-alt = { $side ->
    [front] Current front cover
   *[back] Current back cover
}
art-cover-none = No cover yet
art-cover-preview = Preview
art-cover-preview-alt = { $side ->
    [front] Preview of the generated front cover
   *[back] Preview of the generated back cover
}
art-cover-preview-empty = Generate to see a preview

# What drawing icons did, said after it.
art-icons-drew-chapter = Drew a new icon for “{ $title }” ({ $who }).
art-icons-drew-none = No icons drawn.
art-icons-drew = { $count ->
    [one] Drew 1 icon in “{ $palette }” ({ $who }).
   *[other] Drew { $count } icons in “{ $palette }” ({ $who }).
}
art-icons-kept = { $count ->
    [one] Kept the own icon of 1 chapter: { $titles }; regenerate a chapter to replace it.
   *[other] Kept the own icons of { $count } chapters: { $titles }; regenerate a chapter to replace it.
}
art-icons-no-chapters = The card has no chapters yet.
art-icons-by-offline = offline pictures
art-icons-by-provider = drawn by { $provider }
