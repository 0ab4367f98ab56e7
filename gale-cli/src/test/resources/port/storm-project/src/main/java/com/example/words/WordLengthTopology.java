package com.example.words;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.storm.generated.StormTopology;
import org.apache.storm.task.OutputCollector;
import org.apache.storm.task.TopologyContext;
import org.apache.storm.topology.OutputFieldsDeclarer;
import org.apache.storm.topology.TopologyBuilder;
import org.apache.storm.topology.base.BaseRichBolt;
import org.apache.storm.tuple.Fields;
import org.apache.storm.tuple.Tuple;
import org.apache.storm.tuple.Values;

/** Sums word lengths by batches of 100 words, and totals the batches. */
public class WordLengthTopology {
    /** Sums the lengths of each batch of 100 words; anchors the sum to the batch's tuples. */
    public static class LengthSum extends BaseRichBolt {
        private final List<Tuple> batch = new ArrayList<>();
        private OutputCollector collector;

        @Override
        public void prepare(Map<String, Object> conf, TopologyContext context, OutputCollector collector) {
            this.collector = collector;
        }

        @Override
        public void execute(Tuple input) {
            batch.add(input);
            if (batch.size() < 100) {
                return;
            }
            int sum = 0;
            for (Tuple t : batch) {
                sum += t.getStringByField("word").length();
            }
            collector.emit(batch, new Values(sum, batch.size()));
            batch.forEach(collector::ack);
            batch.clear();
        }

        @Override
        public void declareOutputFields(OutputFieldsDeclarer declarer) {
            declarer.declare(new Fields("sum", "count"));
        }
    }

    /** Totals the window sums; prints once every word is counted. */
    public static class Total extends BaseRichBolt {
        private OutputCollector collector;
        private int words;
        private int letters;

        @Override
        public void prepare(Map<String, Object> conf, TopologyContext context, OutputCollector collector) {
            this.collector = collector;
        }

        @Override
        public void execute(Tuple input) {
            letters += input.getIntegerByField("sum");
            words += input.getIntegerByField("count");
            if (words == WordSpout.COUNT) {
                System.out.println("lengths: " + words + " words, " + letters + " letters");
            }
            collector.ack(input);
        }

        @Override
        public void declareOutputFields(OutputFieldsDeclarer declarer) {
        }
    }

    public static StormTopology createTopology() {
        TopologyBuilder builder = new TopologyBuilder();
        builder.setSpout("words", new WordSpout(), 1);
        builder.setBolt("lengths", new LengthSum(), 1)
                .shuffleGrouping("words");
        builder.setBolt("total", new Total(), 1).globalGrouping("lengths");
        return builder.createTopology();
    }
}
