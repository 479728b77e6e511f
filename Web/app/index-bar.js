// The index on the right edge, as iOS's section index and Android's fast scroller: tap a title to
// jump, press and slide to scrub through the sections (mouse, touch and pen alike through Pointer
// Events with pointer capture), arrow keys as a vertical slider. A title without places jumps to
// the next one that has places (the last one at the end), so it never goes past the list's end.
// The titles are the feed's (`index_titles`: ㄱ…ㅎ, A–Z, # as ICU makes them on the server). When
// the user's text is too large for every title to fit, every k-th title is shown with a dot
// between, as iOS does; the titles without places are the first to go.

export class IndexBar {
  /**
   * @param {HTMLElement} nav the landmark that holds the bar
   * @param {HTMLElement} bubble the big letter shown while scrubbing
   * @param {(title: string) => void} onSelect
   */
  constructor(nav, bubble, onSelect) {
    this.nav = nav;
    this.bubble = bubble;
    this.onSelect = onSelect;
    this.titles = [];
    this.hasPlaces = [];
    /** The titles that have a slot on the bar, in order (all of them, or those with places). */
    this.slots = [];
    this.current = -1;
    this.dragging = false;
    const track = document.createElement('div');
    track.className = 'index-track';
    track.tabIndex = 0;
    track.setAttribute('role', 'slider');
    track.setAttribute('aria-label', '색인: 위아래 화살표로 섹션 이동');
    track.setAttribute('aria-orientation', 'vertical');
    nav.append(track);
    this.track = track;
    new ResizeObserver(() => this.fold()).observe(track);

    track.addEventListener('pointerdown', (event) => {
      if (event.button !== 0) return;
      event.preventDefault();
      track.setPointerCapture(event.pointerId);
      this.dragging = true;
      this.pointed = -1;
      // Read once per drag: a read during the drag would force the layout the last move dirtied.
      this.rect = track.getBoundingClientRect();
      track.classList.add('active');
      this.pointAt(event.clientY);
    });
    track.addEventListener('pointermove', (event) => {
      if (this.dragging) this.pointAt(event.clientY);
    });
    const end = () => {
      if (!this.dragging) return;
      this.dragging = false;
      track.classList.remove('active');
      this.hideBubble();
    };
    track.addEventListener('pointerup', end);
    track.addEventListener('pointercancel', end);
    track.addEventListener('lostpointercapture', end);
    track.addEventListener('keydown', (event) => this.key(event));
    track.addEventListener('blur', () => this.hideBubble(0));
  }

  /** Draws `titles`; `withPlaces` says which have places. */
  setTitles(titles, withPlaces) {
    this.titles = titles;
    this.hasPlaces = titles.map((t) => withPlaces.has(t));
    this.track.replaceChildren(...titles.map((title, i) => {
      const span = document.createElement('span');
      span.className = this.hasPlaces[i] ? 'index-title' : 'index-title empty';
      span.textContent = title;
      span.setAttribute('aria-hidden', 'true');
      return span;
    }));
    this.track.setAttribute('aria-valuemin', '0');
    this.track.setAttribute('aria-valuemax', String(titles.length - 1));
    this.track.style.setProperty('--count', String(titles.length));
    this.current = -1;
    this.folded = 0;
    this.slots = [];
    this.markCurrent(this.titles.findIndex((_, i) => this.hasPlaces[i]));
    this.fold();
  }

  /**
   * Shows every title when each gets a slot of a line of the user's text and at least 24 px (WCAG
   * 2.2's touch target). Else the titles without places go first (they only lead to the next one
   * with places), so a title with places is never hidden while an empty one shows; if those still
   * do not fit, every k-th of them is shown (the last one always) with a dot half way between.
   */
  fold() {
    const spans = [...this.track.children];
    const n = spans.length;
    if (!n) return;
    const height = this.track.clientHeight;
    const slot = Math.max(parseFloat(getComputedStyle(this.track).fontSize) * 1.15, 24);
    const all = [...this.titles.keys()];
    const withPlaces = all.filter((i) => this.hasPlaces[i]);
    const slots = height >= n * slot || withPlaces.length === 0 ? all : withPlaces;
    const m = slots.length;
    const k = height >= m * slot ? 1 : Math.ceil((2 * slot * m) / height);
    if (slots.length === this.slots.length && k === this.folded) return;
    this.slots = slots;
    this.folded = k;
    this.track.classList.toggle('folded', k > 1);
    const position = new Map(slots.map((i, s) => [i, s]));
    spans.forEach((span, i) => {
      const s = position.get(i);
      const shown = s !== undefined && (k === 1 || s % k === 0 || s === m - 1);
      const dot = s !== undefined && !shown && s % k === Math.floor(k / 2) && m - 1 - s >= k / 2;
      span.classList.toggle('collapsed', s === undefined);
      span.classList.toggle('folded', s !== undefined && !shown && !dot);
      span.classList.toggle('dot', dot);
    });
  }

  /** The section with places that `i` stands for: itself, the next with places, or the last. */
  target(i) {
    for (let j = i; j < this.titles.length; j++) if (this.hasPlaces[j]) return j;
    for (let j = i - 1; j >= 0; j--) if (this.hasPlaces[j]) return j;
    return -1;
  }

  /** Scrubbing: the title under the pointer's y (clamped to the bar). */
  pointAt(y) {
    const rect = this.rect;
    const m = this.slots.length;
    const i = this.slots[Math.min(m - 1, Math.max(0, Math.floor(((y - rect.top) / rect.height) * m)))];
    if (i === this.pointed) return;
    this.pointed = i;
    this.go(i);
    this.showBubble(this.titles[i]);
  }

  /** Jumps to title `i`'s section: the list scrolls first (it reads the layout), then this bar's marks change. */
  go(i) {
    const j = this.target(i);
    if (j < 0) return;
    this.onSelect(this.titles[j]);
    this.markCurrent(j);
  }

  key(event) {
    const n = this.titles.length;
    // The first title with places from `from` in direction `dir`, or -1.
    const seek = (from, dir) => {
      for (let j = from; j >= 0 && j < n; j += dir) if (this.hasPlaces[j]) return j;
      return -1;
    };
    const down = () => seek(this.current + 1, 1);
    const up = () => seek(this.current - 1, -1);
    const moves = {
      ArrowDown: down, ArrowRight: down, ArrowUp: up, ArrowLeft: up,
      PageDown: () => { const j = seek(Math.min(n - 1, this.current + 5), 1); return j >= 0 ? j : seek(n - 1, -1); },
      PageUp: () => { const j = seek(Math.max(0, this.current - 5), -1); return j >= 0 ? j : seek(0, 1); },
      Home: () => seek(0, 1), End: () => seek(n - 1, -1),
      Enter: () => this.current, ' ': () => this.current,
    };
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    const j = move();
    if (j < 0) return;
    this.showBubble(this.titles[j]);
    this.hideBubble();
    this.go(j);
  }

  /** Follows the list: the section now at the top (no bubble, no scrolling). */
  follow(title) {
    if (this.dragging) return;
    const i = this.titles.indexOf(title);
    if (i >= 0) this.markCurrent(i);
  }

  markCurrent(i) {
    if (i === this.current || i < 0) return;
    this.track.children[this.current]?.classList.remove('current');
    this.current = i;
    this.track.children[i]?.classList.add('current');
    this.track.setAttribute('aria-valuenow', String(i));
    this.track.setAttribute('aria-valuetext', `${this.titles[i]} 섹션`);
  }

  showBubble(title) {
    clearTimeout(this.hideTimer);
    this.bubble.textContent = title;
    this.bubble.hidden = false;
  }

  hideBubble(delay = 400) {
    clearTimeout(this.hideTimer);
    this.hideTimer = setTimeout(() => { this.bubble.hidden = true; }, delay);
  }
}
