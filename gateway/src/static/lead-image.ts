// The first view's lead image: on a phone it is the page's largest paint (the first card's photo,
// a product page's large photo). The page's answer names it as a high-priority preload, so the
// browser fetches it while the JavaScript that draws it is still arriving.
//
// It is read from the catalogue answer the edge cache already keeps for the page's first read, and
// from nothing else: a page never waits on the catalog. The edge cache forgets its answers on every
// catalogue change, and a phone's first visit then came with no image named; so the last lead image
// seen for each read is remembered and named until a kept answer says otherwise (LeadImages). At
// worst a remembered image is no longer the lead one, and the browser fetches one image it does not
// show first.
//
// A listing with photos leads with its cover, which the page shows from a srcset (WebP, several
// widths) at the `sizes` of a card or of the product page (contracts PhotoSizes). The preload names
// the same srcset and sizes, so the browser fetches the very file the page then picks, not the
// plain JPEG `src` it would never use.
import { gallerySizesOf, leadImageOf, PhotoSizes } from '@pl/contracts';

/**
 * What is written into a `Link` header as it is: a same-origin path or an https URL of plain URL
 * characters. Anything else (a `>`, `,`, `;`, quote or space would end or split the header's
 * value) is not named at all; the page still shows it, only without the head start.
 */
const LINKABLE = /^(?:\/(?!\/)|https:\/\/)[\w\-.~/%:@+=&?]*$/;

/** One candidate of a srcset: a linkable address and its width (`/api/media/photos/ab12-640.webp 640w`). */
const SRCSET_CANDIDATE = /^(\S+) \d{1,5}w$/;

const seen = new WeakMap<Buffer, string | null>();

/**
 * The preload of the lead image of a kept catalogue answer (a product list's first product, or one
 * product), as an element of the `Link` header, if it can be named.
 */
export function leadImageOfAnswer(body: Buffer): string | undefined {
  let link = seen.get(body);
  if (link === undefined) {
    link = null;
    try {
      const answer: unknown = JSON.parse(body.toString('utf8'));
      const list = isRecord(answer) && Array.isArray(answer.data);
      const product = list ? (answer.data as unknown[])[0] : answer;
      if (isRecord(product) && Array.isArray(product.images) && product.images.every((src) => typeof src === 'string')) {
        const lead = leadImageOf(product.images as string[]);
        if (LINKABLE.test(lead)) {
          const cover = coverOf(product.photos, lead);
          const srcset = cover && srcsetOf(cover);
          // The sizes the page shows it at: a card's, or the product page's for this photo's shape.
          const sizes = list
            ? PhotoSizes.card
            : typeof cover?.width === 'number' && typeof cover.height === 'number'
              ? gallerySizesOf({ width: cover.width, height: cover.height })
              : PhotoSizes.gallery;
          link = srcset
            ? `<${lead}>; rel=preload; as=image; imagesrcset="${srcset}"; imagesizes="${sizes}"; fetchpriority=high`
            : `<${lead}>; rel=preload; as=image; fetchpriority=high`;
        }
      }
    } catch {
      // Not JSON after all: nothing to name.
    }
    seen.set(body, link);
  }
  return link ?? undefined;
}

/**
 * The WebP srcset of the photo whose `src` is the lead image (the cover), when every candidate in it
 * can be written into the header as it is; otherwise none (the plain `src` is named alone).
 */
function srcsetOf(cover: Record<string, unknown>): string | undefined {
  if (typeof cover.webpSrcset !== 'string') return undefined;
  const candidates = cover.webpSrcset.split(',').map((candidate) => candidate.trim());
  const linkable = candidates.every((candidate) => {
    const address = SRCSET_CANDIDATE.exec(candidate)?.[1];
    return address !== undefined && LINKABLE.test(address);
  });
  return linkable && candidates.length > 0 ? candidates.join(', ') : undefined;
}

/** The photo whose `src` is the lead image (the cover), if the answer has it. */
function coverOf(photos: unknown, lead: string): Record<string, unknown> | undefined {
  if (!Array.isArray(photos)) return undefined;
  const cover: unknown = photos.find((photo) => isRecord(photo) && photo.src === lead);
  return isRecord(cover) ? cover : undefined;
}

/** The most reads whose lead image is remembered (a product page each): the oldest is forgotten first. */
const REMEMBERED_READS = 5000;

export interface LeadImages {
  /** The preload of the lead image for the catalogue read `read`: the kept answer's, else the last one seen for it. */
  of(read: string, kept: Buffer | undefined): string | undefined;
}

export function createLeadImages(): LeadImages {
  const remembered = new Map<string, string>();
  return {
    of(read, kept) {
      if (!kept) return remembered.get(read);
      // A kept answer decides, also when its lead image cannot be named: then nothing is.
      const image = leadImageOfAnswer(kept);
      if (remembered.get(read) !== image) {
        remembered.delete(read);
        if (image) remembered.set(read, image);
        if (remembered.size > REMEMBERED_READS) remembered.delete(remembered.keys().next().value!);
      }
      return image;
    },
  };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}
