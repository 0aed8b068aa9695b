const { createDb } = await import('./apps/api/dist/db/index.js');
const f = await import('./apps/api/dist/modules/discovery/filters.js');
const db = createDb({ kind: 'sqlite', file: process.argv[2] });
const sets = [
  { tags: ['found-family'] }, { exclude_tags: ['found-family'] }, { exclude_tags: ['found-family', 'drama'] },
  { status: 'completed', words_min: 1000, words_max: 3000 },
  { status: 'ongoing', language: 'English', tags: ['drama'], exclude_tags: ['mystery'], words_min: 500 },
];
for (const filters of sets) {
  const params = { ratings: ['general', 'teen'], filters };
  const times = [];
  let s;
  for (let i = 0; i < 5; i++) { const t0 = performance.now(); s = await f.sampleFiltered(db.kysely, 'sqlite', params, 8000, 1); times.push(performance.now() - t0); }
  const t0 = performance.now(); const exact = await f.countFiltered(db.kysely, 'sqlite', params); const te = performance.now() - t0;
  console.log(JSON.stringify(filters), 'sample', JSON.stringify(s), 'ms', times.map(t => t.toFixed(1)).join(' '), '| exact', exact, te.toFixed(0), 'ms');
}
await db.close();
