// The page's one query cache, for the shell and every remote. Apps import these from @pl/ui (a
// Module Federation singleton), never from @tanstack/react-query itself: the QueryClient's context
// must be the shell's, and only the parts named here reach a browser. Shared on its own, the
// package was sent whole (every hook, hydration, the queries observer): 12.5 KB compressed of every
// first view, where what the shop uses is 10 KB (decision 077).
export {
  InfiniteQueryObserver,
  QueryClient,
  QueryClientProvider,
  QueryObserver,
  infiniteQueryOptions,
  keepPreviousData,
  matchQuery,
  queryOptions,
  useInfiniteQuery,
  useIsMutating,
  useMutation,
  useQuery,
  useQueryClient,
  type InfiniteData,
  type Query,
  type QueryFunction,
  type QueryFunctionContext,
  type UseMutationResult,
  type UseQueryResult,
} from '@tanstack/react-query';
