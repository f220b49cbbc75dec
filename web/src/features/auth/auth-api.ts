import { changePassword } from './api/change-password.ts';
import { deleteAvatar } from './api/delete-avatar.ts';
import { getAuthConfig } from './api/get-auth-config.ts';
import { getProfile } from './api/get-profile.ts';
import { getSession } from './api/get-session.ts';
import { listOutboxMails } from './api/list-outbox-mails.ts';
import { requestPasswordReset } from './api/request-password-reset.ts';
import { resetPassword } from './api/reset-password.ts';
import { sendVerificationEmail } from './api/send-verification-email.ts';
import { signIn } from './api/sign-in.ts';
import { signInWithGoogle } from './api/sign-in-with-google.ts';
import { signOut } from './api/sign-out.ts';
import { signUp } from './api/sign-up.ts';
import { updateProfile } from './api/update-profile.ts';
import { uploadAvatar } from './api/upload-avatar.ts';

export type { AuthUser } from './api/get-session.ts';
export type { AuthConfig } from './api/get-auth-config.ts';
export type { OutboxMail } from './api/list-outbox-mails.ts';
export type { Profile } from './api/get-profile.ts';

/** The accounts endpoints in one object, as the pages and the auth context call them (one file per endpoint in ./api). */
export const authApi = {
  getSession,
  getConfig: getAuthConfig,
  signUp,
  signIn,
  signOut,
  signInWithGoogle,
  sendVerificationEmail,
  requestPasswordReset,
  resetPassword,
  changePassword,
  getProfile,
  updateProfile,
  uploadAvatar,
  deleteAvatar,
  listOutbox: listOutboxMails,
};
