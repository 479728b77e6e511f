// The engine (search-engine.js) on a thread of its own: instantiating it, building its index
// (about 300 ms) and every search and plan run here, never on the page's main thread. engine.js
// sends the module compiled, then one message per call, answered in order.
import { SearchEngine } from './search-engine.js';

/** @type {SearchEngine | null} */
let engine = null;
/** Instants on the page's clock too (ms since the epoch): when this thread began, got the module, had it ready. */
const epoch = () => performance.timeOrigin + performance.now();
const began = epoch();

// One message at a time, in the order sent: the page sends its first search and the rules
// without waiting for the engine, and they must wait here for the module's load to finish.
let queue = Promise.resolve();
onmessage = ({ data }) => { queue = queue.then(() => answer(data)); };

async function answer({ id, method, args }) {
  try {
    let result;
    if (method === 'load') {
      const received = epoch();
      engine = await SearchEngine.load(args[0]);
      // The page's timeline cannot see this thread's: its two figures go back with the answer.
      const last = (name) => performance.getEntriesByName(name).at(-1)?.duration ?? null;
      result = {
        instantiate: last('worldclock:search-engine-instantiate'), prepare: last('worldclock:search-engine-prepare'),
        began, received, ready: epoch(),
      };
    } else {
      result = engine[method](...args);
    }
    postMessage({ id, result });
  } catch (error) {
    postMessage({ id, error: error?.message ?? String(error) });
  }
}
