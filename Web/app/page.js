// The page (main.js starts it): loads the feed, draws the list, the index bar, my clocks and the search box, and
// ticks every second from the page's clock. Query parameters (for tests and links):
// ?now=<ISO 8601> runs the clock from that instant; #meeting?… opens a meeting plan's link (meeting.js); ?from=<zone id> sets the reference zone for
// 오늘/내일 and ±hours (default: the browser's zone by name, its rules from the feed; a zone the
// feed lacks falls back to a zone of the feed, never to the browser's own tz data).
// Offline, the service worker (sw.js) answers with the app and the last feed, whose transitions
// keep the clocks right until its transitions_until; past that, every clock says it may be wrong.
import { fetchSections, fetchZone } from './api.js';
import { pageClock, ZoneRules, formatDate } from './clock.js';
import { PlaceList } from './list.js';
import { IndexBar } from './index-bar.js';
import { loadSearchEngine } from './search.js';
import { serverSearch } from './engine.js';
import { searchBox, connectSearch } from './search-box.js';
import { MyClocks } from './my-clocks.js';
import { MeetingView } from './meeting.js';

const H24_KEY = 'worldclock.24h';
const HOUR = 3_600_000;
/** How often an offline page tries the network again. */
const OFFLINE_RETRY = 30_000;
/** The reference when the wanted zone is not in the feed: Seoul, or else the feed's first zone. */
const FALLBACK_ZONE = 'Asia/Seoul';

const clock = pageClock;
const status = document.getElementById('list-status');
const h24Box = /** @type {HTMLInputElement} */ (document.getElementById('clock-24h'));
let h24 = readFlag(H24_KEY);
h24Box.checked = h24;

/** @type {ZoneRules | null} */
let rules = null;
let digest = null;
let refZone = null;
let refNote = '';
let nextFetch = Infinity;
/** What the status line says: the count and tzdata, offline or not, load errors. */
const state = { count: 0, tzdata: '', offlineSince: null, error: null, stale: false };

const bar = new IndexBar(document.getElementById('index-bar'), document.getElementById('bubble'), (title) => list.scrollTo(title));
const list = new PlaceList(document.getElementById('list'), {
  onToggle: (place) => mine.toggle(place),
  onTopSection: (title) => bar.follow(title),
});
const mine = new MyClocks(document.getElementById('my-clocks'), document.getElementById('my-clocks-empty'),
  (name, isMine) => list.setMine(name, isMine));
// Where a server is behind the page (not the static export, which has no /v1/changes.ics), my
// clocks' changes as a calendar to subscribe to.
if (serverSearch()) {
  mine.calendarLink = document.getElementById('my-clocks-subscribe');
  mine.render();
}
const meeting = new MeetingView({
  section: document.getElementById('meeting'),
  toggle: document.getElementById('meeting-toggle'),
  engine: () => loadSearchEngine(),
  rules: () => rules,
  reference: () => refZone,
  now: () => clock.now(),
  clocks: () => mine.clocks,
  h24: () => h24,
  // The reference zone's place, when it joins the plan: its name and country (working days).
  // By name, else the zone's own city (its English name is the zone id's last part: Asia/Seoul, 서울), else any on the zone.
  placeOf: (zone, name) => {
    if (list.places.get(name)?.zone === zone) return list.places.get(name);
    const on = [...list.places.values()].filter((p) => p.zone === zone);
    const city = zone.slice(zone.lastIndexOf('/') + 1).replace(/_/g, ' ');
    return on.find((p) => p.english === city) ?? on[0];
  },
});
// Added, removed or moved: the plan, the coming changes and the calendar link follow my clocks.
document.getElementById('my-clocks').addEventListener('clocks-change', () => { meeting.refresh(); refreshChanges(); });

/** The reference as a line names it: its city among the feed's places (Asia/Seoul → 서울), else the zone id. */
function referenceName() {
  const on = [...list.places.values()].filter((p) => p.zone === refZone);
  const city = refZone.slice(refZone.lastIndexOf('/') + 1).replace(/_/g, ' ');
  return (on.find((p) => p.english === city) ?? on[0])?.name ?? refZone;
}

/** The minute the coming changes were last asked for; they are asked again each minute. */
let changesMinute = null;
/**
 * The changes coming within four weeks to my clocks or the reference (the engine's
 * ClockChangeNotice, the CLI's words), under the cards; and the calendar of my clocks' changes
 * to subscribe to (webcal:, `/v1/changes.ics`), where a server is behind the page.
 */
async function refreshChanges() {
  if (!rules) return;
  const t = clock.now();
  changesMinute = Math.floor(t / 60_000);
  const clocks = mine.clocks.slice();
  if (mine.calendarLink && clocks.length) {
    const query = new URLSearchParams({ zones: clocks.map((c) => c.name).join(','), from: refZone });
    mine.calendarLink.href = `webcal://${location.host}/v1/changes.ics?${query}`;
  }
  if (!clocks.length) { mine.setChanges([], []); return; }
  try {
    const engine = await loadSearchEngine();
    await engine.setRules(rules, t);
    const answer = await engine.changes({ reference: refZone, referenceName: referenceName(), now: t, places: clocks });
    mine.setChanges(clocks, answer);
  } catch (error) {
    console.warn('changes:', error.message);
  }
}

// The search box is set up already (search-box.js, before the page was first drawn).
connectSearch({ rules: () => rules, onChoose: (place) => mine.add(place) });

h24Box.addEventListener('change', () => {
  h24 = h24Box.checked;
  try { localStorage.setItem(H24_KEY, h24 ? '1' : '0'); } catch { /* this session only */ }
  tick();
  meeting.redraw();
});

// The sticky section headers sit under the page header, whatever its height on this screen.
new ResizeObserver(([entry]) => {
  document.documentElement.style.setProperty('--top-h', `${entry.target.getBoundingClientRect().height}px`);
}).observe(document.getElementById('top'));

/** The reference zone's state at `t`, from the feed's rules (resolveReference always finds one). */
function reference(t) {
  return rules.state(refZone, t) ?? rules.state(rules.zones.keys().next().value, t);
}

/** The zone named by ?from= or the browser's zone name, resolved through the feed; else a zone of the feed. */
async function resolveReference() {
  const wanted = new URLSearchParams(location.search).get('from') ?? Intl.DateTimeFormat().resolvedOptions().timeZone ?? '';
  // Asked once per page: an alias (Asia/Calcutta) is resolved by the server.
  if (rules.has(wanted)) { refZone = wanted; return; }
  if (wanted) {
    try {
      const zone = await fetchZone(wanted);
      if (rules.has(zone.timezone)) { refZone = zone.timezone; return; }
    } catch { /* not a zone of the catalogue, or offline */ }
  }
  refZone = rules.has(FALLBACK_ZONE) ? FALLBACK_ZONE : rules.zones.keys().next().value;
  refNote = `${wanted || '이 기기의 시간대'}를 찾지 못해 ${refZone} 기준`;
}

function showStatus() {
  let text;
  if (clock.error) text = clock.error;
  else if (!rules) text = state.error ? `목록을 불러오지 못했습니다: ${state.error} (${OFFLINE_RETRY / 1000}초 뒤 다시 시도)` : '불러오는 중…';
  else {
    const parts = [`${state.count}곳 · tzdata ${state.tzdata}`];
    if (refNote) parts.push(refNote);
    if (state.stale) parts.push(`⚠ 시간대 정보가 ${formatDate(rules.validUntil)}까지만 있어 시각이 틀릴 수 있습니다. 인터넷에 연결되면 새로 받습니다`);
    else if (state.offlineSince !== null) parts.push(`오프라인: ${formatDate(rules.at)}에 받은 목록으로 계산 (${formatDate(rules.validUntil)}까지 정확)`);
    else if (state.error) parts.push(`새로 받지 못함: ${state.error}`);
    text = parts.join(' · ');
  }
  if (status.textContent !== text) status.textContent = text; // a role=status region: say it once
}

async function load() {
  const { feed, maxAge, offline } = await fetchSections(clock.injected ? clock.now() : null);
  rules = new ZoneRules(feed);
  searchBox.rulesArrived();  // a query typed before the feed was waiting for its rules
  const now = clock.now();
  state.error = null;
  state.offlineSince = offline ? (state.offlineSince ?? now) : null;
  // A feed with the transitions map is right until transitions_until; refetch hourly anyway for a
  // new build's data. A feed without it is right until its first next_transition, or as long as
  // its Cache-Control says. Offline, the network is tried again every half minute.
  nextFetch = offline ? now + OFFLINE_RETRY
    : Math.min(rules.validUntil, now + (feed.transitions ? HOUR : Math.max(maxAge ?? 60, 1) * 1000));
  if (feed.meta.catalogue_digest !== digest) {
    digest = feed.meta.catalogue_digest;
    list.render(feed, (name) => mine.has(name));
    bar.setTitles(feed.index_titles ?? feed.titles, new Set(feed.sections.filter((s) => s.places.length).map((s) => s.title)));
  }
  if (refZone === null) await resolveReference();
  mine.setReference(refZone, referenceName());
  meeting.refresh();
  changesMinute = null;  // new rules: the coming changes are asked for again at the next tick
  state.count = feed.sections.reduce((n, s) => n + s.places.length, 0);
  state.tzdata = feed.meta.tzdata_version;
  showStatus();
}

let ticker = 0;
function tick() {
  clearTimeout(ticker);
  const t = clock.now();
  if (rules) {
    const ref = reference(t);
    // Past the feed's window the zones' changes are unknown: the last known offsets stand, said to be uncertain.
    const stale = t >= rules.validUntil;
    list.tick(rules, t, ref, h24, stale);
    mine.tick(rules, t, ref, h24, stale);
    if (Math.floor(t / 60_000) !== changesMinute) refreshChanges();
    if (stale !== state.stale) { state.stale = stale; showStatus(); }
    if (t >= nextFetch) {
      nextFetch = Infinity;
      load().catch(failed);
    }
  }
  // The next whole second of the page's clock.
  ticker = setTimeout(tick, 1000 - (clock.now() % 1000) + 5);
}

function failed(error) {
  state.error = error.message;
  showStatus();
  nextFetch = clock.now() + OFFLINE_RETRY;
  if (!rules) setTimeout(() => load().then(started, failed), OFFLINE_RETRY);
}

function readFlag(key) {
  try { return localStorage.getItem(key) === '1'; } catch { return false; }
}

/** Once the first feed is in (at once, or on a retry after a failure). */
function started() {
  tick();
  meeting.fromAddress();
  document.documentElement.dataset.ready = 'true';
  performance.mark('worldclock:interactive');
  // The search engine, ready before the first keystroke (a failure is said when one is typed).
  loadSearchEngine().catch(() => {});
}

load().then(started, failed);
performance.mark('worldclock:scripts-set-up');  // Scripts/bench/bench-web-ready: the page's set-up ran to here

// Offline use: the service worker caches this build's app and the last feed (not on a page opened
// from a file, nor where the browser has none). Registered once the page has loaded: on a first
// visit its install fetches every asset again, which must not queue ahead of the page's own
// requests (the feed, the search asked while the engine loads) on the connections they share.
if ('serviceWorker' in navigator && location.protocol !== 'file:') {
  const register = () => navigator.serviceWorker.register('/sw.js', { scope: '/' })
    .catch((error) => console.warn('service worker:', error.message));
  if (document.readyState === 'complete') register();
  else addEventListener('load', register, { once: true });
}
