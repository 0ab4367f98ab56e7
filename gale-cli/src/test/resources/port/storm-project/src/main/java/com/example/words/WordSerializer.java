package com.example.words;

import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.Serializer;
import com.esotericsoftware.kryo.io.Input;
import com.esotericsoftware.kryo.io.Output;

/** Storm serializes tuples between workers with Kryo: this project registers its own serializer. */
public class WordSerializer extends Serializer<Word> {
    @Override
    public void write(Kryo kryo, Output output, Word word) {
        output.writeString(word.text);
        output.writeInt(word.index);
    }

    @Override
    public Word read(Kryo kryo, Input input, Class<? extends Word> type) {
        return new Word(input.readString(), input.readInt());
    }
}
