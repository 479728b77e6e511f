// clock.js: the periods of the feed's rules bisected, and the time, day and hours a row shows.
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ZoneRules, describe, makeClock, hourDifference, utcOffset, relativeDay, formatTime, wallClock } from '../../app/clock.js';
import { feed } from './feed.js';

const seconds = (iso) => Date.parse(iso) / 1000;
/** New York's fall back in the fixture's window: EDT until 2026-11-01T06:00:00Z, EST from it. */
const fallBack = seconds('2026-11-01T06:00:00Z');

test('a zone\'s timeline starts at the feed\'s instant, then one period per transition of the window, in order', () => {
  const rules = new ZoneRules(feed());
  assert.deepEqual(rules.timelines().get('America/New_York'), [
    { start: seconds('2026-07-15T12:00:00Z'), offset: -14400, abbreviation: 'EDT', dst: true },
    { start: fallBack, offset: -18000, abbreviation: 'EST', dst: false },
    { start: seconds('2027-03-14T07:00:00Z'), offset: -14400, abbreviation: 'EDT', dst: true },
  ]);
  assert.equal(rules.validUntil, Date.parse('2027-07-15T12:00:00Z'));
});

test('state bisects the periods: a second before a transition is the old period, at it the new one', () => {
  const rules = new ZoneRules(feed());
  assert.equal(rules.state('America/New_York', (fallBack - 1) * 1000).abbreviation, 'EDT');
  assert.equal(rules.state('America/New_York', fallBack * 1000).abbreviation, 'EST');
  // Milliseconds inside the transition's second belong to it.
  assert.equal(rules.state('America/New_York', fallBack * 1000 + 999).offset, -18000);
  assert.equal(rules.state('America/New_York', Date.parse('2027-03-14T07:00:00Z')).abbreviation, 'EDT');
  assert.equal(rules.state('America/New_York', Date.parse('2027-03-14T06:59:59Z')).abbreviation, 'EST');
});

test('before the feed\'s instant the first period holds; a zone the feed lacks has no state', () => {
  const rules = new ZoneRules(feed());
  assert.equal(rules.state('America/New_York', Date.parse('2020-01-01T00:00:00Z')).abbreviation, 'EDT');
  assert.equal(rules.state('Nowhere/Atlantis', Date.parse('2026-07-15T12:00:00Z')), null);
  assert.equal(rules.has('Nowhere/Atlantis'), false);
});

test('a feed without the transitions map is known until the first next_transition of any zone, and no further', () => {
  const old = feed();
  delete old.transitions;
  delete old.transitions_until;
  const rules = new ZoneRules(old);
  assert.equal(rules.timelines().get('America/New_York').length, 2);
  // London falls back a week before New York: the rules hold until then.
  assert.equal(rules.validUntil, Date.parse('2026-10-25T01:00:00Z') + 1);
  assert.equal(rules.state('America/New_York', Date.parse('2027-06-01T00:00:00Z')).abbreviation, 'EST');
});

test('transitions listed before the feed\'s instant are left out', () => {
  const early = feed();
  early.transitions['America/New_York'].unshift({ at: '2026-03-08T07:00:00Z', utc_offset_seconds: -14400, abbreviation: 'EDT', dst: true });
  assert.equal(new ZoneRules(early).timelines().get('America/New_York').length, 3);
});

test('a row says the time, the day and the hours against the reference, in the CLI\'s words', () => {
  const rules = new ZoneRules(feed());
  const seoul = rules.state('Asia/Seoul', Date.parse('2026-07-15T12:00:00Z'));
  // 2026-07-15T12:00Z: 21:00 in Seoul, 08:00 the same day in New York (EDT, 13 hours behind).
  assert.deepEqual(describe(rules, 'America/New_York', Date.parse('2026-07-15T12:00:00Z'), seoul, false), {
    time: '오전 8:00', seconds: ':00', day: '오늘', hours: '\u221213시간', abbreviation: 'EDT', offset: 'UTC\u22124',
  });
  // 16:30Z: 01:30 the next day in Seoul, still the 15th in New York: 어제 from Seoul.
  const late = Date.parse('2026-07-15T16:30:05Z');
  const shown = describe(rules, 'America/New_York', late, rules.state('Asia/Seoul', late), true);
  assert.equal(shown.time, '12:30');
  assert.equal(shown.seconds, ':05');
  assert.equal(shown.day, '어제');
  // After the fall back New York is 14 hours behind, and EST.
  const winter = Date.parse('2026-12-01T00:00:00Z');
  const december = describe(rules, 'America/New_York', winter, rules.state('Asia/Seoul', winter), false);
  assert.equal(december.hours, '\u221214시간');
  assert.equal(december.abbreviation, 'EST');
  assert.equal(describe(rules, 'Nowhere/Atlantis', winter, seoul, false), null);
});

test('the wording: half hours, 45 minutes, noon and midnight, the same time, days further off', () => {
  assert.equal(hourDifference(5.75 * 3600), '+5시간 45분');
  assert.equal(hourDifference(-1800), '\u221230분');
  assert.equal(hourDifference(59), '같은 시각');
  assert.equal(utcOffset(20700), 'UTC+5:45');
  assert.equal(utcOffset(-9000), 'UTC\u22122:30');
  assert.equal(utcOffset(0), 'UTC+0');
  assert.equal(formatTime(wallClock(Date.parse('2026-07-15T12:00:00Z'), 0), false), '오후 12:00');
  assert.equal(formatTime(wallClock(Date.parse('2026-07-15T00:05:00Z'), 0), false), '오전 12:05');
  assert.equal(formatTime(wallClock(Date.parse('2026-07-15T00:05:00Z'), 0), true), '00:05');
  assert.deepEqual([-3, -2, -1, 0, 1, 2, 3].map(relativeDay), ['그저께', '그저께', '어제', '오늘', '내일', '모레', '모레']);
});

test('?now= starts the page\'s clock at that instant; text that is no instant is said and real time kept', () => {
  const injected = makeClock('?now=2026-11-01T05:59:59Z');
  assert.equal(injected.injected, true);
  assert.equal(injected.error, null);
  // It runs on from there: within a minute of the instant given, whatever today is.
  assert.ok(Math.abs(injected.now() - Date.parse('2026-11-01T05:59:59Z')) < 60_000);
  const bad = makeClock('?now=yesterday');
  assert.equal(bad.injected, false);
  assert.match(bad.error, /\?now=yesterday: ISO 8601 시각이 아닙니다/);
  assert.ok(Math.abs(bad.now() - Date.now()) < 60_000);
  assert.equal(makeClock('').injected, false);
});

/** The Korean wording defined once for the CLI and the page (KoreanWordingTests holds the Swift side to it). */
const wording = JSON.parse(readFileSync(new URL('../../../Tests/Fixtures/korean-wording.json', import.meta.url), 'utf8'));

test('every case of Tests/Fixtures/korean-wording.json reads as the CLI words it', () => {
  for (const x of wording.hour_difference) assert.equal(hourDifference(x.seconds), x.text, `${x.seconds} s`);
  for (const x of wording.relative_day) assert.equal(relativeDay(x.days), x.text, `${x.days} days`);
  for (const x of wording.utc_offset) assert.equal(utcOffset(x.seconds), x.text, `${x.seconds} s`);
  for (const x of wording.time) {
    assert.equal(formatTime({ hour: x.hour, minute: x.minute }, false), x.twelve_hour);
    assert.equal(formatTime({ hour: x.hour, minute: x.minute }, true), x.twenty_four_hour);
  }
  for (const x of wording.relative) {
    const rules = { state: () => ({ offset: x.offset, abbreviation: '', dst: false }) };
    const shown = describe(rules, 'Test/Zone', Date.parse(x.utc), { offset: x.reference_offset }, false);
    assert.deepEqual([shown.day, shown.hours], [x.day, x.hours], x.about);
  }
});
