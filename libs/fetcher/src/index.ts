export { fetchDocument, DEFAULT_MAX_REDIRECTS } from './http-fetch';
export { postBody, type PostAnswer, type PostOptions } from './http-post';
export type { FetchOptions, FetchedDocument } from './fetch-types';
export type { ResolveHost } from './pinned-lookup';
export { refusalReason, REFUSED_IPV4_RANGES, REFUSED_IPV6_RANGES, type RefusedRange } from './address-policy';
export { DEFAULT_USER_AGENT } from './user-agent';
