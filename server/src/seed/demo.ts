import type { Db } from '../db/client';

/** Demo data: filled in by the basic-data module work. */
export async function seedDemo(_db: Db): Promise<void> {}
