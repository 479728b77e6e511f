// The engine (search-engine.js) on a thread of its own: instantiating it, building its index
// (about 300 ms) and every search and plan run here, never on the page's main thread. engine.js
// sends the module compiled, then one message per call, answered in order.
import { SearchEngine } from './search-engine.js';

/** @type {SearchEngine | null} */
let engine = null;

onmessage = async ({ data: { id, method, args } }) => {
  try {
    let result;
    if (method === 'load') {
      engine = await SearchEngine.load(args[0]);
      // The page's timeline cannot see this thread's: its two figures go back with the answer.
      const last = (name) => performance.getEntriesByName(name).at(-1)?.duration ?? null;
      result = { instantiate: last('worldclock:search-engine-instantiate'), prepare: last('worldclock:search-engine-prepare') };
    } else {
      result = engine[method](...args);
    }
    postMessage({ id, result });
  } catch (error) {
    postMessage({ id, error: error?.message ?? String(error) });
  }
};
