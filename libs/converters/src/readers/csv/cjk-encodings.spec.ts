import { convertText } from '../../testing/convert-text';
import { fixture } from '../../testing/fixtures';

/** Encoding fixtures (fixtures/encodings/make.sh): the same content in legacy encodings, no charset anywhere. */
const convert = (name: string, mimeType: string) =>
  convertText({ bytes: fixture(`encodings/${name}`), contentType: mimeType, fileName: name, formats: ['markdown', 'text'], maxPages: 1 });

describe('legacy CJK encodings without a charset', () => {
  it.each([
    [
      'shift-jis-names.csv',
      '| 名前 | 年齢 | 都市 |\n| --- | --- | --- |\n| 山田太郎 | 34 | 東京 |\n| 佐藤花子 | 28 | 大阪 |\n| 鈴木一郎 | 45 | 名古屋 |\n| 高橋美咲 | 22 | 札幌 |\n',
    ],
    [
      'euc-jp-names.csv',
      '| 名前 | 年齢 | 都市 |\n| --- | --- | --- |\n| 山田太郎 | 34 | 東京 |\n| 佐藤花子 | 28 | 大阪 |\n| 鈴木一郎 | 45 | 名古屋 |\n| 高橋美咲 | 22 | 札幌 |\n',
    ],
    [
      'gbk-names.csv',
      '| 姓名 | 年龄 | 城市 |\n| --- | --- | --- |\n| 王伟 | 34 | 北京 |\n| 李娜 | 28 | 上海 |\n| 张敏 | 45 | 广州 |\n| 刘洋 | 22 | 深圳 |\n',
    ],
    [
      'big5-names.csv',
      '| 姓名 | 年齡 | 城市 |\n| --- | --- | --- |\n| 陳大文 | 34 | 臺北 |\n| 林美玲 | 28 | 高雄 |\n| 黃志明 | 45 | 臺中 |\n| 張雅婷 | 22 | 新竹 |\n',
    ],
  ])('decodes the CSV %s', async (name, markdown) => {
    expect((await convert(name, 'text/csv')).outputs['markdown']).toBe(markdown);
  });

  it.each([
    ['shift-jis.txt', '東京の天気は晴れです。明日は雨が降るでしょう。\n\n週末には桜を見に行きます。\n'],
    ['euc-jp.txt', '東京の天気は晴れです。明日は雨が降るでしょう。\n\n週末には桜を見に行きます。\n'],
    ['gbk.txt', '今天北京的天气很好。我们下午去公园散步。\n\n明天可能会下雨。\n'],
    ['big5.txt', '今天臺北的天氣很好。我們下午去公園散步。\n\n明天可能會下雨。\n'],
  ])('decodes the text file %s', async (name, text) => {
    expect((await convert(name, 'text/plain')).outputs['text']).toBe(text);
  });

  it('still reads Western text as windows-1252, short files included', async () => {
    expect((await convert('windows-1252-names.csv', 'text/csv')).outputs['markdown']).toBe(
      '| Name | Stadt | Preis |\n| --- | --- | --- |\n| Müller | Zürich | €5 |\n| François | Besançon | “günstig” |\n| José | Málaga | 12 € |\n',
    );
    expect((await convert('windows-1252-short.csv', 'text/csv')).outputs['text']).toBe('Zürich\tKöln\n');
    expect((await convert('windows-1252.txt', 'text/plain')).outputs['text']).toBe(
      'Café au lait – 3,50 €.\n\nGrüße aus Köln, “schön” hier.\n',
    );
  });
});
