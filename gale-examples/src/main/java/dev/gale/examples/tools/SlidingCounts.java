package dev.gale.examples.tools;

import java.io.Serializable;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.Map;
import java.util.Set;

/**
 * Counts keys over a sliding window made of a fixed number of equal slots: {@link #add} counts in
 * the newest slot, {@link #advance} reports the window's totals and then replaces the oldest slot
 * with a new, empty one. Whoever calls {@code advance} at a steady pace (a bolt on its tick tuples)
 * gets counts over the last {@code slots} periods. A key is forgotten once its last count has left
 * the window, after being reported once more with a total of 0, so that whoever ranks the totals
 * can drop it too.
 *
 * <p>Not thread-safe: one per bolt task.
 *
 * @param <K> the type of the keys counted
 */
public final class SlidingCounts<K> implements Serializable {
    private static final long serialVersionUID = 1L;

    private final int slots;
    /** Per key, its count in each slot; the arrays are indexed like the ring of slots. */
    private final Map<K, long[]> counts = new HashMap<>();
    /** Keys whose last count left the window at the previous advance: reported with 0 at the next. */
    private final Set<K> left = new HashSet<>();
    private int newest;

    /**
     * @param slots how many periods the window spans
     * @throws IllegalArgumentException if {@code slots} is below 1
     */
    public SlidingCounts(int slots) {
        if (slots < 1) {
            throw new IllegalArgumentException("a window needs at least one slot, got " + slots);
        }
        this.slots = slots;
    }

    /** Counts one occurrence of {@code key} in the newest slot. */
    public void add(K key) {
        counts.computeIfAbsent(key, k -> new long[slots])[newest]++;
        left.remove(key);
    }

    /**
     * Ends the newest slot: returns the total of every key counted in the window, and 0 for each
     * key that left the window at the previous call; then starts a new slot in place of the oldest.
     */
    public Map<K, Long> advance() {
        Map<K, Long> totals = new HashMap<>();
        for (K key : left) {
            totals.put(key, 0L);
        }
        left.clear();
        for (Map.Entry<K, long[]> e : counts.entrySet()) {
            long total = 0;
            for (long c : e.getValue()) {
                total += c;
            }
            totals.put(e.getKey(), total);
        }
        newest = (newest + 1) % slots;
        for (Iterator<Map.Entry<K, long[]>> it = counts.entrySet().iterator(); it.hasNext(); ) {
            Map.Entry<K, long[]> e = it.next();
            e.getValue()[newest] = 0;
            if (isEmpty(e.getValue())) {
                it.remove();
                left.add(e.getKey());
            }
        }
        return totals;
    }

    private static boolean isEmpty(long[] perSlot) {
        for (long c : perSlot) {
            if (c != 0) {
                return false;
            }
        }
        return true;
    }
}
