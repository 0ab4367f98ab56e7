package dev.gale.bolt;

import dev.gale.task.OutputCollector;
import dev.gale.task.TopologyContext;
import dev.gale.topology.OutputFieldsDeclarer;
import dev.gale.topology.base.BaseWindowedBolt;
import dev.gale.tuple.Fields;
import dev.gale.tuple.Tuple;
import dev.gale.windowing.TimestampExtractor;
import dev.gale.windowing.TupleWindow;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Storm's windowed join: SQL-like inner and left joins of several streams (told apart by source
 * component or by stream id, see {@link Selector}) on equal field values, over each evaluation of a
 * window. The first stream named is the probe side; each {@link #join} or {@link #leftJoin} adds a
 * stream, matched against a stream named before it. {@link #select} names the output fields
 * ({@code "stream:field"} where names clash; {@code "a.b"} reads key {@code b} of a map in field
 * {@code a}). Each result is emitted anchored to the tuples it was made of, not to the whole window.
 *
 * <pre>{@code
 * new JoinBolt("users", "userId")                // from users
 *     .join("orders", "userId", "users")        // inner join orders on orders.userId = users.userId
 *     .select("userId,name,price")
 *     .withTumblingWindow(Duration.seconds(10));
 * }</pre>
 *
 * <p>A tuple matches every tuple of the other streams in the same window: with a sliding window, a
 * pair that stays in the window is emitted at each evaluation. Configure before the topology is
 * built; each task's copy is used on its own thread.
 */
public class JoinBolt extends BaseWindowedBolt {
    private static final long serialVersionUID = 1L;

    protected final Selector selectorType;
    /** Stream (or source) name -> how it joins the streams before it; the first is the probe side. */
    protected LinkedHashMap<String, JoinInfo> joinCriteria = new LinkedHashMap<>();
    /** What {@link #select} names, which declares the output fields. */
    protected FieldSelector[] outputFields;
    protected String outputStreamName;
    /** For each stream but the first: join key -> its tuples in the window being joined. */
    HashMap<String, HashMap<Object, ArrayList<Tuple>>> hashedInputs = new HashMap<>();
    private OutputCollector collector;

    /** Same as {@code JoinBolt(Selector.SOURCE, sourceId, fieldName)}: streams are told apart by source component. */
    public JoinBolt(String sourceId, String fieldName) {
        this(Selector.SOURCE, sourceId, fieldName);
    }

    /**
     * Starts the join with its first stream: SQL's {@code from srcOrStreamId}.
     *
     * @param type          whether names are stream ids or source components
     * @param srcOrStreamId the first stream's name
     * @param fieldName     its join field ({@code "a.b"} for a key of a map field)
     */
    public JoinBolt(Selector type, String srcOrStreamId, String fieldName) {
        selectorType = type;
        addStream(srcOrStreamId, new JoinInfo(new FieldSelector(srcOrStreamId, fieldName)));
    }

    /** Emits on {@code streamName} instead of the default stream. */
    public JoinBolt withOutputStream(String streamName) {
        this.outputStreamName = streamName;
        return this;
    }

    /**
     * Inner join of {@code newStream}: SQL's {@code inner join newStream on newStream.field =
     * priorStream.<its join field>}. {@code priorStream} must have been named before.
     */
    public JoinBolt join(String newStream, String field, String priorStream) {
        return joinCommon(newStream, field, priorStream, JoinType.INNER);
    }

    /**
     * Left join of {@code newStream}: as {@link #join}, and a record of the streams before it that
     * matches nothing in {@code newStream} is kept, with nulls for {@code newStream}'s fields.
     */
    public JoinBolt leftJoin(String newStream, String field, String priorStream) {
        return joinCommon(newStream, field, priorStream, JoinType.LEFT);
    }

    private JoinBolt joinCommon(String newStream, String fieldDescriptor, String priorStream, JoinType joinType) {
        JoinInfo prior = joinCriteria.get(priorStream);
        if (prior == null) {
            throw new IllegalArgumentException("Stream '" + priorStream + "' was not previously declared");
        }
        addStream(newStream, new JoinInfo(new FieldSelector(newStream, fieldDescriptor), priorStream, prior, joinType));
        hashedInputs.put(newStream, new HashMap<>());
        return this;
    }

    /** Adds a stream to the join, in order; a name takes part once, the first stream's included. */
    private void addStream(String name, JoinInfo how) {
        if (joinCriteria.putIfAbsent(name, how) != null) {
            // The wording is Storm's, which callers may match on.
            throw new IllegalArgumentException("'" + name + "' is already part of join. Cannot join with it more than once.");
        }
    }

    /**
     * The output fields, comma-separated: {@code "field"}, {@code "stream:field"} (when streams
     * share a field name), {@code "a.b"} (key {@code b} of the map in field {@code a}). They are
     * also the names of the declared output fields.
     */
    public JoinBolt select(String commaSeparatedKeys) {
        String[] names = commaSeparatedKeys.split(",");
        outputFields = new FieldSelector[names.length];
        for (int i = 0; i < names.length; i++) {
            outputFields[i] = new FieldSelector(names[i]);
        }
        return this;
    }

    @Override
    public void declareOutputFields(OutputFieldsDeclarer declarer) {
        if (outputFields == null) {
            throw new IllegalArgumentException("Must specify output fields via .select() method.");
        }
        Fields names = new Fields(Arrays.stream(outputFields).map(FieldSelector::getOutputName).toList());
        if (outputStreamName == null) {
            declarer.declare(names);
        } else {
            declarer.declareStream(outputStreamName, names);
        }
    }


    @Override
    public void prepare(Map<String, Object> topoConf, TopologyContext context, OutputCollector collector) {
        this.collector = collector;
        // Every stream but the probe side gets an empty hash table, whatever the copy came with.
        joinCriteria.keySet().stream().skip(1).forEach(stream -> hashedInputs.put(stream, new HashMap<>()));
        if (outputFields == null) {
            throw new IllegalArgumentException("Must specify output fields via .select() method.");
        }
    }

    @Override
    public void execute(TupleWindow inputWindow) {
        // Anchored to the joined tuples only: by default a window's emits anchor to all of it.
        hashJoin(inputWindow.get()).getRecords().forEach(this::emit);
    }

    /**
     * On the default stream through the collector's stream-less emit, as Storm does: a collector
     * subclass (a test double, say) may override only that one.
     */
    private void emit(ResultRecord record) {
        if (outputStreamName == null) {
            collector.emit(record.tupleList, record.getOutputFields());
        } else {
            collector.emit(outputStreamName, record.tupleList, record.getOutputFields());
        }
    }

    /**
     * Joins the tuples of one window: the first stream's tuples are the probe records; every other
     * stream's are hashed by join key; then each stream, in the order named, is joined to the
     * records so far.
     */
    protected JoinAccumulator hashJoin(List<Tuple> tuples) {
        JoinAccumulator records = indexWindow(tuples);
        List<Map.Entry<String, JoinInfo>> steps = new ArrayList<>(joinCriteria.entrySet());
        for (int step = 1; step < steps.size(); step++) {
            Map.Entry<String, JoinInfo> next = steps.get(step);
            records = doJoin(records, hashedInputs.get(next.getKey()), next.getValue(), step == steps.size() - 1);
        }
        return records;
    }

    /** Sorts a window's tuples: the probe side's start records; the others go to their stream's hash table. */
    private JoinAccumulator indexWindow(List<Tuple> tuples) {
        hashedInputs.values().forEach(Map::clear);
        String probeSide = joinCriteria.keySet().iterator().next();
        boolean probeOnly = joinCriteria.size() == 1;
        JoinAccumulator start = new JoinAccumulator();
        for (Tuple tuple : tuples) {
            String stream = getStreamSelector(tuple);
            if (probeSide.equals(stream)) {
                start.insert(new ResultRecord(tuple, probeOnly));
                continue;
            }
            Object key = getJoinField(stream, tuple);
            hashedInputs.get(stream).computeIfAbsent(key, k -> new ArrayList<>()).add(tuple);
        }
        return start;
    }

    /** Joins one more stream ({@code buildInput}, hashed by key) to {@code probe}, as its join type says. */
    protected JoinAccumulator doJoin(JoinAccumulator probe, HashMap<Object, ArrayList<Tuple>> buildInput, JoinInfo joinInfo,
                                     boolean finalJoin) {
        switch (joinInfo.getJoinType()) {
            case INNER:
                return doInnerJoin(probe, buildInput, joinInfo, finalJoin);
            case LEFT:
                return doLeftJoin(probe, buildInput, joinInfo, finalJoin);
            default:
                throw new RuntimeException("Unsupported join type : " + joinInfo.getJoinType().name());
        }
    }

    /** Each record joined with each matching tuple; a record without a match is dropped. */
    protected JoinAccumulator doInnerJoin(JoinAccumulator probe, Map<Object, ArrayList<Tuple>> buildInput, JoinInfo joinInfo,
                                          boolean finalJoin) {
        return join(probe, buildInput, joinInfo, finalJoin, false);
    }

    /** Each record joined with each matching tuple; a record without a match is kept as it is. */
    protected JoinAccumulator doLeftJoin(JoinAccumulator probe, Map<Object, ArrayList<Tuple>> buildInput, JoinInfo joinInfo,
                                         boolean finalJoin) {
        return join(probe, buildInput, joinInfo, finalJoin, true);
    }

    private JoinAccumulator join(JoinAccumulator probe, Map<Object, ArrayList<Tuple>> buildInput, JoinInfo joinInfo,
                                 boolean finalJoin, boolean keepUnmatched) {
        JoinAccumulator joined = new JoinAccumulator();
        for (ResultRecord record : probe.records) {
            Object key = record.getField(joinInfo.other);
            if (key == null) {
                continue; // a record without a key joins nothing, not even on the left
            }
            List<Tuple> matches = buildInput.get(key);
            if (matches == null) {
                matches = List.of();
            }
            matches.forEach(match -> joined.insert(new ResultRecord(record, match, finalJoin)));
            if (matches.isEmpty() && keepUnmatched) {
                joined.insert(new ResultRecord(record, null, finalJoin));
            }
        }
        return joined;
    }

    private Object getJoinField(String streamId, Tuple tuple) {
        JoinInfo info = joinCriteria.get(streamId);
        if (info == null) {
            throw new RuntimeException("Join information for '" + streamId + "' not found. Check the join clauses: the"
                    + " tuple came from component '" + tuple.getSourceComponent() + "' stream '"
                    + tuple.getSourceStreamId() + "', which this JoinBolt (selecting by " + selectorType
                    + ") does not join");
        }
        return lookupField(info.getJoinField(), tuple);
    }

    /** The name a tuple's stream has in the join: its stream id or its source component. */
    private String getStreamSelector(Tuple tuple) {
        switch (selectorType) {
            case STREAM:
                return tuple.getSourceStreamId();
            case SOURCE:
                return tuple.getSourceComponent();
            default:
                throw new RuntimeException(selectorType + " stream selector type not yet supported");
        }
    }

    /** The projection of joined tuples: each field from the first tuple that has it, null where none does. */
    protected ArrayList<Object> doProjection(ArrayList<Tuple> tuples, FieldSelector[] projectionFields) {
        ArrayList<Object> row = new ArrayList<>(projectionFields.length);
        for (FieldSelector field : projectionFields) {
            row.add(firstValue(field, tuples));
        }
        return row;
    }

    /** The field's value in the first of {@code tuples} that has it non-null; null if none does. */
    private Object firstValue(FieldSelector field, List<Tuple> tuples) {
        return tuples.stream().map(tuple -> lookupField(field, tuple)).filter(Objects::nonNull).findFirst().orElse(null);
    }

    /**
     * A field of a tuple (a nested one for {@code "a.b"}), or null if the tuple is not of the
     * selector's stream or lacks the field.
     */
    protected Object lookupField(FieldSelector fieldSelector, Tuple tuple) {
        if (fieldSelector.streamName != null && !fieldSelector.streamName.equalsIgnoreCase(getStreamSelector(tuple))) {
            return null;
        }
        String[] path = fieldSelector.field;
        if (!tuple.contains(path[0])) {
            return null;
        }
        Object current = tuple.getValueByField(path[0]);
        for (int i = 1; i < path.length; i++) {
            if (!(current instanceof Map)) {
                return null;
            }
            current = ((Map<?, ?>) current).get(path[i]);
            if (current == null) {
                return null;
            }
        }
        return current;
    }

    // The builder methods, returning a JoinBolt so that calls chain without casts.

    @Override
    public JoinBolt withWindow(Count windowLength, Count slidingInterval) {
        return (JoinBolt) super.withWindow(windowLength, slidingInterval);
    }

    @Override
    public JoinBolt withWindow(Count windowLength, Duration slidingInterval) {
        return (JoinBolt) super.withWindow(windowLength, slidingInterval);
    }

    @Override
    public JoinBolt withWindow(Duration windowLength, Count slidingInterval) {
        return (JoinBolt) super.withWindow(windowLength, slidingInterval);
    }

    @Override
    public JoinBolt withWindow(Duration windowLength, Duration slidingInterval) {
        return (JoinBolt) super.withWindow(windowLength, slidingInterval);
    }

    @Override
    public JoinBolt withWindow(Count windowLength) {
        return (JoinBolt) super.withWindow(windowLength);
    }

    @Override
    public JoinBolt withWindow(Duration windowLength) {
        return (JoinBolt) super.withWindow(windowLength);
    }

    @Override
    public JoinBolt withTumblingWindow(Count count) {
        return (JoinBolt) super.withTumblingWindow(count);
    }

    @Override
    public JoinBolt withTumblingWindow(Duration duration) {
        return (JoinBolt) super.withTumblingWindow(duration);
    }

    @Override
    public JoinBolt withTimestampField(String fieldName) {
        return (JoinBolt) super.withTimestampField(fieldName);
    }

    @Override
    public JoinBolt withTimestampExtractor(TimestampExtractor timestampExtractor) {
        return (JoinBolt) super.withTimestampExtractor(timestampExtractor);
    }

    @Override
    public JoinBolt withLateTupleStream(String streamId) {
        return (JoinBolt) super.withLateTupleStream(streamId);
    }

    /** Returns a {@link BaseWindowedBolt}, as in Storm (cast it to chain JoinBolt's methods). */
    @Override
    public BaseWindowedBolt withLag(Duration duration) {
        return super.withLag(duration);
    }

    /** Returns a {@link BaseWindowedBolt}, as in Storm (cast it to chain JoinBolt's methods). */
    @Override
    public BaseWindowedBolt withWatermarkInterval(Duration interval) {
        return super.withWatermarkInterval(interval);
    }

    @Override
    public JoinBolt withMaxEventsInMemory(long maxEventsInMemory) {
        return (JoinBolt) super.withMaxEventsInMemory(maxEventsInMemory);
    }

    /** How streams are told apart: by the stream id of their tuples, or by their source component. */
    public enum Selector {
        STREAM, SOURCE
    }

    protected enum JoinType {
        INNER,
        LEFT,
        RIGHT,
        OUTER
    }

    /** How one stream joins: its join field and, but for the first stream, the stream it matches and the join type. */
    protected static class JoinInfo implements Serializable {
        private static final long serialVersionUID = 1L;
        private final JoinType joinType;
        private final FieldSelector field;
        /** The prior stream and its join field; null for the first stream. */
        private final FieldSelector other;

        public JoinInfo(FieldSelector field) {
            this.joinType = null;
            this.field = field;
            this.other = null;
        }

        public JoinInfo(FieldSelector field, String otherStream, JoinInfo otherStreamJoinInfo, JoinType joinType) {
            this.joinType = joinType;
            this.field = field;
            this.other = new FieldSelector(otherStream, otherStreamJoinInfo.getJoinField().getField());
        }

        public FieldSelector getJoinField() {
            return field;
        }

        public String getOtherStream() {
            return other.getStreamName();
        }

        public String[] getOtherField() {
            return other.getField();
        }

        public JoinType getJoinType() {
            return joinType;
        }
    }

    /** A field named in a join or a select: an optional stream, and a path ({@code a.b}) into the tuple. */
    protected static class FieldSelector implements Serializable {
        private static final long serialVersionUID = 1L;
        /** Null when the descriptor names no stream. */
        String streamName;
        /** The path: "x.y.z" is {x, y, z}. */
        String[] field;
        /** "stream:x.y.z" or "x.y.z", as given. */
        String outputName;

        /** From {@code "stream:x.y.z"} or {@code "x.y.z"}. */
        public FieldSelector(String fieldDescriptor) {
            int colon = fieldDescriptor.indexOf(':');
            if (colon > 0) {
                streamName = fieldDescriptor.substring(0, colon).trim();
                outputName = fieldDescriptor.trim();
                field = fieldDescriptor.substring(colon + 1).split("\\.");
                return;
            }
            streamName = null;
            outputName = colon == 0 ? fieldDescriptor.substring(1).trim() : fieldDescriptor.trim();
            field = outputName.split("\\.");
        }

        /**
         * A field of {@code stream}, given as {@code "x.y.z"}.
         *
         * @throws IllegalArgumentException if {@code fieldDescriptor} names a stream too
         */
        public FieldSelector(String stream, String fieldDescriptor) {
            this(fieldDescriptor);
            if (fieldDescriptor.indexOf(':') >= 0) {
                throw new IllegalArgumentException("Not expecting stream qualifier ':' in '" + fieldDescriptor
                        + "'. Stream name '" + stream + "' is implicit in this context");
            }
            this.streamName = stream;
        }

        public FieldSelector(String stream, String[] field) {
            this(stream, String.join(".", field));
        }

        public String getStreamName() {
            return streamName;
        }

        public String[] getField() {
            return field;
        }

        public String getOutputName() {
            return toString();
        }

        @Override
        public String toString() {
            return outputName;
        }
    }

    /** A partial join result: one tuple per stream joined so far, and, once all are, the output fields. */
    protected class ResultRecord {
        ArrayList<Tuple> tupleList = new ArrayList<>();
        ArrayList<Object> outFields = null;

        /** A record of the first stream's {@code tuple}; projected now if it is the only stream. */
        public ResultRecord(Tuple tuple, boolean generateOutputFields) {
            this(null, tuple, generateOutputFields);
        }

        /** {@code lhs} joined with {@code rhs} (null: none, a left join's unmatched record); projected on the last join. */
        public ResultRecord(ResultRecord lhs, Tuple rhs, boolean generateOutputFields) {
            if (lhs != null) {
                tupleList.addAll(lhs.tupleList);
            }
            if (rhs != null) {
                tupleList.add(rhs);
            }
            if (generateOutputFields) {
                outFields = doProjection(tupleList, outputFields);
            }
        }

        public ArrayList<Object> getOutputFields() {
            return outFields;
        }

        /** The field from the first of the record's tuples that has it; null if none does. */
        public Object getField(FieldSelector fieldSelector) {
            return firstValue(fieldSelector, tupleList);
        }
    }

    /** The records a join step produced. */
    protected class JoinAccumulator {
        private final List<ResultRecord> records = new ArrayList<>();

        public void insert(ResultRecord tuple) {
            records.add(tuple);
        }

        public Collection<ResultRecord> getRecords() {
            return records;
        }
    }
}
