package dev.gale.impl.util;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import sun.misc.Unsafe;

/**
 * The objects that a thread writes on every call or tuple keep 128 bytes between their fields and
 * whatever the garbage collector copies in front of them or behind them: read from the JVM's
 * actual field offsets. (That pads are declared only in pad classes is {@code ArchitectureTest}'s.)
 */
class LeadingPadTest {
    private static final Unsafe UNSAFE = unsafe();

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

    /** Every class whose fields a thread writes per tuple or call: each keeps a pad on both sides. */
    private static final List<String> PADDED = List.of("dev.gale.impl.transfer.Outbox",
            "dev.gale.impl.stats.TaskMetrics", "dev.gale.impl.stats.StreamCounter",
            "dev.gale.impl.executor.TaskEmitter", "dev.gale.impl.grouping.ShuffleGrouper",
            "dev.gale.impl.executor.SpoutExecutor", "dev.gale.impl.executor.BoltExecutor",
            "dev.gale.impl.executor.AckerExecutor", "dev.gale.impl.spout.SpoutPending",
            "dev.gale.impl.spout.PendingLimit", "dev.gale.impl.util.IdGenerator", "dev.gale.impl.spout.SpoutTrees",
            "dev.gale.impl.executor.PollPacer", "dev.gale.impl.acker.Acker", "dev.gale.impl.acker.PendingTrees",
            "dev.gale.impl.executor.BoltCollector", "dev.gale.impl.sched.Slot", "dev.gale.impl.sched.CallMark");

    /** The classes from {@code c} up to, not including, {@link LeadingPad}: where its fields are declared. */
    private static List<Class<?>> belowLeadingPad(Class<?> c) {
        List<Class<?>> out = new ArrayList<>();
        for (Class<?> k = c; k != LeadingPad.class; k = k.getSuperclass()) {
            assertThat(k).as("%s extends LeadingPad", c.getName()).isNotEqualTo(Object.class);
            out.add(k);
        }
        return out;
    }

    private static boolean isPad(Field f) {
        return f.getDeclaringClass().getSimpleName().endsWith("Pad") && f.getName().matches("[pqr]\\d\\d");
    }

    @Test
    void everyFieldStartsAtLeast128BytesIntoItsObject() throws Exception {
        for (String name : PADDED) {
            for (Class<?> k : belowLeadingPad(Class.forName(name))) {
                for (Field f : ownFields(k)) {
                    assertThat(UNSAFE.objectFieldOffset(f)).as("offset of %s.%s", k.getSimpleName(), f.getName())
                            .isGreaterThanOrEqualTo(128);
                }
            }
        }
    }

    @Test
    void everyFieldThatChangesSitsInFrontOf128BytesOfTrailingPad() throws Exception {
        for (String name : PADDED) {
            List<Class<?>> chain = belowLeadingPad(Class.forName(name));
            long padStart = Long.MAX_VALUE;
            long padEnd = 0;
            for (Class<?> k : chain) {
                for (Field f : ownFields(k)) {
                    if (isPad(f)) {
                        long o = UNSAFE.objectFieldOffset(f);
                        padStart = Math.min(padStart, o);
                        padEnd = Math.max(padEnd, o + (f.getType() == long.class ? 8 : 4));
                    }
                }
            }
            assertThat(padEnd - padStart).as("%s: trailing pad size", name).isGreaterThanOrEqualTo(128);
            // Final fields may sit behind it (nothing writes them after construction); every
            // other field, references included, in front.
            for (Class<?> k : chain) {
                for (Field f : ownFields(k)) {
                    if (!isPad(f) && !Modifier.isFinal(f.getModifiers())) {
                        assertThat(UNSAFE.objectFieldOffset(f)).as("offset of %s.%s", k.getSimpleName(), f.getName())
                                .isLessThan(padStart);
                    }
                }
            }
        }
    }
}
