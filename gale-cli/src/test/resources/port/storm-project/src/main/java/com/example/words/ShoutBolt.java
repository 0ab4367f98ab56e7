package com.example.words;

import org.apache.storm.shade.org.apache.commons.lang.StringUtils;
import org.apache.storm.topology.BasicOutputCollector;
import org.apache.storm.topology.OutputFieldsDeclarer;
import org.apache.storm.topology.base.BaseBasicBolt;
import org.apache.storm.tuple.Fields;
import org.apache.storm.tuple.Tuple;
import org.apache.storm.tuple.Values;

/** Shouts each word (upper case, reversed, with Storm's shaded commons-lang) and says when the last one passed. */
public class ShoutBolt extends BaseBasicBolt {
    @Override
    public void execute(Tuple input, BasicOutputCollector collector) {
        String shout = StringUtils.reverse(StringUtils.upperCase(input.getStringByField("word")));
        int index = input.getIntegerByField("index");
        if (index == WordSpout.COUNT - 1) {
            System.out.println("shout: word " + index + " is " + shout);
        }
        collector.emit(new Values(shout));
    }

    @Override
    public void declareOutputFields(OutputFieldsDeclarer declarer) {
        declarer.declare(new Fields("shout"));
    }
}
