// Runs queries through the web app's search engine (Sources/WorldClockServer/Web/search.wasm.base64,
// written by Scripts/build-wasm) in Node, as the page runs it (search-engine.js): for the test that
// compares it with the CLI's search, and for looking at an answer by hand.
//
//   node Scripts/wasm-search.mjs ZONE-FACTS QUERIES [LIMIT]
//
// ZONE-FACTS: a line per zone, `ZONE TAB OFFSET-SECONDS TAB ABBREVIATION,…` (what the page takes
// from the feed's rules); QUERIES: a query per line. Prints one JSON answer per query, a line each.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SearchEngine } from '../Sources/WorldClockServer/Web/search-engine.js';

const [factsPath, queriesPath, limit = '20'] = process.argv.slice(2);
if (!factsPath || !queriesPath) {
  console.error('usage: node Scripts/wasm-search.mjs ZONE-FACTS QUERIES [LIMIT]');
  process.exit(2);
}
const web = join(dirname(fileURLToPath(import.meta.url)), '../Sources/WorldClockServer/Web');
const module = Buffer.from(readFileSync(join(web, 'search.wasm.base64'), 'ascii'), 'base64');
const engine = await SearchEngine.load(module);
const zones = new Map();
for (const line of readFileSync(factsPath, 'utf8').split('\n')) {
  if (!line) continue;
  const [zone, offset, abbreviations] = line.split('\t');
  zones.set(zone, { offset: Number(offset), abbreviations: abbreviations ? abbreviations.split(',') : [] });
}
engine.setZones(zones);
const out = [];
for (const query of readFileSync(queriesPath, 'utf8').split('\n')) {
  if (query) out.push(JSON.stringify(engine.search(query, Number(limit))));
}
process.stdout.write(out.join('\n') + '\n');
