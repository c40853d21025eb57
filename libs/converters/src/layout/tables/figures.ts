/** A cell's text that is a figure: digits with their separators, signs, brackets and currency. */
export const NUMERIC = /^[\d\s.,%$€£¥()+\-–—]+$/;
