// Touch targets on a phone: every control a finger presses is at least 44 × 44 CSS pixels
// (WCAG 2.5.5). Links inside running text are part of the sentence and exempt (as WCAG
// allows); a checkbox or radio counts with its label, which takes the press too.
import type { Page } from '@playwright/test';

export const MIN_TARGET = 44;

/** The controls on the page smaller than [`MIN_TARGET`], as "name (w×h)". */
export async function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate((min) => {
    const controls = document.querySelectorAll<HTMLElement>(
      'button, a[href], input:not([type=hidden]), select, textarea, summary, [role=button], [role=slider], [tabindex="0"]',
    );
    const out: string[] = [];
    for (const el of controls) {
      if (el.closest('[hidden], [inert]') || el.getClientRects().length === 0) continue;
      const style = getComputedStyle(el);
      if (style.visibility === 'hidden' || style.display === 'none') continue;
      // a link in a sentence: its line is the target
      if (el.tagName === 'A' && getComputedStyle(el).display === 'inline' && el.parentElement && /^(P|SPAN|LI|DD|TD|SMALL|LABEL)$/.test(el.parentElement.tagName) && (el.parentElement.textContent ?? '').trim().length > (el.textContent ?? '').trim().length) continue;
      let box = el.getBoundingClientRect();
      const input = el as HTMLInputElement;
      if (el.tagName === 'INPUT' && (input.type === 'checkbox' || input.type === 'radio' || input.type === 'file')) {
        const label = el.closest('label') ?? (input.id ? document.querySelector(`label[for="${input.id}"]`) : null);
        if (label) box = label.getBoundingClientRect();
        else if (input.type === 'file' && style.opacity === '0') continue;
      }
      // a visually hidden input is pressed through its label
      if (box.width <= 1 && box.height <= 1) continue;
      if (box.width + 0.5 < min || box.height + 0.5 < min) {
        const name = el.getAttribute('aria-label') || el.textContent?.trim().slice(0, 40) || el.getAttribute('name') || el.tagName;
        out.push(`${el.tagName.toLowerCase()} “${name}” (${Math.round(box.width)}×${Math.round(box.height)})`);
      }
    }
    return out;
  }, MIN_TARGET);
}

/** Text at 200 % (the root font size doubled, as a phone's text-size setting does): what
 * runs off the side, in CSS pixels (0 when nothing does). */
export async function overflowAtDoubleText(page: Page): Promise<number> {
  return page.evaluate(async () => {
    const root = document.documentElement;
    const before = root.style.fontSize;
    root.style.fontSize = '200%';
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    const over = root.scrollWidth - window.innerWidth;
    root.style.fontSize = before;
    return over;
  });
}
