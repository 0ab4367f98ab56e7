package dev.gale.metric;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.gale.metric.api.AssignableMetric;
import dev.gale.metric.api.CombinedMetric;
import dev.gale.metric.api.CountMetric;
import dev.gale.metric.api.ICombiner;
import dev.gale.metric.api.IMetricsConsumer.DataPoint;
import dev.gale.metric.api.IMetricsConsumer.TaskInfo;
import dev.gale.metric.api.MeanReducer;
import dev.gale.metric.api.MultiCountMetric;
import dev.gale.metric.api.MultiReducedMetric;
import dev.gale.metric.api.ReducedMetric;
import dev.gale.metric.api.StateMetric;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The metrics v1 types: what each reports at the end of a bucket, and what it starts the next one with. */
class MetricsApiTest {

    @Test
    void aCountMetricReportsItsBucketThenStartsAgainFromZero() {
        CountMetric m = new CountMetric();
        m.incr();
        m.incrBy(4);
        assertThat(m.getValueAndReset()).isEqualTo(5L);
        assertThat(m.getValueAndReset()).isEqualTo(0L);
        assertThat(m.getDimensions()).isEmpty();
    }

    @Test
    void aMultiCountMetricReportsEveryKeySeenResetToZero() {
        MultiCountMetric m = new MultiCountMetric();
        m.scope("a").incr();
        m.scope("a").incr();
        m.scope("b").incrBy(3);
        assertThat(m.getValueAndReset()).isEqualTo(Map.of("a", 2L, "b", 3L));
        assertThat(m.getValueAndReset()).isEqualTo(Map.of("a", 0L, "b", 0L));
    }

    @Test
    void aMeanOverABucketAndNothingForAnEmptyOne() {
        ReducedMetric m = new ReducedMetric(new MeanReducer());
        m.update(1);
        m.update(2L);
        m.update(6.0);
        assertThat(m.getValueAndReset()).isEqualTo(3.0);
        assertThat(m.getValueAndReset()).isNull();
        assertThatThrownBy(() -> m.update("7")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("java.lang.String 7");
    }

    @Test
    void aMultiReducedMetricLeavesOutKeysWithNoValueThisBucket() {
        MultiReducedMetric m = new MultiReducedMetric(new MeanReducer());
        m.scope("x").update(4);
        m.scope("y").update(1);
        m.scope("y").update(2);
        assertThat(m.getValueAndReset()).isEqualTo(Map.of("x", 4.0, "y", 1.5));
        m.scope("x").update(8);
        assertThat(m.getValueAndReset()).isEqualTo(Map.of("x", 8.0));
    }

    @Test
    void aCombinedMetricStartsEachBucketFromTheIdentity() {
        CombinedMetric max = new CombinedMetric(new ICombiner<Long>() {
            @Override
            public Long identity() {
                return Long.MIN_VALUE;
            }

            @Override
            public Long combine(Long a, Long b) {
                return Math.max(a, b);
            }
        });
        max.update(3L);
        max.update(9L);
        max.update(5L);
        assertThat(max.getValueAndReset()).isEqualTo(9L);
        assertThat(max.getValueAndReset()).isEqualTo(Long.MIN_VALUE);
    }

    @Test
    void assignableAndStateMetricsKeepTheirValue() {
        AssignableMetric a = new AssignableMetric(null);
        assertThat(a.getValueAndReset()).isNull();
        a.setValue("v");
        assertThat(a.getValueAndReset()).isEqualTo("v");
        assertThat(a.getValueAndReset()).isEqualTo("v");
        int[] state = {1};
        StateMetric s = new StateMetric(() -> state[0]);
        state[0] = 2;
        assertThat(s.getValueAndReset()).isEqualTo(2);
    }

    @Test
    void dataPointsCompareByNameValueAndDimensions() {
        assertThat(new DataPoint("n", new int[] {1, 2})).isEqualTo(new DataPoint("n", new int[] {1, 2}));
        assertThat(new DataPoint("n", 1)).isNotEqualTo(new DataPoint("n", 1, Map.of("host", "h")));
        assertThat(new DataPoint("n", 1, Map.of("host", "h"))).hasToString("[n=1, {host=h}]");
    }

    @Test
    void theLoggingConsumerWritesStormsColumns() {
        TaskInfo info = new TaskInfo("localhost", 0, "count", 3, 1_700_000_010L, 60);
        String header = LoggingMetricsConsumer.header(info);
        assertThat(header).isEqualTo("1700000010\t      localhost:0   \t  3:count      \t");
        assertThat(LoggingMetricsConsumer.line(header, new DataPoint("executed", 42L)))
                .isEqualTo(header + "executed               \t42");
        assertThat(LoggingMetricsConsumer.line(header, new DataPoint("a-very-long-metric-name-indeed", 1)))
                .isEqualTo(header + "a-very-long-metric-name\t1");
        assertThat(info).hasToString("TASK_INFO: { host: localhost:0 comp: count[3]}");
    }
}
