package dev.gale.storm.bridge.internal;

import dev.gale.tuple.Tuple;
import dev.gale.windowing.TimestampExtractor;

/** A Storm windowed bolt's timestamp extractor, asked about Gale's tuples. Thread-safe if the Storm extractor is. */
final class BridgedTimestampExtractor implements TimestampExtractor {
    private static final long serialVersionUID = 1L;

    private final org.apache.storm.windowing.TimestampExtractor storm;

    BridgedTimestampExtractor(org.apache.storm.windowing.TimestampExtractor storm) {
        this.storm = storm;
    }

    @Override
    public long extractTimestamp(Tuple tuple) {
        return storm.extractTimestamp(BridgedTuple.detached(tuple));
    }
}
