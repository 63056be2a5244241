/**
 * Who is signed in: the slice and what the rest of the program uses of it. The parts live in
 * session/: model.ts (the slice's shape, who is signed in), sign-in.ts (signing in and out),
 * kept-session.ts (the session kept from an earlier run, the account's id), slice.ts (builds
 * the parts and delegates).
 */
export * from './session/model.js';
export { createSessionSlice } from './session/slice.js';
