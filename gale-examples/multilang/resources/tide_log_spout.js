'use strict';
// Gale's Node.js source for NodeWordCount: sends the lines of a tide log in turn, one per request,
// each with a message id so the engine tracks it; a failed line is sent again, an acked one
// forgotten. It speaks the multilang protocol through storm.js, from Storm's published
// multilang-javascript artifact.
const { Spout } = require('./storm');

const LINES = [
    'High water at six, low water at noon.',
    'Spring tides bring the sea over the quay.',
    'Neap tides leave the boats on the mud.',
];
// A short wait before each line keeps the demo's pace readable.
const PAUSE_MS = 20;

class TideLogSpout extends Spout {
    constructor() {
        super();
        this.sent = 0;
        this.pending = new Map();
    }

    activate(done) {
        done();
    }

    deactivate(done) {
        done();
    }

    nextTuple(done) {
        setTimeout(() => {
            const id = String(this.sent);
            const line = LINES[this.sent % LINES.length];
            this.sent++;
            this.pending.set(id, line);
            this.emit({ tuple: [line], id: id }, () => {});
            done();
        }, PAUSE_MS);
    }

    ack(id, done) {
        this.pending.delete(String(id));
        done();
    }

    fail(id, done) {
        const line = this.pending.get(String(id));
        if (line !== undefined) {
            this.emit({ tuple: [line], id: String(id) }, () => {});
        }
        done();
    }
}

new TideLogSpout().run();
