import { loadCorpus } from './bench/third-party/corpus-index';
import { convertWithDocformat } from './bench/third-party/tools';
(async () => {
  for (const entry of loadCorpus().filter((e) => process.argv.slice(2).some((a) => e.truth.file.includes(a)))) {
    const out = await convertWithDocformat(entry);
    console.log('=====', entry.truth.file);
    for (const t of entry.truth.tables ?? []) console.log('TRUTH p' + t.page, t.rows.length + 'x' + t.rows[0]?.length, JSON.stringify(t.rows.slice(0, 8).map((r) => r.map((c) => c.text.slice(0, 18)))));
    if (out.ok) for (const t of out.value.tables) console.log('PRED  p' + t.page, t.rows.length + 'x' + t.rows[0]?.length, JSON.stringify(t.rows.slice(0, 8).map((r) => r.map((c) => c.text.slice(0, 18)))));
  }
})();
