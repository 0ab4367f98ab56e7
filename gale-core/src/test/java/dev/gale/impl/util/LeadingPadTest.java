package dev.gale.impl.util;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import sun.misc.Unsafe;

/**
 * The objects that a thread writes on every call or tuple keep 128 bytes between their fields and
 * whatever the garbage collector copies in front of them (and, where their tail is written too,
 * behind them): read from the JVM's actual field offsets.
 */
class LeadingPadTest {
    private static final Unsafe UNSAFE = unsafe();
    /** Fields that are written once, before the executor's thread starts, and only read afterwards. */
    private static final Set<String> SET_ONCE = Set.of("Outbox.batchTuples", "Outbox.batchUntracked");

    private static Unsafe unsafe() {
        try {
            Field f = Unsafe.class.getDeclaredField("theUnsafe");
            f.setAccessible(true);
            return (Unsafe) f.get(null);
        } catch (ReflectiveOperationException e) {
            throw new AssertionError(e);
        }
    }

    /** Instance fields declared by {@code c} itself. */
    private static List<Field> ownFields(Class<?> c) {
        List<Field> out = new ArrayList<>();
        for (Field f : c.getDeclaredFields()) {
            if (!Modifier.isStatic(f.getModifiers())) {
                out.add(f);
            }
        }
        return out;
    }

    @Test
    void hotFieldsStartAtLeast128BytesIntoTheirObject() throws Exception {
        for (String name : List.of("dev.gale.impl.executor.Executor", "dev.gale.impl.transfer.Outbox",
                "dev.gale.impl.stats.TaskMetrics", "dev.gale.impl.stats.StreamCounter",
                "dev.gale.impl.executor.TaskEmitter", "dev.gale.impl.grouping.ShuffleGrouper",
                "dev.gale.impl.sched.SlotFields", "dev.gale.impl.sched.CallMarkFields",
                "dev.gale.impl.util.LongOpenHashIndex", "dev.gale.impl.spout.SpoutPending",
                "dev.gale.impl.spout.PendingLimit", "dev.gale.impl.util.IdGenerator", "dev.gale.impl.spout.SpoutTrees",
                "dev.gale.impl.executor.PollPacer",
                "dev.gale.impl.acker.Acker", "dev.gale.impl.acker.PendingTrees",
                "dev.gale.impl.executor.BoltCollector")) {
            Class<?> c = Class.forName(name);
            assertThat(LeadingPad.class.isAssignableFrom(c)).as("%s extends LeadingPad", name).isTrue();
            for (Field f : ownFields(c)) {
                assertThat(UNSAFE.objectFieldOffset(f)).as("offset of %s.%s", c.getSimpleName(), f.getName())
                        .isGreaterThanOrEqualTo(128);
            }
        }
    }

    @Test
    void fieldsWrittenPerTupleOrCallSitInFrontOf128BytesOfTrailingPad() throws Exception {
        for (String name : List.of("dev.gale.impl.transfer.Outbox", "dev.gale.impl.stats.TaskMetrics",
                "dev.gale.impl.stats.StreamCounter", "dev.gale.impl.executor.TaskEmitter",
                "dev.gale.impl.grouping.ShuffleGrouper", "dev.gale.impl.executor.SpoutExecutor",
                "dev.gale.impl.executor.BoltExecutor", "dev.gale.impl.executor.AckerExecutor",
                "dev.gale.impl.spout.SpoutPending", "dev.gale.impl.spout.PendingLimit",
                "dev.gale.impl.util.IdGenerator", "dev.gale.impl.spout.SpoutTrees", "dev.gale.impl.executor.PollPacer",
                "dev.gale.impl.acker.Acker",
                "dev.gale.impl.acker.PendingTrees", "dev.gale.impl.executor.BoltCollector")) {
            Class<?> c = Class.forName(name);
            long padStart = Long.MAX_VALUE;
            long padEnd = 0;
            for (Field f : ownFields(c)) {
                if (f.getName().matches("[qr]\\d\\d")) {
                    long o = UNSAFE.objectFieldOffset(f);
                    padStart = Math.min(padStart, o);
                    padEnd = Math.max(padEnd, o + (f.getType() == long.class ? 8 : 4));
                }
            }
            assertThat(padEnd - padStart).as("%s: trailing pad size", name).isGreaterThanOrEqualTo(128);
            // Every primitive field that can change is in front of it, but for flags set once before
            // the executor runs. References are left out: they change rarely (a resize, a move
            // between threads, a task switching streams).
            for (Class<?> k = c; k != LeadingPad.class; k = k.getSuperclass()) {
                for (Field f : ownFields(k)) {
                    boolean mutable = !Modifier.isFinal(f.getModifiers()) && f.getType().isPrimitive()
                            && !SET_ONCE.contains(k.getSimpleName() + "." + f.getName());
                    if (mutable && !f.getName().matches("[qr]\\d\\d")) {
                        assertThat(UNSAFE.objectFieldOffset(f)).as("offset of %s.%s", k.getSimpleName(), f.getName())
                                .isLessThan(padStart);
                    }
                }
            }
        }
    }

    @Test
    void slotsAndCallMarksAlsoKeep128BytesBehindTheirFields() throws Exception {
        String[][] pairs = {
            {"dev.gale.impl.sched.Slot", "dev.gale.impl.sched.SlotFields"},
            {"dev.gale.impl.sched.CallMark", "dev.gale.impl.sched.CallMarkFields"},
        };
        for (String[] pair : pairs) {
            long lastField = 0;
            for (Field f : ownFields(Class.forName(pair[1]))) {
                lastField = Math.max(lastField, UNSAFE.objectFieldOffset(f));
            }
            long padStart = Long.MAX_VALUE;
            long padEnd = 0;
            for (Field f : ownFields(Class.forName(pair[0]))) {
                long o = UNSAFE.objectFieldOffset(f);
                if (f.getName().matches("q\\d\\d")) {
                    padStart = Math.min(padStart, o);
                    padEnd = Math.max(padEnd, o + 8);
                }
            }
            assertThat(padStart).as("%s: trailing pad after every field", pair[0]).isGreaterThan(lastField);
            assertThat(padEnd - padStart).as("%s: trailing pad size", pair[0]).isGreaterThanOrEqualTo(128);
        }
    }
}
