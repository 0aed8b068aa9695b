const { createDb } = await import('./apps/api/dist/db/index.js');
const { migrateToLatest } = await import('./apps/api/dist/db/migrate.js');
const db = createDb({ kind: 'sqlite', file: process.argv[2] });
const t0 = performance.now();
await migrateToLatest(db);
console.log('migrated in', ((performance.now() - t0) / 1000).toFixed(1), 's');
await db.close();
