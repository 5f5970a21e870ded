/**
 * What a chosen photo goes through: the checks, HEIC conversion, compression and the upload with
 * its progress. Loaded when a member first chooses photos, not with the form that offers to.
 */
export { uploadListingImage } from '../../api/upload';
export { checkFiles } from '../../lib/file-checks';
export { compressForUpload, convertHeicToJpeg, readImageSize } from '../../lib/image-processing';
