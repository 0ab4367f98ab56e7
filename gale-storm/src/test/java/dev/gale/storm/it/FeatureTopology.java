package dev.gale.storm.it;

import com.codahale.metrics.Counter;
import dev.gale.Config;
import dev.gale.generated.GlobalStreamId;
import dev.gale.generated.StormTopology;
import dev.gale.grouping.CustomStreamGrouping;
import dev.gale.hooks.BaseTaskHook;
import dev.gale.hooks.IWorkerHook;
import dev.gale.hooks.info.BoltExecuteInfo;
import dev.gale.spout.SpoutOutputCollector;
import dev.gale.task.OutputCollector;
import dev.gale.task.TopologyContext;
import dev.gale.task.WorkerTopologyContext;
import dev.gale.task.WorkerUserContext;
import dev.gale.topology.BasicOutputCollector;
import dev.gale.topology.OutputFieldsDeclarer;
import dev.gale.topology.TopologyBuilder;
import dev.gale.topology.base.BaseBasicBolt;
import dev.gale.topology.base.BaseRichBolt;
import dev.gale.topology.base.BaseRichSpout;
import dev.gale.topology.base.BaseWindowedBolt;
import dev.gale.tuple.Fields;
import dev.gale.tuple.Tuple;
import dev.gale.tuple.Values;
import dev.gale.utils.TupleUtils;
import dev.gale.windowing.TupleWindow;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * One topology that uses, at once, what the adapter translates: every grouping (shuffle, fields,
 * all, global, none, local-or-shuffle, custom, partial-key, direct), a basic bolt, tick tuples, a
 * count window, a task hook from {@code topology.auto.task.hooks}, a worker hook publishing a
 * resource, a configuration value's Java type, a metrics-v2 counter. Every component writes what
 * it sees to the ledger.
 */
public final class FeatureTopology {
    static final int N = 100;
    static final String LEDGER = "it.ledger";
    static final String INT_SETTING = "it.int";
    static final String OBJECT_SETTING = "it.object";

    private FeatureTopology() {
    }

    public static Config conf(Ledger ledger) {
        Config conf = new Config();
        conf.put(LEDGER, ledger.dir());
        conf.put(INT_SETTING, 7);
        conf.put(OBJECT_SETTING, Duration.ofSeconds(7)); // JSON cannot carry it
        conf.put(Config.TOPOLOGY_AUTO_TASK_HOOKS, List.of(ExecuteCountingHook.class.getName()));
        return conf;
    }

    public static StormTopology build(Ledger ledger) {
        TopologyBuilder b = new TopologyBuilder();
        b.setSpout("numbers", new NumberSpout(ledger));
        b.setBolt("shuffle", new Recorder(ledger), 2).shuffleGrouping("numbers");
        b.setBolt("fields", new Recorder(ledger), 2).fieldsGrouping("numbers", "keyed", new Fields("k"));
        b.setBolt("all", new Recorder(ledger), 2).allGrouping("numbers");
        b.setBolt("global", new Recorder(ledger), 2).globalGrouping("numbers");
        b.setBolt("none", new Recorder(ledger), 2).noneGrouping("numbers");
        b.setBolt("local", new Recorder(ledger), 2).localOrShuffleGrouping("numbers");
        b.setBolt("custom", new Recorder(ledger), 3).customGrouping("numbers", new EvenOddGrouping());
        b.setBolt("partial", new Recorder(ledger), 3).partialKeyGrouping("numbers", "keyed", new Fields("k"));
        b.setBolt("router", new Router()).shuffleGrouping("numbers");
        b.setBolt("direct", new Recorder(ledger), 2).directGrouping("router", "direct");
        b.setBolt("ticker", new Recorder(ledger)).shuffleGrouping("numbers")
                .addConfiguration(Config.TOPOLOGY_TICK_TUPLE_FREQ_SECS, 1);
        b.setBolt("window", new SumWindow().withTumblingWindow(BaseWindowedBolt.Count.of(5))).shuffleGrouping("numbers", "win");
        b.setBolt("winsink", new Recorder(ledger)).shuffleGrouping("window");
        b.addWorkerHook(new GreetingHook());
        return b.createTopology();
    }

    /** Emits n = 0..N-1 on "default" (message id n), on "keyed" (message id "k" + n) and, untracked, on "win". */
    static final class NumberSpout extends BaseRichSpout {
        private static final long serialVersionUID = 1L;
        private final Ledger ledger;
        private transient SpoutOutputCollector collector;
        private transient Ledger.Writer out;
        private transient int next;

        NumberSpout(Ledger ledger) {
            this.ledger = ledger;
        }

        @Override
        public void open(Map<String, Object> conf, TopologyContext context, SpoutOutputCollector collector) {
            this.collector = collector;
            this.out = ledger.writer(context.getThisComponentId(), context.getThisTaskId());
        }

        @Override
        public void nextTuple() {
            if (next < N) {
                int n = next++;
                collector.emit(new Values(n), n);
                collector.emit("keyed", new Values("key" + (n % 7), n), "k" + n);
                collector.emit("win", new Values(n));
            }
        }

        @Override
        public void ack(Object msgId) {
            out.line("A", msgId);
        }

        @Override
        public void fail(Object msgId) {
            out.line("F", msgId);
        }

        @Override
        public void declareOutputFields(OutputFieldsDeclarer declarer) {
            declarer.declare(new Fields("n"));
            declarer.declareStream("keyed", new Fields("k", "n"));
            declarer.declareStream("win", new Fields("n"));
        }
    }

    /**
     * Writes "P pid type-of-it.int greeting type-of-it.object" when prepared, "T stream values..." per tuple and "TICK"
     * per tick tuple; counts tuples in a metrics-v2 counter.
     */
    static final class Recorder extends BaseRichBolt {
        private static final long serialVersionUID = 1L;
        private final Ledger ledger;
        private transient OutputCollector collector;
        private transient Ledger.Writer out;
        private transient Counter seen;

        Recorder(Ledger ledger) {
            this.ledger = ledger;
        }

        @Override
        public void prepare(Map<String, Object> conf, TopologyContext context, OutputCollector collector) {
            this.collector = collector;
            this.out = ledger.writer(context.getThisComponentId(), context.getThisTaskId());
            out.line("P", ProcessHandle.current().pid(), typeOf(conf.get(INT_SETTING)),
                    String.valueOf(context.getResource(GreetingHook.RESOURCE)).replace(' ', '_'),
                    typeOf(conf.get(OBJECT_SETTING)));
            this.seen = context.registerCounter("seen");
        }

        private static String typeOf(Object o) {
            return o == null ? "null" : o.getClass().getSimpleName();
        }

        @Override
        public void execute(Tuple input) {
            if (TupleUtils.isTick(input)) {
                out.line("TICK");
            } else {
                Object[] words = new Object[input.size() + 2];
                words[0] = "T";
                words[1] = input.getSourceStreamId();
                for (int i = 0; i < input.size(); i++) {
                    words[i + 2] = input.getValue(i);
                }
                out.line(words);
                seen.inc();
            }
            collector.ack(input);
        }

        @Override
        public void declareOutputFields(OutputFieldsDeclarer declarer) {
        }
    }

    /** Sends n to the "direct" bolt's task n % 2, directly. */
    static final class Router extends BaseBasicBolt {
        private static final long serialVersionUID = 1L;
        private transient List<Integer> targets;

        @Override
        public void prepare(Map<String, Object> conf, TopologyContext context) {
            targets = context.getComponentTasks("direct");
        }

        @Override
        public void execute(Tuple input, BasicOutputCollector collector) {
            int n = input.getInteger(0);
            collector.emitDirect(targets.get(n % targets.size()), "direct", new Values(n));
        }

        @Override
        public void declareOutputFields(OutputFieldsDeclarer declarer) {
            declarer.declareStream("direct", true, new Fields("n"));
        }
    }

    /** Even numbers to the first target task, odd ones to the last. */
    static final class EvenOddGrouping implements CustomStreamGrouping {
        private static final long serialVersionUID = 1L;
        private List<Integer> targets;

        @Override
        public void prepare(WorkerTopologyContext context, GlobalStreamId stream, List<Integer> targetTasks) {
            targets = List.copyOf(targetTasks);
        }

        @Override
        public List<Integer> chooseTasks(int taskId, List<Object> values) {
            int n = ((Number) values.get(0)).intValue();
            return List.of(n % 2 == 0 ? targets.get(0) : targets.get(targets.size() - 1));
        }
    }

    /** Emits (size, sum) of each tumbling window of numbers. */
    static final class SumWindow extends BaseWindowedBolt {
        private static final long serialVersionUID = 1L;
        private transient OutputCollector collector;

        @Override
        public void prepare(Map<String, Object> conf, TopologyContext context, OutputCollector collector) {
            this.collector = collector;
        }

        @Override
        public void execute(TupleWindow window) {
            long sum = 0;
            for (Tuple t : window.get()) {
                sum += t.getInteger(0);
            }
            collector.emit(new Values(window.get().size(), sum));
        }

        @Override
        public void declareOutputFields(OutputFieldsDeclarer declarer) {
            declarer.declare(new Fields("size", "sum"));
        }
    }

    /** Publishes a resource every task reads. */
    static final class GreetingHook implements IWorkerHook {
        private static final long serialVersionUID = 1L;
        static final String RESOURCE = "greeting";

        @Override
        public void start(Map<String, Object> topoConf, WorkerUserContext context) {
            context.setResource(RESOURCE, "hello from the worker hook");
        }

        @Override
        public void shutdown() {
        }
    }

    /** A task hook named in topology.auto.task.hooks: writes "X" for every tuple its bolt executes. */
    public static final class ExecuteCountingHook extends BaseTaskHook {
        private Ledger.Writer out;

        @Override
        public void prepare(Map<String, Object> conf, TopologyContext context) {
            Ledger ledger = new Ledger(Path.of((String) conf.get(LEDGER)));
            out = ledger.writer("hook_" + context.getThisComponentId(), context.getThisTaskId());
        }

        @Override
        public void boltExecute(BoltExecuteInfo info) {
            if (!TupleUtils.isTick(info.tuple)) {
                out.line("X", info.tuple.getSourceStreamId());
            }
        }
    }
}
