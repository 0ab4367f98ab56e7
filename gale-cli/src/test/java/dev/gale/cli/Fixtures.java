package dev.gale.cli;

import dev.gale.Config;
import dev.gale.StormSubmitter;
import dev.gale.generated.StormTopology;
import dev.gale.spout.SpoutOutputCollector;
import dev.gale.task.TopologyContext;
import dev.gale.topology.BasicOutputCollector;
import dev.gale.topology.OutputFieldsDeclarer;
import dev.gale.topology.TopologyBuilder;
import dev.gale.topology.base.BaseBasicBolt;
import dev.gale.topology.base.BaseRichSpout;
import dev.gale.tuple.Fields;
import dev.gale.tuple.Tuple;
import dev.gale.tuple.Values;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

/** Classes for 'gale run' to find by name. */
final class Fixtures {
    private Fixtures() {
    }

    /** Emits ten numbers with message ids, then nothing. */
    public static class TenNumbers extends BaseRichSpout {
        private static final long serialVersionUID = 1L;
        private transient SpoutOutputCollector collector;
        private transient int next;

        @Override
        public void open(Map<String, Object> conf, TopologyContext context, SpoutOutputCollector collector) {
            this.collector = collector;
        }

        @Override
        public void nextTuple() {
            if (next < 10) {
                collector.emit(new Values(next), next);
                next++;
            }
        }

        @Override
        public void declareOutputFields(OutputFieldsDeclarer declarer) {
            declarer.declare(new Fields("n"));
        }
    }

    /** Acks everything. */
    public static class Drop extends BaseBasicBolt {
        private static final long serialVersionUID = 1L;

        @Override
        public void execute(Tuple input, BasicOutputCollector collector) {
        }

        @Override
        public void declareOutputFields(OutputFieldsDeclarer declarer) {
        }
    }

    /** A topology class of the createTopology(Map) kind; records the configuration it got. */
    public static class WithFactory {
        static final List<Map<String, Object>> CONFS = new CopyOnWriteArrayList<>();

        public static StormTopology createTopology(Map<String, Object> conf) {
            CONFS.add(Map.copyOf(conf));
            TopologyBuilder b = new TopologyBuilder();
            b.setSpout("numbers", new TenNumbers());
            b.setBolt("drop", new Drop()).shuffleGrouping("numbers");
            return b.createTopology();
        }
    }

    /** Acks everything, but throws OutOfMemoryError on the number 3. */
    public static class OomOnThree extends BaseBasicBolt {
        private static final long serialVersionUID = 1L;

        @Override
        public void execute(Tuple input, BasicOutputCollector collector) {
            if (input.getInteger(0) == 3) {
                throw new OutOfMemoryError("Java heap space (thrown by the test)");
            }
        }

        @Override
        public void declareOutputFields(OutputFieldsDeclarer declarer) {
        }
    }

    /** A topology whose bolt throws OutOfMemoryError on its fourth tuple. */
    public static class WithOom {
        public static StormTopology createTopology() {
            TopologyBuilder b = new TopologyBuilder();
            b.setSpout("numbers", new TenNumbers());
            b.setBolt("oom", new OomOnThree()).shuffleGrouping("numbers");
            return b.createTopology();
        }
    }

    /** Emits numbers with message ids for as long as it runs. */
    public static class EndlessNumbers extends BaseRichSpout {
        private static final long serialVersionUID = 1L;
        private transient SpoutOutputCollector collector;
        private transient long next;

        @Override
        public void open(Map<String, Object> conf, TopologyContext context, SpoutOutputCollector collector) {
            this.collector = collector;
        }

        @Override
        public void nextTuple() {
            collector.emit(new Values((int) (next % 1000)), next++);
        }

        @Override
        public void declareOutputFields(OutputFieldsDeclarer declarer) {
            declarer.declare(new Fields("n"));
        }
    }

    /** A topology that runs until stopped, acking everything. */
    public static class Endless {
        public static StormTopology createTopology() {
            TopologyBuilder b = new TopologyBuilder();
            b.setSpout("numbers", new EndlessNumbers());
            b.setBolt("drop", new Drop(), 2).shuffleGrouping("numbers");
            return b.createTopology();
        }
    }

    /** Throws on every tuple. */
    public static class Thrower extends BaseBasicBolt {
        private static final long serialVersionUID = 1L;

        @Override
        public void execute(Tuple input, BasicOutputCollector collector) {
            throw new IllegalStateException("cannot take " + input.getValue(0));
        }

        @Override
        public void declareOutputFields(OutputFieldsDeclarer declarer) {
        }
    }

    /** Ten numbers into a bolt that throws on each. */
    public static class WithThrowingBolt {
        public static StormTopology createTopology() {
            TopologyBuilder b = new TopologyBuilder();
            b.setSpout("numbers", new TenNumbers());
            b.setBolt("thrower", new Thrower()).shuffleGrouping("numbers");
            return b.createTopology();
        }
    }

    /** A class of the main(String[]) kind; records its arguments. */
    public static class WithMain {
        static final List<List<String>> ARGS = new CopyOnWriteArrayList<>();

        public static void main(String[] args) {
            ARGS.add(List.of(args));
        }
    }

    /** A main as Storm users write one: it submits with StormSubmitter under the name "test" and returns. */
    public static class SubmittingMain {
        public static void main(String[] args) throws Exception {
            TopologyBuilder b = new TopologyBuilder();
            b.setSpout("numbers", new EndlessNumbers());
            b.setBolt("drop", new Drop(), 2).shuffleGrouping("numbers");
            StormSubmitter.submitTopology("test", new Config(), b.createTopology());
        }
    }

    /** A class whose main throws. */
    public static class ThrowingMain {
        public static void main(String[] args) {
            throw new IllegalStateException("no input file given");
        }
    }

    /** Neither kind. */
    public static class Neither {
    }
}
