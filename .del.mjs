import Database from 'better-sqlite3';
const d = new Database(process.argv[2]);
const ids = d.prepare('select doc_id from chapter_search order by doc_id limit 5 offset 1000').all();
for (const { doc_id } of ids) {
  const t0 = performance.now();
  const r = d.prepare('delete from chapter_search_fts where rowid >= ? and rowid < ?').run(doc_id * 65536, (doc_id + 1) * 65536);
  console.log('delete', doc_id, r.changes, (performance.now() - t0).toFixed(2), 'ms');
}
console.log(d.prepare("explain query plan delete from chapter_search_fts where rowid >= 1 and rowid < 5").all());
