// The search engine compiled to WebAssembly (Scripts/dev/build-wasm: HangulIndex, the bundled
// catalogue's search and the meeting planner, Embedded Swift): the CLI's search and planner in
// the page, offline and on the export. The page runs it in a worker (engine-worker.js, driven by
// engine.js), so that building its index and every call stay off the page's main thread.
// Shared by the page's worker and the test runner (Scripts/dev/wasm-engine.mjs), so both call the
// module the same way. Strings cross as UTF-8 in the module's memory; answers come back as JSON.

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/**
 * The four WASI functions the module's C library imports: only a fatal error writes (its message,
 * to the console), and random_get seeds Swift's hashing.
 */
function wasi(memory, log) {
  return {
    fd_write(fd, iovs, count, written) {
      const view = new DataView(memory().buffer);
      let text = '', total = 0;
      for (let i = 0; i < count; i++) {
        const base = view.getUint32(iovs + 8 * i, true), length = view.getUint32(iovs + 8 * i + 4, true);
        text += decoder.decode(new Uint8Array(memory().buffer, base, length));
        total += length;
      }
      view.setUint32(written, total, true);
      if (text.trim()) log(text);
      return 0;
    },
    fd_seek() { return 70; }, // ESPIPE: no file to seek
    fd_close() { return 0; },
    random_get(buffer, length) {
      crypto.getRandomValues(new Uint8Array(memory().buffer, buffer, length));
      return 0;
    },
  };
}

export class SearchEngine {
  /** @param {WebAssembly.Instance} instance */
  constructor(instance) {
    this.exports = instance.exports;
  }

  /**
   * Instantiates the module from a fetch response (streamed), its bytes, or the module compiled.
   * @param {Response | BufferSource | WebAssembly.Module} source
   */
  static async load(source, { log = console.error } = {}) {
    let memory = null;
    const imports = { wasi_snapshot_preview1: wasi(() => memory, log) };
    const started = performance.now();
    const instance = source instanceof WebAssembly.Module ? await WebAssembly.instantiate(source, imports)
      : source instanceof Response ? (await WebAssembly.instantiateStreaming(source, imports)).instance
        : (await WebAssembly.instantiate(source, imports)).instance;
    const instantiated = performance.now();
    memory = instance.exports.memory;
    const engine = new SearchEngine(instance);
    // The index is built from the texts compiled in: once, before the first search.
    engine.exports.wc_prepare();
    // For Scripts/bench/bench-wasm: compiling and instantiating, then building the index.
    performance.measure('worldclock:search-engine-instantiate', { start: started, end: instantiated });
    performance.measure('worldclock:search-engine-prepare', { start: instantiated, end: performance.now() });
    return engine;
  }

  /** Calls `name` with `text` as UTF-8, then the extra arguments; returns its number. */
  call(name, text, ...rest) {
    const bytes = encoder.encode(text);
    const pointer = this.exports.wc_alloc(bytes.length);
    try {
      new Uint8Array(this.exports.memory.buffer, pointer, bytes.length).set(bytes);
      return this.exports[name](pointer, bytes.length, ...rest);
    } finally {
      this.exports.wc_free(pointer);
    }
  }

  /**
   * Gives the module each zone's timeline (ZoneRules.timelines: the offset, abbreviation and DST
   * from the feed's instant on, then at each transition) and the instant searches are for (ms): the
   * module takes each zone's offset and abbreviations then from the timelines, and plans meetings
   * over them.
   * @param {Map<string, {start: number, offset: number, abbreviation: string, dst: boolean}[]>} timelines
   */
  setTimelines(timelines, t) {
    let text = '';
    for (const [zone, periods] of timelines) {
      text += `${zone}\t${periods.map((p) => `${p.start},${p.offset},${p.abbreviation},${p.dst ? 1 : 0}`).join(';')}\n`;
    }
    if (this.call('wc_set_timelines', text, Math.floor(t / 1000)) < 0) throw new Error('the zones\' timelines were malformed');
  }

  /** The module's last answer, parsed. */
  answer(length) {
    return JSON.parse(decoder.decode(new Uint8Array(this.exports.memory.buffer, this.exports.wc_output(), length)));
  }

  /**
   * The meeting plan (the CLI's planner, MeetingPlanning) for `places` on `days` days from `firstDay`
   * (days since 1970-01-01 in the reference zone): {slots: [{start, end, reference_local,
   * worst_minutes_outside, total_minutes_outside, past, times: [{local, utc_offset_seconds,
   * abbreviation, band, minutes_outside, day_difference, weekday, working_day}]}], best: [slot
   * indices], fits_everyone, weekly?: [{week, start, reference_local, worst_minutes_outside, times,
   * shifts: [{place, minutes}]}]}, or {error}. A place's `days` is its working days, a bit per ISO
   * weekday from Monday (31: Monday to Friday) or its country's ISO code (`KR`: CLDR's weekend, as
   * the CLI's default); `now` (seconds) marks the slots begun before it past, never ranked; `weekly`
   * asks for the same start's wall time every week, with the places whose local time moves.
   * With `planned`, `firstDay` is today and the planner makes the plan for the day a plan with no date is for
   * (MeetingPlanner.plannedDay: the reference place's next working day when today is its day off, as the CLI's).
   * @param {{reference: string, firstDay: number, planned?: boolean, days?: number, length: number, step?: number, limit?: number,
   *          now?: number, weekly?: {start: number, weeks: number},
   *          places: {name: string, zone: string, hours?: [number, number], days?: number | string}[]}} request
   */
  plan({ reference, firstDay, planned = false, days = 1, length, step = 1800, limit = 5, now, weekly, places }) {
    const lines = [`reference\t${reference}`, `days\t${firstDay}\t${days}${planned ? '\tplanned' : ''}`, `length\t${length}`,
      `step\t${step}`, `limit\t${limit}`];
    if (Number.isFinite(now)) lines.push(`now\t${Math.floor(now)}`);
    if (weekly) lines.push(`weekly\t${weekly.start}\t${weekly.weeks}`);
    for (const place of places) {
      const [start, end] = place.hours ?? [9 * 60, 18 * 60];
      const working = place.days === undefined || place.days === '' ? '' : `\t${place.days}`;
      lines.push(`place\t${place.zone}\t${start}\t${end}\t${place.name.replace(/[\t\n]/g, ' ')}${working}`);
    }
    return this.answer(this.call('wc_plan', lines.join('\n')));
  }

  /**
   * The limits a plan is made within, MeetingRequest's (the module's `wc_plan_limits`): {places,
   * days, length_seconds, slots, weeks: [least, most]; steps_seconds: [seconds…]}.
   */
  planLimits() {
    return this.answer(this.exports.wc_plan_limits());
  }

  /**
   * The change coming within four weeks of `now` (ms) to each of `places`' clocks, or to the
   * reference's where it moves the difference (MeetingPlanning's ClockChangeNotice, the CLI's
   * decision and words): one entry a place, `{at, text}` or null.
   * @param {{reference?: string, referenceName?: string, now: number, places: {name: string, zone: string}[]}} request
   * @returns {({at: string, text: string} | null)[]}
   */
  changes({ reference, referenceName, now, places }) {
    const clean = (text) => text.replace(/[\t\n]/g, ' ');
    const lines = reference ? [`reference\t${reference}\t${clean(referenceName ?? reference)}`] : [];
    for (const place of places) lines.push(`place\t${place.zone}\t${clean(place.name)}`);
    return this.answer(this.call('wc_changes', lines.join('\n'), Math.floor(now / 1000)));
  }

  /**
   * The answer to `query` as `/v1/search` gives it ({query, keyboard_conversion, results}), or
   * {error: {code, message}} for a query search refuses.
   */
  search(query, limit = 20) {
    return this.answer(this.call('wc_search', query, limit));
  }
}
