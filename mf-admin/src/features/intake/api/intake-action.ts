import type { IntakeDetail, PhotoList } from '@pl/contracts';
import { toast, useMutation, useQueryClient, type QueryClient } from '@pl/ui';
import { failureText } from '../../../shared/utils/failure-text.js';
import { intakeCountsQueryOptions } from './get-intake-counts.js';
import { intakeDetailQueryKey } from './get-intake-detail.js';
import { intakeListKeyPrefix } from './get-intake-list.js';

/**
 * What every change at the desk does around its request. The answer is the listing (an
 * inspection, the POS grade accepted) or its photos as they now are, so it replaces what is cached
 * at once; the queues and counts it may have moved between are fetched again. A refusal or failure
 * raises a destructive toast with the server's reason, and the listing is read again, since a 409
 * means this page showed it out of date.
 */

/** The queues and their counts, asked again after any change (a listing left 'No photos', say). */
export function refreshQueues(queryClient: QueryClient) {
  return Promise.all([intakeListKeyPrefix, intakeCountsQueryOptions().queryKey].map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

/** The listing's photos in the cached listing: the product's `photos`, as every answer of a photo change gives them. */
export function putPhotos(queryClient: QueryClient, productId: string, photos: PhotoList['photos']) {
  queryClient.setQueryData<IntakeDetail>(intakeDetailQueryKey(productId), (detail) => (detail ? { ...detail, product: { ...detail.product, photos } } : detail));
}


interface ActionOptions<Answer> {
  productId: string;
  /** The toast's title on success; none: the page says it itself. */
  done?: string;
  failed: string;
  /** Puts the answer into the cache. */
  apply: (queryClient: QueryClient, answer: Answer) => void;
}

export function useIntakeAction<Variables, Answer>(post: (variables: Variables) => Promise<Answer>, { productId, done, failed, apply }: ActionOptions<Answer>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: post,
    onSuccess: (answer) => {
      apply(queryClient, answer);
      if (done) toast({ title: done });
      void refreshQueues(queryClient);
    },
    onError: async (error) => {
      toast({ variant: 'destructive', title: failed, description: failureText(error) });
      await Promise.all([queryClient.invalidateQueries({ queryKey: intakeDetailQueryKey(productId) }), refreshQueues(queryClient)]);
    },
  });
}

/** An action whose answer is the whole listing (IntakeDetail). */
export const putDetail = (productId: string) => (queryClient: QueryClient, detail: IntakeDetail) => queryClient.setQueryData(intakeDetailQueryKey(productId), detail);
/** An action whose answer is the listing's photos (PhotoList). */
export const putPhotoList = (productId: string) => (queryClient: QueryClient, list: PhotoList) => putPhotos(queryClient, productId, list.photos);
