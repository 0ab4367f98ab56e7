package com.example.words;

import org.apache.storm.Config;
import org.apache.storm.StormSubmitter;
import org.apache.storm.topology.TopologyBuilder;
import org.apache.storm.utils.Utils;

/** Words, shouted: submitted as a Storm topology is, from main. */
public class ShoutTopology {
    public static void main(String[] args) throws Exception {
        TopologyBuilder builder = new TopologyBuilder();
        builder.setSpout("words", new WordSpout(), 1);
        builder.setBolt("shout", new ShoutBolt(), 2).shuffleGrouping("words");
        Config conf = new Config();
        conf.setNumWorkers(1);
        conf.registerSerialization(Word.class, WordSerializer.class);
        conf.put(Config.TOPOLOGY_MESSAGE_TIMEOUT_SECS, 30);
        StormSubmitter.submitTopology(args.length > 0 ? args[0] : "shout", conf, builder.createTopology());
        Utils.sleep(10);
    }
}
