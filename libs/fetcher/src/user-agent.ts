// Kept in step with the root package.json version by user-agent.spec.ts; a constant
// rather than a runtime read because built libs do not ship the root package.json.
export const DOCFORMAT_VERSION = '0.1.0';

/** Identifies the service to origins, with a hint of what it is for. */
export const DEFAULT_USER_AGENT = `docformat/${DOCFORMAT_VERSION} (+document conversion service)`;
