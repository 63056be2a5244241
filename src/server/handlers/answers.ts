/** The status envelopes of successful writes (status codes 1, 12 and 13 of the error table). */
export const SUCCESS = { success: true, status_code: 1, status_message: 'Success.' } as const;
export const UPDATED = { success: true, status_code: 12, status_message: 'The item/record was updated successfully.' } as const;
export const DELETED = { success: true, status_code: 13, status_message: 'The item/record was deleted successfully.' } as const;
