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
  lastUser: 'The last active user cannot be deleted or deactivated',
  ownPasswordOnly: 'Only the user themselves can change their password',
  userNameTaken: 'This user name is already taken',
  emailTaken: 'This e-mail is already used by another user',
  categoryHasProducts: 'This category still has products; move or delete them first',
} as const;
