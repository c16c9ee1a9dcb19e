/**
 * Error texts the API answers with and the clients show as they are. The wording of the first
 * group is the spec's (section 5 and 8).
 */
export const ERRORS = {
  onlyJpegPng: 'Only jpeg and png files are allowed',
  tooManyImages: 'You can upload up to 8 images',
  server: 'Server error!',
  wrongCredentials: 'Wrong username or password',
  unauthorized: 'Authentication required',
  notFound: 'Not found',
  tooManyRequests: 'Too many requests, please try again later',
  fileTooLarge: 'File is too large',
  imageTooLarge: 'Image has too many pixels',
  ownPasswordOnly: 'Only the user themselves can change their password',
  userNameTaken: 'This user name is already taken',
  emailTaken: 'This e-mail is already used by another user',
  ownNotesOnly: 'Only its author can delete a note',
  categoryHasProducts: 'This category still has products; move or delete them first',
  forbidden: 'Your role does not allow this',
  adminOnly: 'Only an admin can change roles, activate or deactivate users',
  lastAdmin: 'The last active admin cannot be deleted, deactivated or given another role',
  twoFactorRequired: 'This account needs its two-factor code: send `totp` or `recovery_code`',
  twoFactorWrong: 'Wrong or already used two-factor code',
  twoFactorEnrolment: 'Administrators must turn on two-factor sign-in first (/api/two-factor)',
  twoFactorOn: 'Two-factor sign-in is already on',
  twoFactorOff: 'Two-factor sign-in is not on',
  twoFactorNotStarted: 'Start the two-factor set-up first',
  twoFactorCodeWrong: 'Wrong code: check the time on your phone and try the newest code',
  twoFactorProof: 'Confirm with your password or a current two-factor code',
  scheduleEmpty: 'Give a publish time, an unpublish time, or both',
  schedulePast: 'A scheduled time must not be in the past',
  scheduleOrder: 'The unpublish time must be after the publish time',
  documentFormat: 'Only PDF, DWG, DXF, STEP and ZIP files are allowed',
  documentOwner: 'A document belongs to exactly one product, project or category',
  concurrentChange: 'Someone else changed this at the same moment; try again',
} as const;

/**
 * The stable code of every error the API answers (`{ error, code }`): clients show their own
 * text for it, in their user's language, instead of the English `error`. A code is
 * never renamed or reused; a new kind of error gets a new one. Dotted codes belong to one
 * resource; the others can come from any route.
 */
export const ERROR_CODES = [
  /** 400: a field's value is invalid; `field` names it. */
  'validation',
  /** 400: the request itself is malformed (not JSON, an empty or broken body, too many parts). */
  'badRequest',
  /** 400: none of a text's languages is filled in; `field` names the text (`name`). */
  'oneLanguage',
  /** 400: a field names a record that does not exist (a product's category). */
  'referenceMissing',
  /** 400: a file in a field that takes none. */
  'unexpectedFile',
  /** 400: more images than a product may have (8). */
  'images.tooMany',
  /** 400: an image file that cannot be read. */
  'images.unreadable',
  /** 401: a staff-only call without a session. */
  'unauthorized',
  /** 401: the session has expired, was ended, or its user was deactivated. */
  'sessionExpired',
  /** 401: sign-in with a wrong user name or password. */
  'wrongCredentials',
  /** 401: the password was right; the account has two-factor sign-in: send its code too. */
  'twoFactorRequired',
  /** 401: sign-in with a wrong, stale or already used two-factor or recovery code. */
  'twoFactorWrong',
  /** 403: the caller may not do this. */
  'forbidden',
  /** 403: a cookie-authenticated write without the back office's CSRF header. */
  'csrf',
  /** 403: a password change for another user. */
  'users.ownPasswordOnly',
  /** 400: a password change without the current password. */
  'users.currentPasswordRequired',
  /** 400: a password change whose current password is wrong. */
  'users.currentPasswordWrong',
  /** 403: an administrator without two-factor sign-in where it is required: enrol first. */
  'twoFactor.enrolmentRequired',
  /** 409: setting up two-factor sign-in that is on already (turn it off first). */
  'twoFactor.alreadyOn',
  /** 409: turning off, or new recovery codes for, two-factor sign-in that is not on. */
  'twoFactor.notOn',
  /** 409: confirming a two-factor set-up that was not started. */
  'twoFactor.notStarted',
  /** 400: a wrong code confirming the set-up. */
  'twoFactor.codeWrong',
  /** 400: a wrong or missing password or code where one must prove it is them. */
  'twoFactor.proofWrong',
  /** 404: no such record, route or delivery. */
  'notFound',
  /** 409: a record with these unique values already exists. */
  'conflict',
  /** 409: a record other records still refer to. */
  'inUse',
  /**
   * 409: the database gave the request up for another that ran into it at the same moment (a
   * deadlock, a serialization failure, a busy file); nothing was changed: send it again.
   */
  'concurrentChange',
  /** 409: deleting, deactivating or demoting the last active admin. */
  'users.lastActiveAdmin',
  /** 403: a role or active change by someone who is not an admin (their own profile's edit). */
  'users.adminOnly',
  /** 409: the user name is taken. */
  'users.nameTaken',
  /** 409: the e-mail is used by another user. */
  'users.emailTaken',
  /** 409: deleting a category that still has products. */
  'categories.hasProducts',
  /** 400: a schedule with neither a publish nor an unpublish time. */
  'schedules.empty',
  /** 400: a scheduled time more than a minute in the past; `field` names it. */
  'schedules.past',
  /** 400: an unpublish time not after the publish time; `field` is `unpublish_at`. */
  'schedules.order',
  /** 404: publishing or previewing a draft a record does not have. */
  'drafts.none',
  /**
   * 400: a save naming a stored picture its draft does not hold (a colleague replaced the
   * draft meanwhile); `field` names the field.
   */
  'drafts.unknownPicture',
  /** 404: a preview of a record the site shows no page of (its category is hidden). */
  'drafts.noPage',
  /** 502: the preview's pages could not be built; `error` says why. */
  'drafts.previewFailed',
  /** 400: retrying a delivery that has not failed. */
  'notifications.notRetryable',
  /** 400: answering a lead in Telegram whose buyer has no chat with the bot open. */
  'telegram.noChat',
  /** 401: a webhook call without Telegram's secret token (Telegram never gets this one). */
  'telegram.secret',
  /** 400: turning buyers' chats on without what they need (a token, the bot, the group). */
  'telegram.incomplete',
  /** 502: Telegram refused the webhook's registration; `error` is its answer. */
  'telegram.refused',
  /** 403: deleting a staff note somebody else wrote. */
  'notes.ownOnly',
  /** 502: a test message the channel refused; `error` is the channel's own answer. */
  'notifications.deliveryFailed',
  /** 401: a rebuild webhook with a bad or stale signature. */
  'publishing.signatureRefused',
  /** 409: a rebuild webhook received twice. */
  'publishing.replayed',
  /** 409: a rebuild webhook on an instance that does not publish. */
  'publishing.disabled',
  /** 413: a request body larger than allowed. */
  'payloadTooLarge',
  /** 413: an image file larger than allowed. */
  'images.fileTooLarge',
  /** 413: a document larger than allowed (DOCUMENT_MAX_MB). */
  'documents.fileTooLarge',
  /** 415: a document that is not PDF, DWG, DXF, STEP or ZIP by its bytes. */
  'documents.unsupported',
  /** 400: a document whose name's extension says another format than its bytes. */
  'documents.extensionMismatch',
  /** 400: more documents than one record may have (DOCUMENTS_PER_RECORD). */
  'documents.tooMany',
  /** 400: a document with no owner, or more than one (product, project, category). */
  'documents.oneOwner',
  /** 400: a document neither on request nor with a file. */
  'documents.fileRequired',
  /** 413: a products sheet larger than an import takes (10 MB). */
  'products.sheetTooLarge',
  /** 413: an XLSX sheet whose parts unpack past what an import reads. */
  'products.sheetUnpackedTooLarge',
  /** 413: an XLSX file of more archive entries than a workbook has. */
  'products.sheetTooManyEntries',
  /** 413: an XLSX sheet with more shared strings than an import takes. */
  'products.sheetTooManyStrings',
  /** 413: a sheet with more rows of products than one import takes (5000). */
  'products.sheetTooManyRows',
  /** 413: a sheet with more columns, cells or text than an import takes. */
  'products.sheetTooManyCells',
  /** 413: a sheet's cell longer than a spreadsheet cell holds (32,767 characters). */
  'products.sheetCellTooLong',
  /** 400: a file that is neither a readable XLSX nor CSV, or is empty. */
  'products.sheetUnreadable',
  /** 409: another sheet is being imported on this server; try again when it is done. */
  'products.importBusy',
  /** 413: an image with more pixels than allowed. */
  'images.tooManyPixels',
  /** 415: a body in a content type the address does not take. */
  'unsupportedMedia',
  /** 415: an image that is not JPEG or PNG. */
  'images.onlyJpegPng',
  /** 429: too many requests (sign-in, public forms); try again later. */
  'rateLimited',
  /** 500: the server failed; details only in its log. */
  'server',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

export function isErrorCode(value: unknown): value is ErrorCode {
  return (ERROR_CODES as readonly unknown[]).includes(value);
}
