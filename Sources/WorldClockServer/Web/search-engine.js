// The search engine compiled to WebAssembly (Scripts/build-wasm: HangulIndex and the bundled
// catalogue's search, Embedded Swift): the CLI's search in the page, offline and on the export.
// Shared by the page (search.js) and the test runner (Scripts/wasm-search.mjs), so both call the
// module the same way. Strings cross as UTF-8 in the module's memory; answers come back as the
// feed's search JSON.

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
   * Instantiates the module from a fetch response (streamed) or its bytes.
   * @param {Response | BufferSource} source
   */
  static async load(source, { log = console.error } = {}) {
    let memory = null;
    const imports = { wasi_snapshot_preview1: wasi(() => memory, log) };
    const started = performance.now();
    const { instance } = source instanceof Response
      ? await WebAssembly.instantiateStreaming(source, imports)
      : await WebAssembly.instantiate(source, imports);
    const instantiated = performance.now();
    memory = instance.exports.memory;
    const engine = new SearchEngine(instance);
    // The index is built from the texts compiled in: once, before the first search.
    engine.exports.wc_prepare();
    // For Scripts/bench-wasm: compiling and instantiating, then building the index.
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
   * The zones' facts at the instant searches are for: for each zone id, its offset in seconds
   * and the abbreviations tz gives it then (first) and within the year after.
   * @param {Map<string, {offset: number, abbreviations: string[]}>} zones
   */
  setZones(zones) {
    let text = '';
    for (const [zone, facts] of zones) text += `${zone}\t${facts.offset}\t${facts.abbreviations.join(',')}\n`;
    if (this.call('wc_set_zones', text) < 0) throw new Error('the zones\' facts were malformed');
  }

  /**
   * The answer to `query` as `/v1/search` gives it ({query, keyboard_conversion, results}), or
   * {error: {code, message}} for a query search refuses.
   */
  search(query, limit = 20) {
    const length = this.call('wc_search', query, limit);
    const bytes = new Uint8Array(this.exports.memory.buffer, this.exports.wc_output(), length);
    return JSON.parse(decoder.decode(bytes));
  }
}
