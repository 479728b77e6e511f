// The page: loads the feed, draws the list, the index bar, my clocks and the search box, and
// ticks every second from the page's clock. Query parameters (for tests and links):
// ?now=<ISO 8601> runs the clock from that instant; ?from=<zone id> sets the reference zone for
// 오늘/내일 and ±hours (default: the browser's zone, whose rules still come from the feed).
import { fetchSections, fetchZone } from './api.js';
import { makeClock, ZoneRules } from './clock.js';
import { PlaceList } from './list.js';
import { IndexBar, indexTitles } from './index-bar.js';
import { setUpSearch } from './search.js';
import { MyClocks } from './my-clocks.js';

const H24_KEY = 'worldclock.24h';
const HOUR = 3_600_000;

const clock = makeClock();
const status = document.getElementById('list-status');
const h24Box = /** @type {HTMLInputElement} */ (document.getElementById('clock-24h'));
let h24 = readFlag(H24_KEY);
h24Box.checked = h24;

/** @type {ZoneRules | null} */
let rules = null;
let digest = null;
let refZone = null;
let nextFetch = Infinity;

const bar = new IndexBar(document.getElementById('index-bar'), document.getElementById('bubble'), (title) => list.scrollTo(title));
const list = new PlaceList(document.getElementById('list'), {
  onToggle: (place) => mine.toggle(place),
  onTopSection: (title) => bar.follow(title),
});
const mine = new MyClocks(document.getElementById('my-clocks'), document.getElementById('my-clocks-empty'),
  (name, isMine) => list.setMine(name, isMine));

setUpSearch({
  input: document.getElementById('search-input'),
  panel: document.getElementById('search-panel'),
  list: document.getElementById('search-results'),
  status: document.getElementById('search-status'),
  onChoose: (place) => mine.add(place),
});

h24Box.addEventListener('change', () => {
  h24 = h24Box.checked;
  try { localStorage.setItem(H24_KEY, h24 ? '1' : '0'); } catch { /* this session only */ }
  tick();
});

// The sticky section headers sit under the page header, whatever its height on this screen.
new ResizeObserver(([entry]) => {
  document.documentElement.style.setProperty('--top-h', `${entry.target.getBoundingClientRect().height}px`);
}).observe(document.getElementById('top'));

/** The reference zone's state now: the browser's zone looked up in the feed (aliases resolved by the server). */
function reference(t) {
  return (refZone ? rules.state(refZone, t) : null) ?? { offset: -new Date(t).getTimezoneOffset() * 60 };
}

async function resolveReference() {
  const wanted = new URLSearchParams(location.search).get('from') ?? Intl.DateTimeFormat().resolvedOptions().timeZone ?? '';
  // Asked once per page: an unknown zone stays unknown ('' = the browser's own offset).
  refZone = rules.has(wanted) ? wanted : '';
  if (!wanted || refZone) return;
  try {
    const zone = await fetchZone(wanted);
    if (rules.has(zone.timezone)) refZone = zone.timezone;
  } catch { /* not a zone of the catalogue: the browser's own offset stands in */ }
}

async function load() {
  const { feed, maxAge } = await fetchSections(clock.injected ? clock.now() : null);
  rules = new ZoneRules(feed);
  const now = clock.now();
  // A feed with the transitions map is right until transitions_until; refetch hourly anyway for a
  // new build's data. A feed without it is right until its first next_transition, or as long as
  // its Cache-Control says.
  nextFetch = Math.min(rules.validUntil, now + (feed.transitions ? HOUR : Math.max(maxAge ?? 60, 1) * 1000));
  if (feed.meta.catalogue_digest !== digest) {
    digest = feed.meta.catalogue_digest;
    list.render(feed, (name) => mine.has(name));
    bar.setTitles(indexTitles(feed.titles), new Set(feed.sections.filter((s) => s.places.length).map((s) => s.title)));
  }
  if (refZone === null) await resolveReference();
  const count = feed.sections.reduce((n, s) => n + s.places.length, 0);
  const text = clock.error ?? `${count}곳 · tzdata ${feed.meta.tzdata_version}`;
  if (status.textContent !== text) status.textContent = text; // a role=status region: say it once
}

let ticker = 0;
function tick() {
  clearTimeout(ticker);
  const t = clock.now();
  if (rules) {
    const ref = reference(t);
    list.tick(rules, t, ref, h24);
    mine.tick(rules, t, ref, h24);
    if (t >= nextFetch) {
      nextFetch = Infinity;
      load().catch(failed);
    }
  }
  // The next whole second of the page's clock.
  ticker = setTimeout(tick, 1000 - (clock.now() % 1000) + 5);
}

function failed(error) {
  status.textContent = `목록을 불러오지 못했습니다: ${error.message} (10초 뒤 다시 시도)`;
  nextFetch = clock.now() + 10_000;
  if (!rules) setTimeout(() => load().then(tick, failed), 10_000);
}

function readFlag(key) {
  try { return localStorage.getItem(key) === '1'; } catch { return false; }
}

load().then(() => {
  tick();
  document.documentElement.dataset.ready = 'true';
  performance.mark('worldclock:interactive');
}, failed);
