package dev.gale.tuple;

import java.util.List;

/**
 * Read access to the values of a tuple, by position or by field name.
 *
 * <p>Getters throw {@link ClassCastException} when the value has another type, and
 * {@link IllegalArgumentException} for an unknown field name.
 */
public interface ITuple {

    int size();

    boolean contains(String field);

    Fields getFields();

    int fieldIndex(String field);

    List<Object> select(Fields selector);

    Object getValue(int i);

    String getString(int i);

    Integer getInteger(int i);

    Long getLong(int i);

    Boolean getBoolean(int i);

    Short getShort(int i);

    Byte getByte(int i);

    Double getDouble(int i);

    Float getFloat(int i);

    byte[] getBinary(int i);

    Object getValueByField(String field);

    String getStringByField(String field);

    Integer getIntegerByField(String field);

    Long getLongByField(String field);

    Boolean getBooleanByField(String field);

    Short getShortByField(String field);

    Byte getByteByField(String field);

    Double getDoubleByField(String field);

    Float getFloatByField(String field);

    byte[] getBinaryByField(String field);

    /** The values, unmodifiable. */
    List<Object> getValues();
}
