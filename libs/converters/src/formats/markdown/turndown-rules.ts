import type TurndownService from 'turndown';

/** The slice of the DOM node turndown hands to rules that these rules use. */
interface RuleNode {
  nodeName: string;
  parentNode: RuleNode | null;
  children: ArrayLike<RuleNode>;
  childNodes: ArrayLike<RuleNode>;
  nextSibling: RuleNode | null;
  getAttribute(name: string): string | null;
}

const asNode = (node: unknown) => node as RuleNode;

/**
 * Rules that make turndown write GitHub-flavoured markdown the way we want it:
 * "- item" and "1. item" with continuation lines indented to the text (turndown's
 * default is "-   item"), and GFM pipe tables with every `|` in a cell escaped.
 */
export function addGfmRules(service: TurndownService): void {
  service.addRule('listItem', {
    filter: 'li',
    replacement(content, element, options) {
      const node = asNode(element);
      const parent = node.parentNode;
      let marker = `${options.bulletListMarker} `;
      if (parent?.nodeName === 'OL') {
        const start = Number(parent.getAttribute('start') ?? '1');
        marker = `${start + Array.prototype.indexOf.call(parent.children, node)}. `;
      }
      const body = indentedItem(content, ' '.repeat(marker.length));
      return marker + body + (node.nextSibling && !body.endsWith('\n') ? '\n' : '');
    },
  });

  service.addRule('tableCell', {
    filter: ['th', 'td'],
    replacement(content, element) {
      const node = asNode(element);
      const first = node.parentNode ? Array.prototype.indexOf.call(node.parentNode.childNodes, node) === 0 : true;
      const text = content.replace(/\s+/g, ' ').trim().replace(/\|/g, '\\|');
      return `${first ? '|' : ''} ${text} |`;
    },
  });

  service.addRule('tableRow', {
    filter: 'tr',
    replacement(content, element) {
      const node = asNode(element);
      if (node.parentNode?.nodeName !== 'THEAD') return `\n${content}`;
      const divider = Array.from(node.childNodes, () => ' --- |').join('');
      return `\n${content}\n|${divider}`;
    },
  });

  service.addRule('tableSection', { filter: ['thead', 'tbody', 'tfoot'], replacement: (content) => content });
  service.addRule('table', { filter: 'table', replacement: (content) => `\n\n${content.trim()}\n\n` });
}

/**
 * A list item's content as its lines go under the marker: leading newlines dropped,
 * trailing ones cut to one, every line after the first indented by `pad`, and no line
 * ending in spaces. One pass over the lines: an item nested 64 deep is indented at every
 * level, and the regular expressions and the line array this took each time were most
 * of the conversion of such a list.
 */
export function indentedItem(content: string, pad: string): string {
  let start = 0;
  while (start < content.length && content.charCodeAt(start) === 10) start++;
  let end = content.length;
  while (end > start && content.charCodeAt(end - 1) === 10) end--;
  // Content that ended in newlines keeps one.
  const trailing = end < content.length ? '\n' : '';
  let out = '';
  for (let at = start; at <= end;) {
    let next = content.indexOf('\n', at);
    if (next < 0 || next > end) next = end;
    let stop = next;
    while (stop > at && content.charCodeAt(stop - 1) === 32) stop--;
    if (at > start) out += '\n';
    // A line of spaces only, indented or not, ends up empty.
    if (stop > at) out += (at > start ? pad : '') + content.slice(at, stop);
    at = next + 1;
  }
  return out + trailing;
}
