package dev.gale.examples.tools;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * storm-starter's Rankings: the top N {@link Rankable}s by count, highest first, one entry per
 * object. Updates are synchronized; emit a {@link #copy()} rather than the live instance.
 */
public class Rankings implements Serializable {

    private static final long serialVersionUID = -1549827195410578903L;
    private static final int DEFAULT_COUNT = 10;

    private final int maxSize;
    private final List<Rankable> rankedItems = new ArrayList<>();

    public Rankings() {
        this(DEFAULT_COUNT);
    }

    public Rankings(int topN) {
        if (topN < 1) {
            throw new IllegalArgumentException("topN must be >= 1");
        }
        maxSize = topN;
    }

    /** Copy constructor. */
    public Rankings(Rankings other) {
        this(other.maxSize());
        updateWith(other);
    }

    /** The maximum number of rankables this instance keeps. */
    public int maxSize() {
        return maxSize;
    }

    /** The number of rankables currently ranked, at most {@link #maxSize()}. */
    public int size() {
        return rankedItems.size();
    }

    /** An immutable copy of the ranked items, each itself copied, highest count first. */
    public List<Rankable> getRankings() {
        List<Rankable> copy = new ArrayList<>();
        synchronized (rankedItems) {
            for (Rankable r : rankedItems) {
                copy.add(r.copy());
            }
        }
        return List.copyOf(copy);
    }

    public void updateWith(Rankings other) {
        for (Rankable r : other.getRankings()) {
            updateWith(r);
        }
    }

    public void updateWith(Rankable r) {
        synchronized (rankedItems) {
            addOrReplace(r);
            rerank();
            shrinkRankingsIfNeeded();
        }
    }

    private void addOrReplace(Rankable r) {
        Integer rank = findRankOf(r);
        if (rank != null) {
            rankedItems.set(rank, r);
        } else {
            rankedItems.add(r);
        }
    }

    private Integer findRankOf(Rankable r) {
        Object tag = r.getObject();
        for (int rank = 0; rank < rankedItems.size(); rank++) {
            Object cur = rankedItems.get(rank).getObject();
            if (cur.equals(tag)) {
                return rank;
            }
        }
        return null;
    }

    private void rerank() {
        Collections.sort(rankedItems);
        Collections.reverse(rankedItems);
    }

    private void shrinkRankingsIfNeeded() {
        if (rankedItems.size() > maxSize) {
            rankedItems.remove(maxSize);
        }
    }

    /** Removes rankables whose count is zero: words that left the sliding window. */
    public void pruneZeroCounts() {
        synchronized (rankedItems) {
            int i = 0;
            while (i < rankedItems.size()) {
                if (rankedItems.get(i).getCount() == 0) {
                    rankedItems.remove(i);
                } else {
                    i++;
                }
            }
        }
    }

    @Override
    public String toString() {
        synchronized (rankedItems) {
            return rankedItems.toString();
        }
    }

    /** A deep copy of this instance. */
    public Rankings copy() {
        return new Rankings(this);
    }
}
