// 회의 시간: when can my clocks' places all meet. The plan is the CLI's (`worldclock plan`): the
// meeting planner compiled into the page's WebAssembly engine (engine.js → MeetingPlanning),
// over the zones' timelines from the feed, so it works offline and on a static export. This file
// only draws it: a table (a row per place, the reference zone's hours across, each cell the local
// hour and its band), a slider that moves one instant across every row (drag, touch or arrow
// keys: a native range input), the best slots, and a link that reopens the same plan.
//
// The link is the page's address with `#meeting?…` (date, length, reference zone, the chosen start
// and the places, each with its working hours and days when they are not the default): a fragment
// never reaches the server, so it opens on the export and offline too. A link whose date has passed
// says so and offers the same plan on that weekday's next date, rather than planning another day.
//
// As the CLI: the reference zone is always a participant (a row of its own when no clock is on it),
// each place works its country's days (CLDR's weekend, in the module) unless set otherwise, today's
// begun slots are past (marked, never suggested), and a cell says its day and weekday when they are
// not the reference's. The cells follow the 24-hour setting.
import { duration, formatTime, relativeDay, wallClock } from './clock.js';

const DAY = 86_400;
const STEP = 1800;
const BANDS = { working: '업무 시간', waking: '깨어 있는 시간', night: '밤' };
const WEEKDAYS = ['일', '월', '화', '수', '목', '금', '토'];
/** ISO weekdays (1 = Monday … 7 = Sunday), as the module writes them. */
const ISO_WEEKDAYS = ['월', '화', '수', '목', '금', '토', '일'];
const HOURS = [9 * 60, 18 * 60];
/** A place's settings a link carries: `name@zone;START-END;DAYS` (minutes; days a bit per ISO weekday, or a country code). */
const SETTINGS = /^(\d{1,4})-(\d{1,4})(?:;(\d{1,3}|[A-Z]{2}))?$/;
/** Each of my clocks' working hours and days, when set here: {"name@zone": {hours: [start, end], days: bits}}. */
const SETTINGS_KEY = 'worldclock.meeting.v1';

function loadSettings() {
  try {
    const saved = JSON.parse(localStorage.getItem(SETTINGS_KEY) ?? '{}');
    return saved && typeof saved === 'object' && !Array.isArray(saved) ? saved : {};
  } catch {
    return {};
  }
}

/** "9:00–18:00" of minutes. */
const hoursText = ([start, end]) => `${Math.floor(start / 60)}:${String(start % 60).padStart(2, '0')}–${Math.floor(end / 60)}:${String(end % 60).padStart(2, '0')}`;

/** "월–금", "일–목" or "월, 수, 금" of ISO weekday bits (bit 0 Monday), as WorkingDays.text says it. */
function daysText(mask) {
  const on = (d) => (mask >> (d - 1)) & 1;
  const days = [1, 2, 3, 4, 5, 6, 7].filter(on);
  if (days.length === 7) return '월–일';
  const first = days.find((d) => !on(((d + 5) % 7) + 1));
  const run = [first];
  while (run.length < days.length && on((run[run.length - 1] % 7) + 1)) run.push((run[run.length - 1] % 7) + 1);
  if (run.length !== days.length) return days.map((d) => ISO_WEEKDAYS[d - 1]).join(', ');
  return run.length === 1 ? ISO_WEEKDAYS[first - 1] : `${ISO_WEEKDAYS[first - 1]}–${ISO_WEEKDAYS[run[run.length - 1] - 1]}`;
}

/**
 * The plan's times are its one wire shape's (MeetingPlan.wire, as `worldclock plan --json` prints
 * them): instants as RFC 3339 in UTC, local times as RFC 3339 with their offset.
 */
/** Seconds since 1970 of an instant ("2026-12-02T00:00:00Z"). */
const instant = (text) => Date.parse(text) / 1000;
/** The wall-clock fields of a local time ("2026-12-02T09:00:00+09:00"): its own date and time. */
const wall = (local) => wallClock(Date.parse(local.slice(0, 19) + 'Z'), 0);
/** ISO weekdays (1 = Monday) as bits, bit 0 Monday: how the engine takes a place's working days. */
const dayBits = (weekdays) => weekdays.reduce((bits, day) => bits | (1 << (day - 1)), 0);

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
   *          now: () => number, clocks: () => {name: string, zone: string, country_code?: string}[], h24: () => boolean,
   *          placeOf?: (zone: string) => {name: string, country_code?: string} | undefined}} parts
   */
  constructor({ section, toggle, engine, rules, reference, now, clocks, h24, placeOf }) {
    Object.assign(this, { section, toggle, engine, rules, reference, now, clocks, h24, placeOf });
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
    this.offer = $('meeting-offer');
    this.weekly = $('meeting-weekly');
    this.weeklyPart = $('meeting-weekly-part');
    this.weeklyTitle = $('meeting-weekly-title');
    this.weeklyList = $('meeting-weekly-list');
    this.editor = $('meeting-places');
    /** My clocks' hours and days set here (a link's places carry their own). */
    this.settings = loadSettings();
    this.caption = $('meeting-caption');
    this.linkedDay = null;
    /** Whether a date was chosen (in the field, by a link, by its offer): until then the planner picks the day. */
    this.dateChosen = false;
    /** What the link opened (its places, reference zone, chosen start), until the view is closed. */
    this.shared = null;
    this.plan = null;
    /** The most places a plan has: MeetingRequest's, from the engine (`planLimits`) once it is loaded. */
    this.maxPlaces = Infinity;
    /** The start (seconds) the slider is on: kept when the plan is made again (new feed, clocks). */
    this.chosenStart = null;
    this.generation = 0;
    this.weeklyGeneration = 0;
    toggle.addEventListener('click', () => (section.hidden ? this.open() : this.close()));
    this.date.addEventListener('change', () => { this.linkedDay = null; this.dateChosen = true; this.refresh(); });
    this.length.addEventListener('change', () => this.refresh());
    this.weekly.addEventListener('change', () => this.drawWeekly());
    this.editor.addEventListener('change', (event) => this.edit(event.target));
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
      if (at <= 0) return null;
      const [zone, ...rest] = text.slice(at + 1).split(';');
      const place = { name: text.slice(0, at), zone };
      const settings = SETTINGS.exec(rest.join(';'));
      if (settings && Number(settings[1]) < Number(settings[2]) && Number(settings[2]) <= 1440) {
        place.hours = [Number(settings[1]), Number(settings[2])];
        if (settings[3]) place.days = /^\d+$/.test(settings[3]) ? Number(settings[3]) : settings[3];
      }
      return place;
    }).filter((p) => p?.zone);
    // A link to my own clocks (this page's own link, clicked) keeps following them.
    const mine = this.clocks();
    const same = places.length === mine.length && places.every((p, i) => p.name === mine[i].name && p.zone === mine[i].zone && !p.hours);
    this.shared = places.length && !same ? { places, reference: query.get('ref') } : null;
    this.chosenStart = Number(query.get('at')) || null;
    const day = dayOf(query.get('date') ?? '');
    if (!Number.isNaN(day)) { this.date.value = isoDate(day); this.dateChosen = true; }
    /** The link's own date, said to be past when it is (request()). */
    this.linkedDay = Number.isNaN(day) ? null : day;
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

  /** The places, reference zone and days the plan is for; `pastLink` when a link's date has passed. */
  request() {
    const rules = this.rules();
    let places = (this.shared?.places ?? this.clocks()).filter((p) => rules.has(p.zone)).slice(0, this.maxPlaces);
    const reference = this.shared?.reference && rules.has(this.shared.reference) ? this.shared.reference : this.reference();
    // The reference zone takes part, as in the CLI: its place leads unless a place is on its zone.
    if (places.length && !places.some((p) => p.zone === reference)) {
      const known = this.placeOf?.(reference);
      places = [{ name: known?.name ?? reference, zone: reference, country_code: known?.country_code ?? '' }, ...places].slice(0, this.maxPlaces);
    }
    // Hours and days set here for my clocks; a link's places carry theirs.
    if (!this.shared) places = places.map((p) => ({ ...p, ...(this.settings[`${p.name}@${p.zone}`] ?? {}) }));
    // A clock saved before its country was kept takes it from the list.
    places = places.map((p) => (p.country_code || p.days !== undefined ? p : { ...p, country_code: this.placeOf?.(p.zone, p.name)?.country_code ?? '' }));
    const t = this.now();
    const today = Math.floor((t / 1000 + rules.state(reference, t).offset) / DAY);
    // The feed's rules reach its transitions_until: a plan may not go past it (a day for the meeting's length).
    const last = Number.isFinite(rules.validUntil) ? Math.floor(rules.validUntil / 1000 / DAY) - 2 : today + 365;
    this.date.min = isoDate(today);
    this.date.max = isoDate(last);
    // No date chosen: today, which the planner may move (the reference place's next working day).
    let day = this.dateChosen ? dayOf(this.date.value) : today;
    let pastLink = null;
    if (this.linkedDay !== null && this.linkedDay !== undefined && this.linkedDay < today && day === this.linkedDay) {
      // The same weekday's next date, today included.
      pastLink = { day: this.linkedDay, next: today + ((this.linkedDay - today) % 7 + 7) % 7 };
    }
    if (Number.isNaN(day) || day < today || day > last) day = today;
    if (!pastLink && (this.dateChosen || !this.date.value)) this.date.value = isoDate(day);
    const planned = !this.dateChosen;
    return { places, reference, day, planned, length: Number(this.length.value), now: t / 1000, pastLink };
  }

  /** Plans again (new clocks, feed, date or length) and draws the plan, when the view is open. */
  async refresh() {
    if (this.section.hidden || !this.rules()) return;
    // A later refresh (a clock added, another date) makes an earlier one's answer stale.
    const generation = ++this.generation;
    let { places, reference, day, planned, length, now, pastLink } = this.request();
    this.offer.hidden = !pastLink;
    if (pastLink) {
      // Said and offered, never planned for another day silently.
      this.body.hidden = true;
      this.status.textContent = `이 링크의 날짜 ${dateText(pastLink.day)}는 지났습니다.`;
      this.offer.textContent = `같은 계획을 다음 ${WEEKDAYS[new Date(pastLink.next * DAY * 1000).getUTCDay()]}요일 ${dateText(pastLink.next)}에 보기`;
      this.offer.onclick = () => {
        const weeks = Math.round((pastLink.next - pastLink.day) / 7);
        this.linkedDay = null;
        if (this.chosenStart) this.chosenStart += weeks * 7 * DAY;
        this.date.value = isoDate(pastLink.next);
        this.dateChosen = true;
        this.refresh();
        this.status.focus?.();
      };
      return;
    }
    if (places.length === 0) {
      this.body.hidden = true;
      this.status.textContent = '내 시계에 도시를 추가하면 모두가 만날 수 있는 시각을 찾아 줍니다.';
      return;
    }
    let engine;
    try {
      engine = await this.engine();
      if (this.maxPlaces === Infinity) {
        // The engine's limits, once: the places are counted again within them.
        this.maxPlaces = (await engine.planLimits()).places[1];
        if (generation === this.generation) ({ places, reference, day, planned, length, now } = this.request());
      }
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
        engine.plan({
          reference, firstDay: day, planned, length, step: STEP, limit: 3, now,
          places: places.map((p) => ({ name: p.name, zone: p.zone, hours: p.hours ?? HOURS, days: p.days ?? (p.country_code || '') })),
        }),
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
    // The day the planner took: another than today's when today is the reference place's day off, said as the CLI says it.
    const asked = day;
    if (plan.slots.length) day = dayOf(plan.slots[0].reference_local.slice(0, 10));
    if (day !== asked) this.date.value = isoDate(day);
    // The page's places (with what the user set) beside the working days the planner used.
    this.plan = { ...plan, places, reference, day, length, workingDays: plan.places.map((p) => dayBits(p.working_days)) };
    this.body.hidden = false;
    const more = this.clocks().length > this.maxPlaces && !this.shared ? ` (내 시계의 앞 ${this.maxPlaces}곳)` : '';
    const moved = day === asked ? ''
      : `. 오늘(${dateText(asked)})은 ${this.referenceName()}의 쉬는 날이라 다음 일하는 날인 ${dateText(day)}의 회의 시간을 찾습니다. `
        + '오늘로 하려면 날짜를 고릅니다';
    this.status.textContent = `${places.length}곳${more} · ${dateText(day)} · ${duration(length / 60)} 회의 · 기준 ${this.referenceName()}${moved}`;
    this.drawTable();
    this.drawEditor();
    this.slider.max = String(plan.slots.length - 1);
    const kept = plan.slots.findIndex((s) => instant(s.start) === this.chosenStart);
    this.redraw(kept >= 0 ? kept : plan.best[0] ?? 0);
  }

  /** Draws the best slots and the chosen one again (the 24-hour style changed; a new plan). */
  redraw(index = Number(this.slider.value)) {
    if (!this.plan || this.section.hidden) return;
    this.drawTable();
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

  /** A cell's visible time: the hour, its minutes raised (8³⁰), 오전/오후 under it unless 24-hour. */
  timeParts(w, cell) {
    const h24 = this.h24();
    const hour = document.createElement('span');
    hour.className = 'h';
    hour.textContent = h24 ? String(w.hour) : String(w.hour % 12 === 0 ? 12 : w.hour % 12);
    if (w.minute) {
      const minute = document.createElement('sup');
      minute.textContent = String(w.minute).padStart(2, '0');
      hour.append(minute);
    }
    cell.append(hour);
    if (!h24) {
      const period = document.createElement('small');
      period.className = 'p';
      period.textContent = w.hour < 12 ? '오전' : '오후';
      cell.append(period);
    }
  }

  drawTable() {
    const { slots, places } = this.plan;
    const perHour = 3600 / STEP;
    const h24 = this.h24();
    this.caption.textContent = `${dateText(this.plan.day)}, ${this.referenceName()} 기준 시각별 각 도시의 현지 시각`;
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
      const shown = document.createElement('span');
      shown.setAttribute('aria-hidden', 'true');
      shown.className = 't';
      this.timeParts(w, shown);
      const said = document.createElement('span');
      said.className = 'visually-hidden';
      said.textContent = `${h24 ? '' : (w.hour < 12 ? '오전 ' : '오후 ')}${h24 ? w.hour : w.hour % 12 || 12}시${w.minute ? ` ${w.minute}분` : ''}`
        + (slot.past ? ', 지남' : '');
      th.append(shown, said);
      if (slot.past) th.classList.add('past');
      this.columns.push(i);
      head.append(th);
    });
    const referenceWeekday = (slot) => wall(slot.reference_local);
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
        if (!time.working_day) td.classList.add('off');
        if (slots[i].past) td.classList.add('past');
        const shown = document.createElement('span');
        shown.setAttribute('aria-hidden', 'true');
        shown.className = 't';
        this.timeParts(w, shown);
        // Another day than the reference's says which, and its weekday: 내일 토.
        const ref = referenceWeekday(slots[i]);
        const otherDay = time.day_difference !== 0 || new Date(ref.day * DAY * 1000).getUTCDay() !== (time.weekday % 7);
        const dayText = otherDay ? `${time.day_difference ? relativeDay(time.day_difference) + ' ' : ''}${ISO_WEEKDAYS[time.weekday - 1]}` : '';
        if (dayText) {
          const day = document.createElement('small');
          day.className = 'd';
          day.textContent = dayText;
          shown.append(day);
        }
        const said = document.createElement('span');
        said.className = 'visually-hidden';
        said.textContent = `${dayText ? dayText + '요일 ' : ''}${formatTime(w, h24)}, ${BANDS[time.band]}${time.working_day ? '' : ', 쉬는 날'}${slots[i].past ? ', 지남' : ''}`;
        td.append(shown, said);
        tr.append(td);
      }
      return tr;
    });
    const thead = document.createElement('thead'), tbody = document.createElement('tbody');
    thead.append(head);
    tbody.append(...rows);
    this.table.replaceChildren(thead, tbody);
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
      const day = time.day_difference ? `${relativeDay(time.day_difference)}(${ISO_WEEKDAYS[time.weekday - 1]}) ` : '';
      parts.push(`${day}${formatTime(wall(time.local), h24)} ${places[i].name}`);
    }
    const outside = slot.times.map((t, i) => (t.minutes_outside
      ? `${places[i].name} ${t.working_day ? duration(t.minutes_outside) : `쉬는 날(${duration(t.minutes_outside)})`}` : null)).filter(Boolean);
    return `${dateText(ref.day)} ${parts.join(' = ')}${outside.length ? ' · 업무 시간 밖: ' + outside.join(', ') : ' · 모두 업무 시간'}${slot.past ? ' (지남)' : ''}`;
  }

  drawBest() {
    const { best, slots, fits_everyone: fits } = this.plan;
    this.bestTitle.textContent = best.length === 0
      ? '남은 시각이 없습니다: 오늘은 이미 지났습니다. 다른 날짜를 고르세요'
      : fits
        ? '모두의 업무 시간에 드는 시각'
        : '모두의 업무 시간에 드는 시각이 없습니다. 가장 많이 벗어나는 곳이 덜 벗어나는 순서';
    this.best.replaceChildren(...best.map((index) => {
      const item = document.createElement('li');
      const button = document.createElement('button');
      button.type = 'button';
      button.dataset.slot = String(index);
      button.dataset.start = String(instant(slots[index].start));
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
    this.chosenStart = instant(slot.start);
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
      const day = time.day_difference ? `${relativeDay(time.day_difference)}(${ISO_WEEKDAYS[time.weekday - 1]}) ` : '';
      line.textContent = `${places[i].name} ${day}${formatTime(wall(time.local), this.h24())} ${time.abbreviation} · ${time.working_day ? BANDS[time.band] : '쉬는 날'}`
        + (time.minutes_outside ? ` (업무 시간 밖 ${duration(time.minutes_outside)})` : '');
      return line;
    }));
    const ref = this.referenceWall(slot);
    this.readoutTitle.textContent = `${dateText(ref.day)} ${formatTime(ref, this.h24())} ${this.referenceName()} 시작${slot.past ? ' (지난 시각)' : ''}`;
    const query = new URLSearchParams({ date: isoDate(this.plan.day), length: String(this.plan.length), ref: this.plan.reference, at: String(instant(slot.start)) });
    for (const place of places) {
      // Hours and days only where set (a country's default needs no words).
      const settings = place.hours ? `;${place.hours[0]}-${place.hours[1]}${place.days !== undefined && place.days !== '' ? ';' + place.days : ''}` : '';
      query.append('place', `${place.name}@${place.zone}${settings}`);
    }
    this.link.href = `${location.pathname}${location.search}#meeting?${query}`;
    this.drawWeekly();
  }

  /** A place's hours and days as the plan used them. */
  placeSettings(i) {
    const place = this.plan.places[i];
    return { hours: place.hours ?? HOURS, days: this.plan.workingDays[i] };
  }

  /** The editor: a row a place, its working hours (from, to) and its working days (a box a weekday). */
  drawEditor() {
    const { places } = this.plan;
    const options = (selected, from, to) => {
      let html = '';
      for (let m = from; m <= to; m += 30) html += `<option value="${m}"${m === selected ? ' selected' : ''}>${hoursText([m, m]).split('–')[0]}</option>`;
      return html;
    };
    this.editor.replaceChildren(...places.map((place, i) => {
      const { hours, days } = this.placeSettings(i);
      const set = document.createElement('fieldset');
      set.className = 'meeting-place';
      set.dataset.index = String(i);
      const legend = document.createElement('legend');
      legend.textContent = `${place.name}: ${hoursText(hours)}, ${daysText(days)}`;
      set.append(legend);
      const hoursBox = document.createElement('div');
      hoursBox.className = 'meeting-place-hours';
      hoursBox.innerHTML = `<label>시작 <select data-field="start">${options(hours[0], 0, 1410)}</select></label>`
        + `<label>끝 <select data-field="end">${options(hours[1], 30, 1440)}</select></label>`;
      const daysBox = document.createElement('div');
      daysBox.className = 'meeting-place-days';
      daysBox.innerHTML = ISO_WEEKDAYS.map((name, d) =>
        `<label><input type="checkbox" data-field="day" value="${d}"${(days >> d) & 1 ? ' checked' : ''}> ${name}</label>`).join('');
      set.append(hoursBox, daysBox);
      return set;
    }));
  }

  /** A change in the editor: that place's hours and days, kept (my clocks here, a link's in it) and planned again. */
  edit(target) {
    const set = target.closest('fieldset[data-index]');
    if (!set || !this.plan) return;
    const place = this.plan.places[Number(set.dataset.index)];
    let start = Number(set.querySelector('[data-field=start]').value), end = Number(set.querySelector('[data-field=end]').value);
    if (end <= start) {
      // The other end follows, as a range must run forward.
      if (target.dataset.field === 'start') end = Math.min(1440, start + 30); else start = Math.max(0, end - 30);
    }
    let days = 0;
    for (const box of set.querySelectorAll('[data-field=day]')) if (box.checked) days |= 1 << Number(box.value);
    if (days === 0) {
      // A place works on some day: the box just cleared comes back.
      target.checked = true;
      return;
    }
    const setting = { hours: [start, end], days };
    if (this.shared) {
      const shared = this.shared.places.find((p) => p.name === place.name && p.zone === place.zone);
      if (shared) Object.assign(shared, setting);
      else this.shared.places.unshift({ name: place.name, zone: place.zone, ...setting });
    } else {
      this.settings[`${place.name}@${place.zone}`] = setting;
      try { localStorage.setItem(SETTINGS_KEY, JSON.stringify(this.settings)); } catch { /* this session only */ }
    }
    this.refresh();
  }

  /**
   * The weekly mode (the CLI's --weekly): the chosen start's wall time on the reference's clock every
   * week for N weeks, and the weeks when a place's local time moves (its DST changes and the
   * reference's does not, or the other way), as the CLI says them.
   */
  async drawWeekly() {
    const weeks = Number(this.weekly.value);
    this.weeklyPart.hidden = !weeks || !this.plan;
    if (!weeks || !this.plan) return;
    const generation = ++this.weeklyGeneration;
    const { places, reference, day, length } = this.plan;
    const start = this.chosenStart;
    const rules = this.rules();
    // The feed's rules reach its transitions_until: the weeks stop before it, and say so.
    const room = Number.isFinite(rules.validUntil) ? Math.floor((rules.validUntil / 1000 - start - DAY) / (7 * DAY)) + 1 : weeks;
    const count = Math.max(1, Math.min(weeks, room));
    let answer;
    try {
      const engine = await this.engine();
      answer = await engine.plan({
        reference, firstDay: day, length, step: STEP, limit: 1, weekly: { start, weeks: count },
        places: places.map((p, i) => ({ name: p.name, zone: p.zone, ...this.placeSettings(i) })),
      });
    } catch (error) {
      answer = { error: { message: error.message } };
    }
    if (generation !== this.weeklyGeneration || this.weeklyPart.hidden) return;
    if (answer.error) {
      this.weeklyTitle.textContent = `매주 반복을 계산하지 못했습니다: ${answer.error.message}`;
      this.weeklyList.replaceChildren();
      return;
    }
    const h24 = this.h24();
    const first = wall(answer.weekly[0].slot.reference_local);
    const weekday = WEEKDAYS[new Date(first.day * DAY * 1000).getUTCDay()];
    this.weeklyTitle.textContent = `매주 ${weekday}요일 ${formatTime(first, h24)} ${this.referenceName()}, ${answer.weekly.length}주`
      + (answer.weekly.length < weeks ? ` (이 목록의 시간대 규칙이 닿는 데까지, ${weeks}주 중)` : '');
    const lines = [];
    for (let w = 1; w < answer.weekly.length; w++) {
      const before = answer.weekly[w - 1].slot, now = answer.weekly[w].slot;
      for (const shift of answer.weekly[w].shifts) {
        const i = places.findIndex((p) => p.name === shift.place);
        if (i < 0) continue;
        const ref = wall(now.reference_local);
        const sign = shift.minutes < 0 ? '\u2212' : '+';
        const item = document.createElement('li');
        item.className = 'meeting-shift';
        item.textContent = `${dateText(ref.day)}부터 ${shift.place} ${formatTime(wall(before.times[i].local), h24)} ${before.times[i].abbreviation} → `
          + `${formatTime(wall(now.times[i].local), h24)} ${now.times[i].abbreviation} (${sign}${duration(Math.abs(shift.minutes))})`
          + (now.times[i].minutes_outside && !before.times[i].minutes_outside ? ' · 업무 시간 밖이 됩니다' : '');
        lines.push(item);
      }
    }
    if (!lines.length) {
      const item = document.createElement('li');
      item.textContent = '그동안 어느 곳의 현지 시각도 바뀌지 않습니다.';
      lines.push(item);
    }
    this.weeklyList.replaceChildren(...lines);
  }
}
