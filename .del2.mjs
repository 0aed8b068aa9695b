import Database from 'better-sqlite3';
const d = new Database(process.argv[2]);
const ids = d.prepare('select doc_id from chapter_search order by doc_id limit 5 offset 2000').all();
for (const { doc_id } of ids) {
  let t0 = performance.now();
  const s = d.prepare('select rowid from chapter_search_fts where rowid >= ? and rowid < ?').all(doc_id * 65536, (doc_id + 1) * 65536);
  const sel = performance.now() - t0;
  t0 = performance.now();
  for (const { rowid } of s) d.prepare('delete from chapter_search_fts where rowid = ?').run(rowid);
  console.log('select', s.length, sel.toFixed(2), 'ms; delete each by rowid', (performance.now() - t0).toFixed(2), 'ms');
}
console.log(d.prepare("select * from chapter_search_fts_config").all());
