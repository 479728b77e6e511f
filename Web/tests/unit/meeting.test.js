// meeting.js: what the planner's view asks the engine for (places, reference, day), how it reads a
// plan's link, and what it says of the plan the engine answers.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { installFakeDOM, FakeElement, FakeStorage } from './fake-dom.js';
import { feed } from './feed.js';

installFakeDOM();
const { ZoneRules } = await import('../../app/clock.js');
const { MeetingView } = await import('../../app/meeting.js');

/** 2026-07-15T03:00Z: noon on Wednesday 15 July in Seoul, the reference. */
const NOW = Date.parse('2026-07-15T03:00:00Z');
const NEW_YORK = { name: '뉴욕', zone: 'America/New_York', country_code: 'US' };
const LONDON = { name: '런던', zone: 'Europe/London', country_code: 'GB' };
const PLACES = { 'Asia/Seoul': { name: '서울', country_code: 'KR' }, 'America/New_York': NEW_YORK, 'Europe/London': LONDON };

/** A two-slot plan for 서울 and 뉴욕 at 20:00 and 20:30 in Seoul, both outside working hours. */
const PLAN = {
  fits_everyone: false,
  best: [0],
  places: [{ working_days: [1, 2, 3, 4, 5] }, { working_days: [1, 2, 3, 4, 5] }],
  slots: ['20:00', '20:30'].map((time, i) => ({
    start: new Date(Date.parse('2026-07-15T11:00:00Z') + i * 1800_000).toISOString().replace('.000', ''),
    reference_local: `2026-07-15T${time}:00+09:00`,
    past: false,
    times: [
      { local: `2026-07-15T${time}:00+09:00`, band: 'waking', working_day: true, day_difference: 0, weekday: 3, minutes_outside: 120 + i * 30, abbreviation: 'KST' },
      { local: `2026-07-15T07:${i ? '30' : '00'}:00-04:00`, band: 'waking', working_day: true, day_difference: 0, weekday: 3, minutes_outside: 120 - i * 30, abbreviation: 'EDT' },
    ],
  })),
};

/**
 * The view over a section whose parts are stubs, my clocks `clocks`, the fixture's rules and an
 * engine that answers `answer` (or throws it) and keeps what it was asked.
 */
function makeView({ clocks = [NEW_YORK], answer = PLAN, stored = {} } = {}) {
  globalThis.localStorage = new FakeStorage(stored);
  // Each view listens for hashchange: a window of its own.
  globalThis.window = new EventTarget();
  const section = new FakeElement('section');
  section.innerHTML = '<form>…</form>';
  section.hidden = true;
  section.querySelector('#meeting-length').options = [{ value: '1800' }, { value: '3600' }];
  section.querySelector('#meeting-length').value = '3600';
  const asked = [];
  const engine = {
    setRules: async () => {},
    // MeetingRequest's limits, as the module gives them (wc_plan_limits).
    planLimits: async () => ({ places: [1, 20], days: [1, 31], length_seconds: [300, 86400], steps_seconds: [900, 1800, 3600], slots: [1, 20], weeks: [1, 104] }),
    plan: async (request) => {
      asked.push(request);
      if (answer instanceof Error) throw answer;
      return answer;
    },
  };
  const rules = new ZoneRules(feed());
  const view = new MeetingView({
    section, toggle: new FakeElement('button'), engine: async () => engine, rules: () => rules, reference: () => 'Asia/Seoul',
    now: () => NOW, clocks: () => clocks, h24: () => false, placeOf: (zone) => PLACES[zone],
  });
  const part = (id) => section.querySelector('#' + id);
  return { view, asked, part };
}

test('the reference zone takes part, first, named from the list; places the feed lacks are left out', () => {
  const { view } = makeView({ clocks: [NEW_YORK, { name: '아틀란티스', zone: 'Nowhere/Atlantis' }, LONDON] });
  const request = view.request();
  assert.deepEqual(request.places.map((p) => `${p.name}@${p.zone}`), ['서울@Asia/Seoul', '뉴욕@America/New_York', '런던@Europe/London']);
  assert.equal(request.places[0].country_code, 'KR');
  assert.equal(request.reference, 'Asia/Seoul');
  // Today is the reference's date (15 July in Seoul), and the date field is bounded by the feed's window.
  assert.equal(request.day, Date.parse('2026-07-15') / 86_400_000);
  assert.equal(view.date.value, '2026-07-15');
  assert.equal(view.date.min, '2026-07-15');
  assert.equal(view.date.max, '2027-07-13');
  assert.equal(request.length, 3600);
  assert.equal(request.pastLink, null);
});

test('a clock on the reference zone stands for it: no second row for the reference', () => {
  const { view } = makeView({ clocks: [NEW_YORK, { name: '부산', zone: 'Asia/Seoul', country_code: 'KR' }] });
  assert.deepEqual(view.request().places.map((p) => p.name), ['뉴욕', '부산']);
});

test('at most 20 places are planned (the engine\'s limit), the reference among them', async () => {
  const many = Array.from({ length: 25 }, (_, i) => ({ name: `뉴욕 ${i}`, zone: 'America/New_York', country_code: 'US' }));
  // (A refusal keeps the two-place fixture plan off these 20 rows: only the request is looked at.)
  const { view, asked } = makeView({ clocks: many, answer: { error: { message: 'not drawn here' } } });
  view.open(false);
  await view.refresh();
  const places = asked[0].places;
  assert.equal(places.length, 20);
  assert.equal(places[0].name, '서울');
  assert.equal(places[19].name, '뉴욕 18');
});

test('a date chosen before today or past the feed\'s window is planned as today', () => {
  const { view } = makeView();
  // Chosen in the field (its change event sets this); unchosen, the planner picks the day.
  assert.equal(view.request().planned, true);
  view.dateChosen = true;
  assert.equal(view.request().planned, false);
  for (const date of ['2026-07-14', '2028-01-01', 'not a date']) {
    view.date.value = date;
    assert.equal(view.request().day, Date.parse('2026-07-15') / 86_400_000, date);
  }
  view.date.value = '2026-07-20';
  assert.equal(view.request().day, Date.parse('2026-07-20') / 86_400_000);
});

test('hours and days set for one of my clocks are kept in storage and sent with it', () => {
  const stored = { 'worldclock.meeting.v1': JSON.stringify({ '뉴욕@America/New_York': { hours: [600, 1140], days: 31 } }) };
  const { view } = makeView({ stored });
  const newYork = view.request().places.find((p) => p.name === '뉴욕');
  assert.deepEqual(newYork.hours, [600, 1140]);
  assert.equal(newYork.days, 31);
  // Stored settings that do not read are no settings.
  const broken = makeView({ stored: { 'worldclock.meeting.v1': '[1, 2' } }).view.request();
  assert.equal(broken.places.find((p) => p.name === '뉴욕').hours, undefined);
});

test('a plan\'s link gives its places with their hours and days, its reference, date and length; bad parts are dropped', () => {
  // The view opens and plans: this engine's refusal keeps the plan off the page.
  const { view } = makeView({ answer: { error: { message: 'not planned here' } } });
  location.hash = '#meeting?date=2026-07-20&length=1800&ref=Europe/London&at=1784541600'
    + '&place=' + encodeURIComponent('팀@본사@Asia/Seoul;540-1020;31')
    + '&place=' + encodeURIComponent('뉴욕@America/New_York;1020-540')
    + '&place=nowhere';
  view.fromAddress();
  location.hash = '';
  assert.deepEqual(view.shared.places, [
    { name: '팀@본사', zone: 'Asia/Seoul', hours: [540, 1020], days: 31 },
    { name: '뉴욕', zone: 'America/New_York' },
  ]);
  assert.equal(view.shared.reference, 'Europe/London');
  assert.equal(view.chosenStart, 1784541600);
  assert.equal(view.length.value, '1800');
  const request = view.request();
  assert.deepEqual(request.places.map((p) => p.name), ['런던', '팀@본사', '뉴욕']);
  assert.equal(request.day, Date.parse('2026-07-20') / 86_400_000);
});

test('a link whose date has passed is said and offered on that weekday\'s next date, never planned silently', async () => {
  const { view, asked, part } = makeView();
  // Monday 13 July 2026, two days before today.
  location.hash = '#meeting?date=2026-07-13&place=' + encodeURIComponent('뉴욕@America/New_York');
  view.fromAddress();
  location.hash = '';
  await view.refresh();
  assert.deepEqual(asked, []);
  assert.equal(part('meeting-body').hidden, true);
  assert.equal(part('meeting-status').textContent, '이 링크의 날짜 7월 13일 (월)는 지났습니다.');
  assert.equal(part('meeting-offer').textContent, '같은 계획을 다음 월요일 7월 20일 (월)에 보기');
});

test('the engine is asked for the places with their working hours and country, and its plan is said in the CLI\'s words', async () => {
  const { view, asked, part } = makeView();
  view.open(false);
  await view.refresh();
  assert.equal(asked.length, 1);
  const [request] = asked;
  assert.equal(request.reference, 'Asia/Seoul');
  assert.equal(request.firstDay, Date.parse('2026-07-15') / 86_400_000);
  assert.equal(request.planned, true);
  assert.equal(request.step, 1800);
  assert.equal(request.now, NOW / 1000);
  assert.deepEqual(request.places, [
    { name: '서울', zone: 'Asia/Seoul', hours: [540, 1080], days: 'KR' },
    { name: '뉴욕', zone: 'America/New_York', hours: [540, 1080], days: 'US' },
  ]);
  assert.equal(part('meeting-body').hidden, false);
  assert.equal(part('meeting-status').textContent, '2곳 · 7월 15일 (수) · 1시간 회의 · 기준 서울');
  assert.equal(part('meeting-best').children[0].textContent,
    '7월 15일 (수) 오후 8:00 서울 = 오전 7:00 뉴욕 · 업무 시간 밖: 서울 2시간, 뉴욕 2시간');
  assert.equal(part('meeting-readout-title').textContent, '7월 15일 (수) 오후 8:00 서울 시작');
  // The link reopens the same plan: the date, the length, the reference, the chosen start, the places.
  const link = new URLSearchParams(part('meeting-link').href.split('#meeting?')[1]);
  assert.equal(link.get('date'), '2026-07-15');
  assert.equal(link.get('length'), '3600');
  assert.equal(link.get('ref'), 'Asia/Seoul');
  assert.equal(link.get('at'), String(Date.parse('2026-07-15T11:00:00Z') / 1000));
  assert.deepEqual(link.getAll('place'), ['서울@Asia/Seoul', '뉴욕@America/New_York']);
});

test('a plan the engine made for another day than today (the reference\'s day off) says so, in the CLI\'s words', async () => {
  const moved = { ...PLAN, slots: PLAN.slots.map((slot) => ({ ...slot, reference_local: slot.reference_local.replace('07-15', '07-16') })) };
  const { view, part } = makeView({ answer: moved });
  view.open(false);
  await view.refresh();
  assert.equal(view.date.value, '2026-07-16');
  assert.equal(part('meeting-status').textContent, '2곳 · 7월 16일 (목) · 1시간 회의 · 기준 서울. 오늘(7월 15일 (수))은 서울의 쉬는 날이라 '
    + '다음 일하는 날인 7월 16일 (목)의 회의 시간을 찾습니다. 오늘로 하려면 날짜를 고릅니다');
});

test('the slider\'s slot is kept when the plan is made again', async () => {
  const { view, part } = makeView();
  view.open(false);
  await view.refresh();
  view.choose(1);
  assert.equal(part('meeting-readout-title').textContent, '7월 15일 (수) 오후 8:30 서울 시작');
  await view.refresh();
  assert.equal(view.slider.value, '1');
  assert.equal(view.chosenStart, Date.parse('2026-07-15T11:30:00Z') / 1000);
});

test('an engine that refuses the plan is said, with its message', async () => {
  const { view, part } = makeView({ answer: { error: { code: 'too_many_places', message: 'at most 20 places' } } });
  view.open(false);
  await view.refresh();
  assert.equal(part('meeting-body').hidden, true);
  assert.equal(part('meeting-status').textContent, '계획을 세우지 못했습니다: at most 20 places');
});

test('without my clocks the view says how to begin and asks the engine nothing', async () => {
  const { view, asked, part } = makeView({ clocks: [] });
  view.open(false);
  await view.refresh();
  assert.deepEqual(asked, []);
  assert.match(part('meeting-status').textContent, /내 시계에 도시를 추가하면/);
});
