package dev.gale.state.kill;

import dev.gale.Config;
import dev.gale.LocalCluster;
import dev.gale.spout.SpoutOutputCollector;
import dev.gale.state.KeyValueState;
import dev.gale.task.OutputCollector;
import dev.gale.task.TopologyContext;
import dev.gale.topology.OutputFieldsDeclarer;
import dev.gale.topology.TopologyBuilder;
import dev.gale.topology.base.BaseRichSpout;
import dev.gale.topology.base.BaseStatefulBolt;
import dev.gale.tuple.Fields;
import dev.gale.tuple.Tuple;
import dev.gale.tuple.Values;
import java.util.ArrayDeque;
import java.util.Map;
import java.util.TreeMap;

/**
 * The main of the child JVMs the kill tests start: a spout of the sequence 0, 1, 2, ... (each
 * tracked, replayed if failed) into one stateful bolt that keeps, per run, how many it counted and
 * their sum, checkpointed every 200 ms with the given provider. Prints "INIT {state}" when the
 * bolt gets its state, and "PREPARE txid count" before each prepare. Runs until killed.
 *
 * <p>Arguments: provider class, provider config (JSON), run number.
 */
public final class CountingProcess {
    static final String INIT = "INIT ";
    static final String PREPARE = "PREPARE ";

    private CountingProcess() {
    }

    /** Emits 0, 1, 2, ... with itself as message id; a failed one is emitted again before new ones. */
    public static final class SequenceSpout extends BaseRichSpout {
        private static final long serialVersionUID = 1L;
        private transient SpoutOutputCollector collector;
        private transient long next;
        private transient ArrayDeque<Long> failed;

        @Override
        public void open(Map<String, Object> conf, TopologyContext context, SpoutOutputCollector collector) {
            this.collector = collector;
            this.failed = new ArrayDeque<>();
        }

        @Override
        public void nextTuple() {
            Long seq = failed.poll();
            if (seq == null) {
                seq = next++;
            }
            collector.emit(new Values(seq), seq);
        }

        @Override
        public void fail(Object msgId) {
            failed.add((Long) msgId);
        }

        @Override
        public void declareOutputFields(OutputFieldsDeclarer declarer) {
            declarer.declare(new Fields("seq"));
        }
    }

    /** Keeps "count-RUN" and "sum-RUN" of the sequence numbers it got. */
    public static final class CountBolt extends BaseStatefulBolt<KeyValueState<String, Long>> {
        private static final long serialVersionUID = 1L;
        private final int run;
        private transient KeyValueState<String, Long> state;
        private transient OutputCollector collector;

        public CountBolt(int run) {
            this.run = run;
        }

        @Override
        public void prepare(Map<String, Object> topoConf, TopologyContext context, OutputCollector collector) {
            this.collector = collector;
        }

        @Override
        public void initState(KeyValueState<String, Long> state) {
            this.state = state;
            Map<String, Long> all = new TreeMap<>();
            state.forEach(e -> all.put(e.getKey(), e.getValue()));
            System.out.println(INIT + all);
            System.out.flush();
        }

        @Override
        public void execute(Tuple input) {
            // Read from the state, not fields: a rollback must take the counts back too.
            state.put("count-" + run, state.get("count-" + run, 0L) + 1);
            state.put("sum-" + run, state.get("sum-" + run, 0L) + input.getLong(0));
            collector.ack(input);
        }

        @Override
        public void prePrepare(long txid) {
            System.out.println(PREPARE + txid + " " + state.get("count-" + run, 0L));
            System.out.flush();
        }
    }

    public static void main(String[] args) throws Exception {
        String provider = args[0];
        String providerConfig = args[1];
        int run = Integer.parseInt(args[2]);
        TopologyBuilder b = new TopologyBuilder();
        b.setSpout("seq", new SequenceSpout());
        b.setBolt("count", new CountBolt(run)).shuffleGrouping("seq");
        Config conf = new Config();
        conf.put(Config.TOPOLOGY_STATE_PROVIDER, provider);
        conf.put(Config.TOPOLOGY_STATE_PROVIDER_CONFIG, providerConfig);
        conf.put(Config.TOPOLOGY_STATE_CHECKPOINT_INTERVAL, 200);
        conf.setMaxSpoutPending(2000);
        LocalCluster cluster = new LocalCluster();
        cluster.submitTopology("counting", conf, b.createTopology());
        Thread.currentThread().join(); // until killed
    }
}
