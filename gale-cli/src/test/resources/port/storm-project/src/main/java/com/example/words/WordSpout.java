package com.example.words;

import java.util.Map;
import org.apache.storm.spout.SpoutOutputCollector;
import org.apache.storm.task.TopologyContext;
import org.apache.storm.topology.OutputFieldsDeclarer;
import org.apache.storm.topology.base.BaseRichSpout;
import org.apache.storm.tuple.Fields;
import org.apache.storm.tuple.Values;

/** Emits {@link #COUNT} words, reliably, then nothing. */
public class WordSpout extends BaseRichSpout {
    public static final int COUNT = 300;
    private static final String[] WORDS = {"storm", "gale", "breeze", "squall", "tempest"};
    private SpoutOutputCollector collector;
    private int next;

    @Override
    public void open(Map<String, Object> conf, TopologyContext context, SpoutOutputCollector collector) {
        this.collector = collector;
    }

    @Override
    public void nextTuple() {
        if (next < COUNT) {
            collector.emit(new Values(WORDS[next % WORDS.length], next), next);
            next++;
        }
    }

    @Override
    public void declareOutputFields(OutputFieldsDeclarer declarer) {
        declarer.declare(new Fields("word", "index"));
    }
}
