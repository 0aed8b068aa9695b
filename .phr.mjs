import Database from 'better-sqlite3';
const [file, mode] = process.argv.slice(2);
const d = new Database(file, { readonly: true });
const J = '\uE000';
// rare phrases: 3 words across a sentence end from 300 chapters' text
const rows = d.prepare("select content from chapters where published = 1 order by id limit 300 offset 5000").all();
const WORD = /[\p{L}\p{N}][\p{L}\p{N}\p{M}]*/gu;
const triples = new Map(); const words = new Map();
for (const { content } of rows) for (const p of content.split(/<\/p>/)) {
  const text = p.replace(/<[^>]*>/g, ' ');
  const found = [...text.toLowerCase().matchAll(WORD)];
  for (let i = 0; i + 2 < found.length; i++) {
    const [x, z] = [found[i], found[i + 2]];
    if (/[.!?]/.test(text.slice(x.index + x[0].length, z.index))) { const k = `${found[i][0]} ${found[i+1][0]} ${found[i+2][0]}`; triples.set(k, (triples.get(k) ?? 0) + 1); }
  }
}
const rare = [...triples].sort((a, b) => a[1] - b[1]).slice(0, 20).map(([k]) => k.split(' '));
const q = d.prepare('select rowid from chapter_search_fts where chapter_search_fts match ? order by rowid desc limit 1000');
const times = []; let hits = 0;
for (const ws of rare) {
  let m = `"${ws.join(' ')}"`;
  if (mode === 'pairs') m += ' ' + ws.slice(1).map((w, i) => `"${ws[i]}${J}${w}"`).join(' ');
  const t0 = performance.now(); const r = q.all(m); times.push(performance.now() - t0); hits += r.length;
}
times.sort((a, b) => a - b);
console.log(mode, 'phrases', rare.length, 'hits', hits, 'p50', times[10].toFixed(2), 'max', times.at(-1).toFixed(2), 'ms');
