// My clocks: the cities a person keeps at the top, as on iOS's world-clock screen (city, 오늘/내일,
// +13시간, big time). Kept in localStorage; add and remove; reorder by dragging the handle
// (Pointer Events) or with the arrow keys on it.
import { describe } from './clock.js';
import { announce } from './announce.js';

const KEY = 'worldclock.my-clocks.v1';

/** @typedef {{name: string, zone: string, country: string, country_code?: string}} SavedClock (country_code: ISO 3166, the meeting planner's working days) */

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
    const stored = load();
    /** @type {SavedClock[]} */
    this.clocks = stored.clocks;
    /** What is in storage: `{kind: 'readable'}`, or `{kind: 'unreadable', problem, raw}`, kept as it
     * is and never overwritten until the person chooses (as the CLI keeps a clocks file it cannot read). */
    this.storage = stored.storage;
    this.last = null;
    /** The reference's own card before the list (the CLI's `서울 (기준)` row): the time every card's
     * hours count from. Not one of my clocks: no handle, no remove; hidden until the page names the
     * reference (setReference), and while one of my clocks keeps its zone. */
    this.here = document.createElement('p');
    this.here.className = 'card here';
    this.here.hidden = true;
    this.here.innerHTML = '<span class="card-place"><span class="card-rel"></span><span class="card-name"></span></span>'
      + '<span class="card-time"><span class="big"></span><span class="sec"></span><span class="abbr"></span></span>';
    empty.before(this.here);
    /** @type {{zone: string, name: string} | null} */
    this.reference = null;
    this.problem = this.problemNotice();
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
    this.clocks.push({ name: place.name, zone: place.zone, country: place.country, country_code: place.country_code ?? '' });
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

  /** The reference zone and the name the page gives it (서울 for Asia/Seoul): its card leads my clocks. */
  setReference(zone, name) {
    this.reference = { zone, name };
    this.here.querySelector('.card-name').textContent = name;
    this.render();
  }

  render() {
    this.empty.hidden = this.clocks.length > 0;
    this.here.hidden = !this.reference || this.clocks.some((c) => c.zone === this.reference.zone);
    // The calendar of my clocks' changes (page.js sets its address): shown with the cards, so the
    // list below measures its place once, not again when the link would appear later.
    if (this.calendarLink) this.calendarLink.hidden = this.clocks.length === 0;
    this.list.replaceChildren(...this.clocks.map((clock) => {
      const card = document.createElement('li');
      card.className = 'card';
      card.dataset.name = clock.name;
      card.dataset.zone = clock.zone;
      card.innerHTML = '<button type="button" class="handle">⠿</button>'
        + '<span class="card-place"><span class="card-rel"></span><span class="card-name"></span></span>'
        + '<span class="card-time"><span class="big"></span><span class="sec"></span><span class="abbr"></span></span>'
        + '<button type="button" class="remove">×</button>'
        + '<span class="card-change" hidden></span>';
      card.querySelector('.card-name').textContent = clock.name;
      const handle = card.querySelector('.handle');
      handle.setAttribute('aria-label', `${clock.name} 순서 바꾸기 (위아래 화살표)`);
      card.querySelector('.remove').setAttribute('aria-label', `${clock.name} 삭제`);
      return card;
    }));
    if (this.last) this.tick(...this.last);
    this.showChanges();
  }

  /**
   * The changes coming within four weeks, from the engine (`EngineClient.changes`, the CLI's
   * words): one entry per clock in `clocks`' order, `{at, text}` or null; shown under each card.
   * @param {{name: string}[]} clocks the clocks the answer is for
   * @param {({at: string, text: string} | null)[]} changes
   */
  setChanges(clocks, changes) {
    this.changes = new Map(clocks.map((clock, i) => [clock.name, changes[i] ?? null]));
    this.showChanges();
  }

  showChanges() {
    for (const card of this.list.children) {
      const element = card.querySelector('.card-change');
      const change = this.changes?.get(card.dataset.name) ?? null;
      const text = change ? change.text : '';
      if (element.textContent !== text) element.textContent = text;
      element.hidden = !change;
      if (change) element.dataset.at = change.at; else delete element.dataset.at;
    }
  }

  /** Updates every card; `stale`: past the feed's window, each card says plainly it may be wrong. */
  tick(rules, t, ref, h24, stale = false) {
    this.last = [rules, t, ref, h24, stale];
    const cards = [...this.list.children];
    if (!this.here.hidden) cards.push(this.here);
    for (const card of cards) {
      const zone = card === this.here ? this.reference.zone : card.dataset.zone;
      const shown = describe(rules, zone, t, ref, h24);
      const set = (selector, text) => {
        const element = card.querySelector(selector);
        if (element.textContent !== text) element.textContent = text;
      };
      if (!shown) { set('.big', '—'); set('.card-rel', '시간대 정보 없음'); continue; }
      const relative = card === this.here ? '기준' : `${shown.day}, ${shown.hours}`;
      set('.card-rel', stale ? `⚠ 시각이 틀릴 수 있음 · ${relative}` : relative);
      card.classList.toggle('stale', stale);
      set('.big', shown.time);
      set('.sec', shown.seconds);
      set('.abbr', `${shown.abbreviation} · ${shown.offset}`);
    }
  }

  save() {
    // A value that did not read stays as it is until the person chooses: changes last this session only.
    if (this.storage.kind === 'readable') {
      try { localStorage.setItem(KEY, JSON.stringify(this.clocks)); } catch { /* storage off: this session only */ }
    }
    this.list.dispatchEvent(new CustomEvent('clocks-change'));
  }

  /** The notice for saved clocks that did not read, with the two choices; null when they read. */
  problemNotice() {
    if (this.storage.kind !== 'unreadable') return null;
    const notice = document.createElement('div');
    notice.className = 'storage-problem';
    notice.setAttribute('role', 'alert');
    const text = document.createElement('p');
    text.textContent = `저장된 내 시계를 읽지 못했습니다(${this.storage.problem}). 저장된 값은 그대로 두었고, `
      + `고르기 전에는 바꾼 내용을 저장하지 않습니다.`
      + (this.clocks.length ? ` 읽힌 ${this.clocks.length}곳만 보여 줍니다.` : '');
    const replace = document.createElement('button');
    replace.type = 'button';
    replace.className = 'storage-replace';
    replace.textContent = this.clocks.length ? `읽힌 ${this.clocks.length}곳으로 새로 저장` : '비우고 새로 시작';
    replace.addEventListener('click', () => this.replaceUnreadable());
    const copy = document.createElement('button');
    copy.type = 'button';
    copy.className = 'storage-copy';
    copy.textContent = '저장된 값 복사';
    copy.addEventListener('click', async () => {
      try { await navigator.clipboard.writeText(this.storage.raw); announce('저장된 값을 복사했습니다'); } catch { announce('복사하지 못했습니다'); }
    });
    notice.append(text, replace, copy);
    this.list.before(notice);
    return notice;
  }

  /** The person chose: the unreadable value is set aside under another key, and what is shown is saved. */
  replaceUnreadable() {
    if (this.storage.kind !== 'unreadable') return;
    try { localStorage.setItem(`${KEY}.unreadable`, this.storage.raw); } catch { /* storage off */ }
    this.storage = { kind: 'readable' };
    this.problem?.remove();
    this.problem = null;
    this.save();
    announce('내 시계를 새로 저장했습니다');
    document.getElementById('my-clocks-title')?.focus();
  }
}

/** What storage holds: the clocks that read and whether all of it read.
 * @returns {{clocks: SavedClock[], storage: {kind: 'readable'} | {kind: 'unreadable', problem: string, raw: string}}} */
function load() {
  let raw = null;
  try { raw = localStorage.getItem(KEY); } catch { /* storage off: nothing saved */ }
  if (raw === null) return { clocks: [], storage: { kind: 'readable' } };
  const unreadable = (problem, clocks = []) => ({ clocks, storage: { kind: 'unreadable', problem, raw } });
  let saved;
  try { saved = JSON.parse(raw); } catch { return unreadable('JSON이 아닙니다'); }
  if (!Array.isArray(saved)) return unreadable('목록이 아닙니다');
  const valid = (c) => typeof c?.name === 'string' && c.name !== '' && typeof c?.zone === 'string' && c.zone !== '';
  const clocks = saved.filter(valid).map((c) => ({ name: c.name, zone: c.zone, country: typeof c.country === 'string' ? c.country : '',
    country_code: typeof c.country_code === 'string' ? c.country_code : '' }));
  const bad = saved.length - clocks.length;
  return bad ? unreadable(`${saved.length}개 중 ${bad}개에 이름이나 시간대가 없습니다`, clocks) : { clocks, storage: { kind: 'readable' } };
}
