// The search box: the CLI's Korean-aware search as you type (늉, ㄴㅇ, sbdyr), run in the page by
// the search engine compiled to WebAssembly (search-engine.js, in a worker: engine.js), so it
// works offline and on a static export, on every keystroke. The matched part is highlighted from
// the UTF-16 range the engine returns (JavaScript strings are UTF-16, so the range slices the text
// directly), with the reason shown. A combobox with a listbox: arrows move, Enter chooses, Escape closes.
import { startEngine, serverSearch, awaitServerAnswer } from './engine.js';
import { countryBeside } from './clock.js';

/** How many results the box shows (as `/v1/search` by default). */
const LIMIT = 20;
/** A refused query, in Korean (the engine's messages are the API's English ones). */
const REFUSED = {
  query_too_long: '검색어가 너무 깁니다(최대 100자)',
  too_many_combining_marks: '검색어에 결합 문자가 너무 많이 이어집니다',
};

/** The engine, started once in its worker (the service worker keeps the module offline). */
let engine = null;
/** The engine's client, at once (its calls wait in the worker until it is ready). */
function engineClient() {
  if (!engine) {
    const client = startEngine();
    engine = client;
    // A worker that dies later (its thread crashed), or a failed load (offline before the module
    // was ever cached), is started again on the next keystroke.
    client.worker.addEventListener('error', () => { if (engine === client) engine = null; });
    client.ready.catch(() => { if (engine === client) engine = null; });
  }
  return engine;
}
/** @returns {Promise<import('./engine.js').EngineClient>} the engine, once it is ready */
export function loadSearchEngine() {
  return engineClient().ready;
}

/** Whether two answers list the same places, matched the same way, in the same order. */
function sameResults(a, b) {
  const key = ({ place, match }) => `${place.name}\t${place.zone}\t${match.kind}\t${match.field}\t${match.text}\t${match.utf16_start}`;
  return a.results.length === b.results.length && a.results.every((result, i) => key(result) === key(b.results[i]));
}

/**
 * `text` as DOM nodes with [start, end) (UTF-16 units) in a <mark>. A match of a query still being
 * typed (늉 → 뉴욕) ends in the syllable being composed (욕, of which only ㅇ is typed): that last
 * unit gets a lighter mark (a Hangul syllable is one UTF-16 unit).
 */
function highlighted(text, start, end, kind) {
  const fragment = document.createDocumentFragment();
  const mark = (from, to, className) => {
    const element = document.createElement('mark');
    element.textContent = text.slice(from, to);
    if (className) element.className = className;
    return element;
  };
  const partial = kind === 'incremental' && end - start > 1 ? end - 1 : end;
  fragment.append(text.slice(0, start), mark(start, partial));
  if (partial < end) fragment.append(mark(partial, end, 'partial'));
  fragment.append(text.slice(end));
  return fragment;
}

/**
 * @param {{input: HTMLInputElement, combo: HTMLElement, panel: HTMLElement, list: HTMLElement,
 *          status: HTMLElement, onChoose: (place: any) => void, now: () => number,
 *          rules: () => import('./clock.js').ZoneRules | null}} parts
 *   `now` is the page's clock and `rules` the feed's zone rules, from which the engine learns each
 *   zone's offset and abbreviations at the instant searched for (UTC+9, PST).
 */
export function setUpSearch({ input, combo, panel, list, status, onChoose, now, rules }) {
  let results = [];
  let active = -1;

  const close = () => {
    panel.hidden = true;
    combo.setAttribute('aria-expanded', 'false');
    input.removeAttribute('aria-activedescendant');
    active = -1;
  };

  const setActive = (i) => {
    list.children[active]?.setAttribute('aria-selected', 'false');
    active = i;
    const option = list.children[i];
    if (!option) { input.removeAttribute('aria-activedescendant'); return; }
    option.setAttribute('aria-selected', 'true');
    input.setAttribute('aria-activedescendant', option.id);
    option.scrollIntoView({ block: 'nearest' });
  };

  const choose = (i) => {
    const result = results[i];
    if (!result) return;
    onChoose(result.place);
    input.value = '';
    results = [];
    list.replaceChildren(); list.hidden = true;
    close();
  };

  const show = (answer) => {
    results = answer.results;
    // An empty listbox is hidden: a listbox must hold options.
    list.hidden = results.length === 0;
    list.replaceChildren(...results.map((result, i) => {
      const { place, match } = result;
      const option = document.createElement('li');
      option.id = `search-option-${i}`;
      option.setAttribute('role', 'option');
      option.setAttribute('aria-selected', 'false');
      option.className = 'option';
      const name = document.createElement('span');
      name.className = 'name';
      name.append(match.field === 'name' ? highlighted(place.name, match.utf16_start, match.utf16_end, match.kind) : place.name);
      const country = document.createElement('span');
      country.className = 'country';
      country.textContent = countryBeside(place);
      const reason = document.createElement('span');
      reason.className = 'reason';
      // As the CLI's search says why: the field's Korean name from the feed (one table for both),
      // what matched, and what it means for this place (CST: 미 중부 표준시 at 시카고, 중국 표준시 at 상하이).
      reason.append(`${match.field_name} · ${match.kind_name}`);
      if (match.field !== 'name') reason.append(': ', highlighted(match.text, match.utf16_start, match.utf16_end, match.kind));
      if (match.label && match.label !== match.text) {
        const meaning = document.createElement('span');
        meaning.className = 'label';
        meaning.textContent = match.label;
        reason.append(', ', meaning);
      }
      option.append(name, country, reason);
      option.addEventListener('pointerdown', (event) => event.preventDefault()); // keep focus in the box
      option.addEventListener('click', () => choose(i));
      return option;
    }));
    const converted = answer.keyboard_conversion ? `‘${answer.query}’ → ‘${answer.keyboard_conversion}’ (한글 자판으로 읽음). ` : '';
    // The notes the CLI prints beside its results, from the same fields.
    const shown = !results.length ? '찾는 도시가 없습니다'
      : answer.total > results.length ? `${answer.total}곳 중 ${results.length}곳` : `${results.length}곳`;
    const notes = [];
    if (answer.former) {
      const { abbreviation, places } = answer.former;
      notes.push(`${abbreviation}: 예전에 쓰던 곳은 뺐습니다(지금 규칙에서는 다른 약어): ${places.slice(0, 5).join(', ')}`
        + (places.length > 5 ? ` 외 ${places.length - 5}곳` : ''));
    }
    if (answer.only_former) notes.push(`${answer.only_former}: 지금 쓰는 곳이 없어 예전에 쓰던 곳을 보여 줍니다`);
    status.textContent = converted + [shown, ...notes].join('. ');
    panel.hidden = false;
    combo.setAttribute('aria-expanded', String(results.length > 0));
    setActive(results.length ? 0 : -1);
  };

  const fail = (message) => {
    results = [];
    list.replaceChildren(); list.hidden = true;
    status.textContent = message;
    panel.hidden = false;
  };

  /**
   * The engine's answer for `query` at the page's instant, with the feed's zone rules: rejects
   * when the engine refused the rules, rather than answer with the facts it had before.
   */
  const answer = async (loaded, query) => {
    const current = rules();
    const [, found] = await Promise.all([current ? loaded.setRules(current, now()) : null, loaded.search(query, LIMIT)]);
    return found;
  };

  /**
   * Where the answer on show came from (`panel.dataset.source`): `server` while the page's engine
   * loads, `engine` once it answered. An engine's answer is never replaced by the server's, except
   * one given before the feed's rules were in (`unruled`): without them the engine knows no zone's
   * abbreviation now, so "PST" would read as used by none. The server's answer replaces it, and the
   * engine answers again when the rules come.
   * @type {'none' | 'server' | 'unruled' | 'engine'}
   */
  let shownFrom = 'none';
  const shown = (found, query, source) => {
    // The engine's answer to the query the server answered, the same places in the same order:
    // kept as it is, so that the highlighted option does not jump back to the first.
    const same = source === 'engine' && (shownFrom === 'server' || shownFrom === 'unruled') && panel.dataset.query === query && !found.error
      && sameResults(found, { results });
    if (!same) {
      if (found.error) fail(REFUSED[found.error.code] ?? found.error.message);
      else show(found);
    }
    shownFrom = source;
    panel.dataset.query = query;  // what the shown answer is for (Scripts/bench/bench-wasm waits on it)
    panel.dataset.source = source;
  };

  const run = async (loaded, unruled = false) => {
    const query = input.value;
    if (!query.trim()) return;
    let found;
    const ruled = Boolean(rules());
    // Without the feed's rules the server answers (the rules bring the engine's answer), unless
    // there is no server search or it did not answer.
    if (!ruled && !unruled && serverSearching()) { deferred = true; return; }
    try {
      found = await answer(loaded, query);
    } catch (error) {
      // An engine that could not load is said by `search`.
      if (input.value === query && !loaded.failed) fail(`시간대 정보를 검색에 넣지 못했습니다(${error.message}). 다시 입력하면 다시 시도합니다`);
      return;
    }
    performance.mark('worldclock:search-answered');  // the first one is Scripts/bench/bench-web-ready's
    // A later keystroke's answer is on its way: this one is stale.
    if (input.value !== query) return;
    if (!ruled && shownFrom === 'server' && panel.dataset.query === query) return;
    shown(found, query, ruled ? 'engine' : 'unruled');
  };

  /**
   * Until the page's engine is ready (its index takes a few hundred milliseconds in a fresh
   * browser), a query goes to the server as well: `/v1/search` is the same search engine, compiled
   * for the server, over the same catalogue and rules (WasmSearchTests holds the two to the same
   * answers), asked for the page's instant. Its answer is shown only while the engine has not
   * answered; where there is no server search (the static export names none) or no network, the
   * query just waits for the engine, as before.
   */
  /** Set once the server said it has no search after all (a 404). */
  let noServerSearch = false;
  const serverSearching = () => !noServerSearch && serverSearch() !== '';
  const askServer = (query) => {
    // The page's set-up and the engine's compiling wait until this answer is on the page (engine.js).
    if (serverSearching()) awaitServerAnswer(answerFromServer(query));
  };
  const answerFromServer = async (query) => {
    let found;
    try {
      // Asked by the page as the field was parsed (index.html), for this text: that answer, not a
      // second request. Else now, ahead of the page's other requests (the feed): it is what the user
      // is waiting for.
      const { ask, first } = globalThis.worldclockSearch;
      globalThis.worldclockSearch.first = null;
      const early = first?.query === query && first.limit === LIMIT ? first : null;
      const response = await (early ? early.answer : ask(query, now(), LIMIT));
      if (response.status === 404) noServerSearch = true;  // no search there after all
      if (!response.ok) return answerUnruled(query);  // a refusal is the engine's to word
      found = await (early ? early.found : response.json());
    } catch {
      return answerUnruled(query);  // offline: the engine answers
    }
    performance.mark('worldclock:search-answered-by-server');
    if (shownFrom === 'engine' || (input.dataset.engine === 'ready' && rules()) || input.value !== query) return;
    shown(found, query, 'server');
  };

  /** No server answer for `query`: the engine's, with the rules if they are in, else without. */
  const answerUnruled = (query) => {
    if (input.value === query && shownFrom !== 'engine') run(engineClient(), true);
  };

  // Until the engine is ready the field says so: its placeholder, and the status a screen reader
  // hears once something is typed (input.dataset.engine: loading, ready or failed, for the tests).
  const placeholder = input.placeholder;
  const engineState = (state) => {
    input.dataset.engine = state;
    input.placeholder = state === 'loading' ? '검색 준비 중…' : placeholder;
  };
  /** A query typed before the feed's rules are in and the engine is ready: sent at the first of the two. */
  let deferred = false;
  const search = () => {
    if (!input.value.trim()) { results = []; list.replaceChildren(); list.hidden = true; close(); return; }
    const client = engineClient();
    const ready = input.dataset.engine === 'ready';
    if (!ready) {
      engineState('loading');
      if (shownFrom !== 'server') {
        results = [];
        list.replaceChildren(); list.hidden = true;
        status.textContent = '검색을 준비하고 있습니다…';
        panel.hidden = false;
      }
    }
    // The server answers while the engine loads, and while the feed's rules are not in.
    if (!ready || !rules()) askServer(input.value);
    client.ready.then(() => engineState('ready'), (error) => {
      // The browser's words (Failed to fetch) go to the console; the page says it in Korean.
      console.warn('search engine:', error);
      engineState('failed');
      // Online, the server's search stands in (a browser without WebAssembly, a module that did
      // not come); its answer to this query, shown or on its way, replaces the failure.
      if (!(shownFrom === 'server' && panel.dataset.query === input.value)) {
        fail('검색 엔진을 불러오지 못했습니다. 인터넷에 연결되면 다시 입력해 주세요');
      }
    });
    // Sent now, not once the engine is ready: the worker answers as soon as it is, with the feed's
    // rules when they came first (a query typed before the feed waits for it, or for the engine).
    if (rules() || input.dataset.engine === 'ready') {
      run(client);
    } else if (!deferred) {
      deferred = true;
      client.ready.then(() => rulesArrived(), () => { deferred = false; });
    }
  };
  /**
   * The feed's rules are in (page.js), or the engine is ready without them: a deferred query goes,
   * and an answer given without the rules is given again with them.
   */
  const rulesArrived = () => {
    const again = shownFrom === 'unruled' && rules() && panel.dataset.query === input.value;
    if (!deferred && !again) return;
    deferred = false;
    run(engineClient());
  };
  input.addEventListener('input', search);
  // The engine starts loading with the page, not at the first keystroke; text already in the field
  // (typed before this script ran, or restored by the browser) is searched as soon as it is ready.
  engineState('loading');
  loadSearchEngine().then(() => engineState('ready'), () => engineState('failed'));
  if (input.value.trim()) search();

  input.addEventListener('keydown', (event) => {
    if (event.isComposing) return; // the IME's own Enter and arrows
    const n = results.length;
    if (event.key === 'ArrowDown' && n) { event.preventDefault(); setActive((active + 1) % n); }
    else if (event.key === 'ArrowUp' && n) { event.preventDefault(); setActive((active - 1 + n) % n); }
    else if (event.key === 'Enter' && n) { event.preventDefault(); choose(Math.max(active, 0)); }
    else if (event.key === 'Escape') { if (panel.hidden) input.value = ''; close(); }
  });
  input.addEventListener('blur', () => setTimeout(close, 150));
  input.addEventListener('focus', () => { if (results.length) { panel.hidden = false; combo.setAttribute('aria-expanded', 'true'); } });
  return { rulesArrived };
}
