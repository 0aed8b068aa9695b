import Database from 'better-sqlite3';
const d = new Database(process.argv[2]);
const ids = d.prepare('select doc_id from chapter_search order by doc_id limit 5 offset 3000').all();
const stmt = d.prepare('delete from chapter_search_fts where rowid in (select id from chapter_search_fts_docsize where id >= ? and id < ?)');
console.log(d.prepare('explain query plan delete from chapter_search_fts where rowid in (select id from chapter_search_fts_docsize where id >= ? and id < ?)').all(1,2).map(r=>r.detail));
for (const { doc_id } of ids) {
  const t0 = performance.now();
  const r = stmt.run(doc_id * 65536, (doc_id + 1) * 65536);
  console.log('deleted', r.changes, (performance.now() - t0).toFixed(2), 'ms');
}
