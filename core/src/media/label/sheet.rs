//! What a label is printed on: the page, and where each card-sized label sits on it.
//!
//! Every label is the real card (ISO/IEC 7810 ID-1, 54 × 85.6 mm, portrait); only the paper
//! differs. Plain paper (A4, US Letter) takes nine with cut marks. A sticker sheet has labels
//! of its own, larger than a card: one card is centred on each sticker, with cut marks to trim
//! the sticker to the card. The card page is one label per page at exactly card size, for
//! card printers and photo printers.

/// Width and height of a card, in mm.
pub(super) const CARD_W: f32 = 54.0;
pub(super) const CARD_H: f32 = 85.6;
/// Cut marks start this far outside the label, so a slightly-off cut leaves no line on it.
pub(super) const MARK_OFFSET: f32 = 1.0;
pub(super) const MARK_LEN: f32 = 2.0;
/// Between cards on plain paper: just room for the marks of both neighbours, which then
/// coincide.
const GUTTER: f32 = 2.0 * (MARK_OFFSET + MARK_LEN);
const A4: (f32, f32) = (210.0, 297.0);
const LETTER: (f32, f32) = (215.9, 279.4);

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PageSize {
    /// A4 paper, nine cards with cut marks.
    A4,
    /// US Letter paper, nine cards with cut marks.
    Letter,
    /// One card per page at exactly 54 × 85.6 mm, without marks: for card printers, and for
    /// photo printers on credit-card-size sticker paper (e.g. Canon SELPHY KC-18IF, 54 × 86 mm,
    /// printed "fit to page").
    Card,
    /// Avery L7166 (and compatibles such as J8166): A4, six stickers of 99.1 × 93.1 mm in two
    /// columns and three rows, the first 4.7 mm from the left and 8.85 mm from the top, 101.6 mm
    /// apart across and 93.1 mm down.
    AveryL7166,
    /// Avery 5168 (and 8168): US Letter, four stickers of 3.5 × 5 in (88.9 × 127 mm) in two
    /// columns and two rows, the first ½ in from the left and the top, 4 in apart across and
    /// 5 in down.
    Avery5168,
}

/// A page's labels: `cols × rows` cells of `cell` mm, the first at `first`, `pitch` apart. A
/// card sits centred in each cell.
#[derive(Clone, Copy, Debug)]
pub(super) struct Sheet {
    pub(super) size: (f32, f32),
    cols: usize,
    rows: usize,
    first: (f32, f32),
    cell: (f32, f32),
    pitch: (f32, f32),
    /// Whether the card's outline and cut marks are drawn (not when the page is the card).
    pub(super) trim: bool,
}

impl PageSize {
    /// The ids `POST /labels/generate` takes (`cardsmith_model::label::PAGE_SIZES`), and
    /// `"us-letter"`, `"l7166"`, `"5168"`, `"8168"`; case-insensitive.
    pub fn parse(s: &str) -> Option<Self> {
        match s.trim().to_ascii_lowercase().as_str() {
            "a4" => Some(Self::A4),
            "letter" | "us-letter" => Some(Self::Letter),
            "card" => Some(Self::Card),
            "avery-l7166" | "l7166" => Some(Self::AveryL7166),
            "avery-5168" | "5168" | "avery-8168" | "8168" => Some(Self::Avery5168),
            _ => None,
        }
    }

    pub(super) fn sheet(self) -> Sheet {
        match self {
            Self::A4 => Sheet::plain(A4),
            Self::Letter => Sheet::plain(LETTER),
            Self::Card => Sheet {
                size: (CARD_W, CARD_H),
                cols: 1,
                rows: 1,
                first: (0.0, 0.0),
                cell: (CARD_W, CARD_H),
                pitch: (CARD_W, CARD_H),
                trim: false,
            },
            Self::AveryL7166 => {
                Sheet::stickers(A4, (2, 3), (4.7, 8.85), (99.1, 93.1), (101.6, 93.1))
            }
            Self::Avery5168 => {
                Sheet::stickers(LETTER, (2, 2), (12.7, 12.7), (88.9, 127.0), (101.6, 127.0))
            }
        }
    }
}

impl Sheet {
    /// Three by three cards, the grid centred on the page.
    fn plain(size: (f32, f32)) -> Self {
        let (cols, rows) = (3, 3);
        let grid_w = cols as f32 * CARD_W + (cols - 1) as f32 * GUTTER;
        let grid_h = rows as f32 * CARD_H + (rows - 1) as f32 * GUTTER;
        Sheet {
            size,
            cols,
            rows,
            first: ((size.0 - grid_w) / 2.0, (size.1 - grid_h) / 2.0),
            cell: (CARD_W, CARD_H),
            pitch: (CARD_W + GUTTER, CARD_H + GUTTER),
            trim: true,
        }
    }

    fn stickers(
        size: (f32, f32),
        (cols, rows): (usize, usize),
        first: (f32, f32),
        cell: (f32, f32),
        pitch: (f32, f32),
    ) -> Self {
        Sheet {
            size,
            cols,
            rows,
            first,
            cell,
            pitch,
            trim: true,
        }
    }

    pub(super) fn per_page(&self) -> usize {
        self.cols * self.rows
    }

    /// Top-left corner of the card in `slot` (row-major).
    pub(super) fn origin(&self, slot: usize) -> (f32, f32) {
        let (col, row) = ((slot % self.cols) as f32, (slot / self.cols) as f32);
        (
            self.first.0 + col * self.pitch.0 + (self.cell.0 - CARD_W) / 2.0,
            self.first.1 + row * self.pitch.1 + (self.cell.1 - CARD_H) / 2.0,
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const ALL: [PageSize; 5] = [
        PageSize::A4,
        PageSize::Letter,
        PageSize::Card,
        PageSize::AveryL7166,
        PageSize::Avery5168,
    ];

    #[test]
    fn every_card_and_its_cut_marks_stay_on_the_page_and_in_its_sticker() {
        let margin = MARK_OFFSET + MARK_LEN;
        for page in ALL {
            let sheet = page.sheet();
            let (w, h) = sheet.size;
            let reach = if sheet.trim { margin } else { 0.0 };
            for slot in 0..sheet.per_page() {
                let (x, y) = sheet.origin(slot);
                assert!(x - reach >= 0.0 && y - reach >= 0.0, "{page:?} slot {slot}");
                assert!(x + CARD_W + reach <= w + 1e-3, "{page:?} slot {slot}");
                assert!(y + CARD_H + reach <= h + 1e-3, "{page:?} slot {slot}");
                if sheet.cell == (CARD_W, CARD_H) {
                    continue; // plain paper: the cells are the cards
                }
                // a sticker's card and marks stay on that sticker
                let (col, row) = ((slot % sheet.cols) as f32, (slot / sheet.cols) as f32);
                let cell_x = sheet.first.0 + col * sheet.pitch.0;
                let cell_y = sheet.first.1 + row * sheet.pitch.1;
                assert!(x - reach >= cell_x - 1e-3 && y - reach >= cell_y - 1e-3);
                assert!(x + CARD_W + reach <= cell_x + sheet.cell.0 + 1e-3);
                assert!(y + CARD_H + reach <= cell_y + sheet.cell.1 + 1e-3);
            }
        }
    }

    #[test]
    fn sheets_hold_the_advertised_number_of_cards() {
        let counts = ALL.map(|p| p.sheet().per_page());
        assert_eq!(counts, [9, 9, 1, 6, 4]);
        assert_eq!(PageSize::Card.sheet().size, (CARD_W, CARD_H));
        assert_eq!(PageSize::Card.sheet().origin(0), (0.0, 0.0));
        // L7166: the first card is centred on the first sticker
        let (x, y) = PageSize::AveryL7166.sheet().origin(0);
        assert!((x - (4.7 + (99.1 - CARD_W) / 2.0)).abs() < 1e-4);
        assert!((y - (8.85 + (93.1 - CARD_H) / 2.0)).abs() < 1e-4);
    }
}
