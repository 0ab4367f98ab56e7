package dev.gale.impl.sched;

/**
 * What the placement search last read of one cycle, and the growth since the reading before: its
 * busy time and the messages it sent each peer.
 *
 * <p>Confined to the watchdog thread that runs the search.
 */
final class SlotReading {
    private long busySeen;
    /** Busy nanoseconds over the last period read. */
    long busyDelta;
    private long[] sentSeen;
    private long[] sentDelta;

    /** Takes the cycle's busy time now; returns the growth over the period. */
    long readBusy(long busyNanos) {
        busyDelta = busyNanos - busySeen;
        busySeen = busyNanos;
        return busyDelta;
    }

    /** Reads the cycle's message counts per peer: what it sent each since the last reading. */
    void readTraffic(DutyCycle cycle) {
        int peers = cycle.peers();
        if (peers == 0) {
            return;
        }
        if (sentSeen == null || sentSeen.length != peers) {
            sentSeen = new long[peers];
            sentDelta = new long[peers];
        }
        for (int i = 0; i < peers; i++) {
            long now = cycle.sentTo(i);
            sentDelta[i] = now - sentSeen[i];
            sentSeen[i] = now;
        }
    }

    /** Messages sent to the peer at {@code peerIndex} in the last period read. */
    long sentTo(int peerIndex) {
        return sentDelta == null || peerIndex < 0 || peerIndex >= sentDelta.length ? 0 : sentDelta[peerIndex];
    }
}
