//! The reordering batches as pure functions of the card's order: which chapters come where
//! after "move to top", "sort by title" and the rest. Sorting and reversing keep the tracks
//! in the places the selection held, so tidying chapters 5–9 leaves 1–4 alone.

use std::cmp::Ordering;

/// The card's order after moving `selected` (a subset of `order`, in any order) first,
/// keeping their present order among themselves.
pub fn to_top<T: PartialEq + Clone>(order: &[T], selected: &[T]) -> Vec<T> {
    let (mut chosen, rest) = split(order, selected);
    chosen.extend(rest);
    chosen
}

/// The card's order after moving `selected` last, in their present order.
pub fn to_bottom<T: PartialEq + Clone>(order: &[T], selected: &[T]) -> Vec<T> {
    let (chosen, mut rest) = split(order, selected);
    rest.extend(chosen);
    rest
}

/// The card's order after reversing `selected` in the places they hold.
pub fn reversed<T: PartialEq + Clone>(order: &[T], selected: &[T]) -> Vec<T> {
    let (mut chosen, _) = split(order, selected);
    chosen.reverse();
    in_place(order, &chosen)
}

/// The card's order after sorting `selected` by `cmp` in the places they hold (a stable
/// sort: equal ones keep their order).
pub fn sorted<T: PartialEq + Clone>(
    order: &[T],
    selected: &[T],
    cmp: impl Fn(&T, &T) -> Ordering,
) -> Vec<T> {
    let (mut chosen, _) = split(order, selected);
    chosen.sort_by(cmp);
    in_place(order, &chosen)
}

/// `order` with the places of `arranged`'s members filled by `arranged`, in sequence.
fn in_place<T: PartialEq + Clone>(order: &[T], arranged: &[T]) -> Vec<T> {
    let mut next = arranged.iter();
    order
        .iter()
        .map(|item| {
            if arranged.contains(item) {
                next.next().cloned().unwrap_or_else(|| item.clone())
            } else {
                item.clone()
            }
        })
        .collect()
}

/// The selected ones and the others, each in the card's order.
fn split<T: PartialEq + Clone>(order: &[T], selected: &[T]) -> (Vec<T>, Vec<T>) {
    order
        .iter()
        .cloned()
        .partition(|item| selected.contains(item))
}

#[cfg(test)]
mod tests {
    use super::*;

    const ORDER: [u8; 6] = [1, 2, 3, 4, 5, 6];

    #[test]
    fn top_and_bottom_keep_the_selections_order() {
        assert_eq!(to_top(&ORDER, &[5, 2]), [2, 5, 1, 3, 4, 6]);
        assert_eq!(to_bottom(&ORDER, &[5, 2]), [1, 3, 4, 6, 2, 5]);
    }

    #[test]
    fn reversing_and_sorting_stay_in_the_selected_places() {
        assert_eq!(reversed(&ORDER, &[2, 4, 5]), [1, 5, 3, 4, 2, 6]);
        assert_eq!(reversed(&ORDER, &ORDER), [6, 5, 4, 3, 2, 1]);
        let descending = |a: &u8, b: &u8| b.cmp(a);
        assert_eq!(sorted(&ORDER, &[1, 3, 6], descending), [6, 2, 3, 4, 5, 1]);
    }
}
