import type TurndownService from 'turndown';
import type { Block } from '../../document';
import { renderHtml } from './render-html';
import { addGfmRules } from './turndown-rules';

let service: TurndownService | undefined;

/** turndown and its DOM (domino) load on first use: the API never renders. */
function turndown(): TurndownService {
  if (!service) {
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded lazily, see above
    const Turndown = require('turndown') as typeof import('turndown');
    service = new Turndown({
      headingStyle: 'atx',
      hr: '---',
      bulletListMarker: '-',
      codeBlockStyle: 'fenced',
      fence: '```',
      emDelimiter: '*',
      strongDelimiter: '**',
      linkStyle: 'inlined',
    });
    addGfmRules(service);
    // turndown leaves "<" alone, but "<tag" in text would reach a markdown renderer as raw HTML.
    const escapeMarkdown = service.escape.bind(service);
    service.escape = (text: string) => escapeMarkdown(text).replace(/<(?=[A-Za-z/!?])/g, '\\<');
  }
  return service;
}

/** IR → GitHub-flavoured markdown, by way of semantic HTML and turndown. */
export function renderMarkdown(blocks: readonly Block[]): string {
  const markdown = turndown().turndown(renderHtml(blocks)).trim();
  return markdown === '' ? '' : `${markdown}\n`;
}
