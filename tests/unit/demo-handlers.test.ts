import { describe, expect, it } from 'vitest';
import { API_REQUEST } from '../../mocks/handlers';

describe('demo mode answers only API calls', () => {
  it.each([
    ['http://127.0.0.1:5173/api/accounts', true],
    ['http://127.0.0.1:5173/api/assets/history', true],
    ['http://localhost:3000/health', true],
    ['http://localhost:3000/health?x=1', true],
    // The dev server's own modules, which must reach Vite untouched.
    ['http://127.0.0.1:5173/src/api/workouts.ts', false],
    ['http://127.0.0.1:5173/src/api/health.ts', false],
    ['http://127.0.0.1:5173/assets/index-abc.js', false],
    ['http://127.0.0.1:5173/healthy', false],
  ])('%s → %s', (url, matched) => {
    expect(API_REQUEST.test(url)).toBe(matched);
  });
});
