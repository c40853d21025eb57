/**
 * Which conversions a cached output came from. The result cache serves an earlier
 * job's outputs only when this matches: bump it in any change that alters what a
 * reader or a format produces (a fixed table, a new heading rule), so upgraded
 * workers stop handing out what older ones made.
 */
export const CONVERTER_VERSION = '2026-11-28.8';
