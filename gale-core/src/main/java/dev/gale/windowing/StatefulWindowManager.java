package dev.gale.windowing;

import java.util.Collection;
import java.util.Iterator;
import java.util.NoSuchElementException;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A {@link WindowManager} for windows kept in state ({@code withPersistence}): events are never
 * copied into lists; each evaluation hands the listener a supplier of iterators that scan the queue
 * (which may load partitions from the state), valid only during that evaluation. Events leave the
 * queue as a scan finds them expired; expiries are not reported (the persistent executor acks each
 * tuple as it arrives, and the checkpoint completes it). Same threading as {@link WindowManager}.
 *
 * @param <T> the type of the events
 */
public class StatefulWindowManager<T> extends WindowManager<T> {
    private static final Logger LOG = LoggerFactory.getLogger(StatefulWindowManager.class);

    public StatefulWindowManager(WindowLifecycleListener<T> lifecycleListener) {
        super(lifecycleListener);
    }

    public StatefulWindowManager(WindowLifecycleListener<T> lifecycleListener, Collection<Event<T>> queue) {
        super(lifecycleListener, queue);
    }

    /** Nothing to compact: the scans of each evaluation drop what expired. */
    @Override
    protected void compactWindow() {
    }

    @Override
    public boolean onTrigger() {
        Iterator<T> first = scan();
        boolean hasEvents = first.hasNext();
        if (hasEvents) {
            boolean[] valid = {true};
            Supplier<Iterator<T>> events = new Supplier<>() {
                private Iterator<T> initial = first;

                @Override
                public Iterator<T> get() {
                    if (!valid[0]) {
                        throw new IllegalStateException("Stale window: it is valid only during the execute it was given to");
                    }
                    Iterator<T> it = initial != null ? initial : scan();
                    initial = null;
                    return guarded(it, valid);
                }
            };
            windowLifecycleListener.onActivation(events, null, null, evictionPolicy.getContext().getReferenceTime());
            valid[0] = false;
        } else {
            LOG.trace("trigger with an empty persistent window: the bolt is not called");
        }
        triggerPolicy.reset();
        return hasEvents;
    }

    private static <T> Iterator<T> guarded(Iterator<T> inner, boolean[] valid) {
        return new Iterator<>() {
            @Override
            public boolean hasNext() {
                check();
                return inner.hasNext();
            }

            @Override
            public T next() {
                check();
                return inner.next();
            }

            private void check() {
                if (!valid[0]) {
                    throw new IllegalStateException("Stale iterator: it is valid only during the execute it was given to");
                }
            }
        };
    }

    /** An iterator over the events in the window, removing the expired ones from the queue as it meets them. */
    private Iterator<T> scan() {
        evictionPolicy.reset();
        Iterator<Event<T>> inner = queue.iterator();
        return new Iterator<>() {
            private T next;
            private boolean stopped;

            @Override
            public boolean hasNext() {
                while (!stopped && next == null && inner.hasNext()) {
                    Event<T> cur = inner.next();
                    switch (evictionPolicy.evict(cur)) {
                        case EXPIRE -> inner.remove();
                        case STOP -> stopped = true;
                        case PROCESS -> next = cur.get();
                        default -> {
                            // KEEP: in the queue, not in this window
                        }
                    }
                }
                return next != null;
            }

            @Override
            public T next() {
                if (!hasNext()) {
                    throw new NoSuchElementException();
                }
                T res = next;
                next = null;
                return res;
            }
        };
    }
}
