// The feed's HTTP API, same origin. Errors carry the server's message ({"error": {code, message}}).

export class FeedRequestError extends Error {
  constructor(status, code, message) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

async function getJSON(url, init) {
  const response = await fetch(url, { headers: { Accept: 'application/json' }, ...init });
  if (!response.ok) {
    let code = 'http_' + response.status;
    let message = `${url}: HTTP ${response.status}`;
    try {
      const body = await response.json();
      if (body?.error) ({ code, message } = body.error);
    } catch { /* not JSON: keep the status line */ }
    throw new FeedRequestError(response.status, code, message);
  }
  return { body: await response.json(), response };
}

/** `max-age` of a Cache-Control header, in seconds, or null. */
export function maxAge(header) {
  const match = /(?:^|,)\s*max-age=(\d+)/i.exec(header ?? '');
  return match ? Number(match[1]) : null;
}

/**
 * Every section with its places and times, and the zones' transitions ahead.
 * @param {number | null} at an instant (ms) for `?at=`, or null for now
 */
export async function fetchSections(at = null) {
  const url = at === null ? '/v1/sections' : '/v1/sections?at=' + encodeURIComponent(new Date(at).toISOString());
  const started = performance.now();
  const { body, response } = await getJSON(url);
  performance.measure('worldclock:/v1/sections', { start: started, end: performance.now() });
  // The service worker marks the last feed it kept when the network failed.
  return { feed: body, maxAge: maxAge(response.headers.get('Cache-Control')), offline: response.headers.get('X-Worldclock-Feed') === 'offline' };
}

/** One zone (WorldTimeAPI style); `timezone` is the canonical id of an alias. */
export async function fetchZone(id) {
  return (await getJSON('/v1/zones/' + id.split('/').map(encodeURIComponent).join('/'))).body;
}
