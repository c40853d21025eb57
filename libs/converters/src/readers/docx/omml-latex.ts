import type { Element } from '@xmldom/xmldom';

/**
 * Office Math (OMML, ECMA-376 Part 1 §22.1) → LaTeX, for the elements equations are
 * made of in practice: fractions, scripts, radicals, n-ary operators, delimiters,
 * matrices, functions, accents and bars, limits, equation arrays, boxes. Anything
 * else is read through its children, so an unknown element keeps its text. The
 * LaTeX is what pandoc and MarkItDown write for the same equations, so search and
 * LLM pipelines see the notation they know rather than loose symbols.
 */
export function ommlToLatex(math: Element): string {
  return tidy(childrenLatex(math));
}

const M_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/math';

/** Characters that have a LaTeX command: Greek letters, operators, arrows, relations. */
const SYMBOLS: Readonly<Record<string, string>> = {
  α: '\\alpha',
  β: '\\beta',
  γ: '\\gamma',
  δ: '\\delta',
  ε: '\\epsilon',
  ϵ: '\\epsilon',
  ζ: '\\zeta',
  η: '\\eta',
  θ: '\\theta',
  ϑ: '\\vartheta',
  ι: '\\iota',
  κ: '\\kappa',
  λ: '\\lambda',
  μ: '\\mu',
  ν: '\\nu',
  ξ: '\\xi',
  π: '\\pi',
  ϖ: '\\varpi',
  ρ: '\\rho',
  ϱ: '\\varrho',
  σ: '\\sigma',
  ς: '\\varsigma',
  τ: '\\tau',
  υ: '\\upsilon',
  φ: '\\phi',
  ϕ: '\\phi',
  χ: '\\chi',
  ψ: '\\psi',
  ω: '\\omega',
  Γ: '\\Gamma',
  Δ: '\\Delta',
  Θ: '\\Theta',
  Λ: '\\Lambda',
  Ξ: '\\Xi',
  Π: '\\Pi',
  Σ: '\\Sigma',
  Υ: '\\Upsilon',
  Φ: '\\Phi',
  Ψ: '\\Psi',
  Ω: '\\Omega',
  '≤': '\\leq',
  '≥': '\\geq',
  '≠': '\\neq',
  '≈': '\\approx',
  '≡': '\\equiv',
  '∼': '\\sim',
  '≅': '\\cong',
  '∝': '\\propto',
  '≪': '\\ll',
  '≫': '\\gg',
  '×': '\\times',
  '÷': '\\div',
  '±': '\\pm',
  '∓': '\\mp',
  '·': '\\cdot',
  '⋅': '\\cdot',
  '∘': '\\circ',
  '⊕': '\\oplus',
  '⊗': '\\otimes',
  '∗': '\\ast',
  '→': '\\rightarrow',
  '←': '\\leftarrow',
  '↔': '\\leftrightarrow',
  '⇒': '\\Rightarrow',
  '⇐': '\\Leftarrow',
  '⇔': '\\Leftrightarrow',
  '↦': '\\mapsto',
  '↑': '\\uparrow',
  '↓': '\\downarrow',
  '∞': '\\infty',
  '∂': '\\partial',
  '∇': '\\nabla',
  '∅': '\\emptyset',
  ℏ: '\\hbar',
  ℓ: '\\ell',
  ℝ: '\\mathbb{R}',
  ℕ: '\\mathbb{N}',
  ℤ: '\\mathbb{Z}',
  ℚ: '\\mathbb{Q}',
  ℂ: '\\mathbb{C}',
  '∈': '\\in',
  '∉': '\\notin',
  '∋': '\\ni',
  '⊂': '\\subset',
  '⊃': '\\supset',
  '⊆': '\\subseteq',
  '⊇': '\\supseteq',
  '∪': '\\cup',
  '∩': '\\cap',
  '∀': '\\forall',
  '∃': '\\exists',
  '¬': '\\neg',
  '∧': '\\wedge',
  '∨': '\\vee',
  '⊥': '\\perp',
  '∥': '\\parallel',
  '∠': '\\angle',
  '°': '^{\\circ}',
  '…': '\\ldots',
  '⋯': '\\cdots',
  '⋮': '\\vdots',
  '⋱': '\\ddots',
  '′': "'",
  '″': "''",
  '−': '-',
  '∣': '\\mid',
  '{': '\\{',
  '}': '\\}',
  '%': '\\%',
  '#': '\\#',
  '&': '\\&',
  _: '\\_',
  $: '\\$',
  '\\': '\\backslash',
};

/** n-ary operators by `m:chr` (the integral when absent, as the standard says). */
const NARY: Readonly<Record<string, string>> = {
  '∑': '\\sum',
  '∏': '\\prod',
  '∐': '\\coprod',
  '∫': '\\int',
  '∬': '\\iint',
  '∭': '\\iiint',
  '∮': '\\oint',
  '∯': '\\oiint',
  '⋃': '\\bigcup',
  '⋂': '\\bigcap',
  '⋁': '\\bigvee',
  '⋀': '\\bigwedge',
  '⨁': '\\bigoplus',
  '⨂': '\\bigotimes',
  '⨀': '\\bigodot',
};

/** Accent characters (combining marks) of `m:acc`; the circumflex when absent. */
const ACCENTS: Readonly<Record<string, string>> = {
  '\u0302': '\\hat',
  '\u0303': '\\tilde',
  '\u0304': '\\bar',
  '\u0305': '\\overline',
  '\u0307': '\\dot',
  '\u0308': '\\ddot',
  '\u20db': '\\dddot',
  '\u20d7': '\\vec',
  '\u0301': '\\acute',
  '\u0300': '\\grave',
  '\u0306': '\\breve',
  '\u030c': '\\check',
  '\u20d6': '\\overleftarrow',
  '\u20e1': '\\overleftrightarrow',
};

/** Delimiters of `m:d` that are not written as themselves. */
const DELIMITERS: Readonly<Record<string, string>> = {
  '{': '\\{',
  '}': '\\}',
  '⟨': '\\langle',
  '⟩': '\\rangle',
  '〈': '\\langle',
  '〉': '\\rangle',
  '‖': '\\|',
  '⌊': '\\lfloor',
  '⌋': '\\rfloor',
  '⌈': '\\lceil',
  '⌉': '\\rceil',
  '': '.',
};

/** `m:d` around a lone matrix: the matrix environment that draws those brackets. */
const MATRIX_ENVIRONMENTS: Readonly<Record<string, string>> = {
  '()': 'pmatrix',
  '[]': 'bmatrix',
  '{}': 'Bmatrix',
  '||': 'vmatrix',
  '‖‖': 'Vmatrix',
};

/** Function names LaTeX has a command for; others become `\operatorname{…}`. */
const FUNCTIONS = new Set([
  'sin',
  'cos',
  'tan',
  'cot',
  'sec',
  'csc',
  'arcsin',
  'arccos',
  'arctan',
  'sinh',
  'cosh',
  'tanh',
  'coth',
  'log',
  'ln',
  'lg',
  'exp',
  'lim',
  'liminf',
  'limsup',
  'max',
  'min',
  'sup',
  'inf',
  'det',
  'gcd',
  'deg',
  'arg',
  'dim',
  'ker',
  'hom',
  'Pr',
]);

function latex(element: Element): string {
  switch (element.localName) {
    case 'r':
      return runLatex(element);
    case 'f':
      return fraction(element);
    case 'sSup':
      return `${base(part(element, 'e'))}^{${part(element, 'sup')}}`;
    case 'sSub':
      return `${base(part(element, 'e'))}_{${part(element, 'sub')}}`;
    case 'sSubSup':
      return `${base(part(element, 'e'))}_{${part(element, 'sub')}}^{${part(element, 'sup')}}`;
    case 'sPre':
      return `{}_{${part(element, 'sub')}}^{${part(element, 'sup')}}${part(element, 'e')}`;
    case 'rad': {
      const degree = part(element, 'deg');
      return degree && !isOn(property(element, 'degHide')) ? `\\sqrt[${degree}]{${part(element, 'e')}}` : `\\sqrt{${part(element, 'e')}}`;
    }
    case 'nary':
      return naryLatex(element);
    case 'd':
      return delimiterLatex(element);
    case 'm':
      return `\\begin{matrix}${matrixRows(element)}\\end{matrix}`;
    case 'func': {
      const name = elements(element, 'fName')[0];
      return join([name ? functionName(name) : '', part(element, 'e')]);
    }
    case 'limLow':
      return `${base(part(element, 'e'))}_{${part(element, 'lim')}}`;
    case 'limUpp':
      return `${base(part(element, 'e'))}^{${part(element, 'lim')}}`;
    case 'acc': {
      const command = ACCENTS[property(element, 'chr') ?? '\u0302'] ?? '\\hat';
      return `${command}{${part(element, 'e')}}`;
    }
    case 'bar':
      // The standard's default position is below the base.
      return property(element, 'pos') === 'top' ? `\\overline{${part(element, 'e')}}` : `\\underline{${part(element, 'e')}}`;
    case 'groupChr': {
      const over = property(element, 'pos') === 'top' || (property(element, 'chr') ?? '⏟') === '⏞';
      return `${over ? '\\overbrace' : '\\underbrace'}{${part(element, 'e')}}`;
    }
    case 'borderBox':
      return `\\boxed{${part(element, 'e')}}`;
    case 'eqArr':
      return `\\begin{aligned}${elements(element, 'e')
        .map((row) => childrenLatex(row))
        .join(' \\\\ ')}\\end{aligned}`;
    case 'oMath':
      return childrenLatex(element);
    default:
      // Property elements (m:rPr, m:ctrlPr, m:fPr…) hold formatting only.
      return element.localName?.endsWith('Pr') ? '' : childrenLatex(element);
  }
}

function childrenLatex(element: Element): string {
  const parts: string[] = [];
  for (let node = element.firstChild; node; node = node.nextSibling) if (node.nodeType === 1) parts.push(latex(node as Element));
  return join(parts);
}

/** `m:r` (math text) and `w:r` (a text run inside an equation). Normal text (`m:nor`) stays text. */
function runLatex(run: Element): string {
  const text = elements(run, 't')
    .map((t) => t.textContent ?? '')
    .join('');
  if (run.namespaceURI !== M_NS || isOn(property(run, 'nor')))
    return text.trim() ? `\\text{${text.replace(/[{}\\]/g, (c) => `\\${c}`)}}` : '';
  // A function name written as a plain run (LibreOffice does not write m:func).
  if (FUNCTIONS.has(text.trim())) return `\\${text.trim()}`;
  return join(Array.from(text, (char) => SYMBOLS[char] ?? char));
}

function fraction(element: Element): string {
  const type = property(element, 'type');
  const num = part(element, 'num');
  const den = part(element, 'den');
  if (type === 'lin') return `${base(num)}/${base(den)}`;
  if (type === 'noBar') return `\\genfrac{}{}{0pt}{}{${num}}{${den}}`;
  return `\\frac{${num}}{${den}}`;
}

function naryLatex(element: Element): string {
  const operator = NARY[property(element, 'chr') ?? '∫'] ?? property(element, 'chr') ?? '\\int';
  const sub = isOn(property(element, 'subHide')) ? '' : part(element, 'sub');
  const sup = isOn(property(element, 'supHide')) ? '' : part(element, 'sup');
  return join([`${operator}${sub ? `_{${sub}}` : ''}${sup ? `^{${sup}}` : ''}`, part(element, 'e')]);
}

function delimiterLatex(element: Element): string {
  const open = property(element, 'begChr') ?? '(';
  const close = property(element, 'endChr') ?? ')';
  const items = elements(element, 'e');
  // A matrix in brackets is written as the bracketed matrix environment.
  const only = items.length === 1 ? elementChildren(items[0]) : [];
  const environment = MATRIX_ENVIRONMENTS[open + close];
  if (environment && only.length === 1 && only[0].localName === 'm')
    return `\\begin{${environment}}${matrixRows(only[0])}\\end{${environment}}`;
  const separator = property(element, 'sepChr') ?? '|';
  const body = items.map((item) => childrenLatex(item)).join(separator === '|' ? ' \\mid ' : ` ${SYMBOLS[separator] ?? separator} `);
  return `\\left${DELIMITERS[open] ?? open}${body}\\right${DELIMITERS[close] ?? close}`;
}

function matrixRows(matrix: Element): string {
  return elements(matrix, 'mr')
    .map((row) =>
      elements(row, 'e')
        .map((cell) => childrenLatex(cell))
        .join(' & '),
    )
    .join(' \\\\ ');
}

function functionName(element: Element): string {
  const name = childrenLatex(element);
  if (FUNCTIONS.has(name)) return `\\${name}`;
  // lim under a limit (m:limLow in m:fName) arrives here as "lim_{…}".
  const limited = /^([A-Za-z]+)([_^].*)$/.exec(name);
  if (limited && FUNCTIONS.has(limited[1])) return `\\${limited[1]}${limited[2]}`;
  return /^[A-Za-z]{2,}$/.test(name) ? `\\operatorname{${name}}` : name;
}

/** A script's base: braced when it already carries a script, so `{x^{2}}^{3}` is not a double superscript. */
function base(text: string): string {
  return /[\^_]/.test(text) && !/^\\(?:left|frac|sqrt)/.test(text) ? `{${text}}` : text;
}

/** The LaTeX of the first child element with the local name (m:e, m:num, m:sup…). */
function part(element: Element, localName: string): string {
  const found = elements(element, localName)[0];
  return found ? childrenLatex(found) : '';
}

/** A value from the element's own properties (`m:fPr/m:type/@m:val`, `m:naryPr/m:chr/@m:val`). */
function property(element: Element, name: string): string | undefined {
  const properties = elementChildren(element).find(
    (candidate) => candidate.localName === `${element.localName}Pr` || candidate.localName === 'rPr',
  );
  const found = properties && elementChildren(properties).find((candidate) => candidate.localName === name);
  if (!found) return undefined;
  // m:val may be absent on on/off properties (m:degHide alone means on); "" is a value (no delimiter).
  return found.hasAttributeNS(M_NS, 'val') ? (found.getAttributeNS(M_NS, 'val') ?? '') : 'on';
}

function isOn(value: string | undefined): boolean {
  return value !== undefined && !['0', 'false', 'off'].includes(value);
}

function elements(element: Element, localName: string): Element[] {
  return elementChildren(element).filter((candidate) => candidate.localName === localName);
}

function elementChildren(element: Element): Element[] {
  const out: Element[] = [];
  for (let node = element.firstChild; node; node = node.nextSibling) if (node.nodeType === 1) out.push(node as Element);
  return out;
}

/** Concatenation that keeps a command apart from a following letter: `\alpha x`, not `\alphax`. */
function join(parts: readonly string[]): string {
  let out = '';
  for (const piece of parts) {
    if (piece === '') continue;
    out += /\\[A-Za-z]+$/.test(out) && /^[A-Za-z0-9]/.test(piece) ? ` ${piece}` : piece;
  }
  return out;
}

/** Word's spacing runs (`,  `) are layout: LaTeX spaces its operators itself. */
function tidy(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}
