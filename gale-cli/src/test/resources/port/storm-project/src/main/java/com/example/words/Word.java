package com.example.words;

import java.io.Serializable;

/** A word and where it came from: the type the Kryo serializer below is registered for. */
public final class Word implements Serializable {
    private static final long serialVersionUID = 1L;
    public final String text;
    public final int index;

    public Word(String text, int index) {
        this.text = text;
        this.index = index;
    }
}
