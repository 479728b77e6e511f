// The search box, set up as soon as its field is parsed and its own modules are in: index.html runs
// this as an async module right after the field, so it does not wait for the list's and the
// planner's modules as main.js does (measured on a 2-core machine it still runs within a few
// milliseconds of main.js: both wait for the page's first style and layout). A query typed, or
// restored by the browser, before then is searched at once: by the server's search while the
// page's engine loads (search.js). main.js connects it to the rest of the page (`connectSearch`):
// the feed's rules and my clocks.
import { setUpSearch } from './search.js';
import { pageClock } from './clock.js';

/** @type {{rules: () => import('./clock.js').ZoneRules | null, onChoose: (place: any) => void} | null} */
let page = null;
/** Places chosen before main.js connected (a click in the first few hundred milliseconds). */
const chosen = [];

/** The search box (search.js `setUpSearch`): main.js tells it when the feed's rules are in. */
export const searchBox = setUpSearch({
  input: document.getElementById('search-input'),
  combo: document.getElementById('search-input'),
  panel: document.getElementById('search-panel'),
  list: document.getElementById('search-results'),
  status: document.getElementById('search-status'),
  onChoose: (place) => { if (page) page.onChoose(place); else chosen.push(place); },
  now: () => pageClock.now(),
  rules: () => page?.rules() ?? null,
});

/**
 * Connects the search box to the page: `rules` gives the feed's zone rules (null until the feed is
 * in), `onChoose` adds a chosen place to my clocks.
 */
export function connectSearch({ rules, onChoose }) {
  page = { rules, onChoose };
  for (const place of chosen.splice(0)) onChoose(place);
}
