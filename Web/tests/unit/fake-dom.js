// The least of a browser the app's modules need to run in Node: elements that hold children, text,
// attributes and listeners (EventTarget, Node's own), a document that makes them, localStorage, and
// the page's location. No layout and no HTML parser: an element whose `innerHTML` is set answers
// `querySelector` with a stub of its own per selector (the app only reads and writes those parts).
// Installed before the app's modules are imported (they read `document` when first run).

import { readFileSync } from 'node:fs';

/** One simple selector of the kinds the app uses: `tag`, `.class`, `#id`, `tag.class`, `[attr]`, `[attr=value]`. */
function matches(element, selector) {
  const compound = selector.trim().split(/\s+/).at(-1);
  const parts = compound.match(/^([a-z][a-z0-9-]*)?((?:[.#][\w-]+)*)((?:\[[^\]]+\])*)$/i);
  if (!parts) throw new Error(`fake DOM: selector ${selector} is not one it knows`);
  const [, tag, rest, attributes] = parts;
  if (tag && element.tagName !== tag.toUpperCase()) return false;
  for (const [, kind, name] of rest.matchAll(/([.#])([\w-]+)/g)) {
    if (kind === '.' && !element.classList.contains(name)) return false;
    if (kind === '#' && element.id !== name) return false;
  }
  for (const [, name, value] of attributes.matchAll(/\[([\w-]+)(?:=["']?([^"'\]]*)["']?)?\]/g)) {
    const actual = name.startsWith('data-') ? element.dataset[name.slice(5).replace(/-(\w)/g, (_, c) => c.toUpperCase())] : element.getAttribute(name);
    if (actual === undefined || actual === null || (value !== undefined && actual !== value)) return false;
  }
  return true;
}

export class FakeElement extends EventTarget {
  constructor(tag = 'div') {
    super();
    this.tagName = tag.toUpperCase();
    /** @type {(FakeElement | string)[]} */
    this.childNodes = [];
    this.parentElement = null;
    this.dataset = {};
    this.attributes = new Map();
    this.hidden = false;
    this.className = '';
    this.id = '';
    this.value = '';
    this.placeholder = '';
    this.checked = false;
    this.options = [];
    /** Stubs standing for what an `innerHTML` made, by selector. */
    this.stubs = null;
    this.focused = false;
  }

  get children() { return this.childNodes.filter((node) => typeof node !== 'string'); }

  get textContent() { return this.childNodes.map((node) => (typeof node === 'string' ? node : node.textContent)).join(''); }

  set textContent(text) { this.replaceChildren(...(text === '' ? [] : [String(text)])); }

  set innerHTML(html) {
    this.replaceChildren();
    this.html = html;
    this.stubs = new Map();
  }

  get classList() {
    const names = () => this.className.split(/\s+/).filter(Boolean);
    return {
      contains: (name) => names().includes(name),
      add: (...added) => { this.className = [...new Set([...names(), ...added])].join(' '); },
      remove: (...removed) => { this.className = names().filter((n) => !removed.includes(n)).join(' '); },
      toggle: (name, on = !names().includes(name)) => {
        if (on) this.classList.add(name); else this.classList.remove(name);
        return on;
      },
    };
  }

  setAttribute(name, value) { this.attributes.set(name, String(value)); }
  getAttribute(name) { return this.attributes.get(name) ?? null; }
  removeAttribute(name) { this.attributes.delete(name); }

  /** Adds nodes, strings and fragments (their children) at the end. */
  append(...nodes) {
    for (const node of nodes) {
      if (typeof node === 'string') { this.childNodes.push(node); continue; }
      const added = node.tagName === '#FRAGMENT' ? node.childNodes.splice(0) : [node];
      for (const child of added) {
        if (typeof child !== 'string') { child.remove(); child.parentElement = this; }
        this.childNodes.push(child);
      }
    }
  }

  replaceChildren(...nodes) {
    for (const child of this.children) child.parentElement = null;
    this.childNodes = [];
    this.append(...nodes);
  }

  remove() {
    if (!this.parentElement) return;
    this.parentElement.childNodes = this.parentElement.childNodes.filter((node) => node !== this);
    this.parentElement = null;
  }

  /** Puts `node` before this element in its parent (or nowhere, for an element not in one). */
  before(node) {
    const parent = this.parentElement;
    if (!parent) return;
    node.remove();
    node.parentElement = parent;
    parent.childNodes.splice(parent.childNodes.indexOf(this), 0, node);
  }

  /** Every element below this one, in document order. */
  *descendants() {
    for (const child of this.children) {
      yield child;
      yield* child.descendants();
    }
  }

  querySelector(selector) {
    for (const element of this.descendants()) if (matches(element, selector)) return element;
    if (!this.stubs) return null;
    if (!this.stubs.has(selector)) {
      const stub = new FakeElement('span');
      stub.parentElement = this;
      this.stubs.set(selector, stub);
    }
    return this.stubs.get(selector);
  }

  querySelectorAll(selector) { return [...this.descendants()].filter((element) => matches(element, selector)); }

  closest(selector) {
    for (let element = this; element; element = element.parentElement) if (matches(element, selector)) return element;
    return null;
  }

  /** A table's rows and a row's cells, as HTMLTableElement and HTMLTableRowElement give them. */
  get rows() { return [...this.descendants()].filter((element) => element.tagName === 'TR'); }
  get cells() { return this.children.filter((element) => element.tagName === 'TD' || element.tagName === 'TH'); }

  focus() { this.focused = true; }
  scrollIntoView() {}
  getBoundingClientRect() { return { top: 0, height: 0, left: 0, width: 0 }; }
}

/** A localStorage over a Map; `broken` makes every call throw, as a browser with storage off does. */
export class FakeStorage {
  constructor(entries = {}) {
    this.items = new Map(Object.entries(entries));
    this.broken = false;
  }

  check() { if (this.broken) throw new Error('SecurityError: storage is off'); }
  getItem(key) { this.check(); return this.items.has(key) ? this.items.get(key) : null; }
  setItem(key, value) { this.check(); this.items.set(key, String(value)); }
  removeItem(key) { this.check(); this.items.delete(key); }
}

/**
 * Installs the fake browser on `globalThis`: `document` (its elements by id made on first ask, and
 * `meta` answers for `querySelector('meta[name="…"]')`), `window`, `location`, `history`,
 * `localStorage`, `requestAnimationFrame` (at once).
 * @param {{meta?: Record<string, string>}} options
 */
export function installFakeDOM({ meta = {} } = {}) {
  const byId = new Map();
  const document = {
    readyState: 'complete',
    getElementById(id) {
      if (!byId.has(id)) {
        const element = new FakeElement();
        element.id = id;
        byId.set(id, element);
      }
      return byId.get(id);
    },
    querySelector(selector) {
      const name = selector.match(/^meta\[name="([^"]+)"\]$/)?.[1];
      return name !== undefined && name in meta ? { content: meta[name] } : null;
    },
    createElement: (tag) => new FakeElement(tag),
    createDocumentFragment: () => new FakeElement('#fragment'),
  };
  const storage = new FakeStorage();
  Object.assign(globalThis, {
    document,
    window: new EventTarget(),
    location: { search: '', hash: '', pathname: '/', protocol: 'http:' },
    history: { replaceState() {} },
    localStorage: storage,
    requestAnimationFrame: (callback) => { callback(0); return 0; },
  });
  return { document, storage };
}

/**
 * Runs index.html's one inline script (beside the search field: it sets `worldclockSearch`, the
 * server's search, and asks it for text already in the field), as the page runs it before its
 * modules: over the fake `document` and `fetch` installed before.
 */
export function runPageScript() {
  const page = readFileSync(new URL('../../app/index.html', import.meta.url), 'utf8');
  const scripts = [...page.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)];
  if (scripts.length !== 1) throw new Error(`index.html has ${scripts.length} inline scripts, not 1`);
  new Function(scripts[0][1])();
}

/**
 * Lets the event loop run until `condition()` holds (promises settled, callbacks run), for at most
 * `turns` turns: a test waits on what the code does, never on the clock.
 */
export async function until(condition, what, turns = 200) {
  for (let turn = 0; turn < turns; turn++) {
    if (condition()) return;
    await new Promise((resolve) => setImmediate(resolve));
  }
  throw new Error(`never happened: ${what}`);
}
