import { type Matrix, multiply } from './matrix';
import { HAS_RTL_CHAR } from '../../layout/characters';

/**
 * A page's text runs read from its operator list, in the shape pdf.js's getTextContent
 * gives them (string, text-rendering matrix, width in page units, font id). The
 * operator list is needed anyway (fonts' real names, ruling lines, images), and asking
 * pdf.js for the text content too parses every content stream a second time, the more
 * costly way: on the R manuals the text content took 1.6 times the operator list's time
 * and both together 2.5 times (bench:pdf). The glyphs in the operator list carry what
 * getTextContent reads from them (Unicode, width), so the runs are rebuilt here with
 * getTextContent's own rules (pdf.js src/core/evaluator.js, v5.4: when a gap is a
 * space, when it ends a run), to give the same runs the layout was built on.
 *
 * Right-to-left text (pdf.js reorders it with its bidi algorithm), vertical fonts and
 * Type3 fonts (sized by their glyph boxes) are left to getTextContent: `undefined`.
 */
export interface OperatorTextItem {
  str: string;
  transform: Matrix;
  width: number;
  height: number;
  fontName: string;
  /** Drawn inside an `Artifact` marked content: page furniture a tagged PDF declares (running heads, page and line numbers). */
  artifact?: boolean;
  /** The marked-content id (MCID) the run was drawn in, on a tagged page: what its tag tree points at. */
  mcid?: number;
}

/** What the reader needs of a font pdf.js loaded for the page (its commonObjs entry). */
export interface OperatorFont {
  fontMatrix?: number[];
  vertical?: boolean;
  isType3Font?: boolean;
}

interface OperatorList {
  fnArray: ArrayLike<number>;
  argsArray: ArrayLike<unknown>;
}

export interface TextOps {
  save: number;
  restore: number;
  transform: number;
  setFont: number;
  setGState: number;
  setTextRise: number;
  setHScale: number;
  setLeading: number;
  moveText: number;
  setLeadingMoveText: number;
  nextLine: number;
  setTextMatrix: number;
  setCharSpacing: number;
  setWordSpacing: number;
  beginText: number;
  showText: number;
  paintFormXObjectBegin: number;
  paintFormXObjectEnd: number;
  beginMarkedContent: number;
  beginMarkedContentProps: number;
  endMarkedContent: number;
  beginAnnotation: number;
  endAnnotation: number;
}

/** A glyph as the operator list carries it (pdf.js's Glyph, cloned across its message port). */
interface Glyph {
  unicode: string;
  width: number;
  originalCharCode: number;
}

// getTextContent's thresholds, in font sizes.
const TRACKING_SPACE_FACTOR = 0.102;
const NOT_A_SPACE_FACTOR = 0.03;
const NEGATIVE_SPACE_FACTOR = -0.2;
const SPACE_IN_FLOW_MIN_FACTOR = 0.102;
const SPACE_IN_FLOW_MAX_FACTOR = 0.6;
const VERTICAL_SHIFT_RATIO = 0.25;
const IDENTITY: Matrix = [1, 0, 0, 1, 0, 0];
const FONT_MATRIX: Matrix = [0.001, 0, 0, 0.001, 0, 0];

/** pdf.js's glyph categories: whitespace, zero-width diacritic (Mn), invisible format mark (Cf). */
const enum Category {
  Plain,
  Whitespace,
  Diacritic,
  FormatMark,
}
const SPECIAL_CHAR = /^(\s)|(\p{Mn})|(\p{Cf})$/u;
const categories = new Map<string, Category>();

function category(unicode: string): Category {
  // Most glyphs are one printable ASCII character: no look-up for them.
  if (unicode.length === 1) {
    const code = unicode.charCodeAt(0);
    if (code > 0x20 && code < 0x7f) return Category.Plain;
  }
  let found = categories.get(unicode);
  if (found === undefined) {
    const groups = SPECIAL_CHAR.exec(unicode);
    found = groups?.[1] ? Category.Whitespace : groups?.[2] ? Category.Diacritic : groups?.[3] ? Category.FormatMark : Category.Plain;
    categories.set(unicode, found);
  }
  return found;
}

/** The text state pdf.js keeps per graphics state (save and restore copy it whole). */
interface TextState {
  ctm: Matrix;
  fontName: string | undefined;
  font: OperatorFont | undefined;
  fontMatrix: Matrix;
  fontSize: number;
  charSpacing: number;
  wordSpacing: number;
  hScale: number;
  leading: number;
  rise: number;
  textMatrix: Matrix;
  lineMatrix: Matrix;
}

function copyState(state: TextState): TextState {
  return { ...state, textMatrix: [...state.textMatrix], lineMatrix: [...state.lineMatrix] };
}

function translate(m: Matrix, x: number, y: number): void {
  m[4] = m[0] * x + m[2] * y + m[4];
  m[5] = m[1] * x + m[3] * y + m[5];
}

/** The run being built: getTextContent's textContentItem, whose fields outlive a run as they do there. */
interface Run {
  initialized: boolean;
  str: string[];
  width: number;
  totalWidth: number;
  height: number;
  /** Where the last glyph ended: its text-rendering matrix, kept as numbers (this is per glyph). */
  hasPrev: boolean;
  prevA: number;
  prevB: number;
  prevC: number;
  prevD: number;
  prevE: number;
  prevF: number;
  textAdvanceScale: number;
  trackingSpaceMin: number;
  notASpace: number;
  negativeSpaceMax: number;
  spaceInFlowMin: number;
  spaceInFlowMax: number;
  transform: Matrix;
  fontName: string;
  /** The last two characters seen (a space after a letter is kept as one space). */
  lastChars: [string, string];
  lastCharsPos: number;
}

function newRun(): Run {
  return {
    initialized: false,
    str: [],
    width: 0,
    totalWidth: 0,
    height: 0,
    hasPrev: false,
    prevA: 0,
    prevB: 0,
    prevC: 0,
    prevD: 0,
    prevE: 0,
    prevF: 0,
    textAdvanceScale: 0,
    trackingSpaceMin: Infinity,
    notASpace: -Infinity,
    negativeSpaceMax: -Infinity,
    spaceInFlowMin: 0,
    spaceInFlowMax: 0,
    transform: IDENTITY,
    fontName: '',
    lastChars: [' ', ' '],
    lastCharsPos: 0,
  };
}

/** Signals a page getTextContent must read (see the module comment). */
class NotHandled extends Error {}

/**
 * The text runs of a page's operator list, or undefined when the page has text this
 * does not handle. `view` is the page's box in PDF user space (pdf.js page.view);
 * glyphs drawn outside it are dropped, as getTextContent drops them. Text of
 * annotations' appearances is skipped: getTextContent does not include it either.
 */
export function operatorText(
  list: OperatorList,
  ops: TextOps,
  fontOf: (id: string) => OperatorFont | undefined,
  view: readonly number[],
): OperatorTextItem[] | undefined {
  try {
    return new OperatorTextReader(ops, fontOf, view).read(list);
  } catch (error) {
    if (error instanceof NotHandled) return undefined;
    throw error;
  }
}

class OperatorTextReader {
  private readonly items: OperatorTextItem[] = [];
  private state: TextState = {
    ctm: [...IDENTITY],
    fontName: undefined,
    font: undefined,
    fontMatrix: FONT_MATRIX,
    fontSize: 0,
    charSpacing: 0,
    wordSpacing: 0,
    hScale: 1,
    leading: 0,
    rise: 0,
    textMatrix: [...IDENTITY],
    lineMatrix: [...IDENTITY],
  };
  private readonly states: TextState[] = [];
  /** The run being built. */
  private run = newRun();
  /** The runs a form XObject interrupted: getTextContent reads a form's text with runs of its own. */
  private readonly runs: Run[] = [];
  /** The marked content open, innermost last: its MCID, or null for one without. */
  private readonly marked: (number | null)[] = [];
  /** Beside `marked`: whether each open marked content is an Artifact. */
  private readonly artifacts: boolean[] = [];

  constructor(
    private readonly ops: TextOps,
    private readonly fontOf: (id: string) => OperatorFont | undefined,
    private readonly view: readonly number[],
  ) {}

  read(list: OperatorList): OperatorTextItem[] {
    const { ops } = this;
    let annotation = 0;
    for (let index = 0; index < list.fnArray.length; index++) {
      const fn = list.fnArray[index];
      const args = list.argsArray[index] as unknown[] | null;
      if (fn === ops.beginAnnotation) annotation++;
      else if (fn === ops.endAnnotation) annotation = Math.max(0, annotation - 1);
      if (annotation > 0) continue;
      this.apply(fn, args);
    }
    this.flush();
    return this.items;
  }

  private apply(fn: number, args: unknown[] | null): void {
    const { ops } = this;
    const state = this.state;
    switch (fn) {
      case ops.showText:
        this.showText((args?.[0] ?? []) as ReadonlyArray<Glyph | number>);
        break;
      case ops.setFont: {
        const [name, size] = args as [string, number];
        if (state.font && name === state.fontName && size === state.fontSize) break;
        this.flush();
        this.setFont(name, size);
        break;
      }
      case ops.setGState:
        for (const [key, value] of (args?.[0] ?? []) as Array<[string, unknown]>) {
          if (key !== 'Font') continue;
          const [name, size] = value as [string, number];
          this.flush();
          this.setFont(name, size);
        }
        break;
      case ops.moveText:
      case ops.setLeadingMoveText: {
        const [x, y] = args as [number, number];
        if (fn === ops.setLeadingMoveText) state.leading = -y;
        translate(state.lineMatrix, x, y);
        state.textMatrix = [...state.lineMatrix];
        break;
      }
      case ops.nextLine:
        translate(state.lineMatrix, 0, -state.leading);
        state.textMatrix = [...state.lineMatrix];
        break;
      case ops.setTextMatrix: {
        // pdf.js passes the six numbers as one array (a Float32Array).
        const m = (args?.length === 1 ? args[0] : args) as ArrayLike<number>;
        state.textMatrix = [m[0], m[1], m[2], m[3], m[4], m[5]];
        state.lineMatrix = [m[0], m[1], m[2], m[3], m[4], m[5]];
        this.updateAdvanceScale();
        break;
      }
      case ops.beginText:
        state.textMatrix = [...IDENTITY];
        state.lineMatrix = [...IDENTITY];
        break;
      case ops.setCharSpacing:
        state.charSpacing = args?.[0] as number;
        break;
      case ops.setWordSpacing:
        state.wordSpacing = args?.[0] as number;
        break;
      case ops.setHScale:
        state.hScale = (args?.[0] as number) / 100;
        break;
      case ops.setLeading:
        state.leading = args?.[0] as number;
        break;
      case ops.setTextRise:
        state.rise = args?.[0] as number;
        break;
      case ops.transform:
        state.ctm = multiply(args as Matrix, state.ctm);
        break;
      case ops.save:
        this.states.push(copyState(state));
        break;
      case ops.restore: {
        const previous = this.states.pop();
        if (!previous) break;
        if (previous.font !== state.font || previous.fontSize !== state.fontSize || previous.fontName !== state.fontName) this.flush();
        this.state = previous;
        break;
      }
      case ops.paintFormXObjectBegin: {
        this.flush();
        this.states.push(copyState(state));
        const matrix = args?.[0] as Matrix | null;
        if (matrix) this.state.ctm = multiply(matrix, state.ctm);
        this.runs.push(this.run);
        this.run = newRun();
        break;
      }
      case ops.paintFormXObjectEnd:
        this.flush();
        this.state = this.states.pop() ?? this.state;
        this.run = this.runs.pop() ?? newRun();
        break;
      case ops.beginMarkedContent:
      case ops.beginMarkedContentProps:
      case ops.endMarkedContent:
        this.flush();
        if (fn === ops.endMarkedContent) {
          this.marked.pop();
          this.artifacts.pop();
        } else {
          // pdf.js passes a BDC's tag and its MCID (or null) as the arguments, a BMC's tag alone.
          this.marked.push(fn === ops.beginMarkedContentProps && Number.isInteger(args?.[1]) ? (args?.[1] as number) : null);
          // A BDC's tag comes as a string, a BMC's as a Name object.
          const tag = args?.[0];
          this.artifacts.push((typeof tag === 'string' ? tag : (tag as { name?: unknown } | undefined)?.name) === 'Artifact');
        }
        break;
    }
  }

  private setFont(name: string, size: number): void {
    const font = this.fontOf(name);
    if (!font || font.vertical || font.isType3Font) throw new NotHandled();
    this.state.fontName = name;
    this.state.font = font;
    this.state.fontSize = size;
    const m = font.fontMatrix;
    this.state.fontMatrix = m && m.length === 6 ? (m as Matrix) : FONT_MATRIX;
  }

  /** getTextContent's showSpacedText: a TJ adjustment goes with the string before it. */
  private showText(elements: ReadonlyArray<Glyph | number>): void {
    if (!this.state.font) return;
    const spaceFactor = -this.state.fontSize / 1000;
    let start = 0;
    for (let i = 0; i < elements.length; i++) {
      const element = elements[i];
      if (typeof element !== 'number') continue;
      if (element === 0) continue;
      this.glyphs(elements, start, i, element * spaceFactor);
      start = i + 1;
    }
    if (start < elements.length) this.glyphs(elements, start, elements.length, 0);
  }

  /** getTextContent's buildTextContentItem over the glyphs elements[from, to) (numbers among them are zero). */
  private glyphs(elements: ReadonlyArray<Glyph | number>, from: number, to: number, extraSpacing: number): void {
    const state = this.state;
    let last = to - 1;
    while (last >= from && typeof elements[last] === 'number') last--;
    if (last < from) {
      const spacing = state.charSpacing + extraSpacing;
      if (spacing) translate(state.textMatrix, spacing * state.hScale, 0);
      return;
    }
    const scale = state.fontMatrix[0] * state.fontSize;
    for (let i = from; i <= last; i++) {
      const glyph = elements[i];
      if (typeof glyph === 'number') continue;
      const unicode = glyph.unicode;
      const kind = category(unicode);
      if (kind === Category.FormatMark) continue;
      let charSpacing = state.charSpacing + (i === last ? extraSpacing : 0);
      let scaledDim = glyph.width * scale;
      if (glyph.originalCharCode === 0x20) charSpacing += state.wordSpacing;
      if (kind === Category.Whitespace) {
        charSpacing += scaledDim;
        translate(state.textMatrix, charSpacing * state.hScale, 0);
        this.saveLastChar(' ');
        continue;
      }
      if (kind !== Category.Diacritic && !this.compareWithLastPosition(scaledDim)) {
        translate(state.textMatrix, scaledDim * state.hScale, 0);
        continue;
      }
      if (unicode.charCodeAt(0) >= 0x590 || unicode.length > 1) {
        if (HAS_RTL_CHAR.test(unicode)) throw new NotHandled();
      }
      const run = this.ensureRun();
      if (kind === Category.Diacritic) scaledDim = 0;
      scaledDim *= state.hScale;
      translate(state.textMatrix, scaledDim, 0);
      run.width += scaledDim;
      if (scaledDim) {
        this.locate();
        run.hasPrev = true;
        [run.prevA, run.prevB, run.prevC, run.prevD, run.prevE, run.prevF] = [this.a, this.b, this.c, this.d, this.e, this.f];
      }
      if (this.saveLastChar(unicode)) run.str.push(' ');
      run.str.push(unicode);
      if (charSpacing) translate(state.textMatrix, charSpacing * state.hScale, 0);
    }
  }

  /** The text-rendering matrix: font size, scaling and rise, then the text matrix, then the CTM. */
  private currentTransform(): Matrix {
    this.locate();
    return [this.a, this.b, this.c, this.d, this.e, this.f];
  }

  // The current text-rendering matrix, as locate() last computed it.
  private a = 0;
  private b = 0;
  private c = 0;
  private d = 0;
  private e = 0;
  private f = 0;

  /** currentTransform() into the fields above: it is asked twice per glyph, so without a matrix allocated each time. */
  private locate(): void {
    const { fontSize, hScale, rise, textMatrix: t, ctm: m } = this.state;
    // The text matrix times the CTM, then [fontSize × hScale, 0, 0, fontSize, 0, rise] before them.
    const a = t[0] * m[0] + t[1] * m[2];
    const b = t[0] * m[1] + t[1] * m[3];
    const c = t[2] * m[0] + t[3] * m[2];
    const d = t[2] * m[1] + t[3] * m[3];
    const e = t[4] * m[0] + t[5] * m[2] + m[4];
    const f = t[4] * m[1] + t[5] * m[3] + m[5];
    const scaleX = fontSize * hScale;
    this.a = scaleX * a;
    this.b = scaleX * b;
    this.c = fontSize * c;
    this.d = fontSize * d;
    this.e = rise * c + e;
    this.f = rise * d + f;
  }

  private ensureRun(): Run {
    const run = this.run;
    if (run.initialized) return run;
    const s = this.state;
    run.fontName = s.fontName ?? '';
    const trm = (run.transform = this.currentTransform());
    run.width = run.totalWidth = 0;
    run.height = Math.hypot(trm[2], trm[3]);
    run.textAdvanceScale = Math.hypot(s.lineMatrix[0], s.lineMatrix[1]) * Math.hypot(s.ctm[0], s.ctm[1]);
    run.trackingSpaceMin = s.fontSize * TRACKING_SPACE_FACTOR;
    run.notASpace = s.fontSize * NOT_A_SPACE_FACTOR;
    run.negativeSpaceMax = s.fontSize * NEGATIVE_SPACE_FACTOR;
    run.spaceInFlowMin = s.fontSize * SPACE_IN_FLOW_MIN_FACTOR;
    run.spaceInFlowMax = s.fontSize * SPACE_IN_FLOW_MAX_FACTOR;
    run.initialized = true;
    return run;
  }

  private updateAdvanceScale(): void {
    const run = this.run;
    if (!run.initialized) return;
    const s = this.state;
    const scale = Math.hypot(s.lineMatrix[0], s.lineMatrix[1]) * Math.hypot(s.ctm[0], s.ctm[1]);
    if (scale === run.textAdvanceScale) return;
    run.totalWidth += run.width * run.textAdvanceScale;
    run.width = 0;
    run.textAdvanceScale = scale;
  }

  /** getTextContent's compareWithLastPosition (horizontal fonts): false for a glyph off the page. */
  private compareWithLastPosition(glyphWidth: number): boolean {
    this.locate();
    let posX = this.e;
    let posY = this.f;
    const view = this.view;
    if (posX + glyphWidth < view[0] || posX > view[2] || posY < view[1] || posY > view[3]) return false;
    const run = this.run;
    if (!run.hasPrev) return true;
    let lastX = run.prevE;
    let lastY = run.prevF;
    if (lastX === posX && lastY === posY) return true;
    let rotate = -1;
    if (this.a && this.b === 0 && this.c === 0) rotate = this.a > 0 ? 0 : 180;
    else if (this.b && this.a === 0 && this.d === 0) rotate = this.b > 0 ? 90 : 270;
    if (rotate === 90) [posX, posY, lastX, lastY] = [posY, posX, lastY, lastX];
    else if (rotate === 180) [posX, posY, lastX, lastY] = [-posX, -posY, -lastX, -lastY];
    else if (rotate === 270) [posX, posY, lastX, lastY] = [-posY, -posX, -lastY, -lastX];
    else if (rotate === -1) {
      [posX, posY] = inverseRotation(posX, posY, this.a, this.b, this.c, this.d);
      [lastX, lastY] = inverseRotation(lastX, lastY, run.prevA, run.prevB, run.prevC, run.prevD);
    }
    const advanceX = (posX - lastX) / run.textAdvanceScale;
    const advanceY = posY - lastY;
    const orientation = Math.sign(run.width);
    if (advanceX < orientation * run.negativeSpaceMax) {
      // Back along the line or onto another: the run ends.
      this.resetLastChars();
      this.flush();
      return true;
    }
    if (Math.abs(advanceY) > run.height) {
      this.resetLastChars();
      this.flush();
      return true;
    }
    if (advanceX <= orientation * run.notASpace) this.resetLastChars();
    if (advanceX <= orientation * run.trackingSpaceMin) {
      if (this.shouldAddWhitespace()) {
        this.resetLastChars();
        this.flush();
        this.pushWhitespace(Math.abs(advanceX));
      } else run.width += advanceX;
    } else if (orientation * run.spaceInFlowMin <= advanceX && advanceX <= orientation * run.spaceInFlowMax) {
      // A gap the size of a space inside a run: pdf.js's fake space.
      if (run.initialized) {
        this.resetLastChars();
        run.str.push(' ');
      }
      if (run.str.length === 0) {
        this.resetLastChars();
        this.pushWhitespace(Math.abs(advanceX));
      } else run.width += advanceX;
    } else {
      // Wider: the run ends, and the gap is a whitespace item of its own (layout/page-columns.ts reads those).
      this.flush();
      this.resetLastChars();
      this.pushWhitespace(Math.abs(advanceX));
    }
    if (Math.abs(advanceY) > run.height * VERTICAL_SHIFT_RATIO) this.flush();
    return true;
  }

  /**
   * getTextContent's pushWhitespace: a gap as an item of one space, from where the last
   * glyph ended. The layout re-derives spaces from gaps, but a wide gap's item tells
   * which lines span a page's column gutter (a running head and its page number).
   */
  private pushWhitespace(width: number): void {
    const run = this.run;
    const transform: Matrix = run.hasPrev ? [run.prevA, run.prevB, run.prevC, run.prevD, run.prevE, run.prevF] : this.currentTransform();
    this.items.push({ str: ' ', transform, width, height: 0, fontName: run.fontName });
  }

  private flush(): void {
    const run = this.run;
    if (!run.initialized) return;
    run.totalWidth += run.width * run.textAdvanceScale;
    const mcid = this.currentMcid();
    this.items.push({
      str: run.str.join(''),
      transform: run.transform,
      width: Math.abs(run.totalWidth),
      height: Math.abs(run.height),
      fontName: run.fontName,
      ...(mcid !== undefined ? { mcid } : {}),
      ...(this.artifacts.includes(true) ? { artifact: true } : {}),
    });
    run.initialized = false;
    run.str.length = 0;
  }

  /** The innermost open marked content's MCID, if any has one. */
  private currentMcid(): number | undefined {
    for (let i = this.marked.length - 1; i >= 0; i--) {
      const mcid = this.marked[i];
      if (mcid !== null) return mcid;
    }
    return undefined;
  }

  /** pdf.js's saveLastChar: true when the character follows a space that followed a non-space. */
  private saveLastChar(char: string): boolean {
    const run = this.run;
    const next = (run.lastCharsPos + 1) % 2;
    const spaced = run.lastChars[run.lastCharsPos] !== ' ' && run.lastChars[next] === ' ';
    run.lastChars[run.lastCharsPos] = char;
    run.lastCharsPos = next;
    return spaced;
  }

  private shouldAddWhitespace(): boolean {
    const run = this.run;
    return run.lastChars[run.lastCharsPos] !== ' ' && run.lastChars[(run.lastCharsPos + 1) % 2] === ' ';
  }

  private resetLastChars(): void {
    this.run.lastChars[0] = this.run.lastChars[1] = ' ';
    this.run.lastCharsPos = 0;
  }
}

function inverseRotation(x: number, y: number, a: number, b: number, c: number, d: number): [number, number] {
  const scale = Math.hypot(a, b);
  return [(a * x + b * y) / scale, (c * x + d * y) / scale];
}
