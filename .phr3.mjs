import Database from 'better-sqlite3';
const [file] = process.argv.slice(2);
const d = new Database(file, { readonly: true });
const J = '\uE000';
const rows = d.prepare("select content from chapters where published = 1 order by id limit 300 offset 5000").all();
const WORD = /[\p{L}\p{N}][\p{L}\p{N}\p{M}]*/gu;
const triples = new Map();
for (const { content } of rows) for (const p of content.split(/<\/p>/)) {
  const text = p.replace(/<[^>]*>/g, ' ');
  const found = [...text.toLowerCase().matchAll(WORD)];
  for (let i = 0; i + 2 < found.length; i++) {
    const [x, z] = [found[i], found[i + 2]];
    if (/[.!?]/.test(text.slice(x.index + x[0].length, z.index))) { const k = `${found[i][0]} ${found[i+1][0]} ${found[i+2][0]}`; triples.set(k, (triples.get(k) ?? 0) + 1); }
  }
}
const rare = [...triples].sort((a, b) => a[1] - b[1]).slice(0, 20).map(([k]) => k.split(' '));
console.log('phrases e.g.', rare.slice(0, 3).map(w => w.join(' ')).join(' | '));
const variants = {
  'words (before)': (ws) => `"${ws.join(' ')}"`,
  'pairs (after)': (ws) => `"${ws.slice(1).map((w, i) => `${ws[i]}${J}${w}`).join(' ')}"`,
};
const q = d.prepare(`select rowid from chapter_search_fts where chapter_search_fts match ? order by rowid desc limit 1000`);
for (const [name, f] of Object.entries(variants)) {
  const times = []; let hits = 0;
  for (let rep = 0; rep < 3; rep++) for (const ws of rare) { const t0 = performance.now(); hits += q.all(f(ws)).length; times.push(performance.now() - t0); }
  times.sort((a, b) => a - b);
  console.log(name.padEnd(16), 'paragraphs found', hits / 3, 'p50', times[30].toFixed(2), 'p90', times[54].toFixed(2), 'max', times.at(-1).toFixed(2), 'ms');
}
