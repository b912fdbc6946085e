// The layout audit's checks (issue 47), run inside the page by `page.evaluate(layoutAudit, opts)`.
// Each returns what a founder would see as broken, one line each, so a failure says what to fix:
// - `wide`: the document wider than the viewport, and the elements reaching past its right edge
//   that no box of theirs clips or scrolls;
// - `broken`: a word laid out over two lines inside itself ("GPU-/h"), or a currency symbol left
//   alone at a line's end ("R$" | "32"). A word is a run of non-space characters up to and
//   including a hyphen or a dash (a no-break space joins, as in "US$ 6,88"): a line may end after the hyphen of "GPU-hours" or the dash of
//   "30–50", as in print. A word wider than its whole line (a long address) must break: it counts
//   only when it would fit on one line of its block;
// - `cut`: a select's chosen text, a placeholder or a button's text wider than the box it sits in;
// - `small`: a control a founder uses to build a plan smaller than `minTarget` px in width or
//   height (a checkbox counts with its label, which clicks it too; a link inside a sentence or a
//   label's words is exempt, as WCAG 2.5.5 says: its size is the line's).
// - `overlap`: two labels of a chart, or a label and a tick mark, whose boxes overlap (the page's
//   canvas backend writes the box of each text and tick it draws on the canvas, measured with the
//   browser's own fonts: src/widgets/canvas.rs).
// Only what is rendered counts: an element with no box, or inside a closed <details>, is skipped.

/** @param {{ minTarget: number }} opts */
export function layoutAudit({ minTarget }) {
  const out = { wide: [], broken: [], cut: [], small: [], overlap: [] };
  const shown = (el) => {
    if (!el || el.closest('.visually-hidden, [hidden], [aria-hidden=true]')) return false;
    const r = el.getBoundingClientRect();
    if (r.width < 1 || r.height < 1) return false;
    const s = getComputedStyle(el);
    return s.visibility !== 'hidden' && s.display !== 'none';
  };
  const name = (el) => {
    const id = el.dataset?.testid ? `[data-testid=${el.dataset.testid}]` : el.id ? `#${el.id}` : '';
    const cls = el.classList?.length ? `.${[...el.classList].join('.')}` : '';
    const text = (el.innerText ?? el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
    return `${el.tagName.toLowerCase()}${id}${cls}${text ? ` "${text}"` : ''}`;
  };

  // wide
  const width = document.documentElement.clientWidth;
  if (document.documentElement.scrollWidth > width + 0.5) {
    out.wide.push(`the document is ${document.documentElement.scrollWidth} px wide in a ${width} px viewport`);
  }
  const clipped = (el) => {
    for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
      if (getComputedStyle(p).overflowX !== 'visible') return true;
    }
    return false;
  };
  for (const el of document.body.querySelectorAll('*')) {
    if (out.wide.length > 12) break;
    const r = el.getBoundingClientRect();
    if (r.width === 0 || r.right <= width + 0.5 || el.closest('.visually-hidden, .skip-link') || clipped(el)) continue;
    out.wide.push(`${name(el)} ends at ${Math.round(r.right)} px`);
  }

  // broken
  const lines = (range) => {
    const tops = new Set();
    for (const r of range.getClientRects()) if (r.width > 0) tops.add(Math.round(r.top));
    return tops.size;
  };
  // The width of a line in the block the text sits in.
  const lineWidth = (el) => {
    let block = el;
    while (block.parentElement && getComputedStyle(block).display.startsWith('inline')) block = block.parentElement;
    const s = getComputedStyle(block);
    return block.clientWidth - parseFloat(s.paddingLeft) - parseFloat(s.paddingRight);
  };
  const fitsALine = (range, el) => {
    const total = [...range.getClientRects()].reduce((sum, r) => sum + r.width, 0);
    return total <= lineWidth(el);
  };
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  const currency = /(?:R\$|US\$|€|£|\$)\s+(?=[\d-])/g;
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;
    if (!node.data.trim() || !parent || parent.closest('script, style, svg, select, option, textarea, .skip-link')) continue;
    if (!shown(parent)) continue;
    for (const [re, kind] of [[/[^ \t\n\r\f\u200b\-–—]+[\-–—]?/g, 'word'], [currency, 'currency']]) {
      for (const m of node.data.matchAll(re)) {
        const range = document.createRange();
        range.setStart(node, m.index);
        // The symbol and the first character of its number: on one line, or the symbol is alone.
        range.setEnd(node, Math.min(node.data.length, m.index + m[0].length + (kind === 'currency' ? 1 : 0)));
        if (lines(range) > 1 && (kind === 'currency' || fitsALine(range, parent))) {
          out.broken.push(kind === 'word' ? `"${m[0]}" broken over lines in ${name(parent)}` : `"${m[0].trim()}" alone at a line's end in ${name(parent)}`);
        }
      }
    }
  }

  // cut
  const canvas = document.createElement('canvas').getContext('2d');
  const textWidth = (text, el) => {
    const s = getComputedStyle(el);
    canvas.font = `${s.fontStyle} ${s.fontWeight} ${s.fontSize} ${s.fontFamily}`;
    return canvas.measureText(text).width;
  };
  const contentWidth = (el) => {
    const s = getComputedStyle(el);
    return el.clientWidth - parseFloat(s.paddingLeft) - parseFloat(s.paddingRight);
  };
  for (const el of document.querySelectorAll('select')) {
    if (!shown(el)) continue;
    const text = el.selectedOptions[0]?.textContent ?? '';
    // A select that keeps its native look draws its arrow beside the padding (about 20 px in
    // Chromium and Firefox); one drawn by the page's own style sits in its padding. 2 px of rounding.
    const need = textWidth(text, el);
    const room = contentWidth(el) - (getComputedStyle(el).appearance === 'none' ? 0 : 20);
    if (need > room + 2) out.cut.push(`select ${name(el)}: "${text}" needs ${Math.ceil(need)} px, has ${Math.floor(room)}`);
  }
  for (const el of document.querySelectorAll('input[placeholder]')) {
    if (!shown(el) || el.value) continue;
    const need = textWidth(el.placeholder, el);
    const room = contentWidth(el);
    if (need > room + 2) out.cut.push(`placeholder of ${name(el)}: "${el.placeholder}" needs ${Math.ceil(need)} px, has ${Math.floor(room)}`);
  }
  for (const el of document.querySelectorAll('button, summary, .chip, label')) {
    if (!shown(el)) continue;
    if (el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).overflowX !== 'visible') {
      out.cut.push(`${name(el)}: its text needs ${el.scrollWidth} px, shows ${el.clientWidth}`);
    }
  }

  // small
  const inSentence = (a) => {
    const block = a.closest('p, li, dd, td, figcaption, label, cite, .note, .hint');
    if (!block) return false;
    const text = block.textContent.replace(a.textContent, '').trim();
    return text.length > 20;
  };
  const controls = document.querySelectorAll(
    'button, select, input:not([type=hidden]), textarea, summary, a[href], [role=button], [tabindex="0"]',
  );
  for (const el of controls) {
    if (!shown(el) || el.closest('.skip-link') || el.classList.contains('skip-link')) continue;
    if (el.tagName === 'A' && inSentence(el)) continue;
    let r = el.getBoundingClientRect();
    let box = { left: r.left, right: r.right, top: r.top, bottom: r.bottom };
    // A checkbox or radio is clicked through its label too.
    if (el.type === 'checkbox' || el.type === 'radio') {
      const label = el.closest('label') ?? (el.id && document.querySelector(`label[for="${el.id}"]`));
      if (label) {
        const l = label.getBoundingClientRect();
        box = { left: Math.min(box.left, l.left), right: Math.max(box.right, l.right), top: Math.min(box.top, l.top), bottom: Math.max(box.bottom, l.bottom) };
      }
    }
    const w = box.right - box.left;
    const h = box.bottom - box.top;
    if (w + 0.5 < minTarget || h + 0.5 < minTarget) out.small.push(`${name(el)} is ${w.toFixed(0)}×${h.toFixed(0)} px`);
  }
  // overlap (1 canvas pixel of anti-aliasing tolerated on each side)
  for (const canvas of document.querySelectorAll('canvas[data-label-boxes]')) {
    if (!shown(canvas)) continue;
    const boxes = canvas.dataset.labelBoxes.split(';').filter(Boolean).map((b) => {
      const [x, y, w, h, kind] = b.split(',');
      return { x: +x, y: +y, w: +w, h: +h, kind };
    });
    const overlaps = (a, b) => Math.min(a.x + a.w, b.x + b.w) - Math.max(a.x, b.x) > 1 && Math.min(a.y + a.h, b.y + b.h) - Math.max(a.y, b.y) > 1;
    const texts = boxes.filter((b) => b.kind === 't');
    const ticks = boxes.filter((b) => b.kind === 'k');
    const id = canvas.dataset.testid ?? canvas.className;
    for (let i = 0; i < texts.length; i++) {
      for (let j = i + 1; j < texts.length; j++) {
        if (overlaps(texts[i], texts[j])) out.overlap.push(`${id}: labels at ${texts[i].x},${texts[i].y} and ${texts[j].x},${texts[j].y} overlap`);
      }
      for (const k of ticks) {
        if (overlaps(texts[i], k)) out.overlap.push(`${id}: the label at ${texts[i].x},${texts[i].y} covers the tick at ${k.x},${k.y}`);
      }
    }
  }
  return out;
}

/**
 * Opens every collapsible section from its summary (a section is built on first open; nested ones
 * appear once their parent is built), then every other disclosure ("show the math", …).
 */
export async function openEverything(calc) {
  for (let pass = 0; pass < 4; pass++) {
    const closed = await calc.page.evaluate(() => [...document.querySelectorAll('details.section:not([open])')].map((d) => d.id));
    if (closed.length === 0) break;
    for (const id of closed) await calc.openSection(id);
  }
  await calc.page.evaluate(() => document.querySelectorAll('details:not([open])').forEach((d) => (d.open = true)));
  // Charts draw in the next animation frame; let the layout settle.
  await calc.page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
}

