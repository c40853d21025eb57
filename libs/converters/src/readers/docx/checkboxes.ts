import type { HTMLElement } from 'node-html-parser';

/**
 * Checkboxes (content controls with `w14:checkbox`, legacy FORMCHECKBOX fields) come
 * from mammoth as `<input type="checkbox">`, which the HTML reader drops with its
 * state. They become the task-list notation `[x]` / `[ ]` in front of their text,
 * which reads the same in markdown and in plain text.
 */
export function markCheckboxes(root: HTMLElement): void {
  for (const input of root.querySelectorAll('input')) {
    if ((input.getAttribute('type') ?? '').toLowerCase() !== 'checkbox') continue;
    const label = input.hasAttribute('checked') ? '[x]' : '[ ]';
    // mammoth puts the box where its glyph was; a following label usually starts with its own space.
    const next = input.nextSibling;
    const spaced = next?.nodeType === 3 && /^\s/.test(next.rawText);
    input.replaceWith(spaced ? label : `${label} `);
  }
}
