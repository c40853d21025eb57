import { JobFailure } from '@docformat/contracts';
import { CHARSET_WORDS, INFO_FIELDS, SKIPPED_DESTINATIONS, hyperlinkTarget, rtfDate } from './rtf-destinations';
import type { RtfContent, RtfInfo, RtfParagraph, RtfRun } from './rtf-model';
import { SYMBOLS, charsetCodePage, decodeCodePage } from './rtf-text';
import { tokenizeRtf } from './rtf-tokenizer';

type Destination = 'text' | 'skip' | 'fonttbl' | 'stylesheet' | 'styledef' | 'info' | 'infofield' | 'date' | 'listtext' | 'fldinst';

interface ParagraphProps {
  style: number;
  outline?: number;
  listLevel?: number;
  indent: number;
  inTable: boolean;
}

/** RTF scopes formatting to groups: each `{` copies this state, `}` restores it. */
interface GroupState {
  dest: Destination;
  /** Where text goes: the body, or the footnote being read. */
  target: 'main' | 'note';
  bold: boolean;
  italic: boolean;
  hidden: boolean;
  uc: number;
  font?: number;
  link?: string;
  field?: { instruction: string };
  infoField?: keyof RtfInfo;
  date?: { field: 'created' | 'revised'; parts: Record<string, number> };
  para: ParagraphProps;
  /** No control word seen yet in this group: a destination word may still come. */
  first: boolean;
  /** After `\*`: an unknown destination is skipped instead of read as text. */
  ignorable: boolean;
  /** The construct this very group opened, finished when it closes. */
  opens?: 'note' | 'styledef' | 'date';
}

const MAX_DEPTH = 1000;
const DEFAULT_PARA: ParagraphProps = { style: 0, indent: 0, inTable: false };

/** Reads RTF source (bytes as Latin-1 chars) into paragraphs, table marks, notes, styles and info. */
export function interpretRtf(source: string): RtfContent {
  return new RtfInterpreter().run(source);
}

class RtfInterpreter {
  private readonly content: RtfContent = { items: [], notes: [], styles: new Map(), info: {} };
  private readonly stack: GroupState[] = [];
  private state: GroupState = {
    dest: 'text',
    target: 'main',
    bold: false,
    italic: false,
    hidden: false,
    uc: 1,
    para: { ...DEFAULT_PARA },
    first: false,
    ignorable: false,
  };
  private readonly fonts = new Map<number, number>();
  private codePage = 1252;
  private pending = '';
  private pendingCodePage = 1252;
  private skipChars = 0;
  private readonly main = { runs: [] as RtfRun[], marker: undefined as string | undefined };
  private note = { runs: [] as RtfRun[], marker: undefined as string | undefined, paragraphs: [] as RtfParagraph[] };
  private styleDef = { number: 0, name: '', outline: undefined as number | undefined, paragraph: true };
  private fontDef = 0;
  private rowHeader = false;

  run(source: string): RtfContent {
    let closed = false;
    for (const token of tokenizeRtf(source)) {
      if (token.kind === 'bytes') {
        this.bytes(token.bytes);
        continue;
      }
      this.flush();
      this.skipChars = 0;
      if (token.kind === 'open') this.open();
      else if (token.kind === 'close') closed = this.close();
      else this.word(token.name, token.param);
      if (closed) break;
    }
    if (!closed) throw new JobFailure('CORRUPT_DOCUMENT', 'The RTF document ends before its groups are closed (truncated?).');
    this.endParagraph();
    return this.content;
  }

  private open(): void {
    if (this.stack.length >= MAX_DEPTH) throw new JobFailure('CORRUPT_DOCUMENT', `The RTF document nests groups deeper than ${MAX_DEPTH}.`);
    this.stack.push(this.state);
    this.state = { ...this.state, para: { ...this.state.para }, first: true, ignorable: false, opens: undefined };
    if (this.stack[this.stack.length - 1].dest === 'stylesheet') {
      this.state.dest = 'styledef';
      this.state.opens = 'styledef';
      this.styleDef = { number: 0, name: '', outline: undefined, paragraph: true };
    }
  }

  /** True when the document's outermost group closed: anything after it is ignored. */
  private close(): boolean {
    const closing = this.state;
    if (closing.opens === 'note') this.finishNote();
    if (closing.opens === 'styledef' && this.styleDef.paragraph) {
      this.content.styles.set(this.styleDef.number, {
        name: this.styleDef.name.replace(/;\s*$/, '').trim(),
        outline: this.styleDef.outline,
      });
    }
    if (closing.opens === 'date' && closing.date) this.content.info[closing.date.field] = rtfDate(closing.date.parts);
    const parent = this.stack.pop();
    if (!parent) return true;
    this.state = parent;
    return this.stack.length === 0;
  }

  private word(name: string, param: number | undefined): void {
    const state = this.state;
    if (state.first || state.ignorable) {
      const ignorable = state.ignorable;
      state.first = false;
      state.ignorable = false;
      if (name === '*') {
        state.ignorable = true;
        return;
      }
      if (this.destination(name, ignorable)) return;
    }
    switch (state.dest) {
      case 'skip':
        return;
      case 'fonttbl':
        if (name === 'f') this.fontDef = param ?? 0;
        else if (name === 'fcharset') this.setFontCodePage(charsetCodePage(param ?? 0));
        else if (name === 'cpg') this.setFontCodePage(param);
        return;
      case 'styledef':
        if (name === 's') this.styleDef.number = param ?? 0;
        else if (name === 'outlinelevel') this.styleDef.outline = param;
        else if (name === 'cs' || name === 'ds' || name === 'ts') this.styleDef.paragraph = false;
        return;
      case 'date':
        if (state.date && ['yr', 'mo', 'dy', 'hr', 'min'].includes(name)) state.date.parts[name] = param ?? 0;
        return;
      default:
        this.bodyWord(name, param);
    }
  }

  /** Handles a word that starts a group; true when it was a destination. */
  private destination(name: string, ignorable: boolean): boolean {
    const state = this.state;
    if (state.dest === 'skip') return true;
    if (name === 'fonttbl' || name === 'stylesheet' || name === 'info' || name === 'fldinst' || name === 'listtext' || name === 'pntext') {
      state.dest = name === 'pntext' ? 'listtext' : name;
      if (name === 'fldinst' && !state.field) state.field = { instruction: '' };
    } else if (INFO_FIELDS[name] && (state.dest === 'info' || name === 'generator')) {
      // A field written twice (LibreOffice repeats \author) keeps the last value.
      state.dest = 'infofield';
      state.infoField = INFO_FIELDS[name];
      this.content.info[state.infoField] = '';
    } else if ((name === 'creatim' || name === 'revtim') && state.dest === 'info') {
      state.dest = 'date';
      state.opens = 'date';
      state.date = { field: name === 'creatim' ? 'created' : 'revised', parts: {} };
    } else if (name === 'field') {
      state.field = { instruction: '' };
      return false;
    } else if (name === 'fldrslt') {
      state.dest = 'text';
      state.link = hyperlinkTarget(state.field?.instruction) ?? state.link;
    } else if (name === 'footnote' && state.target === 'main' && state.dest === 'text') {
      this.receive(`[${this.content.notes.length + 1}]`, { bold: false, italic: false });
      Object.assign(state, { target: 'note', dest: 'text', opens: 'note', bold: false, italic: false, link: undefined });
    } else if (name === 'pict') {
      if (state.dest === 'text') this.receive('[Image]', { bold: false, italic: false });
      state.dest = 'skip';
    } else if (name === 'shppict') {
      return true; // a wrapper around \pict: read on
    } else if (SKIPPED_DESTINATIONS.has(name) || ignorable || name === 'footnote') {
      state.dest = 'skip';
    } else {
      return false;
    }
    return true;
  }

  private bodyWord(name: string, param: number | undefined): void {
    const state = this.state;
    const on = param !== 0;
    switch (name) {
      case 'par':
      case 'sect':
      case 'nestcell':
      case 'nestrow':
        return this.endParagraph();
      case 'cell':
        this.endParagraph();
        if (state.target === 'main') this.content.items.push({ kind: 'cell' });
        return;
      case 'row':
        if (state.target === 'main') this.content.items.push({ kind: 'row', header: this.rowHeader });
        return;
      case 'trowd':
        this.rowHeader = false;
        return;
      case 'trhdr':
        this.rowHeader = true;
        return;
      case 'line':
        this.builder().runs.push({ text: '', bold: false, italic: false, lineBreak: true });
        return;
      case 'pard':
        state.para = { ...DEFAULT_PARA };
        return;
      case 'plain':
        Object.assign(state, { bold: false, italic: false, hidden: false });
        return;
      case 'b':
        state.bold = on;
        return;
      case 'i':
        state.italic = on;
        return;
      case 'v':
        state.hidden = on;
        return;
      case 's':
        state.para.style = param ?? 0;
        return;
      case 'outlinelevel':
        state.para.outline = param;
        return;
      case 'ilvl':
        state.para.listLevel = param;
        return;
      case 'li':
        state.para.indent = param ?? 0;
        return;
      case 'intbl':
        state.para.inTable = true;
        return;
      case 'itap':
        state.para.inTable = (param ?? 1) > 0;
        return;
      case 'f':
        state.font = param;
        return;
      case 'uc':
        state.uc = Math.max(0, param ?? 1);
        return;
      case 'ansicpg':
        if (param) this.codePage = param;
        return;
      case 'u':
        if (param === undefined) return;
        this.receive(String.fromCharCode(param < 0 ? param + 65536 : param));
        this.skipChars = state.uc;
        return;
      default:
        if (CHARSET_WORDS[name]) this.codePage = CHARSET_WORDS[name];
        else if (SYMBOLS[name]) this.receive(SYMBOLS[name]);
    }
  }

  private bytes(bytes: string): void {
    let text = bytes;
    if (this.skipChars > 0) {
      const skipped = Math.min(this.skipChars, text.length);
      this.skipChars -= skipped;
      text = text.slice(skipped);
    }
    if (text === '') return;
    const codePage = (this.state.font !== undefined && this.fonts.get(this.state.font)) || this.codePage;
    if (this.pending !== '' && codePage !== this.pendingCodePage) this.flush();
    this.pending += text;
    this.pendingCodePage = codePage;
  }

  private flush(): void {
    if (this.pending === '') return;
    const text = decodeCodePage(this.pending, this.pendingCodePage);
    this.pending = '';
    this.receive(text);
  }

  private receive(text: string, format: { bold: boolean; italic: boolean } = this.state): void {
    const state = this.state;
    switch (state.dest) {
      case 'text':
        if (!state.hidden) this.builder().runs.push({ text, bold: format.bold, italic: format.italic, link: state.link });
        return;
      case 'listtext': {
        const builder = this.builder();
        builder.marker = (builder.marker ?? '') + text;
        return;
      }
      case 'fldinst':
        if (state.field) state.field.instruction += text;
        return;
      case 'infofield':
        if (state.infoField) this.content.info[state.infoField] = (this.content.info[state.infoField] ?? '') + text;
        return;
      case 'styledef':
        this.styleDef.name += text;
        return;
      default:
    }
  }

  private builder() {
    return this.state.target === 'note' ? this.note : this.main;
  }

  private endParagraph(): void {
    const builder = this.builder();
    if (builder.runs.length === 0 && builder.marker === undefined) return;
    const paragraph: RtfParagraph = { kind: 'paragraph', runs: builder.runs, marker: builder.marker, ...this.state.para };
    builder.runs = [];
    builder.marker = undefined;
    if (this.state.target === 'note') this.note.paragraphs.push(paragraph);
    else this.content.items.push(paragraph);
  }

  private finishNote(): void {
    this.endParagraph();
    this.content.notes.push(this.note.paragraphs);
    this.note = { runs: [], marker: undefined, paragraphs: [] };
  }

  private setFontCodePage(codePage: number | undefined): void {
    if (codePage) this.fonts.set(this.fontDef, codePage);
  }
}
