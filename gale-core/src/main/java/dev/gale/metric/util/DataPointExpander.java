package dev.gale.metric.util;

import dev.gale.metric.api.IMetricsConsumer.DataPoint;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;

/**
 * Turns data points whose value is a map into one data point per map entry, named
 * {@code <name><separator><key>} with the entry's value, as a metrics consumer registered with
 * {@code expandMapType} sees them. With expansion off, points pass through unchanged. With it on, a point
 * without a value is dropped (there is nothing to expand), and a point whose value is not a map passes
 * through. Immutable and thread-safe.
 */
public class DataPointExpander implements Serializable {
    private static final long serialVersionUID = 1L;

    private final boolean expandMapType;
    private final String metricNameSeparator;

    /**
     * @param expandMapType       whether map values are expanded
     * @param metricNameSeparator put between a point's name and a map key, e.g. {@code "."}
     */
    public DataPointExpander(boolean expandMapType, String metricNameSeparator) {
        this.expandMapType = expandMapType;
        this.metricNameSeparator = metricNameSeparator;
    }

    /** Every point of {@code dataPoints} expanded, in order. */
    public Collection<DataPoint> expandDataPoints(Collection<DataPoint> dataPoints) {
        if (!expandMapType) {
            return dataPoints;
        }
        List<DataPoint> expanded = new ArrayList<>(dataPoints.size());
        for (DataPoint point : dataPoints) {
            expanded.addAll(expandDataPoint(point));
        }
        return expanded;
    }

    /** One point expanded: the points its map value stands for, the point itself, or none. */
    public Collection<DataPoint> expandDataPoint(DataPoint dataPoint) {
        if (!expandMapType) {
            return List.of(dataPoint);
        }
        if (dataPoint.value == null) {
            return List.of();
        }
        if (!(dataPoint.value instanceof Map<?, ?> map)) {
            return List.of(dataPoint);
        }
        List<DataPoint> expanded = new ArrayList<>(map.size());
        for (Map.Entry<?, ?> entry : map.entrySet()) {
            expanded.add(new DataPoint(dataPoint.name + metricNameSeparator + entry.getKey(), entry.getValue()));
        }
        return expanded;
    }
}
