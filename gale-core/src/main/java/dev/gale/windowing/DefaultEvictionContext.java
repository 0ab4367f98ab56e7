package dev.gale.windowing;

import java.io.Serializable;

/**
 * An {@link EvictionContext} of given values (null where not known). Immutable. Serializable, as a
 * time window's policy state saved by persistent windows.
 */
public class DefaultEvictionContext implements EvictionContext, Serializable {
    private static final long serialVersionUID = 1L;
    private final Long referenceTime;
    private final Long currentCount;
    private final Long slidingCount;
    private final Long slidingInterval;

    public DefaultEvictionContext(Long referenceTime) {
        this(referenceTime, null);
    }

    public DefaultEvictionContext(Long referenceTime, Long currentCount) {
        this(referenceTime, currentCount, null);
    }

    public DefaultEvictionContext(Long referenceTime, Long currentCount, Long slidingCount) {
        this(referenceTime, currentCount, slidingCount, null);
    }

    public DefaultEvictionContext(Long referenceTime, Long currentCount, Long slidingCount, Long slidingInterval) {
        this.referenceTime = referenceTime;
        this.currentCount = currentCount;
        this.slidingCount = slidingCount;
        this.slidingInterval = slidingInterval;
    }

    @Override
    public Long getReferenceTime() {
        return referenceTime;
    }

    @Override
    public Long getCurrentCount() {
        return currentCount;
    }

    @Override
    public Long getSlidingCount() {
        return slidingCount;
    }

    @Override
    public Long getSlidingInterval() {
        return slidingInterval;
    }

    @Override
    public String toString() {
        return "DefaultEvictionContext{referenceTime=" + referenceTime + ", currentCount=" + currentCount
                + ", slidingCount=" + slidingCount + ", slidingInterval=" + slidingInterval + '}';
    }
}
