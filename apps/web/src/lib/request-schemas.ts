/*
 * The shared request schemas the web app checks its forms and answers with (the same rules the
 * server applies), in one chunk loaded on first use: the schema library is no part of any page's
 * first load. Load them through load-request-schemas.ts, never import this module statically.
 */
import { z } from 'zod';

export {
  BanUserBody,
  CancelOrderBody,
  ChangeEmailBody,
  ChangePasswordBody,
  ConfirmEmailChangeBody,
  CounterOfferBody,
  CreateAlertBody,
  CreateModerationRuleBody,
  CreateOfferBody,
  CreateReviewBody,
  DeleteAccountBody,
  ListingBody,
  MemberSearchQuery,
  RejectListingBody,
  ReplyToReviewBody,
  RequestPasswordResetBody,
  ResendVerificationBody,
  ResetPasswordBody,
  ShipOrderBody,
  SignInBody,
  SignUpBody,
  UpdateAdminSettingsBody,
  UpdateAlertBody,
  UpdatePostBody,
  UpdateProfileBody,
  UploadedImageDto,
} from '@castline/shared';

/** Any error body that carries a message (an upload's answer); its code is kept when the app knows it. */
export const AnyErrorBody = z.object({
  error: z.object({
    code: z.string().optional(),
    message: z.string().min(1),
    issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  }),
});
