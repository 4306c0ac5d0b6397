import { describe, expect, it } from 'vitest';
import { uuidv7 } from '../src/lib/uuid';

describe('a version 7 UUID', () => {
  it('carries the time in milliseconds first, the version 7 and the RFC variant', () => {
    const at = Date.UTC(2026, 11, 7, 12, 0, 0, 123);
    const id = uuidv7(at);
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(Number.parseInt(id.replace(/-/g, '').slice(0, 12), 16)).toBe(at);
  });

  it('sorts later ids after earlier ones, and ids of one moment apart', () => {
    const ids = [1_000, 1_001, 256 ** 5, 2 ** 47 + 5].map((at) => uuidv7(at));
    expect([...ids].sort()).toEqual(ids);
    const sameMoment = new Set(Array.from({ length: 1000 }, () => uuidv7(42)));
    expect(sameMoment.size).toBe(1000);
  });
});
