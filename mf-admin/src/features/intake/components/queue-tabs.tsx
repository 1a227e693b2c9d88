import { IntakeQueues, type IntakeCounts } from '@pl/contracts';
import { buttonClass, Link, type UseQueryResult } from '@pl/ui';
import { deskQueryOf, queueTabText, type DeskSearch } from '../utils/intake-queue.js';

/**
 * The work queues, each a link to the desk showing it (the search is kept), with how many listings
 * wait in it. Links rather than tabs: each queue is its own address, and Back and a new tab work.
 */
export function QueueTabs({ search, counts }: { search: DeskSearch; counts: UseQueryResult<IntakeCounts> }) {
  return (
    <nav aria-label="Work queue" className="adm-intake-queues">
      <ul className="adm-chips">
        {IntakeQueues.map((queue) => {
          const current = queue === search.queue;
          return (
            <li key={queue}>
              <Link
                to={`/admin/intake${deskQueryOf({ ...search, queue })}`}
                replace
                className={`${buttonClass({ variant: current ? 'secondary' : 'outline' })} adm-chip`}
                aria-current={current ? 'page' : undefined}
                data-queue={queue}
              >
                {queueTabText(queue, counts.data)}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
