package dev.gale.impl.util;

/**
 * The probing half of an open-addressing hash table keyed by non-zero longs: linear probing over
 * a table of any size (not just powers of two, so it can be sized to a known load), and deletion
 * by backward shift, so there are no tombstones and lookups stay short. Subclasses keep the
 * per-slot data in their own parallel arrays and move it when told to.
 *
 * <p>Not thread-safe. Key 0 marks an empty slot and cannot be stored.
 */
public abstract class LongOpenHashIndex extends LeadingPad {
    private static final double MAX_LOAD = 0.8;

    protected long[] keys;
    protected int capacity;
    private int size;
    private int resizeAt;

    protected LongOpenHashIndex(int initialCapacity) {
        setCapacity(Math.max(8, initialCapacity));
        this.keys = new long[capacity];
    }

    private void setCapacity(int cap) {
        this.capacity = cap;
        this.resizeAt = (int) (cap * MAX_LOAD);
    }

    /** The capacity that holds {@code entries} without resizing. */
    public static int capacityFor(int entries) {
        return (int) Math.min(Integer.MAX_VALUE - 8, (long) Math.ceil(entries / MAX_LOAD) + 1);
    }

    public final int size() {
        return size;
    }

    public final int capacity() {
        return capacity;
    }

    /** The key's home slot: a mixed hash mapped onto [0, capacity) without division. */
    protected final int home(long key) {
        long h = key * 0x9E3779B97F4A7C15L;
        h ^= h >>> 32;
        return (int) (((h & 0xFFFFFFFFL) * capacity) >>> 32);
    }

    private int next(int slot) {
        return ++slot == capacity ? 0 : slot;
    }

    /** The slot holding {@code key}, or -1. */
    public final int indexOf(long key) {
        int slot = home(key);
        long k;
        while ((k = keys[slot]) != 0) {
            if (k == key) {
                return slot;
            }
            slot = next(slot);
        }
        return -1;
    }

    /**
     * The slot holding {@code key}, inserting the key if absent. After an insert the slot's data is
     * whatever {@link #clearSlot} left, so callers initialise it; {@link #lastInsertCreated()} says
     * which happened.
     */
    protected final int insert(long key) {
        if (key == 0) {
            throw new IllegalArgumentException("key 0 is reserved");
        }
        int slot = home(key);
        long k;
        while ((k = keys[slot]) != 0) {
            if (k == key) {
                created = false;
                return slot;
            }
            slot = next(slot);
        }
        if (size >= resizeAt) {
            grow();
            return insert(key);
        }
        keys[slot] = key;
        size++;
        created = true;
        return slot;
    }

    private boolean created;

    /** Whether the last {@link #insert} added the key. */
    protected final boolean lastInsertCreated() {
        return created;
    }

    /**
     * Removes the entry at {@code slot}, shifting later entries of its probe run back so no
     * lookup breaks. An entry from after {@code slot} may land in {@code slot}: a caller iterating
     * over slots must look at {@code slot} again.
     */
    protected final void removeAt(int slot) {
        int hole = slot;
        int j = next(hole);
        long k;
        while ((k = keys[j]) != 0) {
            int h = home(k);
            int distHomeToJ = j >= h ? j - h : j + capacity - h;
            int distHoleToJ = j >= hole ? j - hole : j + capacity - hole;
            if (distHomeToJ >= distHoleToJ) {
                keys[hole] = k;
                moveSlot(j, hole);
                hole = j;
            }
            j = next(j);
        }
        keys[hole] = 0;
        clearSlot(hole);
        size--;
    }

    /**
     * The capacity to grow to from {@code capacity} when the table is 0.8 full: 1.5 times by
     * default. Subclasses that must bound memory per entry grow by less, at the price of more
     * frequent (still amortised O(1)) growth.
     */
    protected long grownCapacity(int capacity) {
        return Math.max(16L, capacity + (capacity >>> 1));
    }

    private void grow() {
        int oldCap = capacity;
        long[] oldKeys = keys;
        int newCap = (int) Math.min(Integer.MAX_VALUE - 8, Math.max(oldCap + 1L, grownCapacity(oldCap)));
        beginResize(newCap);
        setCapacity(newCap);
        keys = new long[newCap];
        for (int old = 0; old < oldCap; old++) {
            long k = oldKeys[old];
            if (k != 0) {
                int slot = home(k);
                while (keys[slot] != 0) {
                    slot = next(slot);
                }
                keys[slot] = k;
                moveFromOld(old, slot);
            }
        }
        endResize();
    }

    /** Moves slot data from {@code from} to {@code to} (backward shift). */
    protected abstract void moveSlot(int from, int to);

    /** Resets the data of a slot that became empty (drop references so they can be collected). */
    protected abstract void clearSlot(int slot);

    /** Keeps the current data arrays aside and allocates ones of {@code newCapacity}. */
    protected abstract void beginResize(int newCapacity);

    /** Copies one slot's data from the arrays kept aside to the new arrays. */
    protected abstract void moveFromOld(int oldSlot, int newSlot);

    /** Drops the arrays kept aside. */
    protected abstract void endResize();
}
