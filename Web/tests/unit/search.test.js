// search.js with engine.js: which answer the box shows when both the server's search (asked while
// the page's engine loads) and the engine answer, in either order, and what happens to answers to a
// query typed over since. The engine's worker and the network are fakes the test answers by hand.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { installFakeDOM, FakeElement, runPageScript, until } from './fake-dom.js';

const meta = { 'worldclock-search': '/v1/search' };
installFakeDOM({ meta });

/** The engine's worker, answered by the test: a message waits until `answer` replies to it. */
class FakeWorker extends EventTarget {
  static made = [];
  constructor(url) {
    super();
    this.url = String(url);
    this.messages = [];
    /** Called at the next message. */
    this.waiters = [];
    this.onmessage = null;
    this.onerror = null;
    FakeWorker.made.push(this);
  }

  postMessage(message) {
    this.messages.push(message);
    for (const waiter of this.waiters.splice(0)) waiter();
  }

  terminate() { this.terminated = true; }

  /**
   * Replies to the first message for `method` not yet answered, once it has been sent (the module
   * is compiled off the main thread first: waited for as an event, not for a number of turns).
   */
  async answer(method, result) {
    let message;
    while (!(message = this.messages.find((m) => m.method === method && !m.answered))) {
      await new Promise((resolve) => this.waiters.push(resolve));
    }
    message.answered = true;
    this.onmessage({ data: { id: message.id, result } });
    return message;
  }
}
globalThis.Worker = FakeWorker;

/** The network: the module (an empty but valid wasm module) at once; the server's searches when the test says. */
const asked = [];
globalThis.fetch = async (url) => {
  if (String(url).endsWith('/search.wasm')) {
    return { ok: true, status: 200, headers: { get: () => 'application/octet-stream' }, arrayBuffer: async () => new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0]).buffer };
  }
  return new Promise((resolve) => asked.push({ url: String(url), respond: (body) => resolve({ ok: true, status: 200, json: async () => body }) }));
};

// The page's inline script, before its modules (engine.js reads what it sets): the field is empty.
runPageScript();

/** An answer listing `names`, each matched at its start, as the engine and `/v1/search` write it. */
const answerOf = (query, names) => ({
  query,
  total: names.length,
  results: names.map((name) => ({
    place: { name, zone: 'Asia/Seoul', country: '대한민국' },
    match: { field: 'name', field_name: '이름', kind: 'prefix', kind_name: '앞부분', text: name, utf16_start: 0, utf16_end: 1 },
  })),
});

let setUps = 0;
/**
 * A search box with its own engine client: each set-up imports search.js afresh (its engine is
 * the module's own), over the engine.js and clock.js all share.
 */
async function searchBox() {
  // The first import runs engine.js, which starts a worker at once (its `early` engine).
  const made = FakeWorker.made.length;
  const { setUpSearch } = await import(`../../app/search.js?box=${++setUps}`);
  const input = new FakeElement('input');
  const parts = { input, combo: input, panel: new FakeElement('div'), list: new FakeElement('ul'), status: new FakeElement('p') };
  const rules = { timelines: () => new Map() };
  setUpSearch({ ...parts, onChoose: () => {}, now: () => Date.parse('2026-07-15T12:00:00Z'), rules: () => rules });
  await until(() => FakeWorker.made.length > made, 'the engine\'s worker started');
  const worker = FakeWorker.made.at(-1);
  const type = (text) => {
    input.value = text;
    input.dispatchEvent(new Event('input'));
  };
  const shown = () => parts.list.children.map((option) => option.querySelector('.name').textContent);
  /** The engine is ready, and has taken the feed's rules. */
  const ready = async () => {
    await worker.answer('load', { instantiate: null, prepare: null });
    await until(() => input.dataset.engine === 'ready', 'the engine ready');
  };
  return { ...parts, worker, type, shown, ready };
}

test('while the engine loads the server\'s answer is shown; the engine\'s, when it differs, replaces it', async () => {
  const box = await searchBox();
  box.type('뉴');
  assert.equal(box.status.textContent, '검색을 준비하고 있습니다…');
  assert.equal(box.input.placeholder, '검색 준비 중…');
  const server = asked.at(-1);
  assert.match(server.url, /^\/v1\/search\?q=%EB%89%B4&limit=20&at=2026-07-15T12%3A00%3A00.000Z$/);
  server.respond(answerOf('뉴', ['뉴델리', '뉴욕']));
  await until(() => box.panel.dataset.source === 'server', 'the server\'s answer shown');
  assert.deepEqual(box.shown(), ['뉴델리', '뉴욕']);
  assert.equal(box.status.textContent, '2곳');
  await box.ready();
  await box.worker.answer('setTimelines', undefined);
  const search = await box.worker.answer('search', answerOf('뉴', ['뉴욕', '뉴델리', '뉴캐슬']));
  assert.deepEqual(search.args, ['뉴', 20]);
  await until(() => box.panel.dataset.source === 'engine', 'the engine\'s answer shown');
  assert.deepEqual(box.shown(), ['뉴욕', '뉴델리', '뉴캐슬']);
  assert.equal(box.panel.dataset.query, '뉴');
});

test('the engine\'s answer listing the server\'s places in its order keeps the options and the one highlighted', async () => {
  const box = await searchBox();
  box.type('뉴');
  asked.at(-1).respond(answerOf('뉴', ['뉴욕', '뉴델리']));
  await until(() => box.panel.dataset.source === 'server', 'the server\'s answer shown');
  const options = box.list.children;
  box.input.dispatchEvent(Object.assign(new Event('keydown'), { key: 'ArrowDown', preventDefault() {} }));
  assert.equal(options[1].getAttribute('aria-selected'), 'true');
  await box.ready();
  await box.worker.answer('setTimelines', undefined);
  await box.worker.answer('search', answerOf('뉴', ['뉴욕', '뉴델리']));
  await until(() => box.panel.dataset.source === 'engine', 'the engine\'s answer taken');
  assert.ok(box.list.children.every((option, i) => option === options[i]), 'the options were drawn again');
  assert.equal(box.list.children[1].getAttribute('aria-selected'), 'true');
  assert.equal(box.input.getAttribute('aria-activedescendant'), 'search-option-1');
});

test('a server answer that comes after the engine\'s is never shown', async () => {
  const box = await searchBox();
  box.type('뉴');
  const server = asked.at(-1);
  await box.ready();
  await box.worker.answer('setTimelines', undefined);
  await box.worker.answer('search', answerOf('뉴', ['뉴욕']));
  await until(() => box.panel.dataset.source === 'engine', 'the engine\'s answer shown');
  // search.js marks the server's answer as read before it decides whether to show it.
  const marks = () => performance.getEntriesByName('worldclock:search-answered-by-server').length;
  const read = marks();
  server.respond(answerOf('뉴', ['뉴델리', '뉴캐슬']));
  await until(() => marks() > read, 'the server\'s answer read');
  assert.deepEqual(box.shown(), ['뉴욕']);
  assert.equal(box.panel.dataset.source, 'engine');
});

test('an answer to a query typed over since is dropped; the newest query\'s is shown', async () => {
  const box = await searchBox();
  await box.ready();
  const before = asked.length;
  box.type('뉴');
  box.type('뉴욕');
  // Once the engine is ready the server is not asked.
  assert.equal(asked.length, before);
  await box.worker.answer('setTimelines', undefined);
  // search.js marks each engine answer as in before it decides whether it is still wanted.
  const marks = () => performance.getEntriesByName('worldclock:search-answered').length;
  const answered = marks();
  await box.worker.answer('search', answerOf('뉴', ['뉴델리', '뉴욕']));
  await until(() => marks() > answered, 'the answer to 뉴 in');
  assert.deepEqual(box.shown(), []);
  assert.equal(box.panel.dataset.query, undefined);
  await box.worker.answer('search', answerOf('뉴욕', ['뉴욕']));
  await until(() => box.panel.dataset.query === '뉴욕', 'the answer to 뉴욕 shown');
  assert.deepEqual(box.shown(), ['뉴욕']);
});

test('a refused query is said in Korean, and the list emptied', async () => {
  const box = await searchBox();
  await box.ready();
  box.type('가'.repeat(101));
  await box.worker.answer('setTimelines', undefined);
  await box.worker.answer('search', { query: '', results: [], error: { code: 'query_too_long', message: 'query is too long' } });
  await until(() => box.panel.dataset.source === 'engine', 'the refusal shown');
  assert.equal(box.status.textContent, '검색어가 너무 깁니다(최대 100자)');
  assert.equal(box.list.hidden, true);
  assert.deepEqual(box.shown(), []);
});

test('text in the field as the page is parsed is asked by the page\'s own script, and that answer shown: the server is not asked again', async () => {
  const field = document.getElementById('search-input');
  field.value = '뉴';
  const before = asked.length;
  runPageScript();
  assert.equal(asked.length, before + 1, 'asked as the field was parsed');
  const first = asked.at(-1);
  assert.match(first.url, /^\/v1\/search\?q=%EB%89%B4&limit=20&at=\d{4}-\d\d-\d\dT/);
  const { setUpSearch } = await import(`../../app/search.js?box=${++setUps}`);
  const parts = { input: field, combo: field, panel: new FakeElement('div'), list: new FakeElement('ul'), status: new FakeElement('p') };
  setUpSearch({ ...parts, onChoose: () => {}, now: () => Date.now(), rules: () => null });
  first.respond(answerOf('뉴', ['뉴욕', '뉴델리']));
  await until(() => parts.panel.dataset.source === 'server', 'the first answer shown');
  assert.deepEqual(parts.list.children.map((option) => option.querySelector('.name').textContent), ['뉴욕', '뉴델리']);
  assert.equal(asked.length, before + 1, 'the server asked once');
  assert.equal(globalThis.worldclockSearch.first, null, 'the first answer is taken once');
  field.value = '';
});

test('the page\'s script asks nothing for an empty field, under the page\'s own clock (?now=) or without a server (the export)', () => {
  const field = document.getElementById('search-input');
  const before = asked.length;
  runPageScript();
  field.value = '뉴';
  location.search = '?now=2026-11-01T05:59:59Z';
  runPageScript();
  location.search = '';
  meta['worldclock-search'] = '';
  runPageScript();
  assert.equal(globalThis.worldclockSearch.endpoint, '');
  assert.equal(asked.length, before);
  meta['worldclock-search'] = '/v1/search';
  field.value = '';
  runPageScript();
  assert.equal(globalThis.worldclockSearch.endpoint, '/v1/search');
});
