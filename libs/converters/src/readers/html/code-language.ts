import type { HTMLElement } from 'node-html-parser';
import { childElements, tagOf } from './html-dom';

/** Class names that carry a code block's language, as highlighters write them. */
const LANGUAGE_CLASS = /^(?:language|lang|highlight-source|highlight-text)-([\w+#.-]+)$/;

/**
 * The language of a <pre> block, from (first match wins):
 * - `data-lang` / `data-language` on <pre> or its <code> (Hugo, Docusaurus, many CMSs);
 * - `language-js` (CommonMark, highlight.js, Prism) or `lang-js` on <pre> or <code>;
 * - the same classes, or GitHub's `highlight-source-js`, on the wrapping <div>s
 *   (Jekyll/rouge puts `language-ruby` two levels up);
 * - pandoc's `<pre class="sourceCode js">`.
 */
export function codeLanguage(pre: HTMLElement): string | undefined {
  const inner = [pre, ...childElements(pre, 'code')];
  for (const element of inner) {
    const value = element.getAttribute('data-lang') ?? element.getAttribute('data-language');
    if (value?.trim()) return value.trim().toLowerCase();
  }
  const wrappers = [pre.parentNode, pre.parentNode?.parentNode].filter((node): node is HTMLElement => !!node && tagOf(node) === 'div');
  for (const element of [...inner, ...wrappers]) {
    for (const name of element.classList.value) {
      const match = LANGUAGE_CLASS.exec(name);
      if (match) return match[1].toLowerCase();
    }
  }
  if (pre.classList.contains('sourceCode')) return pre.classList.value.find((name) => name !== 'sourceCode');
  return undefined;
}
