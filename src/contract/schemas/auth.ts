import * as z from 'zod';
import { bool, int, str } from './common.js';

export const validateKey = z.looseObject({ success: bool, status_code: int.optional(), status_message: str.optional() });

export const requestToken = z.looseObject({ success: bool, expires_at: str, request_token: str });

export const sessionCreated = z.looseObject({ success: bool, session_id: str });

export const guestSession = z.looseObject({ success: bool, guest_session_id: str, expires_at: str });

export const sessionDeleted = z.looseObject({ success: bool });

export const requestTokenBody = z.strictObject({ request_token: z.string().min(1) });

export const loginBody = z.strictObject({
  username: z.string().min(1),
  password: z.string().min(1),
  request_token: z.string().min(1),
});

export const sessionIdBody = z.strictObject({ session_id: z.string().min(1) });
