package dev.gale.impl.sched;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gale.impl.transfer.Parker;
import dev.gale.time.Clock;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

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

        /** Pool whose progress already held steady for a period, so the next steady period may start a trial. */
        static Pool warmedUp() {
            Pool p = new Pool();
            assertThat(p.period(0.45, 1000)).as("one period is not yet steady progress").isNull();
            return p;
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

        /**
         * A trial's rounds, its periods and the old placement's in turn, each with the work given;
         * none may end in a verdict but the last, whose move is returned.
         */
        PlacementSearch.Move rounds(long... work) {
            for (int i = 0; i < work.length - 1; i++) {
                assertThat(period(0.45, work[i]).kind()).as("period %d", i).isNotEqualTo(PlacementSearch.Kind.KEEP);
            }
            return period(0.45, work[work.length - 1]);
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
    void aMoveThatMeasuresFasterThanThePeriodsAroundItInEveryRoundIsKeptAndOneThatMeasuresSlowerIsTakenBack() {
        Pool p = Pool.warmedUp();
        // The period just measured is the baseline: a saturated thread, so a trial move at once.
        PlacementSearch.Move first = p.period(0.45, 1000);
        assertThat(first).as("a trial move").isNotNull();
        assertThat(first.kind()).isEqualTo(PlacementSearch.Kind.TRY);
        // The trial's period measures well under the baseline: moved back, with no more rounds.
        PlacementSearch.Move back = p.period(0.45, 850);
        assertThat(back).isNotNull();
        assertThat(back.revert()).isTrue();
        assertThat(back.slot()).isSameAs(first.slot());
        assertThat(back.to()).isSameAs(first.from());
        // A period back at the first placement is the next baseline; then another move, whose
        // periods measure a fifth faster than the old placement's around them, round after round:
        // made again, for good, after the last round.
        PlacementSearch.Move second = p.period(0.45, 1000);
        assertThat(second).isNotNull();
        assertThat(second.kind()).isEqualTo(PlacementSearch.Kind.TRY);
        assertThat(List.of(second.slot(), second.to())).isNotEqualTo(List.of(first.slot(), first.to()));
        for (int round = 1; round < PlacementSearch.ROUNDS; round++) {
            PlacementSearch.Move check = p.period(0.45, 1200);
            assertThat(check.revert()).as("round %d: taken back to measure the old placement", round).isTrue();
            assertThat(check.slot()).isSameAs(second.slot());
            PlacementSearch.Move again = p.period(0.45, 1000);
            assertThat(again.kind()).as("round %d: the next round", round).isEqualTo(PlacementSearch.Kind.TRY_AGAIN);
            assertThat(again.slot()).isSameAs(second.slot());
            assertThat(again.to()).isSameAs(second.to());
        }
        assertThat(p.period(0.45, 1200).revert()).isTrue();
        PlacementSearch.Move keep = p.period(0.45, 1000);
        assertThat(keep.kind()).isEqualTo(PlacementSearch.Kind.KEEP);
        assertThat(keep.slot()).isSameAs(second.slot());
        assertThat(keep.from()).isSameAs(second.from());
        assertThat(keep.to()).isSameAs(second.to());
        assertThat(keep.to().owned()).contains(second.slot());
    }

    @Test
    void aTrialThatLooksFasterOnlyBecauseTheMachineSpedUpIsNotKept() {
        Pool p = Pool.warmedUp();
        PlacementSearch.Move trial = p.period(0.45, 1000);
        // From the trial's first period on, the old placement measures as fast as the trial: the
        // machine, not the move.
        PlacementSearch.Move next = null;
        for (int i = 0; i < 2 * PlacementSearch.ROUNDS; i++) {
            next = p.period(0.45, 1200);
        }
        assertThat(next).as("the last period of the old placement is the next baseline: another trial").isNotNull();
        assertThat(next.kind()).isEqualTo(PlacementSearch.Kind.TRY);
        assertThat(List.of(next.slot(), next.to())).isNotEqualTo(List.of(trial.slot(), trial.to()));
        assertThat(trial.from().owned()).contains(trial.slot());
    }

    /**
     * One stalled period decides nothing. Trial and old placement alike, one old period at half:
     * the trial periods beside it measure twice as fast, the trial's mean period a seventh faster
     * than the old placement's, its median no faster. A trial three tenths faster whose second
     * period stalls at half: still kept.
     */
    @ParameterizedTest(name = "{0}")
    @CsvSource({
        "an equal move beside a stalled old period, false, 1000 500 1000 1000 1000 1000",
        "a faster move with a stalled trial period, true, 1300 1000 500 1000 1300 1000"})
    void oneStalledPeriodNeitherKeepsNorLosesAMove(String what, boolean kept, String periods) {
        Pool p = Pool.warmedUp();
        PlacementSearch.Move trial = p.period(0.45, 1000);
        long[] work = Arrays.stream(periods.split(" ")).mapToLong(Long::parseLong).toArray();
        PlacementSearch.Move verdict = p.rounds(work);
        assertThat(verdict.kind()).isEqualTo(kept ? PlacementSearch.Kind.KEEP : PlacementSearch.Kind.TRY);
        assertThat((kept ? trial.to() : trial.from()).owned()).contains(trial.slot());
    }

    @Test
    void whileProgressRisesPeriodByPeriodAsTheJitWarmsUpNothingIsTriedAndThenTheFirstSteadyPeriodsStartTheSearch() {
        Pool p = new Pool();
        long work = 1000;
        for (int i = 0; i < 5; i++) {
            work = work * 115 / 100;
            assertThat(p.period(0.45, work)).as("period %d, progress still climbing", i).isNull();
        }
        assertThat(p.period(0.45, work)).as("the first period that matches the one before: a trial").isNotNull();
    }

    @Test
    void progressThatNeverHoldsSteadyDelaysTheSearchOnlyForAWhile() {
        Pool p = new Pool();
        long work = 1000;
        for (int i = 1; i < PlacementSearch.MAX_UNSTEADY_PERIODS; i++) {
            work = work * 115 / 100;
            assertThat(p.period(0.45, work)).as("period %d, progress still climbing", i).isNull();
        }
        work = work * 115 / 100;
        assertThat(p.period(0.45, work)).as("waited long enough: a trial").isNotNull();
    }

    @Test
    void aTrialMadeWhileProgressDriftsUpIsNotKept() {
        Pool p = Pool.warmedUp();
        List<Slot> t0 = List.copyOf(p.t0.owned());
        List<Slot> t1 = List.copyOf(p.t1.owned());
        long work = 1000;
        for (int i = 0; i < 30; i++) {
            PlacementSearch.Move m = p.period(0.45, work);
            assertThat(m == null || m.kind() != PlacementSearch.Kind.KEEP).as("period %d kept a move", i).isTrue();
            work = work * 115 / 100;
        }
        assertThat(p.t0.owned()).containsExactlyInAnyOrderElementsOf(t0);
        assertThat(p.t1.owned()).containsExactlyInAnyOrderElementsOf(t1);
    }

    @Test
    void theFirstMoveTriedBringsTogetherTheCyclesThatTalkMost() {
        Pool p = new Pool();
        // Every period the spout sends a 900 messages, a sends b 900: both pairs are split across the
        // threads; the acker hears little from anyone.
        p.spoutCycle.sent[1] += 900;
        p.aCycle.sent[2] += 900;
        p.period(0.45, 1000);
        p.spoutCycle.sent[1] += 900;
        p.aCycle.sent[2] += 900;
        PlacementSearch.Move m = p.period(0.45, 1000);
        // Moving a joins it with the spout and b: 1800 messages a period stop crossing.
        assertThat(m.slot()).isSameAs(p.a);
        assertThat(m.to()).isSameAs(p.t0);
    }

    @Test
    void trafficWhileTheThreadsAreNotSaturatedIsNeitherReadNorWeighedInTheNextMove() {
        Pool p = new Pool();
        assertThat(p.period(0.45, 1000)).as("saturated once: progress to compare with").isNull();
        for (int i = 0; i < 5; i++) {
            p.spoutCycle.sent[3] += 10_000; // the spout and the acker talk, while the threads idle
            assertThat(p.period(0.2, 1000)).isNull();
        }
        assertThat(p.search.sentDuringPeriod(p.spout, p.acker)).as("not read while idle").isZero();
        p.bCycle.sent[1] += 900;
        assertThat(p.period(0.45, 1000)).as("saturated again: its traffic reading spans the idle periods").isNull();
        p.bCycle.sent[1] += 900;
        PlacementSearch.Move m = p.period(0.45, 1000);
        // Only this period's traffic counts: b and a, not the spout and the acker of the idle periods.
        assertThat(m.slot()).isIn(p.a, p.b);
    }

    @Test
    void withManyCyclesOnlyTheMostPromisingFewMovesAreTriedBeforeItSettles() {
        // Twenty executors on two threads (wide's shape) make twenty candidate moves; three rounds
        // of each would take the search half a minute of trials, each one a cost while it lasts.
        List<Slot> slots = new ArrayList<>();
        Runner t0 = new Runner("t0", Clock.system(), IdleStrategy.PARK);
        Runner t1 = new Runner("t1", Clock.system(), IdleStrategy.PARK);
        for (int i = 0; i < 20; i++) {
            Slot s = new Slot(new Probe("c" + i, i % 4));
            slots.add(s);
            (i % 2 == 0 ? t0 : t1).hand(s);
        }
        PlacementSearch search = new PlacementSearch();
        search.step(List.of(t0, t1), 0, 0);
        int trials = 0;
        long now = 0;
        for (int period = 1; period <= 100; period++) {
            for (Slot s : slots) {
                s.busyNanos += (long) (0.09 * PERIOD);
            }
            now += PERIOD;
            PlacementSearch.Move m = search.step(List.of(t0, t1), now, 1000L * period);
            if (m != null && m.from().giveUp(m.slot())) {
                m.to().hand(m.slot());
            }
            if (m != null && m.kind() == PlacementSearch.Kind.TRY) {
                trials++;
            }
        }
        assertThat(trials).isEqualTo(PlacementSearch.TRIES_PER_PLACEMENT);
    }

    @Test
    void itSettlesOnceNoMoveHelpsAndSearchesAgainWhenProgressFallsAway() {
        Pool p = new Pool();
        int trials = 0;
        for (int i = 0; i < 60; i++) {
            PlacementSearch.Move m = p.period(0.45, 1000);
            if (m != null && m.kind() == PlacementSearch.Kind.TRY) {
                trials++;
            }
        }
        assertThat(trials).as("moves tried before settling").isEqualTo(PlacementSearch.TRIES_PER_PLACEMENT);
        // Settled: steady progress tries nothing.
        for (int i = 0; i < 5; i++) {
            assertThat(p.period(0.45, 1000)).isNull();
        }
        // One slow period is noise: still settled.
        assertThat(p.period(0.45, 500)).isNull();
        assertThat(p.period(0.45, 1000)).isNull();
        assertThat(p.period(0.45, 1000)).isNull();
        // Progress stays at half (the input changed, or the placement went bad): a new search,
        // which tries a move once two periods in a row agree.
        assertThat(p.period(0.45, 500)).isNull();
        assertThat(p.period(0.45, 500)).isNull();
        assertThat(p.period(0.45, 500)).as("a first period of the new search").isNull();
        assertThat(p.period(0.45, 500)).as("steady: a trial").isNotNull();
    }
}
