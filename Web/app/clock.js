// Local times computed in the page from the feed's offsets and upcoming transitions. The browser's
// own time-zone data (Intl, Date's local getters) is never used for a zone's rules: it may be
// older or newer than the server's tzdata, and the feed is the one truth.

/**
 * The page's clock: real time, or the instant given as `?now=` (ISO 8601) that then runs on from
 * there, so a test can start one second before a transition.
 * @returns {{now: () => number, injected: boolean, error: string | null}}
 */
export function makeClock(search = location.search) {
  const text = new URLSearchParams(search).get('now');
  if (text === null) return { now: () => Date.now(), injected: false, error: null };
  const start = Date.parse(text);
  if (Number.isNaN(start)) {
    return { now: () => Date.now(), injected: false, error: `?now=${text}: ISO 8601 시각이 아닙니다 (예: 2026-11-01T05:59:59Z)` };
  }
  const skew = start - Date.now();
  return { now: () => Date.now() + skew, injected: true, error: null };
}

/**
 * The page's clock, one for every script that reads it (the search box, set up before the page's
 * other scripts, and page.js): two made apart would differ, under ?now=, by the time between them.
 */
export const pageClock = makeClock(globalThis.location?.search ?? '');

/**
 * One stretch of a zone's time on one offset, abbreviation and DST, from `start` (seconds since
 * the epoch) until the next one's: SearchEngine's `ZoneTimeline.Period`, the same fields, and what
 * the module gets (`timelines()`). A zone's periods are its timeline: the first holds from the
 * feed's instant (and before it), then one per transition.
 * @typedef {{start: number, offset: number, abbreviation: string, dst: boolean}} Period
 */

/** Every zone of a feed: its timeline from the feed's instant, through the feed's window. */
export class ZoneRules {
  /** @param {any} feed a /v1/sections body */
  constructor(feed) {
    /** @type {Map<string, Period[]>} */
    this.zones = new Map();
    this.at = Date.parse(feed.at);
    const map = feed.transitions;
    // Until which instant the rules are known: the feed's window, or (a feed without the
    // transitions map) the first next_transition, after which the zone's next change is unknown.
    this.validUntil = feed.transitions_until ? Date.parse(feed.transitions_until) : Infinity;
    for (const section of feed.sections) {
      for (const place of section.places) this.addPlace(place, map);
    }
  }

  addPlace(place, map) {
    if (this.zones.has(place.zone) || !place.time) return;
    const t = place.time;
    const listed = map ? map[place.zone] ?? [] : t.next_transition ? [t.next_transition] : [];
    const start = Math.floor(this.at / 1000);
    const changes = listed.map((x) => ({ start: Date.parse(x.at) / 1000, offset: x.utc_offset_seconds, abbreviation: x.abbreviation, dst: x.dst }))
      .filter((x) => x.start > start).sort((a, b) => a.start - b.start);
    if (!map && changes.length) this.validUntil = Math.min(this.validUntil, changes[0].start * 1000 + 1);
    this.zones.set(place.zone, [{ start, offset: t.utc_offset_seconds, abbreviation: t.abbreviation, dst: t.dst }, ...changes]);
  }

  has(zone) { return this.zones.has(zone); }

  /**
   * Every zone's timeline, for the search engine's module (search-engine.js), which computes from
   * it what search and the meeting planner need.
   * @returns {Map<string, Period[]>}
   */
  timelines() { return this.zones; }

  /**
   * The period of `zone` holding at `t` (ms since the epoch): its offset, abbreviation and DST; null
   * for a zone the feed does not have. The last period starting at or before `t` (the first before
   * it), by bisection: `ZoneTimeline.periodIndex(at:)`, which PageClockTests holds this to.
   * @returns {Period | null}
   */
  state(zone, t) {
    const periods = this.zones.get(zone);
    if (!periods) return null;
    const seconds = Math.floor(t / 1000);
    let low = 0, high = periods.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (periods[middle].start <= seconds) low = middle + 1; else high = middle;
    }
    return periods[Math.max(low - 1, 0)];
  }
}

/** The wall-clock fields of instant `t` at `offset` seconds east of UTC. */
export function wallClock(t, offset) {
  const local = t + offset * 1000;
  const d = new Date(local);
  return {
    hour: d.getUTCHours(), minute: d.getUTCMinutes(), second: d.getUTCSeconds(),
    day: Math.floor(local / 86_400_000),
  };
}

const two = (n) => (n < 10 ? '0' + n : String(n));

/** "오후 2:05" or, in 24-hour style, "14:05" — the CLI's wording. */
export function formatTime(wall, h24) {
  if (h24) return `${two(wall.hour)}:${two(wall.minute)}`;
  const hour = wall.hour % 12 === 0 ? 12 : wall.hour % 12;
  return `${wall.hour < 12 ? '오전' : '오후'} ${hour}:${two(wall.minute)}`;
}

export const formatSeconds = (wall) => ':' + two(wall.second);

/** 그저께, 어제, 오늘, 내일, 모레. */
export function relativeDay(days) {
  if (days <= -2) return '그저께';
  return ['어제', '오늘', '내일'][days + 1] ?? '모레';
}

const MINUS = '\u2212';

/**
 * +13시간, −3시간 30분, +30분; 같은 시각 when the clocks agree (under a minute apart): the CLI's
 * wording (KoreanTimeFormat.hourDifference), both checked against Tests/Fixtures/korean-wording.json.
 */
export function hourDifference(seconds) {
  const minutes = Math.floor(Math.abs(seconds) / 60);
  if (minutes === 0) return '같은 시각';
  return (seconds < 0 ? MINUS : '+') + duration(minutes);
}

/** 3시간, 1시간 30분, 30분: the CLI's KoreanTimeFormat.duration, of a positive count of minutes. */
export function duration(minutes) {
  const [hours, rest] = [Math.floor(minutes / 60), minutes % 60];
  return hours === 0 ? `${rest}분` : rest === 0 ? `${hours}시간` : `${hours}시간 ${rest}분`;
}

/** "2027년 11월 25일" of instant `t` in UTC (dates of the feed's window: a day is precision enough). */
export function formatDate(t) {
  const d = new Date(t);
  return `${d.getUTCFullYear()}년 ${d.getUTCMonth() + 1}월 ${d.getUTCDate()}일`;
}

/** UTC+9, UTC+5:45, UTC−3:30. */
export function utcOffset(seconds) {
  const minutes = Math.floor(Math.abs(seconds) / 60);
  const rest = minutes % 60;
  return `UTC${seconds < 0 ? MINUS : '+'}${Math.floor(minutes / 60)}${rest ? ':' + two(rest) : ''}`;
}

/**
 * What a row or a card shows for `zone` at `t` against the reference zone's state `ref`.
 * @returns {{time: string, seconds: string, day: string, hours: string, abbreviation: string, offset: string} | null}
 */
export function describe(rules, zone, t, ref, h24) {
  const state = rules.state(zone, t);
  if (!state) return null;
  const wall = wallClock(t, state.offset);
  const refWall = wallClock(t, ref.offset);
  return {
    time: formatTime(wall, h24),
    seconds: formatSeconds(wall),
    day: relativeDay(wall.day - refWall.day),
    hours: hourDifference(state.offset - ref.offset),
    abbreviation: state.abbreviation,
    offset: utcOffset(state.offset),
  };
}

/**
 * The country shown beside a place's name: none when the name already ends with it, as the names
 * of a city that another country also has do ("런던 (캐나다)", "제임스타운 (세인트헬레나)").
 */
export function countryBeside(place) {
  return place.name.endsWith(`(${place.country})`) ? '' : place.country;
}
