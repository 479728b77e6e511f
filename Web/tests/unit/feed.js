// A small /v1/sections body, as `worldclock feed --at 2026-07-15T12:00:00Z` writes it, for three
// places: Seoul (no changes), New York (falls back 2026-11-01, springs forward 2027-03-14) and London.
// A function: each test may change its copy.

export function feed() {
  return {
    at: '2026-07-15T12:00:00Z',
    transitions_until: '2027-07-15T12:00:00Z',
    transitions: {
      'America/New_York': [
        { at: '2026-11-01T06:00:00Z', utc_offset_seconds: -18000, abbreviation: 'EST', dst: false },
        { at: '2027-03-14T07:00:00Z', utc_offset_seconds: -14400, abbreviation: 'EDT', dst: true },
      ],
      'Europe/London': [
        { at: '2026-10-25T01:00:00Z', utc_offset_seconds: 0, abbreviation: 'GMT', dst: false },
        { at: '2027-03-28T01:00:00Z', utc_offset_seconds: 3600, abbreviation: 'BST', dst: true },
      ],
    },
    sections: [
      {
        title: 'ㄴ',
        places: [{
          name: '뉴욕', zone: 'America/New_York', country: '미국', country_code: 'US',
          time: {
            utc_offset_seconds: -14400, abbreviation: 'EDT', dst: true,
            next_transition: { at: '2026-11-01T06:00:00Z', utc_offset_seconds: -18000, abbreviation: 'EST', dst: false },
          },
        }],
      },
      {
        title: 'ㄹ',
        places: [{
          name: '런던', zone: 'Europe/London', country: '영국', country_code: 'GB',
          time: {
            utc_offset_seconds: 3600, abbreviation: 'BST', dst: true,
            next_transition: { at: '2026-10-25T01:00:00Z', utc_offset_seconds: 0, abbreviation: 'GMT', dst: false },
          },
        }],
      },
      {
        title: 'ㅅ',
        places: [{ name: '서울', zone: 'Asia/Seoul', country: '대한민국', country_code: 'KR', time: { utc_offset_seconds: 32400, abbreviation: 'KST', dst: false } }],
      },
    ],
  };
}
