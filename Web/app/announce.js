// One polite live region for what a screen reader should hear once (added, removed, moved):
// never the ticking clocks.
const region = document.getElementById('announcer');

export function announce(text) {
  region.textContent = '';
  // A change after an empty frame is announced even when the text repeats.
  requestAnimationFrame(() => { region.textContent = text; });
}
