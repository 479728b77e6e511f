// Runs the web app's engine (Web/app/search.wasm.base64, written by
// Scripts/dev/build-wasm) in Node, as the page runs it (search-engine.js): for the tests that compare
// its search and its meeting plans with the CLI's, and for looking at an answer by hand.
//
//   node Scripts/dev/wasm-engine.mjs search TIMELINES INSTANT QUERIES [LIMIT]
//   node Scripts/dev/wasm-engine.mjs plan TIMELINES REQUESTS
//   node Scripts/dev/wasm-engine.mjs limits
//
// TIMELINES: a line per zone, `ZONE TAB START,OFFSET,ABBREVIATION,DST;…` (what the page takes from the
// feed's rules: periods by start, in seconds since 1970); INSTANT: the instant searches are for, in
// seconds; QUERIES: a query per line; REQUESTS: a plan request per line, as JSON (search-engine.js's
// `plan`). Prints one JSON answer per query or request, a line each.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SearchEngine } from '../../Web/app/search-engine.js';

const [mode, timelinesPath, ...rest] = process.argv.slice(2);
const usage = 'usage: node Scripts/dev/wasm-engine.mjs search TIMELINES INSTANT QUERIES [LIMIT] | plan TIMELINES REQUESTS | limits';
if (mode !== 'limits' && (!['search', 'plan'].includes(mode) || !timelinesPath || rest.length < (mode === 'search' ? 2 : 1))) {
  console.error(usage);
  process.exit(2);
}
const web = join(dirname(fileURLToPath(import.meta.url)), '../../Web/app');
// WORLDCLOCK_WASM: another module's base64 (Scripts/bench/bench-search compares an earlier commit's).
const module = Buffer.from(readFileSync(process.env.WORLDCLOCK_WASM ?? join(web, 'search.wasm.base64'), 'ascii'), 'base64');
const engine = await SearchEngine.load(module);
if (mode === 'limits') {
  process.stdout.write(JSON.stringify(engine.planLimits()) + '\n');
  process.exit(0);
}
const timelines = new Map();
for (const line of readFileSync(timelinesPath, 'utf8').split('\n')) {
  if (!line) continue;
  const [zone, periods] = line.split('\t');
  timelines.set(zone, periods.split(';').map((period) => {
    const [start, offset, abbreviation, dst] = period.split(',');
    return { start: Number(start), offset: Number(offset), abbreviation, dst: dst === '1' };
  }));
}
const lines = (path) => readFileSync(path, 'utf8').split('\n').filter((line) => line);
const out = [];
if (mode === 'search') {
  const [instant, queriesPath, limit = '20'] = rest;
  engine.setTimelines(timelines, Number(instant) * 1000);
  for (const query of lines(queriesPath)) out.push(JSON.stringify(engine.search(query, Number(limit))));
} else {
  engine.setTimelines(timelines, 0);
  for (const request of lines(rest[0])) out.push(JSON.stringify(engine.plan(JSON.parse(request))));
}
process.stdout.write(out.join('\n') + '\n');
