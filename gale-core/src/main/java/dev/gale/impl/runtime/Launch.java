package dev.gale.impl.runtime;

import dev.gale.generated.StormTopology;
import dev.gale.impl.env.TupleObserver;
import dev.gale.time.Clock;
import java.time.Duration;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * What {@link RunningTopology#start(Launch)} is asked to run, and how: named fields instead of a
 * row of positional booleans. Start from {@link #of} (threaded, no observer, the default kill
 * grace, active) and change what differs with the withers. Immutable (the configuration is
 * copied) and thread-safe.
 *
 * @param name the topology's name
 * @param conf the submitted topology configuration (null values kept, as Storm's conf has them)
 * @param topology the built topology
 * @param clock the clock the topology runs on
 * @param stepped whether the executors run on the step scheduler, on the thread that advances the clock
 * @param observer told of every emit, spout ack and spout fail, or null
 * @param killGrace how long a kill waits for executors (see {@link RunningTopology#kill(Duration)}),
 *                  also after a fatal error
 * @param active false: the spouts are opened but not activated, and call no {@code nextTuple}
 *               until {@link RunningTopology#activate()} (Storm's initial status INACTIVE)
 */
public record Launch(String name, Map<String, Object> conf, StormTopology topology, Clock clock, boolean stepped,
                     TupleObserver observer, Duration killGrace, boolean active) {

    public Launch {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(topology, "topology");
        Objects.requireNonNull(clock, "clock");
        Objects.requireNonNull(killGrace, "killGrace");
        conf = Collections.unmodifiableMap(new LinkedHashMap<>(conf == null ? Map.of() : conf));
    }

    /** Threaded, without an observer, with {@link RunningTopology#DEFAULT_KILL_GRACE}, active from the start. */
    public static Launch of(String name, Map<String, Object> conf, StormTopology topology, Clock clock) {
        return new Launch(name, conf, topology, clock, false, null, RunningTopology.DEFAULT_KILL_GRACE, true);
    }

    /** The same launch, stepped (true) or threaded (false). */
    public Launch withStepped(boolean stepped) {
        return new Launch(name, conf, topology, clock, stepped, observer, killGrace, active);
    }

    /** The same launch, telling {@code observer} (null: none) of every emit, spout ack and spout fail. */
    public Launch withObserver(TupleObserver observer) {
        return new Launch(name, conf, topology, clock, stepped, observer, killGrace, active);
    }

    /** The same launch, with this kill grace period. */
    public Launch withKillGrace(Duration killGrace) {
        return new Launch(name, conf, topology, clock, stepped, observer, killGrace, active);
    }

    /** The same launch, active from the start (true) or inactive until activated (false). */
    public Launch withActive(boolean active) {
        return new Launch(name, conf, topology, clock, stepped, observer, killGrace, active);
    }
}
