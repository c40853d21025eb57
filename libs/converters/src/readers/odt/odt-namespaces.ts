/** The OpenDocument namespaces the ODT reader looks at. */
export const OFFICE_NS = 'urn:oasis:names:tc:opendocument:xmlns:office:1.0';
export const TEXT_NS = 'urn:oasis:names:tc:opendocument:xmlns:text:1.0';
export const TABLE_NS = 'urn:oasis:names:tc:opendocument:xmlns:table:1.0';
export const STYLE_NS = 'urn:oasis:names:tc:opendocument:xmlns:style:1.0';
export const FO_NS = 'urn:oasis:names:tc:opendocument:xmlns:xsl-fo-compatible:1.0';
export const DRAW_NS = 'urn:oasis:names:tc:opendocument:xmlns:drawing:1.0';
export const SVG_NS = 'urn:oasis:names:tc:opendocument:xmlns:svg-compatible:1.0';
export const META_NS = 'urn:oasis:names:tc:opendocument:xmlns:meta:1.0';
export const XLINK_NS = 'http://www.w3.org/1999/xlink';
export const XML_NS = 'http://www.w3.org/XML/1998/namespace';
