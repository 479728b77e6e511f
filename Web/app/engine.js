// The page's side of the engine (search-engine.js), which runs in a worker (engine-worker.js):
// the module is fetched and compiled here (asynchronously, and seen by the page's resource timing
// and the service worker), then instantiated and indexed there. Every call returns a promise;
// the worker answers in the order asked, so the rules set before a search apply to it. Calls may
// be made before the engine is ready: they wait in the worker, which runs them once it is, with no
// round trip through the page's (busy, while it loads) main thread first.

// For Scripts/bench/bench-web-ready: when this script (the page's first) starts.
performance.mark('worldclock:engine-script');

/** How often the instant of the zones' facts moves on with the page's clock. */
const RULES_REFRESH_MS = 60_000;
/** The longest the engine's compiling waits for the server's answers on their way (`quietPage`). */
const HOLD_MAX_MS = 1_000;

/**
 * The server's search (`/v1/search`), which search.js asks while this engine loads: named by the
 * page (`<meta name="worldclock-search">`, written by `worldclock serve`; empty on the static
 * export, which has no server behind it), '' where there is none. The page's inline script beside
 * the search field (index.html: `worldclockSearch`) reads it, makes the requests and asks it for
 * text already in the field; read when asked (that script runs first: index.html puts this one
 * after it).
 */
export const serverSearch = () => globalThis.worldclockSearch?.endpoint ?? '';

/** The server's answers on their way to the page (`awaitServerAnswer`). */
const onTheirWay = new Set();

/**
 * Notes an answer of the server's search on its way to the page (search.js asks), until it is on
 * the page or not to be had: the page's set-up (main.js) and the engine's compiling wait for it.
 * @param {Promise<unknown>} answer
 */
export function awaitServerAnswer(answer) {
  const settled = answer.then(() => {}, () => {});
  onTheirWay.add(settled);
  settled.then(() => onTheirWay.delete(settled));
}

/**
 * Resolves once the server's answers on their way are on the page (`awaitServerAnswer`), or after
 * `atMost` ms; at once when none is.
 * @param {number} atMost
 */
export function serverAnswersOnPage(atMost) {
  if (!onTheirWay.size) return Promise.resolve();
  return Promise.race([Promise.all(onTheirWay), new Promise((resolve) => setTimeout(resolve, atMost))]);
}

/**
 * Where the server answers while the engine loads (`serverSearch`), the engine's compiling waits
 * until the page has loaded and the server's answers on their way are on the page (for at most
 * HOLD_MAX_MS). Compiling takes both cores of a small machine for a while (V8 compiles on
 * background threads), and a returning visit's cached code is read on the page's main thread:
 * started at once, it delayed the server's first answer on the page by tens of milliseconds
 * (Scripts/bench/bench-web-ready), while the engine is needed only for the keystrokes after it. Without
 * a server, nothing waits.
 */
async function quietPage() {
  if (!serverSearch()) return;
  if (document.readyState !== 'complete') await new Promise((resolve) => addEventListener('load', resolve, { once: true }));
  await serverAnswersOnPage(HOLD_MAX_MS);
}

export class EngineClient {
  /** @param {Worker} worker */
  constructor(worker) {
    this.worker = worker;
    this.next = 0;
    /** @type {Map<number, {resolve: (value: any) => void, reject: (error: Error) => void}>} */
    this.pending = new Map();
    /** The rules the engine has taken, and the instant they were for: set only once it took them. */
    this.rules = null;
    this.rulesAt = -Infinity;
    /** @type {{rules: any, t: number, done: Promise<void>} | null} rules sent, not yet answered */
    this.sending = null;
    /** Until the module is sent, calls wait for it (`call`), so that the worker has it first. */
    this.waiting = false;
    this.sent = () => {};
    /** @type {Promise<EngineClient>} resolves once the engine is ready (`start`) */
    this.ready = Promise.resolve(this);
    worker.onmessage = ({ data: { id, result, error } }) => {
      const call = this.pending.get(id);
      this.pending.delete(id);
      if (error === undefined) call?.resolve(result);
      else call?.reject(new Error(error));
    };
    // A worker that cannot start (its script not fetched offline, a syntax error) fails every call.
    /** @type {Error | null} set once the worker has died: every later call fails at once. */
    this.failed = null;
    worker.onerror = (event) => {
      event.preventDefault();
      this.fail(new Error(event.message || 'the engine\'s worker failed'));
    };
  }

  /** Fails every call, made or to come, with `error`. */
  fail(error) {
    this.failed ??= error;
    for (const call of this.pending.values()) call.reject(this.failed);
    this.pending.clear();
    this.waiting = false;
    this.sent();
  }

  /**
   * Starts the worker and, meanwhile, fetches and compiles search.wasm (the page's preload,
   * streamed; where a server answers meanwhile, once the page has loaded: `quietPage`), then has
   * the worker instantiate it and ready the engine. Returns the client at once:
   * its `ready` resolves once the engine is ready, or rejects (and every call fails) when it cannot be.
   */
  static start() {
    // The worker's script is fetched and run while the module downloads and compiles.
    const client = new EngineClient(new Worker(new URL('./engine-worker.js', import.meta.url), { type: 'module' }));
    client.waiting = true;
    const sent = new Promise((resolve) => { client.sent = resolve; });
    client.gate = sent;
    client.ready = client.load();
    client.ready.catch(() => {});  // said by whoever waits for it
    return client;
  }

  /** @returns {Promise<EngineClient>} */
  async load() {
    let compiling, compiled, timings;
    try {
      await quietPage();
      const response = await fetch(new URL('./search.wasm', import.meta.url));
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      // Streamed compilation needs the wasm media type; a server without it still gets a working page.
      compiling = performance.now();
      const module = response.headers.get('Content-Type')?.startsWith('application/wasm')
        ? await WebAssembly.compileStreaming(response) : await WebAssembly.compile(await response.arrayBuffer());
      compiled = performance.now() - compiling;
      const loading = this.post('load', [module]);
      this.waiting = false;
      this.sent();
      timings = await loading;
    } catch (error) {
      this.fail(error);
      this.worker.terminate();
      throw error;
    }
    // For Scripts/bench/bench-wasm, on the page's timeline: compiling (here) and instantiating (there) as
    // one figure, then building the index (there, off the main thread).
    const end = performance.now();
    if (timings.instantiate !== null && timings.prepare !== null) {
      performance.measure('worldclock:search-engine-instantiate', { start: compiling, duration: compiled + timings.instantiate });
      performance.measure('worldclock:search-engine-prepare', { end, duration: timings.prepare });
      // For Scripts/bench/bench-web-ready: when the worker began, had the module and had the engine ready, on this timeline.
      for (const name of ['began', 'received', 'ready']) {
        performance.mark(`worldclock:engine-worker-${name}`, { startTime: timings[name] - performance.timeOrigin });
      }
    }
    return this;
  }

  call(method, ...args) {
    if (this.failed) return Promise.reject(this.failed);
    // In the order made: each waiting call is sent, in turn, once the module is.
    if (this.waiting) return this.gate.then(() => this.call(method, ...args));
    return this.post(method, args);
  }

  post(method, args) {
    if (this.failed) return Promise.reject(this.failed);
    return new Promise((resolve, reject) => {
      const id = this.next++;
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ id, method, args });
    });
  }

  /**
   * The feed's zone rules and the page's instant (ms), sent for new rules or a minute on: the
   * engine's search takes each zone's facts at that instant from them, and plans over them.
   * Resolves once the engine has them; rejects when it refused them (the caller says so: a search
   * or a plan after it would run on the facts before), and they are sent again at the next call.
   * @param {import('./clock.js').ZoneRules} rules
   * @returns {Promise<void>}
   */
  setRules(rules, t) {
    if (rules === this.rules && Math.abs(t - this.rulesAt) < RULES_REFRESH_MS) return Promise.resolve();
    const { sending } = this;
    if (sending && sending.rules === rules && Math.abs(t - sending.t) < RULES_REFRESH_MS) return sending.done;
    const done = this.call('setTimelines', rules.timelines(), t).then(
      () => {
        if (this.sending?.done === done) this.sending = null;
        this.rules = rules;
        this.rulesAt = t;
      },
      (error) => {
        if (this.sending?.done === done) this.sending = null;
        console.warn('engine: the zones\' rules were refused:', error.message);
        throw new Error(`the zones' rules were refused: ${error.message}`);
      });
    this.sending = { rules, t, done };
    return done;
  }

  /** The answer to `query` (search-engine.js `search`). */
  search(query, limit) { return this.call('search', query, limit); }

  /** A meeting plan (search-engine.js `plan`). */
  plan(request) { return this.call('plan', request); }

  /** The limits a plan is made within (search-engine.js `planLimits`). */
  planLimits() { return this.call('planLimits'); }

  /** The changes coming to my clocks (search-engine.js `changes`). */
  changes(request) { return this.call('changes', request); }
}

/**
 * The engine started when this module is first run: index.html loads it as an async module script,
 * which runs as soon as it is fetched, while the page is still being parsed, so the worker and the
 * module's compiling start then, not once every script of the page is in.
 * @type {EngineClient | null}
 */
let early = EngineClient.start();

/** The engine started early, the first time; a new start after that (after a failure). */
export function startEngine() {
  const started = early ?? EngineClient.start();
  early = null;
  return started;
}
