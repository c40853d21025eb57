import type { Document, Element } from '@xmldom/xmldom';
import { W_NS } from './word-namespaces';
import { ommlToLatex } from './omml-latex';

const M_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/math';

/**
 * Replaces each equation with a text run holding its LaTeX: `$$…$$` for display
 * equations (`m:oMathPara`, one per line), `$…$` for inline ones (`m:oMath` in running
 * text). mammoth does not read Office Math and dropped the equations, or kept loose
 * symbols of them. Returns whether anything was replaced.
 */
export function replaceEquations(document: Document): boolean {
  let replaced = false;
  for (const para of Array.from(document.getElementsByTagNameNS(M_NS, 'oMathPara'))) {
    if (!para.parentNode || isInsideMath(para)) continue;
    const equations = Array.from(para.getElementsByTagNameNS(M_NS, 'oMath')).filter((math) => !isInsideMath(math, para));
    const runs = equations.flatMap((math, index) => [
      ...(index > 0 ? [breakRun(document)] : []),
      textRun(document, `$$${ommlToLatex(math)}$$`),
    ]);
    replaceWith(document, para, runs);
    replaced = true;
  }
  for (const math of Array.from(document.getElementsByTagNameNS(M_NS, 'oMath'))) {
    if (!math.parentNode || isInsideMath(math)) continue;
    replaceWith(document, math, [textRun(document, `$${ommlToLatex(math)}$`)]);
    replaced = true;
  }
  return replaced;
}

/** Puts the runs where the equation was; an equation directly in the body gets a paragraph of its own. */
function replaceWith(document: Document, equation: Element, runs: Element[]): void {
  const parent = equation.parentNode!;
  const inBody = (parent as Element).localName === 'body' || (parent as Element).localName === 'tc';
  const holder = inBody ? document.createElementNS(W_NS, 'w:p') : undefined;
  for (const run of runs) (holder ?? parent).insertBefore(run, holder ? null : equation);
  if (holder) parent.insertBefore(holder, equation);
  parent.removeChild(equation);
}

function textRun(document: Document, text: string): Element {
  const run = document.createElementNS(W_NS, 'w:r');
  const t = document.createElementNS(W_NS, 'w:t');
  t.setAttributeNS('http://www.w3.org/XML/1998/namespace', 'xml:space', 'preserve');
  t.appendChild(document.createTextNode(text));
  run.appendChild(t);
  return run;
}

function breakRun(document: Document): Element {
  const run = document.createElementNS(W_NS, 'w:r');
  run.appendChild(document.createElementNS(W_NS, 'w:br'));
  return run;
}

/** Nested in another equation (below `stop`): converted with it. */
function isInsideMath(element: Element, stop?: Element): boolean {
  for (let node = element.parentNode; node && node !== stop; node = node.parentNode) {
    if (
      node.nodeType === 1 &&
      (node as Element).namespaceURI === M_NS &&
      ['oMath', 'oMathPara'].includes((node as Element).localName ?? '')
    )
      return true;
  }
  return false;
}
