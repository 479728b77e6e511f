// my-clocks.js: my clocks saved, read back, reordered and removed; stored data that does not read
// is kept as it is (never overwritten) until the person chooses.
import { test, beforeEach } from 'node:test';
import assert from 'node:assert/strict';
import { installFakeDOM, FakeElement, FakeStorage } from './fake-dom.js';

const { document } = installFakeDOM();
const { MyClocks } = await import('../../app/my-clocks.js');

const KEY = 'worldclock.my-clocks.v1';
const NEW_YORK = { name: '뉴욕', zone: 'America/New_York', country: '미국', country_code: 'US' };
const LONDON = { name: '런던', zone: 'Europe/London', country: '영국', country_code: 'GB' };
const SEOUL = { name: '서울', zone: 'Asia/Seoul', country: '대한민국', country_code: 'KR' };

/** My clocks over a fresh list, with storage holding `raw` under the key (nothing when undefined). */
function makeClocks(raw) {
  globalThis.localStorage = new FakeStorage(raw === undefined ? {} : { [KEY]: raw });
  const section = new FakeElement('section');
  const list = new FakeElement('ol');
  const empty = new FakeElement('p');
  section.append(empty, list);
  const changes = [];
  const clocks = new MyClocks(list, empty, (name, mine) => changes.push([name, mine]));
  return { clocks, list, empty, section, changes };
}
const saved = () => JSON.parse(localStorage.getItem(KEY));
const names = (list) => list.children.map((card) => card.dataset.name);

beforeEach(() => { document.getElementById('announcer').textContent = ''; });

test('nothing stored: no clocks, the hint shown, and storage readable', () => {
  const { clocks, empty, list } = makeClocks();
  assert.deepEqual(clocks.clocks, []);
  assert.equal(empty.hidden, false);
  assert.equal(list.children.length, 0);
  assert.deepEqual(clocks.storage, { kind: 'readable' });
});

test('added clocks are saved in order, with their country code, a card each; a second add of one is refused', () => {
  const { clocks, list, empty, changes } = makeClocks();
  clocks.add(NEW_YORK);
  clocks.add(LONDON);
  assert.deepEqual(saved(), [NEW_YORK, LONDON]);
  assert.deepEqual(names(list), ['뉴욕', '런던']);
  assert.equal(list.children[1].dataset.zone, 'Europe/London');
  assert.equal(empty.hidden, true);
  assert.deepEqual(changes, [['뉴욕', true], ['런던', true]]);
  clocks.add(NEW_YORK);
  assert.equal(saved().length, 2);
  assert.equal(document.getElementById('announcer').textContent, '뉴욕: 이미 내 시계에 있습니다');
});

test('saved clocks read back in their order; a place without a country code gets an empty one', () => {
  const { clocks, list } = makeClocks(JSON.stringify([LONDON, { name: '뉴욕', zone: 'America/New_York', country: '미국' }]));
  assert.deepEqual(clocks.clocks, [LONDON, { ...NEW_YORK, country_code: '' }]);
  assert.deepEqual(names(list), ['런던', '뉴욕']);
  assert.equal(clocks.has('뉴욕'), true);
  assert.equal(clocks.has('서울'), false);
});

test('moving a clock reorders, saves and says its place; a move past either end does nothing', () => {
  const { clocks, list } = makeClocks(JSON.stringify([NEW_YORK, LONDON, SEOUL]));
  clocks.move('서울', -2);
  assert.deepEqual(saved().map((c) => c.name), ['서울', '뉴욕', '런던']);
  assert.deepEqual(names(list), ['서울', '뉴욕', '런던']);
  assert.equal(document.getElementById('announcer').textContent, '서울, 3개 중 1번째');
  clocks.move('서울', -1);
  clocks.move('런던', 1);
  clocks.move('없는 곳', 1);
  assert.deepEqual(saved().map((c) => c.name), ['서울', '뉴욕', '런던']);
});

test('removing a clock saves the rest and tells the page', () => {
  const { clocks, list, changes } = makeClocks(JSON.stringify([NEW_YORK, LONDON]));
  clocks.remove('뉴욕');
  assert.deepEqual(saved(), [LONDON]);
  assert.deepEqual(names(list), ['런던']);
  assert.deepEqual(changes, [['뉴욕', false]]);
  clocks.toggle(NEW_YORK);
  assert.deepEqual(saved().map((c) => c.name), ['런던', '뉴욕']);
});

test('every change fires clocks-change on the list (the page plans again on it)', () => {
  const { clocks, list } = makeClocks();
  let fired = 0;
  list.addEventListener('clocks-change', () => fired++);
  clocks.add(NEW_YORK);
  clocks.add(LONDON);
  clocks.move('런던', -1);
  clocks.remove('뉴욕');
  assert.equal(fired, 4);
});

for (const [raw, problem, shown] of [
  ['{not json', 'JSON이 아닙니다', []],
  ['{"name":"뉴욕"}', '목록이 아닙니다', []],
  [JSON.stringify([NEW_YORK, { name: '', zone: 'Asia/Seoul' }, { name: '런던' }, null]), '4개 중 3개에 이름이나 시간대가 없습니다', ['뉴욕']],
]) {
  test(`stored ${raw.slice(0, 20)}…: said (${problem}), the readable clocks shown, and the stored value never overwritten`, () => {
    const { clocks, list, section } = makeClocks(raw);
    assert.deepEqual(clocks.storage, { kind: 'unreadable', problem, raw });
    assert.deepEqual(names(list), shown);
    const notice = section.querySelector('.storage-problem');
    assert.ok(notice, 'the notice is on the page');
    assert.match(notice.textContent, new RegExp(problem));
    clocks.add(SEOUL);
    clocks.move('서울', -1);
    assert.equal(localStorage.getItem(KEY), raw);
    assert.deepEqual(names(list).at(0), '서울');
  });
}

test('choosing to replace an unreadable value sets it aside under .unreadable and saves what is shown', () => {
  const raw = JSON.stringify([NEW_YORK, { zone: 'Asia/Seoul' }]);
  const { clocks, section } = makeClocks(raw);
  clocks.replaceUnreadable();
  assert.equal(localStorage.getItem(`${KEY}.unreadable`), raw);
  assert.deepEqual(saved(), [NEW_YORK]);
  assert.deepEqual(clocks.storage, { kind: 'readable' });
  assert.equal(section.querySelector('.storage-problem'), null);
  clocks.add(LONDON);
  assert.deepEqual(saved().map((c) => c.name), ['뉴욕', '런던']);
});

test('storage switched off: no clocks at first, and clocks added last the session without an error', () => {
  globalThis.localStorage = new FakeStorage();
  localStorage.broken = true;
  const list = new FakeElement('ol');
  const clocks = new MyClocks(list, new FakeElement('p'), () => {});
  assert.deepEqual(clocks.storage, { kind: 'readable' });
  clocks.add(NEW_YORK);
  assert.deepEqual(names(list), ['뉴욕']);
});
