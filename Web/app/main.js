// The page's entry point: sets the rest of the page up (page.js: the feed, the list, my clocks, the
// planner) once the search box (search-box.js, set up before the page was first drawn) has shown
// the answer to text typed before now. Text typed before the page's scripts ran (a fast typist, a
// form the browser restored) is asked of the server at once, and its answer comes first: page.js
// and its modules are in (index.html preloads them) but not yet run, or after a quarter of a second.
// Measured on a 2-core machine (Scripts/bench/bench-web-ready), the page set up alongside held that
// answer back by tens of milliseconds: the main thread took it only between the set-up's tasks
// (running the modules, V8 caching their code, the views).
import './search-box.js';  // set up first: it asks the server for text typed before now
import { serverAnswersOnPage } from './engine.js';

/** The longest the page's set-up waits for the answer to text typed before it (`serverAnswersOnPage`). */
const FIRST_ANSWER_WAIT_MS = 250;

// For Scripts/bench/bench-web-ready: when the page's scripts start, after their modules are fetched.
performance.mark('worldclock:scripts');

await serverAnswersOnPage(FIRST_ANSWER_WAIT_MS);
await import('./page.js');
