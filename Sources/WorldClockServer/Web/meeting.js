// 회의 시간: when can my clocks' places all meet. The plan is the CLI's (`worldclock plan`): the
// meeting planner compiled into the page's WebAssembly engine (engine.js → MeetingPlanning),
// over the zones' timelines from the feed, so it works offline and on a static export. This file
// only draws it: a table (a row per place, the reference zone's hours across, each cell the local
// hour and its band), a slider that moves one instant across every row (drag, touch or arrow
// keys: a native range input), the best slots, and a link that reopens the same plan.
//
// The link is the page's address with `#meeting?…` (date, length, reference zone, the chosen start
// and the places): a fragment never reaches the server, so it opens on the export and offline too.
import { duration, formatTime, relativeDay, wallClock } from './clock.js';

const DAY = 86_400;
const STEP = 1800;
const BANDS = { working: '업무 시간', waking: '깨어 있는 시간', night: '밤' };
const WEEKDAYS = ['일', '월', '화', '수', '목', '금', '토'];
const HOURS = [9 * 60, 18 * 60];
/** The most places the engine plans for (the module refuses more). */
const MAX_PLACES = 20;

/** The wall-clock fields of local seconds since 1970 (as the engine returns them). */
const wall = (localSeconds) => wallClock(localSeconds * 1000, 0);

/** "12월 2일 (수)" of days since 1970-01-01. */
function dateText(day) {
  const d = new Date(day * DAY * 1000);
  return `${d.getUTCMonth() + 1}월 ${d.getUTCDate()}일 (${WEEKDAYS[d.getUTCDay()]})`;
}

/** "2026-12-02" of days since 1970-01-01, and back. */
const isoDate = (day) => new Date(day * DAY * 1000).toISOString().slice(0, 10);
const dayOf = (text) => (/^\d{4}-\d{2}-\d{2}$/.test(text) ? Math.floor(Date.parse(text + 'T00:00:00Z') / 1000 / DAY) : NaN);

export class MeetingView {
  /**
   * @param {{section: HTMLElement, toggle: HTMLButtonElement, engine: () => Promise<any>,
   *          rules: () => import('./clock.js').ZoneRules | null, reference: () => string | null,
   *          now: () => number, clocks: () => {name: string, zone: string}[], h24: () => boolean}} parts
   */
  constructor({ section, toggle, engine, rules, reference, now, clocks, h24 }) {
    Object.assign(this, { section, toggle, engine, rules, reference, now, clocks, h24 });
    const $ = (id) => section.querySelector('#' + id);
    this.date = $('meeting-date');
    this.length = $('meeting-length');
    this.status = $('meeting-status');
    this.table = $('meeting-table');
    this.slider = $('meeting-slider');
    this.readout = $('meeting-readout');
    this.best = $('meeting-best');
    this.bestTitle = $('meeting-best-title');
    this.link = $('meeting-link');
    this.readoutTitle = $('meeting-readout-title');
    this.body = $('meeting-body');
    /** What the link opened (its places, reference zone, chosen start), until the view is closed. */
    this.shared = null;
    this.plan = null;
    /** The start (seconds) the slider is on: kept when the plan is made again (new feed, clocks). */
    this.chosenStart = null;
    this.generation = 0;
    toggle.addEventListener('click', () => (section.hidden ? this.open() : this.close()));
    this.date.addEventListener('change', () => this.refresh());
    this.length.addEventListener('change', () => this.refresh());
    this.slider.addEventListener('input', () => this.choose(Number(this.slider.value)));
    this.best.addEventListener('click', (event) => {
      const button = event.target.closest('button[data-slot]');
      if (!button) return;
      this.choose(Number(button.dataset.slot));
      this.slider.focus();
    });
    window.addEventListener('hashchange', () => this.fromAddress());
  }

  /** Opens the view from the address when it is a plan's link (called once the feed is in). */
  fromAddress() {
    const hash = location.hash;
    if (!hash.startsWith('#meeting')) return;
    const query = new URLSearchParams(hash.slice(hash.indexOf('?') + 1 || hash.length));
    // name@zone; a name may hold '@' itself, a zone never does.
    const places = query.getAll('place').map((text) => {
      const at = text.lastIndexOf('@');
      return at > 0 ? { name: text.slice(0, at), zone: text.slice(at + 1) } : null;
    }).filter((p) => p?.zone);
    // A link to my own clocks (this page's own link, clicked) keeps following them.
    const mine = this.clocks();
    const same = places.length === mine.length && places.every((p, i) => p.name === mine[i].name && p.zone === mine[i].zone);
    this.shared = places.length && !same ? { places, reference: query.get('ref') } : null;
    this.chosenStart = Number(query.get('at')) || null;
    const day = dayOf(query.get('date') ?? '');
    if (!Number.isNaN(day)) this.date.value = isoDate(day);
    if ([...this.length.options].some((o) => o.value === query.get('length'))) this.length.value = query.get('length');
    this.open(false);
  }

  open(focus = true) {
    this.section.hidden = false;
    this.toggle.setAttribute('aria-expanded', 'true');
    this.refresh();
    if (focus) this.section.querySelector('h2').focus();
  }

  close() {
    this.section.hidden = true;
    this.toggle.setAttribute('aria-expanded', 'false');
    this.shared = null;
    if (location.hash.startsWith('#meeting')) history.replaceState(null, '', location.pathname + location.search);
  }

  /** The places, reference zone and days the plan is for. */
  request() {
    const rules = this.rules();
    const places = (this.shared?.places ?? this.clocks()).filter((p) => rules.has(p.zone)).slice(0, MAX_PLACES);
    const reference = this.shared?.reference && rules.has(this.shared.reference) ? this.shared.reference : this.reference();
    const t = this.now();
    const today = Math.floor((t / 1000 + rules.state(reference, t).offset) / DAY);
    // The feed's rules reach its transitions_until: a plan may not go past it (a day for the meeting's length).
    const last = Number.isFinite(rules.validUntil) ? Math.floor(rules.validUntil / 1000 / DAY) - 2 : today + 365;
    this.date.min = isoDate(today);
    this.date.max = isoDate(last);
    let day = dayOf(this.date.value);
    if (Number.isNaN(day) || day < today || day > last) day = today;
    this.date.value = isoDate(day);
    return { places, reference, day, length: Number(this.length.value) };
  }

  /** Plans again (new clocks, feed, date or length) and draws the plan, when the view is open. */
  async refresh() {
    if (this.section.hidden || !this.rules()) return;
    // A later refresh (a clock added, another date) makes an earlier one's answer stale.
    const generation = ++this.generation;
    const { places, reference, day, length } = this.request();
    if (places.length === 0) {
      this.body.hidden = true;
      this.status.textContent = '내 시계에 도시를 추가하면 모두가 만날 수 있는 시각을 찾아 줍니다.';
      return;
    }
    let engine;
    try {
      engine = await this.engine();
    } catch {
      this.body.hidden = true;
      this.status.textContent = '계산 엔진을 불러오지 못했습니다. 인터넷에 연결되면 다시 열어 주세요.';
      return;
    }
    if (generation !== this.generation) return;
    let plan;
    try {
      // The plan only over the rules the engine took: a refusal is said, not planned around.
      [, plan] = await Promise.all([
        engine.setRules(this.rules(), this.now()),
        engine.plan({ reference, firstDay: day, length, step: STEP, limit: 3, places: places.map((p) => ({ ...p, hours: HOURS })) }),
      ]);
    } catch (error) {
      plan = { error: { message: error.message } };
    }
    if (generation !== this.generation || this.section.hidden) return;
    if (plan.error) {
      this.body.hidden = true;
      this.status.textContent = `계획을 세우지 못했습니다: ${plan.error.message}`;
      return;
    }
    this.plan = { ...plan, places, reference, day, length };
    this.body.hidden = false;
    const more = this.clocks().length > MAX_PLACES && !this.shared ? ` (내 시계의 앞 ${MAX_PLACES}곳)` : '';
    this.status.textContent = `${places.length}곳${more} · ${dateText(day)} · ${duration(length / 60)} 회의 · 기준 ${this.referenceName()}`;
    this.drawTable();
    this.slider.max = String(plan.slots.length - 1);
    const kept = plan.slots.findIndex((s) => s.start === this.chosenStart);
    this.redraw(kept >= 0 ? kept : plan.best[0] ?? 0);
  }

  /** Draws the best slots and the chosen one again (the 24-hour style changed; a new plan). */
  redraw(index = Number(this.slider.value)) {
    if (!this.plan || this.section.hidden) return;
    this.drawBest();
    this.choose(index);
  }

  referenceName() {
    const { reference, places } = this.plan;
    return places.find((p) => p.zone === reference)?.name ?? reference;
  }

  /** The reference zone's wall clock at a slot's start, as the planner read it. */
  referenceWall(slot) {
    return wall(slot.reference_local);
  }

  drawTable() {
    const { slots, places } = this.plan;
    const perHour = 3600 / STEP;
    const caption = document.createElement('caption');
    caption.id = 'meeting-caption';
    caption.textContent = `${dateText(this.plan.day)}, ${this.referenceName()} 기준 시각별 각 도시의 현지 시각`;
    const head = document.createElement('tr');
    const corner = document.createElement('th');
    corner.scope = 'col';
    corner.textContent = '도시';
    head.append(corner);
    this.columns = [];
    slots.forEach((slot, i) => {
      if (i % perHour !== 0) return;
      const th = document.createElement('th');
      th.scope = 'col';
      const w = this.referenceWall(slot);
      th.textContent = `${w.hour}시`;
      if (w.minute) th.textContent += ` ${w.minute}분`;
      this.columns.push(i);
      head.append(th);
    });
    const rows = places.map((place, row) => {
      const tr = document.createElement('tr');
      const th = document.createElement('th');
      th.scope = 'row';
      th.textContent = place.name;
      tr.append(th);
      for (const i of this.columns) {
        const time = slots[i].times[row];
        const w = wall(time.local);
        const td = document.createElement('td');
        td.className = 'band-' + time.band;
        const day = time.day_difference ? ` ${relativeDay(time.day_difference)}` : '';
        td.innerHTML = '<span aria-hidden="true"></span><span class="visually-hidden"></span>';
        td.firstChild.textContent = w.minute ? `${w.hour}:${String(w.minute).padStart(2, '0')}` : String(w.hour);
        td.lastChild.textContent = `${day} ${w.hour}시${w.minute ? ` ${w.minute}분` : ''}, ${BANDS[time.band]}`;
        tr.append(td);
      }
      return tr;
    });
    const thead = document.createElement('thead'), tbody = document.createElement('tbody');
    thead.append(head);
    tbody.append(...rows);
    this.table.replaceChildren(caption, thead, tbody);
  }

  /** "12월 2일 (수) 오후 8:00 서울 = 오전 6:00 뉴욕 = 오전 11:00 런던 · 업무 시간 밖: 서울 3시간, 뉴욕 3시간": the CLI's wording. */
  describe(slot) {
    const { places, reference } = this.plan;
    const h24 = this.h24();
    const ref = this.referenceWall(slot);
    const parts = [];
    const order = places.map((p, i) => i);
    const first = places.findIndex((p) => p.zone === reference);
    if (first < 0) parts.push(`${formatTime(ref, h24)} ${this.referenceName()}`);
    else order.sort((a, b) => (a === first ? -1 : b === first ? 1 : a - b));
    for (const i of order) {
      const time = slot.times[i];
      const day = time.day_difference ? relativeDay(time.day_difference) + ' ' : '';
      parts.push(`${day}${formatTime(wall(time.local), h24)} ${places[i].name}`);
    }
    const outside = slot.times.map((t, i) => (t.minutes_outside ? `${places[i].name} ${duration(t.minutes_outside)}` : null)).filter(Boolean);
    return `${dateText(ref.day)} ${parts.join(' = ')}${outside.length ? ' · 업무 시간 밖: ' + outside.join(', ') : ' · 모두 업무 시간'}`;
  }

  drawBest() {
    const { best, slots, fits_everyone: fits } = this.plan;
    this.bestTitle.textContent = fits
      ? '모두의 업무 시간(9–18)에 드는 시각'
      : '모두의 업무 시간(9–18)에 드는 시각이 없습니다. 가장 많이 벗어나는 곳이 덜 벗어나는 순서';
    this.best.replaceChildren(...best.map((index) => {
      const item = document.createElement('li');
      const button = document.createElement('button');
      button.type = 'button';
      button.dataset.slot = String(index);
      button.dataset.start = String(slots[index].start);
      button.textContent = this.describe(slots[index]);
      item.append(button);
      return item;
    }));
  }

  /** Moves the chosen instant to slot `index`: the slider, the column, the readout and the link. */
  choose(index) {
    const { slots, places } = this.plan;
    const slot = slots[Math.max(0, Math.min(index, slots.length - 1))];
    index = slots.indexOf(slot);
    this.chosenStart = slot.start;
    this.slider.value = String(index);
    const text = this.describe(slot);
    this.slider.setAttribute('aria-valuetext', text);
    const column = this.columns.findLastIndex((i) => i <= index);
    for (const row of this.table.rows) {
      [...row.cells].forEach((cell, c) => cell.classList.toggle('chosen', c === column + 1));
    }
    // The chosen hour in view in the sideways-scrolling table, beside the sticky place names.
    const grid = this.table.parentElement, cell = this.table.rows[0]?.cells[column + 1];
    if (cell) {
      const names = this.table.rows[0].cells[0].offsetWidth;
      if (cell.offsetLeft - names < grid.scrollLeft) grid.scrollLeft = cell.offsetLeft - names;
      else if (cell.offsetLeft + cell.offsetWidth > grid.scrollLeft + grid.clientWidth) grid.scrollLeft = cell.offsetLeft + cell.offsetWidth - grid.clientWidth;
    }
    this.readout.replaceChildren(...slot.times.map((time, i) => {
      const line = document.createElement('li');
      line.className = 'band-' + time.band;
      const day = time.day_difference ? relativeDay(time.day_difference) + ' ' : '';
      line.textContent = `${places[i].name} ${day}${formatTime(wall(time.local), this.h24())} ${time.abbreviation} · ${BANDS[time.band]}`
        + (time.minutes_outside ? ` (업무 시간 밖 ${duration(time.minutes_outside)})` : '');
      return line;
    }));
    const ref = this.referenceWall(slot);
    this.readoutTitle.textContent = `${dateText(ref.day)} ${formatTime(ref, this.h24())} ${this.referenceName()} 시작`;
    const query = new URLSearchParams({ date: isoDate(this.plan.day), length: String(this.plan.length), ref: this.plan.reference, at: String(slot.start) });
    for (const place of places) query.append('place', `${place.name}@${place.zone}`);
    this.link.href = `${location.pathname}${location.search}#meeting?${query}`;
  }
}
