// The search box, set up before the page is first drawn: index.html loads this module early in
// its head and marks it render-blocking, so that it runs once the page is parsed and its own few
// modules are in, without waiting for the list's and the planner's modules (page.js). A query
// typed, or restored by the browser, before then is searched at once: by the server's search
// while the page's engine loads (search.js); main.js runs page.js once that answer is on the page
// (engine.js `serverAnswersOnPage`). Run as an async module after the first style and layout
// instead, it ran about 70 ms after its modules were in on a first visit
// (Scripts/bench/bench-web-ready, 2 cores). page.js connects it to the rest of the page
// (`connectSearch`): the feed's rules and my clocks.
import { setUpSearch } from './search.js';
import { pageClock } from './clock.js';

/** @type {{rules: () => import('./clock.js').ZoneRules | null, onChoose: (place: any) => void} | null} */
let page = null;
/** Places chosen before page.js connected (a click in the first few hundred milliseconds). */
const chosen = [];

/** The search box (search.js `setUpSearch`): page.js tells it when the feed's rules are in. */
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
