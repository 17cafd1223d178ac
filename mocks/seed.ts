import type { Store } from '../server/store';
import { DEMO_PROFILE, type GeneratedData, generateData } from './generate';

// Three months of plausible records for demo mode, relative to `today` so the dashboard and
// "this week" always have something to show.

function demoData(today: string, seed = 7): GeneratedData {
  return generateData(DEMO_PROFILE, { today, span: { days: 92 }, seed });
}

/** Writes the demo data for one user into a store (the memory store in demo mode). */
export async function seedStore(store: Store, userId: string, today: string, seed?: number) {
  const data = demoData(today, seed);
  for (const [key, records] of Object.entries(data) as [keyof GeneratedData, { id: string }[]][]) {
    const target = store[key] as { create(user: string, record: unknown): Promise<unknown> };
    for (const record of records) await target.create(userId, record);
  }
}
