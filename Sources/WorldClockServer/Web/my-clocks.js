// My clocks: the cities a person keeps at the top, as on iOS's world-clock screen (city, 오늘/내일,
// +13시간, big time). Kept in localStorage; add and remove; reorder by dragging the handle
// (Pointer Events) or with the arrow keys on it.
import { describe } from './clock.js';
import { announce } from './announce.js';

const KEY = 'worldclock.my-clocks.v1';

/** @typedef {{name: string, zone: string, country: string}} SavedClock */

export class MyClocks {
  /**
   * @param {HTMLOListElement} list
   * @param {HTMLElement} empty the hint shown when there are none
   * @param {(name: string, mine: boolean) => void} onChange
   */
  constructor(list, empty, onChange) {
    this.list = list;
    this.empty = empty;
    this.onChange = onChange;
    /** @type {SavedClock[]} */
    this.clocks = load();
    this.last = null;
    list.addEventListener('click', (event) => {
      const button = event.target.closest('button.remove');
      if (!button) return;
      const i = [...list.children].indexOf(button.closest('.card'));
      this.remove(button.closest('.card').dataset.name);
      // Focus stays in the list: on the next card's remove button, or the previous, or the heading.
      const next = list.children[Math.min(i, this.clocks.length - 1)];
      (next?.querySelector('button.remove') ?? document.getElementById('my-clocks-title')).focus();
    });
    list.addEventListener('keydown', (event) => {
      const handle = event.target.closest('button.handle');
      const delta = { ArrowUp: -1, ArrowDown: 1 }[event.key];
      if (!handle || delta === undefined) return;
      event.preventDefault();
      this.move(handle.closest('.card').dataset.name, delta, true);
    });
    list.addEventListener('pointerdown', (event) => this.drag(event));
    this.render();
  }

  has(name) { return this.clocks.some((c) => c.name === name); }

  add(place) {
    if (this.has(place.name)) { announce(`${place.name}: 이미 내 시계에 있습니다`); return; }
    this.clocks.push({ name: place.name, zone: place.zone, country: place.country });
    this.save();
    this.render();
    this.onChange(place.name, true);
    announce(`${place.name} 내 시계에 추가됨`);
  }

  remove(name) {
    const i = this.clocks.findIndex((c) => c.name === name);
    if (i < 0) return;
    this.clocks.splice(i, 1);
    this.save();
    this.render();
    this.onChange(name, false);
    announce(`${name} 내 시계에서 삭제됨`);
  }

  toggle(place) { if (this.has(place.name)) this.remove(place.name); else this.add(place); }

  /** Moves a clock by `delta` places; `keepFocus` puts focus back on its handle. */
  move(name, delta, keepFocus) {
    const i = this.clocks.findIndex((c) => c.name === name);
    const j = i + delta;
    if (i < 0 || j < 0 || j >= this.clocks.length) return;
    const [clock] = this.clocks.splice(i, 1);
    this.clocks.splice(j, 0, clock);
    this.save();
    this.render();
    if (keepFocus) this.list.children[j].querySelector('button.handle').focus();
    announce(`${name}, ${this.clocks.length}개 중 ${j + 1}번째`);
  }

  /** Reorders by dragging a card's handle: the card follows the pointer past its neighbours' midpoints. */
  drag(event) {
    const handle = event.target.closest('button.handle');
    if (!handle || event.button !== 0) return;
    event.preventDefault();
    const card = handle.closest('.card');
    const name = card.dataset.name;
    handle.setPointerCapture(event.pointerId);
    card.classList.add('dragging');
    // Past as many neighbours' midpoints as the pointer is (moves arrive coalesced, per frame).
    // The neighbours move, never the card: taking the handle out of the document would end the capture.
    const midpoint = (element) => { const r = element.getBoundingClientRect(); return r.top + r.height / 2; };
    const moveTo = (y) => {
      let before;
      while ((before = card.previousElementSibling) && y < midpoint(before)) this.list.insertBefore(before, card.nextElementSibling);
      let after;
      while ((after = card.nextElementSibling) && y > midpoint(after)) this.list.insertBefore(after, card);
    };
    const onMove = (e) => moveTo(e.clientY);
    const onEnd = () => {
      handle.removeEventListener('pointermove', onMove);
      handle.removeEventListener('pointerup', onEnd);
      handle.removeEventListener('pointercancel', onEnd);
      card.classList.remove('dragging');
      const order = [...this.list.children].map((c) => c.dataset.name);
      const from = this.clocks.findIndex((c) => c.name === name);
      const to = order.indexOf(name);
      if (from !== to) {
        this.clocks.sort((a, b) => order.indexOf(a.name) - order.indexOf(b.name));
        this.save();
        announce(`${name}, ${this.clocks.length}개 중 ${to + 1}번째`);
      }
    };
    handle.addEventListener('pointermove', onMove);
    handle.addEventListener('pointerup', onEnd);
    handle.addEventListener('pointercancel', onEnd);
  }

  render() {
    this.empty.hidden = this.clocks.length > 0;
    this.list.replaceChildren(...this.clocks.map((clock) => {
      const card = document.createElement('li');
      card.className = 'card';
      card.dataset.name = clock.name;
      card.dataset.zone = clock.zone;
      card.innerHTML = '<button type="button" class="handle">⠿</button>'
        + '<span class="card-place"><span class="card-rel"></span><span class="card-name"></span></span>'
        + '<span class="card-time"><span class="big"></span><span class="sec"></span><span class="abbr"></span></span>'
        + '<button type="button" class="remove">×</button>';
      card.querySelector('.card-name').textContent = clock.name;
      const handle = card.querySelector('.handle');
      handle.setAttribute('aria-label', `${clock.name} 순서 바꾸기 (위아래 화살표)`);
      card.querySelector('.remove').setAttribute('aria-label', `${clock.name} 삭제`);
      return card;
    }));
    if (this.last) this.tick(...this.last);
  }

  /** Updates every card; `stale`: past the feed's window, each card says plainly it may be wrong. */
  tick(rules, t, ref, h24, stale = false) {
    this.last = [rules, t, ref, h24, stale];
    for (const card of this.list.children) {
      const shown = describe(rules, card.dataset.zone, t, ref, h24);
      const set = (selector, text) => {
        const element = card.querySelector(selector);
        if (element.textContent !== text) element.textContent = text;
      };
      if (!shown) { set('.big', '—'); set('.card-rel', '시간대 정보 없음'); continue; }
      set('.card-rel', stale ? `⚠ 시각이 틀릴 수 있음 · ${shown.day}, ${shown.hours}` : `${shown.day}, ${shown.hours}`);
      card.classList.toggle('stale', stale);
      set('.big', shown.time);
      set('.sec', shown.seconds);
      set('.abbr', `${shown.abbreviation} · ${shown.offset}`);
    }
  }

  save() {
    try { localStorage.setItem(KEY, JSON.stringify(this.clocks)); } catch { /* storage off: this session only */ }
    this.list.dispatchEvent(new CustomEvent('clocks-change'));
  }
}

/** @returns {SavedClock[]} */
function load() {
  try {
    const saved = JSON.parse(localStorage.getItem(KEY) ?? '[]');
    return Array.isArray(saved) ? saved.filter((c) => typeof c?.name === 'string' && typeof c?.zone === 'string') : [];
  } catch {
    return [];
  }
}
