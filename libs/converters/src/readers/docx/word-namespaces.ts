/** WordprocessingML's main namespace: every element of a DOCX's document and numbering parts. */
export const W_NS = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';
