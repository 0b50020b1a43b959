import { z } from 'zod';
import { ACCOUNT_NAME_MAX, PASSWORD_MIN } from './constants';
import { msg } from './messages';

export const userNameResponse = z.object({ userName: z.string() });
export const isToqueAdminResponse = z.object({ toqueAdmin: z.boolean() });

/**
 * PUT /profile/updateUser {name, password}: `password` is the current password (ACC-01).
 * `newPassword` is optional: when present the password changes and older tokens die (ACC-02).
 */
export const updateUserBody = z.object({
  name: z.string().trim().min(1, msg.nameEmpty).max(ACCOUNT_NAME_MAX, msg.nameMax),
  password: z.string().min(1, msg.currentPasswordRequired).max(200),
  newPassword: z
    .string()
    .max(200)
    .optional()
    .refine((v) => v === undefined || v === '' || v.length >= PASSWORD_MIN, msg.passwordMin),
});
export type UpdateUserBody = z.infer<typeof updateUserBody>;
export const updateUserResponse = z.object({ message: z.string(), token: z.string().optional() });
