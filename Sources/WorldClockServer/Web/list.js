// The list: one <section> per index title, a sticky header (title + count), one fixed-height row
// per place. Sections off screen are skipped by the browser (content-visibility: auto) at their
// exact size, so jumps land exactly and a long catalogue costs only what is visible; times are
// updated in the visible sections only.
import { describe } from './clock.js';

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
      if (button) onToggle(this.places.get(button.closest('.row').dataset.name));
    });
    this.observer = new IntersectionObserver((entries) => {
      for (const entry of entries) {
        if (entry.isIntersecting) this.visible.add(entry.target); else this.visible.delete(entry.target);
      }
      this.refreshVisible?.();
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
    const style = getComputedStyle(document.documentElement);
    const rowHeight = parseFloat(style.getPropertyValue('--row-h'));
    const headerHeight = parseFloat(style.getPropertyValue('--section-h'));
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
          `<span class="place"><span class="name">${name}</span><span class="country">${escape(place.country)}</span></span>`,
          `<span class="when"><span class="time"></span><span class="rel"></span></span><span class="abbr"></span>`,
          `<button type="button" class="add" aria-pressed="${mine}" aria-label="${name} ${label(mine)}">${mine ? '✓' : '+'}</button></li>`);
      }
      html.push('</ul></section>');
    }
    this.root.innerHTML = html.join('');
    for (const element of this.root.children) {
      const count = element.querySelectorAll('.row').length;
      element.style.containIntrinsicSize = `auto ${headerHeight + count * rowHeight}px`;
      this.sections.set(element.dataset.title, element);
      this.observer.observe(element);
    }
    this.trackTop();
  }

  /** Updates the times of the rows on screen. */
  tick(rules, t, ref, h24) {
    this.refreshVisible = () => this.tick(rules, t, ref, h24);
    for (const section of this.visible) {
      for (const row of section.querySelectorAll('.row')) {
        const shown = describe(rules, row.dataset.zone, t, ref, h24);
        if (!shown) continue;
        const [time, rel, abbr] = [row.querySelector('.time'), row.querySelector('.rel'), row.querySelector('.abbr')];
        if (time.textContent !== shown.time) time.textContent = shown.time;
        const relText = `${shown.day} ${shown.hours}`;
        if (rel.textContent !== relText) rel.textContent = relText;
        if (abbr.textContent !== shown.abbreviation) { abbr.textContent = shown.abbreviation; abbr.title = shown.offset; }
      }
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
    // Times for the section now on screen in this frame, before the observer reports it.
    this.visible.add(section);
    this.refreshVisible?.();
    this.trackTop();
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
