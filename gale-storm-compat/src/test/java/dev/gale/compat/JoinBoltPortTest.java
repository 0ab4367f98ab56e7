package dev.gale.compat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import dev.gale.Testing;
import dev.gale.bolt.JoinBolt;
import dev.gale.task.OutputCollector;
import dev.gale.testing.MkTupleParam;
import dev.gale.tuple.Tuple;
import dev.gale.windowing.TupleWindow;
import dev.gale.windowing.TupleWindowImpl;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Port of Storm 2.8's storm-client {@code bolt/TestJoinBolt}: inner, left, three-stream and mixed
 * joins, nested keys and stream-qualified projections, each run by hand on one window. Storm's test
 * makes tuples with {@code TupleImpl} over a mock context; the port makes them with
 * {@link Testing#testTuple(List, MkTupleParam)}, which gives them the same component, stream and
 * fields. Same data, same expected result counts.
 */
class JoinBoltPortTest {
    String[] userFields = {"userId", "name", "city"};
    Object[][] users = {
        {1, "roshan", "san jose"},
        {2, "harsha", "santa clara"},
        {3, "siva", "dublin"},
        {4, "hugo", "san mateo"},
        {5, "suresh", "sunnyvale"},
        {6, "guru", "palo alto"},
        {7, "arun", "bengaluru"},
        {8, "satish", "mumbai"},
        {9, "mani", "bengaluru"},
        {10, "priyank", "seattle"}
    };

    String[] orderFields = {"orderId", "userId", "itemId", "price"};

    Object[][] orders = {
        {11, 2, 21, 7},
        {12, 2, 22, 3},
        {13, 3, 23, 4},
        {14, 4, 24, 5},
        {15, 5, 25, 2},
        {16, 6, 26, 7},
        {17, 6, 27, 4},
        {18, 7, 28, 2},
        {19, 8, 29, 9}
    };

    String[] storeFields = {"storeId", "storeName", "city"};
    Object[][] stores = {
        {1, "store1", "san jose"},
        {2, "store2", "santa clara"},
        {3, "store3", "dublin"},
        {4, "store4", "san mateo"},
        {5, "store5", "bengaluru"},
    };

    String[] cityFields = {"cityId", "cityName", "country"};
    Object[][] cities = {
        {1, "san jose", "US"},
        {2, "santa clara", "US"},
        {3, "dublin", "US"},
        {4, "san mateo", "US"},
        {5, "sunnyvale", "US"},
        {6, "palo alto", "US"},
        {7, "bengaluru", "India"},
        {8, "mumbai", "India"},
        {9, "chennai", "India"}
    };

    private static void printResults(MockCollector collector) {
        int counter = 0;
        for (List<Object> rec : collector.actualResults) {
            System.out.println(++counter + ") " + rec);
        }
    }

    @SafeVarargs
    private static TupleWindow makeTupleWindow(ArrayList<Tuple>... streams) {
        ArrayList<Tuple> combined = new ArrayList<>();
        for (ArrayList<Tuple> s : streams) {
            combined.addAll(s);
        }
        return new TupleWindowImpl(combined, null, null);
    }

    private static Tuple tuple(List<Object> values, String streamName, String srcComponentName, String... fieldNames) {
        MkTupleParam param = new MkTupleParam();
        param.setStream(streamName);
        param.setComponent(srcComponentName);
        param.setFields(fieldNames);
        return Testing.testTuple(values, param);
    }

    private static ArrayList<Tuple> makeStream(String streamName, String[] fieldNames, Object[][] data,
                                               String srcComponentName) {
        ArrayList<Tuple> result = new ArrayList<>();
        for (Object[] record : data) {
            result.add(tuple(Arrays.asList(record), streamName, srcComponentName, fieldNames));
        }
        return result;
    }

    private static ArrayList<Tuple> makeNestedEventsStream(String streamName, String[] fieldNames, Object[][] records,
                                                           String srcComponentName) {
        ArrayList<Tuple> result = new ArrayList<>(records.length);
        // each record as a HashMap, keyed by the field names, in the one field "outer"
        for (Object[] record : records) {
            HashMap<String, Object> recordMap = new HashMap<>(fieldNames.length);
            for (int i = 0; i < fieldNames.length; i++) {
                recordMap.put(fieldNames[i], record[i]);
            }
            ArrayList<Object> tupleValues = new ArrayList<>(1);
            tupleValues.add(recordMap);
            result.add(tuple(tupleValues, streamName, srcComponentName, "outer"));
        }
        return result;
    }

    @Test
    void testTrivial() {
        ArrayList<Tuple> orderStream = makeStream("orders", orderFields, orders, "ordersSpout");
        TupleWindow window = makeTupleWindow(orderStream);

        JoinBolt bolt = new JoinBolt(JoinBolt.Selector.STREAM, "orders", orderFields[0])
                .select("orderId,userId,itemId,price");
        MockCollector collector = new MockCollector();
        bolt.prepare(null, null, collector);
        bolt.execute(window);
        printResults(collector);
        assertEquals(orderStream.size(), collector.actualResults.size());
    }

    @Test
    void testNestedKeys() {
        ArrayList<Tuple> userStream = makeNestedEventsStream("users", userFields, users, "usersSpout");
        TupleWindow window = makeTupleWindow(userStream);
        JoinBolt bolt = new JoinBolt(JoinBolt.Selector.STREAM, "users", "outer.userId")
                .select("outer.name, outer.city");
        MockCollector collector = new MockCollector();
        bolt.prepare(null, null, collector);
        bolt.execute(window);
        printResults(collector);
        assertEquals(userStream.size(), collector.actualResults.size());
    }

    @Test
    void testProjection_FieldsWithStreamName() {
        ArrayList<Tuple> userStream = makeStream("users", userFields, users, "usersSpout");
        ArrayList<Tuple> storeStream = makeStream("stores", storeFields, stores, "storesSpout");

        TupleWindow window = makeTupleWindow(storeStream, userStream);

        // join users and stores on city name
        JoinBolt bolt = new JoinBolt(JoinBolt.Selector.STREAM, "users", userFields[2])
                .join("stores", "city", "users")
                .select("userId,name,storeName,users:city,stores:city");

        MockCollector collector = new MockCollector();
        bolt.prepare(null, null, collector);
        bolt.execute(window);
        printResults(collector);
        assertEquals(storeStream.size() + 1, collector.actualResults.size());
        // ensure 5 fields per tuple and no null fields
        for (List<Object> tuple : collector.actualResults) {
            assertEquals(5, tuple.size());
            for (Object o : tuple) {
                assertNotNull(o);
            }
        }
    }

    @Test
    void testInnerJoin() {
        ArrayList<Tuple> userStream = makeStream("users", userFields, users, "usersSpout");
        ArrayList<Tuple> orderStream = makeStream("orders", orderFields, orders, "ordersSpout");
        TupleWindow window = makeTupleWindow(orderStream, userStream);

        JoinBolt bolt = new JoinBolt(JoinBolt.Selector.STREAM, "users", userFields[0])
                .join("orders", "userId", "users")
                .select("userId,name,price");

        MockCollector collector = new MockCollector();
        bolt.prepare(null, null, collector);
        bolt.execute(window);
        printResults(collector);
        assertEquals(orders.length, collector.actualResults.size());
    }

    @Test
    void testLeftJoin() {
        ArrayList<Tuple> userStream = makeStream("users", userFields, users, "usersSpout");
        ArrayList<Tuple> orderStream = makeStream("orders", orderFields, orders, "ordersSpout");
        TupleWindow window = makeTupleWindow(orderStream, userStream);

        JoinBolt bolt = new JoinBolt(JoinBolt.Selector.STREAM, "users", userFields[0])
                .leftJoin("orders", "userId", "users")
                .select("userId,name,price");

        MockCollector collector = new MockCollector();
        bolt.prepare(null, null, collector);
        bolt.execute(window);
        printResults(collector);
        assertEquals(12, collector.actualResults.size());
    }

    @Test
    void testThreeStreamInnerJoin() {
        ArrayList<Tuple> userStream = makeStream("users", userFields, users, "usersSpout");
        ArrayList<Tuple> storesStream = makeStream("stores", storeFields, stores, "storesSpout");
        ArrayList<Tuple> cityStream = makeStream("cities", cityFields, cities, "citiesSpout");

        TupleWindow window = makeTupleWindow(userStream, storesStream, cityStream);

        JoinBolt bolt = new JoinBolt(JoinBolt.Selector.STREAM, "users", userFields[2])
                .join("stores", "city", "users")
                .join("cities", "cityName", "stores")
                .select("name,storeName,city,country");

        MockCollector collector = new MockCollector();
        bolt.prepare(null, null, collector);
        bolt.execute(window);
        printResults(collector);
        assertEquals(6, collector.actualResults.size());
    }

    @Test
    void testThreeStreamLeftJoin_1() {
        ArrayList<Tuple> userStream = makeStream("users", userFields, users, "usersSpout");
        ArrayList<Tuple> storesStream = makeStream("stores", storeFields, stores, "storesSpout");
        ArrayList<Tuple> cityStream = makeStream("cities", cityFields, cities, "citiesSpout");

        TupleWindow window = makeTupleWindow(userStream, cityStream, storesStream);

        JoinBolt bolt = new JoinBolt(JoinBolt.Selector.STREAM, "users", userFields[2])
                .leftJoin("stores", "city", "users")
                .leftJoin("cities", "cityName", "users")
                .select("name,storeName,city,country");

        MockCollector collector = new MockCollector();
        bolt.prepare(null, null, collector);
        bolt.execute(window);
        printResults(collector);
        assertEquals(users.length, collector.actualResults.size());
    }

    @Test
    void testThreeStreamLeftJoin_2() {
        ArrayList<Tuple> userStream = makeStream("users", userFields, users, "usersSpout");
        ArrayList<Tuple> storesStream = makeStream("stores", storeFields, stores, "storesSpout");
        ArrayList<Tuple> cityStream = makeStream("cities", cityFields, cities, "citiesSpout");

        TupleWindow window = makeTupleWindow(userStream, cityStream, storesStream);

        JoinBolt bolt = new JoinBolt(JoinBolt.Selector.STREAM, "users", "city")
                .leftJoin("stores", "city", "users")
                .leftJoin("cities", "cityName", "stores") // join against diff stream compared to testThreeStreamLeftJoin_1
                .select("name,storeName,city,country");

        MockCollector collector = new MockCollector();
        bolt.prepare(null, null, collector);
        bolt.execute(window);
        printResults(collector);
        assertEquals(stores.length + 1, collector.actualResults.size()); // stores.length+1 as 2 users in Bengaluru
    }

    @Test
    void testThreeStreamMixedJoin() {
        ArrayList<Tuple> userStream = makeStream("users", userFields, users, "usersSpout");
        ArrayList<Tuple> storesStream = makeStream("stores", storeFields, stores, "storesSpout");
        ArrayList<Tuple> cityStream = makeStream("cities", cityFields, cities, "citiesSpout");

        TupleWindow window = makeTupleWindow(userStream, cityStream, storesStream);

        JoinBolt bolt = new JoinBolt(JoinBolt.Selector.STREAM, "users", userFields[2])
                .join("stores", "city", "users")
                .leftJoin("cities", "cityName", "users")
                .select("name,storeName,city,country");

        MockCollector collector = new MockCollector();
        bolt.prepare(null, null, collector);
        bolt.execute(window);
        printResults(collector);
        assertEquals(stores.length + 1, collector.actualResults.size()); // stores.length+1 as 2 users in Bengaluru
    }

    /** Records what is emitted (Storm's test overrides the same method). */
    static class MockCollector extends OutputCollector {
        public ArrayList<List<Object>> actualResults = new ArrayList<>();

        MockCollector() {
            super(null);
        }

        @Override
        public List<Integer> emit(Collection<Tuple> anchors, List<Object> tuple) {
            actualResults.add(tuple);
            return null;
        }
    }
}
