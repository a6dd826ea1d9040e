import { describe, expect, it } from 'vitest';
import { okList, pagination, statusOf } from './envelope.ts';

describe('pagination', () => {
  it.each([
    ['an empty list', { page: 1, per_page: 20 }, 0, { total_pages: 0 }],
    ['an exact multiple', { page: 1, per_page: 20 }, 40, { total_pages: 2 }],
    ['one over a multiple', { page: 3, per_page: 20 }, 41, { total_pages: 3 }],
    ['per_page 100', { page: 1, per_page: 100 }, 252, { total_pages: 3 }],
    ['per_page 1', { page: 7, per_page: 1 }, 7, { total_pages: 7 }],
    ['a page past the end keeps the true totals', { page: 99, per_page: 20 }, 252, { total_pages: 13 }],
  ])('total_pages = ceil(total_count / per_page) for %s', (_name, page, total, want) => {
    expect(pagination(page, total)).toEqual({ ...page, total_count: total, ...want });
  });

  it('builds the list envelope with status 200 OK', () => {
    expect(okList(['a'], { page: 1, per_page: 20 }, 1)).toEqual({
      status: { code: 200, message: 'OK' },
      data: ['a'],
      pagination: { page: 1, per_page: 20, total_pages: 1, total_count: 1 },
    });
  });
});

describe('statusOf', () => {
  it.each([
    [200, 'OK'],
    [400, 'Bad Request'],
    [401, 'Unauthorized'],
    [403, 'Forbidden'],
    [404, 'Not Found'],
    [405, 'Method Not Allowed'],
    [429, 'Too Many Requests'],
    [500, 'Internal Server Error'],
    [503, 'Service Unavailable'],
  ])('gives the reason phrase of %i', (code, message) => {
    expect(statusOf(code)).toEqual({ code, message });
  });
});
