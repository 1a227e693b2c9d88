import {
  canRetryUpload,
  fileSizeText,
  NOT_A_PHOTO_TEXT,
  refuseBeforeUpload,
  TOO_LARGE_TEXT,
  uploadContentType,
  uploadErrorText,
  uploadProgressText,
} from './photo-upload';

describe('the type an upload is sent as', () => {
  it("takes the browser's type when the shop takes it", () => {
    expect(uploadContentType('IMG_0001.JPG', 'image/jpeg')).toBe('image/jpeg');
    expect(uploadContentType('a.png', 'IMAGE/PNG')).toBe('image/png');
  });

  it('goes by the file name when the browser gives no type (a HEIC from some phones)', () => {
    expect(uploadContentType('IMG_0001.HEIC', '')).toBe('image/heic');
    expect(uploadContentType('photo.jpeg', 'application/octet-stream')).toBe('image/jpeg');
  });

  it('has none for a file that is no photo the shop takes', () => {
    expect(uploadContentType('notes.pdf', 'application/pdf')).toBeUndefined();
    expect(uploadContentType('drawing.svg', 'image/svg+xml')).toBeUndefined();
    expect(uploadContentType('noextension', '')).toBeUndefined();
  });
});

describe('a file refused before it is sent', () => {
  it('refuses what is not a photo, what is too large, and an empty file', () => {
    expect(refuseBeforeUpload({ name: 'a.pdf', type: 'application/pdf', size: 10 })).toBe(NOT_A_PHOTO_TEXT);
    expect(refuseBeforeUpload({ name: 'a.jpg', type: 'image/jpeg', size: 26 * 1024 * 1024 })).toBe(TOO_LARGE_TEXT);
    expect(refuseBeforeUpload({ name: 'a.jpg', type: 'image/jpeg', size: 0 })).toMatch(/empty/);
  });

  it('lets a photo within the limit go', () => {
    expect(refuseBeforeUpload({ name: 'a.jpg', type: 'image/jpeg', size: 25 * 1024 * 1024 })).toBeUndefined();
  });

  it('names the limit in megabytes', () => {
    expect(TOO_LARGE_TEXT).toBe('The photo is too large: at most 25 MB.');
  });
});

describe('why an upload failed', () => {
  it("gives the server's own message when it sent one", () => {
    expect(uploadErrorText({ status: 409, serverMessage: 'A listing has at most 12 photos: delete one first.' })).toBe('A listing has at most 12 photos: delete one first.');
    expect(uploadErrorText({ status: 422, serverMessage: 'The image is too small: at least 320 pixels wide.' })).toBe('The image is too small: at least 320 pixels wide.');
  });

  it('says a lost connection sent nothing', () => {
    expect(uploadErrorText({ status: 0 })).toBe('No connection: the photo was not sent. Check the network, then retry.');
  });

  it('explains each refusal that came without a message', () => {
    expect(uploadErrorText({ status: 401 })).toMatch(/signed out/);
    expect(uploadErrorText({ status: 403 })).toMatch(/may not/);
    expect(uploadErrorText({ status: 409 })).toBe('A listing has at most 12 photos: delete one first.');
    expect(uploadErrorText({ status: 413 })).toBe(TOO_LARGE_TEXT);
    expect(uploadErrorText({ status: 415 })).toBe(NOT_A_PHOTO_TEXT);
    expect(uploadErrorText({ status: 422 })).toMatch(/could not be read/);
    expect(uploadErrorText({ status: 503 })).toMatch(/retry in a moment/);
    expect(uploadErrorText({ status: 418 })).toBe('The upload failed (error 418).');
  });

  it('offers a retry only when sending the same file again can succeed', () => {
    expect([0, 401, 409, 500, 503].every(canRetryUpload)).toBe(true);
    expect([404, 413, 415, 422].some(canRetryUpload)).toBe(false);
  });
});

describe('the progress of an upload', () => {
  it('counts up in percent, then says the shop is preparing the photo', () => {
    expect(uploadProgressText(0, 0)).toBe('0%');
    expect(uploadProgressText(450, 1000)).toBe('45%');
    expect(uploadProgressText(999, 1000)).toBe('99%');
    expect(uploadProgressText(1000, 1000)).toBe('Sent; preparing the photo…');
  });

  it('gives a file size in MB or KB', () => {
    expect(fileSizeText(3.4 * 1024 * 1024)).toBe('3.4 MB');
    expect(fileSizeText(820 * 1024)).toBe('820 KB');
    expect(fileSizeText(10)).toBe('1 KB');
  });
});
