// The list: one <section> per index title, a sticky header (title + count), one row per place.
// Rows grow with the user's text size, and all rows have the same height at any size (one line
// per field), so sections and rows off screen are skipped by the browser (content-visibility:
// auto) at their exact size, measured from a drawn row: jumps land exactly, and a long catalogue,
// or a jump into a long section, costs only the rows on screen; times are updated in the visible
// sections only. The add buttons are one tab
// stop (a roving tabindex): arrows, Page Up/Down, Home and End move between them.
import { countryBeside, describe } from './clock.js';

const label = (mine) => (mine ? '내 시계에서 삭제' : '내 시계에 추가');
const escape = (text) => String(text).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export class PlaceList {
  /**
   * @param {HTMLElement} root
   * @param {{onToggle: (place: any) => void, onTopSection: (title: string) => void}} handlers
   */
  constructor(root, { onToggle, onTopSection }) {
    this.root = root;
    this.onTopSection = onTopSection;
    /** @type {Map<string, HTMLElement>} section elements by title */
    this.sections = new Map();
    /** @type {Map<string, any>} places by name */
    this.places = new Map();
    this.visible = new Set();
    this.topTitle = null;
    root.addEventListener('click', (event) => {
      const button = event.target.closest('button.add');
      if (!button) return;
      this.rove(button);
      onToggle(this.places.get(button.closest('.row').dataset.name));
    });
    root.addEventListener('keydown', (event) => this.key(event));
    root.addEventListener('focusin', (event) => { if (event.target.matches('button.add')) this.rove(event.target); });
    // A new text size or width changes the rows' height: the skipped sections' size follows.
    let measured = 0;
    new ResizeObserver(() => {
      cancelAnimationFrame(measured);
      measured = requestAnimationFrame(() => this.sizeSections());
    }).observe(document.documentElement);
    this.observer = new IntersectionObserver((entries) => {
      for (const entry of entries) {
        if (entry.isIntersecting) this.visible.add(entry.target); else this.visible.delete(entry.target);
      }
      // Only the sections that just came on screen: the others have this second's times already.
      for (const entry of entries) if (entry.isIntersecting) this.tickSection(entry.target);
    });
    let pending = false;
    window.addEventListener('scroll', () => {
      if (pending) return;
      pending = true;
      requestAnimationFrame(() => { pending = false; this.trackTop(); });
    }, { passive: true });
  }

  /** Builds every section of `feed` (once per catalogue). */
  render(feed, isMine) {
    this.observer.disconnect();
    this.visible.clear();
    this.sections.clear();
    this.places.clear();
    const html = [];
    for (const section of feed.sections) {
      const title = escape(section.title);
      html.push(`<section class="section" data-title="${title}" aria-label="${title} ${section.places.length}곳">`,
        `<h3 class="section-header"><span class="section-title">${title}</span> <span class="count">${section.places.length}곳</span></h3><ul class="rows">`);
      for (const place of section.places) {
        this.places.set(place.name, place);
        const name = escape(place.name);
        const mine = isMine(place.name);
        html.push(`<li class="row" data-name="${name}" data-zone="${escape(place.zone)}">`,
          `<span class="place"><span class="name">${name}</span><span class="country">${escape(countryBeside(place))}</span></span>`,
          `<span class="when"><span class="time"></span><span class="rel"></span></span><span class="abbr"></span>`,
          `<button type="button" class="add" tabindex="-1" aria-pressed="${mine}" aria-label="${name} ${label(mine)}">${mine ? '✓' : '+'}</button></li>`);
      }
      html.push('</ul></section>');
    }
    this.root.innerHTML = html.join('');
    for (const element of this.root.children) {
      this.sections.set(element.dataset.title, element);
      this.observer.observe(element);
    }
    this.buttons = [...this.root.querySelectorAll('button.add')];
    this.rove(this.buttons[0]);
    this.sizeSections();
    this.trackTop();
  }

  /**
   * Gives every section and every row its exact size while skipped: the first section's header and
   * first row, measured as drawn now (the rows all have one height; both are rendered to measure).
   */
  sizeSections() {
    const first = this.root.firstElementChild;
    if (!first) return;
    const firstRow = first.querySelector('.row');
    const saved = [first.style.contentVisibility, firstRow?.style.contentVisibility];
    first.style.contentVisibility = 'visible';
    if (firstRow) firstRow.style.contentVisibility = 'visible';
    const header = first.querySelector('.section-header').getBoundingClientRect().height;
    const row = firstRow?.getBoundingClientRect().height ?? 0;
    // A skipped row's size is its content box's (contain-intrinsic-size): padding and border come on top.
    let rowContent = row;
    if (firstRow) {
      const style = getComputedStyle(firstRow);
      for (const side of ['paddingTop', 'paddingBottom', 'borderTopWidth', 'borderBottomWidth']) rowContent -= parseFloat(style[side]) || 0;
    }
    first.style.contentVisibility = saved[0];
    if (firstRow) firstRow.style.contentVisibility = saved[1];
    if (header === this.headerHeight && row === this.rowHeight) return;
    [this.headerHeight, this.rowHeight] = [header, row];
    this.root.style.setProperty('--row-content-h', `${rowContent}px`);
    for (const element of this.sections.values()) {
      element.style.containIntrinsicSize = `auto ${header + element.querySelectorAll('.row').length * row}px`;
    }
  }

  /** Makes `button` the add buttons' one tab stop. */
  rove(button) {
    if (!button || button === this.focusable) return;
    if (this.focusable) this.focusable.tabIndex = -1;
    button.tabIndex = 0;
    this.focusable = button;
  }

  /** Arrows, Page Up/Down, Home and End between the add buttons. */
  key(event) {
    const button = event.target.closest?.('button.add');
    if (!button) return;
    const i = this.buttons.indexOf(button);
    const n = this.buttons.length;
    const to = { ArrowDown: i + 1, ArrowUp: i - 1, PageDown: i + 10, PageUp: i - 10, Home: 0, End: n - 1 }[event.key];
    if (to === undefined) return;
    event.preventDefault();
    const next = this.buttons[Math.max(0, Math.min(n - 1, to))];
    this.rove(next);
    next.focus();
  }

  /** Updates the times of the rows on screen; `stale`: past the feed's window, each row says it may be wrong. */
  tick(rules, t, ref, h24, stale = false) {
    this.now = [rules, t, ref, h24, stale];
    for (const section of this.visible) this.tickSection(section);
  }

  /** Updates one section's rows to the last tick's instant (none before the first tick). */
  tickSection(section) {
    if (!this.now) return;
    const [rules, t, ref, h24, stale] = this.now;
    for (const row of section.querySelectorAll('.row')) {
      const shown = describe(rules, row.dataset.zone, t, ref, h24);
      if (!shown) continue;
      const [time, rel, abbr] = [row.querySelector('.time'), row.querySelector('.rel'), row.querySelector('.abbr')];
      if (time.textContent !== shown.time) time.textContent = shown.time;
      const relText = stale ? `⚠ 틀릴 수 있음 · ${shown.day} ${shown.hours}` : `${shown.day} ${shown.hours}`;
      if (rel.textContent !== relText) { rel.textContent = relText; row.classList.toggle('stale', stale); }
      if (abbr.textContent !== shown.abbreviation) { abbr.textContent = shown.abbreviation; abbr.title = shown.offset; }
    }
  }

  /** Marks a place as one of my clocks or not. */
  setMine(name, mine) {
    const button = this.root.querySelector(`.row[data-name="${CSS.escape(name)}"] button.add`);
    if (!button) return;
    button.setAttribute('aria-pressed', String(mine));
    button.textContent = mine ? '✓' : '+';
    button.setAttribute('aria-label', `${name} ${label(mine)}`);
  }

  /** The sticky headers' top edge: under the page header. */
  stickyTop() { return document.getElementById('top').getBoundingClientRect().bottom; }

  /** Scrolls so that the section's header is at the top (the browser stops at the list's end). */
  scrollTo(title) {
    const section = this.sections.get(title);
    if (!section) return;
    const y = window.scrollY + section.getBoundingClientRect().top - this.stickyTop();
    window.scrollTo({ top: Math.round(y), behavior: 'instant' });
    // The add buttons' tab stop follows: the next Tab lands in this section, not back at the first row.
    this.rove(section.querySelector('button.add'));
    // Times for the section now on screen in this frame, before the observer reports it (only
    // this one: a drag passes many sections, and the observer keeps the set of those on screen).
    // Which section is on top is measured by the scroll listener in the next frame, not here: a
    // measurement right after scrolling would force the new section's layout inside the handler.
    this.tickSection(section);
  }

  /** Tells which section is under the sticky headers' line (the last one at the list's end). */
  trackTop() {
    const line = this.stickyTop() + 1;
    const atEnd = window.scrollY > 0 && window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 1;
    let top = null;
    for (const [title, section] of this.sections) {
      if (!atEnd && section.getBoundingClientRect().top > line) break;
      top = title;
    }
    top ??= this.sections.keys().next().value ?? null;
    if (top !== this.topTitle) {
      this.topTitle = top;
      if (top !== null) this.onTopSection(top);
    }
  }
}
