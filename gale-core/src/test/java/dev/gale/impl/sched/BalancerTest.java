package dev.gale.impl.sched;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.gale.impl.transfer.Parker;
import dev.gale.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class BalancerTest {
    private static final long PERIOD = TimeUnit.MILLISECONDS.toNanos(500);

    /** A cycle that does nothing; the tests set its busy time by hand. */
    private static Slot slot(String name) {
        return new Slot(new ThreadedSchedulerTest.Idle(name));
    }

    private static Runner runner(String name, Slot... slots) {
        Runner r = new Runner(name, Clock.system(), IdleStrategy.PARK);
        for (Slot s : slots) {
            r.hand(s);
        }
        return r;
    }

    /** Adds a share of the period to each slot's busy time (1.0 = a whole core). */
    private static void busy(double[] shares, Slot... slots) {
        for (int i = 0; i < slots.length; i++) {
            slots[i].busyNanos += (long) (shares[i] * PERIOD);
        }
    }

    @Test
    void movesTheCycleThatEvensOutASaturatedThreadAndAnIdleOne() {
        // Round-robin put a heavy spout with a light bolt; the other thread has two middling bolts.
        Slot spout = slot("spout");
        Slot light = slot("light");
        Slot a = slot("a");
        Slot b = slot("b");
        Runner t0 = runner("t0", spout, light);
        Runner t1 = runner("t1", a, b);
        Balancer balancer = new Balancer();
        assertThat(balancer.consider(List.of(t0, t1), 0)).as("the first call only takes readings").isNull();
        busy(new double[] {0.75, 0.2, 0.25, 0.25}, spout, light, a, b);
        Balancer.Move m = balancer.consider(List.of(t0, t1), PERIOD);
        // Loads 0.95 and 0.5: moving the light bolt gives 0.75 / 0.7, moving the spout 0.2 / 1.25.
        assertThat(m).isNotNull();
        assertThat(m.slot()).isSameAs(light);
        assertThat(m.from()).isSameAs(t0);
        assertThat(m.to()).isSameAs(t1);
        assertThat(m.fromLoad()).isCloseTo(0.95, org.assertj.core.data.Offset.offset(1e-9));
    }

    /** Cycles x and y on thread t0, z on t1, and a balancer that has taken its first reading. */
    private static final class TwoAndOne {
        final Slot x = slot("x");
        final Slot y = slot("y");
        final Slot z = slot("z");
        final Runner t0 = runner("t0", x, y);
        final Runner t1 = runner("t1", z);
        final Balancer balancer = new Balancer();
        private int periods;

        TwoAndOne() {
            balancer.consider(List.of(t0, t1), 0);
        }

        /** One more period in which x, y and z were busy for these shares of it; the balancer's verdict. */
        Balancer.Move period(double x, double y, double z) {
            busy(new double[] {x, y, z}, this.x, this.y, this.z);
            return balancer.consider(List.of(t0, t1), ++periods * PERIOD);
        }
    }

    @Test
    void theReadingAfterAMoveIsNotJudged() {
        TwoAndOne f = new TwoAndOne();
        assertThat(f.period(0.5, 0.45, 0.0)).isNotNull();
        // Not carried out here: the same loads again would call for a move, but this period is skipped.
        assertThat(f.period(0.5, 0.45, 0.0)).isNull();
        assertThat(f.period(0.5, 0.45, 0.0)).isNotNull();
    }

    @Test
    void aMovedCycleDoesNotGoBackToTheThreadItLeftForAWhile() {
        TwoAndOne f = new TwoAndOne();
        Balancer.Move first = f.period(0.3, 0.5, 0.1); // t0 at 0.8, t1 at 0.1: x evens them best
        assertThat(first.slot()).isSameAs(f.x);
        first.from().giveUp(f.x);
        first.to().hand(f.x); // t0 keeps y; t1 has z and x
        assertThat(f.period(0.0, 0.0, 0.0)).as("the period after a move").isNull();
        // t1 at 0.8, t0 at 0.05: sending x back would even them best (0.43 / 0.42), but x just
        // came from t0; z goes instead.
        Balancer.Move second = f.period(0.38, 0.05, 0.42);
        assertThat(second.slot()).isSameAs(f.z);
        assertThat(second.to()).isSameAs(f.t0);
        // Undo z's move by hand, let the ban run out, and x may go back.
        second.from().hand(f.z);
        for (long quiet = 0; quiet <= Balancer.NO_RETURN_NANOS; quiet += PERIOD) {
            assertThat(f.period(0.0, 0.0, 0.0)).isNull();
        }
        Balancer.Move later = f.period(0.38, 0.05, 0.42);
        assertThat(later.slot()).isSameAs(f.x);
        assertThat(later.to()).isSameAs(f.t0);
    }

    @Test
    void nothingMovesWhileNoThreadIsNearlySaturatedOrWhenTheGainIsSmall() {
        TwoAndOne f = new TwoAndOne();
        assertThat(f.period(0.3, 0.3, 0.0)).as("busiest at 0.6 of a core").isNull();
        // Loads 0.95 and 0.9: the best move (y) leaves 0.5 / 1.35, a wider gap.
        assertThat(f.period(0.5, 0.45, 0.9)).isNull();
    }

    @Test
    void aThreadWithOneCycleGivesNothingAway() {
        Slot x = slot("x");
        Slot y = slot("y");
        Runner t0 = runner("t0", x);
        Runner t1 = runner("t1", y);
        Balancer balancer = new Balancer();
        balancer.consider(List.of(t0, t1), 0);
        busy(new double[] {1.0, 0.0}, x, y);
        assertThat(balancer.consider(List.of(t0, t1), PERIOD)).isNull();
    }

    /** Burns about {@code nanos} of CPU per call and reports work (a busy executor), or finds nothing to do. */
    private static final class Synthetic extends ThreadedSchedulerTest.Counting {
        private final long nanos;

        private Synthetic(String name, long nanos) {
            super(name);
            this.nanos = nanos;
        }

        static Synthetic busy(String name) {
            return new Synthetic(name, 20_000);
        }

        static Synthetic idle(String name) {
            return new Synthetic(name, -1);
        }

        @Override
        public int doWork(Parker parker) {
            super.doWork(parker);
            if (nanos < 0) {
                return 0;
            }
            long end = System.nanoTime() + nanos;
            while (System.nanoTime() < end) {
                Thread.onSpinWait();
            }
            return 1;
        }
    }

    @Test
    void aSchedulerSpreadsTwoBusyCyclesThatRoundRobinPutOnOneThread() throws Exception {
        // Dealt round-robin: t0 gets heavy1 and heavy2, t1 the light one.
        Synthetic heavy1 = Synthetic.busy("heavy1");
        Synthetic light = Synthetic.idle("light");
        Synthetic heavy2 = Synthetic.busy("heavy2");
        ThreadedScheduler s = new ThreadedScheduler("balance-test", Clock.system(),
                List.of(heavy1, light, heavy2), 2, IdleStrategy.BACKOFF, 0);
        s.start();
        try {
            await().atMost(Duration.ofSeconds(30)).until(() -> s.moveCount() >= 1);
            // Once spread, no move makes it better: it stays put.
            int moves = s.moveCount();
            long calls1 = heavy1.calls.get();
            long calls2 = heavy2.calls.get();
            await().atMost(Duration.ofSeconds(30)).until(() -> heavy1.calls.get() > calls1 + 50_000
                    && heavy2.calls.get() > calls2 + 50_000);
            assertThat(s.moveCount()).isEqualTo(moves);
            assertThat(heavy1.overlaps.get() + heavy2.overlaps.get() + light.overlaps.get()).isZero();
        } finally {
            s.stop();
            assertThat(s.awaitStopped(System.nanoTime() + TimeUnit.SECONDS.toNanos(10))).isTrue();
        }
        assertThat(heavy1.closed.get()).isEqualTo(1);
        assertThat(heavy2.closed.get()).isEqualTo(1);
    }

    @Test
    void withoutBalancingNothingMoves() throws Exception {
        Synthetic heavy1 = Synthetic.busy("heavy1");
        Synthetic light = Synthetic.idle("light");
        Synthetic heavy2 = Synthetic.busy("heavy2");
        ThreadedScheduler s = new ThreadedScheduler("balance-test", Clock.system(),
                List.of(heavy1, light, heavy2), 2, IdleStrategy.BACKOFF, 0).withBalancing(false);
        s.start();
        try {
            long calls = heavy1.calls.get();
            await().atMost(Duration.ofSeconds(30)).until(() -> heavy1.calls.get() > calls + 100_000);
            assertThat(s.moveCount()).isZero();
        } finally {
            s.stop();
            s.awaitStopped(System.nanoTime() + TimeUnit.SECONDS.toNanos(10));
        }
    }
}
