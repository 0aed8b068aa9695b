import Database from 'better-sqlite3';
const d = new Database(process.argv[2], { readonly: true });
const last = d.prepare('select max(rowid) n from stories').get().n;
for (const size of [8000, 4000]) for (const c of [1, 8, 32, 128]) {
  const clusters = Math.floor(size / c); const step = Math.floor(last / clusters);
  const q = d.prepare(`with recursive k(x) as (select 0 union all select x + 1 from k where x + 1 < ?),
    j(y) as (select 0 union all select y + 1 from j where y + 1 < ?)
    select count(*) listed, sum(case when +completion_status = 'ongoing' and not exists (select 1 from story_tags xt where xt.story_id = stories.id and xt.tag_key in ('found-family')) then 1 else 0 end) passing
    from k cross join j cross join stories on stories.rowid = k.x * ? + j.y + 1
    where visibility = 'public' and rating in ('general','teen')`);
  const times = []; let r;
  for (let i = 0; i < 5; i++) { const t0 = performance.now(); r = q.get(clusters, c, step); times.push(performance.now() - t0); }
  times.sort((a, b) => a - b);
  console.log('size', size, 'cluster', c, JSON.stringify(r), 'median', times[2].toFixed(1), 'ms');
}
