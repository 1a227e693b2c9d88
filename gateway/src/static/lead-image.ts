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
import { leadImageOf } from '@pl/contracts';

/**
 * What is written into a `Link` header as it is: a same-origin path or an https URL of plain URL
 * characters. Anything else (a `>`, `,`, `;`, quote or space would end or split the header's
 * value) is not named at all; the page still shows it, only without the head start.
 */
const LINKABLE = /^(?:\/(?!\/)|https:\/\/)[\w\-.~/%:@+=&?]*$/;

const seen = new WeakMap<Buffer, string | null>();

/** The lead image of a kept catalogue answer (a product list's first product, or one product), if it can be named. */
export function leadImageOfAnswer(body: Buffer): string | undefined {
  let image = seen.get(body);
  if (image === undefined) {
    image = null;
    try {
      const answer: unknown = JSON.parse(body.toString('utf8'));
      const product = isRecord(answer) && Array.isArray(answer.data) ? answer.data[0] : answer;
      if (isRecord(product) && Array.isArray(product.images) && product.images.every((src) => typeof src === 'string')) {
        const lead = leadImageOf(product.images as string[]);
        if (LINKABLE.test(lead)) image = lead;
      }
    } catch {
      // Not JSON after all: nothing to name.
    }
    seen.set(body, image);
  }
  return image ?? undefined;
}

/** The most reads whose lead image is remembered (a product page each): the oldest is forgotten first. */
const REMEMBERED_READS = 5000;

export interface LeadImages {
  /** The lead image to name for the catalogue read `read`: the kept answer's, else the last one seen for it. */
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
