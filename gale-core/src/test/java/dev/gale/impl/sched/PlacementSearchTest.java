package dev.gale.impl.sched;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gale.impl.transfer.Parker;
import dev.gale.time.Clock;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The placement search on runners that never start: the tests set each cycle's busy time and
 * messages by hand and play the topology's progress, and check which moves it tries, keeps and
 * takes back.
 */
class PlacementSearchTest {
    private static final long PERIOD = TimeUnit.MILLISECONDS.toNanos(300);

    /** A cycle that does nothing; its peer index and what it "sent" each peer are set by hand. */
    private static final class Probe implements DutyCycle {
        final String name;
        final int index;
        final long[] sent = new long[4];

        Probe(String name, int index) {
            this.name = name;
            this.index = index;
        }

        @Override
        public String name() {
            return name;
        }

        @Override
        public void onStart(Parker parker) {
        }

        @Override
        public int doWork(Parker parker) {
            return 0;
        }

        @Override
        public long parkBudgetNanos(Parker parker) {
            return Long.MAX_VALUE;
        }

        @Override
        public void onClose() {
        }

        @Override
        public int peerIndex() {
            return index;
        }

        @Override
        public int peers() {
            return sent.length;
        }

        @Override
        public long sentTo(int peerIndex) {
            return sent[peerIndex];
        }
    }

    /** Two threads: spout and b on t0, a and acker on t1, as round-robin deals a pipeline. */
    private static final class Pool {
        final Probe spoutCycle = new Probe("spout", 0);
        final Probe aCycle = new Probe("a", 1);
        final Probe bCycle = new Probe("b", 2);
        final Probe ackerCycle = new Probe("acker", 3);
        final Slot spout = new Slot(spoutCycle);
        final Slot a = new Slot(aCycle);
        final Slot b = new Slot(bCycle);
        final Slot acker = new Slot(ackerCycle);
        final Runner t0 = runner("t0", spout, b);
        final Runner t1 = runner("t1", a, acker);
        final PlacementSearch search = new PlacementSearch();
        long now;
        long progress;

        Pool() {
            search.step(List.of(t0, t1), 0, 0);
        }

        private static Runner runner(String name, Slot... slots) {
            Runner r = new Runner(name, Clock.system(), IdleStrategy.PARK);
            for (Slot s : slots) {
                r.hand(s);
            }
            return r;
        }

        /** One period in which every cycle was busy for {@code share} of a core and the topology did {@code work}. */
        PlacementSearch.Move period(double share, long work) {
            for (Slot s : List.of(spout, a, b, acker)) {
                s.busyNanos += (long) (share * PERIOD);
            }
            now += PERIOD;
            progress += work;
            PlacementSearch.Move m = search.step(List.of(t0, t1), now, progress);
            if (m != null && m.from().giveUp(m.slot())) {
                m.to().hand(m.slot());
            }
            return m;
        }
    }

    @Test
    void aTopologyThatIsNotBoundByCpuIsLeftWhereItIs() {
        Pool p = new Pool();
        for (int i = 0; i < 10; i++) {
            assertThat(p.period(0.2, 1000)).isNull();
        }
    }

    @Test
    void aMoveThatMeasuresFasterIsKeptAndOneThatDoesNotIsTakenBack() {
        Pool p = new Pool();
        // The period just measured is the baseline: a saturated thread, so a trial move at once.
        PlacementSearch.Move first = p.period(0.45, 1000);
        assertThat(first).as("a trial move").isNotNull();
        assertThat(first.revert()).isFalse();
        // The trial's period measures no faster: moved back.
        PlacementSearch.Move back = p.period(0.45, 1005);
        assertThat(back).isNotNull();
        assertThat(back.revert()).isTrue();
        assertThat(back.slot()).isSameAs(first.slot());
        assertThat(back.to()).isSameAs(first.from());
        // A period back at the first placement is the next baseline; then another move, which
        // measures 10% faster: kept (nothing moves back).
        PlacementSearch.Move second = p.period(0.45, 1000);
        assertThat(second).isNotNull();
        assertThat(List.of(second.slot(), second.to())).isNotEqualTo(List.of(first.slot(), first.to()));
        assertThat(p.period(0.45, 1100)).as("faster: kept").isNull();
    }

    @Test
    void theFirstMoveTriedBringsTogetherTheCyclesThatTalkMost() {
        Pool p = new Pool();
        // Every period the spout sends a 900 messages, a sends b 900: both pairs are split across the
        // threads; the acker hears little from anyone.
        p.spoutCycle.sent[1] += 900;
        p.aCycle.sent[2] += 900;
        PlacementSearch.Move m = p.period(0.45, 1000);
        // Moving a joins it with the spout and b: 1800 messages a period stop crossing.
        assertThat(m.slot()).isSameAs(p.a);
        assertThat(m.to()).isSameAs(p.t0);
    }

    @Test
    void itSettlesOnceNoMoveHelpsAndSearchesAgainWhenProgressFallsAway() {
        Pool p = new Pool();
        int trials = 0;
        for (int i = 0; i < 40; i++) {
            PlacementSearch.Move m = p.period(0.45, 1000);
            if (m != null && !m.revert()) {
                trials++;
            }
        }
        assertThat(trials).as("moves tried before settling").isEqualTo(PlacementSearch.TRIES_PER_PLACEMENT);
        // Settled: steady progress tries nothing.
        for (int i = 0; i < 5; i++) {
            assertThat(p.period(0.45, 1000)).isNull();
        }
        // Progress falls to half (the input changed, or the placement went bad): a new search, whose
        // baseline is the next period.
        assertThat(p.period(0.45, 500)).isNull();
        assertThat(p.period(0.45, 500)).as("a new baseline and a trial").isNotNull();
    }
}
